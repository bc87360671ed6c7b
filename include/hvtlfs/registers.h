/* SPDX-License-Identifier: BSD-2-Clause */
/*!
 * @file registers.h
 * @brief Virtual processor registers: the register-name catalog, HV_REGISTER_VALUE,
 *        and the inputs of HvCallGetVpRegisters and HvCallSetVpRegisters with their
 *        builders and the parser of their output.
 *
 * No assembly: the calls themselves are made by vp.h (hvtlfs_register_get() and
 * friends), the hypervisor side decodes them in hvcall.h.
 */
#ifndef HVTLFS_REGISTERS_H
#define HVTLFS_REGISTERS_H

#include "hvtlfs/env.h"
#include "hvtlfs/error.h"
#include "hvtlfs/tlfs.h"
#include "hvtlfs/control.h"

HVTLFS_BEGIN_DECLS

/*!
 * @defgroup registers VP registers
 * @brief HvCallGetVpRegisters (0x0050) and HvCallSetVpRegisters (0x0051): the
 *        register catalog (#HVTLFS_REGISTER_LIST), wire structs, builders, parser.
 *
 * Both calls are rep calls with the same 16-byte header (TLFS
 * hypercalls/HvCallGetVpRegisters.md and HvCallSetVpRegisters.md, Input
 * Parameters): the partition, the VP index and an HV_INPUT_VTL. Get takes one
 * 4-byte register name a rep and returns one 16-byte HV_REGISTER_VALUE a rep at the
 * output GPA; Set takes one 32-byte element a rep (name, 12 reserved bytes, value)
 * and has no output. The caller needs the AccessVpRegisters privilege (CPUID
 * 0x40000003 EBX bit 17, hvtlfs_features::access_vp_registers) to target its own
 * partition ("self"), or must be the target partition's parent.
 * @{
 */

/*!
 * @brief HV_REGISTER_VALUE: 128 bits, little-endian; a value narrower than 128 bits
 *        sits in the low bits and the rest is zero (TLFS datatypes/hv_register_value.md).
 */
struct hvtlfs_register_value {
	uint64_t lo; /*!< Bits 0-63 (the whole value of a 64-bit register). */
	uint64_t hi; /*!< Bits 64-127. */
};
HVTLFS_ASSERT_SIZE(struct hvtlfs_register_value, 16);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_register_value, lo, 0);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_register_value, hi, 8);

/*! @brief Fixed input of HvCallGetVpRegisters and HvCallSetVpRegisters; the rep
 *         elements follow at offset 16. */
struct hvtlfs_registers_input {
	uint64_t partition_id; /*!< The partition (#HVTLFS_PARTITION_ID_SELF: the caller's). */
	uint32_t vp_index;     /*!< The VP (#HVTLFS_VP_INDEX_SELF: the calling one). */
	uint8_t input_vtl;     /*!< HV_INPUT_VTL: the VTL whose registers are meant. */
	uint8_t rsvdz[3];      /*!< Reserved, zero. */
};
HVTLFS_ASSERT_SIZE(struct hvtlfs_registers_input, 16);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_registers_input, partition_id, 0);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_registers_input, vp_index, 8);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_registers_input, input_vtl, 12);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_registers_input, rsvdz, 13);

/*! @brief One rep element of HvCallSetVpRegisters (Linux calls it HV_REGISTER_ASSOC). */
struct hvtlfs_register_assoc {
	uint32_t name;			    /*!< HV_REGISTER_NAME. */
	uint32_t rsvdz0;		    /*!< Reserved, zero (bytes 4-7). */
	uint64_t rsvdz1;		    /*!< Reserved, zero (bytes 8-15). */
	struct hvtlfs_register_value value; /*!< The value to write. */
};
HVTLFS_ASSERT_SIZE(struct hvtlfs_register_assoc, 32);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_register_assoc, name, 0);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_register_assoc, rsvdz0, 4);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_register_assoc, rsvdz1, 8);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_register_assoc, value, 16);

/*! @name Capacities
 * @{ */
/*! Names one HvCallGetVpRegisters can read through 4 KiB pages: its 16-byte values
 *  fill the output page (256) before its names fill the input page (1020). */
#define HVTLFS_GET_VP_REGISTERS_MAX_PER_PAGE                                                       \
	(HVTLFS_PAGE_SIZE / sizeof(struct hvtlfs_register_value))
