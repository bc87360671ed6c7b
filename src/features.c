/* SPDX-License-Identifier: BSD-2-Clause */
#include "hvtlfs/features.h"
#include "hvtlfs_internal.h"

/* Leaf bits whose decoding this module implements (bit i = leaf 0x40000000 + i). */
#define HVTLFS_LEAF_KNOWN_ HVTLFS_LEAF_ALL

/* The vendor signature as characters: EBX, ECX, EDX, each little-endian. */
static void hvtlfs_vendor_chars_(char *out, const uint32_t regs[4])
{
	unsigned int i;

	for (i = 0; i < HVTLFS_CPUID_VENDOR_LEN; i++)
		out[i] = (char)(uint8_t)(regs[HVTLFS_CPUID_EBX + i / 4u] >> (8u * (i % 4u)));
	out[HVTLFS_CPUID_VENDOR_LEN] = '\0';
}

/* Whether hypervisor leaf 0x40000000 + index is within the reported maximum. */
static bool hvtlfs_leaf_within_(uint32_t max_leaf, uint32_t index)
{
	return max_leaf >= HVTLFS_CPUID_DUMP_FIRST_LEAF &&
	       max_leaf - HVTLFS_CPUID_DUMP_FIRST_LEAF >= index;
}

int hvtlfs_features_decode(struct hvtlfs_features *out, const struct hvtlfs_cpuid_dump *dump)
{
	uint32_t max_leaf, eax, ebx, ecx, edx;

	if (out == NULL || dump == NULL)
		return HVTLFS_ERR_NULL;
	hvtlfs_zero_(out, sizeof(*out));
	out->nested_status = HVTLFS_ERR_LEAF_UNAVAILABLE;

	if ((dump->leaf1[HVTLFS_CPUID_ECX] & HVTLFS_CPUID_1_ECX_HYPERVISOR) == 0)
		return HVTLFS_ERR_NOT_HYPERV;

	/* Leaf 0x40000000: maximum leaf and vendor (reported, never judged). */
	max_leaf = dump->hv[0][HVTLFS_CPUID_EAX];
	hvtlfs_vendor_chars_(out->vendor, dump->hv[0]);
	out->max_leaf = max_leaf;
	out->leaves = HVTLFS_LEAF_VENDOR;

	/* Leaf 0x40000001: the interface alone decides compatibility and what the
	 * other leaves mean (TLFS, Feature and Interface Discovery). */
	if (!hvtlfs_leaf_within_(max_leaf, 1))
		return HVTLFS_ERR_LEAF_UNAVAILABLE;
	if (dump->hv[1][HVTLFS_CPUID_EAX] != HVTLFS_CPUID_INTERFACE_HV1)
		return HVTLFS_ERR_NOT_HYPERV;
	out->leaves |= HVTLFS_LEAF_INTERFACE;

	if (hvtlfs_leaf_within_(max_leaf, 2)) {
		eax = dump->hv[2][HVTLFS_CPUID_EAX];
		ebx = dump->hv[2][HVTLFS_CPUID_EBX];
		ecx = dump->hv[2][HVTLFS_CPUID_ECX];
		edx = dump->hv[2][HVTLFS_CPUID_EDX];
		out->version.build = eax;
		out->version.major = (uint16_t)(ebx >> 16);
		out->version.minor = (uint16_t)(ebx & 0xFFFFu);
		out->version.service_pack = ecx;
		out->version.service_branch = (uint8_t)(edx >> 24);
		out->version.service_number = edx & 0x00FFFFFFu;
		out->leaves |= HVTLFS_LEAF_VERSION;
	}

	if (hvtlfs_leaf_within_(max_leaf, 3)) {
		eax = dump->hv[3][HVTLFS_CPUID_EAX];
		ebx = dump->hv[3][HVTLFS_CPUID_EBX];
		edx = dump->hv[3][HVTLFS_CPUID_EDX];
		out->privileges = ((uint64_t)ebx << 32) | eax;
		out->features_edx = edx;
		out->hypercall_msrs = (eax & HVTLFS_CPUID3_EAX_HYPERCALL_MSRS) != 0;
		out->vp_index_msr = (eax & HVTLFS_CPUID3_EAX_VP_INDEX_MSR) != 0;
		out->post_messages = (ebx & HVTLFS_CPUID3_EBX_POST_MESSAGES) != 0;
		out->signal_events = (ebx & HVTLFS_CPUID3_EBX_SIGNAL_EVENTS) != 0;
		out->extended_hypercalls = (ebx & HVTLFS_CPUID3_EBX_EXTENDED_HYPERCALLS) != 0;
		out->isolation = (ebx & HVTLFS_CPUID3_EBX_ISOLATION) != 0;
		out->xmm_input = (edx & HVTLFS_CPUID3_EDX_XMM_INPUT) != 0;
		out->xmm_output = (edx & HVTLFS_CPUID3_EDX_XMM_OUTPUT) != 0;
		out->ext_gva_ranges = (edx & HVTLFS_CPUID3_EDX_EXT_GVA_RANGES) != 0;
		out->hypercall_msr_lock = (edx & HVTLFS_CPUID3_EDX_HYPERCALL_MSR_LOCK) != 0;
		out->leaves |= HVTLFS_LEAF_FEATURES;
	}

	if (hvtlfs_leaf_within_(max_leaf, 4)) {
		eax = dump->hv[4][HVTLFS_CPUID_EAX];
		out->hints_eax = eax;
		out->remote_tlb_flush_recommended = (eax & HVTLFS_CPUID4_EAX_REMOTE_TLB_FLUSH) != 0;
		out->deprecate_auto_eoi = (eax & HVTLFS_CPUID4_EAX_DEPRECATE_AUTOEOI) != 0;
		out->cluster_ipi_recommended = (eax & HVTLFS_CPUID4_EAX_CLUSTER_IPI) != 0;
		out->ex_processor_masks_recommended =
			(eax & HVTLFS_CPUID4_EAX_EX_PROCESSOR_MASKS) != 0;
		out->nested_hypervisor = (eax & HVTLFS_CPUID4_EAX_NESTED) != 0;
		out->evmcs_recommended = (eax & HVTLFS_CPUID4_EAX_ENLIGHTENED_VMCS) != 0;
		out->spinlock_retries = dump->hv[4][HVTLFS_CPUID_EBX];
		out->phys_addr_bits =
			dump->hv[4][HVTLFS_CPUID_ECX] & HVTLFS_CPUID4_ECX_PHYS_ADDR_BITS_MASK;
		out->leaves |= HVTLFS_LEAF_HINTS;
	}

	if (hvtlfs_leaf_within_(max_leaf, 5)) {
		out->max_vps = dump->hv[5][HVTLFS_CPUID_EAX];
		out->max_lps = dump->hv[5][HVTLFS_CPUID_EBX];
		out->leaves |= HVTLFS_LEAF_LIMITS;
	}

	if (hvtlfs_leaf_within_(max_leaf, 10)) {
		out->nested_status =
			hvtlfs_nested_features_decode(&out->nested, dump->hv[10][HVTLFS_CPUID_EAX]);
		out->leaves |= HVTLFS_LEAF_NESTED;
	}
	return HVTLFS_OK;
}

