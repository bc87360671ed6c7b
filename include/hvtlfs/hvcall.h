/* SPDX-License-Identifier: BSD-2-Clause */
/*!
 * @file hvcall.h
 * @brief Hypervisor side: judging and decoding a guest's flush, IPI and event
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

HVTLFS_BEGIN_DECLS

/*!
 * @defgroup hvcall Hypervisor-side request decoding
 * @brief Applies the TLFS rules to HvFlushVirtualAddressSpace/List(+Ex),
 *        HvSendSyntheticClusterIpi(+Ex), HvNotifyLongSpinWait, HvPostMessage,
 *        HvSignalEvent and HvFlushGuestPhysicalAddressSpace/List.
 *
 * The generic control-word checks come from the catalog (hvtlfs_call_check()).
 * Then, in this order:
 * - input size = fixed header + 8 x variable header + 8 x rep count;
 * - fast: up to 16 bytes in RDX/R8; up to 112 with the XMM registers, only when
 *   the partition has XMM input (else \#UD, see hvtlfs_hvcall_request::raise_ud);
 *   more → HV_STATUS_INVALID_HYPERCALL_INPUT;
 * - slow: input GPA not 8-byte aligned, or input crossing a 4 KiB page →
 *   HV_STATUS_INVALID_ALIGNMENT;
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
/*! @} */

/*! @name Request kinds (hvtlfs_hvcall_request::kind)
 * @{ */
#define HVTLFS_HVCALL_REQ_NONE	       0u /*!< Rejected: only the status and result are meaningful. */
#define HVTLFS_HVCALL_REQ_FLUSH_VA     1u /*!< Virtual TLB flush (space or list, Ex or not). */
#define HVTLFS_HVCALL_REQ_IPI	       2u /*!< Synthetic cluster IPI (Ex or not). */
#define HVTLFS_HVCALL_REQ_SPIN_WAIT    3u /*!< Long spin wait notification. */
#define HVTLFS_HVCALL_REQ_POST_MESSAGE 4u /*!< Post message. */
#define HVTLFS_HVCALL_REQ_SIGNAL_EVENT 5u /*!< Signal event. */
#define HVTLFS_HVCALL_REQ_FLUSH_GPA    6u /*!< Guest physical (second-level) flush. */
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
/*! Every option this version knows; any other bit is refused (#HVTLFS_ERR_INVALID_ARG). */
#define HVTLFS_HVCALL_OPT_KNOWN HVTLFS_HVCALL_OPT_EMPTY_MASK_ALL_VPS
/*! @} */

/*!
 * @brief What the guest passed, as the hypervisor sees it.
 *
 * Zero it before filling it in: 0 in @ref features and @ref options is a
 * partition without the optional features and a decoder that follows the TLFS.
 * Layout (asserted below): 24 bytes plus two pointer-sized members, so 40 bytes
 * on x86_64 and 32 on i386.
 */
struct hvtlfs_hvcall_input {
	uint64_t control;   /*!< Control word (RCX; EDX:EAX on i386). */
	uint64_t input_gpa; /*!< Slow calls: input GPA (RDX; EBX:ECX). Ignored for fast calls. */
	/*!
	 * Slow calls: the guest's bytes from @ref input_gpa on (mapping to the end of
	 * its page is enough). Fast calls: the register image RDX, R8, then
	 * XMM0-XMM5 (16 bytes, or 112 with XMM input).
	 */
	const void *bytes;
	size_t len;	       /*!< Bytes readable at @ref bytes. */
	unsigned int features; /*!< OR of HVTLFS_HVCALL_FEAT_*. */
	unsigned int options;  /*!< OR of HVTLFS_HVCALL_OPT_*; 0 follows the TLFS everywhere. */
};
HVTLFS_ASSERT_OFFSET(struct hvtlfs_hvcall_input, control, 0);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_hvcall_input, input_gpa, 8);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_hvcall_input, bytes, 16);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_hvcall_input, len, 16 + sizeof(void *));
HVTLFS_ASSERT_OFFSET(struct hvtlfs_hvcall_input, features, 16 + 2 * sizeof(void *));
HVTLFS_ASSERT_OFFSET(struct hvtlfs_hvcall_input, options, 20 + 2 * sizeof(void *));
HVTLFS_ASSERT_SIZE(struct hvtlfs_hvcall_input, 24 + 2 * sizeof(void *));

