/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * hvtlfs_hvcall_decode_into() for the message calls: HvCallNotifyLongSpinWait,
 * HvCallPostMessage and HvCallSignalEvent (decode_spin_wait(), decode_post_message(),
 * decode_signal_event() and connection_status(), the rule they share).
 * Every input of proofs/model/hvcall_decode.h for each of these codes: both call
 * forms, every control word bit, GPA, feature and option word; the guest bytes
 * unknown and changing between reads, exactly the need or any shorter length with
 * nothing readable, and every larger size with a page of bytes with any length; the
 * caller's arrays ending at their capacity, or NULL.
 *
 * Bounds: none of the three takes a variable header or reps, so their exact sizes
 * are 0 (any other is refused by the check, analysed with a page). The payload loop
 * copies at most HVTLFS_MESSAGE_PAYLOAD_MAX bytes, each inside the fixed header.
 *
 * The decoder's request is judged by hvtlfs_hvcall_check() first: the states of a
 * refused and an accepted call are kept apart through its return (-eva-partition-history
 * 1 -eva-interprocedural-history), and the decoder and the check keep a state a path
 * (slevel), so a refused call's request is not taken for an accepted one's.
 * No gauges domain: no loop of these decoders needs it (the same states, no alarm
 * without it, a fifth of the time less).
 *
 * prove-sources: hvcall.c catalog.c vpset.c
 * prove-options: -eva-precision 0 -eva-split-limit 1000 -eva-split-return auto
 * prove-options: -eva-partition-history 1 -eva-interprocedural-history
 * prove-slevel: hvtlfs_call_lookup:1000 hvtlfs_vpset_decode_mask:20
 * prove-slevel: hvtlfs_hvcall_decode_into:50 hvtlfs_hvcall_check:50
 * prove-cost: 5
 */
#include "hvcall_decode.h"

static const uint16_t codes[] = {
	HVTLFS_CALL_NOTIFY_LONG_SPIN_WAIT,
	HVTLFS_CALL_POST_MESSAGE,
	HVTLFS_CALL_SIGNAL_EVENT,
};

int main(void)
{
	return prove_decode_rows(codes, (int)PROVE_LEN(codes));
}