/*! Registers one HvCallSetVpRegisters can write through a 4 KiB input page: 127. */
#define HVTLFS_SET_VP_REGISTERS_MAX_PER_PAGE                                                       \
	((HVTLFS_PAGE_SIZE - sizeof(struct hvtlfs_registers_input)) /                              \
	 sizeof(struct hvtlfs_register_assoc))
/*! Bytes of HvCallGetVpRegisters input for @p n names. */
#define HVTLFS_GET_VP_REGISTERS_INPUT_SIZE(n)                                                      \
	(sizeof(struct hvtlfs_registers_input) + sizeof(uint32_t) * (n))
/*! Bytes of HvCallSetVpRegisters input for @p n registers. */
#define HVTLFS_SET_VP_REGISTERS_INPUT_SIZE(n)                                                      \
	(sizeof(struct hvtlfs_registers_input) + sizeof(struct hvtlfs_register_assoc) * (n))
/*! Names one fast HvCallGetVpRegisters reads on x64: input and values must fit RDX,
 *  R8 and XMM0-XMM5 (#HVTLFS_FAST_IO_FITS): 4 (2 input pairs + 4 output pairs). */
#define HVTLFS_GET_VP_REGISTERS_FAST_MAX 4u
/*! Registers one fast HvCallSetVpRegisters writes on x64: 3 (16 + 3 x 32 = 112 bytes). */
#define HVTLFS_SET_VP_REGISTERS_FAST_MAX 3u
/*! @} */

HVTLFS_STATIC_ASSERT(HVTLFS_FAST_IO_FITS(HVTLFS_GET_VP_REGISTERS_INPUT_SIZE(4u), 4u * 16u,
					 HVTLFS_FAST_XMM_BYTES) &&
			     !HVTLFS_FAST_IO_FITS(HVTLFS_GET_VP_REGISTERS_INPUT_SIZE(5u), 5u * 16u,
						  HVTLFS_FAST_XMM_BYTES),
		     "HVTLFS_GET_VP_REGISTERS_FAST_MAX is the largest fast Get");
HVTLFS_STATIC_ASSERT(HVTLFS_FAST_IO_FITS(HVTLFS_SET_VP_REGISTERS_INPUT_SIZE(3u), 0u,
					 HVTLFS_FAST_XMM_BYTES) &&
			     !HVTLFS_FAST_IO_FITS(HVTLFS_SET_VP_REGISTERS_INPUT_SIZE(4u), 0u,
						  HVTLFS_FAST_XMM_BYTES),
		     "HVTLFS_SET_VP_REGISTERS_FAST_MAX is the largest fast Set");

/*! @brief One register of the catalog (a row of #HVTLFS_REGISTER_LIST). */
struct hvtlfs_register_info {
	uint32_t name;	       /*!< HV_REGISTER_NAME. */
	uint32_t msr;	       /*!< The x64 synthetic MSR that holds it, 0 for none. */
	uint16_t width;	       /*!< Architectural size in bits (32, 64 or 128). */
	uint8_t sets;	       /*!< HVTLFS_REGSET_* it belongs to. */
	uint8_t flags;	       /*!< HVTLFS_REGF_*. */
	uint8_t source;	       /*!< HVTLFS_REGSRC_*: where the row comes from. */
	const char *tlfs_name; /*!< E.g. "HvRegisterGuestOsId", "HvX64RegisterRax". */
};

/*!
 * @brief Where a VP-register call points: partition, VP, VTL (the three fields of
 *        struct hvtlfs_registers_input a caller chooses).
 */
struct hvtlfs_register_target {
	uint64_t partition_id; /*!< #HVTLFS_PARTITION_ID_SELF, or a child partition. */
	uint32_t vp_index;     /*!< #HVTLFS_VP_INDEX_SELF, or a VP index. */
	uint8_t input_vtl;     /*!< HV_INPUT_VTL: 0 for the caller's VTL. */
};

/*! Initializer of a struct hvtlfs_register_target naming the caller itself: its own
 *  partition, VP and VTL (what a guest's bring-up uses). */
#define HVTLFS_REGISTER_TARGET_SELF                                                                \
	{                                                                                          \
		HVTLFS_PARTITION_ID_SELF, HVTLFS_VP_INDEX_SELF, 0u                                 \
	}

