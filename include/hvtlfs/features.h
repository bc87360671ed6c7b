/* SPDX-License-Identifier: BSD-2-Clause */
/*!
 * @file features.h
 * @brief Partition features decoded from raw Hyper-V CPUID values.
 *
 * Decoding works on captured register values only (a struct hvtlfs_cpuid_dump),
 * never on the CPUID instruction, so it is testable on any host. bringup.h
 * fills a dump from a CPUID function (the arch default or the caller's).
 */
#ifndef HVTLFS_FEATURES_H
#define HVTLFS_FEATURES_H

#include "hvtlfs/env.h"
#include "hvtlfs/error.h"
#include "hvtlfs/tlfs.h"

HVTLFS_BEGIN_DECLS

/*!
 * @defgroup features Partition features
 * @brief One decoded view of CPUID leaves 0x40000000-0x40000005 and 0x4000000A.
 *
 * A leaf above the maximum the hypervisor reports in leaf 0x40000000 EAX is never
 * read: its present bit in hvtlfs_features::leaves stays clear and every field it
 * would fill stays zero. Check the present bit (or call hvtlfs_features_require())
 * before trusting a zero.
 * @{
 */

/*! @name Register indices of a CPUID result (regs[4])
 * @{ */
#define HVTLFS_CPUID_REG_EAX 0u /*!< Index of EAX in a regs[4] array. */
#define HVTLFS_CPUID_REG_EBX 1u /*!< Index of EBX in a regs[4] array. */
#define HVTLFS_CPUID_REG_ECX 2u /*!< Index of ECX in a regs[4] array. */
#define HVTLFS_CPUID_REG_EDX 3u /*!< Index of EDX in a regs[4] array. */
/*! @} */

/*! First hypervisor leaf a dump holds (0x40000000). */
#define HVTLFS_CPUID_DUMP_FIRST_LEAF HVTLFS_CPUID_LEAF_VENDOR
/*! Number of hypervisor leaves a dump holds: 0x40000000 to 0x4000000A. */
#define HVTLFS_CPUID_DUMP_HV_LEAVES 11u

/*!
 * @brief Captured CPUID values: standard leaf 1 and hypervisor leaves
 *        0x40000000 to 0x4000000A.
 *
 * hv[i] holds leaf 0x40000000 + i. Entries above the maximum leaf (hv[0][EAX])
 * are ignored by every reader, whatever they contain.
 */
struct hvtlfs_cpuid_dump {
	uint32_t leaf1[4]; /*!< Standard leaf 1 (ECX bit 31: hypervisor present). */
	uint32_t hv[HVTLFS_CPUID_DUMP_HV_LEAVES][4]; /*!< Leaves 0x40000000 + index. */
};

/*! @name Leaf present bits (hvtlfs_features::leaves)
 * `HVTLFS_LEAF_<NAME>` is bit (leaf - 0x40000000) for every row of
 * #HVTLFS_CPUID_LEAF_LIST: #HVTLFS_LEAF_VENDOR, #HVTLFS_LEAF_INTERFACE,
 * #HVTLFS_LEAF_VERSION, #HVTLFS_LEAF_FEATURES, #HVTLFS_LEAF_HINTS,
 * #HVTLFS_LEAF_LIMITS and #HVTLFS_LEAF_NESTED.
 * @{ */
/*! @brief One row of #HVTLFS_CPUID_LEAF_LIST as its present bit. */
#define HVTLFS_LEAF_ENUM_(name, leaf)                                                              \
	HVTLFS_LEAF_##name = 1 << ((leaf)-HVTLFS_CPUID_LEAF_VENDOR), /*!< Leaf present. */
/*! @brief One row of #HVTLFS_CPUID_LEAF_LIST as `| present bit`. */
#define HVTLFS_LEAF_OR_(name, leaf) | (1u << ((leaf)-HVTLFS_CPUID_LEAF_VENDOR))

/*! @brief Present bits of the hypervisor leaves, from #HVTLFS_CPUID_LEAF_LIST. */
enum hvtlfs_leaf_bit {
	HVTLFS_CPUID_LEAF_LIST(HVTLFS_LEAF_ENUM_)
};
/*! Every leaf hvtlfs_features_decode() reads. */
#define HVTLFS_LEAF_ALL (0u HVTLFS_CPUID_LEAF_LIST(HVTLFS_LEAF_OR_))
/*! @} */

