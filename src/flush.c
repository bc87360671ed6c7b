/* SPDX-License-Identifier: BSD-2-Clause */
#include "hvtlfs/flush.h"
#include "hvtlfs_internal.h"

/*
 * The input buffer is written through volatile pointers: the hypervisor reads it
 * behind the compiler's back, and it keeps gcc from turning the copy loops into
 * memcpy/memset calls a freestanding link cannot resolve.
 */
typedef volatile uint64_t word_t;

/* The builders' prologue: pointers, alignment, options (hvtlfs_build_check_()). Its own
 * function here, as the proof drivers bound it by this name (their prove-slevel). */
static int check_buf(const void *in, const struct hvtlfs_prepared *out, unsigned int opts)
{
	return hvtlfs_build_check_(in, out, opts);
}

/* Bytes needed, checked against the fast limit and the buffer: returns 0 or an error. */
static int check_size(uint64_t need, size_t in_size, unsigned int opts, int overflow_err)
{
	if ((opts & HVTLFS_CTL_FAST) && need > HVTLFS_FAST_XMM_BYTES)
		return HVTLFS_ERR_FAST_TOO_BIG;
	if (need > (uint64_t)in_size)
		return overflow_err;
	return HVTLFS_OK;
}

static int check_reps(const uint64_t *ranges, uint32_t count)
{
	if (count == 0)
		return HVTLFS_ERR_REP_COUNT_ZERO;
	if (count > HVTLFS_CONTROL_REP_MAX)
		return HVTLFS_ERR_REP_COUNT_RANGE;
	if (!ranges)
		return HVTLFS_ERR_NULL;
	return HVTLFS_OK;
}

/* The input of one call: its fixed header (as little-endian words laid out by its
 * wire struct), an Ex call's HV_VP_SET, a rep call's elements. */
struct layout_ {
	uint16_t code;			     /* the call */
	size_t fixed;			     /* sizeof its fixed header */
	uint64_t head[3];		     /* the fixed header's words before any HV_VP_SET */
	const struct hvtlfs_vp_targets *vps; /* Ex calls: the HV_VP_SET's VPs, else NULL */
	size_t vpset_at;		     /* Ex calls: offset of the HV_VP_SET's format word */
	bool list;			     /* rep calls: @ranges are the rep elements */
	const uint64_t *ranges;
	uint32_t count;
};

/*
 * A layout is filled by these stores, never by an initializer: a compiler may lower a
 * local aggregate's initializer to a memset call (clang at -O0 does, even with
 * -ffreestanding -fno-builtin), and the library calls no memset.
 */
static void layout_head(struct layout_ *l, uint16_t code, size_t fixed, uint64_t w0, uint64_t w1,
			uint64_t w2)
{
	l->code = code;
	l->fixed = fixed;
	l->head[0] = w0;
	l->head[1] = w1;
	l->head[2] = w2;
	l->vps = NULL;
	l->vpset_at = 0;
	l->list = false;
	l->ranges = NULL;
	l->count = 0;
}

/* An Ex call: its HV_VP_SET of @vps at offset @at of the fixed header. */
static void layout_vpset(struct layout_ *l, const struct hvtlfs_vp_targets *vps, size_t at)
{
	l->vps = vps;
	l->vpset_at = at;
}

/* A rep call: its @count elements. */
static void layout_list(struct layout_ *l, const uint64_t *ranges, uint32_t count)
{
	l->list = true;
	l->ranges = ranges;
	l->count = count;
}

/*
 * Every builder: the buffer checks, then the call's own field checks (@invalid, their
 * first failure or HVTLFS_OK), then the size (fixed header, the bank words of an Ex
 * call's HV_VP_SET as its variable header, 8 bytes a rep element) against the buffer
 * and the fast registers; only then is anything written: the fixed header, the
 * HV_VP_SET, the rep elements, and the control word.
 */
static int build(void *in, size_t in_size, unsigned int opts, const struct layout_ *l, int invalid,
		 struct hvtlfs_prepared *out)
{
	const size_t nhead = (l->vps ? l->vpset_at : l->fixed) / sizeof(uint64_t);
	uint64_t hdr, need, control;
	word_t *w = (word_t *)in;
	int banks = 0, rc;
	size_t i;

