/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The conformance matrix of the dispatcher, run for every ABI (x86_64 long mode,
 * x86 32-bit): one row an input, the answer the TLFS gives for it and, where they
 * document one, what KVM (arch/x86/kvm/hyperv.c: hv_check_hypercall_access(),
 * kvm_hv_hypercall(), Linux 6.12), OpenVMM (vm/hv1/hv1_hypercall/src/support.rs)
 * and Xen (xen/arch/x86/hvm/viridian/viridian.c) answer. Expected values are
 * written from those sources, never from hvtlfs's output; a row where hvtlfs
 * chooses one peer over another says so. Each row runs twice an ABI: on a clean
 * register file and with garbage in every register the ABI does not use.
 *
 * TLFS pages cited: hypercall-interface.md ("Hypercall Inputs", "Variable Sized
 * Hypercall Input Headers", "XMM Fast Hypercall Input/Output", "Hypercall Classes",
 * "Hypercall Continuation", "Volatile Registers", "Ordering of Error Conditions",
 * "Common Hypercall Status Codes"), feature-discovery.md (leaves 0x40000003 and
 * 0x40000004), datatypes/hv_partition_privilege_mask.md and the per-call pages.
 *
 * A new call adds its rows to the table (and, for a new privilege, to the gate list
 * of test_every_call_gated).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <string.h>

#include "dispatchutil.h"

static const unsigned int abis[] = { HVTLFS_DISPATCH_ABI_X64, HVTLFS_DISPATCH_ABI_X86,
				     HVTLFS_DISPATCH_ABI_ARM64 };
#define NABIS (sizeof(abis) / sizeof(abis[0]))

/* Guest memory the rows point at (GPAs). */
#define IN_FLUSH  0x2000u /* HV flush input: AddressSpace, Flags 0, ProcessorMask VP 0 */
#define IN_POST	  0x4000u /* HvPostMessage input: connection 1, type 1, 4 bytes */
#define IN_VPSET  0x5000u /* flush Ex input with the TLFS HV_VP_SET example {0, 5, 130} */
#define IN_IPI	  0x6000u /* IPI input: vector 0x30, VP 0 */
#define IN_IPI_EX 0x7000u /* IPI Ex input: vector 0x30, sparse set {0} */
#define IN_RAW	  0x8000u /* zeros */
#define OUT_PAGE  0x9000u /* output page */
#define IN_VPREG  0xB000u /* HvCallGetVpRegisters: self, self, VTL 0, GuestOsId */
#define IN_APIC	  0xC000u /* HvCallGetVpIndexFromApicId: self, VTL 0, APIC ids 0x100.. */
#define IN_VIS	  0xC100u /* host visibility: self, read-write, GPFNs 0x10, 0x11 */
#define IN_RETGT  0xC200u /* retarget: self, device 0x1234, MSI, vector 0x30, VP 0 */
#define IN_HEAT	  0xC300u /* HvExtCallMemoryHeatHint: heat type 0, one range */
#define IN_SETREG 0xC400u /* HvCallSetVpRegisters: self, self, VTL 0, GuestOsId = 0x1234 */
#define IN_START  0xD000u /* StartVirtualProcessor / EnableVpVtl: self, VP 1, VTL 0 */

/* HV_PARTITION_ID_SELF, HV_VP_INDEX_SELF (TLFS datatypes) and the register name
 * HvRegisterGuestOsId (0x00090002, TLFS HV_REGISTER_NAME). */
#define PARTITION_SELF	0xFFFFFFFFFFFFFFFFull
#define VP_SELF		0xFFFFFFFEull
#define REG_GUEST_OS_ID 0x00090002ull

static void guest_setup(void)
{
	du_put64(IN_FLUSH, 0x1000);
	du_put64(IN_FLUSH + 16, 1);
	du_put64(IN_POST, 1);			 /* ConnectionId 1, RsvdZ 0 */
	du_put64(IN_POST + 8, 1 | (4ull << 32)); /* MessageType 1, PayloadSize 4 */
	du_put64(IN_VPSET, 0x1000);
	du_put64(IN_VPSET + 24, 0x5);  /* ValidBankMask: banks 0 and 2 */
	du_put64(IN_VPSET + 32, 0x21); /* bank 0: VPs 0 and 5 */
	du_put64(IN_VPSET + 40, 0x4);  /* bank 2: VP 130 */
	du_put64(IN_IPI, 0x30);
	du_put64(IN_IPI + 8, 1);
	du_put64(IN_IPI_EX, 0x30);
	du_put64(IN_IPI_EX + 16, 1); /* ValidBankMask bank 0 */
	du_put64(IN_IPI_EX + 24, 1); /* VP 0 */
	du_put64(IN_VPREG, PARTITION_SELF);
	du_put64(IN_VPREG + 8, VP_SELF);
	du_put64(IN_VPREG + 16, REG_GUEST_OS_ID);
	/* TLFS HvCallGetVpIndexFromApicId: PartitionId, TargetVtl and padding, then
	 * the APIC ids, 4 bytes each as Linux (hv_vtl.c) and OpenVMM pack them. */
	du_put64(IN_APIC, PARTITION_SELF);
	du_put64(IN_APIC + 16, 0x0000010100000100ull);
	du_put64(IN_APIC + 24, 0x0000010300000102ull);
	/* HvCallModifySparseGpaPageHostVisibility (no TLFS page; Linux's
	 * arch/x86/hyperv/ivm.c): PartitionId, HostVisibility (3: read-write) and a
	 * reserved u32, then one GPFN a rep. */
	du_put64(IN_VIS, PARTITION_SELF);
	du_put64(IN_VIS + 8, 3);
	du_put64(IN_VIS + 16, 0x10);
	du_put64(IN_VIS + 24, 0x11);
	/* TLFS HvCallRetargetDeviceInterrupt: PartitionId, DeviceId, HV_INTERRUPT_ENTRY
	 * (source 1 = MSI, reserved, MSI address and data), a reserved u64, then
	 * HV_DEVICE_INTERRUPT_TARGET (vector, flags 0, processor mask VP 0). */
	du_put64(IN_RETGT, PARTITION_SELF);
	du_put64(IN_RETGT + 8, 0x1234);
	du_put64(IN_RETGT + 16, 1);
	du_put64(IN_RETGT + 24, 0xFEE00000ull | (0x30ull << 32));
	du_put64(IN_RETGT + 40, 0x30);
	du_put64(IN_RETGT + 48, 1);
	/* HvExtCallMemoryHeatHint as Linux's balloon driver issues it: an 8-byte header
	 * (heat type 0), then one HV_GPA_PAGE_RANGE a rep (GPFN 0x20, one page). */
	du_put64(IN_HEAT + 8, 0x20);
	/* TLFS HvCallSetVpRegisters: the header, then one 32-byte element (name,
	 * 12 reserved bytes, the 16-byte value). */
	du_put64(IN_SETREG, PARTITION_SELF);
	du_put64(IN_SETREG + 8, VP_SELF);
	du_put64(IN_SETREG + 16, REG_GUEST_OS_ID);
	du_put64(IN_SETREG + 32, 0x1234);
	/* TLFS HvCallStartVirtualProcessor / HvCallEnableVpVtl: PartitionId, VpIndex 1,
	 * TargetVtl 0 and 3 reserved bytes, then HV_INITIAL_VP_CONTEXT (zeros). */
	du_put64(IN_START, PARTITION_SELF);
	du_put64(IN_START + 8, 1);
}

