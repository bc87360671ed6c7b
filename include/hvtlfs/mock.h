/* SPDX-License-Identifier: BSD-2-Clause */
/*!
 * @file mock.h
 * @brief hvtlfs::mock: a fake hypervisor for host (user-space) tests of code
 *        that makes hypercalls through the hvtlfs wrappers.
 *
 * Link the CMake target `hvtlfs::mock` (hosted Linux, x86_64, i386 or arm64) into a
 * test. It offers two ways in, both ending in the same handler:
 * - a fake hypercall page (hvtlfs_mock_page()): an assembly trampoline the
 *   wrappers call exactly as they call the real page;
 * - VMCALL and VMMCALL (arm64: `hvc #0`) executed directly: they raise SIGILL in
 *   user mode, and the mock's signal handler (hvtlfs_mock_sigill_install())
 *   emulates them.
 *
 * The handler sees the registers as the TLFS defines them (control word, input
 * and output GPAs, fast-input registers; GPA = host virtual address), writes the
 * result, and the mock then overwrites every register the hypervisor may change
 * (except outputs) with garbage, so a wrapper with a missing clobber fails.
 * See the guide docs/mock.md.
 *
 * The mock keeps global state and is not thread-safe: one test thread at a time.
 */
#ifndef HVTLFS_MOCK_H
#define HVTLFS_MOCK_H

#include "hvtlfs/env.h"
#include "hvtlfs/arch/types.h"

HVTLFS_BEGIN_DECLS

/*!
 * @defgroup mock Mock hypervisor (host tests)
 * @brief Fake hypercall page and VMCALL/VMMCALL (arm64: `hvc #0`) emulation for tests.
 * @{
 */

/*! @brief How a mocked call arrived (hvtlfs_mock_call::via). */
enum hvtlfs_mock_via {
	HVTLFS_MOCK_VIA_PAGE = 1,    /*!< Through the fake hypercall page. */
	HVTLFS_MOCK_VIA_VMCALL = 2,  /*!< A VMCALL instruction (SIGILL emulation). */
	HVTLFS_MOCK_VIA_VMMCALL = 3, /*!< A VMMCALL instruction (SIGILL emulation). */
	HVTLFS_MOCK_VIA_HVC = 4	     /*!< An arm64 `hvc #0` (SIGILL emulation). */
};

#if defined(HVTLFS_ARCH_FAST_REGS_BYTES) || defined(HVTLFS_DOXYGEN)
/*! @brief Number of qwords in the fast register file: RDX, R8, XMM0-XMM5 (two each)
 *         on x86_64; X2-X17 on arm64. */
#define HVTLFS_MOCK_FAST_REGS (HVTLFS_ARCH_FAST_REGS_BYTES / 8u)
#else
#define HVTLFS_MOCK_FAST_REGS 14u
#endif
/*! @brief Number of calls the mock remembers (the most recent ones). */
#define HVTLFS_MOCK_HISTORY 64u
/*! @brief Largest number of scripted responses (hvtlfs_mock_script()). */
#define HVTLFS_MOCK_SCRIPT_MAX 64u

/*!
 * @brief Garbage the mock leaves in a register the hypervisor may change.
 * @param reg a small register number (the mock uses 0-31).
 * @param n the call's number (hvtlfs_mock_call_count() before the call).
 */
#define HVTLFS_MOCK_GARBAGE(reg, n)                                                                \
	(HVTLFS_U64(0xBAD0C0DE00000000) | ((uint64_t)(reg) << 16) | ((uint64_t)(n)&0xFFFFu))

/*!
 * @brief One hypercall as the mock saw it, and the answer the handler gives.
 *
 * On i386, 64-bit values are assembled from register pairs (high:low):
 * control EDX:EAX, input EBX:ECX, output EDI:ESI; there are no XMM forms. On
 * arm64: control X1, input X2, output X3, fast[0..15] = X2-X17, result X0.
 */
struct hvtlfs_mock_call {
	unsigned int via;    /*!< enum hvtlfs_mock_via. */
	uint64_t control;    /*!< Hypercall input value (RCX / EDX:EAX). */
	uint64_t input_reg;  /*!< Input GPA or fast input 1 (RDX / EBX:ECX). */
	uint64_t output_reg; /*!< Output GPA or fast input 2 (R8 / EDI:ESI). */
	/*! input_reg as a host pointer (identity GPA = VA) on slow calls; NULL on
	 *  fast calls, for 0, or when it does not fit a pointer. */
	void *input;
	/*! output_reg as a host pointer, as for @ref input. */
	void *output;
	/*! Fast register file: [0] RDX, [1] R8, [2 + 2i] low and [3 + 2i] high
	 *  qword of XMMi (x86_64). The handler may write outputs here and name
	 *  them in @ref fast_out_mask. On i386 [0] and [1] hold EBX:ECX, EDI:ESI
	 *  and nothing is written back. */
	uint64_t fast[HVTLFS_MOCK_FAST_REGS];
	uint64_t result;	/*!< Handler sets: the result word (RAX / EDX:EAX). */
	uint32_t fast_out_mask; /*!< Handler sets: bit i means fast[i] is an output. */
	/*! Handler may set: XMM0-XMM5 are volatile for this call (an XMM fast
	 *  call), so those not named as outputs get garbage. Starts as set by
	 *  hvtlfs_mock_set_xmm_volatile() for fast calls, false otherwise. */
	bool xmm_volatile;
	unsigned long seq; /*!< Number of this call, from 0 (set by the mock). */
	/*! RAX (i386: ECX) as the hypervisor sees it: for HvCallVtlCall and
	 *  HvCallVtlReturn the control input the page's VTL sequences move there (the
	 *  caller's RCX, EDX:EAX on i386; see hvtlfs_mock_vsm_code_page_offsets()). On
	 *  return from a VTL switch through the page, every register VTLs share gets
	 *  garbage (the other VTL may leave anything in them). */
	uint64_t vtl_input;
};

