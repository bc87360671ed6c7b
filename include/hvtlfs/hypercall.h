/* SPDX-License-Identifier: BSD-2-Clause */
/*!
 * @file hypercall.h
 * @brief Hypercall wrappers: slow, fast (8 and 16 bytes), XMM fast input and
 *        output (x86_64), and the rep call with continuation.
 *
 * Every wrapper is static inline and compiles to the call itself: the registers
 * the TLFS names, one call instruction, the result. How the call is made is the
 * integrator's choice at compile time (#HVTLFS_HYPERCALL_METHOD); see the
 * guide docs/wrappers.md.
 */
#ifndef HVTLFS_HYPERCALL_H
#define HVTLFS_HYPERCALL_H

#include "hvtlfs/env.h"
#include "hvtlfs/error.h"
#include "hvtlfs/control.h"
#include "hvtlfs/tlfs.h"
#include "hvtlfs/arch.h"

/*!
 * @defgroup hypercall Hypercall wrappers
 * @brief Issue hypercalls with an exact register contract, through the
 *        hypercall page, VMCALL, VMMCALL, arm64's `hvc #0` or an integrator's
 *        call sequence.
 *
 * Single calls return the raw 64-bit result word (see control.h accessors).
 * Wrappers that can refuse their input return an int (0 or an
 * enum hvtlfs_error code) and hand the result word back through a pointer.
 * @{
 */

/*! @name Call methods (values of #HVTLFS_HYPERCALL_METHOD)
 * @{ */
/*! Call the hypercall page (`call *page`): the portable default. */
#define HVTLFS_HYPERCALL_METHOD_PAGE 1
/*! Execute VMCALL directly (Intel VMX guests; not a TDX guest, whose hypercalls are
 *  TDG.VP.VMCALL: a VMCALL in a TD raises \#VE). */
#define HVTLFS_HYPERCALL_METHOD_VMCALL 2
/*! Execute VMMCALL directly (AMD; also an SEV-SNP guest without a paravisor, as
 *  Linux issues it there). */
#define HVTLFS_HYPERCALL_METHOD_VMMCALL 3
/*! Use the integrator's call sequence, #HVTLFS_HYPERCALL_CALL_ASM. */
#define HVTLFS_HYPERCALL_METHOD_CUSTOM 4
/*! Execute `hvc #0` as an SMCCC call (arm64, the default there: no hypercall page). */
#define HVTLFS_HYPERCALL_METHOD_HVC 5
/*! @} */

#ifndef HVTLFS_HYPERCALL_METHOD
/*!
 * @brief How every wrapper makes the call: one of HVTLFS_HYPERCALL_METHOD_*.
 *
 * Define it (e.g. -DHVTLFS_HYPERCALL_METHOD=HVTLFS_HYPERCALL_METHOD_VMCALL)
 * identically in every translation unit that includes this header. The default
 * is the architecture's (HVTLFS_ARCH_DEFAULT_HYPERCALL_METHOD: `hvc #0` on arm64),
 * else the hypercall page.
 */
#if defined(HVTLFS_ARCH_DEFAULT_HYPERCALL_METHOD)
#define HVTLFS_HYPERCALL_METHOD HVTLFS_ARCH_DEFAULT_HYPERCALL_METHOD
#else
#define HVTLFS_HYPERCALL_METHOD HVTLFS_HYPERCALL_METHOD_PAGE
#endif
#endif

#ifndef HVTLFS_HYPERCALL_PAGE
/*!
 * @brief Expression giving the hypercall page pointer (`void *`), read once per
 *        call by the PAGE and CUSTOM methods.
 *
 * Defaults to the library variable #hvtlfs_hypercall_page. An integrator may
 * name its own, e.g. `-DHVTLFS_HYPERCALL_PAGE=hv_hypercall_pg`. When it is NULL
 * no call is made: single calls return #HVTLFS_HYPERCALL_NO_PAGE_RESULT, the
 * int-returning wrappers #HVTLFS_ERR_NO_HYPERCALL_PAGE.
 */
#define HVTLFS_HYPERCALL_PAGE hvtlfs_hypercall_page
#endif

#ifndef HVTLFS_HYPERCALL_TARGET_NAME
/*!
 * @brief Name of the asm operand holding the page pointer (PAGE and CUSTOM
 *        methods): a register on x86_64, a register or memory operand ("rm")
 *        on i386.
 *
 * A custom call sequence refers to it as `%[name]`. Linux's `CALL_NOSPEC`
 * expects `thunk_target`: define this to `thunk_target` and
 * #HVTLFS_HYPERCALL_CALL_ASM to `CALL_NOSPEC`.
 */
