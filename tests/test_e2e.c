/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * End to end: flush planner -> hypercall wrappers -> hvtlfs::mock page -> the
 * register-level dispatcher (hvtlfs_dispatch()) and its decoder. Seeded random requests must be flushed on every
 * requested VP and page (a whole-space flush covers all pages) and on no VP
 * outside the request unless the planner chose ALL; plus the scenarios of KVM's
 * Hyper-V TLB-flush selftest.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <string.h>

#include "hvtlfs/mock_dispatch.h"

/* The per-flush trace hook, chosen at compile time. */
static struct {
	unsigned n;
	uint32_t nvps;
	uint64_t as, start, last;
} trace;
#define HVTLFS_FLUSH_TRACE(nvps_, as_, start_, last_)                                              \
	(trace.n++, trace.nvps = (nvps_), trace.as = (as_), trace.start = (start_),                \
	 trace.last = (last_))

/* The XMM hooks: how deep inside begin/end the code is, and how often each ran. */
static struct {
	int depth, depth_in_call;
	unsigned begins, ends;
} xmm_hooks = { 0, -1, 0, 0 };
#define HVTLFS_XMM_BEGIN() (xmm_hooks.depth++, xmm_hooks.begins++)
#define HVTLFS_XMM_END()   (xmm_hooks.depth--, xmm_hooks.ends++)

/* The IPI and guest-physical flush trace hooks. */
static unsigned ipi_traces, gpa_traces;
#define HVTLFS_IPI_TRACE(vector_, control_)   ((void)(vector_), (void)(control_), ipi_traces++)
#define HVTLFS_GPA_FLUSH_TRACE(as_, entries_) ((void)(as_), (void)(entries_), gpa_traces++)

/* Runs between rep iterations: a test may change the input page there. */
static void (*between_reps)(void);
#define HVTLFS_REP_ITERATION_HOOK() (between_reps ? between_reps() : (void)0)

#include "hvtlfs/issue.h"
#include "hvtlfs/flush.h"
#include "hvtlfs/hypercall.h"
#include "hvtlfs/hvcall.h"
#include "hvtlfs/dispatch.h"

#include "testutil.h"

static uint64_t page[512] __attribute__((aligned(4096)));
/* The input page as the planners take it: in the mock a GPA is the host address. */
static struct hvtlfs_input_page pg;
static struct hvtlfs_flush_plan plan_e2e;

/* ---- The hypervisor: hvtlfs_dispatch() behind the mock, whose handler records
 * what it would flush (and the request of each call it refused). ---- */

#define MAX_RECORDS 600
struct record {
	struct hvtlfs_hvcall_request req;
	uint32_t first; /* index into pool */
};
static struct record records[MAX_RECORDS];
static struct hvtlfs_range_entry pool[4096];
static unsigned nrecords, npool;
static struct {
	size_t cap; /* reps a handler call does: small values force continuations */
	int rc;	    /* the first hvtlfs_dispatch() failure */
} hv;

/* The mock's hypervisor (hvtlfs_mock_hypervisor_init()). */
static struct hvtlfs_mock_hypervisor hv_mock;

static void record_req(const struct hvtlfs_hvcall_request *q, const struct hvtlfs_range_entry *rg,
		       uint32_t n)
{
	struct record *rec = &records[nrecords++];

	rec->req = *q;
	rec->req.nranges = n;
	rec->first = npool;
	if (n)
		memcpy(pool + npool, rg, n * sizeof(*rg));
	npool += n;
}

/* Every call the guest makes here: does at most hv.cap reps (then yields), records
 * the request with the ranges of the reps it did. */
static void record_call(void *ctx, const struct hvtlfs_dispatch_call *call,
			struct hvtlfs_dispatch_reply *reply)
{
	uint32_t done = call->rep_limit, n;

	(void)ctx;
	if (call->rep_count && done - call->rep_start > hv.cap) {
		done = call->rep_start + (uint32_t)hv.cap;
		reply->reps_completed = done;
	}
	n = call->rep_count ? done - call->rep_start : 0;
	if (n > call->req->nranges)
		n = call->req->nranges;
	if (nrecords >= MAX_RECORDS || npool + n > 4096) {
		reply->status = HVTLFS_STATUS_INSUFFICIENT_MEMORY;
		reply->reps_completed = call->rep_start;
		return;
	}
	record_req(call->req, call->ranges, n);
}

static const struct hvtlfs_dispatch_handler hv_handlers[] = {
	{ HVTLFS_CALL_FLUSH_VIRTUAL_ADDRESS_SPACE, record_call },
	{ HVTLFS_CALL_FLUSH_VIRTUAL_ADDRESS_LIST, record_call },
	{ HVTLFS_CALL_FLUSH_VIRTUAL_ADDRESS_SPACE_EX, record_call },
	{ HVTLFS_CALL_FLUSH_VIRTUAL_ADDRESS_LIST_EX, record_call },
	{ HVTLFS_CALL_SEND_SYNTHETIC_CLUSTER_IPI, record_call },
	{ HVTLFS_CALL_SEND_SYNTHETIC_CLUSTER_IPI_EX, record_call },
	{ HVTLFS_CALL_NOTIFY_LONG_SPIN_WAIT, record_call },
	{ HVTLFS_CALL_POST_MESSAGE, record_call },
	{ HVTLFS_CALL_SIGNAL_EVENT, record_call },
	{ HVTLFS_CALL_FLUSH_GUEST_PHYSICAL_ADDRESS_SPACE, record_call },
	{ HVTLFS_CALL_FLUSH_GUEST_PHYSICAL_ADDRESS_LIST, record_call },
};

/* The mock's handler: the call through the dispatcher; a call it refused before any
 * handler ran is recorded from the dispatcher's judgement (its scratch request). */
static void handler(struct hvtlfs_mock_call *call, void *ctx)
{
	unsigned before = nrecords;

	(void)ctx;
	xmm_hooks.depth_in_call = xmm_hooks.depth;
	hvtlfs_mock_dispatch_handler(call, &hv_mock.md);
	if (hv_mock.md.rc != HVTLFS_OK && hv.rc == HVTLFS_OK)
		hv.rc = hv_mock.md.rc;
	if (nrecords == before && hv_mock.md.rc == HVTLFS_OK &&
	    hv_mock.outcome.action == HVTLFS_DISPATCH_DONE && nrecords < MAX_RECORDS)
		record_req(&hv_mock.scratch.req, NULL, 0);
}

