/* SPDX-License-Identifier: BSD-2-Clause */
/* Hypervisor side: every refusal of the call decoder and the decoding of hand-written
 * inputs, with the statuses and reps completed the TLFS gives for them. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <string.h>

#include "hvtlfs/catalog.h"
#include "hvtlfs/flush.h"
#include "hvtlfs/hvcall.h"
#include "hvtlfs/ranges.h"

#include "testutil.h"

static uint64_t page[512];

static struct hvtlfs_hvcall_request req;
static struct hvtlfs_range_entry rng_out[512];

/* Decodes a slow call whose input sits at GPA 0x10000 + off, mapped to the end of its page. */
static int dec_slow(uint64_t control, uint64_t gpa, unsigned features)
{
	struct hvtlfs_hvcall_input in;
	memset(&in, 0, sizeof(in));
	in.control = control;
	in.input_gpa = gpa;
	in.bytes = (const uint8_t *)page + (gpa & 0xFFFu);
	in.len = 4096u - (gpa & 0xFFFu);
	in.features = features;
	return hvtlfs_hvcall_decode(&in, &req, rng_out, 512);
}

static int dec_fast(uint64_t control, size_t len, unsigned features)
{
	struct hvtlfs_hvcall_input in;
	memset(&in, 0, sizeof(in));
	in.control = control;
	in.bytes = page;
	in.len = len;
	in.features = features;
	return hvtlfs_hvcall_decode(&in, &req, rng_out, 512);
}

/* The status, the result word, and the library check the decoder names for it. */
static void expect(uint16_t status, uint32_t reps, int reason)
{
	assert_int_equal(req.status, status);
	assert_int_equal(req.reason, reason);
	assert_true(req.result == ((uint64_t)status | ((uint64_t)reps << 32)));
}

static void test_dec_generic(void **state)
{
	(void)state;
	memset(page, 0, sizeof(page));
	page[2] = 1;   /* flush: ProcessorMask names VP 0 */
	page[511] = 1; /* the same for the input at page offset 0xFE8 */
	/* Reserved control bits 27-30, 44-47, 60-63. */
	assert_int_equal(dec_slow(0x0002u | (1ull << 27), 0x10000, 0), HVTLFS_OK);
	expect(0x3, 0, HVTLFS_ERR_RESERVED_BITS);
	assert_int_equal(dec_slow(0x0002u | (1ull << 44), 0x10000, 0), HVTLFS_OK);
	expect(0x3, 0, HVTLFS_ERR_RESERVED_BITS);
	assert_int_equal(dec_slow(0x0002u | (1ull << 63), 0x10000, 0), HVTLFS_OK);
	expect(0x3, 0, HVTLFS_ERR_RESERVED_BITS);
	/* Unknown code. */
	assert_int_equal(dec_slow(0x7FFFu, 0x10000, 0), HVTLFS_OK);
	expect(0x2, 0, HVTLFS_ERR_UNKNOWN_CALL);
	assert_int_equal(req.kind, HVTLFS_HVCALL_REQ_NONE);
	/* Known to the catalog, not decoded here. */
	assert_int_equal(dec_slow(0x0001u, 0x10000, 0), HVTLFS_ERR_UNKNOWN_CALL);
	/* A rep call whose elements go to an array the caller did not give. */
	assert_int_equal(dec_slow(0x0050u | (1ull << 32), 0x10000, 0), HVTLFS_ERR_NO_SPACE);
	/* Rep count on a simple call; rep count 0 and rep start >= rep count on a rep call. */
	assert_int_equal(dec_slow(0x0002u | (1ull << 32), 0x10000, 0), HVTLFS_OK);
	expect(0x3, 0, HVTLFS_ERR_REP_ON_SIMPLE);
	assert_int_equal(dec_slow(0x0003u, 0x10000, 0), HVTLFS_OK);
	expect(0x3, 0, HVTLFS_ERR_REP_COUNT_ZERO);
	assert_int_equal(dec_slow(0x0003u | (2ull << 32) | (2ull << 48), 0x10000, 0), HVTLFS_OK);
	expect(0x3, 0, HVTLFS_ERR_REP_START_NOT_BELOW);
	/* Variable header on a call that takes none. */
	assert_int_equal(dec_slow(0x0002u | (1ull << 17), 0x10000, 0), HVTLFS_OK);
	expect(0x3, 0, HVTLFS_ERR_VARHDR_NOT_ALLOWED);
	/* Fast on the slow-only HvPostMessage. */
	assert_int_equal(dec_fast(0x1005Cu, 16, HVTLFS_HVCALL_FEAT_XMM_INPUT), HVTLFS_OK);
	expect(0x3, 0, HVTLFS_ERR_FAST_NOT_ALLOWED);
	/* Fast input beyond 112 bytes: list with 12 entries (24 + 96 = 120). */
	assert_int_equal(dec_fast(0x10003u | (12ull << 32), 112, HVTLFS_HVCALL_FEAT_XMM_INPUT),
			 HVTLFS_OK);
	expect(0x3, 0, HVTLFS_ERR_FAST_TOO_BIG);
	assert_int_equal(req.raise_ud, 0);
	/* Fast input beyond 16 bytes without XMM input: #UD. */
	assert_int_equal(dec_fast(0x10002u, 16, 0), HVTLFS_OK);
	assert_int_equal(req.raise_ud, 1);
	expect(0x3, 0, HVTLFS_ERR_NO_FEATURE);
	/* With the feature but registers not passed: the caller's bug. */
	assert_int_equal(dec_fast(0x10002u, 16, HVTLFS_HVCALL_FEAT_XMM_INPUT),
			 HVTLFS_ERR_TRUNCATED);
	assert_int_equal(dec_fast(0x10002u, 112, HVTLFS_HVCALL_FEAT_XMM_INPUT), HVTLFS_OK);
	expect(0, 0, HVTLFS_OK);
	/* Alignment and page crossing. */
	assert_int_equal(dec_slow(0x0002u, 0x10004, 0), HVTLFS_OK);
	expect(0x4, 0, HVTLFS_ERR_ALIGNMENT);
	assert_int_equal(dec_slow(0x0002u, 0x10FF0, 0), HVTLFS_OK); /* 24 bytes from 0xFF0 */
	expect(0x4, 0, HVTLFS_ERR_ALIGNMENT);
	assert_int_equal(dec_slow(0x0002u, 0x10FE8, 0), HVTLFS_OK); /* ends exactly at the page */
	expect(0, 0, HVTLFS_OK);
	/* 510 list entries cannot fit a page; rep start kept in the result. */
	assert_int_equal(dec_slow(0x0003u | (510ull << 32) | (3ull << 48), 0x10000, 0), HVTLFS_OK);
	expect(0x4, 3, HVTLFS_ERR_ALIGNMENT);
	/* Caller mapped less than the page holds. */
	{
		struct hvtlfs_hvcall_input in = { 0x0002u, 0x10000, page, 23, 0, 0, 0, 0 };
		assert_int_equal(hvtlfs_hvcall_decode(&in, &req, NULL, 0), HVTLFS_ERR_TRUNCATED);
		in.control = 0x0003u | (1ull << 32);
		in.len = 4096;
		assert_int_equal(hvtlfs_hvcall_decode(&in, &req, NULL, 0), HVTLFS_ERR_NO_SPACE);
		assert_int_equal(hvtlfs_hvcall_decode(NULL, &req, NULL, 0), HVTLFS_ERR_NULL);
		assert_int_equal(hvtlfs_hvcall_decode(&in, NULL, NULL, 0), HVTLFS_ERR_NULL);
		assert_int_equal(hvtlfs_hvcall_decode(&in, &req, NULL, 1), HVTLFS_ERR_NULL);
	}
}

