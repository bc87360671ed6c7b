/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What hvtlfs_page_ranges_encode() writes for one page range, as properties Eva checks,
 * in each 4 KiB format (GVA simple, GVA extended, GPA): the list covers exactly the
 * pages asked. The entries returned are as many as the range needs (the count over the
 * format's pages an entry, rounded up), needed says the same, each is written
 * (initialised) and decodes (hvtlfs_range_decode()) to 4 KiB pages, the first starts
 * at the first page asked and each next one where the one before it ends, their pages
 * add up to the count, and nothing is written past them (uninitialised here).
 * Inputs: the counts of COUNTS (1 to 3, and either side of one, two and three entries'
 * worth of each format), each from the first pages of FIRSTS (0, 1, one in the middle
 * of the space that is no multiple of an entry, and the highest the count allows). The
 * output has room for more entries than any of these needs.
 * Bounds: these values only, where the analysis is exact. With a first page of any
 * value Eva evaluates the carry of GCC's overflow builtin (its contract compares two
 * intervals) as either, and follows the general encoder with an imprecise range: the
 * count comes out as an interval. ranges_encode.c proves every range and list free of
 * runtime errors with the output ending at every capacity; lists of several ranges
 * (coalesced, overlapping) are the tests'.
 *
 * prove-sources: ranges.c
 * prove-options: -eva-precision 0 -eva-split-limit 1000 -eva-split-return auto
 * prove-slevel: check_range:10 validate:10 hvtlfs_ranges_encode_any_:200 main:200
 * prove-slevel: hvtlfs_range_decode:20 encode_run:20
 * prove-cost: 3
 */
#include "prove.h"
#include "hvtlfs/ranges.h"

#define CAP 8u

static const uint64_t counts[] = { 1,	 2,    3,    2047, 2048, 2049, 4095,
				   4096, 4097, 6144, 6145, 8192, 8193, 12288 };

static const uint64_t firsts[] = { 0, 1, 0x12345678901u, HVTLFS_RANGE_MAX_PAGE };

int main(void)
{
	uint64_t out[CAP]; /* uninitialised: what the encoder writes becomes so */
	struct hvtlfs_page_range r;
	struct hvtlfs_range_entry e;
	unsigned int format = prove_u32_in(HVTLFS_RANGE_FORMAT_GVA_SIMPLE, HVTLFS_RANGE_FORMAT_GPA);
	int which = Frama_C_interval(0, (int)PROVE_LEN(counts) - 1);
	int start = Frama_C_interval(0, (int)PROVE_LEN(firsts) - 1);
	uint64_t per, total = 0, next;
	size_t needed = 0, want, j;
	int n;

	//@ split format;
	//@ split which;
	r.count = counts[which];
	//@ split start;
	r.first = firsts[start];
	if (r.first > HVTLFS_RANGE_MAX_PAGE - r.count + 1u)
		r.first = HVTLFS_RANGE_MAX_PAGE - r.count + 1u;
	per = format == HVTLFS_RANGE_FORMAT_GVA_SIMPLE ? 4096u : 2048u;
	want = (size_t)((r.count + per - 1u) / per);
	n = hvtlfs_page_ranges_encode(out, CAP, &r, 1, format, &needed);
	//@ assert entries: n == want;
	//@ assert needed: needed == want;
	//@ assert written: \initialized(out + (0 .. want - 1));
	next = r.first << HVTLFS_RANGE_PAGE_SHIFT;
	//@ loop unroll CAP;
	for (j = 0; j < want; j++) {
		int rc = hvtlfs_range_decode(format, out[j], &e);

		//@ assert decodes: rc == 0 && e.page_shift == HVTLFS_RANGE_PAGE_SHIFT;
		//@ assert contiguous: e.base == next;
		total += e.pages;
		next = e.base + (e.pages << HVTLFS_RANGE_PAGE_SHIFT);
	}
	//@ assert pages: total == r.count;
	//@ loop unroll CAP;
	for (j = want; j < CAP; j++) {
		//@ assert untouched: !\initialized(out + j);
	}
	return n;
}
