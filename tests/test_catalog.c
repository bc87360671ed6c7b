/* SPDX-License-Identifier: BSD-2-Clause */
/* The hypercall and status catalogs and the hypervisor's generic control-word check.
 * Every expected value is written by hand from the TLFS tables (the hypercall
 * reference table, each call's input table, HV_STATUS). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <string.h>

#include "hvtlfs/catalog.h"
#include "hvtlfs/control.h"
#include "hvtlfs/error.h"
#include "hvtlfs/extended.h"
#include "hvtlfs/tlfs.h"

/* Every HV_STATUS of the TLFS, value and name, typed from its table. */
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

/* The flush, IPI, spin-wait, message and event calls of the TLFS hypercall reference
 * table: code, kind, variable header, fast, fixed header (each call's input table), rep
 * element. */
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
	{ 0x000D, HVTLFS_CALL_KIND_SIMPLE, 0, 1, 16, 0, "HvCallEnablePartitionVtl" },
	{ 0x000F, HVTLFS_CALL_KIND_SIMPLE, 0, 0, 240, 0, "HvCallEnableVpVtl" },
	/* No input: the VTL call and return control inputs travel in registers. */
	{ 0x0011, HVTLFS_CALL_KIND_SIMPLE, 0, 1, 0, 0, "HvCallVtlCall" },
	{ 0x0012, HVTLFS_CALL_KIND_SIMPLE, 0, 1, 0, 0, "HvCallVtlReturn" },
	{ 0x0015, HVTLFS_CALL_KIND_SIMPLE, 1, 1, 24, 0, "HvCallSendSyntheticClusterIpiEx" },
	{ 0x0050, HVTLFS_CALL_KIND_REP, 0, 1, 16, 4, "HvCallGetVpRegisters" },
	{ 0x0051, HVTLFS_CALL_KIND_REP, 0, 1, 16, 32, "HvCallSetVpRegisters" },
	{ 0x005C, HVTLFS_CALL_KIND_SIMPLE, 0, 0, 256, 0, "HvCallPostMessage" },
	{ 0x005D, HVTLFS_CALL_KIND_SIMPLE, 0, 1, 8, 0, "HvCallSignalEvent" },
	{ 0x0099, HVTLFS_CALL_KIND_SIMPLE, 0, 0, 240, 0, "HvCallStartVirtualProcessor" },
	/* 4-byte APIC ids, as Linux and OpenVMM send them (the TLFS page says 8 with
	 * padding). */
	{ 0x009A, HVTLFS_CALL_KIND_REP, 0, 1, 16, 4, "HvCallGetVpIndexFromApicId" },
	{ 0x00AF, HVTLFS_CALL_KIND_SIMPLE, 0, 1, 16, 0, "HvCallFlushGuestPhysicalAddressSpace" },
	{ 0x00B0, HVTLFS_CALL_KIND_REP, 0, 1, 16, 8, "HvCallFlushGuestPhysicalAddressList" },
	/* The debugging calls: Microsoft's reference of them (Hvgdk.h, "Native Interface"):
	 * Count and Options (then the data), Count, Options and a u64 Timeout, Options and
	 * padding; only the reset is [fast]. */
	{ 0x0069, HVTLFS_CALL_KIND_SIMPLE, 0, 0, 8, 0, "HvCallPostDebugData" },
	{ 0x006A, HVTLFS_CALL_KIND_SIMPLE, 0, 0, 16, 0, "HvCallRetrieveDebugData" },
	{ 0x006B, HVTLFS_CALL_KIND_SIMPLE, 0, 1, 8, 0, "HvCallResetDebugSession" },
	/* TLFS HvCallRetargetDeviceInterrupt: PartitionId 0, DeviceId 8, InterruptEntry 16
	 * (16 bytes), RsvdZ 32, InterruptTarget 40 up to its mask/format word: 56 bytes. */
	{ 0x007E, HVTLFS_CALL_KIND_SIMPLE, 1, 0, 56, 0, "HvCallRetargetDeviceInterrupt" },
	/* No TLFS page: as Linux issues it, a 16-byte header and one 8-byte GPFN a rep. */
	{ 0x00DB, HVTLFS_CALL_KIND_REP, 0, 0, 16, 8, "HvCallModifySparseGpaPageHostVisibility" },
	/* TLFS HvExtCallQueryCapabilities and HvExtCallGetBootZeroedMemory: no input. */
	{ 0x8001, HVTLFS_CALL_KIND_SIMPLE, 0, 0, 0, 0, "HvExtCallQueryCapabilities" },
	{ 0x8002, HVTLFS_CALL_KIND_SIMPLE, 0, 0, 0, 0, "HvExtCallGetBootZeroedMemory" },
	/* The TLFS overview lists it as simple; Linux's balloon driver issues it as a rep
	 * call: an 8-byte header (heat type), 8-byte GPA page ranges as elements. */
	{ 0x8003, HVTLFS_CALL_KIND_REP, 0, 0, 8, 8, "HvExtCallMemoryHeatHint" },
};

