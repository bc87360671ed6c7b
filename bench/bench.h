/* SPDX-License-Identifier: BSD-2-Clause */
/* What the benchmarks share: a monotonic clock and the sizing of a timed batch. */
#ifndef HVTLFS_BENCH_H
#define HVTLFS_BENCH_H

#include <time.h>

static inline double bench_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

/*
 * The iteration count of a batch lasting about @batch_ns: @loop(@ctx, n) runs the timed
 * loop n times and returns the ns per iteration; n doubles until a run takes a quarter
 * of the batch, then scales.
 */
static inline unsigned long bench_calibrate(double (*loop)(const void *ctx, unsigned long n),
					    const void *ctx, double batch_ns)
{
	unsigned long n = 1;
	double t;

	for (;;) {
		t = loop(ctx, n) * (double)n;
		if (t > batch_ns / 4 || n > (1ul << 30))
			break;
		n *= 2;
	}
	return (unsigned long)((double)n * (batch_ns / (t > 1 ? t : 1))) + 1;
}

#endif /* HVTLFS_BENCH_H */
