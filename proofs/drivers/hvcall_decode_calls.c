/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * hvtlfs_hvcall_decode_into() for every row with a decoder but the VP calls'
 * (hvcall_decode_vp's), one family of rows after the other, and the decoder's entry
 * (decode_entry(), below). For each code of each family, every input of
 * proofs/model/hvcall_decode.h: both call forms, every control word bit, GPA, feature
 * and option word; the guest bytes unknown and changing between reads, exactly the need
 * or any shorter length with nothing readable, and every larger size with a page of
 * bytes with any length; the caller's arrays ending at their capacity, or NULL. Each
 * code is a state of its own (split), as is the entry: one analysis rather than one a
 * family, since each analysis spends up to 1.7 s before Eva starts (parsing; about 1 s
 * on an idle core), more than the smaller families' analysis (on x86_64, about 20 s of
 * processor time against 26.5 s for the six drivers they were: hvcall_decode_flush,
 * _flush_ex, _ipi, _msg, _ext and _entry).
 *
 * The families, their decoders and bounds:
 * - the flush calls, HvCallFlushVirtualAddressSpace, HvCallFlushVirtualAddressList,
 *   HvCallFlushGuestPhysicalAddressSpace and HvCallFlushGuestPhysicalAddressList
 *   (decode_flush_va(), decode_flush_gpa(), decode_list()): 0 to 2 GVA or GPA range
 *   entries exactly into 0 to 2 range slots, or any count with a page (each entry is
 *   read at its own offset by the one loop step of decode_list());
 * - their Ex forms, HvCallFlushVirtualAddressSpaceEx and
 *   HvCallFlushVirtualAddressListEx (decode_flush_va() with the HV_VP_SET,
 *   decode_list()): the HV_VP_SET of 0 to 2 bank words exactly (each further word is
 *   read by the same loop step of hvtlfs_vpset_decode(), which vpset_decode proves
 *   for every length), or any larger size with a page (the list: each of 0 to 64
 *   banks with a page, where its rep elements follow: 3, 4, 63 and 64 banks exactly);
 *   0 to 2 GVA range entries as above;
 * - HvCallSendSyntheticClusterIpi and its Ex form (decode_ipi()): the Ex form's
 *   HV_VP_SET of 0 to 2 bank words exactly, or any larger size with a page;
 * - the message calls, HvCallNotifyLongSpinWait, HvCallPostMessage and
 *   HvCallSignalEvent (decode_spin_wait(), decode_post_message(),
 *   decode_signal_event() and connection_status(), the rule they share): none takes
 *   a variable header or reps, so their exact sizes are 0 (any other is refused by
 *   the check, analysed with a page); the payload loop copies at most
 *   HVTLFS_MESSAGE_PAYLOAD_MAX bytes, each inside the fixed header;
 * - HvExtCallQueryCapabilities, HvExtCallMemoryHeatHint,
 *   HvCallModifySparseGpaPageHostVisibility and HvCallRetargetDeviceInterrupt
 *   (decode_ext_query(), decode_ext_heat_hint(), decode_visibility(),
 *   decode_retarget(), decode_list()): 0 to 2 GPA ranges or GPFNs exactly into 0 to
 *   2 range slots, or any count with a page; the retarget's variable header (its
 *   valid bank mask and banks) of 0 to 2 words exactly, or any larger size with a
 *   page.
 *
 * The decoder's request is judged by hvtlfs_hvcall_check() first: the states of a
 * refused and an accepted call are kept apart through its return (-eva-partition-history
 * 1 -eva-interprocedural-history), and the decoder and the check keep a state a path
 * (slevel), so a refused call's request is not taken for an accepted one's. The
 * gauges domain only in decode_list() and its callees (-eva-domains-function): it
 * relates the list's rep index to the offset it reads, which the Ex flush list's wide
 * bank counts need (without it, alarms there); elsewhere it only cost time.
 *
 * prove-sources: hvcall.c catalog.c vpset.c ranges.c
 * prove-options: -eva-precision 0 -eva-split-limit 1000 -eva-split-return auto
 * prove-options: -eva-domains-function gauges:decode_list+
 * prove-options: -eva-partition-history 1 -eva-interprocedural-history
 * prove-slevel: hvtlfs_call_lookup:1000 hvtlfs_vpset_decode_mask:20
 * prove-slevel: hvtlfs_hvcall_decode_into:50 hvtlfs_hvcall_check_:50
 * prove-cost: 20
 */
