/* SPDX-License-Identifier: BSD-2-Clause */
/*!
 * @file nested.h
 * @brief Nested virtualization: the enlightened VMCS and its clean fields, and
 *        the VP assist page layout.
 *
 * For an L1 hypervisor (KVM, Xen, a research hypervisor) running on Hyper-V,
 * and for a hypervisor that offers these enlightenments to its own guests.
 * See the guide docs/nested.md.
 */
#ifndef HVTLFS_NESTED_H
#define HVTLFS_NESTED_H

#include "hvtlfs/env.h"
#include "hvtlfs/error.h"
#include "hvtlfs/features.h"

HVTLFS_BEGIN_DECLS

/*!
 * @defgroup nested Nested virtualization
 * @brief Enlightened VMCS, clean fields, VP assist page.
 *
 * Layouts follow the TLFS datatypes HV_VMX_ENLIGHTENED_VMCS, HV_VP_ASSIST_PAGE and
 * HV_NESTED_ENLIGHTENMENTS_CONTROL. The nested CPUID bits (leaves 0x40000004 and
 * 0x4000000A) are decoded by the features module (features.h), the VP assist page
 * MSR (enable bit, page address) by the bring-up module (bringup.h).
 * @{
 */

/*! @name Enlightened VMCS versions this library implements
 * @{ */
#define HVTLFS_EVMCS_VERSION_MIN 1u /*!< Lowest eVMCS version the library knows. */
#define HVTLFS_EVMCS_VERSION_MAX 1u /*!< Highest eVMCS version the library knows. */
/*! An enlightened VMCS is one page: 4096 bytes, of which the layout uses the first 1024. */
#define HVTLFS_EVMCS_PAGE_SIZE 4096u
/*! @} */

/*!
 * @brief Picks the enlightened VMCS version to use: the highest version both
 *        the partition (leaf 0x4000000A) and this library support.
 * @param features leaf 0x4000000A as decoded by hvtlfs_features_decode_nested()
 *        (hvtlfs_features::nested).
 * @param[out] version receives the version; untouched on error.
 * @return #HVTLFS_OK; #HVTLFS_ERR_NULL;
 *         #HVTLFS_ERR_NO_FEATURE if the partition offers no eVMCS (range 0..0);
 *         #HVTLFS_ERR_EVMCS_VERSION if the range is malformed or holds no
 *         version between #HVTLFS_EVMCS_VERSION_MIN and #HVTLFS_EVMCS_VERSION_MAX.
 */
HVTLFS_MUST_CHECK int hvtlfs_evmcs_version_select(const struct hvtlfs_nested_features *features,
						  uint32_t *version);

/*! @name Enlightened VMCS clean fields (HV_VMX_ENLIGHTENED_CLEAN_FIELD_*)
 * A set bit in hvtlfs_evmcs::clean_fields tells the L0 hypervisor that the
 * group is unchanged since the last nested VM entry; the L1 clears it
 * ("marks it dirty") whenever it writes a field of the group.
 * @{ */
#define HVTLFS_EVMCS_CLEAN_NONE	      0u	/*!< Fields no clean bit covers. */
#define HVTLFS_EVMCS_CLEAN_IO_BITMAP  (1u << 0) /*!< IoBitmapA/B. */
#define HVTLFS_EVMCS_CLEAN_MSR_BITMAP (1u << 1) /*!< MsrBitmap and the bitmap's contents. */
#define HVTLFS_EVMCS_CLEAN_CONTROL_GRP2                                                            \
	(1u << 2) /*!< TSC offset/multiplier, APIC page, XSS/ENCLS. */
#define HVTLFS_EVMCS_CLEAN_CONTROL_GRP1		  (1u << 3) /*!< Pin, exit and secondary controls. */
#define HVTLFS_EVMCS_CLEAN_CONTROL_PROC		  (1u << 4) /*!< Primary processor controls. */
#define HVTLFS_EVMCS_CLEAN_CONTROL_EVENT	  (1u << 5) /*!< Entry event injection. */
#define HVTLFS_EVMCS_CLEAN_CONTROL_ENTRY	  (1u << 6) /*!< Entry controls. */
#define HVTLFS_EVMCS_CLEAN_CONTROL_EXCPN	  (1u << 7) /*!< Exception bitmap. */
#define HVTLFS_EVMCS_CLEAN_CRDR			  (1u << 8) /*!< CR masks and shadows, guest CR0/3/4, DR7. */
#define HVTLFS_EVMCS_CLEAN_CONTROL_XLAT		  (1u << 9) /*!< VPID and EPT root. */
#define HVTLFS_EVMCS_CLEAN_GUEST_BASIC		  (1u << 10) /*!< Guest RSP, RFLAGS, interruptibility, SSP. */
#define HVTLFS_EVMCS_CLEAN_GUEST_GRP1		  (1u << 11) /*!< Guest MSR-like state, PDPTEs, activity. */
#define HVTLFS_EVMCS_CLEAN_GUEST_GRP2		  (1u << 12) /*!< Guest segment registers. */
#define HVTLFS_EVMCS_CLEAN_HOST_POINTER		  (1u << 13) /*!< Host bases and RSP. */
#define HVTLFS_EVMCS_CLEAN_HOST_GRP1		  (1u << 14) /*!< Other host state. */
#define HVTLFS_EVMCS_CLEAN_ENLIGHTENMENTS_CONTROL (1u << 15) /*!< EnlightenmentsControl. */
/*! Every clean bit the TLFS defines. */
#define HVTLFS_EVMCS_CLEAN_ALL 0x0000FFFFu
/*! @} */

