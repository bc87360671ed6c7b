/* SPDX-License-Identifier: BSD-2-Clause */
/*!
 * @file planner.h
 * @brief Guest side: plans a remote TLB flush (which hypercall, which form,
 *        which input) from what must be flushed and the partition's features.
 *
 * Planning needs no assembly: this header brings none in. issue.h issues a plan
 * through the wrappers.
 */
#ifndef HVTLFS_PLANNER_H
#define HVTLFS_PLANNER_H

#include "hvtlfs/env.h"
#include "hvtlfs/error.h"
#include "hvtlfs/tlfs.h"
#include "hvtlfs/features.h"
#include "hvtlfs/vpset.h"
#include "hvtlfs/ranges.h"

/*!
 * @defgroup planner Flush planner
 * @brief Chooses the one hypercall that flushes what a guest asks, and writes its
 *        input; hvtlfs_flush_issue() (issue.h) makes the call.
 *
 * Choices, in order (see the guide docs/flush.md):
 * - no hypercall when the hypervisor does not recommend remote flushes by
 *   hypercall (#HVTLFS_ERR_FALLBACK: flush by IPIs);
 * - all VPs: a legacy call with ALL_PROCESSORS; every VP below 64: a legacy
 *   call with a processor mask; otherwise (or with #HVTLFS_POLICY_PREFER_EX) an
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
#define HVTLFS_POLICY_PREFER_EX	     1u /*!< Use the Ex calls even when every VP is below 64. */
#define HVTLFS_POLICY_NO_XMM	     2u /*!< Never use the XMM fast form. */
#define HVTLFS_POLICY_NO_LARGE_PAGES 4u /*!< Never use extended or large-page entries. */
/*! @} */

/*! @name Plan forms (hvtlfs_flush_plan::form)
 * @{ */
#define HVTLFS_FORM_NONE 0u /*!< Nothing to flush (no VP targeted): issue does nothing. */
#define HVTLFS_FORM_SLOW 1u /*!< Slow call: the input is in the caller's page. */
#define HVTLFS_FORM_XMM	 2u /*!< XMM fast call: the input is in hvtlfs_flush_plan::regs. */
/*! @} */

/*! @name Mapping sizes (hvtlfs_flush_request::mapping_size)
 * @{ */
#define HVTLFS_MAPPING_4K (1u << HVTLFS_RANGE_PAGE_SHIFT) /*!< 4 KiB pages (also 0). */
#define HVTLFS_MAPPING_2M (1u << HVTLFS_RANGE_2M_SHIFT)	  /*!< 2 MiB pages. */
#define HVTLFS_MAPPING_1G (1u << HVTLFS_RANGE_1G_SHIFT)	  /*!< 1 GiB pages. */
/*! @} */

/*! Value of hvtlfs_flush_plan::last for a whole-space flush. */
#define HVTLFS_PLAN_LAST_ALL HVTLFS_U64(0xFFFFFFFFFFFFFFFF)

HVTLFS_BEGIN_DECLS

/*! @brief What must be flushed. */
struct hvtlfs_flush_request {
	/*! Target VPs: a bitmap (word i: VPs 64i..64i+63), or every VP of the partition. */
	struct hvtlfs_vp_targets vps;
	uint64_t address_space; /*!< CR3 value; ignored with all_spaces. */
	bool all_spaces;	/*!< Every address space. */
	bool non_global_only;	/*!< Global mappings may be kept. */
	bool everything;	/*!< The whole address space (ranges ignored). */
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
	unsigned int flags; /*!< OR of HVTLFS_POLICY_* flags. */
};

/*! @brief The planned hypercall. */
struct hvtlfs_flush_plan {
	uint64_t control;    /*!< Control word (rep start 0). */
	uint32_t form;	     /*!< #HVTLFS_FORM_NONE, #HVTLFS_FORM_SLOW or #HVTLFS_FORM_XMM. */
	uint32_t input_size; /*!< Bytes of input (page or registers). */
	uint32_t entries;    /*!< List entries (rep count); 0 for a whole-space call. */
	/*! VPs targeted (trace): the bitmap's VP count, or for an all-VP flush
	 *  hvtlfs_features::max_vps (CPUID 0x40000005 EAX, the hypervisor's maximum,
	 *  not the partition's VP count). */
	uint32_t nvps;
	uint64_t address_space; /*!< Address space (trace; 0 with all spaces). */
	uint64_t start;		/*!< First byte covered (trace). */
	uint64_t last; /*!< Last byte covered (trace); #HVTLFS_PLAN_LAST_ALL for whole space. */
	uint64_t regs[HVTLFS_FAST_XMM_BYTES / 8u]; /*!< XMM form: RDX, R8, XMM0-XMM5 image. */
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
 *         hvtlfs_ranges_encode(); #HVTLFS_ERR_NO_SPACE when @p page_size
 *         cannot hold even a whole-space input; #HVTLFS_ERR_ALIGNMENT.
 */
HVTLFS_MUST_CHECK int hvtlfs_flush_plan_build(const struct hvtlfs_flush_request *req,
					      const struct hvtlfs_features *features,
					      const struct hvtlfs_flush_policy *policy, void *page,
					      size_t page_size, struct hvtlfs_flush_plan *plan);

/*! @} */

HVTLFS_END_DECLS

#endif /* HVTLFS_PLANNER_H */
