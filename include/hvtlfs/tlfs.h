/* SPDX-License-Identifier: BSD-2-Clause */
/*!
 * @file tlfs.h
 * @brief The tables of the Hyper-V Top Level Functional Specification, each
 *        written once: hypercall codes and their catalog rows, status codes,
 *        synthetic MSRs, CPUID leaves and bits; and the constants of its
 *        wire formats (flush flags, generic set formats, memory rules).
 *
 * The top of the include graph: it includes env.h only. A table is an X-macro
 * list, `HVTLFS_..._LIST(X)`, one `X(...)` row an entry; this header expands
 * each list into its constants, and the sources expand the same lists into the
 * catalogs and name tables (catalog.c, error.c, features.c, bringup.c,
 * hvcall.c). Adding a hypercall is one row of #HVTLFS_CALL_LIST. A row's NAME
 * column is used only with `#` and `##` by every expansion, so it is never
 * macro-expanded itself.
 */
#ifndef HVTLFS_TLFS_H
#define HVTLFS_TLFS_H

#include "hvtlfs/env.h"

/*!
 * @defgroup tlfs TLFS tables
 * @brief Exact values from the TLFS, each written once.
 * @{
 */

/*! @name Hypercalls
 * @{ */

/*! Call kind (hvtlfs_call_info::kind): simple, rep count and rep start must be zero. */
#define HVTLFS_CALL_KIND_SIMPLE 0u
/*! Call kind (hvtlfs_call_info::kind): rep, rep count > 0 and rep start < rep count. */
#define HVTLFS_CALL_KIND_REP 1u

/*! Call flag: the call may carry a variable header (variable header size may be non-zero). */
#define HVTLFS_CALLF_VARHDR 0x01u
/*! Call flag: the fast (register) form is allowed. The TLFS allows the register
 *  convention for any call whose input fits 16 bytes (RDX, R8) or, with XMM fast
 *  input, 112; calls whose input never fits are slow only. */
#define HVTLFS_CALLF_FAST 0x02u
/*! Call flag: an extended hypercall (code #HVTLFS_CALL_EXTENDED_FIRST or above); set
 *  by the catalog from the code, never written in a row. */
#define HVTLFS_CALLF_EXTENDED 0x04u
/*! Call flag: hvtlfs_call_info::fixed_header_size and hvtlfs_call_info::rep_element_size
 *  are specified by the catalog. */
#define HVTLFS_CALLF_SIZES 0x08u
/*! Call flag: the variable header counts the HV_VP_SET bank words only (the format and
 *  valid_bank_mask words sit in the fixed header): the Ex flush and IPI calls. */
#define HVTLFS_CALLF_VPSET_BANKS 0x10u

/*! First extended hypercall code: codes at or above it are extended hypercalls. */
#define HVTLFS_CALL_EXTENDED_FIRST 0x8000u

/*!
 * @brief Every hypercall the library knows, sorted by code: one row a call,
 *        `X(NAME, code, "TLFS name", KIND, flags, fixed header bytes, rep element
 *        bytes, DECODER)`.
 *
 * - NAME: the call is #hvtlfs_call_code value `HVTLFS_CALL_<NAME>`.
 * - code: the call code (TLFS hypercall reference table).
 * - KIND: `SIMPLE` or `REP` (`HVTLFS_CALL_KIND_<KIND>`), from the same table.
 * - flags: HVTLFS_CALLF_* (#HVTLFS_CALLF_EXTENDED excepted: it follows from the code).
 * - fixed header and rep element bytes: each call's input table, given as the wire
 *   struct the builders write and the decoder reads (`sizeof`, so an expansion that
 *   uses these columns includes flush.h), or as a number for calls the library
 *   neither builds nor decodes; 0 with no #HVTLFS_CALLF_SIZES where unspecified.
 * - DECODER: what hvtlfs_hvcall_decode() decodes the call into (its
 *   `HVTLFS_HVCALL_REQ_<DECODER>` request), `NONE` for a call it does not decode.
 *
 * HvExtCallMemoryHeatHint follows real guests against the TLFS overview table, which
 * lists it as simple: Linux's balloon driver issues it as a rep call (an 8-byte
 * HV_EXT_INPUT_MEMORY_HEAT_HINT header, the heat type in bits 0-1, then one 8-byte
 * HV_GPA_PAGE_RANGE per rep), so a hypervisor judging by the catalog accepts what
 * guests send.
 * @param X the macro applied to each row.
 */
