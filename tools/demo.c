/* SPDX-License-Identifier: BSD-2-Clause */
/* ./scripts/demo: the main job of hvtlfs, shown end to end. */
#include <stdio.h>

#include "hvtlfs/catalog.h"
#include "hvtlfs/control.h"
#include "hvtlfs/error.h"
#include "hvtlfs/tlfs.h"

static void show_control(const char *what, uint64_t c)
{
	const struct hvtlfs_call_info *ci = NULL;
	uint16_t st = hvtlfs_call_check(c, &ci);

	printf("%-48s 0x%016llx  %s (0x%04x)%s%s var_hdr=%u rep_count=%u rep_start=%u  -> %s\n",
	       what, (unsigned long long)c, hvtlfs_call_name(hvtlfs_control_code(c)),
	       hvtlfs_control_code(c), hvtlfs_control_is_fast(c) ? " fast" : "",
	       hvtlfs_control_is_nested(c) ? " nested" : "", hvtlfs_control_var_hdr_size(c),
	       hvtlfs_control_rep_count(c), hvtlfs_control_rep_start(c), hvtlfs_status_name(st));
}

static void build(const char *what, uint16_t code, unsigned int opts, uint32_t vh, uint32_t cnt,
		  uint32_t start)
{
	uint64_t c = 0;
	int rc = hvtlfs_control_build(&c, code, opts, vh, cnt, start);

	if (rc != HVTLFS_OK)
		printf("%-48s refused: %s\n", what, hvtlfs_strerror(rc));
	else
		show_control(what, c);
}

int main(void)
{
	printf("== Control words built by hvtlfs_control_build() and judged as a hypervisor "
	       "would\n");
	build("HvFlushVirtualAddressList, 3 ranges", HVTLFS_CALL_FLUSH_VIRTUAL_ADDRESS_LIST, 0, 0,
	      3, 0);
	build("HvFlushVirtualAddressListEx, 3 ranges, 2 banks",
	      HVTLFS_CALL_FLUSH_VIRTUAL_ADDRESS_LIST_EX, 0, 2, 3, 0);
	build("  ...continued from rep 2", HVTLFS_CALL_FLUSH_VIRTUAL_ADDRESS_LIST_EX, 0, 2, 3, 2);
	build("HvSignalEvent, fast", HVTLFS_CALL_SIGNAL_EVENT, HVTLFS_CTL_FAST, 0, 0, 0);
	build("HvFlushGuestPhysicalAddressSpace, nested",
	      HVTLFS_CALL_FLUSH_GUEST_PHYSICAL_ADDRESS_SPACE, HVTLFS_CTL_NESTED, 0, 0, 0);
	build("rep count 4096 (does not fit 12 bits)", HVTLFS_CALL_FLUSH_VIRTUAL_ADDRESS_LIST, 0, 0,
	      4096, 0);
	build("rep start 3 of 3", HVTLFS_CALL_FLUSH_VIRTUAL_ADDRESS_LIST, 0, 0, 3, 3);
	printf("\n== Control words from a guest, as a hypervisor sees them\n");
	show_control("reserved bit 27 set", 0x0000000308000003ull);
	show_control("unknown call code 0x0004", 0x0000000000000004ull);
	show_control("fast HvPostMessage (slow only)", 0x000000000001005Cull);
	show_control("HvFlushVirtualAddressSpace with var header", 0x0000000000020002ull);
	return 0;
}
