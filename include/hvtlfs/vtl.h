/* SPDX-License-Identifier: BSD-2-Clause */
/*!
 * @file vtl.h
 * @brief AP start-up and virtual trust levels: HvCallGetVpIndexFromApicId,
 *        HvCallEnablePartitionVtl, HvCallEnableVpVtl, HvCallStartVirtualProcessor and
 *        HV_INITIAL_VP_CONTEXT; the VSM registers that say where VTL call and VTL
 *        return live in the hypercall page.
 *
 * No assembly: VTL call and VTL return are made by vp.h (hvtlfs_vtl_call(),
 * hvtlfs_vtl_return()), the hypervisor side decodes every call here in hvcall.h.
 */
#ifndef HVTLFS_VTL_H
#define HVTLFS_VTL_H

#include "hvtlfs/env.h"
#include "hvtlfs/error.h"
#include "hvtlfs/tlfs.h"
#include "hvtlfs/control.h"

HVTLFS_BEGIN_DECLS

/*!
 * @defgroup vtl AP start-up and VTLs
 * @brief Wire structs and builders of the calls that start virtual processors and
 *        enable VTLs, and the VSM code page offsets.
 *
 * A VTL is enabled for the partition first (HvCallEnablePartitionVtl), then on each
 * VP, with the context the VP starts in when it first enters that VTL
 * (HvCallEnableVpVtl); HvCallStartVirtualProcessor starts a VP in a VTL with a
 * context, the only way to start one in a VTL above 0 (TLFS vsm.md "VTL Enablement";
 * the call pages). HvCallGetVpIndexFromApicId gives the VP index of an APIC id.
 * HvCallEnableVpVtl and HvCallStartVirtualProcessor take the same 240 bytes, struct
 * hvtlfs_start_vp_input (the TLFS tables of the two calls agree field for field).
 *
 * Privileges (CPUID 0x40000003 EBX): AccessVsm (bit 16) for the VTL calls, together
 * with AccessVpRegisters (bit 17) and AccessSynicRegs (EAX bit 2) to use VSM at all
 * (TLFS vsm.md "VSM Detection and Status"); StartVirtualProcessor (bit 21) for
 * HvCallStartVirtualProcessor (TLFS datatypes/hv_partition_privilege_mask.md).
 *
 * HV_INITIAL_VP_CONTEXT is the x64 layout of the TLFS (x86 guests use it too); the
 * arm64 one differs and is not defined here.
 * @{
 */

/*! @name HV_X64_SEGMENT_REGISTER attributes (TLFS datatypes/hv_x64_segment_register.md)
 * @{ */
#define HVTLFS_X64_SEGMENT_TYPE_MASK   0x000Fu /*!< Bits 0-3: SegmentType. */
#define HVTLFS_X64_SEGMENT_NON_SYSTEM  0x0010u /*!< Bit 4: code or data (S). */
#define HVTLFS_X64_SEGMENT_DPL_SHIFT   5u      /*!< Bits 5-6: DescriptorPrivilegeLevel. */
#define HVTLFS_X64_SEGMENT_DPL_MASK    0x0060u /*!< Bits 5-6: DescriptorPrivilegeLevel. */
#define HVTLFS_X64_SEGMENT_PRESENT     0x0080u /*!< Bit 7: Present (clear: a null segment). */
#define HVTLFS_X64_SEGMENT_RESERVED    0x0F00u /*!< Bits 8-11: Reserved. */
#define HVTLFS_X64_SEGMENT_AVAILABLE   0x1000u /*!< Bit 12: Available. */
#define HVTLFS_X64_SEGMENT_LONG	       0x2000u /*!< Bit 13: Long (64-bit code). */
#define HVTLFS_X64_SEGMENT_DEFAULT     0x4000u /*!< Bit 14: Default operand size (D/B). */
#define HVTLFS_X64_SEGMENT_GRANULARITY 0x8000u /*!< Bit 15: Granularity (4 KiB limit). */
/*! @} */

/*! @brief HV_X64_SEGMENT_REGISTER: a segment register with its hidden state; also an
 *         HV_REGISTER_VALUE of HvX64RegisterCs and the other segment registers. */
struct hvtlfs_x64_segment_register {
	uint64_t base;	     /*!< Base (FS and GS base MSRs are this field). */
	uint32_t limit;	     /*!< Limit (ignored for 64-bit segments). */
	uint16_t selector;   /*!< Selector. */
	uint16_t attributes; /*!< HVTLFS_X64_SEGMENT_* bits. */
};
HVTLFS_ASSERT_SIZE(struct hvtlfs_x64_segment_register, 16);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_x64_segment_register, base, 0);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_x64_segment_register, limit, 8);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_x64_segment_register, selector, 12);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_x64_segment_register, attributes, 14);

