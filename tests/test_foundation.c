/* SPDX-License-Identifier: BSD-2-Clause */
/* Foundation: control and result words, error names, status and hypercall catalogs.
 * Every expected value is written by hand from the TLFS tables (TLFS-NOTES.md). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <string.h>

#include "hvtlfs/catalog.h"
#include "hvtlfs/control.h"
#include "hvtlfs/error.h"
#include "hvtlfs/tlfs.h"

#define UNTOUCHED 0xA5A5A5A5A5A5A5A5ull

/* HvFlushVirtualAddressListEx, rep count 3, variable header 2: code 0x0014 in bits 0-15,
 * 2 << 17 = 0x40000, 3 << 32. */
static void test_golden_list_ex(void **state)
{
	uint64_t c = UNTOUCHED;
	union hvtlfs_control u;

	(void)state;
	assert_int_equal(hvtlfs_control_build(&c, 0x0014, 0, 2, 3, 0), HVTLFS_OK);
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
	assert_int_equal(hvtlfs_control_build(&c, 0xFFFF, 0, 0, 0, 0), HVTLFS_OK);
	assert_true(c == 0x000000000000FFFFull);
	assert_int_equal(hvtlfs_control_build(&c, 0, HVTLFS_CTL_FAST, 0, 0, 0), HVTLFS_OK);
	assert_true(c == 0x0000000000010000ull);
	assert_int_equal(hvtlfs_control_build(&c, 0, 0, 1023, 0, 0), HVTLFS_OK);
	assert_true(c == 0x0000000007FE0000ull);
	assert_int_equal(hvtlfs_control_build(&c, 0, HVTLFS_CTL_NESTED, 0, 0, 0), HVTLFS_OK);
	assert_true(c == 0x0000000080000000ull);
	assert_int_equal(hvtlfs_control_build(&c, 0, 0, 0, 4095, 0), HVTLFS_OK);
	assert_true(c == 0x00000FFF00000000ull);
	assert_int_equal(hvtlfs_control_build(&c, 0, 0, 0, 4095, 4094), HVTLFS_OK);
	assert_true(c == 0x0FFE0FFF00000000ull);
	assert_int_equal(hvtlfs_control_build(&c, 0x0003, HVTLFS_CTL_FAST, 0, 1, 0), HVTLFS_OK);
	assert_true(c == 0x0000000100010003ull);
	/* Everything at once: no field spills into another or into reserved bits. */
	assert_int_equal(hvtlfs_control_build(&c, 0xFFFF, HVTLFS_CTL_FAST | HVTLFS_CTL_NESTED, 1023,
					      4095, 4094),
			 HVTLFS_OK);
	assert_true(c == 0x0FFE0FFF87FFFFFFull);
	assert_true((c & 0xF000F00078000000ull) == 0);
	/* HvSignalEvent, fast: code 0x005D | bit 16. */
	assert_int_equal(hvtlfs_control_build(&c, 0x005D, HVTLFS_CTL_FAST, 0, 0, 0), HVTLFS_OK);
	assert_true(c == 0x000000000001005Dull);
}

static void test_builder_rejects(void **state)
{
	uint64_t c = UNTOUCHED;

	(void)state;
	assert_int_equal(hvtlfs_control_build(&c, 3, 0, 0, 4096, 0), HVTLFS_ERR_REP_COUNT_RANGE);
	assert_int_equal(hvtlfs_control_build(&c, 3, 0, 0, 0xFFFFFFFFu, 0),
			 HVTLFS_ERR_REP_COUNT_RANGE);
	assert_int_equal(hvtlfs_control_build(&c, 3, 0, 0, 4095, 4096), HVTLFS_ERR_REP_START_RANGE);
	assert_int_equal(hvtlfs_control_build(&c, 3, 0, 1024, 1, 0), HVTLFS_ERR_VARHDR_RANGE);
	assert_int_equal(hvtlfs_control_build(&c, 3, 0, 0, 3, 3), HVTLFS_ERR_REP_START_NOT_BELOW);
	assert_int_equal(hvtlfs_control_build(&c, 3, 0, 0, 3, 4), HVTLFS_ERR_REP_START_NOT_BELOW);
	assert_int_equal(hvtlfs_control_build(&c, 3, 0, 0, 0, 1), HVTLFS_ERR_REP_ON_SIMPLE);
	assert_int_equal(hvtlfs_control_build(&c, 3, 4, 0, 0, 0), HVTLFS_ERR_INVALID_ARG);
	assert_true(c == UNTOUCHED);
	assert_int_equal(hvtlfs_control_build(NULL, 3, 0, 0, 1, 0), HVTLFS_ERR_NULL);
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
	assert_true(hvtlfs_result_make(0x78, 5) == 0x0000000500000078ull);
	assert_true(hvtlfs_result_make(0, 4095) == 0x00000FFF00000000ull);
	r.value = 0x0000000500000078ull;
	assert_int_equal(r.bits.status, 0x78);
	assert_int_equal(r.bits.reps_completed, 5);
	assert_true(r.half.lo == 0x78u && r.half.hi == 5u);
	assert_true(HVTLFS_RESULT_RESERVED_MASK == 0xFFFFF000FFFF0000ull);
}

