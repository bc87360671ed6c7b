/* SPDX-License-Identifier: BSD-2-Clause */
/* hvtlfs::mock: VMCALL and VMMCALL emulated from SIGILL (both fault in user mode). */
#define _GNU_SOURCE 1
#include "mock_internal.h"

#include "hvtlfs/error.h"

#include <signal.h>
#include <string.h>
#include <ucontext.h>

/* VMCALL and VMMCALL fault in user mode: #UD gives SIGILL, but a host running under
 * another hypervisor may turn one of them into #GP, which Linux reports as SIGSEGV. */
static const int hvtlfs_mock_signals_[2] = { SIGILL, SIGSEGV };
static struct sigaction hvtlfs_mock_old_[2];

__attribute__((force_align_arg_pointer)) static void hvtlfs_mock_sigill_(int sig, siginfo_t *si,
									 void *ctx);

/* Not ours: hand the signal to whoever had it; if that is the default action, the
 * faulting instruction runs again and takes it. */
static void hvtlfs_mock_chain_(int sig, siginfo_t *si, void *ctx)
{
	const struct sigaction *old = &hvtlfs_mock_old_[sig == SIGILL ? 0 : 1];

	if ((old->sa_flags & SA_SIGINFO) && old->sa_sigaction) {
		old->sa_sigaction(sig, si, ctx);
		return;
	}
	if (old->sa_handler == SIG_DFL || old->sa_handler == SIG_IGN) {
		signal(sig, SIG_DFL);
		return;
	}
	old->sa_handler(sig);
}

#if defined(__x86_64__)
static greg_t hvtlfs_mock_sig_out_(const struct hvtlfs_mock_call *c, unsigned int i,
				   unsigned int reg)
{
	return (greg_t)((c->fast_out_mask >> i) & 1u ? c->fast[i] : hvtlfs_mock_garbage_(reg, c));
}

static void hvtlfs_mock_emulate_(ucontext_t *uc, unsigned int via)
{
	greg_t *g = uc->uc_mcontext.gregs;
	struct _libc_fpstate *fp = uc->uc_mcontext.fpregs;
	struct hvtlfs_mock_call c;
	unsigned int i;

	memset(&c, 0, sizeof(c));
	c.via = via;
	c.control = (uint64_t)g[REG_RCX];
	c.input_reg = (uint64_t)g[REG_RDX];
	c.output_reg = (uint64_t)g[REG_R8];
	c.fast[0] = c.input_reg;
	c.fast[1] = c.output_reg;
	for (i = 0; fp && i < 6u; i++) {
		const uint32_t *e = fp->_xmm[i].element;

		c.fast[2 + 2 * i] = (uint64_t)e[0] | ((uint64_t)e[1] << 32);
		c.fast[3 + 2 * i] = (uint64_t)e[2] | ((uint64_t)e[3] << 32);
	}
	hvtlfs_mock_run_(&c);

	g[REG_RAX] = (greg_t)c.result;
	g[REG_RCX] = (greg_t)hvtlfs_mock_rcx_out_(&c);
	g[REG_RDX] = hvtlfs_mock_sig_out_(&c, 0, HVTLFS_MOCK_G_RDX_);
	g[REG_R8] = hvtlfs_mock_sig_out_(&c, 1, HVTLFS_MOCK_G_R8_);
	g[REG_R9] = (greg_t)hvtlfs_mock_garbage_(HVTLFS_MOCK_G_R9_, &c);
	g[REG_R10] = (greg_t)hvtlfs_mock_garbage_(HVTLFS_MOCK_G_R10_, &c);
	g[REG_R11] = (greg_t)hvtlfs_mock_garbage_(HVTLFS_MOCK_G_R11_, &c);
	for (i = 0; fp && i < 12u; i++) {
		uint32_t *e = fp->_xmm[i / 2].element + 2 * (i % 2);
		uint64_t v;

		if ((c.fast_out_mask >> (2 + i)) & 1u)
			v = c.fast[2 + i];
		else if (c.xmm_volatile)
			v = hvtlfs_mock_garbage_(HVTLFS_MOCK_G_XMM_ + i, &c);
		else
			continue;
		e[0] = (uint32_t)v;
		e[1] = (uint32_t)(v >> 32);
	}
	g[REG_EFL] ^= (greg_t)HVTLFS_MOCK_ARITH_FLAGS_;
	g[REG_RIP] += 3;
}

