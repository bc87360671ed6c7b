/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Bring-up (issue 9): feature decoding per CPUID leaf, from vectors written from
 * the TLFS "Feature and Interface Discovery" tables; the guest OS ID and MSR value
 * encoders against hand-computed values; the enable sequences against a mocked
 * MSR space that behaves as the TLFS says the hypervisor does.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "hvtlfs/bringup.h"

/*
 * The integrator's seam: with the three macros predefined, cpu.h defines none of
 * its inline functions (defining our own under the same names would not compile
 * otherwise) and every use goes through the replacements.
 */
static uint64_t fake_msr_value;
static uint32_t fake_msr_number;
static unsigned fake_cpuid_calls;
static void hvtlfs_arch_cpuid(uint32_t leaf, uint32_t subleaf, uint32_t regs[4])
{
	fake_cpuid_calls++;
	regs[0] = leaf;
	regs[1] = subleaf;
	regs[2] = 0x80000000u;
	regs[3] = 0;
}
static uint64_t hvtlfs_arch_rdmsr(uint32_t msr)
{
	fake_msr_number = msr;
	return fake_msr_value;
}
static void hvtlfs_arch_wrmsr(uint32_t msr, uint64_t value)
{
	fake_msr_number = msr;
	fake_msr_value = value;
}
#define HVTLFS_ARCH_CPUID(leaf, subleaf, regs) hvtlfs_arch_cpuid(leaf, subleaf, regs)
#define HVTLFS_ARCH_RDMSR(msr)		       hvtlfs_arch_rdmsr(msr)
#define HVTLFS_ARCH_WRMSR(msr, value)	       hvtlfs_arch_wrmsr(msr, value)
#include "hvtlfs/arch/cpu.h"

/* ---- seeded PRNG (splitmix64) ---- */
static uint64_t rng_state;

static uint64_t rng(void)
{
	uint64_t z = (rng_state += 0x9E3779B97F4A7C15ULL);

	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
	return z ^ (z >> 31);
}

/* ---- CPUID dumps ---- */

/* "Microsoft Hv" and "Hv#1" spelled out as the TLFS table gives them. */
#define VENDOR_EBX 0x7263694Du
#define VENDOR_ECX 0x666F736Fu
#define VENDOR_EDX 0x76482074u
#define HV1	   0x31237648u

/* A dump with the hypervisor leaves up to @max; every other hv[] entry is poison. */
static void base_dump(struct hvtlfs_cpuid_dump *d, uint32_t max)
{
	unsigned i, r;

	for (i = 0; i < HVTLFS_CPUID_DUMP_HV_LEAVES; i++)
		for (r = 0; r < 4; r++)
			d->hv[i][r] = 0xFFFFFFFFu; /* must never be read past max */
	d->leaf1[0] = 0x000306F2u;
	d->leaf1[1] = 0x00000800u;
	d->leaf1[2] = 0xFEDA3203u; /* bit 31 set */
	d->leaf1[3] = 0x1F8BFBFFu;
	d->hv[0][0] = max;
	d->hv[0][1] = VENDOR_EBX;
	d->hv[0][2] = VENDOR_ECX;
	d->hv[0][3] = VENDOR_EDX;
	if (max >= 0x40000001u) {
		d->hv[1][0] = HV1;
		d->hv[1][1] = d->hv[1][2] = d->hv[1][3] = 0;
	}
	for (i = 2; i < HVTLFS_CPUID_DUMP_HV_LEAVES && max >= 0x40000000u + i; i++)
		for (r = 0; r < 4; r++)
			d->hv[i][r] = 0;
}

static void test_not_present(void **state)
{
	struct hvtlfs_cpuid_dump d;
	struct hvtlfs_features f;

	(void)state;
	base_dump(&d, 0x4000000Au);
	d.leaf1[2] &= ~0x80000000u;
	assert_int_equal(hvtlfs_features_decode(&f, &d), HVTLFS_ERR_NOT_HYPERV);
	assert_int_equal(f.leaves, 0);
	assert_int_equal(f.max_leaf, 0);
	assert_string_equal(f.vendor, ""); /* leaf 0x40000000 is not a hypervisor leaf */
}

/*
 * Compatibility is the interface signature's alone (TLFS, Feature and Interface
 * Discovery: the vendor is for reporting): QEMU's hv-vendor-id, "KVMKVMKVM\0\0\0"
 * here, with "Hv#1" is accepted, its vendor reported NUL-padded as given.
 */
static void test_other_vendor_accepted(void **state)
{
	struct hvtlfs_cpuid_dump d;
	struct hvtlfs_features f;

	(void)state;
	base_dump(&d, 0x40000005u);
	d.hv[0][1] = 0x4B4D564Bu; /* "KVMK" */
	d.hv[0][2] = 0x564B4D56u; /* "VMKV" */
	d.hv[0][3] = 0x0000004Du; /* "M\0\0\0" */
	d.hv[3][0] = 1u << 5;
	assert_int_equal(hvtlfs_features_decode(&f, &d), HVTLFS_OK);
	assert_int_equal(f.leaves, HVTLFS_LEAF_TLFS_MINIMUM);
	assert_string_equal(f.vendor, "KVMKVMKVM");
	assert_memory_equal(f.vendor, "KVMKVMKVM\0\0\0\0", 13);
	assert_int_equal(hvtlfs_bringup_check(&f), HVTLFS_OK);
	assert_int_equal(hvtlfs_features_require_microsoft(&f), HVTLFS_ERR_NOT_HYPERV);
	/* An arbitrary 12-character hv-vendor-id, and one wrong byte of "Microsoft Hv"
	 * in each register: all accepted, none Microsoft. */
	d.hv[0][1] = 0x6B61656Cu; /* "leak" */
	d.hv[0][2] = 0x38327675u; /* "uv28" */
	d.hv[0][3] = 0x33313733u; /* "3713" */
	assert_int_equal(hvtlfs_features_decode(&f, &d), HVTLFS_OK);
	assert_string_equal(f.vendor, "leakuv283713");
	assert_int_equal(hvtlfs_features_require_microsoft(&f), HVTLFS_ERR_NOT_HYPERV);
	base_dump(&d, 0x40000005u);
	d.hv[0][1] ^= 0x01000000u;
	assert_int_equal(hvtlfs_features_decode(&f, &d), HVTLFS_OK);
	assert_string_equal(f.vendor, "Micsosoft Hv");
	assert_int_equal(hvtlfs_features_require_microsoft(&f), HVTLFS_ERR_NOT_HYPERV);
	base_dump(&d, 0x40000005u);
	d.hv[0][2] ^= 0x00000100u;
	assert_int_equal(hvtlfs_features_decode(&f, &d), HVTLFS_OK);
	assert_int_equal(hvtlfs_features_require_microsoft(&f), HVTLFS_ERR_NOT_HYPERV);
	base_dump(&d, 0x40000005u);
	d.hv[0][3] ^= 0x00010000u;
	assert_int_equal(hvtlfs_features_decode(&f, &d), HVTLFS_OK);
	assert_int_equal(hvtlfs_features_require_microsoft(&f), HVTLFS_ERR_NOT_HYPERV);
	/* The real thing passes the strict check. */
	base_dump(&d, 0x40000005u);
	assert_int_equal(hvtlfs_features_decode(&f, &d), HVTLFS_OK);
	assert_string_equal(f.vendor, "Microsoft Hv");
	assert_int_equal(hvtlfs_features_require_microsoft(&f), HVTLFS_OK);
	assert_int_equal(hvtlfs_features_require_microsoft(NULL), HVTLFS_ERR_NULL);
}

/*
 * KVM's Hyper-V template (KVM_GET_SUPPORTED_HV_CPUID): vendor "Linux KVM Hv",
 * interface "Hv#1", version 10.0 build 14393, max leaf beyond the dump (its
 * synthetic-debugger leaves end at 0x40000082), privileges EAX 0x2AFF (VP
 * runtime, reference counter, SynIC, timers, APIC, hypercall and VP index MSRs,
 * reset, reference TSC, frequency MSRs, reenlightenment), EBX 0x1030 (post
 * messages, signal events, debugging), hints 0xC2C (remote flush, APIC MSRs,
 * relaxed timing, cluster IPI, Ex processor masks), 1024 VPs, 64 LPs.
 */
static const struct hvtlfs_cpuid_entry kvm_hv_leaves[] = {
	{ 1, 0, { 0x000306F2u, 0x00000800u, 0xFEDA3203u, 0x1F8BFBFFu } },
	{ 0x40000000u, 0, { 0x40000082u, 0x756E694Cu, 0x564B2078u, 0x7648204Du } },
	{ 0x40000001u, 0, { HV1, 0, 0, 0 } },
	{ 0x40000002u, 0, { 0x00003839u, 0x000A0000u, 0, 0 } },
	{ 0x40000003u, 0, { 0x00002AFFu, 0x00001030u, 0, 0x00080D02u } },
	{ 0x40000004u, 0, { 0x00000C2Cu, 0x00000FFFu, 0, 0 } },
	{ 0x40000005u, 0, { 1024u, 64u, 0, 0 } },
};

