/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * hvtlfs::mock, x86_64: the fake hypercall page.
 *
 * Called exactly like the real page (`call *page`, control in RCX, input in RDX,
 * output in R8, XMM0-XMM5). Saves every general register, the flags and
 * XMM0-XMM15 (the C code it calls may use any of them) into a frame (struct frame_ in regs.c),
 * saves the rest of the vector and x87 state (XSAVE), calls the C dispatcher on a
 * 64-byte aligned stack, then returns with every register reloaded: the dispatcher
 * has put the result in RAX and garbage in each register the hypervisor may change
 * that is no output; after a VTL switch the x87 registers are scrambled here.
 *
 * The same text as arch/i386/mock/page.S where the two agree (the symbol's
 * declaration): each arch folder is complete on its own, so that include/, src/
 * and one arch/ folder are a whole vendoring.
 */
#include "mock_asm.h"

	.text
	.globl	hvtlfs_mock_page_entry_
	.hidden	hvtlfs_mock_page_entry_
	.type	hvtlfs_mock_page_entry_, @function
	.p2align 4
hvtlfs_mock_page_entry_:
	.cfi_startproc
	pushfq
	.irp r, r15,r14,r13,r12,r11,r10,r9,r8,rdi,rsi,rbp,rbx,rdx,rcx,rax
	pushq	%\r
	.endr
	subq	$256, %rsp
	.cfi_adjust_cfa_offset 384
	.irp n, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15
	movdqu	%xmm\n, (\n * 16)(%rsp)
	.endr
	movq	%rsp, %rbp
	.cfi_def_cfa_register %rbp
	/* The whole x87, SSE and AVX state (YMM upper halves, AVX-512's K0-K7, ZMM upper
	 * halves and ZMM16-ZMM31) as the caller left it: the C code below may change any
	 * of it (glibc's memcpy does), and a real hypervisor changes none of it but the
	 * fast outputs. XSAVE of every component XCR0 enables but the AMX tiles
	 * (HVTLFS_MOCK_XSAVE_MASK_), into an area on the stack; FXSAVE without OSXSAVE.
	 * RBP (the frame), R12 (the area), R13 (the component mask, 0: FXSAVE) and R14
	 * (the dispatcher's answer) are callee-saved, and come back from the frame like
	 * the others; CPUID takes RBX. */
	subq	$HVTLFS_MOCK_XSAVE_BYTES_, %rsp
	andq	$-64, %rsp
	movq	%rsp, %r12
	xorl	%r13d, %r13d
	movl	$1, %eax
	cpuid
	btl	$27, %ecx		/* CPUID.1:ECX.OSXSAVE */
	jnc	1f
	xorl	%ecx, %ecx
	xgetbv
	andl	$HVTLFS_MOCK_XSAVE_MASK_, %eax
	movl	%eax, %r13d
	.irp off, 512,520,528,536,544,552,560,568
	movq	$0, \off(%r12)		/* the XSAVE header, which XRSTOR checks */
	.endr
	xorl	%edx, %edx
	xsave	(%r12)
	jmp	2f
1:
	fxsave	(%r12)
2:
	movq	%rbp, %rdi
	cld
	call	hvtlfs_mock_page_dispatch_
	movl	%eax, %r14d
	testl	%r13d, %r13d
	jz	3f
	movl	%r13d, %eax
	xorl	%edx, %edx
	xrstor	(%r12)
	jmp	4f
3:
	fxrstor	(%r12)
4:
	movl	%r14d, %eax
	movq	%rbp, %rsp
	.cfi_def_cfa_register %rsp
	/* HVTLFS_MOCK_SCRAMBLE_X87_ (a VTL switch): every x87 register filled, then the
	 * stack emptied (FNINIT: all tags empty, the default control word), so a value
	 * the caller kept there is gone and an MMX register holds garbage. */
	testl	$HVTLFS_MOCK_SCRAMBLE_X87_, %eax
	jz	5f
	fninit
	.rept	8
	fldpi
	.endr
	fninit
5:
	.irp n, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15
	movdqu	(\n * 16)(%rsp), %xmm\n
	.endr
	addq	$256, %rsp
	.irp r, rax,rcx,rdx,rbx,rbp,rsi,rdi,r8,r9,r10,r11,r12,r13,r14,r15
	popq	%\r
	.endr
	popfq
	.cfi_adjust_cfa_offset -384
	ret
	.cfi_endproc
	.size	hvtlfs_mock_page_entry_, . - hvtlfs_mock_page_entry_

/* The VTL call and VTL return sequences (hvtlfs_mock_vsm_code_page_offsets()): the
 * control input from RCX into RAX, the bare call code into RCX, then the call as any
 * other (the raw register contract of TLFS "VTL Call" / "VTL Return" as a hypervisor
 * reads it). */
	.globl	hvtlfs_mock_vtl_call_entry_
	.hidden	hvtlfs_mock_vtl_call_entry_
	.type	hvtlfs_mock_vtl_call_entry_, @function
	.p2align 4
hvtlfs_mock_vtl_call_entry_:
	movq	%rcx, %rax
	movl	$HVTLFS_MOCK_VTL_CALL_CODE_, %ecx
	jmp	hvtlfs_mock_page_entry_
	.size	hvtlfs_mock_vtl_call_entry_, . - hvtlfs_mock_vtl_call_entry_

	.globl	hvtlfs_mock_vtl_return_entry_
	.hidden	hvtlfs_mock_vtl_return_entry_
	.type	hvtlfs_mock_vtl_return_entry_, @function
	.p2align 4
hvtlfs_mock_vtl_return_entry_:
	movq	%rcx, %rax
	movl	$HVTLFS_MOCK_VTL_RETURN_CODE_, %ecx
	jmp	hvtlfs_mock_page_entry_
	.size	hvtlfs_mock_vtl_return_entry_, . - hvtlfs_mock_vtl_return_entry_

	.section .note.GNU-stack, "", @progbits
