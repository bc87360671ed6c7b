/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What a hypervisor does with a decoded request: hvtlfs_hvcall_put_register_values()
 * and hvtlfs_hvcall_put_vp_indices() (the output writers), and
 * hvtlfs_hvcall_flush_covers(). The request is of any bytes (its bools false or
 * true): every kind, code, element count, output offset, flag word, address space,
 * target set (any format, mask and banks) and range count; every VP, VP count,
 * address space and address; each pointer NULL or not.
 *
 * The writers: the output ends exactly where out_size says, for every output offset
 * 0 to OFF_MAX and every count 0 to COUNT_MAX (split), out_size the bytes the answer
 * needs, one byte fewer, or one more; the values end at their count. Every other
 * count (a request whose element count differs) is refused before anything is read.
 * flush_covers(): the range array ends at the request's range count, 0 to COUNT_MAX
 * (split), each entry as the range decoder returns one (a page size of 4 KiB, 2 MiB or
 * 1 GiB; any base, page count and clamp flag); any other count with no array.
 *
 * The request, the output or (with elements) the values NULL: put_check()'s first test
 * refuses them before anything else is read, so those take offset 0 and the exact size
 * (NULL values with no element go on: every offset and size, as without a NULL). Every
 * offset and size with each of them multiplied the writers' states by 4 for the same
 * statements.
 *
 * Bounds: offsets to OFF_MAX and counts to COUNT_MAX exactly (each further element is
 * the same loop step at its own offset).
 *
 * prove-sources: hvcall.c vpset.c
 * prove-options: -eva-precision 0 -eva-split-limit 10000 -eva-split-return auto
 * prove-slevel: put_check:20 hvtlfs_vpset_contains:20 hvtlfs_vpset_is_all:10
 * prove-cost: 6
 */
#include "prove.h"
#include "hvtlfs/hvcall.h"

#define OFF_MAX	  17u
#define COUNT_MAX 4u
#define OUT_BYTES (OFF_MAX + 16u * COUNT_MAX + 1u)

static uint8_t out[OUT_BYTES];
static struct hvtlfs_register_value values[COUNT_MAX];
static uint32_t indices[COUNT_MAX];
static struct hvtlfs_range_entry ranges[COUNT_MAX];

static void request_any(struct hvtlfs_hvcall_request *req)
{
	prove_unknown(req, sizeof(*req));
	req->raise_ud = prove_bool();
	req->nested = prove_bool();
	req->whole_space = prove_bool();
}

static int writers(void)
{
	struct hvtlfs_hvcall_request req;
	int regs = prove_bool(), nulls = Frama_C_interval(0, 3), size = 0;
	size_t count = prove_size(0, COUNT_MAX), elem, need, out_size;
	uint32_t off = 0;

	request_any(&req);
	//@ split regs;
	//@ split count;
	//@ split nulls;
	/* A NULL request or output, or NULL values with elements, is refused by the first
	 * test, before the offset or the size is read: one offset and size there. */
	if (nulls == 0 || (nulls == 2 && count == 0)) {
		off = prove_u32_in(0, OFF_MAX);
		size = Frama_C_interval(-1, 1);
	}
	//@ split off;
	//@ split size;
	elem = regs ? sizeof(struct hvtlfs_register_value) : sizeof(uint32_t);
	req.kind = regs ? HVTLFS_HVCALL_REQ_VP_REGISTERS : HVTLFS_HVCALL_REQ_VP_INDEX;
	if (prove_bool())
		req.kind = prove_u32();
	req.code = regs ? HVTLFS_CALL_GET_VP_REGISTERS : HVTLFS_CALL_GET_VP_INDEX_FROM_APIC_ID;
	if (prove_bool())
		req.code = prove_u16();
	req.nelements = prove_bool() ? (uint32_t)count : prove_u32();
	req.output_offset = off;
	need = off + elem * count;
	out_size = (size_t)((int)need + size);
	if (need == 0 && size < 0)
		out_size = 0;
	prove_unknown(values, sizeof(values));
	prove_unknown(indices, sizeof(indices));
	if (regs)
		return hvtlfs_hvcall_put_register_values(
			nulls == 1 ? NULL : &req, nulls == 2 ? NULL : PROVE_TAIL(values, count),
			count, nulls == 3 ? NULL : PROVE_TAIL(out, out_size), out_size);
	return hvtlfs_hvcall_put_vp_indices(
		nulls == 1 ? NULL : &req, nulls == 2 ? NULL : PROVE_TAIL(indices, count), count,
		nulls == 3 ? NULL : PROVE_TAIL(out, out_size), out_size);
}

static bool covers(void)
{
	struct hvtlfs_hvcall_request req;
	size_t n = prove_size(0, COUNT_MAX), i;
	int with = Frama_C_interval(0, 2);
	const struct hvtlfs_range_entry *r;

	request_any(&req);
	//@ split with;
	//@ split n;
	prove_unknown(ranges, sizeof(ranges));
	/*@ loop unroll COUNT_MAX; */
	for (i = 0; i < COUNT_MAX; i++) {
		uint32_t shift = (uint32_t)Frama_C_interval(0, 2);

		ranges[i].page_shift = shift == 0   ? HVTLFS_RANGE_PAGE_SHIFT
				       : shift == 1 ? HVTLFS_RANGE_2M_SHIFT
						    : HVTLFS_RANGE_1G_SHIFT;
		ranges[i].clamped = prove_bool();
	}
	if (with == 0) {
		req.nranges = (uint32_t)n;
		r = PROVE_TAIL(ranges, n);
	} else if (with == 1) {
		r = NULL;
	} else {
		return hvtlfs_hvcall_flush_covers(NULL, ranges, prove_u32(), prove_u32(),
						  prove_u64(), prove_u64());
	}
	return hvtlfs_hvcall_flush_covers(&req, r, prove_u32(), prove_u32(), prove_u64(),
					  prove_u64());
}

int main(void)
{
	return writers() + covers();
}
