/* SPDX-License-Identifier: BSD-2-Clause */
/*!
 * @file vpset.h
 * @brief HV_VP_SET (generic processor sets) and the legacy 64-bit processor mask:
 *        encoders for guests, validating decoders for hypervisors.
 */
#ifndef HVTLFS_VPSET_H
#define HVTLFS_VPSET_H

#include "hvtlfs/env.h"
#include "hvtlfs/error.h"
#include "hvtlfs/tlfs.h"

HVTLFS_BEGIN_DECLS

/*!
 * @defgroup vpset VP sets
 * @brief Sparse-4K and all-VP processor sets of the Ex hypercalls, and the plain
 *        64-bit processor mask of the legacy calls.
 *
 * Wire layout (TLFS HV_VP_SET): `u64 format; u64 valid_bank_mask; u64 banks[]`.
 * Bank i names VPs 64*i .. 64*i+63; there is one bank word per set bit of
 * valid_bank_mask, in ascending bank order; an all-zero bank word is legal.
 * 64 banks name at most 4096 VPs. In the flush and IPI Ex calls format and
 * mask are part of the fixed header and the bank words are the variable header:
 * the variable header size equals the number of bank words.
 *
 * Guest side: hvtlfs_vpset_encode_bitmap() and hvtlfs_vpset_encode_indices()
 * write format, mask and bank words into a caller buffer and return the number
 * of bank words. Hypervisor side: hvtlfs_vpset_decode() validates untrusted bytes
 * and copies the set into a struct hvtlfs_vpset, which is then queried with
 * hvtlfs_vpset_contains(), hvtlfs_vpset_next() and hvtlfs_vpset_to_bitmap().
 * See also the guide docs/vpset.md.
 * @{
 */

/*!
 * @brief The fixed part of an HV_VP_SET on the wire; bank words follow it.
 */
struct hvtlfs_vpset_hdr {
	uint64_t format;	  /*!< HVTLFS_GENERIC_SET_SPARSE_4K or HVTLFS_GENERIC_SET_ALL. */
	uint64_t valid_bank_mask; /*!< Bit i set: a bank word for VPs 64*i..64*i+63 follows. */
};
HVTLFS_ASSERT_SIZE(struct hvtlfs_vpset_hdr, 16);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_vpset_hdr, format, 0);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_vpset_hdr, valid_bank_mask, 8);

/*! Words of the fixed part of an HV_VP_SET (format and valid_bank_mask). */
#define HVTLFS_VPSET_HDR_WORDS (sizeof(struct hvtlfs_vpset_hdr) / sizeof(uint64_t))
/*! Largest encoded HV_VP_SET in 64-bit words: the fixed part and 64 bank words. */
#define HVTLFS_VPSET_MAX_WORDS (HVTLFS_VPSET_HDR_WORDS + HVTLFS_VPSET_MAX_BANKS)
/*! Bytes of an encoded HV_VP_SET with @p nbanks bank words. */
#define HVTLFS_VPSET_BYTES(nbanks) (sizeof(uint64_t) * (HVTLFS_VPSET_HDR_WORDS + (nbanks)))

/*!
 * @brief A decoded, validated VP set: a copy, independent of the bytes it came from.
 *
 * Filled by hvtlfs_vpset_decode(), hvtlfs_vpset_decode_mask() or
 * hvtlfs_vpset_init_all(). Unlike the wire form, @ref banks is indexed by bank
 * number: banks[i] holds VPs 64*i .. 64*i+63 and is zero for banks not in
 * @ref valid_bank_mask. For format ALL every bank word is zero and the set
 * means "every VP of the partition"; the caller supplies the partition's VP
 * count where it matters.
 */
