/* SPDX-License-Identifier: BSD-2-Clause */
#include "hvtlfs/hvcall.h"
#include "hvtlfs/catalog.h"
#include "hvtlfs/flush.h"
#include "hvtlfs_internal.h"

/* Field @member of wire struct @type at guest memory @b: its bytes, each read once. */
#define GUEST_FIELD_(b, type, member)                                                              \
	hvtlfs_guest_le_((const uint8_t *)(b) + HVTLFS_OFFSETOF(type, member),                     \
			 (unsigned int)sizeof(((type *)0)->member))

/*
 * Reps completed of a refusal made before any rep element is read: the rep start,
 * the index of the first rep not completed (reps completed counts from 0, and the
 * reps below the rep start were done by the calls before this one), whenever the
 * control word names a catalog rep call with rep start below rep count. Any other
 * control word (simple call, unknown code, rep count 0, rep start >= rep count) has
 * no rep to count: 0. The one owner of that rule; a failing element reports its
 * own index instead (decode_list()).
 */
static uint32_t reps_before_elements(const struct hvtlfs_hvcall_request *req)
{
	const struct hvtlfs_call_info *ci = hvtlfs_call_lookup(req->code);

	if (ci && ci->kind == HVTLFS_CALL_KIND_REP && req->rep_start < req->rep_count)
		return req->rep_start;
	return 0;
}

/* A refusal before any rep element is read: the status for the guest, the library
 * check behind it for the host. */
static int reject(struct hvtlfs_hvcall_request *req, uint16_t status, int reason)
{
	req->kind = HVTLFS_HVCALL_REQ_NONE;
	req->status = status;
	req->reason = reason;
	req->result = hvtlfs_result_encode(status, reps_before_elements(req));
	req->nranges = 0;
	return HVTLFS_OK;
}

static int accept(struct hvtlfs_hvcall_request *req, uint32_t kind, uint16_t status, uint32_t reps)
{
	req->kind = kind;
	req->status = status;
	req->result = hvtlfs_result_encode(status, reps);
	return HVTLFS_OK;
}

/*
 * The decoding of one call: what the guest passed (@in, its input @b of @need bytes
 * as the catalog sizes it), the call's catalog row, and the request kind of its
 * DECODER column. Sets status and result (accept() or reject()).
 */
struct call_ {
	const struct hvtlfs_hvcall_input *in;
	const struct hvtlfs_call_info *info;
	const uint8_t *b;
	size_t need;
	uint32_t varhdr;
	uint32_t kind;
	struct hvtlfs_range_entry *ranges;
	size_t cap;
};

typedef int (*decoder_fn_)(struct hvtlfs_hvcall_request *req, const struct call_ *c);

/* Rep elements rep_start.. of a list call, at most cap of them; sets status and result.
 * They follow the fixed header and the variable header, one 64-bit entry a rep. */
static int decode_list(struct hvtlfs_hvcall_request *req, const struct call_ *c,
		       unsigned int format)
{
	size_t elem_off = c->info->fixed_header_size + sizeof(uint64_t) * (size_t)c->varhdr;
	uint32_t left = req->rep_count - req->rep_start;
	uint32_t n = (uint32_t)hvtlfs_min_u64_(left, c->cap);
	size_t bad = n;
	int rc;

	req->range_format = format;
	req->ranges_first = req->rep_start;
	/* Entries past 2^64 - 1 are clamped, not refused: the TLFS ignores invalid GVAs. */
	rc = hvtlfs_range_list_decode(format | HVTLFS_RANGE_DECODE_CLAMP,
				      c->b + elem_off + sizeof(uint64_t) * (size_t)req->rep_start,
				      sizeof(uint64_t) * n, n, c->ranges, c->cap, &bad);
	if (rc < 0) {
		/* Reps before the bad element are done; that element fails the call. */
		if (bad > n)
			bad = 0;
		req->nranges = (uint32_t)bad;
		req->kind = c->kind;
		req->status = HVTLFS_STATUS_INVALID_PARAMETER;
		req->reason = rc;
		req->result = hvtlfs_result_encode(HVTLFS_STATUS_INVALID_PARAMETER,
						   req->rep_start + (uint32_t)bad);
		return HVTLFS_OK;
	}
	req->nranges = n;
	if (n < left) {
		/* The caller's array is full: an early return, not a refusal. */
		req->reason = HVTLFS_ERR_NO_SPACE;
		return accept(req, c->kind, HVTLFS_STATUS_TIMEOUT, req->rep_start + n);
	}
	return accept(req, c->kind, HVTLFS_STATUS_SUCCESS, req->rep_count);
}