/* Partition changes a row makes to the full partition (dispatchutil.h). */
static void no_post(void)
{
	du_part.privileges_ebx &= ~(1u << 4);
}
static void no_signal(void)
{
	du_part.privileges_ebx &= ~(1u << 5);
}
static void no_debug(void)
{
	du_part.privileges_ebx &= ~(1u << 11);
}
static void no_vp_regs(void)
{
	du_part.privileges_ebx &= ~(1u << 17);
}
static void no_ext(void)
{
	du_part.privileges_ebx &= ~(1u << 20);
}
static void no_start_vp(void)
{
	du_part.privileges_ebx &= ~(1u << 21);
}
static void no_vsm(void)
{
	du_part.privileges_ebx &= ~(1u << 16);
}
/* Leaf 0x40000003 EBX bit 21, StartVirtualProcessor, and no other privilege. */
static void only_start_vp(void)
{
	du_part.privileges_ebx = 1u << 21;
}
/* No privilege, recommendation, feature or spin count at all. */
static void bare(void)
{
	memset(&du_part, 0, sizeof(du_part));
	du_part.spin_retries = 0xFFFFFFFFu;
}
static void visibility_2(void)
{
	du_put64(IN_VIS + 8, 2);
}
static void retarget_not_msi(void)
{
	du_put64(IN_RETGT + 16, 0);
}
static void heat_type_3(void)
{
	du_put64(IN_HEAT, 3);
}
static void set_read_only(void)
{
	/* HvRegisterVpIndex (0x00090003), read-only (TLFS HV_REGISTER_NAME). */
	du_put64(IN_SETREG + 16, 0x00090003);
}
static void start_vtl_16(void)
{
	du_put64(IN_START + 8, 1 | (16ull << 32));
}
static void no_tlb_hint(void)
{
	du_part.hints_eax &= ~(1u << 2);
}
static void no_ipi_hint(void)
{
	du_part.hints_eax &= ~(1u << 10);
}
static void no_ex_hint(void)
{
	du_part.hints_eax &= ~(1u << 11);
}
static void hints_not_gates(void)
{
	du_part.hints_eax = 0;
	du_part.options = HVTLFS_DISPATCH_OPT_HINTS_NOT_GATES;
}
static void no_xmm(void)
{
	du_part.features_edx &= ~(1u << 4);
}
static void no_xmm_output(void)
{
	du_part.features_edx &= ~(1u << 15);
}
static void spin_never(void)
{
	du_part.spin_retries = 0xFFFFFFFFu;
}
static void spin_zero(void)
{
	du_part.spin_retries = 0;
}
static void timeout_option(void)
{
	du_part.options = HVTLFS_DISPATCH_OPT_TIMEOUT;
}
static void empty_mask_kvm(void)
{
	du_put64(IN_FLUSH + 16, 0);
	du_part.decoder_options = HVTLFS_HVCALL_OPT_EMPTY_MASK_ALL_VPS;
}
static void empty_mask(void)
{
	du_put64(IN_FLUSH + 16, 0);
}
static void ipi_vector_0f(void)
{
	du_put64(IN_IPI, 0x0F);
}
static void bad_element_3(void)
{
	/* Element 3 (after the 24-byte header), extended format: a large entry
	 * (bit 11) of 1 GiB (bit 12) at 2 MiB, not 1 GiB aligned. */
	du_put64(IN_FLUSH + 8, 1ull << 3); /* HV_FLUSH_USE_EXTENDED_RANGE_FORMAT */
	du_put64(IN_FLUSH + 24 + 8 * 3, 0x200000u | (1u << 11) | (1u << 12));
}

static void bad_element_0(void)
{
	du_put64(IN_FLUSH + 8, 1ull << 3);
	du_put64(IN_FLUSH + 24, 0x200000u | (1u << 11) | (1u << 12));
}

/* Checks of a row beyond the result. */
static void vps_0_5_130(void)
{
	unsigned int vp;

	assert_true(du_h.had_req);
	for (vp = 0; vp < 4096; vp++)
		assert_int_equal(hvtlfs_vpset_contains(&du_h.req.vps, vp),
				 vp == 0 || vp == 5 || vp == 130);
}
static void all_vps(void)
{
	assert_true(hvtlfs_vpset_is_all(&du_h.req.vps));
}
static void ext_caps_written(void)
{
	unsigned int k;

	for (k = 0; k < 8; k++)
		assert_int_equal(du_guest[OUT_PAGE + k], (uint8_t)(0x40 + k));
}
static void handler_saw_ranges_3(void)
{
	assert_int_equal(du_h.call.rep_limit, 3);
}
/* Four 4-byte VP indices written (the handler writes byte i = 0x40 + i), the next
 * bytes untouched; the APIC ids decoded for the handler. */
static void apic_output(void)
{
	unsigned int k;

	for (k = 0; k < 16; k++)
		assert_int_equal(du_guest[OUT_PAGE + k], (uint8_t)(0x40 + k));
	assert_int_equal(du_guest[OUT_PAGE + 16], 0);
	assert_true(du_h.had_req);
	assert_int_equal(du_h.req.nelements, 4);
	assert_int_equal(du_h.call.apic_ids[0], 0x100);
	assert_int_equal(du_h.call.apic_ids[3], 0x103);
}
static void set_reg_decoded(void)
{
	assert_true(du_h.had_req);
	assert_int_equal(du_h.req.nelements, 1);
	assert_int_equal(du_h.call.registers[0].name, REG_GUEST_OS_ID);
	assert_true(du_h.call.registers[0].value.lo == 0x1234);
}
static void visibility_decoded(void)
{
	assert_true(du_h.had_req);
	assert_int_equal(du_h.req.host_visibility, 3);
	assert_int_equal(du_h.req.nranges, 2);
}
static void retarget_decoded(void)
{
	assert_true(du_h.had_req);
	assert_true(du_h.req.device_id == 0x1234);
	assert_int_equal(du_h.req.vector, 0x30);
}
static void vp_context_decoded(void)
{
	assert_true(du_h.had_req);
	assert_int_equal(du_h.req.vp_index, 1);
}

#define REP(count, start) (((uint64_t)(count) << 32) | ((uint64_t)(start) << 48))
#define VARHDR(n)	  ((uint64_t)(n) << 17)
#define FAST		  HVTLFS_CONTROL_FAST
#define ALL		  (-1)

struct row {
	const char *name;
	void (*setup)(void);
	uint64_t control, in, out, xmm0; /* in/out: GPAs (slow) or RDX/R8 (fast) */
	uint16_t h_status;		 /* the handler's answer */
	int h_reps;			 /* its reps completed, ALL for every one */
	unsigned int action;
	uint16_t status;
	uint32_t reps; /* reps completed (DONE), or the new rep start (CONTINUE) */
	int handled;   /* whether the handler ran */
	void (*check)(void);
};

#define C_FLUSH	   HVTLFS_CALL_FLUSH_VIRTUAL_ADDRESS_SPACE
#define C_LIST	   HVTLFS_CALL_FLUSH_VIRTUAL_ADDRESS_LIST
#define C_SPACE_EX HVTLFS_CALL_FLUSH_VIRTUAL_ADDRESS_SPACE_EX
#define C_LIST_EX  HVTLFS_CALL_FLUSH_VIRTUAL_ADDRESS_LIST_EX
#define C_IPI	   HVTLFS_CALL_SEND_SYNTHETIC_CLUSTER_IPI
#define C_IPI_EX   HVTLFS_CALL_SEND_SYNTHETIC_CLUSTER_IPI_EX
#define C_POST	   HVTLFS_CALL_POST_MESSAGE
#define C_SIGNAL   HVTLFS_CALL_SIGNAL_EVENT
#define C_SPIN	   HVTLFS_CALL_NOTIFY_LONG_SPIN_WAIT
#define C_GPA_LIST HVTLFS_CALL_FLUSH_GUEST_PHYSICAL_ADDRESS_LIST
#define C_GET_REGS HVTLFS_CALL_GET_VP_REGISTERS
#define C_APIC	   HVTLFS_CALL_GET_VP_INDEX_FROM_APIC_ID
#define C_EXT_CAPS HVTLFS_CALL_EXT_QUERY_CAPABILITIES
#define C_SET_REGS HVTLFS_CALL_SET_VP_REGISTERS
#define C_VIS	   HVTLFS_CALL_MODIFY_SPARSE_GPA_PAGE_HOST_VISIBILITY
#define C_RETGT	   HVTLFS_CALL_RETARGET_DEVICE_INTERRUPT
#define C_HEAT	   HVTLFS_CALL_EXT_MEMORY_HEAT_HINT
#define C_START	   HVTLFS_CALL_START_VIRTUAL_PROCESSOR
#define C_VP_VTL   HVTLFS_CALL_ENABLE_VP_VTL
#define C_PART_VTL HVTLFS_CALL_ENABLE_PARTITION_VTL

#define D_	  HVTLFS_DISPATCH_DONE
#define K_	  HVTLFS_DISPATCH_CONTINUE
#define U_	  HVTLFS_DISPATCH_INJECT_UD
#define S_OK	  HVTLFS_STATUS_SUCCESS
#define S_CODE	  HVTLFS_STATUS_INVALID_HYPERCALL_CODE
#define S_INPUT	  HVTLFS_STATUS_INVALID_HYPERCALL_INPUT
#define S_ALIGN	  HVTLFS_STATUS_INVALID_ALIGNMENT
#define S_PARAM	  HVTLFS_STATUS_INVALID_PARAMETER
#define S_DENIED  HVTLFS_STATUS_ACCESS_DENIED
#define S_TIMEOUT HVTLFS_STATUS_TIMEOUT
#define S_PART_ID HVTLFS_STATUS_INVALID_PARTITION_ID