/* clang-format off */
#define HVTLFS_CALL_LIST(X)                                                                        \
	X(SWITCH_VIRTUAL_ADDRESS_SPACE, 0x0001, "HvCallSwitchVirtualAddressSpace", SIMPLE,         \
	  HVTLFS_CALLF_FAST | HVTLFS_CALLF_SIZES, 8u, 0u, NONE)                                    \
	X(FLUSH_VIRTUAL_ADDRESS_SPACE, 0x0002, "HvCallFlushVirtualAddressSpace", SIMPLE,           \
	  HVTLFS_CALLF_FAST | HVTLFS_CALLF_SIZES, sizeof(struct hvtlfs_flush_input), 0u, FLUSH_VA) \
	X(FLUSH_VIRTUAL_ADDRESS_LIST, 0x0003, "HvCallFlushVirtualAddressList", REP,                \
	  HVTLFS_CALLF_FAST | HVTLFS_CALLF_SIZES, sizeof(struct hvtlfs_flush_input),               \
	  sizeof(uint64_t), FLUSH_VA)                                                              \
	X(NOTIFY_LONG_SPIN_WAIT, 0x0008, "HvCallNotifyLongSpinWait", SIMPLE,                       \
	  HVTLFS_CALLF_FAST | HVTLFS_CALLF_SIZES, sizeof(struct hvtlfs_spin_wait_input), 0u,       \
	  SPIN_WAIT)                                                                               \
	X(SEND_SYNTHETIC_CLUSTER_IPI, 0x000B, "HvCallSendSyntheticClusterIpi", SIMPLE,             \
	  HVTLFS_CALLF_FAST | HVTLFS_CALLF_SIZES, sizeof(struct hvtlfs_ipi_input), 0u, IPI)        \
	X(MODIFY_VTL_PROTECTION_MASK, 0x000C, "HvCallModifyVtlProtectionMask", REP,                \
	  HVTLFS_CALLF_SIZES, 16u, 8u, NONE)                                                       \
	X(ENABLE_PARTITION_VTL, 0x000D, "HvCallEnablePartitionVtl", SIMPLE, HVTLFS_CALLF_SIZES,    \
	  16u, 0u, NONE)                                                                           \
	X(DISABLE_PARTITION_VTL, 0x000E, "HvCallDisablePartitionVtl", SIMPLE, HVTLFS_CALLF_SIZES,  \
	  16u, 0u, NONE)                                                                           \
	X(ENABLE_VP_VTL, 0x000F, "HvCallEnableVpVtl", SIMPLE, HVTLFS_CALLF_SIZES, 240u, 0u, NONE)  \
	X(DISABLE_VP_VTL, 0x0010, "HvCallDisableVpVtl", SIMPLE, HVTLFS_CALLF_SIZES, 16u, 0u, NONE) \
	X(VTL_CALL, 0x0011, "HvCallVtlCall", SIMPLE, HVTLFS_CALLF_FAST | HVTLFS_CALLF_SIZES, 0u,   \
	  0u, NONE)                                                                                \
	X(VTL_RETURN, 0x0012, "HvCallVtlReturn", SIMPLE, HVTLFS_CALLF_FAST | HVTLFS_CALLF_SIZES,   \
	  0u, 0u, NONE)                                                                            \
	X(FLUSH_VIRTUAL_ADDRESS_SPACE_EX, 0x0013, "HvCallFlushVirtualAddressSpaceEx", SIMPLE,      \
	  HVTLFS_CALLF_VARHDR | HVTLFS_CALLF_FAST | HVTLFS_CALLF_SIZES | HVTLFS_CALLF_VPSET_BANKS, \
	  sizeof(struct hvtlfs_flush_ex_input), 0u, FLUSH_VA)                                      \
	X(FLUSH_VIRTUAL_ADDRESS_LIST_EX, 0x0014, "HvCallFlushVirtualAddressListEx", REP,           \
	  HVTLFS_CALLF_VARHDR | HVTLFS_CALLF_FAST | HVTLFS_CALLF_SIZES | HVTLFS_CALLF_VPSET_BANKS, \
	  sizeof(struct hvtlfs_flush_ex_input), sizeof(uint64_t), FLUSH_VA)                        \
	X(SEND_SYNTHETIC_CLUSTER_IPI_EX, 0x0015, "HvCallSendSyntheticClusterIpiEx", SIMPLE,        \
	  HVTLFS_CALLF_VARHDR | HVTLFS_CALLF_FAST | HVTLFS_CALLF_SIZES | HVTLFS_CALLF_VPSET_BANKS, \
	  sizeof(struct hvtlfs_ipi_ex_input), 0u, IPI)                                             \
	X(GET_VP_REGISTERS, 0x0050, "HvCallGetVpRegisters", REP, HVTLFS_CALLF_FAST, 0u, 0u, NONE)  \
	X(SET_VP_REGISTERS, 0x0051, "HvCallSetVpRegisters", REP, HVTLFS_CALLF_FAST, 0u, 0u, NONE)  \
	X(POST_MESSAGE, 0x005C, "HvCallPostMessage", SIMPLE, HVTLFS_CALLF_SIZES,                   \
	  sizeof(struct hvtlfs_post_message_input), 0u, POST_MESSAGE)                              \
	X(SIGNAL_EVENT, 0x005D, "HvCallSignalEvent", SIMPLE,                                       \
	  HVTLFS_CALLF_FAST | HVTLFS_CALLF_SIZES, sizeof(struct hvtlfs_signal_event_input), 0u,    \
	  SIGNAL_EVENT)                                                                            \
	X(POST_DEBUG_DATA, 0x0069, "HvCallPostDebugData", SIMPLE, 0u, 0u, 0u, NONE)                \
	X(RETRIEVE_DEBUG_DATA, 0x006A, "HvCallRetrieveDebugData", SIMPLE, 0u, 0u, 0u, NONE)        \
	X(RESET_DEBUG_SESSION, 0x006B, "HvCallResetDebugSession", SIMPLE, 0u, 0u, 0u, NONE)        \
	X(RETARGET_DEVICE_INTERRUPT, 0x007E, "HvCallRetargetDeviceInterrupt", SIMPLE,              \
	  HVTLFS_CALLF_VARHDR, 0u, 0u, NONE)                                                       \
	X(START_VIRTUAL_PROCESSOR, 0x0099, "HvCallStartVirtualProcessor", SIMPLE,                  \
	  HVTLFS_CALLF_SIZES, 240u, 0u, NONE)                                                      \
	X(GET_VP_INDEX_FROM_APIC_ID, 0x009A, "HvCallGetVpIndexFromApicId", REP, 0u, 0u, 0u, NONE)  \
	X(FLUSH_GUEST_PHYSICAL_ADDRESS_SPACE, 0x00AF, "HvCallFlushGuestPhysicalAddressSpace",      \
	  SIMPLE, HVTLFS_CALLF_FAST | HVTLFS_CALLF_SIZES, sizeof(struct hvtlfs_gpa_flush_input),   \
	  0u, FLUSH_GPA)                                                                           \
	X(FLUSH_GUEST_PHYSICAL_ADDRESS_LIST, 0x00B0, "HvCallFlushGuestPhysicalAddressList", REP,   \
	  HVTLFS_CALLF_FAST | HVTLFS_CALLF_SIZES, sizeof(struct hvtlfs_gpa_flush_input),           \
	  sizeof(uint64_t), FLUSH_GPA)                                                             \
	X(EXT_QUERY_CAPABILITIES, 0x8001, "HvExtCallQueryCapabilities", SIMPLE,                    \
	  HVTLFS_CALLF_SIZES, 0u, 0u, NONE)                                                        \
	X(EXT_GET_BOOT_ZEROED_MEMORY, 0x8002, "HvExtCallGetBootZeroedMemory", SIMPLE, 0u, 0u, 0u,  \
	  NONE)                                                                                    \
	X(EXT_MEMORY_HEAT_HINT, 0x8003, "HvExtCallMemoryHeatHint", REP, HVTLFS_CALLF_SIZES, 8u,    \
	  sizeof(uint64_t), NONE)                                                                  \
	X(EXT_EPF_SETUP, 0x8004, "HvExtCallEpfSetup", SIMPLE, 0u, 0u, 0u, NONE)                    \
	X(EXT_MEMORY_HEAT_HINT_ASYNC, 0x8006, "HvExtCallMemoryHeatHintAsync", SIMPLE, 0u, 0u, 0u,  \
	  NONE)
