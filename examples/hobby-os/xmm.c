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

void test_xmm(void)
{
	/* VPs {0, 5, 130} again, and two GVA ranges. */
	static const uint64_t bitmap[3] = { 0x21, 0, 0x4 };
	static const uint64_t entries[2] = { 0x00400000, 0x00800002 };
	struct hvtlfs_vp_targets vps = { bitmap, 3, 0 };
	uint64_t image[14], result = 0;
	struct hvtlfs_prepared p;
	int rc;

	rc = hvtlfs_flush_build_space_ex(image, sizeof(image), 0x5000, 0, &vps, HVTLFS_CTL_FAST,
					 &p);
	say_rc("xmm: HvFlushVirtualAddressSpaceEx build", rc, HVTLFS_OK);
	con_puts("xmm: control ");
	con_hex(p.control, 16);
	con_puts(", ");
	con_dec(p.input_size);
	con_puts(" input bytes");
	check(p.control == 0x0000000000050013ull && p.input_size == 48);
	rc = hvtlfs_hypercall_xmm(p.control, image, p.input_size, NULL, 0, &result);
	say_rc("xmm: HvFlushVirtualAddressSpaceEx call", rc, HVTLFS_OK);
	say_result("xmm: HvFlushVirtualAddressSpaceEx", result, HVTLFS_STATUS_SUCCESS, 0);

	rc = hvtlfs_flush_build_list_ex(image, sizeof(image), 0x5000, 0, &vps, entries, 2,
					HVTLFS_CTL_FAST, &p);
	say_rc("xmm: HvFlushVirtualAddressListEx build", rc, HVTLFS_OK);
	con_puts("xmm: control ");
	con_hex(p.control, 16);
	con_puts(", ");
	con_dec(p.input_size);
	con_puts(" input bytes");
	check(p.control == 0x0000000200050014ull && p.input_size == 64);
	rc = hvtlfs_hypercall_xmm(p.control, image, p.input_size, NULL, 0, &result);
	say_rc("xmm: HvFlushVirtualAddressListEx call", rc, HVTLFS_OK);
	say_result("xmm: HvFlushVirtualAddressListEx", result, HVTLFS_STATUS_SUCCESS, 2);

	/* 4 bank words + 32 + 12 ranges: 160 bytes, more than the registers hold. */
	rc = hvtlfs_flush_build_list_ex(image, sizeof(image), 0x5000, 0, &vps, entries, 12,
					HVTLFS_CTL_FAST, &p);
	say_rc("xmm: list too big for the registers", rc, HVTLFS_ERR_FAST_TOO_BIG);
}