/* HvFlushVirtualAddressSpace/List and their Ex forms: struct hvtlfs_flush_input, or
 * struct hvtlfs_flush_ex_input and its HV_VP_SET. */
static int decode_flush_va(struct hvtlfs_hvcall_request *req, const struct call_ *c)
{
	const bool ex = (c->info->flags & HVTLFS_CALLF_VPSET_BANKS) != 0;
	const bool list = c->info->kind == HVTLFS_CALL_KIND_REP;
	uint64_t flags;
	uint16_t st = HVTLFS_STATUS_SUCCESS;

	HVTLFS_STATIC_ASSERT(HVTLFS_OFFSETOF(struct hvtlfs_flush_input, flags) ==
				     HVTLFS_OFFSETOF(struct hvtlfs_flush_ex_input, flags),
			     "the legacy and Ex flush headers start alike");
	req->address_space = GUEST_FIELD_(c->b, struct hvtlfs_flush_input, address_space);
	flags = GUEST_FIELD_(c->b, struct hvtlfs_flush_input, flags);
	req->flags = flags;
	if (list) {
		if (flags & ~HVTLFS_FLUSH_LIST_FLAGS)
			return reject(req, HVTLFS_STATUS_INVALID_PARAMETER, HVTLFS_ERR_BAD_FLAGS);
		if ((flags & HVTLFS_FLUSH_USE_EXTENDED_RANGE_FORMAT) &&
		    !(c->in->features & HVTLFS_HVCALL_FEAT_EXT_GVA_RANGES))
			return reject(req, HVTLFS_STATUS_INVALID_PARAMETER, HVTLFS_ERR_NO_FEATURE);
	} else if (flags & ~HVTLFS_FLUSH_SPACE_FLAGS) {
		return reject(req, HVTLFS_STATUS_INVALID_PARAMETER, HVTLFS_ERR_BAD_FLAGS);
	}
	if (ex) {
		const size_t at = HVTLFS_OFFSETOF(struct hvtlfs_flush_ex_input, vp_set_format);
		int rc = hvtlfs_vpset_decode(&req->vps, c->b + at, c->need - at, c->varhdr, &st);

		if (rc != HVTLFS_OK)
			return reject(req, st, rc);
	} else {
		uint64_t mask = GUEST_FIELD_(c->b, struct hvtlfs_flush_input, processor_mask);

		(void)hvtlfs_vpset_decode_mask(&req->vps, mask);
		/* TLFS 6.0b, Return Values of both legacy calls: no VP and no ALL_PROCESSORS
		 * is INVALID_PARAMETER; KVM's reading (an option) flushes everyone. */
		if (hvtlfs_flush_mask_empty(flags, mask)) {
			if (!(c->in->options & HVTLFS_HVCALL_OPT_EMPTY_MASK_ALL_VPS))
				return reject(req, HVTLFS_STATUS_INVALID_PARAMETER,
					      HVTLFS_ERR_EMPTY_VP_MASK);
			(void)hvtlfs_vpset_init_all(&req->vps);
		}
	}
	if (flags & HVTLFS_FLUSH_ALL_PROCESSORS)
		(void)hvtlfs_vpset_init_all(&req->vps);
	if (!list) {
		req->whole_space = true;
		return accept(req, c->kind, HVTLFS_STATUS_SUCCESS, 0);
	}
	return decode_list(req, c, hvtlfs_gva_range_format(flags));
}

/* HvSendSyntheticClusterIpi (struct hvtlfs_ipi_input) and Ex (struct
 * hvtlfs_ipi_ex_input and its HV_VP_SET). */
