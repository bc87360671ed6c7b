/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Partition features: CPUID leaves 0x40000000-0x40000005 and 0x4000000A decoded
 * from vectors written from the TLFS "Feature and Interface Discovery" tables and
 * from what real hosts report, never from values the code under test printed.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "hvtlfs/bringup.h"
#include "hvtlfs/features.h"
#include "hvtlfs/nested.h"

#include "testutil.h"

/* A dump up to leaf 0x40000005 whose leaf 0x40000004 EAX is @eax, decoded. */
static int decode_hints(struct hvtlfs_features *f, uint32_t eax)
{
	struct hvtlfs_cpuid_dump d;

	testutil_cpuid_dump(&d, 0x40000005u);
	d.hv[4][0] = eax;
	return hvtlfs_features_decode(f, &d);
}

static void test_not_present(void **state)
{
	struct hvtlfs_cpuid_dump d;
	struct hvtlfs_features f;

	(void)state;
	testutil_cpuid_dump(&d, 0x4000000Au);
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
	testutil_cpuid_dump(&d, 0x40000005u);
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
	testutil_cpuid_dump(&d, 0x40000005u);
	d.hv[0][1] ^= 0x01000000u;
	assert_int_equal(hvtlfs_features_decode(&f, &d), HVTLFS_OK);
	assert_string_equal(f.vendor, "Micsosoft Hv");
	assert_int_equal(hvtlfs_features_require_microsoft(&f), HVTLFS_ERR_NOT_HYPERV);
	testutil_cpuid_dump(&d, 0x40000005u);
	d.hv[0][2] ^= 0x00000100u;
	assert_int_equal(hvtlfs_features_decode(&f, &d), HVTLFS_OK);
	assert_int_equal(hvtlfs_features_require_microsoft(&f), HVTLFS_ERR_NOT_HYPERV);
	testutil_cpuid_dump(&d, 0x40000005u);
	d.hv[0][3] ^= 0x00010000u;
	assert_int_equal(hvtlfs_features_decode(&f, &d), HVTLFS_OK);
	assert_int_equal(hvtlfs_features_require_microsoft(&f), HVTLFS_ERR_NOT_HYPERV);
	/* The real thing passes the strict check. */
	testutil_cpuid_dump(&d, 0x40000005u);
	assert_int_equal(hvtlfs_features_decode(&f, &d), HVTLFS_OK);
	assert_string_equal(f.vendor, "Microsoft Hv");
	assert_int_equal(hvtlfs_features_require_microsoft(&f), HVTLFS_OK);
	assert_int_equal(hvtlfs_features_require_microsoft(NULL), HVTLFS_ERR_NULL);
}

/* A KVM guest without Hyper-V enlightenments: leaf 0x40000001 holds KVM's own
 * feature bits, not "Hv#1". Still refused, its vendor still reported. */
static void test_kvm_without_hv1_refused(void **state)
{
	struct hvtlfs_cpuid_dump d;
	struct hvtlfs_features f;

	(void)state;
	testutil_cpuid_dump(&d, 0x40000001u);
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
	testutil_cpuid_dump(&d, 0x40000005u);
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
	testutil_cpuid_dump(&d, 0x40000000u);
	d.hv[1][0] = HV1; /* present in the dump, but above the maximum */
	assert_int_equal(hvtlfs_features_decode(&f, &d), HVTLFS_ERR_LEAF_UNAVAILABLE);
	assert_int_equal(f.max_leaf, 0x40000000u);
	assert_int_equal(f.leaves, HVTLFS_LEAF_VENDOR);
	/* A maximum below the hypervisor range at all. */
	testutil_cpuid_dump(&d, 0x0000000Du);
	assert_int_equal(hvtlfs_features_decode(&f, &d), HVTLFS_ERR_LEAF_UNAVAILABLE);
}

