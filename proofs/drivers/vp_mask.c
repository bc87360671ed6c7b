/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The legacy 64-bit processor mask: hvtlfs_vp_mask_encode_bitmap() for every bitmap
 * of 0 to 80 words (ending at its length: split) and hvtlfs_vp_mask_encode_indices()
 * for every list of 0 to 24 indices (ending at its length: split); every value, mask
 * and list NULL or not.
 * Bounds: 80 words and 24 indices (no maximum is documented; each element is the
 * same loop step).
 *
 * prove-sources: vpset.c
 * prove-options: -eva-precision 0 -eva-split-limit 100
 * prove-cost: 2
 */
#include "prove.h"
#include "hvtlfs/vpset.h"

#define BITMAP_MAX 80u
#define VPS_MAX	   24u

int main(void)
{
	uint64_t bitmap[BITMAP_MAX];
	uint32_t vps[VPS_MAX];
	uint64_t mask;
	size_t n;
	int nulls = Frama_C_interval(0, 3);

	prove_unknown(bitmap, sizeof(bitmap));
	prove_unknown(vps, sizeof(vps));
	//@ split nulls;
	if (prove_bool()) {
		n = prove_size(0, BITMAP_MAX);
		//@ split n;
		return hvtlfs_vp_mask_encode_bitmap(nulls & 1 ? NULL : &mask,
						    nulls & 2 ? NULL : PROVE_TAIL(bitmap, n), n);
	}
	n = prove_size(0, VPS_MAX);
	//@ split n;
	return hvtlfs_vp_mask_encode_indices(nulls & 1 ? NULL : &mask,
					     nulls & 2 ? NULL : PROVE_TAIL(vps, n), n);
}
