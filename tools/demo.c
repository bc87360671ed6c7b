/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * ./scripts/demo: hvtlfs end to end, in one program with no arguments.
 *
 * A guest side plans TLB flushes (hvtlfs_flush_plan_build), builds IPIs and a
 * signal-event (flush.h builders), and issues them through the hypercall wrappers.
 * The hypercall page is hvtlfs::mock's fake page; behind it, the hypervisor side is the
 * register-level dispatcher (hvtlfs_dispatch()): it judges every call from the
 * registers, decodes its input and hands it to a handler, and writes the result word.
 * The demo prints each hypercall, the dispatcher's decoding of its input and the
 * status; last, one flush goes through the dispatcher register by register, once with
 * the privilege it needs and once without.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hvtlfs/catalog.h"
#include "hvtlfs/control.h"
#include "hvtlfs/error.h"
#include "hvtlfs/tlfs.h"

#if HVTLFS_DEMO_MOCK
#include "hvtlfs/flush.h"
#include "hvtlfs/hvcall.h"
#include "hvtlfs/dispatch.h"
#include "hvtlfs/hypercall.h"
#include "hvtlfs/mock.h"
#include "hvtlfs/mock_dispatch.h"
#include "hvtlfs/issue.h"

#include "cli.h"

/* ---- The hypervisor: hvtlfs_dispatch() behind the mock page; its handler keeps
 * what it saw for printing. ---- */

#define DEMO_MAX_CALLS	8u
#define DEMO_MAX_RANGES 64u

static struct demo_call {
	struct hvtlfs_hvcall_input in; /* for the printout: the control word, the features */
	struct hvtlfs_hvcall_request req;
	struct hvtlfs_range_entry ranges[DEMO_MAX_RANGES];
	uint8_t bytes[4096]; /* a copy of the input, for the printout */
	size_t nbytes;
	int rc;
} calls[DEMO_MAX_CALLS];
static unsigned int ncalls;
static uint32_t hv_reps_per_call = DEMO_MAX_RANGES;

static struct hvtlfs_mock_hypervisor hv;

static struct demo_call *keep(const struct hvtlfs_hvcall_request *req, uint64_t control,
			      const uint8_t *bytes, size_t len)
{
	struct demo_call *d;

	if (ncalls == DEMO_MAX_CALLS)
		return NULL;
	d = &calls[ncalls++];
	memset(d, 0, sizeof(*d));
	d->in.control = control;
	d->in.features = HVTLFS_HVCALL_FEAT_XMM_INPUT | HVTLFS_HVCALL_FEAT_EXT_GVA_RANGES;
	d->req = *req;
	d->nbytes = len < sizeof(d->bytes) ? len : sizeof(d->bytes);
	if (bytes)
		memcpy(d->bytes, bytes, d->nbytes);
	return d;
}

/* Every call the demo makes: does at most hv_reps_per_call reps of a rep call (then
 * the dispatcher returns HV_STATUS_TIMEOUT and the guest continues). */
static void handler(void *ctx, const struct hvtlfs_dispatch_call *call,
		    struct hvtlfs_dispatch_reply *reply)
{
	struct demo_call *d = keep(call->req, call->control, call->input, call->input_len);
	uint32_t n = call->req->nranges < DEMO_MAX_RANGES ? call->req->nranges : DEMO_MAX_RANGES;

	(void)ctx;
	if (d)
		memcpy(d->ranges, call->ranges, n * sizeof(*call->ranges));
	if (call->rep_count && call->rep_limit - call->rep_start > hv_reps_per_call)
		reply->reps_completed = call->rep_start + hv_reps_per_call;
}

