/* SPDX-License-Identifier: BSD-2-Clause */
/* The registers module: the register catalog against the TLFS table, and the builders
 * and parser of HvCallGetVpRegisters / HvCallSetVpRegisters against hand-written inputs
 * (the TLFS input tables; the register images Linux's arm64 hv_get_vpreg_128 and
 * hv_set_vpreg load). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <string.h>

#include "hvtlfs/hvcall.h"
#include "hvtlfs/registers.h"

#include "testutil.h"

/* Rows typed from the TLFS HV_REGISTER_NAME table (datatypes/hv_register_name.md) and,
 * for the MSR twins, from the TLFS MSR numbers (HV_X64_MSR_*). */
static const struct {
	uint32_t name;
	unsigned int set;
	const char *tlfs_name;
	unsigned int width;
	uint32_t msr;
	int read_only;
} golden[] = {
	{ 0x00000000, HVTLFS_REGSET_X64, "HvRegisterExplicitSuspend", 64, 0, 0 },
	{ 0x00000001, HVTLFS_REGSET_ARM64, "HvRegisterInterceptSuspend", 64, 0, 0 },
	{ 0x00000100, HVTLFS_REGSET_X64, "HvRegisterHypervisorVersion", 128, 0, 1 },
	{ 0x00000200, HVTLFS_REGSET_ARM64, "HvRegisterPrivilegesAndFeaturesInfo", 128, 0, 1 },
	{ 0x00000201, HVTLFS_REGSET_ARM64, "HvRegisterFeaturesInfo", 128, 0, 1 },
	{ 0x00000202, HVTLFS_REGSET_X64, "HvRegisterImplementationLimitsInfo", 128, 0, 1 },
	{ 0x00000203, HVTLFS_REGSET_X64, "HvRegisterHardwareFeaturesInfo", 128, 0, 1 },
	{ 0x00000210, HVTLFS_REGSET_ARM64, "HvRegisterGuestCrashP0", 64, 0x40000100, 0 },
	{ 0x00000214, HVTLFS_REGSET_X64, "HvRegisterGuestCrashP4", 64, 0x40000104, 0 },
	{ 0x00000215, HVTLFS_REGSET_ARM64, "HvRegisterGuestCrashCtl", 64, 0x40000105, 0 },
	{ 0x00000240, HVTLFS_REGSET_X64, "HvRegisterProcessorClockFrequency", 64, 0x40000022, 1 },
	{ 0x00000241, HVTLFS_REGSET_X64, "HvRegisterInterruptClockFrequency", 64, 0x40000023, 1 },
	{ 0x00000250, HVTLFS_REGSET_X64, "HvRegisterGuestIdle", 64, 0x400000F0, 0 },
	{ 0x00000260, HVTLFS_REGSET_X64, "HvRegisterDebugDeviceOptions", 64, 0, 0 },
	{ 0x00010002, HVTLFS_REGSET_X64, "HvRegisterPendingInterruption", 64, 0, 0 },
	{ 0x00010003, HVTLFS_REGSET_X64, "HvRegisterInterruptState", 64, 0, 0 },
	{ 0x00010004, HVTLFS_REGSET_X64, "HvRegisterPendingEvent0", 128, 0, 0 },
	{ 0x00010005, HVTLFS_REGSET_X64, "HvRegisterPendingEvent1", 128, 0, 0 },
	{ 0x00010006, HVTLFS_REGSET_X64, "HvRegisterPendingEvent2", 128, 0, 0 },
	{ 0x00010007, HVTLFS_REGSET_ARM64, "HvRegisterPendingEvent3", 128, 0, 0 },
	{ 0x00020000, HVTLFS_REGSET_X64, "HvX64RegisterRax", 64, 0, 0 },
	{ 0x00020004, HVTLFS_REGSET_X64, "HvX64RegisterRsp", 64, 0, 0 },
	{ 0x0002000F, HVTLFS_REGSET_X64, "HvX64RegisterR15", 64, 0, 0 },
	{ 0x00020010, HVTLFS_REGSET_X64, "HvX64RegisterRip", 64, 0, 0 },
	{ 0x00020011, HVTLFS_REGSET_X64, "HvX64RegisterRflags", 64, 0, 0 },
	{ 0x00030000, HVTLFS_REGSET_X64, "HvX64RegisterXmm0", 128, 0, 0 },
	{ 0x0003000F, HVTLFS_REGSET_X64, "HvX64RegisterXmm15", 128, 0, 0 },
	{ 0x00030017, HVTLFS_REGSET_X64, "HvX64RegisterFpMmx7", 128, 0, 0 },
	{ 0x00030019, HVTLFS_REGSET_X64, "HvX64RegisterXmmControlStatus", 128, 0, 0 },
	{ 0x00040000, HVTLFS_REGSET_X64, "HvX64RegisterCr0", 64, 0, 0 },
	{ 0x00040002, HVTLFS_REGSET_X64, "HvX64RegisterCr3", 64, 0, 0 },
	/* The TLFS table prints "HvX64RegisterCr5"; Microsoft's headers name it Cr8. */
	{ 0x00040004, HVTLFS_REGSET_X64, "HvX64RegisterCr8", 64, 0, 0 },
	{ 0x00040005, HVTLFS_REGSET_X64, "HvX64RegisterXfem", 64, 0, 0 },
	{ 0x00041004, HVTLFS_REGSET_X64, "HvX64RegisterIntermediateCr8", 64, 0, 0 },
	{ 0x00050004, HVTLFS_REGSET_X64, "HvX64RegisterDr6", 64, 0, 0 },
	{ 0x00060000, HVTLFS_REGSET_X64, "HvX64RegisterEs", 128, 0, 0 },
	{ 0x00060001, HVTLFS_REGSET_X64, "HvX64RegisterCs", 128, 0, 0 },
	{ 0x00060007, HVTLFS_REGSET_X64, "HvX64RegisterTr", 128, 0, 0 },
	{ 0x00070001, HVTLFS_REGSET_X64, "HvX64RegisterGdtr", 128, 0, 0 },
	{ 0x00080001, HVTLFS_REGSET_X64, "HvX64RegisterEfer", 64, 0, 0 },
	{ 0x00080004, HVTLFS_REGSET_X64, "HvX64RegisterPat", 64, 0, 0 },
	{ 0x0008000C, HVTLFS_REGSET_X64, "HvX64RegisterInitialApicId", 64, 0, 0 },
	{ 0x0008000D, HVTLFS_REGSET_X64, "HvX64RegisterMtrrCap", 64, 0, 1 },
	{ 0x0008001F, HVTLFS_REGSET_X64, "HvX64RegisterMtrrPhysBaseF", 64, 0, 0 },
	{ 0x00080040, HVTLFS_REGSET_X64, "HvX64RegisterMtrrPhysMask0", 64, 0, 0 },
	{ 0x0008007A, HVTLFS_REGSET_X64, "HvX64RegisterMtrrFix4kF8000", 64, 0, 0 },
	{ 0x0008007B, HVTLFS_REGSET_X64, "HvX64RegisterTscAux", 64, 0, 0 },
	{ 0x0008007D, HVTLFS_REGSET_X64, "HvX64RegisterDebugCtl", 64, 0, 0 },
	{ 0x00080083, HVTLFS_REGSET_X64, "HvX64RegisterSgxLaunchControl3", 64, 0, 0 },
	{ 0x000800A1, HVTLFS_REGSET_X64, "HvX64RegisterIa32FeatureControl", 64, 0, 0 },
	{ 0x00090000, HVTLFS_REGSET_X64, "HvX64RegisterVpRuntime", 64, 0x40000010, 1 },
	{ 0x00090001, HVTLFS_REGSET_X64, "HvX64RegisterHypercall", 64, 0x40000001, 0 },
	{ 0x00090002, HVTLFS_REGSET_X64, "HvRegisterGuestOsId", 64, 0x40000000, 0 },
	{ 0x00090002, HVTLFS_REGSET_ARM64, "HvRegisterGuestOsId", 64, 0x40000000, 0 },
	{ 0x00090003, HVTLFS_REGSET_ARM64, "HvRegisterVpIndex", 32, 0x40000002, 1 },
	{ 0x00090004, HVTLFS_REGSET_ARM64, "HvRegisterTimeRefCount", 64, 0x40000020, 1 },
	{ 0x00090010, HVTLFS_REGSET_X64, "HvX64RegisterEoi", 64, 0x40000070, 0 },
	{ 0x00090011, HVTLFS_REGSET_X64, "HvX64RegisterIcr", 64, 0x40000071, 0 },
	{ 0x00090012, HVTLFS_REGSET_X64, "HvX64RegisterTpr", 64, 0x40000072, 0 },
	{ 0x00090013, HVTLFS_REGSET_ARM64, "HvRegisterVpAssistPage", 64, 0x40000073, 0 },
	{ 0x00090017, HVTLFS_REGSET_ARM64, "HvRegisterReferenceTsc", 64, 0x40000021, 0 },
	{ 0x0009001A, HVTLFS_REGSET_X64, "HvRegisterReferenceTscSequence", 64, 0, 0 },
	{ 0x000A0000, HVTLFS_REGSET_ARM64, "HvRegisterSint0", 64, 0x40000090, 0 },
	{ 0x000A000F, HVTLFS_REGSET_X64, "HvRegisterSint15", 64, 0x4000009F, 0 },
	{ 0x000A0010, HVTLFS_REGSET_ARM64, "HvRegisterScontrol", 64, 0x40000080, 0 },
	{ 0x000A0011, HVTLFS_REGSET_X64, "HvRegisterSversion", 64, 0x40000081, 1 },
	{ 0x000A0012, HVTLFS_REGSET_ARM64, "HvRegisterSifp", 64, 0x40000082, 0 },
	{ 0x000A0013, HVTLFS_REGSET_ARM64, "HvRegisterSipp", 64, 0x40000083, 0 },
	{ 0x000A0014, HVTLFS_REGSET_ARM64, "HvRegisterEom", 64, 0x40000084, 0 },
	{ 0x000A0015, HVTLFS_REGSET_X64, "HvRegisterSirbp", 64, 0x40000085, 0 },
	{ 0x000B0000, HVTLFS_REGSET_ARM64, "HvRegisterStimer0Config", 64, 0x400000B0, 0 },
	{ 0x000B0001, HVTLFS_REGSET_ARM64, "HvRegisterStimer0Count", 64, 0x400000B1, 0 },
	{ 0x000B0006, HVTLFS_REGSET_X64, "HvRegisterStimer3Config", 64, 0x400000B6, 0 },
	{ 0x000B0007, HVTLFS_REGSET_X64, "HvRegisterStimer3Count", 64, 0x400000B7, 0 },
	/* MSRs: TLFS timers.md, "Synthetic Time-Unhalted Timer MSRs". */
	{ 0x000B0100, HVTLFS_REGSET_X64, "HvRegisterStimeUnhaltedTimerConfig", 64, 0x40000114, 0 },
	{ 0x000B0101, HVTLFS_REGSET_X64, "HvRegisterStimeUnhaltedTimerCount", 64, 0x40000115, 0 },
	{ 0x000C0000, HVTLFS_REGSET_X64, "HvX64RegisterYmm0Low", 128, 0, 0 },
	{ 0x000C001F, HVTLFS_REGSET_X64, "HvX64RegisterYmm15High", 128, 0, 0 },
	{ 0x000D0002, HVTLFS_REGSET_X64, "HvRegisterVsmCodePageOffsets", 64, 0, 1 },
	{ 0x000D0003, HVTLFS_REGSET_ARM64, "HvRegisterVsmVpStatus", 64, 0, 1 },
	{ 0x000D0004, HVTLFS_REGSET_X64, "HvRegisterVsmPartitionStatus", 64, 0, 1 },
	{ 0x000D0005, HVTLFS_REGSET_X64, "HvRegisterVsmVina", 64, 0, 0 },
	{ 0x000D0006, HVTLFS_REGSET_X64, "HvRegisterVsmCapabilities", 64, 0, 1 },
	{ 0x000D0007, HVTLFS_REGSET_X64, "HvRegisterVsmPartitionConfig", 64, 0, 0 },
	{ 0x000D0010, HVTLFS_REGSET_X64, "HvRegisterVsmVpSecureConfigVtl0", 64, 0, 0 },
	{ 0x000D001E, HVTLFS_REGSET_X64, "HvRegisterVsmVpSecureConfigVtl14", 64, 0, 0 },
	{ 0x000D0020, HVTLFS_REGSET_X64, "HvRegisterVsmVpWaitForTlbLock", 64, 0, 0 },
	/* arm64 (OpenVMM's HvArm64RegisterName; the TLFS has no arm64 table). */
	{ 0x00020000, HVTLFS_REGSET_ARM64, "HvArm64RegisterX0", 64, 0, 0 },
	{ 0x00020012, HVTLFS_REGSET_ARM64, "HvArm64RegisterX18", 64, 0, 0 },
	{ 0x0002001D, HVTLFS_REGSET_ARM64, "HvArm64RegisterFp", 64, 0, 0 },
	{ 0x0002001E, HVTLFS_REGSET_ARM64, "HvArm64RegisterLr", 64, 0, 0 },
	{ 0x00020022, HVTLFS_REGSET_ARM64, "HvArm64RegisterPc", 64, 0, 0 },
	{ 0x00020023, HVTLFS_REGSET_ARM64, "HvArm64RegisterCpsr", 64, 0, 0 },
	{ 0x00021002, HVTLFS_REGSET_ARM64, "HvArm64RegisterSpsrEl2", 64, 0, 0 },
	{ 0x00040002, HVTLFS_REGSET_ARM64, "HvArm64RegisterSctlrEl1", 64, 0, 0 },
	{ 0x00040005, HVTLFS_REGSET_ARM64, "HvArm64RegisterTtbr0El1", 64, 0, 0 },
	{ 0x0004000C, HVTLFS_REGSET_ARM64, "HvArm64RegisterVbarEl1", 64, 0, 0 },
	{ 0x00040015, HVTLFS_REGSET_ARM64, "HvArm64RegisterElrEl1", 64, 0, 0 },
};

