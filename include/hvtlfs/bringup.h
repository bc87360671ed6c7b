/* SPDX-License-Identifier: BSD-2-Clause */
/*!
 * @file bringup.h
 * @brief Bring-up: detect Hyper-V, identify the guest, enable the hypercall page
 *        and the VP assist page, read the VP index.
 *
 * CPUID and MSR access go through small seams (a CPUID function, an MSR ops
 * struct) so the whole sequence runs against captured values and a mocked MSR
 * space in tests; the native implementations use the arch inline primitives.
 * See the guide docs/bringup.md.
 */
#ifndef HVTLFS_BRINGUP_H
#define HVTLFS_BRINGUP_H

#include "hvtlfs/env.h"
#include "hvtlfs/error.h"
#include "hvtlfs/features.h"
#include "hvtlfs/tlfs.h"

HVTLFS_BEGIN_DECLS

/*!
 * @defgroup bringup Bring-up
 * @brief Detection, guest OS identity, hypercall page, VP assist page, VP index.
 * @{
 */

/*! @name CPUID access
 * @{ */

/*!
 * @brief A CPUID implementation: fills @p regs with EAX, EBX, ECX, EDX of
 *        (@p leaf, @p subleaf).
 * @param ctx the caller's context pointer, passed through unchanged.
 * @param leaf value of EAX.
 * @param subleaf value of ECX.
 * @param regs receives EAX, EBX, ECX, EDX.
 */
typedef void (*hvtlfs_cpuid_fn)(void *ctx, uint32_t leaf, uint32_t subleaf, uint32_t regs[4]);

/*!
 * @brief The native CPUID (the arch primitive HVTLFS_ARCH_CPUID); zeros on an
 *        architecture without CPUID (arm64), so hvtlfs_detect() finds no hypervisor.
 * @param ctx ignored.
 * @param leaf value of EAX.
 * @param subleaf value of ECX.
 * @param regs receives EAX, EBX, ECX, EDX.
 */
void hvtlfs_cpuid_native(void *ctx, uint32_t leaf, uint32_t subleaf, uint32_t regs[4]);

/*! @brief One captured CPUID result, for a table of captured leaves. */
struct hvtlfs_cpuid_entry {
	uint32_t leaf;	  /*!< EAX input. */
	uint32_t subleaf; /*!< ECX input (0 for leaves without subleaves). */
	uint32_t regs[4]; /*!< EAX, EBX, ECX, EDX output. */
};

/*! @brief A table of captured CPUID results (the context of hvtlfs_cpuid_from_table()). */
struct hvtlfs_cpuid_table {
	const struct hvtlfs_cpuid_entry *entries; /*!< The captured results. */
	size_t count;				  /*!< Number of entries. */
};

/*!
 * @brief A CPUID function that answers from a table of captured leaves.
 *
 * A (leaf, subleaf) not in the table answers all zeros.
 * @param ctx a const struct hvtlfs_cpuid_table *; NULL answers all zeros.
 * @param leaf value of EAX.
 * @param subleaf value of ECX.
 * @param regs receives EAX, EBX, ECX, EDX.
 */
void hvtlfs_cpuid_from_table(void *ctx, uint32_t leaf, uint32_t subleaf, uint32_t regs[4]);

/*!
 * @brief Captures the leaves detection needs.
 *
 * Reads leaf 1; only if its hypervisor-present bit is set, leaf 0x40000000, and
 * then every leaf up to the reported maximum (at most 0x4000000A). Leaves never
 * queried are zero in @p dump, and readers ignore them anyway.
 * @param dump receives the values; zeroed first.
 * @param cpuid the CPUID function (hvtlfs_cpuid_native for the real one).
 * @param ctx passed to @p cpuid.
 * @return #HVTLFS_OK; #HVTLFS_ERR_NULL if @p dump or @p cpuid is NULL;
 *         #HVTLFS_ERR_NOT_HYPERV if the hypervisor-present bit is clear (only
 *         leaf 1 was read).
 */
HVTLFS_MUST_CHECK int hvtlfs_cpuid_capture(struct hvtlfs_cpuid_dump *dump, hvtlfs_cpuid_fn cpuid,
					   void *ctx);

/*!
 * @brief Detects Hyper-V and decodes the partition features: hvtlfs_cpuid_capture()
 *        then hvtlfs_features_decode().
 * @param out receives the features; zeroed first.
 * @param cpuid the CPUID function (hvtlfs_cpuid_native for the real one).
 * @param ctx passed to @p cpuid.
 * @return as hvtlfs_features_decode(); #HVTLFS_ERR_NULL if a pointer is NULL.
 */
