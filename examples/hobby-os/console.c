/* SPDX-License-Identifier: BSD-2-Clause */
#include "console.h"

#if defined(__aarch64__)
/* arm64 (QEMU virt): the PL011 UART at 0x09000000, exit through semihosting. */
#define PL011_DR      ((volatile uint32_t *)0x09000000u)
#define PL011_FR      ((volatile uint32_t *)0x09000018u)
#define PL011_FR_TXFF 0x20u

void con_init(void)
{
	/* QEMU's PL011 transmits without being set up. */
}

void con_putc(char c)
{
	while (*PL011_FR & PL011_FR_TXFF) {
	}
	*PL011_DR = (uint32_t)(uint8_t)c;
}
#else
#include "cpu.h"

#define COM1 0x3F8u

void con_init(void)
{
	outb(COM1 + 1, 0x00); /* no interrupts */
	outb(COM1 + 3, 0x80); /* DLAB */
	outb(COM1 + 0, 0x01); /* 115200 baud */
	outb(COM1 + 1, 0x00);
	outb(COM1 + 3, 0x03); /* 8N1 */
	outb(COM1 + 2, 0xC7); /* FIFO */
	outb(COM1 + 4, 0x03); /* DTR, RTS */
}

void con_putc(char c)
{
	while ((inb(COM1 + 5) & 0x20) == 0) {
	}
	outb(COM1, (uint8_t)c);
}
#endif

void con_puts(const char *s)
{
	while (*s)
		con_putc(*s++);
}

void con_hex(uint64_t v, unsigned int digits)
{
	static const char hex[] = "0123456789abcdef";
	con_puts("0x");
	while (digits-- > 0)
		con_putc(hex[(v >> (digits * 4u)) & 0xFu]);
}

void con_hex_field(const char *label, uint64_t v, unsigned int digits)
{
	con_puts(label);
	con_hex(v, digits);
}

void con_dec_field(const char *label, uint32_t v)
{
	con_puts(label);
	con_dec(v);
}

void con_dec(uint32_t v)
{
	char buf[11];
	unsigned int n = 0;
	do {
		buf[n++] = (char)('0' + v % 10u);
		v /= 10u;
	} while (v != 0);
	while (n > 0)
		con_putc(buf[--n]);
}

static uint32_t n_run, n_failed;

void check(int ok)
{
	n_run++;
	if (ok) {
		con_puts(" ok\n");
	} else {
		n_failed++;
		con_puts(" FAIL\n");
	}
}

uint32_t checks_run(void)
{
	return n_run;
}

uint32_t checks_failed(void)
{
	return n_failed;
}

#if defined(__aarch64__)
void debug_exit(uint8_t code)
{
	/* Semihosting SYS_EXIT (0x18) with ADP_Stopped_ApplicationExit (0x20026): QEMU
	 * exits with the subcode, here the status isa-debug-exit gives on x86. */
	static volatile uint64_t block[2];
	register uint64_t x0 __asm__("x0") = 0x18u;
	register uint64_t x1 __asm__("x1") = (uint64_t)(uintptr_t)block;

	block[0] = 0x20026u;
	block[1] = ((uint64_t)code << 1) | 1u;
	__asm__ __volatile__("hlt #0xf000" : : "r"(x0), "r"(x1) : "memory");
	for (;;)
		__asm__ __volatile__("wfi");
}
#else
void debug_exit(uint8_t code)
{
	outb(0xF4, code);
	halt_forever();
	__builtin_unreachable();
}
#endif
