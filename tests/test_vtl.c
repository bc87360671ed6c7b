/* SPDX-License-Identifier: BSD-2-Clause */
/* The vtl module: HV_INITIAL_VP_CONTEXT and the inputs of HvCallEnablePartitionVtl,
 * HvCallEnableVpVtl, HvCallStartVirtualProcessor and HvCallGetVpIndexFromApicId built
 * against hand-written bytes (the TLFS input tables; the context Linux's hv_vtl.c gives
 * a 64-bit AP), and HvRegisterVsmCodePageOffsets. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <string.h>

#include "hvtlfs/hvcall.h"
#include "hvtlfs/vtl.h"

#include "testutil.h"

/* A 64-bit AP's context as Linux's hv_vtl.c fills it: flat CS (attributes 0xA09B:
 * type 0xB, S, P, L, G) and SS (0xC093: type 3, S, P, D/B, G), a busy 64-bit TSS
 * (0x8B), an LDT (0x82), RFLAGS 0x2, long mode. */
static void linux_ap_context(struct hvtlfs_initial_vp_context *c)
{
	memset(c, 0, sizeof(*c));
	c->rip = 0xFFFFFFFF81000123ull;
	c->rsp = 0xFFFFC90000A08000ull;
	c->rflags = 0x2;
	c->cs.limit = 0xFFFFFFFFu;
	c->cs.selector = 0x10;
	c->cs.attributes = 0xA09B;
	c->ss.limit = 0xFFFFFFFFu;
	c->ss.selector = 0x18;
	c->ss.attributes = 0xC093;
	c->tr.base = 0xFFFFFE0000003000ull;
	c->tr.limit = 0x4087;
	c->tr.selector = 0x40;
	c->tr.attributes = 0x8B;
	c->ldtr.attributes = 0x82;
	c->gdtr.base = 0xFFFFFE0000001000ull;
	c->gdtr.limit = 0x7F;
	c->idtr.base = 0xFFFFFE0000000000ull;
	c->idtr.limit = 0xFFF;
	c->efer = 0xD01; /* SCE, LME, LMA, NXE */
	c->cr0 = 0x80050033ull;
	c->cr3 = 0x000000010A00A000ull;
	c->cr4 = 0x003706F0ull;
	c->msr_cr_pat = 0x0407050600070106ull;
}

/* The segment attribute bits against the TLFS bit table, in the Linux values. */
static void test_segment_bits(void **state)
{
	(void)state;
	assert_int_equal(0xB | HVTLFS_X64_SEGMENT_NON_SYSTEM | HVTLFS_X64_SEGMENT_PRESENT |
				 HVTLFS_X64_SEGMENT_LONG | HVTLFS_X64_SEGMENT_GRANULARITY,
			 0xA09B);
	assert_int_equal(0x3 | HVTLFS_X64_SEGMENT_NON_SYSTEM | HVTLFS_X64_SEGMENT_PRESENT |
				 HVTLFS_X64_SEGMENT_DEFAULT | HVTLFS_X64_SEGMENT_GRANULARITY,
			 0xC093);
	assert_int_equal(3u << HVTLFS_X64_SEGMENT_DPL_SHIFT, HVTLFS_X64_SEGMENT_DPL_MASK);
	assert_int_equal(HVTLFS_X64_SEGMENT_TYPE_MASK | HVTLFS_X64_SEGMENT_NON_SYSTEM |
				 HVTLFS_X64_SEGMENT_DPL_MASK | HVTLFS_X64_SEGMENT_PRESENT |
				 HVTLFS_X64_SEGMENT_RESERVED | HVTLFS_X64_SEGMENT_AVAILABLE |
				 HVTLFS_X64_SEGMENT_LONG | HVTLFS_X64_SEGMENT_DEFAULT |
				 HVTLFS_X64_SEGMENT_GRANULARITY,
			 0xFFFF);
}

/* HvCallStartVirtualProcessor of VP 1 in VTL 2 with the Linux context, word by word
 * from the TLFS tables: header (partition, VP index | TargetVtl << 32), then the
 * context's fields at their HV_INITIAL_VP_CONTEXT offsets plus 16. */
