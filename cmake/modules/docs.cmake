# SPDX-License-Identifier: BSD-2-Clause
# `cmake --build <dir> --target docs`: the Doxygen gate (fails on any warning).
if(PROJECT_IS_TOP_LEVEL)
	add_custom_target(docs
		COMMAND ${CMAKE_COMMAND} -E env HVTLFS_DOCS_OUT=${CMAKE_BINARY_DIR}/docs
			${PROJECT_SOURCE_DIR}/scripts/docs
		WORKING_DIRECTORY ${PROJECT_SOURCE_DIR}
		COMMENT "Doxygen (warnings are errors)"
		VERBATIM)
endif()
