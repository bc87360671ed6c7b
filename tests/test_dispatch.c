/* SPDX-License-Identifier: BSD-2-Clause */
/* The register-level dispatcher: input from registers, XMM and the input page, the
 * handler and its decoded request, output, result registers, rep completion, failure
 * part-way and continuation, accessor failures, hostile register files. Every ABI.
 * Register placement: TLFS "Hypercall Inputs", "XMM Fast Hypercall Input/Output",
 * "Hypercall Outputs", "Volatile Registers" (written in dispatchutil.h). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <string.h>

#include "dispatchutil.h"

static const unsigned int abis[] = { HVTLFS_DISPATCH_ABI_X64, HVTLFS_DISPATCH_ABI_X86,
				     HVTLFS_DISPATCH_ABI_ARM64 };
#define NABIS (sizeof(abis) / sizeof(abis[0]))

static struct hvtlfs_dispatch_regs regs, before;
static struct hvtlfs_dispatch_outcome out;

/* HvFlushVirtualAddressSpace, slow: its 24-byte input at GPA 0x2000 (AddressSpace,
 * Flags, ProcessorMask, TLFS HvFlushVirtualAddressSpace), handed over decoded. */
static void test_slow_decoded(void **state)
{
	size_t i;

	(void)state;
	for (i = 0; i < NABIS; i++) {
		struct du_call c = { .control = HVTLFS_CALL_FLUSH_VIRTUAL_ADDRESS_SPACE,
				     .in_gpa = 0x2000 };

		du_reset();
		du_put64(0x2000, 0xABC000);
		du_put64(0x2008, 0);
		du_put64(0x2010, 0x21); /* VPs 0 and 5 */
		assert_int_equal(du_run(abis[i], &c, &regs, &out), HVTLFS_OK);
		assert_int_equal(out.action, HVTLFS_DISPATCH_DONE);
		assert_true(du_result(abis[i], &regs) == 0);
		assert_int_equal(du_h.calls, 1);
		assert_true(du_h.had_req);
		assert_int_equal(du_h.req.kind, HVTLFS_HVCALL_REQ_FLUSH_VA);
		assert_true(du_h.req.address_space == 0xABC000);
		assert_true(hvtlfs_vpset_contains(&du_h.req.vps, 0));
		assert_true(hvtlfs_vpset_contains(&du_h.req.vps, 5));
		assert_false(hvtlfs_vpset_contains(&du_h.req.vps, 1));
		/* One read of exactly the input, no write. */
		assert_int_equal(du_reads, 1);
		assert_int_equal(du_writes, 0);
		assert_int_equal(du_h.input_len, 24);
	}
}

/* HvSignalEvent, fast: ConnectionId and FlagNumber in the first input register
 * (RDX; EBX:ECX), TLFS HvCallSignalEvent. Nothing is read from memory. */
static void test_fast_registers(void **state)
{
	size_t i;

	(void)state;
	for (i = 0; i < NABIS; i++) {
		struct du_call c = { .control = HVTLFS_CALL_SIGNAL_EVENT | HVTLFS_CONTROL_FAST,
				     .in_gpa = 0x0000000300000042ull };

		du_reset();
		assert_int_equal(du_run(abis[i], &c, &regs, &out), HVTLFS_OK);
		assert_int_equal(out.action, HVTLFS_DISPATCH_DONE);
		assert_true(du_result(abis[i], &regs) == 0);
		assert_int_equal(du_h.req.kind, HVTLFS_HVCALL_REQ_SIGNAL_EVENT);
		assert_int_equal(du_h.req.connection_id, 0x42);
		assert_int_equal(du_h.req.flag_number, 3);
		assert_int_equal(du_reads, 0);
	}
}

/* HvFlushVirtualAddressListEx, XMM fast: AddressSpace RDX, Flags R8, then
 * VpSetFormat, ValidBankMask, one bank and two GVA ranges in XMM0-XMM2 (TLFS "XMM
 * Fast Hypercall Input": the block continues RDX, R8, XMM0 low, XMM0 high, ...). */
static void test_xmm_input(void **state)
{
	size_t i;

	(void)state;
	for (i = 0; i < NABIS; i++) {
		struct du_call c = { .control = HVTLFS_CALL_FLUSH_VIRTUAL_ADDRESS_LIST_EX |
						HVTLFS_CONTROL_FAST | (1ull << 17) | (2ull << 32),
				     .in_gpa = 0x5000,
				     .out_gpa = 0 };

		c.xmm[0][0] = 0;      /* HV_GENERIC_SET_SPARSE_4K */
		c.xmm[0][1] = 0x4;    /* bank 2 */
		c.xmm[1][0] = 0x1;    /* VP 128 */
		c.xmm[1][1] = 0x7000; /* one page at 0x7000 */
		c.xmm[2][0] = 0x9003; /* four pages from 0x9000 */
		du_reset();
		assert_int_equal(du_run(abis[i], &c, &regs, &out), HVTLFS_OK);
		assert_int_equal(out.action, HVTLFS_DISPATCH_DONE);
		assert_true(du_result(abis[i], &regs) == (2ull << 32));
		assert_true(hvtlfs_vpset_contains(&du_h.req.vps, 128));
		assert_int_equal(du_h.req.nranges, 2);
		assert_true(du_scratch.ranges[0].base == 0x7000);
		assert_true(du_scratch.ranges[1].pages == 4);
		/* Without XMM input: #UD (TLFS "XMM Fast Hypercall Input"), nothing written.
		 * arm64: X2-X17 are the convention, not a feature (Linux arm64 reads its
		 * first synthetic registers with a 20-byte fast call): served. */
		du_part.features_edx = 0;
		memset(&regs, 0, sizeof(regs));
		du_load(abis[i], &regs, &c);
		before = regs;
		assert_int_equal(hvtlfs_dispatch(&du_d, abis[i], &regs, &du_scratch, &out),
				 HVTLFS_OK);
		if (abis[i] == HVTLFS_DISPATCH_ABI_ARM64) {
			assert_int_equal(out.action, HVTLFS_DISPATCH_DONE);
			assert_true(du_result(abis[i], &regs) == (2ull << 32));
			continue;
		}
		assert_int_equal(out.action, HVTLFS_DISPATCH_INJECT_UD);
		assert_memory_equal(&regs, &before, sizeof(regs));
	}
}

