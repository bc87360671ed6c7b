#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# cli_quickref_current: docs/quickref.md must be exactly what 'hvtlfs quickref' prints.
# Regenerate with: build/<preset>/tools/hvtlfs quickref > docs/quickref.md
# usage: quickref.sh <docs/quickref.md> <hvtlfs binary> [emulator...]
set -u
doc=$1
shift
if ! "$@" quickref | diff -u "$doc" -; then
	echo "docs/quickref.md is out of date: regenerate it with 'hvtlfs quickref > docs/quickref.md'"
	exit 1
fi
