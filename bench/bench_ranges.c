/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Range list encoding: hvtlfs_ranges_encode() (simple format) against a
 * straightforward reference that walks the range in 16 MiB (4096-page) steps,
 * one HV_GVA_RANGE a step, the way kernels fill their flush lists. Side by side
 * in the same run, with interleaved batches; outputs are compared word for word
 * before anything is timed. Both are inlined into the same timed loop, which
 * hands them the range through an address the compiler cannot see through.
 * The extended format with large pages is shown too (it names the same pages
 * with fewer entries; there is no reference for it).
 * Prints a Markdown table of ns per encode (best of several timed batches).
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "hvtlfs/ranges.h"

#include "bench.h"

#define REPEATS	 101
#define BATCH_NS 1000000.0 /* ~1 ms batches: short enough to dodge preemption */
#define CAP	 512	   /* entries: a 4 KiB input page less its header */
#define UNIT	 (4096ull * 4096ull)

static volatile uint64_t sink;

/*
 * The reference: one entry per 16 MiB step, the last one shortened, written as
 * kernels write it: a static inline function in the caller's file. hvtlfs is
 * called the way every caller calls it, through its header (whose inline fast
 * path handles a one-entry list; longer lists go to the library).
 */
static inline int ref_encode(uint64_t *out, size_t cap, const struct hvtlfs_range *r)
{
	uint64_t cur = r->start & ~0xFFFull, end = r->start + r->length; /* no wrap here */
	size_t n = 0;

	do {
		uint64_t left = end - cur;

		if (n == cap)
			return -1;
		if (left >= UNIT) {
			out[n++] = cur | 0xFFF;
			cur += UNIT;
		} else {
			out[n++] = cur | ((left - 1) >> 12);
			cur = end;
		}
	} while (cur < end);
	return (int)n;
}

typedef int (*encode_fn)(uint64_t *out, const struct hvtlfs_range *r);

/* Both encoders are inlined into the timed loop, whatever the inliner thinks. */
#define SAME_INLINING inline __attribute__((__always_inline__))

/*
 * Each encoder reads the range from memory and does its whole computation on
 * every call, as a flush path does for each new request: the range's address
 * is hidden from the optimiser on every iteration. Without this, gcc hoisted
 * the reference's loads and arithmetic out of the timed loop (nothing in its
 * loop can change the range), while hvtlfs's loop, which holds the cold call
 * into the library that receives the range's address, kept them: the
 * reference was timed doing loop control and a store.
 */
static SAME_INLINING const struct hvtlfs_range *opaque(const struct hvtlfs_range *r)
{
	__asm__ volatile("" : "+r"(r));
	return r;
}

static SAME_INLINING int run_hvtlfs(uint64_t *out, const struct hvtlfs_range *r)
{
	return hvtlfs_ranges_encode(out, CAP, r, 1, HVTLFS_RANGE_FORMAT_GVA_SIMPLE, NULL);
}

static SAME_INLINING int run_large(uint64_t *out, const struct hvtlfs_range *r)
{
	return hvtlfs_ranges_encode(
		out, CAP, r, 1, HVTLFS_RANGE_FORMAT_GVA_EXTENDED | HVTLFS_RANGE_ENCODE_LARGE_PAGES,
		NULL);
}

static SAME_INLINING int run_ref(uint64_t *out, const struct hvtlfs_range *r)
{
	return ref_encode(out, CAP, r);
}

static SAME_INLINING double batch(encode_fn fn, const struct hvtlfs_range *r, unsigned long iters)
{
	uint64_t out[CAP];
	unsigned long i;
	double t0 = bench_now_ns();

	for (i = 0; i < iters; i++)
		sink += out[0] + (uint64_t)fn(out, opaque(r));
	return (bench_now_ns() - t0) / (double)iters;
}

struct encoder {
	encode_fn fn;
	const struct hvtlfs_range *r;
};

static double timed(const void *ctx, unsigned long n)
{
	const struct encoder *e = (const struct encoder *)ctx;

	return batch(e->fn, e->r, n);
}

static unsigned long calibrate(encode_fn fn, const struct hvtlfs_range *r)
{
	const struct encoder e = { fn, r };

	return bench_calibrate(timed, &e, BATCH_NS);
}

/* Interleaved batches, so all encoders see the same machine; the best batch counts. */
static void measure(const struct hvtlfs_range *r, double *th, double *tr, double *tl)
{
	unsigned long ih = calibrate(run_hvtlfs, r);
	unsigned long ir = calibrate(run_ref, r);
	unsigned long il = calibrate(run_large, r);
	double t;
	int rep;

	*th = *tr = *tl = 1e30;
	for (rep = 0; rep < REPEATS; rep++) {
		t = batch(run_hvtlfs, r, ih);
		if (t < *th)
			*th = t;
		t = batch(run_ref, r, ir);
		if (t < *tr)
			*tr = t;
		t = batch(run_large, r, il);
		if (t < *tl)
			*tl = t;
	}
}

int main(void)
{
	static const struct {
		const char *name;
		uint64_t pages;
	} cases[] = {
		{ "1 page", 1 }, { "33 pages", 33 }, { "4096 pages", 4096 }, { "1 GiB", 262144 }
	};
	const uint64_t start = 0x7f0000000000ull; /* 1 GiB aligned */
	uint64_t a[CAP], b[CAP];
	size_t c;
	int bad = 0;

	printf("| range      | entries | hvtlfs ns/op | reference ns/op | speed-up | "
	       "extended+large entries | ns/op |\n");
	printf("|------------|---------|--------------|-----------------|----------|"
	       "------------------------|-------|\n");
	for (c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
		struct hvtlfs_range r;
		double th, tr, tl;
		int na, nb, nl;

		r.start = start;
		r.length = cases[c].pages << 12;
		na = run_hvtlfs(a, &r);
		nb = run_ref(b, &r);
		/* Both simple encoders must agree before their times mean anything. */
		if (na != nb || na < 0 || memcmp(a, b, (size_t)na * 8) != 0) {
			fprintf(stderr, "mismatch for %s\n", cases[c].name);
			bad = 1;
			continue;
		}
		nl = run_large(b, &r);
		if (nl < 0) {
			fprintf(stderr, "large-page encoding failed for %s\n", cases[c].name);
			bad = 1;
			continue;
		}
		measure(&r, &th, &tr, &tl);
		printf("| %-10s | %7d | %12.1f | %15.1f | %7.2fx | %22d | %5.1f |\n", cases[c].name,
		       na, th, tr, tr / th, nl, tl);
	}
	return bad;
}