/*! @name Enlightened VMCS EnlightenmentsControl bits
 * @{ */
/*! NestedFlushVirtualHypercall: L0 handles the L2's flush hypercalls directly. */
#define HVTLFS_EVMCS_ENL_NESTED_FLUSH_HYPERCALL (1u << 0)
/*! MsrBitmap: enlightened MSR bitmap (L0 trusts the MSR-bitmap clean bit). */
#define HVTLFS_EVMCS_ENL_MSR_BITMAP (1u << 1)
/*! Reserved bits 2-31. */
#define HVTLFS_EVMCS_ENL_RESERVED 0xFFFFFFFCu
/*! @} */

/*!
 * @brief The enlightened VMCS, version 1 (TLFS HV_VMX_ENLIGHTENED_VMCS).
 *
 * Field names are the TLFS names in snake case. The TLFS struct relies on
 * natural alignment in two places; they are explicit here (pad_host_tr,
 * pad_vp_id) so that the layout is the same on x86_64 and i386. The structure
 * lives at the start of a zeroed, 4 KiB-aligned page.
 */
struct hvtlfs_evmcs {
	uint32_t version_number;	       /*!< VersionNumber: eVMCS version (1). */
	uint32_t abort_indicator;	       /*!< AbortIndicator: VMX-abort indicator. */
	uint16_t host_es_selector;	       /*!< HostEsSelector. */
	uint16_t host_cs_selector;	       /*!< HostCsSelector. */
	uint16_t host_ss_selector;	       /*!< HostSsSelector. */
	uint16_t host_ds_selector;	       /*!< HostDsSelector. */
	uint16_t host_fs_selector;	       /*!< HostFsSelector. */
	uint16_t host_gs_selector;	       /*!< HostGsSelector. */
	uint16_t host_tr_selector;	       /*!< HostTrSelector. */
	uint16_t pad_host_tr;		       /*!< Padding (implicit in the TLFS struct); zero. */
	uint64_t host_pat;		       /*!< HostPat. */
	uint64_t host_efer;		       /*!< HostEfer. */
	uint64_t host_cr0;		       /*!< HostCr0. */
	uint64_t host_cr3;		       /*!< HostCr3. */
	uint64_t host_cr4;		       /*!< HostCr4. */
	uint64_t host_sysenter_esp_msr;	       /*!< HostSysenterEspMsr. */
	uint64_t host_sysenter_eip_msr;	       /*!< HostSysenterEipMsr. */
	uint64_t host_rip;		       /*!< HostRip. */
	uint32_t host_sysenter_cs_msr;	       /*!< HostSysenterCsMsr. */
	uint32_t pin_controls;		       /*!< PinControls: pin-based VM-execution controls. */
	uint32_t exit_controls;		       /*!< ExitControls: VM-exit controls. */
	uint32_t secondary_processor_controls; /*!< SecondaryProcessorControls. */
	uint64_t io_bitmap_a;		       /*!< IoBitmapA (GPA). */
	uint64_t io_bitmap_b;		       /*!< IoBitmapB (GPA). */
	uint64_t msr_bitmap;		       /*!< MsrBitmap (GPA). */
	uint16_t guest_es_selector;	       /*!< GuestEsSelector. */
	uint16_t guest_cs_selector;	       /*!< GuestCsSelector. */
	uint16_t guest_ss_selector;	       /*!< GuestSsSelector. */
	uint16_t guest_ds_selector;	       /*!< GuestDsSelector. */
	uint16_t guest_fs_selector;	       /*!< GuestFsSelector. */
	uint16_t guest_gs_selector;	       /*!< GuestGsSelector. */
	uint16_t guest_ldtr_selector;	       /*!< GuestLdtrSelector. */
	uint16_t guest_tr_selector;	       /*!< GuestTrSelector. */
	uint32_t guest_es_limit;	       /*!< GuestEsLimit. */
	uint32_t guest_cs_limit;	       /*!< GuestCsLimit. */
	uint32_t guest_ss_limit;	       /*!< GuestSsLimit. */
	uint32_t guest_ds_limit;	       /*!< GuestDsLimit. */
	uint32_t guest_fs_limit;	       /*!< GuestFsLimit. */
	uint32_t guest_gs_limit;	       /*!< GuestGsLimit. */
	uint32_t guest_ldtr_limit;	       /*!< GuestLdtrLimit. */
	uint32_t guest_tr_limit;	       /*!< GuestTrLimit. */
	uint32_t guest_gdtr_limit;	       /*!< GuestGdtrLimit. */
	uint32_t guest_idtr_limit;	       /*!< GuestIdtrLimit. */
	uint32_t guest_es_attributes;	       /*!< GuestEsAttributes. */
	uint32_t guest_cs_attributes;	       /*!< GuestCsAttributes. */
	uint32_t guest_ss_attributes;	       /*!< GuestSsAttributes. */
	uint32_t guest_ds_attributes;	       /*!< GuestDsAttributes. */
	uint32_t guest_fs_attributes;	       /*!< GuestFsAttributes. */
	uint32_t guest_gs_attributes;	       /*!< GuestGsAttributes. */
	uint32_t guest_ldtr_attributes;	       /*!< GuestLdtrAttributes. */
	uint32_t guest_tr_attributes;	       /*!< GuestTrAttributes. */
	uint64_t guest_es_base;		       /*!< GuestEsBase. */
	uint64_t guest_cs_base;		       /*!< GuestCsBase. */
	uint64_t guest_ss_base;		       /*!< GuestSsBase. */
	uint64_t guest_ds_base;		       /*!< GuestDsBase. */
	uint64_t guest_fs_base;		       /*!< GuestFsBase. */
	uint64_t guest_gs_base;		       /*!< GuestGsBase. */
	uint64_t guest_ldtr_base;	       /*!< GuestLdtrBase. */
	uint64_t guest_tr_base;		       /*!< GuestTrBase. */
	uint64_t guest_gdtr_base;	       /*!< GuestGdtrBase. */
	uint64_t guest_idtr_base;	       /*!< GuestIdtrBase. */
	uint64_t rsvd1[3];		       /*!< Rsvd1: reserved. */
	uint64_t exit_msr_store_address;       /*!< ExitMsrStoreAddress (GPA). */
	uint64_t exit_msr_load_address;	       /*!< ExitMsrLoadAddress (GPA). */
	uint64_t entry_msr_load_address;       /*!< EntryMsrLoadAddress (GPA). */
	uint64_t cr3_target0;		       /*!< Cr3Target0. */
	uint64_t cr3_target1;		       /*!< Cr3Target1. */
	uint64_t cr3_target2;		       /*!< Cr3Target2. */
	uint64_t cr3_target3;		       /*!< Cr3Target3. */
	uint32_t pfec_mask;		       /*!< PfecMask: page-fault error-code mask. */
	uint32_t pfec_match;		       /*!< PfecMatch: page-fault error-code match. */
	uint32_t cr3_target_count;	       /*!< Cr3TargetCount. */
	uint32_t exit_msr_store_count;	       /*!< ExitMsrStoreCount. */
	uint32_t exit_msr_load_count;	       /*!< ExitMsrLoadCount. */
	uint32_t entry_msr_load_count;	       /*!< EntryMsrLoadCount. */
	uint64_t tsc_offset;		       /*!< TscOffset. */
	uint64_t virtual_apic_page;	       /*!< VirtualApicPage (GPA). */
	uint64_t guest_working_vmcs_ptr;       /*!< GuestWorkingVmcsPtr: VMCS link pointer. */
	uint64_t guest_ia32_debug_ctl;	       /*!< GuestIa32DebugCtl. */
	uint64_t guest_pat;		       /*!< GuestPat. */
	uint64_t guest_efer;		       /*!< GuestEfer. */
	uint64_t guest_pdpte0;		       /*!< GuestPdpte0. */
	uint64_t guest_pdpte1;		       /*!< GuestPdpte1. */
	uint64_t guest_pdpte2;		       /*!< GuestPdpte2. */
	uint64_t guest_pdpte3;		       /*!< GuestPdpte3. */
	uint64_t guest_pending_debug_exceptions; /*!< GuestPendingDebugExceptions. */
	uint64_t guest_sysenter_esp_msr;	 /*!< GuestSysenterEspMsr. */
	uint64_t guest_sysenter_eip_msr;	 /*!< GuestSysenterEipMsr. */
	uint32_t guest_sleep_state;		 /*!< GuestSleepState: guest activity state. */
	uint32_t guest_sysenter_cs_msr;		 /*!< GuestSysenterCsMsr. */
	uint64_t cr0_guest_host_mask;		 /*!< Cr0GuestHostMask. */
	uint64_t cr4_guest_host_mask;		 /*!< Cr4GuestHostMask. */
	uint64_t cr0_read_shadow;		 /*!< Cr0ReadShadow. */
	uint64_t cr4_read_shadow;		 /*!< Cr4ReadShadow. */
	uint64_t guest_cr0;			 /*!< GuestCr0. */
	uint64_t guest_cr3;			 /*!< GuestCr3. */
	uint64_t guest_cr4;			 /*!< GuestCr4. */
	uint64_t guest_dr7;			 /*!< GuestDr7. */
	uint64_t host_fs_base;			 /*!< HostFsBase. */
	uint64_t host_gs_base;			 /*!< HostGsBase. */
	uint64_t host_tr_base;			 /*!< HostTrBase. */
	uint64_t host_gdtr_base;		 /*!< HostGdtrBase. */
	uint64_t host_idtr_base;		 /*!< HostIdtrBase. */
	uint64_t host_rsp;			 /*!< HostRsp. */
	uint64_t ept_root;			 /*!< EptRoot: EPT pointer. */
	uint16_t vpid;				 /*!< Vpid: virtual-processor identifier. */
	uint16_t rsvd2[3];			 /*!< Rsvd2: reserved. */
	uint64_t rsvd3[5];			 /*!< Rsvd3: reserved. */
	uint64_t exit_ept_fault_gpa;		 /*!< ExitEptFaultGpa (read-only). */
	uint32_t
		exit_instruction_error; /*!< ExitInstructionError: VM-instruction error (read-only). */
	uint32_t exit_reason;		/*!< ExitReason (read-only). */
	uint32_t exit_interruption_info;	/*!< ExitInterruptionInfo (read-only). */
	uint32_t exit_exception_error_code;	/*!< ExitExceptionErrorCode (read-only). */
	uint32_t exit_idt_vectoring_info;	/*!< ExitIdtVectoringInfo (read-only). */
	uint32_t exit_idt_vectoring_error_code; /*!< ExitIdtVectoringErrorCode (read-only). */
	uint32_t exit_instruction_length;	/*!< ExitInstructionLength (read-only). */
	uint32_t exit_instruction_info;		/*!< ExitInstructionInfo (read-only). */
	uint64_t exit_qualification;		/*!< ExitQualification (read-only). */
	uint64_t exit_io_instruction_ecx;	/*!< ExitIoInstructionEcx (read-only). */
	uint64_t exit_io_instruction_esi;	/*!< ExitIoInstructionEsi (read-only). */
	uint64_t exit_io_instruction_edi;	/*!< ExitIoInstructionEdi (read-only). */
	uint64_t exit_io_instruction_eip;	/*!< ExitIoInstructionEip (read-only). */
	uint64_t guest_linear_address;		/*!< GuestLinearAddress (read-only). */
	uint64_t guest_rsp;			/*!< GuestRsp. */
	uint64_t guest_rflags;			/*!< GuestRflags. */
	uint32_t guest_interruptibility;	/*!< GuestInterruptibility. */
	uint32_t processor_controls;   /*!< ProcessorControls: primary processor-based controls. */
	uint32_t exception_bitmap;     /*!< ExceptionBitmap. */
	uint32_t entry_controls;       /*!< EntryControls: VM-entry controls. */
	uint32_t entry_interrupt_info; /*!< EntryInterruptInfo. */
	uint32_t entry_exception_error_code; /*!< EntryExceptionErrorCode. */
	uint32_t entry_instruction_length;   /*!< EntryInstructionLength. */
	uint32_t tpr_threshold;		     /*!< TprThreshold. */
	uint64_t guest_rip;		     /*!< GuestRip. */
	uint32_t clean_fields;	     /*!< CleanFields: HVTLFS_EVMCS_CLEAN_* bits, 1 = unchanged. */
	uint32_t rsvd4;		     /*!< Rsvd4: reserved. */
	uint32_t synthetic_controls; /*!< SyntheticControls. */
	uint32_t enlightenments_control; /*!< EnlightenmentsControl: HVTLFS_EVMCS_ENL_* bits. */
	uint32_t vp_id;			 /*!< VpId (direct virtual flush). */
	uint32_t pad_vp_id;		 /*!< Padding (implicit in the TLFS struct); zero. */
	uint64_t vm_id;			 /*!< VmId (direct virtual flush). */
	uint64_t partition_assist_page;	 /*!< PartitionAssistPage (GPA, direct virtual flush). */
	uint64_t rsvd5[4];		 /*!< Rsvd5: reserved. */
	uint64_t guest_bndcfgs;		 /*!< GuestBndcfgs. */
	uint64_t guest_perf_global_ctrl; /*!< GuestPerfGlobalCtrl. */
	uint64_t guest_s_cet;		 /*!< GuestSCet. */
	uint64_t guest_ssp;		 /*!< GuestSsp. */
	uint64_t guest_interrupt_ssp_table_addr; /*!< GuestInterruptSspTableAddr. */
	uint64_t guest_lbr_ctl;			 /*!< GuestLbrCtl. */
	uint64_t rsvd6[2];			 /*!< Rsvd6: reserved. */
	uint64_t xss_exiting_bitmap;		 /*!< XssExitingBitmap. */
	uint64_t encls_exiting_bitmap;		 /*!< EnclsExitingBitmap. */
	uint64_t host_perf_global_ctrl;		 /*!< HostPerfGlobalCtrl. */
	uint64_t tsc_multiplier;		 /*!< TscMultiplier. */
	uint64_t host_s_cet;			 /*!< HostSCet. */
	uint64_t host_ssp;			 /*!< HostSsp. */
	uint64_t host_interrupt_ssp_table_addr;	 /*!< HostInterruptSspTableAddr. */
	uint64_t rsvd7;				 /*!< Rsvd7: reserved. */
};
HVTLFS_ASSERT_SIZE(struct hvtlfs_evmcs, 1024);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, version_number, 0);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, abort_indicator, 4);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, host_es_selector, 8);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, host_cs_selector, 10);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, host_ss_selector, 12);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, host_ds_selector, 14);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, host_fs_selector, 16);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, host_gs_selector, 18);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, host_tr_selector, 20);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, pad_host_tr, 22);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, host_pat, 24);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, host_efer, 32);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, host_cr0, 40);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, host_cr3, 48);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, host_cr4, 56);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, host_sysenter_esp_msr, 64);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, host_sysenter_eip_msr, 72);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, host_rip, 80);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, host_sysenter_cs_msr, 88);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, pin_controls, 92);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, exit_controls, 96);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, secondary_processor_controls, 100);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, io_bitmap_a, 104);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, io_bitmap_b, 112);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, msr_bitmap, 120);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, guest_es_selector, 128);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, guest_cs_selector, 130);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, guest_ss_selector, 132);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, guest_ds_selector, 134);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, guest_fs_selector, 136);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, guest_gs_selector, 138);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, guest_ldtr_selector, 140);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, guest_tr_selector, 142);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, guest_es_limit, 144);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, guest_cs_limit, 148);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, guest_ss_limit, 152);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, guest_ds_limit, 156);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, guest_fs_limit, 160);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, guest_gs_limit, 164);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, guest_ldtr_limit, 168);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, guest_tr_limit, 172);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, guest_gdtr_limit, 176);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, guest_idtr_limit, 180);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, guest_es_attributes, 184);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, guest_cs_attributes, 188);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, guest_ss_attributes, 192);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, guest_ds_attributes, 196);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, guest_fs_attributes, 200);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, guest_gs_attributes, 204);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, guest_ldtr_attributes, 208);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, guest_tr_attributes, 212);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, guest_es_base, 216);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, guest_cs_base, 224);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, guest_ss_base, 232);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, guest_ds_base, 240);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, guest_fs_base, 248);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, guest_gs_base, 256);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, guest_ldtr_base, 264);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, guest_tr_base, 272);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, guest_gdtr_base, 280);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, guest_idtr_base, 288);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, rsvd1, 296);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, exit_msr_store_address, 320);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, exit_msr_load_address, 328);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, entry_msr_load_address, 336);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, cr3_target0, 344);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, cr3_target1, 352);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, cr3_target2, 360);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, cr3_target3, 368);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, pfec_mask, 376);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, pfec_match, 380);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, cr3_target_count, 384);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, exit_msr_store_count, 388);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, exit_msr_load_count, 392);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, entry_msr_load_count, 396);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, tsc_offset, 400);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, virtual_apic_page, 408);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, guest_working_vmcs_ptr, 416);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, guest_ia32_debug_ctl, 424);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, guest_pat, 432);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, guest_efer, 440);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, guest_pdpte0, 448);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, guest_pdpte1, 456);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, guest_pdpte2, 464);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, guest_pdpte3, 472);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, guest_pending_debug_exceptions, 480);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, guest_sysenter_esp_msr, 488);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, guest_sysenter_eip_msr, 496);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, guest_sleep_state, 504);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, guest_sysenter_cs_msr, 508);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, cr0_guest_host_mask, 512);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, cr4_guest_host_mask, 520);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, cr0_read_shadow, 528);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, cr4_read_shadow, 536);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, guest_cr0, 544);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, guest_cr3, 552);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, guest_cr4, 560);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, guest_dr7, 568);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, host_fs_base, 576);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, host_gs_base, 584);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, host_tr_base, 592);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, host_gdtr_base, 600);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, host_idtr_base, 608);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, host_rsp, 616);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, ept_root, 624);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, vpid, 632);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, rsvd2, 634);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, rsvd3, 640);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, exit_ept_fault_gpa, 680);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, exit_instruction_error, 688);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, exit_reason, 692);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, exit_interruption_info, 696);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, exit_exception_error_code, 700);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, exit_idt_vectoring_info, 704);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, exit_idt_vectoring_error_code, 708);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, exit_instruction_length, 712);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, exit_instruction_info, 716);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, exit_qualification, 720);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, exit_io_instruction_ecx, 728);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, exit_io_instruction_esi, 736);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, exit_io_instruction_edi, 744);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, exit_io_instruction_eip, 752);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, guest_linear_address, 760);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, guest_rsp, 768);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, guest_rflags, 776);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, guest_interruptibility, 784);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, processor_controls, 788);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, exception_bitmap, 792);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, entry_controls, 796);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, entry_interrupt_info, 800);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, entry_exception_error_code, 804);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, entry_instruction_length, 808);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, tpr_threshold, 812);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, guest_rip, 816);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, clean_fields, 824);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, rsvd4, 828);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, synthetic_controls, 832);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, enlightenments_control, 836);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, vp_id, 840);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, pad_vp_id, 844);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, vm_id, 848);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, partition_assist_page, 856);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, rsvd5, 864);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, guest_bndcfgs, 896);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, guest_perf_global_ctrl, 904);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, guest_s_cet, 912);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, guest_ssp, 920);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, guest_interrupt_ssp_table_addr, 928);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, guest_lbr_ctl, 936);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, rsvd6, 944);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, xss_exiting_bitmap, 960);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, encls_exiting_bitmap, 968);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, host_perf_global_ctrl, 976);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, tsc_multiplier, 984);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, host_s_cet, 992);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, host_ssp, 1000);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, host_interrupt_ssp_table_addr, 1008);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_evmcs, rsvd7, 1016);

