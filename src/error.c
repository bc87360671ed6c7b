/* SPDX-License-Identifier: BSD-2-Clause */
#include "hvtlfs/error.h"

#define HVTLFS_ERROR_CASE_(name, value)                                                            \
	case HVTLFS_##name:                                                                        \
		return "HVTLFS_" #name;

const char *hvtlfs_strerror(int err)
{
	switch (err) {
		HVTLFS_ERROR_LIST(HVTLFS_ERROR_CASE_)
	}
	return "HVTLFS_ERR_?";
}
