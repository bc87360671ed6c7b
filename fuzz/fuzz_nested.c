/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * libFuzzer harness for the nested module's decoders of untrusted input: an enlightened
 * VMCS written by a guest (as an L0 reads it), and the CPUID leaves 0x40000004 / 0x4000000A.
 *
 * Input: bytes 0-3 = leaf EAX (little-endian), bytes 4-7 = a VMCS encoding, bytes 8-15 = a
 * value, the rest = the eVMCS image (zero-padded or cut to 1024 bytes). Any broken invariant
 * aborts.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "hvtlfs/nested.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define CHECK(c)                                                                                   \
	do {                                                                                       \
		if (!(c))                                                                          \
			abort();                                                                   \
	} while (0)

static uint64_t le(const uint8_t *p, size_t n)
{
	uint64_t v = 0;

	while (n-- > 0)
		v = (v << 8) | p[n];
	return v;
}

static void fuzz_leaves(uint32_t eax)
{
	struct hvtlfs_nested_features f;
	struct hvtlfs_nested_hints h;
	uint32_t version = 0;
	int err = hvtlfs_nested_features_decode(&f, eax);

	CHECK(f.eax == eax);
	CHECK(f.unknown_bits == (eax & HVTLFS_NESTED_EAX_UNKNOWN));
	CHECK(err == HVTLFS_OK || err == HVTLFS_ERR_EVMCS_VERSION); /* unknown bits: never */
	err = hvtlfs_nested_evmcs_version(&f, &version);
	if (err == HVTLFS_OK)
		CHECK(version >= HVTLFS_EVMCS_VERSION_MIN && version <= HVTLFS_EVMCS_VERSION_MAX &&
		      version >= f.evmcs_version_low && version <= f.evmcs_version_high);
	err = hvtlfs_nested_hints_decode(&h, eax);
	CHECK(err == HVTLFS_OK && h.unknown_bits == (eax & HVTLFS_NESTED_HINT_UNKNOWN));
	CHECK(h.evmcs_recommended == ((eax & HVTLFS_NESTED_HINT_EVMCS) != 0));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static union {
		struct hvtlfs_evmcs e;
		uint8_t bytes[HVTLFS_EVMCS_PAGE_SIZE];
	} page;
	static uint8_t before[sizeof(struct hvtlfs_evmcs)];
	const struct hvtlfs_evmcs_field *f;
	uint32_t encoding, i, n = hvtlfs_evmcs_field_count();
	uint64_t value, got;
	int err;

	if (size < 16)
		return 0;
	fuzz_leaves((uint32_t)le(data, 4));
	encoding = (uint32_t)le(data + 4, 4);
	value = le(data + 8, 8);
	memset(&page, 0, sizeof(page));
	memcpy(page.bytes, data + 16,
	       size - 16 < sizeof(struct hvtlfs_evmcs) ? size - 16 : sizeof(struct hvtlfs_evmcs));

	err = hvtlfs_evmcs_check(&page.e);
	CHECK(err == HVTLFS_OK || err == HVTLFS_ERR_EVMCS_VERSION ||
	      err == HVTLFS_ERR_RESERVED_BITS);

	/* Every field reads back as its little-endian bytes. */
	for (i = 0; i < n; i++) {
		f = hvtlfs_evmcs_field_at(i);
		CHECK(f != NULL && (uint32_t)f->offset + f->size <= sizeof(struct hvtlfs_evmcs));
		if (f->encoding == HVTLFS_EVMCS_NO_ENCODING)
			continue;
		CHECK(hvtlfs_evmcs_read(&page.e, f->encoding, &got) == HVTLFS_OK);
		CHECK(got == le(page.bytes + f->offset, f->size));
	}

	/* An arbitrary write changes at most the named field and the clean bits. */
	memcpy(before, page.bytes, sizeof(before));
	err = hvtlfs_evmcs_write(&page.e, encoding, value);
	if (err != HVTLFS_OK) {
		CHECK(memcmp(before, page.bytes, sizeof(before)) == 0);
		CHECK(err == HVTLFS_ERR_EVMCS_NO_FIELD || err == HVTLFS_ERR_EVMCS_READ_ONLY ||
		      err == HVTLFS_ERR_INVALID_ARG);
		return 0;
	}
	CHECK(hvtlfs_evmcs_read(&page.e, encoding, &got) == HVTLFS_OK && got == value);
	CHECK(hvtlfs_evmcs_field_by_encoding(encoding & ~1u, &f) == HVTLFS_OK);
	for (i = 0; i < sizeof(before); i++) {
		if (i >= f->offset && i < (uint32_t)f->offset + f->size)
			continue;
		if (i >= HVTLFS_OFFSETOF(struct hvtlfs_evmcs, clean_fields) &&
		    i < HVTLFS_OFFSETOF(struct hvtlfs_evmcs, clean_fields) + 4)
			continue;
		CHECK(before[i] == page.bytes[i]);
	}
	CHECK((page.e.clean_fields & f->clean) == 0);
	CHECK((page.e.clean_fields | f->clean) ==
	      ((uint32_t)le(before + HVTLFS_OFFSETOF(struct hvtlfs_evmcs, clean_fields), 4) |
	       f->clean));
	return 0;
}
