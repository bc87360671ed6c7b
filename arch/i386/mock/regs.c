/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * hvtlfs::mock, i386: the registers of a mocked call. The fake page's frame
 * (page.S) and a SIGILL's ucontext both become a struct hvtlfs_mock_call for the
 * core (64-bit values from register pairs, high:low: control EDX:EAX, input EBX:ECX,
 * output EDI:ESI), and the answer goes back: the result in EDX:EAX, garbage in EBX,
 * ECX, EDI, ESI and the arithmetic flags. i386 has no XMM forms.
 *
 * The same code as arch/x86_64/mock/regs.c where the two agree (the arithmetic flags,
 * the calling of the core): each arch folder is complete on its own.
 */
#define _GNU_SOURCE 1
#include "mock_internal.h"

#include <cpuid.h>
#include <stdbool.h>
#include <string.h>

/* Arithmetic flags (CF PF AF ZF SF OF): the only flag bits the mock scrambles. */
#define ARITH_FLAGS_ 0x8D5u

/* Garbage register numbers, shared by the page and SIGILL paths. */
enum {
	G_EBX_ = 7,
	G_ECX_ = 8,
	G_EDI_ = 9,
	G_ESI_ = 10,
	G_EAX_ = 11,
	G_EDX_ = 12,
	G_EBP_ = 13
};

/* Laid out by page.S: pushal, then pushfl. */
struct frame_ {
	uint32_t edi, esi, ebp, esp, ebx, edx, ecx, eax;
	uint32_t eflags;
};
_Static_assert(sizeof(struct frame_) == 36, "frame size matches page.S");

static uint64_t pair(uint32_t hi, uint32_t lo)
{
	return ((uint64_t)hi << 32) | lo;
}

/* Whether the CPU has SSE2 (CPUID leaf 1 EDX bit 26): the XMM registers exist. */
static bool sse2(void)
{
	unsigned int a, b, c, d;

	return __get_cpuid(1, &a, &b, &c, &d) && (d & bit_SSE2) != 0;
}

/* The call as the register pairs give it. */
static void take(struct hvtlfs_mock_call *c, unsigned int via, uint64_t control, uint64_t input,
		 uint64_t output, uint32_t ecx)
{
	memset(c, 0, sizeof(*c));
	c->via = via;
	c->vtl_input = ecx;
	c->control = control;
	c->input_reg = input;
	c->output_reg = output;
	c->fast[0] = input;
	c->fast[1] = output;
	hvtlfs_mock_run_(c);
}

unsigned int hvtlfs_mock_page_dispatch_(void *frame)
{
	struct frame_ *f = (struct frame_ *)frame;
	struct hvtlfs_mock_call c;

	take(&c, HVTLFS_MOCK_VIA_PAGE, pair(f->edx, f->eax), pair(f->ebx, f->ecx),
	     pair(f->edi, f->esi), f->ecx);
	f->eax = (uint32_t)c.result;
	f->edx = (uint32_t)(c.result >> 32);
	f->ebx = hvtlfs_mock_garbage32_(G_EBX_, &c);
	f->ecx = hvtlfs_mock_garbage32_(G_ECX_, &c);
	f->edi = hvtlfs_mock_garbage32_(G_EDI_, &c);
	f->esi = hvtlfs_mock_garbage32_(G_ESI_, &c);
	f->eflags ^= ARITH_FLAGS_;
	if (c.control == HVTLFS_MOCK_VTL_CALL_CODE_ || c.control == HVTLFS_MOCK_VTL_RETURN_CODE_) {
		/* A VTL switch: no result, and the other VTL may leave anything in the
		 * registers VTLs share. */
		f->eax = hvtlfs_mock_garbage32_(G_EAX_, &c);
		f->edx = hvtlfs_mock_garbage32_(G_EDX_, &c);
		f->ebp = hvtlfs_mock_garbage32_(G_EBP_, &c);
		return HVTLFS_MOCK_SCRAMBLE_X87_ | (sse2() ? HVTLFS_MOCK_SCRAMBLE_XMM_ : 0u);
	}
	return 0;
}

void hvtlfs_mock_emulate_(ucontext_t *uc, unsigned int via)
{
	greg_t *g = uc->uc_mcontext.gregs;
	struct hvtlfs_mock_call c;

	take(&c, via, pair((uint32_t)g[REG_EDX], (uint32_t)g[REG_EAX]),
	     pair((uint32_t)g[REG_EBX], (uint32_t)g[REG_ECX]),
	     pair((uint32_t)g[REG_EDI], (uint32_t)g[REG_ESI]), (uint32_t)g[REG_ECX]);
	g[REG_EAX] = (greg_t)(uint32_t)c.result;
	g[REG_EDX] = (greg_t)(uint32_t)(c.result >> 32);
	g[REG_EBX] = (greg_t)hvtlfs_mock_garbage32_(G_EBX_, &c);
	g[REG_ECX] = (greg_t)hvtlfs_mock_garbage32_(G_ECX_, &c);
	g[REG_EDI] = (greg_t)hvtlfs_mock_garbage32_(G_EDI_, &c);
	g[REG_ESI] = (greg_t)hvtlfs_mock_garbage32_(G_ESI_, &c);
	g[REG_EFL] ^= (greg_t)ARITH_FLAGS_;
	g[REG_EIP] += 3;
}

const uint8_t *hvtlfs_mock_ip_(const ucontext_t *uc)
{
	return (const uint8_t *)(uintptr_t)(uint32_t)uc->uc_mcontext.gregs[REG_EIP];
}

unsigned int hvtlfs_mock_trap_via_(const ucontext_t *uc)
{
	const uint8_t *ip = hvtlfs_mock_ip_(uc);

	if (ip[0] == 0x0f && ip[1] == 0x01 && ip[2] == 0xc1)
		return HVTLFS_MOCK_VIA_VMCALL;
	if (ip[0] == 0x0f && ip[1] == 0x01 && ip[2] == 0xd9)
		return HVTLFS_MOCK_VIA_VMMCALL;
	return 0;
}