static void test_dec_flush(void **state)
{
	(void)state;
	memset(page, 0, sizeof(page));
	/* HvFlushVirtualAddressSpace, VPs 0 and 2, CR3 0x1000, non-global only. */
	page[0] = 0x1000;
	page[1] = 0x4;
	page[2] = 0x5;
	assert_int_equal(dec_slow(0x0002u, 0x10000, 0), HVTLFS_OK);
	expect(0, 0, HVTLFS_OK);
	assert_int_equal(req.kind, HVTLFS_HVCALL_REQ_FLUSH_VA);
	assert_true(req.address_space == 0x1000 && req.flags == 4 && req.whole_space);
	assert_true(hvtlfs_vpset_contains(&req.vps, 0) && hvtlfs_vpset_contains(&req.vps, 2));
	assert_false(hvtlfs_vpset_contains(&req.vps, 1));
	assert_true(hvtlfs_hvcall_flush_covers(&req, NULL, 2, 4, 0x1000, 0xdead000));
	assert_false(hvtlfs_hvcall_flush_covers(&req, NULL, 1, 4, 0x1000, 0xdead000));
	assert_false(hvtlfs_hvcall_flush_covers(&req, NULL, 2, 4, 0x2000, 0xdead000));
	/* ALL_PROCESSORS: mask ignored. */
	page[1] = HVTLFS_FLUSH_ALL_PROCESSORS | HVTLFS_FLUSH_ALL_VIRTUAL_ADDRESS_SPACES;
	assert_int_equal(dec_slow(0x0002u, 0x10000, 0), HVTLFS_OK);
	assert_true(hvtlfs_vpset_is_all(&req.vps));
	assert_true(hvtlfs_hvcall_flush_covers(&req, NULL, 9, 10, 0x7000, 0));
	assert_false(hvtlfs_hvcall_flush_covers(&req, NULL, 10, 10, 0x7000, 0));
	page[1] = HVTLFS_FLUSH_USE_EXTENDED_RANGE_FORMAT; /* not a space flag */
	assert_int_equal(dec_slow(0x0002u, 0x10000, 0), HVTLFS_OK);
	expect(0x5, 0, HVTLFS_ERR_BAD_FLAGS);

	/* HvFlushVirtualAddressList: 2 entries: 3 pages at 0x400000, 1 page at 0x7f000. */
	page[1] = 0;
	page[3] = 0x400002;
	page[4] = 0x7f000;
	assert_int_equal(dec_slow(0x0003u | (2ull << 32), 0x10000, 0), HVTLFS_OK);
	expect(0, 2, HVTLFS_OK);
	assert_int_equal(req.nranges, 2);
	assert_true(rng_out[0].base == 0x400000 && rng_out[0].pages == 3);
	assert_true(hvtlfs_hvcall_flush_covers(&req, rng_out, 0, 4, 0x1000, 0x402fff));
	assert_false(hvtlfs_hvcall_flush_covers(&req, rng_out, 0, 4, 0x1000, 0x403000));
	assert_true(hvtlfs_hvcall_flush_covers(&req, rng_out, 2, 4, 0x1000, 0x7f123));
	/* Rep start 1: only the second entry. */
	assert_int_equal(dec_slow(0x0003u | (2ull << 32) | (1ull << 48), 0x10000, 0), HVTLFS_OK);
	expect(0, 2, HVTLFS_OK);
	assert_int_equal(req.nranges, 1);
	assert_true(rng_out[0].base == 0x7f000);
	/* NON_GLOBAL_MAPPINGS_ONLY is invalid on the list call; rep start kept. */
	page[1] = HVTLFS_FLUSH_NON_GLOBAL_MAPPINGS_ONLY;
	assert_int_equal(dec_slow(0x0003u | (2ull << 32) | (1ull << 48), 0x10000, 0), HVTLFS_OK);
	expect(0x5, 1, HVTLFS_ERR_BAD_FLAGS);
	page[1] = HVTLFS_BIT64(5);
	assert_int_equal(dec_slow(0x0003u | (2ull << 32), 0x10000, 0), HVTLFS_OK);
	expect(0x5, 0, HVTLFS_ERR_BAD_FLAGS);
	/* Extended format needs the feature. */
	page[1] = HVTLFS_FLUSH_USE_EXTENDED_RANGE_FORMAT;
	assert_int_equal(dec_slow(0x0003u | (2ull << 32), 0x10000, 0), HVTLFS_OK);
	expect(0x5, 0, HVTLFS_ERR_NO_FEATURE);
	/* With it: entry 1 is a 2 MiB large page at 0x40000000 (bit 11), 2 of them. */
	page[4] = 0x40000000u | 0x800u | 1u;
	assert_int_equal(
		dec_slow(0x0003u | (2ull << 32), 0x10000, HVTLFS_HVCALL_FEAT_EXT_GVA_RANGES),
		HVTLFS_OK);
	expect(0, 2, HVTLFS_OK);
	assert_true(rng_out[1].base == 0x40000000 && rng_out[1].pages == 2 &&
		    rng_out[1].page_shift == 21);
	assert_true(hvtlfs_hvcall_flush_covers(&req, rng_out, 2, 4, 0x1000, 0x403fffff));
	/* A reserved bit (13) in a large entry: the element fails with reps completed = 1. */
	page[4] |= 1u << 13;
	assert_int_equal(
		dec_slow(0x0003u | (2ull << 32), 0x10000, HVTLFS_HVCALL_FEAT_EXT_GVA_RANGES),
		HVTLFS_OK);
	expect(0x5, 1, HVTLFS_ERR_RESERVED_BITS);
	assert_int_equal(req.nranges, 1);
	/* An entry past 2^64: the TLFS ignores GVAs beyond the end of the space, so it
	 * is clamped to end at 2^64 - 1 and the call succeeds (no fallback for the guest). */
	page[1] = 0;
	page[3] = 0x400002;
	page[4] = 0xFFFFFFFFFFFFF00Full; /* the last page and 15 beyond it */
	assert_int_equal(dec_slow(0x0003u | (2ull << 32), 0x10000, 0), HVTLFS_OK);
	expect(0, 2, HVTLFS_OK);
	assert_int_equal(req.nranges, 2);
	assert_true(rng_out[1].base == 0xFFFFFFFFFFFFF000ull && rng_out[1].pages == 1 &&
		    rng_out[1].clamped == 1);
	assert_int_equal(rng_out[0].clamped, 0);
	assert_true(hvtlfs_hvcall_flush_covers(&req, rng_out, 0, 4, 0x1000, 0xFFFFFFFFFFFFFFFFull));
	assert_true(hvtlfs_hvcall_flush_covers(&req, rng_out, 0, 4, 0x1000, 0x400000));
	assert_false(
		hvtlfs_hvcall_flush_covers(&req, rng_out, 0, 4, 0x1000, 0xFFFFFFFFFFFFEFFFull));
	/* The same in the extended format, a 1 GiB entry running 2 pages past the top. */
	page[1] = HVTLFS_FLUSH_USE_EXTENDED_RANGE_FORMAT;
	page[4] = 0xFFFFFFFFC0000000ull | 0x1800u | 2u;
	assert_int_equal(
		dec_slow(0x0003u | (2ull << 32), 0x10000, HVTLFS_HVCALL_FEAT_EXT_GVA_RANGES),
		HVTLFS_OK);
	expect(0, 2, HVTLFS_OK);
	assert_true(rng_out[1].base == 0xFFFFFFFFC0000000ull && rng_out[1].pages == 1 &&
		    rng_out[1].page_shift == 30 && rng_out[1].clamped == 1);
	page[4] = 0x7f000;
	/* Early return: room for one range decodes a prefix and asks to continue. */
	page[1] = 0;
	{
		struct hvtlfs_hvcall_input in = {
			0x0003u | (2ull << 32), 0x10000, page, 4096, 0, 0, 0, 0
		};
		assert_int_equal(hvtlfs_hvcall_decode(&in, &req, rng_out, 1), HVTLFS_OK);
		expect(HVTLFS_STATUS_TIMEOUT, 1, HVTLFS_ERR_NO_SPACE);
		assert_int_equal(req.nranges, 1);
	}
}

static void test_dec_flush_ex(void **state)
{
	(void)state;
	memset(page, 0, sizeof(page));
	/* HvFlushVirtualAddressSpaceEx, TLFS example set {0, 5, 130}. */
	page[0] = 0x3000;
	page[1] = 0;
	page[2] = 0;   /* sparse 4K */
	page[3] = 0x5; /* banks 0 and 2 */
	page[4] = 0x21;
	page[5] = 0x4;
	assert_int_equal(dec_slow(0x0013u | (2ull << 17), 0x10000, 0), HVTLFS_OK);
	expect(0, 0, HVTLFS_OK);
	assert_true(hvtlfs_vpset_contains(&req.vps, 0) && hvtlfs_vpset_contains(&req.vps, 5) &&
		    hvtlfs_vpset_contains(&req.vps, 130));
	assert_int_equal(hvtlfs_vpset_count(&req.vps, 0), 3);
	/* Var header disagrees with the bank mask. */
	assert_int_equal(dec_slow(0x0013u | (1ull << 17), 0x10000, 0), HVTLFS_OK);
	expect(0x3, 0, HVTLFS_ERR_BANK_MISMATCH);
	assert_int_equal(dec_slow(0x0013u | (3ull << 17), 0x10000, 0), HVTLFS_OK);
	expect(0x3, 0, HVTLFS_ERR_BANK_MISMATCH);
	/* Unknown format. */
	page[2] = 2;
	assert_int_equal(dec_slow(0x0013u | (2ull << 17), 0x10000, 0), HVTLFS_OK);
	expect(0x5, 0, HVTLFS_ERR_BAD_FORMAT);
	/* Format ALL, no banks. */
	page[2] = 1;
	page[3] = 0;
	assert_int_equal(dec_slow(0x0013u, 0x10000, 0), HVTLFS_OK);
	expect(0, 0, HVTLFS_OK);
	assert_true(hvtlfs_vpset_is_all(&req.vps));
	/* ListEx: VP 65 (bank 1), one range after the bank word; rep start in the result. */
	page[2] = 0;
	page[3] = 0x2;
	page[4] = 0x2;
	page[5] = 0x5000;
	assert_int_equal(dec_slow(0x0014u | (1ull << 17) | (1ull << 32), 0x10000, 0), HVTLFS_OK);
	expect(0, 1, HVTLFS_OK);
	assert_true(hvtlfs_vpset_contains(&req.vps, 65) && !hvtlfs_vpset_contains(&req.vps, 1));
	assert_true(rng_out[0].base == 0x5000 && rng_out[0].pages == 1);
	/* The bank mask claims 64 banks: var header 64 needs 64 words the page must hold. */
	page[3] = ~0ull;
	assert_int_equal(dec_slow(0x0014u | (1ull << 17) | (1ull << 32), 0x10000, 0), HVTLFS_OK);
	expect(0x3, 0, HVTLFS_ERR_BANK_MISMATCH);
	/* Page crossing through the variable header. */
	assert_int_equal(dec_slow(0x0014u | (64ull << 17) | (1ull << 32), 0x10F00, 0), HVTLFS_OK);
	expect(0x4, 0, HVTLFS_ERR_ALIGNMENT);
	/* IpiEx, XMM fast: vector 0x40, VPs 2 and 65 in two banks (24 + 16 = 40 bytes). */
	memset(page, 0, sizeof(page));
	page[0] = 0x40;
	page[1] = 0;
	page[2] = 0x3;
	page[3] = 0x4;
	page[4] = 0x2;
	assert_int_equal(dec_fast(0x10015u | (2ull << 17), 112, HVTLFS_HVCALL_FEAT_XMM_INPUT),
			 HVTLFS_OK);
	expect(0, 0, HVTLFS_OK);
	assert_int_equal(req.kind, HVTLFS_HVCALL_REQ_IPI);
	assert_int_equal(req.vector, 0x40);
	assert_true(hvtlfs_vpset_contains(&req.vps, 2) && hvtlfs_vpset_contains(&req.vps, 65));
	assert_int_equal(dec_fast(0x10015u | (2ull << 17), 16, 0), HVTLFS_OK);
	assert_int_equal(req.raise_ud, 1);
	expect(0x3, 0, HVTLFS_ERR_NO_FEATURE);
	/* IpiEx with one bank word too few in the variable header, and a bad format. */
	assert_int_equal(dec_fast(0x10015u | (1ull << 17), 112, HVTLFS_HVCALL_FEAT_XMM_INPUT),
			 HVTLFS_OK);
	expect(0x3, 0, HVTLFS_ERR_BANK_MISMATCH);
	page[1] = 7;
	assert_int_equal(dec_fast(0x10015u | (2ull << 17), 112, HVTLFS_HVCALL_FEAT_XMM_INPUT),
			 HVTLFS_OK);
	expect(0x5, 0, HVTLFS_ERR_BAD_FORMAT);
	assert_int_equal(req.kind, HVTLFS_HVCALL_REQ_NONE);
}

