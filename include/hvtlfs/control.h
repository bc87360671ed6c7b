/* SPDX-License-Identifier: BSD-2-Clause */
/*!
 * @file control.h
 * @brief The hypercall input value ("control word") and the hypercall result value.
 */
#ifndef HVTLFS_CONTROL_H
#define HVTLFS_CONTROL_H

#include "hvtlfs/env.h"
#include "hvtlfs/error.h"

HVTLFS_BEGIN_DECLS

/*!
 * @defgroup control Control and result words
 * @brief Field masks, a builder that never truncates, accessors, and a validator.
 *
 * Layout of the 64-bit hypercall input value (TLFS "Hypercall Inputs"):
 * bits 0-15 call code, 16 fast, 17-26 variable header size (8-byte units),
 * 27-30 reserved, 31 nested, 32-43 rep count, 44-47 reserved, 48-59 rep start
 * index, 60-63 reserved.
 * @{
 */

/*! @name Control word fields
 * @{ */
#define HVTLFS_CONTROL_CODE_SHIFT   0u				   /*!< Call code shift. */
#define HVTLFS_CONTROL_CODE_MASK    HVTLFS_U64(0x000000000000FFFF) /*!< Call code, bits 0-15. */
#define HVTLFS_CONTROL_FAST_SHIFT   16u				   /*!< Fast bit shift. */
#define HVTLFS_CONTROL_FAST	    HVTLFS_BIT64(16) /*!< Fast: parameters in registers. */
#define HVTLFS_CONTROL_VARHDR_SHIFT 17u		     /*!< Variable header size shift. */
#define HVTLFS_CONTROL_VARHDR_MASK                                                                 \
	HVTLFS_U64(0x0000000007FE0000)	  /*!< Variable header size, bits 17-26. */
#define HVTLFS_CONTROL_VARHDR_MAX   1023u /*!< Largest variable header size (8-byte units). */
#define HVTLFS_CONTROL_NESTED_SHIFT 31u	  /*!< Nested bit shift. */
/*! Nested bit: a call from the root partition of a Microsoft hypervisor that itself
 *  runs nested, sent past it to the L0 hypervisor. The TLFS interface page has bits
 *  27-31 RsvdZ: a hypervisor that does not know the bit refuses the call. */
#define HVTLFS_CONTROL_NESTED	       HVTLFS_BIT64(31)
#define HVTLFS_CONTROL_REP_COUNT_SHIFT 32u			      /*!< Rep count shift. */
#define HVTLFS_CONTROL_REP_COUNT_MASK  HVTLFS_U64(0x00000FFF00000000) /*!< Rep count, bits 32-43. */
#define HVTLFS_CONTROL_REP_START_SHIFT 48u			      /*!< Rep start index shift. */
#define HVTLFS_CONTROL_REP_START_MASK                                                              \
	HVTLFS_U64(0x0FFF000000000000) /*!< Rep start index, bits 48-59. */
#define HVTLFS_CONTROL_REP_MAX 4095u   /*!< Largest rep count or rep start (12 bits). */
/*! Reserved bits 27-30, 44-47 and 60-63: must be zero. */
#define HVTLFS_CONTROL_RESERVED_MASK HVTLFS_U64(0xF000F00078000000)
/*! @} */

/*! @name Result word fields
 * @{ */
#define HVTLFS_RESULT_STATUS_MASK	   HVTLFS_U64(0x000000000000FFFF) /*!< HV_STATUS, bits 0-15. */
#define HVTLFS_RESULT_REPS_COMPLETED_SHIFT 32u /*!< Reps completed shift. */
#define HVTLFS_RESULT_REPS_COMPLETED_MASK                                                          \
	HVTLFS_U64(0x00000FFF00000000) /*!< Reps completed, bits 32-43. */
/*! Reserved bits 16-31 and 44-63 of the result. */
#define HVTLFS_RESULT_RESERVED_MASK HVTLFS_U64(0xFFFFF000FFFF0000)
/*! @} */

