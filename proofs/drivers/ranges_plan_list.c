/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * hvtlfs_ranges_plan_(), the planners' range list, with the ranges ending at their
 * count: byte ranges and page ranges of any start and length, in any order, every base
 * and large-page format word, every capacity; out, ranges and the plan NULL or not
 * (the output ending at the capacity: ranges_plan, the same inputs otherwise; the two
 * were one driver, split so that each analysis stays short). Every read of a range
 * past the count would be past the buffer.
 *
 * Bounds: 0 to 3 ranges (split; every range is the same steps of the loops), capacity
 * 0 to 24 entries of a whole buffer of 24 (ranges_plan ends the output at each).
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
	/* The ranges end exactly at nranges. */
	cap = prove_size(0, CAP_MAX);
	nranges = prove_size(0, RANGES_MAX);
	//@ split nranges;
	return hvtlfs_ranges_plan_(nulls & 1 ? NULL : out, cap,
				   nulls & 2 ? NULL : PROVE_TAIL(ranges, nranges), nranges, pages,
				   base, large, PROVE_OR_NULL(&lp));
}
