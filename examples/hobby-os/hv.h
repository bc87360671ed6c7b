/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The hobby kernel plays the hypervisor: the #UD handler hands it the
 * registers of a trapped VMCALL per the TLFS register contract; it decodes the
 * call with hvtlfs's hypervisor-side code, acts, and returns the result word.
 * It also owns the synthetic MSRs and the hypercall page.
 */
#ifndef HOBBY_HV_H
#define HOBBY_HV_H

#include <stdint.h>

/* A trapped hypercall, register contents widened to 64 bits. */
struct hv_regs {
	uint64_t control;   /* RCX, EDX:EAX; rewritten with the new rep start on rep calls */
	uint64_t in;	    /* RDX, EBX:ECX: input GPA or fast input 1 */
	uint64_t out;	    /* R8, EDI:ESI: output GPA or fast input 2 */
	uint64_t xmm[6][2]; /* XMM0-XMM5 (x86_64); written back for XMM fast output */
	int has_xmm;
};

/* What the trap handler does with the guest after hv_hypercall(). */
#define HV_RETURN   0 /* write the result, step over the instruction */
#define HV_RESTART  1 /* write r->control only, keep the IP: the guest re-executes */
#define HV_RAISE_UD 2 /* the call faults (XMM input without the feature) */

/* Emulates one hypercall; returns the result word for RAX / EDX:EAX and sets
 * *action to one of HV_RETURN, HV_RESTART, HV_RAISE_UD. */
uint64_t hv_hypercall(struct hv_regs *r, int *action);

/* How a rep call the hypervisor cannot finish in one go returns:
 * 0: early, HV_STATUS_TIMEOUT with reps completed; the guest's wrapper continues.
 * 1: the TLFS "hypercall continuation": the control word's rep start is advanced
 *    and the IP is not, so the guest re-executes the call without knowing. */
void hv_set_transparent_continuation(int on);

/* Whether the decoder honours XMM fast input (on by default on x86_64; i386 has none). */
void hv_set_xmm_input(int on);

/* The last request the decoder produced, and its decoded ranges. */
struct hvtlfs_hvcall_request;
struct hvtlfs_range_entry;
const struct hvtlfs_hvcall_request *hv_last_request(void);
const struct hvtlfs_range_entry *hv_last_ranges(void);

/* CPUID as the partition sees it: the hypervisor's leaves 0x40000000-0x400000FF,
 * the CPU's own below (an hvtlfs_cpuid_fn). */
void hv_cpuid(void *ctx, uint32_t leaf, uint32_t subleaf, uint32_t regs[4]);

/* Most reps the emulated hypervisor completes per call, to force continuations. */
#define HV_REPS_PER_CALL 2u

/* VPs of the emulated partition (what format ALL names). */
#define HV_NVPS 256u

/* Synthetic MSRs. Return 0 when the MSR is one the emulated hypervisor owns, -1 if not. */
int hv_rdmsr(uint32_t msr, uint64_t *value);
int hv_wrmsr(uint32_t msr, uint64_t value);

/* Number of hypercalls (VMCALL traps) served so far. */
uint32_t hv_calls(void);

#endif /* HOBBY_HV_H */
