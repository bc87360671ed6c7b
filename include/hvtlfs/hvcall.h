/* SPDX-License-Identifier: BSD-2-Clause */
/*!
 * @file hvcall.h
 * @brief Hypervisor side: judging and decoding a guest's flush, IPI, event, host
 *        visibility, device interrupt, extended, VP register, AP start-up and VTL
 *        hypercalls into a semantic request or the exact HV status to return.
 */
#ifndef HVTLFS_HVCALL_H
#define HVTLFS_HVCALL_H

#include "hvtlfs/env.h"
#include "hvtlfs/error.h"
#include "hvtlfs/tlfs.h"
#include "hvtlfs/control.h"
#include "hvtlfs/vpset.h"
#include "hvtlfs/ranges.h"
#include "hvtlfs/registers.h"
#include "hvtlfs/vtl.h"

HVTLFS_BEGIN_DECLS

/*!
 * @defgroup hvcall Hypervisor-side request decoding
 * @brief Applies the TLFS rules to HvFlushVirtualAddressSpace/List(+Ex),
 *        HvSendSyntheticClusterIpi(+Ex), HvNotifyLongSpinWait, HvPostMessage,
 *        HvSignalEvent, HvFlushGuestPhysicalAddressSpace/List,
 *        HvCallModifySparseGpaPageHostVisibility, HvCallRetargetDeviceInterrupt,
 *        HvExtCallQueryCapabilities, HvExtCallMemoryHeatHint, HvCallGetVpRegisters,
 *        HvCallSetVpRegisters, HvCallGetVpIndexFromApicId, HvCallEnablePartitionVtl,
 *        HvCallEnableVpVtl, HvCallStartVirtualProcessor, HvCallVtlCall and
 *        HvCallVtlReturn.
 *
 * An extended call without the EnableExtendedHypercalls privilege is refused first
 * (HV_STATUS_ACCESS_DENIED). The generic control-word checks come from the catalog
 * (hvtlfs_call_check()). Then, in this order:
 * - input size = fixed header + 8 x variable header + 8 x rep count;
 * - fast: up to 16 bytes in RDX/R8; up to 112 with the XMM registers, only when
 *   the partition has XMM input (else \#UD, see hvtlfs_hvcall_request::raise_ud);
 *   more → HV_STATUS_INVALID_HYPERCALL_INPUT; an arm64 partition
 *   (#HVTLFS_HVCALL_FEAT_ARM64) carries up to 128 bytes in X2-X17
 *   (#HVTLFS_FAST_ARM64_BYTES), past 16 under the same feature;
 * - fast with output (HvCallGetVpRegisters, HvCallGetVpIndexFromApicId): the output
 *   follows the input rounded up to 16 bytes and must fit the 112 (arm64: 128)
 *   bytes too, else
 *   HV_STATUS_INVALID_HYPERCALL_INPUT; without XMM fast output, \#UD;
 * - slow: input GPA not 8-byte aligned, or input crossing a 4 KiB page →
 *   HV_STATUS_INVALID_ALIGNMENT (a call with no input ignores its input GPA; a
 *   call whose catalog row has no sizes is taken to have input); the
 *   same for the output area of a call with output (#HVTLFS_CALL_OUTPUT_LIST), and
 *   for input and output areas that overlap (the TLFS forbids it); an output GPA
 *   given to a call without output is ignored, as the TLFS says, and noted
 *   (#HVTLFS_HVCALL_NOTE_OUTPUT_IGNORED);
 * - the call's own fields (statuses listed at hvtlfs_hvcall_decode()).
 *
 * Untrusted bytes are read once, byte by byte, into the request; nothing at or
 * past the length the caller gives is read, and no count from the data is
 * used before it is checked against that length.
 * @{
 */

/*! @name Partition features the decoder honours (hvtlfs_hvcall_input::features)
 * @{ */
#define HVTLFS_HVCALL_FEAT_XMM_INPUT 1u /*!< XMM fast input (CPUID 0x40000003 EDX bit 4). */
#define HVTLFS_HVCALL_FEAT_EXT_GVA_RANGES                                                          \
	2u /*!< Extended GVA ranges (CPUID 0x40000003 EDX bit 14). */
/*! The EnableExtendedHypercalls privilege (CPUID 0x40000003 EBX bit 20): without it an
 *  extended call (0x8001 and up) is refused with HV_STATUS_ACCESS_DENIED. */
#define HVTLFS_HVCALL_FEAT_EXTENDED_HYPERCALLS 4u
/*! XMM fast output (CPUID 0x40000003 EDX bit 15): a fast HvCallGetVpRegisters or
 *  HvCallGetVpIndexFromApicId without it raises \#UD. */
#define HVTLFS_HVCALL_FEAT_XMM_OUTPUT 0x100u
/*! The guest is an arm64 partition: register names are looked up in the arm64 set
 *  (#HVTLFS_REGSET_ARM64), and fast calls are judged by the 128 bytes of X2-X17
 *  (#HVTLFS_FAST_ARM64_BYTES); without it, the x64 set and 112 bytes. */
#define HVTLFS_HVCALL_FEAT_ARM64 0x200u
/*! @} */

/*! @name Request kinds (hvtlfs_hvcall_request::kind)
 * @{ */
/*!
 * @brief Every request kind the decoder answers with: `X(NAME)` defines
 *        `HVTLFS_HVCALL_REQ_<NAME>` of enum hvtlfs_hvcall_req_kind, numbered from 0 in
 *        this order. The DECODER column of #HVTLFS_CALL_LIST names a row of it.
 *
 * The values carry no meaning beyond this list (compare with the names); a new kind
 * is a row at the end.
 * @param X the macro applied to each row.
 */
