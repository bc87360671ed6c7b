/* SPDX-License-Identifier: BSD-2-Clause */
/* Prelude of docs/wrappers.md: what its snippets take from the prose around them. */
#include "hvtlfs/hypercall.h"
#include "hvtlfs/calls.h"
#include "hvtlfs/interrupt.h"

/* A guest's own: its partition's features, a per-CPU input page, a u64 it can hand
 * the hypervisor, and how it finds a GPA. */
extern struct hvtlfs_features partition_features;
extern uint64_t input_page[512];
extern volatile uint64_t caps_out;
uint64_t virt_to_gpa(const volatile void *p);

/* A caller's own fast-call inputs and outputs. */
struct my_fast_input {
	uint32_t connection_id;
	uint16_t flag_number, rsvdz;
	uint64_t more; /* 16 bytes: RDX and R8 */
};
struct my_input {
	uint64_t words[6]; /* 48 bytes in: RDX, R8, XMM0, XMM1 */
};
struct my_output {
	uint64_t words[8]; /* 64 bytes out: XMM2-XMM5 */
};
