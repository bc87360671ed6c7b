/* SPDX-License-Identifier: BSD-2-Clause */
/* Helpers the cmocka tests share: a seeded PRNG and half-open intervals. */
#ifndef HVTLFS_TESTUTIL_H
#define HVTLFS_TESTUTIL_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

/* splitmix64: the next value of the sequence seeded by *state. */
static inline uint64_t testutil_rng(uint64_t *state)
{
	uint64_t z = (*state += 0x9E3779B97F4A7C15ull);

	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
	return z ^ (z >> 31);
}

/* Half-open intervals [x, y) (of 4 KiB page numbers, in the range tests). */
struct ival {
	uint64_t x, y;
};

static inline int ival_cmp(const void *a, const void *b)
{
	const struct ival *p = (const struct ival *)a, *q = (const struct ival *)b;

	if (p->x != q->x)
		return p->x < q->x ? -1 : 1;
	return (p->y > q->y) - (p->y < q->y);
}

/* Sorts and merges overlapping or adjacent intervals in place; returns how many remain. */
static inline size_t ival_union(struct ival *v, size_t n)
{
	size_t i, m = 0;

	qsort(v, n, sizeof(*v), ival_cmp);
	for (i = 0; i < n; i++) {
		if (m > 0 && v[i].x <= v[m - 1].y) {
			if (v[i].y > v[m - 1].y)
				v[m - 1].y = v[i].y;
		} else {
			v[m++] = v[i];
		}
	}
	return m;
}

#endif /* HVTLFS_TESTUTIL_H */
