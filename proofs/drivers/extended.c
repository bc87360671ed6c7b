/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The extended calls: hvtlfs_ext_capabilities_decode() and _encode(),
 * hvtlfs_ext_query_build(), hvtlfs_ext_boot_zeroed_build(), hvtlfs_ext_boot_zeroed_count()
 * and hvtlfs_ext_heat_hint_build(). Every capability word,
 * every capability struct (any unknown bits, every value of every named bool), every
 * heat type, range entry and option word, features with the privilege or without it;
 * every pointer NULL or not (apart: a NULL check in a callee does not narrow the
 * caller's pointer).
 *
 * The heat hint in three phases: every count 0 to REPS_MAX, the entries ending at it
 * (split), the input a buffer larger than any such input with any in_size from there,
 * then the input ending exactly at what the call writes or one byte short; every count
 * of a page (1 to HVTLFS_EXT_HEAT_HINT_MAX_PER_PAGE) with as many entries and a page of
 * input, any in_size; every count above a page, nothing read.
 * The boot-zeroed output: any bytes; every size 0 to 16 with the output ending there
 * (split), and every size from 8 up over an output of only 8 bytes, so whatever the
 * size claims nothing past the count is read.
 * Bounds: none on the count; the exact ends (entries and input) are analysed for the
 * counts up to REPS_MAX, every entry being the same loop step. A misaligned buffer is
 * not analysed: Eva does not know the alignment of an address (the tests check the
 * refusal).
 *
 * prove-sources: extended.c catalog.c control.c
 * prove-options: -eva-precision 1 -eva-split-limit 1000 -eva-domains gauges
 * prove-options: -eva-split-return auto
 * prove-slevel: hvtlfs_control_encode:20 hvtlfs_call_lookup:100
 * prove-cost: 2
 */
#include "prove.h"
#include "hvtlfs/extended.h"
#include "hvtlfs/features.h"

#define REPS_MAX 4u
#define PAGE_MAX HVTLFS_EXT_HEAT_HINT_MAX_PER_PAGE
#define HEAD	 (sizeof(struct hvtlfs_ext_heat_hint_input) / 8u)

static uint64_t in[HEAD + PAGE_MAX], ranges[PAGE_MAX];
static uint8_t zeroed[16];
static uint64_t zeroed_count;

static int capabilities(void)
{
	struct hvtlfs_ext_capabilities caps;

	if (prove_bool())
		return hvtlfs_ext_capabilities_decode(prove_u64(), PROVE_OR_NULL(&caps));
	/* Any unknown bits, every value of every named bool. */
	prove_unknown(&caps, sizeof(caps));
#define ANY_(bit, name, field) caps.field = prove_bool();
	HVTLFS_EXT_CAPABILITY_BITS(ANY_)
#undef ANY_
	return hvtlfs_ext_capabilities_encode(PROVE_OR_NULL(&caps)) != 0;
}

static int heat_hint(const struct hvtlfs_features *f)
{
	struct hvtlfs_prepared out;
	uint32_t type = prove_u32();
	unsigned int opts = prove_uint();
	int phase = Frama_C_interval(0, 3);
	size_t count, in_size;

	//@ split phase;
	if (phase == 0) {
		/* A buffer larger than any input of REPS_MAX entries, any in_size from
		 * there; in, ranges, out NULL, each apart. */
		int null = Frama_C_interval(0, 3);

		in_size = prove_size((HEAD + REPS_MAX) * 8u, HVTLFS_SIZE_MAX_PROVE);
		count = prove_size(0, REPS_MAX);
		//@ split null;
		if (null != 0)
			return hvtlfs_ext_heat_hint_build(null == 1 ? NULL : in, in_size, f, type,
							  null == 2 ? NULL : ranges, count, opts,
							  null == 3 ? NULL : &out);
		//@ split count;
		return hvtlfs_ext_heat_hint_build(PROVE_TAIL(in, HEAD + REPS_MAX), in_size, f, type,
						  PROVE_TAIL(ranges, count), count, opts, &out);
	}
	if (phase == 1) {
		/* The input ends exactly at what the call writes, or a byte short. */
		count = prove_size(1, REPS_MAX);
		//@ split count;
		in_size = (HEAD + count) * 8u - (size_t)prove_bool();
		//@ split in_size;
		return hvtlfs_ext_heat_hint_build(PROVE_TAIL(in, in_size / 8u), in_size, f, type,
						  PROVE_TAIL(ranges, count), count, opts, &out);
	}
	if (phase == 2)
		/* Every count of a page, as many entries, a page of input. */
		return hvtlfs_ext_heat_hint_build(in, prove_size_any(), f, type, ranges,
						  prove_size(1, PAGE_MAX), opts, &out);
	/* More than a page: refused before any entry is read or any word written. */
	return hvtlfs_ext_heat_hint_build(in, prove_size_any(), f, type, ranges,
					  prove_size(PAGE_MAX + 1u, HVTLFS_SIZE_MAX_PROVE), opts,
					  &out);
}

int main(void)
{
	struct hvtlfs_features f;
	struct hvtlfs_prepared out;
	int which = Frama_C_interval(0, 4);

	/* Features of any bytes; the one bool the calls read false or true. */
	prove_unknown(&f, sizeof(f));
	f.extended_hypercalls = prove_bool();
	prove_unknown(ranges, sizeof(ranges));
	//@ split which;
	if (which == 0)
		return capabilities();
	if (which == 1) {
		int null = Frama_C_interval(0, 2);

		//@ split null;
		return hvtlfs_ext_query_build(null == 1 ? NULL : &f, prove_uint(),
					      null == 2 ? NULL : &out);
	}
	if (which == 2)
		return heat_hint(PROVE_OR_NULL(&f));
	if (which == 3) {
		int null = Frama_C_interval(0, 2);

		//@ split null;
		return hvtlfs_ext_boot_zeroed_build(null == 1 ? NULL : &f, prove_uint(),
						    null == 2 ? NULL : &out);
	}
	{
		uint32_t n;
		size_t size = prove_size(0, sizeof(zeroed));
		int null = Frama_C_interval(0, 3);

		prove_unknown(zeroed, sizeof(zeroed));
		zeroed_count = prove_u64();
		//@ split null;
		if (null == 1 || null == 2)
			return hvtlfs_ext_boot_zeroed_count(null == 1 ? NULL : zeroed, size,
							    null == 2 ? NULL : &n);
		if (null == 3)
			return hvtlfs_ext_boot_zeroed_count(
				&zeroed_count, prove_size(8, HVTLFS_SIZE_MAX_PROVE), &n);
		//@ split size;
		return hvtlfs_ext_boot_zeroed_count(PROVE_TAIL(zeroed, size), size, &n);
	}
}