/* clang-format off */
#define HVTLFS_HVCALL_REQ_LIST(X)                                                                  \
	X(NONE) /* Rejected: only the status and result are meaningful. */                         \
	X(FLUSH_VA) /* Virtual TLB flush (space or list, Ex or not). */                            \
	X(IPI) /* Synthetic cluster IPI (Ex or not). */                                            \
	X(SPIN_WAIT) /* Long spin wait notification. */                                            \
	X(POST_MESSAGE) /* Post message. */                                                        \
	X(SIGNAL_EVENT) /* Signal event. */                                                        \
	X(FLUSH_GPA) /* Guest physical (second-level) flush. */                                    \
	X(VISIBILITY) /* Host visibility of guest pages (the GPFNs as one-page ranges). */         \
	X(RETARGET) /* Retarget a device interrupt. */                                             \
	/* Report the extended capabilities: write one u64 at the output GPA. */                   \
	X(EXT_QUERY_CAPABILITIES)                                                                  \
	X(EXT_HEAT_HINT) /* Memory heat hint (the GPA page ranges). */                             \
	/* HvCallGetVpRegisters or HvCallSetVpRegisters (the request's code says which): */        \
	/* read or write the registers decoded into hvtlfs_hvcall_elements::registers. */          \
	X(VP_REGISTERS)                                                                            \
	/* HvCallGetVpIndexFromApicId: the VP indices of hvtlfs_hvcall_elements::apic_ids. */      \
	X(VP_INDEX)                                                                                \
	X(ENABLE_PARTITION_VTL) /* HvCallEnablePartitionVtl. */                                    \
	/* HvCallEnableVpVtl: hvtlfs_hvcall_request::vp_context is the VTL's initial context. */   \
	X(ENABLE_VP_VTL)                                                                           \
	/* HvCallStartVirtualProcessor: start a VP in a VTL with the request's vp_context. */      \
	X(START_VP)                                                                                \
	/* HvCallVtlCall or HvCallVtlReturn (by the code): switch the VP's VTL; no result word. */ \
	X(VTL_SWITCH)
/* clang-format on */

/*! @brief One row of #HVTLFS_HVCALL_REQ_LIST as its enum hvtlfs_hvcall_req_kind enumerator. */
#define HVTLFS_HVCALL_REQ_ENUM_(name)                                                              \
	HVTLFS_HVCALL_REQ_##name, /*!< A row of #HVTLFS_HVCALL_REQ_LIST. */

/*! @brief The decoder's request kinds: `HVTLFS_HVCALL_REQ_<NAME>` for every row of
 *         #HVTLFS_HVCALL_REQ_LIST. */
enum hvtlfs_hvcall_req_kind {
	HVTLFS_HVCALL_REQ_LIST(HVTLFS_HVCALL_REQ_ENUM_)
};
/*! @} */

/*! @name Decoder options (hvtlfs_hvcall_input::options)
 * @{ */
/*!
 * KVM's reading of an empty legacy processor mask: HvFlushVirtualAddressSpace
 * or HvFlushVirtualAddressList with ProcessorMask 0 and no HV_FLUSH_ALL_PROCESSORS
 * flushes every VP (the request's VP set is format ALL) instead of the TLFS's
 * HV_STATUS_INVALID_PARAMETER. KVM does this (Linux commit da66761c2d93, 2019)
 * because Windows Server 2012 guests send such flushes, expect everyone to be
 * flushed and crash otherwise. Over-flushing is always safe; a hypervisor
 * hosting such guests sets this, others keep the TLFS default. Neither the Ex
 * calls nor the IPI calls are affected.
 */
#define HVTLFS_HVCALL_OPT_EMPTY_MASK_ALL_VPS 1u
/*!
 * Accept HV_FLUSH_NON_GLOBAL_MAPPINGS_ONLY (flag bit 2) on HvFlushVirtualAddressList
 * and HvFlushVirtualAddressListEx, as OpenVMM (its shared flush validator) and KVM (it
 * checks no flag) do, instead of the TLFS's HV_STATUS_INVALID_PARAMETER (the list
 * call's page: the flag "does not make sense for this call and is treated as an
 * invalid option"). Guests that set it on list flushes have been traced (Windows);
 * the flag stays in hvtlfs_hvcall_request::flags, the ranges are flushed as named.
 */
#define HVTLFS_HVCALL_OPT_LIST_NON_GLOBAL 2u
/*!
 * Refuse register names the catalog does not know (for the guest's register set):
 * HvCallGetVpRegisters and HvCallSetVpRegisters answer
 * HV_STATUS_UNKNOWN_REGISTER_NAME with reps completed = the index of the first
 * unknown name. Without it such names are decoded (hvtlfs_register_entry::info NULL)
 * and noted (#HVTLFS_HVCALL_NOTE_UNKNOWN_REGISTER): the hypervisor's register file
 * decides.
 */
#define HVTLFS_HVCALL_OPT_REFUSE_UNKNOWN_REGISTERS 0x100u
/*! Every option this version knows; any other bit is refused (#HVTLFS_ERR_INVALID_ARG). */
#define HVTLFS_HVCALL_OPT_KNOWN                                                                    \
	(HVTLFS_HVCALL_OPT_EMPTY_MASK_ALL_VPS | HVTLFS_HVCALL_OPT_LIST_NON_GLOBAL |                \
	 HVTLFS_HVCALL_OPT_REFUSE_UNKNOWN_REGISTERS)
/*! @} */

