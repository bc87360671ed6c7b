/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The emulated hypervisor. Every trapped hypercall goes through hvtlfs's
 * register-level dispatcher (hvtlfs_dispatch): the partition's privileges first,
 * the catalog check of the control word, sizes, alignment, the input fetched once
 * and decoded (the HV_VP_SET, the GVA ranges), then one handler that prints what
 * it decoded; the dispatcher writes the result, or continues a rep call.
 */
#include "console.h"
#include "hv.h"

#include "hvtlfs/bringup.h"
#include "hvtlfs/catalog.h"
#include "hvtlfs/control.h"
#include "hvtlfs/dispatch.h"
#include "hvtlfs/hvcall.h"
#include "hvtlfs/ranges.h"
#include "hvtlfs/tlfs.h"
#include "hvtlfs/vpset.h"

/* Guest RAM the emulated hypervisor accepts GPAs in (QEMU -m 64). */
#define HV_RAM_TOP (64ull << 20)

static uint32_t n_calls;

uint32_t hv_calls(void)
{
	return n_calls;
}

/* ---- CPUID: the hypervisor leaves this partition sees ---------------------------------- */

#if defined(__x86_64__)
/* XMM fast input, extended GVA ranges. */
#define HV_FEATURES_EDX                                                                            \
	(HVTLFS_CPUID_FEATURES_EDX_XMM_INPUT | HVTLFS_CPUID_FEATURES_EDX_EXT_GVA_RANGES)
#else
/* hvtlfs issues XMM fast calls on x86_64 only: the i386 partition offers none. */
#define HV_FEATURES_EDX HVTLFS_CPUID_FEATURES_EDX_EXT_GVA_RANGES
#endif

static const struct hvtlfs_cpuid_entry hv_leaves[] = {
	{ HVTLFS_CPUID_LEAF_VENDOR,
	  0,
	  { HVTLFS_CPUID_LEAF_LIMITS, HVTLFS_CPUID_VENDOR_EBX, HVTLFS_CPUID_VENDOR_ECX,
	    HVTLFS_CPUID_VENDOR_EDX } },
	{ HVTLFS_CPUID_LEAF_INTERFACE, 0, { HVTLFS_CPUID_INTERFACE_HV1, 0, 0, 0 } },
	{ HVTLFS_CPUID_LEAF_VERSION, 0, { 17763u, 0x000A0000u, 0, 0 } },
	{ HVTLFS_CPUID_LEAF_FEATURES,
	  0,
	  { HVTLFS_CPUID_FEATURES_EAX_HYPERCALL_MSRS | HVTLFS_CPUID_FEATURES_EAX_VP_INDEX_MSR,
	    HVTLFS_CPUID_FEATURES_EBX_POST_MESSAGES | HVTLFS_CPUID_FEATURES_EBX_SIGNAL_EVENTS, 0,
	    HV_FEATURES_EDX } },
	{ HVTLFS_CPUID_LEAF_HINTS,
	  0,
	  { HVTLFS_CPUID_HINTS_EAX_REMOTE_TLB_FLUSH | HVTLFS_CPUID_HINTS_EAX_CLUSTER_IPI |
		    HVTLFS_CPUID_HINTS_EAX_EX_PROCESSOR_MASKS,
	    /* Spin retries before HvCallNotifyLongSpinWait (0xFFF, as Hyper-V 2016 and
	     * KVM report): the kernel makes that call, and 0xFFFFFFFF ("never notify")
	     * would have the dispatcher deny it. */
	    0xFFFu, 0, 0 } },
	{ HVTLFS_CPUID_LEAF_LIMITS, 0, { HV_NVPS, HV_NVPS, 0, 0 } },
};

void hv_cpuid(void *ctx, uint32_t leaf, uint32_t subleaf, uint32_t regs[4])
{
	unsigned int i;

	(void)ctx;
	if (leaf >= HVTLFS_CPUID_LEAF_VENDOR && leaf <= HVTLFS_CPUID_LEAF_VENDOR + 0xFFu) {
		regs[0] = regs[1] = regs[2] = regs[3] = 0;
		for (i = 0; i < sizeof(hv_leaves) / sizeof(hv_leaves[0]); i++) {
			if (hv_leaves[i].leaf == leaf) {
				regs[0] = hv_leaves[i].regs[0];
				regs[1] = hv_leaves[i].regs[1];
				regs[2] = hv_leaves[i].regs[2];
				regs[3] = hv_leaves[i].regs[3];
			}
		}
		return;
	}
	/* Standard leaves are the CPU's own (through hvtlfs's CPUID primitive). */
	hvtlfs_cpuid_native(NULL, leaf, subleaf, regs);
}

