/* SPDX-License-Identifier: BSD-2-Clause */
/* The VP-register and VTL wrappers (vp.h) against hvtlfs::mock, whose hypervisor is
 * the library's register-level dispatcher: every call the wrappers make is judged by
 * hvtlfs_dispatch() from the registers and answered from a register file, so a
 * guest-side input the hypervisor side would refuse fails here. Built at several optimisation
 * levels (tests/hypercall.cmake): the VTL switch's clobbers are proven against the
 * mock's garbage in every register VTLs share. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <string.h>

#include "hvtlfs/dispatch.h"
#include "hvtlfs/hvcall.h"
#include "hvtlfs/mock_dispatch.h"
#include "hvtlfs/vp.h"

#include "testutil.h"

/* The register file of the fake hypervisor: value of name n = f(n), writes recorded. */
#define FILE_SIZE 512u
static struct {
	uint32_t name[FILE_SIZE];
	struct hvtlfs_register_value value[FILE_SIZE];
	size_t n;
} written;

static struct hvtlfs_register_value value_of(uint32_t name)
{
	struct hvtlfs_register_value v;

	v.lo = 0x1000000000000000ull | name;
	v.hi = 0;
	return v;
}

/* How the hypervisor behaves: the decoder's options, and the reps a handler call does
 * (fewer than asked: it yields, and the dispatcher's TIMEOUT early return has the
 * guest continue, as a hypervisor that yields does). */
static unsigned int hv_options;
static size_t hv_cap = 64;
static unsigned long hv_calls;

/* The mock's hypervisor (hvtlfs_mock_hypervisor_init()). */
static struct hvtlfs_mock_hypervisor hv_mock;

/* The reps this handler call does: rep start .. the returned limit. */
static uint32_t reps_done(const struct hvtlfs_dispatch_call *call,
			  struct hvtlfs_dispatch_reply *reply)
{
	if (call->rep_limit - call->rep_start > hv_cap) {
		reply->reps_completed = call->rep_start + (uint32_t)hv_cap;
		return reply->reps_completed;
	}
	return call->rep_limit;
}

static void set_registers(void *ctx, const struct hvtlfs_dispatch_call *call,
			  struct hvtlfs_dispatch_reply *reply)
{
	uint32_t i, n = reps_done(call, reply) - call->rep_start;

	(void)ctx;
	for (i = 0; i < n && written.n < FILE_SIZE; i++) {
		written.name[written.n] = call->registers[i].name;
		written.value[written.n++] = call->registers[i].value;
	}
}

/* Every value the request names, through the decoder's output writer; the dispatcher
 * writes those of the reps done. */
static void get_registers(void *ctx, const struct hvtlfs_dispatch_call *call,
			  struct hvtlfs_dispatch_reply *reply)
{
	static struct hvtlfs_register_value v[HVTLFS_DISPATCH_MAX_REGISTERS];
	uint32_t i;

	(void)ctx;
	(void)reps_done(call, reply);
	for (i = 0; i < call->req->nelements; i++)
		v[i] = value_of(call->registers[i].name);
	assert_int_equal(hvtlfs_hvcall_put_register_values(call->req, v, call->req->nelements,
							   call->put_out, call->put_out_size),
			 HVTLFS_OK);
}

/* This mock VP may switch VTLs: every call and return is accepted. */
static void vtl_switch(void *ctx, const struct hvtlfs_dispatch_call *call,
		       struct hvtlfs_dispatch_reply *reply)
{
	(void)ctx;
	(void)call;
	(void)reply;
}

static const struct hvtlfs_dispatch_handler hv_handlers[] = {
	{ HVTLFS_CALL_GET_VP_REGISTERS, get_registers },
	{ HVTLFS_CALL_SET_VP_REGISTERS, set_registers },
	{ HVTLFS_CALL_VTL_CALL, vtl_switch },
	{ HVTLFS_CALL_VTL_RETURN, vtl_switch },
};

/* The mock's hypervisor: hvtlfs_dispatch() for a partition with AccessVpRegisters
 * and AccessVsm (leaf 0x40000003 EBX bits 17 and 16), XMM fast input and output
 * (EDX bits 4 and 15), the TIMEOUT early return for a call a handler cut short. */
