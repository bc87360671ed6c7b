/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Every read of guest memory goes through one accessor, once per byte.
 *
 * This binary compiles the library's sources itself with HVTLFS_GUEST_READ8 (the
 * seam under the accessor, src/hvtlfs_internal.h) set to guest_read8() below. The
 * decoders get a "guest page" full of poison; guest_read8() answers from a shadow
 * copy holding the real input, counts the reads of every byte, and (in mutating
 * mode) answers a different value on every read after the first, as a guest VP
 * rewriting the page would. So:
 * - a read that bypasses the accessor sees poison, and the golden checks fail;
 * - a byte read twice is counted, and its second value differs, so what was
 *   validated is not what is returned: the result differs from an honest run.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <string.h>

#include "hvtlfs/catalog.h"
#include "hvtlfs/flush.h"
#include "hvtlfs/hvcall.h"
#include "hvtlfs/nested.h"
#include "hvtlfs/ranges.h"
#include "hvtlfs/vpset.h"

#include "testutil.h"

#define GUEST_BYTES 4096u
#define POISON	    0xA5u

static _Alignas(4096) uint8_t guest[GUEST_BYTES]; /* what the decoders are given */
static uint8_t shadow[GUEST_BYTES];		  /* what the guest really wrote */
static unsigned int reads[GUEST_BYTES];
static unsigned int stray_reads; /* through the accessor, outside the guest page */
static int mutating;

uint8_t guest_read8(const volatile uint8_t *p);
uint8_t guest_read8(const volatile uint8_t *p)
{
	uintptr_t a = (uintptr_t)p, base = (uintptr_t)guest;
	size_t off;
	unsigned int n;

	if (a < base || a - base >= GUEST_BYTES) {
		stray_reads++;
		return 0xEE;
	}
	off = (size_t)(a - base);
	n = reads[off]++;
	if (mutating && n != 0)
		return (uint8_t)(shadow[off] ^ (0x5Au + n)); /* never the same twice */
	return shadow[off];
}

/* A fresh page: poison where the decoder looks, the real bytes in the shadow. */
static void guest_reset(int mutate)
{
	memset(guest, POISON, sizeof(guest));
	memset(reads, 0, sizeof(reads));
	stray_reads = 0;
	mutating = mutate;
}

static void put64(size_t off, uint64_t v)
{
	unsigned int i;

	for (i = 0; i < 8u; i++)
		shadow[off + i] = (uint8_t)(v >> (8u * i));
}

/* Bytes [0, exact) read exactly once, every other byte never; nothing read elsewhere. */
static void assert_read_once(size_t exact)
{
	size_t i;

	assert_int_equal(stray_reads, 0);
	for (i = 0; i < GUEST_BYTES; i++) {
		if (reads[i] != (i < exact ? 1u : 0u))
			fail_msg("guest byte %zu read %u times (want %u)", i, reads[i],
				 i < exact ? 1u : 0u);
	}
}

/* As assert_read_once(), but the padding bytes [pad, pad_end) are never read (the
 * hypervisor ignores padding: TLFS hypercall-interface.md). */
static void assert_read_once_but(size_t exact, size_t pad, size_t pad_end)
{
	size_t i;

	assert_int_equal(stray_reads, 0);
	for (i = 0; i < GUEST_BYTES; i++) {
		const unsigned int want = i < exact && (i < pad || i >= pad_end) ? 1u : 0u;

		if (reads[i] != want)
			fail_msg("guest byte %zu read %u times (want %u)", i, reads[i], want);
	}
}

static void assert_read_at_most_once(void)
{
	size_t i;

	assert_int_equal(stray_reads, 0);
	for (i = 0; i < GUEST_BYTES; i++)
		if (reads[i] > 1u)
			fail_msg("guest byte %zu read %u times", i, reads[i]);
}