/*!
 * @brief Leaf 0x4000000A, decoded.
 *
 * Filled by hvtlfs_features_decode_nested() (and so by hvtlfs_features_decode()).
 * An eVMCS version range of 0..0 means the partition offers no enlightened VMCS.
 */
struct hvtlfs_nested_features {
	uint32_t eax; /*!< The raw EAX value, as read. */
	/*! The set bits this library does not name (#HVTLFS_CPUID_NESTED_EAX_UNKNOWN): a
	 *  newer hypervisor's features, reported for a log, never an error. */
	uint32_t unknown_bits;
	uint8_t evmcs_version_low;   /*!< Lowest supported eVMCS version (bits 0-7). */
	uint8_t evmcs_version_high;  /*!< Highest supported eVMCS version (bits 8-15). */
	bool direct_virtual_flush;   /*!< Bit 17: direct virtual flush hypercalls. */
	bool gpa_flush_hypercalls;   /*!< Bit 18: HvFlushGuestPhysicalAddressSpace/List. */
	bool enlightened_msr_bitmap; /*!< Bit 19: enlightened MSR bitmap. */
	bool virt_exception_pf;	  /*!< Bit 20: virtualization exceptions in the page-fault class. */
	bool enlightened_npt_tlb; /*!< Bit 22: enlightened NPT TLB flush (AMD hosts). */
};

/*! @brief Hypervisor version (leaf 0x40000002). */
struct hvtlfs_hypervisor_version {
	uint32_t build;		 /*!< EAX: build number. */
	uint16_t major;		 /*!< EBX bits 31-16: major version. */
	uint16_t minor;		 /*!< EBX bits 15-0: minor version. */
	uint32_t service_pack;	 /*!< ECX: service pack. */
	uint8_t service_branch;	 /*!< EDX bits 31-24: service branch. */
	uint32_t service_number; /*!< EDX bits 23-0: service number. */
};

/*!
 * @brief Everything a guest learns about its partition from the Hyper-V leaves.
 *
 * Booleans are decoded bits; the raw registers are kept beside them for bits
 * this struct does not name.
 */
struct hvtlfs_features {
	uint32_t max_leaf; /*!< Leaf 0x40000000 EAX: highest hypervisor leaf. */
	uint32_t leaves;   /*!< HVTLFS_LEAF_* bits of the leaves that were present. */
	/*!
	 * Leaf 0x40000000 EBX, ECX, EDX: the vendor signature, 12 bytes exactly as
	 * the hypervisor gave them ("Microsoft Hv" on Hyper-V, "Linux KVM Hv" on
	 * KVM, whatever QEMU's hv-vendor-id says), then a NUL. For reporting only:
	 * a vendor shorter than 12 characters is NUL-padded, and the bytes are not
	 * checked to be printable. Filled whenever the hypervisor-present bit is set.
	 */
	char vendor[HVTLFS_CPUID_VENDOR_LEN + 1u];

	struct hvtlfs_hypervisor_version version; /*!< Leaf 0x40000002 (if #HVTLFS_LEAF_VERSION). */

	/* Leaf 0x40000003: partition privileges (EAX:EBX) and features (EDX). */
	uint64_t privileges;	 /*!< HV_PARTITION_PRIVILEGE_MASK: EBX << 32 | EAX. */
	uint32_t features_edx;	 /*!< Leaf 0x40000003 EDX, raw. */
	bool vp_runtime_msr;	 /*!< EAX bit 0: VP runtime MSR available. */
	bool time_ref_count_msr; /*!< EAX bit 1: partition reference counter MSR available. */
	bool synic_msrs;	 /*!< EAX bit 2: SynIC MSRs available. */
	bool syntimer_msrs;	 /*!< EAX bit 3: synthetic timer MSRs available. */
	bool apic_access_msrs;	 /*!< EAX bit 4: APIC access MSRs available. */
	bool hypercall_msrs;	 /*!< EAX bit 5: guest OS ID and hypercall MSRs available. */
	bool vp_index_msr;	 /*!< EAX bit 6: VP index MSR available. */
	bool post_messages;	 /*!< EBX bit 4: HvPostMessage allowed. */
	bool signal_events;	 /*!< EBX bit 5: HvSignalEvent allowed. */
	/*! EBX bit 16: AccessVsm (privilege mask bit 48), the VTL calls. */
	bool access_vsm;
	/*! EBX bit 17: AccessVpRegisters (bit 49), HvCallGet/SetVpRegisters on itself. */
	bool access_vp_registers;
	/*! EBX bit 21: StartVirtualProcessor (bit 53), HvCallStartVirtualProcessor. */
	bool start_virtual_processor;
	bool extended_hypercalls; /*!< EBX bit 20: extended hypercalls (0x8001...) allowed. */
	bool isolation;		  /*!< EBX bit 22: isolated partition (reserved in the TLFS). */
	bool xmm_input;		  /*!< EDX bit 4: XMM registers for fast hypercall input. */
	bool xmm_output;	  /*!< EDX bit 15: XMM registers for fast hypercall output. */
	bool ext_gva_ranges;	  /*!< EDX bit 14: extended GVA ranges for the flush lists. */
	bool hypercall_msr_lock;  /*!< EDX bit 18: the hypercall MSR lock bit is available. */

