/* SPDX-License-Identifier: BSD-2-Clause */
/*!
 * @file dispatch.h
 * @brief Hypervisor side: a register-level hypercall dispatcher. The calling
 *        VP's registers in, its registers (and its output page) answered.
 *
 * A hypervisor hands hvtlfs_dispatch() the register file of the VP that
 * executed VMCALL/VMMCALL (or the hypercall page), or `hvc #0` on arm64, the calling convention
 * (#hvtlfs_dispatch_abi), the partition's privileges and features, a guest
 * memory accessor and one handler for each hypercall it implements. The
 * dispatcher:
 *
 * 1. reads the control word (RCX; EDX:EAX in 32-bit mode; X1 on arm64, after it
 *    has checked that W0 holds the SMCCC function id of a Hyper-V hypercall, else
 *    the call is not a hypercall: #HVTLFS_DISPATCH_NOT_HYPERCALL);
 * 2. gates the call on the partition's privileges first (TLFS "Ordering of
 *    Error Conditions": HV_STATUS_ACCESS_DENIED before anything revealing
 *    state; the gates of #HVTLFS_DISPATCH_GATE_LIST);
 * 3. judges the control word, the input's and the output's size, fast form,
 *    alignment, page and overlap (hvtlfs_hvcall_check(), the decoder's own
 *    judgement): XMM fast input or output without the feature is \#UD;
 * 4. answers HV_STATUS_INVALID_HYPERCALL_CODE for a call without a handler;
 * 5. fetches the input from the registers (RDX, R8, XMM0-XMM5; EBX:ECX,
 *    EDI:ESI, XMM0-XMM5; X2-X17) or through the accessor from the input GPA, and
 *    decodes it with the call's decoder (the DECODER column of
 *    #HVTLFS_CALL_LIST, hvtlfs_hvcall_decode_into(), rep elements into the
 *    scratch's ranges, registers and APIC ids);
 * 6. calls the handler with the decoded request;
 * 7. writes the output (to the output GPA through the accessor, or to the fast
 *    output registers), then the result word (RAX; EDX:EAX; X0), or, for a rep
 *    call the handler cut short, the new rep start into the control register
 *    and leaves the instruction pointer on the call (transparent continuation).
 *
 * HvCallVtlCall and HvCallVtlReturn (TLFS vsm.md "VTL Call", "VTL Return") take
 * their own path: the control input comes from RAX (ECX in 32-bit mode; none on
 * arm64, where it is 0), every refusal is \#UD (#HVTLFS_DISPATCH_INJECT_UD) and
 * never a status, and a switch the handler accepts is
 * #HVTLFS_DISPATCH_VTL_SWITCH with no register changed: the integrator switches
 * the VP's VTL.
 *
 * It touches guest memory only through the accessor, writes nothing when a
 * read fails, and when a write fails it reports the failure and leaves the
 * registers as they were.
 */
#ifndef HVTLFS_DISPATCH_H
#define HVTLFS_DISPATCH_H

#include "hvtlfs/env.h"
#include "hvtlfs/error.h"
#include "hvtlfs/tlfs.h"
#include "hvtlfs/control.h"
#include "hvtlfs/ranges.h"
#include "hvtlfs/hvcall.h"

HVTLFS_BEGIN_DECLS

/*!
 * @defgroup dispatch Register-level hypercall dispatcher
 * @brief Privilege gating, input fetch, decoding, handlers, output, result
 *        registers and rep continuation, by calling convention.
 * @{
 */

/*! @name The register file (struct hvtlfs_dispatch_regs::r)
 * One 64-bit slot a register, numbered as the instruction encoding numbers
 * them: general registers 0-31 (x86: RAX 0 ... R15 15; arm64: X0-X30 in slots
 * 0-30, #HVTLFS_DISPATCH_REG_X), then the two 64-bit halves of each vector
 * register. A 32-bit ABI reads the low 32 bits of a general register and never
 * changes its high 32.
 * @{ */
