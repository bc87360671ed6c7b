/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The guest's hypercall as hvtlfs_hvcall_decode_into() decodes it, for the rows of a
 * call family (the drivers proofs/drivers/hvcall_decode_*.c), each row in states of
 * its own.
 *
 * prove_decode_rows() takes the family's call codes and analyses, for each of them
 * (one state a code: the row's sizes, flags and decoder are judged alone):
 * - the fast bit clear or set; the nested bit clear or set; no reserved bit, or any
 *   reserved bits (with a page of bytes, below); every input and output GPA, VTL call
 *   input, feature word and option word;
 * - the variable header size of a VARHDR row each of 0 to PROVE_DECODE_EXACT, or any
 *   larger value (for the Ex flush list, whose rep elements follow it: 0 to 4, 63 and
 *   64 banks exactly, or any larger value; each bank word is read by the one loop step
 *   of hvtlfs_vpset_decode(), which vpset_decode proves for every length, and the
 *   elements start after the banks by one formula); the rep count of a rep row each of 0 to
 *   PROVE_DECODE_EXACT or any larger value; the rep start of a rep row each of 0 to
 *   PROVE_DECODE_EXACT or the largest (4095), of any other row 0 or 4095 (refused);
 *   a row that takes no variable header or reps has 0 or the largest (refused: the
 *   check refuses every value but 0 by one test, which hvcall_check proves for all).
 *   The rep start is not given as an interval: an interval in the control word's
 *   highest field makes every field the decoder extracts below it an interval, and
 *   the analysis would no longer tell the element offset from the need; each start
 *   is compared with the count once (the rep rule) and element i is read at its own
 *   offset below the need (src/hvcall.c elements_in()) whatever the start;
 * - the guest bytes, fully unknown and changing between reads (proofs/model/guest.c):
 *   for the exact sizes, exactly the bytes the call needs (the fixed header, the
 *   variable header and the rep elements, as the catalog sizes them), ending where
 *   the length the decoder is given ends, so that a read past it is an alarm; or
 *   every shorter length with no byte readable at all (the decoder reads nothing of a
 *   truncated input). For the larger sizes, a page of bytes with every length up to it:
 *   the decoder's loops stop at the reps its input holds (src/hvcall.c elements_in()),
 *   so each read is inside the need, which the check bounds by the page;
 * - the caller's arrays (ranges, registers, APIC ids) ending at their capacity, each of
 *   0 to PROVE_DECODE_CAP for a rep row, or no elements at all (NULL); a simple row
 *   gets arrays or NULL.
 * The request holds any bytes before the call (docs/proofs.md, "Volatile stores").
 *
 * Where the decoder reads neither the bytes nor the arrays, one state takes the
 * inputs of the states above together (a length an interval of theirs, the bytes
 * pointer and the arrays a set of theirs: every input they take, none read): a control
 * word of single fields the catalog's rules refuse by themselves (hvtlfs_call_check():
 * a reserved bit, the rep rule, a variable header or the fast form the row does not
 * take), which the decoder answers after the check; and, for an accepted one, the
 * shorter lengths with nothing readable, which it answers before any element (no room
 * for one, or the input truncated). Were a state of them to reach a read, its bytes
 * would end at no length and the analysis would raise an alarm, not prove less. The
 * states that decode keep each length, capacity and NULL apart, as above.
 *
 * Bounds, and why they are enough: each further rep element or bank word is read and
 * written at its own offset by the same loop step as the ones analysed exactly, and
 * the larger counts are analysed with a page; the HV_VP_SET and range decoders the
 * calls use are proven for every length by vpset_decode and ranges_decode.
 */
#ifndef HVTLFS_PROVE_HVCALL_DECODE_H
#define HVTLFS_PROVE_HVCALL_DECODE_H

#include "prove.h"
#include "hvtlfs/catalog.h"
#include "hvtlfs/hvcall.h"

#define PROVE_DECODE_EXACT 2u /* variable header and rep count sizes analysed exactly */
#define PROVE_DECODE_CAP   2u /* the largest element capacity */

static uint8_t prove_decode_guest[HVTLFS_PAGE_SIZE];
static struct hvtlfs_range_entry prove_decode_ranges[PROVE_DECODE_CAP];
static struct hvtlfs_register_entry prove_decode_registers[PROVE_DECODE_CAP];
static uint32_t prove_decode_apic_ids[PROVE_DECODE_CAP];

