/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * hvtlfs_hvcall_decode_into() for the Ex flush calls:
 * HvCallFlushVirtualAddressSpaceEx and HvCallFlushVirtualAddressListEx
 * (decode_flush_va() with the HV_VP_SET, decode_list()).
 * Every input of proofs/model/hvcall_decode.h for each of these codes: both call
 * forms, every control word bit, GPA, feature and option word; the guest bytes
 * unknown and changing between reads, exactly the need or any shorter length with
 * nothing readable, and every larger size with a page of bytes with any length; the
 * caller's arrays ending at their capacity, or NULL.
 *
 * Bounds: the HV_VP_SET of 0 to 2 bank words exactly (each further word is read by
 * the same loop step of hvtlfs_vpset_decode(), which vpset_decode proves for every
 * length), or any larger size with a page (the list: each of 0 to 64 banks with a
 * page, where its rep elements follow: 3, 4, 63 and 64 banks exactly); 0 to 2 GVA range entries
 * exactly into 0 to 2 range slots, or any count with a page (each entry is read at
 * its own offset by the one loop step of decode_list()).
 *
 * The decoder's request is judged by hvtlfs_hvcall_check() first: the states of a
 * refused and an accepted call are kept apart through its return (-eva-partition-history
 * 1 -eva-interprocedural-history), and the decoder and the check keep a state a path
 * (slevel), so a refused call's request is not taken for an accepted one's.
 * The gauges domain only in decode_list() and its callees (-eva-domains-function): it
 * relates the list's rep index to the offset it reads, which the wide bank counts need
 * (without it, alarms there); elsewhere it only cost time.
 *
 * prove-sources: hvcall.c catalog.c vpset.c ranges.c
 * prove-options: -eva-precision 0 -eva-split-limit 1000 -eva-split-return auto
 * prove-options: -eva-domains-function gauges:decode_list+
 * prove-options: -eva-partition-history 1 -eva-interprocedural-history
 * prove-slevel: hvtlfs_call_lookup:1000 hvtlfs_vpset_decode_mask:20
 * prove-slevel: hvtlfs_hvcall_decode_into:50 hvtlfs_hvcall_check:50
 * prove-cost: 24
 */
#include "hvcall_decode.h"

static const uint16_t codes[] = {
	HVTLFS_CALL_FLUSH_VIRTUAL_ADDRESS_SPACE_EX,
	HVTLFS_CALL_FLUSH_VIRTUAL_ADDRESS_LIST_EX,
};

int main(void)
{
	return prove_decode_rows(codes, (int)PROVE_LEN(codes));
}