/*!
 * @brief A register as a hypervisor-side decoder hands it over: the name the guest
 *        asked for, its catalog row, and (Set) the value to write.
 */
struct hvtlfs_register_entry {
	uint32_t name; /*!< HV_REGISTER_NAME as the guest passed it. */
	/*! Its catalog row for the guest's register set, NULL for a name the catalog does
	 *  not know (decoded all the same: see hvtlfs_hvcall_decode_into()). */
	const struct hvtlfs_register_info *info;
	struct hvtlfs_register_value value; /*!< Set: the value; Get: zero. */
};

/*!
 * @brief Looks a register up in the catalog.
 * @param name HV_REGISTER_NAME.
 * @param set the register set meant: #HVTLFS_REGSET_X64 or #HVTLFS_REGSET_ARM64
 *        (architectural names mean different registers in each).
 * @return the row, or NULL when the catalog does not know @p name in @p set.
 */
const struct hvtlfs_register_info *hvtlfs_register_lookup(uint32_t name, unsigned int set);

/*!
 * @brief Looks a register up by its name as the catalog spells it.
 * @param tlfs_name e.g. "HvRegisterVpIndex", "HvArm64RegisterX0" (exact, case matters).
 * @param set #HVTLFS_REGSET_X64 or #HVTLFS_REGSET_ARM64.
 * @return the row, or NULL.
 */
const struct hvtlfs_register_info *hvtlfs_register_lookup_name(const char *tlfs_name,
							       unsigned int set);

/*!
 * @brief The register an x64 synthetic MSR is the twin of (HV_X64_MSR_GUEST_OS_ID is
 *        HvRegisterGuestOsId): how x64 code written against MSRs maps to the calls an
 *        arm64 guest must make.
 * @param msr a synthetic MSR number (0x40000000 and up).
 * @return the row, or NULL when no register of the catalog has that MSR.
 */
const struct hvtlfs_register_info *hvtlfs_register_lookup_msr(uint32_t msr);

/*!
 * @brief The whole register catalog, sorted by number (rows of one number by set).
 * @param[out] count receives the number of rows (may be NULL).
 * @return the first row of a constant array.
 */
const struct hvtlfs_register_info *hvtlfs_register_catalog(size_t *count);

/*!
 * @brief Name of a register.
 * @param name HV_REGISTER_NAME.
 * @param set #HVTLFS_REGSET_X64 or #HVTLFS_REGSET_ARM64.
 * @return e.g. "HvRegisterSint0", or "HvRegisterUnknown"; never NULL.
 */
const char *hvtlfs_register_name(uint32_t name, unsigned int set);

/*!
 * @brief Reports names the catalog does not know. The builders and the decoder let
 *        such names through (a newer hypervisor may know them); a caller that wants
 *        only known registers checks here.
 * @param names the names.
 * @param count how many.
 * @param set #HVTLFS_REGSET_X64 or #HVTLFS_REGSET_ARM64.
 * @param[out] first_unknown receives the index of the first unknown name, or
 *        @p count when all are known (may be NULL).
 * @return #HVTLFS_OK; #HVTLFS_ERR_NULL (@p names NULL with @p count > 0);
 *         #HVTLFS_ERR_UNKNOWN_REGISTER.
 */
HVTLFS_MUST_CHECK int hvtlfs_register_names_check(const uint32_t *names, size_t count,
						  unsigned int set, size_t *first_unknown);

/*!
 * @brief Whether a write of @p value to register @p name can succeed, by the rules
 *        of HvCallSetVpRegisters the catalog can judge: the register is not
 *        read-only, and the value has no bit above the register's width (the
 *        hypervisor validates that "bits beyond the architectural size of the
 *        register are zeroed", TLFS HvCallSetVpRegisters). A name the catalog does
 *        not know passes.
 * @param name HV_REGISTER_NAME.
 * @param set #HVTLFS_REGSET_X64 or #HVTLFS_REGSET_ARM64.
 * @param value the value.
 * @return #HVTLFS_OK; #HVTLFS_ERR_NULL; #HVTLFS_ERR_REGISTER_READ_ONLY;
 *         #HVTLFS_ERR_REGISTER_WIDTH.
 */
HVTLFS_MUST_CHECK int hvtlfs_register_write_check(uint32_t name, unsigned int set,
						  const struct hvtlfs_register_value *value);

