/* SPDX-License-Identifier: BSD-2-Clause */
#include "hvtlfs/planner.h"
#include "hvtlfs/control.h"
#include "hvtlfs/flush.h"
#include "hvtlfs/vpset.h"
#include "hvtlfs_internal.h"

/* ---- What every planner shares. ---- */

/* The checks of hvtlfs_input_page_init(), each failure its own error. */
static int page_check(const struct hvtlfs_input_page *pg)
{
	const uint64_t va = (uint64_t)(uintptr_t)pg->va, gpa = pg->gpa;

	if (pg->va == NULL)
		return pg->size ? HVTLFS_ERR_NULL : HVTLFS_OK;
	if (!hvtlfs_is_aligned_(va, HVTLFS_INPUT_ALIGN) ||
	    !hvtlfs_is_aligned_(gpa, HVTLFS_INPUT_ALIGN))
		return HVTLFS_ERR_ALIGNMENT;
	if (((va ^ gpa) & (HVTLFS_PAGE_SIZE - 1u)) != 0)
		return HVTLFS_ERR_PAGE_MISMATCH;
	if (pg->size > HVTLFS_PAGE_SIZE - (gpa & (HVTLFS_PAGE_SIZE - 1u)))
		return HVTLFS_ERR_ALIGNMENT; /* the input could cross a page */
	return HVTLFS_OK;
}

int hvtlfs_input_page_init(struct hvtlfs_input_page *page, void *va, uint64_t gpa, size_t size)
{
	struct hvtlfs_input_page pg;
	int rc;

	if (page == NULL)
		return HVTLFS_ERR_NULL;
	pg.va = va;
	pg.gpa = gpa;
	pg.size = size;
	pg.checked_ = hvtlfs_input_page_mark_(va, gpa, size);
	rc = page_check(&pg);
	if (rc != HVTLFS_OK)
		return rc;
	/* Field by field: a struct copy can be a memcpy call at -O0. */
	page->va = pg.va;
	page->gpa = pg.gpa;
	page->size = pg.size;
	page->checked_ = pg.checked_;
	return HVTLFS_OK;
}

/* The page's words, and how many of them (0 without a page). */
static uint64_t *page_words(const struct hvtlfs_input_page *pg, size_t *bytes)
{
	if (pg == NULL || pg->va == NULL) {
		*bytes = 0;
		return NULL;
	}
	*bytes = pg->size & ~(size_t)(sizeof(uint64_t) - 1u);
	return (uint64_t *)pg->va;
}

/* Copies the HV_VP_SET of an Ex flush input begun in the registers (its words from the
 * format to the header's end, @n header words in all) to the page; the address space
 * and the flags before it are written afterwards, in the page. The stores are volatile:
 * no memcpy call appears. */
static void to_page(uint64_t *page, const uint64_t *regs, size_t n)
{
	volatile uint64_t *p = page;
	size_t i;

	for (i = HVTLFS_OFFSETOF(struct hvtlfs_flush_ex_input, vp_set_format) / sizeof(uint64_t);
	     i < n; i++)
		p[i] = regs[i];
}

/* The non-zero words of a VP bitmap of @words words (its @banks bank words, ascending) at
 * @out. The loop stops at whichever ends first: the same words either way, and a bound
 * on what is read and what is written. */
static void copy_banks(uint64_t *out, const uint64_t *bm, size_t words, size_t banks)
{
	size_t i, k = 0;

	for (i = 0; i < words && k < banks; i++)
		if (bm[i] != 0)
			out[k++] = bm[i];
}

/*
 * The VPs of a bitmap, read once: the mask of its non-empty banks (*@banks) or an
 * error: HVTLFS_ERR_NULL for a NULL bitmap with words, HVTLFS_ERR_VP_RANGE for a VP
 * at 4096 or above.
 */
static int bitmap_banks(const uint64_t *bm, size_t words, size_t skip_vp, uint64_t *banks)
{
	uint64_t m = 0;
	size_t i;

	if (words != 0 && bm == NULL)
		return HVTLFS_ERR_NULL;
	for (i = 0; i < words; i++) {
		uint64_t w = bm[i];

		if (skip_vp < HVTLFS_VPSET_MAX_VPS && i == skip_vp >> 6)
			w &= ~HVTLFS_BIT64(skip_vp & 63u);
		if (w == 0)
			continue;
		if (i >= HVTLFS_VPSET_MAX_BANKS)
			return HVTLFS_ERR_VP_RANGE;
		m |= HVTLFS_BIT64(i);
	}
	*banks = m;
	return HVTLFS_OK;
}

/* ---- The flush planner. ---- */

/*
 * The encoder flags for large-page entries the mapping allows, 0 for none: a
 * large-page entry tells the hypervisor the range is mapped that large, and it
 * may then invalidate once per large page. -1 for a size no page has.
 */
