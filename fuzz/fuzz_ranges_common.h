/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Shared body of the range-list harnesses (fuzz_gva_ranges.c, fuzz_gpa_ranges.c).
 *
 * Input: byte 0 is a selector, the rest a list of 8-byte little-endian entries
 * as a guest writes them into a hypercall input page.
 *   bit 0     GVA harness: extended format (else simple)
 *   bits 1-3  entry count claimed = whole entries present + value - 2 (so
 *             truncated claims are tried too)
 *   bit 4     output capacity one short (NO_SPACE path)
 *   bits 5-7  capacity for the encoder phase, as 1 << value entries
 *
 * Phase 1 decodes the list and checks every answer against single-entry
 * decoding; phase 2 re-encodes what decoded in every format and decodes that
 * again, comparing covered pages exactly; phase 3 reads the same bytes as
 * (start, length) byte ranges for the encoders and compares the coverage with
 * a model. Any broken invariant aborts. Canary words follow every buffer.
 */
#ifndef FUZZ_RANGES_COMMON_H
#define FUZZ_RANGES_COMMON_H

#include "hvtlfs/ranges.h"

#include "fuzz.h"

#define FZ_NCANARY 4u
#define FZ_OUT_MAX 4096u

/* Whether two sets of page intervals cover the same pages (both are normalised). */
static void fz_same(struct ival *a, size_t na, struct ival *b, size_t nb)
{
	size_t i;

	na = ival_union(a, na);
	nb = ival_union(b, nb);
	CHECK(na == nb);
	for (i = 0; i < na; i++)
		CHECK(a[i].x == b[i].x && a[i].y == b[i].y);
}

static void fz_entry_ok(const struct hvtlfs_range_entry *e)
{
	uint64_t max = e->page_shift == 12 ? 4096u : 2048u;

	CHECK(e->page_shift == 12 || e->page_shift == 21 || e->page_shift == 30);
	CHECK(e->pages >= 1 && e->pages <= max);
	CHECK((e->base & ((1ull << e->page_shift) - 1u)) == 0);
	/* The last byte is reachable without wrapping. */
	CHECK(e->pages - 1u <= ((~0ull - e->base) >> e->page_shift));
	CHECK(e->clamped == 0 || e->clamped == 1);
}

/* With the clamp option an entry never wraps: it decodes as without the option,
 * or, where that fails with RANGE_WRAP, as the same run cut to end at 2^64 - 1. */
static void fz_clamp_agrees(unsigned int format, uint64_t v)
{
	struct hvtlfs_range_entry plain, cut;
	int rp = hvtlfs_range_decode(format, v, &plain);
	int rc = hvtlfs_range_decode(format | HVTLFS_RANGE_DECODE_CLAMP, v, &cut);

	CHECK(rc != HVTLFS_ERR_RANGE_WRAP);
	if (rp == HVTLFS_ERR_RANGE_WRAP) {
		CHECK(rc == HVTLFS_OK && cut.clamped == 1);
		fz_entry_ok(&cut);
		CHECK(cut.base + ((cut.pages << cut.page_shift) - 1u) == ~0ull);
	} else {
		CHECK(rc == rp);
		if (rp == HVTLFS_OK)
			CHECK(plain.clamped == 0 && cut.clamped == 0 && cut.base == plain.base &&
			      cut.pages == plain.pages && cut.page_shift == plain.page_shift);
	}
}

/* A buffer of @cap entries, canaries after it. */
static uint64_t *fz_arm(size_t cap)
{
	uint64_t *b = (uint64_t *)malloc((cap + FZ_NCANARY) * sizeof(uint64_t));

	CHECK(b != NULL);
	testutil_canary_fill(b, 0, cap + FZ_NCANARY);
	return b;
}

static void fz_canaries(const uint64_t *b, size_t cap)
{
	CHECK(testutil_canary_intact(b, cap, FZ_NCANARY));
}