/*! @name Notes on an accepted call (hvtlfs_hvcall_request::notes)
 * What the decoder let through but a host may want to log; never a refusal.
 * @{ */
/*! The guest gave an output GPA to a call that has no output; the TLFS ("Hypercall
 *  Interface", Alignment Requirements) says the hypervisor ignores it. */
#define HVTLFS_HVCALL_NOTE_OUTPUT_IGNORED 1u
/*! A register name the catalog does not know (hvtlfs_register_entry::info NULL). */
#define HVTLFS_HVCALL_NOTE_UNKNOWN_REGISTER 2u
/*! @} */

/*!
 * @brief What the guest passed, as the hypervisor sees it.
 *
 * Zero it before filling it in: 0 in @ref features and @ref options is a
 * partition without the optional features and a decoder that follows the TLFS.
 * Layout (asserted below): 40 bytes plus two pointer-sized members, so 56 bytes
 * on x86_64 and 48 on i386.
 */
struct hvtlfs_hvcall_input {
	uint64_t control;   /*!< Control word (RCX; EDX:EAX on i386). */
	uint64_t input_gpa; /*!< Slow calls: input GPA (RDX; EBX:ECX). Ignored for fast calls. */
	/*!
	 * Slow calls: the guest's bytes from @ref input_gpa on (mapping to the end of
	 * its page is enough). Fast calls: the register image RDX, R8, then
	 * XMM0-XMM5 (16 bytes, or 112 with XMM input); arm64 (#HVTLFS_HVCALL_FEAT_ARM64):
	 * X2-X17 (16 bytes, or 128).
	 */
	const void *bytes;
	size_t len;	       /*!< Bytes readable at @ref bytes. */
	unsigned int features; /*!< OR of HVTLFS_HVCALL_FEAT_*. */
	unsigned int options;  /*!< OR of HVTLFS_HVCALL_OPT_*; 0 follows the TLFS everywhere. */
	/*! Slow calls: the output GPA (R8; EDI:ESI). Judged for a call with output,
	 *  ignored otherwise (the TLFS: "the hypervisor ignores the corresponding GPA"). */
	uint64_t output_gpa;
	/*!
	 * HvCallVtlCall and HvCallVtlReturn: the VTL call or return control input as it
	 * reaches the hypervisor (RAX; ECX from a 32-bit caller): the hypercall page's
	 * sequence passes the caller's RCX (EDX:EAX) on there and puts the bare call code
	 * in RCX, as OpenVMM's dispatcher reads them.
	 */
	uint64_t vtl_input;
};
HVTLFS_ASSERT_OFFSET(struct hvtlfs_hvcall_input, control, 0);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_hvcall_input, input_gpa, 8);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_hvcall_input, bytes, 16);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_hvcall_input, len, 16 + sizeof(void *));
HVTLFS_ASSERT_OFFSET(struct hvtlfs_hvcall_input, features, 16 + 2 * sizeof(void *));
HVTLFS_ASSERT_OFFSET(struct hvtlfs_hvcall_input, options, 20 + 2 * sizeof(void *));
HVTLFS_ASSERT_OFFSET(struct hvtlfs_hvcall_input, output_gpa, 24 + 2 * sizeof(void *));
HVTLFS_ASSERT_OFFSET(struct hvtlfs_hvcall_input, vtl_input, 32 + 2 * sizeof(void *));
HVTLFS_ASSERT_SIZE(struct hvtlfs_hvcall_input, 40 + 2 * sizeof(void *));

/*!
 * @brief A judged hypercall: the status to return, and what to do when it is success.
 *
 * Laid out (asserted below) so that x86_64 and i386 agree: 1160 bytes.
 */
