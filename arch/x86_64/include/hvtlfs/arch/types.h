/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * x86_64: architecture detection and register-width types.
 *
 * Exactly one arch/ folder is on the include path of a build; the compiler's
 * own target macro must agree with it.
 */
#ifndef HVTLFS_ARCH_TYPES_H
#define HVTLFS_ARCH_TYPES_H

#include "hvtlfs/env.h"

#if !defined(__x86_64__)
#error "hvtlfs: arch/x86_64 is on the include path but the compiler does not target x86_64"
#endif

/*!
 * @addtogroup arch
 * @{
 */

/*! @brief Defined to 1 when building for x86_64. */
#define HVTLFS_ARCH_X86_64 1
/*! @brief Name of the architecture this build targets. */
#define HVTLFS_ARCH_NAME "x86_64"
/*! @brief Width of a general-purpose register, in bits. */
#define HVTLFS_REG_BITS 64
/*! @brief A general-purpose register of this architecture. */
typedef uint64_t hvtlfs_reg_t;

/*! @brief Defined to 1: this architecture has the XMM fast-call forms. */
#define HVTLFS_ARCH_HAS_XMM_HYPERCALL 1

/*! @} */

#endif /* HVTLFS_ARCH_TYPES_H */