static void test_catalog_golden(void **state)
{
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(golden) / sizeof(golden[0]); i++) {
		const struct hvtlfs_register_info *ri =
			hvtlfs_register_lookup(golden[i].name, golden[i].set);

		if (!ri)
			fail_msg("0x%08x not in the catalog", golden[i].name);
		assert_int_equal(ri->name, golden[i].name);
		assert_string_equal(ri->tlfs_name, golden[i].tlfs_name);
		assert_string_equal(hvtlfs_register_name(golden[i].name, golden[i].set),
				    golden[i].tlfs_name);
		assert_int_equal(ri->width, golden[i].width);
		assert_int_equal(ri->msr, golden[i].msr);
		assert_int_equal((ri->flags & HVTLFS_REGF_READ_ONLY) != 0, golden[i].read_only);
		assert_true(ri->sets & golden[i].set);
		assert_ptr_equal(hvtlfs_register_lookup_name(golden[i].tlfs_name, golden[i].set),
				 ri);
		if (golden[i].msr)
			assert_ptr_equal(hvtlfs_register_lookup_msr(golden[i].msr), ri);
	}
	/* Rows of the TLFS table (datatypes/hv_register_name.md) say so. */
	assert_int_equal(hvtlfs_register_lookup(0x0008007B, HVTLFS_REGSET_X64)->source,
			 HVTLFS_REGSRC_TLFS);
	assert_int_equal(hvtlfs_register_lookup(0x00010007, HVTLFS_REGSET_X64)->source,
			 HVTLFS_REGSRC_TLFS);
	assert_int_equal(hvtlfs_register_lookup(0x0009001A, HVTLFS_REGSET_ARM64)->source,
			 HVTLFS_REGSRC_TLFS);
	/* The enumerators are the TLFS numbers. */
	assert_int_equal(HVTLFS_REGISTER_GUEST_OS_ID, 0x00090002);
	assert_int_equal(HVTLFS_REGISTER_VP_INDEX, 0x00090003);
	assert_int_equal(HVTLFS_REGISTER_X64_CR8, 0x00040004);
	assert_int_equal(HVTLFS_REGISTER_ARM64_X0, HVTLFS_REGISTER_X64_RAX);
	assert_int_equal(HVTLFS_REGISTER_SIMP, 0x000A0013);
	assert_int_equal(HVTLFS_REGISTER_SIEFP, 0x000A0012);
}

