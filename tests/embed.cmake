# SPDX-License-Identifier: BSD-2-Clause
# Embedding (label "embed"): hvtlfs consumed the ways an integrator consumes it.
#  embed_install          cmake --install into a temporary prefix, moved afterwards
#  embed_find_package     a CMake project built with find_package(hvtlfs)
#  embed_pkg_config       a program built with cc and pkg-config only
#  embed_add_subdirectory a parent project; hvtlfs's tests and install rules stay out
#  embed_plain_copy       include/ + src/ + one arch/ copied, `cc -c -Iinclude ...` only
#  embed_linux_module     examples/linux-module built by kbuild, warning-free (x86_64)
#  embed_linux_kbuild     the kbuild fragment evaluated by make: arch selection, objects,
#                         and its module dependency table against the objects' symbols
#  embed_linux_tree       examples/linux-kernel in Debian's linux-source-6.1, built for
#                         x86_64 and i386 (x86_64-gcc preset only; label "kernel" too)
# The consumers use the outer build's compiler, flags, build type and toolchain file.
set(HVTLFS_EMBED_DIR "${CMAKE_CURRENT_SOURCE_DIR}/embed")
set(HVTLFS_EMBED_WORK "${CMAKE_CURRENT_BINARY_DIR}/embed")

add_test(NAME embed_plain_copy
	COMMAND ${HVTLFS_EMBED_DIR}/plain_copy.sh ${PROJECT_SOURCE_DIR} ${HVTLFS_ARCH}
		${CMAKE_C_COMPILER} ${HVTLFS_TARGET_FLAGS})
set_tests_properties(embed_plain_copy PROPERTIES LABELS "embed" TIMEOUT 300)

# The package tests need the install rules, and a library a plain consumer can link
# (the libFuzzer build instruments it for the fuzzers only).
if(HVTLFS_INSTALL AND NOT HVTLFS_FUZZ)
	set(cflags "${CMAKE_C_FLAGS}")
	set(ldflags "${CMAKE_EXE_LINKER_FLAGS}")
	if(HVTLFS_SANITIZE)
		string(JOIN " " san ${HVTLFS_SAN_COMPILE})
		string(APPEND cflags " ${san}")
		string(APPEND ldflags " ${san}")
	endif()
	set(cmake_args -DCMAKE_C_COMPILER=${CMAKE_C_COMPILER} "-DCMAKE_C_FLAGS=${cflags}"
		"-DCMAKE_EXE_LINKER_FLAGS=${ldflags}" -DCMAKE_BUILD_TYPE=${CMAKE_BUILD_TYPE}
		-G "${CMAKE_GENERATOR}")
	if(CMAKE_TOOLCHAIN_FILE)
		list(APPEND cmake_args -DCMAKE_TOOLCHAIN_FILE=${CMAKE_TOOLCHAIN_FILE})
	endif()
	if(TARGET hvtlfs_mock)
		set(expect_mock ON)
	else()
		set(expect_mock OFF)
	endif()
	set(prefix "${HVTLFS_EMBED_WORK}/stage/prefix")
	separate_arguments(cc_flags UNIX_COMMAND "${cflags} ${ldflags}")

	add_test(NAME embed_install
		COMMAND ${HVTLFS_EMBED_DIR}/install.sh ${PROJECT_SOURCE_DIR} ${HVTLFS_ARCH}
			${PROJECT_BINARY_DIR} ${HVTLFS_EMBED_WORK}/stage)
	add_test(NAME embed_find_package
		COMMAND ${HVTLFS_EMBED_DIR}/find_package.sh ${HVTLFS_EMBED_DIR}/consumer
			${HVTLFS_EMBED_WORK}/find_package ${prefix} ${expect_mock} ${cmake_args})
	add_test(NAME embed_pkg_config
		COMMAND ${HVTLFS_EMBED_DIR}/pkg_config.sh ${HVTLFS_EMBED_DIR}/consumer
			${HVTLFS_EMBED_WORK}/pkg_config ${prefix} ${CMAKE_C_COMPILER}
			"${CMAKE_CROSSCOMPILING_EMULATOR}" ${cc_flags})
	add_test(NAME embed_add_subdirectory
		COMMAND ${HVTLFS_EMBED_DIR}/subdirectory.sh ${PROJECT_SOURCE_DIR}
			${HVTLFS_EMBED_DIR}/subdirectory ${HVTLFS_EMBED_WORK}/subdirectory
			${cmake_args})
	set_tests_properties(embed_install PROPERTIES FIXTURES_SETUP hvtlfs_embed_prefix)
	set_tests_properties(embed_find_package embed_pkg_config PROPERTIES
		FIXTURES_REQUIRED hvtlfs_embed_prefix)
	set_tests_properties(embed_install embed_find_package embed_pkg_config
		embed_add_subdirectory PROPERTIES LABELS "embed" TIMEOUT 600)
