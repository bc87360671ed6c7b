/* SPDX-License-Identifier: BSD-2-Clause */
#include "hvtlfs/hvcall.h"
#include "hvtlfs/catalog.h"
#include "hvtlfs/extended.h"
#include "hvtlfs/flush.h"
#include "hvtlfs/interrupt.h"
#include "hvtlfs/registers.h"
#include "hvtlfs/visibility.h"
#include "hvtlfs/vtl.h"
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
 * no rep to count: 0. The one owner of that rule (the dispatcher's refusals use it
 * too); a failing element reports its own index instead (decode_list()).
 */
uint32_t hvtlfs_refusal_reps_(uint16_t code, uint32_t rep_start, uint32_t rep_count)
{
	const struct hvtlfs_call_info *ci = hvtlfs_call_lookup(code);

	if (ci && ci->kind == HVTLFS_CALL_KIND_REP && rep_start < rep_count)
		return rep_start;
	return 0;
}

static uint32_t reps_before_elements(const struct hvtlfs_hvcall_request *req)
{
	return hvtlfs_refusal_reps_(req->code, req->rep_start, req->rep_count);
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
	req->nelements = 0;
	req->output_offset = 0;
	req->output_size = 0;
	req->notes = 0;
	return HVTLFS_OK;
}

/* A refusal the TLFS answers with #UD: the status and reason for the host's log, no
 * result for the guest. */
static int raise_ud(struct hvtlfs_hvcall_request *req, int reason)
{
	req->raise_ud = true;
	return reject(req, HVTLFS_STATUS_INVALID_HYPERCALL_INPUT, reason);
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
	const struct hvtlfs_hvcall_elements *el;
	unsigned int set;  /* the guest's register set (HVTLFS_REGSET_*) */
	uint32_t out_base; /* where output element 0 goes: 0 (slow), or after the input (fast) */
};

typedef int (*decoder_fn_)(struct hvtlfs_hvcall_request *req, const struct call_ *c);

/*
 * The rep elements of @elem bytes the input holds from offset @off: the rep count, as
 * the catalog sized the input (@off + @elem x rep count bytes). The element loops stop
 * at it as well as at their count: the same bound (rep start + k < rep count), written
 * in terms of the input's size so that an analyser that does not relate the rep start,
 * the count and the size sees every read inside the input (docs/proofs.md).
 */
static uint32_t elements_in(const struct call_ *c, size_t off, size_t elem)
{
	return (uint32_t)((c->need - off) / elem);
}

/* Rep elements rep_start.. of a list call, at most cap of them; sets status and result.
 * They follow the fixed header and the variable header, one 64-bit entry a rep. */