#define HVTLFS_HYPERCALL_TARGET_NAME hvtlfs_page
#endif

#if defined(HVTLFS_DOXYGEN)
/*!
 * @brief The asm text of the call for #HVTLFS_HYPERCALL_METHOD_CUSTOM (no
 *        default): e.g. a retpoline-safe indirect call through
 *        `%[` #HVTLFS_HYPERCALL_TARGET_NAME `]`. It must behave as
 *        `call *page` does: same registers in and out, stack balanced.
 */
#define HVTLFS_HYPERCALL_CALL_ASM
#elif HVTLFS_HYPERCALL_METHOD == HVTLFS_HYPERCALL_METHOD_CUSTOM &&                                 \
	!defined(HVTLFS_HYPERCALL_CALL_ASM)
#error "hvtlfs: HVTLFS_HYPERCALL_METHOD_CUSTOM needs HVTLFS_HYPERCALL_CALL_ASM"
#endif

#if defined(HVTLFS_DOXYGEN)
/*!
 * @brief A stack-pointer register variable the wrappers pass to every call as an
 *        in/out asm operand, so the compiler sets up its frame before the call
 *        (frame-pointer builds, objtool). Default: one of hvtlfs's own, declared
 *        at file scope by the arch backend. An environment that already declares
 *        one (Linux: `current_stack_pointer`) names it here, since GCC warns about
 *        two global register variables for one register.
 */
#define HVTLFS_HYPERCALL_SP
#endif

#ifndef HVTLFS_HYPERCALL_SKIP_RED_ZONE
/*!
 * @brief 1: the x86_64 PAGE method steps RSP over the 128-byte red zone around
 *        the call. Needed only in hosted (user-space) code compiled with a red
 *        zone, e.g. host tests with hvtlfs::mock (which sets it); kernels build
 *        with -mno-red-zone and keep the default 0.
 */
#define HVTLFS_HYPERCALL_SKIP_RED_ZONE 0
#endif

#ifndef HVTLFS_HYPERCALL_TRACE
/*!
 * @brief Per-hypercall trace hook, run after every call the wrappers make
 *        (each rep iteration included). Defaults to nothing.
 * @param code the call code (uint16_t).
 * @param control the control word issued (uint64_t).
 * @param result the result word returned (uint64_t).
 */
#define HVTLFS_HYPERCALL_TRACE(code, control, result) ((void)0)
#endif

#if defined(HVTLFS_XMM_BEGIN) != defined(HVTLFS_XMM_END)
#error "hvtlfs: define both HVTLFS_XMM_BEGIN() and HVTLFS_XMM_END(), or neither"
#endif
#ifndef HVTLFS_XMM_BEGIN
/*!
 * @brief Hook run before every XMM fast call, before XMM0-XMM5 are loaded (a kernel
 *        takes the FPU here: Linux's kernel_fpu_begin()). Defaults to nothing, for
 *        builds that own the XMM registers (a user-space program, a hobby OS with SSE
 *        enabled). Exists only to be used with #HVTLFS_HYPERCALL_XMM 1; define it
 *        together with #HVTLFS_XMM_END, before including this header.
 */
#define HVTLFS_XMM_BEGIN() ((void)0)
/*!
 * @brief Hook run after every XMM fast call, once XMM0-XMM5 are read back (Linux:
 *        kernel_fpu_end()). Defaults to nothing; see #HVTLFS_XMM_BEGIN.
 */
#define HVTLFS_XMM_END() ((void)0)
#endif

#ifndef HVTLFS_REP_ITERATION_HOOK
/*!
 * @brief Hook run between rep iterations, before a continuation is issued
 *        (an OS touches its watchdog or checks for preemption here).
 *        Defaults to nothing.
 */
#define HVTLFS_REP_ITERATION_HOOK() ((void)0)
#endif

/*! @name Result of a call that was not made
 * @{ */
/*! Status reported when the hypercall page is NULL; no HV_STATUS has this value. */
#define HVTLFS_HYPERCALL_NO_PAGE_STATUS 0xFFFFu
/*!
 * Result word returned by single calls when the hypercall page is NULL: status
 * #HVTLFS_HYPERCALL_NO_PAGE_STATUS and reserved bit 63 set, so no hypervisor
 * answer can be mistaken for it.
 */
#define HVTLFS_HYPERCALL_NO_PAGE_RESULT HVTLFS_U64(0x800000000000FFFF)
/*! @} */

/*! @name Fast-call capacities
 * @{ */
