/* SPDX-License-Identifier: BSD-2-Clause */
/*!
 * @file planner.h
 * @brief Guest side: plans a remote TLB flush (which hypercall, which form,
 *        which input) from what must be flushed and the partition's features,
 *        then issues it through the wrappers with rep continuation.
 */
#ifndef HVTLFS_PLANNER_H
#define HVTLFS_PLANNER_H

#include "hvtlfs/env.h"
#include "hvtlfs/error.h"
#include "hvtlfs/control.h"
#include "hvtlfs/features.h"
#include "hvtlfs/ranges.h"
#include "hvtlfs/hypercall.h"

/*!
 * @defgroup planner Flush planner
 * @brief Chooses and issues the one hypercall that flushes what a guest asks.
 *
 * Choices, in order (see the guide docs/flush.md):
 * - no hypercall when the hypervisor does not recommend remote flushes by
 *   hypercall (#HVTLFS_ERR_FALLBACK: flush by IPIs);
 * - all VPs: a legacy call with ALL_PROCESSORS; every VP below 64: a legacy
 *   call with a processor mask; otherwise (or with #HVTLFS_PLAN_PREFER_EX) an
 *   Ex call with an HV_VP_SET, which needs the Ex hint (else
 *   #HVTLFS_ERR_FALLBACK);
 * - everything, or more entries than the threshold or the input page allow:
 *   a whole-space call (NON_GLOBAL_MAPPINGS_ONLY kept); otherwise a list call
 *   (NON_GLOBAL_MAPPINGS_ONLY dropped: the TLFS forbids it there, and flushing
 *   global mappings too is only more work). Its entries are simple 4 KiB ones
 *   unless the request says the ranges are mapped by 2 MiB or 1 GiB pages
 *   (hvtlfs_flush_request::mapping_size), the partition has extended GVA
 *   ranges, and large-page entries of at most that size cut the entry count:
 *   a large-page entry lets the hypervisor invalidate once per large page, so
 *   it is never used for memory mapped by smaller pages (4 KiB translations
 *   inside it could survive). Extended 4 KiB entries hold fewer pages than
 *   simple ones, so a 4 KiB flush always uses the simple format;
 * - the XMM fast form when the partition has XMM input, the build is x86_64
 *   and the input fits 112 bytes; otherwise the slow form in the input page.
 * @{
 */

/*! @name Policy flags (hvtlfs_flush_policy::flags)
 * @{ */
#define HVTLFS_PLAN_PREFER_EX	   1u /*!< Use the Ex calls even when every VP is below 64. */
#define HVTLFS_PLAN_NO_XMM	   2u /*!< Never use the XMM fast form. */
#define HVTLFS_PLAN_NO_LARGE_PAGES 4u /*!< Never use extended or large-page entries. */
/*! @} */

/*! @name Plan forms (hvtlfs_flush_plan::form)
 * @{ */
#define HVTLFS_PLAN_NOTHING 0u /*!< Nothing to flush (no VP targeted): issue does nothing. */
#define HVTLFS_PLAN_SLOW    1u /*!< Slow call: the input is in the caller's page. */
#define HVTLFS_PLAN_XMM	    2u /*!< XMM fast call: the input is in hvtlfs_flush_plan::regs. */
/*! @} */

/*! @name Mapping sizes (hvtlfs_flush_request::mapping_size)
 * @{ */
#define HVTLFS_MAPPING_4K (1u << HVTLFS_RANGE_PAGE_SHIFT) /*!< 4 KiB pages (also 0). */
#define HVTLFS_MAPPING_2M (1u << HVTLFS_RANGE_2M_SHIFT)	  /*!< 2 MiB pages. */
#define HVTLFS_MAPPING_1G (1u << HVTLFS_RANGE_1G_SHIFT)	  /*!< 1 GiB pages. */
/*! @} */

/*! Value of hvtlfs_flush_plan::last for a whole-space flush. */
#define HVTLFS_FLUSH_ALL_END HVTLFS_U64(0xFFFFFFFFFFFFFFFF)

