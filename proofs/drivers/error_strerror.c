/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * hvtlfs_strerror(): every int.
 *
 * prove-sources: error.c
 * prove-options: -eva-precision 1
 * prove-cost: 1
 */
#include "prove.h"
#include "hvtlfs/error.h"

int main(void)
{
	const char *s = hvtlfs_strerror(prove_int());

	//@ assert named: \valid_read(s) && s[0] == 'H';
	return s[0];
}
