/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * GVA and GPA range lists.
 *
 * Everything is computed in 4 KiB page numbers (at most 2^52 - 1), so page
 * arithmetic has 12 bits of headroom in a uint64_t and "last + 1" never wraps.
 * Runs are half-open [x, y) with y <= 2^52.
 */
#include "hvtlfs/ranges.h"
#include "hvtlfs_internal.h"

#define PAGES_END_  (HVTLFS_RANGE_MAX_PAGE + 1u) /* one past the last page */
#define SHIFT_2M_   9u				 /* 4 KiB pages in a 2 MiB page, log2 */
#define SHIFT_1G_   18u				 /* 4 KiB pages in a 1 GiB page, log2 */
#define LOG_SIMPLE_ 12u				 /* log2 of 4096 pages an entry */
#define LOG_EXT_    11u				 /* log2 of 2048 pages an entry */
#define MAX_TRIES_  4u /* 4 x 2048 small pages = 1 large entry: no gain beyond */

enum layout_ {
	LAYOUT_SIMPLE_,	 /* 12-bit count, 4 KiB pages */
	LAYOUT_EXT_,	 /* 11-bit count, 4 KiB pages */
	LAYOUT_LARGE_,	 /* 11-bit count, 4 KiB / 2 MiB / 1 GiB pages */
	LAYOUT_LARGE_2M_ /* 11-bit count, 4 KiB / 2 MiB pages (2 MiB mappings) */
};

/* A count for a size_t out-parameter: saturated where size_t is narrower (i386). */
static size_t count_out(uint64_t n)
{
	return (size_t)hvtlfs_min_u64_(n, HVTLFS_SIZE_MAX_);
}

/* Output cursor: counts every entry, stores those below the capacity. */
struct sink_ {
	uint64_t *out;
	uint64_t cap;
	uint64_t n;
	int alt;	/* a layout whose cost is counted beside (planners), or -1 */
	uint64_t alt_n; /* that cost */
};

/* Entries needed for @units units at 2^@log units an entry. */
static uint64_t entries_for(uint64_t units, unsigned int log)
{
	return (units + ((uint64_t)1 << log) - 1u) >> log;
}

/*
 * Emits @units pages of 2^@shift 4 KiB pages each, from page @first, in
 * entries of up to 2^@log units carrying @bits. Once the capacity is reached
 * the rest is only counted, so a huge run never loops.
 */
HVTLFS_ALWAYS_INLINE void emit_run(struct sink_ *s, uint64_t first, uint64_t units,
				   unsigned int shift, unsigned int log, uint64_t bits)
{
	/* Locals: stores to out[] could alias the sink's fields. */
	uint64_t *out = s->out;
	uint64_t n = s->n, cap = s->cap;
	uint64_t full = units >> log, rest = units & HVTLFS_MASK64(log);
	/* The full entries stored: out[n] up to the capacity. n + full cannot wrap: the
	 * runs are disjoint, so n + full is at most 2^52 entries. */
	uint64_t stop = hvtlfs_min_u64_(n + full, cap), i;
	/* Full entries differ only in their address, by one entry's span; the
	 * span is 2^23 bytes or more, clear of the count and flag bits. */
	uint64_t step = (uint64_t)1 << (log + shift + HVTLFS_RANGE_PAGE_SHIFT);
	uint64_t e = (first << HVTLFS_RANGE_PAGE_SHIFT) | bits | HVTLFS_MASK64(log);

	for (i = n; i < stop; i++, e += step)
		out[i] = e;
	n += full;
	if (rest != 0) {
		if (n < cap)
			out[n] = ((first + (full << (log + shift))) << HVTLFS_RANGE_PAGE_SHIFT) |
				 bits | (rest - 1u);
		n++;
	}
	s->n = n;
}

static uint64_t ranges_round_up(uint64_t v, unsigned int shift)
{
	return ((v + ((uint64_t)1 << shift) - 1u) >> shift) << shift;
}

static uint64_t ranges_round_down(uint64_t v, unsigned int shift)
{
	return (v >> shift) << shift;
}

/* A plan for [x, y): 4K [x, a1), 2M [a1, a2), 1G [a2, b2), 2M [b2, b1), 4K [b1, y). */
struct plan_ {
	uint64_t a1, a2, b2, b1;
	uint64_t cost;
};

static uint64_t cost_of(uint64_t pages, unsigned int shift)
{
	return entries_for(pages >> shift, LOG_EXT_);
}

/* Cheapest split of the 2 MiB-aligned [a, b) between 2 MiB and (with @gb) 1 GiB
 * entries. */
static void plan_mid(uint64_t a, uint64_t b, int gb, struct plan_ *p)
{
	uint64_t lo = ranges_round_up(a, SHIFT_1G_), hi = ranges_round_down(b, SHIFT_1G_);
	unsigned int j, l;

	p->a2 = a;
	p->b2 = a;
	p->cost = cost_of(b - a, SHIFT_2M_);
	if (!gb || lo >= hi || p->cost == 1)
		return;
	/* Moving a 1 GiB boundary by 4 pages or more costs a 2 MiB entry and saves
	 * at most one 1 GiB entry: only the first MAX_TRIES_ positions matter. */
	for (j = 0; j < MAX_TRIES_; j++) {
		uint64_t a2 = lo + ((uint64_t)j << SHIFT_1G_);

		if (a2 >= hi)
			break;
		for (l = 0; l < MAX_TRIES_; l++) {
			uint64_t b2 = hi - ((uint64_t)l << SHIFT_1G_);
			uint64_t c;

			if (b2 <= a2)
				break;
			c = cost_of(a2 - a, SHIFT_2M_) + cost_of(b2 - a2, SHIFT_1G_) +
			    cost_of(b - b2, SHIFT_2M_);
			if (c < p->cost) {
				p->cost = c;
				p->a2 = a2;
				p->b2 = b2;
				if (c == 1)
					return;
			}
		}
	}
}

