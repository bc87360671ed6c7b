/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The emulated hypervisor. It judges every trapped hypercall the way Hyper-V
 * and KVM do, with hvtlfs's hypervisor-side decoder (hvtlfs_hvcall_decode: the
 * catalog check of the control word, sizes, alignment, the HV_VP_SET and the
 * GVA ranges, each input byte read once). It prints what it decoded and
 * answers with the result word the decoder chose.
 */
#include "console.h"
#include "hv.h"

#include "hvtlfs/bringup.h"
#include "hvtlfs/catalog.h"
#include "hvtlfs/control.h"
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
	    0xFFFFFFFFu, 0, 0 } },
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

#if defined(__x86_64__)
#define HV_DECODE_FEATURES (HVTLFS_HVCALL_FEAT_XMM_INPUT | HVTLFS_HVCALL_FEAT_EXT_GVA_RANGES)
#else
#define HV_DECODE_FEATURES HVTLFS_HVCALL_FEAT_EXT_GVA_RANGES
#endif

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

static struct hvtlfs_hvcall_request req;
static struct hvtlfs_range_entry ranges[HV_REPS_PER_CALL];

const struct hvtlfs_hvcall_request *hv_last_request(void)
{
	return &req;
}

const struct hvtlfs_range_entry *hv_last_ranges(void)
{
	return ranges;
}

static int transparent_continuation;
static unsigned int decode_features = HV_DECODE_FEATURES;

void hv_set_xmm_input(int on)
{
	if (on)
		decode_features = HV_DECODE_FEATURES;
	else
		decode_features = HV_DECODE_FEATURES & ~HVTLFS_HVCALL_FEAT_XMM_INPUT;
}

void hv_set_transparent_continuation(int on)
{
	transparent_continuation = on;
}

uint64_t hv_hypercall(struct hv_regs *r, int *action)
{
	struct hvtlfs_hvcall_input in;
	uint64_t regs[14], gpa = r->in, result;
	unsigned int i;
	int fast = hvtlfs_control_is_fast(r->control), rc;

	n_calls++;
	*action = HV_RETURN;
	in.control = r->control;
	in.input_gpa = fast ? 0 : gpa;
	in.features = decode_features;
	in.options = 0;
	if (fast) {
		/* The register image: RDX, R8, then XMM0-XMM5 when the partition has XMM input. */
		regs[0] = r->in;
		regs[1] = r->out;
		for (i = 0; i < 6; i++) {
			regs[2 + 2 * i] = r->xmm[i][0];
			regs[3 + 2 * i] = r->xmm[i][1];
		}
		in.bytes = regs;
		in.len = 16u;
	} else if (gpa < HV_RAM_TOP) {
		/* Identity-mapped guest RAM: the guest's bytes to the end of their page. */
		in.bytes = (const void *)(uintptr_t)gpa;
		in.len = (size_t)(HVTLFS_PAGE_SIZE - (gpa & (HVTLFS_PAGE_SIZE - 1u)));
	} else {
		in.bytes = NULL;
		in.len = 0;
	}

	rc = hvtlfs_hvcall_decode(&in, &req, ranges, HV_REPS_PER_CALL);
	if (rc == HVTLFS_ERR_TRUNCATED && fast && r->has_xmm) {
		/* Valid, but longer than RDX and R8: the rest is in XMM0-XMM5. */
		in.len = 112u;
		rc = hvtlfs_hvcall_decode(&in, &req, ranges, HV_REPS_PER_CALL);
	}
	if (rc == HVTLFS_ERR_UNKNOWN_CALL) {
		/* In the catalog, but not a call this hypervisor serves. */
		con_puts("hv: ");
		con_puts(hvtlfs_call_name(hvtlfs_control_code(r->control)));
		con_puts(": not served -> HV_STATUS_INVALID_HYPERCALL_CODE\n");
		return hvtlfs_result_encode(HVTLFS_STATUS_INVALID_HYPERCALL_CODE, 0);
	}
	if (rc != HVTLFS_OK) {
		/* Only a GPA outside guest RAM gets here (nothing mapped to read). */
		con_hex_field("hv: input GPA ", gpa, 16);
		con_puts(" outside RAM -> HV_STATUS_INVALID_PARAMETER\n");
		return hvtlfs_result_encode(HVTLFS_STATUS_INVALID_PARAMETER, 0);
	}
	if (req.raise_ud) {
		con_puts("hv: ");
		con_puts(hvtlfs_call_name(req.code));
		con_puts(" fast, more than 16 bytes without XMM input -> #UD\n");
		*action = HV_RAISE_UD;
		return 0;
	}

	con_puts("hv: ");
	con_puts(hvtlfs_call_name(req.code));
	con_puts(fast ? (in.len > 16u ? " xmm" : " fast") : " slow");
	result = req.result;
	if (req.status != HVTLFS_STATUS_SUCCESS && req.status != HVTLFS_STATUS_TIMEOUT) {
		con_puts(" -> ");
		con_puts(hvtlfs_status_name(req.status));
		con_puts("\n");
	} else {
		switch (req.kind) {
		case HVTLFS_HVCALL_REQ_FLUSH_VA:
			say_flush(&req, ranges);
			break;
		case HVTLFS_HVCALL_REQ_FLUSH_GPA:
			con_hex_field(": EPT ", req.address_space, 8);
			say_ranges(&req, ranges);
			break;
		case HVTLFS_HVCALL_REQ_SPIN_WAIT:
			con_dec_field(": spin count ", req.spin_count);
			con_puts("\n");
			break;
		case HVTLFS_HVCALL_REQ_SIGNAL_EVENT:
			con_hex_field(": connection ", req.connection_id, 1);
			con_dec_field(" flag ", req.flag_number);
			if (req.connection_id != HV_CONNECTION_ID) {
				con_puts(" -> HV_STATUS_INVALID_CONNECTION_ID");
				result = hvtlfs_result_encode(HVTLFS_STATUS_INVALID_CONNECTION_ID,
							      0);
			}
			con_puts("\n");
			break;
		case HVTLFS_HVCALL_REQ_POST_MESSAGE:
			con_hex_field(": connection ", req.connection_id, 1);
			con_dec_field(" type ", req.message_type);
			con_puts(" payload \"");
			for (i = 0; i < req.payload_size; i++)
				con_putc(req.payload[i] >= 0x20 && req.payload[i] < 0x7F
						 ? (char)req.payload[i]
						 : '.');
			con_puts("\"\n");
			break;
		case HVTLFS_HVCALL_REQ_IPI:
			con_hex_field(": vector ", req.vector, 2);
			con_puts(" VPs ");
			say_vpset(&req.vps);
			con_puts("\n");
			break;
		default:
			con_puts("\n");
			break;
		}
		if (req.status == HVTLFS_STATUS_TIMEOUT && transparent_continuation) {
			con_dec_field("hv:   continuation: rep start ",
				      hvtlfs_result_reps_completed(result));
			con_puts(", IP kept on the call\n");
			*action = HV_RESTART;
		} else if (req.status == HVTLFS_STATUS_TIMEOUT) {
			con_dec_field("hv:   early return, reps completed ",
				      hvtlfs_result_reps_completed(result));
			con_puts("\n");
		}
	}
	if (hvtlfs_control_rep_count(r->control) != 0)
		/* Rep calls: the hypervisor writes the updated rep start back into the control. */
		r->control = hvtlfs_control_with_rep_start(r->control,
							   hvtlfs_result_reps_completed(result));
	return result;
}
