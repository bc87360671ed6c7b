/* SPDX-License-Identifier: BSD-2-Clause */
/*!
 * @file ranges.h
 * @brief GVA range lists (HV_GVA_RANGE, simple and extended) and GPA page range
 *        lists (HV_GPA_PAGE_RANGE): encoders for guests, validating decoders for
 *        hypervisors.
 */
#ifndef HVTLFS_RANGES_H
#define HVTLFS_RANGES_H

#include "hvtlfs/env.h"
#include "hvtlfs/error.h"

HVTLFS_BEGIN_DECLS

/*!
 * @defgroup ranges Range lists
 * @brief The rep elements of HvFlushVirtualAddressList(Ex) and
 *        HvFlushGuestPhysicalAddressList.
 *
 * Three 64-bit entry layouts exist:
 * - **GVA simple** (HV_GVA_RANGE): bits 0-11 additional pages (1-4096 pages of
 *   4 KiB), bits 12-63 the first page number.
 * - **GVA extended** (flush flag USE_EXTENDED_RANGE_FORMAT, CPUID 0x40000003
 *   EDX bit 14): bits 0-10 additional pages (1-2048 pages), bit 11 large page.
 *   Large page 0: bits 12-63 the first 4 KiB page number. Large page 1: bit 12
 *   page size (0 = 2 MiB, 1 = 1 GiB), bits 13-20 reserved, bits 21-63 the top
 *   43 bits of the first large page's address (so the address is the entry
 *   with its low 21 bits cleared, whatever the page size).
 * - **GPA** (HV_GPA_PAGE_RANGE): the same layout as GVA extended.
 *
 * Encoders take ranges in any order, overlapping or adjacent, coalesce them
 * and never cover a page the caller did not name (no format forces growth: the
 * coverage bound is zero pages). See docs/ranges.md for the guide.
 * @{
 */

/*! @name Entry fields
 * @{ */
#define HVTLFS_RANGE_PAGE_SHIFT	    12u				   /*!< 4 KiB page shift. */
#define HVTLFS_RANGE_2M_SHIFT	    21u				   /*!< 2 MiB large page shift. */
#define HVTLFS_RANGE_1G_SHIFT	    30u				   /*!< 1 GiB large page shift. */
#define HVTLFS_RANGE_MAX_PAGE	    HVTLFS_U64(0x000FFFFFFFFFFFFF) /*!< Highest 4 KiB page number. */
#define HVTLFS_GVA_SIMPLE_ADDL_MASK HVTLFS_U64(0xFFF) /*!< Simple: additional pages, bits 0-11. */
#define HVTLFS_GVA_SIMPLE_MAX_PAGES 4096u	      /*!< Simple: most pages an entry names. */
#define HVTLFS_RANGE_EXT_ADDL_MASK                                                                 \
	HVTLFS_U64(0x7FF)		  /*!< Extended/GPA: additional pages, bits 0-10. */
#define HVTLFS_RANGE_EXT_MAX_PAGES  2048u /*!< Extended/GPA: most pages an entry names. */
#define HVTLFS_RANGE_EXT_LARGE_PAGE HVTLFS_BIT64(11) /*!< Extended/GPA: bit 11, large page. */
#define HVTLFS_RANGE_EXT_PAGE_1G    HVTLFS_BIT64(12) /*!< Large entry: bit 12, 1 GiB (else 2 MiB). */
/*! Large entry: bits 13-20, reserved (must be zero). */
#define HVTLFS_RANGE_EXT_RESERVED_MASK HVTLFS_U64(0x00000000001FE000)
/*! Page-number field of simple and 4 KiB extended entries: bits 12-63. */
#define HVTLFS_RANGE_PAGE_MASK HVTLFS_U64(0xFFFFFFFFFFFFF000)
/*! Large-page address field of large entries: bits 21-63. */
#define HVTLFS_RANGE_LARGE_MASK HVTLFS_U64(0xFFFFFFFFFFE00000)
/*! @} */

/*! @name Encoder options (the @p flags argument of the encoders)
 * @{ */
/*! GVA: use the simple format (HV_GVA_RANGE, up to 4096 pages an entry). */
#define HVTLFS_RANGES_SIMPLE 0u
/*! GVA: use the extended format (the flush flags must then carry
 *  #HVTLFS_FLUSH_USE_EXTENDED_RANGE_FORMAT); accepted and ignored for GPA lists,
 *  whose layout is always the extended one. */
