/* SPDX-License-Identifier: BSD-2-Clause */
#include "hvtlfs/nested.h"
#include "hvtlfs_internal.h"

#define RO_ HVTLFS_EVMCS_FIELD_READ_ONLY
#define SY_ HVTLFS_EVMCS_FIELD_SYNTHETIC
#define NG_ HVTLFS_EVMCS_FIELD_NO_GROUP

/* One row of the TLFS "Physical VMCS Encoding" table, located by the struct itself so the
 * table and the layout cannot disagree. */
#define F_(enc, member, clean, flags)                                                              \
	{                                                                                          \
		(enc), (uint16_t)HVTLFS_OFFSETOF(struct hvtlfs_evmcs, member),                     \
			(uint8_t)sizeof(((struct hvtlfs_evmcs *)0)->member), (uint8_t)(flags),     \
			(clean)                                                                    \
	}

/*
 * Sorted by encoding (binary search), synthetic fields last. Where the TLFS table names no
 * clean group (MSR load/store areas, CR3 targets, PFEC, some synthetic fields) the row says
 * HVTLFS_EVMCS_CLEAN_ALL: a write must make the L0 reload everything. The TLFS table lists
 * encoding 0x6C16 under HostSysenterCsMsr; 0x6C16 is HOST_RIP and HOST_IA32_SYSENTER_CS is
 * 0x4C00 (Intel SDM). Both are HOST_GRP1, so only the encodings are corrected here.
 */
