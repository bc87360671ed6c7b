/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The C side of the "aarch64" machdep (aarch64.ml): the configuration the headers of
 * Frama-C's libc read, for AArch64 Linux (LP64, AAPCS64; glibc's types). Frama-C's
 * own <__fc_machdep.h> knows only its built-in machdeps and stops on any other one
 * unless __FC_MACHDEP is already defined, which this header does: scripts/prove
 * includes it first in every file (-include), and it takes the Linux values every
 * Frama-C Linux machdep shares (POSIX limits, errno values, the 8- and 16-bit types)
 * from Frama-C's __fc_machdep_linux_shared.h, then sets the rest.
 */
#ifndef __FC_MACHDEP
#define __FC_MACHDEP

#define __FC_FORCE_INCLUDE_MACHDEP__
#include "__fc_machdep_linux_shared.h"
#undef __FC_FORCE_INCLUDE_MACHDEP__

#define __FC_BYTE_ORDER __LITTLE_ENDIAN

/* Plain char is unsigned (AAPCS64); the cross preprocessor defines it too. */
#ifndef __CHAR_UNSIGNED__
#define __CHAR_UNSIGNED__ 1
#endif

/* LP64: int 32 bits, long and pointers 64. */
#define __WORDSIZE	  64
#define __SIZEOF_SHORT	  2
#define __SIZEOF_INT	  4
#define __SIZEOF_LONG	  8
#define __SIZEOF_LONGLONG 8
#define __CHAR_BIT	  8
#define __PTRDIFF_T	  long
#define __SIZE_T	  unsigned long
#define __FC_INT_MIN	  (-2147483647 - 1)
#define __FC_INT_MAX	  2147483647
#define __FC_UINT_MAX	  4294967295U
#define __FC_LONG_MIN	  (-9223372036854775807L - 1L)
#define __FC_LONG_MAX	  9223372036854775807L
#define __FC_ULONG_MAX	  18446744073709551615UL
#define __FC_SIZE_MAX	  __FC_ULONG_MAX

#define __INTPTR_T	 signed long
#define __FC_INTPTR_MIN	 __FC_LONG_MIN
#define __FC_INTPTR_MAX	 __FC_LONG_MAX
#define __UINTPTR_T	 unsigned long
#define __FC_UINTPTR_MAX __FC_ULONG_MAX

/* The exact-width, least and fast types of glibc on a 64-bit target. */
#define __INT32_T	   signed int
#define __INT32_MIN	   __FC_INT_MIN
#define __INT32_MAX	   __FC_INT_MAX
#define __UINT32_T	   unsigned int
#define __UINT32_MAX	   __FC_UINT_MAX
#define __INT64_T	   signed long
#define __INT64_MIN	   __FC_LONG_MIN
#define __INT64_MAX	   __FC_LONG_MAX
#define __UINT64_T	   unsigned long
#define __UINT64_MAX	   __FC_ULONG_MAX
#define __PRI32_PREFIX	   ""
#define __PRI64_PREFIX	   "l"
#define __PRIPTR_PREFIX	   "l"
#define __INT_LEAST32_T	   signed int
#define __INT_LEAST32_MIN  __FC_INT_MIN
#define __INT_LEAST32_MAX  __FC_INT_MAX
#define __UINT_LEAST32_T   unsigned int
#define __UINT_LEAST32_MAX __FC_UINT_MAX
#define __INT_LEAST64_T	   signed long
#define __INT_LEAST64_MIN  __FC_LONG_MIN
#define __INT_LEAST64_MAX  __FC_LONG_MAX
#define __UINT_LEAST64_T   unsigned long
#define __UINT_LEAST64_MAX __FC_ULONG_MAX
#define __INT_FAST32_T	   signed long
#define __INT_FAST32_MIN   __FC_LONG_MIN
#define __INT_FAST32_MAX   __FC_LONG_MAX
#define __UINT_FAST32_T	   unsigned long
#define __UINT_FAST32_MAX  __FC_ULONG_MAX
#define __INT_FAST64_T	   signed long
#define __INT_FAST64_MIN   __FC_LONG_MIN
#define __INT_FAST64_MAX   __FC_LONG_MAX
#define __UINT_FAST64_T	   unsigned long
#define __UINT_FAST64_MAX  __FC_ULONG_MAX
#define __SSIZE_T	   signed long
#define __SSIZE_MAX	   __FC_LONG_MAX
#define __FC_PTRDIFF_MIN   __FC_LONG_MIN
#define __FC_PTRDIFF_MAX   __FC_LONG_MAX

/* wchar_t is unsigned int on AArch64 Linux (it is int on x86). */
#undef __WCHAR_T
#undef __FC_WCHAR_MIN
#undef __FC_WCHAR_MAX
#define __WCHAR_T      unsigned int
#define __FC_WCHAR_MIN 0
#define __FC_WCHAR_MAX __FC_UINT_MAX
#define __WINT_T       unsigned int
#define __FC_WEOF      (0xFFFFFFFFU)
#define __FC_WINT_MIN  0
#define __FC_WINT_MAX  __FC_UINT_MAX

/* GCC's builtins, as for Frama-C's gcc machdeps. */
#include "__fc_gcc_builtins.h"

#endif /* __FC_MACHDEP */
