/* SPDX-License-Identifier: BSD-2-Clause */
/* hvtlfs decode: a guest's hypercall input judged by hvtlfs_hvcall_decode(). */
#include <stdio.h>
#include <string.h>

#include "hvtlfs/catalog.h"
#include "hvtlfs/control.h"
#include "hvtlfs/error.h"
#include "hvtlfs/flush.h"
#include "hvtlfs/hvcall.h"
#include "hvtlfs/interrupt.h"
#include "hvtlfs/tlfs.h"

#include "cli.h"

static const char decode_help[] =
	"usage: hvtlfs decode --control <value> --input <hex> [--fast] [--gpa <address>]\n"
	"                     [--output-gpa <address>] [--features xmm,extgva,ext]\n"
	"\n"
	"Judges one hypercall as a hypervisor does (hvtlfs_hvcall_decode): the control word's\n"
	"generic checks, the input's size, alignment and page crossing, then the call's own\n"
	"fields. Prints the status and result word the hypervisor returns and, for an accepted\n"
	"call (or a list call that failed part way), what it asks for: VPs, address space,\n"
	"flags, ranges, vector, connection id, payload. A refused call also names the library\n"
	"check the decoder refused it by (\"library check\": hvtlfs_hvcall_request::reason, e.g.\n"
	"HVTLFS_ERR_BANK_MISMATCH when the variable header does not count the HV_VP_SET bank\n"
	"words).\n"
	"\n"
	"Calls decoded: HvFlushVirtualAddressSpace/List (0x0002, 0x0003) and their Ex forms\n"
	"(0x0013, 0x0014), HvSendSyntheticClusterIpi (0x000B) and Ex (0x0015),\n"
	"HvNotifyLongSpinWait (0x0008), HvPostMessage (0x005C), HvSignalEvent (0x005D),\n"
	"HvFlushGuestPhysicalAddressSpace/List (0x00AF, 0x00B0),\n"
	"HvCallModifySparseGpaPageHostVisibility (0x00DB), HvCallRetargetDeviceInterrupt\n"
	"(0x007E), HvExtCallQueryCapabilities (0x8001) and HvExtCallMemoryHeatHint (0x8003).\n"
	"Other catalog calls get the generic checks only (see 'hvtlfs control').\n"
	"\n"
	"options:\n"
	"  --control <value>   the hypercall input value (control word), required\n"
	"  --input <hex>       the input bytes as hex, two digits a byte, blanks allowed between\n"
	"                      bytes (e.g. \"0030120000000000 0000000000000000\"), required.\n"
	"                      Slow call: the bytes at the input GPA (at most 4096). Fast call:\n"
	"                      the register image RDX, R8, then XMM0-XMM5 (at most 112 bytes;\n"
	"                      registers not given read as zero). '-' reads the hex from\n"
	"                      stdin (blanks and newlines allowed between bytes: xxd -p).\n"
	"  --fast              set the fast bit (16) of the control word\n"
	"  --gpa <address>     input GPA of a slow call (default 0): 8-byte aligned, and the\n"
	"                      input must not cross its 4 KiB page (ignored by a call with\n"
	"                      no input)\n"
	"  --output-gpa <a>    output GPA of a slow call (default 0): judged for a call with\n"
	"                      output (8-byte aligned, the output within its page), ignored\n"
	"                      by one without (as the TLFS says; the output says so)\n"
	"  --features <list>   partition features, comma-separated:\n"
	"                        xmm     XMM fast input (CPUID 0x40000003 EDX bit 4)\n"
	"                        extgva  extended GVA ranges (CPUID 0x40000003 EDX bit 14)\n"
	"                        ext     the EnableExtendedHypercalls privilege (CPUID\n"
	"                                0x40000003 EBX bit 20): without it an extended\n"
	"                                call is refused with HV_STATUS_ACCESS_DENIED\n"
	"  --help              this text\n"
	"\n"
	"Exit status: 0 when the hypervisor returns HV_STATUS_SUCCESS, 1 for any other status,\n"
	"a #UD, or a library error (e.g. HVTLFS_ERR_TRUNCATED: fewer bytes than the control\n"
	"word describes), 2 on a usage error. '-' as --input with nothing on stdin, or\n"
	"--input \"\", passes no bytes (a call with no input).\n";

