#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Builds and runs tests/embed/consumer/main.c against an installed hvtlfs with nothing
# but the compiler and pkg-config (system .pc directories are hidden).
# usage: pkg_config.sh <consumer-src> <workdir> <prefix> <cc> [emulator|""] [cc flags...]
set -eu
csrc=$1 work=$2 prefix=$3 cc=$4 emu=$5
shift 5
rm -rf "$work"
mkdir -p "$work"
pcs=$(find "$prefix" -name hvtlfs.pc)
if [ "$(printf '%s\n' "$pcs" | grep -c .)" -ne 1 ]; then
	echo "FAIL: expected one hvtlfs.pc under $prefix, found: $pcs"
	exit 1
fi
unset PKG_CONFIG_PATH PKG_CONFIG_SYSROOT_DIR
PKG_CONFIG_LIBDIR=$(dirname "$pcs")
export PKG_CONFIG_LIBDIR
pkg-config --exists --print-errors hvtlfs
inc=$(pkg-config --variable=includedir hvtlfs)
lib=$(pkg-config --variable=libdir hvtlfs)
if [ ! -f "$inc/hvtlfs/control.h" ] || [ ! -f "$lib/libhvtlfs.a" ]; then
	echo "FAIL: hvtlfs.pc points at includedir=$inc libdir=$lib"
	exit 1
fi
# shellcheck disable=SC2046
"$cc" "$@" -o "$work/consumer" "$csrc/main.c" $(pkg-config --cflags hvtlfs) \
	$(pkg-config --libs hvtlfs)
if [ -n "$emu" ]; then
	"$emu" "$work/consumer"
else
	"$work/consumer"
fi
echo "pkg-config: 1 passed, 0 failed"
