/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * calls.h end to end: the guest's issuing functions -> the hypercall wrappers ->
 * hvtlfs::mock -> the register-level dispatcher (hvtlfs_dispatch()) and its decoder,
 * which judge every call as a host would. Proves the page loops (510 GPFNs and 511 heat-hint ranges a call, Linux's
 * HV_MAX_MODIFY_GPA_REP_COUNT and HV_MEMORY_HINT_MAX_GPA_PAGE_RANGES), the
 * continuation of each page's call on HV_STATUS_TIMEOUT, the count of elements surely
 * done on a failure, the TLFS memory rules checked before any call (an output GPA for
 * a call without output, overlapping input and output), and
 * HvExtCallQueryCapabilities' u64 of output.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <string.h>

#include "hvtlfs/mock_dispatch.h"

/* Counts the hook between rep continuations and between pages. */
static unsigned hook_runs;
#define HVTLFS_REP_ITERATION_HOOK() ((void)hook_runs++)

#include "hvtlfs/calls.h"
#include "hvtlfs/interrupt.h"
#include "hvtlfs/hvcall.h"
#include "hvtlfs/dispatch.h"

#include "testutil.h"

static _Alignas(4096) uint64_t page[512];
static _Alignas(4096) uint64_t out_page[512];

/* ---- The hypervisor: hvtlfs_dispatch() behind the mock; its handler records the
 * pages it was told about. ---- */

#define MAX_PAGES 2048u
static struct {
	unsigned features;	   /* HVTLFS_HVCALL_FEAT_EXTENDED_HYPERCALLS: the privilege */
	size_t cap;		   /* elements a handler call does: small values force TIMEOUT */
	uint16_t fail_at;	   /* 0: none; else the call (1-based) answered INVALID_PARAMETER */
	uint64_t caps;		   /* what HvExtCallQueryCapabilities answers */
	uint64_t seen[MAX_PAGES];  /* the first GPFN of each element done */
	uint64_t pages[MAX_PAGES]; /* its 4 KiB pages */
	size_t nseen;
	struct hvtlfs_hvcall_request last; /* the request of the last call, as judged */
	unsigned ncalls;
} hv;

/* The mock's hypervisor (hvtlfs_mock_hypervisor_init()). */
static struct hvtlfs_mock_hypervisor hv_mock;

/* Every call of this test: at most hv.cap elements (then a yield, answered with the
 * TIMEOUT early return), the third element refused on call hv.fail_at, the
 * capabilities written for HvExtCallQueryCapabilities. */
static void record(void *ctx, const struct hvtlfs_dispatch_call *call,
		   struct hvtlfs_dispatch_reply *reply)
{
	const struct hvtlfs_hvcall_request *req = call->req;
	uint32_t done = call->rep_limit, i;
	unsigned int k;

	(void)ctx;
	if (hv.fail_at && hv.ncalls == hv.fail_at) {
		/* Refuses the third element of this call as a host refuses a bad one. */
		reply->status = HVTLFS_STATUS_INVALID_PARAMETER;
		reply->reps_completed = call->rep_start + 2u;
		return;
	}
	if (call->rep_count && done - call->rep_start > hv.cap) {
		done = call->rep_start + (uint32_t)hv.cap;
		reply->reps_completed = done;
	}
	/* Each element as the GPFN it starts at, and its size in 4 KiB pages. */
	for (i = 0; call->rep_count && i < done - call->rep_start && i < req->nranges &&
		    hv.nseen < MAX_PAGES;
	     i++, hv.nseen++) {
		hv.seen[hv.nseen] = call->ranges[i].base >> 12;
		hv.pages[hv.nseen] = call->ranges[i].pages << (call->ranges[i].page_shift - 12u);
	}
	if (req->kind == HVTLFS_HVCALL_REQ_EXT_QUERY_CAPABILITIES)
		for (k = 0; k < 8u && k < call->output_len; k++)
			call->output[k] = (uint8_t)(hv.caps >> (8u * k));
}