/*!
 * @brief Builds HvCallGetVpRegisters (rep): the header, then @p count names packed
 *        4 bytes apart.
 *
 * Slow: @p in is the input page; the values come back in the output page, one
 * HV_REGISTER_VALUE every 16 bytes (hvtlfs_get_vp_registers_parse()). Fast
 * (#HVTLFS_CTL_FAST): @p in is the fast register image, and the values come back in
 * it from #HVTLFS_FAST_OUTPUT_OFFSET(input size), so input and output must fit
 * together (at most #HVTLFS_GET_VP_REGISTERS_FAST_MAX names on x64, with the XMM
 * fast input and output features).
 * @param[out] in input buffer (8-byte aligned).
 * @param in_size bytes available at @p in: the input rounded up to 8 bytes (an odd
 *        count's last word is written whole, its high half 0).
 * @param target partition, VP and HV_INPUT_VTL.
 * @param names the register names (any: see hvtlfs_register_names_check()).
 * @param count number of names, 1-4095.
 * @param opts 0 or an OR of #HVTLFS_CTL_FAST and #HVTLFS_CTL_NESTED.
 * @param[out] out control word (rep count @p count) and input size.
 * @return #HVTLFS_OK; #HVTLFS_ERR_NULL; #HVTLFS_ERR_ALIGNMENT;
 *         #HVTLFS_ERR_INVALID_ARG for reserved HV_INPUT_VTL bits, partition id 0
 *         (HV_PARTITION_ID_INVALID) or unknown @p opts;
 *         #HVTLFS_ERR_REP_COUNT_ZERO; #HVTLFS_ERR_REP_COUNT_RANGE;
 *         #HVTLFS_ERR_FAST_TOO_BIG when fast and the names and their values do not
 *         fit 112 bytes; #HVTLFS_ERR_NO_SPACE when they do not fit @p in_size.
 */
HVTLFS_MUST_CHECK int hvtlfs_get_vp_registers_build(void *in, size_t in_size,
						    const struct hvtlfs_register_target *target,
						    const uint32_t *names, uint32_t count,
						    unsigned int opts, struct hvtlfs_prepared *out);

/*!
 * @brief Builds HvCallSetVpRegisters (rep): the header, then one 32-byte element a
 *        register (name, zero reserved bytes, value).
 *
 * Every byte a call reads is written (the reserved ones zero). The values are
 * written as given: hvtlfs_register_write_check() says which the hypervisor will
 * refuse.
 * @param[out] in input buffer (8-byte aligned): the input page, or the fast register
 *        image (#HVTLFS_CTL_FAST: at most #HVTLFS_SET_VP_REGISTERS_FAST_MAX on x64).
 * @param in_size bytes available at @p in.
 * @param target partition, VP and HV_INPUT_VTL.
 * @param names the register names.
 * @param values their values, one a name.
 * @param count number of registers, 1-4095.
 * @param opts 0 or an OR of #HVTLFS_CTL_FAST and #HVTLFS_CTL_NESTED.
 * @param[out] out control word and input size.
 * @return as hvtlfs_get_vp_registers_build() (#HVTLFS_ERR_FAST_TOO_BIG when the
 *         input does not fit 112 bytes).
 */
HVTLFS_MUST_CHECK int
hvtlfs_set_vp_registers_build(void *in, size_t in_size, const struct hvtlfs_register_target *target,
			      const uint32_t *names, const struct hvtlfs_register_value *values,
			      uint32_t count, unsigned int opts, struct hvtlfs_prepared *out);

/*!
 * @brief Reads the values HvCallGetVpRegisters returned: value i from bytes
 *        16 i .. 16 i + 15 of @p output, little-endian.
 * @param output the output page (slow form), or the fast register image from
 *        #HVTLFS_FAST_OUTPUT_OFFSET(input size) on (fast form).
 * @param output_size bytes readable at @p output.
 * @param count values to read.
 * @param[out] values receives @p count values.
 * @return #HVTLFS_OK; #HVTLFS_ERR_NULL; #HVTLFS_ERR_TRUNCATED when @p output_size
 *         holds fewer than @p count values (nothing written).
 */
HVTLFS_MUST_CHECK int hvtlfs_get_vp_registers_parse(const void *output, size_t output_size,
						    uint32_t count,
						    struct hvtlfs_register_value *values);

/*! @} */

HVTLFS_END_DECLS

#endif /* HVTLFS_REGISTERS_H */