struct hvtlfs_vpset {
	uint64_t format;	  /*!< HVTLFS_GENERIC_SET_SPARSE_4K or HVTLFS_GENERIC_SET_ALL. */
	uint64_t valid_bank_mask; /*!< valid_bank_mask as received. */
	uint32_t nbanks;	  /*!< Bank words on the wire (the variable header size, 0-64). */
	uint32_t reserved;	  /*!< Padding; set to zero. */
	uint64_t
		banks[HVTLFS_VPSET_MAX_BANKS]; /*!< banks[i]: VPs 64*i..64*i+63 (by bank number). */
};
HVTLFS_ASSERT_SIZE(struct hvtlfs_vpset, 536);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_vpset, format, 0);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_vpset, valid_bank_mask, 8);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_vpset, nbanks, 16);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_vpset, reserved, 20);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_vpset, banks, 24);

/*! @name Bit helpers (portable: no libgcc, no popcnt instruction needed)
 * @{ */

/*!
 * @brief Number of set bits of a 64-bit word.
 * @param x the word.
 * @return 0-64.
 */
HVTLFS_INLINE unsigned int hvtlfs_popcount64(uint64_t x)
{
	/* Two 32-bit halves: the multiply stays 32-bit on i386. */
	uint32_t lo = (uint32_t)x, hi = (uint32_t)(x >> 32);

	lo = lo - ((lo >> 1) & 0x55555555u);
	hi = hi - ((hi >> 1) & 0x55555555u);
	lo = (lo & 0x33333333u) + ((lo >> 2) & 0x33333333u);
	hi = (hi & 0x33333333u) + ((hi >> 2) & 0x33333333u);
	lo = (lo + (lo >> 4)) & 0x0F0F0F0Fu;
	hi = (hi + (hi >> 4)) & 0x0F0F0F0Fu;
	return (unsigned int)(((lo + hi) * 0x01010101u) >> 24);
}

/*!
 * @brief Index of the lowest set bit of a 64-bit word.
 * @param x the word.
 * @return 0-63, or 64 when @p x is zero.
 */
HVTLFS_INLINE unsigned int hvtlfs_ctz64(uint64_t x)
{
	uint32_t w = (uint32_t)x;
	unsigned int n = 0;

	if (x == 0)
		return 64;
#if (defined(__GNUC__) || defined(__clang__)) && (defined(__x86_64__) || defined(__aarch64__))
	/* One instruction on a 64-bit target (BSF/TZCNT, RBIT+CLZ): no libgcc call. */
	(void)w;
	(void)n;
	return (unsigned int)__builtin_ctzll(x);
#elif defined(__GNUC__) || defined(__clang__)
	/* One instruction (BSF/TZCNT) a half: the 32-bit builtin never becomes a libgcc
	 * call, where the 64-bit one does on i386 at -O0 (__ctzdi2). Each builtin is
	 * called on the half tested non-zero (the 64 is never returned here: x is not 0),
	 * so the analysis of proofs/ sees the builtin's precondition hold. */
	(void)n;
	if (w != 0)
		return (unsigned int)__builtin_ctz(w);
	w = (uint32_t)(x >> 32);
	return w != 0 ? 32u + (unsigned int)__builtin_ctz(w) : 64u;
#else
	if (w == 0) {
		w = (uint32_t)(x >> 32);
		n = 32;
	}
	if ((w & 0xFFFFu) == 0) {
		w >>= 16;
		n += 16;
	}
	if ((w & 0xFFu) == 0) {
		w >>= 8;
		n += 8;
	}
	if ((w & 0xFu) == 0) {
		w >>= 4;
		n += 4;
	}
	if ((w & 0x3u) == 0) {
		w >>= 2;
		n += 2;
	}
	return n + ((w & 1u) ^ 1u);
#endif
}

/*!
 * @brief Index of the highest set bit of a 64-bit word.
 * @param x the word.
 * @return 0-63, or 64 when @p x is zero.
 */
