/* SPDX-License-Identifier: BSD-2-Clause */
/*!
 * @file hvtlfs.h
 * @brief Umbrella header: every public module of hvtlfs (the test-only mock,
 *        hvtlfs/mock.h, is separate).
 *
 * Needs `-Iinclude -Iarch/<arch>/include`. Including a single module header is
 * just as good and compiles less.
 */
#ifndef HVTLFS_HVTLFS_H
#define HVTLFS_HVTLFS_H

#include "hvtlfs/env.h"
#include "hvtlfs/error.h"
#include "hvtlfs/tlfs.h"
#include "hvtlfs/control.h"
#include "hvtlfs/catalog.h"
#include "hvtlfs/arch.h"
#include "hvtlfs/hypercall.h"
#include "hvtlfs/features.h"
#include "hvtlfs/bringup.h"
#include "hvtlfs/vpset.h"
#include "hvtlfs/ranges.h"
#include "hvtlfs/flush.h"
#include "hvtlfs/planner.h"
#include "hvtlfs/issue.h"
#include "hvtlfs/visibility.h"
#include "hvtlfs/interrupt.h"
#include "hvtlfs/extended.h"
#include "hvtlfs/calls.h"
#include "hvtlfs/hvcall.h"
#include "hvtlfs/dispatch.h"
#include "hvtlfs/nested.h"
#include "hvtlfs/registers.h"
#include "hvtlfs/vtl.h"
#include "hvtlfs/vp.h"

#endif /* HVTLFS_HVTLFS_H */