static void test_dec_ipi_event(void **state)
{
	(void)state;
	memset(page, 0, sizeof(page));
	/* Fast IPI in RDX/R8: vector 0x10, VP 3. */
	page[0] = 0x10;
	page[1] = 0x8;
	assert_int_equal(dec_fast(0x1000Bu, 16, 0), HVTLFS_OK);
	expect(0, 0, HVTLFS_OK);
	assert_true(req.vector == 0x10 && hvtlfs_vpset_contains(&req.vps, 3));
	page[0] = 0x0F;
	assert_int_equal(dec_fast(0x1000Bu, 16, 0), HVTLFS_OK);
	expect(0x5, 0, HVTLFS_ERR_VECTOR_RANGE);
	page[0] = 0x100;
	assert_int_equal(dec_fast(0x1000Bu, 16, 0), HVTLFS_OK);
	expect(0x5, 0, HVTLFS_ERR_VECTOR_RANGE);
	page[0] = 0xFF | (0x20ull << 32); /* reserved HV_INPUT_VTL bit */
	assert_int_equal(dec_fast(0x1000Bu, 16, 0), HVTLFS_OK);
	expect(0x5, 0, HVTLFS_ERR_RESERVED_BITS);
	page[0] = 0xFF | (0x12ull << 32);
	assert_int_equal(dec_slow(0x000Bu, 0x10000, 0), HVTLFS_OK);
	expect(0, 0, HVTLFS_OK);
	assert_int_equal(req.target_vtl, 0x12);

	/* HvSignalEvent, fast: connection 0x10, flag 3. */
	page[0] = 0x0000000300000010ull;
	assert_int_equal(dec_fast(0x1005Du, 16, 0), HVTLFS_OK);
	expect(0, 0, HVTLFS_OK);
	assert_true(req.kind == HVTLFS_HVCALL_REQ_SIGNAL_EVENT && req.connection_id == 0x10 &&
		    req.flag_number == 3);
	page[0] = 0x0000000301000010ull;
	assert_int_equal(dec_fast(0x1005Du, 16, 0), HVTLFS_OK);
	expect(0x12, 0, HVTLFS_ERR_RESERVED_BITS);
	page[0] = 0x0001000300000010ull;
	assert_int_equal(dec_fast(0x1005Du, 16, 0), HVTLFS_OK);
	expect(0x5, 0, HVTLFS_ERR_RESERVED_BITS);

	/* HvNotifyLongSpinWait: advisory, reserved half ignored. */
	page[0] = 0xFFFFFFFF00000040ull;
	assert_int_equal(dec_fast(0x10008u, 16, 0), HVTLFS_OK);
	expect(0, 0, HVTLFS_OK);
	assert_int_equal(req.spin_count, 0x40);

	/* HvPostMessage: connection 4, type 1, 3 bytes. */
	memset(page, 0, sizeof(page));
	page[0] = 4;
	page[1] = 1 | (3ull << 32);
	page[2] = 0x030201;
	assert_int_equal(dec_slow(0x005Cu, 0x10000, 0), HVTLFS_OK);
	expect(0, 0, HVTLFS_OK);
	assert_true(req.connection_id == 4 && req.message_type == 1 && req.payload_size == 3);
	assert_true(req.payload[0] == 1 && req.payload[2] == 3 && req.payload[3] == 0);
	page[1] = 1 | (241ull << 32);
	assert_int_equal(dec_slow(0x005Cu, 0x10000, 0), HVTLFS_OK);
	expect(0x5, 0, HVTLFS_ERR_PAYLOAD_TOO_BIG);
	page[1] = 0 | (3ull << 32);
	assert_int_equal(dec_slow(0x005Cu, 0x10000, 0), HVTLFS_OK);
	expect(0x5, 0, HVTLFS_ERR_INVALID_ARG);
	page[1] = 0x80000001u | (3ull << 32);
	assert_int_equal(dec_slow(0x005Cu, 0x10000, 0), HVTLFS_OK);
	expect(0x5, 0, HVTLFS_ERR_INVALID_ARG);
	page[1] = 1 | (240ull << 32);
	page[0] = 4 | (1ull << 32); /* RsvdZ */
	assert_int_equal(dec_slow(0x005Cu, 0x10000, 0), HVTLFS_OK);
	expect(0x5, 0, HVTLFS_ERR_RESERVED_BITS);
	page[0] = 0x01000004;
	assert_int_equal(dec_slow(0x005Cu, 0x10000, 0), HVTLFS_OK);
	expect(0x12, 0, HVTLFS_ERR_RESERVED_BITS);
	page[0] = 4;
	assert_int_equal(dec_slow(0x005Cu, 0x10F08, 0), HVTLFS_OK); /* 256 bytes cross */
	expect(0x4, 0, HVTLFS_ERR_ALIGNMENT);
	page[480] = 4; /* the same message at offset 0xF00 ends exactly at the page */
	page[481] = 1 | (240ull << 32);
	assert_int_equal(dec_slow(0x005Cu, 0x10F00, 0), HVTLFS_OK);
	expect(0, 0, HVTLFS_OK);
	assert_int_equal(req.payload_size, 240);
}

static void test_dec_gpa(void **state)
{
	(void)state;
	memset(page, 0, sizeof(page));
	page[0] = 0xfee000;
	assert_int_equal(dec_slow(0x800000AFu, 0x10000, 0), HVTLFS_OK);
	expect(0, 0, HVTLFS_OK);
	assert_true(req.kind == HVTLFS_HVCALL_REQ_FLUSH_GPA && req.nested && req.whole_space);
	page[1] = 1;
	assert_int_equal(dec_slow(0x00AFu, 0x10000, 0), HVTLFS_OK);
	expect(0x5, 0, HVTLFS_ERR_BAD_FLAGS);
	page[1] = 0;
	page[2] = 0x1000 | 4; /* 5 pages from PFN 1 */
	assert_int_equal(dec_slow(0x00B0u | (1ull << 32), 0x10000, 0), HVTLFS_OK);
	expect(0, 1, HVTLFS_OK);
	assert_true(rng_out[0].base == 0x1000 && rng_out[0].pages == 5);
	assert_true(hvtlfs_hvcall_flush_covers(&req, rng_out, 7, 8, 0xfee000, 0x5fff));
	/* A GPA entry past 2^64 is clamped as a GVA one is: the TLFS page of
	 * HvFlushGuestPhysicalAddressList gives no rule, and nothing lies beyond the top. */
	page[3] = 0xFFFFFFFFFFFFF7FFull; /* the last page and 2047 beyond it */
	assert_int_equal(dec_slow(0x00B0u | (2ull << 32), 0x10000, 0), HVTLFS_OK);
	expect(0, 2, HVTLFS_OK);
	assert_true(rng_out[1].base == 0xFFFFFFFFFFFFF000ull && rng_out[1].pages == 1 &&
		    rng_out[1].clamped == 1);
	assert_int_equal(req.range_format, HVTLFS_RANGE_FORMAT_GPA);
	/* Flags are reserved on the list too; the rep start stays in the result. */
	page[1] = 2;
	assert_int_equal(dec_slow(0x00B0u | (2ull << 32) | (1ull << 48), 0x10000, 0), HVTLFS_OK);
	expect(0x5, 1, HVTLFS_ERR_BAD_FLAGS);
	assert_false(hvtlfs_hvcall_flush_covers(&req, rng_out, 7, 8, 0xfee000, 0x1000));
	assert_false(hvtlfs_hvcall_flush_covers(&req, rng_out, 7, 8, 0xfee000, 0x6000));
}

/* Decodes with decoder options (hvtlfs_hvcall_input::options). */
static int dec_opts(uint64_t control, unsigned features, unsigned options)
{
	struct hvtlfs_hvcall_input in;
	memset(&in, 0, sizeof(in));
	in.control = control;
	in.input_gpa = 0x10000;
	in.bytes = page;
	in.len = hvtlfs_control_is_fast(control) ? 112u : 4096u;
	in.features = features;
	in.options = options;
	return hvtlfs_hvcall_decode(&in, &req, rng_out, 512);
}

/*
 * HV_FLUSH_NON_GLOBAL_MAPPINGS_ONLY on the list calls: "treated as an invalid option"
 * (TLFS hypercalls/HvCallFlushVirtualAddressList.md); accepted with the option, as
 * OpenVMM and KVM accept it. Flags 0xF: every flag a guest may set on a list flush.
 */
static void test_dec_list_non_global(void **state)
{
	const unsigned lenient = HVTLFS_HVCALL_OPT_LIST_NON_GLOBAL;
	const uint64_t list = 0x0003u | (1ull << 32), list_ex = 0x0014u | (1ull << 32);

	(void)state;
	memset(page, 0, sizeof(page));
	page[1] = HVTLFS_FLUSH_ALL_PROCESSORS | HVTLFS_FLUSH_NON_GLOBAL_MAPPINGS_ONLY;
	page[3] = 0x7000; /* one page at 0x7000 */
	assert_int_equal(dec_opts(list, 0, 0), HVTLFS_OK);
	expect(0x5, 0, HVTLFS_ERR_BAD_FLAGS);
	assert_int_equal(dec_opts(list, 0, lenient), HVTLFS_OK);
	expect(0, 1, HVTLFS_OK);
	assert_int_equal(req.kind, HVTLFS_HVCALL_REQ_FLUSH_VA);
	assert_true((req.flags & HVTLFS_FLUSH_NON_GLOBAL_MAPPINGS_ONLY) != 0);
	assert_true(hvtlfs_vpset_is_all(&req.vps));
	assert_true(hvtlfs_hvcall_flush_covers(&req, rng_out, 3, 16, 0, 0x7000));
	assert_false(hvtlfs_hvcall_flush_covers(&req, rng_out, 3, 16, 0, 0x8000));
	/* 0xF, the extended format too: it still needs its feature. */
	page[1] = 0xF;
	assert_int_equal(dec_opts(list, 0, lenient), HVTLFS_OK);
	expect(0x5, 0, HVTLFS_ERR_NO_FEATURE);
	assert_int_equal(dec_opts(list, HVTLFS_HVCALL_FEAT_EXT_GVA_RANGES, 0), HVTLFS_OK);
	expect(0x5, 0, HVTLFS_ERR_BAD_FLAGS);
	assert_int_equal(dec_opts(list, HVTLFS_HVCALL_FEAT_EXT_GVA_RANGES, lenient), HVTLFS_OK);
	expect(0, 1, HVTLFS_OK);
	/* Bit 4 stays reserved with the option. */
	page[1] = HVTLFS_FLUSH_ALL_PROCESSORS | 0x10u;
	assert_int_equal(dec_opts(list, 0, lenient), HVTLFS_OK);
	expect(0x5, 0, HVTLFS_ERR_BAD_FLAGS);
	/* The Ex list: format ALL, no bank; the range after the 32-byte header. */
	page[1] = HVTLFS_FLUSH_NON_GLOBAL_MAPPINGS_ONLY;
	page[2] = HVTLFS_GENERIC_SET_ALL;
	page[3] = 0;
	page[4] = 0x7000;
	assert_int_equal(dec_opts(list_ex, 0, 0), HVTLFS_OK);
	expect(0x5, 0, HVTLFS_ERR_BAD_FLAGS);
	assert_int_equal(dec_opts(list_ex, 0, lenient), HVTLFS_OK);
	expect(0, 1, HVTLFS_OK);
	assert_true(hvtlfs_vpset_is_all(&req.vps));
	/* The space calls accept it either way (their flag). */
	page[1] = HVTLFS_FLUSH_ALL_PROCESSORS | HVTLFS_FLUSH_NON_GLOBAL_MAPPINGS_ONLY;
	assert_int_equal(dec_opts(0x0002u, 0, 0), HVTLFS_OK);
	expect(0, 0, HVTLFS_OK);
}

