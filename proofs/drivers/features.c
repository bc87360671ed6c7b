/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The features module: hvtlfs_features_decode() of a CPUID dump of any contents,
 * hvtlfs_features_decode_nested() of every EAX, hvtlfs_cpuid_bits() (count NULL or
 * not) and hvtlfs_features_bit() for every row of it and for NULL,
 * hvtlfs_features_require_microsoft() and hvtlfs_features_require() (every leaves
 * word) of what the decoder made, hvtlfs_cpuid_dump_leaf() for every leaf,
 * hvtlfs_features_from_leaves() of kept leaves of any values (has_nested false or
 * true) and of NULL; every
 * pointer NULL or not (apart: a NULL check in a callee does not narrow the caller's).
 * The features the queries read are any bytes, but for the bools of the bit table,
 * which are false or true (proofs/model/features_any.h). No bound is
 * needed: every input is a fixed-size struct or a 32-bit value.
 * hvtlfs_zero_() unrolls (its slevel) so that every byte of the features is known to
 * be written.
 *
 * prove-sources: features.c
 * prove-options: -eva-precision 1 -eva-split-return auto
 * prove-slevel: hvtlfs_zero_:1000
 * prove-cost: 1
 */
#include "prove.h"
#include "features_any.h"

int main(void)
{
	struct hvtlfs_cpuid_dump dump;
	struct hvtlfs_features f;
	struct hvtlfs_nested_features nf;
	struct hvtlfs_kept_leaves kept;
	const struct hvtlfs_cpuid_bit *bits;
	uint32_t regs[4];
	size_t count = 0;
	int null = Frama_C_interval(0, 2);
	int rc;

	prove_unknown(&dump, sizeof(dump));
	//@ split null;
	rc = hvtlfs_features_decode(null == 1 ? NULL : &f, null == 2 ? NULL : &dump);
	if (null != 0)
		return rc;
	rc |= hvtlfs_features_decode_nested(PROVE_OR_NULL(&nf), prove_u32());

	bits = hvtlfs_cpuid_bits(PROVE_OR_NULL(&count));
	prove_features_any(&f);
	if (count != 0) {
		size_t i = prove_size(0, count - 1u);

		/* Each row apart: the bool it names, not the bytes of every row. */
		//@ split i;
		rc |= hvtlfs_features_bit(PROVE_OR_NULL(&f), PROVE_OR_NULL(&bits[i]));
	}
	rc |= hvtlfs_features_require_microsoft(PROVE_OR_NULL(&f));
	rc |= hvtlfs_features_require(PROVE_OR_NULL(&f), prove_u32());
	rc |= hvtlfs_cpuid_dump_leaf(PROVE_OR_NULL(&dump), prove_u32(), PROVE_OR_NULL(regs));
	prove_unknown(&kept, sizeof(kept));
	kept.has_nested = prove_bool();
	if (prove_bool())
		return rc | hvtlfs_features_from_leaves(NULL, PROVE_OR_NULL(&kept));
	return rc | hvtlfs_features_from_leaves(&f, PROVE_OR_NULL(&kept));
}
