# SPDX-License-Identifier: BSD-2-Clause
# Host programs in tools/: the hvtlfs CLI and the demo of ./scripts/demo.
if(HVTLFS_BUILD_TOOLS)
	add_executable(hvtlfs-cli
		"${PROJECT_SOURCE_DIR}/tools/hvtlfs.c"
		"${PROJECT_SOURCE_DIR}/tools/cli_util.c"
		"${PROJECT_SOURCE_DIR}/tools/cli_decode.c"
		"${PROJECT_SOURCE_DIR}/tools/cli_plan.c"
		"${PROJECT_SOURCE_DIR}/tools/cli_build.c"
		"${PROJECT_SOURCE_DIR}/tools/cli_build_vp.c")
	target_link_libraries(hvtlfs-cli PRIVATE hvtlfs::hvtlfs)
	set_target_properties(hvtlfs-cli PROPERTIES C_STANDARD 11 C_STANDARD_REQUIRED ON
		OUTPUT_NAME hvtlfs RUNTIME_OUTPUT_DIRECTORY "${CMAKE_BINARY_DIR}/tools")

	# The demo prints the hypervisor's view with the CLI's printers.
	add_executable(hvtlfs-demo "${PROJECT_SOURCE_DIR}/tools/demo.c"
		"${PROJECT_SOURCE_DIR}/tools/cli_util.c"
		"${PROJECT_SOURCE_DIR}/tools/cli_decode.c")
	target_link_libraries(hvtlfs-demo PRIVATE hvtlfs::hvtlfs)
	set_target_properties(hvtlfs-demo PROPERTIES C_STANDARD 11 C_STANDARD_REQUIRED ON
		RUNTIME_OUTPUT_DIRECTORY "${CMAKE_BINARY_DIR}/tools")
	if(TARGET hvtlfs_mock)
		target_link_libraries(hvtlfs-demo PRIVATE hvtlfs::mock)
		target_compile_definitions(hvtlfs-demo PRIVATE HVTLFS_DEMO_MOCK=1)
	endif()

	foreach(tool IN ITEMS hvtlfs-cli hvtlfs-demo)
		hvtlfs_instrument(${tool} PROGRAM)
	endforeach()

	if(HVTLFS_INSTALL)
		install(TARGETS hvtlfs-cli
			RUNTIME DESTINATION "${CMAKE_INSTALL_BINDIR}" COMPONENT hvtlfs_tools)
	endif()
endif()
