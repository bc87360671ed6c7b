/* SPDX-License-Identifier: BSD-2-Clause */
/* hvtlfs build: a guest's typed hypercall input, as the library's builders write it. */
#include <stdio.h>
#include <string.h>

#include "hvtlfs/catalog.h"
#include "hvtlfs/control.h"
#include "hvtlfs/error.h"
#include "hvtlfs/extended.h"
#include "hvtlfs/interrupt.h"
#include "hvtlfs/ranges.h"
#include "hvtlfs/tlfs.h"
#include "hvtlfs/visibility.h"

#include "cli.h"

static const char build_help[] =
	"usage: hvtlfs build <call> [options]\n"
	"\n"
	"Builds one hypercall's input as a guest does with the library's builders and prints\n"
	"the control word and the input bytes (the hex line goes to 'hvtlfs decode --input').\n"
	"\n"
	"calls:\n"
	"  visibility   HvCallModifySparseGpaPageHostVisibility (0x00DB, rep, no output)\n"
	"      --visibility none|read|read-write|<n>   required (2 is not a visibility)\n"
	"      --gpfns <list>         guest page numbers, comma-separated, 1-510 of them\n"
	"      --partition <id>       default HV_PARTITION_ID_SELF (all ones)\n"
	"  retarget     HvCallRetargetDeviceInterrupt (0x007E, no output)\n"
	"      --device-id <id> --msi-address <a> --msi-data <d> --vector <0x10-0xFF>\n"
	"      --mask <m>             VPs 0-63 as a ProcessorMask (no variable header), or\n"
	"      --vps <list>           an HV_VP_SET (flag processor set; variable header =\n"
	"                             valid_bank_mask + bank words), e.g. 1,65\n"
	"      --multicast            deliver to every target VP\n"
	"      --partition <id>       default HV_PARTITION_ID_SELF\n"
	"  ext-query    HvExtCallQueryCapabilities (0x8001, no input, one u64 of output)\n"
	"  heat-hint    HvExtCallMemoryHeatHint (0x8003, rep, no output)\n"
	"      --type cold|hot|cold-discard|<n>        required\n"
	"      --pages <first+count,...>               GPA page ranges (4 KiB page numbers),\n"
	"                             packed into HV_GPA_PAGE_RANGE entries as\n"
	"                             hvtlfs_page_ranges_encode() packs them\n"
	"\n"
	"  get-vp-registers, set-vp-registers, get-vp-index, enable-partition-vtl,\n"
	"  enable-vp-vtl, start-vp   the VP-register, AP start-up and VTL calls: their\n"
	"                             options in 'hvtlfs build <call> --help'\n"
	"\n"
	"options of every call:\n"
	"  --nested                   set the nested bit (31), for the L0 hypervisor\n"
	"  --no-privilege             the extended calls: a partition without the\n"
	"                             EnableExtendedHypercalls privilege (the build is refused)\n"
	"  --help                     this text\n"
	"\n"
	"Exit status: 0 when built, 1 when the builder refuses the input (its error is\n"
	"printed), 2 on a usage error.\n";

#define BUILD_MAX_RANGES 512u

static _Alignas(4096) uint8_t build_page[4096];
static uint64_t build_list[BUILD_MAX_RANGES];
static struct hvtlfs_page_range build_pages[BUILD_MAX_RANGES];

/* A comma-separated list of numbers into build_list: their count, or -1. */
static int parse_numbers(const char *s)
{
	int n = 0;

	for (;;) {
		size_t len = strcspn(s, ",");

		if (n == (int)BUILD_MAX_RANGES || cli_parse_part(s, len, &build_list[n]))
			return -1;
		n++;
		if (s[len] == '\0')
			return n;
		s += len + 1;
	}
}

/* "first+count,..." into build_pages: their count, or -1. */
static int parse_pages(const char *s)
{
	int n = 0;

	for (;;) {
		size_t len = strcspn(s, ","), plus = strcspn(s, "+");

		if (n == (int)BUILD_MAX_RANGES || plus >= len ||
		    cli_parse_part(s, plus, &build_pages[n].first) ||
		    cli_parse_part(s + plus + 1, len - plus - 1, &build_pages[n].count) ||
		    build_pages[n].count == 0)
			return -1;
		n++;
		if (s[len] == '\0')
			return n;
		s += len + 1;
	}
}