HVTLFS_MUST_CHECK int hvtlfs_detect(struct hvtlfs_features *out, hvtlfs_cpuid_fn cpuid, void *ctx);

/*! Leaves the TLFS guarantees to an "Hv#1" guest (maximum leaf at least 0x40000005). */
#define HVTLFS_LEAF_TLFS_MINIMUM                                                                   \
	(HVTLFS_LEAF_VENDOR | HVTLFS_LEAF_INTERFACE | HVTLFS_LEAF_VERSION | HVTLFS_LEAF_FEATURES | \
	 HVTLFS_LEAF_HINTS | HVTLFS_LEAF_LIMITS)

/*!
 * @brief Checks that a partition can be brought up: the leaves up to 0x40000005
 *        were present and the hypercall MSRs are accessible.
 * @param f decoded features.
 * @return #HVTLFS_OK; #HVTLFS_ERR_NULL if @p f is NULL;
 *         #HVTLFS_ERR_LEAF_UNAVAILABLE if the maximum leaf is below 0x40000005;
 *         #HVTLFS_ERR_NO_PRIVILEGE if leaf 0x40000003 EAX bit 5 (AccessHypercallMsrs)
 *         is clear.
 */
HVTLFS_MUST_CHECK int hvtlfs_bringup_check(const struct hvtlfs_features *f);

/*! @} */

/*! @name MSR access
 * @{ */

/*!
 * @brief MSR access: a read and a write function and their context.
 *
 * Each returns 0 on success or a negative value (for example a kernel's
 * rdmsr_safe() mapping a \#GP), which the bring-up functions pass back unchanged.
 */
struct hvtlfs_msr_ops {
	/*! Reads MSR @p msr into @p value; returns 0 or a negative error. */
	int (*read)(void *ctx, uint32_t msr, uint64_t *value);
	/*! Writes @p value to MSR @p msr; returns 0 or a negative error. */
	int (*write)(void *ctx, uint32_t msr, uint64_t value);
	void *ctx; /*!< Passed to read and write. */
};

/*!
 * @brief Native RDMSR (the arch primitive HVTLFS_ARCH_RDMSR); CPL 0 only.
 * @param ctx ignored.
 * @param msr MSR number.
 * @param value receives the value.
 * @return 0, or #HVTLFS_ERR_NULL if @p value is NULL; #HVTLFS_ERR_ARCH_NO_MSR on an
 *         architecture without MSRs (arm64; @p value is set to 0).
 */
int hvtlfs_msr_read_native(void *ctx, uint32_t msr, uint64_t *value);

/*!
 * @brief Native WRMSR (the arch primitive HVTLFS_ARCH_WRMSR); CPL 0 only.
 * @param ctx ignored.
 * @param msr MSR number.
 * @param value the value.
 * @return 0; #HVTLFS_ERR_ARCH_NO_MSR on an architecture without MSRs (arm64).
 */
int hvtlfs_msr_write_native(void *ctx, uint32_t msr, uint64_t value);

/*! @brief Initialiser of a struct hvtlfs_msr_ops using the native RDMSR/WRMSR. */
#define HVTLFS_MSR_OPS_NATIVE                                                                      \
	{                                                                                          \
		hvtlfs_msr_read_native, hvtlfs_msr_write_native, NULL                              \
	}

/*! @} */

/*! @name Synthetic MSRs
 * @{ */

/*!
 * @brief TLFS name of a synthetic MSR (a row of #HVTLFS_MSR_LIST).
 * @param msr MSR number.
 * @return e.g. "HV_X64_MSR_HYPERCALL", or "HV_X64_MSR_UNKNOWN" for an MSR the list
 *         does not name. Never NULL.
 */
const char *hvtlfs_msr_name(uint32_t msr);
/*! @} */

/*! @name Guest OS ID (open-source layout)
 * @{ */
#define HVTLFS_GUEST_OS_ID_OS_TYPE_MAX 0x7Fu   /*!< Largest OS type (7 bits, 62:56). */
#define HVTLFS_GUEST_OS_ID_OS_ID_MAX   0xFFu   /*!< Largest OS id (8 bits, 55:48). */
#define HVTLFS_GUEST_OS_ID_BUILD_MAX   0xFFFFu /*!< Largest build (16 bits, 15:0). */

