/* SPDX-License-Identifier: BSD-2-Clause */
#include "hvtlfs/hvcall_decode.h"
#include "hvtlfs/catalog.h"
#include "hvtlfs/flush.h"
#include "hvtlfs_internal.h"

/*
 * Reps completed of a refusal made before any rep element is read: the rep start,
 * the index of the first rep not completed (reps completed counts from 0, and the
 * reps below the rep start were done by the calls before this one), whenever the
 * control word names a catalog rep call with rep start below rep count. Any other
 * control word (simple call, unknown code, rep count 0, rep start >= rep count) has
 * no rep to count: 0. The one owner of that rule; a failing element reports its
 * own index instead (decode_list()).
 */
static uint32_t reps_before_elements(const struct hvtlfs_hv_request *req)
{
	const struct hvtlfs_call_info *ci = hvtlfs_call_lookup(req->code);

	if (ci && ci->kind == HVTLFS_CALL_KIND_REP && req->rep_start < req->rep_count)
		return req->rep_start;
	return 0;
}

/* A refusal before any rep element is read: the status for the guest, the library
 * check behind it for the host. */
static int reject(struct hvtlfs_hv_request *req, uint16_t status, int reason)
{
	req->kind = HVTLFS_HVREQ_NONE;
	req->status = status;
	req->reason = reason;
	req->result = hvtlfs_result_make(status, reps_before_elements(req));
	req->nranges = 0;
	return HVTLFS_OK;
}

static int accept(struct hvtlfs_hv_request *req, uint32_t kind, uint16_t status, uint32_t reps)
{
	req->kind = kind;
	req->status = status;
	req->result = hvtlfs_result_make(status, reps);
	return HVTLFS_OK;
}

static bool decoded_here(uint16_t code)
{
	switch (code) {
	case HVTLFS_CALL_FLUSH_VIRTUAL_ADDRESS_SPACE:
	case HVTLFS_CALL_FLUSH_VIRTUAL_ADDRESS_LIST:
	case HVTLFS_CALL_NOTIFY_LONG_SPIN_WAIT:
	case HVTLFS_CALL_SEND_SYNTHETIC_CLUSTER_IPI:
	case HVTLFS_CALL_FLUSH_VIRTUAL_ADDRESS_SPACE_EX:
	case HVTLFS_CALL_FLUSH_VIRTUAL_ADDRESS_LIST_EX:
	case HVTLFS_CALL_SEND_SYNTHETIC_CLUSTER_IPI_EX:
	case HVTLFS_CALL_POST_MESSAGE:
	case HVTLFS_CALL_SIGNAL_EVENT:
	case HVTLFS_CALL_FLUSH_GUEST_PHYSICAL_ADDRESS_SPACE:
	case HVTLFS_CALL_FLUSH_GUEST_PHYSICAL_ADDRESS_LIST:
		return true;
	default:
		return false;
	}
}

/* Rep elements rep_start.. of a list call, at most cap of them; sets status and result. */
static int decode_list(struct hvtlfs_hv_request *req, const uint8_t *b, size_t elem_off,
		       unsigned int format, struct hvtlfs_range_entry *ranges, size_t cap,
		       uint32_t kind)
{
	uint32_t left = req->rep_count - req->rep_start;
	uint32_t n = (uint32_t)hvtlfs_min_u64_(left, cap);
	size_t bad = n;
	int rc;

	req->range_format = format;
	req->ranges_first = req->rep_start;
	/* Entries past 2^64 - 1 are clamped, not refused: the TLFS ignores invalid GVAs. */
	rc = hvtlfs_range_list_decode(format | HVTLFS_RANGE_FMT_CLAMP,
				      b + elem_off + 8u * (size_t)req->rep_start, 8u * n, n, ranges,
				      cap, &bad);
	if (rc < 0) {
		/* Reps before the bad element are done; that element fails the call. */
		if (bad > n)
			bad = 0;
		req->nranges = (uint32_t)bad;
		req->kind = kind;
		req->status = HVTLFS_STATUS_INVALID_PARAMETER;
		req->reason = rc;
		req->result = hvtlfs_result_make(HVTLFS_STATUS_INVALID_PARAMETER,
						 req->rep_start + (uint32_t)bad);
		return HVTLFS_OK;
	}
	req->nranges = n;
	if (n < left) {
		/* The caller's array is full: an early return, not a refusal. */
		req->reason = HVTLFS_ERR_NO_SPACE;
		return accept(req, kind, HVTLFS_STATUS_TIMEOUT, req->rep_start + n);
	}
	return accept(req, kind, HVTLFS_STATUS_SUCCESS, req->rep_count);
}

