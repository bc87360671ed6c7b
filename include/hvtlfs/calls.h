/* SPDX-License-Identifier: BSD-2-Clause */
/*!
 * @file calls.h
 * @brief Guest side: issues what the builders prepared, held to the TLFS memory rules
 *        first, and the loops that take a list of any length through one input page
 *        (host visibility, heat hints).
 *
 * Like issue.h, the one place where these builders meet the wrappers: include it
 * (after whatever configures them, #HVTLFS_HYPERCALL_METHOD and friends) where the
 * calls are made. Everything is inline and compiles with the caller's method, page and
 * hooks; every rep call goes through the wrappers' one continuation loop.
 */
#ifndef HVTLFS_CALLS_H
#define HVTLFS_CALLS_H

#include "hvtlfs/env.h"
#include "hvtlfs/error.h"
#include "hvtlfs/catalog.h"
#include "hvtlfs/visibility.h"
#include "hvtlfs/extended.h"
#include "hvtlfs/hypercall.h"

HVTLFS_BEGIN_DECLS

/*!
 * @defgroup calls Issuing the typed calls
 * @brief hvtlfs_prepared_issue() for any slow call a builder wrote, and the page loops
 *        of HvCallModifySparseGpaPageHostVisibility and HvExtCallMemoryHeatHint.
 * @{
 */

/*!
 * @brief Issues a slow call a builder prepared: hvtlfs_call_check_gpas() on its input
 *        and output, then the call (a rep call until every rep is done, continuing
 *        from reps completed as hvtlfs_hypercall_rep() does).
 * @param p what the builder produced (the input at @p input_gpa).
 * @param input_gpa GPA of the builder's buffer (0 for a call with no input).
 * @param output_gpa GPA of the output area; 0 for a call without output.
 * @param output_size bytes the output area holds (0 for none).
 * @param[out] result receives the last result word (may be NULL).
 * @return #HVTLFS_OK when the call succeeded; #HVTLFS_ERR_NULL;
 *         #HVTLFS_ERR_INVALID_ARG for a fast control word (use the fast wrappers);
 *         hvtlfs_call_check_gpas()'s errors (#HVTLFS_ERR_UNEXPECTED_OUTPUT,
 *         #HVTLFS_ERR_ALIGNMENT, #HVTLFS_ERR_BUFFERS_OVERLAP): nothing called;
 *         otherwise those of hvtlfs_hypercall_rep() (#HVTLFS_ERR_HV_STATUS for a
 *         failure status, also of a simple call).
 */
HVTLFS_MUST_CHECK HVTLFS_INLINE int hvtlfs_prepared_issue(const struct hvtlfs_prepared *p,
							  uint64_t input_gpa, uint64_t output_gpa,
							  size_t output_size, uint64_t *result)
{
	int rc;

	if (!p)
		return HVTLFS_ERR_NULL;
	if (hvtlfs_control_is_fast(p->control))
		return HVTLFS_ERR_INVALID_ARG;
	rc = hvtlfs_call_check_gpas(p->control, input_gpa, p->input_size, output_gpa, output_size);
	if (rc != HVTLFS_OK)
		return rc;
	return hvtlfs_hypercall_run_(p->control, input_gpa, output_gpa, NULL, 0, result);
}

/*! @cond HVTLFS_INTERNAL */
/* Public only because the inline loops below need them: which builder a page loop
 * runs, and the loop. */
#define HVTLFS_PAGES_VISIBILITY_ 1
#define HVTLFS_PAGES_HEAT_HINT_	 2

/*
 * The elements of one list, through one 4 KiB input page at @page (GPA @page_gpa),
 * one call a page: build (@what names the builder; @arg is the visibility or the heat
 * type), issue, next. *@done counts the elements surely done: every page before the
 * one that failed, plus the failing call's reps completed when the hypervisor reports
 * a failure status (the count the TLFS gives a failing element; KVM reports 0).
 */
HVTLFS_MUST_CHECK HVTLFS_ALWAYS_INLINE int
hvtlfs_pages_issue_(int what, const struct hvtlfs_features *features, void *page, uint64_t page_gpa,
		    uint64_t partition_id, uint32_t arg, const uint64_t *elems, size_t count,
		    unsigned int opts, size_t *done, uint64_t *result)
{
	const size_t per_page = what == HVTLFS_PAGES_VISIBILITY_
					? HVTLFS_VISIBILITY_MAX_PER_PAGE
					: HVTLFS_EXT_HEAT_HINT_MAX_PER_PAGE;
	size_t n = 0;

	if (done)
		*done = 0;
	if (!page || (!elems && count))
		return HVTLFS_ERR_NULL;
	/* A page a call: its GPA must start one (the builders check @page itself). */
	if ((page_gpa & (HVTLFS_PAGE_SIZE - 1u)) != 0)
		return HVTLFS_ERR_ALIGNMENT;
	while (n < count) {
		const size_t batch = count - n < per_page ? count - n : per_page;
		struct hvtlfs_prepared p;
		uint64_t r = 0;
		int rc;

		if (what == HVTLFS_PAGES_VISIBILITY_)
			rc = hvtlfs_visibility_build(page, HVTLFS_PAGE_SIZE, partition_id, arg,
						     elems + n, batch, opts, &p);
		else
			rc = hvtlfs_ext_heat_hint_build(page, HVTLFS_PAGE_SIZE, features, arg,
							elems + n, batch, opts, &p);
		if (rc != HVTLFS_OK)
			return rc;
		rc = hvtlfs_prepared_issue(&p, page_gpa, 0, 0, &r);
		if (result)
			*result = r;
		if (rc != HVTLFS_OK) {
			if (rc == HVTLFS_ERR_HV_STATUS && done)
				*done = n + hvtlfs_result_reps_completed(r);
			return rc;
		}
		n += batch;
		if (done)
			*done = n;
		if (n < count)
			HVTLFS_REP_ITERATION_HOOK();
	}
	return HVTLFS_OK;
}
/*! @endcond */

