/* SPDX-License-Identifier: BSD-2-Clause */
/*!
 * @file vp.h
 * @brief Guest side: reading and writing VP registers (HvCallGetVpRegisters,
 *        HvCallSetVpRegisters) and switching VTLs (VTL call, VTL return) through
 *        the hypercall wrappers.
 *
 * Inline, like hypercall.h: compiled with the caller's hypercall method, page and
 * hooks. The inputs are built by registers.h; nothing here knows a register of the
 * processor: the arch folder's primitives make the calls.
 */
#ifndef HVTLFS_VP_H
#define HVTLFS_VP_H

#include "hvtlfs/env.h"
#include "hvtlfs/error.h"
#include "hvtlfs/tlfs.h"
#include "hvtlfs/control.h"
#include "hvtlfs/catalog.h"
#include "hvtlfs/hypercall.h"
#include "hvtlfs/registers.h"
#include "hvtlfs/vtl.h"

HVTLFS_BEGIN_DECLS

/*!
 * @defgroup vp VP register and VTL wrappers
 * @brief Get and set one register or many, slow or fast; VTL call and return.
 *
 * The slow forms take the caller's input and output pages (struct hvtlfs_vp_pages):
 * the input is built at the input page, the hypervisor writes the values at the
 * output page. Batches larger than a page holds are split into as many calls as they
 * need, each a rep call continued as hvtlfs_hypercall_rep() continues it (the
 * hypervisor's reps completed never trusted). The fast forms need no memory: on
 * x86_64 the XMM fast input (CPUID 0x40000003 EDX bit 4) and, for a Get, the XMM
 * fast output (EDX bit 15) carry input and value; an arch without XMM registers
 * offers them when it defines #HVTLFS_VP_HAS_FAST.
 * @{
 */

/*! @brief The memory a slow VP-register call uses: an input page and (Get) an output
 *         page, each as the caller sees it and as the hypervisor does (its GPA). */
struct hvtlfs_vp_pages {
	void *input;	     /*!< Input area (8-byte aligned), up to the end of its page. */
	uint64_t input_gpa;  /*!< Its GPA (8-byte aligned). */
	void *output;	     /*!< Output area (Get), up to the end of its page; NULL for Set. */
	uint64_t output_gpa; /*!< Its GPA (Get); ignored by Set, which passes 0. */
};

/*! @cond HVTLFS_INTERNAL */
/* Public only because the inline wrappers below need them. Bytes from @gpa to the end
 * of its page. */
HVTLFS_ALWAYS_INLINE size_t hvtlfs_vp_page_left_(uint64_t gpa)
{
	return (size_t)(HVTLFS_PAGE_SIZE - (gpa & (HVTLFS_PAGE_SIZE - 1u)));
}

/* One slow Get or Set of @n registers from @first, the input built and checked, the
 * call made and continued, the values (Get) parsed. */
HVTLFS_MUST_CHECK HVTLFS_ALWAYS_INLINE int
hvtlfs_vp_registers_once_(const struct hvtlfs_register_target *target, const uint32_t *names,
			  struct hvtlfs_register_value *get_values,
			  const struct hvtlfs_register_value *set_values, uint32_t n,
			  const struct hvtlfs_vp_pages *pages, uint64_t *result)
{
	struct hvtlfs_prepared p;
	const uint64_t out_gpa = get_values ? pages->output_gpa : 0;
	const uint64_t out_size =
		get_values ? (uint64_t)sizeof(struct hvtlfs_register_value) * n : 0;
	int rc;

	if (get_values)
		rc = hvtlfs_get_vp_registers_build(pages->input,
						   hvtlfs_vp_page_left_(pages->input_gpa), target,
						   names, n, 0, &p);
	else
		rc = hvtlfs_set_vp_registers_build(pages->input,
						   hvtlfs_vp_page_left_(pages->input_gpa), target,
						   names, set_values, n, 0, &p);
	if (rc != HVTLFS_OK)
		return rc;
	rc = hvtlfs_call_check_gpas(p.control, pages->input_gpa, p.input_size, out_gpa, out_size);
	if (rc != HVTLFS_OK)
		return rc;
	rc = hvtlfs_hypercall_run_(p.control, pages->input_gpa, out_gpa, NULL, 0, result);
	if (rc != HVTLFS_OK || !get_values)
		return rc;
	return hvtlfs_get_vp_registers_parse(pages->output, (size_t)out_size, n, get_values);
}

