/* SPDX-License-Identifier: BSD-2-Clause */
/* Flush planner: which hypercall, which form, which input, for each situation. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <string.h>

#include "hvtlfs/issue.h"
#include "hvtlfs/flush.h"
#include "hvtlfs/hvcall.h"

#include "testutil.h"

static uint64_t page[512] __attribute__((aligned(4096)));
/* The page, described as a kernel describes its per-CPU input page (the GPA of a host
 * test is the address itself, as in hvtlfs::mock). */
static struct hvtlfs_input_page pg;
static struct hvtlfs_features feat;
static struct hvtlfs_flush_plan plan;
static uint64_t bm[64];
static struct hvtlfs_range rg[600];

static void base_features(void)
{
	memset(&feat, 0, sizeof(feat));
	feat.remote_tlb_flush_recommended = true;
	feat.max_vps = 240;
}

/* The base features and an empty VP bitmap but for its first word. */
static void reset(uint64_t vps0)
{
	base_features();
	memset(bm, 0, sizeof(bm));
	bm[0] = vps0;
}

/* @n one-page ranges 64 KiB apart: @n entries that never coalesce. */
static void scatter(size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		rg[i].start = 0x10000000u + i * 0x10000u;
		rg[i].length = 4096;
	}
}

static struct hvtlfs_flush_request request(uint32_t words, uint64_t cr3, size_t nranges)
{
	struct hvtlfs_flush_request r;
	memset(&r, 0, sizeof(r));
	r.vps.bitmap = bm;
	r.vps.words = words;
	r.address_space = cr3;
	r.ranges = rg;
	r.nranges = nranges;
	r.everything = nranges == 0;
	return r;
}

static int plan_it(const struct hvtlfs_flush_request *r, const struct hvtlfs_flush_policy *pol)
{
	memset(page, 0xA5, sizeof(page));
	return hvtlfs_flush_plan_build(r, &feat, pol, &pg, &plan);
}

static void test_fallback_and_nothing(void **state)
{
	struct hvtlfs_flush_request r;
	(void)state;
	reset(4);
	r = request(1, 0x1000, 0);
	feat.remote_tlb_flush_recommended = false;
	assert_int_equal(plan_it(&r, NULL), HVTLFS_ERR_FALLBACK);
	feat.remote_tlb_flush_recommended = true;
	/* VP 65 without the Ex hint: the legacy mask cannot name it. */
	bm[1] = 2;
	r = request(2, 0x1000, 0);
	assert_int_equal(plan_it(&r, NULL), HVTLFS_ERR_FALLBACK);
	/* Nobody targeted: nothing to issue. */
	memset(bm, 0, sizeof(bm));
	assert_int_equal(plan_it(&r, NULL), HVTLFS_OK);
	assert_int_equal(plan.form, HVTLFS_FORM_NONE);
	assert_int_equal(hvtlfs_flush_issue(&plan, NULL), HVTLFS_OK);
}

/* KVM selftest: VP 2, whole space, slow. */
static void test_vp2_space(void **state)
{
	struct hvtlfs_flush_request r;
	(void)state;
	reset(4);
	r = request(1, 0x1000, 0);
	r.non_global_only = 1;
	assert_int_equal(plan_it(&r, NULL), HVTLFS_OK);
	assert_int_equal(plan.form, HVTLFS_FORM_SLOW);
	assert_true(plan.control == 0x0002u);
	assert_true(page[0] == 0x1000 && page[1] == HVTLFS_FLUSH_NON_GLOBAL_MAPPINGS_ONLY &&
		    page[2] == 4);
	assert_int_equal(hvtlfs_flush_plan_nvps(&plan), 1);
	assert_true(plan.start == 0 && plan.last == HVTLFS_PLAN_LAST_ALL);
}

/* KVM selftest: VP 2, list; NON_GLOBAL_MAPPINGS_ONLY dropped on the list call. */
static void test_vp2_list(void **state)
{
	struct hvtlfs_flush_request r;
	(void)state;
	reset(4);
	rg[0].start = 0x7f0000001234u;
	rg[0].length = 2 * 4096;
	r = request(1, 0x1000, 1);
	r.non_global_only = 1;
	assert_int_equal(plan_it(&r, NULL), HVTLFS_OK);
	assert_true(plan.control == 0x0000000100000003u);
	/* 0x7f0000001234 + 8 KiB touches pages 0x7f0000001 .. 0x7f0000003: 3 pages. */
	assert_true(page[1] == 0 && page[3] == (0x7f0000001000u | 2u));
	assert_true(plan.start == 0x7f0000001234u && plan.last == 0x7f0000003233u);
}

/* KVM selftest: VP 65 and VPs 2 + 65: Ex with one and two banks. */
static void test_ex(void **state)
{
	struct hvtlfs_flush_request r;
	(void)state;
	reset(0);
	feat.ex_processor_masks_recommended = true;
	bm[1] = 2;
	r = request(2, 0x2000, 0);
	assert_int_equal(plan_it(&r, NULL), HVTLFS_OK);
	assert_true(plan.control == 0x00020013u);
	assert_true(page[2] == 0 && page[3] == 2 && page[4] == 2);
	bm[0] = 4;
	rg[0].start = 0x400000;
	rg[0].length = 1;
	r = request(2, 0x2000, 1);
	assert_int_equal(plan_it(&r, NULL), HVTLFS_OK);
	assert_true(plan.control == 0x0000000100040014u);
	assert_true(page[3] == 3 && page[4] == 4 && page[5] == 2 && page[6] == 0x400000u);
	assert_int_equal(hvtlfs_flush_plan_nvps(&plan), 2);
	/* Below 64 the legacy call is used, unless the policy prefers Ex. */
	bm[1] = 0;
	assert_int_equal(plan_it(&r, NULL), HVTLFS_OK);
	assert_true(plan.control == 0x0000000100000003u);
	{
		struct hvtlfs_flush_policy pol = { 0, HVTLFS_POLICY_PREFER_EX };
		assert_int_equal(plan_it(&r, &pol), HVTLFS_OK);
		assert_true(plan.control == 0x0000000100020014u);
	}
	bm[63] = 1; /* VP 4032 */
	r = request(64, 0x2000, 0);
	assert_int_equal(plan_it(&r, NULL), HVTLFS_OK);
	assert_true(page[3] == (1u | HVTLFS_BIT64(63)));
}

/* KVM selftest: ALL_PROCESSORS, and all address spaces. */
static void test_all(void **state)
{
	struct hvtlfs_flush_request r;
	(void)state;
	base_features();
	r = request(0, 0x3000, 0);
	r.vps.all = 1;
	r.all_spaces = 1;
	assert_int_equal(plan_it(&r, NULL), HVTLFS_OK);
	assert_true(plan.control == 0x0002u);
	assert_true(page[0] == 0 && page[1] == 3 && page[2] == 0);
	/* All VPs: the trace gets CPUID 0x40000005 EAX, the hypervisor's maximum. */
	assert_int_equal(hvtlfs_flush_plan_nvps(&plan), 240);
}

static void test_thresholds(void **state)
{
	struct hvtlfs_flush_request r;
	struct hvtlfs_flush_policy pol = { 32, 0 };
	(void)state;
	reset(1);
	/* 64 scattered pages: 64 entries, a list; a threshold of 32 flushes the space. */
	scatter(64);
	r = request(1, 0x1000, 64);
	assert_int_equal(plan_it(&r, NULL), HVTLFS_OK);
	assert_int_equal(plan.entries, 64);
	assert_int_equal(plan_it(&r, &pol), HVTLFS_OK);
	assert_true(plan.control == 0x0002u);
	/* 509 entries fit the page; 510 flush the space. */
	scatter(510);
	r = request(1, 0x1000, 509);
	assert_int_equal(plan_it(&r, NULL), HVTLFS_OK);
	assert_int_equal(plan.entries, 509);
	assert_int_equal(plan.input_size, 4096);
	r = request(1, 0x1000, 510);
	assert_int_equal(plan_it(&r, NULL), HVTLFS_OK);
	assert_true(plan.control == 0x0002u);
	/* 33 contiguous pages: one simple entry. */
	rg[0].start = 0x200000;
	rg[0].length = 33 * 4096;
	r = request(1, 0x1000, 1);
	assert_int_equal(plan_it(&r, NULL), HVTLFS_OK);
	assert_true(plan.entries == 1 && page[3] == (0x200000u | 32u));
}

static void test_large_pages(void **state)
{
	struct hvtlfs_flush_request r;
	struct hvtlfs_flush_policy pol = { 0, HVTLFS_POLICY_NO_LARGE_PAGES };
	(void)state;
	reset(1);
	rg[0].start = 0x40000000u; /* 1 GiB, aligned */
	rg[0].length = 0x40000000u;
	r = request(1, 0x1000, 1);
	/* Without the feature: 1 GiB / 16 MiB = 64 simple entries. */
	assert_int_equal(plan_it(&r, NULL), HVTLFS_OK);
	assert_int_equal(plan.entries, 64);
	/*
	 * With it, but memory mapped by 4 KiB pages (the default, mapping_size 0): a
	 * large-page entry would let the hypervisor invalidate once per 2 MiB and keep
	 * 4 KiB translations, so the flush stays 64 simple entries, not one large one.
	 */
	feat.ext_gva_ranges = true;
	assert_int_equal(plan_it(&r, NULL), HVTLFS_OK);
	assert_int_equal(plan.entries, 64);
	assert_true(page[1] == 0); /* no USE_EXTENDED_RANGE_FORMAT */
	assert_true(page[3] == (0x40000000u | 0xFFFu));
	r.mapping_size = HVTLFS_MAPPING_4K;
	assert_int_equal(plan_it(&r, NULL), HVTLFS_OK);
	assert_int_equal(plan.entries, 64);
	assert_true(page[1] == 0);
	/* Mapped by 2 MiB pages: one large entry, bit 11 large, bit 12 clear (2 MiB),
	 * 511 additional pages. */
	r.mapping_size = HVTLFS_MAPPING_2M;
	assert_int_equal(plan_it(&r, NULL), HVTLFS_OK);
	assert_int_equal(plan.entries, 1);
	assert_true(page[1] == HVTLFS_FLUSH_USE_EXTENDED_RANGE_FORMAT);
	assert_int_equal(page[3], 0x40000000u | 0x800u | 511u);
	assert_int_equal(plan_it(&r, &pol), HVTLFS_OK);
	assert_int_equal(plan.entries, 64);
	/* Mapped by 1 GiB pages: the same single entry (ties go to the smaller page). */
	r.mapping_size = HVTLFS_MAPPING_1G;
	assert_int_equal(plan_it(&r, NULL), HVTLFS_OK);
	assert_int_equal(plan.entries, 1);
	assert_int_equal(page[3], 0x40000000u | 0x800u | 511u);
	/* 8 GiB: 2 x 2048 x 2 MiB for 2 MiB mappings, 1 x 8 x 1 GiB only for 1 GiB ones. */
	rg[0].length = 0x200000000ull;
	r.mapping_size = HVTLFS_MAPPING_2M;
	assert_int_equal(plan_it(&r, NULL), HVTLFS_OK);
	assert_int_equal(plan.entries, 2);
	assert_true(page[3] == (0x40000000u | 0x800u | 2047u));
	assert_true(page[4] == (0x140000000ull | 0x800u | 2047u));
	r.mapping_size = HVTLFS_MAPPING_1G;
	assert_int_equal(plan_it(&r, NULL), HVTLFS_OK);
	assert_int_equal(plan.entries, 1);
	assert_true(page[3] == (0x40000000u | 0x1800u | 7u));
	/* 8 GiB mapped by 4 KiB pages: 512 simple entries overflow the page: whole space. */
	r.mapping_size = 0;
	assert_int_equal(plan_it(&r, NULL), HVTLFS_OK);
	assert_true(plan.control == 0x0002u && page[1] == 0);
	rg[0].length = 0x40000000u;
	/* Too many entries even extended: a space call, without the extended-format flag. */
	{
		struct hvtlfs_flush_policy small = { 0, 0 };
		small.max_list_entries = 0;
		rg[0].length = 0x40000000u + 4096u * 3000u;
		r = request(1, 0x1000, 1);
		r.mapping_size = HVTLFS_MAPPING_2M;
		small.max_list_entries = 1;
		assert_int_equal(plan_it(&r, &small), HVTLFS_OK);
		assert_true(plan.control == 0x0002u && page[1] == 0);
		rg[0].length = 0x40000000u;
	}
	/* 33 pages: simple is not worse; no extended flag, whatever the mapping. */
	rg[0].start = 0x200000;
	rg[0].length = 33 * 4096;
	r.mapping_size = HVTLFS_MAPPING_1G;
	assert_int_equal(plan_it(&r, NULL), HVTLFS_OK);
	assert_true(plan.entries == 1 && page[1] == 0);
}

/* A mapping size no page has is its own error, whatever else the request says. */
static void test_mapping_size_errors(void **state)
{
	static const uint32_t bad[] = { 1u,	   4095u,	0x2000u,     0x100000u,
					0x3FFFFFu, 0x80000000u, 0xFFFFFFFFu, 0x40001000u };
	struct hvtlfs_flush_request r;
	size_t i;
	(void)state;
	reset(1);
	feat.ext_gva_ranges = true;
	rg[0].start = 0x40000000u;
	rg[0].length = 0x40000000u;
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		r = request(1, 0x1000, 1);
		r.mapping_size = bad[i];
		assert_int_equal(plan_it(&r, NULL), HVTLFS_ERR_MAPPING_SIZE);
		assert_int_equal(plan.form, HVTLFS_FORM_NONE);
		r.everything = 1;
		assert_int_equal(plan_it(&r, NULL), HVTLFS_ERR_MAPPING_SIZE);
	}
	assert_string_equal(hvtlfs_strerror(HVTLFS_ERR_MAPPING_SIZE), "HVTLFS_ERR_MAPPING_SIZE");
}

/* ---- Property: never flush less than was asked, never with pages too large. ---- */

/* A random range, often aligned to 2 MiB or 1 GiB so large pages could apply. */
static void random_range(struct hvtlfs_range *r)
{
	static const uint64_t align[] = { 4096u, 0x200000u, 0x40000000u };
	uint64_t a = align[testutil_next() % 3u];
	uint64_t start = 0x7f0000000000ull + (testutil_next() % 0x400000000ull);
	uint64_t len;

	switch (testutil_next() % 4u) {
	case 0:
		len = 1u + testutil_next() % 0x10000u; /* a few pages */
		break;
	case 1:
		len = 1u + testutil_next() % 0x1000000u; /* up to 16 MiB */
		break;
	case 2:
		len = 1u + testutil_next() % 0x100000000ull; /* up to 4 GiB */
		break;
	default:
		len = (1u + testutil_next() % 12u) * a; /* whole aligned units */
		break;
	}
	if (testutil_next() % 2u)
		start &= ~(a - 1u);
	if (testutil_next() % 2u)
		len = (len + a - 1u) & ~(a - 1u);
	r->start = start;
	r->length = len;
}

