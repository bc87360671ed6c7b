/* SPDX-License-Identifier: BSD-2-Clause */
/* VP sets: encoders, legacy masks, the validating decoder, queries, property tests. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hvtlfs/vpset.h"

#include "testutil.h"

#define CANARY	 0xC3C3A5A55A5A3C3CULL
#define NCANARY	 4
#define PREFILL	 0xFFFFFFFFFFFFFFFFULL
#define ALL_ONES 0xFFFFFFFFFFFFFFFFULL

static uint32_t rng_below(uint32_t n)
{
	return (uint32_t)testutil_below(n);
}

/* ---- buffers with canaries after the capacity ---- */
static void fill(uint64_t *buf, size_t n, uint64_t v)
{
	size_t i;

	for (i = 0; i < n; i++)
		buf[i] = v;
}

static void put_canaries(uint64_t *buf, size_t cap)
{
	fill(buf + cap, NCANARY, CANARY);
}

static void check_canaries(const uint64_t *buf, size_t cap)
{
	size_t i;

	for (i = 0; i < NCANARY; i++)
		assert_true(buf[cap + i] == CANARY);
}

static void check_untouched(const uint64_t *buf, size_t n, uint64_t v)
{
	size_t i;

	for (i = 0; i < n; i++)
		assert_true(buf[i] == v);
}

/* Little-endian byte image of words, as a guest page holds them. */
static void to_bytes(unsigned char *dst, const uint64_t *w, size_t n)
{
	size_t i, b;

	for (i = 0; i < n; i++)
		for (b = 0; b < 8; b++)
			dst[8 * i + b] = (unsigned char)(w[i] >> (8 * b));
}

/* Parses words from a heap copy of exactly len bytes, so ASan sees any over-read. */
static int parse_exact(struct hvtlfs_vpset *set, const uint64_t *w, size_t len, uint32_t var,
		       uint16_t *st)
{
	unsigned char *p = malloc(len ? len : 1);
	unsigned char tmp[8 * HVTLFS_VPSET_MAX_WORDS + 64];
	int rc;

	assert_non_null(p);
	assert_true(len <= sizeof(tmp));
	to_bytes(tmp, w, (len + 7) / 8);
	memcpy(p, tmp, len);
	rc = hvtlfs_vpset_decode(set, p, len, var, st);
	free(p);
	return rc;
}

/* ---- hand-written TLFS vectors ---- */

/* TLFS HV_VP_SET example: VPs {0, 5, 130} -> mask 0x5, banks {0x21, 0x4}. */
static void test_tlfs_vector_indices(void **state)
{
	static const uint32_t vps[] = { 130, 0, 5 };
	uint64_t out[8 + NCANARY];
	size_t need = 0;

	(void)state;
	fill(out, 8, PREFILL);
	put_canaries(out, 8);
	assert_int_equal(hvtlfs_vpset_encode_indices(out, 8, vps, 3, &need), 2);
	assert_int_equal(need, 4);
	assert_true(out[0] == 0);
	assert_true(out[1] == 0x5);
	assert_true(out[2] == 0x21);
	assert_true(out[3] == 0x4);
	check_untouched(out + 4, 4, PREFILL);
	check_canaries(out, 8);
}

static void test_tlfs_vector_bitmap(void **state)
{
	uint64_t bm[3] = { 0x21, 0, 0x4 };
	uint64_t out[4 + NCANARY];
	size_t need = 0;

	(void)state;
	fill(out, 4, PREFILL);
	put_canaries(out, 4);
	assert_int_equal(hvtlfs_vpset_encode_bitmap(out, 4, bm, 3, &need), 2);
	assert_int_equal(need, 4);
	assert_true(out[0] == 0 && out[1] == 0x5 && out[2] == 0x21 && out[3] == 0x4);
	check_canaries(out, 4);
}

static void test_tlfs_vector_decode(void **state)
{
	static const uint64_t w[] = { 0, 0x5, 0x21, 0x4 };
	struct hvtlfs_vpset set;
	uint16_t st = 0xFFFF;
	uint32_t cur = 0, vp, got[4], n = 0, i;

	(void)state;
	assert_int_equal(parse_exact(&set, w, 32, 2, &st), HVTLFS_OK);
	assert_int_equal(st, HVTLFS_STATUS_SUCCESS);
	assert_true(set.format == 0 && set.valid_bank_mask == 0x5);
	assert_int_equal(set.nbanks, 2);
	assert_true(set.banks[0] == 0x21 && set.banks[1] == 0 && set.banks[2] == 0x4);
	for (i = 3; i < 64; i++)
		assert_true(set.banks[i] == 0);
	assert_true(hvtlfs_vpset_contains(&set, 0));
	assert_true(hvtlfs_vpset_contains(&set, 5));
	assert_true(hvtlfs_vpset_contains(&set, 130));
	assert_false(hvtlfs_vpset_contains(&set, 1));
	assert_false(hvtlfs_vpset_contains(&set, 64));
	assert_false(hvtlfs_vpset_contains(&set, 131));
	assert_false(hvtlfs_vpset_contains(&set, 4096));
	assert_false(hvtlfs_vpset_contains(&set, 0xFFFFFFFFu));
	assert_false(hvtlfs_vpset_is_all(&set));
	while (hvtlfs_vpset_next(&set, 0, &cur, &vp)) {
		assert_true(n < 4);
		got[n++] = vp;
	}
	assert_int_equal(n, 3);
	assert_int_equal(got[0], 0);
	assert_int_equal(got[1], 5);
	assert_int_equal(got[2], 130);
	assert_false(hvtlfs_vpset_next(&set, 0, &cur, &vp)); /* stays at the end */
	assert_int_equal(hvtlfs_vpset_count(&set, 0), 3);
}

