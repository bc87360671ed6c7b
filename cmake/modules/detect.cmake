# SPDX-License-Identifier: BSD-2-Clause
# hvtlfs-detect (issue 9): the bring-up walkthrough. Decodes built-in CPUID dumps of
# Hyper-V partitions, or this machine's CPUID with --host.
if(HVTLFS_BUILD_TOOLS)
	add_executable(hvtlfs-detect "${PROJECT_SOURCE_DIR}/tools/hvtlfs-detect.c")
	target_link_libraries(hvtlfs-detect PRIVATE hvtlfs::hvtlfs hvtlfs_warnings)
	set_target_properties(hvtlfs-detect PROPERTIES C_STANDARD 11
		RUNTIME_OUTPUT_DIRECTORY "${CMAKE_BINARY_DIR}/tools")
	# The library is instrumented in these presets: link the runtimes it needs.
	if(HVTLFS_FUZZ)
		set(HVTLFS_DETECT_SAN -fsanitize=fuzzer-no-link,address,undefined)
	elseif(HVTLFS_SANITIZE)
		set(HVTLFS_DETECT_SAN -fsanitize=address,undefined)
	endif()
	if(HVTLFS_DETECT_SAN)
		target_compile_options(hvtlfs-detect PRIVATE ${HVTLFS_DETECT_SAN})
		target_link_options(hvtlfs-detect PRIVATE ${HVTLFS_DETECT_SAN})
	endif()
endif()