#define DECODE_SLOW_MAX 4096u
#define DECODE_FAST_MAX 112u

static struct hvtlfs_range_entry decode_ranges[HVTLFS_CONTROL_REP_MAX + 1u];

static void print_flags(uint64_t flags)
{
	const struct cli_flag *names = cli_flush_flags;
	uint64_t rest = flags;
	const char *sep = " ";
	size_t i;

	printf("flags          0x%016llx", (unsigned long long)flags);
	if (!flags)
		printf(" (none)");
	for (i = 0; i < CLI_FLUSH_FLAGS; i++) {
		if (flags & names[i].bit) {
			printf("%s%s", sep, names[i].name);
			sep = "|";
			rest &= ~names[i].bit;
		}
	}
	if (rest)
		printf("%sunknown 0x%llx", sep, (unsigned long long)rest);
	printf("\n");
}

static void print_vps(const struct hvtlfs_vpset *set, int ex)
{
	uint64_t bm[HVTLFS_VPSET_MAX_BANKS];

	if (ex && !hvtlfs_vpset_is_all(set))
		printf("vp set         sparse 4K, valid_bank_mask 0x%016llx, %u bank word%s\n",
		       (unsigned long long)set->valid_bank_mask, set->nbanks,
		       set->nbanks == 1 ? "" : "s");
	printf("vps            ");
	if (hvtlfs_vpset_is_all(set)) {
		printf("all\n");
		return;
	}
	(void)hvtlfs_vpset_to_bitmap(set, bm, HVTLFS_VPSET_MAX_BANKS, 0);
	cli_print_vp_bitmap(bm, HVTLFS_VPSET_MAX_BANKS);
	printf("\n");
}

static const char *page_size_name(uint32_t shift)
{
	switch (shift) {
	case 12:
		return "4 KiB";
	case 21:
		return "2 MiB";
	case 30:
		return "1 GiB";
	default:
		return "?";
	}
}

static void print_ranges(const struct hvtlfs_hvcall_request *req,
			 const struct hvtlfs_range_entry *ranges)
{
	static const char *const fmt[] = { "simple HV_GVA_RANGE", "extended HV_GVA_RANGE",
					   "HV_GPA_PAGE_RANGE", "GPA page numbers" };
	uint32_t i;

	printf("ranges         %u decoded", req->nranges);
	if (req->nranges)
		printf(" (rep indices %u-%u)", req->ranges_first,
		       req->ranges_first + req->nranges - 1u);
	printf(", %s\n", req->range_format < 4u ? fmt[req->range_format] : "?");
	for (i = 0; i < req->nranges; i++) {
		const struct hvtlfs_range_entry *e = &ranges[i];

		printf("  [%u] 0x%016llx  %llu x %s%s\n", req->ranges_first + i,
		       (unsigned long long)e->base, (unsigned long long)e->pages,
		       page_size_name(e->page_shift),
		       e->clamped ? " (clamped: the entry ran past 2^64)" : "");
	}
}

static const char *visibility_name(uint32_t v)
{
	switch (v) {
	case HVTLFS_HOST_VISIBILITY_NONE:
		return "none: private";
	case HVTLFS_HOST_VISIBILITY_READ_ONLY:
		return "read only";
	case HVTLFS_HOST_VISIBILITY_READ_WRITE:
		return "read-write: shared";
	default:
		return "not a visibility";
	}
}

static const char *error_hint(int rc)
{
	switch (rc) {
	case HVTLFS_ERR_TRUNCATED:
		return "the input is shorter than the control word describes";
	case HVTLFS_ERR_UNKNOWN_CALL:
		return "a catalog call this decoder does not decode (generic checks passed)";
	default:
		return "";
	}
}

