/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * test_mock_state, arm64: a caller that keeps values in the vector registers across
 * a mocked hypercall, and a handler that changes them all.
 *
 * void ms_probe(void *page, uint64_t control, const void *in, void *out, unsigned level)
 *   Loads the state from @in, makes the SMCCC hypercall (X0 0x46000001, X1 @control,
 *   X2 and X3 zero: a slow call with no input) by `blr` to @page, or by `hvc #0` when
 *   @page is NULL, and stores the state to @out. Level 0: V0-V31 (16 bytes each, from
 *   byte 0); 1 (SVE): Z0-Z31 (VL bytes each, from byte 512), then P0-P15 (VL / 8 bytes
 *   each), then FFR (VL / 8 bytes; a monotonic value: WRFFR takes no other).
 * void ms_hostile(unsigned level)
 *   Changes every register of the level: V0-V31, and from level 1 every Z and P
 *   register and FFR (it keeps D8-D15, as AAPCS64 wants of a function).
 * uint64_t ms_vl(void)
 *   The SVE vector length in bytes (RDVL): call only with HWCAP_SVE.
 */
	.arch_extension sve
	.text
	.globl	ms_probe
	.type	ms_probe, %function
	.p2align 2
ms_probe:
	stp	x29, x30, [sp, #-112]!
	mov	x29, sp
	stp	x19, x20, [sp, #16]
	stp	x21, x22, [sp, #32]
	stp	d8, d9, [sp, #48]
	stp	d10, d11, [sp, #64]
	stp	d12, d13, [sp, #80]
	stp	d14, d15, [sp, #96]
	mov	x19, x3			/* out: the call keeps X19-X30 */
	mov	x20, x0			/* page */
	mov	x21, x1			/* control */
	mov	w22, w4			/* level */
	cbnz	w22, 1f
	mov	x9, x2
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
	b	3f
1:
	add	x9, x2, #512
	.irp n, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	ldr	z\n, [x9, #\n, mul vl]
	.endr
	addvl	x9, x9, #16
	addvl	x9, x9, #16		/* the P registers */
	ldr	p0, [x9, #16, mul vl]
	wrffr	p0.b
	.irp n, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15
	ldr	p\n, [x9, #\n, mul vl]
	.endr
3:
	movz	x0, #0x0001
	movk	x0, #0x4600, lsl #16	/* the SMCCC function id of a Hyper-V hypercall */
	mov	x1, x21
	mov	x2, xzr
	mov	x3, xzr
	cbz	x20, 4f
	blr	x20
	b	5f
4:
	hvc	#0
5:
	cbnz	w22, 6f
	mov	x9, x19
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
	b	7f
6:
	add	x9, x19, #512
	.irp n, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	str	z\n, [x9, #\n, mul vl]
	.endr
	addvl	x9, x9, #16
	addvl	x9, x9, #16
	.irp n, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15
	str	p\n, [x9, #\n, mul vl]
	.endr
	rdffr	p0.b
	str	p0, [x9, #16, mul vl]
7:
	ldp	d14, d15, [sp, #96]
	ldp	d12, d13, [sp, #80]
	ldp	d10, d11, [sp, #64]
	ldp	d8, d9, [sp, #48]
	ldp	x21, x22, [sp, #32]
	ldp	x19, x20, [sp, #16]
	ldp	x29, x30, [sp], #112
	ret
	.size	ms_probe, . - ms_probe

	.globl	ms_hostile
	.type	ms_hostile, %function
	.p2align 2
ms_hostile:
	stp	d8, d9, [sp, #-64]!
	stp	d10, d11, [sp, #16]
	stp	d12, d13, [sp, #32]
	stp	d14, d15, [sp, #48]
	.irp n, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	movi	v\n\().16b, #0xA5
	.endr
	cbz	w0, 1f
	.irp n, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	dup	z\n\().b, #0x5A
	.endr
	.irp n, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15
	ptrue	p\n\().b
	.endr
	setffr
1:
	ldp	d14, d15, [sp, #48]
	ldp	d12, d13, [sp, #32]
	ldp	d10, d11, [sp, #16]
	ldp	d8, d9, [sp], #64
	ret
	.size	ms_hostile, . - ms_hostile

	.globl	ms_vl
	.type	ms_vl, %function
	.p2align 2
ms_vl:
	rdvl	x0, #1
	ret
	.size	ms_vl, . - ms_vl

	.section .note.GNU-stack, "", %progbits
