/* SPDX-License-Identifier: BSD-2-Clause */
#include "hvtlfs/extended.h"
#include "hvtlfs/catalog.h"
#include "hvtlfs_internal.h"

/* Every bit #HVTLFS_EXT_CAPABILITY_BITS names. */
#define EXT_CAP_OR_(bit, name, field) | HVTLFS_BIT64(bit)
#define EXT_CAP_KNOWN		      (0u HVTLFS_EXT_CAPABILITY_BITS(EXT_CAP_OR_))

int hvtlfs_ext_capabilities_decode(uint64_t caps, struct hvtlfs_ext_capabilities *out)
{
	if (!out)
		return HVTLFS_ERR_NULL;
#define EXT_CAP_GET_(bit, name, field) out->field = (caps & HVTLFS_BIT64(bit)) != 0;
	HVTLFS_EXT_CAPABILITY_BITS(EXT_CAP_GET_)
#undef EXT_CAP_GET_
	out->unknown_bits = caps & ~(uint64_t)EXT_CAP_KNOWN;
	return HVTLFS_OK;
}

uint64_t hvtlfs_ext_capabilities_encode(const struct hvtlfs_ext_capabilities *caps)
{
	uint64_t v;

	if (!caps)
		return 0;
	v = caps->unknown_bits & ~(uint64_t)EXT_CAP_KNOWN;
#define EXT_CAP_PUT_(bit, name, field) v |= caps->field ? HVTLFS_BIT64(bit) : 0u;
	HVTLFS_EXT_CAPABILITY_BITS(EXT_CAP_PUT_)
#undef EXT_CAP_PUT_
	return v;
}

/* The gate of every extended call: EnableExtendedHypercalls (CPUID 0x40000003 EBX bit 20). */
static int ext_allowed(const struct hvtlfs_features *features)
{
	if (!features)
		return HVTLFS_ERR_NULL;
	return features->extended_hypercalls ? HVTLFS_OK : HVTLFS_ERR_NO_PRIVILEGE;
}

/* A call with no input: the privilege, then the control word. */
static int ext_no_input_build(const struct hvtlfs_features *features, uint16_t code,
			      unsigned int opts, struct hvtlfs_prepared *out)
{
	uint64_t control;
	int rc;

	if (!out)
		return HVTLFS_ERR_NULL;
	rc = ext_allowed(features);
	if (rc != HVTLFS_OK)
		return rc;
	rc = hvtlfs_call_encode(&control, code, opts, 0, 0, 0);
	if (rc != HVTLFS_OK)
		return rc;
	hvtlfs_prepared_set_(out, control, 0, 0);
	return HVTLFS_OK;
}

int hvtlfs_ext_query_build(const struct hvtlfs_features *features, unsigned int opts,
			   struct hvtlfs_prepared *out)
{
	return ext_no_input_build(features, HVTLFS_CALL_EXT_QUERY_CAPABILITIES, opts, out);
}

int hvtlfs_ext_boot_zeroed_build(const struct hvtlfs_features *features, unsigned int opts,
				 struct hvtlfs_prepared *out)
{
	return ext_no_input_build(features, HVTLFS_CALL_EXT_GET_BOOT_ZEROED_MEMORY, opts, out);
}

int hvtlfs_ext_boot_zeroed_count(const void *output, size_t size, uint32_t *count)
{
	const size_t head = HVTLFS_OFFSETOF(struct hvtlfs_ext_boot_zeroed_output, ranges);
	const size_t each = sizeof(struct hvtlfs_ext_boot_zeroed_range);
	uint64_t n;

	if (!output || !count)
		return HVTLFS_ERR_NULL;
	if (((uintptr_t)output & (sizeof(uint64_t) - 1u)) != 0)
		return HVTLFS_ERR_ALIGNMENT;
	if (size < head)
		return HVTLFS_ERR_TRUNCATED;
	/* Read once: every check below judges this one value. */
	n = *(const volatile uint64_t *)output;
	if (n > HVTLFS_EXT_BOOT_ZEROED_MAX_RANGES)
		return HVTLFS_ERR_TOO_MANY_ELEMENTS;
	if ((size - head) / each < n)
		return HVTLFS_ERR_TRUNCATED;
	*count = (uint32_t)n;
	return HVTLFS_OK;
}

int hvtlfs_ext_heat_hint_build(void *in, size_t in_size, const struct hvtlfs_features *features,
			       uint32_t heat_type, const uint64_t *ranges, size_t count,
			       unsigned int opts, struct hvtlfs_prepared *out)
{
	/* The hypervisor reads the page behind the compiler's back: volatile stores. */
	volatile uint64_t *w = (volatile uint64_t *)in;
	const size_t head = sizeof(struct hvtlfs_ext_heat_hint_input) / sizeof(uint64_t);
	uint64_t control;
	size_t i;
	int rc;

	if (count && !ranges)
		return HVTLFS_ERR_NULL;
	/* The options are hvtlfs_call_encode()'s, after the call's own fields. */
	rc = hvtlfs_input_check_(in, out);
	if (rc != HVTLFS_OK)
		return rc;
	rc = ext_allowed(features);
	if (rc != HVTLFS_OK)
		return rc;
	if (heat_type > HVTLFS_HEAT_HINT_COLD_DISCARD)
		return HVTLFS_ERR_INVALID_ARG;
	if (count == 0)
		return HVTLFS_ERR_REP_COUNT_ZERO;
	if (count > HVTLFS_EXT_HEAT_HINT_MAX_PER_PAGE)
		return HVTLFS_ERR_TOO_MANY_ELEMENTS;
	rc = hvtlfs_call_encode(&control, HVTLFS_CALL_EXT_MEMORY_HEAT_HINT, opts, 0,
				(uint32_t)count, 0);
	if (rc != HVTLFS_OK)
		return rc;
	if (in_size / sizeof(uint64_t) < head + count)
		return HVTLFS_ERR_NO_SPACE;
	w[HVTLFS_OFFSETOF(struct hvtlfs_ext_heat_hint_input, heat_type) / sizeof(uint64_t)] =
		heat_type;
	for (i = 0; i < count; i++)
		w[head + i] = ranges[i];
	hvtlfs_prepared_set_(out, control, (uint32_t)(sizeof(uint64_t) * (head + count)),
			     (uint32_t)count);
	return HVTLFS_OK;
}