/* ---- Synthetic MSRs and the hypercall page --------------------------------------------- */

static uint64_t msr_guest_os_id, msr_hypercall, msr_vp_index, msr_vp_assist;

/* The page's code: VMCALL; RET. The guest's call through the page traps here. */
static const uint8_t hypercall_code[] = { 0x0F, 0x01, 0xC1, 0xC3 };

static uint64_t *msr_register(uint32_t msr)
{
	switch (msr) {
	case HVTLFS_MSR_GUEST_OS_ID:
		return &msr_guest_os_id;
	case HVTLFS_MSR_HYPERCALL:
		return &msr_hypercall;
	case HVTLFS_MSR_VP_INDEX:
		return &msr_vp_index;
	case HVTLFS_MSR_VP_ASSIST_PAGE:
		return &msr_vp_assist;
	default:
		return NULL;
	}
}

int hv_rdmsr(uint32_t msr, uint64_t *value)
{
	const uint64_t *reg = msr_register(msr);

	if (reg == NULL)
		return -1;
	*value = *reg;
	return 0;
}

/*
 * A write to an overlay-page MSR (enable bit 0, GPFN in bits 12-63): the reserved
 * bits keep what they held, an enabled page must lie in guest RAM. Stores @value
 * and returns its page's GPA, or -1 (the #GP) with the MSR untouched.
 */
static int64_t page_msr_write(uint64_t *reg, uint64_t value, uint64_t reserved, uint64_t gpfn)
{
	uint64_t gpa;

	value = (value & ~reserved) | (*reg & reserved);
	gpa = value & gpfn;
	if ((value & 1u) && gpa + HVTLFS_PAGE_SIZE > HV_RAM_TOP)
		return -1;
	*reg = value;
	return (int64_t)gpa;
}

int hv_wrmsr(uint32_t msr, uint64_t value)
{
	int64_t gpa;
	uint8_t *page;
	unsigned int i;

	switch (msr) {
	case HVTLFS_MSR_GUEST_OS_ID:
		msr_guest_os_id = value;
		if (value == 0)
			msr_hypercall &= ~HVTLFS_HYPERCALL_MSR_ENABLE;
		return 0;
	case HVTLFS_MSR_HYPERCALL:
		if (msr_hypercall & HVTLFS_HYPERCALL_MSR_LOCKED)
			return 0;
		/* No enable before a guest OS ID; reserved bits 2-11 are preserved. */
		if (msr_guest_os_id == 0)
			value &= ~HVTLFS_HYPERCALL_MSR_ENABLE;
		gpa = page_msr_write(&msr_hypercall, value, HVTLFS_HYPERCALL_MSR_RESERVED_MASK,
				     HVTLFS_HYPERCALL_MSR_GPFN_MASK);
		if (gpa < 0)
			return -1;
		if (!(msr_hypercall & HVTLFS_HYPERCALL_MSR_ENABLE)) {
			con_puts("hv: hypercall page disabled\n");
			return 0;
		}
		page = (uint8_t *)(uintptr_t)gpa;
		for (i = 0; i < HVTLFS_PAGE_SIZE; i++)
			page[i] = 0xCC; /* int3 past the code */
		for (i = 0; i < sizeof(hypercall_code); i++)
			page[i] = hypercall_code[i];
		con_hex_field("hv: hypercall page at ", (uint64_t)gpa, 8);
		con_hex_field(", guest OS ID ", msr_guest_os_id, 16);
		con_puts("\n");
		return 0;
	case HVTLFS_MSR_VP_ASSIST_PAGE:
		gpa = page_msr_write(&msr_vp_assist, value, HVTLFS_VP_ASSIST_MSR_RESERVED_MASK,
				     HVTLFS_VP_ASSIST_MSR_GPFN_MASK);
		if (gpa < 0)
			return -1;
		if (msr_vp_assist & HVTLFS_VP_ASSIST_MSR_ENABLE) {
			con_hex_field("hv: VP assist page at ", (uint64_t)gpa, 8);
			con_puts("\n");
		}
		return 0;
	default:
		return -1;
	}
}

/* ---- Hypercalls --------------------------------------------------------------------------- */