/*! @name Enlightened VMCS field descriptors
 * @{ */
/*! hvtlfs_evmcs_field::encoding of a synthetic field (no Intel VMCS encoding). */
#define HVTLFS_EVMCS_NO_ENCODING     0xFFFFFFFFu
#define HVTLFS_EVMCS_FIELD_READ_ONLY 0x01u /*!< VM-exit information: read-only for the L1. */
#define HVTLFS_EVMCS_FIELD_SYNTHETIC 0x02u /*!< Synthetic field: no Intel VMCS encoding. */
/*! The TLFS names no clean group for the field: a write marks every group dirty. */
#define HVTLFS_EVMCS_FIELD_NO_GROUP 0x04u
/*! @} */

/*!
 * @brief Where one field lives in the enlightened VMCS and which clean bit covers it.
 */
struct hvtlfs_evmcs_field {
	uint32_t encoding; /*!< Intel VMCS encoding, or #HVTLFS_EVMCS_NO_ENCODING. */
	uint16_t offset;   /*!< Byte offset in struct hvtlfs_evmcs. */
	uint8_t size;	   /*!< Size in bytes: 2, 4 or 8. */
	uint8_t flags;	   /*!< HVTLFS_EVMCS_FIELD_* bits. */
	uint32_t clean;	   /*!< Clean bits to clear after writing the field (0: none). */
};

