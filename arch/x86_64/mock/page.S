/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * hvtlfs::mock, x86_64: the fake hypercall page.
 *
 * Called exactly like the real page (`call *page`, control in RCX, input in RDX,
 * output in R8, XMM0-XMM5). Saves every general register, the flags and
 * XMM0-XMM15 (the C code it calls may use any of them) into a frame (struct frame_ in regs.c),
 * calls the C dispatcher on a 16-byte aligned stack, then returns with every
 * register reloaded from the frame: the dispatcher has put the result in RAX
 * and garbage in each register the hypervisor may change that is no output.
 */
	.text
	.globl	hvtlfs_mock_page_entry_
	.hidden	hvtlfs_mock_page_entry_
	.type	hvtlfs_mock_page_entry_, @function
	.p2align 4
hvtlfs_mock_page_entry_:
	.cfi_startproc
	pushfq
	pushq	%r15
	pushq	%r14
	pushq	%r13
	pushq	%r12
	pushq	%r11
	pushq	%r10
	pushq	%r9
	pushq	%r8
	pushq	%rdi
	pushq	%rsi
	pushq	%rbp
	pushq	%rbx
	pushq	%rdx
	pushq	%rcx
	pushq	%rax
	subq	$256, %rsp
	.cfi_adjust_cfa_offset 384
	movdqu	%xmm0, 0(%rsp)
	movdqu	%xmm1, 16(%rsp)
	movdqu	%xmm2, 32(%rsp)
	movdqu	%xmm3, 48(%rsp)
	movdqu	%xmm4, 64(%rsp)
	movdqu	%xmm5, 80(%rsp)
	movdqu	%xmm6, 96(%rsp)
	movdqu	%xmm7, 112(%rsp)
	movdqu	%xmm8, 128(%rsp)
	movdqu	%xmm9, 144(%rsp)
	movdqu	%xmm10, 160(%rsp)
	movdqu	%xmm11, 176(%rsp)
	movdqu	%xmm12, 192(%rsp)
	movdqu	%xmm13, 208(%rsp)
	movdqu	%xmm14, 224(%rsp)
	movdqu	%xmm15, 240(%rsp)
	movq	%rsp, %rbx
	.cfi_def_cfa_register %rbx
	movq	%rsp, %rdi
	andq	$-16, %rsp
	cld
	call	hvtlfs_mock_page_dispatch_
	movq	%rbx, %rsp
	.cfi_def_cfa_register %rsp
	movdqu	0(%rsp), %xmm0
	movdqu	16(%rsp), %xmm1
	movdqu	32(%rsp), %xmm2
	movdqu	48(%rsp), %xmm3
	movdqu	64(%rsp), %xmm4
	movdqu	80(%rsp), %xmm5
	movdqu	96(%rsp), %xmm6
	movdqu	112(%rsp), %xmm7
	movdqu	128(%rsp), %xmm8
	movdqu	144(%rsp), %xmm9
	movdqu	160(%rsp), %xmm10
	movdqu	176(%rsp), %xmm11
	movdqu	192(%rsp), %xmm12
	movdqu	208(%rsp), %xmm13
	movdqu	224(%rsp), %xmm14
	movdqu	240(%rsp), %xmm15
	addq	$256, %rsp
	popq	%rax
	popq	%rcx
	popq	%rdx
	popq	%rbx
	popq	%rbp
	popq	%rsi
	popq	%rdi
	popq	%r8
	popq	%r9
	popq	%r10
	popq	%r11
	popq	%r12
	popq	%r13
	popq	%r14
	popq	%r15
	popfq
	.cfi_adjust_cfa_offset -384
	ret
	.cfi_endproc
	.size	hvtlfs_mock_page_entry_, . - hvtlfs_mock_page_entry_

	.section .note.GNU-stack, "", @progbits
