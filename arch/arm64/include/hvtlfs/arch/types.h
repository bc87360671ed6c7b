/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * arm64 (AArch64): architecture detection and register-width types.
 *
 * Exactly one arch/ folder is on the include path of a build; the compiler's
 * own target macro must agree with it.
 */
#ifndef HVTLFS_ARCH_TYPES_H
#define HVTLFS_ARCH_TYPES_H

#include "hvtlfs/env.h"

#if !defined(__aarch64__)
#error "hvtlfs: arch/arm64 is on the include path but the compiler does not target arm64"
#endif

/*!
 * @addtogroup arch
 * @{
 */

/*! @brief Defined to 1 when building for arm64 (AArch64). */
#define HVTLFS_ARCH_ARM64 1
/*! @brief Name of the architecture this build targets. */
#define HVTLFS_ARCH_NAME "arm64"
/*! @brief Width of a general-purpose register, in bits. */
#define HVTLFS_REG_BITS 64
/*! @brief A general-purpose register of this architecture. */
typedef uint64_t hvtlfs_reg_t;

/*! @brief Defined to 0: arm64 has no XMM registers, hence no XMM fast-call forms. */
#define HVTLFS_ARCH_HAS_XMM_HYPERCALL 0

/*!
 * @brief Defined to 1: this architecture has the register-file fast form
 *        (hvtlfs_hypercall_regs()): fast input in X2-X17 and fast output read
 *        back from the registers after the input (SMCCC v1.2 register use).
 */
#define HVTLFS_ARCH_HAS_REGS_HYPERCALL 1
/*!
 * @brief Bytes of the register-file fast form: X2-X17, 16 registers, 8 pairs of
 *        16 bytes, shared by input and output.
 */
#define HVTLFS_ARCH_FAST_REGS_BYTES 128u

/*!
 * @brief The call method a build gets when it names none: `hvc #0` (SMCCC), as
 *        there is no hypercall page on arm64.
 */
#define HVTLFS_ARCH_DEFAULT_HYPERCALL_METHOD HVTLFS_HYPERCALL_METHOD_HVC

/*! @} */

#endif /* HVTLFS_ARCH_TYPES_H */
