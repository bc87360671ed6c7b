/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * XMM fast hypercalls (x86_64 only). This file alone is built with SSE: the
 * boot code enabled it (CR0.EM=0, CR0.MP=1, CR4.OSFXSR, CR4.OSXMMEXCPT), and
 * hvtlfs_hypercall_xmm() loads RDX, R8 and XMM0-XMM5 from the register image.
 */
#include "console.h"
#include "guest.h"
#include "hv.h"

#include "hvtlfs/catalog.h"
#include "hvtlfs/control.h"
#include "hvtlfs/error.h"
#include "hvtlfs/flush.h"
#include "hvtlfs/hypercall.h"

/*
 * Prints and checks the control word and input size of a built XMM fast call,
 * makes the call and checks its result: success, @reps reps completed.
 */
static void xmm_call(const struct hvtlfs_prepared *p, const uint64_t *image, uint64_t control,
		     uint32_t input_size, const char *what, uint32_t reps)
{
	uint64_t result = 0;
	int rc;

	con_hex_field("xmm: control ", p->control, 16);
	con_dec_field(", ", p->input_size);
	con_puts(" input bytes");
	check(p->control == control && p->input_size == input_size);
	rc = hvtlfs_hypercall_xmm(p->control, image, p->input_size, NULL, 0, &result);
	con_puts(what);
	say_rc(" call", rc, HVTLFS_OK);
	say_result(what, result, HVTLFS_STATUS_SUCCESS, reps);
}

void test_xmm(void)
{
	/* VPs {0, 5, 130} again, and two GVA ranges. */
	static const uint64_t bitmap[3] = { 0x21, 0, 0x4 };
	static const uint64_t entries[2] = { 0x00400000, 0x00800002 };
	struct hvtlfs_vp_targets vps = { bitmap, 3, 0, NULL };
	uint64_t image[14];
	struct hvtlfs_prepared p;
	int rc;

	rc = hvtlfs_flush_build_space_ex(image, sizeof(image), 0x5000, 0, &vps, HVTLFS_CTL_FAST,
					 &p);
	say_rc("xmm: HvFlushVirtualAddressSpaceEx build", rc, HVTLFS_OK);
	xmm_call(&p, image, 0x0000000000050013ull, 48, "xmm: HvFlushVirtualAddressSpaceEx", 0);

	rc = hvtlfs_flush_build_list_ex(image, sizeof(image), 0x5000, 0, &vps, entries, 2,
					HVTLFS_CTL_FAST, &p);
	say_rc("xmm: HvFlushVirtualAddressListEx build", rc, HVTLFS_OK);
	xmm_call(&p, image, 0x0000000200050014ull, 64, "xmm: HvFlushVirtualAddressListEx", 2);

	/* 4 bank words + 32 + 12 ranges: 160 bytes, more than the registers hold. */
	rc = hvtlfs_flush_build_list_ex(image, sizeof(image), 0x5000, 0, &vps, entries, 12,
					HVTLFS_CTL_FAST, &p);
	say_rc("xmm: list too big for the registers", rc, HVTLFS_ERR_FAST_TOO_BIG);
}