static void test_start_vp(void **state)
{
	struct hvtlfs_initial_vp_context c;
	uint64_t page[40];
	struct hvtlfs_prepared p;

	(void)state;
	linux_ap_context(&c);
	testutil_canary_fill(page, 0, 40);
	assert_int_equal(hvtlfs_start_vp_build(page, sizeof(page), HVTLFS_PARTITION_ID_SELF, 1, 2,
					       &c, 0, &p),
			 HVTLFS_OK);
	assert_true(p.control == 0x0000000000000099ull);
	assert_int_equal(p.input_size, 240);
	assert_int_equal(p.rep_count, 0);
	assert_true(page[0] == 0xFFFFFFFFFFFFFFFFull);
	assert_true(page[1] == 0x0000000200000001ull);
	assert_true(page[2] == 0xFFFFFFFF81000123ull);			 /* +16 RIP */
	assert_true(page[3] == 0xFFFFC90000A08000ull);			 /* +24 RSP */
	assert_true(page[4] == 0x2);					 /* +32 RFLAGS */
	assert_true(page[5] == 0 && page[6] == 0xA09B0010FFFFFFFFull);	 /* +40 CS */
	assert_true(page[7] == 0 && page[8] == 0);			 /* +56 DS */
	assert_true(page[9] == 0 && page[10] == 0);			 /* +72 ES */
	assert_true(page[11] == 0 && page[12] == 0);			 /* +88 FS */
	assert_true(page[13] == 0 && page[14] == 0);			 /* +104 GS */
	assert_true(page[15] == 0 && page[16] == 0xC0930018FFFFFFFFull); /* +120 SS */
	assert_true(page[17] == 0xFFFFFE0000003000ull && page[18] == 0x008B004000004087ull);
	assert_true(page[19] == 0 && page[20] == 0x0082000000000000ull); /* +152 LDTR */
	assert_true(page[21] == 0x0FFF000000000000ull && page[22] == 0xFFFFFE0000000000ull);
	assert_true(page[23] == 0x007F000000000000ull && page[24] == 0xFFFFFE0000001000ull);
	assert_true(page[25] == 0xD01);			/* +200 EFER */
	assert_true(page[26] == 0x80050033ull);		/* +208 CR0 */
	assert_true(page[27] == 0x000000010A00A000ull); /* +216 CR3 */
	assert_true(page[28] == 0x003706F0ull);		/* +224 CR4 */
	assert_true(page[29] == 0x0407050600070106ull); /* +232 PAT */
	assert_true(testutil_canary_intact(page, 30, 10));

	/* HvCallEnableVpVtl takes the same 240 bytes; Linux reuses the one page. */
	{
		uint64_t again[30];

		assert_int_equal(hvtlfs_enable_vp_vtl_build(again, sizeof(again),
							    HVTLFS_PARTITION_ID_SELF, 1, 2, &c,
							    HVTLFS_CTL_NESTED, &p),
				 HVTLFS_OK);
		assert_true(p.control == 0x000000008000000Full);
		assert_memory_equal(again, page, sizeof(again));
	}
}

static void test_start_vp_refusals(void **state)
{
	struct hvtlfs_initial_vp_context c;
	uint64_t page[30];
	struct hvtlfs_prepared p;

	(void)state;
	memset(&c, 0, sizeof(c));
	assert_int_equal(hvtlfs_start_vp_build(NULL, 240, 1, 0, 0, &c, 0, &p), HVTLFS_ERR_NULL);
	assert_int_equal(hvtlfs_start_vp_build(page, 240, 1, 0, 0, NULL, 0, &p), HVTLFS_ERR_NULL);
	assert_int_equal(hvtlfs_start_vp_build(page, 240, 1, 0, 0, &c, 0, NULL), HVTLFS_ERR_NULL);
	assert_int_equal(hvtlfs_start_vp_build((uint8_t *)page + 4, 236, 1, 0, 0, &c, 0, &p),
			 HVTLFS_ERR_ALIGNMENT);
	assert_int_equal(hvtlfs_start_vp_build(page, 240, 1, 0, 0, &c, HVTLFS_CTL_FAST, &p),
			 HVTLFS_ERR_FAST_NOT_ALLOWED);
	assert_int_equal(hvtlfs_start_vp_build(page, 240, 1, 0, 0, &c, 4, &p),
			 HVTLFS_ERR_INVALID_ARG);
	assert_int_equal(
		hvtlfs_start_vp_build(page, 240, HVTLFS_PARTITION_ID_INVALID, 0, 0, &c, 0, &p),
		HVTLFS_ERR_INVALID_ARG);
	assert_int_equal(hvtlfs_start_vp_build(page, 240, 1, 0, 16, &c, 0, &p),
			 HVTLFS_ERR_VTL_RANGE);
	assert_int_equal(hvtlfs_start_vp_build(page, 239, 1, 0, 15, &c, 0, &p),
			 HVTLFS_ERR_NO_SPACE);
	assert_int_equal(hvtlfs_enable_vp_vtl_build(page, 240, 1, 0, 16, &c, 0, &p),
			 HVTLFS_ERR_VTL_RANGE);
}