/* Boundary VPs 63, 64, 4095 and 4096, written out by hand. */
static void test_boundaries(void **state)
{
	static const struct {
		uint32_t vp;
		uint64_t mask, bank;
	} v[] = {
		{ 63, 0x1, 0x8000000000000000ULL },
		{ 64, 0x2, 0x1 },
		{ 127, 0x2, 0x8000000000000000ULL },
		{ 128, 0x4, 0x1 },
		{ 4032, 0x8000000000000000ULL, 0x1 },
		{ 4095, 0x8000000000000000ULL, 0x8000000000000000ULL },
	};
	uint64_t out[3 + NCANARY], bm[64];
	struct hvtlfs_vpset set;
	uint32_t cur, vp;
	size_t i, need;

	(void)state;
	for (i = 0; i < sizeof(v) / sizeof(v[0]); i++) {
		put_canaries(out, 3);
		fill(out, 3, PREFILL);
		need = 0;
		assert_int_equal(hvtlfs_vpset_encode_indices(out, 3, &v[i].vp, 1, &need), 1);
		assert_int_equal(need, 3);
		assert_true(out[0] == 0 && out[1] == v[i].mask && out[2] == v[i].bank);
		check_canaries(out, 3);

		fill(bm, 64, 0);
		bm[v[i].vp / 64] = 1ULL << (v[i].vp % 64);
		fill(out, 3, PREFILL);
		assert_int_equal(hvtlfs_vpset_encode_bitmap(out, 3, bm, 64, NULL), 1);
		assert_true(out[0] == 0 && out[1] == v[i].mask && out[2] == v[i].bank);
		check_canaries(out, 3);

		assert_int_equal(parse_exact(&set, out, 24, 1, NULL), HVTLFS_OK);
		assert_true(hvtlfs_vpset_contains(&set, v[i].vp));
		assert_false(hvtlfs_vpset_contains(&set, v[i].vp - 1));
		cur = 0;
		assert_true(hvtlfs_vpset_next(&set, 0, &cur, &vp));
		assert_int_equal(vp, v[i].vp);
		assert_false(hvtlfs_vpset_next(&set, 0, &cur, &vp));
	}
}

static void test_vp_4096_rejected(void **state)
{
	static const uint32_t bad[] = { 1, 4096 };
	static const uint32_t huge[] = { 0xFFFFFFFFu };
	uint64_t out[66 + NCANARY], bm[65];
	size_t need = 12345;

	(void)state;
	fill(out, 66, PREFILL);
	put_canaries(out, 66);
	assert_int_equal(hvtlfs_vpset_encode_indices(out, 66, bad, 2, &need), HVTLFS_ERR_VP_RANGE);
	assert_int_equal(hvtlfs_vpset_encode_indices(out, 66, huge, 1, &need), HVTLFS_ERR_VP_RANGE);
	fill(bm, 65, 0);
	bm[64] = 1; /* VP 4096 */
	assert_int_equal(hvtlfs_vpset_encode_bitmap(out, 66, bm, 65, &need), HVTLFS_ERR_VP_RANGE);
	/* Failing calls write nothing, not even the needed size. */
	assert_int_equal(need, 12345);
	check_untouched(out, 66, PREFILL);
	bm[64] = 0;
	bm[0] = 1;
	/* Zero words beyond 64 are fine. */
	assert_int_equal(hvtlfs_vpset_encode_bitmap(out, 66, bm, 65, &need), 1);
	assert_true(out[0] == 0 && out[1] == 1 && out[2] == 1);
	check_untouched(out + 3, 63, PREFILL);
	check_canaries(out, 66);
	assert_int_equal(need, 3);
}

static void test_errors_leave_output_untouched(void **state)
{
	static const uint32_t bad[] = { 3, 70, 5000 };
	uint64_t out[8 + NCANARY], bm[70];
	size_t need = 777;

	(void)state;
	fill(out, 8, PREFILL);
	put_canaries(out, 8);
	assert_int_equal(hvtlfs_vpset_encode_indices(out, 8, bad, 3, &need), HVTLFS_ERR_VP_RANGE);
	assert_int_equal(need, 777);
	fill(bm, 70, 0);
	bm[0] = 1;
	bm[69] = 0x10;
	assert_int_equal(hvtlfs_vpset_encode_bitmap(out, 8, bm, 70, &need), HVTLFS_ERR_VP_RANGE);
	assert_int_equal(need, 777);
	check_untouched(out, 8, PREFILL);
	check_canaries(out, 8);
}

static void test_empty_set(void **state)
{
	uint64_t out[2 + NCANARY], bm[5] = { 0, 0, 0, 0, 0 };
	size_t need = 0;

	(void)state;
	put_canaries(out, 2);
	fill(out, 2, PREFILL);
	assert_int_equal(hvtlfs_vpset_encode_indices(out, 2, NULL, 0, &need), 0);
	assert_int_equal(need, 2);
	assert_true(out[0] == HVTLFS_GENERIC_SET_SPARSE_4K && out[1] == 0);
	check_canaries(out, 2);

	fill(out, 2, PREFILL);
	need = 0;
	assert_int_equal(hvtlfs_vpset_encode_bitmap(out, 2, bm, 5, &need), 0);
	assert_int_equal(need, 2);
	assert_true(out[0] == 0 && out[1] == 0);
	check_canaries(out, 2);

	fill(out, 2, PREFILL);
	assert_int_equal(hvtlfs_vpset_encode_bitmap(out, 2, NULL, 0, NULL), 0);
	assert_true(out[0] == 0 && out[1] == 0);
	check_canaries(out, 2);

	/* The empty set still needs its two fixed words. */
	fill(out, 2, PREFILL);
	assert_int_equal(hvtlfs_vpset_encode_bitmap(out, 1, bm, 5, &need), HVTLFS_ERR_NO_SPACE);
	assert_int_equal(need, 2);
	check_untouched(out, 2, PREFILL);
}

static void test_no_space_every_capacity(void **state)
{
	/* VPs in banks 0, 1, 33, 63: needs 2 + 4 words. */
	static const uint32_t vps[] = { 4095, 2, 64, 2112, 2113 };
	uint64_t bm[64], out[6 + NCANARY];
	size_t cap, need;

	(void)state;
	fill(bm, 64, 0);
	bm[0] = 4;
	bm[1] = 1;
	bm[33] = 3;
	bm[63] = 0x8000000000000000ULL;
	for (cap = 0; cap < 6; cap++) {
		fill(out, cap, PREFILL);
		put_canaries(out, cap);
		need = 0;
		assert_int_equal(hvtlfs_vpset_encode_indices(out, cap, vps, 5, &need),
				 HVTLFS_ERR_NO_SPACE);
		assert_int_equal(need, 6);
		need = 0;
		assert_int_equal(hvtlfs_vpset_encode_bitmap(out, cap, bm, 64, &need),
				 HVTLFS_ERR_NO_SPACE);
		assert_int_equal(need, 6);
		check_untouched(out, cap, PREFILL);
		check_canaries(out, cap);
	}
	/* Size query: NULL buffer of capacity 0. */
	need = 0;
	assert_int_equal(hvtlfs_vpset_encode_indices(NULL, 0, vps, 5, &need), HVTLFS_ERR_NO_SPACE);
	assert_int_equal(need, 6);
	need = 0;
	assert_int_equal(hvtlfs_vpset_encode_bitmap(NULL, 0, bm, 64, &need), HVTLFS_ERR_NO_SPACE);
	assert_int_equal(need, 6);
	/* Exactly enough. */
	put_canaries(out, 6);
	assert_int_equal(hvtlfs_vpset_encode_indices(out, 6, vps, 5, NULL), 4);
	assert_true(out[0] == 0 && out[1] == 0x8000000200000003ULL);
	assert_true(out[2] == 4 && out[3] == 1 && out[4] == 3 && out[5] == 0x8000000000000000ULL);
	check_canaries(out, 6);
	assert_int_equal(hvtlfs_vpset_encode_bitmap(out, 6, bm, 64, NULL), 4);
	assert_true(out[0] == 0 && out[1] == 0x8000000200000003ULL);
	assert_true(out[2] == 4 && out[3] == 1 && out[4] == 3 && out[5] == 0x8000000000000000ULL);
	check_canaries(out, 6);
}

