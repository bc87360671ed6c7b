/* SPDX-License-Identifier: BSD-2-Clause */
/* hvtlfs: command-line front end to the library's decoders, catalogs and planner. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hvtlfs/catalog.h"
#include "hvtlfs/control.h"
#include "hvtlfs/error.h"
#include "hvtlfs/flush.h"
#include "hvtlfs/ranges.h"
#include "hvtlfs/tlfs.h"

#include "cli.h"

static const char usage_text[] =
	"usage: hvtlfs <command> [arguments]\n"
	"\n"
	"commands:\n"
	"  control <value>     decode a 64-bit hypercall input value (control word) and judge\n"
	"                      it as a hypervisor would (reserved bits, catalog rules)\n"
	"  result <value>      decode a 64-bit hypercall result value\n"
	"  status <value>      name an HV_STATUS code\n"
	"  calls               list the hypercall catalog\n"
	"  statuses            list every known HV_STATUS\n"
	"  quickref            print the TLFS quick reference (Markdown) from the catalogs\n"
	"  decode ...          decode a hypercall's input as a hypervisor would (decode --help)\n"
	"  plan ...            plan a TLB flush and print the hypercall (plan --help)\n"
	"  build <call> ...    build a call's input as a guest does: host visibility,\n"
	"                      device interrupt, extended, VP-register, AP start-up and VTL\n"
	"                      calls (build --help)\n"
	"  help, --help        this text; 'hvtlfs <command> --help' describes a command\n"
	"\n"
	"Numbers are decimal or 0x-prefixed hexadecimal. Exit status: 0 on success, 1 when a\n"
	"decoded input is invalid (or no hypercall applies), 2 on a usage error.\n";

static const char control_help[] =
	"usage: hvtlfs control <value>\n"
	"\n"
	"Decodes a hypercall input value (the control word, RCX; EDX:EAX on i386): call code\n"
	"(bits 0-15), fast (16), variable header size in 8-byte units (17-26), nested (31),\n"
	"rep count (32-43), rep start index (48-59), reserved bits (27-30, 44-47, 60-63).\n"
	"Then judges it as a hypervisor does before reading any input: reserved bits, an\n"
	"unknown code, rep fields on a simple call, rep count 0 or rep start >= rep count on a\n"
	"rep call, a variable header on a call that takes none, fast on a slow-only call.\n"
	"Exit status 0 when the verdict is HV_STATUS_SUCCESS, 1 otherwise, 2 on a usage error.\n";

static const char result_help[] =
	"usage: hvtlfs result <value>\n"
	"\n"
	"Decodes a hypercall result value (RAX; EDX:EAX on i386): HV_STATUS (bits 0-15), reps\n"
	"completed (bits 32-43, an absolute count), reserved bits (16-31, 44-63).\n";

static const char status_help[] =
	"usage: hvtlfs status <value>\n"
	"\n"
	"Names a 16-bit HV_STATUS value (HV_STATUS_UNKNOWN for values the TLFS does not define).\n";

static const char calls_help[] =
	"usage: hvtlfs calls\n"
	"\n"
	"Lists the hypercall catalog: code, TLFS name, kind (simple or rep), variable header\n"
	"(banks: the HV_VP_SET bank words of the Ex flush and IPI calls; mask+banks: its\n"
	"valid_bank_mask and bank words, HvCallRetargetDeviceInterrupt), fast allowed, fixed\n"
	"header bytes and rep element bytes (- where the catalog does not specify them), and\n"
	"whether the call writes output at the output GPA (out).\n";

static const char statuses_help[] = "usage: hvtlfs statuses\n"
				    "\n"
				    "Lists every HV_STATUS value the library names.\n";

static const char quickref_help[] =
	"usage: hvtlfs quickref\n"
	"\n"
	"Prints the TLFS quick reference as Markdown, generated from the library's catalogs and\n"
	"masks. docs/quickref.md is this output, checked by the test cli_quickref_current.\n";

static int cmd_control(int argc, char **argv)
{
	uint64_t c;
	const struct hvtlfs_call_info *ci;
	uint16_t st;

	if (argc != 2)
		return cli_usage_error("control", "takes exactly one value");
	if (cli_parse_u64(argv[1], &c))
		return cli_usage_error("control", "not a 64-bit number: '%s'", argv[1]);
	st = hvtlfs_call_check(c, NULL, NULL);
	ci = hvtlfs_call_lookup(hvtlfs_control_code(c));
	printf("control     0x%016llx\n", (unsigned long long)c);
	printf("code        0x%04x %s\n", hvtlfs_control_code(c),
	       hvtlfs_call_name(hvtlfs_control_code(c)));
	printf("fast        %d\n", hvtlfs_control_is_fast(c));
	printf("var_hdr     %u (%u bytes)\n", hvtlfs_control_var_hdr_size(c),
	       hvtlfs_control_var_hdr_size(c) * 8u);
	printf("nested      %d\n", hvtlfs_control_is_nested(c));
	printf("rep_count   %u\n", hvtlfs_control_rep_count(c));
	printf("rep_start   %u\n", hvtlfs_control_rep_start(c));
	printf("reserved    0x%016llx\n", (unsigned long long)(c & HVTLFS_CONTROL_RESERVED_MASK));
	if (ci)
		printf("kind        %s%s%s\n", ci->kind == HVTLFS_CALL_KIND_REP ? "rep" : "simple",
		       ci->flags & HVTLFS_CALLF_VARHDR ? ", variable header" : "",
		       ci->flags & HVTLFS_CALLF_FAST ? ", fast allowed" : ", slow only");
	printf("verdict     %s (0x%04x)\n", hvtlfs_status_name(st), st);
	return st == HVTLFS_STATUS_SUCCESS ? 0 : 1;
}

static int cmd_result(int argc, char **argv)
{
	uint64_t r;

	if (argc != 2)
		return cli_usage_error("result", "takes exactly one value");
	if (cli_parse_u64(argv[1], &r))
		return cli_usage_error("result", "not a 64-bit number: '%s'", argv[1]);
	printf("result          0x%016llx\n", (unsigned long long)r);
	printf("status          0x%04x %s\n", hvtlfs_result_status(r),
	       hvtlfs_status_name(hvtlfs_result_status(r)));
	printf("reps_completed  %u\n", hvtlfs_result_reps_completed(r));
	printf("reserved        0x%016llx\n",
	       (unsigned long long)(r & HVTLFS_RESULT_RESERVED_MASK));
	return 0;
}

static int cmd_status(int argc, char **argv)
{
	uint64_t s;

	if (argc != 2)
		return cli_usage_error("status", "takes exactly one value");
	if (cli_parse_u64(argv[1], &s) || s > 0xFFFF)
		return cli_usage_error("status", "not a 16-bit status: '%s'", argv[1]);
	printf("0x%04x %s\n", (unsigned int)s, hvtlfs_status_name((uint16_t)s));
	return 0;
}

static void print_calls(int markdown)
{
	size_t n, i;
	const struct hvtlfs_call_info *all = hvtlfs_call_catalog(&n);

	if (markdown) {
		printf("| Code | Name | Kind | Variable header | Fast | Fixed header | Rep element "
		       "| Output |\n");
		printf("|------|------|------|-----------------|------|--------------|-------------"
		       "|--------|\n");
	}
	for (i = 0; i < n; i++) {
		/* The variable header and fast columns: plain words, or the table's. */
		static const char *const words[2][8] = {
			{ "banks", "mask+banks", "varhdr", "-", "fast", "slow", "out", "-" },
			{ "bank words", "mask and bank words", "yes", "no", "yes", "no", "yes",
			  "no" },
		};
		const char *const *w = words[markdown != 0];
		const struct hvtlfs_call_info *ci = &all[i];
		char hdr[16] = "-", elem[16] = "-";

		if (ci->flags & HVTLFS_CALLF_SIZES) {
			snprintf(hdr, sizeof(hdr), "%u", ci->fixed_header_size);
			if (ci->kind == HVTLFS_CALL_KIND_REP)
				snprintf(elem, sizeof(elem), "%u", ci->rep_element_size);
		}
		printf(markdown ? "| 0x%04X | %s | %s | %s | %s | %s | %s | %s |\n"
				: "0x%04X  %-40s %-6s %-10s %-4s %5s %5s %s\n",
		       ci->code, ci->name, ci->kind == HVTLFS_CALL_KIND_REP ? "rep" : "simple",
		       ci->flags & HVTLFS_CALLF_VPSET_BANKS  ? w[0]
		       : ci->flags & HVTLFS_CALLF_VPSET_MASK ? w[1]
		       : ci->flags & HVTLFS_CALLF_VARHDR     ? w[2]
							     : w[3],
		       ci->flags & HVTLFS_CALLF_FAST ? w[4] : w[5], hdr, elem,
		       ci->flags & HVTLFS_CALLF_OUTPUT ? w[6] : w[7]);
	}
}

