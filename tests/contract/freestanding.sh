#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# The library's sources link into one relocatable object with no undefined symbol:
#  1. built the way a hobby OS builds them (-ffreestanding -fno-builtin -nostdlib), at
#     every optimisation level: nothing at all (no memcpy/memset, no __udivdi3 and friends);
#  2. with -ffreestanding alone: nothing at all either;
#  3. with no special flag (a kernel tree's defaults): at most memset/memcpy/memmove/memcmp,
#     which GCC and clang may invent from plain loops and every environment must supply,
#     and never a libgcc helper (__popcountdi2, __udivdi3, ...), which kernels do not have.
#  The kernel flags are the arch's: -mno-red-zone on x86, -mgeneral-regs-only on arm64
#  (a kernel keeps the FP/SIMD registers out of its C code).
# usage: [NM=<target nm>] freestanding.sh <srcdir> <arch> <cc> [extra flags, e.g. -m32]
set -eu
src=$1 arch=$2 cc=$3
shift 3
extra=("$@")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0 n=0
nm=${NM:-nm}
case $arch in
arm64) kernel_flags=(-mgeneral-regs-only) ;;
*) kernel_flags=(-mno-red-zone) ;;
esac

check() { # <mode> <allowed regex or empty> <flags...>
	local mode=$1 allowed=$2 c o undef
	shift 2
	n=$((n + 1))
	local objs=()
	for c in "$src"/src/*.c; do
		o="$tmp/$(basename "$c" .c).o"
		"$cc" -std=c99 "$@" -fno-stack-protector -fno-pic "${extra[@]}" \
			-Wall -Wextra -Wpedantic -Werror \
			-I"$src/include" -I"$src/arch/$arch/include" -c "$c" -o "$o"
		objs+=("$o")
	done
	"$cc" "${extra[@]}" -nostdlib -r -o "$tmp/all.o" "${objs[@]}"
	undef=$("$nm" -u "$tmp/all.o" | awk '{print $2}' || true)
	if [ -n "$allowed" ]; then
		undef=$(printf '%s\n' "$undef" | grep -Ev "^($allowed)\$" || true)
	fi
	if [ -n "$undef" ]; then
		echo "FAIL [$mode $*]: undefined symbols:"
		echo "$undef"
		fail=$((fail + 1))
	fi
	rm -f "$tmp"/*.o
}

for opt in -O0 -O1 -O2 -O3 -Os; do
	check freestanding "" -ffreestanding -fno-builtin -nostdlib "${kernel_flags[@]}" $opt
done
for opt in -O2 -O3 -Os; do
	check ffreestanding-only "" -ffreestanding $opt
	check plain "memset|memcpy|memmove|memcmp" $opt
done
echo "freestanding ($arch, $(basename "$cc")): $((n - fail)) passed, $fail failed"
[ "$fail" -eq 0 ]