static void test_null_arguments(void **state)
{
	uint64_t out[4], bm[1] = { 1 }, mask = 99;
	uint32_t vp = 1;
	size_t need = 5;

	(void)state;
	assert_int_equal(hvtlfs_vpset_encode_bitmap(NULL, 4, bm, 1, &need), HVTLFS_ERR_NULL);
	assert_int_equal(hvtlfs_vpset_encode_bitmap(out, 4, NULL, 1, &need), HVTLFS_ERR_NULL);
	assert_int_equal(hvtlfs_vpset_encode_indices(NULL, 4, &vp, 1, &need), HVTLFS_ERR_NULL);
	assert_int_equal(hvtlfs_vpset_encode_indices(out, 4, NULL, 1, &need), HVTLFS_ERR_NULL);
	assert_int_equal(need, 5);
	assert_int_equal(hvtlfs_vpset_encode_all(NULL, 4), HVTLFS_ERR_NULL);
	assert_int_equal(hvtlfs_vp_mask_encode_bitmap(NULL, bm, 1), HVTLFS_ERR_NULL);
	assert_int_equal(hvtlfs_vp_mask_encode_bitmap(&mask, NULL, 1), HVTLFS_ERR_NULL);
	assert_int_equal(hvtlfs_vp_mask_encode_indices(NULL, &vp, 1), HVTLFS_ERR_NULL);
	assert_int_equal(hvtlfs_vp_mask_encode_indices(&mask, NULL, 1), HVTLFS_ERR_NULL);
	assert_true(mask == 99);
	assert_int_equal(hvtlfs_vpset_decode_mask(NULL, 1), HVTLFS_ERR_NULL);
	assert_int_equal(hvtlfs_vpset_init_all(NULL), HVTLFS_ERR_NULL);
	assert_false(hvtlfs_vpset_is_all(NULL));
	assert_false(hvtlfs_vpset_contains(NULL, 0));
	assert_int_equal(hvtlfs_vpset_count(NULL, 5), 0);
	assert_int_equal(hvtlfs_vp_bitmap_count(NULL, 3), 0);
	assert_false(hvtlfs_vp_bitmap_highest(NULL, 3, &need));
	assert_true(hvtlfs_vp_bitmap_below_64(NULL, 3));
}

/* A reused buffer full of ones: every written word must be fresh. */
static void test_stale_buffer(void **state)
{
	static const uint32_t few[] = { 1, 200 };
	uint64_t out[66 + NCANARY], bm[64], all_vps[64];
	uint32_t vps[4096];
	size_t i;

	(void)state;
	fill(out, 66, PREFILL);
	put_canaries(out, 66);
	assert_int_equal(hvtlfs_vpset_encode_indices(out, 66, few, 2, NULL), 2);
	assert_true(out[0] == 0 && out[1] == 0x9 && out[2] == 0x2 && out[3] == 0x100);
	check_untouched(out + 4, 62, PREFILL);

	/* Dense first, then sparse into the same buffer. */
	for (i = 0; i < 4096; i++)
		vps[i] = (uint32_t)i;
	assert_int_equal(hvtlfs_vpset_encode_indices(out, 66, vps, 4096, NULL), 64);
	assert_true(out[1] == ALL_ONES);
	for (i = 0; i < 64; i++)
		assert_true(out[2 + i] == ALL_ONES);
	assert_int_equal(hvtlfs_vpset_encode_indices(out, 66, few, 2, NULL), 2);
	assert_true(out[0] == 0 && out[1] == 0x9 && out[2] == 0x2 && out[3] == 0x100);

	fill(out, 66, PREFILL);
	fill(bm, 64, 0);
	bm[3] = 0x10;
	bm[40] = 0x1;
	assert_int_equal(hvtlfs_vpset_encode_bitmap(out, 66, bm, 64, NULL), 2);
	assert_true(out[0] == 0 && out[1] == ((1ULL << 3) | (1ULL << 40)));
	assert_true(out[2] == 0x10 && out[3] == 0x1);
	check_untouched(out + 4, 62, PREFILL);
	check_canaries(out, 66);

	/* Format ALL over a stale buffer. */
	fill(all_vps, 64, PREFILL);
	assert_int_equal(hvtlfs_vpset_encode_all(all_vps, 64), 0);
	assert_true(all_vps[0] == HVTLFS_GENERIC_SET_ALL && all_vps[1] == 0);
	check_untouched(all_vps + 2, 62, PREFILL);
}

static void test_duplicates_unsorted(void **state)
{
	static const uint32_t vps[] = { 4000, 7, 7, 4000, 65, 0, 65, 7, 4001 };
	uint64_t out[5 + NCANARY];

	(void)state;
	fill(out, 5, PREFILL);
	put_canaries(out, 5);
	assert_int_equal(hvtlfs_vpset_encode_indices(out, 5, vps, 9, NULL), 3);
	/* banks 0, 1, 62 (4000 = 62*64 + 32) */
	assert_true(out[1] == ((1ULL << 0) | (1ULL << 1) | (1ULL << 62)));
	assert_true(out[2] == 0x81);
	assert_true(out[3] == 0x2);
	assert_true(out[4] == ((1ULL << 32) | (1ULL << 33)));
	check_canaries(out, 5);
}

static void test_encode_all(void **state)
{
	uint64_t out[2 + NCANARY];
	struct hvtlfs_vpset set;

	(void)state;
	put_canaries(out, 2);
	fill(out, 2, PREFILL);
	assert_int_equal(hvtlfs_vpset_encode_all(out, 1), HVTLFS_ERR_NO_SPACE);
	check_untouched(out, 2, PREFILL);
	assert_int_equal(hvtlfs_vpset_encode_all(out, 2), 0);
	assert_true(out[0] == 1 && out[1] == 0);
	check_canaries(out, 2);
	assert_int_equal(parse_exact(&set, out, 16, 0, NULL), HVTLFS_OK);
	assert_true(hvtlfs_vpset_is_all(&set));
}

