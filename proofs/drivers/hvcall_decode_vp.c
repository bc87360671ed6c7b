/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * hvtlfs_hvcall_decode_into() for the VP calls: HvCallGetVpRegisters,
 * HvCallSetVpRegisters, HvCallGetVpIndexFromApicId, HvCallEnablePartitionVtl,
 * HvCallEnableVpVtl and HvCallStartVirtualProcessor (decode_vp_registers(),
 * decode_vp_index(), decode_enable_partition_vtl(), decode_vp_context() with
 * get_segment() and get_table(), and the helpers they share: output_at(),
 * elements_fit(), fail_element(), end_elements(), partition_invalid(),
 * reserved_bytes(), vtl_invalid()).
 * Every input of proofs/model/hvcall_decode.h for each of these codes: both call
 * forms, every control word bit, GPA, feature and option word; the guest bytes
 * unknown and changing between reads, exactly the need or any shorter length with
 * nothing readable, and every larger size with a page of bytes with any length; the
 * caller's arrays ending at their capacity, or NULL.
 *
 * Bounds: 0 to 2 register names, register assocs or APIC ids exactly into 0 to 2
 * slots, or any count with a page (each element is read and written at its own
 * offset by the one loop step of its decoder); the register catalog lookups and the
 * write check are the registers driver's for every name and value.
 *
 * The decoder's request is judged by hvtlfs_hvcall_check() first, and the decoder and
 * the check keep a state a path (slevel). Unlike the other families, these decoders
 * need no partition history through the check's return nor the gauges domain: without
 * them no alarm on any machine, 3 statements more of hvtlfs_hvcall_decode_into()
 * reached (paths of a refused call's request joined with an accepted one's), and a
 * quarter of the time less.
 *
 * prove-sources: hvcall.c catalog.c vpset.c registers.c
 * prove-options: -eva-precision 0 -eva-split-limit 1000 -eva-split-return auto
 * prove-slevel: hvtlfs_call_lookup:1000 hvtlfs_vpset_decode_mask:20
 * prove-slevel: hvtlfs_hvcall_decode_into:50 hvtlfs_hvcall_check_:50
 * prove-cost: 7
 */
#include "hvcall_decode.h"

static const uint16_t codes[] = {
	HVTLFS_CALL_ENABLE_PARTITION_VTL,    HVTLFS_CALL_ENABLE_VP_VTL,
	HVTLFS_CALL_GET_VP_REGISTERS,	     HVTLFS_CALL_SET_VP_REGISTERS,
	HVTLFS_CALL_START_VIRTUAL_PROCESSOR, HVTLFS_CALL_GET_VP_INDEX_FROM_APIC_ID,
};

int main(void)
{
	return prove_decode_rows(codes, (int)PROVE_LEN(codes));
}