static void test_kvm_hyperv_template(void **state)
{
	struct hvtlfs_cpuid_table t = { kvm_hv_leaves,
					sizeof(kvm_hv_leaves) / sizeof(kvm_hv_leaves[0]) };
	struct hvtlfs_features f;

	(void)state;
	assert_int_equal(hvtlfs_detect(&f, hvtlfs_cpuid_from_table, &t), HVTLFS_OK);
	assert_string_equal(f.vendor, "Linux KVM Hv");
	assert_int_equal(f.leaves, HVTLFS_LEAF_ALL);
	assert_int_equal(f.version.build, 14393);
	assert_int_equal(f.version.major, 10);
	assert_true(f.hypercall_msrs);
	assert_true(f.post_messages);
	assert_true(f.signal_events);
	assert_true(f.remote_tlb_flush_recommended);
	assert_true(f.ex_processor_masks_recommended);
	assert_true(f.cluster_ipi_recommended);
	assert_false(f.evmcs_recommended);
	assert_int_equal(f.max_vps, 1024);
	assert_int_equal(f.nested_status, HVTLFS_OK); /* leaf 0x4000000A reads zero */
	assert_int_equal(hvtlfs_bringup_check(&f), HVTLFS_OK);
	assert_int_equal(hvtlfs_features_require_microsoft(&f), HVTLFS_ERR_NOT_HYPERV);
}

/* A KVM guest without Hyper-V enlightenments: leaf 0x40000001 holds KVM's own
 * feature bits, not "Hv#1". Still refused, its vendor still reported. */
static void test_kvm_without_hv1_refused(void **state)
{
	struct hvtlfs_cpuid_dump d;
	struct hvtlfs_features f;

	(void)state;
	base_dump(&d, 0x40000001u);
	d.hv[0][1] = 0x4B4D564Bu;
	d.hv[0][2] = 0x564B4D56u;
	d.hv[0][3] = 0x0000004Du;
	d.hv[1][0] = 0x01000089u;
	assert_int_equal(hvtlfs_features_decode(&f, &d), HVTLFS_ERR_NOT_HYPERV);
	assert_int_equal(f.leaves, HVTLFS_LEAF_VENDOR);
	assert_string_equal(f.vendor, "KVMKVMKVM");
}

static void test_wrong_interface(void **state)
{
	struct hvtlfs_cpuid_dump d;
	struct hvtlfs_features f;

	(void)state;
	base_dump(&d, 0x40000005u);
	d.hv[1][0] = 0x30237648u; /* "Hv#0" */
	assert_int_equal(hvtlfs_features_decode(&f, &d), HVTLFS_ERR_NOT_HYPERV);
	assert_int_equal(f.leaves, HVTLFS_LEAF_VENDOR);
	d.hv[1][0] = 0;
	assert_int_equal(hvtlfs_features_decode(&f, &d), HVTLFS_ERR_NOT_HYPERV);
}

static void test_max_leaf_too_low(void **state)
{
	struct hvtlfs_cpuid_dump d;
	struct hvtlfs_features f;

	(void)state;
	base_dump(&d, 0x40000000u);
	d.hv[1][0] = HV1; /* present in the dump, but above the maximum */
	assert_int_equal(hvtlfs_features_decode(&f, &d), HVTLFS_ERR_LEAF_UNAVAILABLE);
	assert_int_equal(f.max_leaf, 0x40000000u);
	assert_int_equal(f.leaves, HVTLFS_LEAF_VENDOR);
	/* A maximum below the hypervisor range at all. */
	base_dump(&d, 0x0000000Du);
	assert_int_equal(hvtlfs_features_decode(&f, &d), HVTLFS_ERR_LEAF_UNAVAILABLE);
}

/* Leaves above the maximum are reported absent and never read (they hold 0xFF..). */
static void test_missing_leaves_reported(void **state)
{
	struct hvtlfs_cpuid_dump d;
	struct hvtlfs_features f;

	(void)state;
	base_dump(&d, 0x40000003u);
	d.hv[3][0] = 1u << 5;
	assert_int_equal(hvtlfs_features_decode(&f, &d), HVTLFS_OK);
	assert_int_equal(f.leaves, HVTLFS_LEAF_VENDOR | HVTLFS_LEAF_INTERFACE |
					   HVTLFS_LEAF_VERSION | HVTLFS_LEAF_FEATURES);
	assert_true(f.hypercall_msrs);
	assert_int_equal(f.hints_eax, 0);
	assert_int_equal(f.spinlock_retries, 0);
	assert_int_equal(f.max_vps, 0);
	assert_int_equal(f.nested.eax, 0);
	assert_int_equal(f.nested_status, HVTLFS_ERR_LEAF_UNAVAILABLE);
	assert_int_equal(hvtlfs_features_require(&f, HVTLFS_LEAF_FEATURES), HVTLFS_OK);
	assert_int_equal(hvtlfs_features_require(&f, HVTLFS_LEAF_HINTS),
			 HVTLFS_ERR_LEAF_UNAVAILABLE);
	assert_int_equal(hvtlfs_features_require(&f, HVTLFS_LEAF_LIMITS | HVTLFS_LEAF_VENDOR),
			 HVTLFS_ERR_LEAF_UNAVAILABLE);
	assert_int_equal(hvtlfs_features_require(&f, HVTLFS_LEAF_NESTED),
			 HVTLFS_ERR_LEAF_UNAVAILABLE);
	assert_int_equal(hvtlfs_bringup_check(&f), HVTLFS_ERR_LEAF_UNAVAILABLE);
	/* 0x40000005 present, 0x4000000A not. */
	base_dump(&d, 0x40000005u);
	assert_int_equal(hvtlfs_features_decode(&f, &d), HVTLFS_OK);
	assert_int_equal(f.leaves, HVTLFS_LEAF_TLFS_MINIMUM);
	assert_int_equal(hvtlfs_features_require(&f, HVTLFS_LEAF_NESTED),
			 HVTLFS_ERR_LEAF_UNAVAILABLE);
}

static void test_require_errors(void **state)
{
	struct hvtlfs_features f;
	struct hvtlfs_cpuid_dump d;

	(void)state;
	base_dump(&d, 0x4000000Au);
	assert_int_equal(hvtlfs_features_decode(&f, &d), HVTLFS_OK);
	assert_int_equal(f.leaves, HVTLFS_LEAF_ALL);
	assert_int_equal(hvtlfs_features_require(&f, HVTLFS_LEAF_ALL), HVTLFS_OK);
	assert_int_equal(hvtlfs_features_require(&f, 1u << 6), HVTLFS_ERR_INVALID_ARG);
	assert_int_equal(hvtlfs_features_require(&f, 1u << 11), HVTLFS_ERR_INVALID_ARG);
	assert_int_equal(hvtlfs_features_require(NULL, HVTLFS_LEAF_VENDOR), HVTLFS_ERR_NULL);
	assert_int_equal(hvtlfs_features_decode(NULL, &d), HVTLFS_ERR_NULL);
	assert_int_equal(hvtlfs_features_decode(&f, NULL), HVTLFS_ERR_NULL);
	assert_int_equal(hvtlfs_bringup_check(NULL), HVTLFS_ERR_NULL);
}

/* Leaf 0x40000002: build 14393 (0x3839), version 10.0, SP 0, branch 0x0A, number 0x123. */
static void test_leaf_version(void **state)
{
	struct hvtlfs_cpuid_dump d;
	struct hvtlfs_features f;

	(void)state;
	base_dump(&d, 0x40000005u);
	d.hv[2][0] = 0x00003839u;
	d.hv[2][1] = 0x000A0000u;
	d.hv[2][2] = 0x00000002u;
	d.hv[2][3] = 0x0A000123u;
	assert_int_equal(hvtlfs_features_decode(&f, &d), HVTLFS_OK);
	assert_int_equal(f.version.build, 14393);
	assert_int_equal(f.version.major, 10);
	assert_int_equal(f.version.minor, 0);
	assert_int_equal(f.version.service_pack, 2);
	assert_int_equal(f.version.service_branch, 0x0A);
	assert_int_equal(f.version.service_number, 0x123);
	d.hv[2][1] = 0xFFFE0001u;
	d.hv[2][3] = 0xFFFFFFFFu;
	assert_int_equal(hvtlfs_features_decode(&f, &d), HVTLFS_OK);
	assert_int_equal(f.version.major, 0xFFFE);
	assert_int_equal(f.version.minor, 1);
	assert_int_equal(f.version.service_branch, 0xFF);
	assert_int_equal(f.version.service_number, 0xFFFFFF);
}

/* Every boolean of the struct, as a bit set, so one test can say "only this one". */
enum flag {
	F_HYPERCALL_MSRS,
	F_VP_INDEX_MSR,
	F_POST_MESSAGES,
	F_SIGNAL_EVENTS,
	F_EXTENDED_HYPERCALLS,
	F_ISOLATION,
	F_XMM_INPUT,
	F_XMM_OUTPUT,
	F_EXT_GVA_RANGES,
	F_HYPERCALL_MSR_LOCK,
	F_REMOTE_TLB_FLUSH,
	F_DEPRECATE_AUTO_EOI,
	F_CLUSTER_IPI,
	F_EX_MASKS,
	F_NESTED_HV,
	F_EVMCS,
	F_DIRECT_FLUSH,
	F_GPA_FLUSH,
	F_MSR_BITMAP,
};