/* clang-format on */

/*! @brief One row of #HVTLFS_CALL_LIST as its #hvtlfs_call_code enumerator. */
#define HVTLFS_CALL_ENUM_(name, code, tlfs_name, kind, flags, hdr, elem, decoder)                  \
	HVTLFS_CALL_##name = code, /*!< A row of #HVTLFS_CALL_LIST. */

/*! @brief Hypercall call codes: `HVTLFS_CALL_<NAME>` for every row of #HVTLFS_CALL_LIST. */
enum hvtlfs_call_code {
	HVTLFS_CALL_LIST(HVTLFS_CALL_ENUM_)
};
/*! @} */

/*! @name Hypercall status codes (HV_STATUS)
 * @{ */

/*!
 * @brief Every HV_STATUS value the TLFS defines, by value: `X(NAME, value)`, the
 *        status `HV_STATUS_<NAME>` and its #hvtlfs_status_code `HVTLFS_STATUS_<NAME>`.
 *
 * HV_STATUS_TIMEOUT (0x78) is a rep call's early return: the caller continues from
 * reps completed.
 * @param X the macro applied to each row.
 */
/* clang-format off */
#define HVTLFS_STATUS_LIST(X)                                                                      \
	X(SUCCESS, 0x0000)                                                                         \
	X(INVALID_HYPERCALL_CODE, 0x0002)                                                          \
	X(INVALID_HYPERCALL_INPUT, 0x0003)                                                         \
	X(INVALID_ALIGNMENT, 0x0004)                                                               \
	X(INVALID_PARAMETER, 0x0005)                                                               \
	X(ACCESS_DENIED, 0x0006)                                                                   \
	X(INVALID_PARTITION_STATE, 0x0007)                                                         \
	X(OPERATION_DENIED, 0x0008)                                                                \
	X(UNKNOWN_PROPERTY, 0x0009)                                                                \
	X(PROPERTY_VALUE_OUT_OF_RANGE, 0x000A)                                                     \
	X(INSUFFICIENT_MEMORY, 0x000B)                                                             \
	X(PARTITION_TOO_DEEP, 0x000C)                                                              \
	X(INVALID_PARTITION_ID, 0x000D)                                                            \
	X(INVALID_VP_INDEX, 0x000E)                                                                \
	X(NOT_FOUND, 0x0010)                                                                       \
	X(INVALID_PORT_ID, 0x0011)                                                                 \
	X(INVALID_CONNECTION_ID, 0x0012)                                                           \
	X(INSUFFICIENT_BUFFERS, 0x0013)                                                            \
	X(NOT_ACKNOWLEDGED, 0x0014)                                                                \
	X(INVALID_VP_STATE, 0x0015)                                                                \
	X(ACKNOWLEDGED, 0x0016)                                                                    \
	X(INVALID_SAVE_RESTORE_STATE, 0x0017)                                                      \
	X(INVALID_SYNIC_STATE, 0x0018)                                                             \
	X(OBJECT_IN_USE, 0x0019)                                                                   \
	X(INVALID_PROXIMITY_DOMAIN_INFO, 0x001A)                                                   \
	X(NO_DATA, 0x001B)                                                                         \
	X(INACTIVE, 0x001C)                                                                        \
	X(NO_RESOURCES, 0x001D)                                                                    \
	X(FEATURE_UNAVAILABLE, 0x001E)                                                             \
	X(PARTIAL_PACKET, 0x001F)                                                                  \
	X(PROCESSOR_FEATURE_NOT_SUPPORTED, 0x0020)                                                 \
	X(PROCESSOR_CACHE_LINE_FLUSH_SIZE_INCOMPATIBLE, 0x0030)                                    \
	X(INSUFFICIENT_BUFFER, 0x0033)                                                             \
	X(INCOMPATIBLE_PROCESSOR, 0x0037)                                                          \
	X(INSUFFICIENT_DEVICE_DOMAINS, 0x0038)                                                     \
	X(CPUID_FEATURE_VALIDATION_ERROR, 0x003C)                                                  \
	X(CPUID_XSAVE_FEATURE_VALIDATION_ERROR, 0x003D)                                            \
	X(PROCESSOR_STARTUP_TIMEOUT, 0x003E)                                                       \
	X(SMX_ENABLED, 0x003F)                                                                     \
	X(INVALID_LP_INDEX, 0x0041)                                                                \
	X(INVALID_REGISTER_VALUE, 0x0050)                                                          \
	X(INVALID_VTL_STATE, 0x0051)                                                               \
	X(NX_NOT_DETECTED, 0x0055)                                                                 \
	X(INVALID_DEVICE_ID, 0x0057)                                                               \
	X(INVALID_DEVICE_STATE, 0x0058)                                                            \
	X(PENDING_PAGE_REQUESTS, 0x0059)                                                           \
	X(PAGE_REQUEST_INVALID, 0x0060)                                                            \
	X(KEY_ALREADY_EXISTS, 0x0065)                                                              \
	X(DEVICE_ALREADY_IN_DOMAIN, 0x0066)                                                        \
	X(INVALID_CPU_GROUP_ID, 0x006F)                                                            \
	X(INVALID_CPU_GROUP_STATE, 0x0070)                                                         \
	X(OPERATION_FAILED, 0x0071)                                                                \
	X(NOT_ALLOWED_WITH_NESTED_VIRT_ACTIVE, 0x0072)                                             \
	X(INSUFFICIENT_ROOT_MEMORY, 0x0073)                                                        \
	X(EVENT_BUFFER_ALREADY_FREED, 0x0074)                                                      \
	X(INSUFFICIENT_CONTIGUOUS_MEMORY, 0x0075)                                                  \
	X(TIMEOUT, 0x0078)                                                                         \
	X(CALL_PENDING, 0x0079)                                                                    \
	X(INSUFFICIENT_CONTIGUOUS_ROOT_MEMORY, 0x0083)                                             \
	X(VTL_ALREADY_ENABLED, 0x0086)                                                             \
	X(UNKNOWN_REGISTER_NAME, 0x0087)