static const uint8_t *hvtlfs_mock_ip_(const ucontext_t *uc)
{
	return (const uint8_t *)(uintptr_t)uc->uc_mcontext.gregs[REG_RIP];
}
#elif defined(__i386__)
static void hvtlfs_mock_emulate_(ucontext_t *uc, unsigned int via)
{
	greg_t *g = uc->uc_mcontext.gregs;
	struct hvtlfs_mock_call c;

	memset(&c, 0, sizeof(c));
	c.via = via;
	c.control = ((uint64_t)(uint32_t)g[REG_EDX] << 32) | (uint32_t)g[REG_EAX];
	c.input_reg = ((uint64_t)(uint32_t)g[REG_EBX] << 32) | (uint32_t)g[REG_ECX];
	c.output_reg = ((uint64_t)(uint32_t)g[REG_EDI] << 32) | (uint32_t)g[REG_ESI];
	c.fast[0] = c.input_reg;
	c.fast[1] = c.output_reg;
	hvtlfs_mock_run_(&c);

	g[REG_EAX] = (greg_t)(uint32_t)c.result;
	g[REG_EDX] = (greg_t)(uint32_t)(c.result >> 32);
	g[REG_EBX] = (greg_t)hvtlfs_mock_garbage32_(HVTLFS_MOCK_G_EBX_, &c);
	g[REG_ECX] = (greg_t)hvtlfs_mock_garbage32_(HVTLFS_MOCK_G_ECX_, &c);
	g[REG_EDI] = (greg_t)hvtlfs_mock_garbage32_(HVTLFS_MOCK_G_EDI_, &c);
	g[REG_ESI] = (greg_t)hvtlfs_mock_garbage32_(HVTLFS_MOCK_G_ESI_, &c);
	g[REG_EFL] ^= (greg_t)HVTLFS_MOCK_ARITH_FLAGS_;
	g[REG_EIP] += 3;
}

static const uint8_t *hvtlfs_mock_ip_(const ucontext_t *uc)
{
	return (const uint8_t *)(uintptr_t)(uint32_t)uc->uc_mcontext.gregs[REG_EIP];
}
#endif

/* Realign the stack: some emulators (qemu-user) deliver signals on a stack that is not
 * 16-byte aligned, and the compiler's SSE spills would fault. */
__attribute__((force_align_arg_pointer)) static void hvtlfs_mock_sigill_(int sig, siginfo_t *si,
									 void *ctx)
{
	ucontext_t *uc = (ucontext_t *)ctx;
	const uint8_t *ip = hvtlfs_mock_ip_(uc);

	if (ip[0] == 0x0f && ip[1] == 0x01 && ip[2] == 0xc1)
		hvtlfs_mock_emulate_(uc, HVTLFS_MOCK_VIA_VMCALL);
	else if (ip[0] == 0x0f && ip[1] == 0x01 && ip[2] == 0xd9)
		hvtlfs_mock_emulate_(uc, HVTLFS_MOCK_VIA_VMMCALL);
	else
		hvtlfs_mock_chain_(sig, si, ctx);
}

static bool hvtlfs_mock_is_ours_(int sig)
{
	struct sigaction cur;

	if (sigaction(sig, NULL, &cur) != 0)
		return false;
	return (cur.sa_flags & SA_SIGINFO) && cur.sa_sigaction == hvtlfs_mock_sigill_;
}

int hvtlfs_mock_sigill_install(void)
{
	struct sigaction sa;
	unsigned int i;

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = hvtlfs_mock_sigill_;
	sa.sa_flags = SA_SIGINFO;
	sigemptyset(&sa.sa_mask);
	/* Someone (a test framework) may have replaced us since: check, do not trust a flag. */
	for (i = 0; i < 2u; i++) {
		if (hvtlfs_mock_is_ours_(hvtlfs_mock_signals_[i]))
			continue;
		if (sigaction(hvtlfs_mock_signals_[i], &sa, &hvtlfs_mock_old_[i]) != 0)
			return HVTLFS_ERR_INVALID_ARG;
	}
	return HVTLFS_OK;
}

int hvtlfs_mock_sigill_remove(void)
{
	unsigned int i;

	for (i = 0; i < 2u; i++) {
		if (!hvtlfs_mock_is_ours_(hvtlfs_mock_signals_[i]))
			continue;
		if (sigaction(hvtlfs_mock_signals_[i], &hvtlfs_mock_old_[i], NULL) != 0)
			return HVTLFS_ERR_INVALID_ARG;
	}
	return HVTLFS_OK;
}
