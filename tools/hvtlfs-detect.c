/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * hvtlfs-detect: the bring-up walkthrough. Feeds CPUID dumps of Hyper-V
 * partitions through hvtlfs_detect() and prints the decoded features; with
 * --host it runs the real CPUID instruction on this machine instead.
 *
 * usage: hvtlfs-detect [--host | --raw | --list | NAME...]
 *   no argument  decode every built-in dump
 *   NAME         decode the named built-in dumps (see --list)
 *   --host       decode this machine's CPUID
 *   --raw        print this machine's leaves as a dump table (to add one here)
 * Exit status: 0 when every partition decoded is Hyper-V, 1 when one is not
 * (reported, not an error), 2 on a usage error.
 *
 * The dumps are written by hand, not captured from one machine. Register values
 * follow the TLFS "Feature and Interface Discovery" bit tables and the numbers
 * Linux guests print at boot on such hosts ("Hyper-V: privilege flags low 0x2e7f,
 * high 0x3b8030, hints 0x64e24, misc 0xbed7b2", "Hyper-V Host Build:20348-10.0-..."
 * lines in public boot logs), and the published scale limits of each Windows
 * Server release (240 VPs / 512 LPs for 2016). Each is commented bit by bit.
 */
#include <stdio.h>
#include <string.h>

#include "hvtlfs/bringup.h"
#include "hvtlfs/error.h"

#define HV1 0x31237648u

/* Leaf 1 of a virtualised Intel Xeon: ECX bit 31 (hypervisor present) set. */
#define LEAF1_XEON 0x00050654u, 0x00000800u, 0xFEDA3203u, 0x1F8BFBFFu

/*
 * A Windows Server 2016 (build 14393) host, a generation-2 VM with a few VPs.
 * Leaf 0x40000006 is the last one: no nested leaves yet (the enlightened VMCS
 * arrived with Windows Server 2019).
 */
static const struct hvtlfs_cpuid_entry ws2016[] = {
	{ 1, 0, { LEAF1_XEON } },
	{ 0x40000000u, 0, { 0x40000006u, 0x7263694Du, 0x666F736Fu, 0x76482074u } },
	{ 0x40000001u, 0, { HV1, 0, 0, 0 } },
	/* 10.0 build 14393, service pack 0, branch 0, service number 1884. */
	{ 0x40000002u, 0, { 14393u, 0x000A0000u, 0, 0x0000075Cu } },
	/*
	 * EAX 0x0E7F: VP runtime, reference counter, SynIC, synthetic timers, APIC
	 * MSRs, hypercall MSRs, VP index, reference TSC, guest idle, frequency MSRs.
	 * EBX 0x00020030: PostMessages, SignalEvents, AccessVpRegisters.
	 * EDX 0x03A2: guest debugging, guest idle state, NUMA distances, timer
	 * frequencies, synthetic machine checks. No XMM input or output yet.
	 */
	{ 0x40000003u, 0, { 0x00000E7Fu, 0x00020030u, 0, 0x000003A2u } },
	/*
	 * EAX 0x042C: remote TLB flush by hypercall, APIC MSRs, relaxed timing,
	 * SyntheticClusterIpi. EBX 0xFFF: spinlock retries. ECX 0: physical address
	 * width not reported by this generation.
	 */
	{ 0x40000004u, 0, { 0x0000042Cu, 0x00000FFFu, 0, 0 } },
	/* 240 VPs, 512 LPs: the Windows Server 2016 limits. */
	{ 0x40000005u, 0, { 240u, 512u, 0, 0 } },
	{ 0x40000006u, 0, { 0x0000000Eu, 0, 0, 0 } },
};

/*
 * An Azure-class host on a Windows Server 2022 base (build 20348): Ex processor
 * masks recommended, XMM fast input and output, extended GVA ranges, nested
 * features (the VM size allows nested virtualization).
 */
