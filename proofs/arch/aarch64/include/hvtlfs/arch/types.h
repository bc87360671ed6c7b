/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Stand-in for arch/arm64/include/hvtlfs/arch/types.h while the library has no arm64
 * backend: what the portable sources read of an arch folder (src/planner.c:
 * whether XMM fast calls exist, none on arm64), so that the aarch64 analysis of
 * proofs/machdeps compiles them as an arm64 build will. Delete this folder and point
 * the aarch64 row of proofs/machdeps at arch/arm64/include once that backend exists.
 */
#ifndef HVTLFS_ARCH_TYPES_H
#define HVTLFS_ARCH_TYPES_H

#include "hvtlfs/env.h"

#if !defined(__aarch64__)
#error "hvtlfs: the aarch64 stand-in is on the include path but the target is not aarch64"
#endif

#define HVTLFS_ARCH_ARM64	      1
#define HVTLFS_ARCH_NAME	      "arm64"
#define HVTLFS_REG_BITS		      64
#define HVTLFS_ARCH_HAS_XMM_HYPERCALL 0
typedef uint64_t hvtlfs_reg_t;

#endif /* HVTLFS_ARCH_TYPES_H */