static int large_flags(uint32_t mapping_size, unsigned int format)
{
	switch (mapping_size) {
	case 0:
	case HVTLFS_MAPPING_4K:
		return 0;
	case HVTLFS_MAPPING_2M:
		return (int)(format | HVTLFS_RANGE_ENCODE_LARGE_PAGES | HVTLFS_RANGE_ENCODE_NO_1G);
	case HVTLFS_MAPPING_1G:
		return (int)(format | HVTLFS_RANGE_ENCODE_LARGE_PAGES);
	default:
		return -1;
	}
}

static void flush_plan_reset(struct hvtlfs_flush_plan *plan)
{
	plan->control = 0;
	plan->form = HVTLFS_FORM_NONE;
	plan->input_size = 0;
	plan->entries = 0;
	plan->max_vps = 0;
	plan->page = NULL;
	plan->address_space = 0;
	plan->start = 0;
	plan->last = 0;
}

/*
 * The flush planner's own bookkeeping, so that every error path leaves the plan empty.
 * The input is written where it will be issued from: the registers when the XMM form
 * may be used (the page untouched), the page otherwise. A list that turns out too long
 * for the registers is written to the page instead: the one case that encodes twice,
 * and only in builds with the XMM forms.
 */
static int flush_plan(const struct hvtlfs_flush_request *req, const struct hvtlfs_features *f,
		      const struct hvtlfs_flush_policy *policy, const struct hvtlfs_input_page *pg,
		      struct hvtlfs_flush_plan *plan, unsigned int opts)
{
	const unsigned int pflags = policy != NULL ? policy->flags : 0u;
	const bool ex_ok = f->ex_processor_masks_recommended;
	const size_t at = HVTLFS_OFFSETOF(struct hvtlfs_flush_ex_input, vp_set_format) /
			  sizeof(uint64_t); /* where an Ex call's HV_VP_SET starts */
	uint64_t flags = 0, mask = 0, bank_mask = 0, control, *in, *pw;
	size_t room, pbytes, hdr, need = 0, banks = 0, size, limit = 0;
	bool ex, list = false, xmm;
	struct hvtlfs_list_plan_ lp;
	int large, rc;

	rc = page_check(pg);
	if (rc != HVTLFS_OK)
		return rc;
	large = large_flags(req->mapping_size, HVTLFS_RANGE_FORMAT_GVA_EXTENDED);
	if (large < 0)
		return HVTLFS_ERR_MAPPING_SIZE;
	if (!f->remote_tlb_flush_recommended)
		return HVTLFS_ERR_FALLBACK;
	xmm = (opts & HVTLFS_PLAN_NO_XMM_) == 0 && f->xmm_input &&
	      (pflags & HVTLFS_POLICY_NO_XMM) == 0;
	pw = page_words(pg, &pbytes);
	in = xmm ? plan->regs : pw;
	room = xmm ? HVTLFS_FAST_XMM_BYTES : pbytes;

	if (req->vps.all) {
		/* Every VP: a legacy call with ALL_PROCESSORS, whatever the VP count. */
		flags |= HVTLFS_FLUSH_ALL_PROCESSORS;
		ex = false;
	} else if (req->vps.source != NULL) {
		/* The bank words go straight to their place in an Ex input, the HV_VP_SET at
		 * word 2; a legacy call's processor mask is word 2 too, taken from bank 0. */
		rc = HVTLFS_ERR_NO_SPACE;
		if (in != NULL && room >= sizeof(struct hvtlfs_flush_ex_input))
			rc = hvtlfs_vpset_encode_source_(in + at, room / sizeof(uint64_t) - at,
							 req->vps.source, HVTLFS_NO_VP_, NULL);
		if (rc == HVTLFS_ERR_NO_SPACE && in != pw && pw != NULL &&
		    pbytes >= sizeof(struct hvtlfs_flush_ex_input)) {
			in = pw; /* more banks than the registers hold */
			room = pbytes;
			rc = hvtlfs_vpset_encode_source_(in + at, room / sizeof(uint64_t) - at,
							 req->vps.source, HVTLFS_NO_VP_, NULL);
		}
		if (rc < 0)
			return rc;
		if (rc == 0)
			return HVTLFS_OK; /* nobody to flush */
		if (rc > 1 && !ex_ok)
			return HVTLFS_ERR_FALLBACK;
		ex = rc > 1 || ((pflags & HVTLFS_POLICY_PREFER_EX) && ex_ok);
		banks = ex ? (size_t)rc : 0u;
		mask = in[at + HVTLFS_VPSET_HDR_WORDS];
	} else {
		rc = bitmap_banks(req->vps.bitmap, req->vps.words, HVTLFS_NO_VP_, &bank_mask);
		if (rc != HVTLFS_OK)
			return rc;
		if (bank_mask == 0)
			return HVTLFS_OK; /* nobody to flush */
		if (bank_mask > 1u && !ex_ok)
			return HVTLFS_ERR_FALLBACK;
		ex = bank_mask > 1u || ((pflags & HVTLFS_POLICY_PREFER_EX) && ex_ok);
		banks = ex ? hvtlfs_popcount64(bank_mask) : 0u;
		mask = req->vps.bitmap[0];
	}
	if (req->all_spaces)
		flags |= HVTLFS_FLUSH_ALL_VIRTUAL_ADDRESS_SPACES;
	else
		plan->address_space = req->address_space;
	/* The fixed header, and an Ex call's bank words (its variable header). */
	hdr = ex ? sizeof(struct hvtlfs_flush_ex_input) + sizeof(uint64_t) * banks
		 : sizeof(struct hvtlfs_flush_input);

