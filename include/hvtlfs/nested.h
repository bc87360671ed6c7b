/* SPDX-License-Identifier: BSD-2-Clause */
/*!
 * @file nested.h
 * @brief Nested virtualization: the enlightened VMCS, its clean fields, the VP
 *        assist page layout, and the nested CPUID leaves.
 *
 * For an L1 hypervisor (KVM, Xen, a research hypervisor) running on Hyper-V.
 * See the guide @ref page_nested.
 */
#ifndef HVTLFS_NESTED_H
#define HVTLFS_NESTED_H

#include "hvtlfs/env.h"
#include "hvtlfs/error.h"

HVTLFS_BEGIN_DECLS

/*!
 * @defgroup nested Nested virtualization
 * @brief Enlightened VMCS, clean fields, VP assist page, nested CPUID leaves.
 * @{
 */

/*! @name Leaf 0x4000000A (nested features), EAX
 * TLFS "Hypervisor Nested Virtualization Features - 0x4000000A".
 * @{ */
#define HVTLFS_NESTED_EAX_EVMCS_LOW_MASK   0x000000FFu /*!< Bits 0-7: lowest eVMCS version. */
#define HVTLFS_NESTED_EAX_EVMCS_HIGH_MASK  0x0000FF00u /*!< Bits 8-15: highest eVMCS version. */
#define HVTLFS_NESTED_EAX_EVMCS_HIGH_SHIFT 8u	       /*!< Shift of the highest eVMCS version. */
#define HVTLFS_NESTED_EAX_DIRECT_FLUSH	   (1u << 17)  /*!< Direct virtual flush hypercalls. */
/*! HvFlushGuestPhysicalAddressSpace and HvFlushGuestPhysicalAddressList available. */
#define HVTLFS_NESTED_EAX_GPA_FLUSH  (1u << 18)
#define HVTLFS_NESTED_EAX_MSR_BITMAP (1u << 19) /*!< Enlightened MSR bitmap available. */
/*! Virtualization exceptions may be combined into the page-fault exception class. */
#define HVTLFS_NESTED_EAX_VIRT_EXCEPTION_PF (1u << 20)
/*! Every bit the TLFS defines in EAX; the others (16, 21-31) are reserved. */
#define HVTLFS_NESTED_EAX_KNOWN                                                                    \
	(HVTLFS_NESTED_EAX_EVMCS_LOW_MASK | HVTLFS_NESTED_EAX_EVMCS_HIGH_MASK |                    \
	 HVTLFS_NESTED_EAX_DIRECT_FLUSH | HVTLFS_NESTED_EAX_GPA_FLUSH |                            \
	 HVTLFS_NESTED_EAX_MSR_BITMAP | HVTLFS_NESTED_EAX_VIRT_EXCEPTION_PF)
/*! Reserved bits of EAX: 16 and 21-31. */
#define HVTLFS_NESTED_EAX_RESERVED (~HVTLFS_NESTED_EAX_KNOWN)
/*! @} */

/*! @name Enlightened VMCS versions this library implements
 * @{ */
#define HVTLFS_EVMCS_VERSION_MIN 1u /*!< Lowest eVMCS version the library knows. */
#define HVTLFS_EVMCS_VERSION_MAX 1u /*!< Highest eVMCS version the library knows. */
/*! @} */

/*!
 * @brief Leaf 0x4000000A, decoded.
 *
 * Filled by hvtlfs_nested_features_decode(). An eVMCS version range of 0..0
 * means the partition offers no enlightened VMCS.
 */
struct hvtlfs_nested_features {
	uint32_t eax;		     /*!< The raw EAX value, as read. */
	uint32_t reserved_bits;	     /*!< The reserved bits that were set (0 normally). */
	uint8_t evmcs_version_low;   /*!< Lowest supported eVMCS version (bits 0-7). */
	uint8_t evmcs_version_high;  /*!< Highest supported eVMCS version (bits 8-15). */
	bool direct_virtual_flush;   /*!< Bit 17: direct virtual flush hypercalls. */
	bool gpa_flush_hypercalls;   /*!< Bit 18: HvFlushGuestPhysicalAddressSpace/List. */
	bool enlightened_msr_bitmap; /*!< Bit 19: enlightened MSR bitmap. */
	bool virt_exception_pf;	     /*!< Bit 20: virtualization exceptions in the #PF class. */
};

/*!
 * @brief Decodes leaf 0x4000000A EAX.
 *
 * Every defined field is decoded into @p out even when an error is returned,
 * so a caller can report what it saw: the error says why the value should not
 * be trusted blindly, it never means "guessed".
 * @param[out] out receives the decoded leaf (all fields written).
 * @param eax EAX of CPUID leaf 0x4000000A.
 * @return #HVTLFS_OK;
 *         #HVTLFS_ERR_NULL if @p out is NULL (nothing written);
 *         #HVTLFS_ERR_RESERVED_BITS if a reserved bit (16, 21-31) is set:
 *         @p out->reserved_bits names them;
 *         #HVTLFS_ERR_EVMCS_VERSION if the version range is malformed
 *         (low above high, or exactly one of them zero).
 */
HVTLFS_MUST_CHECK int hvtlfs_nested_features_decode(struct hvtlfs_nested_features *out,
						    uint32_t eax);

/*! @} */

HVTLFS_END_DECLS

#endif /* HVTLFS_NESTED_H */