/*! @brief HV_X64_TABLE_REGISTER: GDTR or IDTR (TLFS datatypes/hv_x64_table_register.md). */
struct hvtlfs_x64_table_register {
	uint16_t pad[3]; /*!< Padding, zero. */
	uint16_t limit;	 /*!< Limit. */
	uint64_t base;	 /*!< Base. */
};
HVTLFS_ASSERT_SIZE(struct hvtlfs_x64_table_register, 16);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_x64_table_register, pad, 0);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_x64_table_register, limit, 6);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_x64_table_register, base, 8);

/*!
 * @brief HV_INITIAL_VP_CONTEXT: the state a VP starts in (TLFS
 *        datatypes/hv_initial_vp_context.md). RFLAGS bit 1 is architecturally 1.
 */
struct hvtlfs_initial_vp_context {
	uint64_t rip;				 /*!< RIP. */
	uint64_t rsp;				 /*!< RSP. */
	uint64_t rflags;			 /*!< RFLAGS. */
	struct hvtlfs_x64_segment_register cs;	 /*!< CS. */
	struct hvtlfs_x64_segment_register ds;	 /*!< DS. */
	struct hvtlfs_x64_segment_register es;	 /*!< ES. */
	struct hvtlfs_x64_segment_register fs;	 /*!< FS. */
	struct hvtlfs_x64_segment_register gs;	 /*!< GS. */
	struct hvtlfs_x64_segment_register ss;	 /*!< SS. */
	struct hvtlfs_x64_segment_register tr;	 /*!< TR. */
	struct hvtlfs_x64_segment_register ldtr; /*!< LDTR. */
	struct hvtlfs_x64_table_register idtr;	 /*!< IDTR. */
	struct hvtlfs_x64_table_register gdtr;	 /*!< GDTR. */
	uint64_t efer;				 /*!< EFER. */
	uint64_t cr0;				 /*!< CR0. */
	uint64_t cr3;				 /*!< CR3. */
	uint64_t cr4;				 /*!< CR4. */
	uint64_t msr_cr_pat;			 /*!< IA32_PAT. */
};
HVTLFS_ASSERT_SIZE(struct hvtlfs_initial_vp_context, 224);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_initial_vp_context, rip, 0);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_initial_vp_context, rsp, 8);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_initial_vp_context, rflags, 16);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_initial_vp_context, cs, 24);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_initial_vp_context, ds, 40);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_initial_vp_context, es, 56);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_initial_vp_context, fs, 72);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_initial_vp_context, gs, 88);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_initial_vp_context, ss, 104);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_initial_vp_context, tr, 120);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_initial_vp_context, ldtr, 136);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_initial_vp_context, idtr, 152);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_initial_vp_context, gdtr, 168);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_initial_vp_context, efer, 184);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_initial_vp_context, cr0, 192);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_initial_vp_context, cr3, 200);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_initial_vp_context, cr4, 208);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_initial_vp_context, msr_cr_pat, 216);

/*! @brief Input of HvCallStartVirtualProcessor and of HvCallEnableVpVtl (TLFS
 *         hypercalls/HvCallStartVirtualProcessor.md, HvCallEnableVpVtl.md). */
struct hvtlfs_start_vp_input {
	uint64_t partition_id; /*!< The partition (#HVTLFS_PARTITION_ID_SELF). */
	uint32_t vp_index;     /*!< The VP to start, or to enable the VTL on. */
	uint8_t target_vtl;    /*!< HV_VTL: a plain VTL number, 0-15. */
	/*! RsvdZ for HvCallEnableVpVtl; padding (ignored) for
	 *  HvCallStartVirtualProcessor. Written zero. */
	uint8_t rsvdz[3];
	struct hvtlfs_initial_vp_context context; /*!< Where the VP starts in that VTL. */
};
HVTLFS_ASSERT_SIZE(struct hvtlfs_start_vp_input, 240);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_start_vp_input, partition_id, 0);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_start_vp_input, vp_index, 8);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_start_vp_input, target_vtl, 12);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_start_vp_input, rsvdz, 13);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_start_vp_input, context, 16);

/*! @name HV_ENABLE_PARTITION_VTL_FLAGS
 * @{ */