static uint32_t flags_of(const struct hvtlfs_features *f)
{
	uint32_t m = 0;

#define FLAG_(cond, bit)                                                                           \
	if (cond)                                                                                  \
	m |= 1u << (bit)
	FLAG_(f->hypercall_msrs, F_HYPERCALL_MSRS);
	FLAG_(f->vp_index_msr, F_VP_INDEX_MSR);
	FLAG_(f->post_messages, F_POST_MESSAGES);
	FLAG_(f->signal_events, F_SIGNAL_EVENTS);
	FLAG_(f->extended_hypercalls, F_EXTENDED_HYPERCALLS);
	FLAG_(f->isolation, F_ISOLATION);
	FLAG_(f->xmm_input, F_XMM_INPUT);
	FLAG_(f->xmm_output, F_XMM_OUTPUT);
	FLAG_(f->ext_gva_ranges, F_EXT_GVA_RANGES);
	FLAG_(f->hypercall_msr_lock, F_HYPERCALL_MSR_LOCK);
	FLAG_(f->remote_tlb_flush_recommended, F_REMOTE_TLB_FLUSH);
	FLAG_(f->deprecate_auto_eoi, F_DEPRECATE_AUTO_EOI);
	FLAG_(f->cluster_ipi_recommended, F_CLUSTER_IPI);
	FLAG_(f->ex_processor_masks_recommended, F_EX_MASKS);
	FLAG_(f->nested_hypervisor, F_NESTED_HV);
	FLAG_(f->evmcs_recommended, F_EVMCS);
	FLAG_(f->nested.direct_virtual_flush, F_DIRECT_FLUSH);
	FLAG_(f->nested.gpa_flush_hypercalls, F_GPA_FLUSH);
	FLAG_(f->nested.enlightened_msr_bitmap, F_MSR_BITMAP);
#undef FLAG_
	return m;
}

/* From the TLFS tables: leaf, register, bit, the one flag it sets. */
static const struct {
	unsigned leaf_index, reg, bit;
	enum flag flag;
} bit_table[] = {
	{ 3, 0, 5, F_HYPERCALL_MSRS },	     /* AccessHypercallMsrs */
	{ 3, 0, 6, F_VP_INDEX_MSR },	     /* AccessVpIndex */
	{ 3, 1, 4, F_POST_MESSAGES },	     /* PostMessages (privilege bit 36) */
	{ 3, 1, 5, F_SIGNAL_EVENTS },	     /* SignalEvents (privilege bit 37) */
	{ 3, 1, 20, F_EXTENDED_HYPERCALLS }, /* EnableExtendedHypercalls (bit 52) */
	{ 3, 1, 22, F_ISOLATION },	     /* Isolation (bit 54; reserved in the TLFS text) */
	{ 3, 3, 4, F_XMM_INPUT },	     /* XMM registers for hypercall input */
	{ 3, 3, 14, F_EXT_GVA_RANGES },	     /* ExtendedGvaRangesForFlushVirtualAddressList */
	{ 3, 3, 15, F_XMM_OUTPUT },	     /* XMM registers for hypercall output */
	{ 3, 3, 18, F_HYPERCALL_MSR_LOCK },  /* HypercallMsrLockAvailable */
	{ 4, 0, 2, F_REMOTE_TLB_FLUSH },     /* remote TLB flush by hypercall */
	{ 4, 0, 9, F_DEPRECATE_AUTO_EOI },   /* deprecate AutoEOI */
	{ 4, 0, 10, F_CLUSTER_IPI },	     /* SyntheticClusterIpi */
	{ 4, 0, 11, F_EX_MASKS },	     /* ExProcessorMasks */
	{ 4, 0, 12, F_NESTED_HV },	     /* nested within a Hyper-V partition */
	{ 4, 0, 14, F_EVMCS },		     /* enlightened VMCS */
	{ 10, 0, 17, F_DIRECT_FLUSH },	     /* direct virtual flush */
	{ 10, 0, 18, F_GPA_FLUSH },	     /* HvFlushGuestPhysicalAddress{Space,List} */
	{ 10, 0, 19, F_MSR_BITMAP },	     /* enlightened MSR bitmap */
};

static void test_leaf_bits_one_by_one(void **state)
{
	struct hvtlfs_cpuid_dump d;
	struct hvtlfs_features f;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(bit_table) / sizeof(bit_table[0]); i++) {
		base_dump(&d, 0x4000000Au);
		d.hv[bit_table[i].leaf_index][bit_table[i].reg] = 1u << bit_table[i].bit;
		assert_int_equal(hvtlfs_features_decode(&f, &d), HVTLFS_OK);
		if (flags_of(&f) != 1u << bit_table[i].flag)
			fail_msg("leaf 0x%x reg %u bit %u: flags 0x%x, want 0x%x",
				 0x40000000u + bit_table[i].leaf_index, bit_table[i].reg,
				 bit_table[i].bit, flags_of(&f), 1u << bit_table[i].flag);
	}
	/* Bits the struct does not name set nothing (kept raw). */
	base_dump(&d, 0x4000000Au);
	d.hv[3][0] = ~((1u << 5) | (1u << 6));
	d.hv[3][1] = ~((1u << 4) | (1u << 5) | (1u << 20) | (1u << 22));
	d.hv[3][3] = ~((1u << 4) | (1u << 14) | (1u << 15) | (1u << 18));
	d.hv[4][0] = ~((1u << 2) | (1u << 9) | (1u << 10) | (1u << 11) | (1u << 12) | (1u << 14));
	assert_int_equal(hvtlfs_features_decode(&f, &d), HVTLFS_OK);
	assert_int_equal(flags_of(&f), 0);
	assert_true(f.privileges == (((uint64_t)d.hv[3][1] << 32) | d.hv[3][0]));
	assert_int_equal(f.features_edx, d.hv[3][3]);
	assert_int_equal(f.hints_eax, d.hv[4][0]);
}

static void test_leaf_hints_values_and_limits(void **state)
{
	struct hvtlfs_cpuid_dump d;
	struct hvtlfs_features f;

	(void)state;
	base_dump(&d, 0x40000005u);
	d.hv[4][1] = 0x00000FFFu;	/* spinlock retries */
	d.hv[4][2] = 0xFFFFFF80u | 46u; /* bits 31-7 reserved, 6-0: 46 */
	d.hv[5][0] = 240;		/* max VPs */
	d.hv[5][1] = 512;		/* max LPs */
	d.hv[5][2] = 0x5E;		/* interrupt vectors: not decoded */
	assert_int_equal(hvtlfs_features_decode(&f, &d), HVTLFS_OK);
	assert_int_equal(f.spinlock_retries, 0xFFF);
	assert_int_equal(f.phys_addr_bits, 46);
	assert_int_equal(f.max_vps, 240);
	assert_int_equal(f.max_lps, 512);
	d.hv[4][1] = 0xFFFFFFFFu; /* never notify */
	assert_int_equal(hvtlfs_features_decode(&f, &d), HVTLFS_OK);
	assert_int_equal(f.spinlock_retries, 0xFFFFFFFFu);
}

static void test_leaf_nested(void **state)
{
	struct hvtlfs_cpuid_dump d;
	struct hvtlfs_features f;

	(void)state;
	/* eVMCS 1..1, bits 17, 18, 19: 0x000E0101. */
	base_dump(&d, 0x4000000Au);
	d.hv[10][0] = 0x000E0101u;
	assert_int_equal(hvtlfs_features_decode(&f, &d), HVTLFS_OK);
	assert_int_equal(f.leaves & HVTLFS_LEAF_NESTED, HVTLFS_LEAF_NESTED);
	assert_int_equal(f.nested_status, HVTLFS_OK);
	assert_int_equal(f.nested.evmcs_version_low, 1);
	assert_int_equal(f.nested.evmcs_version_high, 1);
	assert_true(f.nested.direct_virtual_flush);
	assert_true(f.nested.gpa_flush_hypercalls);
	assert_true(f.nested.enlightened_msr_bitmap);
	/* Hyper-V on AMD (Windows 11 22000): bit 22, which the TLFS table reserves,
	 * decoded and named; an unknown bit reported, never an error. */
	d.hv[10][0] = 0x004A0000u;
	assert_int_equal(hvtlfs_features_decode(&f, &d), HVTLFS_OK);
	assert_int_equal(f.nested_status, HVTLFS_OK);
	assert_true(f.nested.enlightened_npt_tlb);
	assert_int_equal(f.nested.unknown_bits, 0);
	d.hv[10][0] = 0x00010101u;
	assert_int_equal(hvtlfs_features_decode(&f, &d), HVTLFS_OK);
	assert_int_equal(f.nested_status, HVTLFS_OK);
	assert_int_equal(f.nested.unknown_bits, 0x00010000u);
}

