/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Nested virtualization: eVMCS layout and field table, clean fields, the eVMCS
 * version choice, the VP assist page.
 *
 * Offsets and encodings below are written by hand from the TLFS (HV_VMX_ENLIGHTENED_VMCS
 * and its "Physical VMCS Encoding" table, HV_VP_ASSIST_PAGE, feature discovery), never
 * printed by the code under test.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "hvtlfs/error.h"
#include "hvtlfs/nested.h"

#include "testutil.h"

/* An eVMCS page, 4 KiB aligned as the TLFS requires. */
static union {
	struct hvtlfs_evmcs e;
	unsigned char bytes[4096];
} page __attribute__((aligned(4096)));

static struct hvtlfs_evmcs *fresh_evmcs(void)
{
	memset(&page, 0, sizeof(page));
	return &page.e;
}

/* ---- layout: offsets summed by hand from the TLFS declaration ---- */
#define OFF(m) offsetof(struct hvtlfs_evmcs, m)

static void test_evmcs_layout(void **state)
{
	(void)state;
	assert_int_equal(sizeof(struct hvtlfs_evmcs), 1024);
	assert_int_equal(OFF(version_number), 0);
	assert_int_equal(OFF(abort_indicator), 4);
	assert_int_equal(OFF(host_es_selector), 8);
	assert_int_equal(OFF(host_tr_selector), 20);
	assert_int_equal(OFF(host_pat), 24);
	assert_int_equal(OFF(host_efer), 32);
	assert_int_equal(OFF(host_rip), 80);
	assert_int_equal(OFF(host_sysenter_cs_msr), 88);
	assert_int_equal(OFF(pin_controls), 92);
	assert_int_equal(OFF(secondary_processor_controls), 100);
	assert_int_equal(OFF(io_bitmap_a), 104);
	assert_int_equal(OFF(io_bitmap_b), 112);
	assert_int_equal(OFF(msr_bitmap), 120);
	assert_int_equal(OFF(guest_es_selector), 128);
	assert_int_equal(OFF(guest_tr_selector), 142);
	assert_int_equal(OFF(guest_es_limit), 144);
	assert_int_equal(OFF(guest_idtr_limit), 180);
	assert_int_equal(OFF(guest_es_attributes), 184);
	assert_int_equal(OFF(guest_tr_attributes), 212);
	assert_int_equal(OFF(guest_es_base), 216);
	assert_int_equal(OFF(guest_idtr_base), 288);
	assert_int_equal(OFF(rsvd1), 296);
	assert_int_equal(OFF(exit_msr_store_address), 320);
	assert_int_equal(OFF(cr3_target0), 344);
	assert_int_equal(OFF(pfec_mask), 376);
	assert_int_equal(OFF(entry_msr_load_count), 396);
	assert_int_equal(OFF(tsc_offset), 400);
	assert_int_equal(OFF(virtual_apic_page), 408);
	assert_int_equal(OFF(guest_working_vmcs_ptr), 416);
	assert_int_equal(OFF(guest_pdpte0), 448);
	assert_int_equal(OFF(guest_sleep_state), 504);
	assert_int_equal(OFF(guest_sysenter_cs_msr), 508);
	assert_int_equal(OFF(cr0_guest_host_mask), 512);
	assert_int_equal(OFF(guest_cr0), 544);
	assert_int_equal(OFF(guest_cr3), 552);
	assert_int_equal(OFF(guest_dr7), 568);
	assert_int_equal(OFF(host_fs_base), 576);
	assert_int_equal(OFF(host_rsp), 616);
	assert_int_equal(OFF(ept_root), 624);
	assert_int_equal(OFF(vpid), 632);
	assert_int_equal(OFF(rsvd3), 640);
	assert_int_equal(OFF(exit_ept_fault_gpa), 680);
	assert_int_equal(OFF(exit_instruction_error), 688);
	assert_int_equal(OFF(exit_reason), 692);
	assert_int_equal(OFF(exit_instruction_info), 716);
	assert_int_equal(OFF(exit_qualification), 720);
	assert_int_equal(OFF(guest_linear_address), 760);
	assert_int_equal(OFF(guest_rsp), 768);
	assert_int_equal(OFF(guest_rflags), 776);
	assert_int_equal(OFF(guest_interruptibility), 784);
	assert_int_equal(OFF(processor_controls), 788);
	assert_int_equal(OFF(tpr_threshold), 812);
	assert_int_equal(OFF(guest_rip), 816);
	assert_int_equal(OFF(clean_fields), 824);
	assert_int_equal(OFF(synthetic_controls), 832);
	assert_int_equal(OFF(enlightenments_control), 836);
	assert_int_equal(OFF(vp_id), 840);
	assert_int_equal(OFF(vm_id), 848);
	assert_int_equal(OFF(partition_assist_page), 856);
	assert_int_equal(OFF(guest_bndcfgs), 896);
	assert_int_equal(OFF(guest_lbr_ctl), 936);
	assert_int_equal(OFF(xss_exiting_bitmap), 960);
	assert_int_equal(OFF(tsc_multiplier), 984);
	assert_int_equal(OFF(host_interrupt_ssp_table_addr), 1008);
	assert_int_equal(OFF(rsvd7), 1016);
}