/* HvCallEnablePartitionVtl, VTL 1 with MBEC: TargetVtl at byte 8, Flags at byte 9. */
static void test_enable_partition_vtl(void **state)
{
	uint64_t page[4];
	struct hvtlfs_prepared p;

	(void)state;
	testutil_canary_fill(page, 0, 4);
	assert_int_equal(hvtlfs_enable_partition_vtl_build(page, sizeof(page),
							   HVTLFS_PARTITION_ID_SELF, 1,
							   HVTLFS_ENABLE_PARTITION_VTL_MBEC, 0, &p),
			 HVTLFS_OK);
	assert_true(p.control == 0x000000000000000Dull);
	assert_int_equal(p.input_size, 16);
	assert_true(page[0] == 0xFFFFFFFFFFFFFFFFull && page[1] == 0x0101);
	assert_true(testutil_canary_intact(page, 2, 2));
	/* Fast: the same 16 bytes in RDX and R8. */
	assert_int_equal(
		hvtlfs_enable_partition_vtl_build(page, 16, 5, 2, 0x7, HVTLFS_CTL_FAST, &p),
		HVTLFS_OK);
	assert_true(p.control == 0x000000000001000Dull);
	assert_true(page[0] == 5 && page[1] == 0x0702);
	assert_int_equal(hvtlfs_enable_partition_vtl_build(page, 16, 5, 2, 0x8, 0, &p),
			 HVTLFS_ERR_BAD_FLAGS);
	assert_int_equal(hvtlfs_enable_partition_vtl_build(page, 16, 5, 16, 0, 0, &p),
			 HVTLFS_ERR_VTL_RANGE);
	assert_int_equal(hvtlfs_enable_partition_vtl_build(page, 15, 5, 1, 0, 0, &p),
			 HVTLFS_ERR_NO_SPACE);
	assert_int_equal(hvtlfs_enable_partition_vtl_build(page, 16, 0, 1, 0, 0, &p),
			 HVTLFS_ERR_INVALID_ARG);
	assert_int_equal(hvtlfs_enable_partition_vtl_build(NULL, 16, 5, 1, 0, 0, &p),
			 HVTLFS_ERR_NULL);
}

/* HvCallGetVpIndexFromApicId for APIC ids 0, 2, 4: 4-byte ids from offset 16, as
 * Linux and OpenVMM send them; the VP indices come back 4 bytes apart. */
