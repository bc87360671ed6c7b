/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * libFuzzer harness for the GPA page-range decoder (HV_GPA_PAGE_RANGE, the rep
 * elements of HvFlushGuestPhysicalAddressList) as an L0 hypervisor reads them,
 * with a round trip through the GPA encoders. Input layout: see
 * fuzz_ranges_common.h (bit 0 of the selector is unused here).
 */
#include "fuzz_ranges_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const unsigned int flags[3] = { 0, HVTLFS_RANGES_LARGE_PAGES | HVTLFS_RANGES_NO_1G,
					       HVTLFS_RANGES_LARGE_PAGES };
	static const unsigned int formats[3] = { HVTLFS_RANGE_FMT_GPA, HVTLFS_RANGE_FMT_GPA,
						 HVTLFS_RANGE_FMT_GPA };

	if (size == 0)
		return 0;
	fz_decode_list(HVTLFS_RANGE_FMT_GPA, data + 1, size - 1, data[0],
		       hvtlfs_gpa_page_ranges_encode, flags, 3);
	fz_encode_bytes(data + 1, size - 1, data[0], hvtlfs_gpa_ranges_encode, flags, 3, formats);
	return 0;
}
