/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What the dispatcher's drivers (proofs/drivers/dispatch_*.c) share: the guest-memory
 * accessor, a handler, a partition of any value, the register file of any value with
 * a control word placed where each ABI takes it, and the dispatcher around them.
 *
 * The accessor fails (writing nothing) or fills exactly the bytes asked for with any
 * values (a read), or reads exactly the bytes it is given and then succeeds or fails (a
 * write): a read or write past what the dispatcher passes is an alarm here. The
 * handler reads every byte of its input and every element the call gives it: the
 * ranges of a range request up to its range count, the registers or APIC ids of a
 * register or VP-index request up to its element count (the counts a request of that
 * kind defines, struct hvtlfs_hvcall_request), as a handler that trusts the request
 * reads them. It writes its whole output and replies any status with any reps
 * completed.
 */
#ifndef HVTLFS_PROVE_DISPATCH_ENV_H
#define HVTLFS_PROVE_DISPATCH_ENV_H

#include "prove.h"
#include "hvtlfs/catalog.h"
#include "hvtlfs/dispatch.h"

static struct hvtlfs_dispatch_scratch scratch;
static struct hvtlfs_dispatch_regs regs;

static int mem_read(void *ctx, uint64_t gpa, void *buf, size_t len)
{
	(void)ctx;
	(void)gpa;
	if (prove_bool())
		return -1;
	prove_unknown(buf, len);
	return 0;
}

static int mem_write(void *ctx, uint64_t gpa, const void *buf, size_t len)
{
	const uint8_t *b = (const uint8_t *)buf;
	unsigned int sum = 0;
	size_t i;

	(void)ctx;
	(void)gpa;
	for (i = 0; i < len; i++)
		sum += b[i];
	return prove_bool() ? (int)(sum & 1u) : -1;
}

static void handler(void *ctx, const struct hvtlfs_dispatch_call *call,
		    struct hvtlfs_dispatch_reply *reply)
{
	unsigned int sum = 0;
	size_t i;

	(void)ctx;
	for (i = 0; i < call->input_len; i++)
		sum += call->input[i];
	if (call->req) {
		uint32_t kind = call->req->kind;

		if (kind == HVTLFS_HVCALL_REQ_FLUSH_VA || kind == HVTLFS_HVCALL_REQ_FLUSH_GPA ||
		    kind == HVTLFS_HVCALL_REQ_VISIBILITY || kind == HVTLFS_HVCALL_REQ_EXT_HEAT_HINT)
			for (i = 0; i < call->req->nranges; i++)
				sum += (unsigned int)call->ranges[i].base;
		if (kind == HVTLFS_HVCALL_REQ_VP_REGISTERS)
			for (i = 0; i < call->req->nelements; i++)
				sum += call->registers[i].name;
		if (kind == HVTLFS_HVCALL_REQ_VP_INDEX)
			for (i = 0; i < call->req->nelements; i++)
				sum += call->apic_ids[i];
	}
	if (call->output_len)
		prove_unknown(call->output, call->output_len);
	reply->status = (uint16_t)(prove_u16() + (sum & 1u));
	reply->reps_completed = prove_u32();
}

/* A partition of any privileges, features, hints, spin retries and options. */
static void env_partition(struct hvtlfs_dispatch_partition *p)
{
	p->privileges_eax = prove_u32();
	p->privileges_ebx = prove_u32();
	p->features_edx = prove_u32();
	p->hints_eax = prove_u32();
	p->spin_retries = prove_u32();
	p->options = prove_uint();
	p->decoder_options = prove_uint();
}

/* The register file of any values, @control where @abi takes it (x86: EDX:EAX, the
 * high halves any; arm64: X1, W0 the hypercall function id or, with @any_function, any
 * value), and the outcome of any bytes. */
static void env_regs(unsigned int abi, uint64_t control, bool any_function,
		     struct hvtlfs_dispatch_outcome *out)
{
	prove_unknown(&regs, sizeof(regs));
	prove_unknown(out, sizeof(*out));
	if (abi == HVTLFS_DISPATCH_ABI_X86) {
		regs.r[HVTLFS_DISPATCH_REG_RDX] =
			(control >> 32) | (prove_u64() & ~(uint64_t)0xFFFFFFFFu);
		regs.r[HVTLFS_DISPATCH_REG_RAX] =
			(control & 0xFFFFFFFFu) | (prove_u64() & ~(uint64_t)0xFFFFFFFFu);
	} else if (abi == HVTLFS_DISPATCH_ABI_ARM64) {
		regs.r[HVTLFS_DISPATCH_REG_X(1)] = control;
		if (!any_function)
			regs.r[HVTLFS_DISPATCH_REG_X(0)] =
				(prove_u64() & ~(uint64_t)0xFFFFFFFFu) | HVTLFS_SMCCC_HV_HYPERCALL;
	} else {
		regs.r[HVTLFS_DISPATCH_REG_RCX] = control;
	}
}

/* The dispatcher: @part, the accessor above, @n handlers at @h. */
static void env_dispatcher(struct hvtlfs_dispatcher *d,
			   const struct hvtlfs_dispatch_partition *part,
			   const struct hvtlfs_dispatch_handler *h, size_t n)
{
	d->partition = part;
	d->memory.read = mem_read;
	d->memory.write = mem_write;
	d->memory.ctx = NULL;
	d->handlers = h;
	d->nhandlers = n;
	d->ctx = NULL;
}

#endif /* HVTLFS_PROVE_DISPATCH_ENV_H */
