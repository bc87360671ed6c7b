/* SPDX-License-Identifier: BSD-2-Clause */
/*!
 * @file planner.h
 * @brief Guest side: plans a remote TLB flush, a synthetic cluster IPI or a
 *        guest-physical (second-level) flush: which hypercall, which form, which
 *        input, from what must be done and the partition's features.
 *
 * Planning needs no assembly: this header brings none in. issue.h issues a plan
 * through the wrappers.
 */
#ifndef HVTLFS_PLANNER_H
#define HVTLFS_PLANNER_H

#include "hvtlfs/env.h"
#include "hvtlfs/error.h"
#include "hvtlfs/tlfs.h"
#include "hvtlfs/arch.h"
#include "hvtlfs/control.h"
#include "hvtlfs/features.h"
#include "hvtlfs/vpset.h"
#include "hvtlfs/ranges.h"

/*!
 * @defgroup planner Planners
 * @brief Choose the one hypercall that does what a guest asks, and write its
 *        input; the issue functions of issue.h make the call.
 *
 * Three planners share one input page description (struct hvtlfs_input_page), the
 * forms (#HVTLFS_FORM_NONE, #HVTLFS_FORM_SLOW, #HVTLFS_FORM_FAST, #HVTLFS_FORM_XMM) and
 * the policy flags:
 * - hvtlfs_flush_plan_build(): a remote TLB flush (HvFlushVirtualAddressSpace/List,
 *   their Ex forms);
 * - hvtlfs_ipi_plan_build(): a synthetic cluster IPI (HvSendSyntheticClusterIpi, Ex);
 * - hvtlfs_gpa_flush_plan_build(): a nested hypervisor's flush of its guest's
 *   second-level translations (HvFlushGuestPhysicalAddressSpace/List).
 *
 * The flush planner's choices, in order (see the guide docs/flush.md):
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
 * - the XMM fast form when the build has the XMM forms (#HVTLFS_HYPERCALL_XMM), the
 *   partition has XMM input and the input fits 112 bytes; otherwise the slow form
 *   in the input page.
 *
 * Cost: the ranges are encoded once, straight into the input; the VP bitmap is read
 * once, a word at a time (never a VP at a time); the common request (one range that
 * one entry covers, a simple one or one large-page entry where the mapping allows it,
 * or everything, every VP below 64, no policy but the defaults) is planned inline, in
 * the caller, without a call into the library.
 * @{
 */

/*! @name Policy flags (hvtlfs_flush_policy::flags, hvtlfs_ipi_request::flags)
 * @{ */
#define HVTLFS_POLICY_PREFER_EX	     1u /*!< Use the Ex calls even when every VP is below 64. */
#define HVTLFS_POLICY_NO_XMM	     2u /*!< Never use the XMM fast form. */
#define HVTLFS_POLICY_NO_LARGE_PAGES 4u /*!< Never use extended or large-page entries. */
/*! @} */

/*! @name Plan forms (the @c form of every plan)
 * @{ */
#define HVTLFS_FORM_NONE 0u /*!< Nothing to do (no VP targeted): issue makes no call. */
#define HVTLFS_FORM_SLOW 1u /*!< Slow call: the input is in the caller's input page. */
#define HVTLFS_FORM_XMM	 2u /*!< XMM fast call: the input is in the plan's @c regs. */
/*! Fast call with at most 16 bytes of input, in RDX and R8 (@c regs[0] and @c regs[1]). */
#define HVTLFS_FORM_FAST 3u
/*! @} */

/*! @name Mapping sizes (hvtlfs_flush_request::mapping_size, hvtlfs_gpa_flush_request)
 * @{ */
#define HVTLFS_MAPPING_4K (1u << HVTLFS_RANGE_PAGE_SHIFT) /*!< 4 KiB pages (also 0). */
#define HVTLFS_MAPPING_2M (1u << HVTLFS_RANGE_2M_SHIFT)	  /*!< 2 MiB pages. */
#define HVTLFS_MAPPING_1G (1u << HVTLFS_RANGE_1G_SHIFT)	  /*!< 1 GiB pages. */
/*! @} */

/*! Value of hvtlfs_flush_plan::last for a whole-space flush. */
#define HVTLFS_PLAN_LAST_ALL HVTLFS_U64(0xFFFFFFFFFFFFFFFF)

HVTLFS_BEGIN_DECLS

/*!
 * @brief The hypercall input page a planner writes a slow call's input to: its
 *        virtual address (where the planner writes) and its guest physical address
 *        (what the hypervisor is given), described together, once.
 *
 * Fill it with hvtlfs_input_page_init(), which checks that the two addresses can
 * name the same bytes; a kernel keeps one per CPU beside its per-CPU input page. The
 * planners write through @ref va, the issue functions pass @ref gpa; the plan keeps a
 * pointer to this description, which must stay valid and unchanged until the plan is
 * issued.
 */
struct hvtlfs_input_page {
	/*! Where the planners write (8-byte aligned); NULL with @ref size 0 for a caller
	 *  that wants the register forms only. */
	void *va;
	uint64_t gpa; /*!< Guest physical address of the byte at @ref va. */
	/*! Bytes usable at @ref va, all within one 4 KiB page (4096 for a whole page). */
	size_t size;
	/*! Private: set by hvtlfs_input_page_init() from the three fields it checked, so
	 *  the planners' inline paths know them checked (a description filled or changed
	 *  by hand is checked again, by the library). */
	uint64_t checked_;
};

/*!
 * @brief Describes an input page, checking that its two addresses can be the same
 *        bytes.
 *
 * The TLFS wants a slow call's input 8-byte aligned and within one 4 KiB page
 * (HV_STATUS_INVALID_ALIGNMENT otherwise); a virtual and a physical address of the
 * same byte agree on their offset within their 4 KiB page.
 * @param[out] page the description; written only on success.
 * @param va the page's virtual address (NULL only with @p size 0).
 * @param gpa its guest physical address.
 * @param size bytes usable from @p va (and @p gpa).
 * @return #HVTLFS_OK; #HVTLFS_ERR_NULL for a NULL @p page, or a NULL @p va with a
 *         non-zero @p size; #HVTLFS_ERR_ALIGNMENT when @p va or @p gpa is not 8-byte
 *         aligned, or @p size bytes from @p gpa cross a 4 KiB page boundary;
 *         #HVTLFS_ERR_PAGE_MISMATCH when @p va and @p gpa lie at different offsets of
 *         their 4 KiB pages (they cannot be the same bytes).
 */
HVTLFS_MUST_CHECK int hvtlfs_input_page_init(struct hvtlfs_input_page *page, void *va, uint64_t gpa,
					     size_t size);

