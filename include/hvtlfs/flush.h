/* SPDX-License-Identifier: BSD-2-Clause */
/*!
 * @file flush.h
 * @brief Typed inputs of the TLB flush, IPI and event hypercalls: wire structs
 *        and builders that fill a caller-supplied input page (or fast register
 *        image) and return the exact control word.
 */
#ifndef HVTLFS_FLUSH_H
#define HVTLFS_FLUSH_H

#include "hvtlfs/env.h"
#include "hvtlfs/error.h"
#include "hvtlfs/tlfs.h"
#include "hvtlfs/control.h"
#include "hvtlfs/vpset.h"

HVTLFS_BEGIN_DECLS

/*!
 * @defgroup flush Flush, IPI and event inputs
 * @brief Wire structs and builders for HvFlushVirtualAddressSpace/List(+Ex),
 *        HvSendSyntheticClusterIpi(+Ex), HvSignalEvent, HvPostMessage,
 *        HvNotifyLongSpinWait and HvFlushGuestPhysicalAddressSpace/List.
 *
 * Builders write into an 8-byte aligned buffer: the input page of a slow call,
 * or the register image of a fast call (16 bytes for RDX/R8, up to 112 with
 * the XMM registers). Every word a call reads is written, so a reused page
 * never leaks stale bank words or ranges. Variable-length parts (bank words,
 * rep elements) follow the fixed headers below; no struct ends in a flexible
 * array.
 * @{
 */

/*! @name Sizes
 * @{ */
/*! Flags HvFlushVirtualAddressSpace(Ex) accepts. */
#define HVTLFS_FLUSH_SPACE_FLAGS                                                                   \
	(HVTLFS_FLUSH_ALL_PROCESSORS | HVTLFS_FLUSH_ALL_VIRTUAL_ADDRESS_SPACES |                   \
	 HVTLFS_FLUSH_NON_GLOBAL_MAPPINGS_ONLY)
/*! Flags HvFlushVirtualAddressList(Ex) accepts (NON_GLOBAL_MAPPINGS_ONLY is invalid there). */
#define HVTLFS_FLUSH_LIST_FLAGS                                                                    \
	(HVTLFS_FLUSH_ALL_PROCESSORS | HVTLFS_FLUSH_ALL_VIRTUAL_ADDRESS_SPACES |                   \
	 HVTLFS_FLUSH_USE_EXTENDED_RANGE_FORMAT)
/*! Reserved bits of HV_CONNECTION_ID (the high 8 bits). */
#define HVTLFS_CONNECTION_ID_RESERVED 0xFF000000u
/*! @} */

/*!
 * @brief Whether a legacy flush (HvFlushVirtualAddressSpace or
 *        HvFlushVirtualAddressList) names no VP at all: ProcessorMask 0 without
 *        HV_FLUSH_ALL_PROCESSORS.
 *
 * The TLFS refuses it: HV_STATUS_INVALID_PARAMETER when "all of the bits in the
 * processor bit mask are set to zero, and the 'flush all processors' flag was
 * not specified" (TLFS 6.0b, Return Values of both calls). The builders refuse
 * to write it (#HVTLFS_ERR_EMPTY_VP_MASK) and the hypervisor-side decoder
 * refuses it (or, on request, reads it as KVM does: every VP).
 * @param flags the HV_FLUSH_* flags of the call.
 * @param processor_mask its ProcessorMask (VPs 0-63).
 * @return true when the call targets nobody.
 */
HVTLFS_ALWAYS_INLINE bool hvtlfs_flush_mask_empty(uint64_t flags, uint64_t processor_mask)
{
	return processor_mask == 0 && !(flags & HVTLFS_FLUSH_ALL_PROCESSORS);
}

/*! @brief Fixed input of HvFlushVirtualAddressSpace and HvFlushVirtualAddressList. */
struct hvtlfs_flush_input {
	uint64_t address_space;	 /*!< Address space ID (a CR3 value). */
	uint64_t flags;		 /*!< HVTLFS_FLUSH_* flags. */
	uint64_t processor_mask; /*!< VPs 0-63. */
};
HVTLFS_ASSERT_SIZE(struct hvtlfs_flush_input, 24);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_flush_input, address_space, 0);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_flush_input, flags, 8);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_flush_input, processor_mask, 16);

/*! Rep elements of HvFlushVirtualAddressList that fit a 4 KiB input page. */
#define HVTLFS_FLUSH_LIST_MAX_PER_PAGE                                                             \
	((HVTLFS_PAGE_SIZE - sizeof(struct hvtlfs_flush_input)) / sizeof(uint64_t))