static const struct hvtlfs_dispatch_handler hv_handlers[] = {
	{ HVTLFS_CALL_MODIFY_SPARSE_GPA_PAGE_HOST_VISIBILITY, record },
	{ HVTLFS_CALL_RETARGET_DEVICE_INTERRUPT, record },
	{ HVTLFS_CALL_EXT_QUERY_CAPABILITIES, record },
	{ HVTLFS_CALL_EXT_MEMORY_HEAT_HINT, record },
};

/* The mock's handler: the call through the dispatcher, for a partition with
 * EnableExtendedHypercalls (leaf 0x40000003 EBX bit 20) when hv.features says so. */
static void handler(struct hvtlfs_mock_call *call, void *ctx)
{
	(void)ctx;
	hv.ncalls++;
	assert_int_equal(hvtlfs_mock_hypervisor_init(&hv_mock, hv_handlers,
						     sizeof(hv_handlers) / sizeof(hv_handlers[0])),
			 HVTLFS_OK);
	if (hv.features & HVTLFS_HVCALL_FEAT_EXTENDED_HYPERCALLS)
		hv_mock.partition.privileges_ebx = HVTLFS_CPUID_FEATURES_EBX_EXTENDED_HYPERCALLS;
	hv_mock.partition.spin_retries = 0xFFFu;
	hv_mock.partition.options = HVTLFS_DISPATCH_OPT_TIMEOUT;
	hvtlfs_mock_dispatch_handler(call, &hv_mock.md);
	assert_int_equal(hv_mock.md.rc, HVTLFS_OK);
	hv.last = hv_mock.scratch.req;
}

static int setup(void **state)
{
	(void)state;
	hvtlfs_hypercall_page = hvtlfs_mock_page();
	return 0;
}

static void reset(unsigned features, size_t cap)
{
	hvtlfs_mock_reset();
	hvtlfs_mock_set_handler(handler, NULL);
	memset(&hv, 0, sizeof(hv));
	hv.features = features;
	hv.cap = cap;
	hook_runs = 0;
}

static uint64_t gpa_of(const void *p)
{
	return (uint64_t)(uintptr_t)p;
}

/* ---- Host visibility. ---- */

static uint64_t gpfns[1200];

static void fill_gpfns(size_t n)
{
	size_t i;

	/* Not contiguous: a sparse list, as a driver's scattered buffers are. */
	for (i = 0; i < n; i++)
		gpfns[i] = 0x40000u + 3u * i;
}

/* Where the calls are instructions (arm64's hvc #0) the mock takes them from SIGILL;
 * cmocka installs its own SIGILL handler around every test and fixture, so each test
 * installs the mock's in its body. */
#define ARM_SIGILL() assert_int_equal(hvtlfs_mock_sigill_install(), HVTLFS_OK)

/* 1200 GPFNs: three calls, 510 + 510 + 180, every GPFN told to the host exactly once,
 * in order; the hook runs between the pages. */
