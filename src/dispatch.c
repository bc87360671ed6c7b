/* SPDX-License-Identifier: BSD-2-Clause */
#include "hvtlfs/dispatch.h"
#include "hvtlfs/catalog.h"
#include "hvtlfs/features.h"
#include "hvtlfs_internal.h"

/*
 * One register of a calling convention: a 64-bit register (hi = NONE_), or the
 * pair hi:lo of two 32-bit registers (the low 32 bits of each slot).
 */
#define NONE_ 0xFFu
struct slot_ {
	uint8_t hi, lo;
};

/* The largest fast block of any ABI (arm64's X2-X17), and the slots after its
 * first two (the input and output GPA registers): XMM0-XMM5 low then high
 * quadword (x86), X4-X17 (arm64). */
#define FAST_MAX_BYTES_ HVTLFS_FAST_ARM64_BYTES
#define MORE_SLOTS_	((FAST_MAX_BYTES_ - HVTLFS_FAST_GPR_BYTES) / 8u)

/* A calling convention: where the control word, the two GPAs (the first two
 * fast input qwords) and the result are, the rest of the fast block and its
 * bytes, whether fast output exists, the SMCCC function id register (NONE_: the
 * ABI has none), the decoder's features for the caller, and the register of a VTL
 * call's or return's control input with the bits it holds (NONE_: no register,
 * the input is 0). */
struct abi_ {
	const char *name;
	struct slot_ control, input, output, result;
	struct slot_ more[MORE_SLOTS_];
	uint8_t fast_bytes;
	bool fast_output;
	uint8_t function_id;
	unsigned int features;
	uint8_t vtl_input;
	uint64_t vtl_input_mask;
};

#define LOW32_ HVTLFS_U64(0xFFFFFFFF)

#define R64_(reg)                                                                                  \
	{                                                                                          \
		NONE_, HVTLFS_DISPATCH_REG_##reg                                                   \
	}
#define R32X2_(hi, lo)                                                                             \
	{                                                                                          \
		HVTLFS_DISPATCH_REG_##hi, HVTLFS_DISPATCH_REG_##lo                                 \
	}
#define XMM_(n)                                                                                    \
	{ NONE_, HVTLFS_DISPATCH_REG_XMM(n, 0) },                                                  \
	{                                                                                          \
		NONE_, HVTLFS_DISPATCH_REG_XMM(n, 1)                                               \
	}
#define XMM0_5_                                                                                    \
	{                                                                                          \
		XMM_(0), XMM_(1), XMM_(2), XMM_(3), XMM_(4), XMM_(5)                               \
	}
#define X_(n)                                                                                      \
	{                                                                                          \
		NONE_, HVTLFS_DISPATCH_REG_X(n)                                                    \
	}
#define X4_17_                                                                                     \
	{                                                                                          \
		X_(4), X_(5), X_(6), X_(7), X_(8), X_(9), X_(10), X_(11), X_(12), X_(13), X_(14),  \
			X_(15), X_(16), X_(17)                                                     \
	}

/* TLFS "Hypercall Inputs", "XMM Fast Hypercall Input/Output", "Hypercall Outputs";
 * the VTL call and return control input as the hypervisor sees it, RAX (x86: ECX;
 * TLFS vsm.md "VTL Call", "VTL Return"; OpenVMM's x86 register I/O reads it there,
 * the low 32 bits from a 32-bit caller). */
#define ABI_X64_(desc)                                                                             \
	{                                                                                          \
		desc, R64_(RCX), R64_(RDX), R64_(R8), R64_(RAX), XMM0_5_, HVTLFS_FAST_XMM_BYTES,   \
			true, NONE_, 0, HVTLFS_DISPATCH_REG_RAX, ~HVTLFS_U64(0)                    \
	}
