/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * HvCallModifySparseGpaPageHostVisibility: the builder against the page Linux writes.
 * The TLFS has no page for the call; the golden values are those of Linux's
 * hv_mark_gpa_visibility() (arch/x86/hyperv/ivm.c): partition id HV_PARTITION_ID_SELF
 * (all ones), host_visibility in bits 0-1 of the next u32 (0 not visible, 1 read only,
 * 3 read-write), both reserved fields zero, the GPFNs from offset 16, at most
 * HV_MAX_MODIFY_GPA_REP_COUNT = 4096 / 8 - 2 = 510 of them, rep count = their number.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <string.h>

#include "hvtlfs/visibility.h"
#include "hvtlfs/ranges.h"

#include "testutil.h"

static _Alignas(4096) uint64_t page[512];

static void test_linux_layout(void **state)
{
	/* A VMBus ring buffer of 3 pages at GPA 0x1_2345_6000 made shared (read-write). */
	const uint64_t gpfns[3] = { 0x123456, 0x123457, 0x123458 };
	struct hvtlfs_prepared p;

	(void)state;
	memset(page, 0xA5, sizeof(page));
	assert_int_equal(hvtlfs_visibility_build(page, sizeof(page), HVTLFS_PARTITION_ID_SELF,
						 HVTLFS_HOST_VISIBILITY_READ_WRITE, gpfns, 3, 0,
						 &p),
			 HVTLFS_OK);
	assert_true(p.control == 0x00000003000000DBull);
	assert_int_equal(p.input_size, 16 + 3 * 8);
	assert_int_equal(p.rep_count, 3);
	assert_true(page[0] == 0xFFFFFFFFFFFFFFFFull);
	assert_true(page[1] == 0x0000000000000003ull);
	assert_true(page[2] == 0x123456 && page[3] == 0x123457 && page[4] == 0x123458);
	/* Nothing past the input is written. */
	assert_true(page[5] == 0xA5A5A5A5A5A5A5A5ull);
	/* The same pages made private again (Linux's hv_ivm_clear_host_access()). */
	assert_int_equal(hvtlfs_visibility_build(page, sizeof(page), HVTLFS_PARTITION_ID_SELF,
						 HVTLFS_HOST_VISIBILITY_NONE, gpfns, 3, 0, &p),
			 HVTLFS_OK);
	assert_true(page[1] == 0);
	/* Read only, and the nested bit for an L0 (bit 31). */
	assert_int_equal(hvtlfs_visibility_build(page, sizeof(page), HVTLFS_PARTITION_ID_SELF,
						 HVTLFS_HOST_VISIBILITY_READ_ONLY, gpfns, 1,
						 HVTLFS_CTL_NESTED, &p),
			 HVTLFS_OK);
	assert_true(page[1] == 1);
	assert_true(p.control == 0x00000001800000DBull);
}

static void test_full_page(void **state)
{
	static uint64_t gpfns[511];
	struct hvtlfs_prepared p;
	size_t i;

	(void)state;
	assert_int_equal(HVTLFS_VISIBILITY_MAX_PER_PAGE, 510);
	for (i = 0; i < 511; i++)
		gpfns[i] = 0x80000 + i;
	assert_int_equal(
		hvtlfs_visibility_build(page, 4096, HVTLFS_PARTITION_ID_SELF, 3, gpfns, 510, 0, &p),
		HVTLFS_OK);
	assert_true(p.control == 0x000001FE000000DBull);
	assert_int_equal(p.input_size, 4096);
	assert_true(page[511] == 0x80000 + 509);
	/* One more than a page holds: a distinct error, whatever the buffer. */
	memset(page, 0xA5, sizeof(page));
	assert_int_equal(
		hvtlfs_visibility_build(page, 4096, HVTLFS_PARTITION_ID_SELF, 3, gpfns, 511, 0, &p),
		HVTLFS_ERR_TOO_MANY_ELEMENTS);
	assert_true(page[0] == 0xA5A5A5A5A5A5A5A5ull);
	/* 510 need the whole page: a shorter buffer is no space. */
	assert_int_equal(
		hvtlfs_visibility_build(page, 4095, HVTLFS_PARTITION_ID_SELF, 3, gpfns, 510, 0, &p),
		HVTLFS_ERR_NO_SPACE);
	assert_int_equal(
		hvtlfs_visibility_build(page, 16 + 8, HVTLFS_PARTITION_ID_SELF, 3, gpfns, 1, 0, &p),
		HVTLFS_OK);
	assert_int_equal(
		hvtlfs_visibility_build(page, 16 + 7, HVTLFS_PARTITION_ID_SELF, 3, gpfns, 1, 0, &p),
		HVTLFS_ERR_NO_SPACE);
}

