// SPDX-License-Identifier: BSD-2-Clause
/*
 * A built-in user of lib/hvtlfs on the guest side, in arch/x86/hyperv/ beside the
 * kernel's mmu.c and hv_apic.c: a remote TLB flush planned by hvtlfs's flush planner
 * and a synthetic cluster IPI, issued the way those files issue theirs (interrupts
 * off, the per-CPU input page, VP numbers from hv_vp_index[]). Each returns 0 when
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
#include <hvtlfs/flush.h>
#include <hvtlfs/issue.h>

#include "hvtlfs_guest.h"

#define HVGUEST_VP_WORDS (HVTLFS_VPSET_MAX_VPS / 64)

/* What the planner reads of the partition, from the CPUID leaves the kernel kept. */
static struct hvtlfs_features hvguest_hv;
/* Target VPs, one bit a VP, built from a cpumask with interrupts off. */
static DEFINE_PER_CPU(u64[HVGUEST_VP_WORDS], hvguest_vps);

void hvguest_init(void)
{
	hvguest_hv.remote_tlb_flush_recommended =
		ms_hyperv.hints & HVTLFS_CPUID_HINTS_EAX_REMOTE_TLB_FLUSH;
	hvguest_hv.ex_processor_masks_recommended =
		ms_hyperv.hints & HVTLFS_CPUID_HINTS_EAX_EX_PROCESSOR_MASKS;
	hvguest_hv.ext_gva_ranges =
		ms_hyperv.misc_features & HVTLFS_CPUID_FEATURES_EDX_EXT_GVA_RANGES;
	/* No kernel_fpu_begin() around these calls: the XMM fast form is never planned. */
	hvguest_hv.xmm_input = false;
	hvguest_hv.max_vps = ms_hyperv.max_vp_index;
}

/*
 * The VPs of @cpus into this CPU's bitmap: the number of words used, or -1 when a
 * CPU has no VP number (the caller falls back).
 */
static int hvguest_vp_bitmap(const struct cpumask *cpus, u64 *vps)
{
	int cpu, words = 0;

	memset(vps, 0, sizeof(u64) * HVGUEST_VP_WORDS);
	for (cpu = cpumask_first(cpus); cpu < nr_cpu_ids; cpu = cpumask_next(cpu, cpus)) {
		u32 vp = hv_cpu_number_to_vp_number(cpu);

		if (vp >= HVTLFS_VPSET_MAX_VPS)
			return -1;
		vps[vp / 64] |= BIT_ULL(vp % 64);
		if (vp / 64 >= words)
			words = vp / 64 + 1;
	}
	return words;
}

int hvguest_flush_tlb_multi(const struct cpumask *cpus, const struct flush_tlb_info *info)
{
	static const struct hvtlfs_flush_policy policy = { .flags = HVTLFS_POLICY_NO_XMM };
	struct hvtlfs_flush_request req = {};
	struct hvtlfs_flush_plan plan;
	struct hvtlfs_range range;
	unsigned long flags;
	void *page;
	int words, rc = HVTLFS_ERR_FALLBACK;

	local_irq_save(flags);
	page = *this_cpu_ptr(hyperv_pcpu_input_arg);
	if (!hv_hypercall_pg || !page)
		goto out;
	if (info->mm)
		req.address_space = virt_to_phys(info->mm->pgd) & CR3_ADDR_MASK;
	else
		req.all_spaces = true;
	if (cpumask_equal(cpus, cpu_present_mask)) {
		req.vps.all = true;
	} else {
		words = hvguest_vp_bitmap(cpus, *this_cpu_ptr(&hvguest_vps));
		if (words < 0)
			goto out;
		req.vps.bitmap = *this_cpu_ptr(&hvguest_vps);
		req.vps.words = (size_t)words;
	}
	if (info->end == TLB_FLUSH_ALL) {
		req.everything = true;
		req.non_global_only = true;
	} else {
		range.start = info->start;
		range.length = info->end - info->start;
		req.ranges = &range;
		req.nranges = 1;
	}
	rc = hvtlfs_flush_plan_build(&req, &hvguest_hv, &policy, page, HV_HYP_PAGE_SIZE, &plan);
	if (!rc)
		rc = hvtlfs_flush_issue(&plan, virt_to_phys(page), NULL);
out:
	local_irq_restore(flags);
	return rc;
}

int hvguest_send_ipi_mask(const struct cpumask *mask, int vector)
{
	struct hvtlfs_vp_targets targets;
	struct hvtlfs_prepared p;
	unsigned long flags;
	u64 in[2], mask64;
	void *page;
	int words, rc = HVTLFS_ERR_FALLBACK;

	local_irq_save(flags);
	words = hvguest_vp_bitmap(mask, *this_cpu_ptr(&hvguest_vps));
	if (words <= 0)
		goto out;
	if (words == 1) {
		/* Every VP below 64: the fast call, input in two registers. */
		mask64 = (*this_cpu_ptr(&hvguest_vps))[0];
		rc = hvtlfs_ipi_build(in, sizeof(in), vector, 0, mask64, HVTLFS_CTL_FAST, &p);
		if (!rc && hvtlfs_result_status(hvtlfs_hypercall_fast16(p.control, in[0], in[1])))
			rc = HVTLFS_ERR_HV_STATUS;
		goto out;
	}
	/* A VP at 64 or above: the Ex call with an HV_VP_SET in the input page. */
	page = *this_cpu_ptr(hyperv_pcpu_input_arg);
	if (!page || !hvguest_hv.ex_processor_masks_recommended)
		goto out;
	targets.bitmap = *this_cpu_ptr(&hvguest_vps);
	targets.words = words;
	targets.all = false;
	rc = hvtlfs_ipi_build_ex(page, HV_HYP_PAGE_SIZE, vector, 0, &targets, 0, &p);
	if (!rc && hvtlfs_result_status(hvtlfs_hypercall_slow(p.control, virt_to_phys(page), 0)))
		rc = HVTLFS_ERR_HV_STATUS;
out:
	local_irq_restore(flags);
	return rc;
}