#define ABI_X86_(desc)                                                                             \
	{                                                                                          \
		desc, R32X2_(RDX, RAX), R32X2_(RBX, RCX), R32X2_(RDI, RSI), R32X2_(RDX, RAX),      \
			XMM0_5_, HVTLFS_FAST_XMM_BYTES, false, NONE_, 0, HVTLFS_DISPATCH_REG_RCX,  \
			LOW32_                                                                     \
	}
/* SMCCC `hvc #0` (Linux arch/arm64/hyperv, OpenVMM's Arm64RegisterIo): W0 the
 * function id, X1 control, X2 and X3 the GPAs, X2-X17 fast, X0 the result. The
 * register-file fast form is part of the convention, not a feature: Linux arm64 reads
 * its first synthetic registers with a 20-byte fast HvCallGetVpRegisters (value in
 * X6/X7) before it knows any feature bit. No register carries a VTL switch's control
 * input (the TLFS documents no arm64 form; OpenVMM's Arm64RegisterIo passes 0). */
#define ABI_ARM64_(desc)                                                                           \
	{                                                                                          \
		desc, X_(1), X_(2), X_(3), X_(0), X4_17_, HVTLFS_FAST_ARM64_BYTES, true,           \
			HVTLFS_DISPATCH_REG_X(0),                                                  \
			HVTLFS_HVCALL_FEAT_ARM64 | HVTLFS_HVCALL_FEAT_XMM_INPUT |                  \
				HVTLFS_HVCALL_FEAT_XMM_OUTPUT,                                     \
			NONE_, 0                                                                   \
	}
#define ABI_ROW_(name, desc) ABI_##name##_(desc),

static const struct abi_ abis[] = { HVTLFS_DISPATCH_ABI_LIST(ABI_ROW_) };

static uint64_t slot_get(const struct hvtlfs_dispatch_regs *regs, struct slot_ s)
{
	if (s.hi == NONE_)
		return regs->r[s.lo];
	return ((regs->r[s.hi] & LOW32_) << 32) | (regs->r[s.lo] & LOW32_);
}

static void slot_set(struct hvtlfs_dispatch_regs *regs, struct slot_ s, uint64_t v)
{
	if (s.hi == NONE_) {
		regs->r[s.lo] = v;
		return;
	}
	/* A 32-bit caller's registers: the high halves stay as they were. */
	regs->r[s.hi] = (regs->r[s.hi] & ~LOW32_) | (v >> 32);
	regs->r[s.lo] = (regs->r[s.lo] & ~LOW32_) | (v & LOW32_);
}

static struct slot_ fast_slot(const struct abi_ *a, unsigned int i)
{
	if (i == 0)
		return a->input;
	if (i == 1)
		return a->output;
	return a->more[i - 2u];
}

/* The fast block (RDX, R8, XMM0-XMM5 and the like) as its bytes (112, 128). */
static void fast_image(const struct abi_ *a, const struct hvtlfs_dispatch_regs *regs, uint8_t *b)
{
	unsigned int i, k;

	for (i = 0; i < a->fast_bytes / 8u; i++) {
		uint64_t v = slot_get(regs, fast_slot(a, i));

		for (k = 0; k < 8u; k++)
			b[8u * i + k] = (uint8_t)(v >> (8u * k));
	}
}

/* Writes back the slots of the fast block that bytes [from, to) of @b touch. */
static void fast_store(const struct abi_ *a, struct hvtlfs_dispatch_regs *regs, const uint8_t *b,
		       size_t from, size_t to)
{
	size_t i, k;

	for (i = from / 8u; i < a->fast_bytes / 8u && 8u * i < to; i++) {
		uint64_t v = 0;

		for (k = 0; k < 8u; k++)
			v |= (uint64_t)b[8u * i + k] << (8u * k);
		slot_set(regs, fast_slot(a, (unsigned int)i), v);
	}
}

/* ---- privileges ---- */

#define GATE_ROW_(name, reg, mask) { HVTLFS_CALL_##name, HVTLFS_DISPATCH_GATE_##reg, (mask) },

