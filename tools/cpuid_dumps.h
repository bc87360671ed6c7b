/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * CPUID dumps of Hyper-V (and other) partitions: hvtlfs-detect walks through them, and
 * the tests check how they decode.
 *
 * The dumps are written by hand, not captured from one machine. Register values
 * follow the TLFS "Feature and Interface Discovery" bit tables and the numbers
 * Linux guests print at boot on such hosts ("Hyper-V: privilege flags low 0x2e7f,
 * high 0x3b8030, hints 0x64e24, misc 0xbed7b2", "Hyper-V Host Build:20348-10.0-..."
 * lines in public boot logs), and the published scale limits of each Windows
 * Server release (240 VPs / 512 LPs for 2016). Each is commented bit by bit.
 */
#ifndef HVTLFS_TOOLS_CPUID_DUMPS_H
#define HVTLFS_TOOLS_CPUID_DUMPS_H

#include "hvtlfs/bringup.h"

/* "Hv#1", spelled out as the TLFS table gives it. */
#define DUMP_HV1 0x31237648u

/* Leaf 1 of a virtualised Intel Xeon: ECX bit 31 (hypervisor present) set. */
#define DUMP_LEAF1_XEON 0x00050654u, 0x00000800u, 0xFEDA3203u, 0x1F8BFBFFu

/*
 * A Windows Server 2016 (build 14393) host, a generation-2 VM with a few VPs.
 * Leaf 0x40000006 is the last one: no nested leaves yet (the enlightened VMCS
 * arrived with Windows Server 2019).
 */
static const struct hvtlfs_cpuid_entry dump_ws2016[] = {
	{ 1, 0, { DUMP_LEAF1_XEON } },
	{ 0x40000000u, 0, { 0x40000006u, 0x7263694Du, 0x666F736Fu, 0x76482074u } },
	{ 0x40000001u, 0, { DUMP_HV1, 0, 0, 0 } },
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
static const struct hvtlfs_cpuid_entry dump_azure[] = {
	{ 1, 0, { DUMP_LEAF1_XEON } },
	{ 0x40000000u, 0, { 0x4000000Cu, 0x7263694Du, 0x666F736Fu, 0x76482074u } },
	{ 0x40000001u, 0, { DUMP_HV1, 0, 0, 0 } },
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
static const struct hvtlfs_cpuid_entry dump_amd[] = {
	{ 1, 0, { 0x00A20F10u, 0x00000800u, 0xFED83203u, 0x178BFBFFu } },
	{ 0x40000000u, 0, { 0x4000000Cu, 0x7263694Du, 0x666F736Fu, 0x76482074u } },
	{ 0x40000001u, 0, { DUMP_HV1, 0, 0, 0 } },
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
static const struct hvtlfs_cpuid_entry dump_nested[] = {
	{ 1, 0, { DUMP_LEAF1_XEON } },
	{ 0x40000000u, 0, { 0x4000000Au, 0x7263694Du, 0x666F736Fu, 0x76482074u } },
	{ 0x40000001u, 0, { DUMP_HV1, 0, 0, 0 } },
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
static const struct hvtlfs_cpuid_entry dump_kvm_hv[] = {
	{ 1, 0, { DUMP_LEAF1_XEON } },
	/* "Linux KVM Hv" */
	{ 0x40000000u, 0, { 0x40000082u, 0x756E694Cu, 0x564B2078u, 0x7648204Du } },
	{ 0x40000001u, 0, { DUMP_HV1, 0, 0, 0 } },
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
static const struct hvtlfs_cpuid_entry dump_not_ms[] = {
	{ 1, 0, { DUMP_LEAF1_XEON } },
	{ 0x40000000u, 0, { 0x40000001u, 0x4B4D564Bu, 0x564B4D56u, 0x0000004Du } },
	{ 0x40000001u, 0, { 0x01000089u, 0, 0, 0 } },
};

/* A build machine's CPUID, read by `hvtlfs-detect --raw` (an AMD EPYC VM under bhyve):
 * a hypervisor is present, but its maximum leaf is 0x40000000, the vendor leaf itself,
 * so there is no interface leaf and no "Hv#1": not Hyper-V, and leaf 0x40000001 is
 * never read. */
static const struct hvtlfs_cpuid_entry dump_bhyve[] = {
	{ 1, 0, { 0x00B00F21u, 0xF2FE0800u, 0xFED83203u, 0x178BFBFFu } },
	{ 0x40000000u, 0, { 0x40000000u, 0x76796862u, 0x68622065u, 0x20657679u } },
};

#define CPUID_DUMP_(name, title, tab, refused)                                                     \
	{                                                                                          \
		name, title, tab, sizeof(tab) / sizeof(tab[0]), refused                            \
	}
/* Every dump, by the name hvtlfs-detect takes, and whether the walkthrough expects
 * detection to refuse it (not Hyper-V). */
static const struct cpuid_dump {
	const char *name, *title;
	const struct hvtlfs_cpuid_entry *entries;
	size_t count;
	int refused;
} cpuid_dumps[] = {
	CPUID_DUMP_("ws2016", "Windows Server 2016-class host", dump_ws2016, 0),
	CPUID_DUMP_("azure", "Azure-class host (Windows Server 2022 base)", dump_azure, 0),
	CPUID_DUMP_("amd", "Hyper-V on an AMD host (Windows 11 build 22000)", dump_amd, 0),
	CPUID_DUMP_("nested", "guest of a nested Hyper-V (Windows Server 2019 in an Azure VM)",
		    dump_nested, 0),
	CPUID_DUMP_("kvm-hv",
		    "QEMU/KVM guest with Hyper-V enlightenments (vendor \"Linux KVM Hv\")",
		    dump_kvm_hv, 0),
	CPUID_DUMP_("kvm", "KVM guest without Hyper-V enlightenments (refused)", dump_not_ms, 1),
	CPUID_DUMP_("bhyve", "bhyve guest: no leaf past the vendor's (refused)", dump_bhyve, 1),
};

#endif /* HVTLFS_TOOLS_CPUID_DUMPS_H */
