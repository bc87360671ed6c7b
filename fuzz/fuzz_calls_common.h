/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Shared body of the harnesses of one decoder each (fuzz_visibility.c, fuzz_retarget.c,
 * fuzz_ext_query.c, fuzz_heat_hint.c): the call code is the harness's, everything else
 * comes from the input.
 *
 * Input layout:
 *   bytes 0-7    control word; bits 0-15 are replaced by the harness's call code
 *   bytes 8-9    input GPA page offset (bits 0-12: the GPA may sit in the next page)
 *   byte 10      bit 0 XMM input, bit 1 extended GVA ranges, bit 2 the
 *                EnableExtendedHypercalls privilege, bit 3 decoder option
 *                EMPTY_MASK_ALL_VPS
 *   byte 11      range capacity - 1
 *   bytes 12-13  output GPA page offset (bits 0-12); bit 15 set: output GPA 0
 *   bytes 14..   the guest's input bytes, exactly as many as remain (ASan catches a
 *                read past them)
 * Every answer is held to the invariants every decoder shares (fz_common()); each
 * harness adds its call's own.
 */
#ifndef FUZZ_CALLS_COMMON_H
#define FUZZ_CALLS_COMMON_H

#include "hvtlfs/catalog.h"
#include "hvtlfs/hvcall.h"

#include "fuzz.h"

#define FZ_HDR	      14u
#define FZ_RANGES_MAX 256u

struct fz_call {
	struct hvtlfs_hvcall_input in;
	struct hvtlfs_hvcall_request req;
	struct hvtlfs_range_entry ranges[FZ_RANGES_MAX];
	size_t cap;
	int rc;
	/* What the decoder decoded from, for the harness's own checks. */
	const uint8_t *bytes;
	size_t len;
};

/* Decodes the input as call @code; returns false when the input is too short. */
static inline bool fz_decode(struct fz_call *f, uint16_t code, const uint8_t *data, size_t size)
{
	uint64_t out_off;

	if (size < FZ_HDR)
		return false;
	memset(&f->in, 0, sizeof(f->in));
	f->in.control = (fuzz_le(data, 8) & ~0xFFFFull) | code;
	f->in.input_gpa = 0x100000u + (fuzz_le(data + 8, 2) & 0x1FFFu);
	f->in.features = 0;
	if (data[10] & 1u)
		f->in.features |= HVTLFS_HVCALL_FEAT_XMM_INPUT;
	if (data[10] & 2u)
		f->in.features |= HVTLFS_HVCALL_FEAT_EXT_GVA_RANGES;
	if (data[10] & 4u)
		f->in.features |= HVTLFS_HVCALL_FEAT_EXTENDED_HYPERCALLS;
	if (data[10] & 8u)
		f->in.options = HVTLFS_HVCALL_OPT_EMPTY_MASK_ALL_VPS;
	out_off = fuzz_le(data + 12, 2);
	f->in.output_gpa = (out_off & 0x8000u) ? 0 : 0x200000u + (out_off & 0x1FFFu);
	f->bytes = data + FZ_HDR;
	f->len = size - FZ_HDR;
	/* No bytes at all: the dispatcher of a call with no input passes none. */
	f->in.bytes = f->len ? f->bytes : NULL;
	f->in.len = f->len;
	f->cap = (size_t)data[11] % FZ_RANGES_MAX + 1u;
	f->rc = hvtlfs_hvcall_decode(&f->in, &f->req, f->ranges, f->cap);
	return true;
}

/* The invariants every decoder keeps (the same as fuzz_hvcall.c's). */
static inline void fz_common(const struct fz_call *f, uint32_t kind)
{
	const struct hvtlfs_hvcall_request *r = &f->req;
	const struct hvtlfs_call_info *ci = hvtlfs_call_lookup(r->code);
	uint32_t done = hvtlfs_result_reps_completed(r->result);
	bool reps_valid;

	if (f->rc != HVTLFS_OK) {
		/* Only a short buffer, or no bytes for a call that has input. */
		CHECK(f->rc == HVTLFS_ERR_TRUNCATED || f->rc == HVTLFS_ERR_NULL);
		return;
	}
	CHECK(ci != NULL);
	CHECK(hvtlfs_result_status(r->result) == r->status && r->nranges <= f->cap);
	CHECK(r->kind == HVTLFS_HVCALL_REQ_NONE || r->kind == kind);
	/* A reason exactly when the call is not plainly accepted; an early return is
	 * NO_SPACE; reasons are errors or OK. */
	CHECK((r->status == HVTLFS_STATUS_SUCCESS && !r->raise_ud) == (r->reason == HVTLFS_OK));
	CHECK(r->reason <= 0);
	CHECK((r->status == HVTLFS_STATUS_TIMEOUT) == (r->reason == HVTLFS_ERR_NO_SPACE));
	CHECK(!(r->status == HVTLFS_STATUS_SUCCESS && r->rep_count && done != r->rep_count));
	reps_valid = ci->kind == HVTLFS_CALL_KIND_REP && r->rep_start < r->rep_count;
	if (r->status != HVTLFS_STATUS_SUCCESS) {
		if (r->kind == HVTLFS_HVCALL_REQ_NONE)
			CHECK(done == (reps_valid ? r->rep_start : 0u));
		else
			CHECK(reps_valid && done == r->rep_start + r->nranges &&
			      done < r->rep_count);
	}
	/* An extended call is refused without the privilege, whatever else it holds. */
	if ((ci->flags & HVTLFS_CALLF_EXTENDED) &&
	    !(f->in.features & HVTLFS_HVCALL_FEAT_EXTENDED_HYPERCALLS))
		CHECK(r->status == HVTLFS_STATUS_ACCESS_DENIED &&
		      r->reason == HVTLFS_ERR_NO_PRIVILEGE);
	/* Accepted calls: the slow form only, every input byte within one page. */
	if (r->status == HVTLFS_STATUS_SUCCESS) {
		CHECK(!hvtlfs_control_is_fast(f->in.control));
		CHECK(!!(r->notes & HVTLFS_HVCALL_NOTE_OUTPUT_IGNORED) ==
		      (!(ci->flags & HVTLFS_CALLF_OUTPUT) && f->in.output_gpa != 0));
		if (ci->flags & HVTLFS_CALLF_OUTPUT)
			CHECK(r->output_gpa == f->in.output_gpa && r->output_size != 0 &&
			      (r->output_gpa & 7u) == 0 &&
			      (r->output_gpa & 0xFFFu) + r->output_size <= 4096u);
		else
			CHECK(r->output_gpa == 0 && r->output_size == 0);
	}
}

/* A decoded range is a well-formed range of the TLFS. */
static inline void fz_range_ok(const struct hvtlfs_range_entry *e)
{
	CHECK(e->page_shift == 12 || e->page_shift == 21 || e->page_shift == 30);
	CHECK(e->pages >= 1 && e->pages <= 4096u);
	CHECK((e->base & ((1ull << e->page_shift) - 1u)) == 0);
	CHECK(e->pages - 1u <= ((~0ull - e->base) >> e->page_shift));
}

#endif /* FUZZ_CALLS_COMMON_H */