	rc = check_buf(in, out, opts);
	if (rc)
		return rc;
	if (invalid)
		return invalid;
	if (l->vps) {
		banks = hvtlfs_vp_targets_banks(l->vps);
		if (banks < 0)
			return banks;
	}
	if (l->list) {
		rc = check_reps(l->ranges, l->count);
		if (rc)
			return rc;
	}
	hdr = l->fixed + sizeof(uint64_t) * (uint64_t)banks;
	if (l->vps) {
		/* The bank words alone must fit. */
		rc = check_size(hdr, in_size, opts, HVTLFS_ERR_NO_SPACE);
		if (rc)
			return rc;
	}
	need = hdr + sizeof(uint64_t) * (uint64_t)l->count;
	rc = check_size(need, in_size, opts,
			l->list ? HVTLFS_ERR_RANGES_DONT_FIT : HVTLFS_ERR_NO_SPACE);
	if (rc)
		return rc;
	rc = hvtlfs_control_encode(&control, l->code, opts, (uint32_t)banks, l->count, 0);
	if (rc)
		return rc;
	for (i = 0; i < nhead && i < HVTLFS_ARRAY_SIZE_(l->head); i++)
		w[i] = l->head[i];
	if (l->vps) {
		rc = hvtlfs_vpset_encode_targets((uint64_t *)in + l->vpset_at / sizeof(uint64_t),
						 (size_t)(hdr - l->vpset_at) / sizeof(uint64_t),
						 l->vps, NULL);
		if (rc < 0)
			return rc;
	}
	for (i = 0; i < l->count; i++)
		w[hdr / sizeof(uint64_t) + i] = l->ranges[i];
	hvtlfs_prepared_set_(out, control, (uint32_t)need, l->count);
	return HVTLFS_OK;
}

/* The flush calls' own checks: flags the call takes; a legacy call's processor mask. */
static int check_flush(uint64_t flags, uint64_t allowed, bool legacy, uint64_t processor_mask,
		       const struct hvtlfs_vp_targets *vps)
{
	if (flags & ~allowed)
		return HVTLFS_ERR_BAD_FLAGS;
	if (legacy)
		return hvtlfs_flush_mask_empty(flags, processor_mask) ? HVTLFS_ERR_EMPTY_VP_MASK
								      : HVTLFS_OK;
	return vps ? HVTLFS_OK : HVTLFS_ERR_NULL;
}

int hvtlfs_flush_build_space(void *in, size_t in_size, uint64_t address_space, uint64_t flags,
			     uint64_t processor_mask, unsigned int opts,
			     struct hvtlfs_prepared *out)
{
	struct layout_ l;

	layout_head(&l, HVTLFS_CALL_FLUSH_VIRTUAL_ADDRESS_SPACE, sizeof(struct hvtlfs_flush_input),
		    address_space, flags, processor_mask);
	return build(in, in_size, opts, &l,
		     check_flush(flags, HVTLFS_FLUSH_SPACE_FLAGS, true, processor_mask, NULL), out);
}

int hvtlfs_flush_build_list(void *in, size_t in_size, uint64_t address_space, uint64_t flags,
			    uint64_t processor_mask, const uint64_t *ranges, uint32_t count,
			    unsigned int opts, struct hvtlfs_prepared *out)
{
	struct layout_ l;

	layout_head(&l, HVTLFS_CALL_FLUSH_VIRTUAL_ADDRESS_LIST, sizeof(struct hvtlfs_flush_input),
		    address_space, flags, processor_mask);
	layout_list(&l, ranges, count);
	return build(in, in_size, opts, &l,
		     check_flush(flags, HVTLFS_FLUSH_LIST_FLAGS, true, processor_mask, NULL), out);
}

int hvtlfs_flush_build_space_ex(void *in, size_t in_size, uint64_t address_space, uint64_t flags,
				const struct hvtlfs_vp_targets *vps, unsigned int opts,
				struct hvtlfs_prepared *out)
{
	struct layout_ l;

	layout_head(&l, HVTLFS_CALL_FLUSH_VIRTUAL_ADDRESS_SPACE_EX,
		    sizeof(struct hvtlfs_flush_ex_input), address_space, flags, 0);
	layout_vpset(&l, vps, HVTLFS_OFFSETOF(struct hvtlfs_flush_ex_input, vp_set_format));
	return build(in, in_size, opts, &l,
		     check_flush(flags, HVTLFS_FLUSH_SPACE_FLAGS, false, 0, vps), out);
}

