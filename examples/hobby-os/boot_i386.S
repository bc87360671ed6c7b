/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * i386 entry: a multiboot v1 header, a flat GDT, the stack, and the exception
 * stubs that save every general-purpose register into a struct trap_frame
 * (see cpu.h) for trap() to read and rewrite.
 */
	.set MB_MAGIC, 0x1BADB002
	.set MB_FLAGS, 0x00000003 /* page-align modules, memory info */

	.section .multiboot, "a"
	.align 4
	.long MB_MAGIC
	.long MB_FLAGS
	.long -(MB_MAGIC + MB_FLAGS)

	.section .bss
	.align 16
stack_bottom:
	.skip 32768
stack_top:

	.section .rodata
	.align 8
gdt:
	.quad 0
	.quad 0x00CF9A000000FFFF /* 0x08: code, ring 0, 4 GiB */
	.quad 0x00CF92000000FFFF /* 0x10: data, ring 0, 4 GiB */
gdt_end:
gdt_desc:
	.word gdt_end - gdt - 1
	.long gdt

	.section .text
	.globl _start
	.type _start, @function
_start:
	cli
	movl $stack_top, %esp
	lgdt gdt_desc
	ljmp $0x08, $1f
1:	movw $0x10, %cx
	movw %cx, %ds
	movw %cx, %es
	movw %cx, %fs
	movw %cx, %gs
	movw %cx, %ss
	pushl %ebx /* multiboot info */
	pushl %eax /* multiboot magic */
	call kmain
2:	cli
	hlt
	jmp 2b

/* Exception stubs: vectors that push no error code push a zero. */
	.macro isr n, err
	.globl isr\n
isr\n:
	.if \err == 0
	pushl $0
	.endif
	pushl $\n
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
	pushal
	cld
	pushl %esp /* struct trap_frame * */
	call trap
	addl $4, %esp
	popal
	addl $8, %esp /* vector, error code */
	iret

	.section .rodata
	.align 4
	.globl isr_table
isr_table:
	.irp n, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	.long isr\n
	.endr

	.section .note.GNU-stack, "", @progbits
