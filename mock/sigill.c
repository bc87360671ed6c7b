/* SPDX-License-Identifier: BSD-2-Clause */
/* hvtlfs::mock: the hypercall instructions (VMCALL and VMMCALL on x86, `hvc #0` on arm64)
 * emulated from SIGILL (each faults in user mode); the arch says which instruction it is. */
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

/* Realign the stack: some emulators (qemu-user) deliver signals on a stack that is not
 * 16-byte aligned, and the compiler's SSE spills would fault (x86; an attribute other
 * targets do not have and do not need). */
#if defined(__has_attribute)
#if __has_attribute(force_align_arg_pointer)
#define HVTLFS_MOCK_REALIGN_ __attribute__((force_align_arg_pointer))
#endif
#endif
#ifndef HVTLFS_MOCK_REALIGN_
#define HVTLFS_MOCK_REALIGN_
#endif

HVTLFS_MOCK_REALIGN_ static void hvtlfs_mock_sigill_(int sig, siginfo_t *si, void *ctx);

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

HVTLFS_MOCK_REALIGN_ static void hvtlfs_mock_sigill_(int sig, siginfo_t *si, void *ctx)
{
	ucontext_t *uc = (ucontext_t *)ctx;
	unsigned int via;

	/* A page fault (an unmapped or inaccessible address, the instruction's own bytes
	 * among them: a call through a bad pointer) is never a hypercall instruction, and
	 * the bytes at the IP may not be readable: not ours, nothing read. */
	if (sig == SIGSEGV && si != NULL &&
	    (si->si_code == SEGV_MAPERR || si->si_code == SEGV_ACCERR)) {
		hvtlfs_mock_chain_(sig, si, ctx);
		return;
	}
	via = hvtlfs_mock_trap_via_(uc);
	if (via != 0)
		hvtlfs_mock_emulate_(uc, via);
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
