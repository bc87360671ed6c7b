# SPDX-License-Identifier: BSD-2-Clause
# Bring-up (issue 9): CPUID leaf decoding, guest OS ID and MSR values, enable sequences
# against a mocked MSR space.
hvtlfs_add_test(test_bringup SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/test_bringup.c LABELS bringup)
