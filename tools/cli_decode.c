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
#include "hvtlfs/registers.h"
#include "hvtlfs/tlfs.h"
#include "hvtlfs/vtl.h"

#include "cli.h"

static const char decode_help_head[] =
	"usage: hvtlfs decode --control <value> --input <hex> [--fast] [--gpa <address>]\n"
	"                     [--output-gpa <address>] [--vtl-input <value>]\n"
	"                     [--features xmm,xmmout,extgva,ext,arm64] [--refuse-unknown]\n"
	"\n"
	"Judges one hypercall as a hypervisor does (hvtlfs_hvcall_decode): the control word's\n"
	"generic checks, the input's size, alignment and page crossing, then the call's own\n"
	"fields. Prints the status and result word the hypervisor returns and, for an accepted\n"
	"call (or a list call that failed part way), what it asks for: VPs, address space,\n"
	"flags, ranges, vector, connection id, payload. A refused call also names the library\n"
	"check the decoder refused it by (\"library check\": hvtlfs_hvcall_request::reason, e.g.\n"
	"HVTLFS_ERR_BANK_MISMATCH when the variable header does not count the HV_VP_SET bank\n"
	"words).\n"
	"\n";

/* The calls hvtlfs_hvcall_decode() decodes: the rows of the call list with a decoder. */
#define DECODE_CALL_ROW_(name, code, tlfs_name, kind, flags, hdr, elem, decoder)                   \
	{ (code), (tlfs_name), HVTLFS_HVCALL_REQ_##decoder != HVTLFS_HVCALL_REQ_NONE },
static const struct {
	uint16_t code;
	const char *name;
	int decoded;
} decode_calls[] = { HVTLFS_CALL_LIST(DECODE_CALL_ROW_) };

static const char decode_help_tail[] =
	"HvCallVtlCall and HvCallVtlReturn take the bare code as --control and the control input\n"
	"as --vtl-input, as the hypercall page's sequence hands them over. Other catalog calls\n"
	"get the generic checks only (see 'hvtlfs control'). 'hvtlfs build' writes inputs\n"
	"for these calls.\n"
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
	"  --output-gpa <address>\n"
	"                      output GPA of a slow call (default 0: none): judged for a call\n"
	"                      with output (8-byte aligned, inside its page, apart from the\n"
	"                      input), ignored by one without (as the TLFS says; the output\n"
	"                      says so)\n"
	"  --vtl-input <value> RAX at the VMCALL (VTL call / return control input)\n"
	"  --features <list>   partition features, comma-separated:\n"
	"                        xmm     XMM fast input (CPUID 0x40000003 EDX bit 4)\n"
	"                        xmmout  XMM fast output (CPUID 0x40000003 EDX bit 15)\n"
	"                        extgva  extended GVA ranges (CPUID 0x40000003 EDX bit 14)\n"
	"                        ext     the EnableExtendedHypercalls privilege (CPUID\n"
	"                                0x40000003 EBX bit 20): without it an extended\n"
	"                                call is refused with HV_STATUS_ACCESS_DENIED\n"
	"                        arm64   an arm64 guest: register names of the arm64 set\n"
	"  --refuse-unknown    answer HV_STATUS_UNKNOWN_REGISTER_NAME for a register name\n"
	"                      the catalog does not know (default: decoded and noted)\n"
	"  --help              this text\n"
	"\n"
	"Exit status: 0 when the hypervisor returns HV_STATUS_SUCCESS, 1 for any other status,\n"
	"a #UD, or a library error (e.g. HVTLFS_ERR_TRUNCATED: fewer bytes than the control\n"
	"word describes), 2 on a usage error. '-' as --input with nothing on stdin, or\n"
	"--input \"\", passes no bytes (a call with no input).\n";

#define DECODE_SLOW_MAX 4096u
#define DECODE_FAST_MAX 112u

static struct hvtlfs_range_entry decode_ranges[HVTLFS_CONTROL_REP_MAX + 1u];
static struct hvtlfs_register_entry decode_registers[HVTLFS_CONTROL_REP_MAX + 1u];
static uint32_t decode_apic_ids[HVTLFS_CONTROL_REP_MAX + 1u];

static void print_target(const struct hvtlfs_hvcall_request *req, int vp, const char *vtl_kind)
{
	if (req->partition_id == HVTLFS_PARTITION_ID_SELF)
		printf("partition      self\n");
	else
		printf("partition      0x%016llx\n", (unsigned long long)req->partition_id);
	if (vp == 1 && req->vp_index == HVTLFS_VP_INDEX_SELF)
		printf("vp index       self\n");
	else if (vp)
		printf("vp index       %u\n", req->vp_index);
	printf("%s 0x%02x\n", vtl_kind, req->target_vtl);
}

static void print_segment(const char *name, const struct hvtlfs_x64_segment_register *s)
{
	printf("  %-4s         base 0x%016llx limit 0x%08x selector 0x%04x attributes 0x%04x\n",
	       name, (unsigned long long)s->base, s->limit, s->selector, s->attributes);
}

static void print_context(const struct hvtlfs_initial_vp_context *c)
{
	printf("context        HV_INITIAL_VP_CONTEXT\n");
	printf("  rip          0x%016llx\n", (unsigned long long)c->rip);
	printf("  rsp          0x%016llx\n", (unsigned long long)c->rsp);
	printf("  rflags       0x%016llx\n", (unsigned long long)c->rflags);
	print_segment("cs", &c->cs);
	print_segment("ds", &c->ds);
	print_segment("es", &c->es);
	print_segment("fs", &c->fs);
	print_segment("gs", &c->gs);
	print_segment("ss", &c->ss);
	print_segment("tr", &c->tr);
	print_segment("ldtr", &c->ldtr);
	printf("  idtr         base 0x%016llx limit 0x%04x\n", (unsigned long long)c->idtr.base,
	       c->idtr.limit);
	printf("  gdtr         base 0x%016llx limit 0x%04x\n", (unsigned long long)c->gdtr.base,
	       c->gdtr.limit);
	printf("  efer         0x%016llx\n", (unsigned long long)c->efer);
	printf("  cr0          0x%016llx\n", (unsigned long long)c->cr0);
	printf("  cr3          0x%016llx\n", (unsigned long long)c->cr3);
	printf("  cr4          0x%016llx\n", (unsigned long long)c->cr4);
	printf("  pat          0x%016llx\n", (unsigned long long)c->msr_cr_pat);
}

/* The requests of the VP-register, AP start-up and VTL calls. */
static void print_vp_request(const struct hvtlfs_hvcall_request *req, int fast)
{
	uint32_t i;

	switch (req->kind) {
	case HVTLFS_HVCALL_REQ_VP_REGISTERS: {
		const int set = req->code == HVTLFS_CALL_SET_VP_REGISTERS;

		printf("request        %s VP registers\n", set ? "set" : "get");
		print_target(req, 1, "input vtl     ");
		printf("registers      %u decoded", req->nelements);
		if (req->nelements)
			printf(" (rep indices %u-%u)", req->rep_start,
			       req->rep_start + req->nelements - 1u);
		printf("\n");
		for (i = 0; i < req->nelements; i++) {
			const struct hvtlfs_register_entry *e = &decode_registers[i];

			printf("  [%u] 0x%08x %s", req->rep_start + i, e->name,
			       e->info ? e->info->tlfs_name : "(unknown to the catalog)");
			if (set)
				printf(" = 0x%016llx%016llx", (unsigned long long)e->value.hi,
				       (unsigned long long)e->value.lo);
			printf("\n");
		}
		break;
	}
	case HVTLFS_HVCALL_REQ_VP_INDEX:
		printf("request        VP indices from APIC ids\n");
		print_target(req, 0, "target vtl    ");
		printf("apic ids       %u decoded", req->nelements);
		for (i = 0; i < req->nelements; i++)
			printf("%s%u", i ? "," : " ", decode_apic_ids[i]);
		printf("\n");
		break;
	case HVTLFS_HVCALL_REQ_ENABLE_PARTITION_VTL:
		printf("request        enable partition VTL\n");
		print_target(req, 0, "target vtl    ");
		printf("flags          0x%02llx%s%s%s\n", (unsigned long long)req->flags,
		       req->flags & HVTLFS_ENABLE_PARTITION_VTL_MBEC ? " mbec" : "",
		       req->flags & HVTLFS_ENABLE_PARTITION_VTL_SUPERVISOR_SHADOW_STACK ? " sss"
											: "",
		       req->flags & HVTLFS_ENABLE_PARTITION_VTL_HARDWARE_HVPT ? " hvpt" : "");
		break;
	case HVTLFS_HVCALL_REQ_ENABLE_VP_VTL:
	case HVTLFS_HVCALL_REQ_START_VP:
		printf("request        %s\n", req->kind == HVTLFS_HVCALL_REQ_START_VP
						      ? "start virtual processor"
						      : "enable VP VTL");
		print_target(req, 2, "target vtl    ");
		print_context(&req->vp_context);
		break;
	case HVTLFS_HVCALL_REQ_VTL_SWITCH:
		printf("request        %s%s\n",
		       req->code == HVTLFS_CALL_VTL_CALL ? "VTL call" : "VTL return",
		       req->code == HVTLFS_CALL_VTL_RETURN && (req->flags & HVTLFS_VTL_RETURN_FAST)
			       ? " (fast)"
			       : "");
		break;
	default:
		return;
	}
	if (req->output_size)
		printf("output         %u bytes at %s+%u\n", req->output_size,
		       fast ? "the register image " : "the output GPA ", req->output_offset);
	if (req->notes & HVTLFS_HVCALL_NOTE_OUTPUT_IGNORED)
		printf("note           an output GPA for a call without output: ignored\n");
	if (req->notes & HVTLFS_HVCALL_NOTE_UNKNOWN_REGISTER)
		printf("note           a register name the catalog does not know\n");
}

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
		printf("raise          #UD (%s): no result\n",
		       req->reason != HVTLFS_ERR_NO_FEATURE ? "an invalid VTL call or return input"
		       : hvtlfs_call_output_lookup(code) &&
				       !(in->features & HVTLFS_HVCALL_FEAT_XMM_OUTPUT)
			       ? "XMM fast output without the feature"
			       : "XMM fast input without the feature");
	if (req->kind == HVTLFS_HVCALL_REQ_VTL_SWITCH) {
		printf("status         none: a VTL switch has no result\n");
		print_vp_request(req, 0);
		return;
	}
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
	case HVTLFS_HVCALL_REQ_VP_REGISTERS:
	case HVTLFS_HVCALL_REQ_VP_INDEX:
	case HVTLFS_HVCALL_REQ_ENABLE_PARTITION_VTL:
	case HVTLFS_HVCALL_REQ_ENABLE_VP_VTL:
	case HVTLFS_HVCALL_REQ_START_VP:
	case HVTLFS_HVCALL_REQ_VTL_SWITCH:
		print_vp_request(req, hvtlfs_control_is_fast(in->control));
		/* It says where the output goes, and what the request notes. */
		return;
	default:
		printf("request        none (rejected)\n");
		break;
	}
	if (req->output_size && req->status == HVTLFS_STATUS_SUCCESS)
		printf("output         %u bytes at GPA 0x%016llx\n", req->output_size,
		       (unsigned long long)req->output_gpa);
	if (req->notes & HVTLFS_HVCALL_NOTE_OUTPUT_IGNORED)
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

