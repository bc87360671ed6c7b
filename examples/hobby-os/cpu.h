/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The hobby kernel's view of the CPU: the trap frame the stubs in boot_<arch>.S
 * build, port I/O, descriptor tables. The kernel's own instructions live here
 * and in the .S files; hvtlfs's inline assembly stays in hvtlfs's arch/ folder.
 */
#ifndef HOBBY_CPU_H
#define HOBBY_CPU_H

#include <stdint.h>

#if defined(__x86_64__)
typedef uint64_t reg_t;

/* Laid out by trap_common in boot_x86_64.S, lowest address first. */
struct trap_frame {
	uint64_t xmm[6][2]; /* XMM0-XMM5, low quadword first */
	uint64_t rax, rbx, rcx, rdx, rsi, rdi, rbp;
	uint64_t r8, r9, r10, r11, r12, r13, r14, r15;
	uint64_t vector, error;
	uint64_t ip, cs, flags, sp, ss; /* pushed by the CPU */
};

struct idt_gate {
	uint16_t off_lo, sel;
	uint8_t ist, type;
	uint16_t off_mid;
	uint32_t off_hi, zero;
};
#else
typedef uint32_t reg_t;

/* Laid out by trap_common in boot_i386.S (pushal order), lowest address first. */
struct trap_frame {
	uint32_t edi, esi, ebp, esp_unused, ebx, edx, ecx, eax;
	uint32_t vector, error;
	uint32_t ip, cs, flags; /* pushed by the CPU (same privilege: no SS:ESP) */
};

struct idt_gate {
	uint16_t off_lo, sel;
	uint8_t zero, type;
	uint16_t off_hi;
};
#endif

struct __attribute__((packed)) idt_desc {
	uint16_t limit;
	uintptr_t base;
};

static inline void outb(uint16_t port, uint8_t v)
{
	__asm__ volatile("outb %0, %1" : : "a"(v), "Nd"(port));
}

static inline uint8_t inb(uint16_t port)
{
	uint8_t v;
	__asm__ volatile("inb %1, %0" : "=a"(v) : "Nd"(port));
	return v;
}

static inline void lidt(const struct idt_desc *d)
{
	__asm__ volatile("lidt %0" : : "m"(*d));
}

static inline void halt_forever(void)
{
	for (;;)
		__asm__ volatile("cli; hlt");
}

#endif /* HOBBY_CPU_H */
