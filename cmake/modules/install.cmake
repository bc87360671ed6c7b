# SPDX-License-Identifier: BSD-2-Clause
# `cmake --install`: the public headers, the selected arch's headers, the static
# library, a relocatable hvtlfsConfig.cmake (+ version file) exporting hvtlfs::hvtlfs
# (and hvtlfs::mock when that target is built), and hvtlfs.pc.
# Nothing here runs unless HVTLFS_INSTALL is on (the default only when hvtlfs is the
# top-level project): a parent that add_subdirectory()s hvtlfs gets no install rules.
if(NOT HVTLFS_INSTALL)
	return()
endif()

include(CMakePackageConfigHelpers)

set(HVTLFS_INSTALL_CMAKEDIR "${CMAKE_INSTALL_LIBDIR}/cmake/hvtlfs"
	CACHE STRING "Where hvtlfsConfig.cmake is installed (relative to the prefix)")
set(HVTLFS_INSTALL_PKGCONFIGDIR "${CMAKE_INSTALL_LIBDIR}/pkgconfig"
	CACHE STRING "Where hvtlfs.pc is installed (relative to the prefix)")
mark_as_advanced(HVTLFS_INSTALL_CMAKEDIR HVTLFS_INSTALL_PKGCONFIGDIR)

# Headers: include/hvtlfs/*.h and arch/<arch>/include/hvtlfs/arch/*.h land in one
# include/hvtlfs tree, the layout the build interface gives with two -I paths.
install(DIRECTORY "${PROJECT_SOURCE_DIR}/include/hvtlfs"
	"${PROJECT_SOURCE_DIR}/arch/${HVTLFS_ARCH}/include/hvtlfs"
	DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}"
	COMPONENT hvtlfs_development
	FILES_MATCHING PATTERN "*.h")

install(TARGETS hvtlfs EXPORT hvtlfsTargets
	ARCHIVE DESTINATION "${CMAKE_INSTALL_LIBDIR}" COMPONENT hvtlfs_development)

# hvtlfs::mock is defined by cmake/modules/mock.cmake, included after this file:
# add it to the export set once the whole top-level directory has been read.
function(hvtlfs_install_mock_)
	if(TARGET hvtlfs_mock)
		set_target_properties(hvtlfs_mock PROPERTIES EXPORT_NAME mock)
		install(TARGETS hvtlfs_mock EXPORT hvtlfsTargets
			ARCHIVE DESTINATION "${CMAKE_INSTALL_LIBDIR}" COMPONENT hvtlfs_development
			LIBRARY DESTINATION "${CMAKE_INSTALL_LIBDIR}" COMPONENT hvtlfs_development)
	endif()
endfunction()
cmake_language(DEFER CALL hvtlfs_install_mock_)

install(EXPORT hvtlfsTargets
	NAMESPACE hvtlfs::
	FILE hvtlfsTargets.cmake
	DESTINATION "${HVTLFS_INSTALL_CMAKEDIR}"
	COMPONENT hvtlfs_development)

configure_package_config_file("${PROJECT_SOURCE_DIR}/cmake/hvtlfsConfig.cmake.in"
	"${PROJECT_BINARY_DIR}/hvtlfsConfig.cmake"
	INSTALL_DESTINATION "${HVTLFS_INSTALL_CMAKEDIR}")
# 0.y releases are compatible within a minor version; the version file also refuses
# an install whose pointer width differs from the consumer's (i386 vs x86_64).
write_basic_package_version_file("${PROJECT_BINARY_DIR}/hvtlfsConfigVersion.cmake"
	VERSION "${PROJECT_VERSION}"
	COMPATIBILITY SameMinorVersion)
install(FILES "${PROJECT_BINARY_DIR}/hvtlfsConfig.cmake"
	"${PROJECT_BINARY_DIR}/hvtlfsConfigVersion.cmake"
	DESTINATION "${HVTLFS_INSTALL_CMAKEDIR}"
	COMPONENT hvtlfs_development)

# hvtlfs.pc finds the prefix from its own location (${pcfiledir}), so the installed
# tree can be moved or packaged under a DESTDIR without editing it.
foreach(dir IN ITEMS LIBDIR INCLUDEDIR)
	if(IS_ABSOLUTE "${CMAKE_INSTALL_${dir}}")
		set(HVTLFS_PC_${dir} "${CMAKE_INSTALL_${dir}}")
	else()
		set(HVTLFS_PC_${dir} "\${prefix}/${CMAKE_INSTALL_${dir}}")
	endif()
endforeach()
if(IS_ABSOLUTE "${HVTLFS_INSTALL_PKGCONFIGDIR}")
	set(HVTLFS_PC_PREFIX "${CMAKE_INSTALL_PREFIX}")
else()
	file(RELATIVE_PATH HVTLFS_PC_UP "/prefix/${HVTLFS_INSTALL_PKGCONFIGDIR}" "/prefix")
	string(REGEX REPLACE "/$" "" HVTLFS_PC_UP "${HVTLFS_PC_UP}")
	set(HVTLFS_PC_PREFIX "\${pcfiledir}/${HVTLFS_PC_UP}")
endif()
configure_file("${PROJECT_SOURCE_DIR}/cmake/hvtlfs.pc.in" "${PROJECT_BINARY_DIR}/hvtlfs.pc" @ONLY)
install(FILES "${PROJECT_BINARY_DIR}/hvtlfs.pc"
	DESTINATION "${HVTLFS_INSTALL_PKGCONFIGDIR}"
	COMPONENT hvtlfs_development)
