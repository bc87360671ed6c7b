/* SPDX-License-Identifier: BSD-2-Clause */
/* hvtlfs::mock with the register-level dispatcher as its hypervisor. */
#include "hvtlfs/mock_dispatch.h"

#include "hvtlfs/arch.h"
#include "hvtlfs/catalog.h"
#include "hvtlfs/dispatch.h"

#include <string.h>

/* The mock's guest physical memory is the host's address space (GPA = address). */
static void *host_of(uint64_t gpa, size_t len)
{
	if (gpa == 0 || gpa > (uint64_t)(uintptr_t)-1 || len > (uintptr_t)-1 - (uintptr_t)gpa)
		return NULL;
	return (void *)(uintptr_t)gpa;
}

int hvtlfs_mock_guest_read(void *ctx, uint64_t gpa, void *buf, size_t len)
{
	void *p = host_of(gpa, len);

	(void)ctx;
	if (!p)
		return -1;
	memcpy(buf, p, len);
	return 0;
}

int hvtlfs_mock_guest_write(void *ctx, uint64_t gpa, const void *buf, size_t len)
{
	void *p = host_of(gpa, len);

	(void)ctx;
	if (!p)
		return -1;
	memcpy(p, buf, len);
	return 0;
}

int hvtlfs_mock_hypervisor_init(struct hvtlfs_mock_hypervisor *hv,
				const struct hvtlfs_dispatch_handler *handlers, size_t nhandlers)
{
	if (!hv || (!handlers && nhandlers))
		return HVTLFS_ERR_NULL;
	memset(hv, 0, sizeof(*hv));
	hv->dispatcher.partition = &hv->partition;
	hv->dispatcher.memory.read = hvtlfs_mock_guest_read;
	hv->dispatcher.memory.write = hvtlfs_mock_guest_write;
	hv->dispatcher.handlers = handlers;
	hv->dispatcher.nhandlers = nhandlers;
	hv->md.dispatcher = &hv->dispatcher;
	hv->md.scratch = &hv->scratch;
	hv->md.outcome = &hv->outcome;
	return HVTLFS_OK;
}

#if defined(HVTLFS_ARCH_X86_64)
#define MOCK_ABI_ HVTLFS_DISPATCH_ABI_X64
#elif defined(HVTLFS_ARCH_ARM64)
#define MOCK_ABI_ HVTLFS_DISPATCH_ABI_ARM64
#else
#define MOCK_ABI_ HVTLFS_DISPATCH_ABI_X86
#endif

/* Fast output comes back on x86_64 and arm64 (x86 has none). */
#if defined(HVTLFS_ARCH_X86_64) || defined(HVTLFS_ARCH_ARM64)
#define MOCK_FAST_OUT_ 1
#else
#define MOCK_FAST_OUT_ 0
#endif

/* The mock's fast register file as register-file slots: x86_64 [0] RDX, [1] R8,
 * [2 + 2i] and [3 + 2i] XMMi; arm64 [i] X(2 + i). */
static unsigned int fast_slot(unsigned int i)
{
#if defined(HVTLFS_ARCH_ARM64)
	return HVTLFS_DISPATCH_REG_X(2u + i);
#endif
	if (i == 0)
		return HVTLFS_DISPATCH_REG_RDX;
	if (i == 1)
		return HVTLFS_DISPATCH_REG_R8;
	return HVTLFS_DISPATCH_REG_XMM((i - 2u) / 2u, (i - 2u) % 2u);
}

static void load(struct hvtlfs_dispatch_regs *r, const struct hvtlfs_mock_call *c)
{
	unsigned int i;

	memset(r, 0, sizeof(*r));
#if defined(HVTLFS_ARCH_ARM64)
	/* The mock only calls its handler for the Hyper-V SMCCC function id. */
	r->r[HVTLFS_DISPATCH_REG_X(0)] = HVTLFS_SMCCC_HV_HYPERCALL;
	r->r[HVTLFS_DISPATCH_REG_X(1)] = c->control;
	for (i = 0; i < HVTLFS_MOCK_FAST_REGS; i++)
		r->r[fast_slot(i)] = c->fast[i];
	if (!hvtlfs_control_is_fast(c->control)) {
		r->r[HVTLFS_DISPATCH_REG_X(2)] = c->input_reg;
		r->r[HVTLFS_DISPATCH_REG_X(3)] = c->output_reg;
	}
#elif defined(HVTLFS_ARCH_X86_64)
	r->r[HVTLFS_DISPATCH_REG_RCX] = c->control;
	/* A VTL call's or return's control input, as the page's sequence left it. */
	r->r[HVTLFS_DISPATCH_REG_RAX] = c->vtl_input;
	for (i = 0; i < HVTLFS_MOCK_FAST_REGS; i++)
		r->r[fast_slot(i)] = c->fast[i];
	if (!hvtlfs_control_is_fast(c->control)) {
		r->r[HVTLFS_DISPATCH_REG_RDX] = c->input_reg;
		r->r[HVTLFS_DISPATCH_REG_R8] = c->output_reg;
	}
#else
	(void)i;
	/* ECX, the low half of the input register, is a VTL switch's control input. */
	r->r[HVTLFS_DISPATCH_REG_RDX] = c->control >> 32;
	r->r[HVTLFS_DISPATCH_REG_RAX] = c->control & 0xFFFFFFFFu;
	r->r[HVTLFS_DISPATCH_REG_RBX] = c->input_reg >> 32;
	r->r[HVTLFS_DISPATCH_REG_RCX] = c->input_reg & 0xFFFFFFFFu;
	r->r[HVTLFS_DISPATCH_REG_RDI] = c->output_reg >> 32;
	r->r[HVTLFS_DISPATCH_REG_RSI] = c->output_reg & 0xFFFFFFFFu;
#endif
}

