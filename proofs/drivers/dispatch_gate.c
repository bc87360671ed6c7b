/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * hvtlfs_dispatch_gate() and hvtlfs_dispatch_abi_name(): the privilege gate for every
 * partition (every privilege, hint, spin-retry and option word) and NULL, and every
 * 16-bit call code; the ABI name of every ABI number (the three rows and every number
 * out of range), which is a readable string. hvtlfs_dispatch() with each of its
 * pointers NULL (the dispatcher, its partition, the registers, the scratch, the
 * outcome), each apart, for every ABI number.
 *
 * No bounds: every input is any value. The code is split into the extended range,
 * HvCallNotifyLongSpinWait and the rest only by the gate's own tests.
 *
 * prove-sources: dispatch.c
 * prove-options: -eva-precision 1 -eva-split-limit 100
 * prove-cost: 1
 */
#include "prove.h"
#include "hvtlfs/dispatch.h"

static struct hvtlfs_dispatch_scratch scratch;

int main(void)
{
	struct hvtlfs_dispatch_partition part;
	const char *name;
	struct hvtlfs_dispatcher d;
	struct hvtlfs_dispatch_regs regs;
	struct hvtlfs_dispatch_outcome out;
	int null = prove_bool(), nulls = Frama_C_interval(0, 4);

	part.privileges_eax = prove_u32();
	part.privileges_ebx = prove_u32();
	part.features_edx = prove_u32();
	part.hints_eax = prove_u32();
	part.spin_retries = prove_u32();
	part.options = prove_uint();
	part.decoder_options = prove_uint();
	name = hvtlfs_dispatch_abi_name(prove_uint());
	//@ assert abi_name: \valid_read(name);
	//@ split null;
	(void)hvtlfs_dispatch_gate(null ? NULL : &part, prove_u16());
	/* One pointer NULL, the others not. */
	prove_unknown(&d, sizeof(d));
	d.partition = nulls == 1 ? NULL : &part;
	//@ split nulls;
	return hvtlfs_dispatch(nulls == 0 ? NULL : &d, prove_uint(), nulls == 2 ? NULL : &regs,
			       nulls == 4 ? NULL : &scratch, nulls == 3 ? NULL : &out);
}
