/* SPDX-License-Identifier: BSD-2-Clause */
/* Prelude of docs/bringup.md: what its snippets take from the prose around them. */
#include "hvtlfs/bringup.h"
#include "hvtlfs/vp.h"

void panic(const char *why); /* the kernel's own */

/* Step 1 leaves these for the later steps. */
extern struct hvtlfs_features f;
extern int rc;

/* Step 2: the MSR access, and what the kernel knows about its memory. */
extern const struct hvtlfs_msr_ops msr;
extern uint64_t hypercall_page_gpa, assist_gpa;
extern uint32_t phys_addr_bits;

/* Step 4: AP start-up and VTLs: the input and output pages, the AP's entry. */
extern struct hvtlfs_vp_pages pages;
extern uint64_t ap_entry, ap_stack, kernel_cr3;
