/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * test_mock_state, i386: a caller that keeps values in the vector registers across
 * a call of the fake hypercall page, and a handler that changes them all.
 *
 * void ms_probe(void *page, uint64_t control, const void *in, void *out, unsigned level)
 *   Loads the state from @in, calls @page (EDX:EAX @control, EBX:ECX and EDI:ESI
 *   zero: a slow call with no input), stores the state to @out. Level 0: XMM0-XMM7
 *   (16 bytes at a stride of 32); 1: YMM0-YMM7 (32 bytes each); 2: also ZMM0-ZMM7
 *   (64 bytes each, from byte 256) and K1-K7 (16 bits at a stride of 8, from byte
 *   768). The page changes every general register but EBP and ESP: the arguments
 *   are read from the stack again after it.
 * void ms_hostile(unsigned level)
 *   Changes every register of the level: XMM0-XMM7 (and, from level 1, all of
 *   YMM0-YMM7: VZEROALL), ZMM0-ZMM7 and K1-K7 at level 2.
 * uint64_t ms_xcr0(void)
 *   XCR0 (XGETBV 0): call only with CPUID.1:ECX.OSXSAVE set.
 */
	.text
	.globl	ms_probe
	.type	ms_probe, @function
ms_probe:
	pushl	%ebp
	pushl	%ebx
	pushl	%esi
	pushl	%edi
	/* Arguments: page 20(%esp), control 24 and 28, in 32, out 36, level 40. */
	movl	32(%esp), %esi
	movl	40(%esp), %ebp
	testl	%ebp, %ebp
	jnz	1f
	.irp n, 0,1,2,3,4,5,6,7
	movdqu	(\n * 32)(%esi), %xmm\n
	.endr
	jmp	3f
1:
	.irp n, 0,1,2,3,4,5,6,7
	vmovdqu	(\n * 32)(%esi), %ymm\n
	.endr
	cmpl	$2, %ebp
	jb	3f
	.irp n, 0,1,2,3,4,5,6,7
	vmovdqu64 (256 + \n * 64)(%esi), %zmm\n
	.endr
	.irp n, 1,2,3,4,5,6,7
	kmovw	(768 + (\n - 1) * 8)(%esi), %k\n
	.endr
3:
	movl	24(%esp), %eax
	movl	28(%esp), %edx
	xorl	%ebx, %ebx
	xorl	%ecx, %ecx
	xorl	%edi, %edi
	xorl	%esi, %esi
	call	*20(%esp)
	movl	36(%esp), %ecx
	testl	%ebp, %ebp
	jnz	4f
	.irp n, 0,1,2,3,4,5,6,7
	movdqu	%xmm\n, (\n * 32)(%ecx)
	.endr
	jmp	6f
4:
	.irp n, 0,1,2,3,4,5,6,7
	vmovdqu	%ymm\n, (\n * 32)(%ecx)
	.endr
	cmpl	$2, %ebp
	jb	5f
	.irp n, 0,1,2,3,4,5,6,7
	vmovdqu64 %zmm\n, (256 + \n * 64)(%ecx)
	.endr
	.irp n, 1,2,3,4,5,6,7
	kmovw	%k\n, (768 + (\n - 1) * 8)(%ecx)
	.endr
5:
	vzeroupper
6:
	popl	%edi
	popl	%esi
	popl	%ebx
	popl	%ebp
	ret
	.size	ms_probe, . - ms_probe

	.globl	ms_hostile
	.type	ms_hostile, @function
ms_hostile:
	.irp n, 0,1,2,3,4,5,6,7
	pcmpeqd	%xmm\n, %xmm\n
	.endr
	movl	4(%esp), %eax
	testl	%eax, %eax
	jz	1f
	vzeroall
	cmpl	$2, %eax
	jb	1f
	.irp n, 0,1,2,3,4,5,6,7
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
	ret
	.size	ms_xcr0, . - ms_xcr0

	.section .note.GNU-stack, "", @progbits
