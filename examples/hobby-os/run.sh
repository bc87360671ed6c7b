#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# Builds the hobby kernel for one architecture, boots it under QEMU (TCG), and
# compares its serial log line by line with expected-<arch>.txt.
# usage: [METHOD=page|vmcall] run.sh <arch> <build dir> [hvtlfs root]
# arch: i386, x86_64 (qemu-system-<arch>, isa-debug-exit) or arm64 (qemu-system-aarch64
# -M virt,virtualization=on: the kernel starts at EL2; semihosting gives the exit status;
# the method is hvc).
# A hang is a failure: QEMU runs under `timeout`. Lines of the expected file
# tagged "[page] " or "[vmcall] " apply to that hypercall method only.
set -eu
arch=$1
mkdir -p "$2"
out=$(cd "$2" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
root=${3:-$(cd "$here/../.." && pwd)}
secs=${HOBBY_TIMEOUT:-60}
method=${METHOD:-page}
[ "$arch" = arm64 ] && method=hvc

make -s -C "$here" ARCH="$arch" METHOD="$method" O="$out" HVTLFS="$root"

if [ "$arch" = arm64 ]; then
	qemu=qemu-system-aarch64
	machine="-M virt,virtualization=on -cpu cortex-a57 -semihosting"
	package=qemu-system-arm
else
	qemu=qemu-system-$arch
	machine="-device isa-debug-exit,iobase=0xf4,iosize=0x04"
	package=qemu-system-x86
fi
command -v "$qemu" >/dev/null 2>&1 || { echo "hobby-os: $qemu not found (Debian: $package)"; exit 1; }

raw=$out/serial.raw
log=$out/serial.log
rc=0
# shellcheck disable=SC2086
timeout -k 5 "$secs" "$qemu" -accel tcg -nographic -monitor none -serial stdio \
	$machine -no-reboot -nic none -m 64 \
	-kernel "$out/kernel.elf" </dev/null >"$raw" 2>&1 || rc=$?

# The firmware's banner shares the port: the log starts at the kernel's first line.
tr -d '\r' <"$raw" | sed -n '/^hobby-os: boot/,$p' >"$log"

status=0
if [ "$rc" -eq 124 ] || [ "$rc" -eq 137 ]; then
	echo "hobby-os ($arch, $method): FAIL: no exit within ${secs}s (hang)"
	status=1
elif [ "$rc" -ne 33 ]; then
	# isa-debug-exit (semihosting on arm64): (0x10 << 1) | 1 = 33 is the kernel's pass code.
	echo "hobby-os ($arch, $method): FAIL: QEMU exit status $rc (33 means pass)"
	status=1
fi
expected=$out/expected.txt
sed -e "/^\[$method\] /s/^\[$method\] //" -e '/^\[[a-z]*\] /d' "$here/expected-$arch.txt" >"$expected"
if ! diff -u "$expected" "$log"; then
	echo "hobby-os ($arch, $method): FAIL: serial log differs from expected-$arch.txt"
	status=1
fi
if [ "$status" -ne 0 ]; then
	echo "---- raw serial output ($raw)"
	cat "$raw"
	exit 1
fi
echo "hobby-os ($arch, $method): $(wc -l <"$log") lines match, exit status $rc"