static void test_mapping_property(void **state)
{
	static const uint32_t sizes[] = { 0, HVTLFS_MAPPING_4K, HVTLFS_MAPPING_2M,
					  HVTLFS_MAPPING_1G };
	static struct ival want[8], got[600];
	struct hvtlfs_flush_request r;
	unsigned int i, lists = 0, large = 0;
	(void)state;
	testutil_seed(0x4D415050494E47ULL);
	memset(bm, 0, sizeof(bm));
	for (i = 0; i < 3000u; i++) {
		size_t n = 1u + testutil_next() % 8u, k, nw, ng, m;

		for (k = 0; k < n; k++) {
			random_range(&rg[k]);
			want[k].x = rg[k].start >> 12;
			want[k].y = ((rg[k].start + (rg[k].length - 1u)) >> 12) + 1u;
		}
		nw = ival_union(want, n);
		for (m = 0; m < sizeof(sizes) / sizeof(sizes[0]); m++) {
			uint32_t max_shift = sizes[m] == HVTLFS_MAPPING_1G   ? 30u
					     : sizes[m] == HVTLFS_MAPPING_2M ? 21u
									     : 12u;
			const uint8_t *in;
			uint64_t flags;
			size_t hdr, e;

			reset(0);
			feat.ext_gva_ranges = true;
			feat.ex_processor_masks_recommended = true;
			feat.xmm_input = (testutil_next() & 1u) != 0;
			bm[testutil_next() % 2u] = testutil_next() | 1u;
			r = request(2, 0x1000, n);
			r.mapping_size = sizes[m];
			assert_int_equal(plan_it(&r, NULL), HVTLFS_OK);
			if (plan.entries == 0)
				continue; /* a whole-space flush covers everything */
			lists++;
			in = plan.form == HVTLFS_FORM_XMM ? (const uint8_t *)plan.regs
							  : (const uint8_t *)page;
			hdr = plan.input_size - 8u * plan.entries;
			memcpy(&flags, in + 8, 8);
			/* Decode what was planned, independently of the encoder. */
			for (e = 0, ng = 0; e < plan.entries; e++) {
				struct hvtlfs_range_entry d;
				uint64_t v;

				memcpy(&v, in + hdr + 8u * e, 8);
				assert_int_equal(
					hvtlfs_range_decode(hvtlfs_gva_range_format(flags), v, &d),
					HVTLFS_OK);
				/* Never a page larger than the mappings. */
				assert_true(d.page_shift <= max_shift);
				if (d.page_shift > 12u)
					large++;
				got[ng].x = d.base >> 12;
				got[ng].y = got[ng].x + (d.pages << (d.page_shift - 12u));
				ng++;
			}
			/* Every 4 KiB page asked for is covered (and, the encoders being exact,
			 * nothing else is). */
			ng = ival_union(got, ng);
			assert_int_equal(ng, nw);
			for (k = 0; k < nw; k++)
				assert_true(got[k].x == want[k].x && got[k].y == want[k].y);
			/* A 4 KiB flush never uses the extended format. */
			if (max_shift == 12u)
				assert_true((flags & HVTLFS_FLUSH_USE_EXTENDED_RANGE_FORMAT) == 0);
		}
	}
	/* The property saw lists, and large pages where they were allowed. */
	assert_true(lists > 3000u);
	assert_true(large > 100u);
}

static void test_xmm(void **state)
{
	struct hvtlfs_flush_request r;
	struct hvtlfs_flush_policy pol = { 0, HVTLFS_POLICY_NO_XMM };
	(void)state;
	reset(4);
	feat.xmm_input = true;
	scatter(12);
	r = request(1, 0x1000, 11);
	assert_int_equal(plan_it(&r, NULL), HVTLFS_OK);
#if HVTLFS_ARCH_HAS_XMM_HYPERCALL
	assert_int_equal(plan.form, HVTLFS_FORM_XMM);
	assert_true(plan.control == 0x0000000B00010003u);
	assert_true(plan.regs[0] == 0x1000 && plan.regs[2] == 4 && plan.regs[3] == 0x10000000u);
	assert_true(page[0] == 0xA5A5A5A5A5A5A5A5u); /* the page is not used */
#else
	assert_int_equal(plan.form, HVTLFS_FORM_SLOW);
	assert_true(plan.control == 0x0000000B00000003u);
#endif
	/* 12 entries: 120 bytes, slow. */
	r = request(1, 0x1000, 12);
	assert_int_equal(plan_it(&r, NULL), HVTLFS_OK);
	assert_int_equal(plan.form, HVTLFS_FORM_SLOW);
	r = request(1, 0x1000, 0);
	assert_int_equal(plan_it(&r, &pol), HVTLFS_OK);
	assert_int_equal(plan.form, HVTLFS_FORM_SLOW);
}

static void test_errors(void **state)
{
	struct hvtlfs_flush_request r;
	(void)state;
	reset(1);
	feat.ex_processor_masks_recommended = true;
	r = request(1, 0x1000, 0);
	r.everything = 0;
	assert_int_equal(plan_it(&r, NULL), HVTLFS_ERR_EMPTY_RANGE);
	rg[0].start = 0xFFFFFFFFFFFFF000u;
	rg[0].length = 0x2000;
	r = request(1, 0x1000, 1);
	assert_int_equal(plan_it(&r, NULL), HVTLFS_ERR_RANGE_WRAP);
	rg[0].length = 0;
	assert_int_equal(plan_it(&r, NULL), HVTLFS_ERR_EMPTY_RANGE);
	{
		static uint64_t big[65];
		struct hvtlfs_flush_request rb = request(65, 0, 0);
		big[64] = 1;
		rb.vps.bitmap = big;
		assert_int_equal(plan_it(&rb, NULL), HVTLFS_ERR_VP_RANGE);
	}
	r = request(1, 0x1000, 0);
	assert_int_equal(hvtlfs_flush_plan_build(NULL, &feat, NULL, &pg, &plan), HVTLFS_ERR_NULL);
	assert_int_equal(hvtlfs_flush_plan_build(&r, NULL, NULL, &pg, &plan), HVTLFS_ERR_NULL);
	assert_int_equal(hvtlfs_flush_plan_build(&r, &feat, NULL, NULL, &plan), HVTLFS_ERR_NULL);
	assert_int_equal(hvtlfs_flush_plan_build(&r, &feat, NULL, &pg, NULL), HVTLFS_ERR_NULL);
	{
		/* A page description filled by hand, bypassing hvtlfs_input_page_init(), is
		 * judged alike: misaligned, or too small for even a whole-space input. */
		struct hvtlfs_input_page bad = { (uint8_t *)page + 4, (uintptr_t)page + 4, 4000,
						 0 };

		assert_int_equal(hvtlfs_flush_plan_build(&r, &feat, NULL, &bad, &plan),
				 HVTLFS_ERR_ALIGNMENT);
		bad.va = page;
		bad.gpa = (uintptr_t)page;
		bad.size = 16;
		assert_int_equal(hvtlfs_flush_plan_build(&r, &feat, NULL, &bad, &plan),
				 HVTLFS_ERR_NO_SPACE);
	}
	r.vps.bitmap = NULL;
	assert_int_equal(plan_it(&r, NULL), HVTLFS_ERR_NULL);
	assert_int_equal(hvtlfs_flush_issue(NULL, NULL), HVTLFS_ERR_NULL);
}

/*
 * The planner never issues a legacy flush whose ProcessorMask names nobody without
 * ALL_PROCESSORS, which the TLFS refuses (Return Values of HvFlushVirtualAddressSpace
 * and HvFlushVirtualAddressList): seeded random requests, empty bitmaps among them.
 * An empty target set plans nothing and issues nothing; every plan is accepted by the
 * decoder that follows the TLFS.
 */

static void test_never_empty_mask(void **state)
{
	static struct hvtlfs_range_entry decoded[512];
	unsigned iter, legacy = 0, nothing = 0;
	(void)state;
	testutil_seed(0x9E3779B97F4A7C15u);
	for (iter = 0; iter < 4000; iter++) {
		struct hvtlfs_flush_request r;
		struct hvtlfs_hvcall_input in;
		struct hvtlfs_hvcall_request q;
		uint32_t words = (uint32_t)(testutil_next() % 4u), i;
		const uint64_t *input;
		bool empty = true;
		uint16_t code;
		int rc;

		reset(0);
		feat.ex_processor_masks_recommended = testutil_next() & 1;
		feat.xmm_input = testutil_next() & 1;
		feat.ext_gva_ranges = testutil_next() & 1;
		for (i = 0; i < words; i++) {
			/* Mostly empty words, so that empty sets are common. */
			if (testutil_next() % 3 == 0)
				bm[i] = testutil_next() >> (testutil_next() % 64u);
			empty = empty && bm[i] == 0;
		}
		for (i = 0; i < 4; i++) {
			rg[i].start = (testutil_next() & 0x00007FFFFFFFF000ull);
			rg[i].length = (testutil_next() % 32u + 1u) * 4096u;
		}
		r = request(words, 0x1000u * (testutil_next() % 16u),
			    (size_t)(testutil_next() % 5u));
		if (words == 0 && (testutil_next() & 1))
			r.vps.bitmap = NULL;
		r.vps.all = testutil_next() % 8u == 0;
		r.all_spaces = testutil_next() % 4u == 0;
		r.non_global_only = testutil_next() & 1;
		rc = plan_it(&r, NULL);
		if (rc == HVTLFS_ERR_FALLBACK)
			continue; /* a VP at 64 or above without the Ex hint */
		assert_int_equal(rc, HVTLFS_OK);
		if (empty && !r.vps.all) {
			assert_int_equal(plan.form, HVTLFS_FORM_NONE);
			assert_true(plan.control == 0);
			/* Issuing it makes no call (this binary has no hypercall page: a call
			 * would answer HVTLFS_ERR_NO_HYPERCALL_PAGE). */
			assert_int_equal(hvtlfs_flush_issue(&plan, NULL), HVTLFS_OK);
			nothing++;
			continue;
		}
		assert_int_not_equal(plan.form, HVTLFS_FORM_NONE);
		input = plan.form == HVTLFS_FORM_XMM ? plan.regs : page;
		code = hvtlfs_control_code(plan.control);
		if (code == HVTLFS_CALL_FLUSH_VIRTUAL_ADDRESS_SPACE ||
		    code == HVTLFS_CALL_FLUSH_VIRTUAL_ADDRESS_LIST) {
			assert_false(hvtlfs_flush_mask_empty(input[1], input[2]));
			legacy++;
		}
		memset(&in, 0, sizeof(in));
		in.control = plan.control;
		in.input_gpa = 0x10000;
		in.bytes = input;
		in.len = plan.form == HVTLFS_FORM_XMM ? sizeof(plan.regs) : sizeof(page);
		in.features = HVTLFS_HVCALL_FEAT_XMM_INPUT | HVTLFS_HVCALL_FEAT_EXT_GVA_RANGES;
		assert_int_equal(hvtlfs_hvcall_decode(&in, &q, decoded, 512), HVTLFS_OK);
		assert_int_equal(q.status, HVTLFS_STATUS_SUCCESS);
	}
	/* The run reached both cases often. */
	assert_true(legacy > 500 && nothing > 500);
}

/* ---- Property: the planner makes the plan the straightforward algorithm makes. ---- */

/*
 * The reference: the planner as it was first written, kept here verbatim in its logic
 * and built on the public encoders and builders alone. It counts the simple entries,
 * counts the extended ones, encodes the winner, and lets the builders lay out the
 * header and the VP set; the planner must reach the same decisions and write the same
 * bytes in one encoding pass.
 */
struct ref_plan {
	uint64_t control;
	uint32_t form, input_size, entries, nvps;
	uint64_t address_space, start, last;
	uint64_t regs[HVTLFS_FAST_XMM_BYTES / 8u];
};

static int ref_large_flags(uint32_t mapping_size)
{
	switch (mapping_size) {
	case 0:
	case HVTLFS_MAPPING_4K:
		return 0;
	case HVTLFS_MAPPING_2M:
		return (int)(HVTLFS_RANGE_FORMAT_GVA_EXTENDED | HVTLFS_RANGE_ENCODE_LARGE_PAGES |
			     HVTLFS_RANGE_ENCODE_NO_1G);
	case HVTLFS_MAPPING_1G:
		return (int)(HVTLFS_RANGE_FORMAT_GVA_EXTENDED | HVTLFS_RANGE_ENCODE_LARGE_PAGES);
	default:
		return -1;
	}
}

static int ref_plan_build(const struct hvtlfs_flush_request *req, const struct hvtlfs_features *f,
			  const struct hvtlfs_flush_policy *policy, void *pagebuf, size_t page_size,
			  struct ref_plan *plan)
{
	uint64_t flags = 0, mask = 0, hdr, *dst;
	size_t need = 0, top, cap, i;
	unsigned int pflags = policy ? policy->flags : 0u, fmt = HVTLFS_RANGE_FORMAT_GVA_SIMPLE;
	bool ex = false, list = false, xmm;
	int banks = 0, rc, large;
	unsigned int opts;
	struct hvtlfs_prepared p;

