/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * hvtlfs_ipi_plan_build() (its inline half and the library's) for a VP bitmap of any
 * contents: any vector, VP count and policy flags, any features (valid bools, the XMM
 * hint split); the sender excluded or not, of any VP (inside the bitmap, so that its
 * bit can empty a word or the only non-empty one, or past it); the input page NULL or
 * a whole page (the mark hvtlfs_input_page_init() leaves or any).
 * Bitmaps of any value ending exactly at their words (split by length), in two drivers:
 * 0. here: 0 to 4 words, NULL or not; with 0 to 2 words the page is also any
 *    description of planner_page.h (0 to 6 words and 0 or 7 bytes ending at its size,
 *    or larger than a page); the request, the features, the page or the plan NULL;
 * 1. planner_ipi_bitmap_long: every length of 5 to 66 words (11 banks fill the registers
 *    after the Ex header, 12 do not; the 64th bank and past it: a VP at 4096 or above).
 * What never changes the path of the bitmap is taken in one split only: the page
 * descriptions other than a whole page with no XMM input and a bitmap (with XMM input
 * up to 2 banks always fit the registers and the page is only checked, as without it;
 * XMM input refused by the flags is the same path as none), a NULL bitmap with a whole
 * page only (refused, or nobody with 0 words, before the page's room is used), and the
 * request, the features, the page or the plan NULL with a NULL bitmap of 0 words only
 * (refused before anything is read; a NULL page is also every state's nopage). Of any
 * value in every split they doubled the states for the same statements.
 * Where the build plans no XMM form (i386, aarch64 here) xmm_input is read as false
 * whatever it holds: of any value there, not split, and every page with it.
 * The two phases share no state (the length is split from the start): apart, without the
 * gauges domain and without -eva-split-return auto, they gave 0 alarms on the three
 * machines for the same statements, at some 20 s of processor time on x86_64 between
 * them against 24 s for the one analysis with both options (the one analysis without
 * them took longer still).
 * Bounds: none below the documented maximum: a bitmap of 64 words names every VP the
 * TLFS allows (4096), and 65 and 66 words are past it (refused, or taken as far as their
 * words are zero). Every length up to 66 is analysed apart, ending at its words.
 * Every VP is planner_ipi_all's, CPU sources planner_ipi_cpus' and planner_ipi_resume's.
 *
 * prove-sources: planner.c vpset.c features.c
 * prove-options: -eva-precision 0 -eva-split-limit 1000
 * prove-slevel: ipi_plan:400 hvtlfs_ipi_plan_build_:50 hvtlfs_ipi_plan_resume_:50
 * prove-slevel: hvtlfs_ipi_plan_build:50 hvtlfs_ipi_plan_one_:50
 * prove-slevel: page_check:50 page_words:50 bitmap_banks:200
 * prove-cost: 7
 */
#include "features_any.h"
#include "planner_page.h"

#define BITMAP_MAX 66u
#ifndef IPI_BITMAP_PHASE
#define IPI_BITMAP_PHASE 0 /* planner_ipi_bitmap_long: 1 */
#endif

static uint64_t bitmap[BITMAP_MAX];

int main(void)
{
	struct hvtlfs_ipi_request req;
	struct hvtlfs_features f;
	struct hvtlfs_ipi_plan plan;
	struct hvtlfs_input_page pg;
	int phase = IPI_BITMAP_PHASE, len, kind = 1;
	int null = 0, nul = 0;
	int nopage = Frama_C_interval(0, 1);
	size_t words = 0, extra = 0;

	prove_unknown(bitmap, sizeof(bitmap));
	prove_features_any(&f);
#if HVTLFS_PLAN_OPTS_ == 0
	//@ split f.xmm_input;
#endif
	req.exclude_self = prove_bool();
	req.self_vp = prove_u32();
	req.vp_count = prove_u32();
	req.vector = prove_u32();
	req.flags = prove_uint();
	req.vps.all = false;
	req.vps.source = NULL;
	//@ split phase;
	len = phase == 0 ? Frama_C_interval(0, 4) : Frama_C_interval(5, (int)BITMAP_MAX);
	//@ split len;
	if (phase == 0) {
		req.vps.words = (size_t)len;
		nul = Frama_C_interval(0, 1);
		if (len == 0 && nul)
			null = Frama_C_interval(0, 4);
		if (len <= 2 && !(HVTLFS_PLAN_OPTS_ == 0 && f.xmm_input) && !nul) {
			kind = Frama_C_interval(0, 2);
			words = prove_size(0, PAGE_SPLIT_WORDS);
			extra = prove_bool() ? 7u : 0u;
		}
	} else {
		req.vps.words = (size_t)len;
	}
	req.vps.bitmap = PROVE_TAIL(bitmap, req.vps.words);
	//@ split nul;
	if (nul && phase == 0)
		req.vps.bitmap = NULL;
	//@ split kind;
	if (kind != 0)
		words = extra = 0;
	//@ split words;
	//@ split extra;
	prove_planner_page(&pg, kind, words, extra);
	/* NULL request, features, page or plan: each apart. */
	//@ split nopage;
	//@ split null;
	return hvtlfs_ipi_plan_build(null == 1 ? NULL : &req, null == 2 ? NULL : &f,
				     null == 3 || nopage ? NULL : &pg, null == 4 ? NULL : &plan);
}
