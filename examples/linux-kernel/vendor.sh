#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# Lays out hvtlfs's library directory for a Linux kbuild: a plain copy of hvtlfs's
# include/, src/ and arch/ (every architecture: one copy serves 32- and 64-bit
# kernels) beside the integration files of lib/hvtlfs/ here. Used for a kernel tree
# (install.sh: <tree>/lib/hvtlfs) and for an external module (examples/linux-module:
# ./hvtlfs); re-run it to update the copy.
# usage: vendor.sh <library directory> [hvtlfs source, default: this repository]
set -eu
here=$(cd "$(dirname "$0")" && pwd)
dest=$1
src=${2:-$(cd "$here/../.." && pwd)}
if [ -e "$dest" ] && [ ! -f "$dest/hvtlfs.kbuild" ]; then
	echo "vendor.sh: $dest exists and is not an hvtlfs library directory" >&2
	exit 1
fi
rm -rf "$dest"
mkdir -p "$dest"
cp -R "$src/include" "$src/src" "$src/arch" "$dest/"
cp "$here"/lib/hvtlfs/* "$dest/"