static int decode_ipi(struct hvtlfs_hvcall_request *req, const struct call_ *c)
{
	uint32_t vector = (uint32_t)GUEST_FIELD_(c->b, struct hvtlfs_ipi_input, vector);
	uint32_t vtl = (uint32_t)GUEST_FIELD_(c->b, struct hvtlfs_ipi_input, target_vtl);
	uint16_t st = HVTLFS_STATUS_SUCCESS;

	req->vector = vector;
	req->target_vtl = vtl;
	if (c->info->flags & HVTLFS_CALLF_VPSET_BANKS) {
		const size_t at = HVTLFS_OFFSETOF(struct hvtlfs_ipi_ex_input, vp_set_format);
		int rc = hvtlfs_vpset_decode(&req->vps, c->b + at, c->need - at, c->varhdr, &st);

		if (rc != HVTLFS_OK)
			return reject(req, st, rc);
	} else {
		(void)hvtlfs_vpset_decode_mask(
			&req->vps, GUEST_FIELD_(c->b, struct hvtlfs_ipi_input, processor_mask));
	}
	if (vector < HVTLFS_IPI_VECTOR_MIN || vector > HVTLFS_IPI_VECTOR_MAX)
		return reject(req, HVTLFS_STATUS_INVALID_PARAMETER, HVTLFS_ERR_VECTOR_RANGE);
	if (vtl & HVTLFS_INPUT_VTL_RESERVED)
		return reject(req, HVTLFS_STATUS_INVALID_PARAMETER, HVTLFS_ERR_RESERVED_BITS);
	return accept(req, c->kind, HVTLFS_STATUS_SUCCESS, 0);
}

/* HvNotifyLongSpinWait (struct hvtlfs_spin_wait_input): advisory, always accepted. */
static int decode_spin_wait(struct hvtlfs_hvcall_request *req, const struct call_ *c)
{
	req->spin_count = (uint32_t)GUEST_FIELD_(c->b, struct hvtlfs_spin_wait_input, spin_count);
	return accept(req, c->kind, HVTLFS_STATUS_SUCCESS, 0);
}

/*
 * The rule of the two calls that name a connection: no reserved bit of the
 * connection ID (HV_STATUS_INVALID_CONNECTION_ID), then a zero reserved word
 * (HV_STATUS_INVALID_PARAMETER). Returns the refusing status, or success.
 */
static uint16_t connection_status(uint32_t conn, uint32_t rsvdz)
{
	if (conn & HVTLFS_CONNECTION_ID_RESERVED)
		return HVTLFS_STATUS_INVALID_CONNECTION_ID;
	return rsvdz != 0 ? HVTLFS_STATUS_INVALID_PARAMETER : HVTLFS_STATUS_SUCCESS;
}

/* HvPostMessage (struct hvtlfs_post_message_input). */
static int decode_post_message(struct hvtlfs_hvcall_request *req, const struct call_ *c)
{
	uint32_t conn =
		(uint32_t)GUEST_FIELD_(c->b, struct hvtlfs_post_message_input, connection_id);
	uint32_t rsvdz = (uint32_t)GUEST_FIELD_(c->b, struct hvtlfs_post_message_input, rsvdz);
	uint32_t type =
		(uint32_t)GUEST_FIELD_(c->b, struct hvtlfs_post_message_input, message_type);
	uint32_t size =
		(uint32_t)GUEST_FIELD_(c->b, struct hvtlfs_post_message_input, payload_size);
	const size_t at = HVTLFS_OFFSETOF(struct hvtlfs_post_message_input, payload);
	uint16_t status;
	uint32_t i;

	req->connection_id = conn;
	req->message_type = type;
	req->payload_size = size;
	status = connection_status(conn, rsvdz);
	if (status != HVTLFS_STATUS_SUCCESS)
		return reject(req, status, HVTLFS_ERR_RESERVED_BITS);
	if (type == 0 || (type & 0x80000000u))
		return reject(req, HVTLFS_STATUS_INVALID_PARAMETER, HVTLFS_ERR_INVALID_ARG);
	if (size > HVTLFS_MESSAGE_PAYLOAD_MAX)
		return reject(req, HVTLFS_STATUS_INVALID_PARAMETER, HVTLFS_ERR_PAYLOAD_TOO_BIG);
	for (i = 0; i < size; i++)
		req->payload[i] = hvtlfs_guest_u8_(c->b, at + i);
	return accept(req, c->kind, HVTLFS_STATUS_SUCCESS, 0);
}

