/* SPDX-License-Identifier: BSD-2-Clause */
/*!
 * @file arch.h
 * @brief Arch-neutral entry to the architecture backend on the include path
 *        (arch/x86_64/include or arch/i386/include).
 */
#ifndef HVTLFS_ARCH_H
#define HVTLFS_ARCH_H

/*!
 * @defgroup arch Architecture backend
 * @brief Architecture detection, register-width types, and the inline-assembly
 *        primitives of the selected arch/ folder.
 */

#include "hvtlfs/arch/types.h"

#endif /* HVTLFS_ARCH_H */
