/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * libFuzzer harness for the register-level dispatcher. Input layout:
 * byte 0: ABI (bit 0), dispatcher options (bits 1-2), handler mode (bits 3-5);
 * byte 1: handler status (0: success, else the value); byte 2: handler reps;
 * bytes 3-6: leaf 0x40000003 EBX; 7-10: EDX; 11-14: leaf 0x40000004 EAX; 15: spin
 * retries 0xFFFFFFFF when bit 0 is set, the ARM64 ABI instead of byte 0's when bit 1
 * is (X0 the Hyper-V SMCCC function id unless bit 2 is); 16-17: the GPA where the
 * accessor fails (offset in guest memory, 0xFFFF: never);
 * then the register file (64 qwords, short input: zeros), then guest memory (two
 * pages at GPA 0x10000). The ABI's input and output GPA registers are pointed
 * into guest memory most of the time (bit 63 of the raw value set leaves them as
 * they are); the control register is the fuzzer's.
 *
 * Checks: every answer is a TLFS status with the result's reserved bits clear, or
 * #UD, FAULT, not a hypercall (arm64) or a handler misreport with no register
 * changed; only the result, control and fast output registers ever change; guest memory changes only inside
 * the output area (from the output GPA to the end of its page) of a call with
 * output, and never when the call was refused before its handler. HvCallVtlCall and
 * HvCallVtlReturn never get a status: #UD, or a VTL switch with no register changed,
 * only for the bare code in the control register, a control input without reserved
 * bits (RAX; ECX; 0 on arm64), AccessVsm, and a handler that answered success.
 */
#include "hvtlfs/catalog.h"
#include "hvtlfs/dispatch.h"

#include "fuzz.h"

#define GUEST_BASE 0x10000u
#define GUEST_LEN  (2u * 4096u)

static uint8_t guest[GUEST_LEN], snapshot[GUEST_LEN];
static uint64_t fail_gpa;
static uint8_t h_mode, h_status, h_reps;
static bool handler_ran;

static int bad(uint64_t gpa, size_t len)
{
	return gpa < GUEST_BASE || gpa - GUEST_BASE > GUEST_LEN ||
	       len > GUEST_LEN - (gpa - GUEST_BASE) || (fail_gpa >= gpa && fail_gpa - gpa < len);
}

static int g_read(void *ctx, uint64_t gpa, void *buf, size_t len)
{
	(void)ctx;
	CHECK(len <= 4096u && (gpa & 4095u) + len <= 4096u);
	if (bad(gpa, len))
		return -1;
	memcpy(buf, guest + (gpa - GUEST_BASE), len);
	return 0;
}

static int g_write(void *ctx, uint64_t gpa, const void *buf, size_t len)
{
	(void)ctx;
	CHECK(len <= 4096u && (gpa & 4095u) + len <= 4096u);
	if (bad(gpa, len))
		return -1;
	memcpy(guest + (gpa - GUEST_BASE), buf, len);
	return 0;
}

/* The control word in @r for @abi: RCX (x64), EDX:EAX (x86), X1 (arm64). */
static uint64_t control_of(unsigned int abi, const struct hvtlfs_dispatch_regs *r)
{
	if (abi == HVTLFS_DISPATCH_ABI_X86)
		return ((r->r[2] & 0xFFFFFFFFull) << 32) | (r->r[0] & 0xFFFFFFFFull);
	return r->r[1];
}

static void handler(void *ctx, const struct hvtlfs_dispatch_call *call,
		    struct hvtlfs_dispatch_reply *reply)
{
	size_t i;

	(void)ctx;
	handler_ran = true;
	CHECK(call->input_len <= 4096u && call->rep_start <= call->rep_limit &&
	      call->rep_limit <= call->rep_count);
	for (i = 0; i < call->output_len; i++)
		call->output[i] = (uint8_t)(0xA5 ^ i);
	if (h_status)
		reply->status = h_status;
	if (h_mode & 1u)
		reply->reps_completed = h_reps; /* may be out of range on purpose */
	else if ((h_mode & 2u) && reply->reps_completed > call->rep_start + 1u)
		reply->reps_completed--; /* a yield, at least one rep done */
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct hvtlfs_dispatch_scratch s;
	static struct hvtlfs_dispatch_handler handlers[64];
	struct hvtlfs_dispatch_partition p;
	struct hvtlfs_dispatcher d;
	struct hvtlfs_dispatch_regs regs, before;
	struct hvtlfs_dispatch_outcome out;
	const struct hvtlfs_call_info *cat;
	unsigned int abi, r;
	size_t n, i, at;
	uint64_t out_gpa;
	int rc;

