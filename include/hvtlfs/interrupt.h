/* SPDX-License-Identifier: BSD-2-Clause */
/*!
 * @file interrupt.h
 * @brief Device interrupts: the typed input of HvCallRetargetDeviceInterrupt,
 *        which moves a (PCI pass-through) device's MSI to other VPs.
 */
#ifndef HVTLFS_INTERRUPT_H
#define HVTLFS_INTERRUPT_H

#include "hvtlfs/env.h"
#include "hvtlfs/error.h"
#include "hvtlfs/tlfs.h"
#include "hvtlfs/control.h"
#include "hvtlfs/vpset.h"

HVTLFS_BEGIN_DECLS

/*!
 * @defgroup interrupt Device interrupts
 * @brief HvCallRetargetDeviceInterrupt (0x007E), TLFS hypercalls/
 *        HvCallRetargetDeviceInterrupt.md, datatypes HV_INTERRUPT_ENTRY, HV_MSI_ENTRY,
 *        HV_DEVICE_INTERRUPT_TARGET and HV_VP_SET.
 *
 * A simple call, slow, no output. Its 56-byte fixed part ends with the target: a
 * vector, flags, then either a 64-bit ProcessorMask (VPs 0-63) or, with
 * #HVTLFS_DEVICE_INTERRUPT_TARGET_PROCESSOR_SET, an HV_VP_SET. Of that set only the
 * format word is fixed: its valid_bank_mask and bank words are the variable header,
 * so the variable header size is 1 + the number of bank words (Linux's pci-hyperv:
 * "var-size starts after vp_mask (thus vp_set.format does not count, but
 * vp_set.valid_bank_mask does)"). The Ex flush and IPI calls carry format and mask in
 * their fixed header and count the bank words alone: the same VP set is a variable
 * header one word longer here.
 *
 * The TLFS input table gives DeviceId 6 bytes but its interface an UINT64, and lists
 * the RsvdZ word (offset 32) before InterruptEntry (offset 16): the offsets below are
 * the interface's, which Linux and OpenVMM use. The TLFS defines the layout for x64;
 * Linux issues the call only on x86.
 * @{
 */

/*! @brief HV_INTERRUPT_ENTRY with an HV_MSI_ENTRY (16 bytes). */
struct hvtlfs_interrupt_entry {
	uint32_t source;      /*!< #HVTLFS_INTERRUPT_SOURCE_MSI. */
	uint32_t rsvdz;	      /*!< Reserved, zero. */
	uint32_t msi_address; /*!< HV_MSI_ENTRY Address: the low 32 bits of the MSI address. */
	uint32_t msi_data;    /*!< HV_MSI_ENTRY Data. */
};
HVTLFS_ASSERT_SIZE(struct hvtlfs_interrupt_entry, 16);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_interrupt_entry, source, 0);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_interrupt_entry, rsvdz, 4);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_interrupt_entry, msi_address, 8);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_interrupt_entry, msi_data, 12);

/*!
 * @brief Fixed input of HvCallRetargetDeviceInterrupt (56 bytes).
 *
 * With #HVTLFS_DEVICE_INTERRUPT_TARGET_PROCESSOR_SET the HV_VP_SET's valid_bank_mask
 * follows at offset 56 and its bank words at 64, all of them the variable header.
 */
struct hvtlfs_retarget_input {
	uint64_t partition_id;		     /*!< #HVTLFS_PARTITION_ID_SELF. */
	uint64_t device_id;		     /*!< The device's logical id, assigned by the host. */
	struct hvtlfs_interrupt_entry entry; /*!< The interrupt: its MSI address and data. */
	uint64_t rsvdz;			     /*!< Reserved, zero. */
	uint32_t vector;		     /*!< HV_DEVICE_INTERRUPT_TARGET Vector. */
	uint32_t flags;			     /*!< HVTLFS_DEVICE_INTERRUPT_TARGET_* flags. */
	/*! ProcessorMask (VPs 0-63); with PROCESSOR_SET, the HV_VP_SET's format. */
	uint64_t processor_mask;
};
HVTLFS_ASSERT_SIZE(struct hvtlfs_retarget_input, 56);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_retarget_input, partition_id, 0);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_retarget_input, device_id, 8);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_retarget_input, entry, 16);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_retarget_input, entry.msi_address, 24);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_retarget_input, rsvdz, 32);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_retarget_input, vector, 40);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_retarget_input, flags, 44);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_retarget_input, processor_mask, 48);

