/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * libFuzzer harness for the hypervisor-side decoder. Input layout:
 * bytes 0-7 control word, 8-9 input GPA page offset, 10 feature bits, 11 range
 * capacity, then the guest's input bytes (exactly as long as the rest: ASan
 * catches any read past them).
 */
#include "hvtlfs/hvcall_decode.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static uint64_t le64(const uint8_t *p)
{
	uint64_t v = 0;
	unsigned int i;

	for (i = 0; i < 8u; i++)
		v |= (uint64_t)p[i] << (8u * i);
	return v;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct hvtlfs_range_entry ranges[256];
	struct hvtlfs_hv_input in;
	struct hvtlfs_hv_request req;
	size_t cap;
	uint32_t i;

	if (size < 12)
		return 0;
	in.control = le64(data);
	in.input_gpa = 0x100000u + (((uint64_t)data[8] | ((uint64_t)data[9] << 8)) & 0x1FFFu);
	in.features = data[10] & 3u;
	in.options = 0;
	in.bytes = data + 12;
	in.len = size - 12;
	cap = (size_t)data[11] + 1u;
	if (hvtlfs_hv_decode(&in, &req, ranges, cap) != HVTLFS_OK)
		return 0;
	/* Invariants: the result carries the status; decoded ranges fit the array. */
	if (hvtlfs_result_status(req.result) != req.status || req.nranges > cap)
		__builtin_trap();
	if (req.status == HVTLFS_STATUS_SUCCESS && req.rep_count &&
	    hvtlfs_result_reps_completed(req.result) != req.rep_count)
		__builtin_trap();
	/* A reason exactly when the call is not plainly accepted; an early return is NO_SPACE. */
	if ((req.status == HVTLFS_STATUS_SUCCESS && !req.raise_ud) != (req.reason == HVTLFS_OK) ||
	    req.reason > 0 ||
	    (req.status == HVTLFS_STATUS_TIMEOUT) != (req.reason == HVTLFS_ERR_NO_SPACE))
		__builtin_trap();
	for (i = 0; i < 8u; i++)
		(void)hvtlfs_hv_flush_covers(&req, ranges, i * 600u, 4096u, le64(data),
					     (uint64_t)i << 30);
	return 0;
}
