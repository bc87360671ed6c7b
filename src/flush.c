/* SPDX-License-Identifier: BSD-2-Clause */
#include "hvtlfs/flush.h"
#include "hvtlfs_internal.h"

/*
 * The input buffer is written through volatile word pointers: the hypervisor
 * reads it behind the compiler's back, and it keeps gcc from turning the copy
 * loops into memcpy/memset calls a freestanding link cannot resolve.
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
	if ((opts & HVTLFS_CTL_FAST) && need > HVTLFS_BUILD_FAST_XMM_BYTES)
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

int hvtlfs_vp_targets_banks(const struct hvtlfs_vp_targets *vps)
{
	uint32_t i;
	int n = 0;

	if (!vps)
		return HVTLFS_ERR_NULL;
	if (vps->all)
		return 0;
	if (vps->words && !vps->bitmap)
		return HVTLFS_ERR_NULL;
	for (i = 0; i < vps->words; i++) {
		if (vps->bitmap[i] == 0)
			continue;
		if (i >= HVTLFS_VPSET_MAX_BANKS)
			return HVTLFS_ERR_VP_RANGE;
		n++;
	}
	return n;
}

/* Writes format, valid_bank_mask and the bank words at w[0..]; returns words written. */
static uint32_t put_vpset(word_t *w, const struct hvtlfs_vp_targets *vps)
{
	uint64_t mask = 0;
	uint32_t i, n = 0;

	if (vps->all) {
		w[0] = HVTLFS_GENERIC_SET_ALL;
		w[1] = 0;
		return 2;
	}
	for (i = 0; i < vps->words && i < HVTLFS_VPSET_MAX_BANKS; i++) {
		uint64_t bank = vps->bitmap[i];

		if (bank == 0)
			continue;
		mask |= HVTLFS_BIT64(i);
		w[2 + n] = bank;
		n++;
	}
	w[0] = HVTLFS_GENERIC_SET_SPARSE_4K;
	w[1] = mask;
	return 2 + n;
}

static void put_words(word_t *w, const uint64_t *src, uint32_t count)
{
	uint32_t i;

	for (i = 0; i < count; i++)
		w[i] = src[i];
}

static int finish(struct hvtlfs_prepared *out, uint16_t code, unsigned int opts, uint32_t varhdr,
		  uint32_t reps, uint64_t size)
{
	uint64_t control;
	int rc = hvtlfs_control_build(&control, code, opts, varhdr, reps, 0);

	if (rc)
		return rc;
	out->control = control;
	out->input_size = (uint32_t)size;
	out->rep_count = reps;
	return HVTLFS_OK;
}

int hvtlfs_flush_build_space(void *in, size_t in_size, uint64_t address_space, uint64_t flags,
			     uint64_t processor_mask, unsigned int opts,
			     struct hvtlfs_prepared *out)
{
	word_t *w = (word_t *)in;
	int rc = check_buf(in, out, opts);

	if (rc)
		return rc;
	if (flags & ~HVTLFS_FLUSH_SPACE_FLAGS)
		return HVTLFS_ERR_BAD_FLAGS;
	if (hvtlfs_flush_mask_empty(flags, processor_mask))
		return HVTLFS_ERR_EMPTY_VP_MASK;
	rc = check_size(24, in_size, opts, HVTLFS_ERR_NO_SPACE);
	if (rc)
		return rc;
	w[0] = address_space;
	w[1] = flags;
	w[2] = processor_mask;
	return finish(out, HVTLFS_CALL_FLUSH_VIRTUAL_ADDRESS_SPACE, opts, 0, 0, 24);
}

int hvtlfs_flush_build_list(void *in, size_t in_size, uint64_t address_space, uint64_t flags,
			    uint64_t processor_mask, const uint64_t *ranges, uint32_t count,
			    unsigned int opts, struct hvtlfs_prepared *out)
{
	word_t *w = (word_t *)in;
	uint64_t need;
	int rc = check_buf(in, out, opts);

	if (rc)
		return rc;
	if (flags & ~HVTLFS_FLUSH_LIST_FLAGS)
		return HVTLFS_ERR_BAD_FLAGS;
	if (hvtlfs_flush_mask_empty(flags, processor_mask))
		return HVTLFS_ERR_EMPTY_VP_MASK;
	rc = check_reps(ranges, count);
	if (rc)
		return rc;
	need = 24u + 8u * (uint64_t)count;
	rc = check_size(need, in_size, opts, HVTLFS_ERR_RANGES_DONT_FIT);
	if (rc)
		return rc;
	w[0] = address_space;
	w[1] = flags;
	w[2] = processor_mask;
	put_words(w + 3, ranges, count);
	return finish(out, HVTLFS_CALL_FLUSH_VIRTUAL_ADDRESS_LIST, opts, 0, count, need);
}