/* The one event connection this partition has. */
#define HV_CONNECTION_ID 7u

static void say_vpset(const struct hvtlfs_vpset *set)
{
	uint32_t cursor = 0, vp, n = 0;

	if (hvtlfs_vpset_is_all(set)) {
		con_dec_field("all (", hvtlfs_vpset_count(set, HV_NVPS));
		con_puts(" VPs)");
		return;
	}
	con_puts("{");
	while (hvtlfs_vpset_next(set, HV_NVPS, &cursor, &vp)) {
		if (n++ != 0)
			con_puts(",");
		con_dec(vp);
	}
	con_puts("}");
}

static void say_ranges(const struct hvtlfs_hvcall_request *q,
		       const struct hvtlfs_range_entry *ranges)
{
	uint32_t i;

	if (q->whole_space) {
		con_puts("\n");
		return;
	}
	con_dec_field(" reps ", q->rep_start);
	con_dec_field("..", q->rep_count);
	con_puts("\n");
	for (i = 0; i < q->nranges; i++) {
		con_dec_field("hv:   rep ", q->ranges_first + i);
		con_hex_field(": ", ranges[i].base, 16);
		con_dec_field(" + ", (uint32_t)ranges[i].pages);
		con_puts(ranges[i].page_shift == 12u   ? " x 4K\n"
			 : ranges[i].page_shift == 21u ? " x 2M\n"
						       : " x 1G\n");
	}
}

static void say_flush(const struct hvtlfs_hvcall_request *q,
		      const struct hvtlfs_range_entry *ranges)
{
	con_hex_field(": space ", q->address_space, 8);
	con_hex_field(" flags ", q->flags, 1);
	con_puts(" VPs ");
	say_vpset(&q->vps);
	say_ranges(q, ranges);
}

/* What the hypervisor decoded last, for the plan checks (hvtlfs_hvcall_flush_covers). */
static struct hvtlfs_hvcall_request req;
static const struct hvtlfs_range_entry *ranges;

const struct hvtlfs_hvcall_request *hv_last_request(void)
{
	return &req;
}

const struct hvtlfs_range_entry *hv_last_ranges(void)
{
	return ranges;
}

static int transparent_continuation;

/* ---- The dispatcher: this partition's privileges, its memory, its handler ---------------- */

static struct hvtlfs_dispatch_partition partition;

static void partition_init(void)
{
	const uint32_t *features = hv_leaves[3].regs, *hints = hv_leaves[4].regs;

	partition.privileges_eax = features[0];
	partition.privileges_ebx = features[1];
	partition.features_edx = features[3];
	partition.hints_eax = hints[0];
	partition.spin_retries = hints[1];
}

void hv_set_xmm_input(int on)
{
	partition_init();
	if (!on)
		partition.features_edx &= ~(uint32_t)HVTLFS_CPUID_FEATURES_EDX_XMM_INPUT;
}

void hv_set_transparent_continuation(int on)
{
	transparent_continuation = on;
}

/* Guest RAM is identity-mapped below HV_RAM_TOP: GPA = address. */
static int ram_read(void *ctx, uint64_t gpa, void *buf, size_t len)
{
	size_t i;

	(void)ctx;
	if (gpa >= HV_RAM_TOP || len > HV_RAM_TOP - gpa)
		return -1;
	for (i = 0; i < len; i++)
		((uint8_t *)buf)[i] = ((const volatile uint8_t *)(uintptr_t)gpa)[i];
	return 0;
}

static int ram_write(void *ctx, uint64_t gpa, const void *buf, size_t len)
{
	size_t i;

	(void)ctx;
	if (gpa >= HV_RAM_TOP || len > HV_RAM_TOP - gpa)
		return -1;
	for (i = 0; i < len; i++)
		((volatile uint8_t *)(uintptr_t)gpa)[i] = ((const uint8_t *)buf)[i];
	return 0;
}

/*
 * The one handler: it prints what the dispatcher decoded and acts on it. Rep calls
 * do HV_REPS_PER_CALL reps a call and then give the CPU back, which the dispatcher
 * answers with the TLFS's early return (HV_STATUS_TIMEOUT) or, transparently, by
 * rewriting the rep start and keeping the IP on the call.
 */
static void handle(void *ctx, const struct hvtlfs_dispatch_call *call,
		   struct hvtlfs_dispatch_reply *reply)
{
	const struct hvtlfs_hvcall_request *q = call->req;
	uint32_t i;