static void test_visibility_loop(void **state)
{
	size_t done = 7, i;
	uint64_t result = 0;
	(void)state;
	ARM_SIGILL();
	reset(0, 1024);
	fill_gpfns(1200);
	assert_int_equal(hvtlfs_visibility_issue(page, gpa_of(page), HVTLFS_PARTITION_ID_SELF,
						 HVTLFS_HOST_VISIBILITY_READ_WRITE, gpfns, 1200, 0,
						 &done, &result),
			 HVTLFS_OK);
	assert_int_equal(done, 1200);
	assert_int_equal(hvtlfs_mock_call_count(), 3);
	assert_int_equal(hvtlfs_control_rep_count(hvtlfs_mock_call_at(0)->control), 510);
	assert_int_equal(hvtlfs_control_rep_count(hvtlfs_mock_call_at(1)->control), 510);
	assert_int_equal(hvtlfs_control_rep_count(hvtlfs_mock_call_at(2)->control), 180);
	for (i = 0; i < 3; i++) {
		assert_true(hvtlfs_control_code(hvtlfs_mock_call_at(i)->control) == 0x00DBu);
		assert_true(hvtlfs_mock_call_at(i)->input_reg == gpa_of(page));
		/* No output GPA: the call has none. */
		assert_true(hvtlfs_mock_call_at(i)->output_reg == 0);
	}
	assert_int_equal(hook_runs, 2);
	assert_int_equal(hv.nseen, 1200);
	for (i = 0; i < 1200; i++)
		assert_true(hv.seen[i] == gpfns[i] && hv.pages[i] == 1);
	assert_int_equal(hv.last.host_visibility, HVTLFS_HOST_VISIBILITY_READ_WRITE);
	assert_true(result == hvtlfs_result_encode(HVTLFS_STATUS_SUCCESS, 180));
	/* Exactly one page's worth: one call. */
	reset(0, 1024);
	assert_int_equal(hvtlfs_visibility_issue(page, gpa_of(page), HVTLFS_PARTITION_ID_SELF,
						 HVTLFS_HOST_VISIBILITY_NONE, gpfns, 510, 0, &done,
						 NULL),
			 HVTLFS_OK);
	assert_int_equal(hvtlfs_mock_call_count(), 1);
	assert_int_equal(hook_runs, 0);
	/* An empty list calls nothing. */
	reset(0, 1024);
	assert_int_equal(hvtlfs_visibility_issue(page, gpa_of(page), HVTLFS_PARTITION_ID_SELF,
						 HVTLFS_HOST_VISIBILITY_NONE, gpfns, 0, 0, &done,
						 NULL),
			 HVTLFS_OK);
	assert_int_equal(done, 0);
	assert_int_equal(hvtlfs_mock_call_count(), 0);
}

/* A host that decodes 100 GPFNs a call answers TIMEOUT: each page's call continues
 * from reps completed (rep start 100, 200, ...) before the next page is built. */
static void test_visibility_timeout(void **state)
{
	size_t done = 0, i;
	(void)state;
	ARM_SIGILL();
	reset(0, 100);
	fill_gpfns(600);
	assert_int_equal(hvtlfs_visibility_issue(page, gpa_of(page), HVTLFS_PARTITION_ID_SELF,
						 HVTLFS_HOST_VISIBILITY_READ_ONLY, gpfns, 600, 0,
						 &done, NULL),
			 HVTLFS_OK);
	assert_int_equal(done, 600);
	/* 510: 6 calls (rep start 0..500); 90: 1 call. */
	assert_int_equal(hvtlfs_mock_call_count(), 7);
	assert_int_equal(hvtlfs_control_rep_start(hvtlfs_mock_call_at(5)->control), 500);
	assert_int_equal(hvtlfs_control_rep_count(hvtlfs_mock_call_at(6)->control), 90);
	assert_int_equal(hvtlfs_control_rep_start(hvtlfs_mock_call_at(6)->control), 0);
	assert_int_equal(hook_runs, 6); /* 5 continuations and 1 page */
	assert_int_equal(hv.nseen, 600);
	for (i = 0; i < 600; i++)
		assert_true(hv.seen[i] == gpfns[i]);
}

/* The host refuses an element of the second page's call: done counts the first page
 * and the elements before the refused one; nothing after is called. */
