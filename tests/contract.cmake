# SPDX-License-Identifier: BSD-2-Clause
# Contract tests: header hygiene, freestanding link, docs gate.
include(CheckLanguage)
check_language(CXX)
if(CMAKE_CXX_COMPILER)
	set(HVTLFS_CXX "${CMAKE_CXX_COMPILER}")
else()
	set(HVTLFS_CXX c++)
endif()
add_test(NAME contract_headers
	COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/contract/headers.sh ${PROJECT_SOURCE_DIR} ${HVTLFS_ARCH}
		${CMAKE_C_COMPILER} ${HVTLFS_CXX} ${HVTLFS_TARGET_FLAGS})
# The target's nm (a cross build's aarch64-linux-gnu-nm), for `nm -u` on its objects.
if(CMAKE_NM)
	set(HVTLFS_NM "${CMAKE_NM}")
else()
	set(HVTLFS_NM nm)
endif()
add_test(NAME contract_freestanding
	COMMAND ${CMAKE_COMMAND} -E env "NM=${HVTLFS_NM}"
		${CMAKE_CURRENT_SOURCE_DIR}/contract/freestanding.sh ${PROJECT_SOURCE_DIR} ${HVTLFS_ARCH}
		${CMAKE_C_COMPILER} ${HVTLFS_TARGET_FLAGS})
# The one-line texts of the error list (error.h): every code has one, and a shared code
# names each refusal that returns it.
add_test(NAME contract_error_texts
	COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/contract/error_texts.sh ${PROJECT_SOURCE_DIR})
set_tests_properties(contract_headers contract_freestanding PROPERTIES LABELS contract)
set_tests_properties(contract_error_texts PROPERTIES LABELS "contract;error")
# The XMM fast forms: absent from the code where the build does not own the XMM registers
# (x86 only: arm64 has no XMM forms).
if(HVTLFS_ARCH MATCHES "^(x86_64|i386)$")
	add_test(NAME contract_xmm
		COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/contract/xmm.sh ${PROJECT_SOURCE_DIR}
			${HVTLFS_ARCH} ${CMAKE_C_COMPILER} ${HVTLFS_TARGET_FLAGS})
	set_tests_properties(contract_xmm PROPERTIES LABELS "contract;xmm")
	# The VTL switch's clobbers under every instruction-set configuration (x86 only:
	# arm64 has no VTL switch sequence).
	add_test(NAME contract_vtl_clobbers
		COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/contract/vtl_clobbers.sh ${PROJECT_SOURCE_DIR}
			${HVTLFS_ARCH} ${CMAKE_C_COMPILER} ${HVTLFS_TARGET_FLAGS})
	set_tests_properties(contract_vtl_clobbers PROPERTIES LABELS "contract;vtl")
	# The code both x86 arch folders carry (each folder is a whole vendoring) is the same.
	add_test(NAME contract_x86_twins
		COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/contract/x86_twins.sh ${PROJECT_SOURCE_DIR})
	set_tests_properties(contract_x86_twins PROPERTIES LABELS contract)
endif()
