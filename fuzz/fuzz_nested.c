/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * libFuzzer harness for the nested module's decoders of untrusted input: an enlightened
 * VMCS written by a guest (as an L0 reads it); and the nested CPUID leaves 0x40000004 /
 * 0x4000000A as the features module decodes them.
 *
 * Input: bytes 0-3 = leaf EAX (little-endian), bytes 4-7 = a VMCS encoding, bytes 8-15 = a
 * value, the rest = the eVMCS image (zero-padded or cut to 1024 bytes). Any broken invariant
 * aborts.
 */
#include "hvtlfs/features.h"
#include "hvtlfs/nested.h"

#include "fuzz.h"

static void fuzz_leaves(uint32_t eax)
{
	struct hvtlfs_nested_features f;
	struct hvtlfs_features h;
	struct hvtlfs_cpuid_dump d;
	uint32_t version = 0;
	int err = hvtlfs_features_decode_nested(&f, eax);

	CHECK(f.eax == eax);
	CHECK(f.unknown_bits == (eax & HVTLFS_CPUID_NESTED_EAX_UNKNOWN));
	CHECK(err == HVTLFS_OK || err == HVTLFS_ERR_EVMCS_VERSION); /* unknown bits: never */
	err = hvtlfs_evmcs_version_select(&f, &version);
	if (err == HVTLFS_OK)
		CHECK(version >= HVTLFS_EVMCS_VERSION_MIN && version <= HVTLFS_EVMCS_VERSION_MAX &&
		      version >= f.evmcs_version_low && version <= f.evmcs_version_high);
	testutil_cpuid_dump(&d, HVTLFS_CPUID_LEAF_LIMITS);
	d.hv[HVTLFS_CPUID_LEAF_HINTS - HVTLFS_CPUID_LEAF_VENDOR][HVTLFS_CPUID_REG_EAX] = eax;
	err = hvtlfs_features_decode(&h, &d);
	CHECK(err == HVTLFS_OK && h.hints_unknown_bits == (eax & HVTLFS_CPUID_HINTS_EAX_UNKNOWN));
	CHECK(h.evmcs_recommended == ((eax & HVTLFS_CPUID_HINTS_EAX_ENLIGHTENED_VMCS) != 0));
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
	fuzz_leaves((uint32_t)fuzz_le(data, 4));
	encoding = (uint32_t)fuzz_le(data + 4, 4);
	value = fuzz_le(data + 8, 8);
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
		CHECK(got == fuzz_le(page.bytes + f->offset, f->size));
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
	      ((uint32_t)fuzz_le(before + HVTLFS_OFFSETOF(struct hvtlfs_evmcs, clean_fields), 4) |
	       f->clean));
	return 0;
}