static const struct {
	uint16_t code;
	uint8_t reg;
	uint32_t mask;
} gates[] = { HVTLFS_DISPATCH_GATE_LIST(GATE_ROW_) };

uint16_t hvtlfs_dispatch_gate(const struct hvtlfs_dispatch_partition *p, uint16_t code)
{
	const uint16_t denied = HVTLFS_STATUS_ACCESS_DENIED;
	size_t i;

	if (!p)
		return denied;
	if (code >= HVTLFS_CALL_EXTENDED_FIRST)
		return (p->privileges_ebx & HVTLFS_CPUID_FEATURES_EBX_EXTENDED_HYPERCALLS)
			       ? HVTLFS_STATUS_SUCCESS
			       : denied;
	if (code == HVTLFS_CALL_NOTIFY_LONG_SPIN_WAIT)
		return p->spin_retries == HVTLFS_DISPATCH_SPIN_NEVER ? denied
								     : HVTLFS_STATUS_SUCCESS;
	for (i = 0; i < sizeof(gates) / sizeof(gates[0]); i++) {
		uint32_t have;

		if (gates[i].code != code)
			continue;
		if (gates[i].reg == HVTLFS_DISPATCH_GATE_HINTS_EAX) {
			if (p->options & HVTLFS_DISPATCH_OPT_HINTS_NOT_GATES)
				continue;
			have = p->hints_eax;
		} else {
			have = p->privileges_ebx;
		}
		if ((have & gates[i].mask) != gates[i].mask)
			return denied;
	}
	return HVTLFS_STATUS_SUCCESS;
}

/* ---- handlers ---- */

static hvtlfs_dispatch_fn handler_of(const struct hvtlfs_dispatcher *d, uint16_t code)
{
	size_t i;

	for (i = 0; i < d->nhandlers; i++)
		if (d->handlers[i].code == code && d->handlers[i].fn)
			return d->handlers[i].fn;
	return NULL;
}

const char *hvtlfs_dispatch_abi_name(unsigned int abi)
{
	return abi < HVTLFS_DISPATCH_ABI_COUNT_ ? abis[abi].name : "unknown ABI";
}

/* ---- the dispatch ---- */

/* The answer: the result word in the result register, action DONE. */
static int answer(const struct abi_ *a, struct hvtlfs_dispatch_regs *regs,
		  struct hvtlfs_dispatch_outcome *out, uint16_t status, uint32_t reps, int reason)
{
	out->action = HVTLFS_DISPATCH_DONE;
	out->status = status;
	out->reason = reason;
	out->result = hvtlfs_result_encode(status, reps);
	slot_set(regs, a->result, out->result);
	return HVTLFS_OK;
}

static int fault(struct hvtlfs_dispatch_outcome *out, uint64_t gpa, int err)
{
	out->action = HVTLFS_DISPATCH_FAULT;
	out->fault_gpa = gpa;
	out->reason = err;
	return err;
}

/*
 * HvCallVtlCall and HvCallVtlReturn (TLFS vsm.md "VTL Call", "VTL Call Restrictions",
 * "VTL Return"): every refusal is #UD, never a status, and an accepted switch writes
 * no result register. The order: AccessVsm (without it no VTL above 0 can be enabled,
 * so a call has no target VTL and a return starts from the lowest: #UD), the control
 * word (the bare code) and the control input (VTL call: all bits reserved; return:
 * bit 0, fast return) as the decoder judges them, the handler (none: the partition
 * has no VSM, so no target VTL), then the handler's verdict on the VP's VTL state.
 */
static int vtl_switch(const struct hvtlfs_dispatcher *d, const struct abi_ *a,
		      const struct hvtlfs_dispatch_regs *regs, struct hvtlfs_dispatch_scratch *s,
		      struct hvtlfs_dispatch_outcome *out, uint64_t control)
{
	struct hvtlfs_hvcall_input in;
	struct hvtlfs_dispatch_call call;
	struct hvtlfs_dispatch_reply reply;
	hvtlfs_dispatch_fn fn;
	int rc;

