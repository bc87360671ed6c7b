/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The planners beside what a kernel writes by hand, in one process (bench/README.md):
 *  - hvtlfs_flush_plan_build() against a model of Linux 6.1's remote flush
 *    (arch/x86/hyperv/mmu.c: the input page header, a processor-mask loop over the VP
 *    bitmap or the cpumask, 16 MiB list entries, the Ex call with dense banks);
 *  - hvtlfs_ipi_plan_build() against a model of hv_apic.c's IPI path;
 *  - hvtlfs_gpa_flush_plan_build(), and hvtlfs_gpa_flush_plan_ranges() in a space set
 *    up once (hvtlfs_gpa_flush_space_init()), against a model of a nested
 *    hypervisor's hand-written guest-mapping flush (arch/x86/hyperv/nested.c).
 * Every model is written here, independently of the library. For each row the two
 * sides run once and their outputs are compared (the same control word and input
 * bytes, or where the planner chooses another encoding, the same VPs and pages when
 * both are decoded by hvtlfs_hvcall_decode()); then they are timed in interleaved
 * batches (the best batch of each), each in its own timed loop that re-reads its
 * inputs from memory on every iteration: the planners inline, the models inline where
 * Linux's path is one function, calling where Linux calls across its modules. With
 * --callgrind the same loops run under valgrind's client requests, and bench/run adds
 * the instructions per plan (--ir) to the table.
 *
 * Built as a kernel builds hvtlfs: the XMM forms compiled out (the default of a
 * freestanding or -mno-sse build), so every slow input is in the page for both sides.
 */
#define HVTLFS_HYPERCALL_XMM 0

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hvtlfs/control.h"
#include "hvtlfs/hvcall.h"
#include "hvtlfs/planner.h"

#include "bench.h"

#if defined(__has_include)
#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#define BENCH_HAVE_CALLGRIND 1
#endif
#endif
#ifndef BENCH_HAVE_CALLGRIND
#define CALLGRIND_ZERO_STATS	   ((void)0)
#define CALLGRIND_DUMP_STATS_AT(s) ((void)(s))
#endif

#define NOINLINE __attribute__((noinline))
/* The compiler must assume memory changed (inputs re-read) and is read (outputs kept). */
#define TOUCH_MEMORY() __asm__ __volatile__("" ::: "memory")
/* A pointer whose target the compiler cannot know. */
#define LAUNDER(p) __asm__ __volatile__("" : "+r"(p))

#define BATCHES	 25
#define BATCH_NS 2e6
#define CG_ITERS 2000ul

static uint64_t hv_page[512] __attribute__((aligned(4096)));
static uint64_t ref_page[512] __attribute__((aligned(4096)));
static struct hvtlfs_input_page hv_pg;

/* ---- The measurement harness ---------------------------------------------------- */

/*
 * A timed loop @name over the row at ctx (a struct @row, its pointer laundered on every
 * iteration, so its inputs are re-read): @call (a side's plan of the row *x, an int, 0
 * on success) n times; aborts when any call failed; the ns per call. Every measured loop
 * is one instance, so both sides pay the same loop.
 */
#define BENCH_LOOP(name, row, call)                                                                \
	static NOINLINE double name(const void *ctx, unsigned long n)                              \
	{                                                                                          \
		const struct row *r = (const struct row *)ctx;                                     \
		double t0 = bench_now_ns();                                                        \
		unsigned long i;                                                                   \
		int rc = 0;                                                                        \
                                                                                                   \
		for (i = 0; i < n; i++) {                                                          \
			const struct row *x = r;                                                   \
                                                                                                   \
			LAUNDER(x);                                                                \
			rc |= (call);                                                              \
			TOUCH_MEMORY();                                                            \
		}                                                                                  \
		if (rc)                                                                            \
			abort();                                                                   \
		return (bench_now_ns() - t0) / (double)n;                                          \
	}

typedef double (*loop_fn)(const void *ctx, unsigned long n);

static int cg_mode;
static const char *ir_file;

/* Interleaved batches of the two loops: the best batch of each, in ns per call. */
static void time_pair(loop_fn a, loop_fn b, const void *ctx, double *ta, double *tb)
{
	unsigned long na = bench_calibrate(a, ctx, BATCH_NS),
		      nb = bench_calibrate(b, ctx, BATCH_NS);
	int i;

	*ta = *tb = 1e30;
	for (i = 0; i < BATCHES; i++) {
		double x = a(ctx, na), y = b(ctx, nb);

		*ta = x < *ta ? x : *ta;
		*tb = y < *tb ? y : *tb;
	}
}

/* The empty loop of the same shape: its instructions come off both sides' counts. */
static NOINLINE double loop_empty(const void *ctx, unsigned long n)
{
	unsigned long i;

	for (i = 0; i < n; i++) {
		LAUNDER(ctx);
		TOUCH_MEMORY();
	}
	return 0;
}

/* Instructions per call from the --ir file (label, total for CG_ITERS calls), minus
 * the empty loop's; -1 when unknown. */
static double ir_of(const char *label)
{
	static double empty = -1;
	char name[128];
	double v, found = -1;
	FILE *f;

	if (!ir_file || !(f = fopen(ir_file, "r")))
		return -1;
	while (fscanf(f, "%127s %lf", name, &v) == 2) {
		if (!strcmp(name, "empty"))
			empty = v / CG_ITERS;
		if (!strcmp(name, label))
			found = v / CG_ITERS;
	}
	fclose(f);
	return found < 0 ? -1 : found - (empty > 0 ? empty : 0);
}

/* One row: the outputs already compared; time (or count) both sides and print. */
static void measure(const char *kind, unsigned int row, loop_fn hv, loop_fn ref, const void *ctx,
		    char *cols, size_t ncols)
{
	char lh[64], lr[64];
	double th, tr, ih, irf;

	snprintf(lh, sizeof(lh), "%s:%u:hvtlfs", kind, row);
	snprintf(lr, sizeof(lr), "%s:%u:reference", kind, row);
	if (cg_mode) {
		CALLGRIND_ZERO_STATS;
		hv(ctx, CG_ITERS);
		CALLGRIND_DUMP_STATS_AT(lh);
		CALLGRIND_ZERO_STATS;
		ref(ctx, CG_ITERS);
		CALLGRIND_DUMP_STATS_AT(lr);
		cols[0] = 0;
		return;
	}
	time_pair(hv, ref, ctx, &th, &tr);
	ih = ir_of(lh);
	irf = ir_of(lr);
	if (ih >= 0 && irf > 0)
		snprintf(cols, ncols, "%.1f | %.1f | %.2f | %.0f | %.0f | %.2f", th, tr, th / tr,
			 ih, irf, ih / irf);
	else
		snprintf(cols, ncols, "%.1f | %.1f | %.2f | - | - | -", th, tr, th / tr);
}