/* clang-format off */
static const struct row rows[] = {
	/* ---- privileges granted one at a time ---- */
	/* TLFS Common Hypercall Status Codes: "The hypercall code is not recognized";
	 * KVM (default case), OpenVMM (looked up first) and Xen all answer CODE. */
	{ "unknown code", NULL, 0x7777, IN_RAW, 0, 0, 0, ALL, D_, S_CODE, 0, 0, NULL },
	/* TLFS HvCallPostMessage: ACCESS_DENIED without the PostMessages privilege
	 * (leaf 0x40000003 EBX bit 4); KVM hv_check_hypercall_access() the same. */
	{ "post message, no privilege", no_post, C_POST, IN_POST, 0, 0, 0, ALL, D_, S_DENIED, 0, 0, NULL },
	/* KVM checks privileges before the reserved control bits (kvm_hv_hypercall():
	 * hv_check_hypercall_access() first), and the TLFS prefers ACCESS_DENIED
	 * ("Ordering of Error Conditions"). */
	{ "post message, no privilege, reserved bit", no_post, C_POST | (1ull << 27), IN_POST, 0, 0, 0, ALL, D_, S_DENIED, 0, 0, NULL },
	/* With the privilege but no active SynIC KVM answers INVALID_HYPERCALL_INPUT
	 * (kvm_hv_hypercall(), HVCALL_POST_MESSAGE: !synic.active); that is the
	 * handler's knowledge, so the handler here answers it and the dispatcher must
	 * pass it through. */
	{ "post message, no SynIC", NULL, C_POST, IN_POST, 0, 0, S_INPUT, ALL, D_, S_INPUT, 0, 1, NULL },
	{ "post message", NULL, C_POST, IN_POST, 0, 0, 0, ALL, D_, S_OK, 0, 1, NULL },
	/* TLFS HvCallSignalEvent: SignalEvents (EBX bit 5); KVM the same. */
	{ "signal event, no privilege", no_signal, C_SIGNAL | FAST, 1, 0, 0, 0, ALL, D_, S_DENIED, 0, 0, NULL },
	{ "signal event, fast", NULL, C_SIGNAL | FAST, 1, 0, 0, 0, ALL, D_, S_OK, 0, 1, NULL },
	/* KVM gates the flushes on leaf 0x40000004 EAX bit 2 (remote TLB flush
	 * recommended) and the Ex forms on bit 11 too; the IPIs on bit 10 (+ 11). */
	{ "flush, no recommendation", no_tlb_hint, C_FLUSH, IN_FLUSH, 0, 0, 0, ALL, D_, S_DENIED, 0, 0, NULL },
	{ "flush", NULL, C_FLUSH, IN_FLUSH, 0, 0, 0, ALL, D_, S_OK, 0, 1, NULL },
	{ "flush list, no recommendation", no_tlb_hint, C_LIST | REP(2, 0), IN_FLUSH, 0, 0, 0, ALL, D_, S_DENIED, 0, 0, NULL },
	{ "flush Ex, no Ex recommendation", no_ex_hint, C_SPACE_EX | VARHDR(2), IN_VPSET, 0, 0, 0, ALL, D_, S_DENIED, 0, 0, NULL },
	{ "flush list Ex, no Ex recommendation", no_ex_hint, C_LIST_EX | REP(1, 0), IN_VPSET, 0, 0, 0, ALL, D_, S_DENIED, 0, 0, NULL },
	{ "IPI, no recommendation", no_ipi_hint, C_IPI, IN_IPI, 0, 0, 0, ALL, D_, S_DENIED, 0, 0, NULL },
	{ "IPI", NULL, C_IPI, IN_IPI, 0, 0, 0, ALL, D_, S_OK, 0, 1, NULL },
	{ "IPI Ex, no Ex recommendation", no_ex_hint, C_IPI_EX | VARHDR(1), IN_IPI_EX, 0, 0, 0, ALL, D_, S_DENIED, 0, 0, NULL },
	{ "IPI Ex", NULL, C_IPI_EX | VARHDR(1), IN_IPI_EX, 0, 0, 0, ALL, D_, S_OK, 0, 1, NULL },
	/* The TLFS presents leaf 0x40000004 as recommendations; the option follows it. */
	{ "flush, hints not gates", hints_not_gates, C_FLUSH, IN_FLUSH, 0, 0, 0, ALL, D_, S_OK, 0, 1, NULL },
	/* TLFS "XMM Fast Hypercall Input": #UD without leaf 0x40000003 EDX bit 4; KVM
	 * queues #UD for a fast flush without it. The flush's 24 bytes need XMM0. */
	/* "fast flush without XMM": rows_fast_x86 (#UD) and rows_fast_arm64 (served). */
	{ "fast flush with XMM", NULL, C_FLUSH | FAST, 0x1000, 0, 1, 0, ALL, D_, S_OK, 0, 1, NULL },
	/* Leaf 0x40000004 EBX 0xFFFFFFFF: never notify (TLFS); KVM denies it. */
	{ "spin wait, never notify", spin_never, C_SPIN | FAST, 5, 0, 0, 0, ALL, D_, S_DENIED, 0, 0, NULL },
	{ "spin wait", NULL, C_SPIN | FAST, 5, 0, 0, 0, ALL, D_, S_OK, 0, 1, NULL },
	/* Spin-retry count 0: the TLFS gives 0xFFFFFFFF alone the meaning "never";
	 * KVM also denies 0 (its unset leaf). hvtlfs follows the TLFS on purpose. */
	{ "spin wait, retry count 0", spin_zero, C_SPIN | FAST, 5, 0, 0, 0, ALL, D_, S_OK, 0, 1, NULL },
	/* Extended calls need EnableExtendedHypercalls (EBX bit 20, privilege bit 52);
	 * KVM: HV_EXT_CALL_QUERY_CAPABILITIES ... HV_EXT_CALL_MAX denied without it.
	 * With it, the 64-bit capability mask goes to the output GPA (TLFS
	 * HvExtCallQueryCapabilities). Xen answers CODE for 0x8001 on purpose. */
	{ "ext query capabilities, no privilege", no_ext, C_EXT_CAPS, 0, OUT_PAGE, 0, 0, ALL, D_, S_DENIED, 0, 0, NULL },
	{ "ext query capabilities", NULL, C_EXT_CAPS, 0, OUT_PAGE, 0, 0, ALL, D_, S_OK, 0, 1, ext_caps_written },
	/* TLFS HvCallGetVpRegisters/HvCallSetVpRegisters: the AccessVpRegisters
	 * privilege (EBX bit 17, privilege bit 49) for the caller's own partition. */
	{ "get VP registers, no privilege", no_vp_regs, C_GET_REGS | REP(1, 0), IN_VPREG, OUT_PAGE, 0, 0, ALL, D_, S_DENIED, 0, 0, NULL },
	{ "set VP registers, no privilege", no_vp_regs, HVTLFS_CALL_SET_VP_REGISTERS | REP(1, 0), IN_RAW, 0, 0, 0, ALL, D_, S_DENIED, 0, 0, NULL },
	{ "get VP registers", NULL, C_GET_REGS | REP(1, 0), IN_VPREG, OUT_PAGE, 0, 0, ALL, D_, S_OK, 1, 1, NULL },
	/* StartVirtualProcessor privilege (EBX bit 21, privilege bit 53): the TLFS privilege
	 * table names HvCallStartVirtualProcessor; HvCallGetVpIndexFromApicId's page lists
	 * ACCESS_DENIED without naming a privilege, and the KVM VSM patches gate both calls
	 * on it (hv_check_hypercall_access(): HVCALL_START_VP, HVCALL_GET_VP_ID_FROM_APIC_ID
	 * → HV_START_VIRTUAL_PROCESSOR), the AP start-up pair Linux uses together
	 * (hv_vtl.c). OpenVMM checks no bit for the second. */
	{ "start VP, no privilege", no_start_vp, HVTLFS_CALL_START_VIRTUAL_PROCESSOR, IN_RAW, 0, 0, 0, ALL, D_, S_DENIED, 0, 0, NULL },
	{ "VP index from APIC id, no privilege", no_start_vp, C_APIC | REP(1, 0), IN_RAW, OUT_PAGE, 0, 0, ALL, D_, S_DENIED, 0, 0, NULL },
	/* That bit alone is the gate: no AccessVsm, AccessVpRegisters or anything else. */
	{ "VP index from APIC id, StartVirtualProcessor alone", only_start_vp, C_APIC | REP(4, 0), IN_APIC, OUT_PAGE, 0, 0, ALL, D_, S_OK, 4, 1, apic_output },
	/* TLFS vsm.md "VSM Detection and Status": enabling VTLs needs AccessVsm (EBX
	 * bit 16, privilege bit 48). */
	{ "enable partition VTL, no privilege", no_vsm, C_PART_VTL | FAST, PARTITION_SELF, 1, 0, 0, ALL, D_, S_DENIED, 0, 0, NULL },
	{ "enable VP VTL, no privilege", no_vsm, C_VP_VTL, IN_START, 0, 0, 0, ALL, D_, S_DENIED, 0, 0, NULL },
	/* Host visibility and retargeting: no privilege bit names them (the TLFS has no
	 * page for the first, its page of the second names none; KVM implements
	 * neither): reached with a bare partition. */
	{ "host visibility, bare partition", bare, C_VIS | REP(2, 0), IN_VIS, 0, 0, 0, ALL, D_, S_OK, 2, 1, visibility_decoded },
	{ "retarget, bare partition", bare, C_RETGT, IN_RETGT, 0, 0, 0, ALL, D_, S_OK, 0, 1, retarget_decoded },
	/* KVM denies every code of its extended range without EnableExtendedHypercalls. */
	{ "ext heat hint, no privilege", no_ext, C_HEAT | REP(1, 0), IN_HEAT, 0, 0, 0, ALL, D_, S_DENIED, 0, 0, NULL },
	/* KVM: the debug calls need the Debugging privilege (EBX bit 11). */
	{ "post debug data, no privilege", no_debug, HVTLFS_CALL_POST_DEBUG_DATA, IN_RAW, 0, 0, 0, ALL, D_, S_DENIED, 0, 0, NULL },

	/* ---- control-word errors: TLFS Common Hypercall Status Codes ---- */
	/* "a non-zero rep count is passed to a non-rep call": INPUT; KVM, OpenVMM too. */
	{ "simple call with rep count", NULL, C_FLUSH | REP(1, 0), IN_FLUSH, 0, 0, 0, ALL, D_, S_INPUT, 0, 0, NULL },
	{ "simple call with rep start", NULL, C_FLUSH | REP(0, 1), IN_FLUSH, 0, 0, 0, ALL, D_, S_INPUT, 0, 0, NULL },
	/* "a zero rep count is passed to a rep call". */
	{ "rep call with rep count 0", NULL, C_LIST, IN_FLUSH, 0, 0, 0, ALL, D_, S_INPUT, 0, 0, NULL },
	/* "The rep start index is not less than the rep count." */
	{ "rep start = rep count", NULL, C_LIST | REP(2, 2), IN_FLUSH, 0, 0, 0, ALL, D_, S_INPUT, 0, 0, NULL },
	/* TLFS "Variable Sized Hypercall Input Headers": a variable header on a call
	 * not documented to take one is INVALID_HYPERCALL_INPUT (KVM, OpenVMM too). */
	{ "variable header on a fixed call", NULL, C_FLUSH | VARHDR(1), IN_FLUSH, 0, 0, 0, ALL, D_, S_INPUT, 0, 0, NULL },
	/* The fast bit on a call whose input never fits the registers: HvPostMessage's
	 * 256 bytes (OpenVMM: INPUT, too big; QEMU: CODE) and an extended call (KVM:
	 * INVALID_PARAMETER; a QEMU patch: CODE). hvtlfs: INPUT, no fast form. */
	{ "fast post message", NULL, C_POST | FAST, 1, 0, 0, 0, ALL, D_, S_INPUT, 0, 0, NULL },
	{ "fast ext query capabilities", NULL, C_EXT_CAPS | FAST, 0, 0, 0, 0, ALL, D_, S_INPUT, 0, 0, NULL },
	/* Control bit 31: Linux's nested bit; KVM treats it as reserved (INPUT), Xen's own
	 * hypercall page sets it. hvtlfs accepts it as the nested flag on purpose. */
	{ "control bit 31 (nested)", NULL, C_FLUSH | (1ull << 31), IN_FLUSH, 0, 0, 0, ALL, D_, S_OK, 0, 1, NULL },
	/* KVM checks reserved bits before the code: an unknown code with one is INPUT. */
	{ "unknown code, reserved bit", NULL, 0x7777 | (1ull << 44), IN_RAW, 0, 0, 0, ALL, D_, S_INPUT, 0, 0, NULL },

	/* ---- alignment and pages: TLFS Common Hypercall Status Codes ---- */
	/* "not aligned to 8 bytes" → INVALID_ALIGNMENT (OpenVMM the same). */
	{ "input GPA misaligned", NULL, C_FLUSH, IN_FLUSH + 4, 0, 0, 0, ALL, D_, S_ALIGN, 0, 0, NULL },
	/* "parameter lists spans pages" → INVALID_ALIGNMENT; OpenVMM answers INPUT. */
	{ "input crossing its page", NULL, C_FLUSH, IN_FLUSH + 0xFF0, 0, 0, 0, ALL, D_, S_ALIGN, 0, 0, NULL },
	{ "output GPA misaligned", NULL, C_APIC | REP(2, 0), IN_APIC, OUT_PAGE + 4, 0, 0, ALL, D_, S_ALIGN, 0, 0, NULL },
	/* Three 4-byte VP indices from 0xFF8 run into the next page (4-byte elements as
	 * Linux and OpenVMM read them; see HVTLFS_CALL_LIST). */
	{ "output crossing its page", NULL, C_APIC | REP(3, 0), IN_APIC, OUT_PAGE + 0xFF8, 0, 0, ALL, D_, S_ALIGN, 0, 0, NULL },
	{ "output at the end of its page", NULL, C_APIC | REP(2, 0), IN_APIC, OUT_PAGE + 0xFF8, 0, 0, ALL, D_, S_OK, 2, 1, NULL },
	/* TLFS "Hypercall Interface": input and output "cannot overlap"; the TLFS names
	 * no status. hvtlfs answers INVALID_ALIGNMENT, its status for a misplaced area
	 * (hvtlfs_call_check_gpas()). */
	{ "output overlapping the input", NULL, C_GET_REGS | REP(1, 0), IN_VPREG, IN_VPREG + 8, 0, 0, ALL, D_, S_ALIGN, 0, 0, NULL },
	/* A call without output ignores the output GPA (KVM, OpenVMM, Xen). */
	{ "output GPA of a call without output", NULL, C_FLUSH, IN_FLUSH, 0x7, 0, 0, ALL, D_, S_OK, 0, 1, NULL },

	/* The largest fast rep call and one more: rows_fast_x86, rows_fast_arm64. */

	/* ---- reps: TLFS "Hypercall Classes", "Hypercall Continuation" ---- */
	/* Reps completed is absolute: rep start 5, count 10 → 10 (TLFS example). */
	{ "rep start 5 of 10 completes", NULL, C_LIST | REP(10, 5), IN_FLUSH, 0, 0, 0, ALL, D_, S_OK, 10, 1, NULL },
	/* An element fails: its status with the elements before it (OpenVMM: rep start
	 * + elements done). */
	{ "failure after N-1 reps", NULL, C_LIST | REP(5, 0), IN_FLUSH, 0, 0, S_PARAM, 4, D_, S_PARAM, 4, 1, NULL },
	/* Cut short: the rep start moves to the reps done, RIP stays (OpenVMM: control
	 * register rewritten, RAX not written). The TLFS example: 25 reps, 20 done. */
	{ "yield after N-1 reps", NULL, C_LIST | REP(5, 0), IN_FLUSH, 0, 0, 0, 4, K_, 0, 4, 1, NULL },
	{ "TLFS example: 20 of 25", NULL, C_LIST | REP(25, 0), IN_FLUSH, 0, 0, 0, 20, K_, 0, 20, 1, NULL },
	{ "yield, TIMEOUT early return", timeout_option, C_LIST | REP(5, 0), IN_FLUSH, 0, 0, 0, 4, D_, S_TIMEOUT, 4, 1, NULL },
	/* A refused element (a misaligned 1 GiB entry, TLFS HvFlushVirtualAddressList):
	 * the handler does reps 0-2, the answer is the element's. */
	{ "element 0 refused", bad_element_0, C_LIST | REP(5, 0), IN_FLUSH, 0, 0, 0, ALL, D_, S_PARAM, 0, 0, NULL },
	{ "element 3 refused", bad_element_3, C_LIST | REP(5, 0), IN_FLUSH, 0, 0, 0, ALL, D_, S_PARAM, 3, 1, handler_saw_ranges_3 },

	/* ---- calls ---- */
	/* TLFS HV_VP_SET example: banks 0 and 2, {0x21, 0x4} = VPs {0, 5, 130}. */
	{ "flush Ex, TLFS VP set example", NULL, C_SPACE_EX | VARHDR(2), IN_VPSET, 0, 0, 0, ALL, D_, S_OK, 0, 1, vps_0_5_130 },
	/* Empty legacy mask: the TLFS 6.0b Return Values give INVALID_PARAMETER; KVM
	 * flushes everyone (Windows Server 2012), Xen no one. Default TLFS, option KVM. */
	{ "flush, empty mask", empty_mask, C_FLUSH, IN_FLUSH, 0, 0, 0, ALL, D_, S_PARAM, 0, 0, NULL },
	{ "flush, empty mask, KVM option", empty_mask_kvm, C_FLUSH, IN_FLUSH, 0, 0, 0, ALL, D_, S_OK, 0, 1, all_vps },
	/* IPI vector below 0x10: the TLFS names no status; KVM INPUT, Xen PARAM;
	 * hvtlfs PARAM. */
	{ "IPI vector 0x0F", ipi_vector_0f, C_IPI, IN_IPI, 0, 0, 0, ALL, D_, S_PARAM, 0, 0, NULL },

	/* ---- host visibility, retarget, extended calls ---- */
	/* Visibility 2 is undefined (Linux's hv_mem_host_visibility defines 0, 1 and 3):
	 * INVALID_PARAMETER, before any GPFN (hvtlfs's status; no TLFS page). */
	{ "host visibility 2", visibility_2, C_VIS | REP(2, 0), IN_VIS, 0, 0, 0, ALL, D_, S_PARAM, 0, 0, NULL },
	/* An element failing part-way: reps completed = its index (TLFS "Hypercall
	 * Classes"), as for every rep call. */
	{ "host visibility, second GPFN fails", NULL, C_VIS | REP(2, 0), IN_VIS, 0, 0, S_PARAM, 1, D_, S_PARAM, 1, 1, NULL },
	/* An interrupt source other than MSI: OpenVMM answers INVALID_PARAMETER (its
	 * retarget handler); the TLFS page lists no status. */
	{ "retarget, source not MSI", retarget_not_msi, C_RETGT, IN_RETGT, 0, 0, 0, ALL, D_, S_PARAM, 0, 0, NULL },
	{ "ext heat hint", NULL, C_HEAT | REP(1, 0), IN_HEAT, 0, 0, 0, ALL, D_, S_OK, 1, 1, NULL },
	/* Heat type 3 is undefined (Linux's HV_EXT_MEMORY_HEAT_HINT_TYPE_*: 0-2). */
	{ "ext heat hint, heat type 3", heat_type_3, C_HEAT | REP(1, 0), IN_HEAT, 0, 0, 0, ALL, D_, S_PARAM, 0, 0, NULL },

	/* ---- VP registers, AP start-up, VTLs ---- */
	/* TLFS HvCallSetVpRegisters: one element, decoded for the handler. */
	{ "set VP registers", NULL, C_SET_REGS | REP(1, 0), IN_SETREG, 0, 0, 0, ALL, D_, S_OK, 1, 1, set_reg_decoded },
	/* A read-only register: the TLFS names no status; hvtlfs answers
	 * INVALID_PARAMETER at the element's index (docs/registers.md). */
	{ "set VP registers, read-only register", set_read_only, C_SET_REGS | REP(1, 0), IN_SETREG, 0, 0, 0, ALL, D_, S_PARAM, 0, 0, NULL },
	/* Partition id 0 (HV_PARTITION_ID_INVALID): TLFS HvCallGetVpRegisters lists
	 * HV_STATUS_INVALID_PARTITION_ID. */
	{ "get VP registers, partition 0", NULL, C_GET_REGS | REP(1, 0), IN_RAW, OUT_PAGE, 0, 0, ALL, D_, S_PART_ID, 0, 0, NULL },
	/* TLFS HvCallGetVpIndexFromApicId; the VP indices are 4 bytes each (Linux,
	 * OpenVMM), written at the output GPA. */
	{ "VP index from APIC id", NULL, C_APIC | REP(4, 0), IN_APIC, OUT_PAGE, 0, 0, ALL, D_, S_OK, 4, 1, apic_output },
	/* OpenVMM (underhill) refuses any partition but self with INVALID_PARTITION_ID
	 * (its WHP backend with ACCESS_DENIED); hvtlfs refuses 0, HV_PARTITION_ID_INVALID. */
	{ "VP index from APIC id, partition 0", NULL, C_APIC | REP(1, 0), IN_RAW, OUT_PAGE, 0, 0, ALL, D_, S_PART_ID, 0, 0, NULL },
	/* TLFS HvCallStartVirtualProcessor: 240 bytes, the context decoded. */
	{ "start VP", NULL, C_START, IN_START, 0, 0, 0, ALL, D_, S_OK, 0, 1, vp_context_decoded },
	/* An HV_VTL above 15 cannot name a VTL: INVALID_PARAMETER, hvtlfs's status (the
	 * TLFS names none; OpenVMM refuses VTLs above 2). */
	{ "start VP, VTL 16", start_vtl_16, C_START, IN_START, 0, 0, 0, ALL, D_, S_PARAM, 0, 0, NULL },
	/* TLFS HvCallEnableVpVtl: the same 240-byte layout. */
	{ "enable VP VTL", NULL, C_VP_VTL, IN_START, 0, 0, 0, ALL, D_, S_OK, 0, 1, vp_context_decoded },
	/* TLFS HvCallEnablePartitionVtl: 16 bytes, fast allowed: PartitionId in RDX, the
	 * target VTL (1) and flags in R8. */
	{ "enable partition VTL, fast", NULL, C_PART_VTL | FAST, PARTITION_SELF, 1, 0, 0, ALL, D_, S_OK, 0, 1, NULL },
	/* A flag above bit 2 (the TLFS defines EnableMbec, EnableSupervisorShadowStack,
	 * EnableHardwareHvpt): INVALID_PARAMETER. */
	{ "enable partition VTL, unknown flag", NULL, C_PART_VTL | FAST, PARTITION_SELF, 1 | (8u << 8), 0, 0, ALL, D_, S_PARAM, 0, 0, NULL },
};
/* clang-format on */

