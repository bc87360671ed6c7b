# SPDX-License-Identifier: BSD-2-Clause
# libFuzzer harnesses (preset "fuzz", clang). Each fuzz/fuzz_<name>.c becomes a harness
# and two ctests (label "fuzz"):
#  fuzz_<name>_regress  runs every input kept in fuzz/corpus/<name>/ once;
#  fuzz_<name>          fuzzes for HVTLFS_FUZZ_SECONDS, seeded from that folder.
# Any crash, sanitizer report or leak fails the test.
set(HVTLFS_FUZZ_SECONDS 30 CACHE STRING "Seconds each harness fuzzes in ctest")
if(HVTLFS_FUZZ)
	if(NOT CMAKE_C_COMPILER_ID MATCHES "Clang")
		message(FATAL_ERROR "HVTLFS_FUZZ needs clang")
	endif()
	file(GLOB HVTLFS_FUZZERS CONFIGURE_DEPENDS "${PROJECT_SOURCE_DIR}/fuzz/fuzz_*.c")
	foreach(src IN LISTS HVTLFS_FUZZERS)
		get_filename_component(name "${src}" NAME_WE)
		string(REGEX REPLACE "^fuzz_" "" short "${name}")
		add_executable(${name} "${src}")
		target_link_libraries(${name} PRIVATE hvtlfs::hvtlfs)
		# The shared helpers: fuzz/fuzz.h and tests/testutil.h.
		target_include_directories(${name} PRIVATE "${PROJECT_SOURCE_DIR}/fuzz"
			"${PROJECT_SOURCE_DIR}/tests")
		hvtlfs_instrument(${name} FUZZER)
		if(HVTLFS_BUILD_TESTS)
			set(corpus "${PROJECT_SOURCE_DIR}/fuzz/corpus/${short}")
			set(work "${CMAKE_CURRENT_BINARY_DIR}/fuzz-work/${short}")
			add_test(NAME ${name}_regress
				COMMAND ${CMAKE_COMMAND} -E env ASAN_OPTIONS=detect_leaks=1
					sh -c "ls -A \"$1\" | grep -q . || exit 0; $0 -runs=0 \"$1\"/*"
					$<TARGET_FILE:${name}> "${corpus}")
			add_test(NAME ${name}
				COMMAND sh -c "rm -rf \"$2\" && mkdir -p \"$2\" && cp -r \"$3\"/. \"$2\"/ 2>/dev/null; exec $0 -max_total_time=$1 -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \"$2\""
					$<TARGET_FILE:${name}> ${HVTLFS_FUZZ_SECONDS} "${work}" "${corpus}")
			set_tests_properties(${name}_regress ${name} PROPERTIES LABELS "fuzz" TIMEOUT 900)
		endif()
	endforeach()
endif()