/*! @brief What must be flushed. */
struct hvtlfs_flush_request {
	/*! Target VPs: a bitmap (word i: VPs 64i..64i+63), a CPU source, or every VP. */
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

/*! @brief The planned flush hypercall. */
struct hvtlfs_flush_plan {
	uint64_t control;    /*!< Control word (rep start 0). */
	uint32_t form;	     /*!< #HVTLFS_FORM_NONE, #HVTLFS_FORM_SLOW or #HVTLFS_FORM_XMM. */
	uint32_t input_size; /*!< Bytes of input (page or registers). */
	uint32_t entries;    /*!< List entries (rep count); 0 for a whole-space call. */
	/*! An all-VP flush: hvtlfs_features::max_vps, which hvtlfs_flush_plan_nvps()
	 *  reports; 0 otherwise. */
	uint32_t max_vps;
	const struct hvtlfs_input_page *page; /*!< Slow form: the page holding the input. */
	uint64_t address_space;		      /*!< Address space (trace; 0 with all spaces). */
	uint64_t start;			      /*!< First byte covered (trace). */
	uint64_t last; /*!< Last byte covered (trace); #HVTLFS_PLAN_LAST_ALL for whole space. */
	uint64_t regs[HVTLFS_FAST_XMM_BYTES / 8u]; /*!< XMM form: RDX, R8, XMM0-XMM5 image. */
};

/*! @cond HVTLFS_INTERNAL */
/* Public only because the inline planners below need them. */

/* Options of the planners' out-of-line halves, set from the caller's translation unit:
 * without the XMM forms there (HVTLFS_HYPERCALL_XMM 0), no XMM form is planned. */
#define HVTLFS_PLAN_NO_XMM_ 1u
#if HVTLFS_XMM_ENABLED_
#define HVTLFS_PLAN_OPTS_ 0u
#else
#define HVTLFS_PLAN_OPTS_ HVTLFS_PLAN_NO_XMM_
#endif

/* The whole flush planner, every case and every error (planner.c). */
HVTLFS_MUST_CHECK int hvtlfs_flush_plan_build_(const struct hvtlfs_flush_request *req,
					       const struct hvtlfs_features *features,
					       const struct hvtlfs_flush_policy *policy,
					       const struct hvtlfs_input_page *page,
					       struct hvtlfs_flush_plan *plan, unsigned int opts);

/* The most input bytes an inline planner writes to the page: the legacy list call with
 * one entry (address space, flags, processor mask, the entry). */
#define HVTLFS_PLAN_INLINE_BYTES_ (4u * sizeof(uint64_t))

/* The mark hvtlfs_input_page_init() leaves on a description it checked. */
HVTLFS_ALWAYS_INLINE uint64_t hvtlfs_input_page_mark_(const void *va, uint64_t gpa, size_t size)
{
	/* A salt of 32 bits, added with the size in one instruction (an all-zero
	 * description is not marked). */
	return ((uint64_t)(uintptr_t)va ^ gpa) + ((uint64_t)size + HVTLFS_U64(0x68767466));
}

/* Whether the input page is one hvtlfs_input_page_init() checked, unchanged since, with
 * room for HVTLFS_PLAN_INLINE_BYTES_, all an inline planner writes. */
HVTLFS_ALWAYS_INLINE bool hvtlfs_input_page_holds_(const struct hvtlfs_input_page *page)
{
	return page->size >= HVTLFS_PLAN_INLINE_BYTES_ &&
	       page->checked_ == hvtlfs_input_page_mark_(page->va, page->gpa, page->size);
}

/* Whether the @n words at @w (n at least 1) are all zero, without a loop for up to 3
 * (words 0, n / 2 and n - 1 are all of them) or a tail (four words a step, then the last
 * three, which may overlap words already seen). */
HVTLFS_ALWAYS_INLINE bool hvtlfs_words_zero_(const uint64_t *w, size_t n)
{
	size_t i;

	if (n < 4u)
		return (w[0] | w[n / 2u] | w[n - 1u]) == 0;
	for (i = 0; i + 4u <= n; i += 4u)
		if ((w[i] | w[i + 1u] | w[i + 2u] | w[i + 3u]) != 0)
			return false;
	return (w[n - 3u] | w[n - 2u] | w[n - 1u]) == 0;
}

/* The processor mask of a VP bitmap whose VPs are all below 64, else 0 (a VP at 64 or
 * above, none, a NULL bitmap: the library's). */
HVTLFS_ALWAYS_INLINE uint64_t hvtlfs_bitmap_mask_(const uint64_t *bm, size_t words)
{
	if (words != 1u && (words == 0 || bm == NULL || !hvtlfs_words_zero_(bm + 1, words - 1u)))
		return 0;
	return bm != NULL ? bm[0] : 0;
}

/*
 * The one list entry of a range wider than one simple entry, in *@entry: what the
 * library's encoder makes of it when @mapping (2 MiB or 1 GiB pages) allows large-page
 * entries and the range is aligned to 2 MiB at both ends (@start its first byte,
 * @last its last, @span the bytes from its first page to @last, minus one): one
 * 2 MiB entry when 2048 of them cover it (ties go to the smaller page), else one 1 GiB
 * entry for a range aligned to 1 GiB that 2048 such pages cover. False for any other
 * range (several entries, or the library's search).
 */
HVTLFS_ALWAYS_INLINE bool hvtlfs_plan_large_entry_(uint64_t start, uint64_t last, uint64_t span,
						   uint32_t mapping, uint64_t *entry)
{
	const uint64_t ends = start | ~last; /* the low bits: zero when aligned at both ends */
	const bool gib = mapping == HVTLFS_MAPPING_1G; /* tested once: the 1 GiB rows */

	if (!gib && mapping != HVTLFS_MAPPING_2M)
		return false;
	if ((ends & HVTLFS_MASK64(HVTLFS_RANGE_2M_SHIFT)) != 0)
		return false;
	if ((span >> HVTLFS_RANGE_2M_SHIFT) < HVTLFS_RANGE_EXT_MAX_PAGES) {
		*entry = start | HVTLFS_RANGE_EXT_LARGE_PAGE | (span >> HVTLFS_RANGE_2M_SHIFT);
		return true;
	}
	if (gib && (ends & HVTLFS_MASK64(HVTLFS_RANGE_1G_SHIFT)) == 0 &&
	    (span >> HVTLFS_RANGE_1G_SHIFT) < HVTLFS_RANGE_EXT_MAX_PAGES) {
		*entry = start | HVTLFS_RANGE_EXT_LARGE_PAGE | HVTLFS_RANGE_EXT_PAGE_1G |
			 (span >> HVTLFS_RANGE_1G_SHIFT);
		return true;
	}
	return false;
}

/* What the legacy call's plan and input share, list or whole space: the checks that
 * follow the range's (the mapping size, the VPs below 64, the page), the header words
 * (address space, @flags, the processor mask) and the plan's common fields. False
 * leaves everything to the library. */
HVTLFS_ALWAYS_INLINE bool hvtlfs_flush_plan_head_(const struct hvtlfs_flush_request *req,
						  const struct hvtlfs_input_page *page,
						  struct hvtlfs_flush_plan *plan, uint64_t flags,
						  uint64_t start, uint64_t last)
{
	const uint32_t msz = req->mapping_size;
	uint64_t mask, as, *in;

	if ((msz & ~(uint32_t)HVTLFS_MAPPING_4K) != 0 && msz != HVTLFS_MAPPING_2M &&
	    msz != HVTLFS_MAPPING_1G)
		return false; /* HVTLFS_ERR_MAPPING_SIZE: the library's */
	mask = hvtlfs_bitmap_mask_(req->vps.bitmap, req->vps.words);
	if (mask == 0 || !hvtlfs_input_page_holds_(page))
		return false;
	as = req->address_space;
	if (req->all_spaces) {
		as = 0;
		flags |= HVTLFS_FLUSH_ALL_VIRTUAL_ADDRESS_SPACES;
	}
	in = (uint64_t *)page->va;
	in[0] = as;
	in[1] = flags;
	in[2] = mask;
	plan->form = HVTLFS_FORM_SLOW;
	plan->max_vps = 0;
	plan->page = page;
	plan->address_space = as;
	plan->start = start;
	plan->last = last;
	return true;
}

/*
 * The inline half of hvtlfs_flush_plan_build(): the common request, planned where it
 * is made. One range that one entry covers (a simple one, or with 2 MiB or 1 GiB
 * mappings one large-page entry), or everything; every VP below 64 in a bitmap, no
 * all-VP request, no PREFER_EX and the slow form: then the plan is the legacy call
 * with one entry (or none) in the page, the plan the library makes. Returns 1 once the
 * plan is written; 0 leaves everything, errors included, to hvtlfs_flush_plan_build_().
 * The list and the whole space each take their own path to the end (no test of which
 * it is after the header).
 */
HVTLFS_ALWAYS_INLINE int hvtlfs_flush_plan_one_(const struct hvtlfs_flush_request *req,
						const struct hvtlfs_features *f,
						const struct hvtlfs_flush_policy *policy,
						const struct hvtlfs_input_page *page,
						struct hvtlfs_flush_plan *plan)
{
	const unsigned int pflags = policy != NULL ? policy->flags : 0u;
	const struct hvtlfs_range *r = req->ranges;
	uint64_t start, last, span, entry, flags = 0;