static void test_dump_leaf(void **state)
{
	struct hvtlfs_cpuid_dump d;
	uint32_t regs[4] = { 7, 7, 7, 7 };

	(void)state;
	base_dump(&d, 0x40000005u);
	d.hv[5][0] = 64;
	d.hv[5][1] = 320;
	assert_int_equal(hvtlfs_cpuid_dump_leaf(&d, 0x40000005u, regs), HVTLFS_OK);
	assert_int_equal(regs[0], 64);
	assert_int_equal(regs[1], 320);
	regs[0] = 7;
	assert_int_equal(hvtlfs_cpuid_dump_leaf(&d, 0x40000006u, regs),
			 HVTLFS_ERR_LEAF_UNAVAILABLE);
	assert_int_equal(hvtlfs_cpuid_dump_leaf(&d, 0x4000000Au, regs),
			 HVTLFS_ERR_LEAF_UNAVAILABLE);
	assert_int_equal(regs[0], 7);
	assert_int_equal(hvtlfs_cpuid_dump_leaf(&d, 0x4000000Bu, regs), HVTLFS_ERR_INVALID_ARG);
	assert_int_equal(hvtlfs_cpuid_dump_leaf(&d, 0x3FFFFFFFu, regs), HVTLFS_ERR_INVALID_ARG);
	assert_int_equal(hvtlfs_cpuid_dump_leaf(&d, 0x00000001u, regs), HVTLFS_ERR_INVALID_ARG);
	assert_int_equal(hvtlfs_cpuid_dump_leaf(NULL, 0x40000000u, regs), HVTLFS_ERR_NULL);
	assert_int_equal(hvtlfs_cpuid_dump_leaf(&d, 0x40000000u, NULL), HVTLFS_ERR_NULL);
}

/* ---- capture: which leaves get queried ---- */

struct cpuid_log {
	struct hvtlfs_cpuid_table table;
	uint32_t leaves[32];
	unsigned n;
};

static void logging_cpuid(void *ctx, uint32_t leaf, uint32_t subleaf, uint32_t regs[4])
{
	struct cpuid_log *log = ctx;

	if (log->n < 32)
		log->leaves[log->n] = leaf;
	log->n++;
	hvtlfs_cpuid_from_table(&log->table, leaf, subleaf, regs);
}

static void test_capture_queries(void **state)
{
	struct hvtlfs_cpuid_entry e[] = {
		{ 1, 0, { 0, 0, 0x80000000u, 0 } },
		{ 0x40000000u, 0, { 0x40000005u, VENDOR_EBX, VENDOR_ECX, VENDOR_EDX } },
		{ 0x40000001u, 0, { HV1, 0, 0, 0 } },
		{ 0x40000003u, 0, { 0x2E7Fu, 0x3B8030u, 0, 0xBED7B2u } },
		{ 0x4000000Au, 0, { 0x000E0101u, 0, 0, 0 } },
	};
	struct cpuid_log log;
	struct hvtlfs_cpuid_dump d;
	struct hvtlfs_features f;
	unsigned i;

	(void)state;
	memset(&log, 0, sizeof(log));
	log.table.entries = e;
	log.table.count = sizeof(e) / sizeof(e[0]);
	assert_int_equal(hvtlfs_cpuid_capture(&d, logging_cpuid, &log), HVTLFS_OK);
	assert_int_equal(log.n, 7); /* 1, then 0x40000000..0x40000005 */
	assert_int_equal(log.leaves[0], 1);
	for (i = 1; i < 7; i++)
		assert_int_equal(log.leaves[i], 0x40000000u + i - 1);
	assert_int_equal(d.hv[10][0], 0); /* never queried */
	assert_int_equal(d.hv[3][1], 0x3B8030u);

	/* A huge maximum stops at 0x4000000A. */
	e[1].regs[0] = 0x40000100u;
	log.n = 0;
	assert_int_equal(hvtlfs_detect(&f, logging_cpuid, &log), HVTLFS_OK);
	assert_int_equal(log.n, 12);
	assert_int_equal(log.leaves[11], 0x4000000Au);
	assert_int_equal(f.max_leaf, 0x40000100u);
	assert_int_equal(f.nested.evmcs_version_high, 1);

	/* No hypervisor: only leaf 1 is asked. */
	e[0].regs[2] = 0;
	log.n = 0;
	assert_int_equal(hvtlfs_cpuid_capture(&d, logging_cpuid, &log), HVTLFS_ERR_NOT_HYPERV);
	assert_int_equal(log.n, 1);
	log.n = 0;
	assert_int_equal(hvtlfs_detect(&f, logging_cpuid, &log), HVTLFS_ERR_NOT_HYPERV);
	assert_int_equal(log.n, 1);

	assert_int_equal(hvtlfs_cpuid_capture(NULL, logging_cpuid, &log), HVTLFS_ERR_NULL);
	assert_int_equal(hvtlfs_cpuid_capture(&d, NULL, &log), HVTLFS_ERR_NULL);
	assert_int_equal(hvtlfs_detect(NULL, logging_cpuid, &log), HVTLFS_ERR_NULL);
	assert_int_equal(hvtlfs_detect(&f, NULL, &log), HVTLFS_ERR_NULL);
}

static void test_cpuid_table_misses(void **state)
{
	const struct hvtlfs_cpuid_entry e[] = { { 0x40000000u, 1, { 1, 2, 3, 4 } } };
	struct hvtlfs_cpuid_table t = { e, 1 };
	uint32_t regs[4] = { 9, 9, 9, 9 };

	(void)state;
	hvtlfs_cpuid_from_table(&t, 0x40000000u, 0, regs); /* subleaf differs */
	assert_int_equal(regs[0] | regs[1] | regs[2] | regs[3], 0);
	hvtlfs_cpuid_from_table(&t, 0x40000000u, 1, regs);
	assert_int_equal(regs[3], 4);
	hvtlfs_cpuid_from_table(NULL, 1, 0, regs);
	assert_int_equal(regs[0] | regs[1] | regs[2] | regs[3], 0);
}

static void test_arch_override(void **state)
{
	uint32_t regs[4];

	(void)state;
	HVTLFS_ARCH_CPUID(0x40000003u, 7, regs);
	assert_int_equal(fake_cpuid_calls, 1);
	assert_int_equal(regs[0], 0x40000003u);
	assert_int_equal(regs[1], 7);
	HVTLFS_ARCH_WRMSR(HVTLFS_MSR_HYPERCALL, 0x1234000000001001ULL);
	assert_int_equal(fake_msr_number, HVTLFS_MSR_HYPERCALL);
	fake_msr_number = 0;
	assert_true(HVTLFS_ARCH_RDMSR(HVTLFS_MSR_VP_INDEX) == 0x1234000000001001ULL);
	assert_int_equal(fake_msr_number, HVTLFS_MSR_VP_INDEX);
}

/* The host this runs on: detection must answer cleanly either way. */
static void test_native_cpuid_runs(void **state)
{
	struct hvtlfs_features f;
	int rc;

	(void)state;
	rc = hvtlfs_detect(&f, hvtlfs_cpuid_native, NULL);
	assert_true(rc == HVTLFS_OK || rc == HVTLFS_ERR_NOT_HYPERV ||
		    rc == HVTLFS_ERR_LEAF_UNAVAILABLE);
}

static void test_bringup_check(void **state)
{
	struct hvtlfs_cpuid_dump d;
	struct hvtlfs_features f;

	(void)state;
	base_dump(&d, 0x40000005u);
	assert_int_equal(hvtlfs_features_decode(&f, &d), HVTLFS_OK);
	assert_int_equal(hvtlfs_bringup_check(&f), HVTLFS_ERR_NO_PRIVILEGE);
	d.hv[3][0] = 1u << 5;
	assert_int_equal(hvtlfs_features_decode(&f, &d), HVTLFS_OK);
	assert_int_equal(hvtlfs_bringup_check(&f), HVTLFS_OK);
}

/* ---- guest OS ID ---- */

static void test_guest_os_id(void **state)
{
	uint64_t v = 0x1234;

	(void)state;
	/* Linux 6.1.0 (version 0x00060100), os id 0, build 0. */
	assert_int_equal(hvtlfs_guest_os_id_encode(&v, 1, 0, 0x00060100u, 0), HVTLFS_OK);
	assert_true(v == 0x8100000601000000ULL);
	/* FreeBSD, os id 0x12, version 1, build 0x1234. */
	assert_int_equal(hvtlfs_guest_os_id_encode(&v, 2, 0x12, 1, 0x1234), HVTLFS_OK);
	assert_true(v == 0x8212000000011234ULL);
	/* Every field at its maximum. */
	assert_int_equal(hvtlfs_guest_os_id_encode(&v, 0x7F, 0xFF, 0xFFFFFFFFu, 0xFFFF), HVTLFS_OK);
	assert_true(v == 0xFFFFFFFFFFFFFFFFULL);
	/* Each field alone, at its position. */
	assert_int_equal(hvtlfs_guest_os_id_encode(&v, 4, 0, 0, 0), HVTLFS_OK);
	assert_true(v == 0x8400000000000000ULL);
	assert_int_equal(hvtlfs_guest_os_id_encode(&v, 1, 0x80, 0, 0), HVTLFS_OK);
	assert_true(v == 0x8180000000000000ULL);
	assert_int_equal(hvtlfs_guest_os_id_encode(&v, 1, 0, 0x80000000u, 0), HVTLFS_OK);
	assert_true(v == 0x8100800000000000ULL);
	assert_int_equal(hvtlfs_guest_os_id_encode(&v, 1, 0, 0, 0x8000), HVTLFS_OK);
	assert_true(v == 0x8100000000008000ULL);

	v = 0x1234;
	assert_int_equal(hvtlfs_guest_os_id_encode(&v, 0, 0, 0, 0), HVTLFS_ERR_INVALID_ARG);
	assert_int_equal(hvtlfs_guest_os_id_encode(&v, 0x80, 0, 0, 0), HVTLFS_ERR_INVALID_ARG);
	assert_int_equal(hvtlfs_guest_os_id_encode(&v, 1, 0x100, 0, 0), HVTLFS_ERR_INVALID_ARG);
	assert_int_equal(hvtlfs_guest_os_id_encode(&v, 1, 0, 0, 0x10000), HVTLFS_ERR_INVALID_ARG);
	assert_true(v == 0x1234);
	assert_int_equal(hvtlfs_guest_os_id_encode(NULL, 1, 0, 0, 0), HVTLFS_ERR_NULL);
}

