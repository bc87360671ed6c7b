/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The register catalog and the GetVpRegisters/SetVpRegisters builders and parser:
 * hvtlfs_register_catalog(), _lookup(), _lookup_msr(), _name(), _names_check(),
 * _write_check(), hvtlfs_get_vp_registers_build(), hvtlfs_set_vp_registers_build(),
 * hvtlfs_get_vp_registers_parse(). Every register name, set, MSR, value, target and
 * option word, every rep count; every pointer NULL or not (apart: a NULL check in a
 * callee does not narrow the caller's pointer).
 *
 * Phases: the catalog queries; the name list checked, ending at its count (split);
 * the builders with a buffer larger than any input of up to REPS_MAX elements and any
 * in_size from there (the names and values ending at their count, split), then the
 * input ending exactly at what the call needs (rounded up to its words) or one byte
 * short; the parser with the output ending at output_size (split) for every count.
 * hvtlfs_register_lookup_name() is registers_names.c's (a state per catalog row).
 * Bounds: REPS_MAX rep elements (up to 4095 are accepted: every element is the same
 * loop step). A misaligned buffer is not analysed: Eva does not know the alignment of
 * an address (the tests check the refusal).
 *
 * prove-sources: registers.c control.c
 * prove-options: -eva-precision 1 -eva-split-limit 1000 -eva-domains gauges
 * prove-options: -eva-split-return auto
 * prove-slevel: check:10 hvtlfs_control_encode:20
 * prove-cost: 5
 */
#include "prove.h"
#include "hvtlfs/registers.h"

#define REPS_MAX 5u
#define IN_WORDS (sizeof(struct hvtlfs_registers_input) / 8u + 4u * REPS_MAX)

static uint64_t in[IN_WORDS];
static uint32_t names[REPS_MAX];
static struct hvtlfs_register_value values[REPS_MAX];
static uint8_t output[16u * REPS_MAX];

static int catalog_queries(void)
{
	size_t count;
	struct hvtlfs_register_value v;
	const struct hvtlfs_register_info *ri;
	const char *s;

	ri = hvtlfs_register_catalog(PROVE_OR_NULL(&count));
	//@ assert ri != \null;
	ri = hvtlfs_register_lookup(prove_u32(), prove_uint());
	ri = hvtlfs_register_lookup_msr(prove_u32());
	s = hvtlfs_register_name(prove_u32(), prove_uint());
	//@ assert \valid_read(s);
	prove_unknown(&v, sizeof(v));
	return hvtlfs_register_write_check(prove_u32(), prove_uint(), PROVE_OR_NULL(&v)) +
	       (ri != NULL);
}

static int names_check(void)
{
	size_t first, count = prove_size(0, REPS_MAX);
	int null = prove_bool();

	//@ split null;
	//@ split count;
	return hvtlfs_register_names_check(null ? NULL : PROVE_TAIL(names, count), count,
					   prove_uint(), PROVE_OR_NULL(&first));
}

static int build(bool set, void *buf, size_t in_size, const struct hvtlfs_register_target *t,
		 const uint32_t *n, const struct hvtlfs_register_value *v, uint32_t count,
		 struct hvtlfs_prepared *out)
{
	unsigned int opts = prove_uint();

	if (set)
		return hvtlfs_set_vp_registers_build(buf, in_size, t, n, v, count, opts, out);
	return hvtlfs_get_vp_registers_build(buf, in_size, t, n, count, opts, out);
}

static int builders(void)
{
	struct hvtlfs_register_target t;
	struct hvtlfs_prepared out;
	bool set = prove_bool();
	uint32_t count;
	size_t need, in_size;

	prove_unknown(&t, sizeof(t));
	//@ split set;
	if (prove_bool()) {
		/* A buffer larger than any input, any in_size from there; each pointer NULL
		 * apart. */
		int null = Frama_C_interval(0, 5);

		in_size = prove_size(sizeof(in), HVTLFS_SIZE_MAX_PROVE);
		//@ split null;
		if (null != 0)
			return build(set, null == 1 ? NULL : in, in_size, null == 2 ? NULL : &t,
				     null == 3 ? NULL : names, null == 4 ? NULL : values,
				     prove_u32_in(0, REPS_MAX), null == 5 ? NULL : &out);
		count = prove_u32_in(0, REPS_MAX);
		//@ split count;
		return build(set, in, in_size, &t, PROVE_TAIL(names, count),
			     PROVE_TAIL(values, count), count, &out);
	}
	/* The input ends exactly at what the call writes (its words), or a byte short. */
	count = prove_u32_in(1, REPS_MAX);
	//@ split count;
	need = set ? HVTLFS_SET_VP_REGISTERS_INPUT_SIZE(count)
		   : HVTLFS_GET_VP_REGISTERS_INPUT_SIZE(count);
	need = (need + 7u) / 8u * 8u;
	in_size = need - (size_t)prove_bool();
	//@ split in_size;
	return build(set, PROVE_TAIL(in, in_size / 8u), in_size, &t, PROVE_TAIL(names, count),
		     PROVE_TAIL(values, count), count, &out);
}

static int parse(void)
{
	size_t size = prove_size(0, sizeof(output));
	uint32_t count = prove_u32_in(0, REPS_MAX);
	int null = Frama_C_interval(0, 2);

	prove_unknown(output, sizeof(output));
	//@ split null;
	if (null != 0)
		return hvtlfs_get_vp_registers_parse(null == 1 ? NULL : output, prove_size_any(),
						     prove_u32(), null == 2 ? NULL : values);
	if (prove_bool())
		/* Every count above REPS_MAX, the output shorter than it needs. */
		return hvtlfs_get_vp_registers_parse(output, prove_size(0, sizeof(output)),
						     prove_u32_in(REPS_MAX + 1u, 0xffffffffu),
						     values);
	//@ split size;
	//@ split count;
	return hvtlfs_get_vp_registers_parse(PROVE_TAIL(output, size), size, count,
					     PROVE_TAIL(values, count));
}

int main(void)
{
	int which = Frama_C_interval(0, 3);

	prove_unknown(names, sizeof(names));
	prove_unknown(values, sizeof(values));
	//@ split which;
	switch (which) {
	case 0:
		return catalog_queries();
	case 1:
		return names_check();
	case 2:
		return builders();
	default:
		return parse();
	}
}
