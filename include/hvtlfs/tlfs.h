/* SPDX-License-Identifier: BSD-2-Clause */
/*!
 * @file tlfs.h
 * @brief Constants of the Hyper-V Top Level Functional Specification: hypercall
 *        codes, status codes, flush flags, generic set formats, CPUID leaves and
 *        bits, synthetic MSRs.
 */
#ifndef HVTLFS_TLFS_H
#define HVTLFS_TLFS_H

#include "hvtlfs/env.h"

/*!
 * @defgroup tlfs TLFS constants
 * @brief Exact values from the TLFS.
 * @{
 */

/*! @name Hypercall call codes
 * @{ */
#define HVTLFS_CALL_SWITCH_VIRTUAL_ADDRESS_SPACE   0x0001u /*!< HvSwitchVirtualAddressSpace */
#define HVTLFS_CALL_FLUSH_VIRTUAL_ADDRESS_SPACE	   0x0002u /*!< HvFlushVirtualAddressSpace */
#define HVTLFS_CALL_FLUSH_VIRTUAL_ADDRESS_LIST	   0x0003u /*!< HvFlushVirtualAddressList (rep) */
#define HVTLFS_CALL_NOTIFY_LONG_SPIN_WAIT	   0x0008u /*!< HvNotifyLongSpinWait */
#define HVTLFS_CALL_SEND_SYNTHETIC_CLUSTER_IPI	   0x000Bu /*!< HvSendSyntheticClusterIpi */
#define HVTLFS_CALL_MODIFY_VTL_PROTECTION_MASK	   0x000Cu /*!< HvModifyVtlProtectionMask (rep) */
#define HVTLFS_CALL_ENABLE_PARTITION_VTL	   0x000Du /*!< HvEnablePartitionVtl */
#define HVTLFS_CALL_DISABLE_PARTITION_VTL	   0x000Eu /*!< HvDisablePartitionVtl */
#define HVTLFS_CALL_ENABLE_VP_VTL		   0x000Fu /*!< HvEnableVpVtl */
#define HVTLFS_CALL_DISABLE_VP_VTL		   0x0010u /*!< HvDisableVpVtl */
#define HVTLFS_CALL_VTL_CALL			   0x0011u /*!< HvVtlCall */
#define HVTLFS_CALL_VTL_RETURN			   0x0012u /*!< HvVtlReturn */
#define HVTLFS_CALL_FLUSH_VIRTUAL_ADDRESS_SPACE_EX 0x0013u /*!< HvFlushVirtualAddressSpaceEx */
#define HVTLFS_CALL_FLUSH_VIRTUAL_ADDRESS_LIST_EX  0x0014u /*!< HvFlushVirtualAddressListEx (rep) */
#define HVTLFS_CALL_SEND_SYNTHETIC_CLUSTER_IPI_EX  0x0015u /*!< HvSendSyntheticClusterIpiEx */
#define HVTLFS_CALL_GET_VP_REGISTERS		   0x0050u /*!< HvGetVpRegisters (rep) */
#define HVTLFS_CALL_SET_VP_REGISTERS		   0x0051u /*!< HvSetVpRegisters (rep) */
#define HVTLFS_CALL_POST_MESSAGE		   0x005Cu /*!< HvPostMessage */
#define HVTLFS_CALL_SIGNAL_EVENT		   0x005Du /*!< HvSignalEvent */
#define HVTLFS_CALL_POST_DEBUG_DATA		   0x0069u /*!< HvPostDebugData */
#define HVTLFS_CALL_RETRIEVE_DEBUG_DATA		   0x006Au /*!< HvRetrieveDebugData */
#define HVTLFS_CALL_RESET_DEBUG_SESSION		   0x006Bu /*!< HvResetDebugSession */
#define HVTLFS_CALL_RETARGET_DEVICE_INTERRUPT	   0x007Eu /*!< HvRetargetDeviceInterrupt */
#define HVTLFS_CALL_START_VIRTUAL_PROCESSOR	   0x0099u /*!< HvStartVirtualProcessor */
#define HVTLFS_CALL_GET_VP_INDEX_FROM_APIC_ID	   0x009Au /*!< HvGetVpIndexFromApicId (rep) */
#define HVTLFS_CALL_FLUSH_GUEST_PHYSICAL_ADDRESS_SPACE                                             \
	0x00AFu /*!< HvFlushGuestPhysicalAddressSpace */
