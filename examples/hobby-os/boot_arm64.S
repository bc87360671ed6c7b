/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * arm64 entry (QEMU virt, -M virt,virtualization=on: the CPU starts at EL2 at the ELF's
 * entry point, MMU off). EL2 becomes the "hypervisor": its vector table takes the HVC
 * exceptions of EL1 (ESR_EL2.EC 0x16, VBAR_EL2 + 0x400) into hv_arm64.c. Then the
 * kernel drops to EL1 (AArch64, HCR_EL2.RW; `hvc` enabled: HCR_EL2.HCD clear) and runs
 * kmain() there, a guest whose hvtlfs wrappers execute `hvc #0`.
 */
	.section .text.boot, "ax"
	.globl	_start
_start:
	mrs	x0, CurrentEL
	lsr	x0, x0, #2
	cmp	x0, #2
	b.ne	1f
	ldr	x0, =el2_stack_top
	mov	sp, x0
	ldr	x0, =__bss_start
	ldr	x1, =__bss_end
2:	cmp	x0, x1
	b.hs	3f
	str	xzr, [x0], #8
	b	2b
3:	ldr	x0, =el2_vectors
	msr	vbar_el2, x0
	/* HCR_EL2: RW (bit 31) = EL1 is AArch64; HCD (bit 29) = 0 keeps HVC enabled;
	 * nothing trapped, no stage 2. */
	mov	x0, #(1 << 31)
	msr	hcr_el2, x0
	/* CPTR_EL2: its RES1 bits, no FP/SIMD trap. */
	mov	x0, #0x33ff
	msr	cptr_el2, x0
	/* SCTLR_EL1: its RES1 bits; MMU and caches off. */
	ldr	x0, =0x30d00800
	msr	sctlr_el1, x0
	/* Enter EL1h with DAIF masked at el1_entry. */
	mov	x0, #0x3c5
	msr	spsr_el2, x0
	adr	x0, el1_entry
	msr	elr_el2, x0
	isb
	eret
	/* Not started at EL2 (virtualization=off): report it from EL1 as is. */
1:	ldr	x0, =el1_stack_top
	mov	sp, x0
	mov	x0, #0
	bl	kmain
	b	.

el1_entry:
	ldr	x0, =el1_stack_top
	mov	sp, x0
	mov	x0, #1
	bl	kmain
4:	wfi
	b	4b

/* The EL2 vector table: 16 entries of 0x80 bytes, 2 KiB aligned. Only a synchronous
 * exception from EL1 in AArch64 (+0x400) is expected; anything else is reported. */
	.macro	unexpected n
	.balign	0x80
	mov	x0, #\n
	mrs	x1, esr_el2
	mrs	x2, elr_el2
	b	el2_unexpected
	.endm

	.balign	0x800
	.globl	el2_vectors
el2_vectors:
	unexpected 0
	unexpected 1
	unexpected 2
	unexpected 3
	unexpected 4
	unexpected 5
	unexpected 6
	unexpected 7
	.balign	0x80
	b	el2_sync_entry
	unexpected 9
	unexpected 10
	unexpected 11
	unexpected 12
	unexpected 13
	unexpected 14
	unexpected 15

/* The guest's X0-X30, ELR_EL2, SPSR_EL2 and ESR_EL2 into a frame (struct el2_frame in
 * hv_arm64.c), the C handler, then everything back (the handler may change the
 * registers and ELR_EL2) and ERET.
 * The X0-X29 save and restore is the same as the arm64 mock's (arch/arm64/mock/page.S)
 * on purpose, and stays a copy: this kernel vendors only include/, src/ and arch/arm64's
 * headers, never the mock (a host-test trampoline with another frame: NZCV and Q0-Q31,
 * entered by BLR and left by RET, where this is an EL2 exception left by ERET). */
el2_sync_entry:
	sub	sp, sp, #272
	stp	x0, x1, [sp, #0]
	stp	x2, x3, [sp, #16]
	stp	x4, x5, [sp, #32]
	stp	x6, x7, [sp, #48]
	stp	x8, x9, [sp, #64]
	stp	x10, x11, [sp, #80]
	stp	x12, x13, [sp, #96]
	stp	x14, x15, [sp, #112]
	stp	x16, x17, [sp, #128]
	stp	x18, x19, [sp, #144]
	stp	x20, x21, [sp, #160]
	stp	x22, x23, [sp, #176]
	stp	x24, x25, [sp, #192]
	stp	x26, x27, [sp, #208]
	stp	x28, x29, [sp, #224]
	mrs	x0, elr_el2
	stp	x30, x0, [sp, #240]
	mrs	x0, spsr_el2
	mrs	x1, esr_el2
	stp	x0, x1, [sp, #256]
	mov	x0, sp
	bl	el2_sync
	ldp	x30, x0, [sp, #240]
	msr	elr_el2, x0
	ldp	x0, x1, [sp, #256]
	msr	spsr_el2, x0
	ldp	x0, x1, [sp, #0]
	ldp	x2, x3, [sp, #16]
	ldp	x4, x5, [sp, #32]
	ldp	x6, x7, [sp, #48]
	ldp	x8, x9, [sp, #64]
	ldp	x10, x11, [sp, #80]
	ldp	x12, x13, [sp, #96]
	ldp	x14, x15, [sp, #112]
	ldp	x16, x17, [sp, #128]
	ldp	x18, x19, [sp, #144]
	ldp	x20, x21, [sp, #160]
	ldp	x22, x23, [sp, #176]
	ldp	x24, x25, [sp, #192]
	ldp	x26, x27, [sp, #208]
	ldp	x28, x29, [sp, #224]
	add	sp, sp, #272
	eret

	.bss
	.balign	16
	.space	16384
el2_stack_top:
	.space	16384
el1_stack_top:

	.section .note.GNU-stack, "", %progbits
