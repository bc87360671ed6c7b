/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * hvtlfs::mock, i386: the fake hypercall page.
 *
 * Called exactly like the real page (`call *page`, control in EDX:EAX, input in
 * EBX:ECX, output in EDI:ESI). Saves the general registers (pushal) and the
 * flags into a frame (struct frame_ in regs.c), calls
 * the C dispatcher on a 16-byte aligned stack, then returns with every register
 * reloaded from the frame: the result in EDX:EAX and garbage in EBX, ECX, EDI
 * and ESI; after a VTL switch the x87 and XMM registers are scrambled here. The
 * dispatcher is hidden, so the call needs no GOT pointer in EBX.
 *
 * The same text as arch/x86_64/mock/page.S where the two agree (the symbol's
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
	pushfl
	.cfi_adjust_cfa_offset 4
	pushal
	.cfi_adjust_cfa_offset 32
	movl	%esp, %ebx
	.cfi_def_cfa_register %ebx
	andl	$-16, %esp
	subl	$12, %esp
	pushl	%ebx
	cld
	call	hvtlfs_mock_page_dispatch_
	movl	%ebx, %esp
	.cfi_def_cfa_register %esp
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
	/* HVTLFS_MOCK_SCRAMBLE_XMM_ (a VTL switch, SSE2 present): XMM0-XMM7 all ones, a
	 * NaN in every lane. */
	testl	$HVTLFS_MOCK_SCRAMBLE_XMM_, %eax
	jz	2f
	.irp n, 0,1,2,3,4,5,6,7
	pcmpeqd	%xmm\n, %xmm\n
	.endr
2:
	popal
	.cfi_adjust_cfa_offset -32
	popfl
	.cfi_adjust_cfa_offset -4
	ret
	.cfi_endproc
	.size	hvtlfs_mock_page_entry_, . - hvtlfs_mock_page_entry_

/* The VTL call and VTL return sequences (hvtlfs_mock_vsm_code_page_offsets()): the
 * control input from EDX:EAX into ECX, the bare call code into EDX:EAX, then the call
 * as any other (TLFS "VTL Call" / "VTL Return", x86: ECX reserved at the call). */
	.globl	hvtlfs_mock_vtl_call_entry_
	.hidden	hvtlfs_mock_vtl_call_entry_
	.type	hvtlfs_mock_vtl_call_entry_, @function
	.p2align 4
hvtlfs_mock_vtl_call_entry_:
	movl	%eax, %ecx
	movl	$HVTLFS_MOCK_VTL_CALL_CODE_, %eax
	xorl	%edx, %edx
	jmp	hvtlfs_mock_page_entry_
	.size	hvtlfs_mock_vtl_call_entry_, . - hvtlfs_mock_vtl_call_entry_

	.globl	hvtlfs_mock_vtl_return_entry_
	.hidden	hvtlfs_mock_vtl_return_entry_
	.type	hvtlfs_mock_vtl_return_entry_, @function
	.p2align 4
hvtlfs_mock_vtl_return_entry_:
	movl	%eax, %ecx
	movl	$HVTLFS_MOCK_VTL_RETURN_CODE_, %eax
	xorl	%edx, %edx
	jmp	hvtlfs_mock_page_entry_
	.size	hvtlfs_mock_vtl_return_entry_, . - hvtlfs_mock_vtl_return_entry_

	.section .note.GNU-stack, "", @progbits