#ifndef HVTLFS_FLUSH_TRACE
/*!
 * @brief Per-planned-flush trace hook, run by hvtlfs_flush_issue() before the
 *        call (the seeds' hyperv_mmu_flush_tlb_multi tracepoint). Defaults to
 *        nothing; define it before including this header.
 * @param nvps number of VPs targeted (uint32_t); for an all-VP flush the
 *        hypervisor's maximum, hvtlfs_features::max_vps (CPUID 0x40000005 EAX,
 *        0 when unreported), since the planner does not know how many VPs the
 *        partition has.
 * @param address_space the CR3 value (uint64_t; 0 for all address spaces).
 * @param start first byte flushed (uint64_t; 0 for a whole-space flush).
 * @param last last byte flushed (uint64_t; #HVTLFS_FLUSH_ALL_END for a
 *        whole-space flush).
 */
#define HVTLFS_FLUSH_TRACE(nvps, address_space, start, last) ((void)0)
#endif

HVTLFS_BEGIN_DECLS

/*! @brief What must be flushed. */
struct hvtlfs_flush_request {
	const uint64_t
		*vp_bitmap;	/*!< Target VPs (word i: VPs 64i..64i+63); ignored with all_vps. */
	uint32_t vp_words;	/*!< Words in @ref vp_bitmap. */
	uint32_t all_vps;	/*!< Non-zero: every VP of the partition. */
	uint64_t address_space; /*!< CR3 value; ignored with all_spaces. */
	uint32_t all_spaces;	/*!< Non-zero: every address space. */
	uint32_t non_global_only; /*!< Non-zero: global mappings may be kept. */
	uint32_t everything;	  /*!< Non-zero: the whole address space (ranges ignored). */
	/*!
	 * Size of the pages that map the ranges, as a kernel's flush path knows it
	 * (Linux carries it as the stride of the flush): 0 or #HVTLFS_MAPPING_4K,
	 * #HVTLFS_MAPPING_2M or #HVTLFS_MAPPING_1G. Large-page entries are used only
	 * up to this size. Any other value is #HVTLFS_ERR_MAPPING_SIZE.
	 */
	uint32_t mapping_size;
	const struct hvtlfs_range *ranges; /*!< Byte ranges to flush (unless everything). */
	size_t nranges;			   /*!< Number of ranges. */
};

/*! @brief Tunables; all zero is the default policy. */
struct hvtlfs_flush_policy {
	/*!
	 * Largest list worth issuing: more entries flush the whole space. 0: as
	 * many as the input page (or the XMM registers) hold.
	 */
	uint32_t max_list_entries;
	uint32_t flags; /*!< OR of HVTLFS_PLAN_* policy flags. */
};

/*! @brief The planned hypercall. */
struct hvtlfs_flush_plan {
	uint64_t control;    /*!< Control word (rep start 0). */
	uint32_t form;	     /*!< HVTLFS_PLAN_NOTHING, _SLOW or _XMM. */
	uint32_t input_size; /*!< Bytes of input (page or registers). */
	uint32_t entries;    /*!< List entries (rep count); 0 for a whole-space call. */
	/*! VPs targeted (trace): the bitmap's VP count, or for an all-VP flush
	 *  hvtlfs_features::max_vps (CPUID 0x40000005 EAX, the hypervisor's maximum,
	 *  not the partition's VP count). */
	uint32_t nvps;
	uint64_t address_space; /*!< Address space (trace; 0 with all spaces). */
	uint64_t start;		/*!< First byte covered (trace). */
	uint64_t last;	   /*!< Last byte covered (trace); #HVTLFS_FLUSH_ALL_END for whole space. */
	uint64_t regs[14]; /*!< XMM form: RDX, R8, XMM0-XMM5 image. */
};

