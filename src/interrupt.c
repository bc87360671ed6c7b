/* SPDX-License-Identifier: BSD-2-Clause */
#include "hvtlfs/interrupt.h"
#include "hvtlfs/catalog.h"
#include "hvtlfs_internal.h"

/* Word indices of struct hvtlfs_retarget_input, from its layout. */
#define WORD_(member) (HVTLFS_OFFSETOF(struct hvtlfs_retarget_input, member) / sizeof(uint64_t))

/*
 * Both forms: the buffer and field checks, the control word (its variable header
 * @varhdr), the size; then the fixed part's words. The target's last word (the mask,
 * or the HV_VP_SET's format) and the variable header are the caller's to write.
 */
static int retarget_head(void *in, size_t in_size, const struct hvtlfs_device_interrupt *irq,
			 bool empty, uint32_t flags, uint32_t varhdr, unsigned int opts,
			 struct hvtlfs_prepared *out)
{
	volatile uint64_t *w = (volatile uint64_t *)in; /* the hypervisor reads it: volatile */
	const size_t need = sizeof(struct hvtlfs_retarget_input) + sizeof(uint64_t) * varhdr;
	uint64_t control;
	int rc;

	HVTLFS_STATIC_ASSERT(HVTLFS_OFFSETOF(struct hvtlfs_retarget_input, flags) ==
				     HVTLFS_OFFSETOF(struct hvtlfs_retarget_input, vector) + 4u,
			     "vector and flags share a word");
	/* The pointers are the callers' (non-NULL here); the options hvtlfs_call_encode()'s. */
	rc = hvtlfs_input_check_(in, out);
	if (rc != HVTLFS_OK)
		return rc;
	if (irq->vector < HVTLFS_IPI_VECTOR_MIN || irq->vector > HVTLFS_IPI_VECTOR_MAX)
		return HVTLFS_ERR_VECTOR_RANGE;
	if (empty)
		return HVTLFS_ERR_EMPTY_VP_MASK;
	rc = hvtlfs_call_encode(&control, HVTLFS_CALL_RETARGET_DEVICE_INTERRUPT, opts, varhdr, 0,
				0);
	if (rc != HVTLFS_OK)
		return rc;
	if (in_size < need)
		return HVTLFS_ERR_NO_SPACE;
	if (irq->multicast)
		flags |= HVTLFS_DEVICE_INTERRUPT_TARGET_MULTICAST;
	w[WORD_(partition_id)] = irq->partition_id;
	w[WORD_(device_id)] = irq->device_id;
	/* HV_INTERRUPT_ENTRY: source MSI and a zero reserved half, then address and data. */
	w[WORD_(entry)] = (uint64_t)HVTLFS_INTERRUPT_SOURCE_MSI;
	w[WORD_(entry) + 1u] = (uint64_t)irq->msi_address | ((uint64_t)irq->msi_data << 32);
	w[WORD_(rsvdz)] = 0;
	w[WORD_(vector)] = (uint64_t)irq->vector | ((uint64_t)flags << 32);
	hvtlfs_prepared_set_(out, control, (uint32_t)need, 0);
	return HVTLFS_OK;
}

int hvtlfs_retarget_build(void *in, size_t in_size, const struct hvtlfs_device_interrupt *irq,
			  uint64_t processor_mask, unsigned int opts, struct hvtlfs_prepared *out)
{
	int rc;

	if (!in || !irq || !out)
		return HVTLFS_ERR_NULL;
	rc = retarget_head(in, in_size, irq, processor_mask == 0, 0, 0, opts, out);
	if (rc != HVTLFS_OK)
		return rc;
	((volatile uint64_t *)in)[WORD_(processor_mask)] = processor_mask;
	return HVTLFS_OK;
}

int hvtlfs_retarget_build_ex(void *in, size_t in_size, const struct hvtlfs_device_interrupt *irq,
			     const struct hvtlfs_vp_targets *vps, unsigned int opts,
			     struct hvtlfs_prepared *out)
{
	/* The HV_VP_SET starts at the format word: format, valid_bank_mask, banks. */
	const size_t at = HVTLFS_OFFSETOF(struct hvtlfs_retarget_input, processor_mask);
	int banks, rc;
	bool empty;

	if (!in || !irq || !vps || !out)
		return HVTLFS_ERR_NULL;
	banks = hvtlfs_vp_targets_banks(vps);
	if (banks < 0)
		return banks;
	/* No bank word holds a VP (a bitmap's zero words are not counted, a CPU source's
	 * banks end at its highest VP): nobody to deliver to. */
	empty = !vps->all && banks == 0;
	rc = retarget_head(in, in_size, irq, empty, HVTLFS_DEVICE_INTERRUPT_TARGET_PROCESSOR_SET,
			   HVTLFS_RETARGET_VARHDR_WORDS((uint32_t)banks), opts, out);
	if (rc != HVTLFS_OK)
		return rc;
	/* The words the size check reserved for the set (its header and @banks words), not
	 * the rest of the buffer: the same words written, and the analysis of proofs/ sees
	 * the encoder's bound without relating a bank to the VP it came from. */
	rc = hvtlfs_vpset_encode_targets((uint64_t *)in + at / sizeof(uint64_t),
					 HVTLFS_VPSET_HDR_WORDS + (size_t)banks, vps, NULL);
	return rc < 0 ? rc : HVTLFS_OK;
}
