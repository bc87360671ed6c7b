/* SPDX-License-Identifier: BSD-2-Clause */
/* Builders of the flush, IPI and event inputs: golden vectors from the TLFS tables. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <string.h>

#include "hvtlfs/flush.h"
#include "hvtlfs/ranges.h"

#include "testutil.h"

static uint64_t page[512];

static void fill_page(void)
{
	memset(page, 0xA5, sizeof(page));
}

static const uint8_t *bytes(void)
{
	return (const uint8_t *)page;
}

static void test_space(void **state)
{
	struct hvtlfs_prepared p;
	(void)state;
	fill_page();
	assert_int_equal(hvtlfs_flush_build_space(page, sizeof(page), 0x1234000,
						  HVTLFS_FLUSH_NON_GLOBAL_MAPPINGS_ONLY, 0x5, 0,
						  &p),
			 HVTLFS_OK);
	assert_true(p.control == 0x0002u);
	assert_int_equal(p.input_size, 24);
	assert_int_equal(p.rep_count, 0);
	assert_true(page[0] == 0x1234000u && page[1] == 4u && page[2] == 5u);
	/* Fast form: the same 24 bytes as the register image, fast bit set. */
	assert_int_equal(hvtlfs_flush_build_space(page, 24, 1, HVTLFS_FLUSH_ALL_PROCESSORS, 0,
						  HVTLFS_CTL_FAST, &p),
			 HVTLFS_OK);
	assert_true(p.control == 0x10002u);
}

static void test_list(void **state)
{
	struct hvtlfs_prepared p;
	const uint64_t r[2] = { 0x7f0000001000u | 0x20u, 0x400000u };
	(void)state;
	fill_page();
	assert_int_equal(hvtlfs_flush_build_list(page, sizeof(page), 0xabc000,
						 HVTLFS_FLUSH_ALL_VIRTUAL_ADDRESS_SPACES, 0x4, r, 2,
						 0, &p),
			 HVTLFS_OK);
	assert_true(p.control == 0x0000000200000003u);
	assert_int_equal(p.input_size, 40);
	assert_true(page[3] == 0x7f0000001020u && page[4] == 0x400000u);
	/* 509 entries fit a page; 510 do not. */
	{
		static uint64_t many[510];
		assert_int_equal(HVTLFS_FLUSH_LIST_MAX_PER_PAGE, 509);
		assert_int_equal(hvtlfs_flush_build_list(page, 4096, 0, 0, 1, many, 509, 0, &p),
				 HVTLFS_OK);
		assert_true(p.control == 0x000001FD00000003u);
		assert_int_equal(p.input_size, 4096);
		assert_int_equal(hvtlfs_flush_build_list(page, 4096, 0, 0, 1, many, 510, 0, &p),
				 HVTLFS_ERR_RANGES_DONT_FIT);
	}
}

