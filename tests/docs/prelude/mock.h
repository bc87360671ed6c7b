/* SPDX-License-Identifier: BSD-2-Clause */
/* Prelude of docs/mock.md: what its snippets take from the prose around them. */
#include "hvtlfs/hypercall.h"
#include "hvtlfs/mock.h"
#include "hvtlfs/vp.h"