static void hypervisor(struct hvtlfs_mock_call *call, void *ctx)
{
	(void)ctx;
	hv_calls++;
	assert_int_equal(hvtlfs_mock_hypervisor_init(&hv_mock, hv_handlers,
						     sizeof(hv_handlers) / sizeof(hv_handlers[0])),
			 HVTLFS_OK);
	hv_mock.partition.privileges_ebx = HVTLFS_CPUID_FEATURES_EBX_ACCESS_VP_REGISTERS |
					   HVTLFS_CPUID_FEATURES_EBX_ACCESS_VSM;
	hv_mock.partition.features_edx =
		HVTLFS_CPUID_FEATURES_EDX_XMM_INPUT | HVTLFS_CPUID_FEATURES_EDX_XMM_OUTPUT;
	hv_mock.partition.spin_retries = 0xFFFu;
	hv_mock.partition.options = HVTLFS_DISPATCH_OPT_TIMEOUT;
	hv_mock.partition.decoder_options = hv_options;
	hvtlfs_mock_dispatch_handler(call, &hv_mock.md);
	assert_int_equal(hv_mock.md.rc, HVTLFS_OK);
}

/* The guest's pages: GPA = host address in the mock. */
static uint64_t in_page[512] __attribute__((aligned(4096)));
static uint64_t out_page[512] __attribute__((aligned(4096)));

static void pages_of(struct hvtlfs_vp_pages *p)
{
	p->input = in_page;
	p->input_gpa = (uint64_t)(uintptr_t)in_page;
	p->output = out_page;
	p->output_gpa = (uint64_t)(uintptr_t)out_page;
}

static int setup(void **state)
{
	(void)state;
	hvtlfs_mock_reset();
	hvtlfs_mock_set_handler(hypervisor, NULL);
	hvtlfs_mock_set_xmm_volatile(true);
	hvtlfs_hypercall_page = hvtlfs_mock_page();
	hv_options = 0;
	hv_cap = 64;
	hv_calls = 0;
	memset(&written, 0, sizeof(written));
	return 0;
}

/* Where the calls are instructions (arm64's hvc #0) the mock takes them from SIGILL;
 * cmocka installs its own SIGILL handler around every test and fixture, so each test
 * installs the mock's in its body. */
#define ARM_SIGILL() assert_int_equal(hvtlfs_mock_sigill_install(), HVTLFS_OK)
static void test_get_one(void **state)
{
	const struct hvtlfs_register_target self = HVTLFS_REGISTER_TARGET_SELF;
	struct hvtlfs_vp_pages p;
	struct hvtlfs_register_value v;
	uint64_t result = 0;
	const struct hvtlfs_mock_call *c;

	(void)state;
	ARM_SIGILL();
	pages_of(&p);
	assert_int_equal(
		hvtlfs_register_get(&self, HVTLFS_REGISTER_VSM_CODE_PAGE_OFFSETS, &v, &p, &result),
		HVTLFS_OK);
	assert_true(v.lo == (0x1000000000000000ull | 0x000D0002) && v.hi == 0);
	assert_true(result == (1ull << 32));
	c = hvtlfs_mock_last_call();
	assert_true(c->control == 0x0000000100000050ull);
	assert_true(c->input_reg == p.input_gpa && c->output_reg == p.output_gpa);
}

/* 300 names: a page of values holds 256, so two calls; a hypervisor that stops after
 * 100 a call (TIMEOUT) is continued from its reps completed. */