/* Random in-range fields land in their bits; out-of-range ones are refused. */
static void test_guest_os_id_property(void **state)
{
	uint64_t v, r;
	uint32_t type, id, ver, build;
	int i;

	(void)state;
	rng_state = 0x05EEDu;
	for (i = 0; i < 20000; i++) {
		r = rng();
		type = 1u + (uint32_t)(r % 0x7Fu);
		id = (uint32_t)(r >> 8) & 0xFFu;
		ver = (uint32_t)(r >> 16);
		build = (uint32_t)(rng() & 0xFFFFu);
		assert_int_equal(hvtlfs_guest_os_id_encode(&v, type, id, ver, build), HVTLFS_OK);
		assert_true(v >> 63 == 1);
		assert_true(((v >> 56) & 0x7F) == type);
		assert_true(((v >> 48) & 0xFF) == id);
		assert_true(((v >> 16) & 0xFFFFFFFFULL) == ver);
		assert_true((v & 0xFFFF) == build);
		v = 0;
		r = rng();
		assert_int_equal(hvtlfs_guest_os_id_encode(&v, 0x80u + (uint32_t)(r & 0xFFFF), id,
							   ver, build),
				 HVTLFS_ERR_INVALID_ARG);
		assert_int_equal(hvtlfs_guest_os_id_encode(&v, type, 0x100u + (uint32_t)(r >> 40),
							   ver, build),
				 HVTLFS_ERR_INVALID_ARG);
		assert_int_equal(hvtlfs_guest_os_id_encode(&v, type, id, ver,
							   0x10000u + (uint32_t)(r >> 40)),
				 HVTLFS_ERR_INVALID_ARG);
		assert_true(v == 0);
	}
}

/* ---- MSR values ---- */

static void test_hypercall_msr_values(void **state)
{
	struct hvtlfs_hypercall_msr m = { true, false, 0, 0x12345 };
	uint64_t v = 0;

	(void)state;
	assert_int_equal(hvtlfs_hypercall_msr_encode(&v, &m), HVTLFS_OK);
	assert_true(v == 0x12345001ULL);
	m.locked = true;
	m.reserved = 0x3FF;
	m.gpfn = 0xFFFFFFFFFFFFFULL;
	assert_int_equal(hvtlfs_hypercall_msr_encode(&v, &m), HVTLFS_OK);
	assert_true(v == 0xFFFFFFFFFFFFFFFFULL);
	/* 0x5A7: enable, locked, reserved bits 2-11 = 0x169. */
	assert_int_equal(hvtlfs_hypercall_msr_decode(0x0000000000ABC5A7ULL, &m), HVTLFS_OK);
	assert_true(m.enable);
	assert_true(m.locked);
	assert_int_equal(m.reserved, 0x169);
	assert_true(m.gpfn == 0xABC);

	v = 77;
	m.reserved = 0x400;
	assert_int_equal(hvtlfs_hypercall_msr_encode(&v, &m), HVTLFS_ERR_INVALID_ARG);
	m.reserved = 0;
	m.gpfn = 1ULL << 52;
	assert_int_equal(hvtlfs_hypercall_msr_encode(&v, &m), HVTLFS_ERR_INVALID_ARG);
	assert_true(v == 77);
	assert_int_equal(hvtlfs_hypercall_msr_encode(NULL, &m), HVTLFS_ERR_NULL);
	assert_int_equal(hvtlfs_hypercall_msr_encode(&v, NULL), HVTLFS_ERR_NULL);
	assert_int_equal(hvtlfs_hypercall_msr_decode(0, NULL), HVTLFS_ERR_NULL);
}

static void test_vp_assist_msr_values(void **state)
{
	struct hvtlfs_vp_assist_msr m = { true, 0, 1 };
	uint64_t v = 0;

	(void)state;
	assert_int_equal(hvtlfs_vp_assist_msr_encode(&v, &m), HVTLFS_OK);
	assert_true(v == 0x1001ULL);
	m.enable = false;
	m.reserved = 0x7FF;
	m.gpfn = 0;
	assert_int_equal(hvtlfs_vp_assist_msr_encode(&v, &m), HVTLFS_OK);
	assert_true(v == 0xFFEULL);
	assert_int_equal(hvtlfs_vp_assist_msr_decode(0xABC003ULL, &m), HVTLFS_OK);
	assert_true(m.enable);
	assert_int_equal(m.reserved, 1);
	assert_true(m.gpfn == 0xABC);

	v = 77;
	m.reserved = 0x800;
	assert_int_equal(hvtlfs_vp_assist_msr_encode(&v, &m), HVTLFS_ERR_INVALID_ARG);
	m.reserved = 0;
	m.gpfn = 1ULL << 52;
	assert_int_equal(hvtlfs_vp_assist_msr_encode(&v, &m), HVTLFS_ERR_INVALID_ARG);
	assert_true(v == 77);
	assert_int_equal(hvtlfs_vp_assist_msr_encode(NULL, &m), HVTLFS_ERR_NULL);
	assert_int_equal(hvtlfs_vp_assist_msr_encode(&v, NULL), HVTLFS_ERR_NULL);
	assert_int_equal(hvtlfs_vp_assist_msr_decode(0, NULL), HVTLFS_ERR_NULL);
}

/* decode then encode is the identity on every 64-bit value. */
static void test_msr_values_roundtrip(void **state)
{
	struct hvtlfs_hypercall_msr h;
	struct hvtlfs_vp_assist_msr a;
	uint64_t v, w;
	int i;

	(void)state;
	rng_state = 0xB0B0CAFEULL;
	for (i = 0; i < 20000; i++) {
		v = rng();
		assert_int_equal(hvtlfs_hypercall_msr_decode(v, &h), HVTLFS_OK);
		assert_int_equal(hvtlfs_hypercall_msr_encode(&w, &h), HVTLFS_OK);
		assert_true(v == w);
		assert_true(h.gpfn == v >> 12);
		assert_int_equal(hvtlfs_vp_assist_msr_decode(v, &a), HVTLFS_OK);
		assert_int_equal(hvtlfs_vp_assist_msr_encode(&w, &a), HVTLFS_OK);
		assert_true(v == w);
		assert_true(a.enable == ((v & 1) != 0));
	}
}

/* ---- mocked MSR space ---- */

#define MOCK_GP (-1000) /* what a kernel's wrmsr_safe() might map a #GP to */

struct mock {
	uint64_t guest_os_id, hypercall, vp_index, vp_assist;
	bool stuck_hypercall; /* writes to the hypercall MSR are ignored */
	bool stuck_vp_assist; /* writes to the VP assist MSR are ignored */
	bool stuck_guest_id;  /* writes to the guest OS ID are ignored */
	uint64_t read_noise;  /* XORed into reserved bits on hypercall MSR reads */
	int fail_read_at;     /* 1-based op number that fails, 0 never */
	int fail_write_at;
	int ops, reads, writes;
	uint32_t wmsr[16];
	uint64_t wval[16];
};

static int mock_read(void *ctx, uint32_t msr, uint64_t *value)
{
	struct mock *m = ctx;

	m->ops++;
	m->reads++;
	if (m->fail_read_at == m->reads)
		return -99;
	switch (msr) {
	case HVTLFS_MSR_GUEST_OS_ID:
		*value = m->guest_os_id;
		return 0;
	case HVTLFS_MSR_HYPERCALL:
		*value = m->hypercall ^ (m->read_noise & HVTLFS_HYPERCALL_MSR_RESERVED_MASK);
		return 0;
	case HVTLFS_MSR_VP_INDEX:
		*value = m->vp_index;
		return 0;
	case HVTLFS_MSR_VP_ASSIST_PAGE:
		*value = m->vp_assist;
		return 0;
	default:
		return MOCK_GP;
	}
}

