# SPDX-License-Identifier: BSD-2-Clause
# VP sets (issue 4): encoders, legacy masks, validating decoder, property tests.
hvtlfs_add_test(test_vpset SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/test_vpset.c LABELS encoders)