/*! Bit 0: EnableMbec (TLFS hypercalls/HvCallEnablePartitionVtl.md). */
#define HVTLFS_ENABLE_PARTITION_VTL_MBEC 0x01u
/*! Bit 1: EnableSupervisorShadowStack (OpenVMM; the TLFS table reserves it). */
#define HVTLFS_ENABLE_PARTITION_VTL_SUPERVISOR_SHADOW_STACK 0x02u
/*! Bit 2: EnableHardwareHvpt (OpenVMM; the TLFS table reserves it). */
#define HVTLFS_ENABLE_PARTITION_VTL_HARDWARE_HVPT 0x04u
/*! The flags this library knows; bits 3-7 are reserved. */
#define HVTLFS_ENABLE_PARTITION_VTL_KNOWN 0x07u
/*! @} */

/*! @brief Input of HvCallEnablePartitionVtl. */
struct hvtlfs_enable_partition_vtl_input {
	uint64_t partition_id; /*!< The partition (#HVTLFS_PARTITION_ID_SELF). */
	uint8_t target_vtl;    /*!< HV_VTL to enable, 0-15. */
	uint8_t flags;	       /*!< HVTLFS_ENABLE_PARTITION_VTL_* bits. */
	uint8_t rsvdz[6];      /*!< Reserved, zero. */
};
HVTLFS_ASSERT_SIZE(struct hvtlfs_enable_partition_vtl_input, 16);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_enable_partition_vtl_input, partition_id, 0);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_enable_partition_vtl_input, target_vtl, 8);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_enable_partition_vtl_input, flags, 9);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_enable_partition_vtl_input, rsvdz, 10);

/*! @brief Fixed input of HvCallGetVpIndexFromApicId; 4-byte APIC ids follow at 16. */
struct hvtlfs_get_vp_index_input {
	uint64_t partition_id; /*!< The partition (#HVTLFS_PARTITION_ID_SELF). */
	uint8_t target_vtl;    /*!< HV_VTL, 0-15. */
	uint8_t padding[7];    /*!< Padding: written zero, ignored by the hypervisor. */
};
HVTLFS_ASSERT_SIZE(struct hvtlfs_get_vp_index_input, 16);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_get_vp_index_input, partition_id, 0);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_get_vp_index_input, target_vtl, 8);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_get_vp_index_input, padding, 9);

/*! APIC ids one HvCallGetVpIndexFromApicId takes in a 4 KiB input page: 1020 (their
 *  VP indices, 4 bytes each, fit the output page). */
#define HVTLFS_GET_VP_INDEX_MAX_PER_PAGE                                                           \
	((HVTLFS_PAGE_SIZE - sizeof(struct hvtlfs_get_vp_index_input)) / sizeof(uint32_t))

/*! @name HvRegisterVsmCodePageOffsets (TLFS vsm.md "Hypercall Page Assist")
 * @{ */
#define HVTLFS_VSM_CODE_PAGE_OFFSETS_CALL_MASK	  HVTLFS_U64(0x0000000000000FFF) /*!< Bits 0-11. */
#define HVTLFS_VSM_CODE_PAGE_OFFSETS_RETURN_SHIFT 12u /*!< Bits 12-23: VtlReturnOffset. */
#define HVTLFS_VSM_CODE_PAGE_OFFSETS_RETURN_MASK  HVTLFS_U64(0x0000000000FFF000) /*!< 12-23. */
/*! Bits 24-63: ReservedZ. */
#define HVTLFS_VSM_CODE_PAGE_OFFSETS_RESERVED HVTLFS_U64(0xFFFFFFFFFF000000)
/*! @} */

/*! @name HvRegisterVsmVpStatus (TLFS vsm.md "HvRegisterVsmVpStatus")
 * @{ */
#define HVTLFS_VSM_VP_STATUS_ACTIVE_VTL_MASK	HVTLFS_U64(0x000000000000000F) /*!< 0-3. */
#define HVTLFS_VSM_VP_STATUS_ACTIVE_MBEC	HVTLFS_BIT64(4) /*!< ActiveMbecEnabled. */
#define HVTLFS_VSM_VP_STATUS_ENABLED_VTLS_SHIFT 16u		/*!< EnabledVtlSet shift. */
#define HVTLFS_VSM_VP_STATUS_ENABLED_VTLS_MASK	HVTLFS_U64(0x00000000FFFF0000) /*!< 16-31. */
/*! @} */

/*! @name HvRegisterVsmPartitionStatus (TLFS vsm.md "HvRegisterVsmPartitionStatus")
 * @{ */
