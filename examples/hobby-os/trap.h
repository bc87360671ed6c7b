/* SPDX-License-Identifier: BSD-2-Clause */
#ifndef HOBBY_TRAP_H
#define HOBBY_TRAP_H

#include <stdint.h>

void idt_init(void);

#endif /* HOBBY_TRAP_H */