#define NROWS (sizeof(rows) / sizeof(rows[0]))

/* clang-format off */
/* The largest fast rep call and one more, x64 and x86: TLFS "XMM Fast Hypercall
 * Input", 112 bytes (RDX, R8, XMM0-XMM5); KVM refuses a fast call whose input
 * exceeds the XMM registers with INPUT, as OpenVMM does. */
static const struct row rows_fast_x86[] = {
	/* XMM fast input without leaf 0x40000003 EDX bit 4: #UD (KVM). */
	{ "fast flush without XMM", no_xmm, C_FLUSH | FAST, 0x1000, 0, 1, 0, ALL, U_, 0, 0, 0, NULL },
	/* 24-byte header + 11 x 8 = 112. */
	{ "fast flush list, 11 reps", NULL, C_LIST | FAST | REP(11, 0), 0x1000, 0, 1, 0, ALL, D_, S_OK, 11, 1, NULL },
	{ "fast flush list, 12 reps", NULL, C_LIST | FAST | REP(12, 0), 0x1000, 0, 1, 0, ALL, D_, S_INPUT, 0, 0, NULL },
	/* 16-byte header + 12 x 8 = 112. */
	{ "fast GPA list, 12 reps", NULL, C_GPA_LIST | FAST | REP(12, 0), 0x1000, 0, 0, 0, ALL, D_, S_OK, 12, 1, NULL },
	{ "fast GPA list, 13 reps", NULL, C_GPA_LIST | FAST | REP(13, 0), 0x1000, 0, 0, 0, ALL, D_, S_INPUT, 0, 0, NULL },
};

