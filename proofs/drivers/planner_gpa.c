/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * hvtlfs_gpa_flush_plan_build() (its inline half and the library's): every request (any
 * address space, booleans, mapping size, policy flags and list limit; 0 to 2 page ranges
 * of any first page and count, ending at their count, NULL or not), any features (valid
 * bools), the input page NULL or any description (planner_page.h), the request, the
 * features or the plan NULL.
 *
 * Bounds: each count of 0 to 2 ranges ending at it, and 3 to 512 as one interval
 * (below; every range is the same steps of the range planner, whose driver
 * covers 3); input pages of 0 to 6 words and 0 or 7 bytes, a whole page, or larger
 * (planner_page.h: a longer page is the same loop with a larger capacity). The sizes
 * of 0 to 2 words (no room for the header and an entry: nothing is written) are one
 * state, and each size with 7 bytes more the same state as without them (the planner
 * takes the whole words), every size still ending at the page's end: a sixth less
 * time than each apart.
 *
 * Long lists: 3 to 512 ranges (a page's words, more than a page's list holds: no
 * maximum is documented) in a whole page, every other request field and feature as
 * above, the count one interval in a buffer of 512 ranges: there a read past the buffer
 * is an alarm, one past the count (inside it) is not, as Eva does not relate an index
 * to an interval's bound; the lists of 0 to 2 show the loops end at the count, the long
 * ones that nothing is read or written outside the buffers, nothing overflows and
 * nothing uninitialised is read for any count up to 512.
 *
 * No gauges domain: 0 alarms on the three machines without it, which cost a fifth
 * more processor time.
 *
 * prove-sources: planner.c ranges.c vpset.c features.c
 * prove-options: -eva-precision 0 -eva-split-limit 1000 -eva-split-return auto
 * prove-slevel: check_range:10 validate:10 hvtlfs_ranges_plan_:20
 * prove-slevel: hvtlfs_gpa_flush_plan_build:100 hvtlfs_gpa_flush_plan_one_:100
 * prove-slevel: hvtlfs_input_page_holds_:50 hvtlfs_gpa_flush_plan_build_:100 gpa_plan:100
 * prove-slevel: page_check:50 page_words:50
 * prove-cost: 9
 */
#include "features_any.h"
#include "planner_page.h"
#include "hvtlfs_internal.h"

#define RANGES_MAX 2u
#define LIST_MAX   512u /* the long lists' ranges */

static struct hvtlfs_page_range ranges[RANGES_MAX];

int main(void)
{
	struct hvtlfs_gpa_flush_request req;
	struct hvtlfs_features f;
	struct hvtlfs_gpa_flush_plan plan;
	struct hvtlfs_input_page pg, pg0;
	int null = Frama_C_interval(0, 4), kind = Frama_C_interval(0, 2);
	size_t words = 0, extra = 0;

	prove_unknown(ranges, sizeof(ranges));
	prove_features_any(&f);
	req.address_space = prove_u64();
	req.everything = prove_bool();
	req.mapping_size = prove_u32();
	req.nested = prove_bool();
	req.flags = prove_uint();
	req.max_list_entries = prove_u32();
	if (prove_bool()) {
		/* Long lists: a whole page, 3 to 512 ranges (the header says why). */
		static struct hvtlfs_page_range long_ranges[LIST_MAX];

		prove_unknown(long_ranges, sizeof(long_ranges));
		req.everything = false;
		req.nranges = prove_size(RANGES_MAX + 1u, LIST_MAX);
		req.ranges = long_ranges;
		prove_planner_page(&pg, 1, 0, 0);
		return hvtlfs_gpa_flush_plan_build(&req, &f, &pg, &plan);
	}
	req.nranges = prove_size(0, RANGES_MAX);
	//@ split req.nranges;
	req.ranges = PROVE_OR_NULL(PROVE_TAIL(ranges, req.nranges));
	//@ split kind;
	if (kind == 0) {
		/* The page's end: 3 to 6 words each apart (split); 0 to 2 words in one
		 * state, where the page holds no header and entry, so nothing is written
		 * to it (a write would be an alarm for the shortest); the 7 bytes more or
		 * not in one state too, as the planners take the size's whole words. */
		int w = Frama_C_interval(2, (int)PAGE_SPLIT_WORDS);

		//@ split w;
		words = w == 2 ? prove_size(0, 2) : (size_t)w;
		extra = prove_bool() ? 7u : 0u;
	}
	prove_planner_page(&pg, kind, words, extra);
	/* hvtlfs_input_page_init() on the same addresses (its page unused). */
	(void)hvtlfs_input_page_init(PROVE_OR_NULL(&pg0), pg.va, pg.gpa, pg.size);
	/* NULL request, features, page or plan: each apart. */
	//@ split null;
	return hvtlfs_gpa_flush_plan_build(null == 1 ? NULL : &req, null == 2 ? NULL : &f,
					   null == 3 ? NULL : &pg, null == 4 ? NULL : &plan);
}