/* Decodes @n encoded entries of @format into page intervals appended at @v. */
static size_t fz_cover(unsigned int format, const uint64_t *enc, size_t n, struct ival *v)
{
	size_t i;

	for (i = 0; i < n; i++) {
		struct hvtlfs_range_entry e;

		CHECK(hvtlfs_range_decode(format, enc[i], &e) == HVTLFS_OK);
		fz_entry_ok(&e);
		v[i].x = e.base >> 12;
		v[i].y = v[i].x + (e.pages << (e.page_shift - 12u));
		/* Ascending, disjoint output. */
		if (i > 0)
			CHECK(v[i].x >= v[i - 1].y);
	}
	return n;
}

/* Encodes the page ranges @p with @format (and its options) and checks the coverage
 * equals @model. */
static size_t fz_reencode(unsigned int format, const struct hvtlfs_page_range *p, size_t n,
			  const struct ival *model, size_t nmodel)
{
	size_t need = 0, need2 = 0;
	uint64_t *b;
	struct ival *m, *v;
	size_t cap;
	int ret;

	CHECK(hvtlfs_page_ranges_encode(NULL, 0, p, n, format, &need) == HVTLFS_OK);
	cap = need > FZ_OUT_MAX ? FZ_OUT_MAX : need;
	b = fz_arm(cap);
	ret = hvtlfs_page_ranges_encode(b, cap, p, n, format, &need2);
	CHECK(need2 == need);
	fz_canaries(b, cap);
	if (need > FZ_OUT_MAX) {
		CHECK(ret == HVTLFS_ERR_RANGES_DONT_FIT);
		free(b);
		return need;
	}
	CHECK(ret == (int)need);
	m = (struct ival *)malloc((nmodel + 1) * sizeof(*m));
	v = (struct ival *)malloc((cap + 1) * sizeof(*v));
	CHECK(m != NULL && v != NULL);
	memcpy(m, model, nmodel * sizeof(*m));
	fz_same(m, nmodel, v, fz_cover(format & HVTLFS_RANGE_FORMAT_MASK, b, cap, v));
	free(m);
	free(v);
	free(b);
	return need;
}

/* Phase 1 and 2: the decoder, then a round trip through the encoders in each of the
 * @nformats encoder formats (with options), listed from small to large pages. */
static void fz_decode_list(unsigned int format, const uint8_t *list, size_t len, uint8_t sel,
			   const unsigned int *formats, size_t nformats)
{
	size_t whole = len >> 3, count, cap, bad = 12345, i, ok;
	struct hvtlfs_range_entry *out;
	struct hvtlfs_page_range *p;
	struct ival *model;
	int ret;

	count = whole + ((sel >> 1) & 7u);
	count = count >= 2 ? count - 2 : 0;
	cap = count;
	if ((sel & 0x10) != 0 && cap > 0)
		cap--;
	/* Capacity 0 means validate only: the output pointer is then NULL. */
	out = (struct hvtlfs_range_entry *)malloc((count + 1) * sizeof(*out));
	CHECK(out != NULL);
	for (i = 0; i < whole; i++)
		fz_clamp_agrees(format, fuzz_le(list + 8 * i, 8));
	ret = hvtlfs_range_list_decode(format, list, len, count, cap != 0 ? out : NULL, cap, &bad);
	if (count > whole) {
		CHECK(ret == HVTLFS_ERR_TRUNCATED);
		CHECK(bad == count);
		free(out);
		return;
	}
	if (cap != 0 && cap < count) {
		CHECK(ret == HVTLFS_ERR_NO_SPACE);
		free(out);
		return;
	}
	/* Every entry agrees with single-entry decoding, up to the first error. */
	ok = ret >= 0 ? count : bad;
	CHECK(ok <= count);
	for (i = 0; i < ok; i++) {
		struct hvtlfs_range_entry e;

		CHECK(hvtlfs_range_decode(format, fuzz_le(list + 8 * i, 8), &e) == HVTLFS_OK);
		fz_entry_ok(&e);
		if (cap == 0)
			out[i] = e;
		CHECK(e.base == out[i].base && e.pages == out[i].pages &&
		      e.page_shift == out[i].page_shift);
	}
	if (ret < 0) {
		struct hvtlfs_range_entry e;

		CHECK(bad < count);
		CHECK(hvtlfs_range_decode(format, fuzz_le(list + 8 * bad, 8), &e) == ret);
		CHECK(ret == HVTLFS_ERR_RESERVED_BITS || ret == HVTLFS_ERR_RANGE_MISALIGNED ||
		      ret == HVTLFS_ERR_RANGE_WRAP);
	} else {
		CHECK(ret == (int)count && bad == count);
	}
	/* Round trip what decoded as 4 KiB page ranges, in every format. */
	p = (struct hvtlfs_page_range *)malloc((ok + 1) * sizeof(*p));
	model = (struct ival *)malloc((ok + 1) * sizeof(*model));
	CHECK(p != NULL && model != NULL);
	for (i = 0; i < ok; i++) {
		p[i].first = out[i].base >> 12;
		p[i].count = out[i].pages << (out[i].page_shift - 12u);
		model[i].x = p[i].first;
		model[i].y = p[i].first + p[i].count;
	}
	{
		size_t nm = ival_union(model, ok), prev = 0;

		for (i = 0; i < nformats; i++) {
			size_t need = fz_reencode(formats[i], p, ok, model, nm);

			/* Listed from small to large pages: never more entries. */
			if (i > 0 && (formats[i] & HVTLFS_RANGE_ENCODE_LARGE_PAGES) != 0)
				CHECK(need <= prev);
			prev = need;
		}
	}
	free(model);
	free(p);
	free(out);
}

