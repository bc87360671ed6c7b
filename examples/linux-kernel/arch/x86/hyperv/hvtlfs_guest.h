/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The guest user of lib/hvtlfs (hvtlfs_guest.c): what a port's hyperv_init(),
 * hyperv_flush_tlb_multi() and hv_apic.c IPI paths call. Each returns 0 when the
 * hypercall did the job; anything else means the caller falls back.
 */
#ifndef HVGUEST_H
#define HVGUEST_H

struct cpumask;
struct flush_tlb_info;

void hvguest_init(void);
int hvguest_flush_tlb_multi(const struct cpumask *cpus, const struct flush_tlb_info *info);
int hvguest_send_ipi_mask(const struct cpumask *mask, int vector);

#endif /* HVGUEST_H */
