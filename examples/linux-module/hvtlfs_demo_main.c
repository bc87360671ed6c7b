// SPDX-License-Identifier: BSD-2-Clause
/*
 * hvtlfs_demo: hvtlfs vendored into a Linux kernel module.
 *
 * Includes hvtlfs's headers next to the kernel's own Hyper-V headers, checks that the
 * two agree on the TLFS constants they both name, and on load issues three harmless
 * hypercalls through hvtlfs's wrappers and the kernel's hypercall page: a slow
 * HvFlushVirtualAddressSpace, a fast HvNotifyLongSpinWait and a rep
 * HvFlushVirtualAddressList with continuation. Off Hyper-V (no hypercall page) the
 * wrappers make no call and the module refuses to load.
 *
 * The wrappers are instantiated in ordinary .text functions (not __init): objtool checks
 * every call sequence the compiler emitted for them, whether this code is built as a
 * module or into the kernel image (where objtool skips .init.text).
 */
#include <linux/errno.h>
#include <linux/gfp.h>
#include <linux/io.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/printk.h>

#include <asm/hyperv-tlfs.h>
#include <asm/mshyperv.h>

#include <hvtlfs/catalog.h>
#include <hvtlfs/control.h>
#include <hvtlfs/error.h>
#include <hvtlfs/flush.h>
#include <hvtlfs/ranges.h>
#include <hvtlfs/tlfs.h>

/* The wrappers, with the kernel's retpoline-safe call sequence and hypercall page. */
#include "hvtlfs_linux_hypercall.h"

/* The kernel and hvtlfs name the same TLFS facts: they must agree. */
static_assert(HVTLFS_CALL_FLUSH_VIRTUAL_ADDRESS_SPACE == HVCALL_FLUSH_VIRTUAL_ADDRESS_SPACE);
static_assert(HVTLFS_CALL_FLUSH_VIRTUAL_ADDRESS_LIST == HVCALL_FLUSH_VIRTUAL_ADDRESS_LIST);
static_assert(HVTLFS_CALL_NOTIFY_LONG_SPIN_WAIT == HVCALL_NOTIFY_LONG_SPIN_WAIT);
static_assert(HVTLFS_CALL_SEND_SYNTHETIC_CLUSTER_IPI == HVCALL_SEND_IPI);
static_assert(HVTLFS_CALL_FLUSH_VIRTUAL_ADDRESS_SPACE_EX == HVCALL_FLUSH_VIRTUAL_ADDRESS_SPACE_EX);
static_assert(HVTLFS_CALL_FLUSH_VIRTUAL_ADDRESS_LIST_EX == HVCALL_FLUSH_VIRTUAL_ADDRESS_LIST_EX);
static_assert(HVTLFS_CALL_SEND_SYNTHETIC_CLUSTER_IPI_EX == HVCALL_SEND_IPI_EX);
static_assert(HVTLFS_CALL_POST_MESSAGE == HVCALL_POST_MESSAGE);
static_assert(HVTLFS_CALL_SIGNAL_EVENT == HVCALL_SIGNAL_EVENT);
static_assert(HVTLFS_CALL_FLUSH_GUEST_PHYSICAL_ADDRESS_SPACE ==
	      HVCALL_FLUSH_GUEST_PHYSICAL_ADDRESS_SPACE);
static_assert(HVTLFS_CALL_FLUSH_GUEST_PHYSICAL_ADDRESS_LIST ==
	      HVCALL_FLUSH_GUEST_PHYSICAL_ADDRESS_LIST);
static_assert(HVTLFS_CONTROL_FAST == HV_HYPERCALL_FAST_BIT);
static_assert(HVTLFS_CONTROL_VARHDR_SHIFT == HV_HYPERCALL_VARHEAD_OFFSET);
static_assert(HVTLFS_CONTROL_VARHDR_MASK == HV_HYPERCALL_VARHEAD_MASK);
static_assert(HVTLFS_CONTROL_REP_COUNT_SHIFT == HV_HYPERCALL_REP_COMP_OFFSET);
static_assert(HVTLFS_CONTROL_REP_COUNT_MASK == HV_HYPERCALL_REP_COMP_MASK);
static_assert(HVTLFS_CONTROL_REP_START_SHIFT == HV_HYPERCALL_REP_START_OFFSET);
static_assert(HVTLFS_CONTROL_REP_START_MASK == HV_HYPERCALL_REP_START_MASK);
static_assert(HVTLFS_RESULT_STATUS_MASK == HV_HYPERCALL_RESULT_MASK);
static_assert(HVTLFS_RESULT_REPS_COMPLETED_MASK == HV_HYPERCALL_REP_COMP_MASK);
static_assert(HVTLFS_STATUS_SUCCESS == HV_STATUS_SUCCESS);
static_assert(HVTLFS_STATUS_INVALID_HYPERCALL_CODE == HV_STATUS_INVALID_HYPERCALL_CODE);
static_assert(HVTLFS_STATUS_INVALID_HYPERCALL_INPUT == HV_STATUS_INVALID_HYPERCALL_INPUT);
static_assert(HVTLFS_STATUS_INVALID_ALIGNMENT == HV_STATUS_INVALID_ALIGNMENT);
static_assert(HVTLFS_STATUS_INVALID_PARAMETER == HV_STATUS_INVALID_PARAMETER);
static_assert(HVTLFS_STATUS_INSUFFICIENT_MEMORY == HV_STATUS_INSUFFICIENT_MEMORY);
static_assert(HVTLFS_FLUSH_ALL_PROCESSORS == HV_FLUSH_ALL_PROCESSORS);
static_assert(HVTLFS_FLUSH_ALL_VIRTUAL_ADDRESS_SPACES == HV_FLUSH_ALL_VIRTUAL_ADDRESS_SPACES);
static_assert(HVTLFS_FLUSH_NON_GLOBAL_MAPPINGS_ONLY == HV_FLUSH_NON_GLOBAL_MAPPINGS_ONLY);
static_assert(HVTLFS_FLUSH_USE_EXTENDED_RANGE_FORMAT == HV_FLUSH_USE_EXTENDED_RANGE_FORMAT);
static_assert(HVTLFS_MSR_GUEST_OS_ID == HV_X64_MSR_GUEST_OS_ID);
static_assert(HVTLFS_MSR_HYPERCALL == HV_X64_MSR_HYPERCALL);
static_assert(HVTLFS_MSR_VP_ASSIST_PAGE == HV_X64_MSR_VP_ASSIST_PAGE);
static_assert(HVTLFS_HYPERCALL_MSR_ENABLE == HV_X64_MSR_HYPERCALL_ENABLE);