static void test_visibility_failure(void **state)
{
	size_t done = 0;
	uint64_t result = 0;
	(void)state;
	ARM_SIGILL();
	reset(0, 1024);
	hv.fail_at = 2;
	fill_gpfns(1200);
	assert_int_equal(hvtlfs_visibility_issue(page, gpa_of(page), HVTLFS_PARTITION_ID_SELF,
						 HVTLFS_HOST_VISIBILITY_READ_WRITE, gpfns, 1200, 0,
						 &done, &result),
			 HVTLFS_ERR_HV_STATUS);
	assert_int_equal(hvtlfs_mock_call_count(), 2);
	assert_int_equal(done, 510 + 2);
	assert_int_equal(hvtlfs_result_status(result), HVTLFS_STATUS_INVALID_PARAMETER);
	/* A real decoder's refusal: a GPFN past the top on the second page. The builder
	 * refuses it before that page is called: the first page is done. */
	reset(0, 1024);
	gpfns[600] = HVTLFS_RANGE_MAX_PAGE + 1u;
	assert_int_equal(hvtlfs_visibility_issue(page, gpa_of(page), HVTLFS_PARTITION_ID_SELF,
						 HVTLFS_HOST_VISIBILITY_READ_WRITE, gpfns, 1200, 0,
						 &done, NULL),
			 HVTLFS_ERR_RANGE_WRAP);
	assert_int_equal(done, 510);
	assert_int_equal(hvtlfs_mock_call_count(), 1);
}

/* Bad input of the loop, each refused before any call with its own error. */
static void test_visibility_bad_input(void **state)
{
	size_t done = 9;
	(void)state;
	ARM_SIGILL();
	reset(0, 1024);
	fill_gpfns(4);
	/* Visibility 2 (write without read): not a value the call defines. */
	assert_int_equal(hvtlfs_visibility_issue(page, gpa_of(page), HVTLFS_PARTITION_ID_SELF, 2,
						 gpfns, 4, 0, &done, NULL),
			 HVTLFS_ERR_BAD_VISIBILITY);
	assert_int_equal(done, 0);
	/* The page's GPA must start a page: one call a page. */
	assert_int_equal(hvtlfs_visibility_issue(page, gpa_of(page) + 8u, HVTLFS_PARTITION_ID_SELF,
						 HVTLFS_HOST_VISIBILITY_NONE, gpfns, 4, 0, &done,
						 NULL),
			 HVTLFS_ERR_ALIGNMENT);
	assert_int_equal(hvtlfs_visibility_issue(NULL, gpa_of(page), HVTLFS_PARTITION_ID_SELF,
						 HVTLFS_HOST_VISIBILITY_NONE, gpfns, 4, 0, &done,
						 NULL),
			 HVTLFS_ERR_NULL);
	assert_int_equal(hvtlfs_visibility_issue(page, gpa_of(page), HVTLFS_PARTITION_ID_SELF,
						 HVTLFS_HOST_VISIBILITY_NONE, NULL, 4, 0, &done,
						 NULL),
			 HVTLFS_ERR_NULL);
	/* No fast form. */
	assert_int_equal(hvtlfs_visibility_issue(page, gpa_of(page), HVTLFS_PARTITION_ID_SELF,
						 HVTLFS_HOST_VISIBILITY_NONE, gpfns, 4,
						 HVTLFS_CTL_FAST, &done, NULL),
			 HVTLFS_ERR_FAST_NOT_ALLOWED);
	assert_int_equal(hvtlfs_mock_call_count(), 0);
}

/* ---- hvtlfs_prepared_issue(): the TLFS memory rules before the call. ---- */

