/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * hvtlfs's environment header for a Linux kernel build, selected with
 *   -DHVTLFS_ENV_HEADER='<hvtlfs_linux_env.h>'
 * (hvtlfs.kbuild adds that flag and this file's directory to the include path).
 * It replaces the toolchain headers hvtlfs/env.h would include: <linux/types.h>
 * has uint8_t..uint64_t, int64_t, uintptr_t, size_t and bool; <linux/stddef.h>
 * has true, false and NULL.
 *
 * Keep it this small: every hvtlfs source file sees what it includes, and the
 * kernel's wider headers define function-like macros (min, round_up, ...) that
 * a portable library has no reason to avoid. The call sequence for the
 * hypercall wrappers is configured in hvtlfs_linux_hypercall.h instead.
 */
#ifndef HVTLFS_LINUX_ENV_H
#define HVTLFS_LINUX_ENV_H

#include <linux/stddef.h>
#include <linux/types.h>

#endif /* HVTLFS_LINUX_ENV_H */