	(void)ctx;
	con_puts("hv: ");
	con_puts(hvtlfs_call_name(call->code));
	con_puts(call->fast ? (call->input_len > 16u ? " xmm" : " fast") : " slow");
	if (!q) {
		con_puts("\n");
		return;
	}
	req = *q;
	ranges = call->ranges;
	if (call->rep_count != 0 && call->rep_limit - call->rep_start > HV_REPS_PER_CALL) {
		reply->reps_completed = call->rep_start + HV_REPS_PER_CALL;
		req.nranges = HV_REPS_PER_CALL;
	}
	switch (q->kind) {
	case HVTLFS_HVCALL_REQ_FLUSH_VA:
		say_flush(&req, ranges);
		break;
	case HVTLFS_HVCALL_REQ_FLUSH_GPA:
		con_hex_field(": EPT ", q->address_space, 8);
		say_ranges(&req, ranges);
		break;
	case HVTLFS_HVCALL_REQ_SPIN_WAIT:
		con_dec_field(": spin count ", q->spin_count);
		con_puts("\n");
		break;
	case HVTLFS_HVCALL_REQ_SIGNAL_EVENT:
		con_hex_field(": connection ", q->connection_id, 1);
		con_dec_field(" flag ", q->flag_number);
		if (q->connection_id != HV_CONNECTION_ID) {
			con_puts(" -> HV_STATUS_INVALID_CONNECTION_ID");
			reply->status = HVTLFS_STATUS_INVALID_CONNECTION_ID;
		}
		con_puts("\n");
		break;
	case HVTLFS_HVCALL_REQ_POST_MESSAGE:
		con_hex_field(": connection ", q->connection_id, 1);
		con_dec_field(" type ", q->message_type);
		con_puts(" payload \"");
		for (i = 0; i < q->payload_size; i++)
			con_putc(q->payload[i] >= 0x20 && q->payload[i] < 0x7F ? (char)q->payload[i]
									       : '.');
		con_puts("\"\n");
		break;
	case HVTLFS_HVCALL_REQ_IPI:
		con_hex_field(": vector ", q->vector, 2);
		con_puts(" VPs ");
		say_vpset(&q->vps);
		con_puts("\n");
		break;
	default:
		con_puts("\n");
		break;
	}
}

/* Every call the decoder knows is served by the one handler. */
static const struct hvtlfs_dispatch_handler handlers[] = {
	{ HVTLFS_CALL_FLUSH_VIRTUAL_ADDRESS_SPACE, handle },
	{ HVTLFS_CALL_FLUSH_VIRTUAL_ADDRESS_LIST, handle },
	{ HVTLFS_CALL_NOTIFY_LONG_SPIN_WAIT, handle },
	{ HVTLFS_CALL_SEND_SYNTHETIC_CLUSTER_IPI, handle },
	{ HVTLFS_CALL_FLUSH_VIRTUAL_ADDRESS_SPACE_EX, handle },
	{ HVTLFS_CALL_FLUSH_VIRTUAL_ADDRESS_LIST_EX, handle },
	{ HVTLFS_CALL_SEND_SYNTHETIC_CLUSTER_IPI_EX, handle },
	{ HVTLFS_CALL_POST_MESSAGE, handle },
	{ HVTLFS_CALL_SIGNAL_EVENT, handle },
	{ HVTLFS_CALL_FLUSH_GUEST_PHYSICAL_ADDRESS_SPACE, handle },
	{ HVTLFS_CALL_FLUSH_GUEST_PHYSICAL_ADDRESS_LIST, handle },
};

static struct hvtlfs_dispatch_scratch scratch;

#if defined(__x86_64__)
#define HV_ABI HVTLFS_DISPATCH_ABI_X64
#else
#define HV_ABI HVTLFS_DISPATCH_ABI_X86
#endif

