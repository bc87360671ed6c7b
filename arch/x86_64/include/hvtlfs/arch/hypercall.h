/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * x86_64: the inline assembly that issues one hypercall.
 *
 * Register contract (TLFS "Hypercall Inputs", x64): control in RCX, input GPA or
 * fast input 1 in RDX, output GPA or fast input 2 in R8, result in RAX; XMM fast
 * calls continue the input in XMM0-XMM5. Every primitive declares:
 * - RAX written (the result);
 * - RCX, RDX and R8 modified (the hypervisor rewrites RCX on rep calls and the
 *   fast-output registers; the hypercall page is the hypervisor's code);
 * - R9, R10, R11 and the flags clobbered;
 * - XMM0-XMM5 clobbered on the XMM forms (when the compiler may use SSE); the XMM
 *   form exists only with HVTLFS_HYPERCALL_XMM (hvtlfs/arch.h);
 * - "memory": the hypervisor reads and writes guest memory, and a hypercall
 *   orders the caller's stores (an event signalled after a ring write);
 * - the stack pointer as an in/out operand, so frame-pointer builds and objtool
 *   see a frame set up before the call.
 *
 * Use the arch-neutral include/hvtlfs/hypercall.h: it holds the configuration
 * (HVTLFS_HYPERCALL_METHOD and friends) and includes this file.
 *
 * The same text as arch/i386/include/hvtlfs/arch/hypercall.h where the two agree
 * (the guard against being included alone, the method selection): each arch folder
 * is complete on its own, so that include/, src/ and one arch/ folder are a whole
 * vendoring.
 */
#ifndef HVTLFS_ARCH_HYPERCALL_H
#define HVTLFS_ARCH_HYPERCALL_H

/* The public header carries the configuration (HVTLFS_HYPERCALL_METHOD and friends)
 * this file reads, and includes it after setting it up: never the other way round. */
#if !defined(HVTLFS_HYPERCALL_H)
#error "hvtlfs/arch/hypercall.h is included by hvtlfs/hypercall.h: include that instead"
#endif

#include "hvtlfs/arch/types.h"

/*!
 * @addtogroup hypercall
 * @{
 */

/*! @cond HVTLFS_INTERNAL */
#define HVTLFS_ARCH_STR2_(x) #x
#define HVTLFS_ARCH_STR_(x)  HVTLFS_ARCH_STR2_(x)

#if HVTLFS_HYPERCALL_METHOD == HVTLFS_HYPERCALL_METHOD_PAGE
#if HVTLFS_HYPERCALL_SKIP_RED_ZONE
/* A hosted (user-space) caller may keep data below RSP: step over the 128-byte red zone. */
#define HVTLFS_ARCH_CALL_ASM_                                                                      \
	"lea -128(%%rsp), %%rsp\n\tcall *%[" HVTLFS_ARCH_STR_(                                     \
		HVTLFS_HYPERCALL_TARGET_NAME) "]\n\tlea 128(%%rsp), %%rsp"
#else
#define HVTLFS_ARCH_CALL_ASM_ "call *%[" HVTLFS_ARCH_STR_(HVTLFS_HYPERCALL_TARGET_NAME) "]"
#endif
#define HVTLFS_ARCH_TARGET_(page) [HVTLFS_HYPERCALL_TARGET_NAME] "r"(page)
#elif HVTLFS_HYPERCALL_METHOD == HVTLFS_HYPERCALL_METHOD_CUSTOM
#define HVTLFS_ARCH_CALL_ASM_	  HVTLFS_HYPERCALL_CALL_ASM
#define HVTLFS_ARCH_TARGET_(page) [HVTLFS_HYPERCALL_TARGET_NAME] "r"(page)
#elif HVTLFS_HYPERCALL_METHOD == HVTLFS_HYPERCALL_METHOD_VMCALL
#define HVTLFS_ARCH_CALL_ASM_ ".byte 0x0f, 0x01, 0xc1 /* vmcall */"
#elif HVTLFS_HYPERCALL_METHOD == HVTLFS_HYPERCALL_METHOD_VMMCALL
#define HVTLFS_ARCH_CALL_ASM_ ".byte 0x0f, 0x01, 0xd9 /* vmmcall */"
#else
#error "hvtlfs: unknown HVTLFS_HYPERCALL_METHOD"
#endif

#ifdef HVTLFS_ARCH_TARGET_
#define HVTLFS_ARCH_INPUTS_(page)   HVTLFS_ARCH_TARGET_(page)
#define HVTLFS_ARCH_XMM_PAGE_(page) , HVTLFS_ARCH_TARGET_(page)
#define HVTLFS_ARCH_UNUSED_(page)   ((void)0)
#else
#define HVTLFS_ARCH_INPUTS_(page)
#define HVTLFS_ARCH_XMM_PAGE_(page)
#define HVTLFS_ARCH_UNUSED_(page) ((void)(page))
#endif

#if defined(__SSE__)
#define HVTLFS_ARCH_XMM_CLOBBERS_ , "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5"
#else
/* Built without SSE (a kernel): the compiler keeps nothing in XMM registers. */
#define HVTLFS_ARCH_XMM_CLOBBERS_
#endif
/* The stack pointer as an asm operand ("+r"): the compiler must have its frame set
 * up before the call (frame-pointer builds, objtool). A file-scope register variable
 * works in GCC and clang alike; a local one is left uninitialised by clang at -O0. */
#ifndef HVTLFS_HYPERCALL_SP
__extension__ register uintptr_t hvtlfs_arch_sp_ __asm__("rsp");
#define HVTLFS_HYPERCALL_SP hvtlfs_arch_sp_
#endif
/*! @endcond */

/*!
 * @brief One hypercall with RCX and RDX set (fast call with 8 bytes of input).
 *
 * R8 is not loaded; it is treated as modified.
 * @param page hypercall page (ignored by the VMCALL and VMMCALL methods);
 *        the caller has checked it is not NULL.
 * @param control hypercall input value (RCX).
 * @param in1 first input register (RDX).
 * @return the hypercall result value (RAX).
 */
HVTLFS_ALWAYS_INLINE uint64_t hvtlfs_arch_hypercall2(void *page, uint64_t control, uint64_t in1)
{
	register uint64_t r8 __asm__("r8");
	uint64_t result;

	HVTLFS_ARCH_UNUSED_(page);
	__asm__ __volatile__(HVTLFS_ARCH_CALL_ASM_
			     : "=a"(result), "+c"(control), "+d"(in1), "=r"(r8),
			       "+r"(HVTLFS_HYPERCALL_SP)
			     : HVTLFS_ARCH_INPUTS_(page)
			     : "r9", "r10", "r11", "cc", "memory");
	return result;
}

/*!
 * @brief One hypercall with RCX, RDX and R8 set (slow call, fast call with
 *        16 bytes of input, rep call).
 * @param page hypercall page (ignored by the VMCALL and VMMCALL methods);
 *        the caller has checked it is not NULL.
 * @param control hypercall input value (RCX).
 * @param in1 input GPA or first fast input register (RDX).
 * @param in2 output GPA or second fast input register (R8).
 * @return the hypercall result value (RAX).
 */
HVTLFS_ALWAYS_INLINE uint64_t hvtlfs_arch_hypercall3(void *page, uint64_t control, uint64_t in1,
						     uint64_t in2)
{
	register uint64_t r8 __asm__("r8") = in2;
	uint64_t result;

	HVTLFS_ARCH_UNUSED_(page);
	__asm__ __volatile__(HVTLFS_ARCH_CALL_ASM_
			     : "=a"(result), "+c"(control), "+d"(in1), "+r"(r8),
			       "+r"(HVTLFS_HYPERCALL_SP)
			     : HVTLFS_ARCH_INPUTS_(page)
			     : "r9", "r10", "r11", "cc", "memory");
	return result;
}

#if HVTLFS_XMM_ENABLED_
/*!
 * @brief One XMM fast hypercall: RDX, R8, then XMM0-XMM5 in, the same
 *        registers read back after the call (XMM fast output).
 * @param page hypercall page (ignored by the VMCALL and VMMCALL methods);
 *        the caller has checked it is not NULL.
 * @param control hypercall input value (RCX), fast bit set by the caller.
 * @param regs in: the 14 input qwords (RDX, R8, then XMM0 low, XMM0 high, ...
 *        XMM5 high); out: the same registers after the call.
 * @return the hypercall result value (RAX).
 */
HVTLFS_ALWAYS_INLINE uint64_t hvtlfs_arch_hypercall_xmm(void *page, uint64_t control,
							uint64_t regs[14])
{
	register uint64_t r8 __asm__("r8") = regs[1];
	uint64_t rdx = regs[0];
	uint64_t result;
	/* The XMM halves travel through memory: no vector types, so a -mno-sse kernel
	 * build can use this form inside its own FPU-enabled section. */
	uint64_t *x = regs + 2;

	HVTLFS_ARCH_UNUSED_(page);
	__asm__ __volatile__("movdqu 0(%[x]), %%xmm0\n\t"
			     "movdqu 16(%[x]), %%xmm1\n\t"
			     "movdqu 32(%[x]), %%xmm2\n\t"
			     "movdqu 48(%[x]), %%xmm3\n\t"
			     "movdqu 64(%[x]), %%xmm4\n\t"
			     "movdqu 80(%[x]), %%xmm5\n\t" HVTLFS_ARCH_CALL_ASM_ "\n\t"
			     "movdqu %%xmm0, 0(%[x])\n\t"
			     "movdqu %%xmm1, 16(%[x])\n\t"
			     "movdqu %%xmm2, 32(%[x])\n\t"
			     "movdqu %%xmm3, 48(%[x])\n\t"
			     "movdqu %%xmm4, 64(%[x])\n\t"
			     "movdqu %%xmm5, 80(%[x])"
			     : "=&a"(result), "+c"(control), "+d"(rdx), "+r"(r8),
			       "+r"(HVTLFS_HYPERCALL_SP)
			     : [x] "r"(x)HVTLFS_ARCH_XMM_PAGE_(page)
			     : "r9", "r10", "r11", "cc", "memory" HVTLFS_ARCH_XMM_CLOBBERS_);
	regs[0] = rdx;
	regs[1] = r8;
	return result;
}
#endif /* HVTLFS_XMM_ENABLED_: no XMM instruction exists in a build without the forms */

/*!
 * @brief This arch provides hvtlfs_arch_vtl_switch(): VTL call and VTL return
 *        through the hypercall page's sequences.
 */
#define HVTLFS_ARCH_HAS_VTL_SWITCH 1

/*! @cond HVTLFS_INTERNAL */
/* Kept out of the way of the CALL's push: user-space code may keep data below RSP (the
 * SysV red zone); a kernel built with -mno-red-zone loses nothing. */
#define HVTLFS_ARCH_RED_ZONE_ 128
#define HVTLFS_ARCH_STR_RZ_   HVTLFS_ARCH_STR_(HVTLFS_ARCH_RED_ZONE_)
/* The floating-point and vector registers VTLs share (TLFS vsm.md "Shared State": the
 * x87, XMM and AVX state), each group named only where the build lets the compiler
 * keep values in it: the x87 stack unless it is off (-mno-80387, -msoft-float and
 * -mgeneral-regs-only: _SOFT_FLOAT, as a kernel builds; gcc refuses the names then),
 * the MMX registers (the x87's, another register file to the compiler) with MMX,
 * XMM0-XMM15 with SSE (a clobbered XMM register is its whole YMM and ZMM register),
 * and with AVX-512 the registers only it has, XMM16-XMM31 and the mask registers.
 * The x87 and MMX groups are those of arch/i386 too (tests/contract/x86_twins.sh). */
#if !defined(_SOFT_FLOAT)
#define HVTLFS_ARCH_VTL_X87_CLOBBERS_                                                              \
	, "st", "st(1)", "st(2)", "st(3)", "st(4)", "st(5)", "st(6)", "st(7)"
#else
#define HVTLFS_ARCH_VTL_X87_CLOBBERS_
#endif
#if defined(__MMX__)
#define HVTLFS_ARCH_VTL_MMX_CLOBBERS_ , "mm0", "mm1", "mm2", "mm3", "mm4", "mm5", "mm6", "mm7"
#else
#define HVTLFS_ARCH_VTL_MMX_CLOBBERS_
#endif
#if defined(__SSE__)
#define HVTLFS_ARCH_VTL_XMM_CLOBBERS_                                                              \
	HVTLFS_ARCH_XMM_CLOBBERS_, "xmm6", "xmm7", "xmm8", "xmm9", "xmm10", "xmm11", "xmm12",      \
		"xmm13", "xmm14", "xmm15"
#else
#define HVTLFS_ARCH_VTL_XMM_CLOBBERS_
#endif
#if defined(__AVX512F__)
#define HVTLFS_ARCH_VTL_AVX512_CLOBBERS_                                                           \
	, "xmm16", "xmm17", "xmm18", "xmm19", "xmm20", "xmm21", "xmm22", "xmm23", "xmm24",         \
		"xmm25", "xmm26", "xmm27", "xmm28", "xmm29", "xmm30", "xmm31", "k0", "k1", "k2",   \
		"k3", "k4", "k5", "k6", "k7"
#else
#define HVTLFS_ARCH_VTL_AVX512_CLOBBERS_
#endif
/*! @endcond */

/*!
 * @brief A VTL call or VTL return: CALL to the sequence at @p entry (the hypercall
 *        page plus the offset HvRegisterVsmCodePageOffsets gives), with the control
 *        input in RCX (TLFS "VTL Call", "VTL Return": RCX the control input, RAX
 *        reserved).
 *
 * It returns when the other VTL switches back. VTLs share RAX-RDI, RBP, R8-R15 and
 * the x87, XMM and AVX state (TLFS vsm.md "Shared State"): whatever the other VTL
 * leaves in them is what this VTL sees, so every one of them the compiler may use in
 * this build is treated as changed (the x87 and MMX registers unless the x87 is off,
 * XMM0-XMM15 with SSE, XMM16-XMM31 and K0-K7 with AVX-512). RBP is
 * saved on the stack around the call (a frame-pointer build cannot name it as
 * clobbered); RSP and RIP are private to each VTL.
 * @param entry the sequence (the caller has checked it is not NULL).
 * @param input the VTL call (0) or VTL return control input.
 */
HVTLFS_ALWAYS_INLINE void hvtlfs_arch_vtl_switch(void *entry, uint64_t input)
{
	uint64_t rcx = input;
	void *rax = entry;

	__asm__ __volatile__(
		"lea -" HVTLFS_ARCH_STR_RZ_ "(%%rsp), %%rsp\n\t"
		"push %%rbp\n\t"
		"call *%%rax\n\t"
		"pop %%rbp\n\t"
		"lea " HVTLFS_ARCH_STR_RZ_ "(%%rsp), %%rsp"
		: "+a"(rax), "+c"(rcx), "+r"(HVTLFS_HYPERCALL_SP)
		:
		: "rbx", "rdx", "rsi", "rdi", "r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15",
		  "cc",
		  "memory" HVTLFS_ARCH_VTL_X87_CLOBBERS_ HVTLFS_ARCH_VTL_MMX_CLOBBERS_
			  HVTLFS_ARCH_VTL_XMM_CLOBBERS_ HVTLFS_ARCH_VTL_AVX512_CLOBBERS_);
}

/*! @} */

#endif /* HVTLFS_ARCH_HYPERCALL_H */