	if (size < 18)
		return 0;
	abi = (data[15] & 2u) ? HVTLFS_DISPATCH_ABI_ARM64 : data[0] & 1u;
	h_mode = (uint8_t)(data[0] >> 3);
	h_status = data[1];
	h_reps = data[2];
	memset(&p, 0, sizeof(p));
	p.options = (data[0] >> 1) & 3u;
	p.privileges_ebx = (uint32_t)fuzz_le(data + 3, 4);
	p.features_edx = (uint32_t)fuzz_le(data + 7, 4);
	p.hints_eax = (uint32_t)fuzz_le(data + 11, 4);
	p.spin_retries = (data[15] & 1u) ? 0xFFFFFFFFu : 0xFFFu;
	fail_gpa = GUEST_BASE + fuzz_le(data + 16, 2);
	at = 18;
	memset(&regs, 0, sizeof(regs));
	for (r = 0; r < HVTLFS_DISPATCH_REGS && at + 8 <= size; r++, at += 8)
		regs.r[r] = fuzz_le(data + at, 8);
	/* Point the GPA registers of the ABI into guest memory unless bit 63 of their raw
	 * value says otherwise: x64 RDX and R8; x86 EBX:ECX and EDI:ESI (high halves 0,
	 * the upper 32 bits of each slot left as garbage the ABI must ignore). The
	 * control register is left alone, so slow and fast calls are both reached. */
	if (abi == HVTLFS_DISPATCH_ABI_ARM64) {
		/* X2 and X3; W0 the hypercall's function id unless byte 15 bit 2 says not. */
		for (r = 2; r <= 3; r++)
			if (!(regs.r[r] >> 63))
				regs.r[r] = GUEST_BASE + (regs.r[r] & 0x1FFFu);
		if (!(data[15] & 4u))
			regs.r[0] = HVTLFS_SMCCC_HV_HYPERCALL;
	} else if (abi == HVTLFS_DISPATCH_ABI_X64) {
		for (r = 2; r <= 8; r += 6)
			if (!(regs.r[r] >> 63))
				regs.r[r] = GUEST_BASE + (regs.r[r] & 0x1FFFu);
	} else {
		static const unsigned int lo[] = { 1, 6 }, hi[] = { 3, 7 };

		for (r = 0; r < 2; r++) {
			if (!(regs.r[lo[r]] >> 63))
				regs.r[lo[r]] = (regs.r[lo[r]] & 0xFFFFFFFF00000000ull) |
						(GUEST_BASE + (regs.r[lo[r]] & 0x1FFFu));
			if (!(regs.r[hi[r]] >> 63))
				regs.r[hi[r]] &= 0xFFFFFFFF00000000ull;
		}
	}
	memset(guest, 0, sizeof(guest));
	if (at < size)
		memcpy(guest, data + at, size - at < GUEST_LEN ? size - at : GUEST_LEN);
	memcpy(snapshot, guest, sizeof(guest));

	cat = hvtlfs_call_catalog(&n);
	for (i = 0; i < n && i < 64u; i++) {
		handlers[i].code = cat[i].code;
		handlers[i].fn = handler;
	}
	memset(&d, 0, sizeof(d));
	d.partition = &p;
	d.memory.read = g_read;
	d.memory.write = g_write;
	d.handlers = handlers;
	d.nhandlers = i;
	handler_ran = false;
	before = regs;
	rc = hvtlfs_dispatch(&d, abi, &regs, &s, &out);
	if (abi == HVTLFS_DISPATCH_ABI_ARM64)
		out_gpa = before.r[3];
	else if (abi == HVTLFS_DISPATCH_ABI_X64)
		out_gpa = before.r[8];
	else
		out_gpa = ((before.r[7] & 0xFFFFFFFFull) << 32) | (before.r[6] & 0xFFFFFFFFull);

