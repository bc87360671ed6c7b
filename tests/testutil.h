/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Helpers the tests share, written once: the seeded PRNG of every property test,
 * canary words after buffers, half-open intervals and their union, and CPUID dumps
 * of a Hyper-V partition. Plain C (no cmocka): the fuzz harnesses use it too.
 */
#ifndef HVTLFS_TESTUTIL_H
#define HVTLFS_TESTUTIL_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "hvtlfs/features.h"

/* ---- seeded PRNG ---- */

/* splitmix64: the next value of the sequence seeded by *state. */
static inline uint64_t testutil_rng(uint64_t *state)
{
	uint64_t z = (*state += 0x9E3779B97F4A7C15ull);

	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
	return z ^ (z >> 31);
}

/* A test binary's own sequence: testutil_seed() at the start of a property test, then
 * testutil_next() (or testutil_below()) for each value. */
static uint64_t testutil_state;

static inline void testutil_seed(uint64_t seed)
{
	testutil_state = seed;
}

static inline uint64_t testutil_next(void)
{
	return testutil_rng(&testutil_state);
}

/* A value in [0, n), n > 0. */
static inline uint64_t testutil_below(uint64_t n)
{
	return testutil_next() % n;
}

/* ---- counts ---- */

/* A count as a size_t out-parameter reports it: saturated at SIZE_MAX where size_t is
 * narrower (i386), exact elsewhere. */
static inline size_t testutil_count(uint64_t n)
{
	return n > (uint64_t)SIZE_MAX ? SIZE_MAX : (size_t)n;
}

/* ---- canaries ---- */

/* What a buffer holds past the words an encoder may write. */
#define TESTUTIL_CANARY 0xC0DEC0DEDEADBEEFull

/* Fills w[from .. from + n) with the canary. */
static inline void testutil_canary_fill(uint64_t *w, size_t from, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		w[from + i] = TESTUTIL_CANARY;
}

/* Whether w[from .. from + n) still holds the canary. */
static inline int testutil_canary_intact(const uint64_t *w, size_t from, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (w[from + i] != TESTUTIL_CANARY)
			return 0;
	return 1;
}

/* ---- half-open intervals ---- */

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

	if (n == 0)
		return 0;
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

/* ---- CPUID dumps ---- */

/* "Microsoft Hv" and "Hv#1" spelled out as the TLFS table gives them. */
#define VENDOR_EBX 0x7263694Du
#define VENDOR_ECX 0x666F736Fu
#define VENDOR_EDX 0x76482074u
#define HV1	   0x31237648u

/* A dump with the hypervisor leaves up to @max; every other hv[] entry is poison. */
static inline void testutil_cpuid_dump(struct hvtlfs_cpuid_dump *d, uint32_t max)
{
	unsigned i, r;

	for (i = 0; i < HVTLFS_CPUID_DUMP_HV_LEAVES; i++)
		for (r = 0; r < 4; r++)
			d->hv[i][r] = 0xFFFFFFFFu; /* must never be read past max */
	d->leaf1[0] = 0x000306F2u;
	d->leaf1[1] = 0x00000800u;
	d->leaf1[2] = 0xFEDA3203u; /* bit 31 set */
	d->leaf1[3] = 0x1F8BFBFFu;
	d->hv[0][0] = max;
	d->hv[0][1] = VENDOR_EBX;
	d->hv[0][2] = VENDOR_ECX;
	d->hv[0][3] = VENDOR_EDX;
	if (max >= 0x40000001u) {
		d->hv[1][0] = HV1;
		d->hv[1][1] = d->hv[1][2] = d->hv[1][3] = 0;
	}
	for (i = 2; i < HVTLFS_CPUID_DUMP_HV_LEAVES && max >= 0x40000000u + i; i++)
		for (r = 0; r < 4; r++)
			d->hv[i][r] = 0;
}

#endif /* HVTLFS_TESTUTIL_H */