	if (!req->everything) {
		const int lformat = large != 0 && f->ext_gva_ranges &&
						    (pflags & HVTLFS_POLICY_NO_LARGE_PAGES) == 0
					    ? large
					    : 0;
		const size_t page_cap = pbytes >= hdr ? (pbytes - hdr) / sizeof(uint64_t) : 0u;

		/* Encoded once, in place after the header; entries past the room are only
		 * counted. */
		rc = hvtlfs_ranges_plan_(
			in != NULL && room > hdr ? in + hdr / sizeof(uint64_t) : NULL,
			in != NULL && room > hdr ? (room - hdr) / sizeof(uint64_t) : 0, req->ranges,
			req->nranges, false, HVTLFS_RANGE_FORMAT_GVA_SIMPLE, (unsigned int)lformat,
			&lp);
		if (rc != HVTLFS_OK)
			return rc;
		need = lp.entries > HVTLFS_CONTROL_REP_MAX ? HVTLFS_CONTROL_REP_MAX + 1u
							   : (size_t)lp.entries;
		/* What the page holds, or the registers when the list fits them. */
		limit = page_cap;
		if (xmm && hdr + sizeof(uint64_t) * need <= HVTLFS_FAST_XMM_BYTES)
			limit = need;
		if (policy != NULL && policy->max_list_entries != 0 &&
		    policy->max_list_entries < limit)
			limit = policy->max_list_entries;
		list = need <= limit && need <= HVTLFS_CONTROL_REP_MAX;
		if (list && in != pw && hdr + sizeof(uint64_t) * need > HVTLFS_FAST_XMM_BYTES) {
			/* Too long for the registers, not for the page: written there. */
			if (ex && req->vps.source != NULL)
				to_page(pw, in, hdr / sizeof(uint64_t));
			in = pw;
			room = pbytes;
			rc = hvtlfs_ranges_plan_(
				in + hdr / sizeof(uint64_t), page_cap, req->ranges, req->nranges,
				false, HVTLFS_RANGE_FORMAT_GVA_SIMPLE, (unsigned int)lformat, &lp);
			if (rc != HVTLFS_OK)
				return rc;
		}
		if (list) {
			plan->start = lp.first;
			plan->last = lp.last;
			if (lp.format != HVTLFS_RANGE_FORMAT_GVA_SIMPLE)
				flags |= HVTLFS_FLUSH_USE_EXTENDED_RANGE_FORMAT;
		}
	}
	if (!list) {
		plan->start = 0;
		plan->last = HVTLFS_PLAN_LAST_ALL;
		if (req->non_global_only)
			flags |= HVTLFS_FLUSH_NON_GLOBAL_MAPPINGS_ONLY;
		need = 0;
	}
	size = hdr + sizeof(uint64_t) * need;
	if (in == NULL || size > room) {
		/* A whole-space input too big for the registers (many banks): the page. */
		if (pw == NULL || size > pbytes)
			return HVTLFS_ERR_NO_SPACE;
		if (ex && req->vps.source != NULL)
			to_page(pw, in, hdr / sizeof(uint64_t));
		in = pw;
	}

