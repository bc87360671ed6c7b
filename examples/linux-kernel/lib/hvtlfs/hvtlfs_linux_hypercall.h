/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * hvtlfs's hypercall wrappers, configured for a Linux x86 kernel (64- and 32-bit), or
 * an arm64 kernel (below: the default `hvc #0` method).
 * Kernel code includes this header instead of <hvtlfs/hypercall.h>, before any
 * header that pulls the wrappers in (issue.h, the umbrella hvtlfs.h).
 *
 * - Call sequence: the kernel is built with retpolines, so a bare `call *reg`
 *   through the hypercall page is flagged by objtool ("indirect call found in
 *   RETPOLINE build"). The wrappers take the integrator hook instead
 *   (HVTLFS_HYPERCALL_METHOD_CUSTOM): the kernel's own CALL_NOSPEC, a call
 *   through __x86_indirect_thunk_<reg> that the kernel patches at boot as its
 *   mitigations require. CALL_NOSPEC names its target operand `thunk_target`,
 *   as THUNK_TARGET() does; hvtlfs's operand gets that name. 32-bit kernels get the
 *   same alternatives as CALL_NOSPEC (a plain call, an lfence before it, or the
 *   inline retpoline), with a retpoline that reads hvtlfs's page operand before it
 *   moves ESP (hvtlfs_linux_retpoline32.h says why).
 * - Stack pointer: the wrappers pass it as an in/out operand around the call, as
 *   ASM_CALL_CONSTRAINT does for the kernel's own hypercalls; they share the
 *   kernel's register variable for it (below).
 * - Page: the kernel's hypercall page, hv_hypercall_pg (NULL off Hyper-V: the
 *   wrappers then make no call and report HVTLFS_HYPERCALL_NO_PAGE_RESULT).
 * - Between the iterations of a rep call (a long flush list the hypervisor returns
 *   early from) the NMI watchdog is touched, as Linux's hv_do_rep_hypercall()
 *   does: hvtlfs continues after HV_STATUS_TIMEOUT too, so one call may loop for
 *   as long as the hypervisor keeps making progress.
 * - XMM: the kernel is built with -mno-sse and owns the XMM registers only between
 *   kernel_fpu_begin() and kernel_fpu_end(), so hvtlfs's XMM fast forms are compiled
 *   out by default (HVTLFS_HYPERCALL_XMM is 0 in a freestanding or SSE-less build):
 *   no XMM instruction in any object, and the planners never choose an XMM form. A
 *   kernel that wants them (the XMM fast flush saves the input page's cache line)
 *   defines, for every object that includes hvtlfs (the library's own too, e.g. with
 *   ccflags-y in lib/hvtlfs/Kbuild and the consumers' Makefiles, or KCFLAGS):
 *       -DHVTLFS_HYPERCALL_XMM=1
 *   and this header then defines, before <hvtlfs/hypercall.h>, the pair the wrappers
 *   run around every XMM call (below, x86_64 only: i386 has no XMM forms):
 *       HVTLFS_XMM_BEGIN() as kernel_fpu_begin(), HVTLFS_XMM_END() as kernel_fpu_end()
 *   kernel_fpu_begin() disables preemption and saves the user task's FPU state; it
 *   may be called with interrupts off, as the flush and IPI paths are.
 */
#ifndef HVTLFS_LINUX_HYPERCALL_H
#define HVTLFS_LINUX_HYPERCALL_H

#ifdef HVTLFS_HYPERCALL_H
#error "include hvtlfs_linux_hypercall.h before (instead of) <hvtlfs/hypercall.h>"
#endif

#include <linux/nmi.h>

#ifdef CONFIG_ARM64
/*
 * arm64: hypercalls are SMCCC calls made with `hvc #0`, as arch/arm64/hyperv makes
 * them; there is no hypercall page and no indirect call to protect, so the wrappers
 * keep hvtlfs's default method for arm64 (HVTLFS_HYPERCALL_METHOD_HVC) and need
 * neither a page nor a stack-pointer variable.
 */
#define HVTLFS_REP_ITERATION_HOOK() touch_nmi_watchdog()
#else
#include <asm/mshyperv.h>
#include <asm/nospec-branch.h>

#define HVTLFS_HYPERCALL_METHOD HVTLFS_HYPERCALL_METHOD_CUSTOM
#ifdef CONFIG_X86_64
#define HVTLFS_HYPERCALL_CALL_ASM CALL_NOSPEC
#else
#include "hvtlfs_linux_retpoline32.h"
#define HVTLFS_HYPERCALL_CALL_ASM                                                                  \
	ALTERNATIVE_2(ANNOTATE_RETPOLINE_SAFE "call *%[thunk_target]\n",                           \
		      HVTLFS_LINUX_RETPOLINE32("thunk_target"), X86_FEATURE_RETPOLINE,             \
		      "lfence\n" ANNOTATE_RETPOLINE_SAFE "call *%[thunk_target]\n",                \
		      X86_FEATURE_RETPOLINE_LFENCE)
#endif
#define HVTLFS_HYPERCALL_TARGET_NAME thunk_target
#define HVTLFS_HYPERCALL_PAGE	     hv_hypercall_pg
#define HVTLFS_REP_ITERATION_HOOK()  touch_nmi_watchdog()

/*
 * The wrappers pass the stack pointer to each call as an in/out operand, through a
 * file-scope register variable; the kernel declares one for the same register,
 * current_stack_pointer (the operand of ASM_CALL_CONSTRAINT). GCC warns about two
 * global register variables for one register, so hvtlfs uses the kernel's.
 */
#define HVTLFS_HYPERCALL_SP	     current_stack_pointer

/* The XMM forms, when the build turns them on: only inside the kernel's FPU section. */
#if defined(CONFIG_X86_64) && defined(HVTLFS_HYPERCALL_XMM) && HVTLFS_HYPERCALL_XMM
#include <asm/fpu/api.h>
#define HVTLFS_XMM_BEGIN() kernel_fpu_begin()
#define HVTLFS_XMM_END()   kernel_fpu_end()
#endif
#endif /* CONFIG_ARM64 */

#include <hvtlfs/hypercall.h>

#endif /* HVTLFS_LINUX_HYPERCALL_H */