static const struct hvtlfs_evmcs_field evmcs_fields[] = {
	F_(0x0000u, vpid, HVTLFS_EVMCS_CLEAN_CONTROL_XLAT, 0),
	F_(0x0800u, guest_es_selector, HVTLFS_EVMCS_CLEAN_GUEST_GRP2, 0),
	F_(0x0802u, guest_cs_selector, HVTLFS_EVMCS_CLEAN_GUEST_GRP2, 0),
	F_(0x0804u, guest_ss_selector, HVTLFS_EVMCS_CLEAN_GUEST_GRP2, 0),
	F_(0x0806u, guest_ds_selector, HVTLFS_EVMCS_CLEAN_GUEST_GRP2, 0),
	F_(0x0808u, guest_fs_selector, HVTLFS_EVMCS_CLEAN_GUEST_GRP2, 0),
	F_(0x080Au, guest_gs_selector, HVTLFS_EVMCS_CLEAN_GUEST_GRP2, 0),
	F_(0x080Cu, guest_ldtr_selector, HVTLFS_EVMCS_CLEAN_GUEST_GRP2, 0),
	F_(0x080Eu, guest_tr_selector, HVTLFS_EVMCS_CLEAN_GUEST_GRP2, 0),
	F_(0x0C00u, host_es_selector, HVTLFS_EVMCS_CLEAN_HOST_GRP1, 0),
	F_(0x0C02u, host_cs_selector, HVTLFS_EVMCS_CLEAN_HOST_GRP1, 0),
	F_(0x0C04u, host_ss_selector, HVTLFS_EVMCS_CLEAN_HOST_GRP1, 0),
	F_(0x0C06u, host_ds_selector, HVTLFS_EVMCS_CLEAN_HOST_GRP1, 0),
	F_(0x0C08u, host_fs_selector, HVTLFS_EVMCS_CLEAN_HOST_GRP1, 0),
	F_(0x0C0Au, host_gs_selector, HVTLFS_EVMCS_CLEAN_HOST_GRP1, 0),
	F_(0x0C0Cu, host_tr_selector, HVTLFS_EVMCS_CLEAN_HOST_GRP1, 0),
	F_(0x2000u, io_bitmap_a, HVTLFS_EVMCS_CLEAN_IO_BITMAP, 0),
	F_(0x2002u, io_bitmap_b, HVTLFS_EVMCS_CLEAN_IO_BITMAP, 0),
	F_(0x2004u, msr_bitmap, HVTLFS_EVMCS_CLEAN_MSR_BITMAP, 0),
	F_(0x2006u, exit_msr_store_address, HVTLFS_EVMCS_CLEAN_ALL, NG_),
	F_(0x2008u, exit_msr_load_address, HVTLFS_EVMCS_CLEAN_ALL, NG_),
	F_(0x200Au, entry_msr_load_address, HVTLFS_EVMCS_CLEAN_ALL, NG_),
	F_(0x2010u, tsc_offset, HVTLFS_EVMCS_CLEAN_CONTROL_GRP2, 0),
	F_(0x2012u, virtual_apic_page, HVTLFS_EVMCS_CLEAN_CONTROL_GRP2, 0),
	F_(0x201Au, ept_root, HVTLFS_EVMCS_CLEAN_CONTROL_XLAT, 0),
	F_(0x202Cu, xss_exiting_bitmap, HVTLFS_EVMCS_CLEAN_CONTROL_GRP2, 0),
	F_(0x202Eu, encls_exiting_bitmap, HVTLFS_EVMCS_CLEAN_CONTROL_GRP2, 0),
	F_(0x2032u, tsc_multiplier, HVTLFS_EVMCS_CLEAN_CONTROL_GRP2, 0),
	F_(0x2400u, exit_ept_fault_gpa, HVTLFS_EVMCS_CLEAN_NONE, RO_),
	F_(0x2800u, guest_working_vmcs_ptr, HVTLFS_EVMCS_CLEAN_GUEST_GRP1, 0),
	F_(0x2802u, guest_ia32_debug_ctl, HVTLFS_EVMCS_CLEAN_GUEST_GRP1, 0),
	F_(0x2804u, guest_pat, HVTLFS_EVMCS_CLEAN_GUEST_GRP1, 0),
	F_(0x2806u, guest_efer, HVTLFS_EVMCS_CLEAN_GUEST_GRP1, 0),
	F_(0x2808u, guest_perf_global_ctrl, HVTLFS_EVMCS_CLEAN_GUEST_GRP1, 0),
	F_(0x280Au, guest_pdpte0, HVTLFS_EVMCS_CLEAN_GUEST_GRP1, 0),
	F_(0x280Cu, guest_pdpte1, HVTLFS_EVMCS_CLEAN_GUEST_GRP1, 0),
	F_(0x280Eu, guest_pdpte2, HVTLFS_EVMCS_CLEAN_GUEST_GRP1, 0),
	F_(0x2810u, guest_pdpte3, HVTLFS_EVMCS_CLEAN_GUEST_GRP1, 0),
	F_(0x2812u, guest_bndcfgs, HVTLFS_EVMCS_CLEAN_GUEST_GRP1, 0),
	F_(0x2816u, guest_lbr_ctl, HVTLFS_EVMCS_CLEAN_GUEST_GRP1, 0),
	F_(0x2C00u, host_pat, HVTLFS_EVMCS_CLEAN_HOST_GRP1, 0),
	F_(0x2C02u, host_efer, HVTLFS_EVMCS_CLEAN_HOST_GRP1, 0),
	F_(0x2C04u, host_perf_global_ctrl, HVTLFS_EVMCS_CLEAN_HOST_GRP1, 0),
	F_(0x4000u, pin_controls, HVTLFS_EVMCS_CLEAN_CONTROL_GRP1, 0),
	F_(0x4002u, processor_controls, HVTLFS_EVMCS_CLEAN_CONTROL_PROC, 0),
	F_(0x4004u, exception_bitmap, HVTLFS_EVMCS_CLEAN_CONTROL_EXCPN, 0),
	F_(0x4006u, pfec_mask, HVTLFS_EVMCS_CLEAN_ALL, NG_),
	F_(0x4008u, pfec_match, HVTLFS_EVMCS_CLEAN_ALL, NG_),
	F_(0x400Au, cr3_target_count, HVTLFS_EVMCS_CLEAN_ALL, NG_),
	F_(0x400Cu, exit_controls, HVTLFS_EVMCS_CLEAN_CONTROL_GRP1, 0),
	F_(0x400Eu, exit_msr_store_count, HVTLFS_EVMCS_CLEAN_ALL, NG_),
	F_(0x4010u, exit_msr_load_count, HVTLFS_EVMCS_CLEAN_ALL, NG_),
	F_(0x4012u, entry_controls, HVTLFS_EVMCS_CLEAN_CONTROL_ENTRY, 0),
	F_(0x4014u, entry_msr_load_count, HVTLFS_EVMCS_CLEAN_ALL, NG_),
	F_(0x4016u, entry_interrupt_info, HVTLFS_EVMCS_CLEAN_CONTROL_EVENT, 0),
	F_(0x4018u, entry_exception_error_code, HVTLFS_EVMCS_CLEAN_CONTROL_EVENT, 0),
	F_(0x401Au, entry_instruction_length, HVTLFS_EVMCS_CLEAN_CONTROL_EVENT, 0),
	F_(0x401Cu, tpr_threshold, HVTLFS_EVMCS_CLEAN_NONE, 0),
	F_(0x401Eu, secondary_processor_controls, HVTLFS_EVMCS_CLEAN_CONTROL_GRP1, 0),
	F_(0x4400u, exit_instruction_error, HVTLFS_EVMCS_CLEAN_NONE, RO_),
	F_(0x4402u, exit_reason, HVTLFS_EVMCS_CLEAN_NONE, RO_),
	F_(0x4404u, exit_interruption_info, HVTLFS_EVMCS_CLEAN_NONE, RO_),
	F_(0x4406u, exit_exception_error_code, HVTLFS_EVMCS_CLEAN_NONE, RO_),
	F_(0x4408u, exit_idt_vectoring_info, HVTLFS_EVMCS_CLEAN_NONE, RO_),
	F_(0x440Au, exit_idt_vectoring_error_code, HVTLFS_EVMCS_CLEAN_NONE, RO_),
	F_(0x440Cu, exit_instruction_length, HVTLFS_EVMCS_CLEAN_NONE, RO_),
	F_(0x440Eu, exit_instruction_info, HVTLFS_EVMCS_CLEAN_NONE, RO_),
	F_(0x4800u, guest_es_limit, HVTLFS_EVMCS_CLEAN_GUEST_GRP2, 0),
	F_(0x4802u, guest_cs_limit, HVTLFS_EVMCS_CLEAN_GUEST_GRP2, 0),
	F_(0x4804u, guest_ss_limit, HVTLFS_EVMCS_CLEAN_GUEST_GRP2, 0),
	F_(0x4806u, guest_ds_limit, HVTLFS_EVMCS_CLEAN_GUEST_GRP2, 0),
	F_(0x4808u, guest_fs_limit, HVTLFS_EVMCS_CLEAN_GUEST_GRP2, 0),
	F_(0x480Au, guest_gs_limit, HVTLFS_EVMCS_CLEAN_GUEST_GRP2, 0),
	F_(0x480Cu, guest_ldtr_limit, HVTLFS_EVMCS_CLEAN_GUEST_GRP2, 0),
	F_(0x480Eu, guest_tr_limit, HVTLFS_EVMCS_CLEAN_GUEST_GRP2, 0),
	F_(0x4810u, guest_gdtr_limit, HVTLFS_EVMCS_CLEAN_GUEST_GRP2, 0),
	F_(0x4812u, guest_idtr_limit, HVTLFS_EVMCS_CLEAN_GUEST_GRP2, 0),
	F_(0x4814u, guest_es_attributes, HVTLFS_EVMCS_CLEAN_GUEST_GRP2, 0),
	F_(0x4816u, guest_cs_attributes, HVTLFS_EVMCS_CLEAN_GUEST_GRP2, 0),
	F_(0x4818u, guest_ss_attributes, HVTLFS_EVMCS_CLEAN_GUEST_GRP2, 0),
	F_(0x481Au, guest_ds_attributes, HVTLFS_EVMCS_CLEAN_GUEST_GRP2, 0),
	F_(0x481Cu, guest_fs_attributes, HVTLFS_EVMCS_CLEAN_GUEST_GRP2, 0),
	F_(0x481Eu, guest_gs_attributes, HVTLFS_EVMCS_CLEAN_GUEST_GRP2, 0),
	F_(0x4820u, guest_ldtr_attributes, HVTLFS_EVMCS_CLEAN_GUEST_GRP2, 0),
	F_(0x4822u, guest_tr_attributes, HVTLFS_EVMCS_CLEAN_GUEST_GRP2, 0),
	F_(0x4824u, guest_interruptibility, HVTLFS_EVMCS_CLEAN_GUEST_BASIC, 0),
	F_(0x4826u, guest_sleep_state, HVTLFS_EVMCS_CLEAN_GUEST_GRP1, 0),
	F_(0x482Au, guest_sysenter_cs_msr, HVTLFS_EVMCS_CLEAN_GUEST_GRP1, 0),
	F_(0x4C00u, host_sysenter_cs_msr, HVTLFS_EVMCS_CLEAN_HOST_GRP1, 0),
	F_(0x6000u, cr0_guest_host_mask, HVTLFS_EVMCS_CLEAN_CRDR, 0),
	F_(0x6002u, cr4_guest_host_mask, HVTLFS_EVMCS_CLEAN_CRDR, 0),
	F_(0x6004u, cr0_read_shadow, HVTLFS_EVMCS_CLEAN_CRDR, 0),
	F_(0x6006u, cr4_read_shadow, HVTLFS_EVMCS_CLEAN_CRDR, 0),
	F_(0x6008u, cr3_target0, HVTLFS_EVMCS_CLEAN_ALL, NG_),
	F_(0x600Au, cr3_target1, HVTLFS_EVMCS_CLEAN_ALL, NG_),
	F_(0x600Cu, cr3_target2, HVTLFS_EVMCS_CLEAN_ALL, NG_),
	F_(0x600Eu, cr3_target3, HVTLFS_EVMCS_CLEAN_ALL, NG_),
	F_(0x6400u, exit_qualification, HVTLFS_EVMCS_CLEAN_NONE, RO_),
	F_(0x6402u, exit_io_instruction_ecx, HVTLFS_EVMCS_CLEAN_NONE, RO_),
	F_(0x6404u, exit_io_instruction_esi, HVTLFS_EVMCS_CLEAN_NONE, RO_),
	F_(0x6406u, exit_io_instruction_edi, HVTLFS_EVMCS_CLEAN_NONE, RO_),
	F_(0x6408u, exit_io_instruction_eip, HVTLFS_EVMCS_CLEAN_NONE, RO_),
	F_(0x640Au, guest_linear_address, HVTLFS_EVMCS_CLEAN_NONE, RO_),
	F_(0x6800u, guest_cr0, HVTLFS_EVMCS_CLEAN_CRDR, 0),
	F_(0x6802u, guest_cr3, HVTLFS_EVMCS_CLEAN_CRDR, 0),
	F_(0x6804u, guest_cr4, HVTLFS_EVMCS_CLEAN_CRDR, 0),
	F_(0x6806u, guest_es_base, HVTLFS_EVMCS_CLEAN_GUEST_GRP2, 0),
	F_(0x6808u, guest_cs_base, HVTLFS_EVMCS_CLEAN_GUEST_GRP2, 0),
	F_(0x680Au, guest_ss_base, HVTLFS_EVMCS_CLEAN_GUEST_GRP2, 0),
	F_(0x680Cu, guest_ds_base, HVTLFS_EVMCS_CLEAN_GUEST_GRP2, 0),
	F_(0x680Eu, guest_fs_base, HVTLFS_EVMCS_CLEAN_GUEST_GRP2, 0),
	F_(0x6810u, guest_gs_base, HVTLFS_EVMCS_CLEAN_GUEST_GRP2, 0),
	F_(0x6812u, guest_ldtr_base, HVTLFS_EVMCS_CLEAN_GUEST_GRP2, 0),
	F_(0x6814u, guest_tr_base, HVTLFS_EVMCS_CLEAN_GUEST_GRP2, 0),
	F_(0x6816u, guest_gdtr_base, HVTLFS_EVMCS_CLEAN_GUEST_GRP2, 0),
	F_(0x6818u, guest_idtr_base, HVTLFS_EVMCS_CLEAN_GUEST_GRP2, 0),
	F_(0x681Au, guest_dr7, HVTLFS_EVMCS_CLEAN_CRDR, 0),
	F_(0x681Cu, guest_rsp, HVTLFS_EVMCS_CLEAN_GUEST_BASIC, 0),
	F_(0x681Eu, guest_rip, HVTLFS_EVMCS_CLEAN_NONE, 0),
	F_(0x6820u, guest_rflags, HVTLFS_EVMCS_CLEAN_GUEST_BASIC, 0),
	F_(0x6822u, guest_pending_debug_exceptions, HVTLFS_EVMCS_CLEAN_GUEST_GRP1, 0),
	F_(0x6824u, guest_sysenter_esp_msr, HVTLFS_EVMCS_CLEAN_GUEST_GRP1, 0),
	F_(0x6826u, guest_sysenter_eip_msr, HVTLFS_EVMCS_CLEAN_GUEST_GRP1, 0),
	F_(0x6828u, guest_s_cet, HVTLFS_EVMCS_CLEAN_GUEST_GRP1, 0),
	F_(0x682Au, guest_ssp, HVTLFS_EVMCS_CLEAN_GUEST_BASIC, 0),
	F_(0x682Cu, guest_interrupt_ssp_table_addr, HVTLFS_EVMCS_CLEAN_GUEST_GRP1, 0),
	F_(0x6C00u, host_cr0, HVTLFS_EVMCS_CLEAN_HOST_GRP1, 0),
	F_(0x6C02u, host_cr3, HVTLFS_EVMCS_CLEAN_HOST_GRP1, 0),
	F_(0x6C04u, host_cr4, HVTLFS_EVMCS_CLEAN_HOST_GRP1, 0),
	F_(0x6C06u, host_fs_base, HVTLFS_EVMCS_CLEAN_HOST_POINTER, 0),
	F_(0x6C08u, host_gs_base, HVTLFS_EVMCS_CLEAN_HOST_POINTER, 0),
	F_(0x6C0Au, host_tr_base, HVTLFS_EVMCS_CLEAN_HOST_POINTER, 0),
	F_(0x6C0Cu, host_gdtr_base, HVTLFS_EVMCS_CLEAN_HOST_POINTER, 0),
	F_(0x6C0Eu, host_idtr_base, HVTLFS_EVMCS_CLEAN_HOST_POINTER, 0),
	F_(0x6C10u, host_sysenter_esp_msr, HVTLFS_EVMCS_CLEAN_HOST_GRP1, 0),
	F_(0x6C12u, host_sysenter_eip_msr, HVTLFS_EVMCS_CLEAN_HOST_GRP1, 0),
	F_(0x6C14u, host_rsp, HVTLFS_EVMCS_CLEAN_HOST_POINTER, 0),
	F_(0x6C16u, host_rip, HVTLFS_EVMCS_CLEAN_HOST_GRP1, 0),
	F_(0x6C18u, host_s_cet, HVTLFS_EVMCS_CLEAN_HOST_GRP1, 0),
	F_(0x6C1Au, host_ssp, HVTLFS_EVMCS_CLEAN_HOST_GRP1, 0),
	F_(0x6C1Cu, host_interrupt_ssp_table_addr, HVTLFS_EVMCS_CLEAN_HOST_GRP1, 0),
	F_(HVTLFS_EVMCS_NO_ENCODING, version_number, HVTLFS_EVMCS_CLEAN_NONE, SY_),
	F_(HVTLFS_EVMCS_NO_ENCODING, abort_indicator, HVTLFS_EVMCS_CLEAN_NONE, SY_),
	F_(HVTLFS_EVMCS_NO_ENCODING, clean_fields, HVTLFS_EVMCS_CLEAN_NONE, SY_),
	F_(HVTLFS_EVMCS_NO_ENCODING, synthetic_controls, HVTLFS_EVMCS_CLEAN_ALL, SY_ | NG_),
	F_(HVTLFS_EVMCS_NO_ENCODING, enlightenments_control,
	   HVTLFS_EVMCS_CLEAN_ENLIGHTENMENTS_CONTROL, SY_),
	F_(HVTLFS_EVMCS_NO_ENCODING, vp_id, HVTLFS_EVMCS_CLEAN_ALL, SY_ | NG_),
	F_(HVTLFS_EVMCS_NO_ENCODING, vm_id, HVTLFS_EVMCS_CLEAN_ALL, SY_ | NG_),
	F_(HVTLFS_EVMCS_NO_ENCODING, partition_assist_page, HVTLFS_EVMCS_CLEAN_ALL, SY_ | NG_),
};

