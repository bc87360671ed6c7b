/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * hvtlfs_ipi_plan_build() (its inline half, the inline loop over the CPU bitmap, and
 * the library's half it hands over to) for a CPU source: a CPU bitmap and VP table of
 * any value, each NULL or not, of 0, 1, 31, 32, 33, 63, 64, 65 or 70 CPUs, the CPU
 * bitmap ending exactly at the word holding the last CPU and the VP table at the last
 * CPU (split), or of any count from 0 to 70 in whole buffers; any vector,
 * sender (excluded or not), VP count and policy flags, any features (valid bools); the
 * input page NULL or a whole page (the mark hvtlfs_input_page_init() leaves or any).
 *
 * Phases (split): 0, no XMM input, VPs of any value; 1, XMM input allowed, VPs below
 * 704 (at most 11 banks: the set fits the registers after the Ex header); 2, XMM input
 * allowed, every VP at 704 or above (12 banks or more: the registers refuse a non-empty
 * set, the page takes it). A set mixing both takes the path of phase 2 (the highest VP
 * decides the banks). In phases 1 and 2 the flags never refuse the XMM form: refused,
 * the planner takes phase 0's path (xmm_input is read only with the flags and the
 * build's options, into one bool), for VPs of any value there; where the build leaves
 * the XMM forms out (i386 and aarch64 here), phases 1 and 2 are phase 0's paths for
 * fewer VPs, and only phase 0 is analysed. The same statements at a fraction of the
 * processor time.
 * Bounds: every CPU is the same step of the inline loop and of the source encoder (a
 * set bit, its VP index, the bank it falls in; the inline loop four words a step, then
 * one); the counts are every end they tell apart on the three machines (none, inside
 * the first bitmap word, at the end of a 32-bit and of a 64-bit word, one past it,
 * inside the next word). The hand-over from any CPU and mask is planner_ipi_resume's.
 * The VP table ends exactly at the CPU count, as the bitmap at the word holding the
 * last CPU: the inline loop masks the last word to the count, and the lowest set bit
 * of the masked word is below the mask's top through the model of the bit-scan
 * builtins (proofs/model/prelude.h: Frama-C's own contract allows any bit of the
 * word, and the table then had to end at the last word's end).
 *
 * The plan (whose registers the encoder may write) holds any bytes beforehand, not
 * uninitialised ones, as the output of vpset_encode_targets (docs/proofs.md,
 * Assumptions): the encoder ORs a bank's bits into a word it cleared earlier, and Eva
 * does not relate the two.
 * Slevels: hvtlfs_cpus_mask_word_ (the inline loop) needs none on any machine (200
 * there cost three quarters of the analysis).
 *
 * prove-sources: planner.c vpset.c features.c
 * prove-options: -eva-precision 0 -eva-split-limit 1000 -eva-split-return auto
 * prove-options: -eva-domains gauges
 * prove-slevel: ipi_plan:400 hvtlfs_ipi_plan_build_:50 hvtlfs_ipi_plan_resume_:50
 * prove-slevel: hvtlfs_ipi_plan_build:50 hvtlfs_ipi_plan_one_:50
 * prove-slevel: page_check:50 page_words:50
 * prove-slevel: hvtlfs_source_mask_:300
 * prove-cost: 15
 */
#include "features_any.h"
#include "planner_page.h"

#define LBITS	  (8u * sizeof(unsigned long))
#define CPUS_MAX  70u
#define CPU_WORDS ((CPUS_MAX + 31u) / 32u)

static unsigned long cpus[CPU_WORDS];
static uint32_t vp_of[CPU_WORDS * 64u]; /* whole words on every machine (any count) */
static const size_t counts[] = { 0u, 1u, 31u, 32u, 33u, 63u, 64u, 65u, CPUS_MAX };

int main(void)
{
	struct hvtlfs_ipi_request req;
	struct hvtlfs_vp_source src;
	struct hvtlfs_features f;
	struct hvtlfs_ipi_plan plan;
	struct hvtlfs_input_page pg;
#if HVTLFS_PLAN_OPTS_ == 0
	int phase = Frama_C_interval(0, 2);
#else
	int phase = 0; /* no XMM form planned: phases 1 and 2 are phase 0's paths */
#endif
	int n = Frama_C_interval(0, (int)PROVE_LEN(counts));
	int nulls = Frama_C_interval(0, 3), nopage = Frama_C_interval(0, 1);
	size_t i;

	prove_unknown(cpus, sizeof(cpus));
	prove_unknown(&plan, sizeof(plan));
	prove_features_any(&f);
	req.exclude_self = prove_bool();
	req.self_vp = prove_u32();
	req.vp_count = prove_u32();
	req.vector = prove_u32();
	req.flags = prove_uint();
	req.vps.all = false;
	req.vps.bitmap = NULL;
	req.vps.words = 0;
	req.vps.source = &src;
	//@ split phase;
	if (phase == 0) {
		f.xmm_input = false;
		prove_unknown(vp_of, sizeof(vp_of));
	} else {
		req.flags &= ~HVTLFS_POLICY_NO_XMM; /* refused by the flags: phase 0's path */
		/*@ loop unroll 192; */
		for (i = 0; i < PROVE_LEN(vp_of); i++)
			vp_of[i] = phase == 1 ? prove_u32_in(0, 703u) : prove_u32_in(704u, ~0u);
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
	prove_planner_page(&pg, 1, 0, 0);
	//@ split nopage;
	return hvtlfs_ipi_plan_build(&req, &f, nopage ? NULL : &pg, &plan);
}
