/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * hvtlfs_gpa_flush_space_init(), hvtlfs_gpa_flush_plan_ranges() and
 * hvtlfs_gpa_flush_plan_ranges_as() (their inline half and the library's): a space set
 * up from every request (any address space, booleans, mapping size, policy flags and
 * list limit; its ranges not read), any features (valid bools), the input page NULL or
 * any description (planner_page.h), the space, the request or the features NULL; then
 * a flush in it (or in a space whose set-up failed) of 0 or 1 page range of any first
 * page and count, ending at its count, NULL or not, the space or the plan NULL, in the
 * space's address space or in one of any value named with the flush (one state: the
 * address space is only copied, never a bound or an index).
 *
 * Bounds: 1 range. The inline half plans one range only; more go to the library's
 * hvtlfs_gpa_flush_plan_build_(), which planner_gpa covers with 2 ranges (and the range
 * planner's driver with 3). Input pages of 0 to 6 words and 0 or 7 bytes, a whole page,
 * or larger (planner_page.h): the inline half needs 3 words, which the splits cover on
 * both sides. The sizes of 0 to 2 words (no room for the header and an entry: nothing
 * is written) are one state, and each size with 7 bytes more the same state as without
 * them (the planners take the whole words), every size still ending at the page's end.
 *
 * No gauges domain: 0 alarms on the three machines without it, which cost a fifth
 * more processor time.
 *
 * prove-sources: planner.c ranges.c vpset.c features.c
 * prove-options: -eva-precision 0 -eva-split-limit 1000 -eva-split-return auto
 * prove-slevel: check_range:10 validate:10 hvtlfs_ranges_plan_:20
 * prove-slevel: hvtlfs_gpa_flush_space_init_:50 hvtlfs_gpa_flush_plan_ranges_as:100
 * prove-slevel: hvtlfs_gpa_flush_plan_ranges_:50 hvtlfs_gpa_flush_plan_build_:100
 * prove-slevel: gpa_plan:100 page_check:50 page_words:50
 * prove-cost: 5
 */
#include "features_any.h"
#include "planner_page.h"
#include "hvtlfs_internal.h"

static struct hvtlfs_page_range ranges[1];

int main(void)
{
	struct hvtlfs_gpa_flush_request req;
	struct hvtlfs_gpa_flush_space space;
	struct hvtlfs_features f;
	struct hvtlfs_gpa_flush_plan plan;
	struct hvtlfs_input_page pg;
	int null = Frama_C_interval(0, 3), pnull = Frama_C_interval(0, 3);
	int kind = Frama_C_interval(0, 2), rc;
	size_t words = 0, extra = 0, n;

	prove_unknown(ranges, sizeof(ranges));
	prove_unknown(&req, sizeof(req));
	prove_features_any(&f);
	req.everything = prove_bool();
	req.nested = prove_bool();
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
	/* NULL space, request, features or page: each apart. */
	//@ split null;
	rc = hvtlfs_gpa_flush_space_init(null == 1 ? NULL : &space, null == 2 ? NULL : &req,
					 null == 3 ? NULL : &f, PROVE_OR_NULL(&pg));
	if (null == 1)
		return rc;
	n = prove_size(0, 1);
	//@ split n;
	/* NULL space, ranges or plan: each apart. */
	//@ split pnull;
	if (prove_bool())
		return hvtlfs_gpa_flush_plan_ranges_as(pnull == 1 ? NULL : &space, prove_u64(),
						       pnull == 2 ? NULL : PROVE_TAIL(ranges, n), n,
						       pnull == 3 ? NULL : &plan);
	return hvtlfs_gpa_flush_plan_ranges(pnull == 1 ? NULL : &space,
					    pnull == 2 ? NULL : PROVE_TAIL(ranges, n), n,
					    pnull == 3 ? NULL : &plan);
}
