/* SPDX-License-Identifier: BSD-2-Clause */
#include "hvtlfs/planner.h"
#include "hvtlfs/arch.h" /* HVTLFS_ARCH_HAS_XMM_HYPERCALL: whether the XMM form exists */
#include "hvtlfs/flush.h"
#include "hvtlfs/vpset.h"
#include "hvtlfs_internal.h"

/*
 * The encoder flags for large-page entries the mapping allows, 0 for none: a
 * large-page entry tells the hypervisor the range is mapped that large, and it
 * may then invalidate once per large page. -1 for a size no page has.
 */
static int large_flags(uint32_t mapping_size)
{
	switch (mapping_size) {
	case 0:
	case HVTLFS_MAPPING_4K:
		return 0;
	case HVTLFS_MAPPING_2M:
		return (int)(HVTLFS_RANGE_FORMAT_GVA_EXTENDED | HVTLFS_RANGE_ENCODE_LARGE_PAGES |
			     HVTLFS_RANGE_ENCODE_NO_1G);
	case HVTLFS_MAPPING_1G:
		return (int)(HVTLFS_RANGE_FORMAT_GVA_EXTENDED | HVTLFS_RANGE_ENCODE_LARGE_PAGES);
	default:
		return -1;
	}
}

/* First and last byte the ranges name (already validated by the encoder). */
static void span(const struct hvtlfs_range *r, size_t n, uint64_t *start, uint64_t *last)
{
	uint64_t lo = HVTLFS_PLAN_LAST_ALL, hi = 0;
	size_t i;

	for (i = 0; i < n; i++) {
		uint64_t end = r[i].start + (r[i].length - 1u);

		if (r[i].start < lo)
			lo = r[i].start;
		if (end > hi)
			hi = end;
	}
	*start = lo;
	*last = hi;
}

int hvtlfs_flush_plan_build(const struct hvtlfs_flush_request *req,
			    const struct hvtlfs_features *features,
			    const struct hvtlfs_flush_policy *policy, void *page, size_t page_size,
			    struct hvtlfs_flush_plan *plan)
{
	uint64_t flags = 0, mask = 0, hdr, *dst;
	size_t need = 0;
	unsigned int pflags = policy ? policy->flags : 0u, fmt = HVTLFS_RANGE_FORMAT_GVA_SIMPLE;
	size_t top;
	size_t cap;
	bool ex = false, list = false, xmm;
	int banks = 0, rc, large;
	unsigned int opts;
	struct hvtlfs_prepared p;

	if (!req || !features || !page || !plan)
		return HVTLFS_ERR_NULL;
	if (!hvtlfs_is_aligned_((uintptr_t)page, HVTLFS_INPUT_ALIGN))
		return HVTLFS_ERR_ALIGNMENT;
	hvtlfs_zero_(plan, sizeof(*plan));
	large = large_flags(req->mapping_size);
	if (large < 0)
		return HVTLFS_ERR_MAPPING_SIZE;
	if (!features->remote_tlb_flush_recommended)
		return HVTLFS_ERR_FALLBACK;

	if (req->vps.all) {
		/* Every VP: a legacy call with ALL_PROCESSORS, whatever the VP count. */
		flags |= HVTLFS_FLUSH_ALL_PROCESSORS;
		plan->nvps = features->max_vps;
	} else {
		if (req->vps.words && !req->vps.bitmap)
			return HVTLFS_ERR_NULL;
		if (!hvtlfs_vp_bitmap_highest(req->vps.bitmap, req->vps.words, &top))
			return HVTLFS_OK; /* nobody to flush */
		if (top >= HVTLFS_VPSET_MAX_VPS)
			return HVTLFS_ERR_VP_RANGE;
		if (top >= 64u && !features->ex_processor_masks_recommended)
			return HVTLFS_ERR_FALLBACK;
		ex = top >= 64u || ((pflags & HVTLFS_POLICY_PREFER_EX) &&
				    features->ex_processor_masks_recommended);
		if (ex) {
			banks = hvtlfs_vp_targets_banks(&req->vps);
			if (banks < 0)
				return banks;
		} else {
			mask = req->vps.bitmap[0];
		}
		plan->nvps = (uint32_t)hvtlfs_vp_bitmap_count(req->vps.bitmap, req->vps.words);
	}
	if (req->all_spaces)
		flags |= HVTLFS_FLUSH_ALL_VIRTUAL_ADDRESS_SPACES;
	else
		plan->address_space = req->address_space;
	/* The fixed header, and an Ex call's bank words (its variable header). */
	hdr = ex ? sizeof(struct hvtlfs_flush_ex_input) + sizeof(uint64_t) * (uint64_t)banks
		 : sizeof(struct hvtlfs_flush_input);
	xmm = HVTLFS_ARCH_HAS_XMM_HYPERCALL && features->xmm_input &&
	      !(pflags & HVTLFS_POLICY_NO_XMM);