/* Leaves above the maximum are reported absent and never read (they hold 0xFF..). */
static void test_missing_leaves_reported(void **state)
{
	struct hvtlfs_cpuid_dump d;
	struct hvtlfs_features f;

	(void)state;
	testutil_cpuid_dump(&d, 0x40000003u);
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
	testutil_cpuid_dump(&d, 0x40000005u);
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
	testutil_cpuid_dump(&d, 0x4000000Au);
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
	testutil_cpuid_dump(&d, 0x40000005u);
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
		testutil_cpuid_dump(&d, 0x4000000Au);
		d.hv[bit_table[i].leaf_index][bit_table[i].reg] = 1u << bit_table[i].bit;
		assert_int_equal(hvtlfs_features_decode(&f, &d), HVTLFS_OK);
		if (flags_of(&f) != 1u << bit_table[i].flag)
			fail_msg("leaf 0x%x reg %u bit %u: flags 0x%x, want 0x%x",
				 0x40000000u + bit_table[i].leaf_index, bit_table[i].reg,
				 bit_table[i].bit, flags_of(&f), 1u << bit_table[i].flag);
	}
	/* Bits the struct does not name set nothing (kept raw). */
	testutil_cpuid_dump(&d, 0x4000000Au);
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
	testutil_cpuid_dump(&d, 0x40000005u);
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
	testutil_cpuid_dump(&d, 0x4000000Au);
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
	testutil_cpuid_dump(&d, 0x40000005u);
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

/* ---- leaf 0x4000000A ---- */
static void test_nested_leaf_vectors(void **state)
{
	struct hvtlfs_nested_features f;

	(void)state;
	/* Version 1..1, direct flush, GPA flush, enlightened MSR bitmap. */
	assert_int_equal(hvtlfs_features_decode_nested(&f, 0x000E0101u), HVTLFS_OK);
	assert_int_equal(f.eax, 0x000E0101u);
	assert_int_equal(f.evmcs_version_low, 1);
	assert_int_equal(f.evmcs_version_high, 1);
	assert_true(f.direct_virtual_flush);
	assert_true(f.gpa_flush_hypercalls);
	assert_true(f.enlightened_msr_bitmap);
	assert_false(f.virt_exception_pf);
	assert_false(f.enlightened_npt_tlb);
	assert_int_equal(f.unknown_bits, 0);

	assert_int_equal(hvtlfs_features_decode_nested(&f, 0x00100000u), HVTLFS_OK);
	assert_true(f.virt_exception_pf);
	assert_false(f.direct_virtual_flush);
	assert_int_equal(f.evmcs_version_low, 0);

	assert_int_equal(hvtlfs_features_decode_nested(&f, 0), HVTLFS_OK);
	assert_false(f.gpa_flush_hypercalls);

	/* Bits the TLFS table calls reserved: decoded where named, reported where
	 * not, never an error. */
	assert_int_equal(hvtlfs_features_decode_nested(&f, 0x00010101u), HVTLFS_OK);
	assert_int_equal(f.unknown_bits, 0x00010000u);
	assert_int_equal(f.evmcs_version_high, 1);
	assert_int_equal(hvtlfs_features_decode_nested(&f, 0x80000000u), HVTLFS_OK);
	assert_int_equal(f.unknown_bits, 0x80000000u);
	assert_int_equal(hvtlfs_features_decode_nested(&f, 0xFFFFFFFFu), HVTLFS_OK);
	assert_int_equal(f.unknown_bits, 0xFFA10000u); /* 16, 21, 23-31 */
	assert_true(f.enlightened_npt_tlb);
}

/*
 * What real hosts report (Linux prints "Hyper-V: Nested features: 0x..." at boot):
 * Hyper-V on AMD sets bit 22, enlightened NPT TLB flush, which the TLFS table
 * still calls reserved; an Intel Windows 11 22621 host sets bit 21, which nothing
 * names yet. Both decode, neither is refused.
 */
