/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The IPI, event and message builders: hvtlfs_ipi_build(), hvtlfs_ipi_build_ex(),
 * hvtlfs_signal_event_build(), hvtlfs_spin_wait_build() and
 * hvtlfs_post_message_build(). Every vector, target VTL, processor mask, connection
 * id, flag number, spin count, message type and option word; every pointer NULL or
 * not (apart: a NULL check in a callee does not narrow the caller's pointer).
 *
 * The IPIs as the flush builders (flush_build.c): any target set with a buffer larger
 * than any input, then the input ending exactly at what the call needs (every bank
 * count 0 to 64) or one byte short of it. HvPostMessage: every payload size 0 to 240,
 * the payload ending at its size (split), the input ending at its 256 bytes for any
 * in_size from 256 up; every larger size; then the input one byte short, and in, out
 * and the payload NULL, each apart.
 * The target set is a bitmap or, in the first phase, a CPU source (0 to 95 CPUs, its
 * tables whole words: vpset_encode_targets.c proves the source's encoder for tables
 * ending at the CPU count, and every capacity).
 * Bounds: bitmaps of 80 words (as for the VP-set encoder).
 *
 * The gauges domain runs in hvtlfs_vp_targets_banks() only (-eva-domains-function),
 * where it bounds the bank counter by the loop's index (without it: a signed overflow
 * alarm at its n++); everywhere else it changed nothing but the time (the least of
 * three runs on x86_64: 6.7 s of processor time against 5.2; i386 and aarch64 6.6 and 7.0
 * against 5.7 and 6.0).
 *
 * prove-sources: flush.c vpset.c control.c
 * prove-options: -eva-precision 0 -eva-split-limit 1000 -eva-split-return auto
 * prove-options: -eva-domains-function gauges:hvtlfs_vp_targets_banks
 * prove-slevel: hvtlfs_vp_targets_banks:100 check_buf:10 check_size:10 check_message:10
 * prove-slevel: hvtlfs_control_encode:20 build:20 build_fast8:10
 * prove-slevel: hvtlfs_post_message_build:10
 * prove-cost: 10
 */
#include "prove.h"
#include "hvtlfs/flush.h"

#define LBITS	  (8u * sizeof(unsigned long))
#define CPUS_MAX  95u
#define CPU_WORDS ((CPUS_MAX + LBITS - 1u) / LBITS)

static unsigned long cpus[CPU_WORDS];
static uint32_t vp_of[CPU_WORDS * LBITS];

#define BITMAP_MAX 80u
#define BANKS_MAX  HVTLFS_VPSET_MAX_BANKS
/* More than the largest IPI input (the analysis bounds the banks by the words). */
#define IN_WORDS  (sizeof(struct hvtlfs_ipi_ex_input) / 8u + BITMAP_MAX)
#define MSG_WORDS (sizeof(struct hvtlfs_post_message_input) / 8u)

static uint64_t in[IN_WORDS], bitmap[BITMAP_MAX];
static uint8_t payload[HVTLFS_MESSAGE_PAYLOAD_MAX];

static int ipi(bool ex, void *buf, size_t in_size, const struct hvtlfs_vp_targets *vps,
	       struct hvtlfs_prepared *out)
{
	uint32_t vector = prove_u32();
	uint8_t vtl = prove_u8();
	unsigned int opts = prove_uint();

	if (ex)
		return hvtlfs_ipi_build_ex(buf, in_size, vector, vtl, vps, opts, out);
	return hvtlfs_ipi_build(buf, in_size, vector, vtl, prove_u64(), opts, out);
}

