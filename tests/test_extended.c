/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Extended hypercalls: the EnableExtendedHypercalls gate (CPUID 0x40000003 EBX bit 20)
 * on real partitions' CPUID dumps, HvExtCallQueryCapabilities (TLFS: no input, a u64
 * of output, bits 0-4 one a call from 0x8002; Linux: bit 8 cold-discard hints) and
 * HvExtCallMemoryHeatHint as Linux's hv_free_page_report() issues it: heat type 2
 * (cold discard) in the 8-byte header, 2 MiB HV_GPA_PAGE_RANGE entries with
 * additional_pages = length / 2 MiB - 1, large page 1, page size 0 (2 MiB), the large
 * PFN = 4 KiB PFN >> 9 from bit 21.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <string.h>

#include "hvtlfs/bringup.h"
#include "hvtlfs/extended.h"
#include "hvtlfs/ranges.h"

#include "cpuid_dumps.h"
#include "testutil.h"

static _Alignas(4096) uint64_t page[512];

static struct hvtlfs_features detect(const struct hvtlfs_cpuid_entry *e, size_t n)
{
	struct hvtlfs_cpuid_table t = { e, n };
	struct hvtlfs_features f;

	assert_int_equal(hvtlfs_detect(&f, hvtlfs_cpuid_from_table, &t), HVTLFS_OK);
	return f;
}

/* Azure-class hosts grant EnableExtendedHypercalls (privileges high 0x3b8030, bit 20);
 * a Windows Server 2016 host (0x20030) does not, and the builders refuse there. */
static void test_privilege_gate(void **state)
{
	struct hvtlfs_features azure =
		detect(dump_azure, sizeof(dump_azure) / sizeof(dump_azure[0]));
	struct hvtlfs_features ws2016 =
		detect(dump_ws2016, sizeof(dump_ws2016) / sizeof(dump_ws2016[0]));
	const uint64_t r = 0x40000800u;
	struct hvtlfs_prepared p;

	(void)state;
	assert_true(azure.extended_hypercalls);
	assert_false(ws2016.extended_hypercalls);
	assert_int_equal(hvtlfs_ext_query_build(&azure, 0, &p), HVTLFS_OK);
	assert_true(p.control == 0x8001u);
	assert_int_equal(p.input_size, 0);
	assert_int_equal(p.rep_count, 0);
	assert_int_equal(hvtlfs_ext_query_build(&ws2016, 0, &p), HVTLFS_ERR_NO_PRIVILEGE);
	assert_int_equal(hvtlfs_ext_heat_hint_build(page, 4096, &ws2016, 2, &r, 1, 0, &p),
			 HVTLFS_ERR_NO_PRIVILEGE);
	assert_int_equal(hvtlfs_ext_heat_hint_build(page, 4096, &azure, 2, &r, 1, 0, &p),
			 HVTLFS_OK);
	/* Slow only. */
	assert_int_equal(hvtlfs_ext_query_build(&azure, HVTLFS_CTL_FAST, &p),
			 HVTLFS_ERR_FAST_NOT_ALLOWED);
	assert_int_equal(hvtlfs_ext_query_build(&azure, HVTLFS_CTL_NESTED, &p), HVTLFS_OK);
	assert_true(p.control == 0x80008001u);
	assert_int_equal(hvtlfs_ext_query_build(NULL, 0, &p), HVTLFS_ERR_NULL);
	assert_int_equal(hvtlfs_ext_query_build(&azure, 0, NULL), HVTLFS_ERR_NULL);
}

/* HvExtCallGetBootZeroedMemory (TLFS hypercalls/HvExtCallGetBootZeroedMemory.md): call
 * code 0x8002, simple, no input; the output is 0xFF8 bytes, the range count at 0 and at
 * most 255 ranges of 16 bytes from offset 8 (the last one's page count at 4080). */
