/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * hvtlfs_visibility_build(): every partition, host visibility, GPFN and option word,
 * every count; in, gpfns and out NULL or not (apart: a NULL check in a callee does not
 * narrow the caller's pointer).
 *
 * Phases: every count 0 to REPS_MAX, the GPFNs ending at it (split), the input a
 * buffer larger than any such input with any in_size from there, then the input
 * ending exactly at what the call writes or one byte short; every count of a page (1
 * to HVTLFS_VISIBILITY_MAX_PER_PAGE) with as many GPFNs and a page of input, any
 * in_size; every count above a page, nothing read.
 * Bounds: none on the count; the exact ends (GPFNs and input) are analysed for the
 * counts up to REPS_MAX, every GPFN being the same loop step. A misaligned buffer is
 * not analysed: Eva does not know the alignment of an address (the tests check the
 * refusal).
 *
 * prove-sources: visibility.c catalog.c control.c
 * prove-options: -eva-precision 1 -eva-split-limit 1000 -eva-domains gauges
 * prove-options: -eva-split-return auto
 * prove-slevel: hvtlfs_control_encode:20 hvtlfs_call_encode:10
 * prove-cost: 2
 */
#include "prove.h"
#include "hvtlfs/visibility.h"

#define REPS_MAX 4u
#define PAGE_MAX HVTLFS_VISIBILITY_MAX_PER_PAGE
#define HEAD	 (sizeof(struct hvtlfs_visibility_input) / 8u)

static uint64_t in[HEAD + PAGE_MAX], gpfns[PAGE_MAX];

int main(void)
{
	struct hvtlfs_prepared out;
	uint64_t partition = prove_u64();
	uint32_t visibility = prove_u32();
	unsigned int opts = prove_uint();
	int phase = Frama_C_interval(0, 3);
	size_t count, in_size;

	prove_unknown(gpfns, sizeof(gpfns));
	//@ split phase;
	if (phase == 0) {
		/* A buffer larger than any input of REPS_MAX GPFNs, any in_size from there;
		 * in, gpfns, out NULL, each apart. */
		int null = Frama_C_interval(0, 3);

		in_size = prove_size((HEAD + REPS_MAX) * 8u, HVTLFS_SIZE_MAX_PROVE);
		count = prove_size(0, REPS_MAX);
		//@ split null;
		if (null != 0)
			return hvtlfs_visibility_build(null == 1 ? NULL : in, in_size, partition,
						       visibility, null == 2 ? NULL : gpfns, count,
						       opts, null == 3 ? NULL : &out);
		//@ split count;
		return hvtlfs_visibility_build(PROVE_TAIL(in, HEAD + REPS_MAX), in_size, partition,
					       visibility, PROVE_TAIL(gpfns, count), count, opts,
					       &out);
	}
	if (phase == 1) {
		/* The input ends exactly at what the call writes, or a byte short. */
		count = prove_size(1, REPS_MAX);
		//@ split count;
		in_size = (HEAD + count) * 8u - (size_t)prove_bool();
		//@ split in_size;
		return hvtlfs_visibility_build(PROVE_TAIL(in, in_size / 8u), in_size, partition,
					       visibility, PROVE_TAIL(gpfns, count), count, opts,
					       &out);
	}
	if (phase == 2)
		/* Every count of a page, as many GPFNs, a page of input. */
		return hvtlfs_visibility_build(in, prove_size_any(), partition, visibility, gpfns,
					       prove_size(1, PAGE_MAX), opts, &out);
	/* More than a page: refused before any GPFN is read or any word written. */
	return hvtlfs_visibility_build(in, prove_size_any(), partition, visibility, gpfns,
				       prove_size(PAGE_MAX + 1u, HVTLFS_SIZE_MAX_PROVE), opts,
				       &out);
}