int hvtlfs_flush_build_space_ex(void *in, size_t in_size, uint64_t address_space, uint64_t flags,
				const struct hvtlfs_vp_targets *vps, unsigned int opts,
				struct hvtlfs_prepared *out)
{
	word_t *w = (word_t *)in;
	uint64_t need;
	int banks, rc = check_buf(in, out, opts);

	if (rc)
		return rc;
	if (flags & ~HVTLFS_FLUSH_SPACE_FLAGS)
		return HVTLFS_ERR_BAD_FLAGS;
	banks = hvtlfs_vp_targets_banks(vps);
	if (banks < 0)
		return banks;
	need = 32u + 8u * (uint64_t)banks;
	rc = check_size(need, in_size, opts, HVTLFS_ERR_NO_SPACE);
	if (rc)
		return rc;
	w[0] = address_space;
	w[1] = flags;
	(void)put_vpset(w + 2, vps);
	return finish(out, HVTLFS_CALL_FLUSH_VIRTUAL_ADDRESS_SPACE_EX, opts, (uint32_t)banks, 0,
		      need);
}

int hvtlfs_flush_build_list_ex(void *in, size_t in_size, uint64_t address_space, uint64_t flags,
			       const struct hvtlfs_vp_targets *vps, const uint64_t *ranges,
			       uint32_t count, unsigned int opts, struct hvtlfs_prepared *out)
{
	word_t *w = (word_t *)in;
	uint64_t hdr, need;
	int banks, rc = check_buf(in, out, opts);

	if (rc)
		return rc;
	if (flags & ~HVTLFS_FLUSH_LIST_FLAGS)
		return HVTLFS_ERR_BAD_FLAGS;
	banks = hvtlfs_vp_targets_banks(vps);
	if (banks < 0)
		return banks;
	rc = check_reps(ranges, count);
	if (rc)
		return rc;
	hdr = 32u + 8u * (uint64_t)banks;
	rc = check_size(hdr, in_size, opts, HVTLFS_ERR_NO_SPACE);
	if (rc)
		return rc;
	need = hdr + 8u * (uint64_t)count;
	rc = check_size(need, in_size, opts, HVTLFS_ERR_RANGES_DONT_FIT);
	if (rc)
		return rc;
	w[0] = address_space;
	w[1] = flags;
	(void)put_vpset(w + 2, vps);
	put_words(w + (hdr / 8u), ranges, count);
	return finish(out, HVTLFS_CALL_FLUSH_VIRTUAL_ADDRESS_LIST_EX, opts, (uint32_t)banks, count,
		      need);
}

static int check_ipi(uint32_t vector, uint8_t target_vtl)
{
	if (vector < HVTLFS_IPI_VECTOR_MIN || vector > HVTLFS_IPI_VECTOR_MAX)
		return HVTLFS_ERR_VECTOR_RANGE;
	if (target_vtl & HVTLFS_INPUT_VTL_RESERVED)
		return HVTLFS_ERR_INVALID_ARG;
	return HVTLFS_OK;
}

int hvtlfs_ipi_build(void *in, size_t in_size, uint32_t vector, uint8_t target_vtl,
		     uint64_t processor_mask, unsigned int opts, struct hvtlfs_prepared *out)
{
	word_t *w = (word_t *)in;
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
	rc = check_size(16, in_size, opts, HVTLFS_ERR_NO_SPACE);
	if (rc)
		return rc;
	w[0] = (uint64_t)vector | ((uint64_t)target_vtl << 32);
	w[1] = processor_mask;
	return finish(out, HVTLFS_CALL_SEND_SYNTHETIC_CLUSTER_IPI, opts, 0, 0, 16);
}

int hvtlfs_ipi_build_ex(void *in, size_t in_size, uint32_t vector, uint8_t target_vtl,
			const struct hvtlfs_vp_targets *vps, unsigned int opts,
			struct hvtlfs_prepared *out)
{
	word_t *w = (word_t *)in;
	uint64_t need;
	int banks, rc = check_buf(in, out, opts);

