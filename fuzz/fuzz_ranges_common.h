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

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "hvtlfs/ranges.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define CHECK(c)                                                                                   \
	do {                                                                                       \
		if (!(c))                                                                          \
			abort();                                                                   \
	} while (0)

#define FZ_CANARY  0xC0DEC0DEDEADBEEFull
#define FZ_NCANARY 4u
#define FZ_OUT_MAX 4096u

struct fz_ival {
	uint64_t x, y; /* half-open, in 4 KiB pages */
};

static uint64_t fz_le(const uint8_t *p)
{
	uint64_t v = 0;
	unsigned int i;

	for (i = 8; i-- > 0;)
		v = (v << 8) | p[i];
	return v;
}

static int fz_cmp(const void *a, const void *b)
{
	const struct fz_ival *p = (const struct fz_ival *)a, *q = (const struct fz_ival *)b;

	if (p->x != q->x)
		return p->x < q->x ? -1 : 1;
	return (p->y > q->y) - (p->y < q->y);
}

static size_t fz_normalise(struct fz_ival *v, size_t n)
{
	size_t i, m = 0;

	if (n == 0)
		return 0;
	qsort(v, n, sizeof(*v), fz_cmp);
	for (i = 0; i < n; i++) {
		if (m > 0 && v[i].x <= v[m - 1].y) {
			if (v[i].y > v[m - 1].y)
				v[m - 1].y = v[i].y;
		} else {
			v[m++] = v[i];
		}
	}
	return m;
}

static void fz_same(struct fz_ival *a, size_t na, struct fz_ival *b, size_t nb)
{
	size_t i;

	na = fz_normalise(a, na);
	nb = fz_normalise(b, nb);
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
	int rc = hvtlfs_range_decode(format | HVTLFS_RANGE_FMT_CLAMP, v, &cut);

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

/* Encodes @p with @encode at a capacity of @cap entries; returns the count or
 * an error, and checks the canaries after the buffer. */
typedef int (*fz_page_encoder)(uint64_t *, size_t, const struct hvtlfs_page_range *, size_t,
			       unsigned int, uint64_t *);
typedef int (*fz_byte_encoder)(uint64_t *, size_t, const struct hvtlfs_range *, size_t,
			       unsigned int, uint64_t *);

static uint64_t *fz_arm(size_t cap)
{
	uint64_t *b = (uint64_t *)malloc((cap + FZ_NCANARY) * sizeof(uint64_t));
	size_t i;

	CHECK(b != NULL);
	for (i = 0; i < cap + FZ_NCANARY; i++)
		b[i] = FZ_CANARY;
	return b;
}

static void fz_canaries(const uint64_t *b, size_t cap)
{
	size_t i;

	for (i = cap; i < cap + FZ_NCANARY; i++)
		CHECK(b[i] == FZ_CANARY);
}

/* Decodes @n encoded entries of @format into page intervals appended at @v. */
static size_t fz_cover(unsigned int format, const uint64_t *enc, size_t n, struct fz_ival *v)
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

/* Encodes the page ranges @p in one format and checks coverage equals @model. */
static uint64_t fz_reencode(fz_page_encoder encode, unsigned int flags, unsigned int format,
			    const struct hvtlfs_page_range *p, size_t n,
			    const struct fz_ival *model, size_t nmodel)
{
	uint64_t need = 0, need2 = 0, *b;
	struct fz_ival *m, *v;
	size_t cap;
	int ret;

	CHECK(encode(NULL, 0, p, n, flags, &need) == HVTLFS_OK);
	cap = need > FZ_OUT_MAX ? FZ_OUT_MAX : (size_t)need;
	b = fz_arm(cap);
	ret = encode(b, cap, p, n, flags, &need2);
	CHECK(need2 == need);
	fz_canaries(b, cap);
	if (need > FZ_OUT_MAX) {
		CHECK(ret == HVTLFS_ERR_RANGES_DONT_FIT);
		free(b);
		return need;
	}
	CHECK(ret == (int)need);
	m = (struct fz_ival *)malloc((nmodel + 1) * sizeof(*m));
	v = (struct fz_ival *)malloc((cap + 1) * sizeof(*v));
	CHECK(m != NULL && v != NULL);
	memcpy(m, model, nmodel * sizeof(*m));
	fz_same(m, nmodel, v, fz_cover(format, b, cap, v));
	free(m);
	free(v);
	free(b);
	return need;
}

/* Phase 1 and 2: the decoder, then a round trip through the encoders. */
static void fz_decode_list(unsigned int format, const uint8_t *list, size_t len, uint8_t sel,
			   fz_page_encoder encode, const unsigned int *flags, size_t nflags)
{
	size_t whole = len >> 3, count, cap, bad = 12345, i, ok;
	struct hvtlfs_range_entry *out;
	struct hvtlfs_page_range *p;
	struct fz_ival *model;
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
		fz_clamp_agrees(format, fz_le(list + 8 * i));
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

		CHECK(hvtlfs_range_decode(format, fz_le(list + 8 * i), &e) == HVTLFS_OK);
		fz_entry_ok(&e);
		if (cap == 0)
			out[i] = e;
		CHECK(e.base == out[i].base && e.pages == out[i].pages &&
		      e.page_shift == out[i].page_shift);
	}
	if (ret < 0) {
		struct hvtlfs_range_entry e;

		CHECK(bad < count);
		CHECK(hvtlfs_range_decode(format, fz_le(list + 8 * bad), &e) == ret);
		CHECK(ret == HVTLFS_ERR_RESERVED_BITS || ret == HVTLFS_ERR_RANGE_MISALIGNED ||
		      ret == HVTLFS_ERR_RANGE_WRAP);
	} else {
		CHECK(ret == (int)count && bad == count);
	}
	/* Round trip what decoded as 4 KiB page ranges, in every format. */
	p = (struct hvtlfs_page_range *)malloc((ok + 1) * sizeof(*p));
	model = (struct fz_ival *)malloc((ok + 1) * sizeof(*model));
	CHECK(p != NULL && model != NULL);
	for (i = 0; i < ok; i++) {
		p[i].first = out[i].base >> 12;
		p[i].count = out[i].pages << (out[i].page_shift - 12u);
		model[i].x = p[i].first;
		model[i].y = p[i].first + p[i].count;
	}
	{
		size_t nm = fz_normalise(model, ok);
		uint64_t prev = 0;

		for (i = 0; i < nflags; i++) {
			unsigned int fmt = format == HVTLFS_RANGE_FMT_GPA ? HVTLFS_RANGE_FMT_GPA
					   : (flags[i] & HVTLFS_RANGES_EXTENDED) != 0
						   ? HVTLFS_RANGE_FMT_GVA_EXTENDED
						   : HVTLFS_RANGE_FMT_GVA_SIMPLE;
			uint64_t need = fz_reencode(encode, flags[i], fmt, p, ok, model, nm);

			/* Flags are listed from small to large pages: never more entries. */
			if (i > 0 && (flags[i] & HVTLFS_RANGES_LARGE_PAGES) != 0)
				CHECK(need <= prev);
			prev = need;
		}
	}
	free(model);
	free(p);
	free(out);
}