/* HvSignalEvent (struct hvtlfs_signal_event_input). */
static int decode_signal_event(struct hvtlfs_hvcall_request *req, const struct call_ *c)
{
	uint32_t conn =
		(uint32_t)GUEST_FIELD_(c->b, struct hvtlfs_signal_event_input, connection_id);
	uint32_t flag = (uint32_t)GUEST_FIELD_(c->b, struct hvtlfs_signal_event_input, flag_number);
	uint32_t rsvdz = (uint32_t)GUEST_FIELD_(c->b, struct hvtlfs_signal_event_input, rsvdz);
	uint16_t status;

	req->connection_id = conn;
	req->flag_number = flag;
	status = connection_status(conn, rsvdz);
	if (status != HVTLFS_STATUS_SUCCESS)
		return reject(req, status, HVTLFS_ERR_RESERVED_BITS);
	return accept(req, c->kind, HVTLFS_STATUS_SUCCESS, 0);
}

/* HvFlushGuestPhysicalAddressSpace/List (struct hvtlfs_gpa_flush_input): all processors. */
static int decode_flush_gpa(struct hvtlfs_hvcall_request *req, const struct call_ *c)
{
	req->address_space = GUEST_FIELD_(c->b, struct hvtlfs_gpa_flush_input, address_space);
	req->flags = GUEST_FIELD_(c->b, struct hvtlfs_gpa_flush_input, flags);
	(void)hvtlfs_vpset_init_all(&req->vps);
	if (req->flags != 0)
		return reject(req, HVTLFS_STATUS_INVALID_PARAMETER, HVTLFS_ERR_BAD_FLAGS);
	if (c->info->kind != HVTLFS_CALL_KIND_REP) {
		req->whole_space = true;
		return accept(req, c->kind, HVTLFS_STATUS_SUCCESS, 0);
	}
	return decode_list(req, c, HVTLFS_RANGE_FORMAT_GPA);
}

/*
 * The dispatch table, row for row the catalog's: the DECODER column of
 * HVTLFS_CALL_LIST names the request kind and, through it, the decoder. A call is
 * decoded here exactly when its row names a decoder.
 */
