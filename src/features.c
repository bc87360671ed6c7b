/* SPDX-License-Identifier: BSD-2-Clause */
#include "hvtlfs/features.h"
#include "hvtlfs_internal.h"

/* Leaf bits whose decoding this module implements (bit i = leaf 0x40000000 + i). */
#define HVTLFS_LEAF_KNOWN_ HVTLFS_LEAF_ALL

/* The vendor signature as characters: EBX, ECX, EDX, each little-endian. Each byte is
 * stored as an unsigned char: converting a byte above 127 to a signed char would be
 * implementation-defined. */
static void hvtlfs_vendor_chars_(char *out, const uint32_t regs[4])
{
	unsigned char *bytes = (unsigned char *)out;
	unsigned int i;

	for (i = 0; i < HVTLFS_CPUID_VENDOR_LEN; i++)
		bytes[i] = (unsigned char)(regs[HVTLFS_CPUID_REG_EBX + i / 4u] >> (8u * (i % 4u)));
	out[HVTLFS_CPUID_VENDOR_LEN] = '\0';
}

/* Whether hypervisor leaf 0x40000000 + index is within the reported maximum. */
static bool hvtlfs_leaf_within_(uint32_t max_leaf, uint32_t index)
{
	return max_leaf >= HVTLFS_CPUID_DUMP_FIRST_LEAF &&
	       max_leaf - HVTLFS_CPUID_DUMP_FIRST_LEAF >= index;
}