static void test_list_errors(void **state)
{
	struct hvtlfs_prepared p;
	uint64_t r[14] = { 0 };
	(void)state;
	assert_int_equal(hvtlfs_flush_build_list(page, sizeof(page), 0,
						 HVTLFS_FLUSH_NON_GLOBAL_MAPPINGS_ONLY, 1, r, 1, 0,
						 &p),
			 HVTLFS_ERR_BAD_FLAGS);
	assert_int_equal(
		hvtlfs_flush_build_list(page, sizeof(page), 0, HVTLFS_BIT64(4), 1, r, 1, 0, &p),
		HVTLFS_ERR_BAD_FLAGS);
	assert_int_equal(hvtlfs_flush_build_list(page, sizeof(page), 0, 0, 1, r, 0, 0, &p),
			 HVTLFS_ERR_REP_COUNT_ZERO);
	assert_int_equal(hvtlfs_flush_build_list(page, sizeof(page), 0, 0, 1, r, 4096, 0, &p),
			 HVTLFS_ERR_REP_COUNT_RANGE);
	assert_int_equal(hvtlfs_flush_build_list(page, sizeof(page), 0, 0, 1, NULL, 1, 0, &p),
			 HVTLFS_ERR_NULL);
	assert_int_equal(hvtlfs_flush_build_list(NULL, sizeof(page), 0, 0, 1, r, 1, 0, &p),
			 HVTLFS_ERR_NULL);
	assert_int_equal(hvtlfs_flush_build_list(page, sizeof(page), 0, 0, 1, r, 1, 0, NULL),
			 HVTLFS_ERR_NULL);
	assert_int_equal(hvtlfs_flush_build_list((uint8_t *)page + 4, 64, 0, 0, 1, r, 1, 0, &p),
			 HVTLFS_ERR_ALIGNMENT);
	assert_int_equal(hvtlfs_flush_build_list(page, sizeof(page), 0, 0, 1, r, 1, 4u, &p),
			 HVTLFS_ERR_INVALID_ARG);
	/* XMM fast: 24 + 11 * 8 = 112 bytes fit, 12 entries do not. */
	assert_int_equal(hvtlfs_flush_build_list(page, 112, 0, 0, 1, r, 11, HVTLFS_CTL_FAST, &p),
			 HVTLFS_OK);
	assert_true(p.control == 0x0000000B00010003u);
	assert_int_equal(hvtlfs_flush_build_list(page, 4096, 0, 0, 1, r, 12, HVTLFS_CTL_FAST, &p),
			 HVTLFS_ERR_FAST_TOO_BIG);
	assert_int_equal(
		hvtlfs_flush_build_space(page, sizeof(page), 0, HVTLFS_FLUSH_KNOWN_FLAGS, 0, 0, &p),
		HVTLFS_ERR_BAD_FLAGS);
	assert_int_equal(hvtlfs_flush_build_space(page, 16, 0, 0, 1, 0, &p), HVTLFS_ERR_NO_SPACE);
}

/* TLFS HV_VP_SET example: VPs {0, 5, 130} -> mask 0x5, banks {0x21, 0x4}. */
static void test_space_ex_tlfs_example(void **state)
{
	struct hvtlfs_prepared p;
	const uint64_t bm[3] = { 0x21, 0, 0x4 };
	struct hvtlfs_vp_targets t = { bm, 3, 0, NULL };
	(void)state;
	fill_page();
	assert_int_equal(hvtlfs_flush_build_space_ex(page, sizeof(page), 0x5000, 0, &t, 0, &p),
			 HVTLFS_OK);
	assert_true(p.control == 0x00040013u); /* code 0x13, var header 2 */
	assert_int_equal(p.input_size, 48);
	assert_true(page[0] == 0x5000u && page[1] == 0 && page[2] == 0 && page[3] == 0x5u &&
		    page[4] == 0x21u && page[5] == 0x4u);
	/* The page was dirty: nothing past the input is read, nothing stale inside it. */
	assert_true(page[6] == 0xA5A5A5A5A5A5A5A5u);
}