/*
 * TLFS 6.0b, Return Values of HvFlushVirtualAddressSpace and HvFlushVirtualAddressList:
 * HV_STATUS_INVALID_PARAMETER when "all of the bits in the processor bit mask are set
 * to zero, and the 'flush all processors' flag was not specified". KVM instead flushes
 * every VP (for Windows Server 2012), an option here. The IPI page defines no such rule.
 */
static void test_dec_empty_mask(void **state)
{
	const unsigned kvm = HVTLFS_HVCALL_OPT_EMPTY_MASK_ALL_VPS;
	(void)state;
	memset(page, 0, sizeof(page));
	/* The request KVM traced from Windows Server 2012: mask 0, space 0, flags 0x2. */
	page[1] = HVTLFS_FLUSH_ALL_VIRTUAL_ADDRESS_SPACES;
	assert_int_equal(dec_opts(0x0002u, 0, 0), HVTLFS_OK);
	expect(0x5, 0, HVTLFS_ERR_EMPTY_VP_MASK);
	assert_int_equal(req.kind, HVTLFS_HVCALL_REQ_NONE);
	assert_false(hvtlfs_hvcall_flush_covers(&req, NULL, 0, 16, 0, 0x1000));
	page[1] = 0;
	assert_int_equal(dec_opts(0x0002u, 0, 0), HVTLFS_OK);
	expect(0x5, 0, HVTLFS_ERR_EMPTY_VP_MASK);
	/* The fast (XMM) form: address space in RDX, flags in R8, the mask in XMM0. */
	assert_int_equal(dec_opts(0x10002u, HVTLFS_HVCALL_FEAT_XMM_INPUT, 0), HVTLFS_OK);
	expect(0x5, 0, HVTLFS_ERR_EMPTY_VP_MASK);
	/* The list: refused before any element, so reps completed is the rep start. */
	page[3] = 0x1000;
	page[4] = 0x2000;
	assert_int_equal(dec_opts(0x0003u | (2ull << 32) | (1ull << 48), 0, 0), HVTLFS_OK);
	expect(0x5, 1, HVTLFS_ERR_EMPTY_VP_MASK);
	assert_int_equal(req.nranges, 0);
	/* ALL_PROCESSORS: "the ProcessorMask parameter is ignored". */
	page[1] = HVTLFS_FLUSH_ALL_PROCESSORS;
	assert_int_equal(dec_opts(0x0002u, 0, 0), HVTLFS_OK);
	expect(0, 0, HVTLFS_OK);
	assert_true(hvtlfs_vpset_is_all(&req.vps));
	assert_int_equal(dec_opts(0x0003u | (2ull << 32), 0, 0), HVTLFS_OK);
	expect(0, 2, HVTLFS_OK);
	/* One VP is enough: VP 63 alone. */
	page[1] = 0;
	page[2] = HVTLFS_BIT64(63);
	assert_int_equal(dec_opts(0x0002u, 0, 0), HVTLFS_OK);
	expect(0, 0, HVTLFS_OK);
	assert_int_equal(hvtlfs_vpset_count(&req.vps, 0), 1);

	/* KVM's reading: an empty mask flushes every VP of the partition. */
	page[1] = HVTLFS_FLUSH_ALL_VIRTUAL_ADDRESS_SPACES;
	page[2] = 0;
	assert_int_equal(dec_opts(0x0002u, 0, kvm), HVTLFS_OK);
	expect(0, 0, HVTLFS_OK);
	assert_int_equal(req.kind, HVTLFS_HVCALL_REQ_FLUSH_VA);
	assert_true(hvtlfs_vpset_is_all(&req.vps));
	assert_true(hvtlfs_hvcall_flush_covers(&req, NULL, 15, 16, 0x5000, 0x1000));
	assert_false(hvtlfs_hvcall_flush_covers(&req, NULL, 16, 16, 0x5000, 0x1000));
	page[1] = 0;
	assert_int_equal(dec_opts(0x0003u | (2ull << 32), 0, kvm), HVTLFS_OK);
	expect(0, 2, HVTLFS_OK);
	assert_true(hvtlfs_vpset_is_all(&req.vps));
	assert_true(hvtlfs_hvcall_flush_covers(&req, rng_out, 7, 16, 0, 0x2fff));
	/* A mask that names VPs is kept as it is with the option too. */
	page[2] = 0x5;
	assert_int_equal(dec_opts(0x0002u, 0, kvm), HVTLFS_OK);
	assert_false(hvtlfs_vpset_is_all(&req.vps));
	assert_int_equal(hvtlfs_vpset_count(&req.vps, 0), 2);
	/* The Ex calls: an empty sparse HV_VP_SET flushes nobody, option or not. */
	page[2] = HVTLFS_GENERIC_SET_SPARSE_4K;
	page[3] = 0; /* valid_bank_mask: no bank */
	assert_int_equal(dec_opts(0x0013u, 0, 0), HVTLFS_OK);
	expect(0, 0, HVTLFS_OK);
	assert_int_equal(hvtlfs_vpset_count(&req.vps, 0), 0);
	assert_int_equal(dec_opts(0x0013u, 0, kvm), HVTLFS_OK);
	expect(0, 0, HVTLFS_OK);
	assert_int_equal(hvtlfs_vpset_count(&req.vps, 0), 0);
	/* HvSendSyntheticClusterIpi: no all-processors flag, no status for an empty mask:
	 * accepted, interrupts nobody (KVM answers SUCCESS too), option or not. */
	page[0] = 0x30;
	page[1] = 0;
	assert_int_equal(dec_opts(0x000Bu, 0, 0), HVTLFS_OK);
	expect(0, 0, HVTLFS_OK);
	assert_int_equal(req.kind, HVTLFS_HVCALL_REQ_IPI);
	assert_int_equal(hvtlfs_vpset_count(&req.vps, 0), 0);
	assert_int_equal(dec_opts(0x1000Bu, 0, kvm), HVTLFS_OK);
	expect(0, 0, HVTLFS_OK);
	assert_int_equal(hvtlfs_vpset_count(&req.vps, 0), 0);
	/* An option this version does not know is the caller's error. */
	assert_int_equal(dec_opts(0x0002u, 0, 4u), HVTLFS_ERR_INVALID_ARG);
	assert_int_equal(dec_opts(0x0002u, 0, kvm | 0x80000000u), HVTLFS_ERR_INVALID_ARG);
}

/*
 * TLFS "Hypercall Interface": reps completed is "the total number of reps complete and
 * not relative to the rep start index" (Hypercall Outputs), and the rep start
 * "indicates how many elements have been completed" (Hypercall Classes). A refusal
 * before any element is read therefore reports the rep start; a failing element
 * reports its index ("the number of elements that were successfully processed before
 * the error was encountered"). Control words without a valid rep range report 0.
 */
struct refusal_case {
	uint64_t control;
	uint64_t gpa;
	unsigned features;
	uint64_t w1; /* page[1]: flush flags */
	uint64_t w2; /* page[2]: ProcessorMask, or the HV_VP_SET format of an Ex call */
	uint64_t w3; /* page[3]: an element, or valid_bank_mask of an Ex call */
	uint16_t status;
	uint32_t reps;
	int reason;
};