	if (!f->remote_tlb_flush_recommended || req->vps.all || req->vps.source != NULL ||
	    (pflags & HVTLFS_POLICY_PREFER_EX) != 0)
		return 0;
#if HVTLFS_XMM_ENABLED_
	if (f->xmm_input && (pflags & HVTLFS_POLICY_NO_XMM) == 0)
		return 0; /* the XMM form: the library's */
#endif
	if (req->everything) {
		if (!hvtlfs_flush_plan_head_(
			    req, page, plan,
			    req->non_global_only ? HVTLFS_FLUSH_NON_GLOBAL_MAPPINGS_ONLY : 0u, 0,
			    HVTLFS_PLAN_LAST_ALL))
			return 0;
		plan->control = HVTLFS_CALL_FLUSH_VIRTUAL_ADDRESS_SPACE;
		plan->input_size = 3u * sizeof(uint64_t);
		plan->entries = 0;
		return 1;
	}
	if (req->nranges != 1 || r == NULL)
		return 0;
	start = r->start;
	if (!hvtlfs_ranges_end_(start, r->length, &last))
		return 0;
	span = last - (start & HVTLFS_RANGE_PAGE_MASK);
	if (span < ((uint64_t)HVTLFS_GVA_SIMPLE_MAX_PAGES << HVTLFS_RANGE_PAGE_SHIFT)) {
		/* One simple entry, whatever the mapping (no entry beats one). */
		entry = (start & HVTLFS_RANGE_PAGE_MASK) | (span >> HVTLFS_RANGE_PAGE_SHIFT);
	} else if (!f->ext_gva_ranges || (pflags & HVTLFS_POLICY_NO_LARGE_PAGES) != 0 ||
		   !hvtlfs_plan_large_entry_(start, last, span, req->mapping_size, &entry)) {
		return 0;
	} else {
		flags = HVTLFS_FLUSH_USE_EXTENDED_RANGE_FORMAT;
	}
	if (!hvtlfs_flush_plan_head_(req, page, plan, flags, start, last))
		return 0;
	((uint64_t *)page->va)[3] = entry;
	plan->control = HVTLFS_CALL_FLUSH_VIRTUAL_ADDRESS_LIST |
			((uint64_t)1 << HVTLFS_CONTROL_REP_COUNT_SHIFT);
	plan->input_size = 4u * sizeof(uint64_t);
	plan->entries = 1;
	return 1;
}
/*! @endcond */

/*!
 * @brief Plans the flush and writes its input (into the input page for the slow
 *        form, into @p plan->regs for the XMM form).
 *
 * Inline: the common request is planned in the caller (see the group's Cost), the
 * rest by the library, with the same decisions and the same bytes. Plan and issue in
 * translation units with the same #HVTLFS_HYPERCALL_XMM.
 * @param req what must be flushed.
 * @param features the partition's features: the planner reads
 *        hvtlfs_features::remote_tlb_flush_recommended,
 *        hvtlfs_features::ex_processor_masks_recommended,
 *        hvtlfs_features::ext_gva_ranges, hvtlfs_features::xmm_input and
 *        hvtlfs_features::max_vps (hvtlfs_features_decode(), or
 *        hvtlfs_features_from_leaves() from the leaves a kernel keeps).
 * @param policy tunables, or NULL for the defaults.
 * @param page the input page (hvtlfs_input_page_init()); may be written even when
 *        the XMM form is chosen. The plan points to it.
 * @param[out] plan the plan; on any error its form is #HVTLFS_FORM_NONE (issuing it
 *        makes no call).
 * @return #HVTLFS_OK (with #HVTLFS_FORM_NONE when no VP is targeted);
 *         #HVTLFS_ERR_NULL (a NULL pointer, a NULL bitmap with a non-zero length);
 *         #HVTLFS_ERR_ALIGNMENT, #HVTLFS_ERR_PAGE_MISMATCH for an input page
 *         hvtlfs_input_page_init() would refuse; #HVTLFS_ERR_MAPPING_SIZE for a
 *         hvtlfs_flush_request::mapping_size other than 0, 4 KiB, 2 MiB or
 *         1 GiB; #HVTLFS_ERR_FALLBACK when no hypercall
 *         applies (remote flush not recommended, or a VP at or above 64
 *         without the Ex hint); #HVTLFS_ERR_VP_RANGE for a VP at or above 4096;
 *         #HVTLFS_ERR_EMPTY_RANGE when nothing is named (no range and not
 *         everything) or a range is empty; #HVTLFS_ERR_RANGE_WRAP for a range
 *         past the top of the address space; #HVTLFS_ERR_NO_SPACE when the page
 *         cannot hold even a whole-space input (or the bank words of a CPU source).
 */
HVTLFS_MUST_CHECK HVTLFS_ALWAYS_INLINE int
hvtlfs_flush_plan_build(const struct hvtlfs_flush_request *req,
			const struct hvtlfs_features *features,
			const struct hvtlfs_flush_policy *policy,
			const struct hvtlfs_input_page *page, struct hvtlfs_flush_plan *plan)
{
	if (req != NULL && features != NULL && page != NULL && plan != NULL &&
	    hvtlfs_flush_plan_one_(req, features, policy, page, plan))
		return HVTLFS_OK;
	return hvtlfs_flush_plan_build_(req, features, policy, page, plan, HVTLFS_PLAN_OPTS_);
}

/*!
 * @brief The number of VPs a flush plan targets, for a trace: the VPs named in its
 *        input (the processor mask, or the HV_VP_SET's bank words), or for an all-VP
 *        flush hvtlfs_features::max_vps (CPUID 0x40000005 EAX, the hypervisor's
 *        maximum, not the partition's VP count).
 *
 * Counted from the input when asked (hvtlfs_flush_issue() asks only when
 * #HVTLFS_FLUSH_TRACE uses it), so planning never counts for nothing.
 * @param plan a plan of hvtlfs_flush_plan_build(), its input page not yet reused.
 * @return the count; 0 for NULL or a plan of #HVTLFS_FORM_NONE.
 */
uint32_t hvtlfs_flush_plan_nvps(const struct hvtlfs_flush_plan *plan);

/*! @brief What interrupt to send, to which VPs (hvtlfs_ipi_plan_build()). */
struct hvtlfs_ipi_request {
	/*! Target VPs: a bitmap, a CPU source, or every VP of the partition. */
	struct hvtlfs_vp_targets vps;
	/*! Leave the sender out ("all but self", or a mask that may hold the sender): the
	 *  VP @ref self_vp is never interrupted, whatever @ref vps says. */
	bool exclude_self;
	uint32_t self_vp; /*!< The sender's VP index, with @ref exclude_self. */
	/*! The partition's VPs are 0 to vp_count - 1 (the VP count, e.g. the number of
	 *  present CPUs): needed only for "all" with @ref exclude_self, or "all" without
	 *  the Ex hint; 0 when unknown. */
	uint32_t vp_count;
	uint32_t vector;    /*!< Interrupt vector, 0x10-0xFF. */
	unsigned int flags; /*!< #HVTLFS_POLICY_PREFER_EX, #HVTLFS_POLICY_NO_XMM. */
};

/*! @brief The planned IPI hypercall. */
struct hvtlfs_ipi_plan {
	uint64_t control; /*!< Control word (fast bit set for the register forms). */
	/*! #HVTLFS_FORM_NONE, #HVTLFS_FORM_FAST (RDX, R8), #HVTLFS_FORM_XMM or
	 *  #HVTLFS_FORM_SLOW. */
	uint32_t form;
	uint32_t input_size;			   /*!< Bytes of input (registers or page). */
	uint32_t vector;			   /*!< The vector (trace). */
	const struct hvtlfs_input_page *page;	   /*!< Slow form: the page holding the input. */
	uint64_t regs[HVTLFS_FAST_XMM_BYTES / 8u]; /*!< Register forms: RDX, R8, XMM0-XMM5. */
};

/*! @brief What a nested hypervisor flushes of its guest's second-level (EPT/NPT)
 *         translations (hvtlfs_gpa_flush_plan_build()). */
struct hvtlfs_gpa_flush_request {
	uint64_t
		address_space; /*!< The guest's EPT PML4 table pointer (the TLFS "AddressSpace"). */
	/*! Guest physical page ranges (page numbers and counts); ignored with
	 *  @ref everything. */
	const struct hvtlfs_page_range *ranges;
	size_t nranges;	 /*!< Number of @ref ranges. */
	bool everything; /*!< The whole address space (HvFlushGuestPhysicalAddressSpace). */
	/*! The page size the caller maps these ranges with, as for the flush planner:
	 *  0 or #HVTLFS_MAPPING_4K (4 KiB entries only), #HVTLFS_MAPPING_2M,
	 *  #HVTLFS_MAPPING_1G (large-page entries allowed up to that size). */
	uint32_t mapping_size;
	/*! Set control bit 31 (the nested bit): false for an L1 hypervisor that runs as
	 *  a guest of Hyper-V, whose calls reach L0 as they are. Only for an OS that is
	 *  the root partition of a Microsoft hypervisor which itself runs nested, to
	 *  send the call past it to L0; a hypervisor that does not know the bit (the
	 *  TLFS interface page has bits 27-31 RsvdZ) refuses the call. */
	bool nested;
	/*! #HVTLFS_POLICY_NO_XMM, #HVTLFS_POLICY_NO_LARGE_PAGES. */
	unsigned int flags;
	uint32_t max_list_entries; /*!< Longest list before the whole space; 0: page limit. */
};

/*! @brief The planned guest-physical flush hypercall. */
struct hvtlfs_gpa_flush_plan {
	uint64_t control;	/*!< Control word (rep start 0). */
	uint32_t form;		/*!< #HVTLFS_FORM_FAST, #HVTLFS_FORM_XMM or #HVTLFS_FORM_SLOW. */
	uint32_t input_size;	/*!< Bytes of input. */
	uint32_t entries;	/*!< HV_GPA_PAGE_RANGE entries (rep count); 0: whole space. */
	uint64_t address_space; /*!< Address space (trace). */
	const struct hvtlfs_input_page *page;	   /*!< Slow form: the page holding the input. */
	uint64_t regs[HVTLFS_FAST_XMM_BYTES / 8u]; /*!< Register forms: RDX, R8, XMM0-XMM5. */
};

/*! @cond HVTLFS_INTERNAL */
/* The whole IPI planner (planner.c). */
HVTLFS_MUST_CHECK int hvtlfs_ipi_plan_build_(const struct hvtlfs_ipi_request *req,
					     const struct hvtlfs_features *features,
					     const struct hvtlfs_input_page *page,
					     struct hvtlfs_ipi_plan *plan, unsigned int opts);
/* The same, a CPU source's set CPUs below @cpu already read by the inline loop: their
 * VPs (all below 64) are the processor mask @mask, and the encoder starts at CPU @cpu
 * (0 and 0: from the start). */
HVTLFS_MUST_CHECK int hvtlfs_ipi_plan_resume_(const struct hvtlfs_ipi_request *req,
					      const struct hvtlfs_features *features,
					      const struct hvtlfs_input_page *page,
					      struct hvtlfs_ipi_plan *plan, unsigned int opts,
					      size_t cpu, uint64_t mask);

/* The processor mask of the set CPUs of one word @x of a CPU bitmap, their VPs from
 * @vp_of (the table's entries from the word's first CPU) OR'd into *@mask; false at
 * the first VP at 64 or above, its CPU's bit in the word in *@stop and the VPs of the
 * CPUs before it in *@mask. */
HVTLFS_ALWAYS_INLINE bool hvtlfs_cpus_mask_word_(unsigned long x, const uint32_t *vp_of,
						 uint64_t *mask, size_t *stop)
{
	uint64_t m = *mask;

	while (x != 0) {
		const size_t bit = hvtlfs_ctz64((uint64_t)x);
		const uint32_t vp = vp_of[bit];

		x &= x - 1u;
		if (vp >= 64u) {
			*mask = m;
			*stop = bit;
			return false;
		}
		m |= (uint64_t)1 << vp;
	}
	*mask = m;
	return true;
}

/*
 * The processor-mask loop a kernel writes, over a CPU source: set CPU by set CPU, its
 * VP from the table, four words a step (four empty ones skipped at once). The mask in
 * *@mask; false for a VP at 64 or above, with that CPU in *@cpu and the VPs of the set
 * CPUs before it in *@mask (where the library goes on), and for a NULL bitmap or table
 * (*@cpu and *@mask 0: the library's from the start).
 */
HVTLFS_ALWAYS_INLINE bool hvtlfs_source_mask_(const struct hvtlfs_vp_source *src, uint64_t *mask,
					      size_t *cpu)
{
	const size_t lbits = 8u * sizeof(unsigned long);
	const unsigned long *const cpus = src->cpus;
	const unsigned long *p = cpus;
	const uint32_t *vp_of = src->vp_of_cpu;
	const size_t ncpus = src->ncpus;
	const unsigned long *end;
	size_t bit;

	*mask = 0;
	*cpu = 0;
	if (p == NULL || vp_of == NULL)
		return false;
	end = p + ncpus / lbits; /* not before: no arithmetic on a NULL bitmap */
	for (; end - p >= 4; p += 4, vp_of += 4u * lbits) {
		if ((p[0] | p[1] | p[2] | p[3]) != 0) {
			unsigned int k;

			for (k = 0; k < 4u; k++)
				if (p[k] != 0 &&
				    !hvtlfs_cpus_mask_word_(p[k], vp_of + k * lbits, mask, &bit)) {
					*cpu = (size_t)(p + k - cpus) * lbits + bit;
					return false;
				}
		}
	}
	for (; p != end; p++, vp_of += lbits)
		if (*p != 0 && !hvtlfs_cpus_mask_word_(*p, vp_of, mask, &bit)) {
			*cpu = (size_t)(p - cpus) * lbits + bit;
			return false;
		}
	if (ncpus % lbits == 0 ||
	    hvtlfs_cpus_mask_word_(*p & (((unsigned long)1 << (ncpus % lbits)) - 1u), vp_of, mask,
				   &bit))
		return true;
	*cpu = (size_t)(p - cpus) * lbits + bit;
	return false;
}

/*
 * The inline half of hvtlfs_ipi_plan_build(): a bitmap or a CPU source whose VPs are
 * all below 64, a valid vector, the hint set, the Ex form not preferred: the fast
 * legacy call, its two registers written here. 0 leaves everything, errors included,
 * to the library.
 */
HVTLFS_ALWAYS_INLINE int hvtlfs_ipi_plan_one_(const struct hvtlfs_ipi_request *req,
					      const struct hvtlfs_features *f,
					      struct hvtlfs_ipi_plan *plan, size_t *cpu,
					      uint64_t *part)
{
	const uint32_t vector = req->vector;
	uint64_t mask;

	if (!f->cluster_ipi_recommended || req->vps.all ||
	    (req->flags & HVTLFS_POLICY_PREFER_EX) != 0 || vector < HVTLFS_IPI_VECTOR_MIN ||
	    vector > HVTLFS_IPI_VECTOR_MAX)
		return 0;
	if (req->vps.source != NULL) {
		if (!hvtlfs_source_mask_(req->vps.source, &mask, cpu)) {
			*part = mask; /* the library goes on from *cpu */
			return 0;
		}
	} else {
		mask = hvtlfs_bitmap_mask_(req->vps.bitmap, req->vps.words);
	}
	if (req->exclude_self && req->self_vp < 64u)
		mask &= ~((uint64_t)1 << req->self_vp);
	if (mask == 0)
		return 0;
	plan->control = HVTLFS_CALL_SEND_SYNTHETIC_CLUSTER_IPI | HVTLFS_CONTROL_FAST;
	plan->form = HVTLFS_FORM_FAST;
	plan->input_size = 2u * sizeof(uint64_t); /* vector, VTL, padding; the mask */
	plan->vector = vector;
	plan->page = NULL;
	plan->regs[0] = vector; /* target VTL 0, padding 0 */
	plan->regs[1] = mask;
	return 1;
}

/* The whole guest-physical flush planner (planner.c). */
HVTLFS_MUST_CHECK int hvtlfs_gpa_flush_plan_build_(const struct hvtlfs_gpa_flush_request *req,
						   const struct hvtlfs_features *features,
						   const struct hvtlfs_input_page *page,
						   struct hvtlfs_gpa_flush_plan *plan,
						   unsigned int opts);
/* The control word of a guest-physical list of @n entries, @nested HVTLFS_CONTROL_NESTED
 * or 0 (hvtlfs_gpa_flush_request::nested): the one owner, for the inline paths and the
 * library's. */
HVTLFS_ALWAYS_INLINE uint64_t hvtlfs_gpa_list_control_(uint64_t nested, uint64_t n)
{
	return HVTLFS_CALL_FLUSH_GUEST_PHYSICAL_ADDRESS_LIST |
	       (n << HVTLFS_CONTROL_REP_COUNT_SHIFT) | nested;
}

/* The highest first page hvtlfs_gpa_flush_plan_one_() plans one range from: one of at
 * most 2048 pages from it ends at or below the top page whatever its count, so after
 * the count's test (HVTLFS_RANGE_EXT_ADDL_MASK) the first page's is one compare with a
 * constant; the 2047 pages above it go to the library, which plans them as before. */
#define HVTLFS_PLAN_ONE_TOP_ (HVTLFS_RANGE_MAX_PAGE - HVTLFS_RANGE_EXT_ADDL_MASK)

/* The header of a guest-physical list of @n entries at @in, and its plan. */
HVTLFS_ALWAYS_INLINE void hvtlfs_gpa_plan_list_(const struct hvtlfs_gpa_flush_request *req,
						const struct hvtlfs_input_page *page,
						struct hvtlfs_gpa_flush_plan *plan, uint64_t *in,
						size_t n)
{
	const uint64_t as = req->address_space;

	in[0] = as;
	in[1] = 0; /* flags: reserved */
	/* Before the fields both callers store alike: gcc then merges only those, and the
	 * one-entry caller stores its 1 at once. */
	plan->entries = (uint32_t)n;
	plan->control = hvtlfs_gpa_list_control_(req->nested ? HVTLFS_CONTROL_NESTED : 0, n);
	plan->form = HVTLFS_FORM_SLOW;
	plan->input_size = (uint32_t)((2u + n) * sizeof(uint64_t));
	plan->address_space = as;
	plan->page = page;
}

/*
 * The inline half of hvtlfs_gpa_flush_plan_build(): ranges ascending and apart from
 * each other by at least one page, each at most 2048 pages (one 4 KiB
 * HV_GPA_PAGE_RANGE entry each: the library's cover is exact and each such run needs an
 * entry whatever the page size, ties going to 4 KiB ones), as many as the page and
 * max_list_entries allow, the
 * slow form, a checked page: written here, each range read once, the plan the library
 * makes. 0 leaves everything, errors included, to the library (which then writes the
 * page again). One range is checked on its own, its first page against
 * HVTLFS_PLAN_ONE_TOP_ (the top 2047 pages: the library's); the first pages of
 * several are OR'd together and checked once after the loop, with the last page of the
 * last range: every other last page is below the next range's first page, and none
 * wraps (a first page at most the top page, plus fewer than 2048).
 */
HVTLFS_ALWAYS_INLINE int hvtlfs_gpa_flush_plan_one_(const struct hvtlfs_gpa_flush_request *req,
						    const struct hvtlfs_features *f,
						    const struct hvtlfs_input_page *page,
						    struct hvtlfs_gpa_flush_plan *plan)
{
	const struct hvtlfs_page_range *r = req->ranges;
	const size_t nr = req->nranges;
	const uint32_t msz = req->mapping_size;
	uint64_t *in;

