/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * hvtlfs's hypercall wrappers, configured for a Linux x86 kernel. Kernel code
 * includes this header instead of <hvtlfs/hypercall.h>.
 *
 * - Call sequence: the kernel is built with retpolines, so a bare `call *reg`
 *   through the hypercall page is flagged by objtool ("indirect call found in
 *   RETPOLINE build"). The wrappers take the integrator hook instead
 *   (HVTLFS_HYPERCALL_METHOD_CUSTOM): the kernel's own CALL_NOSPEC, a call
 *   through __x86_indirect_thunk_<reg> that the kernel patches at boot as its
 *   mitigations require. CALL_NOSPEC names its target operand `thunk_target`,
 *   as THUNK_TARGET() does; hvtlfs's operand gets that name.
 * - Stack pointer: the wrappers pass it as an in/out operand around the call, as
 *   ASM_CALL_CONSTRAINT does for the kernel's own hypercalls; they share the
 *   kernel's register variable for it (below).
 * - Page: the kernel's hypercall page, hv_hypercall_pg (NULL off Hyper-V: the
 *   wrappers then make no call and report HVTLFS_HYPERCALL_NO_PAGE_RESULT).
 */
#ifndef HVTLFS_LINUX_HYPERCALL_H
#define HVTLFS_LINUX_HYPERCALL_H

#ifdef HVTLFS_HYPERCALL_H
#error "include hvtlfs_linux_hypercall.h before (instead of) <hvtlfs/hypercall.h>"
#endif

#include <asm/mshyperv.h>
#include <asm/nospec-branch.h>

#define HVTLFS_HYPERCALL_METHOD	     HVTLFS_HYPERCALL_METHOD_CUSTOM
#define HVTLFS_HYPERCALL_CALL_ASM    CALL_NOSPEC
#define HVTLFS_HYPERCALL_TARGET_NAME thunk_target
#define HVTLFS_HYPERCALL_PAGE	     hv_hypercall_pg

/*
 * The wrappers pass the stack pointer to each call as an in/out operand, through a
 * file-scope register variable; the kernel declares one for the same register,
 * current_stack_pointer (the operand of ASM_CALL_CONSTRAINT). GCC warns about two
 * global register variables for one register, so hvtlfs uses the kernel's.
 */
#define HVTLFS_HYPERCALL_SP current_stack_pointer

#include <hvtlfs/hypercall.h>

#endif /* HVTLFS_LINUX_HYPERCALL_H */