/* A partition with the flush and IPI recommendations, PostMessages and SignalEvents,
 * spin waits; @xmm: XMM input (leaf 0x40000003 EDX bit 4), @ext_gva: extended GVA
 * ranges (EDX bit 14). @cap below 512: the TIMEOUT early return, so that the guest's
 * rep loop continues the calls the handler cut short. */
static void hv_reset(bool xmm, bool ext_gva, size_t cap)
{
	nrecords = 0;
	npool = 0;
	hv.cap = cap;
	hv.rc = HVTLFS_OK;
	assert_int_equal(hvtlfs_mock_hypervisor_init(&hv_mock, hv_handlers,
						     sizeof(hv_handlers) / sizeof(hv_handlers[0])),
			 HVTLFS_OK);
	hv_mock.partition.privileges_ebx =
		HVTLFS_CPUID_FEATURES_EBX_POST_MESSAGES | HVTLFS_CPUID_FEATURES_EBX_SIGNAL_EVENTS;
	hv_mock.partition.features_edx = (xmm ? HVTLFS_CPUID_FEATURES_EDX_XMM_INPUT : 0) |
					 (ext_gva ? HVTLFS_CPUID_FEATURES_EDX_EXT_GVA_RANGES : 0);
	hv_mock.partition.hints_eax = HVTLFS_CPUID_HINTS_EAX_REMOTE_TLB_FLUSH |
				      HVTLFS_CPUID_HINTS_EAX_CLUSTER_IPI |
				      HVTLFS_CPUID_HINTS_EAX_EX_PROCESSOR_MASKS;
	hv_mock.partition.spin_retries = 0xFFFu;
	hv_mock.partition.options = cap < 512 ? HVTLFS_DISPATCH_OPT_TIMEOUT : 0;
	hvtlfs_mock_reset();
	/* Where the calls are instructions (arm64's `hvc #0`), the mock takes them from
	 * SIGILL; cmocka sets its own handler around each test, so this goes here. */
	assert_int_equal(hvtlfs_mock_sigill_install(), HVTLFS_OK);
	hvtlfs_mock_set_handler(handler, NULL);
	hvtlfs_mock_set_xmm_volatile(true);
}

static bool covered(uint32_t vp, uint32_t nvps, uint64_t as, uint64_t gva)
{
	unsigned i;
	for (i = 0; i < nrecords; i++) {
		if (hvtlfs_hvcall_flush_covers(&records[i].req, pool + records[i].first, vp, nvps,
					       as, gva))
			return true;
	}
	return false;
}

/* How the calls reach the mock: the fake page, or arm64's `hvc #0` from SIGILL. */
#if HVTLFS_HYPERCALL_METHOD == HVTLFS_HYPERCALL_METHOD_HVC
#define E2E_VIA HVTLFS_MOCK_VIA_HVC
#else
#define E2E_VIA HVTLFS_MOCK_VIA_PAGE
#endif

static int setup(void **state)
{
	(void)state;
	hvtlfs_hypercall_page = hvtlfs_mock_page();
	return hvtlfs_input_page_init(&pg, page, (uintptr_t)page, sizeof(page));
}

/* ---- Seeded random requests. ---- */

static bool in_bitmap(const uint64_t *bm, uint32_t words, uint32_t vp)
{
	return vp / 64u < words && ((bm[vp / 64u] >> (vp % 64u)) & 1u);
}