static int failures;

static void mismatch(const char *what, unsigned int row)
{
	fprintf(stderr, "bench_flush: %s row %u: the two sides disagree\n", what, row);
	failures++;
}

/* What the hypervisor would do with an input: decoded by the library's decoder. */
static struct hvtlfs_range_entry decoded[2][4096];

static int decode(int side, uint64_t control, const void *in, size_t len,
		  struct hvtlfs_hvcall_request *q)
{
	struct hvtlfs_hvcall_input d;

	memset(&d, 0, sizeof(d));
	d.control = control;
	d.bytes = in;
	d.len = len;
	d.input_gpa = 0x10000;
	d.features = HVTLFS_HVCALL_FEAT_EXT_GVA_RANGES;
	if (hvtlfs_control_is_fast(control))
		d.input_gpa = 0;
	return hvtlfs_hvcall_decode(&d, q, decoded[side], 4096) == HVTLFS_OK &&
	       q->status == HVTLFS_STATUS_SUCCESS;
}

/* ---- Remote TLB flush: the model of Linux's path -------------------------------- */

#define REF_TLB_FLUSH_ALL (~(uint64_t)0)
#define REF_FLUSH_UNIT	  (16ull << 20) /* HV_TLB_FLUSH_UNIT: 4096 pages an entry */
#define REF_PAGE_MASK	  (~(uint64_t)0xFFF)
#define REF_OK		  0
#define REF_NOTHING	  1
#define REF_NATIVE	  (-1)
#define REF_VP_INVAL	  0xFFFFFFFFu /* VP_INVAL: U32_MAX */

/*
 * What a kernel reads on every flush and IPI, on both sides: hv_hypercall_pg, set up at
 * boot (none: the native path), and this CPU's input page through this_cpu_ptr(), which
 * adds the CPU's per-CPU offset with an asm the compiler cannot see through
 * (arch/x86/include/asm/percpu.h lines 38-45). Linux reads them in mmu.c, hv_apic.c and
 * nested.c; a kernel that plans with hvtlfs reads hv_hypercall_pg and this CPU's input
 * page description (examples/linux-kernel/arch/x86/hyperv/hvtlfs_guest.c). The pointer
 * is a global the program never writes but the compiler cannot know that (in a kernel
 * it is set at boot): both sides load it on every call, as a kernel does.
 */
extern void *bench_hypercall_pg;
void *bench_hypercall_pg = ref_page;
static unsigned long bench_this_cpu_off; /* one CPU: offset 0 */
static uint64_t *ref_pcpu_input_arg = ref_page;

/* this_cpu_ptr(@p): @p plus this CPU's per-CPU offset, read from memory. */
static inline void *bench_this_cpu_ptr(void *p)
{
#if defined(__x86_64__) || defined(__i386__)
	__asm__("add %1, %0" : "+r"(p) : "m"(bench_this_cpu_off));
#else
	unsigned long off = bench_this_cpu_off;

	__asm__("" : "+r"(off));
	p = (char *)p + off;
#endif
	return p;
}

/* The input page Linux takes on every flush: *this_cpu_ptr(hyperv_pcpu_input_arg). */
static inline uint64_t *ref_input_page(void)
{
	return *(uint64_t **)bench_this_cpu_ptr(&ref_pcpu_input_arg);
}

/* The input page description a kernel that plans with hvtlfs passes: this CPU's. */
static inline const struct hvtlfs_input_page *hv_input_page(void)
{
	return (const struct hvtlfs_input_page *)bench_this_cpu_ptr(&hv_pg);
}

struct ref_range {
	uint64_t start, end; /* flush_tlb_info: [start, end), page aligned */
};

#define REF_LONG_BITS (8u * sizeof(unsigned long))

/* cpumask_last(): _find_last_bit() of lib/find_bit.c, from the top word down; @size
 * for an empty mask. */
static inline size_t ref_find_last_bit(const unsigned long *addr, size_t size)
{
	if (size) {
		unsigned long val = ~0ul >> (-size & (REF_LONG_BITS - 1));
		size_t idx = (size - 1) / REF_LONG_BITS;

		do {
			val &= addr[idx];
			if (val)
				return idx * REF_LONG_BITS + REF_LONG_BITS - 1 -
				       (size_t)__builtin_clzl(val);
			val = ~0ul;
		} while (idx--);
	}
	return size;
}

/* hweight_long(): the POPCNT instruction the kernel patches in (X86_FEATURE_POPCNT). */
static inline unsigned int ref_hweight_long(unsigned long x)
{
#if defined(__x86_64__)
	unsigned long r;

	__asm__("popcntq %1, %0" : "=r"(r) : "rm"(x));
	return (unsigned int)r;
#elif defined(__i386__)
	unsigned long r;

	__asm__("popcntl %1, %0" : "=r"(r) : "rm"(x));
	return (unsigned int)r;
#else
	return (unsigned int)__builtin_popcountl(x);
#endif
}

/* cpumask_weight(): __bitmap_weight() of lib/bitmap.c. */
static inline unsigned int ref_bitmap_weight(const unsigned long *bitmap, size_t bits)
{
	size_t k, lim = bits / REF_LONG_BITS;
	unsigned int w = 0;

	for (k = 0; k < lim; k++)
		w += ref_hweight_long(bitmap[k]);
	if (bits % REF_LONG_BITS)
		w += ref_hweight_long(bitmap[k] & (~0ul >> (-bits & (REF_LONG_BITS - 1))));
	return w;
}

/* What the kernel's flush path gets: the target CPUs, the mm, the ranges. */
struct ref_flush_args {
	const uint64_t *vps; /* VP bitmap: the cpumask after hv_vp_index[] */
	size_t words;
	uint64_t max_vp_index; /* hv_max_vp_index */
	int mm;		       /* info->mm != NULL */
	uint64_t cr3;
	int ex_hint;
	const struct ref_range *ranges;
	size_t nranges;
};

