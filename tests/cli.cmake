# SPDX-License-Identifier: BSD-2-Clause
# The hvtlfs CLI and the demo (label "cli"): golden outputs written by hand from the TLFS
# (tests/cli/cases), the generated TLFS quick reference kept in step with the catalogs,
# and the demo of ./scripts/demo. In the i386 preset the programs run under the emulator.
if(TARGET hvtlfs-cli)
	add_test(NAME cli_golden
		COMMAND bash "${CMAKE_CURRENT_SOURCE_DIR}/cli/run.sh" $<TARGET_FILE:hvtlfs-cli>
			"${HVTLFS_ARCH}" ${CMAKE_CROSSCOMPILING_EMULATOR})
	add_test(NAME cli_quickref_current
		COMMAND bash "${CMAKE_CURRENT_SOURCE_DIR}/cli/quickref.sh"
			"${PROJECT_SOURCE_DIR}/docs/quickref.md"
			${CMAKE_CROSSCOMPILING_EMULATOR} $<TARGET_FILE:hvtlfs-cli>)
	set_tests_properties(cli_golden cli_quickref_current PROPERTIES LABELS cli TIMEOUT 300)
endif()
if(TARGET hvtlfs-demo AND TARGET hvtlfs_mock)
	# The demo exits non-zero when a call does not go as it expects.
	add_test(NAME cli_demo COMMAND ${CMAKE_CROSSCOMPILING_EMULATOR} $<TARGET_FILE:hvtlfs-demo>)
	set_tests_properties(cli_demo PROPERTIES LABELS cli TIMEOUT 120)
endif()