static void test_prepared_issue_rules(void **state)
{
	struct hvtlfs_prepared p;
	struct hvtlfs_device_interrupt irq;
	uint64_t result = 0;
	(void)state;
	ARM_SIGILL();
	reset(0, 1024);
	memset(&irq, 0, sizeof(irq));
	irq.partition_id = HVTLFS_PARTITION_ID_SELF;
	irq.device_id = 0x34127851u;
	irq.msi_address = 0xFEE01000u;
	irq.msi_data = 0x4031u;
	irq.vector = 0x31;
	assert_int_equal(hvtlfs_retarget_build(page, sizeof(page), &irq, 0x6, 0, &p), HVTLFS_OK);
	/* HvCallRetargetDeviceInterrupt has no output: an output GPA is a guest bug the
	 * hypervisor ignores silently (TLFS "Alignment Requirements"), refused here. */
	assert_int_equal(hvtlfs_prepared_issue(&p, gpa_of(page), gpa_of(out_page), 0, &result),
			 HVTLFS_ERR_UNEXPECTED_OUTPUT);
	assert_int_equal(hvtlfs_prepared_issue(&p, gpa_of(page), 0, 8, &result),
			 HVTLFS_ERR_UNEXPECTED_OUTPUT);
	/* Input not 8-byte aligned, or crossing its page. */
	assert_int_equal(hvtlfs_prepared_issue(&p, gpa_of(page) + 4u, 0, 0, &result),
			 HVTLFS_ERR_ALIGNMENT);
	assert_int_equal(hvtlfs_prepared_issue(&p, gpa_of(page) + 4096u - 48u, 0, 0, &result),
			 HVTLFS_ERR_ALIGNMENT);
	assert_int_equal(hvtlfs_mock_call_count(), 0);
	/* Issued: the decoder sees the 56 bytes Linux's pci-hyperv writes. */
	assert_int_equal(hvtlfs_prepared_issue(&p, gpa_of(page), 0, 0, &result), HVTLFS_OK);
	assert_int_equal(hvtlfs_mock_call_count(), 1);
	assert_int_equal(hv.last.kind, HVTLFS_HVCALL_REQ_RETARGET);
	assert_int_equal(hv.last.status, HVTLFS_STATUS_SUCCESS);
	assert_false(hv.last.notes & HVTLFS_HVCALL_NOTE_OUTPUT_IGNORED);
	assert_true(hvtlfs_vpset_contains(&hv.last.vps, 1) &&
		    hvtlfs_vpset_contains(&hv.last.vps, 2));
	assert_int_equal(hvtlfs_prepared_issue(NULL, gpa_of(page), 0, 0, &result), HVTLFS_ERR_NULL);
	/* A fast control word goes through the fast wrappers, not this function. */
	p.control |= HVTLFS_CONTROL_FAST;
	assert_int_equal(hvtlfs_prepared_issue(&p, gpa_of(page), 0, 0, &result),
			 HVTLFS_ERR_INVALID_ARG);
}

/* Overlapping input and output: a call with both (HvCallRetrieveDebugData, 16 bytes of
 * input, output at the output GPA) built by hand from its catalog row. */
static void test_prepared_issue_overlap(void **state)
{
	struct hvtlfs_prepared p;
	(void)state;
	ARM_SIGILL();
	reset(0, 1024);
	memset(&p, 0, sizeof(p));
	assert_int_equal(
		hvtlfs_call_encode(&p.control, HVTLFS_CALL_RETRIEVE_DEBUG_DATA, 0, 0, 0, 0),
		HVTLFS_OK);
	p.input_size = 16;
	/* The output starts inside the input's 16 bytes. */
	assert_int_equal(hvtlfs_prepared_issue(&p, gpa_of(page), gpa_of(page) + 8u, 64, NULL),
			 HVTLFS_ERR_BUFFERS_OVERLAP);
	/* The output ends inside the input. */
	assert_int_equal(hvtlfs_prepared_issue(&p, gpa_of(page) + 64u, gpa_of(page), 72, NULL),
			 HVTLFS_ERR_BUFFERS_OVERLAP);
	/* The same page, adjacent bytes: allowed (the TLFS forbids overlap, not sharing). */
	assert_int_equal(
		hvtlfs_call_check_gpas(p.control, gpa_of(page), 16, gpa_of(page) + 16u, 64),
		HVTLFS_OK);
	assert_int_equal(hvtlfs_mock_call_count(), 0);
}

/* ---- Extended calls. ---- */

static void ext_features(struct hvtlfs_features *f, bool on)
{
	memset(f, 0, sizeof(*f));
	f->extended_hypercalls = on;
}

/* HvExtCallQueryCapabilities as Linux's hv_query_ext_cap() issues it: control word
 * 0x8001, no input (GPA 0), the u64 written at the output GPA and read back. */