/*!
 * @brief A test's hypervisor: reads @p call, sets call->result and any fast
 *        outputs.
 * @param call the call; see struct hvtlfs_mock_call for what may be written.
 * @param ctx the pointer given to hvtlfs_mock_set_handler().
 */
typedef void (*hvtlfs_mock_handler_fn)(struct hvtlfs_mock_call *call, void *ctx);

/*! @brief How a scripted response sets reps completed (hvtlfs_mock_response::reps_mode). */
enum hvtlfs_mock_reps_mode {
	HVTLFS_MOCK_REPS_ALL = 0,     /*!< Reps completed = rep count (0 on a simple call). */
	HVTLFS_MOCK_REPS_ADVANCE = 1, /*!< Reps completed = rep start + reps (reps may be <= 0:
					   a stall or a step backwards). */
	HVTLFS_MOCK_REPS_ABSOLUTE = 2 /*!< Reps completed = reps exactly (e.g. beyond rep count). */
};

/*! @brief One scripted answer of the built-in handler. */
struct hvtlfs_mock_response {
	uint16_t status;	/*!< HV_STATUS to return (HVTLFS_STATUS_*). */
	unsigned int reps_mode; /*!< enum hvtlfs_mock_reps_mode. */
	int32_t reps;		/*!< Operand of @ref reps_mode; the result keeps its low 12 bits. */
};

/*!
 * @brief Resets the mock: no calls recorded, the built-in scripted handler with
 *        an empty script, default response SUCCESS with every rep completed,
 *        XMM not volatile. Does not touch the SIGILL handler or the page pointer.
 */
void hvtlfs_mock_reset(void);

/*!
 * @brief Address of the fake hypercall page (the trampoline), to store in
 *        #hvtlfs_hypercall_page or the integrator's page variable.
 * @return the trampoline's address; never NULL.
 */
void *hvtlfs_mock_page(void);

/*!
 * @brief The value of HvRegisterVsmCodePageOffsets for the fake page: its VTL call and
 *        VTL return sequences, which do what the TLFS gives the real page to do ("VTL
 *        Call", "VTL Return": the control input from RCX, EDX:EAX on i386) and pass
 *        the call to the handler as a call of code 0x0011 / 0x0012 with the control
 *        input in hvtlfs_mock_call::vtl_input.
 * @return VtlCallOffset in bits 0-11, VtlReturnOffset in bits 12-23; 0 on an
 *         architecture whose hypercall page has no VTL sequences (arm64).
 */
uint64_t hvtlfs_mock_vsm_code_page_offsets(void);

/*!
 * @brief Installs the SIGILL handler that emulates VMCALL (0F 01 C1) and
 *        VMMCALL (0F 01 D9), or on arm64 `hvc #0` (D4000002); it takes SIGSEGV too
 *        (a host may turn the instruction into \#GP). Any other SIGILL or SIGSEGV goes
 *        to the previous handler, or kills the process as it would have; a page fault
 *        goes there without the bytes at the IP being read.
 * @return #HVTLFS_OK; #HVTLFS_ERR_INVALID_ARG if sigaction() refused.
 */
int hvtlfs_mock_sigill_install(void);

/*!
 * @brief Restores the SIGILL and SIGSEGV dispositions saved by
 *        hvtlfs_mock_sigill_install().
 * @return #HVTLFS_OK; #HVTLFS_ERR_INVALID_ARG if sigaction() refused.
 */
int hvtlfs_mock_sigill_remove(void);

/*!
 * @brief Sets the handler every mocked call goes to.
 * @param fn the handler; NULL selects the built-in scripted handler
 *        (hvtlfs_mock_scripted_handler()).
 * @param ctx passed to @p fn.
 */
void hvtlfs_mock_set_handler(hvtlfs_mock_handler_fn fn, void *ctx);

/*!
 * @brief The built-in handler: answers with the next scripted response, or the
 *        default one when the script is used up. Custom handlers may call it.
 * @param call the call; its result is set.
 * @param ctx unused.
 */