/* A catalog call without a handler is HV_STATUS_INVALID_HYPERCALL_CODE. */
static void test_no_handler(void **state)
{
	size_t i;

	(void)state;
	for (i = 0; i < NABIS; i++) {
		struct du_call c = { .control = HVTLFS_CALL_SIGNAL_EVENT | HVTLFS_CONTROL_FAST };

		du_reset();
		du_d.nhandlers = 0;
		assert_int_equal(du_run(abis[i], &c, &regs, &out), HVTLFS_OK);
		assert_true(du_result(abis[i], &regs) == HVTLFS_STATUS_INVALID_HYPERCALL_CODE);
		assert_int_equal(out.reason, HVTLFS_ERR_NO_HANDLER);
		assert_int_equal(du_h.calls, 0);
	}
}

/* HvExtCallEpfSetup (0x8004): its catalog row has no sizes (the TLFS names the call
 * with no layout). Slow, its input is taken as present and of unknown size: an input
 * GPA not 8-byte aligned is HV_STATUS_INVALID_ALIGNMENT (TLFS "Alignment
 * Requirements"), nothing read; an aligned one hands the handler the rest of the page. */
static void test_sizeless_call(void **state)
{
	size_t i;

	(void)state;
	for (i = 0; i < NABIS; i++) {
		struct du_call c = { .control = HVTLFS_CALL_EXT_EPF_SETUP,
				     .in_gpa = 0x2003,
				     .out_gpa = 0x3001 };

		du_reset();
		assert_int_equal(du_run(abis[i], &c, &regs, &out), HVTLFS_OK);
		assert_true(du_result(abis[i], &regs) == HVTLFS_STATUS_INVALID_ALIGNMENT);
		assert_int_equal(out.reason, HVTLFS_ERR_ALIGNMENT);
		assert_int_equal(du_h.calls, 0);
		assert_int_equal(du_reads, 0);
		du_reset();
		c.in_gpa = 0x2008;
		assert_int_equal(du_run(abis[i], &c, &regs, &out), HVTLFS_OK);
		assert_true(du_result(abis[i], &regs) == HVTLFS_STATUS_SUCCESS);
		assert_int_equal(du_h.calls, 1);
		assert_int_equal(du_h.call.input_len, 4096 - 8);
	}
}

/* The accessor fails to read the input: FAULT, no register changed, no handler, no
 * write. The read fails at every place of a 24-byte input. */
static void test_read_fault(void **state)
{
	size_t i;
	uint64_t at;

	(void)state;
	for (i = 0; i < NABIS; i++) {
		for (at = 0x2000; at < 0x2018; at++) {
			struct du_call c = { .control = HVTLFS_CALL_FLUSH_VIRTUAL_ADDRESS_SPACE,
					     .in_gpa = 0x2000 };

			du_reset();
			du_fail_read_gpa = at;
			memset(&regs, 0x5A, sizeof(regs));
			du_load(abis[i], &regs, &c);
			before = regs;
			assert_int_equal(hvtlfs_dispatch(&du_d, abis[i], &regs, &du_scratch, &out),
					 HVTLFS_ERR_GUEST_READ);
			assert_int_equal(out.action, HVTLFS_DISPATCH_FAULT);
			assert_true(out.fault_gpa == 0x2000);
			assert_memory_equal(&regs, &before, sizeof(regs));
			assert_int_equal(du_h.calls, 0);
			assert_int_equal(du_writes, 0);
		}
		/* Outside guest memory altogether. */
		{
			struct du_call c = { .control = HVTLFS_CALL_FLUSH_VIRTUAL_ADDRESS_SPACE,
					     .in_gpa = 0x7FFF0000 };

			du_reset();
			assert_int_equal(du_run(abis[i], &c, &regs, &out), HVTLFS_ERR_GUEST_READ);
		}
	}
}

/* HvCallGetVpIndexFromApicId: a rep call with a 4-byte output element (the VP
 * index as Linux's hv_vtl.c and OpenVMM read it; its TLFS page pads it to 8, see
 * HVTLFS_CALL_LIST). Its input: partition id HV_PARTITION_ID_SELF, target VTL 0,
 * 7 bytes of padding, then 4-byte APIC ids (TLFS HvCallGetVpIndexFromApicId). */
#define APIC_CALL(count, start)                                                                    \
	(HVTLFS_CALL_GET_VP_INDEX_FROM_APIC_ID | ((uint64_t)(count) << 32) |                       \
	 ((uint64_t)(start) << 48))
#define OUT_GPA 0x3000u

#define APIC_ELEM 4u

/* The output canary, and a valid input at 0x2000: APIC ids 0x100 + i. */
static void fill_out_canary(void)
{
	unsigned int i;

	memset(du_guest + OUT_GPA, 0xEE, 4096);
	du_put64(0x2000, UINT64_MAX);
	for (i = 0; i < 8; i++) {
		du_guest[0x2010 + 4 * i] = (uint8_t)i;
		du_guest[0x2011 + 4 * i] = 1;
	}
}

static int out_elem_written(unsigned int i)
{
	unsigned int k;

	for (k = 0; k < APIC_ELEM; k++)
		if (du_guest[OUT_GPA + APIC_ELEM * i + k] != (uint8_t)(0x10 + APIC_ELEM * i + k))
			return 0;
	return 1;
}

