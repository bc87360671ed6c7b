/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * hvtlfs::mock, i386: the fake hypercall page.
 *
 * Called exactly like the real page (`call *page`, control in EDX:EAX, input in
 * EBX:ECX, output in EDI:ESI). Saves the general registers (pushal) and the
 * flags into a frame (struct frame_ in regs.c) and the vector and x87 state
 * (XSAVE), calls the C dispatcher on a 64-byte aligned stack, then returns with
 * every register reloaded: the result in EDX:EAX and garbage in EBX, ECX, EDI
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
	movl	%esp, %ebp
	.cfi_def_cfa_register %ebp
	/* The whole x87, SSE and AVX state as the caller left it: the C code below may
	 * change any of it (glibc's memcpy uses SSE2), and a real hypervisor changes
	 * none of it (no fast output on x86). XSAVE of every component XCR0 enables but
	 * the AMX tiles (HVTLFS_MOCK_XSAVE_MASK_), FXSAVE without OSXSAVE, FNSAVE
	 * without FXSR, into an area on the stack. ESI (the area), EDI (the component
	 * mask) and EBX (which of the three) are callee-saved, and come back from the
	 * frame like the others. */
	subl	$HVTLFS_MOCK_XSAVE_BYTES_, %esp
	andl	$-64, %esp
	movl	%esp, %esi
	movl	$1, %eax
	cpuid
	btl	$27, %ecx		/* CPUID.1:ECX.OSXSAVE */
	jnc	1f
	xorl	%ecx, %ecx
	xgetbv
	andl	$HVTLFS_MOCK_XSAVE_MASK_, %eax
	movl	%eax, %edi
	.irp off, 512,516,520,524,528,532,536,540,544,548,552,556,560,564,568,572
	movl	$0, \off(%esi)		/* the XSAVE header, which XRSTOR checks */
	.endr
	xorl	%edx, %edx
	xsave	(%esi)
	movl	$2, %ebx
	jmp	3f
1:
	btl	$24, %edx		/* CPUID.1:EDX.FXSR */
	jnc	2f
	fxsave	(%esi)
	movl	$1, %ebx
	jmp	3f
2:
	fnsave	(%esi)
	xorl	%ebx, %ebx
3:
	subl	$12, %esp
	pushl	%ebp
	cld
	call	hvtlfs_mock_page_dispatch_
	pushl	%eax
	cmpl	$1, %ebx
	jb	5f
	je	4f
	movl	%edi, %eax
	xorl	%edx, %edx
	xrstor	(%esi)
	jmp	6f
4:
	fxrstor	(%esi)
	jmp	6f
5:
	frstor	(%esi)
6:
	popl	%eax
	movl	%ebp, %esp
	.cfi_def_cfa_register %esp
	/* HVTLFS_MOCK_SCRAMBLE_X87_ (a VTL switch): every x87 register filled, then the
	 * stack emptied (FNINIT: all tags empty, the default control word), so a value
	 * the caller kept there is gone and an MMX register holds garbage. */
	testl	$HVTLFS_MOCK_SCRAMBLE_X87_, %eax
	jz	7f
	fninit
	.rept	8
	fldpi
	.endr
	fninit
7:
	/* HVTLFS_MOCK_SCRAMBLE_XMM_ (a VTL switch, SSE2 present): XMM0-XMM7 all ones, a
	 * NaN in every lane. */
	testl	$HVTLFS_MOCK_SCRAMBLE_XMM_, %eax
	jz	8f
	.irp n, 0,1,2,3,4,5,6,7
	pcmpeqd	%xmm\n, %xmm\n
	.endr
8:
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
