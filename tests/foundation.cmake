# SPDX-License-Identifier: BSD-2-Clause
hvtlfs_add_test(test_foundation SOURCES test_foundation.c LABELS foundation)