	if (!req->everything) {
		size_t need_x;
		uint64_t limit;

		if (!req->nranges)
			return HVTLFS_ERR_EMPTY_RANGE;
		rc = hvtlfs_ranges_encode(NULL, 0, req->ranges, req->nranges,
					  HVTLFS_RANGE_FORMAT_GVA_SIMPLE, &need);
		if (rc < 0)
			return rc;
		/* Large pages only as large as the mappings; a 4 KiB flush stays simple. */
		if (large && features->ext_gva_ranges && !(pflags & HVTLFS_POLICY_NO_LARGE_PAGES)) {
			rc = hvtlfs_ranges_encode(NULL, 0, req->ranges, req->nranges,
						  (unsigned int)large, &need_x);
			if (rc < 0)
				return rc;
			if (need_x < need) {
				need = need_x;
				fmt = (unsigned int)large;
			}
		}
		limit = page_size >= hdr ? (page_size - hdr) / sizeof(uint64_t) : 0u;
		if (xmm && hdr + sizeof(uint64_t) * (uint64_t)need <= HVTLFS_FAST_XMM_BYTES)
			limit = need; /* fits the registers whatever the page */
		if (policy && policy->max_list_entries && policy->max_list_entries < limit)
			limit = policy->max_list_entries;
		list = need <= limit && need <= HVTLFS_CONTROL_REP_MAX;
		span(req->ranges, req->nranges, &plan->start, &plan->last);
	}
	if (!list) {
		plan->start = 0;
		plan->last = HVTLFS_PLAN_LAST_ALL;
		if (req->non_global_only)
			flags |= HVTLFS_FLUSH_NON_GLOBAL_MAPPINGS_ONLY;
		need = 0;
	}
	if (list && (fmt & HVTLFS_RANGE_FORMAT_GVA_EXTENDED))
		flags |= HVTLFS_FLUSH_USE_EXTENDED_RANGE_FORMAT;

	if (xmm && hdr + sizeof(uint64_t) * (uint64_t)need <= HVTLFS_FAST_XMM_BYTES) {
		dst = plan->regs;
		cap = HVTLFS_FAST_XMM_BYTES;
		opts = HVTLFS_CTL_FAST;
		plan->form = HVTLFS_FORM_XMM;
	} else {
		if (hdr > page_size)
			return HVTLFS_ERR_NO_SPACE;
		dst = (uint64_t *)page;
		cap = page_size;
		opts = 0;
		plan->form = HVTLFS_FORM_SLOW;
	}

	if (list) {
		uint64_t *entries = dst + hdr / sizeof(uint64_t);

		/* Encoded in place: the builder then lays the header in front of them. */
		rc = hvtlfs_ranges_encode(entries, need, req->ranges, req->nranges, fmt, NULL);
		if (rc < 0 || (size_t)rc != need) {
			plan->form = HVTLFS_FORM_NONE;
			return rc < 0 ? rc : HVTLFS_ERR_INVALID_ARG;
		}
		rc = ex ? hvtlfs_flush_build_list_ex(dst, cap, plan->address_space, flags,
						     &req->vps, entries, (uint32_t)need, opts, &p)
			: hvtlfs_flush_build_list(dst, cap, plan->address_space, flags, mask,
						  entries, (uint32_t)need, opts, &p);
	} else {
		rc = ex ? hvtlfs_flush_build_space_ex(dst, cap, plan->address_space, flags,
						      &req->vps, opts, &p)
			: hvtlfs_flush_build_space(dst, cap, plan->address_space, flags, mask, opts,
						   &p);
	}
	if (rc) {
		plan->form = HVTLFS_FORM_NONE;
		return rc;
	}
	plan->control = p.control;
	plan->input_size = p.input_size;
	plan->entries = p.rep_count;
	return HVTLFS_OK;
}
