/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The arm64 hobby kernel (QEMU virt, -M virt,virtualization=on): a freestanding
 * guest at EL1 that embeds hvtlfs and brings itself up the way Linux does on Hyper-V
 * arm64 guests: the SMCCC vendor-hypervisor UID, the guest OS id written first,
 * features and the VP index read as synthetic registers, then a flush, an IPI, a rep
 * flush list and a register read through hvtlfs's wrappers (`hvc #0`). The hypervisor
 * is the kernel's own EL2 half (boot_arm64.S, hv_arm64.c).
 */
#include "console.h"

#include "hvtlfs/arch.h"
#include "hvtlfs/bringup.h"
#include "hvtlfs/catalog.h"
#include "hvtlfs/control.h"
#include "hvtlfs/error.h"
#include "hvtlfs/flush.h"
#include "hvtlfs/hypercall.h"
#include "hvtlfs/ranges.h"
#include "hvtlfs/registers.h"
#include "hvtlfs/tlfs.h"

void kmain(uint64_t at_el1);
uint32_t hv_calls(void);

/* The input page of slow calls: MMU off, so its address is its GPA. */
static uint64_t in_page[HVTLFS_PAGE_SIZE / 8u] __attribute__((aligned(4096)));

static void say_rc(const char *what, int rc, int want)
{
	con_puts(what);
	con_puts(": ");
	con_puts(hvtlfs_strerror(rc));
	check(rc == want);
}

static void say_result(const char *what, uint64_t result, uint16_t want_status, uint32_t want_reps)
{
	con_puts(what);
	con_puts(": ");
	con_puts(hvtlfs_status_name(hvtlfs_result_status(result)));
	if (want_reps != 0 || hvtlfs_result_reps_completed(result) != 0)
		con_dec_field(", reps completed ", hvtlfs_result_reps_completed(result));
	check(hvtlfs_result_status(result) == want_status &&
	      hvtlfs_result_reps_completed(result) == want_reps);
}

static void test_bringup(void)
{
	static const struct hvtlfs_vpreg_ops ops = HVTLFS_VPREG_OPS_NATIVE;
	struct hvtlfs_features f;
	uint32_t uid[4], vp = 0xFFFFFFFFu;
	uint64_t id = 0, v[2] = { 0, 0 };
	int rc;

	hvtlfs_smccc_call_uid_native(uid);
	say_rc("bring-up: SMCCC vendor-hypervisor UID", hvtlfs_smccc_uid_check(uid), HVTLFS_OK);
	/* OS type 0x7F: no type is allocated to this hobby OS; version 1, build 2. */
	rc = hvtlfs_guest_os_id_encode(&id, 0x7F, 0, 1, 2);
	say_rc("bring-up: guest OS ID encode", rc, HVTLFS_OK);
	con_hex_field("bring-up: guest OS ID ", id, 16);
	check(id == 0xFF00000000010002ull);
	rc = hvtlfs_guest_os_id_set_vpreg(&ops, id);
	say_rc("bring-up: guest OS ID through HvRegisterGuestOsId", rc, HVTLFS_OK);
	rc = hvtlfs_detect_vpregs(&f, NULL, &ops);
	say_rc("bring-up: detect through the synthetic registers", rc, HVTLFS_OK);
	con_dec_field("bring-up: Hyper-V ", f.version.major);
	con_dec_field(".", f.version.minor);
	con_dec_field(" build ", f.version.build);
	con_dec_field(", max VPs ", f.max_vps);
	con_hex_field(", privileges ", f.privileges, 16);
	check(f.version.build == 26100 && f.max_vps == 8 && f.hypercall_msrs && f.vp_index_msr &&
	      f.signal_events && !f.xmm_input);
	rc = hvtlfs_vp_index_read_vpreg(&ops, &vp);
	say_rc("bring-up: VP index", rc, HVTLFS_OK);
	con_dec_field("bring-up: VP index ", vp);
	check(vp == 0);
	rc = hvtlfs_vpreg_get_native(NULL, HVTLFS_REGISTER_GUEST_OS_ID, v);
	say_rc("register: HvRegisterGuestOsId read", rc, HVTLFS_OK);
	con_hex_field("register: value ", v[0], 16);
	check(v[0] == id && v[1] == 0);
	rc = hvtlfs_vpreg_get_native(NULL, HVTLFS_REGISTER_TIME_REF_COUNT, v);
	say_rc("register: HvRegisterTimeRefCount (not served)", rc, HVTLFS_ERR_HV_STATUS);
	rc = hvtlfs_vpreg_get_native(NULL, 0x7FFF0000u, v);
	say_rc("register: unknown name", rc, HVTLFS_ERR_UNKNOWN_REGISTER);
	rc = hvtlfs_msr_read_native(NULL, HVTLFS_MSR_VP_INDEX, v);
	say_rc("register: an x86 MSR on arm64", rc, HVTLFS_ERR_ARCH_NO_MSR);
}