static void test_boot_zeroed(void **state)
{
	static _Alignas(8) uint64_t out[0xFF8 / 8];
	struct hvtlfs_features azure =
		detect(dump_azure, sizeof(dump_azure) / sizeof(dump_azure[0]));
	struct hvtlfs_features ws2016 =
		detect(dump_ws2016, sizeof(dump_ws2016) / sizeof(dump_ws2016[0]));
	struct hvtlfs_prepared p;
	uint32_t n = 7;

	(void)state;
	assert_int_equal(sizeof(struct hvtlfs_ext_boot_zeroed_output), 0xFF8);
	assert_int_equal(
		HVTLFS_OFFSETOF(struct hvtlfs_ext_boot_zeroed_output, ranges[254].page_count),
		4080);
	assert_int_equal(hvtlfs_ext_boot_zeroed_build(&azure, 0, &p), HVTLFS_OK);
	assert_true(p.control == 0x8002u);
	assert_int_equal(p.input_size, 0);
	assert_int_equal(p.rep_count, 0);
	assert_int_equal(hvtlfs_ext_boot_zeroed_build(&azure, HVTLFS_CTL_NESTED, &p), HVTLFS_OK);
	assert_true(p.control == 0x80008002u);
	assert_int_equal(hvtlfs_ext_boot_zeroed_build(&ws2016, 0, &p), HVTLFS_ERR_NO_PRIVILEGE);
	assert_int_equal(hvtlfs_ext_boot_zeroed_build(&azure, HVTLFS_CTL_FAST, &p),
			 HVTLFS_ERR_FAST_NOT_ALLOWED);
	assert_int_equal(hvtlfs_ext_boot_zeroed_build(&azure, 0x4000u, &p), HVTLFS_ERR_INVALID_ARG);
	assert_int_equal(hvtlfs_ext_boot_zeroed_build(NULL, 0, &p), HVTLFS_ERR_NULL);
	assert_int_equal(hvtlfs_ext_boot_zeroed_build(&azure, 0, NULL), HVTLFS_ERR_NULL);

	/* The count: 0 to 255 ranges in the whole output. */
	out[0] = 0;
	assert_int_equal(hvtlfs_ext_boot_zeroed_count(out, sizeof(out), &n), HVTLFS_OK);
	assert_int_equal(n, 0);
	out[0] = 255;
	assert_int_equal(hvtlfs_ext_boot_zeroed_count(out, sizeof(out), &n), HVTLFS_OK);
	assert_int_equal(n, 255);
	/* A hostile count: 256, and one that a 32-bit truncation would make small. */
	n = 7;
	out[0] = 256;
	assert_int_equal(hvtlfs_ext_boot_zeroed_count(out, sizeof(out), &n),
			 HVTLFS_ERR_TOO_MANY_ELEMENTS);
	out[0] = 0x100000001ull;
	assert_int_equal(hvtlfs_ext_boot_zeroed_count(out, sizeof(out), &n),
			 HVTLFS_ERR_TOO_MANY_ELEMENTS);
	assert_int_equal(n, 7);
	/* Fewer bytes than the count claims; exactly enough; less than the count itself. */
	out[0] = 3;
	assert_int_equal(hvtlfs_ext_boot_zeroed_count(out, 8 + 3 * 16 - 1, &n),
			 HVTLFS_ERR_TRUNCATED);
	assert_int_equal(n, 7);
	assert_int_equal(hvtlfs_ext_boot_zeroed_count(out, 8 + 3 * 16, &n), HVTLFS_OK);
	assert_int_equal(n, 3);
	assert_int_equal(hvtlfs_ext_boot_zeroed_count(out, 7, &n), HVTLFS_ERR_TRUNCATED);
	assert_int_equal(hvtlfs_ext_boot_zeroed_count((const char *)out + 4, 64, &n),
			 HVTLFS_ERR_ALIGNMENT);
	assert_int_equal(hvtlfs_ext_boot_zeroed_count(NULL, sizeof(out), &n), HVTLFS_ERR_NULL);
	assert_int_equal(hvtlfs_ext_boot_zeroed_count(out, sizeof(out), NULL), HVTLFS_ERR_NULL);
}

static void test_capabilities(void **state)
{
	struct hvtlfs_ext_capabilities c;

	(void)state;
	/* The TLFS bits, one a call from 0x8002. */
	assert_int_equal(HVTLFS_EXT_CAP_GET_BOOT_ZEROED_MEMORY, 0x1);
	assert_int_equal(HVTLFS_EXT_CAP_MEMORY_HEAT_HINT, 0x2);
	assert_int_equal(HVTLFS_EXT_CAP_EPF_SETUP, 0x4);
	assert_int_equal(HVTLFS_EXT_CAP_SCHEDULER_ASSIST_SETUP, 0x8);
	assert_int_equal(HVTLFS_EXT_CAP_MEMORY_HEAT_HINT_ASYNC, 0x10);
	/* Linux's HV_EXT_CAPABILITY_MEMORY_COLD_DISCARD_HINT. */
	assert_int_equal(HVTLFS_EXT_CAP_MEMORY_COLD_DISCARD_HINT, 0x100);
	/* A host that offers boot-zeroed memory and cold-discard hints only. */
	assert_int_equal(hvtlfs_ext_capabilities_decode(0x101, &c), HVTLFS_OK);
	assert_true(c.get_boot_zeroed_memory && c.memory_cold_discard_hint);
	assert_false(c.memory_heat_hint || c.epf_setup || c.scheduler_assist_setup ||
		     c.memory_heat_hint_async);
	assert_true(c.unknown_bits == 0);
	/* Bits nobody names are reported, never refused. */
	assert_int_equal(hvtlfs_ext_capabilities_decode(0x80000000000000E2ull, &c), HVTLFS_OK);
	assert_true(c.memory_heat_hint);
	assert_true(c.unknown_bits == 0x80000000000000E0ull);
	assert_true(hvtlfs_ext_capabilities_encode(&c) == 0x80000000000000E2ull);
	assert_int_equal(hvtlfs_ext_capabilities_decode(0, NULL), HVTLFS_ERR_NULL);
	assert_true(hvtlfs_ext_capabilities_encode(NULL) == 0);
	/* encode(decode(x)) == x for every bit. */
	{
		unsigned int b;

		for (b = 0; b < 64; b++) {
			assert_int_equal(hvtlfs_ext_capabilities_decode(HVTLFS_BIT64(b), &c),
					 HVTLFS_OK);
			assert_true(hvtlfs_ext_capabilities_encode(&c) == HVTLFS_BIT64(b));
		}
	}
}

