/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * i386: the inline assembly that issues one hypercall.
 *
 * Register contract (TLFS "Hypercall Inputs", x86): control in EDX:EAX, input
 * GPA or fast input 1 in EBX:ECX, output GPA or fast input 2 in EDI:ESI, result
 * in EDX:EAX (high:low). The result replaces the control word, so on rep calls
 * the updated rep start is not visible in a register: continuation uses the
 * reps-completed field of the result. Every primitive declares:
 * - EDX:EAX in/out (control in, result out);
 * - EBX, ECX, EDI and ESI modified, in every form (the hypercall page is the
 *   hypervisor's code: nothing it may touch is assumed preserved);
 * - the flags and "memory" clobbered;
 * - the stack pointer as an in/out operand (frame-pointer builds, objtool).
 *
 * EBX under -fPIC/-fPIE: it is an ordinary operand; GCC 5+ and clang move the
 * GOT pointer out of the way themselves. Six general registers carry the call,
 * so the page pointer is an "rm" operand: EBP when the compiler has it free,
 * otherwise a stack copy addressed from ESP or EBP (never from a register the
 * call changes: those are all operands).
 *
 * i386 has no XMM fast-call forms.
 *
 * The same text as arch/x86_64/include/hvtlfs/arch/hypercall.h where the two agree
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
#define HVTLFS_ARCH_CALL_ASM_	  "call *%[" HVTLFS_ARCH_STR_(HVTLFS_HYPERCALL_TARGET_NAME) "]"
#define HVTLFS_ARCH_TARGET_(page) [HVTLFS_HYPERCALL_TARGET_NAME] "rm"(page)
#elif HVTLFS_HYPERCALL_METHOD == HVTLFS_HYPERCALL_METHOD_CUSTOM
#define HVTLFS_ARCH_CALL_ASM_	  HVTLFS_HYPERCALL_CALL_ASM
#define HVTLFS_ARCH_TARGET_(page) [HVTLFS_HYPERCALL_TARGET_NAME] "rm"(page)
#elif HVTLFS_HYPERCALL_METHOD == HVTLFS_HYPERCALL_METHOD_VMCALL
#define HVTLFS_ARCH_CALL_ASM_ ".byte 0x0f, 0x01, 0xc1 /* vmcall */"
#elif HVTLFS_HYPERCALL_METHOD == HVTLFS_HYPERCALL_METHOD_VMMCALL
#define HVTLFS_ARCH_CALL_ASM_ ".byte 0x0f, 0x01, 0xd9 /* vmmcall */"
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
/* The stack pointer as an asm operand ("+r"): the compiler must have its frame set
 * up before the call (frame-pointer builds, objtool). A file-scope register variable
 * works in GCC and clang alike; a local one is left uninitialised by clang at -O0. */
#ifndef HVTLFS_HYPERCALL_SP
__extension__ register uintptr_t hvtlfs_arch_sp_ __asm__("esp");
#define HVTLFS_HYPERCALL_SP hvtlfs_arch_sp_
#endif
/*! @endcond */

/*!
 * @brief One hypercall with EDX:EAX and EBX:ECX set (fast call with 8 bytes
 *        of input). EDI and ESI are not loaded; they are treated as modified.
 * @param page hypercall page (ignored by the VMCALL and VMMCALL methods);
 *        the caller has checked it is not NULL.
 * @param control hypercall input value (EDX:EAX).
 * @param in1 first input (EBX:ECX).
 * @return the hypercall result value (EDX:EAX).
 */
HVTLFS_ALWAYS_INLINE uint64_t hvtlfs_arch_hypercall2(void *page, uint64_t control, uint64_t in1)
{
	uint64_t edx_eax = control;
	uint32_t ebx = (uint32_t)(in1 >> 32);
	uint32_t ecx = (uint32_t)in1;

	HVTLFS_ARCH_UNUSED_(page);
	__asm__ __volatile__(HVTLFS_ARCH_CALL_ASM_
			     : "+A"(edx_eax), "+b"(ebx), "+c"(ecx), "+r"(HVTLFS_HYPERCALL_SP)
			     : HVTLFS_ARCH_INPUTS_(page)
			     : "edi", "esi", "cc", "memory");
	return edx_eax;
}

/*!
 * @brief One hypercall with EDX:EAX, EBX:ECX and EDI:ESI set (slow call, fast
 *        call with 16 bytes of input, rep call).
 * @param page hypercall page (ignored by the VMCALL and VMMCALL methods);
 *        the caller has checked it is not NULL.
 * @param control hypercall input value (EDX:EAX).
 * @param in1 input GPA or first fast input (EBX:ECX).
 * @param in2 output GPA or second fast input (EDI:ESI).
 * @return the hypercall result value (EDX:EAX).
 */
HVTLFS_ALWAYS_INLINE uint64_t hvtlfs_arch_hypercall3(void *page, uint64_t control, uint64_t in1,
						     uint64_t in2)
{
	uint64_t edx_eax = control;
	uint32_t ebx = (uint32_t)(in1 >> 32);
	uint32_t ecx = (uint32_t)in1;
	uint32_t edi = (uint32_t)(in2 >> 32);
	uint32_t esi = (uint32_t)in2;

	HVTLFS_ARCH_UNUSED_(page);
	__asm__ __volatile__(HVTLFS_ARCH_CALL_ASM_
			     : "+A"(edx_eax), "+b"(ebx), "+c"(ecx), "+D"(edi), "+S"(esi),
			       "+r"(HVTLFS_HYPERCALL_SP)
			     : HVTLFS_ARCH_INPUTS_(page)
			     : "cc", "memory");
	return edx_eax;
}

/*!
 * @brief This arch provides hvtlfs_arch_vtl_switch(): VTL call and VTL return
 *        through the hypercall page's sequences.
 */
#define HVTLFS_ARCH_HAS_VTL_SWITCH 1

/*! @cond HVTLFS_INTERNAL */
/* The floating-point and vector registers VTLs share (TLFS vsm.md "Shared State": the
 * x87, XMM and AVX state), each group named only where the build lets the compiler
 * keep values in it: the x87 stack unless it is off (-msoft-float, -mno-80387:
 * _SOFT_FLOAT, as a kernel builds; gcc refuses the names then), the MMX registers (the
 * x87's, another register file to the compiler) with MMX, XMM0-XMM7 with SSE (a
 * clobbered XMM register is its whole YMM and ZMM register), and with AVX-512 the
 * mask registers. The x87 and MMX groups are those of arch/x86_64 too
 * (tests/contract/x86_twins.sh). */
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
	, "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7"
#else
#define HVTLFS_ARCH_VTL_XMM_CLOBBERS_
#endif
#if defined(__AVX512F__)
#define HVTLFS_ARCH_VTL_AVX512_CLOBBERS_ , "k0", "k1", "k2", "k3", "k4", "k5", "k6", "k7"
#else
#define HVTLFS_ARCH_VTL_AVX512_CLOBBERS_
#endif
/*! @endcond */

/*!
 * @brief A VTL call or VTL return: CALL to the sequence at @p entry (the hypercall
 *        page plus the offset HvRegisterVsmCodePageOffsets gives), with the control
 *        input in EDX:EAX (TLFS "VTL Call", "VTL Return": x86 EDX:EAX the control
 *        input, ECX reserved).
 *
 * It returns when the other VTL switches back. VTLs share the general registers and
 * the x87, XMM and AVX state (TLFS vsm.md "Shared State"): all of them the compiler
 * may use in this build are treated as changed (the x87 and MMX registers unless the
 * x87 is off, XMM0-XMM7 with SSE, K0-K7 with AVX-512); EBP is saved on the stack
 * around the call; ESP and EIP are private to each VTL.
 * @param entry the sequence (the caller has checked it is not NULL).
 * @param input the VTL call (0) or VTL return control input.
 */
HVTLFS_ALWAYS_INLINE void hvtlfs_arch_vtl_switch(void *entry, uint64_t input)
{
	uint64_t edx_eax = input;
	void *ecx = entry;

	__asm__ __volatile__(
		"push %%ebp\n\t"
		"call *%%ecx\n\t"
		"pop %%ebp"
		: "+A"(edx_eax), "+c"(ecx), "+r"(HVTLFS_HYPERCALL_SP)
		:
		: "ebx", "esi", "edi", "cc",
		  "memory" HVTLFS_ARCH_VTL_X87_CLOBBERS_ HVTLFS_ARCH_VTL_MMX_CLOBBERS_
			  HVTLFS_ARCH_VTL_XMM_CLOBBERS_ HVTLFS_ARCH_VTL_AVX512_CLOBBERS_);
}

/*! @} */

#endif /* HVTLFS_ARCH_HYPERCALL_H */
