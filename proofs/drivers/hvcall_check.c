/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * hvtlfs_hvcall_check(): the input-free judgement of a guest's hypercall, the one the
 * decoder and the dispatcher run before any guest byte is fetched. Every control
 * word, input and output GPA, VTL call input, feature word and option word; in, req
 * and need each NULL or not (apart: the NULL check does not narrow the pointers).
 *
 * The control word's call code is split over the catalog's rows (and any other
 * code), so each row's sizes, flags and dispatch entry are judged alone; the rest of
 * the control word is any value. The catalog's binary search keeps a state per row
 * (slevel), and the VTL switch judgement is reached for its two codes.
 * What the check promises is checked: on success the input size fits a page.
 *
 * prove-sources: hvcall.c catalog.c control.c vpset.c ranges.c registers.c
 * prove-options: -eva-precision 1 -eva-split-limit 100 -eva-split-return auto
 * prove-slevel: hvtlfs_call_lookup:1000 hvtlfs_vpset_decode_mask:20
 * prove-cost: 7
 */
#include "prove.h"
#include "hvtlfs/catalog.h"
#include "hvtlfs/hvcall.h"

int main(void)
{
	const struct hvtlfs_call_info *rows;
	struct hvtlfs_hvcall_input in;
	struct hvtlfs_hvcall_request req;
	size_t nrows = 0, need = 0;
	uint16_t code;
	int nulls = Frama_C_interval(0, 3), row, rc;

	rows = hvtlfs_call_catalog(&nrows);
	row = Frama_C_interval(-1, (int)nrows - 1);
	//@ split row;
	code = row < 0 ? prove_u16() : rows[row].code;
	/* Whatever the caller's request held before (docs/proofs.md, "Volatile stores"). */
	prove_unknown(&req, sizeof(req));
	in.control = (prove_u64() & ~(uint64_t)0xFFFFu) | code;
	in.input_gpa = prove_u64();
	in.output_gpa = prove_u64();
	in.vtl_input = prove_u64();
	in.features = prove_uint();
	in.options = prove_uint();
	in.bytes = NULL;
	in.len = prove_size_any();
	//@ split nulls;
	rc = hvtlfs_hvcall_check(nulls == 1 ? NULL : &in, nulls == 2 ? NULL : &req,
				 nulls == 3 ? NULL : &need);
	if (rc == HVTLFS_OK && nulls == 0) {
		//@ assert need_page: need <= HVTLFS_PAGE_SIZE;
	}
	return rc;
}