static void test_vp_assist_layout(void **state)
{
	(void)state;
	assert_int_equal(sizeof(struct hvtlfs_vp_assist_page), 4096);
	assert_int_equal(offsetof(struct hvtlfs_vp_assist_page, apic_assist), 0);
	assert_int_equal(offsetof(struct hvtlfs_vp_assist_page, vtl_entry_reason), 8);
	assert_int_equal(offsetof(struct hvtlfs_vp_assist_page, vtl_return_rax), 16);
	assert_int_equal(offsetof(struct hvtlfs_vp_assist_page, nested_control), 32);
	assert_int_equal(offsetof(struct hvtlfs_vp_assist_page, nested_control.hypercall_controls),
			 36);
	assert_int_equal(offsetof(struct hvtlfs_vp_assist_page, enlighten_vm_entry), 40);
	assert_int_equal(offsetof(struct hvtlfs_vp_assist_page, current_nested_vmcs), 48);
	assert_int_equal(
		offsetof(struct hvtlfs_vp_assist_page, synthetic_time_unhalted_timer_expired), 56);
	/* VirtualizationFaultInformation must be 16-byte aligned in the page. */
	assert_int_equal(offsetof(struct hvtlfs_vp_assist_page, virtualization_fault_information),
			 64);
	assert_int_equal(sizeof(struct hvtlfs_nested_enlightenments_control), 8);
	assert_int_equal(sizeof(struct hvtlfs_virtualization_fault_info), 16);
}

static void test_constants(void **state)
{
	(void)state;
	/* HV_VMX_ENLIGHTENED_CLEAN_FIELD_* */
	assert_int_equal(HVTLFS_EVMCS_CLEAN_IO_BITMAP, 0x0001);
	assert_int_equal(HVTLFS_EVMCS_CLEAN_MSR_BITMAP, 0x0002);
	assert_int_equal(HVTLFS_EVMCS_CLEAN_CONTROL_GRP2, 0x0004);
	assert_int_equal(HVTLFS_EVMCS_CLEAN_CONTROL_GRP1, 0x0008);
	assert_int_equal(HVTLFS_EVMCS_CLEAN_CONTROL_PROC, 0x0010);
	assert_int_equal(HVTLFS_EVMCS_CLEAN_CONTROL_EVENT, 0x0020);
	assert_int_equal(HVTLFS_EVMCS_CLEAN_CONTROL_ENTRY, 0x0040);
	assert_int_equal(HVTLFS_EVMCS_CLEAN_CONTROL_EXCPN, 0x0080);
	assert_int_equal(HVTLFS_EVMCS_CLEAN_CRDR, 0x0100);
	assert_int_equal(HVTLFS_EVMCS_CLEAN_CONTROL_XLAT, 0x0200);
	assert_int_equal(HVTLFS_EVMCS_CLEAN_GUEST_BASIC, 0x0400);
	assert_int_equal(HVTLFS_EVMCS_CLEAN_GUEST_GRP1, 0x0800);
	assert_int_equal(HVTLFS_EVMCS_CLEAN_GUEST_GRP2, 0x1000);
	assert_int_equal(HVTLFS_EVMCS_CLEAN_HOST_POINTER, 0x2000);
	assert_int_equal(HVTLFS_EVMCS_CLEAN_HOST_GRP1, 0x4000);
	assert_int_equal(HVTLFS_EVMCS_CLEAN_ENLIGHTENMENTS_CONTROL, 0x8000);
	assert_int_equal(HVTLFS_EVMCS_CLEAN_ALL, 0xFFFF);
	/* EnlightenmentsControl: NestedFlushVirtualHypercall bit 0, MsrBitmap bit 1. */
	assert_int_equal(HVTLFS_EVMCS_ENL_NESTED_FLUSH_HYPERCALL, 1);
	assert_int_equal(HVTLFS_EVMCS_ENL_MSR_BITMAP, 2);
	assert_string_equal(hvtlfs_strerror(HVTLFS_ERR_EVMCS_VERSION), "HVTLFS_ERR_EVMCS_VERSION");
	assert_string_equal(hvtlfs_strerror(HVTLFS_ERR_EVMCS_NO_FIELD),
			    "HVTLFS_ERR_EVMCS_NO_FIELD");
	assert_string_equal(hvtlfs_strerror(HVTLFS_ERR_EVMCS_READ_ONLY),
			    "HVTLFS_ERR_EVMCS_READ_ONLY");
}

/* ---- field table: rows of the TLFS "Physical VMCS Encoding" table ---- */
struct golden_field {
	uint32_t encoding;
	uint32_t offset;
	uint32_t size;
	uint32_t clean;
};