static void test_get_batch(void **state)
{
	const struct hvtlfs_register_target self = HVTLFS_REGISTER_TARGET_SELF;
	static uint32_t names[300];
	static struct hvtlfs_register_value v[300];
	struct hvtlfs_vp_pages p;
	uint64_t result;
	size_t i;

	(void)state;
	ARM_SIGILL();
	pages_of(&p);
	for (i = 0; i < 300; i++)
		names[i] = 0x00090000u + (uint32_t)i;
	hv_cap = 100;
	assert_int_equal(hvtlfs_registers_get(&self, names, 300, v, &p, &result), HVTLFS_OK);
	for (i = 0; i < 300; i++)
		assert_true(v[i].lo == value_of(names[i]).lo);
	/* 256 = 100 + 100 + 56, then 44. */
	assert_int_equal(hv_calls, 4);
	assert_true(hvtlfs_mock_call_at(0)->control == 0x0000010000000050ull);
	assert_true(hvtlfs_mock_call_at(1)->control == 0x0064010000000050ull);
	assert_true(hvtlfs_mock_call_at(2)->control == 0x00C8010000000050ull);
	assert_true(hvtlfs_mock_call_at(3)->control == 0x0000002C00000050ull);
}

static void test_set_batch(void **state)
{
	const struct hvtlfs_register_target self = HVTLFS_REGISTER_TARGET_SELF;
	static uint32_t names[200];
	static struct hvtlfs_register_value v[200];
	struct hvtlfs_vp_pages p;
	uint64_t result;
	size_t i;

	(void)state;
	ARM_SIGILL();
	pages_of(&p);
	for (i = 0; i < 200; i++) {
		names[i] = 0x000A0000u + (uint32_t)(i % 16); /* SINT0-SINT15 */
		v[i].lo = 0x10000u | (uint32_t)i;
		v[i].hi = 0;
	}
	hv_cap = 512;
	assert_int_equal(hvtlfs_registers_set(&self, names, v, 200, &p, &result), HVTLFS_OK);
	assert_int_equal(written.n, 200);
	for (i = 0; i < 200; i++)
		assert_true(written.name[i] == names[i] && written.value[i].lo == v[i].lo);
	/* 127 a page (16 + 127 x 32 = 4080), no output GPA. */
	assert_int_equal(hv_calls, 2);
	assert_true(hvtlfs_mock_call_at(0)->control == 0x0000007F00000051ull);
	assert_true(hvtlfs_mock_call_at(0)->output_reg == 0);
	assert_true(hvtlfs_mock_call_at(1)->control == 0x0000004900000051ull);
	/* One register. */
	assert_int_equal(hvtlfs_register_set(&self, 0x00090002, &v[0], &p, NULL), HVTLFS_OK);
	assert_int_equal(written.n, 201);
}

/* The guest-side refusals: each its own error, nothing called. */
static void test_bad_pages(void **state)
{
	const struct hvtlfs_register_target self = HVTLFS_REGISTER_TARGET_SELF;
	struct hvtlfs_vp_pages p;
	struct hvtlfs_register_value v = { 1, 0 };
	uint32_t names[2] = { 0x00090002, 0x00090003 };
	struct hvtlfs_register_value two[2];

	(void)state;
	ARM_SIGILL();
	pages_of(&p);
	/* Output overlapping the input. */
	p.output_gpa = p.input_gpa + 16;
	p.output = (uint8_t *)in_page + 16;
	assert_int_equal(hvtlfs_registers_get(&self, names, 2, two, &p, NULL),
			 HVTLFS_ERR_BUFFERS_OVERLAP);
	/* Output misaligned. */
	pages_of(&p);
	p.output_gpa += 4;
	assert_int_equal(hvtlfs_register_get(&self, names[0], &v, &p, NULL), HVTLFS_ERR_ALIGNMENT);
	/* No output page for a Get; no names. */
	pages_of(&p);
	p.output = NULL;
	assert_int_equal(hvtlfs_register_get(&self, names[0], &v, &p, NULL), HVTLFS_ERR_NULL);
	pages_of(&p);
	assert_int_equal(hvtlfs_registers_get(&self, names, 0, two, &p, NULL),
			 HVTLFS_ERR_REP_COUNT_ZERO);
	/* The input at the page's last 8 bytes: no room for one register. */
	p.input_gpa += 4088;
	p.input = (uint8_t *)in_page + 4088;
	assert_int_equal(hvtlfs_register_get(&self, names[0], &v, &p, NULL), HVTLFS_ERR_NO_SPACE);
	assert_int_equal(hvtlfs_mock_call_count(), 0);
#if HVTLFS_HYPERCALL_METHOD == HVTLFS_HYPERCALL_METHOD_PAGE
	/* No hypercall page (the page method: arm64's hvc #0 needs none). */
	pages_of(&p);
	hvtlfs_hypercall_page = NULL;
	assert_int_equal(hvtlfs_register_get(&self, names[0], &v, &p, NULL),
			 HVTLFS_ERR_NO_HYPERCALL_PAGE);
	assert_int_equal(hvtlfs_mock_call_count(), 0);
#endif
}

