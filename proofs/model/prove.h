/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What every analysis driver (proofs/drivers/) builds its inputs with: values of
 * every bit pattern, lengths over a range, NULL or not, and buffers that end exactly
 * where the size the caller passes says (see docs/proofs.md).
 *
 * The Frama_C_* functions are Eva's builtins (Frama-C's __fc_builtin.h): each call is
 * a fresh nondeterministic value, and Eva analyses the program for every one of them.
 */
#ifndef HVTLFS_PROVE_H
#define HVTLFS_PROVE_H

#include "__fc_builtin.h"
#include "hvtlfs/env.h"

/* Any value of the type: every bit pattern. */
static inline uint64_t prove_u64(void)
{
	uint64_t v;

	Frama_C_make_unknown((char *)&v, sizeof(v));
	return v;
}

static inline uint32_t prove_u32(void)
{
	uint32_t v;

	Frama_C_make_unknown((char *)&v, sizeof(v));
	return v;
}

static inline uint16_t prove_u16(void)
{
	uint16_t v;

	Frama_C_make_unknown((char *)&v, sizeof(v));
	return v;
}

static inline uint8_t prove_u8(void)
{
	uint8_t v;

	Frama_C_make_unknown((char *)&v, sizeof(v));
	return v;
}

static inline unsigned int prove_uint(void)
{
	unsigned int v;

	Frama_C_make_unknown((char *)&v, sizeof(v));
	return v;
}

static inline int prove_int(void)
{
	int v;

	Frama_C_make_unknown((char *)&v, sizeof(v));
	return v;
}

static inline size_t prove_size_any(void)
{
	size_t v;

	Frama_C_make_unknown((char *)&v, sizeof(v));
	return v;
}

/* false or true (a bool holds nothing else). */
static inline bool prove_bool(void)
{
	return Frama_C_nondet(0, 1) != 0;
}

/* Any value in [lo, hi]. */
#define HVTLFS_SIZE_MAX_PROVE (~(size_t)0)

static inline size_t prove_size(size_t lo, size_t hi)
{
	return Frama_C_size_t_interval(lo, hi);
}

static inline uint32_t prove_u32_in(uint32_t lo, uint32_t hi)
{
	return Frama_C_unsigned_int_interval(lo, hi);
}

/* Fills @n bytes at @p with every bit pattern. */
static inline void prove_unknown(void *p, size_t n)
{
	Frama_C_make_unknown((char *)p, n);
}

/* NULL or @p. */
#define PROVE_OR_NULL(p) (prove_bool() ? (p) : NULL)

/* Elements of an array. */
#define PROVE_LEN(a) (sizeof(a) / sizeof((a)[0]))

/*
 * The last @n elements of array @a: a buffer of @n elements that ends where the
 * array ends, so that a read or write past the @n the caller passed is past the end
 * of the array, an alarm. A driver splits @n into its values (an Eva `split`
 * annotation) so that each analysis sees one exact size.
 */
#define PROVE_TAIL(a, n) ((a) + (PROVE_LEN(a) - (n)))

#endif /* HVTLFS_PROVE_H */
