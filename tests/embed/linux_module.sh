#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Builds examples/linux-module out of tree against a Debian kernel's build directory
# (a RETPOLINE, RETHUNK, SLS, ORC build: objtool checks every object), the way its
# Makefile does it: hvtlfs's library directory vendored into ./hvtlfs (a plain copy of
# include/, src/ and arch/ beside the integration files of examples/linux-kernel).
#  1. the module builds with no warning or error line (compiler, objtool, modpost), with
#     the kernel's extra warnings on (W=1: -Wmissing-prototypes, -Wold-style-definition,
#     -Wunused-but-set-variable, ...);
#  2. objtool really processed the hvtlfs objects, and the module calls the hypercall
#     page through a retpoline thunk (CALL_NOSPEC), not through a bare `call *`;
#  3. every public header, included after <asm/mshyperv.h> (the wrappers through the
#     call hook) and, all but the wrappers, before it, builds warning-free in a second
#     module (no name collision either way round);
#  4. negative control: the same module with a bare `call *` hook is flagged by objtool,
#     so step 1 would catch it.
# usage: linux_module.sh <srcdir> <kernel build dir> <workdir>
set -u
src=$1 kdir=$2 work=$3
rm -rf "$work"
mkdir -p "$work"
fail=0 n=0
bad() {
	echo "FAIL: $1"
	fail=$((fail + 1))
}
# Any line that is a diagnostic: compiler and objtool warnings, errors, modpost complaints.
diagnostics() {
	grep -inE 'warning|error|undefined|note:|objtool' "$1" | grep -vE '^[0-9]+:\s+(CC|LD|MODPOST|BTF)\b' || true
}
build() { # <moddir> <log> [make args]
	local dir=$1 log=$2
	shift 2
	make -C "$dir" KDIR="$kdir" HVTLFS_SRC="$src" "$@" >"$log" 2>&1
}

# 1. The example, exactly as shipped.
cp -R "$src/examples/linux-module" "$work/mod"
n=$((n + 1))
if ! build "$work/mod" "$work/mod.log" W=1; then
	cat "$work/mod.log"
	bad "examples/linux-module does not build"
else
	cat "$work/mod.log"
	d=$(diagnostics "$work/mod.log")
	[ -z "$d" ] || bad "diagnostics in the module build:
$d"
fi
ko=$work/mod/hvtlfs_demo.ko