struct hvtlfs_hvcall_request {
	uint32_t kind;	    /*!< HVTLFS_HVCALL_REQ_*. */
	uint16_t code;	    /*!< Call code. */
	uint16_t status;    /*!< HV status to return (HVTLFS_STATUS_SUCCESS: act on the request). */
	uint64_t result;    /*!< Result word for RAX (EDX:EAX): status and reps completed. */
	uint32_t rep_start; /*!< Rep start index of the control word. */
	uint32_t rep_count; /*!< Rep count of the control word. */
	/*! Flush: address space (CR3 or EPT pointer); ignored with ALL_VIRTUAL_ADDRESS_SPACES. */
	uint64_t address_space;
	/*! Flush: HVTLFS_FLUSH_* flags as passed. HvCallEnablePartitionVtl: its
	 *  HVTLFS_ENABLE_PARTITION_VTL_* flags. VTL call / return: the control input
	 *  (#HVTLFS_VTL_RETURN_FAST). */
	uint64_t flags;
	uint32_t range_format; /*!< Range rep calls: HVTLFS_RANGE_FORMAT_* of the elements. */
	uint32_t ranges_first; /*!< Range rep calls: rep index of ranges[0] (the rep start). */
	uint32_t nranges;      /*!< Range rep calls: entries decoded into the caller's array. */
	bool raise_ud;	       /*!< Inject \#UD (XMM input without the feature); no result. */
	bool nested;	       /*!< The nested bit was set. */
	bool whole_space;      /*!< Flush: a space call (flush everything). */
	uint8_t reserved;      /*!< Padding; zero. */
	struct hvtlfs_vpset
		vps;	 /*!< Flush VA / IPI: the target VPs (format ALL for ALL_PROCESSORS). */
	uint32_t vector; /*!< IPI, retarget: vector. */
	/*! IPI, Get/SetVpRegisters: HV_INPUT_VTL. GetVpIndexFromApicId, the VTL and AP
	 *  start-up calls: the HV_VTL (a plain VTL number). */
	uint32_t target_vtl;
	uint32_t connection_id; /*!< Message / event: connection id. */
	uint32_t flag_number;	/*!< Event: flag number. */
	uint32_t message_type;	/*!< Message: type. */
	uint32_t payload_size;	/*!< Message: payload bytes (0-240). */
	uint32_t spin_count;	/*!< Spin wait: the count. */
	/*!
	 * The library check behind the @ref status returned. #HVTLFS_OK (0) when
	 * the status is HV_STATUS_SUCCESS and @ref raise_ud is false; otherwise a negative
	 * enum hvtlfs_error value naming the rule the input broke (table at
	 * hvtlfs_hvcall_decode()), or #HVTLFS_ERR_NO_SPACE for an early return
	 * (HV_STATUS_TIMEOUT: the caller's range array is full). For the host's
	 * logs and tools; the guest only ever sees @ref result.
	 */
	int32_t reason;
	uint8_t payload[HVTLFS_MESSAGE_PAYLOAD_MAX]; /*!< Message: the payload, copied. */
	/*! Calls with output (#HVTLFS_CALLF_OUTPUT), slow form: the output GPA as passed.
	 *  0 for any other call. */
	uint64_t output_gpa;
	/*! Visibility, retarget, VP registers, VP index, VTL and AP start-up calls: the
	 *  partition id as passed. */
	uint64_t partition_id;
	uint64_t device_id; /*!< Retarget: the device's logical id. */
	/*!
	 * Calls with output, on success or TIMEOUT: where this call's output starts,
	 * in bytes from the output GPA (slow) or into the fast register image RDX, R8,
	 * XMM0-XMM5 (fast: the input rounded up to 16 bytes, then) and, for a rep call,
	 * the element size times the rep start. hvtlfs_hvcall_put_register_values()
	 * and hvtlfs_hvcall_put_vp_indices() write there.
	 */
	uint32_t output_offset;
	uint32_t output_size;	   /*!< Bytes of output this answer writes (0: none). */
	uint32_t host_visibility;  /*!< Visibility: the visibility word as passed. */
	uint32_t interrupt_source; /*!< Retarget: HV_INTERRUPT_ENTRY source (1 = MSI). */
	uint32_t msi_address;	   /*!< Retarget: HV_MSI_ENTRY address (low 32 bits). */
	uint32_t msi_data;	   /*!< Retarget: HV_MSI_ENTRY data. */
	uint32_t target_flags;	   /*!< Retarget: HVTLFS_DEVICE_INTERRUPT_TARGET_* flags. */
	uint32_t heat_type;	   /*!< Heat hint: the heat type (HVTLFS_HEAT_HINT_*). */
	uint32_t vp_index;	   /*!< VP registers, EnableVpVtl, StartVirtualProcessor: the VP. */
	/*! Rep calls with elements of their own (VP registers, VP index): elements
	 *  decoded into the caller's array, rep indices rep_start on. */
	uint32_t nelements;
	/*! HVTLFS_HVCALL_NOTE_* of an accepted call (an output GPA the call ignores, a
	 *  register name the catalog does not know): guest bugs a host may want to log. */
	uint32_t notes;
	uint32_t reserved2; /*!< Padding; zero. */
	/*! EnableVpVtl, StartVirtualProcessor: the initial context, copied. */
	struct hvtlfs_initial_vp_context vp_context;
};
HVTLFS_ASSERT_SIZE(struct hvtlfs_hvcall_request, 1160);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_hvcall_request, kind, 0);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_hvcall_request, code, 4);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_hvcall_request, status, 6);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_hvcall_request, result, 8);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_hvcall_request, rep_start, 16);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_hvcall_request, rep_count, 20);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_hvcall_request, address_space, 24);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_hvcall_request, flags, 32);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_hvcall_request, range_format, 40);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_hvcall_request, ranges_first, 44);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_hvcall_request, nranges, 48);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_hvcall_request, raise_ud, 52);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_hvcall_request, nested, 53);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_hvcall_request, whole_space, 54);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_hvcall_request, reserved, 55);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_hvcall_request, vps, 56);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_hvcall_request, vector, 592);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_hvcall_request, target_vtl, 596);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_hvcall_request, connection_id, 600);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_hvcall_request, flag_number, 604);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_hvcall_request, message_type, 608);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_hvcall_request, payload_size, 612);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_hvcall_request, spin_count, 616);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_hvcall_request, reason, 620);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_hvcall_request, payload, 624);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_hvcall_request, output_gpa, 864);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_hvcall_request, partition_id, 872);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_hvcall_request, device_id, 880);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_hvcall_request, output_offset, 888);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_hvcall_request, output_size, 892);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_hvcall_request, host_visibility, 896);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_hvcall_request, interrupt_source, 900);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_hvcall_request, msi_address, 904);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_hvcall_request, msi_data, 908);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_hvcall_request, target_flags, 912);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_hvcall_request, heat_type, 916);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_hvcall_request, vp_index, 920);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_hvcall_request, nelements, 924);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_hvcall_request, notes, 928);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_hvcall_request, reserved2, 932);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_hvcall_request, vp_context, 936);

/*!
 * @brief The caller's arrays a rep call's elements are decoded into, one a kind of
 *        element; an array a call does not use may be NULL with capacity 0.
 */
