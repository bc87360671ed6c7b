/* SPDX-License-Identifier: BSD-2-Clause */
#include "hvtlfs/vpset.h"
#include "hvtlfs_internal.h"

/* Index of the first bitmap word that names VPs the sparse format cannot (4096 and up). */
#define VPSET_BANK_LIMIT ((size_t)HVTLFS_VPSET_MAX_BANKS)

/*
 * The banks a valid_bank_mask names: its popcount, at most 64. The min changes
 * nothing; it states the bound where the analysis of proofs/ can see it (the steps of
 * hvtlfs_popcount64() are beyond its intervals, which make the count 0 to 255).
 */
static unsigned int banks_in(uint64_t mask)
{
	return (unsigned int)hvtlfs_min_u64_(hvtlfs_popcount64(mask), HVTLFS_VPSET_MAX_BANKS);
}

static bool any_bit_from(const uint64_t *bitmap, size_t words, size_t first)
{
	uint64_t acc = 0;
	size_t i;

	for (i = first; i < words; i++)
		acc |= bitmap[i];
	return acc != 0;
}

size_t hvtlfs_vp_bitmap_count(const uint64_t *bitmap, size_t words)
{
	size_t n = 0, i;

	if (!bitmap)
		return 0;
	for (i = 0; i < words; i++)
		n += hvtlfs_popcount64(bitmap[i]);
	return n;
}

bool hvtlfs_vp_bitmap_highest(const uint64_t *bitmap, size_t words, size_t *vp)
{
	size_t i = words;

	if (!bitmap)
		return false;
	while (i > 0) {
		i--;
		if (bitmap[i]) {
			if (vp)
				*vp = (i << 6) + hvtlfs_msb64(bitmap[i]);
			return true;
		}
	}
	return false;
}

bool hvtlfs_vp_bitmap_below_64(const uint64_t *bitmap, size_t words)
{
	if (!bitmap)
		return true;
	return !any_bit_from(bitmap, words, 1);
}

int hvtlfs_vpset_encode_bitmap(uint64_t *out, size_t out_words, const uint64_t *bitmap,
			       size_t bitmap_words, size_t *needed_words)
{
	uint64_t mask = 0;
	size_t nbanks, i, k, n;
	uint64_t *banks;

	if ((!out && out_words) || (!bitmap && bitmap_words))
		return HVTLFS_ERR_NULL;
	if (any_bit_from(bitmap, bitmap_words, VPSET_BANK_LIMIT))
		return HVTLFS_ERR_VP_RANGE;

	nbanks = (size_t)hvtlfs_min_u64_(bitmap_words, VPSET_BANK_LIMIT);
	for (i = 0; i < nbanks; i++)
		mask |= (uint64_t)(bitmap[i] != 0) << i;
	n = banks_in(mask);
	if (needed_words)
		*needed_words = HVTLFS_VPSET_HDR_WORDS + n;
	if (out_words < HVTLFS_VPSET_HDR_WORDS + n)
		return HVTLFS_ERR_NO_SPACE;

	out[0] = HVTLFS_GENERIC_SET_SPARSE_4K;
	out[1] = mask;
	banks = out + HVTLFS_VPSET_HDR_WORDS;
	/* One pass over the words, no per-VP work: a dense set is a straight copy. It
	 * ends at the n-th bank word, the last non-zero one: k < n is the bound the
	 * capacity check above covers, written out (proofs/ cannot count the words). */
	for (i = 0, k = 0; i < nbanks && k < n; i++) {
		uint64_t w = bitmap[i];

		if (w)
			banks[k++] = w;
	}
	return (int)n;
}

int hvtlfs_vpset_encode_indices(uint64_t *out, size_t out_words, const uint32_t *vps, size_t nvps,
				size_t *needed_words)
{
	/* The VPs as a bitmap of the 64 banks, then the bitmap encoder: one compaction, and
	 * every word it writes is computed (none read back from out). */
	uint64_t by_bank[HVTLFS_VPSET_MAX_BANKS];
	size_t i;

	if ((!out && out_words) || (!vps && nvps))
		return HVTLFS_ERR_NULL;
	hvtlfs_zero_(by_bank, sizeof(by_bank));
	for (i = 0; i < nvps; i++) {
		uint32_t vp = vps[i];

		if (vp >= HVTLFS_VPSET_MAX_VPS)
			return HVTLFS_ERR_VP_RANGE;
		by_bank[vp >> 6] |= HVTLFS_BIT64(vp & 63u);
	}
	return hvtlfs_vpset_encode_bitmap(out, out_words, by_bank, HVTLFS_VPSET_MAX_BANKS,
					  needed_words);
}

