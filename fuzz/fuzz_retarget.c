/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * libFuzzer harness for the decoder of HvCallRetargetDeviceInterrupt (input layout:
 * fuzz_calls_common.h). Accepted: the mask form has no variable header and targets the
 * mask's VPs; the processor-set form's variable header is 1 + popcount(valid_bank_mask)
 * (the mask counts, unlike the Ex flush calls), never more than 1 + 64 words; the
 * source is MSI, the vector 0x10-0xFF, reserved fields zero, some VP targeted.
 */
#include "hvtlfs/interrupt.h"

#include "fuzz_calls_common.h"

static unsigned popcount64(uint64_t v)
{
	unsigned n = 0;

	for (; v; v &= v - 1u)
		n++;
	return n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct fz_call f;
	const struct hvtlfs_hvcall_request *r = &f.req;
	uint32_t varhdr;

	if (!fz_decode(&f, HVTLFS_CALL_RETARGET_DEVICE_INTERRUPT, data, size))
		return 0;
	fz_common(&f, HVTLFS_HVCALL_REQ_RETARGET);
	varhdr = hvtlfs_control_var_hdr_size(f.in.control);
	/* More than 64 banks is refused as such, whatever the mask says. */
	if (f.rc == HVTLFS_OK && r->reason == HVTLFS_ERR_TOO_MANY_BANKS)
		CHECK(varhdr > 65u && r->status == HVTLFS_STATUS_INVALID_HYPERCALL_INPUT);
	if (f.rc != HVTLFS_OK || r->kind != HVTLFS_HVCALL_REQ_RETARGET)
		return 0;
	CHECK(r->partition_id == fuzz_le(f.bytes, 8) && r->device_id == fuzz_le(f.bytes + 8, 8));
	CHECK(r->interrupt_source == HVTLFS_INTERRUPT_SOURCE_MSI);
	CHECK(fuzz_le(f.bytes + 20, 4) == 0 && fuzz_le(f.bytes + 32, 8) == 0);
	CHECK(r->msi_address == fuzz_le(f.bytes + 24, 4) &&
	      r->msi_data == fuzz_le(f.bytes + 28, 4));
	CHECK(r->vector >= 0x10u && r->vector <= 0xFFu && r->vector == fuzz_le(f.bytes + 40, 4));
	CHECK(r->target_flags == fuzz_le(f.bytes + 44, 4));
	CHECK((r->target_flags & ~HVTLFS_DEVICE_INTERRUPT_TARGET_FLAGS) == 0);
	CHECK(hvtlfs_vpset_is_all(&r->vps) || hvtlfs_vpset_count(&r->vps, 0) != 0);
	if (r->target_flags & HVTLFS_DEVICE_INTERRUPT_TARGET_PROCESSOR_SET) {
		const uint64_t format = fuzz_le(f.bytes + 48, 8), mask = fuzz_le(f.bytes + 56, 8);

		CHECK(varhdr >= 1u && varhdr <= 65u);
		if (format == HVTLFS_GENERIC_SET_SPARSE_4K)
			CHECK(varhdr == 1u + popcount64(mask) && r->vps.nbanks == varhdr - 1u);
		else
			CHECK(format == HVTLFS_GENERIC_SET_ALL && hvtlfs_vpset_is_all(&r->vps));
	} else {
		uint32_t vp;

		CHECK(varhdr == 0);
		for (vp = 0; vp < 64; vp++)
			CHECK(hvtlfs_vpset_contains(&r->vps, vp) ==
			      (((fuzz_le(f.bytes + 48, 8) >> vp) & 1u) != 0));
	}
	return 0;
}
