/* SPDX-License-Identifier: BSD-2-Clause */
/* Control and result words: the builder, the checker, the accessors and the bit-field
 * views. Every expected value is written by hand from the TLFS layout of the hypercall
 * input and result values ("Hypercall Inputs", "Hypercall Outputs"). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <string.h>

#include "hvtlfs/control.h"
#include "hvtlfs/error.h"

#include "testutil.h"

#define UNTOUCHED 0xA5A5A5A5A5A5A5A5ull

/* HvFlushVirtualAddressListEx, rep count 3, variable header 2: code 0x0014 in bits 0-15,
 * 2 << 17 = 0x40000, 3 << 32. */
static void test_golden_list_ex(void **state)
{
	uint64_t c = UNTOUCHED;
	union hvtlfs_control u;

	(void)state;
	assert_int_equal(hvtlfs_control_encode(&c, 0x0014, 0, 2, 3, 0), HVTLFS_OK);
	assert_true(c == 0x0000000300040014ull);
	u.value = c;
	assert_true(u.half.lo == 0x00040014u);
	assert_true(u.half.hi == 0x00000003u);
	assert_int_equal(u.bits.code, 0x14);
	assert_int_equal(u.bits.var_hdr_size, 2);
	assert_int_equal(u.bits.rep_count, 3);
	assert_int_equal(u.bits.rep_start, 0);
	assert_int_equal(u.bits.fast, 0);
}

static void test_golden_fields_at_extremes(void **state)
{
	uint64_t c;

	(void)state;
	assert_int_equal(hvtlfs_control_encode(&c, 0xFFFF, 0, 0, 0, 0), HVTLFS_OK);
	assert_true(c == 0x000000000000FFFFull);
	assert_int_equal(hvtlfs_control_encode(&c, 0, HVTLFS_CTL_FAST, 0, 0, 0), HVTLFS_OK);
	assert_true(c == 0x0000000000010000ull);
	assert_int_equal(hvtlfs_control_encode(&c, 0, 0, 1023, 0, 0), HVTLFS_OK);
	assert_true(c == 0x0000000007FE0000ull);
	assert_int_equal(hvtlfs_control_encode(&c, 0, HVTLFS_CTL_NESTED, 0, 0, 0), HVTLFS_OK);
	assert_true(c == 0x0000000080000000ull);
	assert_int_equal(hvtlfs_control_encode(&c, 0, 0, 0, 4095, 0), HVTLFS_OK);
	assert_true(c == 0x00000FFF00000000ull);
	assert_int_equal(hvtlfs_control_encode(&c, 0, 0, 0, 4095, 4094), HVTLFS_OK);
	assert_true(c == 0x0FFE0FFF00000000ull);
	assert_int_equal(hvtlfs_control_encode(&c, 0x0003, HVTLFS_CTL_FAST, 0, 1, 0), HVTLFS_OK);
	assert_true(c == 0x0000000100010003ull);
	/* Everything at once: no field spills into another or into reserved bits. */
	assert_int_equal(hvtlfs_control_encode(&c, 0xFFFF, HVTLFS_CTL_FAST | HVTLFS_CTL_NESTED,
					       1023, 4095, 4094),
			 HVTLFS_OK);
	assert_true(c == 0x0FFE0FFF87FFFFFFull);
	assert_true((c & 0xF000F00078000000ull) == 0);
	/* HvSignalEvent, fast: code 0x005D | bit 16. */
	assert_int_equal(hvtlfs_control_encode(&c, 0x005D, HVTLFS_CTL_FAST, 0, 0, 0), HVTLFS_OK);
	assert_true(c == 0x000000000001005Dull);
}

static void test_builder_rejects(void **state)
{
	uint64_t c = UNTOUCHED;

	(void)state;
	assert_int_equal(hvtlfs_control_encode(&c, 3, 0, 0, 4096, 0), HVTLFS_ERR_REP_COUNT_RANGE);
	assert_int_equal(hvtlfs_control_encode(&c, 3, 0, 0, 0xFFFFFFFFu, 0),
			 HVTLFS_ERR_REP_COUNT_RANGE);
	assert_int_equal(hvtlfs_control_encode(&c, 3, 0, 0, 4095, 4096),
			 HVTLFS_ERR_REP_START_RANGE);
	assert_int_equal(hvtlfs_control_encode(&c, 3, 0, 1024, 1, 0), HVTLFS_ERR_VARHDR_RANGE);
	assert_int_equal(hvtlfs_control_encode(&c, 3, 0, 0, 3, 3), HVTLFS_ERR_REP_START_NOT_BELOW);
	assert_int_equal(hvtlfs_control_encode(&c, 3, 0, 0, 3, 4), HVTLFS_ERR_REP_START_NOT_BELOW);
	assert_int_equal(hvtlfs_control_encode(&c, 3, 0, 0, 0, 1), HVTLFS_ERR_REP_ON_SIMPLE);
	assert_int_equal(hvtlfs_control_encode(&c, 3, 4, 0, 0, 0), HVTLFS_ERR_INVALID_ARG);
	assert_true(c == UNTOUCHED);
	assert_int_equal(hvtlfs_control_encode(NULL, 3, 0, 0, 1, 0), HVTLFS_ERR_NULL);
}