/* The same on arm64: 128 bytes, X2-X17 (OpenVMM's Arm64RegisterIo, 16 registers
 * from X2; Linux arch/arm64/hyperv), INPUT past them as OpenVMM answers. */
static const struct row rows_fast_arm64[] = {
	/* X2-X17 are the convention, not a feature: Linux arm64 issues a 20-byte fast
	 * HvCallGetVpRegisters before it reads any feature bit. Without the XMM input
	 * bit, the 24-byte fast flush is served. */
	{ "fast flush without XMM", no_xmm, C_FLUSH | FAST, 0x1000, 0, 1, 0, ALL, D_, S_OK, 0, 1, NULL },
	/* 24-byte header + 13 x 8 = 128. */
	{ "fast flush list, 13 reps", NULL, C_LIST | FAST | REP(13, 0), 0x1000, 0, 1, 0, ALL, D_, S_OK, 13, 1, NULL },
	{ "fast flush list, 14 reps", NULL, C_LIST | FAST | REP(14, 0), 0x1000, 0, 1, 0, ALL, D_, S_INPUT, 0, 0, NULL },
	/* 16-byte header + 14 x 8 = 128. */
	{ "fast GPA list, 14 reps", NULL, C_GPA_LIST | FAST | REP(14, 0), 0x1000, 0, 0, 0, ALL, D_, S_OK, 14, 1, NULL },
	{ "fast GPA list, 15 reps", NULL, C_GPA_LIST | FAST | REP(15, 0), 0x1000, 0, 0, 0, ALL, D_, S_INPUT, 0, 0, NULL },
};
/* clang-format on */