/* Get (@get_values) or Set (@set_values) of @count registers, page by page. */
HVTLFS_MUST_CHECK HVTLFS_ALWAYS_INLINE int
hvtlfs_vp_registers_run_(const struct hvtlfs_register_target *target, const uint32_t *names,
			 struct hvtlfs_register_value *get_values,
			 const struct hvtlfs_register_value *set_values, size_t count,
			 const struct hvtlfs_vp_pages *pages, uint64_t *result)
{
	size_t done = 0, per_call;
	int rc;

	if (!target || !names || !pages || !pages->input || (get_values && !pages->output))
		return HVTLFS_ERR_NULL;
	if (count == 0)
		return HVTLFS_ERR_REP_COUNT_ZERO;
	if (get_values) {
		/* The values fill the output page before the names fill the input page. */
		per_call = hvtlfs_vp_page_left_(pages->output_gpa) /
			   sizeof(struct hvtlfs_register_value);
		if ((hvtlfs_vp_page_left_(pages->input_gpa) -
		     sizeof(struct hvtlfs_registers_input)) /
			    sizeof(uint32_t) <
		    per_call)
			per_call = (hvtlfs_vp_page_left_(pages->input_gpa) -
				    sizeof(struct hvtlfs_registers_input)) /
				   sizeof(uint32_t);
	} else {
		per_call = (hvtlfs_vp_page_left_(pages->input_gpa) -
			    sizeof(struct hvtlfs_registers_input)) /
			   sizeof(struct hvtlfs_register_assoc);
	}
	if (per_call == 0)
		return HVTLFS_ERR_NO_SPACE;
	while (done < count) {
		uint32_t n = (uint32_t)(count - done < per_call ? count - done : per_call);

		rc = hvtlfs_vp_registers_once_(
			target, names + done, get_values ? get_values + done : NULL,
			set_values ? set_values + done : NULL, n, pages, result);
		if (rc != HVTLFS_OK)
			return rc;
		done += n;
	}
	return HVTLFS_OK;
}
/*! @endcond */

/*!
 * @brief Reads @p count registers of one VP with HvCallGetVpRegisters (slow), as many
 *        calls as the pages need.
 * @param target partition, VP and HV_INPUT_VTL (#HVTLFS_REGISTER_TARGET_SELF).
 * @param names the register names (any: hvtlfs_register_names_check() says which the
 *        catalog knows).
 * @param count how many.
 * @param[out] values receives @p count values (those of calls that succeeded when an
 *        error is returned).
 * @param pages the input and output pages.
 * @param[out] result the last result word (may be NULL).
 * @return #HVTLFS_OK; #HVTLFS_ERR_NULL; #HVTLFS_ERR_REP_COUNT_ZERO;
 *         #HVTLFS_ERR_NO_SPACE (a page with no room for one register); the builder's
 *         refusals (#HVTLFS_ERR_INVALID_ARG, #HVTLFS_ERR_ALIGNMENT); the page rules
 *         of hvtlfs_call_check_gpas(): #HVTLFS_ERR_ALIGNMENT, #HVTLFS_ERR_BUFFERS_OVERLAP
 *         (input and output pages overlapping); #HVTLFS_ERR_NO_HYPERCALL_PAGE; the
 *         hypervisor's answer as hvtlfs_hypercall_rep() reports it
 *         (#HVTLFS_ERR_HV_STATUS: HV_STATUS_UNKNOWN_REGISTER_NAME, ... in @p result).
 */
HVTLFS_MUST_CHECK HVTLFS_INLINE int
hvtlfs_registers_get(const struct hvtlfs_register_target *target, const uint32_t *names,
		     size_t count, struct hvtlfs_register_value *values,
		     const struct hvtlfs_vp_pages *pages, uint64_t *result)
{
	if (!values)
		return HVTLFS_ERR_NULL;
	return hvtlfs_vp_registers_run_(target, names, values, NULL, count, pages, result);
}

/*!
 * @brief Writes @p count registers of one VP with HvCallSetVpRegisters (slow), as many
 *        calls as the input page needs; no output page (the call has no output).
 * @param target partition, VP and HV_INPUT_VTL.
 * @param names the register names.
 * @param values their values.
 * @param count how many.
 * @param pages the input page (the output members are not used).
 * @param[out] result the last result word (may be NULL).
 * @return as hvtlfs_registers_get().
 */
HVTLFS_MUST_CHECK HVTLFS_INLINE int
hvtlfs_registers_set(const struct hvtlfs_register_target *target, const uint32_t *names,
		     const struct hvtlfs_register_value *values, size_t count,
		     const struct hvtlfs_vp_pages *pages, uint64_t *result)
{
	if (!values)
		return HVTLFS_ERR_NULL;
	return hvtlfs_vp_registers_run_(target, names, NULL, values, count, pages, result);
}