static const struct golden_field golden[] = {
	{ 0x681E, 816, 8, 0 },	     /* GuestRip, NONE */
	{ 0x401C, 812, 4, 0 },	     /* TprThreshold, NONE */
	{ 0x681C, 768, 8, 0x0400 },  /* GuestRsp, GUEST_BASIC */
	{ 0x6820, 776, 8, 0x0400 },  /* GuestRflags */
	{ 0x4824, 784, 4, 0x0400 },  /* GuestInterruptibility */
	{ 0x4002, 788, 4, 0x0010 },  /* ProcessorControls, CONTROL_PROC */
	{ 0x4004, 792, 4, 0x0080 },  /* ExceptionBitmap, CONTROL_EXCPN */
	{ 0x4012, 796, 4, 0x0040 },  /* EntryControls, CONTROL_ENTRY */
	{ 0x4016, 800, 4, 0x0020 },  /* EntryInterruptInfo, CONTROL_EVENT */
	{ 0x401A, 808, 4, 0x0020 },  /* EntryInstructionLength */
	{ 0x0C00, 8, 2, 0x4000 },    /* HostEsSelector, HOST_GRP1 */
	{ 0x0C0C, 20, 2, 0x4000 },   /* HostTrSelector */
	{ 0x2C00, 24, 8, 0x4000 },   /* HostPat */
	{ 0x6C04, 56, 8, 0x4000 },   /* HostCr4 */
	{ 0x6C16, 80, 8, 0x4000 },   /* HostRip (HOST_RIP encoding) */
	{ 0x4C00, 88, 4, 0x4000 },   /* HostSysenterCsMsr (HOST_IA32_SYSENTER_CS) */
	{ 0x4000, 92, 4, 0x0008 },   /* PinControls, CONTROL_GRP1 */
	{ 0x400C, 96, 4, 0x0008 },   /* ExitControls */
	{ 0x401E, 100, 4, 0x0008 },  /* SecondaryProcessorControls */
	{ 0x2000, 104, 8, 0x0001 },  /* IoBitmapA, IO_BITMAP */
	{ 0x2002, 112, 8, 0x0001 },  /* IoBitmapB */
	{ 0x2004, 120, 8, 0x0002 },  /* MsrBitmap, MSR_BITMAP */
	{ 0x0800, 128, 2, 0x1000 },  /* GuestEsSelector, GUEST_GRP2 */
	{ 0x4812, 180, 4, 0x1000 },  /* GuestIdtrLimit */
	{ 0x4822, 212, 4, 0x1000 },  /* GuestTrAttributes */
	{ 0x6818, 288, 8, 0x1000 },  /* GuestIdtrBase */
	{ 0x2010, 400, 8, 0x0004 },  /* TscOffset, CONTROL_GRP2 */
	{ 0x2012, 408, 8, 0x0004 },  /* VirtualApicPage */
	{ 0x2800, 416, 8, 0x0800 },  /* GuestWorkingVmcsPtr, GUEST_GRP1 */
	{ 0x2810, 472, 8, 0x0800 },  /* GuestPdpte3 */
	{ 0x4826, 504, 4, 0x0800 },  /* GuestSleepState */
	{ 0x482A, 508, 4, 0x0800 },  /* GuestSysenterCsMsr */
	{ 0x6000, 512, 8, 0x0100 },  /* Cr0GuestHostMask, CRDR */
	{ 0x6802, 552, 8, 0x0100 },  /* GuestCr3 */
	{ 0x681A, 568, 8, 0x0100 },  /* GuestDr7 */
	{ 0x6C06, 576, 8, 0x2000 },  /* HostFsBase, HOST_POINTER */
	{ 0x6C14, 616, 8, 0x2000 },  /* HostRsp */
	{ 0x201A, 624, 8, 0x0200 },  /* EptRoot, CONTROL_XLAT */
	{ 0x0000, 632, 2, 0x0200 },  /* Vpid */
	{ 0x2400, 680, 8, 0 },	     /* ExitEptFaultGpa, read-only */
	{ 0x4402, 692, 4, 0 },	     /* ExitReason, read-only */
	{ 0x6400, 720, 8, 0 },	     /* ExitQualification, read-only */
	{ 0x640A, 760, 8, 0 },	     /* GuestLinearAddress, read-only */
	{ 0x2812, 896, 8, 0x0800 },  /* GuestBndcfgs */
	{ 0x682A, 920, 8, 0x0400 },  /* GuestSsp, GUEST_BASIC */
	{ 0x202C, 960, 8, 0x0004 },  /* XssExitingBitmap */
	{ 0x2032, 984, 8, 0x0004 },  /* TscMultiplier */
	{ 0x6C1C, 1008, 8, 0x4000 }, /* HostInterruptSspTableAddr */
	/* No clean group in the TLFS: the library answers "all". */
	{ 0x2006, 320, 8, 0xFFFF }, /* ExitMsrStoreAddress */
	{ 0x400A, 384, 4, 0xFFFF }, /* Cr3TargetCount */
	{ 0x600E, 368, 8, 0xFFFF }, /* Cr3Target3 */
};

