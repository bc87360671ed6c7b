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