static void test_errors(void **state)
{
	const uint64_t gpfns[2] = { 1, 0x10000000000000ull }; /* the second lies past 2^64 */
	struct hvtlfs_prepared p;
	uint32_t v;

	(void)state;
	memset(page, 0xA5, sizeof(page));
	/* 2 (write without read) and anything above 3 are no visibility. */
	for (v = 0; v < 8; v++)
		assert_int_equal(hvtlfs_visibility_build(page, 4096, 0, v, gpfns, 1, 0, &p),
				 v == 0 || v == 1 || v == 3 ? HVTLFS_OK
							    : HVTLFS_ERR_BAD_VISIBILITY);
	assert_false(hvtlfs_visibility_valid(2));
	assert_false(hvtlfs_visibility_valid(0x80000003u));
	memset(page, 0xA5, sizeof(page));
	assert_int_equal(hvtlfs_visibility_build(page, 4096, 0, 3, gpfns, 2, 0, &p),
			 HVTLFS_ERR_RANGE_WRAP);
	assert_true(page[0] == 0xA5A5A5A5A5A5A5A5ull); /* nothing written on an error */
	assert_int_equal(hvtlfs_visibility_build(page, 4096, 0, 3, gpfns, 0, 0, &p),
			 HVTLFS_ERR_REP_COUNT_ZERO);
	assert_int_equal(hvtlfs_visibility_build(page, 4096, 0, 3, NULL, 1, 0, &p),
			 HVTLFS_ERR_NULL);
	assert_int_equal(hvtlfs_visibility_build(NULL, 4096, 0, 3, gpfns, 1, 0, &p),
			 HVTLFS_ERR_NULL);
	assert_int_equal(hvtlfs_visibility_build(page, 4096, 0, 3, gpfns, 1, 0, NULL),
			 HVTLFS_ERR_NULL);
	assert_int_equal(hvtlfs_visibility_build((uint8_t *)page + 4, 64, 0, 3, gpfns, 1, 0, &p),
			 HVTLFS_ERR_ALIGNMENT);
	/* No fast form (the catalog row); unknown options. */
	assert_int_equal(hvtlfs_visibility_build(page, 4096, 0, 3, gpfns, 1, HVTLFS_CTL_FAST, &p),
			 HVTLFS_ERR_FAST_NOT_ALLOWED);
	assert_int_equal(hvtlfs_visibility_build(page, 4096, 0, 3, gpfns, 1, 8u, &p),
			 HVTLFS_ERR_INVALID_ARG);
}

/* Seeded lists: every word written is the header's or a GPFN's, nothing beyond. */
static void test_property(void **state)
{
	static uint64_t gpfns[510];
	struct hvtlfs_prepared p;
	int iter;

	(void)state;
	testutil_seed(0x5EA5EA5Eu);
	for (iter = 0; iter < 500; iter++) {
		size_t n = (size_t)(testutil_next() % 510u) + 1u, i;
		uint64_t part = testutil_next();
		uint32_t vis = (testutil_next() & 1) ? 3u : 0u;

		for (i = 0; i < n; i++)
			gpfns[i] = testutil_next() & HVTLFS_RANGE_MAX_PAGE;
		memset(page, 0xA5, sizeof(page));
		assert_int_equal(hvtlfs_visibility_build(page, 4096, part, vis, gpfns, n, 0, &p),
				 HVTLFS_OK);
		assert_true(p.control == (0xDBull | ((uint64_t)n << 32)));
		assert_true(page[0] == part && page[1] == vis);
		for (i = 0; i < n; i++)
			assert_true(page[2 + i] == gpfns[i]);
		for (i = 2 + n; i < 512; i++)
			assert_true(page[i] == 0xA5A5A5A5A5A5A5A5ull);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_linux_layout),
		cmocka_unit_test(test_full_page),
		cmocka_unit_test(test_errors),
		cmocka_unit_test(test_property),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