static void one_random(unsigned iter)
{
	static const uint32_t sizes[] = { 4, 64, 65, 200, 2048, 4096 };
	static uint64_t bm[64];
	static struct hvtlfs_range rg[8];
	struct hvtlfs_features f;
	struct hvtlfs_flush_request r;
	struct hvtlfs_flush_policy pol;
	uint32_t nvps = sizes[testutil_next() % 6], words = (nvps + 63u) / 64u, i, k;
	int rc;

	memset(&f, 0, sizeof(f));
	f.remote_tlb_flush_recommended = (testutil_next() % 50) != 0;
	f.ex_processor_masks_recommended = (testutil_next() % 4) != 0;
	f.xmm_input = testutil_next() & 1;
	f.ext_gva_ranges = testutil_next() & 1;
	f.max_vps = nvps;

	memset(bm, 0, sizeof(bm));
	memset(&r, 0, sizeof(r));
	r.vps.all = (testutil_next() % 10) == 0;
	k = (uint32_t)(testutil_next() % 6);
	for (i = 0; i <= k; i++) {
		uint32_t vp = (testutil_next() & 1)
				      ? (uint32_t)(testutil_next() % (nvps < 64 ? nvps : 64))
				      : (uint32_t)(testutil_next() % nvps);
		bm[vp / 64] |= (uint64_t)1 << (vp % 64);
	}
	if (testutil_next() % 3 == 0) /* a dense first bank */
		bm[0] |= testutil_next() & (nvps >= 64 ? ~0ull : ((1ull << nvps) - 1));
	r.vps.bitmap = bm;
	r.vps.words = words;
	r.address_space = (testutil_next() & 0x000FFFFFFFFFF000ull);
	r.all_spaces = (testutil_next() % 8) == 0;
	r.non_global_only = testutil_next() & 1;
	r.everything = (testutil_next() % 8) == 0;
	r.ranges = rg;
	r.nranges = (size_t)(testutil_next() % 8) + 1;
	for (i = 0; i < r.nranges; i++) {
		uint64_t kind = testutil_next() % 5;
		rg[i].start = testutil_next() & 0x00007FFFFFFFFFFFull;
		if (kind == 0)
			rg[i].length = testutil_next() % 4096 + 1;
		else if (kind == 1)
			rg[i].length = (testutil_next() % 64 + 1) * 4096;
		else if (kind == 2) {
			rg[i].start &= ~0x1FFFFFull;
			rg[i].length = (testutil_next() % 8 + 1) << 21;
		} else if (kind == 3)
			rg[i].length = testutil_next() % (64ull << 20) + 1;
		else {
			rg[i].start &= ~0x3FFFFFFFull;
			rg[i].length = 1ull << 30;
		}
	}
	pol.max_list_entries = (testutil_next() % 4 == 0) ? (uint32_t)(testutil_next() % 64) : 0;
	pol.flags = (uint32_t)(testutil_next() & 7);

	rc = hvtlfs_flush_plan_build(&r, &f, &pol, &pg, &plan_e2e);
	if (rc == HVTLFS_ERR_FALLBACK) {
		size_t top = 0;
		bool high = !r.vps.all && hvtlfs_vp_bitmap_highest(bm, words, &top) && top >= 64;
		assert_true(!f.remote_tlb_flush_recommended ||
			    (high && !f.ex_processor_masks_recommended));
		return;
	}
	assert_int_equal(rc, HVTLFS_OK);
	hv_reset(f.xmm_input, f.ext_gva_ranges,
		 (testutil_next() % 4 == 0) ? (size_t)(testutil_next() % 32) + 1 : 512);
	trace.n = 0;
	rc = hvtlfs_flush_issue(&plan_e2e, NULL);
	assert_int_equal(hv.rc, HVTLFS_OK);
	assert_int_equal(rc, HVTLFS_OK);
	assert_int_equal(trace.n, 1);
	assert_true(nrecords >= 1);

	/* Nothing outside the request: VPs (unless ALL was requested), address spaces. */
	for (i = 0; i < nrecords; i++) {
		const struct hvtlfs_hvcall_request *q = &records[i].req;
		uint32_t cur = 0, vp;
		assert_int_equal(q->kind, HVTLFS_HVCALL_REQ_FLUSH_VA);
		if (hvtlfs_vpset_is_all(&q->vps)) {
			assert_true(r.vps.all);
		} else {
			while (hvtlfs_vpset_next(&q->vps, nvps, &cur, &vp))
				assert_true(in_bitmap(bm, words, vp));
		}
		if (q->flags & HVTLFS_FLUSH_ALL_VIRTUAL_ADDRESS_SPACES)
			assert_true(r.all_spaces);
		else
			assert_true(q->address_space == r.address_space);
	}
	/* Every requested page on every requested VP: first/last page of each range and a
	 * few inside, on every requested VP (or a sample of all VPs). */
	for (k = 0; k < (r.vps.all ? 8u : words * 64u); k++) {
		uint32_t vp = r.vps.all ? (uint32_t)(testutil_next() % nvps) : k;
		if (!r.vps.all && !in_bitmap(bm, words, vp))
			continue;
		if (r.everything) {
			assert_true(covered(vp, nvps, r.address_space, testutil_next()));
			continue;
		}
		for (i = 0; i < r.nranges; i++) {
			uint64_t last = rg[i].start + rg[i].length - 1;
			assert_true(covered(vp, nvps, r.address_space, rg[i].start));
			assert_true(covered(vp, nvps, r.address_space, last));
			assert_true(covered(vp, nvps, r.address_space,
					    rg[i].start + testutil_next() % rg[i].length));
		}
	}
	(void)iter;
}

static void test_random_10000(void **state)
{
	unsigned i;
	(void)state;
	testutil_seed(0x2545F4914F6CDD1Du);
	for (i = 0; i < 10000; i++)
		one_random(i);
}

/* ---- KVM's Hyper-V TLB-flush selftest scenarios. ---- */

struct scenario {
	uint64_t bm[2];
	bool all, list, xmm;
	uint16_t code;
	uint32_t varhdr;
};

static void run_scenario(const struct scenario *sc)
{
	struct hvtlfs_features f;
	struct hvtlfs_flush_request r;
	struct hvtlfs_range rg[2] = { { 0x7f0000000000u, 3 * 4096 }, { 0x10000000u, 1 } };
	const struct hvtlfs_hvcall_request *q;
	uint32_t vp;

	memset(&f, 0, sizeof(f));
	f.remote_tlb_flush_recommended = true;
	f.ex_processor_masks_recommended = true;
	f.xmm_input = sc->xmm;
	f.max_vps = 128;
	memset(&r, 0, sizeof(r));
	r.vps.bitmap = sc->bm;
	r.vps.words = 2;
	r.vps.all = sc->all;
	r.address_space = 0xabc000;
	r.everything = !sc->list;
	r.ranges = rg;
	r.nranges = 2;
	assert_int_equal(hvtlfs_flush_plan_build(&r, &f, NULL, &pg, &plan_e2e), HVTLFS_OK);
	hv_reset(sc->xmm, false, 512);
	trace.n = 0;
	assert_int_equal(hvtlfs_flush_issue(&plan_e2e, NULL), HVTLFS_OK);
	assert_int_equal(nrecords, 1);
	assert_int_equal(hvtlfs_mock_last_call()->via, E2E_VIA);
	assert_int_equal(hvtlfs_control_is_fast(hvtlfs_mock_last_call()->control),
			 sc->xmm && HVTLFS_ARCH_HAS_XMM_HYPERCALL);
	q = &records[0].req;
	assert_int_equal(q->code, sc->code);
	assert_int_equal(hvtlfs_control_var_hdr_size(hvtlfs_mock_last_call()->control), sc->varhdr);
	assert_int_equal(q->status, 0);
	assert_int_equal(hvtlfs_vpset_is_all(&q->vps), sc->all);
	for (vp = 0; vp < 128; vp++) {
		bool want = sc->all || ((sc->bm[vp / 64] >> (vp % 64)) & 1);
		assert_int_equal(covered(vp, 128, 0xabc000, 0x7f0000002000u), want);
		assert_int_equal(covered(vp, 128, 0xabc000, 0x10000000u), want);
	}
	/* A list does not reach past its ranges; a space flush does. */
	assert_int_equal(
		covered(sc->all ? 0 : (sc->bm[0] & 4 ? 2 : 65), 128, 0xabc000, 0x7f0000003000u),
		!sc->list);
	assert_int_equal(trace.n, 1);
	assert_int_equal(trace.nvps, sc->all ? 128u
					     : (uint32_t)(__builtin_popcountll(sc->bm[0]) +
							  __builtin_popcountll(sc->bm[1])));
	assert_true(trace.as == 0xabc000);
	if (sc->list)
		assert_true(trace.start == 0x10000000u && trace.last == 0x7f0000002fffu);
	else
		assert_true(trace.start == 0 && trace.last == HVTLFS_PLAN_LAST_ALL);
}

