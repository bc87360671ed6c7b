/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * hvtlfs::mock, arm64: the registers of a mocked call. The trampoline's frame
 * (page.S) and a SIGILL's ucontext (`hvc #0` at EL0 is UNDEFINED) both become a
 * struct hvtlfs_mock_call for the core, and the answer goes back into the registers
 * of the SMCCC form Hyper-V uses: X0 the result, X1 the control word (rep start
 * updated on rep calls), X2-X17 the fast outputs; every other register of X1-X17
 * (the ones the SMCCC lets the callee change) gets garbage, and the condition flags
 * are flipped.
 *
 * Besides hypercalls (function id 0x46000001) the mock answers the SMCCC Call UID
 * query of the vendor-specific hypervisor service (0x8600FF01) with Hyper-V's UID in
 * W0-W3, so detection runs against it; any other function id gets the SMCCC
 * NOT_SUPPORTED answer (-1) and is not recorded.
 */
#define _GNU_SOURCE 1
#include "mock_internal.h"

#include "hvtlfs/tlfs.h"

#include <string.h>
#include <sys/auxv.h>

/* N, Z, C, V: PSTATE bits 31-28. */
#define NZCV_ 0xF0000000u
/* `hvc #0`: HVC with imm16 = 0 (0xD4000002 | imm16 << 5). */
#define HVC0_ 0xD4000002u

/* Garbage register numbers: G_X_ + n for Xn. */
enum {
	G_X_ = 0
};

/* Non-zero when the CPU and the OS give SVE (HWCAP_SVE): the trampoline (page.S)
 * then keeps Z0-Z31, P0-P15 and FFR across the C code too. Set before main(), so
 * before any call reaches the trampoline, and never changed. */
unsigned int hvtlfs_mock_sve_ __attribute__((visibility("hidden")));

__attribute__((constructor)) static void detect_sve(void)
{
	hvtlfs_mock_sve_ = (getauxval(AT_HWCAP) & HWCAP_SVE) != 0;
}

/* Laid out by page.S: X0-X30, NZCV, then Q0-Q31 (the dispatcher leaves them alone). */
struct frame_ {
	uint64_t x[31];
	uint64_t nzcv;
	uint64_t q[64];
};
_Static_assert(sizeof(struct frame_) == 768, "frame size matches page.S");

/* The registers the answer touches: X0-X17. */
#define NREGS_ 18u

/* Answers the SMCCC call in @x (X0-X17, in and out) that arrived @via. */
static void answer(uint64_t x[NREGS_], unsigned int via)
{
	struct hvtlfs_mock_call c;
	unsigned int i;

	memset(&c, 0, sizeof(c));
	if (x[0] == HVTLFS_SMCCC_VENDOR_HYP_CALL_UID) {
		/* Fast SMC32 call: W0-W3 are results, X4-X17 the callee may corrupt. */
		c.seq = hvtlfs_mock_call_count();
		x[0] = HVTLFS_SMCCC_HYPERV_UID_W0;
		x[1] = HVTLFS_SMCCC_HYPERV_UID_W1;
		x[2] = HVTLFS_SMCCC_HYPERV_UID_W2;
		x[3] = HVTLFS_SMCCC_HYPERV_UID_W3;
		for (i = 4; i < NREGS_; i++)
			x[i] = hvtlfs_mock_garbage_(G_X_ + i, &c);
		return;
	}
	if (x[0] != HVTLFS_SMCCC_HV_HYPERCALL) {
		x[0] = UINT64_MAX; /* SMCCC NOT_SUPPORTED */
		return;
	}
	c.via = via;
	c.control = x[1];
	c.input_reg = x[2];
	c.output_reg = x[3];
	for (i = 0; i < HVTLFS_MOCK_FAST_REGS; i++)
		c.fast[i] = x[2 + i];
	hvtlfs_mock_run_(&c);
	x[0] = c.result;
	x[1] = hvtlfs_mock_control_out_(&c, G_X_ + 1);
	for (i = 0; i < HVTLFS_MOCK_FAST_REGS; i++)
		x[2 + i] = (c.fast_out_mask >> i) & 1u ? c.fast[i]
						       : hvtlfs_mock_garbage_(G_X_ + 2 + i, &c);
}

unsigned int hvtlfs_mock_page_dispatch_(void *frame)
{
	struct frame_ *f = (struct frame_ *)frame;

	answer(f->x, HVTLFS_MOCK_VIA_PAGE);
	f->nzcv ^= NZCV_;
	return 0; /* no VTL switch through this page */
}

void hvtlfs_mock_emulate_(ucontext_t *uc, unsigned int via)
{
	uint64_t x[NREGS_];
	unsigned int i;

	for (i = 0; i < NREGS_; i++)
		x[i] = (uint64_t)uc->uc_mcontext.regs[i];
	answer(x, via);
	for (i = 0; i < NREGS_; i++)
		uc->uc_mcontext.regs[i] = x[i];
	uc->uc_mcontext.pstate ^= NZCV_;
	/* The HVC's preferred return is the next instruction: step over it. */
	uc->uc_mcontext.pc += 4;
}

const uint8_t *hvtlfs_mock_ip_(const ucontext_t *uc)
{
	return (const uint8_t *)(uintptr_t)uc->uc_mcontext.pc;
}

unsigned int hvtlfs_mock_trap_via_(const ucontext_t *uc)
{
	const uint8_t *ip = hvtlfs_mock_ip_(uc);
	uint32_t insn = (uint32_t)ip[0] | (uint32_t)ip[1] << 8 | (uint32_t)ip[2] << 16 |
			(uint32_t)ip[3] << 24;

	return insn == HVC0_ ? HVTLFS_MOCK_VIA_HVC : 0u;
}