#include "hvcall_decode.h"
#include "hvtlfs/flush.h"

static const uint16_t flush_codes[] = {
	HVTLFS_CALL_FLUSH_VIRTUAL_ADDRESS_SPACE,
	HVTLFS_CALL_FLUSH_VIRTUAL_ADDRESS_LIST,
	HVTLFS_CALL_FLUSH_GUEST_PHYSICAL_ADDRESS_SPACE,
	HVTLFS_CALL_FLUSH_GUEST_PHYSICAL_ADDRESS_LIST,
};

static const uint16_t flush_ex_codes[] = {
	HVTLFS_CALL_FLUSH_VIRTUAL_ADDRESS_SPACE_EX,
	HVTLFS_CALL_FLUSH_VIRTUAL_ADDRESS_LIST_EX,
};

static const uint16_t ipi_codes[] = {
	HVTLFS_CALL_SEND_SYNTHETIC_CLUSTER_IPI,
	HVTLFS_CALL_SEND_SYNTHETIC_CLUSTER_IPI_EX,
};

static const uint16_t msg_codes[] = {
	HVTLFS_CALL_NOTIFY_LONG_SPIN_WAIT,
	HVTLFS_CALL_POST_MESSAGE,
	HVTLFS_CALL_SIGNAL_EVENT,
};

static const uint16_t ext_codes[] = {
	HVTLFS_CALL_RETARGET_DEVICE_INTERRUPT,
	HVTLFS_CALL_MODIFY_SPARSE_GPA_PAGE_HOST_VISIBILITY,
	HVTLFS_CALL_EXT_QUERY_CAPABILITIES,
	HVTLFS_CALL_EXT_MEMORY_HEAT_HINT,
};

static struct hvtlfs_hvcall_input any_input(uint64_t control)
{
	struct hvtlfs_hvcall_input in;

	in.control = control;
	in.input_gpa = prove_u64();
	in.output_gpa = prove_u64();
	in.vtl_input = prove_u64();
	in.features = prove_uint();
	in.options = prove_uint();
	in.bytes = NULL;
	in.len = prove_size_any();
	return in;
}

/*
 * hvtlfs_hvcall_decode_into() and hvtlfs_hvcall_decode() at their entry, for every
 * code: in or req NULL (any elements); element arrays NULL with a capacity (each of
 * the three, any non-zero capacity); no guest bytes (NULL) with any length, for every
 * row of the catalog (the fast bit clear or set, the nested bit clear or set, the
 * sizes 0, any VTL call input, feature and option word: the rows without a decoder,
 * the VTL switch, a call with no input, a call that needs bytes); codes the catalog
 * does not have, with a page of bytes and every length: the first and the last code
 * of each gap between two rows, before the first and after the last (an interval of
 * codes is merged across the gaps by the analysis; the catalog driver proves the
 * lookup and hvcall_check the refusal for every code); and hvtlfs_hvcall_decode()
 * with its range array NULL or ending at its capacity (0 to 2) for
 * HvCallFlushGuestPhysicalAddressList with 0 to 2 reps, the guest bytes ending at
 * the need. The families above decode every row's bytes.
 *
 * Bounds: the range capacity and reps of the wrapper as the families' (it only
 * passes its array on).
 */
