/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * libFuzzer harness for the HV_VP_SET decoder (untrusted guest bytes) and, on the
 * same input, the encoders' round trip.
 *
 * Input: byte 0 = variable header size (0-255), byte 1 = VP count for format ALL
 * (times 33), byte 2 = bitmap words for hvtlfs_vpset_to_bitmap (0-255), the rest =
 * the bytes handed to hvtlfs_vpset_decode(), copied to a buffer of exactly that size.
 * Any broken invariant aborts.
 */
#include "hvtlfs/vpset.h"

#include "fuzz.h"

static void check_set(const struct hvtlfs_vpset *set, uint32_t nvps_all, size_t words)
{
	uint64_t *bm = malloc(words ? words * 8u : 1u);
	uint32_t cur = 0, vp, prev = 0, n = 0, total;
	size_t fit = 0;
	bool first = true;
	int rc;

	CHECK(bm != NULL);
	total = hvtlfs_vpset_count(set, nvps_all);
	while (hvtlfs_vpset_next(set, nvps_all, &cur, &vp)) {
		CHECK(first || vp > prev);
		CHECK(hvtlfs_vpset_contains(set, vp));
		prev = vp;
		first = false;
		n++;
		CHECK(n <= total);
	}
	CHECK(n == total);
	rc = hvtlfs_vpset_to_bitmap(set, bm, words, nvps_all);
	CHECK(rc == HVTLFS_OK || rc == HVTLFS_ERR_VP_OUTSIDE_BITMAP);
	CHECK((rc == HVTLFS_ERR_VP_OUTSIDE_BITMAP) == (n > 0 && (uint64_t)prev >= 64u * words));
	/* The bitmap holds exactly the VPs that fit. */
	cur = 0;
	while (hvtlfs_vpset_next(set, nvps_all, &cur, &vp)) {
		if (vp < 64u * words) {
			CHECK((bm[vp >> 6] >> (vp & 63u)) & 1u);
			fit++;
		}
	}
	CHECK(hvtlfs_vp_bitmap_count(bm, words) == fit);
	free(bm);
}

/* Round trip of the encoders on the same bytes read as VP indices. */
static void check_encoders(const uint8_t *p, size_t len)
{
	uint32_t vps[256];
	uint64_t out[HVTLFS_VPSET_MAX_WORDS], bm[HVTLFS_VPSET_MAX_BANKS];
	size_t n = 0, i, need = 0;
	struct hvtlfs_vpset set;
	int nb, nb2;

	for (i = 0; i + 1 < len && n < 256; i += 2)
		vps[n++] = ((uint32_t)p[i] | (uint32_t)p[i + 1] << 8) & 0x1FFFu;
	nb = hvtlfs_vpset_encode_indices(out, HVTLFS_VPSET_MAX_WORDS, vps, n, &need);
	for (i = 0; i < n; i++)
		if (vps[i] >= 4096u)
			break;
	if (i < n) {
		CHECK(nb == HVTLFS_ERR_VP_RANGE);
		return;
	}
	CHECK(nb >= 0 && need == 2u + (size_t)nb);
	CHECK(hvtlfs_vpset_decode(&set, out, 8u * need, (uint32_t)nb, NULL) == HVTLFS_OK);
	for (i = 0; i < n; i++)
		CHECK(hvtlfs_vpset_contains(&set, vps[i]));
	CHECK(hvtlfs_vpset_count(&set, 0) <= n);
	CHECK(hvtlfs_vpset_to_bitmap(&set, bm, HVTLFS_VPSET_MAX_BANKS, 0) == HVTLFS_OK);
	nb2 = hvtlfs_vpset_encode_bitmap(out, HVTLFS_VPSET_MAX_WORDS, bm, HVTLFS_VPSET_MAX_BANKS,
					 NULL);
	CHECK(nb2 == nb);
	CHECK(hvtlfs_vpset_count(&set, 0) == hvtlfs_vp_bitmap_count(bm, HVTLFS_VPSET_MAX_BANKS));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct hvtlfs_vpset set;
	uint16_t st = 0xFFFF;
	uint8_t *copy;
	size_t len;
	int rc;

	if (size < 3)
		return 0;
	len = size - 3;
	copy = malloc(len ? len : 1u);
	CHECK(copy != NULL);
	if (len)
		memcpy(copy, data + 3, len);
	rc = hvtlfs_vpset_decode(&set, copy, len, data[0], &st);
	switch (rc) {
	case HVTLFS_OK:
		CHECK(st == HVTLFS_STATUS_SUCCESS);
		CHECK(set.nbanks == data[0] && hvtlfs_popcount64(set.valid_bank_mask) == data[0]);
		CHECK(HVTLFS_VPSET_BYTES(set.nbanks) <= len);
		check_set(&set, (uint32_t)data[1] * 33u, data[2]);
		break;
	case HVTLFS_ERR_BAD_FORMAT:
		CHECK(st == HVTLFS_STATUS_INVALID_PARAMETER);
		break;
	case HVTLFS_ERR_TRUNCATED:
	case HVTLFS_ERR_BANK_MISMATCH:
		CHECK(st == HVTLFS_STATUS_INVALID_HYPERCALL_INPUT);
		break;
	default:
		abort();
	}
	check_encoders(copy, len);
	free(copy);
	return 0;
}