/* HV_VP_SET: the TLFS example, VPs {0, 5, 130} = mask 0x5, banks {0x21, 0x4}. */
static void test_vpset_decode(void **state)
{
	struct hvtlfs_vpset set;
	uint16_t st = 0;

	(void)state;
	guest_reset(1);
	put64(0, HVTLFS_GENERIC_SET_SPARSE_4K);
	put64(8, 0x5);
	put64(16, 0x21);
	put64(24, 0x4);
	assert_int_equal(hvtlfs_vpset_decode(&set, guest, GUEST_BYTES, 2, &st), HVTLFS_OK);
	assert_int_equal(st, HVTLFS_STATUS_SUCCESS);
	assert_true(set.format == HVTLFS_GENERIC_SET_SPARSE_4K);
	assert_true(set.valid_bank_mask == 0x5);
	assert_true(set.banks[0] == 0x21 && set.banks[1] == 0 && set.banks[2] == 0x4);
	assert_read_once(32);
	/* A refusal reads no bank word: the mask alone decides the bank count. */
	guest_reset(1);
	put64(0, HVTLFS_GENERIC_SET_SPARSE_4K);
	put64(8, 0x7);
	assert_int_equal(hvtlfs_vpset_decode(&set, guest, GUEST_BYTES, 2, &st),
			 HVTLFS_ERR_BANK_MISMATCH);
	assert_read_once(16);
}

/* Range lists: the entries come back as the guest wrote them, each read once. */
static void test_range_list_decode(void **state)
{
	struct hvtlfs_range_entry e[3];
	size_t bad = 99;

	(void)state;
	guest_reset(1);
	put64(0, 0x00007F00000007FFu); /* 2048 x 4 KiB from 0x7f0000000000 */
	put64(8, 0x0000000040001807u); /* 8 x 1 GiB from 1 GiB */
	put64(16, 0x0000000000400000u);
	assert_int_equal(hvtlfs_range_list_decode(HVTLFS_RANGE_FORMAT_GVA_EXTENDED, guest,
						  GUEST_BYTES, 3, e, 3, &bad),
			 3);
	assert_true(e[0].base == 0x00007F0000000000u && e[0].pages == 2048 &&
		    e[0].page_shift == 12);
	assert_true(e[1].base == 0x40000000u && e[1].pages == 8 && e[1].page_shift == 30);
	assert_true(e[2].base == 0x400000u && e[2].pages == 1 && e[2].page_shift == 12);
	assert_int_equal(bad, 3);
	assert_read_once(24);
	/* Simple format: 4096 x 4 KiB. */
	guest_reset(1);
	put64(0, 0x00007F0000000FFFu);
	assert_int_equal(hvtlfs_range_list_decode(HVTLFS_RANGE_FORMAT_GVA_SIMPLE, guest,
						  GUEST_BYTES, 1, e, 1, NULL),
			 1);
	assert_true(e[0].base == 0x00007F0000000000u && e[0].pages == 4096);
	assert_read_once(8);
}

/* HvFlushVirtualAddressListEx with the TLFS VP set and two ranges, as the guest wrote it. */
static void test_hvcall_decode_list_ex(void **state)
{
	struct hvtlfs_hvcall_input in;
	struct hvtlfs_hvcall_request req;
	struct hvtlfs_range_entry r[4];

	(void)state;
	guest_reset(1);
	put64(0, 0x123000);			 /* address space */
	put64(8, 0);				 /* flags */
	put64(16, HVTLFS_GENERIC_SET_SPARSE_4K); /* format */
	put64(24, 0x5);				 /* valid_bank_mask */
	put64(32, 0x21);			 /* bank 0: VPs 0, 5 */
	put64(40, 0x4);				 /* bank 2: VP 130 */
	put64(48, 0x00007F000000000Fu);		 /* 16 pages */
	put64(56, 0x0000000000400000u);		 /* 1 page */
	memset(&in, 0, sizeof(in));
	in.control = 0x0000000200040014u; /* rep count 2, variable header 2 */
	in.input_gpa = 0x5000;
	in.bytes = guest;
	in.len = GUEST_BYTES;
	assert_int_equal(hvtlfs_hvcall_decode(&in, &req, r, 4), HVTLFS_OK);
	assert_int_equal(req.status, HVTLFS_STATUS_SUCCESS);
	assert_true(req.address_space == 0x123000);
	assert_true(hvtlfs_vpset_contains(&req.vps, 0) && hvtlfs_vpset_contains(&req.vps, 5) &&
		    hvtlfs_vpset_contains(&req.vps, 130));
	assert_int_equal(hvtlfs_vpset_count(&req.vps, 0), 3);
	assert_int_equal(req.nranges, 2);
	assert_true(r[0].base == 0x00007F0000000000u && r[0].pages == 16);
	assert_true(r[1].base == 0x400000u && r[1].pages == 1);
	assert_read_once(64);
}

