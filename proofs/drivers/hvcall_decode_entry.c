/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * hvtlfs_hvcall_decode_into() and hvtlfs_hvcall_decode() at their entry, for every
 * code: in or req NULL (any elements); element arrays NULL with a capacity (each
 * of the three, any non-zero capacity); no guest bytes (NULL) with any length, for
 * every row of the catalog (the fast bit clear or set, the nested bit clear or set,
 * the sizes 0, any VTL call input, feature and option word: the rows without a
 * decoder, the VTL switch, a call with no input, a call that needs bytes); codes the
 * catalog does not have, with a page of bytes and every length: the first and the
 * last code of each gap between two rows, before the first and after the last (an
 * interval of codes is merged across the gaps by the analysis; the catalog driver
 * proves the lookup and hvcall_check the refusal for every code);
 * and hvtlfs_hvcall_decode() with its range array NULL or ending at its capacity
 * (0 to 2) for HvCallFlushGuestPhysicalAddressList with 0 to 2 reps, the guest bytes
 * ending at the need. The family drivers (hvcall_decode_*) decode every row's bytes.
 *
 * Bounds: the range capacity and reps of the wrapper as the family drivers' (it
 * only passes its array on).
 *
 * prove-sources: hvcall.c catalog.c vpset.c ranges.c
 * prove-options: -eva-precision 0 -eva-split-limit 1000 -eva-split-return auto
 * prove-options: -eva-partition-history 1 -eva-interprocedural-history
 * prove-slevel: hvtlfs_call_lookup:1000 hvtlfs_vpset_decode_mask:20
 * prove-slevel: hvtlfs_hvcall_decode_into:50 hvtlfs_hvcall_check:50
 * prove-cost: 8
 */
#include "hvcall_decode.h"
#include "hvtlfs/flush.h"

static struct hvtlfs_hvcall_input any_input(uint64_t control)
{
	struct hvtlfs_hvcall_input in;

	in.control = control;
	in.input_gpa = prove_u64();
	in.output_gpa = prove_u64();
	in.vtl_input = prove_u64();
	in.features = prove_uint();
	in.options = prove_uint();
	in.bytes = NULL;
	in.len = prove_size_any();
	return in;
}

int main(void)
{
	const struct hvtlfs_call_info *rows;
	struct hvtlfs_hvcall_input in;
	struct hvtlfs_hvcall_request req;
	struct hvtlfs_hvcall_elements el;
	size_t nrows = 0, need, cap;
	int phase = Frama_C_interval(0, 4), row, which;
	uint16_t code, lo, hi;
	uint64_t control;

	rows = hvtlfs_call_catalog(&nrows);
	prove_unknown(&req, sizeof(req));
	el.ranges = NULL;
	el.ranges_cap = 0;
	el.registers = NULL;
	el.registers_cap = 0;
	el.apic_ids = NULL;
	el.apic_ids_cap = 0;
	//@ split phase;
	if (phase == 0) {
		/* in or req NULL. */
		which = Frama_C_interval(0, 1);
		//@ split which;
		in = any_input(prove_u64());
		return hvtlfs_hvcall_decode_into(which ? &in : NULL, which ? NULL : &req,
						 PROVE_OR_NULL(&el));
	}
	if (phase == 1) {
		/* An array NULL with a capacity. */
		which = Frama_C_interval(0, 2);
		//@ split which;
		in = any_input(prove_u64());
		el.ranges = prove_decode_ranges;
		el.ranges_cap = PROVE_DECODE_CAP;
		el.registers = prove_decode_registers;
		el.registers_cap = PROVE_DECODE_CAP;
		el.apic_ids = prove_decode_apic_ids;
		el.apic_ids_cap = PROVE_DECODE_CAP;
		if (which == 0) {
			el.ranges = NULL;
			el.ranges_cap = prove_size(1, HVTLFS_SIZE_MAX_PROVE);
		} else if (which == 1) {
			el.registers = NULL;
			el.registers_cap = prove_size(1, HVTLFS_SIZE_MAX_PROVE);
		} else {
			el.apic_ids = NULL;
			el.apic_ids_cap = prove_size(1, HVTLFS_SIZE_MAX_PROVE);
		}
		return hvtlfs_hvcall_decode_into(&in, &req, &el);
	}
	if (phase == 2) {
		/* Every row with no guest bytes. */
		row = Frama_C_interval(0, (int)nrows - 1);
		//@ split row;
		which = Frama_C_interval(0, 3);
		//@ split which;
		control = rows[row].code | (uint64_t)(which & 1) << HVTLFS_CONTROL_FAST_SHIFT |
			  (uint64_t)(which >> 1) << HVTLFS_CONTROL_NESTED_SHIFT;
		in = any_input(control);
		return hvtlfs_hvcall_decode_into(&in, &req, PROVE_OR_NULL(&el));
	}
	if (phase == 3) {
		/* Every code between two rows (before the first, after the last). */
		row = Frama_C_interval(0, (int)nrows);
		//@ split row;
		lo = row == 0 ? 0u : (uint16_t)(rows[row - 1].code + 1u);
		hi = row == (int)nrows ? 0xFFFFu : (uint16_t)(rows[row].code - 1u);
		if (lo > hi || (row > 0 && rows[row - 1].code == 0xFFFFu))
			return 0;
		code = (uint16_t)Frama_C_nondet(lo, hi);
		in = any_input(code | (uint64_t)prove_bool() << HVTLFS_CONTROL_FAST_SHIFT);
		in.bytes = prove_decode_guest;
		in.len = prove_size(0, HVTLFS_PAGE_SIZE);
		return hvtlfs_hvcall_decode_into(&in, &req, NULL);
	}
	/* hvtlfs_hvcall_decode(): the range array NULL or ending at its capacity. */
	which = Frama_C_interval(0, (int)PROVE_DECODE_EXACT);
	cap = prove_size(0, PROVE_DECODE_CAP);
	//@ split which;
	//@ split cap;
	in = any_input(HVTLFS_CALL_FLUSH_GUEST_PHYSICAL_ADDRESS_LIST |
		       (uint64_t)which << HVTLFS_CONTROL_REP_COUNT_SHIFT);
	need = sizeof(struct hvtlfs_gpa_flush_input) + sizeof(uint64_t) * (size_t)which;
	prove_unknown(prove_decode_guest, sizeof(prove_decode_guest));
	in.bytes = PROVE_TAIL(prove_decode_guest, need);
	in.len = need;
	return hvtlfs_hvcall_decode(&in, &req, PROVE_OR_NULL(PROVE_TAIL(prove_decode_ranges, cap)),
				    cap);
}
