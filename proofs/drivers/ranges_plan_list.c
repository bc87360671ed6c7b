/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * hvtlfs_ranges_plan_(), the planners' range list, with the ranges ending at their
 * count: byte ranges and page ranges of any start and length, in any order, every base
 * and large-page format word, every capacity; out, ranges and the plan NULL or not
 * (the output ending at the capacity: ranges_plan, the same inputs otherwise; the two
 * were one driver, split so that each analysis stays short). In band 0 every read of
 * a range past the count would be past the buffer.
 *
 * Bounds: two bands (split). Band 0: 0 to 3 ranges, each count apart, ending at the
 * count; capacity 0 to 24 entries of a whole buffer of 24 (ranges_plan ends the output
 * at each). Band 1: 4 to 512 ranges (a page's words, more than any list a planner
 * gives: no maximum is documented) and capacities 0 to 512, both one interval, in
 * whole buffers of 512: a read or write past the buffers is an alarm, one past the
 * count or the capacity (inside the buffers) is not, as Eva does not relate an index to
 * an interval's bound; band 0 shows the loops end at the count and the capacity, band 1
 * that nothing is read or written outside the buffers, nothing overflows and nothing
 * uninitialised is read for any count up to 512. The loop of ranges apart needs its
 * widening hint (src/ranges.c, sorted_bytes() and sorted_pages()) for band 1: without
 * it the index it leaves with is unbounded and reading range i - 1 after it is an
 * alarm.
 *
 * prove-sources: ranges.c
 * prove-options: -eva-precision 0 -eva-split-limit 100 -eva-split-return auto
 * prove-slevel: check_range:5 validate:5 hvtlfs_ranges_plan_:10 sorted_bytes:10 sorted_pages:10
 * prove-cost: 5
 */
#include "prove.h"
#include "hvtlfs/ranges.h"
#include "hvtlfs_internal.h"

#define RANGES_MAX 3u
#define CAP_MAX	   24u
#define LIST_MAX   512u /* band 1's ranges and capacity */

int main(void)
{
	/* Both kinds of range are two uint64_t: one buffer holds either. */
	struct hvtlfs_range ranges[RANGES_MAX];
	uint64_t out[CAP_MAX];
	static struct hvtlfs_range long_ranges[LIST_MAX];
	static uint64_t long_out[LIST_MAX];
	struct hvtlfs_list_plan_ lp;
	size_t cap, nranges;
	unsigned int base = prove_uint(), large = prove_uint();
	bool pages = prove_bool();
	int nulls = Frama_C_interval(0, 3), band = Frama_C_interval(0, 1);

	//@ split nulls;
	//@ split pages;
	//@ split band;
	if (band != 0) {
		prove_unknown(long_ranges, sizeof(long_ranges));
		cap = prove_size(0, LIST_MAX);
		nranges = prove_size(RANGES_MAX + 1u, LIST_MAX);
		return hvtlfs_ranges_plan_(nulls & 1 ? NULL : long_out, cap,
					   nulls & 2 ? NULL : long_ranges, nranges, pages, base,
					   large, PROVE_OR_NULL(&lp));
	}
	prove_unknown(ranges, sizeof(ranges));
	/* The ranges end exactly at nranges. */
	cap = prove_size(0, CAP_MAX);
	nranges = prove_size(0, RANGES_MAX);
	//@ split nranges;
	return hvtlfs_ranges_plan_(nulls & 1 ? NULL : out, cap,
				   nulls & 2 ? NULL : PROVE_TAIL(ranges, nranges), nranges, pages,
				   base, large, PROVE_OR_NULL(&lp));
}