	out->action = HVTLFS_DISPATCH_INJECT_UD;
	if (!(d->partition->privileges_ebx & HVTLFS_CPUID_FEATURES_EBX_ACCESS_VSM)) {
		out->reason = HVTLFS_ERR_NOT_PERMITTED;
		return HVTLFS_OK;
	}
	hvtlfs_zero_(&in, sizeof(in));
	in.control = control;
	if (a->vtl_input != NONE_)
		in.vtl_input = regs->r[a->vtl_input] & a->vtl_input_mask;
	in.options = d->partition->decoder_options;
	in.features = a->features;
	rc = hvtlfs_hvcall_check_(&in, &s->req, NULL, NULL);
	if (rc != HVTLFS_OK)
		return rc;
	out->vtl_input = in.vtl_input;
	if (s->req.raise_ud) {
		out->reason = s->req.reason;
		return HVTLFS_OK;
	}
	fn = handler_of(d, out->code);
	if (!fn) {
		out->reason = HVTLFS_ERR_NO_HANDLER;
		return HVTLFS_OK;
	}
	hvtlfs_zero_(&call, sizeof(call));
	/* What a handler may dereference, stored as such (see hvtlfs_dispatch()). */
	call.output = NULL;
	call.output_len = 0;
	call.put_out = NULL;
	call.put_out_size = 0;
	call.input_len = 0;
	call.control = control;
	call.code = out->code;
	call.req = &s->req;
	call.input = s->input; /* no bytes (input_len 0), but a buffer, as for any call */
	reply.status = HVTLFS_STATUS_SUCCESS;
	reply.reps_completed = 0;
	fn(d->ctx, &call, &reply);
	/* The handler's refusal (the VP's VTL state): #UD; its status is for the logs. */
	out->status = reply.status;
	if (reply.status == HVTLFS_STATUS_SUCCESS)
		out->action = HVTLFS_DISPATCH_VTL_SWITCH;
	return HVTLFS_OK;
}

/* @feature when @word has @bit, else 0: without a branch, so that an analyser keeps
 * the partition's feature words in one state through the check (docs/proofs.md). */
static unsigned int feature_if(uint32_t word, uint32_t bit, unsigned int feature)
{
	return feature & (0u - (unsigned int)((word & bit) != 0));
}

int hvtlfs_dispatch(const struct hvtlfs_dispatcher *d, unsigned int abi,
		    struct hvtlfs_dispatch_regs *regs, struct hvtlfs_dispatch_scratch *s,
		    struct hvtlfs_dispatch_outcome *out)
{
	const struct hvtlfs_dispatch_partition *p;
	const struct hvtlfs_call_info *info;
	const struct hvtlfs_call_output *o;
	const struct abi_ *a;
	struct hvtlfs_hvcall_elements el;
	struct hvtlfs_hvcall_input in;
	struct hvtlfs_dispatch_call call;
	struct hvtlfs_dispatch_reply reply;
	hvtlfs_dispatch_fn fn;
	uint64_t control, out_gpa = 0;
	size_t need = 0, out_len = 0, out_at = 0, from = 0, to = 0;
	uint32_t rep0, reps;
	bool rep, fast, yield;
	uint16_t status;
	int rc;

