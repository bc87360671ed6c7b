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
/*! Call flag: the call writes output parameters at the output GPA (the TLFS: "for
 *  hypercalls that have output parameters"); any other call ignores the output GPA
 *  ("Alignment Requirements"), and a guest must not pass one (hvtlfs_call_check_gpas()). */
#define HVTLFS_CALLF_OUTPUT 0x20u
/*! Call flag: the variable header counts the HV_VP_SET's valid_bank_mask and its bank
 *  words, 1 + popcount(valid_bank_mask) (only the format word sits in the fixed header):
 *  HvCallRetargetDeviceInterrupt in its processor-set form, unlike the Ex flush and IPI
 *  calls (#HVTLFS_CALLF_VPSET_BANKS). */
#define HVTLFS_CALLF_VPSET_MASK 0x40u

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
 *   uses these columns includes the headers of those structs: flush.h, visibility.h,
 *   interrupt.h, extended.h, registers.h and vtl.h), or as a number for calls the
 *   library neither builds nor decodes; 0 with no #HVTLFS_CALLF_SIZES where no layout
 *   is documented. What a call writes to its output is in #HVTLFS_CALL_OUTPUT_LIST.
 * - DECODER: what hvtlfs_hvcall_decode() decodes the call into (its
 *   `HVTLFS_HVCALL_REQ_<DECODER>` request), `NONE` for a call it does not decode.
 *
 * HvExtCallMemoryHeatHint follows real guests against the TLFS overview table, which
 * lists it as simple: Linux's balloon driver issues it as a rep call (an 8-byte
 * HV_EXT_INPUT_MEMORY_HEAT_HINT header, the heat type in bits 0-1, then one 8-byte
 * HV_GPA_PAGE_RANGE per rep), so a hypervisor judging by the catalog accepts what
 * guests send.
 *
 * Where the sizes come from when no TLFS page gives them:
 * - HvCallPostDebugData (u32 Count, u32 Options, then Count data bytes, at most 4088;
 *   output u32 PendingCount), HvCallRetrieveDebugData (u32 Count, u32 Options, u64
 *   Timeout; output u32 RetrievedCount, u32 RemainingCount, then the data) and
 *   HvCallResetDebugSession (u32 Options and 4 bytes of padding, fast allowed, no
 *   output): Microsoft's reference of the hypervisor's debugging calls (Hvgdk.h,
 *   "Native Interface"), the TLFS overview table of earlier revisions naming the
 *   codes. The fixed header of HvCallPostDebugData is its 8 bytes of counts: the data
 *   follows, Count bytes long. QEMU's synthetic debugger also writes 24 bytes of
 *   connection data to an output GPA of HvCallResetDebugSession; the row follows
 *   Microsoft's reference.
 * - HvCallModifySparseGpaPageHostVisibility (0x00DB) has no TLFS page: a 16-byte
 *   header (partition id, host visibility in bits 0-1 of the next u32, a reserved
 *   u32) and one 8-byte GPA page number a rep, no output, as Linux issues it
 *   (arch/x86/hyperv/ivm.c) and OpenVMM decodes it.
 * - HvExtCallEpfSetup (0x8004) and HvExtCallMemoryHeatHintAsync (0x8006): the TLFS
 *   names them (overview table; HvExtCallQueryCapabilities bits 2 and 4) and documents
 *   no input or output, and no public guest or hypervisor issues or decodes them. Their
 *   rows carry no #HVTLFS_CALLF_SIZES rather than sizes the library would invent.
 *
 * HvCallGetVpIndexFromApicId follows real guests against its TLFS page, whose list
 * elements are 8 bytes (a 4-byte APIC id or VP index and 4 bytes of padding): Linux
 * (hv_vtl.c) and Microsoft's own paravisor (OpenVMM's HvCall and its hypervisor-side
 * dispatcher) pack 4-byte APIC ids in and read 4-byte VP indices out.
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
	X(ENABLE_PARTITION_VTL, 0x000D, "HvCallEnablePartitionVtl", SIMPLE,                        \
	  HVTLFS_CALLF_FAST | HVTLFS_CALLF_SIZES,                                                  \
	  sizeof(struct hvtlfs_enable_partition_vtl_input), 0u, ENABLE_PARTITION_VTL)              \
	X(DISABLE_PARTITION_VTL, 0x000E, "HvCallDisablePartitionVtl", SIMPLE, HVTLFS_CALLF_SIZES,  \
	  16u, 0u, NONE)                                                                           \
	X(ENABLE_VP_VTL, 0x000F, "HvCallEnableVpVtl", SIMPLE, HVTLFS_CALLF_SIZES,                  \
	  sizeof(struct hvtlfs_start_vp_input), 0u, ENABLE_VP_VTL)                                 \
	X(DISABLE_VP_VTL, 0x0010, "HvCallDisableVpVtl", SIMPLE, HVTLFS_CALLF_SIZES, 16u, 0u, NONE) \
	X(VTL_CALL, 0x0011, "HvCallVtlCall", SIMPLE, HVTLFS_CALLF_FAST | HVTLFS_CALLF_SIZES, 0u,   \
	  0u, VTL_SWITCH)                                                                          \
	X(VTL_RETURN, 0x0012, "HvCallVtlReturn", SIMPLE, HVTLFS_CALLF_FAST | HVTLFS_CALLF_SIZES,   \
	  0u, 0u, VTL_SWITCH)                                                                      \
	X(FLUSH_VIRTUAL_ADDRESS_SPACE_EX, 0x0013, "HvCallFlushVirtualAddressSpaceEx", SIMPLE,      \
	  HVTLFS_CALLF_VARHDR | HVTLFS_CALLF_FAST | HVTLFS_CALLF_SIZES | HVTLFS_CALLF_VPSET_BANKS, \
	  sizeof(struct hvtlfs_flush_ex_input), 0u, FLUSH_VA)                                      \
	X(FLUSH_VIRTUAL_ADDRESS_LIST_EX, 0x0014, "HvCallFlushVirtualAddressListEx", REP,           \
	  HVTLFS_CALLF_VARHDR | HVTLFS_CALLF_FAST | HVTLFS_CALLF_SIZES | HVTLFS_CALLF_VPSET_BANKS, \
	  sizeof(struct hvtlfs_flush_ex_input), sizeof(uint64_t), FLUSH_VA)                        \
	X(SEND_SYNTHETIC_CLUSTER_IPI_EX, 0x0015, "HvCallSendSyntheticClusterIpiEx", SIMPLE,        \
	  HVTLFS_CALLF_VARHDR | HVTLFS_CALLF_FAST | HVTLFS_CALLF_SIZES | HVTLFS_CALLF_VPSET_BANKS, \
	  sizeof(struct hvtlfs_ipi_ex_input), 0u, IPI)                                             \
	X(GET_VP_REGISTERS, 0x0050, "HvCallGetVpRegisters", REP,                                   \
	  HVTLFS_CALLF_FAST | HVTLFS_CALLF_OUTPUT | HVTLFS_CALLF_SIZES,                            \
	  sizeof(struct hvtlfs_registers_input),                                                   \
	  sizeof(uint32_t), VP_REGISTERS)                                                          \
	X(SET_VP_REGISTERS, 0x0051, "HvCallSetVpRegisters", REP,                                   \
	  HVTLFS_CALLF_FAST | HVTLFS_CALLF_SIZES, sizeof(struct hvtlfs_registers_input),           \
	  sizeof(struct hvtlfs_register_assoc), VP_REGISTERS)                                      \
	X(POST_MESSAGE, 0x005C, "HvCallPostMessage", SIMPLE, HVTLFS_CALLF_SIZES,                   \
	  sizeof(struct hvtlfs_post_message_input), 0u, POST_MESSAGE)                              \
	X(SIGNAL_EVENT, 0x005D, "HvCallSignalEvent", SIMPLE,                                       \
	  HVTLFS_CALLF_FAST | HVTLFS_CALLF_SIZES, sizeof(struct hvtlfs_signal_event_input), 0u,    \
	  SIGNAL_EVENT)                                                                            \
	X(POST_DEBUG_DATA, 0x0069, "HvCallPostDebugData", SIMPLE,                                  \
	  HVTLFS_CALLF_OUTPUT | HVTLFS_CALLF_SIZES, 8u, 0u, NONE)                                  \
	X(RETRIEVE_DEBUG_DATA, 0x006A, "HvCallRetrieveDebugData", SIMPLE,                          \
	  HVTLFS_CALLF_OUTPUT | HVTLFS_CALLF_SIZES, 16u, 0u, NONE)                                 \
	X(RESET_DEBUG_SESSION, 0x006B, "HvCallResetDebugSession", SIMPLE,                          \
	  HVTLFS_CALLF_FAST | HVTLFS_CALLF_SIZES, 8u, 0u, NONE)                                    \
	X(RETARGET_DEVICE_INTERRUPT, 0x007E, "HvCallRetargetDeviceInterrupt", SIMPLE,              \
	  HVTLFS_CALLF_VARHDR | HVTLFS_CALLF_SIZES | HVTLFS_CALLF_VPSET_MASK,                      \
	  sizeof(struct hvtlfs_retarget_input), 0u, RETARGET)                                      \
	X(START_VIRTUAL_PROCESSOR, 0x0099, "HvCallStartVirtualProcessor", SIMPLE,                  \
	  HVTLFS_CALLF_SIZES, sizeof(struct hvtlfs_start_vp_input), 0u, START_VP)                  \
	X(GET_VP_INDEX_FROM_APIC_ID, 0x009A, "HvCallGetVpIndexFromApicId", REP,                    \
	  HVTLFS_CALLF_FAST | HVTLFS_CALLF_OUTPUT | HVTLFS_CALLF_SIZES,                            \
	  sizeof(struct hvtlfs_get_vp_index_input),                                                \
	  sizeof(uint32_t), VP_INDEX)                                                              \
	X(FLUSH_GUEST_PHYSICAL_ADDRESS_SPACE, 0x00AF, "HvCallFlushGuestPhysicalAddressSpace",      \
	  SIMPLE, HVTLFS_CALLF_FAST | HVTLFS_CALLF_SIZES, sizeof(struct hvtlfs_gpa_flush_input),   \
	  0u, FLUSH_GPA)                                                                           \
	X(FLUSH_GUEST_PHYSICAL_ADDRESS_LIST, 0x00B0, "HvCallFlushGuestPhysicalAddressList", REP,   \
	  HVTLFS_CALLF_FAST | HVTLFS_CALLF_SIZES, sizeof(struct hvtlfs_gpa_flush_input),           \
	  sizeof(uint64_t), FLUSH_GPA)                                                             \
	X(MODIFY_SPARSE_GPA_PAGE_HOST_VISIBILITY, 0x00DB,                                          \
	  "HvCallModifySparseGpaPageHostVisibility", REP, HVTLFS_CALLF_SIZES,                      \
	  sizeof(struct hvtlfs_visibility_input), sizeof(uint64_t), VISIBILITY)                    \
	X(EXT_QUERY_CAPABILITIES, 0x8001, "HvExtCallQueryCapabilities", SIMPLE,                    \
	  HVTLFS_CALLF_OUTPUT | HVTLFS_CALLF_SIZES, 0u, 0u, EXT_QUERY_CAPABILITIES)                \
	X(EXT_GET_BOOT_ZEROED_MEMORY, 0x8002, "HvExtCallGetBootZeroedMemory", SIMPLE,              \
	  HVTLFS_CALLF_OUTPUT | HVTLFS_CALLF_SIZES, 0u, 0u, NONE)                                  \
	X(EXT_MEMORY_HEAT_HINT, 0x8003, "HvExtCallMemoryHeatHint", REP, HVTLFS_CALLF_SIZES,        \
	  sizeof(struct hvtlfs_ext_heat_hint_input), sizeof(uint64_t), EXT_HEAT_HINT)              \
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

