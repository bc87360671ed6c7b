// SPDX-License-Identifier: BSD-2-Clause
/*
 * A built-in user of lib/hvtlfs on the guest side, in arch/x86/hyperv/ beside the
 * kernel's mmu.c and hv_apic.c: a remote TLB flush planned by hvtlfs's flush planner
 * and a synthetic cluster IPI planned by its IPI planner, issued the way those files
 * issue theirs (interrupts off, the per-CPU input page, VP numbers from hv_vp_index[],
 * read by the planners straight from the cpumask). Each returns 0 when
 * the hypercall did the job; anything else means the caller falls back
 * (native_flush_tlb_multi(), the APIC).
 */
#include <linux/bits.h>
#include <linux/cpumask.h>
#include <linux/irqflags.h>
#include <linux/percpu.h>
#include <linux/string.h>
#include <asm/io.h>
#include <asm/mshyperv.h>
#include <asm/tlbflush.h>

/* The call hook first: it configures the wrappers the planner's issue path uses. */
#include "hvtlfs_linux_hypercall.h"
#include <hvtlfs/features.h>
#include <hvtlfs/issue.h>

#include "hvtlfs_guest.h"

/* What the planners read of the partition, from the CPUID leaves the kernel kept. */
static struct hvtlfs_features hvguest_hv;
/* Each CPU's input page as the planners take it: its address and its GPA together. */
static DEFINE_PER_CPU(struct hvtlfs_input_page, hvguest_page);

void hvguest_init(void)
{
	const struct hvtlfs_kept_leaves kept = {
		.features_eax = ms_hyperv.features,
		.features_ebx = ms_hyperv.priv_high,
		.features_edx = ms_hyperv.misc_features,
		.hints_eax = ms_hyperv.hints,
		.max_vps = ms_hyperv.max_vp_index,
		.max_lps = ms_hyperv.max_lp_index,
		.nested_eax = ms_hyperv.nested_features,
		.has_nested = ms_hyperv.nested_features != 0,
	};

	/*
	 * XMM input may be set: the XMM forms are compiled out of this -mno-sse kernel
	 * (HVTLFS_HYPERCALL_XMM 0), so no kernel_fpu_begin() is needed around the calls; a
	 * build that turns them on gets that FPU section from hvtlfs_linux_hypercall.h.
	 */
	if (hvtlfs_features_from_leaves(&hvguest_hv, &kept))
		memset(&hvguest_hv, 0, sizeof(hvguest_hv)); /* no hint: every call falls back */
}

/* This CPU's input page, described; NULL when it has none. Interrupts are off. */
static const struct hvtlfs_input_page *hvguest_input_page(void)
{
	struct hvtlfs_input_page *pg = this_cpu_ptr(&hvguest_page);
	void *page = *this_cpu_ptr(hyperv_pcpu_input_arg);

	if (!page)
		return NULL;
	if (pg->va != page &&
	    hvtlfs_input_page_init(pg, page, virt_to_phys(page), HV_HYP_PAGE_SIZE))
		return NULL;
	return pg;
}

/* The VPs of @cpus, read by the planner in one pass: the cpumask and hv_vp_index[]. */
static void hvguest_vps(struct hvtlfs_vp_targets *t, struct hvtlfs_vp_source *src,
			const struct cpumask *cpus)
{
	src->cpus = cpumask_bits(cpus);
	src->ncpus = nr_cpu_ids;
	src->vp_of_cpu = hv_vp_index;
	t->source = src;
}

int hvguest_flush_tlb_multi(const struct cpumask *cpus, const struct flush_tlb_info *info)
{
	struct hvtlfs_flush_request req = {};
	struct hvtlfs_vp_source src;
	struct hvtlfs_flush_plan plan;
	const struct hvtlfs_input_page *pg;
	struct hvtlfs_range range;
	unsigned long flags;
	int rc = HVTLFS_ERR_FALLBACK;

	local_irq_save(flags);
	pg = hvguest_input_page();
	if (!hv_hypercall_pg || !pg)
		goto out;
	if (info->mm)
		req.address_space = virt_to_phys(info->mm->pgd) & CR3_ADDR_MASK;
	else
		req.all_spaces = true;
	if (cpumask_equal(cpus, cpu_present_mask))
		req.vps.all = true;
	else
		hvguest_vps(&req.vps, &src, cpus);
	if (info->end == TLB_FLUSH_ALL) {
		req.everything = true;
		req.non_global_only = true;
	} else {
		range.start = info->start;
		range.length = info->end - info->start;
		req.ranges = &range;
		req.nranges = 1;
	}
	rc = hvtlfs_flush_plan_build(&req, &hvguest_hv, NULL, pg, &plan);
	if (!rc)
		rc = hvtlfs_flush_issue(&plan, NULL);
out:
	local_irq_restore(flags);
	return rc;
}

int hvguest_send_ipi_mask(const struct cpumask *mask, int vector)
{
	struct hvtlfs_ipi_request req = {};
	struct hvtlfs_vp_source src;
	struct hvtlfs_ipi_plan plan;
	unsigned long flags;
	int rc;

	/* The fast call (every VP below 64) needs no page; the Ex call takes this CPU's. */
	local_irq_save(flags);
	hvguest_vps(&req.vps, &src, mask);
	req.vector = (u32)vector;
	rc = hvtlfs_ipi_plan_build(&req, &hvguest_hv, hvguest_input_page(), &plan);
	if (!rc && plan.form == HVTLFS_FORM_NONE)
		rc = HVTLFS_ERR_FALLBACK; /* no VP: let the APIC path decide */
	if (!rc)
		rc = hvtlfs_ipi_issue(&plan, NULL);
	local_irq_restore(flags);
	return rc;
}
