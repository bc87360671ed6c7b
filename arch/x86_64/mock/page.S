/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * hvtlfs::mock, x86_64: the fake hypercall page.
 *
 * Called exactly like the real page (`call *page`, control in RCX, input in RDX,
 * output in R8, XMM0-XMM5). Saves every general register, the flags and
 * XMM0-XMM15 (the C code it calls may use any of them) into a frame (struct frame_ in regs.c),
 * calls the C dispatcher on a 16-byte aligned stack, then returns with every
 * register reloaded from the frame: the dispatcher has put the result in RAX
 * and garbage in each register the hypervisor may change that is no output;
 * after a VTL switch the x87 registers are scrambled here.
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
	movq	%rsp, %rbx
	.cfi_def_cfa_register %rbx
	movq	%rsp, %rdi
	andq	$-16, %rsp
	cld
	call	hvtlfs_mock_page_dispatch_
	movq	%rbx, %rsp
	.cfi_def_cfa_register %rsp
	/* HVTLFS_MOCK_SCRAMBLE_X87_ (a VTL switch): every x87 register filled, then the
	 * stack emptied (FNINIT: all tags empty, the default control word), so a value
	 * the caller kept there is gone and an MMX register holds garbage. */
	testl	$HVTLFS_MOCK_SCRAMBLE_X87_, %eax
	jz	1f
	fninit
	.rept	8
	fldpi
	.endr
	fninit
1:
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