/* clang-format on */

/*! @brief One row of #HVTLFS_STATUS_LIST as its #hvtlfs_status_code enumerator. */
#define HVTLFS_STATUS_ENUM_(name, value)                                                           \
	HVTLFS_STATUS_##name = value, /*!< HV_STATUS of a row of #HVTLFS_STATUS_LIST. */

/*! @brief HV_STATUS values: `HVTLFS_STATUS_<NAME>` for every row of #HVTLFS_STATUS_LIST. */
enum hvtlfs_status_code {
	HVTLFS_STATUS_LIST(HVTLFS_STATUS_ENUM_)
};
/*! @} */

/*! @name Flush flags (HvFlushVirtualAddress* and HvFlushGuestPhysicalAddress*)
 * @{ */
#define HVTLFS_FLUSH_ALL_PROCESSORS HVTLFS_BIT64(0) /*!< HV_FLUSH_ALL_PROCESSORS */
#define HVTLFS_FLUSH_ALL_VIRTUAL_ADDRESS_SPACES                                                    \
	HVTLFS_BIT64(1) /*!< HV_FLUSH_ALL_VIRTUAL_ADDRESS_SPACES */
#define HVTLFS_FLUSH_NON_GLOBAL_MAPPINGS_ONLY                                                      \
	HVTLFS_BIT64(2) /*!< HV_FLUSH_NON_GLOBAL_MAPPINGS_ONLY (not valid on the List calls) */
#define HVTLFS_FLUSH_USE_EXTENDED_RANGE_FORMAT                                                     \
	HVTLFS_BIT64(3) /*!< HV_FLUSH_USE_EXTENDED_RANGE_FORMAT */
/*! All flush flags this library knows. */
#define HVTLFS_FLUSH_KNOWN_FLAGS (HVTLFS_BIT64(4) - 1u)
/*! @} */

/*! @name Generic set formats (HV_GENERIC_SET_FORMAT)
 * @{ */
#define HVTLFS_GENERIC_SET_SPARSE_4K                                                               \
	0u			  /*!< HV_GENERIC_SET_SPARSE_4K: valid_bank_mask + bank words */
#define HVTLFS_GENERIC_SET_ALL 1u /*!< HV_GENERIC_SET_ALL: every VP */
/*! Number of VPs a bank word names. */
#define HVTLFS_VPSET_VPS_PER_BANK 64u
/*! Maximum number of banks (bits of valid_bank_mask). */
#define HVTLFS_VPSET_MAX_BANKS 64u
/*! Maximum number of VPs a sparse set can name (64 banks of 64). */
#define HVTLFS_VPSET_MAX_VPS 4096u
/*! @} */

