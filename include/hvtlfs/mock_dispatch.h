/* SPDX-License-Identifier: BSD-2-Clause */
/*!
 * @file mock_dispatch.h
 * @brief hvtlfs::mock with the register-level dispatcher as its hypervisor, set up
 *        in one call.
 *
 * mock.h gives the pieces (hvtlfs_mock_dispatch_handler() and the guest-memory
 * accessors); this header bundles a dispatcher, its partition, scratch and outcome,
 * and wires them (hvtlfs_mock_hypervisor_init()). It is a header of its own as it
 * needs dispatch.h, which mock.h, a lower layer, must not include. See docs/mock.md.
 */
#ifndef HVTLFS_MOCK_DISPATCH_H
#define HVTLFS_MOCK_DISPATCH_H

#include "hvtlfs/env.h"
#include "hvtlfs/error.h"
#include "hvtlfs/mock.h"
#include "hvtlfs/dispatch.h"

HVTLFS_BEGIN_DECLS

/*! @addtogroup mock
 * @{ */

/*!
 * @brief A whole mock hypervisor: the dispatcher, its partition, scratch and
 *        outcome, and the mock handler's context, wired together by
 *        hvtlfs_mock_hypervisor_init().
 *
 * A test fills in @ref partition (and may change @ref dispatcher's ctx), then sets
 * hvtlfs_mock_set_handler(hvtlfs_mock_dispatch_handler, &hv->md) or calls
 * hvtlfs_mock_dispatch_handler(call, &hv->md) from a handler of its own. The
 * structure is large (the scratch holds two pages and the decoded elements): give
 * it static storage.
 */
struct hvtlfs_mock_hypervisor {
	struct hvtlfs_dispatch_partition partition; /*!< Privileges, features, options. */
	struct hvtlfs_dispatcher dispatcher;	    /*!< Reads @ref partition. */
	struct hvtlfs_dispatch_scratch scratch;	    /*!< The dispatcher's working memory. */
	struct hvtlfs_dispatch_outcome outcome;	    /*!< The last call's outcome. */
	struct hvtlfs_mock_dispatch md;		    /*!< hvtlfs_mock_dispatch_handler()'s ctx. */
};

/*!
 * @brief Sets up a mock hypervisor: everything zero (a partition with no privilege,
 *        feature or option), then the dispatcher reading @p hv's partition and the
 *        guest's memory through hvtlfs_mock_guest_read()/hvtlfs_mock_guest_write(),
 *        serving @p handlers, and @p hv's md naming the dispatcher, scratch and
 *        outcome.
 * @param hv the hypervisor to set up.
 * @param handlers the calls it implements (kept, not copied); NULL only with
 *        @p nhandlers 0.
 * @param nhandlers entries at @p handlers.
 * @return HVTLFS_OK, HVTLFS_ERR_NULL (@p hv NULL, or @p handlers NULL with entries;
 *         nothing written).
 */
int hvtlfs_mock_hypervisor_init(struct hvtlfs_mock_hypervisor *hv,
				const struct hvtlfs_dispatch_handler *handlers, size_t nhandlers);

/*! @} */

HVTLFS_END_DECLS

#endif /* HVTLFS_MOCK_DISPATCH_H */