#define HVTLFS_DISPATCH_REG_RAX	 0u  /*!< x86: RAX (EAX in 32-bit mode). */
#define HVTLFS_DISPATCH_REG_RCX	 1u  /*!< x86: RCX (ECX). */
#define HVTLFS_DISPATCH_REG_RDX	 2u  /*!< x86: RDX (EDX). */
#define HVTLFS_DISPATCH_REG_RBX	 3u  /*!< x86: RBX (EBX). */
#define HVTLFS_DISPATCH_REG_RSP	 4u  /*!< x86: RSP (ESP). */
#define HVTLFS_DISPATCH_REG_RBP	 5u  /*!< x86: RBP (EBP). */
#define HVTLFS_DISPATCH_REG_RSI	 6u  /*!< x86: RSI (ESI). */
#define HVTLFS_DISPATCH_REG_RDI	 7u  /*!< x86: RDI (EDI). */
#define HVTLFS_DISPATCH_REG_R8	 8u  /*!< x86_64: R8 (R9-R15 follow, 9-15). */
#define HVTLFS_DISPATCH_REG_GPRS 32u /*!< Slots for general registers (x86 uses 16). */
/*! arm64: the slot of general register Xn (n 0-30; the ARM64 ABI reads X0-X17). */
#define HVTLFS_DISPATCH_REG_X(n) (0u + (n))
/*! The slot of half @p half (0 low, 1 high quadword) of vector register @p n (XMMn). */
#define HVTLFS_DISPATCH_REG_XMM(n, half) (HVTLFS_DISPATCH_REG_GPRS + 2u * (n) + (half))
#define HVTLFS_DISPATCH_REGS		 64u /*!< Slots of the register file. */
/*! @} */

/*! @brief The calling VP's registers (see the slot numbers above). */
struct hvtlfs_dispatch_regs {
	uint64_t r[HVTLFS_DISPATCH_REGS]; /*!< The registers, by slot. */
};
HVTLFS_ASSERT_SIZE(struct hvtlfs_dispatch_regs, 8 * 64);

/*!
 * @brief The calling conventions the dispatcher knows: `X(NAME, "description")`,
 *        the #hvtlfs_dispatch_abi `HVTLFS_DISPATCH_ABI_<NAME>`; its registers are
 *        the row of the same name in dispatch.c's ABI table.
 *
 * - X64: x86_64 long mode (EFER.LMA and CS.L set, TLFS "Hypercall Inputs"):
 *   control RCX, input GPA (fast: first input qword) RDX, output GPA (fast:
 *   second input qword) R8, XMM fast input and output XMM0-XMM5, result RAX.
 * - X86: 32-bit protected mode on an x86_64 processor: control EDX:EAX, input
 *   GPA EBX:ECX, output GPA EDI:ESI, XMM0-XMM5 (the x86 column of the TLFS's
 *   XMM input table), no fast output ("only supported on x64 platforms"),
 *   result EDX:EAX.
 * - ARM64: arm64 through the Arm SMC Calling Convention (`hvc #0`, as Linux
 *   arch/arm64/hyperv and OpenVMM's Arm64RegisterIo read it): W0 the SMCCC
 *   function id #HVTLFS_SMCCC_HV_HYPERCALL (any other is not a hypercall:
 *   #HVTLFS_DISPATCH_NOT_HYPERCALL, no register changed), control X1, input GPA
 *   (fast: first input qword) X2, output GPA (fast: second) X3, fast input
 *   X2-X17 (#HVTLFS_FAST_ARM64_BYTES, 128 bytes), fast output in the register
 *   pairs after the input rounded up to 16 bytes, result X0. The register-file
 *   fast form is part of the convention, not a feature: Linux arm64 reads its
 *   first synthetic registers with a 20-byte fast HvCallGetVpRegisters before it
 *   knows any feature bit, so the XMM input and output bits are not consulted
 *   (no \#UD). The decoder is told the caller is arm64
 *   (#HVTLFS_HVCALL_FEAT_ARM64: the arm64 register names, the 128 bytes).
 *
 * An architecture adds its row here and its registers in dispatch.c.
 * @param X the macro applied to each row.
 */
/* clang-format off */
#define HVTLFS_DISPATCH_ABI_LIST(X)                                                                \
	X(X64, "x86_64 long mode")                                                                 \
	X(X86, "x86 32-bit protected mode")                                                        \
	X(ARM64, "arm64 SMCCC hvc")
/* clang-format on */

/*! @brief One row of #HVTLFS_DISPATCH_ABI_LIST as its enumerator. */
#define HVTLFS_DISPATCH_ABI_ENUM_(name, desc)                                                      \
	HVTLFS_DISPATCH_ABI_##name, /*!< A row of #HVTLFS_DISPATCH_ABI_LIST. */

