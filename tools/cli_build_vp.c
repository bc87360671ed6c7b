/* SPDX-License-Identifier: BSD-2-Clause */
/* hvtlfs build <VP-register, AP start-up or VTL call>: the input written by the
 * library's builders, printed as the control word and hex that 'hvtlfs decode' reads.
 * cli_build() hands these calls over. */
#include <stdio.h>
#include <string.h>

#include "hvtlfs/catalog.h"
#include "hvtlfs/control.h"
#include "hvtlfs/error.h"
#include "hvtlfs/registers.h"
#include "hvtlfs/tlfs.h"
#include "hvtlfs/vtl.h"

#include "cli.h"

static const char build_vp_help[] =
	"usage: hvtlfs build <call> [options]\n"
	"\n"
	"Writes one hypercall's input with the library's builder and prints its control word\n"
	"and bytes (as 'hvtlfs decode --control ... --input ...' takes them back).\n"
	"\n"
	"calls:\n"
	"  get-vp-registers --names <n,...>           HvCallGetVpRegisters (0x0050)\n"
	"  set-vp-registers --set <name=value,...>    HvCallSetVpRegisters (0x0051)\n"
	"  get-vp-index --apic-ids <id,...>           HvCallGetVpIndexFromApicId (0x009A)\n"
	"  enable-partition-vtl [--flags <bits>]      HvCallEnablePartitionVtl (0x000D)\n"
	"  enable-vp-vtl --vp <index> [context]       HvCallEnableVpVtl (0x000F)\n"
	"  start-vp --vp <index> [context]            HvCallStartVirtualProcessor (0x0099)\n"
	"\n"
	"options:\n"
	"  --partition <id>    the partition (default self, HV_PARTITION_ID_SELF)\n"
	"  --vp <index>        the VP (default self, HV_VP_INDEX_SELF, for the register calls)\n"
	"  --vtl <value>       HV_INPUT_VTL (register calls) or the target VTL (default 0)\n"
	"  --fast              the fast form (register image RDX, R8, XMM0-XMM5)\n"
	"  --nested            the nested bit (31)\n"
	"  names and values are numbers: 0x00090002 is HvRegisterGuestOsId (see the register\n"
	"  catalog in docs/registers.md)\n"
	"  context (enable-vp-vtl, start-vp): --rip, --rsp, --cr0, --cr3, --cr4, --efer\n"
	"  (the other fields zero)\n"
	"\n"
	"Exit status: 0 when built, 1 when the builder refuses (its error printed), 2 on a\n"
	"usage error.\n";

#define BUILD_MAX 4096u
#define LIST_MAX  HVTLFS_CONTROL_REP_MAX

/* A comma-separated list of numbers (or name=value pairs when @values): the count, or -1. */
static int parse_list(const char *s, uint32_t *names, struct hvtlfs_register_value *values)
{
	static char item[64];
	int n = 0;

	while (*s) {
		size_t len = strcspn(s, ",");
		uint64_t v;
		char *eq;

		if (len == 0 || len >= sizeof(item) || n >= (int)LIST_MAX)
			return -1;
		memcpy(item, s, len);
		item[len] = '\0';
		eq = strchr(item, '=');
		if (values) {
			uint64_t x;

			if (!eq)
				return -1;
			*eq = '\0';
			if (cli_parse_u64(eq + 1, &x))
				return -1;
			values[n].lo = x;
			values[n].hi = 0;
		} else if (eq) {
			return -1;
		}
		if (cli_parse_u64(item, &v) || v > 0xFFFFFFFFull)
			return -1;
		names[n++] = (uint32_t)v;
		s += len;
		if (*s == ',')
			s++;
	}
	return n;
}

int cli_build_vp_knows(const char *call)
{
	static const char *const calls[] = { "get-vp-registers", "set-vp-registers",
					     "get-vp-index",	 "enable-partition-vtl",
					     "enable-vp-vtl",	 "start-vp" };
	size_t i;

	for (i = 0; i < sizeof(calls) / sizeof(calls[0]); i++)
		if (!strcmp(call, calls[i]))
			return 1;
	return 0;
}