static int decode_flush_va(struct hvtlfs_hv_request *req, const struct hvtlfs_hv_input *in,
			   const uint8_t *b, size_t need, uint32_t varhdr,
			   struct hvtlfs_range_entry *ranges, size_t cap)
{
	uint16_t code = req->code;
	bool ex = code == HVTLFS_CALL_FLUSH_VIRTUAL_ADDRESS_SPACE_EX ||
		  code == HVTLFS_CALL_FLUSH_VIRTUAL_ADDRESS_LIST_EX;
	bool list = code == HVTLFS_CALL_FLUSH_VIRTUAL_ADDRESS_LIST ||
		    code == HVTLFS_CALL_FLUSH_VIRTUAL_ADDRESS_LIST_EX;
	uint64_t flags;
	uint16_t st = HVTLFS_STATUS_SUCCESS;

	req->address_space = hvtlfs_guest_le64_(b);
	flags = hvtlfs_guest_le64_(b + 8);
	req->flags = flags;
	if (list) {
		if (flags & ~HVTLFS_FLUSH_LIST_FLAGS)
			return reject(req, HVTLFS_STATUS_INVALID_PARAMETER, HVTLFS_ERR_BAD_FLAGS);
		if ((flags & HVTLFS_FLUSH_USE_EXTENDED_RANGE_FORMAT) &&
		    !(in->features & HVTLFS_HV_FEAT_EXT_GVA_RANGES))
			return reject(req, HVTLFS_STATUS_INVALID_PARAMETER, HVTLFS_ERR_NO_FEATURE);
	} else if (flags & ~HVTLFS_FLUSH_SPACE_FLAGS) {
		return reject(req, HVTLFS_STATUS_INVALID_PARAMETER, HVTLFS_ERR_BAD_FLAGS);
	}
	if (ex) {
		int rc = hvtlfs_vpset_parse(&req->vps, b + 16, need - 16u, varhdr, &st);

		if (rc != HVTLFS_OK)
			return reject(req, st, rc);
	} else {
		uint64_t mask = hvtlfs_guest_le64_(b + 16);

		(void)hvtlfs_vpset_from_mask(&req->vps, mask);
		/* TLFS 6.0b, Return Values of both legacy calls: no VP and no ALL_PROCESSORS
		 * is INVALID_PARAMETER; KVM's reading (an option) flushes everyone. */
		if (hvtlfs_flush_mask_empty(flags, mask)) {
			if (!(in->options & HVTLFS_HV_OPT_EMPTY_MASK_ALL_VPS))
				return reject(req, HVTLFS_STATUS_INVALID_PARAMETER,
					      HVTLFS_ERR_EMPTY_VP_MASK);
			(void)hvtlfs_vpset_init_all(&req->vps);
		}
	}
	if (flags & HVTLFS_FLUSH_ALL_PROCESSORS)
		(void)hvtlfs_vpset_init_all(&req->vps);
	if (!list) {
		req->whole_space = 1;
		return accept(req, HVTLFS_HVREQ_FLUSH_VA, HVTLFS_STATUS_SUCCESS, 0);
	}
	return decode_list(req, b, (ex ? 32u : 24u) + 8u * (size_t)varhdr,
			   hvtlfs_gva_range_format(flags), ranges, cap, HVTLFS_HVREQ_FLUSH_VA);
}

static int decode_ipi(struct hvtlfs_hv_request *req, const uint8_t *b, size_t need, uint32_t varhdr)
{
	uint64_t w0 = hvtlfs_guest_le64_(b);
	uint32_t vector = (uint32_t)w0;
	uint32_t vtl = (uint32_t)(w0 >> 32) & 0xFFu;
	uint16_t st = HVTLFS_STATUS_SUCCESS;

	req->vector = vector;
	req->target_vtl = vtl;
	if (req->code == HVTLFS_CALL_SEND_SYNTHETIC_CLUSTER_IPI_EX) {
		int rc = hvtlfs_vpset_parse(&req->vps, b + 8, need - 8u, varhdr, &st);

		if (rc != HVTLFS_OK)
			return reject(req, st, rc);
	} else {
		(void)hvtlfs_vpset_from_mask(&req->vps, hvtlfs_guest_le64_(b + 8));
	}
	if (vector < HVTLFS_IPI_VECTOR_MIN || vector > HVTLFS_IPI_VECTOR_MAX)
		return reject(req, HVTLFS_STATUS_INVALID_PARAMETER, HVTLFS_ERR_VECTOR_RANGE);
	if (vtl & HVTLFS_INPUT_VTL_RESERVED)
		return reject(req, HVTLFS_STATUS_INVALID_PARAMETER, HVTLFS_ERR_RESERVED_BITS);
	return accept(req, HVTLFS_HVREQ_IPI, HVTLFS_STATUS_SUCCESS, 0);
}