/* HvPostMessage: the payload is copied as the guest wrote it, each byte once. */
static void test_hvcall_decode_post_message(void **state)
{
	struct hvtlfs_hvcall_input in;
	struct hvtlfs_hvcall_request req;
	unsigned int i;

	(void)state;
	guest_reset(1);
	put64(0, 0x7);			     /* connection id 7 */
	put64(8, 1u | (uint64_t)200u << 32); /* message type 1, 200 bytes */
	for (i = 0; i < 240u; i++)
		shadow[16u + i] = (uint8_t)(i * 7u);
	memset(&in, 0, sizeof(in));
	in.control = HVTLFS_CALL_POST_MESSAGE;
	in.input_gpa = 0x5000;
	in.bytes = guest;
	in.len = GUEST_BYTES;
	assert_int_equal(hvtlfs_hvcall_decode(&in, &req, NULL, 0), HVTLFS_OK);
	assert_int_equal(req.status, HVTLFS_STATUS_SUCCESS);
	assert_int_equal(req.connection_id, 7);
	assert_int_equal(req.payload_size, 200);
	for (i = 0; i < 200u; i++)
		assert_int_equal(req.payload[i], (uint8_t)(i * 7u));
	assert_read_once(16u + 200u);
}

/* HvCallRetargetDeviceInterrupt as Linux's pci-hyperv sends it for CPUs {1, 65}: the
 * 56-byte fixed part and the variable header (mask, two banks), each byte read once. */
static void test_hvcall_decode_retarget(void **state)
{
	struct hvtlfs_hvcall_input in;
	struct hvtlfs_hvcall_request req;

	(void)state;
	guest_reset(1);
	put64(0, ~0ull);
	put64(8, 0x34127851u);
	put64(16, 1);
	put64(24, 0x00004031FEE01000ull);
	put64(32, 0);
	put64(40, 0x31u | (2ull << 32)); /* vector, PROCESSOR_SET */
	put64(48, HVTLFS_GENERIC_SET_SPARSE_4K);
	put64(56, 0x3);
	put64(64, 0x2);
	put64(72, 0x2);
	memset(&in, 0, sizeof(in));
	in.control = 0x007Eu | (3u << 17);
	in.input_gpa = 0x5000;
	in.bytes = guest;
	in.len = GUEST_BYTES;
	assert_int_equal(hvtlfs_hvcall_decode(&in, &req, NULL, 0), HVTLFS_OK);
	assert_int_equal(req.status, HVTLFS_STATUS_SUCCESS);
	assert_true(req.device_id == 0x34127851u && req.msi_data == 0x4031u && req.vector == 0x31);
	assert_true(hvtlfs_vpset_contains(&req.vps, 1) && hvtlfs_vpset_contains(&req.vps, 65));
	assert_read_once(80);
}

/* HvCallModifySparseGpaPageHostVisibility: header and three GPFNs, each byte once. */
static void test_hvcall_decode_visibility(void **state)
{
	struct hvtlfs_hvcall_input in;
	struct hvtlfs_hvcall_request req;
	struct hvtlfs_range_entry r[4];

	(void)state;
	guest_reset(1);
	put64(0, ~0ull);
	put64(8, HVTLFS_HOST_VISIBILITY_READ_WRITE);
	put64(16, 0x123456);
	put64(24, 0x123457);
	put64(32, 0x123458);
	memset(&in, 0, sizeof(in));
	in.control = 0x00DBu | (3ull << 32);
	in.input_gpa = 0x5000;
	in.bytes = guest;
	in.len = GUEST_BYTES;
	assert_int_equal(hvtlfs_hvcall_decode(&in, &req, r, 4), HVTLFS_OK);
	assert_int_equal(req.status, HVTLFS_STATUS_SUCCESS);
	assert_true(req.host_visibility == 3 && req.nranges == 3);
	assert_true(r[0].base == 0x123456000ull && r[2].base == 0x123458000ull);
	assert_read_once(40);
}

/* HvExtCallMemoryHeatHint as Linux's hv_free_page_report() sends it: the heat type,
 * then two 2 MiB HV_GPA_PAGE_RANGE entries, each byte once. */
