/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * hvtlfs_dispatch() for each family of calls below, each family a state of its own
 * (split) with the inputs, rows and bounds its function's comment gives: the register
 * decode for every control word, slow calls, fast calls, the handler table and the
 * handler's reply, and the VTL call and return. One analysis rather than one a family:
 * each analysis spends up to 1.7 s before Eva starts (parsing; about 1 s on an idle
 * core), and the families' states share the check's and the decoder's (on x86_64, about
 * 11.5 s of processor time against 16.8 s for the five drivers they were).
 *
 * Within each family: row, ABI, and the family's table size or fast bit apart
 * (split), so that a fast form's refusal by the check is not joined with a slow form's
 * acceptance, nor one row's sizes with another's. The rep count and rep start are not
 * split: every pair of them is one state of each row (any_control()).
 *
 * The zeroing loops of the dispatcher's own structs (the input, the call, the
 * outcome: at most 104 bytes, the call on x86_64) unrolled whole (-eva-auto-loop-unroll
 * 120: a merged loop is a weak update, which Eva does not take as initialising); not
 * an slevel of hvtlfs_zero_(), which applies to each file's copy of it, also to the
 * request's and the VP set's zeroing in src/hvcall.c and src/vpset.c, longer than 200
 * bytes and a weak update whatever the slevel (200 states of them at every check, a
 * tenth to a sixth of the time, for nothing). Below 127: at 127 and above, the
 * decoder's HvCallSetVpRegisters loop (at most 127 elements in a page) is unrolled
 * whole too where its count is known, for no further statement or property (at 64, the
 * call's zeroing is merged and its fields read back maybe uninitialised). The fast register
 * image a state an iteration (fast_image, fast_store), handler_of's loop a state an
 * entry, the dispatcher's and the VTL switch's paths apart (slevels).
 *
 * The octagon domain relates the dispatcher's output bounds (-eva-domains octagon):
 * with a rep start of any value, the write of the reps done from `from` to `to`, after
 * its test to > from, is otherwise of any length (their difference, unrelated, wraps);
 * without it, that one alarm on each machine.
 *
 * prove-sources: dispatch.c hvcall.c catalog.c vpset.c ranges.c registers.c
 * prove-options: -eva-precision 1 -eva-split-limit 1000 -eva-split-return auto
 * prove-options: -eva-auto-loop-unroll 120 -eva-domains octagon
 * prove-slevel: hvtlfs_call_lookup:100 hvtlfs_dispatch:100 handler_of:10 vtl_switch:100
 * prove-slevel: fast_image:300 fast_store:300
 * prove-cost: 10
 */
#include "dispatch_env.h"

/*
 * A control word of call @code as a guest may write it: every variable header size,
 * rep count and rep start (every combination of them), the nested and reserved bits
 * of any value, the fast bit @fast (docs/proofs.md, "The dispatcher"). The
 * analysis cannot take the fields of such a word apart (each comes out as its whole
 * range, unrelated to the others): the dispatcher and the decoder it runs bound
 * what they read and write by the sizes the check fitted to the page or the register
 * block and by the catalog's row (a row without a variable header has none), not by
 * the fields (src/dispatch.c, src/hvcall.c).
 */
static uint64_t any_control(uint16_t code, bool fast)
{
	return (prove_u64() & ~(HVTLFS_CONTROL_CODE_MASK | HVTLFS_CONTROL_FAST)) | code |
	       (fast ? HVTLFS_CONTROL_FAST : 0);
}

static const uint16_t regs_codes[] = { HVTLFS_CALL_DISABLE_VP_VTL, HVTLFS_CALL_RESET_DEBUG_SESSION,
				       HVTLFS_CALL_EXT_GET_BOOT_ZEROED_MEMORY,
				       HVTLFS_CALL_MODIFY_VTL_PROTECTION_MASK };

/*
 * The register file's decode for each ABI (x86_64, i386, arm64) and every ABI number
 * out of range. The register file of any values, the control word of any value but
 * its call code (the fast bit either, variable header size, rep count and start,
 * nested and reserved bits all any value); on arm64 W0 the hypercall function id or
 * any value; the partition of any value (every option word, known or not); the
 * accessor failing or answering any bytes; a handler for the call; the scratch and
 * the outcome of any bytes.
 *
 * The call code is fixed to rows that take each path of the register decode without
 * a decoder of src/hvcall.c behind it (those are the decoders' drivers): a slow-only
 * simple call with input (HvCallDisableVpVtl), a fast-capable one
 * (HvCallResetDebugSession), an extended call with output and no input
 * (HvExtCallGetBootZeroedMemory), a rep call (HvCallModifyVtlProtectionMask). The
 * other rows differ in their sizes and decoders, not in the register decode (the
 * slow and fast families and the decoders' drivers cover them). Each ABI, row and
 * fast bit apart (split).
 */
static int regs_family(void)
{
	struct hvtlfs_dispatch_partition part;
	struct hvtlfs_dispatch_handler h;
	struct hvtlfs_dispatcher d;
	struct hvtlfs_dispatch_outcome out;
	int row = Frama_C_interval(0, (int)PROVE_LEN(regs_codes) - 1);
	unsigned int abi = (unsigned int)Frama_C_interval(0, HVTLFS_DISPATCH_ABI_COUNT_);
	uint64_t control, fast = prove_bool();

	//@ split row;
	//@ split abi;
	//@ split fast;
	control = (prove_u64() & ~((uint64_t)0x1FFFFu)) | regs_codes[row] |
		  fast << HVTLFS_CONTROL_FAST_SHIFT;
	env_regs(abi, control, prove_bool(), &out);
	prove_unknown(&scratch, sizeof(scratch));
	env_partition(&part);
	h.code = regs_codes[row];
	h.fn = handler;
	env_dispatcher(&d, &part, &h, 1);
	if (abi == HVTLFS_DISPATCH_ABI_COUNT_)
		abi = prove_u32_in(HVTLFS_DISPATCH_ABI_COUNT_, ~0u);
	return hvtlfs_dispatch(&d, abi, &regs, &scratch, &out);
}

static const uint16_t slow_codes[] = { HVTLFS_CALL_POST_MESSAGE,
				       HVTLFS_CALL_GET_VP_INDEX_FROM_APIC_ID,
				       HVTLFS_CALL_SET_VP_REGISTERS,
				       HVTLFS_CALL_FLUSH_VIRTUAL_ADDRESS_LIST,
				       HVTLFS_CALL_EXT_EPF_SETUP };

/*
 * Slow calls, the input fetched and the output written through the guest-memory
 * accessor, for each ABI. The accessor fails, or reads any bytes (exactly the bytes
 * asked for: the buffer the dispatcher passes is the scratch's input page, so a read
 * past a page is an alarm); a write reads exactly what it is given, then fails or
 * succeeds. The input and output GPAs of any value, the register file and the
 * partition of any value, a handler that reads its whole input and every element the
 * request gives it, writes its whole output and replies anything.
 *
 * Rows: a simple call with a decoder (HvCallPostMessage), rep calls with a decoder's
 * elements (HvCallGetVpIndexFromApicId with output, HvCallSetVpRegisters, and
 * HvCallFlushVirtualAddressList's ranges), and a call without sizes
 * (HvExtCallEpfSetup: the dispatcher passes the rest of the input page).
 * Bounds: none: every control word of the row (any_control()), with any high halves
 * of EDX and EAX (i386). Row and ABI apart (split).
 */
static int slow_family(void)
{
	struct hvtlfs_dispatch_partition part;
	struct hvtlfs_dispatch_handler h;
	struct hvtlfs_dispatcher d;
	struct hvtlfs_dispatch_outcome out;
	int row = Frama_C_interval(0, (int)PROVE_LEN(slow_codes) - 1);
	unsigned int abi = (unsigned int)Frama_C_interval(0, HVTLFS_DISPATCH_ABI_COUNT_ - 1);
	uint64_t control;

	//@ split row;
	//@ split abi;
	control = any_control(slow_codes[row], false);
	env_regs(abi, control, false, &out);
	prove_unknown(&scratch, sizeof(scratch));
	env_partition(&part);
	h.code = slow_codes[row];
	h.fn = handler;
	env_dispatcher(&d, &part, &h, 1);
	return hvtlfs_dispatch(&d, abi, &regs, &scratch, &out);
}

static const uint16_t fast_codes[] = { HVTLFS_CALL_GET_VP_REGISTERS,
				       HVTLFS_CALL_GET_VP_INDEX_FROM_APIC_ID,
				       HVTLFS_CALL_SIGNAL_EVENT };

/*
 * Fast calls, the input from the register file and the output back into it, for
 * each ABI: x86_64 (RDX, R8, XMM0-XMM5 in and out), i386 (EBX:ECX, EDI:ESI, XMM0-XMM5
 * in; no fast output: refused), arm64 (X2-X17 in and out). The register file, the
 * partition (XMM input and output features among them) and the scratch of any value;
 * a handler that reads its whole input and every element the request gives it,
 * writes its whole output and replies anything; the accessor as for slow calls (a
 * fast call must not use it).
 *
 * Rows: rep calls with output (HvCallGetVpRegisters, HvCallGetVpIndexFromApicId: the
 * output after the input in the register image) and a simple fast call with a decoder
 * (HvCallSignalEvent).
 * Bounds: none: every fast control word of the row (any_control()), with any high
 * halves of EDX and EAX (i386). Row and ABI apart (split).
 */
static int fast_family(void)
{
	struct hvtlfs_dispatch_partition part;
	struct hvtlfs_dispatch_handler h;
	struct hvtlfs_dispatcher d;
	struct hvtlfs_dispatch_outcome out;
	int row = Frama_C_interval(0, (int)PROVE_LEN(fast_codes) - 1);
	unsigned int abi = (unsigned int)Frama_C_interval(0, HVTLFS_DISPATCH_ABI_COUNT_ - 1);
	uint64_t control;

	//@ split row;
	//@ split abi;
	control = any_control(fast_codes[row], true);
	env_regs(abi, control, false, &out);
	prove_unknown(&scratch, sizeof(scratch));
	env_partition(&part);
	h.code = fast_codes[row];
	h.fn = handler;
	env_dispatcher(&d, &part, &h, 1);
	return hvtlfs_dispatch(&d, abi, &regs, &scratch, &out);
}

static const uint16_t handler_codes[] = { HVTLFS_CALL_MODIFY_VTL_PROTECTION_MASK,
					  HVTLFS_CALL_GET_VP_INDEX_FROM_APIC_ID,
					  HVTLFS_CALL_POST_DEBUG_DATA };

/*
 * The handler table and the handler's reply. The table absent (NULL, no entries), or
 * one or two entries, each of the call's code or any other code, each with the
 * handler or none; the handler replying any status with any reps completed (success
 * with every rep done, a yield or a timeout part-way, a failure part-way, a count
 * below the rep start or past the limit), with the partition's options (the timeout
 * option among them) of any value; the output written through the accessor (failing
 * or not) or dropped; the register file, the partition and the scratch of any value,
 * for each ABI.
 *
 * Rows: a rep call without a decoder (HvCallModifyVtlProtectionMask: no request), a
 * rep call with a decoder and output (HvCallGetVpIndexFromApicId), a simple call with
 * output and no decoder (HvCallPostDebugData).
 * Bounds: none: every control word of the row (any_control()), with any high halves
 * of EDX and EAX (i386). Row, ABI and table size apart (split).
 */
static int handler_family(void)
{
	struct hvtlfs_dispatch_partition part;
	struct hvtlfs_dispatch_handler h[2];
	struct hvtlfs_dispatcher d;
	struct hvtlfs_dispatch_outcome out;
	int row = Frama_C_interval(0, (int)PROVE_LEN(handler_codes) - 1);
	int nh = Frama_C_interval(0, 2);
	unsigned int abi = (unsigned int)Frama_C_interval(0, HVTLFS_DISPATCH_ABI_COUNT_ - 1);
	uint64_t control;
	size_t i;

	//@ split row;
	//@ split abi;
	//@ split nh;
	control = any_control(handler_codes[row], false);
	env_regs(abi, control, false, &out);
	prove_unknown(&scratch, sizeof(scratch));
	env_partition(&part);
	for (i = 0; i < 2; i++) {
		h[i].code = prove_bool() ? handler_codes[row] : prove_u16();
		h[i].fn = PROVE_OR_NULL(handler);
	}
	env_dispatcher(&d, &part, nh ? h : NULL, (size_t)nh);
	return hvtlfs_dispatch(&d, abi, &regs, &scratch, &out);
}

/*
 * HvCallVtlCall and HvCallVtlReturn (their own path, vtl_switch in src/dispatch.c):
 * every refusal (#UD without the AccessVsm privilege, for a control word the decoder
 * refuses, for a control input it refuses, without a handler) and the handler's
 * verdict. Both codes with the rest of the control word of any value (fast bit,
 * sizes, nested and reserved bits), the register file of any value (the control
 * input register among them), the partition of any value, for each ABI; the handler
 * table absent or one or two entries of the call's code or any other, with the
 * handler or none; the handler replying anything; the scratch of any bytes.
 *
 * No bounds: a VTL switch has no input bytes and no rep elements.
 * Code, ABI and table size apart (split).
 */
static int vtl_family(void)
{
	struct hvtlfs_dispatch_partition part;
	struct hvtlfs_dispatch_handler h[2];
	struct hvtlfs_dispatcher d;
	struct hvtlfs_dispatch_outcome out;
	int ret = prove_bool(), nh = Frama_C_interval(0, 2);
	unsigned int abi = (unsigned int)Frama_C_interval(0, HVTLFS_DISPATCH_ABI_COUNT_ - 1);
	uint16_t code;
	size_t i;

	//@ split ret;
	//@ split abi;
	//@ split nh;
	code = ret ? HVTLFS_CALL_VTL_RETURN : HVTLFS_CALL_VTL_CALL;
	env_regs(abi, (prove_u64() & ~(uint64_t)0xFFFFu) | code, false, &out);
	prove_unknown(&scratch, sizeof(scratch));
	env_partition(&part);
	for (i = 0; i < 2; i++) {
		h[i].code = prove_bool() ? code : prove_u16();
		h[i].fn = PROVE_OR_NULL(handler);
	}
	env_dispatcher(&d, &part, nh ? h : NULL, (size_t)nh);
	return hvtlfs_dispatch(&d, abi, &regs, &scratch, &out);
}

int main(void)
{
	int family = Frama_C_interval(0, 4);

	//@ split family;
	if (family == 0)
		return regs_family();
	if (family == 1)
		return slow_family();
	if (family == 2)
		return fast_family();
	if (family == 3)
		return handler_family();
	return vtl_family();
}