	memset(plan, 0, sizeof(*plan));
	large = ref_large_flags(req->mapping_size);
	if (large < 0)
		return HVTLFS_ERR_MAPPING_SIZE;
	if (!f->remote_tlb_flush_recommended)
		return HVTLFS_ERR_FALLBACK;
	if (req->vps.all) {
		flags |= HVTLFS_FLUSH_ALL_PROCESSORS;
		plan->nvps = f->max_vps;
	} else {
		if (req->vps.words && !req->vps.bitmap)
			return HVTLFS_ERR_NULL;
		if (!hvtlfs_vp_bitmap_highest(req->vps.bitmap, req->vps.words, &top))
			return HVTLFS_OK;
		if (top >= HVTLFS_VPSET_MAX_VPS)
			return HVTLFS_ERR_VP_RANGE;
		if (top >= 64u && !f->ex_processor_masks_recommended)
			return HVTLFS_ERR_FALLBACK;
		ex = top >= 64u ||
		     ((pflags & HVTLFS_POLICY_PREFER_EX) && f->ex_processor_masks_recommended);
		if (ex) {
			banks = hvtlfs_vp_targets_banks(&req->vps);
			if (banks < 0)
				return banks;
		} else {
			mask = req->vps.bitmap[0];
		}
		plan->nvps = (uint32_t)hvtlfs_vp_bitmap_count(req->vps.bitmap, req->vps.words);
	}
	if (req->all_spaces)
		flags |= HVTLFS_FLUSH_ALL_VIRTUAL_ADDRESS_SPACES;
	else
		plan->address_space = req->address_space;
	hdr = ex ? 32u + 8u * (uint64_t)banks : 24u;
	xmm = HVTLFS_XMM_ENABLED_ && f->xmm_input && !(pflags & HVTLFS_POLICY_NO_XMM);
	if (!req->everything) {
		size_t need_x;
		uint64_t limit, lo = ~(uint64_t)0, hi = 0;

		if (!req->nranges)
			return HVTLFS_ERR_EMPTY_RANGE;
		rc = hvtlfs_ranges_encode(NULL, 0, req->ranges, req->nranges,
					  HVTLFS_RANGE_FORMAT_GVA_SIMPLE, &need);
		if (rc < 0)
			return rc;
		if (large && f->ext_gva_ranges && !(pflags & HVTLFS_POLICY_NO_LARGE_PAGES)) {
			rc = hvtlfs_ranges_encode(NULL, 0, req->ranges, req->nranges,
						  (unsigned int)large, &need_x);
			if (rc < 0)
				return rc;
			if (need_x < need) {
				need = need_x;
				fmt = (unsigned int)large;
			}
		}
		limit = page_size >= hdr ? (page_size - hdr) / 8u : 0u;
		if (xmm && hdr + 8u * (uint64_t)need <= HVTLFS_FAST_XMM_BYTES)
			limit = need;
		if (policy && policy->max_list_entries && policy->max_list_entries < limit)
			limit = policy->max_list_entries;
		list = need <= limit && need <= HVTLFS_CONTROL_REP_MAX;
		for (i = 0; i < req->nranges; i++) {
			uint64_t e = req->ranges[i].start + (req->ranges[i].length - 1u);

			lo = req->ranges[i].start < lo ? req->ranges[i].start : lo;
			hi = e > hi ? e : hi;
		}
		plan->start = lo;
		plan->last = hi;
	}
	if (!list) {
		plan->start = 0;
		plan->last = HVTLFS_PLAN_LAST_ALL;
		if (req->non_global_only)
			flags |= HVTLFS_FLUSH_NON_GLOBAL_MAPPINGS_ONLY;
		need = 0;
	}
	if (list && (fmt & HVTLFS_RANGE_FORMAT_GVA_EXTENDED))
		flags |= HVTLFS_FLUSH_USE_EXTENDED_RANGE_FORMAT;
	if (xmm && hdr + 8u * (uint64_t)need <= HVTLFS_FAST_XMM_BYTES) {
		dst = plan->regs;
		cap = HVTLFS_FAST_XMM_BYTES;
		opts = HVTLFS_CTL_FAST;
		plan->form = HVTLFS_FORM_XMM;
	} else {
		if (hdr > page_size)
			return HVTLFS_ERR_NO_SPACE;
		dst = (uint64_t *)pagebuf;
		cap = page_size;
		opts = 0;
		plan->form = HVTLFS_FORM_SLOW;
	}
	if (list) {
		uint64_t *entries = dst + hdr / 8u;

		rc = hvtlfs_ranges_encode(entries, need, req->ranges, req->nranges, fmt, NULL);
		if (rc < 0 || (size_t)rc != need) {
			plan->form = HVTLFS_FORM_NONE;
			return rc < 0 ? rc : HVTLFS_ERR_INVALID_ARG;
		}
		rc = ex ? hvtlfs_flush_build_list_ex(dst, cap, plan->address_space, flags,
						     &req->vps, entries, (uint32_t)need, opts, &p)
			: hvtlfs_flush_build_list(dst, cap, plan->address_space, flags, mask,
						  entries, (uint32_t)need, opts, &p);
	} else {
		rc = ex ? hvtlfs_flush_build_space_ex(dst, cap, plan->address_space, flags,
						      &req->vps, opts, &p)
			: hvtlfs_flush_build_space(dst, cap, plan->address_space, flags, mask, opts,
						   &p);
	}
	if (rc) {
		plan->form = HVTLFS_FORM_NONE;
		return rc;
	}
	plan->control = p.control;
	plan->input_size = p.input_size;
	plan->entries = p.rep_count;
	return HVTLFS_OK;
}

/* A random range: mostly small, some huge, aligned or not, sometimes bad. */
static void any_range(struct hvtlfs_range *r)
{
	static const uint64_t align[] = { 1u, 4096u, 0x200000u, 0x40000000u };
	uint64_t a = align[testutil_below(4)];

	r->start = (0x7f0000000000ull + testutil_below(0x100000000ull)) & ~(a - 1u);
	switch (testutil_below(8)) {
	case 0:
		r->length = 1u + testutil_below(4096u);
		break;
	case 1:
	case 2:
		r->length = (1u + testutil_below(40)) * 4096u - testutil_below(2);
		break;
	case 3:
		r->length = 1u + testutil_below(0x2000000u);
		break;
	case 4:
		r->length = (1u + testutil_below(16)) * a;
		break;
	case 5:
		r->length = 1u + testutil_below(0x400000000ull);
		break;
	case 6:
		/* near the top: wraps half the time */
		r->start = 0xFFFFFFFFFFFFF000ull - 4096u * testutil_below(4);
		r->length = 1u + testutil_below(0x8000u);
		break;
	default:
		r->length = testutil_below(50) == 0 ? 0 : 1u + testutil_below(64u * 4096u);
		break;
	}
}

static void test_same_as_reference(void **state)
{
	static uint64_t refpage[512] __attribute__((aligned(4096)));
	static uint64_t bits[70];
	static const uint32_t sizes[] = { 0, HVTLFS_MAPPING_4K, HVTLFS_MAPPING_2M,
					  HVTLFS_MAPPING_1G, 0x3000u };
	unsigned int iter, ok = 0, lists = 0, xmms = 0, exs = 0, spaces = 0;
	(void)state;
	testutil_seed(0x5EFE4E4CE5u);
	for (iter = 0; iter < 20000u; iter++) {
		struct hvtlfs_flush_request r;
		struct hvtlfs_flush_policy pol, *polp = NULL;
		struct ref_plan want;
		struct hvtlfs_input_page small;
		size_t words = (size_t)testutil_below(70), i, nr = 1u + testutil_below(12);
		size_t psize = testutil_below(4) == 0 ? 16u + 8u * testutil_below(40) : 4096u;
		int rc_want, rc_got;
		uint64_t density = testutil_below(4);

		memset(&feat, 0, sizeof(feat));
		feat.remote_tlb_flush_recommended = testutil_below(30) != 0;
		feat.ex_processor_masks_recommended = testutil_below(4) != 0;
		feat.xmm_input = testutil_below(2) != 0;
		feat.ext_gva_ranges = testutil_below(2) != 0;
		feat.max_vps = (uint32_t)testutil_below(4097);
		memset(bits, 0, sizeof(bits));
		for (i = 0; i < words; i++) {
			/* Mostly VPs below 64, sometimes a few banks, rarely past 4095. */
			if (i == 0 ? testutil_below(8) != 0
				   : testutil_below(i < 64 ? 6u - density : 400u) == 0)
				bits[i] = testutil_next() >> testutil_below(64);
		}
		for (i = 0; i < nr; i++)
			any_range(&rg[i]);
		if (testutil_below(3) == 0) /* sorted input, the kernel's usual */
			for (i = 1; i < nr; i++)
				rg[i].start = rg[i - 1].start + testutil_below(0x100000u);
		memset(&r, 0, sizeof(r));
		r.vps.bitmap = testutil_below(40) == 0 ? NULL : bits;
		r.vps.words = words;
		r.vps.all = testutil_below(10) == 0;
		r.address_space = testutil_next() & 0x000FFFFFFFFFF000ull;
		r.all_spaces = testutil_below(6) == 0;
		r.non_global_only = testutil_below(2) != 0;
		r.everything = testutil_below(7) == 0;
		r.mapping_size = sizes[testutil_below(testutil_below(20) == 0 ? 5 : 4)];
		r.ranges = rg;
		r.nranges = testutil_below(40) == 0 ? 0 : nr;
		if (testutil_below(2)) {
			pol.flags = (unsigned int)testutil_below(8);
			pol.max_list_entries =
				testutil_below(3) == 0 ? (uint32_t)testutil_below(80) : 0u;
			polp = &pol;
		}
		memset(refpage, 0xA5, sizeof(refpage));
		memset(page, 0xA5, sizeof(page));
		rc_want = ref_plan_build(&r, &feat, polp, refpage, psize, &want);
		assert_int_equal(hvtlfs_input_page_init(&small, page, (uintptr_t)page, psize),
				 HVTLFS_OK);
		rc_got = hvtlfs_flush_plan_build(&r, &feat, polp, &small, &plan);
		assert_int_equal(rc_got, rc_want);
		if (rc_got != HVTLFS_OK) {
			assert_int_equal(plan.form, HVTLFS_FORM_NONE);
			continue;
		}
		ok++;
		assert_int_equal(plan.form, want.form);
		assert_true(plan.control == want.control);
		assert_int_equal(plan.input_size, want.input_size);
		assert_int_equal(plan.entries, want.entries);
		assert_true(plan.address_space == want.address_space);
		assert_true(plan.start == want.start && plan.last == want.last);
		assert_int_equal(hvtlfs_flush_plan_nvps(&plan), want.nvps);
		if (plan.form == HVTLFS_FORM_XMM) {
			assert_memory_equal(plan.regs, want.regs, plan.input_size);
			/* the page untouched, as the reference leaves it */
			assert_memory_equal(page, refpage, psize);
			xmms++;
		} else if (plan.form == HVTLFS_FORM_SLOW) {
			assert_memory_equal(page, refpage, plan.input_size);
		}
		/* Nothing written past the page the description gives. */
		for (i = psize; i < sizeof(page); i++)
			assert_int_equal(((const uint8_t *)page)[i], 0xA5);
		if (plan.form != HVTLFS_FORM_NONE) {
			uint16_t code = hvtlfs_control_code(plan.control);

			lists += plan.entries != 0;
			spaces += plan.entries == 0;
			exs += code == HVTLFS_CALL_FLUSH_VIRTUAL_ADDRESS_SPACE_EX ||
			       code == HVTLFS_CALL_FLUSH_VIRTUAL_ADDRESS_LIST_EX;
		}
	}
	/* The run reached every kind of plan often. */
	assert_true(ok > 8000u && lists > 3000u && spaces > 1500u && exs > 1000u);
	assert_true(!HVTLFS_XMM_ENABLED_ || xmms > 1000u);
}

/* ---- The IPI planner. ---- */

static struct hvtlfs_ipi_plan ipl;

static struct hvtlfs_ipi_request ipi_req(uint32_t words, uint32_t vector)
{
	struct hvtlfs_ipi_request r;

	memset(&r, 0, sizeof(r));
	r.vps.bitmap = bm;
	r.vps.words = words;
	r.vector = vector;
	return r;
}

static void ipi_features(void)
{
	base_features();
	feat.cluster_ipi_recommended = true;
	feat.ex_processor_masks_recommended = true;
}

