/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A program built against an installed (or add_subdirectory'd) hvtlfs: it includes the
 * public headers and the arch headers from where the package put them, links the static
 * library, and checks a few answers written by hand from the TLFS control-word table.
 */
#include <stdio.h>
#include <string.h>

#include <hvtlfs/arch.h>
#include <hvtlfs/control.h>
#include <hvtlfs/error.h>
#include <hvtlfs/tlfs.h>

static int check(int ok, const char *what)
{
	printf("%s %s\n", ok ? "ok  " : "FAIL", what);
	return ok ? 0 : 1;
}

int main(void)
{
	uint64_t w = 0;
	int fail = 0;

	/* HvFlushVirtualAddressList (0x0003), rep count 5 (bits 32-43), rep start 2 (48-59). */
	fail += check(hvtlfs_control_encode(&w, HVTLFS_CALL_FLUSH_VIRTUAL_ADDRESS_LIST, 0, 0, 5,
					    2) == HVTLFS_OK &&
			      w == 0x0002000500000003ull,
		      "rep control word");
	/* HvFlushVirtualAddressSpaceEx (0x0013), fast (bit 16), 3 variable-header units (17-26). */
	fail += check(hvtlfs_control_encode(&w, HVTLFS_CALL_FLUSH_VIRTUAL_ADDRESS_SPACE_EX,
					    HVTLFS_CTL_FAST, 3, 0, 0) == HVTLFS_OK &&
			      w == 0x0000000000070013ull,
		      "fast control word with variable header");
	fail += check(hvtlfs_control_encode(&w, 0x0003, 0, 0, 2, 2) ==
			      HVTLFS_ERR_REP_START_NOT_BELOW,
		      "rep start not below rep count is refused");
	fail += check(strcmp(hvtlfs_strerror(HVTLFS_ERR_NULL), "HVTLFS_ERR_NULL") == 0, "strerror");
	fail += check(HVTLFS_REG_BITS == 8 * (int)sizeof(void *), "arch backend " HVTLFS_ARCH_NAME);
	return fail ? 1 : 0;
}