/*! @name Builder options (the @p opts argument of hvtlfs_control_encode())
 * @{ */
#define HVTLFS_CTL_FAST 1u /*!< Set the fast bit. */
#define HVTLFS_CTL_NESTED                                                                          \
	2u /*!< Set the nested bit (#HVTLFS_CONTROL_NESTED: to L0 past a nested root's hypervisor). */
/*! @} */

/*!
 * @brief A 64-bit word as the two 32-bit halves i386 passes it in (EDX:EAX for
 *        the control and result words).
 */
struct hvtlfs_halves {
	uint32_t lo; /*!< Bits 0-31 (EAX on i386). */
	uint32_t hi; /*!< Bits 32-63 (EDX on i386). */
};
HVTLFS_ASSERT_SIZE(struct hvtlfs_halves, 8);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_halves, hi, 4);

/*!
 * @brief The control word as a value, as the two 32-bit halves i386 passes in
 *        EDX:EAX, and as a bit-field view for debuggers.
 *
 * Encode and decode with the masks and functions of this module; the bit-field
 * view is for reading only (bit-field layout is the compiler's choice; a test
 * proves it agrees with the masks on x86_64 and i386).
 */
union hvtlfs_control {
	uint64_t value;		   /*!< The 64-bit input value. */
	struct hvtlfs_halves half; /*!< Low and high halves (i386: EAX and EDX). */
	/*! Bit-field view (little-endian x86). */
	struct {
		unsigned int code : 16;		/*!< Call code. */
		unsigned int fast : 1;		/*!< Fast bit. */
		unsigned int var_hdr_size : 10; /*!< Variable header size, 8-byte units. */
		unsigned int rsvd0 : 4;		/*!< Reserved, zero. */
		unsigned int nested : 1;	/*!< Nested bit. */
		unsigned int rep_count : 12;	/*!< Rep count. */
		unsigned int rsvd1 : 4;		/*!< Reserved, zero. */
		unsigned int rep_start : 12;	/*!< Rep start index. */
		unsigned int rsvd2 : 4;		/*!< Reserved, zero. */
	} bits;
};
HVTLFS_ASSERT_SIZE(union hvtlfs_control, 8);
HVTLFS_ASSERT_OFFSET(union hvtlfs_control, value, 0);
HVTLFS_ASSERT_OFFSET(union hvtlfs_control, half.lo, 0);
HVTLFS_ASSERT_OFFSET(union hvtlfs_control, half.hi, 4);

/*!
 * @brief The result word as a value, as two halves, and as a bit-field view.
 */
union hvtlfs_result {
	uint64_t value;		   /*!< The 64-bit result value. */
	struct hvtlfs_halves half; /*!< Low and high halves (i386: EAX and EDX). */
	/*! Bit-field view (little-endian x86). */
	struct {
		unsigned int status : 16;	  /*!< HV_STATUS. */
		unsigned int rsvd0 : 16;	  /*!< Reserved. */
		unsigned int reps_completed : 12; /*!< Reps completed (absolute). */
		unsigned int rsvd1 : 20;	  /*!< Reserved. */
	} bits;
};
HVTLFS_ASSERT_SIZE(union hvtlfs_result, 8);
HVTLFS_ASSERT_OFFSET(union hvtlfs_result, value, 0);
HVTLFS_ASSERT_OFFSET(union hvtlfs_result, half.lo, 0);
HVTLFS_ASSERT_OFFSET(union hvtlfs_result, half.hi, 4);

/*!
 * @brief What a builder produced: the control word and the input it wrote (every
 *        builder of every call family fills one).
 */