static void test_calls(void)
{
	static const struct hvtlfs_range gva[] = { { 0x400000u, 4096u },
						   { 0x800000u, 3u * 4096u },
						   { 0x10000000u, 4096u } };
	uint64_t image[2] = { 0, 0 }, entries[8], result = 0;
	struct hvtlfs_prepared p;
	size_t needed = 0;
	uint32_t calls;
	int rc, n;

	/* Flush: HvFlushVirtualAddressSpace, VPs {0,1,5}, slow. */
	rc = hvtlfs_flush_build_space(in_page, HVTLFS_PAGE_SIZE, 0x5000, 0, 0x23, 0, &p);
	say_rc("slow: HvFlushVirtualAddressSpace build", rc, HVTLFS_OK);
	result = hvtlfs_hypercall_slow(p.control, (uint64_t)(uintptr_t)in_page, 0);
	say_result("slow: HvFlushVirtualAddressSpace", result, HVTLFS_STATUS_SUCCESS, 0);

	/* IPI: HvSendSyntheticClusterIpi, vector 0x30 to VPs {1,2}, fast (X2, X3). */
	rc = hvtlfs_ipi_build(image, sizeof(image), 0x30, 0, 0x6, HVTLFS_CTL_FAST, &p);
	say_rc("fast: HvSendSyntheticClusterIpi build", rc, HVTLFS_OK);
	result = hvtlfs_hypercall_fast16(p.control, image[0], image[1]);
	say_result("fast: HvSendSyntheticClusterIpi", result, HVTLFS_STATUS_SUCCESS, 0);

	/* Rep: HvFlushVirtualAddressList of 3 ranges; the hypervisor serves 2 a call and
	 * continues transparently (X1 rewritten, the hvc re-executed). */
	n = hvtlfs_ranges_encode(entries, 8, gva, 3, HVTLFS_RANGE_FORMAT_GVA_SIMPLE, &needed);
	con_dec_field("rep: GVA ranges encode: entries ", (uint32_t)n);
	check(n == 3);
	rc = hvtlfs_flush_build_list(in_page, HVTLFS_PAGE_SIZE, 0x5000, 0, 0x1, entries,
				     (uint32_t)n, 0, &p);
	say_rc("rep: HvFlushVirtualAddressList build", rc, HVTLFS_OK);
	con_hex_field("rep: control ", p.control, 16);
	check(p.control == 0x0000000300000003ull);
	calls = hv_calls();
	rc = hvtlfs_hypercall_rep(p.control, (uint64_t)(uintptr_t)in_page, 0, &result);
	say_rc("rep: HvFlushVirtualAddressList", rc, HVTLFS_OK);
	say_result("rep: final result", result, HVTLFS_STATUS_SUCCESS, 3);
	con_dec_field("rep: hvc executed for one wrapper call: ", hv_calls() - calls);
	check(hv_calls() - calls == 2);

	/* Bad input: a fast call too big for the registers, a NULL output. */
	rc = hvtlfs_hypercall_regs(0x0050, in_page, 129, 0, 0, &result);
	say_rc("error: 129 bytes of fast input", rc, HVTLFS_ERR_FAST_TOO_BIG);
	rc = hvtlfs_hypercall_regs(0x0050, in_page, 20, 0, 16, &result);
	say_rc("error: fast output without a buffer", rc, HVTLFS_ERR_NULL);
}

void kmain(uint64_t at_el1)
{
	uint32_t calls;

	con_init();
	con_puts("\nhobby-os: boot " HVTLFS_ARCH_NAME "\n");
	con_puts("hobby-os: hvtlfs calls with hvc #0 (SMCCC)\n");
	con_puts("hobby-os: guest at EL1, hypervisor stub at EL2");
	check(at_el1 == 1);
	if (at_el1 != 1)
		debug_exit(EXIT_FAIL);
	test_bringup();
	test_calls();
	calls = hv_calls();
	con_dec_field("hobby-os: ", checks_run());
	con_dec_field(" checks, ", checks_failed());
	con_dec_field(" failed, ", calls);
	con_puts(" hypercalls served\n");
	debug_exit(checks_failed() == 0 ? EXIT_PASS : EXIT_FAIL);
}