/*! @name Synthetic interrupt vectors
 * @{ */
#define HVTLFS_IPI_VECTOR_MIN 0x10u /*!< Lowest valid IPI vector. */
#define HVTLFS_IPI_VECTOR_MAX 0xFFu /*!< Highest valid IPI vector. */
/*! @} */

/*! @name Messages
 * @{ */
#define HVTLFS_MESSAGE_PAYLOAD_MAX 240u /*!< Largest HvPostMessage payload in bytes. */
/*! @} */

/*! @name Partitions, virtual processors and VTLs
 * HV_PARTITION_ID, HV_VP_INDEX, HV_VTL and HV_INPUT_VTL (TLFS datatypes/hv_vtl.md,
 * hv_input_vtl.md).
 * @{ */
/*! HV_PARTITION_ID_SELF: the caller's own partition. */
#define HVTLFS_PARTITION_ID_SELF HVTLFS_U64(0xFFFFFFFFFFFFFFFF)
/*! HV_PARTITION_ID_INVALID: no partition. */
#define HVTLFS_PARTITION_ID_INVALID HVTLFS_U64(0)
/*! HV_VP_INDEX_SELF: the calling virtual processor. */
#define HVTLFS_VP_INDEX_SELF 0xFFFFFFFEu
/*! HV_ANY_VP: any virtual processor. */
#define HVTLFS_ANY_VP 0xFFFFFFFFu
/*! The highest VTL an HV_VTL (a plain byte) or HV_INPUT_VTL can name (VTLs 0-15). */
#define HVTLFS_VTL_MAX 15u
/*! HV_INPUT_VTL bits 0-3: TargetVtl. */
#define HVTLFS_INPUT_VTL_TARGET_MASK 0x0Fu
/*! HV_INPUT_VTL bit 4: UseTargetVtl; clear, the call means the caller's VTL (or every
 *  VTL, depending on the call). */
#define HVTLFS_INPUT_VTL_USE_TARGET 0x10u
/*! Reserved bits of HV_INPUT_VTL (bits 5-7). */
#define HVTLFS_INPUT_VTL_RESERVED 0xE0u
/*! @} */

/*! @name Memory rules and fast-call capacities
 * @{ */
#define HVTLFS_PAGE_SIZE   4096u /*!< Hypercall input/output page size. */
#define HVTLFS_PAGE_SHIFT  12u	 /*!< log2 of #HVTLFS_PAGE_SIZE. */
#define HVTLFS_INPUT_ALIGN 8u	 /*!< Required alignment of input/output GPAs. */
/*! Bytes of input a fast call carries in the general registers: RDX and R8 (x64),
 *  EBX:ECX and EDI:ESI (x86). */
#define HVTLFS_FAST_GPR_BYTES 16u
/*! Bytes of input an XMM fast call carries: RDX, R8, then XMM0-XMM5 (x64, with the
 *  XMM fast input feature). */
#define HVTLFS_FAST_XMM_BYTES 112u
/*!
 * @brief Where fast output starts in the fast register image: the register pair after
 *        the input, that is @p in rounded up to 16 bytes (TLFS "XMM Fast Hypercall
 *        Output": a 20-byte input leaves the next 12 bytes unused, output follows).
 * @param in input size in bytes.
 */
#define HVTLFS_FAST_OUTPUT_OFFSET(in) ((((in) + 15u) / 16u) * 16u)
/*!
 * @brief Constant expression: whether @p in bytes of input and @p out bytes of output
 *        fit a fast register image of @p cap bytes (output from
 *        #HVTLFS_FAST_OUTPUT_OFFSET). The one rule behind every fast-size check.
 * @param in input size in bytes.
 * @param out output size in bytes (0 for a call without fast output).
 * @param cap bytes of the register image (#HVTLFS_FAST_XMM_BYTES on x64).
 */
#define HVTLFS_FAST_IO_FITS(in, out, cap)                                                          \
	((in) <= (cap) && (out) <= (cap) && HVTLFS_FAST_OUTPUT_OFFSET(in) + (out) <= (cap))
/*! @} */

/*! @name Synthetic MSRs
 * @{ */

/*!
 * @brief The synthetic MSRs the library reads and writes: `X(NAME, number)`,
 *        TLFS `HV_X64_MSR_<NAME>`, #hvtlfs_msr `HVTLFS_MSR_<NAME>`.
 * @param X the macro applied to each row.
 */
/* clang-format off */
#define HVTLFS_MSR_LIST(X)                                                                         \
	X(GUEST_OS_ID, 0x40000000)                                                                 \
	X(HYPERCALL, 0x40000001)                                                                   \
	X(VP_INDEX, 0x40000002)                                                                    \
	X(VP_ASSIST_PAGE, 0x40000073)
/* clang-format on */

/*! @brief One row of #HVTLFS_MSR_LIST as its #hvtlfs_msr enumerator. */
#define HVTLFS_MSR_ENUM_(name, number)                                                             \
	HVTLFS_MSR_##name = number, /*!< A row of #HVTLFS_MSR_LIST. */

