/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A struct hvtlfs_features of any contents, but for the bools of the CPUID bit table,
 * which are false or true (a bool holds nothing else). Drivers of the functions that
 * read features use it; the decoder's own output is not (Eva takes its zeroing, by
 * volatile stores, as stores of unknown values).
 */
#ifndef HVTLFS_PROVE_FEATURES_ANY_H
#define HVTLFS_PROVE_FEATURES_ANY_H

#include "prove.h"
#include "hvtlfs/features.h"

static inline void prove_features_any(struct hvtlfs_features *f)
{
	size_t count = 0, j;
	const struct hvtlfs_cpuid_bit *bits = hvtlfs_cpuid_bits(&count);

	prove_unknown(f, sizeof(*f));
	/*@ loop unroll 128; */
	for (j = 0; j < count; j++)
		*(bool *)(void *)((uint8_t *)f + bits[j].offset) = prove_bool();
}

#endif /* HVTLFS_PROVE_FEATURES_ANY_H */
