/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Stand-in for the arch primitives src/bringup.c calls (HVTLFS_ARCH_CPUID, _RDMSR,
 * _WRMSR), while the library has no arm64 backend: arm64 has neither instruction. The
 * analysis takes them, on every machine, as the contracts of proofs/model/cpu.h, which
 * scripts/prove includes before every file.
 */
#ifndef HVTLFS_ARCH_CPU_H
#define HVTLFS_ARCH_CPU_H

#include "cpu.h" /* proofs/model/cpu.h */

#endif /* HVTLFS_ARCH_CPU_H */