/*!
 * @brief Number of fields in the library's eVMCS v1 field table.
 * @return the count; hvtlfs_evmcs_field_at() accepts 0 to count-1.
 */
uint32_t hvtlfs_evmcs_field_count(void);

/*!
 * @brief One entry of the field table (sorted by encoding, synthetic fields last).
 * @param index 0 to hvtlfs_evmcs_field_count()-1.
 * @return the entry, or NULL when @p index is out of range.
 */
const struct hvtlfs_evmcs_field *hvtlfs_evmcs_field_at(uint32_t index);

/*!
 * @brief Looks a field up by its Intel VMCS encoding ("full" access form).
 * @param encoding a VMCS field encoding, e.g. 0x681E for the guest RIP.
 * @param[out] out receives a pointer to the table entry; untouched on error.
 * @return #HVTLFS_OK; #HVTLFS_ERR_NULL; #HVTLFS_ERR_EVMCS_NO_FIELD if eVMCS v1
 *         has no such field (for example the posted-interrupt fields).
 */
HVTLFS_MUST_CHECK int hvtlfs_evmcs_field_by_encoding(uint32_t encoding,
						     const struct hvtlfs_evmcs_field **out);

/*!
 * @brief Looks a field up by its byte offset in struct hvtlfs_evmcs.
 *
 * Use with HVTLFS_OFFSETOF(struct hvtlfs_evmcs, member) to learn which clean
 * bit covers a member.
 * @param offset byte offset of the first byte of a field.
 * @param[out] out receives a pointer to the table entry; untouched on error.
 * @return #HVTLFS_OK; #HVTLFS_ERR_NULL; #HVTLFS_ERR_EVMCS_NO_FIELD if no field
 *         starts there (reserved space, padding, the middle of a field, or
 *         beyond the structure).
 */
