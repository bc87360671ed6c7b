/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * STATUS (not run by scripts/prove; its functions stay in proofs/pending): too slow.
 * On x86_64 (2 cores at a load of about 12) it ran 25 minutes, 3 of them on the CPU,
 * without finishing: some 6000 states in main, each through the whole decoder. No
 * alarm was reported in that time. What its earlier versions found, all imprecision,
 * is fixed: the request's bools read back after the volatile zeroing (src/hvcall.c
 * stores them again), the reads of the rep list for a rep start and count that Eva
 * does not relate (src/hvcall.c elements_in()), the need of a refused and an accepted
 * call merged (the split below). Next: one driver a decoder family (rows apart), the
 * three phases as drivers of their own, and fewer exact sizes per row.
 *
 * hvtlfs_hvcall_decode_into() and hvtlfs_hvcall_decode(): a guest's hypercall as the
 * hypervisor decodes it, for every call code of the catalog (and any other code),
 * the fast bit set or not, every nested and reserved bit, every feature and option
 * word, every VTL call input and both GPAs; the guest bytes unknown and changing
 * between reads (proofs/model/guest.c).
 *
 * The call code is split over the catalog's rows (one state a row: the row's sizes,
 * flags and decoder are judged alone), and so are the control word's sizes where the
 * row uses them: the variable header size of a row that takes one is each of 0 to
 * VARHDR_MAX or any larger value; the rep count and rep start of a rep call each of 0
 * to REPS_MAX or any larger value (the rep start above the count too). A row that
 * takes none is given 0 or any other value (refused). The input size the call needs
 * follows (hvtlfs_hvcall_check(), run first on the same input), and three phases give
 * the guest bytes:
 * 0. exactly the need, ending where the length the decoder is given ends, so that a
 *    read past it is an alarm (for a larger variable header: a page, any length from
 *    the need up); the element arrays (ranges, registers, APIC ids) end at their
 *    capacity, each of 0 to CAP_MAX for a rep call;
 * 1. fewer bytes than the need (any shorter length) with none readable at all: the
 *    decoder reads nothing of a truncated input; NULL with any length; or a page with
 *    any length from the need up;
 * 2. a page, with every variable header, rep count and rep start at once: elements
 *    NULL, arrays NULL with any capacity, in and req NULL, and hvtlfs_hvcall_decode()
 *    with its range array.
 * The rep counts above REPS_MAX (up to what a page holds) are analysed with a page of
 * bytes: every read inside it (the decoder's loops are bounded by the reps its input
 * holds, src/hvcall.c elements_in()). The request holds any bytes before the call
 * (docs/proofs.md, "Volatile stores").
 *
 * Bounds: the input ends exactly at its length for rep counts up to REPS_MAX and
 * variable headers up to VARHDR_MAX (each further element or bank word is read at its
 * own offset by the same loop step); capacities up to CAP_MAX. vpset_decode and
 * ranges_decode prove the HV_VP_SET and range decoders for every length.
 *
 * prove-sources: hvcall.c catalog.c control.c vpset.c ranges.c registers.c
 * prove-options: -eva-precision 0 -eva-split-limit 100000 -eva-split-return auto
 * prove-options: -eva-domains gauges -eva-print-callstacks
 * prove-slevel: hvtlfs_call_lookup:1000 hvtlfs_vpset_decode_mask:20
 * prove-slevel: hvtlfs_range_decode:20 hvtlfs_range_list_decode:100
 * prove-slevel: hvtlfs_hvcall_decode_into:50
 */
#include "prove.h"
#include "hvtlfs/catalog.h"
#include "hvtlfs/hvcall.h"

#define REPS_MAX   2u
#define VARHDR_MAX 2u
#define CAP_MAX	   2u

static uint8_t guest[HVTLFS_PAGE_SIZE];
static struct hvtlfs_range_entry ranges[CAP_MAX];
static struct hvtlfs_register_entry registers[CAP_MAX];
static uint32_t apic_ids[CAP_MAX];

/* Each of 0 to @exact (split by the caller), or any value above it up to @max: the
 * selector @sel is split, not the value (a split enumerates every value). */
static uint64_t field(int sel, uint32_t exact, uint32_t max)
{
	return sel <= (int)exact ? (uint64_t)sel : (uint64_t)prove_u32_in(exact + 1u, max);
}

