/* SPDX-License-Identifier: BSD-2-Clause */
/* Internal to hvtlfs::mock: the trampoline's register frame and the shared core. */
#ifndef HVTLFS_MOCK_INTERNAL_H
#define HVTLFS_MOCK_INTERNAL_H

#include "hvtlfs/mock.h"

#define HVTLFS_MOCK_HIDDEN_ __attribute__((visibility("hidden")))

/* Arithmetic flags (CF PF AF ZF SF OF): the only flag bits the mock scrambles. */
#define HVTLFS_MOCK_ARITH_FLAGS_ 0x8D5u

/* Garbage register numbers, shared by the page and SIGILL paths. */
enum {
	HVTLFS_MOCK_G_RCX_ = 1,
	HVTLFS_MOCK_G_RDX_ = 2,
	HVTLFS_MOCK_G_R8_ = 3,
	HVTLFS_MOCK_G_R9_ = 4,
	HVTLFS_MOCK_G_R10_ = 5,
	HVTLFS_MOCK_G_R11_ = 6,
	HVTLFS_MOCK_G_EBX_ = 7,
	HVTLFS_MOCK_G_ECX_ = 8,
	HVTLFS_MOCK_G_EDI_ = 9,
	HVTLFS_MOCK_G_ESI_ = 10,
	HVTLFS_MOCK_G_XMM_ = 16 /* 16..27: the 12 XMM qwords */
};

#if defined(__x86_64__)
/* Laid out by arch/x86_64/mock/page.S: XMM0-15, then the pushes, lowest first. The
 * dispatcher reads and writes XMM0-5 (the first 12 qwords) only. */
struct hvtlfs_mock_frame_ {
	uint64_t xmm[32];
	uint64_t rax, rcx, rdx, rbx, rbp, rsi, rdi;
	uint64_t r8, r9, r10, r11, r12, r13, r14, r15;
	uint64_t rflags;
};
_Static_assert(sizeof(struct hvtlfs_mock_frame_) == 384, "frame size matches page.S");
#elif defined(__i386__)
/* Laid out by arch/i386/mock/page.S: pushal, then pushfl. */
struct hvtlfs_mock_frame_ {
	uint32_t edi, esi, ebp, esp, ebx, edx, ecx, eax;
	uint32_t eflags;
};
_Static_assert(sizeof(struct hvtlfs_mock_frame_) == 36, "frame size matches page.S");
#else
#error "hvtlfs::mock supports x86_64 and i386 only"
#endif

/* Called by the trampoline with its frame; rewrites the frame it returns through. */
HVTLFS_MOCK_HIDDEN_ void hvtlfs_mock_page_dispatch_(struct hvtlfs_mock_frame_ *f);

/* Fills pointers and defaults, runs the handler, records the call. */
HVTLFS_MOCK_HIDDEN_ void hvtlfs_mock_run_(struct hvtlfs_mock_call *c);

/* Garbage for register @reg on the call being answered. */
HVTLFS_MOCK_HIDDEN_ uint64_t hvtlfs_mock_garbage_(unsigned int reg,
						  const struct hvtlfs_mock_call *c);

/* 32-bit garbage (i386): both halves of the 64-bit pattern folded together. */
HVTLFS_MOCK_HIDDEN_ uint32_t hvtlfs_mock_garbage32_(unsigned int reg,
						    const struct hvtlfs_mock_call *c);

/* The value RCX returns with: the control word with rep start = reps completed on rep calls. */
HVTLFS_MOCK_HIDDEN_ uint64_t hvtlfs_mock_rcx_out_(const struct hvtlfs_mock_call *c);

#endif /* HVTLFS_MOCK_INTERNAL_H */
