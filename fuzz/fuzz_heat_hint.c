/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * libFuzzer harness for the decoder of HvExtCallMemoryHeatHint (input layout:
 * fuzz_calls_common.h). Accepted only with the EnableExtendedHypercalls privilege; the
 * heat type is 0-2 with every other header bit zero, and each decoded element is its
 * HV_GPA_PAGE_RANGE, decoded alone the same way.
 */
#include "hvtlfs/extended.h"
#include "hvtlfs/ranges.h"

#include "fuzz_calls_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct fz_call f;
	const struct hvtlfs_hvcall_request *r = &f.req;
	uint32_t i;

	if (!fz_decode(&f, HVTLFS_CALL_EXT_MEMORY_HEAT_HINT, data, size))
		return 0;
	fz_common(&f, HVTLFS_HVCALL_REQ_EXT_HEAT_HINT);
	if (f.rc != HVTLFS_OK || r->kind != HVTLFS_HVCALL_REQ_EXT_HEAT_HINT)
		return 0;
	CHECK(f.in.features & HVTLFS_HVCALL_FEAT_EXTENDED_HYPERCALLS);
	CHECK(fuzz_le(f.bytes, 8) == r->heat_type && r->heat_type <= HVTLFS_HEAT_HINT_COLD_DISCARD);
	CHECK(r->range_format == HVTLFS_RANGE_FORMAT_GPA && r->ranges_first == r->rep_start);
	for (i = 0; i < r->nranges; i++) {
		const uint64_t e = fuzz_le(f.bytes + 8u + 8u * (r->rep_start + i), 8);
		struct hvtlfs_range_entry one;

		fz_range_ok(&f.ranges[i]);
		CHECK(hvtlfs_range_decode(HVTLFS_RANGE_FORMAT_GPA | HVTLFS_RANGE_DECODE_CLAMP, e,
					  &one) == HVTLFS_OK);
		CHECK(one.base == f.ranges[i].base && one.pages == f.ranges[i].pages &&
		      one.page_shift == f.ranges[i].page_shift);
	}
	return 0;
}
