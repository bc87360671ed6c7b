# SPDX-License-Identifier: BSD-2-Clause
# GVA and GPA range lists: golden vectors, round-trip properties, decoder errors.
hvtlfs_add_test(test_ranges SOURCES test_ranges.c LABELS encoders)
