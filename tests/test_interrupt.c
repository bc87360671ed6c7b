/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * HvCallRetargetDeviceInterrupt: the builders against the TLFS input table
 * (hypercalls/HvCallRetargetDeviceInterrupt.md: PartitionId 0, DeviceId 8,
 * InterruptEntry 16, RsvdZ 32, InterruptTarget 40) and against what Linux's
 * pci-hyperv (hv_arch_irq_unmask()) writes: source HV_INTERRUPT_SOURCE_MSI (1), the
 * low 32 bits of the MSI address and the MSI data, the vector, and either vp_mask
 * (vPCI protocol below 1.2) or flag PROCESSOR_SET (2) with an HV_VP_SET whose
 * valid_bank_mask and banks are the variable header: var_size = 1 + nr_bank.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <string.h>

#include "hvtlfs/interrupt.h"
#include "hvtlfs/flush.h"

#include "testutil.h"

static _Alignas(4096) uint64_t page[512];

/* A device as Linux names it: instance GUID bytes 4-7 = 12 34 56 78, PCI function 1:
 * (b[5] << 24) | (b[4] << 16) | (b[7] << 8) | (b[6] & 0xf8) | function. */
static const struct hvtlfs_device_interrupt irq = {
	HVTLFS_PARTITION_ID_SELF, 0x34127851u, 0xFEE01000u, 0x00004031u, 0x31, false
};

static void expect_fixed(uint32_t flags)
{
	assert_true(page[0] == 0xFFFFFFFFFFFFFFFFull);
	assert_true(page[1] == 0x34127851u);
	assert_true(page[2] == 0x0000000000000001ull); /* source MSI, reserved zero */
	assert_true(page[3] == 0x00004031FEE01000ull); /* address, then data */
	assert_true(page[4] == 0);		       /* RsvdZ */
	assert_true(page[5] == (0x31ull | ((uint64_t)flags << 32)));
}

/* vPCI protocol 1.1: a 64-bit mask of VPs 0-63, no variable header, 56 bytes. */
static void test_mask_form(void **state)
{
	struct hvtlfs_prepared p;
	struct hvtlfs_device_interrupt multi = irq;

	(void)state;
	memset(page, 0xA5, sizeof(page));
	assert_int_equal(hvtlfs_retarget_build(page, sizeof(page), &irq, 0x6, 0, &p), HVTLFS_OK);
	assert_true(p.control == 0x7Eu);
	assert_int_equal(p.input_size, 56);
	assert_int_equal(p.rep_count, 0);
	expect_fixed(0);
	assert_true(page[6] == 0x6);
	assert_true(page[7] == 0xA5A5A5A5A5A5A5A5ull);
	multi.multicast = true;
	assert_int_equal(hvtlfs_retarget_build(page, 56, &multi, 0x6, HVTLFS_CTL_NESTED, &p),
			 HVTLFS_OK);
	assert_true(p.control == 0x8000007Eu);
	expect_fixed(HVTLFS_DEVICE_INTERRUPT_TARGET_MULTICAST);
}

/* vPCI protocol 1.2: the processor-set form. CPUs {1, 65}: banks 0 and 1. */
static void test_set_form(void **state)
{
	const uint64_t bm[2] = { 0x2, 0x2 };
	const struct hvtlfs_vp_targets t = { bm, 2, false, NULL };
	struct hvtlfs_prepared p;

	(void)state;
	memset(page, 0xA5, sizeof(page));
	assert_int_equal(hvtlfs_retarget_build_ex(page, sizeof(page), &irq, &t, 0, &p), HVTLFS_OK);
	/* var_size = 1 + nr_bank = 3, in bits 17-26. */
	assert_true(p.control == (0x7Eull | (3ull << 17)));
	assert_int_equal(p.input_size, 56 + 3 * 8);
	expect_fixed(HVTLFS_DEVICE_INTERRUPT_TARGET_PROCESSOR_SET);
	assert_true(page[6] == HVTLFS_GENERIC_SET_SPARSE_4K);
	assert_true(page[7] == 0x3); /* valid_bank_mask: variable header word 0 */
	assert_true(page[8] == 0x2 && page[9] == 0x2);
	assert_true(page[10] == 0xA5A5A5A5A5A5A5A5ull);
	/* VPs {1, 130}: banks 0 and 2, one word a bank present, ascending. */
	{
		const uint64_t bm3[3] = { 0x2, 0, 0x4 };
		const struct hvtlfs_vp_targets t3 = { bm3, 3, false, NULL };

		assert_int_equal(hvtlfs_retarget_build_ex(page, sizeof(page), &irq, &t3, 0, &p),
				 HVTLFS_OK);
		assert_true(p.control == (0x7Eull | (3ull << 17)));
		assert_true(page[7] == 0x5 && page[8] == 0x2 && page[9] == 0x4);
	}
	/* Every VP: format ALL, a zero mask, variable header 1. */
	{
		const struct hvtlfs_vp_targets all = { NULL, 0, true, NULL };

		assert_int_equal(hvtlfs_retarget_build_ex(page, sizeof(page), &irq, &all, 0, &p),
				 HVTLFS_OK);
		assert_true(p.control == (0x7Eull | (1ull << 17)));
		assert_int_equal(p.input_size, 64);
		assert_true(page[6] == HVTLFS_GENERIC_SET_ALL && page[7] == 0);
	}
}

/*
 * The same VP set as the Ex flush and IPI calls carry it: there the format and the
 * valid_bank_mask are both in the fixed header and the variable header counts the
 * bank words alone; here only the format is fixed, so the variable header is one word
 * longer and the mask is its first word.
 */
