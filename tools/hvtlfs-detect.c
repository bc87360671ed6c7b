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
 * The dumps are those of tools/cpuid_dumps.h.
 */
#include <stdio.h>
#include <string.h>

#include "hvtlfs/bringup.h"
#include "hvtlfs/error.h"

#include "cpuid_dumps.h"

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
	if (rc == HVTLFS_ERR_LEAF_UNAVAILABLE && (f.leaves & HVTLFS_LEAF_INTERFACE) == 0) {
		/* No interface leaf, so no "Hv#1": it claims no Hyper-V interface. */
		printf("  a hypervisor, but not Hyper-V: vendor \"%s\", no interface leaf "
		       "(maximum leaf 0x%08X) (%s)\n",
		       vendor, f.max_leaf, hvtlfs_strerror(rc));
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

static int run_dump(const struct cpuid_dump *d)
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
		for (i = 0; i < sizeof(cpuid_dumps) / sizeof(cpuid_dumps[0]); i++) {
			if (i)
				printf("\n");
			/* The refused dumps are part of the walkthrough: a failure is a
			 * verdict other than the one the dump expects. */
			if ((run_dump(&cpuid_dumps[i]) != 0) != (cpuid_dumps[i].refused != 0))
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
			for (i = 0; i < sizeof(cpuid_dumps) / sizeof(cpuid_dumps[0]); i++)
				printf("%-8s %s\n", cpuid_dumps[i].name, cpuid_dumps[i].title);
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
		for (i = 0; i < sizeof(cpuid_dumps) / sizeof(cpuid_dumps[0]); i++)
			if (strcmp(argv[a], cpuid_dumps[i].name) == 0)
				break;
		if (i == sizeof(cpuid_dumps) / sizeof(cpuid_dumps[0])) {
			fprintf(stderr, "hvtlfs-detect: unknown dump '%s'\n", argv[a]);
			usage(stderr);
			return 2;
		}
		status |= run_dump(&cpuid_dumps[i]);
	}
	return status;
}
