/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The emulated hypervisor of the arm64 kernel, at EL2: every `hvc` of the EL1 guest
 * arrives here as a synchronous exception (ESR_EL2.EC 0x16, the immediate in ISS bits
 * 15-0, ELR_EL2 already past the instruction). It speaks the SMCCC form Hyper-V uses:
 * X0 the function id, X1 the control word, X2/X3 the GPAs or X2-X17 the fast
 * registers, the result in X0. It answers the vendor-hypervisor Call UID query with
 * Hyper-V's UID, Get/SetVpRegisters from a small register file, and every other call
 * through hvtlfs's hypervisor-side decoder (hvtlfs_hvcall_decode). A rep call it
 * cannot finish in one go continues the way OpenVMM does on arm64: the updated control
 * word in X1 and ELR_EL2 moved back onto the `hvc`, so the guest re-executes it.
 */
#include "console.h"

#include "hvtlfs/catalog.h"
#include "hvtlfs/control.h"
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
static struct hvtlfs_hvcall_request req;
static struct hvtlfs_range_entry ranges[HV_REPS_PER_CALL];

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

/* Fast Get/SetVpRegisters: the register image X2-X17 (16 qwords, 128 bytes). */
static uint64_t vp_registers(uint64_t control, uint64_t *x)
{
	const uint8_t *img = (const uint8_t *)x;
	const struct hvtlfs_registers_input *hdr = (const struct hvtlfs_registers_input *)x;
	uint16_t code = hvtlfs_control_code(control);
	uint32_t count = hvtlfs_control_rep_count(control), i;
	size_t out_at = HVTLFS_FAST_OUTPUT_OFFSET(HVTLFS_GET_VP_REGISTERS_INPUT_SIZE(count));

	con_puts(code == HVTLFS_CALL_GET_VP_REGISTERS ? "hv: HvCallGetVpRegisters fast:"
						      : "hv: HvCallSetVpRegisters fast:");
	if (!hvtlfs_control_is_fast(control) || count == 0 ||
	    hdr->partition_id != HVTLFS_PARTITION_ID_SELF ||
	    hdr->vp_index != HVTLFS_VP_INDEX_SELF ||
	    (code == HVTLFS_CALL_GET_VP_REGISTERS && out_at + 16u * count > 128u) ||
	    (code == HVTLFS_CALL_SET_VP_REGISTERS &&
	     HVTLFS_SET_VP_REGISTERS_INPUT_SIZE(count) > 128u)) {
		con_puts(" -> HV_STATUS_INVALID_PARAMETER\n");
		return hvtlfs_result_encode(HVTLFS_STATUS_INVALID_PARAMETER, 0);
	}
	for (i = 0; i < count; i++) {
		uint64_t lo, hi;

		if (code == HVTLFS_CALL_GET_VP_REGISTERS) {
			uint32_t name = (uint32_t)img[16 + 4 * i] | (uint32_t)img[17 + 4 * i] << 8 |
					(uint32_t)img[18 + 4 * i] << 16 |
					(uint32_t)img[19 + 4 * i] << 24;

			con_puts(" ");
			say_reg(name);
			if (!reg_read(name, &lo, &hi)) {
				con_puts(" -> HV_STATUS_INVALID_PARAMETER\n");
				return hvtlfs_result_encode(HVTLFS_STATUS_INVALID_PARAMETER, i);
			}
			x[out_at / 8u + 2u * i] = lo;
			x[out_at / 8u + 2u * i + 1u] = hi;
		} else {
			const struct hvtlfs_register_assoc *e =
				(const struct hvtlfs_register_assoc *)(img + 16 + 32 * i);

			con_puts(" ");
			say_reg(e->name);
			if (e->name != HVTLFS_REGISTER_GUEST_OS_ID || e->value.hi != 0) {
				con_puts(" -> HV_STATUS_INVALID_PARAMETER\n");
				return hvtlfs_result_encode(HVTLFS_STATUS_INVALID_PARAMETER, i);
			}
			guest_os_id = e->value.lo;
			con_hex_field(" = ", guest_os_id, 16);
		}
	}
	con_puts("\n");
	return hvtlfs_result_encode(HVTLFS_STATUS_SUCCESS, count);
}

/* ---- every other call: the decoder ------------------------------------------------------ */

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

