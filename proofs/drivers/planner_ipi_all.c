/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * hvtlfs_ipi_plan_build() (its inline half and the library's) for every VP: a VP count
 * of 0, 1, 63, 64, 65, 704 or 705 (the ends of all_bank(): inside bank 0, its end, the
 * next bank, the 11 banks the registers hold after the Ex header and one more), or of
 * 4096 or 4097 with no XMM input (the 64th bank and past it, the page form) (split); the
 * sender excluded or not, of any VP; any vector and policy flags; any features (valid
 * bools); a whole input page (the mark hvtlfs_input_page_init() leaves or any); the
 * request, the features, the page or the plan NULL (with one VP count: a NULL page
 * with many banks is the same check of the registers' room that planner_ipi_bitmap
 * reaches with a NULL page and long bitmaps).
 * The features' XMM and Ex hints and the sender's exclusion are split, so that each
 * analysis of the planner keeps the bank loop's iterations of its paths apart; the XMM
 * hint only where the build plans XMM forms (elsewhere it is read as false whatever it
 * holds, and its split doubled the states for the same paths).
 * Bounds: every other count is the same step of all_bank() over whole banks; past 705
 * VPs the registers refuse the set whatever the count, and the page holds every bank
 * (4096). A VP count of any value made the analysis run past its budget.
 * Slevels: ipi_plan 200, twice the least at which x86_64 (the XMM form) has no alarm
 * (i386 and aarch64 need none); 1000 cost a minute an analysis for nothing.
 *
 * prove-sources: planner.c vpset.c features.c
 * prove-options: -eva-precision 0 -eva-split-limit 1000 -eva-split-return auto
 * prove-slevel: ipi_plan:200 hvtlfs_ipi_plan_build_:50 hvtlfs_ipi_plan_resume_:50
 * prove-slevel: hvtlfs_ipi_plan_build:50 hvtlfs_ipi_plan_one_:50
 * prove-slevel: page_check:50 page_words:50
 * prove-cost: 4
 */
#include "features_any.h"
#include "planner_page.h"

static const uint32_t vp_counts[] = { 0u, 1u, 63u, 64u, 65u, 704u, 705u };

int main(void)
{
	struct hvtlfs_ipi_request req;
	struct hvtlfs_features f;
	struct hvtlfs_ipi_plan plan;
	struct hvtlfs_input_page pg;
	int n = Frama_C_interval(0, (int)PROVE_LEN(vp_counts) + 1);
	int null = 0;

	prove_features_any(&f);
	req.exclude_self = prove_bool();
	req.self_vp = prove_u32();
	req.vp_count = prove_u32();
	req.vector = prove_u32();
	req.flags = prove_uint();
	req.vps.all = true;
	req.vps.source = NULL;
	req.vps.bitmap = NULL;
	req.vps.words = 0;
	//@ split n;
	if (n < (int)PROVE_LEN(vp_counts)) {
		req.vp_count = vp_counts[n];
	} else {
		req.vp_count = n == (int)PROVE_LEN(vp_counts) ? 4096u : 4097u;
		f.xmm_input = false;
	}
#if HVTLFS_PLAN_OPTS_ == 0
	//@ split f.xmm_input;
#endif
	//@ split f.ex_processor_masks_recommended;
	//@ split req.exclude_self;
	/* NULL request, features, page or plan: each apart, with one VP count. */
	if (n == 1)
		null = Frama_C_interval(0, 4);
	prove_planner_page(&pg, 1, 0, 0);
	//@ split null;
	return hvtlfs_ipi_plan_build(null == 1 ? NULL : &req, null == 2 ? NULL : &f,
				     null == 3 ? NULL : &pg, null == 4 ? NULL : &plan);
}