/* Cheapest exact cover of [x, y) with 4 KiB, 2 MiB and (with @gb) 1 GiB entries.
 * Ties go to the plan found first, which prefers smaller pages. */
static void plan_large(uint64_t x, uint64_t y, int gb, struct plan_ *best)
{
	uint64_t lo = ranges_round_up(x, SHIFT_2M_), hi = ranges_round_down(y, SHIFT_2M_);
	unsigned int i, k;

	best->a1 = best->a2 = best->b2 = best->b1 = x;
	best->cost = cost_of(y - x, 0);
	if (lo >= hi)
		return;
	for (i = 0; i < MAX_TRIES_; i++) {
		uint64_t a1 = lo + ((uint64_t)i << SHIFT_2M_);

		if (a1 >= hi)
			break;
		for (k = 0; k < MAX_TRIES_; k++) {
			uint64_t b1 = hi - ((uint64_t)k << SHIFT_2M_);
			struct plan_ mid;
			uint64_t c;

			if (b1 <= a1)
				break;
			plan_mid(a1, b1, gb, &mid);
			c = cost_of(a1 - x, 0) + cost_of(y - b1, 0) + mid.cost;
			if (c < best->cost) {
				best->cost = c;
				best->a1 = a1;
				best->a2 = mid.a2;
				best->b2 = mid.b2;
				best->b1 = b1;
				if (c == 1)
					return; /* nothing beats one entry */
			}
		}
	}
}

/* Emits [x, y) as the plan @p of plan_large() says. */
static void emit_large_plan(struct sink_ *s, uint64_t x, uint64_t y, const struct plan_ *p)
{
	const uint64_t large = HVTLFS_RANGE_EXT_LARGE_PAGE;

	if (p->a1 == p->b1) {
		emit_run(s, x, y - x, 0, LOG_EXT_, 0);
		return;
	}
	emit_run(s, x, p->a1 - x, 0, LOG_EXT_, 0);
	emit_run(s, p->a1, (p->a2 - p->a1) >> SHIFT_2M_, SHIFT_2M_, LOG_EXT_, large);
	emit_run(s, p->a2, (p->b2 - p->a2) >> SHIFT_1G_, SHIFT_1G_, LOG_EXT_,
		 large | HVTLFS_RANGE_EXT_PAGE_1G);
	emit_run(s, p->b2, (p->b1 - p->b2) >> SHIFT_2M_, SHIFT_2M_, LOG_EXT_, large);
	emit_run(s, p->b1, y - p->b1, 0, LOG_EXT_, 0);
}

/* Emits [x, y) with large pages where they save entries. Kept out of line so
 * the 4 KiB paths stay small. */
HVTLFS_NOINLINE_ static void emit_large(struct sink_ *s, uint64_t x, uint64_t y, int gb)
{
	struct plan_ p;

	plan_large(x, y, gb, &p);
	emit_large_plan(s, x, y, &p);
}

/* log2 of the 4 KiB pages an entry of a 4 KiB layout holds. */
static unsigned int log_of(enum layout_ layout)
{
	return layout == LAYOUT_SIMPLE_ ? LOG_SIMPLE_ : LOG_EXT_;
}

/* Entries the coalesced run of pages [x, y) needs in @layout, nothing emitted. */
static uint64_t segment_cost(enum layout_ layout, uint64_t x, uint64_t y)
{
	struct plan_ p;

	if (layout != LAYOUT_LARGE_ && layout != LAYOUT_LARGE_2M_)
		return entries_for(y - x, log_of(layout));
	plan_large(x, y, layout == LAYOUT_LARGE_, &p);
	return p.cost;
}

/* Emits the coalesced run of pages [x, y); with a second layout (@s->alt), counts
 * what the run would cost there too. */
HVTLFS_ALWAYS_INLINE void emit_segment(struct sink_ *s, enum layout_ layout, uint64_t x, uint64_t y)
{
	if (s->alt >= 0)
		s->alt_n += segment_cost((enum layout_)s->alt, x, y);
	if (layout == LAYOUT_LARGE_ || layout == LAYOUT_LARGE_2M_)
		emit_large(s, x, y, layout == LAYOUT_LARGE_);
	else
		emit_run(s, x, y - x, 0, log_of(layout), 0);
}

