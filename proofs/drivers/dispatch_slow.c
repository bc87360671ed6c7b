/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * hvtlfs_dispatch(): slow calls, the input fetched and the output written through
 * the guest-memory accessor, for each ABI. The accessor fails, or reads any bytes
 * (exactly the bytes asked for: the buffer the dispatcher passes is the scratch's
 * input page, so a read past a page is an alarm); a write reads exactly what it is
 * given, then fails or succeeds. The input and output GPAs of any value, the register
 * file and the partition of any value, a handler that reads its whole input and every
 * element the request gives it, writes its whole output and replies anything.
 *
 * Rows: a simple call with a decoder (HvCallPostMessage), rep calls with a decoder's
 * elements (HvCallGetVpIndexFromApicId with output, HvCallSetVpRegisters, and
 * HvCallFlushVirtualAddressList's ranges), and a call without sizes
 * (HvExtCallEpfSetup: the dispatcher passes the rest of the input page).
 * Bounds: rep counts 0 to REPS_MAX and rep starts 0 to the count plus one, the
 * variable header size 0 and the control word's other bits clear (dispatch_regs has
 * every control word; every further element is the same step of the decoder's loop
 * and of the dispatcher's output write, whose size the check bounds by the page).
 * Row, ABI, rep count and start apart (split); slevels and unrolling as in
 * dispatch_regs.
 *
 * prove-sources: dispatch.c hvcall.c catalog.c vpset.c ranges.c registers.c
 * prove-options: -eva-precision 1 -eva-split-limit 1000 -eva-split-return auto
 * prove-options: -eva-auto-loop-unroll 200
 * prove-slevel: hvtlfs_call_lookup:100 hvtlfs_dispatch:100
 * prove-cost: 12
 */
#include "dispatch_env.h"

#define REPS_MAX 2

static const uint16_t codes[] = { HVTLFS_CALL_POST_MESSAGE, HVTLFS_CALL_GET_VP_INDEX_FROM_APIC_ID,
				  HVTLFS_CALL_SET_VP_REGISTERS,
				  HVTLFS_CALL_FLUSH_VIRTUAL_ADDRESS_LIST,
				  HVTLFS_CALL_EXT_EPF_SETUP };

int main(void)
{
	struct hvtlfs_dispatch_partition part;
	struct hvtlfs_dispatch_handler h;
	struct hvtlfs_dispatcher d;
	struct hvtlfs_dispatch_outcome out;
	const struct hvtlfs_call_info *info;
	int row = Frama_C_interval(0, (int)PROVE_LEN(codes) - 1), count, start;
	unsigned int abi = (unsigned int)Frama_C_interval(0, HVTLFS_DISPATCH_ABI_COUNT_ - 1);
	uint64_t control;

	//@ split row;
	//@ split abi;
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
	h.code = codes[row];
	h.fn = handler;
	env_dispatcher(&d, &part, &h, 1);
	return hvtlfs_dispatch(&d, abi, &regs, &scratch, &out);
}
