/* SPDX-License-Identifier: BSD-2-Clause */
/* hvtlfs plan: a human flush request through hvtlfs_flush_plan_build(). */
#include <stdio.h>
#include <string.h>

#include "hvtlfs/catalog.h"
#include "hvtlfs/control.h"
#include "hvtlfs/error.h"
#include "hvtlfs/planner.h"
#include "hvtlfs/vpset.h"

#include "cli.h"

static const char plan_help[] =
	"usage: hvtlfs plan (--vps <list> | --all-vps) [--space <cr3> | --all-spaces]\n"
	"                   (--range <start>+<length> ... | --everything) [--non-global]\n"
	"                   [--mapping 4K|2M|1G]\n"
	"                   [--features ex,xmm,extgva,large] [--max-vps <n>]\n"
	"                   [--max-entries <n>] [--prefer-ex] [--no-xmm] [--no-large-pages]\n"
	"\n"
	"Plans the remote TLB flush a guest asks for (hvtlfs_flush_plan_build) and prints the\n"
	"one hypercall it chose: name, control word, the input bytes (as qwords, and as hex that\n"
	"'hvtlfs decode --input' takes), then the same call as a hypervisor decodes it.\n"
	"The partition is taken to recommend remote flushes by hypercall (CPUID 0x40000004 EAX\n"
	"bit 2); everything else comes from --features.\n"
	"\n"
	"what to flush:\n"
	"  --vps <list>          target VPs: comma-separated indices and ranges, e.g. 0-3,70\n"
	"                        (0-4095; may be repeated)\n"
	"  --all-vps             every VP of the partition (HV_FLUSH_ALL_PROCESSORS)\n"
	"  --space <cr3>         the address space (a CR3 value; default 0)\n"
	"  --all-spaces          every address space (HV_FLUSH_ALL_VIRTUAL_ADDRESS_SPACES)\n"
	"  --range <start>+<len> bytes to flush; <len> may end in K, M or G (binary units):\n"
	"                        0x7f0000000000+64K. May be repeated (at most 4096).\n"
	"  --everything          the whole address space (no ranges)\n"
	"  --non-global          global mappings may be kept (HV_FLUSH_NON_GLOBAL_MAPPINGS_ONLY;\n"
	"                        only a whole-space flush carries it)\n"
	"  --mapping 4K|2M|1G    the page size that maps the ranges (default 4K). Large-page\n"
	"                        entries (extgva) are used only up to this size: a 2 MiB\n"
	"                        entry lets the hypervisor keep 4 KiB translations inside it\n"
	"\n"
	"partition:\n"
	"  --features <list>     comma-separated:\n"
	"                          ex      Ex processor masks recommended (0x40000004 EAX\n"
	"                                  bit 11): VPs 64 and above, through HV_VP_SET\n"
	"                          xmm     XMM fast input (0x40000003 EDX bit 4; x86_64 builds)\n"
	"                          extgva  extended GVA ranges (0x40000003 EDX bit 14): with\n"
	"                                  --mapping 2M or 1G, large-page entries where they\n"
	"                                  save entries\n"
	"                          large   the same as extgva (large-page entries exist only\n"
	"                                  in the extended format)\n"
	"  --max-vps <n>         the hypervisor's maximum VP count (CPUID 0x40000005 EAX,\n"
	"                        1-4096): VPs at or above it are refused\n"
	"\n"
	"policy:\n"
	"  --max-entries <n>     largest list worth issuing; more entries flush the whole\n"
	"                        space (default: what the input page or registers hold)\n"
	"  --prefer-ex           use the Ex calls even when every VP is below 64 (needs ex)\n"
	"  --no-xmm              never use the XMM fast form\n"
	"  --no-large-pages      never use extended or large-page entries\n"
	"  --help                this text\n"
	"\n"
	"Exit status: 0 when a hypercall was planned, 1 when none applies (e.g. a VP at or\n"
	"above 64 without ex: HVTLFS_ERR_FALLBACK, flush by IPIs), 2 on a usage error.\n";

#define PLAN_MAX_RANGES 4096u

static _Alignas(4096) uint8_t plan_page[4096];
static struct hvtlfs_range plan_ranges[PLAN_MAX_RANGES];
static struct hvtlfs_range_entry plan_decoded[HVTLFS_CONTROL_REP_MAX + 1u];