/* Inclusive page bounds of range @i; the ranges were validated before. */
static void bounds(const void *ranges, int bytes, size_t i, uint64_t *f, uint64_t *l)
{
	if (bytes) {
		const struct hvtlfs_range *r = (const struct hvtlfs_range *)ranges + i;
		uint64_t start = r->start, len = r->length;

		*f = start >> HVTLFS_RANGE_PAGE_SHIFT;
		*l = (start + (len - 1u)) >> HVTLFS_RANGE_PAGE_SHIFT;
	} else {
		const struct hvtlfs_page_range *r = (const struct hvtlfs_page_range *)ranges + i;
		uint64_t first = r->first, count = r->count;

		*f = first;
		*l = first + (count - 1u);
	}
}

/* Checks range @i and gives its inclusive page bounds. */
HVTLFS_ALWAYS_INLINE int check_range(const void *ranges, int bytes, size_t i, uint64_t *f,
				     uint64_t *l)
{
	if (bytes) {
		const struct hvtlfs_range *r = (const struct hvtlfs_range *)ranges + i;
		uint64_t start = r->start, len = r->length;

		if (len == 0)
			return HVTLFS_ERR_EMPTY_RANGE;
		if (len - 1u > ~(uint64_t)0 - start)
			return HVTLFS_ERR_RANGE_WRAP;
		*f = start >> HVTLFS_RANGE_PAGE_SHIFT;
		*l = (start + (len - 1u)) >> HVTLFS_RANGE_PAGE_SHIFT;
	} else {
		const struct hvtlfs_page_range *r = (const struct hvtlfs_page_range *)ranges + i;
		uint64_t first = r->first, count = r->count;

		if (count == 0)
			return HVTLFS_ERR_EMPTY_RANGE;
		if (first > HVTLFS_RANGE_MAX_PAGE || count - 1u > HVTLFS_RANGE_MAX_PAGE - first)
			return HVTLFS_ERR_RANGE_WRAP;
		*f = first;
		*l = first + (count - 1u);
	}
	return HVTLFS_OK;
}

/* Checks every range; tells whether they come sorted by first page. */
static int validate(const void *ranges, int bytes, size_t n, int *sorted)
{
	uint64_t prev = 0, f, l;
	size_t i;

	*sorted = 1;
	for (i = 0; i < n; i++) {
		int err = check_range(ranges, bytes, i, &f, &l);

		if (err != HVTLFS_OK)
			return err;
		if (f < prev)
			*sorted = 0;
		prev = f;
	}
	return HVTLFS_OK;
}

/* One run of pages [f, l] in 4 KiB entries of up to 2^@log pages: the common
 * multi-entry flush, without the coalescing machinery. */
static int encode_run(uint64_t *out, uint64_t cap, uint64_t f, uint64_t l, unsigned int log,
		      int count_only, size_t *needed)
{
	uint64_t units = l - f + 1u, full = units >> log, rest = units & HVTLFS_MASK64(log);
	uint64_t total = full + (rest != 0 ? 1u : 0u), m = hvtlfs_min_u64_(full, cap), i;
	uint64_t step = (uint64_t)1 << (log + HVTLFS_RANGE_PAGE_SHIFT);
	uint64_t e = (f << HVTLFS_RANGE_PAGE_SHIFT) | HVTLFS_MASK64(log);

	if (needed != NULL)
		*needed = count_out(total);
	if (count_only)
		return HVTLFS_OK;
	for (i = 0; i < m; i++, e += step)
		out[i] = e;
	if (total > cap)
		return HVTLFS_ERR_RANGES_DONT_FIT;
	/* total <= cap: the partial entry, out[full], is below the capacity (said again
	 * in the test, where the analysis of proofs/ sees it). */
	if (rest != 0 && full < cap)
		out[full] = ((f + (full << log)) << HVTLFS_RANGE_PAGE_SHIFT) | (rest - 1u);
	return (int)total;
}

static void coalesce_sorted(struct sink_ *s, enum layout_ layout, const void *ranges, int bytes,
			    size_t n)
{
	uint64_t cs, ce, f, l;
	size_t i;

	bounds(ranges, bytes, 0, &cs, &ce);
	for (i = 1; i < n; i++) {
		bounds(ranges, bytes, i, &f, &l);
		if (f <= ce + 1u) {
			if (l > ce)
				ce = l;
		} else {
			emit_segment(s, layout, cs, ce + 1u);
			cs = f;
			ce = l;
		}
	}
	emit_segment(s, layout, cs, ce + 1u);
}

/* Unsorted input, no scratch: find the lowest uncovered run above a cursor,
 * grow it until no range touches its end, emit, move the cursor past it. */
static void coalesce_any(struct sink_ *s, enum layout_ layout, const void *ranges, int bytes,
			 size_t n)
{
	uint64_t cursor = 0;

	for (;;) {
		uint64_t start = PAGES_END_, end, f, l;
		int grew;
		size_t i;

		for (i = 0; i < n; i++) {
			bounds(ranges, bytes, i, &f, &l);
			if (l >= cursor) {
				uint64_t c = f > cursor ? f : cursor;

				if (c < start)
					start = c;
			}
		}
		if (start == PAGES_END_)
			return;
		end = start; /* inclusive; the range that set start covers it */
		do {
			grew = 0;
			for (i = 0; i < n; i++) {
				bounds(ranges, bytes, i, &f, &l);
				if (f <= end + 1u && l > end) {
					end = l;
					grew = 1;
				}
			}
		} while (grew);
		emit_segment(s, layout, start, end + 1u);
		if (end == HVTLFS_RANGE_MAX_PAGE)
			return;
		cursor = end + 1u;
	}
}