static void print_statuses(int markdown)
{
	size_t n, i;
	const uint16_t *all = hvtlfs_status_catalog(&n);

	if (markdown) {
		printf("| Value | Name |\n");
		printf("|-------|------|\n");
	}
	for (i = 0; i < n; i++)
		printf(markdown ? "| 0x%04X | %s |\n" : "0x%04X  %s\n", all[i],
		       hvtlfs_status_name(all[i]));
}

static int cmd_list(int argc, char **argv, int which)
{
	if (argc != 1)
		return cli_usage_error(argv[0], "takes no arguments");
	if (which == 0)
		print_calls(0);
	else
		print_statuses(0);
	return 0;
}

static int cmd_calls(int argc, char **argv)
{
	return cmd_list(argc, argv, 0);
}

static int cmd_statuses(int argc, char **argv)
{
	return cmd_list(argc, argv, 1);
}

/* A row of a quick-reference mask table: its first cells, then the mask; @pages (when not
 * 0) is the page limit of a count field. */
struct qref_mask {
	const char *cells;
	unsigned int pages;
	uint64_t mask;
};

static void qref_masks(const char *title, const char *first, const struct qref_mask *rows, size_t n)
{
	size_t i;

	printf("## %s\n\n| %s | Field | Mask |\n", title, first);
	printf("|%.*s|-------|------|\n", (int)strlen(first) + 2, "----------------");
	for (i = 0; i < n; i++) {
		printf("| %s", rows[i].cells);
		if (rows[i].pages)
			printf(" (1 to %u pages)", rows[i].pages);
		printf(" | 0x%016llX |\n", (unsigned long long)rows[i].mask);
	}
}

