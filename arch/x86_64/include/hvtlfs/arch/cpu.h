/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * x86_64: CPUID, RDMSR and WRMSR as static inline functions.
 *
 * Each primitive is reached through a macro that an integrator may define
 * before including this header (a kernel that has its own, a test that mocks
 * them): HVTLFS_ARCH_CPUID(leaf, subleaf, regs), HVTLFS_ARCH_RDMSR(msr) and
 * HVTLFS_ARCH_WRMSR(msr, value). When a macro is predefined, the matching
 * inline function is not defined at all.
 *
 * RDMSR and WRMSR are privileged: outside CPL 0 they fault (#GP). CPUID runs
 * at any privilege level.
 *
 * The same code as arch/i386/include/hvtlfs/arch/cpu.h (the instructions and their
 * operands agree on both): each arch folder is complete on its own, so that
 * include/, src/ and one arch/ folder are a whole vendoring (tests/contract/x86_twins.sh
 * keeps the two the same).
 */
#ifndef HVTLFS_ARCH_CPU_H
#define HVTLFS_ARCH_CPU_H

#include "hvtlfs/env.h"

/*!
 * @addtogroup arch
 * @{
 */

#ifndef HVTLFS_ARCH_CPUID
/*!
 * @brief Executes CPUID.
 * @param leaf value of EAX.
 * @param subleaf value of ECX.
 * @param regs receives EAX, EBX, ECX, EDX in that order.
 */
HVTLFS_ALWAYS_INLINE void hvtlfs_arch_cpuid(uint32_t leaf, uint32_t subleaf, uint32_t regs[4])
{
	uint32_t a, b, c, d;

	__asm__ __volatile__("cpuid"
			     : "=a"(a), "=b"(b), "=c"(c), "=d"(d)
			     : "a"(leaf), "c"(subleaf));
	regs[0] = a;
	regs[1] = b;
	regs[2] = c;
	regs[3] = d;
}
/*!
 * @brief CPUID primitive the library uses; predefine it to replace it.
 * @param leaf value of EAX.
 * @param subleaf value of ECX.
 * @param regs uint32_t[4] receiving EAX, EBX, ECX, EDX.
 */
#define HVTLFS_ARCH_CPUID(leaf, subleaf, regs) hvtlfs_arch_cpuid((leaf), (subleaf), (regs))
#endif

#ifndef HVTLFS_ARCH_RDMSR
/*!
 * @brief Executes RDMSR (CPL 0 only).
 * @param msr MSR number (ECX).
 * @return the 64-bit MSR value (EDX:EAX).
 */
HVTLFS_ALWAYS_INLINE uint64_t hvtlfs_arch_rdmsr(uint32_t msr)
{
	uint32_t lo, hi;

	__asm__ __volatile__("rdmsr" : "=a"(lo), "=d"(hi) : "c"(msr));
	return ((uint64_t)hi << 32) | lo;
}
/*!
 * @brief RDMSR primitive the library uses; predefine it to replace it.
 * @param msr MSR number.
 */
#define HVTLFS_ARCH_RDMSR(msr) hvtlfs_arch_rdmsr((msr))
#endif

#ifndef HVTLFS_ARCH_WRMSR
/*!
 * @brief Executes WRMSR (CPL 0 only).
 * @param msr MSR number (ECX).
 * @param value the 64-bit value (EDX:EAX).
 */
HVTLFS_ALWAYS_INLINE void hvtlfs_arch_wrmsr(uint32_t msr, uint64_t value)
{
	__asm__ __volatile__("wrmsr"
			     :
			     : "c"(msr), "a"((uint32_t)value), "d"((uint32_t)(value >> 32))
			     : "memory");
}
/*!
 * @brief WRMSR primitive the library uses; predefine it to replace it.
 * @param msr MSR number.
 * @param value 64-bit value.
 */
#define HVTLFS_ARCH_WRMSR(msr, value) hvtlfs_arch_wrmsr((msr), (value))
#endif

/*! @} */

#endif /* HVTLFS_ARCH_CPU_H */
