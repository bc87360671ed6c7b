/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Bring-up: detection through a CPUID function and the capture of the leaves; the
 * guest OS ID and MSR value encoders against hand-computed values; the enable
 * sequences against a mocked MSR space that behaves as the TLFS says the hypervisor
 * does.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "hvtlfs/bringup.h"
#include "hvtlfs/arch.h"

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

#include "testutil.h"
#include "cpuid_dumps.h"

/*
 * KVM's Hyper-V template (KVM_GET_SUPPORTED_HV_CPUID), dump "kvm-hv" of
 * tools/cpuid_dumps.h: vendor "Linux KVM Hv", interface "Hv#1", version 10.0 build
 * 14393, max leaf beyond the dump (its synthetic-debugger leaves end at 0x40000082),
 * privileges EAX 0x2AFF (VP runtime, reference counter, SynIC, timers, APIC,
 * hypercall and VP index MSRs, reset, reference TSC, frequency MSRs,
 * reenlightenment), EBX 0x1030 (post messages, signal events, debugging), hints
 * 0xC2C (remote flush, APIC MSRs, relaxed timing, cluster IPI, Ex processor masks),
 * 1024 VPs, 64 LPs.
 */
static void test_kvm_hyperv_template(void **state)
{
	struct hvtlfs_cpuid_table t = { dump_kvm_hv, sizeof(dump_kvm_hv) / sizeof(dump_kvm_hv[0]) };
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

/* Every dump of real partitions is detected as Hyper-V and can be brought up, but KVM's
 * own interface ("KVMKVMKVM", no "Hv#1"), which is refused, and bhyve's vendor leaf with
 * no leaf after it (maximum leaf 0x40000000: no interface to check). */
static void test_real_partitions(void **state)
{
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(cpuid_dumps) / sizeof(cpuid_dumps[0]); i++) {
		struct hvtlfs_cpuid_table t = { cpuid_dumps[i].entries, cpuid_dumps[i].count };
		struct hvtlfs_features f;
		int rc = hvtlfs_detect(&f, hvtlfs_cpuid_from_table, &t);

		if (strcmp(cpuid_dumps[i].name, "kvm") == 0) {
			assert_int_equal(rc, HVTLFS_ERR_NOT_HYPERV);
			continue;
		}
		if (strcmp(cpuid_dumps[i].name, "bhyve") == 0) {
			assert_int_equal(rc, HVTLFS_ERR_LEAF_UNAVAILABLE);
			assert_string_equal(f.vendor, "bhyve bhyve ");
			assert_int_equal(f.max_leaf, 0x40000000u);
			assert_int_equal(f.leaves, HVTLFS_LEAF_VENDOR);
			continue;
		}
		assert_int_equal(rc, HVTLFS_OK);
		assert_int_equal(hvtlfs_bringup_check(&f), HVTLFS_OK);
	}
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
	testutil_cpuid_dump(&d, 0x40000005u);
	assert_int_equal(hvtlfs_features_decode(&f, &d), HVTLFS_OK);
	assert_int_equal(hvtlfs_bringup_check(&f), HVTLFS_ERR_NO_PRIVILEGE);
	d.hv[3][0] = 1u << 5;
	assert_int_equal(hvtlfs_features_decode(&f, &d), HVTLFS_OK);
	assert_int_equal(hvtlfs_bringup_check(&f), HVTLFS_OK);
}

/* ---- synthetic MSRs ---- */