	if (!d || !d->partition || !regs || !s || !out)
		return HVTLFS_ERR_NULL;
	p = d->partition;
	if (abi >= HVTLFS_DISPATCH_ABI_COUNT_ || (p->options & ~HVTLFS_DISPATCH_OPT_KNOWN))
		return HVTLFS_ERR_INVALID_ARG;
	a = &abis[abi];
	hvtlfs_zero_(out, sizeof(*out));
	/* 0. SMCCC: a function other than the Hyper-V hypercall is not one (the
	 * function id is W0, SMCCC "Function Identifiers"). */
	if (a->function_id != NONE_ &&
	    (regs->r[a->function_id] & LOW32_) != HVTLFS_SMCCC_HV_HYPERCALL) {
		out->action = HVTLFS_DISPATCH_NOT_HYPERCALL;
		out->reason = HVTLFS_ERR_NOT_HYPERCALL;
		return HVTLFS_OK;
	}
	control = slot_get(regs, a->control);
	out->code = hvtlfs_control_code(control);
	/* VTL call and return: #UD or a switch, no status (their own path). */
	if (out->code == HVTLFS_CALL_VTL_CALL || out->code == HVTLFS_CALL_VTL_RETURN)
		return vtl_switch(d, a, regs, s, out, control);

	/* Refusals before the handler report the rep start (0 for a simple call or an
	 * invalid rep range), as the decoder's do. */
	reps = hvtlfs_refusal_reps_(out->code, hvtlfs_control_rep_start(control),
				    hvtlfs_control_rep_count(control));

	/* 1. Privileges first (TLFS "Ordering of Error Conditions"). */
	if (hvtlfs_dispatch_gate(p, out->code) != HVTLFS_STATUS_SUCCESS)
		return answer(a, regs, out, HVTLFS_STATUS_ACCESS_DENIED, reps,
			      HVTLFS_ERR_NOT_PERMITTED);

	/* 2. The control word and the input's envelope, as the decoder judges them. */
	hvtlfs_zero_(&in, sizeof(in));
	in.control = control;
	in.input_gpa = slot_get(regs, a->input);
	fast = hvtlfs_control_is_fast(control);
	/* Fast: the output register holds the second input qword, not a GPA. */
	if (!fast)
		in.output_gpa = slot_get(regs, a->output);
	in.options = p->decoder_options;
	in.features = a->features;
	in.features |= feature_if(p->features_edx, HVTLFS_CPUID_FEATURES_EDX_XMM_INPUT,
				  HVTLFS_HVCALL_FEAT_XMM_INPUT) |
		       feature_if(p->features_edx, HVTLFS_CPUID_FEATURES_EDX_XMM_OUTPUT,
				  HVTLFS_HVCALL_FEAT_XMM_OUTPUT) |
		       feature_if(p->features_edx, HVTLFS_CPUID_FEATURES_EDX_EXT_GVA_RANGES,
				  HVTLFS_HVCALL_FEAT_EXT_GVA_RANGES) |
		       feature_if(p->privileges_ebx, HVTLFS_CPUID_FEATURES_EBX_EXTENDED_HYPERCALLS,
				  HVTLFS_HVCALL_FEAT_EXTENDED_HYPERCALLS);
	rc = hvtlfs_hvcall_check_(&in, &s->req, &need, &out_len);
	if (rc != HVTLFS_OK)
		return rc;
	if (s->req.raise_ud) {
		out->action = HVTLFS_DISPATCH_INJECT_UD;
		out->reason = s->req.reason;
		return HVTLFS_OK;
	}
	if (s->req.status != HVTLFS_STATUS_SUCCESS)
		return answer(a, regs, out, s->req.status,
			      hvtlfs_result_reps_completed(s->req.result), s->req.reason);

	/* A valid control word names a catalog call. */
	info = hvtlfs_call_lookup(out->code);
	rep = info && info->kind == HVTLFS_CALL_KIND_REP;
	rep0 = hvtlfs_control_rep_start(control);

	/* 3. A call the integrator does not implement. */
	fn = handler_of(d, out->code);
	if (!info || !fn)
		return answer(a, regs, out, HVTLFS_STATUS_INVALID_HYPERCALL_CODE, reps,
			      HVTLFS_ERR_NO_HANDLER);

