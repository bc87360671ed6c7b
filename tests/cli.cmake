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
	# The demo prints what each wrapper returned, not a constant: the broken guest's
	# call comes back refused, and says so.
	add_test(NAME cli_demo_prints_returns
		COMMAND ${CMAKE_CROSSCOMPILING_EMULATOR} $<TARGET_FILE:hvtlfs-demo>)
	set_tests_properties(cli_demo_prints_returns PROPERTIES LABELS cli TIMEOUT 120
		PASS_REGULAR_EXPRESSION "variable header says 1 bank word while valid_bank_mask names 2\n.*-- guest: hvtlfs_hypercall_slow\\(\\) returned 0x0000000000000003 \\(HV_STATUS_INVALID_HYPERCALL_INPUT\\)\n\nEvery call went as expected"
		FAIL_REGULAR_EXPRESSION "-- guest: HVTLFS_OK|!! unexpected")
endif()
