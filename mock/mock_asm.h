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

/* The state the fake page saves around its C code with XSAVE: x87 (bit 0), SSE (1),
 * AVX (2), AVX-512's opmask, ZMM_Hi256 and Hi16_ZMM (5-7) and PKRU (9), where XCR0
 * enables them; not the AMX tiles (17, 18), which no caller of a hypercall keeps live.
 * Their standard-form area ends at byte 2696 (PKRU: offset 2688, 8 bytes): the room
 * the page sets aside, rounded up, aligned to 64 bytes after it. */
#define HVTLFS_MOCK_XSAVE_MASK_	 0x2E7
#define HVTLFS_MOCK_XSAVE_BYTES_ 3072

/* The call codes the VTL call and VTL return sequences load (HvCallVtlCall,
 * HvCallVtlReturn: TLFS "Virtual Secure Mode", "VTL Call" and "VTL Return"); checked
 * against the library's catalog in mock_internal.h. */
#define HVTLFS_MOCK_VTL_CALL_CODE_   0x11
#define HVTLFS_MOCK_VTL_RETURN_CODE_ 0x12

#endif /* HVTLFS_MOCK_ASM_H */