/*!
 * @brief What the calls with output write at their output GPA (or, fast, into the
 *        register pairs after their input): `X(NAME, fixed output bytes, rep output
 *        element bytes)`, NAME a row of #HVTLFS_CALL_LIST.
 *
 * A call of #HVTLFS_CALL_LIST with #HVTLFS_CALLF_SIZES and no row here has no
 * output: the hypervisor ignores an output GPA given to it (TLFS "Hypercall
 * Interface", Alignment Requirements). Output element i of a rep call lies at
 * element size x i from the start of the output, i counted from 0 whatever the rep
 * start (so a continued call writes where the first one stopped).
 * - HvCallGetVpRegisters: one HV_REGISTER_VALUE a rep (TLFS "Output List Element").
 * - HvCallGetVpIndexFromApicId: one 4-byte VP index a rep, as real guests read it
 *   (its TLFS page gives 8 bytes with padding; see #HVTLFS_CALL_LIST).
 * - HvExtCallQueryCapabilities: one 64-bit capability mask (TLFS page, Output
 *   Parameters).
 * - HvExtCallGetBootZeroedMemory: 0xFF8 bytes, a range count and 255 ranges of 16 bytes
 *   (TLFS page, Output Parameters; struct hvtlfs_ext_boot_zeroed_output), so its output
 *   GPA is at most 8 bytes into its page.
 * @param X the macro applied to each row.
 */
/* clang-format off */
#define HVTLFS_CALL_OUTPUT_LIST(X)                                                                 \
	X(GET_VP_REGISTERS, 0u, sizeof(struct hvtlfs_register_value))                              \
	X(GET_VP_INDEX_FROM_APIC_ID, 0u, sizeof(uint32_t))                                         \
	X(EXT_QUERY_CAPABILITIES, sizeof(uint64_t), 0u)                                            \
	X(EXT_GET_BOOT_ZEROED_MEMORY, sizeof(struct hvtlfs_ext_boot_zeroed_output), 0u)
/* clang-format on */
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

/*! @name Host visibility (HvCallModifySparseGpaPageHostVisibility)
 * The TLFS has no page for the call: these are the values Linux
 * (HV_MEM_HOST_VISIBILITY, arch/x86/hyperv) and OpenVMM give bits 0-1 of its
 * visibility word, a read bit and a write bit; write without read (2) is not defined.
 * @{ */
#define HVTLFS_HOST_VISIBILITY_NONE	  0u /*!< Private: the host cannot access the pages. */
#define HVTLFS_HOST_VISIBILITY_READ_ONLY  1u /*!< The host may read the pages. */
#define HVTLFS_HOST_VISIBILITY_READ_WRITE 3u /*!< Shared: the host may read and write. */
/*! Bits 0-1 of the visibility word; bits 2-31 are reserved (zero). */
#define HVTLFS_HOST_VISIBILITY_MASK 3u
/*! @} */

/*! @name Device interrupts (HV_INTERRUPT_ENTRY, HV_DEVICE_INTERRUPT_TARGET)
 * @{ */
/*! HV_INTERRUPT_ENTRY source: MSI (or MSI-X), the only source the TLFS defines. */
#define HVTLFS_INTERRUPT_SOURCE_MSI 1u
/*! HV_DEVICE_INTERRUPT_TARGET flag: deliver to every VP of the target set (else to one
 *  arbitrary VP of it). */
#define HVTLFS_DEVICE_INTERRUPT_TARGET_MULTICAST 1u
/*! HV_DEVICE_INTERRUPT_TARGET flag: the target is an HV_VP_SET (else a 64-bit
 *  ProcessorMask, VPs 0-63). */
#define HVTLFS_DEVICE_INTERRUPT_TARGET_PROCESSOR_SET 2u
/*! Every HV_DEVICE_INTERRUPT_TARGET flag the TLFS defines; the others are reserved. */
#define HVTLFS_DEVICE_INTERRUPT_TARGET_FLAGS                                                       \
	(HVTLFS_DEVICE_INTERRUPT_TARGET_MULTICAST | HVTLFS_DEVICE_INTERRUPT_TARGET_PROCESSOR_SET)
/*! @} */

/*! @name Extended hypercalls
 * @{ */

/*!
 * @brief The bits of HvExtCallQueryCapabilities' output: `X(bit, NAME, field)`, the
 *        mask `HVTLFS_EXT_CAP_<NAME>` and the `bool` of struct hvtlfs_ext_capabilities
 *        that hvtlfs_ext_capabilities_decode() sets from it.
 *
 * Bits 0-4 are the TLFS table (HvExtCallQueryCapabilities, Output Parameters), one a
 * call from HvExtCallGetBootZeroedMemory (0x8002) on; the TLFS calls bits 5-63
 * reserved. Bit 8 is what Linux (HV_EXT_CAPABILITY_MEMORY_COLD_DISCARD_HINT) checks
 * before it sends HvExtCallMemoryHeatHint with the cold-discard heat type: real hosts
 * set it, so a decoder names it and reports any other bit, never refuses it.
 * @param X the macro applied to each row.
 */
/* clang-format off */
#define HVTLFS_EXT_CAPABILITY_BITS(X)                                                              \
	X(0, GET_BOOT_ZEROED_MEMORY, get_boot_zeroed_memory)                                       \
	X(1, MEMORY_HEAT_HINT, memory_heat_hint)                                                   \
	X(2, EPF_SETUP, epf_setup)                                                                 \
	X(3, SCHEDULER_ASSIST_SETUP, scheduler_assist_setup)                                       \
	X(4, MEMORY_HEAT_HINT_ASYNC, memory_heat_hint_async)                                       \
	X(8, MEMORY_COLD_DISCARD_HINT, memory_cold_discard_hint)
/* clang-format on */

/*! @brief One row of #HVTLFS_EXT_CAPABILITY_BITS as its mask. */
#define HVTLFS_EXT_CAP_ENUM_(bit, name, field)                                                     \
	HVTLFS_EXT_CAP_##name = 1 << (bit), /*!< A row of #HVTLFS_EXT_CAPABILITY_BITS. */

/*! @brief HvExtCallQueryCapabilities bits: `HVTLFS_EXT_CAP_<NAME>`, from
 *         #HVTLFS_EXT_CAPABILITY_BITS. */
enum hvtlfs_ext_capability_bits {
	HVTLFS_EXT_CAPABILITY_BITS(HVTLFS_EXT_CAP_ENUM_)
};

