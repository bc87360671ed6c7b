/* SPDX-License-Identifier: BSD-2-Clause */
#ifndef HOBBY_TRAP_H
#define HOBBY_TRAP_H

#include <stdint.h>

void idt_init(void);
/* How many RDMSR/WRMSR #GP faults the emulated hypervisor served. */
uint32_t trap_msr_faults(void);

#endif /* HOBBY_TRAP_H */
