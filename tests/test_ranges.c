/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * GVA / GPA range lists: golden vectors written by hand from the TLFS layouts,
 * seeded round-trip properties against an independent interval model, canaries
 * after every output buffer, and every decoder error path.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "hvtlfs/ranges.h"
#include "testutil.h"

#define CANARY	0xC0DEC0DEDEADBEEFull
#define NCANARY 4
#define MAXPAGE 0x000FFFFFFFFFFFFFull
#define PAGE	0x1000ull
#define MB2	0x200000ull
#define GB1	0x40000000ull
#define BUF	8192
#define GVA_S	HVTLFS_RANGE_FORMAT_GVA_SIMPLE
#define GVA_E	HVTLFS_RANGE_FORMAT_GVA_EXTENDED
#define GVA_L	(HVTLFS_RANGE_FORMAT_GVA_EXTENDED | HVTLFS_RANGE_ENCODE_LARGE_PAGES)
#define GVA_L2M (GVA_L | HVTLFS_RANGE_ENCODE_NO_1G)
#define E_LARGE 0x800ull
#define E_1G	0x1000ull

static uint64_t buf[BUF + NCANARY];

static void arm(void)
{
	size_t i;
	for (i = 0; i < BUF + NCANARY; i++)
		buf[i] = CANARY;
}

/* Every word from index cap on still holds the canary. */
static void check_canary(size_t cap)
{
	size_t i;
	for (i = cap; i < cap + NCANARY; i++)
		assert_true(buf[i] == CANARY);
}

static int gva1(uint64_t start, uint64_t len, unsigned int flags, size_t cap, size_t *needed)
{
	struct hvtlfs_range r;
	r.start = start;
	r.length = len;
	arm();
	return hvtlfs_ranges_encode(buf, cap, &r, 1, flags, needed);
}

/* ---- golden vectors ---------------------------------------------------- */

static void test_gva_simple_golden(void **state)
{
	size_t need = 0;
	(void)state;
	/* One page at GVA 0x7f0000000000: page number 0x7f0000000, 0 additional pages. */
	assert_int_equal(gva1(0x7f0000000000ull, 1, GVA_S, 4, &need), 1);
	assert_true(buf[0] == (0x7f0000000ull << 12 | 0));
	assert_true(need == 1);
	check_canary(4);
	/* The whole page and an unaligned byte inside it are the same page. */
	assert_int_equal(gva1(0x7f0000000000ull, PAGE, GVA_S, 1, &need), 1);
	assert_true(buf[0] == 0x7f0000000000ull);
	check_canary(1);
	assert_int_equal(gva1(0x7f0000000abcull, 7, GVA_S, 1, &need), 1);
	assert_true(buf[0] == 0x7f0000000000ull);
	/* Two bytes straddling a page boundary: two pages, one entry. */
	assert_int_equal(gva1(0xFFF, 2, GVA_S, 1, &need), 1);
	assert_true(buf[0] == 0x1);
	/* 4096 pages: one entry, additional pages 0xFFF. */
	assert_int_equal(gva1(0x7f0000000000ull, 4096 * PAGE, GVA_S, 1, &need), 1);
	assert_true(buf[0] == 0x7f0000000FFFull);
	check_canary(1);
	/* 4097 pages: 4096 + 1. */
	assert_int_equal(gva1(0x7f0000000000ull, 4097 * PAGE, GVA_S, 2, &need), 2);
	assert_true(buf[0] == 0x7f0000000FFFull);
	assert_true(buf[1] == 0x7f0001000000ull);
	check_canary(2);
	/* 33 pages. */
	assert_int_equal(gva1(0x10000, 33 * PAGE, GVA_S, 1, &need), 1);
	assert_true(buf[0] == 0x10020);
}

static void test_gva_top_of_space(void **state)
{
	size_t need = 0;
	(void)state;
	/* The very last page. */
	assert_int_equal(gva1(0xFFFFFFFFFFFFF000ull, PAGE, GVA_S, 1, &need), 1);
	assert_true(buf[0] == 0xFFFFFFFFFFFFF000ull);
	check_canary(1);
	/* The very last byte. */
	assert_int_equal(gva1(0xFFFFFFFFFFFFFFFFull, 1, GVA_S, 1, &need), 1);
	assert_true(buf[0] == 0xFFFFFFFFFFFFF000ull);
	/* The last 4096 pages end exactly at 0xFFFFFFFFFFFFFFFF. */
	assert_int_equal(gva1(0xFFFFFFFFFF000000ull, 0x1000000, GVA_S, 1, &need), 1);
	assert_true(buf[0] == 0xFFFFFFFFFF000FFFull);
	/* The last 4097 pages. */
	assert_int_equal(gva1(0xFFFFFFFFFEFFF000ull, 0x1001000, GVA_S, 2, &need), 2);
	assert_true(buf[0] == 0xFFFFFFFFFEFFFFFFull);
	assert_true(buf[1] == 0xFFFFFFFFFFFFF000ull);
	check_canary(2);
	/* Extended: the last 2049 pages. */
	assert_int_equal(gva1(0xFFFFFFFFFF7FF000ull, 0x801000, GVA_E, 2, &need), 2);
	assert_true(buf[0] == 0xFFFFFFFFFF7FF7FFull);
	assert_true(buf[1] == 0xFFFFFFFFFFFFF000ull);
	/* Large: the last 1 GiB page and the 2 MiB... the last 1 GiB is one 2 MiB
	 * entry of 512 pages (a tie with 1 GiB goes to the smaller page). */
	assert_int_equal(gva1(0xFFFFFFFFC0000000ull, GB1, GVA_L, 1, &need), 1);
	assert_true(buf[0] == (0xFFFFFFFFC0000000ull | E_LARGE | 511));
	/* The last 8 GiB: one 1 GiB entry of 8 pages. */
	assert_int_equal(gva1(0xFFFFFFFE00000000ull, 8 * GB1, GVA_L, 1, &need), 1);
	assert_true(buf[0] == (0xFFFFFFFE00000000ull | E_LARGE | E_1G | 7));
	check_canary(1);
	/* One byte more wraps. */
	assert_int_equal(gva1(0xFFFFFFFFFFFFF000ull, 0x1001, GVA_S, 1, &need),
			 HVTLFS_ERR_RANGE_WRAP);
	assert_int_equal(gva1(0xFFFFFFFFFFFFFFFFull, 2, GVA_S, 1, &need), HVTLFS_ERR_RANGE_WRAP);
	assert_int_equal(gva1(2, 0xFFFFFFFFFFFFFFFFull, GVA_S, 1, &need), HVTLFS_ERR_RANGE_WRAP);
	/* 1 + (2^64 - 1) - 1 is the last byte: no wrap. */
	assert_true(buf[0] == CANARY);
	assert_int_equal(gva1(1, 0xFFFFFFFFFFFFFFFFull, GVA_S, 1, &need),
			 HVTLFS_ERR_RANGES_DONT_FIT);
	assert_true(need == testutil_count(1ull << 40));
	/* The whole space but its last byte: 2^52 pages. Counted, not looped. */
	assert_int_equal(gva1(0, 0xFFFFFFFFFFFFFFFFull, GVA_S, 4, &need),
			 HVTLFS_ERR_RANGES_DONT_FIT);
	assert_true(need == testutil_count(1ull << 40));
	check_canary(4);
	assert_true(buf[0] == 0xFFF && buf[3] == (0x3000000ull | 0xFFF));
	assert_int_equal(gva1(0, 0xFFFFFFFFFFFFFFFFull, GVA_E, 4, &need),
			 HVTLFS_ERR_RANGES_DONT_FIT);
	assert_true(need == testutil_count(1ull << 41));
	/* With 1 GiB pages: 2^34 pages in entries of 2048. */
	assert_int_equal(gva1(0, 0xFFFFFFFFFFFFFFFFull, GVA_L, 4, &need),
			 HVTLFS_ERR_RANGES_DONT_FIT);
	assert_true(need == (1ull << 23));
	assert_true(buf[0] == (E_LARGE | E_1G | 0x7FF));
	assert_true(buf[1] == (0x20000000000ull | E_LARGE | E_1G | 0x7FF));
	check_canary(4);
	/* Count-only mode for the same. */
	assert_int_equal(gva1(0, 0xFFFFFFFFFFFFFFFFull, GVA_L, 0, NULL),
			 HVTLFS_ERR_RANGES_DONT_FIT);
	{
		struct hvtlfs_range r = { 0, 0xFFFFFFFFFFFFFFFFull };
		need = 0;
		assert_int_equal(hvtlfs_ranges_encode(NULL, 0, &r, 1, GVA_L, &need), HVTLFS_OK);
		assert_true(need == (1ull << 23));
	}
}

