/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * hvtlfs_range_decode() for every format word and every 64-bit entry, out NULL or
 * not; hvtlfs_range_list_decode() for a list of guest memory (every byte unknown and
 * changing between reads, proofs/model/guest.c), every format word, every count and
 * length, every capacity; bytes, out and bad_index NULL or not.
 *
 * Bounds: 0 to 6 entries of guest memory (48 bytes; no maximum is documented: each
 * entry is the same loop step) with an output of 0 to 6 entries, each apart; and a page
 * of guest memory (512 entries) with an output of 7 to 512, as intervals. Three
 * phases: the guest bytes end where len ends (len split by entries; count any value);
 * the output ends at its capacity (split; any len from 48 bytes up, with the 48 bytes
 * the counts of 0 to 6 read); a whole page of guest memory, len of any value from 56
 * bytes to the page's end, every count, an output of 7 to 512 entries, len and the
 * capacity each one interval. In the third a read or write past the buffers is an
 * alarm, one past len or the capacity (inside the buffers) is not, as Eva does not
 * relate an index to an interval's bound: the first two show the loop ends at len and
 * at the capacity, the third that nothing is read or written outside the buffers,
 * nothing overflows and nothing uninitialised is read for lists up to a page (the
 * decoder zeroes its entry for it: src/ranges.c says why). The decoder's loop and the
 * entry decoder keep their paths apart (slevel), and main keeps the accepted entry
 * apart from the refused ones.
 * What the decoder promises of an entry it accepts is checked: 1 page at least, a
 * page size of 4 KiB, 2 MiB or 1 GiB.
 *
 * prove-sources: ranges.c
 * prove-options: -eva-precision 0 -eva-split-limit 100 -eva-split-return auto
 * prove-options: -eva-domains gauges
 * prove-options: -eva-slevel-function hvtlfs_range_decode:20,hvtlfs_range_list_decode:100,main:50
 * prove-cost: 2
 */
#include "prove.h"
#include "hvtlfs/ranges.h"

#define ENTRIES_MAX 6u
#define LIST_MAX    512u /* the third phase's entries */

int main(void)
{
	uint8_t guest[8u * ENTRIES_MAX];
	struct hvtlfs_range_entry one, out[ENTRIES_MAX];
	size_t bad, len, count, cap;
	size_t *bad_p = PROVE_OR_NULL(&bad);
	unsigned int format = prove_uint();
	int nulls = Frama_C_interval(0, 3);
	const uint8_t *bytes;
	int rc;

	rc = hvtlfs_range_decode(format, prove_u64(), PROVE_OR_NULL(&one));
	if (rc == HVTLFS_OK) {
		//@ assert pages: one.pages >= 1;
		/*@ assert shift: one.page_shift == HVTLFS_RANGE_PAGE_SHIFT ||
				  one.page_shift == HVTLFS_RANGE_2M_SHIFT ||
				  one.page_shift == HVTLFS_RANGE_1G_SHIFT; */
	}

	prove_unknown(guest, sizeof(guest));
	//@ split nulls;
	if (prove_bool()) {
		/* The guest bytes end exactly at len, split by entries. */
		size_t entries = prove_size(0, ENTRIES_MAX);

		//@ split entries;
		len = 8u * entries + (entries < ENTRIES_MAX ? prove_size(0, 7) : 0);
		bytes = PROVE_TAIL(guest, len);
		count = prove_size_any();
		cap = prove_size(0, ENTRIES_MAX);
		return hvtlfs_range_list_decode(format, nulls & 1 ? NULL : bytes, len, count,
						nulls & 2 ? NULL : out, cap, bad_p) |
		       rc;
	}
	if (prove_bool()) {
		static uint8_t page[8u * LIST_MAX];
		static struct hvtlfs_range_entry long_out[LIST_MAX];

		prove_unknown(page, sizeof(page));
		len = prove_size(8u * (ENTRIES_MAX + 1u), sizeof(page));
		count = prove_size_any();
		cap = prove_size(ENTRIES_MAX + 1u, LIST_MAX);
		return hvtlfs_range_list_decode(format, nulls & 1 ? NULL : page, len, count,
						nulls & 2 ? NULL : long_out, cap, bad_p) |
		       rc;
	}
	/* The output ends exactly at cap; any len from the guest bytes up. */
	len = prove_size(sizeof(guest), HVTLFS_SIZE_MAX_PROVE);
	count = prove_size(0, ENTRIES_MAX);
	cap = prove_size(0, ENTRIES_MAX);
	//@ split cap;
	return hvtlfs_range_list_decode(format, nulls & 1 ? NULL : guest, len, count,
					nulls & 2 ? NULL : PROVE_TAIL(out, cap), cap, bad_p) |
	       rc;
}