#define HVTLFS_CALL_FLUSH_GUEST_PHYSICAL_ADDRESS_LIST                                              \
	0x00B0u					       /*!< HvFlushGuestPhysicalAddressList (rep) */
#define HVTLFS_CALL_EXT_QUERY_CAPABILITIES     0x8001u /*!< HvExtCallQueryCapabilities */
#define HVTLFS_CALL_EXT_GET_BOOT_ZEROED_MEMORY 0x8002u /*!< HvExtCallGetBootZeroedMemory */
#define HVTLFS_CALL_EXT_MEMORY_HEAT_HINT       0x8003u /*!< HvExtCallMemoryHeatHint */
#define HVTLFS_CALL_EXT_EPF_SETUP	       0x8004u /*!< HvExtCallEpfSetup */
#define HVTLFS_CALL_EXT_MEMORY_HEAT_HINT_ASYNC 0x8006u /*!< HvExtCallMemoryHeatHintAsync */
/*! First extended hypercall code: codes at or above it are extended hypercalls. */
#define HVTLFS_CALL_EXTENDED_FIRST 0x8000u
/*! @} */

/*! @name Hypercall status codes (HV_STATUS)
 * @{ */
#define HVTLFS_STATUS_SUCCESS		      0x0000u /*!< HV_STATUS_SUCCESS */
#define HVTLFS_STATUS_INVALID_HYPERCALL_CODE  0x0002u /*!< HV_STATUS_INVALID_HYPERCALL_CODE */
#define HVTLFS_STATUS_INVALID_HYPERCALL_INPUT 0x0003u /*!< HV_STATUS_INVALID_HYPERCALL_INPUT */
#define HVTLFS_STATUS_INVALID_ALIGNMENT	      0x0004u /*!< HV_STATUS_INVALID_ALIGNMENT */
#define HVTLFS_STATUS_INVALID_PARAMETER	      0x0005u /*!< HV_STATUS_INVALID_PARAMETER */
#define HVTLFS_STATUS_ACCESS_DENIED	      0x0006u /*!< HV_STATUS_ACCESS_DENIED */
#define HVTLFS_STATUS_INVALID_PARTITION_STATE 0x0007u /*!< HV_STATUS_INVALID_PARTITION_STATE */
#define HVTLFS_STATUS_OPERATION_DENIED	      0x0008u /*!< HV_STATUS_OPERATION_DENIED */
#define HVTLFS_STATUS_UNKNOWN_PROPERTY	      0x0009u /*!< HV_STATUS_UNKNOWN_PROPERTY */
#define HVTLFS_STATUS_PROPERTY_VALUE_OUT_OF_RANGE                                                  \
	0x000Au					    /*!< HV_STATUS_PROPERTY_VALUE_OUT_OF_RANGE */
