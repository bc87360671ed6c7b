/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * arm64: the inline assembly that issues one hypercall.
 *
 * Register contract (Hyper-V on arm64 through the Arm SMC Calling Convention, as
 * Linux issues it: `hvc #0`, SMC64/HVC64 convention):
 * - X0 = the SMCCC function id #HVTLFS_SMCCC_HV_HYPERCALL (0x46000001: yielding
 *   call, 64-bit convention, owner "vendor-specific hypervisor service", function 1);
 * - X1 = the hypercall input value (the control word, as on x64);
 * - X2 = input GPA, X3 = output GPA (slow and rep calls);
 * - fast calls: input in X2, X3, ... X17 (16 registers, 8 pairs of 16 bytes);
 *   fast output in the register pairs after the input (input rounded up to 16
 *   bytes): a one-name fast HvCallGetVpRegisters (20 bytes of input: X2-X4)
 *   returns its 128-bit value in X6 (low) and X7 (high);
 * - the result (status and reps completed) in X0.
 *
 * What the hypervisor may change, and so what every primitive declares changed:
 * - X0-X3 (result, control word rewritten by a rep continuation, output pairs);
 * - X4-X17: SMCCC v1.0 lets the callee corrupt them, and SMCCC v1.2 returns results
 *   in any of X0-X17; hvtlfs assumes no SMCCC version and declares all of them;
 * - the condition flags, and "memory" (the hypervisor reads and writes guest memory
 *   and a hypercall orders the caller's stores);
 * - X30 (the link register) with #HVTLFS_HYPERCALL_METHOD_CUSTOM, whose sequence may
 *   branch and link (`blr`) to a trampoline.
 * X18-X29, SP and the FP/SIMD registers are preserved by the convention.
 *
 * Use the arch-neutral include/hvtlfs/hypercall.h: it holds the configuration
 * (HVTLFS_HYPERCALL_METHOD and friends) and includes this file.
 *
 * The same guard against being included alone as arch/x86_64 and arch/i386: each
 * arch folder is complete on its own, so that include/, src/ and one arch/ folder are
 * a whole vendoring.
 */
#ifndef HVTLFS_ARCH_HYPERCALL_H
#define HVTLFS_ARCH_HYPERCALL_H

/* The public header carries the configuration (HVTLFS_HYPERCALL_METHOD and friends)
 * this file reads, and includes it after setting it up: never the other way round. */
#if !defined(HVTLFS_HYPERCALL_H)
#error "hvtlfs/arch/hypercall.h is included by hvtlfs/hypercall.h: include that instead"
#endif

#include "hvtlfs/arch/types.h"
#include "hvtlfs/tlfs.h"

/*!
 * @addtogroup hypercall
 * @{
 */

/*! @cond HVTLFS_INTERNAL */
#define HVTLFS_ARCH_STR2_(x) #x
#define HVTLFS_ARCH_STR_(x)  HVTLFS_ARCH_STR2_(x)

#if HVTLFS_HYPERCALL_METHOD == HVTLFS_HYPERCALL_METHOD_HVC
#define HVTLFS_ARCH_CALL_ASM_ "hvc #0"
#define HVTLFS_ARCH_LR_
#elif HVTLFS_HYPERCALL_METHOD == HVTLFS_HYPERCALL_METHOD_CUSTOM
#define HVTLFS_ARCH_CALL_ASM_	  HVTLFS_HYPERCALL_CALL_ASM
#define HVTLFS_ARCH_TARGET_(page) [HVTLFS_HYPERCALL_TARGET_NAME] "r"(page)
#define HVTLFS_ARCH_LR_		  , "x30"
#elif HVTLFS_HYPERCALL_METHOD == HVTLFS_HYPERCALL_METHOD_PAGE ||                                   \
	HVTLFS_HYPERCALL_METHOD == HVTLFS_HYPERCALL_METHOD_VMCALL ||                               \
	HVTLFS_HYPERCALL_METHOD == HVTLFS_HYPERCALL_METHOD_VMMCALL
#error "hvtlfs: arm64 has no hypercall page, VMCALL or VMMCALL: use HVTLFS_HYPERCALL_METHOD_HVC or _CUSTOM"
#else
#error "hvtlfs: unknown HVTLFS_HYPERCALL_METHOD"
#endif

#ifdef HVTLFS_ARCH_TARGET_
#define HVTLFS_ARCH_INPUTS_(page) HVTLFS_ARCH_TARGET_(page)
#define HVTLFS_ARCH_UNUSED_(page) ((void)0)
#else
#define HVTLFS_ARCH_INPUTS_(page)
#define HVTLFS_ARCH_UNUSED_(page) ((void)(page))
#endif

/* X4-X17: changed by the callee (see the contract above); and the flags. */
#define HVTLFS_ARCH_X4_X17_                                                                        \
	"x4", "x5", "x6", "x7", "x8", "x9", "x10", "x11", "x12", "x13", "x14", "x15", "x16", "x17"
#define HVTLFS_ARCH_CLOBBERS_ HVTLFS_ARCH_X4_X17_, "cc", "memory" HVTLFS_ARCH_LR_
/*! @endcond */

/*!
 * @brief One hypercall with X1 and X2 set (fast call with 8 bytes of input).
 *
 * X3 is not loaded; it is treated as modified.
 * @param page the #HVTLFS_HYPERCALL_METHOD_CUSTOM sequence's operand (ignored by
 *        `hvc #0`); the caller has checked it is not NULL.
 * @param control hypercall input value (X1).
 * @param in1 first input register (X2).
 * @return the hypercall result value (X0).
 */
HVTLFS_ALWAYS_INLINE uint64_t hvtlfs_arch_hypercall2(void *page, uint64_t control, uint64_t in1)
{
	register uint64_t x0 __asm__("x0") = HVTLFS_SMCCC_HV_HYPERCALL;
	register uint64_t x1 __asm__("x1") = control;
	register uint64_t x2 __asm__("x2") = in1;
	register uint64_t x3 __asm__("x3");

	HVTLFS_ARCH_UNUSED_(page);
	__asm__ __volatile__(HVTLFS_ARCH_CALL_ASM_
			     : "+r"(x0), "+r"(x1), "+r"(x2), "=r"(x3)
			     : HVTLFS_ARCH_INPUTS_(page)
			     : HVTLFS_ARCH_CLOBBERS_);
	return x0;
}

/*!
 * @brief One hypercall with X1, X2 and X3 set (slow call, fast call with 16 bytes
 *        of input, rep call).
 * @param page the #HVTLFS_HYPERCALL_METHOD_CUSTOM sequence's operand (ignored by
 *        `hvc #0`); the caller has checked it is not NULL.
 * @param control hypercall input value (X1).
 * @param in1 input GPA or first fast input register (X2).
 * @param in2 output GPA or second fast input register (X3).
 * @return the hypercall result value (X0).
 */
HVTLFS_ALWAYS_INLINE uint64_t hvtlfs_arch_hypercall3(void *page, uint64_t control, uint64_t in1,
						     uint64_t in2)
{
	register uint64_t x0 __asm__("x0") = HVTLFS_SMCCC_HV_HYPERCALL;
	register uint64_t x1 __asm__("x1") = control;
	register uint64_t x2 __asm__("x2") = in1;
	register uint64_t x3 __asm__("x3") = in2;

	HVTLFS_ARCH_UNUSED_(page);
	__asm__ __volatile__(HVTLFS_ARCH_CALL_ASM_
			     : "+r"(x0), "+r"(x1), "+r"(x2), "+r"(x3)
			     : HVTLFS_ARCH_INPUTS_(page)
			     : HVTLFS_ARCH_CLOBBERS_);
	return x0;
}

#ifndef HVTLFS_ARCH_HYPERCALL_REGS
/*!
 * @brief One register-file fast hypercall: X2-X17 in, the same registers read
 *        back after the call (fast output).
 * @param page the #HVTLFS_HYPERCALL_METHOD_CUSTOM sequence's operand (ignored by
 *        `hvc #0`); the caller has checked it is not NULL.
 * @param control hypercall input value (X1), fast bit set by the caller.
 * @param regs in: the 16 input qwords (X2 ... X17); out: the same registers
 *        after the call.
 * @return the hypercall result value (X0).
 */
HVTLFS_ALWAYS_INLINE uint64_t hvtlfs_arch_hypercall_regs(void *page, uint64_t control,
							 uint64_t regs[16])
{
	register uint64_t x0 __asm__("x0") = HVTLFS_SMCCC_HV_HYPERCALL;
	register uint64_t x1 __asm__("x1") = control;
	register uint64_t x2 __asm__("x2") = regs[0];
	register uint64_t x3 __asm__("x3") = regs[1];
	register uint64_t x4 __asm__("x4") = regs[2];
	register uint64_t x5 __asm__("x5") = regs[3];
	register uint64_t x6 __asm__("x6") = regs[4];
	register uint64_t x7 __asm__("x7") = regs[5];
	register uint64_t x8 __asm__("x8") = regs[6];
	register uint64_t x9 __asm__("x9") = regs[7];
	register uint64_t x10 __asm__("x10") = regs[8];
	register uint64_t x11 __asm__("x11") = regs[9];
	register uint64_t x12 __asm__("x12") = regs[10];
	register uint64_t x13 __asm__("x13") = regs[11];
	register uint64_t x14 __asm__("x14") = regs[12];
	register uint64_t x15 __asm__("x15") = regs[13];
	register uint64_t x16 __asm__("x16") = regs[14];
	register uint64_t x17 __asm__("x17") = regs[15];

	HVTLFS_ARCH_UNUSED_(page);
	__asm__ __volatile__(HVTLFS_ARCH_CALL_ASM_
			     : "+r"(x0), "+r"(x1), "+r"(x2), "+r"(x3), "+r"(x4), "+r"(x5), "+r"(x6),
			       "+r"(x7), "+r"(x8), "+r"(x9), "+r"(x10), "+r"(x11), "+r"(x12),
			       "+r"(x13), "+r"(x14), "+r"(x15), "+r"(x16), "+r"(x17)
			     : HVTLFS_ARCH_INPUTS_(page)
			     : "cc", "memory" HVTLFS_ARCH_LR_);
	regs[0] = x2;
	regs[1] = x3;
	regs[2] = x4;
	regs[3] = x5;
	regs[4] = x6;
	regs[5] = x7;
	regs[6] = x8;
	regs[7] = x9;
	regs[8] = x10;
	regs[9] = x11;
	regs[10] = x12;
	regs[11] = x13;
	regs[12] = x14;
	regs[13] = x15;
	regs[14] = x16;
	regs[15] = x17;
	return x0;
}
/*!
 * @brief The register-file hypercall primitive hvtlfs_hypercall_regs() uses; predefine
 *        it (before including hvtlfs/hypercall.h) to replace it, as the analysis of
 *        proofs/ does with a contract of the instruction.
 * @param page the #HVTLFS_HYPERCALL_METHOD_CUSTOM sequence's operand.
 * @param control hypercall input value (X1), fast bit set.
 * @param regs uint64_t[16]: in, X2-X17; out, the same registers after the call.
 * @return the hypercall result value (X0).
 */
#define HVTLFS_ARCH_HYPERCALL_REGS(page, control, regs)                                            \
	hvtlfs_arch_hypercall_regs((page), (control), (regs))
#endif

/*! @} */

#endif /* HVTLFS_ARCH_HYPERCALL_H */