static int out_elem_untouched(unsigned int i)
{
	unsigned int k;

	for (k = 0; k < APIC_ELEM; k++)
		if (du_guest[OUT_GPA + APIC_ELEM * i + k] != 0xEE)
			return 0;
	return 1;
}

static void test_rep_complete(void **state)
{
	size_t i;
	unsigned int k;

	(void)state;
	for (i = 0; i < NABIS; i++) {
		struct du_call c = { .control = APIC_CALL(4, 1),
				     .in_gpa = 0x2000,
				     .out_gpa = OUT_GPA };

		du_reset();
		fill_out_canary();
		du_h.out_fill = 0x10;
		assert_int_equal(du_run(abis[i], &c, &regs, &out), HVTLFS_OK);
		/* Reps completed is absolute: 4 (TLFS "Hypercall Outputs"). */
		assert_true(du_result(abis[i], &regs) == (4ull << 32));
		/* Decoded for the handler: APIC ids of reps 1-3. */
		assert_true(du_h.had_req);
		assert_int_equal(du_h.req.nelements, 3);
		assert_int_equal(du_h.call.apic_ids[0], 0x101);
		assert_int_equal(du_h.call.apic_ids[2], 0x103);
		assert_int_equal(du_h.call.rep_start, 1);
		assert_int_equal(du_h.call.rep_limit, 4);
		/* Elements 1-3 written at output GPA + 4 i; element 0 (done by an earlier
		 * call) untouched; one write. */
		assert_true(out_elem_untouched(0));
		for (k = 1; k < 4; k++)
			assert_true(out_elem_written(k));
		assert_true(out_elem_untouched(4));
		assert_int_equal(du_writes, 1);
	}
}

/* Failure part-way: the handler fails element 2 of 0..3. Reps completed = 2, the
 * outputs of 0 and 1 written, 2 and 3 untouched (TLFS "Hypercall Classes"). */
static void test_rep_fail_partway(void **state)
{
	size_t i;

	(void)state;
	for (i = 0; i < NABIS; i++) {
		struct du_call c = { .control = APIC_CALL(4, 0),
				     .in_gpa = 0x2000,
				     .out_gpa = OUT_GPA };

		du_reset();
		fill_out_canary();
		du_h.out_fill = 0x10;
		du_h.status = HVTLFS_STATUS_INVALID_PARAMETER;
		du_h.reps = 2;
		assert_int_equal(du_run(abis[i], &c, &regs, &out), HVTLFS_OK);
		assert_true(du_result(abis[i], &regs) ==
			    (HVTLFS_STATUS_INVALID_PARAMETER | (2ull << 32)));
		assert_true(out_elem_written(0) && out_elem_written(1));
		assert_true(out_elem_untouched(2) && out_elem_untouched(3));
	}
}

/* Continuation: the handler stops after 3 of 4 reps. The control register gets rep
 * start 3, the result register is untouched, the instruction pointer stays (action
 * CONTINUE); re-executed, the call completes (TLFS "Hypercall Continuation",
 * "Volatile Registers"). With HVTLFS_DISPATCH_OPT_TIMEOUT: HV_STATUS_TIMEOUT, 3. */
static void test_rep_yield(void **state)
{
	size_t i;

	(void)state;
	for (i = 0; i < NABIS; i++) {
		struct du_call c = { .control = APIC_CALL(4, 0),
				     .in_gpa = 0x2000,
				     .out_gpa = OUT_GPA };
		uint64_t ctl;

		du_reset();
		fill_out_canary();
		du_h.out_fill = 0x10;
		du_h.reps = 3;
		assert_int_equal(du_run(abis[i], &c, &regs, &out), HVTLFS_OK);
		assert_int_equal(out.action, HVTLFS_DISPATCH_CONTINUE);
		ctl = du_control(abis[i], &regs);
		assert_true(ctl == APIC_CALL(4, 3));
		if (abis[i] == HVTLFS_DISPATCH_ABI_X64)
			assert_true(regs.r[DU_RAX] == 0); /* not written */
		assert_true(out_elem_written(2) && out_elem_untouched(3));
		/* The guest re-executes it. */
		du_h.reps = -1;
		c.control = ctl;
		assert_int_equal(du_run(abis[i], &c, &regs, &out), HVTLFS_OK);
		assert_int_equal(out.action, HVTLFS_DISPATCH_DONE);
		assert_int_equal(du_h.call.rep_start, 3);
		assert_true(du_result(abis[i], &regs) == (4ull << 32));
		assert_true(out_elem_written(3));
		/* The early return instead. */
		du_part.options = HVTLFS_DISPATCH_OPT_TIMEOUT;
		du_h.reps = 3;
		c.control = APIC_CALL(4, 0);
		assert_int_equal(du_run(abis[i], &c, &regs, &out), HVTLFS_OK);
		assert_int_equal(out.action, HVTLFS_DISPATCH_DONE);
		assert_true(du_result(abis[i], &regs) == (HVTLFS_STATUS_TIMEOUT | (3ull << 32)));
		/* x64: RCX keeps the control word (x86: EDX:EAX holds the result now). */
		if (abis[i] == HVTLFS_DISPATCH_ABI_X64)
			assert_true(du_control(abis[i], &regs) == APIC_CALL(4, 0));
		/* A handler answering TIMEOUT itself yields the same way. */
		du_part.options = 0;
		du_h.status = HVTLFS_STATUS_TIMEOUT;
		du_h.reps = 1;
		assert_int_equal(du_run(abis[i], &c, &regs, &out), HVTLFS_OK);
		assert_int_equal(out.action, HVTLFS_DISPATCH_CONTINUE);
		assert_true(du_control(abis[i], &regs) == APIC_CALL(4, 1));
	}
}