/*!
 * @brief Reads one register (slow): hvtlfs_registers_get() of one name.
 * @param target partition, VP and HV_INPUT_VTL.
 * @param name the register name.
 * @param[out] value its value.
 * @param pages the input and output pages.
 * @param[out] result the result word (may be NULL).
 * @return as hvtlfs_registers_get().
 */
HVTLFS_MUST_CHECK HVTLFS_INLINE int hvtlfs_register_get(const struct hvtlfs_register_target *target,
							uint32_t name,
							struct hvtlfs_register_value *value,
							const struct hvtlfs_vp_pages *pages,
							uint64_t *result)
{
	return hvtlfs_registers_get(target, &name, 1, value, pages, result);
}

/*!
 * @brief Writes one register (slow): hvtlfs_registers_set() of one name.
 * @param target partition, VP and HV_INPUT_VTL.
 * @param name the register name.
 * @param value its value.
 * @param pages the input page.
 * @param[out] result the result word (may be NULL).
 * @return as hvtlfs_registers_get().
 */
HVTLFS_MUST_CHECK HVTLFS_INLINE int hvtlfs_register_set(const struct hvtlfs_register_target *target,
							uint32_t name,
							const struct hvtlfs_register_value *value,
							const struct hvtlfs_vp_pages *pages,
							uint64_t *result)
{
	return hvtlfs_registers_set(target, &name, value, 1, pages, result);
}

#if HVTLFS_XMM_ENABLED_ ||                                                                         \
	(defined(HVTLFS_ARCH_HAS_REGS_HYPERCALL) && HVTLFS_ARCH_HAS_REGS_HYPERCALL) ||             \
	defined(HVTLFS_DOXYGEN)
/*!
 * @brief The fast forms hvtlfs_register_get_fast() and hvtlfs_register_set_fast()
 *        exist: on x86_64 through hvtlfs_hypercall_xmm() (XMM fast input and
 *        output, with #HVTLFS_HYPERCALL_XMM on), on arm64 through
 *        hvtlfs_hypercall_regs() (X2-X17, the output in the register pair after the
 *        input, as Linux reads a register from X6/X7).
 */
#define HVTLFS_VP_HAS_FAST 1
#endif

#if defined(HVTLFS_VP_HAS_FAST)
/*! @cond HVTLFS_INTERNAL */
/* One fast call of @in_bytes from the image @in, @out_bytes of output after the input
 * rounded to 16 bytes; judged as a rep call of one rep. */
HVTLFS_MUST_CHECK HVTLFS_ALWAYS_INLINE int hvtlfs_vp_fast_io_(uint64_t control, const void *in,
							      size_t in_bytes, void *out,
							      size_t out_bytes, uint64_t *result)
{
	uint32_t start = 0;
	uint64_t r = 0;
	int rc;

#if HVTLFS_XMM_ENABLED_
	rc = hvtlfs_hypercall_xmm(control, in, in_bytes, out, out_bytes, &r);
#else
	rc = hvtlfs_hypercall_regs(control, in, in_bytes, out, out_bytes, &r);
#endif
	if (result)
		*result = r;
	if (rc != HVTLFS_OK)
		return rc;
	return hvtlfs_rep_progress(r, 1, &start);
}
/*! @endcond */

/*!
 * @brief Reads one register with a fast HvCallGetVpRegisters: 20 bytes of input, the
 *        16-byte value in the register pair after it (XMM fast output on x86_64:
 *        CPUID 0x40000003 EDX bits 4 and 15, else \#UD).
 * @param target partition, VP and HV_INPUT_VTL.
 * @param name the register name.
 * @param[out] value its value (untouched on error).
 * @param[out] result the result word (may be NULL).
 * @return #HVTLFS_OK; #HVTLFS_ERR_NULL; the builder's refusals;
 *         #HVTLFS_ERR_NO_HYPERCALL_PAGE; #HVTLFS_ERR_HV_STATUS and the other answers
 *         of hvtlfs_rep_progress().
 */
HVTLFS_MUST_CHECK HVTLFS_INLINE int
hvtlfs_register_get_fast(const struct hvtlfs_register_target *target, uint32_t name,
			 struct hvtlfs_register_value *value, uint64_t *result)
{
	uint64_t image[HVTLFS_FAST_XMM_BYTES / 8u];
	uint8_t out[sizeof(struct hvtlfs_register_value)];
	struct hvtlfs_prepared p;
	int rc;

