/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Flush planner: hypercalls issued and input bytes per flush, beside what the
 * Linux's strategy issues (hyperv_flush_tlb_multi(): simple 16 MiB entries, the legacy
 * call below 64 VPs,
 * whole-space flush once the entries overflow the page), plus planning time (best of 25 batches).
 * The partition has every feature: remote flush and Ex hints, extended GVA
 * ranges, XMM input.
 */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "hvtlfs/control.h"
#include "hvtlfs/planner.h"

#include "bench.h"

static uint64_t page[512] __attribute__((aligned(4096)));

struct linux_plan {
	const char *call;
	unsigned entries, bytes;
};

/* Linux's strategy (arch/x86/hyperv/mmu.c), written out independently of the planner. */
static struct linux_plan linux_plan_of(const struct hvtlfs_range *r, size_t n, unsigned nvps)
{
	struct linux_plan s;
	unsigned banks = (nvps + 63u) / 64u, hdr, cap, entries = 0;
	int ex = nvps > 64u;
	size_t i;

	for (i = 0; i < n; i++) {
		uint64_t first = r[i].start >> 12, last = (r[i].start + r[i].length - 1) >> 12;
		uint64_t pages = last - first + 1;

		entries += (unsigned)((pages + 4095u) / 4096u);
	}
	hdr = ex ? 32u + 8u * banks : 24u;
	cap = (4096u - hdr) / 8u;
	if (entries > cap) {
		s.call = ex ? "SpaceEx" : "Space";
		s.entries = 0;
		s.bytes = hdr;
	} else {
		s.call = ex ? "ListEx" : "List";
		s.entries = entries;
		s.bytes = hdr + 8u * entries;
	}
	return s;
}

static const char *call_name(uint64_t control)
{
	switch (hvtlfs_control_code(control)) {
	case 0x0002:
		return "Space";
	case 0x0003:
		return "List";
	case 0x0013:
		return "SpaceEx";
	case 0x0014:
		return "ListEx";
	default:
		return "?";
	}
}

int main(void)
{
	static uint64_t bm[64];
	static struct hvtlfs_range rg[64];
	static const unsigned vps[] = { 1, 64, 65, 2048 };
	/* The mapping size is what the caller says backs the range (4 KiB unless told):
	 * large-page entries only for memory mapped that large. */
	static const char *names[] = { "1 page",
				       "33 pages",
				       "2 MiB, 4 KiB pages",
				       "1 GiB, 4 KiB pages",
				       "1 GiB, 2 MiB pages",
				       "8 GiB, 1 GiB pages",
				       "64 scattered pages" };
	static const uint32_t mapping[] = { 0, 0, 0, 0, HVTLFS_MAPPING_2M, HVTLFS_MAPPING_1G, 0 };
	struct hvtlfs_features f;
	unsigned sc, v;

	memset(&f, 0, sizeof(f));
	f.remote_tlb_flush_recommended = true;
	f.ex_processor_masks_recommended = true;
	f.ext_gva_ranges = true;
	f.xmm_input = true;
	f.max_vps = 4096;

	printf("| scenario | VPs | hvtlfs call | form | entries | input bytes | slow-form bytes "
	       "| Linux call | Linux entries | Linux bytes | plan ns |\n");
	printf("|---|---|---|---|---|---|---|---|---|---|---|\n");
	for (sc = 0; sc < sizeof(names) / sizeof(names[0]); sc++) {
		size_t n = 1, i;

		switch (sc) {
		case 0:
			rg[0].start = 0x7f1234567000u;
			rg[0].length = 4096;
			break;
		case 1:
			rg[0].start = 0x7f1234567000u;
			rg[0].length = 33u * 4096u;
			break;
		case 2:
			rg[0].start = 0x7f1234400000u;
			rg[0].length = 2u << 20;
			break;
		case 3:
		case 4:
			rg[0].start = 0x7f1240000000u;
			rg[0].length = 1u << 30;
			break;
		case 5:
			rg[0].start = 0x7f1240000000u;
			rg[0].length = 8ull << 30;
			break;
		default:
			n = 64;
			for (i = 0; i < 64; i++) {
				rg[i].start = 0x7f1200000000u + i * 0x31000u;
				rg[i].length = 4096;
			}
		}
		for (v = 0; v < 4; v++) {
			struct hvtlfs_flush_request r;
			struct hvtlfs_flush_plan plan, slow;
			struct hvtlfs_flush_policy noxmm = { 0, HVTLFS_POLICY_NO_XMM };
			struct linux_plan s;
			double t0, t1;
			unsigned k, b, reps = 200;
			double best;

			memset(bm, 0, sizeof(bm));
			for (k = 0; k < vps[v]; k++)
				bm[k / 64] |= (uint64_t)1 << (k % 64);
			memset(&r, 0, sizeof(r));
			r.vps.bitmap = bm;
			r.vps.words = 64;
			r.address_space = 0x1000;
			r.ranges = rg;
			r.nranges = n;
			r.mapping_size = mapping[sc];
			if (hvtlfs_flush_plan_build(&r, &f, NULL, page, sizeof(page), &plan) ||
			    hvtlfs_flush_plan_build(&r, &f, &noxmm, page, sizeof(page), &slow))
				return 1;
			best = 1e30;
			for (b = 0; b < 25; b++) {
				t0 = bench_now_ns();
				for (k = 0; k < reps; k++) {
					if (hvtlfs_flush_plan_build(&r, &f, NULL, page,
								    sizeof(page), &plan))
						return 1;
				}
				t1 = bench_now_ns();
				if ((t1 - t0) / reps < best)
					best = (t1 - t0) / reps;
			}
			s = linux_plan_of(rg, n, vps[v]);
			printf("| %s | %u | %s | %s | %u | %u | %u | %s | %u | %u | %.0f |\n",
			       names[sc], vps[v], call_name(plan.control),
			       plan.form == HVTLFS_FORM_XMM ? "XMM fast" : "slow", plan.entries,
			       plan.input_size, slow.input_size, s.call, s.entries, s.bytes, best);
		}
	}
	printf("\nEvery flush is one hypercall in both strategies (no list ever needs a second "
	       "page); \"input bytes\" are in registers for the XMM form and in the input page "
	       "otherwise.\n");
	return 0;
}