/*!
 * @brief Changes the host visibility of a list of pages of any length, 510 GPFNs a
 *        call through one input page, as Linux's hv_set_mem_host_visibility() does.
 *
 * Each call continues transparently (TIMEOUT or a partial SUCCESS) until its page is
 * done; #HVTLFS_REP_ITERATION_HOOK also runs between the pages.
 * @param[out] page the 4 KiB input page (8-byte aligned), reused for every call.
 * @param page_gpa its GPA, page-aligned.
 * @param partition_id #HVTLFS_PARTITION_ID_SELF.
 * @param host_visibility #HVTLFS_HOST_VISIBILITY_NONE, _READ_ONLY or _READ_WRITE.
 * @param gpfns the pages' GPFNs.
 * @param count how many (0: nothing is called).
 * @param opts 0 or #HVTLFS_CTL_NESTED.
 * @param[out] done receives the number of GPFNs, from the first, whose visibility surely
 *        changed (may be NULL): @p count on success. On a failure the ones from
 *        there on may or may not have changed: a confidential guest treats them as
 *        unknown (Linux gives up on the whole buffer).
 * @param[out] result receives the last result word (may be NULL).
 * @return #HVTLFS_OK; #HVTLFS_ERR_NULL; #HVTLFS_ERR_ALIGNMENT for a page GPA that is not
 *         page-aligned; hvtlfs_visibility_build()'s errors, found before the call of
 *         their page; hvtlfs_prepared_issue()'s errors.
 */
HVTLFS_MUST_CHECK HVTLFS_INLINE int
hvtlfs_visibility_issue(void *page, uint64_t page_gpa, uint64_t partition_id,
			uint32_t host_visibility, const uint64_t *gpfns, size_t count,
			unsigned int opts, size_t *done, uint64_t *result)
{
	return hvtlfs_pages_issue_(HVTLFS_PAGES_VISIBILITY_, NULL, page, page_gpa, partition_id,
				   host_visibility, gpfns, count, opts, done, result);
}

/*!
 * @brief Sends memory heat hints for a list of encoded HV_GPA_PAGE_RANGE entries of any
 *        length, 511 a call through one input page.
 * @param features the partition's features (EnableExtendedHypercalls is required).
 * @param[out] page the 4 KiB input page (8-byte aligned), reused for every call.
 * @param page_gpa its GPA, page-aligned.
 * @param heat_type #HVTLFS_HEAT_HINT_COLD, _HOT or _COLD_DISCARD.
 * @param ranges the entries (hvtlfs_page_ranges_encode(), #HVTLFS_RANGE_FORMAT_GPA).
 * @param count how many (0: nothing is called).
 * @param opts 0 or #HVTLFS_CTL_NESTED.
 * @param[out] done receives the entries surely hinted (may be NULL), as for
 *        hvtlfs_visibility_issue().
 * @param[out] result receives the last result word (may be NULL).
 * @return #HVTLFS_OK; #HVTLFS_ERR_NULL; #HVTLFS_ERR_ALIGNMENT;
 *         hvtlfs_ext_heat_hint_build()'s errors (#HVTLFS_ERR_NO_PRIVILEGE among them);
 *         hvtlfs_prepared_issue()'s errors.
 */
HVTLFS_MUST_CHECK HVTLFS_INLINE int
hvtlfs_ext_heat_hint_issue(const struct hvtlfs_features *features, void *page, uint64_t page_gpa,
			   uint32_t heat_type, const uint64_t *ranges, size_t count,
			   unsigned int opts, size_t *done, uint64_t *result)
{
	if (!features)
		return HVTLFS_ERR_NULL;
	return hvtlfs_pages_issue_(HVTLFS_PAGES_HEAT_HINT_, features, page, page_gpa, 0, heat_type,
				   ranges, count, opts, done, result);
}

/*! @cond HVTLFS_INTERNAL */
/* Which no-input extended call hvtlfs_ext_output_issue_() builds. */
#define HVTLFS_EXT_OUTPUT_QUERY_       1
#define HVTLFS_EXT_OUTPUT_BOOT_ZEROED_ 2