struct hvtlfs_prepared {
	uint64_t control;    /*!< Exact control word (rep start 0). */
	uint32_t input_size; /*!< Bytes of input written (fixed + variable header + reps). */
	uint32_t rep_count;  /*!< Rep count (0 for a simple call). */
};
HVTLFS_ASSERT_SIZE(struct hvtlfs_prepared, 16);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_prepared, control, 0);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_prepared, input_size, 8);
HVTLFS_ASSERT_OFFSET(struct hvtlfs_prepared, rep_count, 12);

/*!
 * @brief Builds a control word, refusing any value that would not fit its field.
 * @param[out] out receives the control word; untouched on error.
 * @param code call code (HVTLFS_CALL_*).
 * @param opts 0 or an OR of #HVTLFS_CTL_FAST and #HVTLFS_CTL_NESTED.
 * @param var_hdr_size variable header size in 8-byte units (0-1023).
 * @param rep_count rep count (0-4095; 0 for a simple call).
 * @param rep_start rep start index (0-4095; below @p rep_count on a rep call,
 *        0 on a simple call).
 * @return #HVTLFS_OK; #HVTLFS_ERR_NULL if @p out is NULL;
 *         #HVTLFS_ERR_INVALID_ARG for an unknown bit in @p opts;
 *         #HVTLFS_ERR_VARHDR_RANGE; #HVTLFS_ERR_REP_COUNT_RANGE;
 *         #HVTLFS_ERR_REP_START_RANGE; #HVTLFS_ERR_REP_START_NOT_BELOW when
 *         rep_count > 0 and rep_start >= rep_count;
 *         #HVTLFS_ERR_REP_ON_SIMPLE when rep_count is 0 and rep_start is not.
 */
HVTLFS_MUST_CHECK int hvtlfs_control_encode(uint64_t *out, uint16_t code, unsigned int opts,
					    uint32_t var_hdr_size, uint32_t rep_count,
					    uint32_t rep_start);

/*!
 * @brief Validates the generic rules of a control word, without the catalog.
 *
 * Checks reserved bits, then the rep fields: rep start must be below rep count
 * when rep count is non-zero, and zero when rep count is zero.
 * @param control the control word.
 * @return #HVTLFS_OK, #HVTLFS_ERR_RESERVED_BITS,
 *         #HVTLFS_ERR_REP_START_NOT_BELOW or #HVTLFS_ERR_REP_ON_SIMPLE.
 */
int hvtlfs_control_check(uint64_t control);

/*! @cond HVTLFS_INTERNAL */
/* Public only because the inline rep wrapper needs it. The TLFS rule on the rep
 * fields ("Hypercall Inputs"): a rep call has rep count >= 1 and rep start below it;
 * a simple call has both zero. Its one implementation: hvtlfs_control_check(),
 * hvtlfs_call_check() and the rep wrappers all call it. */
HVTLFS_ALWAYS_INLINE int hvtlfs_control_rep_rule_(uint64_t control, bool rep_call)
{
	uint32_t count = (uint32_t)((control & HVTLFS_CONTROL_REP_COUNT_MASK) >>
				    HVTLFS_CONTROL_REP_COUNT_SHIFT);
	uint32_t start = (uint32_t)((control & HVTLFS_CONTROL_REP_START_MASK) >>
				    HVTLFS_CONTROL_REP_START_SHIFT);

	if (!rep_call)
		return count != 0 || start != 0 ? HVTLFS_ERR_REP_ON_SIMPLE : HVTLFS_OK;
	if (count == 0)
		return HVTLFS_ERR_REP_COUNT_ZERO;
	if (start >= count)
		return HVTLFS_ERR_REP_START_NOT_BELOW;
	return HVTLFS_OK;
}
/*! @endcond */

/*!
 * @brief Call code of a control word.
 * @param control the control word.
 * @return bits 0-15.
 */
HVTLFS_INLINE uint16_t hvtlfs_control_code(uint64_t control)
{
	return (uint16_t)(control & HVTLFS_CONTROL_CODE_MASK);
}

