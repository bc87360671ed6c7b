/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Stand-in for the arch primitives src/bringup.c calls (HVTLFS_ARCH_CPUID, _RDMSR,
 * _WRMSR), while the library has no arm64 backend: arm64 has neither instruction, so
 * the analysis takes them as what the x86 folders' inline assembly is to it, an
 * operation that writes its outputs with any value and nothing else (the contracts
 * below; Frama-C derives the same from the operands of the x86 asm statements).
 */
#ifndef HVTLFS_ARCH_CPU_H
#define HVTLFS_ARCH_CPU_H

#include "hvtlfs/env.h"

/*@ requires \valid(regs + (0 .. 3));
    assigns regs[0 .. 3] \from leaf, subleaf;
    ensures \initialized(regs + (0 .. 3)); */
void hvtlfs_prove_cpuid_(uint32_t leaf, uint32_t subleaf, uint32_t regs[4]);

/*@ assigns \result \from msr; */
uint64_t hvtlfs_prove_rdmsr_(uint32_t msr);

/*@ assigns \nothing; */
void hvtlfs_prove_wrmsr_(uint32_t msr, uint64_t value);

#define HVTLFS_ARCH_CPUID(leaf, subleaf, regs) hvtlfs_prove_cpuid_((leaf), (subleaf), (regs))
#define HVTLFS_ARCH_RDMSR(msr)		       hvtlfs_prove_rdmsr_((msr))
#define HVTLFS_ARCH_WRMSR(msr, value)	       hvtlfs_prove_wrmsr_((msr), (value))

#endif /* HVTLFS_ARCH_CPU_H */
