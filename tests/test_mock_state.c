/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The fake hypercall page gives back the caller's vector state. A real hypervisor
 * changes no vector register on a slow call (TLFS hypercall-interface.md, "Volatile
 * Registers": only the result, the rep start and fast outputs, the latter on x64
 * only; on arm64 the SMCCC, v1.2 and later, has the callee preserve the SIMD and SVE
 * registers, Z0-Z31, P0-P15 and FFR, unless the caller sets the SVE hint, bit 16 of
 * the function id, which Hyper-V's 0x46000001 does not), while the C code behind the
 * fake page may change any (glibc's memcpy and memset use SSE2, AVX2, AVX-512, NEON
 * or SVE registers; a user's handler anything). A caller keeps values in every vector
 * register it can (x86_64: XMM6-XMM15, then the YMM upper halves, then ZMM16-ZMM31
 * and K1-K7; i386: XMM0-XMM7, YMM0-YMM7, ZMM0-ZMM7 and K1-K7, as far as the CPU and
 * the OS enable them; arm64: V0-V31, then with SVE every Z and P register and FFR)
 * across a call whose handler changes them all and copies memory; they must come
 * back as they were. On arm64 the call goes through the fake page (an integrator's
 * `blr` sequence) and through `hvc #0` (the mock's SIGILL handler).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <string.h>
#if defined(__aarch64__)
#include <sys/auxv.h>
#else
#include <cpuid.h>
#endif

#include "hvtlfs/hvtlfs.h"
#include "hvtlfs/mock.h"
#include "../mock/mock_asm.h" /* the area the fake page saves the state into */

void ms_probe(void *page, uint64_t control, const void *in, void *out, unsigned level);
void ms_hostile(unsigned level);
#if defined(__aarch64__)
uint64_t ms_vl(void);
#else
uint64_t ms_xcr0(void);
#endif

/* Where ms_probe() keeps each register in its buffers (see mockstate/<arch>.S). */
#if defined(__aarch64__)
#define MS_QBYTES 512u			   /* V0-V31, 16 bytes each; then the SVE state */
#define MS_BYTES  (MS_QBYTES + 35u * 256u) /* Z0-Z31, P0-P15, FFR at the longest VL */
#elif defined(__x86_64__)
#define MS_VREGS 10u  /* XMM6-XMM15 / YMM6-YMM15, at a stride of 32 */
#define MS_ZBASE 320u /* ZMM16-ZMM31, 64 bytes each */
#define MS_ZREGS 16u
#define MS_KBASE 1344u /* K1-K7, 2 bytes at a stride of 8 */
#else
#define MS_VREGS 8u /* XMM0-XMM7 / YMM0-YMM7 */
#define MS_ZBASE 256u
#define MS_ZREGS 8u /* ZMM0-ZMM7 */
#define MS_KBASE 768u
#endif
#if !defined(__aarch64__)
#define MS_BYTES (MS_KBASE + 7u * 8u)
#endif

/* The level being probed (ms_probe()), which the handler changes the same way. */
static unsigned int level;

/* Checks @n bytes at @at of the state. */
static void same(const uint8_t *out, const uint8_t *in, size_t at, size_t n)
{
	size_t i;

	for (i = at; i < at + n; i++)
		if (out[i] != in[i])
			fail_msg("level %u: byte %u is 0x%02x, was 0x%02x", level, (unsigned int)i,
				 out[i], in[i]);
}

static uint8_t src[8192], dst[8192];

/* The handler: every vector register of the level changed, then memory copied and
 * filled by the C library (which may use any vector register the CPU has). */
static void hostile_handler(struct hvtlfs_mock_call *call, void *ctx)
{
	void *(*volatile copy)(void *, const void *, size_t) = memcpy;
	void *(*volatile fill)(void *, int, size_t) = memset;

	(void)ctx;
	ms_hostile(level);
	fill(src, 0x5A, sizeof(src));
	copy(dst, src, sizeof(dst));
	call->result = HVTLFS_STATUS_SUCCESS;
}

#if defined(__aarch64__)
/* The highest level this CPU and OS give: 0 NEON, 1 SVE (HWCAP_SVE). */
static int max_level(void)
{
	return (getauxval(AT_HWCAP) & HWCAP_SVE) != 0 ? 1 : 0;
}

/* Fills the state of level @lvl at @in with a pattern of its own (FFR a monotonic
 * value: its first 5 bits set); @vl the SVE vector length in bytes. */
static void arm64_fill(uint8_t *in, unsigned int lvl, size_t vl)
{
	size_t i, ffr = MS_QBYTES + 32u * vl + 16u * (vl / 8u);

	for (i = 0; i < MS_BYTES; i++)
		in[i] = (uint8_t)(0x3D + 7u * i + lvl);
	if (lvl > 0) {
		memset(in + ffr, 0, vl / 8u);
		in[ffr] = 0x1F;
	}
}

/* Checks that the state of level @lvl came back in @out as it was in @in. */
static void arm64_check(const uint8_t *out, const uint8_t *in, unsigned int lvl, size_t vl)
{
	if (lvl == 0)
		same(out, in, 0, MS_QBYTES);
	else /* Z0-Z31 whole, P0-P15, FFR */
		same(out, in, MS_QBYTES, 32u * vl + 17u * (vl / 8u));
}

static void test_vector_state_survives(void **state)
{
	static uint8_t in[MS_BYTES], out[MS_BYTES];
	int top = max_level();
	size_t vl = top > 0 ? (size_t)ms_vl() : 16u;
	unsigned int via;

	(void)state;
	print_message("vector state level %d (0 NEON, 1 SVE), VL %u bytes\n", top, (unsigned)vl);
	assert_true(vl >= 16u && vl <= 256u && vl % 16u == 0);
	assert_int_equal(hvtlfs_mock_sigill_install(), HVTLFS_OK);
	for (via = 0; via < 2u; via++) {
		hvtlfs_mock_reset();
		hvtlfs_mock_set_handler(hostile_handler, NULL);
		for (level = 0; level <= (unsigned int)top; level++) {
			arm64_fill(in, level, vl);
			memset(out, 0, sizeof(out));
			/* via 0: the fake page (`blr`); 1: `hvc #0` */
			ms_probe(via == 0 ? hvtlfs_mock_page() : NULL,
				 HVTLFS_CALL_NOTIFY_LONG_SPIN_WAIT, in, out, level);
			assert_int_equal(hvtlfs_mock_call_count(), level + 1u);
			arm64_check(out, in, level, vl);
		}
	}
	assert_int_equal(hvtlfs_mock_sigill_remove(), HVTLFS_OK);
}
#else
/* The highest level this CPU and OS give: -1 without SSE2 (i386 only), 0 SSE, 1 AVX
 * (CPUID.1:ECX AVX and OSXSAVE, XCR0 bits 1 and 2), 2 AVX-512 (CPUID.7:EBX AVX512F,
 * XCR0 bits 5-7). */
static int max_level(void)
{
	unsigned int a, b, c, d;
	uint64_t xcr0;

	if (!__get_cpuid(1, &a, &b, &c, &d) || !(d & (1u << 26)))
		return -1;
	if (!(c & (1u << 27)) || !(c & (1u << 28)))
		return 0;
	xcr0 = ms_xcr0();
	if ((xcr0 & 0x6u) != 0x6u)
		return 0;
	if (!__get_cpuid_count(7, 0, &a, &b, &c, &d) || !(b & (1u << 16)) ||
	    (xcr0 & 0xE0u) != 0xE0u)
		return 1;
	return 2;
}

static void test_vector_state_survives(void **state)
{
	static uint8_t in[MS_BYTES], out[MS_BYTES];
	int top = max_level();
	unsigned int i;

	(void)state;
	if (top < 0)
		skip();
	print_message("vector state level %d (0 SSE, 1 AVX, 2 AVX-512)\n", top);
	hvtlfs_mock_reset();
	hvtlfs_mock_set_handler(hostile_handler, NULL);
	for (level = 0; level <= (unsigned int)top; level++) {
		for (i = 0; i < MS_BYTES; i++)
			in[i] = (uint8_t)(0x3D + 7u * i + level);
		memset(out, 0, sizeof(out));
		/* HvCallNotifyLongSpinWait's code, slow: the handler answers anything. */
		ms_probe(hvtlfs_mock_page(), HVTLFS_CALL_NOTIFY_LONG_SPIN_WAIT, in, out, level);
		assert_int_equal(hvtlfs_mock_call_count(), level + 1u);
		for (i = 0; i < MS_VREGS; i++)
			same(out, in, 32u * i, level == 0 ? 16u : 32u);
		if (level == 2) {
			same(out, in, MS_ZBASE, 64u * MS_ZREGS);
			for (i = 0; i < 7u; i++)
				same(out, in, MS_KBASE + 8u * i, 2u);
		}
	}
}

/* The fake page's XSAVE area holds every component it saves on this CPU: CPUID leaf
 * 0xD subleaf i gives component i's size (EAX) and offset (EBX) in the standard
 * form (Intel SDM vol. 1, 13.4.3); x87 and SSE are the 512-byte legacy region. */
static void test_xsave_area_fits(void **state)
{
	unsigned int a = 0, b = 0, c = 0, d = 0, i;
	uint64_t saved;

	(void)state;
	if (!__get_cpuid(1, &a, &b, &c, &d) || !(c & (1u << 27)))
		skip(); /* no OSXSAVE: the page uses FXSAVE (512 bytes) or FNSAVE */
	saved = ms_xcr0() & HVTLFS_MOCK_XSAVE_MASK_;
	assert_true((saved & 3u) == 3u); /* x87 and SSE: always on with OSXSAVE */
	for (i = 2; i < 32; i++) {
		if (!(saved & (1ull << i)))
			continue;
		assert_true(__get_cpuid_count(0xD, i, &a, &b, &c, &d));
		print_message("component %u: %u bytes at %u\n", i, a, b);
		assert_true(b >= 576u && (uint64_t)a + b <= HVTLFS_MOCK_XSAVE_BYTES_);
	}
}

#endif

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_vector_state_survives),
#if !defined(__aarch64__)
		cmocka_unit_test(test_xsave_area_fits),
#endif
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
