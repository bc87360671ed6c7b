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
	static const unsigned int flags[4] = { HVTLFS_RANGES_SIMPLE, HVTLFS_RANGES_EXTENDED,
					       HVTLFS_RANGES_EXTENDED | HVTLFS_RANGES_LARGE_PAGES |
						       HVTLFS_RANGES_NO_1G,
					       HVTLFS_RANGES_EXTENDED | HVTLFS_RANGES_LARGE_PAGES };
	static const unsigned int formats[4] = { HVTLFS_RANGE_FMT_GVA_SIMPLE,
						 HVTLFS_RANGE_FMT_GVA_EXTENDED,
						 HVTLFS_RANGE_FMT_GVA_EXTENDED,
						 HVTLFS_RANGE_FMT_GVA_EXTENDED };
	unsigned int format;
	uint8_t sel;

	if (size == 0)
		return 0;
	sel = data[0];
	format = (sel & 1u) != 0 ? HVTLFS_RANGE_FMT_GVA_EXTENDED : HVTLFS_RANGE_FMT_GVA_SIMPLE;
	fz_decode_list(format, data + 1, size - 1, sel, hvtlfs_gva_page_ranges_encode, flags, 4);
	fz_encode_bytes(data + 1, size - 1, sel, hvtlfs_gva_ranges_encode, flags, 4, formats);
	return 0;
}
