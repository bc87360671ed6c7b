# SPDX-License-Identifier: BSD-2-Clause
# Every C snippet of README.md and docs/*.md compiles (and, where marked, runs and
# behaves as its prose says) with this preset's compiler and architecture; the guides
# carry no Doxygen-only syntax. The markers and the per-guide preludes are described
# in tests/docs/snippets.py.
find_program(HVTLFS_PYTHON3 python3 REQUIRED)
# An instrumented library needs the sanitizer runtimes at link time.
string(JOIN " " HVTLFS_DOCS_LDFLAGS ${HVTLFS_SAN_LINK})
set(HVTLFS_DOCS_MOCK "")
if(TARGET hvtlfs_mock)
	set(HVTLFS_DOCS_MOCK $<TARGET_FILE:hvtlfs_mock>)
endif()
add_test(NAME docs_snippets
	COMMAND ${HVTLFS_PYTHON3} ${CMAKE_CURRENT_SOURCE_DIR}/docs/snippets.py
		--root ${PROJECT_SOURCE_DIR} --arch ${HVTLFS_ARCH} --cc ${CMAKE_C_COMPILER}
		"--cflags=${CMAKE_C_FLAGS}" "--ldflags=${HVTLFS_DOCS_LDFLAGS}"
		--lib $<TARGET_FILE:hvtlfs> "--mock-lib=${HVTLFS_DOCS_MOCK}"
		"--cmocka-lib=${CMOCKA_LIBRARY}" "--emulator=${CMAKE_CROSSCOMPILING_EMULATOR}"
		--work ${CMAKE_CURRENT_BINARY_DIR}/docs-snippets)
set_tests_properties(docs_snippets PROPERTIES LABELS docs TIMEOUT 300)
