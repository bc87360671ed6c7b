#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# The XMM fast forms exist only where the build owns the XMM registers. A user of every
# issue path (xmm_user.c) and the library's sources are compiled in each configuration
# and their code searched for the XMM form's own instructions (XMM5 loaded from offset 80
# of the register image, movdqu: the compiler's own SSE code, which a kernel's -mno-sse
# removes, is not the library's to judge):
#  - freestanding (-ffreestanding, a kernel or a hobby OS): none;
#  - without SSE (-mno-sse, -mgeneral-regs-only): none, and it compiles at all;
#  - hosted with -DHVTLFS_HYPERCALL_XMM=0: none;
#  - hosted (x86_64, the default): the XMM form is there (the search can find it);
#  - freestanding with -DHVTLFS_HYPERCALL_XMM=1 (an integrator's choice, SSE or a -mno-sse
#    kernel between its FPU hooks): there.
# usage: xmm.sh <srcdir> <arch> <cc> [extra flags, e.g. -m32]
set -eu
src=$1 arch=$2 cc=$3
shift 3
extra=("$@")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0 n=0

# <name> <want: none|some> <flags...>
check() {
	local name=$1 want=$2 c o count=0
	shift 2
	n=$((n + 1))
	for c in "$src/tests/contract/xmm_user.c" "$src"/src/*.c; do
		o="$tmp/$(basename "$c" .c).o"
		"$cc" -std=c99 -O2 "$@" -fno-stack-protector -fno-pic "${extra[@]}" \
			-Wall -Wextra -Wpedantic -Werror \
			-I"$src/include" -I"$src/arch/$arch/include" -c "$c" -o "$o"
	done
	count=$(objdump -d "$tmp"/*.o | grep -cE 'movdqu +0x50\(%[a-z0-9]+\),%xmm5' || true)
	rm -f "$tmp"/*.o
	if { [ "$want" = none ] && [ "$count" -ne 0 ]; } ||
		{ [ "$want" = some ] && [ "$count" -eq 0 ]; }; then
		echo "FAIL [$name]: $count XMM-form loads, want $want"
		fail=$((fail + 1))
	else
		echo "ok   [$name]: $count XMM-form loads"
	fi
}

check freestanding none -ffreestanding
check no-sse none -mno-sse
check general-regs-only none -mgeneral-regs-only
check hosted-switch-off none -DHVTLFS_HYPERCALL_XMM=0
if [ "$arch" = x86_64 ]; then
	check hosted some
	check freestanding-switch-on some -ffreestanding -DHVTLFS_HYPERCALL_XMM=1
	check kernel-switch-on some -ffreestanding -mno-sse -mgeneral-regs-only -DHVTLFS_HYPERCALL_XMM=1
fi
echo "xmm ($arch, $(basename "$cc")): $((n - fail)) passed, $fail failed"
[ "$fail" -eq 0 ]