static const struct hvtlfs_dispatch_handler hv_handlers[] = {
	{ HVTLFS_CALL_FLUSH_VIRTUAL_ADDRESS_SPACE, handler },
	{ HVTLFS_CALL_FLUSH_VIRTUAL_ADDRESS_LIST, handler },
	{ HVTLFS_CALL_FLUSH_VIRTUAL_ADDRESS_SPACE_EX, handler },
	{ HVTLFS_CALL_FLUSH_VIRTUAL_ADDRESS_LIST_EX, handler },
	{ HVTLFS_CALL_SEND_SYNTHETIC_CLUSTER_IPI, handler },
	{ HVTLFS_CALL_SEND_SYNTHETIC_CLUSTER_IPI_EX, handler },
	{ HVTLFS_CALL_SIGNAL_EVENT, handler },
	{ HVTLFS_CALL_FLUSH_GUEST_PHYSICAL_ADDRESS_SPACE, handler },
	{ HVTLFS_CALL_FLUSH_GUEST_PHYSICAL_ADDRESS_LIST, handler },
};

/* The mock's handler: the call through the dispatcher. A call refused before any
 * handler ran is kept from the dispatcher's judgement; every call kept shows the
 * result word the guest got. */
static void hypervisor(struct hvtlfs_mock_call *call, void *ctx)
{
	unsigned int before = ncalls, i;

	(void)ctx;
	hvtlfs_mock_dispatch_handler(call, &hv.md);
	if (ncalls == before)
		(void)keep(&hv.scratch.req, call->control, NULL, 0);
	for (i = before; i < ncalls; i++) {
		calls[i].rc = hv.md.rc;
		calls[i].req.result = call->result;
		calls[i].req.status = hvtlfs_result_status(call->result);
	}
}

/* The partition behind the page: the flush and IPI recommendations, SignalEvents,
 * XMM fast input and extended GVA ranges (CPUID 0x40000003/0x40000004), the
 * TIMEOUT early return for a call the handler cuts short. */
static void hv_setup(void)
{
	if (hvtlfs_mock_hypervisor_init(&hv, hv_handlers,
					sizeof(hv_handlers) / sizeof(hv_handlers[0])) != HVTLFS_OK)
		abort();
	hv.partition.privileges_ebx = HVTLFS_CPUID_FEATURES_EBX_SIGNAL_EVENTS;
	hv.partition.features_edx =
		HVTLFS_CPUID_FEATURES_EDX_XMM_INPUT | HVTLFS_CPUID_FEATURES_EDX_EXT_GVA_RANGES;
	hv.partition.hints_eax = HVTLFS_CPUID_HINTS_EAX_REMOTE_TLB_FLUSH |
				 HVTLFS_CPUID_HINTS_EAX_CLUSTER_IPI |
				 HVTLFS_CPUID_HINTS_EAX_EX_PROCESSOR_MASKS;
	hv.partition.spin_retries = 0xFFFu;
	hv.partition.options = HVTLFS_DISPATCH_OPT_TIMEOUT;
}

/* ---- The guest. ---- */

static _Alignas(4096) uint8_t input_page[4096];
/* The page as the planners take it: in the mock a guest physical address is the host
 * address. */
static struct hvtlfs_input_page page;

static void begin(const char *title)
{
	ncalls = 0;
	hvtlfs_mock_reset();
	hvtlfs_mock_set_handler(hypervisor, NULL);
	printf("\n== %s\n", title);
}

/* Prints what the hypervisor saw, call by call, and the guest's outcome. */
static unsigned int failures;

/*
 * What the guest's wrapper returned, as it returned it. hvtlfs_hypercall_slow() and
 * _fast8() return the raw result word (RETURNS_WORD: rc unused); hvtlfs_hypercall_fast()
 * returns HVTLFS_OK once the call is made and stores the word (RETURNS_CALL_MADE);
 * hvtlfs_flush_issue() returns HVTLFS_OK only when the flush is done (RETURNS_OUTCOME).
 */
enum wrapper_kind {
	RETURNS_WORD,
	RETURNS_CALL_MADE,
	RETURNS_OUTCOME
};

