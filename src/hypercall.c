/* SPDX-License-Identifier: BSD-2-Clause */
#include "hvtlfs/hypercall.h"

/* The default page pointer of the PAGE method: NULL until the OS maps the page. */
void *hvtlfs_hypercall_page;