static void test_query_capabilities(void **state)
{
	struct hvtlfs_features f;
	struct hvtlfs_ext_capabilities c;
	uint64_t caps = 0, result = 0;
	(void)state;
	ARM_SIGILL();
	reset(HVTLFS_HVCALL_FEAT_EXTENDED_HYPERCALLS, 16);
	/* A host with heat hints and Linux's cold-discard bit 8. */
	hv.caps = HVTLFS_EXT_CAP_MEMORY_HEAT_HINT | HVTLFS_EXT_CAP_MEMORY_COLD_DISCARD_HINT;
	ext_features(&f, true);
	out_page[0] = 0xDEADDEADDEADDEADull;
	assert_int_equal(
		hvtlfs_ext_query_capabilities(&f, out_page, gpa_of(out_page), &caps, &result),
		HVTLFS_OK);
	assert_true(caps == 0x102u);
	assert_int_equal(hvtlfs_mock_call_count(), 1);
	assert_true(hvtlfs_mock_last_call()->control == 0x8001u);
	assert_true(hvtlfs_mock_last_call()->input_reg == 0);
	assert_true(hvtlfs_mock_last_call()->output_reg == gpa_of(out_page));
	assert_int_equal(hv.last.output_size, 8);
	assert_int_equal(hvtlfs_ext_capabilities_decode(caps, &c), HVTLFS_OK);
	assert_true(c.memory_heat_hint && c.memory_cold_discard_hint && !c.epf_setup);
	/* Without the privilege nothing is called (Linux checks it first too). */
	ext_features(&f, false);
	caps = 0;
	assert_int_equal(
		hvtlfs_ext_query_capabilities(&f, out_page, gpa_of(out_page), &caps, &result),
		HVTLFS_ERR_NO_PRIVILEGE);
	assert_int_equal(hvtlfs_mock_call_count(), 1);
	assert_true(caps == 0);
	/* A host that refuses it (no privilege on its side): the u64 is not taken. */
	ext_features(&f, true);
	hv.features = 0;
	assert_int_equal(
		hvtlfs_ext_query_capabilities(&f, out_page, gpa_of(out_page), &caps, &result),
		HVTLFS_ERR_HV_STATUS);
	assert_int_equal(hvtlfs_result_status(result), HVTLFS_STATUS_ACCESS_DENIED);
	assert_true(caps == 0);
	/* The output GPA must be 8-byte aligned; so must the variable. */
	assert_int_equal(
		hvtlfs_ext_query_capabilities(&f, out_page, gpa_of(out_page) + 4u, &caps, &result),
		HVTLFS_ERR_ALIGNMENT);
	assert_int_equal(hvtlfs_ext_query_capabilities(
				 &f, (volatile uint64_t *)(void *)((char *)out_page + 4),
				 gpa_of(out_page), &caps, &result),
			 HVTLFS_ERR_ALIGNMENT);
	assert_int_equal(hvtlfs_ext_query_capabilities(&f, NULL, gpa_of(out_page), &caps, NULL),
			 HVTLFS_ERR_NULL);
	assert_int_equal(
		hvtlfs_ext_query_capabilities(NULL, out_page, gpa_of(out_page), &caps, NULL),
		HVTLFS_ERR_NULL);
	assert_int_equal(hvtlfs_mock_call_count(), 2);
}

/* A host answering HvExtCallGetBootZeroedMemory: the count it is told to claim and as
 * many ranges as fit, written at the output GPA (identity-mapped in the mock). */
static uint64_t zeroed_claim;
#define ZEROED_REFUSE (~0ull) /* answer ACCESS_DENIED, write nothing */