int hvtlfs_vpset_encode_all(uint64_t *out, size_t out_words)
{
	if (!out)
		return HVTLFS_ERR_NULL;
	if (out_words < HVTLFS_VPSET_HDR_WORDS)
		return HVTLFS_ERR_NO_SPACE;
	out[0] = HVTLFS_GENERIC_SET_ALL;
	out[1] = 0;
	return 0;
}

/* Bits of one word of a CPU bitmap (an unsigned long: 64 on x86_64, 32 on i386). */
#define LONG_BITS_ (8u * sizeof(unsigned long))

int hvtlfs_vpset_encode_source_at_(uint64_t *out, size_t out_words,
				   const struct hvtlfs_vp_source *src, uint32_t skip, size_t first,
				   uint64_t mask0, size_t *needed_words)
{
	const unsigned long *cpus;
	const uint32_t *vp_of;
	size_t ncpus, nw, w, room, n = 0, cur = (size_t)-1;
	uint64_t acc = 0, keep = ~(uint64_t)0;
	unsigned long x;

	if (!src || (!out && out_words))
		return HVTLFS_ERR_NULL;
	cpus = src->cpus;
	vp_of = src->vp_of_cpu;
	ncpus = src->ncpus;
	if (ncpus && (!cpus || !vp_of))
		return HVTLFS_ERR_NULL;
	room = out_words > HVTLFS_VPSET_HDR_WORDS ? out_words - HVTLFS_VPSET_HDR_WORDS : 0;
	/* Bank k is out[2 + k], written only for k < room: indexed from out, not from a
	 * pointer that is NULL when room is 0, so the analysis of proofs/ sees the bound
	 * without relating that pointer to room. */
	nw = ncpus / LONG_BITS_ + (ncpus % LONG_BITS_ != 0);
	if (first >= ncpus) {
		first = 0; /* not a CPU of the source: from the start */
		mask0 = 0;
	}
	if (skip < 64u)
		mask0 &= ~HVTLFS_BIT64(skip); /* only the skipped VP: no bank */
	if (mask0 != 0) {
		/* The CPUs below @first, read by the caller: bank 0, as the loop below
		 * leaves it after them (cleared, its bits in hand). */
		if (room != 0)
			((volatile uint64_t *)out)[HVTLFS_VPSET_HDR_WORDS] = 0;
		n = 1;
		cur = 0;
		acc = mask0;
		keep = skip < 64u ? ~HVTLFS_BIT64(skip) : ~(uint64_t)0;
	}
	/*
	 * One pass over the set CPUs. The bits of the bank in hand gather in @acc and go
	 * to memory, less the skipped VP's bit (@keep), when the bank changes (CPU order
	 * mostly follows VP order); a bank beyond those written so far first clears the
	 * banks up to it, so every bank word below the highest is written, and none above.
	 * A VP in the bank in hand is the common step: no range check (the bank is below
	 * 64), no skip check (@keep drops it).
	 */
	w = first / LONG_BITS_;
	x = w < nw ? cpus[w] & ~((1UL << (first % LONG_BITS_)) - 1u) : 0;
	for (; w < nw; w++, x = w < nw ? cpus[w] : 0) {
		const size_t base = w * LONG_BITS_; /* the word's first CPU */

		while (x) {
			const size_t c = base + hvtlfs_ctz64((uint64_t)x);
			uint32_t vp;
			size_t b;

			/* A bit at or past ncpus (in the last word; the set bits come in
			 * order, so none below it follows): not a CPU of the source. */
			if (c >= ncpus)
				break;
			vp = vp_of[c];
			x &= x - 1u;
			b = vp >> 6;
			if (b == cur) {
				acc |= HVTLFS_BIT64(vp & 63u);
				continue;
			}
			if (vp >= HVTLFS_VPSET_MAX_VPS)
				return HVTLFS_ERR_VP_RANGE;
			if (vp == skip)
				continue;
			if (cur < room)
				out[HVTLFS_VPSET_HDR_WORDS + cur] |= acc & keep;
			for (; n <= b; n++)
				if (n < room)
					((volatile uint64_t *)out)[HVTLFS_VPSET_HDR_WORDS + n] = 0;
			cur = b;
			acc = HVTLFS_BIT64(vp & 63u);
			keep = skip >> 6 == b ? ~HVTLFS_BIT64(skip & 63u) : ~(uint64_t)0;
		}
	}
	if (cur < room)
		out[HVTLFS_VPSET_HDR_WORDS + cur] |= acc & keep;
	/* n <= 64 (banks of VPs below 4096): the min changes nothing, it states the bound
	 * where the analysis of proofs/ can see it. */
	n = (size_t)hvtlfs_min_u64_(n, HVTLFS_VPSET_MAX_BANKS);
	if (needed_words)
		*needed_words = HVTLFS_VPSET_HDR_WORDS + n;
	if (out_words < HVTLFS_VPSET_HDR_WORDS + n)
		return HVTLFS_ERR_NO_SPACE;
	out[0] = HVTLFS_GENERIC_SET_SPARSE_4K;
	out[1] = n >= 64u ? ~(uint64_t)0 : HVTLFS_MASK64(n);
	return (int)n;
}