void cli_print_judgement(const struct hvtlfs_hvcall_input *in, int rc,
			 const struct hvtlfs_hvcall_request *req,
			 const struct hvtlfs_range_entry *ranges)
{
	uint16_t code = hvtlfs_control_code(in->control);
	int ex = code == HVTLFS_CALL_FLUSH_VIRTUAL_ADDRESS_SPACE_EX ||
		 code == HVTLFS_CALL_FLUSH_VIRTUAL_ADDRESS_LIST_EX ||
		 code == HVTLFS_CALL_SEND_SYNTHETIC_CLUSTER_IPI_EX;

	if (rc != HVTLFS_OK) {
		printf("error          %s (%d)%s%s\n", hvtlfs_strerror(rc), rc,
		       *error_hint(rc) ? ": " : "", error_hint(rc));
		return;
	}
	if (req->raise_ud)
		printf("raise          #UD (XMM fast input without the feature): no result\n");
	printf("status         %s (0x%04x)\n", hvtlfs_status_name(req->status), req->status);
	printf("result         0x%016llx (reps completed %u)\n", (unsigned long long)req->result,
	       hvtlfs_result_reps_completed(req->result));
	if (req->reason != HVTLFS_OK)
		printf("library check  %s (%d)%s\n", hvtlfs_strerror(req->reason), req->reason,
		       req->status == HVTLFS_STATUS_TIMEOUT
			       ? ": early return, the decoder's range array is full"
			       : "");
	switch (req->kind) {
	case HVTLFS_HVCALL_REQ_FLUSH_VA:
		printf("request        flush virtual addresses: %s\n",
		       req->whole_space ? "whole address space" : "list");
		if (req->flags & HVTLFS_FLUSH_ALL_VIRTUAL_ADDRESS_SPACES)
			printf("address space  all\n");
		else
			printf("address space  0x%016llx\n",
			       (unsigned long long)req->address_space);
		print_flags(req->flags);
		print_vps(&req->vps, ex);
		if (!req->whole_space)
			print_ranges(req, ranges);
		break;
	case HVTLFS_HVCALL_REQ_FLUSH_GPA:
		printf("request        flush guest physical addresses: %s\n",
		       hvtlfs_control_rep_count(in->control) ? "list" : "whole address space");
		printf("address space  0x%016llx\n", (unsigned long long)req->address_space);
		print_flags(req->flags);
		if (hvtlfs_control_rep_count(in->control))
			print_ranges(req, ranges);
		break;
	case HVTLFS_HVCALL_REQ_IPI:
		printf("request        synthetic cluster IPI\n");
		printf("vector         0x%02x\n", req->vector);
		printf("target vtl     0x%02x\n", req->target_vtl);
		print_vps(&req->vps, ex);
		break;
	case HVTLFS_HVCALL_REQ_SPIN_WAIT:
		printf("request        long spin wait notification\n");
		printf("spin count     %u\n", req->spin_count);
		break;
	case HVTLFS_HVCALL_REQ_SIGNAL_EVENT:
		printf("request        signal event\n");
		printf("connection id  0x%08x\n", req->connection_id);
		printf("flag number    %u\n", req->flag_number);
		break;
	case HVTLFS_HVCALL_REQ_POST_MESSAGE: {
		uint32_t i;

		printf("request        post message\n");
		printf("connection id  0x%08x\n", req->connection_id);
		printf("message type   0x%08x\n", req->message_type);
		printf("payload        %u bytes%s", req->payload_size,
		       req->payload_size ? " " : "");
		for (i = 0; i < req->payload_size && i < HVTLFS_MESSAGE_PAYLOAD_MAX; i++)
			printf("%02x", req->payload[i]);
		printf("\n");
		break;
	}
	case HVTLFS_HVCALL_REQ_VISIBILITY:
		printf("request        modify host visibility\n");
		printf("partition id   0x%016llx%s\n", (unsigned long long)req->partition_id,
		       req->partition_id == HVTLFS_PARTITION_ID_SELF ? " (self)" : "");
		printf("visibility     %u (%s)\n", req->host_visibility,
		       visibility_name(req->host_visibility));
		print_ranges(req, ranges);
		break;
	case HVTLFS_HVCALL_REQ_RETARGET:
		printf("request        retarget device interrupt\n");
		printf("partition id   0x%016llx%s\n", (unsigned long long)req->partition_id,
		       req->partition_id == HVTLFS_PARTITION_ID_SELF ? " (self)" : "");
		printf("device id      0x%016llx\n", (unsigned long long)req->device_id);
		printf("msi            address 0x%08x, data 0x%08x\n", req->msi_address,
		       req->msi_data);
		printf("vector         0x%02x\n", req->vector);
		printf("target flags   0x%x%s%s\n", req->target_flags,
		       req->target_flags & HVTLFS_DEVICE_INTERRUPT_TARGET_MULTICAST ? " multicast"
										    : "",
		       req->target_flags & HVTLFS_DEVICE_INTERRUPT_TARGET_PROCESSOR_SET
			       ? " processor-set"
			       : "");
		print_vps(&req->vps,
			  (req->target_flags & HVTLFS_DEVICE_INTERRUPT_TARGET_PROCESSOR_SET) != 0);
		break;
	case HVTLFS_HVCALL_REQ_EXT_QUERY_CAPABILITIES:
		printf("request        query extended capabilities\n");
		break;
	case HVTLFS_HVCALL_REQ_EXT_HEAT_HINT:
		printf("request        memory heat hint\n");
		printf("heat type      %u (%s)\n", req->heat_type,
		       req->heat_type == HVTLFS_HEAT_HINT_COLD		 ? "cold"
		       : req->heat_type == HVTLFS_HEAT_HINT_HOT		 ? "hot"
		       : req->heat_type == HVTLFS_HEAT_HINT_COLD_DISCARD ? "cold-discard"
									 : "?");
		print_ranges(req, ranges);
		break;
	default:
		printf("request        none (rejected)\n");
		break;
	}
	if (req->output_size && req->status == HVTLFS_STATUS_SUCCESS)
		printf("output         %u bytes at GPA 0x%016llx\n", req->output_size,
		       (unsigned long long)req->output_gpa);
	if (req->output_ignored)
		printf("output gpa     ignored: the call has no output (a guest bug the TLFS does "
		       "not report)\n");
}