/* The same number, two registers; synthetic ones are one row for both. */
static void test_catalog_sets(void **state)
{
	const struct hvtlfs_register_info *x, *a;

	(void)state;
	x = hvtlfs_register_lookup(0x00040002, HVTLFS_REGSET_X64);
	a = hvtlfs_register_lookup(0x00040002, HVTLFS_REGSET_ARM64);
	assert_string_equal(x->tlfs_name, "HvX64RegisterCr3");
	assert_string_equal(a->tlfs_name, "HvArm64RegisterSctlrEl1");
	assert_ptr_equal(hvtlfs_register_lookup(0x00090002, HVTLFS_REGSET_X64),
			 hvtlfs_register_lookup(0x00090002, HVTLFS_REGSET_ARM64));
	/* arm64 has no hypercall page, APIC MSRs or XMM registers. */
	assert_null(hvtlfs_register_lookup(0x00090001, HVTLFS_REGSET_ARM64));
	assert_null(hvtlfs_register_lookup(0x00090010, HVTLFS_REGSET_ARM64));
	assert_null(hvtlfs_register_lookup(0x00030000, HVTLFS_REGSET_ARM64));
	/* arm64 names do not exist on x64. */
	assert_null(hvtlfs_register_lookup(0x00020022, HVTLFS_REGSET_X64));
	assert_null(hvtlfs_register_lookup_name("HvArm64RegisterX0", HVTLFS_REGSET_X64));
	assert_null(hvtlfs_register_lookup_name("HvX64RegisterRax", HVTLFS_REGSET_ARM64));
	/* Unknown. */
	assert_null(hvtlfs_register_lookup(0x00090005, HVTLFS_REGSET_X64));
	assert_null(hvtlfs_register_lookup(0xFFFFFFFF, HVTLFS_REGSET_ALL));
	assert_string_equal(hvtlfs_register_name(0x12345678, HVTLFS_REGSET_X64),
			    "HvRegisterUnknown");
	assert_null(hvtlfs_register_lookup_name(NULL, HVTLFS_REGSET_X64));
	assert_null(hvtlfs_register_lookup_name("HvRegisterGuestOsI", HVTLFS_REGSET_X64));
	assert_null(hvtlfs_register_lookup_name("HvRegisterGuestOsIdX", HVTLFS_REGSET_X64));
	assert_null(hvtlfs_register_lookup_msr(0));
	assert_null(hvtlfs_register_lookup_msr(0x40000003));
}

/* The structure the lookups rely on, and the rules every row keeps. */
static void test_catalog_shape(void **state)
{
	size_t n, i, j;
	const struct hvtlfs_register_info *all = hvtlfs_register_catalog(&n);

	(void)state;
	assert_true(n >= sizeof(golden) / sizeof(golden[0]));
	for (i = 0; i < n; i++) {
		assert_true(all[i].sets == HVTLFS_REGSET_X64 ||
			    all[i].sets == HVTLFS_REGSET_ARM64 || all[i].sets == HVTLFS_REGSET_ALL);
		assert_true(all[i].width == 32 || all[i].width == 64 || all[i].width == 128);
		assert_true(strncmp(all[i].tlfs_name, "HvRegister", 10) == 0 ||
			    strncmp(all[i].tlfs_name, "HvX64Register", 13) == 0 ||
			    strncmp(all[i].tlfs_name, "HvArm64Register", 15) == 0);
		/* An x64-only name says so, and so does an arm64-only one. */
		if (strncmp(all[i].tlfs_name, "HvX64", 5) == 0)
			assert_int_equal(all[i].sets, HVTLFS_REGSET_X64);
		if (strncmp(all[i].tlfs_name, "HvArm64", 7) == 0)
			assert_int_equal(all[i].sets, HVTLFS_REGSET_ARM64);
		assert_true(all[i].source <= HVTLFS_REGSRC_OPENVMM);
		assert_true(all[i].msr == 0 ||
			    (all[i].msr >= 0x40000000u && all[i].msr < 0x40001000u));
		if (i > 0) {
			/* Sorted by number; one number's rows never share a set. */
			assert_true(all[i - 1].name <= all[i].name);
			if (all[i - 1].name == all[i].name)
				assert_int_equal(all[i - 1].sets & all[i].sets, 0);
		}
		for (j = i + 1; j < n; j++) {
			assert_true(strcmp(all[i].tlfs_name, all[j].tlfs_name) != 0);
			assert_true(all[i].msr == 0 || all[i].msr != all[j].msr);
		}
		assert_ptr_equal(hvtlfs_register_lookup(all[i].name, all[i].sets), &all[i]);
	}
	/* Every synthetic MSR the bring-up uses has its register (arm64 has only those). */
	assert_non_null(hvtlfs_register_lookup_msr(HVTLFS_MSR_GUEST_OS_ID));
	assert_non_null(hvtlfs_register_lookup_msr(HVTLFS_MSR_HYPERCALL));
	assert_non_null(hvtlfs_register_lookup_msr(HVTLFS_MSR_VP_INDEX));
	assert_non_null(hvtlfs_register_lookup_msr(HVTLFS_MSR_VP_ASSIST_PAGE));
	assert_ptr_equal(hvtlfs_register_catalog(NULL), all);
}

