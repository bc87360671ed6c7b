/* SPDX-License-Identifier: BSD-2-Clause */
/*!
 * @file issue.h
 * @brief Guest side: issues a planned flush (planner.h) through the hypercall
 *        wrappers (hypercall.h), with rep continuation.
 *
 * The one header that joins planning and calling: include it (after whatever
 * configures the wrappers, #HVTLFS_HYPERCALL_METHOD and friends) where the flush is
 * made; a file that only plans includes planner.h and sees no assembly.
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
 *        nothing; define it before including this header.
 * @param nvps number of VPs targeted (uint32_t); for an all-VP flush the
 *        hypervisor's maximum, hvtlfs_features::max_vps (CPUID 0x40000005 EAX,
 *        0 when unreported), since the planner does not know how many VPs the
 *        partition has.
 * @param address_space the CR3 value (uint64_t; 0 for all address spaces).
 * @param start first byte flushed (uint64_t; 0 for a whole-space flush).
 * @param last last byte flushed (uint64_t; #HVTLFS_PLAN_LAST_ALL for a
 *        whole-space flush).
 */
#define HVTLFS_FLUSH_TRACE(nvps, address_space, start, last) ((void)0)
#endif

HVTLFS_BEGIN_DECLS

/*!
 * @brief Issues a planned flush through the wrappers, with rep continuation,
 *        after running #HVTLFS_FLUSH_TRACE.
 *
 * Inline: it is compiled with the caller's hypercall method, page and hooks. The
 * slow and the XMM form go through the wrappers' one continuation loop, as
 * hvtlfs_hypercall_rep() does.
 * @param plan a plan from hvtlfs_flush_plan_build().
 * @param input_gpa guest physical address of the page the plan was written to
 *        (slow form).
 * @param[out] result receives the last result word (may be NULL).
 * @return #HVTLFS_OK when the flush is done. Any other value means the TLBs
 *         were not (all) flushed and the caller must fall back (e.g. flush by
 *         IPIs): #HVTLFS_ERR_NULL; #HVTLFS_ERR_INVALID_ARG for an unknown form;
 *         #HVTLFS_ERR_HV_STATUS; #HVTLFS_ERR_NO_HYPERCALL_PAGE;
 *         #HVTLFS_ERR_REP_STALLED, #HVTLFS_ERR_REP_BACKWARDS,
 *         #HVTLFS_ERR_REP_OVERSHOOT for an untrustworthy reps-completed count.
 */
HVTLFS_MUST_CHECK HVTLFS_INLINE int hvtlfs_flush_issue(const struct hvtlfs_flush_plan *plan,
						       uint64_t input_gpa, uint64_t *result)
{
	if (!plan)
		return HVTLFS_ERR_NULL;
	if (plan->form == HVTLFS_FORM_NONE)
		return HVTLFS_OK;
	HVTLFS_FLUSH_TRACE(plan->nvps, plan->address_space, plan->start, plan->last);
	if (plan->form == HVTLFS_FORM_SLOW)
		return hvtlfs_hypercall_run_(plan->control, input_gpa, 0, NULL, 0, result);
#if HVTLFS_ARCH_HAS_XMM_HYPERCALL
	if (plan->form == HVTLFS_FORM_XMM)
		return hvtlfs_hypercall_run_(plan->control, 0, 0, plan->regs, plan->input_size,
					     result);
#endif
	return HVTLFS_ERR_INVALID_ARG;
}

HVTLFS_END_DECLS

/*! @} */

#endif /* HVTLFS_ISSUE_H */
