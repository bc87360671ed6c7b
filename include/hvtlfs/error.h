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

/*!
 * @brief Every library error code: `X(NAME, value)` defines `HVTLFS_<NAME>` of enum
 *        hvtlfs_error, and hvtlfs_strerror() answers "HVTLFS_<NAME>" for it.
 *
 * Codes are grouped by module; values never change once released.
 * @param X the macro applied to each row.
 */
/* clang-format off */
#define HVTLFS_ERROR_LIST(X)                                                                       \
	X(OK, 0) /* Success. */                                                                    \
	/* Generic and control-word errors. */                                                             \
	X(ERR_NULL, -1) /* A required pointer argument was NULL. */                                \
	X(ERR_REP_COUNT_RANGE, -2) /* Rep count is 4096 or more (12-bit field). */                 \
	X(ERR_REP_START_RANGE, -3) /* Rep start index is 4096 or more (12-bit field). */           \
	X(ERR_VARHDR_RANGE, -4) /* Variable header size is 1024 or more 8-byte units. */           \
	X(ERR_RESERVED_BITS, -5) /* A reserved bit is set in a word being validated. */            \
	X(ERR_REP_START_NOT_BELOW, -6) /* Rep call with rep start >= rep count. */                 \
	X(ERR_REP_ON_SIMPLE, -7) /* Rep count or start on a simple (non-rep) call. */              \
	X(ERR_REP_COUNT_ZERO, -8) /* Rep call with rep count 0. */                                 \
	X(ERR_UNKNOWN_CALL, -9) /* Call code not in the hypercall catalog. */                      \
	X(ERR_VARHDR_NOT_ALLOWED, -10) /* Variable header on a call that takes none. */            \
	X(ERR_FAST_NOT_ALLOWED, -11) /* Fast form requested for a slow-only call. */               \
	X(ERR_INVALID_ARG, -12) /* An argument is outside its documented domain. */                \
	X(ERR_NO_SPACE, -13) /* Output buffer too small; the needed size is reported. */           \
	X(ERR_ALIGNMENT, -14) /* Address not 8-byte aligned, or crosses a 4 KiB page. */           \
	/* Hypercall wrappers. */                                                                  \
	X(ERR_NO_HYPERCALL_PAGE, -20) /* Hypercall page pointer is NULL: nothing was called. */    \
	X(ERR_HV_STATUS, -21) /* The hypervisor returned a failure status. */                      \
	X(ERR_REP_STALLED, -22) /* Reps completed did not advance. */                              \
	X(ERR_REP_BACKWARDS, -23) /* Reps completed went below rep start. */                       \
	X(ERR_REP_OVERSHOOT, -24) /* Reps completed exceed the rep count. */                       \
	X(ERR_FAST_TOO_BIG, -25) /* Input (or output) does not fit the fast registers. */          \
	X(ERR_NO_FEATURE, -26) /* The partition lacks a feature this form needs. */                \
	/* Encoders and decoders of sets and ranges. */                                            \
	X(ERR_VP_RANGE, -40) /* VP index beyond what the format can name. */                       \
	X(ERR_NEEDS_EX, -41) /* A VP is 64 or above: the legacy mask cannot name it. */            \
	X(ERR_RANGES_DONT_FIT, -42) /* Range list exceeds the capacity: flush everything. */       \
	X(ERR_EMPTY_RANGE, -43) /* A range of zero bytes or zero pages. */                         \
	X(ERR_RANGE_WRAP, -44) /* A range runs past the top of the address space. */               \
	X(ERR_BAD_FORMAT, -45) /* Unknown generic-set format. */                                   \
	X(ERR_TRUNCATED, -46) /* Input shorter than its own header or counts claim. */             \
	X(ERR_BANK_MISMATCH, -47) /* Bank words and valid_bank_mask disagree. */                   \
	X(ERR_VP_OUTSIDE_BITMAP, -48) /* Set holds VPs beyond the caller's bitmap. */              \
	X(ERR_RANGE_MISALIGNED, -55) /* Large-page entry not aligned to its size. */               \
	/* Hypercall inputs, planner and request decoding. */                                      \
	X(ERR_VECTOR_RANGE, -60) /* IPI vector outside 0x10-0xFF. */                               \
	X(ERR_PAYLOAD_TOO_BIG, -61) /* HvPostMessage payload over 240 bytes. */                    \
	X(ERR_BAD_FLAGS, -62) /* Flags the call does not allow. */                                 \
	X(ERR_FALLBACK, -63) /* No hypercall applies: the caller must fall back. */                \
	/* No target VP: a legacy processor mask 0 (a flush without ALL_PROCESSORS, an IPI), */    \
	/* or an HvCallRetargetDeviceInterrupt whose mask or HV_VP_SET names no VP. */              \
	X(ERR_EMPTY_VP_MASK, -64)                                                                  \
	X(ERR_MAPPING_SIZE, -65) /* Flush mapping size not 4 KiB, 2 MiB or 1 GiB. */               \
	X(ERR_XMM_DISABLED, -66) /* An XMM fast form where HVTLFS_HYPERCALL_XMM is 0. */          \
	X(ERR_PAGE_MISMATCH, -67) /* Input page's VA and GPA differ within their 4 KiB page. */    \
	X(ERR_NO_VP_COUNT, -68) /* "All but self" of every VP without the partition's VP count. */ \
	/* Bring-up. */                                                                            \
	X(ERR_NOT_HYPERV, -80) /* No hypervisor, or not the "Hv#1" interface. */                   \
	X(ERR_LEAF_UNAVAILABLE, -81) /* CPUID leaf beyond the reported maximum. */                 \
	X(ERR_MSR_LOCKED, -82) /* Hypercall MSR locked to another page. */                         \
	X(ERR_READBACK, -83) /* MSR read-back differs from what was written. */                    \
	X(ERR_ADDRESS_WIDTH, -84) /* Address beyond the physical-address width. */                 \
	X(ERR_OS_ID_ZERO, -85) /* Guest OS ID would be zero. */                                    \
	X(ERR_NO_PRIVILEGE, -86) /* The partition lacks the privilege for this MSR or call. */     \
	/* Nested virtualization. */                                                               \
	X(ERR_EVMCS_VERSION, -100) /* Enlightened VMCS version not known to the library. */        \
	X(ERR_EVMCS_NO_FIELD, -101) /* VMCS encoding or offset names no eVMCS v1 field. */         \
	X(ERR_EVMCS_READ_ONLY, -102) /* eVMCS field is read-only (VM-exit information). */         \
	/* VP registers, VTLs and AP start-up. */                                                  \
	X(ERR_UNKNOWN_REGISTER, -112) /* A register name the register catalog does not know. */    \
	X(ERR_REGISTER_READ_ONLY, -113) /* A write to a read-only register. */                     \
	X(ERR_REGISTER_WIDTH, -114) /* A register value with bits above the register's width. */   \
	X(ERR_VTL_RANGE, -115) /* A VTL above 15. */                                               \
	/* Host visibility, device interrupts, extended calls; the input and output GPAs. */       \
	X(ERR_UNEXPECTED_OUTPUT, -130) /* An output GPA or buffer for a call with no output. */    \
	X(ERR_BUFFERS_OVERLAP, -131) /* The input and output parameter lists overlap. */           \
	X(ERR_TOO_MANY_ELEMENTS, -132) /* More rep elements than one input page holds. */          \
	X(ERR_BAD_VISIBILITY, -133) /* Host visibility not 0, 1 or 3 (2 is undefined). */          \
	X(ERR_TOO_MANY_BANKS, -134) /* A variable header with more than 64 bank words. */          \
	/* arm64. */                                                                               \
	X(ERR_ARCH_NO_MSR, -150) /* No MSRs on this architecture (arm64: synthetic registers). */  \
	X(ERR_SMCCC_UNSUPPORTED, -151) /* SMCCC vendor-hypervisor Call UID not supported. */      \
	X(ERR_REGISTER_SHORT, -152) /* A register call completed fewer reps than asked. */        \
	/* Register-level dispatcher. */                                                           \
	X(ERR_GUEST_READ, -160) /* The guest-memory accessor failed to read. */                    \
	X(ERR_GUEST_WRITE, -161) /* The guest-memory accessor failed to write. */                  \
	X(ERR_HANDLER_REPS, -162) /* A handler's reps lie outside its reps, or it yielded none. */ \
	X(ERR_NOT_PERMITTED, -163) /* The partition lacks the privilege for the call. */           \
	X(ERR_NO_HANDLER, -164) /* No handler implements the call. */                              \
	X(ERR_NO_FAST_OUTPUT, -165) /* Fast output on an ABI that has none. */                    \
	X(ERR_NOT_HYPERCALL, -166) /* arm64: an SMCCC call that is not the Hyper-V hypercall. */
/* clang-format on */

/*! @brief One row of #HVTLFS_ERROR_LIST as its enum hvtlfs_error enumerator. */
#define HVTLFS_ERROR_ENUM_(name, value) HVTLFS_##name = value, /*!< A row of #HVTLFS_ERROR_LIST. */

/*! @brief Library error codes: every row of #HVTLFS_ERROR_LIST. */
enum hvtlfs_error {
	HVTLFS_ERROR_LIST(HVTLFS_ERROR_ENUM_)
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
