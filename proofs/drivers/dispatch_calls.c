/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * hvtlfs_dispatch() for each family of calls below, each family a state of its own
 * (split) with the inputs, rows and bounds its function's comment gives: the register
 * decode for every control word, slow calls, fast calls, the handler table and the
 * handler's reply, and the VTL call and return. One analysis rather than one a family:
 * each analysis spends up to 1.7 s before Eva starts (parsing; about 1 s on an idle
 * core), and the families' states share the check's and the decoder's (on x86_64, about
 * 11.5 s of processor time against 16.8 s for the five drivers they were).
 *
 * Within each family: row, ABI, and the family's rep count and start, table size or
 * fast bit apart (split), so that a fast form's refusal by the check is not joined
 * with a slow form's acceptance, nor one row's sizes with another's.
 *
 * The zeroing loops of the dispatcher's own structs (the input, the call, the
 * outcome: at most 104 bytes, the call on x86_64) unrolled whole (-eva-auto-loop-unroll
 * 120: a merged loop is a weak update, which Eva does not take as initialising); not
 * an slevel of hvtlfs_zero_(), which applies to each file's copy of it, also to the
 * request's and the VP set's zeroing in src/hvcall.c and src/vpset.c, longer than 200
 * bytes and a weak update whatever the slevel (200 states of them at every check, a
 * tenth to a sixth of the time, for nothing). Below 127: at 127 and above, the
 * decoder's HvCallSetVpRegisters loop (at most 127 elements in a page) is unrolled
 * whole too in the states of the counts that fit the page, a third of the analysis's
 * time for no further statement or property (0 alarms either way; at 64, the call's
 * zeroing is merged and its fields read back maybe uninitialised). The fast register
 * image a state an iteration (fast_image, fast_store), handler_of's loop a state an
 * entry, the dispatcher's and the VTL switch's paths apart (slevels).
 *
 * The octagon domain relates the dispatcher's output bounds (-eva-domains octagon):
 * with a rep start of an interval (starts_past_one()), the write of the reps done from
 * `from` to `to`, after its test to > from, is otherwise of any length (their
 * difference, unrelated, wraps); a quarter more time, 0 alarms on the three machines.
 * Enabled in hvtlfs_dispatch() alone (-eva-domains-function) it took three times as
 * long.
 *
 * prove-sources: dispatch.c hvcall.c catalog.c vpset.c ranges.c registers.c
 * prove-options: -eva-precision 1 -eva-split-limit 1000 -eva-split-return auto
 * prove-options: -eva-auto-loop-unroll 120 -eva-domains octagon
 * prove-slevel: hvtlfs_call_lookup:100 hvtlfs_dispatch:100 handler_of:10 vtl_switch:100
 * prove-slevel: fast_image:300 fast_store:300
 * prove-cost: 20
 */
#include "dispatch_env.h"

#define REPS_MAX 2

/* The control word's largest rep count (its 12 bits). */
#define REPS_TOP ((int)(HVTLFS_CONTROL_REP_COUNT_MASK >> HVTLFS_CONTROL_REP_COUNT_SHIFT))

/* The bands of rep_count_in() a call takes: a rep call's every band, a simple call's
 * 0 (a rep count of 0). */
static int bands(uint16_t code)
{
	const struct hvtlfs_call_info *info = hvtlfs_call_lookup(code);

	return info && info->kind == HVTLFS_CALL_KIND_REP ? Frama_C_interval(0, REPS_MAX + 2) : 0;
}

/*
 * A rep count for @code in band @band: 0 to REPS_MAX that count (a state each); then
 * REPS_MAX + 1: every count above REPS_MAX whose input (the call's fixed header and
 * its elements) and output (the catalog's) both fit @block bytes (@fast: together,
 * the output after the input at its 16-byte boundary, as in the register block), as
 * one interval;
 * REPS_MAX + 2: every count past those up to the control word's largest, as another
 * (the check refuses them: an input or output larger than the block). So every rep
 * count 0 to 4095 is taken, in states whose element counts the analysis bounds by the
 * block: a count of one interval from 0 to 4095 would let the handler's reads and the
 * output write go as far as 4095 elements, since the analysis does not relate the
 * reps completed to the rep count the check fitted to the page. A simple call has
 * band 0 only (bands()). The band's largest count in *@top.
 */