/*
 * An extended call with no input and an output of @out_size bytes at @out (GPA
 * @out_gpa), what HvExtCallQueryCapabilities and HvExtCallGetBootZeroedMemory share:
 * @out and @ret (where the caller stores what it reads back) not NULL, @out 8-byte
 * aligned, the call built (@what names the builder) and issued.
 */
HVTLFS_MUST_CHECK HVTLFS_ALWAYS_INLINE int
hvtlfs_ext_output_issue_(int what, const struct hvtlfs_features *features, const volatile void *out,
			 const void *ret, uint64_t out_gpa, size_t out_size, uint64_t *result)
{
	struct hvtlfs_prepared p;
	int rc;

	if (!out || !ret)
		return HVTLFS_ERR_NULL;
	if (((uintptr_t)out & (sizeof(uint64_t) - 1u)) != 0)
		return HVTLFS_ERR_ALIGNMENT;
	if (what == HVTLFS_EXT_OUTPUT_QUERY_)
		rc = hvtlfs_ext_query_build(features, 0, &p);
	else
		rc = hvtlfs_ext_boot_zeroed_build(features, 0, &p);
	if (rc != HVTLFS_OK)
		return rc;
	return hvtlfs_prepared_issue(&p, 0, out_gpa, out_size, result);
}
/*! @endcond */

/*!
 * @brief Asks for the extended capabilities (HvExtCallQueryCapabilities), as Linux's
 *        hv_query_ext_cap() does: no input, one u64 written at @p out_gpa.
 * @param features the partition's features (EnableExtendedHypercalls is required).
 * @param out the u64 the hypervisor writes (8-byte aligned; a directly mapped
 *        variable whose GPA is @p out_gpa).
 * @param out_gpa its GPA.
 * @param[out] caps receives the capabilities on success (decode them with
 *        hvtlfs_ext_capabilities_decode()); untouched otherwise (the TLFS: output of a
 *        failed call is indeterminate).
 * @param[out] result receives the result word (may be NULL).
 * @return #HVTLFS_OK; #HVTLFS_ERR_NULL; #HVTLFS_ERR_NO_PRIVILEGE (nothing called);
 *         #HVTLFS_ERR_ALIGNMENT for an @p out or @p out_gpa not 8-byte aligned;
 *         #HVTLFS_ERR_HV_STATUS and the other errors of hvtlfs_prepared_issue().
 */
HVTLFS_MUST_CHECK HVTLFS_INLINE int
hvtlfs_ext_query_capabilities(const struct hvtlfs_features *features, volatile uint64_t *out,
			      uint64_t out_gpa, uint64_t *caps, uint64_t *result)
{
	const int rc = hvtlfs_ext_output_issue_(HVTLFS_EXT_OUTPUT_QUERY_, features, out, caps,
						out_gpa, sizeof(uint64_t), result);

	if (rc != HVTLFS_OK)
		return rc;
	*caps = *out;
	return HVTLFS_OK;
}

/*!
 * @brief Asks for the memory the hypervisor knows is zeroed
 *        (HvExtCallGetBootZeroedMemory): no input, 0xFF8 bytes written at @p out_gpa,
 *        then the range count checked (hvtlfs_ext_boot_zeroed_count()).
 * @param features the partition's features (EnableExtendedHypercalls is required;
 *        check capability bit 0 of HvExtCallQueryCapabilities first).
 * @param out where the hypervisor writes (8-byte aligned, within one page: a page's
 *        first 8 bytes at the most; directly mapped, its GPA is @p out_gpa).
 * @param out_gpa its GPA.
 * @param[out] count receives the number of ranges at @p out on success; untouched
 *        otherwise (the TLFS: output of a failed call is indeterminate).
 * @param[out] result receives the result word (may be NULL).
 * @return #HVTLFS_OK; #HVTLFS_ERR_NULL; #HVTLFS_ERR_NO_PRIVILEGE (nothing called);
 *         #HVTLFS_ERR_ALIGNMENT for an @p out not 8-byte aligned, or an @p out_gpa not
 *         aligned or crossing a page (nothing called); #HVTLFS_ERR_HV_STATUS and the
 *         other errors of hvtlfs_prepared_issue(); #HVTLFS_ERR_TOO_MANY_ELEMENTS for a
 *         count above #HVTLFS_EXT_BOOT_ZEROED_MAX_RANGES.
 */
HVTLFS_MUST_CHECK HVTLFS_INLINE int
hvtlfs_ext_get_boot_zeroed_memory(const struct hvtlfs_features *features,
				  struct hvtlfs_ext_boot_zeroed_output *out, uint64_t out_gpa,
				  uint32_t *count, uint64_t *result)
{
	const int rc = hvtlfs_ext_output_issue_(HVTLFS_EXT_OUTPUT_BOOT_ZEROED_, features, out,
						count, out_gpa, sizeof(*out), result);

	if (rc != HVTLFS_OK)
		return rc;
	return hvtlfs_ext_boot_zeroed_count(out, sizeof(*out), count);
}

/*! @} */

HVTLFS_END_DECLS

#endif /* HVTLFS_CALLS_H */