#define QREF_LEN(a) (sizeof(a) / sizeof((a)[0]))

static int cmd_quickref(int argc, char **argv)
{
	static const struct qref_mask control[] = {
		{ "0-15 | call code", 0, HVTLFS_CONTROL_CODE_MASK },
		{ "16 | fast", 0, HVTLFS_CONTROL_FAST },
		{ "17-26 | variable header size (8-byte units)", 0, HVTLFS_CONTROL_VARHDR_MASK },
		{ "31 | nested", 0, HVTLFS_CONTROL_NESTED },
		{ "32-43 | rep count", 0, HVTLFS_CONTROL_REP_COUNT_MASK },
		{ "48-59 | rep start index", 0, HVTLFS_CONTROL_REP_START_MASK },
		{ "27-30, 44-47, 60-63 | reserved (zero)", 0, HVTLFS_CONTROL_RESERVED_MASK },
	};
	static const struct qref_mask result[] = {
		{ "0-15 | status", 0, HVTLFS_RESULT_STATUS_MASK },
		{ "32-43 | reps completed", 0, HVTLFS_RESULT_REPS_COMPLETED_MASK },
	};
#define QREF_EXT_ "extended HV_GVA_RANGE, HV_GPA_PAGE_RANGE | "
	static const struct qref_mask entries[] = {
		{ "HV_GVA_RANGE, simple | additional pages", HVTLFS_GVA_SIMPLE_MAX_PAGES,
		  HVTLFS_GVA_SIMPLE_ADDL_MASK },
		{ "HV_GVA_RANGE, simple | GVA page number", 0, HVTLFS_RANGE_PAGE_MASK },
		{ QREF_EXT_ "additional pages", HVTLFS_RANGE_EXT_MAX_PAGES,
		  HVTLFS_RANGE_EXT_ADDL_MASK },
		{ QREF_EXT_ "large page", 0, HVTLFS_RANGE_EXT_LARGE_PAGE },
		{ QREF_EXT_ "4 KiB page number (large page clear)", 0, HVTLFS_RANGE_PAGE_MASK },
		{ QREF_EXT_ "page size, large page set (1 GiB, else 2 MiB)", 0,
		  HVTLFS_RANGE_EXT_PAGE_1G },
		{ QREF_EXT_ "reserved, large page set", 0, HVTLFS_RANGE_EXT_RESERVED_MASK },
		{ QREF_EXT_ "large page number, large page set", 0, HVTLFS_RANGE_LARGE_MASK },
	};
#undef QREF_EXT_
	static const struct {
		const char *rule;
		const char *before;
		unsigned int value;
		const char *after;
	} rules[] = {
		{ "Slow input and output GPAs: alignment", "", HVTLFS_INPUT_ALIGN, " bytes" },
		{ "Slow input and output: must not cross a page of", "", HVTLFS_PAGE_SIZE,
		  " bytes" },
		{ "Fast input in RDX, R8 (EBX:ECX, EDI:ESI on i386)", "", HVTLFS_FAST_GPR_BYTES,
		  " bytes" },
		{ "Fast input with XMM0-XMM5 (XMM fast input feature)", "", HVTLFS_FAST_XMM_BYTES,
		  " bytes" },
		{ "Largest rep count or rep start", "", HVTLFS_CONTROL_REP_MAX, "" },
		{ "Largest variable header (8-byte units)", "", HVTLFS_CONTROL_VARHDR_MAX, "" },
		{ "HvPostMessage payload", "at most ", HVTLFS_MESSAGE_PAYLOAD_MAX, " bytes" },
	};
	size_t i;

	(void)argv;
	if (argc != 1)
		return cli_usage_error("quickref", "takes no arguments");
	printf("# TLFS quick reference\n\n");
	printf("Generated by `hvtlfs quickref` from the library's own catalogs and masks\n"
	       "(`catalog.h`, `control.h`, `tlfs.h`, `ranges.h`, `flush.h`); the test\n"
	       "`cli_quickref_current` fails when this page and the program's output differ.\n"
	       "Regenerate it with `build/x86_64-gcc/tools/hvtlfs quickref > "
	       "docs/quickref.md`.\n\n");
	qref_masks("Hypercall input value (control word)", "Bits", control, QREF_LEN(control));
	printf("\n");
	qref_masks("Hypercall result value", "Bits", result, QREF_LEN(result));
	printf("\n## Hypercalls\n\n");
	print_calls(1);
	printf("\n## Statuses\n\n");
	print_statuses(1);
	printf("\n## Flush flags\n\n| Value | Flag |\n|-------|------|\n");
	for (i = 0; i < CLI_FLUSH_FLAGS; i++) {
		const struct cli_flag *fl = &cli_flush_flags[i];

		printf("| 0x%llX | HV_FLUSH_%s", (unsigned long long)fl->bit, fl->name);
		if (fl->note)
			printf(" (%s)", fl->note);
		printf(" |\n");
	}
	printf("\n## HV_VP_SET\n\n");
	printf("`u64 format; u64 valid_bank_mask; u64 bank_contents[]`: bank i holds VPs 64i to "
	       "64i+63, one bank word per set bit of the mask, ascending. In the flush and IPI Ex "
	       "calls the variable header size is the number of bank words.\n\n");
	printf("| Value | Format |\n|-------|--------|\n");
	printf("| %u | HV_GENERIC_SET_SPARSE_4K |\n| %u | HV_GENERIC_SET_ALL |\n\n",
	       HVTLFS_GENERIC_SET_SPARSE_4K, HVTLFS_GENERIC_SET_ALL);
	printf("At most %u banks, so VPs 0 to %u.\n\n", HVTLFS_VPSET_MAX_BANKS,
	       HVTLFS_VPSET_MAX_VPS - 1u);
	qref_masks("Range list entries (8 bytes each)", "Entry", entries, QREF_LEN(entries));
	printf("\n## Input rules\n\n");
	printf("| Rule | Value |\n|------|-------|\n");
	for (i = 0; i < QREF_LEN(rules); i++)
		printf("| %s | %s%u%s |\n", rules[i].rule, rules[i].before, rules[i].value,
		       rules[i].after);
	return 0;
}