/*!
 * @brief Plans the flush and writes its input (into @p page for the slow
 *        form, into @p plan->regs for the XMM form).
 * @param req what must be flushed.
 * @param features the partition's features (hvtlfs_features_decode()).
 * @param policy tunables, or NULL for the defaults.
 * @param[out] page the per-CPU input page (8-byte aligned; page aligned so the
 *        input cannot cross a page); may be written even when the XMM form is
 *        chosen.
 * @param page_size bytes usable at @p page (4096 for a whole page).
 * @param[out] plan the plan.
 * @return #HVTLFS_OK; #HVTLFS_ERR_NULL; #HVTLFS_ERR_MAPPING_SIZE for a
 *         hvtlfs_flush_request::mapping_size other than 0, 4 KiB, 2 MiB or
 *         1 GiB; #HVTLFS_ERR_FALLBACK when no hypercall
 *         applies (remote flush not recommended, or a VP at or above 64
 *         without the Ex hint); #HVTLFS_ERR_VP_RANGE for a VP at or above 4096;
 *         #HVTLFS_ERR_EMPTY_RANGE when nothing is named (no range and not
 *         everything); #HVTLFS_ERR_RANGE_WRAP and the other range errors of
 *         hvtlfs_gva_ranges_encode(); #HVTLFS_ERR_NO_SPACE when @p page_size
 *         cannot hold even a whole-space input; #HVTLFS_ERR_ALIGNMENT.
 */
HVTLFS_MUST_CHECK int hvtlfs_flush_plan_build(const struct hvtlfs_flush_request *req,
					      const struct hvtlfs_features *features,
					      const struct hvtlfs_flush_policy *policy, void *page,
					      size_t page_size, struct hvtlfs_flush_plan *plan);

/*!
 * @brief Issues a planned flush through the wrappers, with rep continuation,
 *        after running #HVTLFS_FLUSH_TRACE.
 *
 * Inline: it is compiled with the caller's hypercall method, page and hooks.
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
	uint64_t r = 0, control;
	uint32_t count, start;

	if (!plan)
		return HVTLFS_ERR_NULL;
	if (plan->form == HVTLFS_PLAN_NOTHING)
		return HVTLFS_OK;
	HVTLFS_FLUSH_TRACE(plan->nvps, plan->address_space, plan->start, plan->last);
	control = plan->control;
	count = hvtlfs_control_rep_count(control);
	if (plan->form == HVTLFS_PLAN_SLOW) {
		if (count)
			return hvtlfs_hypercall_rep(control, input_gpa, 0, result);
		r = hvtlfs_hypercall_slow(control, input_gpa, 0);
		if (result)
			*result = r;
		if (r == HVTLFS_HYPERCALL_NO_PAGE_RESULT)
			return HVTLFS_ERR_NO_HYPERCALL_PAGE;
		return hvtlfs_result_status(r) == HVTLFS_STATUS_SUCCESS ? HVTLFS_OK
									: HVTLFS_ERR_HV_STATUS;
	}
#if HVTLFS_ARCH_HAS_XMM_HYPERCALL
	if (plan->form == HVTLFS_PLAN_XMM) {
		start = hvtlfs_control_rep_start(control);
		for (;;) {
			int rc = hvtlfs_hypercall_xmm(control, plan->regs, plan->input_size, NULL,
						      0, &r);

			if (result)
				*result = r;
			if (rc)
				return rc;
			if (!count)
				return hvtlfs_result_status(r) == HVTLFS_STATUS_SUCCESS
					       ? HVTLFS_OK
					       : HVTLFS_ERR_HV_STATUS;
			rc = hvtlfs_rep_progress(r, count, &start);
			if (rc != HVTLFS_REP_CONTINUE)
				return rc;
			HVTLFS_REP_ITERATION_HOOK();
			control = hvtlfs_control_with_rep_start(control, start);
		}
	}
#else
	(void)start;
#endif
	return HVTLFS_ERR_INVALID_ARG;
}

/*! @} */

HVTLFS_END_DECLS

#endif /* HVTLFS_PLANNER_H */
