#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# The kbuild fragment (examples/linux-kernel/lib/hvtlfs/hvtlfs.kbuild) without a
# kernel: GNU make evaluates it with the variables kbuild would give it.
#  1. its HVTLFS_NEEDS_* table is exactly which src/ module calls which: derived here
#     from the symbols of the objects, so a library change that adds, drops or renames
#     a module or a call fails here, naming the line to write; for x86_64, and for
#     arm64 too when clang can target aarch64-linux-gnu (the table may differ by arch);
#  2. architecture: CONFIG_X86_64 -> x86_64, CONFIG_X86_32 -> i386; CONFIG_ARM64 with
#     no arch/arm64 in the copy, and any other architecture, stop with hvtlfs's error;
#  3. objects: every src/*.c by default, relative to the including directory (the
#     library directory itself, or a module carrying it in ./hvtlfs), none for a user
#     elsewhere (users take the flags only); HVTLFS_MODULES selects a closure; an
#     unknown module stops with hvtlfs's error.
# usage: linux_kbuild.sh <hvtlfs srcdir> <workdir> <cc>
set -u
src=$1 work=$2 cc=$3
rm -rf "$work"
mkdir -p "$work"
fail=0
bad() {
	echo "FAIL: $1"
	fail=$((fail + 1))
}
"$src/examples/linux-kernel/vendor.sh" "$work/lib/hvtlfs" "$src" || exit 1
lib=$work/lib/hvtlfs

# frag <src dir> <make assignments>... : evaluates the fragment as kbuild would for a
# Kbuild in <src dir> (absolute $(src), as for an external module) and prints its outputs.
frag() {
	local dir=$1
	shift
	make -s --no-print-directory -f - "$@" src="$dir" srctree=/nonexistent <<EOF
include $lib/hvtlfs.kbuild
all:
	@echo "ARCH=\$(HVTLFS_ARCH)"
	@echo "OBJS=\$(HVTLFS_OBJS)"
	@echo "CCFLAGS=\$(HVTLFS_CCFLAGS)"
	@echo "ALL=\$(HVTLFS_ALL_MODULES)"
	@\$(foreach m,\$(HVTLFS_ALL_MODULES),echo "NEEDS \$(m):\$(sort \$(HVTLFS_NEEDS_\$(m)))";)
EOF
}

