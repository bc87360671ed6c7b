/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * hvtlfs_flush_plan_build() (its inline half and the library's) for a CPU source: a CPU
 * bitmap and VP table of any value, each NULL or not, of 0, 1, 31, 32, 33, 63, 64, 65
 * or 70 CPUs, the VP table ending exactly at the CPU count and the CPU bitmap at the
 * word holding the last CPU (split), or of any count from 0 to 70 in whole buffers; any
 * address space, booleans, mapping size, policy (or none) and features (valid bools);
 * the whole address space or one page; a whole input page, the mark
 * hvtlfs_input_page_init() leaves or any. The mapping size, all_spaces, non_global_only
 * and the policy NULL or not are of any value with one CPU (phase 0, its split of 1
 * CPU, no NULL), else 0, false, true and a policy (no policy is read as flags 0 and no
 * entry limit, which the policy of any value holds): the mapping size reaches only its
 * error and the range planner's entry format (of one page here: one simple entry
 * whatever the format; planner_flush_ranges takes every size with every list), the
 * booleans only the flags and address space words; none of them changes the target
 * set's path (the encoder, the banks, the header, registers or page), which is what
 * this driver varies. Of any value in every split they multiplied the planner's states:
 * 59 s of processor time on x86_64 against 9 s, for the same statements.
 *
 * Phases (split): 0, the page form (no XMM input), VPs of any value; 1, XMM input
 * allowed, VPs below 640 (at most 10 banks: the set always fits the registers after the
 * header); 2, XMM input allowed, every VP at 640 or above (11 banks or more: the
 * registers refuse a non-empty set and the page takes it, the header moved there with
 * to_page() for a list). A set mixing both takes the path of phase 2 (the highest VP
 * decides the banks). Where the build leaves the XMM forms out by default (i386,
 * aarch64), phases 1 and 2 call the library half with them allowed, as a caller built
 * with them does.
 * Bounds: every CPU is the same step of the source encoder (a set bit, its VP index,
 * the bank it falls in); the counts are every end the encoder tells apart on the three
 * machines (none, inside the first bitmap word, at the end of a 32-bit and of a 64-bit
 * word, one past it, inside the next word). The range list and the page sizes are
 * planner_flush_ranges' (the same code for every target set); the encoder itself is
 * vpset_encode_targets' for up to 95 CPUs.
 *
 * The plan (whose registers the encoder may write) holds any bytes beforehand, not
 * uninitialised ones, as the output of vpset_encode_targets (docs/proofs.md,
 * Assumptions): the encoder ORs a bank's bits into a word it cleared earlier, and Eva
 * does not relate the two.
 *
 * No gauges domain: 0 alarms on the three machines without it, which cost a fifth
 * more processor time.
 *
 * prove-sources: planner.c ranges.c vpset.c features.c
 * prove-options: -eva-precision 0 -eva-split-limit 1000 -eva-split-return auto
 * prove-slevel: hvtlfs_flush_plan_build:100 hvtlfs_flush_plan_one_:100 flush_plan:1000
 * prove-slevel: hvtlfs_flush_plan_build_:100 page_check:50 page_words:50
 * prove-slevel: check_range:10 validate:10 hvtlfs_ranges_plan_:100 to_page:20
 * prove-cost: 8
 */
#include "features_any.h"
#include "planner_page.h"

#define LBITS	  (8u * sizeof(unsigned long))
#define CPUS_MAX  70u
#define CPU_WORDS ((CPUS_MAX + 31u) / 32u)
#ifndef PHASE_LO
#define PHASE_LO 0
#define PHASE_HI 2
#endif

static unsigned long cpus[CPU_WORDS];
static uint32_t vp_of[CPUS_MAX];
static const size_t counts[] = { 0u, 1u, 31u, 32u, 33u, 63u, 64u, 65u, CPUS_MAX };

int main(void)
{
	struct hvtlfs_flush_request req;
	struct hvtlfs_flush_policy policy;
	const struct hvtlfs_flush_policy *pol = &policy;
	struct hvtlfs_vp_source src;
	struct hvtlfs_features f;
	struct hvtlfs_flush_plan plan;
	struct hvtlfs_input_page pg;
	struct hvtlfs_range range = { HVTLFS_PAGE_SIZE, HVTLFS_PAGE_SIZE };
	int phase = Frama_C_interval(PHASE_LO, PHASE_HI);
	int n = Frama_C_interval(0, (int)PROVE_LEN(counts));
	int nulls = Frama_C_interval(0, 3);
	size_t i;

	prove_unknown(cpus, sizeof(cpus));
	prove_unknown(&plan, sizeof(plan));
	prove_features_any(&f);
	policy.max_list_entries = prove_u32();
	policy.flags = prove_uint();
	req.address_space = prove_u64();
	req.everything = prove_bool();
	req.nranges = 1;
	req.ranges = &range;
	req.vps.all = false;
	req.vps.bitmap = NULL;
	req.vps.words = 0;
	req.vps.source = &src;
	//@ split phase;
	if (phase == 0) {
		f.xmm_input = false;
		prove_unknown(vp_of, sizeof(vp_of));
	} else {
		/*@ loop unroll 70; */
		for (i = 0; i < CPUS_MAX; i++)
			vp_of[i] = phase == 1 ? prove_u32_in(0, 639u) : prove_u32_in(640u, ~0u);
	}
	//@ split n;
	if (n < (int)PROVE_LEN(counts)) {
		src.ncpus = counts[n];
		src.cpus = PROVE_TAIL(cpus, (src.ncpus + LBITS - 1u) / LBITS);
		src.vp_of_cpu = PROVE_TAIL(vp_of, src.ncpus);
	} else {
		src.ncpus = prove_size(0, CPUS_MAX);
		src.cpus = cpus;
		src.vp_of_cpu = vp_of;
	}
	//@ split nulls;
	if (nulls & 1)
		src.cpus = NULL;
	if (nulls & 2)
		src.vp_of_cpu = NULL;
	/* The mapping size, the flags' booleans and the policy NULL or not with one CPU,
	 * else one of each: they reach the flags word, the space word and the range
	 * planner's format, never the target set's path. */
	if (phase == 0 && n == 1 && nulls == 0) {
		req.all_spaces = prove_bool();
		req.non_global_only = prove_bool();
		req.mapping_size = prove_u32();
		pol = PROVE_OR_NULL(&policy);
	} else {
		req.all_spaces = false;
		req.non_global_only = true;
		req.mapping_size = 0;
	}
	prove_planner_page(&pg, 1, 0, 0);
#if HVTLFS_PLAN_OPTS_ != 0
	/* Where the build's default leaves the XMM forms out (i386 and aarch64 here), the
	 * library half as a caller built with them calls it (options 0): the registers
	 * refusing the set of phase 2, and the header moved to the page (to_page()). */
	if (phase != 0)
		return hvtlfs_flush_plan_build_(&req, &f, pol, &pg, &plan, 0);
#endif
	return hvtlfs_flush_plan_build(&req, &f, pol, &pg, &plan);
}