/*!
 * @brief Constant expression: whether @p in bytes of input and @p out bytes of
 *        output fit an XMM fast call (output starts at the register pair after
 *        the input, input rounded up to 16 bytes).
 * @param in input size in bytes (a constant such as sizeof).
 * @param out output size in bytes, 0 without XMM fast output.
 */
#define HVTLFS_HYPERCALL_XMM_FITS(in, out) HVTLFS_FAST_IO_FITS(in, out, HVTLFS_FAST_XMM_BYTES)
/*!
 * @brief Compile-time rejection of an XMM fast call whose sizes do not fit.
 * @param in input size in bytes (constant).
 * @param out output size in bytes (constant).
 */
#define HVTLFS_HYPERCALL_XMM_ASSERT_FITS(in, out)                                                  \
	HVTLFS_STATIC_ASSERT(HVTLFS_HYPERCALL_XMM_FITS(in, out), "XMM fast hypercall: too big")
/*!
 * @brief Compile-time rejection of a fast call whose input does not fit 16 bytes.
 * @param in input size in bytes (constant, e.g. sizeof of the input struct).
 */
#define HVTLFS_HYPERCALL_FAST_ASSERT_FITS(in)                                                      \
	HVTLFS_STATIC_ASSERT((in) <= HVTLFS_FAST_GPR_BYTES, "fast hypercall: too big")
/*! @} */

HVTLFS_BEGIN_DECLS

/*!
 * @brief The default hypercall page pointer (#HVTLFS_HYPERCALL_PAGE): NULL until
 *        the OS maps the page and stores its address here.
 */
extern void *hvtlfs_hypercall_page;

HVTLFS_END_DECLS

#include "hvtlfs/arch/hypercall.h"

HVTLFS_BEGIN_DECLS

/*! @cond HVTLFS_INTERNAL */
#if HVTLFS_HYPERCALL_METHOD == HVTLFS_HYPERCALL_METHOD_PAGE ||                                     \
	HVTLFS_HYPERCALL_METHOD == HVTLFS_HYPERCALL_METHOD_CUSTOM
#define HVTLFS_HYPERCALL_USES_PAGE_  1
#define HVTLFS_HYPERCALL_GET_PAGE_() ((void *)(HVTLFS_HYPERCALL_PAGE))
#else
#define HVTLFS_HYPERCALL_USES_PAGE_  0
#define HVTLFS_HYPERCALL_GET_PAGE_() ((void *)0)
#endif
/*! @endcond */

/*! @cond HVTLFS_INTERNAL */
/* Public only because the inline wrappers below need them. Whether the configured
 * method can call now: false only for the PAGE and CUSTOM methods with a NULL page
 * (@page, read once by the caller). */
HVTLFS_ALWAYS_INLINE bool hvtlfs_hypercall_can_call_(void *page)
{
#if HVTLFS_HYPERCALL_USES_PAGE_
	return page != NULL;
#else
	(void)page;
	return true;
#endif
}
/*! @endcond */

/*!
 * @brief Slow (memory-based) hypercall.
 * @param control the hypercall input value (see hvtlfs_control_encode()); passed
 *        as is.
 * @param input_gpa guest physical address of the input page area (8-byte
 *        aligned, not crossing a page), or 0.
 * @param output_gpa guest physical address of the output area, or 0.
 * @return the raw result word; #HVTLFS_HYPERCALL_NO_PAGE_RESULT if the page is
 *         NULL (nothing called).
 */
HVTLFS_ALWAYS_INLINE uint64_t hvtlfs_hypercall_slow(uint64_t control, uint64_t input_gpa,
						    uint64_t output_gpa)
{
	void *page = HVTLFS_HYPERCALL_GET_PAGE_();
	uint64_t result;

	if (!hvtlfs_hypercall_can_call_(page))
		return HVTLFS_HYPERCALL_NO_PAGE_RESULT;
	result = hvtlfs_arch_hypercall3(page, control, input_gpa, output_gpa);
	HVTLFS_HYPERCALL_TRACE(hvtlfs_control_code(control), control, result);
	return result;
}

/*!
 * @brief Fast hypercall with 8 bytes of input in registers (RDX / EBX:ECX / X2).
 * @param control the hypercall input value; the wrapper sets the fast bit.
 * @param input the 8 input bytes, as a little-endian qword.
 * @return the raw result word; #HVTLFS_HYPERCALL_NO_PAGE_RESULT if the page is
 *         NULL (nothing called).
 */