struct hvtlfs_hvcall_elements {
	struct hvtlfs_range_entry *ranges; /*!< Flush lists: the ranges. */
	size_t ranges_cap;		   /*!< Entries at @ref ranges. */
	/*! HvCallGetVpRegisters (names) and HvCallSetVpRegisters (names and values). */
	struct hvtlfs_register_entry *registers;
	size_t registers_cap; /*!< Entries at @ref registers. */
	uint32_t *apic_ids;   /*!< HvCallGetVpIndexFromApicId: the APIC ids. */
	size_t apic_ids_cap;  /*!< Entries at @ref apic_ids. */
};

/*!
 * @brief The checks of hvtlfs_hvcall_decode_into() that need no input byte: the
 *        extended-call privilege, the whole of a VTL call or return, the catalog's
 *        generic checks, the input and output sizes, the fast form (\#UD for XMM
 *        input or output without the feature) and the slow input's and output's
 *        alignment, page and overlap (hvtlfs_call_check_gpas()).
 *
 * The register-level dispatcher (dispatch.h) runs them before it fetches the
 * input, to learn how many bytes to fetch; hvtlfs_hvcall_decode_into() (and so
 * hvtlfs_hvcall_decode()) runs them first too, so the two never judge
 * differently. @p in->bytes and @p in->len are not used.
 * @param in what the guest passed.
 * @param[out] req the judgement so far: a refusal (status, result, reason,
 *        raise_ud) exactly as hvtlfs_hvcall_decode_into() would give it, or status
 *        HV_STATUS_SUCCESS when the input may be fetched (with output_gpa and
 *        notes set as the decoder sets them; an accepted VTL switch is complete).
 * @param[out] need receives the input bytes the control word describes (the
 *        catalog's fixed header + 8 x variable header + rep element x rep count;
 *        0 on a refusal, and the variable header alone for a call whose row
 *        gives no sizes); may be NULL.
 * @return #HVTLFS_OK; #HVTLFS_ERR_NULL; #HVTLFS_ERR_INVALID_ARG for an option
 *         bit outside #HVTLFS_HVCALL_OPT_KNOWN.
 */
HVTLFS_MUST_CHECK int hvtlfs_hvcall_check(const struct hvtlfs_hvcall_input *in,
					  struct hvtlfs_hvcall_request *req, size_t *need);