/* The calls that write output at the output GPA: the register values; the VP indices;
 * PendingCount; RetrievedCount,
 * RemainingCount and the data; the capability mask; the boot-zeroed ranges (0xFF8
 * bytes). */
static const uint16_t golden_output[] = { 0x0050, 0x0069, 0x006A, 0x009A, 0x8001, 0x8002 };

/* Calls the TLFS names without any layout: no sizes, rather than invented ones. */
static const uint16_t golden_undocumented[] = { 0x8004, 0x8006 };

/* Other codes of the TLFS overview: code, kind. */
static const struct {
	uint16_t code;
	uint8_t kind;
} golden_other[] = {
	{ 0x0001, HVTLFS_CALL_KIND_SIMPLE }, { 0x000C, HVTLFS_CALL_KIND_REP },
	{ 0x000E, HVTLFS_CALL_KIND_SIMPLE }, { 0x0010, HVTLFS_CALL_KIND_SIMPLE },
	{ 0x8004, HVTLFS_CALL_KIND_SIMPLE }, { 0x8006, HVTLFS_CALL_KIND_SIMPLE },
};

static bool in_list(const uint16_t *list, size_t n, uint16_t code)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (list[i] == code)
			return true;
	return false;
}

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
		/* Only the Ex flush and IPI calls count bank words alone in the variable header;
		 * only the retarget call counts valid_bank_mask and the bank words. */
		assert_int_equal((ci->flags & HVTLFS_CALLF_VPSET_BANKS) != 0,
				 golden_calls[i].code >= 0x13 && golden_calls[i].code <= 0x15);
		assert_int_equal((ci->flags & HVTLFS_CALLF_VPSET_MASK) != 0,
				 golden_calls[i].code == 0x7E);
	}
	for (i = 0; i < n; i++)
		assert_int_equal((all[i].flags & HVTLFS_CALLF_OUTPUT) != 0,
				 in_list(golden_output,
					 sizeof(golden_output) / sizeof(golden_output[0]),
					 all[i].code));
	for (i = 0; i < sizeof(golden_undocumented) / sizeof(golden_undocumented[0]); i++) {
		const struct hvtlfs_call_info *ci = hvtlfs_call_lookup(golden_undocumented[i]);

		assert_non_null(ci);
		assert_int_equal(ci->flags & HVTLFS_CALLF_SIZES, 0);
		assert_int_equal(ci->fixed_header_size, 0);
		assert_int_equal(ci->rep_element_size, 0);
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

/* The guest-side control word: hvtlfs_control_encode() held to the catalog's rules. */
static void test_call_encode(void **state)
{
	uint64_t c = 0x1234;

	(void)state;
	/* HvCallRetargetDeviceInterrupt with two bank words: 1 + 2 = 3 in bits 17-26. */
	assert_int_equal(hvtlfs_call_encode(&c, 0x007E, 0, 3, 0, 0), HVTLFS_OK);
	assert_true(c == 0x000000000006007Eull);
	/* HvCallModifySparseGpaPageHostVisibility, 510 GPFNs, nested. */
	assert_int_equal(hvtlfs_call_encode(&c, 0x00DB, HVTLFS_CTL_NESTED, 0, 510, 0), HVTLFS_OK);
	assert_true(c == 0x000001FE800000DBull);
	/* What the hypervisor would refuse for the call's shape is refused here; *out kept. */
	c = 0x1234;
	assert_int_equal(hvtlfs_call_encode(&c, 0x8001, HVTLFS_CTL_FAST, 0, 0, 0),
			 HVTLFS_ERR_FAST_NOT_ALLOWED);
	assert_int_equal(hvtlfs_call_encode(&c, 0x00DB, 0, 1, 3, 0), HVTLFS_ERR_VARHDR_NOT_ALLOWED);
	assert_int_equal(hvtlfs_call_encode(&c, 0x00DB, 0, 0, 0, 0), HVTLFS_ERR_REP_COUNT_ZERO);
	assert_int_equal(hvtlfs_call_encode(&c, 0x007E, 0, 0, 1, 0), HVTLFS_ERR_REP_ON_SIMPLE);
	assert_int_equal(hvtlfs_call_encode(&c, 0x0004, 0, 0, 0, 0), HVTLFS_ERR_UNKNOWN_CALL);
	assert_int_equal(hvtlfs_call_encode(&c, 0x007E, 0, 1024, 0, 0), HVTLFS_ERR_VARHDR_RANGE);
	assert_int_equal(hvtlfs_call_encode(&c, 0x007E, 4u, 0, 0, 0), HVTLFS_ERR_INVALID_ARG);
	assert_true(c == 0x1234);
	assert_int_equal(hvtlfs_call_encode(NULL, 0x007E, 0, 0, 0, 0), HVTLFS_ERR_NULL);
}

/*
 * TLFS "Alignment Requirements": GPAs 8-byte aligned, input and output lists neither
 * overlapping nor crossing a page; the GPA of a parameter list the call does not have
 * is ignored by the hypervisor, so a guest passing one is told here.
 */
static void test_call_check_gpas(void **state)
{
	const uint64_t query = 0x8001, vis = 0x00DB | (2ull << 32), post = 0x0069;

	(void)state;
	/* HvExtCallQueryCapabilities as Linux issues it: no input, 8 bytes of output. */
	assert_int_equal(hvtlfs_call_check_gpas(query, 0, 0, 0x7000, 8), HVTLFS_OK);
	/* No input: its GPA is not looked at, whatever it is. */
	assert_int_equal(hvtlfs_call_check_gpas(query, 0x1003, 0, 0x7000, 8), HVTLFS_OK);
	assert_int_equal(hvtlfs_call_check_gpas(query, 0, 0, 0x7004, 8), HVTLFS_ERR_ALIGNMENT);
	assert_int_equal(hvtlfs_call_check_gpas(query, 0, 0, 0x7FF8, 8), HVTLFS_OK);
	assert_int_equal(hvtlfs_call_check_gpas(query, 0, 0, 0x7FF8, 16), HVTLFS_ERR_ALIGNMENT);
	/* HvCallModifySparseGpaPageHostVisibility has no output: none may be passed. */
	assert_int_equal(hvtlfs_call_check_gpas(vis, 0x5000, 32, 0, 0), HVTLFS_OK);
	assert_int_equal(hvtlfs_call_check_gpas(vis, 0x5000, 32, 0x6000, 0),
			 HVTLFS_ERR_UNEXPECTED_OUTPUT);
	assert_int_equal(hvtlfs_call_check_gpas(vis, 0x5000, 32, 0, 8),
			 HVTLFS_ERR_UNEXPECTED_OUTPUT);
	assert_int_equal(hvtlfs_call_check_gpas(vis, 0x5FE8, 32, 0, 0), HVTLFS_ERR_ALIGNMENT);
	assert_int_equal(hvtlfs_call_check_gpas(vis, 0x5FE0, 32, 0, 0), HVTLFS_OK);
	/* HvCallPostDebugData: 8 + 16 bytes in, PendingCount out, on one page. */
	assert_int_equal(hvtlfs_call_check_gpas(post, 0x5000, 24, 0x5018, 8), HVTLFS_OK);
	assert_int_equal(hvtlfs_call_check_gpas(post, 0x5000, 24, 0x5010, 8),
			 HVTLFS_ERR_BUFFERS_OVERLAP);
	assert_int_equal(hvtlfs_call_check_gpas(post, 0x5010, 24, 0x5008, 16),
			 HVTLFS_ERR_BUFFERS_OVERLAP);
	assert_int_equal(hvtlfs_call_check_gpas(post, 0x5000, 24, 0x5000, 8),
			 HVTLFS_ERR_BUFFERS_OVERLAP);
	/* The last page of the 64-bit space: no wrap hides the overlap. */
	assert_int_equal(
		hvtlfs_call_check_gpas(post, 0xFFFFFFFFFFFFF000ull, 4096, 0xFFFFFFFFFFFFFFF8ull, 8),
		HVTLFS_ERR_BUFFERS_OVERLAP);
	assert_int_equal(hvtlfs_call_check_gpas(0x0004, 0, 0, 0, 0), HVTLFS_ERR_UNKNOWN_CALL);
}

/* What the calls with output write (the TLFS output tables) and the guest-side checks
 * of a slow call's areas (TLFS "Hypercall Interface", Alignment Requirements). */
static void test_outputs_and_gpas(void **state)
{
	const struct hvtlfs_call_output *o;

	(void)state;
	o = hvtlfs_call_output_lookup(0x0050);
	assert_non_null(o);
	assert_int_equal(o->fixed_size, 0);
	assert_int_equal(o->element_size, 16); /* one HV_REGISTER_VALUE a name */
	o = hvtlfs_call_output_lookup(0x009A);
	assert_non_null(o);
	assert_int_equal(o->element_size, 4); /* one VP index an APIC id */
	o = hvtlfs_call_output_lookup(0x8001);
	assert_non_null(o);
	assert_int_equal(o->fixed_size, 8); /* the capability mask */
	/* HvExtCallGetBootZeroedMemory (TLFS page, Output Parameters): "The hypercall
	 * output size is 0xFF8 bytes": RangeCount, then 255 ranges of StartGpa and
	 * PageCount, the last one at 4072. */
	o = hvtlfs_call_output_lookup(0x8002);
	assert_non_null(o);
	assert_int_equal(o->fixed_size, 0xFF8);
	assert_int_equal(o->element_size, 0);
	assert_int_equal(HVTLFS_OFFSETOF(struct hvtlfs_ext_boot_zeroed_output,
					 ranges[HVTLFS_EXT_BOOT_ZEROED_MAX_RANGES - 1u]),
			 4072);
	/* So the output GPA is at most 8 bytes into its page. */
	assert_int_equal(hvtlfs_call_check_gpas(0x8002, 0, 0, 0x7008, o->fixed_size), HVTLFS_OK);
	assert_int_equal(hvtlfs_call_check_gpas(0x8002, 0, 0, 0x7010, o->fixed_size),
			 HVTLFS_ERR_ALIGNMENT);
	assert_null(hvtlfs_call_output_lookup(0x0051));
	assert_null(hvtlfs_call_output_lookup(0x0099));
	assert_null(hvtlfs_call_output_lookup(0x0002));
	assert_null(hvtlfs_call_output_lookup(0x7777));

	/* Get of 3 names: 28 bytes in, 48 out, on separate pages. */
	assert_int_equal(hvtlfs_call_check_gpas(0x0000000300000050ull, 0x10000, 28, 0x11000, 48),
			 HVTLFS_OK);
	/* The same page for both (Linux's old hv_vtl.c did that with 0x009A). */
	assert_int_equal(hvtlfs_call_check_gpas(0x000000010000009Aull, 0x10000, 20, 0x10000, 4),
			 HVTLFS_ERR_BUFFERS_OVERLAP);
	assert_int_equal(hvtlfs_call_check_gpas(0x0000000300000050ull, 0x10000, 28, 0x10018, 48),
			 HVTLFS_ERR_BUFFERS_OVERLAP);
	assert_int_equal(hvtlfs_call_check_gpas(0x0000000300000050ull, 0x10028, 28, 0x10000, 48),
			 HVTLFS_ERR_BUFFERS_OVERLAP);
	/* Adjacent is fine. */
	assert_int_equal(hvtlfs_call_check_gpas(0x0000000300000050ull, 0x10000, 28, 0x10020, 48),
			 HVTLFS_OK);
	/* An output GPA for Set, which has no output. */
	assert_int_equal(hvtlfs_call_check_gpas(0x0000000100000051ull, 0x10000, 48, 0x11000, 0),
			 HVTLFS_ERR_UNEXPECTED_OUTPUT);
	assert_int_equal(hvtlfs_call_check_gpas(0x0000000100000051ull, 0x10000, 48, 0, 0),
			 HVTLFS_OK);
	/* Misaligned, page crossing: input and output alike. */
	assert_int_equal(hvtlfs_call_check_gpas(0x0000000100000051ull, 0x10004, 48, 0, 0),
			 HVTLFS_ERR_ALIGNMENT);
	assert_int_equal(hvtlfs_call_check_gpas(0x0000000100000051ull, 0x10FF0, 48, 0, 0),
			 HVTLFS_ERR_ALIGNMENT);
	assert_int_equal(hvtlfs_call_check_gpas(0x0000000300000050ull, 0x10000, 28, 0x11004, 48),
			 HVTLFS_ERR_ALIGNMENT);
	assert_int_equal(hvtlfs_call_check_gpas(0x0000000300000050ull, 0x10000, 28, 0x11FE0, 48),
			 HVTLFS_ERR_ALIGNMENT);
	/* The top page of the address space: no wrap. */
	assert_int_equal(hvtlfs_call_check_gpas(0x0000000300000050ull, 0xFFFFFFFFFFFFF000ull, 28,
						0xFFFFFFFFFFFFFFD0ull, 48),
			 HVTLFS_OK);
	assert_int_equal(hvtlfs_call_check_gpas(0x0000000300000050ull, 0xFFFFFFFFFFFFFFD0ull, 48,
						0xFFFFFFFFFFFFF000ull, 48),
			 HVTLFS_OK);
	/* Fast calls have no GPAs; unknown codes no rules. */
	assert_int_equal(hvtlfs_call_check_gpas(0x0000000100010050ull, 0, 20, 0, 16),
			 HVTLFS_ERR_INVALID_ARG);
	assert_int_equal(hvtlfs_call_check_gpas(0x7777, 0, 0, 0, 0), HVTLFS_ERR_UNKNOWN_CALL);
	/* A call whose output the library does not know may name one. */
	assert_int_equal(hvtlfs_call_check_gpas(0x006A, 0x10000, 8, 0x11000, 8), HVTLFS_OK);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_status_names),	 cmocka_unit_test(test_catalog),
		cmocka_unit_test(test_call_check),	 cmocka_unit_test(test_heat_hint_rep_call),
		cmocka_unit_test(test_call_encode),	 cmocka_unit_test(test_call_check_gpas),
		cmocka_unit_test(test_outputs_and_gpas),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