/* A hypervisor that refuses names it does not know: the wrapper reports its status. */
static void test_unknown_register(void **state)
{
	const struct hvtlfs_register_target self = HVTLFS_REGISTER_TARGET_SELF;
	struct hvtlfs_vp_pages p;
	uint32_t names[3] = { 0x00090002, 0x0BAD0BAD, 0x00090003 };
	struct hvtlfs_register_value v[3];
	uint64_t result = 0;

	(void)state;
	ARM_SIGILL();
	pages_of(&p);
	hv_options = HVTLFS_HVCALL_OPT_REFUSE_UNKNOWN_REGISTERS;
	assert_int_equal(hvtlfs_registers_get(&self, names, 3, v, &p, &result),
			 HVTLFS_ERR_HV_STATUS);
	assert_int_equal(hvtlfs_result_status(result), HVTLFS_STATUS_UNKNOWN_REGISTER_NAME);
	assert_int_equal(hvtlfs_result_reps_completed(result), 1);
	/* The guest's own check says so before any call. */
	{
		size_t first = 0;

		assert_int_equal(hvtlfs_register_names_check(names, 3, HVTLFS_REGSET_X64, &first),
				 HVTLFS_ERR_UNKNOWN_REGISTER);
		assert_int_equal(first, 1);
	}
}

#if defined(HVTLFS_VP_HAS_FAST)
static void test_fast(void **state)
{
	const struct hvtlfs_register_target self = HVTLFS_REGISTER_TARGET_SELF;
	const struct hvtlfs_register_value w = { 0x8100000601000000ull, 0 };
	struct hvtlfs_register_value v = { 0, 0 };
	const struct hvtlfs_mock_call *c;
	uint64_t result = 0;

	(void)state;
	ARM_SIGILL();
	assert_int_equal(hvtlfs_register_get_fast(&self, 0x00000200, &v, &result), HVTLFS_OK);
	assert_true(v.lo == value_of(0x00000200).lo && v.hi == 0);
	c = hvtlfs_mock_last_call();
	assert_true(c->control == 0x0000000100010050ull);
	assert_true(c->fast[0] == 0xFFFFFFFFFFFFFFFFull && c->fast[1] == 0xFFFFFFFEull);
	assert_true(c->fast[2] == 0x200);
	assert_int_equal(c->fast_out_mask, 0x30u); /* XMM1: the pair after 20 input bytes */

	assert_int_equal(hvtlfs_register_set_fast(&self, 0x00090002, &w, &result), HVTLFS_OK);
	assert_int_equal(written.n, 1);
	assert_true(written.name[0] == 0x00090002 && written.value[0].lo == w.lo);
	c = hvtlfs_mock_last_call();
	assert_true(c->control == 0x0000000100010051ull);
	assert_true(c->fast[2] == 0x00090002 && c->fast[3] == 0 && c->fast[4] == w.lo);
	/* A read-only register refused by the hypervisor side. */
	assert_int_equal(hvtlfs_register_set_fast(&self, 0x00090003, &w, &result),
			 HVTLFS_ERR_HV_STATUS);
	assert_int_equal(hvtlfs_result_status(result), HVTLFS_STATUS_INVALID_PARAMETER);
}
#endif

#if defined(HVTLFS_ARCH_HAS_VTL_SWITCH) && HVTLFS_ARCH_HAS_VTL_SWITCH
/* Floating-point values live across a VTL call and nothing else (no function call
 * between, which would make the compiler save them anyway): the x87 stack (a long
 * double, and on i386 a double unless built with -mfpmath=sse) and the XMM registers
 * (a double on x86_64, or with -mfpmath=sse) survive the mock's scrambling of the
 * state VTLs share only if the switch's asm names them clobbered. */