/* Phase 3: the same bytes as (start, length) byte ranges for the encoders. */
static void fz_encode_bytes(const uint8_t *list, size_t len, uint8_t sel,
			    const unsigned int *formats, size_t nformats)
{
	size_t n = len >> 4, i, f, cap = (size_t)1 << ((sel >> 5) & 7u);
	struct hvtlfs_range *r = (struct hvtlfs_range *)malloc((n + 1) * sizeof(*r));
	struct ival *model = (struct ival *)malloc((n + 1) * sizeof(*model));
	int expect = HVTLFS_OK;

	CHECK(r != NULL && model != NULL);
	for (i = 0; i < n; i++) {
		r[i].start = fuzz_le(list + 16 * i, 8);
		r[i].length = fuzz_le(list + 16 * i + 8, 8);
		/* Keep most lengths small so that lists fit. */
		if ((r[i].length >> 63) == 0)
			r[i].length &= 0xFFFFFFFFull;
		if (expect == HVTLFS_OK && r[i].length == 0)
			expect = HVTLFS_ERR_EMPTY_RANGE;
		else if (expect == HVTLFS_OK && r[i].length - 1u > ~0ull - r[i].start)
			expect = HVTLFS_ERR_RANGE_WRAP;
		if (expect == HVTLFS_OK) {
			model[i].x = r[i].start >> 12;
			model[i].y = ((r[i].start + (r[i].length - 1u)) >> 12) + 1u;
		}
	}
	for (f = 0; f < nformats; f++) {
		size_t need = 0;
		uint64_t *b = fz_arm(cap);
		int ret = hvtlfs_ranges_encode(b, cap, r, n, formats[f], &need);

		fz_canaries(b, cap);
		if (expect != HVTLFS_OK) {
			CHECK(ret == expect);
		} else if (need > cap) {
			CHECK(ret == HVTLFS_ERR_RANGES_DONT_FIT);
		} else {
			struct ival *v = (struct ival *)malloc((cap + 1) * sizeof(*v));
			struct ival *m = (struct ival *)malloc((n + 1) * sizeof(*m));

			CHECK(v != NULL && m != NULL);
			CHECK(ret == (int)need);
			memcpy(m, model, n * sizeof(*m));
			fz_same(m, n, v,
				fz_cover(formats[f] & HVTLFS_RANGE_FORMAT_MASK, b, (size_t)ret, v));
			free(m);
			free(v);
		}
		free(b);
	}
	free(model);
	free(r);
}

#endif /* FUZZ_RANGES_COMMON_H */
