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

/* The dispatcher's snippets: the hypervisor's VP and guest memory, and its handlers. */
#include "hvtlfs/dispatch.h"

struct vp {
	struct hvtlfs_dispatch_regs regs; /* loaded from the VMCS/VMCB and the FPU state */
	struct hvtlfs_dispatch_scratch scratch;
	bool long_mode; /* EFER.LMA and CS.L */
};
extern struct vp *vp;
extern void *vm; /* the hypervisor's partition */
int guest_read(void *ctx, uint64_t gpa, void *buf, size_t len);
int guest_write(void *ctx, uint64_t gpa, const void *buf, size_t len);
void do_flush(void *ctx, const struct hvtlfs_dispatch_call *call,
	      struct hvtlfs_dispatch_reply *reply);
void do_ipi(void *ctx, const struct hvtlfs_dispatch_call *call,
	    struct hvtlfs_dispatch_reply *reply);
void do_signal(void *ctx, const struct hvtlfs_dispatch_call *call,
	       struct hvtlfs_dispatch_reply *reply);
void advance_ip(struct vp *v);	 /* past VMCALL/VMMCALL */
void inject_ud_vp(struct vp *v); /* raise #UD in the guest */
void answer_smccc(struct vp *v); /* arm64: another SMCCC service's call */
/* VTL call (up) or return (down; fast: no registers restored from HV_VP_VTL_CONTROL) */
void vp_switch_vtl(struct vp *v, uint16_t code, uint64_t vtl_input);
void store_registers(struct vp *v); /* the register file back to the VMCS/VMCB */
bool flush_vp_tlb(void *vm, uint32_t vp_index, const struct hvtlfs_hvcall_request *req);
bool need_resched(void);