HVTLFS_INLINE unsigned int hvtlfs_msb64(uint64_t x)
{
	uint32_t w = (uint32_t)(x >> 32);
	unsigned int n = 32;

	if (x == 0)
		return 64;
#if (defined(__GNUC__) || defined(__clang__)) && (defined(__x86_64__) || defined(__aarch64__))
	(void)w;
	(void)n;
	return 63u - (unsigned int)__builtin_clzll(x);
#elif defined(__GNUC__) || defined(__clang__)
	/* BSR/LZCNT a half, as in hvtlfs_ctz64() (each on the half tested non-zero). */
	(void)n;
	if (w != 0)
		return 63u - (unsigned int)__builtin_clz(w);
	w = (uint32_t)x;
	return w != 0 ? 31u - (unsigned int)__builtin_clz(w) : 64u;
#else
	if (w == 0) {
		w = (uint32_t)x;
		n = 0;
	}
	if (w & 0xFFFF0000u) {
		w >>= 16;
		n += 16;
	}
	if (w & 0xFF00u) {
		w >>= 8;
		n += 8;
	}
	if (w & 0xF0u) {
		w >>= 4;
		n += 4;
	}
	if (w & 0xCu) {
		w >>= 2;
		n += 2;
	}
	return n + ((w >> 1) & 1u);
#endif
}
/*! @} */

/*! @name Guest side: bitmap helpers for planners
 * A VP bitmap is an array of 64-bit words: bit (v mod 64) of word (v / 64) is VP v.
 * @{ */

/*!
 * @brief Counts the VPs of a bitmap.
 * @param bitmap the bitmap; may be NULL only when @p words is 0.
 * @param words its length in 64-bit words.
 * @return the number of set bits (0 for a NULL bitmap).
 */
size_t hvtlfs_vp_bitmap_count(const uint64_t *bitmap, size_t words);

/*!
 * @brief Finds the highest VP of a bitmap.
 * @param bitmap the bitmap; may be NULL only when @p words is 0.
 * @param words its length in 64-bit words.
 * @param[out] vp receives the highest set VP index; untouched when the bitmap
 *        is empty. May be NULL to ask only "is it empty?".
 * @return true when the bitmap holds at least one VP, false when it is empty
 *         (or NULL).
 */
bool hvtlfs_vp_bitmap_highest(const uint64_t *bitmap, size_t words, size_t *vp);

/*!
 * @brief Whether every VP of a bitmap is below 64, so the legacy (non-Ex)
 *        calls and their 64-bit processor mask can name them all.
 * @param bitmap the bitmap; may be NULL only when @p words is 0.
 * @param words its length in 64-bit words.
 * @return true when no bit beyond word 0 is set (an empty bitmap included).
 */
bool hvtlfs_vp_bitmap_below_64(const uint64_t *bitmap, size_t words);
/*! @} */

/*!
 * @brief Target VPs as a kernel keeps them: a CPU bitmap of any length and the
 *        table of each CPU's VP index (Linux: a cpumask and hv_vp_index[]).
 *
 * Encoders and planners read it once, CPU by set CPU, and write the HV_VP_SET's bank
 * words straight into the input: no VP bitmap is built on the way. Bank words are
 * written for every bank from 0 to the highest one a VP falls in, zero banks
 * included (the TLFS allows an all-zero bank word; Linux writes the same layout).
 */
struct hvtlfs_vp_source {
	/*! CPU bitmap: CPU c is bit c % (8 * sizeof(long)) of word c / (8 * sizeof(long)),
	 *  Linux's cpumask_bits(); may be NULL only when @ref ncpus is 0. */
	const unsigned long *cpus;
	size_t ncpus; /*!< CPUs (bits of @ref cpus) to read: Linux's nr_cpu_ids. */
	/*! vp_of_cpu[c]: the VP index of CPU c, for every c below @ref ncpus (Linux's
	 *  hv_vp_index[]); 4096 or more (Linux's VP_INVAL, 0xFFFFFFFF) names no VP and
	 *  is #HVTLFS_ERR_VP_RANGE. */
	const uint32_t *vp_of_cpu;
};