uint64_t hv_hypercall(struct hv_regs *r, int *action)
{
	struct hvtlfs_dispatcher d = { &partition,
				       { ram_read, ram_write, NULL },
				       handlers,
				       sizeof(handlers) / sizeof(handlers[0]),
				       NULL };
	struct hvtlfs_dispatch_regs regs = { { 0 } };
	struct hvtlfs_dispatch_outcome out;
	unsigned int i;
	int rc;

	n_calls++;
	*action = HV_RETURN;
	if (!partition.spin_retries)
		partition_init();
	if (!transparent_continuation)
		partition.options = HVTLFS_DISPATCH_OPT_TIMEOUT;
	else
		partition.options = 0;
#if defined(__x86_64__)
	regs.r[HVTLFS_DISPATCH_REG_RCX] = r->control;
	regs.r[HVTLFS_DISPATCH_REG_RDX] = r->in;
	regs.r[HVTLFS_DISPATCH_REG_R8] = r->out;
#else
	regs.r[HVTLFS_DISPATCH_REG_RDX] = r->control >> 32;
	regs.r[HVTLFS_DISPATCH_REG_RAX] = (uint32_t)r->control;
	regs.r[HVTLFS_DISPATCH_REG_RBX] = r->in >> 32;
	regs.r[HVTLFS_DISPATCH_REG_RCX] = (uint32_t)r->in;
	regs.r[HVTLFS_DISPATCH_REG_RDI] = r->out >> 32;
	regs.r[HVTLFS_DISPATCH_REG_RSI] = (uint32_t)r->out;
#endif
	for (i = 0; i < 6 && r->has_xmm; i++) {
		regs.r[HVTLFS_DISPATCH_REG_XMM(i, 0)] = r->xmm[i][0];
		regs.r[HVTLFS_DISPATCH_REG_XMM(i, 1)] = r->xmm[i][1];
	}
	rc = hvtlfs_dispatch(&d, HV_ABI, &regs, &scratch, &out);
	if (rc == HVTLFS_ERR_GUEST_READ || rc == HVTLFS_ERR_GUEST_WRITE) {
		con_hex_field("hv: guest GPA ", out.fault_gpa, 16);
		con_puts(" outside RAM -> HV_STATUS_INVALID_ALIGNMENT\n");
		return hvtlfs_result_encode(HVTLFS_STATUS_INVALID_ALIGNMENT, 0);
	}
	if (rc != HVTLFS_OK) {
		con_puts("hv: dispatcher: ");
		con_puts(hvtlfs_strerror(rc));
		con_puts("\n");
		return hvtlfs_result_encode(HVTLFS_STATUS_INVALID_HYPERCALL_INPUT, 0);
	}
	switch (out.action) {
	case HVTLFS_DISPATCH_INJECT_UD:
		con_puts("hv: ");
		con_puts(hvtlfs_call_name(out.code));
		/* The XMM input feature, or a VTL call or return this hypervisor (no VSM,
		 * no handler for them) refuses as the TLFS does. */
		con_puts(out.reason == HVTLFS_ERR_NO_FEATURE
				 ? " fast, more than 16 bytes without XMM input -> #UD\n"
				 : ": no VTL to switch to -> #UD\n");
		*action = HV_RAISE_UD;
		return 0;
	case HVTLFS_DISPATCH_CONTINUE:
#if defined(__x86_64__)
		r->control = regs.r[HVTLFS_DISPATCH_REG_RCX];
#else
		r->control = (regs.r[HVTLFS_DISPATCH_REG_RDX] << 32) |
			     (uint32_t)regs.r[HVTLFS_DISPATCH_REG_RAX];
#endif
		con_dec_field("hv:   continuation: rep start ",
			      hvtlfs_control_rep_start(r->control));
		con_puts(", IP kept on the call\n");
		*action = HV_RESTART;
		return 0;
	default:
		break;
	}
	/* A refusal before any handler ran: say so, as the handler would have. */
	if (out.reason != HVTLFS_OK && out.status != HVTLFS_STATUS_TIMEOUT &&
	    out.status != HVTLFS_STATUS_INVALID_CONNECTION_ID) {
		con_puts("hv: ");
		con_puts(hvtlfs_call_name(out.code));
		con_puts(hvtlfs_control_is_fast(r->control) ? " fast" : " slow");
		con_puts(" -> ");
		con_puts(hvtlfs_status_name(out.status));
		con_puts("\n");
	} else if (out.status == HVTLFS_STATUS_TIMEOUT) {
		con_dec_field("hv:   early return, reps completed ",
			      hvtlfs_result_reps_completed(out.result));
		con_puts("\n");
	}
	for (i = 0; i < 6 && r->has_xmm; i++) {
		r->xmm[i][0] = regs.r[HVTLFS_DISPATCH_REG_XMM(i, 0)];
		r->xmm[i][1] = regs.r[HVTLFS_DISPATCH_REG_XMM(i, 1)];
	}
	return out.result;
}