	in[0] = plan->address_space;
	in[1] = flags;
	if (!ex) {
		in[2] = mask;
	} else if (req->vps.source == NULL) {
		/* The bank words the input's place holds after the Ex header: never fewer
		 * than banks (the size checks above chose the place for them), and the bound
		 * a prover sees the copy stop at, which it does not relate to banks. */
		const size_t fit = ((in == plan->regs ? HVTLFS_FAST_XMM_BYTES : pbytes) -
				    sizeof(struct hvtlfs_flush_ex_input)) /
				   sizeof(uint64_t);

		in[2] = HVTLFS_GENERIC_SET_SPARSE_4K;
		in[3] = bank_mask;
		copy_banks(in + 4, req->vps.bitmap, req->vps.words, banks < fit ? banks : fit);
	}
	control = (uint64_t)(ex ? (list ? HVTLFS_CALL_FLUSH_VIRTUAL_ADDRESS_LIST_EX
					: HVTLFS_CALL_FLUSH_VIRTUAL_ADDRESS_SPACE_EX)
				: (list ? HVTLFS_CALL_FLUSH_VIRTUAL_ADDRESS_LIST
					: HVTLFS_CALL_FLUSH_VIRTUAL_ADDRESS_SPACE)) |
		  ((uint64_t)banks << HVTLFS_CONTROL_VARHDR_SHIFT) |
		  ((uint64_t)need << HVTLFS_CONTROL_REP_COUNT_SHIFT);
	if (in == plan->regs) {
		control |= HVTLFS_CONTROL_FAST;
		plan->form = HVTLFS_FORM_XMM;
	} else {
		plan->form = HVTLFS_FORM_SLOW;
	}
	plan->control = control;
	plan->input_size = (uint32_t)size;
	plan->entries = (uint32_t)need;
	plan->page = pg;
	if (req->vps.all)
		plan->max_vps = f->max_vps;
	return HVTLFS_OK;
}

int hvtlfs_flush_plan_build_(const struct hvtlfs_flush_request *req,
			     const struct hvtlfs_features *features,
			     const struct hvtlfs_flush_policy *policy,
			     const struct hvtlfs_input_page *page, struct hvtlfs_flush_plan *plan,
			     unsigned int opts)
{
	int rc;

	if (plan == NULL)
		return HVTLFS_ERR_NULL;
	flush_plan_reset(plan);
	if (req == NULL || features == NULL || page == NULL)
		return HVTLFS_ERR_NULL;
	rc = flush_plan(req, features, policy, page, plan, opts);
	if (rc != HVTLFS_OK)
		flush_plan_reset(plan);
	return rc;
}

/* The input a plan's form says it is in. */
static const uint64_t *plan_input(uint32_t form, const struct hvtlfs_input_page *page,
				  const uint64_t *regs)
{
	if (form == HVTLFS_FORM_XMM || form == HVTLFS_FORM_FAST)
		return regs;
	if (form == HVTLFS_FORM_SLOW && page != NULL)
		return (const uint64_t *)page->va;
	return NULL;
}

/* VPs of the @n bank words at @banks. */
static uint32_t count_banks(const uint64_t *banks, size_t n)
{
	uint32_t c = 0;
	size_t i;

	for (i = 0; i < n; i++)
		c += hvtlfs_popcount64(banks[i]);
	return c;
}

uint32_t hvtlfs_flush_plan_nvps(const struct hvtlfs_flush_plan *plan)
{
	const uint64_t *in;
	uint16_t code;

	if (plan == NULL)
		return 0;
	in = plan_input(plan->form, plan->page, plan->regs);
	if (in == NULL)
		return 0;
	code = hvtlfs_control_code(plan->control);
	if (code == HVTLFS_CALL_FLUSH_VIRTUAL_ADDRESS_SPACE ||
	    code == HVTLFS_CALL_FLUSH_VIRTUAL_ADDRESS_LIST)
		return (in[1] & HVTLFS_FLUSH_ALL_PROCESSORS) ? plan->max_vps
							     : hvtlfs_popcount64(in[2]);
	return count_banks(in + sizeof(struct hvtlfs_flush_ex_input) / sizeof(uint64_t),
			   hvtlfs_control_var_hdr_size(plan->control));
}

/* ---- The IPI planner. ---- */

static void ipi_plan_reset(struct hvtlfs_ipi_plan *plan)
{
	plan->control = 0;
	plan->form = HVTLFS_FORM_NONE;
	plan->input_size = 0;
	plan->vector = 0;
	plan->page = NULL;
}

/* Bank word @i of "VPs 0 to @count - 1, all but @skip". */
static uint64_t all_bank(size_t i, uint32_t count, uint32_t skip)
{
	uint64_t w = (i + 1u) * 64u <= count ? ~(uint64_t)0
		     : i * 64u < count	     ? HVTLFS_MASK64(count % 64u)
					     : 0;

	if (skip < count && i == skip / 64u)
		w &= ~HVTLFS_BIT64(skip % 64u);
	return w;
}

/*
 * The @banks bank words of an IPI's VPs at @out: those of "every VP" from the VP count,
 * or a bitmap's non-empty words, less VP @skip. The loop ends at the bank count or the
 * bitmap's words (every VP: its 64 banks at most), whichever comes first: the same
 * words either way. Each word is stored at the next bank's place whatever it is: a zero
 * word is overwritten by the next non-zero one, and k stays below the bank count the
 * caller checked the room for.
 */