static void zeroed_handler(struct hvtlfs_mock_call *call, void *ctx)
{
	uint64_t *w = (uint64_t *)call->output;
	size_t i;

	(void)ctx;
	call->result = HVTLFS_STATUS_SUCCESS;
	if (call->control != 0x8002u || call->input_reg != 0 || !w) {
		call->result = HVTLFS_STATUS_INVALID_HYPERCALL_INPUT;
		return;
	}
	if (zeroed_claim == ZEROED_REFUSE) {
		call->result = HVTLFS_STATUS_ACCESS_DENIED;
		return;
	}
	w[0] = zeroed_claim;
	for (i = 0; i < HVTLFS_EXT_BOOT_ZEROED_MAX_RANGES; i++) {
		w[1 + 2 * i] = 0x100000u + 0x1000u * i; /* start page */
		w[2 + 2 * i] = 0x800u;			/* 8 MiB */
	}
}

/* HvExtCallGetBootZeroedMemory: control word 0x8002, no input (GPA 0), 0xFF8 bytes of
 * output at an 8-byte aligned GPA within a page (TLFS: the output must not cross a
 * page), the count checked before it is handed back. */
static void test_get_boot_zeroed_memory(void **state)
{
	struct hvtlfs_ext_boot_zeroed_output *out =
		(struct hvtlfs_ext_boot_zeroed_output *)out_page;
	struct hvtlfs_features f;
	uint32_t count = 0;
	uint64_t result = 0;

	(void)state;
	ARM_SIGILL();
	hvtlfs_mock_reset();
	hvtlfs_mock_set_handler(zeroed_handler, NULL);
	ext_features(&f, true);
	zeroed_claim = 2;
	assert_int_equal(hvtlfs_ext_get_boot_zeroed_memory(&f, out, gpa_of(out), &count, &result),
			 HVTLFS_OK);
	assert_int_equal(count, 2);
	assert_true(out->ranges[1].start_page == 0x101000u && out->ranges[1].page_count == 0x800u);
	assert_int_equal(hvtlfs_mock_call_count(), 1);
	assert_true(hvtlfs_mock_last_call()->control == 0x8002u);
	assert_true(hvtlfs_mock_last_call()->input_reg == 0);
	assert_true(hvtlfs_mock_last_call()->output_reg == gpa_of(out));
	/* A hostile count is refused, and count is left alone. */
	zeroed_claim = 256;
	count = 9;
	assert_int_equal(hvtlfs_ext_get_boot_zeroed_memory(&f, out, gpa_of(out), &count, &result),
			 HVTLFS_ERR_TOO_MANY_ELEMENTS);
	assert_int_equal(count, 9);
	/* 0xFF8 bytes from offset 16 cross the page: refused, nothing called. */
	assert_int_equal(hvtlfs_ext_get_boot_zeroed_memory(
				 &f, (struct hvtlfs_ext_boot_zeroed_output *)(out_page + 2),
				 gpa_of(out_page + 2), &count, &result),
			 HVTLFS_ERR_ALIGNMENT);
	assert_int_equal(
		hvtlfs_ext_get_boot_zeroed_memory(
			&f, (struct hvtlfs_ext_boot_zeroed_output *)(void *)((char *)out_page + 4),
			gpa_of(out_page), &count, &result),
		HVTLFS_ERR_ALIGNMENT);
	assert_int_equal(hvtlfs_mock_call_count(), 2);
	/* Without the privilege, or with NULLs, nothing is called. */
	ext_features(&f, false);
	assert_int_equal(hvtlfs_ext_get_boot_zeroed_memory(&f, out, gpa_of(out), &count, &result),
			 HVTLFS_ERR_NO_PRIVILEGE);
	assert_int_equal(hvtlfs_ext_get_boot_zeroed_memory(&f, NULL, gpa_of(out), &count, NULL),
			 HVTLFS_ERR_NULL);
	assert_int_equal(hvtlfs_ext_get_boot_zeroed_memory(&f, out, gpa_of(out), NULL, NULL),
			 HVTLFS_ERR_NULL);
	assert_int_equal(hvtlfs_mock_call_count(), 2);
	/* A failure status reaches the caller; the output is not judged. */
	ext_features(&f, true);
	zeroed_claim = ZEROED_REFUSE;
	count = 9;
	assert_int_equal(hvtlfs_ext_get_boot_zeroed_memory(&f, out, gpa_of(out), &count, &result),
			 HVTLFS_ERR_HV_STATUS);
	assert_int_equal(hvtlfs_result_status(result), HVTLFS_STATUS_ACCESS_DENIED);
	assert_int_equal(count, 9);
}

