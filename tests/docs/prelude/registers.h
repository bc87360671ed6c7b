/* SPDX-License-Identifier: BSD-2-Clause */
/* Prelude of docs/registers.md: what its snippets take from the prose around them. */
#include "hvtlfs/bringup.h"
#include "hvtlfs/vp.h"

/* The caller's input and output pages, as it sees them and as the hypervisor does. */
extern void *in_page, *out_page;
extern uint64_t in_gpa, out_gpa;