HVTLFS_MUST_CHECK int hvtlfs_evmcs_field_by_offset(uint32_t offset,
						   const struct hvtlfs_evmcs_field **out);

/*!
 * @brief Clean bits that cover the member at @p offset.
 * @param offset HVTLFS_OFFSETOF(struct hvtlfs_evmcs, member).
 * @return the HVTLFS_EVMCS_CLEAN_* bits to clear after writing it:
 *         #HVTLFS_EVMCS_CLEAN_NONE for fields no bit covers, and
 *         #HVTLFS_EVMCS_CLEAN_ALL for an offset that is no field or a field
 *         the TLFS gives no group (the safe answer: reload everything).
 */
uint32_t hvtlfs_evmcs_clean_bits_for_offset(uint32_t offset);

/*!
 * @brief Prepares a zeroed enlightened VMCS page for first use.
 *
 * Writes the version and marks every group dirty. The TLFS requires the page
 * to be zeroed first; this library does not clear memory (it calls no memset).
 * @param evmcs the structure at the start of a zeroed 4 KiB page.
 * @param version eVMCS version, normally from hvtlfs_evmcs_version_select().
 * @return #HVTLFS_OK; #HVTLFS_ERR_NULL;
 *         #HVTLFS_ERR_EVMCS_VERSION if @p version is not one the library knows.
 */
