# SPDX-License-Identifier: BSD-2-Clause
# Host programs in tools/: the demo of ./scripts/demo and the hvtlfs CLI.
if(HVTLFS_BUILD_TOOLS)
	add_executable(hvtlfs-demo "${PROJECT_SOURCE_DIR}/tools/demo.c")
	target_link_libraries(hvtlfs-demo PRIVATE hvtlfs::hvtlfs hvtlfs_warnings)
	set_target_properties(hvtlfs-demo PROPERTIES C_STANDARD 11
		RUNTIME_OUTPUT_DIRECTORY "${CMAKE_BINARY_DIR}/tools")
endif()