# 1. The dependency table against the objects' symbols.
# needs <arch> <config> <nm> <compiler and flags...>: builds every src/*.c for <arch>
# and compares what each object calls with the table as <config> evaluates it.
needs() {
	local arch=$1 config=$2 nmx=$3 o d m s want have archout
	shift 3
	mkdir -p "$work/obj-$arch"
	for f in "$lib"/src/*.c; do
		"$@" -O2 -ffreestanding -fno-builtin -c "$f" -I"$lib/include" \
			-I"$lib/arch/$arch/include" -o "$work/obj-$arch/$(basename "$f" .c).o" ||
			bad "$f does not compile for $arch"
	done
	archout=$(frag "$lib" "$config") || bad "the fragment does not evaluate for $config"
	for o in "$work/obj-$arch"/*.o; do
		m=$(basename "$o" .o)
		want=$(for s in $("$nmx" -u "$o" | awk '$2 ~ /^hvtlfs_/ { print $2 }'); do
			for d in "$work/obj-$arch"/*.o; do
				[ "$d" = "$o" ] && continue
				"$nmx" --defined-only "$d" |
					awk -v s="$s" '$3 == s { found = 1 } END { exit !found }' &&
					basename "$d" .o
			done
		done | sort -u | tr '\n' ' ')
		want=${want% }
		have=$(echo "$archout" | sed -n "s/^NEEDS $m://p")
		if [ "$want" != "$have" ]; then
			bad "hvtlfs.kbuild ($arch): src/$m.c calls into: '$want', the table says '$have': write
	HVTLFS_NEEDS_$m := $want"
		fi
	done
	echo "$archout" | grep '^NEEDS' | sed "s/^/$arch: /"
}
needs x86_64 CONFIG_X86_64=y nm "$cc"
if [ -d "$lib/arch/arm64" ] && command -v clang >/dev/null 2>&1 &&
	command -v aarch64-linux-gnu-nm >/dev/null 2>&1 &&
	echo 'int x;' | clang --target=aarch64-linux-gnu -x c -c - -o /dev/null 2>/dev/null; then
	needs arm64 CONFIG_ARM64=y aarch64-linux-gnu-nm clang --target=aarch64-linux-gnu \
		-mgeneral-regs-only
	arm_out=$(frag "$lib" CONFIG_ARM64=y)
	echo "$arm_out" | grep -q -- "-I$lib/arch/arm64/include" ||
		bad "no arm64 include path in HVTLFS_CCFLAGS for CONFIG_ARM64"
	[ "$(echo "$arm_out" | sed -n 's/^OBJS=//p' | wc -w)" -eq "$(find "$lib/src" -name '*.c' | wc -l)" ] ||
		bad "CONFIG_ARM64: the library directory does not build every module"
	# The call hook on arm64, against stand-ins of the three kernel headers it and the
	# environment header take: the default `hvc #0` method, no x86 header.
	mkdir -p "$work/kstub/linux"
	printf '#include <stddef.h>\n' >"$work/kstub/linux/stddef.h"
	printf '#include <stdint.h>\n#include <stdbool.h>\n' >"$work/kstub/linux/types.h"
	printf 'void touch_nmi_watchdog(void);\n' >"$work/kstub/linux/nmi.h"
	printf '%s\n' '#include "hvtlfs_linux_hypercall.h"' 'unsigned long long t(void);' \
		'unsigned long long t(void) { return hvtlfs_hypercall_fast8(0x8, 1); }' \
		>"$work/hook_arm64.c"
	# shellcheck disable=SC2046 # the fragment's flags, word-split as kbuild does
	if clang --target=aarch64-linux-gnu -ffreestanding -DCONFIG_ARM64=1 -Wall -Werror \
		-I"$work/kstub" -I"$lib" $(echo "$arm_out" | sed -n "s/^CCFLAGS=//p" | tr -d "'") \
		-c "$work/hook_arm64.c" -o "$work/hook_arm64.o"; then
		aarch64-linux-gnu-objdump -d "$work/hook_arm64.o" | grep -q 'hvc[[:space:]]*#0x0' ||
			bad "the arm64 call hook does not issue hvc #0"
	else
		bad "the call hook does not compile for CONFIG_ARM64"
	fi
else
	echo "arm64: no clang targeting aarch64-linux-gnu: its table is not checked"
fi
out=$(frag "$lib" CONFIG_X86_64=y) || bad "the fragment does not evaluate"

# 2. Architecture.
[ "$(frag "$lib" CONFIG_X86_64=y | sed -n 's/^ARCH=//p')" = x86_64 ] || bad "CONFIG_X86_64 is not x86_64"
[ "$(frag "$lib" CONFIG_X86_32=y | sed -n 's/^ARCH=//p')" = i386 ] || bad "CONFIG_X86_32 is not i386"
echo "$out" | grep -q -- "-I$lib/arch/x86_64/include" || bad "no arch include path in HVTLFS_CCFLAGS"
for args in "CONFIG_ARM64=y" "SRCARCH=riscv CONFIG_RISCV=y"; do
	if [ -d "$lib/arch/arm64" ] && [ "$args" = CONFIG_ARM64=y ]; then
		[ "$(frag "$lib" "$args" | sed -n 's/^ARCH=//p')" = arm64 ] || bad "CONFIG_ARM64 is not arm64"
		continue
	fi
	# shellcheck disable=SC2086 # two assignments
	if e=$(frag "$lib" $args 2>&1); then
		bad "$args: the fragment chose an architecture: $e"
	else
		echo "$args: $e"
		echo "$e" | grep -q 'hvtlfs: ' || bad "$args: not hvtlfs's error: $e"
	fi
done

# 3. Objects.
nsrc=$(find "$lib/src" -name '*.c' | wc -l)
objs=$(echo "$out" | sed -n 's/^OBJS=//p')
[ "$(echo "$objs" | wc -w)" -eq "$nsrc" ] || bad "the library directory builds $(echo "$objs" | wc -w) of $nsrc modules"
for o in $objs; do
	case $o in src/*.o) [ -f "$lib/${o%.o}.c" ] || bad "object $o has no source" ;; *) bad "object $o: not src/*.o" ;; esac
done
mkdir -p "$work/mod"
"$src/examples/linux-kernel/vendor.sh" "$work/mod/hvtlfs" "$src" >/dev/null
mobjs=$(make -s --no-print-directory -f - src="$work/mod" CONFIG_X86_64=y <<EOF
include $work/mod/hvtlfs/hvtlfs.kbuild
all:
	@echo \$(HVTLFS_OBJS)
EOF
)
if [ "$(echo "$mobjs" | wc -w)" -ne "$nsrc" ] || echo "$mobjs" | tr ' ' '\n' | grep -qv '^hvtlfs/src/'; then
	bad "a module's objects are not hvtlfs/src/*.o: $mobjs"
fi
uobjs=$(frag "$work/elsewhere" CONFIG_X86_64=y | sed -n 's/^OBJS=//p')
[ -z "$uobjs" ] || bad "a user elsewhere gets library objects: $uobjs"
pobjs=$(frag "$lib" CONFIG_X86_64=y HVTLFS_MODULES=planner | sed -n 's/^OBJS=//p')
echo "HVTLFS_MODULES=planner: $pobjs"
# The closure links: every hvtlfs symbol its objects need is defined among them.
# shellcheck disable=SC2046
if ld -r -o "$work/planner.o" $(for o in $pobjs; do echo "$work/obj-x86_64/$(basename "$o")"; done); then
	u=$(nm -u "$work/planner.o" | awk '$2 ~ /^hvtlfs_/ { print $2 }')
	[ -z "$u" ] || bad "HVTLFS_MODULES=planner leaves undefined: $u"
else
	bad "HVTLFS_MODULES=planner objects do not link"
fi
echo "$pobjs" | grep -q 'hvcall' && bad "HVTLFS_MODULES=planner builds the decoder"
if e=$(frag "$lib" CONFIG_X86_64=y HVTLFS_MODULES="planner no_such_module" 2>&1); then
	bad "HVTLFS_MODULES=no_such_module was accepted"
else
	echo "$e" | grep -q 'hvtlfs: no src/<module>.c for: no_such_module' || bad "unknown module: $e"
fi

# 4. docs/linux.md, section 5: a row of its module table for every src/*.c and none
# other, and its trimming example builds the modules it names, as many as it says.
doc=$src/docs/linux.md
rows=$(sed -n 's/^| `\([a-z_]*\)` | .*/\1/p' "$doc" | sort | tr '\n' ' ')
mods=$(for f in "$lib"/src/*.c; do basename "$f" .c; done | sort | tr '\n' ' ')
[ "$rows" = "$mods" ] || bad "docs/linux.md's module table lists '$rows', src/ has '$mods'"
ex=$(sed -n 's/^HVTLFS_MODULES := \(.*\)$/\1/p' "$doc" | head -n 1)
said=$(grep -m1 '^builds `' "$doc")
exobjs=$(frag "$lib" CONFIG_X86_64=y HVTLFS_MODULES="$ex" | sed -n 's/^OBJS=//p')
got=$(for o in $exobjs; do basename "$o" .o; done | sort | tr '\n' ' ')
named=$(echo "$said" | grep -o '`[a-z_]*`' | tr -d '`' | sort | tr '\n' ' ')
[ "$got" = "$named" ] || bad "docs/linux.md: HVTLFS_MODULES := $ex builds '$got', the text says '$named'"
echo "$said" | grep -q ", $(echo "$exobjs" | wc -w) of the $nsrc modules" ||
	bad "docs/linux.md: the example's count is not $(echo "$exobjs" | wc -w) of the $nsrc modules: $said"

echo "kbuild fragment: $fail failed"
[ "$fail" -eq 0 ]