/*!
 * @brief Fixed input of HvFlushVirtualAddressSpaceEx and ListEx: the HV_VP_SET
 *        header; its bank words (the variable header) follow at offset 32.
 */
struct hvtlfs_flush_ex_input {
	uint64_t address_space;	  /*!< Address space ID (a CR3 value). */
	uint64_t flags;		  /*!< HVTLFS_FLUSH_* flags. */
	uint64_t vp_set_format;	  /*!< HVTLFS_GENERIC_SET_*. */
	uint64_t valid_bank_mask; /*!< Bit i: bank i (VPs 64i..64i+63) follows. */
};
HVTLFS_ASSERT_SIZE(struct hvtlfs_flush_ex_input, 32);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_flush_ex_input, address_space, 0);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_flush_ex_input, flags, 8);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_flush_ex_input, vp_set_format, 16);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_flush_ex_input, valid_bank_mask, 24);

/*! @brief Input of HvSendSyntheticClusterIpi. */
struct hvtlfs_ipi_input {
	uint32_t vector;	 /*!< Vector, 0x10-0xFF. */
	uint8_t target_vtl;	 /*!< HV_INPUT_VTL. */
	uint8_t padding[3];	 /*!< Padding, written as zero. */
	uint64_t processor_mask; /*!< VPs 0-63. */
};
HVTLFS_ASSERT_SIZE(struct hvtlfs_ipi_input, 16);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_ipi_input, vector, 0);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_ipi_input, target_vtl, 4);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_ipi_input, padding, 5);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_ipi_input, processor_mask, 8);

/*! @brief Fixed input of HvSendSyntheticClusterIpiEx; bank words follow at offset 24. */
struct hvtlfs_ipi_ex_input {
	uint32_t vector;	  /*!< Vector, 0x10-0xFF. */
	uint8_t target_vtl;	  /*!< HV_INPUT_VTL. */
	uint8_t padding[3];	  /*!< Padding, written as zero. */
	uint64_t vp_set_format;	  /*!< HVTLFS_GENERIC_SET_*. */
	uint64_t valid_bank_mask; /*!< Bit i: bank i follows. */
};
HVTLFS_ASSERT_SIZE(struct hvtlfs_ipi_ex_input, 24);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_ipi_ex_input, vector, 0);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_ipi_ex_input, target_vtl, 4);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_ipi_ex_input, padding, 5);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_ipi_ex_input, vp_set_format, 8);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_ipi_ex_input, valid_bank_mask, 16);

/*! @brief Input of HvSignalEvent (the 8 bytes a fast call passes in RDX). */
struct hvtlfs_signal_event_input {
	uint32_t connection_id; /*!< HV_CONNECTION_ID (high 8 bits reserved). */
	uint16_t flag_number;	/*!< Event flag, relative to the port's base. */
	uint16_t rsvdz;		/*!< Reserved, zero. */
};
HVTLFS_ASSERT_SIZE(struct hvtlfs_signal_event_input, 8);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_signal_event_input, connection_id, 0);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_signal_event_input, flag_number, 4);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_signal_event_input, rsvdz, 6);

/*! @brief Input of HvPostMessage. */
struct hvtlfs_post_message_input {
	uint32_t connection_id;			     /*!< HV_CONNECTION_ID. */
	uint32_t rsvdz;				     /*!< Reserved, zero. */
	uint32_t message_type;			     /*!< Non-zero, bit 31 clear. */
	uint32_t payload_size;			     /*!< Bytes of payload, 0-240. */
	uint8_t payload[HVTLFS_MESSAGE_PAYLOAD_MAX]; /*!< The payload. */
};
HVTLFS_ASSERT_SIZE(struct hvtlfs_post_message_input, 256);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_post_message_input, connection_id, 0);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_post_message_input, rsvdz, 4);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_post_message_input, message_type, 8);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_post_message_input, payload_size, 12);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_post_message_input, payload, 16);

/*! @brief Input of HvNotifyLongSpinWait (8 bytes, passed fast in RDX). */
struct hvtlfs_spin_wait_input {
	uint32_t spin_count; /*!< Accumulated spin count. */
	uint32_t rsvdz;	     /*!< Reserved, zero. */
};
HVTLFS_ASSERT_SIZE(struct hvtlfs_spin_wait_input, 8);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_spin_wait_input, spin_count, 0);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_spin_wait_input, rsvdz, 4);