static void test_varhdr_differs_from_flush(void **state)
{
	static _Alignas(8) uint64_t flush_page[512];
	const uint64_t bm[3] = { 0x21, 0, 0x4 }; /* the TLFS example set {0, 5, 130} */
	const struct hvtlfs_vp_targets t = { bm, 3, false, NULL };
	struct hvtlfs_prepared rp, fp, ip;

	(void)state;
	assert_int_equal(hvtlfs_retarget_build_ex(page, sizeof(page), &irq, &t, 0, &rp), HVTLFS_OK);
	assert_int_equal(
		hvtlfs_flush_build_space_ex(flush_page, sizeof(flush_page), 0, 0, &t, 0, &fp),
		HVTLFS_OK);
	assert_int_equal(hvtlfs_ipi_build_ex(flush_page, sizeof(flush_page), 0x30, 0, &t, 0, &ip),
			 HVTLFS_OK);
	/* Variable header: 1 + 2 here, 2 in the flush and IPI Ex calls. */
	assert_int_equal((rp.control >> 17) & 0x3FF, 3);
	assert_int_equal((fp.control >> 17) & 0x3FF, 2);
	assert_int_equal((ip.control >> 17) & 0x3FF, 2);
	/* Fixed part + variable header = the input, in both. */
	assert_int_equal(rp.input_size, sizeof(struct hvtlfs_retarget_input) + 3 * 8);
	assert_int_equal(fp.input_size, sizeof(struct hvtlfs_flush_ex_input) + 2 * 8);
	/* The mask: offset 56 (variable) here, offset 24 (fixed) in the flush. */
	assert_true(page[7] == 0x5 && page[8] == 0x21 && page[9] == 0x4);
	assert_int_equal(HVTLFS_RETARGET_VARHDR_WORDS(2), 3);
}

static void test_errors(void **state)
{
	const uint64_t empty[2] = { 0, 0 };
	const uint64_t far[65] = { [64] = 1 }; /* VP 4096: a 65th bank */
	const struct hvtlfs_vp_targets none = { empty, 2, false, NULL };
	const struct hvtlfs_vp_targets too_many = { far, 65, false, NULL };
	const struct hvtlfs_vp_targets one = { empty, 0, false, NULL };
	struct hvtlfs_device_interrupt bad = irq;
	struct hvtlfs_prepared p;

	(void)state;
	memset(page, 0xA5, sizeof(page));
	assert_int_equal(hvtlfs_retarget_build(page, 4096, &irq, 0, 0, &p),
			 HVTLFS_ERR_EMPTY_VP_MASK);
	assert_int_equal(hvtlfs_retarget_build_ex(page, 4096, &irq, &none, 0, &p),
			 HVTLFS_ERR_EMPTY_VP_MASK);
	assert_int_equal(hvtlfs_retarget_build_ex(page, 4096, &irq, &one, 0, &p),
			 HVTLFS_ERR_EMPTY_VP_MASK);
	/* More than 64 banks cannot be named. */
	assert_int_equal(hvtlfs_retarget_build_ex(page, 4096, &irq, &too_many, 0, &p),
			 HVTLFS_ERR_VP_RANGE);
	bad.vector = 0x0F;
	assert_int_equal(hvtlfs_retarget_build(page, 4096, &bad, 1, 0, &p),
			 HVTLFS_ERR_VECTOR_RANGE);
	bad.vector = 0x100;
	assert_int_equal(hvtlfs_retarget_build(page, 4096, &bad, 1, 0, &p),
			 HVTLFS_ERR_VECTOR_RANGE);
	assert_true(page[0] == 0xA5A5A5A5A5A5A5A5ull); /* nothing written on an error */
	assert_int_equal(hvtlfs_retarget_build(page, 55, &irq, 1, 0, &p), HVTLFS_ERR_NO_SPACE);
	{
		const uint64_t bm[2] = { 0x2, 0x2 };
		const struct hvtlfs_vp_targets t = { bm, 2, false, NULL };

		assert_int_equal(hvtlfs_retarget_build_ex(page, 79, &irq, &t, 0, &p),
				 HVTLFS_ERR_NO_SPACE);
		assert_int_equal(hvtlfs_retarget_build_ex(page, 80, &irq, &t, 0, &p), HVTLFS_OK);
	}
	assert_int_equal(hvtlfs_retarget_build(page, 4096, &irq, 1, HVTLFS_CTL_FAST, &p),
			 HVTLFS_ERR_FAST_NOT_ALLOWED);
	assert_int_equal(hvtlfs_retarget_build(page, 4096, &irq, 1, 4u, &p),
			 HVTLFS_ERR_INVALID_ARG);
	assert_int_equal(hvtlfs_retarget_build((uint8_t *)page + 4, 4000, &irq, 1, 0, &p),
			 HVTLFS_ERR_ALIGNMENT);
	assert_int_equal(hvtlfs_retarget_build(page, 4096, NULL, 1, 0, &p), HVTLFS_ERR_NULL);
	assert_int_equal(hvtlfs_retarget_build(NULL, 4096, &irq, 1, 0, &p), HVTLFS_ERR_NULL);
	assert_int_equal(hvtlfs_retarget_build_ex(page, 4096, &irq, NULL, 0, &p), HVTLFS_ERR_NULL);
	assert_int_equal(hvtlfs_retarget_build_ex(page, 4096, &irq, &none, 0, NULL),
			 HVTLFS_ERR_NULL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_mask_form),
		cmocka_unit_test(test_set_form),
		cmocka_unit_test(test_varhdr_differs_from_flush),
		cmocka_unit_test(test_errors),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