/*! @brief Calling conventions: `HVTLFS_DISPATCH_ABI_<NAME>`, from
 *         #HVTLFS_DISPATCH_ABI_LIST, numbered from 0. */
enum hvtlfs_dispatch_abi {
	HVTLFS_DISPATCH_ABI_LIST(HVTLFS_DISPATCH_ABI_ENUM_)
	HVTLFS_DISPATCH_ABI_COUNT_ /*!< Count. */
};

/*! @name Privilege gates: which CPUID register a gate reads
 * (the REG column of #HVTLFS_DISPATCH_GATE_LIST)
 * @{ */
#define HVTLFS_DISPATCH_GATE_PRIVILEGES_EBX 0u /*!< Leaf 0x40000003 EBX (privileges 32-63). */
#define HVTLFS_DISPATCH_GATE_HINTS_EAX	    1u /*!< Leaf 0x40000004 EAX (recommendations). */
/*! @} */

/*!
 * @brief The privilege gate of each call: `X(NAME, REG, mask)`, the call
 *        `HVTLFS_CALL_<NAME>` is answered HV_STATUS_ACCESS_DENIED unless every
 *        bit of @c mask is set in the partition's register `REG`
 *        (`HVTLFS_DISPATCH_GATE_<REG>`), before any other check.
 *
 * The privileges are the TLFS's (HV_PARTITION_PRIVILEGE_MASK, leaf 0x40000003
 * EBX, the bits of #HVTLFS_CPUID_FEATURES_BITS: PostMessages bit 4, SignalEvents
 * bit 5, AccessVsm bit 16 for enabling and disabling VTLs (TLFS vsm.md "VSM
 * Detection and Status"), AccessVpRegisters bit 17, StartVirtualProcessor bit
 * 21 for HvCallStartVirtualProcessor and HvCallGetVpIndexFromApicId (the AP
 * start-up pair; OpenVMM checks no privilege bit for the latter, only that the
 * target VTL is not above the caller's, which is the handler's to judge),
 * Debugging bit 11 for the three debug calls; HvCallPostMessage and
 * HvCallSignalEvent list
 * ACCESS_DENIED for a partition without them). The flush and IPI gates read the
 * recommendations of leaf 0x40000004 EAX (remote TLB flush bit 2, cluster IPI
 * bit 10, Ex processor masks bit 11), as KVM does (arch/x86/kvm/hyperv.c,
 * hv_check_hypercall_access()); #HVTLFS_DISPATCH_OPT_HINTS_NOT_GATES turns
 * those off. Host visibility and device-interrupt retargeting have no gate: no
 * privilege bit names them (the TLFS has no page for the first; its page of
 * HvCallRetargetDeviceInterrupt names none, and KVM implements neither). Two
 * rules are not rows: extended calls (code 0x8000 and up) need
 * EnableExtendedHypercalls (leaf 0x40000003 EBX bit 20), and
 * HvCallNotifyLongSpinWait is denied when the spin-retry count (leaf 0x40000004
 * EBX) is 0xFFFFFFFF, "never notify".
 * @param X the macro applied to each row.
 */