#define HVTLFS_RANGES_EXTENDED 1u
/*! The caller knows 2 MiB / 1 GiB mappings back the ranges: large-page entries
 *  may be used where they save entries (GVA: only with #HVTLFS_RANGES_EXTENDED).
 *  A large-page entry tells the hypervisor the range is mapped by pages that large;
 *  it may invalidate once per large page, leaving 4 KiB translations inside, so
 *  never pass this for memory mapped by smaller pages. */
#define HVTLFS_RANGES_LARGE_PAGES 2u
/*! With #HVTLFS_RANGES_LARGE_PAGES: 2 MiB entries only, never 1 GiB ones (the
 *  ranges are mapped by 2 MiB pages, not 1 GiB ones). Invalid without it. */
#define HVTLFS_RANGES_NO_1G 4u
/*! @} */

/*! @name Decoder formats (the @p format argument of the decoders)
 * @{ */
#define HVTLFS_RANGE_FMT_GVA_SIMPLE   0u /*!< HV_GVA_RANGE, simple. */
#define HVTLFS_RANGE_FMT_GVA_EXTENDED 1u /*!< HV_GVA_RANGE, extended (USE_EXTENDED_RANGE_FORMAT). */
#define HVTLFS_RANGE_FMT_GPA	      2u /*!< HV_GPA_PAGE_RANGE. */
/*!
 * Decoder option, OR'd into a format: an entry that runs past the top of the
 * 64-bit address space is cut to end at 2^64 - 1 and flagged in
 * hvtlfs_range_entry::clamped, instead of refused with #HVTLFS_ERR_RANGE_WRAP.
 * The TLFS (HvFlushVirtualAddressList) ignores GVAs beyond the end of the
 * partition's GVA space rather than failing the call; hvtlfs_hvcall_decode() uses
 * this option for its GVA and GPA lists. Without it the decoders report the
 * wrap, for callers who want to refuse or log such entries.
 */
#define HVTLFS_RANGE_FMT_CLAMP 0x100u
/*! @} */

/*!
 * @brief A byte range: @p length bytes from @p start.
 *
 * Every page the bytes touch is covered: [start, start + length - 1], both
 * ends inclusive once rounded to 4 KiB pages. The last byte may be
 * 0xFFFFFFFFFFFFFFFF; a range that would run past it is refused.
 */
struct hvtlfs_range {
	uint64_t start;	 /*!< First byte. */
	uint64_t length; /*!< Number of bytes, at least 1. */
};
HVTLFS_ASSERT_SIZE(struct hvtlfs_range, 16);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_range, start, 0);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_range, length, 8);

/*!
 * @brief A page range: @p count 4 KiB pages from page number @p first.
 *
 * Page numbers are addresses shifted right by 12 (0 to #HVTLFS_RANGE_MAX_PAGE).
 */
struct hvtlfs_page_range {
	uint64_t first; /*!< First page number. */
	uint64_t count; /*!< Number of pages, at least 1. */
};
HVTLFS_ASSERT_SIZE(struct hvtlfs_page_range, 16);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_page_range, first, 0);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_page_range, count, 8);

/*!
 * @brief One decoded entry: @p pages pages of 2^@p page_shift bytes from @p base.
 *
 * The last byte, base + pages x 2^page_shift - 1, never passes 2^64 - 1.
 */
struct hvtlfs_range_entry {
	uint64_t base;	     /*!< First byte, aligned to the page size. */
	uint64_t pages;	     /*!< Number of pages (1-4096 simple, 1-2048 otherwise). */
	uint32_t page_shift; /*!< 12 (4 KiB), 21 (2 MiB) or 30 (1 GiB). */
	/*! Non-zero when the entry named pages past 2^64 - 1 and @ref pages was cut to
	 *  end there (only with #HVTLFS_RANGE_FMT_CLAMP); zero otherwise. */
	uint32_t clamped;
};
HVTLFS_ASSERT_SIZE(struct hvtlfs_range_entry, 24);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_range_entry, base, 0);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_range_entry, pages, 8);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_range_entry, page_shift, 16);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_range_entry, clamped, 20);