/* The hypervisor of the TLFS "Establishing the Hypercall Interface". */
static int mock_write(void *ctx, uint32_t msr, uint64_t value)
{
	struct mock *m = ctx;

	m->ops++;
	m->writes++;
	if (m->writes <= 16) {
		m->wmsr[m->writes - 1] = msr;
		m->wval[m->writes - 1] = value;
	}
	if (m->fail_write_at == m->writes)
		return -98;
	switch (msr) {
	case HVTLFS_MSR_GUEST_OS_ID:
		if (m->stuck_guest_id)
			return 0;
		m->guest_os_id = value;
		if (value == 0) /* clearing the identity disables the page */
			m->hypercall &= ~HVTLFS_HYPERCALL_MSR_ENABLE;
		return 0;
	case HVTLFS_MSR_HYPERCALL:
		if (m->hypercall & HVTLFS_HYPERCALL_MSR_LOCKED)
			return MOCK_GP; /* immutable until reset */
		if (m->stuck_hypercall)
			return 0;
		if (m->guest_os_id == 0) /* no identity: enable stays zero */
			value &= ~HVTLFS_HYPERCALL_MSR_ENABLE;
		m->hypercall = value;
		return 0;
	case HVTLFS_MSR_VP_ASSIST_PAGE:
		if (!m->stuck_vp_assist)
			m->vp_assist = value;
		return 0;
	default:
		return MOCK_GP;
	}
}

static struct hvtlfs_msr_ops mock_ops(struct mock *m)
{
	struct hvtlfs_msr_ops ops;

	ops.read = mock_read;
	ops.write = mock_write;
	ops.ctx = m;
	return ops;
}

#define LINUX_ID 0x8100000601000000ULL
#define OTHER_ID 0x8200000000010000ULL

static void test_enable_fresh_preserves_reserved(void **state)
{
	struct mock m;
	struct hvtlfs_msr_ops ops = mock_ops(&m);
	uint64_t out = 0;

	(void)state;
	memset(&m, 0, sizeof(m));
	m.hypercall = 0x5A4; /* reserved bits the "hypervisor" set */
	assert_int_equal(hvtlfs_hypercall_page_enable(&ops, LINUX_ID, 0x7FFFF000ULL, 36, &out),
			 HVTLFS_OK);
	assert_int_equal(m.writes, 2);
	assert_int_equal(m.wmsr[0], HVTLFS_MSR_GUEST_OS_ID);
	assert_true(m.wval[0] == LINUX_ID);
	assert_int_equal(m.wmsr[1], HVTLFS_MSR_HYPERCALL);
	assert_true(m.wval[1] == 0x7FFFF5A5ULL); /* GPFN | reserved as read | enable */
	assert_true(m.hypercall == 0x7FFFF5A5ULL);
	assert_true(out == 0x7FFFF5A5ULL);
	assert_true(m.guest_os_id == LINUX_ID);
}

static void test_enable_ignores_reserved_on_read(void **state)
{
	struct mock m;
	struct hvtlfs_msr_ops ops = mock_ops(&m);

	(void)state;
	memset(&m, 0, sizeof(m));
	m.guest_os_id = LINUX_ID;
	m.read_noise = 0x00CULL; /* reads report different reserved bits: ignored */
	assert_int_equal(hvtlfs_hypercall_page_enable(&ops, LINUX_ID, 0x1000, 32, NULL), HVTLFS_OK);
	assert_int_equal(m.writes, 1);			      /* identity already set */
	assert_true(m.wval[0] == (0x1000ULL | 0x00CULL | 1)); /* reserved as read */
}

static void test_enable_locked_elsewhere(void **state)
{
	struct mock m;
	struct hvtlfs_msr_ops ops = mock_ops(&m);
	uint64_t out = 55;

	(void)state;
	memset(&m, 0, sizeof(m));
	m.guest_os_id = OTHER_ID;
	m.hypercall = 0x1000 | HVTLFS_HYPERCALL_MSR_LOCKED | HVTLFS_HYPERCALL_MSR_ENABLE;
	assert_int_equal(hvtlfs_hypercall_page_enable(&ops, LINUX_ID, 0x2000, 36, &out),
			 HVTLFS_ERR_MSR_LOCKED);
	assert_int_equal(m.writes, 0);
	assert_true(m.guest_os_id == OTHER_ID);
	assert_true(out == 55);
	/* Locked while disabled: cannot be enabled either. */
	m.hypercall = 0x2000 | HVTLFS_HYPERCALL_MSR_LOCKED;
	assert_int_equal(hvtlfs_hypercall_page_enable(&ops, LINUX_ID, 0x2000, 36, NULL),
			 HVTLFS_ERR_MSR_LOCKED);
	assert_int_equal(m.writes, 0);
	/* Locked and enabled at the very page: the interface is already there. */
	m.hypercall = 0x2000 | HVTLFS_HYPERCALL_MSR_LOCKED | HVTLFS_HYPERCALL_MSR_ENABLE;
	assert_int_equal(hvtlfs_hypercall_page_enable(&ops, OTHER_ID, 0x2000, 36, &out), HVTLFS_OK);
	assert_int_equal(m.writes, 0);
	assert_true(out == m.hypercall);
}

static void test_enable_already_and_relocate(void **state)
{
	struct mock m;
	struct hvtlfs_msr_ops ops = mock_ops(&m);

	(void)state;
	memset(&m, 0, sizeof(m));
	m.guest_os_id = LINUX_ID;
	m.hypercall = 0x3000 | 0x800 | HVTLFS_HYPERCALL_MSR_ENABLE;
	assert_int_equal(hvtlfs_hypercall_page_enable(&ops, LINUX_ID, 0x3000, 36, NULL), HVTLFS_OK);
	assert_int_equal(m.writes, 0);
	assert_int_equal(hvtlfs_hypercall_page_enable(&ops, LINUX_ID, 0x9000, 36, NULL), HVTLFS_OK);
	assert_int_equal(m.writes, 1);
	assert_true(m.hypercall == (0x9000 | 0x800 | HVTLFS_HYPERCALL_MSR_ENABLE));
}

static void test_enable_readback_mismatch_restores(void **state)
{
	struct mock m;
	struct hvtlfs_msr_ops ops = mock_ops(&m);
	uint64_t out = 55;

	(void)state;
	memset(&m, 0, sizeof(m));
	m.hypercall = 0x404;
	m.stuck_hypercall = true;
	assert_int_equal(hvtlfs_hypercall_page_enable(&ops, LINUX_ID, 0x5000, 36, &out),
			 HVTLFS_ERR_READBACK);
	assert_true(m.hypercall == 0x404);
	assert_true(m.guest_os_id == 0); /* identity written, then taken back */
	assert_true(out == 55);
	assert_int_equal(m.wmsr[m.writes - 1], HVTLFS_MSR_GUEST_OS_ID);
	assert_true(m.wval[m.writes - 1] == 0);

	/* The hypervisor refuses the identity: nothing else is tried. */
	memset(&m, 0, sizeof(m));
	m.stuck_guest_id = true;
	assert_int_equal(hvtlfs_hypercall_page_enable(&ops, LINUX_ID, 0x5000, 36, NULL),
			 HVTLFS_ERR_READBACK);
	assert_true(m.hypercall == 0);
	for (int i = 0; i < m.writes; i++)
		assert_int_equal(m.wmsr[i], HVTLFS_MSR_GUEST_OS_ID);
}

/* A hypervisor that accepts the identity yet leaves enable at zero. */
static int mock_write_enable_sticks_zero(void *ctx, uint32_t msr, uint64_t value)
{
	if (msr == HVTLFS_MSR_HYPERCALL)
		value &= ~HVTLFS_HYPERCALL_MSR_ENABLE;
	return mock_write(ctx, msr, value);
}

static void test_enable_bit_refused(void **state)
{
	struct mock m;
	struct hvtlfs_msr_ops ops = mock_ops(&m);

	(void)state;
	memset(&m, 0, sizeof(m));
	m.guest_os_id = OTHER_ID;
	m.hypercall = 0xAB000;
	ops.write = mock_write_enable_sticks_zero;
	assert_int_equal(hvtlfs_hypercall_page_enable(&ops, LINUX_ID, 0xCD000, 40, NULL),
			 HVTLFS_ERR_READBACK);
	assert_true(m.hypercall == 0xAB000);
	assert_true(m.guest_os_id == OTHER_ID);
}

static void test_enable_ops_errors(void **state)
{
	struct mock m;
	struct hvtlfs_msr_ops ops = mock_ops(&m);

	(void)state;
	/* First read fails: nothing written. */
	memset(&m, 0, sizeof(m));
	m.fail_read_at = 1;
	assert_int_equal(hvtlfs_hypercall_page_enable(&ops, LINUX_ID, 0x5000, 36, NULL), -99);
	assert_int_equal(m.writes, 0);
	/* Guest ID read fails. */
	memset(&m, 0, sizeof(m));
	m.fail_read_at = 2;
	assert_int_equal(hvtlfs_hypercall_page_enable(&ops, LINUX_ID, 0x5000, 36, NULL), -99);
	assert_int_equal(m.writes, 0);
	/* The hypercall MSR write fails: the identity is restored. */
	memset(&m, 0, sizeof(m));
	m.hypercall = 0x10;
	m.fail_write_at = 2;
	assert_int_equal(hvtlfs_hypercall_page_enable(&ops, LINUX_ID, 0x5000, 36, NULL), -98);
	assert_true(m.hypercall == 0x10);
	assert_true(m.guest_os_id == 0);
	/* The read-back of the hypercall MSR fails (reads: hc, id, id rb, hc rb). */
	memset(&m, 0, sizeof(m));
	m.fail_read_at = 4;
	assert_int_equal(hvtlfs_hypercall_page_enable(&ops, LINUX_ID, 0x5000, 36, NULL), -99);
	assert_true(m.hypercall == 0);
	assert_true(m.guest_os_id == 0);
}