static void test_get_vp_index(void **state)
{
	static const uint32_t ids[] = { 0, 2, 4 };
	uint64_t page[8];
	uint8_t out[12] = { 0, 0, 0, 0, 1, 0, 0, 0, 0x34, 0x12, 0, 0 };
	uint32_t vps[3];
	struct hvtlfs_prepared p;

	(void)state;
	testutil_canary_fill(page, 0, 8);
	assert_int_equal(hvtlfs_get_vp_index_build(page, sizeof(page), HVTLFS_PARTITION_ID_SELF, 0,
						   ids, 3, 0, &p),
			 HVTLFS_OK);
	assert_true(p.control == 0x000000030000009Aull);
	assert_int_equal(p.input_size, 28);
	assert_int_equal(p.rep_count, 3);
	assert_true(page[0] == 0xFFFFFFFFFFFFFFFFull && page[1] == 0);
	assert_true(page[2] == 0x0000000200000000ull && page[3] == 4);
	assert_true(testutil_canary_intact(page, 4, 4));
	assert_int_equal(hvtlfs_get_vp_index_parse(out, sizeof(out), 3, vps), HVTLFS_OK);
	assert_true(vps[0] == 0 && vps[1] == 1 && vps[2] == 0x1234);
	assert_int_equal(hvtlfs_get_vp_index_parse(out, 11, 3, vps), HVTLFS_ERR_TRUNCATED);
	/* Fast: 16 + 4n bytes in, 4n out after the input rounded to 16. 18 ids: 88 in
	 * (96 rounded) + 72 out > 112; 12: 64 + 48 = 112. */
	{
		static uint32_t many[32];
		uint64_t image[14];

		assert_int_equal(hvtlfs_get_vp_index_build(image, sizeof(image), 1, 1, many, 12,
							   HVTLFS_CTL_FAST, &p),
				 HVTLFS_OK);
		assert_true(p.control == 0x0000000C0001009Aull);
		assert_int_equal(HVTLFS_FAST_OUTPUT_OFFSET(p.input_size) + 12u * 4u, 112);
		assert_int_equal(hvtlfs_get_vp_index_build(image, sizeof(image), 1, 1, many, 13,
							   HVTLFS_CTL_FAST, &p),
				 HVTLFS_ERR_FAST_TOO_BIG);
	}
	assert_int_equal(hvtlfs_get_vp_index_build(page, sizeof(page), 1, 0, ids, 0, 0, &p),
			 HVTLFS_ERR_REP_COUNT_ZERO);
	assert_int_equal(hvtlfs_get_vp_index_build(page, sizeof(page), 1, 0, NULL, 1, 0, &p),
			 HVTLFS_ERR_NULL);
	assert_int_equal(hvtlfs_get_vp_index_build(page, sizeof(page), 1, 0, ids, 4096, 0, &p),
			 HVTLFS_ERR_REP_COUNT_RANGE);
	assert_int_equal(hvtlfs_get_vp_index_build(page, 27, 1, 0, ids, 3, 0, &p),
			 HVTLFS_ERR_NO_SPACE);
	/* 3 ids need 28 bytes, and the builder writes 32 (two ids a word): 28 bytes are
	 * too few, and nothing is written (found by proofs/drivers/vtl.c). */
	memset(page, 0xa5, 32);
	assert_int_equal(hvtlfs_get_vp_index_build(page, 28, 1, 0, ids, 3, 0, &p),
			 HVTLFS_ERR_NO_SPACE);
	assert_int_equal(((const uint8_t *)page)[28], 0xa5);
	assert_int_equal(hvtlfs_get_vp_index_build(page, 32, 1, 0, ids, 3, 0, &p), HVTLFS_OK);
	assert_int_equal(p.input_size, 28);
	assert_int_equal(HVTLFS_GET_VP_INDEX_MAX_PER_PAGE, 1020);
}

