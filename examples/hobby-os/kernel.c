/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A freestanding multiboot kernel that embeds hvtlfs and plays the Hyper-V
 * hypervisor to itself. The guest half (this file, xmm.c) detects the
 * hypervisor, runs hvtlfs's enable sequence, and issues slow, fast, rep and
 * XMM hypercalls through hvtlfs's wrappers and the hypercall page. Each call
 * traps (#UD: TCG has no VMX) into the hypervisor half (trap.c, hv.c), which
 * judges it with hvtlfs's hypervisor-side decoder and answers.
 */
#include "console.h"
#include "cpu.h"
#include "guest.h"
#include "hv.h"
#include "trap.h"

#include "hvtlfs/arch.h"
#include "hvtlfs/bringup.h"
#include "hvtlfs/catalog.h"
#include "hvtlfs/control.h"
#include "hvtlfs/error.h"
#include "hvtlfs/flush.h"
#include "hvtlfs/hypercall.h"
#include "hvtlfs/ranges.h"
#include "hvtlfs/tlfs.h"
#include "hvtlfs/vpset.h"

void kmain(uint32_t magic, uint32_t info);

/* ---- Helpers ------------------------------------------------------------------------------ */

void say_rc(const char *what, int rc, int want)
{
	con_puts(what);
	con_puts(": ");
	con_puts(hvtlfs_strerror(rc));
	check(rc == want);
}

void say_result(const char *what, uint64_t result, uint16_t want_status, uint32_t want_reps)
{
	con_puts(what);
	con_puts(": ");
	con_puts(hvtlfs_status_name(hvtlfs_result_status(result)));
	if (want_reps != 0 || hvtlfs_result_reps_completed(result) != 0) {
		con_dec_field(", reps completed ", hvtlfs_result_reps_completed(result));
	}
	check(hvtlfs_result_status(result) == want_status &&
	      hvtlfs_result_reps_completed(result) == want_reps);
}

/* An encoder's answer: how many entries it wrote, or its error. */
static void say_entries(const char *what, int rc)
{
	con_puts(what);
	if (rc < 0)
		con_puts(hvtlfs_strerror(rc));
	else
		con_dec((uint32_t)rc);
	con_puts(" entries");
}

/* ---- The kernel's own VMCALL, the register contract by hand ------------------------------ */

static uint64_t raw_vmcall(uint64_t control, uint64_t in, uint64_t out)
{
#if defined(__x86_64__)
	uint64_t result;
	register uint64_t r8 __asm__("r8") = out;
	__asm__ volatile("vmcall"
			 : "=a"(result), "+c"(control), "+d"(in), "+r"(r8)
			 :
			 : "r9", "r10", "r11", "memory", "cc");
	return result;
#else
	uint32_t lo = (uint32_t)control, hi = (uint32_t)(control >> 32);
	uint32_t in_lo = (uint32_t)in, in_hi = (uint32_t)(in >> 32);
	uint32_t out_lo = (uint32_t)out, out_hi = (uint32_t)(out >> 32);
	__asm__ volatile("vmcall"
			 : "+a"(lo), "+d"(hi), "+c"(in_lo), "+b"(in_hi), "+S"(out_lo), "+D"(out_hi)
			 :
			 : "memory", "cc");
	return ((uint64_t)hi << 32) | lo;
#endif
}

static void test_raw_vmcall(void)
{
	uint64_t control = 0, result;
	uint32_t calls = hv_calls();

	say_rc("raw: control for HvNotifyLongSpinWait",
	       hvtlfs_control_encode(&control, HVTLFS_CALL_NOTIFY_LONG_SPIN_WAIT, HVTLFS_CTL_FAST,
				     0, 0, 0),
	       HVTLFS_OK);
	con_hex_field("raw: control ", control, 16);
	check(control == 0x0000000000010008ull);
	result = raw_vmcall(control, 42, 0);
	say_result("raw: VMCALL HvNotifyLongSpinWait", result, HVTLFS_STATUS_SUCCESS, 0);
	/* Reserved bits 27-30 set: rejected before anything else. */
	result = raw_vmcall(control | 0x0000000078000000ull, 42, 0);
	say_result("raw: VMCALL with reserved control bits", result,
		   HVTLFS_STATUS_INVALID_HYPERCALL_INPUT, 0);
	con_dec_field("raw: hypercalls served ", hv_calls() - calls);
	check(hv_calls() - calls == 2);
}

/* ---- Bring-up: detection, guest OS ID, hypercall page ------------------------------------ */

static int msr_read(void *ctx, uint32_t msr, uint64_t *value)
{
	(void)ctx;
	return hv_rdmsr(msr, value) == 0 ? HVTLFS_OK : HVTLFS_ERR_NO_PRIVILEGE;
}

static int msr_write(void *ctx, uint32_t msr, uint64_t value)
{
	(void)ctx;
	return hv_wrmsr(msr, value) == 0 ? HVTLFS_OK : HVTLFS_ERR_NO_PRIVILEGE;
}

/* The emulated hypervisor's MSR intercept (TCG ignores WRMSR to unknown MSRs). */
static const struct hvtlfs_msr_ops hv_msr_ops = { msr_read, msr_write, NULL };
static const struct hvtlfs_msr_ops native_msr_ops = HVTLFS_MSR_OPS_NATIVE;

static struct hvtlfs_features features;

static void test_bringup(void)
{
	const uint8_t *page = (const uint8_t *)(uintptr_t)HOBBY_HYPERCALL_PAGE_GPA;
	uint64_t os_id = 0, msr = 0;
	uint32_t vp = 0xFFFFFFFFu;
	int rc;

	rc = hvtlfs_detect(&features, hvtlfs_cpuid_native, NULL);
	say_rc("bring-up: detect with the CPU's CPUID (TCG)", rc, HVTLFS_ERR_NOT_HYPERV);

	rc = hvtlfs_detect(&features, hv_cpuid, NULL);
	say_rc("bring-up: detect with the emulated hypervisor's CPUID", rc, HVTLFS_OK);
	con_dec_field("bring-up: max VPs ", features.max_vps);
	con_dec_field(", hypercall MSRs ", features.hypercall_msrs);
	con_dec_field(", XMM input ", features.xmm_input);
	con_dec_field(", extended GVA ranges ", features.ext_gva_ranges);
	con_dec_field(", Ex masks recommended ", features.ex_processor_masks_recommended);
	check(features.max_vps == HV_NVPS && features.hypercall_msrs &&
	      features.xmm_input == HOBBY_HAS_XMM && features.ext_gva_ranges &&
	      features.ex_processor_masks_recommended);
	say_rc("bring-up: check", hvtlfs_bringup_check(&features), HVTLFS_OK);

	/* OS type 0x7F: no type is allocated to this hobby OS; version 1, build 2. */
	rc = hvtlfs_guest_os_id_encode(&os_id, 0x7F, 0, 1, 2);
	say_rc("bring-up: guest OS ID encode", rc, HVTLFS_OK);
	con_hex_field("bring-up: guest OS ID ", os_id, 16);
	check(os_id == 0xFF00000000010002ull);

	/* The real instructions: TCG drops the writes and reads zero back. */
	rc = hvtlfs_hypercall_page_enable(&native_msr_ops, os_id, HOBBY_HYPERCALL_PAGE_GPA, 32,
					  &msr);
	say_rc("bring-up: enable with native RDMSR/WRMSR (TCG ignores them)", rc,
	       HVTLFS_ERR_READBACK);

	rc = hvtlfs_hypercall_page_enable(&hv_msr_ops, os_id, HOBBY_HYPERCALL_PAGE_GPA, 32, &msr);
	say_rc("bring-up: enable through the hypervisor's MSRs", rc, HVTLFS_OK);
	con_hex_field("bring-up: hypercall MSR ", msr, 16);
	check(msr == (HOBBY_HYPERCALL_PAGE_GPA | HVTLFS_HYPERCALL_MSR_ENABLE));
	con_hex_field("bring-up: page code ", page[0], 2);
	con_hex_field(" ", page[1], 2);
	con_hex_field(" ", page[2], 2);
	con_hex_field(" ", page[3], 2);
	check(page[0] == 0x0F && page[1] == 0x01 && page[2] == 0xC1 && page[3] == 0xC3);
	say_rc("bring-up: VP index", hvtlfs_vp_index_read(&hv_msr_ops, &vp), HVTLFS_OK);
	rc = hvtlfs_vp_assist_enable(&hv_msr_ops, HOBBY_VP_ASSIST_PAGE_GPA, 32, &msr);
	say_rc("bring-up: VP assist page", rc, HVTLFS_OK);
	con_hex_field("bring-up: VP assist MSR ", msr, 16);
	check(msr == (HOBBY_VP_ASSIST_PAGE_GPA | HVTLFS_VP_ASSIST_MSR_ENABLE));
	hvtlfs_hypercall_page = (void *)(uintptr_t)HOBBY_HYPERCALL_PAGE_GPA;
}

/* ---- Hypercalls through the page ---------------------------------------------------------- */

static uint64_t *const in_page = (uint64_t *)(uintptr_t)HOBBY_INPUT_PAGE_GPA;

static void test_fast(void)
{
	uint64_t control = 0, input = 0, result, image[2];
	struct hvtlfs_prepared p;
	int rc;

	say_rc("fast: HvNotifyLongSpinWait build", hvtlfs_spin_wait_build(&control, &input, 100),
	       HVTLFS_OK);
	result = hvtlfs_hypercall_fast8(control, input);
	say_result("fast: HvNotifyLongSpinWait", result, HVTLFS_STATUS_SUCCESS, 0);

	say_rc("fast: HvSignalEvent build", hvtlfs_signal_event_build(&control, &input, 7, 3),
	       HVTLFS_OK);
	con_hex_field("fast: HvSignalEvent control ", control, 16);
	con_hex_field(" input ", input, 16);
	check(control == 0x000000000001005Dull && input == 0x0000000300000007ull);
	result = hvtlfs_hypercall_fast8(control, input);
	say_result("fast: HvSignalEvent connection 7", result, HVTLFS_STATUS_SUCCESS, 0);
	say_rc("fast: HvSignalEvent build", hvtlfs_signal_event_build(&control, &input, 9, 0),
	       HVTLFS_OK);
	result = hvtlfs_hypercall_fast8(control, input);
	say_result("fast: HvSignalEvent connection 9", result, HVTLFS_STATUS_INVALID_CONNECTION_ID,
		   0);

	/* 16 bytes: RDX and R8 (EBX:ECX and EDI:ESI on i386). */
	rc = hvtlfs_ipi_build(image, sizeof(image), 0x30, 0, 0x6, HVTLFS_CTL_FAST, &p);
	say_rc("fast: HvSendSyntheticClusterIpi build", rc, HVTLFS_OK);
	con_hex_field("fast: control ", p.control, 16);
	con_hex_field(" input ", image[0], 16);
	con_hex_field(" ", image[1], 16);
	check(p.control == 0x000000000001000Bull && p.input_size == 16 && image[0] == 0x30 &&
	      image[1] == 0x6);
	result = hvtlfs_hypercall_fast16(p.control, image[0], image[1]);
	say_result("fast: HvSendSyntheticClusterIpi", result, HVTLFS_STATUS_SUCCESS, 0);
	rc = hvtlfs_ipi_build(image, sizeof(image), 0x0F, 0, 0x6, HVTLFS_CTL_FAST, &p);
	say_rc("fast: HvSendSyntheticClusterIpi build, vector 0x0f", rc, HVTLFS_ERR_VECTOR_RANGE);
}

static void test_slow(void)
{
	/* VPs {0, 5, 130}: the TLFS example, valid_bank_mask 0x5, banks {0x21, 0x4}. */
	static const uint64_t bitmap[3] = { 0x21, 0, 0x4 };
	struct hvtlfs_vp_targets vps = { bitmap, 3, 0, NULL };
	struct hvtlfs_prepared p;
	uint64_t result;
	int rc;

	rc = hvtlfs_flush_build_space(in_page, HVTLFS_PAGE_SIZE, 0x5000, 0, 0x23, 0, &p);
	say_rc("slow: HvFlushVirtualAddressSpace build", rc, HVTLFS_OK);
	result = hvtlfs_hypercall_slow(p.control, HOBBY_INPUT_PAGE_GPA, 0);
	say_result("slow: HvFlushVirtualAddressSpace", result, HVTLFS_STATUS_SUCCESS, 0);

	rc = hvtlfs_flush_build_space_ex(in_page, HVTLFS_PAGE_SIZE, 0x5000,
					 HVTLFS_FLUSH_NON_GLOBAL_MAPPINGS_ONLY, &vps, 0, &p);
	say_rc("slow: HvFlushVirtualAddressSpaceEx build", rc, HVTLFS_OK);
	con_hex_field("slow: control ", p.control, 16);
	con_hex_field(" set ", in_page[2], 1);
	con_hex_field(" ", in_page[3], 1);
	con_hex_field(" ", in_page[4], 2);
	con_hex_field(" ", in_page[5], 1);
	check(p.control == 0x0000000000040013ull && p.input_size == 48 && in_page[2] == 0 &&
	      in_page[3] == 0x5 && in_page[4] == 0x21 && in_page[5] == 0x4);
	result = hvtlfs_hypercall_slow(p.control, HOBBY_INPUT_PAGE_GPA, 0);
	say_result("slow: HvFlushVirtualAddressSpaceEx", result, HVTLFS_STATUS_SUCCESS, 0);

	rc = hvtlfs_post_message_build(in_page, HVTLFS_PAGE_SIZE, 7, 1, "hello", 5, &p);
	say_rc("slow: HvPostMessage build", rc, HVTLFS_OK);
	con_hex_field("slow: control ", p.control, 16);
	con_hex_field(" header ", in_page[0], 16);
	con_hex_field(" ", in_page[1], 16);
	check(p.control == 0x000000000000005Cull && p.input_size == 256 && in_page[0] == 0x7 &&
	      in_page[1] == 0x0000000500000001ull);
	result = hvtlfs_hypercall_slow(p.control, HOBBY_INPUT_PAGE_GPA, 0);
	say_result("slow: HvPostMessage", result, HVTLFS_STATUS_SUCCESS, 0);
}

static void test_rep(void)
{
	static const struct hvtlfs_range ranges[] = {
		{ 0x00400000, 0x1000 }, { 0x00800000, 0x1000 }, { 0x00801000, 0x2000 },
		{ 0x10000000, 0x1000 }, { 0x20000000, 0x2000 }, { 0x7FFF0000, 0x10000 },
	};
	uint64_t entries[8], result = 0;
	size_t needed = 0;
	uint32_t calls;
	struct hvtlfs_prepared p;
	int rc;

	rc = hvtlfs_ranges_encode(entries, 8, ranges, 6, HVTLFS_RANGE_FORMAT_GVA_SIMPLE, &needed);
	say_entries("rep: GVA ranges encode: 6 ranges, ", rc);
	/* Adjacent ranges coalesce: 6 ranges, 5 entries (page number << 12 | pages - 1). */
	check(rc == 5 && needed == 5 && entries[0] == 0x400000 && entries[1] == 0x800002 &&
	      entries[2] == 0x10000000 && entries[3] == 0x20000001 && entries[4] == 0x7FFF000F);

	rc = hvtlfs_flush_build_list(in_page, HVTLFS_PAGE_SIZE, 0x5000, 0, 0x1, entries, 5, 0, &p);
	say_rc("rep: HvFlushVirtualAddressList build", rc, HVTLFS_OK);
	con_hex_field("rep: control ", p.control, 16);
	check(p.control == 0x0000000500000003ull);
	calls = hv_calls();
	rc = hvtlfs_hypercall_rep(p.control, HOBBY_INPUT_PAGE_GPA, 0, &result);
	say_rc("rep: HvFlushVirtualAddressList with continuation", rc, HVTLFS_OK);
	say_result("rep: final result", result, HVTLFS_STATUS_SUCCESS, 5);
	con_dec_field("rep: hypercalls for 5 reps, 2 a call: ", hv_calls() - calls);
	check(hv_calls() - calls == 3);

	/* The same list with the TLFS continuation: one call as the guest sees it. */
	hv_set_transparent_continuation(1);
	calls = hv_calls();
	result = hvtlfs_hypercall_slow(p.control, HOBBY_INPUT_PAGE_GPA, 0);
	hv_set_transparent_continuation(0);
	say_result("rep: same list, continued by the hypervisor", result, HVTLFS_STATUS_SUCCESS, 5);
	con_dec_field("rep: VMCALLs executed for one hvtlfs_hypercall_slow(): ",
		      hv_calls() - calls);
	check(hv_calls() - calls == 3);
}

static void test_gpa(void)
{
	static const struct hvtlfs_range ranges[] = {
		{ 0x00100000, 0x4000 },
		{ 0x00200000, 0x1000 },
		{ 0x40000000, 0x1000 },
	};
	uint64_t entries[4], result = 0;
	size_t needed = 0;
	struct hvtlfs_prepared p;
	int rc;

	rc = hvtlfs_gpa_flush_build_space(in_page, HVTLFS_PAGE_SIZE, 0x7000, 0, &p);
	say_rc("gpa: HvFlushGuestPhysicalAddressSpace build", rc, HVTLFS_OK);
	result = hvtlfs_hypercall_slow(p.control, HOBBY_INPUT_PAGE_GPA, 0);
	say_result("gpa: HvFlushGuestPhysicalAddressSpace", result, HVTLFS_STATUS_SUCCESS, 0);

	rc = hvtlfs_ranges_encode(entries, 4, ranges, 3, HVTLFS_RANGE_FORMAT_GPA, &needed);
	say_entries("gpa: GPA ranges encode: 3 ranges, ", rc);
	/* Base PFN << 12 | pages - 1. */
	check(rc == 3 && entries[0] == 0x100003 && entries[1] == 0x200000 &&
	      entries[2] == 0x40000000);
	rc = hvtlfs_gpa_flush_build_list(in_page, HVTLFS_PAGE_SIZE, 0x7000, entries, 3, 0, &p);
	say_rc("gpa: HvFlushGuestPhysicalAddressList build", rc, HVTLFS_OK);
	con_hex_field("gpa: control ", p.control, 16);
	check(p.control == 0x00000003000000B0ull && p.input_size == 40);
	rc = hvtlfs_hypercall_rep(p.control, HOBBY_INPUT_PAGE_GPA, 0, &result);
	say_rc("gpa: HvFlushGuestPhysicalAddressList", rc, HVTLFS_OK);
	say_result("gpa: final result", result, HVTLFS_STATUS_SUCCESS, 3);
}

static void test_errors(void)
{
	uint64_t control = 0, result = 0;
	uint32_t calls;
	struct hvtlfs_prepared p;
	int rc;

	result = hvtlfs_hypercall_slow(0x7FFF, HOBBY_INPUT_PAGE_GPA, 0);
	say_result("error: unknown call code 0x7fff", result, HVTLFS_STATUS_INVALID_HYPERCALL_CODE,
		   0);

	rc = hvtlfs_flush_build_space(in_page, HVTLFS_PAGE_SIZE, 0x5000, 0, 0x1, 0, &p);
	say_rc("error: HvFlushVirtualAddressSpace build", rc, HVTLFS_OK);
	result = hvtlfs_hypercall_slow(p.control, HOBBY_INPUT_PAGE_GPA + 4, 0);
	say_result("error: input GPA not 8-byte aligned", result, HVTLFS_STATUS_INVALID_ALIGNMENT,
		   0);
	result = hvtlfs_hypercall_slow(p.control, HOBBY_INPUT_PAGE_GPA + HVTLFS_PAGE_SIZE - 16, 0);
	say_result("error: input crossing a page", result, HVTLFS_STATUS_INVALID_ALIGNMENT, 0);

	/* Ex call whose variable header (1) disagrees with valid_bank_mask (2 banks). */
	rc = hvtlfs_control_encode(&control, HVTLFS_CALL_FLUSH_VIRTUAL_ADDRESS_SPACE_EX, 0, 1, 0,
				   0);
	say_rc("error: control with variable header 1", rc, HVTLFS_OK);
	in_page[0] = 0x5000;
	in_page[1] = 0;
	in_page[2] = HVTLFS_GENERIC_SET_SPARSE_4K;
	in_page[3] = 0x5;
	in_page[4] = 0x21;
	result = hvtlfs_hypercall_slow(control, HOBBY_INPUT_PAGE_GPA, 0);
	say_result("error: bank count differs from the variable header", result,
		   HVTLFS_STATUS_INVALID_HYPERCALL_INPUT, 0);

	/* NON_GLOBAL_MAPPINGS_ONLY is invalid on the list calls: the builder refuses it... */
	rc = hvtlfs_flush_build_list(in_page, HVTLFS_PAGE_SIZE, 0x5000,
				     HVTLFS_FLUSH_NON_GLOBAL_MAPPINGS_ONLY, 0x1, in_page, 1, 0, &p);
	say_rc("error: list build with NON_GLOBAL_MAPPINGS_ONLY", rc, HVTLFS_ERR_BAD_FLAGS);
	/* ...and the hypervisor too, when a guest sends it anyway. */
	in_page[0] = 0x5000;
	in_page[1] = HVTLFS_FLUSH_NON_GLOBAL_MAPPINGS_ONLY;
	in_page[2] = 0x1;
	in_page[3] = 0x400000;
	rc = hvtlfs_hypercall_rep(0x0000000100000003ull, HOBBY_INPUT_PAGE_GPA, 0, &result);
	say_rc("error: list with NON_GLOBAL_MAPPINGS_ONLY", rc, HVTLFS_ERR_HV_STATUS);
	say_result("error: its result", result, HVTLFS_STATUS_INVALID_PARAMETER, 0);

	/* A fast call with more input than RDX and R8 hold, to a partition without
	 * XMM input: the hypervisor raises #UD (the guest's fixup skips the call). */
	rc = hvtlfs_control_encode(&control, HVTLFS_CALL_FLUSH_VIRTUAL_ADDRESS_SPACE_EX,
				   HVTLFS_CTL_FAST, 2, 0, 0);
	say_rc("error: fast HvFlushVirtualAddressSpaceEx control, 48 bytes", rc, HVTLFS_OK);
	hv_set_xmm_input(0);
	trap_arm_ud_fixup(1);
	result = hvtlfs_hypercall_fast16(control, 0x5000, 0);
	trap_arm_ud_fixup(0);
	hv_set_xmm_input(1);
	con_dec_field("error: without XMM input: #UD taken ", trap_ud_fixups());
	check(trap_ud_fixups() == 1 && result == TRAP_UD_RESULT);

	/* Refused by the wrappers: no hypercall is made. */
	calls = hv_calls();
	rc = hvtlfs_hypercall_rep(0x0000000000000003ull, HOBBY_INPUT_PAGE_GPA, 0, &result);
	say_rc("error: rep call with rep count 0", rc, HVTLFS_ERR_REP_COUNT_ZERO);
#if HVTLFS_HYPERCALL_METHOD == HVTLFS_HYPERCALL_METHOD_PAGE
	hvtlfs_hypercall_page = NULL;
	rc = hvtlfs_hypercall_fast(0x0008, in_page, 8, &result);
	hvtlfs_hypercall_page = (void *)(uintptr_t)HOBBY_HYPERCALL_PAGE_GPA;
	say_rc("error: no hypercall page", rc, HVTLFS_ERR_NO_HYPERCALL_PAGE);
#endif
	con_dec_field("error: hypercalls made by refused wrappers ", hv_calls() - calls);
	check(hv_calls() == calls);
}

void kmain(uint32_t magic, uint32_t info)
{
	(void)info;
	con_init();
	con_puts("\nhobby-os: boot " HVTLFS_ARCH_NAME "\n");
#if HVTLFS_HYPERCALL_METHOD == HVTLFS_HYPERCALL_METHOD_PAGE
	con_puts("hobby-os: hvtlfs calls through the hypercall page\n");
#elif HVTLFS_HYPERCALL_METHOD == HVTLFS_HYPERCALL_METHOD_VMCALL
	con_puts("hobby-os: hvtlfs calls with VMCALL\n");
#endif
	con_hex_field("hobby-os: multiboot magic ", magic, 8);
	check(magic == 0x2BADB002u);
	idt_init();

	test_raw_vmcall();
	test_bringup();
	test_fast();
	test_slow();
	test_rep();
	test_gpa();
#if HOBBY_HAS_XMM
	test_xmm();
#endif
	test_plan(&features);
	test_errors();

	say_rc("shutdown: VP assist page disable", hvtlfs_vp_assist_disable(&hv_msr_ops),
	       HVTLFS_OK);
	say_rc("shutdown: hypercall page disable", hvtlfs_hypercall_page_disable(&hv_msr_ops),
	       HVTLFS_OK);
	hvtlfs_hypercall_page = NULL;

	con_dec_field("hobby-os: ", checks_run());
	con_dec_field(" checks, ", checks_failed());
	con_dec_field(" failed, ", hv_calls());
	con_puts(" hypercalls served\n");
	debug_exit(checks_failed() == 0 ? EXIT_PASS : EXIT_FAIL);
}
