/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The bitmap helpers of planners: hvtlfs_vp_bitmap_count(), hvtlfs_vp_bitmap_highest()
 * (vp NULL or not) and hvtlfs_vp_bitmap_below_64(), for every bitmap of 0 to 80 words
 * (the bitmap ends at its length: split) and for NULL.
 * Bounds: 80 words (any length is allowed; each word is the same loop step).
 *
 * prove-sources: vpset.c
 * prove-options: -eva-precision 0 -eva-split-limit 100
 * prove-cost: 2
 */
#include "prove.h"
#include "hvtlfs/vpset.h"

#define WORDS_MAX 80u

int main(void)
{
	uint64_t bitmap[WORDS_MAX];
	size_t words = prove_size(0, WORDS_MAX), vp = 0, n;
	const uint64_t *b;
	bool any, below;

	prove_unknown(bitmap, sizeof(bitmap));
	//@ split words;
	b = PROVE_OR_NULL(PROVE_TAIL(bitmap, words));
	n = hvtlfs_vp_bitmap_count(b, words);
	any = hvtlfs_vp_bitmap_highest(b, words, PROVE_OR_NULL(&vp));
	below = hvtlfs_vp_bitmap_below_64(b, words);
	return (int)(n & 1u) + any + below;
}