static void run_row(const struct row *w, unsigned int abi, bool garbage)
{
	struct hvtlfs_dispatch_regs regs, before, xmm_garbage;
	struct hvtlfs_dispatch_outcome out;
	struct du_call c;
	unsigned int action = w->action;
	uint16_t status = w->status;
	unsigned int r;
	int rc;

	du_reset();
	guest_setup();
	if (w->setup)
		w->setup();
	du_h.status = w->h_status;
	du_h.reps = w->h_reps;
	du_h.out_fill = 0x40;
	memset(&c, 0, sizeof(c));
	c.control = w->control;
	c.in_gpa = w->in;
	c.out_gpa = w->out;
	c.xmm[0][0] = w->xmm0;
	memset(&regs, 0, sizeof(regs));
	if (garbage)
		du_garbage(&regs);
	xmm_garbage = regs;
	du_load(abi, &regs, &c);
	/* A slow call does not use the XMM registers: they keep their garbage. */
	if (!(w->control & FAST))
		for (r = 0; r < 12; r++)
			regs.r[DU_XMM(0, 0) + r] = xmm_garbage.r[DU_XMM(0, 0) + r];
	before = regs;
	rc = hvtlfs_dispatch(&du_d, abi, &regs, &du_scratch, &out);
	if (rc != HVTLFS_OK || out.action != action)
		print_message("row \"%s\" on %s: rc %d action %u\n", w->name,
			      hvtlfs_dispatch_abi_name(abi), rc, out.action);
	assert_int_equal(rc, HVTLFS_OK);
	assert_int_equal(out.action, action);
	if (du_h.calls != (unsigned int)w->handled)
		print_message("row \"%s\" on %s: %u handler calls\n", w->name,
			      hvtlfs_dispatch_abi_name(abi), du_h.calls);
	assert_int_equal(du_h.calls, w->handled);
	if (action == D_) {
		uint64_t want = (uint64_t)status | ((uint64_t)w->reps << 32);

		if (du_result(abi, &regs) != want)
			print_message("row \"%s\" on %s: result 0x%llx, want 0x%llx\n", w->name,
				      hvtlfs_dispatch_abi_name(abi),
				      (unsigned long long)du_result(abi, &regs),
				      (unsigned long long)want);
		assert_true(du_result(abi, &regs) == want);
	} else if (action == K_) {
		/* New rep start in the control register, the rest as it was. */
		assert_true(du_control(abi, &regs) ==
			    ((w->control & ~(0xFFFull << 48)) | ((uint64_t)w->reps << 48)));
		if (abi == HVTLFS_DISPATCH_ABI_X64)
			assert_true(regs.r[DU_RAX] == before.r[DU_RAX]);
		/* arm64: X0 not written, still the SMCCC function id (OpenVMM). */
		if (abi == HVTLFS_DISPATCH_ABI_ARM64)
			assert_true(regs.r[DU_X(0)] == DU_SMCCC_HV);
	} else {
		assert_memory_equal(&regs, &before, sizeof(regs));
	}
	if (w->check)
		w->check();
}

/* ---- VTL call and VTL return: TLFS vsm.md "VTL Call", "VTL Call Restrictions",
 * "VTL Return" ---- */

/* The control input as the hypervisor sees it (TLFS vsm.md tables: x64 RAX, x86 ECX
 * after the hypercall page's sequence; OpenVMM's x86 register I/O reads RAX, and ECX
 * masked to 32 bits in 32-bit mode). arm64: no register (OpenVMM's Arm64RegisterIo
 * passes 0), so an input bit can never be set there. */
#define V_ HVTLFS_DISPATCH_VTL_SWITCH

struct vtl_row {
	const char *name;
	void (*setup)(void);
	uint64_t control, input; /* input: RAX (x64), ECX (x86); arm64 has none */
	uint16_t h_status;	 /* the handler's verdict on the VP's VTL state */
	unsigned int action;	 /* x64 and x86 */
	unsigned int action_arm64;
	int reason;  /* outcome reason (x64 and x86; arm64 the same unless noted) */
	int handled; /* x64 and x86; arm64: whenever its action is V_ or the handler refused */
};

static void no_handlers(void)
{
	du_d.nhandlers = 0;
}

/* clang-format off */
static const struct vtl_row rows_vtl[] = {
	/* The bare code in the control word, the control input 0: the switch is the
	 * integrator's, nothing is written (OpenVMM's HvVtlCall: no result, IP advanced,
	 * then the switch). */
	{ "VTL call", NULL, 0x0011, 0, S_OK, V_, V_, HVTLFS_OK, 1 },
	{ "VTL return", NULL, 0x0012, 0, S_OK, V_, V_, HVTLFS_OK, 1 },
	/* VTL return input bit 0: fast return, registers not restored. */
	{ "VTL return, fast", NULL, 0x0012, 1, S_OK, V_, V_, HVTLFS_OK, 1 },
	/* "All bits in the VTL call control input are currently reserved"; "a VTL call
	 * with an invalid control input value" is #UD. arm64 has no input register. */
	{ "VTL call, input bit 0", NULL, 0x0011, 1, S_OK, U_, V_, HVTLFS_ERR_RESERVED_BITS, 0 },
	{ "VTL call, input bit 31", NULL, 0x0011, 1ull << 31, S_OK, U_, V_, HVTLFS_ERR_RESERVED_BITS, 0 },
	/* VTL return input bits 63:1 RsvdZ: "an invalid control input value" is #UD. */
	{ "VTL return, input bit 1", NULL, 0x0012, 2, S_OK, U_, V_, HVTLFS_ERR_RESERVED_BITS, 0 },
	/* A control word other than the bare code (OpenVMM: control.with_code(0) must be
	 * 0, else #UD): rep count, fast bit, variable header, a reserved bit, nested. */
	{ "VTL call, rep count", NULL, 0x0011 | REP(1, 0), 0, S_OK, U_, U_, HVTLFS_ERR_RESERVED_BITS, 0 },
	{ "VTL return, fast bit", NULL, 0x0012 | FAST, 0, S_OK, U_, U_, HVTLFS_ERR_RESERVED_BITS, 0 },
	{ "VTL call, variable header", NULL, 0x0011 | VARHDR(1), 0, S_OK, U_, U_, HVTLFS_ERR_RESERVED_BITS, 0 },
	{ "VTL call, control bit 27", NULL, 0x0011 | (1ull << 27), 0, S_OK, U_, U_, HVTLFS_ERR_RESERVED_BITS, 0 },
	{ "VTL return, control bit 31", NULL, 0x0012 | (1ull << 31), 0, S_OK, U_, U_, HVTLFS_ERR_RESERVED_BITS, 0 },
	/* Without AccessVsm (TLFS vsm.md "VSM Detection and Status") no VTL above 0
	 * exists: a call's target "is disabled (or has not been already enabled)", a
	 * return comes "when the lowest VTL is currently active": #UD, before the
	 * control word. */
	{ "VTL call, no AccessVsm", no_vsm, 0x0011, 0, S_OK, U_, U_, HVTLFS_ERR_NOT_PERMITTED, 0 },
	{ "VTL return, no AccessVsm, bad input", no_vsm, 0x0012, 2, S_OK, U_, U_, HVTLFS_ERR_NOT_PERMITTED, 0 },
	/* The VP's VTL state is the handler's: from the highest enabled VTL (no target),
	 * and a return from VTL 0, it refuses, and the guest gets #UD, not its status. */
	{ "VTL call from the highest VTL", NULL, 0x0011, 0, HVTLFS_STATUS_INVALID_VTL_STATE, U_, U_, HVTLFS_OK, 1 },
	{ "VTL return from the lowest VTL", NULL, 0x0012, 1, HVTLFS_STATUS_INVALID_VTL_STATE, U_, U_, HVTLFS_OK, 1 },
	/* No handler: the partition has no VSM, so no target VTL: #UD (TLFS). OpenVMM's
	 * dispatcher without HvVtlCall answers INVALID_HYPERCALL_CODE; KVM, which has no
	 * VSM, CODE for every unknown code. hvtlfs follows the TLFS. */
	{ "VTL call, no handler", no_handlers, 0x0011, 0, S_OK, U_, U_, HVTLFS_ERR_NO_HANDLER, 0 },
	{ "VTL return, no handler", no_handlers, 0x0012, 0, S_OK, U_, U_, HVTLFS_ERR_NO_HANDLER, 0 },
};
/* clang-format on */