static void test_legacy_mask(void **state)
{
	static const uint32_t ok[] = { 63, 0, 5, 0 };
	static const uint32_t ex[] = { 1, 64 };
	static const uint32_t both[] = { 64, 4096 };
	static const uint32_t beyond[] = { 4096 };
	uint64_t bm[66], mask = 42;

	(void)state;
	assert_int_equal(hvtlfs_vp_mask_encode_indices(&mask, ok, 4), HVTLFS_OK);
	assert_true(mask == 0x8000000000000021ULL);
	mask = 42;
	assert_int_equal(hvtlfs_vp_mask_encode_indices(&mask, ex, 2), HVTLFS_ERR_NEEDS_EX);
	assert_int_equal(hvtlfs_vp_mask_encode_indices(&mask, both, 2), HVTLFS_ERR_VP_RANGE);
	assert_int_equal(hvtlfs_vp_mask_encode_indices(&mask, beyond, 1), HVTLFS_ERR_VP_RANGE);
	assert_true(mask == 42);
	assert_int_equal(hvtlfs_vp_mask_encode_indices(&mask, NULL, 0), HVTLFS_OK);
	assert_true(mask == 0);

	fill(bm, 66, 0);
	bm[0] = 0x8000000000000001ULL;
	mask = 42;
	assert_int_equal(hvtlfs_vp_mask_encode_bitmap(&mask, bm, 66), HVTLFS_OK);
	assert_true(mask == 0x8000000000000001ULL);
	bm[1] = 1; /* VP 64 */
	mask = 42;
	assert_int_equal(hvtlfs_vp_mask_encode_bitmap(&mask, bm, 66), HVTLFS_ERR_NEEDS_EX);
	bm[1] = 0;
	bm[63] = 0x8000000000000000ULL; /* VP 4095 */
	assert_int_equal(hvtlfs_vp_mask_encode_bitmap(&mask, bm, 66), HVTLFS_ERR_NEEDS_EX);
	bm[65] = 2; /* VP 4161 */
	assert_int_equal(hvtlfs_vp_mask_encode_bitmap(&mask, bm, 66), HVTLFS_ERR_VP_RANGE);
	assert_true(mask == 42);
	assert_int_equal(hvtlfs_vp_mask_encode_bitmap(&mask, NULL, 0), HVTLFS_OK);
	assert_true(mask == 0);
}

static void test_bitmap_helpers(void **state)
{
	uint64_t bm[70];
	size_t vp = 0;

	(void)state;
	fill(bm, 70, 0);
	assert_int_equal(hvtlfs_vp_bitmap_count(bm, 70), 0);
	assert_false(hvtlfs_vp_bitmap_highest(bm, 70, &vp));
	assert_true(hvtlfs_vp_bitmap_below_64(bm, 70));
	bm[0] = 0x8000000000000001ULL;
	assert_int_equal(hvtlfs_vp_bitmap_count(bm, 70), 2);
	assert_true(hvtlfs_vp_bitmap_highest(bm, 70, &vp));
	assert_int_equal(vp, 63);
	assert_true(hvtlfs_vp_bitmap_highest(bm, 70, NULL));
	assert_true(hvtlfs_vp_bitmap_below_64(bm, 70));
	bm[1] = 1;
	assert_false(hvtlfs_vp_bitmap_below_64(bm, 70));
	assert_true(hvtlfs_vp_bitmap_highest(bm, 70, &vp));
	assert_int_equal(vp, 64);
	bm[69] = 0x8000000000000000ULL;
	assert_true(hvtlfs_vp_bitmap_highest(bm, 70, &vp));
	assert_int_equal(vp, 69 * 64 + 63);
	assert_int_equal(hvtlfs_vp_bitmap_count(bm, 70), 4);
	/* Only the words given are read. */
	assert_true(hvtlfs_vp_bitmap_highest(bm, 1, &vp));
	assert_int_equal(vp, 63);
	assert_true(hvtlfs_vp_bitmap_below_64(bm, 1));
	assert_false(hvtlfs_vp_bitmap_highest(bm, 0, &vp));
}

static void test_bit_helpers(void **state)
{
	unsigned int i, naive_pop, naive_ctz, naive_msb, b;
	uint64_t x;

	(void)state;
	assert_int_equal(hvtlfs_popcount64(0), 0);
	assert_int_equal(hvtlfs_popcount64(ALL_ONES), 64);
	assert_int_equal(hvtlfs_popcount64(0x8000000000000001ULL), 2);
	assert_int_equal(hvtlfs_ctz64(0), 64);
	assert_int_equal(hvtlfs_ctz64(1), 0);
	assert_int_equal(hvtlfs_ctz64(0x8000000000000000ULL), 63);
	assert_int_equal(hvtlfs_ctz64(0x100000000ULL), 32);
	assert_int_equal(hvtlfs_msb64(0), 64);
	assert_int_equal(hvtlfs_msb64(1), 0);
	assert_int_equal(hvtlfs_msb64(ALL_ONES), 63);
	assert_int_equal(hvtlfs_msb64(0x100000000ULL), 32);
	for (b = 0; b < 64; b++) {
		assert_int_equal(hvtlfs_ctz64(1ULL << b), b);
		assert_int_equal(hvtlfs_msb64(1ULL << b), b);
		assert_int_equal(hvtlfs_popcount64(1ULL << b), 1);
	}
	testutil_seed(0xB175);
	for (i = 0; i < 20000; i++) {
		x = testutil_next();
		if (i & 1)
			x &= testutil_next();
		if (i & 2)
			x &= testutil_next() & testutil_next();
		naive_pop = 0;
		naive_ctz = 64;
		naive_msb = 64;
		for (b = 0; b < 64; b++) {
			if ((x >> b) & 1) {
				naive_pop++;
				if (naive_ctz == 64)
					naive_ctz = b;
				naive_msb = b;
			}
		}
		assert_int_equal(hvtlfs_popcount64(x), naive_pop);
		assert_int_equal(hvtlfs_ctz64(x), naive_ctz);
		assert_int_equal(hvtlfs_msb64(x), naive_msb);
	}
}

/* ---- decoder error paths ---- */

static void check_cleared(const struct hvtlfs_vpset *set)
{
	unsigned int i;

	assert_true(set->format == 0 && set->valid_bank_mask == 0);
	assert_int_equal(set->nbanks, 0);
	for (i = 0; i < 64; i++)
		assert_true(set->banks[i] == 0);
}

