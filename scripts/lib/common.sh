# SPDX-License-Identifier: BSD-2-Clause
# Shared by scripts/demo and scripts/test: find the tree, install what is missing.

HVTLFS_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
export HVTLFS_ROOT

# Every Debian package a script of this repository needs.
HVTLFS_PACKAGES=(
	cmake make gcc g++ clang clang-format gcc-multilib g++-multilib binutils pkg-config
	libcmocka-dev libcmocka-dev:i386 qemu-user qemu-system-x86 doxygen
	libclang-rt-14-dev linux-headers-amd64 seabios python3
	linux-source-6.1 xz-utils flex bison bc libelf-dev libssl-dev
	binutils-aarch64-linux-gnu libc6-dev-arm64-cross libgcc-12-dev-arm64-cross
	libcmocka-dev:arm64 qemu-system-arm
)
# The arm64 preset compiles with clang --target=aarch64-linux-gnu: Debian 12's
# gcc-aarch64-linux-gnu conflicts with gcc-multilib (the i386 preset), so it is not listed.

# What scripts/prove needs: Frama-C, the OCaml compiler for the machdep of
# proofs/machdep/ and the AArch64 preprocessor. (cpp only: gcc-aarch64-linux-gnu and
# gcc-multilib conflict in Debian 12.)
HVTLFS_PROVE_PACKAGES=(frama-c-base ocaml cpp-aarch64-linux-gnu)

# The packages of the arguments (default: HVTLFS_PACKAGES) that are not installed.
hvtlfs_missing_packages() {
	local p
	[ $# -gt 0 ] || set -- "${HVTLFS_PACKAGES[@]}"
	for p in "$@"; do
		if ! dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q '^install ok installed$'; then
			printf '%s\n' "$p"
		fi
	done
}

# Installs the packages of the arguments (default: HVTLFS_PACKAGES) that are missing.
hvtlfs_ensure_deps() {
	local missing
	missing=$(hvtlfs_missing_packages "$@" | tr '\n' ' ')
	missing=${missing% }
	if [ -z "$missing" ]; then
		return 0
	fi
	local need_i386=0 need_arm64=0
	case " $missing " in *":i386 "*) need_i386=1 ;; esac
	case " $missing " in *":arm64 "*) need_arm64=1 ;; esac
	if [ "$(id -u)" -ne 0 ]; then
		echo "hvtlfs: missing Debian packages: $missing" >&2
		echo "hvtlfs: run as root, or install them with:" >&2
		local add=""
		if [ $need_i386 -eq 1 ] && ! dpkg --print-foreign-architectures | grep -qx i386; then
			add="sudo dpkg --add-architecture i386 && "
		fi
		if [ $need_arm64 -eq 1 ] && ! dpkg --print-foreign-architectures | grep -qx arm64; then
			add="${add}sudo dpkg --add-architecture arm64 && "
		fi
		if [ -n "$add" ]; then
			echo "  ${add}sudo apt-get update && sudo apt-get install -y $missing" >&2
		else
			echo "  sudo apt-get update && sudo apt-get install -y $missing" >&2
		fi
		exit 1
	fi
	echo "hvtlfs: installing $missing"
	if [ $need_i386 -eq 1 ] && ! dpkg --print-foreign-architectures | grep -qx i386; then
		dpkg --add-architecture i386
	fi
	if [ $need_arm64 -eq 1 ] && ! dpkg --print-foreign-architectures | grep -qx arm64; then
		dpkg --add-architecture arm64
	fi
	export DEBIAN_FRONTEND=noninteractive
	local try
	for try in 1 2 3; do
		# A mirror mid-sync can fail one index; what matters is that the install works.
		apt-get update -q || true
		# shellcheck disable=SC2086
		if apt-get install -y -q --no-install-recommends $missing; then
			return 0
		fi
		sleep 5
	done
	echo "hvtlfs: could not install: $missing" >&2
	exit 1
}
