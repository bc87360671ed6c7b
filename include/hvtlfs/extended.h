/* SPDX-License-Identifier: BSD-2-Clause */
/*!
 * @file extended.h
 * @brief Extended hypercalls (codes from 0x8000): HvExtCallQueryCapabilities,
 *        HvExtCallGetBootZeroedMemory and HvExtCallMemoryHeatHint, their typed inputs
 *        and outputs, and the capability bits.
 */
#ifndef HVTLFS_EXTENDED_H
#define HVTLFS_EXTENDED_H

#include "hvtlfs/env.h"
#include "hvtlfs/error.h"
#include "hvtlfs/tlfs.h"
#include "hvtlfs/control.h"
#include "hvtlfs/features.h"

HVTLFS_BEGIN_DECLS

/*!
 * @defgroup extended Extended hypercalls
 * @brief TLFS "Extended Hypercall Interface": calls from 0x8001 on, made as every
 *        other hypercall, available only with the EnableExtendedHypercalls privilege
 *        (CPUID 0x40000003 EBX bit 20, hvtlfs_features::extended_hypercalls).
 *
 * The builders refuse to build one without that privilege (#HVTLFS_ERR_NO_PRIVILEGE),
 * as Linux checks it before it asks (hv_query_ext_cap()). Every extended call here is
 * slow only: KVM answers a fast one with HV_STATUS_INVALID_PARAMETER, and the TLFS
 * documents none.
 * - HvExtCallQueryCapabilities (0x8001, TLFS hypercalls/HvExtCallQueryCapabilities.md):
 *   no input, one u64 of output, the #HVTLFS_EXT_CAPABILITY_BITS.
 * - HvExtCallMemoryHeatHint (0x8003): the TLFS overview table lists it as simple and
 *   gives no layout; Linux's balloon driver (hv_free_page_report()) issues it as a rep
 *   call with an 8-byte header, the heat type in bits 0-1, then one HV_GPA_PAGE_RANGE a
 *   rep (encode them with hvtlfs_page_ranges_encode() and #HVTLFS_RANGE_FORMAT_GPA), no
 *   output. Linux sends only 2 MiB entries (cold-discard of free pages) after checking
 *   capability bit 8, #HVTLFS_EXT_CAP_MEMORY_COLD_DISCARD_HINT, not the TLFS's bit 1.
 * - HvExtCallGetBootZeroedMemory (0x8002, TLFS hypercalls/HvExtCallGetBootZeroedMemory.md):
 *   no input, 0xFF8 bytes of output, struct hvtlfs_ext_boot_zeroed_output.
 * @{
 */

/*! @brief Fixed input of HvExtCallMemoryHeatHint; the HV_GPA_PAGE_RANGE entries follow. */
struct hvtlfs_ext_heat_hint_input {
	uint64_t heat_type; /*!< Bits 0-1: HVTLFS_HEAT_HINT_*; bits 2-63 zero. */
};
HVTLFS_ASSERT_SIZE(struct hvtlfs_ext_heat_hint_input, 8);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_ext_heat_hint_input, heat_type, 0);

/*! Ranges one 4 KiB input page holds after the header: 511 (Linux's
 *  HV_MEMORY_HINT_MAX_GPA_PAGE_RANGES). */
#define HVTLFS_EXT_HEAT_HINT_MAX_PER_PAGE                                                          \
	((HVTLFS_PAGE_SIZE - sizeof(struct hvtlfs_ext_heat_hint_input)) / sizeof(uint64_t))

/*! @brief One range of HvExtCallGetBootZeroedMemory's output
 *         (HV_EXT_OUTPUT_BOOT_ZEROED_MEMORY_RANGE): pages the hypervisor knows are zero. */
struct hvtlfs_ext_boot_zeroed_range {
	uint64_t start_page; /*!< Guest physical page number of the range's first page. */
	uint64_t page_count; /*!< Pages in the range. */
};
HVTLFS_ASSERT_SIZE(struct hvtlfs_ext_boot_zeroed_range, 16);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_ext_boot_zeroed_range, start_page, 0);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_ext_boot_zeroed_range, page_count, 8);