/* The bools the lists of tlfs.h name, set from their registers (regs[4] of a leaf). */
#define HVTLFS_FEATURES_SET_(reg, bit, name, field)                                                \
	out->field = ((regs[HVTLFS_CPUID_REG_##reg] >> (bit)) & 1u) != 0;

static void decode_features_leaf(struct hvtlfs_features *out, const uint32_t regs[4])
{
	HVTLFS_CPUID_FEATURES_BITS(HVTLFS_FEATURES_SET_)
}

static void decode_hints_leaf(struct hvtlfs_features *out, const uint32_t regs[4])
{
	HVTLFS_CPUID_HINTS_BITS(HVTLFS_FEATURES_SET_)
}

static void decode_nested_leaf(struct hvtlfs_nested_features *out, const uint32_t regs[4])
{
	HVTLFS_CPUID_NESTED_BITS(HVTLFS_FEATURES_SET_)
}

int hvtlfs_features_decode_nested(struct hvtlfs_nested_features *out, uint32_t eax)
{
	const uint32_t regs[4] = { eax, 0, 0, 0 };
	uint8_t lo, hi;

	if (out == NULL)
		return HVTLFS_ERR_NULL;

	lo = (uint8_t)(eax & HVTLFS_CPUID_NESTED_EAX_EVMCS_LOW_MASK);
	hi = (uint8_t)((eax & HVTLFS_CPUID_NESTED_EAX_EVMCS_HIGH_MASK) >>
		       HVTLFS_CPUID_NESTED_EAX_EVMCS_HIGH_SHIFT);
	out->eax = eax;
	/* Unknown bits are a newer host's features, not an error: reported here. */
	out->unknown_bits = eax & HVTLFS_CPUID_NESTED_EAX_UNKNOWN;
	out->evmcs_version_low = lo;
	out->evmcs_version_high = hi;
	decode_nested_leaf(out, regs);

	/* 0..0 is "no eVMCS"; a half-zero or inverted range is no range at all. */
	if ((lo == 0) != (hi == 0) || lo > hi)
		return HVTLFS_ERR_EVMCS_VERSION;
	return HVTLFS_OK;
}

/* Leaf 0x40000003: privileges (EBX:EAX) and features (EDX). */
static void features_leaf(struct hvtlfs_features *out, const uint32_t r[4])
{
	out->privileges = ((uint64_t)r[HVTLFS_CPUID_REG_EBX] << 32) | r[HVTLFS_CPUID_REG_EAX];
	out->features_edx = r[HVTLFS_CPUID_REG_EDX];
	decode_features_leaf(out, r);
	out->leaves |= HVTLFS_LEAF_FEATURES;
}

/* Leaf 0x40000004: recommendations. */
static void hints_leaf(struct hvtlfs_features *out, const uint32_t r[4])
{
	out->hints_eax = r[HVTLFS_CPUID_REG_EAX];
	out->hints_unknown_bits = r[HVTLFS_CPUID_REG_EAX] & HVTLFS_CPUID_HINTS_EAX_UNKNOWN;
	decode_hints_leaf(out, r);
	out->spinlock_retries = r[HVTLFS_CPUID_REG_EBX];
	out->phys_addr_bits = r[HVTLFS_CPUID_REG_ECX] & HVTLFS_CPUID_HINTS_ECX_PHYS_ADDR_BITS_MASK;
	out->leaves |= HVTLFS_LEAF_HINTS;
}

/* Leaf 0x40000005: implementation limits. */
static void limits_leaf(struct hvtlfs_features *out, const uint32_t r[4])
{
	out->max_vps = r[HVTLFS_CPUID_REG_EAX];
	out->max_lps = r[HVTLFS_CPUID_REG_EBX];
	out->leaves |= HVTLFS_LEAF_LIMITS;
}

int hvtlfs_features_decode(struct hvtlfs_features *out, const struct hvtlfs_cpuid_dump *dump)
{
	uint32_t max_leaf, eax, ebx, ecx, edx;

	if (out == NULL || dump == NULL)
		return HVTLFS_ERR_NULL;
	hvtlfs_zero_(out, sizeof(*out));
	out->nested_status = HVTLFS_ERR_LEAF_UNAVAILABLE;

	if ((dump->leaf1[HVTLFS_CPUID_REG_ECX] & HVTLFS_CPUID_STD_FEATURES_ECX_HYPERVISOR) == 0)
		return HVTLFS_ERR_NOT_HYPERV;

	/* Leaf 0x40000000: maximum leaf and vendor (reported, never judged). */
	max_leaf = dump->hv[0][HVTLFS_CPUID_REG_EAX];
	hvtlfs_vendor_chars_(out->vendor, dump->hv[0]);
	out->max_leaf = max_leaf;
	out->leaves = HVTLFS_LEAF_VENDOR;

	/* Leaf 0x40000001: the interface alone decides compatibility and what the
	 * other leaves mean (TLFS, Feature and Interface Discovery). */
	if (!hvtlfs_leaf_within_(max_leaf, 1))
		return HVTLFS_ERR_LEAF_UNAVAILABLE;
	if (dump->hv[1][HVTLFS_CPUID_REG_EAX] != HVTLFS_CPUID_INTERFACE_HV1)
		return HVTLFS_ERR_NOT_HYPERV;
	out->leaves |= HVTLFS_LEAF_INTERFACE;

	if (hvtlfs_leaf_within_(max_leaf, 2)) {
		eax = dump->hv[2][HVTLFS_CPUID_REG_EAX];
		ebx = dump->hv[2][HVTLFS_CPUID_REG_EBX];
		ecx = dump->hv[2][HVTLFS_CPUID_REG_ECX];
		edx = dump->hv[2][HVTLFS_CPUID_REG_EDX];
		out->version.build = eax;
		out->version.major = (uint16_t)(ebx >> 16);
		out->version.minor = (uint16_t)(ebx & 0xFFFFu);
		out->version.service_pack = ecx;
		out->version.service_branch = (uint8_t)(edx >> 24);
		out->version.service_number = edx & 0x00FFFFFFu;
		out->leaves |= HVTLFS_LEAF_VERSION;
	}

	if (hvtlfs_leaf_within_(max_leaf, 3))
		features_leaf(out, dump->hv[3]);
	if (hvtlfs_leaf_within_(max_leaf, 4))
		hints_leaf(out, dump->hv[4]);
	if (hvtlfs_leaf_within_(max_leaf, 5))
		limits_leaf(out, dump->hv[5]);
	if (hvtlfs_leaf_within_(max_leaf,
				HVTLFS_CPUID_LEAF_NESTED - HVTLFS_CPUID_DUMP_FIRST_LEAF)) {
		out->nested_status = hvtlfs_features_decode_nested(
			&out->nested, dump->hv[HVTLFS_CPUID_LEAF_NESTED -
					       HVTLFS_CPUID_DUMP_FIRST_LEAF][HVTLFS_CPUID_REG_EAX]);
		out->leaves |= HVTLFS_LEAF_NESTED;
	}
	return HVTLFS_OK;
}

int hvtlfs_features_from_leaves(struct hvtlfs_features *out, const struct hvtlfs_kept_leaves *k)
{
	const uint32_t features[4] = { k ? k->features_eax : 0, k ? k->features_ebx : 0, 0,
				       k ? k->features_edx : 0 };
	const uint32_t hints[4] = { k ? k->hints_eax : 0, k ? k->hints_ebx : 0,
				    k ? k->hints_ecx : 0, 0 };
	const uint32_t limits[4] = { k ? k->max_vps : 0, k ? k->max_lps : 0, 0, 0 };

	if (out == NULL || k == NULL)
		return HVTLFS_ERR_NULL;
	hvtlfs_zero_(out, sizeof(*out));
	out->nested_status = HVTLFS_ERR_LEAF_UNAVAILABLE;
	/* The caller checked vendor and interface when it stored the leaves. */
	out->max_leaf = k->has_nested ? HVTLFS_CPUID_LEAF_NESTED : HVTLFS_CPUID_LEAF_LIMITS;
	features_leaf(out, features);
	hints_leaf(out, hints);
	limits_leaf(out, limits);
	if (k->has_nested) {
		out->nested_status = hvtlfs_features_decode_nested(&out->nested, k->nested_eax);
		out->leaves |= HVTLFS_LEAF_NESTED;
	}
	return HVTLFS_OK;
}

/* The name table: the same three lists, each bit located by the bool it sets. */
#define HVTLFS_FEATURES_BIT_(leaf, reg, bit, name, member)                                         \
	{ HVTLFS_CPUID_LEAF_##leaf, HVTLFS_CPUID_REG_##reg, (bit),                                 \
	  (uint16_t)HVTLFS_OFFSETOF(struct hvtlfs_features, member), #name },
#define HVTLFS_FEATURES_ROW_(reg, bit, name, field)                                                \
	HVTLFS_FEATURES_BIT_(FEATURES, reg, bit, name, field)
#define HVTLFS_HINTS_ROW_(reg, bit, name, field) HVTLFS_FEATURES_BIT_(HINTS, reg, bit, name, field)
#define HVTLFS_NESTED_ROW_(reg, bit, name, field)                                                  \
	HVTLFS_FEATURES_BIT_(NESTED, reg, bit, name, nested.field)

static const struct hvtlfs_cpuid_bit cpuid_bits[] = {
	HVTLFS_CPUID_FEATURES_BITS(HVTLFS_FEATURES_ROW_) HVTLFS_CPUID_HINTS_BITS(HVTLFS_HINTS_ROW_)
		HVTLFS_CPUID_NESTED_BITS(HVTLFS_NESTED_ROW_)
};

const struct hvtlfs_cpuid_bit *hvtlfs_cpuid_bits(size_t *count)
{
	if (count)
		*count = HVTLFS_ARRAY_SIZE_(cpuid_bits);
	return cpuid_bits;
}

bool hvtlfs_features_bit(const struct hvtlfs_features *f, const struct hvtlfs_cpuid_bit *bit)
{
	if (f == NULL || bit == NULL || bit->offset >= sizeof(*f))
		return false;
	return *(const bool *)(const void *)((const uint8_t *)f + bit->offset);
}

int hvtlfs_features_require_microsoft(const struct hvtlfs_features *f)
{
	static const uint32_t ms[4] = { 0, HVTLFS_CPUID_VENDOR_EBX, HVTLFS_CPUID_VENDOR_ECX,
					HVTLFS_CPUID_VENDOR_EDX };
	char want[HVTLFS_CPUID_VENDOR_LEN + 1u];
	unsigned int i;

	if (f == NULL)
		return HVTLFS_ERR_NULL;
	if ((f->leaves & HVTLFS_LEAF_VENDOR) == 0)
		return HVTLFS_ERR_NOT_HYPERV;
	hvtlfs_vendor_chars_(want, ms);
	for (i = 0; i < HVTLFS_CPUID_VENDOR_LEN; i++)
		if (f->vendor[i] != want[i])
			return HVTLFS_ERR_NOT_HYPERV;
	return HVTLFS_OK;
}

int hvtlfs_features_require(const struct hvtlfs_features *f, uint32_t leaves)
{
	if (f == NULL)
		return HVTLFS_ERR_NULL;
	if ((leaves & ~(uint32_t)HVTLFS_LEAF_KNOWN_) != 0)
		return HVTLFS_ERR_INVALID_ARG;
	if ((f->leaves & leaves) != leaves)
		return HVTLFS_ERR_LEAF_UNAVAILABLE;
	return HVTLFS_OK;
}

int hvtlfs_cpuid_dump_leaf(const struct hvtlfs_cpuid_dump *dump, uint32_t leaf, uint32_t regs[4])
{
	uint32_t index, i;

	if (dump == NULL || regs == NULL)
		return HVTLFS_ERR_NULL;
	if (leaf < HVTLFS_CPUID_DUMP_FIRST_LEAF ||
	    leaf - HVTLFS_CPUID_DUMP_FIRST_LEAF >= HVTLFS_CPUID_DUMP_HV_LEAVES)
		return HVTLFS_ERR_INVALID_ARG;
	index = leaf - HVTLFS_CPUID_DUMP_FIRST_LEAF;
	if (!hvtlfs_leaf_within_(dump->hv[0][HVTLFS_CPUID_REG_EAX], index))
		return HVTLFS_ERR_LEAF_UNAVAILABLE;
	for (i = 0; i < 4; i++)
		regs[i] = dump->hv[index][i];
	return HVTLFS_OK;
}