static void test_kvm_scenarios(void **state)
{
	static const struct scenario sc[] = {
		/* VP 2, VP 65, both; space and list; slow and XMM. */
		{ { 4, 0 }, false, false, false, 0x0002, 0 },
		{ { 4, 0 }, false, true, false, 0x0003, 0 },
		{ { 0, 2 }, false, false, false, 0x0013, 1 },
		{ { 0, 2 }, false, true, false, 0x0014, 1 },
		{ { 4, 2 }, false, false, false, 0x0013, 2 },
		{ { 4, 2 }, false, true, false, 0x0014, 2 },
		{ { 4, 0 }, false, false, true, 0x0002, 0 },
		{ { 4, 0 }, false, true, true, 0x0003, 0 },
		{ { 0, 2 }, false, true, true, 0x0014, 1 },
		{ { 4, 2 }, false, false, true, 0x0013, 2 },
		{ { 4, 2 }, false, true, true, 0x0014, 2 },
		/* ALL_PROCESSORS. */
		{ { 0, 0 }, true, false, false, 0x0002, 0 },
		{ { 0, 0 }, true, true, false, 0x0003, 0 },
		{ { 0, 0 }, true, true, true, 0x0003, 0 },
	};
	size_t i;
	(void)state;
	for (i = 0; i < sizeof(sc) / sizeof(sc[0]); i++)
		run_scenario(&sc[i]);
}

/* Ex with the "all" HV_VP_SET format (the planner uses ALL_PROCESSORS instead). */
static void test_ex_all_format(void **state)
{
	struct hvtlfs_prepared p;
	struct hvtlfs_vp_targets all = { NULL, 0, 1, NULL };
	const uint64_t r1[1] = { 0x5000 };
	uint64_t res;
	(void)state;
	hv_reset(true, false, 512);
	assert_int_equal(hvtlfs_flush_build_list_ex(page, 4096, 0x9000, 0, &all, r1, 1, 0, &p),
			 HVTLFS_OK);
	assert_int_equal(hvtlfs_hypercall_rep(p.control, (uint64_t)(uintptr_t)page, 0, &res),
			 HVTLFS_OK);
	assert_int_equal(nrecords, 1);
	assert_true(hvtlfs_vpset_is_all(&records[0].req.vps));
	assert_true(covered(4095, 4096, 0x9000, 0x5000));
	assert_false(covered(3, 4096, 0x9000, 0x6000));
	assert_int_equal(hvtlfs_flush_build_space_ex(page, 4096, 0x9000, 0, &all, 0, &p),
			 HVTLFS_OK);
	res = hvtlfs_hypercall_slow(p.control, (uint64_t)(uintptr_t)page, 0);
	assert_true(res == 0);
	assert_true(hvtlfs_vpset_is_all(&records[1].req.vps));
	/* Ex with ALL_PROCESSORS and an empty sparse set: the flag wins. */
	{
		struct hvtlfs_vp_targets none = { NULL, 0, 0, NULL };
		assert_int_equal(hvtlfs_flush_build_list_ex(page, 4096, 0x9000,
							    HVTLFS_FLUSH_ALL_PROCESSORS, &none, r1,
							    1, 0, &p),
				 HVTLFS_OK);
		assert_int_equal(
			hvtlfs_hypercall_rep(p.control, (uint64_t)(uintptr_t)page, 0, &res),
			HVTLFS_OK);
		assert_true(hvtlfs_vpset_is_all(&records[2].req.vps));
		assert_true(covered(77, 4096, 0x9000, 0x5000));
		nrecords = 2;
	}
#if HVTLFS_ARCH_HAS_XMM_HYPERCALL
	{
		uint64_t regs[14];
		assert_int_equal(hvtlfs_flush_build_space_ex(regs, sizeof(regs), 0x9000, 0, &all,
							     HVTLFS_CTL_FAST, &p),
				 HVTLFS_OK);
		assert_int_equal(hvtlfs_hypercall_xmm(p.control, regs, p.input_size, NULL, 0, &res),
				 HVTLFS_OK);
		assert_true(res == 0);
		assert_true(hvtlfs_vpset_is_all(&records[2].req.vps));
		/* Without XMM input the hypervisor raises #UD (TLFS "XMM Fast Hypercall
		 * Input"): the dispatcher says so, no handler runs. */
		hv_reset(false, false, 512);
		assert_int_equal(hvtlfs_hypercall_xmm(p.control, regs, p.input_size, NULL, 0, &res),
				 HVTLFS_OK);
		assert_int_equal(hv_mock.outcome.action, HVTLFS_DISPATCH_INJECT_UD);
		assert_int_equal(nrecords, 0);
	}
#endif
}

/* IPIs, events, messages through the wrappers and back. */
static void test_ipi_event_message(void **state)
{
	struct hvtlfs_prepared p;
	uint64_t c, in, res, regs[2];
	const uint64_t bm[2] = { 4, 2 };
	struct hvtlfs_vp_targets t = { bm, 2, 0, NULL };
	(void)state;
	hv_reset(false, false, 512);
	assert_int_equal(hvtlfs_ipi_build(regs, sizeof(regs), 0x31, 0, 0x4, HVTLFS_CTL_FAST, &p),
			 HVTLFS_OK);
	res = hvtlfs_hypercall_fast16(p.control, regs[0], regs[1]);
	assert_true(res == 0);
	assert_true(records[0].req.kind == HVTLFS_HVCALL_REQ_IPI && records[0].req.vector == 0x31);
	assert_true(hvtlfs_vpset_contains(&records[0].req.vps, 2));
	assert_int_equal(hvtlfs_ipi_build_ex(page, 4096, 0x32, 0, &t, 0, &p), HVTLFS_OK);
	res = hvtlfs_hypercall_slow(p.control, (uint64_t)(uintptr_t)page, 0);
	assert_true(res == 0);
	assert_true(hvtlfs_vpset_contains(&records[1].req.vps, 65) &&
		    hvtlfs_vpset_count(&records[1].req.vps, 0) == 2);
	assert_int_equal(hvtlfs_signal_event_build(&c, &in, 0x21, 7), HVTLFS_OK);
	res = hvtlfs_hypercall_fast8(c, in);
	assert_true(res == 0);
	assert_true(records[2].req.connection_id == 0x21 && records[2].req.flag_number == 7);
	assert_int_equal(hvtlfs_spin_wait_build(&c, &in, 99), HVTLFS_OK);
	res = hvtlfs_hypercall_fast8(c, in);
	assert_true(res == 0 && records[3].req.spin_count == 99);
	assert_int_equal(hvtlfs_post_message_build(page, 4096, 5, 1, "hello", 5, &p), HVTLFS_OK);
	res = hvtlfs_hypercall_slow(p.control, (uint64_t)(uintptr_t)page, 0);
	assert_true(res == 0);
	assert_memory_equal(records[4].req.payload, "hello", 5);
	/* A vector the builder would refuse, sent raw: the hypervisor rejects it. */
	res = hvtlfs_hypercall_fast16(0x0Bu, 0x0F, 4);
	assert_true(res == HVTLFS_STATUS_INVALID_PARAMETER);
}