/* TIMEOUT with every rep done: the call is complete. A continuation would give the
 * guest rep start 4 of rep count 4, which the TLFS refuses ("the rep count value must
 * always be greater than the rep start index", "Hypercall Inputs"): the result is
 * SUCCESS with 4 reps, the control word untouched (x64, arm64), every output
 * written; with HVTLFS_DISPATCH_OPT_TIMEOUT too. */
static void test_rep_timeout_all_done(void **state)
{
	size_t i, k;

	(void)state;
	for (i = 0; i < NABIS; i++) {
		for (k = 0; k < 2; k++) {
			struct du_call c = { .control = APIC_CALL(4, 1),
					     .in_gpa = 0x2000,
					     .out_gpa = OUT_GPA };

			du_reset();
			fill_out_canary();
			du_part.options = k ? HVTLFS_DISPATCH_OPT_TIMEOUT : 0;
			du_h.out_fill = 0x10;
			du_h.status = HVTLFS_STATUS_TIMEOUT;
			du_h.reps = 4;
			assert_int_equal(du_run(abis[i], &c, &regs, &out), HVTLFS_OK);
			assert_int_equal(out.action, HVTLFS_DISPATCH_DONE);
			assert_int_equal(out.status, HVTLFS_STATUS_SUCCESS);
			assert_true(du_result(abis[i], &regs) == (4ull << 32));
			if (abis[i] != HVTLFS_DISPATCH_ABI_X86)
				assert_true(du_control(abis[i], &regs) == APIC_CALL(4, 1));
			assert_true(out_elem_untouched(0) && out_elem_written(1) &&
				    out_elem_written(3));
		}
	}
}

/* A refusal before the handler reports the rep start as reps completed (the first
 * rep this call has not completed; the decoder's refusals do the same): no handler
 * (HV_STATUS_INVALID_HYPERCALL_CODE), no privilege (HV_STATUS_ACCESS_DENIED), a
 * misaligned output GPA (HV_STATUS_INVALID_ALIGNMENT), each for rep start 2 of 4. */
static void test_refusal_reps(void **state)
{
	size_t i, k;

	(void)state;
	for (i = 0; i < NABIS; i++) {
		for (k = 0; k < 3; k++) {
			static const uint16_t status[] = { HVTLFS_STATUS_INVALID_HYPERCALL_CODE,
							   HVTLFS_STATUS_ACCESS_DENIED,
							   HVTLFS_STATUS_INVALID_ALIGNMENT };
			struct du_call c = { .control = APIC_CALL(4, 2),
					     .in_gpa = 0x2000,
					     .out_gpa = k == 2 ? OUT_GPA + 4u : OUT_GPA };

			du_reset();
			if (k == 0)
				du_d.nhandlers = 0;
			if (k == 1)
				du_part.privileges_ebx = 0;
			assert_int_equal(du_run(abis[i], &c, &regs, &out), HVTLFS_OK);
			assert_int_equal(out.action, HVTLFS_DISPATCH_DONE);
			assert_true(du_result(abis[i], &regs) == (status[k] | (2ull << 32)));
			assert_int_equal(du_h.calls, 0);
		}
	}
}

/* A handler answering through the decoder's writer: VP index = APIC id - 0x100,
 * written with hvtlfs_hvcall_put_vp_indices() into call->put_out. */
static void put_indices(void *ctx, const struct hvtlfs_dispatch_call *call,
			struct hvtlfs_dispatch_reply *reply)
{
	uint32_t idx[8];
	uint32_t i;

	(void)ctx;
	du_h.calls++;
	assert_non_null(call->req);
	assert_true(call->req->nelements <= 8);
	for (i = 0; i < call->req->nelements; i++)
		idx[i] = call->apic_ids[i] - 0x100u;
	assert_int_equal(hvtlfs_hvcall_put_vp_indices(call->req, idx, call->req->nelements,
						      call->put_out, call->put_out_size),
			 HVTLFS_OK);
	reply->status = HVTLFS_STATUS_SUCCESS;
}

/* Reps 1-2 of 3: VP indices 1 and 2 at output GPA + 4 and + 8 (absolute, TLFS
 * "Hypercall Outputs"), element 0 and what follows untouched. */
static void test_put_vp_indices(void **state)
{
	const struct hvtlfs_dispatch_handler h = { HVTLFS_CALL_GET_VP_INDEX_FROM_APIC_ID,
						   put_indices };
	size_t i;

	(void)state;
	for (i = 0; i < NABIS; i++) {
		struct du_call c = { .control = APIC_CALL(3, 1),
				     .in_gpa = 0x2000,
				     .out_gpa = OUT_GPA };

		du_reset();
		fill_out_canary();
		du_d.handlers = &h;
		du_d.nhandlers = 1;
		assert_int_equal(du_run(abis[i], &c, &regs, &out), HVTLFS_OK);
		assert_true(du_result(abis[i], &regs) == (3ull << 32));
		assert_true(out_elem_untouched(0));
		assert_true(du_get64(OUT_GPA + 4) == 0x0000000200000001ull);
		assert_true(out_elem_untouched(3));
		assert_int_equal(du_writes, 1);
	}
}

/* The output write fails: FAULT, no register changed. */
static void test_write_fault(void **state)
{
	size_t i;

	(void)state;
	for (i = 0; i < NABIS; i++) {
		struct du_call c = { .control = APIC_CALL(4, 0),
				     .in_gpa = 0x2000,
				     .out_gpa = OUT_GPA };

		du_reset();
		fill_out_canary();
		du_h.out_fill = 0x10;
		du_fail_write_gpa = OUT_GPA + 8;
		memset(&regs, 0, sizeof(regs));
		du_load(abis[i], &regs, &c);
		before = regs;
		assert_int_equal(hvtlfs_dispatch(&du_d, abis[i], &regs, &du_scratch, &out),
				 HVTLFS_ERR_GUEST_WRITE);
		assert_int_equal(out.action, HVTLFS_DISPATCH_FAULT);
		assert_true(out.fault_gpa == OUT_GPA);
		assert_memory_equal(&regs, &before, sizeof(regs));
		assert_true(out_elem_untouched(0) && out_elem_untouched(3));
	}
}