static void test_gva_extended_golden(void **state)
{
	size_t need = 0;
	(void)state;
	/* 2048 pages: one entry, bit 11 (large page) clear. */
	assert_int_equal(gva1(0x7f0000000000ull, 2048 * PAGE, GVA_E, 1, &need), 1);
	assert_true(buf[0] == 0x7f00000007FFull);
	/* 2049 pages: 2048 + 1. */
	assert_int_equal(gva1(0x7f0000000000ull, 2049 * PAGE, GVA_E, 2, &need), 2);
	assert_true(buf[0] == 0x7f00000007FFull);
	assert_true(buf[1] == 0x7f0000800000ull);
	check_canary(2);
	/* 4096 pages need two extended entries where simple needs one. */
	assert_int_equal(gva1(0x7f0000000000ull, 4096 * PAGE, GVA_E, 1, &need),
			 HVTLFS_ERR_RANGES_DONT_FIT);
	assert_true(need == 2);
	check_canary(1);
}

static void test_gva_large_golden(void **state)
{
	size_t need = 0;
	(void)state;
	/* 1 GiB at 1 GiB: 512 x 2 MiB in one entry (ties prefer the smaller page). */
	assert_int_equal(gva1(GB1, GB1, GVA_L, 1, &need), 1);
	assert_true(buf[0] == 0x400009FFull);
	/* 4 GiB at 4 GiB: 2048 x 2 MiB. */
	assert_int_equal(gva1(4 * GB1, 4 * GB1, GVA_L, 1, &need), 1);
	assert_true(buf[0] == 0x100000FFFull);
	/* 8 GiB at 0: 8 x 1 GiB (2 MiB would need two entries). */
	assert_int_equal(gva1(0, 8 * GB1, GVA_L, 1, &need), 1);
	assert_true(buf[0] == 0x1807);
	/* One 4 KiB page, then 8 GiB from 1 GiB: a 4 KiB entry and a 1 GiB entry. */
	assert_int_equal(gva1(GB1 - PAGE, 8 * GB1 + PAGE, GVA_L, 2, &need), 2);
	assert_true(buf[0] == 0x3FFFF000ull);
	assert_true(buf[1] == 0x40001807ull);
	check_canary(2);
	/* 2 MiB + 4 KiB at 2 MiB: 513 small pages beat 2 MiB + 4 KiB. */
	assert_int_equal(gva1(MB2, MB2 + PAGE, GVA_L, 1, &need), 1);
	assert_true(buf[0] == (MB2 | 512));
	/* 16 MiB at 2 MiB: 4096 small pages need 2 entries, 8 x 2 MiB needs one. */
	assert_int_equal(gva1(MB2, 8 * MB2, GVA_L, 1, &need), 1);
	assert_true(buf[0] == (MB2 | E_LARGE | 7));
	/* Without LARGE_PAGES the same range takes two 4 KiB entries. */
	assert_int_equal(gva1(MB2, 8 * MB2, GVA_E, 2, &need), 2);
	assert_true(buf[0] == (MB2 | 0x7FF) && buf[1] == ((MB2 + 0x800000) | 0x7FF));
	/* 2047 small pages, 2048 x 2 MiB, 1 small page: pages [0x801, 0x101001).
	 * Three entries at best (both ends are unaligned, the middle needs one); of
	 * the optimal plans the search meets first the one whose head stops at the
	 * first 2 MiB boundary (511 pages) and whose tail takes 3 x 512 + 1 pages:
	 * 4 KiB [0x801, 0xA00), 2048 x 2 MiB [0xA00, 0x100A00), 4 KiB 1537 pages. */
	assert_int_equal(gva1(0x801000, 0x7FF000 + 2048 * MB2 + PAGE, GVA_L, 3, &need), 3);
	assert_true(buf[0] == (0x801000ull | 0x1FE));
	assert_true(buf[1] == (0xA00000ull | E_LARGE | 0x7FF));
	assert_true(buf[2] == (0x100A00000ull | 0x600));
	check_canary(3);
}

/* 2 MiB mappings (HVTLFS_RANGE_ENCODE_NO_1G): the same searches without 1 GiB entries. */
static void test_gva_large_2m_golden(void **state)
{
	size_t need = 0;
	struct hvtlfs_page_range one = { 0x7f0000000ull, 1 };
	(void)state;
	/* 8 GiB at 0: two 2048 x 2 MiB entries, where 1 GiB pages would take one. */
	assert_int_equal(gva1(0, 8 * GB1, GVA_L2M, 2, &need), 2);
	assert_true(buf[0] == (E_LARGE | 0x7FF) && buf[1] == ((4 * GB1) | E_LARGE | 0x7FF));
	check_canary(2);
	/* One 4 KiB page, then 8 GiB from 1 GiB: a 4 KiB entry and two 2 MiB ones. */
	assert_int_equal(gva1(GB1 - PAGE, 8 * GB1 + PAGE, GVA_L2M, 3, &need), 3);
	assert_true(buf[0] == 0x3FFFF000ull);
	assert_true(buf[1] == (GB1 | E_LARGE | 0x7FF));
	assert_true(buf[2] == ((5 * GB1) | E_LARGE | 0x7FF));
	check_canary(3);
	/* 1 GiB at 1 GiB: 512 x 2 MiB, as with 1 GiB pages allowed. */
	assert_int_equal(gva1(GB1, GB1, GVA_L2M, 1, &need), 1);
	assert_true(buf[0] == 0x400009FFull);
	/* GPA lists alike. */
	{
		struct hvtlfs_range r = { 0, 8 * GB1 };
		arm();
		assert_int_equal(hvtlfs_ranges_encode(buf, 2, &r, 1,
						      HVTLFS_RANGE_FORMAT_GPA |
							      HVTLFS_RANGE_ENCODE_LARGE_PAGES |
							      HVTLFS_RANGE_ENCODE_NO_1G,
						      &need),
				 2);
		assert_true(buf[0] == (E_LARGE | 0x7FF));
	}
	/* The inline one-entry path takes the flags too. */
	arm();
	assert_int_equal(hvtlfs_page_ranges_encode(buf, 1, &one, 1, GVA_L2M, &need), 1);
	assert_true(buf[0] == 0x7f0000000000ull);
	/* NO_1G without large pages means nothing: refused. */
	assert_int_equal(gva1(0, PAGE, GVA_E | HVTLFS_RANGE_ENCODE_NO_1G, 1, &need),
			 HVTLFS_ERR_INVALID_ARG);
	assert_int_equal(gva1(0, PAGE, HVTLFS_RANGE_ENCODE_NO_1G, 1, &need),
			 HVTLFS_ERR_INVALID_ARG);
	assert_int_equal(gva1(0, PAGE, HVTLFS_RANGE_ENCODE_LARGE_PAGES | HVTLFS_RANGE_ENCODE_NO_1G,
			      1, &need),
			 HVTLFS_ERR_INVALID_ARG);
	{
		struct hvtlfs_range r = { 0, PAGE };
		assert_int_equal(
			hvtlfs_ranges_encode(buf, 1, &r, 1,
					     HVTLFS_RANGE_FORMAT_GPA | HVTLFS_RANGE_ENCODE_NO_1G,
					     &need),
			HVTLFS_ERR_INVALID_ARG);
	}
}

