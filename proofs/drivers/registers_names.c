/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * hvtlfs_register_lookup_name() (and its same_string()): every register set, the name
 * NULL or any NUL-terminated string: NAME_MAX bytes of any value, then a NUL. A byte of
 * them may be NUL, so this is every string of 0 to NAME_MAX bytes, and, for longer
 * ones, the same reads: same_string() reads the caller's string no further than its
 * first NUL, nor further than one byte past the row's name, and no row's name is
 * NAME_MAX bytes or longer (the assertion below, from the catalog itself).
 *
 * Bounds and the states: the function compares the name with every catalog row's
 * string in turn, each a literal Eva knows. Each row is analysed apart (an slevel of
 * the catalog's rows, with room for the outcomes of each) and each comparison byte by
 * byte (an slevel of one state a byte of the longest name): within these, no state is
 * joined, so a row's name is never read past its NUL. The slevels follow the catalog:
 * ROWS_MAX rows of at most NAME_MAX - 1 bytes, both checked below.
 *
 * prove-sources: registers.c
 * prove-options: -eva-precision 0
 * prove-slevel: hvtlfs_register_lookup_name:1000 same_string:40 name_len:40
 * prove-cost: 6
 */
#include "prove.h"
#include "hvtlfs/registers.h"

#define ROWS_MAX 320u /* the slevel of hvtlfs_register_lookup_name() over 3 */
#define NAME_MAX 38u  /* the slevel of same_string() less 2 */

static char name[NAME_MAX + 1u];

/* The bytes of @s before its NUL, up to NAME_MAX. */
static size_t name_len(const char *s)
{
	size_t n = 0;

	while (n < NAME_MAX && s[n] != '\0')
		n++;
	return n;
}

int main(void)
{
	const struct hvtlfs_register_info *ri, *rows;
	size_t count = 0, i;

	/* The bounds the slevels assume, from the catalog. */
	rows = hvtlfs_register_catalog(&count);
	//@ assert rows: count <= ROWS_MAX;
	//@ loop unroll ROWS_MAX;
	for (i = 0; i < count; i++) {
		size_t n = name_len(rows[i].tlfs_name);
		//@ assert name: n < NAME_MAX;
	}
	prove_unknown(name, NAME_MAX);
	name[NAME_MAX] = '\0';
	ri = hvtlfs_register_lookup_name(PROVE_OR_NULL(name), prove_uint());
	//@ assert found: ri == \null || \valid_read(ri);
	return ri != NULL;
}
