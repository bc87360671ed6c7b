# SPDX-License-Identifier: BSD-2-Clause
# Nested virtualization (issue 8): eVMCS layout and field table, clean fields, VP assist page,
# leaves 0x40000004 / 0x4000000A, nested control words.
hvtlfs_add_test(test_nested SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/test_nested.c LABELS nested)