static void test_field_golden(void **state)
{
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(golden) / sizeof(golden[0]); i++) {
		const struct hvtlfs_evmcs_field *f = NULL;

		assert_int_equal(hvtlfs_evmcs_field_by_encoding(golden[i].encoding, &f), HVTLFS_OK);
		assert_non_null(f);
		assert_int_equal(f->encoding, golden[i].encoding);
		assert_int_equal(f->offset, golden[i].offset);
		assert_int_equal(f->size, golden[i].size);
		assert_int_equal(f->clean, golden[i].clean);
		assert_int_equal(hvtlfs_evmcs_clean_bits_for_offset(golden[i].offset),
				 golden[i].clean);
	}
}

static void test_field_lookup_errors(void **state)
{
	/* Not in eVMCS v1: posted-interrupt vector, APIC-access address, preemption timer,
	 * PML index; and values no encoding can have. */
	static const uint32_t absent[] = { 0x0002, 0x2014,     0x482E,	   0x0812, 0x0001,
					   0x4001, 0xFFFFFFFF, 0x12345678, 0x10000 };
	const struct hvtlfs_evmcs_field *f = NULL;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(absent) / sizeof(absent[0]); i++) {
		assert_int_equal(hvtlfs_evmcs_field_by_encoding(absent[i], &f),
				 HVTLFS_ERR_EVMCS_NO_FIELD);
		assert_null(f);
	}
	assert_int_equal(hvtlfs_evmcs_field_by_encoding(0x681E, NULL), HVTLFS_ERR_NULL);
	assert_int_equal(hvtlfs_evmcs_field_by_offset(816, NULL), HVTLFS_ERR_NULL);
	/* Padding, reserved space, mid-field, beyond the end. */
	assert_int_equal(hvtlfs_evmcs_field_by_offset(22, &f), HVTLFS_ERR_EVMCS_NO_FIELD);
	assert_int_equal(hvtlfs_evmcs_field_by_offset(296, &f), HVTLFS_ERR_EVMCS_NO_FIELD);
	assert_int_equal(hvtlfs_evmcs_field_by_offset(844, &f), HVTLFS_ERR_EVMCS_NO_FIELD);
	assert_int_equal(hvtlfs_evmcs_field_by_offset(820, &f), HVTLFS_ERR_EVMCS_NO_FIELD);
	assert_int_equal(hvtlfs_evmcs_field_by_offset(1024, &f), HVTLFS_ERR_EVMCS_NO_FIELD);
	assert_int_equal(hvtlfs_evmcs_field_by_offset(0xFFFFFFFFu, &f), HVTLFS_ERR_EVMCS_NO_FIELD);
	assert_null(f);
	assert_int_equal(hvtlfs_evmcs_clean_bits_for_offset(22), HVTLFS_EVMCS_CLEAN_ALL);
	assert_int_equal(hvtlfs_evmcs_clean_bits_for_offset(1016), HVTLFS_EVMCS_CLEAN_ALL);
	assert_null(hvtlfs_evmcs_field_at(hvtlfs_evmcs_field_count()));
	assert_null(hvtlfs_evmcs_field_at(0xFFFFFFFFu));
}

static void test_field_synthetic(void **state)
{
	const struct hvtlfs_evmcs_field *f = NULL;

	(void)state;
	assert_int_equal(hvtlfs_evmcs_field_by_offset(836, &f), HVTLFS_OK);
	assert_int_equal(f->encoding, HVTLFS_EVMCS_NO_ENCODING);
	assert_true(f->flags & HVTLFS_EVMCS_FIELD_SYNTHETIC);
	assert_int_equal(f->clean, HVTLFS_EVMCS_CLEAN_ENLIGHTENMENTS_CONTROL);
	assert_int_equal(hvtlfs_evmcs_field_by_offset(824, &f), HVTLFS_OK); /* CleanFields */
	assert_int_equal(f->clean, HVTLFS_EVMCS_CLEAN_NONE);
	assert_int_equal(hvtlfs_evmcs_field_by_offset(848, &f), HVTLFS_OK); /* VmId */
	assert_int_equal(f->size, 8);
	assert_true(f->flags & HVTLFS_EVMCS_FIELD_NO_GROUP);
	assert_int_equal(hvtlfs_evmcs_field_by_encoding(HVTLFS_EVMCS_NO_ENCODING, &f),
			 HVTLFS_ERR_EVMCS_NO_FIELD);
	assert_int_equal(hvtlfs_evmcs_clean_bits_for_offset(OFF(msr_bitmap)),
			 HVTLFS_EVMCS_CLEAN_MSR_BITMAP);
	assert_int_equal(hvtlfs_evmcs_clean_bits_for_offset(OFF(guest_rip)),
			 HVTLFS_EVMCS_CLEAN_NONE);
}