/*! @brief Synthetic MSR numbers: `HVTLFS_MSR_<NAME>` for every row of #HVTLFS_MSR_LIST. */
enum hvtlfs_msr {
	HVTLFS_MSR_LIST(HVTLFS_MSR_ENUM_)
};
/*! @} */

/*! @name Hypercall MSR (HV_X64_MSR_HYPERCALL) fields
 * @{ */
#define HVTLFS_HYPERCALL_MSR_ENABLE HVTLFS_BIT64(0) /*!< Enable the hypercall page. */
#define HVTLFS_HYPERCALL_MSR_LOCKED HVTLFS_BIT64(1) /*!< MSR locked (read-only until reset). */
#define HVTLFS_HYPERCALL_MSR_RESERVED_MASK                                                         \
	HVTLFS_U64(0x0000000000000FFC)		/*!< Bits 2-11: reserved, preserve. */
#define HVTLFS_HYPERCALL_MSR_RESERVED_SHIFT 2u	/*!< Shift of the reserved bits. */
#define HVTLFS_HYPERCALL_MSR_GPFN_SHIFT	    12u /*!< Shift of the page's GPFN. */
#define HVTLFS_HYPERCALL_MSR_GPFN_MASK	    HVTLFS_U64(0xFFFFFFFFFFFFF000) /*!< Bits 12-63: GPFN. */
/*! @} */

/*! @name VP assist page MSR (HV_X64_MSR_VP_ASSIST_PAGE) fields
 * @{ */
#define HVTLFS_VP_ASSIST_MSR_ENABLE HVTLFS_BIT64(0) /*!< Bit 0: enable the VP assist page. */
/*! Bits 1-11: RsvdP, preserve on write. */
#define HVTLFS_VP_ASSIST_MSR_RESERVED_MASK  HVTLFS_U64(0x0000000000000FFE)
#define HVTLFS_VP_ASSIST_MSR_RESERVED_SHIFT 1u	/*!< Shift of the reserved bits. */
#define HVTLFS_VP_ASSIST_MSR_GPFN_SHIFT	    12u /*!< Shift of the page's GPFN. */
/*! Bits 12-63: GPFN of the VP assist page. */
#define HVTLFS_VP_ASSIST_MSR_GPFN_MASK HVTLFS_U64(0xFFFFFFFFFFFFF000)
/*! @} */

/*! @name Guest OS ID (open-source layout)
 * @{ */
#define HVTLFS_GUEST_OS_ID_OPEN_SOURCE	 HVTLFS_BIT64(63) /*!< Bit 63: open-source OS. */
#define HVTLFS_GUEST_OS_ID_OS_TYPE_SHIFT 56u		  /*!< Bits 62:56 OS type. */
#define HVTLFS_GUEST_OS_ID_OS_ID_SHIFT	 48u		  /*!< Bits 55:48 OS id. */
#define HVTLFS_GUEST_OS_ID_VERSION_SHIFT 16u		  /*!< Bits 47:16 version. */
#define HVTLFS_GUEST_OS_ID_BUILD_SHIFT	 0u		  /*!< Bits 15:0 build. */
#define HVTLFS_GUEST_OS_TYPE_LINUX	 1u		  /*!< OS type Linux. */
#define HVTLFS_GUEST_OS_TYPE_FREEBSD	 2u		  /*!< OS type FreeBSD. */
#define HVTLFS_GUEST_OS_TYPE_XEN	 3u		  /*!< OS type Xen. */
#define HVTLFS_GUEST_OS_TYPE_ILLUMOS	 4u		  /*!< OS type illumos. */
/*! @} */

/*! @name CPUID leaves
 * TLFS "Feature and Interface Discovery".
 * @{ */

/*! Standard leaf 1 (not a hypervisor leaf): ECX bit 31 says a hypervisor is present. */
#define HVTLFS_CPUID_LEAF_STD_FEATURES 0x00000001u
/*! Leaf 1 ECX bit 31: a hypervisor is present. */
#define HVTLFS_CPUID_STD_FEATURES_ECX_HYPERVISOR (1u << 31)

/*!
 * @brief The hypervisor leaves the library reads: `X(NAME, leaf)`, the
 *        #hvtlfs_cpuid_leaf `HVTLFS_CPUID_LEAF_<NAME>`.
 *
 * VENDOR: EAX the maximum leaf, EBX:ECX:EDX the vendor signature ("Microsoft Hv");
 * INTERFACE: EAX the interface signature ("Hv#1"); VERSION: the hypervisor version;
 * FEATURES: partition privileges (EAX, EBX) and features (EDX); HINTS: implementation
 * recommendations; LIMITS: implementation limits; NESTED: nested virtualization
 * features.
 * @param X the macro applied to each row.
 */
/* clang-format off */
#define HVTLFS_CPUID_LEAF_LIST(X)                                                                  \
	X(VENDOR, 0x40000000)                                                                      \
	X(INTERFACE, 0x40000001)                                                                   \
	X(VERSION, 0x40000002)                                                                     \
	X(FEATURES, 0x40000003)                                                                    \
	X(HINTS, 0x40000004)                                                                       \
	X(LIMITS, 0x40000005)                                                                      \
	X(NESTED, 0x4000000A)
/* clang-format on */

/*! @brief One row of #HVTLFS_CPUID_LEAF_LIST as its #hvtlfs_cpuid_leaf enumerator. */
#define HVTLFS_CPUID_LEAF_ENUM_(name, leaf)                                                        \
	HVTLFS_CPUID_LEAF_##name = leaf, /*!< A row of #HVTLFS_CPUID_LEAF_LIST. */