#define EVMCS_FIELD_COUNT ((uint32_t)(HVTLFS_ARRAY_SIZE_(evmcs_fields)))

/* Number of rows that carry an Intel encoding (the sorted prefix). */
static uint32_t encoded_count(void)
{
	uint32_t n = 0;

	while (n < EVMCS_FIELD_COUNT && evmcs_fields[n].encoding != HVTLFS_EVMCS_NO_ENCODING)
		n++;
	return n;
}

int hvtlfs_evmcs_version_select(const struct hvtlfs_nested_features *features, uint32_t *version)
{
	uint32_t lo, hi;

	if (features == NULL || version == NULL)
		return HVTLFS_ERR_NULL;
	lo = features->evmcs_version_low;
	hi = features->evmcs_version_high;
	if (lo == 0 && hi == 0)
		return HVTLFS_ERR_NO_FEATURE;
	if (lo == 0 || hi == 0 || lo > hi)
		return HVTLFS_ERR_EVMCS_VERSION;
	/* Highest version in [lo, hi] that the library also implements. */
	if (hi > HVTLFS_EVMCS_VERSION_MAX)
		hi = HVTLFS_EVMCS_VERSION_MAX;
	if (lo < HVTLFS_EVMCS_VERSION_MIN)
		lo = HVTLFS_EVMCS_VERSION_MIN;
	if (lo > hi)
		return HVTLFS_ERR_EVMCS_VERSION;
	*version = hi;
	return HVTLFS_OK;
}

