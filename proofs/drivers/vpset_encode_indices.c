/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * hvtlfs_vpset_encode_indices(): every list, every capacity.
 *
 * Inputs: indices of any value (duplicates and any order included), 0 to 24 of them,
 * out_words any size_t, out and vps NULL or not, needed_words NULL or not.
 * Bounds: 24 indices (no maximum is documented; every index is the same loop step,
 * and the encoding is the bitmap encoder's, proven for every bitmap).
 * hvtlfs_zero_() unrolls (its slevel) so that the 64 zeroed bank words are known.
 * Two phases, one exact buffer each: the output ends at out_words (0 to 66, split),
 * then the list ends at nvps (split).
 *
 * prove-sources: vpset.c
 * prove-options: -eva-precision 0 -eva-domains gauges -eva-split-limit 100
 * prove-options: -eva-slevel-function hvtlfs_zero_:520
 * prove-cost: 3
 */
#include "prove.h"
#include "hvtlfs/vpset.h"

#define VPS_MAX 24u

int main(void)
{
	uint32_t vps[VPS_MAX];
	uint64_t out[HVTLFS_VPSET_MAX_WORDS];
	size_t needed, nvps, out_words;
	size_t *needed_p = PROVE_OR_NULL(&needed);
	/* Which of out and vps are NULL, analysed apart. */
	int nulls = Frama_C_interval(0, 3);

	prove_unknown(vps, sizeof(vps));
	//@ split nulls;
	if (prove_bool()) {
		/* The output ends exactly at out_words. */
		out_words = prove_size(0, PROVE_LEN(out));
		nvps = prove_size(0, VPS_MAX);
		//@ split out_words;
		return hvtlfs_vpset_encode_indices(nulls & 1 ? NULL : PROVE_TAIL(out, out_words),
						   out_words, nulls & 2 ? NULL : vps, nvps,
						   needed_p);
	}
	/* The list ends exactly at nvps. */
	out_words = prove_size_any();
	nvps = prove_size(0, VPS_MAX);
	//@ split nvps;
	return hvtlfs_vpset_encode_indices(nulls & 1 ? NULL : out, out_words,
					   nulls & 2 ? NULL : PROVE_TAIL(vps, nvps), nvps,
					   needed_p);
}