/*!
 * @brief Judges and decodes one hypercall.
 *
 * Every refusal also names its library check in hvtlfs_hvcall_request::reason:
 * - generic (catalog) checks: #HVTLFS_ERR_RESERVED_BITS (reserved control
 *   bits), #HVTLFS_ERR_UNKNOWN_CALL (code not in the catalog; status
 *   HV_STATUS_INVALID_HYPERCALL_CODE), #HVTLFS_ERR_REP_COUNT_ZERO,
 *   #HVTLFS_ERR_REP_START_NOT_BELOW, #HVTLFS_ERR_REP_ON_SIMPLE,
 *   #HVTLFS_ERR_VARHDR_NOT_ALLOWED, #HVTLFS_ERR_FAST_NOT_ALLOWED;
 * - fast input (or input and output) over 112 bytes (arm64: 128):
 *   #HVTLFS_ERR_FAST_TOO_BIG;
 *   XMM input or output without the feature (\#UD): #HVTLFS_ERR_NO_FEATURE;
 * - slow input or output misaligned or crossing its page: #HVTLFS_ERR_ALIGNMENT;
 *   input and output overlapping: #HVTLFS_ERR_BUFFERS_OVERLAP;
 * - flush flags the call does not take (VA space, VA list, GPA):
 *   #HVTLFS_ERR_BAD_FLAGS; extended range format without
 *   #HVTLFS_HVCALL_FEAT_EXT_GVA_RANGES: #HVTLFS_ERR_NO_FEATURE;
 * - legacy flush (VA space, VA list) with ProcessorMask 0 and no
 *   ALL_PROCESSORS: #HVTLFS_ERR_EMPTY_VP_MASK;
 * - a bad list element: its hvtlfs_range_decode() error
 *   (#HVTLFS_ERR_RESERVED_BITS, #HVTLFS_ERR_RANGE_MISALIGNED);
 * - HV_VP_SET: its hvtlfs_vpset_decode() error (#HVTLFS_ERR_BANK_MISMATCH,
 *   #HVTLFS_ERR_BAD_FORMAT);
 * - IPI: #HVTLFS_ERR_VECTOR_RANGE; reserved HV_INPUT_VTL bits:
 *   #HVTLFS_ERR_RESERVED_BITS;
 * - post message and signal event: reserved connection-id bits or a non-zero
 *   RsvdZ: #HVTLFS_ERR_RESERVED_BITS (told apart by the status); message type
 *   0 or with bit 31: #HVTLFS_ERR_INVALID_ARG; payload over 240 bytes:
 *   #HVTLFS_ERR_PAYLOAD_TOO_BIG;
 * - early return (HV_STATUS_TIMEOUT, a prefix decoded): #HVTLFS_ERR_NO_SPACE;
 * - an extended call without #HVTLFS_HVCALL_FEAT_EXTENDED_HYPERCALLS:
 *   #HVTLFS_ERR_NO_PRIVILEGE;
 * - the output of a call that has one, misaligned or crossing its page:
 *   #HVTLFS_ERR_ALIGNMENT;
 * - host visibility: reserved bits of the visibility word or a non-zero reserved
 *   u32: #HVTLFS_ERR_RESERVED_BITS; visibility 2: #HVTLFS_ERR_BAD_VISIBILITY; a GPFN
 *   past the top of the address space: #HVTLFS_ERR_RANGE_WRAP;
 * - retarget: reserved target flags: #HVTLFS_ERR_BAD_FLAGS; a variable header on the
 *   mask form: #HVTLFS_ERR_VARHDR_NOT_ALLOWED; a processor-set form whose variable
 *   header is not 1 + popcount(valid_bank_mask) (0 included):
 *   #HVTLFS_ERR_BANK_MISMATCH; one claiming more than 64 bank words:
 *   #HVTLFS_ERR_TOO_MANY_BANKS; a set format other than sparse 4K or all:
 *   #HVTLFS_ERR_BAD_FORMAT; an interrupt source other than MSI:
 *   #HVTLFS_ERR_INVALID_ARG; non-zero reserved fields: #HVTLFS_ERR_RESERVED_BITS;
 *   the vector: #HVTLFS_ERR_VECTOR_RANGE; no target VP: #HVTLFS_ERR_EMPTY_VP_MASK;
 * - heat hint: reserved header bits: #HVTLFS_ERR_RESERVED_BITS; heat type 3:
 *   #HVTLFS_ERR_INVALID_ARG; a bad range: its hvtlfs_range_decode() error.
 *
 * Call-specific statuses (each documented choice is also in docs/hypervisor.md):
 * - flush space(Ex): a flag outside ALL_PROCESSORS, ALL_VIRTUAL_ADDRESS_SPACES,
 *   NON_GLOBAL_MAPPINGS_ONLY → HV_STATUS_INVALID_PARAMETER;
 * - flush list(Ex): NON_GLOBAL_MAPPINGS_ONLY or an unknown flag, or
 *   USE_EXTENDED_RANGE_FORMAT without #HVTLFS_HVCALL_FEAT_EXT_GVA_RANGES →
 *   HV_STATUS_INVALID_PARAMETER; an element with reserved bits or a misaligned
 *   1 GiB base → HV_STATUS_INVALID_PARAMETER with reps completed = its index;
 *   an element that runs past 2^64 - 1 is accepted, cut to end there
 *   (hvtlfs_range_entry::clamped set): the TLFS (HvFlushVirtualAddressList)
 *   ignores GVAs beyond the end of the partition's GVA space;
 * - flush space and list (legacy): ProcessorMask 0 without ALL_PROCESSORS →
 *   HV_STATUS_INVALID_PARAMETER (Return Values of HvFlushVirtualAddressSpace
 *   and HvFlushVirtualAddressList, TLFS 6.0b: "all of the bits in the
 *   processor bit mask are set to zero, and the 'flush all processors' flag
 *   was not specified"); with #HVTLFS_HVCALL_OPT_EMPTY_MASK_ALL_VPS, every VP
 *   instead (KVM);
 * - Ex calls: HV_VP_SET rules of hvtlfs_vpset_decode() (bank count ≠ variable
 *   header → HV_STATUS_INVALID_HYPERCALL_INPUT; unknown format →
 *   HV_STATUS_INVALID_PARAMETER);
 * - IPI: vector outside 0x10-0xFF, or reserved HV_INPUT_VTL bits →
 *   HV_STATUS_INVALID_PARAMETER (KVM answers INVALID_HYPERCALL_INPUT for the
 *   vector; the TLFS names no status). An empty ProcessorMask is accepted and
 *   interrupts nobody: the TLFS page of HvSendSyntheticClusterIpi (Input
 *   Parameters) has no all-processors flag and lists no status for it, and KVM
 *   answers HV_STATUS_SUCCESS too;
 * - post message: reserved connection-id bits → HV_STATUS_INVALID_CONNECTION_ID;
 *   non-zero RsvdZ, message type 0 or with bit 31, payload over 240 bytes →
 *   HV_STATUS_INVALID_PARAMETER;
 * - signal event: reserved connection-id bits → HV_STATUS_INVALID_CONNECTION_ID;
 *   non-zero RsvdZ → HV_STATUS_INVALID_PARAMETER;
 * - spin wait: always HV_STATUS_SUCCESS after the generic checks (advisory);
 * - GPA flush: non-zero flags → HV_STATUS_INVALID_PARAMETER; list elements
 *   as for the VA list (bad elements refused, one past 2^64 - 1 clamped: the
 *   TLFS page of HvFlushGuestPhysicalAddressList gives no rule for them, and no
 *   mapping exists beyond the top to flush);
 * - extended calls (HvExtCallQueryCapabilities, HvExtCallMemoryHeatHint) without the
 *   EnableExtendedHypercalls privilege → HV_STATUS_ACCESS_DENIED, before any other
 *   check (TLFS "Ordering of Error Conditions" prefers it; KVM answers it the same;
 *   Xen answers HV_STATUS_INVALID_HYPERCALL_CODE);
 * - a call with output: the output GPA not 8-byte aligned or its output crossing
 *   the page → HV_STATUS_INVALID_ALIGNMENT. The one call with output decoded here,
 *   HvExtCallQueryCapabilities, has no input, so its output cannot overlap one. A call
 *   without output ignores the output GPA (TLFS "Alignment Requirements"): no
 *   refusal, #HVTLFS_HVCALL_NOTE_OUTPUT_IGNORED noted;
 * - HvCallModifySparseGpaPageHostVisibility (no TLFS page): reserved visibility bits
 *   (2-31, the reserved u32), visibility 2, a GPFN past the top →
 *   HV_STATUS_INVALID_PARAMETER, the GPFN's with reps completed = its index; the GPFNs
 *   come back as one-page ranges (#HVTLFS_RANGE_FORMAT_GPFN), the partition id as
 *   passed (the caller checks it is the caller's own);
 * - HvCallRetargetDeviceInterrupt: the variable header of the processor-set form is
 *   valid_bank_mask and the bank words (1 + popcount(mask); Linux's pci-hyperv, OpenVMM)
 *   → HV_STATUS_INVALID_HYPERCALL_INPUT when it is not, or when the mask form has one,
 *   or when it claims more than 64 banks; an unknown set format, reserved flags, a
 *   source other than MSI, non-zero reserved fields, a vector outside 0x10-0xFF, no
 *   target VP → HV_STATUS_INVALID_PARAMETER (OpenVMM answers INVALID_PARAMETER for its
 *   flags, format, source and bank checks; the TLFS page lists no status);
 * - HvExtCallQueryCapabilities: no input (its input GPA is ignored), the u64 goes to
 *   hvtlfs_hvcall_request::output_gpa (hvtlfs_ext_capabilities_encode());
 * - HvExtCallMemoryHeatHint (rep, as Linux issues it): reserved header bits, heat type
 *   3 → HV_STATUS_INVALID_PARAMETER; elements as for the GPA flush list;
 *
 * - Get/SetVpRegisters, GetVpIndexFromApicId, EnablePartitionVtl, EnableVpVtl,
 *   StartVirtualProcessor: partition id 0 (HV_PARTITION_ID_INVALID) →
 *   HV_STATUS_INVALID_PARTITION_ID (reason #HVTLFS_ERR_INVALID_ARG); reserved
 *   HV_INPUT_VTL bits, a non-zero RsvdZ byte → HV_STATUS_INVALID_PARAMETER
 *   (#HVTLFS_ERR_RESERVED_BITS); padding is ignored, as the TLFS has the hypervisor
 *   do (GetVpIndexFromApicId's bytes 9-15, StartVirtualProcessor's 13-15, which
 *   EnableVpVtl calls RsvdZ); an HV_VTL above 15 →
 *   HV_STATUS_INVALID_PARAMETER (#HVTLFS_ERR_VTL_RANGE; OpenVMM answers
 *   ACCESS_DENIED for EnablePartitionVtl and refuses VTLs above 2: how many VTLs
 *   a partition has is the hypervisor's to judge);
 * - SetVpRegisters element: non-zero RsvdZ → HV_STATUS_INVALID_PARAMETER
 *   (#HVTLFS_ERR_RESERVED_BITS); a read-only register of the catalog →
 *   HV_STATUS_INVALID_PARAMETER (#HVTLFS_ERR_REGISTER_READ_ONLY); a value with
 *   bits above the register's width → HV_STATUS_INVALID_PARAMETER
 *   (#HVTLFS_ERR_REGISTER_WIDTH), the TLFS naming no status for either; each with
 *   reps completed = the element's index;
 * - Get/SetVpRegisters, a name the catalog does not know: decoded and noted; with
 *   #HVTLFS_HVCALL_OPT_REFUSE_UNKNOWN_REGISTERS, HV_STATUS_UNKNOWN_REGISTER_NAME at
 *   its index (#HVTLFS_ERR_UNKNOWN_REGISTER);
 * - EnablePartitionVtl: a flag above bit 2 → HV_STATUS_INVALID_PARAMETER
 *   (#HVTLFS_ERR_BAD_FLAGS);
 * - VTL call and VTL return: a control word other than the bare code, a VTL call
 *   input other than 0, a VTL return input with a bit above 0 → \#UD (TLFS vsm.md
 *   "VTL Call", "VTL Return": an invalid control input raises \#UD), reason
 *   #HVTLFS_ERR_RESERVED_BITS; these two are judged before the catalog's checks,
 *   and an accepted switch has no result word (hvtlfs_hvcall_request::result 0).
 *
 * Rep calls: ranges (the flush lists, host visibility, heat hint; registers and APIC
 * ids: hvtlfs_hvcall_decode_into()) rep_start .. rep_count - 1 are decoded into
 * @p ranges, at most @p ranges_cap of them. When fewer than the remaining reps fit, the
 * request covers a prefix and the result is HV_STATUS_TIMEOUT with reps
 * completed at its end, which makes the guest continue from there (the early
 * return of the TLFS). On success the result's reps completed is the rep count.
 * A refusal reports, in the result's reps completed, the index of the first
 * rep not completed. The TLFS ("Hypercall Interface", Hypercall Outputs) makes
 * reps completed the total count, not relative to the rep start, and (Hypercall
 * Classes) the rep start "indicates how many elements have been completed"; it
 * gives a count for a refusal only when an element fails. So:
 * - a failing element: its index, the number of elements processed before it;
 * - any refusal before an element is read (the catalog's checks, reserved
 *   control bits included; the size, fast-form and alignment checks; flags,
 *   the processor mask, HV_VP_SET and every other field check): the rep start,
 *   whenever the control word names a rep call with rep start below rep count;
 *   otherwise (a simple or unknown call, rep count 0, rep start at or above the
 *   rep count) there is no rep to count and it is 0.
 * A guest that resumes from reps completed repeats and skips nothing, and
 * hvtlfs_rep_progress() reports the status (#HVTLFS_ERR_HV_STATUS).
 *
 * @param in what the guest passed (@p in->bytes may be NULL, with @p in->len 0, for a
 *        call that has no input, HvExtCallQueryCapabilities).
 * @param[out] req the judgement; always fully written when 0 is returned.
 * @param[out] ranges receives the decoded ranges of a list call; may be NULL
 *        when @p ranges_cap is 0.
 * @param ranges_cap capacity of @p ranges (at least 1 for list calls).
 * @return #HVTLFS_OK (act on @p req: status, result, raise_ud);
 *         #HVTLFS_ERR_NULL; #HVTLFS_ERR_INVALID_ARG for an option bit outside
 *         #HVTLFS_HVCALL_OPT_KNOWN; #HVTLFS_ERR_UNKNOWN_CALL for a catalog code this
 *         module does not decode (handle it elsewhere), once hvtlfs_hvcall_check()
 *         has accepted its control word and areas (a refusal is judged for every
 *         catalog call); #HVTLFS_ERR_TRUNCATED
 *         when @p in->len is shorter than the input the control word
 *         describes although that input is valid (map more of the page, or
 *         pass the XMM registers); #HVTLFS_ERR_NO_SPACE for a list call with
 *         @p ranges_cap 0 that passes hvtlfs_hvcall_check() (a refusal is
 *         judged whatever the capacity).
 */
