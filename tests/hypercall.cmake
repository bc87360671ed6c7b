# SPDX-License-Identifier: BSD-2-Clause
# Hypercall wrappers against hvtlfs::mock (label "wrappers"): one binary per call method
# and optimisation level, so every clobber list is proven at -O0, -O1, -O2, -O3 and -Os.
if(TARGET hvtlfs_mock)
	foreach(method PAGE VMCALL VMMCALL)
		string(TOLOWER "${method}" m)
		foreach(opt O0 O1 O2 O3 Os)
			hvtlfs_add_test(test_hypercall_${m}_${opt}
				SOURCES test_hypercall.c
				LABELS wrappers
				LIBS hvtlfs::mock
				DEFINES HVTLFS_HYPERCALL_METHOD=HVTLFS_HYPERCALL_METHOD_${method}
				OPTIONS -${opt})
			# Exit code 77: this host does not fault on the instruction (see the test).
			set_tests_properties(test_hypercall_${m}_${opt} PROPERTIES SKIP_RETURN_CODE 77)
		endforeach()
	endforeach()
	# An integrator-supplied call sequence (HVTLFS_HYPERCALL_METHOD_CUSTOM).
	foreach(opt O0 O2)
		hvtlfs_add_test(test_hypercall_custom_${opt}
			SOURCES test_hypercall.c
			LABELS wrappers
			LIBS hvtlfs::mock
			DEFINES TEST_CUSTOM=1
			OPTIONS -${opt})
	endforeach()
endif()
