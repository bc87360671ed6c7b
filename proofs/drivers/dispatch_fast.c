/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * hvtlfs_dispatch(): fast calls, the input from the register file and the output
 * back into it, for each ABI: x86_64 (RDX, R8, XMM0-XMM5 in and out), i386 (EBX:ECX,
 * EDI:ESI, XMM0-XMM5 in; no fast output: refused), arm64 (X2-X17 in and out). The
 * register file, the partition (XMM input and output features among them) and the
 * scratch of any value; a handler that reads its whole input and every element the
 * request gives it, writes its whole output and replies anything; the accessor as in
 * dispatch_slow (a fast call must not use it).
 *
 * Rows: rep calls with output (HvCallGetVpRegisters, HvCallGetVpIndexFromApicId: the
 * output after the input in the register image) and a simple fast call with a decoder
 * (HvCallSignalEvent).
 * Bounds: rep counts 0 to REPS_MAX and rep starts 0 to the count plus one, the
 * variable header size 0 and the control word's other bits clear (dispatch_regs has
 * every control word). Larger counts take the same loop steps until the check refuses
 * what does not fit the fast block (hvcall_check proves that judgement).
 * Row, ABI, rep count and start apart (split); slevels and unrolling as in
 * dispatch_regs.
 *
 * prove-sources: dispatch.c hvcall.c catalog.c vpset.c registers.c
 * prove-options: -eva-precision 1 -eva-split-limit 1000 -eva-split-return auto
 * prove-options: -eva-auto-loop-unroll 200
 * prove-slevel: hvtlfs_call_lookup:100 hvtlfs_dispatch:100
 * prove-slevel: fast_image:300 fast_store:300
 * prove-cost: 11
 */
#include "dispatch_env.h"

#define REPS_MAX 2

static const uint16_t codes[] = { HVTLFS_CALL_GET_VP_REGISTERS,
				  HVTLFS_CALL_GET_VP_INDEX_FROM_APIC_ID, HVTLFS_CALL_SIGNAL_EVENT };

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
	control = codes[row] | (uint64_t)1u << HVTLFS_CONTROL_FAST_SHIFT |
		  (uint64_t)count << HVTLFS_CONTROL_REP_COUNT_SHIFT |
		  (uint64_t)start << HVTLFS_CONTROL_REP_START_SHIFT;
	env_regs(abi, control, false, &out);
	prove_unknown(&scratch, sizeof(scratch));
	env_partition(&part);
	h.code = codes[row];
	h.fn = handler;
	env_dispatcher(&d, &part, &h, 1);
	return hvtlfs_dispatch(&d, abi, &regs, &scratch, &out);
}