static void test_names_and_writes(void **state)
{
	static const uint32_t names[] = { 0x00090002, 0x00090003, 0x0BAD0001, 0x00000200 };
	struct hvtlfs_register_value v = { 0, 0 };
	size_t first = 99;

	(void)state;
	assert_int_equal(hvtlfs_register_names_check(names, 2, HVTLFS_REGSET_X64, &first),
			 HVTLFS_OK);
	assert_int_equal(first, 2);
	assert_int_equal(hvtlfs_register_names_check(names, 4, HVTLFS_REGSET_X64, &first),
			 HVTLFS_ERR_UNKNOWN_REGISTER);
	assert_int_equal(first, 2);
	assert_int_equal(hvtlfs_register_names_check(names, 4, HVTLFS_REGSET_X64, NULL),
			 HVTLFS_ERR_UNKNOWN_REGISTER);
	assert_int_equal(hvtlfs_register_names_check(NULL, 0, HVTLFS_REGSET_X64, &first),
			 HVTLFS_OK);
	assert_int_equal(first, 0);
	assert_int_equal(hvtlfs_register_names_check(NULL, 1, HVTLFS_REGSET_X64, &first),
			 HVTLFS_ERR_NULL);
	/* The hypercall register is x64's only. */
	assert_int_equal(hvtlfs_register_names_check((const uint32_t[]){ 0x00090001 }, 1,
						     HVTLFS_REGSET_ARM64, &first),
			 HVTLFS_ERR_UNKNOWN_REGISTER);

	/* Writes: read-only registers, bits above the width. */
	v.lo = 1;
	assert_int_equal(hvtlfs_register_write_check(0x00090002, HVTLFS_REGSET_X64, &v), HVTLFS_OK);
	assert_int_equal(hvtlfs_register_write_check(0x00090003, HVTLFS_REGSET_X64, &v),
			 HVTLFS_ERR_REGISTER_READ_ONLY);
	assert_int_equal(hvtlfs_register_write_check(0x000D0002, HVTLFS_REGSET_ARM64, &v),
			 HVTLFS_ERR_REGISTER_READ_ONLY);
	v.hi = 1;
	assert_int_equal(hvtlfs_register_write_check(0x00090002, HVTLFS_REGSET_X64, &v),
			 HVTLFS_ERR_REGISTER_WIDTH);
	assert_int_equal(hvtlfs_register_write_check(0x00030000, HVTLFS_REGSET_X64, &v),
			 HVTLFS_OK); /* XMM0 is 128 bits */
	assert_int_equal(hvtlfs_register_write_check(0x0BAD0001, HVTLFS_REGSET_X64, &v),
			 HVTLFS_OK); /* unknown: let through */
	assert_int_equal(hvtlfs_register_write_check(0x00090002, HVTLFS_REGSET_X64, NULL),
			 HVTLFS_ERR_NULL);
}

/* HvCallGetVpRegisters, slow, three names: the 16-byte header of the TLFS input table
 * (partition self, VP self, VTL 0, RsvdZ), then the names 4 bytes apart. */
static void test_get_build(void **state)
{
	static const uint32_t names[] = { 0x00090002, 0x00090003, 0x00000200 };
	const struct hvtlfs_register_target self = HVTLFS_REGISTER_TARGET_SELF;
	uint64_t page[8];
	struct hvtlfs_prepared p;

	(void)state;
	testutil_canary_fill(page, 0, 8);
	assert_int_equal(hvtlfs_get_vp_registers_build(page, sizeof(page), &self, names, 3, 0, &p),
			 HVTLFS_OK);
	assert_true(p.control == 0x0000000300000050ull);
	assert_int_equal(p.input_size, 28);
	assert_int_equal(p.rep_count, 3);
	assert_true(page[0] == 0xFFFFFFFFFFFFFFFFull);
	assert_true(page[1] == 0x00000000FFFFFFFEull);
	assert_true(page[2] == 0x0009000300090002ull);
	assert_true(page[3] == 0x0000000000000200ull); /* the last half zero */
	assert_true(testutil_canary_intact(page, 4, 4));

	/* A child partition's VP 3 in VTL 1 (UseTargetVtl | 1), nested. */
	{
		const struct hvtlfs_register_target t = { 0x11, 3, 0x11 };

		assert_int_equal(hvtlfs_get_vp_registers_build(page, sizeof(page), &t, names, 1,
							       HVTLFS_CTL_NESTED, &p),
				 HVTLFS_OK);
		assert_true(p.control == 0x0000000180000050ull);
		assert_true(page[0] == 0x11 && page[1] == 0x0000001100000003ull);
		assert_true(page[2] == 0x00090002);
	}
}

/* Fast HvCallGetVpRegisters with one name, as Linux's arm64 hv_get_vpreg_128 issues it:
 * control 0x0050 | fast | rep count 1, the header in the first pair, the name in the
 * next; the value comes back in the pair after (offset 32: 20 bytes round up to 32). */
static void test_get_fast(void **state)
{
	const struct hvtlfs_register_target self = HVTLFS_REGISTER_TARGET_SELF;
	const uint32_t name = 0x00000200;
	uint64_t image[14];
	struct hvtlfs_register_value v[4];
	struct hvtlfs_prepared p;
	uint32_t four[5] = { 0x00090002, 0x00090003, 0x00090004, 0x00090017, 0x00000100 };

	(void)state;
	assert_int_equal(hvtlfs_get_vp_registers_build(image, sizeof(image), &self, &name, 1,
						       HVTLFS_CTL_FAST, &p),
			 HVTLFS_OK);
	assert_true(p.control == 0x0000000100010050ull);
	assert_int_equal(p.input_size, 20);
	assert_true(image[0] == 0xFFFFFFFFFFFFFFFFull && image[1] == 0xFFFFFFFEull);
	assert_true(image[2] == 0x200);
	assert_int_equal(HVTLFS_FAST_OUTPUT_OFFSET(p.input_size), 32);
	/* The hypervisor's answer in XMM1: leaf 0x40000003 as EAX, EBX, ECX, EDX dwords,
	 * here what a Linux guest on Azure prints at boot ("privilege flags low 0x2e7f,
	 * high 0x3b8030, ... misc 0xbed7b2"). */
	image[4] = 0x003B803000002E7Full;
	image[5] = 0x00BED7B200000000ull;
	assert_int_equal(hvtlfs_get_vp_registers_parse((const uint8_t *)image + 32,
						       sizeof(image) - 32, 1, v),
			 HVTLFS_OK);
	assert_true(v[0].lo == 0x003B803000002E7Full && v[0].hi == 0x00BED7B200000000ull);
	assert_true(v[0].lo & (1ull << 49)); /* AccessVpRegisters: privilege bit 49 */
	/* Four names fit (two input pairs, four values); five do not. */
	assert_int_equal(hvtlfs_get_vp_registers_build(image, sizeof(image), &self, four, 4,
						       HVTLFS_CTL_FAST, &p),
			 HVTLFS_OK);
	assert_int_equal(HVTLFS_FAST_OUTPUT_OFFSET(p.input_size) + 4u * 16u, 96); /* 6 of 7 pairs */
	assert_int_equal(hvtlfs_get_vp_registers_build(image, sizeof(image), &self, four, 5,
						       HVTLFS_CTL_FAST, &p),
			 HVTLFS_ERR_FAST_TOO_BIG);
	assert_int_equal(HVTLFS_GET_VP_REGISTERS_FAST_MAX, 4);
}

