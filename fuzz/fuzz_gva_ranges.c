/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * libFuzzer harness for the GVA range-list decoders (HV_GVA_RANGE, simple and
 * extended) as a hypervisor reads them from a guest's input page, with a round
 * trip through the GVA encoders. Input layout: see fuzz_ranges_common.h.
 */
#include "fuzz_ranges_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	/* From small to large pages: 4 KiB, 2 MiB mappings, 1 GiB mappings. */
	static const unsigned int formats[4] = {
		HVTLFS_RANGE_FORMAT_GVA_SIMPLE,
		HVTLFS_RANGE_FORMAT_GVA_EXTENDED,
		HVTLFS_RANGE_FORMAT_GVA_EXTENDED | HVTLFS_RANGE_ENCODE_LARGE_PAGES |
			HVTLFS_RANGE_ENCODE_NO_1G,
		HVTLFS_RANGE_FORMAT_GVA_EXTENDED | HVTLFS_RANGE_ENCODE_LARGE_PAGES,
	};
	unsigned int format;
	uint8_t sel;

	if (size == 0)
		return 0;
	sel = data[0];
	format =
		(sel & 1u) != 0 ? HVTLFS_RANGE_FORMAT_GVA_EXTENDED : HVTLFS_RANGE_FORMAT_GVA_SIMPLE;
	fz_decode_list(format, data + 1, size - 1, sel, formats, 4);
	fz_encode_bytes(data + 1, size - 1, sel, formats, 4);
	return 0;
}