static void test_list_ex(void **state)
{
	struct hvtlfs_prepared p;
	const uint64_t bm[2] = { 0x4, 0x2 }; /* VP 2 and VP 65 */
	const uint64_t r[1] = { 0x1000u };
	struct hvtlfs_vp_targets t = { bm, 2, 0, NULL };
	struct hvtlfs_vp_targets all = { NULL, 0, 1, NULL };
	(void)state;
	fill_page();
	assert_int_equal(hvtlfs_flush_build_list_ex(page, sizeof(page), 0x9000, 0, &t, r, 1, 0, &p),
			 HVTLFS_OK);
	assert_true(p.control == 0x0000000100040014u);
	assert_int_equal(p.input_size, 56);
	assert_true(page[2] == 0 && page[3] == 3 && page[4] == 4 && page[5] == 2 &&
		    page[6] == 0x1000u);
	/* Format ALL: no bank word, var header 0. */
	assert_int_equal(
		hvtlfs_flush_build_list_ex(page, sizeof(page), 0x9000, 0, &all, r, 1, 0, &p),
		HVTLFS_OK);
	assert_true(p.control == 0x0000000100000014u);
	assert_true(page[2] == 1 && page[3] == 0 && page[4] == 0x1000u);
	assert_int_equal(hvtlfs_flush_build_list_ex(page, sizeof(page), 0,
						    HVTLFS_FLUSH_NON_GLOBAL_MAPPINGS_ONLY, &t, r, 1,
						    0, &p),
			 HVTLFS_ERR_BAD_FLAGS);
	assert_int_equal(hvtlfs_flush_build_list_ex(page, 40, 0, 0, &t, r, 1, 0, &p),
			 HVTLFS_ERR_NO_SPACE);
	assert_int_equal(hvtlfs_flush_build_list_ex(page, 48, 0, 0, &t, r, 1, 0, &p),
			 HVTLFS_ERR_RANGES_DONT_FIT);
}

static void test_vp_range(void **state)
{
	struct hvtlfs_prepared p;
	static uint64_t bm[65];
	struct hvtlfs_vp_targets t = { bm, 65, 0, NULL };
	(void)state;
	bm[64] = 1; /* VP 4096 */
	assert_int_equal(hvtlfs_vp_targets_banks(&t), HVTLFS_ERR_VP_RANGE);
	assert_int_equal(hvtlfs_flush_build_space_ex(page, sizeof(page), 0, 0, &t, 0, &p),
			 HVTLFS_ERR_VP_RANGE);
	bm[64] = 0;
	bm[63] = HVTLFS_BIT64(63); /* VP 4095, the last one */
	assert_int_equal(hvtlfs_vp_targets_banks(&t), 1);
	assert_int_equal(hvtlfs_flush_build_space_ex(page, sizeof(page), 0, 0, &t, 0, &p),
			 HVTLFS_OK);
	assert_true(page[3] == HVTLFS_BIT64(63) && page[4] == HVTLFS_BIT64(63));
	t.bitmap = NULL;
	assert_int_equal(hvtlfs_vp_targets_banks(&t), HVTLFS_ERR_NULL);
	assert_int_equal(hvtlfs_vp_targets_banks(NULL), HVTLFS_ERR_NULL);
}

static void test_ipi(void **state)
{
	struct hvtlfs_prepared p;
	static const uint8_t golden[16] = { 0x20, 0, 0, 0, 0x12, 0, 0, 0, 4, 0, 0, 0, 0, 0, 0, 0 };
	(void)state;
	fill_page();
	assert_int_equal(hvtlfs_ipi_build(page, 16, 0x20, 0x12, 0x4, 0, &p), HVTLFS_OK);
	assert_true(p.control == 0x000Bu);
	assert_memory_equal(bytes(), golden, 16);
	assert_int_equal(hvtlfs_ipi_build(page, 16, 0xFF, 0, 1, HVTLFS_CTL_FAST, &p), HVTLFS_OK);
	assert_true(p.control == 0x1000Bu);
	assert_int_equal(hvtlfs_ipi_build(page, 16, 0x10, 0, 1, 0, &p), HVTLFS_OK);
	assert_int_equal(hvtlfs_ipi_build(page, 16, 0x0F, 0, 1, 0, &p), HVTLFS_ERR_VECTOR_RANGE);
	assert_int_equal(hvtlfs_ipi_build(page, 16, 0x100, 0, 1, 0, &p), HVTLFS_ERR_VECTOR_RANGE);
	assert_int_equal(hvtlfs_ipi_build(page, 16, 0x20, 0x20, 1, 0, &p), HVTLFS_ERR_INVALID_ARG);
	assert_int_equal(hvtlfs_ipi_build(page, 8, 0x20, 0, 1, 0, &p), HVTLFS_ERR_NO_SPACE);
}