#define HVTLFS_STATUS_INSUFFICIENT_MEMORY   0x000Bu /*!< HV_STATUS_INSUFFICIENT_MEMORY */
#define HVTLFS_STATUS_PARTITION_TOO_DEEP    0x000Cu /*!< HV_STATUS_PARTITION_TOO_DEEP */
#define HVTLFS_STATUS_INVALID_PARTITION_ID  0x000Du /*!< HV_STATUS_INVALID_PARTITION_ID */
#define HVTLFS_STATUS_INVALID_VP_INDEX	    0x000Eu /*!< HV_STATUS_INVALID_VP_INDEX */
#define HVTLFS_STATUS_NOT_FOUND		    0x0010u /*!< HV_STATUS_NOT_FOUND */
#define HVTLFS_STATUS_INVALID_PORT_ID	    0x0011u /*!< HV_STATUS_INVALID_PORT_ID */
#define HVTLFS_STATUS_INVALID_CONNECTION_ID 0x0012u /*!< HV_STATUS_INVALID_CONNECTION_ID */
#define HVTLFS_STATUS_INSUFFICIENT_BUFFERS  0x0013u /*!< HV_STATUS_INSUFFICIENT_BUFFERS */
#define HVTLFS_STATUS_NOT_ACKNOWLEDGED	    0x0014u /*!< HV_STATUS_NOT_ACKNOWLEDGED */
#define HVTLFS_STATUS_INVALID_VP_STATE	    0x0015u /*!< HV_STATUS_INVALID_VP_STATE */
#define HVTLFS_STATUS_ACKNOWLEDGED	    0x0016u /*!< HV_STATUS_ACKNOWLEDGED */
#define HVTLFS_STATUS_INVALID_SAVE_RESTORE_STATE                                                   \
	0x0017u					  /*!< HV_STATUS_INVALID_SAVE_RESTORE_STATE */
#define HVTLFS_STATUS_INVALID_SYNIC_STATE 0x0018u /*!< HV_STATUS_INVALID_SYNIC_STATE */
#define HVTLFS_STATUS_OBJECT_IN_USE	  0x0019u /*!< HV_STATUS_OBJECT_IN_USE */
#define HVTLFS_STATUS_INVALID_PROXIMITY_DOMAIN_INFO                                                \
	0x001Au					  /*!< HV_STATUS_INVALID_PROXIMITY_DOMAIN_INFO */
#define HVTLFS_STATUS_NO_DATA		  0x001Bu /*!< HV_STATUS_NO_DATA */
#define HVTLFS_STATUS_INACTIVE		  0x001Cu /*!< HV_STATUS_INACTIVE */
#define HVTLFS_STATUS_NO_RESOURCES	  0x001Du /*!< HV_STATUS_NO_RESOURCES */
#define HVTLFS_STATUS_FEATURE_UNAVAILABLE 0x001Eu /*!< HV_STATUS_FEATURE_UNAVAILABLE */
#define HVTLFS_STATUS_PARTIAL_PACKET	  0x001Fu /*!< HV_STATUS_PARTIAL_PACKET */
#define HVTLFS_STATUS_PROCESSOR_FEATURE_NOT_SUPPORTED                                              \
	0x0020u /*!< HV_STATUS_PROCESSOR_FEATURE_NOT_SUPPORTED */
#define HVTLFS_STATUS_PROCESSOR_CACHE_LINE_FLUSH_SIZE_INCOMPATIBLE                                 \
	0x0030u /*!< HV_STATUS_PROCESSOR_CACHE_LINE_FLUSH_SIZE_INCOMPATIBLE */
#define HVTLFS_STATUS_INSUFFICIENT_BUFFER    0x0033u /*!< HV_STATUS_INSUFFICIENT_BUFFER */
#define HVTLFS_STATUS_INCOMPATIBLE_PROCESSOR 0x0037u /*!< HV_STATUS_INCOMPATIBLE_PROCESSOR */
#define HVTLFS_STATUS_INSUFFICIENT_DEVICE_DOMAINS                                                  \
	0x0038u /*!< HV_STATUS_INSUFFICIENT_DEVICE_DOMAINS */
#define HVTLFS_STATUS_CPUID_FEATURE_VALIDATION_ERROR                                               \
	0x003Cu /*!< HV_STATUS_CPUID_FEATURE_VALIDATION_ERROR */
#define HVTLFS_STATUS_CPUID_XSAVE_FEATURE_VALIDATION_ERROR                                         \
	0x003Du /*!< HV_STATUS_CPUID_XSAVE_FEATURE_VALIDATION_ERROR */