static void test_ipi_plan(void **state)
{
	struct hvtlfs_ipi_request r;
	struct hvtlfs_vp_source src;
	static const unsigned long cpus[1] = { 0x7 };
	static const uint32_t vp_of[3] = { 0, 64, 130 };
	(void)state;
	ipi_features();
	memset(bm, 0, sizeof(bm));
	/* Every VP below 64: HvCallSendSyntheticClusterIpi (0x000B), fast, RDX the vector,
	 * R8 the mask. */
	bm[0] = 0x8001;
	r = ipi_req(4, 0x2F);
	assert_int_equal(hvtlfs_ipi_plan_build(&r, &feat, NULL, &ipl), HVTLFS_OK);
	assert_int_equal(ipl.form, HVTLFS_FORM_FAST);
	assert_true(ipl.control == (0x000Bu | HVTLFS_CONTROL_FAST));
	assert_true(ipl.regs[0] == 0x2F && ipl.regs[1] == 0x8001);
	/* The out-of-line half makes the same plan. */
	{
		struct hvtlfs_ipi_plan o;

		assert_int_equal(hvtlfs_ipi_plan_build_(&r, &feat, NULL, &o, 0), HVTLFS_OK);
		assert_true(o.form == ipl.form && o.control == ipl.control &&
			    o.regs[0] == ipl.regs[0] && o.regs[1] == ipl.regs[1]);
	}
	/* VP 130 too: HvCallSendSyntheticClusterIpiEx (0x0015) with 2 bank words, slow. */
	bm[2] = 0x4;
	assert_int_equal(hvtlfs_ipi_plan_build(&r, &feat, &pg, &ipl), HVTLFS_OK);
	assert_int_equal(ipl.form, HVTLFS_FORM_SLOW);
	assert_true(ipl.control == (0x0015u | ((uint64_t)2 << HVTLFS_CONTROL_VARHDR_SHIFT)));
	assert_true(page[0] == 0x2F && page[1] == HVTLFS_GENERIC_SET_SPARSE_4K && page[2] == 0x5 &&
		    page[3] == 0x8001 && page[4] == 0x4);
	assert_int_equal(ipl.input_size, 40);
	/* ... with XMM input: the same bytes in the registers (when the build has them). */
	feat.xmm_input = true;
	assert_int_equal(hvtlfs_ipi_plan_build_(&r, &feat, &pg, &ipl, 0), HVTLFS_OK);
	assert_int_equal(ipl.form, HVTLFS_FORM_XMM);
	assert_true(ipl.regs[0] == 0x2F && ipl.regs[2] == 0x5 && ipl.regs[4] == 0x4);
	assert_int_equal(hvtlfs_ipi_plan_build_(&r, &feat, &pg, &ipl, HVTLFS_PLAN_NO_XMM_),
			 HVTLFS_OK);
	assert_int_equal(ipl.form, HVTLFS_FORM_SLOW);
	feat.xmm_input = false;
	/* Without the Ex hint a VP at 64 or above means the APIC. */
	feat.ex_processor_masks_recommended = false;
	assert_int_equal(hvtlfs_ipi_plan_build(&r, &feat, &pg, &ipl), HVTLFS_ERR_FALLBACK);
	assert_int_equal(ipl.form, HVTLFS_FORM_NONE);
	feat.ex_processor_masks_recommended = true;
	/* Without the cluster IPI hint (CPUID 0x40000004 EAX bit 10): the APIC. */
	feat.cluster_ipi_recommended = false;
	bm[2] = 0;
	assert_int_equal(hvtlfs_ipi_plan_build(&r, &feat, &pg, &ipl), HVTLFS_ERR_FALLBACK);
	feat.cluster_ipi_recommended = true;
	/* The sender alone: nothing to send. */
	bm[0] = 0x8;
	r.exclude_self = true;
	r.self_vp = 3;
	assert_int_equal(hvtlfs_ipi_plan_build(&r, &feat, &pg, &ipl), HVTLFS_OK);
	assert_int_equal(ipl.form, HVTLFS_FORM_NONE);
	/* An empty set: nothing. */
	r.exclude_self = false;
	bm[0] = 0;
	assert_int_equal(hvtlfs_ipi_plan_build(&r, &feat, &pg, &ipl), HVTLFS_OK);
	assert_int_equal(ipl.form, HVTLFS_FORM_NONE);
	assert_int_equal(hvtlfs_ipi_issue(&ipl, NULL), HVTLFS_OK);
	/* An empty CPU source with no bitmap and no table (both may be NULL with no CPUs):
	 * nothing, and no arithmetic on the NULL bitmap (the sanitizer presets see it). */
	{
		struct hvtlfs_vp_source none = { NULL, 0, NULL };

		r = ipi_req(0, 0x2F);
		r.vps.bitmap = NULL;
		r.vps.source = &none;
		assert_int_equal(hvtlfs_ipi_plan_build(&r, &feat, &pg, &ipl), HVTLFS_OK);
		assert_int_equal(ipl.form, HVTLFS_FORM_NONE);
		assert_int_equal(hvtlfs_ipi_plan_build_(&r, &feat, &pg, &ipl, 0), HVTLFS_OK);
		assert_int_equal(ipl.form, HVTLFS_FORM_NONE);
	}
	/* "All": the ALL format of the Ex call. */
	memset(&r, 0, sizeof(r));
	r.vps.all = true;
	r.vector = 0xF0;
	assert_int_equal(hvtlfs_ipi_plan_build(&r, &feat, &pg, &ipl), HVTLFS_OK);
	assert_true(ipl.control == 0x0015u && page[1] == HVTLFS_GENERIC_SET_ALL && page[2] == 0);
	/* "All but self" is never the ALL format: every VP of the count but the sender. */
	r.exclude_self = true;
	r.self_vp = 5;
	assert_int_equal(hvtlfs_ipi_plan_build(&r, &feat, &pg, &ipl), HVTLFS_ERR_NO_VP_COUNT);
	r.vp_count = 40;
	assert_int_equal(hvtlfs_ipi_plan_build(&r, &feat, &pg, &ipl), HVTLFS_OK);
	assert_int_equal(ipl.form, HVTLFS_FORM_FAST);
	assert_true(ipl.regs[1] == (HVTLFS_MASK64(40) & ~(uint64_t)0x20));
	r.vp_count = 130;
	assert_int_equal(hvtlfs_ipi_plan_build(&r, &feat, &pg, &ipl), HVTLFS_OK);
	assert_true(page[1] == HVTLFS_GENERIC_SET_SPARSE_4K && page[2] == 0x7 &&
		    page[3] == ~(uint64_t)0x20 && page[4] == ~(uint64_t)0 && page[5] == 0x3);
	/* The sender alone in the last bank: that bank is left out, not sent empty. */
	r.vp_count = 129;
	r.self_vp = 128;
	assert_int_equal(hvtlfs_ipi_plan_build(&r, &feat, &pg, &ipl), HVTLFS_OK);
	assert_true(ipl.control == (0x0015u | ((uint64_t)2 << HVTLFS_CONTROL_VARHDR_SHIFT)));
	assert_true(page[2] == 0x3 && page[3] == ~(uint64_t)0 && page[4] == ~(uint64_t)0);
	r.vp_count = 65;
	r.self_vp = 64;
	assert_int_equal(hvtlfs_ipi_plan_build(&r, &feat, &pg, &ipl), HVTLFS_OK);
	assert_true(ipl.form == HVTLFS_FORM_FAST && ipl.regs[1] == ~(uint64_t)0);
	r.vp_count = 4097;
	assert_int_equal(hvtlfs_ipi_plan_build(&r, &feat, &pg, &ipl), HVTLFS_ERR_VP_RANGE);
	/* A CPU source: CPUs 0-2 are VPs 0, 64 and 130; the sender (VP 64) left out. */
	src.cpus = cpus;
	src.ncpus = 3;
	src.vp_of_cpu = vp_of;
	memset(&r, 0, sizeof(r));
	r.vps.source = &src;
	r.vector = 0x40;
	r.exclude_self = true;
	r.self_vp = 64;
	assert_int_equal(hvtlfs_ipi_plan_build(&r, &feat, &pg, &ipl), HVTLFS_OK);
	assert_int_equal(ipl.form, HVTLFS_FORM_SLOW);
	assert_true(ipl.control == (0x0015u | ((uint64_t)3 << HVTLFS_CONTROL_VARHDR_SHIFT)));
	assert_true(page[2] == 0x7 && page[3] == 0x1 && page[4] == 0 && page[5] == 0x4);
}

/* A CPU source with no input page and no XMM form: what needs no page is planned as
 * from a bitmap (nothing for an empty set or the sender alone; the fast call for VPs
 * below 64, also when PREFER_EX cannot be had without the Ex hint); what needs the Ex
 * call has nowhere to go (HVTLFS_ERR_NO_SPACE), or without the Ex hint is the APIC's
 * (HVTLFS_ERR_FALLBACK). Inline and library alike. */
static void test_ipi_source_no_page(void **state)
{
	static const unsigned long one[1] = { 0x1 }, none[2] = { 0, 0 }, two[1] = { 0x6 },
				   far[1] = { 0x3 };
	static const uint32_t vp3[1] = { 3 }, vps[3] = { 0, 1, 2 }, vp70[2] = { 5, 70 },
			      vp1280[2] = { 5, 1280 };
	struct hvtlfs_vp_source src;
	struct hvtlfs_ipi_request r;
	unsigned int lib;

	(void)state;
	for (lib = 0; lib < 2; lib++) {
#define IPI_NO_PAGE_(rc_)                                                                          \
	assert_int_equal(lib ? hvtlfs_ipi_plan_build_(&r, &feat, NULL, &ipl, 0)                    \
			     : hvtlfs_ipi_plan_build(&r, &feat, NULL, &ipl),                       \
			 (rc_))
		ipi_features();
		feat.xmm_input = false;
		memset(&r, 0, sizeof(r));
		r.vps.source = &src;
		r.vector = 0x30;
		/* The sender (VP 3) alone. */
		src.cpus = one;
		src.ncpus = 1;
		src.vp_of_cpu = vp3;
		r.exclude_self = true;
		r.self_vp = 3;
		IPI_NO_PAGE_(HVTLFS_OK);
		assert_int_equal(ipl.form, HVTLFS_FORM_NONE);
		/* No CPU set of 64 (two words of an i386 bitmap). */
		r.exclude_self = false;
		src.cpus = none;
		src.ncpus = 64;
		src.vp_of_cpu = vps;
		IPI_NO_PAGE_(HVTLFS_OK);
		assert_int_equal(ipl.form, HVTLFS_FORM_NONE);
		/* VPs 1 and 2 with PREFER_EX but no Ex hint: the fast call, mask 0x6. */
		src.cpus = two;
		src.ncpus = 3;
		r.flags = HVTLFS_POLICY_PREFER_EX;
		feat.ex_processor_masks_recommended = false;
		IPI_NO_PAGE_(HVTLFS_OK);
		assert_int_equal(ipl.form, HVTLFS_FORM_FAST);
		assert_true(ipl.control == (0x000Bu | HVTLFS_CONTROL_FAST));
		assert_true(ipl.regs[0] == 0x30 && ipl.regs[1] == 0x6);
		/* With the Ex hint, PREFER_EX wants the Ex call: no room for it. */
		feat.ex_processor_masks_recommended = true;
		IPI_NO_PAGE_(HVTLFS_ERR_NO_SPACE);
		assert_int_equal(ipl.form, HVTLFS_FORM_NONE);
		/* VP 70: the Ex call, no room; without the Ex hint, the APIC. */
		r.flags = 0;
		src.cpus = far;
		src.ncpus = 2;
		src.vp_of_cpu = vp70;
		IPI_NO_PAGE_(HVTLFS_ERR_NO_SPACE);
		feat.ex_processor_masks_recommended = false;
		IPI_NO_PAGE_(HVTLFS_ERR_FALLBACK);
		assert_int_equal(ipl.form, HVTLFS_FORM_NONE);
		/* VP 1280 (bank 20): 21 bank words, past the 11 the XMM registers hold
		 * after the 24-byte header (TLFS "XMM Fast Hypercalls": 112 bytes), and no
		 * page. Without the Ex hint the APIC, whatever the room; with it, no room. */
		feat.xmm_input = true;
		src.vp_of_cpu = vp1280;
		IPI_NO_PAGE_(HVTLFS_ERR_FALLBACK);
		assert_int_equal(ipl.form, HVTLFS_FORM_NONE);
		feat.ex_processor_masks_recommended = true;
		IPI_NO_PAGE_(HVTLFS_ERR_NO_SPACE);
		assert_int_equal(ipl.form, HVTLFS_FORM_NONE);
#undef IPI_NO_PAGE_
	}
}

/* An input page of 24 bytes holds the Ex call's header (vector and VTL, format, bank
 * mask) but no bank word: a set in bank 0 is still the fast call (16 bytes in RDX and
 * R8, no page), an empty one still nothing; a set that needs the Ex call has no room
 * (the APIC without the Ex hint). Inline and library alike. */
static void test_ipi_source_small_page(void **state)
{
	static const unsigned long two[1] = { 0x6 }, far[1] = { 0x3 }, self[1] = { 0x1 };
	static const uint32_t vps[3] = { 0, 1, 2 }, vp70[2] = { 5, 70 };
	struct hvtlfs_input_page small;
	struct hvtlfs_vp_source src;
	struct hvtlfs_ipi_request r;
	unsigned int lib;

	(void)state;
	assert_int_equal(hvtlfs_input_page_init(&small, page, 0x5000, 24), HVTLFS_OK);
	for (lib = 0; lib < 2; lib++) {
#define IPI_SMALL_(rc_)                                                                            \
	assert_int_equal(lib ? hvtlfs_ipi_plan_build_(&r, &feat, &small, &ipl, 0)                  \
			     : hvtlfs_ipi_plan_build(&r, &feat, &small, &ipl),                     \
			 (rc_))
		ipi_features();
		feat.xmm_input = false;
		memset(&r, 0, sizeof(r));
		memset(page, 0xA5, sizeof(page));
		r.vps.source = &src;
		r.vector = 0xF3;
		/* VPs 1 and 2, the sender (VP 0) left out. */
		src.cpus = two;
		src.ncpus = 3;
		src.vp_of_cpu = vps;
		r.exclude_self = true;
		r.self_vp = 0;
		IPI_SMALL_(HVTLFS_OK);
		assert_int_equal(ipl.form, HVTLFS_FORM_FAST);
		assert_true(ipl.control == (0x000Bu | HVTLFS_CONTROL_FAST));
		assert_true(ipl.regs[0] == 0xF3 && ipl.regs[1] == 0x6);
		assert_null(ipl.page);
		/* The sender alone: nothing to send. */
		src.cpus = self;
		IPI_SMALL_(HVTLFS_OK);
		assert_int_equal(ipl.form, HVTLFS_FORM_NONE);
		/* VP 70: the Ex call, which does not fit; the APIC without the hint. */
		r.exclude_self = false;
		src.cpus = far;
		src.ncpus = 2;
		src.vp_of_cpu = vp70;
		IPI_SMALL_(HVTLFS_ERR_NO_SPACE);
		assert_int_equal(ipl.form, HVTLFS_FORM_NONE);
		feat.ex_processor_masks_recommended = false;
		IPI_SMALL_(HVTLFS_ERR_FALLBACK);
		assert_int_equal(ipl.form, HVTLFS_FORM_NONE);
		/* Nothing written past the page's 24 bytes. */
		assert_true(page[3] == 0xA5A5A5A5A5A5A5A5u);
#undef IPI_SMALL_
	}
}

/* A bitmap's Ex IPI: HvCallSendSyntheticClusterIpiEx (0x0015) with an HV_VP_SET in the
 * sparse 4K format, its valid bank mask then the words of the banks it names, ascending
 * (TLFS, "HV_VP_SET"). Zero words between the banks, a bank the excluded sender empties
 * (VP 68 alone in bank 1) and bank 63 are left out; nothing is written past the last
 * bank word, in the page or in the registers. */
static void test_ipi_bitmap_banks(void **state)
{
	struct hvtlfs_ipi_request r;
	int xmm;
	(void)state;
	for (xmm = 0; xmm < 2; xmm++) {
		const uint64_t *in;

		ipi_features();
		feat.xmm_input = xmm != 0;
		memset(bm, 0, sizeof(bm));
		bm[1] = 0x10;
		bm[3] = 0x5;
		bm[63] = (uint64_t)1 << 63;
		r = ipi_req(64, 0x31);
		r.exclude_self = true;
		r.self_vp = 68;
		memset(page, 0xA5, sizeof(page));
		memset(&ipl, 0xA5, sizeof(ipl));
		assert_int_equal(hvtlfs_ipi_plan_build(&r, &feat, &pg, &ipl), HVTLFS_OK);
		assert_true(ipl.form == HVTLFS_FORM_SLOW || ipl.form == HVTLFS_FORM_XMM);
		in = ipl.form == HVTLFS_FORM_SLOW ? page : ipl.regs;
		assert_true((ipl.control & 0xFFFFu) == 0x0015u);
		assert_true(ipl.control >> HVTLFS_CONTROL_VARHDR_SHIFT == 2u);
		assert_int_equal(ipl.input_size, 40);
		assert_true(in[0] == 0x31 && in[1] == HVTLFS_GENERIC_SET_SPARSE_4K);
		assert_true(in[2] == (((uint64_t)1 << 3) | ((uint64_t)1 << 63)));
		assert_true(in[3] == 0x5 && in[4] == (uint64_t)1 << 63);
		assert_true(in[5] == 0xA5A5A5A5A5A5A5A5ull);
		if (ipl.form == HVTLFS_FORM_XMM)
			assert_true(page[0] == 0xA5A5A5A5A5A5A5A5ull);
	}
}