/*!
 * @brief Encodes a guest OS ID in the TLFS open-source layout: bit 63 set,
 *        OS type 62:56, OS id 55:48, version 47:16, build 15:0.
 * @param out receives the value (never zero); untouched on failure.
 * @param os_type OS type allocated by Microsoft (#HVTLFS_GUEST_OS_TYPE_LINUX, ...),
 *        1 to 0x7F.
 * @param os_id additional vendor information, 0 to 0xFF.
 * @param version upstream kernel version information (32 bits).
 * @param build additional information, 0 to 0xFFFF.
 * @return #HVTLFS_OK; #HVTLFS_ERR_NULL if @p out is NULL;
 *         #HVTLFS_ERR_INVALID_ARG if @p os_type is 0 or above 0x7F, @p os_id above
 *         0xFF or @p build above 0xFFFF (nothing is truncated).
 */
HVTLFS_MUST_CHECK int hvtlfs_guest_os_id_encode(uint64_t *out, uint32_t os_type, uint32_t os_id,
						uint32_t version, uint32_t build);
/*! @} */

/*! @name Hypercall MSR value
 * @{ */

/*! @brief Fields of the hypercall MSR (0x40000001). */
struct hvtlfs_hypercall_msr {
	bool enable;	   /*!< Bit 0: hypercall page enabled. */
	bool locked;	   /*!< Bit 1: MSR locked until reset. */
	uint16_t reserved; /*!< Bits 2-11 (RsvdP: preserve on write), shifted down by 2. */
	uint64_t gpfn;	   /*!< Bits 12-63: guest page frame number of the page. */
};

/*! Largest page frame number a 52-bit GPFN field holds. */
#define HVTLFS_MSR_GPFN_MAX HVTLFS_MASK64(52)

/*!
 * @brief Encodes a hypercall MSR value.
 * @param out receives the value; untouched on failure.
 * @param in the fields.
 * @return #HVTLFS_OK; #HVTLFS_ERR_NULL if a pointer is NULL;
 *         #HVTLFS_ERR_INVALID_ARG if @p in->reserved is above 0x3FF or @p in->gpfn
 *         above #HVTLFS_MSR_GPFN_MAX.
 */
HVTLFS_MUST_CHECK int hvtlfs_hypercall_msr_encode(uint64_t *out,
						  const struct hvtlfs_hypercall_msr *in);

/*!
 * @brief Decodes a hypercall MSR value (every 64-bit value is valid).
 * @param value the MSR value.
 * @param out receives the fields.
 * @return #HVTLFS_OK; #HVTLFS_ERR_NULL if @p out is NULL.
 */
HVTLFS_MUST_CHECK int hvtlfs_hypercall_msr_decode(uint64_t value, struct hvtlfs_hypercall_msr *out);
/*! @} */

/*! @name VP assist page MSR value (0x40000073)
 * @{ */

/*! @brief Fields of the VP assist page MSR. */
struct hvtlfs_vp_assist_msr {
	bool enable;	   /*!< Bit 0: VP assist page enabled. */
	uint16_t reserved; /*!< Bits 1-11 (RsvdP: preserve on write), shifted down by 1. */
	uint64_t gpfn;	   /*!< Bits 12-63: guest page frame number of the page. */
};

/*!
 * @brief Encodes a VP assist page MSR value.
 * @param out receives the value; untouched on failure.
 * @param in the fields.
 * @return #HVTLFS_OK; #HVTLFS_ERR_NULL if a pointer is NULL;
 *         #HVTLFS_ERR_INVALID_ARG if @p in->reserved is above 0x7FF or @p in->gpfn
 *         above #HVTLFS_MSR_GPFN_MAX.
 */
HVTLFS_MUST_CHECK int hvtlfs_vp_assist_msr_encode(uint64_t *out,
						  const struct hvtlfs_vp_assist_msr *in);

/*!
 * @brief Decodes a VP assist page MSR value (every 64-bit value is valid).
 * @param value the MSR value.
 * @param out receives the fields.
 * @return #HVTLFS_OK; #HVTLFS_ERR_NULL if @p out is NULL.
 */
HVTLFS_MUST_CHECK int hvtlfs_vp_assist_msr_decode(uint64_t value, struct hvtlfs_vp_assist_msr *out);
/*! @} */

/*! @name Enable sequences
 * Each validates its arguments before touching an MSR, and on every error
 * after that writes back the original value of each MSR it changed.
 * @{ */

