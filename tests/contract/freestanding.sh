#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# The library's sources, built the way a hobby OS builds them (no libc, no libgcc),
# at every optimisation level, link into one relocatable object with no undefined
# symbol: no memcpy/memset, no __udivdi3 and friends.
# usage: freestanding.sh <srcdir> <arch> <cc> [extra flags, e.g. -m32]
set -eu
src=$1 arch=$2 cc=$3
shift 3
extra=("$@")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0 n=0
for opt in -O0 -O1 -O2 -O3 -Os; do
	n=$((n + 1))
	objs=()
	for c in "$src"/src/*.c; do
		o="$tmp/$(basename "$c" .c)$opt.o"
		"$cc" -std=c99 -ffreestanding -fno-builtin -nostdlib -fno-stack-protector \
			-fno-pic -mno-red-zone $opt "${extra[@]}" \
			-Wall -Wextra -Wpedantic -Werror \
			-I"$src/include" -I"$src/arch/$arch/include" -c "$c" -o "$o"
		objs+=("$o")
	done
	"$cc" "${extra[@]}" -nostdlib -r -o "$tmp/all$opt.o" "${objs[@]}"
	undef=$(nm -u "$tmp/all$opt.o" || true)
	if [ -n "$undef" ]; then
		echo "FAIL $opt: undefined symbols:"; echo "$undef"
		fail=$((fail + 1))
	fi
done
echo "freestanding ($arch, $(basename "$cc")): $((n - fail)) passed, $fail failed"
[ "$fail" -eq 0 ]
