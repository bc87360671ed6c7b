/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The hypervisor-side user of lib/hvtlfs (hvtlfs_host.c), for a port's hypercall
 * exit handler.
 */
#ifndef HVHOST_H
#define HVHOST_H

#include <linux/types.h>

#include <hvtlfs/hvcall.h>

/* What the hypervisor keeps for one virtual processor. */
struct hvhost_vp {
	u32 nvps;	/* VPs of the partition */
	bool xmm_input; /* the partition was offered XMM fast input */
	/* Flushes one VP's TLB: all of @address_space (or every space for ~0), or a range. */
	void (*flush)(struct hvhost_vp *self, u32 vp, u64 address_space, u64 base, u64 pages,
		      u32 page_shift);
	struct hvtlfs_hvcall_request req;     /* the decoded call, kept out of the stack */
	struct hvtlfs_range_entry ranges[32]; /* list elements decoded per exit */
};

/*
 * The intercept: @input holds the guest's bytes at @input_gpa (slow calls, mapped to
 * the end of their page) or its register image RDX, R8, XMM0-5 (fast calls); @len
 * bytes are readable there. Returns the result word for RAX, or sets *@raise_ud
 * when the guest gets #UD instead.
 */
u64 hvhost_hypercall(struct hvhost_vp *self, u64 control, u64 input_gpa, const void *input,
		     size_t len, bool *raise_ud);

#endif /* HVHOST_H */