/*! Ranges HvExtCallGetBootZeroedMemory returns at the most: 255 (its TLFS page, Output
 *  Parameters). */
#define HVTLFS_EXT_BOOT_ZEROED_MAX_RANGES 255u

/*!
 * @brief HvExtCallGetBootZeroedMemory's output (its TLFS page, Output Parameters): the
 *        hypercall output size is 0xFF8 bytes, a count of ranges, then the ranges
 *        (cacheable reads of them return zeros; they may overlap and may name memory
 *        that does not exist).
 */
struct hvtlfs_ext_boot_zeroed_output {
	uint64_t
		range_count; /*!< Ranges that follow, at most #HVTLFS_EXT_BOOT_ZEROED_MAX_RANGES. */
	struct hvtlfs_ext_boot_zeroed_range
		ranges[HVTLFS_EXT_BOOT_ZEROED_MAX_RANGES]; /*!< The zeroed ranges, biggest first. */
};
HVTLFS_ASSERT_SIZE(struct hvtlfs_ext_boot_zeroed_output, 0xFF8);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_ext_boot_zeroed_output, range_count, 0);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_ext_boot_zeroed_output, ranges, 8);

/*! @brief HvExtCallQueryCapabilities' output, as bits the library names
 *         (#HVTLFS_EXT_CAPABILITY_BITS) and the rest. */
struct hvtlfs_ext_capabilities {
	bool get_boot_zeroed_memory;   /*!< Bit 0: HvExtCallGetBootZeroedMemory. */
	bool memory_heat_hint;	       /*!< Bit 1: HvExtCallMemoryHeatHint. */
	bool epf_setup;		       /*!< Bit 2: HvExtCallEpfSetup. */
	bool scheduler_assist_setup;   /*!< Bit 3: HvExtCallSchedulerAssistSetup. */
	bool memory_heat_hint_async;   /*!< Bit 4: HvExtCallMemoryHeatHintAsync. */
	bool memory_cold_discard_hint; /*!< Bit 8: heat hints of type cold-discard (Linux). */
	uint64_t unknown_bits;	       /*!< Every other bit that was set: reported, not refused. */
};

/*!
 * @brief Decodes HvExtCallQueryCapabilities' output. No bit is ever an error.
 * @param caps the u64 the hypervisor wrote.
 * @param[out] out receives the named bits and the others.
 * @return #HVTLFS_OK or #HVTLFS_ERR_NULL.
 */
HVTLFS_MUST_CHECK int hvtlfs_ext_capabilities_decode(uint64_t caps,
						     struct hvtlfs_ext_capabilities *out);

/*!
 * @brief Encodes capabilities as HvExtCallQueryCapabilities' output (for a hypervisor):
 *        the named bits, ORed with hvtlfs_ext_capabilities::unknown_bits.
 * @param caps the capabilities (NULL: none).
 * @return the u64 to write at the output GPA.
 */
uint64_t hvtlfs_ext_capabilities_encode(const struct hvtlfs_ext_capabilities *caps);

/*!
 * @brief Builds HvExtCallQueryCapabilities: the control word of a call with no input
 *        (input size 0); its output is one u64 at an 8-byte aligned output GPA.
 * @param features the partition's features (hvtlfs_features_decode()).
 * @param opts 0 or #HVTLFS_CTL_NESTED.
 * @param[out] out control word, input size 0.
 * @return #HVTLFS_OK; #HVTLFS_ERR_NULL; #HVTLFS_ERR_NO_PRIVILEGE without the
 *         EnableExtendedHypercalls privilege; #HVTLFS_ERR_FAST_NOT_ALLOWED for
 *         #HVTLFS_CTL_FAST; #HVTLFS_ERR_INVALID_ARG for another option bit.
 */
HVTLFS_MUST_CHECK int hvtlfs_ext_query_build(const struct hvtlfs_features *features,
					     unsigned int opts, struct hvtlfs_prepared *out);