/* HvCallSetVpRegisters, one register, as Linux's arm64 hv_set_vpreg loads X2-X7:
 * partition self, VP self, the name (upper 32 bits and the next word zero: RsvdZ),
 * the value's two halves. HV_GUEST_OS_ID of Linux 6.1.0: 0x8100 << 48 | 0x060100 << 16. */
static void test_set_build(void **state)
{
	const struct hvtlfs_register_target self = HVTLFS_REGISTER_TARGET_SELF;
	const uint32_t names[2] = { 0x00090002, 0x000A0010 };
	const struct hvtlfs_register_value values[2] = { { 0x8100000601000000ull, 0 }, { 1, 0 } };
	uint64_t page[16];
	struct hvtlfs_prepared p;

	(void)state;
	testutil_canary_fill(page, 0, 16);
	assert_int_equal(hvtlfs_set_vp_registers_build(page, sizeof(page), &self, names, values, 1,
						       HVTLFS_CTL_FAST, &p),
			 HVTLFS_OK);
	assert_true(p.control == 0x0000000100010051ull);
	assert_int_equal(p.input_size, 48);
	assert_true(page[0] == 0xFFFFFFFFFFFFFFFFull && page[1] == 0xFFFFFFFEull);
	assert_true(page[2] == 0x00090002 && page[3] == 0);
	assert_true(page[4] == 0x8100000601000000ull && page[5] == 0);
	assert_true(testutil_canary_intact(page, 6, 10));
	/* Slow, two registers: elements 32 bytes apart from offset 16. */
	memset(page, 0xFF, sizeof(page));
	assert_int_equal(
		hvtlfs_set_vp_registers_build(page, sizeof(page), &self, names, values, 2, 0, &p),
		HVTLFS_OK);
	assert_true(p.control == 0x0000000200000051ull);
	assert_int_equal(p.input_size, 80);
	assert_true(page[6] == 0x000A0010 && page[7] == 0 && page[8] == 1 && page[9] == 0);
	/* Three fit the XMM registers (112 bytes), four do not. */
	{
		uint32_t n4[4] = { 1, 2, 3, 4 };
		struct hvtlfs_register_value v4[4] = { { 0, 0 }, { 0, 0 }, { 0, 0 }, { 0, 0 } };

		assert_int_equal(hvtlfs_set_vp_registers_build(page, sizeof(page), &self, n4, v4, 3,
							       HVTLFS_CTL_FAST, &p),
				 HVTLFS_OK);
		assert_int_equal(p.input_size, 112);
		assert_int_equal(hvtlfs_set_vp_registers_build(page, sizeof(page), &self, n4, v4, 4,
							       HVTLFS_CTL_FAST, &p),
				 HVTLFS_ERR_FAST_TOO_BIG);
	}
}

static void test_build_refusals(void **state)
{
	const struct hvtlfs_register_target self = HVTLFS_REGISTER_TARGET_SELF;
	const struct hvtlfs_register_target bad_vtl = { HVTLFS_PARTITION_ID_SELF, 0, 0x20 };
	const struct hvtlfs_register_target no_partition = { 0, 0, 0 };
	static uint64_t page[512];
	static uint32_t names[4096];
	static struct hvtlfs_register_value values[128];
	struct hvtlfs_prepared p;

	(void)state;
	p.control = 0x77;
	assert_int_equal(hvtlfs_get_vp_registers_build(NULL, 4096, &self, names, 1, 0, &p),
			 HVTLFS_ERR_NULL);
	assert_int_equal(hvtlfs_get_vp_registers_build(page, 4096, NULL, names, 1, 0, &p),
			 HVTLFS_ERR_NULL);
	assert_int_equal(hvtlfs_get_vp_registers_build(page, 4096, &self, names, 1, 0, NULL),
			 HVTLFS_ERR_NULL);
	assert_int_equal(hvtlfs_get_vp_registers_build(page, 4096, &self, NULL, 1, 0, &p),
			 HVTLFS_ERR_NULL);
	assert_int_equal(hvtlfs_set_vp_registers_build(page, 4096, &self, names, NULL, 1, 0, &p),
			 HVTLFS_ERR_NULL);
	assert_int_equal(
		hvtlfs_get_vp_registers_build((uint8_t *)page + 4, 4096, &self, names, 1, 0, &p),
		HVTLFS_ERR_ALIGNMENT);
	assert_int_equal(hvtlfs_get_vp_registers_build(page, 4096, &bad_vtl, names, 1, 0, &p),
			 HVTLFS_ERR_INVALID_ARG);
	assert_int_equal(hvtlfs_get_vp_registers_build(page, 4096, &no_partition, names, 1, 0, &p),
			 HVTLFS_ERR_INVALID_ARG);
	assert_int_equal(hvtlfs_get_vp_registers_build(page, 4096, &self, names, 1, 0x80, &p),
			 HVTLFS_ERR_INVALID_ARG);
	assert_int_equal(hvtlfs_get_vp_registers_build(page, 4096, &self, names, 0, 0, &p),
			 HVTLFS_ERR_REP_COUNT_ZERO);
	assert_int_equal(hvtlfs_get_vp_registers_build(page, 4096, &self, names, 4096, 0, &p),
			 HVTLFS_ERR_REP_COUNT_RANGE);
	/* The page: 1020 names fit the input page (the output page takes 256 values). */
	assert_int_equal(hvtlfs_get_vp_registers_build(page, 4096, &self, names, 1020, 0, &p),
			 HVTLFS_OK);
	assert_int_equal(hvtlfs_get_vp_registers_build(page, 4096, &self, names, 1021, 0, &p),
			 HVTLFS_ERR_NO_SPACE);
	assert_int_equal(hvtlfs_get_vp_registers_build(page, 27, &self, names, 3, 0, &p),
			 HVTLFS_ERR_NO_SPACE);
	/* 3 names need 28 bytes, and the builder writes 32 (two names a word): 28 bytes
	 * are too few, and nothing is written (found by proofs/drivers/registers.c). */
	memset(page, 0xa5, 32);
	assert_int_equal(hvtlfs_get_vp_registers_build(page, 28, &self, names, 3, 0, &p),
			 HVTLFS_ERR_NO_SPACE);
	assert_int_equal(((const uint8_t *)page)[28], 0xa5);
	assert_int_equal(hvtlfs_get_vp_registers_build(page, 32, &self, names, 3, 0, &p),
			 HVTLFS_OK);
	assert_int_equal(p.input_size, 28);
	assert_int_equal(
		hvtlfs_set_vp_registers_build(page, 4096, &self, names, values, 127, 0, &p),
		HVTLFS_OK);
	assert_int_equal(p.input_size, 4080);
	assert_int_equal(
		hvtlfs_set_vp_registers_build(page, 4096, &self, names, values, 128, 0, &p),
		HVTLFS_ERR_NO_SPACE);
	assert_int_equal(HVTLFS_SET_VP_REGISTERS_MAX_PER_PAGE, 127);
	assert_int_equal(HVTLFS_GET_VP_REGISTERS_MAX_PER_PAGE, 256);
}

