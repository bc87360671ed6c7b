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
#include "hvtlfs/tlfs.h"

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
 * A fourth list, decoded only, is a plain list of guest physical page numbers
 * (#HVTLFS_RANGE_FORMAT_GPFN), each entry one 4 KiB page.
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

/*! @name Formats and options (the @p format argument of encoders and decoders)
 * One spelling for both sides: the format of the entries, OR'd with the options of
 * the side that takes them.
 * @{ */
#define HVTLFS_RANGE_FORMAT_GVA_SIMPLE 0u /*!< HV_GVA_RANGE, simple (up to 4096 pages an entry). */
/*! HV_GVA_RANGE, extended: the flush flags must carry
 *  #HVTLFS_FLUSH_USE_EXTENDED_RANGE_FORMAT (CPUID 0x40000003 EDX bit 14). */
#define HVTLFS_RANGE_FORMAT_GVA_EXTENDED 1u
#define HVTLFS_RANGE_FORMAT_GPA		 2u /*!< HV_GPA_PAGE_RANGE (the extended layout). */
/*!
 * A guest physical page number (HV_GPA_PAGE_NUMBER), one 4 KiB page an entry: the rep
 * elements of HvCallModifySparseGpaPageHostVisibility. Decoders only (a GPFN list is
 * written as it is); a number above #HVTLFS_RANGE_MAX_PAGE names a page past the top
 * of the address space and is refused with #HVTLFS_ERR_RANGE_WRAP, with
 * #HVTLFS_RANGE_DECODE_CLAMP too (no part of it exists to keep).
 */
#define HVTLFS_RANGE_FORMAT_GPFN 3u
/*! The bits of @p format that name the format. */
#define HVTLFS_RANGE_FORMAT_MASK 3u
/*!
 * Encoder option: the caller knows 2 MiB / 1 GiB mappings back the ranges, so
 * large-page entries may be used where they save entries (not in the simple GVA
 * format). A large-page entry tells the hypervisor the range is mapped by pages that
 * large; it may invalidate once per large page, leaving 4 KiB translations inside, so
 * never pass this for memory mapped by smaller pages.
 */
#define HVTLFS_RANGE_ENCODE_LARGE_PAGES 0x10u
/*! Encoder option, with #HVTLFS_RANGE_ENCODE_LARGE_PAGES: 2 MiB entries only, never
 *  1 GiB ones (the ranges are mapped by 2 MiB pages). Invalid without it. */
#define HVTLFS_RANGE_ENCODE_NO_1G 0x20u
/*!
 * Decoder option: an entry that runs past the top of the 64-bit address space is cut
 * to end at 2^64 - 1 and flagged in hvtlfs_range_entry::clamped, instead of refused
 * with #HVTLFS_ERR_RANGE_WRAP. The TLFS (HvFlushVirtualAddressList) ignores GVAs
 * beyond the end of the partition's GVA space rather than failing the call;
 * hvtlfs_hvcall_decode() uses this option for its GVA and GPA lists. Without it the
 * decoders report the wrap, for callers who want to refuse or log such entries.
 */
#define HVTLFS_RANGE_DECODE_CLAMP 0x100u
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
	/*! The entry named pages past 2^64 - 1 and @ref pages was cut to end there (only
	 *  with #HVTLFS_RANGE_DECODE_CLAMP). */
	bool clamped;
};
HVTLFS_ASSERT_SIZE(struct hvtlfs_range_entry, 24);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_range_entry, base, 0);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_range_entry, pages, 8);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_range_entry, page_shift, 16);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_range_entry, clamped, 20);

/*! @cond HVTLFS_INTERNAL */
/* Public only because the inline encoders below need them. */

/* The general encoder behind hvtlfs_ranges_encode() and hvtlfs_page_ranges_encode():
 * @ranges holds struct hvtlfs_page_range when @pages, struct hvtlfs_range otherwise. */
HVTLFS_MUST_CHECK int hvtlfs_ranges_encode_any_(uint64_t *out, size_t cap, const void *ranges,
						size_t nranges, unsigned int format, bool pages,
						size_t *needed);

/*
 * The last of @n units (bytes or pages) from @first in *@last (modulo 2^64); non-zero
 * when first + (n - 1) does not pass 2^64 - 1. A count of 0 passes only for a @first
 * of 0, with a last unit of 2^64 - 1: callers refuse that through the size of the range.
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

/*
 * The inline fast path of the encoders. One valid range of 4 KiB pages that fits one
 * 4 KiB entry is the least any list can use, so large pages could not do better: the
 * entry (page @base, @addl additional pages, its last page known to exist) is written
 * here, where a caller's constant format and capacity fold away. Returns 1 once it is
 * written; 0 leaves everything, errors included, to hvtlfs_ranges_encode_any_().
 */