static void test_dec_refusal_reps(void **state)
{
	/* HvFlushVirtualAddressList: rep count 4, rep start 2, input at GPA 0x10000. */
	const uint64_t list = 0x0003u | (4ull << 32) | (2ull << 48);
	const uint64_t list_ex = 0x0014u | (4ull << 32) | (2ull << 48);
	const uint64_t gpa_list = 0x00B0u | (4ull << 32) | (2ull << 48);
	const uint64_t nonglobal = HVTLFS_FLUSH_NON_GLOBAL_MAPPINGS_ONLY;
	const uint64_t ext = HVTLFS_FLUSH_USE_EXTENDED_RANGE_FORMAT;
	const uint64_t xmm = HVTLFS_HVCALL_FEAT_XMM_INPUT;
	const struct refusal_case cases[] = {
		/* The control word: reserved bits 27 (the example 0x0002000408000003), 30,
		 * 44, 47, 60, 63 refuse a well-formed rep range: reps completed 2. */
		{ 0x0002000408000003ull, 0x10000, 0, 0, 1, 0, 0x3, 2, HVTLFS_ERR_RESERVED_BITS },
		{ list | (1ull << 30), 0x10000, 0, 0, 1, 0, 0x3, 2, HVTLFS_ERR_RESERVED_BITS },
		{ list | (1ull << 44), 0x10000, 0, 0, 1, 0, 0x3, 2, HVTLFS_ERR_RESERVED_BITS },
		{ list | (1ull << 47), 0x10000, 0, 0, 1, 0, 0x3, 2, HVTLFS_ERR_RESERVED_BITS },
		{ list | (1ull << 60), 0x10000, 0, 0, 1, 0, 0x3, 2, HVTLFS_ERR_RESERVED_BITS },
		{ list | (1ull << 63), 0x10000, 0, 0, 1, 0, 0x3, 2, HVTLFS_ERR_RESERVED_BITS },
		/* A variable header on a call that takes none. */
		{ list | (1ull << 17), 0x10000, 0, 0, 1, 0, 0x3, 2, HVTLFS_ERR_VARHDR_NOT_ALLOWED },
		/* No valid rep range, so no rep to count: 0. */
		{ 0x0003u | (4ull << 32) | (4ull << 48), 0x10000, 0, 0, 1, 0, 0x3, 0,
		  HVTLFS_ERR_REP_START_NOT_BELOW },
		{ 0x0003u | (2ull << 48), 0x10000, 0, 0, 1, 0, 0x3, 0, HVTLFS_ERR_REP_COUNT_ZERO },
		{ 0x0003u | (4ull << 32) | (5ull << 48) | (1ull << 27), 0x10000, 0, 0, 1, 0, 0x3, 0,
		  HVTLFS_ERR_RESERVED_BITS },
		{ 0x0002u | (4ull << 32) | (2ull << 48), 0x10000, 0, 0, 1, 0, 0x3, 0,
		  HVTLFS_ERR_REP_ON_SIMPLE },
		{ 0x7FFFu | (4ull << 32) | (2ull << 48), 0x10000, 0, 0, 1, 0, 0x2, 0,
		  HVTLFS_ERR_UNKNOWN_CALL },
		/* Size and form: 24 + 8 x 12 = 120 bytes do not fit the registers; 24 + 8 x 4
		 * fit only with XMM input; misaligned and page-crossing input. */
		{ 0x10003u | (12ull << 32) | (2ull << 48), 0, xmm, 0, 1, 0, 0x3, 2,
		  HVTLFS_ERR_FAST_TOO_BIG },
		{ list | HVTLFS_CONTROL_FAST, 0, 0, 0, 1, 0, 0x3, 2, HVTLFS_ERR_NO_FEATURE },
		{ list, 0x10004, 0, 0, 1, 0, 0x4, 2, HVTLFS_ERR_ALIGNMENT },
		{ list, 0x10FE0, 0, 0, 1, 0, 0x4, 2, HVTLFS_ERR_ALIGNMENT },
		/* Fields: flags, the extended format without the feature, an empty mask. */
		{ list, 0x10000, 0, nonglobal, 1, 0, 0x5, 2, HVTLFS_ERR_BAD_FLAGS },
		{ list, 0x10000, 0, ext, 1, 0, 0x5, 2, HVTLFS_ERR_NO_FEATURE },
		{ list, 0x10000, 0, 0, 0, 0, 0x5, 2, HVTLFS_ERR_EMPTY_VP_MASK },
		/* HV_VP_SET: a bank not counted by the variable header; an unknown format. */
		{ list_ex, 0x10000, 0, 0, 0, 1, 0x3, 2, HVTLFS_ERR_BANK_MISMATCH },
		{ list_ex, 0x10000, 0, 0, 2, 0, 0x5, 2, HVTLFS_ERR_BAD_FORMAT },
		/* HvFlushGuestPhysicalAddressList: its flags are reserved. */
		{ gpa_list, 0x10000, 0, 1, 0, 0, 0x5, 2, HVTLFS_ERR_BAD_FLAGS },
	};
	size_t i;
	(void)state;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const struct refusal_case *c = &cases[i];
		uint32_t k;
		for (k = 0; k < 512; k++)
			page[k] = 0x1000u * (k + 1u); /* valid one-page GVA ranges */
		page[0] = 0x5000;
		page[1] = c->w1;
		page[2] = c->w2;
		page[3] = c->w3;
		if (c->gpa)
			assert_int_equal(dec_slow(c->control, c->gpa, c->features), HVTLFS_OK);
		else
			assert_int_equal(dec_fast(c->control, 112, c->features), HVTLFS_OK);
		if (req.result != ((uint64_t)c->status | ((uint64_t)c->reps << 32)))
			fail_msg("case %zu: result 0x%016llx, reason %d", i,
				 (unsigned long long)req.result, req.reason);
		expect(c->status, c->reps, c->reason);
		assert_int_equal(req.kind, HVTLFS_HVCALL_REQ_NONE);
		assert_int_equal(req.nranges, 0);
	}

	/* A failing element reports its own index: element 3 of rep start 2 (entry at
	 * page[3 + 3] of the list, whose elements start at offset 24). */
	memset(page, 0, sizeof(page));
	page[1] = ext;
	page[2] = 1;
	page[3 + 3] = 0x800u | (1u << 12) | (1ull << 13); /* 1 GiB entry, reserved bit 13 */
	assert_int_equal(dec_slow(list, 0x10000, HVTLFS_HVCALL_FEAT_EXT_GVA_RANGES), HVTLFS_OK);
	expect(0x5, 3, HVTLFS_ERR_RESERVED_BITS);
	assert_int_equal(req.nranges, 1); /* element 2 was done */
	/* The first element read (index 2) failing: its index is the rep start. */
	page[3 + 2] = page[3 + 3];
	assert_int_equal(dec_slow(list, 0x10000, HVTLFS_HVCALL_FEAT_EXT_GVA_RANGES), HVTLFS_OK);
	expect(0x5, 2, HVTLFS_ERR_RESERVED_BITS);
	assert_int_equal(req.nranges, 0);
}

static bool generic_reason(int reason)
{
	switch (reason) {
	case HVTLFS_ERR_RESERVED_BITS:
	case HVTLFS_ERR_UNKNOWN_CALL:
	case HVTLFS_ERR_REP_COUNT_ZERO:
	case HVTLFS_ERR_REP_START_NOT_BELOW:
	case HVTLFS_ERR_REP_ON_SIMPLE:
	case HVTLFS_ERR_VARHDR_NOT_ALLOWED:
	case HVTLFS_ERR_FAST_NOT_ALLOWED:
		return true;
	default:
		return false;
	}
}

/* Seeded random calls: a reason exactly when the call is not plainly accepted, a named
 * library error, the catalog's refusals named by a generic check, NO_SPACE with TIMEOUT. */
static void test_dec_reason_property(void **state)
{
	static const uint16_t codes[] = { 0x0002, 0x0003, 0x0008, 0x000B, 0x0013, 0x0014,
					  0x0015, 0x005C, 0x005D, 0x007E, 0x00AF, 0x00B0,
					  0x00DB, 0x8001, 0x8003, 0x7FFF };
	int iter;
	(void)state;
	testutil_seed(0x9E3779B97F4A7C15u);
	for (iter = 0; iter < 10000; iter++) {
		uint64_t control = codes[testutil_next() % (sizeof(codes) / sizeof(codes[0]))];
		uint64_t gpa = 0x10000u + ((testutil_next() & 7) ? (testutil_next() & 0xFF8u)
								 : (testutil_next() & 0xFFFu));
		unsigned int features = (unsigned int)(testutil_next() & 7u);
		size_t cap = (size_t)(testutil_next() % 512u) + 1u;
		struct hvtlfs_hvcall_input in;
		uint16_t st;
		uint32_t i;
		int rc;

		for (i = 0; i < 512; i++)
			page[i] =
				(testutil_next() & 3) ? (testutil_next() & 0x3F) : testutil_next();
		if (testutil_next() & 3) { /* mostly well-formed, so every later check is reached */
			const struct hvtlfs_call_info *ci = hvtlfs_call_lookup((uint16_t)control);
			bool ex = control == 0x13 || control == 0x14 || control == 0x15;
			uint64_t mask = testutil_next() & 0xF;
			uint32_t count = (uint32_t)(testutil_next() % 40u) + 1u;

			page[1] &= 3;			   /* flush: flags 0-3 */
			page[0] = (page[0] & 0xFF) | 0x10; /* IPI: a valid vector */
			if (ex) {
				page[control == 0x15 ? 1 : 2] = 0;
				page[control == 0x15 ? 2 : 3] = mask;
				control |= (uint64_t)hvtlfs_popcount64(mask) << 17;
			}
			if (ci && ci->kind == HVTLFS_CALL_KIND_REP)
				control |= ((uint64_t)count << 32) |
					   ((uint64_t)(testutil_next() % count) << 48);
			if (ci && (ci->flags & HVTLFS_CALLF_FAST) && (testutil_next() & 1))
				control |= HVTLFS_CONTROL_FAST;
		} else {
			if ((testutil_next() & 3) == 0)
				control |= HVTLFS_CONTROL_FAST;
			if ((testutil_next() & 3) == 0)
				control |= HVTLFS_BIT64(27 + (testutil_next() % 4));
			control |= (testutil_next() & 3) << 17;		    /* variable header */
			control |= (uint64_t)(testutil_next() % 40u) << 32; /* rep count */
			control |= (testutil_next() & 3)
					   ? 0
					   : (uint64_t)(testutil_next() % 8u) << 48; /* rep start */
		}
		memset(&in, 0, sizeof(in));
		in.control = control;
		in.features = features;
		if (control & HVTLFS_CONTROL_FAST) {
			in.bytes = page;
			in.len = 112;
		} else {
			in.input_gpa = gpa;
			in.bytes = (const uint8_t *)page + (gpa & 0xFFFu);
			in.len = 4096u - (gpa & 0xFFFu);
		}
		rc = hvtlfs_hvcall_decode(&in, &req, rng_out, cap);
		assert_int_equal(rc, HVTLFS_OK);
		assert_int_equal(req.status == 0 && !req.raise_ud, req.reason == HVTLFS_OK);
		assert_true(req.reason <= 0);
		if (req.reason)
			assert_string_not_equal(hvtlfs_strerror(req.reason), "HVTLFS_ERR_?");
		assert_int_equal(req.reason == HVTLFS_ERR_NO_SPACE,
				 req.status == HVTLFS_STATUS_TIMEOUT);
		st = hvtlfs_call_check(control, NULL, NULL);
		/* An extended call without its privilege is refused before the catalog. */
		if (hvtlfs_call_lookup((uint16_t)control) &&
		    (hvtlfs_call_lookup((uint16_t)control)->flags & HVTLFS_CALLF_EXTENDED) &&
		    !(features & HVTLFS_HVCALL_FEAT_EXTENDED_HYPERCALLS)) {
			assert_int_equal(req.status, HVTLFS_STATUS_ACCESS_DENIED);
			assert_int_equal(req.reason, HVTLFS_ERR_NO_PRIVILEGE);
		} else if (st != HVTLFS_STATUS_SUCCESS) {
			assert_int_equal(req.status, st);
			assert_true(generic_reason(req.reason));
		}
	}
}

