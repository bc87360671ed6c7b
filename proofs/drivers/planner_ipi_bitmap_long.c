/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * hvtlfs_ipi_plan_build() for VP bitmaps of any value of every length 5 to 66 words, the
 * second phase of planner_ipi_bitmap (whose header says what is varied and why the
 * bounds are enough): 11 banks fill the registers after the Ex header, 12 do not; the
 * 64th bank and past it (a VP at 4096 or above). Every other input as there: any
 * vector, VP count, flags, features (the XMM hint split), sender; the page NULL or whole.
 * bitmap_banks() at slevel 50 (200 in the first phase): 0 alarms on the three machines,
 * a sixth less processor time; every word of these lengths is one step of its loop.
 *
 * prove-sources: planner.c vpset.c features.c
 * prove-options: -eva-precision 0 -eva-split-limit 1000
 * prove-slevel: ipi_plan:400 hvtlfs_ipi_plan_build_:50 hvtlfs_ipi_plan_resume_:50
 * prove-slevel: hvtlfs_ipi_plan_build:50 hvtlfs_ipi_plan_one_:50
 * prove-slevel: page_check:50 page_words:50 bitmap_banks:50
 * prove-cost: 15
 */
#define IPI_BITMAP_PHASE 1
#include "planner_ipi_bitmap.c"
