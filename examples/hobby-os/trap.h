/* SPDX-License-Identifier: BSD-2-Clause */
#ifndef HOBBY_TRAP_H
#define HOBBY_TRAP_H

#include <stdint.h>

void idt_init(void);

/* The guest's fixup for a #UD the hypervisor raises on a hypercall (like an
 * exception-table entry): when armed, the call is skipped and its result reads
 * TRAP_UD_RESULT. Returns how many were taken. */
#define TRAP_UD_RESULT 0xFFFFFFFFFFFFFFFFull
void trap_arm_ud_fixup(int on);
uint32_t trap_ud_fixups(void);

#endif /* HOBBY_TRAP_H */
