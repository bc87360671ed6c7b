/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * hvtlfs_flush_plan_nvps(): NULL, and every plan of the shape the flush planner makes
 * (split): form none (an error's or nobody's plan: no input, nothing read past the
 * form, with a control word of any value), the page (slow) or the XMM registers; a
 * control word of each of the four flush calls with any bank count the form's input
 * holds (0 to 64 banks in a whole page, 0 to 10 in the registers after the Ex header),
 * the fast bit with the registers; the input's words, the VP count and every other
 * field of any value; the page a whole page or, with the registers, NULL. The planner's
 * drivers (planner_flush_bitmap, planner_flush_cpus, planner_flush_ranges) prove that
 * it writes no header longer than the form's input.
 * Bounds: a rep count of 0 or 1 (split). The VP count reads no list entry and no bit
 * of the rep count (bits 32 and up), but Eva, joining control words of several rep
 * counts, loses the bank count's bits (17 to 26) of the join; for the same reason the
 * plans are built here, not taken from the planner, whose paths Eva joins.
 *
 * prove-sources: planner.c
 * prove-options: -eva-precision 0 -eva-split-limit 1000 -eva-split-return auto
 * prove-options: -eva-domains gauges
 * prove-slevel: count_banks:100
 * prove-cost: 5
 */
#include "prove.h"
#include "hvtlfs/planner.h"

static uint64_t page_buf[4096u / 8u];
static const uint16_t codes[] = { HVTLFS_CALL_FLUSH_VIRTUAL_ADDRESS_SPACE,
				  HVTLFS_CALL_FLUSH_VIRTUAL_ADDRESS_LIST,
				  HVTLFS_CALL_FLUSH_VIRTUAL_ADDRESS_SPACE_EX,
				  HVTLFS_CALL_FLUSH_VIRTUAL_ADDRESS_LIST_EX };

int main(void)
{
	struct hvtlfs_flush_plan plan;
	struct hvtlfs_input_page pg;
	int form = Frama_C_interval(0, 2), code = Frama_C_interval(0, 3);
	uint64_t banks, reps = Frama_C_interval(0, 1);

	prove_unknown(&plan, sizeof(plan));
	prove_unknown(page_buf, sizeof(page_buf));
	pg.va = page_buf;
	pg.gpa = prove_u64();
	pg.size = sizeof(page_buf);
	pg.checked_ = prove_u64();
	//@ split form;
	//@ split code;
	plan.form = form == 0 ? HVTLFS_FORM_NONE : form == 1 ? HVTLFS_FORM_SLOW : HVTLFS_FORM_XMM;
	plan.page = form == 1 ? &pg : PROVE_OR_NULL(&pg);
	if (form == 0)
		/* No input: nothing read past the form, the control word of any value. */
		return hvtlfs_flush_plan_nvps(&plan) != 0 || hvtlfs_flush_plan_nvps(NULL) != 0;
	banks = Frama_C_unsigned_long_long_interval(0, form == 2 ? 10u : 64u);
	//@ split banks;
	//@ split reps;
	plan.control = (uint64_t)codes[code] | (banks << HVTLFS_CONTROL_VARHDR_SHIFT) |
		       (reps << HVTLFS_CONTROL_REP_COUNT_SHIFT) |
		       (form == 2 ? HVTLFS_CONTROL_FAST : 0u);
	return hvtlfs_flush_plan_nvps(&plan) != 0 || hvtlfs_flush_plan_nvps(NULL) != 0;
}
