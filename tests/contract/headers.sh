#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Header contracts, for the arch whose flags are given:
#  1. each public header compiles on its own as C99, C11, C++11 and C++17, with
#     -Wall -Wextra -Wpedantic -Werror (the arch's hypercall.h is the public
#     hypercall.h's part: alone it must refuse, with a message naming that header);
#  2. a file that only encodes, builds, decodes or plans sees no assembly: every header
#     but the wrappers' (hypercall.h, issue.h, calls.h, vp.h, the umbrella hvtlfs.h, arch/hypercall.h
#     and arch/cpu.h) preprocesses to code without __asm__ or a register variable;
#  3. the include graph is the top-down DAG of docs/architecture.md: a header includes
#     only headers of a lower layer (the list below), and every header has a layer.
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

# The layers of docs/architecture.md, lowest first.
layers=(
	"hvtlfs/env.h"
	"hvtlfs/error.h hvtlfs/arch/types.h hvtlfs/arch/cpu.h"
	"hvtlfs/tlfs.h hvtlfs/arch.h hvtlfs/mock.h"
	"hvtlfs/control.h hvtlfs/catalog.h hvtlfs/vpset.h hvtlfs/ranges.h hvtlfs/features.h hvtlfs/arch/hypercall.h"
	"hvtlfs/flush.h hvtlfs/planner.h hvtlfs/bringup.h hvtlfs/nested.h hvtlfs/hypercall.h hvtlfs/registers.h hvtlfs/vtl.h hvtlfs/visibility.h hvtlfs/interrupt.h hvtlfs/extended.h"
	"hvtlfs/issue.h hvtlfs/hvcall.h hvtlfs/vp.h hvtlfs/calls.h"
	"hvtlfs/dispatch.h"
	"hvtlfs/hvtlfs.h hvtlfs/mock_dispatch.h"
)
layer_of() {
	local l
	for l in "${!layers[@]}"; do
		case " ${layers[$l]} " in *" $1 "*)
			echo "$l"
			return
			;;
		esac
	done
	echo -1
}
for h in "$src"/include/hvtlfs/*.h "$src"/arch/"$arch"/include/hvtlfs/arch/*.h; do
	rel=${h#"$src"/include/}
	rel=${rel#"$src"/arch/"$arch"/include/}
	n=$((n + 1))
	mine=$(layer_of "$rel")
	if [ "$mine" -lt 0 ]; then
		echo "FAIL: $rel has no layer in tests/contract/headers.sh (docs/architecture.md)"
		fail=$((fail + 1))
	else
		for dep in $(sed -n 's/^#include "\(hvtlfs\/[^"]*\)".*/\1/p' "$h"); do
			if [ "$(layer_of "$dep")" -ge "$mine" ] || [ "$(layer_of "$dep")" -lt 0 ]; then
				echo "FAIL: $rel (layer $mine) includes $dep (layer $(layer_of "$dep"))"
				fail=$((fail + 1))
			fi
		done
	fi
	if [ "$rel" = hvtlfs/arch/hypercall.h ]; then
		n=$((n + 1))
		printf '#include "%s"\n' "$rel" >"$tmp/t.c"
		if "$cc" -std=c11 "${inc[@]}" "${extra[@]}" -c "$tmp/t.c" -o "$tmp/t.o" 2>"$tmp/err" ||
			! grep -q 'include that instead' "$tmp/err"; then
			echo "FAIL: $rel alone must refuse, pointing to hvtlfs/hypercall.h"
			fail=$((fail + 1))
		fi
		continue
	fi
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
	case "$rel" in
	hvtlfs/hypercall.h | hvtlfs/issue.h | hvtlfs/calls.h | hvtlfs/vp.h | hvtlfs/hvtlfs.h | hvtlfs/arch/cpu.h) continue ;;
	esac
	n=$((n + 1))
	"$cc" -std=c11 -E -P "${inc[@]}" "${extra[@]}" "$tmp/t.c" -o "$tmp/t.i"
	if grep -nE '__asm__|\basm\b|__extension__ register' "$tmp/t.i" >"$tmp/asm"; then
		echo "FAIL: $rel brings in assembly:"
		head -5 "$tmp/asm"
		fail=$((fail + 1))
	fi
done
echo "headers ($arch): $((n - fail)) passed, $fail failed"
[ "$fail" -eq 0 ]
