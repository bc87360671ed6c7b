# SPDX-License-Identifier: BSD-2-Clause
# hvtlfs::mock: a fake hypervisor for host tests (ours and our users'). A static
# library for hosted Linux builds only: a fake hypercall page (assembly
# trampoline) and VMCALL/VMMCALL emulation from SIGILL. The core is mock/, the
# registers of each architecture arch/<arch>/mock/. See docs/mock.md.
if(HVTLFS_BUILD_MOCK AND CMAKE_SYSTEM_NAME STREQUAL "Linux"
		AND HVTLFS_ARCH MATCHES "^(x86_64|i386|arm64)$")
	enable_language(ASM)
	add_library(hvtlfs_mock STATIC
		"${PROJECT_SOURCE_DIR}/mock/mock.c"
		"${PROJECT_SOURCE_DIR}/mock/sigill.c"
		"${PROJECT_SOURCE_DIR}/mock/dispatch.c"
		"${PROJECT_SOURCE_DIR}/arch/${HVTLFS_ARCH}/mock/page.S"
		"${PROJECT_SOURCE_DIR}/arch/${HVTLFS_ARCH}/mock/regs.c")
	add_library(hvtlfs::mock ALIAS hvtlfs_mock)
	set_target_properties(hvtlfs_mock PROPERTIES C_STANDARD 11 C_STANDARD_REQUIRED ON
		C_EXTENSIONS ON POSITION_INDEPENDENT_CODE ON)
	target_link_libraries(hvtlfs_mock PUBLIC hvtlfs::hvtlfs)
	# The arch part (arch/<arch>/mock) shares the core's internal header.
	target_include_directories(hvtlfs_mock PRIVATE "${PROJECT_SOURCE_DIR}/mock")
	hvtlfs_instrument(hvtlfs_mock MOCK)
	# Code under test runs in user space, where the x86_64 ABI has a red zone
	# below RSP that `call *page` would overwrite: have the wrappers step over it.
	target_compile_definitions(hvtlfs_mock PUBLIC HVTLFS_HYPERCALL_SKIP_RED_ZONE=1)
endif()