/* fill_gva_list(): 16 MiB a simple entry, the last one shorter. */
static inline int ref_fill_gva_list(uint64_t *gva_list, int offset, uint64_t start, uint64_t end)
{
	int n = offset;
	uint64_t cur = start, diff;

	do {
		diff = end > cur ? end - cur : 0;
		gva_list[n] = cur & REF_PAGE_MASK;
		if (diff >= REF_FLUSH_UNIT) {
			gva_list[n] |= ~REF_PAGE_MASK;
			cur += REF_FLUSH_UNIT;
		} else if (diff) {
			gva_list[n] |= (diff - 1) >> 12;
			cur = end;
		}
		n++;
	} while (cur < end);
	return n - offset;
}

/* Whether the kernel flushes the whole space (mmu.c lines 141-148 and 214-222): its
 * flush_tlb_info's end TLB_FLUSH_ALL (non-global mappings only), or, an end not 0, more
 * flush units than @max_gvas. Linux has one range a call: both tests of the end are
 * made once, on the first range; the units are summed over every range. */
static inline int ref_whole_space(const struct ref_flush_args *a, uint64_t *flush,
				  uint64_t max_gvas)
{
	uint64_t u = 0;
	size_t i;

	if (a->nranges != 0 && a->ranges[0].end == REF_TLB_FLUSH_ALL) {
		flush[1] |= HVTLFS_FLUSH_NON_GLOBAL_MAPPINGS_ONLY;
		return 1;
	}
	if (a->nranges == 0 || a->ranges[0].end == 0)
		return 0;
	for (i = 0; i < a->nranges; i++)
		u += (a->ranges[i].end - a->ranges[i].start) / REF_FLUSH_UNIT;
	return u > max_gvas;
}

/* hyperv_flush_tlb_others_ex(): the HV_VP_SET with every bank up to the highest. */
static inline int ref_flush_ex(const struct ref_flush_args *a, uint64_t *control)
{
	uint64_t max_bank = a->max_vp_index / 64, nr_bank = 1, b, max_gvas, *flush;
	size_t w;
	int n = 0;

	if (!a->ex_hint)
		return REF_NATIVE;
	flush = ref_input_page(); /* read again, not tested again (mmu.c lines 180-183) */
	if (a->mm) {
		flush[0] = a->cr3;
		flush[1] = 0;
	} else {
		flush[0] = 0;
		flush[1] = HVTLFS_FLUSH_ALL_VIRTUAL_ADDRESS_SPACES;
	}
	flush[3] = 0; /* valid_bank_mask */
	flush[2] = HVTLFS_GENERIC_SET_SPARSE_4K;
	/* cpumask_to_vpset(): clear every bank a VP could be in, set a bit a CPU. */
	if (max_bank >= 64)
		return REF_NATIVE;
	for (b = 0; b <= max_bank; b++)
		flush[4 + b] = 0;
	for (w = 0; w < a->words; w++) {
		uint64_t x = a->vps[w];

		while (x) {
			uint64_t vp = w * 64 + (uint64_t)__builtin_ctzll(x);

			flush[4 + vp / 64] |= 1ull << (vp % 64);
			if (vp / 64 >= nr_bank)
				nr_bank = vp / 64 + 1;
			x &= x - 1;
		}
	}
	flush[3] = nr_bank >= 64 ? ~0ull : (1ull << nr_bank) - 1;
	max_gvas = (4096 - 32 - nr_bank * 8) / 8;
	if (ref_whole_space(a, flush, max_gvas)) {
		*control = 0x0013 | nr_bank << 17;
		return REF_OK;
	}
	for (w = 0; w < a->nranges; w++)
		n += ref_fill_gva_list(flush + 4 + nr_bank, n, a->ranges[w].start,
				       a->ranges[w].end);
	*control = 0x0014 | nr_bank << 17 | (uint64_t)n << 32;
	return REF_OK;
}

/* hyperv_flush_tlb_multi(), from the target set to the control word and the page: no
 * hypercall page, or no input page on this CPU, the native path (mmu.c lines 66-79). */
static inline int ref_flush(const struct ref_flush_args *a, uint64_t *control)
{
	uint64_t max_gvas, *flush;
	size_t w, last;
	int n = 0;

	if (!bench_hypercall_pg)
		return REF_NATIVE;
	flush = ref_input_page();
	if (!flush)
		return REF_NATIVE;
	if (a->mm) {
		flush[0] = a->cr3;
		flush[1] = 0;
	} else {
		flush[0] = 0;
		flush[1] = HVTLFS_FLUSH_ALL_VIRTUAL_ADDRESS_SPACES;
	}
	flush[2] = 0;
	/* cpumask_last() first: the Ex call at once when the highest VP is 64 or above. */
	last = ref_find_last_bit((const unsigned long *)a->vps, 64 * a->words);
	if (last < 64 * a->words && last >= 64)
		return ref_flush_ex(a, control);
	/* for_each_cpu(): a bit a VP, the Ex call at the first VP at or above 64. */
	for (w = 0; w < a->words; w++) {
		uint64_t x = a->vps[w];

		while (x) {
			uint64_t vp = w * 64 + (uint64_t)__builtin_ctzll(x);

			/* hv_cpu_number_to_vp_number() is VP_INVAL: the native path
			 * (mmu.c lines 115-119). */
			if ((uint32_t)vp == REF_VP_INVAL)
				return REF_NATIVE;
			if (vp >= 64)
				return ref_flush_ex(a, control);
			flush[2] |= 1ull << vp;
			x &= x - 1;
		}
	}
	if (!flush[2])
		return REF_NOTHING;
	max_gvas = (4096 - 24) / 8;
	if (ref_whole_space(a, flush, max_gvas)) {
		*control = 0x0002;
		return REF_OK;
	}
	for (w = 0; w < a->nranges; w++)
		n += ref_fill_gva_list(flush + 3, n, a->ranges[w].start, a->ranges[w].end);
	*control = 0x0003 | (uint64_t)n << 32;
	return REF_OK;
}

/* ---- Remote TLB flush: the rows ------------------------------------------------- */

struct flush_row {
	struct hvtlfs_flush_request req;
	struct hvtlfs_features f;
	struct ref_flush_args ref;
};

static struct hvtlfs_flush_plan hv_plan;
static uint64_t ref_control;

BENCH_LOOP(loop_flush_hv, flush_row,
	   bench_hypercall_pg
		   ? hvtlfs_flush_plan_build(&x->req, &x->f, NULL, hv_input_page(), &hv_plan)
		   : -1)

BENCH_LOOP(loop_flush_ref, flush_row, ref_flush(&x->ref, &ref_control))