void hvtlfs_mock_scripted_handler(struct hvtlfs_mock_call *call, void *ctx);

/*!
 * @brief Replaces the script: the next @p n calls get these responses, in order.
 * @param steps the responses (copied).
 * @param n how many; 0 clears the script.
 * @return #HVTLFS_OK; #HVTLFS_ERR_NULL if @p steps is NULL with @p n > 0;
 *         #HVTLFS_ERR_NO_SPACE if @p n exceeds #HVTLFS_MOCK_SCRIPT_MAX.
 */
int hvtlfs_mock_script(const struct hvtlfs_mock_response *steps, size_t n);

/*!
 * @brief Sets the response used once the script is exhausted.
 * @param response the response (copied); NULL restores SUCCESS, all reps.
 */
void hvtlfs_mock_set_default_response(const struct hvtlfs_mock_response *response);

/*!
 * @brief Treat every fast call as an XMM fast call: XMM0-XMM5 that are not
 *        outputs get garbage on return (as a hypervisor may leave them).
 * @param on true to enable; the default is false.
 */
void hvtlfs_mock_set_xmm_volatile(bool on);

/*!
 * @brief Number of calls the mock has answered since hvtlfs_mock_reset().
 * @return the count.
 */
unsigned long hvtlfs_mock_call_count(void);

/*!
 * @brief A recorded call, after the handler ran (result and outputs included).
 * @param seq the call's number (0 = first since reset).
 * @return the record, or NULL if @p seq was not made yet or is older than the
 *         last #HVTLFS_MOCK_HISTORY calls.
 */
const struct hvtlfs_mock_call *hvtlfs_mock_call_at(unsigned long seq);

/*!
 * @brief The most recent call.
 * @return the record, or NULL if no call was made since reset.
 */
const struct hvtlfs_mock_call *hvtlfs_mock_last_call(void);

/*! @name The register-level dispatcher as the mock's hypervisor
 * @{ */

struct hvtlfs_dispatcher;
struct hvtlfs_dispatch_scratch;
struct hvtlfs_dispatch_outcome;

/*!
 * @brief What hvtlfs_mock_dispatch_handler() needs (its @p ctx), and what it
 *        reports.
 */
struct hvtlfs_mock_dispatch {
	const struct hvtlfs_dispatcher *dispatcher; /*!< The hypervisor (dispatch.h). */
	struct hvtlfs_dispatch_scratch *scratch;    /*!< Its working memory. */
	struct hvtlfs_dispatch_outcome *outcome;    /*!< Receives the last outcome (may be NULL). */
	int rc;					    /*!< The last hvtlfs_dispatch() return. */
	unsigned long continuations;		    /*!< CONTINUE answers the guest re-executed. */
};

/*!
 * @brief A mock handler that runs the call through hvtlfs_dispatch(): set it with
 *        hvtlfs_mock_set_handler(hvtlfs_mock_dispatch_handler, &md).
 *
 * The registers of the call go in by the build's ABI (x86_64 long mode, or x86
 * 32-bit on i386). A transparent continuation is re-executed at once, as the
 * guest would; the result and any fast output registers go back to the caller.
 * What a host test cannot receive is answered as a status: \#UD as
 * HV_STATUS_INVALID_HYPERCALL_INPUT, a failed guest access as
 * HV_STATUS_INVALID_ALIGNMENT (the TLFS's answer for a GPA outside the guest).
 * A VTL call or return through the page's sequences (hvtlfs_mock_vsm_code_page_offsets())
 * reaches the dispatcher with its control input in RAX (ECX on i386); an accepted
 * switch returns at once, as if the other VTL had switched back.
 * hvtlfs_mock_dispatch::outcome and hvtlfs_mock_dispatch::rc say what really
 * happened.
 * @param call the call.
 * @param ctx a struct hvtlfs_mock_dispatch.
 */
void hvtlfs_mock_dispatch_handler(struct hvtlfs_mock_call *call, void *ctx);

/*!
 * @brief The mock's guest-memory accessor for the dispatcher: GPA = host address.
 * @param ctx unused.
 * @param gpa the address.
 * @param buf receives @p len bytes.
 * @param len bytes.
 * @return 0, or -1 for GPA 0 or a range past the address space.
 */
int hvtlfs_mock_guest_read(void *ctx, uint64_t gpa, void *buf, size_t len);

/*!
 * @brief The write half of hvtlfs_mock_guest_read().
 * @param ctx unused.
 * @param gpa the address.
 * @param buf the @p len bytes to write.
 * @param len bytes.
 * @return 0, or -1 as for hvtlfs_mock_guest_read().
 */
int hvtlfs_mock_guest_write(void *ctx, uint64_t gpa, const void *buf, size_t len);

/*! @} */

/*! @} */

HVTLFS_END_DECLS

#endif /* HVTLFS_MOCK_H */