HVTLFS_NOINLINE_ static int encode(uint64_t *out, size_t cap, const void *ranges, int bytes,
				   size_t n, enum layout_ layout, size_t *needed)
{
	struct sink_ s;
	int sorted, err;
	int count_only = out == NULL && cap == 0;

	if ((ranges == NULL && n != 0) || (out == NULL && cap != 0) ||
	    (count_only && needed == NULL))
		return HVTLFS_ERR_NULL;
	s.cap = hvtlfs_min_u64_(cap, HVTLFS_INT_MAX_);
	s.alt = -1;
	s.alt_n = 0;
	err = validate(ranges, bytes, n, &sorted);
	if (err != HVTLFS_OK)
		return err;
	s.out = out;
	s.n = 0;
	if (n != 0) {
		if (sorted)
			coalesce_sorted(&s, layout, ranges, bytes, n);
		else
			coalesce_any(&s, layout, ranges, bytes, n);
	}
	if (needed != NULL)
		*needed = count_out(s.n);
	if (count_only)
		return HVTLFS_OK;
	if (s.n > s.cap)
		return HVTLFS_ERR_RANGES_DONT_FIT;
	return (int)s.n;
}

/*
 * Format and options to layout, or -1. The simple GVA format takes no option; the
 * extended GVA and the GPA format take LARGE_PAGES, and NO_1G with it.
 */
static int layout_of(unsigned int format)
{
	unsigned int fmt = format & HVTLFS_RANGE_FORMAT_MASK;
	unsigned int opts = format & ~HVTLFS_RANGE_FORMAT_MASK;

	if (fmt > HVTLFS_RANGE_FORMAT_GPA ||
	    (opts & ~(HVTLFS_RANGE_ENCODE_LARGE_PAGES | HVTLFS_RANGE_ENCODE_NO_1G)) != 0)
		return -1;
	if ((opts & HVTLFS_RANGE_ENCODE_LARGE_PAGES) != 0) {
		if (fmt == HVTLFS_RANGE_FORMAT_GVA_SIMPLE)
			return -1;
		return (opts & HVTLFS_RANGE_ENCODE_NO_1G) != 0 ? LAYOUT_LARGE_2M_ : LAYOUT_LARGE_;
	}
	if ((opts & HVTLFS_RANGE_ENCODE_NO_1G) != 0)
		return -1;
	return fmt == HVTLFS_RANGE_FORMAT_GVA_SIMPLE ? LAYOUT_SIMPLE_ : LAYOUT_EXT_;
}

int hvtlfs_ranges_encode_any_(uint64_t *out, size_t cap, const void *ranges, size_t nranges,
			      unsigned int format, bool pages, size_t *needed)
{
	int layout = layout_of(format);

	if (layout < 0)
		return HVTLFS_ERR_INVALID_ARG;
	/* One range in 4 KiB entries: no coalescing, no planning, a small frame. */
	if (nranges == 1 && layout != LAYOUT_LARGE_ && layout != LAYOUT_LARGE_2M_ &&
	    ranges != NULL && (out != NULL || cap == 0) && (out != NULL || needed != NULL)) {
		uint64_t f, l;
		int err = check_range(ranges, !pages, 0, &f, &l);

		if (err != HVTLFS_OK)
			return err;
		return encode_run(out, hvtlfs_min_u64_(cap, HVTLFS_INT_MAX_), f, l,
				  layout == LAYOUT_SIMPLE_ ? LOG_SIMPLE_ : LOG_EXT_, out == NULL,
				  needed);
	}
	return encode(out, cap, ranges, !pages, nranges, (enum layout_)layout, needed);
}

/* ---- The planners' lists: one encoding pass, straight into the input. ---- */

/* The first and last byte range @i names (validated). */
static void byte_span(const void *ranges, int bytes, size_t i, uint64_t *lo, uint64_t *hi)
{
	if (bytes) {
		const struct hvtlfs_range *r = (const struct hvtlfs_range *)ranges + i;

		*lo = r->start;
		*hi = r->start + (r->length - 1u);
	} else {
		const struct hvtlfs_page_range *r = (const struct hvtlfs_page_range *)ranges + i;

		*lo = r->first << HVTLFS_RANGE_PAGE_SHIFT;
		*hi = ((r->first + (r->count - 1u)) << HVTLFS_RANGE_PAGE_SHIFT) |
		      HVTLFS_MASK64(HVTLFS_RANGE_PAGE_SHIFT);
	}
}

/* A run of several entries, out of the planners' loops (their registers stay theirs):
 * emit_run() from the cursor @n, the new cursor returned. */
HVTLFS_NOINLINE_ static uint64_t emit_long(struct sink_ *s, uint64_t n, uint64_t cs, uint64_t ce,
					   unsigned int log)
{
	s->n = n;
	emit_run(s, cs, ce - cs + 1u, 0, log, 0);
	return s->n;
}

/* Writes the coalesced run of pages [cs, ce] in 4 KiB entries of up to 2^@log pages:
 * a run of one entry here, through the cursor @n kept in registers by the caller; a
 * longer one through emit_long(). */
