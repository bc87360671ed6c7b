/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * hvtlfs_hvcall_decode(): a guest's hypercall, every control word, every feature and
 * option word, the guest bytes unknown and changing between reads
 * (proofs/model/guest.c); then hvtlfs_hvcall_flush_covers() of what it decoded, for
 * every VP, VP count, address space and address. in, req and ranges NULL or not.
 *
 * Three phases, one exact buffer each:
 * - the guest bytes end where len ends: len 0 to 80 words (split) and 0 to 7 bytes;
 * - len any value from the largest input up (a fixed header, 64 bank words and 4095
 *   rep elements), the guest bytes that long;
 * - the range output ends at its capacity, 0 to 8 entries (split), and any larger
 *   capacity with room for 4095 entries (the most a rep count names).
 *
 * prove-sources: hvcall.c vpset.c ranges.c control.c catalog.c
 * prove-options: -eva-precision 0 -eva-split-limit 1000 -eva-split-return auto
 * prove-options: -eva-domains gauges
 * prove-slevel: hvtlfs_zero_:1000 hvtlfs_call_lookup:1000 hvtlfs_hvcall_decode:200
 * prove-slevel: hvtlfs_range_list_decode:100 hvtlfs_range_decode:20
 */
#include "prove.h"
#include "hvtlfs/hvcall.h"

#define SMALL_WORDS 80u
#define BIG_BYTES   (32u + 8u * HVTLFS_VPSET_MAX_BANKS + 8u * HVTLFS_CONTROL_REP_MAX)
#define CAP_SMALL   8u

static uint8_t guest[BIG_BYTES];
static struct hvtlfs_range_entry out[HVTLFS_CONTROL_REP_MAX];

int main(void)
{
	struct hvtlfs_hvcall_input in;
	struct hvtlfs_hvcall_request req;
	size_t cap;
	int phase = Frama_C_interval(0, 2);
	int rc;

	prove_unknown(guest, sizeof(guest));
	in.control = prove_u64();
	in.input_gpa = prove_u64();
	in.features = prove_uint();
	in.options = prove_uint();
	//@ split phase;
	if (phase == 0) {
		size_t words = prove_size(0, SMALL_WORDS);

		//@ split words;
		in.len = 8u * words + (words < SMALL_WORDS ? prove_size(0, 7) : 0);
		in.bytes = PROVE_TAIL(guest, in.len);
		cap = prove_size_any();
		rc = hvtlfs_hvcall_decode(&in, &req, out,
					  cap < PROVE_LEN(out) ? cap : PROVE_LEN(out));
	} else if (phase == 1) {
		in.len = prove_size(sizeof(guest), HVTLFS_SIZE_MAX_PROVE);
		in.bytes = PROVE_OR_NULL(guest);
		rc = hvtlfs_hvcall_decode(PROVE_OR_NULL(&in), PROVE_OR_NULL(&req),
					  PROVE_OR_NULL(out), PROVE_LEN(out));
	} else {
		in.len = prove_size(sizeof(guest), HVTLFS_SIZE_MAX_PROVE);
		in.bytes = guest;
		cap = prove_size(0, CAP_SMALL);
		//@ split cap;
		rc = hvtlfs_hvcall_decode(&in, &req, PROVE_TAIL(out, cap), cap);
	}
	if (rc == HVTLFS_OK)
		rc = hvtlfs_hvcall_flush_covers(&req, out, prove_u32(), prove_u32(), prove_u64(),
						prove_u64());
	return rc;
}