HVTLFS_ALWAYS_INLINE uint64_t hvtlfs_hypercall_fast8(uint64_t control, uint64_t input)
{
	void *page = HVTLFS_HYPERCALL_GET_PAGE_();
	uint64_t result;

	control |= HVTLFS_CONTROL_FAST;
	if (!hvtlfs_hypercall_can_call_(page))
		return HVTLFS_HYPERCALL_NO_PAGE_RESULT;
	result = hvtlfs_arch_hypercall2(page, control, input);
	HVTLFS_HYPERCALL_TRACE(hvtlfs_control_code(control), control, result);
	return result;
}

/*!
 * @brief Fast hypercall with 16 bytes of input in registers (RDX, R8 /
 *        EBX:ECX, EDI:ESI / X2, X3).
 * @param control the hypercall input value; the wrapper sets the fast bit.
 * @param input0 input bytes 0-7.
 * @param input1 input bytes 8-15.
 * @return the raw result word; #HVTLFS_HYPERCALL_NO_PAGE_RESULT if the page is
 *         NULL (nothing called).
 */
HVTLFS_ALWAYS_INLINE uint64_t hvtlfs_hypercall_fast16(uint64_t control, uint64_t input0,
						      uint64_t input1)
{
	void *page = HVTLFS_HYPERCALL_GET_PAGE_();
	uint64_t result;

	control |= HVTLFS_CONTROL_FAST;
	if (!hvtlfs_hypercall_can_call_(page))
		return HVTLFS_HYPERCALL_NO_PAGE_RESULT;
	result = hvtlfs_arch_hypercall3(page, control, input0, input1);
	HVTLFS_HYPERCALL_TRACE(hvtlfs_control_code(control), control, result);
	return result;
}

/*! @cond HVTLFS_INTERNAL */
/* Little-endian qword @index of the bytes @p, zero-padded past @len (bytes at or
 * beyond @len are never read). */
HVTLFS_ALWAYS_INLINE uint64_t hvtlfs_hypercall_load_qword_(const uint8_t *p, size_t len,
							   size_t index)
{
	uint64_t v = 0;
	size_t i;

	for (i = 0; i < 8u; i++) {
		size_t at = index * 8u + i;

		if (at < len)
			v |= (uint64_t)p[at] << (8u * i);
	}
	return v;
}

/* The register image of an XMM fast call (RDX, R8, XMM0-XMM5) from @len input bytes. */
HVTLFS_ALWAYS_INLINE void hvtlfs_hypercall_load_regs_(uint64_t regs[HVTLFS_FAST_XMM_BYTES / 8u],
						      const uint8_t *p, size_t len)
{
	size_t i;

	for (i = 0; i < HVTLFS_FAST_XMM_BYTES / 8u; i++)
		regs[i] = hvtlfs_hypercall_load_qword_(p, len, i);
}
/*! @endcond */

/*!
 * @brief Fast hypercall taking its input from a buffer of up to 16 bytes,
 *        zero-padded into the registers; never truncates.
 * @param control the hypercall input value; the wrapper sets the fast bit.
 * @param input the input bytes (may be NULL when @p input_bytes is 0).
 * @param input_bytes input size, 0-16. Use #HVTLFS_HYPERCALL_FAST_ASSERT_FITS
 *        to reject a constant size at compile time.
 * @param[out] result receives the raw result word when the call was made, or
 *        #HVTLFS_HYPERCALL_NO_PAGE_RESULT when the page is NULL.
 * @return #HVTLFS_OK when the call was made (judge @p result);
 *         #HVTLFS_ERR_NULL if @p result is NULL, or @p input is NULL with a
 *         non-zero size; #HVTLFS_ERR_FAST_TOO_BIG if @p input_bytes exceeds 16;
 *         #HVTLFS_ERR_NO_HYPERCALL_PAGE if the page is NULL.
 */
HVTLFS_MUST_CHECK HVTLFS_ALWAYS_INLINE int
hvtlfs_hypercall_fast(uint64_t control, const void *input, size_t input_bytes, uint64_t *result)
{
	const uint8_t *p = (const uint8_t *)input;
	void *page = HVTLFS_HYPERCALL_GET_PAGE_();
	uint64_t in0, r;

	if (!result || (!input && input_bytes))
		return HVTLFS_ERR_NULL;
	if (input_bytes > HVTLFS_FAST_GPR_BYTES)
		return HVTLFS_ERR_FAST_TOO_BIG;
	if (!hvtlfs_hypercall_can_call_(page)) {
		*result = HVTLFS_HYPERCALL_NO_PAGE_RESULT;
		return HVTLFS_ERR_NO_HYPERCALL_PAGE;
	}
	control |= HVTLFS_CONTROL_FAST;
	in0 = hvtlfs_hypercall_load_qword_(p, input_bytes, 0);
	if (input_bytes <= 8u)
		r = hvtlfs_arch_hypercall2(page, control, in0);
	else
		r = hvtlfs_arch_hypercall3(page, control, in0,
					   hvtlfs_hypercall_load_qword_(p, input_bytes, 1));
	HVTLFS_HYPERCALL_TRACE(hvtlfs_control_code(control), control, r);
	*result = r;
	return HVTLFS_OK;
}

