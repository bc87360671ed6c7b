/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The retpoline of hvtlfs's call hook for 32-bit x86 kernels (hvtlfs_linux_hypercall.h
 * patches it in where the kernel's CALL_NOSPEC would have its own). No includes: the
 * hvtlfs wrapper tests run it in user space too.
 *
 * Why not CALL_NOSPEC's: the i386 wrappers pass the page pointer as an "rm" operand
 * (six registers carry the call), and the compiler may address it from ESP. The
 * kernel's 32-bit retpoline pushes its operand after two calls and an lea have moved
 * ESP, so an ESP-relative operand would be read 4 bytes off and the call would jump
 * to whatever lies there; the kernel's own hypercalls escape this because their
 * operand is the global hv_hypercall_pg. This sequence reads the operand first, at
 * the ESP the compiler addressed it from, and runs the retpoline on that copy:
 *
 *   push target          the page pointer, read before ESP moves
 *   call 1f              return address: the lea below
 *   lea 4(%esp), %esp    back from the hypercall page: drop the pushed target
 *   jmp 4f
 *   1: push 4(%esp)      a copy of the target on top of the return address
 *   call 3f
 *   2: pause; lfence; jmp 2b   speculation trap
 *   3: lea 4(%esp), %esp       drop the trap's return address
 *   ret                        "return" into the target, which returns to the lea
 *   4:
 *
 * The hypercall page is entered with ESP 8 bytes below the caller's (4 for the pushed
 * target) and leaves every register but the call's outputs as it found them.
 */
#ifndef HVTLFS_LINUX_RETPOLINE32_H
#define HVTLFS_LINUX_RETPOLINE32_H

/* The asm text, for the page operand named @name (a string: "thunk_target"). */
#define HVTLFS_LINUX_RETPOLINE32(name)                                                             \
	"pushl %[" name "]\n\t"                                                                    \
	"call 901f\n\t"                                                                            \
	"lea 4(%%esp), %%esp\n\t"                                                                  \
	"jmp 904f\n"                                                                               \
	"901:\tpushl 4(%%esp)\n\t"                                                                 \
	"call 903f\n"                                                                              \
	"902:\tpause\n\t"                                                                          \
	"lfence\n\t"                                                                               \
	"jmp 902b\n"                                                                               \
	"903:\tlea 4(%%esp), %%esp\n\t"                                                            \
	"ret\n"                                                                                    \
	"904:\n"

#endif /* HVTLFS_LINUX_RETPOLINE32_H */