/* The issue result tells the caller to fall back when the hypervisor fails. */
static void test_issue_failures(void **state)
{
	struct hvtlfs_features f;
	struct hvtlfs_flush_request r;
	struct hvtlfs_range rg[3] = { { 0x1000, 1 }, { 0x100000, 1 }, { 0x200000, 1 } };
	uint64_t bm[1] = { 4 }, res = 0;
	struct hvtlfs_mock_response stall[2] = {
		{ HVTLFS_STATUS_TIMEOUT, HVTLFS_MOCK_REPS_ADVANCE, 1 },
		{ HVTLFS_STATUS_TIMEOUT, HVTLFS_MOCK_REPS_ADVANCE, 0 }
	};
	struct hvtlfs_mock_response fail = { HVTLFS_STATUS_INVALID_PARAMETER,
					     HVTLFS_MOCK_REPS_ADVANCE, 0 };
	struct hvtlfs_mock_response over = { HVTLFS_STATUS_SUCCESS, HVTLFS_MOCK_REPS_ABSOLUTE, 9 };
	int form;
	(void)state;
	assert_int_equal(hvtlfs_mock_sigill_install(), HVTLFS_OK);
	for (form = 0; form < 2; form++) {
		memset(&f, 0, sizeof(f));
		f.remote_tlb_flush_recommended = true;
		f.xmm_input = form == 1;
		memset(&r, 0, sizeof(r));
		r.vps.bitmap = bm;
		r.vps.words = 1;
		r.ranges = rg;
		r.nranges = 3;
		assert_int_equal(hvtlfs_flush_plan_build(&r, &f, NULL, &pg, &plan_e2e), HVTLFS_OK);
		hvtlfs_mock_reset();
		assert_int_equal(hvtlfs_mock_script(stall, 2), HVTLFS_OK);
		assert_int_equal(hvtlfs_flush_issue(&plan_e2e, &res), HVTLFS_ERR_REP_STALLED);
		assert_int_equal(hvtlfs_mock_call_count(), 2);
		/* The continuation kept the rep count and moved the rep start. */
		assert_int_equal(hvtlfs_control_rep_count(hvtlfs_mock_last_call()->control), 3);
		assert_int_equal(hvtlfs_control_rep_start(hvtlfs_mock_last_call()->control), 1);
		hvtlfs_mock_reset();
		assert_int_equal(hvtlfs_mock_script(&fail, 1), HVTLFS_OK);
		assert_int_equal(hvtlfs_flush_issue(&plan_e2e, &res), HVTLFS_ERR_HV_STATUS);
		assert_int_equal(hvtlfs_result_status(res), HVTLFS_STATUS_INVALID_PARAMETER);
		hvtlfs_mock_reset();
		assert_int_equal(hvtlfs_mock_script(&over, 1), HVTLFS_OK);
		assert_int_equal(hvtlfs_flush_issue(&plan_e2e, &res), HVTLFS_ERR_REP_OVERSHOOT);
		/* Whole space: a simple call that fails. */
		r.everything = 1;
		assert_int_equal(hvtlfs_flush_plan_build(&r, &f, NULL, &pg, &plan_e2e), HVTLFS_OK);
		hvtlfs_mock_reset();
		assert_int_equal(hvtlfs_mock_script(&fail, 1), HVTLFS_OK);
		assert_int_equal(hvtlfs_flush_issue(&plan_e2e, &res), HVTLFS_ERR_HV_STATUS);
	}
}

/* Between iterations, the flags of the input page turn into one the list refuses. */
static void make_flags_bad(void)
{
	page[1] = HVTLFS_FLUSH_NON_GLOBAL_MAPPINGS_ONLY;
}

/*
 * The decoder's refusals as the guest's rep wrapper sees them: a call refused before its
 * elements reports reps completed = the rep start, so the wrapper reports the status
 * (HVTLFS_ERR_HV_STATUS), at the first call and on a continuation alike.
 */
static void test_refusal_reaches_the_guest(void **state)
{
	struct hvtlfs_prepared p;
	const uint64_t r4[4] = { 0x1000, 0x2000, 0x3000, 0x4000 };
	uint64_t res = 0;
	(void)state;
	hv_reset(false, false, 512);
	assert_int_equal(hvtlfs_flush_build_list(page, 4096, 0x9000, 0, 0x4, r4, 4, 0, &p),
			 HVTLFS_OK);
	page[2] = 0; /* ProcessorMask 0 written behind the builder's back */
	assert_int_equal(hvtlfs_hypercall_rep(hvtlfs_control_with_rep_start(p.control, 2),
					      (uint64_t)(uintptr_t)page, 0, &res),
			 HVTLFS_ERR_HV_STATUS);
	assert_true(res == (HVTLFS_STATUS_INVALID_PARAMETER | (2ull << 32)));
	assert_int_equal(records[0].req.reason, HVTLFS_ERR_EMPTY_VP_MASK);
	assert_false(covered(2, 4, 0x9000, 0x3000));

	/* One range a call: TIMEOUT at 1 (the handler cut it short), then the
	 * continuation (rep start 1) is refused by its flags before any element is read. */
	hv_reset(false, false, 1);
	assert_int_equal(hvtlfs_flush_build_list(page, 4096, 0x9000, 0, 0x4, r4, 4, 0, &p),
			 HVTLFS_OK);
	between_reps = make_flags_bad;
	assert_int_equal(hvtlfs_hypercall_rep(p.control, (uint64_t)(uintptr_t)page, 0, &res),
			 HVTLFS_ERR_HV_STATUS);
	between_reps = NULL;
	assert_true(res == (HVTLFS_STATUS_INVALID_PARAMETER | (1ull << 32)));
	assert_int_equal(hvtlfs_mock_call_count(), 2);
	assert_int_equal(hvtlfs_result_status(hvtlfs_mock_call_at(0)->result),
			 HVTLFS_STATUS_TIMEOUT);
	assert_int_equal(records[0].req.nranges, 1);
	assert_int_equal(records[1].req.reason, HVTLFS_ERR_BAD_FLAGS);
	assert_true(covered(2, 4, 0x9000, 0x1000));
	assert_false(covered(2, 4, 0x9000, 0x2000));
}