	/* Leaf 0x40000004: recommendations. */
	uint32_t hints_eax;		     /*!< Leaf 0x40000004 EAX, raw. */
	bool remote_tlb_flush_recommended;   /*!< EAX bit 2: flush remote TLBs by hypercall. */
	bool deprecate_auto_eoi;	     /*!< EAX bit 9: do not use AutoEOI. */
	bool cluster_ipi_recommended;	     /*!< EAX bit 10: use HvSendSyntheticClusterIpi. */
	bool ex_processor_masks_recommended; /*!< EAX bit 11: use the Ex (HV_VP_SET) calls. */
	bool nested_hypervisor;		     /*!< EAX bit 12: nested within a Hyper-V partition. */
	bool evmcs_recommended;		     /*!< EAX bit 14: use the enlightened VMCS. */
	bool mmio_hypercalls; /*!< EAX bit 21: use hypercalls for MMIO configuration access. */
	/*! EAX bits neither the TLFS nor this library names (#HVTLFS_CPUID_HINTS_EAX_UNKNOWN):
	 *  a newer hypervisor's recommendations, reported, never an error (a Windows 11
	 *  22621 host sets bit 19). */
	uint32_t hints_unknown_bits;
	uint32_t spinlock_retries; /*!< EBX: spinlock retries before notifying; 0xFFFFFFFF never. */
	uint32_t phys_addr_bits;   /*!< ECX bits 6-0: physical address width, 0 if unreported. */

	/* Leaf 0x40000005: limits (0: not reported). */
	uint32_t max_vps; /*!< EAX: maximum virtual processors. */
	uint32_t max_lps; /*!< EBX: maximum logical processors. */

	/* Leaf 0x4000000A: nested virtualization features. */
	struct hvtlfs_nested_features nested; /*!< Leaf 0x4000000A, if #HVTLFS_LEAF_NESTED. */
	/*! What hvtlfs_features_decode_nested() said about leaf 0x4000000A: #HVTLFS_OK
	 *  or #HVTLFS_ERR_EVMCS_VERSION (the fields are filled either way; bits it does
	 *  not name are in hvtlfs_nested_features::unknown_bits, never an error);
	 *  #HVTLFS_ERR_LEAF_UNAVAILABLE when the leaf is above the maximum. */
	int nested_status;
};

/*!
 * @brief Decodes a CPUID dump into features.
 *
 * Checks the hypervisor-present bit (leaf 1 ECX bit 31) and the "Hv#1"
 * interface signature of leaf 0x40000001, then decodes every leaf up to the
 * reported maximum. Leaves above it are marked absent, never read.
 *
 * The vendor signature (leaf 0x40000000) decides nothing: the TLFS (Feature and
 * Interface Discovery) bases compatibility on the interface signature alone and
 * gives the vendor "for informational and diagnostic purposes", so any
 * Hv#1-compatible hypervisor is accepted (KVM's "Linux KVM Hv", a QEMU
 * hv-vendor-id) and its vendor reported in hvtlfs_features::vendor. An
 * integrator who wants Microsoft's hypervisor only adds
 * hvtlfs_features_require_microsoft().
 *
 * @param out features to fill; zeroed first. On failure it keeps what was decoded
 *        before the failure (for a report), with only the leaves checked so far in
 *        hvtlfs_features::leaves.
 * @param dump captured CPUID values.
 * @return #HVTLFS_OK;
 *         #HVTLFS_ERR_NULL if a pointer is NULL;
 *         #HVTLFS_ERR_NOT_HYPERV if no hypervisor is present, or the interface
 *         is not "Hv#1" (whatever the vendor);
 *         #HVTLFS_ERR_LEAF_UNAVAILABLE if the maximum leaf is below 0x40000001, so
 *         the interface cannot be checked.
 */