/* A named value or a number (up to @max). */
static int parse_named(const char *s, const char *const *names, const uint32_t *values, size_t n,
		       uint64_t max, uint32_t *out)
{
	uint64_t v;
	size_t i;

	for (i = 0; i < n; i++) {
		if (!strcmp(s, names[i])) {
			*out = values[i];
			return 0;
		}
	}
	if (cli_parse_u64(s, &v) || v > max)
		return -1;
	*out = (uint32_t)v;
	return 0;
}

static int print_built(int rc, const struct hvtlfs_prepared *p)
{
	uint16_t code;

	if (rc != HVTLFS_OK) {
		printf("error          %s (%d)\n", hvtlfs_strerror(rc), rc);
		return 1;
	}
	code = hvtlfs_control_code(p->control);
	printf("call           0x%04x %s\n", code, hvtlfs_call_name(code));
	printf("control        0x%016llx (variable header %u, rep count %u)\n",
	       (unsigned long long)p->control, hvtlfs_control_var_hdr_size(p->control),
	       hvtlfs_control_rep_count(p->control));
	if (p->input_size == 0)
		printf("input          none (input GPA ignored)\n");
	else
		cli_print_input(build_page, p->input_size, 0);
	if (hvtlfs_call_lookup(code)->flags & HVTLFS_CALLF_OUTPUT)
		printf("output         at the output GPA (8-byte aligned, within its page)\n");
	else
		printf("output         none: pass output GPA 0\n");
	return 0;
}

