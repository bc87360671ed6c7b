/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The bring-up module: hvtlfs_cpuid_capture() and hvtlfs_detect() with every CPUID
 * source (a callback answering any registers, hvtlfs_cpuid_from_table() over a table
 * of 0 to 8 entries of any contents ending at its count, or NULL, or with NULL
 * entries, and hvtlfs_cpuid_native()); hvtlfs_bringup_check() of any features;
 * hvtlfs_msr_name() of every MSR; the guest OS ID, hypercall MSR and VP assist MSR
 * encoders (every field) and decoders (every 64-bit value); the enable and disable
 * sequences and hvtlfs_vp_index_read() with MSR operations that read any value or
 * fail without writing it, the native ones, NULL ops or NULL functions; every
 * argument any value, every pointer NULL or not (apart where a callee checks it).
 * Bounds: a CPUID table of 8 entries (each entry is the same loop step).
 *
 * prove-sources: bringup.c features.c
 * prove-options: -eva-precision 1 -eva-split-return auto
 * prove-slevel: hvtlfs_zero_:1000
 * prove-cost: 5
 */
#include "prove.h"
#include "features_any.h"
#include "hvtlfs/bringup.h"

#define TABLE_MAX 8u

/* A CPU that answers anything. */
static void any_cpuid(void *ctx, uint32_t leaf, uint32_t subleaf, uint32_t regs[4])
{
	(void)ctx;
	(void)leaf;
	(void)subleaf;
	prove_unknown(regs, 4u * sizeof(regs[0]));
}

/* MSRs that read any value, or fail (a negative return) without writing it. */
static int any_read(void *ctx, uint32_t msr, uint64_t *value)
{
	(void)ctx;
	(void)msr;
	if (prove_bool())
		return -Frama_C_interval(1, 1000);
	*value = prove_u64();
	return Frama_C_interval(0, 1000);
}

static int any_write(void *ctx, uint32_t msr, uint64_t value)
{
	(void)ctx;
	(void)msr;
	(void)value;
	return Frama_C_interval(-1000, 1000);
}

static struct hvtlfs_cpuid_entry entries[TABLE_MAX];

static int cpuid_side(void)
{
	struct hvtlfs_cpuid_dump dump;
	struct hvtlfs_features f;
	struct hvtlfs_cpuid_table table;
	uint32_t regs[4];
	int src = Frama_C_interval(0, 3);
	hvtlfs_cpuid_fn fn;
	void *ctx = NULL;

	prove_unknown(entries, sizeof(entries));
	table.count = prove_size(0, TABLE_MAX);
	//@ split table.count;
	table.entries = PROVE_OR_NULL(PROVE_TAIL(entries, table.count));
	//@ split src;
	if (src == 0) {
		fn = any_cpuid;
	} else if (src == 1) {
		fn = hvtlfs_cpuid_from_table;
		ctx = PROVE_OR_NULL(&table);
	} else if (src == 2) {
		fn = hvtlfs_cpuid_native;
	} else {
		fn = NULL;
	}
	hvtlfs_cpuid_from_table(PROVE_OR_NULL(&table), prove_u32(), prove_u32(), regs);
	if (prove_bool())
		return hvtlfs_cpuid_capture(PROVE_OR_NULL(&dump), fn, ctx);
	return hvtlfs_detect(PROVE_OR_NULL(&f), fn, ctx);
}

static int msr_side(void)
{
	struct hvtlfs_msr_ops ops;
	struct hvtlfs_hypercall_msr hc;
	struct hvtlfs_vp_assist_msr va;
	struct hvtlfs_features f;
	uint64_t value, out;
	uint32_t vp;
	int how = Frama_C_interval(0, 4), which = Frama_C_interval(0, 4);
	int rc;

	prove_features_any(&f);
	rc = hvtlfs_bringup_check(PROVE_OR_NULL(&f));
	rc |= hvtlfs_msr_name(prove_u32())[0];
	rc |= hvtlfs_guest_os_id_encode(PROVE_OR_NULL(&value), prove_u32(), prove_u32(),
					prove_u32(), prove_u32());
	hc.enable = prove_bool();
	hc.locked = prove_bool();
	hc.reserved = prove_u16();
	hc.gpfn = prove_u64();
	va.enable = prove_bool();
	va.reserved = prove_u16();
	va.gpfn = prove_u64();
	rc |= hvtlfs_hypercall_msr_encode(PROVE_OR_NULL(&value), PROVE_OR_NULL(&hc));
	rc |= hvtlfs_vp_assist_msr_encode(PROVE_OR_NULL(&value), PROVE_OR_NULL(&va));
	rc |= hvtlfs_hypercall_msr_decode(prove_u64(), PROVE_OR_NULL(&hc));
	rc |= hvtlfs_vp_assist_msr_decode(prove_u64(), PROVE_OR_NULL(&va));

	/* The operations: any, native, a NULL read, a NULL write, or no ops. */
	ops.ctx = NULL;
	ops.read = any_read;
	ops.write = any_write;
	//@ split how;
	if (how == 1) {
		ops.read = hvtlfs_msr_read_native;
		ops.write = hvtlfs_msr_write_native;
	} else if (how == 2) {
		ops.read = NULL;
	} else if (how == 3) {
		ops.write = NULL;
	}
	//@ split which;
	switch (which) {
	case 0:
		return rc | hvtlfs_hypercall_page_enable(how == 4 ? NULL : &ops, prove_u64(),
							 prove_u64(), prove_u32(),
							 PROVE_OR_NULL(&out));
	case 1:
		return rc | hvtlfs_hypercall_page_disable(how == 4 ? NULL : &ops);
	case 2:
		return rc | hvtlfs_vp_assist_enable(how == 4 ? NULL : &ops, prove_u64(),
						    prove_u32(), PROVE_OR_NULL(&out));
	case 3:
		return rc | hvtlfs_vp_assist_disable(how == 4 ? NULL : &ops);
	default:
		return rc | hvtlfs_vp_index_read(how == 4 ? NULL : &ops, PROVE_OR_NULL(&vp));
	}
}

int main(void)
{
	if (prove_bool())
		return cpuid_side();
	return msr_side();
}
