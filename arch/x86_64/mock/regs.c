/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * hvtlfs::mock, x86_64: the registers of a mocked call. The fake page's frame
 * (page.S) and a SIGILL's ucontext both become a struct hvtlfs_mock_call for the
 * core, and the answer goes back into the registers the TLFS names: RAX the result,
 * RCX the control word (rep start updated on rep calls), RDX, R8 and XMM0-XMM5 the
 * fast outputs; every other register the hypervisor may change (R9-R11, the
 * non-output fast registers, the arithmetic flags) gets garbage.
 *
 * The same code as arch/i386/mock/regs.c where the two agree (the arithmetic flags,
 * the calling of the core): each arch folder is complete on its own.
 */
#define _GNU_SOURCE 1
#include "mock_internal.h"

#include <string.h>

/* Arithmetic flags (CF PF AF ZF SF OF): the only flag bits the mock scrambles. */
#define ARITH_FLAGS_ 0x8D5u

/* Garbage register numbers, shared by the page and SIGILL paths. */
enum {
	G_RCX_ = 1,
	G_RDX_ = 2,
	G_R8_ = 3,
	G_R9_ = 4,
	G_R10_ = 5,
	G_R11_ = 6,
	G_RAX_ = 7,
	G_RBX_ = 8,
	G_RSI_ = 9,
	G_RDI_ = 10,
	G_RBP_ = 11,
	G_R12_ = 12, /* 12..15: R12-R15 */
	G_XMM_ = 16  /* 16..47: the XMM qwords */
};

/* A VTL call or return through the page's sequences: the bare code, no other bit. */
static bool vtl_switch(const struct hvtlfs_mock_call *c)
{
	return c->control == HVTLFS_MOCK_VTL_CALL_CODE_ ||
	       c->control == HVTLFS_MOCK_VTL_RETURN_CODE_;
}

/* Laid out by page.S: XMM0-15, then the pushes, lowest first. The dispatcher reads
 * and writes XMM0-5 (the first 12 qwords) only. */
struct frame_ {
	uint64_t xmm[32];
	uint64_t rax, rcx, rdx, rbx, rbp, rsi, rdi;
	uint64_t r8, r9, r10, r11, r12, r13, r14, r15;
	uint64_t rflags;
};
_Static_assert(sizeof(struct frame_) == 384, "frame size matches page.S");

/* Fast register @i of the answer: the handler's output, or garbage @reg. */
static uint64_t fast_out(const struct hvtlfs_mock_call *c, unsigned int i, unsigned int reg)
{
	return (c->fast_out_mask >> i) & 1u ? c->fast[i] : hvtlfs_mock_garbage_(reg, c);
}

/* XMM qword @i (0-11) after the call, or @keep when the call leaves it alone. */
static uint64_t xmm_out(const struct hvtlfs_mock_call *c, unsigned int i, uint64_t keep)
{
	if ((c->fast_out_mask >> (2 + i)) & 1u)
		return c->fast[2 + i];
	return c->xmm_volatile ? hvtlfs_mock_garbage_(G_XMM_ + i, c) : keep;
}

/* The call as the registers give it: control RCX, input RDX, output R8, XMM0-XMM5. */
static void take(struct hvtlfs_mock_call *c, unsigned int via, uint64_t rax, uint64_t rcx,
		 uint64_t rdx, uint64_t r8, const uint64_t xmm[12])
{
	unsigned int i;

	memset(c, 0, sizeof(*c));
	c->via = via;
	c->vtl_input = rax;
	c->control = rcx;
	c->input_reg = rdx;
	c->output_reg = r8;
	c->fast[0] = rdx;
	c->fast[1] = r8;
	for (i = 0; xmm && i < 12u; i++)
		c->fast[2 + i] = xmm[i];
	hvtlfs_mock_run_(c);
}

