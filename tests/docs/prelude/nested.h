/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Prelude of docs/nested.md: what its snippets take from the prose around them (an
 * L1 hypervisor's own functions and state), and for the snippets that run, stand-ins
 * for them and the checks that the snippets behave as the guide says.
 */
#include "hvtlfs/bringup.h"
#include "hvtlfs/flush.h"
#include "hvtlfs/nested.h"
#include "hvtlfs/ranges.h"

void cpuid(void *ctx, uint32_t leaf, uint32_t subleaf, uint32_t regs[4]);
int use_plain_vmx(void);
int use_evmcs(uint32_t version);
void log_info(const char *fmt, ...);

struct hvtlfs_evmcs *zeroed_page(void);
uint64_t virt_to_phys(const void *p);
extern struct hvtlfs_vp_assist_page *assist;
extern struct hvtlfs_evmcs *e;
extern uint32_t version;
extern uint64_t rip, cr3, reason;
extern int err;

/* Nested hypercalls: the L2 pages whose EPT entries changed, and the input page. */
extern const struct hvtlfs_page_range *pages;
extern size_t npages;
extern uint64_t in[512];
extern uint64_t eptp;
int issue_gpa_flush(const struct hvtlfs_prepared *p);

#ifdef SNIPPET_RUN
#include <stdio.h>

static uint32_t hints_eax, nested_eax;
static unsigned int logged;

/* A Hyper-V partition up to leaf 0x4000000A, with the hints and nested EAX of a case. */
void cpuid(void *ctx, uint32_t leaf, uint32_t subleaf, uint32_t regs[4])
{
	(void)ctx;
	(void)subleaf;
	regs[0] = regs[1] = regs[2] = regs[3] = 0;
	if (leaf == 1)
		regs[2] = 1u << 31;
	if (leaf == 0x40000000u) {
		regs[0] = 0x4000000Au;
		regs[1] = 0x7263694Du; /* "Microsoft Hv" */
		regs[2] = 0x666F736Fu;
		regs[3] = 0x76482074u;
	}
	if (leaf == 0x40000001u)
		regs[0] = 0x31237648u; /* "Hv#1" */
	if (leaf == 0x40000004u)
		regs[0] = hints_eax;
	if (leaf == 0x4000000Au)
		regs[0] = nested_eax;
}
int use_plain_vmx(void)
{
	return 1;
}
int use_evmcs(uint32_t v)
{
	return 100 + (int)v;
}
void log_info(const char *fmt, ...)
{
	(void)fmt;
	logged++;
}

/* Discovery on real hosts: the bits the TLFS tables reserve never stop it. */
int check_discover(int (*snippet)(void));
int check_discover(int (*snippet)(void))
{
	static const struct {
		uint32_t hints, nested;
		int want;
		unsigned int logs;
	} c[] = {
		{ 0x000A4E24u, 0x003E0101u, 101, 1 }, /* Intel, Windows 11 22621: bits 19, 21 */
		{ 0x00064E24u, 0x000E0101u, 101, 0 }, /* Azure-class host */
		{ 0x00000C2Cu, 0x004A0000u, 1, 0 },   /* AMD, Windows 11 22000: no eVMCS hint */
		{ 0x00004000u, 0x00000102u, 1, 0 },   /* a malformed version range */
		{ 0x00004000u, 0x00000302u, 1, 0 },   /* versions 2-3 only: unknown here */
	};
	unsigned int i;

	for (i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		int got;

		hints_eax = c[i].hints;
		nested_eax = c[i].nested;
		logged = 0;
		got = snippet();
		if (got != c[i].want || logged != c[i].logs) {
			printf("case %u: returned %d, logged %u times\n", i, got, logged);
			return 1;
		}
	}
	return 0;
}

const struct hvtlfs_page_range *pages;
size_t npages;
uint64_t in[512];
uint64_t eptp = 0x12345000u;
int err;
static uint64_t issued;
static unsigned int issues;

int issue_gpa_flush(const struct hvtlfs_prepared *p)
{
	issued = p->control;
	issues++;
	return 0;
}

/* A list when the ranges fit 64 entries, the whole space when they do not, and a
 * bad range is an error, never a flush. */
int check_gpa_flush(int (*snippet)(void));
int check_gpa_flush(int (*snippet)(void))
{
	static struct hvtlfs_page_range many[65];
	static const struct hvtlfs_page_range two[] = { { 0x1000, 4 }, { 0x8000, 1 } };
	static const struct hvtlfs_page_range empty[] = { { 0x1000, 0 } };
	static const struct {
		const struct hvtlfs_page_range *pages;
		size_t npages;
		int want;
		unsigned int issues;
		uint64_t control; /* of the call issued */
	} c[] = {
		{ two, 2, 0, 1, 0x00000002000000B0ull },   /* list, 2 reps */
		{ many, 65, 0, 1, 0x00000000000000AFull }, /* 65 entries: whole space */
		{ empty, 1, HVTLFS_ERR_EMPTY_RANGE, 0, 0 },
	};
	unsigned int i;

	for (i = 0; i < 65u; i++) {
		many[i].first = 2u * i;
		many[i].count = 1;
	}
	for (i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		int rc;

		pages = c[i].pages;
		npages = c[i].npages;
		issues = 0;
		issued = 0;
		rc = snippet();
		if (rc != c[i].want || issues != c[i].issues || issued != c[i].control) {
			printf("case %u: returned %d, %u calls, control 0x%llx\n", i, rc, issues,
			       (unsigned long long)issued);
			return 1;
		}
	}
	return 0;
}
#endif