/* Builder output decodes to what was asked: the two sides agree. */
/* A fast call with register elements (HvCallGetVpRegisters): 128 bytes of image. */
static int dec_regs_fast(uint64_t control, unsigned features)
{
	static struct hvtlfs_register_entry regs[16];
	struct hvtlfs_hvcall_elements el;
	struct hvtlfs_hvcall_input in;

	memset(&in, 0, sizeof(in));
	memset(&el, 0, sizeof(el));
	in.control = control;
	in.bytes = page;
	in.len = 128;
	in.features = features;
	el.registers = regs;
	el.registers_cap = 16;
	return hvtlfs_hvcall_decode_into(&in, &req, &el);
}

/*
 * The caller's fast capacity: 112 bytes on x64 (RDX, R8, XMM0-XMM5, TLFS "XMM Fast
 * Hypercall Input"), 128 on arm64 (X2-X17, OpenVMM's Arm64RegisterIo and Linux
 * arm64). A fast HvFlushVirtualAddressList has a 24-byte header and 8 bytes a rep:
 * 11 reps (112) fit both, 12 and 13 (120, 128) only arm64, 14 (136) neither. A fast
 * HvCallGetVpRegisters of 5 names: 36 input bytes round up to 48, + 5 x 16 of output
 * = 128: arm64 only; 6 names (40 → 48, + 96 = 144) neither.
 */
static void test_dec_fast_capacity(void **state)
{
	const unsigned arm64 = HVTLFS_HVCALL_FEAT_ARM64;
	const unsigned xmm = HVTLFS_HVCALL_FEAT_XMM_INPUT | HVTLFS_HVCALL_FEAT_XMM_OUTPUT;
	uint32_t reps;

	(void)state;
	memset(page, 0, sizeof(page));
	page[0] = 0x1000; /* AddressSpace */
	page[2] = 1;	  /* ProcessorMask: VP 0 */
	for (reps = 11; reps <= 14; reps++) {
		const uint64_t control = 0x10003u | ((uint64_t)reps << 32);
		const bool x64_fits = reps <= 11, arm64_fits = reps <= 13;

		assert_int_equal(dec_fast(control, 128, xmm), HVTLFS_OK);
		if (x64_fits)
			expect(0, reps, HVTLFS_OK);
		else
			expect(0x3, 0, HVTLFS_ERR_FAST_TOO_BIG);
		assert_int_equal(dec_fast(control, 128, xmm | arm64), HVTLFS_OK);
		if (arm64_fits) {
			expect(0, reps, HVTLFS_OK);
			assert_int_equal(req.nranges, reps);
		} else {
			expect(0x3, 0, HVTLFS_ERR_FAST_TOO_BIG);
		}
	}
	/* Past 16 bytes, arm64 needs the same feature as x64. */
	assert_int_equal(dec_fast(0x10003u | (12ull << 32), 128, arm64), HVTLFS_OK);
	assert_true(req.raise_ud);
	/* HvCallGetVpRegisters: partition self, VP self, names 0x00090002 (GuestOsId). */
	memset(page, 0, sizeof(page));
	page[0] = UINT64_MAX;
	page[1] = 0xFFFFFFFEull;
	page[2] = 0x0009000200090002ull;
	page[3] = 0x0009000200090002ull;
	page[4] = 0x0009000200090002ull;
	assert_int_equal(dec_regs_fast(0x10050u | (5ull << 32), xmm), HVTLFS_OK);
	expect(0x3, 0, HVTLFS_ERR_FAST_TOO_BIG);
	assert_int_equal(dec_regs_fast(0x10050u | (5ull << 32), xmm | arm64), HVTLFS_OK);
	expect(0, 5, HVTLFS_OK);
	assert_int_equal(req.nelements, 5);
	assert_int_equal(req.output_offset, 48);
	assert_int_equal(dec_regs_fast(0x10050u | (6ull << 32), xmm | arm64), HVTLFS_OK);
	expect(0x3, 0, HVTLFS_ERR_FAST_TOO_BIG);
}

static void test_roundtrip(void **state)
{
	struct hvtlfs_prepared p;
	uint64_t bm[8];
	int iter;
	(void)state;
	testutil_seed(0x0DEC0DE5u);
	for (iter = 0; iter < 1000; iter++) {
		struct hvtlfs_vp_targets t = { bm, 8, 0, NULL };
		uint64_t r[4];
		uint32_t i, n = (uint32_t)(testutil_next() % 4) + 1;
		for (i = 0; i < 8; i++)
			bm[i] = (testutil_next() & 1) ? testutil_next() : 0;
		for (i = 0; i < n; i++)
			r[i] = (testutil_next() & 0x000FFFFFFFFFF000ull) |
			       (testutil_next() & 0xFFF);
		assert_int_equal(hvtlfs_flush_build_list_ex(page, 4096, 0x5000, 0, &t, r, n, 0, &p),
				 HVTLFS_OK);
		assert_int_equal(dec_slow(p.control, 0x10000, 0), HVTLFS_OK);
		expect(0, n, HVTLFS_OK);
		for (i = 0; i < 512; i++) {
			bool in_set = (bm[i / 64] >> (i % 64)) & 1;
			assert_int_equal(hvtlfs_vpset_contains(&req.vps, i), in_set);
		}
		for (i = 0; i < n; i++) {
			assert_true(rng_out[i].base == (r[i] & ~0xFFFull));
			assert_true(rng_out[i].pages == (r[i] & 0xFFF) + 1);
		}
	}
}

/* Decodes a slow call at GPA @gpa (mapped to the end of its page) with an output GPA. */
static int dec_out(uint64_t control, uint64_t gpa, uint64_t out_gpa, unsigned features, size_t cap)
{
	struct hvtlfs_hvcall_input in;
	memset(&in, 0, sizeof(in));
	in.control = control;
	in.input_gpa = gpa;
	in.output_gpa = out_gpa;
	in.bytes = (const uint8_t *)page + (gpa & 0xFFFu);
	in.len = 4096u - (gpa & 0xFFFu);
	in.features = features;
	return hvtlfs_hvcall_decode(&in, &req, rng_out, cap);
}

/*
 * HvCallModifySparseGpaPageHostVisibility as Linux's hv_mark_gpa_visibility() sends
 * it (no TLFS page): partition self, visibility in bits 0-1, reserved words zero, the
 * GPFNs from offset 16, rep count = their number, no output.
 */
static void test_dec_visibility(void **state)
{
	const uint64_t vis3 = 0x00DBu | (3ull << 32);
	(void)state;
	memset(page, 0, sizeof(page));
	page[0] = ~0ull;
	page[1] = HVTLFS_HOST_VISIBILITY_READ_WRITE;
	page[2] = 0x123456;
	page[3] = 0x123457;
	page[4] = 0xFFFFFFFFFFFFFull; /* the last page of the 64-bit space */
	assert_int_equal(dec_slow(vis3, 0x10000, 0), HVTLFS_OK);
	expect(0, 3, HVTLFS_OK);
	assert_int_equal(req.kind, HVTLFS_HVCALL_REQ_VISIBILITY);
	assert_true(req.partition_id == ~0ull && req.host_visibility == 3);
	assert_int_equal(req.nranges, 3);
	assert_int_equal(req.range_format, HVTLFS_RANGE_FORMAT_GPFN);
	assert_true(rng_out[0].base == 0x123456000ull && rng_out[0].pages == 1 &&
		    rng_out[0].page_shift == 12);
	assert_true(rng_out[2].base == 0xFFFFFFFFFFFFF000ull);
	assert_false(req.notes & HVTLFS_HVCALL_NOTE_OUTPUT_IGNORED);
	/* Rep start 2: only the third GPFN. */
	assert_int_equal(dec_slow(vis3 | (2ull << 48), 0x10000, 0), HVTLFS_OK);
	expect(0, 3, HVTLFS_OK);
	assert_true(req.nranges == 1 && req.ranges_first == 2);
	/* An output GPA: the call has none, the TLFS says it is ignored. Reported, not refused. */
	assert_int_equal(dec_out(vis3, 0x10000, 0x20004, 0, 512), HVTLFS_OK);
	expect(0, 3, HVTLFS_OK);
	assert_true((req.notes & HVTLFS_HVCALL_NOTE_OUTPUT_IGNORED) && req.output_gpa == 0 &&
		    req.output_size == 0);
	/* Visibility 0 and 1 are defined; 2 (write without read) is not. */
	page[1] = 0;
	assert_int_equal(dec_slow(vis3, 0x10000, 0), HVTLFS_OK);
	expect(0, 3, HVTLFS_OK);
	page[1] = 1;
	assert_int_equal(dec_slow(vis3, 0x10000, 0), HVTLFS_OK);
	expect(0, 3, HVTLFS_OK);
	page[1] = 2;
	assert_int_equal(dec_slow(vis3 | (1ull << 48), 0x10000, 0), HVTLFS_OK);
	expect(0x5, 1, HVTLFS_ERR_BAD_VISIBILITY);
	assert_int_equal(req.kind, HVTLFS_HVCALL_REQ_NONE);
	/* Reserved bits 2-31 of the visibility word, or the reserved u32. */
	page[1] = 3 | (1u << 2);
	assert_int_equal(dec_slow(vis3, 0x10000, 0), HVTLFS_OK);
	expect(0x5, 0, HVTLFS_ERR_RESERVED_BITS);
	page[1] = 3 | (1ull << 32);
	assert_int_equal(dec_slow(vis3, 0x10000, 0), HVTLFS_OK);
	expect(0x5, 0, HVTLFS_ERR_RESERVED_BITS);
	/* A GPFN past the top fails as an element: the GPFNs before it are done. */
	page[1] = 3;
	page[3] = 0x10000000000000ull;
	assert_int_equal(dec_slow(vis3, 0x10000, 0), HVTLFS_OK);
	expect(0x5, 1, HVTLFS_ERR_RANGE_WRAP);
	assert_int_equal(req.nranges, 1);
	page[3] = 0x123457;
	/* The caller's array holds 2: an early return after them. */
	assert_int_equal(dec_out(vis3, 0x10000, 0, 0, 2), HVTLFS_OK);
	expect(HVTLFS_STATUS_TIMEOUT, 2, HVTLFS_ERR_NO_SPACE);
	/* 510 GPFNs fill the page; at offset 8 they cross it. No fast form. */
	assert_int_equal(dec_slow(0x00DBu | (510ull << 32), 0x10000, 0), HVTLFS_OK);
	assert_int_equal(req.status, 0);
	assert_int_equal(dec_slow(0x00DBu | (510ull << 32), 0x10008, 0), HVTLFS_OK);
	expect(0x4, 0, HVTLFS_ERR_ALIGNMENT);
	/* More GPFNs than a page holds: 16 + 511 x 8 = 4104 bytes cross it wherever they start
	 * (the TLFS: "cannot ... cross page boundaries"), HV_STATUS_INVALID_ALIGNMENT. */
	assert_int_equal(dec_slow(0x00DBu | (511ull << 32), 0x10000, 0), HVTLFS_OK);
	expect(0x4, 0, HVTLFS_ERR_ALIGNMENT);
	assert_int_equal(dec_fast(vis3 | HVTLFS_CONTROL_FAST, 112, HVTLFS_HVCALL_FEAT_XMM_INPUT),
			 HVTLFS_OK);
	expect(0x3, 0, HVTLFS_ERR_FAST_NOT_ALLOWED);
}