int cli_build_vp(int argc, char **argv)
{
	static uint64_t buf[BUILD_MAX / 8u];
	static uint32_t list[LIST_MAX];
	static struct hvtlfs_register_value values[LIST_MAX];
	struct hvtlfs_initial_vp_context ctx;
	struct hvtlfs_register_target t;
	struct hvtlfs_prepared p;
	const char *call, *val, *list_s = NULL;
	uint64_t partition = HVTLFS_PARTITION_ID_SELF, vp = HVTLFS_VP_INDEX_SELF, vtl = 0,
		 flags = 0, x;
	unsigned int opts = 0;
	int i, n = 0, rc, have_vp = 0;

	if (cli_wants_help(argc, argv) || argc < 2) {
		fputs(build_vp_help, argc < 2 ? stderr : stdout);
		return argc < 2 ? 2 : 0;
	}
	call = argv[1];
	memset(&ctx, 0, sizeof(ctx));
	for (i = 2; i < argc; i++) {
		if (cli_option(argc, argv, &i, "--partition", &val)) {
			if (!val || cli_parse_u64(val, &partition))
				return cli_bad_value("build", "--partition: not a 64-bit number",
						     val);
		} else if (cli_option(argc, argv, &i, "--vp", &val)) {
			if (!val || cli_parse_u64(val, &vp) || vp > 0xFFFFFFFFull)
				return cli_bad_value("build", "--vp: not a 32-bit VP index", val);
			have_vp = 1;
		} else if (cli_option(argc, argv, &i, "--vtl", &val)) {
			if (!val || cli_parse_u64(val, &vtl) || vtl > 0xFF)
				return cli_bad_value("build", "--vtl: not an 8-bit value", val);
		} else if (cli_option(argc, argv, &i, "--flags", &val)) {
			if (!val || cli_parse_u64(val, &flags) || flags > 0xFF)
				return cli_bad_value("build", "--flags: not an 8-bit value", val);
		} else if (cli_option(argc, argv, &i, "--names", &val) ||
			   cli_option(argc, argv, &i, "--set", &val) ||
			   cli_option(argc, argv, &i, "--apic-ids", &val)) {
			if (!val)
				return cli_usage_error("build", "a list option needs a value");
			list_s = val;
		} else if (cli_option(argc, argv, &i, "--rip", &val) ||
			   cli_option(argc, argv, &i, "--rsp", &val) ||
			   cli_option(argc, argv, &i, "--cr0", &val) ||
			   cli_option(argc, argv, &i, "--cr3", &val) ||
			   cli_option(argc, argv, &i, "--cr4", &val) ||
			   cli_option(argc, argv, &i, "--efer", &val)) {
			const char *opt = argv[i - (strchr(argv[i], '=') ? 0 : 1)];

			if (!val || cli_parse_u64(val, &x))
				return cli_bad_value("build", "context: not a 64-bit number", val);
			if (!strncmp(opt, "--rip", 5))
				ctx.rip = x;
			else if (!strncmp(opt, "--rsp", 5))
				ctx.rsp = x;
			else if (!strncmp(opt, "--cr0", 5))
				ctx.cr0 = x;
			else if (!strncmp(opt, "--cr3", 5))
				ctx.cr3 = x;
			else if (!strncmp(opt, "--cr4", 5))
				ctx.cr4 = x;
			else
				ctx.efer = x;
		} else if (!strcmp(argv[i], "--fast")) {
			opts |= HVTLFS_CTL_FAST;
		} else if (!strcmp(argv[i], "--nested")) {
			opts |= HVTLFS_CTL_NESTED;
		} else {
			return cli_usage_error("build", "unknown argument '%s'", argv[i]);
		}
	}
	t.partition_id = partition;
	t.vp_index = (uint32_t)vp;
	t.input_vtl = (uint8_t)vtl;
	if (!strcmp(call, "get-vp-registers") || !strcmp(call, "set-vp-registers") ||
	    !strcmp(call, "get-vp-index")) {
		int set = !strcmp(call, "set-vp-registers");

		if (!list_s)
			return cli_usage_error(
				"build", "%s needs its list (--names, --set, --apic-ids)", call);
		n = parse_list(list_s, list, set ? values : NULL);
		if (n < 0)
			return cli_usage_error("build", "not a list of %s: '%s'",
					       set ? "name=value pairs" : "32-bit numbers", list_s);
	}
	if (!strcmp(call, "get-vp-registers"))
		rc = hvtlfs_get_vp_registers_build(buf, sizeof(buf), &t, list, (uint32_t)n, opts,
						   &p);
	else if (!strcmp(call, "set-vp-registers"))
		rc = hvtlfs_set_vp_registers_build(buf, sizeof(buf), &t, list, values, (uint32_t)n,
						   opts, &p);
	else if (!strcmp(call, "get-vp-index"))
		rc = hvtlfs_get_vp_index_build(buf, sizeof(buf), partition, (uint8_t)vtl, list,
					       (uint32_t)n, opts, &p);
	else if (!strcmp(call, "enable-partition-vtl"))
		rc = hvtlfs_enable_partition_vtl_build(buf, sizeof(buf), partition, (uint8_t)vtl,
						       (uint8_t)flags, opts, &p);
	else if (!strcmp(call, "enable-vp-vtl") || !strcmp(call, "start-vp")) {
		if (!have_vp)
			return cli_usage_error("build", "%s needs --vp", call);
		rc = !strcmp(call, "start-vp")
			     ? hvtlfs_start_vp_build(buf, sizeof(buf), partition, (uint32_t)vp,
						     (uint8_t)vtl, &ctx, opts, &p)
			     : hvtlfs_enable_vp_vtl_build(buf, sizeof(buf), partition, (uint32_t)vp,
							  (uint8_t)vtl, &ctx, opts, &p);
	} else {
		return cli_usage_error("build", "unknown call '%s'", call);
	}
	if (rc != HVTLFS_OK) {
		printf("error          %s (%d)\n", hvtlfs_strerror(rc), rc);
		return 1;
	}
	printf("call           0x%04x %s\n", hvtlfs_control_code(p.control),
	       hvtlfs_call_name(hvtlfs_control_code(p.control)));
	printf("control        0x%016llx\n", (unsigned long long)p.control);
	cli_print_input((const uint8_t *)buf, p.input_size, (opts & HVTLFS_CTL_FAST) != 0);
	return 0;
}