#if HVTLFS_XMM_ENABLED_ || defined(HVTLFS_DOXYGEN)
/*!
 * @brief XMM fast hypercall (x86_64): input in RDX, R8, then XMM0-XMM5, and
 *        optionally XMM fast output in the register pairs after the input.
 *
 * Needs CPUID 0x40000003 EDX bit 4 (input) and bit 15 (output): the caller
 * checks them; without them the processor raises \#UD. Exists only with
 * #HVTLFS_HYPERCALL_XMM 1 (the default of hosted builds with SSE2); the call runs
 * between #HVTLFS_XMM_BEGIN and #HVTLFS_XMM_END, where a kernel built without SSE
 * enables the FPU (kernel_fpu_begin() or equivalent).
 * @param control the hypercall input value; the wrapper sets the fast bit.
 * @param input the input bytes (may be NULL when @p input_bytes is 0).
 * @param input_bytes input size, 0-112, zero-padded into the registers.
 * @param output receives @p output_bytes bytes of XMM fast output (may be NULL
 *        when @p output_bytes is 0).
 * @param output_bytes output size; the output starts at register pair
 *        ceil(input_bytes / 16) (pair 0 is RDX:R8, pair 1 XMM0, ...).
 * @param[out] result receives the raw result word when the call was made, or
 *        #HVTLFS_HYPERCALL_NO_PAGE_RESULT when the page is NULL.
 * @return #HVTLFS_OK when the call was made (judge @p result; @p output is
 *         written whatever the status); #HVTLFS_ERR_NULL for a NULL @p result,
 *         or a NULL buffer with a non-zero size; #HVTLFS_ERR_FAST_TOO_BIG when
 *         the sizes do not fit (see #HVTLFS_HYPERCALL_XMM_FITS; nothing called,
 *         nothing truncated); #HVTLFS_ERR_NO_HYPERCALL_PAGE if the page is NULL.
 */
HVTLFS_MUST_CHECK HVTLFS_ALWAYS_INLINE int hvtlfs_hypercall_xmm(uint64_t control, const void *input,
								size_t input_bytes, void *output,
								size_t output_bytes,
								uint64_t *result)
{
	const uint8_t *p = (const uint8_t *)input;
	uint8_t *o = (uint8_t *)output;
	void *page = HVTLFS_HYPERCALL_GET_PAGE_();
	uint64_t regs[HVTLFS_FAST_XMM_BYTES / 8u];
	uint64_t r;
	size_t i, first;

	if (!result || (!input && input_bytes) || (!output && output_bytes))
		return HVTLFS_ERR_NULL;
	if (!HVTLFS_HYPERCALL_XMM_FITS(input_bytes, output_bytes))
		return HVTLFS_ERR_FAST_TOO_BIG;
	if (!hvtlfs_hypercall_can_call_(page)) {
		*result = HVTLFS_HYPERCALL_NO_PAGE_RESULT;
		return HVTLFS_ERR_NO_HYPERCALL_PAGE;
	}
	hvtlfs_hypercall_load_regs_(regs, p, input_bytes);
	control |= HVTLFS_CONTROL_FAST;
	HVTLFS_XMM_BEGIN();
	r = hvtlfs_arch_hypercall_xmm(page, control, regs);
	HVTLFS_XMM_END();
	HVTLFS_HYPERCALL_TRACE(hvtlfs_control_code(control), control, r);
	first = ((input_bytes + 15u) >> 4) * 16u;
	for (i = 0; i < output_bytes; i++) {
		size_t at = first + i;

		o[i] = (uint8_t)(regs[at >> 3] >> (8u * (at & 7u)));
	}
	*result = r;
	return HVTLFS_OK;
}
#endif

#if (defined(HVTLFS_ARCH_HAS_REGS_HYPERCALL) && HVTLFS_ARCH_HAS_REGS_HYPERCALL) ||                 \
	defined(HVTLFS_DOXYGEN)