uint32_t hvtlfs_evmcs_field_count(void)
{
	return EVMCS_FIELD_COUNT;
}

const struct hvtlfs_evmcs_field *hvtlfs_evmcs_field_at(uint32_t index)
{
	return index < EVMCS_FIELD_COUNT ? &evmcs_fields[index] : NULL;
}

int hvtlfs_evmcs_field_by_encoding(uint32_t encoding, const struct hvtlfs_evmcs_field **out)
{
	uint32_t lo = 0, hi;

	if (out == NULL)
		return HVTLFS_ERR_NULL;
	if (encoding == HVTLFS_EVMCS_NO_ENCODING)
		return HVTLFS_ERR_EVMCS_NO_FIELD;
	hi = encoded_count();
	while (lo < hi) {
		uint32_t mid = lo + ((hi - lo) >> 1);
		uint32_t e = evmcs_fields[mid].encoding;

		if (e == encoding) {
			*out = &evmcs_fields[mid];
			return HVTLFS_OK;
		}
		if (e < encoding)
			lo = mid + 1;
		else
			hi = mid;
	}
	return HVTLFS_ERR_EVMCS_NO_FIELD;
}

int hvtlfs_evmcs_field_by_offset(uint32_t offset, const struct hvtlfs_evmcs_field **out)
{
	uint32_t i;

	if (out == NULL)
		return HVTLFS_ERR_NULL;
	for (i = 0; i < EVMCS_FIELD_COUNT; i++) {
		if (evmcs_fields[i].offset == offset) {
			*out = &evmcs_fields[i];
			return HVTLFS_OK;
		}
	}
	return HVTLFS_ERR_EVMCS_NO_FIELD;
}

