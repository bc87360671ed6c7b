/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * hvtlfs_ranges_plan_(), the planners' range list: byte ranges and page ranges of any
 * start and length, in any order, every base and large-page format word, every capacity;
 * out, ranges and the plan NULL or not. It reaches the one-range path (arithmetic large
 * pages and the search), the sorted byte and page loops, and the counting pass of
 * unsorted or large-page lists.
 *
 * Bounds: 0 to 3 ranges (every range is the same steps of the loops), capacity 0 to 24
 * entries (the output ends at the capacity, split: every write past it would be past
 * the buffer; beyond, entries are only counted, the same steps).
 *
 * prove-sources: ranges.c
 * prove-options: -eva-precision 0 -eva-split-limit 100 -eva-split-return auto
 * prove-slevel: check_range:10 validate:10 hvtlfs_ranges_plan_:20 sorted_bytes:20 sorted_pages:20
 * prove-cost: 43
 */
#include "prove.h"
#include "hvtlfs/ranges.h"
#include "hvtlfs_internal.h"

#define RANGES_MAX 3u
#define CAP_MAX	   24u

int main(void)
{
	/* Both kinds of range are two uint64_t: one buffer holds either. */
	struct hvtlfs_range ranges[RANGES_MAX];
	uint64_t out[CAP_MAX];
	struct hvtlfs_list_plan_ lp;
	size_t cap, nranges;
	unsigned int base = prove_uint(), large = prove_uint();
	bool pages = prove_bool();
	int nulls = Frama_C_interval(0, 3);

	prove_unknown(ranges, sizeof(ranges));
	//@ split nulls;
	//@ split pages;
	if (prove_bool()) {
		/* The output ends exactly at cap. */
		cap = prove_size(0, CAP_MAX);
		nranges = prove_size(0, RANGES_MAX);
		//@ split cap;
		return hvtlfs_ranges_plan_(nulls & 1 ? NULL : PROVE_TAIL(out, cap), cap,
					   nulls & 2 ? NULL : ranges, nranges, pages, base, large,
					   PROVE_OR_NULL(&lp));
	}
	/* The ranges end exactly at nranges. */
	cap = prove_size(0, CAP_MAX);
	nranges = prove_size(0, RANGES_MAX);
	//@ split nranges;
	return hvtlfs_ranges_plan_(nulls & 1 ? NULL : out, cap,
				   nulls & 2 ? NULL : PROVE_TAIL(ranges, nranges), nranges, pages,
				   base, large, PROVE_OR_NULL(&lp));
}
