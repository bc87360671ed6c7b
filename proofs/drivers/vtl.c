/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The VTL and VP builders: hvtlfs_vsm_code_page_offsets_decode(), _encode(),
 * hvtlfs_enable_partition_vtl_build(), hvtlfs_enable_vp_vtl_build(),
 * hvtlfs_start_vp_build(), hvtlfs_get_vp_index_build() and
 * hvtlfs_get_vp_index_parse(). Every value, offset pair, partition, VP index, VTL,
 * flags, context and option word, every rep count; every pointer NULL or not (apart: a
 * NULL check in a callee does not narrow the caller's pointer).
 *
 * Phases: the offsets codec; each builder with a buffer larger than its input and any
 * in_size from there (the APIC ids ending at their count, split), then the input
 * ending exactly at what the call writes (its words) or one byte short, and the buffer
 * misaligned; the parser with the output ending at output_size (split) for every
 * count.
 * Bounds: REPS_MAX APIC ids (up to 4095 are accepted: every id is the same loop step;
 * every count above REPS_MAX is analysed for the checks before the loop). A misaligned
 * buffer is not analysed: Eva does not know the alignment of an address (the tests
 * check the refusal).
 *
 * prove-sources: vtl.c control.c
 * prove-options: -eva-precision 1 -eva-split-limit 1000 -eva-domains gauges
 * prove-options: -eva-split-return auto
 * prove-slevel: check_common:10 hvtlfs_control_encode:20
 * prove-cost: 2
 */
#include "prove.h"
#include "hvtlfs/vtl.h"

#define REPS_MAX 5u
#define IN_WORDS (sizeof(struct hvtlfs_start_vp_input) / 8u)

static uint64_t in[IN_WORDS];
static uint32_t ids[REPS_MAX], vps[REPS_MAX];
static uint8_t output[4u * REPS_MAX];

static int codec(void)
{
	struct hvtlfs_vsm_code_page_offsets o;
	uint64_t v;

	prove_unknown(&o, sizeof(o));
	if (prove_bool())
		return hvtlfs_vsm_code_page_offsets_decode(prove_u64(), PROVE_OR_NULL(&o));
	return hvtlfs_vsm_code_page_offsets_encode(PROVE_OR_NULL(&v), PROVE_OR_NULL(&o));
}

static int build(int which, void *buf, size_t in_size, const struct hvtlfs_initial_vp_context *c,
		 const uint32_t *a, uint32_t count, struct hvtlfs_prepared *out)
{
	uint64_t partition = prove_u64();
	uint32_t vp = prove_u32();
	uint8_t vtl = prove_u8();
	unsigned int opts = prove_uint();

	switch (which) {
	case 0:
		return hvtlfs_enable_partition_vtl_build(buf, in_size, partition, vtl, prove_u8(),
							 opts, out);
	case 1:
		return hvtlfs_enable_vp_vtl_build(buf, in_size, partition, vp, vtl, c, opts, out);
	case 2:
		return hvtlfs_start_vp_build(buf, in_size, partition, vp, vtl, c, opts, out);
	default:
		return hvtlfs_get_vp_index_build(buf, in_size, partition, vtl, a, count, opts, out);
	}
}

static size_t need_of(int which, uint32_t count)
{
	return which == 0  ? sizeof(struct hvtlfs_enable_partition_vtl_input)
	       : which < 3 ? sizeof(struct hvtlfs_start_vp_input)
			   : (sizeof(struct hvtlfs_get_vp_index_input) + 4u * count + 7u) / 8u * 8u;
}

static int builders(void)
{
	struct hvtlfs_initial_vp_context c;
	struct hvtlfs_prepared out;
	int which = Frama_C_interval(0, 3);
	uint32_t count;
	size_t in_size;

	prove_unknown(&c, sizeof(c));
	//@ split which;
	if (prove_bool()) {
		/* A buffer larger than any input, any in_size from there; each pointer NULL
		 * apart. */
		int null = Frama_C_interval(0, 4);

		in_size = prove_size(sizeof(in), HVTLFS_SIZE_MAX_PROVE);
		//@ split null;
		if (null != 0)
			return build(which, null == 1 ? NULL : in, in_size, null == 2 ? NULL : &c,
				     null == 3 ? NULL : ids,
				     null == 3 ? 1u : prove_u32_in(0, REPS_MAX),
				     null == 4 ? NULL : &out);
		if (prove_bool())
			/* Every count above REPS_MAX, the input too short for it. */
			return build(which, in,
				     prove_size(0, sizeof(struct hvtlfs_get_vp_index_input) +
							   4u * REPS_MAX + 3u),
				     &c, ids, prove_u32_in(REPS_MAX + 1u, 0xffffffffu), &out);
		count = prove_u32_in(0, REPS_MAX);
		//@ split count;
		return build(which, in, in_size, &c, PROVE_TAIL(ids, count), count, &out);
	}
	/* The input ends exactly at what the call writes (its words), or a byte short. */
	count = which == 3 ? prove_u32_in(1, REPS_MAX) : 0;
	//@ split count;
	in_size = need_of(which, count) - (size_t)prove_bool();
	//@ split in_size;
	return build(which, PROVE_TAIL(in, in_size / 8u), in_size, &c, PROVE_TAIL(ids, count),
		     count, &out);
}

static int parse(void)
{
	size_t size = prove_size(0, sizeof(output));
	uint32_t count = prove_u32_in(0, REPS_MAX);
	int null = Frama_C_interval(0, 2);

	prove_unknown(output, sizeof(output));
	//@ split null;
	if (null != 0)
		return hvtlfs_get_vp_index_parse(null == 1 ? NULL : output, prove_size_any(),
						 prove_u32(), null == 2 ? NULL : vps);
	if (prove_bool())
		/* Every count above REPS_MAX, the output shorter than it needs. */
		return hvtlfs_get_vp_index_parse(output, prove_size(0, sizeof(output)),
						 prove_u32_in(REPS_MAX + 1u, 0xffffffffu), vps);
	//@ split size;
	//@ split count;
	return hvtlfs_get_vp_index_parse(PROVE_TAIL(output, size), size, count,
					 PROVE_TAIL(vps, count));
}

int main(void)
{
	int which = Frama_C_interval(0, 2);

	prove_unknown(ids, sizeof(ids));
	//@ split which;
	if (which == 0)
		return codec();
	if (which == 1)
		return builders();
	return parse();
}