/* Planned IPIs, issued through the wrappers, as the dispatcher decodes them. */
static void test_planned_ipi(void **state)
{
	static uint64_t vps[2];
	struct hvtlfs_features f;
	struct hvtlfs_ipi_request r;
	struct hvtlfs_ipi_plan ip;
	uint64_t res = 1;
	(void)state;
	memset(&f, 0, sizeof(f));
	f.cluster_ipi_recommended = true;
	f.ex_processor_masks_recommended = true;
	hv_reset(false, false, 512);
	ipi_traces = 0;
	/* VPs {2, 5}: the fast call, vector 0x31. */
	memset(&r, 0, sizeof(r));
	vps[0] = 0x24;
	vps[1] = 0;
	r.vps.bitmap = vps;
	r.vps.words = 2;
	r.vector = 0x31;
	assert_int_equal(hvtlfs_ipi_plan_build(&r, &f, &pg, &ip), HVTLFS_OK);
	assert_int_equal(ip.form, HVTLFS_FORM_FAST);
	assert_int_equal(hvtlfs_ipi_issue(&ip, &res), HVTLFS_OK);
	assert_true(res == 0);
	assert_int_equal(nrecords, 1);
	assert_int_equal(records[0].req.kind, HVTLFS_HVCALL_REQ_IPI);
	assert_int_equal(records[0].req.code, 0x000B);
	assert_int_equal(records[0].req.vector, 0x31);
	assert_true(hvtlfs_vpset_contains(&records[0].req.vps, 2) &&
		    hvtlfs_vpset_contains(&records[0].req.vps, 5) &&
		    hvtlfs_vpset_count(&records[0].req.vps, 0) == 2);
	/* VP 65 and VP 2 but the sender, VP 2: the Ex call in the page, VP 65 only. */
	vps[0] = 0x4;
	vps[1] = 0x2;
	r.exclude_self = true;
	r.self_vp = 2;
	assert_int_equal(hvtlfs_ipi_plan_build(&r, &f, &pg, &ip), HVTLFS_OK);
	assert_int_equal(ip.form, HVTLFS_FORM_SLOW);
	assert_int_equal(hvtlfs_ipi_issue(&ip, &res), HVTLFS_OK);
	assert_int_equal(nrecords, 2);
	assert_int_equal(records[1].req.code, 0x0015);
	assert_true(hvtlfs_vpset_contains(&records[1].req.vps, 65) &&
		    !hvtlfs_vpset_contains(&records[1].req.vps, 2) &&
		    hvtlfs_vpset_count(&records[1].req.vps, 0) == 1);
	/* Every VP but the sender of 200: never the ALL format, VP 7 left out. */
	memset(&r, 0, sizeof(r));
	r.vps.all = true;
	r.exclude_self = true;
	r.self_vp = 7;
	r.vp_count = 200;
	r.vector = 0xFD;
	assert_int_equal(hvtlfs_ipi_plan_build(&r, &f, &pg, &ip), HVTLFS_OK);
	assert_int_equal(hvtlfs_ipi_issue(&ip, &res), HVTLFS_OK);
	assert_int_equal(nrecords, 3);
	assert_false(hvtlfs_vpset_is_all(&records[2].req.vps));
	assert_false(hvtlfs_vpset_contains(&records[2].req.vps, 7));
	assert_true(hvtlfs_vpset_contains(&records[2].req.vps, 199) &&
		    hvtlfs_vpset_count(&records[2].req.vps, 0) == 199);
	/* Every VP: the Ex call's ALL format. */
	r.exclude_self = false;
	assert_int_equal(hvtlfs_ipi_plan_build(&r, &f, &pg, &ip), HVTLFS_OK);
	assert_int_equal(hvtlfs_ipi_issue(&ip, &res), HVTLFS_OK);
	assert_int_equal(nrecords, 4);
	assert_true(hvtlfs_vpset_is_all(&records[3].req.vps));
	assert_int_equal(ipi_traces, 4);
}