static void test_coalescing(void **state)
{
	struct hvtlfs_range r[4];
	struct hvtlfs_page_range p[3];
	size_t need = 0;
	(void)state;
	/* Unsorted and overlapping: pages 5-6, 1, 2-4 -> pages 1-6. */
	r[0].start = 0x5000, r[0].length = 0x2000;
	r[1].start = 0x1000, r[1].length = 0x1000;
	r[2].start = 0x2000, r[2].length = 0x3000;
	arm();
	assert_int_equal(hvtlfs_ranges_encode(buf, 1, r, 3, GVA_S, &need), 1);
	assert_true(buf[0] == 0x1005);
	check_canary(1);
	/* Adjacent only. */
	r[0].start = 0x3000, r[0].length = 0x1000;
	r[1].start = 0x1000, r[1].length = 0x2000;
	arm();
	assert_int_equal(hvtlfs_ranges_encode(buf, 1, r, 2, GVA_S, &need), 1);
	assert_true(buf[0] == 0x1002);
	/* Disjoint and unsorted: output ascends. */
	r[0].start = 0x10000, r[0].length = 1;
	r[1].start = 0x1000, r[1].length = 1;
	r[2].start = 0x10000, r[2].length = 0x1000; /* duplicate */
	arm();
	assert_int_equal(hvtlfs_ranges_encode(buf, 2, r, 3, GVA_S, &need), 2);
	assert_true(buf[0] == 0x1000 && buf[1] == 0x10000);
	check_canary(2);
	/* Contained range, sorted input. */
	r[0].start = 0x1000, r[0].length = 0x10000;
	r[1].start = 0x2000, r[1].length = 0x1000;
	r[2].start = 0x11000, r[2].length = 0x1000;
	arm();
	assert_int_equal(hvtlfs_ranges_encode(buf, 1, r, 3, GVA_S, &need), 1);
	assert_true(buf[0] == 0x1010);
	/* Overlaps at the very top of the space, unsorted. */
	r[0].start = 0xFFFFFFFFFFFFE000ull, r[0].length = 0x2000;
	r[1].start = 0xFFFFFFFFFFFFF800ull, r[1].length = 0x800;
	r[2].start = 0xFFFFFFFFFFFFD000ull, r[2].length = 0x1000;
	r[3].start = 0, r[3].length = 1;
	arm();
	assert_int_equal(hvtlfs_ranges_encode(buf, 2, r, 4, GVA_S, &need), 2);
	assert_true(buf[0] == 0 && buf[1] == 0xFFFFFFFFFFFFD002ull);
	check_canary(2);
	/* Page ranges. */
	p[0].first = 10, p[0].count = 5;
	p[1].first = 1, p[1].count = 9; /* 1-9, adjacent to 10-14 */
	p[2].first = MAXPAGE, p[2].count = 1;
	arm();
	assert_int_equal(hvtlfs_page_ranges_encode(buf, 2, p, 3, GVA_S, &need), 2);
	assert_true(buf[0] == 0x100D && buf[1] == 0xFFFFFFFFFFFFF000ull);
	check_canary(2);
}

static void test_gpa_golden(void **state)
{
	struct hvtlfs_page_range p;
	struct hvtlfs_range r;
	size_t need = 0;
	(void)state;
	/* One page at PFN 0x12345. */
	p.first = 0x12345, p.count = 1;
	arm();
	assert_int_equal(hvtlfs_page_ranges_encode(buf, 1, &p, 1, HVTLFS_RANGE_FORMAT_GPA, &need),
			 1);
	assert_true(buf[0] == 0x12345000ull);
	check_canary(1);
	/* 2049 pages: 2048 + 1, bit 11 clear. */
	p.count = 2049;
	arm();
	assert_int_equal(hvtlfs_page_ranges_encode(buf, 2, &p, 1, HVTLFS_RANGE_FORMAT_GPA, &need),
			 2);
	assert_true(buf[0] == 0x123457FFull && buf[1] == 0x12B45000ull);
	/* The extended GVA format has the same layout: the same words. */
	arm();
	assert_int_equal(
		hvtlfs_page_ranges_encode(buf, 2, &p, 1, HVTLFS_RANGE_FORMAT_GVA_EXTENDED, &need),
		2);
	assert_true(buf[0] == 0x123457FFull && buf[1] == 0x12B45000ull);
	/* Large pages: 8 GiB at 8 GiB, one 1 GiB entry. */
	r.start = 8 * GB1, r.length = 8 * GB1;
	arm();
	assert_int_equal(hvtlfs_ranges_encode(
				 buf, 1, &r, 1,
				 HVTLFS_RANGE_FORMAT_GPA | HVTLFS_RANGE_ENCODE_LARGE_PAGES, &need),
			 1);
	assert_true(buf[0] == 0x200001807ull);
	check_canary(1);
	/* Same without large pages: 2^21 pages / 2048. */
	arm();
	assert_int_equal(hvtlfs_ranges_encode(buf, 1, &r, 1, HVTLFS_RANGE_FORMAT_GPA, &need),
			 HVTLFS_ERR_RANGES_DONT_FIT);
	assert_true(need == 1024);
	check_canary(1);
}

static void test_encode_errors(void **state)
{
	struct hvtlfs_range r = { 0x1000, 0x1000 };
	struct hvtlfs_page_range p = { 1, 1 };
	size_t need = 77;
	(void)state;
	arm();
	/* Flags. */
	assert_int_equal(
		hvtlfs_ranges_encode(buf, 1, &r, 1, HVTLFS_RANGE_ENCODE_LARGE_PAGES, &need),
		HVTLFS_ERR_INVALID_ARG);
	assert_int_equal(hvtlfs_ranges_encode(buf, 1, &r, 1, HVTLFS_RANGE_ENCODE_NO_1G, &need),
			 HVTLFS_ERR_INVALID_ARG);
	assert_int_equal(hvtlfs_page_ranges_encode(buf, 1, &p, 1, 0x80000000u, &need),
			 HVTLFS_ERR_INVALID_ARG);
	assert_int_equal(hvtlfs_ranges_encode(buf, 1, &r, 1,
					      HVTLFS_RANGE_FORMAT_GPA | HVTLFS_RANGE_ENCODE_NO_1G,
					      &need),
			 HVTLFS_ERR_INVALID_ARG);
	assert_int_equal(
		hvtlfs_page_ranges_encode(buf, 1, &p, 1, HVTLFS_RANGE_FORMAT_GPA | 8u, &need),
		HVTLFS_ERR_INVALID_ARG);
	/* No format 3, and the decoder's option is no encoder option. */
	assert_int_equal(hvtlfs_ranges_encode(buf, 1, &r, 1, HVTLFS_RANGE_FORMAT_MASK, &need),
			 HVTLFS_ERR_INVALID_ARG);
	assert_int_equal(hvtlfs_ranges_encode(buf, 1, &r, 1,
					      HVTLFS_RANGE_FORMAT_GPA | HVTLFS_RANGE_DECODE_CLAMP,
					      &need),
			 HVTLFS_ERR_INVALID_ARG);
	/* NULLs. */
	assert_int_equal(hvtlfs_ranges_encode(buf, 1, NULL, 1, 0, &need), HVTLFS_ERR_NULL);
	assert_int_equal(hvtlfs_ranges_encode(NULL, 1, &r, 1, 0, &need), HVTLFS_ERR_NULL);
	assert_int_equal(hvtlfs_ranges_encode(NULL, 0, &r, 1, 0, NULL), HVTLFS_ERR_NULL);
	assert_int_equal(hvtlfs_page_ranges_encode(buf, 1, NULL, 2, HVTLFS_RANGE_FORMAT_GPA, &need),
			 HVTLFS_ERR_NULL);
	assert_true(need == 77);
	/* Empty and wrapping ranges, found before anything is written. */
	r.length = 0;
	assert_int_equal(hvtlfs_ranges_encode(buf, 1, &r, 1, 0, &need), HVTLFS_ERR_EMPTY_RANGE);
	assert_int_equal(hvtlfs_ranges_encode(buf, 1, &r, 1, HVTLFS_RANGE_FORMAT_GPA, &need),
			 HVTLFS_ERR_EMPTY_RANGE);
	p.count = 0;
	assert_int_equal(hvtlfs_page_ranges_encode(buf, 1, &p, 1, 0, &need),
			 HVTLFS_ERR_EMPTY_RANGE);
	p.first = MAXPAGE, p.count = 2;
	assert_int_equal(hvtlfs_page_ranges_encode(buf, 1, &p, 1, 0, &need), HVTLFS_ERR_RANGE_WRAP);
	p.first = MAXPAGE + 1, p.count = 1;
	assert_int_equal(hvtlfs_page_ranges_encode(buf, 1, &p, 1, HVTLFS_RANGE_FORMAT_GPA, &need),
			 HVTLFS_ERR_RANGE_WRAP);
	p.first = 0, p.count = 0xFFFFFFFFFFFFFFFFull;
	assert_int_equal(hvtlfs_page_ranges_encode(buf, 1, &p, 1, HVTLFS_RANGE_FORMAT_GPA, &need),
			 HVTLFS_ERR_RANGE_WRAP);
	{
		/* A bad range after good ones: nothing written. */
		struct hvtlfs_range rr[3] = { { 0x1000, 1 },
					      { 0x5000, 1 },
					      { 0xFFFFFFFFFFFFFFFFull, 2 } };
		assert_int_equal(hvtlfs_ranges_encode(buf, 4, rr, 3, 0, &need),
				 HVTLFS_ERR_RANGE_WRAP);
	}
	assert_true(need == 77);
	check_canary(0);
	/* Full-page range with the page number at the maximum is fine. */
	p.first = MAXPAGE, p.count = 1;
	assert_int_equal(hvtlfs_page_ranges_encode(buf, 1, &p, 1, HVTLFS_RANGE_FORMAT_GPA, &need),
			 1);
	assert_true(buf[0] == 0xFFFFFFFFFFFFF000ull && need == 1);
}