/* clang-format off */
#define HVTLFS_DISPATCH_GATE_LIST(X)                                                               \
	X(FLUSH_VIRTUAL_ADDRESS_SPACE, HINTS_EAX, HVTLFS_CPUID_HINTS_EAX_REMOTE_TLB_FLUSH)          \
	X(FLUSH_VIRTUAL_ADDRESS_LIST, HINTS_EAX, HVTLFS_CPUID_HINTS_EAX_REMOTE_TLB_FLUSH)           \
	X(SEND_SYNTHETIC_CLUSTER_IPI, HINTS_EAX, HVTLFS_CPUID_HINTS_EAX_CLUSTER_IPI)                \
	X(FLUSH_VIRTUAL_ADDRESS_SPACE_EX, HINTS_EAX,                                               \
	  HVTLFS_CPUID_HINTS_EAX_REMOTE_TLB_FLUSH | HVTLFS_CPUID_HINTS_EAX_EX_PROCESSOR_MASKS)     \
	X(FLUSH_VIRTUAL_ADDRESS_LIST_EX, HINTS_EAX,                                                \
	  HVTLFS_CPUID_HINTS_EAX_REMOTE_TLB_FLUSH | HVTLFS_CPUID_HINTS_EAX_EX_PROCESSOR_MASKS)     \
	X(SEND_SYNTHETIC_CLUSTER_IPI_EX, HINTS_EAX,                                                \
	  HVTLFS_CPUID_HINTS_EAX_CLUSTER_IPI | HVTLFS_CPUID_HINTS_EAX_EX_PROCESSOR_MASKS)          \
	X(GET_VP_REGISTERS, PRIVILEGES_EBX, HVTLFS_CPUID_FEATURES_EBX_ACCESS_VP_REGISTERS)         \
	X(SET_VP_REGISTERS, PRIVILEGES_EBX, HVTLFS_CPUID_FEATURES_EBX_ACCESS_VP_REGISTERS)         \
	X(POST_MESSAGE, PRIVILEGES_EBX, HVTLFS_CPUID_FEATURES_EBX_POST_MESSAGES)                   \
	X(SIGNAL_EVENT, PRIVILEGES_EBX, HVTLFS_CPUID_FEATURES_EBX_SIGNAL_EVENTS)                   \
	X(POST_DEBUG_DATA, PRIVILEGES_EBX, HVTLFS_DISPATCH_PRIV_DEBUGGING)                          \
	X(RETRIEVE_DEBUG_DATA, PRIVILEGES_EBX, HVTLFS_DISPATCH_PRIV_DEBUGGING)                      \
	X(RESET_DEBUG_SESSION, PRIVILEGES_EBX, HVTLFS_DISPATCH_PRIV_DEBUGGING)                      \
	X(START_VIRTUAL_PROCESSOR, PRIVILEGES_EBX, HVTLFS_CPUID_FEATURES_EBX_START_VIRTUAL_PROCESSOR) \
	X(GET_VP_INDEX_FROM_APIC_ID, PRIVILEGES_EBX,                                               \
	  HVTLFS_CPUID_FEATURES_EBX_START_VIRTUAL_PROCESSOR)                                       \
	X(ENABLE_PARTITION_VTL, PRIVILEGES_EBX, HVTLFS_CPUID_FEATURES_EBX_ACCESS_VSM)               \
	X(DISABLE_PARTITION_VTL, PRIVILEGES_EBX, HVTLFS_CPUID_FEATURES_EBX_ACCESS_VSM)              \
	X(ENABLE_VP_VTL, PRIVILEGES_EBX, HVTLFS_CPUID_FEATURES_EBX_ACCESS_VSM)                      \
	X(DISABLE_VP_VTL, PRIVILEGES_EBX, HVTLFS_CPUID_FEATURES_EBX_ACCESS_VSM)
/* clang-format on */

/*! Leaf 0x40000003 EBX bit 11, Debugging (HV_PARTITION_PRIVILEGE_MASK bit 43). */
#define HVTLFS_DISPATCH_PRIV_DEBUGGING (1u << 11)
/*! Leaf 0x40000004 EBX value that means "never notify a long spin wait". */
#define HVTLFS_DISPATCH_SPIN_NEVER 0xFFFFFFFFu

/*! @name Dispatcher options (hvtlfs_dispatch_partition::options)
 * @{ */
/*!
 * A rep call the handler cut short returns HV_STATUS_TIMEOUT with reps
 * completed (the TLFS's early return) instead of the transparent continuation
 * (rep start rewritten in the control register, instruction pointer left on the
 * call). Linux guests stop their rep loop on any status but success, so they
 * see TIMEOUT as a failure: use it only for guests that continue on it.
 */
#define HVTLFS_DISPATCH_OPT_TIMEOUT 1u
/*!
 * The recommendations of leaf 0x40000004 are not gates (the TLFS presents them as
 * advice to the guest): the flush and IPI calls are allowed without them. The
 * default gates them as KVM does.
 */
#define HVTLFS_DISPATCH_OPT_HINTS_NOT_GATES 2u
/*! Every option this version knows; any other bit is refused (#HVTLFS_ERR_INVALID_ARG). */
#define HVTLFS_DISPATCH_OPT_KNOWN                                                                  \
	(HVTLFS_DISPATCH_OPT_TIMEOUT | HVTLFS_DISPATCH_OPT_HINTS_NOT_GATES)
