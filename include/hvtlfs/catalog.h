/* SPDX-License-Identifier: BSD-2-Clause */
/*!
 * @file catalog.h
 * @brief The hypercall catalog (code → name, kind, what the call allows) and the
 *        status-name table, expanded from the lists of tlfs.h (#HVTLFS_CALL_LIST,
 *        #HVTLFS_STATUS_LIST): what validators, the CLI and the docs read.
 */
#ifndef HVTLFS_CATALOG_H
#define HVTLFS_CATALOG_H

#include "hvtlfs/env.h"
#include "hvtlfs/error.h"
#include "hvtlfs/tlfs.h"

HVTLFS_BEGIN_DECLS

/*!
 * @defgroup catalog Catalogs
 * @brief Hypercall and status catalogs, and the generic control-word check a
 *        hypervisor applies before looking at a call's input.
 * @{
 */

/*! @brief One hypercall as the TLFS describes it. */
struct hvtlfs_call_info {
	uint16_t code;		    /*!< Call code (HVTLFS_CALL_*). */
	uint8_t kind;		    /*!< #HVTLFS_CALL_KIND_SIMPLE or #HVTLFS_CALL_KIND_REP. */
	uint8_t flags;		    /*!< OR of HVTLFS_CALLF_* (tlfs.h). */
	uint16_t fixed_header_size; /*!< Bytes of fixed input header (with #HVTLFS_CALLF_SIZES). */
	uint16_t
		rep_element_size; /*!< Bytes of one input rep element (rep calls, with #HVTLFS_CALLF_SIZES). */
	const char *name; /*!< TLFS name, e.g. "HvCallFlushVirtualAddressListEx". */
};

/*! @brief What a call writes to its output (a row of #HVTLFS_CALL_OUTPUT_LIST). */
struct hvtlfs_call_output {
	uint16_t code;	       /*!< Call code. */
	uint16_t fixed_size;   /*!< Bytes written whatever the rep count. */
	uint16_t element_size; /*!< Bytes a rep writes (rep calls): element i at i x this. */
};

/*!
 * @brief What a call writes to its output.
 * @param code call code.
 * @return its row of #HVTLFS_CALL_OUTPUT_LIST; NULL for a call without output (a
 *         catalog call with #HVTLFS_CALLF_SIZES) or whose output the library does
 *         not know (a catalog call without it, or an unknown code).
 */
const struct hvtlfs_call_output *hvtlfs_call_output_lookup(uint16_t code);

/*!
 * @brief Guest side: checks the memory areas of a slow call before it is made, by the
 *        rules of the TLFS ("Hypercall Interface", Alignment Requirements): each GPA
 *        8-byte aligned and each area inside one 4 KiB page, the input and output areas
 *        apart ("cannot overlap"), and no output area for a call that has none (the
 *        hypervisor would ignore it: the caller has the wrong call or the wrong
 *        buffer). An area of 0 bytes is not looked at, as the hypervisor ignores its
 *        GPA.
 *
 * TLFS "Alignment Requirements": GPAs are 8-byte aligned; "the input and output
 * parameter lists cannot overlap or cross page boundaries"; "if the hypercall involves
 * no input or output parameters, the hypervisor ignores the corresponding GPA
 * pointer" — so an output GPA for a call that writes no output (a row with
 * #HVTLFS_CALLF_SIZES and no #HVTLFS_CALLF_OUTPUT) is a guest bug the hypervisor never
 * reports: this function does.
 * @param control the control word (slow: fast bit clear).
 * @param input_gpa input GPA.
 * @param input_size bytes of input (hvtlfs_prepared::input_size).
 * @param output_gpa output GPA (0 for none).
 * @param output_size bytes the call may write there (0 for none).
 * @return #HVTLFS_OK; #HVTLFS_ERR_UNKNOWN_CALL; #HVTLFS_ERR_INVALID_ARG for a fast
 *         control word; #HVTLFS_ERR_ALIGNMENT (a GPA misaligned, an area crossing a
 *         page, or passing 2^64); #HVTLFS_ERR_UNEXPECTED_OUTPUT (an output GPA or size
 *         for a call without output); #HVTLFS_ERR_BUFFERS_OVERLAP (the areas share a
 *         byte).
 */
HVTLFS_MUST_CHECK int hvtlfs_call_check_gpas(uint64_t control, uint64_t input_gpa,
					     uint64_t input_size, uint64_t output_gpa,
					     uint64_t output_size);

/*!
 * @brief Looks a call code up in the catalog.
 * @param code call code.
 * @return the entry, or NULL when the code is not in the catalog.
 */
const struct hvtlfs_call_info *hvtlfs_call_lookup(uint16_t code);

/*!
 * @brief The whole catalog, ordered by code.
 * @param[out] count receives the number of entries (may be NULL).
 * @return the first entry of a constant array.
 */