/*!
 * @brief Writes the guest OS ID, then enables the hypercall page at @p page_gpa.
 *
 * Refuses a hypercall MSR locked to another page (before writing anything).
 * Otherwise writes @p guest_os_id (skipped if already equal) and reads it back,
 * then writes the hypercall MSR with the enable bit and the page's GPFN,
 * preserving reserved bits 2-11 as read, and reads it back: enable, locked and
 * GPFN must match (reserved bits are ignored on read, as the TLFS says).
 * An enabled page elsewhere is moved to @p page_gpa; already enabled at
 * @p page_gpa (locked or not), nothing is written to the hypercall MSR.
 *
 * @param ops MSR access.
 * @param guest_os_id the identity to report (see hvtlfs_guest_os_id_encode()).
 * @param page_gpa guest physical address of the page: 4 KiB aligned.
 * @param phys_addr_bits the partition's physical-address width (for example
 *        CPUID 0x80000008 EAX bits 7:0, or hvtlfs_features::phys_addr_bits), 12-64.
 * @param msr_out if not NULL, receives the hypercall MSR value read back.
 * @return #HVTLFS_OK;
 *         #HVTLFS_ERR_NULL if @p ops or one of its functions is NULL;
 *         #HVTLFS_ERR_OS_ID_ZERO if @p guest_os_id is zero;
 *         #HVTLFS_ERR_INVALID_ARG if @p phys_addr_bits is outside 12-64;
 *         #HVTLFS_ERR_ALIGNMENT if @p page_gpa is not 4 KiB aligned;
 *         #HVTLFS_ERR_ADDRESS_WIDTH if @p page_gpa is beyond @p phys_addr_bits;
 *         #HVTLFS_ERR_MSR_LOCKED if the MSR is locked and not enabled at @p page_gpa;
 *         #HVTLFS_ERR_READBACK if a read-back differs from what was written;
 *         or the negative value an ops function returned.
 */
HVTLFS_MUST_CHECK int hvtlfs_hypercall_page_enable(const struct hvtlfs_msr_ops *ops,
						   uint64_t guest_os_id, uint64_t page_gpa,
						   uint32_t phys_addr_bits, uint64_t *msr_out);

/*!
 * @brief Disables the hypercall page: clears the enable bit, keeping the GPFN and
 *        reserved bits, and confirms by reading back. The guest OS ID is left as is.
 * @param ops MSR access.
 * @return #HVTLFS_OK (also when already disabled: nothing written);
 *         #HVTLFS_ERR_NULL if @p ops or one of its functions is NULL;
 *         #HVTLFS_ERR_MSR_LOCKED if the MSR is locked while enabled;
 *         #HVTLFS_ERR_READBACK if the page still reads as enabled (the original
 *         value is written back);
 *         or the negative value an ops function returned.
 */
HVTLFS_MUST_CHECK int hvtlfs_hypercall_page_disable(const struct hvtlfs_msr_ops *ops);

/*!
 * @brief Enables the current VP's assist page at @p page_gpa, preserving
 *        reserved bits 1-11 as read, and confirms by reading back.
 * @param ops MSR access (the MSR is per virtual processor: run on the VP concerned).
 * @param page_gpa guest physical address of the page: 4 KiB aligned.
 * @param phys_addr_bits the partition's physical-address width, 12-64.
 * @param msr_out if not NULL, receives the MSR value read back.
 * @return #HVTLFS_OK (nothing written if already enabled there);
 *         #HVTLFS_ERR_NULL if @p ops or one of its functions is NULL;
 *         #HVTLFS_ERR_INVALID_ARG if @p phys_addr_bits is outside 12-64;
 *         #HVTLFS_ERR_ALIGNMENT if @p page_gpa is not 4 KiB aligned;
 *         #HVTLFS_ERR_ADDRESS_WIDTH if @p page_gpa is beyond @p phys_addr_bits;
 *         #HVTLFS_ERR_READBACK if the read-back differs (the original value is
 *         written back); or the negative value an ops function returned.
 */
HVTLFS_MUST_CHECK int hvtlfs_vp_assist_enable(const struct hvtlfs_msr_ops *ops, uint64_t page_gpa,
					      uint32_t phys_addr_bits, uint64_t *msr_out);

/*!
 * @brief Disables the current VP's assist page (clears the enable bit) and
 *        confirms by reading back.
 * @param ops MSR access.
 * @return #HVTLFS_OK (also when already disabled: nothing written);
 *         #HVTLFS_ERR_NULL if @p ops or one of its functions is NULL;
 *         #HVTLFS_ERR_READBACK if it still reads as enabled (the original value
 *         is written back); or the negative value an ops function returned.
 */