/*!
 * @brief Internal: the general encoder behind the four range-list encoders
 *        below (call those instead).
 * @param[out] out entry buffer; nothing is written at or past out[cap].
 * @param cap capacity of @p out in entries.
 * @param ranges an array of struct hvtlfs_range, or of struct
 *        hvtlfs_page_range when @p pages is non-zero.
 * @param nranges number of ranges.
 * @param flags encoder options (HVTLFS_RANGES_*).
 * @param gpa non-zero for a GPA page range list, zero for a GVA range list.
 * @param pages non-zero when @p ranges holds page ranges.
 * @param[out] needed as for hvtlfs_gva_ranges_encode().
 * @return as hvtlfs_gva_ranges_encode().
 */
HVTLFS_MUST_CHECK int hvtlfs_ranges_encode_(uint64_t *out, size_t cap, const void *ranges,
					    size_t nranges, unsigned int flags, int gpa, int pages,
					    uint64_t *needed);

/*!
 * @brief Internal: the last of @p n units (bytes or pages) from @p first, and
 *        whether it exists.
 *
 * A count of 0 passes only for a @p first of 0, with a last unit of
 * 2^64 - 1: callers refuse that through the size of the range.
 * @param first first unit.
 * @param n number of units.
 * @param[out] last receives first + n - 1, modulo 2^64.
 * @return non-zero when first + (n - 1) does not pass 2^64 - 1.
 */
HVTLFS_ALWAYS_INLINE int hvtlfs_ranges_end_(uint64_t first, uint64_t n, uint64_t *last)
{
	/* The carry of the add is the wrap check. Written as a compare, gcc
	 * re-associates first + (n - 1) and spends two more instructions. */
#if defined(__clang__) && defined(__has_builtin)
#if __has_builtin(__builtin_add_overflow)
	return !__builtin_add_overflow(first, n - 1u, last);
#else
	*last = first + (n - 1u);
	return *last >= first;
#endif
#elif defined(__GNUC__) && !defined(__clang__) && __GNUC__ >= 5
	return !__builtin_add_overflow(first, n - 1u, last);
#else
	*last = first + (n - 1u);
	return *last >= first;
#endif
}

/*!
 * @brief Internal: the inline fast path of the range-list encoders.
 *
 * One valid range of 4 KiB pages that fits one 4 KiB entry is the least any
 * list can use, so large pages could not do better: the entry is written here,
 * where a caller's constant flags and capacity fold away. Anything else, errors
 * included, is left to hvtlfs_ranges_encode_().
 * @param[out] out entry buffer.
 * @param cap capacity of @p out in entries.
 * @param base address of the first page (its low 12 bits clear).
 * @param addl additional pages: the range is @p addl + 1 pages long and its
 *        last page exists.
 * @param flags encoder options (HVTLFS_RANGES_*).
 * @param gpa non-zero for a GPA page range list.
 * @param[out] needed if not NULL, receives 1.
 * @return 1 once the entry is written, 0 when the general encoder must run.
 */
HVTLFS_ALWAYS_INLINE int hvtlfs_ranges_one_(uint64_t *out, size_t cap, uint64_t base, uint64_t addl,
					    unsigned int flags, int gpa, uint64_t *needed)
{
	uint64_t max_addl;

	if (flags == HVTLFS_RANGES_SIMPLE && !gpa)
		max_addl = HVTLFS_GVA_SIMPLE_ADDL_MASK;
	else if (flags == HVTLFS_RANGES_EXTENDED ||
		 flags == (HVTLFS_RANGES_EXTENDED | HVTLFS_RANGES_LARGE_PAGES) ||
		 flags == (HVTLFS_RANGES_EXTENDED | HVTLFS_RANGES_LARGE_PAGES |
			   HVTLFS_RANGES_NO_1G) ||
		 (gpa && (flags <= (HVTLFS_RANGES_EXTENDED | HVTLFS_RANGES_LARGE_PAGES) ||
			  flags == (HVTLFS_RANGES_LARGE_PAGES | HVTLFS_RANGES_NO_1G))))
		max_addl = HVTLFS_RANGE_EXT_ADDL_MASK;
	else
		return 0;
	if (out == NULL || cap == 0 || addl > max_addl)
		return 0;
	out[0] = base | addl;
	if (needed != NULL)
		*needed = 1;
	return 1;
}

