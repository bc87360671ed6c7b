# SPDX-License-Identifier: BSD-2-Clause
# Flush, IPI and event inputs; hypervisor-side decoding; the flush planner; end to end.
hvtlfs_add_test(test_flush SOURCES test_flush.c LABELS flush)
hvtlfs_add_test(test_planner SOURCES test_planner.c LABELS flush)
if(TARGET hvtlfs::mock)
	hvtlfs_add_test(test_e2e SOURCES test_e2e.c LABELS flush LIBS hvtlfs::mock)
endif()