static void end(const char *wrapper, enum wrapper_kind kind, int rc, uint64_t result,
		uint16_t want_status)
{
	uint16_t status = hvtlfs_result_status(result);
	int ok;
	unsigned int i;

	for (i = 0; i < ncalls; i++) {
		struct demo_call *d = &calls[i];
		uint64_t c = d->in.control;
		uint32_t need = 0;
		const struct hvtlfs_call_info *ci = hvtlfs_call_lookup(hvtlfs_control_code(c));

		if (ci)
			need = ci->fixed_header_size + 8u * hvtlfs_control_var_hdr_size(c) +
			       ci->rep_element_size * hvtlfs_control_rep_count(c);
		if (need > d->nbytes)
			need = (uint32_t)d->nbytes;
		printf("-- hypercall %u: %s, %s, control 0x%016llx (rep start %u)\n", i + 1,
		       hvtlfs_call_name(hvtlfs_control_code(c)),
		       hvtlfs_control_is_fast(c) ? "fast" : "slow", (unsigned long long)c,
		       hvtlfs_control_rep_start(c));
		cli_print_input(d->bytes, need, hvtlfs_control_is_fast(c));
		cli_print_judgement(&d->in, d->rc, &d->req, d->ranges);
	}
	if (kind == RETURNS_WORD)
		printf("-- guest: %s returned 0x%016llx (%s)\n", wrapper,
		       (unsigned long long)result, hvtlfs_status_name(status));
	else
		printf("-- guest: %s returned %s, last result 0x%016llx (%s)\n", wrapper,
		       hvtlfs_strerror(rc), (unsigned long long)result, hvtlfs_status_name(status));
	ok = ncalls != 0 && status == want_status;
	if (kind == RETURNS_CALL_MADE)
		ok = ok && rc == HVTLFS_OK;
	if (kind == RETURNS_OUTCOME)
		ok = ok && (rc == HVTLFS_OK) == (want_status == HVTLFS_STATUS_SUCCESS);
	if (!ok) {
		printf("!! unexpected: the demo wanted %s\n", hvtlfs_status_name(want_status));
		failures++;
	}
}

/* A builder refused its input: nothing was called. */
static int built(const char *builder, int rc)
{
	if (rc == HVTLFS_OK)
		return 1;
	printf("!! %s: %s\n", builder, hvtlfs_strerror(rc));
	failures++;
	return 0;
}

/* ---- The hypervisor as a register-level dispatcher (dispatch.h). ---- */

static void dispatched_flush(void *ctx, const struct hvtlfs_dispatch_call *call,
			     struct hvtlfs_dispatch_reply *reply)
{
	uint32_t vp;

	(void)ctx;
	(void)reply; /* preset: HV_STATUS_SUCCESS */
	printf("-- handler: %s, address space 0x%llx, VPs", hvtlfs_call_name(call->code),
	       (unsigned long long)call->req->address_space);
	for (vp = 0; vp < 64; vp++)
		if (hvtlfs_vpset_contains(&call->req->vps, vp))
			printf(" %u", vp);
	printf("\n");
}

/* One slow flush from the guest's wrapper, through the mock page, into
 * hvtlfs_dispatch(): first from a partition with the remote-flush recommendation,
 * then from one without it (ACCESS_DENIED before anything else). */