/*
 * TLFS 6.0b, Return Values of HvFlushVirtualAddressSpace and HvFlushVirtualAddressList:
 * ProcessorMask 0 without HV_FLUSH_ALL_PROCESSORS is HV_STATUS_INVALID_PARAMETER, so the
 * builders never write one. HvSendSyntheticClusterIpi has no all-processors flag: an
 * empty mask would interrupt nobody, and the builder says so instead.
 */
static void test_empty_mask_builders(void **state)
{
	struct hvtlfs_prepared p;
	const uint64_t r[1] = { 0x1000 };
	struct hvtlfs_vp_targets none = { NULL, 0, 0, NULL };
	(void)state;
	fill_page();
	assert_int_equal(hvtlfs_flush_build_space(page, sizeof(page), 0x1000, 0, 0, 0, &p),
			 HVTLFS_ERR_EMPTY_VP_MASK);
	assert_int_equal(hvtlfs_flush_build_space(page, sizeof(page), 0,
						  HVTLFS_FLUSH_ALL_VIRTUAL_ADDRESS_SPACES, 0,
						  HVTLFS_CTL_FAST, &p),
			 HVTLFS_ERR_EMPTY_VP_MASK);
	assert_int_equal(hvtlfs_flush_build_list(page, sizeof(page), 0x1000, 0, 0, r, 1, 0, &p),
			 HVTLFS_ERR_EMPTY_VP_MASK);
	assert_true(page[0] == 0xA5A5A5A5A5A5A5A5u && page[2] == 0xA5A5A5A5A5A5A5A5u);
	/* ALL_PROCESSORS: "the ProcessorMask parameter is ignored", 0 is fine. */
	assert_int_equal(hvtlfs_flush_build_space(page, sizeof(page), 0x1000,
						  HVTLFS_FLUSH_ALL_PROCESSORS, 0, 0, &p),
			 HVTLFS_OK);
	assert_true(p.control == 0x0002u && page[1] == 1u && page[2] == 0);
	assert_int_equal(hvtlfs_flush_build_list(page, sizeof(page), 0x1000,
						 HVTLFS_FLUSH_ALL_PROCESSORS, 0, r, 1, 0, &p),
			 HVTLFS_OK);
	assert_true(p.control == 0x0000000100000003u && page[3] == 0x1000u);
	/* The flags are judged first; one VP is enough. */
	assert_int_equal(hvtlfs_flush_build_space(page, sizeof(page), 0, HVTLFS_BIT64(5), 0, 0, &p),
			 HVTLFS_ERR_BAD_FLAGS);
	assert_int_equal(
		hvtlfs_flush_build_list(page, sizeof(page), 0, 0, HVTLFS_BIT64(63), r, 1, 0, &p),
		HVTLFS_OK);
	/* The IPI, slow and fast. */
	fill_page();
	assert_int_equal(hvtlfs_ipi_build(page, 16, 0x30, 0, 0, 0, &p), HVTLFS_ERR_EMPTY_VP_MASK);
	assert_int_equal(hvtlfs_ipi_build(page, 16, 0x30, 0, 0, HVTLFS_CTL_FAST, &p),
			 HVTLFS_ERR_EMPTY_VP_MASK);
	assert_true(page[0] == 0xA5A5A5A5A5A5A5A5u && page[1] == 0xA5A5A5A5A5A5A5A5u);
	assert_int_equal(hvtlfs_ipi_build(page, 16, 0x30, 0, HVTLFS_BIT64(63), 0, &p), HVTLFS_OK);
	assert_string_equal(hvtlfs_strerror(HVTLFS_ERR_EMPTY_VP_MASK), "HVTLFS_ERR_EMPTY_VP_MASK");
	/* The Ex builders take an empty sparse set: the TLFS defines no status for it. */
	assert_int_equal(hvtlfs_flush_build_space_ex(page, sizeof(page), 0, 0, &none, 0, &p),
			 HVTLFS_OK);
	assert_true(p.control == 0x0013u && page[2] == 0 && page[3] == 0);
	assert_int_equal(hvtlfs_ipi_build_ex(page, sizeof(page), 0x30, 0, &none, 0, &p), HVTLFS_OK);
	/* The predicate the builders and the decoder share. */
	assert_true(hvtlfs_flush_mask_empty(0, 0));
	assert_true(hvtlfs_flush_mask_empty(HVTLFS_FLUSH_ALL_VIRTUAL_ADDRESS_SPACES |
						    HVTLFS_FLUSH_NON_GLOBAL_MAPPINGS_ONLY,
					    0));
	assert_false(hvtlfs_flush_mask_empty(HVTLFS_FLUSH_ALL_PROCESSORS, 0));
	assert_false(hvtlfs_flush_mask_empty(0, 1));
}

