/* SPDX-License-Identifier: BSD-2-Clause */
/*!
 * @file issue.h
 * @brief Guest side: issues a plan of planner.h (a flush, an IPI, a guest-physical
 *        flush) through the hypercall wrappers (hypercall.h), with rep continuation.
 *
 * The one header that joins planning and calling: include it (after whatever
 * configures the wrappers, #HVTLFS_HYPERCALL_METHOD and friends, and the trace
 * hooks) where the call is made; a file that only plans includes planner.h and sees
 * no assembly.
 */
#ifndef HVTLFS_ISSUE_H
#define HVTLFS_ISSUE_H

#include "hvtlfs/env.h"
#include "hvtlfs/error.h"
#include "hvtlfs/planner.h"
#include "hvtlfs/hypercall.h"

/*!
 * @addtogroup planner
 * @{
 */

#ifndef HVTLFS_FLUSH_TRACE
/*!
 * @brief Per-planned-flush trace hook, run by hvtlfs_flush_issue() before the
 *        call (where Linux's hyperv_mmu_flush_tlb_multi tracepoint sits). Defaults to
 *        nothing, and then its arguments are never computed; define it before
 *        including this header.
 * @param nvps number of VPs targeted (uint32_t, hvtlfs_flush_plan_nvps()); for an
 *        all-VP flush the hypervisor's maximum, hvtlfs_features::max_vps (CPUID
 *        0x40000005 EAX, 0 when unreported), since the planner does not know how
 *        many VPs the partition has.
 * @param address_space the CR3 value (uint64_t; 0 for all address spaces).
 * @param start first byte flushed (uint64_t; 0 for a whole-space flush).
 * @param last last byte flushed (uint64_t; #HVTLFS_PLAN_LAST_ALL for a
 *        whole-space flush).
 */
#define HVTLFS_FLUSH_TRACE(nvps, address_space, start, last) ((void)0)
#endif

#ifndef HVTLFS_IPI_TRACE
/*!
 * @brief Per-planned-IPI trace hook, run by hvtlfs_ipi_issue() before the call
 *        (where Linux's hyperv_send_ipi_mask tracepoint sits). Defaults to nothing.
 * @param vector the vector (uint32_t).
 * @param control the control word (uint64_t): which call, how many bank words.
 */
#define HVTLFS_IPI_TRACE(vector, control) ((void)0)
#endif

#ifndef HVTLFS_GPA_FLUSH_TRACE
/*!
 * @brief Per-planned-guest-physical-flush trace hook, run by
 *        hvtlfs_gpa_flush_issue() before the call. Defaults to nothing.
 * @param address_space the EPT PML4 table pointer (uint64_t).
 * @param entries HV_GPA_PAGE_RANGE entries (uint32_t; 0 for the whole space).
 */
#define HVTLFS_GPA_FLUSH_TRACE(address_space, entries) ((void)0)
#endif

HVTLFS_BEGIN_DECLS

/*! @cond HVTLFS_INTERNAL */
/*
 * Public only because the inline issue functions below need it: one planned call
 * through the wrappers' one continuation loop. @form says where the input is: the page
 * (its GPA), @regs[0] and @regs[1] (RDX and R8), or the XMM image of @size bytes.
 */
HVTLFS_MUST_CHECK HVTLFS_ALWAYS_INLINE int hvtlfs_plan_issue_(uint64_t control, uint32_t form,
							      const struct hvtlfs_input_page *page,
							      const uint64_t *regs, uint32_t size,
							      uint64_t *result)
{
	if (form == HVTLFS_FORM_SLOW)
		return page != NULL ? hvtlfs_hypercall_run_(control, page->gpa, 0, NULL, 0, result)
				    : HVTLFS_ERR_NULL;
	if (form == HVTLFS_FORM_FAST)
		return hvtlfs_hypercall_run_(control, regs[0], regs[1], NULL, 0, result);
	if (form == HVTLFS_FORM_XMM)
		return hvtlfs_hypercall_run_(control, 0, 0, regs, size, result);
	return HVTLFS_ERR_INVALID_ARG;
}
/*! @endcond */

