/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What the harnesses of the VP-register, AP start-up and VTL decoders share: one call
 * of hvtlfs_hvcall_decode_into() for a call code the harness picks, and the invariants
 * every answer keeps. Input layout:
 * bytes 0-7 control word (its code field replaced by codes[byte 8 % n]), 9-10 input
 * GPA page offset, 11-12 output GPA page offset, 13 features (bit 0 XMM input, 1 XMM
 * output, 2 arm64 register set) and options (bit 3 refuse unknown registers, bit 4
 * the empty-mask option, bit 5 an output GPA of 0), 14 array capacity - 1, 15-22 the
 * VTL switch input (RAX), then the guest's input bytes (exactly as long as the rest:
 * ASan catches any read past them).
 */
#ifndef HVTLFS_FUZZ_DECODE_COMMON_H
#define HVTLFS_FUZZ_DECODE_COMMON_H

#include "hvtlfs/catalog.h"
#include "hvtlfs/hvcall.h"

#include "fuzz.h"

static inline int fuzz_decode(const uint8_t *data, size_t size, const uint16_t *codes, size_t n)
{
	static struct hvtlfs_register_entry regs[256];
	static uint32_t ids[256];
	static struct hvtlfs_range_entry ranges[4];
	static uint8_t out[4096];
	static struct hvtlfs_register_value values[256];
	static uint32_t vps[256];
	struct hvtlfs_hvcall_input in;
	struct hvtlfs_hvcall_elements el;
	struct hvtlfs_hvcall_request req;
	uint32_t i, done, left;
	size_t cap, out_cap;
	bool fast, rep;
	int rc;

	if (size < 23)
		return 0;
	in.control = (fuzz_le(data, 8) & ~(uint64_t)0xFFFFu) | codes[data[8] % n];
	in.input_gpa = 0x100000u + (fuzz_le(data + 9, 2) & 0xFFFu);
	in.output_gpa = (data[13] & 0x20u) ? 0 : 0x200000u + (fuzz_le(data + 11, 2) & 0x1FFFu);
	in.features = ((data[13] & 1u) ? HVTLFS_HVCALL_FEAT_XMM_INPUT : 0u) |
		      ((data[13] & 2u) ? HVTLFS_HVCALL_FEAT_XMM_OUTPUT : 0u) |
		      ((data[13] & 4u) ? HVTLFS_HVCALL_FEAT_ARM64 : 0u);
	in.options = ((data[13] & 8u) ? HVTLFS_HVCALL_OPT_REFUSE_UNKNOWN_REGISTERS : 0u) |
		     ((data[13] & 16u) ? HVTLFS_HVCALL_OPT_EMPTY_MASK_ALL_VPS : 0u);
	in.vtl_input = fuzz_le(data + 15, 8);
	in.bytes = data + 23;
	in.len = size - 23;
	cap = (size_t)data[14] + 1u;
	el.ranges = ranges;
	el.ranges_cap = 4;
	el.registers = regs;
	el.registers_cap = cap;
	el.apic_ids = ids;
	el.apic_ids_cap = cap;
	rc = hvtlfs_hvcall_decode_into(&in, &req, &el);
	CHECK(rc == HVTLFS_OK || rc == HVTLFS_ERR_TRUNCATED);
	if (rc != HVTLFS_OK)
		return 0;
	fast = hvtlfs_control_is_fast(in.control);
	rep = hvtlfs_call_lookup(req.code) &&
	      hvtlfs_call_lookup(req.code)->kind == HVTLFS_CALL_KIND_REP;
	done = hvtlfs_result_reps_completed(req.result);
	left = req.rep_start < req.rep_count ? req.rep_count - req.rep_start : 0;
	/* The result carries the status (a VTL switch has none: 0); a reason exactly when
	 * the call is not plainly accepted; an early return is NO_SPACE. */
	CHECK(hvtlfs_result_status(req.result) == req.status);
	CHECK(((req.status == HVTLFS_STATUS_SUCCESS && !req.raise_ud) ==
	       (req.reason == HVTLFS_OK)) &&
	      req.reason <= 0 &&
	      (req.status == HVTLFS_STATUS_TIMEOUT) == (req.reason == HVTLFS_ERR_NO_SPACE));
	CHECK(req.nelements <= cap && req.nelements <= left);
	if (req.status == HVTLFS_STATUS_SUCCESS && rep)
		CHECK(done == req.rep_count && req.nelements == left);
	if (req.status == HVTLFS_STATUS_TIMEOUT)
		CHECK(req.nelements == cap && done == req.rep_start + req.nelements);
	if (req.kind == HVTLFS_HVCALL_REQ_NONE)
		CHECK(req.nelements == 0 && req.output_size == 0);
	/* Output: inside the output page from its GPA (slow) or the register image (fast:
	 * 112 bytes of XMM0-XMM5 on x64, 128 bytes of X2-X17 on arm64), and the writers put
	 * exactly the decoded elements there. */
	out_cap = !fast ? HVTLFS_PAGE_SIZE - (in.output_gpa & 0xFFFu)
		  : (in.features & HVTLFS_HVCALL_FEAT_ARM64) ? HVTLFS_FAST_ARM64_BYTES
							     : HVTLFS_FAST_XMM_BYTES;
	CHECK((uint64_t)req.output_offset + req.output_size <= out_cap);
	if (req.kind == HVTLFS_HVCALL_REQ_VP_REGISTERS) {
		const unsigned int set = (in.features & HVTLFS_HVCALL_FEAT_ARM64)
						 ? HVTLFS_REGSET_ARM64
						 : HVTLFS_REGSET_X64;

		for (i = 0; i < req.nelements; i++)
			CHECK(regs[i].info == hvtlfs_register_lookup(regs[i].name, set));
		if (req.code == HVTLFS_CALL_GET_VP_REGISTERS) {
			CHECK(req.output_size == 16u * req.nelements);
			CHECK(hvtlfs_hvcall_put_register_values(&req, values, req.nelements, out,
								out_cap) == HVTLFS_OK);
		} else {
			CHECK(req.output_size == 0);
		}
	}
	if (req.kind == HVTLFS_HVCALL_REQ_VP_INDEX) {
		CHECK(req.output_size == 4u * req.nelements);
		CHECK(hvtlfs_hvcall_put_vp_indices(&req, vps, req.nelements, out, out_cap) ==
		      HVTLFS_OK);
	}
	if (req.kind == HVTLFS_HVCALL_REQ_ENABLE_VP_VTL || req.kind == HVTLFS_HVCALL_REQ_START_VP ||
	    req.kind == HVTLFS_HVCALL_REQ_ENABLE_PARTITION_VTL ||
	    req.kind == HVTLFS_HVCALL_REQ_VP_INDEX)
		CHECK(req.target_vtl <= HVTLFS_VTL_MAX && req.partition_id != 0);
	if (req.kind == HVTLFS_HVCALL_REQ_VTL_SWITCH)
		CHECK(in.control == req.code && req.result == 0 &&
		      (req.code == HVTLFS_CALL_VTL_CALL ? in.vtl_input == 0 : in.vtl_input <= 1));
	return 0;
}

#endif /* HVTLFS_FUZZ_DECODE_COMMON_H */