int hvtlfs_features_require_microsoft(const struct hvtlfs_features *f)
{
	static const uint32_t ms[4] = { 0, HVTLFS_CPUID_VENDOR_EBX, HVTLFS_CPUID_VENDOR_ECX,
					HVTLFS_CPUID_VENDOR_EDX };
	char want[HVTLFS_CPUID_VENDOR_LEN + 1u];
	unsigned int i;

	if (f == NULL)
		return HVTLFS_ERR_NULL;
	if ((f->leaves & HVTLFS_LEAF_VENDOR) == 0)
		return HVTLFS_ERR_NOT_HYPERV;
	hvtlfs_vendor_chars_(want, ms);
	for (i = 0; i < HVTLFS_CPUID_VENDOR_LEN; i++)
		if (f->vendor[i] != want[i])
			return HVTLFS_ERR_NOT_HYPERV;
	return HVTLFS_OK;
}

int hvtlfs_features_require(const struct hvtlfs_features *f, uint32_t leaves)
{
	if (f == NULL)
		return HVTLFS_ERR_NULL;
	if ((leaves & ~(uint32_t)HVTLFS_LEAF_KNOWN_) != 0)
		return HVTLFS_ERR_INVALID_ARG;
	if ((f->leaves & leaves) != leaves)
		return HVTLFS_ERR_LEAF_UNAVAILABLE;
	return HVTLFS_OK;
}

int hvtlfs_cpuid_dump_leaf(const struct hvtlfs_cpuid_dump *dump, uint32_t leaf, uint32_t regs[4])
{
	uint32_t index, i;

	if (dump == NULL || regs == NULL)
		return HVTLFS_ERR_NULL;
	if (leaf < HVTLFS_CPUID_DUMP_FIRST_LEAF ||
	    leaf - HVTLFS_CPUID_DUMP_FIRST_LEAF >= HVTLFS_CPUID_DUMP_HV_LEAVES)
		return HVTLFS_ERR_INVALID_ARG;
	index = leaf - HVTLFS_CPUID_DUMP_FIRST_LEAF;
	if (!hvtlfs_leaf_within_(dump->hv[0][HVTLFS_CPUID_EAX], index))
		return HVTLFS_ERR_LEAF_UNAVAILABLE;
	for (i = 0; i < 4; i++)
		regs[i] = dump->hv[index][i];
	return HVTLFS_OK;
}
