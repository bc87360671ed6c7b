/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * hvtlfs::mock, arm64: the fake hypercall trampoline.
 *
 * arm64 has no hypercall page; this is the target of an integrator's own call
 * sequence (HVTLFS_HYPERCALL_METHOD_CUSTOM, e.g. `blr %[hvtlfs_page]`), entered with
 * the registers of an SMCCC hypercall: X0 the function id, X1 the control word, X2/X3
 * the GPAs or X2-X17 the fast input. Saves X0-X30, the condition flags and Q0-Q31
 * (the C code it calls may use any of them) into a frame (struct frame_ in regs.c),
 * and with SVE (hvtlfs_mock_sve_, from HWCAP_SVE) Z0-Z31, P0-P15 and FFR below it:
 * the SMCCC has the callee preserve them (no SVE hint in 0x46000001), and the C code
 * may change them (glibc's string functions use SVE where the CPU has it), while a
 * NEON write to Vn, the reload of Q0-Q31 included, zeroes the bits of Zn above 128.
 * Calls the C dispatcher on a 16-byte aligned stack, then returns with every register
 * reloaded from the saved state: the dispatcher has put the result in X0 and garbage
 * in each register the hypervisor may change that is no output.
 */
	.arch_extension sve
	.text
	.globl	hvtlfs_mock_page_entry_
	.hidden	hvtlfs_mock_page_entry_
	.type	hvtlfs_mock_page_entry_, %function
	.p2align 4
hvtlfs_mock_page_entry_:
	.cfi_startproc
	sub	sp, sp, #768
	.cfi_adjust_cfa_offset 768
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
	mrs	x9, nzcv
	stp	x30, x9, [sp, #240]
	.cfi_rel_offset x19, 152
	.cfi_rel_offset x29, 232
	.cfi_rel_offset x30, 240
	add	x9, sp, #256
	stp	q0, q1, [x9], #32
	stp	q2, q3, [x9], #32
	stp	q4, q5, [x9], #32
	stp	q6, q7, [x9], #32
	stp	q8, q9, [x9], #32
	stp	q10, q11, [x9], #32
	stp	q12, q13, [x9], #32
	stp	q14, q15, [x9], #32
	stp	q16, q17, [x9], #32
	stp	q18, q19, [x9], #32
	stp	q20, q21, [x9], #32
	stp	q22, q23, [x9], #32
	stp	q24, q25, [x9], #32
	stp	q26, q27, [x9], #32
	stp	q28, q29, [x9], #32
	stp	q30, q31, [x9], #32
	mov	x19, sp			/* the frame: X19 is kept by the C code */
	.cfi_def_cfa_register x19
	adrp	x9, hvtlfs_mock_sve_
	ldr	w9, [x9, :lo12:hvtlfs_mock_sve_]
	cbz	w9, 1f
	addvl	sp, sp, #-32		/* Z0-Z31 */
	addvl	sp, sp, #-3		/* P0-P15 and FFR: 17 of VL / 8 bytes */
	.irp n, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	str	z\n, [sp, #\n, mul vl]
	.endr
	addvl	x9, sp, #16
	addvl	x9, x9, #16
	.irp n, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15
	str	p\n, [x9, #\n, mul vl]
	.endr
	rdffr	p0.b
	str	p0, [x9, #16, mul vl]
1:
	mov	x0, x19
	bl	hvtlfs_mock_page_dispatch_
	add	x9, x19, #256
	ldp	q0, q1, [x9], #32
	ldp	q2, q3, [x9], #32
	ldp	q4, q5, [x9], #32
	ldp	q6, q7, [x9], #32
	ldp	q8, q9, [x9], #32
	ldp	q10, q11, [x9], #32
	ldp	q12, q13, [x9], #32
	ldp	q14, q15, [x9], #32
	ldp	q16, q17, [x9], #32
	ldp	q18, q19, [x9], #32
	ldp	q20, q21, [x9], #32
	ldp	q22, q23, [x9], #32
	ldp	q24, q25, [x9], #32
	ldp	q26, q27, [x9], #32
	ldp	q28, q29, [x9], #32
	ldp	q30, q31, [x9], #32
	mov	x9, sp
	cmp	x9, x19
	b.eq	2f			/* no SVE area below the frame */
	addvl	x9, sp, #16		/* after the Q reload: it zeroed the Z bits above 128 */
	addvl	x9, x9, #16
	ldr	p0, [x9, #16, mul vl]
	wrffr	p0.b
	.irp n, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15
	ldr	p\n, [x9, #\n, mul vl]
	.endr
	.irp n, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	ldr	z\n, [sp, #\n, mul vl]
	.endr
	mov	sp, x19
2:
	.cfi_def_cfa_register sp
	ldp	x30, x9, [sp, #240]
	msr	nzcv, x9
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
	add	sp, sp, #768
	.cfi_adjust_cfa_offset -768
	ret
	.cfi_endproc
	.size	hvtlfs_mock_page_entry_, . - hvtlfs_mock_page_entry_

	.section .note.GNU-stack, "", %progbits