/* Each of 0 to @exact (the selector @sel, split by the caller), or any value above it
 * up to @max; for a field the row does not take (@exact 0), 0 or @max: the check
 * refuses any other value than 0 by one test, and an interval here would make the
 * fields below it intervals. */
static uint64_t prove_decode_field(int sel, uint32_t exact, uint32_t max)
{
	if (sel <= (int)exact)
		return (uint64_t)sel;
	return exact ? (uint64_t)prove_u32_in(exact + 1u, max) : (uint64_t)max;
}

/* The control word of call @code with the sizes given, the nested bit clear or set,
 * and no reserved bit or (@rsv) the lowest one: the check refuses any reserved bit by
 * one test of the whole mask (hvtlfs_call_check()), and the hvcall_check driver
 * proves it for every control word. */
static uint64_t prove_decode_control(uint16_t code, int fast, uint64_t varhdr, uint64_t reps,
				     uint64_t start, int rsv)
{
	return code | (uint64_t)fast << HVTLFS_CONTROL_FAST_SHIFT |
	       varhdr << HVTLFS_CONTROL_VARHDR_SHIFT | reps << HVTLFS_CONTROL_REP_COUNT_SHIFT |
	       start << HVTLFS_CONTROL_REP_START_SHIFT |
	       (uint64_t)prove_bool() << HVTLFS_CONTROL_NESTED_SHIFT |
	       (rsv ? HVTLFS_CONTROL_RESERVED_MASK & (0u - HVTLFS_CONTROL_RESERVED_MASK) : 0u);
}

/* The caller's arrays, each ending at capacity @cap. */
static void prove_decode_arrays(struct hvtlfs_hvcall_elements *el, size_t cap)
{
	el->ranges = PROVE_TAIL(prove_decode_ranges, cap);
	el->ranges_cap = cap;
	el->registers = PROVE_TAIL(prove_decode_registers, cap);
	el->registers_cap = cap;
	el->apic_ids = PROVE_TAIL(prove_decode_apic_ids, cap);
	el->apic_ids_cap = cap;
}

