/* SPDX-License-Identifier: BSD-2-Clause */
#include "hvtlfs/control.h"
#include "hvtlfs_internal.h"

int hvtlfs_control_encode(uint64_t *out, uint16_t code, unsigned int opts, uint32_t var_hdr_size,
			  uint32_t rep_count, uint32_t rep_start)
{
	uint64_t v;
	int rc;

	if (!out)
		return HVTLFS_ERR_NULL;
	if (opts & ~HVTLFS_CTL_KNOWN_)
		return HVTLFS_ERR_INVALID_ARG;
	if (var_hdr_size > HVTLFS_CONTROL_VARHDR_MAX)
		return HVTLFS_ERR_VARHDR_RANGE;
	if (rep_count > HVTLFS_CONTROL_REP_MAX)
		return HVTLFS_ERR_REP_COUNT_RANGE;
	if (rep_start > HVTLFS_CONTROL_REP_MAX)
		return HVTLFS_ERR_REP_START_RANGE;
	v = (uint64_t)code;
	if (opts & HVTLFS_CTL_FAST)
		v |= HVTLFS_CONTROL_FAST;
	if (opts & HVTLFS_CTL_NESTED)
		v |= HVTLFS_CONTROL_NESTED;
	v |= (uint64_t)var_hdr_size << HVTLFS_CONTROL_VARHDR_SHIFT;
	v |= (uint64_t)rep_count << HVTLFS_CONTROL_REP_COUNT_SHIFT;
	v |= (uint64_t)rep_start << HVTLFS_CONTROL_REP_START_SHIFT;
	rc = hvtlfs_control_rep_rule_(v, rep_count != 0);
	if (rc != HVTLFS_OK)
		return rc;
	*out = v;
	return HVTLFS_OK;
}

int hvtlfs_control_check(uint64_t control)
{
	if (control & HVTLFS_CONTROL_RESERVED_MASK)
		return HVTLFS_ERR_RESERVED_BITS;
	/* Without the catalog, a rep count says whether it is a rep call. */
	return hvtlfs_control_rep_rule_(control, hvtlfs_control_rep_count(control) != 0);
}