static const char *const reg_names[] = { "RDX",	    "R8",      "XMM0.lo", "XMM0.hi", "XMM1.lo",
					 "XMM1.hi", "XMM2.lo", "XMM2.hi", "XMM3.lo", "XMM3.hi",
					 "XMM4.lo", "XMM4.hi", "XMM5.lo", "XMM5.hi" };

void cli_print_input(const uint8_t *bytes, size_t len, int registers)
{
	size_t q, i;

	printf("input          %zu byte%s%s\n", len, len == 1 ? "" : "s",
	       registers ? " in registers" : "");
	for (q = 0; q * 8u < len; q++) {
		uint64_t v = 0;

		for (i = 0; i < 8u && q * 8u + i < len; i++)
			v |= (uint64_t)bytes[q * 8u + i] << (8u * i);
		if (registers && q < sizeof(reg_names) / sizeof(reg_names[0]))
			printf("  %-12s 0x%016llx\n", reg_names[q], (unsigned long long)v);
		else
			printf("  +0x%03zx       0x%016llx\n", q * 8u, (unsigned long long)v);
	}
	printf("hex            ");
	for (i = 0; i < len; i++)
		printf("%02x%s", bytes[i], (i % 8u == 7u && i + 1 < len) ? " " : "");
	printf("\n");
}

