/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Internal to hvtlfs::mock: the core shared by the ways a call arrives, and the seam
 * to the architecture. mock/ is arch-neutral; arch/<arch>/mock/ holds the rest: the
 * fake hypercall page (page.S) and regs.c, which moves registers between a call
 * (the page's frame, or a SIGILL's ucontext) and struct hvtlfs_mock_call:
 * hvtlfs_mock_page_dispatch_(), hvtlfs_mock_emulate_(), hvtlfs_mock_ip_(),
 * hvtlfs_mock_trap_via_().
 */
#ifndef HVTLFS_MOCK_INTERNAL_H
#define HVTLFS_MOCK_INTERNAL_H

#include <ucontext.h>

#include "hvtlfs/mock.h"
#include "hvtlfs/tlfs.h"
#include "mock_asm.h"

#define HVTLFS_MOCK_HIDDEN_ __attribute__((visibility("hidden")))

/* Core (mock/mock.c): fills pointers and defaults, runs the handler, records the call. */
HVTLFS_MOCK_HIDDEN_ void hvtlfs_mock_run_(struct hvtlfs_mock_call *c);

/* Core: garbage for register @reg (a small number of the arch's choosing) on the call
 * being answered; and the same folded to 32 bits. */
HVTLFS_MOCK_HIDDEN_ uint64_t hvtlfs_mock_garbage_(unsigned int reg,
						  const struct hvtlfs_mock_call *c);
HVTLFS_MOCK_HIDDEN_ uint32_t hvtlfs_mock_garbage32_(unsigned int reg,
						    const struct hvtlfs_mock_call *c);

/* Core: the control word a rep call returns with (rep start = reps completed), or
 * garbage @reg for another call. */
HVTLFS_MOCK_HIDDEN_ uint64_t hvtlfs_mock_control_out_(const struct hvtlfs_mock_call *c,
						      unsigned int reg);

_Static_assert(HVTLFS_MOCK_VTL_CALL_CODE_ == HVTLFS_CALL_VTL_CALL, "page.S's VTL call code");
_Static_assert(HVTLFS_MOCK_VTL_RETURN_CODE_ == HVTLFS_CALL_VTL_RETURN, "page.S's VTL return code");

/* Arch (regs.c): answers a call through the fake page; @frame is what page.S saved.
 * Returns the HVTLFS_MOCK_SCRAMBLE_* (mock_asm.h) page.S applies before it returns. */
HVTLFS_MOCK_HIDDEN_ unsigned int hvtlfs_mock_page_dispatch_(void *frame);

/* Arch: answers a VMCALL, VMMCALL or `hvc #0` (@via) that faulted with context @uc,
 * and moves the instruction pointer past it. */
HVTLFS_MOCK_HIDDEN_ void hvtlfs_mock_emulate_(ucontext_t *uc, unsigned int via);

/* Arch: the faulting instruction of @uc. */
HVTLFS_MOCK_HIDDEN_ const uint8_t *hvtlfs_mock_ip_(const ucontext_t *uc);

/* Arch: how the call of @uc arrived (enum hvtlfs_mock_via) when its faulting
 * instruction is one the arch emulates (VMCALL, VMMCALL, `hvc #0`), else 0. */
HVTLFS_MOCK_HIDDEN_ unsigned int hvtlfs_mock_trap_via_(const ucontext_t *uc);

#endif /* HVTLFS_MOCK_INTERNAL_H */