HVTLFS_ALWAYS_INLINE uint64_t emit_short(struct sink_ *s, uint64_t *out, uint64_t cap, uint64_t n,
					 uint64_t cs, uint64_t ce, unsigned int log)
{
	if (ce - cs < ((uint64_t)1 << log)) {
		if (n < cap)
			out[n] = (cs << HVTLFS_RANGE_PAGE_SHIFT) | (ce - cs);
		return n + 1u;
	}
	return emit_long(s, n, cs, ce, log);
}

/*
 * Sorted byte ranges in a 4 KiB format of 2^@log pages an entry (the flush planner's
 * usual list), checked, coalesced and emitted in one pass, each range read once.
 * Returns 1 at the first range that starts below its predecessor (nothing is promised
 * about the entries then: the caller starts over), else HVTLFS_OK or the first range
 * error; *@lo and *@hi the first and last byte named.
 */
HVTLFS_ALWAYS_INLINE int sorted_bytes(struct sink_ *s, const struct hvtlfs_range *r, size_t nr,
				      unsigned int log, uint64_t *lo, uint64_t *hi)
{
	uint64_t *const out = s->out;
	const uint64_t cap = s->cap;
	uint64_t start, len, last = 0, cs, ce, a, b, n = s->n, next = 0;
	const size_t lim = n < cap ? (size_t)hvtlfs_min_u64_(nr, cap - n) : 0u;
	size_t i;

	/*
	 * The common list first: ranges apart from each other by at least one page,
	 * ascending, each one short entry. Each is its own run, emitted at once: entry n + i
	 * for range i, within the capacity (lim), no run kept. A range that is empty (its
	 * last byte before its start: a carry, or from start 0 more pages than an entry)
	 * or wraps (a carry), that touches or precedes the one before, or that needs more
	 * than one entry ends this loop; the loop below takes over at that range, the one
	 * before it its current run.
	 */
	/*@ widen_hints i, 512; */ /* for Frama-C: see sorted_pages() */
	for (i = 0; i < lim; i++) {
		uint64_t f, l;

		start = r[i].start;
		if (!hvtlfs_ranges_end_(start, r[i].length, &last))
			break;
		f = start >> HVTLFS_RANGE_PAGE_SHIFT;
		l = last >> HVTLFS_RANGE_PAGE_SHIFT;
		if (f < next || l - f >= ((uint64_t)1 << log))
			break;
		out[n + i] = (start & HVTLFS_RANGE_PAGE_MASK) | (l - f);
		next = l + 2u;
	}
	if (i == nr) {
		s->n = n + nr;
		*lo = r[0].start;
		*hi = last;
		return HVTLFS_OK;
	}
	if (i != 0) {
		/* Range i - 1 becomes the current run, its entry emitted again with it. */
		start = r[i - 1u].start;
		b = start + (r[i - 1u].length - 1u);
		cs = start >> HVTLFS_RANGE_PAGE_SHIFT;
		ce = b >> HVTLFS_RANGE_PAGE_SHIFT;
		a = r[0].start;
		n += i - 1u;
	} else {
		start = r[0].start;
		len = r[0].length;
		if (len == 0)
			return HVTLFS_ERR_EMPTY_RANGE;
		if (!hvtlfs_ranges_end_(start, len, &last))
			return HVTLFS_ERR_RANGE_WRAP;
		cs = start >> HVTLFS_RANGE_PAGE_SHIFT;
		ce = last >> HVTLFS_RANGE_PAGE_SHIFT;
		a = start;
		b = last;
		i = 1;
	}
	for (; i < nr; i++) {
		uint64_t f, l;

		start = r[i].start;
		len = r[i].length;
		if (len == 0)
			return HVTLFS_ERR_EMPTY_RANGE;
		if (!hvtlfs_ranges_end_(start, len, &last))
			return HVTLFS_ERR_RANGE_WRAP;
		f = start >> HVTLFS_RANGE_PAGE_SHIFT;
		l = last >> HVTLFS_RANGE_PAGE_SHIFT;
		if (f < cs)
			return 1;
		a = start < a ? start : a;
		b = last > b ? last : b;
		if (f <= ce + 1u) {
			ce = l > ce ? l : ce;
			continue;
		}
		n = emit_short(s, out, cap, n, cs, ce, log);
		cs = f;
		ce = l;
	}
	s->n = emit_short(s, out, cap, n, cs, ce, log);
	*lo = a;
	*hi = b;
	return HVTLFS_OK;
}

/* sorted_bytes() with the entry size a constant: one copy a 4 KiB layout. */
HVTLFS_NOINLINE_ static int plan_sorted_bytes(struct sink_ *s, const struct hvtlfs_range *r,
					      size_t nr, unsigned int log, uint64_t *lo,
					      uint64_t *hi)
{
	if (log == LOG_SIMPLE_)
		return sorted_bytes(s, r, nr, LOG_SIMPLE_, lo, hi);
	return sorted_bytes(s, r, nr, LOG_EXT_, lo, hi);
}

/*
 * sorted_bytes() for page ranges (the guest-physical planner's list). The ranges come
 * sorted by first page, so the first byte named is the first range's and the last one
 * the last page of the last run.
 */
