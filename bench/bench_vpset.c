/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Bitmap -> HV_VP_SET: hvtlfs_vpset_encode_bitmap() against a straightforward
 * reference encoder that tests and sets one bit per VP, side by side in the same
 * run. Prints a Markdown table of ns per encode (best of several timed batches).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hvtlfs/vpset.h"

#include "bench.h"

#define REPEATS	  25
#define BATCH_NS  4000000.0 /* aim for ~4 ms a timed batch */
#define MAX_WORDS 64

static volatile uint64_t sink;

/*
 * The reference: clear the banks the VP count spans, walk every VP, set its bit in
 * its bank, then list the banks in use (the shape of a typical kernel encoder).
 */
static int ref_encode(uint64_t *out, size_t out_words, const uint64_t *bitmap, size_t nvps)
{
	uint64_t banks[64];
	uint64_t mask = 0;
	size_t nb = (nvps + 63) / 64, vp, i, n = 0;

	for (i = 0; i < nb; i++)
		banks[i] = 0;
	for (vp = 0; vp < nvps; vp++) {
		if (bitmap[vp / 64] & (1ULL << (vp % 64))) {
			banks[vp / 64] |= 1ULL << (vp % 64);
			mask |= 1ULL << (vp / 64);
		}
	}
	for (i = 0; i < nb; i++)
		if (mask & (1ULL << i))
			n++;
	if (out_words < 2 + n)
		return -1;
	out[0] = 0;
	out[1] = mask;
	for (i = 0, n = 0; i < nb; i++)
		if (mask & (1ULL << i))
			out[2 + n++] = banks[i];
	return (int)n;
}

typedef int (*encode_fn)(uint64_t *out, const uint64_t *bitmap, size_t nvps);

static int run_hvtlfs(uint64_t *out, const uint64_t *bitmap, size_t nvps)
{
	return hvtlfs_vpset_encode_bitmap(out, HVTLFS_VPSET_MAX_WORDS, bitmap, (nvps + 63) / 64,
					  NULL);
}

static int run_ref(uint64_t *out, const uint64_t *bitmap, size_t nvps)
{
	return ref_encode(out, HVTLFS_VPSET_MAX_WORDS, bitmap, nvps);
}

static double batch(encode_fn fn, const uint64_t *bitmap, size_t nvps, unsigned long iters)
{
	uint64_t out[HVTLFS_VPSET_MAX_WORDS];
	unsigned long i;
	double t0 = bench_now_ns();

	for (i = 0; i < iters; i++)
		sink += out[1] + (uint64_t)fn(out, bitmap, nvps);
	return (bench_now_ns() - t0) / (double)iters;
}

struct encoder {
	encode_fn fn;
	const uint64_t *bitmap;
	size_t nvps;
};

static double timed(const void *ctx, unsigned long n)
{
	const struct encoder *e = (const struct encoder *)ctx;

	return batch(e->fn, e->bitmap, e->nvps, n);
}

static unsigned long calibrate(encode_fn fn, const uint64_t *bitmap, size_t nvps)
{
	const struct encoder e = { fn, bitmap, nvps };

	return bench_calibrate(timed, &e, BATCH_NS);
}

/* Interleaved batches, so both encoders see the same machine; the best batch counts. */
static void measure(const uint64_t *bitmap, size_t nvps, double *th, double *tr)
{
	unsigned long ih = calibrate(run_hvtlfs, bitmap, nvps);
	unsigned long ir = calibrate(run_ref, bitmap, nvps);
	double t;
	int r;

	*th = *tr = 1e30;
	for (r = 0; r < REPEATS; r++) {
		t = batch(run_hvtlfs, bitmap, nvps, ih);
		if (t < *th)
			*th = t;
		t = batch(run_ref, bitmap, nvps, ir);
		if (t < *tr)
			*tr = t;
	}
}

static void make_bitmap(uint64_t *bm, size_t nvps, int dense)
{
	size_t vp;

	memset(bm, 0, MAX_WORDS * sizeof(bm[0]));
	for (vp = 0; vp < nvps; vp++)
		if (dense || vp % 67 == 3)
			bm[vp / 64] |= 1ULL << (vp % 64);
}

int main(void)
{
	static const size_t sizes[] = { 64, 512, 2048, 4096 };
	uint64_t bm[MAX_WORDS], a[HVTLFS_VPSET_MAX_WORDS], b[HVTLFS_VPSET_MAX_WORDS];
	size_t s;
	int dense, na, nb, bad = 0;

	printf("| VPs  | set    | VPs set | bank words | hvtlfs ns/op | reference ns/op | speed-up "
	       "|\n");
	printf("|------|--------|---------|------------|--------------|-----------------|----------"
	       "|\n");
	for (s = 0; s < sizeof(sizes) / sizeof(sizes[0]); s++) {
		for (dense = 0; dense < 2; dense++) {
			double th, tr;

			make_bitmap(bm, sizes[s], dense);
			/* Both encoders must agree before their times mean anything. */
			na = run_hvtlfs(a, bm, sizes[s]);
			nb = run_ref(b, bm, sizes[s]);
			if (na != nb || na < 0 || memcmp(a, b, (2 + (size_t)na) * 8) != 0) {
				fprintf(stderr, "mismatch at %zu VPs (%s)\n", sizes[s],
					dense ? "dense" : "sparse");
				bad = 1;
				continue;
			}
			measure(bm, sizes[s], &th, &tr);
			printf("| %4zu | %-6s | %7zu | %10d | %12.1f | %15.1f | %7.1fx |\n",
			       sizes[s], dense ? "dense" : "sparse",
			       hvtlfs_vp_bitmap_count(bm, MAX_WORDS), na, th, tr, tr / th);
		}
	}
	return bad;
}