static void test_capacity(void **state)
{
	struct hvtlfs_range r[3] = { { 0x100000, 1 }, { 0x1000, 1 }, { 0x9000, 5 * PAGE } };
	size_t need = 0;
	size_t cap;
	(void)state;
	/* Empty list. */
	arm();
	assert_int_equal(hvtlfs_ranges_encode(buf, 0, NULL, 0, 0, &need), 0);
	assert_true(need == 0);
	assert_int_equal(hvtlfs_ranges_encode(NULL, 0, NULL, 0, 0, &need), HVTLFS_OK);
	assert_true(need == 0);
	/* Exact fit, then every smaller capacity. */
	assert_int_equal(hvtlfs_ranges_encode(buf, 3, r, 3, 0, NULL), 3);
	assert_true(buf[0] == 0x1000 && buf[1] == 0x9004 && buf[2] == 0x100000);
	check_canary(3);
	for (cap = 0; cap < 3; cap++) {
		arm();
		need = 0;
		assert_int_equal(hvtlfs_ranges_encode(buf, cap, r, 3, 0, &need),
				 HVTLFS_ERR_RANGES_DONT_FIT);
		assert_true(need == 3);
		check_canary(cap);
	}
	/* Count-only. */
	need = 0;
	assert_int_equal(hvtlfs_ranges_encode(NULL, 0, r, 3, 0, &need), HVTLFS_OK);
	assert_true(need == 3);
	/* A huge range at capacity 1: the rest is counted without looping. */
	arm();
	assert_int_equal(gva1(0, 0x8000000000000000ull, GVA_E, 1, &need),
			 HVTLFS_ERR_RANGES_DONT_FIT);
	assert_true(need == testutil_count(1ull << 40));
	check_canary(1);
}

static void test_misc(void **state)
{
	struct hvtlfs_range r = { 0x7f0000000000ull, 4097 * PAGE };
	struct hvtlfs_page_range p = { 0x12345, 7 };
	size_t need = 0;
	(void)state;
	/* A capacity beyond INT_MAX acts as INT_MAX; only what is needed is written. */
	arm();
	assert_int_equal(hvtlfs_ranges_encode(buf, (size_t)-1, &r, 1, GVA_S, &need), 2);
	assert_true(buf[0] == 0x7f0000000FFFull && buf[1] == 0x7f0001000000ull);
	check_canary(2);
	/* GPA lists take large pages, even for one entry (the inline fast path), and NO_1G
	 * only with them; the simple GVA format takes no large pages. */
	arm();
	assert_int_equal(hvtlfs_page_ranges_encode(
				 buf, 1, &p, 1,
				 HVTLFS_RANGE_FORMAT_GPA | HVTLFS_RANGE_ENCODE_LARGE_PAGES, &need),
			 1);
	assert_true(buf[0] == 0x12345006ull && need == 1);
	assert_int_equal(
		hvtlfs_page_ranges_encode(
			buf, 1, &p, 1, HVTLFS_RANGE_FORMAT_GPA | HVTLFS_RANGE_ENCODE_NO_1G, &need),
		HVTLFS_ERR_INVALID_ARG);
	assert_int_equal(
		hvtlfs_page_ranges_encode(buf, 1, &p, 1, HVTLFS_RANGE_ENCODE_LARGE_PAGES, &need),
		HVTLFS_ERR_INVALID_ARG);
	/* One entry, but no room or no buffer. */
	assert_int_equal(hvtlfs_page_ranges_encode(buf, 0, &p, 1, GVA_S, &need),
			 HVTLFS_ERR_RANGES_DONT_FIT);
	assert_true(need == 1);
	assert_int_equal(hvtlfs_page_ranges_encode(NULL, 1, &p, 1, GVA_S, &need), HVTLFS_ERR_NULL);
	/* The decoder format follows flush flag bit 3. */
	assert_int_equal(hvtlfs_gva_range_format(0), HVTLFS_RANGE_FORMAT_GVA_SIMPLE);
	assert_int_equal(hvtlfs_gva_range_format(0x7), HVTLFS_RANGE_FORMAT_GVA_SIMPLE);
	assert_int_equal(hvtlfs_gva_range_format(0x8), HVTLFS_RANGE_FORMAT_GVA_EXTENDED);
	assert_int_equal(hvtlfs_gva_range_format(~0ull), HVTLFS_RANGE_FORMAT_GVA_EXTENDED);
	/* Error names. */
	assert_string_equal(hvtlfs_strerror(HVTLFS_ERR_RANGE_MISALIGNED),
			    "HVTLFS_ERR_RANGE_MISALIGNED");
	assert_int_equal(HVTLFS_ERR_RANGE_MISALIGNED, -55);
}

/* Many unsorted ranges: the no-scratch path stays exact and finishes. */
static void test_many_unsorted(void **state)
{
	static struct hvtlfs_page_range p[4096];
	size_t need = 0;
	size_t i;
	(void)state;
	/* 4096 single pages in descending order: one run, one simple entry. */
	for (i = 0; i < 4096; i++) {
		p[i].first = 0x10000 + 4095 - i;
		p[i].count = 1;
	}
	arm();
	assert_int_equal(hvtlfs_page_ranges_encode(buf, 1, p, 4096, GVA_S, &need), 1);
	assert_true(buf[0] == (0x10000000ull | 0xFFF));
	check_canary(1);
	/* Every other page, descending: 2048 runs of one page, ascending output. */
	for (i = 0; i < 2048; i++) {
		p[i].first = 2 * (2047 - i);
		p[i].count = 1;
	}
	arm();
	assert_int_equal(hvtlfs_page_ranges_encode(buf, 2048, p, 2048, GVA_E, &need), 2048);
	for (i = 0; i < 2048; i++)
		assert_true(buf[i] == (uint64_t)(2 * i) << 12);
	check_canary(2048);
	/* The same ranges at the top of the space, with a final one covering them all. */
	for (i = 0; i < 2048; i++)
		p[i].first = MAXPAGE - 2 * i;
	p[2048].first = MAXPAGE - 4095;
	p[2048].count = 4096;
	arm();
	assert_int_equal(hvtlfs_page_ranges_encode(buf, 1, p, 2049, GVA_S, &need), 1);
	assert_true(buf[0] == 0xFFFFFFFFFF000FFFull);
	check_canary(1);
}

/* ---- decoders ----------------------------------------------------------- */

static void expect(unsigned int fmt, uint64_t entry, uint64_t base, uint64_t pages, uint32_t shift)
{
	struct hvtlfs_range_entry e;
	memset(&e, 0x5A, sizeof(e));
	assert_int_equal(hvtlfs_range_decode(fmt, entry, &e), HVTLFS_OK);
	assert_true(e.base == base);
	assert_true(e.pages == pages);
	assert_int_equal(e.page_shift, shift);
	assert_int_equal(e.clamped, 0);
}

static void expect_err(unsigned int fmt, uint64_t entry, int err)
{
	struct hvtlfs_range_entry e, before;
	memset(&e, 0x5A, sizeof(e));
	before = e;
	assert_int_equal(hvtlfs_range_decode(fmt, entry, &e), err);
	assert_memory_equal(&e, &before, sizeof(e));
}

