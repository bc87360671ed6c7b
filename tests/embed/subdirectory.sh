#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# A parent project pulls hvtlfs in with add_subdirectory(); it builds and runs its own
# program against hvtlfs::hvtlfs, and none of hvtlfs's tests or install rules leak into it.
# usage: subdirectory.sh <hvtlfs-src> <parent-src> <workdir> [cmake args...]
set -eu
src=$1 psrc=$2 work=$3
shift 3
rm -rf "$work"
build=$work/build stage=$work/stage
cmake -S "$psrc" -B "$build" -DHVTLFS_SOURCE_DIR="$src" "$@"
cmake --build "$build" -j2
fail=0 n=0
bad() {
	echo "FAIL: $1"
	fail=$((fail + 1))
}

n=$((n + 1))
tests=$(ctest --test-dir "$build" -N | sed -n 's/^ *Test *#[0-9]*: *//p')
[ "$tests" = "parent_consumer" ] ||
	bad "parent's test list is not just parent_consumer: $(echo "$tests" | tr '\n' ' ')"

n=$((n + 1))
[ ! -e "$build/hvtlfs/tests" ] || bad "hvtlfs's tests/ directory was configured"

n=$((n + 1))
grep -q '^HVTLFS_BUILD_TESTS:BOOL=OFF$' "$build/CMakeCache.txt" || bad "HVTLFS_BUILD_TESTS not OFF"

n=$((n + 1))
if grep -nE 'file\(INSTALL|include\(.*cmake_install' "$build/hvtlfs/cmake_install.cmake"; then
	bad "hvtlfs's cmake_install.cmake has install rules"
fi

n=$((n + 1))
cmake --install "$build" --prefix "$stage" >/dev/null
installed=$(cd "$stage" && find . -type f | sort)
[ "$installed" = "./bin/parent" ] ||
	bad "install put more than bin/parent: $(echo "$installed" | tr '\n' ' ')"

n=$((n + 1))
ctest --test-dir "$build" --output-on-failure || bad "parent_consumer failed"

echo "add_subdirectory: $((n - fail)) passed, $fail failed"
[ "$fail" -eq 0 ]