HVTLFS_MUST_CHECK int hvtlfs_features_decode(struct hvtlfs_features *out,
					     const struct hvtlfs_cpuid_dump *dump);

/*!
 * @brief The hypervisor leaves a kernel keeps after its own detection, register by
 *        register (what Linux stores in ms_hyperv).
 *
 * Zero-initialise it and fill what the kernel has; a register it does not keep stays
 * 0, which decodes as "feature absent".
 */
struct hvtlfs_kept_leaves {
	uint32_t features_eax; /*!< 0x40000003 EAX, privileges low (Linux: ms_hyperv.features). */
	uint32_t features_ebx; /*!< 0x40000003 EBX, privileges high (ms_hyperv.priv_high). */
	/*! 0x40000003 EDX, features: XMM input bit 4, extended GVA ranges bit 14
	 *  (ms_hyperv.misc_features). */
	uint32_t features_edx;
	/*! 0x40000004 EAX, recommendations: remote TLB flush bit 2, cluster IPI bit 10,
	 *  Ex processor masks bit 11 (ms_hyperv.hints). */
	uint32_t hints_eax;
	uint32_t hints_ebx;  /*!< 0x40000004 EBX, spinlock retries (Linux keeps none: 0). */
	uint32_t hints_ecx;  /*!< 0x40000004 ECX, physical address width (Linux keeps none). */
	uint32_t max_vps;    /*!< 0x40000005 EAX, maximum VPs (ms_hyperv.max_vp_index). */
	uint32_t max_lps;    /*!< 0x40000005 EBX, maximum LPs (ms_hyperv.max_lp_index). */
	uint32_t nested_eax; /*!< 0x4000000A EAX, nested features (ms_hyperv.nested_features). */
	bool has_nested;     /*!< Whether @ref nested_eax was read (the leaf exists). */
};

/*!
 * @brief Fills features from the leaves a kernel kept, without a CPUID dump.
 *
 * Field by field, as hvtlfs_features_decode() fills them from the same registers:
 * hvtlfs_features::privileges and the EAX/EBX bools from @c features_eax and
 * @c features_ebx; hvtlfs_features::features_edx, hvtlfs_features::xmm_input,
 * hvtlfs_features::xmm_output, hvtlfs_features::ext_gva_ranges and
 * hvtlfs_features::hypercall_msr_lock from @c features_edx;
 * hvtlfs_features::hints_eax, hvtlfs_features::remote_tlb_flush_recommended,
 * hvtlfs_features::cluster_ipi_recommended,
 * hvtlfs_features::ex_processor_masks_recommended and the other hint bools from
 * @c hints_eax; hvtlfs_features::spinlock_retries and hvtlfs_features::phys_addr_bits
 * from @c hints_ebx and @c hints_ecx; hvtlfs_features::max_vps and
 * hvtlfs_features::max_lps from leaf 0x40000005; hvtlfs_features::nested from
 * @c nested_eax when @c has_nested. hvtlfs_features::leaves holds
 * #HVTLFS_LEAF_FEATURES, #HVTLFS_LEAF_HINTS, #HVTLFS_LEAF_LIMITS (and
 * #HVTLFS_LEAF_NESTED); the vendor, interface and version are not known (the kernel
 * checked them), so hvtlfs_features::vendor is empty. The planners read
 * remote_tlb_flush_recommended, cluster_ipi_recommended,
 * ex_processor_masks_recommended, ext_gva_ranges, xmm_input, max_vps and
 * nested.gpa_flush_hypercalls.
 * @param[out] out features to fill; zeroed first.
 * @param kept the registers the kernel kept.
 * @return #HVTLFS_OK; #HVTLFS_ERR_NULL for a NULL pointer (nothing written).
 */
HVTLFS_MUST_CHECK int hvtlfs_features_from_leaves(struct hvtlfs_features *out,
						  const struct hvtlfs_kept_leaves *kept);