/*!
 * @brief Constant expression: whether @p in bytes of input and @p out bytes of
 *        output fit the register-file fast form of this architecture
 *        (hvtlfs_hypercall_regs(); arm64: X2-X17, 128 bytes; output from the
 *        register pair after the input).
 * @param in input size in bytes.
 * @param out output size in bytes, 0 without fast output.
 */
#define HVTLFS_HYPERCALL_REGS_FITS(in, out)                                                        \
	HVTLFS_FAST_IO_FITS(in, out, HVTLFS_ARCH_FAST_REGS_BYTES)

/*!
 * @brief Register-file fast hypercall (arm64): input in X2-X17, and optionally
 *        fast output read back from the register pairs after the input.
 *
 * This is how a fast call with output is made on arm64: Linux's one-register
 * HvCallGetVpRegisters sends the 16-byte header and the name in X2-X4 and reads
 * the value from X6/X7. Every register X0-X17 is declared changed (SMCCC v1.2
 * register use), so it is safe whatever the hypervisor leaves in them.
 * @param control the hypercall input value; the wrapper sets the fast bit.
 * @param input the input bytes (may be NULL when @p input_bytes is 0).
 * @param input_bytes input size, 0-128, zero-padded into the registers.
 * @param output receives @p output_bytes bytes of fast output (may be NULL when
 *        @p output_bytes is 0).
 * @param output_bytes output size; the output starts at register pair
 *        ceil(input_bytes / 16) (pair 0 is X2:X3, pair 1 X4:X5, ...).
 * @param[out] result receives the raw result word when the call was made, or
 *        #HVTLFS_HYPERCALL_NO_PAGE_RESULT when the CUSTOM method's page is NULL.
 * @return #HVTLFS_OK when the call was made (judge @p result; @p output is
 *         written whatever the status); #HVTLFS_ERR_NULL for a NULL @p result,
 *         or a NULL buffer with a non-zero size; #HVTLFS_ERR_FAST_TOO_BIG when
 *         the sizes do not fit (#HVTLFS_HYPERCALL_REGS_FITS; nothing called,
 *         nothing truncated); #HVTLFS_ERR_NO_HYPERCALL_PAGE for the CUSTOM
 *         method with a NULL page.
 */
HVTLFS_MUST_CHECK HVTLFS_ALWAYS_INLINE int
hvtlfs_hypercall_regs(uint64_t control, const void *input, size_t input_bytes, void *output,
		      size_t output_bytes, uint64_t *result)
{
	const uint8_t *p = (const uint8_t *)input;
	uint8_t *o = (uint8_t *)output;
	void *page = HVTLFS_HYPERCALL_GET_PAGE_();
	uint64_t regs[HVTLFS_ARCH_FAST_REGS_BYTES / 8u];
	uint64_t r;
	size_t i, first;

	if (!result || (!input && input_bytes) || (!output && output_bytes))
		return HVTLFS_ERR_NULL;
	if (!HVTLFS_HYPERCALL_REGS_FITS(input_bytes, output_bytes))
		return HVTLFS_ERR_FAST_TOO_BIG;
	if (!hvtlfs_hypercall_can_call_(page)) {
		*result = HVTLFS_HYPERCALL_NO_PAGE_RESULT;
		return HVTLFS_ERR_NO_HYPERCALL_PAGE;
	}
	for (i = 0; i < HVTLFS_ARCH_FAST_REGS_BYTES / 8u; i++)
		regs[i] = hvtlfs_hypercall_load_qword_(p, input_bytes, i);
	control |= HVTLFS_CONTROL_FAST;
	r = HVTLFS_ARCH_HYPERCALL_REGS(page, control, regs);
	HVTLFS_HYPERCALL_TRACE(hvtlfs_control_code(control), control, r);
	first = HVTLFS_FAST_OUTPUT_OFFSET(input_bytes);
	for (i = 0; i < output_bytes; i++) {
		size_t at = first + i;

		o[i] = (uint8_t)(regs[at >> 3] >> (8u * (at & 7u)));
	}
	*result = r;
	return HVTLFS_OK;
}
#endif

/*! @brief hvtlfs_rep_progress() answer: re-issue the call from the updated rep start. */
#define HVTLFS_REP_CONTINUE 1

