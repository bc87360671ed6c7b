/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The emulated hypervisor of the arm64 kernel, at EL2: every `hvc` of the EL1 guest
 * arrives here as a synchronous exception (ESR_EL2.EC 0x16, the immediate in ISS bits
 * 15-0, ELR_EL2 already past the instruction). It speaks the SMCCC form Hyper-V uses:
 * X0 the function id, X1 the control word, X2/X3 the GPAs or X2-X17 the fast
 * registers, the result in X0. Every `hvc` goes through hvtlfs's register-level
 * dispatcher (hvtlfs_dispatch, ABI ARM64): it tells a hypercall from another SMCCC
 * call (this stub answers the vendor-hypervisor Call UID query with Hyper-V's UID),
 * gates, fetches and decodes the call, and writes the result and the fast output;
 * the handlers serve Get/SetVpRegisters from a small register file, flushes and IPIs.
 * A rep call a handler cuts short continues the way OpenVMM does on arm64: the
 * updated control word in X1 and ELR_EL2 moved back onto the `hvc`.
 */
#include "console.h"

#include "hvtlfs/catalog.h"
#include "hvtlfs/control.h"
#include "hvtlfs/dispatch.h"
#include "hvtlfs/hvcall.h"
#include "hvtlfs/ranges.h"
#include "hvtlfs/registers.h"
#include "hvtlfs/tlfs.h"
#include "hvtlfs/vpset.h"

/* Laid out by boot_arm64.S. */
struct el2_frame {
	uint64_t x[31];
	uint64_t elr, spsr, esr;
};

void el2_sync(struct el2_frame *f);
void el2_unexpected(uint64_t vector, uint64_t esr, uint64_t elr) __attribute__((noreturn));

#define ESR_EC(esr)	 ((uint32_t)((esr) >> 26) & 0x3Fu)
#define ESR_EC_HVC64	 0x16u
#define ESR_ISS_IMM16(e) ((uint32_t)(e)&0xFFFFu)

#define HV_NVPS		 8u /* VPs of this partition */
#define HV_REPS_PER_CALL 2u /* most reps served per call, to force continuations */
#define HV_RAM_BASE	 0x40000000ull
#define HV_RAM_TOP	 (HV_RAM_BASE + (64ull << 20))

static uint32_t n_calls;
static uint64_t guest_os_id;

uint32_t hv_calls(void);
uint32_t hv_calls(void)
{
	return n_calls;
}

/* ---- the register file (Get/SetVpRegisters) -------------------------------------------- */

static int reg_read(uint32_t name, uint64_t *lo, uint64_t *hi)
{
	*hi = 0;
	switch (name) {
	case HVTLFS_REGISTER_HYPERVISOR_VERSION: /* 10.0 build 26100 */
		*lo = (uint64_t)0x000A0000u << 32 | 26100u;
		return 1;
	case HVTLFS_REGISTER_PRIVILEGES_AND_FEATURES_INFO:
		/* a: hypercall and VP index registers (bits 5, 6); b: PostMessages (4),
		 * SignalEvents (5), AccessVpRegisters (17). */
		*lo = (uint64_t)(1u << 4 | 1u << 5 | 1u << 17) << 32 | (1u << 5 | 1u << 6);
		return 1;
	case HVTLFS_REGISTER_FEATURES_INFO:
		*lo = 0;
		return 1;
	case HVTLFS_REGISTER_IMPLEMENTATION_LIMITS_INFO:
		*lo = (uint64_t)HV_NVPS << 32 | HV_NVPS;
		return 1;
	case HVTLFS_REGISTER_GUEST_OS_ID:
		*lo = guest_os_id;
		return 1;
	case HVTLFS_REGISTER_VP_INDEX:
		*lo = 0;
		return 1;
	}
	return 0;
}

static void say_reg(uint32_t name)
{
	const char *n = hvtlfs_register_name(name, HVTLFS_REGSET_ARM64);

	con_puts(n ? n : "unknown");
}

/* ---- the dispatcher: this partition, its memory, its handlers --------------------------- */

/* What the partition may do: HvRegisterPrivilegesAndFeaturesInfo above (PostMessages,
 * SignalEvents, AccessVpRegisters); it shows no recommendations, so they are not gates. */
static const struct hvtlfs_dispatch_partition partition = {
	.privileges_eax = 1u << 5 | 1u << 6,
	.privileges_ebx = 1u << 4 | 1u << 5 | 1u << 17,
	.spin_retries = 0xFFFu,
	.options = HVTLFS_DISPATCH_OPT_HINTS_NOT_GATES,
};

/* Guest RAM (the MMU is off: GPA = address), HV_RAM_BASE .. HV_RAM_TOP. */
static int ram_ok(uint64_t gpa, size_t len)
{
	return gpa >= HV_RAM_BASE && gpa < HV_RAM_TOP && len <= HV_RAM_TOP - gpa;
}

static int ram_read(void *ctx, uint64_t gpa, void *buf, size_t len)
{
	size_t i;

	(void)ctx;
	if (!ram_ok(gpa, len))
		return -1;
	for (i = 0; i < len; i++)
		((uint8_t *)buf)[i] = ((const volatile uint8_t *)(uintptr_t)gpa)[i];
	return 0;
}

static int ram_write(void *ctx, uint64_t gpa, const void *buf, size_t len)
{
	size_t i;

	(void)ctx;
	if (!ram_ok(gpa, len))
		return -1;
	for (i = 0; i < len; i++)
		((volatile uint8_t *)(uintptr_t)gpa)[i] = ((const uint8_t *)buf)[i];
	return 0;
}

static int handled; /* a handler ran (it printed the call) */

/* Get/SetVpRegisters, from the elements the dispatcher decoded (fast: X2-X17). Get
 * writes value i at output rep i: the dispatcher moves it to the pairs after the input. */
static void vp_registers(void *ctx, const struct hvtlfs_dispatch_call *call,
			 struct hvtlfs_dispatch_reply *reply)
{
	const int get = call->code == HVTLFS_CALL_GET_VP_REGISTERS;
	uint32_t i;

	(void)ctx;
	handled = 1;
	con_puts(get ? "hv: HvCallGetVpRegisters" : "hv: HvCallSetVpRegisters");
	con_puts(call->fast ? " fast:" : " slow:");
	for (i = 0; i < call->req->nelements; i++) {
		const struct hvtlfs_register_entry *e = &call->registers[i];
		uint32_t rep = call->rep_start + i;

		con_puts(" ");
		say_reg(e->name);
		if (get) {
			uint64_t lo, hi;
			uint32_t k;

			if (!reg_read(e->name, &lo, &hi))
				goto refuse;
			for (k = 0; k < 8u; k++) {
				call->output[16u * rep + k] = (uint8_t)(lo >> (8u * k));
				call->output[16u * rep + 8u + k] = (uint8_t)(hi >> (8u * k));
			}
		} else {
			if (e->name != HVTLFS_REGISTER_GUEST_OS_ID || e->value.hi != 0)
				goto refuse;
			guest_os_id = e->value.lo;
			con_hex_field(" = ", guest_os_id, 16);
		}
		continue;
	refuse:
		con_puts(" -> HV_STATUS_INVALID_PARAMETER\n");
		reply->status = HVTLFS_STATUS_INVALID_PARAMETER;
		reply->reps_completed = rep;
		return;
	}
	con_puts("\n");
}

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

/* Flushes and IPIs: what was decoded. A rep call does HV_REPS_PER_CALL reps and then
 * gives the CPU back: the dispatcher continues it transparently, as OpenVMM does on
 * arm64 (the updated control word in X1, ELR_EL2 back on the `hvc`). */
static void flush_ipi(void *ctx, const struct hvtlfs_dispatch_call *call,
		      struct hvtlfs_dispatch_reply *reply)
{
	const struct hvtlfs_hvcall_request *q = call->req;
	uint32_t i, n;

	(void)ctx;
	handled = 1;
	con_puts("hv: ");
	con_puts(hvtlfs_call_name(call->code));
	con_puts(call->fast ? " fast" : " slow");
	if (q->kind == HVTLFS_HVCALL_REQ_IPI) {
		con_hex_field(": vector ", q->vector, 2);
		con_puts(" VPs ");
		say_vpset(&q->vps);
		con_puts("\n");
		return;
	}
	con_hex_field(": space ", q->address_space, 8);
	con_hex_field(" flags ", q->flags, 1);
	con_puts(" VPs ");
	say_vpset(&q->vps);
	if (call->rep_count != 0) {
		con_dec_field(" reps ", call->rep_start);
		con_dec_field("..", call->rep_count);
	}
	con_puts("\n");
	n = call->rep_limit - call->rep_start;
	if (call->rep_count != 0 && n > HV_REPS_PER_CALL) {
		n = HV_REPS_PER_CALL;
		reply->reps_completed = call->rep_start + n;
	}
	for (i = 0; i < n && call->rep_count != 0; i++) {
		con_dec_field("hv:   rep ", call->rep_start + i);
		con_hex_field(": ", call->ranges[i].base, 16);
		con_dec_field(" + ", (uint32_t)call->ranges[i].pages);
		con_puts(" x 4K\n");
	}
}

static const struct hvtlfs_dispatch_handler handlers[] = {
	{ HVTLFS_CALL_GET_VP_REGISTERS, vp_registers },
	{ HVTLFS_CALL_SET_VP_REGISTERS, vp_registers },
	{ HVTLFS_CALL_FLUSH_VIRTUAL_ADDRESS_SPACE, flush_ipi },
	{ HVTLFS_CALL_FLUSH_VIRTUAL_ADDRESS_LIST, flush_ipi },
	{ HVTLFS_CALL_SEND_SYNTHETIC_CLUSTER_IPI, flush_ipi },
};

static struct hvtlfs_dispatch_scratch scratch;
static struct hvtlfs_dispatch_regs regs;
static const struct hvtlfs_dispatcher d = {
	&partition, { ram_read, ram_write, 0 }, handlers, sizeof(handlers) / sizeof(handlers[0]), 0
};

/* Every `hvc #0`: X0-X17 through hvtlfs_dispatch() on the ARM64 ABI. */
void el2_sync(struct el2_frame *f)
{
	struct hvtlfs_dispatch_outcome out;
	uint64_t *x = f->x;
	unsigned int i;
	int rc;

	if (ESR_EC(f->esr) != ESR_EC_HVC64 || ESR_ISS_IMM16(f->esr) != 0)
		el2_unexpected(8, f->esr, f->elr);
	for (i = 0; i < HVTLFS_DISPATCH_REGS; i++)
		regs.r[i] = i < 18u ? x[i] : 0;
	handled = 0;
	rc = hvtlfs_dispatch(&d, HVTLFS_DISPATCH_ABI_ARM64, &regs, &scratch, &out);
	if (rc == HVTLFS_OK && out.action == HVTLFS_DISPATCH_NOT_HYPERCALL) {
		/* Another SMCCC service's call: answered here, not a hypercall. */
		if (x[0] == HVTLFS_SMCCC_VENDOR_HYP_CALL_UID) {
			con_puts("hv: SMCCC vendor-hypervisor Call UID -> Hyper-V\n");
			x[0] = HVTLFS_SMCCC_HYPERV_UID_W0;
			x[1] = HVTLFS_SMCCC_HYPERV_UID_W1;
			x[2] = HVTLFS_SMCCC_HYPERV_UID_W2;
			x[3] = HVTLFS_SMCCC_HYPERV_UID_W3;
			return;
		}
		con_hex_field("hv: SMCCC function ", x[0], 8);
		con_puts(" -> NOT_SUPPORTED\n");
		x[0] = 0xFFFFFFFFFFFFFFFFull;
		return;
	}
	n_calls++;
	if (rc != HVTLFS_OK) {
		/* The accessor failed (a GPA outside RAM) or a handler bug: nothing changed. */
		con_puts("hv: dispatcher: ");
		con_puts(hvtlfs_strerror(rc));
		con_puts(" -> HV_STATUS_INVALID_ALIGNMENT\n");
		x[0] = hvtlfs_result_encode(HVTLFS_STATUS_INVALID_ALIGNMENT, 0);
		return;
	}
	if (out.action == HVTLFS_DISPATCH_DONE && !handled) {
		/* Refused before any handler ran. */
		con_puts("hv: ");
		con_puts(hvtlfs_call_name(out.code));
		con_puts(" -> ");
		con_puts(hvtlfs_status_name(out.status));
		con_puts("\n");
	}
	if (out.action == HVTLFS_DISPATCH_INJECT_UD) {
		/* On arm64 only a VTL call or return (no VSM here, TLFS vsm.md: #UD; the
		 * fast register file is the convention, never #UD): refuse. */
		x[0] = hvtlfs_result_encode(HVTLFS_STATUS_INVALID_HYPERCALL_INPUT, 0);
		return;
	}
	/* Only X0-X17 are ever changed (result, control word, fast output pairs). */
	for (i = 0; i < 18u; i++)
		x[i] = regs.r[i];
	if (out.action == HVTLFS_DISPATCH_CONTINUE) {
		con_dec_field("hv:   continuation: rep start ", hvtlfs_control_rep_start(x[1]));
		con_puts(", X1 rewritten, ELR_EL2 back on the hvc\n");
		/* X0 untouched: the guest re-executes the `hvc` with the new X1. */
		f->elr -= 4u;
	}
}

void el2_unexpected(uint64_t vector, uint64_t esr, uint64_t elr)
{
	con_dec_field("\nhv: unexpected exception at EL2, vector ", (uint32_t)vector);
	con_hex_field(" ESR_EL2 ", esr, 8);
	con_hex_field(" ELR_EL2 ", elr, 16);
	con_puts("\n");
	debug_exit(EXIT_FAIL);
}