static void test_decode_golden(void **state)
{
	const unsigned int S = HVTLFS_RANGE_FORMAT_GVA_SIMPLE, X = HVTLFS_RANGE_FORMAT_GVA_EXTENDED,
			   G = HVTLFS_RANGE_FORMAT_GPA;
	(void)state;
	expect(S, 0x7f0000000000ull, 0x7f0000000000ull, 1, 12);
	expect(S, 0x7f0000000FFFull, 0x7f0000000000ull, 4096, 12);
	expect(S, 0xFFFFFFFFFFFFF000ull, 0xFFFFFFFFFFFFF000ull, 1, 12);
	expect(S, 0xFFFFFFFFFF000FFFull, 0xFFFFFFFFFF000000ull, 4096, 12);
	/* Bit 11 is part of the count in the simple format... */
	expect(S, 0x800, 0, 2049, 12);
	/* ...and the large-page bit in the extended one: 2 MiB pages. */
	expect(X, 0x800, 0, 1, 21);
	expect(X, 0x7f0000000FFFull, 0x7f0000000000ull, 2048, 21);
	expect(X, 0x7f00000007FFull, 0x7f0000000000ull, 2048, 12);
	expect(X, 0x40001807ull, GB1, 8, 30);
	expect(G, 0x12345000ull, 0x12345000ull, 1, 12);
	expect(G, 0x200001807ull, 8 * GB1, 8, 30);
	expect(G, 0xFFFFFFFFFFE00800ull, 0xFFFFFFFFFFE00000ull, 1, 21);
	expect(X, 0xFFFFFFFFC0001800ull, 0xFFFFFFFFC0000000ull, 1, 30);
	expect(X, 0xFFFFFFFFFFFFF000ull, 0xFFFFFFFFFFFFF000ull, 1, 12);
	/* A 2 MiB entry may sit anywhere 2 MiB-aligned, bits 21-29 included. */
	expect(G, 0x00200800ull, MB2, 1, 21);
}

static void test_decode_errors(void **state)
{
	const unsigned int S = HVTLFS_RANGE_FORMAT_GVA_SIMPLE, X = HVTLFS_RANGE_FORMAT_GVA_EXTENDED,
			   G = HVTLFS_RANGE_FORMAT_GPA;
	unsigned int b;
	(void)state;
	/* Wrap past the top, every format and page size. */
	expect_err(S, 0xFFFFFFFFFFFFF001ull, HVTLFS_ERR_RANGE_WRAP);
	expect_err(S, 0xFFFFFFFFFF001FFFull, HVTLFS_ERR_RANGE_WRAP);
	expect_err(X, 0xFFFFFFFFFFFFF001ull, HVTLFS_ERR_RANGE_WRAP);
	expect_err(G, 0xFFFFFFFFFFFFF7FFull, HVTLFS_ERR_RANGE_WRAP);
	expect_err(X, 0xFFFFFFFFFFE00801ull, HVTLFS_ERR_RANGE_WRAP);
	expect_err(G, 0xFFFFFFFFC0001801ull, HVTLFS_ERR_RANGE_WRAP);
	/* 2048 x 1 GiB from 2^64 - 2^41 is the last that fits. */
	expect(G, 0xFFFFFE0000001FFFull, 0xFFFFFE0000000000ull, 2048, 30);
	expect_err(G, 0xFFFFFE0040001FFFull, HVTLFS_ERR_RANGE_WRAP);
	/* Reserved bits 13-20 of a large entry, each alone. */
	for (b = 13; b <= 20; b++) {
		expect_err(X, 0x800ull | (1ull << b), HVTLFS_ERR_RESERVED_BITS);
		expect_err(G, 0x1800ull | (1ull << b), HVTLFS_ERR_RESERVED_BITS);
		/* Without the large-page bit they are page-number bits. */
		expect(X, 1ull << b, 1ull << b, 1, 12);
	}
	/* Reserved bits win over misalignment and wrap. */
	expect_err(X, 0xFFFFFFFFFFFFF801ull, HVTLFS_ERR_RESERVED_BITS);
	/* 1 GiB entry with bits 21-29 set: not 1 GiB aligned. */
	for (b = 21; b <= 29; b++) {
		expect_err(X, 0x1800ull | (1ull << b), HVTLFS_ERR_RANGE_MISALIGNED);
		expect_err(G, 0x1800ull | (1ull << b), HVTLFS_ERR_RANGE_MISALIGNED);
		expect(G, 0x800ull | (1ull << b), 1ull << b, 1, 21);
	}
	/* Format and NULL: 4 is the first format no list has. */
	expect_err(4, 0, HVTLFS_ERR_INVALID_ARG);
	expect_err(0xFFFFFFFFu, 0, HVTLFS_ERR_INVALID_ARG);
	assert_int_equal(hvtlfs_range_decode(S, 0, NULL), HVTLFS_ERR_NULL);
}

/* With HVTLFS_RANGE_DECODE_CLAMP an entry past 2^64 is cut to end at 2^64 - 1 and
 * flagged (the TLFS ignores GVAs beyond the end of the space); without it the wrap
 * is reported as before, for callers who want it. */
static void expect_clamped(unsigned int fmt, uint64_t entry, uint64_t base, uint64_t pages,
			   uint32_t shift)
{
	struct hvtlfs_range_entry e;

	memset(&e, 0x5A, sizeof(e));
	expect_err(fmt, entry, HVTLFS_ERR_RANGE_WRAP);
	assert_int_equal(hvtlfs_range_decode(fmt | HVTLFS_RANGE_DECODE_CLAMP, entry, &e),
			 HVTLFS_OK);
	assert_true(e.base == base);
	assert_true(e.pages == pages);
	assert_int_equal(e.page_shift, shift);
	assert_int_equal(e.clamped, 1);
	/* The clamped run ends exactly on the last byte of the space. */
	assert_true(e.base + ((e.pages << e.page_shift) - 1u) == 0xFFFFFFFFFFFFFFFFull);
}

static void test_decode_clamp(void **state)
{
	const unsigned int S = HVTLFS_RANGE_FORMAT_GVA_SIMPLE, X = HVTLFS_RANGE_FORMAT_GVA_EXTENDED,
			   G = HVTLFS_RANGE_FORMAT_GPA, C = HVTLFS_RANGE_DECODE_CLAMP;
	struct hvtlfs_range_entry out[3];
	uint8_t list[24];
	size_t bad = 99;
	unsigned int i;

	(void)state;
	/* The last page and 1 more; 4096 pages from 16 MiB below the top, and 1 more. */
	expect_clamped(S, 0xFFFFFFFFFFFFF001ull, 0xFFFFFFFFFFFFF000ull, 1, 12);
	expect_clamped(S, 0xFFFFFFFFFF001FFFull, 0xFFFFFFFFFF001000ull, 4095, 12);
	expect_clamped(S, 0xFFFFFFFFFFFFFFFFull, 0xFFFFFFFFFFFFF000ull, 1, 12);
	expect_clamped(X, 0xFFFFFFFFFFFFF001ull, 0xFFFFFFFFFFFFF000ull, 1, 12);
	expect_clamped(G, 0xFFFFFFFFFFFFF7FFull, 0xFFFFFFFFFFFFF000ull, 1, 12);
	/* Large pages: the last 2 MiB page plus one; the last 1 GiB page plus one. */
	expect_clamped(X, 0xFFFFFFFFFFE00801ull, 0xFFFFFFFFFFE00000ull, 1, 21);
	expect_clamped(G, 0xFFFFFFFFC0001801ull, 0xFFFFFFFFC0000000ull, 1, 30);
	expect_clamped(G, 0xFFFFFE0040001FFFull, 0xFFFFFE0040000000ull, 2047, 30);
	/* In range: the option changes nothing, and nothing is flagged. */
	expect(S | C, 0xFFFFFFFFFF000FFFull, 0xFFFFFFFFFF000000ull, 4096, 12);
	expect(G | C, 0xFFFFFE0000001FFFull, 0xFFFFFE0000000000ull, 2048, 30);
	/* Other errors stay errors. */
	expect_err(X | C, 0x800ull | (1ull << 13), HVTLFS_ERR_RESERVED_BITS);
	expect_err(X | C, 0x40201800ull, HVTLFS_ERR_RANGE_MISALIGNED);
	expect_err(4u | C, 0, HVTLFS_ERR_INVALID_ARG);
	expect_err(S | 0x200u, 0, HVTLFS_ERR_INVALID_ARG);
	/* The list decoder: the wrap reported without the option, clamped with it. */
	for (i = 0; i < 8u; i++) {
		list[i] = (uint8_t)(0x7f0000000000ull >> (8 * i));
		list[8 + i] = (uint8_t)(0xFFFFFFFFFFFFF010ull >> (8 * i));
		list[16 + i] = (uint8_t)(0x1000ull >> (8 * i));
	}
	assert_int_equal(hvtlfs_range_list_decode(S, list, 24, 3, out, 3, &bad),
			 HVTLFS_ERR_RANGE_WRAP);
	assert_int_equal(bad, 1);
	assert_int_equal(hvtlfs_range_list_decode(S | C, list, 24, 3, out, 3, &bad), 3);
	assert_int_equal(bad, 3);
	assert_int_equal(out[0].clamped, 0);
	assert_true(out[1].base == 0xFFFFFFFFFFFFF000ull && out[1].pages == 1 &&
		    out[1].clamped == 1);
	assert_int_equal(out[2].clamped, 0);
}