/* HvRegisterVsmCodePageOffsets: VtlCallOffset bits 0-11, VtlReturnOffset 12-23. */
static void test_code_page_offsets(void **state)
{
	struct hvtlfs_vsm_code_page_offsets o = { 0x77, 0x77 };
	uint64_t v = 0;

	(void)state;
	assert_int_equal(hvtlfs_vsm_code_page_offsets_decode(0x0000000000A406Eull, &o), HVTLFS_OK);
	assert_int_equal(o.vtl_call, 0x06E);
	assert_int_equal(o.vtl_return, 0x0A4);
	assert_int_equal(hvtlfs_vsm_code_page_offsets_decode(0x0000000000FFFFFFull, &o), HVTLFS_OK);
	assert_int_equal(o.vtl_call, 0xFFF);
	assert_int_equal(o.vtl_return, 0xFFF);
	o.vtl_call = 1;
	assert_int_equal(hvtlfs_vsm_code_page_offsets_decode(0x0000000001000000ull, &o),
			 HVTLFS_ERR_RESERVED_BITS);
	assert_int_equal(o.vtl_call, 1); /* untouched */
	assert_int_equal(hvtlfs_vsm_code_page_offsets_decode(0, NULL), HVTLFS_ERR_NULL);
	o.vtl_call = 0x06E;
	o.vtl_return = 0x0A4;
	assert_int_equal(hvtlfs_vsm_code_page_offsets_encode(&v, &o), HVTLFS_OK);
	assert_true(v == 0xA406E);
	o.vtl_return = 0x1000;
	assert_int_equal(hvtlfs_vsm_code_page_offsets_encode(&v, &o), HVTLFS_ERR_INVALID_ARG);
	assert_int_equal(hvtlfs_vsm_code_page_offsets_encode(NULL, &o), HVTLFS_ERR_NULL);
	/* The VSM status registers' fields (TLFS vsm.md). */
	assert_true(HVTLFS_VSM_VP_STATUS_ENABLED_VTLS_MASK ==
		    (0xFFFFull << HVTLFS_VSM_VP_STATUS_ENABLED_VTLS_SHIFT));
	assert_true(HVTLFS_VSM_PARTITION_STATUS_MAX_VTL_MASK ==
		    (0xFull << HVTLFS_VSM_PARTITION_STATUS_MAX_VTL_SHIFT));
	assert_true(HVTLFS_VSM_PARTITION_STATUS_MBEC_VTLS_MASK ==
		    (0xFFFFull << HVTLFS_VSM_PARTITION_STATUS_MBEC_VTLS_SHIFT));
	assert_true(HVTLFS_VTL_RETURN_INPUT_RESERVED == 0xFFFFFFFFFFFFFFFEull);
}

/* ---- The hypervisor side: the decoders of the AP start-up and VTL calls. ---- */

static uint64_t gpage[512];
static struct hvtlfs_hvcall_request dreq;
static uint32_t dids[16];

/* Decodes the call at gpage: slow at input GPA 0x10000 (output @out_gpa) or fast. */
static int dec(uint64_t control, uint64_t out_gpa, unsigned int features, size_t cap)
{
	struct hvtlfs_hvcall_input in;
	struct hvtlfs_hvcall_elements el;
	const bool fast = (control & (1ull << 16)) != 0;

	memset(&in, 0, sizeof(in));
	memset(&el, 0, sizeof(el));
	in.control = control;
	in.input_gpa = fast ? 0 : 0x10000;
	in.output_gpa = out_gpa;
	in.bytes = (const uint8_t *)gpage;
	in.len = fast ? 112 : sizeof(gpage);
	in.features = features;
	el.apic_ids = cap ? dids : NULL;
	el.apic_ids_cap = cap;
	return hvtlfs_hvcall_decode_into(&in, &dreq, &el);
}

static void dexpect(uint16_t status, uint32_t reps, int reason)
{
	assert_int_equal(dreq.status, status);
	assert_int_equal(dreq.reason, reason);
	assert_true(dreq.result == ((uint64_t)status | ((uint64_t)reps << 32)));
}

/* HvCallGetVpIndexFromApicId: hand-written input (partition self, VTL 0, APIC ids 0, 2,
 * 4, 6); the VP indices go to the output page 4 bytes apart. */