/* Returns the result word; *restart: re-execute the `hvc` (transparent continuation). */
static uint64_t decoded_call(struct el2_frame *f, int *restart)
{
	uint64_t control = f->x[1], gpa = f->x[2];
	int fast = hvtlfs_control_is_fast(control);
	struct hvtlfs_hvcall_input in;
	uint32_t i;
	int rc;

	in.control = control;
	in.input_gpa = fast ? 0 : gpa;
	in.features = 0;
	in.options = 0;
	if (fast) {
		in.bytes = &f->x[2]; /* X2 and X3: 16 bytes of fast input */
		in.len = 16u;
	} else if (gpa >= HV_RAM_BASE && gpa < HV_RAM_TOP) {
		in.bytes = (const void *)(uintptr_t)gpa; /* MMU off: GPA = address */
		in.len = (size_t)(HVTLFS_PAGE_SIZE - (gpa & (HVTLFS_PAGE_SIZE - 1u)));
	} else {
		in.bytes = 0;
		in.len = 0;
	}
	rc = hvtlfs_hvcall_decode(&in, &req, ranges, HV_REPS_PER_CALL);
	con_puts("hv: ");
	con_puts(hvtlfs_call_name(hvtlfs_control_code(control)));
	con_puts(fast ? " fast" : " slow");
	if (rc != HVTLFS_OK) {
		con_puts(": ");
		con_puts(hvtlfs_strerror(rc));
		con_puts(" -> HV_STATUS_INVALID_PARAMETER\n");
		return hvtlfs_result_encode(HVTLFS_STATUS_INVALID_PARAMETER, 0);
	}
	if (req.status != HVTLFS_STATUS_SUCCESS && req.status != HVTLFS_STATUS_TIMEOUT) {
		con_puts(" -> ");
		con_puts(hvtlfs_status_name(req.status));
		con_puts("\n");
		return req.result;
	}
	if (req.kind == HVTLFS_HVCALL_REQ_FLUSH_VA) {
		con_hex_field(": space ", req.address_space, 8);
		con_hex_field(" flags ", req.flags, 1);
		con_puts(" VPs ");
		say_vpset(&req.vps);
		if (hvtlfs_control_rep_count(control) != 0) {
			con_dec_field(" reps ", hvtlfs_control_rep_start(control));
			con_dec_field("..", hvtlfs_control_rep_count(control));
		}
		con_puts("\n");
		for (i = 0; i < req.nranges; i++) {
			con_dec_field("hv:   rep ", hvtlfs_control_rep_start(control) + i);
			con_hex_field(": ", ranges[i].base, 16);
			con_dec_field(" + ", (uint32_t)ranges[i].pages);
			con_puts(" x 4K\n");
		}
	} else if (req.kind == HVTLFS_HVCALL_REQ_IPI) {
		con_hex_field(": vector ", req.vector, 2);
		con_puts(" VPs ");
		say_vpset(&req.vps);
		con_puts("\n");
	} else {
		con_puts("\n");
	}
	if (req.status == HVTLFS_STATUS_TIMEOUT) {
		con_dec_field("hv:   continuation: rep start ",
			      hvtlfs_result_reps_completed(req.result));
		con_puts(", X1 rewritten, ELR_EL2 back on the hvc\n");
		*restart = 1;
	}
	return req.result;
}

void el2_sync(struct el2_frame *f)
{
	uint64_t *x = f->x;
	int restart = 0;
	uint64_t r;

	if (ESR_EC(f->esr) != ESR_EC_HVC64 || ESR_ISS_IMM16(f->esr) != 0)
		el2_unexpected(8, f->esr, f->elr);
	if (x[0] == HVTLFS_SMCCC_VENDOR_HYP_CALL_UID) {
		con_puts("hv: SMCCC vendor-hypervisor Call UID -> Hyper-V\n");
		x[0] = HVTLFS_SMCCC_HYPERV_UID_W0;
		x[1] = HVTLFS_SMCCC_HYPERV_UID_W1;
		x[2] = HVTLFS_SMCCC_HYPERV_UID_W2;
		x[3] = HVTLFS_SMCCC_HYPERV_UID_W3;
		return;
	}
	if (x[0] != HVTLFS_SMCCC_HV_HYPERCALL) {
		con_hex_field("hv: SMCCC function ", x[0], 8);
		con_puts(" -> NOT_SUPPORTED\n");
		x[0] = 0xFFFFFFFFFFFFFFFFull;
		return;
	}
	n_calls++;
	switch (hvtlfs_control_code(x[1])) {
	case HVTLFS_CALL_GET_VP_REGISTERS:
	case HVTLFS_CALL_SET_VP_REGISTERS:
		r = vp_registers(x[1], &x[2]);
		break;
	default:
		r = decoded_call(f, &restart);
		break;
	}
	if (hvtlfs_control_rep_count(x[1]) != 0)
		/* Rep calls: the updated rep start goes back into the control word (X1). */
		x[1] = hvtlfs_control_with_rep_start(x[1], hvtlfs_result_reps_completed(r));
	if (restart) {
		/* X0 untouched: the guest re-executes the `hvc` with the new X1. */
		f->elr -= 4u;
		return;
	}
	x[0] = r;
}

void el2_unexpected(uint64_t vector, uint64_t esr, uint64_t elr)
{
	con_dec_field("\nhv: unexpected exception at EL2, vector ", (uint32_t)vector);
	con_hex_field(" ESR_EL2 ", esr, 8);
	con_hex_field(" ELR_EL2 ", elr, 16);
	con_puts("\n");
	debug_exit(EXIT_FAIL);
}