/*!
 * @brief Builds HvExtCallGetBootZeroedMemory: the control word of a call with no input
 *        (input size 0); its output is struct hvtlfs_ext_boot_zeroed_output (0xFF8
 *        bytes) at an 8-byte aligned output GPA within one page. Whether the partition
 *        offers the call is capability bit 0 of HvExtCallQueryCapabilities
 *        (hvtlfs_ext_capabilities::get_boot_zeroed_memory), which the caller checks.
 * @param features the partition's features (hvtlfs_features_decode()).
 * @param opts 0 or #HVTLFS_CTL_NESTED.
 * @param[out] out control word, input size 0.
 * @return #HVTLFS_OK; #HVTLFS_ERR_NULL; #HVTLFS_ERR_NO_PRIVILEGE without the
 *         EnableExtendedHypercalls privilege; #HVTLFS_ERR_FAST_NOT_ALLOWED for
 *         #HVTLFS_CTL_FAST; #HVTLFS_ERR_INVALID_ARG for another option bit.
 */
HVTLFS_MUST_CHECK int hvtlfs_ext_boot_zeroed_build(const struct hvtlfs_features *features,
						   unsigned int opts, struct hvtlfs_prepared *out);

/*!
 * @brief Checks HvExtCallGetBootZeroedMemory's output before its ranges are used: the
 *        range count (read once) is at most #HVTLFS_EXT_BOOT_ZEROED_MAX_RANGES and its
 *        ranges lie within the @p size bytes given. The ranges themselves are not
 *        judged: the TLFS lets them overlap and name memory that does not exist.
 * @param output the output the hypervisor wrote (8-byte aligned).
 * @param size bytes readable at @p output (the whole output is 0xFF8).
 * @param[out] count receives the range count on success; untouched otherwise.
 * @return #HVTLFS_OK; #HVTLFS_ERR_NULL; #HVTLFS_ERR_ALIGNMENT for an @p output not
 *         8-byte aligned; #HVTLFS_ERR_TRUNCATED for @p size below the count's 8 bytes
 *         or below the ranges the count claims; #HVTLFS_ERR_TOO_MANY_ELEMENTS for a
 *         count above #HVTLFS_EXT_BOOT_ZEROED_MAX_RANGES.
 */
HVTLFS_MUST_CHECK int hvtlfs_ext_boot_zeroed_count(const void *output, size_t size,
						   uint32_t *count);

/*!
 * @brief Builds HvExtCallMemoryHeatHint (rep) for one input page: the header, then
 *        @p count encoded HV_GPA_PAGE_RANGE entries.
 * @param[out] in input page (8-byte aligned); written only on success.
 * @param in_size bytes available at @p in (8 + 8 x @p count are written).
 * @param features the partition's features.
 * @param heat_type #HVTLFS_HEAT_HINT_COLD, _HOT or _COLD_DISCARD.
 * @param ranges encoded HV_GPA_PAGE_RANGE entries (hvtlfs_page_ranges_encode()).
 * @param count number of entries, 1 to #HVTLFS_EXT_HEAT_HINT_MAX_PER_PAGE.
 * @param opts 0 or #HVTLFS_CTL_NESTED.
 * @param[out] out control word (rep count = @p count) and input size.
 * @return #HVTLFS_OK; #HVTLFS_ERR_NULL; #HVTLFS_ERR_ALIGNMENT;
 *         #HVTLFS_ERR_NO_PRIVILEGE; #HVTLFS_ERR_INVALID_ARG for heat type 3 or above,
 *         or an option bit other than #HVTLFS_CTL_NESTED and #HVTLFS_CTL_FAST;
 *         #HVTLFS_ERR_REP_COUNT_ZERO; #HVTLFS_ERR_TOO_MANY_ELEMENTS for more entries
 *         than a page holds; #HVTLFS_ERR_NO_SPACE; #HVTLFS_ERR_FAST_NOT_ALLOWED.
 */
HVTLFS_MUST_CHECK int hvtlfs_ext_heat_hint_build(void *in, size_t in_size,
						 const struct hvtlfs_features *features,
						 uint32_t heat_type, const uint64_t *ranges,
						 size_t count, unsigned int opts,
						 struct hvtlfs_prepared *out);

/*! @} */

HVTLFS_END_DECLS

#endif /* HVTLFS_EXTENDED_H */
