/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * hvtlfs_control_encode() and hvtlfs_control_check(): every value of every argument
 * (out NULL or not, any call code, option bits, variable header size, rep count and
 * rep start), every 64-bit control word.
 *
 * prove-sources: control.c
 * prove-options: -eva-precision 1 -eva-split-return auto
 * prove-cost: 1
 */
#include "prove.h"
#include "hvtlfs/control.h"

int main(void)
{
	uint64_t word;
	int null_out = prove_bool();
	int rc;

	/* out NULL or not, apart: the word is written exactly when out is given. */
	//@ split null_out;
	rc = hvtlfs_control_encode(null_out ? NULL : &word, prove_u16(), prove_uint(), prove_u32(),
				   prove_u32(), prove_u32());
	if (rc == HVTLFS_OK)
		rc = hvtlfs_control_check(word);
	return hvtlfs_control_check(prove_u64()) + rc;
}