	if (!f->nested.gpa_flush_hypercalls || req->everything || r == NULL || page == NULL)
		return 0;
#if HVTLFS_XMM_ENABLED_
	if (f->xmm_input && (req->flags & HVTLFS_POLICY_NO_XMM) == 0)
		return 0; /* the XMM form: the library's */
#endif
	if (((msz & ~(uint32_t)HVTLFS_MAPPING_4K) != 0 && msz != HVTLFS_MAPPING_2M &&
	     msz != HVTLFS_MAPPING_1G) ||
	    !hvtlfs_input_page_holds_(page))
		return 0; /* HVTLFS_ERR_MAPPING_SIZE, or a page to check: the library's */
	in = (uint64_t *)page->va;
	if (nr == 1) {
		const uint64_t first = r[0].first, addl = r[0].count - 1u; /* 0: too many */

		if (addl > HVTLFS_RANGE_EXT_ADDL_MASK || first > HVTLFS_PLAN_ONE_TOP_)
			return 0; /* too many pages, or near the top: the library's */
		in[2] = (first << HVTLFS_RANGE_PAGE_SHIFT) | addl;
		hvtlfs_gpa_plan_list_(req, page, plan, in, 1); /* its constants */
		return 1;
	} else {
		uint64_t next = 0, seen = 0;
		size_t i;

		if (nr == 0 || nr > page->size / sizeof(uint64_t) - 2u ||
		    (req->max_list_entries != 0 && nr > req->max_list_entries))
			return 0; /* no range, or the whole space: the library's */
		for (i = 0; i < nr; i++) {
			const uint64_t first = r[i].first, addl = r[i].count - 1u;

			if (first < next || addl > HVTLFS_RANGE_EXT_ADDL_MASK)
				return 0;
			seen |= first;
			next = first + addl + 2u;
			in[2u + i] = (first << HVTLFS_RANGE_PAGE_SHIFT) | addl;
		}
		if (seen > HVTLFS_RANGE_MAX_PAGE || next > HVTLFS_RANGE_MAX_PAGE + 2u)
			return 0; /* HVTLFS_ERR_RANGE_WRAP: the library's */
	}
	hvtlfs_gpa_plan_list_(req, page, plan, in, nr);
	return 1;
}
/*! @endcond */

/*!
 * @brief Plans a synthetic cluster IPI and writes its input.
 *
 * Choices, in order: no hypercall when the partition does not recommend hypercall
 * IPIs (CPUID 0x40000004 EAX bit 10 clear: #HVTLFS_ERR_FALLBACK, use the APIC); every
 * target below 64 (and #HVTLFS_POLICY_PREFER_EX not set or not allowed):
 * HvCallSendSyntheticClusterIpi, fast, vector in RDX and the processor mask in R8; a
 * VP at 64 or above: HvCallSendSyntheticClusterIpiEx with an HV_VP_SET, which needs
 * the Ex hint (bit 11, else #HVTLFS_ERR_FALLBACK), in the XMM registers when the
 * build has the XMM forms, the partition has XMM input and it fits, else in the input
 * page. "Every VP" is the Ex call's HV_GENERIC_SET_ALL (with the Ex hint), else the
 * processor mask of VPs 0 to hvtlfs_ipi_request::vp_count - 1 when that is at most 64.
 * "All but self" is never the ALL form: it names every VP but the sender
 * (hvtlfs_ipi_request::vp_count needed), so the sender is not interrupted. No target
 * left (an empty set, or only the sender): #HVTLFS_FORM_NONE, nothing to issue.
 *
 * Inline: the fast legacy call from a bitmap or a CPU source is planned in the caller.
 * @param req what to send to whom.
 * @param features the partition's features: the planner reads
 *        hvtlfs_features::cluster_ipi_recommended,
 *        hvtlfs_features::ex_processor_masks_recommended and hvtlfs_features::xmm_input.
 * @param page the input page for the slow Ex form (hvtlfs_input_page_init()); may be
 *        NULL when only the register forms may be used.
 * @param[out] plan the plan; on any error its form is #HVTLFS_FORM_NONE.
 * @return #HVTLFS_OK (with #HVTLFS_FORM_NONE when no VP is targeted);
 *         #HVTLFS_ERR_NULL (a NULL @p req, @p features or @p plan, a NULL bitmap
 *         with a non-zero length); #HVTLFS_ERR_VECTOR_RANGE for a vector outside
 *         0x10-0xFF; #HVTLFS_ERR_FALLBACK (see above); #HVTLFS_ERR_VP_RANGE for a VP
 *         at or above 4096 (or a hvtlfs_ipi_request::vp_count above 4096);
 *         #HVTLFS_ERR_NO_VP_COUNT for "all but self" without
 *         hvtlfs_ipi_request::vp_count; #HVTLFS_ERR_ALIGNMENT,
 *         #HVTLFS_ERR_PAGE_MISMATCH for a page hvtlfs_input_page_init() would refuse;
 *         #HVTLFS_ERR_NO_SPACE when the Ex input needs the page and it is missing or
 *         too small.
 */
HVTLFS_MUST_CHECK HVTLFS_ALWAYS_INLINE int
hvtlfs_ipi_plan_build(const struct hvtlfs_ipi_request *req, const struct hvtlfs_features *features,
		      const struct hvtlfs_input_page *page, struct hvtlfs_ipi_plan *plan)
{
	size_t cpu = 0;
	uint64_t part = 0;

	if (req != NULL && features != NULL && plan != NULL &&
	    hvtlfs_ipi_plan_one_(req, features, plan, &cpu, &part))
		return HVTLFS_OK;
	return hvtlfs_ipi_plan_resume_(req, features, page, plan, HVTLFS_PLAN_OPTS_, cpu, part);
}

/*!
 * @brief Plans a nested hypervisor's flush of its guest's second-level translations
 *        and writes its input.
 *
 * Choices, in order: no hypercall when the partition lacks the guest-mapping flush
 * (CPUID 0x4000000A EAX bit 18: #HVTLFS_ERR_FALLBACK); the ranges as
 * HvFlushGuestPhysicalAddressList with HV_GPA_PAGE_RANGE entries when they fit (the
 * XMM registers when the build has the XMM forms, the partition has XMM input and
 * they fit 112 bytes, else the input page) and hvtlfs_gpa_flush_request::max_list_entries
 * allows; large-page entries (bit 11, 2 MiB or 1 GiB) only up to
 * hvtlfs_gpa_flush_request::mapping_size, where they need fewer entries; otherwise
 * HvFlushGuestPhysicalAddressSpace, fast, its 16 bytes in RDX and R8. The nested bit
 * (control bit 31) when hvtlfs_gpa_flush_request::nested.
 *
 * Inline: a list of ranges ascending and apart, one 4 KiB entry each, in the page, is
 * planned in the caller; the rest by the library, with the same decisions and bytes.
 * @param req what to flush.
 * @param features the partition's features: the planner reads
 *        hvtlfs_features::nested (gpa_flush_hypercalls) and hvtlfs_features::xmm_input.
 * @param page the input page for a list in the page (hvtlfs_input_page_init()); may
 *        be NULL: then a list that does not fit the registers becomes the whole-space
 *        flush.
 * @param[out] plan the plan; on any error its form is #HVTLFS_FORM_NONE.
 * @return #HVTLFS_OK; #HVTLFS_ERR_NULL; #HVTLFS_ERR_FALLBACK;
 *         #HVTLFS_ERR_MAPPING_SIZE for a mapping size other than 0, 4 KiB, 2 MiB,
 *         1 GiB; #HVTLFS_ERR_EMPTY_RANGE for no range (and not everything) or an empty
 *         range; #HVTLFS_ERR_RANGE_WRAP for a range past the top GPA page;
 *         #HVTLFS_ERR_ALIGNMENT, #HVTLFS_ERR_PAGE_MISMATCH for a page
 *         hvtlfs_input_page_init() would refuse.
 */
HVTLFS_MUST_CHECK HVTLFS_ALWAYS_INLINE int hvtlfs_gpa_flush_plan_build(
	const struct hvtlfs_gpa_flush_request *req, const struct hvtlfs_features *features,
	const struct hvtlfs_input_page *page, struct hvtlfs_gpa_flush_plan *plan)
{
	if (req != NULL && features != NULL && plan != NULL &&
	    hvtlfs_gpa_flush_plan_one_(req, features, page, plan))
		return HVTLFS_OK;
	return hvtlfs_gpa_flush_plan_build_(req, features, page, plan, HVTLFS_PLAN_OPTS_);
}

/*!
 * @brief A guest's address space set up once for guest-physical flushes
 *        (hvtlfs_gpa_flush_space_init()): what does not change between them checked
 *        once, so each flush (hvtlfs_gpa_flush_plan_ranges()) checks only its ranges.
 *
 * Every field is private: fill it with hvtlfs_gpa_flush_space_init() only. It points to
 * the features and the input page it was given, which must stay valid and unchanged
 * while it is used (a kernel keeps one per CPU and guest address space, beside its
 * per-CPU input page, and sets it up again when either changes; or one per CPU,
 * naming the address space with each flush: hvtlfs_gpa_flush_plan_ranges_as()).
 */
struct hvtlfs_gpa_flush_space {
	/*! @cond HVTLFS_INTERNAL */
	struct hvtlfs_gpa_flush_request req_; /* the constant part; no ranges */
	const struct hvtlfs_features *features_;
	const struct hvtlfs_input_page *page_;
	/* The page's words when one 4 KiB entry is planned inline (a checked page of at
	 * least HVTLFS_PLAN_INLINE_BYTES_, the slow form), else NULL. */
	uint64_t *in_;
	uint64_t control_; /* that one-entry list's control word */
	unsigned int opts_;
	int error_; /* what hvtlfs_gpa_flush_space_init() returned */
		    /*! @endcond */
};

/*! @cond HVTLFS_INTERNAL */
HVTLFS_MUST_CHECK int hvtlfs_gpa_flush_space_init_(struct hvtlfs_gpa_flush_space *space,
						   const struct hvtlfs_gpa_flush_request *req,
						   const struct hvtlfs_features *features,
						   const struct hvtlfs_input_page *page,
						   unsigned int opts);
HVTLFS_MUST_CHECK int hvtlfs_gpa_flush_plan_ranges_(const struct hvtlfs_gpa_flush_space *space,
						    uint64_t address_space,
						    const struct hvtlfs_page_range *ranges,
						    size_t nranges,
						    struct hvtlfs_gpa_flush_plan *plan);
/*! @endcond */

/*!
 * @brief Sets up a guest's address space for hvtlfs_gpa_flush_plan_ranges(): checks
 *        once the features, the input page and the constant part of the request.
 *
 * Plan and set up in translation units with the same #HVTLFS_HYPERCALL_XMM.
 * @param[out] space the set-up space; on an error it holds the error, and
 *        hvtlfs_gpa_flush_plan_ranges() returns it and plans nothing.
 * @param req the request's constant part: hvtlfs_gpa_flush_request::address_space,
 *        hvtlfs_gpa_flush_request::mapping_size, hvtlfs_gpa_flush_request::nested,
 *        hvtlfs_gpa_flush_request::flags and hvtlfs_gpa_flush_request::max_list_entries
 *        (its ranges, nranges and everything are not read: each flush names its
 *        ranges; hvtlfs_gpa_flush_plan_ranges_as() names its address space too).
 * @param features the partition's features, as for hvtlfs_gpa_flush_plan_build();
 *        kept by pointer.
 * @param page the input page (hvtlfs_input_page_init()), or NULL as for
 *        hvtlfs_gpa_flush_plan_build(); kept by pointer.
 * @return #HVTLFS_OK; #HVTLFS_ERR_NULL (a NULL @p space, @p req or @p features);
 *         #HVTLFS_ERR_FALLBACK (no guest-mapping flush: CPUID 0x4000000A EAX bit 18);
 *         #HVTLFS_ERR_MAPPING_SIZE for a mapping size other than 0, 4 KiB, 2 MiB,
 *         1 GiB; #HVTLFS_ERR_ALIGNMENT, #HVTLFS_ERR_PAGE_MISMATCH for a page
 *         hvtlfs_input_page_init() would refuse.
 */
HVTLFS_MUST_CHECK HVTLFS_ALWAYS_INLINE int hvtlfs_gpa_flush_space_init(
	struct hvtlfs_gpa_flush_space *space, const struct hvtlfs_gpa_flush_request *req,
	const struct hvtlfs_features *features, const struct hvtlfs_input_page *page)
{
	return hvtlfs_gpa_flush_space_init_(space, req, features, page, HVTLFS_PLAN_OPTS_);
}

/*!
 * @brief Plans a guest-physical flush of @p ranges of the guest address space
 *        @p address_space, in a space set up by hvtlfs_gpa_flush_space_init(), and
 *        writes its input.
 *
 * For a nested hypervisor that flushes whichever second-level root is current (KVM
 * flushes each vCPU's root in turn): one space a CPU, the address space named with
 * each flush. The same decisions and the same bytes as hvtlfs_gpa_flush_plan_build()
 * given the space's request with this address space and these ranges (not
 * everything), its features and its page; only the ranges are checked here (every
 * 64-bit address space is valid, as for hvtlfs_gpa_flush_plan_build()).
 *
 * Inline: one range of at most 2048 pages, in the space's page, is planned in the
 * caller (one 4 KiB HV_GPA_PAGE_RANGE entry); the rest by the library.
 * @param space a space hvtlfs_gpa_flush_space_init() filled (its address space is not
 *        read).
 * @param address_space the guest address space to flush (HvFlushGuestPhysicalAddressList's
 *        and HvFlushGuestPhysicalAddressSpace's AddressSpace: the root of its
 *        second-level tables).
 * @param ranges the guest physical page ranges to flush.
 * @param nranges the number of @p ranges.
 * @param[out] plan the plan; on any error its form is #HVTLFS_FORM_NONE.
 * @return #HVTLFS_OK; #HVTLFS_ERR_NULL (a NULL @p space or @p plan, NULL @p ranges
 *         with a non-zero @p nranges); the error hvtlfs_gpa_flush_space_init() returned
 *         for @p space; #HVTLFS_ERR_EMPTY_RANGE for no range or an empty range;
 *         #HVTLFS_ERR_RANGE_WRAP for a range past the top GPA page.
 */
HVTLFS_MUST_CHECK HVTLFS_ALWAYS_INLINE int
hvtlfs_gpa_flush_plan_ranges_as(const struct hvtlfs_gpa_flush_space *space, uint64_t address_space,
				const struct hvtlfs_page_range *ranges, size_t nranges,
				struct hvtlfs_gpa_flush_plan *plan)
{
	if (space != NULL && plan != NULL && ranges != NULL && nranges == 1u) {
		uint64_t *const in = space->in_;
		const uint64_t first = ranges[0].first,
			       addl = ranges[0].count - 1u; /* 0: too many */

		if (in != NULL && addl <= HVTLFS_RANGE_EXT_ADDL_MASK &&
		    first <= HVTLFS_RANGE_MAX_PAGE - addl) {
			in[0] = address_space;
			in[1] = 0; /* flags: reserved */
			in[2] = (first << HVTLFS_RANGE_PAGE_SHIFT) | addl;
			plan->control = space->control_;
			plan->form = HVTLFS_FORM_SLOW;
			plan->input_size = 3u * sizeof(uint64_t);
			plan->entries = 1;
			plan->address_space = address_space;
			plan->page = space->page_;
			return HVTLFS_OK;
		}
	}
	return hvtlfs_gpa_flush_plan_ranges_(space, address_space, ranges, nranges, plan);
}

/*!
 * @brief Plans a guest-physical flush of @p ranges in a space set up by
 *        hvtlfs_gpa_flush_space_init(), and writes its input.
 *
 * hvtlfs_gpa_flush_plan_ranges_as() with the address space the space was set up with:
 * the same decisions and the same bytes as hvtlfs_gpa_flush_plan_build() given the
 * space's request with these ranges (not everything), its features and its page; only
 * the ranges are checked here.
 * @param space a space hvtlfs_gpa_flush_space_init() filled.
 * @param ranges the guest physical page ranges to flush.
 * @param nranges the number of @p ranges.
 * @param[out] plan the plan; on any error its form is #HVTLFS_FORM_NONE.
 * @return as hvtlfs_gpa_flush_plan_ranges_as().
 */
HVTLFS_MUST_CHECK HVTLFS_ALWAYS_INLINE int
hvtlfs_gpa_flush_plan_ranges(const struct hvtlfs_gpa_flush_space *space,
			     const struct hvtlfs_page_range *ranges, size_t nranges,
			     struct hvtlfs_gpa_flush_plan *plan)
{
	return hvtlfs_gpa_flush_plan_ranges_as(space, space != NULL ? space->req_.address_space : 0,
					       ranges, nranges, plan);
}

/*! @} */

HVTLFS_END_DECLS

#endif /* HVTLFS_PLANNER_H */