/*! @cond HVTLFS_INTERNAL */
/* The byte-range encoders: a single range is written inline, anything else (and
 * every error) goes to the library. The page count comes from the aligned base,
 * which the entry needs anyway: one shift, no second one. A length of 0 fails the
 * end check, but for a start of 0, whose last byte 2^64 - 1 is too far for one entry. */
HVTLFS_ALWAYS_INLINE int hvtlfs_ranges_bytes_(uint64_t *out, size_t cap,
					      const struct hvtlfs_range *ranges, size_t nranges,
					      unsigned int flags, int gpa, uint64_t *needed)
{
	if (nranges == 1 && ranges != NULL) {
		uint64_t start = ranges->start, base = start & HVTLFS_RANGE_PAGE_MASK, last;

		if (hvtlfs_ranges_end_(start, ranges->length, &last) &&
		    hvtlfs_ranges_one_(out, cap, base, (last - base) >> HVTLFS_RANGE_PAGE_SHIFT,
				       flags, gpa, needed))
			return 1;
	}
	return hvtlfs_ranges_encode_(out, cap, ranges, nranges, flags, gpa, 0, needed);
}

/* The page-range encoders, likewise. A count of 0 fails the end check, but for a
 * first page of 0, whose last page lies far past the last one. */
HVTLFS_ALWAYS_INLINE int hvtlfs_ranges_pages_(uint64_t *out, size_t cap,
					      const struct hvtlfs_page_range *ranges,
					      size_t nranges, unsigned int flags, int gpa,
					      uint64_t *needed)
{
	if (nranges == 1 && ranges != NULL) {
		uint64_t first = ranges->first, count = ranges->count, last;

		if (hvtlfs_ranges_end_(first, count, &last) && last <= HVTLFS_RANGE_MAX_PAGE &&
		    hvtlfs_ranges_one_(out, cap, first << HVTLFS_RANGE_PAGE_SHIFT, count - 1u,
				       flags, gpa, needed))
			return 1;
	}
	return hvtlfs_ranges_encode_(out, cap, ranges, nranges, flags, gpa, 1, needed);
}
/*! @endcond */

/*!
 * @brief Encodes byte ranges into a GVA range list (HvFlushVirtualAddressList
 *        and HvFlushVirtualAddressListEx rep elements).
 *
 * Ranges may be unsorted, overlapping and adjacent: they are coalesced, then
 * cut into as few entries as the format allows while covering exactly the
 * pages named (never more). With #HVTLFS_RANGES_LARGE_PAGES, 2 MiB and 1 GiB
 * entries are used on the aligned parts where they lower the entry count.
 * Entries come out in ascending address order.
 *
 * Count-only mode: @p out NULL and @p cap 0 computes *@p needed and returns
 * #HVTLFS_OK without writing anything (a flush planner uses it to choose
 * between a list and a whole-space flush).
 *
 * Cost: O(n) for ranges sorted by start; otherwise O(n x s) with s the number
 * of coalesced runs, O(n^2) at worst. No scratch memory; @p ranges is never
 * written. Huge ranges cost no more than small ones: once the capacity is
 * reached, the remaining entries are counted arithmetically.
 *
 * @param[out] out entry buffer; nothing is written at or past out[cap]. Its
 *        contents are unspecified after an error.
 * @param cap capacity of @p out in entries (a value above INT_MAX acts as
 *        INT_MAX).
 * @param ranges the byte ranges.
 * @param nranges number of ranges; 0 encodes an empty list (returns 0).
 * @param flags #HVTLFS_RANGES_SIMPLE, or #HVTLFS_RANGES_EXTENDED optionally OR
 *        #HVTLFS_RANGES_LARGE_PAGES (and #HVTLFS_RANGES_NO_1G with it).
 * @param[out] needed if not NULL, receives the number of entries the whole list
 *        needs (also on #HVTLFS_ERR_RANGES_DONT_FIT); required in count-only mode.
 * @return the number of entries written (0 to @p cap); #HVTLFS_OK in count-only
 *         mode; #HVTLFS_ERR_NULL (@p ranges NULL with @p nranges > 0, @p out
 *         NULL with @p cap > 0, or count-only mode without @p needed);
 *         #HVTLFS_ERR_INVALID_ARG for unknown @p flags bits, large pages
 *         without the extended format, or #HVTLFS_RANGES_NO_1G without large
 *         pages; #HVTLFS_ERR_EMPTY_RANGE for a length of
 *         0; #HVTLFS_ERR_RANGE_WRAP when start + length - 1 exceeds
 *         0xFFFFFFFFFFFFFFFF; #HVTLFS_ERR_RANGES_DONT_FIT when more than @p cap
 *         entries are needed (flush the whole address space instead).
 *         Range errors are found before anything is written.
 */
