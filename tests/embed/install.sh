#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Installs a configured hvtlfs build into a temporary prefix, then moves the prefix
# elsewhere: every consumer test runs against the moved copy, which proves the
# installed files hold no absolute path (hvtlfsConfig.cmake and hvtlfs.pc are relocatable).
# usage: install.sh <srcdir> <arch> <builddir> <stage>
set -eu
src=$1 arch=$2 build=$3 stage=$4
rm -rf "$stage"
mkdir -p "$stage"
cmake --install "$build" --prefix "$stage/first" >"$stage/install.log"
mv "$stage/first" "$stage/prefix"
p=$stage/prefix
fail=0 n=0
need() {
	n=$((n + 1))
	if [ -z "$1" ] || [ ! -f "$1" ]; then
		echo "FAIL: missing $2"
		fail=$((fail + 1))
	fi
}
for h in "$src"/include/hvtlfs/*.h; do
	need "$p/include/hvtlfs/$(basename "$h")" "include/hvtlfs/$(basename "$h")"
done
for h in "$src"/arch/"$arch"/include/hvtlfs/arch/*.h; do
	b=$(basename "$h")
	need "$p/include/hvtlfs/arch/$b" "include/hvtlfs/arch/$b"
	n=$((n + 1))
	if ! cmp -s "$h" "$p/include/hvtlfs/arch/$b"; then
		echo "FAIL: include/hvtlfs/arch/$b is not the $arch one"
		fail=$((fail + 1))
	fi
done
need "$(find "$p" -name libhvtlfs.a | head -1)" libhvtlfs.a
need "$(find "$p" -path '*/cmake/hvtlfs/hvtlfsConfig.cmake' | head -1)" hvtlfsConfig.cmake
need "$(find "$p" -path '*/cmake/hvtlfs/hvtlfsConfigVersion.cmake' | head -1)" hvtlfsConfigVersion.cmake
need "$(find "$p" -path '*/pkgconfig/hvtlfs.pc' | head -1)" hvtlfs.pc
# No text file may name the first prefix, the source tree or the build tree.
for path in "$stage/first" "$src" "$build"; do
	n=$((n + 1))
	if hits=$(grep -rlIF -- "$path" "$p"); then
		echo "FAIL: installed files name $path:"
		echo "$hits"
		fail=$((fail + 1))
	fi
done
echo "install ($arch): $((n - fail)) passed, $fail failed"
[ "$fail" -eq 0 ]