int cli_decode(int argc, char **argv)
{
	static uint8_t buf[DECODE_SLOW_MAX];
	struct hvtlfs_hvcall_input in;
	struct hvtlfs_hvcall_request req;
	const char *control_s = NULL, *input_s = NULL, *val;
	uint64_t control = 0, gpa = 0, out_gpa = 0;
	unsigned int feats = 0;
	size_t len = 0;
	int fast = 0, i, rc;

	if (cli_wants_help(argc, argv)) {
		fputs(decode_help, stdout);
		return 0;
	}
	for (i = 1; i < argc; i++) {
		if (cli_option(argc, argv, &i, "--control", &val)) {
			if (!val)
				return cli_usage_error("decode", "--control needs a value");
			if (cli_parse_u64(val, &control))
				return cli_usage_error("decode",
						       "--control: not a 64-bit number: '%s'", val);
			control_s = val;
		} else if (cli_option(argc, argv, &i, "--input", &val)) {
			if (!val)
				return cli_usage_error("decode", "--input needs a hex string");
			input_s = val;
		} else if (cli_option(argc, argv, &i, "--gpa", &val)) {
			if (!val || cli_parse_u64(val, &gpa))
				return cli_bad_value("decode", "--gpa: not a 64-bit address", val);
		} else if (cli_option(argc, argv, &i, "--output-gpa", &val)) {
			if (!val || cli_parse_u64(val, &out_gpa))
				return cli_bad_value("decode", "--output-gpa: not a 64-bit address",
						     val);
		} else if (cli_option(argc, argv, &i, "--features", &val)) {
			rc = cli_features_option("decode", val,
						 CLI_FEAT_XMM | CLI_FEAT_EXTGVA | CLI_FEAT_EXTCALLS,
						 &feats);
			if (rc)
				return rc;
		} else if (!strcmp(argv[i], "--fast")) {
			fast = 1;
		} else {
			return cli_usage_error("decode", "unknown argument '%s'", argv[i]);
		}
	}
	if (!control_s)
		return cli_usage_error("decode", "missing --control");
	if (!input_s)
		return cli_usage_error("decode", "missing --input");
	if (fast)
		control |= HVTLFS_CONTROL_FAST;
	fast = hvtlfs_control_is_fast(control);
	if (!strcmp(input_s, "-")) {
		/* Hex on stdin, e.g. from xxd -p: room for a page as hex with blanks. */
		static char text[4u * DECODE_SLOW_MAX + 1u];
		size_t n = fread(text, 1, sizeof(text) - 1u, stdin);

		if (ferror(stdin))
			return cli_usage_error("decode", "--input -: cannot read stdin");
		if (n == sizeof(text) - 1u && fgetc(stdin) != EOF)
			return cli_usage_error("decode", "--input -: more text than a page of hex");
		text[n] = '\0';
		if (strlen(text) != n)
			return cli_usage_error("decode", "--input -: not hex (a NUL byte)");
		input_s = text;
	}
	rc = cli_parse_hex(input_s, buf, fast ? DECODE_FAST_MAX : DECODE_SLOW_MAX, &len);
	if (rc == -1)
		return cli_usage_error("decode", "--input: not hex at character %zu ('%c')",
				       len + 1u, input_s[len]);
	if (rc == -2)
		return cli_usage_error("decode", "--input: odd number of hex digits (two a byte)");
	if (rc == -4)
		return cli_usage_error("decode",
				       "--input: a blank splits a byte (two digits a byte)");
	if (rc == -3)
		return cli_usage_error("decode", "--input: more than %u bytes (%s)",
				       fast ? DECODE_FAST_MAX : DECODE_SLOW_MAX,
				       fast ? "RDX, R8, XMM0-XMM5" : "one page");

	memset(&in, 0, sizeof(in));
	in.control = control;
	in.input_gpa = fast ? 0 : gpa;
	in.output_gpa = fast ? 0 : out_gpa;
	in.bytes = buf;
	/* The registers always exist: those not given are zero (buf is static). */
	in.len = fast ? DECODE_FAST_MAX : len;
	in.features = (feats & CLI_FEAT_XMM ? HVTLFS_HVCALL_FEAT_XMM_INPUT : 0u) |
		      (feats & CLI_FEAT_EXTGVA ? HVTLFS_HVCALL_FEAT_EXT_GVA_RANGES : 0u) |
		      (feats & CLI_FEAT_EXTCALLS ? HVTLFS_HVCALL_FEAT_EXTENDED_HYPERCALLS : 0u);
	rc = hvtlfs_hvcall_decode(&in, &req, decode_ranges,
				  sizeof(decode_ranges) / sizeof(decode_ranges[0]));

	printf("control        0x%016llx\n", (unsigned long long)control);
	printf("call           0x%04x %s\n", hvtlfs_control_code(control),
	       hvtlfs_call_name(hvtlfs_control_code(control)));
	if (fast)
		printf("form           fast, %zu byte%s given\n", len, len == 1 ? "" : "s");
	else
		printf("form           slow, %zu byte%s at GPA 0x%016llx\n", len,
		       len == 1 ? "" : "s", (unsigned long long)gpa);
	if (!fast && out_gpa)
		printf("output gpa     0x%016llx\n", (unsigned long long)out_gpa);
	printf("features       %s%s%s%s\n", feats ? "" : "none", feats & CLI_FEAT_XMM ? "xmm" : "",
	       feats & CLI_FEAT_EXTGVA ? (feats & CLI_FEAT_XMM ? ",extgva" : "extgva") : "",
	       feats & CLI_FEAT_EXTCALLS
		       ? (feats & (CLI_FEAT_XMM | CLI_FEAT_EXTGVA) ? ",ext" : "ext")
		       : "");
	cli_print_judgement(&in, rc, &req, decode_ranges);
	return rc == HVTLFS_OK && req.status == HVTLFS_STATUS_SUCCESS && !req.raise_ud ? 0 : 1;
}
