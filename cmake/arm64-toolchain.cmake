# SPDX-License-Identifier: BSD-2-Clause
# arm64 (AArch64) on an x86_64 Debian host: clang targeting aarch64-linux-gnu, linked by
# the cross binutils' ld against the cross glibc and libgcc (libc6-dev-arm64-cross,
# libgcc-12-dev-arm64-cross) and the arm64 multiarch libraries (libcmocka-dev:arm64);
# tests run in qemu-aarch64. Not gcc-aarch64-linux-gnu: Debian 12's cross gcc conflicts
# with gcc-multilib, which the i386 preset needs, so one machine cannot hold both.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(CMAKE_LIBRARY_ARCHITECTURE aarch64-linux-gnu)
set(HVTLFS_ARM64_TRIPLE aarch64-linux-gnu)
if(NOT CMAKE_C_COMPILER)
	set(CMAKE_C_COMPILER clang)
endif()
if(NOT CMAKE_CXX_COMPILER)
	set(CMAKE_CXX_COMPILER clang++)
endif()
if(CMAKE_C_COMPILER MATCHES "clang")
	# The target in the flags (as -m32 for i386), so every script and consumer that takes
	# the preset's CMAKE_C_FLAGS compiles for arm64 too. (A cross gcc named with
	# -DCMAKE_C_COMPILER=aarch64-linux-gnu-gcc needs none of this.)
	set(HVTLFS_ARM64_TARGET_FLAGS "--target=${HVTLFS_ARM64_TRIPLE}")
	set(CMAKE_C_FLAGS_INIT "${HVTLFS_ARM64_TARGET_FLAGS}")
	set(CMAKE_CXX_FLAGS_INIT "${HVTLFS_ARM64_TARGET_FLAGS}")
	set(CMAKE_ASM_FLAGS_INIT "${HVTLFS_ARM64_TARGET_FLAGS}")
	find_program(HVTLFS_ARM64_LD ${HVTLFS_ARM64_TRIPLE}-ld REQUIRED)
	set(CMAKE_EXE_LINKER_FLAGS_INIT "-fuse-ld=${HVTLFS_ARM64_LD}")
	set(CMAKE_SHARED_LINKER_FLAGS_INIT "-fuse-ld=${HVTLFS_ARM64_LD}")
endif()
find_program(CMAKE_AR ${HVTLFS_ARM64_TRIPLE}-ar REQUIRED)
find_program(CMAKE_RANLIB ${HVTLFS_ARM64_TRIPLE}-ranlib REQUIRED)
find_program(CMAKE_NM ${HVTLFS_ARM64_TRIPLE}-nm REQUIRED)
find_program(CMAKE_OBJCOPY ${HVTLFS_ARM64_TRIPLE}-objcopy REQUIRED)
find_program(HVTLFS_QEMU_AARCH64 qemu-aarch64 REQUIRED)
# qemu-aarch64 alone: libcmocka-dev:arm64 brings the arm64 glibc (libc6:arm64) into the
# multiarch paths, where the program's loader /lib/ld-linux-aarch64.so.1 finds it; one word
# is what the scripts that take the emulator expect (`qemu-aarch64 -L /usr/aarch64-linux-gnu`,
# the cross glibc, works as well).
set(CMAKE_CROSSCOMPILING_EMULATOR "${HVTLFS_QEMU_AARCH64}")
set(CMAKE_FIND_ROOT_PATH /usr/${HVTLFS_ARM64_TRIPLE})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY BOTH)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE BOTH)
