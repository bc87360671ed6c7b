/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * libFuzzer harness for the three planners (hvtlfs_flush_plan_build(),
 * hvtlfs_ipi_plan_build(), hvtlfs_gpa_flush_plan_build()), their inline halves and
 * the library's (and hvtlfs_gpa_flush_plan_ranges() in a space set up for the same
 * request, which must plan the same), on requests of any shape: VP bitmaps and CPU
 * sources of any length and value, any number of ranges of any value, any features,
 * policy and flags, and an input page of any size and place within its 4 KiB page.
 *
 * Every array the planner is given is allocated at its exact size, so that a read past
 * it is a sanitizer report; the input page's 4 KiB holds a canary outside the bytes the
 * description grants, so that a write outside them is caught. Invariants (the
 * planners' documented contract, planner.h):
 * - the return is HVTLFS_OK or one of the errors the planner documents;
 * - on an error the plan's form is HVTLFS_FORM_NONE (issuing it makes no call);
 * - on success a slow form's input fits the page and the plan points to it; a register
 *   form's input fits its registers (16 bytes for FAST, HVTLFS_FAST_XMM_BYTES for XMM);
 * - the flush planners' rep count is the control word's (TLFS "Hypercall Inputs":
 *   bits 43-32); nothing outside the page's granted bytes changes.
 *
 * Input layout: byte 0 selects the planner (bits 0-1) and the targets (bits 2-3: a
 * bitmap, a CPU source, every VP); byte 1 the features, byte 2 the request's flags;
 * bytes 3-4 the page's size, 5-6 its offset; 7 the bitmap words / CPU words; 8 the
 * ranges; then the words of the bitmap or CPU source, the VP table, the ranges (16
 * bytes each), the address space, vector, sender and VP count; missing bytes are 0.
 */
#include "fuzz.h"

#include "hvtlfs/planner.h"

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#include <sanitizer/asan_interface.h>
#define FZ_POISON(p, n)	  ASAN_POISON_MEMORY_REGION(p, n)
#define FZ_UNPOISON(p, n) ASAN_UNPOISON_MEMORY_REGION(p, n)
#endif
#endif
#ifndef FZ_POISON
#define FZ_POISON(p, n)	  ((void)(p), (void)(n))
#define FZ_UNPOISON(p, n) ((void)(p), (void)(n))
#endif

#define FZ_PAGE	  4096u
#define FZ_CANARY 0xA5u
#define FZ_LBITS  (8u * sizeof(unsigned long))

/* The fuzzer's bytes, read in order; 0 past the end. */
struct fz_in {
	const uint8_t *p;
	size_t n;
};

static uint64_t take(struct fz_in *in, size_t bytes)
{
	uint8_t b[8] = { 0 };
	size_t k = bytes < in->n ? bytes : in->n;

	memcpy(b, in->p, k);
	in->p += k;
	in->n -= k;
	return fuzz_le(b, bytes);
}

/* A page-sized, page-aligned buffer: the canary everywhere, [off, off + size) poisoned
 * nowhere else (reads outside the grant are then reports under ASan). */
static uint8_t *page_buf(void)
{
	static uint8_t *buf;

	if (!buf) {
		buf = aligned_alloc(FZ_PAGE, FZ_PAGE);
		CHECK(buf != NULL);
	}
	FZ_UNPOISON(buf, FZ_PAGE);
	memset(buf, FZ_CANARY, FZ_PAGE);
	return buf;
}

static void grant(uint8_t *buf, size_t off, size_t size)
{
	FZ_POISON(buf, off);
	FZ_POISON(buf + off + size, FZ_PAGE - off - size);
}

static void check_canary(uint8_t *buf, size_t off, size_t size)
{
	size_t i;

	FZ_UNPOISON(buf, FZ_PAGE);
	for (i = 0; i < off; i++)
		CHECK(buf[i] == FZ_CANARY);
	for (i = off + size; i < FZ_PAGE; i++)
		CHECK(buf[i] == FZ_CANARY);
}

/*
 * What every plan promises: on an error the form NONE; on success a slow form's input in
 * the page it points to, a register form's in its registers (HVTLFS_FORM_FAST: RDX and
 * R8; XMM: HVTLFS_FAST_XMM_BYTES), and for a list plan (@entries not NULL) its entries
 * the control word's rep count. @other: the one form a planner may give besides SLOW
 * and XMM (NONE for nothing to do, FAST for the register call).
 */
static void check_plan(int rc, uint32_t form, uint32_t input_size,
		       const struct hvtlfs_input_page *at, const struct hvtlfs_input_page *page,
		       size_t psize, uint32_t other, uint64_t control, const uint32_t *entries)
{
	if (rc != HVTLFS_OK) {
		CHECK(form == HVTLFS_FORM_NONE);
		return;
	}
	if (form == HVTLFS_FORM_SLOW)
		CHECK(at == page && input_size <= psize);
	else if (form == HVTLFS_FORM_XMM)
		CHECK(input_size <= HVTLFS_FAST_XMM_BYTES);
	else
		CHECK(form == other &&
		      (form != HVTLFS_FORM_FAST || input_size <= HVTLFS_FAST_GPR_BYTES));
	if (entries && form != HVTLFS_FORM_NONE)
		CHECK(*entries ==
		      (form == HVTLFS_FORM_FAST ? 0 : hvtlfs_control_rep_count(control)));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fz_in in = { data, size };
	unsigned sel = (unsigned)take(&in, 1), feat = (unsigned)take(&in, 1);
	unsigned flags = (unsigned)take(&in, 1);
	size_t psize = (size_t)take(&in, 2) % (FZ_PAGE + 1u);
	size_t poff = (size_t)take(&in, 2) % FZ_PAGE;
	size_t nwords = (size_t)take(&in, 1) % 70u, nranges = (size_t)take(&in, 1) % 40u;
	unsigned targets = (sel >> 2) & 3u;
	struct hvtlfs_features f;
	struct hvtlfs_input_page page;
	struct hvtlfs_vp_source src;
	struct hvtlfs_vp_targets vps;
	uint64_t *bitmap = NULL;
	unsigned long *cpus = NULL;
	uint32_t *vp_of_cpu = NULL;
	size_t ncpus = 0, i;
	uint8_t *buf = page_buf();
	bool page_ok;
	int rc;

	/* The description: any offset and size, the offset's bits as the GPA's (a
	 * mismatch now and then, to be refused); an odd offset or a size past the page
	 * are refused by hvtlfs_input_page_init() and then given by hand. */
	if (poff + psize > FZ_PAGE)
		psize = FZ_PAGE - poff;
	memset(&page, 0, sizeof(page));
	page_ok = hvtlfs_input_page_init(&page, buf + poff,
					 0x7F000000ull + poff + ((flags & 0x80u) ? 8u : 0u),
					 psize) == HVTLFS_OK;
	if (!page_ok) {
		page.va = buf + poff;
		page.gpa = 0x7F000000ull + poff;
		page.size = psize;
	}
	grant(buf, poff, psize);

	memset(&f, 0, sizeof(f));
	f.remote_tlb_flush_recommended = (feat & 1u) != 0;
	f.ex_processor_masks_recommended = (feat & 2u) != 0;
	f.ext_gva_ranges = (feat & 4u) != 0;
	f.xmm_input = (feat & 8u) != 0;
	f.cluster_ipi_recommended = (feat & 16u) != 0;
	f.nested.gpa_flush_hypercalls = (feat & 32u) != 0;
	f.max_vps = (feat & 64u) ? 4096u : 64u;

	/* The targets: a bitmap of nwords words, a CPU source of nwords CPU words (its
	 * VP table: 2 bytes a CPU, any value up to 0xFFFF, past 4096 refused), or all. */
	memset(&vps, 0, sizeof(vps));
	if (targets == 1u) {
		ncpus = nwords * FZ_LBITS - (flags & 0x3Fu) % FZ_LBITS;
		if (nwords == 0)
			ncpus = 0;
		if (nwords) {
			cpus = malloc(nwords * sizeof(*cpus));
			vp_of_cpu = malloc(ncpus * sizeof(*vp_of_cpu) + 1u);
			CHECK(cpus && vp_of_cpu);
			for (i = 0; i < nwords; i++)
				cpus[i] = (unsigned long)take(&in, sizeof(unsigned long));
			for (i = 0; i < ncpus; i++)
				vp_of_cpu[i] = (uint32_t)take(&in, 1) |
					       ((uint32_t)(take(&in, 1) & 0x1Fu) << 8);
		}
		src.cpus = cpus;
		src.ncpus = ncpus;
		src.vp_of_cpu = vp_of_cpu;
		vps.source = &src;
	} else if (targets == 2u) {
		vps.all = true;
	} else {
		if (nwords) {
			bitmap = malloc(nwords * sizeof(*bitmap));
			CHECK(bitmap != NULL);
			for (i = 0; i < nwords; i++) {
				/* Sparse words now and then: a few low VPs, the usual case. */
				bitmap[i] = take(&in, 8);
				if (flags & 0x40u)
					bitmap[i] &= i < 2 ? 0x0101010101010101ull : 0;
			}
		}
		vps.bitmap = bitmap;
		vps.words = nwords;
	}

	switch (sel & 3u) {
	case 0:
	case 3: {
		struct hvtlfs_flush_request req;
		struct hvtlfs_flush_policy pol;
		struct hvtlfs_flush_plan plan;
		struct hvtlfs_range *ranges = nranges ? malloc(nranges * sizeof(*ranges)) : NULL;
		static const uint32_t maps[5] = { 0, 4096u, 2u << 20, 1u << 30, 8192u };

		CHECK(!nranges || ranges);
		for (i = 0; i < nranges; i++) {
			ranges[i].start = take(&in, 8);
			ranges[i].length = take(&in, 8);
			if (flags & 0x20u) { /* small, page-granular ranges: the common lists */
				ranges[i].start &= 0xFFFFF000ull;
				ranges[i].length = (ranges[i].length & 0x3FFFFull) + 1u;
			}
		}
		memset(&req, 0, sizeof(req));
		req.vps = vps;
		req.address_space = take(&in, 8);
		req.all_spaces = (flags & 1u) != 0;
		req.non_global_only = (flags & 2u) != 0;
		req.everything = (flags & 4u) != 0 && (flags & 8u) != 0;
		req.mapping_size = maps[(flags >> 3) % 5u];
		req.ranges = ranges;
		req.nranges = nranges;
		memset(&pol, 0, sizeof(pol));
		pol.max_list_entries = (uint32_t)take(&in, 2) & 0x7FFu;
		pol.flags = (unsigned)take(&in, 1) & 7u;
		memset(&plan, 0x5A, sizeof(plan));
		rc = hvtlfs_flush_plan_build(&req, &f, (sel & 1u) ? &pol : NULL, &page, &plan);
		CHECK(rc == HVTLFS_OK || rc == HVTLFS_ERR_NULL || rc == HVTLFS_ERR_ALIGNMENT ||
		      rc == HVTLFS_ERR_PAGE_MISMATCH || rc == HVTLFS_ERR_MAPPING_SIZE ||
		      rc == HVTLFS_ERR_FALLBACK || rc == HVTLFS_ERR_VP_RANGE ||
		      rc == HVTLFS_ERR_EMPTY_RANGE || rc == HVTLFS_ERR_RANGE_WRAP ||
		      rc == HVTLFS_ERR_NO_SPACE);
		check_plan(rc, plan.form, plan.input_size, plan.page, &page, psize,
			   HVTLFS_FORM_NONE, plan.control, &plan.entries);
		(void)hvtlfs_flush_plan_nvps(&plan);
		free(ranges);
		break;
	}
	case 1: {
		struct hvtlfs_ipi_request req;
		struct hvtlfs_ipi_plan plan;

		memset(&req, 0, sizeof(req));
		req.vps = vps;
		req.exclude_self = (flags & 1u) != 0;
		req.self_vp = (uint32_t)take(&in, 2) & 0x1FFFu;
		req.vp_count = (uint32_t)take(&in, 2) & 0x1FFFu;
		req.vector = (uint32_t)take(&in, 2) & 0x1FFu;
		req.flags = (flags >> 1) & 3u;
		memset(&plan, 0x5A, sizeof(plan));
		rc = hvtlfs_ipi_plan_build(&req, &f, (flags & 8u) ? NULL : &page, &plan);
		CHECK(rc == HVTLFS_OK || rc == HVTLFS_ERR_NULL || rc == HVTLFS_ERR_VECTOR_RANGE ||
		      rc == HVTLFS_ERR_FALLBACK || rc == HVTLFS_ERR_VP_RANGE ||
		      rc == HVTLFS_ERR_NO_VP_COUNT || rc == HVTLFS_ERR_ALIGNMENT ||
		      rc == HVTLFS_ERR_PAGE_MISMATCH || rc == HVTLFS_ERR_NO_SPACE);
		if (rc != HVTLFS_OK || plan.form != HVTLFS_FORM_NONE)
			check_plan(rc, plan.form, plan.input_size, plan.page, &page, psize,
				   HVTLFS_FORM_FAST, plan.control, NULL);
		break;
	}
	default: {
		struct hvtlfs_gpa_flush_request req;
		struct hvtlfs_gpa_flush_plan plan;
		struct hvtlfs_page_range *ranges =
			nranges ? malloc(nranges * sizeof(*ranges)) : NULL;
		static const uint32_t maps[5] = { 0, 4096u, 2u << 20, 1u << 30, 8192u };

		CHECK(!nranges || ranges);
		for (i = 0; i < nranges; i++) {
			ranges[i].first = take(&in, 8);
			ranges[i].count = take(&in, 8);
			if (flags & 0x20u) { /* small lists of small runs */
				ranges[i].first &= 0xFFFFFull;
				ranges[i].count = (ranges[i].count & 0x3FFull) + 1u;
			}
		}
		memset(&req, 0, sizeof(req));
		req.address_space = take(&in, 8);
		req.ranges = ranges;
		req.nranges = nranges;
		req.everything = (flags & 4u) != 0 && (flags & 8u) != 0;
		req.mapping_size = maps[(flags >> 3) % 5u];
		req.nested = (flags & 1u) != 0;
		req.flags = (flags >> 1) & 6u;
		req.max_list_entries = (uint32_t)take(&in, 2) & 0x7FFu;
		memset(&plan, 0x5A, sizeof(plan));
		rc = hvtlfs_gpa_flush_plan_build(&req, &f, (flags & 0x10u) ? NULL : &page, &plan);
		CHECK(rc == HVTLFS_OK || rc == HVTLFS_ERR_NULL || rc == HVTLFS_ERR_FALLBACK ||
		      rc == HVTLFS_ERR_MAPPING_SIZE || rc == HVTLFS_ERR_EMPTY_RANGE ||
		      rc == HVTLFS_ERR_RANGE_WRAP || rc == HVTLFS_ERR_ALIGNMENT ||
		      rc == HVTLFS_ERR_PAGE_MISMATCH);
		check_plan(rc, plan.form, plan.input_size, plan.page, &page, psize,
			   HVTLFS_FORM_FAST, plan.control, &plan.entries);
		if (!req.everything) {
			/* The same flush in a space set up once: the same return, plan and
			 * bytes (hvtlfs_gpa_flush_plan_ranges()'s contract). */
			struct hvtlfs_gpa_flush_space space;
			struct hvtlfs_gpa_flush_plan p2;
			uint8_t *copy = psize ? malloc(psize) : NULL;
			int ri, r2;

			CHECK(!psize || copy);
			if (psize)
				memcpy(copy, buf + poff, psize);
			ri = hvtlfs_gpa_flush_space_init(&space, &req, &f,
							 (flags & 0x10u) ? NULL : &page);
			memset(&p2, 0x5A, sizeof(p2));
			r2 = hvtlfs_gpa_flush_plan_ranges(&space, ranges, nranges, &p2);
			CHECK(ri == HVTLFS_OK || ri == r2);
			CHECK(r2 == rc && p2.form == plan.form && p2.control == plan.control &&
			      p2.input_size == plan.input_size && p2.entries == plan.entries &&
			      p2.page == plan.page);
			if (rc == HVTLFS_OK)
				CHECK(p2.address_space == plan.address_space);
			if (plan.form == HVTLFS_FORM_FAST || plan.form == HVTLFS_FORM_XMM)
				CHECK(!memcmp(p2.regs, plan.regs, plan.input_size));
			CHECK(!psize || !memcmp(copy, buf + poff, psize));
			free(copy);
		}
		free(ranges);
		break;
	}
	}
	check_canary(buf, poff, psize);
	free(bitmap);
	free(cpus);
	free(vp_of_cpu);
	return 0;
}