unsigned int hvtlfs_mock_page_dispatch_(void *frame)
{
	struct frame_ *f = (struct frame_ *)frame;
	struct hvtlfs_mock_call c;
	unsigned int i;

	take(&c, HVTLFS_MOCK_VIA_PAGE, f->rax, f->rcx, f->rdx, f->r8, f->xmm);
	f->rax = c.result;
	f->rcx = hvtlfs_mock_control_out_(&c, G_RCX_);
	f->rdx = fast_out(&c, 0, G_RDX_);
	f->r8 = fast_out(&c, 1, G_R8_);
	f->r9 = hvtlfs_mock_garbage_(G_R9_, &c);
	f->r10 = hvtlfs_mock_garbage_(G_R10_, &c);
	f->r11 = hvtlfs_mock_garbage_(G_R11_, &c);
	for (i = 0; i < 12u; i++)
		f->xmm[i] = xmm_out(&c, i, f->xmm[i]);
	/* Flip the arithmetic flags: the caller must not rely on them. */
	f->rflags ^= ARITH_FLAGS_;
	if (vtl_switch(&c)) {
		/* The other VTL may leave anything in the registers VTLs share. */
		f->rax = hvtlfs_mock_garbage_(G_RAX_, &c);
		f->rbx = hvtlfs_mock_garbage_(G_RBX_, &c);
		f->rsi = hvtlfs_mock_garbage_(G_RSI_, &c);
		f->rdi = hvtlfs_mock_garbage_(G_RDI_, &c);
		f->rbp = hvtlfs_mock_garbage_(G_RBP_, &c);
		f->r12 = hvtlfs_mock_garbage_(G_R12_, &c);
		f->r13 = hvtlfs_mock_garbage_(G_R12_ + 1, &c);
		f->r14 = hvtlfs_mock_garbage_(G_R12_ + 2, &c);
		f->r15 = hvtlfs_mock_garbage_(G_R12_ + 3, &c);
		for (i = 0; i < 32u; i++)
			f->xmm[i] = hvtlfs_mock_garbage_(G_XMM_ + i, &c);
		return HVTLFS_MOCK_SCRAMBLE_X87_;
	}
	return 0;
}

void hvtlfs_mock_emulate_(ucontext_t *uc, unsigned int via)
{
	greg_t *g = uc->uc_mcontext.gregs;
	struct _libc_fpstate *fp = uc->uc_mcontext.fpregs;
	struct hvtlfs_mock_call c;
	uint64_t xmm[12];
	unsigned int i;

	for (i = 0; fp && i < 12u; i++) {
		const uint32_t *e = fp->_xmm[i / 2].element + 2 * (i % 2);

		xmm[i] = (uint64_t)e[0] | ((uint64_t)e[1] << 32);
	}
	take(&c, via, (uint64_t)g[REG_RAX], (uint64_t)g[REG_RCX], (uint64_t)g[REG_RDX],
	     (uint64_t)g[REG_R8], fp ? xmm : NULL);
	g[REG_RAX] = (greg_t)c.result;
	g[REG_RCX] = (greg_t)hvtlfs_mock_control_out_(&c, G_RCX_);
	g[REG_RDX] = (greg_t)fast_out(&c, 0, G_RDX_);
	g[REG_R8] = (greg_t)fast_out(&c, 1, G_R8_);
	g[REG_R9] = (greg_t)hvtlfs_mock_garbage_(G_R9_, &c);
	g[REG_R10] = (greg_t)hvtlfs_mock_garbage_(G_R10_, &c);
	g[REG_R11] = (greg_t)hvtlfs_mock_garbage_(G_R11_, &c);
	for (i = 0; fp && i < 12u; i++) {
		uint32_t *e = fp->_xmm[i / 2].element + 2 * (i % 2);
		uint64_t v = xmm_out(&c, i, xmm[i]);

		e[0] = (uint32_t)v;
		e[1] = (uint32_t)(v >> 32);
	}
	g[REG_EFL] ^= (greg_t)ARITH_FLAGS_;
	g[REG_RIP] += 3;
}

const uint8_t *hvtlfs_mock_ip_(const ucontext_t *uc)
{
	return (const uint8_t *)(uintptr_t)uc->uc_mcontext.gregs[REG_RIP];
}

unsigned int hvtlfs_mock_trap_via_(const ucontext_t *uc)
{
	const uint8_t *ip = hvtlfs_mock_ip_(uc);

	if (ip[0] == 0x0f && ip[1] == 0x01 && ip[2] == 0xc1)
		return HVTLFS_MOCK_VIA_VMCALL;
	if (ip[0] == 0x0f && ip[1] == 0x01 && ip[2] == 0xd9)
		return HVTLFS_MOCK_VIA_VMMCALL;
	return 0;
}
