/* SPDX-License-Identifier: BSD-2-Clause */
/* Internal to the hvtlfs CLI: helpers shared by its commands. */
#ifndef HVTLFS_TOOLS_CLI_H
#define HVTLFS_TOOLS_CLI_H

#include <stddef.h>
#include <stdint.h>

#include "hvtlfs/hvcall.h"

#if defined(__GNUC__)
#define CLI_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define CLI_PRINTF(f, a)
#endif

/* Prints "hvtlfs <cmd>: <message>" and a pointer to the help on stderr; returns 2. */
int cli_usage_error(const char *cmd, const char *fmt, ...) CLI_PRINTF(2, 3);

/* cli_usage_error(cmd, "<what>: '<val>'"): an option's value it cannot take (NULL: none). */
int cli_bad_value(const char *cmd, const char *what, const char *val);

/* Decimal or 0x-prefixed hexadecimal, the whole string, no sign, no overflow: 0 or -1. */
int cli_parse_u64(const char *s, uint64_t *out);

/* Hex bytes (whitespace between byte pairs allowed, optional leading 0x): 0 on success,
 * -1 for a non-hex character, -2 for an odd number of digits, -3 when more than cap
 * bytes, -4 for a blank between a byte's two digits. *len receives the byte count on
 * success, the offset of the offending character on an error. */
int cli_parse_hex(const char *s, uint8_t *out, size_t cap, size_t *len);

/* s[0..n) as cli_parse_u64() reads a whole string: 0 or -1. */
int cli_parse_part(const char *s, size_t n, uint64_t *out);

/* A VP list ("0-3,70", VPs below 4096) ORed into a 64-word bitmap: 0 or -1. */
int cli_parse_vps(const char *s, uint64_t *bitmap);

/* True when argv[*i] is option name ("--x v" or "--x=v"); *val gets the value, *i moves
 * past it. A missing value yields *val == NULL. */
int cli_option(int argc, char **argv, int *i, const char *name, const char **val);

/* True when some argument is --help or -h. */
int cli_wants_help(int argc, char **argv);

/* "0-3,70 (5 VPs)" from a 64-word VP bitmap; "none" when empty. */
void cli_print_vp_bitmap(const uint64_t *bitmap, size_t words);

/* The flags of the flush calls, for decode's output and the quick reference:
 * HV_FLUSH_<name>, and what the TLFS says about where it may stand. */
struct cli_flag {
	uint64_t bit;
	const char *name;
	const char *note;
};
#define CLI_FLUSH_FLAGS 4u
extern const struct cli_flag cli_flush_flags[CLI_FLUSH_FLAGS];

/* Features accepted by decode and plan: a comma-separated list. */
#define CLI_FEAT_EX	  1u
#define CLI_FEAT_XMM	  2u
#define CLI_FEAT_EXTGVA	  4u
#define CLI_FEAT_LARGE	  8u
#define CLI_FEAT_EXTCALLS 16u
#define CLI_FEAT_XMMOUT	  32u
#define CLI_FEAT_ARM64	  64u
/* The value of cmd's --features (NULL: none given), names among allowed: 0 with *out set,
 * or cli_usage_error()'s 2 for a missing list or an unknown name. */
int cli_features_option(const char *cmd, const char *val, unsigned int allowed, unsigned int *out);

/* The hypervisor's view of one call: status, result and the decoded request. */
void cli_print_judgement(const struct hvtlfs_hvcall_input *in, int rc,
			 const struct hvtlfs_hvcall_request *req,
			 const struct hvtlfs_range_entry *ranges);

/* Input bytes as little-endian qwords (names: register names, or NULL for offsets) and
 * as one hex string decode --input accepts. */
void cli_print_input(const uint8_t *bytes, size_t len, int registers);

int cli_decode(int argc, char **argv);
int cli_build(int argc, char **argv);
/* The VP-register, AP start-up and VTL calls of hvtlfs build (tools/cli_build_vp.c). */
int cli_build_vp_knows(const char *call);
int cli_build_vp(int argc, char **argv);
int cli_plan(int argc, char **argv);

#endif