static void test_ipi_errors(void **state)
{
	struct hvtlfs_ipi_request r;
	struct hvtlfs_input_page small;
	(void)state;
	ipi_features();
	memset(bm, 0, sizeof(bm));
	bm[0] = 1;
	r = ipi_req(1, 0x0F);
	assert_int_equal(hvtlfs_ipi_plan_build(&r, &feat, &pg, &ipl), HVTLFS_ERR_VECTOR_RANGE);
	assert_int_equal(ipl.form, HVTLFS_FORM_NONE);
	r.vector = 0x100;
	assert_int_equal(hvtlfs_ipi_plan_build(&r, &feat, &pg, &ipl), HVTLFS_ERR_VECTOR_RANGE);
	r.vector = 0x10;
	assert_int_equal(hvtlfs_ipi_plan_build(&r, &feat, &pg, &ipl), HVTLFS_OK);
	r.vector = 0xFF;
	assert_int_equal(hvtlfs_ipi_plan_build(&r, &feat, &pg, &ipl), HVTLFS_OK);
	r.vps.bitmap = NULL;
	assert_int_equal(hvtlfs_ipi_plan_build(&r, &feat, &pg, &ipl), HVTLFS_ERR_NULL);
	assert_int_equal(ipl.form, HVTLFS_FORM_NONE);
	{
		static uint64_t big[65];
		struct hvtlfs_ipi_request rb = ipi_req(65, 0x30);

		big[64] = 1; /* VP 4096 */
		rb.vps.bitmap = big;
		assert_int_equal(hvtlfs_ipi_plan_build(&rb, &feat, &pg, &ipl), HVTLFS_ERR_VP_RANGE);
	}
	/* The Ex input needs a page: none, or too small. */
	r = ipi_req(2, 0x30);
	bm[1] = 1;
	assert_int_equal(hvtlfs_ipi_plan_build(&r, &feat, NULL, &ipl), HVTLFS_ERR_NO_SPACE);
	assert_int_equal(hvtlfs_input_page_init(&small, page, (uintptr_t)page, 24), HVTLFS_OK);
	assert_int_equal(hvtlfs_ipi_plan_build(&r, &feat, &small, &ipl), HVTLFS_ERR_NO_SPACE);
	assert_int_equal(ipl.form, HVTLFS_FORM_NONE);
	assert_int_equal(hvtlfs_ipi_plan_build(NULL, &feat, &pg, &ipl), HVTLFS_ERR_NULL);
	assert_int_equal(hvtlfs_ipi_plan_build(&r, NULL, &pg, &ipl), HVTLFS_ERR_NULL);
	assert_int_equal(hvtlfs_ipi_plan_build(&r, &feat, &pg, NULL), HVTLFS_ERR_NULL);
	assert_int_equal(hvtlfs_ipi_issue(NULL, NULL), HVTLFS_ERR_NULL);
}

/* ---- The guest-physical flush planner. ---- */

static struct hvtlfs_gpa_flush_plan gpl;
static struct hvtlfs_page_range prg[600];

static void test_gpa_plan(void **state)
{
	struct hvtlfs_gpa_flush_request r;
	size_t i;
	(void)state;
	base_features();
	feat.nested.gpa_flush_hypercalls = true;
	memset(&r, 0, sizeof(r));
	r.address_space = 0x1234000;
	prg[0].first = 0x200; /* 2 MiB aligned: GPA 0x200000 */
	prg[0].count = 1024;  /* 4 MiB */
	r.ranges = prg;
	r.nranges = 1;
	/* 4 KiB mappings: one 4 KiB entry of 1024 pages (additional pages 1023). */
	assert_int_equal(hvtlfs_gpa_flush_plan_build(&r, &feat, &pg, &gpl), HVTLFS_OK);
	assert_int_equal(gpl.form, HVTLFS_FORM_SLOW);
	assert_true(gpl.control == (0x00B0u | ((uint64_t)1 << HVTLFS_CONTROL_REP_COUNT_SHIFT)));
	assert_true(page[0] == 0x1234000 && page[1] == 0 &&
		    page[2] == ((uint64_t)0x200 << 12 | 1023));
	/* 2 MiB mappings: one large entry (bit 11) of two 2 MiB pages. */
	r.mapping_size = HVTLFS_MAPPING_2M;
	prg[0].count = 8192; /* 32 MiB: 4 entries of 4 KiB, 1 of 2 MiB pages */
	assert_int_equal(hvtlfs_gpa_flush_plan_build(&r, &feat, &pg, &gpl), HVTLFS_OK);
	assert_int_equal(gpl.entries, 1);
	assert_true((page[2] & HVTLFS_RANGE_EXT_LARGE_PAGE) != 0 &&
		    (page[2] & HVTLFS_RANGE_EXT_PAGE_1G) == 0);
	r.flags = HVTLFS_POLICY_NO_LARGE_PAGES;
	assert_int_equal(hvtlfs_gpa_flush_plan_build(&r, &feat, &pg, &gpl), HVTLFS_OK);
	assert_int_equal(gpl.entries, 4);
	r.flags = 0;
	r.mapping_size = 0;
	/* The nested bit when asked (a nested root partition's call meant for L0). */
	r.nested = true;
	assert_int_equal(hvtlfs_gpa_flush_plan_build(&r, &feat, &pg, &gpl), HVTLFS_OK);
	assert_true((gpl.control & HVTLFS_CONTROL_NESTED) != 0);
	/* More entries than the page holds: the whole space, fast. */
	for (i = 0; i < 600; i++) {
		prg[i].first = 0x10000u + 16u * i;
		prg[i].count = 1;
	}
	r.nranges = 600;
	assert_int_equal(hvtlfs_gpa_flush_plan_build(&r, &feat, &pg, &gpl), HVTLFS_OK);
	assert_int_equal(gpl.form, HVTLFS_FORM_FAST);
	assert_true(gpl.control == (0x00AFu | HVTLFS_CONTROL_NESTED | HVTLFS_CONTROL_FAST));
	assert_true(gpl.regs[0] == 0x1234000 && gpl.regs[1] == 0 && gpl.entries == 0);
	{
		/* TLFS "Hypercall Interface": the register (fast) convention may be used by
		 * calls "that have two or fewer input parameters and no output parameters".
		 * HvCallFlushGuestPhysicalAddressSpace (0x00AF) takes two, AddressSpace at
		 * offset 0 and Flags (RsvdZ) at offset 8, and has no output: its fast form is
		 * the same call as the slow one Linux issues from the input page
		 * (hyperv_flush_guest_mapping()). A hypervisor decodes it as such. */
		struct hvtlfs_hvcall_input d;
		struct hvtlfs_hvcall_request q;

		memset(&d, 0, sizeof(d));
		d.control = gpl.control & ~HVTLFS_CONTROL_NESTED;
		d.bytes = gpl.regs;
		d.len = gpl.input_size;
		assert_int_equal(gpl.input_size, 16);
		assert_int_equal(hvtlfs_hvcall_decode(&d, &q, NULL, 0), HVTLFS_OK);
		assert_int_equal(q.status, HVTLFS_STATUS_SUCCESS);
		assert_true(q.whole_space && q.address_space == 0x1234000);
	}
	/* 510 entries fill the page exactly (16 + 8 * 510 = 4096). */
	r.nranges = 510;
	assert_int_equal(hvtlfs_gpa_flush_plan_build(&r, &feat, &pg, &gpl), HVTLFS_OK);
	assert_int_equal(gpl.entries, 510);
	r.max_list_entries = 8;
	assert_int_equal(hvtlfs_gpa_flush_plan_build(&r, &feat, &pg, &gpl), HVTLFS_OK);
	assert_int_equal(gpl.form, HVTLFS_FORM_FAST);
	/* XMM input: a short list in the registers. */
	r.nranges = 3;
	feat.xmm_input = true;
	assert_int_equal(hvtlfs_gpa_flush_plan_build_(&r, &feat, &pg, &gpl, 0), HVTLFS_OK);
	assert_int_equal(gpl.form, HVTLFS_FORM_XMM);
	assert_true(gpl.regs[0] == 0x1234000 && gpl.regs[2] == (uint64_t)0x10000 << 12 &&
		    gpl.regs[4] == (uint64_t)0x10020 << 12);
	feat.xmm_input = false;
	/* Everything. */
	r.everything = true;
	assert_int_equal(hvtlfs_gpa_flush_plan_build(&r, &feat, NULL, &gpl), HVTLFS_OK);
	assert_int_equal(gpl.form, HVTLFS_FORM_FAST);
	/* Without the nested guest-mapping flush (CPUID 0x4000000A EAX bit 18). */
	feat.nested.gpa_flush_hypercalls = false;
	assert_int_equal(hvtlfs_gpa_flush_plan_build(&r, &feat, &pg, &gpl), HVTLFS_ERR_FALLBACK);
	assert_int_equal(gpl.form, HVTLFS_FORM_NONE);
}

static void test_gpa_errors(void **state)
{
	struct hvtlfs_gpa_flush_request r;
	(void)state;
	base_features();
	feat.nested.gpa_flush_hypercalls = true;
	memset(&r, 0, sizeof(r));
	r.ranges = prg;
	assert_int_equal(hvtlfs_gpa_flush_plan_build(&r, &feat, &pg, &gpl), HVTLFS_ERR_EMPTY_RANGE);
	assert_int_equal(gpl.form, HVTLFS_FORM_NONE);
	prg[0].first = HVTLFS_RANGE_MAX_PAGE;
	prg[0].count = 2;
	r.nranges = 1;
	assert_int_equal(hvtlfs_gpa_flush_plan_build(&r, &feat, &pg, &gpl), HVTLFS_ERR_RANGE_WRAP);
	assert_int_equal(gpl.form, HVTLFS_FORM_NONE);
	prg[0].count = 0;
	assert_int_equal(hvtlfs_gpa_flush_plan_build(&r, &feat, &pg, &gpl), HVTLFS_ERR_EMPTY_RANGE);
	r.ranges = NULL;
	assert_int_equal(hvtlfs_gpa_flush_plan_build(&r, &feat, &pg, &gpl), HVTLFS_ERR_NULL);
	r.ranges = prg;
	prg[0].count = 1;
	r.mapping_size = 8192;
	assert_int_equal(hvtlfs_gpa_flush_plan_build(&r, &feat, &pg, &gpl),
			 HVTLFS_ERR_MAPPING_SIZE);
	assert_int_equal(hvtlfs_gpa_flush_plan_build(NULL, &feat, &pg, &gpl), HVTLFS_ERR_NULL);
	assert_int_equal(hvtlfs_gpa_flush_plan_build(&r, &feat, &pg, NULL), HVTLFS_ERR_NULL);
	/* A plan of nothing issues nothing. */
	assert_int_equal(hvtlfs_gpa_flush_issue(&gpl, NULL), HVTLFS_ERR_INVALID_ARG);
	assert_int_equal(hvtlfs_gpa_flush_issue(NULL, NULL), HVTLFS_ERR_NULL);
}

/*
 * Lists whose first ranges lie apart (one short entry each) and whose later ones do
 * not: a range touching the one before (one entry for both), one longer than an entry,
 * an empty one, one that wraps, one past the top page. HV_GPA_PAGE_RANGE (TLFS
 * "HvFlushGuestPhysicalAddressList"): bits 0-10 the additional pages, bits 12-63 the
 * page number; HV_GVA_RANGE simple (TLFS "HV_GVA_RANGE"): bits 0-11 the additional
 * pages, bits 12-63 the page.
 */
static void test_lists_after_a_run_apart(void **state)
{
	struct hvtlfs_gpa_flush_request r;
	struct hvtlfs_flush_request fr;
	uint64_t *in = page;
	(void)state;
	base_features();
	feat.nested.gpa_flush_hypercalls = true;
	memset(&r, 0, sizeof(r));
	r.ranges = prg;
	r.nranges = 3;
	prg[0].first = 0x100;
	prg[0].count = 1;
	prg[1].first = 0x102;
	prg[1].count = 3; /* 0x102-0x104 */
	prg[2].first = 0x105;
	prg[2].count = 2; /* touches it: 0x102-0x106, one entry */
	memset(page, 0xA5, sizeof(page));
	assert_int_equal(hvtlfs_gpa_flush_plan_build(&r, &feat, &pg, &gpl), HVTLFS_OK);
	assert_int_equal(gpl.entries, 2);
	assert_true(in[2] == (uint64_t)0x100 << 12 && in[3] == (((uint64_t)0x102 << 12) | 4u));
	prg[2].first = 0x200;
	prg[2].count = 2049; /* two entries: 2048 pages, then 1 */
	assert_int_equal(hvtlfs_gpa_flush_plan_build(&r, &feat, &pg, &gpl), HVTLFS_OK);
	assert_int_equal(gpl.entries, 4);
	assert_true(in[4] == (((uint64_t)0x200 << 12) | 2047u) && in[5] == (uint64_t)0xA00 << 12);
	prg[2].first = HVTLFS_RANGE_MAX_PAGE; /* the top page itself */
	prg[2].count = 1;
	assert_int_equal(hvtlfs_gpa_flush_plan_build(&r, &feat, &pg, &gpl), HVTLFS_OK);
	assert_int_equal(gpl.entries, 3);
	assert_true(in[4] == HVTLFS_RANGE_MAX_PAGE << 12);
	prg[2].count = 2;
	assert_int_equal(hvtlfs_gpa_flush_plan_build(&r, &feat, &pg, &gpl), HVTLFS_ERR_RANGE_WRAP);
	assert_int_equal(gpl.form, HVTLFS_FORM_NONE);
	prg[2].first = HVTLFS_RANGE_MAX_PAGE + 1u;
	prg[2].count = 1;
	assert_int_equal(hvtlfs_gpa_flush_plan_build(&r, &feat, &pg, &gpl), HVTLFS_ERR_RANGE_WRAP);
	prg[1].first = ~(uint64_t)0; /* past the top, then 0x200 "after" it */
	prg[2].first = 0x200;
	assert_int_equal(hvtlfs_gpa_flush_plan_build(&r, &feat, &pg, &gpl), HVTLFS_ERR_RANGE_WRAP);
	prg[1].first = 0x102;
	prg[2].count = 0;
	assert_int_equal(hvtlfs_gpa_flush_plan_build(&r, &feat, &pg, &gpl), HVTLFS_ERR_EMPTY_RANGE);
	assert_int_equal(gpl.form, HVTLFS_FORM_NONE);

	/* The same for byte ranges and the flush planner. */
	reset(1);
	fr = request(1, 0x1000, 3);
	rg[0].start = 0x10000;
	rg[0].length = 4096;
	rg[1].start = 0x12000;
	rg[1].length = 4096;
	rg[2].start = 0x13000; /* touches it */
	rg[2].length = 4096;
	assert_int_equal(plan_it(&fr, NULL), HVTLFS_OK);
	assert_int_equal(plan.entries, 2);
	assert_true(in[3] == 0x10000 && in[4] == (0x12000 | 1u));
	assert_true(plan.start == 0x10000 && plan.last == 0x13FFF);
	rg[2].start = 0x12800; /* inside the page before, the same entries */
	rg[2].length = 0x1800;
	assert_int_equal(plan_it(&fr, NULL), HVTLFS_OK);
	assert_int_equal(plan.entries, 2);
	assert_true(in[4] == (0x12000 | 1u) && plan.last == 0x13FFF);
	rg[2].length = 0;
	assert_int_equal(plan_it(&fr, NULL), HVTLFS_ERR_EMPTY_RANGE);
	assert_int_equal(plan.form, HVTLFS_FORM_NONE);
	rg[2].start = 0;
	assert_int_equal(plan_it(&fr, NULL), HVTLFS_ERR_EMPTY_RANGE);
	rg[2].start = 0xFFFFFFFFFFFFF000u;
	rg[2].length = 0x2000;
	assert_int_equal(plan_it(&fr, NULL), HVTLFS_ERR_RANGE_WRAP);
	rg[2].length = 0x1000; /* the top page itself */
	assert_int_equal(plan_it(&fr, NULL), HVTLFS_OK);
	assert_true(in[5] == 0xFFFFFFFFFFFFF000u && plan.last == ~(uint64_t)0);
}

