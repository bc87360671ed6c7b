/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * hvtlfs_dispatch(): the register file's decode for each ABI (x86_64, i386, arm64)
 * and every ABI number out of range. The register file of any values, the control
 * word of any value but its call code (the fast bit either, variable header size, rep
 * count and start, nested and reserved bits all any value); on arm64 W0 the hypercall
 * function id or any value; the partition of any value (every option word, known or not);
 * the accessor failing or answering any bytes; a handler for the call; the scratch
 * and the outcome of any bytes.
 *
 * The call code is fixed to rows that take each path of the register decode without
 * a decoder of src/hvcall.c behind it (those are the decoders' drivers): a slow-only
 * simple call with input (HvCallDisableVpVtl), a fast-capable one
 * (HvCallResetDebugSession), an extended call with output and no input
 * (HvExtCallGetBootZeroedMemory), a rep call (HvCallModifyVtlProtectionMask). The
 * other rows differ in their sizes and decoders, not in the register decode
 * (dispatch_slow, dispatch_fast and the decoders' drivers cover them).
 * Each ABI, row and fast bit apart (split): a state each, so that the fast form's
 * refusal by the check is not joined with the slow form's acceptance.
 *
 * The zeroing loops of the dispatcher's own structs (the input, the call, the
 * outcome, the output area: at most 200 bytes) unrolled whole (-eva-auto-loop-unroll
 * 200: a merged loop is a weak update, which Eva does not take as initialising); not
 * an slevel of hvtlfs_zero_(), which applies to each file's copy of it, also to the
 * request's and the VP set's zeroing in src/hvcall.c and src/vpset.c, longer than 200
 * bytes and a weak update whatever the slevel (200 states of them at every check, a
 * tenth to a sixth of the time, for nothing). The fast register image a state an
 * iteration, the dispatcher's paths apart (slevels).
 *
 * prove-sources: dispatch.c hvcall.c catalog.c vpset.c
 * prove-options: -eva-precision 1 -eva-split-limit 1000 -eva-split-return auto
 * prove-options: -eva-auto-loop-unroll 200
 * prove-slevel: hvtlfs_call_lookup:100 hvtlfs_dispatch:100
 * prove-slevel: fast_image:300 fast_store:300
 * prove-cost: 5
 */
#include "dispatch_env.h"

static const uint16_t codes[] = { HVTLFS_CALL_DISABLE_VP_VTL, HVTLFS_CALL_RESET_DEBUG_SESSION,
				  HVTLFS_CALL_EXT_GET_BOOT_ZEROED_MEMORY,
				  HVTLFS_CALL_MODIFY_VTL_PROTECTION_MASK };

int main(void)
{
	struct hvtlfs_dispatch_partition part;
	struct hvtlfs_dispatch_handler h;
	struct hvtlfs_dispatcher d;
	struct hvtlfs_dispatch_outcome out;
	int row = Frama_C_interval(0, (int)PROVE_LEN(codes) - 1);
	unsigned int abi = (unsigned int)Frama_C_interval(0, HVTLFS_DISPATCH_ABI_COUNT_);
	uint64_t control, fast = prove_bool();

	//@ split row;
	//@ split abi;
	//@ split fast;
	control = (prove_u64() & ~((uint64_t)0x1FFFFu)) | codes[row] |
		  fast << HVTLFS_CONTROL_FAST_SHIFT;
	env_regs(abi, control, prove_bool(), &out);
	prove_unknown(&scratch, sizeof(scratch));
	env_partition(&part);
	h.code = codes[row];
	h.fn = handler;
	env_dispatcher(&d, &part, &h, 1);
	if (abi == HVTLFS_DISPATCH_ABI_COUNT_)
		abi = prove_u32_in(HVTLFS_DISPATCH_ABI_COUNT_, ~0u);
	return hvtlfs_dispatch(&d, abi, &regs, &scratch, &out);
}