static int rep_count_in(uint16_t code, size_t block, bool fast, int band, int *top)
{
	const struct hvtlfs_call_info *info = hvtlfs_call_lookup(code);
	const struct hvtlfs_call_output *o = hvtlfs_call_output_lookup(code);
	size_t fit = (size_t)REPS_TOP;

	*top = band;
	if (band <= REPS_MAX)
		return band;
	if (fast) {
		/* A block of at most 128 bytes: fewer than 64 counts fit, each tried. */
		//@ loop unroll 64;
		for (fit = 0; fit < 64u; fit++) {
			size_t c = fit + 1u,
			       in = info->fixed_header_size + (size_t)info->rep_element_size * c,
			       out = o ? o->fixed_size + (size_t)o->element_size * c : 0;

			if (HVTLFS_FAST_OUTPUT_OFFSET(in) + out > block)
				break;
		}
	}
	if ((info->flags & HVTLFS_CALLF_SIZES) && info->rep_element_size &&
	    (block - info->fixed_header_size) / info->rep_element_size < fit)
		fit = (block - info->fixed_header_size) / info->rep_element_size;
	if (o && o->element_size && (block - o->fixed_size) / o->element_size < fit)
		fit = (block - o->fixed_size) / o->element_size;
	if (band == REPS_MAX + 1) {
		*top = fit > REPS_MAX ? (int)fit : REPS_MAX;
		return fit > REPS_MAX ? Frama_C_interval(REPS_MAX + 1, (int)fit) : REPS_MAX;
	}
	*top = fit < (size_t)REPS_TOP ? REPS_TOP : REPS_MAX;
	return fit < (size_t)REPS_TOP ? Frama_C_interval((int)fit + 1, REPS_TOP) : REPS_MAX;
}

/*
 * A rep start for @count in band @band (rep_count_in()): each of 0 to the count plus
 * one for the counts taken one by one; 0 (a first call) and 1 (a continuation) for the
 * counts taken as an interval, each a state of its own, and 2 for every start past 1
 * (starts_past_one()). The analysis takes a control
 * word's fields apart exactly only where no field above them is an interval, so a
 * start of one interval beside a count of one interval would come out of the control
 * word as 0 to 4095 (docs/proofs.md, "The decoder's control words"); and each start
 * of such a count costs seconds on each machine (on x86_64, beside another analysis:
 * start 0 alone 25 s, 0 and 1 35 s, 0 to 2 39 s). Eva's bitwise domain
 * (-eva-domains bitwise, the word built with |) keeps both fields of such a word in
 * the function that builds it, but not across a call that passes it on (env_regs(),
 * hvtlfs_control_rep_count()): tried with a start of 2 to 4095, 7 alarms.
 */
static int rep_start_in(int count, int band)
{
	if (count == 0)
		return 0;
	return Frama_C_interval(0, band <= REPS_MAX ? count + 1 : 2);
}

/*
 * Start state 2 of a band of counts taken as an interval (rep_start_in()): every start
 * from 2 to the band's largest count @top plus one (at most 4095), one interval, with
 * the count @top as one value, whose field the analysis keeps exact beside an interval
 * start. So every rep start 0 to 4095 is taken: 0 and 1 with every count, each start
 * past 1 with the largest count that fits (where its output offset is furthest into
 * the page and its elements' reads are furthest into the input) and the largest count.
 */
static void starts_past_one(int *count, int *start, int band, int top)
{
	if (band <= REPS_MAX || *start != 2)
		return;
	*count = top;
	*start = Frama_C_interval(2, top < REPS_TOP ? top + 1 : REPS_TOP);
}

static const uint16_t regs_codes[] = { HVTLFS_CALL_DISABLE_VP_VTL, HVTLFS_CALL_RESET_DEBUG_SESSION,
				       HVTLFS_CALL_EXT_GET_BOOT_ZEROED_MEMORY,
				       HVTLFS_CALL_MODIFY_VTL_PROTECTION_MASK };