static void test_decode_vp_index(void **state)
{
	uint8_t out[64];
	static const uint32_t vps[4] = { 0, 1, 2, 0x1234 };

	(void)state;
	memset(gpage, 0, sizeof(gpage));
	gpage[0] = 0xFFFFFFFFFFFFFFFFull;
	gpage[2] = 0x0000000200000000ull;
	gpage[3] = 0x0000000600000004ull;
	assert_int_equal(dec(0x009Au | (4ull << 32), 0x20000, 0, 16), HVTLFS_OK);
	dexpect(HVTLFS_STATUS_SUCCESS, 4, HVTLFS_OK);
	assert_int_equal(dreq.kind, HVTLFS_HVCALL_REQ_VP_INDEX);
	assert_int_equal(dreq.nelements, 4);
	assert_true(dids[0] == 0 && dids[1] == 2 && dids[2] == 4 && dids[3] == 6);
	assert_int_equal(dreq.output_offset, 0);
	assert_int_equal(dreq.output_size, 16);
	memset(out, 0xEE, sizeof(out));
	assert_int_equal(hvtlfs_hvcall_put_vp_indices(&dreq, vps, 4, out, sizeof(out)), HVTLFS_OK);
	assert_true(out[4] == 1 && out[8] == 2 && out[12] == 0x34 && out[13] == 0x12 &&
		    out[15] == 0 && out[16] == 0xEE);
	/* Rep start 2, array of 1: id 4 decoded, its index at byte 8, then TIMEOUT at 3. */
	assert_int_equal(dec(0x009Au | (4ull << 32) | (2ull << 48), 0x20000, 0, 1), HVTLFS_OK);
	dexpect(HVTLFS_STATUS_TIMEOUT, 3, HVTLFS_ERR_NO_SPACE);
	assert_true(dreq.nelements == 1 && dids[0] == 4);
	assert_int_equal(dreq.output_offset, 8);
	/* The output page overlapping the input (32 bytes at 0x10000). */
	assert_int_equal(dec(0x009Au | (4ull << 32), 0x10018, 0, 16), HVTLFS_OK);
	dexpect(HVTLFS_STATUS_INVALID_ALIGNMENT, 0, HVTLFS_ERR_BUFFERS_OVERLAP);
	/* Fast, 12 ids: 64 bytes in, 48 out at 64 = 112; 13 do not fit; no XMM output: #UD. */
	assert_int_equal(dec(0x009Au | (1ull << 16) | (12ull << 32), 0,
			     HVTLFS_HVCALL_FEAT_XMM_INPUT | HVTLFS_HVCALL_FEAT_XMM_OUTPUT, 16),
			 HVTLFS_OK);
	dexpect(HVTLFS_STATUS_SUCCESS, 12, HVTLFS_OK);
	assert_int_equal(dreq.output_offset, 64);
	assert_int_equal(dec(0x009Au | (1ull << 16) | (13ull << 32), 0,
			     HVTLFS_HVCALL_FEAT_XMM_INPUT | HVTLFS_HVCALL_FEAT_XMM_OUTPUT, 16),
			 HVTLFS_OK);
	dexpect(HVTLFS_STATUS_INVALID_HYPERCALL_INPUT, 0, HVTLFS_ERR_FAST_TOO_BIG);
	assert_int_equal(
		dec(0x009Au | (1ull << 16) | (1ull << 32), 0, HVTLFS_HVCALL_FEAT_XMM_INPUT, 16),
		HVTLFS_OK);
	assert_true(dreq.raise_ud);
	/* VTL 16, padding, HV_PARTITION_ID_INVALID. Bytes 9-15 are padding (the TLFS
	 * page's name), which the hypervisor ignores (hypercall-interface.md). */
	gpage[1] = 16;
	assert_int_equal(dec(0x009Au | (4ull << 32), 0x20000, 0, 16), HVTLFS_OK);
	dexpect(HVTLFS_STATUS_INVALID_PARAMETER, 0, HVTLFS_ERR_VTL_RANGE);
	gpage[1] = 0xFFFFFFFFFFFFFF01ull;
	assert_int_equal(dec(0x009Au | (4ull << 32), 0x20000, 0, 16), HVTLFS_OK);
	dexpect(HVTLFS_STATUS_SUCCESS, 4, HVTLFS_OK);
	assert_int_equal(dreq.target_vtl, 1);
	gpage[1] = 0;
	gpage[0] = 0;
	assert_int_equal(dec(0x009Au | (4ull << 32), 0x20000, 0, 16), HVTLFS_OK);
	dexpect(HVTLFS_STATUS_INVALID_PARTITION_ID, 0, HVTLFS_ERR_INVALID_ARG);
}

