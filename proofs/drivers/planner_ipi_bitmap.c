/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * hvtlfs_ipi_plan_build() (its inline half and the library's) for a VP bitmap: any
 * vector, VP count and policy flags, any features (valid bools); the sender excluded
 * or not, its VP past the bitmap's; the input page NULL or a whole page (the mark
 * hvtlfs_input_page_init() leaves or any); the request, the features or the plan NULL.
 *
 * The bitmap's words are zero or non-zero of any value, each pattern apart (split):
 * 0. every pattern of 0 to 4 words, ending exactly at their words, NULL or not; with 0
 *    to 2 words the page is also any description of planner_page.h (0 to 6 words and 0
 *    or 7 bytes ending at its size, or larger than a page);
 * 1. longer bitmaps (12 or 66 words ending at their words): word 0 zero or not, then
 *    words 1 to 0, 1, 10, 11 or 12 non-zero (or every word), the rest zero. The bank
 *    words are copied in order, so what the planner does depends on how many words
 *    below the 64th are non-zero (11 banks fill the registers after the Ex header),
 *    whether word 0 is one and whether one past the 64th is, not on where the others
 *    are.
 * Not analysed: a word whose zero or non-zero Eva does not know, and a sender inside
 * the bitmap (whose bit can empty a word). ipi_plan() copies the bank words until it
 * has the bank count bitmap_banks() found, and Eva does not relate the count to the
 * words read, so it would see the copy read past the bitmap; bounding that loop by the
 * bitmap's words as well would let it (src/planner.c, not changed here). Every VP is
 * planner_ipi_all's, CPU sources planner_ipi_cpus' and planner_ipi_resume's.
 *
 * prove-sources: planner.c vpset.c features.c
 * prove-options: -eva-precision 0 -eva-split-limit 1000 -eva-split-return auto
 * prove-options: -eva-domains gauges
 * prove-slevel: ipi_plan:400 hvtlfs_ipi_plan_build_:50 hvtlfs_ipi_plan_resume_:50
 * prove-slevel: hvtlfs_ipi_plan_build:50 hvtlfs_ipi_plan_one_:50
 * prove-slevel: page_check:50 page_words:50 bitmap_banks:200
 */
#include "features_any.h"
#include "planner_page.h"

#define BITMAP_MAX 66u
#define XMM_BANKS  11u

static uint64_t bitmap[BITMAP_MAX];
static const size_t long_lengths[] = { XMM_BANKS + 1u, BITMAP_MAX };
/* Words 1 to runs[run] non-zero (SIZE_MAX: every word). */
static const size_t runs[] = { 0u, 1u, XMM_BANKS - 1u, XMM_BANKS, XMM_BANKS + 1u, ~(size_t)0 };
static const uint32_t vp_counts[] = { 0u, 1u, 63u, 64u, 65u, 704u, 705u, 4096u, 4097u };

int main(void)
{
	struct hvtlfs_ipi_request req;
	struct hvtlfs_features f;
	struct hvtlfs_ipi_plan plan;
	struct hvtlfs_input_page pg;
	int phase = Frama_C_interval(0, 1), len, run = 0, first = 0, kind = 1, pat = 0;
	int null = Frama_C_interval(0, 4), nul = Frama_C_interval(0, 1);
	int nopage = Frama_C_interval(0, 1);
	size_t words = 0, extra = 0, i;
	uint64_t *bm;

	prove_unknown(bitmap, sizeof(bitmap));
	prove_features_any(&f);
	req.exclude_self = prove_bool();
	req.vp_count = prove_u32();
	req.vector = prove_u32();
	req.flags = prove_uint();
	req.vps.all = false;
	req.vps.source = NULL;
	//@ split phase;
	len = Frama_C_interval(0, phase == 0 ? 4 : (int)PROVE_LEN(long_lengths) - 1);
	if (phase == 1) {
		run = Frama_C_interval(0, (int)PROVE_LEN(runs) - 1);
		first = Frama_C_interval(0, 1);
	}
	//@ split len;
	//@ split run;
	//@ split first;
	if (phase == 0) {
		req.vps.words = (size_t)len;
		pat = Frama_C_interval(0, (1 << len) - 1);
		if (len <= 2) {
			kind = Frama_C_interval(0, 2);
			words = prove_size(0, PAGE_SPLIT_WORDS);
			extra = prove_bool() ? 7u : 0u;
		}
	} else {
		req.vps.words = long_lengths[len];
	}
	//@ split pat;
	bm = PROVE_TAIL(bitmap, req.vps.words);
	req.vps.bitmap = bm;
	/* Phase 0: word i non-zero when bit i of pat is set. Phase 1: word 0 non-zero or
	 * zero (first), words 1 to runs[run] non-zero, the rest zero. */
	/*@ loop unroll 66; */
	for (i = 0; i < req.vps.words; i++)
		bm[i] = (phase == 0 ? (pat >> i & 1) != 0
			 : i == 0   ? first != 0
				    : i <= runs[run])
				? Frama_C_unsigned_long_long_interval(1u, ~0ull)
				: 0u;
	req.self_vp = prove_u32_in((uint32_t)(64u * req.vps.words), ~0u);
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