/* A handler that reports reps outside rep start .. rep count, or yields (SUCCESS
 * short of the rep count, or TIMEOUT) with no rep done (TLFS "Hypercall Classes": the
 * hypervisor attempts at least one rep; the guest would re-execute the same call
 * forever): an error for the integrator, nothing written. */
static void test_handler_bad_reps(void **state)
{
	size_t i;
	const int64_t bad[] = { 0, 5, 1, 1 };
	const uint16_t status[] = { HVTLFS_STATUS_SUCCESS, HVTLFS_STATUS_SUCCESS,
				    HVTLFS_STATUS_SUCCESS, HVTLFS_STATUS_TIMEOUT };
	size_t k;

	(void)state;
	for (i = 0; i < NABIS; i++) {
		for (k = 0; k < 4; k++) {
			struct du_call c = { .control = APIC_CALL(4, 1),
					     .in_gpa = 0x2000,
					     .out_gpa = OUT_GPA };

			du_reset();
			fill_out_canary();
			du_h.reps = bad[k];
			du_h.status = status[k];
			memset(&regs, 0, sizeof(regs));
			du_load(abis[i], &regs, &c);
			before = regs;
			assert_int_equal(hvtlfs_dispatch(&du_d, abis[i], &regs, &du_scratch, &out),
					 HVTLFS_ERR_HANDLER_REPS);
			assert_memory_equal(&regs, &before, sizeof(regs));
			assert_int_equal(du_writes, 0);
		}
	}
}

/* Fast output: HvExtCallQueryCapabilities has an output but no fast form, and a
 * fast call on the x86 ABI cannot return output ("This is only supported on x64
 * platforms", TLFS "XMM Fast Hypercall Output"): fast GetVpIndexFromApicId there is
 * HV_STATUS_INVALID_HYPERCALL_INPUT (OpenVMM refuses it the same way). On x64 without
 * the XMM output feature: #UD. */
static void test_fast_output_refusals(void **state)
{
	struct du_call c = { .control = HVTLFS_CALL_GET_VP_REGISTERS | HVTLFS_CONTROL_FAST |
					(1ull << 32) };

	(void)state;
	du_reset();
	assert_int_equal(du_run(HVTLFS_DISPATCH_ABI_X86, &c, &regs, &out), HVTLFS_OK);
	assert_true(du_result(HVTLFS_DISPATCH_ABI_X86, &regs) ==
		    HVTLFS_STATUS_INVALID_HYPERCALL_INPUT);
	assert_int_equal(out.reason, HVTLFS_ERR_NO_FAST_OUTPUT);
	du_part.features_edx &= ~(1u << 15);
	assert_int_equal(du_run(HVTLFS_DISPATCH_ABI_X64, &c, &regs, &out), HVTLFS_OK);
	assert_int_equal(out.action, HVTLFS_DISPATCH_INJECT_UD);
	assert_int_equal(du_h.calls, 0);
}

/* A 32-bit caller: the high halves of its 64-bit registers are garbage it does not
 * see; the dispatcher ignores them on input and keeps them on output. */
static void test_x86_high_halves(void **state)
{
	struct du_call c = { .control = HVTLFS_CALL_SIGNAL_EVENT | HVTLFS_CONTROL_FAST,
			     .in_gpa = 0x42 };
	unsigned int r;

	(void)state;
	du_reset();
	memset(&regs, 0, sizeof(regs));
	for (r = 0; r < 16; r++)
		regs.r[r] = 0xDEAD000000000000ull | ((uint64_t)r << 32);
	du_load(HVTLFS_DISPATCH_ABI_X86, &regs, &c);
	assert_int_equal(hvtlfs_dispatch(&du_d, HVTLFS_DISPATCH_ABI_X86, &regs, &du_scratch, &out),
			 HVTLFS_OK);
	assert_int_equal(du_h.req.connection_id, 0x42);
	assert_true(du_result(HVTLFS_DISPATCH_ABI_X86, &regs) == 0);
	for (r = 0; r < 16; r++)
		assert_true((regs.r[r] >> 32) == (0xDEAD0000ull | r));
}

/* Hostile register files: garbage in every register the ABI does not use changes
 * nothing, for a slow, a fast and an XMM call. */
static void test_garbage_registers(void **state)
{
	size_t i, round;

	(void)state;
	testutil_seed(17);
	for (i = 0; i < NABIS; i++) {
		for (round = 0; round < 200; round++) {
			struct du_call c = { .control = HVTLFS_CALL_FLUSH_VIRTUAL_ADDRESS_SPACE,
					     .in_gpa = 0x2000 };
			struct hvtlfs_dispatch_outcome clean;
			uint64_t want;

			du_reset();
			du_put64(0x2010, 1);
			if (round % 2) {
				c.control |= HVTLFS_CONTROL_FAST;
				c.in_gpa = 0x1234000;
				c.out_gpa = 0;
				c.xmm[0][0] = 1; /* ProcessorMask: the third input qword */
			}
			assert_int_equal(du_run(abis[i], &c, &regs, &clean), HVTLFS_OK);
			want = du_result(abis[i], &regs);
			du_garbage(&regs);
			/* Unused XMM halves are garbage too; the used ones are reloaded. */
			du_load(abis[i], &regs, &c);
			before = regs;
			assert_int_equal(hvtlfs_dispatch(&du_d, abis[i], &regs, &du_scratch, &out),
					 HVTLFS_OK);
			assert_int_equal(out.status, clean.status);
			assert_true(du_result(abis[i], &regs) == want);
			/* Only the result register changed. */
			{
				unsigned int r;

				for (r = 0; r < HVTLFS_DISPATCH_REGS; r++) {
					if (r == DU_RAX ||
					    (abis[i] == HVTLFS_DISPATCH_ABI_X86 && r == DU_RDX))
						continue;
					assert_true(regs.r[r] == before.r[r]);
				}
			}
		}
	}
}

