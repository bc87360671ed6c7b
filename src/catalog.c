/* SPDX-License-Identifier: BSD-2-Clause */
#include "hvtlfs/catalog.h"
#include "hvtlfs/control.h"
/* The wire structs the sizes of #HVTLFS_CALL_LIST name. */
#include "hvtlfs/extended.h"
#include "hvtlfs/flush.h"
#include "hvtlfs/interrupt.h"
#include "hvtlfs/registers.h"
#include "hvtlfs/visibility.h"
#include "hvtlfs/vtl.h"
#include "hvtlfs_internal.h"

/* The catalog rows, in the list's order (sorted by code: a test proves it). Extended
 * calls are flagged from their code, the one rule that says which calls they are. */
#define HVTLFS_CALL_ROW_(name, code, tlfs_name, kind, flags, hdr, elem, decoder)                   \
	{ (code),                                                                                  \
	  HVTLFS_CALL_KIND_##kind,                                                                 \
	  (uint8_t)((flags) |                                                                      \
		    ((code) >= HVTLFS_CALL_EXTENDED_FIRST ? HVTLFS_CALLF_EXTENDED : 0u)),          \
	  (uint16_t)(hdr),                                                                         \
	  (uint16_t)(elem),                                                                        \
	  tlfs_name },

static const struct hvtlfs_call_info catalog[] = { HVTLFS_CALL_LIST(HVTLFS_CALL_ROW_) };

#define CATALOG_LEN (HVTLFS_ARRAY_SIZE_(catalog))

