/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Internal to hvtlfs::mock: the numbers the fake hypercall page (arch/<arch>/mock/page.S)
 * and the C code share, written once here in a form both the assembler and the C
 * compiler read (no C declarations, no integer suffixes).
 */
#ifndef HVTLFS_MOCK_ASM_H
#define HVTLFS_MOCK_ASM_H

/* What page.S scrambles itself on its way back (a VTL switch: the other VTL may leave
 * anything in the floating-point state VTLs share, which no frame slot holds); bits of
 * hvtlfs_mock_page_dispatch_()'s return. */
#define HVTLFS_MOCK_SCRAMBLE_X87_ 1 /* the x87 (and MMX) registers, the stack emptied */
#define HVTLFS_MOCK_SCRAMBLE_XMM_ 2 /* XMM0-XMM7 (i386; x86_64's are in the frame) */

/* The call codes the VTL call and VTL return sequences load (HvCallVtlCall,
 * HvCallVtlReturn: TLFS "Virtual Secure Mode", "VTL Call" and "VTL Return"); checked
 * against the library's catalog in mock_internal.h. */
#define HVTLFS_MOCK_VTL_CALL_CODE_   0x11
#define HVTLFS_MOCK_VTL_RETURN_CODE_ 0x12

#endif /* HVTLFS_MOCK_ASM_H */