/* Every input of the header comment for each of the @ncodes catalog codes @codes. */
static int prove_decode_rows(const uint16_t *codes, int ncodes)
{
	static const uint32_t wide_banks[] = { 3u, 4u, HVTLFS_VPSET_MAX_BANKS - 1u,
					       HVTLFS_VPSET_MAX_BANKS };
	const struct hvtlfs_call_info *info;
	struct hvtlfs_hvcall_input in;
	struct hvtlfs_hvcall_request req;
	struct hvtlfs_hvcall_elements el;
	int row = Frama_C_interval(0, ncodes - 1), fast = prove_bool(), rsv = prove_bool();
	int vsel, rsel, ssel, capsel = (int)PROVE_DECODE_CAP, mode, elnull = 0, refused;
	uint32_t vx, wx, rx, sx;
	uint64_t varhdr, reps, start;
	size_t need;
	void *bytes;

	//@ split row;
	info = hvtlfs_call_lookup(codes[row]);
	if (!info)
		return -1;
	//@ split fast;
	vx = (info->flags & HVTLFS_CALLF_VARHDR) ? PROVE_DECODE_EXACT : 0u;
	rx = info->kind == HVTLFS_CALL_KIND_REP ? PROVE_DECODE_EXACT : 0u;
	sx = rx ? PROVE_DECODE_EXACT : 0u;
	/* A variable header before rep elements (the Ex flush list): bank counts 3, 4,
	 * 63 and 64 exactly besides 0 to 2, so that the elements' offset is exact where
	 * their count is any (the analysis does not relate two intervals); any larger is
	 * refused by the HV_VP_SET decoder. */
	wx = vx && rx ? vx + (uint32_t)PROVE_LEN(wide_banks) : vx;
	//@ split rsv;
	vsel = rsv ? 0 : Frama_C_interval(0, (int)wx + 1);
	//@ split vsel;
	if (rsv) {
		rsel = ssel = 0;
	} else if (vsel > (int)vx && vsel <= (int)wx) {
		/* Those bank counts with any rep count, on a page. */
		rsel = (int)rx + 1;
		ssel = Frama_C_interval(0, (int)sx + 1);
	} else {
		rsel = Frama_C_interval(0, (int)rx + 1);
		ssel = Frama_C_interval(0, (int)sx + 1);
	}
	//@ split rsel;
	//@ split ssel;
	if (vsel > (int)vx && vsel <= (int)wx)
		varhdr = wide_banks[vsel - (int)vx - 1];
	else
		varhdr = prove_decode_field(vsel, vx, HVTLFS_CONTROL_VARHDR_MAX);
	reps = prove_decode_field(rsel, rx, HVTLFS_CONTROL_REP_MAX);
	start = ssel <= (int)sx ? (uint64_t)ssel : HVTLFS_CONTROL_REP_MAX;
	/* Whatever the caller's request held before (docs/proofs.md, "Volatile stores"). */
	prove_unknown(&req, sizeof(req));
	prove_unknown(prove_decode_guest, sizeof(prove_decode_guest));
	in.control = prove_decode_control(info->code, fast, varhdr, reps, start, rsv);
	in.input_gpa = prove_u64();
	in.output_gpa = prove_u64();
	in.vtl_input = prove_u64();
	in.features = prove_uint();
	in.options = prove_uint();
	/* The bytes the call needs, as the catalog sizes it. */
	need = info->fixed_header_size + sizeof(uint64_t) * (size_t)varhdr +
	       info->rep_element_size * (size_t)reps;
	/* A control word the catalog's rules refuse by itself (hvtlfs_call_check(): a
	 * reserved bit, the rep rule, a variable header or the fast form the row does not
	 * take): the decoder answers after the check, reading no byte and no element, so
	 * one state takes the lengths, bytes and arrays of every other state together
	 * (each of them a pointer or an interval of this state). */
	refused = (vsel <= (int)wx || !vx) && (rsel <= (int)rx || !rx) &&
		  hvtlfs_call_check(in.control, NULL, NULL) != HVTLFS_STATUS_SUCCESS;
	//@ split refused;
	if (refused) {
		bytes = Frama_C_nondet_ptr(prove_decode_guest, PROVE_TAIL(prove_decode_guest, 0));
		if (need <= HVTLFS_PAGE_SIZE)
			bytes = Frama_C_nondet_ptr(bytes, PROVE_TAIL(prove_decode_guest, need));
		in.bytes = bytes;
		in.len = prove_size(0, HVTLFS_PAGE_SIZE);
		prove_decode_arrays(&el, rx ? prove_size(0, PROVE_DECODE_CAP) : PROVE_DECODE_CAP);
		return hvtlfs_hvcall_decode_into(&in, &req, PROVE_OR_NULL(&el));
	}
	/* The exact sizes: every field of the control word a single value, which the
	 * decoder's field extraction keeps exact (an interval in a field makes the fields
	 * below it intervals too). Any other: a page. */
	if (!rsv && (vsel <= (int)vx || !vx) && (rsel <= (int)rx || !rx) &&
	    need <= HVTLFS_PAGE_SIZE)
		mode = need ? Frama_C_interval(0, 1) : 0;
	else
		mode = 2;
	//@ split mode;
	if (mode == 1) {
		/* Shorter, and nothing readable: the decoder answers before any element
		 * (no room for one, or the input truncated), so one state takes every
		 * array of the other modes. */
		in.len = prove_size(0, need - 1u);
		in.bytes = PROVE_TAIL(prove_decode_guest, 0);
		prove_decode_arrays(&el, rx ? prove_size(0, PROVE_DECODE_CAP) : PROVE_DECODE_CAP);
		return hvtlfs_hvcall_decode_into(&in, &req, PROVE_OR_NULL(&el));
	}
	if (mode == 0) {
		/* Exactly the need, ending there. */
		in.len = need;
		in.bytes = PROVE_TAIL(prove_decode_guest, need);
	} else {
		/* A page, with every length up to it. */
		in.len = prove_size(0, HVTLFS_PAGE_SIZE);
		in.bytes = prove_decode_guest;
	}
	if (rx && vsel <= (int)vx) {
		capsel = Frama_C_interval(0, (int)PROVE_DECODE_CAP);
		//@ split capsel;
		if (capsel == 0)
			elnull = prove_bool();
	} else if (!rx) {
		elnull = prove_bool();
	}
	//@ split elnull;
	prove_decode_arrays(&el, (size_t)capsel);
	return hvtlfs_hvcall_decode_into(&in, &req, elnull ? NULL : &el);
}

#endif /* HVTLFS_PROVE_HVCALL_DECODE_H */