/* ---- Every planner: a guard after the page, the input page's own checks. ---- */

static uint64_t guarded[512 + 8] __attribute__((aligned(4096)));
#define GUARD_WORD 0xA5A5A5A5A5A5A5A5u

static bool guard_intact(size_t from)
{
	size_t i;

	for (i = from; i < 512 + 8; i++)
		if (guarded[i] != GUARD_WORD)
			return false;
	return true;
}

static void test_guard_after_page(void **state)
{
	struct hvtlfs_input_page small;
	struct hvtlfs_flush_request fr;
	struct hvtlfs_ipi_request ir;
	struct hvtlfs_gpa_flush_request gr;
	size_t words, i;
	int rc;
	(void)state;
	/* Pages of every size from 8 to 128 bytes, the rest of the buffer a guard. */
	for (words = 1; words <= 16; words++) {
		for (i = 0; i < 512 + 8; i++)
			guarded[i] = GUARD_WORD;
		assert_int_equal(
			hvtlfs_input_page_init(&small, guarded, (uintptr_t)guarded, words * 8u),
			HVTLFS_OK);
		reset(0);
		feat.ex_processor_masks_recommended = true;
		feat.cluster_ipi_recommended = true;
		feat.nested.gpa_flush_hypercalls = true;
		for (i = 0; i < 8; i++)
			bm[i] = ~(uint64_t)0; /* 512 VPs: 8 bank words */
		scatter(20);
		fr = request(8, 0x1000, 20);
		rc = hvtlfs_flush_plan_build(&fr, &feat, NULL, &small, &plan);
		assert_true(guard_intact(words));
		assert_true(rc == HVTLFS_OK ? plan.input_size <= words * 8u
					    : plan.form == HVTLFS_FORM_NONE);
		ir = ipi_req(8, 0x30);
		rc = hvtlfs_ipi_plan_build(&ir, &feat, &small, &ipl);
		assert_true(guard_intact(words));
		assert_true(rc == HVTLFS_OK ? ipl.input_size <= words * 8u
					    : ipl.form == HVTLFS_FORM_NONE);
		memset(&gr, 0, sizeof(gr));
		for (i = 0; i < 20; i++) {
			prg[i].first = 0x100u + 4u * i;
			prg[i].count = 1;
		}
		gr.ranges = prg;
		gr.nranges = 20;
		rc = hvtlfs_gpa_flush_plan_build(&gr, &feat, &small, &gpl);
		assert_true(guard_intact(words));
		assert_int_equal(rc, HVTLFS_OK); /* the whole space when the list does not fit */
		assert_true(gpl.form != HVTLFS_FORM_SLOW || gpl.input_size <= words * 8u);
	}
}

/*
 * A guest address space set up once (hvtlfs_gpa_flush_space_init()), each flush naming
 * only its ranges (hvtlfs_gpa_flush_plan_ranges()). TLFS "HvFlushGuestPhysicalAddressList"
 * (call code 0x00B0, a rep call: the rep count in control bits 32-43) takes the address
 * space, the flags (RsvdZ) and HV_GPA_PAGE_RANGE entries: bits 0-10 the additional
 * pages, bit 11 the large-page bit, bits 12-63 the page number.
 */
static void test_gpa_space_plan(void **state)
{
	struct hvtlfs_gpa_flush_request r;
	struct hvtlfs_gpa_flush_space sp;
	struct hvtlfs_page_range one;
	(void)state;
	base_features();
	feat.nested.gpa_flush_hypercalls = true;
	memset(&r, 0, sizeof(r));
	r.address_space = 0x1234000;
	r.ranges = prg; /* not read */
	r.nranges = 7;	/* not read */
	assert_int_equal(hvtlfs_gpa_flush_space_init(&sp, &r, &feat, &pg), HVTLFS_OK);
	one.first = 0x200;
	one.count = 1024;
	memset(page, 0xEE, 64);
	assert_int_equal(hvtlfs_gpa_flush_plan_ranges(&sp, &one, 1, &gpl), HVTLFS_OK);
	assert_int_equal(gpl.form, HVTLFS_FORM_SLOW);
	assert_true(gpl.control == (0x00B0u | ((uint64_t)1 << 32)));
	assert_true(gpl.input_size == 24 && gpl.entries == 1 && gpl.page == &pg &&
		    gpl.address_space == 0x1234000);
	assert_true(page[0] == 0x1234000 && page[1] == 0 &&
		    page[2] == ((uint64_t)0x200 << 12 | 1023));
	assert_true(page[3] == 0xEEEEEEEEEEEEEEEEu); /* nothing past the input */
	/* 2048 pages, the most one entry holds; 2049 take two. */
	one.count = 2048;
	assert_int_equal(hvtlfs_gpa_flush_plan_ranges(&sp, &one, 1, &gpl), HVTLFS_OK);
	assert_true(gpl.entries == 1 && page[2] == ((uint64_t)0x200 << 12 | 2047));
	one.count = 2049;
	assert_int_equal(hvtlfs_gpa_flush_plan_ranges(&sp, &one, 1, &gpl), HVTLFS_OK);
	assert_true(gpl.entries == 2 && gpl.control == (0x00B0u | ((uint64_t)2 << 32)));
	assert_true(page[2] == ((uint64_t)0x200 << 12 | 2047) &&
		    page[3] == ((uint64_t)0xA00 << 12 | 0));
	/* The nested bit (control bit 31) when asked. */
	r.nested = true;
	assert_int_equal(hvtlfs_gpa_flush_space_init(&sp, &r, &feat, &pg), HVTLFS_OK);
	one.count = 1;
	assert_int_equal(hvtlfs_gpa_flush_plan_ranges(&sp, &one, 1, &gpl), HVTLFS_OK);
	assert_true(gpl.control == (0x00B0u | ((uint64_t)1 << 31) | ((uint64_t)1 << 32)));
	/* 2 MiB mappings: 32 MiB aligned is one large entry of 16 pages of 2 MiB. */
	r.nested = false;
	r.mapping_size = HVTLFS_MAPPING_2M;
	assert_int_equal(hvtlfs_gpa_flush_space_init(&sp, &r, &feat, &pg), HVTLFS_OK);
	one.first = 0x200;
	one.count = 8192;
	assert_int_equal(hvtlfs_gpa_flush_plan_ranges(&sp, &one, 1, &gpl), HVTLFS_OK);
	assert_true(gpl.entries == 1 && page[2] == ((uint64_t)0x200 << 12 | 1u << 11 | 15u));
	/* More entries than the page holds (510 after the 16-byte header): the whole
	 * space, fast (HvFlushGuestPhysicalAddressSpace, 0x00AF). */
	r.mapping_size = 0;
	assert_int_equal(hvtlfs_gpa_flush_space_init(&sp, &r, &feat, &pg), HVTLFS_OK);
	one.first = 0x1000;
	one.count = 511u * 2048u;
	assert_int_equal(hvtlfs_gpa_flush_plan_ranges(&sp, &one, 1, &gpl), HVTLFS_OK);
	assert_true(gpl.form == HVTLFS_FORM_FAST &&
		    gpl.control == (0x00AFu | HVTLFS_CONTROL_FAST) && gpl.regs[0] == 0x1234000);
	/* No page: a list only in the registers, else the whole space. */
	assert_int_equal(hvtlfs_gpa_flush_space_init(&sp, &r, &feat, NULL), HVTLFS_OK);
	one.count = 1;
	assert_int_equal(hvtlfs_gpa_flush_plan_ranges(&sp, &one, 1, &gpl), HVTLFS_OK);
	assert_int_equal(gpl.form, HVTLFS_FORM_FAST);
	/* XMM input in a build with the XMM forms: the list in the registers. */
	feat.xmm_input = true;
	assert_int_equal(hvtlfs_gpa_flush_space_init_(&sp, &r, &feat, &pg, 0), HVTLFS_OK);
	assert_int_equal(hvtlfs_gpa_flush_plan_ranges(&sp, &one, 1, &gpl), HVTLFS_OK);
	assert_true(gpl.form == HVTLFS_FORM_XMM && gpl.regs[0] == 0x1234000 &&
		    gpl.regs[2] == (uint64_t)0x1000 << 12);
	assert_true(gpl.control == (0x00B0u | HVTLFS_CONTROL_FAST | ((uint64_t)1 << 32)));
	feat.xmm_input = false;
}

/* Each bad input of a set-up space, and of a flush in it, its own error; a failed
 * set-up plans nothing; a page of three words takes one entry, nothing past it. */
static void test_gpa_space_errors(void **state)
{
	struct hvtlfs_gpa_flush_request r;
	struct hvtlfs_gpa_flush_space sp;
	struct hvtlfs_input_page bad, small;
	struct hvtlfs_page_range one;
	size_t words, i;
	(void)state;
	base_features();
	feat.nested.gpa_flush_hypercalls = true;
	memset(&r, 0, sizeof(r));
	one.first = 0x300;
	one.count = 4;
	assert_int_equal(hvtlfs_gpa_flush_space_init(NULL, &r, &feat, &pg), HVTLFS_ERR_NULL);
	assert_int_equal(hvtlfs_gpa_flush_space_init(&sp, NULL, &feat, &pg), HVTLFS_ERR_NULL);
	assert_int_equal(hvtlfs_gpa_flush_plan_ranges(&sp, &one, 1, &gpl), HVTLFS_ERR_NULL);
	assert_int_equal(gpl.form, HVTLFS_FORM_NONE);
	assert_int_equal(hvtlfs_gpa_flush_space_init(&sp, &r, NULL, &pg), HVTLFS_ERR_NULL);
	assert_int_equal(hvtlfs_gpa_flush_plan_ranges(&sp, &one, 1, &gpl), HVTLFS_ERR_NULL);
	r.mapping_size = 8192;
	assert_int_equal(hvtlfs_gpa_flush_space_init(&sp, &r, &feat, &pg), HVTLFS_ERR_MAPPING_SIZE);
	assert_int_equal(hvtlfs_gpa_flush_plan_ranges(&sp, &one, 1, &gpl), HVTLFS_ERR_MAPPING_SIZE);
	assert_int_equal(gpl.form, HVTLFS_FORM_NONE);
	r.mapping_size = 0;
	/* Described by hand: a VA not 8-byte aligned; a VA and GPA at other offsets. */
	bad.va = (uint8_t *)page + 4;
	bad.gpa = (uintptr_t)page + 4;
	bad.size = 64;
	bad.checked_ = 0;
	assert_int_equal(hvtlfs_gpa_flush_space_init(&sp, &r, &feat, &bad), HVTLFS_ERR_ALIGNMENT);
	assert_int_equal(hvtlfs_gpa_flush_plan_ranges(&sp, &one, 1, &gpl), HVTLFS_ERR_ALIGNMENT);
	bad.va = (uint8_t *)page + 8;
	bad.gpa = (uintptr_t)page + 16;
	assert_int_equal(hvtlfs_gpa_flush_space_init(&sp, &r, &feat, &bad),
			 HVTLFS_ERR_PAGE_MISMATCH);
	assert_int_equal(hvtlfs_gpa_flush_plan_ranges(&sp, &one, 1, &gpl),
			 HVTLFS_ERR_PAGE_MISMATCH);
	feat.nested.gpa_flush_hypercalls = false;
	assert_int_equal(hvtlfs_gpa_flush_space_init(&sp, &r, &feat, &pg), HVTLFS_ERR_FALLBACK);
	assert_int_equal(hvtlfs_gpa_flush_plan_ranges(&sp, &one, 1, &gpl), HVTLFS_ERR_FALLBACK);
	assert_int_equal(gpl.form, HVTLFS_FORM_NONE);
	feat.nested.gpa_flush_hypercalls = true;
	/* A good space, bad flushes. */
	assert_int_equal(hvtlfs_gpa_flush_space_init(&sp, &r, &feat, &pg), HVTLFS_OK);
	assert_int_equal(hvtlfs_gpa_flush_plan_ranges(NULL, &one, 1, &gpl), HVTLFS_ERR_NULL);
	assert_int_equal(gpl.form, HVTLFS_FORM_NONE);
	assert_int_equal(hvtlfs_gpa_flush_plan_ranges(&sp, &one, 1, NULL), HVTLFS_ERR_NULL);
	assert_int_equal(hvtlfs_gpa_flush_plan_ranges(&sp, NULL, 1, &gpl), HVTLFS_ERR_NULL);
	assert_int_equal(hvtlfs_gpa_flush_plan_ranges(&sp, &one, 0, &gpl), HVTLFS_ERR_EMPTY_RANGE);
	assert_int_equal(gpl.form, HVTLFS_FORM_NONE);
	one.count = 0;
	assert_int_equal(hvtlfs_gpa_flush_plan_ranges(&sp, &one, 1, &gpl), HVTLFS_ERR_EMPTY_RANGE);
	one.first = HVTLFS_RANGE_MAX_PAGE;
	one.count = 2;
	assert_int_equal(hvtlfs_gpa_flush_plan_ranges(&sp, &one, 1, &gpl), HVTLFS_ERR_RANGE_WRAP);
	assert_int_equal(gpl.form, HVTLFS_FORM_NONE);
	one.first = ~(uint64_t)0 - 1u; /* first + count wraps 64 bits */
	assert_int_equal(hvtlfs_gpa_flush_plan_ranges(&sp, &one, 1, &gpl), HVTLFS_ERR_RANGE_WRAP);
	/* Pages of 1 to 4 words, a guard after: three words take the one entry; fewer,
	 * the whole space in the registers. */
	one.first = 0x300;
	one.count = 4;
	for (words = 1; words <= 4; words++) {
		for (i = 0; i < 512 + 8; i++)
			guarded[i] = GUARD_WORD;
		assert_int_equal(
			hvtlfs_input_page_init(&small, guarded, (uintptr_t)guarded, words * 8u),
			HVTLFS_OK);
		assert_int_equal(hvtlfs_gpa_flush_space_init(&sp, &r, &feat, &small), HVTLFS_OK);
		assert_int_equal(hvtlfs_gpa_flush_plan_ranges(&sp, &one, 1, &gpl), HVTLFS_OK);
		assert_true(guard_intact(words));
		assert_int_equal(gpl.form, words >= 3 ? HVTLFS_FORM_SLOW : HVTLFS_FORM_FAST);
	}
}

