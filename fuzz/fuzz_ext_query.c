/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * libFuzzer harness for the decoder of HvExtCallQueryCapabilities (input layout:
 * fuzz_calls_common.h). Accepted only with the EnableExtendedHypercalls privilege, as a
 * simple slow call, whatever the input GPA and bytes (the call has none); its u64 goes
 * to the output GPA, 8-byte aligned.
 */
#include "hvtlfs/extended.h"

#include "fuzz_calls_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct fz_call f;
	const struct hvtlfs_hvcall_request *r = &f.req;

	if (!fz_decode(&f, HVTLFS_CALL_EXT_QUERY_CAPABILITIES, data, size))
		return 0;
	fz_common(&f, HVTLFS_HVCALL_REQ_EXT_QUERY_CAPABILITIES);
	/* No input: never too short, never missing. */
	CHECK(f.rc == HVTLFS_OK);
	if (r->kind != HVTLFS_HVCALL_REQ_EXT_QUERY_CAPABILITIES)
		return 0;
	CHECK(f.in.features & HVTLFS_HVCALL_FEAT_EXTENDED_HYPERCALLS);
	CHECK(r->status == HVTLFS_STATUS_SUCCESS && r->output_size == sizeof(uint64_t));
	CHECK(hvtlfs_control_rep_count(f.in.control) == 0 &&
	      hvtlfs_control_var_hdr_size(f.in.control) == 0);
	return 0;
}