static const char *call_name(uint64_t control)
{
	switch (hvtlfs_control_code(control)) {
	case HVTLFS_CALL_FLUSH_VIRTUAL_ADDRESS_SPACE:
		return "Space";
	case HVTLFS_CALL_FLUSH_VIRTUAL_ADDRESS_LIST:
		return "List";
	case HVTLFS_CALL_FLUSH_VIRTUAL_ADDRESS_SPACE_EX:
		return "SpaceEx";
	case HVTLFS_CALL_FLUSH_VIRTUAL_ADDRESS_LIST_EX:
		return "ListEx";
	case HVTLFS_CALL_SEND_SYNTHETIC_CLUSTER_IPI:
		return "Ipi";
	case HVTLFS_CALL_SEND_SYNTHETIC_CLUSTER_IPI_EX:
		return "IpiEx";
	case HVTLFS_CALL_FLUSH_GUEST_PHYSICAL_ADDRESS_SPACE:
		return "GpaSpace";
	case HVTLFS_CALL_FLUSH_GUEST_PHYSICAL_ADDRESS_LIST:
		return "GpaList";
	default:
		return "?";
	}
}

/* Whether two decoded flushes flush the same: VPs 0..nvps-1, and every page the
 * ranges name (first, last and a middle page of each). */
static int same_flush(const struct hvtlfs_hvcall_request *a, const struct hvtlfs_hvcall_request *b,
		      uint32_t nvps, const struct hvtlfs_range *rg, size_t n, uint64_t as)
{
	uint32_t vp;
	size_t i;

	for (vp = 0; vp < nvps; vp++) {
		if (hvtlfs_vpset_contains(&a->vps, vp) != hvtlfs_vpset_contains(&b->vps, vp))
			return 0;
		if (!hvtlfs_vpset_contains(&a->vps, vp))
			continue;
		for (i = 0; i < n; i++) {
			uint64_t pts[3] = { rg[i].start, rg[i].start + rg[i].length - 1,
					    rg[i].start + rg[i].length / 2 };
			int k;

			for (k = 0; k < 3; k++)
				if (!hvtlfs_hvcall_flush_covers(a, decoded[0], vp, nvps, as,
								pts[k]) ||
				    !hvtlfs_hvcall_flush_covers(b, decoded[1], vp, nvps, as,
								pts[k]))
					return 0;
		}
	}
	return 1;
}

