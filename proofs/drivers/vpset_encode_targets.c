/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * hvtlfs_vpset_encode_all(), hvtlfs_vp_targets_banks() and
 * hvtlfs_vpset_encode_targets(): every target set (all or a bitmap of 0 to 80 words
 * of any value, NULL or not; the targets themselves NULL or not), every capacity.
 * Bounds: bitmaps of 80 words, as for the bitmap encoder.
 * Two phases, one exact buffer each: the output ends at out_words (0 to 66, split),
 * then the bitmap ends at its words (split).
 *
 * prove-sources: vpset.c
 * prove-options: -eva-precision 0 -eva-domains gauges -eva-split-limit 100
 */
#include "prove.h"
#include "hvtlfs/vpset.h"

#define BITMAP_MAX 80u

int main(void)
{
	uint64_t bitmap[BITMAP_MAX];
	uint64_t out[HVTLFS_VPSET_MAX_WORDS];
	struct hvtlfs_vp_targets vps;
	size_t needed, out_words;
	size_t *needed_p = PROVE_OR_NULL(&needed);
	/* NULL targets, NULL out, NULL bitmap: each combination analysed apart. */
	int nulls = Frama_C_interval(0, 7);
	uint64_t *o;
	int rc;

	prove_unknown(bitmap, sizeof(bitmap));
	vps.all = prove_bool();
	//@ split nulls;
	if (prove_bool()) {
		/* The output ends exactly at out_words. */
		out_words = prove_size(0, PROVE_LEN(out));
		vps.words = prove_size(0, BITMAP_MAX);
		vps.bitmap = nulls & 4 ? NULL : bitmap;
		//@ split out_words;
		o = nulls & 1 ? NULL : PROVE_TAIL(out, out_words);
		rc = hvtlfs_vpset_encode_all(o, out_words);
		return hvtlfs_vpset_encode_targets(o, out_words, nulls & 2 ? NULL : &vps,
						   needed_p) |
		       rc;
	}
	/* The bitmap ends exactly at its words. */
	out_words = prove_size_any();
	vps.words = prove_size(0, BITMAP_MAX);
	//@ split vps.words;
	vps.bitmap = nulls & 4 ? NULL : PROVE_TAIL(bitmap, vps.words);
	rc = hvtlfs_vp_targets_banks(nulls & 2 ? NULL : &vps);
	return hvtlfs_vpset_encode_targets(nulls & 1 ? NULL : out, out_words,
					   nulls & 2 ? NULL : &vps, needed_p) |
	       rc;
}