static void test_parse_truncated_header(void **state)
{
	static const uint64_t w[] = { 0, 0 };
	struct hvtlfs_vpset set;
	uint16_t st;
	size_t len;

	(void)state;
	for (len = 0; len < 16; len++) {
		memset(&set, 0xAB, sizeof(set));
		st = 0xFFFF;
		assert_int_equal(parse_exact(&set, w, len, 0, &st), HVTLFS_ERR_TRUNCATED);
		assert_int_equal(st, HVTLFS_STATUS_INVALID_HYPERCALL_INPUT);
		check_cleared(&set);
	}
	st = 0xFFFF;
	assert_int_equal(hvtlfs_vpset_decode(&set, NULL, 0, 0, &st), HVTLFS_ERR_TRUNCATED);
	assert_int_equal(st, HVTLFS_STATUS_INVALID_HYPERCALL_INPUT);
}

static void test_parse_bank_mismatch(void **state)
{
	uint64_t w[66];
	struct hvtlfs_vpset set;
	uint16_t st;
	uint32_t var;

	(void)state;
	fill(w, 66, 0);
	w[1] = 0x5;
	for (var = 0; var < 70; var++) {
		if (var == 2)
			continue;
		memset(&set, 0xAB, sizeof(set));
		st = 0xFFFF;
		assert_int_equal(parse_exact(&set, w, sizeof(w), var, &st),
				 HVTLFS_ERR_BANK_MISMATCH);
		assert_int_equal(st, HVTLFS_STATUS_INVALID_HYPERCALL_INPUT);
		check_cleared(&set);
	}
	assert_int_equal(parse_exact(&set, w, sizeof(w), 0xFFFFFFFFu, &st),
			 HVTLFS_ERR_BANK_MISMATCH);
	/* All 64 banks: 64 bank words, and 65 is never accepted. */
	w[1] = ALL_ONES;
	assert_int_equal(parse_exact(&set, w, sizeof(w), 65, &st), HVTLFS_ERR_BANK_MISMATCH);
	assert_int_equal(parse_exact(&set, w, sizeof(w), 64, &st), HVTLFS_OK);
	assert_int_equal(set.nbanks, 64);
	/* mask 0 and var 0: the empty set, not an error. */
	w[1] = 0;
	assert_int_equal(parse_exact(&set, w, 16, 0, &st), HVTLFS_OK);
	assert_int_equal(st, HVTLFS_STATUS_SUCCESS);
	assert_int_equal(hvtlfs_vpset_count(&set, 0), 0);
	/* Mismatch is reported before a short bank list. */
	w[1] = 0x7;
	assert_int_equal(parse_exact(&set, w, 16, 2, &st), HVTLFS_ERR_BANK_MISMATCH);
}

static void test_parse_truncated_banks(void **state)
{
	uint64_t w[66];
	struct hvtlfs_vpset set;
	uint16_t st;
	size_t len;

	(void)state;
	fill(w, 66, 0x1111);
	w[0] = 0;
	w[1] = ALL_ONES;
	for (len = 16; len < 16 + 64 * 8; len++) {
		memset(&set, 0xAB, sizeof(set));
		st = 0xFFFF;
		assert_int_equal(parse_exact(&set, w, len, 64, &st), HVTLFS_ERR_TRUNCATED);
		assert_int_equal(st, HVTLFS_STATUS_INVALID_HYPERCALL_INPUT);
		check_cleared(&set);
	}
	assert_int_equal(parse_exact(&set, w, len, 64, &st), HVTLFS_OK);
	w[1] = 0x8000000000000001ULL;
	assert_int_equal(parse_exact(&set, w, 31, 2, &st), HVTLFS_ERR_TRUNCATED);
	assert_int_equal(parse_exact(&set, w, 32, 2, &st), HVTLFS_OK);
	assert_true(set.banks[0] == 0x1111 && set.banks[63] == 0x1111);
	assert_true(set.banks[1] == 0);
}

static void test_parse_bad_format(void **state)
{
	static const uint64_t formats[] = {
		2, 3, 0x100, 0x100000000ULL, 0x8000000000000000ULL, ALL_ONES
	};
	uint64_t w[3] = { 0, 1, 0x1 };
	struct hvtlfs_vpset set;
	uint16_t st;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(formats) / sizeof(formats[0]); i++) {
		w[0] = formats[i];
		memset(&set, 0xAB, sizeof(set));
		st = 0xFFFF;
		assert_int_equal(parse_exact(&set, w, 24, 1, &st), HVTLFS_ERR_BAD_FORMAT);
		assert_int_equal(st, HVTLFS_STATUS_INVALID_PARAMETER);
		check_cleared(&set);
		/* hv_status is optional. */
		assert_int_equal(parse_exact(&set, w, 24, 1, NULL), HVTLFS_ERR_BAD_FORMAT);
	}
}

static void test_parse_null(void **state)
{
	unsigned char b[16] = { 0 };
	struct hvtlfs_vpset set;
	uint16_t st = 0xFFFF;

	(void)state;
	assert_int_equal(hvtlfs_vpset_decode(NULL, b, 16, 0, &st), HVTLFS_ERR_NULL);
	assert_int_equal(st, HVTLFS_STATUS_INVALID_PARAMETER);
	st = 0xFFFF;
	assert_int_equal(hvtlfs_vpset_decode(&set, NULL, 16, 0, &st), HVTLFS_ERR_NULL);
	assert_int_equal(st, HVTLFS_STATUS_INVALID_PARAMETER);
	assert_int_equal(hvtlfs_vpset_decode(NULL, b, 16, 0, NULL), HVTLFS_ERR_NULL);
}

static void test_parse_unaligned_and_trailing(void **state)
{
	unsigned char raw[1 + 40 + 7];
	static const uint64_t w[] = { 0, 0x5, 0x21, 0x4, 0xDEADBEEFULL };
	struct hvtlfs_vpset set;
	size_t off;

	(void)state;
	for (off = 0; off < 8; off++) {
		memset(raw, 0xEE, sizeof(raw));
		to_bytes(raw + off, w, 5);
		/* 40 bytes: rep elements follow the set; they are not the decoder's. */
		assert_int_equal(hvtlfs_vpset_decode(&set, raw + off, 40, 2, NULL), HVTLFS_OK);
		assert_true(set.banks[0] == 0x21 && set.banks[2] == 0x4);
		assert_int_equal(HVTLFS_VPSET_BYTES(set.nbanks), 32);
	}
}