HVTLFS_MUST_CHECK int hvtlfs_hvcall_decode(const struct hvtlfs_hvcall_input *in,
					   struct hvtlfs_hvcall_request *req,
					   struct hvtlfs_range_entry *ranges, size_t ranges_cap);

/*!
 * @brief Judges and decodes one hypercall, its rep elements into the arrays of
 *        @p elements: what hvtlfs_hvcall_decode() does for every call it knows.
 *
 * A dispatcher fetches what the guest passed (the input page from the input GPA,
 * or the fast registers; the output GPA; RAX for a VTL switch) into @p in, calls
 * this, and acts on the request. Where the answer's output goes is in the request:
 * hvtlfs_hvcall_request::output_offset and output_size, from the output GPA (slow)
 * or into the fast register image (fast); hvtlfs_hvcall_put_register_values() and
 * hvtlfs_hvcall_put_vp_indices() write it in the TLFS layout. Elements are decoded
 * from rep_start on, at most an array's capacity; a full array ends the request
 * early with HV_STATUS_TIMEOUT (reason #HVTLFS_ERR_NO_SPACE), as for the ranges.
 * @param in what the guest passed.
 * @param[out] req the judgement; always fully written when 0 is returned.
 * @param elements the caller's arrays (may be NULL when no rep call is decoded).
 * @return as hvtlfs_hvcall_decode(); #HVTLFS_ERR_NULL also for an array NULL with
 *         a capacity; #HVTLFS_ERR_NO_SPACE for a rep call whose array has
 *         capacity 0.
 */
