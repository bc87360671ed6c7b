#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Builds and runs tests/embed/consumer against an installed hvtlfs with find_package().
# usage: find_package.sh <consumer-src> <workdir> <prefix> <expect-mock ON|OFF> [cmake args...]
set -eu
csrc=$1 work=$2 prefix=$3 mock=$4
shift 4
rm -rf "$work"
# Only the given prefix may satisfy find_package: no package registries.
cmake -S "$csrc" -B "$work" -DCMAKE_PREFIX_PATH="$prefix" -DEXPECT_MOCK="$mock" \
	-DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF -DCMAKE_FIND_USE_SYSTEM_PACKAGE_REGISTRY=OFF "$@"
dir=$(sed -n 's/^hvtlfs_DIR:PATH=//p' "$work/CMakeCache.txt")
case "$dir" in
"$prefix"/*) ;;
*)
	echo "FAIL: hvtlfs found at '$dir', not under $prefix"
	exit 1
	;;
esac
cmake --build "$work" -j2
ctest --test-dir "$work" --output-on-failure
echo "find_package: 1 passed, 0 failed"
