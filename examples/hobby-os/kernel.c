/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A freestanding multiboot kernel that embeds hvtlfs and plays the Hyper-V
 * hypervisor to itself: every hypercall it issues traps (#UD under TCG, which
 * has no VMX) into hv.c, which decodes it with hvtlfs and answers.
 */
#include "console.h"
#include "cpu.h"
#include "hv.h"
#include "trap.h"

#include "hvtlfs/arch.h"
#include "hvtlfs/control.h"
#include "hvtlfs/tlfs.h"

void kmain(uint32_t magic, uint32_t info);

/* The kernel's own VMCALL, before any hvtlfs wrapper: the register contract by hand. */
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
	uint64_t control, result;

	if (hvtlfs_control_build(&control, HVTLFS_CALL_NOTIFY_LONG_SPIN_WAIT, HVTLFS_CTL_FAST, 0, 0,
				 0) != HVTLFS_OK) {
		con_puts("raw vmcall: control build failed");
		check(0);
		return;
	}
	result = raw_vmcall(control, 42, 0);
	con_puts("raw vmcall: HvNotifyLongSpinWait fast, result ");
	con_hex(result, 16);
	check(result == 0 && hv_calls() == 1);

	result = raw_vmcall(0x00000000FFFF0000ull | HVTLFS_CALL_NOTIFY_LONG_SPIN_WAIT, 0, 0);
	con_puts("raw vmcall: reserved control bits, status ");
	con_hex(hvtlfs_result_status(result), 4);
	check(hvtlfs_result_status(result) == HVTLFS_STATUS_INVALID_HYPERCALL_INPUT);
}

void kmain(uint32_t magic, uint32_t info)
{
	(void)info;
	con_init();
	con_puts("\nhobby-os: boot " HVTLFS_ARCH_NAME "\n");
	con_puts("hobby-os: multiboot magic ");
	con_hex(magic, 8);
	check(magic == 0x2BADB002u);
	idt_init();

	test_raw_vmcall();

	con_puts("hobby-os: ");
	con_dec(checks_run());
	con_puts(" checks, ");
	con_dec(checks_failed());
	con_puts(" failed, ");
	con_dec(hv_calls());
	con_puts(" hypercalls served\n");
	debug_exit(checks_failed() == 0 ? EXIT_PASS : EXIT_FAIL);
}