static void test_hvcall_decode_heat_hint(void **state)
{
	struct hvtlfs_hvcall_input in;
	struct hvtlfs_hvcall_request req;
	struct hvtlfs_range_entry r[4];

	(void)state;
	guest_reset(1);
	put64(0, HVTLFS_HEAT_HINT_COLD_DISCARD);
	put64(8, (1ull << 11) | (0x800ull << 21));
	put64(16, (1ull << 11) | (0x801ull << 21));
	memset(&in, 0, sizeof(in));
	in.control = 0x8003u | (2ull << 32);
	in.input_gpa = 0x5000;
	in.bytes = guest;
	in.len = GUEST_BYTES;
	in.features = HVTLFS_HVCALL_FEAT_EXTENDED_HYPERCALLS;
	assert_int_equal(hvtlfs_hvcall_decode(&in, &req, r, 4), HVTLFS_OK);
	assert_int_equal(req.status, HVTLFS_STATUS_SUCCESS);
	assert_true(req.heat_type == 2 && req.nranges == 2);
	assert_true(r[0].base == 0x100000000ull && r[0].page_shift == 21 &&
		    r[1].base == 0x100200000ull);
	assert_read_once(24);
}

/* The L0's view of an eVMCS its guest writes: each field read once. */
static void test_evmcs_reads(void **state)
{
	struct hvtlfs_evmcs *e = (struct hvtlfs_evmcs *)(void *)guest;
	size_t off = HVTLFS_OFFSETOF(struct hvtlfs_evmcs, guest_rip);
	uint64_t v = 0;

	(void)state;
	guest_reset(1);
	memset(shadow, 0, sizeof(shadow));
	shadow[0] = 1; /* version_number 1 */
	put64(off, 0xFFFFFFFF81000000u);
	assert_int_equal(hvtlfs_evmcs_check(e), HVTLFS_OK);
	assert_int_equal(hvtlfs_evmcs_read(e, 0x681E /* GUEST_RIP */, &v), HVTLFS_OK);
	assert_true(v == 0xFFFFFFFF81000000u);
	assert_int_equal(stray_reads, 0);
	assert_read_at_most_once();
	assert_int_equal(reads[0], 1);
	assert_int_equal(reads[off], 1);
	assert_int_equal(reads[off + 7u], 1);
}

/*
 * Random hypercalls of every code the decoder handles: a run where every re-read
 * answers differently gives exactly the judgement of an honest run, and no byte is
 * read twice. (A double fetch would show in both.)
 */
static void random_input(uint64_t *control, unsigned int *features)
{
	static const uint16_t codes[] = { 0x0002, 0x0003, 0x0008, 0x000B, 0x0013,
					  0x0014, 0x0015, 0x005C, 0x005D, 0x007E,
					  0x00AF, 0x00B0, 0x00DB, 0x8001, 0x8003 };
	uint16_t code = codes[testutil_next() % (sizeof(codes) / sizeof(codes[0]))];
	const struct hvtlfs_call_info *ci = hvtlfs_call_lookup(code);
	uint64_t c = code;
	unsigned int varhdr = (unsigned int)(testutil_next() % 4u), i;

	for (i = 0; i < GUEST_BYTES; i++)
		shadow[i] = (uint8_t)testutil_next();
	if (ci->kind == HVTLFS_CALL_KIND_REP)
		c |= (uint64_t)(1u + testutil_next() % 40u) << 32;
	if (ci->flags & HVTLFS_CALLF_VARHDR) {
		uint64_t mask = 0;

		c |= (uint64_t)varhdr << 17;
		while ((unsigned int)hvtlfs_popcount64(mask) < varhdr)
			mask |= HVTLFS_BIT64(testutil_next() % 64u);
		if (testutil_next() % 4u == 0)
			mask = testutil_next(); /* a mismatch, now and then */
		if (code == 0x007E) {
			/* Retarget: the format at 48, the mask first in the variable header
			 * (so one word more), the processor-set flag mostly set. */
			c += (uint64_t)1 << 17;
			put64(40, 0x30u | ((uint64_t)(testutil_next() % 4u ? 2u : 0u) << 32));
			put64(16, 1);
			put64(48, testutil_next() % 3u);
			put64(56, mask);
		} else {
			/* The set follows the fixed words: 16 bytes in (flush), 8 (IPI). */
			put64(code == 0x0015 ? 8u : 16u,
			      testutil_next() % 3u); /* format 0, 1 or bad */
			put64(code == 0x0015 ? 16u : 24u, mask);
		}
	}
	if (code == 0x00DB) /* host visibility: 0-3, now and then reserved bits */
		put64(8, testutil_next() % 4u | (testutil_next() % 8u == 0 ? 1ull << 40 : 0));
	if (code == 0x8003) /* heat type 0-3, now and then reserved bits */
		put64(0, testutil_next() % 4u | (testutil_next() % 8u == 0 ? 1ull << 40 : 0));
	if (code != 0x0008 && code != 0x005D && code != 0x000B && code != 0x0015 &&
	    code != 0x007E && code != 0x00DB && code < 0x8000)
		put64(8, testutil_next() % 2u ? testutil_next() % 16u
					      : 0); /* flush flags, mostly valid */
	if (code == 0x000B || code == 0x0015)
		put64(0, (testutil_next() % 0x120u) |
				 ((testutil_next() % 2u) << 32)); /* vector, VTL */
	if (code == 0x005C)
		put64(8, (1u + testutil_next() % 4u) | (uint64_t)(testutil_next() % 260u) << 32);
	if ((ci->flags & HVTLFS_CALLF_FAST) && testutil_next() % 3u == 0)
		c |= HVTLFS_CONTROL_FAST;
	*control = c;
	*features = (unsigned int)(testutil_next() % 8u);
}