int hvtlfs_vpset_encode_source_(uint64_t *out, size_t out_words, const struct hvtlfs_vp_source *src,
				uint32_t skip, size_t *needed_words)
{
	return hvtlfs_vpset_encode_source_at_(out, out_words, src, skip, 0, 0, needed_words);
}

int hvtlfs_vpset_encode_source(uint64_t *out, size_t out_words, const struct hvtlfs_vp_source *src,
			       size_t *needed_words)
{
	return hvtlfs_vpset_encode_source_(out, out_words, src, HVTLFS_NO_VP_, needed_words);
}

int hvtlfs_vp_targets_banks(const struct hvtlfs_vp_targets *vps)
{
	size_t i;
	int n = 0;

	if (!vps)
		return HVTLFS_ERR_NULL;
	if (vps->all)
		return 0;
	if (vps->source) {
		/* Set on success and on ERR_NO_SPACE; the header before (no bank), so
		 * the analysis of proofs/ sees need - 2 is no wrap on any path. */
		size_t need = HVTLFS_VPSET_HDR_WORDS;
		int rc = hvtlfs_vpset_encode_source(NULL, 0, vps->source, &need);

		return rc == HVTLFS_ERR_NO_SPACE || rc == 0 ? (int)(need - HVTLFS_VPSET_HDR_WORDS)
							    : rc;
	}
	if (vps->words && !vps->bitmap)
		return HVTLFS_ERR_NULL;
	for (i = 0; i < vps->words; i++) {
		if (vps->bitmap[i] == 0)
			continue;
		if (i >= VPSET_BANK_LIMIT)
			return HVTLFS_ERR_VP_RANGE;
		n++;
	}
	/* n counts words below 64: the min changes nothing, it states the bound where
	 * the analysis of proofs/ can see it. */
	return (int)hvtlfs_min_u64_((uint64_t)n, VPSET_BANK_LIMIT);
}

int hvtlfs_vpset_encode_targets(uint64_t *out, size_t out_words,
				const struct hvtlfs_vp_targets *vps, size_t *needed_words)
{
	if (!vps)
		return HVTLFS_ERR_NULL;
	if (vps->all) {
		if (needed_words)
			*needed_words = HVTLFS_VPSET_HDR_WORDS;
		return hvtlfs_vpset_encode_all(out, out_words);
	}
	if (vps->source)
		return hvtlfs_vpset_encode_source(out, out_words, vps->source, needed_words);
	return hvtlfs_vpset_encode_bitmap(out, out_words, vps->bitmap, vps->words, needed_words);
}