HVTLFS_ALWAYS_INLINE void ipi_banks(uint64_t *out, const struct hvtlfs_ipi_request *req,
				    size_t banks, uint32_t skip)
{
	const size_t words = req->vps.all ? HVTLFS_VPSET_MAX_BANKS : req->vps.words;
	size_t i, k;

	for (i = 0, k = 0; k < banks && i < words; i++) {
		uint64_t w = req->vps.all ? all_bank(i, req->vp_count, skip) : req->vps.bitmap[i];

		if (!req->vps.all && i == skip / 64u)
			w &= ~HVTLFS_BIT64(skip % 64u);
		out[k] = w;
		k += w != 0;
	}
}

/*
 * The IPI planner. The bank words are written once, straight to where the call will
 * read them (the registers, or the page): a bitmap's non-empty words, "every VP" from
 * the VP count, or a CPU source's banks (banks 0 to the highest, zero banks included,
 * as the vpset encoder writes them).
 */
static int ipi_plan(const struct hvtlfs_ipi_request *req, const struct hvtlfs_features *f,
		    const struct hvtlfs_input_page *pg, struct hvtlfs_ipi_plan *plan,
		    unsigned int opts, size_t cpu, uint64_t part)
{
	const size_t at = HVTLFS_OFFSETOF(struct hvtlfs_ipi_ex_input, vp_set_format) /
			  sizeof(uint64_t); /* where the Ex call's HV_VP_SET starts */
	const uint32_t skip = req->exclude_self ? req->self_vp : HVTLFS_NO_VP_;
	const bool ex_ok = f->ex_processor_masks_recommended;
	const bool prefer_ex = (req->flags & HVTLFS_POLICY_PREFER_EX) != 0 && ex_ok;
	uint64_t *in, *pw, bank_mask = 0, mask = 0;
	/* A CPU source's bank 0 when there is no room for the Ex input: the Ex input's
	 * header and one bank word, zeroed word by word where it is used. */
	uint64_t probe[sizeof(struct hvtlfs_ipi_ex_input) / sizeof(uint64_t) + 1u];
	size_t pbytes = 0, room, banks = 0, i, size;
	bool xmm, all = false, written = false;
	int rc;

	if (req->vector < HVTLFS_IPI_VECTOR_MIN || req->vector > HVTLFS_IPI_VECTOR_MAX)
		return HVTLFS_ERR_VECTOR_RANGE;
	if (pg != NULL) {
		rc = page_check(pg);
		if (rc != HVTLFS_OK)
			return rc;
	}
	if (!f->cluster_ipi_recommended)
		return HVTLFS_ERR_FALLBACK;
	xmm = (opts & HVTLFS_PLAN_NO_XMM_) == 0 && f->xmm_input &&
	      (req->flags & HVTLFS_POLICY_NO_XMM) == 0;
	pw = page_words(pg, &pbytes);
	in = xmm ? plan->regs : pw;
	room = xmm ? HVTLFS_FAST_XMM_BYTES : pbytes;

	if (req->vps.all) {
		if (req->vp_count > HVTLFS_VPSET_MAX_VPS)
			return HVTLFS_ERR_VP_RANGE;
		if (!req->exclude_self && ex_ok &&
		    (req->vp_count == 0 || req->vp_count > 64u || prefer_ex)) {
			all = true; /* HV_GENERIC_SET_ALL: never with an excluded sender */
		} else if (req->vp_count == 0) {
			return req->exclude_self ? HVTLFS_ERR_NO_VP_COUNT : HVTLFS_ERR_FALLBACK;
		} else {
			banks = (req->vp_count + 63u) / 64u;
			for (i = 0; i < banks; i++)
				if (all_bank(i, req->vp_count, skip) != 0)
					bank_mask |= HVTLFS_BIT64(i);
			mask = all_bank(0, req->vp_count, skip);
			banks = hvtlfs_popcount64(bank_mask); /* the sender's bank may be empty */
		}
	} else if (req->vps.source != NULL) {
		/* Encoded once, in place; a set too big for the registers goes to the page. */
		rc = HVTLFS_ERR_NO_SPACE;
		if (in != NULL && room >= sizeof(struct hvtlfs_ipi_ex_input))
			rc = hvtlfs_vpset_encode_source_at_(in + at, room / sizeof(uint64_t) - at,
							    req->vps.source, skip, cpu, part, NULL);
		if (rc == HVTLFS_ERR_NO_SPACE && in != pw && pw != NULL &&
		    pbytes >= sizeof(struct hvtlfs_ipi_ex_input)) {
			in = pw;
			room = pbytes;
			rc = hvtlfs_vpset_encode_source_at_(in + at, room / sizeof(uint64_t) - at,
							    req->vps.source, skip, cpu, part, NULL);
		}
		if (rc == HVTLFS_ERR_NO_SPACE) {
			/* No room for this Ex input (no page and no XMM form, a small page,
			 * a set too big for the registers and no page): bank 0 alone tells
			 * whether the fast call serves or nobody is left, as for a bitmap;
			 * a set that needs the Ex call goes to the APIC without the Ex hint
			 * and has nowhere to go with it. */
			HVTLFS_STATIC_ASSERT(sizeof(probe) == 4u * sizeof(uint64_t),
					     "the probe's words, each zeroed below");
			probe[0] = probe[1] = probe[2] = probe[3] = 0;
			in = probe;
			room = 0; /* never the call's input */
			rc = hvtlfs_vpset_encode_source_at_(in + at, HVTLFS_VPSET_HDR_WORDS + 1u,
							    req->vps.source, skip, cpu, part, NULL);
			if (rc == HVTLFS_ERR_NO_SPACE && !ex_ok)
				return HVTLFS_ERR_FALLBACK; /* a VP at 64 or above */
		}
		if (rc < 0)
			return rc;
		banks = (size_t)rc;
		bank_mask = banks >= 64u ? ~(uint64_t)0 : HVTLFS_MASK64(banks);
		if (banks != 0)
			mask = in[at + HVTLFS_VPSET_HDR_WORDS];
		written = true;
	} else {
		rc = bitmap_banks(req->vps.bitmap, req->vps.words, skip, &bank_mask);
		if (rc != HVTLFS_OK)
			return rc;
		banks = hvtlfs_popcount64(bank_mask);
		if (bank_mask == 1u)
			mask = req->vps.bitmap[0] & ~(skip < 64u ? HVTLFS_BIT64(skip) : 0);
	}
	if (!all && bank_mask == 0)
		return HVTLFS_OK; /* nobody to interrupt */
	if (!all && banks == 1u && bank_mask == 1u && !prefer_ex) {
		plan->control = HVTLFS_CALL_SEND_SYNTHETIC_CLUSTER_IPI | HVTLFS_CONTROL_FAST;
		plan->form = HVTLFS_FORM_FAST;
		plan->input_size = sizeof(struct hvtlfs_ipi_input);
		plan->vector = req->vector;
		plan->regs[0] = req->vector; /* target VTL 0, padding 0 */
		plan->regs[1] = mask;
		return HVTLFS_OK;
	}
	if (!ex_ok)
		return HVTLFS_ERR_FALLBACK; /* a VP at 64 or above needs the Ex call */
	if (all)
		banks = 0;
	size = sizeof(struct hvtlfs_ipi_ex_input) + sizeof(uint64_t) * banks;
	if (!written && (in == NULL || size > room)) {
		in = pw; /* too big for the registers */
		room = pbytes;
	}
	/* size > room, as the bank words that fit: the bound on those written below. */
	if (in == NULL || room < sizeof(struct hvtlfs_ipi_ex_input) ||
	    banks > (room - sizeof(struct hvtlfs_ipi_ex_input)) / sizeof(uint64_t))
		return HVTLFS_ERR_NO_SPACE;
	in[0] = req->vector; /* target VTL 0, padding 0 */
	if (all) {
		in[at] = HVTLFS_GENERIC_SET_ALL;
		in[at + 1u] = 0;
	} else if (!written) {
		in[at] = HVTLFS_GENERIC_SET_SPARSE_4K;
		in[at + 1u] = bank_mask;
		ipi_banks(in + at + 2u, req, banks, skip);
	}
	plan->control = HVTLFS_CALL_SEND_SYNTHETIC_CLUSTER_IPI_EX |
			((uint64_t)banks << HVTLFS_CONTROL_VARHDR_SHIFT);
	if (in == plan->regs) {
		plan->control |= HVTLFS_CONTROL_FAST;
		plan->form = HVTLFS_FORM_XMM;
	} else {
		plan->form = HVTLFS_FORM_SLOW;
		plan->page = pg;
	}
	plan->input_size = (uint32_t)size;
	plan->vector = req->vector;
	return HVTLFS_OK;
}