static void test_hvcall_decode_property(void **state)
{
	static struct hvtlfs_range_entry r1[64], r2[64];
	struct hvtlfs_hvcall_request req1, req2;
	struct hvtlfs_hvcall_input in;
	int i;

	(void)state;
	testutil_seed(0x6E75657374ULL);
	for (i = 0; i < 5000; i++) {
		int rc1, rc2;

		guest_reset(0);
		memset(&in, 0, sizeof(in));
		random_input(&in.control, &in.features);
		in.input_gpa = 0x5000u + 8u * (testutil_next() % 4u);
		in.bytes = guest;
		in.len = GUEST_BYTES;
		memset(r1, 0, sizeof(r1));
		memset(r2, 0, sizeof(r2));
		rc1 = hvtlfs_hvcall_decode(&in, &req1, r1, 64);
		assert_read_at_most_once();
		memset(reads, 0, sizeof(reads));
		mutating = 1;
		rc2 = hvtlfs_hvcall_decode(&in, &req2, r2, 64);
		assert_read_at_most_once();
		assert_int_equal(rc1, rc2);
		assert_memory_equal(&req1, &req2, sizeof(req1));
		assert_memory_equal(r1, r2, sizeof(r1));
	}
}

/* The VP-register, AP start-up and VTL decoders: every input byte read once. */
static struct hvtlfs_hvcall_request vreq;

static int decode_new(uint64_t control, uint64_t out_gpa, size_t len,
		      struct hvtlfs_register_entry *regs, uint32_t *ids, size_t cap)
{
	struct hvtlfs_hvcall_input in;
	struct hvtlfs_hvcall_elements el;

	memset(&in, 0, sizeof(in));
	memset(&el, 0, sizeof(el));
	in.control = control;
	in.input_gpa = 0x10000;
	in.output_gpa = out_gpa;
	in.bytes = guest;
	in.len = len;
	el.registers = regs;
	el.registers_cap = regs ? cap : 0;
	el.apic_ids = ids;
	el.apic_ids_cap = ids ? cap : 0;
	return hvtlfs_hvcall_decode_into(&in, &vreq, &el);
}

/* A 240-byte HvCallStartVirtualProcessor / HvCallEnableVpVtl input in a fresh guest:
 * partition self, VP 1, VTL 0, bytes 13-15 zero, context qword n = n x 0x01..01. */
static void vp_context_input(void)
{
	size_t i;

	guest_reset(1);
	put64(0, ~0ull);
	put64(8, 0x0000000000000001ull);
	for (i = 16; i < 240; i += 8)
		put64(i, 0x0101010101010101ull * (i / 8u));
}