static int decode_list(struct hvtlfs_hvcall_request *req, const struct call_ *c,
		       unsigned int format)
{
	size_t elem_off = c->info->fixed_header_size + sizeof(uint64_t) * (size_t)c->varhdr;
	uint32_t left = req->rep_count - req->rep_start;
	uint32_t n = (uint32_t)hvtlfs_min_u64_(left, c->el->ranges_cap);
	uint32_t end = elements_in(c, elem_off, sizeof(uint64_t));
	uint32_t i = req->rep_start, k;

	req->range_format = format;
	req->ranges_first = req->rep_start;
	/* Entry by entry (rep index i, array index k), each through the list decoder.
	 * For Frama-C (proofs/): an index the loop's tests do not bound (their limits of
	 * unknown value) is widened to the next hint, here a page's entries (the
	 * dispatcher's array), so that the entries decoded are known to be at most that. */
	/*@ widen_hints k, HVTLFS_PAGE_SIZE / 8; */
	for (k = 0; k < n && i < end; k++, i++) {
		size_t bad = 0;
		/* Entries past 2^64 - 1 are clamped, not refused: the TLFS ignores invalid
		 * GVAs. */
		int rc =
			hvtlfs_range_list_decode(format | HVTLFS_RANGE_DECODE_CLAMP,
						 c->b + elem_off + sizeof(uint64_t) * (size_t)i,
						 sizeof(uint64_t), 1u, &c->el->ranges[k], 1u, &bad);

		if (rc < 0) {
			/* Reps before the bad element are done; that element fails the call. */
			req->nranges = k;
			req->kind = c->kind;
			req->status = HVTLFS_STATUS_INVALID_PARAMETER;
			req->reason = rc;
			req->result = hvtlfs_result_encode(HVTLFS_STATUS_INVALID_PARAMETER,
							   req->rep_start + k);
			return HVTLFS_OK;
		}
	}
	n = k;
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
		const uint64_t known = HVTLFS_FLUSH_LIST_FLAGS |
				       ((c->in->options & HVTLFS_HVCALL_OPT_LIST_NON_GLOBAL) != 0
						? (uint64_t)HVTLFS_FLUSH_NON_GLOBAL_MAPPINGS_ONLY
						: 0u);

		if (flags & ~known)
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

/* The elements of a rep call that fit the caller's array: the reps left from the rep
 * start, at most @cap. */
static uint32_t elements_fit(const struct hvtlfs_hvcall_request *req, size_t cap)
{
	return (uint32_t)hvtlfs_min_u64_(req->rep_count - req->rep_start, cap);
}

/* Where a call's output goes (see hvtlfs_hvcall_request::output_offset), for output
 * elements of @elem bytes. */
static void output_at(struct hvtlfs_hvcall_request *req, const struct call_ *c, uint32_t elem)
{
	req->output_offset = c->out_base + elem * req->rep_start;
}

/* Element @k (rep index rep_start + k) failed: the @k before it are done and the
 * request covers them, as for a list element (decode_list()). */
static int fail_element(struct hvtlfs_hvcall_request *req, const struct call_ *c, uint32_t k,
			uint32_t out_elem, uint16_t status, int reason)
{
	req->kind = c->kind;
	req->nelements = k;
	req->output_size = out_elem * k;
	req->status = status;
	req->reason = reason;
	req->result = hvtlfs_result_encode(status, req->rep_start + k);
	return HVTLFS_OK;
}

/* All @n elements that fit are decoded: success, or the early return of a full array. */
static int end_elements(struct hvtlfs_hvcall_request *req, const struct call_ *c, uint32_t n,
			uint32_t out_elem)
{
	req->nelements = n;
	req->output_size = out_elem * n;
	if (n < req->rep_count - req->rep_start) {
		req->reason = HVTLFS_ERR_NO_SPACE;
		return accept(req, c->kind, HVTLFS_STATUS_TIMEOUT, req->rep_start + n);
	}
	return accept(req, c->kind, HVTLFS_STATUS_SUCCESS, req->rep_count);
}

/* The partition a call names: HV_PARTITION_ID_INVALID names none. */
static bool partition_invalid(uint64_t partition_id)
{
	return partition_id == HVTLFS_PARTITION_ID_INVALID;
}

/* @n bytes at offset @at of the input ORed together (reserved bytes: 0 when all zero). */
static uint64_t reserved_bytes(const struct call_ *c, size_t at, unsigned int n)
{
	return hvtlfs_guest_le_(c->b + at, n);
}

/*
 * HvCallGetVpRegisters and HvCallSetVpRegisters (struct hvtlfs_registers_input, then
 * a 4-byte name or a struct hvtlfs_register_assoc a rep): the target, then the
 * elements rep_start.. into the caller's register array.
 */
static int decode_vp_registers(struct hvtlfs_hvcall_request *req, const struct call_ *c)
{
	const bool set = req->code == HVTLFS_CALL_SET_VP_REGISTERS;
	const size_t hdr = sizeof(struct hvtlfs_registers_input);
	const uint32_t out_elem = set ? 0u : (uint32_t)sizeof(struct hvtlfs_register_value);
	uint32_t vtl, n, k, i, end;

	req->partition_id = GUEST_FIELD_(c->b, struct hvtlfs_registers_input, partition_id);
	req->vp_index = (uint32_t)GUEST_FIELD_(c->b, struct hvtlfs_registers_input, vp_index);
	vtl = (uint32_t)GUEST_FIELD_(c->b, struct hvtlfs_registers_input, input_vtl);
	req->target_vtl = vtl;
	if (reserved_bytes(c, HVTLFS_OFFSETOF(struct hvtlfs_registers_input, rsvdz), 3u) != 0 ||
	    (vtl & HVTLFS_INPUT_VTL_RESERVED))
		return reject(req, HVTLFS_STATUS_INVALID_PARAMETER, HVTLFS_ERR_RESERVED_BITS);
	if (partition_invalid(req->partition_id))
		return reject(req, HVTLFS_STATUS_INVALID_PARTITION_ID, HVTLFS_ERR_INVALID_ARG);
	output_at(req, c, out_elem);
	n = elements_fit(req, c->el->registers_cap);
	end = elements_in(c, hdr, set ? sizeof(struct hvtlfs_register_assoc) : sizeof(uint32_t));
	/* Rep index i, array index k (elements_in()); the hint as in decode_list(). */
	/*@ widen_hints k, HVTLFS_GET_VP_REGISTERS_MAX_PER_PAGE; */
	for (k = 0, i = req->rep_start; k < n && i < end; k++, i++) {
		struct hvtlfs_register_entry *e = &c->el->registers[k];
		const uint8_t *p;
		uint64_t rsvd = 0;

		e->value.lo = 0;
		e->value.hi = 0;
		if (set) {
			p = c->b + hdr + sizeof(struct hvtlfs_register_assoc) * (size_t)i;
			e->name = (uint32_t)GUEST_FIELD_(p, struct hvtlfs_register_assoc, name);
			rsvd = GUEST_FIELD_(p, struct hvtlfs_register_assoc, rsvdz0) |
			       GUEST_FIELD_(p, struct hvtlfs_register_assoc, rsvdz1);
			e->value.lo = hvtlfs_guest_le64_(
				p + HVTLFS_OFFSETOF(struct hvtlfs_register_assoc, value));
			e->value.hi = hvtlfs_guest_le64_(
				p + HVTLFS_OFFSETOF(struct hvtlfs_register_assoc, value) + 8u);
		} else {
			e->name = (uint32_t)hvtlfs_guest_le_(c->b + hdr + sizeof(uint32_t) * i, 4u);
		}
		e->info = hvtlfs_register_lookup(e->name, c->set);
		if (rsvd != 0)
			return fail_element(req, c, k, out_elem, HVTLFS_STATUS_INVALID_PARAMETER,
					    HVTLFS_ERR_RESERVED_BITS);
		if (!e->info) {
			if (c->in->options & HVTLFS_HVCALL_OPT_REFUSE_UNKNOWN_REGISTERS)
				return fail_element(req, c, k, out_elem,
						    HVTLFS_STATUS_UNKNOWN_REGISTER_NAME,
						    HVTLFS_ERR_UNKNOWN_REGISTER);
			req->notes |= HVTLFS_HVCALL_NOTE_UNKNOWN_REGISTER;
		} else if (set) {
			int rc = hvtlfs_register_write_check(e->name, c->set, &e->value);

			if (rc != HVTLFS_OK)
				return fail_element(req, c, k, out_elem,
						    HVTLFS_STATUS_INVALID_PARAMETER, rc);
		}
	}
	return end_elements(req, c, k, out_elem);
}

/* An HV_VTL (a plain VTL number): 0-15. */
static bool vtl_invalid(uint32_t vtl)
{
	return vtl > HVTLFS_VTL_MAX;
}

/* HvCallGetVpIndexFromApicId (struct hvtlfs_get_vp_index_input, then a 4-byte APIC id
 * a rep): the ids rep_start.. into the caller's array; 4-byte VP indices answer. Bytes
 * 9-15 are padding, not RsvdZ (its TLFS page), and the hypervisor ignores padding
 * (TLFS hypercall-interface.md: "The values within the padding regions are ignored"). */
static int decode_vp_index(struct hvtlfs_hvcall_request *req, const struct call_ *c)
{
	const size_t hdr = sizeof(struct hvtlfs_get_vp_index_input);
	uint32_t n, k, i, end;

	req->partition_id = GUEST_FIELD_(c->b, struct hvtlfs_get_vp_index_input, partition_id);
	req->target_vtl =
		(uint32_t)GUEST_FIELD_(c->b, struct hvtlfs_get_vp_index_input, target_vtl);
	if (vtl_invalid(req->target_vtl))
		return reject(req, HVTLFS_STATUS_INVALID_PARAMETER, HVTLFS_ERR_VTL_RANGE);
	if (partition_invalid(req->partition_id))
		return reject(req, HVTLFS_STATUS_INVALID_PARTITION_ID, HVTLFS_ERR_INVALID_ARG);
	output_at(req, c, sizeof(uint32_t));
	n = elements_fit(req, c->el->apic_ids_cap);
	end = elements_in(c, hdr, sizeof(uint32_t));
	/* Rep index i, array index k (elements_in()); the hint as in decode_list(). */
	/*@ widen_hints k, HVTLFS_GET_VP_INDEX_MAX_PER_PAGE; */
	for (k = 0, i = req->rep_start; k < n && i < end; k++, i++)
		c->el->apic_ids[k] =
			(uint32_t)hvtlfs_guest_le_(c->b + hdr + sizeof(uint32_t) * (size_t)i, 4u);
	return end_elements(req, c, k, sizeof(uint32_t));
}

/* HvCallEnablePartitionVtl (struct hvtlfs_enable_partition_vtl_input). */
static int decode_enable_partition_vtl(struct hvtlfs_hvcall_request *req, const struct call_ *c)
{
	req->partition_id =
		GUEST_FIELD_(c->b, struct hvtlfs_enable_partition_vtl_input, partition_id);
	req->target_vtl =
		(uint32_t)GUEST_FIELD_(c->b, struct hvtlfs_enable_partition_vtl_input, target_vtl);
	req->flags = GUEST_FIELD_(c->b, struct hvtlfs_enable_partition_vtl_input, flags);
	if (reserved_bytes(c, HVTLFS_OFFSETOF(struct hvtlfs_enable_partition_vtl_input, rsvdz),
			   6u) != 0)
		return reject(req, HVTLFS_STATUS_INVALID_PARAMETER, HVTLFS_ERR_RESERVED_BITS);
	if (req->flags & ~(uint64_t)HVTLFS_ENABLE_PARTITION_VTL_KNOWN)
		return reject(req, HVTLFS_STATUS_INVALID_PARAMETER, HVTLFS_ERR_BAD_FLAGS);
	if (vtl_invalid(req->target_vtl))
		return reject(req, HVTLFS_STATUS_INVALID_PARAMETER, HVTLFS_ERR_VTL_RANGE);
	if (partition_invalid(req->partition_id))
		return reject(req, HVTLFS_STATUS_INVALID_PARTITION_ID, HVTLFS_ERR_INVALID_ARG);
	return accept(req, c->kind, HVTLFS_STATUS_SUCCESS, 0);
}

/* An HV_X64_SEGMENT_REGISTER at @p, each byte read once. */
static void get_segment(struct hvtlfs_x64_segment_register *s, const uint8_t *p)
{
	s->base = GUEST_FIELD_(p, struct hvtlfs_x64_segment_register, base);
	s->limit = (uint32_t)GUEST_FIELD_(p, struct hvtlfs_x64_segment_register, limit);
	s->selector = (uint16_t)GUEST_FIELD_(p, struct hvtlfs_x64_segment_register, selector);
	s->attributes = (uint16_t)GUEST_FIELD_(p, struct hvtlfs_x64_segment_register, attributes);
}

/* An HV_X64_TABLE_REGISTER at @p (its padding kept as the guest wrote it). */
static void get_table(struct hvtlfs_x64_table_register *t, const uint8_t *p)
{
	unsigned int i;

	for (i = 0; i < 3u; i++)
		t->pad[i] = (uint16_t)hvtlfs_guest_le_(p + 2u * i, 2u);
	t->limit = (uint16_t)GUEST_FIELD_(p, struct hvtlfs_x64_table_register, limit);
	t->base = GUEST_FIELD_(p, struct hvtlfs_x64_table_register, base);
}

/* HvCallEnableVpVtl and HvCallStartVirtualProcessor (struct hvtlfs_start_vp_input):
 * the target and the whole initial context, copied (the hypervisor judges its values:
 * HV_STATUS_INVALID_REGISTER_VALUE is its answer). Bytes 13-15 are judged as @rsvdz
 * says: RsvdZ in HvCallEnableVpVtl's TLFS page; HvCallStartVirtualProcessor's names no
 * field there, so they are padding, which the hypervisor ignores (TLFS
 * hypercall-interface.md). */
static int decode_vp_context(struct hvtlfs_hvcall_request *req, const struct call_ *c, bool rsvdz)
{
	const uint8_t *x = c->b + HVTLFS_OFFSETOF(struct hvtlfs_start_vp_input, context);
	struct hvtlfs_initial_vp_context *v = &req->vp_context;

	req->partition_id = GUEST_FIELD_(c->b, struct hvtlfs_start_vp_input, partition_id);
	req->vp_index = (uint32_t)GUEST_FIELD_(c->b, struct hvtlfs_start_vp_input, vp_index);
	req->target_vtl = (uint32_t)GUEST_FIELD_(c->b, struct hvtlfs_start_vp_input, target_vtl);
	if (rsvdz &&
	    reserved_bytes(c, HVTLFS_OFFSETOF(struct hvtlfs_start_vp_input, rsvdz), 3u) != 0)
		return reject(req, HVTLFS_STATUS_INVALID_PARAMETER, HVTLFS_ERR_RESERVED_BITS);
	if (vtl_invalid(req->target_vtl))
		return reject(req, HVTLFS_STATUS_INVALID_PARAMETER, HVTLFS_ERR_VTL_RANGE);
	if (partition_invalid(req->partition_id))
		return reject(req, HVTLFS_STATUS_INVALID_PARTITION_ID, HVTLFS_ERR_INVALID_ARG);
#define AT_(field) (x + HVTLFS_OFFSETOF(struct hvtlfs_initial_vp_context, field))
	v->rip = GUEST_FIELD_(x, struct hvtlfs_initial_vp_context, rip);
	v->rsp = GUEST_FIELD_(x, struct hvtlfs_initial_vp_context, rsp);
	v->rflags = GUEST_FIELD_(x, struct hvtlfs_initial_vp_context, rflags);
	get_segment(&v->cs, AT_(cs));
	get_segment(&v->ds, AT_(ds));
	get_segment(&v->es, AT_(es));
	get_segment(&v->fs, AT_(fs));
	get_segment(&v->gs, AT_(gs));
	get_segment(&v->ss, AT_(ss));
	get_segment(&v->tr, AT_(tr));
	get_segment(&v->ldtr, AT_(ldtr));
	get_table(&v->idtr, AT_(idtr));
	get_table(&v->gdtr, AT_(gdtr));
#undef AT_
	v->efer = GUEST_FIELD_(x, struct hvtlfs_initial_vp_context, efer);
	v->cr0 = GUEST_FIELD_(x, struct hvtlfs_initial_vp_context, cr0);
	v->cr3 = GUEST_FIELD_(x, struct hvtlfs_initial_vp_context, cr3);
	v->cr4 = GUEST_FIELD_(x, struct hvtlfs_initial_vp_context, cr4);
	v->msr_cr_pat = GUEST_FIELD_(x, struct hvtlfs_initial_vp_context, msr_cr_pat);
	return accept(req, c->kind, HVTLFS_STATUS_SUCCESS, 0);
}

static int decode_enable_vp_vtl(struct hvtlfs_hvcall_request *req, const struct call_ *c)
{
	return decode_vp_context(req, c, true);
}

static int decode_start_vp(struct hvtlfs_hvcall_request *req, const struct call_ *c)
{
	return decode_vp_context(req, c, false);
}

/*
 * HvCallVtlCall and HvCallVtlReturn as they reach the hypervisor from the hypercall
 * page's sequence: the bare code in the control word, the control input in RAX (TLFS
 * vsm.md "VTL Call", "VTL Return"; OpenVMM reads them so). Anything else is an invalid
 * control input: #UD. Judged before the catalog's checks, which would answer a status.
 */
static int decode_vtl_switch(struct hvtlfs_hvcall_request *req,
			     const struct hvtlfs_hvcall_input *in)
{
	const uint64_t reserved = req->code == HVTLFS_CALL_VTL_CALL
					  ? HVTLFS_VTL_CALL_INPUT_RESERVED
					  : HVTLFS_VTL_RETURN_INPUT_RESERVED;

	req->flags = in->vtl_input;
	if (in->control != req->code || (in->vtl_input & reserved))
		return raise_ud(req, HVTLFS_ERR_RESERVED_BITS);
	req->kind = HVTLFS_HVCALL_REQ_VTL_SWITCH;
	req->status = HVTLFS_STATUS_SUCCESS;
	req->result = 0;
	return HVTLFS_OK;
}

/* HvCallModifySparseGpaPageHostVisibility (struct hvtlfs_visibility_input, then GPFNs). */
static int decode_visibility(struct hvtlfs_hvcall_request *req, const struct call_ *c)
{
	uint32_t vis =
		(uint32_t)GUEST_FIELD_(c->b, struct hvtlfs_visibility_input, host_visibility);
	uint32_t rsvdz = (uint32_t)GUEST_FIELD_(c->b, struct hvtlfs_visibility_input, rsvdz);

	req->partition_id = GUEST_FIELD_(c->b, struct hvtlfs_visibility_input, partition_id);
	req->host_visibility = vis;
	if ((vis & ~HVTLFS_HOST_VISIBILITY_MASK) != 0 || rsvdz != 0)
		return reject(req, HVTLFS_STATUS_INVALID_PARAMETER, HVTLFS_ERR_RESERVED_BITS);
	if (!hvtlfs_visibility_valid(vis))
		return reject(req, HVTLFS_STATUS_INVALID_PARAMETER, HVTLFS_ERR_BAD_VISIBILITY);
	return decode_list(req, c, HVTLFS_RANGE_FORMAT_GPFN);
}

/*
 * HvCallRetargetDeviceInterrupt (struct hvtlfs_retarget_input). With PROCESSOR_SET the
 * HV_VP_SET starts at the format word, and its valid_bank_mask is the first word of the
 * variable header: the bank count is the variable header size minus 1, where the Ex
 * flush and IPI calls use the variable header size itself.
 */
static int decode_retarget(struct hvtlfs_hvcall_request *req, const struct call_ *c)
{
	const size_t at = HVTLFS_OFFSETOF(struct hvtlfs_retarget_input, processor_mask);
	uint32_t flags = (uint32_t)GUEST_FIELD_(c->b, struct hvtlfs_retarget_input, flags);
	uint32_t vector = (uint32_t)GUEST_FIELD_(c->b, struct hvtlfs_retarget_input, vector);
	uint32_t entry_rsvdz =
		(uint32_t)GUEST_FIELD_(c->b, struct hvtlfs_retarget_input, entry.rsvdz);
	uint64_t rsvdz = GUEST_FIELD_(c->b, struct hvtlfs_retarget_input, rsvdz);
	uint16_t st = HVTLFS_STATUS_SUCCESS;

	req->partition_id = GUEST_FIELD_(c->b, struct hvtlfs_retarget_input, partition_id);
	req->device_id = GUEST_FIELD_(c->b, struct hvtlfs_retarget_input, device_id);
	req->interrupt_source =
		(uint32_t)GUEST_FIELD_(c->b, struct hvtlfs_retarget_input, entry.source);
	req->msi_address =
		(uint32_t)GUEST_FIELD_(c->b, struct hvtlfs_retarget_input, entry.msi_address);
	req->msi_data = (uint32_t)GUEST_FIELD_(c->b, struct hvtlfs_retarget_input, entry.msi_data);
	req->vector = vector;
	req->target_flags = flags;
	if (flags & ~HVTLFS_DEVICE_INTERRUPT_TARGET_FLAGS)
		return reject(req, HVTLFS_STATUS_INVALID_PARAMETER, HVTLFS_ERR_BAD_FLAGS);
	if (flags & HVTLFS_DEVICE_INTERRUPT_TARGET_PROCESSOR_SET) {
		int rc;

		/* No mask word: the set is not there (nothing past the fixed part is read). */
		if (c->varhdr == 0)
			return reject(req, HVTLFS_STATUS_INVALID_HYPERCALL_INPUT,
				      HVTLFS_ERR_BANK_MISMATCH);
		if (c->varhdr - 1u > HVTLFS_VPSET_MAX_BANKS)
			return reject(req, HVTLFS_STATUS_INVALID_HYPERCALL_INPUT,
				      HVTLFS_ERR_TOO_MANY_BANKS);
		rc = hvtlfs_vpset_decode(&req->vps, c->b + at, c->need - at, c->varhdr - 1u, &st);
		if (rc != HVTLFS_OK)
			return reject(req, st, rc);
	} else {
		if (c->varhdr != 0)
			return reject(req, HVTLFS_STATUS_INVALID_HYPERCALL_INPUT,
				      HVTLFS_ERR_VARHDR_NOT_ALLOWED);
		(void)hvtlfs_vpset_decode_mask(
			&req->vps,
			GUEST_FIELD_(c->b, struct hvtlfs_retarget_input, processor_mask));
	}
	if (req->interrupt_source != HVTLFS_INTERRUPT_SOURCE_MSI)
		return reject(req, HVTLFS_STATUS_INVALID_PARAMETER, HVTLFS_ERR_INVALID_ARG);
	if (entry_rsvdz != 0 || rsvdz != 0)
		return reject(req, HVTLFS_STATUS_INVALID_PARAMETER, HVTLFS_ERR_RESERVED_BITS);
	if (vector < HVTLFS_IPI_VECTOR_MIN || vector > HVTLFS_IPI_VECTOR_MAX)
		return reject(req, HVTLFS_STATUS_INVALID_PARAMETER, HVTLFS_ERR_VECTOR_RANGE);
	/* An interrupt aimed at nobody cannot be delivered. */
	if (!hvtlfs_vpset_is_all(&req->vps) && hvtlfs_vpset_count(&req->vps, 0) == 0)
		return reject(req, HVTLFS_STATUS_INVALID_PARAMETER, HVTLFS_ERR_EMPTY_VP_MASK);
	return accept(req, c->kind, HVTLFS_STATUS_SUCCESS, 0);
}

/* HvExtCallQueryCapabilities: no input, one u64 of output. */
static int decode_ext_query(struct hvtlfs_hvcall_request *req, const struct call_ *c)
{
	/* Its one u64 at the output GPA, which the generic checks found aligned and in
	 * its page (#HVTLFS_CALL_OUTPUT_LIST). */
	output_at(req, c, 0);
	req->output_size = (uint32_t)sizeof(uint64_t);
	return accept(req, c->kind, HVTLFS_STATUS_SUCCESS, 0);
}

/* HvExtCallMemoryHeatHint (struct hvtlfs_ext_heat_hint_input, then HV_GPA_PAGE_RANGEs). */
static int decode_ext_heat_hint(struct hvtlfs_hvcall_request *req, const struct call_ *c)
{
	uint64_t type = GUEST_FIELD_(c->b, struct hvtlfs_ext_heat_hint_input, heat_type);

	req->heat_type = (uint32_t)(type & HVTLFS_HEAT_HINT_TYPE_MASK);
	if (type & ~(uint64_t)HVTLFS_HEAT_HINT_TYPE_MASK)
		return reject(req, HVTLFS_STATUS_INVALID_PARAMETER, HVTLFS_ERR_RESERVED_BITS);
	if (req->heat_type > HVTLFS_HEAT_HINT_COLD_DISCARD)
		return reject(req, HVTLFS_STATUS_INVALID_PARAMETER, HVTLFS_ERR_INVALID_ARG);
	return decode_list(req, c, HVTLFS_RANGE_FORMAT_GPA);
}

/*
 * The dispatch table, row for row the catalog's: the DECODER column of
 * HVTLFS_CALL_LIST names the request kind and, through it, the decoder. A call is
 * decoded here exactly when its row names a decoder.
 */
#define DECODER_NONE_			NULL
#define DECODER_FLUSH_VA_		decode_flush_va
#define DECODER_IPI_			decode_ipi
#define DECODER_SPIN_WAIT_		decode_spin_wait
#define DECODER_POST_MESSAGE_		decode_post_message
#define DECODER_SIGNAL_EVENT_		decode_signal_event
#define DECODER_FLUSH_GPA_		decode_flush_gpa
#define DECODER_VISIBILITY_		decode_visibility
#define DECODER_RETARGET_		decode_retarget
#define DECODER_EXT_QUERY_CAPABILITIES_ decode_ext_query
#define DECODER_EXT_HEAT_HINT_		decode_ext_heat_hint
#define DECODER_VP_REGISTERS_		decode_vp_registers
#define DECODER_VP_INDEX_		decode_vp_index
#define DECODER_ENABLE_PARTITION_VTL_	decode_enable_partition_vtl
#define DECODER_ENABLE_VP_VTL_		decode_enable_vp_vtl
#define DECODER_START_VP_		decode_start_vp
#define DECODER_VTL_SWITCH_		NULL /* decode_vtl_switch(), before the catalog's checks */
#define DISPATCH_ROW_(name, code, tlfs_name, kind, flags, hdr, elem, decoder)                      \
	{ DECODER_##decoder##_, HVTLFS_HVCALL_REQ_##decoder },

static const struct {
	decoder_fn_ fn;
	uint32_t kind;
} dispatch[] = { HVTLFS_CALL_LIST(DISPATCH_ROW_) };

/* The capacity of the caller's array a rep call of request kind @kind decodes into. */
static size_t elements_cap(uint32_t kind, const struct hvtlfs_hvcall_elements *el)
{
	switch (kind) {
	case HVTLFS_HVCALL_REQ_VP_REGISTERS:
		return el->registers_cap;
	case HVTLFS_HVCALL_REQ_VP_INDEX:
		return el->apic_ids_cap;
	default:
		return el->ranges_cap;
	}
}

/* The row of @code in the catalog and the dispatch table (NULL: unknown). */
static const struct hvtlfs_call_info *row_of(uint16_t code, size_t *row)
{
	const struct hvtlfs_call_info *info = hvtlfs_call_lookup(code);

	/* The catalog and the table come from the one list, in its order. */
	*row = info ? (size_t)(info - hvtlfs_call_catalog(NULL)) : 0;
	return info;
}

/* The variable header size (8-byte units) of call @info with control word @control: 0
 * for a row that takes none (after hvtlfs_call_check(), which refuses any other, the
 * same value; written so that an analyser sees it without relating the two). */
static uint32_t var_hdr_of(const struct hvtlfs_call_info *info, uint64_t control)
{
	return (info->flags & HVTLFS_CALLF_VARHDR) ? hvtlfs_control_var_hdr_size(control) : 0;
}

/* The input bytes call @info with control word @control needs, as the catalog sizes
 * it: the fixed header, the variable header and the rep elements. */
static uint64_t input_size(const struct hvtlfs_call_info *info, uint64_t control)
{
	return (uint64_t)info->fixed_header_size +
	       sizeof(uint64_t) * (uint64_t)var_hdr_of(info, control) +
	       (uint64_t)info->rep_element_size * hvtlfs_control_rep_count(control);
}

/* The slow call's areas (hvtlfs_call_check_gpas(), the guest side's rule) as the
 * hypervisor answers them: a misplaced or overlapping area is INVALID_ALIGNMENT, an
 * output GPA the call has no use for is ignored and noted. Returns false when refused. */
static bool judge_gpas(struct hvtlfs_hvcall_request *req, const struct hvtlfs_hvcall_input *in,
		       uint64_t need, uint64_t out_need)
{
	int rc = hvtlfs_call_check_gpas(in->control, in->input_gpa, need, in->output_gpa, out_need);

	if (rc == HVTLFS_ERR_UNEXPECTED_OUTPUT) {
		req->notes |= HVTLFS_HVCALL_NOTE_OUTPUT_IGNORED;
		return true;
	}
	if (rc == HVTLFS_OK)
		return true;
	(void)reject(req, HVTLFS_STATUS_INVALID_ALIGNMENT, rc);
	return false;
}

int hvtlfs_hvcall_check(const struct hvtlfs_hvcall_input *in, struct hvtlfs_hvcall_request *req,
			size_t *need)
{
	return hvtlfs_hvcall_check_(in, req, need, NULL);
}

int hvtlfs_hvcall_check_(const struct hvtlfs_hvcall_input *in, struct hvtlfs_hvcall_request *req,
			 size_t *need, size_t *out_size)
{
	const struct hvtlfs_call_info *info = NULL;
	const struct hvtlfs_call_output *out;
	uint64_t control, size, out_need;
	size_t row;
	uint16_t st;
	int why = HVTLFS_OK;

	if (!in || !req)
		return HVTLFS_ERR_NULL;
	if (in->options & ~HVTLFS_HVCALL_OPT_KNOWN)
		return HVTLFS_ERR_INVALID_ARG;
	control = in->control;
	hvtlfs_zero_(req, sizeof(*req));
	/* The fields the decoder and the dispatcher read back before a decoder sets
	 * them, stored as such: the zeroing stores are volatile, whose values an analyser
	 * does not track (docs/proofs.md, "Volatile stores"). */
	req->kind = HVTLFS_HVCALL_REQ_NONE;
	req->status = HVTLFS_STATUS_SUCCESS;
	req->result = 0;
	req->nranges = 0;
	req->nelements = 0;
	req->raise_ud = false;
	req->whole_space = false;
	req->code = hvtlfs_control_code(control);
	req->nested = hvtlfs_control_is_nested(control);
	req->rep_count = hvtlfs_control_rep_count(control);
	req->rep_start = hvtlfs_control_rep_start(control);
	(void)hvtlfs_vpset_decode_mask(&req->vps, 0);
	if (need)
		*need = 0;
	if (out_size)
		*out_size = 0;

	/* The privilege first, before anything about the input is told (TLFS "Ordering of
	 * Error Conditions": ACCESS_DENIED over a status that reveals more; KVM does the
	 * same), for an extended call this module decodes. */
	info = row_of(req->code, &row);
	if (info && (info->flags & HVTLFS_CALLF_EXTENDED) && dispatch[row].fn &&
	    !(in->features & HVTLFS_HVCALL_FEAT_EXTENDED_HYPERCALLS))
		return reject(req, HVTLFS_STATUS_ACCESS_DENIED, HVTLFS_ERR_NO_PRIVILEGE);
	/* A VTL switch has no input bytes: its whole judgement is here. */
	if (info && dispatch[row].kind == HVTLFS_HVCALL_REQ_VTL_SWITCH)
		return decode_vtl_switch(req, in);
	st = hvtlfs_call_check(control, &info, &why);
	/* A successful check always names its catalog entry. */
	if (st != HVTLFS_STATUS_SUCCESS || !info)
		return reject(req, st, why);
	size = input_size(info, control);
	out = hvtlfs_call_output_lookup(info->code);
	out_need = out ? out->fixed_size + (uint64_t)out->element_size * req->rep_count : 0;

	if (hvtlfs_control_is_fast(control)) {
		/* The caller's fast capacity: RDX, R8, XMM0-XMM5 (x64), X2-X17 (arm64). */
		uint64_t cap = (in->features & HVTLFS_HVCALL_FEAT_ARM64) ? HVTLFS_FAST_ARM64_BYTES
									 : HVTLFS_FAST_XMM_BYTES;

		if (!HVTLFS_FAST_IO_FITS(size, out_need, cap))
			return reject(req, HVTLFS_STATUS_INVALID_HYPERCALL_INPUT,
				      HVTLFS_ERR_FAST_TOO_BIG);
		if ((size > HVTLFS_FAST_GPR_BYTES &&
		     !(in->features & HVTLFS_HVCALL_FEAT_XMM_INPUT)) ||
		    (out_need && !(in->features & HVTLFS_HVCALL_FEAT_XMM_OUTPUT)))
			return raise_ud(req, HVTLFS_ERR_NO_FEATURE);
	} else {
		/* A call with no input ignores its input GPA (TLFS "Alignment Requirements").
		 * An output larger than a page fits none: hvtlfs_call_check_gpas() (below)
		 * refuses it the same way, after the input; compared here on the size itself,
		 * so that an analyser bounds what the dispatcher writes by it. */
		if ((size != 0 && !hvtlfs_gpa_fits_page_(in->input_gpa, size)) ||
		    out_need > HVTLFS_PAGE_SIZE)
			return reject(req, HVTLFS_STATUS_INVALID_ALIGNMENT, HVTLFS_ERR_ALIGNMENT);
		/* A call whose layout the catalog does not give (no HVTLFS_CALLF_SIZES) is
		 * taken to have input, its size unknown (the dispatcher hands its handler the
		 * rest of the page): its GPA must be aligned all the same. */
		if (!(info->flags & HVTLFS_CALLF_SIZES) && !hvtlfs_gpa_fits_page_(in->input_gpa, 0))
			return reject(req, HVTLFS_STATUS_INVALID_ALIGNMENT, HVTLFS_ERR_ALIGNMENT);
		if (!judge_gpas(req, in, size, out_need))
			return HVTLFS_OK;
		if (info->flags & HVTLFS_CALLF_OUTPUT)
			req->output_gpa = in->output_gpa;
	}
	/* At most a page (slow) or 128 bytes (fast): fits a size_t. */
	if (need)
		*need = (size_t)size;
	if (out_size)
		*out_size = (size_t)out_need;
	return HVTLFS_OK;
}

int hvtlfs_hvcall_decode_into(const struct hvtlfs_hvcall_input *in,
			      struct hvtlfs_hvcall_request *req,
			      const struct hvtlfs_hvcall_elements *elements)
{
	static const struct hvtlfs_hvcall_elements none;
	const struct hvtlfs_hvcall_elements *el = elements ? elements : &none;
	const struct hvtlfs_call_info *info;
	struct call_ c;
	size_t row, need;
	int rc;

	if (!in || !req || (!el->ranges && el->ranges_cap) ||
	    (!el->registers && el->registers_cap) || (!el->apic_ids && el->apic_ids_cap))
		return HVTLFS_ERR_NULL;
	/* The input-free judgement, the same the dispatcher runs before it fetches. */
	rc = hvtlfs_hvcall_check_(in, req, NULL, NULL);
	if (rc != HVTLFS_OK)
		return rc;
	info = row_of(req->code, &row);
	if (info && dispatch[row].kind == HVTLFS_HVCALL_REQ_VTL_SWITCH)
		return HVTLFS_OK;
	if (info && !dispatch[row].fn)
		return HVTLFS_ERR_UNKNOWN_CALL;
	if (req->status != HVTLFS_STATUS_SUCCESS || req->raise_ud || !info)
		return HVTLFS_OK;
	if (info->kind == HVTLFS_CALL_KIND_REP && elements_cap(dispatch[row].kind, el) == 0)
		return HVTLFS_ERR_NO_SPACE;
	/* The size the check accepted, taken again from the accepted call rather than
	 * from the check's out-parameter: the same value, but an analyser that merges a
	 * refused call's 0 with it would see the decoders read past a need of 0
	 * (docs/proofs.md, "The decoder's need"). At most a page (slow) or 128 bytes
	 * (fast), as the check verified: fits a size_t. */
	need = (size_t)input_size(info, in->control);
	c.in = in;
	c.info = info;
	c.varhdr = var_hdr_of(info, in->control);
	c.kind = dispatch[row].kind;
	c.el = el;
	c.set = (in->features & HVTLFS_HVCALL_FEAT_ARM64) ? HVTLFS_REGSET_ARM64 : HVTLFS_REGSET_X64;
	c.out_base = hvtlfs_control_is_fast(in->control) ? (uint32_t)HVTLFS_FAST_OUTPUT_OFFSET(need)
							 : 0u;
	if (need > in->len)
		return HVTLFS_ERR_TRUNCATED;
	/* A call with no input has no bytes to fetch: a dispatcher may pass none. */
	if (!in->bytes && need != 0)
		return HVTLFS_ERR_NULL;
	c.b = (const uint8_t *)in->bytes;
	c.need = need;
	return dispatch[row].fn(req, &c);
}

int hvtlfs_hvcall_decode(const struct hvtlfs_hvcall_input *in, struct hvtlfs_hvcall_request *req,
			 struct hvtlfs_range_entry *ranges, size_t ranges_cap)
{
	struct hvtlfs_hvcall_elements el;

	/* Field by field: an initializer may become a memset call (see flush.c). */
	el.ranges = ranges;
	el.ranges_cap = ranges_cap;
	el.registers = NULL;
	el.registers_cap = 0;
	el.apic_ids = NULL;
	el.apic_ids_cap = 0;
	return hvtlfs_hvcall_decode_into(in, req, &el);
}

/* The output of an accepted @kind request of call @code: @count elements of @elem bytes
 * fit @out_size from the request's output offset. */
static int put_check(const struct hvtlfs_hvcall_request *req, uint32_t kind, uint16_t code,
		     const void *elements, size_t count, const void *out, size_t out_size,
		     size_t elem)
{
	if (!req || !out || (!elements && count))
		return HVTLFS_ERR_NULL;
	if (req->kind != kind || req->code != code || count != req->nelements)
		return HVTLFS_ERR_INVALID_ARG;
	if ((uint64_t)req->output_offset + (uint64_t)elem * count > (uint64_t)out_size)
		return HVTLFS_ERR_NO_SPACE;
	return HVTLFS_OK;
}

/* Little-endian @v as @n bytes at @p. */
static void put_le(uint8_t *p, uint64_t v, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		((volatile uint8_t *)p)[i] = (uint8_t)(v >> (8u * i));
}

int hvtlfs_hvcall_put_register_values(const struct hvtlfs_hvcall_request *req,
				      const struct hvtlfs_register_value *values, size_t count,
				      void *out, size_t out_size)
{
	const size_t elem = sizeof(struct hvtlfs_register_value);
	int rc = put_check(req, HVTLFS_HVCALL_REQ_VP_REGISTERS, HVTLFS_CALL_GET_VP_REGISTERS,
			   values, count, out, out_size, elem);
	size_t i;

	if (rc)
		return rc;
	for (i = 0; i < count; i++) {
		uint8_t *p = (uint8_t *)out + req->output_offset + elem * i;

		put_le(p, values[i].lo, 8u);
		put_le(p + 8u, values[i].hi, 8u);
	}
	return HVTLFS_OK;
}

int hvtlfs_hvcall_put_vp_indices(const struct hvtlfs_hvcall_request *req,
				 const uint32_t *vp_indices, size_t count, void *out,
				 size_t out_size)
{
	int rc = put_check(req, HVTLFS_HVCALL_REQ_VP_INDEX, HVTLFS_CALL_GET_VP_INDEX_FROM_APIC_ID,
			   vp_indices, count, out, out_size, sizeof(uint32_t));
	size_t i;

	if (rc)
		return rc;
	for (i = 0; i < count; i++)
		put_le((uint8_t *)out + req->output_offset + sizeof(uint32_t) * i, vp_indices[i],
		       4u);
	return HVTLFS_OK;
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
