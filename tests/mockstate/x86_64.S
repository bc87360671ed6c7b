/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * test_mock_state, x86_64: a caller that keeps values in the vector registers across
 * a call of the fake hypercall page, and a handler that changes them all.
 *
 * void ms_probe(void *page, uint64_t control, const void *in, void *out, unsigned level)
 *   Loads the state from @in, calls @page (RCX @control, RDX and R8 zero: a slow call
 *   with no input), stores the state to @out. Level 0: XMM6-XMM15 (16 bytes at a
 *   stride of 32); 1: YMM6-YMM15 (32 bytes each); 2: also ZMM16-ZMM31 (64 bytes each,
 *   from byte 320) and K1-K7 (16 bits at a stride of 8, from byte 1344).
 * void ms_hostile(unsigned level)
 *   Changes every register of the level: XMM6-XMM15 (and, from level 1, all of
 *   YMM0-YMM15: VZEROALL), ZMM16-ZMM31 and K1-K7 at level 2.
 * uint64_t ms_xcr0(void)
 *   XCR0 (XGETBV 0): call only with CPUID.1:ECX.OSXSAVE set.
 */
	.text
	.globl	ms_probe
	.type	ms_probe, @function
ms_probe:
	pushq	%rbx
	pushq	%r12
	pushq	%r13
	pushq	%rbp
	movq	%rcx, %rbx		/* out: the page keeps RBX, R12, R13, RBP */
	movq	%rdx, %r12		/* in */
	movq	%rdi, %r13		/* page */
	movl	%r8d, %ebp		/* level */
	testl	%ebp, %ebp
	jnz	1f
	.irp n, 6,7,8,9,10,11,12,13,14,15
	movdqu	((\n - 6) * 32)(%r12), %xmm\n
	.endr
	jmp	3f
1:
	.irp n, 6,7,8,9,10,11,12,13,14,15
	vmovdqu	((\n - 6) * 32)(%r12), %ymm\n
	.endr
	cmpl	$2, %ebp
	jb	3f
	.irp n, 16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	vmovdqu64 (320 + (\n - 16) * 64)(%r12), %zmm\n
	.endr
	.irp n, 1,2,3,4,5,6,7
	kmovw	(1344 + (\n - 1) * 8)(%r12), %k\n
	.endr
3:
	movq	%rsi, %rcx
	xorl	%edx, %edx
	xorl	%r8d, %r8d
	call	*%r13
	testl	%ebp, %ebp
	jnz	4f
	.irp n, 6,7,8,9,10,11,12,13,14,15
	movdqu	%xmm\n, ((\n - 6) * 32)(%rbx)
	.endr
	jmp	6f
4:
	.irp n, 6,7,8,9,10,11,12,13,14,15
	vmovdqu	%ymm\n, ((\n - 6) * 32)(%rbx)
	.endr
	cmpl	$2, %ebp
	jb	5f
	.irp n, 16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	vmovdqu64 %zmm\n, (320 + (\n - 16) * 64)(%rbx)
	.endr
	.irp n, 1,2,3,4,5,6,7
	kmovw	%k\n, (1344 + (\n - 1) * 8)(%rbx)
	.endr
5:
	vzeroupper
6:
	popq	%rbp
	popq	%r13
	popq	%r12
	popq	%rbx
	ret
	.size	ms_probe, . - ms_probe

	.globl	ms_hostile
	.type	ms_hostile, @function
ms_hostile:
	.irp n, 6,7,8,9,10,11,12,13,14,15
	pcmpeqd	%xmm\n, %xmm\n
	.endr
	testl	%edi, %edi
	jz	1f
	vzeroall
	cmpl	$2, %edi
	jb	1f
	.irp n, 16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	vpternlogd $0xff, %zmm\n, %zmm\n, %zmm\n
	.endr
	.irp n, 1,2,3,4,5,6,7
	kxnorw	%k0, %k0, %k\n
	.endr
	vzeroupper
1:
	ret
	.size	ms_hostile, . - ms_hostile

	.globl	ms_xcr0
	.type	ms_xcr0, @function
ms_xcr0:
	xorl	%ecx, %ecx
	xgetbv
	shlq	$32, %rdx
	orq	%rdx, %rax
	ret
	.size	ms_xcr0, . - ms_xcr0

	.section .note.GNU-stack, "", @progbits
