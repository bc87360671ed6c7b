/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * hvtlfs_flush_plan_build() (its inline half and the library's) for a VP bitmap: targets
 * all or a bitmap, NULL or not; any address space, booleans, mapping size, policy (or
 * none) and features (valid bools); one byte range of any start and length (NULL or
 * not); a whole input page, the mark hvtlfs_input_page_init() leaves or any. The
 * mapping size, all_spaces, non_global_only, the range and the policy NULL or not are
 * of any value with one word (phase 0: the legacy mask, the inline half's path), else
 * 0, false, true, a range and a policy (no policy is read as flags 0 and no entry
 * limit, which the policy of any value holds): the mapping size reaches only its error
 * and the range planner's entry format (of one page here: one simple entry whatever the
 * format; planner_flush_ranges takes every size with every list, NULL or not), the
 * booleans only the flags and address space words; none of them changes the target
 * set's path (banks, header, registers or page), which is what this driver varies. All
 * VPs are asked for (or not) with one length of each form (one word with the page, none
 * with the registers: the bitmap unread), a NULL bitmap with 0, 1 or 2 words (the
 * lengths its check and the inline half tell apart: the words unread), the whole space
 * (or one page) with every bitmap of phase 1 (whether the input fits the
 * registers) and with 0 to 2 words in phase 0 (a whole page holds either input after
 * any header: with the page only the control word and the plan's fields differ). Of any
 * value in every split these multiplied the planner's states: 57 s of processor time on
 * x86_64 against 13 s, for the same statements.
 *
 * Two phases, each split:
 * 0. The page form (no XMM input): bitmaps of any value of 0, 1, 2, 63, 64, 65 or 66
 *    words ending exactly at their words, and of any length from 2 to 66 words in a
 *    buffer of 66. These lengths are every end the planner tells apart: none, word 0
 *    alone (the legacy mask), a second word (the Ex call), the last words below the
 *    64th bank, the 64th, and past it (a non-zero word there is HVTLFS_ERR_VP_RANGE, a
 *    zero word nothing); every other length is the same step of bitmap_banks() and
 *    copy_banks(), which "any length" covers.
 * 1. XMM input allowed: bitmaps of any value of every length 0 to 66 words, each ending
 *    at its words: up to 10 banks fit the registers after the Ex header, more go to
 *    the page, and the copy into either stops at the bank words its place holds (the
 *    bound flush_plan() gives copy_banks(), never below the bank count).
 * The range list and the page sizes are planner_flush_ranges' (the same code for every
 * target set), CPU sources planner_flush_cpus', the VP count planner_flush_nvps'.
 *
 * The gauges domain runs in copy_banks() only (-eva-domains-function), where it ties
 * the bank cursor to the bank count the room was checked for (without it: an out of
 * bounds write alarm at its store); with it copy_banks() needs no slevel. bitmap_banks()
 * keeps its states apart up to 20 (12 gives 0 alarms on the three machines, 10 an
 * alarm at copy_banks()' store). With the domain everywhere and slevels of 200 for
 * both, x86_64 took 6.3 s of processor time against 4.2.
 *
 * prove-sources: planner.c ranges.c vpset.c features.c
 * prove-options: -eva-precision 0 -eva-split-limit 1000 -eva-split-return auto
 * prove-options: -eva-domains-function gauges:copy_banks
 * prove-slevel: hvtlfs_flush_plan_build:100 hvtlfs_flush_plan_one_:100 flush_plan:400
 * prove-slevel: hvtlfs_flush_plan_build_:100 page_check:50 page_words:50
 * prove-slevel: bitmap_banks:20 copy_banks:0
 * prove-slevel: check_range:10 validate:10 hvtlfs_ranges_plan_:100
 * prove-cost: 9
 */
#include "features_any.h"
#include "planner_page.h"

#define BITMAP_MAX 66u

static uint64_t bitmap[BITMAP_MAX];
static const size_t lengths[] = { 0u, 1u, 2u, 63u, 64u, 65u, 66u };

int main(void)
{
	struct hvtlfs_flush_request req;
	struct hvtlfs_flush_policy policy;
	const struct hvtlfs_flush_policy *pol = &policy;
	struct hvtlfs_features f;
	struct hvtlfs_flush_plan plan;
	struct hvtlfs_input_page pg;
	struct hvtlfs_range range = { HVTLFS_PAGE_SIZE, HVTLFS_PAGE_SIZE };
	int phase = Frama_C_interval(0, 1), len;
	int nul;

	prove_unknown(bitmap, sizeof(bitmap));
	prove_features_any(&f);
	policy.max_list_entries = prove_u32();
	policy.flags = prove_uint();
	req.address_space = prove_u64();
	req.nranges = 1;
	req.vps.source = NULL;
	//@ split phase;
	len = Frama_C_interval(0, phase == 0 ? (int)PROVE_LEN(lengths) : (int)BITMAP_MAX);
	//@ split len;
	if (phase == 0) {
		f.xmm_input = false;
		if (len < (int)PROVE_LEN(lengths)) {
			req.vps.words = lengths[len];
			req.vps.bitmap = PROVE_TAIL(bitmap, req.vps.words);
		} else {
			/* From 2: the lengths 0 and 1 are exact above, and with 1 inside the
			 * interval Eva cannot take it out at the inline half's words != 1. */
			req.vps.words = prove_size(2, BITMAP_MAX);
			req.vps.bitmap = bitmap;
		}
	} else {
		req.vps.words = (size_t)len;
		req.vps.bitmap = PROVE_TAIL(bitmap, req.vps.words);
	}
	/* All VPs (whatever the bitmap) with one length of each form (no words with the
	 * registers, one word with the page), a NULL bitmap with 0 to 2 words (the
	 * lengths its check and the inline half's tell apart): neither reads the words. */
	req.vps.all = (phase == 0 && len == 1) || (phase == 1 && len == 0) ? prove_bool() : false;
	nul = phase == 0 && len < 3 ? Frama_C_interval(0, 1) : 0;
	/* The whole space or one page: with the registers (whether the input fits them),
	 * and with the page for 0 to 2 words (a whole page holds either input after any
	 * header: only the control word and the plan's fields differ). */
	req.everything = phase != 0 || len < 3 ? prove_bool() : false;
	//@ split nul;
	if (nul)
		req.vps.bitmap = NULL;
	/* The mapping size, the flags' booleans, the range and the policy NULL or not: of
	 * any value with one word (the legacy mask, the inline half's path), else one of
	 * each: they reach the flags word, the space word and the range planner, never the
	 * target set's path. */
	if (phase == 0 && len == 1) {
		req.all_spaces = prove_bool();
		req.non_global_only = prove_bool();
		req.mapping_size = prove_u32();
		req.ranges = PROVE_OR_NULL(&range);
		pol = PROVE_OR_NULL(&policy);
	} else {
		req.all_spaces = false;
		req.non_global_only = true;
		req.mapping_size = 0;
		req.ranges = &range;
	}
	prove_planner_page(&pg, 1, 0, 0);
	return hvtlfs_flush_plan_build(&req, &f, pol, &pg, &plan);
}