HVTLFS_ALWAYS_INLINE int sorted_pages(struct sink_ *s, const struct hvtlfs_page_range *r, size_t nr,
				      unsigned int log, uint64_t *lo, uint64_t *hi)
{
	uint64_t *const out = s->out;
	const uint64_t cap = s->cap, first = r[0].first;
	uint64_t cs, ce, n = s->n, next = 0, seen = 0;
	const size_t lim = n < cap ? (size_t)hvtlfs_min_u64_(nr, cap - n) : 0u;
	size_t i;

	/*
	 * The common list first, as in sorted_bytes(): ranges apart by at least one page,
	 * ascending, each one short entry (count - 1 below 2^log: a count of 0 is not),
	 * emitted at once as entry n + i. Their first pages are OR'd together and checked
	 * once, after the loop, with the last page of the last one: every other last page is
	 * below the next range's first page, and none wraps (a first page at most the top
	 * page plus fewer than 2^log pages). Any failure hands over to the loop below,
	 * which tells the errors apart: from the start when a page was out of range, else
	 * at the range the loop stopped at.
	 *
	 * The annotation is a hint for Frama-C's Eva (proofs/), which assumes nothing with
	 * it: an index it cannot bound by the loop's test (a limit of unknown value) it
	 * widens to the next hint, here a page's 512 words (more than the longest list a
	 * planner gives), so that the index the loop leaves with (range i - 1 below) is known to be
	 * at most 512, not any size_t. The same in sorted_bytes().
	 */
	/*@ widen_hints i, 512; */
	for (i = 0; i < lim; i++) {
		const uint64_t f = r[i].first, c = r[i].count;

		if (f < next || c - 1u >= ((uint64_t)1 << log))
			break;
		seen |= f;
		out[n + i] = (f << HVTLFS_RANGE_PAGE_SHIFT) | (c - 1u);
		next = f + c + 1u;
	}
	if (i != 0 && (seen > HVTLFS_RANGE_MAX_PAGE || next > HVTLFS_RANGE_MAX_PAGE + 2u))
		i = 0; /* a page past the top: the checks below, from the start */
	if (i == nr) {
		s->n = n + nr;
		*lo = first << HVTLFS_RANGE_PAGE_SHIFT;
		*hi = ((next - 2u) << HVTLFS_RANGE_PAGE_SHIFT) |
		      HVTLFS_MASK64(HVTLFS_RANGE_PAGE_SHIFT);
		return HVTLFS_OK;
	}
	if (i != 0) {
		/* Range i - 1 becomes the current run, its entry emitted again with it. */
		cs = r[i - 1u].first;
		ce = next - 2u;
		n += i - 1u;
	} else {
		cs = first;
		ce = r[0].count - 1u;
		/* First page and count - 1 both at most the top page (a count of 0 is not),
		 * then the last page too: one test for the three, the error told apart
		 * after. */
		if ((cs | ce) > HVTLFS_RANGE_MAX_PAGE || (ce += cs) > HVTLFS_RANGE_MAX_PAGE)
			return r[0].count == 0 ? HVTLFS_ERR_EMPTY_RANGE : HVTLFS_ERR_RANGE_WRAP;
		i = 1;
	}
	for (; i < nr; i++) {
		const uint64_t f = r[i].first;
		uint64_t l = r[i].count - 1u;

		if ((f | l) > HVTLFS_RANGE_MAX_PAGE || (l += f) > HVTLFS_RANGE_MAX_PAGE)
			return r[i].count == 0 ? HVTLFS_ERR_EMPTY_RANGE : HVTLFS_ERR_RANGE_WRAP;
		if (f < cs)
			return 1;
		if (f <= ce + 1u) {
			ce = l > ce ? l : ce;
			continue;
		}
		n = emit_short(s, out, cap, n, cs, ce, log);
		cs = f;
		ce = l;
	}
	s->n = emit_short(s, out, cap, n, cs, ce, log);
	*lo = first << HVTLFS_RANGE_PAGE_SHIFT;
	*hi = (ce << HVTLFS_RANGE_PAGE_SHIFT) | HVTLFS_MASK64(HVTLFS_RANGE_PAGE_SHIFT);
	return HVTLFS_OK;
}

/* sorted_pages() with the entry size a constant. */
HVTLFS_NOINLINE_ static int plan_sorted_pages(struct sink_ *s, const struct hvtlfs_page_range *r,
					      size_t nr, unsigned int log, uint64_t *lo,
					      uint64_t *hi)
{
	if (log == LOG_SIMPLE_)
		return sorted_pages(s, r, nr, LOG_SIMPLE_, lo, hi);
	return sorted_pages(s, r, nr, LOG_EXT_, lo, hi);
}

/* The span of every range (validated). */
static void span_all(const void *ranges, int bytes, size_t n, uint64_t *lo, uint64_t *hi)
{
	uint64_t a, b;
	size_t i;

	byte_span(ranges, bytes, 0, lo, hi);
	for (i = 1; i < n; i++) {
		byte_span(ranges, bytes, i, &a, &b);
		if (a < *lo)
			*lo = a;
		if (b > *hi)
			*hi = b;
	}
}

