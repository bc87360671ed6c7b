/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The device interrupt builders: hvtlfs_retarget_build() and
 * hvtlfs_retarget_build_ex(). Every partition, device, MSI address and data, vector,
 * multicast flag, processor mask and option word; in, irq, vps, out and the bitmap NULL
 * or not (apart: a NULL check in a callee does not narrow the caller's pointer).
 *
 * Two phases, as the flush builders' (flush_build.c):
 * - Any target set (all, a bitmap of 0 to 80 words of any value, NULL or not, or a CPU
 *   source of 0 to 95 CPUs), the input a buffer larger than any input of these calls,
 *   in_size any size_t from there up.
 * - The input ends exactly at what the call needs (split: every bank count 0 to 64,
 *   from bitmaps whose words are all non-zero; the mask form's 56 bytes), and one byte
 *   short of it: nothing may be written past the end.
 * Bounds: bitmaps of 80 words and CPU sources of 95 CPUs (as for the VP-set encoder,
 * whose drivers prove it for every bitmap and, with tables ending at the CPU count,
 * every source). A misaligned buffer is not analysed: Eva does not know the alignment
 * of an address (the tests check the refusal).
 *
 * The gauges domain runs in hvtlfs_vp_targets_banks() only (-eva-domains-function),
 * where it bounds the bank counter by the loop's index (without it: a signed overflow
 * alarm at its n++); everywhere else it changed nothing but the time (the least of
 * three runs on x86_64: 3.9 s of processor time against 3.2; on i386 and aarch64 within
 * the noise).
 *
 * prove-sources: interrupt.c vpset.c catalog.c control.c
 * prove-options: -eva-precision 0 -eva-split-limit 1000 -eva-split-return auto
 * prove-options: -eva-domains-function gauges:hvtlfs_vp_targets_banks
 * prove-slevel: hvtlfs_vp_targets_banks:100 retarget_head:10
 * prove-slevel: hvtlfs_control_encode:20 hvtlfs_call_lookup:100 hvtlfs_call_encode:10
 * prove-cost: 7
 */
#include "prove.h"
#include "hvtlfs/interrupt.h"

#define LBITS	  (8u * sizeof(unsigned long))
#define CPUS_MAX  95u
#define CPU_WORDS ((CPUS_MAX + LBITS - 1u) / LBITS)

static unsigned long cpus[CPU_WORDS];
static uint32_t vp_of[CPU_WORDS * LBITS];

#define BITMAP_MAX 80u
#define BANKS_MAX  HVTLFS_VPSET_MAX_BANKS
/* More than the largest input: the fixed part, the HV_VP_SET's header and a bank word
 * for every bitmap word (the analysis bounds the banks by the words counted). */
#define IN_WORDS (sizeof(struct hvtlfs_retarget_input) / 8u + 1u + BITMAP_MAX)

static uint64_t in[IN_WORDS], bitmap[BITMAP_MAX];

static int call(bool ex, void *buf, size_t in_size, const struct hvtlfs_device_interrupt *irq,
		const struct hvtlfs_vp_targets *vps, struct hvtlfs_prepared *out)
{
	unsigned int opts = prove_uint();

	if (ex)
		return hvtlfs_retarget_build_ex(buf, in_size, irq, vps, opts, out);
	return hvtlfs_retarget_build(buf, in_size, irq, prove_u64(), opts, out);
}

int main(void)
{
	struct hvtlfs_device_interrupt irq;
	struct hvtlfs_prepared out;
	struct hvtlfs_vp_targets vps;
	struct hvtlfs_vp_source src;
	bool ex = prove_bool();
	size_t i, need, in_size;

	/* Any interrupt: every byte, the bool false or true. */
	prove_unknown(&irq, sizeof(irq));
	irq.multicast = prove_bool();
	//@ split ex;
	if (prove_bool()) {
		int null = Frama_C_interval(0, 4), null_bitmap = prove_bool();

		prove_unknown(bitmap, sizeof(bitmap));
		prove_unknown(cpus, sizeof(cpus));
		prove_unknown(vp_of, sizeof(vp_of));
		src.cpus = cpus;
		src.vp_of_cpu = vp_of;
		src.ncpus = prove_size(0, CPUS_MAX);
		vps.source = PROVE_OR_NULL(&src);
		vps.all = prove_bool();
		vps.words = prove_size(0, BITMAP_MAX);
		/* A NULL bitmap stays with its words, analysed apart. */
		//@ split null_bitmap;
		vps.bitmap = null_bitmap ? NULL : bitmap;
		in_size = prove_size(sizeof(in), HVTLFS_SIZE_MAX_PROVE);
		//@ split null;
		return call(ex, null == 1 ? NULL : in, in_size, null == 2 ? NULL : &irq,
			    null == 3 ? NULL : &vps, null == 4 ? NULL : &out);
	}
	/* Every bank count: a bitmap of that many words, none of them 0. */
	vps.all = false;
	vps.source = NULL;
	vps.bitmap = bitmap;
	vps.words = ex ? prove_size(0, BANKS_MAX) : 0;
	//@ loop unroll BANKS_MAX;
	for (i = 0; i < BANKS_MAX; i++)
		bitmap[i] = prove_u64() | 1u;
	//@ split vps.words;
	need = sizeof(struct hvtlfs_retarget_input) +
	       (ex ? 8u * HVTLFS_RETARGET_VARHDR_WORDS(vps.words) : 0u);
	in_size = need - (size_t)prove_bool();
	//@ split in_size;
	return call(ex, PROVE_TAIL(in, in_size / 8u), in_size, &irq, &vps, &out);
}
