/* SPDX-License-Identifier: BSD-2-Clause */
/* libFuzzer harness for the hypervisor-side decoding of HvCallGetVpRegisters and HvCallSetVpRegisters; the input
 * layout and the invariants are in fuzz_decode_common.h. */
#include "fuzz_decode_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const uint16_t codes[] = { HVTLFS_CALL_GET_VP_REGISTERS,
					  HVTLFS_CALL_SET_VP_REGISTERS };

	return fuzz_decode(data, size, codes, sizeof(codes) / sizeof(codes[0]));
}
