/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * arm64: the detection primitive, the SMCCC vendor-specific hypervisor service's
 * Call UID query, as a static inline function.
 *
 * arm64 has no CPUID and no MSRs: Hyper-V is recognised by the UID its SMCCC
 * vendor-hypervisor service answers, and everything x86 reads from CPUID leaves and
 * synthetic MSRs is read and written as synthetic registers with
 * HvCallGetVpRegisters / HvCallSetVpRegisters. So this file defines neither
 * HVTLFS_ARCH_CPUID nor HVTLFS_ARCH_RDMSR nor HVTLFS_ARCH_WRMSR: the library's
 * native CPUID answers zeros there, and its native MSR access refuses with
 * HVTLFS_ERR_ARCH_NO_MSR.
 *
 * The primitive is reached through a macro an integrator may define before
 * including this header (a kernel with its own SMCCC helpers, a test):
 * HVTLFS_ARCH_SMCCC_CALL_UID(regs). When it is predefined, the inline function is
 * not defined at all.
 *
 * `hvc` is UNDEFINED at EL0 and, at EL1, when EL2 is absent or disabled: call this
 * only where an SMCCC conduit through HVC exists (a guest kernel at EL1 under a
 * hypervisor; Linux checks the conduit first).
 */
#ifndef HVTLFS_ARCH_CPU_H
#define HVTLFS_ARCH_CPU_H

#include "hvtlfs/env.h"

/*!
 * @addtogroup arch
 * @{
 */

#ifndef HVTLFS_ARCH_SMCCC_CALL_UID
/*!
 * @brief Issues the SMCCC Call UID query of the vendor-specific hypervisor service
 *        (function id 0x8600FF01, a fast SMC32 call) with `hvc #0`.
 *
 * X0-X17 and the flags are declared changed (SMCCC v1.0 lets the callee corrupt
 * X4-X17; results come back in W0-W3).
 * @param regs receives W0, W1, W2, W3 (0xFFFFFFFF in W0: not supported).
 */
HVTLFS_ALWAYS_INLINE void hvtlfs_arch_smccc_call_uid(uint32_t regs[4])
{
	register uint64_t x0 __asm__("x0") = 0x8600FF01u;
	register uint64_t x1 __asm__("x1");
	register uint64_t x2 __asm__("x2");
	register uint64_t x3 __asm__("x3");

	__asm__ __volatile__("hvc #0"
			     : "+r"(x0), "=r"(x1), "=r"(x2), "=r"(x3)
			     :
			     : "x4", "x5", "x6", "x7", "x8", "x9", "x10", "x11", "x12", "x13",
			       "x14", "x15", "x16", "x17", "cc", "memory");
	regs[0] = (uint32_t)x0;
	regs[1] = (uint32_t)x1;
	regs[2] = (uint32_t)x2;
	regs[3] = (uint32_t)x3;
}
/*!
 * @brief The SMCCC Call UID primitive the library uses; predefine it to replace it.
 * @param regs uint32_t[4] receiving W0-W3.
 */
#define HVTLFS_ARCH_SMCCC_CALL_UID(regs) hvtlfs_arch_smccc_call_uid((regs))
#endif

/*! @} */

#endif /* HVTLFS_ARCH_CPU_H */
