/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The CPU instructions src/bringup.c uses (HVTLFS_ARCH_CPUID, _RDMSR, _WRMSR), as the
 * analysis takes them on every machine: an operation that writes its outputs, every
 * one initialised with any value, and nothing else (the contracts below). scripts/prove
 * includes this file first, so the arch header, which defines an instruction only
 * where its macro is not predefined, leaves its inline assembly out: Frama-C 25 would
 * derive the assigns clauses of these contracts from the asm operands, but not that
 * the outputs are initialised. arch/arm64 defines no CPUID or MSR instruction: there
 * the analysis takes these too, for more answers than the library's native zeros and
 * refusals. The SMCCC Call UID query (HVTLFS_ARCH_SMCCC_CALL_UID, `hvc #0` on arm64)
 * is the same kind of contract, on every machine: W0-W3 written with any value; and
 * so is arm64's register-file fast hypercall (HVTLFS_ARCH_HYPERCALL_REGS, the
 * instruction under hvtlfs_hypercall_regs() and the native synthetic-register
 * operations of src/bringup.c): X2-X17 and the result written with any value.
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

/*@ requires \valid(regs + (0 .. 3));
    assigns regs[0 .. 3] \from \nothing;
    ensures \initialized(regs + (0 .. 3)); */
void hvtlfs_prove_smccc_call_uid_(uint32_t regs[4]);

/* The register-file fast hypercall of arm64 (HVTLFS_ARCH_HYPERCALL_REGS, `hvc #0` with
 * X2-X17 in and out): X2-X17 come back with any value, every one initialised (the
 * hypervisor writes its fast output there and SMCCC lets it change the others), X0 is
 * any result word; nothing else changes. X1 (the control word) is not read back. The
 * asm's "memory" clobber orders the caller's stores; a fast call names no GPA, so the
 * hypervisor reads and writes no memory of the caller through it. The other machines
 * have no such primitive: the macro is unused there. */
/*@ requires \valid(regs + (0 .. 15)) && \initialized(regs + (0 .. 15));
    assigns regs[0 .. 15], \result \from page, control, regs[0 .. 15];
    ensures \initialized(regs + (0 .. 15)); */
uint64_t hvtlfs_prove_hypercall_regs_(void *page, uint64_t control, uint64_t regs[16]);

#define HVTLFS_ARCH_CPUID(leaf, subleaf, regs) hvtlfs_prove_cpuid_((leaf), (subleaf), (regs))
#define HVTLFS_ARCH_RDMSR(msr)		       hvtlfs_prove_rdmsr_((msr))
#define HVTLFS_ARCH_WRMSR(msr, value)	       hvtlfs_prove_wrmsr_((msr), (value))
#define HVTLFS_ARCH_SMCCC_CALL_UID(regs)       hvtlfs_prove_smccc_call_uid_((regs))
#define HVTLFS_ARCH_HYPERCALL_REGS(page, control, regs)                                            \
	hvtlfs_prove_hypercall_regs_((page), (control), (regs))

#endif /* HVTLFS_PROVE_CPU_H */
