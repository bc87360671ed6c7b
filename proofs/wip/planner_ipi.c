/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * hvtlfs_ipi_plan_build() (its inline half and the library's): every request (targets
 * all, a VP bitmap of 0 to 66 words of any value, or a CPU source of 0 to 70 CPUs of any
 * value and VP table, NULL or not; any vector, sender, VP count and policy flags), any
 * features (valid bools), the input page NULL or any description (planner_page.h), the
 * request, the features or the plan NULL.
 *
 * Three phases: the bitmap ends exactly at its words (split) with a whole page; the CPU
 * bitmap and the VP table end exactly at the CPU count (split) with a whole page; the
 * page of every size of planner_page.h (split) with targets of any value.
 * Bounds: bitmaps of 66 words (past word 64 every word is a VP_RANGE error or nothing);
 * 70 CPUs (a whole CPU word and part of the next on x86_64, two and part of a third on
 * i386: every word is the same loop); input pages as planner_page.h says.
 *
 * prove-sources: planner.c vpset.c features.c
 * prove-options: -eva-precision 0 -eva-split-limit 1000 -eva-split-return auto
 * prove-options: -eva-domains gauges
 * prove-slevel: ipi_plan:50 hvtlfs_ipi_plan_build_:50 hvtlfs_ipi_plan_resume_:50
 * prove-slevel: page_check:50 page_words:50
 */
#include "features_any.h"
#include "planner_page.h"

#define LBITS	   (8u * sizeof(unsigned long))
#define CPUS_MAX   70u
#define CPU_WORDS  ((CPUS_MAX + LBITS - 1u) / LBITS)
#define BITMAP_MAX 66u

static unsigned long cpus[CPU_WORDS];
static uint32_t vp_of[CPU_WORDS * LBITS];
static uint64_t bitmap[BITMAP_MAX];

int main(void)
{
	struct hvtlfs_ipi_request req;
	struct hvtlfs_vp_source src;
	struct hvtlfs_features f;
	struct hvtlfs_ipi_plan plan;
	struct hvtlfs_input_page pg;
	int phase = Frama_C_interval(0, 2);
	/* In phases 0 and 1 a NULL bitmap or table (nulls), in phase 2 a NULL argument
	 * (null) and every page (kind). */
	int null = phase == 2 ? Frama_C_interval(0, 4) : 0;
	int nulls = phase == 2 ? 0 : Frama_C_interval(0, phase == 0 ? 1 : 2);
	int kind = phase == 2 ? Frama_C_interval(0, 2) : 1;
	size_t words = prove_size(0, PAGE_SPLIT_WORDS), extra = prove_bool() ? 7u : 0u;

	prove_unknown(bitmap, sizeof(bitmap));
	prove_unknown(cpus, sizeof(cpus));
	prove_unknown(vp_of, sizeof(vp_of));
	prove_features_any(&f);
	req.exclude_self = prove_bool();
	req.self_vp = prove_u32();
	req.vp_count = prove_u32();
	req.vector = prove_u32();
	req.flags = prove_uint();
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
		src.cpus = nulls == 1 ? NULL : PROVE_TAIL(cpus, (src.ncpus + LBITS - 1u) / LBITS);
		src.vp_of_cpu = nulls == 2 ? NULL : PROVE_TAIL(vp_of, src.ncpus);
		req.vps.bitmap = NULL;
		req.vps.words = 0;
		req.vps.source = &src;
	} else {
		src.ncpus = prove_size(0, CPUS_MAX);
		src.cpus = cpus;
		src.vp_of_cpu = vp_of;
		req.vps.words = prove_size(0, BITMAP_MAX);
		req.vps.bitmap = bitmap;
		req.vps.source = nulls & 1 ? &src : NULL;
	}
	//@ split kind;
	if (kind != 0)
		words = extra = 0;
	//@ split words;
	//@ split extra;
	prove_planner_page(&pg, kind, words, extra);
	/* NULL request, features, page or plan: each apart. */
	//@ split null;
	return hvtlfs_ipi_plan_build(null == 1 ? NULL : &req, null == 2 ? NULL : &f,
				     null == 3 ? NULL : &pg, null == 4 ? NULL : &plan);
}