/* The fixed part of a retarget input as Linux's hv_arch_irq_unmask() writes it. */
static void retarget_fixed(uint32_t flags)
{
	memset(page, 0, sizeof(page));
	page[0] = ~0ull;			  /* partition self */
	page[1] = 0x34127851u;			  /* device id */
	page[2] = 1;				  /* source MSI, reserved 0 */
	page[3] = 0x00004031FEE01000ull;	  /* MSI address low, data */
	page[4] = 0;				  /* RsvdZ */
	page[5] = 0x31 | ((uint64_t)flags << 32); /* vector, flags */
}

/*
 * HvCallRetargetDeviceInterrupt (TLFS hypercalls/HvCallRetargetDeviceInterrupt.md and
 * HV_DEVICE_INTERRUPT_TARGET): a 56-byte fixed part; in the processor-set form the
 * variable header is the HV_VP_SET's valid_bank_mask and bank words, 1 + nr_bank
 * (Linux's pci-hyperv), not the bank words alone as in the flush and IPI Ex calls.
 */
static void test_dec_retarget(void **state)
{
	const uint64_t set = HVTLFS_DEVICE_INTERRUPT_TARGET_PROCESSOR_SET;
	(void)state;
	/* vPCI 1.1: the mask form, VPs 1 and 2. */
	retarget_fixed(0);
	page[6] = 0x6;
	assert_int_equal(dec_slow(0x007Eu, 0x10000, 0), HVTLFS_OK);
	expect(0, 0, HVTLFS_OK);
	assert_int_equal(req.kind, HVTLFS_HVCALL_REQ_RETARGET);
	assert_true(req.partition_id == ~0ull && req.device_id == 0x34127851u);
	assert_true(req.interrupt_source == 1 && req.msi_address == 0xFEE01000u &&
		    req.msi_data == 0x4031u && req.vector == 0x31 && req.target_flags == 0);
	assert_true(hvtlfs_vpset_contains(&req.vps, 1) && hvtlfs_vpset_contains(&req.vps, 2));
	assert_int_equal(hvtlfs_vpset_count(&req.vps, 0), 2);
	/* A variable header on the mask form. */
	assert_int_equal(dec_slow(0x007Eu | (1ull << 17), 0x10000, 0), HVTLFS_OK);
	expect(0x3, 0, HVTLFS_ERR_VARHDR_NOT_ALLOWED);
	/* vPCI 1.2: CPUs {1, 65}, format 0, mask 0x3, banks 0x2 and 0x2: var_size 3. */
	retarget_fixed((uint32_t)set);
	page[6] = HVTLFS_GENERIC_SET_SPARSE_4K;
	page[7] = 0x3;
	page[8] = 0x2;
	page[9] = 0x2;
	assert_int_equal(dec_slow(0x007Eu | (3ull << 17), 0x10000, 0), HVTLFS_OK);
	expect(0, 0, HVTLFS_OK);
	assert_true(hvtlfs_vpset_contains(&req.vps, 1) && hvtlfs_vpset_contains(&req.vps, 65));
	assert_int_equal(hvtlfs_vpset_count(&req.vps, 0), 2);
	assert_int_equal(req.vps.nbanks, 2);
	/* The same set counted as the flush Ex calls count it (bank words only): refused. */
	assert_int_equal(dec_slow(0x007Eu | (2ull << 17), 0x10000, 0), HVTLFS_OK);
	expect(0x3, 0, HVTLFS_ERR_BANK_MISMATCH);
	assert_int_equal(dec_slow(0x007Eu | (4ull << 17), 0x10000, 0), HVTLFS_OK);
	expect(0x3, 0, HVTLFS_ERR_BANK_MISMATCH);
	/* The processor-set flag with no variable header: no valid_bank_mask at all. */
	assert_int_equal(dec_slow(0x007Eu, 0x10000, 0), HVTLFS_OK);
	expect(0x3, 0, HVTLFS_ERR_BANK_MISMATCH);
	/* More than 64 bank words can never be a set: 1 + 65. */
	assert_int_equal(dec_slow(0x007Eu | (66ull << 17), 0x10000, 0), HVTLFS_OK);
	expect(0x3, 0, HVTLFS_ERR_TOO_MANY_BANKS);
	/* 1 + 64 is the largest; here the mask names 2 banks: a mismatch, not too many. */
	assert_int_equal(dec_slow(0x007Eu | (65ull << 17), 0x10000, 0), HVTLFS_OK);
	expect(0x3, 0, HVTLFS_ERR_BANK_MISMATCH);
	/* Linux 6.1's cpumask_to_vpset(): every bank up to the highest, zero ones included:
	 * CPUs {1, 130} = mask 0x7, banks 0x2, 0, 0x4, var_size 4. */
	page[7] = 0x7;
	page[8] = 0x2;
	page[9] = 0;
	page[10] = 0x4;
	assert_int_equal(dec_slow(0x007Eu | (4ull << 17), 0x10000, 0), HVTLFS_OK);
	expect(0, 0, HVTLFS_OK);
	assert_true(hvtlfs_vpset_contains(&req.vps, 130) && !hvtlfs_vpset_contains(&req.vps, 64));
	/* Format ALL (TLFS HV_VP_SET): mask 0, variable header 1. */
	page[6] = HVTLFS_GENERIC_SET_ALL;
	page[7] = 0;
	assert_int_equal(dec_slow(0x007Eu | (1ull << 17), 0x10000, 0), HVTLFS_OK);
	expect(0, 0, HVTLFS_OK);
	assert_true(hvtlfs_vpset_is_all(&req.vps));
	page[6] = 2;
	assert_int_equal(dec_slow(0x007Eu | (1ull << 17), 0x10000, 0), HVTLFS_OK);
	expect(0x5, 0, HVTLFS_ERR_BAD_FORMAT);
	/* An empty sparse set: nobody to deliver to. */
	page[6] = HVTLFS_GENERIC_SET_SPARSE_4K;
	page[7] = 0x1;
	page[8] = 0;
	assert_int_equal(dec_slow(0x007Eu | (2ull << 17), 0x10000, 0), HVTLFS_OK);
	expect(0x5, 0, HVTLFS_ERR_EMPTY_VP_MASK);
	/* Field checks on the mask form. */
	retarget_fixed(0);
	page[6] = 0;
	assert_int_equal(dec_slow(0x007Eu, 0x10000, 0), HVTLFS_OK);
	expect(0x5, 0, HVTLFS_ERR_EMPTY_VP_MASK);
	page[6] = 1;
	page[5] = 0x31 | (4ull << 32); /* reserved flag bit 2 */
	assert_int_equal(dec_slow(0x007Eu, 0x10000, 0), HVTLFS_OK);
	expect(0x5, 0, HVTLFS_ERR_BAD_FLAGS);
	page[5] = 0x31 | (1ull << 32); /* multicast */
	assert_int_equal(dec_slow(0x007Eu, 0x10000, 0), HVTLFS_OK);
	expect(0, 0, HVTLFS_OK);
	assert_int_equal(req.target_flags, HVTLFS_DEVICE_INTERRUPT_TARGET_MULTICAST);
	page[5] = 0x0F;
	assert_int_equal(dec_slow(0x007Eu, 0x10000, 0), HVTLFS_OK);
	expect(0x5, 0, HVTLFS_ERR_VECTOR_RANGE);
	page[5] = 0x100;
	assert_int_equal(dec_slow(0x007Eu, 0x10000, 0), HVTLFS_OK);
	expect(0x5, 0, HVTLFS_ERR_VECTOR_RANGE);
	page[5] = 0x31;
	page[2] = 2; /* Linux's IOAPIC source: not in the TLFS */
	assert_int_equal(dec_slow(0x007Eu, 0x10000, 0), HVTLFS_OK);
	expect(0x5, 0, HVTLFS_ERR_INVALID_ARG);
	page[2] = 1 | (1ull << 32);
	assert_int_equal(dec_slow(0x007Eu, 0x10000, 0), HVTLFS_OK);
	expect(0x5, 0, HVTLFS_ERR_RESERVED_BITS);
	page[2] = 1;
	page[4] = 1;
	assert_int_equal(dec_slow(0x007Eu, 0x10000, 0), HVTLFS_OK);
	expect(0x5, 0, HVTLFS_ERR_RESERVED_BITS);
	page[4] = 0;
	/* Slow only; 56 bytes from 0xFD0 cross the page (from 0xFC8 they end on it). */
	assert_int_equal(dec_slow(0x007Eu, 0x10FD0, 0), HVTLFS_OK);
	expect(0x4, 0, HVTLFS_ERR_ALIGNMENT);
	assert_int_equal(dec_fast(0x1007Eu, 112, HVTLFS_HVCALL_FEAT_XMM_INPUT), HVTLFS_OK);
	expect(0x3, 0, HVTLFS_ERR_FAST_NOT_ALLOWED);
	/* Older pci-hyperv sent every bank (valid_bank_mask all ones, var_size 1 + 64), most
	 * of them zero: CPU 1 alone, in the largest variable header the call can have. */
	retarget_fixed((uint32_t)set);
	page[6] = HVTLFS_GENERIC_SET_SPARSE_4K;
	page[7] = ~0ull;
	page[8] = 0x2;
	assert_int_equal(dec_slow(0x007Eu | (65ull << 17), 0x10000, 0), HVTLFS_OK);
	expect(0, 0, HVTLFS_OK);
	assert_int_equal(req.vps.nbanks, 64);
	assert_true(hvtlfs_vpset_contains(&req.vps, 1));
	assert_int_equal(hvtlfs_vpset_count(&req.vps, 0), 1);
}