int hvtlfs_flush_build_list_ex(void *in, size_t in_size, uint64_t address_space, uint64_t flags,
			       const struct hvtlfs_vp_targets *vps, const uint64_t *ranges,
			       uint32_t count, unsigned int opts, struct hvtlfs_prepared *out)
{
	struct layout_ l;

	layout_head(&l, HVTLFS_CALL_FLUSH_VIRTUAL_ADDRESS_LIST_EX,
		    sizeof(struct hvtlfs_flush_ex_input), address_space, flags, 0);
	layout_vpset(&l, vps, HVTLFS_OFFSETOF(struct hvtlfs_flush_ex_input, vp_set_format));
	layout_list(&l, ranges, count);
	return build(in, in_size, opts, &l,
		     check_flush(flags, HVTLFS_FLUSH_LIST_FLAGS, false, 0, vps), out);
}

/* The first word of both IPI inputs: vector, target VTL, zero padding. */
static uint64_t ipi_word(uint32_t vector, uint8_t target_vtl)
{
	HVTLFS_STATIC_ASSERT(HVTLFS_OFFSETOF(struct hvtlfs_ipi_input, target_vtl) ==
				     HVTLFS_OFFSETOF(struct hvtlfs_ipi_ex_input, target_vtl),
			     "the IPI headers start alike");
	return (uint64_t)vector | ((uint64_t)target_vtl
				   << (8u * HVTLFS_OFFSETOF(struct hvtlfs_ipi_input, target_vtl)));
}

/* The IPI calls' own checks; @mask_empty: a legacy call with no VP (the TLFS accepts it
 * and interrupts nobody: a guest asking for that has lost its target set, so the
 * builder says so instead of sending nothing). */
static int check_ipi(uint32_t vector, uint8_t target_vtl, bool mask_empty,
		     const struct hvtlfs_vp_targets *vps, bool ex)
{
	if (vector < HVTLFS_IPI_VECTOR_MIN || vector > HVTLFS_IPI_VECTOR_MAX)
		return HVTLFS_ERR_VECTOR_RANGE;
	if (target_vtl & HVTLFS_INPUT_VTL_RESERVED)
		return HVTLFS_ERR_INVALID_ARG;
	if (ex)
		return vps ? HVTLFS_OK : HVTLFS_ERR_NULL;
	return mask_empty ? HVTLFS_ERR_EMPTY_VP_MASK : HVTLFS_OK;
}

int hvtlfs_ipi_build(void *in, size_t in_size, uint32_t vector, uint8_t target_vtl,
		     uint64_t processor_mask, unsigned int opts, struct hvtlfs_prepared *out)
{
	struct layout_ l;

	layout_head(&l, HVTLFS_CALL_SEND_SYNTHETIC_CLUSTER_IPI, sizeof(struct hvtlfs_ipi_input),
		    ipi_word(vector, target_vtl), processor_mask, 0);
	return build(in, in_size, opts, &l,
		     check_ipi(vector, target_vtl, processor_mask == 0, NULL, false), out);
}

int hvtlfs_ipi_build_ex(void *in, size_t in_size, uint32_t vector, uint8_t target_vtl,
			const struct hvtlfs_vp_targets *vps, unsigned int opts,
			struct hvtlfs_prepared *out)
{
	struct layout_ l;

	layout_head(&l, HVTLFS_CALL_SEND_SYNTHETIC_CLUSTER_IPI_EX,
		    sizeof(struct hvtlfs_ipi_ex_input), ipi_word(vector, target_vtl), 0, 0);
	layout_vpset(&l, vps, HVTLFS_OFFSETOF(struct hvtlfs_ipi_ex_input, vp_set_format));
	return build(in, in_size, opts, &l, check_ipi(vector, target_vtl, false, vps, true), out);
}

/* The fast calls with 8 bytes of input: the control word and the RDX image. */
static int build_fast8(uint64_t *control, uint64_t *input, uint16_t code, uint64_t value,
		       int invalid)
{
	uint64_t c;
	int rc;

	if (!control || !input)
		return HVTLFS_ERR_NULL;
	if (invalid)
		return invalid;
	rc = hvtlfs_control_encode(&c, code, HVTLFS_CTL_FAST, 0, 0, 0);
	if (rc)
		return rc;
	*control = c;
	*input = value;
	return HVTLFS_OK;
}

int hvtlfs_signal_event_build(uint64_t *control, uint64_t *input, uint32_t connection_id,
			      uint16_t flag_number)
{
	/* struct hvtlfs_signal_event_input as a little-endian qword. */
	const uint64_t v =
		(uint64_t)connection_id |
		((uint64_t)flag_number
		 << (8u * HVTLFS_OFFSETOF(struct hvtlfs_signal_event_input, flag_number)));

	return build_fast8(control, input, HVTLFS_CALL_SIGNAL_EVENT, v,
			   connection_id & HVTLFS_CONNECTION_ID_RESERVED ? HVTLFS_ERR_INVALID_ARG
									 : HVTLFS_OK);
}