/*! HvExtCallMemoryHeatHint heat type (bits 0-1 of its header): cold. */
#define HVTLFS_HEAT_HINT_COLD 0u
/*! HvExtCallMemoryHeatHint heat type: hot. */
#define HVTLFS_HEAT_HINT_HOT 1u
/*! HvExtCallMemoryHeatHint heat type: cold, and the contents may be discarded (what
 *  Linux's free page reporting sends). */
#define HVTLFS_HEAT_HINT_COLD_DISCARD 2u
/*! Bits 0-1 of the heat-hint header: the heat type; bits 2-63 are reserved (zero).
 *  Type 3 is not defined (Linux's HV_EXTMEM_HEAT_HINT_MAX). */
#define HVTLFS_HEAT_HINT_TYPE_MASK 3u
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
/*! Bytes of input an arm64 fast call carries: X2-X17, 16 registers, 8 pairs of 16
 *  bytes, shared by input and output (OpenVMM's Arm64RegisterIo, Linux arm64). The
 *  hypervisor-side decoder judges an arm64 partition's fast calls by it
 *  (#HVTLFS_HVCALL_FEAT_ARM64). */
#define HVTLFS_FAST_ARM64_BYTES 128u
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
 * @param cap bytes of the register image (#HVTLFS_FAST_XMM_BYTES on x64,
 *        #HVTLFS_FAST_ARM64_BYTES on arm64).
 */
#define HVTLFS_FAST_IO_FITS(in, out, cap)                                                          \
	((in) <= (cap) && (out) <= (cap) && HVTLFS_FAST_OUTPUT_OFFSET(in) + (out) <= (cap))
/*! @} */

/*! @name arm64: hypercalls and detection through the Arm SMC Calling Convention
 * Hyper-V on arm64 takes hypercalls as SMCCC calls made with `hvc #0` (Arm DEN0028
 * "SMC Calling Convention"; Linux arch/arm64/hyperv): X0 the function id, X1 the
 * hypercall input value, X2/X3 the GPAs or fast input from X2 on, the result in X0.
 * @{ */
/*! SMCCC function id of a Hyper-V hypercall: yielding call (bit 31 clear), SMC64/HVC64
 *  (bit 30), owner 6 "vendor-specific hypervisor service" (bits 29-24), function 1. */
#define HVTLFS_SMCCC_HV_HYPERCALL 0x46000001u
/*! SMCCC function id of the vendor-specific hypervisor service's Call UID query: fast
 *  call (bit 31), SMC32, owner 6, function 0xFF01; answers a UUID in W0-W3. */
#define HVTLFS_SMCCC_VENDOR_HYP_CALL_UID 0x8600FF01u
/*! What an SMCCC implementation answers in W0 for a function it does not know (-1). */
#define HVTLFS_SMCCC_NOT_SUPPORTED 0xFFFFFFFFu
/*! Hyper-V's vendor-hypervisor UID 58ba324d-6447-24cd-756c-ef8e24705916 as the Call UID
 *  query returns it: W0 (UUID bytes 0-3, little-endian). */
#define HVTLFS_SMCCC_HYPERV_UID_W0 0x4D32BA58u
/*! Hyper-V's UID, W1 (UUID bytes 4-7, little-endian). */
#define HVTLFS_SMCCC_HYPERV_UID_W1 0xCD244764u
/*! Hyper-V's UID, W2 (UUID bytes 8-11, little-endian). */
#define HVTLFS_SMCCC_HYPERV_UID_W2 0x8EEF6C75u
/*! Hyper-V's UID, W3 (UUID bytes 12-15, little-endian). */
#define HVTLFS_SMCCC_HYPERV_UID_W3 0x16597024u
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

/*! @name Virtual processor registers (HV_REGISTER_NAME)
 * @{ */

/*! Register set (hvtlfs_register_info::sets): the x64 (and x86) register names. */
#define HVTLFS_REGSET_X64 1u
/*! Register set: the arm64 register names. */
#define HVTLFS_REGSET_ARM64 2u
/*! Register set: a synthetic register with the same number and meaning on both. */
#define HVTLFS_REGSET_ALL (HVTLFS_REGSET_X64 | HVTLFS_REGSET_ARM64)

/*! Register flag (hvtlfs_register_info::flags): read-only; HvCallSetVpRegisters
 *  cannot write it (TLFS HvCallSetVpRegisters). */
#define HVTLFS_REGF_READ_ONLY 0x01u

/*! Where a row comes from (hvtlfs_register_info::source): the TLFS HV_REGISTER_NAME
 *  table (datatypes/hv_register_name.md). */
#define HVTLFS_REGSRC_TLFS 0u
/*! Where a row comes from: Linux (include/hyperv/hvgdk_mini.h), not in the TLFS table. */
#define HVTLFS_REGSRC_LINUX 1u
/*! Where a row comes from: Microsoft's OpenVMM (hvdef), not in the TLFS table; every
 *  arm64 name (the TLFS does not document arm64). */
#define HVTLFS_REGSRC_OPENVMM 2u

/*!
 * @brief The virtual processor registers the library names, sorted by number (then
 *        set): `X(NAME, number, "name", SET, width, SOURCE, ACCESS, msr)`.
 *
 * - NAME: the #hvtlfs_register_name enumerator `HVTLFS_REGISTER_<NAME>`; x64-only
 *   names start with `X64_`, arm64-only names with `ARM64_`.
 * - number: the 32-bit HV_REGISTER_NAME.
 * - SET: `ALL`, `X64` or `ARM64` (`HVTLFS_REGSET_<SET>`). Synthetic registers (the
 *   0x0000xxxx, 0x0009xxxx-0x000Dxxxx ranges) mean the same on both architectures;
 *   architectural ones do not: 0x00020000 is RAX on x64 and X0 on arm64, 0x00040002
 *   CR3 and SCTLR_EL1. An arm64 guest reaches through these calls what an x64 guest
 *   reads with CPUID and RDMSR (register 0x200 + n holds CPUID leaf 0x40000003 + n).
 * - width: the register's architectural size in bits; every HV_REGISTER_VALUE is
 *   128 bits, the bits above the width zero (TLFS datatypes/hv_register_value.md).
 * - SOURCE: `TLFS`, `LINUX` or `OPENVMM` (`HVTLFS_REGSRC_<SOURCE>`).
 * - ACCESS: `RW`, or `RO` for a read-only register (#HVTLFS_REGF_READ_ONLY).
 * - msr: the x64 synthetic MSR that holds the same register (0: none).
 *
 * The TLFS table prints 0x00040004 as "HvX64RegisterCr5"; it is CR8 (the task
 * priority register), as Microsoft's headers and OpenVMM name it.
 * @param X the macro applied to each row.
 */
/* clang-format off */
#define HVTLFS_REGISTER_LIST(X)                                                                    \
	X(EXPLICIT_SUSPEND, 0x00000000, "HvRegisterExplicitSuspend", ALL, 64, TLFS, RW, 0)         \
	X(INTERCEPT_SUSPEND, 0x00000001, "HvRegisterInterceptSuspend", ALL, 64, TLFS, RW, 0)       \
	X(HYPERVISOR_VERSION, 0x00000100, "HvRegisterHypervisorVersion", ALL, 128, TLFS, RO, 0)    \
	X(PRIVILEGES_AND_FEATURES_INFO, 0x00000200, "HvRegisterPrivilegesAndFeaturesInfo",         \
	  ALL, 128, TLFS, RO, 0)                                                                   \
	X(FEATURES_INFO, 0x00000201, "HvRegisterFeaturesInfo", ALL, 128, TLFS, RO, 0)              \
	X(IMPLEMENTATION_LIMITS_INFO, 0x00000202, "HvRegisterImplementationLimitsInfo",            \
	  ALL, 128, TLFS, RO, 0)                                                                   \
	X(HARDWARE_FEATURES_INFO, 0x00000203, "HvRegisterHardwareFeaturesInfo",                    \
	  ALL, 128, TLFS, RO, 0)                                                                   \
	X(CPU_MANAGEMENT_FEATURES_INFO, 0x00000204, "HvRegisterCpuManagementFeaturesInfo",         \
	  ALL, 128, LINUX, RO, 0)                                                                  \
	X(SKIP_LEVEL_FEATURES_INFO, 0x00000206, "HvRegisterSkipLevelFeaturesInfo",                 \
	  ALL, 128, LINUX, RO, 0)                                                                  \
	X(NESTED_VIRT_FEATURES_INFO, 0x00000207, "HvRegisterNestedVirtFeaturesInfo",               \
	  ALL, 128, LINUX, RO, 0)                                                                  \
	X(IPT_FEATURES_INFO, 0x00000208, "HvRegisterIptFeaturesInfo", ALL, 128, LINUX, RO, 0)      \
	X(ISOLATION_CONFIGURATION, 0x00000209, "HvRegisterIsolationConfiguration",                 \
	  ALL, 128, LINUX, RO, 0)                                                                  \
	X(GUEST_CRASH_P0, 0x00000210, "HvRegisterGuestCrashP0", ALL, 64, TLFS, RW, 0x40000100)     \
	X(GUEST_CRASH_P1, 0x00000211, "HvRegisterGuestCrashP1", ALL, 64, TLFS, RW, 0x40000101)     \
	X(GUEST_CRASH_P2, 0x00000212, "HvRegisterGuestCrashP2", ALL, 64, TLFS, RW, 0x40000102)     \
	X(GUEST_CRASH_P3, 0x00000213, "HvRegisterGuestCrashP3", ALL, 64, TLFS, RW, 0x40000103)     \
	X(GUEST_CRASH_P4, 0x00000214, "HvRegisterGuestCrashP4", ALL, 64, TLFS, RW, 0x40000104)     \
	X(GUEST_CRASH_CTL, 0x00000215, "HvRegisterGuestCrashCtl", ALL, 64, TLFS, RW, 0x40000105)   \
	X(PROCESSOR_CLOCK_FREQUENCY, 0x00000240, "HvRegisterProcessorClockFrequency",              \
	  ALL, 64, TLFS, RO, 0x40000022)                                                           \
	X(INTERRUPT_CLOCK_FREQUENCY, 0x00000241, "HvRegisterInterruptClockFrequency",              \
	  ALL, 64, TLFS, RO, 0x40000023)                                                           \
	X(GUEST_IDLE, 0x00000250, "HvRegisterGuestIdle", ALL, 64, TLFS, RW, 0x400000F0)            \
	X(DEBUG_DEVICE_OPTIONS, 0x00000260, "HvRegisterDebugDeviceOptions", ALL, 64, TLFS, RW, 0)  \
	X(PENDING_INTERRUPTION, 0x00010002, "HvRegisterPendingInterruption", ALL, 64, TLFS, RW, 0) \
	X(INTERRUPT_STATE, 0x00010003, "HvRegisterInterruptState", ALL, 64, TLFS, RW, 0)           \
	X(PENDING_EVENT0, 0x00010004, "HvRegisterPendingEvent0", ALL, 128, TLFS, RW, 0)            \
	X(PENDING_EVENT1, 0x00010005, "HvRegisterPendingEvent1", ALL, 128, TLFS, RW, 0)            \
	X(PENDING_EVENT2, 0x00010006, "HvRegisterPendingEvent2", ALL, 128, TLFS, RW, 0)            \
	X(PENDING_EVENT3, 0x00010007, "HvRegisterPendingEvent3", ALL, 128, TLFS, RW, 0)            \
	X(X64_RAX, 0x00020000, "HvX64RegisterRax", X64, 64, TLFS, RW, 0)                           \
	X(ARM64_X0, 0x00020000, "HvArm64RegisterX0", ARM64, 64, OPENVMM, RW, 0)                    \
	X(X64_RCX, 0x00020001, "HvX64RegisterRcx", X64, 64, TLFS, RW, 0)                           \
	X(ARM64_X1, 0x00020001, "HvArm64RegisterX1", ARM64, 64, OPENVMM, RW, 0)                    \
	X(X64_RDX, 0x00020002, "HvX64RegisterRdx", X64, 64, TLFS, RW, 0)                           \
	X(ARM64_X2, 0x00020002, "HvArm64RegisterX2", ARM64, 64, OPENVMM, RW, 0)                    \
	X(X64_RBX, 0x00020003, "HvX64RegisterRbx", X64, 64, TLFS, RW, 0)                           \
	X(ARM64_X3, 0x00020003, "HvArm64RegisterX3", ARM64, 64, OPENVMM, RW, 0)                    \
	X(X64_RSP, 0x00020004, "HvX64RegisterRsp", X64, 64, TLFS, RW, 0)                           \
	X(ARM64_X4, 0x00020004, "HvArm64RegisterX4", ARM64, 64, OPENVMM, RW, 0)                    \
	X(X64_RBP, 0x00020005, "HvX64RegisterRbp", X64, 64, TLFS, RW, 0)                           \
	X(ARM64_X5, 0x00020005, "HvArm64RegisterX5", ARM64, 64, OPENVMM, RW, 0)                    \
	X(X64_RSI, 0x00020006, "HvX64RegisterRsi", X64, 64, TLFS, RW, 0)                           \
	X(ARM64_X6, 0x00020006, "HvArm64RegisterX6", ARM64, 64, OPENVMM, RW, 0)                    \
	X(X64_RDI, 0x00020007, "HvX64RegisterRdi", X64, 64, TLFS, RW, 0)                           \
	X(ARM64_X7, 0x00020007, "HvArm64RegisterX7", ARM64, 64, OPENVMM, RW, 0)                    \
	X(X64_R8, 0x00020008, "HvX64RegisterR8", X64, 64, TLFS, RW, 0)                             \
	X(ARM64_X8, 0x00020008, "HvArm64RegisterX8", ARM64, 64, OPENVMM, RW, 0)                    \
	X(X64_R9, 0x00020009, "HvX64RegisterR9", X64, 64, TLFS, RW, 0)                             \
	X(ARM64_X9, 0x00020009, "HvArm64RegisterX9", ARM64, 64, OPENVMM, RW, 0)                    \
	X(X64_R10, 0x0002000A, "HvX64RegisterR10", X64, 64, TLFS, RW, 0)                           \
	X(ARM64_X10, 0x0002000A, "HvArm64RegisterX10", ARM64, 64, OPENVMM, RW, 0)                  \
	X(X64_R11, 0x0002000B, "HvX64RegisterR11", X64, 64, TLFS, RW, 0)                           \
	X(ARM64_X11, 0x0002000B, "HvArm64RegisterX11", ARM64, 64, OPENVMM, RW, 0)                  \
	X(X64_R12, 0x0002000C, "HvX64RegisterR12", X64, 64, TLFS, RW, 0)                           \
	X(ARM64_X12, 0x0002000C, "HvArm64RegisterX12", ARM64, 64, OPENVMM, RW, 0)                  \
	X(X64_R13, 0x0002000D, "HvX64RegisterR13", X64, 64, TLFS, RW, 0)                           \
	X(ARM64_X13, 0x0002000D, "HvArm64RegisterX13", ARM64, 64, OPENVMM, RW, 0)                  \
	X(X64_R14, 0x0002000E, "HvX64RegisterR14", X64, 64, TLFS, RW, 0)                           \
	X(ARM64_X14, 0x0002000E, "HvArm64RegisterX14", ARM64, 64, OPENVMM, RW, 0)                  \
	X(X64_R15, 0x0002000F, "HvX64RegisterR15", X64, 64, TLFS, RW, 0)                           \
	X(ARM64_X15, 0x0002000F, "HvArm64RegisterX15", ARM64, 64, OPENVMM, RW, 0)                  \
	X(X64_RIP, 0x00020010, "HvX64RegisterRip", X64, 64, TLFS, RW, 0)                           \
	X(ARM64_X16, 0x00020010, "HvArm64RegisterX16", ARM64, 64, OPENVMM, RW, 0)                  \
	X(X64_RFLAGS, 0x00020011, "HvX64RegisterRflags", X64, 64, TLFS, RW, 0)                     \
	X(ARM64_X17, 0x00020011, "HvArm64RegisterX17", ARM64, 64, OPENVMM, RW, 0)                  \
	X(ARM64_X18, 0x00020012, "HvArm64RegisterX18", ARM64, 64, OPENVMM, RW, 0)                  \
	X(ARM64_X19, 0x00020013, "HvArm64RegisterX19", ARM64, 64, OPENVMM, RW, 0)                  \
	X(ARM64_X20, 0x00020014, "HvArm64RegisterX20", ARM64, 64, OPENVMM, RW, 0)                  \
	X(ARM64_X21, 0x00020015, "HvArm64RegisterX21", ARM64, 64, OPENVMM, RW, 0)                  \
	X(ARM64_X22, 0x00020016, "HvArm64RegisterX22", ARM64, 64, OPENVMM, RW, 0)                  \
	X(ARM64_X23, 0x00020017, "HvArm64RegisterX23", ARM64, 64, OPENVMM, RW, 0)                  \
	X(ARM64_X24, 0x00020018, "HvArm64RegisterX24", ARM64, 64, OPENVMM, RW, 0)                  \
	X(ARM64_X25, 0x00020019, "HvArm64RegisterX25", ARM64, 64, OPENVMM, RW, 0)                  \
	X(ARM64_X26, 0x0002001A, "HvArm64RegisterX26", ARM64, 64, OPENVMM, RW, 0)                  \
	X(ARM64_X27, 0x0002001B, "HvArm64RegisterX27", ARM64, 64, OPENVMM, RW, 0)                  \
	X(ARM64_X28, 0x0002001C, "HvArm64RegisterX28", ARM64, 64, OPENVMM, RW, 0)                  \
	X(ARM64_FP, 0x0002001D, "HvArm64RegisterFp", ARM64, 64, OPENVMM, RW, 0)                    \
	X(ARM64_LR, 0x0002001E, "HvArm64RegisterLr", ARM64, 64, OPENVMM, RW, 0)                    \
	X(ARM64_SP, 0x0002001F, "HvArm64RegisterSp", ARM64, 64, OPENVMM, RW, 0)                    \
	X(ARM64_SP_EL0, 0x00020020, "HvArm64RegisterSpEl0", ARM64, 64, OPENVMM, RW, 0)             \
	X(ARM64_SP_ELX, 0x00020021, "HvArm64RegisterSpElx", ARM64, 64, OPENVMM, RW, 0)             \
	X(ARM64_PC, 0x00020022, "HvArm64RegisterPc", ARM64, 64, OPENVMM, RW, 0)                    \
	X(ARM64_CPSR, 0x00020023, "HvArm64RegisterCpsr", ARM64, 64, OPENVMM, RW, 0)                \
	X(ARM64_SPSR_EL2, 0x00021002, "HvArm64RegisterSpsrEl2", ARM64, 64, OPENVMM, RW, 0)         \
	X(X64_XMM0, 0x00030000, "HvX64RegisterXmm0", X64, 128, TLFS, RW, 0)                        \
	X(X64_XMM1, 0x00030001, "HvX64RegisterXmm1", X64, 128, TLFS, RW, 0)                        \
	X(X64_XMM2, 0x00030002, "HvX64RegisterXmm2", X64, 128, TLFS, RW, 0)                        \
	X(X64_XMM3, 0x00030003, "HvX64RegisterXmm3", X64, 128, TLFS, RW, 0)                        \
	X(X64_XMM4, 0x00030004, "HvX64RegisterXmm4", X64, 128, TLFS, RW, 0)                        \
	X(X64_XMM5, 0x00030005, "HvX64RegisterXmm5", X64, 128, TLFS, RW, 0)                        \
	X(X64_XMM6, 0x00030006, "HvX64RegisterXmm6", X64, 128, TLFS, RW, 0)                        \
	X(X64_XMM7, 0x00030007, "HvX64RegisterXmm7", X64, 128, TLFS, RW, 0)                        \
	X(X64_XMM8, 0x00030008, "HvX64RegisterXmm8", X64, 128, TLFS, RW, 0)                        \
	X(X64_XMM9, 0x00030009, "HvX64RegisterXmm9", X64, 128, TLFS, RW, 0)                        \
	X(X64_XMM10, 0x0003000A, "HvX64RegisterXmm10", X64, 128, TLFS, RW, 0)                      \
	X(X64_XMM11, 0x0003000B, "HvX64RegisterXmm11", X64, 128, TLFS, RW, 0)                      \
	X(X64_XMM12, 0x0003000C, "HvX64RegisterXmm12", X64, 128, TLFS, RW, 0)                      \
	X(X64_XMM13, 0x0003000D, "HvX64RegisterXmm13", X64, 128, TLFS, RW, 0)                      \
	X(X64_XMM14, 0x0003000E, "HvX64RegisterXmm14", X64, 128, TLFS, RW, 0)                      \
	X(X64_XMM15, 0x0003000F, "HvX64RegisterXmm15", X64, 128, TLFS, RW, 0)                      \
	X(X64_FP_MMX0, 0x00030010, "HvX64RegisterFpMmx0", X64, 128, TLFS, RW, 0)                   \
	X(X64_FP_MMX1, 0x00030011, "HvX64RegisterFpMmx1", X64, 128, TLFS, RW, 0)                   \
	X(X64_FP_MMX2, 0x00030012, "HvX64RegisterFpMmx2", X64, 128, TLFS, RW, 0)                   \
	X(X64_FP_MMX3, 0x00030013, "HvX64RegisterFpMmx3", X64, 128, TLFS, RW, 0)                   \
	X(X64_FP_MMX4, 0x00030014, "HvX64RegisterFpMmx4", X64, 128, TLFS, RW, 0)                   \
	X(X64_FP_MMX5, 0x00030015, "HvX64RegisterFpMmx5", X64, 128, TLFS, RW, 0)                   \
	X(X64_FP_MMX6, 0x00030016, "HvX64RegisterFpMmx6", X64, 128, TLFS, RW, 0)                   \
	X(X64_FP_MMX7, 0x00030017, "HvX64RegisterFpMmx7", X64, 128, TLFS, RW, 0)                   \
	X(X64_FP_CONTROL_STATUS, 0x00030018, "HvX64RegisterFpControlStatus",                       \
	  X64, 128, TLFS, RW, 0)                                                                   \
	X(X64_XMM_CONTROL_STATUS, 0x00030019, "HvX64RegisterXmmControlStatus",                     \
	  X64, 128, TLFS, RW, 0)                                                                   \
	X(X64_CR0, 0x00040000, "HvX64RegisterCr0", X64, 64, TLFS, RW, 0)                           \
	X(X64_CR2, 0x00040001, "HvX64RegisterCr2", X64, 64, TLFS, RW, 0)                           \
	X(X64_CR3, 0x00040002, "HvX64RegisterCr3", X64, 64, TLFS, RW, 0)                           \
	X(ARM64_SCTLR_EL1, 0x00040002, "HvArm64RegisterSctlrEl1", ARM64, 64, OPENVMM, RW, 0)       \
	X(X64_CR4, 0x00040003, "HvX64RegisterCr4", X64, 64, TLFS, RW, 0)                           \
	X(X64_CR8, 0x00040004, "HvX64RegisterCr8", X64, 64, TLFS, RW, 0)                           \
	X(X64_XFEM, 0x00040005, "HvX64RegisterXfem", X64, 64, TLFS, RW, 0)                         \
	X(ARM64_TTBR0_EL1, 0x00040005, "HvArm64RegisterTtbr0El1", ARM64, 64, OPENVMM, RW, 0)       \
	X(ARM64_TTBR1_EL1, 0x00040006, "HvArm64RegisterTtbr1El1", ARM64, 64, OPENVMM, RW, 0)       \
	X(ARM64_TCR_EL1, 0x00040007, "HvArm64RegisterTcrEl1", ARM64, 64, OPENVMM, RW, 0)           \
	X(ARM64_ESR_EL1, 0x00040008, "HvArm64RegisterEsrEl1", ARM64, 64, OPENVMM, RW, 0)           \
	X(ARM64_FAR_EL1, 0x00040009, "HvArm64RegisterFarEl1", ARM64, 64, OPENVMM, RW, 0)           \
	X(ARM64_MAIR_EL1, 0x0004000B, "HvArm64RegisterMairEl1", ARM64, 64, OPENVMM, RW, 0)         \
	X(ARM64_VBAR_EL1, 0x0004000C, "HvArm64RegisterVbarEl1", ARM64, 64, OPENVMM, RW, 0)         \
	X(ARM64_ELR_EL1, 0x00040015, "HvArm64RegisterElrEl1", ARM64, 64, OPENVMM, RW, 0)           \
	X(X64_INTERMEDIATE_CR0, 0x00041000, "HvX64RegisterIntermediateCr0", X64, 64, TLFS, RW, 0)  \
	X(X64_INTERMEDIATE_CR4, 0x00041003, "HvX64RegisterIntermediateCr4", X64, 64, TLFS, RW, 0)  \
	X(X64_INTERMEDIATE_CR8, 0x00041004, "HvX64RegisterIntermediateCr8", X64, 64, TLFS, RW, 0)  \
	X(X64_DR0, 0x00050000, "HvX64RegisterDr0", X64, 64, TLFS, RW, 0)                           \
	X(X64_DR1, 0x00050001, "HvX64RegisterDr1", X64, 64, TLFS, RW, 0)                           \
	X(X64_DR2, 0x00050002, "HvX64RegisterDr2", X64, 64, TLFS, RW, 0)                           \
	X(X64_DR3, 0x00050003, "HvX64RegisterDr3", X64, 64, TLFS, RW, 0)                           \
	X(X64_DR6, 0x00050004, "HvX64RegisterDr6", X64, 64, TLFS, RW, 0)                           \
	X(X64_DR7, 0x00050005, "HvX64RegisterDr7", X64, 64, TLFS, RW, 0)                           \
	X(X64_ES, 0x00060000, "HvX64RegisterEs", X64, 128, TLFS, RW, 0)                            \
	X(X64_CS, 0x00060001, "HvX64RegisterCs", X64, 128, TLFS, RW, 0)                            \
	X(X64_SS, 0x00060002, "HvX64RegisterSs", X64, 128, TLFS, RW, 0)                            \
	X(X64_DS, 0x00060003, "HvX64RegisterDs", X64, 128, TLFS, RW, 0)                            \
	X(X64_FS, 0x00060004, "HvX64RegisterFs", X64, 128, TLFS, RW, 0)                            \
	X(X64_GS, 0x00060005, "HvX64RegisterGs", X64, 128, TLFS, RW, 0)                            \
	X(X64_LDTR, 0x00060006, "HvX64RegisterLdtr", X64, 128, TLFS, RW, 0)                        \
	X(X64_TR, 0x00060007, "HvX64RegisterTr", X64, 128, TLFS, RW, 0)                            \
	X(ARM64_GICR_BASE_GPA, 0x00063000, "HvArm64RegisterGicrBaseGpa",                           \
	  ARM64, 64, OPENVMM, RW, 0)                                                               \
	X(X64_IDTR, 0x00070000, "HvX64RegisterIdtr", X64, 128, TLFS, RW, 0)                        \
	X(X64_GDTR, 0x00070001, "HvX64RegisterGdtr", X64, 128, TLFS, RW, 0)                        \
	X(X64_TSC, 0x00080000, "HvX64RegisterTsc", X64, 64, TLFS, RW, 0)                           \
	X(X64_EFER, 0x00080001, "HvX64RegisterEfer", X64, 64, TLFS, RW, 0)                         \
	X(X64_KERNEL_GS_BASE, 0x00080002, "HvX64RegisterKernelGsBase", X64, 64, TLFS, RW, 0)       \
	X(X64_APIC_BASE, 0x00080003, "HvX64RegisterApicBase", X64, 64, TLFS, RW, 0)                \
	X(X64_PAT, 0x00080004, "HvX64RegisterPat", X64, 64, TLFS, RW, 0)                           \
	X(X64_SYSENTER_CS, 0x00080005, "HvX64RegisterSysenterCs", X64, 64, TLFS, RW, 0)            \
	X(X64_SYSENTER_RIP, 0x00080006, "HvX64RegisterSysenterRip", X64, 64, TLFS, RW, 0)          \
	X(X64_SYSENTER_RSP, 0x00080007, "HvX64RegisterSysenterRsp", X64, 64, TLFS, RW, 0)          \
	X(X64_STAR, 0x00080008, "HvX64RegisterStar", X64, 64, TLFS, RW, 0)                         \
	X(X64_LSTAR, 0x00080009, "HvX64RegisterLstar", X64, 64, TLFS, RW, 0)                       \
	X(X64_CSTAR, 0x0008000A, "HvX64RegisterCstar", X64, 64, TLFS, RW, 0)                       \
	X(X64_SFMASK, 0x0008000B, "HvX64RegisterSfmask", X64, 64, TLFS, RW, 0)                     \
	X(X64_INITIAL_APIC_ID, 0x0008000C, "HvX64RegisterInitialApicId", X64, 64, TLFS, RW, 0)     \
	X(X64_MTRR_CAP, 0x0008000D, "HvX64RegisterMtrrCap", X64, 64, TLFS, RO, 0)                  \
	X(X64_MTRR_DEF_TYPE, 0x0008000E, "HvX64RegisterMtrrDefType", X64, 64, TLFS, RW, 0)         \
	X(X64_MTRR_PHYS_BASE0, 0x00080010, "HvX64RegisterMtrrPhysBase0", X64, 64, TLFS, RW, 0)     \
	X(X64_MTRR_PHYS_BASE1, 0x00080011, "HvX64RegisterMtrrPhysBase1", X64, 64, TLFS, RW, 0)     \
	X(X64_MTRR_PHYS_BASE2, 0x00080012, "HvX64RegisterMtrrPhysBase2", X64, 64, TLFS, RW, 0)     \
	X(X64_MTRR_PHYS_BASE3, 0x00080013, "HvX64RegisterMtrrPhysBase3", X64, 64, TLFS, RW, 0)     \
	X(X64_MTRR_PHYS_BASE4, 0x00080014, "HvX64RegisterMtrrPhysBase4", X64, 64, TLFS, RW, 0)     \
	X(X64_MTRR_PHYS_BASE5, 0x00080015, "HvX64RegisterMtrrPhysBase5", X64, 64, TLFS, RW, 0)     \
	X(X64_MTRR_PHYS_BASE6, 0x00080016, "HvX64RegisterMtrrPhysBase6", X64, 64, TLFS, RW, 0)     \
	X(X64_MTRR_PHYS_BASE7, 0x00080017, "HvX64RegisterMtrrPhysBase7", X64, 64, TLFS, RW, 0)     \
	X(X64_MTRR_PHYS_BASE8, 0x00080018, "HvX64RegisterMtrrPhysBase8", X64, 64, TLFS, RW, 0)     \
	X(X64_MTRR_PHYS_BASE9, 0x00080019, "HvX64RegisterMtrrPhysBase9", X64, 64, TLFS, RW, 0)     \
	X(X64_MTRR_PHYS_BASEA, 0x0008001A, "HvX64RegisterMtrrPhysBaseA", X64, 64, TLFS, RW, 0)     \
	X(X64_MTRR_PHYS_BASEB, 0x0008001B, "HvX64RegisterMtrrPhysBaseB", X64, 64, TLFS, RW, 0)     \
	X(X64_MTRR_PHYS_BASEC, 0x0008001C, "HvX64RegisterMtrrPhysBaseC", X64, 64, TLFS, RW, 0)     \
	X(X64_MTRR_PHYS_BASED, 0x0008001D, "HvX64RegisterMtrrPhysBaseD", X64, 64, TLFS, RW, 0)     \
	X(X64_MTRR_PHYS_BASEE, 0x0008001E, "HvX64RegisterMtrrPhysBaseE", X64, 64, TLFS, RW, 0)     \
	X(X64_MTRR_PHYS_BASEF, 0x0008001F, "HvX64RegisterMtrrPhysBaseF", X64, 64, TLFS, RW, 0)     \
	X(X64_MTRR_PHYS_MASK0, 0x00080040, "HvX64RegisterMtrrPhysMask0", X64, 64, TLFS, RW, 0)     \
	X(X64_MTRR_PHYS_MASK1, 0x00080041, "HvX64RegisterMtrrPhysMask1", X64, 64, TLFS, RW, 0)     \
	X(X64_MTRR_PHYS_MASK2, 0x00080042, "HvX64RegisterMtrrPhysMask2", X64, 64, TLFS, RW, 0)     \
	X(X64_MTRR_PHYS_MASK3, 0x00080043, "HvX64RegisterMtrrPhysMask3", X64, 64, TLFS, RW, 0)     \
	X(X64_MTRR_PHYS_MASK4, 0x00080044, "HvX64RegisterMtrrPhysMask4", X64, 64, TLFS, RW, 0)     \
	X(X64_MTRR_PHYS_MASK5, 0x00080045, "HvX64RegisterMtrrPhysMask5", X64, 64, TLFS, RW, 0)     \
	X(X64_MTRR_PHYS_MASK6, 0x00080046, "HvX64RegisterMtrrPhysMask6", X64, 64, TLFS, RW, 0)     \
	X(X64_MTRR_PHYS_MASK7, 0x00080047, "HvX64RegisterMtrrPhysMask7", X64, 64, TLFS, RW, 0)     \
	X(X64_MTRR_PHYS_MASK8, 0x00080048, "HvX64RegisterMtrrPhysMask8", X64, 64, TLFS, RW, 0)     \
	X(X64_MTRR_PHYS_MASK9, 0x00080049, "HvX64RegisterMtrrPhysMask9", X64, 64, TLFS, RW, 0)     \
	X(X64_MTRR_PHYS_MASKA, 0x0008004A, "HvX64RegisterMtrrPhysMaskA", X64, 64, TLFS, RW, 0)     \
	X(X64_MTRR_PHYS_MASKB, 0x0008004B, "HvX64RegisterMtrrPhysMaskB", X64, 64, TLFS, RW, 0)     \
	X(X64_MTRR_PHYS_MASKC, 0x0008004C, "HvX64RegisterMtrrPhysMaskC", X64, 64, TLFS, RW, 0)     \
	X(X64_MTRR_PHYS_MASKD, 0x0008004D, "HvX64RegisterMtrrPhysMaskD", X64, 64, TLFS, RW, 0)     \
	X(X64_MTRR_PHYS_MASKE, 0x0008004E, "HvX64RegisterMtrrPhysMaskE", X64, 64, TLFS, RW, 0)     \
	X(X64_MTRR_PHYS_MASKF, 0x0008004F, "HvX64RegisterMtrrPhysMaskF", X64, 64, TLFS, RW, 0)     \
	X(X64_MTRR_FIX64K00000, 0x00080070, "HvX64RegisterMtrrFix64k00000", X64, 64, TLFS, RW, 0)  \
	X(X64_MTRR_FIX16K80000, 0x00080071, "HvX64RegisterMtrrFix16k80000", X64, 64, TLFS, RW, 0)  \
	X(X64_MTRR_FIX16KA0000, 0x00080072, "HvX64RegisterMtrrFix16kA0000", X64, 64, TLFS, RW, 0)  \
	X(X64_MTRR_FIX4KC0000, 0x00080073, "HvX64RegisterMtrrFix4kC0000", X64, 64, TLFS, RW, 0)    \
	X(X64_MTRR_FIX4KC8000, 0x00080074, "HvX64RegisterMtrrFix4kC8000", X64, 64, TLFS, RW, 0)    \
	X(X64_MTRR_FIX4KD0000, 0x00080075, "HvX64RegisterMtrrFix4kD0000", X64, 64, TLFS, RW, 0)    \
	X(X64_MTRR_FIX4KD8000, 0x00080076, "HvX64RegisterMtrrFix4kD8000", X64, 64, TLFS, RW, 0)    \
	X(X64_MTRR_FIX4KE0000, 0x00080077, "HvX64RegisterMtrrFix4kE0000", X64, 64, TLFS, RW, 0)    \
	X(X64_MTRR_FIX4KE8000, 0x00080078, "HvX64RegisterMtrrFix4kE8000", X64, 64, TLFS, RW, 0)    \
	X(X64_MTRR_FIX4KF0000, 0x00080079, "HvX64RegisterMtrrFix4kF0000", X64, 64, TLFS, RW, 0)    \
	X(X64_MTRR_FIX4KF8000, 0x0008007A, "HvX64RegisterMtrrFix4kF8000", X64, 64, TLFS, RW, 0)    \
	X(X64_TSC_AUX, 0x0008007B, "HvX64RegisterTscAux", X64, 64, TLFS, RW, 0)                    \
	X(X64_BNDCFGS, 0x0008007C, "HvX64RegisterBndcfgs", X64, 64, TLFS, RW, 0)                   \
	X(X64_DEBUG_CTL, 0x0008007D, "HvX64RegisterDebugCtl", X64, 64, TLFS, RW, 0)                \
	X(X64_SGX_LAUNCH_CONTROL0, 0x00080080, "HvX64RegisterSgxLaunchControl0",                   \
	  X64, 64, TLFS, RW, 0)                                                                    \
	X(X64_SGX_LAUNCH_CONTROL1, 0x00080081, "HvX64RegisterSgxLaunchControl1",                   \
	  X64, 64, TLFS, RW, 0)                                                                    \
	X(X64_SGX_LAUNCH_CONTROL2, 0x00080082, "HvX64RegisterSgxLaunchControl2",                   \
	  X64, 64, TLFS, RW, 0)                                                                    \
	X(X64_SGX_LAUNCH_CONTROL3, 0x00080083, "HvX64RegisterSgxLaunchControl3",                   \
	  X64, 64, TLFS, RW, 0)                                                                    \
	X(X64_MSR_IA32_MISC_ENABLE, 0x000800A0, "HvX64RegisterMsrIa32MiscEnable",                  \
	  X64, 64, TLFS, RW, 0)                                                                    \
	X(X64_IA32_FEATURE_CONTROL, 0x000800A1, "HvX64RegisterIa32FeatureControl",                 \
	  X64, 64, TLFS, RW, 0)                                                                    \
	X(X64_VP_RUNTIME, 0x00090000, "HvX64RegisterVpRuntime", X64, 64, TLFS, RO, 0x40000010)     \
	X(X64_HYPERCALL, 0x00090001, "HvX64RegisterHypercall", X64, 64, TLFS, RW, 0x40000001)      \
	X(GUEST_OS_ID, 0x00090002, "HvRegisterGuestOsId", ALL, 64, TLFS, RW, 0x40000000)           \
	X(VP_INDEX, 0x00090003, "HvRegisterVpIndex", ALL, 32, TLFS, RO, 0x40000002)                \
	X(TIME_REF_COUNT, 0x00090004, "HvRegisterTimeRefCount", ALL, 64, TLFS, RO, 0x40000020)     \
	X(X64_EOI, 0x00090010, "HvX64RegisterEoi", X64, 64, TLFS, RW, 0x40000070)                  \
	X(X64_ICR, 0x00090011, "HvX64RegisterIcr", X64, 64, TLFS, RW, 0x40000071)                  \
	X(X64_TPR, 0x00090012, "HvX64RegisterTpr", X64, 64, TLFS, RW, 0x40000072)                  \
	X(VP_ASSIST_PAGE, 0x00090013, "HvRegisterVpAssistPage", ALL, 64, TLFS, RW, 0x40000073)     \
	X(REFERENCE_TSC, 0x00090017, "HvRegisterReferenceTsc", ALL, 64, TLFS, RW, 0x40000021)      \
	X(REFERENCE_TSC_SEQUENCE, 0x0009001A, "HvRegisterReferenceTscSequence",                    \
	  ALL, 64, TLFS, RW, 0)                                                                    \
	X(SINT0, 0x000A0000, "HvRegisterSint0", ALL, 64, TLFS, RW, 0x40000090)                     \
	X(SINT1, 0x000A0001, "HvRegisterSint1", ALL, 64, TLFS, RW, 0x40000091)                     \
	X(SINT2, 0x000A0002, "HvRegisterSint2", ALL, 64, TLFS, RW, 0x40000092)                     \
	X(SINT3, 0x000A0003, "HvRegisterSint3", ALL, 64, TLFS, RW, 0x40000093)                     \
	X(SINT4, 0x000A0004, "HvRegisterSint4", ALL, 64, TLFS, RW, 0x40000094)                     \
	X(SINT5, 0x000A0005, "HvRegisterSint5", ALL, 64, TLFS, RW, 0x40000095)                     \
	X(SINT6, 0x000A0006, "HvRegisterSint6", ALL, 64, TLFS, RW, 0x40000096)                     \
	X(SINT7, 0x000A0007, "HvRegisterSint7", ALL, 64, TLFS, RW, 0x40000097)                     \
	X(SINT8, 0x000A0008, "HvRegisterSint8", ALL, 64, TLFS, RW, 0x40000098)                     \
	X(SINT9, 0x000A0009, "HvRegisterSint9", ALL, 64, TLFS, RW, 0x40000099)                     \
	X(SINT10, 0x000A000A, "HvRegisterSint10", ALL, 64, TLFS, RW, 0x4000009A)                   \
	X(SINT11, 0x000A000B, "HvRegisterSint11", ALL, 64, TLFS, RW, 0x4000009B)                   \
	X(SINT12, 0x000A000C, "HvRegisterSint12", ALL, 64, TLFS, RW, 0x4000009C)                   \
	X(SINT13, 0x000A000D, "HvRegisterSint13", ALL, 64, TLFS, RW, 0x4000009D)                   \
	X(SINT14, 0x000A000E, "HvRegisterSint14", ALL, 64, TLFS, RW, 0x4000009E)                   \
	X(SINT15, 0x000A000F, "HvRegisterSint15", ALL, 64, TLFS, RW, 0x4000009F)                   \
	X(SCONTROL, 0x000A0010, "HvRegisterScontrol", ALL, 64, TLFS, RW, 0x40000080)               \
	X(SVERSION, 0x000A0011, "HvRegisterSversion", ALL, 64, TLFS, RO, 0x40000081)               \
	X(SIFP, 0x000A0012, "HvRegisterSifp", ALL, 64, TLFS, RW, 0x40000082)                       \
	X(SIPP, 0x000A0013, "HvRegisterSipp", ALL, 64, TLFS, RW, 0x40000083)                       \
	X(EOM, 0x000A0014, "HvRegisterEom", ALL, 64, TLFS, RW, 0x40000084)                         \
	X(SIRBP, 0x000A0015, "HvRegisterSirbp", ALL, 64, TLFS, RW, 0x40000085)                     \
	X(STIMER0_CONFIG, 0x000B0000, "HvRegisterStimer0Config", ALL, 64, TLFS, RW, 0x400000B0)    \
	X(STIMER0_COUNT, 0x000B0001, "HvRegisterStimer0Count", ALL, 64, TLFS, RW, 0x400000B1)      \
	X(STIMER1_CONFIG, 0x000B0002, "HvRegisterStimer1Config", ALL, 64, TLFS, RW, 0x400000B2)    \
	X(STIMER1_COUNT, 0x000B0003, "HvRegisterStimer1Count", ALL, 64, TLFS, RW, 0x400000B3)      \
	X(STIMER2_CONFIG, 0x000B0004, "HvRegisterStimer2Config", ALL, 64, TLFS, RW, 0x400000B4)    \
	X(STIMER2_COUNT, 0x000B0005, "HvRegisterStimer2Count", ALL, 64, TLFS, RW, 0x400000B5)      \
	X(STIMER3_CONFIG, 0x000B0006, "HvRegisterStimer3Config", ALL, 64, TLFS, RW, 0x400000B6)    \
	X(STIMER3_COUNT, 0x000B0007, "HvRegisterStimer3Count", ALL, 64, TLFS, RW, 0x400000B7)      \
	X(STIME_UNHALTED_TIMER_CONFIG, 0x000B0100, "HvRegisterStimeUnhaltedTimerConfig",           \
	  ALL, 64, TLFS, RW, 0x40000114)                                                           \
	X(STIME_UNHALTED_TIMER_COUNT, 0x000B0101, "HvRegisterStimeUnhaltedTimerCount",             \
	  ALL, 64, TLFS, RW, 0x40000115)                                                           \
	X(X64_YMM0_LOW, 0x000C0000, "HvX64RegisterYmm0Low", X64, 128, TLFS, RW, 0)                 \
	X(X64_YMM1_LOW, 0x000C0001, "HvX64RegisterYmm1Low", X64, 128, TLFS, RW, 0)                 \
	X(X64_YMM2_LOW, 0x000C0002, "HvX64RegisterYmm2Low", X64, 128, TLFS, RW, 0)                 \
	X(X64_YMM3_LOW, 0x000C0003, "HvX64RegisterYmm3Low", X64, 128, TLFS, RW, 0)                 \
	X(X64_YMM4_LOW, 0x000C0004, "HvX64RegisterYmm4Low", X64, 128, TLFS, RW, 0)                 \
	X(X64_YMM5_LOW, 0x000C0005, "HvX64RegisterYmm5Low", X64, 128, TLFS, RW, 0)                 \
	X(X64_YMM6_LOW, 0x000C0006, "HvX64RegisterYmm6Low", X64, 128, TLFS, RW, 0)                 \
	X(X64_YMM7_LOW, 0x000C0007, "HvX64RegisterYmm7Low", X64, 128, TLFS, RW, 0)                 \
	X(X64_YMM8_LOW, 0x000C0008, "HvX64RegisterYmm8Low", X64, 128, TLFS, RW, 0)                 \
	X(X64_YMM9_LOW, 0x000C0009, "HvX64RegisterYmm9Low", X64, 128, TLFS, RW, 0)                 \
	X(X64_YMM10_LOW, 0x000C000A, "HvX64RegisterYmm10Low", X64, 128, TLFS, RW, 0)               \
	X(X64_YMM11_LOW, 0x000C000B, "HvX64RegisterYmm11Low", X64, 128, TLFS, RW, 0)               \
	X(X64_YMM12_LOW, 0x000C000C, "HvX64RegisterYmm12Low", X64, 128, TLFS, RW, 0)               \
	X(X64_YMM13_LOW, 0x000C000D, "HvX64RegisterYmm13Low", X64, 128, TLFS, RW, 0)               \
	X(X64_YMM14_LOW, 0x000C000E, "HvX64RegisterYmm14Low", X64, 128, TLFS, RW, 0)               \
	X(X64_YMM15_LOW, 0x000C000F, "HvX64RegisterYmm15Low", X64, 128, TLFS, RW, 0)               \
	X(X64_YMM0_HIGH, 0x000C0010, "HvX64RegisterYmm0High", X64, 128, TLFS, RW, 0)               \
	X(X64_YMM1_HIGH, 0x000C0011, "HvX64RegisterYmm1High", X64, 128, TLFS, RW, 0)               \
	X(X64_YMM2_HIGH, 0x000C0012, "HvX64RegisterYmm2High", X64, 128, TLFS, RW, 0)               \
	X(X64_YMM3_HIGH, 0x000C0013, "HvX64RegisterYmm3High", X64, 128, TLFS, RW, 0)               \
	X(X64_YMM4_HIGH, 0x000C0014, "HvX64RegisterYmm4High", X64, 128, TLFS, RW, 0)               \
	X(X64_YMM5_HIGH, 0x000C0015, "HvX64RegisterYmm5High", X64, 128, TLFS, RW, 0)               \
	X(X64_YMM6_HIGH, 0x000C0016, "HvX64RegisterYmm6High", X64, 128, TLFS, RW, 0)               \
	X(X64_YMM7_HIGH, 0x000C0017, "HvX64RegisterYmm7High", X64, 128, TLFS, RW, 0)               \
	X(X64_YMM8_HIGH, 0x000C0018, "HvX64RegisterYmm8High", X64, 128, TLFS, RW, 0)               \
	X(X64_YMM9_HIGH, 0x000C0019, "HvX64RegisterYmm9High", X64, 128, TLFS, RW, 0)               \
	X(X64_YMM10_HIGH, 0x000C001A, "HvX64RegisterYmm10High", X64, 128, TLFS, RW, 0)             \
	X(X64_YMM11_HIGH, 0x000C001B, "HvX64RegisterYmm11High", X64, 128, TLFS, RW, 0)             \
	X(X64_YMM12_HIGH, 0x000C001C, "HvX64RegisterYmm12High", X64, 128, TLFS, RW, 0)             \
	X(X64_YMM13_HIGH, 0x000C001D, "HvX64RegisterYmm13High", X64, 128, TLFS, RW, 0)             \
	X(X64_YMM14_HIGH, 0x000C001E, "HvX64RegisterYmm14High", X64, 128, TLFS, RW, 0)             \
	X(X64_YMM15_HIGH, 0x000C001F, "HvX64RegisterYmm15High", X64, 128, TLFS, RW, 0)             \
	X(VSM_CODE_PAGE_OFFSETS, 0x000D0002, "HvRegisterVsmCodePageOffsets", ALL, 64, TLFS, RO, 0) \
	X(VSM_VP_STATUS, 0x000D0003, "HvRegisterVsmVpStatus", ALL, 64, TLFS, RO, 0)                \
	X(VSM_PARTITION_STATUS, 0x000D0004, "HvRegisterVsmPartitionStatus", ALL, 64, TLFS, RO, 0)  \
	X(VSM_VINA, 0x000D0005, "HvRegisterVsmVina", ALL, 64, TLFS, RW, 0)                         \
	X(VSM_CAPABILITIES, 0x000D0006, "HvRegisterVsmCapabilities", ALL, 64, TLFS, RO, 0)         \
	X(VSM_PARTITION_CONFIG, 0x000D0007, "HvRegisterVsmPartitionConfig", ALL, 64, TLFS, RW, 0)  \
	X(GUEST_VSM_PARTITION_CONFIG, 0x000D0008, "HvRegisterGuestVsmPartitionConfig",             \
	  ALL, 64, OPENVMM, RW, 0)                                                                 \
	X(VSM_VP_SECURE_CONFIG_VTL0, 0x000D0010, "HvRegisterVsmVpSecureConfigVtl0",                \
	  ALL, 64, TLFS, RW, 0)                                                                    \
	X(VSM_VP_SECURE_CONFIG_VTL1, 0x000D0011, "HvRegisterVsmVpSecureConfigVtl1",                \
	  ALL, 64, TLFS, RW, 0)                                                                    \
	X(VSM_VP_SECURE_CONFIG_VTL2, 0x000D0012, "HvRegisterVsmVpSecureConfigVtl2",                \
	  ALL, 64, TLFS, RW, 0)                                                                    \
	X(VSM_VP_SECURE_CONFIG_VTL3, 0x000D0013, "HvRegisterVsmVpSecureConfigVtl3",                \
	  ALL, 64, TLFS, RW, 0)                                                                    \
	X(VSM_VP_SECURE_CONFIG_VTL4, 0x000D0014, "HvRegisterVsmVpSecureConfigVtl4",                \
	  ALL, 64, TLFS, RW, 0)                                                                    \
	X(VSM_VP_SECURE_CONFIG_VTL5, 0x000D0015, "HvRegisterVsmVpSecureConfigVtl5",                \
	  ALL, 64, TLFS, RW, 0)                                                                    \
	X(VSM_VP_SECURE_CONFIG_VTL6, 0x000D0016, "HvRegisterVsmVpSecureConfigVtl6",                \
	  ALL, 64, TLFS, RW, 0)                                                                    \
	X(VSM_VP_SECURE_CONFIG_VTL7, 0x000D0017, "HvRegisterVsmVpSecureConfigVtl7",                \
	  ALL, 64, TLFS, RW, 0)                                                                    \
	X(VSM_VP_SECURE_CONFIG_VTL8, 0x000D0018, "HvRegisterVsmVpSecureConfigVtl8",                \
	  ALL, 64, TLFS, RW, 0)                                                                    \
	X(VSM_VP_SECURE_CONFIG_VTL9, 0x000D0019, "HvRegisterVsmVpSecureConfigVtl9",                \
	  ALL, 64, TLFS, RW, 0)                                                                    \
	X(VSM_VP_SECURE_CONFIG_VTL10, 0x000D001A, "HvRegisterVsmVpSecureConfigVtl10",              \
	  ALL, 64, TLFS, RW, 0)                                                                    \
	X(VSM_VP_SECURE_CONFIG_VTL11, 0x000D001B, "HvRegisterVsmVpSecureConfigVtl11",              \
	  ALL, 64, TLFS, RW, 0)                                                                    \
	X(VSM_VP_SECURE_CONFIG_VTL12, 0x000D001C, "HvRegisterVsmVpSecureConfigVtl12",              \
	  ALL, 64, TLFS, RW, 0)                                                                    \
	X(VSM_VP_SECURE_CONFIG_VTL13, 0x000D001D, "HvRegisterVsmVpSecureConfigVtl13",              \
	  ALL, 64, TLFS, RW, 0)                                                                    \
	X(VSM_VP_SECURE_CONFIG_VTL14, 0x000D001E, "HvRegisterVsmVpSecureConfigVtl14",              \
	  ALL, 64, TLFS, RW, 0)                                                                    \
	X(VSM_VP_WAIT_FOR_TLB_LOCK, 0x000D0020, "HvRegisterVsmVpWaitForTlbLock",                   \
	  ALL, 64, TLFS, RW, 0)
/* clang-format on */

/*! @brief One row of #HVTLFS_REGISTER_LIST as its #hvtlfs_register_name enumerator. */
#define HVTLFS_REGISTER_ENUM_(name, number, tlfs_name, set, width, source, access, msr)            \
	HVTLFS_REGISTER_##name = number, /*!< A row of #HVTLFS_REGISTER_LIST. */

/*! @brief Register names: `HVTLFS_REGISTER_<NAME>` for every row of
 *         #HVTLFS_REGISTER_LIST (the x64 and arm64 architectural names share numbers). */
enum hvtlfs_register_name {
	HVTLFS_REGISTER_LIST(HVTLFS_REGISTER_ENUM_)
	/*! Linux's name of `HVTLFS_REGISTER_SIFP` (the SynIC event flags page). */
	HVTLFS_REGISTER_SIEFP = HVTLFS_REGISTER_SIFP,
	/*! Linux's name of `HVTLFS_REGISTER_SIPP` (the SynIC message page). */
	HVTLFS_REGISTER_SIMP = HVTLFS_REGISTER_SIPP
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
	X(EBX, 16, ACCESS_VSM, access_vsm)                                                         \
	X(EBX, 17, ACCESS_VP_REGISTERS, access_vp_registers)                                       \
	X(EBX, 21, START_VIRTUAL_PROCESSOR, start_virtual_processor)                               \
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
