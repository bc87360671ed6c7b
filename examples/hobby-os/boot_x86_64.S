/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * x86_64 entry. QEMU's -kernel loads multiboot v1 images that are ELF32, so
 * this kernel is linked as ELF64 and copied into an elf32-i386 container; it
 * starts here in 32-bit protected mode, builds identity-mapped page tables
 * (the first 1 GiB in 2 MiB pages), sets CR4.PAE, EFER.LME and CR0.PG, and
 * far-jumps into 64-bit code. It then enables SSE (CR0.EM=0, CR0.MP=1,
 * CR4.OSFXSR, CR4.OSXMMEXCPT) before any XMM register is touched.
 *
 * The exception stubs save every general-purpose register and XMM0-XMM5
 * into a struct trap_frame (see cpu.h): XMM0-XMM5 carry XMM fast hypercall
 * input and output.
 */
	.section .bss
	.align 4096
pml4:
	.skip 4096
pdpt:
	.skip 4096
pd:
	.skip 4096
	.align 16
stack_bottom:
	.skip 32768
stack_top:
mb_magic:
	.skip 4
mb_info:
	.skip 4

	.section .rodata
	.align 8
gdt64:
	.quad 0
	.quad 0x00AF9A000000FFFF /* 0x08: 64-bit code, ring 0 */
	.quad 0x00CF92000000FFFF /* 0x10: data, ring 0 */
gdt64_end:
gdt64_desc:
	.word gdt64_end - gdt64 - 1
	.quad gdt64

	.section .text
	.code32
	.globl _start
	.type _start, @function
_start:
	cli
	movl $stack_top, %esp
	movl %eax, mb_magic
	movl %ebx, mb_info

	/* PML4[0] -> PDPT, PDPT[0] -> PD, PD[i] = i * 2 MiB, present|writable|large. */
	movl $pdpt, %eax
	orl $0x3, %eax
	movl %eax, pml4
	movl $pd, %eax
	orl $0x3, %eax
	movl %eax, pdpt
	xorl %ecx, %ecx
1:	movl %ecx, %eax
	shll $21, %eax
	orl $0x83, %eax
	movl %eax, pd(, %ecx, 8)
	movl $0, pd + 4(, %ecx, 8)
	incl %ecx
	cmpl $512, %ecx
	jne 1b

	movl %cr4, %eax
	orl $(1 << 5), %eax /* PAE */
	movl %eax, %cr4
	movl $pml4, %eax
	movl %eax, %cr3
	movl $0xC0000080, %ecx /* EFER */
	rdmsr
	orl $(1 << 8), %eax /* LME */
	wrmsr
	movl %cr0, %eax
	orl $((1 << 31) | 1), %eax /* PG, PE */
	movl %eax, %cr0

	lgdt gdt64_desc
	ljmp $0x08, $long_mode

	.code64
long_mode:
	movw $0x10, %ax
	movw %ax, %ds
	movw %ax, %es
	movw %ax, %fs
	movw %ax, %gs
	movw %ax, %ss
	movq $stack_top, %rsp

	/* SSE: CR0.EM = 0, CR0.MP = 1; CR4.OSFXSR, CR4.OSXMMEXCPT. */
	movq %cr0, %rax
	andq $~(1 << 2), %rax
	orq $(1 << 1), %rax
	movq %rax, %cr0
	movq %cr4, %rax
	orq $((1 << 9) | (1 << 10)), %rax
	movq %rax, %cr4

	movl mb_magic, %edi
	movl mb_info, %esi
	call kmain
2:	cli
	hlt
	jmp 2b

#include "boot.inc"

/* XMM0-XMM5 to (save) or from (load) the frame's first 96 bytes. */
	.macro xmm_frame dir
	.irp n, 0,1,2,3,4,5
	.ifc \dir, save
	movdqu	%xmm\n, (\n * 16)(%rsp)
	.else
	movdqu	(\n * 16)(%rsp), %xmm\n
	.endif
	.endr
	.endm

trap_common:
	.irp r, r15,r14,r13,r12,r11,r10,r9,r8,rbp,rdi,rsi,rdx,rcx,rbx,rax
	pushq	%\r
	.endr
	subq $96, %rsp
	xmm_frame save
	cld
	movq %rsp, %rdi /* struct trap_frame * */
	call trap
	xmm_frame load
	addq $96, %rsp
	.irp r, rax,rbx,rcx,rdx,rsi,rdi,rbp,r8,r9,r10,r11,r12,r13,r14,r15
	popq	%\r
	.endr
	addq $16, %rsp /* vector, error code */
	iretq

	.section .note.GNU-stack, "", @progbits