endif()

# The Linux module: x86_64 only, where a Debian kernel build directory is installed
# (linux-headers-amd64; ./scripts/test installs it). The kernel build uses the
# kernel's own compiler and flags, whatever this preset's are.
if(HVTLFS_ARCH STREQUAL "x86_64" AND NOT HVTLFS_FUZZ)
	if(NOT HVTLFS_LINUX_KDIR)
		file(GLOB kdirs LIST_DIRECTORIES true "/usr/src/linux-headers-*-amd64")
		list(SORT kdirs COMPARE NATURAL ORDER DESCENDING)
		if(kdirs)
			list(GET kdirs 0 kdir)
		else()
			set(kdir "")
		endif()
		set(HVTLFS_LINUX_KDIR "${kdir}" CACHE PATH
			"Kernel build directory for the embed_linux_module test")
	endif()
	find_program(HVTLFS_MAKE make)
	if(HVTLFS_LINUX_KDIR AND EXISTS "${HVTLFS_LINUX_KDIR}/Makefile" AND HVTLFS_MAKE)
		add_test(NAME embed_linux_module
			COMMAND ${HVTLFS_EMBED_DIR}/linux_module.sh ${PROJECT_SOURCE_DIR}
				${HVTLFS_LINUX_KDIR} ${HVTLFS_EMBED_WORK}/linux-module)
		set_tests_properties(embed_linux_module PROPERTIES LABELS "embed" TIMEOUT 900)
	else()
		message(STATUS "hvtlfs: no kernel build directory (linux-headers-amd64): "
			"embed_linux_module not registered")
	endif()
endif()

# The kbuild fragment of the in-tree layout, without a kernel (GNU make only).
if(HVTLFS_ARCH STREQUAL "x86_64" AND NOT HVTLFS_FUZZ AND HVTLFS_MAKE)
	add_test(NAME embed_linux_kbuild
		COMMAND ${HVTLFS_EMBED_DIR}/linux_kbuild.sh ${PROJECT_SOURCE_DIR}
			${HVTLFS_EMBED_WORK}/linux-kbuild ${CMAKE_C_COMPILER})
	set_tests_properties(embed_linux_kbuild PROPERTIES LABELS "embed" TIMEOUT 300)
endif()

# The in-tree layout in a real kernel tree, for both x86 word sizes: once per run of
# ./scripts/test, in the x86_64 gcc preset (the kernel build uses the kernel's own gcc
# and flags whatever the preset's are). Debian's linux-source-6.1 provides the tree
# (./scripts/test installs it); the prepared trees are cached in
# /var/cache/hvtlfs-kernel between runs (cold: a few minutes; warm: under a minute).
set(HVTLFS_LINUX_SOURCE "/usr/src/linux-source-6.1.tar.xz" CACHE FILEPATH
	"Kernel source tarball for the embed_linux_tree test")
if(HVTLFS_ARCH STREQUAL "x86_64" AND CMAKE_C_COMPILER_ID STREQUAL "GNU" AND NOT HVTLFS_FUZZ
		AND NOT HVTLFS_SANITIZE AND HVTLFS_MAKE)
	if(EXISTS "${HVTLFS_LINUX_SOURCE}")
		add_test(NAME embed_linux_tree
			COMMAND ${CMAKE_COMMAND} -E env HVTLFS_KERNEL_TARBALL=${HVTLFS_LINUX_SOURCE}
				${HVTLFS_EMBED_DIR}/linux_tree.sh ${PROJECT_SOURCE_DIR}
				${HVTLFS_EMBED_WORK}/linux-tree)
		# Waits for the shared cache's lock when another tree's run holds it.
		set_tests_properties(embed_linux_tree PROPERTIES LABELS "embed;kernel" TIMEOUT 3600)
	else()
		message(STATUS "hvtlfs: no ${HVTLFS_LINUX_SOURCE} (linux-source-6.1): "
			"embed_linux_tree not registered")
	endif()
endif()
