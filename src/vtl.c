/* SPDX-License-Identifier: BSD-2-Clause */
#include "hvtlfs/vtl.h"
#include "hvtlfs_internal.h"

/* Stores into the caller's input go through volatile words (see flush.c). */
typedef volatile uint64_t word_t;

int hvtlfs_vsm_code_page_offsets_decode(uint64_t value, struct hvtlfs_vsm_code_page_offsets *out)
{
	if (!out)
		return HVTLFS_ERR_NULL;
	if (value & HVTLFS_VSM_CODE_PAGE_OFFSETS_RESERVED)
		return HVTLFS_ERR_RESERVED_BITS;
	out->vtl_call = (uint16_t)(value & HVTLFS_VSM_CODE_PAGE_OFFSETS_CALL_MASK);
	out->vtl_return = (uint16_t)((value & HVTLFS_VSM_CODE_PAGE_OFFSETS_RETURN_MASK) >>
				     HVTLFS_VSM_CODE_PAGE_OFFSETS_RETURN_SHIFT);
	return HVTLFS_OK;
}

int hvtlfs_vsm_code_page_offsets_encode(uint64_t *value,
					const struct hvtlfs_vsm_code_page_offsets *offsets)
{
	if (!value || !offsets)
		return HVTLFS_ERR_NULL;
	if (offsets->vtl_call > HVTLFS_VSM_CODE_PAGE_OFFSETS_CALL_MASK ||
	    offsets->vtl_return > HVTLFS_VSM_CODE_PAGE_OFFSETS_CALL_MASK)
		return HVTLFS_ERR_INVALID_ARG;
	*value = (uint64_t)offsets->vtl_call |
		 ((uint64_t)offsets->vtl_return << HVTLFS_VSM_CODE_PAGE_OFFSETS_RETURN_SHIFT);
	return HVTLFS_OK;
}

/*
 * What every builder here checks first, in the order of the other builders: the
 * pointers, the buffer's alignment and the options (hvtlfs_build_check_()), then
 * @fast_ok (whether the call's input can ever be fast), the partition
 * (HV_PARTITION_ID_INVALID names none) and the VTL (HV_VTL, 0-15).
 */
static int check_common(const void *in, const void *out, unsigned int opts, bool fast_ok,
			uint64_t partition_id, uint8_t target_vtl)
{
	int rc = hvtlfs_build_check_(in, out, opts);

	if (rc != HVTLFS_OK)
		return rc;
	if ((opts & HVTLFS_CTL_FAST) && !fast_ok)
		return HVTLFS_ERR_FAST_NOT_ALLOWED;
	if (partition_id == HVTLFS_PARTITION_ID_INVALID)
		return HVTLFS_ERR_INVALID_ARG;
	if (target_vtl > HVTLFS_VTL_MAX)
		return HVTLFS_ERR_VTL_RANGE;
	return HVTLFS_OK;
}

int hvtlfs_enable_partition_vtl_build(void *in, size_t in_size, uint64_t partition_id,
				      uint8_t target_vtl, uint8_t flags, unsigned int opts,
				      struct hvtlfs_prepared *out)
{
	const uint64_t need = sizeof(struct hvtlfs_enable_partition_vtl_input);
	word_t *w = (word_t *)in;
	uint64_t control;
	int rc;

	HVTLFS_STATIC_ASSERT(HVTLFS_OFFSETOF(struct hvtlfs_enable_partition_vtl_input, flags) == 9,
			     "the flags are byte 1 of the second word");
	rc = check_common(in, out, opts, true, partition_id, target_vtl);
	if (rc)
		return rc;
	if (flags & ~HVTLFS_ENABLE_PARTITION_VTL_KNOWN)
		return HVTLFS_ERR_BAD_FLAGS;
	if (need > (uint64_t)in_size)
		return HVTLFS_ERR_NO_SPACE;
	rc = hvtlfs_control_encode(&control, HVTLFS_CALL_ENABLE_PARTITION_VTL, opts, 0, 0, 0);
	if (rc)
		return rc;
	w[0] = partition_id;
	w[1] = (uint64_t)target_vtl | ((uint64_t)flags << 8); /* then RsvdZ */
	hvtlfs_prepared_set_(out, control, (uint32_t)need, 0);
	return HVTLFS_OK;
}

/* HV_X64_SEGMENT_REGISTER as two words: base; limit, selector, attributes. */
static void put_segment(word_t *w, const struct hvtlfs_x64_segment_register *s)
{
	w[0] = s->base;
	w[1] = (uint64_t)s->limit | ((uint64_t)s->selector << 32) | ((uint64_t)s->attributes << 48);
}

/* HV_X64_TABLE_REGISTER as two words: the zero padding and the limit; the base. */
static void put_table(word_t *w, const struct hvtlfs_x64_table_register *t)
{
	w[0] = (uint64_t)t->limit << 48;
	w[1] = t->base;
}

/* HvCallEnableVpVtl and HvCallStartVirtualProcessor: struct hvtlfs_start_vp_input. */
static int build_start(uint16_t code, void *in, size_t in_size, uint64_t partition_id,
		       uint32_t vp_index, uint8_t target_vtl,
		       const struct hvtlfs_initial_vp_context *c, unsigned int opts,
		       struct hvtlfs_prepared *out)
{
	const uint64_t need = sizeof(struct hvtlfs_start_vp_input);
	const size_t at = HVTLFS_OFFSETOF(struct hvtlfs_start_vp_input, context) / 8u;
	word_t *w = (word_t *)in;
	word_t *x;
	uint64_t control;
	int rc;