static void test_parse_format_all(void **state)
{
	static const uint64_t all0[] = { 1, 0 };
	static const uint64_t all2[] = { 1, 0x3, 0x55, 0x66 };
	struct hvtlfs_vpset set;
	uint64_t bm[4 + NCANARY];
	uint32_t cur = 0, vp, n = 0;
	uint16_t st;

	(void)state;
	assert_int_equal(parse_exact(&set, all0, 16, 0, &st), HVTLFS_OK);
	assert_true(hvtlfs_vpset_is_all(&set));
	assert_true(hvtlfs_vpset_contains(&set, 0));
	assert_true(hvtlfs_vpset_contains(&set, 100000));
	while (hvtlfs_vpset_next(&set, 5, &cur, &vp)) {
		assert_int_equal(vp, n);
		n++;
	}
	assert_int_equal(n, 5);
	assert_int_equal(hvtlfs_vpset_count(&set, 5), 5);
	cur = 0;
	assert_false(hvtlfs_vpset_next(&set, 0, &cur, &vp));
	cur = 0xFFFFFFFEu;
	assert_true(hvtlfs_vpset_next(&set, 0xFFFFFFFFu, &cur, &vp));
	assert_int_equal(vp, 0xFFFFFFFEu);
	assert_false(hvtlfs_vpset_next(&set, 0xFFFFFFFFu, &cur, &vp));

	/* Format ALL obeys the same bank-count rule; its bank words are ignored. */
	assert_int_equal(parse_exact(&set, all2, 32, 0, &st), HVTLFS_ERR_BANK_MISMATCH);
	assert_int_equal(st, HVTLFS_STATUS_INVALID_HYPERCALL_INPUT);
	assert_int_equal(parse_exact(&set, all2, 24, 2, &st), HVTLFS_ERR_TRUNCATED);
	assert_int_equal(parse_exact(&set, all2, 32, 2, &st), HVTLFS_OK);
	assert_true(hvtlfs_vpset_is_all(&set));
	assert_int_equal(set.nbanks, 2);
	assert_true(set.banks[0] == 0 && set.banks[1] == 0);

	/* to_bitmap for ALL: the caller's VP count. */
	fill(bm, 4, PREFILL);
	put_canaries(bm, 4);
	assert_int_equal(hvtlfs_vpset_to_bitmap(&set, bm, 4, 130), HVTLFS_OK);
	assert_true(bm[0] == ALL_ONES && bm[1] == ALL_ONES && bm[2] == 0x3 && bm[3] == 0);
	check_canaries(bm, 4);
	assert_int_equal(hvtlfs_vpset_to_bitmap(&set, bm, 2, 130), HVTLFS_ERR_VP_OUTSIDE_BITMAP);
	assert_true(bm[0] == ALL_ONES && bm[1] == ALL_ONES);
	assert_int_equal(hvtlfs_vpset_to_bitmap(&set, bm, 2, 128), HVTLFS_OK);
	assert_int_equal(hvtlfs_vpset_to_bitmap(&set, bm, 3, 128), HVTLFS_OK);
	assert_true(bm[2] == 0);
	assert_int_equal(hvtlfs_vpset_to_bitmap(&set, bm, 2, 129), HVTLFS_ERR_VP_OUTSIDE_BITMAP);
	assert_int_equal(hvtlfs_vpset_to_bitmap(&set, NULL, 0, 0), HVTLFS_OK);
	assert_int_equal(hvtlfs_vpset_to_bitmap(&set, NULL, 0, 1), HVTLFS_ERR_VP_OUTSIDE_BITMAP);
	assert_int_equal(hvtlfs_vpset_to_bitmap(&set, bm, 4, 0xFFFFFFFFu),
			 HVTLFS_ERR_VP_OUTSIDE_BITMAP);
	check_canaries(bm, 4);
}

static void test_to_bitmap_sparse(void **state)
{
	static const uint64_t w[] = { 0, 0x8000000000000005ULL, 0x21, 0x4, 0x80 };
	struct hvtlfs_vpset set;
	uint64_t bm[70 + NCANARY];

	(void)state;
	assert_int_equal(parse_exact(&set, w, 40, 3, NULL), HVTLFS_OK);
	fill(bm, 70, PREFILL);
	put_canaries(bm, 70);
	assert_int_equal(hvtlfs_vpset_to_bitmap(&set, bm, 70, 0), HVTLFS_OK);
	assert_true(bm[0] == 0x21 && bm[1] == 0 && bm[2] == 0x4 && bm[63] == 0x80);
	check_untouched(bm + 3, 60, 0);
	check_untouched(bm + 64, 6, 0);
	check_canaries(bm, 70);

	fill(bm, 70, PREFILL);
	put_canaries(bm, 3);
	assert_int_equal(hvtlfs_vpset_to_bitmap(&set, bm, 3, 0), HVTLFS_ERR_VP_OUTSIDE_BITMAP);
	assert_true(bm[0] == 0x21 && bm[1] == 0 && bm[2] == 0x4);
	check_canaries(bm, 3);
	put_canaries(bm, 64);
	assert_int_equal(hvtlfs_vpset_to_bitmap(&set, bm, 64, 0), HVTLFS_OK);
	check_canaries(bm, 64);
	assert_int_equal(hvtlfs_vpset_to_bitmap(&set, NULL, 0, 0), HVTLFS_ERR_VP_OUTSIDE_BITMAP);
	assert_int_equal(hvtlfs_vpset_to_bitmap(&set, NULL, 3, 0), HVTLFS_ERR_NULL);
	assert_int_equal(hvtlfs_vpset_to_bitmap(NULL, bm, 3, 0), HVTLFS_ERR_NULL);

	assert_int_equal(hvtlfs_vpset_decode_mask(&set, 0), HVTLFS_OK);
	assert_int_equal(hvtlfs_vpset_to_bitmap(&set, NULL, 0, 0), HVTLFS_OK);
}

