/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * IDT and exception dispatch. #UD on a VMCALL (0F 01 C1) or VMMCALL (0F 01 D9)
 * is a hypercall: read the registers per the TLFS contract, let hv.c serve it,
 * write the result registers and step over the 3-byte instruction (or, for a
 * TLFS continuation, write the advanced control word and leave the IP on the
 * instruction so that it runs again).
 */
#include "console.h"
#include "cpu.h"
#include "hv.h"
#include "trap.h"

extern const uintptr_t isr_table[32];

static struct idt_gate idt[32];

void idt_init(void)
{
	struct idt_desc d;
	unsigned int i;

	for (i = 0; i < 32; i++) {
		uintptr_t a = isr_table[i];
		idt[i].off_lo = (uint16_t)a;
		idt[i].sel = 0x08;
		idt[i].type = 0x8E; /* present, ring 0, interrupt gate */
#if defined(__x86_64__)
		idt[i].ist = 0;
		idt[i].off_mid = (uint16_t)(a >> 16);
		idt[i].off_hi = (uint32_t)(a >> 32);
		idt[i].zero = 0;
#else
		idt[i].zero = 0;
		idt[i].off_hi = (uint16_t)(a >> 16);
#endif
	}
	d.limit = (uint16_t)(sizeof(idt) - 1);
	d.base = (uintptr_t)idt;
	lidt(&d);
}

/* Any exception the kernel does not expect ends the run with the failure code. */
static void fatal(const struct trap_frame *f) __attribute__((noreturn));
static void fatal(const struct trap_frame *f)
{
	con_dec_field("hobby-os: unexpected exception ", (uint32_t)f->vector);
	con_hex_field(" error ", f->error, 8);
	con_hex_field(" at ", f->ip, sizeof(reg_t) * 2);
	con_puts("\n");
	debug_exit(EXIT_FAIL);
}

static int ud_fixup_armed;
static uint32_t ud_fixups;

void trap_arm_ud_fixup(int on)
{
	ud_fixup_armed = on;
}

uint32_t trap_ud_fixups(void)
{
	return ud_fixups;
}

/* The #UD the hypervisor raised reaches the guest: fixed up if armed, else fatal. */
static void guest_ud(struct trap_frame *f)
{
	if (!ud_fixup_armed)
		fatal(f);
	ud_fixups++;
#if defined(__x86_64__)
	f->rax = TRAP_UD_RESULT;
#else
	f->eax = (uint32_t)TRAP_UD_RESULT;
	f->edx = (uint32_t)(TRAP_UD_RESULT >> 32);
#endif
	f->ip += 3;
}

static int is_hypercall_insn(const uint8_t *ip)
{
	return ip[0] == 0x0F && ip[1] == 0x01 && (ip[2] == 0xC1 || ip[2] == 0xD9);
}

static void serve_hypercall(struct trap_frame *f)
{
	struct hv_regs r;
	uint64_t result;
	unsigned int i;
	int action;

#if defined(__x86_64__)
	r.control = f->rcx;
	r.in = f->rdx;
	r.out = f->r8;
	for (i = 0; i < 6; i++) {
		r.xmm[i][0] = f->xmm[i][0];
		r.xmm[i][1] = f->xmm[i][1];
	}
	r.has_xmm = 1;
	result = hv_hypercall(&r, &action);
	if (action == HV_RAISE_UD) {
		guest_ud(f);
		return;
	}
	if (action == HV_RETURN)
		f->rax = result;
	f->rcx = r.control;
	f->rdx = r.in;
	f->r8 = r.out;
	for (i = 0; i < 6; i++) {
		f->xmm[i][0] = r.xmm[i][0];
		f->xmm[i][1] = r.xmm[i][1];
	}
#else
	r.control = ((uint64_t)f->edx << 32) | f->eax;
	r.in = ((uint64_t)f->ebx << 32) | f->ecx;
	r.out = ((uint64_t)f->edi << 32) | f->esi;
	for (i = 0; i < 6; i++) {
		r.xmm[i][0] = 0;
		r.xmm[i][1] = 0;
	}
	r.has_xmm = 0;
	result = hv_hypercall(&r, &action);
	if (action == HV_RAISE_UD) {
		guest_ud(f);
		return;
	}
	if (action == HV_RESTART) {
		/* EDX:EAX is the control word again when the call is re-executed. */
		f->eax = (uint32_t)r.control;
		f->edx = (uint32_t)(r.control >> 32);
		return;
	}
	f->eax = (uint32_t)result;
	f->edx = (uint32_t)(result >> 32);
#endif
	if (action == HV_RESTART)
		return;
	f->ip += 3;
}

void trap(struct trap_frame *f);

void trap(struct trap_frame *f)
{
	if (f->vector == 6 && is_hypercall_insn((const uint8_t *)f->ip)) {
		serve_hypercall(f);
		return;
	}
	fatal(f);
}
