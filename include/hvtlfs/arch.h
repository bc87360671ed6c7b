/* SPDX-License-Identifier: BSD-2-Clause */
/*!
 * @file arch.h
 * @brief Arch-neutral entry to the architecture backend on the include path
 *        (arch/x86_64/include or arch/i386/include), and the compile-time switch of
 *        the XMM fast-call forms.
 */
#ifndef HVTLFS_ARCH_H
#define HVTLFS_ARCH_H

/*!
 * @defgroup arch Architecture backend
 * @brief Architecture detection, register-width types, and the inline-assembly
 *        primitives of the selected arch/ folder.
 * @{
 */

#include "hvtlfs/arch/types.h"

#ifndef HVTLFS_HYPERCALL_XMM
#if HVTLFS_ARCH_HAS_XMM_HYPERCALL && defined(__STDC_HOSTED__) && __STDC_HOSTED__ &&                \
	defined(__SSE2__)
#define HVTLFS_HYPERCALL_XMM 1
#else
/*!
 * @brief 1: the XMM fast-call forms are compiled in; 0: they are not, and no XMM
 *        instruction is ever emitted.
 *
 * The default is 1 for a hosted build with SSE2 (a user-space program, a host test),
 * 0 for a freestanding build (`-ffreestanding`: a kernel, a hobby OS) and for any
 * build without SSE2 (`-mno-sse`, `-mgeneral-regs-only`): a kernel does not own the
 * XMM registers outside its FPU sections, so loading XMM0-XMM5 there would corrupt
 * the interrupted task's state. An integrator turns the forms on by defining it to 1
 * (the same in every translation unit, the library's own included), and then brackets
 * every XMM call with #HVTLFS_XMM_BEGIN and #HVTLFS_XMM_END (Linux:
 * kernel_fpu_begin()/kernel_fpu_end()). With 0, hvtlfs_hypercall_xmm() does not
 * exist, the planners never choose an XMM form and the issue functions contain no XMM
 * code. On an architecture without XMM forms (#HVTLFS_ARCH_HAS_XMM_HYPERCALL 0) the
 * switch has no effect.
 */
#define HVTLFS_HYPERCALL_XMM 0
#endif
#endif

/*! @cond HVTLFS_INTERNAL */
/* Whether this translation unit has the XMM forms: the switch, on an arch that has them. */
#if HVTLFS_ARCH_HAS_XMM_HYPERCALL && HVTLFS_HYPERCALL_XMM
#define HVTLFS_XMM_ENABLED_ 1
#else
#define HVTLFS_XMM_ENABLED_ 0
#endif
/*! @endcond */

/*! @} */

#endif /* HVTLFS_ARCH_H */
