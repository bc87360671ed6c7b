/* SPDX-License-Identifier: BSD-2-Clause */
#include "hvtlfs/flush.h"
#include "hvtlfs_internal.h"

/*
 * The input buffer is written through volatile pointers: the hypervisor reads it
 * behind the compiler's back, and it keeps gcc from turning the copy loops into
 * memcpy/memset calls a freestanding link cannot resolve.
 */
typedef volatile uint64_t word_t;

#define OPTS_KNOWN (HVTLFS_CTL_FAST | HVTLFS_CTL_NESTED)

static int check_buf(const void *in, const struct hvtlfs_prepared *out, unsigned int opts)
{
	if (!in || !out)
		return HVTLFS_ERR_NULL;
	if (!hvtlfs_is_aligned_((uintptr_t)in, HVTLFS_INPUT_ALIGN))
		return HVTLFS_ERR_ALIGNMENT;
	if (opts & ~OPTS_KNOWN)
		return HVTLFS_ERR_INVALID_ARG;
	return HVTLFS_OK;
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

static int check_ipi(uint32_t vector, uint8_t target_vtl)
{
	if (vector < HVTLFS_IPI_VECTOR_MIN || vector > HVTLFS_IPI_VECTOR_MAX)
		return HVTLFS_ERR_VECTOR_RANGE;
	if (target_vtl & HVTLFS_INPUT_VTL_RESERVED)
		return HVTLFS_ERR_INVALID_ARG;
	return HVTLFS_OK;
}

/* What a call's input looks like past its fixed fields. */
struct layout_ {
	uint16_t code;			     /* the call */
	size_t fixed;			     /* sizeof its fixed header */
	const struct hvtlfs_vp_targets *vps; /* Ex calls: the HV_VP_SET's VPs, else NULL */
	size_t vpset_at;		     /* Ex calls: offset of the HV_VP_SET's format word */
	bool list;			     /* rep calls: @ranges are the rep elements */
	const uint64_t *ranges;
	uint32_t count;
};

/*
 * The part of every builder after its own field checks: sizes the input (fixed
 * header, the bank words of an Ex call's HV_VP_SET as its variable header, 8 bytes a
 * rep element) against the buffer and the fast registers, writes the HV_VP_SET and
 * the rep elements, and makes the control word. The caller writes the fixed fields
 * once this succeeds.
 */
static int lay_out(void *in, size_t in_size, unsigned int opts, const struct layout_ *l,
		   struct hvtlfs_prepared *out)
{
	uint64_t hdr, need, control;
	int banks = 0, rc;

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
	if (l->vps) {
		uint64_t *set = (uint64_t *)in + l->vpset_at / sizeof(uint64_t);

		rc = hvtlfs_vpset_encode_targets(
			set, (size_t)(hdr - l->vpset_at) / sizeof(uint64_t), l->vps, NULL);
		if (rc < 0)
			return rc;
	}
	if (l->list) {
		word_t *w = (word_t *)in + hdr / sizeof(uint64_t);
		uint32_t i;

		for (i = 0; i < l->count; i++)
			w[i] = l->ranges[i];
	}
	out->control = control;
	out->input_size = (uint32_t)need;
	out->rep_count = l->count;
	return HVTLFS_OK;
}

/* The fixed header of HvFlushVirtualAddressSpace and HvFlushVirtualAddressList. */
static void put_flush(void *in, uint64_t address_space, uint64_t flags, uint64_t processor_mask)
{
	volatile struct hvtlfs_flush_input *h = (volatile struct hvtlfs_flush_input *)in;

	h->address_space = address_space;
	h->flags = flags;
	h->processor_mask = processor_mask;
}

/* The fixed fields of the Ex flush calls before their HV_VP_SET. */
static void put_flush_ex(void *in, uint64_t address_space, uint64_t flags)
{
	volatile struct hvtlfs_flush_ex_input *h = (volatile struct hvtlfs_flush_ex_input *)in;

	h->address_space = address_space;
	h->flags = flags;
}

int hvtlfs_flush_build_space(void *in, size_t in_size, uint64_t address_space, uint64_t flags,
			     uint64_t processor_mask, unsigned int opts,
			     struct hvtlfs_prepared *out)
{
	const struct layout_ l = { HVTLFS_CALL_FLUSH_VIRTUAL_ADDRESS_SPACE,
				   sizeof(struct hvtlfs_flush_input),
				   NULL,
				   0,
				   false,
				   NULL,
				   0 };
	int rc = check_buf(in, out, opts);

	if (rc)
		return rc;
	if (flags & ~HVTLFS_FLUSH_SPACE_FLAGS)
		return HVTLFS_ERR_BAD_FLAGS;
	if (hvtlfs_flush_mask_empty(flags, processor_mask))
		return HVTLFS_ERR_EMPTY_VP_MASK;
	rc = lay_out(in, in_size, opts, &l, out);
	if (rc)
		return rc;
	put_flush(in, address_space, flags, processor_mask);
	return HVTLFS_OK;
}

int hvtlfs_flush_build_list(void *in, size_t in_size, uint64_t address_space, uint64_t flags,
			    uint64_t processor_mask, const uint64_t *ranges, uint32_t count,
			    unsigned int opts, struct hvtlfs_prepared *out)
{
	const struct layout_ l = { HVTLFS_CALL_FLUSH_VIRTUAL_ADDRESS_LIST,
				   sizeof(struct hvtlfs_flush_input),
				   NULL,
				   0,
				   true,
				   ranges,
				   count };
	int rc = check_buf(in, out, opts);

	if (rc)
		return rc;
	if (flags & ~HVTLFS_FLUSH_LIST_FLAGS)
		return HVTLFS_ERR_BAD_FLAGS;
	if (hvtlfs_flush_mask_empty(flags, processor_mask))
		return HVTLFS_ERR_EMPTY_VP_MASK;
	rc = lay_out(in, in_size, opts, &l, out);
	if (rc)
		return rc;
	put_flush(in, address_space, flags, processor_mask);
	return HVTLFS_OK;
}

int hvtlfs_flush_build_space_ex(void *in, size_t in_size, uint64_t address_space, uint64_t flags,
				const struct hvtlfs_vp_targets *vps, unsigned int opts,
				struct hvtlfs_prepared *out)
{
	const struct layout_ l = { HVTLFS_CALL_FLUSH_VIRTUAL_ADDRESS_SPACE_EX,
				   sizeof(struct hvtlfs_flush_ex_input),
				   vps,
				   HVTLFS_OFFSETOF(struct hvtlfs_flush_ex_input, vp_set_format),
				   false,
				   NULL,
				   0 };
	int rc = check_buf(in, out, opts);

	if (rc)
		return rc;
	if (flags & ~HVTLFS_FLUSH_SPACE_FLAGS)
		return HVTLFS_ERR_BAD_FLAGS;
	if (!vps)
		return HVTLFS_ERR_NULL;
	rc = lay_out(in, in_size, opts, &l, out);
	if (rc)
		return rc;
	put_flush_ex(in, address_space, flags);
	return HVTLFS_OK;
}

int hvtlfs_flush_build_list_ex(void *in, size_t in_size, uint64_t address_space, uint64_t flags,
			       const struct hvtlfs_vp_targets *vps, const uint64_t *ranges,
			       uint32_t count, unsigned int opts, struct hvtlfs_prepared *out)
{
	const struct layout_ l = { HVTLFS_CALL_FLUSH_VIRTUAL_ADDRESS_LIST_EX,
				   sizeof(struct hvtlfs_flush_ex_input),
				   vps,
				   HVTLFS_OFFSETOF(struct hvtlfs_flush_ex_input, vp_set_format),
				   true,
				   ranges,
				   count };
	int rc = check_buf(in, out, opts);

	if (rc)
		return rc;
	if (flags & ~HVTLFS_FLUSH_LIST_FLAGS)
		return HVTLFS_ERR_BAD_FLAGS;
	if (!vps)
		return HVTLFS_ERR_NULL;
	rc = lay_out(in, in_size, opts, &l, out);
	if (rc)
		return rc;
	put_flush_ex(in, address_space, flags);
	return HVTLFS_OK;
}

/* The vector and target VTL of both IPI calls: the same first 8 bytes. */
static void put_ipi(void *in, uint32_t vector, uint8_t target_vtl)
{
	volatile struct hvtlfs_ipi_input *h = (volatile struct hvtlfs_ipi_input *)in;

	HVTLFS_STATIC_ASSERT(HVTLFS_OFFSETOF(struct hvtlfs_ipi_input, padding) ==
				     HVTLFS_OFFSETOF(struct hvtlfs_ipi_ex_input, padding),
			     "the IPI headers start alike");
	h->vector = vector;
	h->target_vtl = target_vtl;
	h->padding[0] = 0;
	h->padding[1] = 0;
	h->padding[2] = 0;
}

int hvtlfs_ipi_build(void *in, size_t in_size, uint32_t vector, uint8_t target_vtl,
		     uint64_t processor_mask, unsigned int opts, struct hvtlfs_prepared *out)
{
	const struct layout_ l = { HVTLFS_CALL_SEND_SYNTHETIC_CLUSTER_IPI,
				   sizeof(struct hvtlfs_ipi_input),
				   NULL,
				   0,
				   false,
				   NULL,
				   0 };
	int rc = check_buf(in, out, opts);

	if (rc)
		return rc;
	rc = check_ipi(vector, target_vtl);
	if (rc)
		return rc;
	/* The TLFS accepts an empty mask and interrupts nobody: a guest asking for that
	 * has lost its target set, so the builder says so instead of sending nothing. */
	if (processor_mask == 0)
		return HVTLFS_ERR_EMPTY_VP_MASK;
	rc = lay_out(in, in_size, opts, &l, out);
	if (rc)
		return rc;
	put_ipi(in, vector, target_vtl);
	((volatile struct hvtlfs_ipi_input *)in)->processor_mask = processor_mask;
	return HVTLFS_OK;
}

int hvtlfs_ipi_build_ex(void *in, size_t in_size, uint32_t vector, uint8_t target_vtl,
			const struct hvtlfs_vp_targets *vps, unsigned int opts,
			struct hvtlfs_prepared *out)
{
	const struct layout_ l = { HVTLFS_CALL_SEND_SYNTHETIC_CLUSTER_IPI_EX,
				   sizeof(struct hvtlfs_ipi_ex_input),
				   vps,
				   HVTLFS_OFFSETOF(struct hvtlfs_ipi_ex_input, vp_set_format),
				   false,
				   NULL,
				   0 };
	int rc = check_buf(in, out, opts);

	if (rc)
		return rc;
	rc = check_ipi(vector, target_vtl);
	if (rc)
		return rc;
	if (!vps)
		return HVTLFS_ERR_NULL;
	rc = lay_out(in, in_size, opts, &l, out);
	if (rc)
		return rc;
	put_ipi(in, vector, target_vtl);
	return HVTLFS_OK;
}

/* The fast calls with 8 bytes of input: the control word and the RDX image. */
static int build_fast8(uint64_t *control, uint64_t *input, uint16_t code, uint64_t value)
{
	uint64_t c;
	int rc;

	if (!control || !input)
		return HVTLFS_ERR_NULL;
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
	if (!control || !input)
		return HVTLFS_ERR_NULL;
	if (connection_id & HVTLFS_CONNECTION_ID_RESERVED)
		return HVTLFS_ERR_INVALID_ARG;
	/* struct hvtlfs_signal_event_input as a little-endian qword. */
	return build_fast8(
		control, input, HVTLFS_CALL_SIGNAL_EVENT,
		(uint64_t)connection_id |
			((uint64_t)flag_number
			 << (8u * HVTLFS_OFFSETOF(struct hvtlfs_signal_event_input, flag_number))));
}

int hvtlfs_spin_wait_build(uint64_t *control, uint64_t *input, uint32_t spin_count)
{
	/* struct hvtlfs_spin_wait_input as a little-endian qword: the count, then RsvdZ. */
	return build_fast8(control, input, HVTLFS_CALL_NOTIFY_LONG_SPIN_WAIT, (uint64_t)spin_count);
}

int hvtlfs_post_message_build(void *in, size_t in_size, uint32_t connection_id,
			      uint32_t message_type, const void *payload, uint32_t payload_size,
			      struct hvtlfs_prepared *out)
{
	const struct layout_ l = { HVTLFS_CALL_POST_MESSAGE,
				   sizeof(struct hvtlfs_post_message_input),
				   NULL,
				   0,
				   false,
				   NULL,
				   0 };
	volatile struct hvtlfs_post_message_input *h =
		(volatile struct hvtlfs_post_message_input *)in;
	word_t *words = (word_t *)in + HVTLFS_OFFSETOF(struct hvtlfs_post_message_input, payload) /
					       sizeof(uint64_t);
	const uint8_t *src = (const uint8_t *)payload;
	uint32_t i;
	int rc = check_buf(in, out, 0);

	if (rc)
		return rc;
	if (payload_size > HVTLFS_MESSAGE_PAYLOAD_MAX)
		return HVTLFS_ERR_PAYLOAD_TOO_BIG;
	if (payload_size && !payload)
		return HVTLFS_ERR_NULL;
	if (message_type == 0 || (message_type & 0x80000000u) ||
	    (connection_id & HVTLFS_CONNECTION_ID_RESERVED))
		return HVTLFS_ERR_INVALID_ARG;
	rc = lay_out(in, in_size, 0, &l, out);
	if (rc)
		return rc;
	h->connection_id = connection_id;
	h->rsvdz = 0;
	h->message_type = message_type;
	h->payload_size = payload_size;
	/* Whole little-endian words; the last one zero-padded. */
	for (i = 0; i < payload_size; i += 8u) {
		uint64_t v = 0;
		uint32_t j;

		for (j = 0; j < 8u && i + j < payload_size; j++)
			v |= (uint64_t)src[i + j] << (8u * j);
		words[i / 8u] = v;
	}
	return HVTLFS_OK;
}

/* The fixed header of both GPA flush calls (the flags are reserved: zero). */
static void put_gpa_flush(void *in, uint64_t address_space)
{
	volatile struct hvtlfs_gpa_flush_input *h = (volatile struct hvtlfs_gpa_flush_input *)in;

	h->address_space = address_space;
	h->flags = 0;
}

int hvtlfs_gpa_flush_build_space(void *in, size_t in_size, uint64_t address_space,
				 unsigned int opts, struct hvtlfs_prepared *out)
{
	const struct layout_ l = { HVTLFS_CALL_FLUSH_GUEST_PHYSICAL_ADDRESS_SPACE,
				   sizeof(struct hvtlfs_gpa_flush_input),
				   NULL,
				   0,
				   false,
				   NULL,
				   0 };
	int rc = check_buf(in, out, opts);

	if (rc)
		return rc;
	rc = lay_out(in, in_size, opts, &l, out);
	if (rc)
		return rc;
	put_gpa_flush(in, address_space);
	return HVTLFS_OK;
}

int hvtlfs_gpa_flush_build_list(void *in, size_t in_size, uint64_t address_space,
				const uint64_t *ranges, uint32_t count, unsigned int opts,
				struct hvtlfs_prepared *out)
{
	const struct layout_ l = { HVTLFS_CALL_FLUSH_GUEST_PHYSICAL_ADDRESS_LIST,
				   sizeof(struct hvtlfs_gpa_flush_input),
				   NULL,
				   0,
				   true,
				   ranges,
				   count };
	int rc = check_buf(in, out, opts);

	if (rc)
		return rc;
	rc = lay_out(in, in_size, opts, &l, out);
	if (rc)
		return rc;
	put_gpa_flush(in, address_space);
	return HVTLFS_OK;
}