static void run_vtl_row(const struct vtl_row *w, unsigned int abi, bool garbage)
{
	const bool arm64 = abi == HVTLFS_DISPATCH_ABI_ARM64;
	/* arm64 reads no input: a row's input bits are not seen there. */
	const bool input_seen = !arm64 || w->input == 0;
	unsigned int action = arm64 ? w->action_arm64 : w->action;
	struct hvtlfs_dispatch_regs regs, before;
	struct hvtlfs_dispatch_outcome out;
	struct du_call c;
	int handled = w->handled;

	if (arm64 && !input_seen && action == V_)
		handled = 1;
	du_reset();
	if (w->setup)
		w->setup();
	du_h.status = w->h_status;
	memset(&c, 0, sizeof(c));
	c.control = w->control;
	memset(&regs, 0, sizeof(regs));
	if (garbage)
		du_garbage(&regs);
	du_load(abi, &regs, &c);
	if (abi == HVTLFS_DISPATCH_ABI_X64)
		regs.r[DU_RAX] = w->input;
	else if (abi == HVTLFS_DISPATCH_ABI_X86) /* ECX; the high half is not the caller's */
		regs.r[DU_RCX] =
			(regs.r[DU_RCX] & 0xFFFFFFFF00000000ull) | (w->input & 0xFFFFFFFFull);
	before = regs;
	assert_int_equal(hvtlfs_dispatch(&du_d, abi, &regs, &du_scratch, &out), HVTLFS_OK);
	if (out.action != action || du_h.calls != (unsigned int)handled)
		print_message("VTL row \"%s\" on %s: action %u, %u handler calls\n", w->name,
			      hvtlfs_dispatch_abi_name(abi), out.action, du_h.calls);
	assert_int_equal(out.action, action);
	assert_int_equal(du_h.calls, handled);
	assert_int_equal(out.code, w->control & 0xFFFF);
	/* No result, no register: a VTL switch answers nothing in registers. */
	assert_memory_equal(&regs, &before, sizeof(regs));
	assert_int_equal(du_reads + du_writes, 0);
	if (input_seen || action != V_)
		assert_int_equal(out.reason, w->reason);
	if (action == V_) {
		assert_true(out.vtl_input == (arm64 ? 0 : w->input));
		assert_int_equal(out.status, S_OK);
	}
	if (handled) {
		assert_true(du_h.had_req);
		assert_int_equal(du_h.req.kind, HVTLFS_HVCALL_REQ_VTL_SWITCH);
		assert_true(du_h.req.flags == (arm64 ? 0 : w->input));
		assert_int_equal(du_h.call.input_len, 0);
		assert_null(du_h.call.output);
	}
}

/* Every VTL row, every ABI, clean and with garbage in the registers it does not use. */
static void test_vtl_switch(void **state)
{
	size_t i, k;

	(void)state;
	testutil_seed(0x1112);
	for (k = 0; k < NABIS; k++)
		for (i = 0; i < sizeof(rows_vtl) / sizeof(rows_vtl[0]); i++) {
			run_vtl_row(&rows_vtl[i], abis[k], false);
			run_vtl_row(&rows_vtl[i], abis[k], true);
		}
}

/* Every row, every ABI, clean and with garbage registers. */
static void test_matrix(void **state)
{
	size_t i, k;

	(void)state;
	testutil_seed(0x17);
	for (k = 0; k < NABIS; k++) {
		const bool arm64 = abis[k] == HVTLFS_DISPATCH_ABI_ARM64;
		const struct row *fast = arm64 ? rows_fast_arm64 : rows_fast_x86;
		const size_t nfast = arm64 ? sizeof(rows_fast_arm64) / sizeof(rows_fast_arm64[0])
					   : sizeof(rows_fast_x86) / sizeof(rows_fast_x86[0]);

		for (i = 0; i < NROWS; i++) {
			run_row(&rows[i], abis[k], false);
			run_row(&rows[i], abis[k], true);
		}
		for (i = 0; i < nfast; i++) {
			run_row(&fast[i], abis[k], false);
			run_row(&fast[i], abis[k], true);
		}
	}
}

/* TLFS Common Hypercall Status Codes: "A reserved bit in the specified hypercall input
 * value is non-zero" → INVALID_HYPERCALL_INPUT, for each of bits 27-30, 44-47 and
 * 60-63 (KVM's HV_HYPERCALL_RSVD_MASK the same, plus bit 31; see the nested row of
 * docs/hypervisor.md). A simple call: reps completed 0. */
static void test_reserved_bits(void **state)
{
	static const unsigned int bits[] = { 27, 28, 29, 30, 44, 45, 46, 47, 60, 61, 62, 63 };
	size_t i, k;

	(void)state;
	for (k = 0; k < NABIS; k++)
		for (i = 0; i < sizeof(bits) / sizeof(bits[0]); i++) {
			struct row w = { "reserved bit",
					 NULL,
					 C_FLUSH | (1ull << bits[i]),
					 IN_FLUSH,
					 0,
					 0,
					 0,
					 ALL,
					 D_,
					 S_INPUT,
					 0,
					 0,
					 NULL };

			run_row(&w, abis[k], false);
		}
}

/* Every qword of the page at 0xA000 is 1: at any aligned offset a valid flush input
 * (AddressSpace 1, Flags ALL_VIRTUAL_ADDRESS_SPACES, ProcessorMask VP 0). */
static void ones_page(void)
{
	unsigned int i;

	for (i = 0; i < 512; i++)
		du_put64(0xA000 + 8 * i, 1);
}

/* The input GPA at every offset of its page: INVALID_ALIGNMENT unless 8-byte aligned
 * with the 24-byte input inside the page (TLFS Common Hypercall Status Codes). */
static void test_every_page_offset(void **state)
{
	uint64_t off;
	size_t k;

	(void)state;
	for (k = 0; k < NABIS; k++)
		for (off = 0; off < 4096; off++) {
			bool ok = off % 8 == 0 && off + 24 <= 4096;
			struct row w = { "page offset",
					 ones_page,
					 C_FLUSH,
					 0xA000 + off,
					 0,
					 0,
					 0,
					 ALL,
					 D_,
					 ok ? S_OK : S_ALIGN,
					 0,
					 ok,
					 NULL };

			run_row(&w, abis[k], false);
		}
}

/* Every catalog call, with no privilege, recommendation or spin count: the gated
 * ones are ACCESS_DENIED before anything else, the others reach the control-word
 * checks. The gated set, written from the TLFS privilege flags and KVM's
 * hv_check_hypercall_access(): spin wait, the flushes and IPIs, GetVpRegisters and
 * SetVpRegisters (AccessVpRegisters), PostMessage, SignalEvent, the debug calls,
 * StartVirtualProcessor and GetVpIndexFromApicId, Enable/DisablePartitionVtl and
 * Enable/DisableVpVtl (AccessVsm, TLFS vsm.md), and every extended call. VTL call and
 * VTL return with a reserved control bit raise #UD instead (TLFS vsm.md "VTL Call",
 * "VTL Return": an invalid control input is #UD). */
static void test_every_call_gated(void **state)
{
	static const uint16_t gated[] = { 0x0002, 0x0003, 0x0008, 0x000B, 0x000D, 0x000E, 0x000F,
					  0x0010, 0x0013, 0x0014, 0x0015, 0x0050, 0x0051, 0x005C,
					  0x005D, 0x0069, 0x006A, 0x006B, 0x0099, 0x009A };
	const struct hvtlfs_call_info *cat;
	size_t n, i, k, j;

	(void)state;
	cat = hvtlfs_call_catalog(&n);
	for (k = 0; k < NABIS; k++)
		for (i = 0; i < n; i++) {
			struct hvtlfs_dispatch_regs regs;
			struct hvtlfs_dispatch_outcome out;
			struct du_call c;
			bool want_denied = cat[i].code >= 0x8000;

			for (j = 0; j < sizeof(gated) / sizeof(gated[0]); j++)
				want_denied = want_denied || gated[j] == cat[i].code;
			du_reset();
			memset(&du_part, 0, sizeof(du_part));
			du_part.spin_retries = 0xFFFFFFFFu;
			memset(&c, 0, sizeof(c));
			/* A rep call with a reserved bit too: denied anyway when gated. */
			c.control = cat[i].code | (1ull << 27);
			c.in_gpa = IN_RAW;
			assert_int_equal(du_run(abis[k], &c, &regs, &out), HVTLFS_OK);
			if (cat[i].code == 0x0011 || cat[i].code == 0x0012) {
				assert_int_equal(out.action, U_);
				continue;
			}
			if (want_denied != (out.status == S_DENIED))
				print_message("call 0x%04x: status 0x%x\n", cat[i].code,
					      out.status);
			assert_int_equal(out.status, want_denied ? S_DENIED : S_INPUT);
			/* With every privilege, the call reaches the handler or the
			 * decoder's own judgement, never ACCESS_DENIED. */
			du_part = du_all;
			assert_int_equal(du_run(abis[k], &c, &regs, &out), HVTLFS_OK);
			assert_int_not_equal(out.status, S_DENIED);
		}
}