/*!
 * @brief Judges one answer of a rep hypercall, never trusting the hypervisor's
 *        reps-completed count blindly. Every rep loop of the library uses it.
 *
 * Order of the checks: reps completed above the rep count, a failure status
 * (anything but SUCCESS and TIMEOUT), reps completed below the rep start, all
 * reps done, no progress. A failure is reported as such whatever reps completed
 * below the rep count says: the TLFS defines the count only for a failing
 * element, KVM answers every failure with 0 reps completed (also a refusal of a
 * call issued with rep start above 0), and hvtlfs_hvcall_decode() answers the rep
 * start; none of them is the hypervisor going backwards. A count above the rep
 * count is never legitimate and wins even over a failure status.
 * @param result the result word of the call.
 * @param rep_count the rep count of the control word (>= 1).
 * @param[in,out] rep_start the rep start the call was issued with; on
 *        #HVTLFS_REP_CONTINUE, the reps completed to re-issue from.
 * @return #HVTLFS_OK when every rep is done; #HVTLFS_REP_CONTINUE to re-issue
 *         with the updated rep start; #HVTLFS_ERR_REP_OVERSHOOT,
 *         #HVTLFS_ERR_REP_BACKWARDS, #HVTLFS_ERR_HV_STATUS or
 *         #HVTLFS_ERR_REP_STALLED otherwise.
 */
HVTLFS_ALWAYS_INLINE int hvtlfs_rep_progress(uint64_t result, uint32_t rep_count,
					     uint32_t *rep_start)
{
	uint16_t status = hvtlfs_result_status(result);
	uint32_t done = hvtlfs_result_reps_completed(result);

	if (done > rep_count)
		return HVTLFS_ERR_REP_OVERSHOOT;
	if (status != HVTLFS_STATUS_SUCCESS && status != HVTLFS_STATUS_TIMEOUT)
		return HVTLFS_ERR_HV_STATUS;
	if (done < *rep_start)
		return HVTLFS_ERR_REP_BACKWARDS;
	if (done == rep_count)
		return HVTLFS_OK;
	if (done == *rep_start)
		return HVTLFS_ERR_REP_STALLED;
	*rep_start = done;
	return HVTLFS_REP_CONTINUE;
}

/*! @cond HVTLFS_INTERNAL */
/* One call on @page (read once by the caller), traced: slow, fast or rep with RDX and
 * R8 (@xmm NULL), or XMM fast with the register image loaded from the @xmm_bytes at
 * @xmm (its registers are the hypervisor's after the call: reloaded every time). */
HVTLFS_ALWAYS_INLINE uint64_t hvtlfs_hypercall_once_(void *page, uint64_t control, uint64_t in1,
						     uint64_t in2, const uint8_t *xmm,
						     size_t xmm_bytes)
{
	uint64_t r;

#if HVTLFS_XMM_ENABLED_
	if (xmm) {
		uint64_t regs[HVTLFS_FAST_XMM_BYTES / 8u];

		hvtlfs_hypercall_load_regs_(regs, xmm, xmm_bytes);
		control |= HVTLFS_CONTROL_FAST;
		HVTLFS_XMM_BEGIN();
		r = hvtlfs_arch_hypercall_xmm(page, control, regs);
		HVTLFS_XMM_END();
	} else {
		r = hvtlfs_arch_hypercall3(page, control, in1, in2);
	}
#else
	(void)xmm;
	(void)xmm_bytes;
	r = hvtlfs_arch_hypercall3(page, control, in1, in2);
#endif
	HVTLFS_HYPERCALL_TRACE(hvtlfs_control_code(control), control, r);
	return r;
}

/*
 * The one call-and-continue loop of the library (hvtlfs_hypercall_rep(),
 * hvtlfs_flush_issue()): a simple call once, a rep call until every rep is done,
 * re-issued from reps completed as hvtlfs_rep_progress() judges each answer (the
 * rep start is the only field that changes, #HVTLFS_REP_ITERATION_HOOK runs before
 * each continuation). @xmm: NULL for the slow form, else the XMM fast form's input
 * of @xmm_bytes (x86_64). The page is read once. Returns #HVTLFS_OK when done, the
 * refusal of a malformed rep control word, #HVTLFS_ERR_FAST_TOO_BIG,
 * #HVTLFS_ERR_XMM_DISABLED for an XMM input where the XMM forms are compiled out,
 * #HVTLFS_ERR_NO_HYPERCALL_PAGE, or the hypervisor's failure as
 * hvtlfs_rep_progress() (a simple call: #HVTLFS_ERR_HV_STATUS) says it.
 */