int hvtlfs_ipi_plan_build_(const struct hvtlfs_ipi_request *req,
			   const struct hvtlfs_features *features,
			   const struct hvtlfs_input_page *page, struct hvtlfs_ipi_plan *plan,
			   unsigned int opts)
{
	return hvtlfs_ipi_plan_resume_(req, features, page, plan, opts, 0, 0);
}

int hvtlfs_ipi_plan_resume_(const struct hvtlfs_ipi_request *req,
			    const struct hvtlfs_features *features,
			    const struct hvtlfs_input_page *page, struct hvtlfs_ipi_plan *plan,
			    unsigned int opts, size_t cpu, uint64_t part)
{
	int rc;

	if (plan == NULL)
		return HVTLFS_ERR_NULL;
	ipi_plan_reset(plan);
	if (req == NULL || features == NULL)
		return HVTLFS_ERR_NULL;
	rc = ipi_plan(req, features, page, plan, opts, cpu, part);
	if (rc != HVTLFS_OK)
		ipi_plan_reset(plan);
	return rc;
}

/* ---- The guest-physical flush planner. ---- */

static void gpa_plan_reset(struct hvtlfs_gpa_flush_plan *plan)
{
	plan->control = 0;
	plan->form = HVTLFS_FORM_NONE;
	plan->input_size = 0;
	plan->entries = 0;
	plan->address_space = 0;
	plan->page = NULL;
}

