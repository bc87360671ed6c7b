#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Each public header compiles on its own as C99, C11, C++11 and C++17, with
# -Wall -Wextra -Wpedantic -Werror, for the arch whose flags are given.
# usage: headers.sh <srcdir> <arch> <cc> <cxx> [extra flags, e.g. -m32]
set -eu
src=$1 arch=$2 cc=$3 cxx=$4
shift 4
extra=("$@")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
inc=(-I"$src/include" -I"$src/arch/$arch/include")
warn=(-Wall -Wextra -Wpedantic -Werror -Wshadow -Wundef)
fail=0 n=0
for h in "$src"/include/hvtlfs/*.h "$src"/arch/"$arch"/include/hvtlfs/arch/*.h; do
	rel=${h#"$src"/include/}
	rel=${rel#"$src"/arch/"$arch"/include/}
	printf '#include "%s"\n#include "%s"\nint hvtlfs_header_check_(void);\nint hvtlfs_header_check_(void) { return 0; }\n' \
		"$rel" "$rel" >"$tmp/t.c"
	cp "$tmp/t.c" "$tmp/t.cpp"
	for std in c99 c11; do
		n=$((n + 1))
		if ! "$cc" -std=$std "${warn[@]}" -Wstrict-prototypes "${inc[@]}" "${extra[@]}" -c "$tmp/t.c" -o "$tmp/t.o"; then
			echo "FAIL: $rel as $std"; fail=$((fail + 1))
		fi
	done
	for std in c++11 c++17; do
		n=$((n + 1))
		if ! "$cxx" -std=$std "${warn[@]}" "${inc[@]}" "${extra[@]}" -c "$tmp/t.cpp" -o "$tmp/t.o"; then
			echo "FAIL: $rel as $std"; fail=$((fail + 1))
		fi
	done
done
echo "headers ($arch): $((n - fail)) passed, $fail failed"
[ "$fail" -eq 0 ]