static void test_parse(void **state)
{
	uint8_t out[48];
	struct hvtlfs_register_value v[3];
	unsigned int i;

	(void)state;
	for (i = 0; i < sizeof(out); i++)
		out[i] = (uint8_t)(i + 1);
	/* Odd alignment is fine: the output is read byte by byte. */
	assert_int_equal(hvtlfs_get_vp_registers_parse(out + 1, 47, 2, v), HVTLFS_OK);
	assert_true(v[0].lo == 0x0908070605040302ull && v[0].hi == 0x11100F0E0D0C0B0Aull);
	assert_true(v[1].lo == 0x1918171615141312ull && v[1].hi == 0x21201F1E1D1C1B1Aull);
	assert_int_equal(hvtlfs_get_vp_registers_parse(out, 47, 3, v), HVTLFS_ERR_TRUNCATED);
	assert_int_equal(hvtlfs_get_vp_registers_parse(NULL, 48, 1, v), HVTLFS_ERR_NULL);
	assert_int_equal(hvtlfs_get_vp_registers_parse(out, 48, 1, NULL), HVTLFS_ERR_NULL);
	assert_int_equal(hvtlfs_get_vp_registers_parse(NULL, 0, 0, NULL), HVTLFS_OK);
}

/* ---- The hypervisor side: hvtlfs_hvcall_decode_into() of both calls. ---- */

static uint64_t gpage[512];
static struct hvtlfs_hvcall_request dreq;
static struct hvtlfs_register_entry dregs[8];

/* Decodes the call at gpage: slow with input GPA 0x10000 and output GPA @out_gpa, or fast
 * (@control has the fast bit) from the register image; @cap register entries. */
static int dec(uint64_t control, uint64_t out_gpa, unsigned int features, unsigned int options,
	       size_t cap)
{
	struct hvtlfs_hvcall_input in;
	struct hvtlfs_hvcall_elements el;

	memset(&in, 0, sizeof(in));
	memset(&el, 0, sizeof(el));
	in.control = control;
	in.input_gpa = (control & (1ull << 16)) ? 0 : 0x10000;
	in.output_gpa = out_gpa;
	in.bytes = (const uint8_t *)gpage;
	in.len = (control & (1ull << 16)) ? 112 : sizeof(gpage);
	in.features = features;
	in.options = options;
	el.registers = cap ? dregs : NULL;
	el.registers_cap = cap;
	return hvtlfs_hvcall_decode_into(&in, &dreq, &el);
}

static void dexpect(uint16_t status, uint32_t reps, int reason)
{
	assert_int_equal(dreq.status, status);
	assert_int_equal(dreq.reason, reason);
	assert_true(dreq.result == ((uint64_t)status | ((uint64_t)reps << 32)));
}

/* Hand-written Get input (TLFS HvCallGetVpRegisters, Input Parameters): partition self,
 * VP self, VTL 0, RsvdZ; names GuestOsId, VpIndex, and one no catalog knows. */
static void get_input(void)
{
	memset(gpage, 0, sizeof(gpage));
	gpage[0] = 0xFFFFFFFFFFFFFFFFull;
	gpage[1] = 0x00000000FFFFFFFEull;
	gpage[2] = 0x0009000300090002ull;
	gpage[3] = 0x0000000012345678ull;
}

static void test_decode_get(void **state)
{
	uint8_t out[4096];
	struct hvtlfs_register_value vals[3] = { { 0x8100000601000000ull, 0 }, { 7, 0 }, { 0, 0 } };

	(void)state;
	get_input();
	/* Slow, 2 names, output page at 0x20000: both decoded, 32 bytes of output at 0. */
	assert_int_equal(dec(0x0050u | (2ull << 32), 0x20000, 0, 0, 8), HVTLFS_OK);
	dexpect(HVTLFS_STATUS_SUCCESS, 2, HVTLFS_OK);
	assert_int_equal(dreq.kind, HVTLFS_HVCALL_REQ_VP_REGISTERS);
	assert_true(dreq.partition_id == 0xFFFFFFFFFFFFFFFFull);
	assert_true(dreq.vp_index == 0xFFFFFFFEu && dreq.target_vtl == 0);
	assert_int_equal(dreq.nelements, 2);
	assert_int_equal(dreq.output_offset, 0);
	assert_int_equal(dreq.output_size, 32);
	assert_int_equal(dreq.notes, 0);
	assert_true(dregs[0].name == 0x00090002 && dregs[0].info &&
		    strcmp(dregs[0].info->tlfs_name, "HvRegisterGuestOsId") == 0);
	assert_true(dregs[1].name == 0x00090003 && dregs[1].info);
	/* The values go out 16 bytes apart, little-endian. */
	memset(out, 0xEE, sizeof(out));
	assert_int_equal(hvtlfs_hvcall_put_register_values(&dreq, vals, 2, out, sizeof(out)),
			 HVTLFS_OK);
	assert_true(out[0] == 0x00 && out[3] == 0x01 && out[6] == 0x00 && out[7] == 0x81);
	assert_true(out[8] == 0 && out[15] == 0 && out[16] == 7 && out[31] == 0);
	assert_true(out[32] == 0xEE);
	assert_int_equal(hvtlfs_hvcall_put_register_values(&dreq, vals, 3, out, sizeof(out)),
			 HVTLFS_ERR_INVALID_ARG);
	assert_int_equal(hvtlfs_hvcall_put_register_values(&dreq, vals, 2, out, 31),
			 HVTLFS_ERR_NO_SPACE);
	assert_int_equal(hvtlfs_hvcall_put_vp_indices(&dreq, NULL, 0, out, sizeof(out)),
			 HVTLFS_ERR_INVALID_ARG);

	/* Rep start 1 of 3: the unknown name is decoded (info NULL) and noted; its value
	 * goes at 16 (element 1) on. */
	assert_int_equal(dec(0x0050u | (3ull << 32) | (1ull << 48), 0x20000, 0, 0, 8), HVTLFS_OK);
	dexpect(HVTLFS_STATUS_SUCCESS, 3, HVTLFS_OK);
	assert_int_equal(dreq.nelements, 2);
	assert_int_equal(dreq.output_offset, 16);
	assert_int_equal(dreq.output_size, 32);
	assert_true(dregs[0].name == 0x00090003 && dregs[1].name == 0x12345678);
	assert_null(dregs[1].info);
	assert_int_equal(dreq.notes, HVTLFS_HVCALL_NOTE_UNKNOWN_REGISTER);
	/* Refused on request: UNKNOWN_REGISTER_NAME at its index, the one before it done. */
	assert_int_equal(dec(0x0050u | (3ull << 32), 0x20000, 0,
			     HVTLFS_HVCALL_OPT_REFUSE_UNKNOWN_REGISTERS, 8),
			 HVTLFS_OK);
	dexpect(HVTLFS_STATUS_UNKNOWN_REGISTER_NAME, 2, HVTLFS_ERR_UNKNOWN_REGISTER);
	assert_int_equal(dreq.nelements, 2);
	assert_int_equal(dreq.output_size, 32);

	/* The caller's array holds 1 of 3: the early return, TIMEOUT with 1 done. */
	assert_int_equal(dec(0x0050u | (3ull << 32), 0x20000, 0, 0, 1), HVTLFS_OK);
	dexpect(HVTLFS_STATUS_TIMEOUT, 1, HVTLFS_ERR_NO_SPACE);
	assert_int_equal(dreq.nelements, 1);
	assert_int_equal(dreq.output_size, 16);
	/* No array at all for a rep call. */
	assert_int_equal(dec(0x0050u | (3ull << 32), 0x20000, 0, 0, 0), HVTLFS_ERR_NO_SPACE);
}

