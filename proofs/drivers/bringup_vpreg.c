/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Bring-up through synthetic registers (arm64's): hvtlfs_smccc_uid_check() of any UID
 * or NULL, hvtlfs_smccc_call_uid_native(), hvtlfs_detect_vpregs(),
 * hvtlfs_guest_os_id_set_vpreg() and hvtlfs_vp_index_read_vpreg() with register
 * operations that read any value or fail without writing it, set anything or fail,
 * NULL ops or NULL functions; every argument any value, every pointer NULL or not.
 * The SMCCC query is proofs/model/cpu.h's contract. The native operations
 * (hvtlfs_vpreg_get_native(), _set_native()) are bringup_native.c's.
 * Bounds: none.
 *
 * prove-sources: bringup.c features.c
 * prove-options: -eva-precision 1 -eva-split-return full
 * prove-slevel: hvtlfs_zero_:1000
 * prove-cost: 1
 */
#include "prove.h"
#include "hvtlfs/bringup.h"

/* A register that reads any value, or fails (a negative return) without writing it
 * (struct hvtlfs_vpreg_ops: 0 or a negative error). */
static int any_get(void *ctx, uint32_t name, uint64_t value[2])
{
	(void)ctx;
	(void)name;
	if (prove_bool())
		return -Frama_C_interval(1, 1000);
	value[0] = prove_u64();
	value[1] = prove_u64();
	return 0;
}

static int any_set(void *ctx, uint32_t name, uint64_t lo, uint64_t hi)
{
	(void)ctx;
	(void)name;
	(void)lo;
	(void)hi;
	return Frama_C_interval(-1000, 1000);
}

int main(void)
{
	struct hvtlfs_vpreg_ops ops, *opsp = &ops;
	struct hvtlfs_features f;
	uint32_t uid[4], vp;
	int which = Frama_C_interval(0, 3), null = Frama_C_interval(0, 3);

	prove_unknown(uid, sizeof(uid));
	ops.ctx = NULL;
	/* The ops: any, NULL, or NULL get or set, each apart. */
	//@ split null;
	ops.get = null == 2 ? NULL : any_get;
	ops.set = null == 3 ? NULL : any_set;
	if (null == 1)
		opsp = NULL;
	//@ split which;
	switch (which) {
	case 0:
		if (prove_bool())
			hvtlfs_smccc_call_uid_native(uid);
		return hvtlfs_smccc_uid_check(PROVE_OR_NULL(uid));
	case 1:
		return hvtlfs_detect_vpregs(PROVE_OR_NULL(&f), PROVE_OR_NULL(uid), opsp);
	case 2:
		return hvtlfs_guest_os_id_set_vpreg(opsp, prove_u64());
	default:
		return hvtlfs_vp_index_read_vpreg(opsp, PROVE_OR_NULL(&vp));
	}
}
