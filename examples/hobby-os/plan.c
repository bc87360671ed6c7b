/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A planned TLB flush: hvtlfs_flush_plan_build() picks the call (legacy or Ex,
 * space or list, slow or XMM) from the request and the partition's features;
 * hvtlfs_flush_issue() makes it, continuing rep calls. On x86_64 this file is
 * built with SSE, as the XMM form may be chosen.
 */
#include "console.h"
#include "guest.h"
#include "hv.h"

#include "hvtlfs/error.h"
#include "hvtlfs/hvcall.h"
#include "hvtlfs/issue.h"

#if HOBBY_HAS_XMM
#define FAST_IF_XMM 0x0000000000010000ull /* the fast bit: the XMM form was chosen */
#else
#define FAST_IF_XMM 0
#endif

static void say_plan(const char *what, int rc, const struct hvtlfs_flush_plan *p, uint64_t control)
{
	con_puts(what);
	con_puts(": ");
	con_puts(hvtlfs_strerror(rc));
	con_hex_field(", control ", p->control, 16);
	con_puts(p->form == HVTLFS_FORM_XMM    ? " xmm"
		 : p->form == HVTLFS_FORM_SLOW ? " slow"
					       : " none");
	check(rc == HVTLFS_OK && p->control == control &&
	      p->form == (HOBBY_HAS_XMM ? HVTLFS_FORM_XMM : HVTLFS_FORM_SLOW));
}

void test_plan(const struct hvtlfs_features *features)
{
	/* VPs {1, 70}: bank 0 bit 1, bank 1 bit 6. */
	static const uint64_t bitmap[2] = { 0x2, 0x40 };
	static const struct hvtlfs_range ranges[] = {
		{ 0x00400000, 0x2000 },
		{ 0x00600000, 0x1000 },
		{ 0x00601000, 0x1000 },
		{ 0x00900000, 0x1000 },
	};
	struct hvtlfs_flush_request req;
	struct hvtlfs_flush_policy policy;
	struct hvtlfs_features no_hint;
	static struct hvtlfs_flush_plan plan;
	static struct hvtlfs_input_page page;
	const struct hvtlfs_hvcall_request *seen;
	uint64_t result = 0;
	uint32_t calls;
	int rc, hit70, hit2;

	/* The input page: identity-mapped, so its address is its GPA. */
	rc = hvtlfs_input_page_init(&page, (void *)(uintptr_t)HOBBY_INPUT_PAGE_GPA,
				    HOBBY_INPUT_PAGE_GPA, 4096);
	say_rc("plan: input page", rc, HVTLFS_OK);
	req.vps.bitmap = bitmap;
	req.vps.words = 2;
	req.vps.all = 0;
	req.vps.source = NULL;
	req.address_space = 0x5000;
	req.all_spaces = 0;
	req.non_global_only = 0;
	req.everything = 0;
	req.mapping_size = HVTLFS_MAPPING_4K; /* the kernel maps its memory by 4 KiB pages */
	req.ranges = ranges;
	req.nranges = 4;

	/* VP 70 needs an HV_VP_SET: HvFlushVirtualAddressListEx, 2 bank words, 3 entries. */
	rc = hvtlfs_flush_plan_build(&req, features, NULL, &page, &plan);
	say_plan("plan: VPs {1,70}, 4 ranges", rc, &plan, 0x0000000300040014ull | FAST_IF_XMM);
	calls = hv_calls();
	rc = hvtlfs_flush_issue(&plan, &result);
	say_rc("plan: issue", rc, HVTLFS_OK);
	say_result("plan: result", result, HVTLFS_STATUS_SUCCESS, 3);
	con_dec_field("plan: hypercalls ", hv_calls() - calls);
	check(hv_calls() - calls == 2);
	/* What the hypervisor decoded last (reps 2..3): VP 70's page 0x900000, not VP 2's. */
	seen = hv_last_request();
	hit70 = hvtlfs_hvcall_flush_covers(seen, hv_last_ranges(), 70, HV_NVPS, 0x5000, 0x900000);
	hit2 = hvtlfs_hvcall_flush_covers(seen, hv_last_ranges(), 2, HV_NVPS, 0x5000, 0x900000);
	con_dec_field("plan: covers VP 70 at 0x900000 ", (uint32_t)hit70);
	con_dec_field(", VP 2 ", (uint32_t)hit2);
	check(hit70 && !hit2);

	/* More entries than the policy allows: the whole space instead. */
	policy.max_list_entries = 2;
	policy.flags = 0;
	rc = hvtlfs_flush_plan_build(&req, features, &policy, &page, &plan);
	say_plan("plan: same, at most 2 entries", rc, &plan, 0x0000000000040013ull | FAST_IF_XMM);
	rc = hvtlfs_flush_issue(&plan, &result);
	say_rc("plan: issue", rc, HVTLFS_OK);

	/* Everything on every VP: the legacy call with ALL_PROCESSORS. */
	req.vps.all = 1;
	req.everything = 1;
	rc = hvtlfs_flush_plan_build(&req, features, NULL, &page, &plan);
	say_plan("plan: everything, all VPs", rc, &plan, 0x0000000000000002ull | FAST_IF_XMM);
	rc = hvtlfs_flush_issue(&plan, &result);
	say_rc("plan: issue", rc, HVTLFS_OK);

	/* Without the remote-flush hint the planner says: flush by IPIs. */
	no_hint = *features;
	no_hint.remote_tlb_flush_recommended = false;
	calls = hv_calls();
	rc = hvtlfs_flush_plan_build(&req, &no_hint, NULL, &page, &plan);
	con_puts("plan: without the remote flush hint: ");
	con_puts(hvtlfs_strerror(rc));
	con_dec_field(", hypercalls ", hv_calls() - calls);
	check(rc == HVTLFS_ERR_FALLBACK && hv_calls() == calls);
}
