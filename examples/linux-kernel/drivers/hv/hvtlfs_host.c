// SPDX-License-Identifier: BSD-2-Clause
/*
 * A built-in user of lib/hvtlfs on the hypervisor side, in drivers/hv/ (where later
 * Linux releases keep their Hyper-V root-partition driver): the intercept of one
 * guest hypercall, judged by hvtlfs's decoder with every guest byte treated as
 * hostile. A flush is carried out on the VPs it names through the caller's
 * callback, including the list elements decoded before an early return or a bad
 * element (the guest continues after them); the result word goes back to RAX.
 */
#include <linux/kernel.h>
#include <linux/types.h>

#include "hvtlfs_host.h"

static void hvhost_flush(struct hvhost_vp *self)
{
	const struct hvtlfs_hvcall_request *req = &self->req;
	u64 space =
		req->flags & HVTLFS_FLUSH_ALL_VIRTUAL_ADDRESS_SPACES ? ~0ULL : req->address_space;
	u32 cursor = 0, vp, i;

	while (hvtlfs_vpset_next(&req->vps, self->nvps, &cursor, &vp)) {
		if (req->whole_space) {
			if (req->status == HVTLFS_STATUS_SUCCESS)
				self->flush(self, vp, space, 0, 0, 0);
			continue;
		}
		for (i = 0; i < req->nranges; i++)
			self->flush(self, vp, space, self->ranges[i].base, self->ranges[i].pages,
				    self->ranges[i].page_shift);
	}
}

u64 hvhost_hypercall(struct hvhost_vp *self, u64 control, u64 input_gpa, const void *input,
		     size_t len, bool *raise_ud)
{
	struct hvtlfs_hvcall_input in = {
		.control = control,
		.input_gpa = input_gpa,
		.bytes = input,
		.len = len,
		.features = self->xmm_input ? HVTLFS_HVCALL_FEAT_XMM_INPUT : 0,
	};

	*raise_ud = false;
	if (hvtlfs_hvcall_decode(&in, &self->req, self->ranges, ARRAY_SIZE(self->ranges)))
		return HVTLFS_STATUS_INVALID_HYPERCALL_CODE; /* not a call this handler takes */
	if (self->req.raise_ud) {
		*raise_ud = true;
		return 0;
	}
	if (self->req.kind == HVTLFS_HVCALL_REQ_FLUSH_VA)
		hvhost_flush(self);
	return self->req.result;
}
