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
	static const unsigned int formats[3] = {
		HVTLFS_RANGE_FORMAT_GPA,
		HVTLFS_RANGE_FORMAT_GPA | HVTLFS_RANGE_ENCODE_LARGE_PAGES |
			HVTLFS_RANGE_ENCODE_NO_1G,
		HVTLFS_RANGE_FORMAT_GPA | HVTLFS_RANGE_ENCODE_LARGE_PAGES,
	};

	if (size == 0)
		return 0;
	fz_decode_list(HVTLFS_RANGE_FORMAT_GPA, data + 1, size - 1, data[0], formats, 3);
	fz_encode_bytes(data + 1, size - 1, data[0], formats, 3);
	return 0;
}