/*!
 * @brief The target VPs of a call: a VP bitmap, a CPU source, or every VP.
 *
 * Word i of @ref bitmap holds VPs 64i..64i+63 (bit j is VP 64i+j), which is exactly
 * one HV_VP_SET bank. With @ref source set, the targets are the source's CPUs and
 * @ref bitmap is ignored. The one spelling of "target VPs" across the API: the Ex
 * builders take it, the planners' requests hold it. Zero-initialise it (`= { 0 }`,
 * memset) before filling it, so a field left out means "not used".
 */
struct hvtlfs_vp_targets {
	const uint64_t
		*bitmap; /*!< VP bitmap; may be NULL when @ref words is 0 or @ref all is set. */
	size_t words;	 /*!< 64-bit words in @ref bitmap. */
	bool all;	 /*!< Every VP (HV_GENERIC_SET_ALL, or ALL_PROCESSORS); the rest ignored. */
	/*! CPUs and their VP indices instead of @ref bitmap; NULL: use the bitmap. */
	const struct hvtlfs_vp_source *source;
};

/*! @name Guest side: encoders
 * @{ */

/*!
 * @brief Encodes a VP bitmap as an HV_VP_SET (format sparse 4K).
 *
 * @p out receives, from its first word: format, valid_bank_mask, then one bank
 * word for every bank that holds at least one VP, in ascending bank order.
 * Every word written is computed from @p bitmap alone: nothing of what was in
 * @p out before survives in the written words. Words of @p out past the
 * encoded set are not touched. On error nothing is written.
 *
 * The empty set (no bit set, or @p bitmap_words 0) is a success: format sparse,
 * mask 0, no bank words, return value 0. It is no error; whether a call with an
 * empty set makes sense is the caller's decision.
 *
 * @param[out] out destination, starting at the format word; may be NULL only
 *        when @p out_words is 0 (a size query: the result is then
 *        #HVTLFS_ERR_NO_SPACE with @p needed_words set).
 * @param out_words capacity of @p out in 64-bit words.
 * @param bitmap the VP bitmap, any length; may be NULL only when
 *        @p bitmap_words is 0. Words at index 64 and above may be present but
 *        must be zero.
 * @param bitmap_words length of @p bitmap in 64-bit words.
 * @param[out] needed_words if not NULL, receives the words the encoding needs
 *        (2 + bank words) on success and on #HVTLFS_ERR_NO_SPACE.
 * @return the number of bank words written (0-64), which is the variable
 *         header size of the flush and IPI Ex calls;
 *         #HVTLFS_ERR_NULL when @p out or @p bitmap is NULL with a non-zero
 *         length; #HVTLFS_ERR_VP_RANGE when a VP of 4096 or above is set;
 *         #HVTLFS_ERR_NO_SPACE when @p out_words is below the needed size.
 */
HVTLFS_MUST_CHECK int hvtlfs_vpset_encode_bitmap(uint64_t *out, size_t out_words,
						 const uint64_t *bitmap, size_t bitmap_words,
						 size_t *needed_words);

/*!
 * @brief Encodes a list of VP indices as an HV_VP_SET (format sparse 4K).
 *
 * The list may be unsorted and hold duplicates. Output, empty set, freshness
 * and error behaviour are those of hvtlfs_vpset_encode_bitmap(): on error
 * nothing is written.
 *
 * @param[out] out destination, starting at the format word; may be NULL only
 *        when @p out_words is 0 (size query).
 * @param out_words capacity of @p out in 64-bit words.
 * @param vps the VP indices; may be NULL only when @p nvps is 0.
 * @param nvps number of indices.
 * @param[out] needed_words if not NULL, receives the words the encoding needs
 *        on success and on #HVTLFS_ERR_NO_SPACE.
 * @return the number of bank words written (0-64); #HVTLFS_ERR_NULL;
 *         #HVTLFS_ERR_VP_RANGE when an index is 4096 or above;
 *         #HVTLFS_ERR_NO_SPACE.
 */