#define DECODER_NONE_	      NULL
#define DECODER_FLUSH_VA_     decode_flush_va
#define DECODER_IPI_	      decode_ipi
#define DECODER_SPIN_WAIT_    decode_spin_wait
#define DECODER_POST_MESSAGE_ decode_post_message
#define DECODER_SIGNAL_EVENT_ decode_signal_event
#define DECODER_FLUSH_GPA_    decode_flush_gpa
#define DISPATCH_ROW_(name, code, tlfs_name, kind, flags, hdr, elem, decoder)                      \
	{ DECODER_##decoder##_, HVTLFS_HVCALL_REQ_##decoder },

static const struct {
	decoder_fn_ fn;
	uint32_t kind;
} dispatch[] = { HVTLFS_CALL_LIST(DISPATCH_ROW_) };

int hvtlfs_hvcall_check(const struct hvtlfs_hvcall_input *in, struct hvtlfs_hvcall_request *req,
			size_t *need)
{
	const struct hvtlfs_call_info *info = NULL;
	uint64_t control, size;
	uint16_t st;
	int why = HVTLFS_OK;

	if (!in || !req)
		return HVTLFS_ERR_NULL;
	if (in->options & ~HVTLFS_HVCALL_OPT_KNOWN)
		return HVTLFS_ERR_INVALID_ARG;
	control = in->control;
	hvtlfs_zero_(req, sizeof(*req));
	req->code = hvtlfs_control_code(control);
	req->nested = hvtlfs_control_is_nested(control);
	req->rep_count = hvtlfs_control_rep_count(control);
	req->rep_start = hvtlfs_control_rep_start(control);
	(void)hvtlfs_vpset_decode_mask(&req->vps, 0);
	if (need)
		*need = 0;

	st = hvtlfs_call_check(control, &info, &why);
	/* A successful check always names its catalog entry. */
	if (st != HVTLFS_STATUS_SUCCESS || !info)
		return reject(req, st, why);
	size = (uint64_t)info->fixed_header_size +
	       sizeof(uint64_t) * (uint64_t)hvtlfs_control_var_hdr_size(control) +
	       (uint64_t)info->rep_element_size * req->rep_count;

	if (hvtlfs_control_is_fast(control)) {
		if (size > HVTLFS_FAST_XMM_BYTES)
			return reject(req, HVTLFS_STATUS_INVALID_HYPERCALL_INPUT,
				      HVTLFS_ERR_FAST_TOO_BIG);
		if (size > HVTLFS_FAST_GPR_BYTES &&
		    !(in->features & HVTLFS_HVCALL_FEAT_XMM_INPUT)) {
			req->raise_ud = true;
			return reject(req, HVTLFS_STATUS_INVALID_HYPERCALL_INPUT,
				      HVTLFS_ERR_NO_FEATURE);
		}
	} else {
		uint64_t off = in->input_gpa & (HVTLFS_PAGE_SIZE - 1u);

		if (!hvtlfs_is_aligned_(in->input_gpa, HVTLFS_INPUT_ALIGN) ||
		    off + size > HVTLFS_PAGE_SIZE)
			return reject(req, HVTLFS_STATUS_INVALID_ALIGNMENT, HVTLFS_ERR_ALIGNMENT);
	}
	/* At most a page (slow) or 112 bytes (fast): fits a size_t. */
	if (need)
		*need = (size_t)size;
	return HVTLFS_OK;
}

int hvtlfs_hvcall_decode(const struct hvtlfs_hvcall_input *in, struct hvtlfs_hvcall_request *req,
			 struct hvtlfs_range_entry *ranges, size_t ranges_cap)
{
	const struct hvtlfs_call_info *info;
	struct call_ c;
	size_t row, need = 0;
	int rc;

	if (!in || !req || (!ranges && ranges_cap))
		return HVTLFS_ERR_NULL;
	rc = hvtlfs_hvcall_check(in, req, &need);
	if (rc != HVTLFS_OK)
		return rc;
	info = hvtlfs_call_lookup(req->code);
	/* The catalog and the table come from the one list, in its order. */
	row = info ? (size_t)(info - hvtlfs_call_catalog(NULL)) : 0;
	if (info && !dispatch[row].fn)
		return HVTLFS_ERR_UNKNOWN_CALL;
	if (info && info->kind == HVTLFS_CALL_KIND_REP && ranges_cap == 0 &&
	    req->status == HVTLFS_STATUS_SUCCESS)
		return HVTLFS_ERR_NO_SPACE;
	if (req->status != HVTLFS_STATUS_SUCCESS || req->raise_ud || !info)
		return HVTLFS_OK;
	c.in = in;
	c.info = info;
	c.varhdr = hvtlfs_control_var_hdr_size(in->control);
	c.kind = dispatch[row].kind;
	c.ranges = ranges;
	c.cap = ranges_cap;
	if (need > in->len)
		return HVTLFS_ERR_TRUNCATED;
	if (!in->bytes)
		return HVTLFS_ERR_NULL;
	c.b = (const uint8_t *)in->bytes;
	c.need = need;
	return dispatch[row].fn(req, &c);
}

bool hvtlfs_hvcall_flush_covers(const struct hvtlfs_hvcall_request *req,
				const struct hvtlfs_range_entry *ranges, uint32_t vp, uint32_t nvps,
				uint64_t address_space, uint64_t gva)
{
	uint32_t i;

	/* Rejections have kind NONE; partial list requests (TIMEOUT, or a bad element)
	 * still cover the ranges decoded before they stopped. */
	if (!req ||
	    (req->kind != HVTLFS_HVCALL_REQ_FLUSH_VA && req->kind != HVTLFS_HVCALL_REQ_FLUSH_GPA))
		return false;
	if (hvtlfs_vpset_is_all(&req->vps) ? vp >= nvps : !hvtlfs_vpset_contains(&req->vps, vp))
		return false;
	if (!(req->flags & HVTLFS_FLUSH_ALL_VIRTUAL_ADDRESS_SPACES) ||
	    req->kind != HVTLFS_HVCALL_REQ_FLUSH_VA) {
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
