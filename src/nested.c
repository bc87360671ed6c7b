/* SPDX-License-Identifier: BSD-2-Clause */
#include "hvtlfs/nested.h"

int hvtlfs_nested_features_decode(struct hvtlfs_nested_features *out, uint32_t eax)
{
	uint8_t lo, hi;

	if (out == NULL)
		return HVTLFS_ERR_NULL;

	lo = (uint8_t)(eax & HVTLFS_NESTED_EAX_EVMCS_LOW_MASK);
	hi = (uint8_t)((eax & HVTLFS_NESTED_EAX_EVMCS_HIGH_MASK) >>
		       HVTLFS_NESTED_EAX_EVMCS_HIGH_SHIFT);

	out->eax = eax;
	out->reserved_bits = eax & HVTLFS_NESTED_EAX_RESERVED;
	out->evmcs_version_low = lo;
	out->evmcs_version_high = hi;
	out->direct_virtual_flush = (eax & HVTLFS_NESTED_EAX_DIRECT_FLUSH) != 0;
	out->gpa_flush_hypercalls = (eax & HVTLFS_NESTED_EAX_GPA_FLUSH) != 0;
	out->enlightened_msr_bitmap = (eax & HVTLFS_NESTED_EAX_MSR_BITMAP) != 0;
	out->virt_exception_pf = (eax & HVTLFS_NESTED_EAX_VIRT_EXCEPTION_PF) != 0;

	if (out->reserved_bits != 0)
		return HVTLFS_ERR_RESERVED_BITS;
	/* 0..0 is "no eVMCS"; a half-zero or inverted range is no range at all. */
	if ((lo == 0) != (hi == 0) || lo > hi)
		return HVTLFS_ERR_EVMCS_VERSION;
	return HVTLFS_OK;
}
