/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * libFuzzer harness for the decoder of HvCallModifySparseGpaPageHostVisibility (input
 * layout: fuzz_calls_common.h). Accepted: the visibility is 0, 1 or 3, every reserved
 * bit zero, and each decoded element is the GPFN at its rep index as one 4 KiB page.
 */
#include "hvtlfs/visibility.h"

#include "fuzz_calls_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct fz_call f;
	const struct hvtlfs_hvcall_request *r = &f.req;
	uint32_t i;

	if (!fz_decode(&f, HVTLFS_CALL_MODIFY_SPARSE_GPA_PAGE_HOST_VISIBILITY, data, size))
		return 0;
	fz_common(&f, HVTLFS_HVCALL_REQ_VISIBILITY);
	if (f.rc != HVTLFS_OK || r->kind != HVTLFS_HVCALL_REQ_VISIBILITY)
		return 0;
	CHECK(hvtlfs_visibility_valid(r->host_visibility));
	CHECK(fuzz_le(f.bytes + 8, 8) == r->host_visibility);
	CHECK(r->partition_id == fuzz_le(f.bytes, 8));
	CHECK(r->range_format == HVTLFS_RANGE_FORMAT_GPFN && r->ranges_first == r->rep_start);
	for (i = 0; i < r->nranges; i++) {
		const uint64_t gpfn = fuzz_le(f.bytes + 16u + 8u * (r->rep_start + i), 8);

		fz_range_ok(&f.ranges[i]);
		CHECK(f.ranges[i].page_shift == 12 && f.ranges[i].pages == 1);
		CHECK(f.ranges[i].base == gpfn << 12 && gpfn <= HVTLFS_RANGE_MAX_PAGE);
	}
	return 0;
}
