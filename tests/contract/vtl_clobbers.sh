#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# The VTL switch's clobber list (arch/<arch>/include/hvtlfs/arch/hypercall.h) names the
# x87, MMX, XMM and AVX-512 registers only where the build lets the compiler use them;
# gcc refuses a clobber of a register the target lacks. A translation unit that makes a
# VTL call and a VTL return compiles, at -O2 with -Werror, under each instruction-set
# configuration an x86 integrator builds with: the defaults, a kernel's (x87, MMX and
# SSE off), -mgeneral-regs-only, MMX on, SSE arithmetic (i386), AVX and AVX-512.
# (The runtime proof that the list is complete is test_vp: the mock scrambles the
# shared state and the test keeps values live across the switch.)
# usage: vtl_clobbers.sh <srcdir> <arch> <cc> [target flags, e.g. -m32]
set -eu
src=$1 arch=$2 cc=$3
shift 3
target=("$@")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cat >"$tmp/vtl.c" <<'C'
#include "hvtlfs/vp.h"

void *hvtlfs_hypercall_page;

int vtl_round_trip(const struct hvtlfs_vsm_code_page_offsets *o)
{
	int rc = hvtlfs_vtl_call(o);

	return rc != HVTLFS_OK ? rc : hvtlfs_vtl_return(o, true);
}
C
if [ "$arch" = x86_64 ]; then
	configs=("" "-mno-80387 -mno-mmx -mno-sse -mno-sse2 -mno-red-zone" "-mgeneral-regs-only"
		"-mmmx" "-mavx2" "-mavx512f" "-mavx512f -mavx512bw -mavx512vl")
else
	configs=("" "-msoft-float -mno-mmx -mno-sse -mregparm=3" "-mno-80387" "-mmmx"
		"-msse2 -mfpmath=sse" "-mavx2" "-mavx512f")
fi
fail=0
for c in "${configs[@]}"; do
	# shellcheck disable=SC2086
	if ! "$cc" "${target[@]}" $c -O2 -Wall -Wextra -Werror -I"$src/include" \
		-I"$src/arch/$arch/include" -c "$tmp/vtl.c" -o "$tmp/vtl.o" 2>"$tmp/err"; then
		echo "FAIL: $cc ${target[*]} $c"
		cat "$tmp/err"
		fail=$((fail + 1))
	fi
done
echo "vtl_clobbers: ${#configs[@]} configurations, $fail failed"
[ "$fail" -eq 0 ]
