/* SPDX-License-Identifier: BSD-2-Clause */
/* Library error codes: distinct, named, and the name of each. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <string.h>

#include "hvtlfs/error.h"

static void test_strerror(void **state)
{
	static const int codes[] = {
		HVTLFS_OK,
		HVTLFS_ERR_NULL,
		HVTLFS_ERR_REP_COUNT_RANGE,
		HVTLFS_ERR_REP_START_RANGE,
		HVTLFS_ERR_VARHDR_RANGE,
		HVTLFS_ERR_RESERVED_BITS,
		HVTLFS_ERR_REP_START_NOT_BELOW,
		HVTLFS_ERR_REP_ON_SIMPLE,
		HVTLFS_ERR_INVALID_ARG,
	};
	size_t i, j;
	int e;

	(void)state;
	assert_string_equal(hvtlfs_strerror(HVTLFS_ERR_REP_COUNT_RANGE),
			    "HVTLFS_ERR_REP_COUNT_RANGE");
	assert_string_equal(hvtlfs_strerror(1), "HVTLFS_ERR_?");
	assert_string_equal(hvtlfs_strerror(-9999), "HVTLFS_ERR_?");
	for (i = 0; i < sizeof(codes) / sizeof(codes[0]); i++)
		for (j = i + 1; j < sizeof(codes) / sizeof(codes[0]); j++)
			assert_int_not_equal(codes[i], codes[j]);
	/* Every named code has a distinct name starting with HVTLFS_. */
	for (e = -200; e <= 0; e++) {
		const char *a = hvtlfs_strerror(e);
		int f;

		if (strcmp(a, "HVTLFS_ERR_?") == 0)
			continue;
		assert_true(strncmp(a, "HVTLFS_", 7) == 0);
		for (f = e + 1; f <= 0; f++)
			assert_true(strcmp(a, hvtlfs_strerror(f)) != 0);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_strerror),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