/* arm64 (SMCCC `hvc #0`): a W0 other than the Hyper-V hypercall's function id
 * 0x46000001 (SMCCC: yielding, SMC64, owner 6, function 1) is another SMCCC service's
 * call (PSCI_VERSION 0x84000000, the vendor-hypervisor Call UID 0x8600FF01, function
 * 2, the same with the fast-call bit): not a hypercall, no register changed, nothing
 * read, no handler, before the privilege gate. The function id is W0 (SMCCC
 * "Function Identifiers"; KVM's smccc_get_function() reads 32 bits): the high half of
 * X0 does not make a hypercall into something else. */
static void test_arm64_not_hypercall(void **state)
{
	static const uint64_t ids[] = { 0,	     0x84000000u, 0x8600FF01u,
					0x46000002u, 0xC6000001u, 0x46000001ull << 32 };
	struct du_call c = { .control = HVTLFS_CALL_FLUSH_VIRTUAL_ADDRESS_SPACE, .in_gpa = 0x2000 };
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(ids) / sizeof(ids[0]); i++) {
		du_reset();
		memset(&du_part, 0, sizeof(du_part)); /* no privilege: still not a hypercall */
		memset(&regs, 0, sizeof(regs));
		du_load(HVTLFS_DISPATCH_ABI_ARM64, &regs, &c);
		regs.r[DU_X(0)] = ids[i];
		before = regs;
		assert_int_equal(
			hvtlfs_dispatch(&du_d, HVTLFS_DISPATCH_ABI_ARM64, &regs, &du_scratch, &out),
			HVTLFS_OK);
		assert_int_equal(out.action, HVTLFS_DISPATCH_NOT_HYPERCALL);
		assert_int_equal(out.reason, HVTLFS_ERR_NOT_HYPERCALL);
		assert_int_equal(out.status, 0);
		assert_memory_equal(&regs, &before, sizeof(regs));
		assert_int_equal(du_reads + du_writes + du_h.calls, 0);
	}
	/* The high half of X0 is not part of the function id: a hypercall. */
	du_reset();
	memset(&regs, 0, sizeof(regs));
	du_put64(0x2010, 1);
	du_load(HVTLFS_DISPATCH_ABI_ARM64, &regs, &c);
	regs.r[DU_X(0)] |= 0xFFFFFFFF00000000ull;
	assert_int_equal(
		hvtlfs_dispatch(&du_d, HVTLFS_DISPATCH_ABI_ARM64, &regs, &du_scratch, &out),
		HVTLFS_OK);
	assert_int_equal(out.action, HVTLFS_DISPATCH_DONE);
	assert_true(regs.r[DU_X(0)] == 0);
	assert_int_equal(du_h.calls, 1);
	assert_string_equal(hvtlfs_dispatch_abi_name(HVTLFS_DISPATCH_ABI_ARM64), "arm64 SMCCC hvc");
}

/* The ARM64 row is SMCCC `hvc #0`. OpenVMM's Arm64RegisterIo also knows `hvc #1`,
 * the Hyper-V native convention (control X0, input GPA X1, output GPA X2, fast output
 * in the last register pairs); the immediate is the integrator's to read (ESR_EL2.ISS),
 * not a register. Such a register file handed to the ARM64 row is never misread as a
 * hypercall: its X0 is a control word, not the function id 0x46000001, so the answer
 * is NOT_HYPERCALL with no register changed, whatever the call. */
static void test_arm64_native_abi_not_read(void **state)
{
	static const uint64_t controls[] = {
		HVTLFS_CALL_FLUSH_VIRTUAL_ADDRESS_SPACE,
		HVTLFS_CALL_GET_VP_REGISTERS | HVTLFS_CONTROL_FAST | (1ull << 32),
		HVTLFS_CALL_VTL_RETURN,
		HVTLFS_CALL_VTL_CALL,
	};
	size_t i;

	(void)state;
	testutil_seed(0x1001);
	for (i = 0; i < sizeof(controls) / sizeof(controls[0]); i++) {
		du_reset();
		memset(&regs, 0, sizeof(regs));
		du_garbage(&regs);
		regs.r[DU_X(0)] = controls[i]; /* hvc #1: the control word */
		regs.r[DU_X(1)] = 0x2000;      /* its input GPA */
		regs.r[DU_X(2)] = 0x3000;      /* its output GPA */
		before = regs;
		assert_int_equal(
			hvtlfs_dispatch(&du_d, HVTLFS_DISPATCH_ABI_ARM64, &regs, &du_scratch, &out),
			HVTLFS_OK);
		assert_int_equal(out.action, HVTLFS_DISPATCH_NOT_HYPERCALL);
		assert_memory_equal(&regs, &before, sizeof(regs));
		assert_int_equal(du_reads + du_writes + du_h.calls, 0);
	}
}

/* arm64 fast input is X2-X17, 128 bytes (OpenVMM's Arm64RegisterIo): a fast
 * HvFlushVirtualAddressList of 13 reps (24 + 13 x 8 = 128) carries AddressSpace in
 * X2, Flags in X3, ProcessorMask in X4 and GVA ranges 0-12 in X5-X17; the last two
 * come from X16 and X17, which x64 has no counterpart for. */