/* HvCallEnablePartitionVtl, slow and fast (16 bytes in RDX and R8). */
static void test_decode_enable_partition_vtl(void **state)
{
	struct hvtlfs_prepared p;

	(void)state;
	memset(gpage, 0, sizeof(gpage));
	assert_int_equal(hvtlfs_enable_partition_vtl_build(gpage, 16, HVTLFS_PARTITION_ID_SELF, 1,
							   HVTLFS_ENABLE_PARTITION_VTL_MBEC,
							   HVTLFS_CTL_FAST, &p),
			 HVTLFS_OK);
	assert_int_equal(dec(p.control, 0, 0, 0), HVTLFS_OK);
	dexpect(HVTLFS_STATUS_SUCCESS, 0, HVTLFS_OK);
	assert_int_equal(dreq.kind, HVTLFS_HVCALL_REQ_ENABLE_PARTITION_VTL);
	assert_true(dreq.target_vtl == 1 && dreq.flags == HVTLFS_ENABLE_PARTITION_VTL_MBEC);
	/* Slow, with an output GPA it has no use for: ignored and noted. */
	assert_int_equal(dec(0x000Du, 0x20000, 0, 0), HVTLFS_OK);
	dexpect(HVTLFS_STATUS_SUCCESS, 0, HVTLFS_OK);
	assert_int_equal(dreq.notes, HVTLFS_HVCALL_NOTE_OUTPUT_IGNORED);
	/* Flag bit 3, a reserved byte, VTL 16. */
	gpage[1] = 0x0801;
	assert_int_equal(dec(0x000Du, 0, 0, 0), HVTLFS_OK);
	dexpect(HVTLFS_STATUS_INVALID_PARAMETER, 0, HVTLFS_ERR_BAD_FLAGS);
	gpage[1] = 0x010000000001ull;
	assert_int_equal(dec(0x000Du, 0, 0, 0), HVTLFS_OK);
	dexpect(HVTLFS_STATUS_INVALID_PARAMETER, 0, HVTLFS_ERR_RESERVED_BITS);
	gpage[1] = 0x10;
	assert_int_equal(dec(0x000Du, 0, 0, 0), HVTLFS_OK);
	dexpect(HVTLFS_STATUS_INVALID_PARAMETER, 0, HVTLFS_ERR_VTL_RANGE);
}

/* HvCallStartVirtualProcessor and HvCallEnableVpVtl: the Linux AP context built, then
 * decoded back field for field. */
static void test_decode_start_vp(void **state)
{
	struct hvtlfs_initial_vp_context c;
	struct hvtlfs_prepared p;

	(void)state;
	linux_ap_context(&c);
	memset(gpage, 0, sizeof(gpage));
	assert_int_equal(hvtlfs_start_vp_build(gpage, sizeof(gpage), HVTLFS_PARTITION_ID_SELF, 5, 0,
					       &c, 0, &p),
			 HVTLFS_OK);
	assert_int_equal(dec(p.control, 0, 0, 0), HVTLFS_OK);
	dexpect(HVTLFS_STATUS_SUCCESS, 0, HVTLFS_OK);
	assert_int_equal(dreq.kind, HVTLFS_HVCALL_REQ_START_VP);
	assert_true(dreq.vp_index == 5 && dreq.target_vtl == 0);
	assert_memory_equal(&dreq.vp_context, &c, sizeof(c));
	assert_int_equal(hvtlfs_enable_vp_vtl_build(gpage, sizeof(gpage), HVTLFS_PARTITION_ID_SELF,
						    5, 1, &c, 0, &p),
			 HVTLFS_OK);
	assert_int_equal(dec(p.control, 0, 0, 0), HVTLFS_OK);
	dexpect(HVTLFS_STATUS_SUCCESS, 0, HVTLFS_OK);
	assert_int_equal(dreq.kind, HVTLFS_HVCALL_REQ_ENABLE_VP_VTL);
	assert_true(dreq.target_vtl == 1);
}

/* The bytes after TargetVtl (EnableVpVtl's RsvdZ, StartVirtualProcessor's padding),
 * VTL 16, and the fast form (never fits). */