static int decode_entry(void)
{
	const struct hvtlfs_call_info *rows;
	struct hvtlfs_hvcall_input in;
	struct hvtlfs_hvcall_request req;
	struct hvtlfs_hvcall_elements el;
	size_t nrows = 0, need, cap;
	int phase = Frama_C_interval(0, 4), row, which;
	uint16_t code, lo, hi;
	uint64_t control;

	rows = hvtlfs_call_catalog(&nrows);
	prove_unknown(&req, sizeof(req));
	el.ranges = NULL;
	el.ranges_cap = 0;
	el.registers = NULL;
	el.registers_cap = 0;
	el.apic_ids = NULL;
	el.apic_ids_cap = 0;
	//@ split phase;
	if (phase == 0) {
		/* in or req NULL. */
		which = Frama_C_interval(0, 1);
		//@ split which;
		in = any_input(prove_u64());
		return hvtlfs_hvcall_decode_into(which ? &in : NULL, which ? NULL : &req,
						 PROVE_OR_NULL(&el));
	}
	if (phase == 1) {
		/* An array NULL with a capacity. */
		which = Frama_C_interval(0, 2);
		//@ split which;
		in = any_input(prove_u64());
		el.ranges = prove_decode_ranges;
		el.ranges_cap = PROVE_DECODE_CAP;
		el.registers = prove_decode_registers;
		el.registers_cap = PROVE_DECODE_CAP;
		el.apic_ids = prove_decode_apic_ids;
		el.apic_ids_cap = PROVE_DECODE_CAP;
		if (which == 0) {
			el.ranges = NULL;
			el.ranges_cap = prove_size(1, HVTLFS_SIZE_MAX_PROVE);
		} else if (which == 1) {
			el.registers = NULL;
			el.registers_cap = prove_size(1, HVTLFS_SIZE_MAX_PROVE);
		} else {
			el.apic_ids = NULL;
			el.apic_ids_cap = prove_size(1, HVTLFS_SIZE_MAX_PROVE);
		}
		return hvtlfs_hvcall_decode_into(&in, &req, &el);
	}
	if (phase == 2) {
		/* Every row with no guest bytes. */
		row = Frama_C_interval(0, (int)nrows - 1);
		//@ split row;
		which = Frama_C_interval(0, 3);
		//@ split which;
		control = rows[row].code | (uint64_t)(which & 1) << HVTLFS_CONTROL_FAST_SHIFT |
			  (uint64_t)(which >> 1) << HVTLFS_CONTROL_NESTED_SHIFT;
		in = any_input(control);
		return hvtlfs_hvcall_decode_into(&in, &req, PROVE_OR_NULL(&el));
	}
	if (phase == 3) {
		/* Every code between two rows (before the first, after the last). */
		row = Frama_C_interval(0, (int)nrows);
		//@ split row;
		lo = row == 0 ? 0u : (uint16_t)(rows[row - 1].code + 1u);
		hi = row == (int)nrows ? 0xFFFFu : (uint16_t)(rows[row].code - 1u);
		if (lo > hi || (row > 0 && rows[row - 1].code == 0xFFFFu))
			return 0;
		code = (uint16_t)Frama_C_nondet(lo, hi);
		in = any_input(code | (uint64_t)prove_bool() << HVTLFS_CONTROL_FAST_SHIFT);
		in.bytes = prove_decode_guest;
		in.len = prove_size(0, HVTLFS_PAGE_SIZE);
		return hvtlfs_hvcall_decode_into(&in, &req, NULL);
	}
	/* hvtlfs_hvcall_decode(): the range array NULL or ending at its capacity. */
	which = Frama_C_interval(0, (int)PROVE_DECODE_EXACT);
	cap = prove_size(0, PROVE_DECODE_CAP);
	//@ split which;
	//@ split cap;
	in = any_input(HVTLFS_CALL_FLUSH_GUEST_PHYSICAL_ADDRESS_LIST |
		       (uint64_t)which << HVTLFS_CONTROL_REP_COUNT_SHIFT);
	need = sizeof(struct hvtlfs_gpa_flush_input) + sizeof(uint64_t) * (size_t)which;
	prove_unknown(prove_decode_guest, sizeof(prove_decode_guest));
	in.bytes = PROVE_TAIL(prove_decode_guest, need);
	in.len = need;
	return hvtlfs_hvcall_decode(&in, &req, PROVE_OR_NULL(PROVE_TAIL(prove_decode_ranges, cap)),
				    cap);
}

int main(void)
{
	int family = Frama_C_interval(0, 5);

	//@ split family;
	if (family == 0)
		return prove_decode_rows(flush_codes, (int)PROVE_LEN(flush_codes));
	if (family == 1)
		return prove_decode_rows(flush_ex_codes, (int)PROVE_LEN(flush_ex_codes));
	if (family == 2)
		return prove_decode_rows(ipi_codes, (int)PROVE_LEN(ipi_codes));
	if (family == 3)
		return prove_decode_rows(msg_codes, (int)PROVE_LEN(msg_codes));
	if (family == 4)
		return prove_decode_rows(ext_codes, (int)PROVE_LEN(ext_codes));
	return decode_entry();
}