HVTLFS_MUST_CHECK HVTLFS_ALWAYS_INLINE int hvtlfs_hypercall_run_(uint64_t control, uint64_t in1,
								 uint64_t in2, const void *xmm,
								 size_t xmm_bytes, uint64_t *result)
{
	uint32_t count = hvtlfs_control_rep_count(control);
	uint32_t start = hvtlfs_control_rep_start(control);
	void *page;
	int rc;

	if (count != 0) {
		rc = hvtlfs_control_rep_rule_(control, true);
		if (rc != HVTLFS_OK)
			return rc;
		if (control & HVTLFS_CONTROL_RESERVED_MASK)
			return HVTLFS_ERR_RESERVED_BITS;
	}
#if HVTLFS_XMM_ENABLED_
	if (xmm && !HVTLFS_HYPERCALL_XMM_FITS(xmm_bytes, 0))
		return HVTLFS_ERR_FAST_TOO_BIG;
#else
	if (xmm)
		return HVTLFS_ERR_XMM_DISABLED;
#endif
	page = HVTLFS_HYPERCALL_GET_PAGE_();
	if (!hvtlfs_hypercall_can_call_(page)) {
		if (result)
			*result = HVTLFS_HYPERCALL_NO_PAGE_RESULT;
		return HVTLFS_ERR_NO_HYPERCALL_PAGE;
	}
	for (;;) {
		uint64_t r = hvtlfs_hypercall_once_(page, control, in1, in2, (const uint8_t *)xmm,
						    xmm_bytes);

		if (result)
			*result = r;
		if (count == 0)
			return hvtlfs_result_status(r) == HVTLFS_STATUS_SUCCESS
				       ? HVTLFS_OK
				       : HVTLFS_ERR_HV_STATUS;
		rc = hvtlfs_rep_progress(r, count, &start);
		if (rc != HVTLFS_REP_CONTINUE)
			return rc;
		HVTLFS_REP_ITERATION_HOOK();
		control = hvtlfs_control_with_rep_start(control, start);
	}
}
/*! @endcond */

/*!
 * @brief Rep hypercall with continuation: re-issues the call with rep start =
 *        reps completed until every rep is done or a failure status.
 *
 * The control word keeps everything the caller put in it (variable header size,
 * nested bit, fast bit); only the rep start field changes between iterations
 * (hvtlfs_control_with_rep_start()), and #HVTLFS_REP_ITERATION_HOOK runs before
 * each continuation. HV_STATUS_TIMEOUT and SUCCESS with reps completed below the
 * rep count continue. The hypervisor's reps completed is never trusted: it must
 * not exceed the rep count, and a continuing answer must lie in [rep start, rep
 * count] and strictly advance (hvtlfs_rep_progress()).
 * @param control the hypercall input value with rep count >= 1 and rep start
 *        below it (usually 0).
 * @param input_gpa input GPA (fixed header, variable header, then the rep
 *        elements), passed unchanged on every iteration.
 * @param output_gpa output GPA, passed unchanged on every iteration.
 * @param[out] result receives the last result word (may be NULL); untouched
 *        when nothing was called, except #HVTLFS_HYPERCALL_NO_PAGE_RESULT for a
 *        NULL page.
 * @return #HVTLFS_OK when reps completed reached the rep count with SUCCESS (or
 *         TIMEOUT); #HVTLFS_ERR_REP_COUNT_ZERO for rep count 0;
 *         #HVTLFS_ERR_REP_START_NOT_BELOW for rep start >= rep count;
 *         #HVTLFS_ERR_RESERVED_BITS for a reserved control bit;
 *         #HVTLFS_ERR_NO_HYPERCALL_PAGE for a NULL page (nothing called);
 *         #HVTLFS_ERR_HV_STATUS for a failure status (reps completed in
 *         @p result says how far it got: the failing element's index, or the
 *         rep start for a call refused before its elements; 0 from KVM, which
 *         reports no count on failures, so the reps below the last rep start
 *         issued are done whatever it says); #HVTLFS_ERR_REP_OVERSHOOT when reps
 *         completed exceeds the rep count; #HVTLFS_ERR_REP_BACKWARDS when a
 *         continuing answer (SUCCESS or TIMEOUT) puts it below the rep start;
 *         #HVTLFS_ERR_REP_STALLED when a non-final answer did not advance it.
 */
HVTLFS_MUST_CHECK HVTLFS_INLINE int hvtlfs_hypercall_rep(uint64_t control, uint64_t input_gpa,
							 uint64_t output_gpa, uint64_t *result)
{
	int rc = hvtlfs_control_rep_rule_(control, true);

	if (rc != HVTLFS_OK)
		return rc;
	return hvtlfs_hypercall_run_(control, input_gpa, output_gpa, NULL, 0, result);
}

/*! @} */

HVTLFS_END_DECLS

#endif /* HVTLFS_HYPERCALL_H */
