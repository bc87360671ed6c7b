/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * hvtlfs_flush_plan_build(): every request (targets all or a bitmap of 0 to 66 words
 * of any value, NULL or not; any address space and booleans; every mapping size; 0
 * to 2 byte ranges of any start and length, ending at their count), any features
 * (valid bools, proofs/model/features_any.h), no policy or any policy, every pointer
 * NULL or not. The input page is a whole page (page_size 4096, the page ending there)
 * or larger than any input (page_size any value from there up).
 *
 * Bounds: 2 ranges (every range is the same steps of the encoder, whose driver
 * covers 3 in every order), bitmaps of 66 words (past word 64 every word is a
 * VP_RANGE error or nothing).
 *
 * prove-sources: planner.c ranges.c vpset.c flush.c control.c
 * prove-options: -eva-precision 0 -eva-split-limit 1000 -eva-split-return auto
 * prove-options: -eva-domains gauges
 * prove-slevel: hvtlfs_vp_targets_banks:100 check_buf:10 check_size:10 check_reps:10
 * prove-slevel: hvtlfs_control_encode:20 build:20 check_range:10 validate:10
 * prove-slevel: hvtlfs_ranges_encode_any_:10 hvtlfs_zero_:200
 */
#include "prove.h"
#include "features_any.h"
#include "hvtlfs/flush.h"
#include "hvtlfs/planner.h"

#define RANGES_MAX 2u
#define BITMAP_MAX 66u
/* More than any input: an Ex header, a bank word a bitmap word, every rep element. */
#define BIG_WORDS (sizeof(struct hvtlfs_flush_ex_input) / 8u + BITMAP_MAX + HVTLFS_CONTROL_REP_MAX)

static uint64_t page[BIG_WORDS], bitmap[BITMAP_MAX];
static struct hvtlfs_range ranges[RANGES_MAX];

int main(void)
{
	struct hvtlfs_flush_request req;
	struct hvtlfs_features f;
	struct hvtlfs_flush_policy policy;
	struct hvtlfs_flush_plan plan;
	int null = Frama_C_interval(0, 4), null_bitmap = prove_bool();
	bool whole = prove_bool();
	uint64_t *buf;
	size_t page_size;

	prove_unknown(bitmap, sizeof(bitmap));
	prove_unknown(ranges, sizeof(ranges));
	prove_features_any(&f);
	policy.max_list_entries = prove_u32();
	policy.flags = prove_uint();
	req.vps.all = prove_bool();
	req.vps.words = prove_size(0, BITMAP_MAX);
	//@ split null_bitmap;
	req.vps.bitmap = null_bitmap ? NULL : bitmap;
	req.address_space = prove_u64();
	req.all_spaces = prove_bool();
	req.non_global_only = prove_bool();
	req.everything = prove_bool();
	req.mapping_size = prove_u32();
	req.nranges = prove_size(0, RANGES_MAX);
	//@ split req.nranges;
	req.ranges = PROVE_OR_NULL(PROVE_TAIL(ranges, req.nranges));
	//@ split whole;
	if (whole) {
		buf = PROVE_TAIL(page, 4096u / 8u);
		page_size = 4096u;
	} else {
		buf = page;
		page_size = prove_size(sizeof(page), HVTLFS_SIZE_MAX_PROVE);
	}
	/* NULL request, features, page or plan: each apart. */
	//@ split null;
	return hvtlfs_flush_plan_build(null == 1 ? NULL : &req, null == 2 ? NULL : &f,
				       PROVE_OR_NULL(&policy), null == 3 ? NULL : buf, page_size,
				       null == 4 ? NULL : &plan);
}