static void through_the_dispatcher(void)
{
	static const struct hvtlfs_dispatch_handler handlers[] = {
		{ HVTLFS_CALL_FLUSH_VIRTUAL_ADDRESS_SPACE, dispatched_flush },
	};
	static struct hvtlfs_mock_hypervisor dhv;
	uint64_t *w = (uint64_t *)(void *)input_page;
	uint64_t result;
	unsigned int round;

	for (round = 0; round < 2; round++) {
		if (hvtlfs_mock_hypervisor_init(&dhv, handlers, 1) != HVTLFS_OK)
			abort();
		dhv.partition.hints_eax = round == 0 ? HVTLFS_CPUID_HINTS_EAX_REMOTE_TLB_FLUSH : 0;
		dhv.partition.spin_retries = 0xFFFu;
		ncalls = 0;
		hvtlfs_mock_reset();
		hvtlfs_mock_set_handler(hvtlfs_mock_dispatch_handler, &dhv.md);
		printf("\n== The hypervisor side, register by register: HvFlushVirtualAddressSpace "
		       "through hvtlfs_dispatch() (%s ABI), %s\n",
		       hvtlfs_dispatch_abi_name(HVTLFS_ARCH_HAS_XMM_HYPERCALL
							? HVTLFS_DISPATCH_ABI_X64
							: HVTLFS_DISPATCH_ABI_X86),
		       round == 0 ? "remote flush recommended (CPUID 0x40000004 EAX bit 2)"
				  : "without that recommendation");
		w[0] = 0x1a2b000u; /* address space */
		w[1] = 0;	   /* flags */
		w[2] = 0x24u;	   /* VPs 2 and 5 */
		result = hvtlfs_hypercall_slow(HVTLFS_CALL_FLUSH_VIRTUAL_ADDRESS_SPACE,
					       (uint64_t)(uintptr_t)input_page, 0);
		printf("-- dispatcher: control register 0x%016llx, input GPA register the input "
		       "page -> result register 0x%016llx (%s)%s\n",
		       (unsigned long long)hvtlfs_mock_last_call()->control,
		       (unsigned long long)result, hvtlfs_status_name(hvtlfs_result_status(result)),
		       dhv.outcome.reason == HVTLFS_ERR_NOT_PERMITTED ? ", the privilege gate"
								      : "");
		if (hvtlfs_result_status(result) !=
		    (round == 0 ? HVTLFS_STATUS_SUCCESS : HVTLFS_STATUS_ACCESS_DENIED)) {
			printf("!! unexpected\n");
			failures++;
		}
	}
}

static void flush(const char *title, const struct hvtlfs_flush_request *req,
		  const struct hvtlfs_features *f)
{
	struct hvtlfs_flush_plan plan;
	uint64_t result = 0;
	int rc;

	begin(title);
	rc = hvtlfs_flush_plan_build(req, f, NULL, &page, &plan);
	if (rc != HVTLFS_OK) {
		printf("!! planner: %s\n", hvtlfs_strerror(rc));
		failures++;
		return;
	}
	printf("planner: %s, %s, ", hvtlfs_call_name(hvtlfs_control_code(plan.control)),
	       plan.form == HVTLFS_FORM_XMM ? "XMM fast form" : "slow form (input page)");
	if (plan.entries)
		printf("%u range entr%s\n", plan.entries, plan.entries == 1 ? "y" : "ies");
	else
		printf("whole address space\n");
	rc = hvtlfs_flush_issue(&plan, &result);
	end("hvtlfs_flush_issue()", RETURNS_OUTCOME, rc, result, HVTLFS_STATUS_SUCCESS);
}

static void bitmap_of(uint64_t *bm, size_t words, const uint32_t *vps, size_t n)
{
	size_t i;

	memset(bm, 0, words * sizeof(*bm));
	for (i = 0; i < n; i++)
		bm[vps[i] / 64u] |= (uint64_t)1 << (vps[i] % 64u);
}