/*!
 * @brief Decodes leaf 0x4000000A EAX (hvtlfs_features_decode() calls it).
 *
 * Decodes the bits #HVTLFS_CPUID_NESTED_BITS names and reports the others in
 * @p out->unknown_bits: a bit the TLFS table calls reserved is never an error, since
 * hosts newer than the table set them (bit 22 on AMD, bit 21 on a Windows 11 22621
 * host, whose EAX reads 0x003E0101). Every field is written even when an error is
 * returned.
 * @param[out] out receives the decoded leaf (all fields written).
 * @param eax EAX of CPUID leaf 0x4000000A.
 * @return #HVTLFS_OK;
 *         #HVTLFS_ERR_NULL if @p out is NULL (nothing written);
 *         #HVTLFS_ERR_EVMCS_VERSION if the version range is malformed
 *         (low above high, or exactly one of them zero): do not use the
 *         enlightened VMCS, the other fields are still what the host said.
 */
HVTLFS_MUST_CHECK int hvtlfs_features_decode_nested(struct hvtlfs_nested_features *out,
						    uint32_t eax);

/*! @brief One CPUID bit the library names (a row of a HVTLFS_CPUID_*_BITS list). */
struct hvtlfs_cpuid_bit {
	uint32_t leaf;	  /*!< HVTLFS_CPUID_LEAF_*. */
	uint8_t reg;	  /*!< HVTLFS_CPUID_REG_EAX to HVTLFS_CPUID_REG_EDX. */
	uint8_t bit;	  /*!< Bit number, 0-31. */
	uint16_t offset;  /*!< Offset of the bool it sets in struct hvtlfs_features. */
	const char *name; /*!< The NAME of the row, e.g. "XMM_INPUT". */
};

/*!
 * @brief The bits the library names, leaf by leaf in the order of the lists
 *        (#HVTLFS_CPUID_FEATURES_BITS, #HVTLFS_CPUID_HINTS_BITS,
 *        #HVTLFS_CPUID_NESTED_BITS), for tools that print a partition's features.
 * @param[out] count receives the number of entries (may be NULL).
 * @return the first entry of a constant array.
 */
const struct hvtlfs_cpuid_bit *hvtlfs_cpuid_bits(size_t *count);

/*!
 * @brief The decoded value of one named bit.
 * @param f decoded features.
 * @param bit an entry of hvtlfs_cpuid_bits().
 * @return the bool hvtlfs_features_decode() set from it; false when a pointer is NULL.
 */
bool hvtlfs_features_bit(const struct hvtlfs_features *f, const struct hvtlfs_cpuid_bit *bit);

/*!
 * @brief The strict check: the vendor signature is "Microsoft Hv".
 *
 * For integrators who support Microsoft's hypervisor only (hvtlfs_features_decode()
 * accepts every "Hv#1" hypervisor). Call it after a successful decode.
 * @param f decoded features.
 * @return #HVTLFS_OK when leaf 0x40000000 was read and EBX, ECX, EDX are "Micr",
 *         "osof", "t Hv"; #HVTLFS_ERR_NULL if @p f is NULL;
 *         #HVTLFS_ERR_NOT_HYPERV for any other vendor, or when no hypervisor
 *         leaf was read.
 */
HVTLFS_MUST_CHECK int hvtlfs_features_require_microsoft(const struct hvtlfs_features *f);

/*!
 * @brief Checks that every named leaf was present.
 * @param f decoded features.
 * @param leaves a set of HVTLFS_LEAF_* bits.
 * @return #HVTLFS_OK if all were present; #HVTLFS_ERR_NULL if @p f is NULL;
 *         #HVTLFS_ERR_LEAF_UNAVAILABLE if any lies above the maximum leaf;
 *         #HVTLFS_ERR_INVALID_ARG if @p leaves holds a bit that names no leaf.
 */
HVTLFS_MUST_CHECK int hvtlfs_features_require(const struct hvtlfs_features *f, uint32_t leaves);

/*!
 * @brief Reads one hypervisor leaf from a dump, refusing leaves above the maximum.
 * @param dump captured CPUID values.
 * @param leaf 0x40000000 to 0x4000000A.
 * @param regs receives EAX, EBX, ECX, EDX; left untouched on failure.
 * @return #HVTLFS_OK; #HVTLFS_ERR_NULL if a pointer is NULL;
 *         #HVTLFS_ERR_INVALID_ARG if @p leaf is outside what a dump holds;
 *         #HVTLFS_ERR_LEAF_UNAVAILABLE if @p leaf is above the reported maximum.
 */
HVTLFS_MUST_CHECK int hvtlfs_cpuid_dump_leaf(const struct hvtlfs_cpuid_dump *dump, uint32_t leaf,
					     uint32_t regs[4]);

/*! @} */

HVTLFS_END_DECLS

#endif /* HVTLFS_FEATURES_H */
