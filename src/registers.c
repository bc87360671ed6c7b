/* SPDX-License-Identifier: BSD-2-Clause */
#include "hvtlfs/registers.h"
#include "hvtlfs_internal.h"

/* Stores into the caller's input go through volatile words: the hypervisor reads them
 * behind the compiler's back, and no copy loop becomes a memcpy call. */
typedef volatile uint64_t word_t;

#define ACCESS_RW_ 0u
#define ACCESS_RO_ HVTLFS_REGF_READ_ONLY
#define REGISTER_ROW_(name, number, tlfs_name, set, width, source, access, msr)                    \
	{                                                                                          \
		(number),                                                                          \
		(msr),                                                                             \
		(width),                                                                           \
		HVTLFS_REGSET_##set,                                                               \
		ACCESS_##access##_,                                                                \
		HVTLFS_REGSRC_##source,                                                            \
		tlfs_name                                                                          \
	},

/* The catalog, in the list's order: sorted by number, then set (a test proves it). */
static const struct hvtlfs_register_info catalog[] = { HVTLFS_REGISTER_LIST(REGISTER_ROW_) };

#define CATALOG_LEN (HVTLFS_ARRAY_SIZE_(catalog))

const struct hvtlfs_register_info *hvtlfs_register_catalog(size_t *count)
{
	if (count)
		*count = CATALOG_LEN;
	return catalog;
}