HVTLFS_MUST_CHECK int hvtlfs_evmcs_prepare(struct hvtlfs_evmcs *evmcs, uint32_t version);

/*!
 * @brief Checks an enlightened VMCS the way an L0 would before using it:
 *        known version and no reserved EnlightenmentsControl bit.
 *
 * Reads each checked field once.
 * @param evmcs the structure.
 * @return #HVTLFS_OK; #HVTLFS_ERR_NULL; #HVTLFS_ERR_EVMCS_VERSION;
 *         #HVTLFS_ERR_RESERVED_BITS.
 */
HVTLFS_MUST_CHECK int hvtlfs_evmcs_check(const struct hvtlfs_evmcs *evmcs);

/*!
 * @brief VMREAD emulation: reads a field by its VMCS encoding.
 *
 * The "high" access form (encoding | 1) of a 64-bit field reads its upper 32 bits.
 * @param evmcs the structure.
 * @param encoding VMCS field encoding.
 * @param[out] value receives the zero-extended value; untouched on error.
 * @return #HVTLFS_OK; #HVTLFS_ERR_NULL; #HVTLFS_ERR_EVMCS_NO_FIELD.
 */
HVTLFS_MUST_CHECK int hvtlfs_evmcs_read(const struct hvtlfs_evmcs *evmcs, uint32_t encoding,
					uint64_t *value);