static void test_nested_leaf_real_hosts(void **state)
{
	struct hvtlfs_nested_features f;
	uint32_t v = 77;

	(void)state;
	/* AMD host, Windows 11 build 22000: direct flush, MSR bitmap, NPT TLB, no eVMCS. */
	assert_int_equal(hvtlfs_features_decode_nested(&f, 0x004A0000u), HVTLFS_OK);
	assert_true(f.enlightened_npt_tlb);
	assert_true(f.direct_virtual_flush);
	assert_false(f.gpa_flush_hypercalls);
	assert_true(f.enlightened_msr_bitmap);
	assert_false(f.virt_exception_pf);
	assert_int_equal(f.unknown_bits, 0);
	assert_int_equal(hvtlfs_evmcs_version_select(&f, &v), HVTLFS_ERR_NO_FEATURE);
	/* Intel host, Windows 11 build 22621: eVMCS 1..1, bits 17-20, and bit 21. */
	assert_int_equal(hvtlfs_features_decode_nested(&f, 0x003E0101u), HVTLFS_OK);
	assert_int_equal(f.unknown_bits, 0x00200000u);
	assert_false(f.enlightened_npt_tlb);
	assert_true(f.direct_virtual_flush);
	assert_true(f.gpa_flush_hypercalls);
	assert_true(f.enlightened_msr_bitmap);
	assert_true(f.virt_exception_pf);
	assert_int_equal(hvtlfs_evmcs_version_select(&f, &v), HVTLFS_OK);
	assert_int_equal(v, 1);
}

static void test_nested_leaf_errors(void **state)
{
	struct hvtlfs_nested_features f;

	(void)state;
	/* Malformed ranges. */
	assert_int_equal(hvtlfs_features_decode_nested(&f, 0x0102u), HVTLFS_ERR_EVMCS_VERSION);
	assert_int_equal(hvtlfs_features_decode_nested(&f, 0x0001u), HVTLFS_ERR_EVMCS_VERSION);
	assert_int_equal(hvtlfs_features_decode_nested(&f, 0x0100u), HVTLFS_ERR_EVMCS_VERSION);
	assert_int_equal(hvtlfs_features_decode_nested(NULL, 0x0101u), HVTLFS_ERR_NULL);
}

static void test_nested_leaf_property(void **state)
{
	struct hvtlfs_nested_features f;
	int i;

	(void)state;
	testutil_seed(0x0A0A0A0AULL);
	for (i = 0; i < 20000; i++) {
		uint32_t eax = (uint32_t)testutil_next(), back;
		int err;

		if (i & 1)
			eax &= HVTLFS_CPUID_NESTED_EAX_KNOWN; /* half the inputs are clean */
		err = hvtlfs_features_decode_nested(&f, eax);
		back = (uint32_t)f.evmcs_version_low | ((uint32_t)f.evmcs_version_high << 8) |
		       (f.direct_virtual_flush ? 1u << 17 : 0) |
		       (f.gpa_flush_hypercalls ? 1u << 18 : 0) |
		       (f.enlightened_msr_bitmap ? 1u << 19 : 0) |
		       (f.virt_exception_pf ? 1u << 20 : 0) |
		       (f.enlightened_npt_tlb ? 1u << 22 : 0);
		assert_int_equal(back | f.unknown_bits, eax);
		assert_int_equal(f.unknown_bits, eax & 0xFFA10000u);
		assert_int_equal(f.enlightened_npt_tlb, (eax >> 22) & 1u);
		if ((f.evmcs_version_low == 0) != (f.evmcs_version_high == 0) ||
		    f.evmcs_version_low > f.evmcs_version_high)
			assert_int_equal(err, HVTLFS_ERR_EVMCS_VERSION);
		else
			assert_int_equal(err, HVTLFS_OK);
	}
}