static void test_ipi_ex(void **state)
{
	struct hvtlfs_prepared p;
	const uint64_t bm[2] = { 0x4, 0x2 };
	struct hvtlfs_vp_targets t = { bm, 2, 0, NULL };
	struct hvtlfs_vp_targets all = { NULL, 0, 1, NULL };
	(void)state;
	fill_page();
	assert_int_equal(hvtlfs_ipi_build_ex(page, sizeof(page), 0x30, 0, &t, 0, &p), HVTLFS_OK);
	assert_true(p.control == 0x00040015u);
	assert_int_equal(p.input_size, 40);
	assert_true(page[0] == 0x30u && page[1] == 0 && page[2] == 3 && page[3] == 4 &&
		    page[4] == 2);
	assert_int_equal(
		hvtlfs_ipi_build_ex(page, sizeof(page), 0x30, 0, &all, HVTLFS_CTL_FAST, &p),
		HVTLFS_OK);
	assert_true(p.control == 0x00010015u);
	assert_int_equal(p.input_size, 24);
	assert_true(page[1] == 1 && page[2] == 0);
	assert_int_equal(hvtlfs_ipi_build_ex(page, sizeof(page), 0x2, 0, &t, 0, &p),
			 HVTLFS_ERR_VECTOR_RANGE);
	assert_int_equal(hvtlfs_ipi_build_ex(page, 32, 0x30, 0, &t, 0, &p), HVTLFS_ERR_NO_SPACE);
}

static void test_signal_event(void **state)
{
	uint64_t c, in;
	(void)state;
	assert_int_equal(hvtlfs_signal_event_build(&c, &in, 0x10, 3), HVTLFS_OK);
	assert_true(c == 0x1005Du);
	assert_true(in == 0x0000000300000010u);
	assert_int_equal(hvtlfs_signal_event_build(&c, &in, 0x01000000, 3), HVTLFS_ERR_INVALID_ARG);
	assert_int_equal(hvtlfs_signal_event_build(NULL, &in, 1, 3), HVTLFS_ERR_NULL);
	assert_int_equal(hvtlfs_spin_wait_build(&c, &in, 0xFFFFFFFFu), HVTLFS_OK);
	assert_true(c == 0x10008u && in == 0xFFFFFFFFu);
	assert_int_equal(hvtlfs_spin_wait_build(&c, NULL, 1), HVTLFS_ERR_NULL);
}