uint32_t hvtlfs_evmcs_clean_bits_for_offset(uint32_t offset)
{
	const struct hvtlfs_evmcs_field *f;

	if (hvtlfs_evmcs_field_by_offset(offset, &f) != HVTLFS_OK)
		return HVTLFS_EVMCS_CLEAN_ALL;
	return f->clean;
}

int hvtlfs_evmcs_prepare(struct hvtlfs_evmcs *evmcs, uint32_t version)
{
	if (evmcs == NULL)
		return HVTLFS_ERR_NULL;
	if (version < HVTLFS_EVMCS_VERSION_MIN || version > HVTLFS_EVMCS_VERSION_MAX)
		return HVTLFS_ERR_EVMCS_VERSION;
	evmcs->version_number = version;
	evmcs->clean_fields = 0;
	return HVTLFS_OK;
}

int hvtlfs_evmcs_check(const struct hvtlfs_evmcs *evmcs)
{
	uint32_t version, enl;

	if (evmcs == NULL)
		return HVTLFS_ERR_NULL;
	/* An L0 reads a page its guest writes: each field once, through the accessor. */
	version = (uint32_t)hvtlfs_guest_le_(&evmcs->version_number, sizeof(evmcs->version_number));
	enl = (uint32_t)hvtlfs_guest_le_(&evmcs->enlightenments_control,
					 sizeof(evmcs->enlightenments_control));
	if (version < HVTLFS_EVMCS_VERSION_MIN || version > HVTLFS_EVMCS_VERSION_MAX)
		return HVTLFS_ERR_EVMCS_VERSION;
	if ((enl & HVTLFS_EVMCS_ENL_RESERVED) != 0)
		return HVTLFS_ERR_RESERVED_BITS;
	return HVTLFS_OK;
}