static void test_arm64_fast_128(void **state)
{
	struct du_call c = { .control = HVTLFS_CALL_FLUSH_VIRTUAL_ADDRESS_LIST |
					HVTLFS_CONTROL_FAST | (13ull << 32),
			     .in_gpa = 0xABC000,
			     .out_gpa = 0 };
	unsigned int n;

	(void)state;
	du_reset();
	c.xmm[0][0] = 0x1; /* X4: ProcessorMask, VP 0 */
	for (n = 1; n < 12; n++)
		c.xmm[n / 2][n % 2] = 0x100000ull * n; /* X5-X15: ranges 0-10 */
	c.tail[0] = 0x7770000;			       /* X16: range 11 */
	c.tail[1] = 0x8880003;			       /* X17: range 12, four pages */
	assert_int_equal(du_run(HVTLFS_DISPATCH_ABI_ARM64, &c, &regs, &out), HVTLFS_OK);
	assert_int_equal(out.action, HVTLFS_DISPATCH_DONE);
	assert_true(regs.r[DU_X(0)] == (13ull << 32));
	assert_int_equal(du_h.req.address_space, 0xABC000);
	assert_int_equal(du_h.req.nranges, 13);
	assert_int_equal(du_h.input_len, 128);
	assert_true(du_scratch.ranges[0].base == 0x100000);
	assert_true(du_scratch.ranges[11].base == 0x7770000);
	assert_true(du_scratch.ranges[12].base == 0x8880000 && du_scratch.ranges[12].pages == 4);
	assert_int_equal(du_reads, 0);
	/* The same call on x64: 128 bytes do not fit RDX, R8, XMM0-XMM5 (112). */
	du_reset();
	assert_int_equal(du_run(HVTLFS_DISPATCH_ABI_X64, &c, &regs, &out), HVTLFS_OK);
	assert_true(du_result(HVTLFS_DISPATCH_ABI_X64, &regs) ==
		    HVTLFS_STATUS_INVALID_HYPERCALL_INPUT);
	assert_int_equal(du_h.calls, 0);
}

/* arm64 fast output: in the register pairs after the input rounded up to 16 bytes
 * (Linux arm64 and OpenVMM). One-name fast HvCallGetVpRegisters: 20 input bytes
 * (X2, X3, the name in X4) round up to 32, the 16-byte value in X6 (low) and X7
 * (high). Five names: 36 bytes round up to 48, values in X8-X17 (48 + 80 = 128; on
 * x64 INPUT, 128 > 112). Six: 48 + 96 = 144, INPUT. Only X0 and the output pairs
 * change. The handler writes output byte i = 0x40 + i. */
static void test_arm64_fast_output(void **state)
{
	static const struct {
		uint32_t names, first_pair, pairs;
	} cases[] = { { 1, 6, 1 }, { 5, 8, 5 } };
	size_t k;
	unsigned int r;

	(void)state;
	for (k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
		struct du_call c = { .control = HVTLFS_CALL_GET_VP_REGISTERS | HVTLFS_CONTROL_FAST |
						((uint64_t)cases[k].names << 32),
				     .in_gpa = 0xFFFFFFFFFFFFFFFFull, /* HV_PARTITION_ID_SELF */
				     .out_gpa = 0xFFFFFFFEull };      /* HV_VP_INDEX_SELF, VTL 0 */
		const unsigned int lo = cases[k].first_pair, hi = lo + 2u * cases[k].pairs;

		du_reset();
		du_h.out_fill = 0x40;
		c.xmm[0][0] = 0x0009000200090002ull; /* HvRegisterGuestOsId, twice */
		c.xmm[0][1] = 0x0009000200090002ull;
		c.xmm[1][0] = 0x0009000200090002ull;
		memset(&regs, 0, sizeof(regs));
		du_garbage(&regs);
		du_load(HVTLFS_DISPATCH_ABI_ARM64, &regs, &c);
		before = regs;
		assert_int_equal(
			hvtlfs_dispatch(&du_d, HVTLFS_DISPATCH_ABI_ARM64, &regs, &du_scratch, &out),
			HVTLFS_OK);
		assert_int_equal(out.action, HVTLFS_DISPATCH_DONE);
		assert_true(regs.r[DU_X(0)] == ((uint64_t)cases[k].names << 32));
		assert_int_equal(du_h.req.nelements, cases[k].names);
		for (r = 1; r < HVTLFS_DISPATCH_REGS; r++) {
			if (r >= lo && r < hi) {
				uint64_t want = 0;
				unsigned int b;

				for (b = 0; b < 8; b++)
					want |= (uint64_t)(0x40u + 8u * (r - lo) + b) << (8u * b);
				assert_true(regs.r[r] == want);
			} else {
				assert_true(regs.r[r] == before.r[r]);
			}
		}
		/* Five names do not fit x64's 112 bytes. */
		if (cases[k].names == 5) {
			du_reset();
			assert_int_equal(du_run(HVTLFS_DISPATCH_ABI_X64, &c, &regs, &out),
					 HVTLFS_OK);
			assert_true(du_result(HVTLFS_DISPATCH_ABI_X64, &regs) ==
				    HVTLFS_STATUS_INVALID_HYPERCALL_INPUT);
		}
	}
	/* Without the XMM output bit: still served on arm64 (the convention). */
	{
		struct du_call c = { .control = HVTLFS_CALL_GET_VP_REGISTERS | HVTLFS_CONTROL_FAST |
						(1ull << 32),
				     .in_gpa = 0xFFFFFFFFFFFFFFFFull,
				     .out_gpa = 0xFFFFFFFEull };

		du_reset();
		du_part.features_edx = 0;
		c.xmm[0][0] = 0x00090002u;
		assert_int_equal(du_run(HVTLFS_DISPATCH_ABI_ARM64, &c, &regs, &out), HVTLFS_OK);
		assert_int_equal(out.action, HVTLFS_DISPATCH_DONE);
		assert_true(regs.r[DU_X(0)] == (1ull << 32));
	}
	/* Six names: INPUT on arm64 too, nothing but X0 changed. */
	{
		struct du_call c = { .control = HVTLFS_CALL_GET_VP_REGISTERS | HVTLFS_CONTROL_FAST |
						(6ull << 32),
				     .in_gpa = 0xFFFFFFFFFFFFFFFFull,
				     .out_gpa = 0xFFFFFFFEull };

		du_reset();
		assert_int_equal(du_run(HVTLFS_DISPATCH_ABI_ARM64, &c, &regs, &out), HVTLFS_OK);
		assert_true(regs.r[DU_X(0)] == HVTLFS_STATUS_INVALID_HYPERCALL_INPUT);
		assert_int_equal(out.reason, HVTLFS_ERR_FAST_TOO_BIG);
		assert_int_equal(du_h.calls, 0);
	}
}