/*! @brief Fixed input of HvFlushGuestPhysicalAddressSpace and List; ranges follow at 16. */
struct hvtlfs_gpa_flush_input {
	uint64_t address_space; /*!< EPT PML4 table pointer. */
	uint64_t flags;		/*!< Reserved, zero. */
};
HVTLFS_ASSERT_SIZE(struct hvtlfs_gpa_flush_input, 16);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_gpa_flush_input, address_space, 0);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_gpa_flush_input, flags, 8);

/*!
 * @brief Builds HvFlushVirtualAddressSpace.
 * @param[out] in input buffer (8-byte aligned): the input page, or the fast register image.
 * @param in_size bytes available at @p in.
 * @param address_space CR3 value (ignored by the hypervisor with ALL_VIRTUAL_ADDRESS_SPACES).
 * @param flags OR of #HVTLFS_FLUSH_SPACE_FLAGS bits.
 * @param processor_mask VPs 0-63 (ignored with ALL_PROCESSORS); non-zero
 *        without it.
 * @param opts 0 or an OR of #HVTLFS_CTL_FAST and #HVTLFS_CTL_NESTED.
 * @param[out] out control word and input size.
 * @return #HVTLFS_OK; #HVTLFS_ERR_NULL; #HVTLFS_ERR_ALIGNMENT if @p in is not
 *         8-byte aligned; #HVTLFS_ERR_BAD_FLAGS; #HVTLFS_ERR_EMPTY_VP_MASK for
 *         @p processor_mask 0 without ALL_PROCESSORS (hvtlfs_flush_mask_empty():
 *         the TLFS refuses it); #HVTLFS_ERR_NO_SPACE if @p in_size is below
 *         sizeof(struct hvtlfs_flush_input);
 *         #HVTLFS_ERR_INVALID_ARG for unknown @p opts.
 */
HVTLFS_MUST_CHECK int hvtlfs_flush_build_space(void *in, size_t in_size, uint64_t address_space,
					       uint64_t flags, uint64_t processor_mask,
					       unsigned int opts, struct hvtlfs_prepared *out);

/*!
 * @brief Builds HvFlushVirtualAddressList (rep): the header, then @p count GVA ranges.
 * @param[out] in input buffer (8-byte aligned).
 * @param in_size bytes available at @p in.
 * @param address_space CR3 value.
 * @param flags OR of #HVTLFS_FLUSH_LIST_FLAGS bits.
 * @param processor_mask VPs 0-63 (ignored with ALL_PROCESSORS); non-zero
 *        without it.
 * @param ranges encoded HV_GVA_RANGE entries (simple, or extended when @p flags
 *        has USE_EXTENDED_RANGE_FORMAT).
 * @param count number of entries, 1-4095.
 * @param opts 0 or an OR of #HVTLFS_CTL_FAST and #HVTLFS_CTL_NESTED.
 * @param[out] out control word (rep count = @p count) and input size.
 * @return #HVTLFS_OK; #HVTLFS_ERR_NULL; #HVTLFS_ERR_ALIGNMENT;
 *         #HVTLFS_ERR_BAD_FLAGS (NON_GLOBAL_MAPPINGS_ONLY or an unknown flag);
 *         #HVTLFS_ERR_EMPTY_VP_MASK for @p processor_mask 0 without
 *         ALL_PROCESSORS (the TLFS refuses it);
 *         #HVTLFS_ERR_REP_COUNT_ZERO; #HVTLFS_ERR_REP_COUNT_RANGE;
 *         #HVTLFS_ERR_FAST_TOO_BIG if fast and more than 112 bytes;
 *         #HVTLFS_ERR_RANGES_DONT_FIT if the entries overflow @p in_size;
 *         #HVTLFS_ERR_INVALID_ARG for unknown @p opts.
 */
HVTLFS_MUST_CHECK int hvtlfs_flush_build_list(void *in, size_t in_size, uint64_t address_space,
					      uint64_t flags, uint64_t processor_mask,
					      const uint64_t *ranges, uint32_t count,
					      unsigned int opts, struct hvtlfs_prepared *out);

/*!
 * @brief Builds HvFlushVirtualAddressSpaceEx: header, HV_VP_SET, bank words.
 *
 * The variable header size is the number of bank words (one per non-zero
 * bitmap word); format ALL writes no bank word.
 * @param[out] in input buffer (8-byte aligned).
 * @param in_size bytes available at @p in.
 * @param address_space CR3 value.
 * @param flags OR of #HVTLFS_FLUSH_SPACE_FLAGS bits.
 * @param vps target VPs.
 * @param opts 0 or an OR of #HVTLFS_CTL_FAST and #HVTLFS_CTL_NESTED.
 * @param[out] out control word and input size.
 * @return #HVTLFS_OK; #HVTLFS_ERR_NULL; #HVTLFS_ERR_ALIGNMENT;
 *         #HVTLFS_ERR_BAD_FLAGS; #HVTLFS_ERR_VP_RANGE if a VP is 4096 or above;
 *         #HVTLFS_ERR_FAST_TOO_BIG; #HVTLFS_ERR_NO_SPACE;
 *         #HVTLFS_ERR_INVALID_ARG for unknown @p opts.
 */
