/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * hvtlfs_vpset_decode(): an HV_VP_SET from guest memory, every byte unknown and
 * changing between reads (proofs/model/guest.c); every length, every variable header
 * size, set, bytes and hv_status NULL or not.
 *
 * The guest bytes end where len ends: len 0 to 528 (an HV_VP_SET is at most 16 + 64 x
 * 8 bytes) is split by 8-byte words, and any longer len is given the 528 bytes the
 * decoder can read. What the decoder promises of a set it accepts is checked: a known
 * format (from the one fetch it validated) and at most 64 banks.
 * The return value is split (-eva-split-return, with the slevel of main to keep the
 * states apart): a refused set is not the accepted one.
 *
 * prove-sources: vpset.c
 * prove-options: -eva-precision 0 -eva-domains gauges -eva-split-limit 1100
 * prove-options: -eva-slevel-function hvtlfs_zero_:600,main:2000 -eva-split-return full
 * prove-cost: 7
 */
#include "prove.h"
#include "hvtlfs/vpset.h"

#define SET_BYTES HVTLFS_VPSET_BYTES(HVTLFS_VPSET_MAX_BANKS)

int main(void)
{
	uint8_t guest[SET_BYTES];
	struct hvtlfs_vpset set;
	uint16_t status;
	uint32_t var_hdr_words = prove_u32();
	const uint8_t *bytes;
	size_t len;
	int nulls = Frama_C_interval(0, 3);
	int rc;

	prove_unknown(guest, sizeof(guest));
	//@ split nulls;
	if (prove_bool()) {
		/* Split by 8-byte words: the decoder compares len with 16 + 8 x banks only,
		 * so within one word count every read ends before the buffer does. */
		size_t words = prove_size(0, SET_BYTES / 8u);

		//@ split words;
		len = 8u * words + (words < SET_BYTES / 8u ? prove_size(0, 7) : 0);
		bytes = PROVE_TAIL(guest, len);
	} else {
		len = prove_size(SET_BYTES, HVTLFS_SIZE_MAX_PROVE);
		bytes = guest;
	}
	rc = hvtlfs_vpset_decode(nulls & 1 ? NULL : &set, nulls & 2 ? NULL : bytes, len,
				 var_hdr_words, PROVE_OR_NULL(&status));
	if (rc == HVTLFS_OK) {
		/*@ assert format: set.format == HVTLFS_GENERIC_SET_SPARSE_4K ||
				   set.format == HVTLFS_GENERIC_SET_ALL; */
		//@ assert banks: set.nbanks <= HVTLFS_VPSET_MAX_BANKS;
	}
	return rc;
}
