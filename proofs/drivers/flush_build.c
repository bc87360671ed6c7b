/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The flush builders: hvtlfs_flush_build_space(), _list(), _space_ex(), _list_ex(),
 * hvtlfs_gpa_flush_build_space() and _list(). Every address space, flags word,
 * processor mask and option word; in, out, vps, its bitmap and ranges NULL or not.
 *
 * Two phases:
 * - Any target set (all, or a bitmap of 0 to 80 words of any value, NULL or not), the
 *   input a buffer larger than any input these calls can take with 0 to 4 rep
 *   elements, in_size any size_t from there up; the rep elements end at their count
 *   (split). No pointer is NULL, or one of in, out, vps and ranges is (each apart: a
 *   NULL check in a callee does not narrow the caller's pointer).
 * - The input ends exactly at what the call needs (split: every bank count 0 to 64,
 *   from bitmaps whose words are all non-zero, and every rep count 0 to 4), and one
 *   byte short of it: nothing may be written past the end, nothing at all when it is
 *   short.
 * Bounds: 0 to 4 rep elements (up to HVTLFS_CONTROL_REP_MAX are accepted; every
 * element is the same loop step); bitmaps of 80 words (as for the VP-set encoder,
 * whose drivers prove it for every bitmap).
 *
 * The gauges domain runs in hvtlfs_vp_targets_banks() only (-eva-domains-function),
 * where it bounds the bank counter by the loop's index (without it: a signed overflow
 * alarm at its n++); everywhere else it changed nothing but the time (the least of
 * three runs on x86_64: 10.0 s of processor time against 8.6; i386 and aarch64 alike).
 *
 * prove-sources: flush.c vpset.c control.c
 * prove-options: -eva-precision 0 -eva-split-limit 1000 -eva-split-return auto
 * prove-options: -eva-domains-function gauges:hvtlfs_vp_targets_banks
 * prove-slevel: hvtlfs_vp_targets_banks:100 check_buf:10 check_size:10 check_reps:10
 * prove-slevel: hvtlfs_control_encode:20 build:20
 * prove-cost: 23
 */
#include "prove.h"
#include "hvtlfs/flush.h"

#define LBITS	  (8u * sizeof(unsigned long))
#define CPUS_MAX  95u
#define CPU_WORDS ((CPUS_MAX + LBITS - 1u) / LBITS)

static unsigned long cpus[CPU_WORDS];
static uint32_t vp_of[CPU_WORDS * LBITS];

#define REPS_MAX   4u
#define BITMAP_MAX 80u
#define BANKS_MAX  HVTLFS_VPSET_MAX_BANKS
/* More than the largest input: an Ex header, a bank word for every bitmap word (the
 * analysis bounds the banks by the words counted; at most 64 are accepted) and the rep
 * elements. */
#define IN_WORDS (sizeof(struct hvtlfs_flush_ex_input) / 8u + BITMAP_MAX + REPS_MAX)

static uint64_t in[IN_WORDS], bitmap[BITMAP_MAX], ranges[REPS_MAX];

/* Which builder, its buffer, its targets, its rep elements. */
static int call(int which, void *in, size_t in_size, const struct hvtlfs_vp_targets *vps,
		const uint64_t *ranges, uint32_t count, struct hvtlfs_prepared *out)
{
	uint64_t space = prove_u64(), flags = prove_u64(), mask = prove_u64();
	unsigned int opts = prove_uint();

	switch (which) {
	case 0:
		return hvtlfs_flush_build_space(in, in_size, space, flags, mask, opts, out);
	case 1:
		return hvtlfs_flush_build_list(in, in_size, space, flags, mask, ranges, count, opts,
					       out);
	case 2:
		return hvtlfs_flush_build_space_ex(in, in_size, space, flags, vps, opts, out);
	case 3:
		return hvtlfs_flush_build_list_ex(in, in_size, space, flags, vps, ranges, count,
						  opts, out);
	case 4:
		return hvtlfs_gpa_flush_build_space(in, in_size, space, opts, out);
	default:
		return hvtlfs_gpa_flush_build_list(in, in_size, space, ranges, count, opts, out);
	}
}

/* The bytes call @which needs for @banks bank words and @count rep elements. */
static size_t need_of(int which, size_t banks, uint32_t count)
{
	size_t fixed = which < 2   ? sizeof(struct hvtlfs_flush_input)
		       : which < 4 ? sizeof(struct hvtlfs_flush_ex_input) + 8u * banks
				   : sizeof(struct hvtlfs_gpa_flush_input);
	bool list = which == 1 || which == 3 || which == 5;

	return fixed + (list ? 8u * count : 0u);
}

/* The input ends exactly at what the call needs, or one byte short of it. */
static int exact(int which, struct hvtlfs_vp_targets *vps, uint32_t count)
{
	struct hvtlfs_prepared out;
	size_t need = need_of(which, vps->words, count);
	size_t in_size = need - (size_t)prove_bool();

	//@ split in_size;
	return call(which, PROVE_TAIL(in, in_size / 8u), in_size, vps, PROVE_TAIL(ranges, count),
		    count, &out);
}

int main(void)
{
	struct hvtlfs_prepared out;
	struct hvtlfs_vp_targets vps;
	struct hvtlfs_vp_source src;
	int which = Frama_C_interval(0, 5);
	uint32_t count = (uint32_t)prove_size(0, REPS_MAX);
	int null_bitmap = prove_bool();
	size_t i;

	prove_unknown(ranges, sizeof(ranges));
	//@ split which;
	if (prove_bool()) {
		/* Any target set, a buffer larger than any input, any in_size from there. */
		size_t in_size = prove_size(sizeof(in), HVTLFS_SIZE_MAX_PROVE);
		/* NULL pointers, analysed apart: none, or one of in, out, vps, ranges. */
		int null = Frama_C_interval(0, 4);

		prove_unknown(bitmap, sizeof(bitmap));
		prove_unknown(cpus, sizeof(cpus));
		prove_unknown(vp_of, sizeof(vp_of));
		src.cpus = cpus;
		src.vp_of_cpu = vp_of;
		src.ncpus = prove_size(0, CPUS_MAX);
		vps.source = PROVE_OR_NULL(&src);
		vps.all = prove_bool();
		vps.words = prove_size(0, BITMAP_MAX);
		/* A NULL bitmap stays with its words, analysed apart. */
		//@ split null_bitmap;
		vps.bitmap = null_bitmap ? NULL : bitmap;
		//@ split null;
		if (null != 0)
			return call(which, null == 1 ? NULL : in, in_size, null == 3 ? NULL : &vps,
				    null == 4 ? NULL : ranges, count, null == 2 ? NULL : &out);
		/* The rep elements end at their count. */
		//@ split count;
		return call(which, in, in_size, &vps, PROVE_TAIL(ranges, count), count, &out);
	}
	/* Every bank count: a bitmap of that many words, none of them 0 (the calls
	 * without an HV_VP_SET: none). */
	vps.all = false;
	vps.source = NULL;
	vps.bitmap = bitmap;
	vps.words = which == 2 || which == 3 ? prove_size(0, BANKS_MAX) : 0;
	//@ loop unroll BANKS_MAX;
	for (i = 0; i < BANKS_MAX; i++)
		bitmap[i] = prove_u64() | 1u;
	if (which == 0 || which == 2 || which == 4)
		count = 0;
	//@ split vps.words;
	//@ split count;
	return exact(which, &vps, count);
}