static void test_enable_bad_input(void **state)
{
	struct mock m;
	struct hvtlfs_msr_ops ops = mock_ops(&m);
	struct hvtlfs_msr_ops half = ops;

	(void)state;
	memset(&m, 0, sizeof(m));
	m.guest_os_id = OTHER_ID;
	m.hypercall = 0x404;
	assert_int_equal(hvtlfs_hypercall_page_enable(NULL, LINUX_ID, 0x5000, 36, NULL),
			 HVTLFS_ERR_NULL);
	half.read = NULL;
	assert_int_equal(hvtlfs_hypercall_page_enable(&half, LINUX_ID, 0x5000, 36, NULL),
			 HVTLFS_ERR_NULL);
	half = ops;
	half.write = NULL;
	assert_int_equal(hvtlfs_hypercall_page_enable(&half, LINUX_ID, 0x5000, 36, NULL),
			 HVTLFS_ERR_NULL);
	assert_int_equal(hvtlfs_hypercall_page_enable(&ops, 0, 0x5000, 36, NULL),
			 HVTLFS_ERR_OS_ID_ZERO);
	assert_int_equal(hvtlfs_hypercall_page_enable(&ops, LINUX_ID, 0x5001, 36, NULL),
			 HVTLFS_ERR_ALIGNMENT);
	assert_int_equal(hvtlfs_hypercall_page_enable(&ops, LINUX_ID, 0x5800, 36, NULL),
			 HVTLFS_ERR_ALIGNMENT);
	assert_int_equal(hvtlfs_hypercall_page_enable(&ops, LINUX_ID, 1ULL << 36, 36, NULL),
			 HVTLFS_ERR_ADDRESS_WIDTH);
	assert_int_equal(hvtlfs_hypercall_page_enable(&ops, LINUX_ID, 1ULL << 63, 52, NULL),
			 HVTLFS_ERR_ADDRESS_WIDTH);
	assert_int_equal(hvtlfs_hypercall_page_enable(&ops, LINUX_ID, 0x5000, 11, NULL),
			 HVTLFS_ERR_INVALID_ARG);
	assert_int_equal(hvtlfs_hypercall_page_enable(&ops, LINUX_ID, 0x5000, 0, NULL),
			 HVTLFS_ERR_INVALID_ARG);
	assert_int_equal(hvtlfs_hypercall_page_enable(&ops, LINUX_ID, 0x5000, 65, NULL),
			 HVTLFS_ERR_INVALID_ARG);
	assert_int_equal(m.ops, 0); /* not even a read */
	assert_true(m.guest_os_id == OTHER_ID);
	assert_true(m.hypercall == 0x404);
	/* The highest page below the width is fine; so is the top page at width 64. */
	assert_int_equal(
		hvtlfs_hypercall_page_enable(&ops, LINUX_ID, (1ULL << 36) - 4096, 36, NULL),
		HVTLFS_OK);
	assert_int_equal(
		hvtlfs_hypercall_page_enable(&ops, LINUX_ID, 0xFFFFFFFFFFFFF000ULL, 64, NULL),
		HVTLFS_OK);
	assert_true(m.hypercall == (0xFFFFFFFFFFFFF000ULL | 0x404 | 1));
}

/*
 * Random MSR states, pages, widths and hypervisor misbehaviour: success leaves the
 * page enabled where asked with the reserved bits as they were; every error leaves
 * both MSRs exactly as they were.
 */
static void test_enable_property(void **state)
{
	struct mock m;
	struct hvtlfs_msr_ops ops = mock_ops(&m);
	uint64_t hc0, id0, id, page, r;
	uint32_t width;
	int i, rc, ok = 0, locked = 0, readback = 0, input = 0, rderr = 0;

	(void)state;
	rng_state = 0xE4AB1Eu;
	for (i = 0; i < 20000; i++) {
		memset(&m, 0, sizeof(m));
		r = rng();
		m.guest_os_id = (r & 3) == 0 ? 0 : rng();
		m.hypercall = rng() & ~((r & 4) ? 0 : HVTLFS_HYPERCALL_MSR_LOCKED);
		if (m.guest_os_id == 0) /* the hypervisor keeps enable clear without an id */
			m.hypercall &= ~HVTLFS_HYPERCALL_MSR_ENABLE;
		m.stuck_hypercall = (r & 0x18) == 0x18;
		m.stuck_guest_id = (r & 0x60) == 0x60;
		m.fail_read_at = (r & 0x380) == 0x380 ? (int)((r >> 10) & 3) + 1 : 0;
		id = (r & 0x1000) ? m.guest_os_id : rng();
		width = 10u + (uint32_t)((r >> 13) % 57u);
		page = rng();
		if (r & 0x400000) /* mostly in range and aligned */
			page &= width >= 64 ? ~0xFFFULL : (HVTLFS_MASK64(width) & ~0xFFFULL);
		if ((r & 0x3000000) == 0) /* sometimes the page already programmed */
			page = m.hypercall & HVTLFS_HYPERCALL_MSR_GPFN_MASK;
		hc0 = m.hypercall;
		id0 = m.guest_os_id;
		rc = hvtlfs_hypercall_page_enable(&ops, id, page, width, NULL);
		switch (rc) {
		case HVTLFS_OK:
			ok++;
			assert_true((m.hypercall & HVTLFS_HYPERCALL_MSR_ENABLE) != 0);
			assert_true((m.hypercall & HVTLFS_HYPERCALL_MSR_GPFN_MASK) == page);
			assert_true((m.hypercall & HVTLFS_HYPERCALL_MSR_RESERVED_MASK) ==
				    (hc0 & HVTLFS_HYPERCALL_MSR_RESERVED_MASK));
			assert_true((m.hypercall & HVTLFS_HYPERCALL_MSR_LOCKED) ==
				    (hc0 & HVTLFS_HYPERCALL_MSR_LOCKED));
			assert_true(m.guest_os_id == id);
			continue;
		case HVTLFS_ERR_MSR_LOCKED:
			locked++;
			assert_int_equal(m.writes, 0);
			break;
		case HVTLFS_ERR_READBACK:
			readback++;
			break;
		case -99:
			rderr++;
			break;
		case HVTLFS_ERR_OS_ID_ZERO:
		case HVTLFS_ERR_ALIGNMENT:
		case HVTLFS_ERR_ADDRESS_WIDTH:
		case HVTLFS_ERR_INVALID_ARG:
			input++;
			assert_int_equal(m.ops, 0);
			break;
		default:
			fail_msg("unexpected %d (%s)", rc, hvtlfs_strerror(rc));
		}
		if (m.hypercall != hc0 || m.guest_os_id != id0)
			fail_msg("iteration %d: %s left hc 0x%llx id 0x%llx, were 0x%llx 0x%llx", i,
				 hvtlfs_strerror(rc), (unsigned long long)m.hypercall,
				 (unsigned long long)m.guest_os_id, (unsigned long long)hc0,
				 (unsigned long long)id0);
	}
	/* Every outcome was exercised. */
	assert_true(ok > 100 && locked > 100 && readback > 100 && input > 100 && rderr > 100);
}

static void test_disable(void **state)
{
	struct mock m;
	struct hvtlfs_msr_ops ops = mock_ops(&m);

	(void)state;
	memset(&m, 0, sizeof(m));
	m.guest_os_id = LINUX_ID;
	m.hypercall = 0x7000 | 0x5A4 | 1;
	assert_int_equal(hvtlfs_hypercall_page_disable(&ops), HVTLFS_OK);
	assert_true(m.hypercall == (0x7000 | 0x5A4));
	assert_true(m.guest_os_id == LINUX_ID);
	assert_int_equal(m.writes, 1);
	/* Already disabled: nothing written. */
	assert_int_equal(hvtlfs_hypercall_page_disable(&ops), HVTLFS_OK);
	assert_int_equal(m.writes, 1);
	/* Locked while enabled. */
	m.hypercall = 0x7000 | HVTLFS_HYPERCALL_MSR_LOCKED | 1;
	assert_int_equal(hvtlfs_hypercall_page_disable(&ops), HVTLFS_ERR_MSR_LOCKED);
	assert_int_equal(m.writes, 1);
	/* Stuck: read-back still enabled, original written back. */
	m.hypercall = 0x7000 | 1;
	m.stuck_hypercall = true;
	assert_int_equal(hvtlfs_hypercall_page_disable(&ops), HVTLFS_ERR_READBACK);
	assert_true(m.hypercall == (0x7000 | 1));
	assert_true(m.wval[m.writes - 1] == (0x7000 | 1));
	/* Errors. */
	m.stuck_hypercall = false;
	m.reads = 0;
	m.fail_read_at = 1;
	assert_int_equal(hvtlfs_hypercall_page_disable(&ops), -99);
	assert_int_equal(hvtlfs_hypercall_page_disable(NULL), HVTLFS_ERR_NULL);
}