/* Properties of the whole table, checked against Intel's encoding scheme. */
static void test_field_table_properties(void **state)
{
	unsigned char covered[1024];
	uint32_t n = hvtlfs_evmcs_field_count(), i, j, bytes = 0, prev = 0;
	int seen_synthetic = 0;

	(void)state;
	memset(covered, 0, sizeof(covered));
	assert_int_equal(n, 149);
	for (i = 0; i < n; i++) {
		const struct hvtlfs_evmcs_field *f = hvtlfs_evmcs_field_at(i), *g = NULL;

		assert_non_null(f);
		assert_true(f->size == 2 || f->size == 4 || f->size == 8);
		assert_int_equal(f->offset % f->size, 0);
		assert_true((uint32_t)f->offset + f->size <= 1024);
		for (j = 0; j < f->size; j++) {
			assert_int_equal(covered[f->offset + j], 0); /* no overlap */
			covered[f->offset + j] = 1;
		}
		bytes += f->size;
		assert_int_equal(hvtlfs_evmcs_field_by_offset(f->offset, &g), HVTLFS_OK);
		assert_ptr_equal(f, g);
		assert_int_equal(f->clean & ~HVTLFS_EVMCS_CLEAN_ALL, 0);
		if (f->encoding == HVTLFS_EVMCS_NO_ENCODING) {
			seen_synthetic = 1;
			assert_true(f->flags & HVTLFS_EVMCS_FIELD_SYNTHETIC);
			continue;
		}
		assert_false(seen_synthetic); /* synthetic rows come last */
		if (i > 0)
			assert_true(f->encoding > prev); /* strictly sorted */
		prev = f->encoding;
		assert_false(f->flags & HVTLFS_EVMCS_FIELD_SYNTHETIC);
		/* Bits 14:13 width: 16-bit, 64-bit, 32-bit, natural (8 bytes in the eVMCS). */
		switch ((f->encoding >> 13) & 3u) {
		case 0:
			assert_int_equal(f->size, 2);
			break;
		case 2:
			assert_int_equal(f->size, 4);
			break;
		default:
			assert_int_equal(f->size, 8);
			break;
		}
		/* Bits 11:10 type 1 = VM-exit information: read-only, no clean group. */
		if (((f->encoding >> 10) & 3u) == 1) {
			assert_true(f->flags & HVTLFS_EVMCS_FIELD_READ_ONLY);
			assert_int_equal(f->clean, 0);
		} else {
			assert_false(f->flags & HVTLFS_EVMCS_FIELD_READ_ONLY);
		}
		assert_int_equal(f->encoding & 1u, 0); /* "full" access form */
		assert_int_equal(hvtlfs_evmcs_field_by_encoding(f->encoding, &g), HVTLFS_OK);
		assert_ptr_equal(f, g);
	}
	/* Everything but the reserved and padding members is a field:
	 * rsvd1 24 + rsvd2 6 + rsvd3 40 + rsvd4 4 + rsvd5 32 + rsvd6 16 + rsvd7 8
	 * + pad_host_tr 2 + pad_vp_id 4 = 136 bytes. */
	assert_int_equal(bytes, 1024 - 136);
	for (i = 0; i < 24; i++)
		assert_int_equal(covered[296 + i], 0);
	assert_int_equal(covered[22], 0);
	assert_int_equal(covered[844], 0);
}

/* ---- VMREAD / VMWRITE emulation ---- */
static void test_read_write_vectors(void **state)
{
	struct hvtlfs_evmcs *e = fresh_evmcs();
	uint64_t v = 0;

	(void)state;
	hvtlfs_evmcs_mark_all_clean(e);
	assert_int_equal(hvtlfs_evmcs_write(e, 0x681E, 0xFFFFFFFF81000000ULL), HVTLFS_OK);
	assert_true(e->guest_rip == 0xFFFFFFFF81000000ULL);
	assert_int_equal(e->clean_fields, 0xFFFF); /* GuestRip: no clean bit */
	assert_int_equal(page.bytes[816], 0x00);
	assert_int_equal(page.bytes[819], 0x81);
	assert_int_equal(page.bytes[823], 0xFF);

	assert_int_equal(hvtlfs_evmcs_write(e, 0x2004, 0x12345000), HVTLFS_OK);
	assert_true(e->msr_bitmap == 0x12345000);
	assert_int_equal(e->clean_fields, 0xFFFD);

	assert_int_equal(hvtlfs_evmcs_write(e, 0x0802, 0x10), HVTLFS_OK); /* GuestCsSelector */
	assert_int_equal(e->guest_cs_selector, 0x10);
	assert_int_equal(e->clean_fields, 0xFFFD & ~0x1000u);

	/* High access form of a 64-bit field: bits 63:32 of IoBitmapA. */
	e->io_bitmap_a = 0x00000000AAAA0000ULL;
	assert_int_equal(hvtlfs_evmcs_write(e, 0x2001, 0xDEADBEEF), HVTLFS_OK);
	assert_true(e->io_bitmap_a == 0xDEADBEEFAAAA0000ULL);
	assert_int_equal(e->clean_fields & HVTLFS_EVMCS_CLEAN_IO_BITMAP, 0);
	assert_int_equal(hvtlfs_evmcs_read(e, 0x2001, &v), HVTLFS_OK);
	assert_true(v == 0xDEADBEEF);
	assert_int_equal(hvtlfs_evmcs_read(e, 0x2000, &v), HVTLFS_OK);
	assert_true(v == 0xDEADBEEFAAAA0000ULL);
	assert_int_equal(hvtlfs_evmcs_write(e, 0x2001, 0x100000000ULL), HVTLFS_ERR_INVALID_ARG);

	/* Read-only exit information reads, never writes. */
	e->exit_reason = 30; /* I/O instruction */
	assert_int_equal(hvtlfs_evmcs_read(e, 0x4402, &v), HVTLFS_OK);
	assert_true(v == 30);
	assert_int_equal(hvtlfs_evmcs_write(e, 0x4402, 1), HVTLFS_ERR_EVMCS_READ_ONLY);
	assert_int_equal(e->exit_reason, 30);
}

