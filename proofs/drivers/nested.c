/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The nested module: hvtlfs_evmcs_version_select() for the features decoded from every
 * EAX; the field table (hvtlfs_evmcs_field_count(), _field_at() of every index,
 * _field_by_encoding() and _field_by_offset() of every value,
 * hvtlfs_evmcs_clean_bits_for_offset()); hvtlfs_evmcs_prepare() of every version,
 * hvtlfs_evmcs_check(), _read(), _write() (every encoding and value) and
 * _set_enlightenments() on an enlightened VMCS of any contents; the VP assist page
 * setters on a page of any contents; every pointer NULL or not. No bound is needed:
 * the VMCS and the VP assist page are fixed-size structs. The binary search over the
 * field table keeps its paths apart (slevel): mid < hi is a relation Eva does not keep.
 *
 * prove-sources: nested.c features.c
 * prove-options: -eva-precision 1 -eva-split-return auto
 * prove-slevel: hvtlfs_evmcs_field_by_encoding:2000 encoded_count:200
 * prove-cost: 2
 */
#include "prove.h"
#include "hvtlfs/nested.h"

static struct hvtlfs_evmcs evmcs;
static struct hvtlfs_vp_assist_page page;

int main(void)
{
	struct hvtlfs_nested_features nf;
	const struct hvtlfs_evmcs_field *field = NULL;
	uint32_t version = 0;
	uint64_t value = 0;
	int rc;

	rc = hvtlfs_features_decode_nested(&nf, prove_u32());
	rc |= hvtlfs_evmcs_version_select(PROVE_OR_NULL(&nf), PROVE_OR_NULL(&version));
	rc |= (int)hvtlfs_evmcs_field_count();
	field = hvtlfs_evmcs_field_at(prove_u32());
	rc |= hvtlfs_evmcs_field_by_encoding(prove_u32(), PROVE_OR_NULL(&field));
	rc |= hvtlfs_evmcs_field_by_offset(prove_u32(), PROVE_OR_NULL(&field));
	rc |= (int)hvtlfs_evmcs_clean_bits_for_offset(prove_u32());

	prove_unknown(&evmcs, sizeof(evmcs));
	prove_unknown(&page, sizeof(page));
	if (prove_bool())
		rc |= hvtlfs_evmcs_prepare(PROVE_OR_NULL(&evmcs), prove_u32());
	rc |= hvtlfs_evmcs_check(PROVE_OR_NULL(&evmcs));
	rc |= hvtlfs_evmcs_read(PROVE_OR_NULL(&evmcs), prove_u32(), PROVE_OR_NULL(&value));
	rc |= hvtlfs_evmcs_write(PROVE_OR_NULL(&evmcs), prove_u32(), prove_u64());
	rc |= hvtlfs_evmcs_set_enlightenments(PROVE_OR_NULL(&evmcs), prove_u32());
	rc |= hvtlfs_vp_assist_set_current_evmcs(PROVE_OR_NULL(&page), prove_u64());
	rc |= hvtlfs_vp_assist_clear_current_evmcs(PROVE_OR_NULL(&page));
	rc |= hvtlfs_vp_assist_set_nested_control(PROVE_OR_NULL(&page), prove_u32(), prove_u32());
	return rc;
}