/* Intel encoding bits 14:13 = 01: a 64-bit field, whose "high" form (bit 0 set) names bits 63:32. */
#define VMCS_ENC_WIDTH_MASK 0x6000u
#define VMCS_ENC_WIDTH_64   0x2000u
#define VMCS_ENC_HIGH	    0x1u

/* Resolves an encoding to the bytes it names: offset and size, full or high half. */
static int locate(uint32_t encoding, const struct hvtlfs_evmcs_field **field, uint32_t *offset,
		  uint32_t *size)
{
	const struct hvtlfs_evmcs_field *f;
	uint32_t high = 0;
	int err;

	if ((encoding & VMCS_ENC_HIGH) != 0) {
		if ((encoding & VMCS_ENC_WIDTH_MASK) != VMCS_ENC_WIDTH_64)
			return HVTLFS_ERR_EVMCS_NO_FIELD;
		encoding &= ~VMCS_ENC_HIGH;
		high = 1;
	}
	err = hvtlfs_evmcs_field_by_encoding(encoding, &f);
	if (err != HVTLFS_OK)
		return err;
	*field = f;
	*offset = (uint32_t)f->offset + (high ? 4u : 0u);
	*size = high ? 4u : f->size;
	return HVTLFS_OK;
}

int hvtlfs_evmcs_read(const struct hvtlfs_evmcs *evmcs, uint32_t encoding, uint64_t *value)
{
	const struct hvtlfs_evmcs_field *f;
	uint32_t off, size;
	int err;

	if (evmcs == NULL || value == NULL)
		return HVTLFS_ERR_NULL;
	err = locate(encoding, &f, &off, &size);
	if (err != HVTLFS_OK)
		return err;
	/* Byte access, little-endian like the hardware, each byte once: an L0 reads
	 * what its guest may be writing. */
	*value = hvtlfs_guest_le_((const uint8_t *)evmcs + off, size);
	return HVTLFS_OK;
}

