/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * hvtlfs_vpset_encode_all(), hvtlfs_vp_targets_banks(), hvtlfs_vpset_encode_targets()
 * and hvtlfs_vpset_encode_source(): every target set (all, a bitmap of 0 to 80 words
 * of any value, NULL or not, or a CPU source; the targets themselves NULL or not),
 * every capacity.
 * Bounds: bitmaps of 80 words, as for the bitmap encoder; sources of 0 to CPUS_MAX
 * CPUs (every CPU is the same step of the one pass: a set bit, its VP index of any
 * value, the bank it falls in; CPUS_MAX spans two bitmap words on x86_64 and aarch64,
 * three on i386, so a CPU count ending inside a word and one ending at a word's end
 * are both analysed; 95, not 96: with the count a range, the words the encoder reads,
 * count / bits + (count % bits != 0), are then at most the table's on every machine).
 * The output holds any bytes beforehand (not uninitialised): the source encoder ORs a
 * bank's bits into the word it cleared when the bank first came up (CPU order need not
 * follow VP order), and Eva does not relate the words cleared so far to the bank read
 * back. That the words come out right is tests/test_planner.c's (CPU sources and
 * bitmaps planned both ways, the same bytes).
 * Three phases, one exact buffer each: the output ends at out_words (0 to 66, split),
 * then the bitmap ends at its words (split), then a source's VP table ends at its CPU
 * count (split) with the CPU bitmap ending at its last word. A length is split only
 * where a buffer ends at it (the selector sel: each length apart, or -1: every length
 * in one state): with out NULL (phase 0) nothing is written whatever the capacity;
 * with the bitmap or the targets NULL (phase 1), the table, the CPU bitmap or the
 * source NULL (phases 2 and 3) the encoders refuse, or read nothing of an empty set,
 * whatever the length. With out NULL in phases 1 and 2 they read no word they do not
 * read with out (the bitmap's and the tables' words before the capacity check, the
 * same loop with no room) and write none: every length in one state there, the bitmap
 * and the tables whole; each length apart with out, and the source's encoder with no
 * output on each CPU count there too (hvtlfs_vp_targets_banks() calls it so). The same
 * lengths, NULL cases and phases, at a fifth of the states, and that took a fifth off
 * again.
 *
 * The gauges domain runs in hvtlfs_vp_targets_banks() only (-eva-domains-function),
 * where it bounds the bank counter by the loop's index (without it: a signed overflow
 * alarm at its n++); everywhere else it changed nothing but the time (x86_64: 7.1 s of
 * processor time against 5.7).
 *
 * Loops widen at every iteration after their first widening (-eva-widening-period 1,
 * not every second): the same 0 alarms on the three machines, a fifth less time.
 *
 * prove-sources: vpset.c
 * prove-options: -eva-precision 0 -eva-split-limit 100 -eva-widening-period 1
 * prove-options: -eva-domains-function gauges:hvtlfs_vp_targets_banks
 * prove-cost: 11
 */
#include "prove.h"
#include "hvtlfs/vpset.h"

#define BITMAP_MAX 80u
#define LBITS	   (8u * sizeof(unsigned long))
#define CPUS_MAX   95u
#define CPU_WORDS  ((CPUS_MAX + LBITS - 1u) / LBITS)

static unsigned long cpus[CPU_WORDS];
static uint32_t vp_of[CPU_WORDS * LBITS];

