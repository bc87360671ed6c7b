/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * hvtlfs_dispatch_gate() and hvtlfs_dispatch_abi_name(): the privilege gate for every
 * partition (every privilege, hint, spin-retry and option word) and NULL, and every
 * 16-bit call code; the ABI name of every ABI number (the three rows and every number
 * out of range), which is a readable string.
 *
 * No bounds: every input is any value. The code is split into the extended range,
 * HvCallNotifyLongSpinWait and the rest only by the gate's own tests.
 *
 * prove-sources: dispatch.c
 * prove-options: -eva-precision 1 -eva-split-limit 100
 */
#include "prove.h"
#include "hvtlfs/dispatch.h"

int main(void)
{
	struct hvtlfs_dispatch_partition part;
	const char *name;
	int null = prove_bool();

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
	return hvtlfs_dispatch_gate(null ? NULL : &part, prove_u16());
}