# 2. objtool ran on the library objects (it emits .return_sites for the RETHUNK build),
#    and the hypercalls go through __x86_indirect_thunk_*.
n=$((n + 1))
if [ -f "$ko" ]; then
	nobj=0
	for o in "$work"/mod/hvtlfs/src/*.o; do
		nobj=$((nobj + 1))
		if ! grep -q 'objtool' "$(dirname "$o")/.$(basename "$o").cmd" 2>/dev/null; then
			bad "objtool did not run on ${o#"$work"/mod/}"
		fi
	done
	[ "$nobj" -gt 0 ] || bad "no hvtlfs object was built"
	thunks=$(objdump -dr "$work/mod/hvtlfs_demo_main.o" | grep -c '__x86_indirect_thunk_' || true)
	bare=$(objdump -d "$work/mod/hvtlfs_demo_main.o" | grep -cE 'call +\*%' || true)
	echo "hvtlfs_demo_main.o: $thunks retpoline thunk calls, $bare bare indirect calls"
	[ "$thunks" -ge 3 ] || bad "expected the slow, fast and rep wrappers to call through a retpoline thunk"
	[ "$bare" -eq 0 ] || bad "bare indirect calls in hvtlfs_demo_main.o"
else
	bad "no hvtlfs_demo.ko"
fi

# 3. Every public header next to the kernel's Hyper-V headers, in both orders.
mkdir -p "$work/collide"
"$src/examples/linux-kernel/vendor.sh" "$work/collide/hvtlfs" "$src"
# shellcheck disable=SC2016 # make variables, written literally
{
	echo 'include $(src)/hvtlfs/hvtlfs.kbuild'
	echo 'obj-m := hvtlfs_collide.o'
	echo 'hvtlfs_collide-y := kernel_first.o hvtlfs_first.o'
	echo 'ccflags-y += $(HVTLFS_CCFLAGS)'
} >"$work/collide/Kbuild"
kernel_headers='#include <linux/module.h>
#include <linux/kernel.h>
#include <asm/asm.h>
#include <asm/nospec-branch.h>
#include <asm/hyperv-tlfs.h>
#include <asm/mshyperv.h>
#include <linux/hyperv.h>'
# Kernel code takes the wrappers through the call hook (hvtlfs_linux_hypercall.h), which
# includes the kernel's headers itself; the other headers go in on their own.
all_headers=$(cd "$src/include" && for h in hvtlfs/*.h; do echo "#include <$h>"; done
	cd "$src/arch/x86_64/include" && for h in hvtlfs/arch/*.h; do echo "#include <$h>"; done)
# Headers that pull in the wrappers, directly or through another header.
wrapper_headers=" hvtlfs/hypercall.h "
while :; do
	grew=0
	for h in "$src"/include/hvtlfs/*.h; do
		rel=hvtlfs/$(basename "$h")
		case "$wrapper_headers" in *" $rel "*) continue ;; esac
		for w in $wrapper_headers; do
			if grep -q "#include \"$w\"" "$h"; then
				wrapper_headers="$wrapper_headers$rel "
				grew=1
				break
			fi
		done
	done
	[ "$grew" -eq 1 ] || break
done
plain_headers=$(cd "$src/include" && for h in hvtlfs/*.h; do
	case "$wrapper_headers" in *" $h "*) ;; *) echo "#include <$h>" ;; esac
done
	cd "$src/arch/x86_64/include" && for h in hvtlfs/arch/*.h; do
		[ "$h" = hvtlfs/arch/hypercall.h ] || echo "#include <$h>"
	done)
echo "headers that pull in the wrappers (only through the call hook):$wrapper_headers"
printf '%s\n#include "hvtlfs_linux_hypercall.h"\n%s\nMODULE_LICENSE("Dual BSD/GPL");\n' \
	"$kernel_headers" "$all_headers" >"$work/collide/kernel_first.c"
printf '%s\n%s\nint hvtlfs_collide_(void);\nint hvtlfs_collide_(void) { return HV_STATUS_SUCCESS + HVTLFS_STATUS_SUCCESS; }\n' \
	"$plain_headers" "$kernel_headers" >"$work/collide/hvtlfs_first.c"
n=$((n + 1))
if ! make -C "$kdir" M="$work/collide" W=1 modules >"$work/collide.log" 2>&1; then
	cat "$work/collide.log"
	bad "public headers next to <asm/mshyperv.h> do not build"
else
	d=$(diagnostics "$work/collide.log")
	[ -z "$d" ] || bad "diagnostics with every public header next to <asm/mshyperv.h>:
$d"
fi

# 4. Negative control: objtool flags a bare indirect call in this RETPOLINE build.
cp -R "$src/examples/linux-module" "$work/bare"
cat >"$work/bare/hvtlfs_linux_hypercall.h" <<'EOF'
/* Negative control: hvtlfs's default PAGE method, a bare `call *reg`. */
#include <asm/mshyperv.h>
#define HVTLFS_HYPERCALL_PAGE hv_hypercall_pg
#include <hvtlfs/hypercall.h>
EOF
n=$((n + 1))
build "$work/bare" "$work/bare.log" || true
if grep -q 'indirect call found in RETPOLINE build' "$work/bare.log"; then
	echo "negative control: objtool flags the bare call ($(grep -c 'indirect call found' "$work/bare.log") sites)"
else
	cat "$work/bare.log"
	bad "negative control: objtool did not flag a bare indirect call; this test would not catch one"
fi

echo "linux module ($(basename "$kdir")): $((n - fail)) passed, $fail failed"
[ "$fail" -eq 0 ]
