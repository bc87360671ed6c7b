/* SPDX-License-Identifier: BSD-2-Clause */
#include "console.h"
#include "hv.h"

#include "hvtlfs/control.h"
#include "hvtlfs/tlfs.h"

static uint32_t n_calls;

uint32_t hv_calls(void)
{
	return n_calls;
}

static void say_control(uint64_t control)
{
	con_puts("hv: call ");
	con_hex(hvtlfs_control_code(control), 4);
	con_puts(hvtlfs_control_is_fast(control) ? " fast" : " slow");
	if (hvtlfs_control_rep_count(control) != 0) {
		con_puts(" reps ");
		con_dec(hvtlfs_control_rep_start(control));
		con_puts("..");
		con_dec(hvtlfs_control_rep_count(control));
	}
	con_puts("\n");
}

uint64_t hv_hypercall(struct hv_regs *r)
{
	uint64_t control = r->control;

	n_calls++;
	say_control(control);
	if (hvtlfs_control_check(control) != HVTLFS_OK)
		return hvtlfs_result_make(HVTLFS_STATUS_INVALID_HYPERCALL_INPUT, 0);
	switch (hvtlfs_control_code(control)) {
	case HVTLFS_CALL_NOTIFY_LONG_SPIN_WAIT:
		if (!hvtlfs_control_is_fast(control))
			return hvtlfs_result_make(HVTLFS_STATUS_INVALID_HYPERCALL_INPUT, 0);
		con_puts("hv: HvNotifyLongSpinWait spin count ");
		con_dec((uint32_t)r->in);
		con_puts("\n");
		return hvtlfs_result_make(HVTLFS_STATUS_SUCCESS, 0);
	default:
		return hvtlfs_result_make(HVTLFS_STATUS_INVALID_HYPERCALL_CODE, 0);
	}
}

int hv_rdmsr(uint32_t msr, uint64_t *value)
{
	(void)msr;
	(void)value;
	return -1;
}

int hv_wrmsr(uint32_t msr, uint64_t value)
{
	(void)msr;
	(void)value;
	return -1;
}
