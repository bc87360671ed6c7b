# SPDX-License-Identifier: BSD-2-Clause
# Every read of guest memory in every decoder goes through the one accessor, once a byte:
# the library's sources compiled with the accessor's seam set to a reader that counts
# reads and answers differently on every re-read (see tests/test_guest_reads.c).
hvtlfs_add_test(test_guest_reads SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/test_guest_reads.c
	LABELS encoders flush nested OWN_LIBRARY DEFINES HVTLFS_GUEST_READ8=guest_read8)
