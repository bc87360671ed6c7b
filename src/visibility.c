/* SPDX-License-Identifier: BSD-2-Clause */
#include "hvtlfs/visibility.h"
#include "hvtlfs/catalog.h"
#include "hvtlfs/ranges.h"
#include "hvtlfs_internal.h"

int hvtlfs_visibility_build(void *in, size_t in_size, uint64_t partition_id,
			    uint32_t host_visibility, const uint64_t *gpfns, size_t count,
			    unsigned int opts, struct hvtlfs_prepared *out)
{
	/* Volatile stores: the hypervisor reads the page behind the compiler's back, and
	 * no memcpy may appear in a freestanding link. */
	volatile uint64_t *w = (volatile uint64_t *)in;
	const size_t head = sizeof(struct hvtlfs_visibility_input) / sizeof(uint64_t);
	/* Initialised: the analysis of proofs/ joins the states of the GPFN loop's counts
	 * before the call, and then no longer sees that @control is set when rc is OK. */
	uint64_t control = 0;
	size_t i;
	int rc;

	if (count && !gpfns)
		return HVTLFS_ERR_NULL;
	/* The options are hvtlfs_call_encode()'s, after the call's own fields. */
	rc = hvtlfs_input_check_(in, out);
	if (rc != HVTLFS_OK)
		return rc;
	if (!hvtlfs_visibility_valid(host_visibility))
		return HVTLFS_ERR_BAD_VISIBILITY;
	if (count == 0)
		return HVTLFS_ERR_REP_COUNT_ZERO;
	if (count > HVTLFS_VISIBILITY_MAX_PER_PAGE)
		return HVTLFS_ERR_TOO_MANY_ELEMENTS;
	for (i = 0; i < count; i++)
		if (gpfns[i] > HVTLFS_RANGE_MAX_PAGE)
			return HVTLFS_ERR_RANGE_WRAP;
	rc = hvtlfs_call_encode(&control, HVTLFS_CALL_MODIFY_SPARSE_GPA_PAGE_HOST_VISIBILITY, opts,
				0, (uint32_t)count, 0);
	if (rc != HVTLFS_OK)
		return rc;
	if (in_size / sizeof(uint64_t) < head + count)
		return HVTLFS_ERR_NO_SPACE;
	/* struct hvtlfs_visibility_input as little-endian words: the partition, then the
	 * visibility with the reserved half zero; the GPFNs follow. */
	HVTLFS_STATIC_ASSERT(
		HVTLFS_OFFSETOF(struct hvtlfs_visibility_input, host_visibility) % 8u == 0,
		"the visibility word is the low half of a word, RsvdZ its high half");
	w[HVTLFS_OFFSETOF(struct hvtlfs_visibility_input, partition_id) / sizeof(uint64_t)] =
		partition_id;
	w[HVTLFS_OFFSETOF(struct hvtlfs_visibility_input, host_visibility) / sizeof(uint64_t)] =
		(uint64_t)host_visibility;
	for (i = 0; i < count; i++)
		w[head + i] = gpfns[i];
	hvtlfs_prepared_set_(out, control, (uint32_t)(sizeof(uint64_t) * (head + count)),
			     (uint32_t)count);
	return HVTLFS_OK;
}
