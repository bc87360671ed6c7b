/* SPDX-License-Identifier: BSD-2-Clause */
/*!
 * @file visibility.h
 * @brief Confidential-VM memory: the typed input of
 *        HvCallModifySparseGpaPageHostVisibility, which makes guest pages
 *        private or visible to the host.
 */
#ifndef HVTLFS_VISIBILITY_H
#define HVTLFS_VISIBILITY_H

#include "hvtlfs/env.h"
#include "hvtlfs/error.h"
#include "hvtlfs/tlfs.h"
#include "hvtlfs/control.h"

HVTLFS_BEGIN_DECLS

/*!
 * @defgroup visibility Host visibility
 * @brief HvCallModifySparseGpaPageHostVisibility (0x00DB): an isolated partition
 *        (SEV-SNP, TDX) shares pages with the host, or takes them back.
 *
 * The TLFS has no page for the call; its layout is the one Linux issues
 * (arch/x86/hyperv/ivm.c, hv_mark_gpa_visibility()) and OpenVMM decodes: a rep call
 * with a 16-byte header, one 8-byte GPA page number (GPFN) a rep, no variable header
 * and no output. A page holds #HVTLFS_VISIBILITY_MAX_PER_PAGE GPFNs; longer lists take
 * one call a page (hvtlfs_visibility_issue() in calls.h does the loop). Linux issues it
 * only in an isolated partition (CPUID 0x40000003 EBX bit 22 and an isolation type in
 * leaf 0x4000000C); no public source names a privilege the hypervisor checks.
 * @{
 */

/*! @brief Fixed input of HvCallModifySparseGpaPageHostVisibility; the GPFNs follow at 16. */
struct hvtlfs_visibility_input {
	uint64_t partition_id;	  /*!< #HVTLFS_PARTITION_ID_SELF. */
	uint32_t host_visibility; /*!< Bits 0-1: HVTLFS_HOST_VISIBILITY_*; bits 2-31 zero. */
	uint32_t rsvdz;		  /*!< Reserved, zero. */
};
HVTLFS_ASSERT_SIZE(struct hvtlfs_visibility_input, 16);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_visibility_input, partition_id, 0);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_visibility_input, host_visibility, 8);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_visibility_input, rsvdz, 12);

/*! GPFNs one 4 KiB input page holds after the header: 510 (Linux's
 *  HV_MAX_MODIFY_GPA_REP_COUNT). */
#define HVTLFS_VISIBILITY_MAX_PER_PAGE                                                             \
	((HVTLFS_PAGE_SIZE - sizeof(struct hvtlfs_visibility_input)) / sizeof(uint64_t))

/*!
 * @brief Whether a host visibility value is one the call defines: none (0), read
 *        only (1) or read-write (3). 2 (write without read) and anything above 3
 *        are not.
 * @param host_visibility the value.
 * @return true for 0, 1 and 3.
 */
HVTLFS_INLINE bool hvtlfs_visibility_valid(uint32_t host_visibility)
{
	return host_visibility <= HVTLFS_HOST_VISIBILITY_MASK && host_visibility != 2u;
}

/*!
 * @brief Builds HvCallModifySparseGpaPageHostVisibility for one input page: the header,
 *        then @p count GPFNs.
 * @param[out] in input page (8-byte aligned); written only on success.
 * @param in_size bytes available at @p in (16 + 8 x @p count are written).
 * @param partition_id the partition, #HVTLFS_PARTITION_ID_SELF for a guest.
 * @param host_visibility #HVTLFS_HOST_VISIBILITY_NONE, _READ_ONLY or _READ_WRITE.
 *        OpenVMM defines only none and read-write for hardware-isolated partitions
 *        (which cannot map pages read-only for the host), and Linux uses only those two.
 * @param gpfns the guest physical page numbers (GPA >> 12).
 * @param count number of GPFNs, 1 to #HVTLFS_VISIBILITY_MAX_PER_PAGE.
 * @param opts 0 or #HVTLFS_CTL_NESTED (the call has no fast form).
 * @param[out] out control word (rep count = @p count) and input size.
 * @return #HVTLFS_OK; #HVTLFS_ERR_NULL; #HVTLFS_ERR_ALIGNMENT when @p in is not 8-byte
 *         aligned; #HVTLFS_ERR_BAD_VISIBILITY for 2 or a value above 3;
 *         #HVTLFS_ERR_REP_COUNT_ZERO; #HVTLFS_ERR_TOO_MANY_ELEMENTS for more GPFNs than
 *         a page holds (issue one call a page); #HVTLFS_ERR_RANGE_WRAP for a GPFN above
 *         #HVTLFS_RANGE_MAX_PAGE (its address would pass 2^64); #HVTLFS_ERR_NO_SPACE
 *         when @p in_size is too small; #HVTLFS_ERR_FAST_NOT_ALLOWED for
 *         #HVTLFS_CTL_FAST; #HVTLFS_ERR_INVALID_ARG for another option bit.
 */
HVTLFS_MUST_CHECK int hvtlfs_visibility_build(void *in, size_t in_size, uint64_t partition_id,
					      uint32_t host_visibility, const uint64_t *gpfns,
					      size_t count, unsigned int opts,
					      struct hvtlfs_prepared *out);

/*! @} */

HVTLFS_END_DECLS

#endif /* HVTLFS_VISIBILITY_H */
