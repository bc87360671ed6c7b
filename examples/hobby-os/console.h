/* SPDX-License-Identifier: BSD-2-Clause */
/* Serial console (COM1; the PL011 on arm64), number printing without division, and the test tally. */
#ifndef HOBBY_CONSOLE_H
#define HOBBY_CONSOLE_H

#include <stdint.h>

void con_init(void);
void con_putc(char c);
void con_puts(const char *s);
/* Hexadecimal, "0x" and exactly @digits digits (1-16). */
void con_hex(uint64_t v, unsigned int digits);
/* Decimal, for values that fit 32 bits (no 64-bit division on i386). */
void con_dec(uint32_t v);
/* @label, then con_hex(@v, @digits) or con_dec(@v): one field of a line. */
void con_hex_field(const char *label, uint64_t v, unsigned int digits);
void con_dec_field(const char *label, uint32_t v);

/* One checked line: prints "ok" or "FAIL" after what the caller printed, counts failures. */
void check(int ok);
uint32_t checks_run(void);
uint32_t checks_failed(void);

/* isa-debug-exit (iobase 0xf4) on x86, semihosting SYS_EXIT on arm64: QEMU exits with
 * status (code << 1) | 1. */
#define EXIT_PASS 0x10u /* status 33 */
#define EXIT_FAIL 0x11u /* status 35 */
void debug_exit(uint8_t code) __attribute__((noreturn));

#endif /* HOBBY_CONSOLE_H */