/*!
 * @brief A judged hypercall: the status to return, and what to do when it is success.
 *
 * Laid out (asserted below) so that x86_64 and i386 agree: 864 bytes.
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
	uint64_t flags;	       /*!< Flush: HVTLFS_FLUSH_* flags as passed. */
	uint32_t range_format; /*!< Flush list: HVTLFS_RANGE_FORMAT_* of the elements. */
	uint32_t ranges_first; /*!< Flush list: rep index of ranges[0] (the rep start). */
	uint32_t nranges;      /*!< Flush list: entries decoded into the caller's array. */
	bool raise_ud;	       /*!< Inject \#UD (XMM input without the feature); no result. */
	bool nested;	       /*!< The nested bit was set. */
	bool whole_space;      /*!< Flush: a space call (flush everything). */
	uint8_t reserved;      /*!< Padding; zero. */
	struct hvtlfs_vpset
		vps;	     /*!< Flush VA / IPI: the target VPs (format ALL for ALL_PROCESSORS). */
	uint32_t vector;     /*!< IPI: vector. */
	uint32_t target_vtl; /*!< IPI: HV_INPUT_VTL. */
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
};
HVTLFS_ASSERT_SIZE(struct hvtlfs_hvcall_request, 864);
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

/*!
 * @brief The checks of hvtlfs_hvcall_decode() that need no input byte: the
 *        catalog's generic checks, the input size, the fast form (\#UD for XMM
 *        input without the feature) and the slow input's alignment and page.
 *
 * The register-level dispatcher (dispatch.h) runs them before it fetches the
 * input, to learn how many bytes to fetch; hvtlfs_hvcall_decode() runs them
 * first too, so the two never judge differently. @p in->bytes and @p in->len
 * are not used.
 * @param in what the guest passed.
 * @param[out] req the judgement so far: a refusal (status, result, reason,
 *        raise_ud) exactly as hvtlfs_hvcall_decode() would give it, or status
 *        HV_STATUS_SUCCESS when the input may be fetched.
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
 * - fast input over 112 bytes: #HVTLFS_ERR_FAST_TOO_BIG; XMM input without
 *   the feature (\#UD): #HVTLFS_ERR_NO_FEATURE;
 * - slow input misaligned or crossing its page: #HVTLFS_ERR_ALIGNMENT;
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
 * - early return (HV_STATUS_TIMEOUT, a prefix decoded): #HVTLFS_ERR_NO_SPACE.
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
 *   mapping exists beyond the top to flush).
 *
 * Rep calls: ranges rep_start .. rep_count - 1 are decoded into @p ranges, at
 * most @p ranges_cap of them. When fewer than the remaining reps fit, the
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
 * @param in what the guest passed.
 * @param[out] req the judgement; always fully written when 0 is returned.
 * @param[out] ranges receives the decoded ranges of a list call; may be NULL
 *        when @p ranges_cap is 0.
 * @param ranges_cap capacity of @p ranges (at least 1 for list calls).
 * @return #HVTLFS_OK (act on @p req: status, result, raise_ud);
 *         #HVTLFS_ERR_NULL; #HVTLFS_ERR_INVALID_ARG for an option bit outside
 *         #HVTLFS_HVCALL_OPT_KNOWN; #HVTLFS_ERR_UNKNOWN_CALL for a catalog code this
 *         module does not decode (handle it elsewhere); #HVTLFS_ERR_TRUNCATED
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
