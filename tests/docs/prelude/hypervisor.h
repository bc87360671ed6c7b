/* SPDX-License-Identifier: BSD-2-Clause */
/* Prelude of docs/hypervisor.md: what its snippets take from the prose around them. */
#include "hvtlfs/hvcall.h"

/* The hypervisor's own: the VP that made the call, its registers and memory. */
struct vcpu {
	uint64_t rax, rcx, rdx, r8;
};
extern struct vcpu *vcpu;
extern uint64_t fast_regs[14];		    /* RDX, R8, XMM0-XMM5 as the guest left them */
const void *map_gpa(uint64_t gpa);	    /* host mapping of a guest physical address */
int handle_other_hypercall(struct vcpu *v); /* calls this module does not decode */
int inject_ud(struct vcpu *v);		    /* raise #UD in the guest */
void host_log(const char *fmt, ...);	    /* the host's log */
void act(const struct hvtlfs_hvcall_request *req, const struct hvtlfs_range_entry *ranges);
uint64_t host_capabilities(void);		  /* what this host offers (extended calls) */
void write_gpa_u64(uint64_t gpa, uint64_t value); /* a store into guest memory */
/* Its register file and its VTL switch (the VP-register and VTL calls). */
void *map_gpa_rw(uint64_t gpa); /* writable host mapping of a guest physical address */
void read_vp_registers(const struct hvtlfs_hvcall_request *req,
		       const struct hvtlfs_register_entry *e, struct hvtlfs_register_value *v);
void write_vp_registers(const struct hvtlfs_hvcall_request *req,
			const struct hvtlfs_register_entry *e);
int switch_vtl(struct vcpu *v, const struct hvtlfs_hvcall_request *req);