	/* Input bytes: the catalog's size, or, for a row without sizes, all there is
	 * (the rest of the input page, or the registers the partition may use). */
	if (!(info->flags & HVTLFS_CALLF_SIZES)) {
		if (fast)
			need = (in.features & HVTLFS_HVCALL_FEAT_XMM_INPUT) ? a->fast_bytes
									    : HVTLFS_FAST_GPR_BYTES;
		else
			need = HVTLFS_PAGE_SIZE - (size_t)(in.input_gpa & (HVTLFS_PAGE_SIZE - 1u));
	}

	/* 4. The output area: the catalog's (hvtlfs_call_output_lookup()); its
	 * alignment, page, overlap and fast fit, and #UD for XMM output without the
	 * feature, were judged by hvtlfs_hvcall_check(). What is left is the ABI's. */
	o = hvtlfs_call_output_lookup(out->code);
	if (o) {
		if (fast) {
			/* "This is only supported on x64 platforms" (TLFS "XMM Fast
			 * Hypercall Output"). */
			if (!a->fast_output)
				return answer(a, regs, out, HVTLFS_STATUS_INVALID_HYPERCALL_INPUT,
					      reps, HVTLFS_ERR_NO_FAST_OUTPUT);
			out_at = HVTLFS_FAST_OUTPUT_OFFSET(need);
		} else {
			out_gpa = in.output_gpa;
		}
	}

	/* 5. Fetch and decode. */
	if (fast) {
		fast_image(a, regs, s->input);
	} else if (need && d->memory.read(d->memory.ctx, in.input_gpa, s->input, need) != 0) {
		return fault(out, in.input_gpa, HVTLFS_ERR_GUEST_READ);
	}
	in.bytes = s->input;
	in.len = need;
	hvtlfs_zero_(&call, sizeof(call));
	/* What a handler may dereference, stored as such: the zeroing stores are
	 * volatile, whose values an analyser does not track (docs/proofs.md). */
	call.req = NULL;
	call.output = NULL;
	call.output_len = 0;
	call.put_out = NULL;
	call.put_out_size = 0;
	call.control = control;
	call.code = out->code;
	call.fast = fast;
	call.rep_start = rep0;
	call.rep_count = hvtlfs_control_rep_count(control);
	call.rep_limit = call.rep_count;
	call.input = s->input;
	call.input_len = need;
	/* Field by field: an initializer may become a memset call (see flush.c). */
	el.ranges = s->ranges;
	el.ranges_cap = HVTLFS_DISPATCH_MAX_RANGES;
	el.registers = s->registers;
	el.registers_cap = HVTLFS_DISPATCH_MAX_REGISTERS;
	el.apic_ids = s->apic_ids;
	el.apic_ids_cap = HVTLFS_DISPATCH_MAX_APIC_IDS;
	rc = hvtlfs_hvcall_decode_into(&in, &s->req, &el);
	if (rc == HVTLFS_OK) {
		const struct hvtlfs_hvcall_request *q = &s->req;

		if (q->kind == HVTLFS_HVCALL_REQ_NONE)
			return answer(a, regs, out, q->status,
				      hvtlfs_result_reps_completed(q->result), q->reason);
		/* A refused element (or an early return): the reps before it are done;
		 * with none before it, there is nothing for the handler to do. */
		if (q->status != HVTLFS_STATUS_SUCCESS) {
			call.rep_limit = hvtlfs_result_reps_completed(q->result);
			/* Never past the rep count (nor is a refused element): the bound
			 * of the elements a handler reads, stated where an analyser sees
			 * it (docs/proofs.md, "Volatile stores"). */
			if (call.rep_limit > call.rep_count)
				call.rep_limit = call.rep_count;
			if (call.rep_limit <= rep0)
				return answer(a, regs, out, q->status, call.rep_limit, q->reason);
		}
		call.req = q;
		call.ranges = s->ranges;
		call.registers = s->registers;
		call.apic_ids = s->apic_ids;
	} else if (rc != HVTLFS_ERR_UNKNOWN_CALL) {
		return rc;
	}
	if (o) {
		/* Fast: the output at its offset in the register image, so that the
		 * request's output_offset (hvtlfs_hvcall_put_*()) counts from put_out. */
		hvtlfs_zero_(s->output, out_at + out_len);
		call.output = s->output + out_at;
		call.output_len = out_len;
		call.put_out = s->output;
		call.put_out_size = out_at + out_len;
	}

