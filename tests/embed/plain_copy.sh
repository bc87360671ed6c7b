#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Vendoring is a plain copy: include/, src/ and one arch/ folder, compiled with nothing
# but `cc -c -Iinclude -Iarch/<arch>/include` (plus the compiler's target flag, e.g.
# -m32). No generated file, no define, no build system. Any diagnostic fails.
# usage: plain_copy.sh <srcdir> <arch> <cc> [target flags...]
set -eu
src=$1 arch=$2 cc=$3
shift 3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/tree/arch"
cp -R "$src/include" "$src/src" "$tmp/tree/"
cp -R "$src/arch/$arch" "$tmp/tree/arch/"
cd "$tmp/tree"
srcs=(src/*.c)
shopt -s nullglob
asm=(arch/"$arch"/*.S arch/"$arch"/src/*.S)
shopt -u nullglob
echo "$(basename "$cc") $* -c -Iinclude -Iarch/$arch/include ${srcs[*]} ${asm[*]}"
out=$("$cc" "$@" -c -Iinclude -Iarch/"$arch"/include "${srcs[@]}" "${asm[@]}" 2>&1) || {
	echo "$out"
	echo "FAIL: plain copy does not compile"
	exit 1
}
if [ -n "$out" ]; then
	echo "$out"
	echo "FAIL: plain copy compiles with diagnostics"
	exit 1
fi
want=$((${#srcs[@]} + ${#asm[@]}))
got=$(find . -maxdepth 1 -name '*.o' | wc -l)
if [ "$got" -ne "$want" ]; then
	echo "FAIL: $got objects for $want sources"
	exit 1
fi
echo "plain copy ($arch, $(basename "$cc")): $want files compiled, 1 passed, 0 failed"