static uint64_t prng_state = 0x9E3779B97F4A7C15ull;
static uint64_t prng(void)
{
	/* xorshift64* */
	prng_state ^= prng_state >> 12;
	prng_state ^= prng_state << 25;
	prng_state ^= prng_state >> 27;
	return prng_state * 0x2545F4914F6CDD1Dull;
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
	for (i = 0; i < 10000; i++) {
		union hvtlfs_control u;
		union hvtlfs_result r;
		uint64_t v = prng();

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
	for (i = 0; i < 10000; i++) {
		uint64_t r = prng(), c = 0;
		uint16_t code = (uint16_t)r;
		unsigned int opts = (unsigned int)(r >> 16) & 3u;
		uint32_t vh = (uint32_t)(r >> 18) & 0x7FFu;   /* 0..2047: half out of range */
		uint32_t cnt = (uint32_t)(r >> 29) & 0x1FFFu; /* 0..8191 */
		uint32_t st = (uint32_t)(r >> 42) & 0x1FFFu;
		int rc = hvtlfs_control_build(&c, code, opts, vh, cnt, st);

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

/* Every status in TLFS-NOTES, value and name, typed from the notes. */
static const struct {
	uint16_t value;
	const char *name;
} golden_status[] = { { 0x0, "HV_STATUS_SUCCESS" },
		      { 0x2, "HV_STATUS_INVALID_HYPERCALL_CODE" },
		      { 0x3, "HV_STATUS_INVALID_HYPERCALL_INPUT" },
		      { 0x4, "HV_STATUS_INVALID_ALIGNMENT" },
		      { 0x5, "HV_STATUS_INVALID_PARAMETER" },
		      { 0x6, "HV_STATUS_ACCESS_DENIED" },
		      { 0x7, "HV_STATUS_INVALID_PARTITION_STATE" },
		      { 0x8, "HV_STATUS_OPERATION_DENIED" },
		      { 0x9, "HV_STATUS_UNKNOWN_PROPERTY" },
		      { 0xA, "HV_STATUS_PROPERTY_VALUE_OUT_OF_RANGE" },
		      { 0xB, "HV_STATUS_INSUFFICIENT_MEMORY" },
		      { 0xC, "HV_STATUS_PARTITION_TOO_DEEP" },
		      { 0xD, "HV_STATUS_INVALID_PARTITION_ID" },
		      { 0xE, "HV_STATUS_INVALID_VP_INDEX" },
		      { 0x10, "HV_STATUS_NOT_FOUND" },
		      { 0x11, "HV_STATUS_INVALID_PORT_ID" },
		      { 0x12, "HV_STATUS_INVALID_CONNECTION_ID" },
		      { 0x13, "HV_STATUS_INSUFFICIENT_BUFFERS" },
		      { 0x14, "HV_STATUS_NOT_ACKNOWLEDGED" },
		      { 0x15, "HV_STATUS_INVALID_VP_STATE" },
		      { 0x16, "HV_STATUS_ACKNOWLEDGED" },
		      { 0x17, "HV_STATUS_INVALID_SAVE_RESTORE_STATE" },
		      { 0x18, "HV_STATUS_INVALID_SYNIC_STATE" },
		      { 0x19, "HV_STATUS_OBJECT_IN_USE" },
		      { 0x1A, "HV_STATUS_INVALID_PROXIMITY_DOMAIN_INFO" },
		      { 0x1B, "HV_STATUS_NO_DATA" },
		      { 0x1C, "HV_STATUS_INACTIVE" },
		      { 0x1D, "HV_STATUS_NO_RESOURCES" },
		      { 0x1E, "HV_STATUS_FEATURE_UNAVAILABLE" },
		      { 0x1F, "HV_STATUS_PARTIAL_PACKET" },
		      { 0x20, "HV_STATUS_PROCESSOR_FEATURE_NOT_SUPPORTED" },
		      { 0x30, "HV_STATUS_PROCESSOR_CACHE_LINE_FLUSH_SIZE_INCOMPATIBLE" },
		      { 0x33, "HV_STATUS_INSUFFICIENT_BUFFER" },
		      { 0x37, "HV_STATUS_INCOMPATIBLE_PROCESSOR" },
		      { 0x38, "HV_STATUS_INSUFFICIENT_DEVICE_DOMAINS" },
		      { 0x3C, "HV_STATUS_CPUID_FEATURE_VALIDATION_ERROR" },
		      { 0x3D, "HV_STATUS_CPUID_XSAVE_FEATURE_VALIDATION_ERROR" },
		      { 0x3E, "HV_STATUS_PROCESSOR_STARTUP_TIMEOUT" },
		      { 0x3F, "HV_STATUS_SMX_ENABLED" },
		      { 0x41, "HV_STATUS_INVALID_LP_INDEX" },
		      { 0x50, "HV_STATUS_INVALID_REGISTER_VALUE" },
		      { 0x51, "HV_STATUS_INVALID_VTL_STATE" },
		      { 0x55, "HV_STATUS_NX_NOT_DETECTED" },
		      { 0x57, "HV_STATUS_INVALID_DEVICE_ID" },
		      { 0x58, "HV_STATUS_INVALID_DEVICE_STATE" },
		      { 0x59, "HV_STATUS_PENDING_PAGE_REQUESTS" },
		      { 0x60, "HV_STATUS_PAGE_REQUEST_INVALID" },
		      { 0x65, "HV_STATUS_KEY_ALREADY_EXISTS" },
		      { 0x66, "HV_STATUS_DEVICE_ALREADY_IN_DOMAIN" },
		      { 0x6F, "HV_STATUS_INVALID_CPU_GROUP_ID" },
		      { 0x70, "HV_STATUS_INVALID_CPU_GROUP_STATE" },
		      { 0x71, "HV_STATUS_OPERATION_FAILED" },
		      { 0x72, "HV_STATUS_NOT_ALLOWED_WITH_NESTED_VIRT_ACTIVE" },
		      { 0x73, "HV_STATUS_INSUFFICIENT_ROOT_MEMORY" },
		      { 0x74, "HV_STATUS_EVENT_BUFFER_ALREADY_FREED" },
		      { 0x75, "HV_STATUS_INSUFFICIENT_CONTIGUOUS_MEMORY" },
		      { 0x78, "HV_STATUS_TIMEOUT" },
		      { 0x79, "HV_STATUS_CALL_PENDING" },
		      { 0x83, "HV_STATUS_INSUFFICIENT_CONTIGUOUS_ROOT_MEMORY" },
		      { 0x86, "HV_STATUS_VTL_ALREADY_ENABLED" },
		      { 0x87, "HV_STATUS_UNKNOWN_REGISTER_NAME" } };

static void test_status_names(void **state)
{
	size_t i, n = 0;
	const uint16_t *all = hvtlfs_status_catalog(&n);

	(void)state;
	assert_int_equal(n, sizeof(golden_status) / sizeof(golden_status[0]));
	for (i = 0; i < n; i++) {
		assert_int_equal(all[i], golden_status[i].value);
		assert_string_equal(hvtlfs_status_name(golden_status[i].value),
				    golden_status[i].name);
	}
	/* Unknown codes get a stable answer. */
	assert_string_equal(hvtlfs_status_name(0x0001), "HV_STATUS_UNKNOWN");
	assert_string_equal(hvtlfs_status_name(0x000F), "HV_STATUS_UNKNOWN");
	assert_string_equal(hvtlfs_status_name(0xFFFF), "HV_STATUS_UNKNOWN");
	/* Named constants match the TLFS values. */
	assert_int_equal(HVTLFS_STATUS_TIMEOUT, 0x78);
	assert_int_equal(HVTLFS_STATUS_INVALID_ALIGNMENT, 0x4);
	assert_int_equal(HVTLFS_STATUS_UNKNOWN_REGISTER_NAME, 0x87);
}

/* The calls of TLFS-NOTES' first table: code, kind, variable header, fast, fixed header,
 * rep element. */
static const struct {
	uint16_t code;
	uint8_t kind;
	int varhdr, fast;
	uint16_t hdr, elem;
	const char *name;
} golden_calls[] = {
	{ 0x0002, HVTLFS_CALL_KIND_SIMPLE, 0, 1, 24, 0, "HvCallFlushVirtualAddressSpace" },
	{ 0x0003, HVTLFS_CALL_KIND_REP, 0, 1, 24, 8, "HvCallFlushVirtualAddressList" },
	{ 0x0008, HVTLFS_CALL_KIND_SIMPLE, 0, 1, 8, 0, "HvCallNotifyLongSpinWait" },
	{ 0x000B, HVTLFS_CALL_KIND_SIMPLE, 0, 1, 16, 0, "HvCallSendSyntheticClusterIpi" },
	{ 0x0013, HVTLFS_CALL_KIND_SIMPLE, 1, 1, 32, 0, "HvCallFlushVirtualAddressSpaceEx" },
	{ 0x0014, HVTLFS_CALL_KIND_REP, 1, 1, 32, 8, "HvCallFlushVirtualAddressListEx" },
	{ 0x0015, HVTLFS_CALL_KIND_SIMPLE, 1, 1, 24, 0, "HvCallSendSyntheticClusterIpiEx" },
	{ 0x005C, HVTLFS_CALL_KIND_SIMPLE, 0, 0, 256, 0, "HvCallPostMessage" },
	{ 0x005D, HVTLFS_CALL_KIND_SIMPLE, 0, 1, 8, 0, "HvCallSignalEvent" },
	{ 0x00AF, HVTLFS_CALL_KIND_SIMPLE, 0, 1, 16, 0, "HvCallFlushGuestPhysicalAddressSpace" },
	{ 0x00B0, HVTLFS_CALL_KIND_REP, 0, 1, 16, 8, "HvCallFlushGuestPhysicalAddressList" },
	/* The TLFS overview lists it as simple; Linux's balloon driver issues it as a rep
	 * call: an 8-byte header (heat type), 8-byte GPA page ranges as elements. */
	{ 0x8003, HVTLFS_CALL_KIND_REP, 0, 0, 8, 8, "HvExtCallMemoryHeatHint" },
};

/* Other codes of the TLFS overview: code, kind. */
static const struct {
	uint16_t code;
	uint8_t kind;
} golden_other[] = {
	{ 0x0001, HVTLFS_CALL_KIND_SIMPLE }, { 0x000C, HVTLFS_CALL_KIND_REP },
	{ 0x000D, HVTLFS_CALL_KIND_SIMPLE }, { 0x000E, HVTLFS_CALL_KIND_SIMPLE },
	{ 0x000F, HVTLFS_CALL_KIND_SIMPLE }, { 0x0010, HVTLFS_CALL_KIND_SIMPLE },
	{ 0x0011, HVTLFS_CALL_KIND_SIMPLE }, { 0x0012, HVTLFS_CALL_KIND_SIMPLE },
	{ 0x0050, HVTLFS_CALL_KIND_REP },    { 0x0051, HVTLFS_CALL_KIND_REP },
	{ 0x0069, HVTLFS_CALL_KIND_SIMPLE }, { 0x006A, HVTLFS_CALL_KIND_SIMPLE },
	{ 0x006B, HVTLFS_CALL_KIND_SIMPLE }, { 0x007E, HVTLFS_CALL_KIND_SIMPLE },
	{ 0x0099, HVTLFS_CALL_KIND_SIMPLE }, { 0x009A, HVTLFS_CALL_KIND_REP },
	{ 0x8001, HVTLFS_CALL_KIND_SIMPLE }, { 0x8002, HVTLFS_CALL_KIND_SIMPLE },
	{ 0x8004, HVTLFS_CALL_KIND_SIMPLE }, { 0x8006, HVTLFS_CALL_KIND_SIMPLE },
};

static void test_catalog(void **state)
{
	size_t i, n = 0;
	const struct hvtlfs_call_info *all = hvtlfs_call_catalog(&n);

	(void)state;
	assert_int_equal(n, sizeof(golden_calls) / sizeof(golden_calls[0]) +
				    sizeof(golden_other) / sizeof(golden_other[0]));
	for (i = 0; i < sizeof(golden_calls) / sizeof(golden_calls[0]); i++) {
		const struct hvtlfs_call_info *ci = hvtlfs_call_lookup(golden_calls[i].code);

		assert_non_null(ci);
		assert_int_equal(ci->code, golden_calls[i].code);
		assert_int_equal(ci->kind, golden_calls[i].kind);
		assert_int_equal((ci->flags & HVTLFS_CALLF_VARHDR) != 0, golden_calls[i].varhdr);
		assert_int_equal((ci->flags & HVTLFS_CALLF_FAST) != 0, golden_calls[i].fast);
		assert_true(ci->flags & HVTLFS_CALLF_SIZES);
		assert_int_equal(ci->fixed_header_size, golden_calls[i].hdr);
		assert_int_equal(ci->rep_element_size, golden_calls[i].elem);
		assert_string_equal(ci->name, golden_calls[i].name);
		assert_string_equal(hvtlfs_call_name(golden_calls[i].code), golden_calls[i].name);
		assert_int_equal((ci->flags & HVTLFS_CALLF_EXTENDED) != 0,
				 golden_calls[i].code >= 0x8000);
		/* Only the Ex flush and IPI calls count bank words alone in the variable header. */
		assert_int_equal((ci->flags & HVTLFS_CALLF_VPSET_BANKS) != 0,
				 golden_calls[i].code >= 0x13 && golden_calls[i].code <= 0x15);
	}
	for (i = 0; i < sizeof(golden_other) / sizeof(golden_other[0]); i++) {
		const struct hvtlfs_call_info *ci = hvtlfs_call_lookup(golden_other[i].code);

		assert_non_null(ci);
		assert_int_equal(ci->kind, golden_other[i].kind);
		assert_int_equal((ci->flags & HVTLFS_CALLF_EXTENDED) != 0,
				 golden_other[i].code >= 0x8000);
	}
	/* Sorted, unique: the lookup relies on it. */
	for (i = 1; i < n; i++)
		assert_true(all[i - 1].code < all[i].code);
	for (i = 0; i < n; i++)
		assert_ptr_equal(hvtlfs_call_lookup(all[i].code), &all[i]);
	assert_null(hvtlfs_call_lookup(0x0000));
	assert_null(hvtlfs_call_lookup(0x0004));
	assert_null(hvtlfs_call_lookup(0x8005));
	assert_null(hvtlfs_call_lookup(0xFFFF));
	assert_string_equal(hvtlfs_call_name(0x0004), "HvCallUnknown");
}

static void test_call_check(void **state)
{
	static const struct {
		uint64_t control;
		uint16_t status;
		int reason;
	} v[] = {
		/* ListEx rep 3, varhdr 2: accepted. */
		{ 0x0000000300040014ull, 0x0, HVTLFS_OK },
		/* Reserved bit 27 → INVALID_HYPERCALL_INPUT, before the code is looked at. */
		{ 0x0000000308040004ull, 0x3, HVTLFS_ERR_RESERVED_BITS },
		/* Reserved bit 63 on a known call. */
		{ 0x8000000000000002ull, 0x3, HVTLFS_ERR_RESERVED_BITS },
		/* Unknown code 0x0004 → INVALID_HYPERCALL_CODE. */
		{ 0x0000000000000004ull, 0x2, HVTLFS_ERR_UNKNOWN_CALL },
		/* Rep call with rep count 0. */
		{ 0x0000000000000003ull, 0x3, HVTLFS_ERR_REP_COUNT_ZERO },
		/* Rep start == rep count. */
		{ 0x0002000200000003ull, 0x3, HVTLFS_ERR_REP_START_NOT_BELOW },
		/* Simple call with a rep count; with a rep start only. */
		{ 0x0000000100000002ull, 0x3, HVTLFS_ERR_REP_ON_SIMPLE },
		{ 0x0001000000000002ull, 0x3, HVTLFS_ERR_REP_ON_SIMPLE },
		/* Variable header on a call that takes none (HvFlushVirtualAddressSpace). */
		{ 0x0000000000020002ull, 0x3, HVTLFS_ERR_VARHDR_NOT_ALLOWED },
		/* Fast HvPostMessage: slow only. */
		{ 0x000000000001005Cull, 0x3, HVTLFS_ERR_FAST_NOT_ALLOWED },
		/* Fast HvSignalEvent: fine. */
		{ 0x000000000001005Dull, 0x0, HVTLFS_OK },
		/* The nested bit alone is not reserved. */
		{ 0x00000000800000AFull, 0x0, HVTLFS_OK },
		/* hvtlfs's order where the TLFS gives none (catalog.h lists KVM's answers):
		 * the code before the rep fields (KVM: 0x3 here), */
		{ 0x0001000000007777ull, 0x2, HVTLFS_ERR_UNKNOWN_CALL },
		/* and a fast slow-only call is INVALID_HYPERCALL_INPUT (KVM: 0x5 for these). */
		{ 0x0000000000010069ull, 0x3, HVTLFS_ERR_FAST_NOT_ALLOWED },
		{ 0x0000000000018001ull, 0x3, HVTLFS_ERR_FAST_NOT_ALLOWED },
	};
	const struct hvtlfs_call_info *ci = NULL;
	size_t i;
	int reason;

	(void)state;
	for (i = 0; i < sizeof(v) / sizeof(v[0]); i++) {
		reason = 12345;
		assert_int_equal(hvtlfs_call_check(v[i].control, &ci, &reason), v[i].status);
		assert_int_equal(reason, v[i].reason);
		assert_int_equal(hvtlfs_call_check(v[i].control, NULL, NULL), v[i].status);
		if (v[i].reason == HVTLFS_ERR_RESERVED_BITS ||
		    v[i].reason == HVTLFS_ERR_UNKNOWN_CALL)
			assert_null(ci);
		else
			assert_int_equal(ci->code, v[i].control & 0xFFFF);
	}
}

/*
 * HvExtCallMemoryHeatHint as Linux's hv_balloon page reporting issues it: a slow rep
 * call, rep count = number of ranges (up to (4096 - 8) / 8 = 511 in one page), an
 * 8-byte header with heat type 2 (cold, discard), then HV_GPA_PAGE_RANGE elements.
 */
static void test_heat_hint_rep_call(void **state)
{
	const struct hvtlfs_call_info *ci = NULL;
	int reason = 12345;

	(void)state;
	/* One range: rep count 1. */
	assert_int_equal(hvtlfs_call_check(0x0000000100008003ull, &ci, &reason), 0x0);
	assert_int_equal(reason, HVTLFS_OK);
	assert_non_null(ci);
	assert_int_equal(ci->kind, HVTLFS_CALL_KIND_REP);
	assert_true(ci->flags & HVTLFS_CALLF_SIZES);
	assert_true(ci->flags & HVTLFS_CALLF_EXTENDED);
	assert_int_equal(ci->fixed_header_size, 8);
	assert_int_equal(ci->rep_element_size, 8);
	/* A full page of ranges: 8 + 511 x 8 = 4096 bytes. */
	assert_int_equal(hvtlfs_call_check(0x000001FF00008003ull, &ci, &reason), 0x0);
	assert_int_equal(ci->fixed_header_size + 511u * ci->rep_element_size, 4096);
	/* A continuation from rep 100 of 511. */
	assert_int_equal(hvtlfs_call_check(0x006401FF00008003ull, &ci, &reason), 0x0);
	/* Now a rep call: no reps at all is refused, as for every rep call. */
	assert_int_equal(hvtlfs_call_check(0x0000000000008003ull, &ci, &reason), 0x3);
	assert_int_equal(reason, HVTLFS_ERR_REP_COUNT_ZERO);
	/* Extended calls are slow only here. */
	assert_int_equal(hvtlfs_call_check(0x0000000100018003ull, &ci, &reason), 0x3);
	assert_int_equal(reason, HVTLFS_ERR_FAST_NOT_ALLOWED);
}

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
		cmocka_unit_test(test_golden_list_ex),
		cmocka_unit_test(test_golden_fields_at_extremes),
		cmocka_unit_test(test_builder_rejects),
		cmocka_unit_test(test_check),
		cmocka_unit_test(test_accessors),
		cmocka_unit_test(test_result),
		cmocka_unit_test(test_bitfield_view_agrees),
		cmocka_unit_test(test_build_roundtrip),
		cmocka_unit_test(test_status_names),
		cmocka_unit_test(test_catalog),
		cmocka_unit_test(test_call_check),
		cmocka_unit_test(test_heat_hint_rep_call),
		cmocka_unit_test(test_strerror),
	};

	return cmocka_run_group_tests_name("foundation", tests, NULL, NULL);
}