int hvtlfs_spin_wait_build(uint64_t *control, uint64_t *input, uint32_t spin_count)
{
	/* struct hvtlfs_spin_wait_input as a little-endian qword: the count, then RsvdZ. */
	return build_fast8(control, input, HVTLFS_CALL_NOTIFY_LONG_SPIN_WAIT, (uint64_t)spin_count,
			   HVTLFS_OK);
}

static int check_message(uint32_t connection_id, uint32_t message_type, const void *payload,
			 uint32_t payload_size)
{
	if (payload_size > HVTLFS_MESSAGE_PAYLOAD_MAX)
		return HVTLFS_ERR_PAYLOAD_TOO_BIG;
	if (payload_size && !payload)
		return HVTLFS_ERR_NULL;
	if (message_type == 0 || (message_type & 0x80000000u) ||
	    (connection_id & HVTLFS_CONNECTION_ID_RESERVED))
		return HVTLFS_ERR_INVALID_ARG;
	return HVTLFS_OK;
}

int hvtlfs_post_message_build(void *in, size_t in_size, uint32_t connection_id,
			      uint32_t message_type, const void *payload, uint32_t payload_size,
			      struct hvtlfs_prepared *out)
{
	/* The header words: connection id and RsvdZ, then message type and payload size;
	 * the payload follows (the input is the whole struct, whatever the payload). */
	struct layout_ l;
	word_t *words = (word_t *)in + HVTLFS_OFFSETOF(struct hvtlfs_post_message_input, payload) /
					       sizeof(uint64_t);
	const uint8_t *src = (const uint8_t *)payload;
	uint64_t v = 0;
	uint32_t i;
	int rc;

	HVTLFS_STATIC_ASSERT(HVTLFS_OFFSETOF(struct hvtlfs_post_message_input, payload_size) == 12,
			     "payload size is the high half of the second word");
	layout_head(&l, HVTLFS_CALL_POST_MESSAGE,
		    HVTLFS_OFFSETOF(struct hvtlfs_post_message_input, payload),
		    (uint64_t)connection_id,
		    (uint64_t)message_type | ((uint64_t)payload_size << 32), 0);
	rc = check_message(connection_id, message_type, payload, payload_size);
	if (rc == HVTLFS_OK && in_size < sizeof(struct hvtlfs_post_message_input))
		rc = HVTLFS_ERR_NO_SPACE;
	rc = build(in, in_size, 0, &l, rc, out);
	if (rc)
		return rc;
	out->input_size = (uint32_t)sizeof(struct hvtlfs_post_message_input);
	/* Whole little-endian words, a byte at a time; the last one zero-padded. One loop
	 * over the bytes: every index is below payload_size where the analysis of proofs/
	 * sees it. */
	for (i = 0; i < payload_size; i++) {
		v |= (uint64_t)src[i] << (8u * (i & 7u));
		if ((i & 7u) == 7u || i + 1u == payload_size) {
			words[i / 8u] = v;
			v = 0;
		}
	}
	return HVTLFS_OK;
}

int hvtlfs_gpa_flush_build_space(void *in, size_t in_size, uint64_t address_space,
				 unsigned int opts, struct hvtlfs_prepared *out)
{
	/* The flags are reserved: zero. */
	struct layout_ l;

	layout_head(&l, HVTLFS_CALL_FLUSH_GUEST_PHYSICAL_ADDRESS_SPACE,
		    sizeof(struct hvtlfs_gpa_flush_input), address_space, 0, 0);
	return build(in, in_size, opts, &l, HVTLFS_OK, out);
}

int hvtlfs_gpa_flush_build_list(void *in, size_t in_size, uint64_t address_space,
				const uint64_t *ranges, uint32_t count, unsigned int opts,
				struct hvtlfs_prepared *out)
{
	struct layout_ l;

	layout_head(&l, HVTLFS_CALL_FLUSH_GUEST_PHYSICAL_ADDRESS_LIST,
		    sizeof(struct hvtlfs_gpa_flush_input), address_space, 0, 0);
	layout_list(&l, ranges, count);
	return build(in, in_size, opts, &l, HVTLFS_OK, out);
}