HVTLFS_MUST_CHECK HVTLFS_INLINE int hvtlfs_gva_ranges_encode(uint64_t *out, size_t cap,
							     const struct hvtlfs_range *ranges,
							     size_t nranges, unsigned int flags,
							     uint64_t *needed)
{
	return hvtlfs_ranges_bytes_(out, cap, ranges, nranges, flags, 0, needed);
}

/*!
 * @brief hvtlfs_gva_ranges_encode() for page ranges.
 * @param[out] out entry buffer, as for hvtlfs_gva_ranges_encode().
 * @param cap capacity of @p out in entries.
 * @param ranges the page ranges.
 * @param nranges number of ranges.
 * @param flags as for hvtlfs_gva_ranges_encode().
 * @param[out] needed as for hvtlfs_gva_ranges_encode().
 * @return as hvtlfs_gva_ranges_encode(); #HVTLFS_ERR_EMPTY_RANGE for a count
 *         of 0; #HVTLFS_ERR_RANGE_WRAP when first + count - 1 exceeds
 *         #HVTLFS_RANGE_MAX_PAGE.
 */
HVTLFS_MUST_CHECK HVTLFS_INLINE int
hvtlfs_gva_page_ranges_encode(uint64_t *out, size_t cap, const struct hvtlfs_page_range *ranges,
			      size_t nranges, unsigned int flags, uint64_t *needed)
{
	return hvtlfs_ranges_pages_(out, cap, ranges, nranges, flags, 0, needed);
}

/*!
 * @brief Encodes byte ranges into a GPA page range list
 *        (HvFlushGuestPhysicalAddressList rep elements), with the rules of
 *        hvtlfs_gva_ranges_encode(): 4 KiB entries of up to 2048 pages, and
 *        2 MiB / 1 GiB entries with #HVTLFS_RANGES_LARGE_PAGES.
 * @param[out] out entry buffer; nothing is written at or past out[cap].
 * @param cap capacity of @p out in entries.
 * @param ranges the byte ranges (L2 guest physical addresses).
 * @param nranges number of ranges.
 * @param flags 0 or #HVTLFS_RANGES_LARGE_PAGES, optionally OR
 *        #HVTLFS_RANGES_NO_1G (#HVTLFS_RANGES_EXTENDED is accepted and changes
 *        nothing).
 * @param[out] needed as for hvtlfs_gva_ranges_encode().
 * @return as hvtlfs_gva_ranges_encode().
 */
HVTLFS_MUST_CHECK HVTLFS_INLINE int hvtlfs_gpa_ranges_encode(uint64_t *out, size_t cap,
							     const struct hvtlfs_range *ranges,
							     size_t nranges, unsigned int flags,
							     uint64_t *needed)
{
	return hvtlfs_ranges_bytes_(out, cap, ranges, nranges, flags, 1, needed);
}

/*!
 * @brief hvtlfs_gpa_ranges_encode() for page ranges (page frame numbers).
 * @param[out] out entry buffer; nothing is written at or past out[cap].
 * @param cap capacity of @p out in entries.
 * @param ranges the page ranges.
 * @param nranges number of ranges.
 * @param flags as for hvtlfs_gpa_ranges_encode().
 * @param[out] needed as for hvtlfs_gva_ranges_encode().
 * @return as hvtlfs_gva_page_ranges_encode().
 */
HVTLFS_MUST_CHECK HVTLFS_INLINE int
hvtlfs_gpa_page_ranges_encode(uint64_t *out, size_t cap, const struct hvtlfs_page_range *ranges,
			      size_t nranges, unsigned int flags, uint64_t *needed)
{
	return hvtlfs_ranges_pages_(out, cap, ranges, nranges, flags, 1, needed);
}