/* A handler answering GetVpRegisters through the decoder's output writer: value i =
 * 0x1111111111111111 x (i + 1) in the low half, ~that in the high half. */
static void put_handler(void *ctx, const struct hvtlfs_dispatch_call *call,
			struct hvtlfs_dispatch_reply *reply)
{
	struct hvtlfs_register_value v[HVTLFS_GET_VP_REGISTERS_FAST_MAX];
	uint32_t i;

	(void)ctx;
	du_h.calls++;
	assert_non_null(call->req);
	assert_true(call->req->nelements <= HVTLFS_GET_VP_REGISTERS_FAST_MAX);
	for (i = 0; i < call->req->nelements; i++) {
		v[i].lo = 0x1111111111111111ull * (i + 1u);
		v[i].hi = ~v[i].lo;
	}
	assert_int_equal(hvtlfs_hvcall_put_register_values(call->req, v, call->req->nelements,
							   call->put_out, call->put_out_size),
			 HVTLFS_OK);
	reply->status = HVTLFS_STATUS_SUCCESS;
}

/*
 * A fast HvCallGetVpRegisters of one name (TLFS HvCallGetVpRegisters: a 16-byte
 * header, PartitionId in RDX, VpIndex and InputVtl in R8, then 4 bytes a name, here
 * in XMM0; one 16-byte HV_REGISTER_VALUE a rep). TLFS "XMM Fast Hypercall Output":
 * the 20 input bytes round up to 32, so the output is XMM1; only on x64 ("This is
 * only supported on x64 platforms": a 32-bit caller gets INPUT, as from OpenVMM),
 * and #UD without leaf 0x40000003 EDX bit 15. Four names fit (16 + 16 = 32 input
 * bytes, then 4 x 16 of output: 96 of the 112), five do not (16 + 20 rounds up to
 * 48, + 80 = 128): INPUT, as OpenVMM refuses fast output that does not fit.
 */
static void test_fast_get_vp_registers(void **state)
{
	const struct hvtlfs_call_info *ci = hvtlfs_call_lookup(C_GET_REGS);
	struct row w = { "fast get VP registers",
			 NULL,
			 C_GET_REGS | FAST | REP(1, 0),
			 PARTITION_SELF,
			 VP_SELF,
			 REG_GUEST_OS_ID,
			 0,
			 ALL,
			 D_,
			 S_INPUT,
			 0,
			 0,
			 NULL };
	struct hvtlfs_dispatch_handler put = { C_GET_REGS, put_handler };
	struct hvtlfs_dispatch_regs regs, before;
	struct hvtlfs_dispatch_outcome out;
	struct du_call c;
	unsigned int r, n;

	(void)state;
	/* The catalog row has the TLFS sizes (16-byte header, 4 bytes a name). */
	assert_non_null(ci);
	assert_true(ci->flags & HVTLFS_CALLF_SIZES);
	assert_int_equal(ci->fixed_header_size, 16);
	assert_int_equal(ci->rep_element_size, 4);
	run_row(&w, HVTLFS_DISPATCH_ABI_X86, false);
	assert_int_equal(du_scratch.req.status, S_OK); /* refused by the ABI, not the input */
	w.status = S_OK;
	w.reps = 1;
	w.handled = 1;
	run_row(&w, HVTLFS_DISPATCH_ABI_X64, false);
	run_row(&w, HVTLFS_DISPATCH_ABI_X64, true);

	/* The value in XMM1 (the handler writes output byte i = 0x40 + i); the input
	 * registers and XMM2-XMM5 untouched. */
	du_reset();
	guest_setup();
	du_h.out_fill = 0x40;
	memset(&c, 0, sizeof(c));
	c.control = w.control;
	c.in_gpa = w.in;
	c.out_gpa = w.out;
	c.xmm[0][0] = w.xmm0;
	memset(&regs, 0, sizeof(regs));
	du_load(HVTLFS_DISPATCH_ABI_X64, &regs, &c);
	before = regs;
	assert_int_equal(hvtlfs_dispatch(&du_d, HVTLFS_DISPATCH_ABI_X64, &regs, &du_scratch, &out),
			 HVTLFS_OK);
	assert_true(regs.r[DU_RAX] == (1ull << 32));
	assert_true(regs.r[DU_XMM(1, 0)] == 0x4746454443424140ull);
	assert_true(regs.r[DU_XMM(1, 1)] == 0x4F4E4D4C4B4A4948ull);
	for (r = 0; r < HVTLFS_DISPATCH_REGS; r++)
		if (r != DU_RAX && r != DU_XMM(1, 0) && r != DU_XMM(1, 1))
			assert_true(regs.r[r] == before.r[r]);

	/* 1-4 names through hvtlfs_hvcall_put_register_values(): value i in XMM(1 + i)
	 * (inputs of 20, 24, 28, 32 bytes all round up to 32); rep start 1 of 3 writes
	 * only values 1 and 2, in XMM2 and XMM3. */
	for (n = 1; n <= 5; n++) {
		unsigned int start = n == 5 ? 1 : 0, count = n == 5 ? 3 : n, i;

		du_reset();
		du_d.handlers = &put;
		du_d.nhandlers = 1;
		memset(&c, 0, sizeof(c));
		c.control = C_GET_REGS | FAST | REP(count, start);
		c.in_gpa = PARTITION_SELF;
		c.out_gpa = VP_SELF;
		c.xmm[0][0] = REG_GUEST_OS_ID | (REG_GUEST_OS_ID << 32);
		c.xmm[0][1] = REG_GUEST_OS_ID | (REG_GUEST_OS_ID << 32);
		memset(&regs, 0, sizeof(regs));
		du_load(HVTLFS_DISPATCH_ABI_X64, &regs, &c);
		before = regs;
		assert_int_equal(
			hvtlfs_dispatch(&du_d, HVTLFS_DISPATCH_ABI_X64, &regs, &du_scratch, &out),
			HVTLFS_OK);
		assert_int_equal(out.action, D_);
		assert_true(regs.r[DU_RAX] == ((uint64_t)count << 32));
		for (i = 0; i < 4; i++) {
			bool written = i >= start && i < count;
			uint64_t lo = 0x1111111111111111ull * (i - start + 1u);

			if (written) {
				assert_true(regs.r[DU_XMM(1 + i, 0)] == lo);
				assert_true(regs.r[DU_XMM(1 + i, 1)] == ~lo);
			} else if (1 + i < 6) {
				assert_true(regs.r[DU_XMM(1 + i, 0)] == before.r[DU_XMM(1 + i, 0)]);
				assert_true(regs.r[DU_XMM(1 + i, 1)] == before.r[DU_XMM(1 + i, 1)]);
			}
		}
	}
	/* Five names: 36 input bytes round up to 48, + 5 x 16 = 128 > 112: INPUT. */
	w.control = C_GET_REGS | FAST | REP(5, 0);
	w.status = S_INPUT;
	w.reps = 0;
	w.handled = 0;
	run_row(&w, HVTLFS_DISPATCH_ABI_X64, false);

	/* Without the XMM output feature: #UD on x64. */
	{
		struct row u = w;

		u.control = C_GET_REGS | FAST | REP(1, 0);
		u.setup = no_xmm_output;
		u.action = U_;
		u.status = 0;
		u.reps = 0;
		u.handled = 0;
		run_row(&u, HVTLFS_DISPATCH_ABI_X64, false);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_matrix),
		cmocka_unit_test(test_reserved_bits),
		cmocka_unit_test(test_every_page_offset),
		cmocka_unit_test(test_every_call_gated),
		cmocka_unit_test(test_fast_get_vp_registers),
		cmocka_unit_test(test_vtl_switch),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