/* The checks of the guest-physical planner that do not depend on the ranges, in its
 * order: the page, the mapping size (its large-page flags in *@large), the features. */
HVTLFS_ALWAYS_INLINE int gpa_check(const struct hvtlfs_gpa_flush_request *req,
				   const struct hvtlfs_features *f,
				   const struct hvtlfs_input_page *pg, int *large)
{
	int rc;

	if (pg != NULL) {
		rc = page_check(pg);
		if (rc != HVTLFS_OK)
			return rc;
	}
	*large = large_flags(req->mapping_size, HVTLFS_RANGE_FORMAT_GPA);
	if (*large < 0)
		return HVTLFS_ERR_MAPPING_SIZE;
	if (!f->nested.gpa_flush_hypercalls)
		return HVTLFS_ERR_FALLBACK;
	return HVTLFS_OK;
}

/* Whether the list is planned in the XMM registers first. */
HVTLFS_ALWAYS_INLINE bool gpa_xmm(const struct hvtlfs_gpa_flush_request *req,
				  const struct hvtlfs_features *f, unsigned int opts)
{
	return (opts & HVTLFS_PLAN_NO_XMM_) == 0 && f->xmm_input &&
	       (req->flags & HVTLFS_POLICY_NO_XMM) == 0;
}

static int gpa_plan(const struct hvtlfs_gpa_flush_request *req, const struct hvtlfs_features *f,
		    const struct hvtlfs_input_page *pg, struct hvtlfs_gpa_flush_plan *plan,
		    unsigned int opts)
{
	const size_t hdr = sizeof(struct hvtlfs_gpa_flush_input) / sizeof(uint64_t);
	const uint64_t nested = req->nested ? HVTLFS_CONTROL_NESTED : 0;
	uint64_t *in = NULL, *pw;
	size_t pbytes = 0, cap = 0, limit;
	struct hvtlfs_list_plan_ lp;
	bool xmm;
	int large, rc;

	rc = gpa_check(req, f, pg, &large);
	if (rc != HVTLFS_OK)
		return rc;
	if ((req->flags & HVTLFS_POLICY_NO_LARGE_PAGES) != 0)
		large = 0;
	xmm = gpa_xmm(req, f, opts);
	pw = page_words(pg, &pbytes);
	plan->address_space = req->address_space;

	if (!req->everything) {
		/* Encoded once: into the registers when they may hold it, else the page. */
		if (xmm) {
			in = plan->regs;
			cap = HVTLFS_FAST_XMM_BYTES / sizeof(uint64_t) - hdr;
		} else if (pw != NULL && pbytes / sizeof(uint64_t) > hdr) {
			in = pw;
			cap = pbytes / sizeof(uint64_t) - hdr;
		}
		rc = hvtlfs_ranges_plan_(in != NULL ? in + hdr : NULL, cap, req->ranges,
					 req->nranges, true, HVTLFS_RANGE_FORMAT_GPA,
					 (unsigned int)large, &lp);
		if (rc != HVTLFS_OK)
			return rc;
		if (in == plan->regs && lp.entries > cap && pw != NULL &&
		    pbytes / sizeof(uint64_t) > hdr) {
			/* Too long for the registers: the page, encoded there instead. */
			in = pw;
			cap = pbytes / sizeof(uint64_t) - hdr;
			rc = hvtlfs_ranges_plan_(in + hdr, cap, req->ranges, req->nranges, true,
						 HVTLFS_RANGE_FORMAT_GPA, (unsigned int)large, &lp);
			if (rc != HVTLFS_OK)
				return rc;
		}
		limit = cap < HVTLFS_CONTROL_REP_MAX ? cap : HVTLFS_CONTROL_REP_MAX;
		if (req->max_list_entries != 0 && req->max_list_entries < limit)
			limit = req->max_list_entries;
		if (in != NULL && lp.entries <= limit) {
			in[0] = req->address_space;
			in[1] = 0; /* flags: reserved */
			plan->control = hvtlfs_gpa_list_control_(nested, lp.entries);
			plan->entries = (uint32_t)lp.entries;
			plan->input_size =
				(uint32_t)(sizeof(uint64_t) * (hdr + (size_t)lp.entries));
			if (in == plan->regs) {
				plan->control |= HVTLFS_CONTROL_FAST;
				plan->form = HVTLFS_FORM_XMM;
			} else {
				plan->form = HVTLFS_FORM_SLOW;
				plan->page = pg;
			}
			return HVTLFS_OK;
		}
	}
	/* The whole space: 16 bytes, a fast call in RDX and R8. */
	plan->regs[0] = req->address_space;
	plan->regs[1] = 0;
	plan->control =
		HVTLFS_CALL_FLUSH_GUEST_PHYSICAL_ADDRESS_SPACE | nested | HVTLFS_CONTROL_FAST;
	plan->form = HVTLFS_FORM_FAST;
	plan->input_size = (uint32_t)sizeof(struct hvtlfs_gpa_flush_input);
	plan->entries = 0;
	return HVTLFS_OK;
}