/* ---- leaf 0x40000004 ---- */
static void test_hints(void **state)
{
	struct hvtlfs_features h;

	(void)state;
	assert_int_equal(decode_hints(&h, 0x5000u), HVTLFS_OK);
	assert_true(h.nested_hypervisor);
	assert_true(h.evmcs_recommended);
	assert_int_equal(decode_hints(&h, 0x4000u), HVTLFS_OK);
	assert_false(h.nested_hypervisor);
	assert_true(h.evmcs_recommended);
	assert_int_equal(decode_hints(&h, 0x1000u), HVTLFS_OK);
	assert_true(h.nested_hypervisor);
	assert_false(h.evmcs_recommended);
	/* Bits 0-15, 17, 18 are the TLFS table's recommendations: never unknown. */
	assert_int_equal(decode_hints(&h, 0x00062E04u), HVTLFS_OK);
	assert_false(h.nested_hypervisor);
	assert_int_equal(h.hints_unknown_bits, 0);
	/* Bits the TLFS calls reserved: reported, never refused. */
	assert_int_equal(decode_hints(&h, 0x00015000u), HVTLFS_OK);
	assert_int_equal(h.hints_unknown_bits, 0x00010000u);
	assert_true(h.evmcs_recommended);
	assert_int_equal(decode_hints(&h, 0x80000000u), HVTLFS_OK);
	assert_int_equal(h.hints_unknown_bits, 0x80000000u);
	assert_int_equal(decode_hints(&h, 0xFFFFFFFFu), HVTLFS_OK);
	assert_int_equal(h.hints_unknown_bits, 0xFFD90000u); /* 16, 19, 20, 22-31 */
	assert_true(h.mmio_hypercalls);
	/* Bit 21, named by newer Linux: use hypercalls for MMIO configuration access. */
	assert_int_equal(decode_hints(&h, 0x00200000u), HVTLFS_OK);
	assert_true(h.mmio_hypercalls);
	assert_int_equal(h.hints_unknown_bits, 0);
}

/* Hints real hosts report ("Hyper-V: ... hints 0x..." in Linux boot logs): an Intel
 * Windows 11 22621 host sets bit 19, which the TLFS reserves. */
static void test_hints_real_hosts(void **state)
{
	struct hvtlfs_features h;

	(void)state;
	assert_int_equal(decode_hints(&h, 0x000A4E24u), HVTLFS_OK);
	assert_int_equal(h.hints_unknown_bits, 0x00080000u);
	assert_true(h.evmcs_recommended);
	assert_false(h.nested_hypervisor);
	assert_false(h.mmio_hypercalls);
	/* The AMD host of test_nested_leaf_real_hosts: no eVMCS on SVM. */
	assert_int_equal(decode_hints(&h, 0x00000C2Cu), HVTLFS_OK);
	assert_int_equal(h.hints_unknown_bits, 0);
	assert_false(h.evmcs_recommended);
}

/* The privileges of the VP-register and VTL calls (TLFS privilege mask bits 48, 49, 53 =
 * leaf 0x40000003 EBX bits 16, 17, 21), in the EBX an Azure Linux guest prints at boot
 * ("privilege flags ... high 0x3b8030") and in a partition without them (0x30). */
static void test_vp_register_privileges(void **state)
{
	struct hvtlfs_cpuid_dump d;
	struct hvtlfs_features f;

	(void)state;
	testutil_cpuid_dump(&d, 0x40000005u);
	d.hv[3][1] = 0x003B8030u;
	assert_int_equal(hvtlfs_features_decode(&f, &d), HVTLFS_OK);
	assert_true(f.access_vsm && f.access_vp_registers && f.start_virtual_processor);
	assert_true(f.post_messages && f.signal_events && f.extended_hypercalls);
	d.hv[3][1] = 0x30u;
	assert_int_equal(hvtlfs_features_decode(&f, &d), HVTLFS_OK);
	assert_false(f.access_vsm || f.access_vp_registers || f.start_virtual_processor);
	d.hv[3][1] = 1u << 17;
	assert_int_equal(hvtlfs_features_decode(&f, &d), HVTLFS_OK);
	assert_true(f.access_vp_registers && !f.access_vsm && !f.start_virtual_processor);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_not_present),
		cmocka_unit_test(test_vp_register_privileges),
		cmocka_unit_test(test_other_vendor_accepted),
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
		cmocka_unit_test(test_nested_leaf_vectors),
		cmocka_unit_test(test_nested_leaf_real_hosts),
		cmocka_unit_test(test_nested_leaf_errors),
		cmocka_unit_test(test_nested_leaf_property),
		cmocka_unit_test(test_hints),
		cmocka_unit_test(test_hints_real_hosts),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