static int parse_range(const char *s, struct hvtlfs_range *r)
{
	size_t plus = strcspn(s, "+"), n;
	uint64_t start, len, unit = 1;
	const char *l;

	if (s[plus] != '+' || cli_parse_part(s, plus, &start))
		return -1;
	l = s + plus + 1;
	n = strlen(l);
	if (n && (l[n - 1] == 'K' || l[n - 1] == 'k'))
		unit = 1024u;
	else if (n && (l[n - 1] == 'M' || l[n - 1] == 'm'))
		unit = 1024u * 1024u;
	else if (n && (l[n - 1] == 'G' || l[n - 1] == 'g'))
		unit = 1024u * 1024u * 1024u;
	if (unit != 1)
		n--;
	if (cli_parse_part(l, n, &len) || len == 0 || len > UINT64_MAX / unit)
		return -1;
	len *= unit;
	if (start + (len - 1u) < start)
		return -1; /* runs past the top of the address space */
	r->start = start;
	r->length = len;
	return 0;
}

static const char *plan_error_hint(int rc)
{
	switch (rc) {
	case HVTLFS_ERR_FALLBACK:
		return "no hypercall applies (a VP at or above 64 needs the ex feature): flush by "
		       "IPIs";
	default:
		return "the planner refused the request";
	}
}

