# SPDX-License-Identifier: BSD-2-Clause
# The hobby kernels of examples/hobby-os, built with plain make and
# gcc (-ffreestanding -nostdlib, hvtlfs's src/*.c vendored), booted under
# qemu-system-{i386,x86_64} with TCG (arm64: qemu-system-aarch64, below); each serial
# log must match expected-<arch>.txt line by line and the kernel must leave through isa-debug-exit. run.sh bounds a
# hang with `timeout`. Each kernel is built twice: hvtlfs's wrappers calling through
# the hypercall page, and calling VMCALL directly. Registered in the gcc presets
# without sanitizers or fuzzing: x86_64-gcc boots both architectures, i386 the i386 one.
if(CMAKE_C_COMPILER_ID STREQUAL "GNU" AND NOT HVTLFS_SANITIZE AND NOT HVTLFS_FUZZ)
	if(HVTLFS_ARCH STREQUAL "x86_64")
		set(HVTLFS_HOBBYOS_ARCHES i386 x86_64)
	else()
		set(HVTLFS_HOBBYOS_ARCHES i386)
	endif()
	foreach(arch IN LISTS HVTLFS_HOBBYOS_ARCHES)
		foreach(method IN ITEMS page vmcall)
			set(name hobbyos_${arch}_${method})
			add_test(NAME ${name}
				COMMAND ${CMAKE_COMMAND} -E env METHOD=${method}
					${PROJECT_SOURCE_DIR}/examples/hobby-os/run.sh ${arch}
					${CMAKE_CURRENT_BINARY_DIR}/hobby-os/${arch}-${method}
					${PROJECT_SOURCE_DIR})
			set_tests_properties(${name} PROPERTIES LABELS "embed" TIMEOUT 300)
		endforeach()
	endforeach()
endif()
# The arm64 kernel (clang --target=aarch64-linux-gnu, booted under qemu-system-aarch64
# -M virt,virtualization=on: an EL1 guest and its own EL2 hypervisor stub), in the arm64
# preset.
if(HVTLFS_ARCH STREQUAL "arm64" AND NOT HVTLFS_SANITIZE AND NOT HVTLFS_FUZZ)
	add_test(NAME hobbyos_arm64_hvc
		COMMAND ${PROJECT_SOURCE_DIR}/examples/hobby-os/run.sh arm64
			${CMAKE_CURRENT_BINARY_DIR}/hobby-os/arm64-hvc ${PROJECT_SOURCE_DIR})
	set_tests_properties(hobbyos_arm64_hvc PROPERTIES LABELS "embed" TIMEOUT 300)
endif()