/* The control register (a continuation leaves the new rep start there). */
static uint64_t control_of(const struct hvtlfs_dispatch_regs *r)
{
#if defined(HVTLFS_ARCH_X86_64)
	return r->r[HVTLFS_DISPATCH_REG_RCX];
#elif defined(HVTLFS_ARCH_ARM64)
	return r->r[HVTLFS_DISPATCH_REG_X(1)];
#else
	return (r->r[HVTLFS_DISPATCH_REG_RDX] << 32) |
	       (r->r[HVTLFS_DISPATCH_REG_RAX] & 0xFFFFFFFFu);
#endif
}

static uint64_t result_of(const struct hvtlfs_dispatch_regs *r)
{
#if defined(HVTLFS_ARCH_X86_64) || defined(HVTLFS_ARCH_ARM64)
	return r->r[HVTLFS_DISPATCH_REG_RAX]; /* RAX; arm64 X0, the same slot */
#else
	return (r->r[HVTLFS_DISPATCH_REG_RDX] << 32) |
	       (r->r[HVTLFS_DISPATCH_REG_RAX] & 0xFFFFFFFFu);
#endif
}

/* The fast-image bytes [*lo, *hi) a dispatch round wrote, widened by this round: from
 * its request's output offset, the elements of the reps done (rep calls: @done, the
 * reps completed or the new rep start), or all of it on success. */
static void fast_output_span(const struct hvtlfs_dispatch_scratch *s, uint64_t control,
			     uint32_t done, bool success, size_t *lo, size_t *hi)
{
	const struct hvtlfs_call_output *o = hvtlfs_call_output_lookup(s->req.code);
	const struct hvtlfs_call_info *info = hvtlfs_call_lookup(s->req.code);
	size_t n = 0;

	if (!o || !hvtlfs_control_is_fast(control) || s->req.status != HVTLFS_STATUS_SUCCESS)
		return;
	if (info && info->kind == HVTLFS_CALL_KIND_REP)
		n = done > s->req.rep_start ? (size_t)o->element_size * (done - s->req.rep_start)
					    : 0;
	else if (success)
		n = o->fixed_size;
	if (n == 0)
		return;
	if (s->req.output_offset < *lo)
		*lo = s->req.output_offset;
	if (s->req.output_offset + n > *hi)
		*hi = s->req.output_offset + n;
}

void hvtlfs_mock_dispatch_handler(struct hvtlfs_mock_call *call, void *ctx)
{
	struct hvtlfs_mock_dispatch *md = (struct hvtlfs_mock_dispatch *)ctx;
	struct hvtlfs_dispatch_outcome local, *out;
	struct hvtlfs_dispatch_regs regs, before;
	unsigned long rounds = 0;
	unsigned int i;
	size_t lo = (size_t)-1, hi = 0;

	if (!md || !md->dispatcher || !md->scratch) {
		call->result = hvtlfs_result_encode(HVTLFS_STATUS_INVALID_HYPERCALL_CODE, 0);
		return;
	}
	out = md->outcome ? md->outcome : &local;
	load(&regs, call);
	before = regs;
	/* CONTINUE leaves the instruction pointer on the call: the guest executes it
	 * again with the control register as the dispatcher rewrote it. */
	do {
		md->rc = hvtlfs_dispatch(md->dispatcher, MOCK_ABI_, &regs, md->scratch, out);
		if (md->rc == HVTLFS_OK && out->action == HVTLFS_DISPATCH_CONTINUE)
			fast_output_span(md->scratch, call->control,
					 hvtlfs_control_rep_start(control_of(&regs)), false, &lo,
					 &hi);
		else if (md->rc == HVTLFS_OK && out->action == HVTLFS_DISPATCH_DONE)
			fast_output_span(md->scratch, call->control,
					 hvtlfs_result_reps_completed(out->result),
					 out->status == HVTLFS_STATUS_SUCCESS, &lo, &hi);
	} while (md->rc == HVTLFS_OK && out->action == HVTLFS_DISPATCH_CONTINUE &&
		 ++rounds <= HVTLFS_CONTROL_REP_MAX);
	md->continuations += rounds;
	if (md->rc == HVTLFS_OK && out->action == HVTLFS_DISPATCH_VTL_SWITCH) {
		/* The switch has no result word; the mock's VTL is back at once. */
		call->result = 0;
		return;
	}
	if (md->rc != HVTLFS_OK || out->action != HVTLFS_DISPATCH_DONE) {
		/* No #UD or fault reaches a host test's caller: the status a decoder
		 * pairs with #UD, or the TLFS's answer for a GPA outside the guest. */
		call->result = hvtlfs_result_encode(out->action == HVTLFS_DISPATCH_INJECT_UD
							    ? HVTLFS_STATUS_INVALID_HYPERCALL_INPUT
							    : HVTLFS_STATUS_INVALID_ALIGNMENT,
						    0);
		return;
	}
	call->result = result_of(&regs);
	/* Fast output registers (x86_64 and arm64): the output area the dispatcher wrote
	 * (a value equal to the input it replaced is output too), and any other change. */
	for (i = 0; MOCK_FAST_OUT_ && i < HVTLFS_MOCK_FAST_REGS; i++) {
		unsigned int s = fast_slot(i);
		size_t at = 8u * i;

		if (regs.r[s] != before.r[s] || (at + 8u > lo && at < hi)) {
			call->fast[i] = regs.r[s];
			call->fast_out_mask |= 1u << i;
		}
	}
}