/*
 * Extended calls (TLFS "Extended Hypercall Interface"): refused with ACCESS_DENIED
 * without EnableExtendedHypercalls, before anything else (TLFS "Ordering of Error
 * Conditions"). HvExtCallQueryCapabilities as Linux's hv_query_ext_cap() issues it: no
 * input (GPA 0), a u64 of output at an 8-byte aligned GPA.
 */
static void test_dec_ext_query(void **state)
{
	const unsigned ext = HVTLFS_HVCALL_FEAT_EXTENDED_HYPERCALLS;
	(void)state;
	memset(page, 0, sizeof(page));
	assert_int_equal(dec_out(0x8001u, 0, 0x7008, 0, 512), HVTLFS_OK);
	expect(0x6, 0, HVTLFS_ERR_NO_PRIVILEGE);
	/* The privilege wins over a reserved control bit and over the fast bit. */
	assert_int_equal(dec_out(0x8001u | (1ull << 27), 0, 0x7008, 0, 512), HVTLFS_OK);
	expect(0x6, 0, HVTLFS_ERR_NO_PRIVILEGE);
	assert_int_equal(dec_out(0x18001u, 0, 0x7008, 0, 512), HVTLFS_OK);
	expect(0x6, 0, HVTLFS_ERR_NO_PRIVILEGE);
	assert_int_equal(dec_out(0x8001u, 0, 0x7008, ext, 512), HVTLFS_OK);
	expect(0, 0, HVTLFS_OK);
	assert_int_equal(req.kind, HVTLFS_HVCALL_REQ_EXT_QUERY_CAPABILITIES);
	assert_true(req.output_gpa == 0x7008 && req.output_size == 8);
	assert_false(req.notes & HVTLFS_HVCALL_NOTE_OUTPUT_IGNORED);
	/* No input: the input GPA is ignored, aligned or not. */
	assert_int_equal(dec_out(0x8001u, 0x10003, 0x7008, ext, 512), HVTLFS_OK);
	expect(0, 0, HVTLFS_OK);
	/* The output GPA must be 8-byte aligned; the last qword of a page is fine. */
	assert_int_equal(dec_out(0x8001u, 0, 0x7004, ext, 512), HVTLFS_OK);
	expect(0x4, 0, HVTLFS_ERR_ALIGNMENT);
	assert_int_equal(req.kind, HVTLFS_HVCALL_REQ_NONE);
	assert_int_equal(dec_out(0x8001u, 0, 0x7FF8, ext, 512), HVTLFS_OK);
	expect(0, 0, HVTLFS_OK);
	/* With the privilege the catalog's rules apply: slow only, no reps. */
	assert_int_equal(dec_out(0x18001u, 0, 0x7008, ext, 512), HVTLFS_OK);
	expect(0x3, 0, HVTLFS_ERR_FAST_NOT_ALLOWED);
	assert_int_equal(dec_out(0x8001u | (1ull << 32), 0, 0x7008, ext, 512), HVTLFS_OK);
	expect(0x3, 0, HVTLFS_ERR_REP_ON_SIMPLE);
	/* Extended calls this module does not decode stay the caller's, privilege or not. */
	assert_int_equal(dec_out(0x8002u, 0, 0x7000, 0, 512), HVTLFS_ERR_UNKNOWN_CALL);
}

/*
 * HvExtCallGetBootZeroedMemory, which the dispatcher hands to the integrator's handler:
 * the input-free judgement holds its output area to the TLFS size ("The hypercall
 * output size is 0xFF8 bytes", its page, Output Parameters), so only an output GPA at
 * most 8 bytes into its page fits (TLFS "Alignment Requirements").
 */
static void test_check_boot_zeroed_output(void **state)
{
	struct hvtlfs_hvcall_input in;
	size_t need = 1;

	(void)state;
	memset(&in, 0, sizeof(in));
	in.control = 0x8002u;
	in.features = HVTLFS_HVCALL_FEAT_EXTENDED_HYPERCALLS;
	in.output_gpa = 0x7008;
	assert_int_equal(hvtlfs_hvcall_check(&in, &req, &need), HVTLFS_OK);
	expect(0, 0, HVTLFS_OK);
	assert_true(req.output_gpa == 0x7008);
	assert_int_equal(need, 0); /* no input */
	in.output_gpa = 0x7000;
	assert_int_equal(hvtlfs_hvcall_check(&in, &req, &need), HVTLFS_OK);
	expect(0, 0, HVTLFS_OK);
	/* 0xFF8 bytes from 16 bytes into the page cross into the next one. */
	in.output_gpa = 0x7010;
	assert_int_equal(hvtlfs_hvcall_check(&in, &req, &need), HVTLFS_OK);
	expect(0x4, 0, HVTLFS_ERR_ALIGNMENT);
	in.output_gpa = 0x7FF8;
	assert_int_equal(hvtlfs_hvcall_check(&in, &req, &need), HVTLFS_OK);
	expect(0x4, 0, HVTLFS_ERR_ALIGNMENT);
}

/*
 * An output larger than a page fits none (TLFS "Hypercall Inputs": the output parameter
 * list may not cross a page, HV_STATUS_INVALID_ALIGNMENT): HvCallGetVpRegisters's
 * 16-byte values fill a page at 256 names (its input, 16 + 4 x 256 bytes, still fits);
 * 257 are refused wherever the output GPA is, their input fitting.
 */
static void test_check_output_past_page(void **state)
{
	struct hvtlfs_hvcall_input in;
	size_t need = 1;

	(void)state;
	memset(&in, 0, sizeof(in));
	in.input_gpa = 0x10000;
	in.output_gpa = 0x20000;
	in.control = 0x0050u | (256ull << 32);
	assert_int_equal(hvtlfs_hvcall_check(&in, &req, &need), HVTLFS_OK);
	expect(0, 0, HVTLFS_OK);
	assert_int_equal(need, 16 + 4 * 256);
	in.output_gpa = 0x20008; /* 4096 bytes from 8 bytes in: into the next page */
	assert_int_equal(hvtlfs_hvcall_check(&in, &req, &need), HVTLFS_OK);
	expect(0x4, 0, HVTLFS_ERR_ALIGNMENT);
	assert_int_equal(need, 0);
	in.control = 0x0050u | (257ull << 32);
	in.output_gpa = 0x20000;
	assert_int_equal(hvtlfs_hvcall_check(&in, &req, &need), HVTLFS_OK);
	expect(0x4, 0, HVTLFS_ERR_ALIGNMENT);
	assert_int_equal(need, 0);
	/* A rep start past 0 changes nothing but the reps reported: the list is judged whole. */
	in.control |= 200ull << 48;
	assert_int_equal(hvtlfs_hvcall_check(&in, &req, &need), HVTLFS_OK);
	expect(0x4, 200, HVTLFS_ERR_ALIGNMENT);
}

/* HvExtCallMemoryHeatHint as Linux's hv_free_page_report() issues it (a rep call, heat
 * type 2, 2 MiB HV_GPA_PAGE_RANGE entries, no output). */
static void test_dec_ext_heat_hint(void **state)
{
	const unsigned ext = HVTLFS_HVCALL_FEAT_EXTENDED_HYPERCALLS;
	const uint64_t two = 0x8003u | (2ull << 32);
	(void)state;
	memset(page, 0, sizeof(page));
	page[0] = HVTLFS_HEAT_HINT_COLD_DISCARD;
	page[1] = 0x40000801ull;  /* 4 MiB at 1 GiB */
	page[2] = 0x100200800ull; /* 2 MiB at 0x1_0020_0000 */
	assert_int_equal(dec_out(two | (1ull << 48), 0x10000, 0, 0, 512), HVTLFS_OK);
	expect(0x6, 1, HVTLFS_ERR_NO_PRIVILEGE);
	assert_int_equal(dec_out(two, 0x10000, 0, ext, 512), HVTLFS_OK);
	expect(0, 2, HVTLFS_OK);
	assert_int_equal(req.kind, HVTLFS_HVCALL_REQ_EXT_HEAT_HINT);
	assert_int_equal(req.heat_type, 2);
	assert_int_equal(req.range_format, HVTLFS_RANGE_FORMAT_GPA);
	assert_true(rng_out[0].base == 0x40000000ull && rng_out[0].pages == 2 &&
		    rng_out[0].page_shift == 21);
	assert_true(rng_out[1].base == 0x100200000ull && rng_out[1].pages == 1);
	/* Heat type 3 is not defined; bits 2-63 are reserved. */
	page[0] = 3;
	assert_int_equal(dec_out(two, 0x10000, 0, ext, 512), HVTLFS_OK);
	expect(0x5, 0, HVTLFS_ERR_INVALID_ARG);
	page[0] = 1 | (1ull << 40);
	assert_int_equal(dec_out(two | (1ull << 48), 0x10000, 0, ext, 512), HVTLFS_OK);
	expect(0x5, 1, HVTLFS_ERR_RESERVED_BITS);
	/* A large entry with reserved bit 13: the element's index. */
	page[0] = 0;
	page[2] |= 1ull << 13;
	assert_int_equal(dec_out(two, 0x10000, 0, ext, 512), HVTLFS_OK);
	expect(0x5, 1, HVTLFS_ERR_RESERVED_BITS);
	assert_int_equal(req.nranges, 1);
	/* 511 entries fill a page. */
	assert_int_equal(dec_out(0x8003u | (511ull << 32), 0x10000, 0, ext, 512), HVTLFS_OK);
	assert_int_equal(req.status, 0x5); /* entry 1 still bad; the size is fine */
	assert_int_equal(dec_out(0x8003u | (511ull << 32), 0x10008, 0, ext, 512), HVTLFS_OK);
	expect(0x4, 0, HVTLFS_ERR_ALIGNMENT);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_dec_generic),
		cmocka_unit_test(test_dec_flush),
		cmocka_unit_test(test_dec_flush_ex),
		cmocka_unit_test(test_dec_ipi_event),
		cmocka_unit_test(test_dec_gpa),
		cmocka_unit_test(test_dec_empty_mask),
		cmocka_unit_test(test_dec_list_non_global),
		cmocka_unit_test(test_dec_refusal_reps),
		cmocka_unit_test(test_dec_reason_property),
		cmocka_unit_test(test_dec_fast_capacity),
		cmocka_unit_test(test_roundtrip),
		cmocka_unit_test(test_dec_visibility),
		cmocka_unit_test(test_dec_retarget),
		cmocka_unit_test(test_dec_ext_query),
		cmocka_unit_test(test_check_boot_zeroed_output),
		cmocka_unit_test(test_check_output_past_page),
		cmocka_unit_test(test_dec_ext_heat_hint),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