int hvtlfs_ranges_plan_(uint64_t *out, size_t cap, const void *ranges, size_t n, bool pages,
			unsigned int base, unsigned int large, struct hvtlfs_list_plan_ *lp)
{
	const int bytes = !pages;
	int lb = layout_of(base);
	const int ll = large ? layout_of(large) : -1;
	struct sink_ s;
	int err, sorted;

	if (lp == NULL)
		return HVTLFS_ERR_NULL;
	/* On every path, though a caller reads them after HVTLFS_OK only: the span too,
	 * which the sorted loops write only where they return HVTLFS_OK. Frama-C's Eva,
	 * given a range count of unknown value, joins their returns and would read the
	 * span maybe uninitialised after HVTLFS_OK. */
	lp->entries = 0;
	lp->first = 0;
	lp->last = 0;
	if (lb < 0 || lb == LAYOUT_LARGE_ || lb == LAYOUT_LARGE_2M_ ||
	    (large && ll != LAYOUT_LARGE_ && ll != LAYOUT_LARGE_2M_))
		return HVTLFS_ERR_INVALID_ARG;
	if ((ranges == NULL && n != 0) || (out == NULL && cap != 0))
		return HVTLFS_ERR_NULL;
	if (n == 0)
		return HVTLFS_ERR_EMPTY_RANGE;
	s.out = out;
	s.cap = hvtlfs_min_u64_(cap, HVTLFS_INT_MAX_);
	s.n = 0;
	s.alt = -1;
	s.alt_n = 0;
	lp->format = base;
	if (n == 1) {
		/* One run: both costs are arithmetic, then one emission. */
		uint64_t f, l;

		err = check_range(ranges, bytes, 0, &f, &l);
		if (err != HVTLFS_OK)
			return err;
		byte_span(ranges, bytes, 0, &lp->first, &lp->last);
		if (ll >= 0 && entries_for(l - f + 1u, log_of((enum layout_)lb)) > 1u &&
		    ((f | (l + 1u)) & HVTLFS_MASK64(SHIFT_2M_)) == 0) {
			/*
			 * A run aligned to 2 MiB at both ends: the large-page entries without
			 * the search, as plan_large() would find them. 2 MiB entries when
			 * one entry holds them all (ties go to the smaller page) or 1 GiB ones
			 * may not be used; 1 GiB entries for a run aligned to 1 GiB; any other
			 * run takes the search.
			 */
			const uint64_t units = l - f + 1u, n2m = units >> SHIFT_2M_;

			if (ll == LAYOUT_LARGE_2M_ || n2m <= ((uint64_t)1 << LOG_EXT_)) {
				if (entries_for(n2m, LOG_EXT_) <
				    entries_for(units, log_of((enum layout_)lb))) {
					emit_run(&s, f, n2m, SHIFT_2M_, LOG_EXT_,
						 HVTLFS_RANGE_EXT_LARGE_PAGE);
					lp->format = large;
					lp->entries = s.n;
					return HVTLFS_OK;
				}
			} else if (((f | (l + 1u)) & HVTLFS_MASK64(SHIFT_1G_)) == 0) {
				emit_run(&s, f, units >> SHIFT_1G_, SHIFT_1G_, LOG_EXT_,
					 HVTLFS_RANGE_EXT_LARGE_PAGE | HVTLFS_RANGE_EXT_PAGE_1G);
				lp->format = large;
				lp->entries = s.n;
				return HVTLFS_OK;
			}
		}
		if (ll >= 0) {
			struct plan_ p;

			plan_large(f, l + 1u, ll == LAYOUT_LARGE_, &p);
			if (p.cost < entries_for(l - f + 1u, log_of((enum layout_)lb))) {
				emit_large_plan(&s, f, l + 1u, &p);
				lp->format = large;
				lp->entries = s.n;
				return HVTLFS_OK;
			}
		}
		emit_run(&s, f, l - f + 1u, 0, log_of((enum layout_)lb), 0);
		lp->entries = s.n;
		return HVTLFS_OK;
	}
	if (ll < 0) {
		err = bytes ? plan_sorted_bytes(&s, (const struct hvtlfs_range *)ranges, n,
						log_of((enum layout_)lb), &lp->first, &lp->last)
			    : plan_sorted_pages(&s, (const struct hvtlfs_page_range *)ranges, n,
						log_of((enum layout_)lb), &lp->first, &lp->last);
		if (err <= 0) {
			lp->entries = s.n;
			return err;
		}
		s.n = 0; /* unsorted: the general path below */
	}
	err = validate(ranges, bytes, n, &sorted);
	if (err != HVTLFS_OK)
		return err;
	span_all(ranges, bytes, n, &lp->first, &lp->last);
	if (ll >= 0) {
		/* Both costs in one counting pass; then the cheaper is emitted, once. */
		struct sink_ c;

		/* Field by field: a struct copy is a memcpy call at clang -O0. */
		c.out = NULL;
		c.cap = 0;
		c.n = s.n;
		c.alt = ll;
		c.alt_n = s.alt_n;
		if (sorted)
			coalesce_sorted(&c, (enum layout_)lb, ranges, bytes, n);
		else
			coalesce_any(&c, (enum layout_)lb, ranges, bytes, n);
		if (c.alt_n < c.n) {
			lb = ll;
			lp->format = large;
		}
	}
	if (sorted)
		coalesce_sorted(&s, (enum layout_)lb, ranges, bytes, n);
	else
		coalesce_any(&s, (enum layout_)lb, ranges, bytes, n);
	lp->entries = s.n;
	return HVTLFS_OK;
}

