#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# The one-line texts of HVTLFS_ERROR_LIST (error.h), which the API documentation shows
# with the list: every row has one (the comment on its line, or the comment lines
# right above it), and a code that several refusals share names each of them.
# hvtlfs_strerror() answers the code's name; what the name means is this text.
# usage: error_texts.sh <srcdir>
set -eu
hdr=$1/include/hvtlfs/error.h
texts=$(awk '
	/^#define HVTLFS_ERROR_LIST\(X\)/ { on = 1; next }
	!on { next }
	{
		line = $0
		more = sub(/\\[ \t]*$/, "", line)
		row = ""
		if (match(line, /X\([A-Z_]+,/))
			row = substr(line, RSTART + 2, RLENGTH - 3)
		text = ""
		if (match(line, /\/\*.*\*\//))
			text = substr(line, RSTART + 3, RLENGTH - 6)
		if (row == "") {
			pending = pending " " text
		} else {
			if (text == "")
				text = pending
			gsub(/^[ \t]+|[ \t]+$/, "", text)
			print row "\t" text
			pending = ""
		}
		if (!more)
			exit
	}' "$hdr")
fail=0
rows=$(printf '%s\n' "$texts" | awk 'NF' | wc -l)
if [ "$rows" -lt 2 ]; then
	echo "FAIL: no rows of HVTLFS_ERROR_LIST found in $hdr"
	exit 1
fi
while IFS=$'\t' read -r name text; do
	if [ -z "$text" ]; then
		echo "FAIL: HVTLFS_$name has no one-line text"
		fail=1
	fi
done <<<"$texts"

# A code several refusals share: its text names each (a case, then what it must say).
need() { # <row> <words...>
	local row=$1 text w
	shift
	text=$(printf '%s\n' "$texts" | awk -F'\t' -v r="$row" '$1 == r { print $2 }')
	for w in "$@"; do
		case $text in
		*"$w"*) ;;
		*)
			echo "FAIL: HVTLFS_$row: its text does not name \"$w\": $text"
			fail=1
			;;
		esac
	done
}
# A flush's or an IPI's legacy 64-bit processor mask 0, and a device interrupt retargeted
# to no VP (hvtlfs_retarget_build(), _ex() and the decoder refuse both with it).
need ERR_EMPTY_VP_MASK "legacy processor mask 0" "ALL_PROCESSORS" "HvCallRetargetDeviceInterrupt"

echo "error texts: $rows rows, $([ $fail -eq 0 ] && echo ok || echo FAILED)"
exit $fail
