/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * i386 entry: a flat GDT, the stack, the multiboot v1 header and exception
 * stubs of boot.inc, and trap_common, which saves every general-purpose
 * register into a struct trap_frame (see cpu.h) for trap() to read and rewrite.
 */
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

#include "boot.inc"

trap_common:
	pushal
	cld
	pushl %esp /* struct trap_frame * */
	call trap
	addl $4, %esp
	popal
	addl $8, %esp /* vector, error code */
	iret

	.section .note.GNU-stack, "", @progbits