static void test_read_write_errors(void **state)
{
	struct hvtlfs_evmcs *e = fresh_evmcs();
	uint64_t v = 0x5555;

	(void)state;
	hvtlfs_evmcs_mark_all_clean(e);
	/* Too wide for a 32-bit or 16-bit field: refused, nothing written, nothing dirtied. */
	assert_int_equal(hvtlfs_evmcs_write(e, 0x4002, 0x100000000ULL), HVTLFS_ERR_INVALID_ARG);
	assert_int_equal(e->processor_controls, 0);
	assert_int_equal(hvtlfs_evmcs_write(e, 0x0000, 0x10000), HVTLFS_ERR_INVALID_ARG);
	assert_int_equal(e->vpid, 0);
	assert_int_equal(e->clean_fields, 0xFFFF);
	/* High form only exists for 64-bit fields. */
	assert_int_equal(hvtlfs_evmcs_write(e, 0x4003, 1), HVTLFS_ERR_EVMCS_NO_FIELD);
	assert_int_equal(hvtlfs_evmcs_read(e, 0x681F, &v), HVTLFS_ERR_EVMCS_NO_FIELD);
	assert_int_equal(hvtlfs_evmcs_read(e, 0x0002, &v), HVTLFS_ERR_EVMCS_NO_FIELD);
	assert_true(v == 0x5555);
	assert_int_equal(hvtlfs_evmcs_write(e, 0x2015, 1), HVTLFS_ERR_EVMCS_NO_FIELD);
	assert_int_equal(hvtlfs_evmcs_write(NULL, 0x681E, 1), HVTLFS_ERR_NULL);
	assert_int_equal(hvtlfs_evmcs_read(NULL, 0x681E, &v), HVTLFS_ERR_NULL);
	assert_int_equal(hvtlfs_evmcs_read(e, 0x681E, NULL), HVTLFS_ERR_NULL);
	assert_int_equal(e->clean_fields, 0xFFFF);
}

/* Property: every writable field round-trips, touches only its own bytes and dirties exactly
 * its own clean bits. */
static void test_read_write_property(void **state)
{
	static unsigned char before[1024];
	uint32_t n = hvtlfs_evmcs_field_count(), i, round;

	(void)state;
	testutil_seed(0x4E657374ULL); /* "Nest" */
	for (round = 0; round < 20; round++) {
		for (i = 0; i < n; i++) {
			const struct hvtlfs_evmcs_field *f = hvtlfs_evmcs_field_at(i);
			struct hvtlfs_evmcs *e = &page.e;
			uint64_t v = testutil_next(), got = 0;
			uint32_t b;

			if (f->encoding == HVTLFS_EVMCS_NO_ENCODING ||
			    (f->flags & HVTLFS_EVMCS_FIELD_READ_ONLY))
				continue;
			if (f->size < 8)
				v &= (1ULL << (f->size * 8)) - 1;
			for (b = 0; b < 1024; b++)
				page.bytes[b] = (unsigned char)testutil_next();
			e->clean_fields = 0xFFFF;
			memcpy(before, page.bytes, sizeof(before));
			assert_int_equal(hvtlfs_evmcs_write(e, f->encoding, v), HVTLFS_OK);
			assert_int_equal(hvtlfs_evmcs_read(e, f->encoding, &got), HVTLFS_OK);
			assert_true(got == v);
			for (b = 0; b < 1024; b++) {
				if (b >= OFF(clean_fields) && b < OFF(clean_fields) + 4)
					continue;
				if (b >= f->offset && b < (uint32_t)f->offset + f->size)
					assert_int_equal(
						page.bytes[b],
						(unsigned char)(v >> ((b - f->offset) * 8)));
				else
					assert_int_equal(page.bytes[b], before[b]);
			}
			assert_int_equal(e->clean_fields, 0xFFFF & ~f->clean);
		}
	}
}