HVTLFS_MUST_CHECK int hvtlfs_vp_assist_disable(const struct hvtlfs_msr_ops *ops);

/*!
 * @brief Reads the current processor's VP index (MSR 0x40000002).
 * @param ops MSR access.
 * @param vp_index receives the index; untouched on failure.
 * @return #HVTLFS_OK; #HVTLFS_ERR_NULL if a pointer is NULL;
 *         #HVTLFS_ERR_VP_RANGE if the MSR reads above 0xFFFFFFFD (HV_VP_INDEX is
 *         32 bits, and 0xFFFFFFFE/0xFFFFFFFF are HV_VP_INDEX_SELF/HV_ANY_VP);
 *         or the negative value the read function returned.
 */
HVTLFS_MUST_CHECK int hvtlfs_vp_index_read(const struct hvtlfs_msr_ops *ops, uint32_t *vp_index);

/*! @} */

/*! @name Synthetic registers and SMCCC detection (arm64)
 * arm64 has no CPUID and no MSRs: Hyper-V is recognised by its SMCCC vendor-hypervisor
 * UID, and the values x86 reads from CPUID leaves 0x40000002-0x40000005 and from the
 * synthetic MSRs are synthetic registers read and written with HvCallGetVpRegisters
 * and HvCallSetVpRegisters (TLFS "Virtual Processor Register Names"; Linux
 * arch/arm64/hyperv does the same). The same seam idea as the MSR ops: a register
 * ops struct, native (fast Get/Set through `hvc #0`) or a test's.
 * @{ */

/*! @brief Access to the current VP's synthetic registers. */
struct hvtlfs_vpreg_ops {
	/*! Reads register @p name (HV_REGISTER_NAME) into @p value (low, high 64
	 *  bits); returns 0 or a negative error. */
	int (*get)(void *ctx, uint32_t name, uint64_t value[2]);
	/*! Writes @p lo, @p hi to register @p name; returns 0 or a negative error. */
	int (*set)(void *ctx, uint32_t name, uint64_t lo, uint64_t hi);
	void *ctx; /*!< Passed to get and set. */
};

/*!
 * @brief Native register read: one fast HvCallGetVpRegisters of the calling VP
 *        (partition self, VP self, the caller's VTL) with rep count 1, input in
 *        X2-X4 and the value read back from X6/X7, as Linux's arm64
 *        hv_get_vpreg_128() issues it.
 * @param ctx ignored.
 * @param name the register (HV_REGISTER_NAME); the arm64 register catalog must
 *        know it.
 * @param value receives the low and high 64 bits; untouched on failure.
 * @return #HVTLFS_OK; #HVTLFS_ERR_NULL; #HVTLFS_ERR_UNKNOWN_REGISTER (nothing
 *         called); #HVTLFS_ERR_HV_STATUS for a failure status;
 *         #HVTLFS_ERR_REGISTER_SHORT when the hypervisor reports success with no
 *         rep completed; #HVTLFS_ERR_ARCH_NO_MSR on an architecture without the
 *         register-file fast form (x86: use the MSRs).
 */
HVTLFS_MUST_CHECK int hvtlfs_vpreg_get_native(void *ctx, uint32_t name, uint64_t value[2]);

/*!
 * @brief Native register write: one fast HvCallSetVpRegisters of the calling VP
 *        (48 bytes of input in X2-X7, as Linux's arm64 hv_set_vpreg()).
 * @param ctx ignored.
 * @param name the register; the arm64 catalog must know it.
 * @param lo low 64 bits of the value.
 * @param hi high 64 bits.
 * @return #HVTLFS_OK; #HVTLFS_ERR_UNKNOWN_REGISTER, #HVTLFS_ERR_REGISTER_READ_ONLY,
 *         #HVTLFS_ERR_REGISTER_WIDTH (nothing called); #HVTLFS_ERR_HV_STATUS;
 *         #HVTLFS_ERR_REGISTER_SHORT; #HVTLFS_ERR_ARCH_NO_MSR as for
 *         hvtlfs_vpreg_get_native().
 */
HVTLFS_MUST_CHECK int hvtlfs_vpreg_set_native(void *ctx, uint32_t name, uint64_t lo, uint64_t hi);

/*! @brief Initialiser of a struct hvtlfs_vpreg_ops using the native calls. */
#define HVTLFS_VPREG_OPS_NATIVE                                                                    \
	{                                                                                          \
		hvtlfs_vpreg_get_native, hvtlfs_vpreg_set_native, NULL                             \
	}

