/* SPDX-License-Identifier: BSD-2-Clause */
/*!
 * @file error.h
 * @brief Library error codes: distinct negative ints, each with a name.
 *
 * A hypervisor's answer is never one of these: it stays the raw 64-bit result
 * word (see result accessors in control.h). These codes say what the library
 * refused or detected itself.
 */
#ifndef HVTLFS_ERROR_H
#define HVTLFS_ERROR_H

#include "hvtlfs/env.h"

HVTLFS_BEGIN_DECLS

/*!
 * @defgroup error Errors
 * @brief Distinct negative error codes returned by library functions.
 *
 * Functions return 0 (or a non-negative count) on success and one of these on
 * failure. Codes are grouped by module; values never change once released.
 * @{
 */

/*! @brief Library error codes. */
enum hvtlfs_error {
	HVTLFS_OK = 0, /*!< Success. */

	/* Generic and control-word errors (foundation). */
	HVTLFS_ERR_NULL = -1,		 /*!< A required pointer argument was NULL. */
	HVTLFS_ERR_REP_COUNT_RANGE = -2, /*!< Rep count is 4096 or more (12-bit field). */
	HVTLFS_ERR_REP_START_RANGE = -3, /*!< Rep start index is 4096 or more (12-bit field). */
	HVTLFS_ERR_VARHDR_RANGE = -4,	 /*!< Variable header size is 1024 or more 8-byte units. */
	HVTLFS_ERR_RESERVED_BITS = -5,	 /*!< A reserved bit is set in a word being validated. */
	HVTLFS_ERR_REP_START_NOT_BELOW = -6, /*!< Rep call with rep start >= rep count. */
	HVTLFS_ERR_REP_ON_SIMPLE = -7,	     /*!< Rep count or start on a simple (non-rep) call. */
	HVTLFS_ERR_REP_COUNT_ZERO = -8,	     /*!< Rep call with rep count 0. */
	HVTLFS_ERR_UNKNOWN_CALL = -9,	     /*!< Call code not in the hypercall catalog. */
	HVTLFS_ERR_VARHDR_NOT_ALLOWED = -10, /*!< Variable header on a call that takes none. */
	HVTLFS_ERR_FAST_NOT_ALLOWED = -11,   /*!< Fast form requested for a slow-only call. */
	HVTLFS_ERR_INVALID_ARG = -12,	     /*!< An argument is outside its documented domain. */
	HVTLFS_ERR_NO_SPACE = -13,  /*!< Output buffer too small; the needed size is reported. */
	HVTLFS_ERR_ALIGNMENT = -14, /*!< Address not 8-byte aligned, or crosses a 4 KiB page. */

	/* Hypercall wrappers. */
	HVTLFS_ERR_NO_HYPERCALL_PAGE =
		-20,			/*!< Hypercall page pointer is NULL: nothing was called. */
	HVTLFS_ERR_HV_STATUS = -21,	/*!< The hypervisor returned a failure status. */
	HVTLFS_ERR_REP_STALLED = -22,	/*!< Reps completed did not advance. */
	HVTLFS_ERR_REP_BACKWARDS = -23, /*!< Reps completed went below rep start. */
	HVTLFS_ERR_REP_OVERSHOOT = -24, /*!< Reps completed exceed the rep count. */
	HVTLFS_ERR_FAST_TOO_BIG = -25,	/*!< Input (or output) does not fit the fast registers. */
	HVTLFS_ERR_NO_FEATURE = -26,	/*!< The partition lacks a feature this form needs. */

	/* Encoders and decoders of sets and ranges. */
	HVTLFS_ERR_VP_RANGE = -40, /*!< VP index beyond what the format can name. */
	HVTLFS_ERR_NEEDS_EX = -41, /*!< A VP is 64 or above: the legacy mask cannot name it. */
	HVTLFS_ERR_RANGES_DONT_FIT = -42, /*!< Range list exceeds the capacity: flush everything. */
	HVTLFS_ERR_EMPTY_RANGE = -43,	  /*!< A range of zero bytes or zero pages. */
	HVTLFS_ERR_RANGE_WRAP = -44,	  /*!< A range runs past the top of the address space. */
	HVTLFS_ERR_BAD_FORMAT = -45,	  /*!< Unknown generic-set format. */
	HVTLFS_ERR_TRUNCATED = -46,	  /*!< Input shorter than its own header or counts claim. */
	HVTLFS_ERR_BANK_MISMATCH = -47,	  /*!< Bank words and valid_bank_mask disagree. */
	HVTLFS_ERR_VP_OUTSIDE_BITMAP = -48, /*!< Set holds VPs beyond the caller's bitmap. */
	HVTLFS_ERR_RANGE_MISALIGNED = -55,  /*!< Large-page entry not aligned to its size. */

	/* Hypercall inputs, planner and request decoding. */
	HVTLFS_ERR_VECTOR_RANGE = -60,	  /*!< IPI vector outside 0x10-0xFF. */
	HVTLFS_ERR_PAYLOAD_TOO_BIG = -61, /*!< HvPostMessage payload over 240 bytes. */
	HVTLFS_ERR_BAD_FLAGS = -62,	  /*!< Flags the call does not allow. */
	HVTLFS_ERR_FALLBACK = -63,	  /*!< No hypercall applies: the caller must fall back. */
	HVTLFS_ERR_EMPTY_VP_MASK = -64, /*!< Legacy processor mask 0 (no ALL_PROCESSORS): no VP. */
	HVTLFS_ERR_MAPPING_SIZE = -65,	/*!< Flush mapping size not 4 KiB, 2 MiB or 1 GiB. */

	/* Bring-up. */
	HVTLFS_ERR_NOT_HYPERV = -80,	   /*!< No hypervisor, or not the "Hv#1" interface. */
	HVTLFS_ERR_LEAF_UNAVAILABLE = -81, /*!< CPUID leaf beyond the reported maximum. */
	HVTLFS_ERR_MSR_LOCKED = -82,	   /*!< Hypercall MSR locked to another page. */
	HVTLFS_ERR_READBACK = -83,	   /*!< MSR read-back differs from what was written. */
	HVTLFS_ERR_ADDRESS_WIDTH = -84,	   /*!< Address beyond the physical-address width. */
	HVTLFS_ERR_OS_ID_ZERO = -85,	   /*!< Guest OS ID would be zero. */
	HVTLFS_ERR_NO_PRIVILEGE = -86,	   /*!< The partition lacks the privilege for this MSR. */

	/* Nested virtualization. */
	HVTLFS_ERR_EVMCS_VERSION = -100,  /*!< Enlightened VMCS version not known to the library. */
	HVTLFS_ERR_EVMCS_NO_FIELD = -101, /*!< VMCS encoding or offset names no eVMCS v1 field. */
	HVTLFS_ERR_EVMCS_READ_ONLY = -102 /*!< eVMCS field is read-only (VM-exit information). */
};

/*!
 * @brief Names an error code.
 * @param err a value of enum hvtlfs_error (or any int).
 * @return a static string such as "HVTLFS_ERR_VP_RANGE", or "HVTLFS_ERR_?" for
 *         a value that is no library error code; never NULL.
 */
const char *hvtlfs_strerror(int err);

/*! @} */

HVTLFS_END_DECLS

#endif /* HVTLFS_ERROR_H */