static void test_from_mask_and_all(void **state)
{
	struct hvtlfs_vpset set;
	uint32_t cur = 0, vp;

	(void)state;
	memset(&set, 0xAB, sizeof(set));
	assert_int_equal(hvtlfs_vpset_decode_mask(&set, 0x8000000000000051ULL), HVTLFS_OK);
	assert_false(hvtlfs_vpset_is_all(&set));
	assert_true(set.valid_bank_mask == 1 && set.nbanks == 1);
	assert_true(set.banks[0] == 0x8000000000000051ULL && set.banks[1] == 0);
	assert_int_equal(hvtlfs_vpset_count(&set, 0), 4);
	assert_true(hvtlfs_vpset_next(&set, 0, &cur, &vp) && vp == 0);
	assert_true(hvtlfs_vpset_next(&set, 0, &cur, &vp) && vp == 4);
	assert_true(hvtlfs_vpset_next(&set, 0, &cur, &vp) && vp == 6);
	assert_true(hvtlfs_vpset_next(&set, 0, &cur, &vp) && vp == 63);
	assert_false(hvtlfs_vpset_next(&set, 0, &cur, &vp));
	assert_false(hvtlfs_vpset_contains(&set, 64));

	assert_int_equal(hvtlfs_vpset_decode_mask(&set, 0), HVTLFS_OK);
	check_cleared(&set);
	assert_int_equal(hvtlfs_vpset_count(&set, 100), 0);

	assert_int_equal(hvtlfs_vpset_init_all(&set), HVTLFS_OK);
	assert_true(hvtlfs_vpset_is_all(&set));
	assert_int_equal(hvtlfs_vpset_count(&set, 100), 100);

	assert_false(hvtlfs_vpset_next(NULL, 0, &cur, &vp));
	assert_false(hvtlfs_vpset_next(&set, 10, NULL, &vp));
	assert_false(hvtlfs_vpset_next(&set, 10, &cur, NULL));
}

static void test_iterator_cursor_edges(void **state)
{
	struct hvtlfs_vpset set;
	uint32_t cur, vp;

	(void)state;
	assert_int_equal(hvtlfs_vpset_decode_mask(&set, 0), HVTLFS_OK);
	set.valid_bank_mask = 0x8000000000000001ULL;
	set.banks[63] = 0x8000000000000000ULL;
	set.banks[0] = 0x1;
	cur = 1;
	assert_true(hvtlfs_vpset_next(&set, 0, &cur, &vp));
	assert_int_equal(vp, 4095);
	assert_false(hvtlfs_vpset_next(&set, 0, &cur, &vp));
	cur = 4096;
	assert_false(hvtlfs_vpset_next(&set, 0, &cur, &vp));
	cur = 0xFFFFFFFFu;
	assert_false(hvtlfs_vpset_next(&set, 0, &cur, &vp));
}

/* ---- property tests ---- */

#define PROP_CASES 10000

/* Independent reference: one bit per VP, then the wire form built bank by bank. */
static size_t ref_encode(uint64_t *out, const uint64_t *bm64)
{
	uint64_t banks[64] = { 0 };
	size_t vp, i, k = 0;

	out[0] = 0;
	out[1] = 0;
	for (vp = 0; vp < 4096; vp++) {
		if ((bm64[vp / 64] >> (vp % 64)) & 1) {
			banks[vp / 64] |= 1ULL << (vp % 64);
			out[1] |= 1ULL << (vp / 64);
		}
	}
	for (i = 0; i < 64; i++)
		if ((out[1] >> i) & 1)
			out[2 + k++] = banks[i];
	return k;
}

static void random_bitmap(uint64_t *bm, size_t words)
{
	uint32_t mode = rng_below(6);
	size_t i;

	for (i = 0; i < words; i++) {
		switch (rng_below(mode == 0 ? 2 : mode + 1)) {
		case 0:
			bm[i] = 0;
			break;
		case 1:
			bm[i] = mode == 1 ? ALL_ONES : testutil_next();
			break;
		case 2:
			bm[i] = 1ULL << rng_below(64);
			break;
		case 3:
			bm[i] = testutil_next() & testutil_next() & testutil_next();
			break;
		default:
			bm[i] = ALL_ONES;
			break;
		}
	}
}

static void check_roundtrip(const uint64_t *out, int nb, const uint64_t *bm64)
{
	struct hvtlfs_vpset set;
	uint64_t back[64 + NCANARY];
	uint16_t st = 0xFFFF;
	uint32_t cur = 0, vp, expect_vp = 0, seen = 0;
	size_t n = 0, i;

	for (i = 0; i < 64; i++)
		n += (size_t)hvtlfs_popcount64(bm64[i]);
	assert_int_equal(parse_exact(&set, out, 8 * (2 + (size_t)nb), (uint32_t)nb, &st),
			 HVTLFS_OK);
	assert_int_equal(st, HVTLFS_STATUS_SUCCESS);
	put_canaries(back, 64);
	fill(back, 64, PREFILL);
	assert_int_equal(hvtlfs_vpset_to_bitmap(&set, back, 64, 0), HVTLFS_OK);
	check_canaries(back, 64);
	for (i = 0; i < 64; i++)
		assert_true(back[i] == bm64[i]);
	assert_int_equal(hvtlfs_vpset_count(&set, 0), n);
	while (hvtlfs_vpset_next(&set, 0, &cur, &vp)) {
		assert_true(vp < 4096);
		assert_true(seen == 0 || vp >= expect_vp); /* ascending */
		assert_true((bm64[vp / 64] >> (vp % 64)) & 1);
		assert_true(hvtlfs_vpset_contains(&set, vp));
		expect_vp = vp + 1;
		seen++;
	}
	assert_int_equal(seen, n);
	vp = rng_below(4096);
	assert_int_equal(hvtlfs_vpset_contains(&set, vp), (bm64[vp / 64] >> (vp % 64)) & 1);
}

static void test_property_bitmap(void **state)
{
	uint64_t bm[80], bm64[64], out[66 + NCANARY], ref[66];
	size_t words, cap, need, i;
	unsigned int c;
	int nb;

	(void)state;
	testutil_seed(0x5EED0001);
	for (c = 0; c < PROP_CASES; c++) {
		words = rng_below(81);
		random_bitmap(bm, words);
		for (i = 64; i < words; i++)
			bm[i] = 0;
		fill(bm64, 64, 0);
		for (i = 0; i < words && i < 64; i++)
			bm64[i] = bm[i];
		(void)ref_encode(ref, bm64);
		need = 2 + hvtlfs_popcount64(ref[1]);
		cap = need + rng_below((uint32_t)(67 - need));
		fill(out, cap, testutil_next() | 1);
		put_canaries(out, cap);
		nb = hvtlfs_vpset_encode_bitmap(out, cap, bm, words, NULL);
		assert_int_equal(nb, (int)need - 2);
		for (i = 0; i < need; i++)
			assert_true(out[i] == ref[i]);
		check_canaries(out, cap);
		check_roundtrip(out, nb, bm64);
		if (need > 2) {
			size_t got = 0;

			assert_int_equal(hvtlfs_vpset_encode_bitmap(out, need - 1, bm, words, &got),
					 HVTLFS_ERR_NO_SPACE);
			assert_int_equal(got, need);
		}
	}
}