/* The set-up space plans what hvtlfs_gpa_flush_plan_build() plans for the same request
 * (the library's half on another page): random requests, features and one or two
 * ranges, errors included. */
/*
 * One range whose first page lies in the top 2048 GPA pages: the inline paths leave it to
 * the library, which gives the plan and the bytes of any other range (one
 * HV_GPA_PAGE_RANGE, TLFS "HvFlushGuestPhysicalAddressList": bits 0-10 the additional
 * pages, bits 12-63 the page number; the top page is 2^52 - 1) or HVTLFS_ERR_RANGE_WRAP
 * for a range past the top page; the pages just below that band are planned inline, the
 * same way.
 */
static void test_gpa_one_range_near_top(void **state)
{
	static const uint64_t firsts[] = {
		HVTLFS_RANGE_MAX_PAGE - 4096u, HVTLFS_RANGE_MAX_PAGE - 2048u,
		HVTLFS_RANGE_MAX_PAGE - 2047u, HVTLFS_RANGE_MAX_PAGE - 1000u,
		HVTLFS_RANGE_MAX_PAGE - 1u,    HVTLFS_RANGE_MAX_PAGE,
	};
	static const uint64_t counts[] = { 1, 2, 1001, 1002, 2047, 2048, 2049 };
	struct hvtlfs_gpa_flush_request r;
	struct hvtlfs_gpa_flush_space sp;
	struct hvtlfs_page_range one;
	size_t i, j;
	int way;
	(void)state;
	base_features();
	feat.nested.gpa_flush_hypercalls = true;
	memset(&r, 0, sizeof(r));
	r.address_space = 0x5678000;
	r.ranges = &one;
	r.nranges = 1;
	assert_int_equal(hvtlfs_gpa_flush_space_init(&sp, &r, &feat, &pg), HVTLFS_OK);
	for (i = 0; i < sizeof(firsts) / sizeof(firsts[0]); i++) {
		for (j = 0; j < sizeof(counts) / sizeof(counts[0]); j++) {
			const uint64_t last = firsts[i] + counts[j] - 1u;

			one.first = firsts[i];
			one.count = counts[j];
			for (way = 0; way < 2; way++) {
				int rc;

				memset(page, 0xEE, 64);
				rc = way == 0 ? hvtlfs_gpa_flush_plan_build(&r, &feat, &pg, &gpl)
					      : hvtlfs_gpa_flush_plan_ranges(&sp, &one, 1, &gpl);
				if (last > HVTLFS_RANGE_MAX_PAGE) {
					assert_int_equal(rc, HVTLFS_ERR_RANGE_WRAP);
					assert_int_equal(gpl.form, HVTLFS_FORM_NONE);
					continue;
				}
				assert_int_equal(rc, HVTLFS_OK);
				assert_int_equal(gpl.form, HVTLFS_FORM_SLOW);
				assert_true(gpl.page == &pg && gpl.address_space == 0x5678000);
				if (counts[j] > 2048u) {
					/* two entries: 2048 pages, then the rest */
					assert_true(gpl.control == (0x00B0u | ((uint64_t)2 << 32)));
					assert_true(gpl.entries == 2 && gpl.input_size == 32);
					assert_true(page[2] == (firsts[i] << 12 | 2047u) &&
						    page[3] == ((firsts[i] + 2048u) << 12 |
								(counts[j] - 2049u)));
					continue;
				}
				assert_true(gpl.control == (0x00B0u | ((uint64_t)1 << 32)));
				assert_true(gpl.entries == 1 && gpl.input_size == 24);
				assert_true(page[0] == 0x5678000 && page[1] == 0 &&
					    page[2] == (firsts[i] << 12 | (counts[j] - 1u)));
				assert_true(page[3] == 0xEEEEEEEEEEEEEEEEu);
			}
		}
	}
}

/* Two guest-physical plans are the same: every field, and the input they wrote (@a's
 * slow input in the test page, @b's in @lib_page; a register form's registers). */
static void assert_same_gpa_plan(const struct hvtlfs_gpa_flush_plan *a,
				 const struct hvtlfs_gpa_flush_plan *b, const uint64_t *lib_page)
{
	assert_true(a->form == b->form && a->control == b->control &&
		    a->input_size == b->input_size && a->entries == b->entries &&
		    a->address_space == b->address_space);
	if (a->form == HVTLFS_FORM_SLOW)
		assert_memory_equal(page, lib_page, a->input_size);
	else if (a->form != HVTLFS_FORM_NONE)
		assert_memory_equal(a->regs, b->regs, a->input_size);
}

static void test_gpa_space_same_as_build(void **state)
{
	static uint64_t lib_page[512] __attribute__((aligned(4096)));
	struct hvtlfs_input_page lpg;
	unsigned int iter;
	(void)state;
	assert_int_equal(hvtlfs_input_page_init(&lpg, lib_page, (uintptr_t)lib_page, 4096),
			 HVTLFS_OK);
	testutil_seed(0x9A3F00D5u);
	for (iter = 0; iter < 4000; iter++) {
		struct hvtlfs_gpa_flush_request gr;
		struct hvtlfs_gpa_flush_space sp;
		struct hvtlfs_gpa_flush_plan ga, gb;
		struct hvtlfs_page_range two[2];
		uint64_t x = testutil_next();
		unsigned int k;
		int ri, ra, rb;

		base_features();
		feat.xmm_input = (x & 1) != 0;
		feat.nested.gpa_flush_hypercalls = (x & 0x3800) != 0;
		for (k = 0; k < 2; k++) {
			two[k].first = (x & 0x8000) ? HVTLFS_RANGE_MAX_PAGE - (testutil_next() % 4u)
						    : testutil_next() % 0x100000u;
			two[k].count =
				(x & 0x200000) ? testutil_next() % 9000u : testutil_next() % 2100u;
		}
		memset(&gr, 0, sizeof(gr));
		gr.address_space = testutil_next() & ~(uint64_t)0xFFF;
		gr.nested = (x & 0x20000) != 0;
		gr.mapping_size = (x & 0x40000)	   ? HVTLFS_MAPPING_2M
				  : (x & 0x80000)  ? 12345u
				  : (x & 0x400000) ? HVTLFS_MAPPING_1G
						   : 0u;
		gr.flags = ((x & 0x100000) ? HVTLFS_POLICY_NO_XMM : 0u) |
			   ((x & 0x800000) ? HVTLFS_POLICY_NO_LARGE_PAGES : 0u);
		gr.max_list_entries = (x & 0x1000000) ? 1u : 0u;
		ri = hvtlfs_gpa_flush_space_init(&sp, &gr, &feat, &pg);
		gr.ranges = (x & 0x2000000) ? NULL : two;
		gr.nranges = (x >> 26) % 3u;
		ra = hvtlfs_gpa_flush_plan_ranges(&sp, gr.ranges, gr.nranges, &ga);
		rb = hvtlfs_gpa_flush_plan_build_(&gr, &feat, &lpg, &gb, HVTLFS_PLAN_OPTS_);
		assert_true(ri == HVTLFS_OK || ri == ra);
		assert_int_equal(ra, rb);
		assert_same_gpa_plan(&ga, &gb, lib_page);
		/* The same space, another address space named with the flush (any 64-bit
		 * value): what the whole request with that address space plans. */
		gr.address_space = testutil_next();
		ra = hvtlfs_gpa_flush_plan_ranges_as(&sp, gr.address_space, gr.ranges, gr.nranges,
						     &ga);
		rb = hvtlfs_gpa_flush_plan_build_(&gr, &feat, &lpg, &gb, HVTLFS_PLAN_OPTS_);
		assert_int_equal(ra, rb);
		assert_same_gpa_plan(&ga, &gb, lib_page);
	}
}

/*
 * One space a CPU, the address space named with each flush, as KVM flushes each vCPU's
 * second-level root in turn (hyperv_flush_guest_mapping_range(root_tdp, ...) in
 * arch/x86/kvm/kvm_onhyperv.c). TLFS "HvFlushGuestPhysicalAddressList": word 0 of the
 * input the AddressSpace, word 1 the flags (RsvdZ), then the HV_GPA_PAGE_RANGE entries
 * (bits 0-10 the additional pages, bits 12-63 the page number); code 0x00B0, the rep
 * count in control bits 32-43. "HvFlushGuestPhysicalAddressSpace" (0x00AF, fast): the
 * AddressSpace in the first input register.
 */
static void test_gpa_space_plan_as(void **state)
{
	static const uint64_t roots[] = { 0x1234000, 0xABCD5E, 0, ~(uint64_t)0 };
	struct hvtlfs_gpa_flush_request r;
	struct hvtlfs_gpa_flush_space sp, failed;
	struct hvtlfs_page_range one;
	unsigned int i;
	(void)state;
	base_features();
	feat.nested.gpa_flush_hypercalls = true;
	memset(&r, 0, sizeof(r));
	r.address_space = 0x777000; /* never flushed below */
	assert_int_equal(hvtlfs_gpa_flush_space_init(&sp, &r, &feat, &pg), HVTLFS_OK);
	one.first = 0x200;
	for (i = 0; i < sizeof(roots) / sizeof(roots[0]); i++) {
		/* One entry, planned inline. */
		memset(page, 0xEE, 64);
		one.count = 1024;
		assert_int_equal(hvtlfs_gpa_flush_plan_ranges_as(&sp, roots[i], &one, 1, &gpl),
				 HVTLFS_OK);
		assert_true(gpl.form == HVTLFS_FORM_SLOW &&
			    gpl.control == (0x00B0u | ((uint64_t)1 << 32)));
		assert_true(gpl.input_size == 24 && gpl.entries == 1 && gpl.page == &pg &&
			    gpl.address_space == roots[i]);
		assert_true(page[0] == roots[i] && page[1] == 0 &&
			    page[2] == ((uint64_t)0x200 << 12 | 1023));
		assert_true(page[3] == 0xEEEEEEEEEEEEEEEEu);
		/* Two entries, by the library. */
		one.count = 2049;
		assert_int_equal(hvtlfs_gpa_flush_plan_ranges_as(&sp, roots[i], &one, 1, &gpl),
				 HVTLFS_OK);
		assert_true(gpl.entries == 2 && gpl.address_space == roots[i] &&
			    page[0] == roots[i] && page[2] == ((uint64_t)0x200 << 12 | 2047) &&
			    page[3] == ((uint64_t)0xA00 << 12 | 0));
		/* More than the page holds: the whole space of that root, fast. */
		one.count = 511u * 2048u;
		assert_int_equal(hvtlfs_gpa_flush_plan_ranges_as(&sp, roots[i], &one, 1, &gpl),
				 HVTLFS_OK);
		assert_true(gpl.form == HVTLFS_FORM_FAST &&
			    gpl.control == (0x00AFu | HVTLFS_CONTROL_FAST) &&
			    gpl.regs[0] == roots[i] && gpl.address_space == roots[i]);
	}
	/* The space keeps its own address space for hvtlfs_gpa_flush_plan_ranges(). */
	one.count = 1;
	assert_int_equal(hvtlfs_gpa_flush_plan_ranges(&sp, &one, 1, &gpl), HVTLFS_OK);
	assert_true(page[0] == 0x777000 && gpl.address_space == 0x777000);
	/* Bad input: each error as for hvtlfs_gpa_flush_plan_ranges(), nothing planned. */
	assert_int_equal(hvtlfs_gpa_flush_plan_ranges_as(NULL, 1, &one, 1, &gpl), HVTLFS_ERR_NULL);
	assert_int_equal(gpl.form, HVTLFS_FORM_NONE);
	assert_int_equal(hvtlfs_gpa_flush_plan_ranges_as(&sp, 1, &one, 1, NULL), HVTLFS_ERR_NULL);
	assert_int_equal(hvtlfs_gpa_flush_plan_ranges_as(&sp, 1, NULL, 1, &gpl), HVTLFS_ERR_NULL);
	assert_int_equal(gpl.form, HVTLFS_FORM_NONE);
	assert_int_equal(hvtlfs_gpa_flush_plan_ranges_as(&sp, 1, &one, 0, &gpl),
			 HVTLFS_ERR_EMPTY_RANGE);
	one.count = 0;
	assert_int_equal(hvtlfs_gpa_flush_plan_ranges_as(&sp, 1, &one, 1, &gpl),
			 HVTLFS_ERR_EMPTY_RANGE);
	assert_int_equal(gpl.form, HVTLFS_FORM_NONE);
	one.first = HVTLFS_RANGE_MAX_PAGE;
	one.count = 2;
	assert_int_equal(hvtlfs_gpa_flush_plan_ranges_as(&sp, 1, &one, 1, &gpl),
			 HVTLFS_ERR_RANGE_WRAP);
	assert_int_equal(gpl.form, HVTLFS_FORM_NONE);
	/* A space whose set-up failed returns that error for any address space. */
	feat.nested.gpa_flush_hypercalls = false;
	assert_int_equal(hvtlfs_gpa_flush_space_init(&failed, &r, &feat, &pg), HVTLFS_ERR_FALLBACK);
	one.first = 0x200;
	one.count = 1;
	assert_int_equal(hvtlfs_gpa_flush_plan_ranges_as(&failed, 0x1234000, &one, 1, &gpl),
			 HVTLFS_ERR_FALLBACK);
	assert_int_equal(gpl.form, HVTLFS_FORM_NONE);
	feat.nested.gpa_flush_hypercalls = true;
}

static void test_input_page(void **state)
{
	struct hvtlfs_input_page d;
	(void)state;
	assert_int_equal(hvtlfs_input_page_init(&d, page, 0x5000, 4096), HVTLFS_OK);
	assert_true(d.va == page && d.gpa == 0x5000 && d.size == 4096);
	/* A VA and a GPA at different offsets of their 4 KiB pages cannot be one byte. */
	assert_int_equal(hvtlfs_input_page_init(&d, (uint8_t *)page + 8, 0x5010, 64),
			 HVTLFS_ERR_PAGE_MISMATCH);
	assert_int_equal(hvtlfs_input_page_init(&d, (uint8_t *)page + 4, 0x5004, 64),
			 HVTLFS_ERR_ALIGNMENT);
	/* 4096 bytes from the middle of a page would cross it. */
	assert_int_equal(hvtlfs_input_page_init(&d, (uint8_t *)page + 8, 0x5008, 4096),
			 HVTLFS_ERR_ALIGNMENT);
	assert_int_equal(hvtlfs_input_page_init(&d, NULL, 0, 16), HVTLFS_ERR_NULL);
	assert_int_equal(hvtlfs_input_page_init(NULL, page, 0x5000, 4096), HVTLFS_ERR_NULL);
	assert_int_equal(hvtlfs_input_page_init(&d, NULL, 0, 0), HVTLFS_OK);
}