/*
 * The register file's decode for each ABI (x86_64, i386, arm64) and every ABI number
 * out of range. The register file of any values, the control word of any value but
 * its call code (the fast bit either, variable header size, rep count and start,
 * nested and reserved bits all any value); on arm64 W0 the hypercall function id or
 * any value; the partition of any value (every option word, known or not); the
 * accessor failing or answering any bytes; a handler for the call; the scratch and
 * the outcome of any bytes.
 *
 * The call code is fixed to rows that take each path of the register decode without
 * a decoder of src/hvcall.c behind it (those are the decoders' drivers): a slow-only
 * simple call with input (HvCallDisableVpVtl), a fast-capable one
 * (HvCallResetDebugSession), an extended call with output and no input
 * (HvExtCallGetBootZeroedMemory), a rep call (HvCallModifyVtlProtectionMask). The
 * other rows differ in their sizes and decoders, not in the register decode (the
 * slow and fast families and the decoders' drivers cover them). Each ABI, row and
 * fast bit apart (split).
 */
static int regs_family(void)
{
	struct hvtlfs_dispatch_partition part;
	struct hvtlfs_dispatch_handler h;
	struct hvtlfs_dispatcher d;
	struct hvtlfs_dispatch_outcome out;
	int row = Frama_C_interval(0, (int)PROVE_LEN(regs_codes) - 1);
	unsigned int abi = (unsigned int)Frama_C_interval(0, HVTLFS_DISPATCH_ABI_COUNT_);
	uint64_t control, fast = prove_bool();

	//@ split row;
	//@ split abi;
	//@ split fast;
	control = (prove_u64() & ~((uint64_t)0x1FFFFu)) | regs_codes[row] |
		  fast << HVTLFS_CONTROL_FAST_SHIFT;
	env_regs(abi, control, prove_bool(), true, &out);
	prove_unknown(&scratch, sizeof(scratch));
	env_partition(&part);
	h.code = regs_codes[row];
	h.fn = handler;
	env_dispatcher(&d, &part, &h, 1);
	if (abi == HVTLFS_DISPATCH_ABI_COUNT_)
		abi = prove_u32_in(HVTLFS_DISPATCH_ABI_COUNT_, ~0u);
	return hvtlfs_dispatch(&d, abi, &regs, &scratch, &out);
}

static const uint16_t slow_codes[] = { HVTLFS_CALL_POST_MESSAGE,
				       HVTLFS_CALL_GET_VP_INDEX_FROM_APIC_ID,
				       HVTLFS_CALL_SET_VP_REGISTERS,
				       HVTLFS_CALL_FLUSH_VIRTUAL_ADDRESS_LIST,
				       HVTLFS_CALL_EXT_EPF_SETUP };

/*
 * Slow calls, the input fetched and the output written through the guest-memory
 * accessor, for each ABI. The accessor fails, or reads any bytes (exactly the bytes
 * asked for: the buffer the dispatcher passes is the scratch's input page, so a read
 * past a page is an alarm); a write reads exactly what it is given, then fails or
 * succeeds. The input and output GPAs of any value, the register file and the
 * partition of any value, a handler that reads its whole input and every element the
 * request gives it, writes its whole output and replies anything.
 *
 * Rows: a simple call with a decoder (HvCallPostMessage), rep calls with a decoder's
 * elements (HvCallGetVpIndexFromApicId with output, HvCallSetVpRegisters, and
 * HvCallFlushVirtualAddressList's ranges), and a call without sizes
 * (HvExtCallEpfSetup: the dispatcher passes the rest of the input page).
 * Bounds: every rep count 0 to 4095 (rep_count_in(): 0 to REPS_MAX one by one with
 * every rep start 0 to the count plus one; the counts whose input and output fit the
 * page, then those past them, as intervals, with rep starts 0 and 1; every start past 1
 * with the largest count of each: starts_past_one()); the variable header size 0 and
 * the control word's other bits clear, the high halves of EDX and EAX 0 with the
 * intervals (the register family has every control word and high half). Row, ABI, band,
 * rep count and start apart (split).
 */
