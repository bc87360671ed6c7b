/* SPDX-License-Identifier: BSD-2-Clause */
/* Prelude of docs/vpset.md: what its snippets take from the prose around them. */
#include "hvtlfs/control.h"
#include "hvtlfs/vpset.h"

/* Guest side: the per-CPU input page and the target CPUs' VP bitmap. */
extern uint64_t input_page[512];
extern size_t words_left, ncpu_words, need;
extern const uint64_t *cpus;

/* Hypervisor side: the guest's input block, its control word, the partition. */
extern const uint8_t *in;
extern size_t in_len;
extern uint64_t ctl;
extern uint32_t partition_nvps;
void flush_vp(uint32_t vp);