/* Planned guest-physical flushes, nested bit and all, as the dispatcher decodes them. */
static void test_planned_gpa_flush(void **state)
{
	static const struct hvtlfs_page_range pr[2] = { { 0x100, 3 }, { 0x400, 512 } };
	struct hvtlfs_features f;
	struct hvtlfs_gpa_flush_request r;
	struct hvtlfs_gpa_flush_plan gp;
	uint64_t res = 1;
	(void)state;
	memset(&f, 0, sizeof(f));
	f.nested.gpa_flush_hypercalls = true;
	hv_reset(false, false, 512);
	gpa_traces = 0;
	memset(&r, 0, sizeof(r));
	r.address_space = 0x7000;
	r.ranges = pr;
	r.nranges = 2;
	r.nested = true;
	/* 4 KiB mappings: two 4 KiB entries (3 pages, 512 pages), the page. */
	assert_int_equal(hvtlfs_gpa_flush_plan_build(&r, &f, &pg, &gp), HVTLFS_OK);
	assert_int_equal(gp.form, HVTLFS_FORM_SLOW);
	assert_int_equal(gp.entries, 2);
	assert_int_equal(hvtlfs_gpa_flush_issue(&gp, &res), HVTLFS_OK);
	assert_int_equal(nrecords, 1);
	assert_int_equal(records[0].req.kind, HVTLFS_HVCALL_REQ_FLUSH_GPA);
	assert_int_equal(records[0].req.code, 0x00B0);
	assert_true(records[0].req.nested);
	assert_int_equal(records[0].req.address_space, 0x7000);
	assert_int_equal(records[0].req.nranges, 2);
	assert_true(pool[records[0].first].base == 0x100000 &&
		    pool[records[0].first + 1].base == 0x400000);
	/* Everything: HvFlushGuestPhysicalAddressSpace, fast. */
	r.everything = true;
	assert_int_equal(hvtlfs_gpa_flush_plan_build(&r, &f, &pg, &gp), HVTLFS_OK);
	assert_int_equal(gp.form, HVTLFS_FORM_FAST);
	assert_int_equal(hvtlfs_gpa_flush_issue(&gp, &res), HVTLFS_OK);
	assert_int_equal(nrecords, 2);
	assert_int_equal(records[1].req.code, 0x00AF);
	assert_true(records[1].req.whole_space && records[1].req.nested);
	assert_int_equal(gpa_traces, 2);
}

#if HVTLFS_XMM_ENABLED_
/* Every XMM call runs between HVTLFS_XMM_BEGIN() and HVTLFS_XMM_END(); no other call
 * does. */
static void test_xmm_hooks(void **state)
{
	struct hvtlfs_features f;
	struct hvtlfs_flush_request r;
	struct hvtlfs_range one = { 0x400000, 4096 };
	static const uint64_t vps[2] = { 0x1, 0x1 }; /* VPs 0 and 64: the Ex call */
	uint64_t res = 1, buf[4] = { 0 };
	(void)state;
	memset(&f, 0, sizeof(f));
	f.remote_tlb_flush_recommended = true;
	f.ex_processor_masks_recommended = true;
	f.xmm_input = true;
	hv_reset(true, false, 512);
	xmm_hooks.begins = xmm_hooks.ends = 0;
	memset(&r, 0, sizeof(r));
	r.vps.bitmap = vps;
	r.vps.words = 2;
	r.address_space = 0x3000;
	r.ranges = &one;
	r.nranges = 1;
	assert_int_equal(hvtlfs_flush_plan_build(&r, &f, NULL, &pg, &plan_e2e), HVTLFS_OK);
	assert_int_equal(plan_e2e.form, HVTLFS_FORM_XMM);
	xmm_hooks.depth_in_call = -1;
	assert_int_equal(hvtlfs_flush_issue(&plan_e2e, &res), HVTLFS_OK);
	assert_int_equal(xmm_hooks.depth_in_call, 1);
	assert_true(xmm_hooks.begins == 1 && xmm_hooks.ends == 1 && xmm_hooks.depth == 0);
	assert_int_equal(hvtlfs_hypercall_xmm(0x0003, buf, 32, NULL, 0, &res), HVTLFS_OK);
	assert_int_equal(xmm_hooks.depth_in_call, 1);
	assert_true(xmm_hooks.begins == 2 && xmm_hooks.ends == 2);
	/* The slow form: no hook. */
	f.xmm_input = false;
	assert_int_equal(hvtlfs_flush_plan_build(&r, &f, NULL, &pg, &plan_e2e), HVTLFS_OK);
	assert_int_equal(plan_e2e.form, HVTLFS_FORM_SLOW);
	assert_int_equal(hvtlfs_flush_issue(&plan_e2e, &res), HVTLFS_OK);
	assert_int_equal(xmm_hooks.depth_in_call, 0);
	assert_true(xmm_hooks.begins == 2 && xmm_hooks.ends == 2);
}
#endif

/* ---- The mock's hypervisor is the dispatcher ---- */

static struct {
	unsigned int calls;
	uint32_t step; /* reps a handler call does before it yields */
	uint32_t done[8];
	uint64_t address_space;
} dh;

static void dispatch_flush(void *ctx, const struct hvtlfs_dispatch_call *call,
			   struct hvtlfs_dispatch_reply *reply)
{
	uint32_t end = call->rep_start + dh.step;

	(void)ctx;
	if (dh.calls < 8)
		dh.done[dh.calls] = call->rep_start;
	dh.calls++;
	dh.address_space = call->req->address_space;
	if (end < call->rep_limit)
		reply->reps_completed = end; /* yield */
}

static void mock_hv_flush(void *ctx, const struct hvtlfs_dispatch_call *call,
			  struct hvtlfs_dispatch_reply *reply)
{
	(void)ctx;
	(void)reply;
	dh.calls++;
	dh.address_space = call->req->address_space;
}

/* hvtlfs_mock_hypervisor_init(): NULL refused with nothing written; a set-up
 * hypervisor serves its handler's call (HvCallFlushVirtualAddressSpace, TLFS
 * "HvCallFlushVirtualAddressSpace": AddressSpace, Flags, ProcessorMask) and answers
 * a call it has no handler for with HV_STATUS_INVALID_HYPERCALL_CODE (0x0002). */