/*! @brief Hypervisor CPUID leaves: `HVTLFS_CPUID_LEAF_<NAME>` for every row of
 *         #HVTLFS_CPUID_LEAF_LIST. */
enum hvtlfs_cpuid_leaf {
	HVTLFS_CPUID_LEAF_LIST(HVTLFS_CPUID_LEAF_ENUM_)
};

#define HVTLFS_CPUID_VENDOR_EBX	   0x7263694Du /*!< Leaf VENDOR EBX of Hyper-V: "Micr" */
#define HVTLFS_CPUID_VENDOR_ECX	   0x666F736Fu /*!< Leaf VENDOR ECX of Hyper-V: "osof" */
#define HVTLFS_CPUID_VENDOR_EDX	   0x76482074u /*!< Leaf VENDOR EDX of Hyper-V: "t Hv" */
#define HVTLFS_CPUID_INTERFACE_HV1 0x31237648u /*!< Leaf INTERFACE EAX: "Hv#1" */
/*! Bytes of a vendor signature (leaf 0x40000000 EBX, ECX, EDX, little-endian). */
#define HVTLFS_CPUID_VENDOR_LEN 12u
/*! @} */

/*! @name CPUID bits
 * The bits the library names, one list a leaf: `X(REG, bit, NAME, field)` defines the
 * mask `HVTLFS_CPUID_<LEAF>_<REG>_<NAME>` (1 << bit of register REG, EAX to EDX) and
 * names the `bool` of struct hvtlfs_features (FEATURES, HINTS) or struct
 * hvtlfs_nested_features (NESTED) that hvtlfs_features_decode() sets from it. A bit
 * no list names is never an error: real hosts set bits the TLFS tables still call
 * reserved.
 * @{ */

/*!
 * @brief Leaf 0x40000003 (FEATURES): EAX and EBX are HV_PARTITION_PRIVILEGE_MASK
 *        (EBX bits are privilege bits 32 and up), EDX the features.
 *
 * EBX bit 22 (isolation) is reserved in the TLFS text; confidential VMs report it.
 * @param X the macro applied to each row.
 */
/* clang-format off */
#define HVTLFS_CPUID_FEATURES_BITS(X)                                                              \
	X(EAX, 0, VP_RUNTIME_MSR, vp_runtime_msr)                                                  \
	X(EAX, 1, TIME_REF_COUNT_MSR, time_ref_count_msr)                                          \
	X(EAX, 2, SYNIC_MSRS, synic_msrs)                                                          \
	X(EAX, 3, SYNTIMER_MSRS, syntimer_msrs)                                                    \
	X(EAX, 4, APIC_ACCESS_MSRS, apic_access_msrs)                                              \
	X(EAX, 5, HYPERCALL_MSRS, hypercall_msrs)                                                  \
	X(EAX, 6, VP_INDEX_MSR, vp_index_msr)                                                      \
	X(EBX, 4, POST_MESSAGES, post_messages)                                                    \
	X(EBX, 5, SIGNAL_EVENTS, signal_events)                                                    \
	X(EBX, 20, EXTENDED_HYPERCALLS, extended_hypercalls)                                       \
	X(EBX, 22, ISOLATION, isolation)                                                           \
	X(EDX, 4, XMM_INPUT, xmm_input)                                                            \
	X(EDX, 14, EXT_GVA_RANGES, ext_gva_ranges)                                                 \
	X(EDX, 15, XMM_OUTPUT, xmm_output)                                                         \
	X(EDX, 18, HYPERCALL_MSR_LOCK, hypercall_msr_lock)
/* clang-format on */

/*!
 * @brief Leaf 0x40000004 (HINTS), EAX: implementation recommendations.
 *
 * Bit 21 (use hypercalls for MMIO configuration access) is reserved in the TLFS table;
 * newer Linux names it HV_X64_USE_MMIO_HYPERCALLS.
 * @param X the macro applied to each row.
 */
/* clang-format off */
#define HVTLFS_CPUID_HINTS_BITS(X)                                                                 \
	X(EAX, 2, REMOTE_TLB_FLUSH, remote_tlb_flush_recommended)                                  \
	X(EAX, 9, DEPRECATE_AUTOEOI, deprecate_auto_eoi)                                           \
	X(EAX, 10, CLUSTER_IPI, cluster_ipi_recommended)                                           \
	X(EAX, 11, EX_PROCESSOR_MASKS, ex_processor_masks_recommended)                             \
	X(EAX, 12, NESTED_HYPERVISOR, nested_hypervisor)                                           \
	X(EAX, 14, ENLIGHTENED_VMCS, evmcs_recommended)                                            \
	X(EAX, 21, MMIO_HYPERCALLS, mmio_hypercalls)
/* clang-format on */

/*!
 * @brief Leaf 0x4000000A (NESTED), EAX: nested virtualization features.
 *
 * Bit 18 is HvFlushGuestPhysicalAddressSpace and HvFlushGuestPhysicalAddressList.
 * Bit 22, enlightened TLB flush of nested (NPT) address spaces, is reserved in the TLFS
 * table; Hyper-V sets it on AMD hosts (a Windows 11 22000 host reports EAX 0x004A0000)
 * and Linux names it HV_X64_NESTED_ENLIGHTENED_TLB.
 * @param X the macro applied to each row.
 */
