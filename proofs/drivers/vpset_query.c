/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What a hypervisor does with a decoded set: hvtlfs_vpset_decode_mask() (every mask),
 * hvtlfs_vpset_init_all(), hvtlfs_vpset_is_all(), hvtlfs_vpset_contains() (every VP),
 * hvtlfs_vpset_next() (every cursor, each pointer NULL or not),
 * hvtlfs_vpset_count() and hvtlfs_vpset_to_bitmap() (a bitmap of 0 to 80 words
 * ending at its length, split; NULL or not), every partition VP count. The set is any
 * bytes at all (not only what the decoders make), or NULL.
 * Bounds: bitmaps of 80 words (any length is allowed; past word 64 every word is 0).
 *
 * prove-sources: vpset.c
 * prove-options: -eva-precision 0 -eva-domains gauges -eva-split-limit 100
 * prove-cost: 2
 */
#include "prove.h"
#include "hvtlfs/vpset.h"

#define WORDS_MAX 80u

int main(void)
{
	struct hvtlfs_vpset set, made;
	const struct hvtlfs_vpset *s;
	uint64_t bitmap[WORDS_MAX];
	uint32_t cursor = prove_u32(), vp;
	size_t words = prove_size(0, WORDS_MAX);
	int null_bitmap = prove_bool();
	int rc = 0;

	prove_unknown(&set, sizeof(set));
	s = PROVE_OR_NULL(&set);
	rc |= hvtlfs_vpset_decode_mask(PROVE_OR_NULL(&made), prove_u64());
	rc |= hvtlfs_vpset_init_all(PROVE_OR_NULL(&made));
	rc |= hvtlfs_vpset_is_all(s);
	rc |= hvtlfs_vpset_contains(s, prove_u32());
	rc |= hvtlfs_vpset_next(s, prove_u32(), PROVE_OR_NULL(&cursor), PROVE_OR_NULL(&vp));
	rc |= (int)(hvtlfs_vpset_count(s, prove_u32()) & 1u);
	//@ split null_bitmap;
	//@ split words;
	rc |= hvtlfs_vpset_to_bitmap(s, null_bitmap ? NULL : PROVE_TAIL(bitmap, words), words,
				     prove_u32());
	return rc;
}