static int slow_family(void)
{
	struct hvtlfs_dispatch_partition part;
	struct hvtlfs_dispatch_handler h;
	struct hvtlfs_dispatcher d;
	struct hvtlfs_dispatch_outcome out;
	int row = Frama_C_interval(0, (int)PROVE_LEN(slow_codes) - 1), count, start;
	int band, top;
	unsigned int abi = (unsigned int)Frama_C_interval(0, HVTLFS_DISPATCH_ABI_COUNT_ - 1);
	uint64_t control;

	//@ split row;
	//@ split abi;
	band = bands(slow_codes[row]);
	//@ split band;
	count = rep_count_in(slow_codes[row], HVTLFS_PAGE_SIZE, false, band, &top);
	start = rep_start_in(count, band);
	//@ split start;
	starts_past_one(&count, &start, band, top);
	control = slow_codes[row] + ((uint64_t)count << HVTLFS_CONTROL_REP_COUNT_SHIFT) +
		  ((uint64_t)start << HVTLFS_CONTROL_REP_START_SHIFT);
	env_regs(abi, control, false, band <= REPS_MAX, &out);
	prove_unknown(&scratch, sizeof(scratch));
	env_partition(&part);
	h.code = slow_codes[row];
	h.fn = handler;
	env_dispatcher(&d, &part, &h, 1);
	return hvtlfs_dispatch(&d, abi, &regs, &scratch, &out);
}

static const uint16_t fast_codes[] = { HVTLFS_CALL_GET_VP_REGISTERS,
				       HVTLFS_CALL_GET_VP_INDEX_FROM_APIC_ID,
				       HVTLFS_CALL_SIGNAL_EVENT };

/*
 * Fast calls, the input from the register file and the output back into it, for
 * each ABI: x86_64 (RDX, R8, XMM0-XMM5 in and out), i386 (EBX:ECX, EDI:ESI, XMM0-XMM5
 * in; no fast output: refused), arm64 (X2-X17 in and out). The register file, the
 * partition (XMM input and output features among them) and the scratch of any value;
 * a handler that reads its whole input and every element the request gives it,
 * writes its whole output and replies anything; the accessor as for slow calls (a
 * fast call must not use it).
 *
 * Rows: rep calls with output (HvCallGetVpRegisters, HvCallGetVpIndexFromApicId: the
 * output after the input in the register image) and a simple fast call with a decoder
 * (HvCallSignalEvent).
 * Bounds: every rep count 0 to 4095 (rep_count_in(): 0 to REPS_MAX one by one with
 * every rep start 0 to the count plus one; the counts whose input and output fit the
 * ABI's register block together, then those past them, as intervals, with rep starts
 * 0 and 1; every start past 1 with the largest count of each: starts_past_one()); the
 * variable header size 0 and the control word's other bits clear, the
 * high halves of EDX and EAX 0 with the intervals (the register family has every
 * control word and high half). Row, ABI, band, rep count and start apart (split).
 */
static int fast_family(void)
{
	struct hvtlfs_dispatch_partition part;
	struct hvtlfs_dispatch_handler h;
	struct hvtlfs_dispatcher d;
	struct hvtlfs_dispatch_outcome out;
	int row = Frama_C_interval(0, (int)PROVE_LEN(fast_codes) - 1), count, start;
	int band, top;
	unsigned int abi = (unsigned int)Frama_C_interval(0, HVTLFS_DISPATCH_ABI_COUNT_ - 1);
	uint64_t control;

	//@ split row;
	//@ split abi;
	band = bands(fast_codes[row]);
	//@ split band;
	count = rep_count_in(fast_codes[row],
			     abi == HVTLFS_DISPATCH_ABI_ARM64 ? HVTLFS_FAST_ARM64_BYTES
							      : HVTLFS_FAST_XMM_BYTES,
			     true, band, &top);
	start = rep_start_in(count, band);
	//@ split start;
	starts_past_one(&count, &start, band, top);
	control = fast_codes[row] + ((uint64_t)1u << HVTLFS_CONTROL_FAST_SHIFT) +
		  ((uint64_t)count << HVTLFS_CONTROL_REP_COUNT_SHIFT) +
		  ((uint64_t)start << HVTLFS_CONTROL_REP_START_SHIFT);
	env_regs(abi, control, false, band <= REPS_MAX, &out);
	prove_unknown(&scratch, sizeof(scratch));
	env_partition(&part);
	h.code = fast_codes[row];
	h.fn = handler;
	env_dispatcher(&d, &part, &h, 1);
	return hvtlfs_dispatch(&d, abi, &regs, &scratch, &out);
}

static const uint16_t handler_codes[] = { HVTLFS_CALL_MODIFY_VTL_PROTECTION_MASK,
					  HVTLFS_CALL_GET_VP_INDEX_FROM_APIC_ID,
					  HVTLFS_CALL_POST_DEBUG_DATA };

