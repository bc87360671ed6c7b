/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What the dispatcher's tests share: a guest (64 KiB of guest physical memory at
 * GPA 0, an accessor that can be told to fail), the registers of a call placed as
 * the TLFS's tables place them (written here, not taken from the library), and a
 * recording handler whose answer each test sets.
 */
#ifndef HVTLFS_DISPATCHUTIL_H
#define HVTLFS_DISPATCHUTIL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "hvtlfs/catalog.h"
#include "hvtlfs/dispatch.h"

#include "testutil.h"

/* ---- guest memory ---- */

#define DU_GUEST_BYTES (16u * 4096u)
static uint8_t du_guest[DU_GUEST_BYTES];
static unsigned int du_reads, du_writes;
static uint64_t du_fail_read_gpa = UINT64_MAX;	/* reads touching it fail */
static uint64_t du_fail_write_gpa = UINT64_MAX; /* writes touching it fail */

static int du_touches(uint64_t gpa, size_t len, uint64_t bad)
{
	return bad >= gpa && bad - gpa < len;
}

static int du_read(void *ctx, uint64_t gpa, void *buf, size_t len)
{
	(void)ctx;
	du_reads++;
	if (gpa > DU_GUEST_BYTES || len > DU_GUEST_BYTES - gpa ||
	    du_touches(gpa, len, du_fail_read_gpa))
		return -1;
	memcpy(buf, du_guest + gpa, len);
	return 0;
}

static int du_write(void *ctx, uint64_t gpa, const void *buf, size_t len)
{
	(void)ctx;
	du_writes++;
	if (gpa > DU_GUEST_BYTES || len > DU_GUEST_BYTES - gpa ||
	    du_touches(gpa, len, du_fail_write_gpa))
		return -1;
	memcpy(du_guest + gpa, buf, len);
	return 0;
}

/* ---- a call's registers, placed as the TLFS's tables say ---- */

/* TLFS "Hypercall Inputs" (x64 and x86 columns), "XMM Fast Hypercall Input"; arm64
 * as Linux arch/arm64/hyperv and OpenVMM's Arm64RegisterIo place it (SMCCC `hvc #0`:
 * X0 the function id 0x46000001, X1 control, X2 and X3, fast input X2-X17). */
struct du_call {
	uint64_t control;
	uint64_t in_gpa;    /* slow: input GPA; fast: the first input qword */
	uint64_t out_gpa;   /* slow: output GPA; fast: the second input qword */
	uint64_t xmm[6][2]; /* XMM0-XMM5, low and high quadword (arm64: X4-X15) */
	uint64_t tail[2];   /* arm64 only: fast input qwords 15 and 16 (X16, X17) */
};

#define DU_RAX	     0u
#define DU_RCX	     1u
#define DU_RDX	     2u
#define DU_RBX	     3u
#define DU_RSI	     6u
#define DU_RDI	     7u
#define DU_R8	     8u
#define DU_XMM(n, h) (32u + 2u * (n) + (h))
#define DU_X(n)	     (0u + (n))	 /* arm64 Xn */
#define DU_SMCCC_HV  0x46000001u /* SMCCC function id of a Hyper-V hypercall */

static void du_set32x2(struct hvtlfs_dispatch_regs *r, unsigned int hi, unsigned int lo, uint64_t v)
{
	r->r[hi] = (r->r[hi] & 0xFFFFFFFF00000000ull) | (v >> 32);
	r->r[lo] = (r->r[lo] & 0xFFFFFFFF00000000ull) | (v & 0xFFFFFFFFull);
}

static uint64_t du_get32x2(const struct hvtlfs_dispatch_regs *r, unsigned int hi, unsigned int lo)
{
	return ((r->r[hi] & 0xFFFFFFFFull) << 32) | (r->r[lo] & 0xFFFFFFFFull);
}

static void du_load(unsigned int abi, struct hvtlfs_dispatch_regs *r, const struct du_call *c)
{
	unsigned int n;

	if (abi == HVTLFS_DISPATCH_ABI_ARM64) {
		r->r[DU_X(0)] = DU_SMCCC_HV;
		r->r[DU_X(1)] = c->control;
		r->r[DU_X(2)] = c->in_gpa;
		r->r[DU_X(3)] = c->out_gpa;
		/* X4-X17 carry only fast input: a slow call leaves them as they were. */
		if (!(c->control & HVTLFS_CONTROL_FAST))
			return;
		for (n = 0; n < 6u; n++) {
			r->r[DU_X(4 + 2 * n)] = c->xmm[n][0];
			r->r[DU_X(5 + 2 * n)] = c->xmm[n][1];
		}
		r->r[DU_X(16)] = c->tail[0];
		r->r[DU_X(17)] = c->tail[1];
		return;
	}
	if (abi == HVTLFS_DISPATCH_ABI_X64) {
		r->r[DU_RCX] = c->control;
		r->r[DU_RDX] = c->in_gpa;
		r->r[DU_R8] = c->out_gpa;
	} else {
		du_set32x2(r, DU_RDX, DU_RAX, c->control); /* EDX:EAX */
		du_set32x2(r, DU_RBX, DU_RCX, c->in_gpa);  /* EBX:ECX */
		du_set32x2(r, DU_RDI, DU_RSI, c->out_gpa); /* EDI:ESI */
	}
	for (n = 0; n < 6u; n++) {
		r->r[DU_XMM(n, 0)] = c->xmm[n][0];
		r->r[DU_XMM(n, 1)] = c->xmm[n][1];
	}
}

