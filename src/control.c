/* SPDX-License-Identifier: BSD-2-Clause */
#include "hvtlfs/control.h"

int hvtlfs_control_build(uint64_t *out, uint16_t code, unsigned int opts, uint32_t var_hdr_size,
			 uint32_t rep_count, uint32_t rep_start)
{
	uint64_t v;

	if (!out)
		return HVTLFS_ERR_NULL;
	if (opts & ~(HVTLFS_CTL_FAST | HVTLFS_CTL_NESTED))
		return HVTLFS_ERR_INVALID_ARG;
	if (var_hdr_size > HVTLFS_CONTROL_VARHDR_MAX)
		return HVTLFS_ERR_VARHDR_RANGE;
	if (rep_count > HVTLFS_CONTROL_REP_MAX)
		return HVTLFS_ERR_REP_COUNT_RANGE;
	if (rep_start > HVTLFS_CONTROL_REP_MAX)
		return HVTLFS_ERR_REP_START_RANGE;
	if (rep_count == 0 && rep_start != 0)
		return HVTLFS_ERR_REP_ON_SIMPLE;
	if (rep_count != 0 && rep_start >= rep_count)
		return HVTLFS_ERR_REP_START_NOT_BELOW;

	v = (uint64_t)code;
	if (opts & HVTLFS_CTL_FAST)
		v |= HVTLFS_CONTROL_FAST;
	if (opts & HVTLFS_CTL_NESTED)
		v |= HVTLFS_CONTROL_NESTED;
	v |= (uint64_t)var_hdr_size << HVTLFS_CONTROL_VARHDR_SHIFT;
	v |= (uint64_t)rep_count << HVTLFS_CONTROL_REP_COUNT_SHIFT;
	v |= (uint64_t)rep_start << HVTLFS_CONTROL_REP_START_SHIFT;
	*out = v;
	return HVTLFS_OK;
}

int hvtlfs_control_check(uint64_t control)
{
	uint32_t count = hvtlfs_control_rep_count(control);
	uint32_t start = hvtlfs_control_rep_start(control);

	if (control & HVTLFS_CONTROL_RESERVED_MASK)
		return HVTLFS_ERR_RESERVED_BITS;
	if (count == 0 && start != 0)
		return HVTLFS_ERR_REP_ON_SIMPLE;
	if (count != 0 && start >= count)
		return HVTLFS_ERR_REP_START_NOT_BELOW;
	return HVTLFS_OK;
}