/*!
 * @brief VMWRITE emulation: writes a field by its VMCS encoding and marks its
 *        clean group dirty.
 *
 * The "high" access form (encoding | 1) of a 64-bit field writes its upper 32 bits.
 * @param evmcs the structure.
 * @param encoding VMCS field encoding.
 * @param value the value; it must fit the field (nothing is truncated).
 * @return #HVTLFS_OK; #HVTLFS_ERR_NULL; #HVTLFS_ERR_EVMCS_NO_FIELD;
 *         #HVTLFS_ERR_EVMCS_READ_ONLY for VM-exit information fields;
 *         #HVTLFS_ERR_INVALID_ARG if @p value is wider than the field.
 *         Nothing is written on error.
 */
HVTLFS_MUST_CHECK int hvtlfs_evmcs_write(struct hvtlfs_evmcs *evmcs, uint32_t encoding,
					 uint64_t value);

/*!
 * @brief Sets EnlightenmentsControl and marks its clean group dirty.
 * @param evmcs the structure.
 * @param control OR of HVTLFS_EVMCS_ENL_* bits.
 * @return #HVTLFS_OK; #HVTLFS_ERR_NULL; #HVTLFS_ERR_RESERVED_BITS (nothing written).
 */
HVTLFS_MUST_CHECK int hvtlfs_evmcs_set_enlightenments(struct hvtlfs_evmcs *evmcs, uint32_t control);

/*!
 * @brief Marks clean groups dirty: the L0 reloads them on the next nested entry.
 * @param evmcs the structure (not NULL).
 * @param clean_bits HVTLFS_EVMCS_CLEAN_* bits to clear.
 */
HVTLFS_INLINE void hvtlfs_evmcs_mark_dirty(struct hvtlfs_evmcs *evmcs, uint32_t clean_bits)
{
	evmcs->clean_fields &= ~clean_bits;
}

/*!
 * @brief Marks every group dirty (after a migration, a VMCLEAR, or any doubt).
 * @param evmcs the structure (not NULL).
 */
HVTLFS_INLINE void hvtlfs_evmcs_mark_all_dirty(struct hvtlfs_evmcs *evmcs)
{
	evmcs->clean_fields &= ~HVTLFS_EVMCS_CLEAN_ALL;
}

/*!
 * @brief Marks every group clean, after a successful nested VM entry.
 * @param evmcs the structure (not NULL).
 */
HVTLFS_INLINE void hvtlfs_evmcs_mark_all_clean(struct hvtlfs_evmcs *evmcs)
{
	evmcs->clean_fields |= HVTLFS_EVMCS_CLEAN_ALL;
}

/*!
 * @brief Tells the L0 that an MSR bitmap changed: required after every change
 *        when the enlightened MSR bitmap is on (#HVTLFS_EVMCS_ENL_MSR_BITMAP).
 * @param evmcs the structure (not NULL).
 */
HVTLFS_INLINE void hvtlfs_evmcs_msr_bitmap_changed(struct hvtlfs_evmcs *evmcs)
{
	hvtlfs_evmcs_mark_dirty(evmcs, HVTLFS_EVMCS_CLEAN_MSR_BITMAP);
}

/*!
 * @brief Whether a clean group is marked clean.
 * @param evmcs the structure (not NULL).
 * @param clean_bits HVTLFS_EVMCS_CLEAN_* bits.
 * @return true if every bit of @p clean_bits is set in clean_fields.
 */
HVTLFS_INLINE bool hvtlfs_evmcs_is_clean(const struct hvtlfs_evmcs *evmcs, uint32_t clean_bits)
{
	return (evmcs->clean_fields & clean_bits) == clean_bits;
}

/*! @name HV_NESTED_ENLIGHTENMENTS_CONTROL bits
 * @{ */
#define HVTLFS_NESTED_CTL_DIRECT_HYPERCALL (1u << 0) /*!< Features: DirectHypercall. */
/*! Features: VirtualizationException. */
#define HVTLFS_NESTED_CTL_VIRT_EXCEPTION (1u << 1)
#define HVTLFS_NESTED_CTL_RESERVED	 0xFFFFFFFCu /*!< Features: reserved bits 2-31. */
/*! HypercallControls: InterPartitionCommunication. */
#define HVTLFS_NESTED_HCCTL_INTER_PARTITION_COMM (1u << 0)
#define HVTLFS_NESTED_HCCTL_RESERVED		 0xFFFFFFFEu /*!< HypercallControls: reserved 1-31. */
/*! @} */

/*!
 * @brief HV_NESTED_ENLIGHTENMENTS_CONTROL: which nested enlightenments the L1
 *        grants its current L2.
 */
struct hvtlfs_nested_enlightenments_control {
	uint32_t features;	     /*!< HVTLFS_NESTED_CTL_* bits. */
	uint32_t hypercall_controls; /*!< HVTLFS_NESTED_HCCTL_* bits. */
};
HVTLFS_ASSERT_SIZE(struct hvtlfs_nested_enlightenments_control, 8);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_nested_enlightenments_control, features, 0);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_nested_enlightenments_control, hypercall_controls, 4);

/*!
 * @brief HV_VIRTUALIZATION_FAULT_INFORMATION (16 bytes, 16-byte aligned in the page).
 */
struct hvtlfs_virtualization_fault_info {
	uint16_t parameter0; /*!< Parameter0. */
	uint16_t reserved0;  /*!< Reserved0. */
	uint32_t code;	     /*!< Code. */
	uint64_t parameter1; /*!< Parameter1. */
};
HVTLFS_ASSERT_SIZE(struct hvtlfs_virtualization_fault_info, 16);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_virtualization_fault_info, parameter0, 0);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_virtualization_fault_info, reserved0, 2);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_virtualization_fault_info, code, 4);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_virtualization_fault_info, parameter1, 8);