const struct hvtlfs_call_info *hvtlfs_call_lookup(uint16_t code)
{
	size_t lo = 0, hi = CATALOG_LEN;

	/* Binary search: the table is sorted by code (a test proves it). */
	while (lo < hi) {
		size_t mid = lo + ((hi - lo) >> 1);

		if (catalog[mid].code == code)
			return &catalog[mid];
		if (catalog[mid].code < code)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

const struct hvtlfs_call_info *hvtlfs_call_catalog(size_t *count)
{
	if (count)
		*count = CATALOG_LEN;
	return catalog;
}

const char *hvtlfs_call_name(uint16_t code)
{
	const struct hvtlfs_call_info *info = hvtlfs_call_lookup(code);

	return info ? info->name : "HvCallUnknown";
}

#define HVTLFS_STATUS_VALUE_(name, value) (value),
#define HVTLFS_STATUS_ROW_(name, value)	  { (value), "HV_STATUS_" #name },

/* The status values and their names, both from the one list of tlfs.h. */
static const uint16_t status_values[] = { HVTLFS_STATUS_LIST(HVTLFS_STATUS_VALUE_) };
static const struct hvtlfs_name_ status_names[] = { HVTLFS_STATUS_LIST(HVTLFS_STATUS_ROW_) };

#define STATUS_LEN (HVTLFS_ARRAY_SIZE_(status_values))

const char *hvtlfs_status_name(uint16_t status)
{
	return hvtlfs_name_of_(status_names, STATUS_LEN, status, "HV_STATUS_UNKNOWN");
}

const uint16_t *hvtlfs_status_catalog(size_t *count)
{
	if (count)
		*count = STATUS_LEN;
	return status_values;
}

static uint16_t refuse(int *reason, int err, uint16_t status)
{
	if (reason)
		*reason = err;
	return status;
}

uint16_t hvtlfs_call_check(uint64_t control, const struct hvtlfs_call_info **info, int *reason)
{
	const struct hvtlfs_call_info *ci;
	const uint16_t input = HVTLFS_STATUS_INVALID_HYPERCALL_INPUT;
	int rc;

	if (info)
		*info = NULL;
	if (control & HVTLFS_CONTROL_RESERVED_MASK)
		return refuse(reason, HVTLFS_ERR_RESERVED_BITS, input);
	ci = hvtlfs_call_lookup(hvtlfs_control_code(control));
	if (!ci)
		return refuse(reason, HVTLFS_ERR_UNKNOWN_CALL,
			      HVTLFS_STATUS_INVALID_HYPERCALL_CODE);
	if (info)
		*info = ci;
	rc = hvtlfs_control_rep_rule_(control, ci->kind == HVTLFS_CALL_KIND_REP);
	if (rc != HVTLFS_OK)
		return refuse(reason, rc, input);
	if (hvtlfs_control_var_hdr_size(control) != 0 && !(ci->flags & HVTLFS_CALLF_VARHDR))
		return refuse(reason, HVTLFS_ERR_VARHDR_NOT_ALLOWED, input);
	if (hvtlfs_control_is_fast(control) && !(ci->flags & HVTLFS_CALLF_FAST))
		return refuse(reason, HVTLFS_ERR_FAST_NOT_ALLOWED, input);
	return refuse(reason, HVTLFS_OK, HVTLFS_STATUS_SUCCESS);
}

int hvtlfs_call_encode(uint64_t *out, uint16_t code, unsigned int opts, uint32_t var_hdr_size,
		       uint32_t rep_count, uint32_t rep_start)
{
	uint64_t control;
	int why = HVTLFS_OK;
	int rc;

	if (!out)
		return HVTLFS_ERR_NULL;
	rc = hvtlfs_control_encode(&control, code, opts, var_hdr_size, rep_count, rep_start);
	if (rc != HVTLFS_OK)
		return rc;
	/* The hypervisor's own rules for the code: what it would refuse, refused here. */
	(void)hvtlfs_call_check(control, NULL, &why);
	if (why != HVTLFS_OK)
		return why;
	*out = control;
	return HVTLFS_OK;
}

#define HVTLFS_CALL_OUTPUT_ROW_(name, fixed, elem)                                                 \
	{ HVTLFS_CALL_##name, (uint16_t)(fixed), (uint16_t)(elem) },

static const struct hvtlfs_call_output outputs[] = { HVTLFS_CALL_OUTPUT_LIST(
	HVTLFS_CALL_OUTPUT_ROW_) };

/* Whether a call has output is its row's #HVTLFS_CALLF_OUTPUT; what it writes is its
 * row of #HVTLFS_CALL_OUTPUT_LIST. The compiler holds the second to the first, and to
 * a row with sizes: an output's place after a fast input needs the input's size. */
#define HVTLFS_CALL_FLAGS_ENUM_(name, code, tlfs_name, kind, flags, hdr, elem, decoder)            \
	CALL_FLAGS_##name##_ = (flags),
enum {
	HVTLFS_CALL_LIST(HVTLFS_CALL_FLAGS_ENUM_)
};
#define HVTLFS_CALL_OUTPUT_HAS_FLAG_(name, fixed, elem)                                            \
	HVTLFS_STATIC_ASSERT((CALL_FLAGS_##name##_ & HVTLFS_CALLF_OUTPUT) != 0,                    \
			     #name " has an output row but no HVTLFS_CALLF_OUTPUT");               \
	HVTLFS_STATIC_ASSERT((CALL_FLAGS_##name##_ & HVTLFS_CALLF_SIZES) != 0,                     \
			     #name " has an output row but no HVTLFS_CALLF_SIZES");
HVTLFS_CALL_OUTPUT_LIST(HVTLFS_CALL_OUTPUT_HAS_FLAG_)

const struct hvtlfs_call_output *hvtlfs_call_output_lookup(uint16_t code)
{
	size_t i;

	for (i = 0; i < HVTLFS_ARRAY_SIZE_(outputs); i++)
		if (outputs[i].code == code)
			return &outputs[i];
	return NULL;
}

int hvtlfs_call_check_gpas(uint64_t control, uint64_t input_gpa, uint64_t input_size,
			   uint64_t output_gpa, uint64_t output_size)
{
	const struct hvtlfs_call_info *ci = hvtlfs_call_lookup(hvtlfs_control_code(control));

	if (!ci)
		return HVTLFS_ERR_UNKNOWN_CALL;
	if (hvtlfs_control_is_fast(control))
		return HVTLFS_ERR_INVALID_ARG;
	/* The hypervisor ignores an output GPA the call does not use: the guest meant
	 * something it will not get. A row without sizes does not say. */
	if ((ci->flags & HVTLFS_CALLF_SIZES) && !(ci->flags & HVTLFS_CALLF_OUTPUT) &&
	    (output_gpa != 0 || output_size != 0))
		return HVTLFS_ERR_UNEXPECTED_OUTPUT;
	if ((input_size && !hvtlfs_gpa_fits_page_(input_gpa, input_size)) ||
	    (output_size && !hvtlfs_gpa_fits_page_(output_gpa, output_size)))
		return HVTLFS_ERR_ALIGNMENT;
	if (hvtlfs_gpas_overlap_(input_gpa, input_size, output_gpa, output_size))
		return HVTLFS_ERR_BUFFERS_OVERLAP;
	return HVTLFS_OK;
}