int cli_build(int argc, char **argv)
{
	static const char *const vis_names[] = { "none", "read", "read-write" };
	static const uint32_t vis_values[] = { HVTLFS_HOST_VISIBILITY_NONE,
					       HVTLFS_HOST_VISIBILITY_READ_ONLY,
					       HVTLFS_HOST_VISIBILITY_READ_WRITE };
	static const char *const heat_names[] = { "cold", "hot", "cold-discard" };
	static const uint32_t heat_values[] = { HVTLFS_HEAT_HINT_COLD, HVTLFS_HEAT_HINT_HOT,
						HVTLFS_HEAT_HINT_COLD_DISCARD };
	static uint64_t vp_bitmap[HVTLFS_VPSET_MAX_BANKS];
	struct hvtlfs_device_interrupt irq;
	struct hvtlfs_features features;
	struct hvtlfs_prepared p;
	const char *call, *val;
	uint64_t v, mask = 0;
	uint32_t arg = 0;
	unsigned int opts = 0;
	int i, n = -1, have_arg = 0, have_mask = 0, have_vps = 0, rc;
	int have_dev = 0, have_addr = 0, have_data = 0, have_vector = 0;

	if (argc >= 2 && cli_build_vp_knows(argv[1]))
		return cli_build_vp(argc, argv);
	if (cli_wants_help(argc, argv)) {
		fputs(build_help, stdout);
		return 0;
	}
	if (argc < 2)
		return cli_usage_error("build",
				       "missing the call (visibility, retarget, ext-query, "
				       "heat-hint, get-vp-registers, ...)");
	call = argv[1];
	if (strcmp(call, "visibility") && strcmp(call, "retarget") && strcmp(call, "ext-query") &&
	    strcmp(call, "heat-hint"))
		return cli_usage_error("build", "unknown call '%s'", call);
	memset(&irq, 0, sizeof(irq));
	memset(&features, 0, sizeof(features));
	irq.partition_id = HVTLFS_PARTITION_ID_SELF;
	features.extended_hypercalls = true;
	for (i = 2; i < argc; i++) {
		if (!strcmp(argv[i], "--nested")) {
			opts |= HVTLFS_CTL_NESTED;
		} else if (!strcmp(argv[i], "--no-privilege")) {
			features.extended_hypercalls = false;
		} else if (!strcmp(call, "visibility") &&
			   cli_option(argc, argv, &i, "--visibility", &val)) {
			if (!val || parse_named(val, vis_names, vis_values, 3, UINT32_MAX, &arg))
				return cli_bad_value("build", "--visibility: not a visibility",
						     val);
			have_arg = 1;
		} else if (!strcmp(call, "visibility") &&
			   cli_option(argc, argv, &i, "--gpfns", &val)) {
			if (!val || (n = parse_numbers(val)) < 0)
				return cli_bad_value("build", "--gpfns: not a list of page numbers",
						     val);
		} else if (!strcmp(call, "heat-hint") &&
			   cli_option(argc, argv, &i, "--type", &val)) {
			if (!val || parse_named(val, heat_names, heat_values, 3, UINT32_MAX, &arg))
				return cli_bad_value("build", "--type: not a heat type", val);
			have_arg = 1;
		} else if (!strcmp(call, "heat-hint") &&
			   cli_option(argc, argv, &i, "--pages", &val)) {
			if (!val || (n = parse_pages(val)) < 0)
				return cli_bad_value("build", "--pages: not a list of first+count",
						     val);
		} else if ((!strcmp(call, "visibility") || !strcmp(call, "retarget")) &&
			   cli_option(argc, argv, &i, "--partition", &val)) {
			if (!val || cli_parse_u64(val, &irq.partition_id))
				return cli_bad_value("build", "--partition: not a 64-bit id", val);
		} else if (!strcmp(call, "retarget") &&
			   cli_option(argc, argv, &i, "--device-id", &val)) {
			if (!val || cli_parse_u64(val, &irq.device_id))
				return cli_bad_value("build", "--device-id: not a 64-bit id", val);
			have_dev = 1;
		} else if (!strcmp(call, "retarget") &&
			   cli_option(argc, argv, &i, "--msi-address", &val)) {
			if (!val || cli_parse_u64(val, &v) || v > UINT32_MAX)
				return cli_bad_value("build", "--msi-address: not a 32-bit value",
						     val);
			irq.msi_address = (uint32_t)v;
			have_addr = 1;
		} else if (!strcmp(call, "retarget") &&
			   cli_option(argc, argv, &i, "--msi-data", &val)) {
			if (!val || cli_parse_u64(val, &v) || v > UINT32_MAX)
				return cli_bad_value("build", "--msi-data: not a 32-bit value",
						     val);
			irq.msi_data = (uint32_t)v;
			have_data = 1;
		} else if (!strcmp(call, "retarget") &&
			   cli_option(argc, argv, &i, "--vector", &val)) {
			if (!val || cli_parse_u64(val, &v) || v > UINT32_MAX)
				return cli_bad_value("build", "--vector: not a 32-bit value", val);
			irq.vector = (uint32_t)v;
			have_vector = 1;
		} else if (!strcmp(call, "retarget") &&
			   cli_option(argc, argv, &i, "--mask", &val)) {
			if (!val || cli_parse_u64(val, &mask))
				return cli_bad_value("build", "--mask: not a 64-bit mask", val);
			have_mask = 1;
		} else if (!strcmp(call, "retarget") && cli_option(argc, argv, &i, "--vps", &val)) {
			if (!val || cli_parse_vps(val, vp_bitmap))
				return cli_bad_value("build",
						     "--vps: not a VP list (e.g. 1,65; VPs 0-4095)",
						     val);
			have_vps = 1;
		} else if (!strcmp(call, "retarget") && !strcmp(argv[i], "--multicast")) {
			irq.multicast = true;
		} else {
			return cli_usage_error("build", "%s: unknown argument '%s'", call, argv[i]);
		}
	}
	if (!strcmp(call, "visibility")) {
		if (!have_arg || n < 0)
			return cli_usage_error("build",
					       "visibility needs --visibility and --gpfns");
		rc = hvtlfs_visibility_build(build_page, sizeof(build_page), irq.partition_id, arg,
					     build_list, (size_t)n, opts, &p);
	} else if (!strcmp(call, "retarget")) {
		if (!have_dev || !have_addr || !have_data || !have_vector ||
		    have_mask + have_vps != 1)
			return cli_usage_error("build",
					       "retarget needs --device-id, --msi-address, "
					       "--msi-data, --vector and one of --mask, --vps");
		if (have_mask) {
			rc = hvtlfs_retarget_build(build_page, sizeof(build_page), &irq, mask, opts,
						   &p);
		} else {
			struct hvtlfs_vp_targets t;

			memset(&t, 0, sizeof(t));
			t.bitmap = vp_bitmap;
			t.words = HVTLFS_VPSET_MAX_BANKS;
			rc = hvtlfs_retarget_build_ex(build_page, sizeof(build_page), &irq, &t,
						      opts, &p);
		}
	} else if (!strcmp(call, "ext-query")) {
		rc = hvtlfs_ext_query_build(&features, opts, &p);
	} else {
		size_t needed = 0;
		int k;

		if (!have_arg || n < 0)
			return cli_usage_error("build", "heat-hint needs --type and --pages");
		k = hvtlfs_page_ranges_encode(build_list, BUILD_MAX_RANGES, build_pages, (size_t)n,
					      HVTLFS_RANGE_FORMAT_GPA, &needed);
		if (k < 0)
			return print_built(k, &p);
		rc = hvtlfs_ext_heat_hint_build(build_page, sizeof(build_page), &features, arg,
						build_list, (size_t)k, opts, &p);
	}
	return print_built(rc, &p);
}
