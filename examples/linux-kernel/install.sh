#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# Puts this example into a Linux kernel source tree (docs/linux.md walks through the
# same steps): hvtlfs's library directory in lib/hvtlfs, built once for the whole
# kernel, and two built-in users that take only its flags: a guest flush and IPI
# user in arch/x86/hyperv and a hypervisor-side decoding user in drivers/hv. Both
# users come with CONFIG_HYPERV, which selects CONFIG_HVTLFS. Re-running it updates
# the copies and adds no line twice.
# usage: install.sh <kernel source tree> [hvtlfs source, default: this repository]
# shellcheck disable=SC2016 # the lines added are make syntax, written literally
set -eu
here=$(cd "$(dirname "$0")" && pwd)
tree=$1
src=${2:-$(cd "$here/../.." && pwd)}
if [ ! -f "$tree/Kbuild" ] || [ ! -d "$tree/lib" ]; then
	echo "install.sh: $tree is not a kernel source tree" >&2
	exit 1
fi

"$here/vendor.sh" "$tree/lib/hvtlfs" "$src"
# Every file is written anew (never in place), so the tree may share its files with
# another through hard links.
for f in arch/x86/hyperv/hvtlfs_guest.c arch/x86/hyperv/hvtlfs_guest.h \
	drivers/hv/hvtlfs_host.c drivers/hv/hvtlfs_host.h; do
	rm -f "$tree/$f"
	cp "$here/$f" "$tree/$f"
done

# add <file> <text>: appends the text unless its first line is already in the file.
add() {
	grep -qxF "$(printf '%s\n' "$2" | head -n 1)" "$1" && return 0
	{ cat "$1" && printf '\n%s\n' "$2"; } >"$1.hvtlfs-tmp"
	mv "$1.hvtlfs-tmp" "$1"
}
add "$tree/lib/Kconfig" 'source "lib/hvtlfs/Kconfig"'
add "$tree/lib/Makefile" 'obj-$(CONFIG_HVTLFS) += hvtlfs/'
grep -qxF '	select HVTLFS' "$tree/drivers/hv/Kconfig" ||
	sed -i '/^config HYPERV$/a\	select HVTLFS' "$tree/drivers/hv/Kconfig"
add "$tree/arch/x86/hyperv/Makefile" 'include $(srctree)/lib/hvtlfs/hvtlfs.kbuild
obj-y += hvtlfs_guest.o
CFLAGS_hvtlfs_guest.o += $(HVTLFS_CCFLAGS)'
add "$tree/drivers/hv/Makefile" 'include $(srctree)/lib/hvtlfs/hvtlfs.kbuild
obj-$(subst m,y,$(CONFIG_HYPERV)) += hvtlfs_host.o
CFLAGS_hvtlfs_host.o += $(HVTLFS_CCFLAGS)'