#define HVTLFS_VSM_PARTITION_STATUS_ENABLED_VTLS_MASK HVTLFS_U64(0x000000000000FFFF) /*!< 0-15. */
#define HVTLFS_VSM_PARTITION_STATUS_MAX_VTL_SHIFT     16u /*!< MaximumVtl, bits 16-19. */
#define HVTLFS_VSM_PARTITION_STATUS_MAX_VTL_MASK      HVTLFS_U64(0x00000000000F0000) /*!< 16-19. */
#define HVTLFS_VSM_PARTITION_STATUS_MBEC_VTLS_SHIFT   20u /*!< MbecEnabledVtlSet, bits 20-35. */
#define HVTLFS_VSM_PARTITION_STATUS_MBEC_VTLS_MASK    HVTLFS_U64(0x0000000FFFF00000) /*!< 20-35. */
/*! @} */

/*! @name VTL call and VTL return control inputs (TLFS vsm.md "VTL Call", "VTL Return")
 * @{ */
/*! Every bit of the VTL call control input is reserved: it is 0. */
#define HVTLFS_VTL_CALL_INPUT_RESERVED (~HVTLFS_U64(0))
/*! VTL return control input bit 0: fast return (the lower VTL's RAX and RCX are not
 *  restored from the VP assist page's HV_VP_VTL_CONTROL). */
#define HVTLFS_VTL_RETURN_FAST HVTLFS_BIT64(0)
/*! VTL return control input bits 1-63: RsvdZ. */
#define HVTLFS_VTL_RETURN_INPUT_RESERVED (~HVTLFS_VTL_RETURN_FAST)
/*! @} */

/*! @brief Where the VTL call and VTL return sequences sit in the hypercall page
 *         (HvRegisterVsmCodePageOffsets, read with hvtlfs_register_get()). */
struct hvtlfs_vsm_code_page_offsets {
	uint16_t vtl_call;   /*!< Byte offset of the VTL call sequence (0-4095). */
	uint16_t vtl_return; /*!< Byte offset of the VTL return sequence (0-4095). */
};

/*!
 * @brief Decodes HvRegisterVsmCodePageOffsets.
 * @param value the register's value (its low 64 bits).
 * @param[out] out the two offsets; untouched on error.
 * @return #HVTLFS_OK; #HVTLFS_ERR_NULL; #HVTLFS_ERR_RESERVED_BITS for a bit of 24-63
 *         set (not a value the hypervisor gives: a wrong register read).
 */
HVTLFS_MUST_CHECK int hvtlfs_vsm_code_page_offsets_decode(uint64_t value,
							  struct hvtlfs_vsm_code_page_offsets *out);

/*!
 * @brief Encodes HvRegisterVsmCodePageOffsets (the hypervisor side; hvtlfs::mock).
 * @param[out] value the register value.
 * @param offsets the two offsets.
 * @return #HVTLFS_OK; #HVTLFS_ERR_NULL; #HVTLFS_ERR_INVALID_ARG for an offset above
 *         4095 (it would not fit its 12 bits).
 */
HVTLFS_MUST_CHECK int
hvtlfs_vsm_code_page_offsets_encode(uint64_t *value,
				    const struct hvtlfs_vsm_code_page_offsets *offsets);

/*!
 * @brief Builds HvCallEnablePartitionVtl (simple, 16 bytes: fast with RDX and R8).
 * @param[out] in input buffer (8-byte aligned): the input page or fast registers.
 * @param in_size bytes available at @p in.
 * @param partition_id the partition (#HVTLFS_PARTITION_ID_SELF).
 * @param target_vtl the VTL to enable, 0-15.
 * @param flags HVTLFS_ENABLE_PARTITION_VTL_* bits.
 * @param opts 0 or an OR of #HVTLFS_CTL_FAST and #HVTLFS_CTL_NESTED.
 * @param[out] out control word and input size.
 * @return #HVTLFS_OK; #HVTLFS_ERR_NULL; #HVTLFS_ERR_ALIGNMENT;
 *         #HVTLFS_ERR_INVALID_ARG for partition id 0 or unknown @p opts;
 *         #HVTLFS_ERR_VTL_RANGE; #HVTLFS_ERR_BAD_FLAGS for a reserved flag;
 *         #HVTLFS_ERR_NO_SPACE.
 */
HVTLFS_MUST_CHECK int hvtlfs_enable_partition_vtl_build(void *in, size_t in_size,
							uint64_t partition_id, uint8_t target_vtl,
							uint8_t flags, unsigned int opts,
							struct hvtlfs_prepared *out);