static void put_le(uint8_t *p, uint64_t v)
{
	unsigned int i;
	for (i = 0; i < 8; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

/*
 * GPFN lists (the rep elements of HvCallModifySparseGpaPageHostVisibility): each entry
 * a 4 KiB page number, as Linux's hv_mark_gpa_visibility() writes them. The last page
 * of the 64-bit space is 0xFFFFFFFFFFFFF, one more lies past the top; the clamp option
 * cannot keep any of it. The encoders have no GPFN format.
 */
static void test_decode_gpfn(void **state)
{
	const unsigned int P = HVTLFS_RANGE_FORMAT_GPFN, C = HVTLFS_RANGE_DECODE_CLAMP;
	struct hvtlfs_range_entry out[3];
	uint64_t enc[2];
	uint8_t list[24];
	size_t bad = 99, needed = 0;
	const struct hvtlfs_range r = { 0x1000, 0x1000 };
	const struct hvtlfs_page_range pr = { 1, 1 };
	unsigned int i;

	(void)state;
	assert_int_equal(HVTLFS_RANGE_FORMAT_GPFN, 3);
	expect(P, 0, 0, 1, 12);
	expect(P, 0x12345, 0x12345000ull, 1, 12);
	/* Any bit below 52 is a page-number bit: nothing is reserved or "additional". */
	expect(P, 0xFFF, 0xFFF000ull, 1, 12);
	expect(P, 0xFFFFFFFFFFFFFull, 0xFFFFFFFFFFFFF000ull, 1, 12);
	expect_err(P, 0x10000000000000ull, HVTLFS_ERR_RANGE_WRAP);
	expect_err(P | C, 0x10000000000000ull, HVTLFS_ERR_RANGE_WRAP);
	expect_err(P | C, ~0ull, HVTLFS_ERR_RANGE_WRAP);
	/* A list: the third entry lies past the top; the first two are decoded. */
	for (i = 0; i < 8; i++) {
		list[i] = (uint8_t)(0x0000000000080000ull >> (8 * i));
		list[8 + i] = (uint8_t)(0x00000000000FEE00ull >> (8 * i));
		list[16 + i] = (uint8_t)(0x0010000000000000ull >> (8 * i));
	}
	assert_int_equal(hvtlfs_range_list_decode(P | C, list, 24, 2, out, 3, &bad), 2);
	assert_true(out[0].base == 0x80000000ull && out[0].pages == 1 && out[0].page_shift == 12);
	assert_true(out[1].base == 0xFEE00000ull && out[1].pages == 1);
	assert_int_equal(hvtlfs_range_list_decode(P | C, list, 24, 3, out, 3, &bad),
			 HVTLFS_ERR_RANGE_WRAP);
	assert_int_equal(bad, 2);
	/* Decoders only: the encoders refuse the format. */
	assert_int_equal(hvtlfs_ranges_encode(enc, 2, &r, 1, P, &needed), HVTLFS_ERR_INVALID_ARG);
	assert_int_equal(hvtlfs_page_ranges_encode(enc, 2, &pr, 1, P, &needed),
			 HVTLFS_ERR_INVALID_ARG);
}

static void test_list_decode(void **state)
{
	struct hvtlfs_range_entry out[4];
	uint8_t raw[1 + 3 * 8 + 1];
	uint8_t *list = raw + 1; /* deliberately misaligned */
	uint8_t *exact;
	size_t bad = 99;
	(void)state;
	memset(raw, 0xEE, sizeof(raw));
	put_le(list, 0x7f0000000FFFull);
	put_le(list + 8, 0x1000);
	put_le(list + 16, 0x40001807ull);
	assert_int_equal(
		hvtlfs_range_list_decode(HVTLFS_RANGE_FORMAT_GVA_SIMPLE, list, 24, 2, out, 4, &bad),
		2);
	assert_true(bad == 2);
	assert_true(out[0].base == 0x7f0000000000ull && out[0].pages == 4096);
	assert_true(out[1].base == 0x1000 && out[1].pages == 1 && out[1].page_shift == 12);
	assert_int_equal(hvtlfs_range_list_decode(HVTLFS_RANGE_FORMAT_GVA_EXTENDED, list, 24, 3,
						  out, 3, &bad),
			 3);
	assert_true(out[0].page_shift == 21 && out[0].pages == 2048);
	assert_true(out[2].base == GB1 && out[2].pages == 8 && out[2].page_shift == 30);
	/* Validate only. */
	assert_int_equal(
		hvtlfs_range_list_decode(HVTLFS_RANGE_FORMAT_GPA, list, 24, 3, NULL, 0, NULL), 3);
	/* Zero entries, even with no bytes. */
	assert_int_equal(
		hvtlfs_range_list_decode(HVTLFS_RANGE_FORMAT_GPA, NULL, 0, 0, NULL, 0, &bad), 0);
	assert_true(bad == 0);
	/* Truncated: 3 entries claimed, 23 bytes given. */
	assert_int_equal(
		hvtlfs_range_list_decode(HVTLFS_RANGE_FORMAT_GPA, list, 23, 3, out, 4, &bad),
		HVTLFS_ERR_TRUNCATED);
	assert_int_equal(
		hvtlfs_range_list_decode(HVTLFS_RANGE_FORMAT_GPA, list, 0, 1, out, 4, &bad),
		HVTLFS_ERR_TRUNCATED);
	assert_int_equal(hvtlfs_range_list_decode(HVTLFS_RANGE_FORMAT_GPA, list, 24, (size_t)-1,
						  NULL, 0, &bad),
			 HVTLFS_ERR_INVALID_ARG);
	assert_int_equal(hvtlfs_range_list_decode(HVTLFS_RANGE_FORMAT_GPA, list, 24,
						  (size_t)0x80000000u, NULL, 0, &bad),
			 HVTLFS_ERR_INVALID_ARG);
	/* Output too small. */
	assert_int_equal(
		hvtlfs_range_list_decode(HVTLFS_RANGE_FORMAT_GPA, list, 24, 3, out, 2, &bad),
		HVTLFS_ERR_NO_SPACE);
	/* NULLs and format. */
	assert_int_equal(
		hvtlfs_range_list_decode(HVTLFS_RANGE_FORMAT_GPA, NULL, 24, 1, out, 4, &bad),
		HVTLFS_ERR_NULL);
	assert_int_equal(
		hvtlfs_range_list_decode(HVTLFS_RANGE_FORMAT_GPA, list, 24, 1, NULL, 4, &bad),
		HVTLFS_ERR_NULL);
	assert_int_equal(hvtlfs_range_list_decode(7, list, 24, 1, out, 4, &bad),
			 HVTLFS_ERR_INVALID_ARG);
	/* A bad middle entry: its index, and the entries before it. */
	put_le(list + 8, 0x0000000000002800ull); /* large, reserved bit 13 */
	memset(out, 0, sizeof(out));
	assert_int_equal(
		hvtlfs_range_list_decode(HVTLFS_RANGE_FORMAT_GPA, list, 24, 3, out, 4, &bad),
		HVTLFS_ERR_RESERVED_BITS);
	assert_true(bad == 1);
	assert_true(out[0].pages == 2048 && out[1].pages == 0);
	/* The same entry is fine as a simple GVA range (bit 13 is an address bit). */
	assert_int_equal(
		hvtlfs_range_list_decode(HVTLFS_RANGE_FORMAT_GVA_SIMPLE, list, 24, 3, out, 4, &bad),
		3);
	assert_true(out[1].base == 0x2000 && out[1].pages == 0x801);
	/* A heap buffer of exactly the claimed length: ASan sees any over-read. */
	exact = malloc(16);
	assert_non_null(exact);
	put_le(exact, 0xFFFFFFFFFFFFF000ull);
	put_le(exact + 8, 0xFFFFFFFFFFFFF001ull);
	assert_int_equal(hvtlfs_range_list_decode(HVTLFS_RANGE_FORMAT_GVA_SIMPLE, exact, 16, 2, out,
						  4, &bad),
			 HVTLFS_ERR_RANGE_WRAP);
	assert_true(bad == 1);
	assert_int_equal(hvtlfs_range_list_decode(HVTLFS_RANGE_FORMAT_GVA_SIMPLE, exact + 8, 8, 1,
						  NULL, 0, &bad),
			 HVTLFS_ERR_RANGE_WRAP);
	assert_true(bad == 0);
	free(exact);
}

/* ---- properties --------------------------------------------------------- */

static uint64_t below(uint64_t n)
{
	return n == 0 ? 0 : testutil_below(n);
}

#define NR_MAX 8
static struct ival model[NR_MAX], got[BUF];
static struct hvtlfs_range_entry dec[BUF];

enum kind {
	K_GVA_S,
	K_GVA_E,
	K_GVA_L,
	K_GPA,
	K_GPA_L,
	K_GVA_L2M,
	K_GPA_L2M,
	K_COUNT
};

/* The encoder format of each kind: one spelling for both sides, so the format its
 * entries decode with is the same value without the encoder's options. */
static const unsigned int kind_format[K_COUNT] = {
	GVA_S,
	GVA_E,
	GVA_L,
	HVTLFS_RANGE_FORMAT_GPA,
	HVTLFS_RANGE_FORMAT_GPA | HVTLFS_RANGE_ENCODE_LARGE_PAGES,
	GVA_L2M,
	HVTLFS_RANGE_FORMAT_GPA | HVTLFS_RANGE_ENCODE_LARGE_PAGES | HVTLFS_RANGE_ENCODE_NO_1G,
};

static int encode_kind(enum kind k, uint64_t *out, size_t cap, const struct hvtlfs_page_range *p,
		       size_t n, size_t *need)
{
	return hvtlfs_page_ranges_encode(out, cap, p, n, kind_format[k], need);
}

static unsigned int fmt_of(enum kind k)
{
	return kind_format[k] & HVTLFS_RANGE_FORMAT_MASK;
}

/* Random page ranges in a window somewhere in the space, at 4 KiB, 2 MiB or
 * 1 GiB granularity with jitter, sometimes flush against the top. */
static size_t gen(struct hvtlfs_page_range *p)
{
	static const unsigned int shifts[3] = { 0, 9, 18 };
	size_t n = 1 + (size_t)below(NR_MAX), i;
	unsigned int sh = shifts[below(3)];
	uint64_t span = (uint64_t)(1 + below(24)) << sh; /* window in pages */
	uint64_t base;

	switch (below(4)) {
	case 0:
		base = 0;
		break;
	case 1:
		base = MAXPAGE + 1 - span; /* window ends at the top of the space */
		break;
	default:
		base = below(MAXPAGE + 1 - span) >> sh << sh;
	}
	for (i = 0; i < n; i++) {
		uint64_t off = below(span), len = 1 + below(span - off);
		if (below(2)) { /* snap to the granularity, then jitter */
			off = off >> sh << sh;
			len = ((len + (1ull << sh) - 1) >> sh << sh);
			if (off + len > span)
				len = span - off;
			if (below(3) == 0 && len > 1)
				len -= 1;
			if (below(3) == 0 && off + len < span)
				len += 1;
		}
		p[i].first = base + off;
		p[i].count = len;
		model[i].x = p[i].first;
		model[i].y = p[i].first + len;
	}
	return n;
}

static void round_trip(enum kind k, unsigned int cases)
{
	struct hvtlfs_page_range p[NR_MAX];
	unsigned int c;

	for (c = 0; c < cases; c++) {
		size_t n = gen(p), m = ival_union(model, n), i, g;
		size_t need = 0, need2 = 0;
		uint64_t sum = 0, cover = 0;
		int ret;

		ret = encode_kind(k, NULL, 0, p, n, &need);
		assert_int_equal(ret, HVTLFS_OK);
		if (need > BUF) {
			/* Too many to hold: the capacity is honoured. */
			arm();
			assert_int_equal(encode_kind(k, buf, BUF, p, n, &need2),
					 HVTLFS_ERR_RANGES_DONT_FIT);
			assert_true(need2 == need);
			check_canary(BUF);
			continue;
		}
		arm();
		ret = encode_kind(k, buf, (size_t)need, p, n, &need2);
		assert_int_equal(ret, (int)need);
		assert_true(need2 == need);
		check_canary((size_t)need);
		if (need > 0) {
			arm();
			assert_int_equal(encode_kind(k, buf, (size_t)need - 1, p, n, NULL),
					 HVTLFS_ERR_RANGES_DONT_FIT);
			check_canary((size_t)need - 1);
			arm();
			assert_int_equal(encode_kind(k, buf, (size_t)need, p, n, NULL), (int)need);
		}
		assert_int_equal(hvtlfs_range_list_decode(fmt_of(k), buf, (size_t)need * 8,
							  (size_t)need, dec, BUF, NULL),
				 (int)need);
		for (i = 0; i < (size_t)need; i++) {
			uint64_t pages = dec[i].pages << (dec[i].page_shift - 12);
			got[i].x = dec[i].base >> 12;
			got[i].y = got[i].x + pages;
			sum += pages;
			if (k == K_GVA_S || k == K_GVA_E || k == K_GPA)
				assert_int_equal(dec[i].page_shift, 12);
			/* 2 MiB mappings: never a 1 GiB entry. */
			if (k == K_GVA_L2M || k == K_GPA_L2M)
				assert_true(dec[i].page_shift <= 21);
			/* Ascending, non-overlapping output. */
			if (i > 0)
				assert_true(got[i].x >= got[i - 1].y);
		}
		g = ival_union(got, (size_t)need);
		/* Exactly the pages asked for: the coverage bound is zero. */
		assert_int_equal(g, m);
		for (i = 0; i < m; i++) {
			assert_true(got[i].x == model[i].x && got[i].y == model[i].y);
			cover += model[i].y - model[i].x;
		}
		assert_true(sum == cover);
		/* Large pages never cost more entries than 4 KiB ones. */
		if (k == K_GVA_L || k == K_GPA_L || k == K_GVA_L2M || k == K_GPA_L2M) {
			size_t small = 0;
			assert_int_equal(
				encode_kind(k == K_GVA_L || k == K_GVA_L2M ? K_GVA_E : K_GPA, NULL,
					    0, p, n, &small),
				HVTLFS_OK);
			assert_true(need <= small);
		}
	}
}

#define CASES 10000u

static void test_prop_gva_simple(void **state)
{
	(void)state;
	testutil_seed(0x5EED0001);
	round_trip(K_GVA_S, CASES);
}

static void test_prop_gva_extended(void **state)
{
	(void)state;
	testutil_seed(0x5EED0002);
	round_trip(K_GVA_E, CASES);
}

static void test_prop_gva_large(void **state)
{
	(void)state;
	testutil_seed(0x5EED0003);
	round_trip(K_GVA_L, CASES);
}

static void test_prop_gpa(void **state)
{
	(void)state;
	testutil_seed(0x5EED0004);
	round_trip(K_GPA, CASES);
}

static void test_prop_gpa_large(void **state)
{
	(void)state;
	testutil_seed(0x5EED0005);
	round_trip(K_GPA_L, CASES);
}

/* Byte ranges agree with the page ranges they touch. */
static void test_prop_gva_large_2m(void **state)
{
	(void)state;
	testutil_seed(0x5EED0009);
	round_trip(K_GVA_L2M, CASES);
}

static void test_prop_gpa_large_2m(void **state)
{
	(void)state;
	testutil_seed(0x5EED000A);
	round_trip(K_GPA_L2M, CASES);
}

static void test_prop_bytes_vs_pages(void **state)
{
	unsigned int c;
	(void)state;
	testutil_seed(0x5EED0006);
	for (c = 0; c < CASES; c++) {
		struct hvtlfs_range r[4];
		struct hvtlfs_page_range p[4];
		uint64_t a[64], b[64];
		size_t na = 0, nb = 0;
		size_t n = 1 + (size_t)below(4), i;
		unsigned int flags = (unsigned int)below(3) == 0 ? GVA_S : GVA_L;
		uint64_t top = below(2) ? 0xFFFFFFFFFFFFFFFFull : (1ull << (20 + below(40)));

		for (i = 0; i < n; i++) {
			uint64_t s = below(top), len = 1 + below(1ull << (1 + below(34)));
			if (len - 1 > 0xFFFFFFFFFFFFFFFFull - s)
				len = 0xFFFFFFFFFFFFFFFFull - s + 1; /* s = 0 never gets here */
			r[i].start = s;
			r[i].length = len;
			p[i].first = s >> 12;
			p[i].count = ((s + (len - 1)) >> 12) - (s >> 12) + 1;
		}
		assert_int_equal(hvtlfs_ranges_encode(NULL, 0, r, n, flags, &na), HVTLFS_OK);
		assert_int_equal(hvtlfs_page_ranges_encode(NULL, 0, p, n, flags, &nb), HVTLFS_OK);
		assert_true(na == nb);
		if (na <= 64) {
			int x = hvtlfs_ranges_encode(a, 64, r, n, flags, NULL);
			int y = hvtlfs_page_ranges_encode(b, 64, p, n, flags, NULL);
			assert_int_equal(x, (int)na);
			assert_int_equal(y, (int)na);
			assert_memory_equal(a, b, na * 8);
			/* GPA lists of 4 KiB pages share the extended layout. */
			if (flags == GVA_L) {
				assert_int_equal(hvtlfs_ranges_encode(
							 b, 64, r, n,
							 HVTLFS_RANGE_FORMAT_GPA |
								 HVTLFS_RANGE_ENCODE_LARGE_PAGES,
							 NULL),
						 (int)na);
				assert_memory_equal(a, b, na * 8);
			}
		}
	}
}

/*
 * Large-page lists are the shortest exact cover there is. The oracle is a
 * dynamic program independent of the encoder's search: in any cover, runs of
 * one page size merge (ceil(a/c) + ceil(b/c) >= ceil((a+b)/c)), and a run of
 * 2 MiB or 1 GiB pages starts and ends on its own alignment, so the only
 * boundaries between runs are the ends of the range and the 2 MiB-aligned
 * pages inside it. Shortest path over those, every size allowed on every edge
 * it fits.
 */
static uint64_t ceil_div(uint64_t a, uint64_t b)
{
	return (a + b - 1) / b;
}

static uint64_t oracle_min_entries(uint64_t x, uint64_t y, int gb)
{
	static uint64_t q[2048 + 8], g[2048 + 8];
	size_t n = 0, i, j;
	uint64_t p;

	q[n++] = x;
	for (p = (x + 511) / 512 * 512; p < y; p += 512)
		if (p > x)
			q[n++] = p;
	q[n++] = y;
	assert_true(n <= 2048 + 8);
	g[0] = 0;
	for (j = 1; j < n; j++) {
		g[j] = UINT64_MAX;
		for (i = 0; i < j; i++) {
			uint64_t len = q[j] - q[i], c = ceil_div(len, 2048);
			if (q[i] % 512 == 0 && q[j] % 512 == 0 && ceil_div(len / 512, 2048) < c)
				c = ceil_div(len / 512, 2048);
			if (gb && q[i] % 262144 == 0 && q[j] % 262144 == 0 &&
			    ceil_div(len / 262144, 2048) < c)
				c = ceil_div(len / 262144, 2048);
			if (g[i] + c < g[j])
				g[j] = g[i] + c;
		}
	}
	return g[n - 1];
}

static void test_large_is_optimal(void **state)
{
	unsigned int c;
	(void)state;
	testutil_seed(0x5EED0008);
	for (c = 0; c < 60; c++) {
		struct hvtlfs_page_range p;
		size_t need = 0, small = 0;
		uint64_t base = below(1ull << 30) << 18;
		/* Up to ~3 GiB: 1536 boundaries at most; ends near alignments. */
		uint64_t x =
			base + below(2) * below(3 * 262144) + below(4) * 512 * below(8) + below(3);
		uint64_t len = 1 + below(3 * 262144 - 2048);

		if (below(2))
			len = (len + 511) / 512 * 512 - below(3); /* near a 2 MiB end */
		if (len == 0)
			len = 1;
		p.first = x;
		p.count = len;
		assert_int_equal(hvtlfs_page_ranges_encode(NULL, 0, &p, 1, GVA_L, &need),
				 HVTLFS_OK);
		assert_int_equal(hvtlfs_page_ranges_encode(NULL, 0, &p, 1, GVA_E, &small),
				 HVTLFS_OK);
		assert_true(need == oracle_min_entries(x, x + len, 1));
		assert_true(need <= small);
		/* 2 MiB mappings: the shortest cover without 1 GiB entries. */
		assert_int_equal(hvtlfs_page_ranges_encode(NULL, 0, &p, 1, GVA_L2M, &need),
				 HVTLFS_OK);
		assert_true(need == oracle_min_entries(x, x + len, 0));
		assert_true(need <= small);
	}
	/* Hand-picked: 1 GiB + 2 MiB + 1 page around 1 GiB boundaries. */
	{
		uint64_t xs[4] = { 262144 - 512, 262144 - 1, 262144, 2 * 262144 - 2048 };
		uint64_t ls[4] = { 262144 + 1024, 262144 + 513, 2 * 262144 + 4096, 262144 + 4096 };
		unsigned int k;
		for (k = 0; k < 4; k++) {
			struct hvtlfs_page_range p = { xs[k], ls[k] };
			size_t need = 0;
			assert_int_equal(
				hvtlfs_page_ranges_encode(NULL, 0, &p, 1,
							  HVTLFS_RANGE_FORMAT_GPA |
								  HVTLFS_RANGE_ENCODE_LARGE_PAGES,
							  &need),
				HVTLFS_OK);
			assert_true(need == oracle_min_entries(xs[k], xs[k] + ls[k], 1));
		}
	}
}

/* Random entries: the decoder agrees with an oracle written from the bit table. */
static void test_prop_decode(void **state)
{
	unsigned int c, f;
	(void)state;
	testutil_seed(0x5EED0007);
	for (c = 0; c < 3 * CASES; c++) {
		uint64_t v = testutil_next();
		if (below(2))
			v |= 0xFFFFFFFFFFF00000ull; /* near the top, where wraps live */
		if (below(2))
			v &= ~0x1FE000ull; /* clear reserved bits half the time */
		if (below(4) == 0)
			v &= ~0x3FE00000ull;
		for (f = 0; f < 3; f++) {
			struct hvtlfs_range_entry e;
			int want = HVTLFS_OK, got_err;
			uint64_t first_unit, units, shift;

			if (f == 0) {
				shift = 12;
				units = (v & 0xFFF) + 1;
				first_unit = v >> 12;
			} else if (!(v & 0x800)) {
				shift = 12;
				units = (v & 0x7FF) + 1;
				first_unit = v >> 12;
			} else {
				shift = (v & 0x1000) ? 30 : 21;
				units = (v & 0x7FF) + 1;
				first_unit = (v >> 21 << 21) >> shift;
				if (v & 0x1FE000)
					want = HVTLFS_ERR_RESERVED_BITS;
				else if (shift == 30 && ((v >> 21) & 0x1FF))
					want = HVTLFS_ERR_RANGE_MISALIGNED;
			}
			/* Units in the space: 2^(64 - shift). */
			if (want == HVTLFS_OK &&
			    first_unit + units - 1 > (0xFFFFFFFFFFFFFFFFull >> shift))
				want = HVTLFS_ERR_RANGE_WRAP;
			got_err = hvtlfs_range_decode(f, v, &e);
			assert_int_equal(got_err, want);
			if (want == HVTLFS_OK) {
				assert_true(e.base == first_unit << shift);
				assert_true(e.pages == units);
				assert_true(e.page_shift == shift);
			}
		}
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_gva_simple_golden),
		cmocka_unit_test(test_gva_top_of_space),
		cmocka_unit_test(test_gva_extended_golden),
		cmocka_unit_test(test_gva_large_golden),
		cmocka_unit_test(test_gva_large_2m_golden),
		cmocka_unit_test(test_coalescing),
		cmocka_unit_test(test_gpa_golden),
		cmocka_unit_test(test_encode_errors),
		cmocka_unit_test(test_capacity),
		cmocka_unit_test(test_misc),
		cmocka_unit_test(test_many_unsorted),
		cmocka_unit_test(test_decode_golden),
		cmocka_unit_test(test_decode_errors),
		cmocka_unit_test(test_decode_clamp),
		cmocka_unit_test(test_decode_gpfn),
		cmocka_unit_test(test_list_decode),
		cmocka_unit_test(test_prop_gva_simple),
		cmocka_unit_test(test_prop_gva_extended),
		cmocka_unit_test(test_prop_gva_large),
		cmocka_unit_test(test_prop_gpa),
		cmocka_unit_test(test_prop_gpa_large),
		cmocka_unit_test(test_prop_gva_large_2m),
		cmocka_unit_test(test_prop_gpa_large_2m),
		cmocka_unit_test(test_prop_bytes_vs_pages),
		cmocka_unit_test(test_prop_decode),
		cmocka_unit_test(test_large_is_optimal),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