/* The help: the decoded calls from the call list, wrapped as the rest of the text. */
static void print_help(void)
{
	const size_t n = sizeof(decode_calls) / sizeof(decode_calls[0]);
	size_t i, last = 0, col;

	fputs(decode_help_head, stdout);
	for (i = 0; i < n; i++)
		if (decode_calls[i].decoded)
			last = i;
	fputs("Calls decoded:", stdout);
	col = strlen("Calls decoded:");
	for (i = 0; i < n; i++) {
		char item[96];
		int len;

		if (!decode_calls[i].decoded)
			continue;
		len = snprintf(item, sizeof(item), "%s (0x%04X)%s", decode_calls[i].name,
			       (unsigned int)decode_calls[i].code, i == last ? "." : ",");
		if (len < 0)
			continue;
		if (col + 1u + (size_t)len > 88u) {
			fputs("\n", stdout);
			col = 0;
		} else {
			fputs(" ", stdout);
			col++;
		}
		fputs(item, stdout);
		col += (size_t)len;
	}
	fputs("\n", stdout);
	fputs(decode_help_tail, stdout);
}

int cli_decode(int argc, char **argv)
{
	static uint8_t buf[DECODE_SLOW_MAX];
	struct hvtlfs_hvcall_input in;
	struct hvtlfs_hvcall_request req;
	const char *control_s = NULL, *input_s = NULL, *val;
	uint64_t control = 0, gpa = 0, out_gpa = 0, vtl_input = 0;
	struct hvtlfs_hvcall_elements el;
	int refuse = 0;
	unsigned int feats = 0;
	size_t len = 0;
	int fast = 0, i, rc;

	if (cli_wants_help(argc, argv)) {
		print_help();
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
		} else if (cli_option(argc, argv, &i, "--vtl-input", &val)) {
			if (!val || cli_parse_u64(val, &vtl_input))
				return cli_bad_value("decode", "--vtl-input: not a 64-bit number",
						     val);
		} else if (!strcmp(argv[i], "--refuse-unknown")) {
			refuse = 1;
		} else if (cli_option(argc, argv, &i, "--features", &val)) {
			rc = cli_features_option("decode", val,
						 CLI_FEAT_XMM | CLI_FEAT_EXTGVA | CLI_FEAT_XMMOUT |
							 CLI_FEAT_EXTCALLS | CLI_FEAT_ARM64,
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
	in.output_gpa = fast ? 0 : out_gpa;
	in.vtl_input = vtl_input;
	in.options = refuse ? HVTLFS_HVCALL_OPT_REFUSE_UNKNOWN_REGISTERS : 0u;
	in.features = (feats & CLI_FEAT_XMM ? HVTLFS_HVCALL_FEAT_XMM_INPUT : 0u) |
		      (feats & CLI_FEAT_EXTGVA ? HVTLFS_HVCALL_FEAT_EXT_GVA_RANGES : 0u) |
		      (feats & CLI_FEAT_XMMOUT ? HVTLFS_HVCALL_FEAT_XMM_OUTPUT : 0u) |
		      (feats & CLI_FEAT_EXTCALLS ? HVTLFS_HVCALL_FEAT_EXTENDED_HYPERCALLS : 0u) |
		      (feats & CLI_FEAT_ARM64 ? HVTLFS_HVCALL_FEAT_ARM64 : 0u);
	memset(&el, 0, sizeof(el));
	el.ranges = decode_ranges;
	el.ranges_cap = sizeof(decode_ranges) / sizeof(decode_ranges[0]);
	el.registers = decode_registers;
	el.registers_cap = sizeof(decode_registers) / sizeof(decode_registers[0]);
	el.apic_ids = decode_apic_ids;
	el.apic_ids_cap = sizeof(decode_apic_ids) / sizeof(decode_apic_ids[0]);
	rc = hvtlfs_hvcall_decode_into(&in, &req, &el);

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
	{
		static const struct {
			unsigned int bit;
			const char *name;
		} fn[] = { { CLI_FEAT_XMM, "xmm" },
			   { CLI_FEAT_XMMOUT, "xmmout" },
			   { CLI_FEAT_EXTGVA, "extgva" },
			   { CLI_FEAT_EXTCALLS, "ext" },
			   { CLI_FEAT_ARM64, "arm64" } };
		const char *sep = "";
		size_t k;

		printf("features       %s", feats ? "" : "none");
		for (k = 0; k < sizeof(fn) / sizeof(fn[0]); k++)
			if (feats & fn[k].bit) {
				printf("%s%s", sep, fn[k].name);
				sep = ",";
			}
		printf("\n");
	}
	cli_print_judgement(&in, rc, &req, decode_ranges);
	return rc == HVTLFS_OK && req.status == HVTLFS_STATUS_SUCCESS && !req.raise_ud ? 0 : 1;
}