/* ---- clean-field helpers ---- */
static void test_clean_helpers(void **state)
{
	struct hvtlfs_evmcs *e = fresh_evmcs();

	(void)state;
	assert_false(hvtlfs_evmcs_is_clean(e, HVTLFS_EVMCS_CLEAN_MSR_BITMAP));
	hvtlfs_evmcs_mark_all_clean(e);
	assert_int_equal(e->clean_fields, 0xFFFF);
	assert_true(hvtlfs_evmcs_is_clean(e, HVTLFS_EVMCS_CLEAN_ALL));
	hvtlfs_evmcs_msr_bitmap_changed(e);
	assert_int_equal(e->clean_fields, 0xFFFD);
	assert_false(hvtlfs_evmcs_is_clean(e, HVTLFS_EVMCS_CLEAN_MSR_BITMAP));
	assert_true(hvtlfs_evmcs_is_clean(e, HVTLFS_EVMCS_CLEAN_IO_BITMAP));
	hvtlfs_evmcs_mark_dirty(e, HVTLFS_EVMCS_CLEAN_CRDR | HVTLFS_EVMCS_CLEAN_GUEST_GRP2);
	assert_int_equal(e->clean_fields, 0xFFFD & ~0x1100u);
	hvtlfs_evmcs_mark_all_dirty(e);
	assert_int_equal(e->clean_fields, 0);
	/* Bits above the TLFS set are left alone. */
	e->clean_fields = 0xABCD0000u;
	hvtlfs_evmcs_mark_all_clean(e);
	assert_int_equal(e->clean_fields, 0xABCDFFFFu);
	hvtlfs_evmcs_mark_all_dirty(e);
	assert_int_equal(e->clean_fields, 0xABCD0000u);
}

static void test_prepare_check_enlightenments(void **state)
{
	struct hvtlfs_evmcs *e = fresh_evmcs();

	(void)state;
	e->clean_fields = 0xFFFF;
	assert_int_equal(hvtlfs_evmcs_prepare(e, 1), HVTLFS_OK);
	assert_int_equal(e->version_number, 1);
	assert_int_equal(e->clean_fields, 0);
	assert_int_equal(hvtlfs_evmcs_check(e), HVTLFS_OK);
	assert_int_equal(hvtlfs_evmcs_prepare(e, 0), HVTLFS_ERR_EVMCS_VERSION);
	assert_int_equal(hvtlfs_evmcs_prepare(e, 2), HVTLFS_ERR_EVMCS_VERSION);
	assert_int_equal(hvtlfs_evmcs_prepare(e, 0xFFFFFFFFu), HVTLFS_ERR_EVMCS_VERSION);
	assert_int_equal(e->version_number, 1);
	assert_int_equal(hvtlfs_evmcs_prepare(NULL, 1), HVTLFS_ERR_NULL);

	hvtlfs_evmcs_mark_all_clean(e);
	assert_int_equal(
		hvtlfs_evmcs_set_enlightenments(e, HVTLFS_EVMCS_ENL_NESTED_FLUSH_HYPERCALL |
							   HVTLFS_EVMCS_ENL_MSR_BITMAP),
		HVTLFS_OK);
	assert_int_equal(e->enlightenments_control, 3);
	assert_int_equal(e->clean_fields, 0x7FFF);
	assert_int_equal(page.bytes[836], 3);
	hvtlfs_evmcs_mark_all_clean(e);
	assert_int_equal(hvtlfs_evmcs_set_enlightenments(e, 4), HVTLFS_ERR_RESERVED_BITS);
	assert_int_equal(hvtlfs_evmcs_set_enlightenments(e, 0x80000000u), HVTLFS_ERR_RESERVED_BITS);
	assert_int_equal(e->enlightenments_control, 3);
	assert_int_equal(e->clean_fields, 0xFFFF);
	assert_int_equal(hvtlfs_evmcs_set_enlightenments(NULL, 1), HVTLFS_ERR_NULL);

	/* An L0's view of an eVMCS it did not write. */
	e->enlightenments_control = 0x10;
	assert_int_equal(hvtlfs_evmcs_check(e), HVTLFS_ERR_RESERVED_BITS);
	e->enlightenments_control = 1;
	e->version_number = 2;
	assert_int_equal(hvtlfs_evmcs_check(e), HVTLFS_ERR_EVMCS_VERSION);
	e->version_number = 0;
	assert_int_equal(hvtlfs_evmcs_check(e), HVTLFS_ERR_EVMCS_VERSION);
	assert_int_equal(hvtlfs_evmcs_check(NULL), HVTLFS_ERR_NULL);
}