static const struct hvtlfs_cpuid_entry azure[] = {
	{ 1, 0, { LEAF1_XEON } },
	{ 0x40000000u, 0, { 0x4000000Cu, 0x7263694Du, 0x666F736Fu, 0x76482074u } },
	{ 0x40000001u, 0, { HV1, 0, 0, 0 } },
	/* 10.0 build 20348, service pack 1, branch 0, service number 1633. */
	{ 0x40000002u, 0, { 20348u, 0x000A0000u, 1, 0x00000661u } },
	/*
	 * EAX 0x2E7F: as above plus reenlightenment controls (bit 13).
	 * EBX 0x3B8030: PostMessages, SignalEvents, AccessVSM, AccessVpRegisters,
	 * EnableExtendedHypercalls, StartVirtualProcessor, and bits 12, 13, 15, 19.
	 * EDX 0xBED7B2: XMM input (4), extended GVA ranges (14), XMM output (15),
	 * hypercall MSR lock (18), direct synthetic timers (19), and others.
	 */
	{ 0x40000003u, 0, { 0x00002E7Fu, 0x003B8030u, 0, 0x00BED7B2u } },
	/*
	 * EAX 0x64E24: remote TLB flush, relaxed timing, deprecate AutoEOI, cluster
	 * IPI, Ex processor masks, enlightened VMCS, direct local flush entire, no
	 * non-architectural core sharing. ECX 46: physical address bits.
	 */
	{ 0x40000004u, 0, { 0x00064E24u, 0x00000FFFu, 46u, 0 } },
	/* 2048 VPs, 2048 LPs. */
	{ 0x40000005u, 0, { 2048u, 2048u, 0, 0 } },
	/* eVMCS 1..1, direct virtual flush, GPA flush hypercalls, MSR bitmap. */
	{ 0x4000000Au, 0, { 0x000E0101u, 0, 0, 0 } },
};

/*
 * Hyper-V on an AMD host (Windows 11, build 22000), the values its Linux guest
 * prints at boot ("privilege flags low 0xae7f, high 0x3b8030, hints 0xc2c, misc
 * 0xe0bed7b6", "Nested features: 0x4a0000"): leaf 0x4000000A sets bit 22,
 * enlightened NPT TLB flush, which the TLFS table still calls reserved. No
 * enlightened VMCS on SVM. The maximum leaf and the limits are not in the log.
 */
static const struct hvtlfs_cpuid_entry amd[] = {
	{ 1, 0, { 0x00A20F10u, 0x00000800u, 0xFED83203u, 0x178BFBFFu } },
	{ 0x40000000u, 0, { 0x4000000Cu, 0x7263694Du, 0x666F736Fu, 0x76482074u } },
	{ 0x40000001u, 0, { HV1, 0, 0, 0 } },
	/* 10.0 build 22000, service pack 0, branch 0, service number 708. */
	{ 0x40000002u, 0, { 22000u, 0x000A0000u, 0, 0x000002C4u } },
	/* EAX 0xAE7F, EBX 0x3B8030, EDX 0xE0BED7B6 (XMM input and output, extended GVA
	 * ranges, MSR lock, and bits 29-31, which the TLFS table reserves). */
	{ 0x40000003u, 0, { 0x0000AE7Fu, 0x003B8030u, 0, 0xE0BED7B6u } },
	/* EAX 0xC2C: remote TLB flush, APIC MSRs, relaxed timing, cluster IPI, Ex masks. */
	{ 0x40000004u, 0, { 0x00000C2Cu, 0x00000FFFu, 0, 0 } },
	{ 0x40000005u, 0, { 1024u, 1024u, 0, 0 } },
	/* Direct virtual flush (17), enlightened MSR bitmap (19), NPT TLB (22). */
	{ 0x4000000Au, 0, { 0x004A0000u, 0, 0, 0 } },
};

/*
 * A guest of a nested Hyper-V (Windows Server 2019, build 17763, running inside
 * an Azure VM): leaf 0x40000004 bit 12 says the hypervisor is itself a guest.
 */
static const struct hvtlfs_cpuid_entry nested[] = {
	{ 1, 0, { LEAF1_XEON } },
	{ 0x40000000u, 0, { 0x4000000Au, 0x7263694Du, 0x666F736Fu, 0x76482074u } },
	{ 0x40000001u, 0, { HV1, 0, 0, 0 } },
	{ 0x40000002u, 0, { 17763u, 0x000A0000u, 0, 0x00000D48u } },
	/* EDX 0x0004C7B2: XMM input, extended GVA ranges, XMM output, MSR lock. */
	{ 0x40000003u, 0, { 0x00002E7Fu, 0x00038030u, 0, 0x0004C7B2u } },
	/*
	 * EAX 0x5E2C: remote TLB flush, APIC MSRs, relaxed timing, deprecate AutoEOI,
	 * cluster IPI, Ex processor masks, nested hypervisor (12), enlightened VMCS.
	 */
	{ 0x40000004u, 0, { 0x00005E2Cu, 0x00000FFFu, 46u, 0 } },
	{ 0x40000005u, 0, { 1024u, 512u, 0, 0 } },
	/* eVMCS 1..1, direct virtual flush. */
	{ 0x4000000Au, 0, { 0x00020101u, 0, 0, 0 } },
};

