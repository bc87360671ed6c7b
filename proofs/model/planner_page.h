/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The input page of the planners' drivers: a description of any contents (filled by
 * hvtlfs_input_page_init() or by hand: any GPA, any mark) whose bytes end exactly at its
 * size. prove_planner_page() fills it for @kind 0: @words words plus @extra bytes (0 to
 * PAGE_SPLIT_WORDS, and 0 or 7, which the driver splits: every write past the size would
 * be past the buffer; six words hold every inline input and a list of several entries); 1: a whole 4 KiB page; 2: any size above it (the library refuses
 * it; the buffer holds more than any inline half writes).
 */
#ifndef HVTLFS_PROVE_PLANNER_PAGE_H
#define HVTLFS_PROVE_PLANNER_PAGE_H

#include "prove.h"
#include "hvtlfs/planner.h"

#define PAGE_SPLIT_WORDS 6u

static uint64_t prove_page_buf[4096u / 8u];

static inline void prove_planner_page(struct hvtlfs_input_page *pg, int kind, size_t words,
				      size_t extra)
{
	prove_unknown(prove_page_buf, sizeof(prove_page_buf));
	pg->gpa = prove_u64();
	if (kind == 0) {
		pg->va = PROVE_TAIL(prove_page_buf, words);
		pg->size = 8u * words + extra;
	} else if (kind == 1) {
		pg->va = prove_page_buf;
		pg->size = 4096u;
	} else {
		pg->va = prove_page_buf;
		pg->size = prove_size(4097u, HVTLFS_SIZE_MAX_PROVE);
	}
	/* The mark hvtlfs_input_page_init() leaves, or any other. */
	pg->checked_ =
		prove_bool() ? hvtlfs_input_page_mark_(pg->va, pg->gpa, pg->size) : prove_u64();
}

#endif /* HVTLFS_PROVE_PLANNER_PAGE_H */