static void test_vp_assist(void **state)
{
	struct mock m;
	struct hvtlfs_msr_ops ops = mock_ops(&m);
	uint64_t out = 0;

	(void)state;
	memset(&m, 0, sizeof(m));
	m.vp_assist = 0xFFE; /* reserved bits 1-11 set by the "hypervisor" */
	assert_int_equal(hvtlfs_vp_assist_enable(&ops, 0x123456000ULL, 40, &out), HVTLFS_OK);
	assert_true(m.vp_assist == 0x123456FFFULL);
	assert_true(out == 0x123456FFFULL);
	assert_int_equal(m.writes, 1);
	/* Same page again: no write. */
	assert_int_equal(hvtlfs_vp_assist_enable(&ops, 0x123456000ULL, 40, NULL), HVTLFS_OK);
	assert_int_equal(m.writes, 1);
	/* Disable keeps GPFN and reserved bits. */
	assert_int_equal(hvtlfs_vp_assist_disable(&ops), HVTLFS_OK);
	assert_true(m.vp_assist == 0x123456FFEULL);
	assert_int_equal(hvtlfs_vp_assist_disable(&ops), HVTLFS_OK);
	assert_int_equal(m.writes, 2);
	/* Read-back mismatch: restored. */
	m.stuck_vp_assist = true;
	assert_int_equal(hvtlfs_vp_assist_enable(&ops, 0x8000, 40, NULL), HVTLFS_ERR_READBACK);
	assert_true(m.vp_assist == 0x123456FFEULL);
	m.vp_assist = 0x8001;
	assert_int_equal(hvtlfs_vp_assist_disable(&ops), HVTLFS_ERR_READBACK);
	assert_true(m.vp_assist == 0x8001);
	m.stuck_vp_assist = false;
	/* Bad input: nothing read or written. */
	m.ops = 0;
	assert_int_equal(hvtlfs_vp_assist_enable(&ops, 0x8008, 40, NULL), HVTLFS_ERR_ALIGNMENT);
	assert_int_equal(hvtlfs_vp_assist_enable(&ops, 1ULL << 40, 40, NULL),
			 HVTLFS_ERR_ADDRESS_WIDTH);
	assert_int_equal(hvtlfs_vp_assist_enable(&ops, 0x8000, 70, NULL), HVTLFS_ERR_INVALID_ARG);
	assert_int_equal(hvtlfs_vp_assist_enable(NULL, 0x8000, 40, NULL), HVTLFS_ERR_NULL);
	assert_int_equal(hvtlfs_vp_assist_disable(NULL), HVTLFS_ERR_NULL);
	assert_int_equal(m.ops, 0);
	assert_true(m.vp_assist == 0x8001);
	/* A failing write restores. */
	m.writes = 0;
	m.fail_write_at = 1;
	assert_int_equal(hvtlfs_vp_assist_enable(&ops, 0x9000, 40, NULL), -98);
	assert_true(m.vp_assist == 0x8001);
}

static void test_vp_index(void **state)
{
	struct mock m;
	struct hvtlfs_msr_ops ops = mock_ops(&m);
	uint32_t idx = 77;

	(void)state;
	memset(&m, 0, sizeof(m));
	m.vp_index = 5;
	assert_int_equal(hvtlfs_vp_index_read(&ops, &idx), HVTLFS_OK);
	assert_int_equal(idx, 5);
	m.vp_index = 0xFFFFFFFDu;
	assert_int_equal(hvtlfs_vp_index_read(&ops, &idx), HVTLFS_OK);
	assert_int_equal(idx, 0xFFFFFFFDu);
	idx = 77;
	m.vp_index = 0xFFFFFFFEu;
	assert_int_equal(hvtlfs_vp_index_read(&ops, &idx), HVTLFS_ERR_VP_RANGE);
	m.vp_index = 0x100000000ULL;
	assert_int_equal(hvtlfs_vp_index_read(&ops, &idx), HVTLFS_ERR_VP_RANGE);
	assert_int_equal(idx, 77);
	m.fail_read_at = m.reads + 1;
	assert_int_equal(hvtlfs_vp_index_read(&ops, &idx), -99);
	assert_int_equal(hvtlfs_vp_index_read(NULL, &idx), HVTLFS_ERR_NULL);
	assert_int_equal(hvtlfs_vp_index_read(&ops, NULL), HVTLFS_ERR_NULL);
	assert_int_equal(m.writes, 0);
}

/* The whole flow a hobby OS runs, against captured leaves and the mock. */
static void test_full_flow(void **state)
{
	const struct hvtlfs_cpuid_entry e[] = {
		{ 1, 0, { 0x000506F0u, 0, 0xFEF83203u, 0x1F8BFBFFu } },
		{ 0x40000000u, 0, { 0x4000000Bu, VENDOR_EBX, VENDOR_ECX, VENDOR_EDX } },
		{ 0x40000001u, 0, { HV1, 0, 0, 0 } },
		{ 0x40000002u, 0, { 20348, 0x000A0000u, 0, 0 } },
		{ 0x40000003u, 0, { 0x00002E7Fu, 0x003B8030u, 0, 0x0004C7B2u } },
		{ 0x40000004u, 0, { 0x00060E24u, 0x00000FFFu, 46, 0 } },
		{ 0x40000005u, 0, { 2048, 512, 0, 0 } },
	};
	struct hvtlfs_cpuid_table t = { e, sizeof(e) / sizeof(e[0]) };
	struct hvtlfs_features f;
	struct mock m;
	struct hvtlfs_msr_ops ops = mock_ops(&m);
	uint64_t id;
	uint32_t vp = 9;

	(void)state;
	assert_int_equal(hvtlfs_detect(&f, hvtlfs_cpuid_from_table, &t), HVTLFS_OK);
	assert_int_equal(hvtlfs_bringup_check(&f), HVTLFS_OK);
	assert_true(f.xmm_input);
	assert_true(f.ex_processor_masks_recommended);
	assert_int_equal(f.nested_status, HVTLFS_OK); /* zeros in the table: a valid leaf */
	assert_int_equal(hvtlfs_guest_os_id_encode(&id, HVTLFS_GUEST_OS_TYPE_LINUX, 0, 0x060100, 0),
			 HVTLFS_OK);
	memset(&m, 0, sizeof(m));
	m.vp_index = 3;
	assert_int_equal(
		hvtlfs_hypercall_page_enable(&ops, id, 0xFFFFE000ULL, f.phys_addr_bits, NULL),
		HVTLFS_OK);
	assert_int_equal(hvtlfs_vp_index_read(&ops, &vp), HVTLFS_OK);
	assert_int_equal(vp, 3);
	assert_true(m.hypercall == 0xFFFFE001ULL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_not_present),
		cmocka_unit_test(test_other_vendor_accepted),
		cmocka_unit_test(test_kvm_hyperv_template),
		cmocka_unit_test(test_kvm_without_hv1_refused),
		cmocka_unit_test(test_wrong_interface),
		cmocka_unit_test(test_max_leaf_too_low),
		cmocka_unit_test(test_missing_leaves_reported),
		cmocka_unit_test(test_require_errors),
		cmocka_unit_test(test_leaf_version),
		cmocka_unit_test(test_leaf_bits_one_by_one),
		cmocka_unit_test(test_leaf_hints_values_and_limits),
		cmocka_unit_test(test_leaf_nested),
		cmocka_unit_test(test_dump_leaf),
		cmocka_unit_test(test_capture_queries),
		cmocka_unit_test(test_cpuid_table_misses),
		cmocka_unit_test(test_arch_override),
		cmocka_unit_test(test_native_cpuid_runs),
		cmocka_unit_test(test_bringup_check),
		cmocka_unit_test(test_guest_os_id),
		cmocka_unit_test(test_guest_os_id_property),
		cmocka_unit_test(test_hypercall_msr_values),
		cmocka_unit_test(test_vp_assist_msr_values),
		cmocka_unit_test(test_msr_values_roundtrip),
		cmocka_unit_test(test_enable_fresh_preserves_reserved),
		cmocka_unit_test(test_enable_ignores_reserved_on_read),
		cmocka_unit_test(test_enable_locked_elsewhere),
		cmocka_unit_test(test_enable_already_and_relocate),
		cmocka_unit_test(test_enable_readback_mismatch_restores),
		cmocka_unit_test(test_enable_bit_refused),
		cmocka_unit_test(test_enable_ops_errors),
		cmocka_unit_test(test_enable_bad_input),
		cmocka_unit_test(test_enable_property),
		cmocka_unit_test(test_disable),
		cmocka_unit_test(test_vp_assist),
		cmocka_unit_test(test_vp_index),
		cmocka_unit_test(test_full_flow),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
