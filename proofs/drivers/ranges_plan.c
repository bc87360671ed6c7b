/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * hvtlfs_ranges_plan_(), the planners' range list: byte ranges and page ranges of any
 * start and length, in any order, every base and large-page format word, every capacity;
 * out, ranges and the plan NULL or not, the output ending at the capacity (the ranges
 * ending at their count: ranges_plan_list, the same inputs otherwise; the two were one
 * driver, split so that each analysis stays short). It reaches the one-range path
 * (arithmetic large pages and the search), the sorted byte and page loops, and the
 * counting pass of unsorted or large-page lists.
 *
 * Bounds: 0 to 3 ranges (every range is the same steps of the loops), capacity 0 to 24
 * entries (the output ends at the capacity, split: every write past it would be past
 * the buffer; beyond, entries are only counted, the same steps).
 *
 * Capacities by kind of range, where the output ends at the capacity: byte ranges at
 * each of 0 to 24, page ranges at each of page_caps (0 to 4, and 24); page ranges meet
 * every capacity 0 to 24 in ranges_plan_list (the ranges ending at their count). Enough
 * because the kind and the capacity meet in no test: the kind is read only where a
 * range's pages are taken (check_range(), bounds(), byte_span(), the ranges' reads in
 * sorted_bytes() and sorted_pages()); every list of first and last pages that page
 * ranges name, byte ranges of any value name too, and from there on the emission
 * (emit_short(), emit_run(), the large-page plans), whose every write is tested
 * against the capacity, sees only pages. Where page ranges meet the capacity on their
 * own, sorted_pages()'s first loop to min(count, cap - n), 0 to 4 gives every bound 0
 * to 3 ranges have and one more. Out or the ranges NULL: nothing is written, every
 * capacity in one state.
 *
 * Loops widen at every iteration after their first widening (-eva-widening-period 1,
 * not every second): the same 0 alarms on the three machines, a tenth less time.
 *
 * prove-sources: ranges.c
 * prove-options: -eva-precision 0 -eva-split-limit 100 -eva-split-return auto
 * prove-options: -eva-widening-period 1
 * prove-slevel: check_range:5 validate:5 hvtlfs_ranges_plan_:10 sorted_bytes:10 sorted_pages:10
 * prove-cost: 20
 */
#include "prove.h"
#include "hvtlfs/ranges.h"
#include "hvtlfs_internal.h"

#define RANGES_MAX 3u
#define CAP_MAX	   24u

/* The capacities of page ranges where the output ends at the capacity (header). */
static const size_t page_caps[] = { 0u, 1u, 2u, 3u, 4u, CAP_MAX };

int main(void)
{
	/* Both kinds of range are two uint64_t: one buffer holds either. */
	struct hvtlfs_range ranges[RANGES_MAX];
	uint64_t out[CAP_MAX];
	struct hvtlfs_list_plan_ lp;
	size_t cap, nranges;
	unsigned int base = prove_uint(), large = prove_uint();
	bool pages = prove_bool();
	int nulls = Frama_C_interval(0, 3), c;

	prove_unknown(ranges, sizeof(ranges));
	//@ split nulls;
	//@ split pages;
	/* The output ends exactly at cap: each capacity apart for byte ranges, each of
	 * page_caps for page ranges; every capacity at once where out or the ranges are
	 * NULL (c = -1). The header says why. */
	c = nulls   ? -1
	    : pages ? Frama_C_interval(0, (int)PROVE_LEN(page_caps) - 1)
		    : Frama_C_interval(0, (int)CAP_MAX);
	//@ split c;
	cap = c < 0 ? prove_size(0, CAP_MAX) : pages ? page_caps[c] : (size_t)c;
	nranges = prove_size(0, RANGES_MAX);
	return hvtlfs_ranges_plan_(nulls & 1 ? NULL : PROVE_TAIL(out, cap), cap,
				   nulls & 2 ? NULL : ranges, nranges, pages, base, large,
				   PROVE_OR_NULL(&lp));
}