/*!
 * @brief Builds HvCallEnableVpVtl (simple, slow only: 240 bytes).
 * @param[out] in input page (8-byte aligned).
 * @param in_size bytes available at @p in.
 * @param partition_id the partition.
 * @param vp_index the VP to enable the VTL on.
 * @param target_vtl the VTL, 0-15.
 * @param context the VP's initial state in that VTL (written as given).
 * @param opts 0 or #HVTLFS_CTL_NESTED.
 * @param[out] out control word and input size.
 * @return #HVTLFS_OK; #HVTLFS_ERR_NULL; #HVTLFS_ERR_ALIGNMENT;
 *         #HVTLFS_ERR_INVALID_ARG for partition id 0 or unknown @p opts;
 *         #HVTLFS_ERR_FAST_NOT_ALLOWED for #HVTLFS_CTL_FAST (the input never fits
 *         the registers); #HVTLFS_ERR_VTL_RANGE; #HVTLFS_ERR_NO_SPACE.
 */
HVTLFS_MUST_CHECK int hvtlfs_enable_vp_vtl_build(void *in, size_t in_size, uint64_t partition_id,
						 uint32_t vp_index, uint8_t target_vtl,
						 const struct hvtlfs_initial_vp_context *context,
						 unsigned int opts, struct hvtlfs_prepared *out);

/*!
 * @brief Builds HvCallStartVirtualProcessor (simple, slow only: 240 bytes).
 * @param[out] in input page (8-byte aligned).
 * @param in_size bytes available at @p in.
 * @param partition_id the partition.
 * @param vp_index the VP to start (hvtlfs_get_vp_index_build() maps APIC ids).
 * @param target_vtl the VTL it starts in, 0-15.
 * @param context its initial state (written as given).
 * @param opts 0 or #HVTLFS_CTL_NESTED.
 * @param[out] out control word and input size.
 * @return as hvtlfs_enable_vp_vtl_build().
 */
HVTLFS_MUST_CHECK int hvtlfs_start_vp_build(void *in, size_t in_size, uint64_t partition_id,
					    uint32_t vp_index, uint8_t target_vtl,
					    const struct hvtlfs_initial_vp_context *context,
					    unsigned int opts, struct hvtlfs_prepared *out);

/*!
 * @brief Builds HvCallGetVpIndexFromApicId (rep): the header, then the APIC ids packed
 *        4 bytes apart. The VP indices come back in the output page, 4 bytes apart
 *        (hvtlfs_get_vp_index_parse()); fast, after the input in the register image.
 * @param[out] in input buffer (8-byte aligned).
 * @param in_size bytes available at @p in: the input rounded up to 8 bytes (an odd
 *        count's last word is written whole, its high half 0).
 * @param partition_id the partition.
 * @param target_vtl the VTL, 0-15.
 * @param apic_ids the APIC ids.
 * @param count how many, 1-4095.
 * @param opts 0 or an OR of #HVTLFS_CTL_FAST and #HVTLFS_CTL_NESTED.
 * @param[out] out control word and input size.
 * @return #HVTLFS_OK; #HVTLFS_ERR_NULL; #HVTLFS_ERR_ALIGNMENT;
 *         #HVTLFS_ERR_INVALID_ARG; #HVTLFS_ERR_VTL_RANGE; #HVTLFS_ERR_REP_COUNT_ZERO;
 *         #HVTLFS_ERR_REP_COUNT_RANGE; #HVTLFS_ERR_FAST_TOO_BIG;
 *         #HVTLFS_ERR_NO_SPACE.
 */
HVTLFS_MUST_CHECK int hvtlfs_get_vp_index_build(void *in, size_t in_size, uint64_t partition_id,
						uint8_t target_vtl, const uint32_t *apic_ids,
						uint32_t count, unsigned int opts,
						struct hvtlfs_prepared *out);

/*!
 * @brief Reads the VP indices HvCallGetVpIndexFromApicId returned: index i from bytes
 *        4 i .. 4 i + 3 of @p output, little-endian.
 * @param output the output page (or the fast register image from
 *        #HVTLFS_FAST_OUTPUT_OFFSET(input size) on).
 * @param output_size bytes readable at @p output.
 * @param count indices to read.
 * @param[out] vp_indices receives them.
 * @return #HVTLFS_OK; #HVTLFS_ERR_NULL; #HVTLFS_ERR_TRUNCATED.
 */
HVTLFS_MUST_CHECK int hvtlfs_get_vp_index_parse(const void *output, size_t output_size,
						uint32_t count, uint32_t *vp_indices);

/*! @} */

HVTLFS_END_DECLS

#endif /* HVTLFS_VTL_H */