	if (rc == HVTLFS_OK && out.action == HVTLFS_DISPATCH_NOT_HYPERCALL) {
		/* Only the ARM64 ABI has a function id; nothing changed, nothing ran. */
		CHECK(abi == HVTLFS_DISPATCH_ABI_ARM64);
		CHECK((before.r[0] & 0xFFFFFFFFull) != HVTLFS_SMCCC_HV_HYPERCALL);
		CHECK(!handler_ran);
		CHECK(memcmp(&regs, &before, sizeof(regs)) == 0);
	} else if (rc == HVTLFS_OK && out.action == HVTLFS_DISPATCH_VTL_SWITCH) {
		uint64_t control, input;

		control = control_of(abi, &before);
		if (abi == HVTLFS_DISPATCH_ABI_X86) {
			input = before.r[1] & 0xFFFFFFFFull;
		} else {
			input = abi == HVTLFS_DISPATCH_ABI_X64 ? before.r[0] : 0;
		}
		CHECK(control == HVTLFS_CALL_VTL_CALL || control == HVTLFS_CALL_VTL_RETURN);
		CHECK(out.code == control && out.vtl_input == input);
		CHECK(input == 0 || (control == HVTLFS_CALL_VTL_RETURN && input == 1));
		CHECK(p.privileges_ebx & HVTLFS_CPUID_FEATURES_EBX_ACCESS_VSM);
		CHECK(handler_ran && h_status == 0 && out.status == 0);
		CHECK(memcmp(&regs, &before, sizeof(regs)) == 0);
	} else if (rc != HVTLFS_OK || out.action == HVTLFS_DISPATCH_INJECT_UD ||
		   out.action == HVTLFS_DISPATCH_FAULT) {
		CHECK(rc == HVTLFS_OK || rc == HVTLFS_ERR_GUEST_READ ||
		      rc == HVTLFS_ERR_GUEST_WRITE || rc == HVTLFS_ERR_HANDLER_REPS);
		CHECK(rc != HVTLFS_ERR_HANDLER_REPS || (h_mode & 1u));
		CHECK(memcmp(&regs, &before, sizeof(regs)) == 0);
	} else {
		CHECK(out.action == HVTLFS_DISPATCH_DONE || out.action == HVTLFS_DISPATCH_CONTINUE);
		/* A VTL call or return never gets a status or a continuation. */
		CHECK(out.code != HVTLFS_CALL_VTL_CALL && out.code != HVTLFS_CALL_VTL_RETURN);
		if (out.action == HVTLFS_DISPATCH_DONE) {
			CHECK(strcmp(hvtlfs_status_name(out.status), "HV_STATUS_UNKNOWN") != 0 ||
			      (handler_ran && out.status == h_status));
			CHECK((out.result & HVTLFS_RESULT_RESERVED_MASK) == 0);
		} else {
			/* A continuation moves the rep start on by at least one rep and
			 * leaves a valid control word: rep start below rep count. */
			const uint64_t c0 = control_of(abi, &before), c1 = control_of(abi, &regs);

			CHECK(hvtlfs_control_rep_start(c1) > hvtlfs_control_rep_start(c0));
			CHECK(hvtlfs_control_rep_start(c1) < hvtlfs_control_rep_count(c1));
			CHECK(hvtlfs_control_with_rep_start(c1, hvtlfs_control_rep_start(c0)) ==
			      c0);
		}
		/* Registers: the result and control (RAX, RCX; EDX:EAX; X0, X1), and on x64
		 * and arm64 the fast block (RDX, R8, XMM0-XMM5; X2-X17) of a fast call with
		 * output. */
		for (r = 0; r < HVTLFS_DISPATCH_REGS; r++) {
			bool may;

			if (abi == HVTLFS_DISPATCH_ABI_ARM64)
				may = r <= 17u;
			else if (abi == HVTLFS_DISPATCH_ABI_X64)
				may = r == 0 || r == 1 || r == 2 || r == 8 || r >= 32u + 0u;
			else
				may = (r == 0 || r == 2) &&
				      (regs.r[r] >> 32) == (before.r[r] >> 32);
			CHECK(may || regs.r[r] == before.r[r]);
		}
	}
	/* Guest memory: only the output area of a call whose handler ran. */
	for (i = 0; i < GUEST_LEN; i++) {
		uint64_t gpa = GUEST_BASE + i;

		if (guest[i] == snapshot[i])
			continue;
		CHECK(handler_ran);
		CHECK(gpa >= out_gpa && (gpa & ~4095ull) == (out_gpa & ~4095ull));
	}
	return 0;
}