/*! Words of the variable header of the processor-set form with @p nbanks bank words:
 *  valid_bank_mask and the banks. */
#define HVTLFS_RETARGET_VARHDR_WORDS(nbanks) (1u + (nbanks))

/*! @brief The interrupt to retarget: what the builders write besides the target VPs. */
struct hvtlfs_device_interrupt {
	uint64_t partition_id; /*!< #HVTLFS_PARTITION_ID_SELF for a guest. */
	uint64_t device_id;    /*!< The device's logical id (Linux derives it from the vPCI
				    instance GUID and the PCI function). */
	uint32_t msi_address;  /*!< Low 32 bits of the MSI address. */
	uint32_t msi_data;     /*!< MSI data. */
	uint32_t vector;       /*!< The vector to deliver, 0x10-0xFF. */
	bool multicast;	       /*!< Deliver to every target VP, not one arbitrary VP of them. */
};

/*!
 * @brief Builds HvCallRetargetDeviceInterrupt with a 64-bit ProcessorMask (VPs 0-63),
 *        no variable header: 56 bytes.
 * @param[out] in input buffer (8-byte aligned); written only on success.
 * @param in_size bytes available at @p in.
 * @param irq the interrupt.
 * @param processor_mask the target VPs 0-63, non-zero.
 * @param opts 0 or #HVTLFS_CTL_NESTED (the call has no fast form).
 * @param[out] out control word and input size.
 * @return #HVTLFS_OK; #HVTLFS_ERR_NULL; #HVTLFS_ERR_ALIGNMENT;
 *         #HVTLFS_ERR_VECTOR_RANGE for a vector outside 0x10-0xFF;
 *         #HVTLFS_ERR_EMPTY_VP_MASK for mask 0 (the interrupt would go nowhere);
 *         #HVTLFS_ERR_NO_SPACE; #HVTLFS_ERR_FAST_NOT_ALLOWED for #HVTLFS_CTL_FAST;
 *         #HVTLFS_ERR_INVALID_ARG for another option bit.
 */
HVTLFS_MUST_CHECK int hvtlfs_retarget_build(void *in, size_t in_size,
					    const struct hvtlfs_device_interrupt *irq,
					    uint64_t processor_mask, unsigned int opts,
					    struct hvtlfs_prepared *out);

/*!
 * @brief Builds HvCallRetargetDeviceInterrupt with an HV_VP_SET (flag PROCESSOR_SET):
 *        the fixed part, then valid_bank_mask and one word a bank as the variable
 *        header, whose size is 1 + the bank words.
 *
 * Linux uses this form when the vPCI protocol is 1.2 or later, whatever the VPs. An
 * empty set is refused. A set of every VP is written as format ALL with a zero mask
 * and variable header 1 (the TLFS HV_VP_SET); OpenVMM refuses any format but sparse
 * 4K for this call, so name the VPs where that matters.
 * @param[out] in input buffer (8-byte aligned); written only on success.
 * @param in_size bytes available at @p in: 64 + 8 x bank words.
 * @param irq the interrupt.
 * @param vps the target VPs.
 * @param opts 0 or #HVTLFS_CTL_NESTED.
 * @param[out] out control word and input size.
 * @return as hvtlfs_retarget_build(), #HVTLFS_ERR_EMPTY_VP_MASK for a set without a VP,
 *         and #HVTLFS_ERR_VP_RANGE for a VP of 4096 or above (more than 64 banks).
 */
HVTLFS_MUST_CHECK int hvtlfs_retarget_build_ex(void *in, size_t in_size,
					       const struct hvtlfs_device_interrupt *irq,
					       const struct hvtlfs_vp_targets *vps,
					       unsigned int opts, struct hvtlfs_prepared *out);

/*! @} */

HVTLFS_END_DECLS

#endif /* HVTLFS_INTERRUPT_H */