HVTLFS_MUST_CHECK int hvtlfs_vpset_encode_indices(uint64_t *out, size_t out_words,
						  const uint32_t *vps, size_t nvps,
						  size_t *needed_words);

/*!
 * @brief Encodes the set of all VPs (format ALL, mask 0, no bank words).
 * @param[out] out destination of at least 2 words, starting at the format word.
 * @param out_words capacity of @p out in 64-bit words.
 * @return 0 (no bank words: the variable header size is 0);
 *         #HVTLFS_ERR_NULL; #HVTLFS_ERR_NO_SPACE when @p out_words is below 2.
 */
HVTLFS_MUST_CHECK int hvtlfs_vpset_encode_all(uint64_t *out, size_t out_words);

/*!
 * @brief Encodes the VPs of a CPU source as an HV_VP_SET (format sparse 4K), in one
 *        pass over the set CPUs.
 *
 * @p out receives format, valid_bank_mask (banks 0 to the highest in use) and one
 * bank word for each of those banks, zero banks included. Nothing past the encoded
 * set is touched, and nothing at or past out[@p out_words]; on an error the words
 * already written are unspecified (the pass writes as it reads).
 * @param[out] out destination, starting at the format word; may be NULL only when
 *        @p out_words is 0 (a size query).
 * @param out_words capacity of @p out in 64-bit words.
 * @param src the CPUs and their VP indices.
 * @param[out] needed_words if not NULL, receives 2 + bank words on success and on
 *        #HVTLFS_ERR_NO_SPACE.
 * @return the number of bank words written (0-64; 0 for no CPU);
 *         #HVTLFS_ERR_NULL for a NULL @p src, or a NULL bitmap, table or @p out
 *         with a non-zero length; #HVTLFS_ERR_VP_RANGE when a set CPU's VP index is
 *         4096 or more (no VP number); #HVTLFS_ERR_NO_SPACE when the banks do not
 *         fit @p out_words.
 */
HVTLFS_MUST_CHECK int hvtlfs_vpset_encode_source(uint64_t *out, size_t out_words,
						 const struct hvtlfs_vp_source *src,
						 size_t *needed_words);

/*!
 * @brief Number of bank words a VP target set needs in an HV_VP_SET.
 * @param vps target VPs.
 * @return 0-64 bank words (0 for every VP: format ALL; for a source, banks 0 to the
 *         highest in use), or #HVTLFS_ERR_NULL, or #HVTLFS_ERR_VP_RANGE when a VP is
 *         4096 or above (or a source's CPU has no VP number).
 */
int hvtlfs_vp_targets_banks(const struct hvtlfs_vp_targets *vps);

/*!
 * @brief Encodes target VPs as an HV_VP_SET: hvtlfs_vpset_encode_all() when
 *        @p vps says every VP, hvtlfs_vpset_encode_source() for a CPU source, else
 *        hvtlfs_vpset_encode_bitmap() of its bitmap.
 * @param[out] out destination, starting at the format word.
 * @param out_words capacity of @p out in 64-bit words.
 * @param vps target VPs.
 * @param[out] needed_words as for hvtlfs_vpset_encode_bitmap() (may be NULL).
 * @return the number of bank words written (0-64); #HVTLFS_ERR_NULL;
 *         #HVTLFS_ERR_VP_RANGE; #HVTLFS_ERR_NO_SPACE.
 */
HVTLFS_MUST_CHECK int hvtlfs_vpset_encode_targets(uint64_t *out, size_t out_words,
						  const struct hvtlfs_vp_targets *vps,
						  size_t *needed_words);

