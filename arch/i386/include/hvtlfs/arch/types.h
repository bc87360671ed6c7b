/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * i386: architecture detection and register-width types.
 *
 * Exactly one arch/ folder is on the include path of a build; the compiler's
 * own target macro must agree with it.
 */
#ifndef HVTLFS_ARCH_TYPES_H
#define HVTLFS_ARCH_TYPES_H

#include "hvtlfs/env.h"

#if !defined(__i386__)
#error "hvtlfs: arch/i386 is on the include path but the compiler does not target i386"
#endif

/*!
 * @addtogroup arch
 * @{
 */

/*! @brief Defined to 1 when building for i386. */
#define HVTLFS_ARCH_I386 1
/*! @brief Name of the architecture this build targets. */
#define HVTLFS_ARCH_NAME "i386"
/*! @brief Width of a general-purpose register, in bits. */
#define HVTLFS_REG_BITS 32
/*! @brief A general-purpose register of this architecture. */
typedef uint32_t hvtlfs_reg_t;

/*! @brief Defined to 0: i386 has no XMM fast-call forms. */
#define HVTLFS_ARCH_HAS_XMM_HYPERCALL 0

/*! @} */

#endif /* HVTLFS_ARCH_TYPES_H */
