/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * libFuzzer harness for the hypervisor-side decoder. Input layout:
 * bytes 0-7 control word, 8-9 input GPA page offset, 10 feature bits (0-1) and
 * decoder options (2-4: bit 2 is HVTLFS_HVCALL_OPT_EMPTY_MASK_ALL_VPS, bit 3
 * HVTLFS_HVCALL_OPT_LIST_NON_GLOBAL, bit 4 an option that does not exist), 11 range
 * capacity, then the guest's input bytes (exactly as
 * long as the rest: ASan catches any read past them).
 */
#include "hvtlfs/catalog.h"
#include "hvtlfs/flush.h"
#include "hvtlfs/hvcall.h"

#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct hvtlfs_range_entry ranges[256];
	struct hvtlfs_hvcall_input in;
	struct hvtlfs_hvcall_request req;
	size_t cap;
	uint32_t i, done;
	bool legacy;
	int rc;

	if (size < 12)
		return 0;
	in.control = fuzz_le(data, 8);
	in.input_gpa = 0x100000u + (((uint64_t)data[8] | ((uint64_t)data[9] << 8)) & 0x1FFFu);
	in.output_gpa = 0; /* the output GPA and the newer calls: fuzz_visibility and others */
	in.features = data[10] & 3u;
	in.options = (data[10] >> 2) & 7u;
	in.bytes = data + 12;
	in.len = size - 12;
	cap = (size_t)data[11] + 1u;
	rc = hvtlfs_hvcall_decode(&in, &req, ranges, cap);
	CHECK(!(in.options & ~HVTLFS_HVCALL_OPT_KNOWN) || rc == HVTLFS_ERR_INVALID_ARG);
	if (rc != HVTLFS_OK)
		return 0;
	/* Invariants: the result carries the status; decoded ranges fit the array. */
	CHECK(hvtlfs_result_status(req.result) == req.status && req.nranges <= cap);
	done = hvtlfs_result_reps_completed(req.result);
	CHECK(!(req.status == HVTLFS_STATUS_SUCCESS && req.rep_count && done != req.rep_count));
	/* Reps completed of a refusal: the rep start when refused before any element
	 * (0 without a valid rep range), the failing element's index otherwise; an
	 * early return stops where the decoded prefix ends. */
	if (req.status != HVTLFS_STATUS_SUCCESS) {
		const struct hvtlfs_call_info *ci = hvtlfs_call_lookup(req.code);
		bool reps_valid =
			ci && ci->kind == HVTLFS_CALL_KIND_REP && req.rep_start < req.rep_count;

		if (req.kind == HVTLFS_HVCALL_REQ_NONE)
			CHECK(done == (reps_valid ? req.rep_start : 0u));
		else
			CHECK(reps_valid && done == req.rep_start + req.nranges &&
			      done < req.rep_count);
	}
	/* A legacy flush never flushes nobody: refused (TLFS) or, with the KVM option,
	 * every VP; an empty-mask refusal happens exactly there. */
	legacy = req.code == HVTLFS_CALL_FLUSH_VIRTUAL_ADDRESS_SPACE ||
		 req.code == HVTLFS_CALL_FLUSH_VIRTUAL_ADDRESS_LIST;
	CHECK(!(req.kind == HVTLFS_HVCALL_REQ_FLUSH_VA && legacy &&
		!hvtlfs_vpset_is_all(&req.vps) && hvtlfs_vpset_count(&req.vps, 0) == 0));
	/* HV_FLUSH_NON_GLOBAL_MAPPINGS_ONLY on an accepted list flush only with its option. */
	CHECK(!(req.kind == HVTLFS_HVCALL_REQ_FLUSH_VA && !req.whole_space &&
		(req.flags & HVTLFS_FLUSH_NON_GLOBAL_MAPPINGS_ONLY) &&
		!(in.options & HVTLFS_HVCALL_OPT_LIST_NON_GLOBAL)));
	/* (HvCallRetargetDeviceInterrupt refuses an interrupt aimed at nobody with the same
	 * reason.) */
	CHECK(!(req.reason == HVTLFS_ERR_EMPTY_VP_MASK &&
		req.code != HVTLFS_CALL_RETARGET_DEVICE_INTERRUPT &&
		(!legacy || (in.options & HVTLFS_HVCALL_OPT_EMPTY_MASK_ALL_VPS) || in.len < 24 ||
		 !hvtlfs_flush_mask_empty(fuzz_le(data + 12 + 8, 8), fuzz_le(data + 12 + 16, 8)))));
	/* A reason exactly when the call is not plainly accepted; an early return is NO_SPACE. */
	CHECK(!((req.status == HVTLFS_STATUS_SUCCESS && !req.raise_ud) !=
			(req.reason == HVTLFS_OK) ||
		req.reason > 0 ||
		(req.status == HVTLFS_STATUS_TIMEOUT) != (req.reason == HVTLFS_ERR_NO_SPACE)));
	for (i = 0; i < 8u; i++)
		(void)hvtlfs_hvcall_flush_covers(&req, ranges, i * 600u, 4096u, fuzz_le(data, 8),
						 (uint64_t)i << 30);
	return 0;
}