/* clang-format off */
#define HVTLFS_CPUID_NESTED_BITS(X)                                                                \
	X(EAX, 17, DIRECT_FLUSH, direct_virtual_flush)                                             \
	X(EAX, 18, GPA_FLUSH, gpa_flush_hypercalls)                                                \
	X(EAX, 19, MSR_BITMAP, enlightened_msr_bitmap)                                             \
	X(EAX, 20, VIRT_EXCEPTION_PF, virt_exception_pf)                                           \
	X(EAX, 22, ENLIGHTENED_TLB, enlightened_npt_tlb)
/* clang-format on */

/*! @brief One row of #HVTLFS_CPUID_FEATURES_BITS as its mask. */
#define HVTLFS_CPUID_FEATURES_ENUM_(reg, bit, name, field)                                         \
	HVTLFS_CPUID_FEATURES_##reg##_##name = 1 << (bit), /*!< A row of the FEATURES bits. */
/*! @brief One row of #HVTLFS_CPUID_HINTS_BITS as its mask. */
#define HVTLFS_CPUID_HINTS_ENUM_(reg, bit, name, field)                                            \
	HVTLFS_CPUID_HINTS_##reg##_##name = 1 << (bit), /*!< A row of the HINTS bits. */
/*! @brief One row of #HVTLFS_CPUID_NESTED_BITS as its mask. */
#define HVTLFS_CPUID_NESTED_ENUM_(reg, bit, name, field)                                           \
	HVTLFS_CPUID_NESTED_##reg##_##name = 1 << (bit), /*!< A row of the NESTED bits. */
/*! @brief One row of a CPUID bit list as `| mask`, to OR a list's masks together. */
#define HVTLFS_CPUID_MASK_OR_(reg, bit, name, field) | (1u << (bit))

/*! @brief Leaf FEATURES masks: `HVTLFS_CPUID_FEATURES_<REG>_<NAME>`, from
 *         #HVTLFS_CPUID_FEATURES_BITS. */
enum hvtlfs_cpuid_features_bits {
	HVTLFS_CPUID_FEATURES_BITS(HVTLFS_CPUID_FEATURES_ENUM_)
};
/*! @brief Leaf HINTS masks: `HVTLFS_CPUID_HINTS_EAX_<NAME>`, from #HVTLFS_CPUID_HINTS_BITS. */
enum hvtlfs_cpuid_hints_bits {
	HVTLFS_CPUID_HINTS_BITS(HVTLFS_CPUID_HINTS_ENUM_)
};
/*! @brief Leaf NESTED masks: `HVTLFS_CPUID_NESTED_EAX_<NAME>`, from #HVTLFS_CPUID_NESTED_BITS. */
enum hvtlfs_cpuid_nested_bits {
	HVTLFS_CPUID_NESTED_BITS(HVTLFS_CPUID_NESTED_ENUM_)
};

/*! Leaf HINTS EAX bits 0-15, 17 and 18: every recommendation the TLFS table defines
 *  (the library decodes the ones #HVTLFS_CPUID_HINTS_BITS names). */
#define HVTLFS_CPUID_HINTS_EAX_TLFS_BITS 0x0006FFFFu
/*! Leaf HINTS EAX bits neither the TLFS nor this library names (16, 19, 20 and 22-31):
 *  reported in hvtlfs_features::hints_unknown_bits, never refused. */
#define HVTLFS_CPUID_HINTS_EAX_UNKNOWN                                                             \
	(~(HVTLFS_CPUID_HINTS_EAX_TLFS_BITS HVTLFS_CPUID_HINTS_BITS(HVTLFS_CPUID_MASK_OR_)))
/*! Leaf HINTS ECX bits 6-0: implemented physical address bits (0: not reported). */
#define HVTLFS_CPUID_HINTS_ECX_PHYS_ADDR_BITS_MASK 0x7Fu

/*! Leaf NESTED EAX bits 0-7: lowest supported enlightened VMCS version. */
#define HVTLFS_CPUID_NESTED_EAX_EVMCS_LOW_MASK 0x000000FFu
/*! Leaf NESTED EAX bits 8-15: highest supported enlightened VMCS version. */
#define HVTLFS_CPUID_NESTED_EAX_EVMCS_HIGH_MASK 0x0000FF00u
/*! Shift of the highest enlightened VMCS version. */
#define HVTLFS_CPUID_NESTED_EAX_EVMCS_HIGH_SHIFT 8u
/*! Every leaf NESTED EAX bit this library names; any other is reported, never refused. */
#define HVTLFS_CPUID_NESTED_EAX_KNOWN                                                              \
	(HVTLFS_CPUID_NESTED_EAX_EVMCS_LOW_MASK |                                                  \
	 HVTLFS_CPUID_NESTED_EAX_EVMCS_HIGH_MASK HVTLFS_CPUID_NESTED_BITS(HVTLFS_CPUID_MASK_OR_))
/*! Leaf NESTED EAX bits neither the TLFS nor this library names: 16, 21 and 23-31. */
#define HVTLFS_CPUID_NESTED_EAX_UNKNOWN (~HVTLFS_CPUID_NESTED_EAX_KNOWN)
/*! @} */

/*! @} */

#endif /* HVTLFS_TLFS_H */
