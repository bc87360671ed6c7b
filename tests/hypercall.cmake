# SPDX-License-Identifier: BSD-2-Clause
# Hypercall wrappers against hvtlfs::mock (label "hypercall"): one binary per call method
# and optimisation level, so every clobber list is proven at -O0, -O1, -O2, -O3 and -Os
# (x86: the page, VMCALL, VMMCALL; arm64: `hvc #0` and a CUSTOM `blr` sequence).
if(TARGET hvtlfs_mock)
	# x86_64 hosts that run under a hypervisor may execute VMCALL or VMMCALL instead of
	# faulting (the test then exits 77: skipped). qemu-x86_64 always faults on both, so
	# the direct-instruction binaries also run under it (not with sanitizers: ASan does
	# not run under qemu-user). The i386 preset runs everything under qemu-i386 already.
	set(hvtlfs_qemu_x86_64 "")
	if(HVTLFS_ARCH STREQUAL "x86_64" AND NOT HVTLFS_SANITIZE AND NOT HVTLFS_FUZZ)
		find_program(HVTLFS_QEMU_X86_64 qemu-x86_64)
		if(HVTLFS_QEMU_X86_64)
			set(hvtlfs_qemu_x86_64 "${HVTLFS_QEMU_X86_64}")
		endif()
	endif()
	# The methods of the architecture: the hypercall page and the two direct instructions
	# on x86, `hvc #0` on arm64 (SIGILL under qemu-aarch64, which runs every arm64 test).
	if(HVTLFS_ARCH STREQUAL "arm64")
		set(hvtlfs_methods HVC)
	else()
		set(hvtlfs_methods PAGE VMCALL VMMCALL)
	endif()
	foreach(method IN LISTS hvtlfs_methods)
		string(TOLOWER "${method}" m)
		foreach(opt O0 O1 O2 O3 Os)
			set(t test_hypercall_${m}_${opt})
			hvtlfs_add_test(${t}
				SOURCES test_hypercall.c
				LABELS hypercall
				LIBS hvtlfs::mock
				DEFINES HVTLFS_HYPERCALL_METHOD=HVTLFS_HYPERCALL_METHOD_${method}
				OPTIONS -${opt})
			# Exit code 77: this host does not fault on the instruction (see the test).
			set_tests_properties(${t} PROPERTIES SKIP_RETURN_CODE 77)
			if(method MATCHES "^VMM?CALL$" AND hvtlfs_qemu_x86_64)
				add_test(NAME ${t}_qemu COMMAND "${hvtlfs_qemu_x86_64}" $<TARGET_FILE:${t}>)
				set_tests_properties(${t}_qemu PROPERTIES LABELS hypercall TIMEOUT 300
					SKIP_RETURN_CODE 77)
			endif()
		endforeach()
	endforeach()
	# The fake page (and on arm64 `hvc #0`) gives back the caller's vector state (XMM,
	# YMM, ZMM, K; V, Z, P, FFR) whatever the C code behind it changes.
	hvtlfs_add_test(test_mock_state
		SOURCES test_mock_state.c mockstate/${HVTLFS_ARCH}.S
		LABELS hypercall mock
		LIBS hvtlfs::mock)
	# arm64 also on a CPU without SVE (the trampoline's NEON-only path) and at the
	# longest vector length, 2048 bits (qemu-aarch64's default CPU has SVE at 512).
	if(HVTLFS_ARCH STREQUAL "arm64" AND HVTLFS_QEMU_AARCH64)
		add_test(NAME test_mock_state_nosve
			COMMAND "${HVTLFS_QEMU_AARCH64}" -cpu cortex-a57 $<TARGET_FILE:test_mock_state>)
		add_test(NAME test_mock_state_vl2048
			COMMAND "${HVTLFS_QEMU_AARCH64}" -cpu max,sve-default-vector-length=256
				$<TARGET_FILE:test_mock_state>)
		set_tests_properties(test_mock_state_nosve test_mock_state_vl2048
			PROPERTIES LABELS "hypercall;mock" TIMEOUT 300)
	endif()
	# The VP-register and VTL wrappers (vp.h) against a mock whose handler is the
	# library's own decoder: labels of the calls they make.
	foreach(opt O0 O2 Os)
		hvtlfs_add_test(test_vp_${opt}
			SOURCES test_vp.c
			LABELS hypercall registers calls
			LIBS hvtlfs::mock
			OPTIONS -${opt})
	endforeach()
	hvtlfs_add_test(test_vp_O2_fp
		SOURCES test_vp.c
		LABELS hypercall registers calls
		LIBS hvtlfs::mock
		OPTIONS -O2 -fno-omit-frame-pointer)
	# i386 with SSE arithmetic (a hobby OS that enables SSE): doubles live in XMM
	# registers, which the VTL switch must name clobbered as it names the x87's.
	if(HVTLFS_ARCH STREQUAL "i386")
		hvtlfs_add_test(test_vp_O2_sse
			SOURCES test_vp.c
			LABELS hypercall registers calls
			LIBS hvtlfs::mock
			OPTIONS -O2 -msse2 -mfpmath=sse)
	endif()
	# An integrator-supplied call sequence (HVTLFS_HYPERCALL_METHOD_CUSTOM); on arm64 a
	# branch-and-link to the mock's trampoline, at every level (it clobbers X30 too).
	if(HVTLFS_ARCH STREQUAL "arm64")
		set(hvtlfs_custom_opts O0 O1 O2 O3 Os)
	else()
		set(hvtlfs_custom_opts O0 O2)
	endif()
	foreach(opt IN LISTS hvtlfs_custom_opts)
		hvtlfs_add_test(test_hypercall_custom_${opt}
			SOURCES test_hypercall.c
			LABELS hypercall
			LIBS hvtlfs::mock
			DEFINES TEST_CUSTOM=1
			OPTIONS -${opt})
	endforeach()
	# i386: the Linux call hook's retpoline (examples/linux-kernel), which must read the
	# page operand before it moves ESP (-O2 -fomit-frame-pointer addresses it from ESP).
	if(HVTLFS_ARCH STREQUAL "i386")
		foreach(opt O0 O2)
			set(t test_hypercall_retpoline32_${opt})
			hvtlfs_add_test(${t}
				SOURCES test_hypercall.c
				LABELS hypercall embed
				LIBS hvtlfs::mock
				DEFINES TEST_CUSTOM=1 TEST_RETPOLINE32=1
				OPTIONS -${opt} -fomit-frame-pointer)
			target_include_directories(${t} PRIVATE
				${PROJECT_SOURCE_DIR}/examples/linux-kernel/lib/hvtlfs)
		endforeach()
	endif()
endif()
