/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * hvtlfs_ranges_encode() and hvtlfs_page_ranges_encode(): byte ranges and page ranges
 * of any start and length, in any order (sorted, unsorted, overlapping), every format
 * and option word, every capacity; out, ranges and needed NULL or not. It reaches the
 * inline fast path and the library's hvtlfs_ranges_encode_any_(), every layout.
 *
 * Bounds: 0 to 3 ranges (no maximum is documented: every range is the same steps of
 * the validation and the coalescing loops), capacity 0 to 40 entries (the output ends
 * at the capacity, split: every write past it would be past the buffer); and 4 to 512
 * ranges with capacities of 0 to 512, as intervals (the third part, below).
 * Capacities by kind of range, where the output ends at the capacity: byte ranges at
 * each of 0 to 40, page ranges at each of page_caps (0 to 4, and 40); page ranges meet
 * every capacity 0 to 40 in the other half (the ranges ending at their count). Enough
 * because the kind and the capacity meet in no test: the kind is read only where a
 * range's pages are taken (the inline end checks, check_range(), bounds()); every list
 * of first and last pages that page ranges name, byte ranges of any value name too,
 * and from there on the emission (hvtlfs_ranges_one_(), encode_run(), emit_run(), the
 * large-page plans), whose every write is tested against the capacity, sees only
 * pages; 0 to 4 gives every entry cursor 0 to 3 ranges reach with one entry each, and
 * one more. Out or the ranges NULL: nothing is written, every capacity in one state.
 * check_range() and bounds() keep their paths apart (slevel) so that a range's bounds
 * are known to be written whenever it is valid.
 *
 * A third part takes 4 to 512 ranges (a page's words, more than a page's list holds)
 * and capacities 0 to 512, both one interval, in whole buffers of 512: there a read or
 * write past the buffers is an alarm, one past the count or the capacity (inside the
 * buffers) is not, as Eva does not relate an index to an interval's bound. The parts
 * above show the loops end at the count and the capacity; this one that nothing is
 * read or written outside the buffers, nothing overflows and nothing uninitialised
 * is read for any count up to 512.
 *
 * Loops widen at every iteration after their first widening (-eva-widening-period 1,
 * not every second): the same 0 alarms on the three machines, a sixth less time.
 *
 * prove-sources: ranges.c
 * prove-options: -eva-precision 0 -eva-split-limit 100 -eva-split-return auto
 * prove-options: -eva-widening-period 1
 * prove-options: -eva-slevel-function check_range:10,validate:10,hvtlfs_ranges_encode_any_:10
 * prove-cost: 17
 */
#include "prove.h"
#include "hvtlfs/ranges.h"

#define RANGES_MAX 3u
#define CAP_MAX	   40u
#define LIST_MAX   512u /* the third part's ranges and capacity */

/* The capacities of page ranges where the output ends at the capacity (header). */
static const size_t page_caps[] = { 0u, 1u, 2u, 3u, 4u, CAP_MAX };

static int encode(uint64_t *out, size_t cap, void *ranges, size_t nranges, bool pages,
		  unsigned int format, size_t *needed)
{
	if (pages)
		return hvtlfs_page_ranges_encode(out, cap, (const struct hvtlfs_page_range *)ranges,
						 nranges, format, needed);
	return hvtlfs_ranges_encode(out, cap, (const struct hvtlfs_range *)ranges, nranges, format,
				    needed);
}

int main(void)
{
	/* Both kinds of range are two uint64_t: one buffer holds either. */
	struct hvtlfs_range ranges[RANGES_MAX];
	uint64_t out[CAP_MAX];
	size_t needed, cap, nranges;
	size_t *needed_p = PROVE_OR_NULL(&needed);
	unsigned int format = prove_uint();
	bool pages = prove_bool();
	int nulls = Frama_C_interval(0, 3);

	HVTLFS_STATIC_ASSERT(sizeof(struct hvtlfs_range) == sizeof(struct hvtlfs_page_range),
			     "one buffer for both kinds");
	prove_unknown(ranges, sizeof(ranges));
	//@ split nulls;
	//@ split pages;
	if (prove_bool()) {
		/* The output ends exactly at cap: each capacity apart for byte ranges, each
		 * of page_caps for page ranges; every capacity at once where out or the
		 * ranges are NULL (c = -1). The header says why. */
		int c = nulls	? -1
			: pages ? Frama_C_interval(0, (int)PROVE_LEN(page_caps) - 1)
				: Frama_C_interval(0, (int)CAP_MAX);

		//@ split c;
		cap = c < 0 ? prove_size(0, CAP_MAX) : pages ? page_caps[c] : (size_t)c;
		nranges = prove_size(0, RANGES_MAX);
		return encode(nulls & 1 ? NULL : PROVE_TAIL(out, cap), cap,
			      nulls & 2 ? NULL : ranges, nranges, pages, format, needed_p);
	}
	if (prove_bool()) {
		static struct hvtlfs_range long_ranges[LIST_MAX];
		static uint64_t long_out[LIST_MAX];

		prove_unknown(long_ranges, sizeof(long_ranges));
		cap = prove_size(0, LIST_MAX);
		nranges = prove_size(RANGES_MAX + 1u, LIST_MAX);
		return encode(nulls & 1 ? NULL : long_out, cap, nulls & 2 ? NULL : long_ranges,
			      nranges, pages, format, needed_p);
	}
	/* The ranges end exactly at nranges. */
	cap = prove_size(0, CAP_MAX);
	nranges = prove_size(0, RANGES_MAX);
	//@ split nranges;
	return encode(nulls & 1 ? NULL : out, cap, nulls & 2 ? NULL : PROVE_TAIL(ranges, nranges),
		      nranges, pages, format, needed_p);
}