/*
 * A QEMU/KVM guest with Hyper-V enlightenments (hv-relaxed, hv-vapic, hv-time,
 * hv-synic, hv-tlbflush, hv-ipi, ...), after KVM's template for them
 * (KVM_GET_SUPPORTED_HV_CPUID): another vendor, the same "Hv#1" interface. The
 * maximum leaf lies past the dump (KVM's synthetic-debugger leaves end at
 * 0x40000082); leaves 0x40000006 to 0x4000000A read zero.
 */
static const struct hvtlfs_cpuid_entry kvm_hv[] = {
	{ 1, 0, { LEAF1_XEON } },
	/* "Linux KVM Hv" */
	{ 0x40000000u, 0, { 0x40000082u, 0x756E694Cu, 0x564B2078u, 0x7648204Du } },
	{ 0x40000001u, 0, { HV1, 0, 0, 0 } },
	/* "We implement some Hyper-V 2016 functions": 10.0 build 14393. */
	{ 0x40000002u, 0, { 0x00003839u, 0x000A0000u, 0, 0 } },
	/*
	 * EAX 0x2AFF: VP runtime, reference counter, SynIC, synthetic timers, APIC
	 * MSRs, hypercall MSRs, VP index, reset, reference TSC, frequency MSRs,
	 * reenlightenment. EBX 0x1030: PostMessages, SignalEvents, Debugging.
	 * EDX 0x80D02: guest debugging, timer frequencies, crash MSRs, debug MSRs,
	 * direct synthetic timers.
	 */
	{ 0x40000003u, 0, { 0x00002AFFu, 0x00001030u, 0, 0x00080D02u } },
	/* EAX 0xC2C: remote TLB flush, APIC MSRs, relaxed timing, cluster IPI, Ex
	 * processor masks. EBX 0xFFF: "matches Hyper-V 2016". */
	{ 0x40000004u, 0, { 0x00000C2Cu, 0x00000FFFu, 0, 0 } },
	/* KVM_MAX_VCPUS, and 64 LPs. */
	{ 0x40000005u, 0, { 1024u, 64u, 0, 0 } },
};

/* A KVM guest without Hyper-V enlightenments: vendor "KVMKVMKVM", KVM feature bits
 * in leaf 0x40000001 where a Hyper-V-compatible hypervisor has "Hv#1". */
static const struct hvtlfs_cpuid_entry not_ms[] = {
	{ 1, 0, { LEAF1_XEON } },
	{ 0x40000000u, 0, { 0x40000001u, 0x4B4D564Bu, 0x564B4D56u, 0x0000004Du } },
	{ 0x40000001u, 0, { 0x01000089u, 0, 0, 0 } },
};

#define DUMP(name, title, tab)                                                                     \
	{                                                                                          \
		name, title, tab, sizeof(tab) / sizeof(tab[0])                                     \
	}
static const struct dump {
	const char *name, *title;
	const struct hvtlfs_cpuid_entry *entries;
	size_t count;
} dumps[] = {
	DUMP("ws2016", "Windows Server 2016-class host", ws2016),
	DUMP("azure", "Azure-class host (Windows Server 2022 base)", azure),
	DUMP("amd", "Hyper-V on an AMD host (Windows 11 build 22000)", amd),
	DUMP("nested", "guest of a nested Hyper-V (Windows Server 2019 in an Azure VM)", nested),
	DUMP("kvm-hv", "QEMU/KVM guest with Hyper-V enlightenments (vendor \"Linux KVM Hv\")",
	     kvm_hv),
	DUMP("kvm", "KVM guest without Hyper-V enlightenments (refused)", not_ms),
};

static const char *yesno(bool b)
{
	return b ? "yes" : "no";
}

/* The vendor as decoded, with bytes a terminal should not see replaced by '?'. */
static void printable_vendor(const struct hvtlfs_features *f, char out[13])
{
	for (int i = 0; i < 13; i++) {
		char c = f->vendor[i];

		out[i] = (c != '\0' && (c < 0x20 || c > 0x7E)) ? '?' : c;
	}
}

/* The leaves the library reads, named from the list of tlfs.h. */
#define LEAF_ROW_(name, leaf) { leaf, #name },
static const struct {
	uint32_t leaf;
	const char *name;
} leaves[] = { HVTLFS_CPUID_LEAF_LIST(LEAF_ROW_) };
#define NLEAVES (sizeof(leaves) / sizeof(leaves[0]))