/* The inline halves plan exactly what the library plans: random IPI and guest-physical
 * requests, bitmaps and CPU sources, planned both ways, the same plan and bytes. */
static void test_inline_same_as_library(void **state)
{
	static uint64_t lib_page[512] __attribute__((aligned(4096)));
	static unsigned long cpus[64 / (8 * sizeof(unsigned long)) + 1];
	static uint32_t vp_of[64];
	struct hvtlfs_input_page lpg;
	struct hvtlfs_vp_source src;
	unsigned int iter, k;
	(void)state;
	assert_int_equal(hvtlfs_input_page_init(&lpg, lib_page, (uintptr_t)lib_page, 4096),
			 HVTLFS_OK);
	testutil_seed(0x1F2E3D4C5B6A7988u);
	for (iter = 0; iter < 4000; iter++) {
		struct hvtlfs_ipi_request ir;
		struct hvtlfs_ipi_plan a, b;
		struct hvtlfs_gpa_flush_request gr;
		struct hvtlfs_gpa_flush_plan ga, gb;
		struct hvtlfs_page_range one;
		uint64_t x = testutil_next();
		int ra, rb;

		ipi_features();
		feat.xmm_input = (x & 1) != 0;
		feat.cluster_ipi_recommended = (x & 0x700) != 0;
		feat.nested.gpa_flush_hypercalls = (x & 0x3800) != 0;
		memset(bm, 0, sizeof(bm));
		bm[0] = testutil_next() & testutil_next();
		if ((x & 0x6) == 0)
			bm[1] = 1;
		memset(cpus, 0, sizeof(cpus));
		for (k = 0; k < 64; k++) {
			vp_of[k] = (x & 0x10) ? 63u - k : k + ((x & 0x20) && k == 7 ? 60u : 0u);
			if (bm[0] >> k & 1)
				cpus[k / (8 * sizeof(unsigned long))] |=
					1ul << (k % (8 * sizeof(unsigned long)));
		}
		src.cpus = cpus;
		src.ncpus = 1u + (size_t)(testutil_next() % 64u);
		src.vp_of_cpu = vp_of;
		ir = ipi_req(2, 0x0Eu + (uint32_t)(testutil_next() % 0xF4u));
		if (x & 0x40)
			ir.vps.source = &src;
		ir.exclude_self = (x & 0x80) != 0;
		ir.self_vp = (uint32_t)(testutil_next() % 70u);
		ra = hvtlfs_ipi_plan_build(&ir, &feat, &pg, &a);
		rb = hvtlfs_ipi_plan_build_(&ir, &feat, &lpg, &b, HVTLFS_PLAN_OPTS_);
		assert_int_equal(ra, rb);
		assert_true(a.form == b.form && a.control == b.control &&
			    a.input_size == b.input_size);
		if (a.form == HVTLFS_FORM_FAST)
			assert_true(a.regs[0] == b.regs[0] && a.regs[1] == b.regs[1]);
		if (a.form == HVTLFS_FORM_SLOW)
			assert_memory_equal(page, lib_page, a.input_size);

		memset(&gr, 0, sizeof(gr));
		one.first = (x & 0x8000) ? HVTLFS_RANGE_MAX_PAGE - (testutil_next() % 4u)
					 : testutil_next() % 0x100000u;
		one.count = testutil_next() % 2100u;
		gr.ranges = &one;
		gr.nranges = (x & 0x10000) ? 0 : 1;
		gr.address_space = testutil_next() & ~(uint64_t)0xFFF;
		gr.nested = (x & 0x20000) != 0;
		gr.mapping_size = (x & 0x40000) ? HVTLFS_MAPPING_2M : (x & 0x80000) ? 12345u : 0u;
		gr.flags = (x & 0x100000) ? HVTLFS_POLICY_NO_XMM : 0u;
		ra = hvtlfs_gpa_flush_plan_build(&gr, &feat, &pg, &ga);
		rb = hvtlfs_gpa_flush_plan_build_(&gr, &feat, &lpg, &gb, HVTLFS_PLAN_OPTS_);
		assert_int_equal(ra, rb);
		assert_same_gpa_plan(&ga, &gb, lib_page);
	}
}

/* The IPI planner from a CPU source, its inline loop handing the library where it
 * stopped (a VP at 64 or above) and the mask so far: random sources of up to 320 CPUs
 * (VPs in CPU order, reversed, scattered below 256, or one at 4096 and up), a sender
 * left out or not, planned through the inline path and checked against the HV_VP_SET
 * written here from the definition: banks 0 to the highest with a VP, all but the
 * sender's bit. */
static void test_ipi_source_resume(void **state)
{
	enum {
		NCPU = 320,
		LB = 8 * sizeof(unsigned long)
	};
	static unsigned long cpus[NCPU / LB];
	static uint32_t vp_of[NCPU];
	struct hvtlfs_vp_source src;
	unsigned int iter;
	(void)state;

	testutil_seed(0x5EED1B1u);
	for (iter = 0; iter < 6000; iter++) {
		struct hvtlfs_ipi_request r;
		struct hvtlfs_ipi_plan o;
		uint64_t x = testutil_next(), want[64];
		size_t ncpus = 1u + (size_t)(testutil_next() % NCPU), k, top = 0;
		uint32_t density = (uint32_t)(x >> 8) % 4u;
		bool any = false, bad = false;
		int rc;

		ipi_features();
		memset(cpus, 0, sizeof(cpus));
		memset(want, 0, sizeof(want));
		for (k = 0; k < NCPU; k++) {
			vp_of[k] = (x & 3) == 0	  ? (uint32_t)k
				   : (x & 3) == 1 ? (uint32_t)(NCPU - 1 - k)
				   : (x & 3) == 2 ? (uint32_t)(testutil_next() % 256u)
						  : (uint32_t)k + (k == 100 ? 4000u : 0u);
			if (density == 0 || testutil_next() % 4u < density)
				cpus[k / LB] |= 1ul << (k % LB);
		}
		memset(&r, 0, sizeof(r));
		src.cpus = cpus;
		src.ncpus = ncpus;
		src.vp_of_cpu = vp_of;
		r.vps.source = &src;
		r.vector = 0x40;
		r.exclude_self = (x & 4) != 0;
		r.self_vp = (uint32_t)(testutil_next() % 330u);
		for (k = 0; k < ncpus; k++) {
			uint32_t vp = vp_of[k];

			if (!(cpus[k / LB] >> (k % LB) & 1))
				continue;
			if (vp >= 4096u) {
				bad = true;
				continue;
			}
			if (r.exclude_self && vp == r.self_vp)
				continue;
			want[vp / 64] |= (uint64_t)1 << (vp % 64);
			any = true;
			if (vp / 64 > top)
				top = vp / 64;
		}
		memset(page, 0xA5, sizeof(page));
		rc = hvtlfs_ipi_plan_build(&r, &feat, &pg, &o);
		if (bad) {
			assert_int_equal(rc, HVTLFS_ERR_VP_RANGE);
			continue;
		}
		assert_int_equal(rc, HVTLFS_OK);
		if (!any) {
			assert_int_equal(o.form, HVTLFS_FORM_NONE);
		} else if (top == 0) {
			assert_int_equal(o.form, HVTLFS_FORM_FAST);
			assert_true(o.regs[1] == want[0]);
		} else {
			const uint64_t *in = o.form == HVTLFS_FORM_SLOW ? page : o.regs;

			assert_true(o.control == (0x0015u | ((uint64_t)(top + 1)
							     << HVTLFS_CONTROL_VARHDR_SHIFT)));
			assert_true(in[0] == 0x40 && in[1] == HVTLFS_GENERIC_SET_SPARSE_4K &&
				    in[2] == HVTLFS_MASK64(top + 1));
			assert_memory_equal(in + 3, want, (top + 1) * 8);
		}
	}
}

/* The flush planner's inline half plans exactly what the library plans: random
 * one-range requests (any length, aligned to 4 KiB, 2 MiB or 1 GiB or not, every mapping
 * size, valid or not), bitmaps, policies and features, planned both ways, the same plan
 * and bytes. */
static void test_inline_flush_same_as_library(void **state)
{
	static uint64_t lib_page[512] __attribute__((aligned(4096)));
	static const uint32_t sizes[] = { 0, HVTLFS_MAPPING_4K, HVTLFS_MAPPING_2M,
					  HVTLFS_MAPPING_1G, 8192u };
	static const unsigned int shifts[] = { 0, 12, 21, 30 };
	static const uint64_t edges[] = { 4096ull << 12, 4097ull << 12, 2048ull << 21,
					  2049ull << 21, 4096ull << 21, 2048ull << 30,
					  2049ull << 30 };
	struct hvtlfs_input_page lpg, small;
	unsigned int iter;
	(void)state;
	assert_int_equal(hvtlfs_input_page_init(&lpg, lib_page, (uintptr_t)lib_page, 4096),
			 HVTLFS_OK);
	/* A page too small for one entry: planned by the library, which says so. */
	assert_int_equal(hvtlfs_input_page_init(&small, page, (uintptr_t)page, 24), HVTLFS_OK);
	testutil_seed(0x5EEDF1A5u);
	for (iter = 0; iter < 20000; iter++) {
		struct hvtlfs_flush_request req;
		struct hvtlfs_flush_policy pol;
		struct hvtlfs_flush_plan a, b;
		struct hvtlfs_range two[2], *const one = &two[0];
		const uint64_t x = testutil_next(), y = testutil_next(), z = testutil_next();
		const unsigned int sa = shifts[x % 4u], sl = shifts[(x >> 2) % 4u];
		const bool use_small = (x & 0x3000000) == 0;
		int ra, rb;

		reset(testutil_next() & testutil_next());
		feat.ext_gva_ranges = (z & 0x7) != 0;
		feat.remote_tlb_flush_recommended = (x & 0xE0) != 0;
		feat.ex_processor_masks_recommended = (x & 0x100) != 0;
		if ((x & 0x600) == 0)
			bm[1 + (y % 3u)] = 1;
		memset(&req, 0, sizeof(req));
		req.vps.bitmap = (x & 0x7800) != 0 ? bm : NULL;
		req.vps.words = 1u + (size_t)((x >> 16) % 4u);
		req.vps.all = (x & 0x1F8000000) == 0;
		req.everything = (x & 0x3C00000000) == 0;
		req.all_spaces = (x & 0x4000000000) != 0;
		req.non_global_only = (x & 0x8000000000) != 0;
		req.address_space = y & ~(uint64_t)0xFFF;
		req.mapping_size = sizes[(z >> 12) % 5u];
		/* A start aligned to 2^sa (at 0x7f..., or near the top), a length of a
		 * multiple of 2^sl (plus a few bytes sometimes), 1 to 9000 units. */
		one->start =
			((z & 0x38) == 0 ? ~(uint64_t)0 - (testutil_next() % (16ull << 30))
					 : 0x7f0000000000u + (testutil_next() % (64ull << 30))) &
			~(((uint64_t)1 << sa) - 1u);
		one->length = (1u + testutil_next() % 9000u) << sl;
		if ((z & 0x800) == 0) /* the edges of one entry */
			one->length = edges[(z >> 16) % (sizeof(edges) / sizeof(edges[0]))];
		if ((z & 0x1C0) == 0)
			one->length += testutil_next() % 4096u;
		if ((x & 0x380000000000) == 0)
			one->length = 0;
		/* A second range, for requests of two: 64 KiB past the first. */
		two[1].start = one->start + 0x10000u;
		two[1].length = 4096;
		req.ranges = (x & 0x3C00000000000) != 0 ? two : NULL;
		req.nranges = (x & 0x1C000000000000) != 0 ? 1u : 2u;
		memset(&pol, 0, sizeof(pol));
		pol.flags = (unsigned int)((y >> 20) & 7u);
		pol.max_list_entries = (uint32_t)((y >> 23) % 3u);
		ra = hvtlfs_flush_plan_build(&req, &feat, (z & 0x600) == 0 ? &pol : NULL,
					     use_small ? &small : &pg, &a);
		rb = hvtlfs_flush_plan_build_(&req, &feat, (z & 0x600) == 0 ? &pol : NULL,
					      use_small ? &small : &lpg, &b, HVTLFS_PLAN_OPTS_);
		assert_int_equal(ra, rb);
		assert_true(a.form == b.form && a.control == b.control &&
			    a.input_size == b.input_size && a.entries == b.entries &&
			    a.max_vps == b.max_vps && a.address_space == b.address_space &&
			    a.start == b.start && a.last == b.last);
		if (a.form == HVTLFS_FORM_SLOW && !use_small)
			assert_memory_equal(page, lib_page, a.input_size);
	}
}

static int setup(void **state)
{
	(void)state;
	return hvtlfs_input_page_init(&pg, page, (uintptr_t)page, sizeof(page));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fallback_and_nothing),
		cmocka_unit_test(test_vp2_space),
		cmocka_unit_test(test_vp2_list),
		cmocka_unit_test(test_ex),
		cmocka_unit_test(test_all),
		cmocka_unit_test(test_thresholds),
		cmocka_unit_test(test_large_pages),
		cmocka_unit_test(test_mapping_size_errors),
		cmocka_unit_test(test_mapping_property),
		cmocka_unit_test(test_xmm),
		cmocka_unit_test(test_errors),
		cmocka_unit_test(test_never_empty_mask),
		cmocka_unit_test(test_same_as_reference),
		cmocka_unit_test(test_ipi_plan),
		cmocka_unit_test(test_ipi_errors),
		cmocka_unit_test(test_ipi_bitmap_banks),
		cmocka_unit_test(test_ipi_source_no_page),
		cmocka_unit_test(test_ipi_source_small_page),
		cmocka_unit_test(test_gpa_plan),
		cmocka_unit_test(test_gpa_errors),
		cmocka_unit_test(test_lists_after_a_run_apart),
		cmocka_unit_test(test_guard_after_page),
		cmocka_unit_test(test_gpa_space_plan),
		cmocka_unit_test(test_gpa_space_errors),
		cmocka_unit_test(test_gpa_space_same_as_build),
		cmocka_unit_test(test_gpa_space_plan_as),
		cmocka_unit_test(test_gpa_one_range_near_top),
		cmocka_unit_test(test_input_page),
		cmocka_unit_test(test_inline_same_as_library),
		cmocka_unit_test(test_ipi_source_resume),
		cmocka_unit_test(test_inline_flush_same_as_library),
	};
	return cmocka_run_group_tests(tests, setup, NULL);
}