static void test_msr_names(void **state)
{
	(void)state;
	/* The TLFS numbers, typed from the synthetic MSR table. */
	assert_int_equal(HVTLFS_MSR_GUEST_OS_ID, 0x40000000);
	assert_int_equal(HVTLFS_MSR_HYPERCALL, 0x40000001);
	assert_int_equal(HVTLFS_MSR_VP_INDEX, 0x40000002);
	assert_int_equal(HVTLFS_MSR_VP_ASSIST_PAGE, 0x40000073);
	assert_string_equal(hvtlfs_msr_name(0x40000000u), "HV_X64_MSR_GUEST_OS_ID");
	assert_string_equal(hvtlfs_msr_name(0x40000001u), "HV_X64_MSR_HYPERCALL");
	assert_string_equal(hvtlfs_msr_name(0x40000002u), "HV_X64_MSR_VP_INDEX");
	assert_string_equal(hvtlfs_msr_name(0x40000073u), "HV_X64_MSR_VP_ASSIST_PAGE");
	assert_string_equal(hvtlfs_msr_name(0x40000003u), "HV_X64_MSR_UNKNOWN");
	assert_string_equal(hvtlfs_msr_name(0), "HV_X64_MSR_UNKNOWN");
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
	testutil_seed(0x05EEDu);
	for (i = 0; i < 20000; i++) {
		r = testutil_next();
		type = 1u + (uint32_t)(r % 0x7Fu);
		id = (uint32_t)(r >> 8) & 0xFFu;
		ver = (uint32_t)(r >> 16);
		build = (uint32_t)(testutil_next() & 0xFFFFu);
		assert_int_equal(hvtlfs_guest_os_id_encode(&v, type, id, ver, build), HVTLFS_OK);
		assert_true(v >> 63 == 1);
		assert_true(((v >> 56) & 0x7F) == type);
		assert_true(((v >> 48) & 0xFF) == id);
		assert_true(((v >> 16) & 0xFFFFFFFFULL) == ver);
		assert_true((v & 0xFFFF) == build);
		v = 0;
		r = testutil_next();
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
	testutil_seed(0xB0B0CAFEULL);
	for (i = 0; i < 20000; i++) {
		v = testutil_next();
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
	testutil_seed(0xE4AB1Eu);
	for (i = 0; i < 20000; i++) {
		memset(&m, 0, sizeof(m));
		r = testutil_next();
		m.guest_os_id = (r & 3) == 0 ? 0 : testutil_next();
		m.hypercall = testutil_next() & ~((r & 4) ? 0 : HVTLFS_HYPERCALL_MSR_LOCKED);
		if (m.guest_os_id == 0) /* the hypervisor keeps enable clear without an id */
			m.hypercall &= ~HVTLFS_HYPERCALL_MSR_ENABLE;
		m.stuck_hypercall = (r & 0x18) == 0x18;
		m.stuck_guest_id = (r & 0x60) == 0x60;
		m.fail_read_at = (r & 0x380) == 0x380 ? (int)((r >> 10) & 3) + 1 : 0;
		id = (r & 0x1000) ? m.guest_os_id : testutil_next();
		width = 10u + (uint32_t)((r >> 13) % 57u);
		page = testutil_next();
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

/* ---- synthetic registers and SMCCC detection (arm64) ---- */

/* A VP's register file for the register ops: the values of a real partition, each
 * register holding the CPUID leaf it stands for (HvRegisterHypervisorVersion 0x100 =
 * leaf 0x40000002, HvRegisterPrivilegesAndFeaturesInfo 0x200 = leaf 0x40000003, ...),
 * words a-d = EAX-EDX. */
struct fake_regs {
	uint32_t names[8];
	uint64_t lo[8], hi[8];
	unsigned n, gets, sets;
	int fail_get_name; /* a name whose get fails with -7, 0 for none */
	bool ignore_sets;
};

static void fake_regs_put(struct fake_regs *r, uint32_t name, uint64_t lo, uint64_t hi)
{
	unsigned i;

	for (i = 0; i < r->n; i++)
		if (r->names[i] == name)
			break;
	if (i == r->n)
		r->names[r->n++] = name;
	r->lo[i] = lo;
	r->hi[i] = hi;
}

static int fake_regs_get(void *ctx, uint32_t name, uint64_t v[2])
{
	struct fake_regs *r = (struct fake_regs *)ctx;
	unsigned i;

	r->gets++;
	if (r->fail_get_name && name == (uint32_t)r->fail_get_name)
		return -7;
	for (i = 0; i < r->n; i++) {
		if (r->names[i] == name) {
			v[0] = r->lo[i];
			v[1] = r->hi[i];
			return 0;
		}
	}
	v[0] = v[1] = 0;
	return 0;
}

static int fake_regs_set(void *ctx, uint32_t name, uint64_t lo, uint64_t hi)
{
	struct fake_regs *r = (struct fake_regs *)ctx;

	r->sets++;
	if (!r->ignore_sets)
		fake_regs_put(r, name, lo, hi);
	return 0;
}

static uint64_t leaf_lo(const struct hvtlfs_cpuid_table *t, uint32_t leaf)
{
	uint32_t regs[4];

	hvtlfs_cpuid_from_table((void *)t, leaf, 0, regs);
	return (uint64_t)regs[1] << 32 | regs[0];
}

static uint64_t leaf_hi(const struct hvtlfs_cpuid_table *t, uint32_t leaf)
{
	uint32_t regs[4];

	hvtlfs_cpuid_from_table((void *)t, leaf, 0, regs);
	return (uint64_t)regs[3] << 32 | regs[2];
}

static const uint32_t hyperv_uid[4] = { 0x4D32BA58u, 0xCD244764u, 0x8EEF6C75u, 0x16597024u };

static void test_smccc_uid(void **state)
{
	/* UUID 58ba324d-6447-24cd-756c-ef8e24705916, bytes 0-15 packed little-endian into
	 * W0-W3 (Linux's smccc_res_to_uuid); the earlier answer "MsHy" "perV" 0 0. */
	const uint32_t legacy[4] = { 0x7948734Du, 0x56726570u, 0, 0 };
	/* KVM's vendor-hypervisor UID 28b46fb6-2ec5-11e9-a9ca-4b564d003a74. */
	const uint32_t kvm[4] = { 0xB66FB428u, 0xE911C52Eu, 0x564BCAA9u, 0x743A004Du };
	const uint32_t unsupported[4] = { 0xFFFFFFFFu, 0, 0, 0 };
	uint32_t near[4] = { 0x4D32BA58u, 0xCD244764u, 0x8EEF6C75u, 0x16597025u };
	uint32_t native[4];

	(void)state;
	assert_int_equal(HVTLFS_SMCCC_HV_HYPERCALL, (1u << 30) | (6u << 24) | 1u);
	assert_int_equal(HVTLFS_SMCCC_VENDOR_HYP_CALL_UID, (1u << 31) | (6u << 24) | 0xFF01u);
	assert_int_equal(hvtlfs_smccc_uid_check(hyperv_uid), HVTLFS_OK);
	assert_int_equal(hvtlfs_smccc_uid_check(legacy), HVTLFS_OK);
	assert_int_equal(hvtlfs_smccc_uid_check(kvm), HVTLFS_ERR_NOT_HYPERV);
	assert_int_equal(hvtlfs_smccc_uid_check(near), HVTLFS_ERR_NOT_HYPERV);
	near[3] = 0;
	near[0] = 0x7948734Du;
	near[1] = 0x56726570u;
	near[2] = 1;
	assert_int_equal(hvtlfs_smccc_uid_check(near), HVTLFS_ERR_NOT_HYPERV);
	assert_int_equal(hvtlfs_smccc_uid_check(unsupported), HVTLFS_ERR_SMCCC_UNSUPPORTED);
	assert_int_equal(hvtlfs_smccc_uid_check(NULL), HVTLFS_ERR_NULL);
#if !defined(HVTLFS_ARCH_ARM64)
	/* No SMCCC here: the native query answers NOT_SUPPORTED. */
	hvtlfs_smccc_call_uid_native(native);
	assert_int_equal(hvtlfs_smccc_uid_check(native), HVTLFS_ERR_SMCCC_UNSUPPORTED);
#else
	(void)native;
#endif
}

/* Detection from registers holding the Azure partition's leaves gives what the
 * CPUID path gives for the values both carry, and no x86 flag. */
static void test_detect_vpregs(void **state)
{
	struct hvtlfs_cpuid_table t = { dump_azure, sizeof(dump_azure) / sizeof(dump_azure[0]) };
	struct fake_regs r;
	struct hvtlfs_vpreg_ops ops = { fake_regs_get, fake_regs_set, &r };
	struct hvtlfs_features f, x86;
	uint32_t leaf;

	(void)state;
	memset(&r, 0, sizeof(r));
	for (leaf = 0x40000002u; leaf <= 0x40000005u; leaf++)
		fake_regs_put(&r, leaf == 0x40000002u ? 0x100u : 0x200u + (leaf - 0x40000003u),
			      leaf_lo(&t, leaf), leaf_hi(&t, leaf));
	assert_int_equal(hvtlfs_detect_vpregs(&f, hyperv_uid, &ops), HVTLFS_OK);
	assert_int_equal(r.gets, 4);
	assert_int_equal(r.sets, 0);
	/* The values, from the dump's comments: 10.0 build 20348 SP1, service number
	 * 1633; privileges EBX:EAX 0x3B8030:0x2E7F; 2048 VPs and LPs; hints 0x64E24. */
	assert_int_equal(f.version.major, 10);
	assert_int_equal(f.version.minor, 0);
	assert_int_equal(f.version.build, 20348);
	assert_int_equal(f.version.service_pack, 1);
	assert_int_equal(f.version.service_number, 1633);
	assert_true(f.privileges == 0x003B803000002E7Full);
	assert_int_equal(f.max_vps, 2048);
	assert_int_equal(f.max_lps, 2048);
	assert_int_equal(f.hints_eax, 0x00064E24u);
	assert_string_equal(f.vendor, "Microsoft Hv");
	/* No x86 meaning is given to the feature and hint words. */
	assert_false(f.xmm_input);
	assert_false(f.ext_gva_ranges);
	assert_false(f.remote_tlb_flush_recommended);
	assert_int_equal(f.features_edx, 0);
	/* The same fields as the CPUID path decodes from the same partition. */
	assert_int_equal(hvtlfs_detect(&x86, hvtlfs_cpuid_from_table, &t), HVTLFS_OK);
	assert_true(f.privileges == x86.privileges);
	assert_memory_equal(&f.version, &x86.version, sizeof(f.version));
	assert_int_equal(f.max_vps, x86.max_vps);
	assert_int_equal(f.hints_eax, x86.hints_eax);
	assert_true(f.signal_events == x86.signal_events && f.signal_events);
	assert_true(f.hypercall_msrs == x86.hypercall_msrs && f.vp_index_msr);
	/* Group B bit 17 (AccessVpRegisters), what a self-targeted Get/Set needs. */
	assert_true((f.privileges >> 32) & (1u << 17));

	/* Refusals: another hypervisor, no SMCCC, a failing read, NULLs. */
	assert_int_equal(hvtlfs_detect_vpregs(&f, (const uint32_t[4]){ 1, 2, 3, 4 }, &ops),
			 HVTLFS_ERR_NOT_HYPERV);
	assert_int_equal(
		hvtlfs_detect_vpregs(&f, (const uint32_t[4]){ 0xFFFFFFFFu, 0, 0, 0 }, &ops),
		HVTLFS_ERR_SMCCC_UNSUPPORTED);
	r.fail_get_name = 0x201;
	assert_int_equal(hvtlfs_detect_vpregs(&f, hyperv_uid, &ops), -7);
	r.fail_get_name = 0;
	assert_int_equal(hvtlfs_detect_vpregs(NULL, hyperv_uid, &ops), HVTLFS_ERR_NULL);
	ops.get = NULL;
	assert_int_equal(hvtlfs_detect_vpregs(&f, hyperv_uid, &ops), HVTLFS_ERR_NULL);
	assert_int_equal(hvtlfs_detect_vpregs(&f, hyperv_uid, NULL), HVTLFS_ERR_NULL);
}

static void test_guest_os_id_vp_index_vpregs(void **state)
{
	struct fake_regs r;
	struct hvtlfs_vpreg_ops ops = { fake_regs_get, fake_regs_set, &r };
	/* Linux's identity for 6.1 (hv_generate_guest_id): open source (bit 63), OS type
	 * 0x1 Linux (bits 62-56), kernel version 0x060100 in bits 47-16. */
	const uint64_t id = 0x8100000601000000ull;
	uint32_t vp = 99;

	(void)state;
	memset(&r, 0, sizeof(r));
	assert_int_equal(hvtlfs_guest_os_id_set_vpreg(&ops, id), HVTLFS_OK);
	assert_int_equal(r.names[0], 0x00090002u);
	assert_true(r.lo[0] == id && r.hi[0] == 0);
	assert_int_equal(hvtlfs_guest_os_id_set_vpreg(&ops, 0), HVTLFS_ERR_OS_ID_ZERO);
	r.ignore_sets = true;
	assert_int_equal(hvtlfs_guest_os_id_set_vpreg(&ops, id ^ 1), HVTLFS_ERR_READBACK);
	assert_int_equal(hvtlfs_guest_os_id_set_vpreg(NULL, id), HVTLFS_ERR_NULL);

	fake_regs_put(&r, 0x00090003u, 5, 0);
	assert_int_equal(hvtlfs_vp_index_read_vpreg(&ops, &vp), HVTLFS_OK);
	assert_int_equal(vp, 5);
	fake_regs_put(&r, 0x00090003u, 0xFFFFFFFEu, 0);
	assert_int_equal(hvtlfs_vp_index_read_vpreg(&ops, &vp), HVTLFS_ERR_VP_RANGE);
	fake_regs_put(&r, 0x00090003u, 5, 1);
	assert_int_equal(hvtlfs_vp_index_read_vpreg(&ops, &vp), HVTLFS_ERR_VP_RANGE);
	assert_int_equal(vp, 5);
	assert_int_equal(hvtlfs_vp_index_read_vpreg(&ops, NULL), HVTLFS_ERR_NULL);
}

/* Where the architecture has no such instructions, the native seams refuse. */
static void test_native_arch_refusals(void **state)
{
	uint64_t v[2] = { 1, 2 };

	(void)state;
	assert_int_equal(hvtlfs_vpreg_get_native(NULL, 0x00090003u, NULL), HVTLFS_ERR_NULL);
#if !defined(HVTLFS_ARCH_ARM64)
	assert_int_equal(hvtlfs_vpreg_get_native(NULL, 0x00090003u, v), HVTLFS_ERR_ARCH_NO_MSR);
	assert_int_equal(hvtlfs_vpreg_set_native(NULL, 0x00090002u, 1, 0), HVTLFS_ERR_ARCH_NO_MSR);
#else
	/* arm64: no MSRs and no CPUID. */
	assert_int_equal(hvtlfs_msr_read_native(NULL, HVTLFS_MSR_VP_INDEX, v),
			 HVTLFS_ERR_ARCH_NO_MSR);
	assert_true(v[0] == 0);
	assert_int_equal(hvtlfs_msr_write_native(NULL, HVTLFS_MSR_GUEST_OS_ID, 1),
			 HVTLFS_ERR_ARCH_NO_MSR);
	{
		uint32_t regs[4] = { 1, 2, 3, 4 };

		hvtlfs_cpuid_native(NULL, 0x40000000u, 0, regs);
		assert_int_equal(regs[0] | regs[1] | regs[2] | regs[3], 0);
	}
#endif
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_kvm_hyperv_template),
		cmocka_unit_test(test_real_partitions),
		cmocka_unit_test(test_capture_queries),
		cmocka_unit_test(test_cpuid_table_misses),
		cmocka_unit_test(test_arch_override),
		cmocka_unit_test(test_native_cpuid_runs),
		cmocka_unit_test(test_bringup_check),
		cmocka_unit_test(test_msr_names),
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
		cmocka_unit_test(test_smccc_uid),
		cmocka_unit_test(test_detect_vpregs),
		cmocka_unit_test(test_guest_os_id_vp_index_vpregs),
		cmocka_unit_test(test_native_arch_refusals),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