const struct hvtlfs_call_info *hvtlfs_call_catalog(size_t *count);

/*!
 * @brief TLFS name of a call code.
 * @param code call code.
 * @return e.g. "HvCallSignalEvent", or "HvCallUnknown" for a code not in the catalog.
 */
const char *hvtlfs_call_name(uint16_t code);

/*!
 * @brief TLFS name of a hypercall status.
 * @param status HV_STATUS value (HVTLFS_STATUS_*).
 * @return e.g. "HV_STATUS_INVALID_ALIGNMENT"; "HV_STATUS_UNKNOWN" for any value the
 *         TLFS does not define. Never NULL.
 */
const char *hvtlfs_status_name(uint16_t status);

/*!
 * @brief The status-name table, ordered by value.
 * @param[out] count receives the number of known statuses (may be NULL).
 * @return the first of @p count status values; name each with hvtlfs_status_name().
 */
const uint16_t *hvtlfs_status_catalog(size_t *count);

/*!
 * @brief The generic checks a hypervisor applies to a control word, driven by the
 *        catalog, in hvtlfs's order.
 *
 * 1. Any reserved bit → HV_STATUS_INVALID_HYPERCALL_INPUT.
 * 2. A code not in the catalog → HV_STATUS_INVALID_HYPERCALL_CODE.
 * 3. A simple call with a rep count or rep start; a rep call with rep count 0 or rep
 *    start >= rep count; a variable header on a call that takes none; the fast bit on
 *    a slow-only call → HV_STATUS_INVALID_HYPERCALL_INPUT.
 *
 * The TLFS names each rule but not the order in which a hypervisor applies them,
 * so an input that breaks two rules may get different statuses from different
 * hypervisors. Where KVM's Hyper-V emulation (arch/x86/kvm/hyperv.c) differs:
 * - KVM checks the rep fields before the code: control 0x0001000000007777
 *   (unknown code 0x7777, rep start 1, rep count 0) is 0x3
 *   (INVALID_HYPERCALL_INPUT) there, 0x2 (INVALID_HYPERCALL_CODE) here;
 * - KVM answers HV_STATUS_INVALID_PARAMETER for a fast HvPostDebugData and for a
 *   fast extended call (0x8001 and up), where hvtlfs answers
 *   HV_STATUS_INVALID_HYPERCALL_INPUT (the fast bit on a slow-only call).
 *
 * What depends on the call's input (sizes, alignment, contents) is the caller's.
 * @param control the control word as the guest passed it.
 * @param[out] info receives the catalog entry when the code is known (may be NULL).
 * @param[out] reason receives the library error naming the failed check, 0 when
 *        none failed (may be NULL): #HVTLFS_ERR_RESERVED_BITS,
 *        #HVTLFS_ERR_UNKNOWN_CALL, #HVTLFS_ERR_REP_COUNT_ZERO,
 *        #HVTLFS_ERR_REP_START_NOT_BELOW, #HVTLFS_ERR_REP_ON_SIMPLE,
 *        #HVTLFS_ERR_VARHDR_NOT_ALLOWED or #HVTLFS_ERR_FAST_NOT_ALLOWED.
 * @return HVTLFS_STATUS_SUCCESS or the HV status to return to the guest.
 */
uint16_t hvtlfs_call_check(uint64_t control, const struct hvtlfs_call_info **info, int *reason);

/*!
 * @brief Guest side: encodes a control word (hvtlfs_control_encode()) and holds it to
 *        the catalog's rules for the call (hvtlfs_call_check()), so a builder never
 *        produces a word the hypervisor refuses for its shape.
 * @param[out] out receives the control word; untouched on error.
 * @param code call code (HVTLFS_CALL_*).
 * @param opts 0 or an OR of #HVTLFS_CTL_FAST and #HVTLFS_CTL_NESTED.
 * @param var_hdr_size variable header size in 8-byte units.
 * @param rep_count rep count (0 for a simple call).
 * @param rep_start rep start index.
 * @return #HVTLFS_OK; every error of hvtlfs_control_encode(); #HVTLFS_ERR_UNKNOWN_CALL
 *         for a code not in the catalog; #HVTLFS_ERR_REP_COUNT_ZERO or
 *         #HVTLFS_ERR_REP_ON_SIMPLE when the rep fields do not fit the call's kind;
 *         #HVTLFS_ERR_VARHDR_NOT_ALLOWED; #HVTLFS_ERR_FAST_NOT_ALLOWED for the fast
 *         form of a slow-only call.
 */
HVTLFS_MUST_CHECK int hvtlfs_call_encode(uint64_t *out, uint16_t code, unsigned int opts,
					 uint32_t var_hdr_size, uint32_t rep_count,
					 uint32_t rep_start);

/*! @} */

HVTLFS_END_DECLS

#endif /* HVTLFS_CATALOG_H */
