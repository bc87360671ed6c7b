/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * hvtlfs_vpset_encode_bitmap(): every bitmap, every capacity.
 *
 * Inputs: bitmap words of any value, bitmap_words 0 to 80 (64 banks and 16 words
 * beyond the 4096 VPs a set can name: the words past 64 are only scanned for a set
 * bit), out_words any size_t, out and bitmap NULL or not (NULL with a length is the
 * documented HVTLFS_ERR_NULL), needed_words NULL or not.
 * Bounds: bitmap_words at 80 (no maximum is documented; past word 64 every word is
 * the same check).
 * Two phases, one exact buffer each: the output ends at out_words (0 to 66, split;
 * a larger capacity is the 66-word case, more than the encoder can write), then the
 * bitmap ends at bitmap_words (split). The gauges domain relates the bank words written
 * to the bitmap words read (k <= i), which bounds the writes when the capacity is
 * larger than any encoding.
 *
 * prove-sources: vpset.c
 * prove-options: -eva-precision 0 -eva-domains gauges -eva-split-limit 100
 * prove-cost: 4
 */
#include "prove.h"
#include "hvtlfs/vpset.h"

#define BITMAP_MAX 80u

int main(void)
{
	uint64_t bitmap[BITMAP_MAX];
	uint64_t out[HVTLFS_VPSET_MAX_WORDS];
	size_t needed, bitmap_words, out_words;
	size_t *needed_p = PROVE_OR_NULL(&needed);
	/* Which of out and bitmap are NULL, analysed apart: a NULL pointer stays with
	 * the length that comes with it. */
	int nulls = Frama_C_interval(0, 3);

	prove_unknown(bitmap, sizeof(bitmap));
	//@ split nulls;
	if (prove_bool()) {
		/* The output ends exactly at out_words. */
		out_words = prove_size(0, PROVE_LEN(out));
		bitmap_words = prove_size(0, BITMAP_MAX);
		//@ split out_words;
		return hvtlfs_vpset_encode_bitmap(nulls & 1 ? NULL : PROVE_TAIL(out, out_words),
						  out_words, nulls & 2 ? NULL : bitmap,
						  bitmap_words, needed_p);
	}
	/* The bitmap ends exactly at bitmap_words. */
	out_words = prove_size_any();
	bitmap_words = prove_size(0, BITMAP_MAX);
	//@ split bitmap_words;
	return hvtlfs_vpset_encode_bitmap(nulls & 1 ? NULL : out, out_words,
					  nulls & 2 ? NULL : PROVE_TAIL(bitmap, bitmap_words),
					  bitmap_words, needed_p);
}