/*! @} */

/*!
 * @brief What the partition may do: the CPUID values it is shown (TLFS "Feature
 *        and Interface Discovery") and the dispatcher's options.
 */
struct hvtlfs_dispatch_partition {
	uint32_t privileges_eax; /*!< Leaf 0x40000003 EAX (privileges 0-31). */
	uint32_t privileges_ebx; /*!< Leaf 0x40000003 EBX (privileges 32-63). */
	uint32_t features_edx;	 /*!< Leaf 0x40000003 EDX (XMM input bit 4, output bit 15, ...). */
	uint32_t hints_eax;	 /*!< Leaf 0x40000004 EAX (recommendations). */
	uint32_t spin_retries;	 /*!< Leaf 0x40000004 EBX (0xFFFFFFFF: never notify). */
	unsigned int options;	 /*!< OR of HVTLFS_DISPATCH_OPT_*. */
	unsigned int decoder_options; /*!< OR of HVTLFS_HVCALL_OPT_* for the decoders. */
};

/*!
 * @brief The integrator's access to guest physical memory. Each function
 *        returns 0 when it moved all @p len bytes and non-zero when it could
 *        not (an address outside the guest, an unmapped page): the dispatcher
 *        then stops and reports it. Each transfer stays within one 4 KiB page.
 */
struct hvtlfs_dispatch_memory {
	/*! Copies @p len bytes of guest memory at @p gpa into @p buf. */
	int (*read)(void *ctx, uint64_t gpa, void *buf, size_t len);
	/*! Copies @p len bytes from @p buf to guest memory at @p gpa, all or nothing. */
	int (*write)(void *ctx, uint64_t gpa, const void *buf, size_t len);
	void *ctx; /*!< Passed to both. */
};

/*!
 * @brief One hypercall as a handler sees it. Everything is a copy: the input
 *        was read from the guest once, before the handler runs.
 */
struct hvtlfs_dispatch_call {
	uint64_t control;   /*!< The control word. */
	uint16_t code;	    /*!< Its call code. */
	bool fast;	    /*!< The input came in registers. */
	uint32_t rep_start; /*!< Rep start (rep calls). */
	uint32_t rep_count; /*!< Rep count (rep calls). */
	/*!
	 * Rep calls: the handler processes reps rep_start .. rep_limit - 1. It is
	 * the rep count, or the index of the element the decoder refused (the
	 * reps before it are still done, TLFS "Hypercall Classes").
	 */
	uint32_t rep_limit;
	/*! The decoded request (its status HV_STATUS_SUCCESS, or a refused element:
	 *  see rep_limit), or NULL for a call whose catalog row names no decoder. */
	const struct hvtlfs_hvcall_request *req;
	/*! List calls: the ranges of reps rep_start .. (req->nranges of them). */
	const struct hvtlfs_range_entry *ranges;
	/*! Get/SetVpRegisters: the register elements of reps rep_start .. (req->nelements). */
	const struct hvtlfs_register_entry *registers;
	/*! GetVpIndexFromApicId: the APIC ids of reps rep_start .. (req->nelements). */
	const uint32_t *apic_ids;
	const uint8_t *input; /*!< The input bytes (registers or the input page). */
	size_t input_len;     /*!< Bytes at @ref input. */
	/*! The output area, laid out as the guest's (zeroed): fixed output, then rep
	 *  element i at fixed bytes + i x element bytes. NULL for a call without output. */
	uint8_t *output;
	size_t output_len; /*!< Bytes at @ref output (fixed + rep count x element). */
	/*!
	 * The buffer hvtlfs_hvcall_put_register_values() and hvtlfs_hvcall_put_vp_indices()
	 * take as their output (with @ref put_out_size): they write at the request's
	 * output_offset from it, which is @ref output for a slow call and, for a fast
	 * one, the register image whose output part @ref output is. NULL with @ref output.
	 */
	uint8_t *put_out;
	size_t put_out_size; /*!< Bytes at @ref put_out. */
};

