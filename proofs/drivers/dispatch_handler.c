/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * hvtlfs_dispatch(): the handler table and the handler's reply. The table absent
 * (NULL, no entries), or one or two entries, each of the call's code or any other
 * code, each with the handler or none; the handler replying any status with any reps
 * completed (success with every rep done, a yield or a timeout part-way, a failure
 * part-way, a count below the rep start or past the limit), with the partition's
 * options (the timeout option among them) of any value; the output written through
 * the accessor (failing or not) or dropped; the register file, the partition and the
 * scratch of any value, for each ABI.
 *
 * Rows: a rep call without a decoder (HvCallModifyVtlProtectionMask: no request), a
 * rep call with a decoder and output (HvCallGetVpIndexFromApicId), a simple call with
 * output and no decoder (HvCallPostDebugData).
 * Bounds: rep counts 0 to REPS_MAX and rep starts 0 to the count plus one (every
 * further rep is the same step of the reply's checks and the output write), the
 * control word's other bits clear (dispatch_regs has every control word).
 * Row, ABI, table size, rep count and start apart (split); slevels and unrolling as
 * in dispatch_regs, with handler_of's loop a state an entry.
 *
 * prove-sources: dispatch.c hvcall.c catalog.c vpset.c
 * prove-options: -eva-precision 1 -eva-split-limit 1000 -eva-split-return auto
 * prove-options: -eva-auto-loop-unroll 200
 * prove-slevel: hvtlfs_call_lookup:100 hvtlfs_dispatch:100 handler_of:10
 * prove-cost: 11
 */
#include "dispatch_env.h"

#define REPS_MAX 2

static const uint16_t codes[] = { HVTLFS_CALL_MODIFY_VTL_PROTECTION_MASK,
				  HVTLFS_CALL_GET_VP_INDEX_FROM_APIC_ID,
				  HVTLFS_CALL_POST_DEBUG_DATA };

int main(void)
{
	struct hvtlfs_dispatch_partition part;
	struct hvtlfs_dispatch_handler h[2];
	struct hvtlfs_dispatcher d;
	struct hvtlfs_dispatch_outcome out;
	const struct hvtlfs_call_info *info;
	int row = Frama_C_interval(0, (int)PROVE_LEN(codes) - 1), count, start;
	int nh = Frama_C_interval(0, 2);
	unsigned int abi = (unsigned int)Frama_C_interval(0, HVTLFS_DISPATCH_ABI_COUNT_ - 1);
	uint64_t control;
	size_t i;

	//@ split row;
	//@ split abi;
	//@ split nh;
	info = hvtlfs_call_lookup(codes[row]);
	count = info && info->kind == HVTLFS_CALL_KIND_REP ? Frama_C_interval(0, REPS_MAX) : 0;
	//@ split count;
	start = count ? Frama_C_interval(0, count + 1) : 0;
	//@ split start;
	control = codes[row] | (uint64_t)count << HVTLFS_CONTROL_REP_COUNT_SHIFT |
		  (uint64_t)start << HVTLFS_CONTROL_REP_START_SHIFT;
	env_regs(abi, control, false, &out);
	prove_unknown(&scratch, sizeof(scratch));
	env_partition(&part);
	for (i = 0; i < 2; i++) {
		h[i].code = prove_bool() ? codes[row] : prove_u16();
		h[i].fn = PROVE_OR_NULL(handler);
	}
	env_dispatcher(&d, &part, nh ? h : NULL, (size_t)nh);
	return hvtlfs_dispatch(&d, abi, &regs, &scratch, &out);
}