static const struct command {
	const char *name;
	int (*run)(int argc, char **argv);
	const char *help;
} commands[] = {
	{ "control", cmd_control, control_help },
	{ "result", cmd_result, result_help },
	{ "status", cmd_status, status_help },
	{ "calls", cmd_calls, calls_help },
	{ "statuses", cmd_statuses, statuses_help },
	{ "quickref", cmd_quickref, quickref_help },
	{ "decode", cli_decode, NULL },
	{ "plan", cli_plan, NULL },
	{ "build", cli_build, NULL },
};

int main(int argc, char **argv)
{
	const char *cmd;
	size_t i;

	if (argc < 2) {
		fputs(usage_text, stderr);
		return 2;
	}
	cmd = argv[1];
	if (!strcmp(cmd, "help") || !strcmp(cmd, "--help") || !strcmp(cmd, "-h")) {
		fputs(usage_text, stdout);
		return 0;
	}
	for (i = 0; i < sizeof(commands) / sizeof(commands[0]); i++) {
		if (strcmp(cmd, commands[i].name))
			continue;
		/* decode, plan and build print their own help (they have options). */
		if (commands[i].help && cli_wants_help(argc - 1, argv + 1)) {
			fputs(commands[i].help, stdout);
			return 0;
		}
		return commands[i].run(argc - 1, argv + 1);
	}
	return cli_usage_error(NULL, "unknown command '%s'", cmd);
}
