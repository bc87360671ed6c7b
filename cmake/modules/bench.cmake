# SPDX-License-Identifier: BSD-2-Clause
# Benchmarks: each bench/bench_<name>.c is a program printing a table; bench/run runs them.
# Not tests: nothing here is timed inside ctest.
if(PROJECT_IS_TOP_LEVEL)
	file(GLOB HVTLFS_BENCHES CONFIGURE_DEPENDS "${PROJECT_SOURCE_DIR}/bench/bench_*.c")
	foreach(src IN LISTS HVTLFS_BENCHES)
		get_filename_component(name "${src}" NAME_WE)
		add_executable(${name} "${src}")
		target_link_libraries(${name} PRIVATE hvtlfs::hvtlfs)
		target_include_directories(${name} PRIVATE "${PROJECT_SOURCE_DIR}/bench")
		hvtlfs_instrument(${name} BENCH)
		set_target_properties(${name} PROPERTIES C_STANDARD 11 C_EXTENSIONS ON
			RUNTIME_OUTPUT_DIRECTORY "${CMAKE_BINARY_DIR}/bench")
	endforeach()
endif()
