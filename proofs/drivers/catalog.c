/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The call and status catalogs: hvtlfs_call_lookup(), hvtlfs_call_name(),
 * hvtlfs_status_name() for every 16-bit value; hvtlfs_call_catalog() and
 * hvtlfs_status_catalog() with and without a count; hvtlfs_call_check() for every
 * 64-bit control word, with and without its info and reason out-parameters;
 * hvtlfs_call_output_lookup() for every 16-bit code. Every
 * string returned is readable.
 *
 * prove-sources: catalog.c
 * prove-options: -eva-precision 1 -eva-slevel-function hvtlfs_call_lookup:1000
 * prove-cost: 1
 */
#include "prove.h"
#include "hvtlfs/catalog.h"

int main(void)
{
	const struct hvtlfs_call_info *info = NULL;
	const struct hvtlfs_call_info *all;
	const uint16_t *statuses;
	size_t count = 0, nstatus = 0;
	const char *name;
	int reason = 0;
	uint16_t st;

	info = hvtlfs_call_lookup(prove_u16());
	if (info)
		name = info->name;
	else
		name = hvtlfs_call_name(prove_u16());
	//@ assert call_name: \valid_read(name);
	name = hvtlfs_status_name(prove_u16());
	//@ assert status_name: \valid_read(name);

	all = hvtlfs_call_catalog(PROVE_OR_NULL(&count));
	statuses = hvtlfs_status_catalog(PROVE_OR_NULL(&nstatus));
	if (count)
		name = all[count - 1].name;
	if (nstatus)
		st = statuses[nstatus - 1];

	st = hvtlfs_call_check(prove_u64(), PROVE_OR_NULL(&info), PROVE_OR_NULL(&reason));
	return st + reason + (info ? info->code : 0) +
	       (hvtlfs_call_output_lookup(prove_u16()) != NULL);
}