static void test_hvcall_decode_vp_calls(void **state)
{
	struct hvtlfs_register_entry regs[4];
	uint32_t ids[4];
	size_t i;

	(void)state;
	/* HvCallGetVpRegisters: header and three names, 28 bytes. */
	guest_reset(1);
	put64(0, ~0ull);
	put64(8, 0xFFFFFFFEull);
	put64(16, 0x0009000300090002ull);
	put64(24, 0x00000200u);
	assert_int_equal(decode_new(0x0050u | (3ull << 32), 0x20000, GUEST_BYTES, regs, NULL, 4),
			 HVTLFS_OK);
	assert_int_equal(vreq.status, HVTLFS_STATUS_SUCCESS);
	assert_true(regs[0].name == 0x00090002 && regs[1].name == 0x00090003 &&
		    regs[2].name == 0x200);
	assert_read_once(28);
	/* HvCallSetVpRegisters: header and two 32-byte elements. */
	guest_reset(1);
	put64(0, ~0ull);
	put64(8, 0xFFFFFFFEull);
	for (i = 16; i < 80; i++)
		shadow[i] = 0;
	put64(16, 0x00090002u);
	put64(32, 0x8100000601000000ull);
	put64(48, 0x000A0000u);
	put64(64, 0x10020u);
	assert_int_equal(decode_new(0x0051u | (2ull << 32), 0, GUEST_BYTES, regs, NULL, 4),
			 HVTLFS_OK);
	assert_int_equal(vreq.status, HVTLFS_STATUS_SUCCESS);
	assert_true(regs[0].value.lo == 0x8100000601000000ull && regs[1].value.lo == 0x10020u);
	assert_read_once(80);
	/* HvCallGetVpIndexFromApicId: header and four ids. */
	guest_reset(1);
	put64(0, ~0ull);
	put64(8, 0);
	put64(16, 0x0000000200000000ull);
	put64(24, 0x0000000600000004ull);
	assert_int_equal(decode_new(0x009Au | (4ull << 32), 0x20000, GUEST_BYTES, NULL, ids, 4),
			 HVTLFS_OK);
	assert_int_equal(vreq.status, HVTLFS_STATUS_SUCCESS);
	assert_true(ids[0] == 0 && ids[1] == 2 && ids[2] == 4 && ids[3] == 6);
	assert_read_once_but(32, 9, 16);
	/* HvCallEnablePartitionVtl: 16 bytes. */
	guest_reset(1);
	put64(0, ~0ull);
	put64(8, 0x0101u);
	assert_int_equal(decode_new(0x000Du, 0, GUEST_BYTES, NULL, NULL, 0), HVTLFS_OK);
	assert_int_equal(vreq.status, HVTLFS_STATUS_SUCCESS);
	assert_true(vreq.target_vtl == 1 && vreq.flags == 1);
	assert_read_once(16);
	/* HvCallStartVirtualProcessor: all 240 bytes, the context copied as written. */
	vp_context_input();
	assert_int_equal(decode_new(0x0099u, 0, GUEST_BYTES, NULL, NULL, 0), HVTLFS_OK);
	assert_int_equal(vreq.status, HVTLFS_STATUS_SUCCESS);
	assert_true(vreq.vp_context.rip == 0x0202020202020202ull);
	assert_true(vreq.vp_context.msr_cr_pat == 0x1D1D1D1D1D1D1D1Dull);
	assert_read_once_but(240, 13, 16);
	/* HvCallEnableVpVtl: the same 240 bytes, bytes 13-15 RsvdZ and read. */
	vp_context_input();
	assert_int_equal(decode_new(0x000Fu, 0, GUEST_BYTES, NULL, NULL, 0), HVTLFS_OK);
	assert_int_equal(vreq.status, HVTLFS_STATUS_SUCCESS);
	assert_read_once(240);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_vpset_decode),
		cmocka_unit_test(test_range_list_decode),
		cmocka_unit_test(test_hvcall_decode_list_ex),
		cmocka_unit_test(test_hvcall_decode_post_message),
		cmocka_unit_test(test_hvcall_decode_retarget),
		cmocka_unit_test(test_hvcall_decode_visibility),
		cmocka_unit_test(test_hvcall_decode_heat_hint),
		cmocka_unit_test(test_evmcs_reads),
		cmocka_unit_test(test_hvcall_decode_property),
		cmocka_unit_test(test_hvcall_decode_vp_calls),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