/*
 * Linux's free page reporting: a 4 MiB free block at 1 GiB and a 2 MiB one at
 * 0x1_0020_0000, as 2 MiB entries: (0x40000 >> 9) << 21 | large | (4 MiB / 2 MiB - 1),
 * and 0x801 << 21 | large | 0. The range encoder writes the same pages as 4 KiB
 * entries (large pages would not save an entry); both decode to the same bytes.
 */
static void test_heat_hint_linux(void **state)
{
	struct hvtlfs_features f = detect(dump_azure, sizeof(dump_azure) / sizeof(dump_azure[0]));
	const struct hvtlfs_page_range blocks[2] = { { 0x40000, 1024 }, { 0x100200, 512 } };
	const uint64_t linux_entries[2] = { 0x40000801ull, 0x100200800ull };
	uint64_t entries[4];
	struct hvtlfs_range_entry a, b;
	struct hvtlfs_prepared p;
	size_t needed = 0, i;

	(void)state;
	assert_int_equal(
		hvtlfs_page_ranges_encode(entries, 4, blocks, 2, HVTLFS_RANGE_FORMAT_GPA, &needed),
		2);
	for (i = 0; i < 2; i++) {
		assert_int_equal(hvtlfs_range_decode(HVTLFS_RANGE_FORMAT_GPA, linux_entries[i], &a),
				 HVTLFS_OK);
		assert_int_equal(hvtlfs_range_decode(HVTLFS_RANGE_FORMAT_GPA, entries[i], &b),
				 HVTLFS_OK);
		assert_int_equal(a.page_shift, 21);
		assert_true(a.base == b.base &&
			    (a.pages << a.page_shift) == (b.pages << b.page_shift));
	}
	memset(page, 0xA5, sizeof(page));
	assert_int_equal(hvtlfs_ext_heat_hint_build(page, sizeof(page), &f,
						    HVTLFS_HEAT_HINT_COLD_DISCARD, linux_entries, 2,
						    0, &p),
			 HVTLFS_OK);
	assert_true(p.control == 0x0000000200008003ull);
	assert_int_equal(p.input_size, 24);
	assert_true(page[0] == 2 && page[1] == 0x40000801ull && page[2] == 0x100200800ull);
	assert_true(page[3] == 0xA5A5A5A5A5A5A5A5ull);
}

static void test_heat_hint_errors(void **state)
{
	struct hvtlfs_features f = detect(dump_azure, sizeof(dump_azure) / sizeof(dump_azure[0]));
	static uint64_t many[512];
	struct hvtlfs_prepared p;

	(void)state;
	assert_int_equal(HVTLFS_EXT_HEAT_HINT_MAX_PER_PAGE, 511);
	assert_int_equal(hvtlfs_ext_heat_hint_build(page, 4096, &f, 0, many, 511, 0, &p),
			 HVTLFS_OK);
	assert_true(p.control == 0x000001FF00008003ull);
	assert_int_equal(p.input_size, 4096);
	assert_int_equal(hvtlfs_ext_heat_hint_build(page, 4096, &f, 0, many, 512, 0, &p),
			 HVTLFS_ERR_TOO_MANY_ELEMENTS);
	assert_int_equal(hvtlfs_ext_heat_hint_build(page, 4095, &f, 0, many, 511, 0, &p),
			 HVTLFS_ERR_NO_SPACE);
	assert_int_equal(hvtlfs_ext_heat_hint_build(page, 4096, &f, 1, many, 1, 0, &p), HVTLFS_OK);
	assert_true(page[0] == HVTLFS_HEAT_HINT_HOT);
	assert_int_equal(hvtlfs_ext_heat_hint_build(page, 4096, &f, 3, many, 1, 0, &p),
			 HVTLFS_ERR_INVALID_ARG);
	assert_int_equal(hvtlfs_ext_heat_hint_build(page, 4096, &f, 0, many, 0, 0, &p),
			 HVTLFS_ERR_REP_COUNT_ZERO);
	assert_int_equal(hvtlfs_ext_heat_hint_build(page, 4096, &f, 0, NULL, 1, 0, &p),
			 HVTLFS_ERR_NULL);
	assert_int_equal(hvtlfs_ext_heat_hint_build((uint8_t *)page + 4, 64, &f, 0, many, 1, 0, &p),
			 HVTLFS_ERR_ALIGNMENT);
	assert_int_equal(
		hvtlfs_ext_heat_hint_build(page, 4096, &f, 0, many, 1, HVTLFS_CTL_FAST, &p),
		HVTLFS_ERR_FAST_NOT_ALLOWED);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_privilege_gate),	 cmocka_unit_test(test_capabilities),
		cmocka_unit_test(test_boot_zeroed),	 cmocka_unit_test(test_heat_hint_linux),
		cmocka_unit_test(test_heat_hint_errors),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