HVTLFS_MUST_CHECK int hvtlfs_flush_build_space_ex(void *in, size_t in_size, uint64_t address_space,
						  uint64_t flags,
						  const struct hvtlfs_vp_targets *vps,
						  unsigned int opts, struct hvtlfs_prepared *out);

/*!
 * @brief Builds HvFlushVirtualAddressListEx (rep): header, HV_VP_SET, bank
 *        words, then @p count GVA ranges.
 * @param[out] in input buffer (8-byte aligned).
 * @param in_size bytes available at @p in.
 * @param address_space CR3 value.
 * @param flags OR of #HVTLFS_FLUSH_LIST_FLAGS bits.
 * @param vps target VPs.
 * @param ranges encoded HV_GVA_RANGE entries.
 * @param count number of entries, 1-4095.
 * @param opts 0 or an OR of #HVTLFS_CTL_FAST and #HVTLFS_CTL_NESTED.
 * @param[out] out control word and input size.
 * @return as hvtlfs_flush_build_list() and hvtlfs_flush_build_space_ex() (an
 *         HV_VP_SET is never refused for being empty: the TLFS defines no status
 *         for it, so no #HVTLFS_ERR_EMPTY_VP_MASK); #HVTLFS_ERR_NO_SPACE if the
 *         bank words alone overflow @p in_size.
 */
HVTLFS_MUST_CHECK int hvtlfs_flush_build_list_ex(void *in, size_t in_size, uint64_t address_space,
						 uint64_t flags,
						 const struct hvtlfs_vp_targets *vps,
						 const uint64_t *ranges, uint32_t count,
						 unsigned int opts, struct hvtlfs_prepared *out);

/*!
 * @brief Builds HvSendSyntheticClusterIpi.
 * @param[out] in input buffer (8-byte aligned, 16 bytes suffice; fast: RDX, R8).
 * @param in_size bytes available at @p in.
 * @param vector interrupt vector, 0x10-0xFF.
 * @param target_vtl HV_INPUT_VTL (bits 5-7 reserved).
 * @param processor_mask VPs 0-63, non-zero.
 * @param opts 0 or an OR of #HVTLFS_CTL_FAST and #HVTLFS_CTL_NESTED.
 * @param[out] out control word and input size.
 * @return #HVTLFS_OK; #HVTLFS_ERR_NULL; #HVTLFS_ERR_ALIGNMENT;
 *         #HVTLFS_ERR_VECTOR_RANGE; #HVTLFS_ERR_INVALID_ARG for reserved
 *         @p target_vtl bits or unknown @p opts; #HVTLFS_ERR_EMPTY_VP_MASK for
 *         @p processor_mask 0 (the call has no all-processors flag; the
 *         hypervisor would accept it and interrupt nobody);
 *         #HVTLFS_ERR_NO_SPACE.
 */
HVTLFS_MUST_CHECK int hvtlfs_ipi_build(void *in, size_t in_size, uint32_t vector,
				       uint8_t target_vtl, uint64_t processor_mask,
				       unsigned int opts, struct hvtlfs_prepared *out);

/*!
 * @brief Builds HvSendSyntheticClusterIpiEx: header, HV_VP_SET, bank words.
 * @param[out] in input buffer (8-byte aligned).
 * @param in_size bytes available at @p in.
 * @param vector interrupt vector, 0x10-0xFF.
 * @param target_vtl HV_INPUT_VTL.
 * @param vps target VPs.
 * @param opts 0 or an OR of #HVTLFS_CTL_FAST and #HVTLFS_CTL_NESTED.
 * @param[out] out control word and input size.
 * @return as hvtlfs_ipi_build() but never #HVTLFS_ERR_EMPTY_VP_MASK;
 *         #HVTLFS_ERR_VP_RANGE; #HVTLFS_ERR_FAST_TOO_BIG.
 */
HVTLFS_MUST_CHECK int hvtlfs_ipi_build_ex(void *in, size_t in_size, uint32_t vector,
					  uint8_t target_vtl, const struct hvtlfs_vp_targets *vps,
					  unsigned int opts, struct hvtlfs_prepared *out);