/* Every bit the library names, leaf by leaf and register by register, from its table. */
static void print_bits(const struct hvtlfs_features *f)
{
	static const char regs[4][4] = { "EAX", "EBX", "ECX", "EDX" };
	size_t n, i, col = 0;
	const struct hvtlfs_cpuid_bit *b = hvtlfs_cpuid_bits(&n);

	for (i = 0; i < n; i++) {
		int len;

		if (!(f->leaves & (1u << (b[i].leaf - HVTLFS_CPUID_DUMP_FIRST_LEAF))))
			continue;
		if (i == 0 || b[i].leaf != b[i - 1].leaf || b[i].reg != b[i - 1].reg) {
			printf("%s    0x%08X %s ", col ? "\n" : "", b[i].leaf, regs[b[i].reg]);
			col = 20;
		} else if (col > 70) {
			printf(",\n                   ");
			col = 19;
		} else {
			printf(",");
			col++;
		}
		len = printf(" %s %s", b[i].name, yesno(hvtlfs_features_bit(f, &b[i])));
		col += (size_t)len;
	}
	if (col)
		printf("\n");
}

static void print_features(const struct hvtlfs_features *f)
{
	size_t i;
	int rc;

	printf("  max leaf          0x%08X\n", f->max_leaf);
	printf("  leaves present   ");
	for (i = 0; i < NLEAVES; i++)
		if (f->leaves & (1u << (leaves[i].leaf - HVTLFS_CPUID_DUMP_FIRST_LEAF)))
			printf(" %s", leaves[i].name);
	printf("\n  leaves missing   ");
	if ((f->leaves & HVTLFS_LEAF_ALL) == HVTLFS_LEAF_ALL)
		printf(" none");
	for (i = 0; i < NLEAVES; i++)
		if (!(f->leaves & (1u << (leaves[i].leaf - HVTLFS_CPUID_DUMP_FIRST_LEAF))))
			printf(" 0x%08X", leaves[i].leaf);
	printf("\n");
	if (f->leaves & HVTLFS_LEAF_VERSION)
		printf("  version           %u.%u build %u, service pack %u, branch %u, number "
		       "%u\n",
		       f->version.major, f->version.minor, f->version.build,
		       f->version.service_pack, f->version.service_branch,
		       f->version.service_number);
	if (f->leaves & HVTLFS_LEAF_FEATURES) {
		printf("  privileges        0x%016llX\n", (unsigned long long)f->privileges);
		printf("  features EDX      0x%08X\n", f->features_edx);
	}
	if (f->leaves & HVTLFS_LEAF_HINTS) {
		printf("  hints EAX         0x%08X\n", f->hints_eax);
		if (f->hints_unknown_bits)
			printf("    unknown bits    0x%08X (newer than this library; ignored)\n",
			       f->hints_unknown_bits);
		if (f->spinlock_retries == 0xFFFFFFFFu)
			printf("  spinlock retries  never notify\n");
		else
			printf("  spinlock retries  %u\n", f->spinlock_retries);
		if (f->phys_addr_bits != 0)
			printf("  phys addr bits    %u\n", f->phys_addr_bits);
		else
			printf("  phys addr bits    not reported (use CPUID 0x80000008)\n");
	}
	if (f->leaves & HVTLFS_LEAF_LIMITS)
		printf("  limits            max VPs %u, max LPs %u\n", f->max_vps, f->max_lps);
	if (f->leaves & HVTLFS_LEAF_NESTED) {
		printf("  nested EAX        0x%08X (%s), eVMCS versions %u..%u\n", f->nested.eax,
		       hvtlfs_strerror(f->nested_status), f->nested.evmcs_version_low,
		       f->nested.evmcs_version_high);
		if (f->nested.unknown_bits)
			printf("    unknown bits    0x%08X (newer than this library; ignored)\n",
			       f->nested.unknown_bits);
	}
	printf("  named bits\n");
	print_bits(f);
	rc = hvtlfs_bringup_check(f);
	printf("  bring-up check    %s\n", rc == HVTLFS_OK ? "ok" : hvtlfs_strerror(rc));
}