/*!
 * @brief A handler's answer. The dispatcher fills in the answer "everything
 *        done" (HV_STATUS_SUCCESS, reps completed = rep_limit) before it calls
 *        the handler.
 *
 * - Simple call: the status. Output is written only on HV_STATUS_SUCCESS (the
 *   TLFS leaves output undefined on failure).
 * - Rep call: reps_completed, absolute (rep_start .. rep_limit). Status
 *   HV_STATUS_SUCCESS with reps_completed = rep_count: done. Any other status:
 *   failed at element reps_completed (its outputs before it written, the rest
 *   untouched). HV_STATUS_SUCCESS with fewer reps, or HV_STATUS_TIMEOUT: cut
 *   short (yield): continued transparently or returned as TIMEOUT
 *   (#HVTLFS_DISPATCH_OPT_TIMEOUT). A yield must have done at least one rep (TLFS
 *   "Hypercall Classes": the hypervisor attempts at least one rep; with none the
 *   guest would repeat the call forever): else #HVTLFS_ERR_HANDLER_REPS. TIMEOUT
 *   with every rep done completes the call: HV_STATUS_SUCCESS.
 */
struct hvtlfs_dispatch_reply {
	uint16_t status;	 /*!< HV status. */
	uint32_t reps_completed; /*!< Rep calls: reps completed, absolute. */
};

/*! @brief A handler: acts on @p call and answers in @p reply.
 *
 * HvCallVtlCall and HvCallVtlReturn: @p call has no input or output, its request
 * is kind #HVTLFS_HVCALL_REQ_VTL_SWITCH with the control input in
 * hvtlfs_hvcall_request::flags. The TLFS gives the switch no status: answer
 * HV_STATUS_SUCCESS when the VP may switch (action #HVTLFS_DISPATCH_VTL_SWITCH),
 * any other status (HV_STATUS_INVALID_VTL_STATE, say) when its VTL state forbids
 * it (no higher VTL enabled on the VP for a call, the lowest VTL active for a
 * return): the guest gets \#UD. */
typedef void (*hvtlfs_dispatch_fn)(void *ctx, const struct hvtlfs_dispatch_call *call,
				   struct hvtlfs_dispatch_reply *reply);

/*! @brief One hypercall the integrator implements. */
struct hvtlfs_dispatch_handler {
	uint16_t code;	       /*!< Call code (HVTLFS_CALL_*). */
	hvtlfs_dispatch_fn fn; /*!< Its handler. */
};

/*! @brief The dispatcher's configuration (read only; share it between VPs). */
struct hvtlfs_dispatcher {
	const struct hvtlfs_dispatch_partition *partition; /*!< Privileges and features. */
	struct hvtlfs_dispatch_memory memory;		   /*!< Guest memory. */
	const struct hvtlfs_dispatch_handler *handlers;	   /*!< The calls implemented. */
	size_t nhandlers;				   /*!< Entries at @ref handlers. */
	void *ctx;					   /*!< Passed to every handler. */
};

/*! Ranges a list call can carry: a page of 8-byte elements. */
#define HVTLFS_DISPATCH_MAX_RANGES (HVTLFS_PAGE_SIZE / 8u)

/*! Register elements a Get/SetVpRegisters can carry: the 256 values of a Get fill
 *  its output page before its names fill the input page (Set carries 127). */
#define HVTLFS_DISPATCH_MAX_REGISTERS HVTLFS_GET_VP_REGISTERS_MAX_PER_PAGE
/*! APIC ids a HvCallGetVpIndexFromApicId can carry in its input page: 1020. */
#define HVTLFS_DISPATCH_MAX_APIC_IDS HVTLFS_GET_VP_INDEX_MAX_PER_PAGE

/*! @brief Working memory of one dispatch (one per VP that may dispatch at once). */
struct hvtlfs_dispatch_scratch {
	uint8_t input[HVTLFS_PAGE_SIZE];  /*!< The input's copy. */
	uint8_t output[HVTLFS_PAGE_SIZE]; /*!< The output, before it is written. */
	struct hvtlfs_hvcall_request req; /*!< The decoded request. */
	struct hvtlfs_range_entry ranges[HVTLFS_DISPATCH_MAX_RANGES]; /*!< Decoded ranges. */
	/*! Decoded HvCallGet/SetVpRegisters elements. */
	struct hvtlfs_register_entry registers[HVTLFS_DISPATCH_MAX_REGISTERS];
	uint32_t apic_ids[HVTLFS_DISPATCH_MAX_APIC_IDS]; /*!< Decoded APIC ids. */
};