int main(void)
{
	const struct hvtlfs_call_info *rows, *info;
	struct hvtlfs_hvcall_input in;
	struct hvtlfs_hvcall_request req;
	struct hvtlfs_hvcall_elements el;
	size_t nrows = 0, need = 0, cap = CAP_MAX;
	uint64_t code, varhdr, reps, start, control;
	int row, fast = prove_bool(), phase = Frama_C_interval(0, 2), bytes = 0, api = 0;
	uint32_t vx, rx;
	int vsel, rsel, ssel;

	rows = hvtlfs_call_catalog(&nrows);
	row = Frama_C_interval(-1, (int)nrows - 1);
	//@ split row;
	info = row < 0 ? NULL : &rows[row];
	code = info ? info->code : prove_u16();
	//@ split fast;
	//@ split phase;
	/* The exact values a row uses: the variable header of a VARHDR row, the rep count
	 * and rep start of a rep row; a row that takes none has 0 or any other value. The
	 * last phase (the API's NULL cases) takes every value at once. */
	vx = info && (info->flags & HVTLFS_CALLF_VARHDR) ? VARHDR_MAX : 0u;
	rx = info && info->kind == HVTLFS_CALL_KIND_REP ? REPS_MAX : 0u;
	if (phase == 2)
		vx = rx = 0;
	vsel = Frama_C_interval(0, (int)vx + 1);
	rsel = Frama_C_interval(0, (int)rx + 1);
	ssel = Frama_C_interval(0, (int)rx + 1);
	//@ split vsel;
	//@ split rsel;
	//@ split ssel;
	varhdr = field(vsel, vx, HVTLFS_CONTROL_VARHDR_MAX);
	reps = field(rsel, rx, HVTLFS_CONTROL_REP_MAX);
	start = field(ssel, rx, HVTLFS_CONTROL_REP_MAX);
	control = code | (uint64_t)fast << HVTLFS_CONTROL_FAST_SHIFT |
		  varhdr << HVTLFS_CONTROL_VARHDR_SHIFT | reps << HVTLFS_CONTROL_REP_COUNT_SHIFT |
		  start << HVTLFS_CONTROL_REP_START_SHIFT |
		  (prove_u64() &
		   (HVTLFS_CONTROL_RESERVED_MASK | (1u << HVTLFS_CONTROL_NESTED_SHIFT)));
	/* Whatever the caller's request held before (docs/proofs.md, "Volatile stores"). */
	prove_unknown(&req, sizeof(req));
	prove_unknown(guest, sizeof(guest));
	in.control = control;
	in.input_gpa = prove_u64();
	in.output_gpa = prove_u64();
	in.vtl_input = prove_u64();
	in.features = prove_uint();
	in.options = prove_uint();
	in.bytes = guest;
	in.len = 0;
	/* The need of this control word, as the decoder will compute it. */
	if (hvtlfs_hvcall_check(&in, &req, &need) != HVTLFS_OK)
		need = 0;
	if (phase == 0) {
		/* Exactly the need, ending there (a page for the larger sizes). */
		bytes = vsel <= (int)vx && rsel <= (int)rx && ssel <= (int)rx ? 0 : 3;
	} else if (phase == 1) {
		bytes = Frama_C_interval(1, 3);
	} else {
		bytes = 3;
		/* in and req NULL: with any code only. */
		api = Frama_C_interval(1, info ? 3 : 5);
		if (api == 3 && info)
			api = 5;
	}
	//@ split bytes;
	//@ split api;
	if (bytes == 0) {
		/* The need of the accepted call and the 0 of a refused one, apart. */
		//@ split need;
		in.len = need;
		in.bytes = PROVE_TAIL(guest, need);
	} else if (bytes == 1) {
		in.len = need ? prove_size(0, need - 1u) : 0;
		in.bytes = PROVE_TAIL(guest, 0);
	} else if (bytes == 2) {
		in.len = prove_size_any();
		in.bytes = NULL;
	} else {
		in.len = prove_size(need, HVTLFS_SIZE_MAX_PROVE);
		in.bytes = guest;
	}
	if (api == 0) {
		if (rx && bytes == 0) {
			cap = prove_size(0, CAP_MAX);
			//@ split cap;
		}
		el.ranges = PROVE_TAIL(ranges, cap);
		el.ranges_cap = cap;
		el.registers = PROVE_TAIL(registers, cap);
		el.registers_cap = cap;
		el.apic_ids = PROVE_TAIL(apic_ids, cap);
		el.apic_ids_cap = cap;
		return hvtlfs_hvcall_decode_into(&in, &req, &el);
	}
	if (api == 1)
		return hvtlfs_hvcall_decode_into(&in, &req, NULL);
	if (api == 2) {
		el.ranges = NULL;
		el.ranges_cap = prove_size_any();
		el.registers = NULL;
		el.registers_cap = prove_size_any();
		el.apic_ids = NULL;
		el.apic_ids_cap = prove_size_any();
		return hvtlfs_hvcall_decode_into(&in, &req, &el);
	}
	if (api == 3)
		return hvtlfs_hvcall_decode_into(NULL, &req, NULL);
	if (api == 4)
		return hvtlfs_hvcall_decode_into(&in, NULL, NULL);
	return hvtlfs_hvcall_decode(&in, &req, PROVE_OR_NULL(ranges), PROVE_LEN(ranges));
}