static void test_mock_hypervisor_init(void **state)
{
	static const struct hvtlfs_dispatch_handler handlers[] = {
		{ HVTLFS_CALL_FLUSH_VIRTUAL_ADDRESS_SPACE, mock_hv_flush },
	};
	static struct hvtlfs_mock_hypervisor mh;
	static struct hvtlfs_mock_hypervisor before;
	uint64_t gpa = (uint64_t)(uintptr_t)page;

	(void)state;
	assert_int_equal(hvtlfs_mock_hypervisor_init(NULL, handlers, 1), HVTLFS_ERR_NULL);
	memset(&mh, 0xA5, sizeof(mh));
	memcpy(&before, &mh, sizeof(mh));
	assert_int_equal(hvtlfs_mock_hypervisor_init(&mh, NULL, 1), HVTLFS_ERR_NULL);
	assert_memory_equal(&mh, &before, sizeof(mh));

	assert_int_equal(hvtlfs_mock_hypervisor_init(&mh, handlers, 1), HVTLFS_OK);
	assert_ptr_equal(mh.dispatcher.partition, &mh.partition);
	assert_ptr_equal(mh.md.dispatcher, &mh.dispatcher);
	assert_ptr_equal(mh.md.scratch, &mh.scratch);
	assert_ptr_equal(mh.md.outcome, &mh.outcome);
	assert_true(mh.partition.privileges_ebx == 0 && mh.partition.hints_eax == 0);
	mh.partition.hints_eax = HVTLFS_CPUID_HINTS_EAX_REMOTE_TLB_FLUSH;

	assert_int_equal(hvtlfs_mock_sigill_install(), HVTLFS_OK);
	hvtlfs_mock_reset();
	hvtlfs_mock_set_handler(hvtlfs_mock_dispatch_handler, &mh.md);
	memset(page, 0, sizeof(page));
	memset(&dh, 0, sizeof(dh));
	page[0] = 0xBEEF000; /* AddressSpace */
	page[2] = 1;	     /* ProcessorMask: VP 0 */
	assert_true(hvtlfs_hypercall_slow(HVTLFS_CALL_FLUSH_VIRTUAL_ADDRESS_SPACE, gpa, 0) == 0);
	assert_int_equal(mh.md.rc, HVTLFS_OK);
	assert_int_equal(mh.outcome.action, HVTLFS_DISPATCH_DONE);
	assert_int_equal(dh.calls, 1);
	assert_true(dh.address_space == 0xBEEF000);

	assert_true((hvtlfs_hypercall_slow(HVTLFS_CALL_FLUSH_GUEST_PHYSICAL_ADDRESS_SPACE, gpa, 0) &
		     0xFFFFu) == 0x0002u);
	assert_int_equal(dh.calls, 1);
	hvtlfs_mock_reset();
}

/* A guest's rep wrapper (hvtlfs_hypercall_rep()) through the mock page to the
 * dispatcher, whose handler does two reps a time. Transparent continuation: the
 * guest sees one call completing all 5 reps, the handler runs from rep start 0, 2
 * and 4. The TIMEOUT early return instead: three calls, and the guest's wrapper
 * continues from each reps completed (TLFS "Hypercall Continuation"). */
static void test_through_the_dispatcher(void **state)
{
	static const struct hvtlfs_dispatch_handler handlers[] = {
		{ HVTLFS_CALL_FLUSH_VIRTUAL_ADDRESS_LIST, dispatch_flush },
	};
	static struct hvtlfs_mock_hypervisor hv;
	uint64_t control = HVTLFS_CALL_FLUSH_VIRTUAL_ADDRESS_LIST | (5ull << 32), result = 0;
	unsigned int i;

	(void)state;
	assert_int_equal(hvtlfs_mock_hypervisor_init(&hv, handlers, 1), HVTLFS_OK);
	hv.partition.hints_eax = HVTLFS_CPUID_HINTS_EAX_REMOTE_TLB_FLUSH;
	hv.partition.spin_retries = 0xFFFu;
	/* Where the calls are instructions (arm64's hvc #0), the mock takes them from SIGILL. */
	assert_int_equal(hvtlfs_mock_sigill_install(), HVTLFS_OK);
	memset(page, 0, sizeof(page));
	page[0] = 0xCAFE000; /* AddressSpace */
	page[2] = 1;	     /* ProcessorMask: VP 0 */
	for (i = 0; i < 5; i++)
		page[3 + i] = 0x1000ull * (i + 1); /* one page each */
	memset(&dh, 0, sizeof(dh));
	dh.step = 2;
	hvtlfs_mock_reset();
	hvtlfs_mock_set_handler(hvtlfs_mock_dispatch_handler, &hv.md);
	assert_int_equal(hvtlfs_hypercall_rep(control, (uint64_t)(uintptr_t)page, 0, &result),
			 HVTLFS_OK);
	assert_true(result == (5ull << 32));
	assert_int_equal(hvtlfs_mock_call_count(), 1);
	assert_int_equal(hv.md.continuations, 2);
	assert_int_equal(dh.calls, 3);
	assert_int_equal(dh.done[1], 2);
	assert_int_equal(dh.done[2], 4);
	assert_true(dh.address_space == 0xCAFE000);

	hv.partition.options = HVTLFS_DISPATCH_OPT_TIMEOUT;
	memset(&dh, 0, sizeof(dh));
	dh.step = 2;
	hvtlfs_mock_reset();
	hvtlfs_mock_set_handler(hvtlfs_mock_dispatch_handler, &hv.md);
	hv.md.continuations = 0;
	assert_int_equal(hvtlfs_hypercall_rep(control, (uint64_t)(uintptr_t)page, 0, &result),
			 HVTLFS_OK);
	assert_true(result == (5ull << 32));
	assert_int_equal(hvtlfs_mock_call_count(), 3);
	assert_int_equal(hv.md.continuations, 0);
	assert_int_equal(hvtlfs_control_rep_start(hvtlfs_mock_call_at(2)->control), 4);

	/* Without the recommendation: ACCESS_DENIED reaches the guest. */
	hv.partition.hints_eax = 0;
	hv.partition.options = 0;
	hvtlfs_mock_reset();
	hvtlfs_mock_set_handler(hvtlfs_mock_dispatch_handler, &hv.md);
	assert_int_equal(hvtlfs_hypercall_rep(control, (uint64_t)(uintptr_t)page, 0, &result),
			 HVTLFS_ERR_HV_STATUS);
	assert_int_equal(hvtlfs_result_status(result), HVTLFS_STATUS_ACCESS_DENIED);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_kvm_scenarios),
		cmocka_unit_test(test_ex_all_format),
		cmocka_unit_test(test_ipi_event_message),
		cmocka_unit_test(test_issue_failures),
		cmocka_unit_test(test_refusal_reaches_the_guest),
		cmocka_unit_test(test_random_10000),
		cmocka_unit_test(test_planned_ipi),
		cmocka_unit_test(test_planned_gpa_flush),
#if HVTLFS_XMM_ENABLED_
		cmocka_unit_test(test_xmm_hooks),
#endif
		cmocka_unit_test(test_through_the_dispatcher),
		cmocka_unit_test(test_mock_hypervisor_init),
	};
	return cmocka_run_group_tests(tests, setup, NULL);
}
