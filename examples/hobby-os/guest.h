/* SPDX-License-Identifier: BSD-2-Clause */
/* The guest half of the kernel: fixed pages, checks shared by kernel.c and xmm.c. */
#ifndef HOBBY_GUEST_H
#define HOBBY_GUEST_H

#include <stdint.h>

/* Fixed guest-physical pages above the kernel image (linker.ld asserts the gap);
 * identity-mapped, so GPA == address. Fixed, so the serial log is reproducible. */
#define HOBBY_HYPERCALL_PAGE_GPA 0x00300000u
#define HOBBY_INPUT_PAGE_GPA	 0x00301000u
#define HOBBY_VP_ASSIST_PAGE_GPA 0x00302000u

#if defined(__x86_64__)
#define HOBBY_HAS_XMM 1 /* hvtlfs has XMM fast calls on x86_64 only */
#else
#define HOBBY_HAS_XMM 0
#endif

/* Prints "<what>: <error name>" and checks it is @want. */
void say_rc(const char *what, int rc, int want);
/* Prints "<what>: <HV status name>[, reps completed N]" and checks status and reps. */
void say_result(const char *what, uint64_t result, uint16_t want_status, uint32_t want_reps);

/* xmm.c and plan.c, built with SSE on x86_64 (the rest is -mgeneral-regs-only). */
void test_xmm(void);
struct hvtlfs_features;
void test_plan(const struct hvtlfs_features *features);

#endif /* HOBBY_GUEST_H */