#define HVTLFS_STATUS_PROCESSOR_STARTUP_TIMEOUT 0x003Eu /*!< HV_STATUS_PROCESSOR_STARTUP_TIMEOUT */
#define HVTLFS_STATUS_SMX_ENABLED		0x003Fu /*!< HV_STATUS_SMX_ENABLED */
#define HVTLFS_STATUS_INVALID_LP_INDEX		0x0041u /*!< HV_STATUS_INVALID_LP_INDEX */
#define HVTLFS_STATUS_INVALID_REGISTER_VALUE	0x0050u /*!< HV_STATUS_INVALID_REGISTER_VALUE */
#define HVTLFS_STATUS_INVALID_VTL_STATE		0x0051u /*!< HV_STATUS_INVALID_VTL_STATE */
#define HVTLFS_STATUS_NX_NOT_DETECTED		0x0055u /*!< HV_STATUS_NX_NOT_DETECTED */
#define HVTLFS_STATUS_INVALID_DEVICE_ID		0x0057u /*!< HV_STATUS_INVALID_DEVICE_ID */
#define HVTLFS_STATUS_INVALID_DEVICE_STATE	0x0058u /*!< HV_STATUS_INVALID_DEVICE_STATE */
#define HVTLFS_STATUS_PENDING_PAGE_REQUESTS	0x0059u /*!< HV_STATUS_PENDING_PAGE_REQUESTS */
#define HVTLFS_STATUS_PAGE_REQUEST_INVALID	0x0060u /*!< HV_STATUS_PAGE_REQUEST_INVALID */
#define HVTLFS_STATUS_KEY_ALREADY_EXISTS	0x0065u /*!< HV_STATUS_KEY_ALREADY_EXISTS */
#define HVTLFS_STATUS_DEVICE_ALREADY_IN_DOMAIN	0x0066u /*!< HV_STATUS_DEVICE_ALREADY_IN_DOMAIN */
#define HVTLFS_STATUS_INVALID_CPU_GROUP_ID	0x006Fu /*!< HV_STATUS_INVALID_CPU_GROUP_ID */
#define HVTLFS_STATUS_INVALID_CPU_GROUP_STATE	0x0070u /*!< HV_STATUS_INVALID_CPU_GROUP_STATE */
#define HVTLFS_STATUS_OPERATION_FAILED		0x0071u /*!< HV_STATUS_OPERATION_FAILED */
#define HVTLFS_STATUS_NOT_ALLOWED_WITH_NESTED_VIRT_ACTIVE                                          \
	0x0072u /*!< HV_STATUS_NOT_ALLOWED_WITH_NESTED_VIRT_ACTIVE */
#define HVTLFS_STATUS_INSUFFICIENT_ROOT_MEMORY 0x0073u /*!< HV_STATUS_INSUFFICIENT_ROOT_MEMORY */
#define HVTLFS_STATUS_EVENT_BUFFER_ALREADY_FREED                                                   \
	0x0074u /*!< HV_STATUS_EVENT_BUFFER_ALREADY_FREED */
#define HVTLFS_STATUS_INSUFFICIENT_CONTIGUOUS_MEMORY                                               \
	0x0075u				   /*!< HV_STATUS_INSUFFICIENT_CONTIGUOUS_MEMORY */
#define HVTLFS_STATUS_TIMEOUT	   0x0078u /*!< HV_STATUS_TIMEOUT: continue from reps completed */
#define HVTLFS_STATUS_CALL_PENDING 0x0079u /*!< HV_STATUS_CALL_PENDING */
#define HVTLFS_STATUS_INSUFFICIENT_CONTIGUOUS_ROOT_MEMORY                                          \
	0x0083u /*!< HV_STATUS_INSUFFICIENT_CONTIGUOUS_ROOT_MEMORY */
#define HVTLFS_STATUS_VTL_ALREADY_ENABLED   0x0086u /*!< HV_STATUS_VTL_ALREADY_ENABLED */
#define HVTLFS_STATUS_UNKNOWN_REGISTER_NAME 0x0087u /*!< HV_STATUS_UNKNOWN_REGISTER_NAME */
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

/*! @name Memory rules
 * @{ */