static void test_post_message(void **state)
{
	struct hvtlfs_prepared p;
	uint8_t payload[241];
	static const uint8_t hdr[16] = { 0x04, 0, 0, 0, 0, 0, 0, 0, 0x01, 0, 0, 0, 3, 0, 0, 0 };
	unsigned i;
	(void)state;
	for (i = 0; i < sizeof(payload); i++)
		payload[i] = (uint8_t)(i + 1);
	fill_page();
	assert_int_equal(hvtlfs_post_message_build(page, 4096, 4, 1, payload, 3, &p), HVTLFS_OK);
	assert_true(p.control == 0x005Cu);
	assert_int_equal(p.input_size, 256);
	assert_memory_equal(bytes(), hdr, 16);
	assert_int_equal(bytes()[16], 1);
	assert_int_equal(bytes()[18], 3);
	assert_int_equal(bytes()[19], 0); /* padded to the word */
	assert_int_equal(bytes()[23], 0);
	assert_int_equal(hvtlfs_post_message_build(page, 4096, 4, 1, payload, 240, &p), HVTLFS_OK);
	assert_memory_equal(bytes() + 16, payload, 240);
	assert_int_equal(hvtlfs_post_message_build(page, 4096, 4, 1, payload, 241, &p),
			 HVTLFS_ERR_PAYLOAD_TOO_BIG);
	assert_int_equal(hvtlfs_post_message_build(page, 4096, 4, 0, payload, 1, &p),
			 HVTLFS_ERR_INVALID_ARG);
	assert_int_equal(hvtlfs_post_message_build(page, 4096, 4, 0x80000001u, payload, 1, &p),
			 HVTLFS_ERR_INVALID_ARG);
	assert_int_equal(hvtlfs_post_message_build(page, 4096, 0x01000004u, 1, payload, 1, &p),
			 HVTLFS_ERR_INVALID_ARG);
	assert_int_equal(hvtlfs_post_message_build(page, 255, 4, 1, payload, 1, &p),
			 HVTLFS_ERR_NO_SPACE);
	assert_int_equal(hvtlfs_post_message_build(page, 4096, 4, 1, NULL, 1, &p), HVTLFS_ERR_NULL);
	assert_int_equal(hvtlfs_post_message_build(page, 4096, 4, 1, NULL, 0, &p), HVTLFS_OK);
}

static void test_gpa(void **state)
{
	struct hvtlfs_prepared p;
	const uint64_t r[3] = { 0x1000, 0x2005, 0x40000800 };
	(void)state;
	fill_page();
	assert_int_equal(hvtlfs_gpa_flush_build_space(page, 16, 0xfee000, HVTLFS_CTL_NESTED, &p),
			 HVTLFS_OK);
	assert_true(p.control == 0x800000AFu);
	assert_true(page[0] == 0xfee000u && page[1] == 0);
	assert_int_equal(hvtlfs_gpa_flush_build_list(page, 4096, 0xfee000, r, 3, 0, &p), HVTLFS_OK);
	assert_true(p.control == 0x00000003000000B0u);
	assert_int_equal(p.input_size, 40);
	assert_true(page[2] == 0x1000u && page[3] == 0x2005u && page[4] == 0x40000800u);
	assert_int_equal(hvtlfs_gpa_flush_build_list(page, 32, 0, r, 3, 0, &p),
			 HVTLFS_ERR_RANGES_DONT_FIT);
	assert_int_equal(hvtlfs_gpa_flush_build_list(page, 4096, 0, r, 0, 0, &p),
			 HVTLFS_ERR_REP_COUNT_ZERO);
	assert_int_equal(hvtlfs_gpa_flush_build_space(page, 8, 0, 0, &p), HVTLFS_ERR_NO_SPACE);
}