static int decode_post_message(struct hvtlfs_hv_request *req, const uint8_t *b)
{
	uint64_t w0 = hvtlfs_guest_le64_(b), w1 = hvtlfs_guest_le64_(b + 8);
	uint32_t conn = (uint32_t)w0, type = (uint32_t)w1, size = (uint32_t)(w1 >> 32);
	uint32_t i;

	req->connection_id = conn;
	req->message_type = type;
	req->payload_size = size;
	if (conn & HVTLFS_CONNECTION_ID_RESERVED)
		return reject(req, HVTLFS_STATUS_INVALID_CONNECTION_ID, HVTLFS_ERR_RESERVED_BITS);
	if ((w0 >> 32) != 0)
		return reject(req, HVTLFS_STATUS_INVALID_PARAMETER, HVTLFS_ERR_RESERVED_BITS);
	if (type == 0 || (type & 0x80000000u))
		return reject(req, HVTLFS_STATUS_INVALID_PARAMETER, HVTLFS_ERR_INVALID_ARG);
	if (size > HVTLFS_MESSAGE_PAYLOAD_MAX)
		return reject(req, HVTLFS_STATUS_INVALID_PARAMETER, HVTLFS_ERR_PAYLOAD_TOO_BIG);
	for (i = 0; i < size; i++)
		req->payload[i] = hvtlfs_guest_u8_(b, 16u + i);
	return accept(req, HVTLFS_HVREQ_POST_MESSAGE, HVTLFS_STATUS_SUCCESS, 0);
}

static int decode_signal_event(struct hvtlfs_hv_request *req, const uint8_t *b)
{
	uint64_t w0 = hvtlfs_guest_le64_(b);
	uint32_t conn = (uint32_t)w0;

	req->connection_id = conn;
	req->flag_number = (uint32_t)(w0 >> 32) & 0xFFFFu;
	if (conn & HVTLFS_CONNECTION_ID_RESERVED)
		return reject(req, HVTLFS_STATUS_INVALID_CONNECTION_ID, HVTLFS_ERR_RESERVED_BITS);
	if ((w0 >> 48) != 0)
		return reject(req, HVTLFS_STATUS_INVALID_PARAMETER, HVTLFS_ERR_RESERVED_BITS);
	return accept(req, HVTLFS_HVREQ_SIGNAL_EVENT, HVTLFS_STATUS_SUCCESS, 0);
}

static int decode_flush_gpa(struct hvtlfs_hv_request *req, const uint8_t *b,
			    struct hvtlfs_range_entry *ranges, size_t cap)
{
	bool list = req->code == HVTLFS_CALL_FLUSH_GUEST_PHYSICAL_ADDRESS_LIST;

	req->address_space = hvtlfs_guest_le64_(b);
	req->flags = hvtlfs_guest_le64_(b + 8);
	(void)hvtlfs_vpset_init_all(&req->vps); /* acts on all processors */
	if (req->flags != 0)
		return reject(req, HVTLFS_STATUS_INVALID_PARAMETER, HVTLFS_ERR_BAD_FLAGS);
	if (!list) {
		req->whole_space = 1;
		return accept(req, HVTLFS_HVREQ_FLUSH_GPA, HVTLFS_STATUS_SUCCESS, 0);
	}
	return decode_list(req, b, 16, HVTLFS_RANGE_FMT_GPA, ranges, cap, HVTLFS_HVREQ_FLUSH_GPA);
}

int hvtlfs_hv_decode(const struct hvtlfs_hv_input *in, struct hvtlfs_hv_request *req,
		     struct hvtlfs_range_entry *ranges, size_t ranges_cap)
{
	const struct hvtlfs_call_info *info = NULL;
	const uint8_t *b;
	uint64_t control, need;
	uint32_t varhdr, reps;
	uint16_t st;
	int why = HVTLFS_OK;
	bool list;

	if (!in || !req || (!ranges && ranges_cap))
		return HVTLFS_ERR_NULL;
	if (in->options & ~HVTLFS_HV_OPT_KNOWN)
		return HVTLFS_ERR_INVALID_ARG;
	control = in->control;
	hvtlfs_zero_(req, sizeof(*req));
	req->code = hvtlfs_control_code(control);
	req->nested = hvtlfs_control_is_nested(control) ? 1u : 0u;
	req->rep_count = hvtlfs_control_rep_count(control);
	req->rep_start = hvtlfs_control_rep_start(control);
	(void)hvtlfs_vpset_from_mask(&req->vps, 0);