static void test_property_indices(void **state)
{
	static uint32_t vps[600];
	uint64_t bm64[64], out[66 + NCANARY], ref[66];
	size_t n, i, cap, need;
	uint32_t base, span;
	unsigned int c;
	int nb;

	(void)state;
	testutil_seed(0x5EED0002);
	for (c = 0; c < PROP_CASES; c++) {
		n = rng_below(601);
		base = rng_below(4096);
		span = 1 + rng_below(4096 - base);
		if (c % 5 == 0) {
			base = 0;
			span = 4096;
		}
		fill(bm64, 64, 0);
		for (i = 0; i < n; i++) {
			if (i > 0 && rng_below(8) == 0)
				vps[i] = vps[rng_below((uint32_t)i)]; /* duplicate */
			else
				vps[i] = base + rng_below(span);
			bm64[vps[i] / 64] |= 1ULL << (vps[i] % 64);
		}
		(void)ref_encode(ref, bm64);
		need = 2 + hvtlfs_popcount64(ref[1]);
		cap = need + rng_below((uint32_t)(67 - need));
		fill(out, cap, PREFILL);
		put_canaries(out, cap);
		nb = hvtlfs_vpset_encode_indices(out, cap, vps, n, NULL);
		assert_int_equal(nb, (int)need - 2);
		for (i = 0; i < need; i++)
			assert_true(out[i] == ref[i]);
		check_untouched(out + need, cap - need, PREFILL);
		check_canaries(out, cap);
		check_roundtrip(out, nb, bm64);
		if (n > 0 && rng_below(4) == 0) {
			vps[rng_below((uint32_t)n)] = 4096 + rng_below(100000);
			fill(out, cap, PREFILL);
			assert_int_equal(hvtlfs_vpset_encode_indices(out, cap, vps, n, NULL),
					 HVTLFS_ERR_VP_RANGE);
			check_untouched(out, cap, PREFILL);
			check_canaries(out, cap);
		}
	}
}

/* Random bytes, lengths and header sizes: the decoder's answer is always consistent. */
static void test_property_parse_random(void **state)
{
	uint64_t w[70];
	struct hvtlfs_vpset set;
	uint16_t st;
	size_t len, i;
	uint32_t var;
	unsigned int c;
	int rc;

	(void)state;
	testutil_seed(0x5EED0003);
	for (c = 0; c < PROP_CASES; c++) {
		for (i = 0; i < 70; i++)
			w[i] = testutil_next();
		if (rng_below(2))
			w[0] &= 1;
		if (rng_below(2))
			w[1] &= testutil_next() & testutil_next();
		len = rng_below(8 * 66 + 1);
		var = rng_below(3) ? hvtlfs_popcount64(w[1]) : rng_below(70);
		st = 0xFFFF;
		rc = parse_exact(&set, w, len, var, &st);
		if (len < 16) {
			assert_int_equal(rc, HVTLFS_ERR_TRUNCATED);
		} else if (var != hvtlfs_popcount64(w[1])) {
			assert_int_equal(rc, HVTLFS_ERR_BANK_MISMATCH);
		} else if (len < 16 + 8 * (size_t)var) {
			assert_int_equal(rc, HVTLFS_ERR_TRUNCATED);
		} else if (w[0] > 1) {
			assert_int_equal(rc, HVTLFS_ERR_BAD_FORMAT);
		} else {
			assert_int_equal(rc, HVTLFS_OK);
			assert_int_equal(st, HVTLFS_STATUS_SUCCESS);
			assert_int_equal(set.nbanks, var);
			if (w[0] == 0) {
				uint64_t m = w[1];
				size_t k = 0;

				for (i = 0; i < 64; i++)
					if ((m >> i) & 1)
						assert_true(set.banks[i] == w[2 + k++]);
					else
						assert_true(set.banks[i] == 0);
			}
		}
		if (rc == HVTLFS_ERR_BAD_FORMAT)
			assert_int_equal(st, HVTLFS_STATUS_INVALID_PARAMETER);
		else if (rc != HVTLFS_OK)
			assert_int_equal(st, HVTLFS_STATUS_INVALID_HYPERCALL_INPUT);
	}
}

static void test_error_names(void **state)
{
	(void)state;
	assert_string_equal(hvtlfs_strerror(HVTLFS_ERR_VP_RANGE), "HVTLFS_ERR_VP_RANGE");
	assert_string_equal(hvtlfs_strerror(HVTLFS_ERR_NEEDS_EX), "HVTLFS_ERR_NEEDS_EX");
	assert_string_equal(hvtlfs_strerror(HVTLFS_ERR_BANK_MISMATCH), "HVTLFS_ERR_BANK_MISMATCH");
	assert_string_equal(hvtlfs_strerror(HVTLFS_ERR_VP_OUTSIDE_BITMAP),
			    "HVTLFS_ERR_VP_OUTSIDE_BITMAP");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_tlfs_vector_indices),
		cmocka_unit_test(test_tlfs_vector_bitmap),
		cmocka_unit_test(test_tlfs_vector_decode),
		cmocka_unit_test(test_boundaries),
		cmocka_unit_test(test_vp_4096_rejected),
		cmocka_unit_test(test_errors_leave_output_untouched),
		cmocka_unit_test(test_empty_set),
		cmocka_unit_test(test_no_space_every_capacity),
		cmocka_unit_test(test_null_arguments),
		cmocka_unit_test(test_stale_buffer),
		cmocka_unit_test(test_duplicates_unsorted),
		cmocka_unit_test(test_encode_all),
		cmocka_unit_test(test_legacy_mask),
		cmocka_unit_test(test_bitmap_helpers),
		cmocka_unit_test(test_bit_helpers),
		cmocka_unit_test(test_parse_truncated_header),
		cmocka_unit_test(test_parse_bank_mismatch),
		cmocka_unit_test(test_parse_truncated_banks),
		cmocka_unit_test(test_parse_bad_format),
		cmocka_unit_test(test_parse_null),
		cmocka_unit_test(test_parse_unaligned_and_trailing),
		cmocka_unit_test(test_parse_format_all),
		cmocka_unit_test(test_to_bitmap_sparse),
		cmocka_unit_test(test_from_mask_and_all),
		cmocka_unit_test(test_iterator_cursor_edges),
		cmocka_unit_test(test_property_bitmap),
		cmocka_unit_test(test_property_indices),
		cmocka_unit_test(test_property_parse_random),
		cmocka_unit_test(test_error_names),
	};

	return cmocka_run_group_tests_name("vpset", tests, NULL, NULL);
}