/* HvCallVtlCall and HvCallVtlReturn (TLFS vsm.md "VTL Call", "VTL Return"): no input
 * bytes and no output, so the handler is given an empty input, no output area and no
 * rep range, whatever the scratch held; an accepted switch writes no register. */
static void test_vtl_switch_call(void **state)
{
	static const uint16_t codes[] = { HVTLFS_CALL_VTL_CALL, HVTLFS_CALL_VTL_RETURN };
	size_t i, k;

	(void)state;
	for (i = 0; i < NABIS; i++)
		for (k = 0; k < 2; k++) {
			struct du_call c = { .control = codes[k] };

			du_reset();
			memset(&du_scratch, 0xA5, sizeof(du_scratch));
			assert_int_equal(du_run(abis[i], &c, &regs, &out), HVTLFS_OK);
			assert_int_equal(out.action, HVTLFS_DISPATCH_VTL_SWITCH);
			assert_int_equal(du_h.calls, 1);
			assert_true(du_h.had_req);
			assert_int_equal(du_h.req.kind, HVTLFS_HVCALL_REQ_VTL_SWITCH);
			assert_int_equal(du_h.call.code, codes[k]);
			assert_int_equal(du_h.call.input_len, 0);
			assert_null(du_h.call.output);
			assert_int_equal(du_h.call.output_len, 0);
			assert_null(du_h.call.put_out);
			assert_int_equal(du_h.call.put_out_size, 0);
			assert_int_equal(du_h.call.rep_count, 0);
			assert_int_equal(du_reads + du_writes, 0);
		}
}

static void test_bad_args(void **state)
{
	struct du_call c = { .control = HVTLFS_CALL_SIGNAL_EVENT | HVTLFS_CONTROL_FAST };

	(void)state;
	du_reset();
	assert_int_equal(hvtlfs_dispatch(NULL, 0, &regs, &du_scratch, &out), HVTLFS_ERR_NULL);
	assert_int_equal(hvtlfs_dispatch(&du_d, 0, NULL, &du_scratch, &out), HVTLFS_ERR_NULL);
	assert_int_equal(hvtlfs_dispatch(&du_d, 0, &regs, NULL, &out), HVTLFS_ERR_NULL);
	assert_int_equal(hvtlfs_dispatch(&du_d, 0, &regs, &du_scratch, NULL), HVTLFS_ERR_NULL);
	assert_int_equal(
		hvtlfs_dispatch(&du_d, HVTLFS_DISPATCH_ABI_COUNT_, &regs, &du_scratch, &out),
		HVTLFS_ERR_INVALID_ARG);
	du_part.options = 0x80u;
	assert_int_equal(du_run(HVTLFS_DISPATCH_ABI_X64, &c, &regs, &out), HVTLFS_ERR_INVALID_ARG);
	du_part.options = 0;
	du_part.decoder_options = 0x80u;
	assert_int_equal(du_run(HVTLFS_DISPATCH_ABI_X64, &c, &regs, &out), HVTLFS_ERR_INVALID_ARG);
	assert_string_equal(hvtlfs_dispatch_abi_name(HVTLFS_DISPATCH_ABI_X64), "x86_64 long mode");
	assert_string_equal(hvtlfs_dispatch_abi_name(99), "unknown ABI");
	assert_int_equal(hvtlfs_dispatch_gate(NULL, 0x5C), HVTLFS_STATUS_ACCESS_DENIED);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_slow_decoded),
		cmocka_unit_test(test_fast_registers),
		cmocka_unit_test(test_xmm_input),
		cmocka_unit_test(test_no_handler),
		cmocka_unit_test(test_sizeless_call),
		cmocka_unit_test(test_read_fault),
		cmocka_unit_test(test_rep_complete),
		cmocka_unit_test(test_rep_fail_partway),
		cmocka_unit_test(test_rep_yield),
		cmocka_unit_test(test_rep_timeout_all_done),
		cmocka_unit_test(test_refusal_reps),
		cmocka_unit_test(test_write_fault),
		cmocka_unit_test(test_handler_bad_reps),
		cmocka_unit_test(test_fast_output_refusals),
		cmocka_unit_test(test_put_vp_indices),
		cmocka_unit_test(test_x86_high_halves),
		cmocka_unit_test(test_garbage_registers),
		cmocka_unit_test(test_arm64_not_hypercall),
		cmocka_unit_test(test_arm64_native_abi_not_read),
		cmocka_unit_test(test_arm64_fast_128),
		cmocka_unit_test(test_arm64_fast_output),
		cmocka_unit_test(test_bad_args),
		cmocka_unit_test(test_vtl_switch_call),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
