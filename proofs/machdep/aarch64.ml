(* SPDX-License-Identifier: BSD-2-Clause *)
(* The "aarch64" machdep of the analysis: AArch64 Linux, LP64 little-endian as the
   Arm procedure call standard (AAPCS64) lays it out, registered with the kernel's
   File.new_machdep. Frama-C 25 ships none; scripts/prove compiles this file into a
   plug-in module (ocamlopt -shared) and loads it with -load-module, then selects
   it with -machdep aarch64. It is GCC's x86_64 model (the sizes and alignments of
   every integer type, pointer and long double, little-endian, sizeof(void) 1) with
   what AAPCS64 changes: plain char is unsigned and wchar_t is unsigned int.
   aarch64.h is its C side, for the headers of Frama-C's libc. *)

let aarch64 =
  { Machdeps.gcc_x86_64 with
    Cil_types.version = "AArch64 Linux, LP64 (AAPCS64)";
    char_is_unsigned = true;
    wchar_t = "unsigned int";
    (* The sources are preprocessed by the AArch64 cross compiler: no x86 flag. *)
    cpp_arch_flags = [];
  }

let () = File.new_machdep "aarch64" aarch64