/* Returns 0 for Hyper-V, 1 otherwise. */
static int detect_one(const char *title, hvtlfs_cpuid_fn fn, void *ctx)
{
	struct hvtlfs_features f;
	char vendor[13];
	uint32_t leaf1[4], iface[4];
	int rc;

	printf("== %s ==\n", title);
	rc = hvtlfs_detect(&f, fn, ctx);
	printable_vendor(&f, vendor);
	if (rc == HVTLFS_ERR_NOT_HYPERV) {
		fn(ctx, 1, 0, leaf1);
		if (!(leaf1[HVTLFS_CPUID_REG_ECX] & HVTLFS_CPUID_STD_FEATURES_ECX_HYPERVISOR)) {
			printf("  no hypervisor: CPUID.1:ECX bit 31 is clear (%s)\n",
			       hvtlfs_strerror(rc));
		} else {
			fn(ctx, HVTLFS_CPUID_LEAF_INTERFACE, 0, iface);
			printf("  a hypervisor, but not Hyper-V: vendor \"%s\", interface 0x%08X "
			       "is not \"Hv#1\" (%s)\n",
			       vendor, iface[0], hvtlfs_strerror(rc));
		}
		return 1;
	}
	if (rc != HVTLFS_OK) {
		printf("  a hypervisor (vendor \"%s\"), but: %s\n", vendor, hvtlfs_strerror(rc));
		print_features(&f);
		return 1;
	}
	printf("  Hyper-V detected: interface \"Hv#1\", vendor \"%s\"%s\n", vendor,
	       hvtlfs_features_require_microsoft(&f) == HVTLFS_OK
		       ? ""
		       : " (a Hyper-V-compatible hypervisor, not Microsoft's)");
	print_features(&f);
	return 0;
}

static int run_dump(const struct dump *d)
{
	struct hvtlfs_cpuid_table t = { d->entries, d->count };

	return detect_one(d->title, hvtlfs_cpuid_from_table, &t);
}

static void usage(FILE *to)
{
	fprintf(to, "usage: hvtlfs-detect [--host | --raw | --list | NAME...]\n"
		    "  no argument  decode every built-in CPUID dump\n"
		    "  NAME         decode the named dumps (see --list)\n"
		    "  --host       decode this machine's CPUID\n"
		    "  --raw        print this machine's leaves as a dump table\n");
}

/* The leaves hvtlfs_cpuid_capture() reads, as entries for a table above. */
static int print_raw(void)
{
	struct hvtlfs_cpuid_dump d;
	uint32_t i, max;
	int rc = hvtlfs_cpuid_capture(&d, hvtlfs_cpuid_native, NULL);

	printf("\t{ 0x00000001u, 0, { 0x%08Xu, 0x%08Xu, 0x%08Xu, 0x%08Xu } },\n", d.leaf1[0],
	       d.leaf1[1], d.leaf1[2], d.leaf1[3]);
	if (rc != HVTLFS_OK) {
		printf("\t/* %s: no hypervisor leaves read */\n", hvtlfs_strerror(rc));
		return 1;
	}
	max = d.hv[0][HVTLFS_CPUID_REG_EAX];
	for (i = 0; i < HVTLFS_CPUID_DUMP_HV_LEAVES; i++) {
		if (max < 0x40000000u || max - 0x40000000u < i)
			break;
		printf("\t{ 0x%08Xu, 0, { 0x%08Xu, 0x%08Xu, 0x%08Xu, 0x%08Xu } },\n",
		       0x40000000u + i, d.hv[i][0], d.hv[i][1], d.hv[i][2], d.hv[i][3]);
	}
	return 0;
}

int main(int argc, char **argv)
{
	size_t i;
	int a, status = 0;

	if (argc == 1) {
		for (i = 0; i < sizeof(dumps) / sizeof(dumps[0]); i++) {
			if (i)
				printf("\n");
			/* The refused KVM dump is part of the walkthrough: not a failure. */
			if (run_dump(&dumps[i]) && strcmp(dumps[i].name, "kvm") != 0)
				status = 1;
		}
		return status;
	}
	for (a = 1; a < argc; a++) {
		if (strcmp(argv[a], "--help") == 0 || strcmp(argv[a], "-h") == 0) {
			usage(stdout);
			return 0;
		}
		if (strcmp(argv[a], "--raw") == 0)
			return print_raw();
		if (strcmp(argv[a], "--list") == 0) {
			for (i = 0; i < sizeof(dumps) / sizeof(dumps[0]); i++)
				printf("%-8s %s\n", dumps[i].name, dumps[i].title);
			return 0;
		}
	}
	for (a = 1; a < argc; a++) {
		if (a > 1)
			printf("\n");
		if (strcmp(argv[a], "--host") == 0) {
			status |= detect_one("this machine (CPUID instruction)",
					     hvtlfs_cpuid_native, NULL);
			continue;
		}
		for (i = 0; i < sizeof(dumps) / sizeof(dumps[0]); i++)
			if (strcmp(argv[a], dumps[i].name) == 0)
				break;
		if (i == sizeof(dumps) / sizeof(dumps[0])) {
			fprintf(stderr, "hvtlfs-detect: unknown dump '%s'\n", argv[a]);
			usage(stderr);
			return 2;
		}
		status |= run_dump(&dumps[i]);
	}
	return status;
}
