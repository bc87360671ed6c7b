/* SPDX-License-Identifier: BSD-2-Clause */
/* libFuzzer harness for the hypervisor-side decoding of HvCallGetVpIndexFromApicId; the input
 * layout and the invariants are in fuzz_decode_common.h. */
#include "fuzz_decode_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const uint16_t codes[] = { HVTLFS_CALL_GET_VP_INDEX_FROM_APIC_ID };

	return fuzz_decode(data, size, codes, sizeof(codes) / sizeof(codes[0]));
}