static int run(const char *argv0)
{
	static const uint32_t vp2[] = { 2 }, vps5[] = { 0, 1, 2, 3, 70 }, ipi_vps[] = { 1, 2 },
			      ex_vps[] = { 0, 5, 130 };
	static uint64_t bm[HVTLFS_VPSET_MAX_BANKS];
	struct hvtlfs_range one_page = { 0x7f0000001000u, 4096u };
	struct hvtlfs_range wide = { 0x7f0000000000u, 64u * 1024u };
	struct hvtlfs_range mixed[] = { { 0x00400000u, 8192u },
					{ 0x7f0000000000u, 64u * 1024u * 1024u },
					{ 0x7fffffffe000u, 8192u } };
	struct hvtlfs_range wide64m = { 0x7f0000000000u, 64u * 1024u * 1024u };
	struct hvtlfs_range many[6];
	struct hvtlfs_features f;
	struct hvtlfs_flush_request req;
	struct hvtlfs_prepared p;
	struct hvtlfs_vp_targets t;
	uint64_t result = 0, control, input, mask = 0;
	size_t i;
	int rc;

	hvtlfs_hypercall_page = hvtlfs_mock_page();
	if (hvtlfs_input_page_init(&page, input_page, (uintptr_t)input_page, sizeof(input_page)))
		return 1;
	/* Where the calls are instructions (arm64's `hvc #0`), the mock takes them from SIGILL. */
	if (hvtlfs_mock_sigill_install() != HVTLFS_OK)
		return 1;
	/* What the partition's CPUID would say (see hvtlfs_features_decode()). */
	memset(&f, 0, sizeof(f));
	f.remote_tlb_flush_recommended = true;
	f.ex_processor_masks_recommended = true;
	f.ext_gva_ranges = true;
	f.xmm_input = true;
	f.cluster_ipi_recommended = true;
	f.nested.gpa_flush_hypercalls = true;
	f.max_vps = 256;
	printf("hvtlfs demo: a guest plans and issues hypercalls through the hypercall page;\n"
	       "behind the page, hvtlfs::mock hands each call's registers to the hypervisor\n"
	       "side, hvtlfs_dispatch(), which judges and decodes it, runs a handler and\n"
	       "writes the result register.\n"
	       "Partition: remote flush recommended %s, Ex processor masks recommended %s,\n"
	       "extended GVA ranges %s, XMM fast input %s (used on x86_64 builds only), %u VPs.\n",
	       f.remote_tlb_flush_recommended ? "yes" : "no",
	       f.ex_processor_masks_recommended ? "yes" : "no", f.ext_gva_ranges ? "yes" : "no",
	       f.xmm_input ? "yes" : "no", f.max_vps);
	hv_setup();

	memset(&req, 0, sizeof(req));
	req.vps.bitmap = bm;
	req.vps.words = HVTLFS_VPSET_MAX_BANKS;
	req.address_space = 0x1a2b000u;

	bitmap_of(bm, HVTLFS_VPSET_MAX_BANKS, vp2, 1);
	req.ranges = &one_page;
	req.nranges = 1;
	flush("Flush one page of one address space on VP 2", &req, &f);

	bitmap_of(bm, HVTLFS_VPSET_MAX_BANKS, vps5, 5);
	req.ranges = &wide;
	flush("Flush 64 KiB on VPs 0-3 and 70 (VP 70 needs the Ex call and an HV_VP_SET)", &req,
	      &f);

	req.vps.all = 1;
	flush("Flush 64 KiB on all VPs (HV_FLUSH_ALL_PROCESSORS)", &req, &f);
	req.vps.all = 0;

	bitmap_of(bm, HVTLFS_VPSET_MAX_BANKS, vp2, 1);
	req.ranges = mixed;
	req.nranges = 3;
	flush("Flush three ranges on VP 2, mapped by 4 KiB pages (64 MiB: four simple 16 MiB "
	      "entries)",
	      &req, &f);

	/* Only the caller knows how memory is mapped: large-page entries only when it says. */
	req.ranges = &wide64m;
	req.nranges = 1;
	req.mapping_size = HVTLFS_MAPPING_2M;
	flush("Flush 64 MiB mapped by 2 MiB pages on VP 2 (mapping_size 2 MiB: one large-page "
	      "entry, not four)",
	      &req, &f);
	req.mapping_size = 0;

	bitmap_of(bm, HVTLFS_VPSET_MAX_BANKS, vps5, 5);
	req.everything = 1;
	req.non_global_only = 1;
	req.all_spaces = 1;
	flush("Flush everything but global mappings, every address space, VPs 0-3 and 70", &req,
	      &f);
	req.everything = 0;
	req.non_global_only = 0;
	req.all_spaces = 0;

	/* A list the hypervisor works through in steps (the TLFS early return). */
	for (i = 0; i < 6u; i++) {
		many[i].start = 0x10000000u + 0x100000u * i;
		many[i].length = 4096u;
	}
	bitmap_of(bm, HVTLFS_VPSET_MAX_BANKS, vp2, 1);
	req.ranges = many;
	req.nranges = 6;
	hv_reps_per_call = 4;
	f.xmm_input = false; /* the slow form, so both steps read the input page */
	flush("Flush six pages on VP 2; the hypervisor does 4 reps a call (HV_STATUS_TIMEOUT, "
	      "continue)",
	      &req, &f);
	f.xmm_input = true;
	hv_reps_per_call = DEMO_MAX_RANGES;

	/* IPIs: the fast 16-byte form for VPs below 64, the Ex form in the page otherwise. */
	begin("Send vector 0x30 to VPs 1 and 2 (HvSendSyntheticClusterIpi, fast)");
	bitmap_of(&mask, 1, ipi_vps, 2);
	{
		uint64_t regs[2];

		if (built("hvtlfs_ipi_build()", hvtlfs_ipi_build(regs, sizeof(regs), 0x30, 0, mask,
								 HVTLFS_CTL_FAST, &p))) {
			rc = hvtlfs_hypercall_fast(p.control, regs, p.input_size, &result);
			end("hvtlfs_hypercall_fast()", RETURNS_CALL_MADE, rc, result,
			    HVTLFS_STATUS_SUCCESS);
		}
	}

	begin("Send vector 0x31 to VPs 0, 5 and 130 (HvSendSyntheticClusterIpiEx, slow)");
	bitmap_of(bm, HVTLFS_VPSET_MAX_BANKS, ex_vps, 3);
	memset(&t, 0, sizeof(t));
	t.bitmap = bm;
	t.words = HVTLFS_VPSET_MAX_BANKS;
	if (built("hvtlfs_ipi_build_ex()",
		  hvtlfs_ipi_build_ex(input_page, sizeof(input_page), 0x31, 0, &t, 0, &p))) {
		result = hvtlfs_hypercall_slow(p.control, (uint64_t)(uintptr_t)input_page, 0);
		end("hvtlfs_hypercall_slow()", RETURNS_WORD, 0, result, HVTLFS_STATUS_SUCCESS);
	}

	/* The IPI planner: every VP but the sender, which is never the ALL format. */
	begin("Planned IPI: vector 0x32 to all 80 VPs but the sender, VP 3 "
	      "(hvtlfs_ipi_plan_build(): the Ex call, never HV_GENERIC_SET_ALL)");
	{
		struct hvtlfs_ipi_request ir;
		struct hvtlfs_ipi_plan ip;

		memset(&ir, 0, sizeof(ir));
		ir.vps.all = true;
		ir.exclude_self = true;
		ir.self_vp = 3;
		ir.vp_count = 80;
		ir.vector = 0x32;
		ir.flags = HVTLFS_POLICY_NO_XMM; /* the slow form: the page, as printed */
		if (built("hvtlfs_ipi_plan_build()", hvtlfs_ipi_plan_build(&ir, &f, &page, &ip))) {
			printf("planner: %s, %s\n",
			       hvtlfs_call_name(hvtlfs_control_code(ip.control)),
			       ip.form == HVTLFS_FORM_FAST  ? "fast form (RDX, R8)"
			       : ip.form == HVTLFS_FORM_XMM ? "XMM fast form"
							    : "slow form (input page)");
			rc = hvtlfs_ipi_issue(&ip, &result);
			end("hvtlfs_ipi_issue()", RETURNS_OUTCOME, rc, result,
			    HVTLFS_STATUS_SUCCESS);
		}
	}

	/* The guest-physical flush planner: a nested hypervisor flushes its guest's EPT. */
	begin("Planned guest-physical flush: an L1 hypervisor, a guest of Hyper-V, flushes "
	      "16 MiB of its guest's memory mapped by 2 MiB pages");
	{
		static const struct hvtlfs_page_range gpa_pages = { 0x200, 4096 }; /* 0x200000 */
		struct hvtlfs_gpa_flush_request gr;
		struct hvtlfs_gpa_flush_plan gp;

		memset(&gr, 0, sizeof(gr));
		gr.address_space = 0x3c4d000u; /* the guest's EPT PML4 */
		gr.ranges = &gpa_pages;
		gr.nranges = 1;
		gr.mapping_size = HVTLFS_MAPPING_2M;
		gr.flags = HVTLFS_POLICY_NO_XMM;
		if (built("hvtlfs_gpa_flush_plan_build()",
			  hvtlfs_gpa_flush_plan_build(&gr, &f, &page, &gp))) {
			printf("planner: %s, %s, %u HV_GPA_PAGE_RANGE entr%s\n",
			       hvtlfs_call_name(hvtlfs_control_code(gp.control)),
			       gp.form == HVTLFS_FORM_SLOW ? "slow form (input page)" : "fast form",
			       gp.entries, gp.entries == 1 ? "y" : "ies");
			rc = hvtlfs_gpa_flush_issue(&gp, &result);
			end("hvtlfs_gpa_flush_issue()", RETURNS_OUTCOME, rc, result,
			    HVTLFS_STATUS_SUCCESS);
		}
	}

	begin("Signal event flag 3 of connection 0x10 (HvSignalEvent, fast)");
	if (built("hvtlfs_signal_event_build()",
		  hvtlfs_signal_event_build(&control, &input, 0x10, 3))) {
		result = hvtlfs_hypercall_fast8(control, input);
		end("hvtlfs_hypercall_fast8()", RETURNS_WORD, 0, result, HVTLFS_STATUS_SUCCESS);
	}

	through_the_dispatcher();

	/* What a hypervisor refuses: the builders never produce it, so write it by hand. */
	begin("A broken guest: HvFlushVirtualAddressSpaceEx whose variable header says 1 bank "
	      "word while valid_bank_mask names 2");
	{
		uint64_t *w = (uint64_t *)(void *)input_page;

		w[0] = 0x1a2b000u;		     /* address space */
		w[1] = 0;			     /* flags */
		w[2] = 0;			     /* HV_GENERIC_SET_SPARSE_4K */
		w[3] = 0x5u;			     /* banks 0 and 2 */
		w[4] = 0x21u;			     /* VPs 0 and 5 */
		w[5] = 0x4u;			     /* VP 130 */
		control = 0x13u | (uint64_t)1 << 17; /* one bank word */
		result = hvtlfs_hypercall_slow(control, (uint64_t)(uintptr_t)input_page, 0);
	}
	end("hvtlfs_hypercall_slow()", RETURNS_WORD, 0, result,
	    HVTLFS_STATUS_INVALID_HYPERCALL_INPUT);
	if (failures) {
		printf("\n%u scenario%s did not go as expected.\n", failures,
		       failures == 1 ? "" : "s");
		return 1;
	}
	{
		/* The CLI is built next to the demo. */
		const char *slash = strrchr(argv0, '/');
		int dir = slash ? (int)(slash - argv0) + 1 : 0;

		printf("\nEvery call went as expected. Next: '%.*shvtlfs --help' (decode and plan "
		       "hypercalls yourself), and docs/getting-started.md.\n",
		       dir, argv0);
	}
	return 0;
}
#endif

int main(int argc, char **argv)
{
	(void)argc;
#if HVTLFS_DEMO_MOCK
	return run(argv[0] ? argv[0] : "");
#else
	(void)argv;
	printf("hvtlfs-demo needs hvtlfs::mock (hosted Linux, x86_64 or i386): not built here.\n");
	return 1;
#endif
}