/*!
 * @brief Issues the SMCCC Call UID query of the vendor-specific hypervisor service
 *        (the arch primitive HVTLFS_ARCH_SMCCC_CALL_UID, `hvc #0` on arm64).
 * @param uid receives W0-W3; on an architecture without it, the SMCCC
 *        NOT_SUPPORTED answer (W0 = 0xFFFFFFFF, the rest 0).
 */
void hvtlfs_smccc_call_uid_native(uint32_t uid[4]);

/*!
 * @brief Judges a Call UID answer: Hyper-V's UID
 *        58ba324d-6447-24cd-756c-ef8e24705916 (W0-W3 #HVTLFS_SMCCC_HYPERV_UID_W0 ...),
 *        or the words "MsHy" "perV" 0 0 that earlier Hyper-V releases answer
 *        (Linux accepts both).
 * @param uid W0-W3.
 * @return #HVTLFS_OK for Hyper-V; #HVTLFS_ERR_NULL; #HVTLFS_ERR_SMCCC_UNSUPPORTED
 *         when W0 is the SMCCC NOT_SUPPORTED answer; #HVTLFS_ERR_NOT_HYPERV for
 *         another hypervisor's UID (KVM's, ...).
 */
HVTLFS_MUST_CHECK int hvtlfs_smccc_uid_check(const uint32_t uid[4]);

/*!
 * @brief Detection and feature discovery through synthetic registers (arm64),
 *        into the same struct hvtlfs_features the CPUID path fills.
 *
 * Checks the SMCCC UID, then reads HvRegisterHypervisorVersion (0x00000100),
 * HvRegisterPrivilegesAndFeaturesInfo (0x00000200), HvRegisterFeaturesInfo
 * (0x00000201) and HvRegisterImplementationLimitsInfo (0x00000202), each the
 * counterpart of CPUID leaf 0x40000002-0x40000005 with its four 32-bit words in
 * the EAX-EDX order. What is filled: the version, the partition privileges (words a
 * and b: the same HV_PARTITION_PRIVILEGE_MASK as x86), the limits (max VPs and
 * LPs), and #hvtlfs_features::hints_eax with the raw word a of the features
 * register. Not filled: the x86 feature and hint flags (the arm64 meanings of
 * word c and d of the privileges register and of the hint bits differ from x86's
 * or are not published; decoding them with x86 meanings would mislead a planner),
 * so the planners choose the plain forms. #hvtlfs_features::vendor reads
 * "Microsoft Hv" and the interface "Hv#1" stands for the UID match.
 * @param[out] out the features; zeroed first.
 * @param uid the Call UID answer (W0-W3), or NULL to query it natively.
 * @param ops register access.
 * @return #HVTLFS_OK; #HVTLFS_ERR_NULL; an hvtlfs_smccc_uid_check() refusal;
 *         or the negative value a register read returned.
 */
HVTLFS_MUST_CHECK int hvtlfs_detect_vpregs(struct hvtlfs_features *out, const uint32_t uid[4],
					   const struct hvtlfs_vpreg_ops *ops);

/*!
 * @brief Reports the guest's identity: writes HvRegisterGuestOsId (0x00090002)
 *        and reads it back (Linux arm64 does this first, before any other call).
 * @param ops register access.
 * @param guest_os_id the identity (hvtlfs_guest_os_id_encode()).
 * @return #HVTLFS_OK; #HVTLFS_ERR_NULL; #HVTLFS_ERR_OS_ID_ZERO (nothing written);
 *         #HVTLFS_ERR_READBACK if it reads back different; or the negative value
 *         an ops function returned.
 */
HVTLFS_MUST_CHECK int hvtlfs_guest_os_id_set_vpreg(const struct hvtlfs_vpreg_ops *ops,
						   uint64_t guest_os_id);

/*!
 * @brief Reads the current VP's index from HvRegisterVpIndex (0x00090003).
 * @param ops register access.
 * @param vp_index receives the index; untouched on failure.
 * @return #HVTLFS_OK; #HVTLFS_ERR_NULL; #HVTLFS_ERR_VP_RANGE if the register
 *         reads above 0xFFFFFFFD (or has high bits set); or the negative value the
 *         read returned.
 */
HVTLFS_MUST_CHECK int hvtlfs_vp_index_read_vpreg(const struct hvtlfs_vpreg_ops *ops,
						 uint32_t *vp_index);

/*! @} */

/*! @} */

HVTLFS_END_DECLS

#endif /* HVTLFS_BRINGUP_H */