#define HVTLFS_PAGE_SIZE   4096u /*!< Hypercall input/output page size. */
#define HVTLFS_PAGE_SHIFT  12u	 /*!< log2 of #HVTLFS_PAGE_SIZE. */
#define HVTLFS_INPUT_ALIGN 8u	 /*!< Required alignment of input/output GPAs. */
/*! @} */

/*! @name CPUID leaves
 * @{ */
#define HVTLFS_CPUID_FEATURES	      0x00000001u /*!< Standard leaf 1: ECX bit 31 = hypervisor present. */
#define HVTLFS_CPUID_1_ECX_HYPERVISOR (1u << 31) /*!< Leaf 1 ECX: hypervisor present. */
#define HVTLFS_CPUID_VENDOR_AND_MAX                                                                \
	0x40000000u /*!< EAX max leaf; EBX:ECX:EDX vendor ("Microsoft Hv" on Hyper-V). */
#define HVTLFS_CPUID_INTERFACE	     0x40000001u /*!< EAX interface signature "Hv#1". */
#define HVTLFS_CPUID_VERSION	     0x40000002u /*!< Hypervisor version. */
#define HVTLFS_CPUID_FEATURES_HV     0x40000003u /*!< Partition privileges and features. */
#define HVTLFS_CPUID_ENLIGHTENMENT   0x40000004u /*!< Implementation recommendations (hints). */
#define HVTLFS_CPUID_LIMITS	     0x40000005u /*!< Implementation limits. */
#define HVTLFS_CPUID_NESTED_FEATURES 0x4000000Au /*!< Nested hypervisor features. */
#define HVTLFS_CPUID_VENDOR_EBX	     0x7263694Du /*!< "Micr" */
#define HVTLFS_CPUID_VENDOR_ECX	     0x666F736Fu /*!< "osof" */
#define HVTLFS_CPUID_VENDOR_EDX	     0x76482074u /*!< "t Hv" */
#define HVTLFS_CPUID_INTERFACE_HV1   0x31237648u /*!< "Hv#1" */
/*! Bytes of a vendor signature (leaf 0x40000000 EBX, ECX, EDX, little-endian). */
#define HVTLFS_CPUID_VENDOR_LEN 12u
/*! @} */

/*! @name Leaf 0x40000003 feature bits
 * @{ */
#define HVTLFS_CPUID3_EAX_VP_RUNTIME_MSR     (1u << 0) /*!< EAX: VP runtime MSR available. */
#define HVTLFS_CPUID3_EAX_TIME_REF_COUNT_MSR (1u << 1) /*!< EAX: partition reference counter MSR. */
#define HVTLFS_CPUID3_EAX_SYNIC_MSRS	     (1u << 2) /*!< EAX: SynIC MSRs available. */
#define HVTLFS_CPUID3_EAX_SYNTIMER_MSRS	     (1u << 3) /*!< EAX: synthetic timer MSRs available. */
#define HVTLFS_CPUID3_EAX_APIC_ACCESS_MSRS   (1u << 4) /*!< EAX: APIC access MSRs available. */
#define HVTLFS_CPUID3_EAX_HYPERCALL_MSRS                                                           \
	(1u << 5) /*!< EAX: hypercall and guest OS ID MSRs available. */
#define HVTLFS_CPUID3_EAX_VP_INDEX_MSR	      (1u << 6)	 /*!< EAX: VP index MSR available. */
#define HVTLFS_CPUID3_EBX_POST_MESSAGES	      (1u << 4)	 /*!< EBX: PostMessages privilege. */
#define HVTLFS_CPUID3_EBX_SIGNAL_EVENTS	      (1u << 5)	 /*!< EBX: SignalEvents privilege. */
#define HVTLFS_CPUID3_EBX_EXTENDED_HYPERCALLS (1u << 20) /*!< EBX: extended hypercalls available. */
#define HVTLFS_CPUID3_EBX_ISOLATION	      (1u << 22) /*!< EBX: isolation (confidential VM). */
#define HVTLFS_CPUID3_EDX_XMM_INPUT	      (1u << 4) /*!< EDX: XMM registers for fast hypercall input. */
#define HVTLFS_CPUID3_EDX_EXT_GVA_RANGES      (1u << 14) /*!< EDX: extended GVA ranges for flush. */
#define HVTLFS_CPUID3_EDX_XMM_OUTPUT                                                               \
	(1u << 15) /*!< EDX: XMM registers for fast hypercall output. */
