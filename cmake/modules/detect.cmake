# SPDX-License-Identifier: BSD-2-Clause
# hvtlfs-detect: the bring-up walkthrough. Decodes built-in CPUID dumps of Hyper-V
# partitions, or this machine's CPUID with --host.
if(HVTLFS_BUILD_TOOLS)
	add_executable(hvtlfs-detect "${PROJECT_SOURCE_DIR}/tools/hvtlfs-detect.c")
	target_link_libraries(hvtlfs-detect PRIVATE hvtlfs::hvtlfs)
	set_target_properties(hvtlfs-detect PROPERTIES C_STANDARD 11
		RUNTIME_OUTPUT_DIRECTORY "${CMAKE_BINARY_DIR}/tools")
	hvtlfs_instrument(hvtlfs-detect PROGRAM)
endif()