/* Decoding: @entry is a local copy, so every check sees the same value. */
int hvtlfs_range_decode(unsigned int format, uint64_t entry, struct hvtlfs_range_entry *out)
{
	uint64_t addl, base, unit_no, top;
	unsigned int shift;
	bool clamped = false;
	unsigned int layout = format & ~HVTLFS_RANGE_DECODE_CLAMP;

	if (out == NULL)
		return HVTLFS_ERR_NULL;
	if (layout == HVTLFS_RANGE_FORMAT_GVA_SIMPLE) {
		addl = entry & HVTLFS_GVA_SIMPLE_ADDL_MASK;
		base = entry & HVTLFS_RANGE_PAGE_MASK;
		shift = HVTLFS_RANGE_PAGE_SHIFT;
	} else if (layout == HVTLFS_RANGE_FORMAT_GVA_EXTENDED ||
		   layout == HVTLFS_RANGE_FORMAT_GPA) {
		addl = entry & HVTLFS_RANGE_EXT_ADDL_MASK;
		if ((entry & HVTLFS_RANGE_EXT_LARGE_PAGE) == 0) {
			base = entry & HVTLFS_RANGE_PAGE_MASK;
			shift = HVTLFS_RANGE_PAGE_SHIFT;
		} else {
			if ((entry & HVTLFS_RANGE_EXT_RESERVED_MASK) != 0)
				return HVTLFS_ERR_RESERVED_BITS;
			base = entry & HVTLFS_RANGE_LARGE_MASK;
			if ((entry & HVTLFS_RANGE_EXT_PAGE_1G) != 0) {
				shift = HVTLFS_RANGE_1G_SHIFT;
				if ((base & HVTLFS_MASK64(HVTLFS_RANGE_1G_SHIFT)) != 0)
					return HVTLFS_ERR_RANGE_MISALIGNED;
			} else {
				shift = HVTLFS_RANGE_2M_SHIFT;
			}
		}
	} else if (layout == HVTLFS_RANGE_FORMAT_GPFN) {
		/* One page; a number past the last page lies wholly beyond the top. */
		if (entry > HVTLFS_RANGE_MAX_PAGE)
			return HVTLFS_ERR_RANGE_WRAP;
		addl = 0;
		base = entry << HVTLFS_RANGE_PAGE_SHIFT;
		shift = HVTLFS_RANGE_PAGE_SHIFT;
	} else {
		return HVTLFS_ERR_INVALID_ARG;
	}
	/* The last page's number must not pass the last one the space holds. The
	 * first always exists (base is a 64-bit address), so a clamp keeps >= 1 page. */
	unit_no = base >> shift;
	top = ~(uint64_t)0 >> shift;
	if (addl > top - unit_no) {
		if ((format & HVTLFS_RANGE_DECODE_CLAMP) == 0)
			return HVTLFS_ERR_RANGE_WRAP;
		addl = top - unit_no;
		clamped = true;
	}
	out->base = base;
	out->pages = addl + 1u;
	out->page_shift = shift;
	out->clamped = clamped;
	return HVTLFS_OK;
}

int hvtlfs_range_list_decode(unsigned int format, const void *bytes, size_t len, size_t count,
			     struct hvtlfs_range_entry *out, size_t out_cap, size_t *bad_index)
{
	const uint8_t *p = (const uint8_t *)bytes;
	unsigned int layout;
	size_t i;

	if (bad_index != NULL)
		*bad_index = count;
	if ((bytes == NULL && count != 0) || (out == NULL && out_cap != 0))
		return HVTLFS_ERR_NULL;
	layout = format & ~HVTLFS_RANGE_DECODE_CLAMP;
	if (layout > HVTLFS_RANGE_FORMAT_GPFN)
		return HVTLFS_ERR_INVALID_ARG;
	if (count > HVTLFS_INT_MAX_)
		return HVTLFS_ERR_INVALID_ARG;
	if (count > (len >> 3))
		return HVTLFS_ERR_TRUNCATED;
	if (out != NULL && count > out_cap)
		return HVTLFS_ERR_NO_SPACE;
	for (i = 0; i < count; i++, p += 8) {
		/* Zeroed, though read only where hvtlfs_range_decode() accepted the entry
		 * and wrote it: Frama-C's Eva, given a count of unknown value, joins the
		 * accepted and the refused entries of the loop's states, and would read an
		 * entry it wrote only on one side as maybe uninitialised. Field by field:
		 * an initialiser becomes a call to memset at clang -O0. */
		struct hvtlfs_range_entry e;
		/* Guest memory: each entry read once, through the accessor, then judged
		 * and used as that local copy. */
		uint64_t v = hvtlfs_guest_le64_(p);
		int err;

		e.base = 0;
		e.pages = 0;
		e.page_shift = 0;
		e.clamped = false;
		err = hvtlfs_range_decode(format, v, &e);
		if (err != HVTLFS_OK) {
			if (bad_index != NULL)
				*bad_index = i;
			return err;
		}
		if (out != NULL) {
			out[i].base = e.base;
			out[i].pages = e.pages;
			out[i].page_shift = e.page_shift;
			out[i].clamped = e.clamped;
		}
	}
	return (int)count;
}