static void test_check(void **state)
{
	static const int reserved_bits[] = { 27, 28, 29, 30, 44, 45, 46, 47, 60, 61, 62, 63 };
	size_t i;
	int bit;

	(void)state;
	assert_int_equal(hvtlfs_control_check(0x0000000300040014ull), HVTLFS_OK);
	assert_int_equal(hvtlfs_control_check(0x0FFE0FFF87FFFFFFull), HVTLFS_OK);
	for (i = 0; i < sizeof(reserved_bits) / sizeof(reserved_bits[0]); i++)
		assert_int_equal(
			hvtlfs_control_check(0x0000000300040014ull | (1ull << reserved_bits[i])),
			HVTLFS_ERR_RESERVED_BITS);
	/* rep start 3, rep count 3 */
	assert_int_equal(hvtlfs_control_check(0x0003000300000003ull),
			 HVTLFS_ERR_REP_START_NOT_BELOW);
	/* rep start 1 on a simple call */
	assert_int_equal(hvtlfs_control_check(0x0001000000000002ull), HVTLFS_ERR_REP_ON_SIMPLE);
	/* The reserved mask is exactly bits 27-30, 44-47, 60-63. */
	for (bit = 0; bit < 64; bit++) {
		int reserved = (bit >= 27 && bit <= 30) || (bit >= 44 && bit <= 47) || bit >= 60;
		assert_int_equal((HVTLFS_CONTROL_RESERVED_MASK >> bit) & 1u, reserved);
	}
}

static void test_accessors(void **state)
{
	uint64_t c = 0x0FFE0FFF87FFFFFFull;

	(void)state;
	assert_int_equal(hvtlfs_control_code(c), 0xFFFF);
	assert_true(hvtlfs_control_is_fast(c));
	assert_true(hvtlfs_control_is_nested(c));
	assert_int_equal(hvtlfs_control_var_hdr_size(c), 1023);
	assert_int_equal(hvtlfs_control_rep_count(c), 4095);
	assert_int_equal(hvtlfs_control_rep_start(c), 4094);
	/* Continuation rewrites rep start only. */
	assert_true(hvtlfs_control_with_rep_start(0x0000000500000003ull, 2) ==
		    0x0002000500000003ull);
	assert_true(hvtlfs_control_with_rep_start(0x0FFF000500000003ull, 1) ==
		    0x0001000500000003ull);
}

static void test_result(void **state)
{
	union hvtlfs_result r;

	(void)state;
	/* TIMEOUT (0x78) with 5 reps completed. */
	assert_int_equal(hvtlfs_result_status(0x0000000500000078ull), 0x78);
	assert_int_equal(hvtlfs_result_reps_completed(0x0000000500000078ull), 5);
	assert_int_equal(hvtlfs_result_reps_completed(0xFFFFFFFFFFFFFFFFull), 4095);
	assert_int_equal(hvtlfs_result_status(0xFFFFFFFFFFFFFFFFull), 0xFFFF);
	assert_true(hvtlfs_result_encode(0x78, 5) == 0x0000000500000078ull);
	assert_true(hvtlfs_result_encode(0, 4095) == 0x00000FFF00000000ull);
	r.value = 0x0000000500000078ull;
	assert_int_equal(r.bits.status, 0x78);
	assert_int_equal(r.bits.reps_completed, 5);
	assert_true(r.half.lo == 0x78u && r.half.hi == 5u);
	assert_true(HVTLFS_RESULT_RESERVED_MASK == 0xFFFFF000FFFF0000ull);
}

/* The bit-field view agrees with the masks (checked on x86_64 and i386). */
static void test_bitfield_view_agrees(void **state)
{
	int i;

	(void)state;
	for (i = 0; i < 64; i++) {
		union hvtlfs_control u;
		uint64_t v = 1ull << i;

		u.value = v;
		assert_true(((uint64_t)u.bits.code << 0) == (v & HVTLFS_CONTROL_CODE_MASK));
		assert_true(((uint64_t)u.bits.fast << 16) == (v & HVTLFS_CONTROL_FAST));
		assert_true(((uint64_t)u.bits.var_hdr_size << 17) ==
			    (v & HVTLFS_CONTROL_VARHDR_MASK));
		assert_true(((uint64_t)u.bits.nested << 31) == (v & HVTLFS_CONTROL_NESTED));
		assert_true(((uint64_t)u.bits.rep_count << 32) ==
			    (v & HVTLFS_CONTROL_REP_COUNT_MASK));
		assert_true(((uint64_t)u.bits.rep_start << 48) ==
			    (v & HVTLFS_CONTROL_REP_START_MASK));
		assert_true((((uint64_t)u.bits.rsvd0 << 27) | ((uint64_t)u.bits.rsvd1 << 44) |
			     ((uint64_t)u.bits.rsvd2 << 60)) == (v & HVTLFS_CONTROL_RESERVED_MASK));
	}
	testutil_seed(0x9E3779B97F4A7C15ull);
	for (i = 0; i < 10000; i++) {
		union hvtlfs_control u;
		union hvtlfs_result r;
		uint64_t v = testutil_next();

		u.value = v;
		assert_int_equal(u.bits.code, hvtlfs_control_code(v));
		assert_int_equal(u.bits.var_hdr_size, hvtlfs_control_var_hdr_size(v));
		assert_int_equal(u.bits.rep_count, hvtlfs_control_rep_count(v));
		assert_int_equal(u.bits.rep_start, hvtlfs_control_rep_start(v));
		assert_int_equal(u.bits.fast, hvtlfs_control_is_fast(v));
		assert_int_equal(u.bits.nested, hvtlfs_control_is_nested(v));
		assert_true(u.half.lo == (uint32_t)v && u.half.hi == (uint32_t)(v >> 32));
		r.value = v;
		assert_int_equal(r.bits.status, hvtlfs_result_status(v));
		assert_int_equal(r.bits.reps_completed, hvtlfs_result_reps_completed(v));
	}
}

