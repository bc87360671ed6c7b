/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Internal to the library (not installed): the helpers two or more sources in
 * src/ share, each written once (libfdt's libfdt_internal.h is the model).
 * Names end in `_`; nothing here is API. The header includes only env.h, tlfs.h and
 * control.h (which include env.h and error.h alone), so a vendored copy keeps building
 * with an embedder's environment header.
 *
 * Guest memory. A hypervisor-side decoder reads bytes that a guest's other VPs
 * may change while it runs. Every such read, in every decoder (HV_VP_SET,
 * range lists, hypercall inputs, the L0's view of an eVMCS), goes through
 * hvtlfs_guest_u8_() and the wider loads built on it: one volatile access per
 * byte, so the compiler can neither fetch a byte twice (a check on one value
 * and a use of another) nor merge or re-order the reads. Decoders read each
 * byte at most once, into locals, and check and use only those.
 *
 * HVTLFS_GUEST_READ8 is the seam under the accessor. It names a function
 * `uint8_t f(const volatile uint8_t *p)` that returns the byte at p; undefined,
 * it is a plain volatile load. A test defines it to a reader that counts the
 * reads of each byte and answers differently on every read, which turns any
 * double fetch into a wrong result.
 */
#ifndef HVTLFS_INTERNAL_H
#define HVTLFS_INTERNAL_H

#include "hvtlfs/env.h"
#include "hvtlfs/control.h"
#include "hvtlfs/tlfs.h"

#ifdef HVTLFS_GUEST_READ8
uint8_t HVTLFS_GUEST_READ8(const volatile uint8_t *p);
#else
#define HVTLFS_GUEST_READ8 hvtlfs_guest_read8_
HVTLFS_ALWAYS_INLINE uint8_t hvtlfs_guest_read8_(const volatile uint8_t *p)
{
	return *p;
}
#endif

/* Byte @off of guest memory at @base, read exactly once. */
HVTLFS_ALWAYS_INLINE uint8_t hvtlfs_guest_u8_(const void *base, size_t off)
{
	return HVTLFS_GUEST_READ8((const volatile uint8_t *)base + off);
}

/* The @n-byte little-endian value (n <= 8) at @p, each byte read exactly once. */
HVTLFS_ALWAYS_INLINE uint64_t hvtlfs_guest_le_(const void *p, unsigned int n)
{
	uint64_t v = 0;
	unsigned int i;

	for (i = 0; i < n; i++)
		v |= (uint64_t)hvtlfs_guest_u8_(p, i) << (8u * i);
	return v;
}

/* The little-endian qword at @p (any alignment), each byte read exactly once. */
HVTLFS_ALWAYS_INLINE uint64_t hvtlfs_guest_le64_(const void *p)
{
	return hvtlfs_guest_le_(p, 8u);
}

/* INT_MAX without <limits.h> (an embedder's environment need not have it): the
 * largest count an int-returning function reports. */
#define HVTLFS_INT_MAX_ 0x7FFFFFFF

/* SIZE_MAX, likewise. */
#define HVTLFS_SIZE_MAX_ (~(size_t)0)

/* The number of elements of the array @a (an array, never a pointer). */
#define HVTLFS_ARRAY_SIZE_(a) (sizeof(a) / sizeof((a)[0]))

/* Keeps a cold path out of line, so the hot one stays small. */
#if defined(__GNUC__) || defined(__clang__)
#define HVTLFS_NOINLINE_ __attribute__((__noinline__))
#else
#define HVTLFS_NOINLINE_
#endif

/* The smaller of two counts. */
HVTLFS_ALWAYS_INLINE uint64_t hvtlfs_min_u64_(uint64_t a, uint64_t b)
{
	return a < b ? a : b;
}

/* Whether @v is a multiple of @align, a power of two (an address or a GPA). */
HVTLFS_ALWAYS_INLINE bool hvtlfs_is_aligned_(uint64_t v, uint64_t align)
{
	return (v & (align - 1u)) == 0;
}

/*
 * The TLFS memory rule of a slow call's input or output ("Alignment Requirements"):
 * @size bytes at @gpa are 8-byte aligned and do not cross a 4 KiB page (so never
 * pass 2^64 either). The one owner of the rule for the guest-side check
 * (hvtlfs_call_check_gpas()) and the hypervisor-side decoder.
 */
HVTLFS_ALWAYS_INLINE bool hvtlfs_gpa_fits_page_(uint64_t gpa, uint64_t size)
{
	return hvtlfs_is_aligned_(gpa, HVTLFS_INPUT_ALIGN) &&
	       size <= HVTLFS_PAGE_SIZE - (gpa & (HVTLFS_PAGE_SIZE - 1u));
}

/* Whether two buffers, each within one page (hvtlfs_gpa_fits_page_()), share a byte:
 * the TLFS says the input and output parameter lists cannot overlap. Compared by last
 * bytes, which never wrap (a buffer ending at 2^64 - 1 has an end of 2^64). */
HVTLFS_ALWAYS_INLINE bool hvtlfs_gpas_overlap_(uint64_t a, uint64_t a_size, uint64_t b,
					       uint64_t b_size)
{
	return a_size != 0 && b_size != 0 && a <= b + (b_size - 1u) && b <= a + (a_size - 1u);
}

/* The options the builders and hvtlfs_control_encode() know: another bit is refused. */
#define HVTLFS_CTL_KNOWN_ (HVTLFS_CTL_FAST | HVTLFS_CTL_NESTED)

/*
 * The prologue of a builder that writes an input page, in the order every builder
 * checks: the pointers (@in, the input; @out, the prepared call), then @in's alignment
 * (TLFS "Alignment Requirements": the input GPA is 8-byte aligned, and the builders
 * write the page through 8-byte words). A builder's own pointers come before it.
 */
HVTLFS_ALWAYS_INLINE int hvtlfs_input_check_(const void *in, const void *out)
{
	if (!in || !out)
		return HVTLFS_ERR_NULL;
	if (!hvtlfs_is_aligned_((uintptr_t)in, HVTLFS_INPUT_ALIGN))
		return HVTLFS_ERR_ALIGNMENT;
	return HVTLFS_OK;
}

/* hvtlfs_input_check_(), then the options: a bit beyond #HVTLFS_CTL_KNOWN_ is
 * HVTLFS_ERR_INVALID_ARG. */
HVTLFS_ALWAYS_INLINE int hvtlfs_build_check_(const void *in, const void *out, unsigned int opts)
{
	int rc = hvtlfs_input_check_(in, out);

	if (rc != HVTLFS_OK)
		return rc;
	if (opts & ~HVTLFS_CTL_KNOWN_)
		return HVTLFS_ERR_INVALID_ARG;
	return HVTLFS_OK;
}

/* The builders' last step: the prepared call, once its input is written. */
HVTLFS_ALWAYS_INLINE void hvtlfs_prepared_set_(struct hvtlfs_prepared *out, uint64_t control,
					       uint32_t input_size, uint32_t rep_count)
{
	out->control = control;
	out->input_size = input_size;
	out->rep_count = rep_count;
}

/*
 * Zeroes @n bytes at @p. The library calls no memset (a freestanding link has
 * none): the stores are volatile so the compiler cannot turn the loop back into
 * a memset call.
 */
HVTLFS_ALWAYS_INLINE void hvtlfs_zero_(void *p, size_t n)
{
	volatile uint8_t *b = (volatile uint8_t *)p;
	size_t i;

	for (i = 0; i < n; i++)
		b[i] = 0;
}

/*
 * The name of a value, for the functions that name the rows of an X-macro list
 * (hvtlfs_strerror(), hvtlfs_status_name(), hvtlfs_msr_name()): each builds a
 * table of { value, "NAME" } rows from its list and looks the value up here.
 */
struct hvtlfs_name_ {
	int64_t value;	  /*!< The row's value (an error code, a status, an MSR number). */
	const char *name; /*!< Its spelling. */
};

/* @v's name in the @n rows of @table, or @unknown. */
HVTLFS_ALWAYS_INLINE const char *hvtlfs_name_of_(const struct hvtlfs_name_ *table, size_t n,
						 int64_t v, const char *unknown)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (table[i].value == v)
			return table[i].name;
	return unknown;
}

/*
 * Between modules: what one module of src/ offers another beyond its public API.
 */
struct hvtlfs_vp_source;

/* "No VP": a VP index no call can name, for the @skip of hvtlfs_vpset_encode_source_(). */
#define HVTLFS_NO_VP_ 0xFFFFFFFFu

/* hvtlfs_vpset_encode_source(), leaving out VP @skip (HVTLFS_NO_VP_: none): an IPI's
 * "all but self" (vpset.c). */
int hvtlfs_vpset_encode_source_(uint64_t *out, size_t out_words, const struct hvtlfs_vp_source *src,
				uint32_t skip, size_t *needed_words);
/* The same, the set CPUs below @first already read by the caller: their VPs (all below
 * 64, @skip among them or not) are the bits of @mask0; the result is the same as from
 * the start. A @first past the source is 0 (and @mask0 then ignored). */
int hvtlfs_vpset_encode_source_at_(uint64_t *out, size_t out_words,
				   const struct hvtlfs_vp_source *src, uint32_t skip, size_t first,
				   uint64_t mask0, size_t *needed_words);

/* What hvtlfs_ranges_plan_() chose and wrote. */
struct hvtlfs_list_plan_ {
	uint64_t entries;    /* entries the list needs (those beyond the capacity unwritten) */
	unsigned int format; /* the format of the entries: the base one or the large one */
	uint64_t first;	     /* first byte the ranges name */
	uint64_t last;	     /* last byte the ranges name */
};

/*
 * The planners' range list (ranges.c): checks @n ranges (struct hvtlfs_page_range with
 * @pages, else struct hvtlfs_range), picks of the 4 KiB format @base and the large-page
 * format @large (0: none) the one that needs fewer entries (a tie goes to @base), and
 * writes its entries to @out in one encoding pass, at most @cap of them (the others are
 * counted, not written). Returns HVTLFS_OK with @lp filled, or a range error
 * (HVTLFS_ERR_EMPTY_RANGE for no range).
 */
int hvtlfs_ranges_plan_(uint64_t *out, size_t cap, const void *ranges, size_t n, bool pages,
			unsigned int base, unsigned int large, struct hvtlfs_list_plan_ *lp);

/* hvtlfs_hvcall_check() (hvcall.c), also giving in *@out_size (may be NULL) the output
 * bytes the control word describes (the catalog's fixed output + output element x rep
 * count; 0 on a refusal and for a call without output): the size the check fitted to the
 * output page or the fast registers, for the dispatcher. */
struct hvtlfs_hvcall_input;
struct hvtlfs_hvcall_request;

/* Reps completed of a refusal made before any rep element is read (hvcall.c): the rep
 * start for the call @code when it is a catalog rep call with rep start below rep
 * count, else 0. */
uint32_t hvtlfs_refusal_reps_(uint16_t code, uint32_t rep_start, uint32_t rep_count);
int hvtlfs_hvcall_check_(const struct hvtlfs_hvcall_input *in, struct hvtlfs_hvcall_request *req,
			 size_t *need, size_t *out_size);

#endif /* HVTLFS_INTERNAL_H */
