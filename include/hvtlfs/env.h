/* SPDX-License-Identifier: BSD-2-Clause */
/*!
 * @file env.h
 * @brief The environment header: the only place hvtlfs includes toolchain headers.
 *
 * An embedder that has no <stdint.h> (a kernel tree, a bare-metal build) defines
 * HVTLFS_ENV_HEADER to the name of its own header, which must provide uint8_t,
 * uint16_t, uint32_t, uint64_t, int64_t, uintptr_t, size_t, bool, true, false and
 * NULL, exactly as libfdt_env.h is replaced in a kernel.
 */
#ifndef HVTLFS_ENV_H
#define HVTLFS_ENV_H

#ifdef HVTLFS_ENV_HEADER
#include HVTLFS_ENV_HEADER
#else
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#endif

/*!
 * @defgroup env Environment
 * @brief Portability macros every other module uses.
 * @{
 */

/*! @brief Storage class of every function defined in a public header. */
#ifndef HVTLFS_INLINE
#define HVTLFS_INLINE static inline
#endif

/*! @brief Like HVTLFS_INLINE but asks the compiler to always inline (wrappers, hot paths). */
#ifndef HVTLFS_ALWAYS_INLINE
#if defined(__GNUC__) || defined(__clang__)
#define HVTLFS_ALWAYS_INLINE static inline __attribute__((__always_inline__))
#else
#define HVTLFS_ALWAYS_INLINE static inline
#endif
#endif

/*! @brief Marks a function whose result must not be ignored. */
#ifndef HVTLFS_MUST_CHECK
#if defined(__GNUC__) || defined(__clang__)
#define HVTLFS_MUST_CHECK __attribute__((__warn_unused_result__))
#else
#define HVTLFS_MUST_CHECK
#endif
#endif

#if defined(HVTLFS_DOXYGEN)
/*!
 * @brief Compile-time assertion usable at file and block scope, in C99, C11 and C++.
 * @param cond constant expression that must be true.
 * @param msg string literal shown when it is false.
 */
#define HVTLFS_STATIC_ASSERT(cond, msg)
#elif defined(__cplusplus) && __cplusplus >= 201103L
#define HVTLFS_STATIC_ASSERT(cond, msg) static_assert(cond, msg)
#elif defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L
#define HVTLFS_STATIC_ASSERT(cond, msg) _Static_assert(cond, msg)
#elif defined(__GNUC__) || defined(__clang__)
#define HVTLFS_STATIC_ASSERT(cond, msg) __extension__ _Static_assert(cond, msg)
#else
#define HVTLFS_STATIC_ASSERT_CAT2_(a, b) a##b
#define HVTLFS_STATIC_ASSERT_CAT_(a, b)	 HVTLFS_STATIC_ASSERT_CAT2_(a, b)
#define HVTLFS_STATIC_ASSERT(cond, msg)                                                            \
	typedef char HVTLFS_STATIC_ASSERT_CAT_(hvtlfs_static_assert_, __LINE__)[(cond) ? 1 : -1]
#endif

/*!
 * @brief offsetof() for wire-struct assertions, without needing <stddef.h> in an
 *        embedder's environment header.
 * @param type struct type.
 * @param member member name.
 */
#if defined(__GNUC__) || defined(__clang__)
#define HVTLFS_OFFSETOF(type, member) __builtin_offsetof(type, member)
#else
#define HVTLFS_OFFSETOF(type, member) offsetof(type, member)
#endif

/*!
 * @brief Asserts a wire struct's size at compile time.
 * @param type the struct type.
 * @param size its size in bytes on every architecture.
 */
#define HVTLFS_ASSERT_SIZE(type, size) HVTLFS_STATIC_ASSERT(sizeof(type) == (size), #type " size")

/*!
 * @brief Asserts a wire struct member's offset at compile time.
 * @param type the struct type.
 * @param member the member.
 * @param off its offset in bytes on every architecture.
 */
#define HVTLFS_ASSERT_OFFSET(type, member, off)                                                    \
	HVTLFS_STATIC_ASSERT(HVTLFS_OFFSETOF(type, member) == (off), #type "." #member " offset")

#if defined(__cplusplus) && !defined(HVTLFS_DOXYGEN)
#define HVTLFS_BEGIN_DECLS extern "C" {
#define HVTLFS_END_DECLS   }
#else
/*! @brief Opens a block of declarations with C linkage when included from C++. */
#define HVTLFS_BEGIN_DECLS
/*! @brief Closes #HVTLFS_BEGIN_DECLS. */
#define HVTLFS_END_DECLS
#endif

/*! @brief A 64-bit unsigned constant, without relying on the width of int or long. */
#define HVTLFS_U64(x) ((uint64_t)(x##ULL))

/*! @brief Bit n of a 64-bit word, computed in 64-bit width (never in int). */
#define HVTLFS_BIT64(n) ((uint64_t)1 << (n))

/*! @brief A mask of the low @p n bits of a 64-bit word, 0 <= n < 64. */
#define HVTLFS_MASK64(n) (((uint64_t)1 << (n)) - 1u)

/*! @} */

#endif /* HVTLFS_ENV_H */
