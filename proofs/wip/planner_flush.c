/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * hvtlfs_flush_plan_build() (its inline half and the library's), hvtlfs_input_page_init()
 * and hvtlfs_flush_plan_nvps(): every request (targets all, a VP bitmap of 0 to 66 words
 * of any value, or a CPU source of 0 to 95 CPUs of any value and VP table, NULL or not;
 * any address space, booleans and mapping size; 0 to 2 byte ranges of any start and
 * length, NULL or not), any features (valid bools), no policy or any policy, the input
 * page any description (planner_page.h), the request, the features, the page or the
 * plan NULL; the plan's VP count from any plan the planner made.
 *
 * Three phases: the bitmap ends exactly at its words (split) with a whole page; the CPU
 * bitmap and the VP table end exactly at the CPU count (split) with a whole page; the
 * ranges end at their count and the page is of every size of planner_page.h (split),
 * with targets of any value.
 * Bounds: 2 ranges (every range is the same steps of the range planner, whose driver
 * covers 3); bitmaps of 66 words (past word 64 every word is a VP_RANGE error or
 * nothing); 95 CPUs (every CPU word is the same loop); pages as planner_page.h says.
 *
 * prove-sources: planner.c ranges.c vpset.c features.c
 * prove-options: -eva-precision 0 -eva-split-limit 1000 -eva-split-return auto
 * prove-options: -eva-domains gauges
 * prove-slevel: hvtlfs_flush_plan_build:100 hvtlfs_flush_plan_one_:100 flush_plan:100
 * prove-slevel: hvtlfs_flush_plan_build_:100 page_check:50 page_words:50
 * prove-slevel: check_range:10 validate:10 hvtlfs_ranges_plan_:20
 */
#include "features_any.h"
#include "planner_page.h"

#define LBITS	   (8u * sizeof(unsigned long))
#define CPUS_MAX   95u
#define CPU_WORDS  ((CPUS_MAX + LBITS - 1u) / LBITS)
#define BITMAP_MAX 66u
#define RANGES_MAX 2u

static unsigned long cpus[CPU_WORDS];
static uint32_t vp_of[CPU_WORDS * LBITS];
static uint64_t bitmap[BITMAP_MAX];
static struct hvtlfs_range ranges[RANGES_MAX];

int main(void)
{
	struct hvtlfs_flush_request req;
	struct hvtlfs_flush_policy policy;
	struct hvtlfs_vp_source src;
	struct hvtlfs_features f;
	struct hvtlfs_flush_plan plan;
	struct hvtlfs_input_page pg, pg0;
	int phase = Frama_C_interval(0, 2);
	/* In phases 0 and 1 a NULL bitmap or table (nulls), in phase 2 a NULL argument
	 * (null), the ranges ending at their count and every page (kind). */
	int null = phase == 2 ? Frama_C_interval(0, 4) : 0;
	int nulls = phase == 2 ? 0 : Frama_C_interval(0, 3);
	int kind = phase == 2 ? Frama_C_interval(0, 2) : 1;
	size_t words = prove_size(0, PAGE_SPLIT_WORDS), extra = prove_bool() ? 7u : 0u;
	int rc;

	prove_unknown(bitmap, sizeof(bitmap));
	prove_unknown(cpus, sizeof(cpus));
	prove_unknown(vp_of, sizeof(vp_of));
	prove_unknown(ranges, sizeof(ranges));
	prove_features_any(&f);
	policy.max_list_entries = prove_u32();
	policy.flags = prove_uint();
	req.address_space = prove_u64();
	req.all_spaces = prove_bool();
	req.non_global_only = prove_bool();
	req.everything = prove_bool();
	req.mapping_size = prove_u32();
	req.nranges = prove_size(0, RANGES_MAX);
	req.ranges = PROVE_OR_NULL(ranges);
	req.vps.all = prove_bool();
	req.vps.source = NULL;
	//@ split phase;
	//@ split nulls;
	if (phase == 0) {
		req.vps.words = prove_size(0, BITMAP_MAX);
		//@ split req.vps.words;
		req.vps.bitmap = nulls & 1 ? NULL : PROVE_TAIL(bitmap, req.vps.words);
	} else if (phase == 1) {
		src.ncpus = prove_size(0, CPUS_MAX);
		//@ split src.ncpus;
		src.cpus = nulls & 1 ? NULL : PROVE_TAIL(cpus, (src.ncpus + LBITS - 1u) / LBITS);
		src.vp_of_cpu = nulls & 2 ? NULL : PROVE_TAIL(vp_of, src.ncpus);
		req.vps.bitmap = NULL;
		req.vps.words = 0;
		req.vps.source = &src;
	} else {
		src.ncpus = prove_size(0, CPUS_MAX);
		src.cpus = cpus;
		src.vp_of_cpu = vp_of;
		req.vps.words = prove_size(0, BITMAP_MAX);
		req.vps.bitmap = bitmap;
		req.vps.source = prove_bool() ? &src : NULL;
		//@ split req.nranges;
		req.ranges = PROVE_OR_NULL(PROVE_TAIL(ranges, req.nranges));
	}
	//@ split kind;
	if (kind != 0)
		words = extra = 0;
	//@ split words;
	//@ split extra;
	prove_planner_page(&pg, kind, words, extra);
	/* hvtlfs_input_page_init() on the same addresses (its page unused). */
	rc = hvtlfs_input_page_init(PROVE_OR_NULL(&pg0), pg.va, pg.gpa, pg.size);
	/* NULL request, features, page or plan: each apart. */
	//@ split null;
	rc |= hvtlfs_flush_plan_build(null == 1 ? NULL : &req, null == 2 ? NULL : &f,
				      PROVE_OR_NULL(&policy), null == 3 ? NULL : &pg,
				      null == 4 ? NULL : &plan);
	if (null != 4)
		rc |= (int)hvtlfs_flush_plan_nvps(&plan);
	return rc | (int)hvtlfs_flush_plan_nvps(NULL);
}