static void test_decode_start_vp_refusals(void **state)
{
	(void)state;
	memset(gpage, 0, sizeof(gpage));
	gpage[0] = 0xFFFFFFFFFFFFFFFFull;
	gpage[1] = 0x0000010000000001ull;
	assert_int_equal(dec(0x000Fu, 0, 0, 0), HVTLFS_OK);
	dexpect(HVTLFS_STATUS_INVALID_PARAMETER, 0, HVTLFS_ERR_RESERVED_BITS);
	gpage[1] = 0xFFFFFF0000000001ull;
	assert_int_equal(dec(0x000Fu, 0, 0, 0), HVTLFS_OK);
	dexpect(HVTLFS_STATUS_INVALID_PARAMETER, 0, HVTLFS_ERR_RESERVED_BITS);
	assert_int_equal(dec(0x0099u, 0, 0, 0), HVTLFS_OK);
	dexpect(HVTLFS_STATUS_SUCCESS, 0, HVTLFS_OK);
	assert_true(dreq.vp_index == 1 && dreq.target_vtl == 0);
	gpage[1] = 0x0000001000000001ull;
	assert_int_equal(dec(0x000Fu, 0, 0, 0), HVTLFS_OK);
	dexpect(HVTLFS_STATUS_INVALID_PARAMETER, 0, HVTLFS_ERR_VTL_RANGE);
	assert_int_equal(dec(0x0099u | (1ull << 16), 0, HVTLFS_HVCALL_FEAT_XMM_INPUT, 0),
			 HVTLFS_OK);
	assert_int_equal(dreq.status, HVTLFS_STATUS_INVALID_HYPERCALL_INPUT);
	/* Input crossing its page: 240 bytes at 0x10F80. */
	{
		struct hvtlfs_hvcall_input in;

		memset(&in, 0, sizeof(in));
		in.control = 0x0099u;
		in.input_gpa = 0x10F80;
		in.bytes = (const uint8_t *)gpage;
		in.len = 240;
		assert_int_equal(hvtlfs_hvcall_decode_into(&in, &dreq, NULL), HVTLFS_OK);
		dexpect(HVTLFS_STATUS_INVALID_ALIGNMENT, 0, HVTLFS_ERR_ALIGNMENT);
	}
}

/* VTL call and VTL return as the hypercall page's sequence hands them over: the bare
 * code in the control word, the control input in RAX (hvtlfs_hvcall_input::vtl_input). */
static void test_decode_vtl_switch(void **state)
{
	struct hvtlfs_hvcall_input in;

	(void)state;
	memset(&in, 0, sizeof(in));
	in.control = 0x0011u;
	assert_int_equal(hvtlfs_hvcall_decode_into(&in, &dreq, NULL), HVTLFS_OK);
	assert_int_equal(dreq.kind, HVTLFS_HVCALL_REQ_VTL_SWITCH);
	assert_int_equal(dreq.code, HVTLFS_CALL_VTL_CALL);
	assert_int_equal(dreq.status, HVTLFS_STATUS_SUCCESS);
	assert_false(dreq.raise_ud);
	assert_true(dreq.result == 0);
	/* VTL return, fast (bit 0). */
	in.control = 0x0012u;
	in.vtl_input = HVTLFS_VTL_RETURN_FAST;
	assert_int_equal(hvtlfs_hvcall_decode_into(&in, &dreq, NULL), HVTLFS_OK);
	assert_int_equal(dreq.kind, HVTLFS_HVCALL_REQ_VTL_SWITCH);
	assert_true(dreq.flags == 1 && !dreq.raise_ud);
	/* Invalid control inputs: #UD. */
	in.vtl_input = 2;
	assert_int_equal(hvtlfs_hvcall_decode_into(&in, &dreq, NULL), HVTLFS_OK);
	assert_true(dreq.raise_ud && dreq.reason == HVTLFS_ERR_RESERVED_BITS);
	in.control = 0x0011u;
	in.vtl_input = 1;
	assert_int_equal(hvtlfs_hvcall_decode_into(&in, &dreq, NULL), HVTLFS_OK);
	assert_true(dreq.raise_ud);
	in.vtl_input = 0;
	in.control = 0x0011u | (1ull << 16);
	assert_int_equal(hvtlfs_hvcall_decode_into(&in, &dreq, NULL), HVTLFS_OK);
	assert_true(dreq.raise_ud);
	assert_int_equal(dreq.kind, HVTLFS_HVCALL_REQ_NONE);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_segment_bits),
		cmocka_unit_test(test_start_vp),
		cmocka_unit_test(test_start_vp_refusals),
		cmocka_unit_test(test_enable_partition_vtl),
		cmocka_unit_test(test_get_vp_index),
		cmocka_unit_test(test_code_page_offsets),
		cmocka_unit_test(test_decode_vp_index),
		cmocka_unit_test(test_decode_enable_partition_vtl),
		cmocka_unit_test(test_decode_start_vp),
		cmocka_unit_test(test_decode_start_vp_refusals),
		cmocka_unit_test(test_decode_vtl_switch),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
