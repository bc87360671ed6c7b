#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Each arch folder is complete on its own (include/, src/ and one arch/ folder are a
# whole vendoring), so the code the two x86 folders share is written in both. This
# keeps the copies the same: the code of arch/<arch>/include/hvtlfs/arch/cpu.h (CPUID,
# RDMSR, WRMSR: the same instructions and operands on i386 and x86_64, from its
# include guard on), and in hypercall.h the VTL switch's x87 and MMX clobber groups
# (the same registers on both). A change to one copy and not the other fails here.
# usage: x86_twins.sh <srcdir>
set -eu
src=$1
a=$src/arch/i386/include/hvtlfs/arch
b=$src/arch/x86_64/include/hvtlfs/arch
fail=0
# The lines of $1 from the first line matching $2 to its $3rd #endif.
span() {
	awk -v from="$2" -v n="$3" '
		!on && $0 ~ from { on = 1 }
		on { print }
		on && /^#endif/ && ++ends == n { exit }' "$1"
}
check() {
	local what=$1 x=$2 y=$3
	if [ -z "$x" ]; then
		echo "x86_twins: $what: nothing found (the markers moved?)" >&2
		fail=1
	elif [ "$x" != "$y" ]; then
		echo "x86_twins: $what differs between arch/i386 and arch/x86_64:" >&2
		diff <(printf '%s\n' "$x") <(printf '%s\n' "$y") >&2 || true
		fail=1
	fi
}
check "cpu.h" "$(sed -n '/^#ifndef HVTLFS_ARCH_CPU_H$/,$p' "$a/cpu.h")" \
	"$(sed -n '/^#ifndef HVTLFS_ARCH_CPU_H$/,$p' "$b/cpu.h")"
# From the x87 group's test to the end of the MMX group's.
x=$(span "$a/hypercall.h" '^#if !defined\(_SOFT_FLOAT\)$' 2)
y=$(span "$b/hypercall.h" '^#if !defined\(_SOFT_FLOAT\)$' 2)
check "the VTL switch's x87 and MMX clobbers" "$x" "$y"
[ $fail -eq 0 ] && echo "x86_twins: the shared x86 code is the same in both arch folders"
exit $fail
