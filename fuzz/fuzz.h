/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What every libFuzzer harness of fuzz/ shares: the entry point, the check that aborts
 * on a broken invariant, and little-endian reads of the input. The tests' helpers
 * (intervals, canaries) come from tests/testutil.h.
 */
#ifndef HVTLFS_FUZZ_H
#define HVTLFS_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A broken invariant: abort, so libFuzzer keeps the input. */
#define CHECK(c)                                                                                   \
	do {                                                                                       \
		if (!(c))                                                                          \
			abort();                                                                   \
	} while (0)

/* The @n-byte little-endian value (n <= 8) at @p. */
static inline uint64_t fuzz_le(const uint8_t *p, size_t n)
{
	uint64_t v = 0;

	while (n-- > 0)
		v = (v << 8) | p[n];
	return v;
}

#endif /* HVTLFS_FUZZ_H */