/*! @name What the integrator does next (hvtlfs_dispatch_outcome::action)
 * @{ */
/*! The result registers are set: advance the instruction pointer past the call. */
#define HVTLFS_DISPATCH_DONE 0u
/*! Transparent continuation: the control register holds the new rep start; leave
 *  the instruction pointer on the call (the guest re-executes it). */
#define HVTLFS_DISPATCH_CONTINUE 1u
/*! Inject \#UD (arm64: the integrator's equivalent, an Undefined Instruction
 *  exception at the `hvc`; hvtlfs knows of no arm64 source that names one); no
 *  register was changed. */
#define HVTLFS_DISPATCH_INJECT_UD 2u
/*! The accessor failed (hvtlfs_dispatch_outcome::fault_gpa); no register was
 *  changed and nothing was written after the failure. */
#define HVTLFS_DISPATCH_FAULT 3u
/*!
 * arm64: W0 is not the SMCCC function id of a Hyper-V hypercall
 * (#HVTLFS_SMCCC_HV_HYPERCALL), so the call is another SMCCC service's (PSCI, the
 * vendor-hypervisor Call UID, ...), not a hypercall: no register was changed, no
 * status applies (reason #HVTLFS_ERR_NOT_HYPERCALL). The integrator answers it
 * itself, for a function it does not implement with SMCCC NOT_SUPPORTED (-1 in X0,
 * #HVTLFS_SMCCC_NOT_SUPPORTED), and advances past the `hvc`.
 */
#define HVTLFS_DISPATCH_NOT_HYPERCALL 4u
/*!
 * HvCallVtlCall or HvCallVtlReturn (hvtlfs_dispatch_outcome::code), accepted by its
 * handler: no register was changed and no result is written (TLFS vsm.md "VTL
 * Call", "VTL Return": the call has no status). The integrator advances the
 * instruction pointer past the call (OpenVMM advances it, then switches) and
 * switches the VP: a VTL call to the next higher enabled VTL; a VTL return to the
 * next lower one, restoring that VTL's RAX and RCX from HV_VP_VTL_CONTROL in its VP
 * assist page unless the control input (hvtlfs_dispatch_outcome::vtl_input) has
 * #HVTLFS_VTL_RETURN_FAST set.
 */
#define HVTLFS_DISPATCH_VTL_SWITCH 5u
/*! @} */

/*! @brief What hvtlfs_dispatch() did, for the integrator and its logs. */
struct hvtlfs_dispatch_outcome {
	/*! HVTLFS_DISPATCH_DONE, _CONTINUE, _INJECT_UD, _FAULT, _NOT_HYPERCALL or
	 *  _VTL_SWITCH. */
	unsigned int action;
	uint16_t code; /*!< The call code. */
	/*! The status answered (DONE); for a VTL switch, its handler's (INJECT_UD: the
	 *  refusal it gave, for the logs; the guest sees no status). */
	uint16_t status;
	uint64_t result; /*!< The result word written (DONE). */
	/*! The library check behind a refusal (#HVTLFS_OK when none): the decoder's
	 *  reasons, #HVTLFS_ERR_NOT_PERMITTED, #HVTLFS_ERR_NO_HANDLER, ... */
	int reason;
	uint64_t fault_gpa; /*!< FAULT: the first GPA of the failed transfer. */
	/*! VTL call or return: its control input as read (RAX; ECX; 0 on arm64), once
	 *  the control word was judged. */
	uint64_t vtl_input;
};