static int ipis(void)
{
	struct hvtlfs_prepared out;
	struct hvtlfs_vp_targets vps;
	struct hvtlfs_vp_source src;
	bool ex = prove_bool();
	size_t i, need, in_size;

	//@ split ex;
	if (prove_bool()) {
		int null = Frama_C_interval(0, 3), null_bitmap = prove_bool();

		prove_unknown(bitmap, sizeof(bitmap));
		prove_unknown(cpus, sizeof(cpus));
		prove_unknown(vp_of, sizeof(vp_of));
		src.cpus = cpus;
		src.vp_of_cpu = vp_of;
		src.ncpus = prove_size(0, CPUS_MAX);
		vps.source = PROVE_OR_NULL(&src);
		vps.all = prove_bool();
		vps.words = prove_size(0, BITMAP_MAX);
		//@ split null_bitmap;
		vps.bitmap = null_bitmap ? NULL : bitmap;
		in_size = prove_size(sizeof(in), HVTLFS_SIZE_MAX_PROVE);
		//@ split null;
		return ipi(ex, null == 1 ? NULL : in, in_size, null == 3 ? NULL : &vps,
			   null == 2 ? NULL : &out);
	}
	vps.all = false;
	vps.source = NULL;
	vps.bitmap = bitmap;
	vps.words = ex ? prove_size(0, BANKS_MAX) : 0;
	//@ loop unroll BANKS_MAX;
	for (i = 0; i < BANKS_MAX; i++)
		bitmap[i] = prove_u64() | 1u;
	//@ split vps.words;
	need = ex ? sizeof(struct hvtlfs_ipi_ex_input) + 8u * vps.words
		  : sizeof(struct hvtlfs_ipi_input);
	in_size = need - (size_t)prove_bool();
	//@ split in_size;
	return ipi(ex, PROVE_TAIL(in, in_size / 8u), in_size, &vps, &out);
}

static int fast8(void)
{
	uint64_t control, input;
	int null = Frama_C_interval(0, 3);

	//@ split null;
	if (prove_bool())
		return hvtlfs_signal_event_build(null & 1 ? NULL : &control,
						 null & 2 ? NULL : &input, prove_u32(),
						 prove_u16());
	return hvtlfs_spin_wait_build(null & 1 ? NULL : &control, null & 2 ? NULL : &input,
				      prove_u32());
}

static int message(void)
{
	struct hvtlfs_prepared out;
	/* The input ends at its 256 bytes, whatever in_size says from 256 up. */
	uint64_t *msg = PROVE_TAIL(in, MSG_WORDS);
	uint32_t size, id = prove_u32(), type = prove_u32();
	int phase = Frama_C_interval(0, 2), null = Frama_C_interval(0, 3);

	prove_unknown(payload, sizeof(payload));
	//@ split phase;
	if (phase == 0) {
		/* Every payload size, the payload ending at it. */
		size = prove_u32_in(0, HVTLFS_MESSAGE_PAYLOAD_MAX);
		//@ split size;
		return hvtlfs_post_message_build(msg,
						 prove_size(MSG_WORDS * 8u, HVTLFS_SIZE_MAX_PROVE),
						 id, type, PROVE_TAIL(payload, size), size, &out);
	}
	if (phase == 1) {
		/* Too big: nothing read, nothing written. */
		size = prove_u32_in(HVTLFS_MESSAGE_PAYLOAD_MAX + 1u, 0xffffffffu);
		return hvtlfs_post_message_build(msg, prove_size_any(), id, type,
						 PROVE_OR_NULL(payload), size, PROVE_OR_NULL(&out));
	}
	/* One byte short, in NULL, out NULL, payload NULL: each apart. */
	size = prove_u32_in(0, HVTLFS_MESSAGE_PAYLOAD_MAX);
	//@ split null;
	return hvtlfs_post_message_build(null == 1   ? NULL
					 : null == 0 ? msg + 1
						     : msg,
					 null == 0 ? MSG_WORDS * 8u - 1u : MSG_WORDS * 8u, id, type,
					 null == 3 ? NULL : payload, size, null == 2 ? NULL : &out);
}

int main(void)
{
	int which = Frama_C_interval(0, 2);

	//@ split which;
	if (which == 0)
		return ipis();
	if (which == 1)
		return fast8();
	return message();
}