/* The bad inputs of the page rules and of the header, each with its own reason. */
static void test_decode_get_refusals(void **state)
{
	(void)state;
	get_input();
	/* Output overlapping the input (24 bytes at 0x10000): the TLFS forbids it. */
	assert_int_equal(dec(0x0050u | (2ull << 32), 0x10010, 0, 0, 8), HVTLFS_OK);
	dexpect(HVTLFS_STATUS_INVALID_ALIGNMENT, 0, HVTLFS_ERR_BUFFERS_OVERLAP);
	/* Output misaligned, and output crossing its page (2 values at 0x20FF8). */
	assert_int_equal(dec(0x0050u | (2ull << 32), 0x20004, 0, 0, 8), HVTLFS_OK);
	dexpect(HVTLFS_STATUS_INVALID_ALIGNMENT, 0, HVTLFS_ERR_ALIGNMENT);
	assert_int_equal(dec(0x0050u | (2ull << 32), 0x20FF8, 0, 0, 8), HVTLFS_OK);
	dexpect(HVTLFS_STATUS_INVALID_ALIGNMENT, 0, HVTLFS_ERR_ALIGNMENT);
	/* Reserved HV_INPUT_VTL bits, RsvdZ bytes, partition HV_PARTITION_ID_INVALID. */
	gpage[1] = 0x00000020FFFFFFFEull;
	assert_int_equal(dec(0x0050u | (2ull << 32), 0x20000, 0, 0, 8), HVTLFS_OK);
	dexpect(HVTLFS_STATUS_INVALID_PARAMETER, 0, HVTLFS_ERR_RESERVED_BITS);
	gpage[1] = 0x01000000FFFFFFFEull;
	assert_int_equal(dec(0x0050u | (2ull << 32), 0x20000, 0, 0, 8), HVTLFS_OK);
	dexpect(HVTLFS_STATUS_INVALID_PARAMETER, 0, HVTLFS_ERR_RESERVED_BITS);
	gpage[1] = 0x00000000FFFFFFFEull;
	gpage[0] = 0;
	assert_int_equal(dec(0x0050u | (2ull << 32), 0x20000, 0, 0, 8), HVTLFS_OK);
	dexpect(HVTLFS_STATUS_INVALID_PARTITION_ID, 0, HVTLFS_ERR_INVALID_ARG);
	/* A rep start above 0 refused: reps completed = the rep start. */
	assert_int_equal(dec(0x0050u | (2ull << 32) | (1ull << 48), 0x20000, 0, 0, 8), HVTLFS_OK);
	dexpect(HVTLFS_STATUS_INVALID_PARTITION_ID, 1, HVTLFS_ERR_INVALID_ARG);
	get_input();

	/* Fast: one name (20 bytes in, 16 out at offset 32) needs XMM input and output. */
	assert_int_equal(dec(0x0050u | (1ull << 16) | (1ull << 32), 0,
			     HVTLFS_HVCALL_FEAT_XMM_INPUT | HVTLFS_HVCALL_FEAT_XMM_OUTPUT, 0, 8),
			 HVTLFS_OK);
	dexpect(HVTLFS_STATUS_SUCCESS, 1, HVTLFS_OK);
	assert_int_equal(dreq.output_offset, 32);
	assert_int_equal(dreq.output_size, 16);
	assert_false(dreq.raise_ud);
	{
		uint64_t image[14] = { 0 };
		const struct hvtlfs_register_value v = { 0x1122334455667788ull, 0 };

		assert_int_equal(
			hvtlfs_hvcall_put_register_values(&dreq, &v, 1, image, sizeof(image)),
			HVTLFS_OK);
		assert_true(image[4] == 0x1122334455667788ull && image[5] == 0 && image[3] == 0);
	}
	/* Without XMM fast output: #UD. */
	assert_int_equal(
		dec(0x0050u | (1ull << 16) | (1ull << 32), 0, HVTLFS_HVCALL_FEAT_XMM_INPUT, 0, 8),
		HVTLFS_OK);
	assert_true(dreq.raise_ud);
	assert_int_equal(dreq.reason, HVTLFS_ERR_NO_FEATURE);
	/* Five names: input 36 (48 rounded) + 80 of output > 112. */
	assert_int_equal(dec(0x0050u | (1ull << 16) | (5ull << 32), 0,
			     HVTLFS_HVCALL_FEAT_XMM_INPUT | HVTLFS_HVCALL_FEAT_XMM_OUTPUT, 0, 8),
			 HVTLFS_OK);
	dexpect(HVTLFS_STATUS_INVALID_HYPERCALL_INPUT, 0, HVTLFS_ERR_FAST_TOO_BIG);
	/* Four fit exactly: output at 32, 64 bytes. */
	assert_int_equal(dec(0x0050u | (1ull << 16) | (4ull << 32), 0,
			     HVTLFS_HVCALL_FEAT_XMM_INPUT | HVTLFS_HVCALL_FEAT_XMM_OUTPUT, 0, 8),
			 HVTLFS_OK);
	dexpect(HVTLFS_STATUS_SUCCESS, 4, HVTLFS_OK);
	assert_int_equal(dreq.output_offset + dreq.output_size, 96);
}

