/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The CPU instructions src/bringup.c uses (HVTLFS_ARCH_CPUID, _RDMSR, _WRMSR), as the
 * analysis takes them on every machine: an operation that writes its outputs, every
 * one initialised with any value, and nothing else (the contracts below). scripts/prove
 * includes this file first, so the arch header, which defines an instruction only
 * where its macro is not predefined, leaves its inline assembly out: Frama-C 25 would
 * derive the assigns clauses of these contracts from the asm operands, but not that
 * the outputs are initialised. The arm64 stand-in of proofs/arch/ has no other
 * definition of them.
 */
#ifndef HVTLFS_PROVE_CPU_H
#define HVTLFS_PROVE_CPU_H

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

#endif /* HVTLFS_PROVE_CPU_H */