int cli_plan(int argc, char **argv)
{
	static uint64_t bitmap[HVTLFS_VPSET_MAX_BANKS];
	struct hvtlfs_flush_request req;
	struct hvtlfs_flush_policy policy;
	struct hvtlfs_features f;
	struct hvtlfs_flush_plan plan;
	struct hvtlfs_input_page page;
	struct hvtlfs_hvcall_input in;
	struct hvtlfs_hvcall_request hv;
	const char *val;
	uint64_t space = 0, max_vps = 0, top = 0;
	unsigned int feats = 0;
	size_t nranges = 0, hv_top;
	int have_vps = 0, all_vps = 0, have_space = 0, all_spaces = 0, everything = 0;
	int non_global = 0, i, rc;

	if (cli_wants_help(argc, argv)) {
		fputs(plan_help, stdout);
		return 0;
	}
	memset(&req, 0, sizeof(req));
	memset(&policy, 0, sizeof(policy));
	memset(&f, 0, sizeof(f));
	for (i = 1; i < argc; i++) {
		if (cli_option(argc, argv, &i, "--vps", &val)) {
			if (!val || cli_parse_vps(val, bitmap))
				return cli_bad_value(
					"plan", "--vps: not a VP list (e.g. 0-3,70; VPs 0-4095)",
					val);
			have_vps = 1;
		} else if (!strcmp(argv[i], "--all-vps")) {
			all_vps = 1;
		} else if (cli_option(argc, argv, &i, "--space", &val)) {
			if (!val || cli_parse_u64(val, &space))
				return cli_bad_value("plan", "--space: not a 64-bit CR3 value",
						     val);
			have_space = 1;
		} else if (!strcmp(argv[i], "--all-spaces")) {
			all_spaces = 1;
		} else if (cli_option(argc, argv, &i, "--range", &val)) {
			if (nranges == PLAN_MAX_RANGES)
				return cli_usage_error("plan", "more than %u ranges",
						       PLAN_MAX_RANGES);
			if (!val || parse_range(val, &plan_ranges[nranges]))
				return cli_bad_value(
					"plan",
					"--range: not <start>+<length> with a non-zero length that "
					"stays below 2^64 (e.g. 0x7f0000000000+64K)",
					val);
			nranges++;
		} else if (!strcmp(argv[i], "--everything")) {
			everything = 1;
		} else if (!strcmp(argv[i], "--non-global")) {
			non_global = 1;
		} else if (cli_option(argc, argv, &i, "--mapping", &val)) {
			if (val && (!strcmp(val, "4K") || !strcmp(val, "4k")))
				req.mapping_size = HVTLFS_MAPPING_4K;
			else if (val && (!strcmp(val, "2M") || !strcmp(val, "2m")))
				req.mapping_size = HVTLFS_MAPPING_2M;
			else if (val && (!strcmp(val, "1G") || !strcmp(val, "1g")))
				req.mapping_size = HVTLFS_MAPPING_1G;
			else
				return cli_bad_value(
					"plan", "--mapping: not a page size 4K, 2M or 1G", val);
		} else if (cli_option(argc, argv, &i, "--features", &val)) {
			rc = cli_features_option("plan", val,
						 CLI_FEAT_EX | CLI_FEAT_XMM | CLI_FEAT_EXTGVA |
							 CLI_FEAT_LARGE,
						 &feats);
			if (rc)
				return rc;
		} else if (cli_option(argc, argv, &i, "--max-vps", &val)) {
			if (!val || cli_parse_u64(val, &max_vps) || max_vps == 0 ||
			    max_vps > HVTLFS_VPSET_MAX_VPS)
				return cli_bad_value("plan", "--max-vps: not a count 1-4096", val);
		} else if (cli_option(argc, argv, &i, "--max-entries", &val)) {
			uint64_t n;

			if (!val || cli_parse_u64(val, &n) || n == 0 || n > HVTLFS_CONTROL_REP_MAX)
				return cli_bad_value("plan", "--max-entries: not a count 1-4095",
						     val);
			policy.max_list_entries = (uint32_t)n;
		} else if (!strcmp(argv[i], "--prefer-ex")) {
			policy.flags |= HVTLFS_POLICY_PREFER_EX;
		} else if (!strcmp(argv[i], "--no-xmm")) {
			policy.flags |= HVTLFS_POLICY_NO_XMM;
		} else if (!strcmp(argv[i], "--no-large-pages")) {
			policy.flags |= HVTLFS_POLICY_NO_LARGE_PAGES;
		} else {
			return cli_usage_error("plan", "unknown argument '%s'", argv[i]);
		}
	}
	if (!have_vps && !all_vps)
		return cli_usage_error("plan", "missing --vps or --all-vps");
	if (have_vps && all_vps)
		return cli_usage_error("plan", "--vps and --all-vps exclude each other");
	if (have_space && all_spaces)
		return cli_usage_error("plan", "--space and --all-spaces exclude each other");
	if (!nranges && !everything)
		return cli_usage_error("plan", "missing --range or --everything");
	if (nranges && everything)
		return cli_usage_error("plan", "--range and --everything exclude each other");
	if (have_vps && max_vps &&
	    hvtlfs_vp_bitmap_highest(bitmap, HVTLFS_VPSET_MAX_BANKS, &hv_top)) {
		top = hv_top;
		if (top >= max_vps)
			return cli_usage_error("plan", "VP %llu is not below --max-vps %llu",
					       (unsigned long long)top,
					       (unsigned long long)max_vps);
	}

	f.remote_tlb_flush_recommended = true;
	f.ex_processor_masks_recommended = (feats & CLI_FEAT_EX) != 0;
	f.xmm_input = (feats & CLI_FEAT_XMM) != 0;
	f.ext_gva_ranges = (feats & (CLI_FEAT_EXTGVA | CLI_FEAT_LARGE)) != 0;
	f.max_vps = (uint32_t)max_vps;
	req.vps.bitmap = bitmap;
	req.vps.words = HVTLFS_VPSET_MAX_BANKS;
	req.vps.all = all_vps != 0;
	req.address_space = space;
	req.all_spaces = all_spaces != 0;
	req.non_global_only = non_global != 0;
	req.everything = everything != 0;
	req.ranges = plan_ranges;
	req.nranges = nranges;

	rc = hvtlfs_input_page_init(&page, plan_page, (uintptr_t)plan_page, sizeof(plan_page));
	if (rc == HVTLFS_OK)
		rc = hvtlfs_flush_plan_build(&req, &f, &policy, &page, &plan);
	if (rc != HVTLFS_OK) {
		printf("no hypercall   %s (%d): %s\n", hvtlfs_strerror(rc), rc,
		       plan_error_hint(rc));
		return 1;
	}
	if (plan.form == HVTLFS_FORM_NONE) {
		printf("no hypercall   nothing to flush\n");
		return 0;
	}
	printf("hypercall      0x%04x %s\n", hvtlfs_control_code(plan.control),
	       hvtlfs_call_name(hvtlfs_control_code(plan.control)));
	printf("form           %s\n",
	       plan.form == HVTLFS_FORM_XMM ? "XMM fast (registers)" : "slow (input page)");
	printf("control        0x%016llx\n", (unsigned long long)plan.control);
	if (plan.last == HVTLFS_PLAN_LAST_ALL)
		printf("covers         whole address space\n");
	else
		printf("covers         0x%016llx-0x%016llx\n", (unsigned long long)plan.start,
		       (unsigned long long)plan.last);

	memset(&in, 0, sizeof(in));
	in.control = plan.control;
	in.features = f.ext_gva_ranges ? HVTLFS_HVCALL_FEAT_EXT_GVA_RANGES : 0u;
	if (plan.form == HVTLFS_FORM_XMM) {
		in.bytes = plan.regs;
		in.len = sizeof(plan.regs);
		in.features |= HVTLFS_HVCALL_FEAT_XMM_INPUT;
	} else {
		in.bytes = plan_page;
		in.len = sizeof(plan_page);
	}
	cli_print_input((const uint8_t *)in.bytes, plan.input_size, plan.form == HVTLFS_FORM_XMM);
	printf("-- as hvtlfs_hvcall_decode judges it --\n");
	rc = hvtlfs_hvcall_decode(&in, &hv, plan_decoded,
				  sizeof(plan_decoded) / sizeof(plan_decoded[0]));
	cli_print_judgement(&in, rc, &hv, plan_decoded);
	return 0;
}