int hvtlfs_gpa_flush_plan_build_(const struct hvtlfs_gpa_flush_request *req,
				 const struct hvtlfs_features *features,
				 const struct hvtlfs_input_page *page,
				 struct hvtlfs_gpa_flush_plan *plan, unsigned int opts)
{
	int rc;

	if (plan == NULL)
		return HVTLFS_ERR_NULL;
	gpa_plan_reset(plan);
	if (req == NULL || features == NULL)
		return HVTLFS_ERR_NULL;
	rc = gpa_plan(req, features, page, plan, opts);
	if (rc != HVTLFS_OK)
		gpa_plan_reset(plan);
	return rc;
}

/* ---- A guest address space set up for guest-physical flushes. ---- */

/* The constant part of @from with these ranges (not everything), field by field: a
 * struct copy can be a memcpy call at -O0. */
static void gpa_request_copy(struct hvtlfs_gpa_flush_request *to,
			     const struct hvtlfs_gpa_flush_request *from,
			     const struct hvtlfs_page_range *ranges, size_t nranges)
{
	to->address_space = from->address_space;
	to->ranges = ranges;
	to->nranges = nranges;
	to->everything = false;
	to->mapping_size = from->mapping_size;
	to->nested = from->nested;
	to->flags = from->flags;
	to->max_list_entries = from->max_list_entries;
}

int hvtlfs_gpa_flush_space_init_(struct hvtlfs_gpa_flush_space *space,
				 const struct hvtlfs_gpa_flush_request *req,
				 const struct hvtlfs_features *features,
				 const struct hvtlfs_input_page *page, unsigned int opts)
{
	const size_t hdr = sizeof(struct hvtlfs_gpa_flush_input) / sizeof(uint64_t);
	size_t pbytes = 0;
	uint64_t *pw;
	int large, rc;

	if (space == NULL)
		return HVTLFS_ERR_NULL;
	space->in_ = NULL;
	space->control_ = 0;
	/* Read by hvtlfs_gpa_flush_plan_ranges() before it sees the error. */
	space->req_.address_space = 0;
	space->features_ = features;
	space->page_ = page;
	space->opts_ = opts;
	if (req == NULL || features == NULL) {
		space->error_ = HVTLFS_ERR_NULL;
		return HVTLFS_ERR_NULL;
	}
	gpa_request_copy(&space->req_, req, NULL, 0);
	rc = gpa_check(req, features, page, &large);
	space->error_ = rc;
	if (rc != HVTLFS_OK)
		return rc;
	/* One range of at most 2048 pages is then one 4 KiB entry in the page (the
	 * cover is exact, ties go to 4 KiB entries) unless the XMM form is planned. */
	pw = page_words(page, &pbytes);
	if (pw != NULL && pbytes / sizeof(uint64_t) > hdr && !gpa_xmm(req, features, opts)) {
		space->in_ = pw;
		space->control_ =
			hvtlfs_gpa_list_control_(req->nested ? HVTLFS_CONTROL_NESTED : 0, 1);
	}
	return HVTLFS_OK;
}

int hvtlfs_gpa_flush_plan_ranges_(const struct hvtlfs_gpa_flush_space *space,
				  uint64_t address_space, const struct hvtlfs_page_range *ranges,
				  size_t nranges, struct hvtlfs_gpa_flush_plan *plan)
{
	struct hvtlfs_gpa_flush_request req;

	if (plan == NULL)
		return HVTLFS_ERR_NULL;
	if (space == NULL) {
		gpa_plan_reset(plan);
		return HVTLFS_ERR_NULL;
	}
	if (space->error_ != HVTLFS_OK) {
		gpa_plan_reset(plan);
		return space->error_;
	}
	gpa_request_copy(&req, &space->req_, ranges, nranges);
	req.address_space = address_space;
	return hvtlfs_gpa_flush_plan_build_(&req, space->features_, space->page_, plan,
					    space->opts_);
}