int main(void)
{
	uint64_t bitmap[BITMAP_MAX];
	uint64_t out[HVTLFS_VPSET_MAX_WORDS];
	struct hvtlfs_vp_targets vps;
	struct hvtlfs_vp_source src;
	size_t needed, out_words;
	size_t *needed_p = PROVE_OR_NULL(&needed);
	/* NULL targets, NULL out, NULL bitmap: each combination analysed apart. */
	int nulls = Frama_C_interval(0, 7);
	int phase = Frama_C_interval(0, 3);
	uint64_t *o;
	int rc, sel;

	prove_unknown(bitmap, sizeof(bitmap));
	prove_unknown(out, sizeof(out));
	prove_unknown(cpus, sizeof(cpus));
	prove_unknown(vp_of, sizeof(vp_of));
	vps.all = prove_bool();
	vps.source = NULL;
	//@ split nulls;
	//@ split phase;
	if (phase == 0) {
		/* The output ends exactly at out_words; the targets a bitmap or a source
		 * of any CPU count (its tables whole words). */
		sel = nulls & 1 ? -1 : Frama_C_interval(0, (int)PROVE_LEN(out));
		//@ split sel;
		out_words = sel >= 0 ? (size_t)sel : prove_size(0, PROVE_LEN(out));
		vps.words = prove_size(0, BITMAP_MAX);
		vps.bitmap = nulls & 4 ? NULL : bitmap;
		src.cpus = nulls & 4 ? NULL : cpus;
		src.vp_of_cpu = vp_of;
		src.ncpus = prove_size(0, CPUS_MAX);
		vps.source = PROVE_OR_NULL(&src);
		o = nulls & 1 ? NULL : PROVE_TAIL(out, out_words);
		rc = hvtlfs_vpset_encode_all(o, out_words);
		return hvtlfs_vpset_encode_targets(o, out_words, nulls & 2 ? NULL : &vps,
						   needed_p) |
		       rc;
	}
	if (phase == 1) {
		/* The bitmap ends exactly at its words (out NULL: every length in one
		 * state, the bitmap whole; see the header). */
		out_words = prove_size_any();
		sel = nulls ? -1 : Frama_C_interval(0, (int)BITMAP_MAX);
		//@ split sel;
		vps.words = sel >= 0 ? (size_t)sel : prove_size(0, BITMAP_MAX);
		vps.bitmap = nulls & 4 ? NULL : sel >= 0 ? PROVE_TAIL(bitmap, vps.words) : bitmap;
		rc = hvtlfs_vp_targets_banks(nulls & 2 ? NULL : &vps);
		return hvtlfs_vpset_encode_targets(nulls & 1 ? NULL : out, out_words,
						   nulls & 2 ? NULL : &vps, needed_p) |
		       rc;
	}
	/* A source: the VP table ends exactly at the CPU count, the CPU bitmap at the
	 * word holding the last CPU; the table or the bitmap NULL (nulls & 4: the
	 * table, phase 3: the bitmap), the source NULL (nulls & 2), out NULL with no
	 * capacity (nulls & 1) or room for at least one bank up to every bank (a capacity
	 * of 0 to 2 words with out not NULL, and out ending at the capacity: phase 0;
	 * beyond 66 words nothing changes: no bank is past the 64th). */
	sel = phase == 3 || nulls ? -1 : Frama_C_interval(0, (int)CPUS_MAX);
	//@ split sel;
	src.ncpus = sel >= 0 ? (size_t)sel : prove_size(0, CPUS_MAX);
	vps.bitmap = NULL;
	vps.words = 0;
	src.cpus = phase == 3 ? NULL
		   : sel >= 0 ? PROVE_TAIL(cpus, (src.ncpus + LBITS - 1u) / LBITS)
			      : cpus;
	src.vp_of_cpu = nulls & 4 ? NULL : sel >= 0 ? PROVE_TAIL(vp_of, src.ncpus) : vp_of;
	vps.all = false;
	vps.source = nulls & 2 ? NULL : &src;
	out_words = nulls & 1 ? 0 : prove_size(HVTLFS_VPSET_HDR_WORDS + 1u, PROVE_LEN(out));
	rc = hvtlfs_vp_targets_banks(&vps);
	return hvtlfs_vpset_encode_source(nulls & 1 ? NULL : out, out_words,
					  nulls & 2 ? NULL : &src, needed_p) |
	       rc;
}