/*!
 * @brief Whether the fast bit is set.
 * @param control the control word.
 * @return true for a fast (register) call.
 */
HVTLFS_INLINE bool hvtlfs_control_is_fast(uint64_t control)
{
	return (control & HVTLFS_CONTROL_FAST) != 0;
}

/*!
 * @brief Whether the nested bit is set.
 * @param control the control word.
 * @return true when the call is meant for the L0 hypervisor.
 */
HVTLFS_INLINE bool hvtlfs_control_is_nested(uint64_t control)
{
	return (control & HVTLFS_CONTROL_NESTED) != 0;
}

/*!
 * @brief Variable header size.
 * @param control the control word.
 * @return bits 17-26, in 8-byte units.
 */
HVTLFS_INLINE uint32_t hvtlfs_control_var_hdr_size(uint64_t control)
{
	return (uint32_t)((control & HVTLFS_CONTROL_VARHDR_MASK) >> HVTLFS_CONTROL_VARHDR_SHIFT);
}

/*!
 * @brief Rep count.
 * @param control the control word.
 * @return bits 32-43.
 */
HVTLFS_INLINE uint32_t hvtlfs_control_rep_count(uint64_t control)
{
	return (uint32_t)((control & HVTLFS_CONTROL_REP_COUNT_MASK) >>
			  HVTLFS_CONTROL_REP_COUNT_SHIFT);
}

/*!
 * @brief Rep start index.
 * @param control the control word.
 * @return bits 48-59.
 */
HVTLFS_INLINE uint32_t hvtlfs_control_rep_start(uint64_t control)
{
	return (uint32_t)((control & HVTLFS_CONTROL_REP_START_MASK) >>
			  HVTLFS_CONTROL_REP_START_SHIFT);
}

/*!
 * @brief Replaces the rep start index (for continuation), leaving every other
 *        field, rep count included, untouched.
 * @param control the control word.
 * @param rep_start new rep start; only its low 12 bits can be represented, so
 *        callers pass a value already checked to be below the rep count.
 * @return the updated control word.
 */
HVTLFS_INLINE uint64_t hvtlfs_control_with_rep_start(uint64_t control, uint32_t rep_start)
{
	return (control & ~HVTLFS_CONTROL_REP_START_MASK) |
	       (((uint64_t)rep_start << HVTLFS_CONTROL_REP_START_SHIFT) &
		HVTLFS_CONTROL_REP_START_MASK);
}

/*!
 * @brief Status of a result word.
 * @param result the hypercall result value.
 * @return HV_STATUS, bits 0-15 (HVTLFS_STATUS_*).
 */
HVTLFS_INLINE uint16_t hvtlfs_result_status(uint64_t result)
{
	return (uint16_t)(result & HVTLFS_RESULT_STATUS_MASK);
}

/*!
 * @brief Reps completed of a result word (absolute, not relative to rep start).
 * @param result the hypercall result value.
 * @return bits 32-43.
 */
HVTLFS_INLINE uint32_t hvtlfs_result_reps_completed(uint64_t result)
{
	return (uint32_t)((result & HVTLFS_RESULT_REPS_COMPLETED_MASK) >>
			  HVTLFS_RESULT_REPS_COMPLETED_SHIFT);
}

/*!
 * @brief Builds a result word, as a hypervisor returns it.
 * @param status HV_STATUS.
 * @param reps_completed reps completed; only the low 12 bits are representable
 *        and a hypervisor never completes more than 4095 reps.
 * @return the result value.
 */
HVTLFS_INLINE uint64_t hvtlfs_result_encode(uint16_t status, uint32_t reps_completed)
{
	return (uint64_t)status |
	       (((uint64_t)reps_completed << HVTLFS_RESULT_REPS_COMPLETED_SHIFT) &
		HVTLFS_RESULT_REPS_COMPLETED_MASK);
}

/*! @} */

HVTLFS_END_DECLS

#endif /* HVTLFS_CONTROL_H */
