/* SPDX-License-Identifier: BSD-2-Clause */
/* hvtlfs::mock core: state, the scripted handler, records. */
#include "mock_internal.h"

#include "hvtlfs/control.h"
#include "hvtlfs/error.h"
#include "hvtlfs/hypercall.h"
#include "hvtlfs/tlfs.h"

#include <string.h>

/* The trampoline in arch/<arch>/mock/page.S; an object symbol so no
 * function-to-object pointer conversion is needed. */
extern char hvtlfs_mock_page_entry_[];
#if defined(HVTLFS_ARCH_HAS_VTL_SWITCH) && HVTLFS_ARCH_HAS_VTL_SWITCH
/* Its VTL call and VTL return sequences, after it in the same page.S. */
extern char hvtlfs_mock_vtl_call_entry_[];
extern char hvtlfs_mock_vtl_return_entry_[];
#endif

static struct {
	hvtlfs_mock_handler_fn handler;
	void *ctx;
	struct hvtlfs_mock_response script[HVTLFS_MOCK_SCRIPT_MAX];
	size_t script_len;
	size_t script_next;
	struct hvtlfs_mock_response fallback;
	bool xmm_volatile;
	unsigned long count;
	struct hvtlfs_mock_call history[HVTLFS_MOCK_HISTORY];
} hvtlfs_mock_state_;

void hvtlfs_mock_reset(void)
{
	memset(&hvtlfs_mock_state_, 0, sizeof(hvtlfs_mock_state_));
	hvtlfs_mock_state_.fallback.status = HVTLFS_STATUS_SUCCESS;
	hvtlfs_mock_state_.fallback.reps_mode = HVTLFS_MOCK_REPS_ALL;
}

void *hvtlfs_mock_page(void)
{
	return hvtlfs_mock_page_entry_;
}

uint64_t hvtlfs_mock_vsm_code_page_offsets(void)
{
#if defined(HVTLFS_ARCH_HAS_VTL_SWITCH) && HVTLFS_ARCH_HAS_VTL_SWITCH
	uint64_t call = (uint64_t)(hvtlfs_mock_vtl_call_entry_ - hvtlfs_mock_page_entry_);
	uint64_t ret = (uint64_t)(hvtlfs_mock_vtl_return_entry_ - hvtlfs_mock_page_entry_);

	return (call & 0xFFFu) | ((ret & 0xFFFu) << 12);
#else
	/* No VTL sequences in a hypercall page on this architecture (arm64 has none). */
	return 0;
#endif
}

void hvtlfs_mock_set_handler(hvtlfs_mock_handler_fn fn, void *ctx)
{
	hvtlfs_mock_state_.handler = fn;
	hvtlfs_mock_state_.ctx = ctx;
}

int hvtlfs_mock_script(const struct hvtlfs_mock_response *steps, size_t n)
{
	size_t i;

	if (!steps && n)
		return HVTLFS_ERR_NULL;
	if (n > HVTLFS_MOCK_SCRIPT_MAX)
		return HVTLFS_ERR_NO_SPACE;
	for (i = 0; i < n; i++)
		hvtlfs_mock_state_.script[i] = steps[i];
	hvtlfs_mock_state_.script_len = n;
	hvtlfs_mock_state_.script_next = 0;
	return HVTLFS_OK;
}

void hvtlfs_mock_set_default_response(const struct hvtlfs_mock_response *response)
{
	if (response) {
		hvtlfs_mock_state_.fallback = *response;
	} else {
		hvtlfs_mock_state_.fallback.status = HVTLFS_STATUS_SUCCESS;
		hvtlfs_mock_state_.fallback.reps_mode = HVTLFS_MOCK_REPS_ALL;
		hvtlfs_mock_state_.fallback.reps = 0;
	}
}

void hvtlfs_mock_set_xmm_volatile(bool on)
{
	hvtlfs_mock_state_.xmm_volatile = on;
}

unsigned long hvtlfs_mock_call_count(void)
{
	return hvtlfs_mock_state_.count;
}

const struct hvtlfs_mock_call *hvtlfs_mock_call_at(unsigned long seq)
{
	if (seq >= hvtlfs_mock_state_.count || hvtlfs_mock_state_.count - seq > HVTLFS_MOCK_HISTORY)
		return NULL;
	return &hvtlfs_mock_state_.history[seq % HVTLFS_MOCK_HISTORY];
}

const struct hvtlfs_mock_call *hvtlfs_mock_last_call(void)
{
	if (hvtlfs_mock_state_.count == 0)
		return NULL;
	return hvtlfs_mock_call_at(hvtlfs_mock_state_.count - 1);
}

void hvtlfs_mock_scripted_handler(struct hvtlfs_mock_call *call, void *ctx)
{
	struct hvtlfs_mock_response r = hvtlfs_mock_state_.fallback;
	uint32_t count = hvtlfs_control_rep_count(call->control);
	uint32_t start = hvtlfs_control_rep_start(call->control);
	int64_t done;

	(void)ctx;
	if (hvtlfs_mock_state_.script_next < hvtlfs_mock_state_.script_len)
		r = hvtlfs_mock_state_.script[hvtlfs_mock_state_.script_next++];
	switch (r.reps_mode) {
	case HVTLFS_MOCK_REPS_ADVANCE:
		done = (int64_t)start + r.reps;
		break;
	case HVTLFS_MOCK_REPS_ABSOLUTE:
		done = r.reps;
		break;
	default:
		done = count;
		break;
	}
	call->result = hvtlfs_result_encode(r.status, (uint32_t)((uint64_t)done & 0xFFFu));
}

void hvtlfs_mock_run_(struct hvtlfs_mock_call *c)
{
	bool fast = hvtlfs_control_is_fast(c->control);

	c->seq = hvtlfs_mock_state_.count;
	c->input = NULL;
	c->output = NULL;
	if (!fast && c->input_reg == (uintptr_t)c->input_reg)
		c->input = (void *)(uintptr_t)c->input_reg;
	if (!fast && c->output_reg == (uintptr_t)c->output_reg)
		c->output = (void *)(uintptr_t)c->output_reg;
	c->result = 0;
	c->fast_out_mask = 0;
	c->xmm_volatile = fast && hvtlfs_mock_state_.xmm_volatile;
	if (hvtlfs_mock_state_.handler)
		hvtlfs_mock_state_.handler(c, hvtlfs_mock_state_.ctx);
	else
		hvtlfs_mock_scripted_handler(c, NULL);
	hvtlfs_mock_state_.history[hvtlfs_mock_state_.count % HVTLFS_MOCK_HISTORY] = *c;
	hvtlfs_mock_state_.count++;
}

uint64_t hvtlfs_mock_garbage_(unsigned int reg, const struct hvtlfs_mock_call *c)
{
	return HVTLFS_MOCK_GARBAGE(reg, c->seq);
}

uint32_t hvtlfs_mock_garbage32_(unsigned int reg, const struct hvtlfs_mock_call *c)
{
	uint64_t g = hvtlfs_mock_garbage_(reg, c);

	return (uint32_t)(g >> 32) ^ (uint32_t)g;
}

uint64_t hvtlfs_mock_control_out_(const struct hvtlfs_mock_call *c, unsigned int reg)
{
	if (hvtlfs_control_rep_count(c->control) == 0)
		return hvtlfs_mock_garbage_(reg, c);
	return hvtlfs_control_with_rep_start(c->control, hvtlfs_result_reps_completed(c->result));
}
