/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A host test built against an installed hvtlfs::mock: the wrappers call the mock's
 * fake hypercall page, which records what they passed. Expected words are written by
 * hand from the TLFS control-word layout.
 */
#include <stdio.h>

#include <hvtlfs/control.h>
#include <hvtlfs/hypercall.h>
#include <hvtlfs/mock.h>
#include <hvtlfs/tlfs.h>

static int check(int ok, const char *what)
{
	printf("%s %s\n", ok ? "ok  " : "FAIL", what);
	return ok ? 0 : 1;
}

int main(void)
{
	static const struct hvtlfs_mock_response half = { HVTLFS_STATUS_SUCCESS,
							  HVTLFS_MOCK_REPS_ADVANCE, 2 };
	const struct hvtlfs_mock_call *c;
	uint64_t result = 0;
	int fail = 0;

	hvtlfs_mock_reset();
	hvtlfs_hypercall_page = hvtlfs_mock_page();
	/* Where the calls are instructions (arm64's `hvc #0`), the mock takes them from SIGILL. */
	fail += check(hvtlfs_mock_sigill_install() == HVTLFS_OK, "SIGILL handler installed");

	/* HvNotifyLongSpinWait, fast: control 0x8 | fast bit 16, spin count 7 in RDX. */
	result = hvtlfs_hypercall_fast8(HVTLFS_CALL_NOTIFY_LONG_SPIN_WAIT, 7);
	c = hvtlfs_mock_last_call();
	fail += check(result == 0 && c && c->control == 0x10008u && c->input_reg == 7,
		      "fast call through the mock page");

	/* HvFlushVirtualAddressList, 5 reps: the mock completes 2, then the rest. */
	hvtlfs_mock_reset();
	fail += check(hvtlfs_mock_script(&half, 1) == HVTLFS_OK, "script");
	fail += check(hvtlfs_hypercall_rep(0x0000000500000003ull, 0x1000, 0, &result) ==
				      HVTLFS_OK &&
			      result == 0x0000000500000000ull,
		      "rep call completes");
	c = hvtlfs_mock_call_at(1);
	fail += check(c && c->control == 0x0002000500000003ull, "continuation from rep start 2");
	return fail ? 1 : 0;
}