/* Build then decode: every accepted input round-trips; every field is masked. */
static void test_build_roundtrip(void **state)
{
	int i;

	(void)state;
	testutil_seed(0x2545F4914F6CDD1Dull);
	for (i = 0; i < 10000; i++) {
		uint64_t r = testutil_next(), c = 0;
		uint16_t code = (uint16_t)r;
		unsigned int opts = (unsigned int)(r >> 16) & 3u;
		uint32_t vh = (uint32_t)(r >> 18) & 0x7FFu;   /* 0..2047: half out of range */
		uint32_t cnt = (uint32_t)(r >> 29) & 0x1FFFu; /* 0..8191 */
		uint32_t st = (uint32_t)(r >> 42) & 0x1FFFu;
		int rc = hvtlfs_control_encode(&c, code, opts, vh, cnt, st);

		if (vh > 1023)
			assert_int_equal(rc, HVTLFS_ERR_VARHDR_RANGE);
		else if (cnt > 4095)
			assert_int_equal(rc, HVTLFS_ERR_REP_COUNT_RANGE);
		else if (st > 4095)
			assert_int_equal(rc, HVTLFS_ERR_REP_START_RANGE);
		else if (cnt == 0 && st != 0)
			assert_int_equal(rc, HVTLFS_ERR_REP_ON_SIMPLE);
		else if (cnt != 0 && st >= cnt)
			assert_int_equal(rc, HVTLFS_ERR_REP_START_NOT_BELOW);
		else {
			assert_int_equal(rc, HVTLFS_OK);
			assert_int_equal(hvtlfs_control_code(c), code);
			assert_int_equal(hvtlfs_control_is_fast(c), (opts & 1u) != 0);
			assert_int_equal(hvtlfs_control_is_nested(c), (opts & 2u) != 0);
			assert_int_equal(hvtlfs_control_var_hdr_size(c), vh);
			assert_int_equal(hvtlfs_control_rep_count(c), cnt);
			assert_int_equal(hvtlfs_control_rep_start(c), st);
			assert_int_equal(hvtlfs_control_check(c), HVTLFS_OK);
		}
	}
}

/* Nested hypercalls: the nested bit (31), which the L0 hypervisor handles. */
static void test_nested_control_words(void **state)
{
	uint64_t w = 0;

	(void)state;
	/* HvFlushGuestPhysicalAddressSpace (0x00AF), simple, handled by L0. */
	assert_int_equal(hvtlfs_control_encode(&w, 0x00AF, HVTLFS_CTL_NESTED, 0, 0, 0), HVTLFS_OK);
	assert_true(w == 0x00000000800000AFULL);
	assert_true(hvtlfs_control_is_nested(w));
	/* HvFlushGuestPhysicalAddressList (0x00B0), rep count 3. */
	assert_int_equal(hvtlfs_control_encode(&w, 0x00B0, HVTLFS_CTL_NESTED, 0, 3, 0), HVTLFS_OK);
	assert_true(w == 0x00000003800000B0ULL);
	/* Continuation from rep 2 keeps the nested bit. */
	assert_true(hvtlfs_control_with_rep_start(w, 2) == 0x00020003800000B0ULL);
	/* Without the option the bit stays clear. */
	assert_int_equal(hvtlfs_control_encode(&w, 0x00AF, 0, 0, 0, 0), HVTLFS_OK);
	assert_true(w == 0x00000000000000AFULL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_golden_list_ex),
		cmocka_unit_test(test_golden_fields_at_extremes),
		cmocka_unit_test(test_builder_rejects),
		cmocka_unit_test(test_check),
		cmocka_unit_test(test_accessors),
		cmocka_unit_test(test_result),
		cmocka_unit_test(test_bitfield_view_agrees),
		cmocka_unit_test(test_build_roundtrip),
		cmocka_unit_test(test_nested_control_words),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