/*!
 * @brief Decodes and validates one entry.
 *
 * Checks, in this order: reserved bits 13-20 of a large entry
 * (#HVTLFS_ERR_RESERVED_BITS); a 1 GiB entry whose address has bits 21-29 set,
 * i.e. is not 1 GiB aligned (#HVTLFS_ERR_RANGE_MISALIGNED); a range running
 * past the top of the 64-bit address space (#HVTLFS_ERR_RANGE_WRAP, or with
 * #HVTLFS_RANGE_FMT_CLAMP the range cut to end at 2^64 - 1 and
 * hvtlfs_range_entry::clamped set). Every simple entry is valid except for the
 * last check.
 * @param format #HVTLFS_RANGE_FMT_GVA_SIMPLE, #HVTLFS_RANGE_FMT_GVA_EXTENDED or
 *        #HVTLFS_RANGE_FMT_GPA, optionally OR #HVTLFS_RANGE_FMT_CLAMP.
 * @param entry the 64-bit entry.
 * @param[out] out receives the decoded range; untouched on error.
 * @return #HVTLFS_OK; #HVTLFS_ERR_NULL; #HVTLFS_ERR_INVALID_ARG for an unknown
 *         @p format; #HVTLFS_ERR_RESERVED_BITS; #HVTLFS_ERR_RANGE_MISALIGNED;
 *         #HVTLFS_ERR_RANGE_WRAP (never with #HVTLFS_RANGE_FMT_CLAMP).
 */
HVTLFS_MUST_CHECK int hvtlfs_range_decode(unsigned int format, uint64_t entry,
					  struct hvtlfs_range_entry *out);

/*!
 * @brief Decodes and validates a list of entries from untrusted bytes.
 *
 * Reads @p count little-endian 8-byte entries from @p bytes byte by byte (no
 * alignment needed), each exactly once, never at or past bytes[len].
 * @param format as for hvtlfs_range_decode() (#HVTLFS_RANGE_FMT_CLAMP included).
 * @param bytes the list (e.g. the rep elements of a hypercall input page).
 * @param len bytes readable at @p bytes.
 * @param count number of entries claimed (the rep count, or rep count minus
 *        rep start after skipping the first entries).
 * @param[out] out receives the decoded entries; may be NULL when @p out_cap is 0
 *        to validate only. Entries before a failing one are written.
 * @param out_cap capacity of @p out in entries.
 * @param[out] bad_index if not NULL, receives the index of the failing entry
 *        on a per-entry error, else @p count.
 * @return the number of entries decoded (@p count, which may be 0);
 *         #HVTLFS_ERR_NULL (@p bytes NULL with @p count > 0, or @p out NULL
 *         with @p out_cap > 0); #HVTLFS_ERR_INVALID_ARG for an unknown
 *         @p format or a @p count above INT_MAX; #HVTLFS_ERR_TRUNCATED when
 *         count x 8 exceeds @p len; #HVTLFS_ERR_NO_SPACE when @p out is given
 *         and @p count exceeds @p out_cap; otherwise the first per-entry error
 *         of hvtlfs_range_decode().
 */
HVTLFS_MUST_CHECK int hvtlfs_range_list_decode(unsigned int format, const void *bytes, size_t len,
					       size_t count, struct hvtlfs_range_entry *out,
					       size_t out_cap, size_t *bad_index);

/*!
 * @brief The decoder format that matches a GVA flush call's flags.
 * @param flush_flags the Flags field of HvFlushVirtualAddressList(Ex).
 * @return #HVTLFS_RANGE_FMT_GVA_EXTENDED when bit 3
 *         (USE_EXTENDED_RANGE_FORMAT) is set, else #HVTLFS_RANGE_FMT_GVA_SIMPLE.
 */
HVTLFS_INLINE unsigned int hvtlfs_gva_range_format(uint64_t flush_flags)
{
	return (flush_flags & HVTLFS_BIT64(3)) != 0 ? HVTLFS_RANGE_FMT_GVA_EXTENDED
						    : HVTLFS_RANGE_FMT_GVA_SIMPLE;
}

/*! @} */

HVTLFS_END_DECLS

#endif /* HVTLFS_RANGES_H */