int hvtlfs_vp_mask_encode_bitmap(uint64_t *mask, const uint64_t *bitmap, size_t bitmap_words)
{
	if (!mask || (!bitmap && bitmap_words))
		return HVTLFS_ERR_NULL;
	if (any_bit_from(bitmap, bitmap_words, VPSET_BANK_LIMIT))
		return HVTLFS_ERR_VP_RANGE;
	if (any_bit_from(bitmap, (size_t)hvtlfs_min_u64_(bitmap_words, VPSET_BANK_LIMIT), 1))
		return HVTLFS_ERR_NEEDS_EX;
	*mask = bitmap_words ? bitmap[0] : 0;
	return HVTLFS_OK;
}

int hvtlfs_vp_mask_encode_indices(uint64_t *mask, const uint32_t *vps, size_t nvps)
{
	uint64_t m = 0;
	int err = HVTLFS_OK;
	size_t i;

	if (!mask || (!vps && nvps))
		return HVTLFS_ERR_NULL;
	/* Scan everything: a VP beyond 4095 outranks one that merely needs Ex. */
	for (i = 0; i < nvps; i++) {
		uint32_t vp = vps[i]; /* one read, tested and used */

		if (vp >= HVTLFS_VPSET_MAX_VPS)
			return HVTLFS_ERR_VP_RANGE;
		if (vp >= 64u)
			err = HVTLFS_ERR_NEEDS_EX;
		else
			m |= HVTLFS_BIT64(vp);
	}
	if (err == HVTLFS_OK)
		*mask = m;
	return err;
}

/* The empty sparse set (HVTLFS_GENERIC_SET_SPARSE_4K is 0). */
static void vpset_clear(struct hvtlfs_vpset *set)
{
	hvtlfs_zero_(set, sizeof(*set));
}

static int decode_fail(struct hvtlfs_vpset *set, uint16_t *hv_status, int err, uint16_t status)
{
	vpset_clear(set);
	if (hv_status)
		*hv_status = status;
	return err;
}

int hvtlfs_vpset_decode(struct hvtlfs_vpset *set, const void *bytes, size_t len,
			uint32_t var_hdr_words, uint16_t *hv_status)
{
	const unsigned char *p = (const unsigned char *)bytes;
	uint64_t format, mask, m;
	unsigned int nbanks, k;

	if (!set || (!p && len)) {
		if (hv_status)
			*hv_status = HVTLFS_STATUS_INVALID_PARAMETER;
		return HVTLFS_ERR_NULL;
	}
	if (len < sizeof(struct hvtlfs_vpset_hdr))
		return decode_fail(set, hv_status, HVTLFS_ERR_TRUNCATED,
				   HVTLFS_STATUS_INVALID_HYPERCALL_INPUT);
	/* Guest memory: each word read once, through the accessor, into locals. */
	format = hvtlfs_guest_le64_(p + HVTLFS_OFFSETOF(struct hvtlfs_vpset_hdr, format));
	mask = hvtlfs_guest_le64_(p + HVTLFS_OFFSETOF(struct hvtlfs_vpset_hdr, valid_bank_mask));
	nbanks = banks_in(mask);
	if (var_hdr_words != nbanks)
		return decode_fail(set, hv_status, HVTLFS_ERR_BANK_MISMATCH,
				   HVTLFS_STATUS_INVALID_HYPERCALL_INPUT);
	/* nbanks <= 64, so this cannot overflow; len is the only bound trusted. */
	if ((len - sizeof(struct hvtlfs_vpset_hdr)) / sizeof(uint64_t) < nbanks)
		return decode_fail(set, hv_status, HVTLFS_ERR_TRUNCATED,
				   HVTLFS_STATUS_INVALID_HYPERCALL_INPUT);
	if (format != HVTLFS_GENERIC_SET_SPARSE_4K && format != HVTLFS_GENERIC_SET_ALL)
		return decode_fail(set, hv_status, HVTLFS_ERR_BAD_FORMAT,
				   HVTLFS_STATUS_INVALID_PARAMETER);

	vpset_clear(set);
	set->format = format;
	set->valid_bank_mask = mask;
	set->nbanks = nbanks;
	if (format == HVTLFS_GENERIC_SET_SPARSE_4K) {
		/* The k-th bank word is the k-th bank of mask's. k < nbanks, the count len
		 * was checked against, ends the loop (as m == 0 would) where the analysis
		 * of proofs/ sees the bound of the reads; & 63u, a no-op (m is not 0 here),
		 * shows it the bound of the index. */
		for (m = mask, k = 0; k < nbanks; m &= m - 1u, k++)
			set->banks[hvtlfs_ctz64(m) & 63u] = hvtlfs_guest_le64_(
				p + sizeof(struct hvtlfs_vpset_hdr) + sizeof(uint64_t) * k);
	}
	if (hv_status)
		*hv_status = HVTLFS_STATUS_SUCCESS;
	return HVTLFS_OK;
}

