/* SPDX-License-Identifier: BSD-2-Clause */
/* Prelude of docs/flush.md: what its snippets take from the prose around them. */
#include "hvtlfs/flush.h"
#include "hvtlfs/hypercall.h"
#include "hvtlfs/issue.h"

/* Typed inputs: an IPI and an event. */
extern uint64_t ipi_regs[2], mask, result;
extern uint32_t vector, connection_id;
extern uint16_t flag;

/* The planner: a kernel's "flush these pages on these CPUs". */
#define VP_WORDS 64u
extern const uint64_t vp_bitmap[VP_WORDS];
extern uint64_t start, end, cr3, this_cpu_input_page_gpa;
extern uint32_t stride;
extern struct hvtlfs_features features;
extern void *this_cpu_input_page;
void native_flush_by_ipis(void);

/* The IPI and guest-physical planners. */
extern struct hvtlfs_input_page page;
extern uint32_t this_vp;
extern uint64_t ept_pointer, gpa_first_page, gpa_pages;
void apic_send_ipi(void);
void flush_everything_by_invept(void);
