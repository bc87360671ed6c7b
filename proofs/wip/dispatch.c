/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * STATUS (not run by scripts/prove; its functions stay in proofs/pending): too slow
 * to finish yet. An earlier version (no split of the handler count, states of the
 * decoder's check merged at its return) reported alarms, all from the driver or from
 * imprecision: the handler table read for a count not split, the request read back
 * from a refused check's state, and, from there, the element arrays and the input
 * page. This version (the handler count split, -eva-split-return full and a slevel for
 * hvtlfs_dispatch) ran 22 minutes on x86_64 (2 cores at a load of about 12; 3.5
 * minutes of CPU), unfinished, and had reported 11 alarms, none analysed to the end
 * yet: the guest-memory read of the input (the stand-in's precondition that the
 * bytes asked for fit the buffer, src/dispatch.c step 5), the reads of
 * HvExtCallMemoryHeatHint's range list through the dispatcher, and the handler's
 * reads of its input, ranges, registers and APIC ids up to the counts the call gives.
 * All suggest an input size the analysis does not bound by the page (the decoder's
 * check bounds it: a page for a slow call, 128 bytes for a fast one); no input that
 * breaks the bound is known (test_dispatch, and fuzz_dispatch for 120 s, find none). src/dispatch.c
 * stores the call's pointers and sizes again after the volatile zeroing, which a
 * handler reads. Next: callstacks of each alarm for the state behind it, the rows
 * apart (one driver a family of calls), fewer states.
 *
 * hvtlfs_dispatch(): a guest's hypercall from its registers to the answer, for each
 * ABI (x86_64, i386, arm64) and an ABI number out of range; the register file of any
 * values (the control register's fields as below), the partition's privileges,
 * features, hints, spin retries and options any value; the guest-memory accessor
 * failing or returning any bytes (reading or writing exactly the bytes it is given);
 * the handler table absent, or one or two rows of the call's code or any other code,
 * each with the handler or none; the handler reading every byte of its input, ranges,
 * registers and APIC ids, writing its whole output, and replying any status with any
 * reps completed (a yield, a failure part-way, a count out of range); the scratch of
 * any bytes; and each pointer NULL. hvtlfs_dispatch_gate() and
 * hvtlfs_dispatch_abi_name() for every partition, code and ABI number.
 *
 * The control register: the call code split over the catalog's rows (and any other
 * code), the fast bit either, the variable header size 0 to VARHDR_MAX for a row that
 * takes one (any other value for the others, refused), the rep count and rep start
 * each 0 to REPS_MAX for a rep call (0 or any value for a simple one), the nested and
 * reserved bits any value; on arm64 W0 the hypercall function id or any value.
 * Bounds: rep counts and variable headers as said (each further element or bank is the
 * same step of the decoder's loops, proven for any count by hvcall_decode).
 *
 * prove-sources: dispatch.c hvcall.c catalog.c control.c vpset.c ranges.c registers.c
 * prove-options: -eva-precision 0 -eva-split-limit 100000 -eva-split-return full
 * prove-options: -eva-domains gauges -eva-print-callstacks
 * prove-slevel: hvtlfs_call_lookup:1000 hvtlfs_vpset_decode_mask:20
 * prove-slevel: hvtlfs_range_decode:20 hvtlfs_hvcall_decode_into:50 hvtlfs_dispatch:200
 * prove-slevel: hvtlfs_dispatch_gate:100 handler_of:20 hvtlfs_zero_:200
 */
#include "prove.h"
#include "hvtlfs/catalog.h"
#include "hvtlfs/dispatch.h"

#define REPS_MAX   2u
#define VARHDR_MAX 1u

static struct hvtlfs_dispatch_scratch scratch;
static struct hvtlfs_dispatch_regs regs;

/* Guest memory: fails (writing nothing), or fills exactly the @len bytes asked for. */
static int mem_read(void *ctx, uint64_t gpa, void *buf, size_t len)
{
	(void)ctx;
	(void)gpa;
	if (prove_bool())
		return -1;
	prove_unknown(buf, len);
	return 0;
}

/* Reads exactly the @len bytes given, then succeeds or fails. */
static int mem_write(void *ctx, uint64_t gpa, const void *buf, size_t len)
{
	const uint8_t *b = (const uint8_t *)buf;
	unsigned int sum = 0;
	size_t i;

	(void)ctx;
	(void)gpa;
	for (i = 0; i < len; i++)
		sum += b[i];
	return prove_bool() ? (int)(sum & 1u) : -1;
}

/* A handler: reads what the call gives it, writes its output, replies anything. */
static void handler(void *ctx, const struct hvtlfs_dispatch_call *call,
		    struct hvtlfs_dispatch_reply *reply)
{
	unsigned int sum = 0;
	size_t i;

	(void)ctx;
	for (i = 0; i < call->input_len; i++)
		sum += call->input[i];
	if (call->req) {
		for (i = 0; i < call->req->nranges; i++)
			sum += (unsigned int)call->ranges[i].base;
		if (call->req->kind == HVTLFS_HVCALL_REQ_VP_REGISTERS)
			for (i = 0; i < call->req->nelements; i++)
				sum += call->registers[i].name;
		if (call->req->kind == HVTLFS_HVCALL_REQ_VP_INDEX)
			for (i = 0; i < call->req->nelements; i++)
				sum += call->apic_ids[i];
	}
	if (call->output_len)
		prove_unknown(call->output, call->output_len);
	reply->status = (uint16_t)(prove_u16() + (sum & 1u));
	reply->reps_completed = prove_u32();
}

/* Each of 0 to @exact (the selector @sel split by the caller), or any value above it
 * up to @max. */
static uint64_t field(int sel, uint32_t exact, uint32_t max)
{
	return sel <= (int)exact ? (uint64_t)sel : (uint64_t)prove_u32_in(exact + 1u, max);
}

int main(void)
{
	const struct hvtlfs_call_info *rows, *info;
	struct hvtlfs_dispatch_partition part;
	struct hvtlfs_dispatch_handler handlers[2];
	struct hvtlfs_dispatcher d;
	struct hvtlfs_dispatch_outcome out;
	size_t nrows = 0;
	uint64_t code, control;
	unsigned int abi;
	int row, fast = prove_bool(), nulls = 0, nh = Frama_C_interval(0, 2), vsel, rsel, ssel;
	uint32_t vx, rx;
	const char *name;

	rows = hvtlfs_call_catalog(&nrows);
	row = Frama_C_interval(-1, (int)nrows - 1);
	//@ split row;
	info = row < 0 ? NULL : &rows[row];
	code = info ? info->code : prove_u16();
	/* An ABI number out of range and the NULL pointers: with any code only. */
	abi = (unsigned int)Frama_C_interval(0, HVTLFS_DISPATCH_ABI_COUNT_ - (info ? 1 : 0));
	if (!info)
		nulls = Frama_C_interval(0, 5);
	//@ split abi;
	//@ split fast;
	vx = info && (info->flags & HVTLFS_CALLF_VARHDR) ? VARHDR_MAX : 0u;
	rx = info && info->kind == HVTLFS_CALL_KIND_REP ? REPS_MAX : 0u;
	/* A row that takes a size: its exact values (the larger ones are hvcall_decode's);
	 * a row that takes none: 0 or any other value. */
	vsel = Frama_C_interval(0, (int)vx + (vx ? 0 : 1));
	rsel = Frama_C_interval(0, (int)rx + (rx ? 0 : 1));
	ssel = Frama_C_interval(0, (int)rx + (rx ? 0 : 1));
	//@ split vsel;
	//@ split rsel;
	//@ split ssel;
	control = code | (uint64_t)fast << HVTLFS_CONTROL_FAST_SHIFT |
		  field(vsel, vx, HVTLFS_CONTROL_VARHDR_MAX) << HVTLFS_CONTROL_VARHDR_SHIFT |
		  field(rsel, rx, HVTLFS_CONTROL_REP_MAX) << HVTLFS_CONTROL_REP_COUNT_SHIFT |
		  field(ssel, rx, HVTLFS_CONTROL_REP_MAX) << HVTLFS_CONTROL_REP_START_SHIFT |
		  (prove_u64() &
		   (HVTLFS_CONTROL_RESERVED_MASK | (1u << HVTLFS_CONTROL_NESTED_SHIFT)));

	prove_unknown(&regs, sizeof(regs));
	prove_unknown(&scratch, sizeof(scratch));
	prove_unknown(&out, sizeof(out));
	if (abi == HVTLFS_DISPATCH_ABI_X86) {
		regs.r[HVTLFS_DISPATCH_REG_RDX] =
			(prove_u64() & ~(uint64_t)0xFFFFFFFFu) | (control >> 32);
		regs.r[HVTLFS_DISPATCH_REG_RAX] =
			(prove_u64() & ~(uint64_t)0xFFFFFFFFu) | (control & 0xFFFFFFFFu);
	} else if (abi == HVTLFS_DISPATCH_ABI_ARM64) {
		regs.r[HVTLFS_DISPATCH_REG_X(1)] = control;
		if (prove_bool())
			regs.r[HVTLFS_DISPATCH_REG_X(0)] =
				(prove_u64() & ~(uint64_t)0xFFFFFFFFu) | HVTLFS_SMCCC_HV_HYPERCALL;
	} else {
		regs.r[HVTLFS_DISPATCH_REG_RCX] = control;
	}

	part.privileges_eax = prove_u32();
	part.privileges_ebx = prove_u32();
	part.features_edx = prove_u32();
	part.hints_eax = prove_u32();
	part.spin_retries = prove_u32();
	part.options = prove_uint();
	part.decoder_options = prove_uint();
	handlers[0].code = prove_bool() ? (uint16_t)code : prove_u16();
	handlers[0].fn = PROVE_OR_NULL(handler);
	handlers[1].code = prove_bool() ? (uint16_t)code : prove_u16();
	handlers[1].fn = PROVE_OR_NULL(handler);
	d.partition = &part;
	d.memory.read = mem_read;
	d.memory.write = mem_write;
	d.memory.ctx = NULL;
	//@ split nh;
	d.nhandlers = (size_t)nh;
	d.handlers = nh ? handlers : PROVE_OR_NULL(handlers);
	d.ctx = NULL;

	name = hvtlfs_dispatch_abi_name(prove_uint());
	//@ assert abi_name: \valid_read(name);
	(void)hvtlfs_dispatch_gate(PROVE_OR_NULL(&part), prove_u16());
	//@ split nulls;
	if (nulls == 1)
		d.partition = NULL;
	return hvtlfs_dispatch(nulls == 2 ? NULL : &d, abi, nulls == 3 ? NULL : &regs,
			       nulls == 4 ? NULL : &scratch, nulls == 5 ? NULL : &out);
}
