/* SPDX-License-Identifier: BSD-2-Clause */
/* A user of every issue path (flush, IPI, guest-physical flush, the raw XMM wrapper
 * when it exists), compiled by xmm.sh in each XMM configuration. */
#include "hvtlfs/issue.h"

int xmm_user(const struct hvtlfs_flush_request *r, const struct hvtlfs_ipi_request *ir,
	     const struct hvtlfs_gpa_flush_request *gr, const struct hvtlfs_features *f,
	     const struct hvtlfs_input_page *pg);

int xmm_user(const struct hvtlfs_flush_request *r, const struct hvtlfs_ipi_request *ir,
	     const struct hvtlfs_gpa_flush_request *gr, const struct hvtlfs_features *f,
	     const struct hvtlfs_input_page *pg)
{
	struct hvtlfs_flush_plan p;
	struct hvtlfs_ipi_plan ip;
	struct hvtlfs_gpa_flush_plan gp;
	uint64_t res;
	int rc;

	rc = hvtlfs_flush_plan_build(r, f, NULL, pg, &p);
	if (rc == HVTLFS_OK)
		rc = hvtlfs_flush_issue(&p, &res);
	if (rc == HVTLFS_OK)
		rc = hvtlfs_ipi_plan_build(ir, f, pg, &ip);
	if (rc == HVTLFS_OK)
		rc = hvtlfs_ipi_issue(&ip, &res);
	if (rc == HVTLFS_OK)
		rc = hvtlfs_gpa_flush_plan_build(gr, f, pg, &gp);
	if (rc == HVTLFS_OK)
		rc = hvtlfs_gpa_flush_issue(&gp, &res);
#if HVTLFS_XMM_ENABLED_
	if (rc == HVTLFS_OK)
		rc = hvtlfs_hypercall_xmm(0x13, pg->va, 32, NULL, 0, &res);
#endif
	return rc;
}