/*!
 * @brief Builds the legacy 64-bit processor mask from a VP bitmap.
 * @param[out] mask receives the mask; untouched on error.
 * @param bitmap the VP bitmap; may be NULL only when @p bitmap_words is 0.
 * @param bitmap_words length of @p bitmap in 64-bit words.
 * @return #HVTLFS_OK; #HVTLFS_ERR_NULL; #HVTLFS_ERR_VP_RANGE when a VP of 4096
 *         or above is set (no call can name it); #HVTLFS_ERR_NEEDS_EX when a VP
 *         from 64 to 4095 is set (use the Ex call).
 */
HVTLFS_MUST_CHECK int hvtlfs_vp_mask_encode_bitmap(uint64_t *mask, const uint64_t *bitmap,
						   size_t bitmap_words);

/*!
 * @brief Builds the legacy 64-bit processor mask from VP indices.
 * @param[out] mask receives the mask; untouched on error.
 * @param vps the VP indices (unsorted, duplicates allowed); may be NULL only
 *        when @p nvps is 0.
 * @param nvps number of indices.
 * @return #HVTLFS_OK; #HVTLFS_ERR_NULL; #HVTLFS_ERR_VP_RANGE when an index is
 *         4096 or above; #HVTLFS_ERR_NEEDS_EX when an index is 64 to 4095.
 */
HVTLFS_MUST_CHECK int hvtlfs_vp_mask_encode_indices(uint64_t *mask, const uint32_t *vps,
						    size_t nvps);
/*! @} */

/*! @name Hypervisor side: validating decoder and queries
 * @{ */

/*!
 * @brief Validates an HV_VP_SET from untrusted bytes and copies it into @p set.
 *
 * Reads each byte at most once, byte-wise (any alignment), never at or beyond
 * @p len. Checks, in this order, each failure with the HV_STATUS a hypervisor
 * returns for it (stored in @p hv_status):
 * 1. format and valid_bank_mask present (@p len >= 16), else
 *    #HVTLFS_ERR_TRUNCATED / HV_STATUS_INVALID_HYPERCALL_INPUT;
 * 2. popcount(valid_bank_mask) == @p var_hdr_words, else
 *    #HVTLFS_ERR_BANK_MISMATCH / HV_STATUS_INVALID_HYPERCALL_INPUT (the TLFS
 *    and KVM rule of the flush and IPI Ex calls; more than 64 bank words can
 *    never match);
 * 3. the bank words inside @p len, else #HVTLFS_ERR_TRUNCATED /
 *    HV_STATUS_INVALID_HYPERCALL_INPUT;
 * 4. a known format (sparse 4K or all), else #HVTLFS_ERR_BAD_FORMAT /
 *    HV_STATUS_INVALID_PARAMETER.
 *
 * The same bank-count rule applies to format ALL (as KVM applies it); its bank
 * words are read for validation and then ignored.
 *
 * @param[out] set receives the copy; fully written on success, zeroed
 *        (format sparse, empty) on a validation failure.
 * @param bytes the input, starting at the format word; may be NULL only when
 *        @p len is 0.
 * @param len bytes available at @p bytes (the rest of the input page, or of the
 *        fast-call registers); may exceed the set (rep elements may follow).
 * @param var_hdr_words the variable header size of the control word.
 * @param[out] hv_status if not NULL, receives HVTLFS_STATUS_SUCCESS or the
 *        status for the failure (HV_STATUS_INVALID_PARAMETER for
 *        #HVTLFS_ERR_NULL, a caller bug).
 * @return #HVTLFS_OK; #HVTLFS_ERR_NULL when @p set is NULL or @p bytes is NULL
 *         with a non-zero @p len; #HVTLFS_ERR_TRUNCATED;
 *         #HVTLFS_ERR_BANK_MISMATCH; #HVTLFS_ERR_BAD_FORMAT.
 */
HVTLFS_MUST_CHECK int hvtlfs_vpset_decode(struct hvtlfs_vpset *set, const void *bytes, size_t len,
					  uint32_t var_hdr_words, uint16_t *hv_status);

