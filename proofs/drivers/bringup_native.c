/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The native synthetic-register operations: hvtlfs_vpreg_get_native() and
 * hvtlfs_vpreg_set_native(), any context, every register name and value, the value
 * buffer NULL or not. On arm64 each is one fast HvCallGetVpRegisters or
 * HvCallSetVpRegisters through the register file (hvtlfs_hypercall_regs()), whose
 * instruction is proofs/model/cpu.h's contract: X2-X17 and the result come back with
 * any value, so the parser reads any output and every status and reps-completed count
 * is judged. Elsewhere they refuse (no such registers to reach natively).
 * Bounds: none. Every function's return states are split on 0 (-eva-split-return 0):
 * the status a caller tests, so that the value is known written where OK is returned.
 * hvtlfs_vpreg_call_() is compiled on arm64 only (the other machines have no such
 * function: scripts/prove's coverage check sees it absent there).
 *
 * prove-sources: bringup.c registers.c control.c
 * prove-options: -eva-precision 1 -eva-split-return 0
 * prove-slevel: hvtlfs_register_lookup:400 hvtlfs_control_encode:20
 * prove-cost: 2
 */
#include "prove.h"
#include "hvtlfs/bringup.h"

int main(void)
{
	uint64_t value[2];
	uint32_t name = prove_u32();
	void *ctx = PROVE_OR_NULL(value);
	int rc;

	if (prove_bool())
		return hvtlfs_vpreg_set_native(ctx, name, prove_u64(), prove_u64());
	rc = hvtlfs_vpreg_get_native(ctx, name, PROVE_OR_NULL(value));
	/* A value read is whole. */
	if (rc == 0) {
		//@ assert got: \initialized(value + (0 .. 1));
	}
	return rc;
}
