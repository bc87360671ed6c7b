/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * hvtlfs_ipi_plan_resume_() (the library's half of hvtlfs_ipi_plan_build() as the
 * inline loop hands a CPU source over to it) and hvtlfs_ipi_plan_build_(): the CPU the
 * inline loop stopped at and the processor mask it gathered of any value (a CPU past
 * the source's, or a mask with VPs the encoder would not have put there, included); a
 * CPU source of 0, 1, 33, 65 or 70 CPUs of any value (the VP table ending at the CPU
 * count, the CPU bitmap at the word holding the last CPU, split), each NULL or not; any
 * vector, sender, VP count and policy flags; any features (valid bools); the input page
 * NULL or a whole page; the request, the features or the plan NULL.
 *
 * Phases (split): 0, no XMM input, VPs of any value; 1, XMM input allowed, VPs below
 * 704 (the set fits the registers). Bounds: as planner_ipi_cpus (every CPU is the same
 * step of the encoder; the counts are an empty source, inside a word, past a 32-bit and
 * a 64-bit word and inside the next), which covers the hand-over from the CPUs and
 * masks the inline loop actually leaves.
 *
 * The plan (whose registers the encoder may write) holds any bytes beforehand, not
 * uninitialised ones, as the output of vpset_encode_targets (docs/proofs.md,
 * Assumptions): the encoder ORs a bank's bits into a word it cleared earlier, and Eva
 * does not relate the two.
 *
 * prove-sources: planner.c vpset.c features.c
 * prove-options: -eva-precision 0 -eva-split-limit 1000 -eva-split-return auto
 * prove-slevel: ipi_plan:400 hvtlfs_ipi_plan_build_:50 hvtlfs_ipi_plan_resume_:50
 * prove-slevel: page_check:50 page_words:50
 * prove-cost: 7
 */
#include "features_any.h"
#include "planner_page.h"

#define LBITS	  (8u * sizeof(unsigned long))
#define CPUS_MAX  70u
#define CPU_WORDS ((CPUS_MAX + 31u) / 32u)

static unsigned long cpus[CPU_WORDS];
static uint32_t vp_of[CPUS_MAX];
static const size_t counts[] = { 0u, 1u, 33u, 65u, CPUS_MAX };

int main(void)
{
	struct hvtlfs_ipi_request req;
	struct hvtlfs_vp_source src;
	struct hvtlfs_features f;
	struct hvtlfs_ipi_plan plan;
	struct hvtlfs_input_page pg;
	int phase = Frama_C_interval(0, 1);
	int n = Frama_C_interval(0, (int)PROVE_LEN(counts) - 1);
	int nulls = Frama_C_interval(0, 3), null = Frama_C_interval(0, 3);
	int nopage = Frama_C_interval(0, 1);
	size_t i;
	int rc;

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
		/*@ loop unroll 70; */
		for (i = 0; i < CPUS_MAX; i++)
			vp_of[i] = prove_u32_in(0, 703u);
	}
	//@ split n;
	src.ncpus = counts[n];
	src.cpus = PROVE_TAIL(cpus, (src.ncpus + LBITS - 1u) / LBITS);
	src.vp_of_cpu = PROVE_TAIL(vp_of, src.ncpus);
	//@ split nulls;
	if (nulls & 1)
		src.cpus = NULL;
	if (nulls & 2)
		src.vp_of_cpu = NULL;
	prove_planner_page(&pg, 1, 0, 0);
	//@ split nopage;
	//@ split null;
	rc = hvtlfs_ipi_plan_resume_(null == 1 ? NULL : &req, null == 2 ? NULL : &f,
				     nopage ? NULL : &pg, null == 3 ? NULL : &plan, prove_uint(),
				     prove_size_any(), prove_u64());
	return rc != HVTLFS_OK || hvtlfs_ipi_plan_build_(&req, &f, nopage ? NULL : &pg, &plan,
							 prove_uint()) != HVTLFS_OK;
}
