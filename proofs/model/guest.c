/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Guest memory as a hypervisor sees it: bytes another virtual processor of the guest
 * may rewrite at any moment.
 *
 * Every decoder reads guest bytes through one accessor, hvtlfs_guest_u8_() of
 * src/hvtlfs_internal.h, whose seam HVTLFS_GUEST_READ8 names the function that loads
 * one byte. scripts/prove compiles the library with the seam set to this function,
 * which
 * - dereferences the byte, so Eva checks that it lies inside the buffer the driver
 *   passed (drivers end that buffer where the length the decoder was given ends, so
 *   a read at or past the length is an alarm) and was initialised;
 * - returns a fresh value at every call, whatever the byte held before: memory that
 *   changes between two reads. A decoder that checked one fetch of a field and used
 *   another would use an unchecked value, and what it did with it (an index, a
 *   length, a field of the decoded request) shows as an alarm or as a broken property
 *   of the request the driver checks.
 * That each byte is read exactly once is tests/test_guest_reads.c's, which counts.
 */
#include "__fc_builtin.h"
#include "hvtlfs/env.h"

uint8_t prove_guest_read8(const volatile uint8_t *p);

uint8_t prove_guest_read8(const volatile uint8_t *p)
{
	uint8_t seen = *p;

	(void)seen;
	return (uint8_t)Frama_C_interval(0, 255);
}
