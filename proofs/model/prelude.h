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

#endif /* HVTLFS_PROVE_PRELUDE_H */