/* One page of hypercall input, ours alone (the kernel's per-CPU page is not). */
static void *hvtlfs_demo_page;

/*
 * Slow call: flush every address space on every VP (what the kernel does after a
 * page-table change it cannot name precisely).
 */
static noinline int hvtlfs_demo_flush_space(uint64_t *result)
{
	struct hvtlfs_prepared p;
	int err;

	err = hvtlfs_flush_build_space(
		hvtlfs_demo_page, PAGE_SIZE, 0,
		HVTLFS_FLUSH_ALL_PROCESSORS | HVTLFS_FLUSH_ALL_VIRTUAL_ADDRESS_SPACES, 0, 0, &p);
	if (err)
		return err;
	*result = hvtlfs_hypercall_slow(p.control, virt_to_phys(hvtlfs_demo_page), 0);
	return hvtlfs_result_status(*result) == HVTLFS_STATUS_SUCCESS ? 0 : HVTLFS_ERR_HV_STATUS;
}

/* Fast call with 8 bytes of input in RDX. */
static noinline int hvtlfs_demo_spin_wait(uint32_t spins, uint64_t *result)
{
	uint64_t control, input;
	int err;

	err = hvtlfs_spin_wait_build(&control, &input, spins);
	if (err)
		return err;
	*result = hvtlfs_hypercall_fast8(control, input);
	return hvtlfs_result_status(*result) == HVTLFS_STATUS_SUCCESS ? 0 : HVTLFS_ERR_HV_STATUS;
}

/*
 * Rep call: flush the GVA range of our own page on every VP, continuing on early
 * returns until every rep is done.
 */
static noinline int hvtlfs_demo_flush_list(uint64_t *result)
{
	struct hvtlfs_range r = { .start = (uint64_t)(uintptr_t)hvtlfs_demo_page,
				  .length = PAGE_SIZE };
	struct hvtlfs_prepared p;
	uint64_t ranges[1];
	int n, err;

	n = hvtlfs_ranges_encode(ranges, ARRAY_SIZE(ranges), &r, 1, HVTLFS_RANGE_FORMAT_GVA_SIMPLE,
				 NULL);
	if (n < 0)
		return n;
	err = hvtlfs_flush_build_list(hvtlfs_demo_page, PAGE_SIZE, 0,
				      HVTLFS_FLUSH_ALL_PROCESSORS |
					      HVTLFS_FLUSH_ALL_VIRTUAL_ADDRESS_SPACES,
				      0, ranges, (uint32_t)n, 0, &p);
	if (err)
		return err;
	return hvtlfs_hypercall_rep(p.control, virt_to_phys(hvtlfs_demo_page), 0, result);
}

static void hvtlfs_demo_report(const char *what, int err, uint64_t result)
{
	pr_info("hvtlfs_demo: %s: %s, result 0x%016llx (%s)\n", what, hvtlfs_strerror(err),
		(unsigned long long)result, hvtlfs_status_name(hvtlfs_result_status(result)));
}

static int __init hvtlfs_demo_init(void)
{
	uint64_t result = 0;
	int err;

	if (!hv_hypercall_pg) {
		pr_info("hvtlfs_demo: no Hyper-V hypercall page: not running on Hyper-V\n");
		return -ENODEV;
	}
	hvtlfs_demo_page = (void *)__get_free_page(GFP_KERNEL | __GFP_ZERO);
	if (!hvtlfs_demo_page)
		return -ENOMEM;

	err = hvtlfs_demo_flush_space(&result);
	hvtlfs_demo_report("HvFlushVirtualAddressSpace (slow)", err, result);
	err = hvtlfs_demo_spin_wait(1, &result);
	hvtlfs_demo_report("HvNotifyLongSpinWait (fast)", err, result);
	err = hvtlfs_demo_flush_list(&result);
	hvtlfs_demo_report("HvFlushVirtualAddressList (rep)", err, result);
	return 0;
}

static void __exit hvtlfs_demo_exit(void)
{
	free_page((unsigned long)hvtlfs_demo_page);
}

module_init(hvtlfs_demo_init);
module_exit(hvtlfs_demo_exit);
MODULE_DESCRIPTION("hvtlfs vendored into a kernel module: three hypercalls through CALL_NOSPEC");
MODULE_LICENSE("Dual BSD/GPL");