	if (rc)
		return rc;
	rc = check_ipi(vector, target_vtl);
	if (rc)
		return rc;
	banks = hvtlfs_vp_targets_banks(vps);
	if (banks < 0)
		return banks;
	need = 24u + 8u * (uint64_t)banks;
	rc = check_size(need, in_size, opts, HVTLFS_ERR_NO_SPACE);
	if (rc)
		return rc;
	w[0] = (uint64_t)vector | ((uint64_t)target_vtl << 32);
	(void)put_vpset(w + 1, vps);
	return finish(out, HVTLFS_CALL_SEND_SYNTHETIC_CLUSTER_IPI_EX, opts, (uint32_t)banks, 0,
		      need);
}

int hvtlfs_signal_event_build(uint64_t *control, uint64_t *input, uint32_t connection_id,
			      uint16_t flag_number)
{
	uint64_t c;
	int rc;

	if (!control || !input)
		return HVTLFS_ERR_NULL;
	if (connection_id & HVTLFS_CONNECTION_ID_RESERVED)
		return HVTLFS_ERR_INVALID_ARG;
	rc = hvtlfs_control_build(&c, HVTLFS_CALL_SIGNAL_EVENT, HVTLFS_CTL_FAST, 0, 0, 0);
	if (rc)
		return rc;
	*control = c;
	*input = (uint64_t)connection_id | ((uint64_t)flag_number << 32);
	return HVTLFS_OK;
}

int hvtlfs_spin_wait_build(uint64_t *control, uint64_t *input, uint32_t spin_count)
{
	uint64_t c;
	int rc;

	if (!control || !input)
		return HVTLFS_ERR_NULL;
	rc = hvtlfs_control_build(&c, HVTLFS_CALL_NOTIFY_LONG_SPIN_WAIT, HVTLFS_CTL_FAST, 0, 0, 0);
	if (rc)
		return rc;
	*control = c;
	*input = (uint64_t)spin_count;
	return HVTLFS_OK;
}

int hvtlfs_post_message_build(void *in, size_t in_size, uint32_t connection_id,
			      uint32_t message_type, const void *payload, uint32_t payload_size,
			      struct hvtlfs_prepared *out)
{
	word_t *w = (word_t *)in;
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
	if (in_size < sizeof(struct hvtlfs_post_message_input))
		return HVTLFS_ERR_NO_SPACE;
	w[0] = (uint64_t)connection_id;
	w[1] = (uint64_t)message_type | ((uint64_t)payload_size << 32);
	/* Whole little-endian words; the last one zero-padded. */
	for (i = 0; i < payload_size; i += 8u) {
		uint64_t v = 0;
		uint32_t j;

		for (j = 0; j < 8u && i + j < payload_size; j++)
			v |= (uint64_t)src[i + j] << (8u * j);
		w[2u + i / 8u] = v;
	}
	return finish(out, HVTLFS_CALL_POST_MESSAGE, 0, 0, 0,
		      sizeof(struct hvtlfs_post_message_input));
}

int hvtlfs_gpa_flush_build_space(void *in, size_t in_size, uint64_t address_space,
				 unsigned int opts, struct hvtlfs_prepared *out)
{
	word_t *w = (word_t *)in;
	int rc = check_buf(in, out, opts);

	if (rc)
		return rc;
	rc = check_size(16, in_size, opts, HVTLFS_ERR_NO_SPACE);
	if (rc)
		return rc;
	w[0] = address_space;
	w[1] = 0;
	return finish(out, HVTLFS_CALL_FLUSH_GUEST_PHYSICAL_ADDRESS_SPACE, opts, 0, 0, 16);
}

int hvtlfs_gpa_flush_build_list(void *in, size_t in_size, uint64_t address_space,
				const uint64_t *ranges, uint32_t count, unsigned int opts,
				struct hvtlfs_prepared *out)
{
	word_t *w = (word_t *)in;
	uint64_t need;
	int rc = check_buf(in, out, opts);

	if (rc)
		return rc;
	rc = check_reps(ranges, count);
	if (rc)
		return rc;
	need = 16u + 8u * (uint64_t)count;
	rc = check_size(need, in_size, opts, HVTLFS_ERR_RANGES_DONT_FIT);
	if (rc)
		return rc;
	w[0] = address_space;
	w[1] = 0;
	put_words(w + 2, ranges, count);
	return finish(out, HVTLFS_CALL_FLUSH_GUEST_PHYSICAL_ADDRESS_LIST, opts, 0, count, need);
}