/*!
 * @brief Builds the fast 8-byte form of HvSignalEvent.
 * @param[out] control receives the control word (fast bit set).
 * @param[out] input receives the value for RDX (EBX:ECX on i386).
 * @param connection_id HV_CONNECTION_ID (high 8 bits reserved).
 * @param flag_number event flag number.
 * @return #HVTLFS_OK; #HVTLFS_ERR_NULL; #HVTLFS_ERR_INVALID_ARG for a reserved
 *         connection-id bit.
 */
HVTLFS_MUST_CHECK int hvtlfs_signal_event_build(uint64_t *control, uint64_t *input,
						uint32_t connection_id, uint16_t flag_number);

/*!
 * @brief Builds the fast form of HvNotifyLongSpinWait.
 * @param[out] control receives the control word (fast bit set).
 * @param[out] input receives the value for RDX (EBX:ECX on i386).
 * @param spin_count accumulated spin count.
 * @return #HVTLFS_OK or #HVTLFS_ERR_NULL.
 */
HVTLFS_MUST_CHECK int hvtlfs_spin_wait_build(uint64_t *control, uint64_t *input,
					     uint32_t spin_count);

/*!
 * @brief Builds HvPostMessage (slow only). Writes the 16-byte header and the
 *        payload, zero-padded to the next 8-byte boundary.
 * @param[out] in input page (8-byte aligned, at least 256 bytes).
 * @param in_size bytes available at @p in.
 * @param connection_id HV_CONNECTION_ID.
 * @param message_type message type: non-zero, bit 31 clear.
 * @param payload payload bytes (may be NULL when @p payload_size is 0).
 * @param payload_size 0-240.
 * @param[out] out control word and input size (always 256).
 * @return #HVTLFS_OK; #HVTLFS_ERR_NULL; #HVTLFS_ERR_ALIGNMENT;
 *         #HVTLFS_ERR_PAYLOAD_TOO_BIG; #HVTLFS_ERR_INVALID_ARG for a zero or
 *         bit-31 message type or a reserved connection-id bit;
 *         #HVTLFS_ERR_NO_SPACE when @p in_size is below 256.
 */
HVTLFS_MUST_CHECK int hvtlfs_post_message_build(void *in, size_t in_size, uint32_t connection_id,
						uint32_t message_type, const void *payload,
						uint32_t payload_size, struct hvtlfs_prepared *out);

/*!
 * @brief Builds HvFlushGuestPhysicalAddressSpace (flags are reserved: written as zero).
 * @param[out] in input buffer (8-byte aligned, 16 bytes).
 * @param in_size bytes available at @p in.
 * @param address_space EPT PML4 table pointer.
 * @param opts 0 or an OR of #HVTLFS_CTL_FAST and #HVTLFS_CTL_NESTED.
 * @param[out] out control word and input size.
 * @return #HVTLFS_OK; #HVTLFS_ERR_NULL; #HVTLFS_ERR_ALIGNMENT;
 *         #HVTLFS_ERR_NO_SPACE; #HVTLFS_ERR_INVALID_ARG for unknown @p opts.
 */
HVTLFS_MUST_CHECK int hvtlfs_gpa_flush_build_space(void *in, size_t in_size, uint64_t address_space,
						   unsigned int opts, struct hvtlfs_prepared *out);

/*!
 * @brief Builds HvFlushGuestPhysicalAddressList (rep): header then GPA page ranges.
 * @param[out] in input buffer (8-byte aligned).
 * @param in_size bytes available at @p in.
 * @param address_space EPT PML4 table pointer.
 * @param ranges encoded HV_GPA_PAGE_RANGE entries.
 * @param count number of entries, 1-4095.
 * @param opts 0 or an OR of #HVTLFS_CTL_FAST and #HVTLFS_CTL_NESTED.
 * @param[out] out control word and input size.
 * @return #HVTLFS_OK; #HVTLFS_ERR_NULL; #HVTLFS_ERR_ALIGNMENT;
 *         #HVTLFS_ERR_REP_COUNT_ZERO; #HVTLFS_ERR_REP_COUNT_RANGE;
 *         #HVTLFS_ERR_FAST_TOO_BIG; #HVTLFS_ERR_RANGES_DONT_FIT;
 *         #HVTLFS_ERR_INVALID_ARG for unknown @p opts.
 */
HVTLFS_MUST_CHECK int hvtlfs_gpa_flush_build_list(void *in, size_t in_size, uint64_t address_space,
						  const uint64_t *ranges, uint32_t count,
						  unsigned int opts, struct hvtlfs_prepared *out);

/*! @} */

HVTLFS_END_DECLS

#endif /* HVTLFS_FLUSH_H */
