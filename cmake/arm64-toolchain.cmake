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
set(CMAKE_C_COMPILER_TARGET ${HVTLFS_ARM64_TRIPLE})
set(CMAKE_CXX_COMPILER_TARGET ${HVTLFS_ARM64_TRIPLE})
set(CMAKE_ASM_COMPILER_TARGET ${HVTLFS_ARM64_TRIPLE})
find_program(HVTLFS_ARM64_LD ${HVTLFS_ARM64_TRIPLE}-ld REQUIRED)
set(CMAKE_EXE_LINKER_FLAGS_INIT "-fuse-ld=${HVTLFS_ARM64_LD}")
set(CMAKE_SHARED_LINKER_FLAGS_INIT "-fuse-ld=${HVTLFS_ARM64_LD}")
find_program(CMAKE_AR ${HVTLFS_ARM64_TRIPLE}-ar REQUIRED)
find_program(CMAKE_RANLIB ${HVTLFS_ARM64_TRIPLE}-ranlib REQUIRED)
find_program(CMAKE_NM ${HVTLFS_ARM64_TRIPLE}-nm REQUIRED)
find_program(CMAKE_OBJCOPY ${HVTLFS_ARM64_TRIPLE}-objcopy REQUIRED)
find_program(HVTLFS_QEMU_AARCH64 qemu-aarch64 REQUIRED)
set(CMAKE_CROSSCOMPILING_EMULATOR "${HVTLFS_QEMU_AARCH64};-L;/usr/${HVTLFS_ARM64_TRIPLE}")
set(CMAKE_FIND_ROOT_PATH /usr/${HVTLFS_ARM64_TRIPLE})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY BOTH)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE BOTH)