static void test_evmcs_version_select(void **state)
{
	struct hvtlfs_nested_features f;
	uint32_t v = 77;

	(void)state;
	assert_int_equal(hvtlfs_features_decode_nested(&f, 0x0101u), HVTLFS_OK);
	assert_int_equal(hvtlfs_evmcs_version_select(&f, &v), HVTLFS_OK);
	assert_int_equal(v, 1);
	v = 77;
	assert_int_equal(hvtlfs_features_decode_nested(&f, 0x0501u), HVTLFS_OK); /* 1..5 */
	assert_int_equal(hvtlfs_evmcs_version_select(&f, &v), HVTLFS_OK);
	assert_int_equal(v, 1);
	v = 77;
	/* 2..3: versions the library does not know are reported, not guessed. */
	assert_int_equal(hvtlfs_features_decode_nested(&f, 0x0302u), HVTLFS_OK);
	assert_int_equal(hvtlfs_evmcs_version_select(&f, &v), HVTLFS_ERR_EVMCS_VERSION);
	assert_int_equal(v, 77);
	assert_int_equal(hvtlfs_features_decode_nested(&f, 0), HVTLFS_OK);
	assert_int_equal(hvtlfs_evmcs_version_select(&f, &v), HVTLFS_ERR_NO_FEATURE);
	/* A hand-built, malformed struct. */
	f.evmcs_version_low = 3;
	f.evmcs_version_high = 1;
	assert_int_equal(hvtlfs_evmcs_version_select(&f, &v), HVTLFS_ERR_EVMCS_VERSION);
	f.evmcs_version_low = 0;
	assert_int_equal(hvtlfs_evmcs_version_select(&f, &v), HVTLFS_ERR_EVMCS_VERSION);
	assert_int_equal(v, 77);
	assert_int_equal(hvtlfs_evmcs_version_select(NULL, &v), HVTLFS_ERR_NULL);
	assert_int_equal(hvtlfs_evmcs_version_select(&f, NULL), HVTLFS_ERR_NULL);
}

/* ---- VP assist page ---- */
static void test_vp_assist(void **state)
{
	static struct hvtlfs_vp_assist_page vp;
	const unsigned char *b = (const unsigned char *)&vp;

	(void)state;
	memset(&vp, 0, sizeof(vp));
	assert_int_equal(hvtlfs_vp_assist_set_current_evmcs(&vp, 0x123456000ULL), HVTLFS_OK);
	assert_int_equal(b[40], 1);    /* EnlightenVmEntry */
	assert_int_equal(b[48], 0x00); /* CurrentNestedVmcs, little-endian */
	assert_int_equal(b[49], 0x60);
	assert_int_equal(b[50], 0x45);
	assert_int_equal(b[51], 0x23);
	assert_int_equal(b[52], 0x01);
	assert_int_equal(hvtlfs_vp_assist_set_current_evmcs(&vp, 0x123457008ULL),
			 HVTLFS_ERR_ALIGNMENT);
	assert_int_equal(hvtlfs_vp_assist_set_current_evmcs(&vp, 0x800ULL), HVTLFS_ERR_ALIGNMENT);
	assert_int_equal(hvtlfs_vp_assist_set_current_evmcs(&vp, 0), HVTLFS_ERR_INVALID_ARG);
	assert_true(vp.current_nested_vmcs == 0x123456000ULL);
	assert_int_equal(hvtlfs_vp_assist_set_current_evmcs(NULL, 0x1000), HVTLFS_ERR_NULL);
	assert_int_equal(hvtlfs_vp_assist_clear_current_evmcs(&vp), HVTLFS_OK);
	assert_int_equal(vp.enlighten_vm_entry, 0);
	assert_true(vp.current_nested_vmcs == 0);
	assert_int_equal(hvtlfs_vp_assist_clear_current_evmcs(NULL), HVTLFS_ERR_NULL);

	assert_int_equal(
		hvtlfs_vp_assist_set_nested_control(
			&vp, HVTLFS_NESTED_CTL_DIRECT_HYPERCALL | HVTLFS_NESTED_CTL_VIRT_EXCEPTION,
			HVTLFS_NESTED_HCCTL_INTER_PARTITION_COMM),
		HVTLFS_OK);
	assert_int_equal(b[32], 3);
	assert_int_equal(b[36], 1);
	assert_int_equal(hvtlfs_vp_assist_set_nested_control(&vp, 4, 0), HVTLFS_ERR_RESERVED_BITS);
	assert_int_equal(hvtlfs_vp_assist_set_nested_control(&vp, 1, 2), HVTLFS_ERR_RESERVED_BITS);
	assert_int_equal(vp.nested_control.features, 3);
	assert_int_equal(vp.nested_control.hypercall_controls, 1);
	assert_int_equal(hvtlfs_vp_assist_set_nested_control(NULL, 0, 0), HVTLFS_ERR_NULL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_evmcs_layout),
		cmocka_unit_test(test_vp_assist_layout),
		cmocka_unit_test(test_constants),
		cmocka_unit_test(test_field_golden),
		cmocka_unit_test(test_field_lookup_errors),
		cmocka_unit_test(test_field_synthetic),
		cmocka_unit_test(test_field_table_properties),
		cmocka_unit_test(test_read_write_vectors),
		cmocka_unit_test(test_read_write_errors),
		cmocka_unit_test(test_read_write_property),
		cmocka_unit_test(test_clean_helpers),
		cmocka_unit_test(test_prepare_check_enlightenments),
		cmocka_unit_test(test_evmcs_version_select),
		cmocka_unit_test(test_vp_assist),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