/*
 * The handler table and the handler's reply. The table absent (NULL, no entries), or
 * one or two entries, each of the call's code or any other code, each with the
 * handler or none; the handler replying any status with any reps completed (success
 * with every rep done, a yield or a timeout part-way, a failure part-way, a count
 * below the rep start or past the limit), with the partition's options (the timeout
 * option among them) of any value; the output written through the accessor (failing
 * or not) or dropped; the register file, the partition and the scratch of any value,
 * for each ABI.
 *
 * Rows: a rep call without a decoder (HvCallModifyVtlProtectionMask: no request), a
 * rep call with a decoder and output (HvCallGetVpIndexFromApicId), a simple call with
 * output and no decoder (HvCallPostDebugData).
 * Bounds: every rep count 0 to 4095 (rep_count_in(): 0 to REPS_MAX one by one with
 * every rep start 0 to the count plus one; the counts whose input and output fit the
 * page, then those past them, as intervals, with rep starts 0 and 1; every start past 1
 * with the largest count of each: starts_past_one()); the variable header size 0 and
 * the control word's other bits clear, the high halves of EDX and EAX 0 with the
 * intervals (the register family has every control word and high half). Row, ABI, table
 * size, band, rep count and start apart (split).
 */
static int handler_family(void)
{
	struct hvtlfs_dispatch_partition part;
	struct hvtlfs_dispatch_handler h[2];
	struct hvtlfs_dispatcher d;
	struct hvtlfs_dispatch_outcome out;
	int row = Frama_C_interval(0, (int)PROVE_LEN(handler_codes) - 1), count, start;
	int band, top;
	int nh = Frama_C_interval(0, 2);
	unsigned int abi = (unsigned int)Frama_C_interval(0, HVTLFS_DISPATCH_ABI_COUNT_ - 1);
	uint64_t control;
	size_t i;

	//@ split row;
	//@ split abi;
	//@ split nh;
	band = bands(handler_codes[row]);
	//@ split band;
	count = rep_count_in(handler_codes[row], HVTLFS_PAGE_SIZE, false, band, &top);
	start = rep_start_in(count, band);
	//@ split start;
	starts_past_one(&count, &start, band, top);
	control = handler_codes[row] + ((uint64_t)count << HVTLFS_CONTROL_REP_COUNT_SHIFT) +
		  ((uint64_t)start << HVTLFS_CONTROL_REP_START_SHIFT);
	env_regs(abi, control, false, band <= REPS_MAX, &out);
	prove_unknown(&scratch, sizeof(scratch));
	env_partition(&part);
	for (i = 0; i < 2; i++) {
		h[i].code = prove_bool() ? handler_codes[row] : prove_u16();
		h[i].fn = PROVE_OR_NULL(handler);
	}
	env_dispatcher(&d, &part, nh ? h : NULL, (size_t)nh);
	return hvtlfs_dispatch(&d, abi, &regs, &scratch, &out);
}

/*
 * HvCallVtlCall and HvCallVtlReturn (their own path, vtl_switch in src/dispatch.c):
 * every refusal (#UD without the AccessVsm privilege, for a control word the decoder
 * refuses, for a control input it refuses, without a handler) and the handler's
 * verdict. Both codes with the rest of the control word of any value (fast bit,
 * sizes, nested and reserved bits), the register file of any value (the control
 * input register among them), the partition of any value, for each ABI; the handler
 * table absent or one or two entries of the call's code or any other, with the
 * handler or none; the handler replying anything; the scratch of any bytes.
 *
 * No bounds: a VTL switch has no input bytes and no rep elements.
 * Code, ABI and table size apart (split).
 */
static int vtl_family(void)
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
	env_regs(abi, (prove_u64() & ~(uint64_t)0xFFFFu) | code, false, true, &out);
	prove_unknown(&scratch, sizeof(scratch));
	env_partition(&part);
	for (i = 0; i < 2; i++) {
		h[i].code = prove_bool() ? code : prove_u16();
		h[i].fn = PROVE_OR_NULL(handler);
	}
	env_dispatcher(&d, &part, nh ? h : NULL, (size_t)nh);
	return hvtlfs_dispatch(&d, abi, &regs, &scratch, &out);
}

int main(void)
{
	int family = Frama_C_interval(0, 4);

	//@ split family;
	if (family == 0)
		return regs_family();
	if (family == 1)
		return slow_family();
	if (family == 2)
		return fast_family();
	if (family == 3)
		return handler_family();
	return vtl_family();
}
