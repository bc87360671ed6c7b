/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The catalog's guest-side checks: hvtlfs_call_encode() for every 16-bit code, option
 * word, variable header size, rep count and rep start, out NULL or not; and
 * hvtlfs_call_check_gpas() (with hvtlfs_gpa_fits_page_() and hvtlfs_gpas_overlap_() of
 * src/hvtlfs_internal.h) for every 64-bit control word, input and output GPA and size.
 * Bounds: none.
 *
 * prove-sources: catalog.c control.c
 * prove-options: -eva-precision 1 -eva-split-return auto
 * prove-slevel: hvtlfs_call_lookup:1000 hvtlfs_control_encode:20
 * prove-cost: 1
 */
#include "prove.h"
#include "hvtlfs/catalog.h"

int main(void)
{
	uint64_t control = 0;

	if (prove_bool())
		return hvtlfs_call_encode(PROVE_OR_NULL(&control), prove_u16(), prove_uint(),
					  prove_u32(), prove_u32(), prove_u32());
	return hvtlfs_call_check_gpas(prove_u64(), prove_u64(), prove_u64(), prove_u64(),
				      prove_u64());
}