int hvtlfs_evmcs_write(struct hvtlfs_evmcs *evmcs, uint32_t encoding, uint64_t value)
{
	const struct hvtlfs_evmcs_field *f;
	uint8_t *p;
	uint32_t off, size, i;
	int err;

	if (evmcs == NULL)
		return HVTLFS_ERR_NULL;
	err = locate(encoding, &f, &off, &size);
	if (err != HVTLFS_OK)
		return err;
	if ((f->flags & HVTLFS_EVMCS_FIELD_READ_ONLY) != 0)
		return HVTLFS_ERR_EVMCS_READ_ONLY;
	if (size < 8 && (value >> (size * 8u)) != 0)
		return HVTLFS_ERR_INVALID_ARG;
	p = (uint8_t *)evmcs + off;
	for (i = 0; i < size; i++)
		p[i] = (uint8_t)(value >> (i * 8u));
	hvtlfs_evmcs_mark_dirty(evmcs, f->clean);
	return HVTLFS_OK;
}

int hvtlfs_evmcs_set_enlightenments(struct hvtlfs_evmcs *evmcs, uint32_t control)
{
	if (evmcs == NULL)
		return HVTLFS_ERR_NULL;
	if ((control & HVTLFS_EVMCS_ENL_RESERVED) != 0)
		return HVTLFS_ERR_RESERVED_BITS;
	evmcs->enlightenments_control = control;
	hvtlfs_evmcs_mark_dirty(evmcs, HVTLFS_EVMCS_CLEAN_ENLIGHTENMENTS_CONTROL);
	return HVTLFS_OK;
}

