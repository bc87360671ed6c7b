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
	.set MB_MAGIC, 0x1BADB002
	.set MB_FLAGS, 0x00000003 /* page-align modules, memory info */

	.section .multiboot, "a"
	.align 4
	.long MB_MAGIC
	.long MB_FLAGS
	.long -(MB_MAGIC + MB_FLAGS)

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

/* Exception stubs: vectors that push no error code push a zero. */
	.macro isr n, err
	.globl isr\n
isr\n:
	.if \err == 0
	pushq $0
	.endif
	pushq $\n
	jmp trap_common
	.endm

	isr 0, 0
	isr 1, 0
	isr 2, 0
	isr 3, 0
	isr 4, 0
	isr 5, 0
	isr 6, 0
	isr 7, 0
	isr 8, 1
	isr 9, 0
	isr 10, 1
	isr 11, 1
	isr 12, 1
	isr 13, 1
	isr 14, 1
	isr 15, 0
	isr 16, 0
	isr 17, 1
	isr 18, 0
	isr 19, 0
	isr 20, 0
	isr 21, 1
	isr 22, 0
	isr 23, 0
	isr 24, 0
	isr 25, 0
	isr 26, 0
	isr 27, 0
	isr 28, 0
	isr 29, 1
	isr 30, 1
	isr 31, 0

trap_common:
	pushq %r15
	pushq %r14
	pushq %r13
	pushq %r12
	pushq %r11
	pushq %r10
	pushq %r9
	pushq %r8
	pushq %rbp
	pushq %rdi
	pushq %rsi
	pushq %rdx
	pushq %rcx
	pushq %rbx
	pushq %rax
	subq $96, %rsp
	movdqu %xmm0, 0(%rsp)
	movdqu %xmm1, 16(%rsp)
	movdqu %xmm2, 32(%rsp)
	movdqu %xmm3, 48(%rsp)
	movdqu %xmm4, 64(%rsp)
	movdqu %xmm5, 80(%rsp)
	cld
	movq %rsp, %rdi /* struct trap_frame * */
	call trap
	movdqu 0(%rsp), %xmm0
	movdqu 16(%rsp), %xmm1
	movdqu 32(%rsp), %xmm2
	movdqu 48(%rsp), %xmm3
	movdqu 64(%rsp), %xmm4
	movdqu 80(%rsp), %xmm5
	addq $96, %rsp
	popq %rax
	popq %rbx
	popq %rcx
	popq %rdx
	popq %rsi
	popq %rdi
	popq %rbp
	popq %r8
	popq %r9
	popq %r10
	popq %r11
	popq %r12
	popq %r13
	popq %r14
	popq %r15
	addq $16, %rsp /* vector, error code */
	iretq

	.section .rodata
	.align 8
	.globl isr_table
isr_table:
	.irp n, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	.quad isr\n
	.endr

	.section .note.GNU-stack, "", @progbits
