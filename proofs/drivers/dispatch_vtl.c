/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * hvtlfs_dispatch() for HvCallVtlCall and HvCallVtlReturn (their own path, vtl_switch
 * in src/dispatch.c): every refusal (#UD without the AccessVsm privilege, for a
 * control word the decoder refuses, for a control input it refuses, without a
 * handler) and the handler's verdict. Both codes with the rest of the control word of
 * any value (fast bit, sizes, nested and reserved bits), the register file of any
 * value (the control input register among them), the partition of any value, for
 * each ABI; the handler table absent or one or two entries of the call's code or any
 * other, with the handler or none; the handler replying anything; the scratch of any
 * bytes.
 *
 * No bounds: a VTL switch has no input bytes and no rep elements.
 * Code, ABI and table size apart (split); slevels and unrolling as in dispatch_regs,
 * with handler_of's loop a state an entry.
 *
 * prove-sources: dispatch.c hvcall.c catalog.c vpset.c
 * prove-options: -eva-precision 1 -eva-split-limit 1000 -eva-split-return auto
 * prove-options: -eva-auto-loop-unroll 200
 * prove-slevel: hvtlfs_call_lookup:100 hvtlfs_dispatch:100 handler_of:10
 * prove-slevel: vtl_switch:100
 * prove-cost: 3
 */
#include "dispatch_env.h"

int main(void)
{
	struct hvtlfs_dispatch_partition part;
	struct hvtlfs_dispatch_handler h[2];
	struct hvtlfs_dispatcher d;
	struct hvtlfs_dispatch_outcome out;
	int ret = prove_bool(), nh = Frama_C_interval(0, 2);
	unsigned int abi = (unsigned int)Frama_C_interval(0, HVTLFS_DISPATCH_ABI_COUNT_ - 1);
	uint16_t code;
	size_t i;

	//@ split ret;
	//@ split abi;
	//@ split nh;
	code = ret ? HVTLFS_CALL_VTL_RETURN : HVTLFS_CALL_VTL_CALL;
	env_regs(abi, (prove_u64() & ~(uint64_t)0xFFFFu) | code, false, &out);
	prove_unknown(&scratch, sizeof(scratch));
	env_partition(&part);
	for (i = 0; i < 2; i++) {
		h[i].code = prove_bool() ? code : prove_u16();
		h[i].fn = PROVE_OR_NULL(handler);
	}
	env_dispatcher(&d, &part, nh ? h : NULL, (size_t)nh);
	return hvtlfs_dispatch(&d, abi, &regs, &scratch, &out);
}