/*!
 * @brief Decodes a legacy 64-bit processor mask into a set (format sparse,
 *        bank 0 only).
 * @param[out] set receives the set.
 * @param mask the processor mask of a non-Ex call (bit v = VP v).
 * @return #HVTLFS_OK or #HVTLFS_ERR_NULL.
 */
int hvtlfs_vpset_decode_mask(struct hvtlfs_vpset *set, uint64_t mask);

/*!
 * @brief Makes @p set the set of all VPs (format ALL), e.g. for a legacy call
 *        with HV_FLUSH_ALL_PROCESSORS.
 * @param[out] set receives the set.
 * @return #HVTLFS_OK or #HVTLFS_ERR_NULL.
 */
int hvtlfs_vpset_init_all(struct hvtlfs_vpset *set);

/*!
 * @brief Whether a set is the set of all VPs (format ALL).
 * @param set a decoded set.
 * @return true for format ALL; false otherwise or when @p set is NULL.
 */
bool hvtlfs_vpset_is_all(const struct hvtlfs_vpset *set);

/*!
 * @brief Tests membership of one VP.
 * @param set a decoded set.
 * @param vp the VP index.
 * @return true when @p vp is in the set. For format ALL, true for every
 *         @p vp: the caller checks it against the partition's VP count.
 *         False when @p set is NULL or @p vp is 4096 or above in a sparse set.
 */
bool hvtlfs_vpset_contains(const struct hvtlfs_vpset *set, uint32_t vp);

/*!
 * @brief Iterates the VPs of a set in ascending order.
 *
 * Start with *@p cursor = 0; each call yields the next VP and advances the
 * cursor. Terminates after at most 4096 yields for a sparse set and
 * @p nvps_all yields for format ALL.
 * @code
 * uint32_t cur = 0, vp;
 * while (hvtlfs_vpset_next(&set, nvps, &cur, &vp))
 *         kick(vp);
 * @endcode
 * @param set a decoded set.
 * @param nvps_all for format ALL, the partition's VP count: VPs 0 to
 *        nvps_all - 1 are yielded. Ignored for a sparse set.
 * @param[in,out] cursor iteration state: 0 to start; not a VP index to rely on.
 * @param[out] vp receives the next VP index.
 * @return true when a VP was stored in @p vp; false at the end (or when a
 *         pointer is NULL).
 */
bool hvtlfs_vpset_next(const struct hvtlfs_vpset *set, uint32_t nvps_all, uint32_t *cursor,
		       uint32_t *vp);

/*!
 * @brief Counts the VPs of a set.
 * @param set a decoded set.
 * @param nvps_all for format ALL, the partition's VP count (the result).
 * @return the number of VPs (0 when @p set is NULL).
 */
uint32_t hvtlfs_vpset_count(const struct hvtlfs_vpset *set, uint32_t nvps_all);

/*!
 * @brief Writes a set into a VP bitmap of the caller's size.
 *
 * All @p words words are written (bits of VPs not in the set cleared); never a
 * word beyond them. VPs that do not fit are reported, not written.
 * @param set a decoded set.
 * @param[out] bitmap destination; may be NULL only when @p words is 0.
 * @param words capacity of @p bitmap in 64-bit words.
 * @param nvps_all for format ALL, the partition's VP count: VPs 0 to
 *        nvps_all - 1 are set. Ignored for a sparse set.
 * @return #HVTLFS_OK; #HVTLFS_ERR_NULL; #HVTLFS_ERR_VP_OUTSIDE_BITMAP when the
 *         set holds a VP at or above 64 * @p words (the bitmap then holds
 *         every VP that fits).
 */
int hvtlfs_vpset_to_bitmap(const struct hvtlfs_vpset *set, uint64_t *bitmap, size_t words,
			   uint32_t nvps_all);
/*! @} */

/*! @} */

HVTLFS_END_DECLS

#endif /* HVTLFS_VPSET_H */