HVTLFS_ALWAYS_INLINE int hvtlfs_ranges_one_(uint64_t *out, size_t cap, uint64_t base, uint64_t addl,
					    unsigned int format, size_t *needed)
{
	const unsigned int fmt = format & HVTLFS_RANGE_FORMAT_MASK;
	const unsigned int opts = format & ~HVTLFS_RANGE_FORMAT_MASK;
	uint64_t max_addl;

	if (format == HVTLFS_RANGE_FORMAT_GVA_SIMPLE)
		max_addl = HVTLFS_GVA_SIMPLE_ADDL_MASK;
	else if ((fmt == HVTLFS_RANGE_FORMAT_GVA_EXTENDED || fmt == HVTLFS_RANGE_FORMAT_GPA) &&
		 (opts == 0 || opts == HVTLFS_RANGE_ENCODE_LARGE_PAGES ||
		  opts == (HVTLFS_RANGE_ENCODE_LARGE_PAGES | HVTLFS_RANGE_ENCODE_NO_1G)))
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
/*! @endcond */

/*!
 * @brief Encodes byte ranges into a range list: the rep elements of
 *        HvFlushVirtualAddressList(Ex) (HV_GVA_RANGE) or
 *        HvFlushGuestPhysicalAddressList (HV_GPA_PAGE_RANGE).
 *
 * Ranges may be unsorted, overlapping and adjacent: they are coalesced, then
 * cut into as few entries as the format allows while covering exactly the
 * pages named (never more). With #HVTLFS_RANGE_ENCODE_LARGE_PAGES, 2 MiB and 1 GiB
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
 * @param ranges the byte ranges (GVAs, or L2 guest physical addresses).
 * @param nranges number of ranges; 0 encodes an empty list (returns 0).
 * @param format #HVTLFS_RANGE_FORMAT_GVA_SIMPLE, #HVTLFS_RANGE_FORMAT_GVA_EXTENDED
 *        or #HVTLFS_RANGE_FORMAT_GPA (4 KiB entries of up to 4096, 2048 and 2048
 *        pages), optionally OR #HVTLFS_RANGE_ENCODE_LARGE_PAGES (not with the simple
 *        format) and with it #HVTLFS_RANGE_ENCODE_NO_1G.
 * @param[out] needed if not NULL, receives the number of entries the whole list
 *        needs (also on #HVTLFS_ERR_RANGES_DONT_FIT), saturated at SIZE_MAX where
 *        size_t is too narrow for it (i386: a count no buffer holds); required in
 *        count-only mode.
 * @return the number of entries written (0 to @p cap); #HVTLFS_OK in count-only
 *         mode; #HVTLFS_ERR_NULL (@p ranges NULL with @p nranges > 0, @p out
 *         NULL with @p cap > 0, or count-only mode without @p needed);
 *         #HVTLFS_ERR_INVALID_ARG for an unknown format or option bit, large pages
 *         in the simple format, or #HVTLFS_RANGE_ENCODE_NO_1G without large pages;
 *         #HVTLFS_ERR_EMPTY_RANGE for a length of 0; #HVTLFS_ERR_RANGE_WRAP when
 *         start + length - 1 exceeds 0xFFFFFFFFFFFFFFFF; #HVTLFS_ERR_RANGES_DONT_FIT
 *         when more than @p cap entries are needed (flush the whole address space
 *         instead). Range errors are found before anything is written.
 */
HVTLFS_MUST_CHECK HVTLFS_INLINE int hvtlfs_ranges_encode(uint64_t *out, size_t cap,
							 const struct hvtlfs_range *ranges,
							 size_t nranges, unsigned int format,
							 size_t *needed)
{
	/* A single range is written inline, anything else (and every error) goes to the
	 * library. The page count comes from the aligned base, which the entry needs
	 * anyway: one shift, no second one. A length of 0 fails the end check, but for
	 * a start of 0, whose last byte 2^64 - 1 is too far for one entry. */
	if (nranges == 1 && ranges != NULL) {
		uint64_t start = ranges->start, base = start & HVTLFS_RANGE_PAGE_MASK, last;

		if (hvtlfs_ranges_end_(start, ranges->length, &last) &&
		    hvtlfs_ranges_one_(out, cap, base, (last - base) >> HVTLFS_RANGE_PAGE_SHIFT,
				       format, needed))
			return 1;
	}
	return hvtlfs_ranges_encode_any_(out, cap, ranges, nranges, format, false, needed);
}

/*!
 * @brief hvtlfs_ranges_encode() for page ranges (page numbers, or page frame
 *        numbers of guest physical addresses).
 * @param[out] out entry buffer, as for hvtlfs_ranges_encode().
 * @param cap capacity of @p out in entries.
 * @param ranges the page ranges.
 * @param nranges number of ranges.
 * @param format as for hvtlfs_ranges_encode().
 * @param[out] needed as for hvtlfs_ranges_encode().
 * @return as hvtlfs_ranges_encode(); #HVTLFS_ERR_EMPTY_RANGE for a count
 *         of 0; #HVTLFS_ERR_RANGE_WRAP when first + count - 1 exceeds
 *         #HVTLFS_RANGE_MAX_PAGE.
 */
HVTLFS_MUST_CHECK HVTLFS_INLINE int
hvtlfs_page_ranges_encode(uint64_t *out, size_t cap, const struct hvtlfs_page_range *ranges,
			  size_t nranges, unsigned int format, size_t *needed)
{
	/* Likewise. A count of 0 fails the end check, but for a first page of 0, whose
	 * last page lies far past the last one. */
	if (nranges == 1 && ranges != NULL) {
		uint64_t first = ranges->first, count = ranges->count, last;

		if (hvtlfs_ranges_end_(first, count, &last) && last <= HVTLFS_RANGE_MAX_PAGE &&
		    hvtlfs_ranges_one_(out, cap, first << HVTLFS_RANGE_PAGE_SHIFT, count - 1u,
				       format, needed))
			return 1;
	}
	return hvtlfs_ranges_encode_any_(out, cap, ranges, nranges, format, true, needed);
}

/*!
 * @brief Decodes and validates one entry.
 *
 * Checks, in this order: reserved bits 13-20 of a large entry
 * (#HVTLFS_ERR_RESERVED_BITS); a 1 GiB entry whose address has bits 21-29 set,
 * i.e. is not 1 GiB aligned (#HVTLFS_ERR_RANGE_MISALIGNED); a range running
 * past the top of the 64-bit address space (#HVTLFS_ERR_RANGE_WRAP, or with
 * #HVTLFS_RANGE_DECODE_CLAMP the range cut to end at 2^64 - 1 and
 * hvtlfs_range_entry::clamped set). Every simple entry is valid except for the
 * last check. A GPFN entry (#HVTLFS_RANGE_FORMAT_GPFN) is one 4 KiB page; above
 * #HVTLFS_RANGE_MAX_PAGE it is #HVTLFS_ERR_RANGE_WRAP, clamp or not.
 * @param format #HVTLFS_RANGE_FORMAT_GVA_SIMPLE, #HVTLFS_RANGE_FORMAT_GVA_EXTENDED,
 *        #HVTLFS_RANGE_FORMAT_GPA or #HVTLFS_RANGE_FORMAT_GPFN, optionally OR
 *        #HVTLFS_RANGE_DECODE_CLAMP.
 * @param entry the 64-bit entry.
 * @param[out] out receives the decoded range; untouched on error.
 * @return #HVTLFS_OK; #HVTLFS_ERR_NULL; #HVTLFS_ERR_INVALID_ARG for an unknown
 *         @p format; #HVTLFS_ERR_RESERVED_BITS; #HVTLFS_ERR_RANGE_MISALIGNED;
 *         #HVTLFS_ERR_RANGE_WRAP (never with #HVTLFS_RANGE_DECODE_CLAMP).
 */
HVTLFS_MUST_CHECK int hvtlfs_range_decode(unsigned int format, uint64_t entry,
					  struct hvtlfs_range_entry *out);

/*!
 * @brief Decodes and validates a list of entries from untrusted bytes.
 *
 * Reads @p count little-endian 8-byte entries from @p bytes byte by byte (no
 * alignment needed), each exactly once, never at or past bytes[len].
 * @param format as for hvtlfs_range_decode() (#HVTLFS_RANGE_DECODE_CLAMP included).
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
 * @return #HVTLFS_RANGE_FORMAT_GVA_EXTENDED when bit 3
 *         (USE_EXTENDED_RANGE_FORMAT) is set, else #HVTLFS_RANGE_FORMAT_GVA_SIMPLE.
 */
HVTLFS_INLINE unsigned int hvtlfs_gva_range_format(uint64_t flush_flags)
{
	return (flush_flags & HVTLFS_FLUSH_USE_EXTENDED_RANGE_FORMAT) != 0
		       ? HVTLFS_RANGE_FORMAT_GVA_EXTENDED
		       : HVTLFS_RANGE_FORMAT_GVA_SIMPLE;
}

/*! @} */

HVTLFS_END_DECLS

#endif /* HVTLFS_RANGES_H */