	/* 6. The handler. */
	reply.status = HVTLFS_STATUS_SUCCESS;
	reply.reps_completed = rep ? call.rep_limit : 0;
	fn(d->ctx, &call, &reply);
	status = reply.status;
	if (!rep) {
		reply.reps_completed = 0;
		yield = false;
	} else {
		if (reply.reps_completed < rep0 || reply.reps_completed > call.rep_limit)
			return HVTLFS_ERR_HANDLER_REPS;
		yield = status == HVTLFS_STATUS_TIMEOUT ||
			(status == HVTLFS_STATUS_SUCCESS && reply.reps_completed < call.rep_limit);
		/* TLFS "Hypercall Classes": each call attempts at least one rep. A yield
		 * with none done would have the guest repeat the same call forever. */
		if (yield && reply.reps_completed == rep0)
			return HVTLFS_ERR_HANDLER_REPS;
		/* Every rep done: nothing is left to continue (a rep start equal to the
		 * rep count is an invalid control word), the call is complete. */
		if (yield && reply.reps_completed == call.rep_count) {
			yield = false;
			status = HVTLFS_STATUS_SUCCESS;
		}
		/* All the decoder let through is done: the decoder's refusal stands. */
		if (status == HVTLFS_STATUS_SUCCESS && reply.reps_completed == call.rep_limit &&
		    call.rep_limit < call.rep_count) {
			status = s->req.status;
			yield = status == HVTLFS_STATUS_TIMEOUT;
		}
	}

	/* 7. The output of what was done, then the result or the continuation. */
	if (o) {
		if (rep) {
			from = o->fixed_size + (size_t)o->element_size * rep0;
			to = o->fixed_size + (size_t)o->element_size * reply.reps_completed;
		} else if (status == HVTLFS_STATUS_SUCCESS) {
			to = o->fixed_size;
		}
	}
	/* Never past the output the check fitted (the reps completed are at most the rep
	 * count): stated where an analyser sees it, which does not relate the reps to the
	 * output's size (docs/proofs.md, "The dispatcher"). */
	if (to > out_len)
		to = out_len;
	if (to > from) {
		if (fast) {
			uint8_t image[FAST_MAX_BYTES_];
			/* The output's end in the image: inside it, as the check fitted the
			 * output after the input (stated as above). */
			const size_t end =
				out_at + to < sizeof(image) ? out_at + to : sizeof(image);
			size_t i;

			fast_image(a, regs, image);
			for (i = out_at + from; i < end; i++)
				image[i] = s->output[i];
			fast_store(a, regs, image, out_at + from, end);
		} else if (d->memory.write(d->memory.ctx, out_gpa + from, call.output + from,
					   to - from) != 0) {
			return fault(out, out_gpa + from, HVTLFS_ERR_GUEST_WRITE);
		}
	}
	if (yield && !(p->options & HVTLFS_DISPATCH_OPT_TIMEOUT)) {
		/* TLFS "Hypercall Continuation": the rep start moves on, the instruction
		 * pointer stays on the call, the result register is not written. */
		slot_set(regs, a->control,
			 hvtlfs_control_with_rep_start(control, reply.reps_completed));
		out->action = HVTLFS_DISPATCH_CONTINUE;
		return HVTLFS_OK;
	}
	if (yield)
		status = HVTLFS_STATUS_TIMEOUT;
	/* The reason is the decoder's when its refusal stands; a handler's own
	 * status has no library check behind it. */
	return answer(a, regs, out, status, reply.reps_completed,
		      call.req && status == s->req.status ? s->req.reason : HVTLFS_OK);
}
