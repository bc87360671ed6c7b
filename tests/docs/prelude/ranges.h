/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Prelude of docs/ranges.md: what its snippets take from the prose around them, and
 * for the snippet that runs, stand-ins and the check that it behaves as the guide says.
 */
#include "hvtlfs/ranges.h"

/* Guest side: the ranges to flush, the list buffer, and the two ways to flush. */
extern uint64_t va, len, va2, len2;
extern uint64_t list[8];
extern size_t cap;
int flush_whole_space(void);
int flush_list(const uint64_t *entries, uint32_t rep_count);

/* Hypervisor side: the guest's input page and the call's fields. */
extern const uint8_t *page;
extern size_t off, page_len;
extern uint64_t flags;
extern uint32_t rep_count, rep_start;
int refuse(int err, size_t bad_index);
void flush_entries(const struct hvtlfs_range_entry *e, size_t n);

#ifdef SNIPPET_RUN
#include <stdio.h>

uint64_t va, len, va2, len2;
uint64_t list[8];
size_t cap;
static unsigned int whole, lists;
static uint32_t listed;

int flush_whole_space(void)
{
	whole++;
	return 1;
}
int flush_list(const uint64_t *entries, uint32_t rep_count)
{
	(void)entries;
	lists++;
	listed = rep_count;
	return 2;
}

/* A list when it fits, the whole space when it does not, an error for a bad range. */
int check_encode(int (*snippet)(void));
int check_encode(int (*snippet)(void))
{
	static const struct {
		uint64_t va, len, va2, len2;
		size_t cap;
		int want;
		unsigned int whole, lists;
	} c[] = {
		/* One page and two pages: two simple entries. */
		{ 0x7f0000000000u, 4096, 0x7f0000010000u, 8192, 8, 2, 0, 1 },
		/* The same with room for one entry: flush everything instead. */
		{ 0x7f0000000000u, 4096, 0x7f0000010000u, 8192, 1, 1, 1, 0 },
		/* A zero length: the caller's bug, reported, nothing flushed. */
		{ 0x7f0000000000u, 0, 0x7f0000010000u, 8192, 8, HVTLFS_ERR_EMPTY_RANGE, 0, 0 },
		/* A range past the top of the address space: likewise. */
		{ 0x1000, 4096, 0xFFFFFFFFFFFFF000ull, 0x2000, 8, HVTLFS_ERR_RANGE_WRAP, 0, 0 },
	};
	unsigned int i;

	for (i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		int got;

		va = c[i].va;
		len = c[i].len;
		va2 = c[i].va2;
		len2 = c[i].len2;
		cap = c[i].cap;
		whole = lists = 0;
		got = snippet();
		if (got != c[i].want || whole != c[i].whole || lists != c[i].lists ||
		    (lists &&
		     (listed != 2 || list[0] != 0x7f0000000000u || list[1] != 0x7f0000010001u))) {
			printf("case %u: returned %d, %u whole, %u lists\n", i, got, whole, lists);
			return 1;
		}
	}
	return 0;
}
#endif