int hvtlfs_vpset_decode_mask(struct hvtlfs_vpset *set, uint64_t mask)
{
	if (!set)
		return HVTLFS_ERR_NULL;
	vpset_clear(set);
	if (mask) {
		set->valid_bank_mask = 1;
		set->nbanks = 1;
		set->banks[0] = mask;
	}
	return HVTLFS_OK;
}

int hvtlfs_vpset_init_all(struct hvtlfs_vpset *set)
{
	if (!set)
		return HVTLFS_ERR_NULL;
	vpset_clear(set);
	set->format = HVTLFS_GENERIC_SET_ALL;
	return HVTLFS_OK;
}

bool hvtlfs_vpset_is_all(const struct hvtlfs_vpset *set)
{
	return set && set->format == HVTLFS_GENERIC_SET_ALL;
}

bool hvtlfs_vpset_contains(const struct hvtlfs_vpset *set, uint32_t vp)
{
	if (!set)
		return false;
	if (set->format == HVTLFS_GENERIC_SET_ALL)
		return true;
	if (vp >= HVTLFS_VPSET_MAX_VPS)
		return false;
	return (set->banks[vp >> 6] >> (vp & 63u)) & 1u;
}

bool hvtlfs_vpset_next(const struct hvtlfs_vpset *set, uint32_t nvps_all, uint32_t *cursor,
		       uint32_t *vp)
{
	uint32_t c;
	unsigned int bank;
	uint64_t w;

	if (!set || !cursor || !vp)
		return false;
	c = *cursor;
	if (set->format == HVTLFS_GENERIC_SET_ALL) {
		if (c >= nvps_all)
			return false;
		*vp = c;
		*cursor = c + 1u;
		return true;
	}
	for (bank = c >> 6; bank < HVTLFS_VPSET_MAX_BANKS; bank++) {
		w = set->banks[bank];
		if (bank == c >> 6)
			w &= ~HVTLFS_MASK64(c & 63u);
		if (w) {
			c = (bank << 6) + hvtlfs_ctz64(w);
			*vp = c;
			*cursor = c + 1u;
			return true;
		}
	}
	return false;
}

uint32_t hvtlfs_vpset_count(const struct hvtlfs_vpset *set, uint32_t nvps_all)
{
	uint32_t n = 0;
	unsigned int i;

	if (!set)
		return 0;
	if (set->format == HVTLFS_GENERIC_SET_ALL)
		return nvps_all;
	for (i = 0; i < HVTLFS_VPSET_MAX_BANKS; i++)
		n += hvtlfs_popcount64(set->banks[i]);
	return n;
}

int hvtlfs_vpset_to_bitmap(const struct hvtlfs_vpset *set, uint64_t *bitmap, size_t words,
			   uint32_t nvps_all)
{
	bool outside = false;
	size_t i;

	if (!set || (!bitmap && words))
		return HVTLFS_ERR_NULL;
	if (set->format == HVTLFS_GENERIC_SET_ALL) {
		size_t full = nvps_all >> 6;
		unsigned int rest = nvps_all & 63u;

		for (i = 0; i < words; i++) {
			if (i < full)
				bitmap[i] = ~(uint64_t)0;
			else if (i == full)
				bitmap[i] = HVTLFS_MASK64(rest);
			else
				bitmap[i] = 0;
		}
		/* VPs fit when the words cover nvps_all bits: words*64 >= nvps_all. */
		outside = words < full || (words == full && rest != 0);
	} else {
		for (i = 0; i < words; i++)
			bitmap[i] = i < VPSET_BANK_LIMIT ? set->banks[i] : 0;
		for (i = words; i < VPSET_BANK_LIMIT; i++)
			outside = outside || set->banks[i] != 0;
	}
	return outside ? HVTLFS_ERR_VP_OUTSIDE_BITMAP : HVTLFS_OK;
}
