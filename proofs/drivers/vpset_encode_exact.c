/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What hvtlfs_vpset_encode_bitmap() writes, as properties Eva checks: for a bitmap of
 * 0 to WORDS_MAX words, every pattern of zero and non-zero words (a non-zero word any
 * value from 1 to 2^64 - 1), and for the bitmap of 64 non-zero words, with room for
 * more than the set needs: the result is the number of non-zero words (the popcount of
 * the valid bank mask), needed_words is 2 + that, the format word is sparse 4K, the
 * mask has a bit for each non-zero word and no other, and the encoder writes exactly
 * the 2 + popcount words from the first: each of them is initialised and every word
 * after them is left as it was (uninitialised here).
 * Bounds: WORDS_MAX words of every pattern (each pattern is split, 2^WORDS_MAX of the
 * longest); the 64-bank case stands for the largest set. vpset_encode_bitmap.c proves
 * every bitmap of 0 to 80 words free of runtime errors, with the output ending at
 * every capacity.
 *
 * prove-sources: vpset.c
 * prove-options: -eva-precision 0 -eva-split-limit 1000
 * prove-slevel: hvtlfs_vpset_encode_bitmap:100 banks_in:100 any_bit_from:100 main:200
 * prove-cost: 6
 */
#include "prove.h"
#include "hvtlfs/vpset.h"

#define WORDS_MAX 6u
#define BANKS	  HVTLFS_VPSET_MAX_BANKS
#define OUT_WORDS (HVTLFS_VPSET_HDR_WORDS + BANKS + 1u)

static uint64_t bitmap[BANKS];

static uint64_t nonzero(void)
{
	return Frama_C_unsigned_long_long_interval(1u, ~0ull);
}

int main(void)
{
	uint64_t out[OUT_WORDS]; /* uninitialised: what the encoder writes becomes so */
	uint64_t mask = 0;
	size_t words, needed = 0, k = 0, i;
	int full = prove_bool(), n;
	unsigned int pattern = 0;

	//@ split full;
	if (full) {
		words = BANKS;
		//@ loop unroll BANKS;
		for (i = 0; i < BANKS; i++)
			bitmap[i] = nonzero();
		mask = ~(uint64_t)0;
		k = BANKS;
	} else {
		words = prove_size(0, WORDS_MAX);
		//@ split words;
		pattern = prove_u32_in(0, (1u << words) - 1u);
		//@ split pattern;
		//@ loop unroll WORDS_MAX;
		for (i = 0; i < words; i++) {
			if (pattern & (1u << i)) {
				bitmap[i] = nonzero();
				mask |= HVTLFS_BIT64(i);
				k++;
			} else {
				bitmap[i] = 0;
			}
		}
	}
	n = hvtlfs_vpset_encode_bitmap(out, OUT_WORDS, bitmap, words, &needed);
	//@ assert banks: n == k;
	//@ assert needed: needed == HVTLFS_VPSET_HDR_WORDS + k;
	//@ assert written: \initialized(out + (0 .. HVTLFS_VPSET_HDR_WORDS + k - 1));
	//@ assert format: out[0] == HVTLFS_GENERIC_SET_SPARSE_4K;
	//@ assert mask: out[1] == mask;
	//@ loop unroll OUT_WORDS;
	for (i = HVTLFS_VPSET_HDR_WORDS + k; i < OUT_WORDS; i++) {
		//@ assert untouched: !\initialized(out + i);
	}
	return n;
}
