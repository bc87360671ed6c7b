/* SPDX-License-Identifier: BSD-2-Clause */
#include "hvtlfs/error.h"
#include "hvtlfs_internal.h"

#define HVTLFS_ERROR_ROW_(name, value) { HVTLFS_##name, "HVTLFS_" #name },

static const struct hvtlfs_name_ error_names[] = { HVTLFS_ERROR_LIST(HVTLFS_ERROR_ROW_) };

const char *hvtlfs_strerror(int err)
{
	return hvtlfs_name_of_(error_names, HVTLFS_ARRAY_SIZE_(error_names), err, "HVTLFS_ERR_?");
}