/*!
 * @brief Issues a planned flush through the wrappers, with rep continuation,
 *        after running #HVTLFS_FLUSH_TRACE.
 *
 * Inline: it is compiled with the caller's hypercall method, page and hooks. The
 * slow and the XMM form go through the wrappers' one continuation loop, as
 * hvtlfs_hypercall_rep() does; the XMM form between #HVTLFS_XMM_BEGIN and
 * #HVTLFS_XMM_END.
 * @param plan a plan from hvtlfs_flush_plan_build(); the slow form's input is at the
 *        GPA of its input page.
 * @param[out] result receives the last result word (may be NULL).
 * @return #HVTLFS_OK when the flush is done (or there was nothing to flush). Any
 *         other value means the TLBs were not (all) flushed and the caller must fall
 *         back (e.g. flush by IPIs): #HVTLFS_ERR_NULL; #HVTLFS_ERR_INVALID_ARG for an
 *         unknown form; #HVTLFS_ERR_XMM_DISABLED for an XMM plan where the XMM
 *         forms are compiled out (#HVTLFS_HYPERCALL_XMM differs from the planning
 *         translation unit's); #HVTLFS_ERR_HV_STATUS; #HVTLFS_ERR_NO_HYPERCALL_PAGE;
 *         #HVTLFS_ERR_REP_STALLED, #HVTLFS_ERR_REP_BACKWARDS,
 *         #HVTLFS_ERR_REP_OVERSHOOT for an untrustworthy reps-completed count.
 */
HVTLFS_MUST_CHECK HVTLFS_INLINE int hvtlfs_flush_issue(const struct hvtlfs_flush_plan *plan,
						       uint64_t *result)
{
	if (plan == NULL)
		return HVTLFS_ERR_NULL;
	if (plan->form == HVTLFS_FORM_NONE)
		return HVTLFS_OK;
	HVTLFS_FLUSH_TRACE(hvtlfs_flush_plan_nvps(plan), plan->address_space, plan->start,
			   plan->last);
	return hvtlfs_plan_issue_(plan->control, plan->form, plan->page, plan->regs,
				  plan->input_size, result);
}

/*!
 * @brief Issues a planned IPI through the wrappers, after running #HVTLFS_IPI_TRACE.
 *
 * Inline, like hvtlfs_flush_issue(): the fast legacy call is one hypercall with the
 * vector in RDX and the mask in R8, nothing else on the way.
 * @param plan a plan from hvtlfs_ipi_plan_build().
 * @param[out] result receives the result word (may be NULL).
 * @return #HVTLFS_OK when the IPI was sent (or there was nobody to send it to); else
 *         the caller falls back to the APIC: #HVTLFS_ERR_NULL; #HVTLFS_ERR_INVALID_ARG
 *         for an unknown form; #HVTLFS_ERR_XMM_DISABLED; #HVTLFS_ERR_HV_STATUS;
 *         #HVTLFS_ERR_NO_HYPERCALL_PAGE.
 */
HVTLFS_MUST_CHECK HVTLFS_INLINE int hvtlfs_ipi_issue(const struct hvtlfs_ipi_plan *plan,
						     uint64_t *result)
{
	if (plan == NULL)
		return HVTLFS_ERR_NULL;
	if (plan->form == HVTLFS_FORM_NONE)
		return HVTLFS_OK;
	HVTLFS_IPI_TRACE(plan->vector, plan->control);
	return hvtlfs_plan_issue_(plan->control, plan->form, plan->page, plan->regs,
				  plan->input_size, result);
}

/*!
 * @brief Issues a planned guest-physical flush through the wrappers, with rep
 *        continuation, after running #HVTLFS_GPA_FLUSH_TRACE.
 * @param plan a plan from hvtlfs_gpa_flush_plan_build().
 * @param[out] result receives the last result word (may be NULL).
 * @return #HVTLFS_OK when the flush is done; else the translations were not (all)
 *         flushed: #HVTLFS_ERR_NULL; #HVTLFS_ERR_INVALID_ARG for an unknown form or a
 *         plan that plans nothing; #HVTLFS_ERR_XMM_DISABLED; #HVTLFS_ERR_HV_STATUS;
 *         #HVTLFS_ERR_NO_HYPERCALL_PAGE; #HVTLFS_ERR_REP_STALLED,
 *         #HVTLFS_ERR_REP_BACKWARDS, #HVTLFS_ERR_REP_OVERSHOOT.
 */
HVTLFS_MUST_CHECK HVTLFS_INLINE int hvtlfs_gpa_flush_issue(const struct hvtlfs_gpa_flush_plan *plan,
							   uint64_t *result)
{
	if (plan == NULL)
		return HVTLFS_ERR_NULL;
	HVTLFS_GPA_FLUSH_TRACE(plan->address_space, plan->entries);
	return hvtlfs_plan_issue_(plan->control, plan->form, plan->page, plan->regs,
				  plan->input_size, result);
}

HVTLFS_END_DECLS

/*! @} */

#endif /* HVTLFS_ISSUE_H */
