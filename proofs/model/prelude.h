/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Included before every file the analysis reads (scripts/prove passes it with
 * -include): what the analyser needs to read the library as gcc and clang compile it.
 *
 * GCC's type-generic __builtin_add_overflow() (the carry check of
 * hvtlfs_ranges_end_() in ranges.h) has no model in Frama-C 25, which knows only the
 * typed builtins of its gcc machdeps (__fc_gcc_builtins.h: each with an ACSL contract
 * saying it stores the wrapped sum and returns the carry, as GCC documents). The
 * library calls it on uint64_t operands only, so it is the typed builtin of the type
 * uint64_t is: unsigned long where long is 64 bits (x86_64, aarch64), unsigned long
 * long elsewhere (i386). Another use with another type would not type-check here.
 */
#ifndef HVTLFS_PROVE_PRELUDE_H
#define HVTLFS_PROVE_PRELUDE_H

#if __SIZEOF_LONG__ == 8
#define __builtin_add_overflow(a, b, r) __builtin_uaddl_overflow((a), (b), (r))
#else
#define __builtin_add_overflow(a, b, r) __builtin_uaddll_overflow((a), (b), (r))
#endif

#include "__fc_builtin.h"

/*
 * The count of trailing zeros (__builtin_ctz, __builtin_ctzll: hvtlfs_ctz64() in
 * vpset.h) as its value is bounded: Frama-C's contract (__fc_gcc_builtins.h) gives any
 * bit index of the word's width; the lowest set bit is also at or below the highest,
 * so it is below k whenever x < 2^k. This model checks the contract's precondition (x
 * not 0) and answers any index up to the highest bit x may hold: every value the
 * instruction can give, no fewer, for every x the analysis may pass. With it the
 * analysis bounds the bit a masked word's loop finds by the mask (the IPI inline loop
 * over the last CPU word, which reads the VP table only below the CPU count).
 */
/*@ requires x_nonzero: x != 0;
    assigns \result \from x; */
static inline int hvtlfs_prove_ctz_(unsigned long long x, int bits)
{
	int k, top = bits - 1;

	/*@ loop unroll 64; */
	for (k = 1; k < bits; k++)
		if (x < (1ULL << k)) {
			top = k - 1;
			break;
		}
	return (int)Frama_C_unsigned_int_interval(0u, (unsigned int)top);
}
#define __builtin_ctz(x)   hvtlfs_prove_ctz_((unsigned int)(x), 32)
#define __builtin_ctzll(x) hvtlfs_prove_ctz_((unsigned long long)(x), 64)

#endif /* HVTLFS_PROVE_PRELUDE_H */