HVTLFS_MUST_CHECK int hvtlfs_hvcall_decode_into(const struct hvtlfs_hvcall_input *in,
						struct hvtlfs_hvcall_request *req,
						const struct hvtlfs_hvcall_elements *elements);

/*!
 * @brief Writes the values an accepted HvCallGetVpRegisters answers: value i (one
 *        a decoded name, in order) at @p out + output_offset + 16 i, little-endian.
 * @param req the request (#HVTLFS_HVCALL_REQ_VP_REGISTERS of HvCallGetVpRegisters,
 *        status SUCCESS or TIMEOUT).
 * @param values the values, hvtlfs_hvcall_request::nelements of them.
 * @param count how many (must be hvtlfs_hvcall_request::nelements).
 * @param[out] out the output page as mapped from the output GPA (slow), or the fast
 *        register image RDX, R8, XMM0-XMM5 to load back (fast).
 * @param out_size bytes writable at @p out.
 * @return #HVTLFS_OK; #HVTLFS_ERR_NULL; #HVTLFS_ERR_INVALID_ARG for another request
 *         or a count that is not the decoded one; #HVTLFS_ERR_NO_SPACE when @p out
 *         ends before the output does (nothing written).
 */
HVTLFS_MUST_CHECK int hvtlfs_hvcall_put_register_values(const struct hvtlfs_hvcall_request *req,
							const struct hvtlfs_register_value *values,
							size_t count, void *out, size_t out_size);

/*!
 * @brief Writes the VP indices an accepted HvCallGetVpIndexFromApicId answers: index
 *        i at @p out + output_offset + 4 i, little-endian.
 * @param req the request (#HVTLFS_HVCALL_REQ_VP_INDEX, SUCCESS or TIMEOUT).
 * @param vp_indices the indices, one a decoded APIC id.
 * @param count how many (must be hvtlfs_hvcall_request::nelements).
 * @param[out] out the output page, or the fast register image.
 * @param out_size bytes writable at @p out.
 * @return as hvtlfs_hvcall_put_register_values().
 */
HVTLFS_MUST_CHECK int hvtlfs_hvcall_put_vp_indices(const struct hvtlfs_hvcall_request *req,
						   const uint32_t *vp_indices, size_t count,
						   void *out, size_t out_size);

/*!
 * @brief Whether a decoded flush covers one page of one VP.
 *
 * A whole-space request covers every page; a list request covers the pages of
 * its decoded ranges; ALL_VIRTUAL_ADDRESS_SPACES covers every address space.
 * A list request that stopped early (HV_STATUS_TIMEOUT, or a failing element)
 * covers the ranges decoded before it stopped; a rejected call covers nothing.
 * @param req a decoded flush request (#HVTLFS_HVCALL_REQ_FLUSH_VA or _FLUSH_GPA).
 * @param ranges the ranges hvtlfs_hvcall_decode() wrote.
 * @param vp VP index.
 * @param nvps partition VP count (for format ALL).
 * @param address_space the address space of the page.
 * @param gva the address.
 * @return true when the request flushes @p gva of @p address_space on @p vp.
 */
bool hvtlfs_hvcall_flush_covers(const struct hvtlfs_hvcall_request *req,
				const struct hvtlfs_range_entry *ranges, uint32_t vp, uint32_t nvps,
				uint64_t address_space, uint64_t gva);

/*! @} */

HVTLFS_END_DECLS

#endif /* HVTLFS_HVCALL_H */
