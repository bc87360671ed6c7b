/* SPDX-License-Identifier: BSD-2-Clause */
/* Helpers shared by the hvtlfs CLI and the demo: argument parsing and printing. */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"

int cli_usage_error(const char *cmd, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "hvtlfs%s%s: ", cmd ? " " : "", cmd ? cmd : "");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\nTry 'hvtlfs %s%s--help'.\n", cmd ? cmd : "", cmd ? " " : "");
	return 2;
}

static int hex_digit(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* strtoull would take octal, leading blanks, a sign, and "0x" twice: parse by hand. */
const struct cli_flag cli_flush_flags[CLI_FLUSH_FLAGS] = {
	{ HVTLFS_FLUSH_ALL_PROCESSORS, "ALL_PROCESSORS", NULL },
	{ HVTLFS_FLUSH_ALL_VIRTUAL_ADDRESS_SPACES, "ALL_VIRTUAL_ADDRESS_SPACES", NULL },
	{ HVTLFS_FLUSH_NON_GLOBAL_MAPPINGS_ONLY, "NON_GLOBAL_MAPPINGS_ONLY",
	  "invalid on the List calls" },
	{ HVTLFS_FLUSH_USE_EXTENDED_RANGE_FORMAT, "USE_EXTENDED_RANGE_FORMAT",
	  "List calls, with extended GVA ranges" },
};

int cli_bad_value(const char *cmd, const char *what, const char *val)
{
	return cli_usage_error(cmd, "%s: '%s'", what, val ? val : "");
}

int cli_parse_u64(const char *s, uint64_t *out)
{
	uint64_t v = 0;
	unsigned int base = 10;

	if (!s || !*s)
		return -1;
	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
		base = 16;
		s += 2;
		if (!*s)
			return -1;
	}
	for (; *s; s++) {
		int d = hex_digit(*s);

		if (d < 0 || (unsigned int)d >= base)
			return -1;
		if (v > (UINT64_MAX - (uint64_t)d) / base)
			return -1;
		v = v * base + (uint64_t)d;
	}
	*out = v;
	return 0;
}

int cli_parse_hex(const char *s, uint8_t *out, size_t cap, size_t *len)
{
	const char *start = s;
	size_t n = 0;
	int hi = -1;

	*len = 0;
	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
		s += 2;
	for (; *s; s++) {
		int d;

		*len = (size_t)(s - start); /* where it stopped, on an error */

		if (isspace((unsigned char)*s)) {
			if (hi >= 0)
				return -4; /* a blank splits a byte: "0 1" */
			continue;
		}
		d = hex_digit(*s);
		if (d < 0)
			return -1;
		if (hi < 0) {
			hi = d;
			continue;
		}
		if (n == cap)
			return -3;
		out[n++] = (uint8_t)(hi << 4 | d);
		hi = -1;
	}
	if (hi >= 0)
		return -2;
	*len = n;
	return 0;
}

int cli_option(int argc, char **argv, int *i, const char *name, const char **val)
{
	const char *a = argv[*i];
	size_t n = strlen(name);

	if (strncmp(a, name, n) != 0)
		return 0;
	if (a[n] == '=') {
		*val = a + n + 1;
		return 1;
	}
	if (a[n] != '\0')
		return 0;
	*val = *i + 1 < argc ? argv[*i + 1] : NULL;
	if (*val)
		(*i)++;
	return 1;
}

int cli_wants_help(int argc, char **argv)
{
	int i;

	for (i = 1; i < argc; i++)
		if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h"))
			return 1;
	return 0;
}

void cli_print_vp_bitmap(const uint64_t *bitmap, size_t words)
{
	size_t vp, total = 64u * words, count = 0;
	int first = 1;

	for (vp = 0; vp < total; vp++) {
		size_t end;

		if (!((bitmap[vp / 64u] >> (vp % 64u)) & 1u))
			continue;
		for (end = vp;
		     end + 1 < total && ((bitmap[(end + 1) / 64u] >> ((end + 1) % 64u)) & 1u);
		     end++)
			;
		printf("%s%zu", first ? "" : ",", vp);
		if (end > vp)
			printf("-%zu", end);
		count += end - vp + 1;
		first = 0;
		vp = end;
	}
	if (first)
		printf("none");
	else
		printf(" (%zu VP%s)", count, count == 1 ? "" : "s");
}

int cli_features_option(const char *cmd, const char *val, unsigned int allowed, unsigned int *out)
{
	static const struct {
		const char *name;
		unsigned int bit;
	} names[] = { { "ex", CLI_FEAT_EX },	     { "xmm", CLI_FEAT_XMM },
		      { "extgva", CLI_FEAT_EXTGVA }, { "large", CLI_FEAT_LARGE },
		      { "ext", CLI_FEAT_EXTCALLS },  { "xmmout", CLI_FEAT_XMMOUT },
		      { "arm64", CLI_FEAT_ARM64 } };
	const size_t nnames = sizeof(names) / sizeof(names[0]);
	const char *s = val;
	unsigned int f = 0;

	if (!val)
		return cli_usage_error(cmd, "--features needs a list");
	for (;;) {
		size_t n = strcspn(s, ","), k;
		int found = 0;

		for (k = 0; k < nnames; k++) {
			if (strlen(names[k].name) == n && !strncmp(s, names[k].name, n) &&
			    (names[k].bit & allowed)) {
				f |= names[k].bit;
				found = 1;
			}
		}
		if (!found) {
			char known[64] = "";

			for (k = 0; k < nnames; k++) {
				if (!(names[k].bit & allowed))
					continue;
				if (known[0])
					strcat(known, ", ");
				strcat(known, names[k].name);
			}
			return cli_usage_error(cmd,
					       "--features: unknown feature '%.*s' (known: %s)",
					       (int)n, s, known);
		}
		if (s[n] == '\0')
			break;
		s += n + 1;
	}
	*out = f;
	return 0;
}

/* Copies s[0..n) into a small buffer and parses it as a number. */
int cli_parse_part(const char *s, size_t n, uint64_t *out)
{
	char tmp[32];

	if (n == 0 || n >= sizeof(tmp))
		return -1;
	memcpy(tmp, s, n);
	tmp[n] = '\0';
	return cli_parse_u64(tmp, out);
}

int cli_parse_vps(const char *s, uint64_t *bitmap)
{
	for (;;) {
		size_t n = strcspn(s, ","), dash;
		uint64_t a, b;

		dash = strcspn(s, "-");
		if (dash < n) {
			if (cli_parse_part(s, dash, &a) ||
			    cli_parse_part(s + dash + 1, n - dash - 1, &b))
				return -1;
		} else {
			if (cli_parse_part(s, n, &a))
				return -1;
			b = a;
		}
		if (a > b || b >= HVTLFS_VPSET_MAX_VPS)
			return -1;
		for (; a <= b; a++)
			bitmap[a / 64u] |= (uint64_t)1 << (a % 64u);
		if (s[n] == '\0')
			return 0;
		s += n + 1;
	}
}
