/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * hvtlfs_flush_plan_build() (its inline half and the library's) and
 * hvtlfs_input_page_init() for the range list and the input page: 0 to 3 byte ranges
 * of any start and length each, in any order, ending exactly at their count (split),
 * NULL or not; any address space, booleans, mapping size, policy (or none) and features
 * (valid bools, the Ex hint off); the input page, the mark hvtlfs_input_page_init()
 * leaves or any; the request, the features, the page or the plan NULL (with a whole
 * page and one range). all_spaces, non_global_only and the policy NULL or not are of
 * any value with a whole page and no XMM input (phase 0), else false, true and a
 * policy: the booleans reach only the flags and address space words, never the range
 * planner's path or the room it is given, which is what this driver varies; no policy
 * is read as flags 0 and no entry limit, which the policy of any value holds. No range
 * (an error before the room is used) is taken with a whole page. Of any value in every
 * split these multiplied the planner's states: 37 s of processor time on x86_64 against
 * 17 s, for the same statements.
 * Two phases (split): 0, no XMM input, the page any description of planner_page.h (0
 * to 6 words and 0 or 7 bytes ending exactly at its size, a whole page or larger); 1,
 * XMM input, a page of 6 words or a whole one (where a list too long for the registers
 * goes). The sizes of 0 to 2 words (no room for the header: nothing is written) are one
 * state, and each size with 7 bytes more the same state as without them (the planner
 * takes the whole words), every size still ending at the page's end; with flush_plan()'s
 * slevel below, 4.6 s of processor time on x86_64 against 7.3 (the least of three runs).
 * The targets are fixed small: VP bitmap word 0, zero or non-zero of any value (split:
 * nobody, taken with one range and a whole page, as the planner returns before the list
 * and the page's room; or the legacy call's mask), without the Ex hint, so that the
 * header before the list is one size in each analysis; a list, not the whole space. The
 * Ex header before a list is planner_flush_bitmap's and planner_flush_cpus' (the same
 * call of the range planner after a longer header, with a smaller capacity); the whole
 * space theirs too.
 *
 * Bounds: each count of 0 to 3 ranges ending at it, and 4 to 512 as one interval
 * (below). Every path of the range planner is reached: one range (its
 * arithmetic path), and with 2 or 3 the sorted loops (the loop of ranges apart, its
 * hand-over at a range that touches, precedes, wraps or needs several entries, the
 * coalescing loop) and the general path for an unsorted list (validate, span, the
 * counting pass for large pages, coalesce_sorted / coalesce_any). A fourth range is
 * one more step of the same loops: each step reads one range, compares it with the run
 * in hand (the one before) and emits through the same capacity check; with 3 ranges
 * the capacity (0 to 3 entries after the header in a page of up to 6 words, 11 in the
 * registers) ends before, at and after every range and every entry of a range of
 * several entries. An exact 4 ranges also gave 0 alarms (49 s of processor time on
 * x86_64 against 30 s for 3), covering no further statement. ranges_plan covers the range
 * planner's own inputs (3 ranges, capacities 0 to 24). Pages as planner_page.h says
 * (six words hold every inline input and a list of several entries; a longer page is
 * the same loop with a larger capacity).
 * Long lists (a third part, before the split): 4 to 512 byte ranges (a page's words,
 * more than a page's list holds: no maximum is documented), the count one interval in
 * a buffer of 512 ranges, with a whole page, the XMM input or not, bitmap word 0 any
 * non-zero value, the policy of any value; the booleans one value (they never reach the
 * list). There a read past the buffer is an alarm, one past the count (inside it) is
 * not, as Eva does not relate an index to an interval's bound: the lists of 0 to 3 show
 * the loops end at the count, the long ones that nothing is read or written outside
 * the buffers, nothing overflows and nothing uninitialised is read for any count up to
 * 512. sorted_bytes() merges its paths after each loop (-eva-slevel-merge-after-loop):
 * with a count of unknown value its loops otherwise use up its slevel of 400 one
 * iteration at a time (11 s of processor time on x86_64 against 7, the same 0 alarms).
 * The range planner fills the span on every path (src/ranges.c says why): with a
 * count of unknown value sorted_bytes() joins its returns before their split below.
 * The return states of the range planner's sorted loops are split on HVTLFS_OK
 * (-eva-split-return-function): joined, the flush planner reads lp.format "maybe
 * uninitialised", on no input (every HVTLFS_OK return of the range planner has stored
 * it; the errors before it return without).
 * No gauges domain: the loops here need none (0 alarms on the three machines without
 * it), and it cost a sixth more processor time.
 * flush_plan() keeps its states apart up to 100 (0 alarms on the three machines; 50
 * too on x86_64; 35 reads the plan's span uninitialised), 400 cost a third more time.
 *
 * prove-sources: planner.c ranges.c vpset.c features.c
 * prove-options: -eva-precision 0 -eva-split-limit 1000 -eva-split-return auto
 * prove-options: -eva-split-return-function plan_sorted_bytes:0,sorted_bytes:0
 * prove-slevel: hvtlfs_flush_plan_build:100 hvtlfs_flush_plan_one_:100 flush_plan:100
 * prove-slevel: hvtlfs_flush_plan_build_:100 page_check:50 page_words:50
 * prove-slevel: check_range:10 validate:10 hvtlfs_ranges_plan_:400
 * prove-slevel: plan_sorted_bytes:200 sorted_bytes:400
 * prove-options: -eva-slevel-merge-after-loop sorted_bytes
 * prove-cost: 12
 */
#include "features_any.h"
#include "planner_page.h"

#define RANGES_MAX 3u
#define LIST_MAX   512u /* the long lists' ranges */

static uint64_t bitmap[1];
static struct hvtlfs_range ranges[RANGES_MAX];

int main(void)
{
	struct hvtlfs_flush_request req;
	struct hvtlfs_flush_policy policy;
	struct hvtlfs_features f;
	struct hvtlfs_flush_plan plan;
	struct hvtlfs_input_page pg, pg0;
	const struct hvtlfs_flush_policy *pol = &policy;
	int phase = Frama_C_interval(0, 1), kind, null = 0, pat;
	size_t words, extra = 0;

	prove_unknown(ranges, sizeof(ranges));
	prove_features_any(&f);
	f.ex_processor_masks_recommended = false;
	policy.max_list_entries = prove_u32();
	policy.flags = prove_uint();
	req.address_space = prove_u64();
	req.everything = false;
	req.mapping_size = prove_u32();
	req.vps.all = false;
	req.vps.source = NULL;
	req.vps.bitmap = bitmap;
	req.vps.words = 1;
	req.nranges = prove_size(0, RANGES_MAX);
	if (prove_bool()) {
		/* Long lists: a whole page, word 0 of any non-zero value, 4 to 512 ranges
		 * and the XMM input or not (the header says why). */
		static struct hvtlfs_range long_ranges[LIST_MAX];

		prove_unknown(long_ranges, sizeof(long_ranges));
		f.xmm_input = prove_bool();
		req.nranges = prove_size(RANGES_MAX + 1u, LIST_MAX);
		req.ranges = long_ranges;
		req.all_spaces = false;
		req.non_global_only = true;
		bitmap[0] = Frama_C_unsigned_long_long_interval(1u, ~0ull);
		prove_planner_page(&pg, 1, 0, 0);
		return hvtlfs_flush_plan_build(&req, &f, &policy, &pg, &plan);
	}
	//@ split phase;
	//@ split req.nranges;
	req.ranges = PROVE_OR_NULL(PROVE_TAIL(ranges, req.nranges));
	if (phase == 0) {
		/* The page form: every page. */
		f.xmm_input = false;
		kind = req.nranges != 0 ? Frama_C_interval(0, 2) : 1;
	} else {
		/* The registers, and the page a list too long for them moves to. */
		f.xmm_input = true;
		kind = req.nranges != 0 ? Frama_C_interval(0, 1) : 1;
	}
	//@ split kind;
	if (kind == 0 && phase == 0) {
		/* The page's end: 3 to 6 words each apart (split); 0 to 2 words in one
		 * state, where the page holds no header, so nothing is written to it (a
		 * write would be an alarm for the shortest); the 7 bytes more or not in
		 * one state too, as the planners take the size's whole words. */
		int w = Frama_C_interval(2, (int)PAGE_SPLIT_WORDS);

		//@ split w;
		words = w == 2 ? prove_size(0, 2) : (size_t)w;
		extra = prove_bool() ? 7u : 0u;
	} else if (kind == 0) {
		words = PAGE_SPLIT_WORDS;
	} else {
		words = 0;
	}
	/* Nobody (word 0 zero) with one range and a whole page: the planner returns
	 * before the list and the page's room. No range (an error before them too) with
	 * a whole page. */
	pat = kind == 1 && req.nranges == 1 ? Frama_C_interval(0, 1) : 1;
	//@ split pat;
	bitmap[0] = pat != 0 ? Frama_C_unsigned_long_long_interval(1u, ~0ull) : 0u;
	/* The flags' booleans and the policy NULL or not with a whole page and no XMM
	 * input, else one of each: they reach the flags word and the space word, never
	 * the range planner's path (no policy is flags 0 and no limit). */
	if (phase == 0 && kind == 1) {
		req.all_spaces = prove_bool();
		req.non_global_only = prove_bool();
		pol = PROVE_OR_NULL(&policy);
	} else {
		req.all_spaces = false;
		req.non_global_only = true;
	}
	prove_planner_page(&pg, kind, words, extra);
	/* hvtlfs_input_page_init() on the same addresses (its page unused). */
	(void)hvtlfs_input_page_init(PROVE_OR_NULL(&pg0), pg.va, pg.gpa, pg.size);
	/* NULL request, features, page or plan: each apart, with a whole page. */
	if (phase == 0 && kind == 1 && req.nranges == 1 && pat == 1)
		null = Frama_C_interval(0, 4);
	//@ split null;
	return hvtlfs_flush_plan_build(null == 1 ? NULL : &req, null == 2 ? NULL : &f, pol,
				       null == 3 ? NULL : &pg, null == 4 ? NULL : &plan);
}