	if (!value)
		return HVTLFS_ERR_NULL;
	rc = hvtlfs_get_vp_registers_build(image, sizeof(image), target, &name, 1, HVTLFS_CTL_FAST,
					   &p);
	if (rc != HVTLFS_OK)
		return rc;
	rc = hvtlfs_vp_fast_io_(p.control, image, p.input_size, out, sizeof(out), result);
	if (rc != HVTLFS_OK)
		return rc;
	return hvtlfs_get_vp_registers_parse(out, sizeof(out), 1, value);
}

/*!
 * @brief Writes one register with a fast HvCallSetVpRegisters: 48 bytes of input in
 *        the registers (XMM fast input on x86_64), no memory.
 * @param target partition, VP and HV_INPUT_VTL.
 * @param name the register name.
 * @param value its value.
 * @param[out] result the result word (may be NULL).
 * @return as hvtlfs_register_get_fast().
 */
HVTLFS_MUST_CHECK HVTLFS_INLINE int
hvtlfs_register_set_fast(const struct hvtlfs_register_target *target, uint32_t name,
			 const struct hvtlfs_register_value *value, uint64_t *result)
{
	uint64_t image[HVTLFS_FAST_XMM_BYTES / 8u];
	struct hvtlfs_prepared p;
	int rc;

	if (!value)
		return HVTLFS_ERR_NULL;
	rc = hvtlfs_set_vp_registers_build(image, sizeof(image), target, &name, value, 1,
					   HVTLFS_CTL_FAST, &p);
	if (rc != HVTLFS_OK)
		return rc;
	return hvtlfs_vp_fast_io_(p.control, image, p.input_size, NULL, 0, result);
}
#endif

#if (defined(HVTLFS_ARCH_HAS_VTL_SWITCH) && HVTLFS_ARCH_HAS_VTL_SWITCH) || defined(HVTLFS_DOXYGEN)
/*! @cond HVTLFS_INTERNAL */
/* The sequence at @offset of the hypercall page (#HVTLFS_HYPERCALL_PAGE, whatever the
 * method: only the page has the VTL sequences), called with @input. */
HVTLFS_MUST_CHECK HVTLFS_ALWAYS_INLINE int hvtlfs_vtl_switch_(uint16_t offset, uint64_t input)
{
	void *page = (void *)(HVTLFS_HYPERCALL_PAGE);

	if (!page)
		return HVTLFS_ERR_NO_HYPERCALL_PAGE;
	if (offset >= HVTLFS_PAGE_SIZE)
		return HVTLFS_ERR_INVALID_ARG;
	hvtlfs_arch_vtl_switch((uint8_t *)page + offset, input);
	return HVTLFS_OK;
}
/*! @endcond */

/*!
 * @brief VTL call: enters the next higher enabled VTL through the hypercall page's
 *        VTL call sequence; returns when that VTL makes a VTL return.
 *
 * The TLFS ("VTL Call") answers a refused call (a VTL not enabled, CPL above 0) with
 * \#UD, not a status: there is no result word.
 * @param offsets where the sequences are (hvtlfs_vsm_code_page_offsets_decode() of
 *        HvRegisterVsmCodePageOffsets).
 * @return #HVTLFS_OK once back; #HVTLFS_ERR_NULL; #HVTLFS_ERR_NO_HYPERCALL_PAGE;
 *         #HVTLFS_ERR_INVALID_ARG for an offset outside the page.
 */
HVTLFS_MUST_CHECK HVTLFS_INLINE int
hvtlfs_vtl_call(const struct hvtlfs_vsm_code_page_offsets *offsets)
{
	if (!offsets)
		return HVTLFS_ERR_NULL;
	return hvtlfs_vtl_switch_(offsets->vtl_call, 0);
}

/*!
 * @brief VTL return: back to the next lower VTL through the VTL return sequence;
 *        returns when that VTL makes its next VTL call.
 * @param offsets where the sequences are.
 * @param fast true for a fast return (#HVTLFS_VTL_RETURN_FAST: the lower VTL's RAX
 *        and RCX are not restored from the VP assist page).
 * @return as hvtlfs_vtl_call().
 */
HVTLFS_MUST_CHECK HVTLFS_INLINE int
hvtlfs_vtl_return(const struct hvtlfs_vsm_code_page_offsets *offsets, bool fast)
{
	if (!offsets)
		return HVTLFS_ERR_NULL;
	return hvtlfs_vtl_switch_(offsets->vtl_return, fast ? HVTLFS_VTL_RETURN_FAST : 0);
}
#endif

/*! @} */

HVTLFS_END_DECLS

#endif /* HVTLFS_VP_H */