	st = hvtlfs_call_check(control, &info, &why);
	if (info && !decoded_here(req->code))
		return HVTLFS_ERR_UNKNOWN_CALL;
	/* A successful check always names its catalog entry. */
	if (st != HVTLFS_STATUS_SUCCESS || !info)
		return reject(req, st, why);
	list = info->kind == HVTLFS_CALL_KIND_REP;
	if (list && ranges_cap == 0)
		return HVTLFS_ERR_NO_SPACE;
	varhdr = hvtlfs_control_var_hdr_size(control);
	reps = req->rep_count;
	need = (uint64_t)info->fixed_header_size + 8u * (uint64_t)varhdr +
	       (uint64_t)info->rep_element_size * reps;

	if (hvtlfs_control_is_fast(control)) {
		if (need > HVTLFS_BUILD_FAST_XMM_BYTES)
			return reject(req, HVTLFS_STATUS_INVALID_HYPERCALL_INPUT,
				      HVTLFS_ERR_FAST_TOO_BIG);
		if (need > HVTLFS_BUILD_FAST_GPR_BYTES &&
		    !(in->features & HVTLFS_HV_FEAT_XMM_INPUT)) {
			req->raise_ud = 1;
			return reject(req, HVTLFS_STATUS_INVALID_HYPERCALL_INPUT,
				      HVTLFS_ERR_NO_FEATURE);
		}
	} else {
		uint64_t off = in->input_gpa & (HVTLFS_PAGE_SIZE - 1u);

		if (!hvtlfs_is_aligned_(in->input_gpa, HVTLFS_INPUT_ALIGN) ||
		    off + need > HVTLFS_PAGE_SIZE)
			return reject(req, HVTLFS_STATUS_INVALID_ALIGNMENT, HVTLFS_ERR_ALIGNMENT);
	}
	if (need > in->len)
		return HVTLFS_ERR_TRUNCATED;
	if (!in->bytes)
		return HVTLFS_ERR_NULL;
	b = (const uint8_t *)in->bytes;

	switch (req->code) {
	case HVTLFS_CALL_FLUSH_VIRTUAL_ADDRESS_SPACE:
	case HVTLFS_CALL_FLUSH_VIRTUAL_ADDRESS_LIST:
	case HVTLFS_CALL_FLUSH_VIRTUAL_ADDRESS_SPACE_EX:
	case HVTLFS_CALL_FLUSH_VIRTUAL_ADDRESS_LIST_EX:
		return decode_flush_va(req, in, b, (size_t)need, varhdr, ranges, ranges_cap);
	case HVTLFS_CALL_SEND_SYNTHETIC_CLUSTER_IPI:
	case HVTLFS_CALL_SEND_SYNTHETIC_CLUSTER_IPI_EX:
		return decode_ipi(req, b, (size_t)need, varhdr);
	case HVTLFS_CALL_NOTIFY_LONG_SPIN_WAIT:
		req->spin_count = (uint32_t)hvtlfs_guest_le64_(b);
		return accept(req, HVTLFS_HVREQ_SPIN_WAIT, HVTLFS_STATUS_SUCCESS, 0);
	case HVTLFS_CALL_POST_MESSAGE:
		return decode_post_message(req, b);
	case HVTLFS_CALL_SIGNAL_EVENT:
		return decode_signal_event(req, b);
	default:
		return decode_flush_gpa(req, b, ranges, ranges_cap);
	}
}

bool hvtlfs_hv_flush_covers(const struct hvtlfs_hv_request *req,
			    const struct hvtlfs_range_entry *ranges, uint32_t vp, uint32_t nvps,
			    uint64_t address_space, uint64_t gva)
{
	uint32_t i;

	/* Rejections have kind NONE; partial list requests (TIMEOUT, or a bad element)
	 * still cover the ranges decoded before they stopped. */
	if (!req || (req->kind != HVTLFS_HVREQ_FLUSH_VA && req->kind != HVTLFS_HVREQ_FLUSH_GPA))
		return false;
	if (hvtlfs_vpset_is_all(&req->vps) ? vp >= nvps : !hvtlfs_vpset_contains(&req->vps, vp))
		return false;
	if (!(req->flags & HVTLFS_FLUSH_ALL_VIRTUAL_ADDRESS_SPACES) ||
	    req->kind != HVTLFS_HVREQ_FLUSH_VA) {
		if (req->address_space != address_space)
			return false;
	}
	if (req->whole_space)
		return true;
	if (!ranges)
		return false;
	for (i = 0; i < req->nranges; i++) {
		uint64_t base = ranges[i].base;
		uint64_t last = base + ((ranges[i].pages << ranges[i].page_shift) - 1u);

		if (gva >= base && gva <= last)
			return true;
	}
	return false;
}