/*!
 * @brief The VP assist page (TLFS HV_VP_ASSIST_PAGE), one 4 KiB page per VP.
 *
 * The VTL control block (HV_VP_VTL_CONTROL) is spelled out in place. Its
 * return-register union is shown in the 64-bit form; a 32-bit VTL uses the
 * same 16 bytes as EAX, ECX, EDX and a reserved word.
 */
struct hvtlfs_vp_assist_page {
	uint32_t apic_assist;	   /*!< ApicAssist (HV_VIRTUAL_APIC_ASSIST). */
	uint32_t reserved_z0;	   /*!< ReservedZ0. */
	uint32_t vtl_entry_reason; /*!< VtlControl.EntryReason. */
	uint8_t vtl_vina_status;   /*!< VtlControl.VinaStatus (bit 0: VINA asserted). */
	uint8_t vtl_reserved_z00;  /*!< VtlControl.ReservedZ00. */
	uint16_t vtl_reserved_z01; /*!< VtlControl.ReservedZ01. */
	uint64_t vtl_return_rax;   /*!< VtlControl.VtlReturnX64Rax. */
	uint64_t vtl_return_rcx;   /*!< VtlControl.VtlReturnX64Rcx. */
	/*! NestedEnlightenmentsControl. */
	struct hvtlfs_nested_enlightenments_control nested_control;
	uint8_t enlighten_vm_entry;   /*!< EnlightenVmEntry: 1 = use the enlightened VMCS. */
	uint8_t reserved_z1[7];	      /*!< ReservedZ1. */
	uint64_t current_nested_vmcs; /*!< CurrentNestedVmcs: GPA of the current eVMCS. */
	uint8_t synthetic_time_unhalted_timer_expired; /*!< SyntheticTimeUnhaltedTimerExpired. */
	uint8_t reserved_z2[7];			       /*!< ReservedZ2. */
	/*! VirtualizationFaultInformation. */
	struct hvtlfs_virtualization_fault_info virtualization_fault_information;
	uint8_t reserved_z3[4096 - 80]; /*!< Rest of the page (ReservedZBytePadding). */
};
HVTLFS_ASSERT_SIZE(struct hvtlfs_vp_assist_page, 4096);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_vp_assist_page, apic_assist, 0);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_vp_assist_page, reserved_z0, 4);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_vp_assist_page, vtl_entry_reason, 8);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_vp_assist_page, vtl_vina_status, 12);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_vp_assist_page, vtl_reserved_z00, 13);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_vp_assist_page, vtl_reserved_z01, 14);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_vp_assist_page, vtl_return_rax, 16);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_vp_assist_page, vtl_return_rcx, 24);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_vp_assist_page, nested_control, 32);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_vp_assist_page, enlighten_vm_entry, 40);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_vp_assist_page, reserved_z1, 41);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_vp_assist_page, current_nested_vmcs, 48);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_vp_assist_page, synthetic_time_unhalted_timer_expired, 56);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_vp_assist_page, reserved_z2, 57);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_vp_assist_page, virtualization_fault_information, 64);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_vp_assist_page, reserved_z3, 80);

/*!
 * @brief Makes an enlightened VMCS current on this VP (the enlightened
 *        replacement of VMPTRLD): sets CurrentNestedVmcs and EnlightenVmEntry.
 *
 * The caller orders these stores before the VM entry that uses them.
 * @param page this VP's assist page.
 * @param evmcs_gpa guest physical address of the eVMCS page.
 * @return #HVTLFS_OK; #HVTLFS_ERR_NULL; #HVTLFS_ERR_INVALID_ARG for GPA 0;
 *         #HVTLFS_ERR_ALIGNMENT if @p evmcs_gpa is not 4 KiB aligned.
 *         Nothing is written on error.
 */
HVTLFS_MUST_CHECK int hvtlfs_vp_assist_set_current_evmcs(struct hvtlfs_vp_assist_page *page,
							 uint64_t evmcs_gpa);

/*!
 * @brief Leaves enlightened VM entry: clears EnlightenVmEntry and CurrentNestedVmcs.
 * @param page this VP's assist page.
 * @return #HVTLFS_OK; #HVTLFS_ERR_NULL.
 */
HVTLFS_MUST_CHECK int hvtlfs_vp_assist_clear_current_evmcs(struct hvtlfs_vp_assist_page *page);

/*!
 * @brief Sets the nested enlightenments control of the assist page.
 * @param page this VP's assist page.
 * @param features OR of HVTLFS_NESTED_CTL_* bits.
 * @param hypercall_controls OR of HVTLFS_NESTED_HCCTL_* bits.
 * @return #HVTLFS_OK; #HVTLFS_ERR_NULL; #HVTLFS_ERR_RESERVED_BITS (nothing written).
 */
HVTLFS_MUST_CHECK int hvtlfs_vp_assist_set_nested_control(struct hvtlfs_vp_assist_page *page,
							  uint32_t features,
							  uint32_t hypercall_controls);

/*! @} */

HVTLFS_END_DECLS

#endif /* HVTLFS_NESTED_H */