/* TLFS "Hypercall Outputs": RAX (x64), EDX:EAX (x86); X0 (arm64). */
static uint64_t du_result(unsigned int abi, const struct hvtlfs_dispatch_regs *r)
{
	if (abi == HVTLFS_DISPATCH_ABI_ARM64)
		return r->r[DU_X(0)];
	return abi == HVTLFS_DISPATCH_ABI_X64 ? r->r[DU_RAX] : du_get32x2(r, DU_RDX, DU_RAX);
}

/* The control register (where a continuation leaves the new rep start). */
static inline uint64_t du_control(unsigned int abi, const struct hvtlfs_dispatch_regs *r)
{
	if (abi == HVTLFS_DISPATCH_ABI_ARM64)
		return r->r[DU_X(1)];
	return abi == HVTLFS_DISPATCH_ABI_X64 ? r->r[DU_RCX] : du_get32x2(r, DU_RDX, DU_RAX);
}

/* Fills every slot with garbage (the registers the ABI does not use must not matter). */
static inline void du_garbage(struct hvtlfs_dispatch_regs *r)
{
	unsigned int i;

	for (i = 0; i < HVTLFS_DISPATCH_REGS; i++)
		r->r[i] = testutil_next();
}

/* ---- the recording handler ---- */

static struct {
	unsigned int calls;
	struct hvtlfs_dispatch_call call; /* the last call (pointers into scratch) */
	struct hvtlfs_hvcall_request req; /* a copy of its request */
	bool had_req;
	uint8_t input[4096];
	size_t input_len;
	/* What to answer: status, and reps completed (-1: all it was given). */
	uint16_t status;
	int64_t reps;
	uint8_t out_fill; /* output byte i = out_fill + i (0: leave zero) */
} du_h;

static void du_handler(void *ctx, const struct hvtlfs_dispatch_call *call,
		       struct hvtlfs_dispatch_reply *reply)
{
	size_t i;

	(void)ctx;
	du_h.calls++;
	du_h.call = *call;
	du_h.had_req = call->req != NULL;
	if (call->req)
		du_h.req = *call->req;
	du_h.input_len = call->input_len;
	memcpy(du_h.input, call->input, call->input_len);
	if (call->output && du_h.out_fill)
		for (i = 0; i < call->output_len; i++)
			call->output[i] = (uint8_t)(du_h.out_fill + i);
	reply->status = du_h.status;
	if (du_h.reps >= 0)
		reply->reps_completed = (uint32_t)du_h.reps;
}

static void du_handler_reset(void)
{
	memset(&du_h, 0, sizeof(du_h));
	du_h.reps = -1;
}

/* Every catalog call answered by the recording handler. */
static struct hvtlfs_dispatch_handler du_handlers[64];
static size_t du_nhandlers;

static void du_handle_all(void)
{
	size_t n, i;
	const struct hvtlfs_call_info *cat = hvtlfs_call_catalog(&n);

	du_nhandlers = 0;
	for (i = 0; i < n && i < 64u; i++) {
		du_handlers[i].code = cat[i].code;
		du_handlers[i].fn = du_handler;
		du_nhandlers++;
	}
}

/* A partition with every privilege and feature: leaf 0x40000003 EBX PostMessages (4),
 * SignalEvents (5), Debugging (11), AccessVsm (16), AccessVpRegisters (17),
 * EnableExtendedHypercalls (20),
 * StartVirtualProcessor (21); EDX XMM input (4), ext GVA ranges (14), XMM output (15);
 * leaf 0x40000004 EAX remote TLB flush (2), cluster IPI (10), Ex processor masks (11);
 * EBX 0xFFF spin retries (KVM's and Hyper-V 2016's value). */
static const struct hvtlfs_dispatch_partition du_all = {
	.privileges_eax = 0x7Fu,
	.privileges_ebx = (1u << 4) | (1u << 5) | (1u << 11) | (1u << 16) | (1u << 17) |
			  (1u << 20) | (1u << 21),
	.features_edx = (1u << 4) | (1u << 14) | (1u << 15),
	.hints_eax = (1u << 2) | (1u << 10) | (1u << 11),
	.spin_retries = 0xFFFu,
};

static struct hvtlfs_dispatch_partition du_part;
static struct hvtlfs_dispatch_scratch du_scratch;
static struct hvtlfs_dispatcher du_d;

static void du_reset(void)
{
	memset(du_guest, 0, sizeof(du_guest));
	du_reads = du_writes = 0;
	du_fail_read_gpa = du_fail_write_gpa = UINT64_MAX;
	du_part = du_all;
	du_handler_reset();
	du_handle_all();
	memset(&du_d, 0, sizeof(du_d));
	du_d.partition = &du_part;
	du_d.memory.read = du_read;
	du_d.memory.write = du_write;
	du_d.handlers = du_handlers;
	du_d.nhandlers = du_nhandlers;
}

/* Dispatches @c on @abi from a clean register file; returns hvtlfs_dispatch()'s code. */
static int du_run(unsigned int abi, const struct du_call *c, struct hvtlfs_dispatch_regs *r,
		  struct hvtlfs_dispatch_outcome *out)
{
	memset(r, 0, sizeof(*r));
	du_load(abi, r, c);
	return hvtlfs_dispatch(&du_d, abi, r, &du_scratch, out);
}

static inline void du_put64(uint64_t gpa, uint64_t v)
{
	unsigned int i;

	for (i = 0; i < 8u; i++)
		du_guest[gpa + i] = (uint8_t)(v >> (8u * i));
}

static inline uint64_t du_get64(uint64_t gpa)
{
	uint64_t v = 0;
	unsigned int i;

	for (i = 0; i < 8u; i++)
		v |= (uint64_t)du_guest[gpa + i] << (8u * i);
	return v;
}

#endif /* HVTLFS_DISPATCHUTIL_H */
