# SPDX-License-Identifier: BSD-2-Clause
# The one place for hvtlfs's warning and sanitizer flags. Every target of this project
# (the library, hvtlfs::mock, the tools, the tests, the fuzzers, the benchmarks) gets
# them through hvtlfs_instrument(); nothing reaches a consumer through the public
# interface but the sanitizer runtimes an instrumented library needs at link time.
option(HVTLFS_WERROR "Treat warnings as errors in hvtlfs's own targets" ${PROJECT_IS_TOP_LEVEL})
option(HVTLFS_SANITIZE "Build with ASan and UBSan (preset x86_64-asan)" OFF)
option(HVTLFS_FUZZ "Build libFuzzer harnesses, clang only (preset fuzz)" OFF)

# The library, the mock and the programs; tests and benchmarks take the same bar less
# the conversion warnings cmocka's macros and printf-heavy reporting trip.
set(HVTLFS_WARNINGS -Wall -Wextra -Wpedantic -Wconversion -Wsign-conversion -Wshadow
	-Wstrict-prototypes -Wmissing-prototypes -Wcast-align -Wundef)
set(HVTLFS_TEST_WARNINGS -Wall -Wextra -Wpedantic)

# Sanitizer flags: what instrumented code is compiled with, and what links it.
set(HVTLFS_SAN_COMPILE)
set(HVTLFS_SAN_LINK)
if(HVTLFS_SANITIZE)
	set(HVTLFS_SAN_COMPILE -fsanitize=address,undefined -fno-sanitize-recover=all
		-fno-omit-frame-pointer)
	set(HVTLFS_SAN_LINK -fsanitize=address,undefined)
elseif(HVTLFS_FUZZ)
	# The library and the programs are instrumented for the harnesses; a harness adds
	# libFuzzer's driver (kind FUZZER).
	set(HVTLFS_SAN_COMPILE -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all)
	set(HVTLFS_SAN_LINK -fsanitize=address,undefined)
endif()
set(HVTLFS_FUZZER_FLAGS -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all -g)

# hvtlfs_instrument(<target> <kind>): warnings and sanitizers for one target.
#  LIBRARY  the hvtlfs library: full warnings; instrumented; its consumers link the runtimes
#  MOCK     hvtlfs::mock: full warnings on its C; instrumented with ASan+UBSan builds
#  PROGRAM  a tool: full warnings; instrumented
#  TEST     a cmocka test: test warnings; instrumented with ASan+UBSan builds
#  BENCH    a benchmark: test warnings; never instrumented (it measures)
#  FUZZER   a libFuzzer harness: full warnings; libFuzzer and the sanitizers
function(hvtlfs_instrument target kind)
	if(kind MATCHES "^(TEST|BENCH)$")
		set(warn ${HVTLFS_TEST_WARNINGS})
	else()
		set(warn ${HVTLFS_WARNINGS})
	endif()
	if(HVTLFS_WERROR)
		list(APPEND warn -Werror)
	endif()
	target_compile_options(${target} PRIVATE $<$<COMPILE_LANGUAGE:C>:${warn}>)

	if(kind STREQUAL "FUZZER")
		target_compile_options(${target} PRIVATE ${HVTLFS_FUZZER_FLAGS})
		target_link_options(${target} PRIVATE ${HVTLFS_FUZZER_FLAGS})
		return()
	endif()
	if(kind STREQUAL "BENCH" OR NOT HVTLFS_SAN_COMPILE)
		return()
	endif()
	# Under the fuzz preset only the library and the programs are instrumented; the
	# tests and the mock link the runtimes through the library.
	if(HVTLFS_FUZZ AND kind MATCHES "^(TEST|MOCK)$")
		return()
	endif()
	target_compile_options(${target} PRIVATE $<$<COMPILE_LANGUAGE:C>:${HVTLFS_SAN_COMPILE}>)
	if(kind STREQUAL "LIBRARY")
		target_link_options(${target} INTERFACE ${HVTLFS_SAN_LINK})
	elseif(kind STREQUAL "PROGRAM" AND HVTLFS_FUZZ)
		target_link_options(${target} PRIVATE -fsanitize=fuzzer-no-link,address,undefined)
	else()
		target_link_options(${target} PRIVATE ${HVTLFS_SAN_LINK})
	endif()
endfunction()