	rc = check_common(in, out, opts, false, partition_id, target_vtl);
	if (rc)
		return rc;
	if (!c)
		return HVTLFS_ERR_NULL;
	if (need > (uint64_t)in_size)
		return HVTLFS_ERR_NO_SPACE;
	rc = hvtlfs_control_encode(&control, code, opts, 0, 0, 0);
	if (rc)
		return rc;
	w[0] = partition_id;
	w[1] = (uint64_t)vp_index | ((uint64_t)target_vtl << 32); /* then RsvdZ */
	x = w + at;
#define AT_(field) (HVTLFS_OFFSETOF(struct hvtlfs_initial_vp_context, field) / 8u)
	x[AT_(rip)] = c->rip;
	x[AT_(rsp)] = c->rsp;
	x[AT_(rflags)] = c->rflags;
	put_segment(x + AT_(cs), &c->cs);
	put_segment(x + AT_(ds), &c->ds);
	put_segment(x + AT_(es), &c->es);
	put_segment(x + AT_(fs), &c->fs);
	put_segment(x + AT_(gs), &c->gs);
	put_segment(x + AT_(ss), &c->ss);
	put_segment(x + AT_(tr), &c->tr);
	put_segment(x + AT_(ldtr), &c->ldtr);
	put_table(x + AT_(idtr), &c->idtr);
	put_table(x + AT_(gdtr), &c->gdtr);
	x[AT_(efer)] = c->efer;
	x[AT_(cr0)] = c->cr0;
	x[AT_(cr3)] = c->cr3;
	x[AT_(cr4)] = c->cr4;
	x[AT_(msr_cr_pat)] = c->msr_cr_pat;
#undef AT_
	hvtlfs_prepared_set_(out, control, (uint32_t)need, 0);
	return HVTLFS_OK;
}

int hvtlfs_enable_vp_vtl_build(void *in, size_t in_size, uint64_t partition_id, uint32_t vp_index,
			       uint8_t target_vtl, const struct hvtlfs_initial_vp_context *context,
			       unsigned int opts, struct hvtlfs_prepared *out)
{
	return build_start(HVTLFS_CALL_ENABLE_VP_VTL, in, in_size, partition_id, vp_index,
			   target_vtl, context, opts, out);
}

int hvtlfs_start_vp_build(void *in, size_t in_size, uint64_t partition_id, uint32_t vp_index,
			  uint8_t target_vtl, const struct hvtlfs_initial_vp_context *context,
			  unsigned int opts, struct hvtlfs_prepared *out)
{
	return build_start(HVTLFS_CALL_START_VIRTUAL_PROCESSOR, in, in_size, partition_id, vp_index,
			   target_vtl, context, opts, out);
}

int hvtlfs_get_vp_index_build(void *in, size_t in_size, uint64_t partition_id, uint8_t target_vtl,
			      const uint32_t *apic_ids, uint32_t count, unsigned int opts,
			      struct hvtlfs_prepared *out)
{
	const uint64_t need =
		sizeof(struct hvtlfs_get_vp_index_input) + sizeof(uint32_t) * (uint64_t)count;
	const size_t at = sizeof(struct hvtlfs_get_vp_index_input) / 8u;
	word_t *w = (word_t *)in;
	uint64_t control;
	uint32_t i;
	int rc;

	rc = check_common(in, out, opts, true, partition_id, target_vtl);
	if (rc)
		return rc;
	if (count == 0)
		return HVTLFS_ERR_REP_COUNT_ZERO;
	if (count > HVTLFS_CONTROL_REP_MAX)
		return HVTLFS_ERR_REP_COUNT_RANGE;
	if (!apic_ids)
		return HVTLFS_ERR_NULL;
	if ((opts & HVTLFS_CTL_FAST) &&
	    !HVTLFS_FAST_IO_FITS(need, sizeof(uint32_t) * (uint64_t)count, HVTLFS_FAST_XMM_BYTES))
		return HVTLFS_ERR_FAST_TOO_BIG;
	/* Whole words: the ids go in two a word, and an odd count's last word (its high
	 * half 0) ends 4 bytes past need. */
	if (((need + 7u) & ~(uint64_t)7) > (uint64_t)in_size)
		return HVTLFS_ERR_NO_SPACE;
	rc = hvtlfs_control_encode(&control, HVTLFS_CALL_GET_VP_INDEX_FROM_APIC_ID, opts, 0, count,
				   0);
	if (rc)
		return rc;
	w[0] = partition_id;
	w[1] = target_vtl; /* then the padding, zero */
	for (i = 0; i < count; i += 2u) {
		uint64_t v = apic_ids[i];

		if (i + 1u < count)
			v |= (uint64_t)apic_ids[i + 1u] << 32;
		w[at + i / 2u] = v;
	}
	hvtlfs_prepared_set_(out, control, (uint32_t)need, count);
	return HVTLFS_OK;
}

int hvtlfs_get_vp_index_parse(const void *output, size_t output_size, uint32_t count,
			      uint32_t *vp_indices)
{
	const volatile uint8_t *b = (const volatile uint8_t *)output;
	uint32_t i;

	if ((!output || !vp_indices) && count)
		return HVTLFS_ERR_NULL;
	if ((uint64_t)count * sizeof(uint32_t) > (uint64_t)output_size)
		return HVTLFS_ERR_TRUNCATED;
	for (i = 0; i < count; i++)
		vp_indices[i] = (uint32_t)b[4u * i] | ((uint32_t)b[4u * i + 1u] << 8) |
				((uint32_t)b[4u * i + 2u] << 16) | ((uint32_t)b[4u * i + 3u] << 24);
	return HVTLFS_OK;
}