/* Phase 3: the same bytes as (start, length) byte ranges for the encoders. */
static void fz_encode_bytes(const uint8_t *list, size_t len, uint8_t sel, fz_byte_encoder encode,
			    const unsigned int *flags, size_t nflags, const unsigned int *formats)
{
	size_t n = len >> 4, i, f, cap = (size_t)1 << ((sel >> 5) & 7u);
	struct hvtlfs_range *r = (struct hvtlfs_range *)malloc((n + 1) * sizeof(*r));
	struct fz_ival *model = (struct fz_ival *)malloc((n + 1) * sizeof(*model));
	int expect = HVTLFS_OK;

	CHECK(r != NULL && model != NULL);
	for (i = 0; i < n; i++) {
		r[i].start = fz_le(list + 16 * i);
		r[i].length = fz_le(list + 16 * i + 8);
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
	for (f = 0; f < nflags; f++) {
		uint64_t need = 0, *b = fz_arm(cap);
		int ret = encode(b, cap, r, n, flags[f], &need);

		fz_canaries(b, cap);
		if (expect != HVTLFS_OK) {
			CHECK(ret == expect);
		} else if (need > cap) {
			CHECK(ret == HVTLFS_ERR_RANGES_DONT_FIT);
		} else {
			struct fz_ival *v = (struct fz_ival *)malloc((cap + 1) * sizeof(*v));
			struct fz_ival *m = (struct fz_ival *)malloc((n + 1) * sizeof(*m));

			CHECK(v != NULL && m != NULL);
			CHECK(ret == (int)need);
			memcpy(m, model, n * sizeof(*m));
			fz_same(m, n, v, fz_cover(formats[f], b, (size_t)ret, v));
			free(m);
			free(v);
		}
		free(b);
	}
	free(model);
	free(r);
}

#endif /* FUZZ_RANGES_COMMON_H */