static void flush_table(void)
{
	static uint64_t bm[64];
	static struct hvtlfs_range rg[64];
	static struct ref_range rr[64];
	static struct flush_row row;
	static const unsigned int vps[] = { 1, 64, 65, 2048 }, words[] = { 1, 4, 64 };
	/* The mapping size is what the caller says backs the range (4 KiB unless told):
	 * large-page entries only for memory mapped that large. */
	static const char *names[] = { "1 page",
				       "33 pages",
				       "2 MiB, 4 KiB pages",
				       "1 GiB, 4 KiB pages",
				       "1 GiB, 2 MiB pages",
				       "8 GiB, 1 GiB pages",
				       "64 scattered pages" };
	static const uint32_t mapping[] = { 0, 0, 0, 0, HVTLFS_MAPPING_2M, HVTLFS_MAPPING_1G, 0 };
	unsigned int sc, v, w, id = 0;

	printf("| scenario | VPs | bitmap words | hvtlfs call | entries | bytes | reference call | "
	       "entries | bytes | same input | hvtlfs ns | reference ns | ratio | hvtlfs instr | "
	       "reference instr | ratio |\n");
	printf("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
	for (sc = 0; sc < sizeof(names) / sizeof(names[0]); sc++) {
		size_t n = 1, i;

		switch (sc) {
		case 0:
			rg[0].start = 0x7f1234567000u;
			rg[0].length = 4096;
			break;
		case 1:
			rg[0].start = 0x7f1234567000u;
			rg[0].length = 33u * 4096u;
			break;
		case 2:
			rg[0].start = 0x7f1234400000u;
			rg[0].length = 2u << 20;
			break;
		case 3:
		case 4:
			rg[0].start = 0x7f1240000000u;
			rg[0].length = 1u << 30;
			break;
		case 5:
			rg[0].start = 0x7f1240000000u;
			rg[0].length = 8ull << 30;
			break;
		default:
			n = 64;
			for (i = 0; i < 64; i++) {
				rg[i].start = 0x7f1200000000u + i * 0x31000u;
				rg[i].length = 4096;
			}
		}
		for (i = 0; i < n; i++) {
			rr[i].start = rg[i].start;
			rr[i].end = rg[i].start + rg[i].length;
		}
		for (w = 0; w < 3; w++) {
			for (v = 0; v < 4; v++) {
				struct hvtlfs_hvcall_request qa, qb;
				uint64_t hv_in[512];
				char cols[160];
				unsigned int k;
				int same;

				if (vps[v] > 64u * words[w])
					continue;
				memset(bm, 0, sizeof(bm));
				for (k = 0; k < vps[v]; k++)
					bm[k / 64] |= (uint64_t)1 << (k % 64);
				memset(&row, 0, sizeof(row));
				row.f.remote_tlb_flush_recommended = true;
				row.f.ex_processor_masks_recommended = true;
				row.f.ext_gva_ranges = true;
				row.f.max_vps = 64u * words[w];
				row.req.vps.bitmap = bm;
				row.req.vps.words = words[w];
				row.req.address_space = 0x1000;
				row.req.ranges = rg;
				row.req.nranges = n;
				row.req.mapping_size = mapping[sc];
				row.ref.vps = bm;
				row.ref.words = words[w];
				row.ref.max_vp_index = 64u * words[w] - 1u;
				row.ref.mm = 1;
				row.ref.cr3 = 0x1000;
				row.ref.ex_hint = 1;
				row.ref.ranges = rr;
				row.ref.nranges = n;
				/* Both sides once; then their outputs compared. */
				memset(hv_page, 0, sizeof(hv_page));
				memset(ref_page, 0, sizeof(ref_page));
				if (hvtlfs_flush_plan_build(&row.req, &row.f, NULL, &hv_pg,
							    &hv_plan) ||
				    hv_plan.form != HVTLFS_FORM_SLOW ||
				    ref_flush(&row.ref, &ref_control) != REF_OK) {
					mismatch("flush", id);
					continue;
				}
				memcpy(hv_in, hv_page, sizeof(hv_in));
				same = hv_plan.control == ref_control &&
				       !memcmp(hv_page, ref_page, hv_plan.input_size);
				if (!same &&
				    (!decode(0, hv_plan.control, hv_in, sizeof(hv_in), &qa) ||
				     !decode(1, ref_control, ref_page, sizeof(ref_page), &qb) ||
				     !same_flush(&qa, &qb, 64u * words[w], rg, n, 0x1000)))
					mismatch("flush", id);
				measure("flush", id, loop_flush_hv, loop_flush_ref, &row, cols,
					sizeof(cols));
				if (!cg_mode)
					printf("| %s | %u | %u | %s | %u | %u | %s | %u | %u | %s "
					       "| %s |\n",
					       names[sc], vps[v], words[w],
					       call_name(hv_plan.control), hv_plan.entries,
					       hv_plan.input_size, call_name(ref_control),
					       hvtlfs_control_rep_count(ref_control),
					       (unsigned int)(8u * hvtlfs_control_var_hdr_size(
									   ref_control) +
							      (hvtlfs_control_code(ref_control) >=
									       0x13
								       ? 32u
								       : 24u) +
							      8u * hvtlfs_control_rep_count(
									   ref_control)),
					       same ? "yes" : "no (large pages)", cols);
				id++;
			}
		}
	}
}

/* ---- Synthetic cluster IPI: the model of hv_apic.c ------------------------------ */

/* What the kernel's IPI path gets: a cpumask, the CPU->VP table, the vector. */
struct ref_ipi_args {
	const unsigned long *cpus;
	size_t ncpus;
	const uint32_t *vp_of_cpu;
	uint32_t max_vp_index; /* hv_max_vp_index */
	uint32_t vector;
	int ex_hint;
};

/* __send_ipi_mask_ex(): this CPU's input page (none: the native path, hv_apic.c lines
 * 115-119), the page header, cpumask_to_vpset()'s bank loop (the banks cleared up to
 * hv_max_vp_index's, nr_bank from 1). */
static inline int ref_ipi_ex(const struct ref_ipi_args *a, uint64_t *control)
{
	size_t w, nw = (a->ncpus + REF_LONG_BITS - 1) / REF_LONG_BITS, nr_bank = 1, b;
	uint64_t *page = ref_input_page();

	if (!page)
		return REF_NATIVE;
	page[0] = a->vector; /* vector, reserved */
	page[2] = 0;	     /* valid_bank_mask */
	page[1] = 0;	     /* HV_GENERIC_SET_SPARSE_4K */
	if (a->max_vp_index / 64 >= 64)
		return REF_NATIVE;
	for (b = 0; b <= a->max_vp_index / 64; b++)
		page[3 + b] = 0;
	for (w = 0; w < nw; w++) {
		unsigned long x = a->cpus[w];

		while (x) {
			uint32_t vcpu = a->vp_of_cpu[w * REF_LONG_BITS + (size_t)__builtin_ctzl(x)];

			x &= x - 1;
			if (vcpu >= 4096)
				return REF_NATIVE;
			page[3 + vcpu / 64] |= (uint64_t)1 << (vcpu % 64);
			if (vcpu / 64 >= nr_bank)
				nr_bank = vcpu / 64 + 1;
		}
	}
	page[2] = nr_bank == 64 ? ~(uint64_t)0 : ((uint64_t)1 << nr_bank) - 1;
	*control = 0x0015u | ((uint64_t)nr_bank << 17);
	return REF_OK;
}

/* __send_ipi_mask(): nothing for an empty mask, no hypercall page or a vector out of
 * range the native path (hv_apic.c lines 172-180), the highest CPU's VP first, then a
 * processor-mask loop over the cpumask, the fast call. */
static inline int ref_ipi(const struct ref_ipi_args *a, uint64_t *regs, uint64_t *control)
{
	size_t w, nw = (a->ncpus + REF_LONG_BITS - 1) / REF_LONG_BITS;
	uint64_t mask = 0;

	if (ref_bitmap_weight(a->cpus, a->ncpus) == 0)
		return REF_NOTHING;
	if (!bench_hypercall_pg)
		return REF_NATIVE;
	if (a->vector < 0x10 || a->vector > 0xff)
		return REF_NATIVE;
	if (a->vp_of_cpu[ref_find_last_bit(a->cpus, a->ncpus)] >= 64)
		return a->ex_hint ? ref_ipi_ex(a, control) : REF_NATIVE;
	for (w = 0; w < nw; w++) {
		unsigned long x = a->cpus[w];

		while (x) {
			uint32_t vcpu = a->vp_of_cpu[w * REF_LONG_BITS + (size_t)__builtin_ctzl(x)];

			x &= x - 1;
			if (vcpu >= 64)
				return a->ex_hint ? ref_ipi_ex(a, control) : REF_NATIVE;
			mask |= (uint64_t)1 << vcpu;
		}
	}
	regs[0] = a->vector;
	regs[1] = mask;
	*control = 0x000Bu | HVTLFS_CONTROL_FAST;
	return REF_OK;
}

struct ipi_row {
	struct hvtlfs_ipi_request req; /* hvtlfs: a bitmap, or a CPU source */
	struct hvtlfs_vp_source src;
	struct hvtlfs_features f;
	struct ref_ipi_args ref;
};

static struct hvtlfs_ipi_plan hv_ipi;
static uint64_t ref_regs[2];

BENCH_LOOP(loop_ipi_hv, ipi_row,
	   bench_hypercall_pg ? hvtlfs_ipi_plan_build(&x->req, &x->f, hv_input_page(), &hv_ipi)
			      : -1)

BENCH_LOOP(loop_ipi_ref, ipi_row, ref_ipi(&x->ref, ref_regs, &ref_control))

/*
 * One IPI row: VPs 0 to @nvps - 1 (CPU i is VP i) out of @ncpus CPUs, from a VP bitmap
 * of the CPUs' words (@kind 0) or from a cpumask of @ncpus bits and the CPU->VP table
 * (@kind 1, the kernel's view), planned both ways, compared, measured, printed.
 */
static void ipi_row_run(unsigned int kind, unsigned int nvps, unsigned int ncpus, unsigned int *id)
{
	static uint64_t bm[64];
	static unsigned long cpus[4096 / (8 * sizeof(unsigned long))];
	static uint32_t vp_of[4096];
	static struct ipi_row row;
	const unsigned int words = (ncpus + 63u) / 64u;
	char cols[160], input[48];
	unsigned int k;
	int same;

	for (k = 0; k < 4096; k++)
		vp_of[k] = k; /* CPU i is VP i, as on a freshly booted partition */
	memset(bm, 0, sizeof(bm));
	memset(cpus, 0, sizeof(cpus));
	for (k = 0; k < nvps; k++) {
		bm[k / 64] |= (uint64_t)1 << (k % 64);
		cpus[k / REF_LONG_BITS] |= 1ul << (k % REF_LONG_BITS);
	}
	memset(&row, 0, sizeof(row));
	row.f.cluster_ipi_recommended = true;
	row.f.ex_processor_masks_recommended = true;
	row.req.vector = 0xF3;
	if (kind == 0) {
		row.req.vps.bitmap = bm;
		row.req.vps.words = words;
	} else {
		row.src.cpus = cpus;
		row.src.ncpus = ncpus;
		row.src.vp_of_cpu = vp_of;
		row.req.vps.source = &row.src;
	}
	row.ref.cpus = cpus;
	row.ref.ncpus = ncpus;
	row.ref.vp_of_cpu = vp_of;
	row.ref.max_vp_index = ncpus - 1u;
	row.ref.vector = 0xF3;
	row.ref.ex_hint = 1;
	memset(hv_page, 0, sizeof(hv_page));
	memset(ref_page, 0, sizeof(ref_page));
	if (hvtlfs_ipi_plan_build(&row.req, &row.f, &hv_pg, &hv_ipi) ||
	    ref_ipi(&row.ref, ref_regs, &ref_control) != REF_OK) {
		mismatch("ipi", *id);
		return;
	}
	/* The same call and bytes: the registers, or the page. A bitmap's Ex input names
	 * only the non-empty banks; decoded, the same VPs. */
	if (hv_ipi.form == HVTLFS_FORM_FAST)
		same = hv_ipi.control == ref_control && hv_ipi.regs[0] == ref_regs[0] &&
		       hv_ipi.regs[1] == ref_regs[1];
	else
		same = hv_ipi.control == ref_control &&
		       !memcmp(hv_page, ref_page, hv_ipi.input_size);
	if (!same) {
		struct hvtlfs_hvcall_request qa, qb;

		if (!decode(0, hv_ipi.control, hv_page, 4096, &qa) ||
		    !decode(1, ref_control, ref_page, 4096, &qb) ||
		    hvtlfs_vpset_count(&qa.vps, 0) != nvps ||
		    hvtlfs_vpset_count(&qb.vps, 0) != nvps ||
		    !hvtlfs_vpset_contains(&qa.vps, nvps - 1u))
			mismatch("ipi", *id);
	}
	measure("ipi", *id, loop_ipi_hv, loop_ipi_ref, &row, cols, sizeof(cols));
	if (kind == 0)
		snprintf(input, sizeof(input), "VP bitmap");
	else if (ncpus % 64u == 0)
		snprintf(input, sizeof(input), "cpumask + CPU->VP");
	else
		snprintf(input, sizeof(input), "cpumask of %u CPUs + CPU->VP", ncpus);
	if (!cg_mode)
		printf("| %u | %u | %s | %s | %s | %u | %s | %s | %s |\n", nvps, words, input,
		       call_name(hv_ipi.control), hv_ipi.form == HVTLFS_FORM_FAST ? "fast" : "slow",
		       hv_ipi.input_size, call_name(ref_control), same ? "yes" : "same VPs", cols);
	(*id)++;
}

/*
 * The IPI rows: each input kind with bitmaps of 1, 4 and 64 words (all their bits CPUs)
 * and 1, 64, 65 and 2048 VPs where they fit; then cpumasks whose last word is partly
 * CPUs, as a kernel's nr_cpu_ids makes them (6 and 100 CPUs: the first one, or all).
 */
static void ipi_table(void)
{
	static const unsigned int vps[] = { 1, 64, 65, 2048 }, words[] = { 1, 4, 64 },
				  partial[] = { 6, 100 };
	unsigned int v, w, kind, id = 0;

	printf("| VPs | words | hvtlfs input | hvtlfs call | form | bytes | reference call | "
	       "same input | hvtlfs ns | reference ns | ratio | hvtlfs instr | reference instr "
	       "| ratio |\n");
	printf("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
	for (kind = 0; kind < 2; kind++)
		for (w = 0; w < 3; w++)
			for (v = 0; v < 4; v++)
				if (vps[v] <= 64u * words[w])
					ipi_row_run(kind, vps[v], 64u * words[w], &id);
	for (w = 0; w < 2; w++) {
		ipi_row_run(1, 1, partial[w], &id);
		ipi_row_run(1, partial[w], partial[w], &id);
	}
}

/* ---- Guest-physical flush: a hand-written nested hypervisor's path -------------- */

#define REF_GPA_MAX_PAGES 2048u /* HV_GPA_PAGE_RANGE: 2048 pages a 4 KiB entry */
#define REF_GPA_MAX_REPS  510u	/* what the page holds after the 16-byte header */

struct ref_gpa_range {
	uint64_t start_gfn, pages;
};

/* union hv_gpa_page_range of Linux's include/asm-generic/hyperv-tlfs.h (lines 440-453,
 * its page view): the entry is written through bit-fields, so the compiler masks the
 * additional-page count to its 11 bits. */
union ref_gpa_page_range {
	uint64_t address_space;
	struct {
		uint64_t additional_pages : 11;
		uint64_t largepage : 1;
		uint64_t basepfn : 52;
	} page;
};

/* hyperv_fill_flush_list_func (arch/x86/include/asm/mshyperv.h line 18): the caller's
 * fill function, given the input page and its data. */
typedef int (*ref_fill_flush_list_func)(uint64_t *flush, const void *data);

struct ref_gpa_args {
	uint64_t address_space;
	ref_fill_flush_list_func fill_flush_list_func;
	const void *data; /* the fill function's: one range, or a ref_gpa_ranges; NULL: none */
};

/* Several ranges for one fill function: the rows' extension of KVM's one range. */
struct ref_gpa_ranges {
	const struct ref_gpa_range *ranges;
	size_t nranges;
};

/*
 * hyperv_fill_flush_guest_mapping_list() (arch/x86/hyperv/nested.c lines 59-87): one
 * range of pages as 4 KiB entries of up to 2048 pages, through the bit-fields (lines
 * 77-79), -ENOSPC past 510. One extension: it starts at entry @gpa_n (0 for KVM's one
 * range), so that the rows' several ranges can share the list.
 */
static inline int ref_fill_list(uint64_t *flush, int gpa_n, uint64_t start_gfn, uint64_t pages)
{
	union ref_gpa_page_range *list = (union ref_gpa_page_range *)(flush + 2);
	uint64_t cur = start_gfn;

	do {
		uint64_t add = (pages < REF_GPA_MAX_PAGES ? pages : REF_GPA_MAX_PAGES) - 1;

		if (gpa_n >= (int)REF_GPA_MAX_REPS)
			return -28; /* -ENOSPC */
		list[gpa_n].page.additional_pages = add;
		list[gpa_n].page.largepage = 0;
		list[gpa_n].page.basepfn = cur;
		pages -= add + 1;
		cur += add + 1;
		gpa_n++;
	} while (pages > 0);
	return gpa_n;
}

/* The fill function as Linux links it: exported from vmlinux and called from KVM's
 * module, a call of its own. */
static NOINLINE int ref_fill_flush_guest_mapping_list(uint64_t *flush, uint64_t start_gfn,
						      uint64_t pages)
{
	return ref_fill_list(flush, 0, start_gfn, pages);
}

/* kvm_fill_hv_flush_list_func() (arch/x86/kvm/kvm_onhyperv.c lines 12-19): KVM's fill
 * function for one range, given through a pointer. */
static NOINLINE int ref_kvm_fill_one(uint64_t *flush, const void *data)
{
	const struct ref_gpa_range *range = (const struct ref_gpa_range *)data;

	return ref_fill_flush_guest_mapping_list(flush, range->start_gfn, range->pages);
}

/* The same for the rows of several ranges (Linux 6.1's KVM flushes one a call): each
 * range after the one before, the fill loop inlined (one call for the list, not one a
 * range). */
static NOINLINE int ref_kvm_fill_many(uint64_t *flush, const void *data)
{
	const struct ref_gpa_ranges *rs = (const struct ref_gpa_ranges *)data;
	size_t r;
	int n = 0;

	for (r = 0; r < rs->nranges && n >= 0; r++)
		n = ref_fill_list(flush, n, rs->ranges[r].start_gfn, rs->ranges[r].pages);
	return n;
}

/*
 * hyperv_flush_guest_mapping_range() (arch/x86/hyperv/nested.c lines 90-135): the list
 * of 4 KiB entries in the page, or the whole space when it overflows. As Linux 6.1 does
 * (lines 100-121): no hypercall page or no fill function, no call; the page from this
 * CPU's hyperv_pcpu_input_arg, none there, no call; the header, then the fill function
 * called through its pointer (in Linux it is KVM's, in another module), its count
 * checked (-ENOSPC: the caller's whole-space flush). Exported from vmlinux
 * (EXPORT_SYMBOL_GPL) and called from KVM's module: a call of its own.
 */
static NOINLINE int ref_flush_guest_mapping_range(uint64_t as, ref_fill_flush_list_func fill,
						  const void *data)
{
	uint64_t *flush;
	int n;

	if (!bench_hypercall_pg || !fill)
		return REF_NATIVE;
	flush = ref_input_page();
	if (!flush)
		return REF_NATIVE;
	flush[0] = as;
	flush[1] = 0;
	n = fill(flush, data);
	if (n < 0) {
		ref_control = 0x00AFu; /* the caller's HvFlushGuestPhysicalAddressSpace */
		return REF_OK;
	}
	ref_control = 0x00B0u | ((uint64_t)n << 32);
	return REF_OK;
}

/* hyperv_flush_guest_mapping() (nested.c lines 20-56): the whole space, another
 * exported function; its input in the page as Linux writes it. */
static NOINLINE int ref_flush_guest_mapping(uint64_t as)
{
	uint64_t *flush;

	if (!bench_hypercall_pg)
		return REF_NATIVE;
	flush = ref_input_page();
	if (!flush)
		return REF_NATIVE;
	flush[0] = as;
	flush[1] = 0;
	ref_control = 0x00AFu;
	return REF_OK;
}

/* hv_remote_flush_root_tdp() (arch/x86/kvm/kvm_onhyperv.c lines 21-29, inline in KVM):
 * a range, the list; none, the whole space. */
static inline int ref_gpa(const struct ref_gpa_args *a)
{
	if (a->data)
		return ref_flush_guest_mapping_range(a->address_space, a->fill_flush_list_func,
						     a->data);
	return ref_flush_guest_mapping(a->address_space);
}

struct gpa_row {
	struct hvtlfs_gpa_flush_request req;
	struct hvtlfs_features f;
	struct ref_gpa_args ref;
	struct hvtlfs_gpa_flush_space space; /* req, f and the page, set up once */
};

static struct hvtlfs_gpa_flush_plan hv_gpa;

BENCH_LOOP(loop_gpa_hv, gpa_row,
	   bench_hypercall_pg
		   ? hvtlfs_gpa_flush_plan_build(&x->req, &x->f, hv_input_page(), &hv_gpa)
		   : -1)

/* The same flush in a space set up once: only the ranges are the call's. */
BENCH_LOOP(loop_gpa_space_hv, gpa_row,
	   bench_hypercall_pg
		   ? hvtlfs_gpa_flush_plan_ranges((const struct hvtlfs_gpa_flush_space *)
							  bench_this_cpu_ptr((void *)&x->space),
						  x->req.ranges, x->req.nranges, &hv_gpa)
		   : -1)

BENCH_LOOP(loop_gpa_ref, gpa_row, ref_gpa(&x->ref))

/* Pages the decoded list names, in bytes, and its first byte. */
static uint64_t gpa_bytes(int side, const struct hvtlfs_hvcall_request *q, uint64_t *first)
{
	uint64_t sum = 0;
	uint32_t i;

	*first = q->nranges ? decoded[side][0].base : 0;
	for (i = 0; i < q->nranges; i++)
		sum += decoded[side][i].pages << decoded[side][i].page_shift;
	return sum;
}

static void gpa_table(void)
{
	static struct hvtlfs_page_range pr[64];
	static struct ref_gpa_range rr[64];
	static struct ref_gpa_ranges rs;
	static struct gpa_row row;
	static const char *names[] = { "1 page",
				       "33 pages",
				       "2 MiB, 4 KiB pages",
				       "1 GiB, 4 KiB pages",
				       "1 GiB, 2 MiB pages",
				       "64 scattered pages",
				       "8 GiB, 4 KiB pages" };
	static const uint32_t mapping[] = { 0, 0, 0, 0, HVTLFS_MAPPING_2M, 0, 0 };
	unsigned int sc, id = 0;

	printf("| scenario | hvtlfs API | hvtlfs call | entries | bytes | reference call | entries "
	       "| same input | hvtlfs ns | reference ns | ratio | hvtlfs instr | reference instr "
	       "| ratio |\n");
	printf("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
	for (sc = 0; sc < sizeof(names) / sizeof(names[0]); sc++) {
		static uint64_t hv_in[512];
		struct hvtlfs_gpa_flush_plan plan0;
		size_t n = 1, i;
		char cols[160];
		int same;

		pr[0].first = 0x40000; /* GPA 1 GiB */
		switch (sc) {
		case 0:
			pr[0].count = 1;
			break;
		case 1:
			pr[0].count = 33;
			break;
		case 2:
			pr[0].count = 512;
			break;
		case 3:
		case 4:
			pr[0].count = 262144;
			break;
		case 5:
			n = 64;
			for (i = 0; i < 64; i++) {
				pr[i].first = 0x40000u + 0x31u * i;
				pr[i].count = 1;
			}
			break;
		default:
			pr[0].count = 8ull << 18;
		}
		for (i = 0; i < n; i++) {
			rr[i].start_gfn = pr[i].first;
			rr[i].pages = pr[i].count;
		}
		memset(&row, 0, sizeof(row));
		row.f.nested.gpa_flush_hypercalls = true;
		row.req.address_space = 0x5000;
		row.req.ranges = pr;
		row.req.nranges = n;
		row.req.mapping_size = mapping[sc];
		row.ref.address_space = 0x5000;
		rs.ranges = rr;
		rs.nranges = n;
		row.ref.fill_flush_list_func = n == 1 ? ref_kvm_fill_one : ref_kvm_fill_many;
		row.ref.data = n == 1 ? (const void *)rr : (const void *)&rs;
		memset(hv_page, 0, sizeof(hv_page));
		memset(ref_page, 0, sizeof(ref_page));
		if (hvtlfs_gpa_flush_plan_build(&row.req, &row.f, &hv_pg, &hv_gpa) ||
		    ref_gpa(&row.ref) != REF_OK) {
			mismatch("gpa", id);
			continue;
		}
		same = hv_gpa.form == HVTLFS_FORM_SLOW && hv_gpa.control == ref_control &&
		       !memcmp(hv_page, ref_page, hv_gpa.input_size);
		if (!same) {
			/* Another encoding (large pages, or the fast whole-space call): the
			 * same address space, and the same pages when both are lists. */
			struct hvtlfs_hvcall_request qa, qb;
			uint64_t fa, fb;

			if (!decode(0, hv_gpa.control,
				    hv_gpa.form == HVTLFS_FORM_FAST ? (const void *)hv_gpa.regs
								    : (const void *)hv_page,
				    hv_gpa.form == HVTLFS_FORM_FAST ? 16u : 4096u, &qa) ||
			    !decode(1, ref_control, ref_page, 4096, &qb) ||
			    qa.address_space != qb.address_space ||
			    (!qa.whole_space && !qb.whole_space &&
			     (gpa_bytes(0, &qa, &fa) != gpa_bytes(1, &qb, &fb) || fa != fb)))
				mismatch("gpa", id);
		}
		measure("gpa", id, loop_gpa_hv, loop_gpa_ref, &row, cols, sizeof(cols));
		if (!cg_mode)
			printf("| %s | plan_build | %s | %u | %u | %s | %u | %s | %s |\n",
			       names[sc], call_name(hv_gpa.control), hv_gpa.entries,
			       hv_gpa.input_size, call_name(ref_control),
			       hvtlfs_control_rep_count(ref_control), same ? "yes" : "same pages",
			       cols);
		/* The set-up space plans the same call with the same bytes. */
		memcpy(hv_in, hv_page, sizeof(hv_in));
		plan0 = hv_gpa;
		memset(hv_page, 0, sizeof(hv_page));
		memset(&hv_gpa, 0, sizeof(hv_gpa));
		if (hvtlfs_gpa_flush_space_init(&row.space, &row.req, &row.f, &hv_pg) ||
		    hvtlfs_gpa_flush_plan_ranges(&row.space, row.req.ranges, row.req.nranges,
						 &hv_gpa) ||
		    hv_gpa.control != plan0.control || hv_gpa.form != plan0.form ||
		    hv_gpa.input_size != plan0.input_size || hv_gpa.entries != plan0.entries ||
		    hv_gpa.address_space != plan0.address_space || hv_gpa.page != plan0.page ||
		    memcmp(hv_gpa.regs, plan0.regs, sizeof(plan0.regs)) ||
		    memcmp(hv_page, hv_in, sizeof(hv_in))) {
			mismatch("gpa space", id);
			continue;
		}
		measure("gpa-space", id, loop_gpa_space_hv, loop_gpa_ref, &row, cols, sizeof(cols));
		if (!cg_mode)
			printf("| %s | plan_ranges | %s | %u | %u | %s | %u | %s | %s |\n",
			       names[sc], call_name(hv_gpa.control), hv_gpa.entries,
			       hv_gpa.input_size, call_name(ref_control),
			       hvtlfs_control_rep_count(ref_control), same ? "yes" : "same pages",
			       cols);
		id++;
	}
}

int main(int argc, char **argv)
{
	int i;

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--callgrind"))
			cg_mode = 1;
		else if (!strcmp(argv[i], "--ir") && i + 1 < argc)
			ir_file = argv[++i];
		else {
			fprintf(stderr, "usage: bench_flush [--callgrind | --ir <file>]\n");
			return 2;
		}
	}
	if (hvtlfs_input_page_init(&hv_pg, hv_page, (uintptr_t)hv_page, sizeof(hv_page)))
		return 1;
	if (cg_mode) {
		CALLGRIND_ZERO_STATS;
		loop_empty(NULL, CG_ITERS);
		CALLGRIND_DUMP_STATS_AT("empty");
	}
	if (!cg_mode)
		printf("## Remote TLB flush: hvtlfs_flush_plan_build() and Linux's path\n\n");
	flush_table();
	if (!cg_mode)
		printf("\n## Synthetic cluster IPI: hvtlfs_ipi_plan_build() and hv_apic.c's "
		       "path\n\n");
	ipi_table();
	if (!cg_mode)
		printf("\n## Guest-physical flush: hvtlfs_gpa_flush_plan_build(), "
		       "hvtlfs_gpa_flush_plan_ranges() and a hand-written path\n\n");
	gpa_table();
	return failures ? 1 : 0;
}