const struct hvtlfs_register_info *hvtlfs_register_lookup(uint32_t name, unsigned int set)
{
	size_t lo = 0, hi = CATALOG_LEN;

	/* The first row of @name (binary search), then its rows of each set. */
	while (lo < hi) {
		/* lo + hi cannot wrap (the catalog is small); as the midpoint of the
		 * bounds, not lo + half the distance, the analysis of proofs/ sees
		 * mid < CATALOG_LEN. */
		size_t mid = (lo + hi) >> 1;

		if (catalog[mid].name < name)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (; lo < CATALOG_LEN && catalog[lo].name == name; lo++)
		if (catalog[lo].sets & set)
			return &catalog[lo];
	return NULL;
}

/* Whether two NUL-terminated strings are equal (no libc). */
static bool same_string(const char *a, const char *b)
{
	while (*a && *a == *b) {
		a++;
		b++;
	}
	return *a == *b;
}

const struct hvtlfs_register_info *hvtlfs_register_lookup_name(const char *tlfs_name,
							       unsigned int set)
{
	size_t i;

	if (!tlfs_name)
		return NULL;
	for (i = 0; i < CATALOG_LEN; i++)
		if ((catalog[i].sets & set) && same_string(catalog[i].tlfs_name, tlfs_name))
			return &catalog[i];
	return NULL;
}

const struct hvtlfs_register_info *hvtlfs_register_lookup_msr(uint32_t msr)
{
	size_t i;

	if (msr == 0)
		return NULL;
	for (i = 0; i < CATALOG_LEN; i++)
		if (catalog[i].msr == msr)
			return &catalog[i];
	return NULL;
}

const char *hvtlfs_register_name(uint32_t name, unsigned int set)
{
	const struct hvtlfs_register_info *ri = hvtlfs_register_lookup(name, set);

	return ri ? ri->tlfs_name : "HvRegisterUnknown";
}

int hvtlfs_register_names_check(const uint32_t *names, size_t count, unsigned int set,
				size_t *first_unknown)
{
	size_t i;

	if (!names && count)
		return HVTLFS_ERR_NULL;
	for (i = 0; i < count; i++)
		if (!hvtlfs_register_lookup(names[i], set))
			break;
	if (first_unknown)
		*first_unknown = i;
	return i < count ? HVTLFS_ERR_UNKNOWN_REGISTER : HVTLFS_OK;
}

int hvtlfs_register_write_check(uint32_t name, unsigned int set,
				const struct hvtlfs_register_value *value)
{
	const struct hvtlfs_register_info *ri = hvtlfs_register_lookup(name, set);
	unsigned int width;

	if (!value)
		return HVTLFS_ERR_NULL;
	if (!ri)
		return HVTLFS_OK;
	if (ri->flags & HVTLFS_REGF_READ_ONLY)
		return HVTLFS_ERR_REGISTER_READ_ONLY;
	/* One read of the width: the test below bounds the shift's operand itself. */
	width = ri->width;
	if (width < 128u && (value->hi != 0 || (width < 64u && (value->lo >> width) != 0)))
		return HVTLFS_ERR_REGISTER_WIDTH;
	return HVTLFS_OK;
}

/* The checks both builders share, in the flush builders' order: pointers, alignment,
 * options, the call's fields, the rep count and its arrays (@values: Set's values, or
 * Get's names again), then the size: the input (and, @fast_out, a fast Get's values
 * after it) against the fast registers and the buffer. */
static int check(const void *in, size_t in_size, const struct hvtlfs_register_target *t,
		 const void *names, const void *values, uint32_t count, unsigned int opts,
		 const struct hvtlfs_prepared *out, uint64_t need, uint64_t fast_out)
{
	int rc;

	if (!t)
		return HVTLFS_ERR_NULL;
	rc = hvtlfs_build_check_(in, out, opts);
	if (rc != HVTLFS_OK)
		return rc;
	if ((t->input_vtl & HVTLFS_INPUT_VTL_RESERVED) ||
	    t->partition_id == HVTLFS_PARTITION_ID_INVALID)
		return HVTLFS_ERR_INVALID_ARG;
	if (count == 0)
		return HVTLFS_ERR_REP_COUNT_ZERO;
	if (count > HVTLFS_CONTROL_REP_MAX)
		return HVTLFS_ERR_REP_COUNT_RANGE;
	if (!names || !values)
		return HVTLFS_ERR_NULL;
	if ((opts & HVTLFS_CTL_FAST) && !HVTLFS_FAST_IO_FITS(need, fast_out, HVTLFS_FAST_XMM_BYTES))
		return HVTLFS_ERR_FAST_TOO_BIG;
	if (need > (uint64_t)in_size)
		return HVTLFS_ERR_NO_SPACE;
	return HVTLFS_OK;
}

/* The header words of both calls: the partition, then VP index | HV_INPUT_VTL << 32
 * (the reserved bytes zero). */
static void write_header(word_t *w, const struct hvtlfs_register_target *t)
{
	HVTLFS_STATIC_ASSERT(HVTLFS_OFFSETOF(struct hvtlfs_registers_input, input_vtl) == 12,
			     "HV_INPUT_VTL is byte 4 of the second word");
	w[0] = t->partition_id;
	w[1] = (uint64_t)t->vp_index | ((uint64_t)t->input_vtl << 32);
}

int hvtlfs_get_vp_registers_build(void *in, size_t in_size,
				  const struct hvtlfs_register_target *target,
				  const uint32_t *names, uint32_t count, unsigned int opts,
				  struct hvtlfs_prepared *out)
{
	const uint64_t need = HVTLFS_GET_VP_REGISTERS_INPUT_SIZE((uint64_t)count);
	word_t *w = (word_t *)in;
	uint64_t control;
	uint32_t i;
	int rc;

	/* Checked against whole words: the names go in two a word, and an odd count's
	 * last word (its high half 0) ends 4 bytes past need. */
	rc = check(in, in_size, target, names, names, count, opts, out, (need + 7u) & ~(uint64_t)7,
		   sizeof(struct hvtlfs_register_value) * (uint64_t)count);
	if (rc)
		return rc;
	rc = hvtlfs_control_encode(&control, HVTLFS_CALL_GET_VP_REGISTERS, opts, 0, count, 0);
	if (rc)
		return rc;
	write_header(w, target);
	/* Two names a word, the second in the high half; an odd count's last half is 0. */
	for (i = 0; i < count; i += 2u) {
		uint64_t v = names[i];

		if (i + 1u < count)
			v |= (uint64_t)names[i + 1u] << 32;
		w[sizeof(struct hvtlfs_registers_input) / 8u + i / 2u] = v;
	}
	hvtlfs_prepared_set_(out, control, (uint32_t)need, count);
	return HVTLFS_OK;
}

int hvtlfs_set_vp_registers_build(void *in, size_t in_size,
				  const struct hvtlfs_register_target *target,
				  const uint32_t *names, const struct hvtlfs_register_value *values,
				  uint32_t count, unsigned int opts, struct hvtlfs_prepared *out)
{
	const uint64_t need = HVTLFS_SET_VP_REGISTERS_INPUT_SIZE((uint64_t)count);
	const size_t per = sizeof(struct hvtlfs_register_assoc) / 8u;
	word_t *w = (word_t *)in;
	uint64_t control;
	uint32_t i;
	int rc;

	HVTLFS_STATIC_ASSERT(HVTLFS_OFFSETOF(struct hvtlfs_register_assoc, value) == 16,
			     "the value is the element's third and fourth word");
	rc = check(in, in_size, target, names, values, count, opts, out, need, 0);
	if (rc)
		return rc;
	rc = hvtlfs_control_encode(&control, HVTLFS_CALL_SET_VP_REGISTERS, opts, 0, count, 0);
	if (rc)
		return rc;
	write_header(w, target);
	for (i = 0; i < count; i++) {
		word_t *e = w + sizeof(struct hvtlfs_registers_input) / 8u + per * i;

		e[0] = names[i]; /* the name, then RsvdZ */
		e[1] = 0;
		e[2] = values[i].lo;
		e[3] = values[i].hi;
	}
	hvtlfs_prepared_set_(out, control, (uint32_t)need, count);
	return HVTLFS_OK;
}

int hvtlfs_get_vp_registers_parse(const void *output, size_t output_size, uint32_t count,
				  struct hvtlfs_register_value *values)
{
	const uint8_t *b = (const uint8_t *)output;
	uint32_t i;

	if ((!output || !values) && count)
		return HVTLFS_ERR_NULL;
	if ((uint64_t)count * sizeof(struct hvtlfs_register_value) > (uint64_t)output_size)
		return HVTLFS_ERR_TRUNCATED;
	for (i = 0; i < count; i++) {
		uint64_t lo = 0, hi = 0;
		unsigned int j;

		/* Byte by byte, little-endian: the output page may sit at any alignment. */
		for (j = 0; j < 8u; j++) {
			lo |= (uint64_t)((const volatile uint8_t *)b)[16u * i + j] << (8u * j);
			hi |= (uint64_t)((const volatile uint8_t *)b)[16u * i + 8u + j] << (8u * j);
		}
		values[i].lo = lo;
		values[i].hi = hi;
	}
	return HVTLFS_OK;
}