/*!
 * @brief Dispatches the hypercall a VP just made.
 *
 * Order of checks (every refusal writes the result registers, action DONE):
 * 0. arm64: W0 not #HVTLFS_SMCCC_HV_HYPERCALL → action NOT_HYPERCALL, reason
 *    #HVTLFS_ERR_NOT_HYPERCALL, nothing changed (not a TLFS status);
 *    HvCallVtlCall and HvCallVtlReturn (the code of the control word) leave here
 *    for their own order, every refusal \#UD with no register changed (TLFS vsm.md
 *    "VTL Call Restrictions", "VTL Return"): no AccessVsm privilege (leaf
 *    0x40000003 EBX bit 16: no VTL above 0 can exist) → reason
 *    #HVTLFS_ERR_NOT_PERMITTED; a control word other than the bare code, or a
 *    reserved bit of the control input (VTL call: every bit; return: bits 1-63) →
 *    #HVTLFS_ERR_RESERVED_BITS; no handler (no VSM: no target VTL) →
 *    #HVTLFS_ERR_NO_HANDLER; the handler's status other than HV_STATUS_SUCCESS
 *    (the VP's VTL state refuses: the target VTL not enabled, the lowest VTL
 *    active) → reason #HVTLFS_OK; its HV_STATUS_SUCCESS → action VTL_SWITCH;
 * 1. the privilege gate of the call (#HVTLFS_DISPATCH_GATE_LIST, extended
 *    calls, spin wait) → HV_STATUS_ACCESS_DENIED, reason
 *    #HVTLFS_ERR_NOT_PERMITTED, whatever else is wrong;
 * 2. hvtlfs_hvcall_check(): reserved control bits, unknown code, rep fields,
 *    variable header, fast form, input and output size, XMM input or output
 *    without the feature (action INJECT_UD), input and output alignment, page
 *    and overlap;
 * 3. no handler for the code → HV_STATUS_INVALID_HYPERCALL_CODE, reason
 *    #HVTLFS_ERR_NO_HANDLER;
 * 4. fast output on an ABI without it (X86) → HV_STATUS_INVALID_HYPERCALL_INPUT,
 *    reason #HVTLFS_ERR_NO_FAST_OUTPUT (the output's size is the catalog's,
 *    #HVTLFS_CALL_OUTPUT_LIST; its alignment, page, overlap, fast fit and the XMM
 *    output feature were judged in step 2);
 * 5. the input is fetched (a failed read: FAULT) and decoded: a refusal is
 *    answered as hvtlfs_hvcall_decode_into() gives it;
 * 6. the handler; a rep handler's reps completed outside rep start ..
 *    rep_limit, or a yield with no rep done, is #HVTLFS_ERR_HANDLER_REPS
 *    (nothing written);
 * 7. the output of what was done (a failed write: FAULT), then the result or
 *    the continuation.
 *
 * A refusal (steps 1 to 5) reports reps completed as the decoder does
 * (hvtlfs_hvcall_decode_into()): the rep start for a catalog rep call whose rep
 * start is below its rep count, 0 otherwise.
 * @param d the configuration.
 * @param abi the VP's calling convention (#hvtlfs_dispatch_abi).
 * @param regs the VP's registers; only the result, control (continuation) and
 *        fast output registers are ever changed.
 * @param s working memory.
 * @param[out] out what happened.
 * @return #HVTLFS_OK (follow @p out->action); #HVTLFS_ERR_NULL;
 *         #HVTLFS_ERR_INVALID_ARG (unknown ABI or option);
 *         #HVTLFS_ERR_GUEST_READ or #HVTLFS_ERR_GUEST_WRITE with action FAULT;
 *         #HVTLFS_ERR_HANDLER_REPS.
 */
HVTLFS_MUST_CHECK int hvtlfs_dispatch(const struct hvtlfs_dispatcher *d, unsigned int abi,
				      struct hvtlfs_dispatch_regs *regs,
				      struct hvtlfs_dispatch_scratch *s,
				      struct hvtlfs_dispatch_outcome *out);

/*!
 * @brief The privilege gate alone: the status hvtlfs_dispatch() answers before
 *        any other check.
 *
 * HvCallVtlCall and HvCallVtlReturn get HV_STATUS_SUCCESS here: they have no status,
 * and hvtlfs_dispatch() answers their missing AccessVsm privilege with \#UD on their
 * own path.
 * @param p the partition.
 * @param code the call code.
 * @return HVTLFS_STATUS_SUCCESS or HVTLFS_STATUS_ACCESS_DENIED.
 */
uint16_t hvtlfs_dispatch_gate(const struct hvtlfs_dispatch_partition *p, uint16_t code);

/*!
 * @brief Name of a calling convention.
 * @param abi a #hvtlfs_dispatch_abi.
 * @return e.g. "x86_64 long mode", or "unknown ABI".
 */
const char *hvtlfs_dispatch_abi_name(unsigned int abi);

/*! @} */

HVTLFS_END_DECLS

#endif /* HVTLFS_DISPATCH_H */