static volatile long double l_seed;
static volatile double d_seed;

static __attribute__((noinline)) int
fp_across_vtl_call(const struct hvtlfs_vsm_code_page_offsets *o)
{
	/* Read before the call and again after it (volatile, and the asm clobbers
	 * memory): the compiler can neither fold the values nor decide the comparisons
	 * before the call. */
	const long double l = l_seed, lx = l * 3.0L, ly = l + 0.5L;
	const double d = d_seed, dx = d * 7.0, dy = d - 0.25;
	int rc = hvtlfs_vtl_call(o);

	return rc == HVTLFS_OK && lx == l_seed * 3.0L && ly == l_seed + 0.5L &&
	       dx == d_seed * 7.0 && dy == d_seed - 0.25;
}

/* VTL call and return through the fake page's sequences at the offsets its
 * HvRegisterVsmCodePageOffsets gives; locals live across the switch survive the
 * garbage the mock leaves in every shared register. */
static void test_vtl_switch(void **state)
{
	struct hvtlfs_vsm_code_page_offsets o;
	const struct hvtlfs_mock_call *c;
	volatile uint64_t seed = 0x0123456789ABCDEFull;
	uint64_t a = seed * 3u, b = seed ^ 0x5555u, d = seed + 77u, e = seed >> 3;

	(void)state;
	ARM_SIGILL();
	assert_int_equal(
		hvtlfs_vsm_code_page_offsets_decode(hvtlfs_mock_vsm_code_page_offsets(), &o),
		HVTLFS_OK);
	assert_true(o.vtl_call != 0 && o.vtl_return != 0 && o.vtl_call != o.vtl_return);
	assert_int_equal(hvtlfs_vtl_call(&o), HVTLFS_OK);
	c = hvtlfs_mock_last_call();
	assert_true(c->control == 0x11 && c->vtl_input == 0);
	assert_int_equal(hvtlfs_vtl_return(&o, true), HVTLFS_OK);
	c = hvtlfs_mock_last_call();
	assert_true(c->control == 0x12 && c->vtl_input == 1);
	/* What the hypervisor side made of it: a fast VTL return (TLFS vsm.md "VTL
	 * Return": input bit 0), switched with no result. */
	assert_int_equal(hv_mock.outcome.action, HVTLFS_DISPATCH_VTL_SWITCH);
	assert_int_equal(hv_mock.outcome.code, HVTLFS_CALL_VTL_RETURN);
	assert_true(hv_mock.outcome.vtl_input == 1);
	assert_int_equal(hvtlfs_vtl_return(&o, false), HVTLFS_OK);
	assert_true(hvtlfs_mock_last_call()->vtl_input == 0);
	assert_true(a == seed * 3u && b == (seed ^ 0x5555u) && d == seed + 77u && e == seed >> 3);
	l_seed = 1.25L;
	d_seed = 2.5;
	assert_true(fp_across_vtl_call(&o));
	/* Refusals. */
	assert_int_equal(hvtlfs_vtl_call(NULL), HVTLFS_ERR_NULL);
	o.vtl_call = 4096;
	assert_int_equal(hvtlfs_vtl_call(&o), HVTLFS_ERR_INVALID_ARG);
	hvtlfs_hypercall_page = NULL;
	assert_int_equal(hvtlfs_vtl_return(&o, false), HVTLFS_ERR_NO_HYPERCALL_PAGE);
	assert_int_equal(hvtlfs_mock_call_count(), 4);
}
#endif

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(test_get_one, setup),
		cmocka_unit_test_setup(test_get_batch, setup),
		cmocka_unit_test_setup(test_set_batch, setup),
		cmocka_unit_test_setup(test_bad_pages, setup),
		cmocka_unit_test_setup(test_unknown_register, setup),
#if defined(HVTLFS_VP_HAS_FAST)
		cmocka_unit_test_setup(test_fast, setup),
#endif
#if defined(HVTLFS_ARCH_HAS_VTL_SWITCH) && HVTLFS_ARCH_HAS_VTL_SWITCH
		cmocka_unit_test_setup(test_vtl_switch, setup),
#endif
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