/* Heat hints for 600 encoded 2 MiB ranges (Linux's free page reporting): 511 + 89. */
static void test_heat_hint_loop(void **state)
{
	static uint64_t enc[600];
	struct hvtlfs_features f;
	size_t done = 0, i;
	(void)state;
	ARM_SIGILL();
	reset(HVTLFS_HVCALL_FEAT_EXTENDED_HYPERCALLS, 1024);
	ext_features(&f, true);
	/* HV_GPA_PAGE_RANGE as Linux's hv_free_page_report() writes one 2 MiB page: bit 11
	 * LargePage, bit 12 page size 0 (2 MiB), bits 21-63 the 2 MiB page number,
	 * additional pages 0 (bits 0-10). GPFN 0x100000 + 512 i is 2 MiB page 0x800 + i. */
	for (i = 0; i < 600; i++)
		enc[i] = (1ull << 11) | ((0x800ull + i) << 21);
	assert_int_equal(hvtlfs_ext_heat_hint_issue(&f, page, gpa_of(page),
						    HVTLFS_HEAT_HINT_COLD_DISCARD, enc, 600, 0,
						    &done, NULL),
			 HVTLFS_OK);
	assert_int_equal(done, 600);
	assert_int_equal(hvtlfs_mock_call_count(), 2);
	assert_int_equal(hvtlfs_control_rep_count(hvtlfs_mock_call_at(0)->control), 511);
	assert_int_equal(hvtlfs_control_rep_count(hvtlfs_mock_call_at(1)->control), 89);
	assert_true(hvtlfs_control_code(hvtlfs_mock_call_at(0)->control) == 0x8003u);
	assert_int_equal(hv.last.kind, HVTLFS_HVCALL_REQ_EXT_HEAT_HINT);
	assert_int_equal(hv.last.heat_type, HVTLFS_HEAT_HINT_COLD_DISCARD);
	/* Every 2 MiB page reached the host, in order: 512 4 KiB pages each. */
	assert_int_equal(hv.nseen, 600);
	for (i = 0; i < 600; i++)
		assert_true(hv.seen[i] == 0x100000u + 512u * i && hv.pages[i] == 512);
	/* Without the privilege: nothing called. */
	reset(HVTLFS_HVCALL_FEAT_EXTENDED_HYPERCALLS, 1024);
	ext_features(&f, false);
	assert_int_equal(hvtlfs_ext_heat_hint_issue(&f, page, gpa_of(page),
						    HVTLFS_HEAT_HINT_COLD_DISCARD, enc, 600, 0,
						    &done, NULL),
			 HVTLFS_ERR_NO_PRIVILEGE);
	assert_int_equal(done, 0);
	assert_int_equal(hvtlfs_ext_heat_hint_issue(NULL, page, gpa_of(page),
						    HVTLFS_HEAT_HINT_COLD_DISCARD, enc, 600, 0,
						    &done, NULL),
			 HVTLFS_ERR_NULL);
	assert_int_equal(hvtlfs_mock_call_count(), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_visibility_loop),
		cmocka_unit_test(test_visibility_timeout),
		cmocka_unit_test(test_visibility_failure),
		cmocka_unit_test(test_visibility_bad_input),
		cmocka_unit_test(test_prepared_issue_rules),
		cmocka_unit_test(test_prepared_issue_overlap),
		cmocka_unit_test(test_query_capabilities),
		cmocka_unit_test(test_get_boot_zeroed_memory),
		cmocka_unit_test(test_heat_hint_loop),
	};
	return cmocka_run_group_tests(tests, setup, NULL);
}