/*! @} */

/*! @name Leaf 0x40000004 hint bits (EAX)
 * @{ */
#define HVTLFS_CPUID4_EAX_REMOTE_TLB_FLUSH                                                         \
	(1u << 2) /*!< Remote TLB flush by hypercall recommended. */
#define HVTLFS_CPUID4_EAX_DEPRECATE_AUTOEOI  (1u << 9)	/*!< Deprecate AutoEOI. */
#define HVTLFS_CPUID4_EAX_CLUSTER_IPI	     (1u << 10) /*!< Synthetic cluster IPI recommended. */
#define HVTLFS_CPUID4_EAX_EX_PROCESSOR_MASKS (1u << 11) /*!< Ex processor masks recommended. */
#define HVTLFS_CPUID4_EAX_NESTED	     (1u << 12) /*!< Running as a nested hypervisor. */
#define HVTLFS_CPUID4_EAX_ENLIGHTENED_VMCS   (1u << 14) /*!< Enlightened VMCS recommended. */
/*! @} */

/*! @name Leaf 0x4000000A nested feature bits (EAX)
 * @{ */
#define HVTLFS_CPUIDA_EAX_EVMCS_LOW_MASK      0x000000FFu /*!< Lowest supported eVMCS version. */
#define HVTLFS_CPUIDA_EAX_EVMCS_HIGH_MASK     0x0000FF00u /*!< Highest supported eVMCS version. */
#define HVTLFS_CPUIDA_EAX_EVMCS_HIGH_SHIFT    8u	 /*!< Shift of the highest eVMCS version. */
#define HVTLFS_CPUIDA_EAX_DIRECT_FLUSH	      (1u << 17) /*!< Direct virtual flush. */
#define HVTLFS_CPUIDA_EAX_GUEST_MAPPING_FLUSH (1u << 18) /*!< Guest mapping flush hypercalls. */
#define HVTLFS_CPUIDA_EAX_MSR_BITMAP	      (1u << 19) /*!< Enlightened MSR bitmap. */
/*! @} */

/*! @name Synthetic MSRs
 * @{ */
#define HVTLFS_MSR_GUEST_OS_ID	  0x40000000u /*!< HV_X64_MSR_GUEST_OS_ID */
#define HVTLFS_MSR_HYPERCALL	  0x40000001u /*!< HV_X64_MSR_HYPERCALL */
#define HVTLFS_MSR_VP_INDEX	  0x40000002u /*!< HV_X64_MSR_VP_INDEX */
#define HVTLFS_MSR_VP_ASSIST_PAGE 0x40000073u /*!< HV_X64_MSR_VP_ASSIST_PAGE */
/*! @} */

/*! @name Hypercall MSR fields
 * @{ */
#define HVTLFS_HYPERCALL_MSR_ENABLE HVTLFS_BIT64(0) /*!< Enable the hypercall page. */
#define HVTLFS_HYPERCALL_MSR_LOCKED HVTLFS_BIT64(1) /*!< MSR locked (read-only until reset). */
#define HVTLFS_HYPERCALL_MSR_RESERVED_MASK                                                         \
	HVTLFS_U64(0x0000000000000FFC)	    /*!< Bits 2-11: reserved, preserve. */
#define HVTLFS_HYPERCALL_MSR_GPFN_SHIFT 12u /*!< Shift of the page's GPFN. */
#define HVTLFS_HYPERCALL_MSR_GPFN_MASK	HVTLFS_U64(0xFFFFFFFFFFFFF000) /*!< Bits 12-63: GPFN. */
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

/*! @} */

#endif /* HVTLFS_TLFS_H */
