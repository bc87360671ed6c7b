#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Golden tests of the hvtlfs CLI. Each case is cases/<name>.args (one argument per line),
# cases/<name>.out (expected stdout, written by hand from the TLFS; omit to check only the
# exit status and, for an error, that stderr explains), cases/<name>.rc (expected exit
# status, 0 when absent), cases/<name>.stdin (optional: the program's stdin, else
# /dev/null), cases/<name>.arch (optional: the only arch the case runs on,
# for outputs that differ, e.g. the XMM fast form exists on x86_64 only).
# usage: run.sh <hvtlfs binary> <arch> [emulator...]
set -u
bin=$1
arch=$2
shift 2
emu=("$@")
dir=$(cd "$(dirname "$0")" && pwd)/cases
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0 skip=0
for argsf in "$dir"/*.args; do
	name=$(basename "$argsf" .args)
	if [ -f "$dir/$name.arch" ] && [ "$(cat "$dir/$name.arch")" != "$arch" ]; then
		skip=$((skip + 1))
		continue
	fi
	mapfile -t args <"$argsf"
	want_rc=$(cat "$dir/$name.rc" 2>/dev/null || echo 0)
	stdin=/dev/null
	[ -f "$dir/$name.stdin" ] && stdin="$dir/$name.stdin"
	"${emu[@]}" "$bin" "${args[@]}" <"$stdin" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	ok=1
	if [ "$rc" != "$want_rc" ]; then
		echo "FAIL $name: exit $rc, want $want_rc"
		sed 's/^/  stderr: /' "$tmp/err"
		ok=0
	fi
	if [ -f "$dir/$name.out" ]; then
		if ! diff -u "$dir/$name.out" "$tmp/out" >"$tmp/diff"; then
			echo "FAIL $name: stdout differs"
			cat "$tmp/diff"
			ok=0
		fi
	elif [ "$want_rc" != 0 ] && [ ! -s "$tmp/err" ]; then
		echo "FAIL $name: error exit without a message on stderr"
		ok=0
	elif [ "$want_rc" = 2 ] && [ -s "$tmp/out" ]; then
		echo "FAIL $name: usage error printed on stdout"
		ok=0
	elif [ "$want_rc" = 0 ] && [ ! -s "$tmp/out" ]; then
		echo "FAIL $name: success without output"
		ok=0
	fi
	if [ $ok = 1 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); fi
done
echo "cli: $pass passed, $fail failed, $skip skipped (other arch)"
[ "$fail" -eq 0 ] && [ "$pass" -gt 0 ]