/* Property: random bitmaps; var header = bank count; banks are the non-zero words, in order. */
static void test_ex_property(void **state)
{
	static uint64_t bm[64];
	struct hvtlfs_prepared p;
	int iter;
	(void)state;
	testutil_seed(0x9E3779B97F4A7C15u);
	for (iter = 0; iter < 2000; iter++) {
		struct hvtlfs_vp_targets t = { bm, (uint32_t)(testutil_next() % 65), 0, NULL };
		uint32_t i, n = 0, bank = 0;
		uint64_t mask = 0;
		for (i = 0; i < 64; i++)
			bm[i] = (testutil_next() & 3) == 0
					? testutil_next() >> (testutil_next() & 63)
					: 0;
		for (i = 0; i < t.words; i++) {
			if (bm[i]) {
				mask |= (uint64_t)1 << i;
				n++;
			}
		}
		fill_page();
		assert_int_equal(hvtlfs_flush_build_space_ex(page, 4096, 7, 0, &t, 0, &p),
				 HVTLFS_OK);
		assert_int_equal(hvtlfs_control_var_hdr_size(p.control), n);
		assert_true(page[3] == mask);
		for (i = 0; i < t.words; i++) {
			if (bm[i])
				assert_true(page[4 + bank++] == bm[i]);
		}
		assert_true(page[4 + n] == 0xA5A5A5A5A5A5A5A5u);
	}
}

/* The GPA flush builders with the nested bit, over the GPA page ranges of the ranges
 * module: what an L1 sends after changing an L2's EPT. */
static void test_nested_gpa_flush_builders(void **state)
{
	static uint64_t in[512] __attribute__((aligned(4096)));
	static const struct hvtlfs_page_range pages[] = { { 0x1000, 3 }, { 0x20000, 1 } };
	uint64_t ranges[4] = { 0 };
	size_t needed = 0;
	struct hvtlfs_prepared prep;

	(void)state;
	/* HV_GPA_PAGE_RANGE: bits 0-10 additional pages, bits 12-63 base PFN. */
	assert_int_equal(
		hvtlfs_page_ranges_encode(ranges, 4, pages, 2, HVTLFS_RANGE_FORMAT_GPA, &needed),
		2);
	assert_true(ranges[0] == 0x0000000001000002ULL);
	assert_true(ranges[1] == 0x0000000020000000ULL);

	memset(in, 0xA5, sizeof(in));
	assert_int_equal(hvtlfs_gpa_flush_build_list(in, sizeof(in), 0xABC000ULL, ranges, 2,
						     HVTLFS_CTL_NESTED, &prep),
			 HVTLFS_OK);
	assert_true(prep.control == 0x00000002800000B0ULL); /* code 0xB0, nested, 2 reps */
	assert_int_equal(prep.rep_count, 2);
	assert_int_equal(prep.input_size, 32);
	assert_true(in[0] == 0xABC000ULL);
	assert_true(in[1] == 0);
	assert_true(in[2] == 0x0000000001000002ULL);
	assert_true(in[3] == 0x0000000020000000ULL);

	memset(in, 0xA5, sizeof(in));
	assert_int_equal(
		hvtlfs_gpa_flush_build_space(in, sizeof(in), 0xABC000ULL, HVTLFS_CTL_NESTED, &prep),
		HVTLFS_OK);
	assert_true(prep.control == 0x00000000800000AFULL);
	assert_int_equal(prep.rep_count, 0);
	assert_int_equal(prep.input_size, 16);
	assert_true(in[0] == 0xABC000ULL);
	assert_true(in[1] == 0);

	assert_int_equal(hvtlfs_gpa_flush_build_space(in, sizeof(in), 0xABC000ULL,
						      HVTLFS_CTL_FAST | HVTLFS_CTL_NESTED, &prep),
			 HVTLFS_OK);
	assert_true(prep.control == 0x00000000800100AFULL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_space),
		cmocka_unit_test(test_list),
		cmocka_unit_test(test_list_errors),
		cmocka_unit_test(test_space_ex_tlfs_example),
		cmocka_unit_test(test_list_ex),
		cmocka_unit_test(test_vp_range),
		cmocka_unit_test(test_ipi),
		cmocka_unit_test(test_empty_mask_builders),
		cmocka_unit_test(test_ipi_ex),
		cmocka_unit_test(test_signal_event),
		cmocka_unit_test(test_post_message),
		cmocka_unit_test(test_gpa),
		cmocka_unit_test(test_ex_property),
		cmocka_unit_test(test_nested_gpa_flush_builders),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