int hvtlfs_vp_assist_set_current_evmcs(struct hvtlfs_vp_assist_page *page, uint64_t evmcs_gpa)
{
	if (page == NULL)
		return HVTLFS_ERR_NULL;
	if (evmcs_gpa == 0)
		return HVTLFS_ERR_INVALID_ARG;
	if (!hvtlfs_is_aligned_(evmcs_gpa, HVTLFS_EVMCS_PAGE_SIZE))
		return HVTLFS_ERR_ALIGNMENT;
	page->current_nested_vmcs = evmcs_gpa;
	page->enlighten_vm_entry = 1;
	return HVTLFS_OK;
}

int hvtlfs_vp_assist_clear_current_evmcs(struct hvtlfs_vp_assist_page *page)
{
	if (page == NULL)
		return HVTLFS_ERR_NULL;
	page->enlighten_vm_entry = 0;
	page->current_nested_vmcs = 0;
	return HVTLFS_OK;
}

int hvtlfs_vp_assist_set_nested_control(struct hvtlfs_vp_assist_page *page, uint32_t features,
					uint32_t hypercall_controls)
{
	if (page == NULL)
		return HVTLFS_ERR_NULL;
	if ((features & HVTLFS_NESTED_CTL_RESERVED) != 0 ||
	    (hypercall_controls & HVTLFS_NESTED_HCCTL_RESERVED) != 0)
		return HVTLFS_ERR_RESERVED_BITS;
	page->nested_control.features = features;
	page->nested_control.hypercall_controls = hypercall_controls;
	return HVTLFS_OK;
}