static void test_decode_set(void **state)
{
	(void)state;
	memset(gpage, 0, sizeof(gpage));
	gpage[0] = 0xFFFFFFFFFFFFFFFFull;
	gpage[1] = 0x00000000FFFFFFFEull;
	/* Element 0: GuestOsId = Linux 6.1.0's; element 1: SINT0 = vector 0x20 masked. */
	gpage[2] = 0x00090002;
	gpage[4] = 0x8100000601000000ull;
	gpage[6] = 0x000A0000;
	gpage[8] = 0x10020;
	assert_int_equal(dec(0x0051u | (2ull << 32), 0, 0, 0, 8), HVTLFS_OK);
	dexpect(HVTLFS_STATUS_SUCCESS, 2, HVTLFS_OK);
	assert_int_equal(dreq.kind, HVTLFS_HVCALL_REQ_VP_REGISTERS);
	assert_int_equal(dreq.code, HVTLFS_CALL_SET_VP_REGISTERS);
	assert_int_equal(dreq.output_size, 0);
	assert_true(dregs[0].name == 0x00090002 && dregs[0].value.lo == 0x8100000601000000ull &&
		    dregs[0].value.hi == 0);
	assert_true(dregs[1].name == 0x000A0000 && dregs[1].value.lo == 0x10020);
	/* An output GPA on Set (it has no output): ignored, as the TLFS says, and noted. */
	assert_int_equal(dec(0x0051u | (2ull << 32), 0x20000, 0, 0, 8), HVTLFS_OK);
	dexpect(HVTLFS_STATUS_SUCCESS, 2, HVTLFS_OK);
	assert_int_equal(dreq.notes, HVTLFS_HVCALL_NOTE_OUTPUT_IGNORED);
	/* Element 1's RsvdZ (bytes 4-7, then 8-15): refused at index 1. */
	gpage[6] = 0x100000000ull | 0x000A0000;
	assert_int_equal(dec(0x0051u | (2ull << 32), 0, 0, 0, 8), HVTLFS_OK);
	dexpect(HVTLFS_STATUS_INVALID_PARAMETER, 1, HVTLFS_ERR_RESERVED_BITS);
	assert_int_equal(dreq.nelements, 1);
	gpage[6] = 0x000A0000;
	gpage[7] = 1;
	assert_int_equal(dec(0x0051u | (2ull << 32), 0, 0, 0, 8), HVTLFS_OK);
	dexpect(HVTLFS_STATUS_INVALID_PARAMETER, 1, HVTLFS_ERR_RESERVED_BITS);
	gpage[7] = 0;
	/* A write of the read-only VpIndex, and a 64-bit register with bits above 63. */
	gpage[2] = 0x00090003;
	assert_int_equal(dec(0x0051u | (2ull << 32), 0, 0, 0, 8), HVTLFS_OK);
	dexpect(HVTLFS_STATUS_INVALID_PARAMETER, 0, HVTLFS_ERR_REGISTER_READ_ONLY);
	gpage[2] = 0x00090002;
	gpage[5] = 1;
	assert_int_equal(dec(0x0051u | (2ull << 32), 0, 0, 0, 8), HVTLFS_OK);
	dexpect(HVTLFS_STATUS_INVALID_PARAMETER, 0, HVTLFS_ERR_REGISTER_WIDTH);
	gpage[5] = 0;
	/* Fast Set of one register (48 bytes: XMM input); three fit, four do not. */
	assert_int_equal(dec(0x0051u | (1ull << 16) | (1ull << 32), 0, 0, 0, 8), HVTLFS_OK);
	assert_true(dreq.raise_ud);
	assert_int_equal(
		dec(0x0051u | (1ull << 16) | (3ull << 32), 0, HVTLFS_HVCALL_FEAT_XMM_INPUT, 0, 8),
		HVTLFS_OK);
	dexpect(HVTLFS_STATUS_SUCCESS, 3, HVTLFS_OK);
	assert_int_equal(
		dec(0x0051u | (1ull << 16) | (4ull << 32), 0, HVTLFS_HVCALL_FEAT_XMM_INPUT, 0, 8),
		HVTLFS_OK);
	dexpect(HVTLFS_STATUS_INVALID_HYPERCALL_INPUT, 0, HVTLFS_ERR_FAST_TOO_BIG);
}

/* Builders and decoder agree: what a guest builds is what the hypervisor decodes. */
static void test_decode_roundtrip(void **state)
{
	const struct hvtlfs_register_target t = { 0x42, 3, 0x11 };
	uint32_t names[8];
	struct hvtlfs_register_value values[8];
	struct hvtlfs_prepared p;
	unsigned int round, i;

	(void)state;
	testutil_seed(15);
	for (round = 0; round < 200; round++) {
		const uint32_t n = 1u + (uint32_t)testutil_below(8);
		const bool set = testutil_below(2) != 0;
		size_t cat_n;
		const struct hvtlfs_register_info *cat = hvtlfs_register_catalog(&cat_n);

		for (i = 0; i < n; i++) {
			const struct hvtlfs_register_info *r = &cat[testutil_below(cat_n)];

			names[i] = r->name;
			values[i].lo =
				r->width >= 64 ? testutil_next() : testutil_next() & 0xFFFFFFFFull;
			values[i].hi = r->width == 128 ? testutil_next() : 0;
		}
		memset(gpage, 0, sizeof(gpage));
		if (set)
			assert_int_equal(hvtlfs_set_vp_registers_build(gpage, sizeof(gpage), &t,
								       names, values, n, 0, &p),
					 HVTLFS_OK);
		else
			assert_int_equal(hvtlfs_get_vp_registers_build(gpage, sizeof(gpage), &t,
								       names, n, 0, &p),
					 HVTLFS_OK);
		assert_int_equal(dec(p.control, set ? 0 : 0x20000, 0, 0, 8), HVTLFS_OK);
		assert_true(dreq.partition_id == 0x42 && dreq.vp_index == 3 &&
			    dreq.target_vtl == 0x11);
		/* A refused Set element stops the decoding there (read-only registers). */
		assert_int_equal(dreq.nelements,
				 dreq.status == HVTLFS_STATUS_SUCCESS
					 ? n
					 : hvtlfs_result_reps_completed(dreq.result));
		for (i = 0; i < dreq.nelements; i++) {
			assert_true(dregs[i].name == names[i]);
			if (set && dreq.status == HVTLFS_STATUS_SUCCESS)
				assert_true(dregs[i].value.lo == values[i].lo &&
					    dregs[i].value.hi == values[i].hi);
		}
		if (!set)
			dexpect(HVTLFS_STATUS_SUCCESS, n, HVTLFS_OK);
		else if (dreq.status != HVTLFS_STATUS_SUCCESS) {
			const struct hvtlfs_register_info *r =
				hvtlfs_register_lookup(names[dreq.nelements], HVTLFS_REGSET_X64);

			assert_int_equal(dreq.reason, HVTLFS_ERR_REGISTER_READ_ONLY);
			assert_true(r && (r->flags & HVTLFS_REGF_READ_ONLY));
		}
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_catalog_golden),
		cmocka_unit_test(test_catalog_sets),
		cmocka_unit_test(test_catalog_shape),
		cmocka_unit_test(test_names_and_writes),
		cmocka_unit_test(test_get_build),
		cmocka_unit_test(test_get_fast),
		cmocka_unit_test(test_set_build),
		cmocka_unit_test(test_build_refusals),
		cmocka_unit_test(test_parse),
		cmocka_unit_test(test_decode_get),
		cmocka_unit_test(test_decode_get_refusals),
		cmocka_unit_test(test_decode_set),
		cmocka_unit_test(test_decode_roundtrip),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
