/* SPDX-License-Identifier: BSD-2-Clause */
#include "hvtlfs/bringup.h"
#include "hvtlfs/arch.h"
#include "hvtlfs/arch/cpu.h"
#include "hvtlfs/registers.h"
#include "hvtlfs_internal.h"
#if defined(HVTLFS_ARCH_HAS_REGS_HYPERCALL) && HVTLFS_ARCH_HAS_REGS_HYPERCALL
/* The native register access issues fast Get/SetVpRegisters with the register-file
 * fast form (arm64's `hvc #0`). */
#include "hvtlfs/hypercall.h"
#define HVTLFS_BRINGUP_NATIVE_VPREGS_ 1
#else
#define HVTLFS_BRINGUP_NATIVE_VPREGS_ 0
#endif

/* ---- CPUID ---------------------------------------------------------------------------- */

void hvtlfs_cpuid_native(void *ctx, uint32_t leaf, uint32_t subleaf, uint32_t regs[4])
{
	(void)ctx;
#ifdef HVTLFS_ARCH_CPUID
	HVTLFS_ARCH_CPUID(leaf, subleaf, regs);
#else
	/* No CPUID on this architecture (arm64): no leaf, so no hypervisor leaves. */
	(void)leaf;
	(void)subleaf;
	regs[0] = regs[1] = regs[2] = regs[3] = 0;
#endif
}

void hvtlfs_cpuid_from_table(void *ctx, uint32_t leaf, uint32_t subleaf, uint32_t regs[4])
{
	const struct hvtlfs_cpuid_table *t = (const struct hvtlfs_cpuid_table *)ctx;
	size_t i;
	uint32_t r;

	for (r = 0; r < 4; r++)
		regs[r] = 0;
	if (t == NULL || t->entries == NULL)
		return;
	for (i = 0; i < t->count; i++) {
		if (t->entries[i].leaf == leaf && t->entries[i].subleaf == subleaf) {
			for (r = 0; r < 4; r++)
				regs[r] = t->entries[i].regs[r];
			return;
		}
	}
}

int hvtlfs_cpuid_capture(struct hvtlfs_cpuid_dump *dump, hvtlfs_cpuid_fn cpuid, void *ctx)
{
	uint32_t i, r, max_leaf, count;

	if (dump == NULL || cpuid == NULL)
		return HVTLFS_ERR_NULL;
	for (r = 0; r < 4; r++) {
		dump->leaf1[r] = 0;
		for (i = 0; i < HVTLFS_CPUID_DUMP_HV_LEAVES; i++)
			dump->hv[i][r] = 0;
	}

	cpuid(ctx, HVTLFS_CPUID_LEAF_STD_FEATURES, 0, dump->leaf1);
	/* Without the present bit, 0x40000000 is not a hypervisor leaf: don't ask. */
	if ((dump->leaf1[HVTLFS_CPUID_REG_ECX] & HVTLFS_CPUID_STD_FEATURES_ECX_HYPERVISOR) == 0)
		return HVTLFS_ERR_NOT_HYPERV;

	cpuid(ctx, HVTLFS_CPUID_LEAF_VENDOR, 0, dump->hv[0]);
	max_leaf = dump->hv[0][HVTLFS_CPUID_REG_EAX];
	if (max_leaf < HVTLFS_CPUID_DUMP_FIRST_LEAF)
		return HVTLFS_OK; /* the decoder reports the missing leaves */
	count = max_leaf - HVTLFS_CPUID_DUMP_FIRST_LEAF; /* the leaves above the first */
	count = count >= HVTLFS_CPUID_DUMP_HV_LEAVES ? HVTLFS_CPUID_DUMP_HV_LEAVES : count + 1u;
	for (i = 1; i < count; i++)
		cpuid(ctx, HVTLFS_CPUID_DUMP_FIRST_LEAF + i, 0, dump->hv[i]);
	return HVTLFS_OK;
}

int hvtlfs_detect(struct hvtlfs_features *out, hvtlfs_cpuid_fn cpuid, void *ctx)
{
	struct hvtlfs_cpuid_dump dump;
	int rc;

	if (out == NULL || cpuid == NULL)
		return HVTLFS_ERR_NULL;
	rc = hvtlfs_cpuid_capture(&dump, cpuid, ctx);
	if (rc != HVTLFS_OK && rc != HVTLFS_ERR_NOT_HYPERV)
		return rc;
	/* The decoder zeroes out and reports NOT_HYPERV itself from leaf 1. */
	return hvtlfs_features_decode(out, &dump);
}

int hvtlfs_bringup_check(const struct hvtlfs_features *f)
{
	int rc;

	if (f == NULL)
		return HVTLFS_ERR_NULL;
	rc = hvtlfs_features_require(f, HVTLFS_LEAF_TLFS_MINIMUM);
	if (rc != HVTLFS_OK)
		return rc;
	if (!f->hypercall_msrs)
		return HVTLFS_ERR_NO_PRIVILEGE;
	return HVTLFS_OK;
}

/* ---- MSR access ----------------------------------------------------------------------- */

int hvtlfs_msr_read_native(void *ctx, uint32_t msr, uint64_t *value)
{
	(void)ctx;
	if (value == NULL)
		return HVTLFS_ERR_NULL;
#ifdef HVTLFS_ARCH_RDMSR
	*value = HVTLFS_ARCH_RDMSR(msr);
	return HVTLFS_OK;
#else
	/* No MSRs on this architecture (arm64): the synthetic registers replace them. */
	(void)msr;
	*value = 0;
	return HVTLFS_ERR_ARCH_NO_MSR;
#endif
}

int hvtlfs_msr_write_native(void *ctx, uint32_t msr, uint64_t value)
{
	(void)ctx;
#ifdef HVTLFS_ARCH_WRMSR
	HVTLFS_ARCH_WRMSR(msr, value);
	return HVTLFS_OK;
#else
	(void)msr;
	(void)value;
	return HVTLFS_ERR_ARCH_NO_MSR;
#endif
}

#define HVTLFS_MSR_ROW_(name, number) { HVTLFS_MSR_##name, "HV_X64_MSR_" #name },

static const struct hvtlfs_name_ msr_names[] = { HVTLFS_MSR_LIST(HVTLFS_MSR_ROW_) };

const char *hvtlfs_msr_name(uint32_t msr)
{
	return hvtlfs_name_of_(msr_names, HVTLFS_ARRAY_SIZE_(msr_names), msr, "HV_X64_MSR_UNKNOWN");
}

static bool hvtlfs_ops_ok_(const struct hvtlfs_msr_ops *ops)
{
	return ops != NULL && ops->read != NULL && ops->write != NULL;
}

static int hvtlfs_rd_(const struct hvtlfs_msr_ops *ops, uint32_t msr, uint64_t *value)
{
	int rc = ops->read(ops->ctx, msr, value);

	/* An ops function reports failure with a negative value; anything else is success. */
	return rc < 0 ? rc : HVTLFS_OK;
}

static int hvtlfs_wr_(const struct hvtlfs_msr_ops *ops, uint32_t msr, uint64_t value)
{
	int rc = ops->write(ops->ctx, msr, value);

	return rc < 0 ? rc : HVTLFS_OK;
}

/* Page address checks shared by the hypercall and VP assist pages. */
static int hvtlfs_check_page_(uint64_t page_gpa, uint32_t phys_addr_bits)
{
	if (phys_addr_bits < HVTLFS_PAGE_SHIFT || phys_addr_bits > 64u)
		return HVTLFS_ERR_INVALID_ARG;
	if (!hvtlfs_is_aligned_(page_gpa, HVTLFS_PAGE_SIZE))
		return HVTLFS_ERR_ALIGNMENT;
	if (phys_addr_bits < 64u && (page_gpa >> phys_addr_bits) != 0)
		return HVTLFS_ERR_ADDRESS_WIDTH;
	return HVTLFS_OK;
}

/* ---- Guest OS ID ---------------------------------------------------------------------- */

int hvtlfs_guest_os_id_encode(uint64_t *out, uint32_t os_type, uint32_t os_id, uint32_t version,
			      uint32_t build)
{
	if (out == NULL)
		return HVTLFS_ERR_NULL;
	if (os_type == 0 || os_type > HVTLFS_GUEST_OS_ID_OS_TYPE_MAX ||
	    os_id > HVTLFS_GUEST_OS_ID_OS_ID_MAX || build > HVTLFS_GUEST_OS_ID_BUILD_MAX)
		return HVTLFS_ERR_INVALID_ARG;
	*out = HVTLFS_GUEST_OS_ID_OPEN_SOURCE |
	       ((uint64_t)os_type << HVTLFS_GUEST_OS_ID_OS_TYPE_SHIFT) |
	       ((uint64_t)os_id << HVTLFS_GUEST_OS_ID_OS_ID_SHIFT) |
	       ((uint64_t)version << HVTLFS_GUEST_OS_ID_VERSION_SHIFT) |
	       ((uint64_t)build << HVTLFS_GUEST_OS_ID_BUILD_SHIFT);
	return HVTLFS_OK;
}

/* ---- MSR values ----------------------------------------------------------------------- */

/*
 * The layout both overlay-page MSRs share: enable in bit 0, the GPFN in bits
 * 12-63, and between them the reserved bits of @rsvd_mask (RsvdP), from bit
 * @shift, which the API structs hold shifted down to bit 0. @extra: the MSR's
 * other bits, already in place.
 */
static int hvtlfs_page_msr_encode_(uint64_t *out, bool enable, uint64_t reserved,
				   uint64_t rsvd_mask, unsigned int shift, uint64_t gpfn,
				   uint64_t extra)
{
	if (reserved > (rsvd_mask >> shift) || gpfn > HVTLFS_MSR_GPFN_MAX)
		return HVTLFS_ERR_INVALID_ARG;
	*out = (reserved << shift) | (gpfn << HVTLFS_PAGE_SHIFT) | extra |
	       (enable ? HVTLFS_BIT64(0) : 0);
	return HVTLFS_OK;
}

/* The other way: sets *@enable and returns the reserved bits shifted down. */
static uint16_t hvtlfs_page_msr_decode_(uint64_t value, uint64_t rsvd_mask, unsigned int shift,
					bool *enable, uint64_t *gpfn)
{
	*enable = (value & HVTLFS_BIT64(0)) != 0;
	*gpfn = value >> HVTLFS_PAGE_SHIFT;
	return (uint16_t)((value & rsvd_mask) >> shift);
}

int hvtlfs_hypercall_msr_encode(uint64_t *out, const struct hvtlfs_hypercall_msr *in)
{
	if (out == NULL || in == NULL)
		return HVTLFS_ERR_NULL;
	return hvtlfs_page_msr_encode_(out, in->enable, in->reserved,
				       HVTLFS_HYPERCALL_MSR_RESERVED_MASK,
				       HVTLFS_HYPERCALL_MSR_RESERVED_SHIFT, in->gpfn,
				       in->locked ? HVTLFS_HYPERCALL_MSR_LOCKED : 0);
}

int hvtlfs_hypercall_msr_decode(uint64_t value, struct hvtlfs_hypercall_msr *out)
{
	if (out == NULL)
		return HVTLFS_ERR_NULL;
	out->locked = (value & HVTLFS_HYPERCALL_MSR_LOCKED) != 0;
	out->reserved = hvtlfs_page_msr_decode_(value, HVTLFS_HYPERCALL_MSR_RESERVED_MASK,
						HVTLFS_HYPERCALL_MSR_RESERVED_SHIFT, &out->enable,
						&out->gpfn);
	return HVTLFS_OK;
}

int hvtlfs_vp_assist_msr_encode(uint64_t *out, const struct hvtlfs_vp_assist_msr *in)
{
	if (out == NULL || in == NULL)
		return HVTLFS_ERR_NULL;
	return hvtlfs_page_msr_encode_(out, in->enable, in->reserved,
				       HVTLFS_VP_ASSIST_MSR_RESERVED_MASK,
				       HVTLFS_VP_ASSIST_MSR_RESERVED_SHIFT, in->gpfn, 0);
}

int hvtlfs_vp_assist_msr_decode(uint64_t value, struct hvtlfs_vp_assist_msr *out)
{
	if (out == NULL)
		return HVTLFS_ERR_NULL;
	out->reserved = hvtlfs_page_msr_decode_(value, HVTLFS_VP_ASSIST_MSR_RESERVED_MASK,
						HVTLFS_VP_ASSIST_MSR_RESERVED_SHIFT, &out->enable,
						&out->gpfn);
	return HVTLFS_OK;
}

/* ---- Enable sequences ----------------------------------------------------------------- */

/* Whether an overlay-page MSR value is enabled with its page at @page_gpa (both MSRs
 * keep the GPFN in bits 12-63). */
static bool hvtlfs_page_msr_points_at_(uint64_t value, uint64_t page_gpa)
{
	return (value & HVTLFS_BIT64(0)) != 0 &&
	       (value & HVTLFS_HYPERCALL_MSR_GPFN_MASK) == page_gpa;
}

/*
 * Writes @value to @msr and reads it back; on a failed write or a read-back
 * that differs in the bits of @compare, writes @restore back (best effort: the
 * first error is what the caller learns).
 */
static int hvtlfs_write_confirm_(const struct hvtlfs_msr_ops *ops, uint32_t msr, uint64_t value,
				 uint64_t compare, uint64_t restore, uint64_t *readback)
{
	uint64_t rb = 0;
	int rc;

	rc = hvtlfs_wr_(ops, msr, value);
	if (rc == HVTLFS_OK) {
		rc = hvtlfs_rd_(ops, msr, &rb);
		if (rc == HVTLFS_OK && ((rb ^ value) & compare) != 0)
			rc = HVTLFS_ERR_READBACK;
	}
	if (rc != HVTLFS_OK) {
		(void)hvtlfs_wr_(ops, msr, restore);
		return rc;
	}
	if (readback != NULL)
		*readback = rb;
	return HVTLFS_OK;
}

/* The bits of the hypercall and VP assist MSRs a write is confirmed by. */
#define HVTLFS_HYPERCALL_FIELDS_                                                                   \
	(HVTLFS_HYPERCALL_MSR_ENABLE | HVTLFS_HYPERCALL_MSR_LOCKED | HVTLFS_HYPERCALL_MSR_GPFN_MASK)
#define HVTLFS_VP_ASSIST_FIELDS_ (HVTLFS_VP_ASSIST_MSR_ENABLE | HVTLFS_VP_ASSIST_MSR_GPFN_MASK)

/* The start of both enable sequences: usable @ops, a valid page, @msr's value. */
static int hvtlfs_page_msr_read_(const struct hvtlfs_msr_ops *ops, uint32_t msr, uint64_t page_gpa,
				 uint32_t phys_addr_bits, uint64_t *old)
{
	int rc;

	if (!hvtlfs_ops_ok_(ops))
		return HVTLFS_ERR_NULL;
	rc = hvtlfs_check_page_(page_gpa, phys_addr_bits);
	if (rc != HVTLFS_OK)
		return rc;
	return hvtlfs_rd_(ops, msr, old);
}

/*
 * Points the overlay-page MSR @msr, which holds @old, at @page_gpa and enables
 * it, keeping its reserved bits (@rsvd_mask; they are "ignored on reads", so the
 * read-back compares only @fields). Already enabled there: nothing is written.
 * *@msr_out (optional) receives the value read back.
 */
static int hvtlfs_page_msr_enable_(const struct hvtlfs_msr_ops *ops, uint32_t msr, uint64_t old,
				   uint64_t page_gpa, uint64_t rsvd_mask, uint64_t fields,
				   uint64_t *msr_out)
{
	uint64_t rb = old;
	int rc = HVTLFS_OK;

	if (!hvtlfs_page_msr_points_at_(old, page_gpa))
		rc = hvtlfs_write_confirm_(ops, msr, (old & rsvd_mask) | page_gpa | HVTLFS_BIT64(0),
					   fields, old, &rb);
	if (rc == HVTLFS_OK && msr_out != NULL)
		*msr_out = rb;
	return rc;
}

/* Clears the enable bit of @msr (nothing to do when clear), unless @locked is set. */
static int hvtlfs_page_msr_disable_(const struct hvtlfs_msr_ops *ops, uint32_t msr, uint64_t locked,
				    uint64_t fields)
{
	uint64_t old = 0;
	int rc;

	if (!hvtlfs_ops_ok_(ops))
		return HVTLFS_ERR_NULL;
	rc = hvtlfs_rd_(ops, msr, &old);
	if (rc != HVTLFS_OK)
		return rc;
	if ((old & HVTLFS_BIT64(0)) == 0)
		return HVTLFS_OK;
	if ((old & locked) != 0)
		return HVTLFS_ERR_MSR_LOCKED;
	return hvtlfs_write_confirm_(ops, msr, old & ~HVTLFS_BIT64(0), fields, old, NULL);
}

int hvtlfs_hypercall_page_enable(const struct hvtlfs_msr_ops *ops, uint64_t guest_os_id,
				 uint64_t page_gpa, uint32_t phys_addr_bits, uint64_t *msr_out)
{
	uint64_t old_id = 0, old_hc = 0;
	int rc;

	if (!hvtlfs_ops_ok_(ops))
		return HVTLFS_ERR_NULL;
	if (guest_os_id == 0)
		return HVTLFS_ERR_OS_ID_ZERO;
	rc = hvtlfs_page_msr_read_(ops, HVTLFS_MSR_HYPERCALL, page_gpa, phys_addr_bits, &old_hc);
	if (rc != HVTLFS_OK)
		return rc;
	/* Refuse before writing anything, so a locked MSR leaves both MSRs untouched. */
	if ((old_hc & HVTLFS_HYPERCALL_MSR_LOCKED) != 0 &&
	    !hvtlfs_page_msr_points_at_(old_hc, page_gpa))
		return HVTLFS_ERR_MSR_LOCKED;

	rc = hvtlfs_rd_(ops, HVTLFS_MSR_GUEST_OS_ID, &old_id);
	if (rc != HVTLFS_OK)
		return rc;
	if (old_id != guest_os_id) {
		rc = hvtlfs_write_confirm_(ops, HVTLFS_MSR_GUEST_OS_ID, guest_os_id, ~(uint64_t)0,
					   old_id, NULL);
		if (rc != HVTLFS_OK)
			return rc;
	}
	/* Already enabled here: the interface is active, the hypercall MSR stays as is. */
	rc = hvtlfs_page_msr_enable_(ops, HVTLFS_MSR_HYPERCALL, old_hc, page_gpa,
				     HVTLFS_HYPERCALL_MSR_RESERVED_MASK, HVTLFS_HYPERCALL_FIELDS_,
				     msr_out);
	if (rc != HVTLFS_OK && old_id != guest_os_id)
		(void)hvtlfs_wr_(ops, HVTLFS_MSR_GUEST_OS_ID, old_id);
	return rc;
}

int hvtlfs_hypercall_page_disable(const struct hvtlfs_msr_ops *ops)
{
	return hvtlfs_page_msr_disable_(ops, HVTLFS_MSR_HYPERCALL, HVTLFS_HYPERCALL_MSR_LOCKED,
					HVTLFS_HYPERCALL_FIELDS_);
}

int hvtlfs_vp_assist_enable(const struct hvtlfs_msr_ops *ops, uint64_t page_gpa,
			    uint32_t phys_addr_bits, uint64_t *msr_out)
{
	uint64_t old = 0;
	int rc;

	rc = hvtlfs_page_msr_read_(ops, HVTLFS_MSR_VP_ASSIST_PAGE, page_gpa, phys_addr_bits, &old);
	if (rc != HVTLFS_OK)
		return rc;
	return hvtlfs_page_msr_enable_(ops, HVTLFS_MSR_VP_ASSIST_PAGE, old, page_gpa,
				       HVTLFS_VP_ASSIST_MSR_RESERVED_MASK, HVTLFS_VP_ASSIST_FIELDS_,
				       msr_out);
}

int hvtlfs_vp_assist_disable(const struct hvtlfs_msr_ops *ops)
{
	return hvtlfs_page_msr_disable_(ops, HVTLFS_MSR_VP_ASSIST_PAGE, 0,
					HVTLFS_VP_ASSIST_FIELDS_);
}

int hvtlfs_vp_index_read(const struct hvtlfs_msr_ops *ops, uint32_t *vp_index)
{
	uint64_t v = 0;
	int rc;

	if (ops == NULL || ops->read == NULL || vp_index == NULL)
		return HVTLFS_ERR_NULL;
	rc = hvtlfs_rd_(ops, HVTLFS_MSR_VP_INDEX, &v);
	if (rc != HVTLFS_OK)
		return rc;
	/* 0xFFFFFFFE and 0xFFFFFFFF are HV_VP_INDEX_SELF and HV_ANY_VP, never an index. */
	if (v > 0xFFFFFFFDu)
		return HVTLFS_ERR_VP_RANGE;
	*vp_index = (uint32_t)v;
	return HVTLFS_OK;
}

/* ---- Synthetic registers and SMCCC detection (arm64) ---------------------------------- */

/* What Hyper-V releases before the UUID answered to the Call UID query: "MsHy" "perV". */
#define HVTLFS_SMCCC_HYPERV_LEGACY_W0_ 0x7948734Du
#define HVTLFS_SMCCC_HYPERV_LEGACY_W1_ 0x56726570u

void hvtlfs_smccc_call_uid_native(uint32_t uid[4])
{
#ifdef HVTLFS_ARCH_SMCCC_CALL_UID
	HVTLFS_ARCH_SMCCC_CALL_UID(uid);
#else
	uid[0] = HVTLFS_SMCCC_NOT_SUPPORTED;
	uid[1] = uid[2] = uid[3] = 0;
#endif
}

int hvtlfs_smccc_uid_check(const uint32_t uid[4])
{
	if (uid == NULL)
		return HVTLFS_ERR_NULL;
	if (uid[0] == HVTLFS_SMCCC_NOT_SUPPORTED)
		return HVTLFS_ERR_SMCCC_UNSUPPORTED;
	if (uid[0] == HVTLFS_SMCCC_HYPERV_UID_W0 && uid[1] == HVTLFS_SMCCC_HYPERV_UID_W1 &&
	    uid[2] == HVTLFS_SMCCC_HYPERV_UID_W2 && uid[3] == HVTLFS_SMCCC_HYPERV_UID_W3)
		return HVTLFS_OK;
	if (uid[0] == HVTLFS_SMCCC_HYPERV_LEGACY_W0_ && uid[1] == HVTLFS_SMCCC_HYPERV_LEGACY_W1_ &&
	    uid[2] == 0 && uid[3] == 0)
		return HVTLFS_OK;
	return HVTLFS_ERR_NOT_HYPERV;
}

#if HVTLFS_BRINGUP_NATIVE_VPREGS_
/* One fast Get or Set of one register of the calling VP: the builders lay the input
 * out, the register-file form carries it, the parser reads the value. */
static int hvtlfs_vpreg_call_(uint32_t name, const uint64_t *set_value, uint64_t value[2])
{
	static const struct hvtlfs_register_target self = HVTLFS_REGISTER_TARGET_SELF;
	uint64_t image[HVTLFS_ARCH_FAST_REGS_BYTES / 8u];
	struct hvtlfs_register_value v;
	struct hvtlfs_prepared prep;
	uint8_t out[sizeof(struct hvtlfs_register_value)];
	uint64_t r = 0;
	int rc;

	if (set_value) {
		v.lo = set_value[0];
		v.hi = set_value[1];
		rc = hvtlfs_register_write_check(name, HVTLFS_REGSET_ARM64, &v);
		if (rc == HVTLFS_OK && hvtlfs_register_lookup(name, HVTLFS_REGSET_ARM64) == NULL)
			rc = HVTLFS_ERR_UNKNOWN_REGISTER;
		if (rc == HVTLFS_OK)
			rc = hvtlfs_set_vp_registers_build(image, sizeof(image), &self, &name, &v,
							   1, HVTLFS_CTL_FAST, &prep);
	} else {
		rc = hvtlfs_register_names_check(&name, 1, HVTLFS_REGSET_ARM64, NULL);
		if (rc == HVTLFS_OK)
			rc = hvtlfs_get_vp_registers_build(image, sizeof(image), &self, &name, 1,
							   HVTLFS_CTL_FAST, &prep);
	}
	if (rc != HVTLFS_OK)
		return rc;
	rc = hvtlfs_hypercall_regs(prep.control, image, prep.input_size, set_value ? NULL : out,
				   set_value ? 0u : sizeof(out), &r);
	if (rc != HVTLFS_OK)
		return rc;
	if (hvtlfs_result_status(r) != HVTLFS_STATUS_SUCCESS)
		return HVTLFS_ERR_HV_STATUS;
	if (hvtlfs_result_reps_completed(r) != 1u)
		return HVTLFS_ERR_REGISTER_SHORT;
	if (!set_value) {
		rc = hvtlfs_get_vp_registers_parse(out, sizeof(out), 1, &v);
		if (rc != HVTLFS_OK)
			return rc;
		value[0] = v.lo;
		value[1] = v.hi;
	}
	return HVTLFS_OK;
}
#endif

int hvtlfs_vpreg_get_native(void *ctx, uint32_t name, uint64_t value[2])
{
	(void)ctx;
	if (value == NULL)
		return HVTLFS_ERR_NULL;
#if HVTLFS_BRINGUP_NATIVE_VPREGS_
	return hvtlfs_vpreg_call_(name, NULL, value);
#else
	(void)name;
	return HVTLFS_ERR_ARCH_NO_MSR;
#endif
}

int hvtlfs_vpreg_set_native(void *ctx, uint32_t name, uint64_t lo, uint64_t hi)
{
#if HVTLFS_BRINGUP_NATIVE_VPREGS_
	uint64_t v[2];

	(void)ctx;
	v[0] = lo;
	v[1] = hi;
	return hvtlfs_vpreg_call_(name, v, NULL);
#else
	(void)ctx;
	(void)name;
	(void)lo;
	(void)hi;
	return HVTLFS_ERR_ARCH_NO_MSR;
#endif
}

static bool hvtlfs_vpreg_ops_ok_(const struct hvtlfs_vpreg_ops *ops)
{
	return ops != NULL && ops->get != NULL && ops->set != NULL;
}

static int hvtlfs_vpreg_get_(const struct hvtlfs_vpreg_ops *ops, uint32_t name, uint64_t v[2])
{
	int rc = ops->get(ops->ctx, name, v);

	return rc < 0 ? rc : HVTLFS_OK;
}

/* The four 32-bit words of a 128-bit register value, in the EAX-EDX order of the CPUID
 * leaf it stands for (word a = bits 31-0). */
static void hvtlfs_vpreg_words_(uint32_t regs[4], const uint64_t v[2])
{
	regs[HVTLFS_CPUID_REG_EAX] = (uint32_t)v[0];
	regs[HVTLFS_CPUID_REG_EBX] = (uint32_t)(v[0] >> 32);
	regs[HVTLFS_CPUID_REG_ECX] = (uint32_t)v[1];
	regs[HVTLFS_CPUID_REG_EDX] = (uint32_t)(v[1] >> 32);
}

/* "Microsoft Hv" in EBX, ECX, EDX, each little-endian (the vendor leaf's layout). */
#define HVTLFS_VENDOR_EBX_ 0x7263694Du
#define HVTLFS_VENDOR_ECX_ 0x666F736Fu
#define HVTLFS_VENDOR_EDX_ 0x76482074u

int hvtlfs_detect_vpregs(struct hvtlfs_features *out, const uint32_t uid[4],
			 const struct hvtlfs_vpreg_ops *ops)
{
	struct hvtlfs_cpuid_dump dump;
	uint32_t native_uid[4], hints;
	uint64_t v[2];
	int rc;

	if (out == NULL || !hvtlfs_vpreg_ops_ok_(ops))
		return HVTLFS_ERR_NULL;
	hvtlfs_zero_(out, sizeof(*out));
	if (uid == NULL) {
		hvtlfs_smccc_call_uid_native(native_uid);
		uid = native_uid;
	}
	rc = hvtlfs_smccc_uid_check(uid);
	if (rc != HVTLFS_OK)
		return rc;

	/* The CPUID leaves the registers stand for: 0x40000000 (vendor, maximum leaf
	 * 0x40000005), 0x40000001 (interface), then one register a leaf. */
	hvtlfs_zero_(&dump, sizeof(dump));
	dump.leaf1[HVTLFS_CPUID_REG_ECX] = HVTLFS_CPUID_STD_FEATURES_ECX_HYPERVISOR;
	dump.hv[0][HVTLFS_CPUID_REG_EAX] = HVTLFS_CPUID_LEAF_LIMITS;
	dump.hv[0][HVTLFS_CPUID_REG_EBX] = HVTLFS_VENDOR_EBX_;
	dump.hv[0][HVTLFS_CPUID_REG_ECX] = HVTLFS_VENDOR_ECX_;
	dump.hv[0][HVTLFS_CPUID_REG_EDX] = HVTLFS_VENDOR_EDX_;
	dump.hv[1][HVTLFS_CPUID_REG_EAX] = HVTLFS_CPUID_INTERFACE_HV1;
	rc = hvtlfs_vpreg_get_(ops, HVTLFS_REGISTER_HYPERVISOR_VERSION, v);
	if (rc != HVTLFS_OK)
		return rc;
	hvtlfs_vpreg_words_(dump.hv[HVTLFS_CPUID_LEAF_VERSION - HVTLFS_CPUID_LEAF_VENDOR], v);
	rc = hvtlfs_vpreg_get_(ops, HVTLFS_REGISTER_PRIVILEGES_AND_FEATURES_INFO, v);
	if (rc != HVTLFS_OK)
		return rc;
	/* Words a and b only: the privilege mask. Words c and d carry arm64 meanings. */
	dump.hv[3][HVTLFS_CPUID_REG_EAX] = (uint32_t)v[0];
	dump.hv[3][HVTLFS_CPUID_REG_EBX] = (uint32_t)(v[0] >> 32);
	rc = hvtlfs_vpreg_get_(ops, HVTLFS_REGISTER_FEATURES_INFO, v);
	if (rc != HVTLFS_OK)
		return rc;
	hints = (uint32_t)v[0];
	rc = hvtlfs_vpreg_get_(ops, HVTLFS_REGISTER_IMPLEMENTATION_LIMITS_INFO, v);
	if (rc != HVTLFS_OK)
		return rc;
	hvtlfs_vpreg_words_(dump.hv[HVTLFS_CPUID_LEAF_LIMITS - HVTLFS_CPUID_LEAF_VENDOR], v);
	rc = hvtlfs_features_decode(out, &dump);
	if (rc != HVTLFS_OK)
		return rc;
	out->hints_eax = hints;
	return HVTLFS_OK;
}

int hvtlfs_guest_os_id_set_vpreg(const struct hvtlfs_vpreg_ops *ops, uint64_t guest_os_id)
{
	uint64_t v[2];
	int rc;

	/* Element by element: clang -O0 makes an array initializer a memset call. */
	v[0] = v[1] = 0;
	if (!hvtlfs_vpreg_ops_ok_(ops))
		return HVTLFS_ERR_NULL;
	if (guest_os_id == 0)
		return HVTLFS_ERR_OS_ID_ZERO;
	rc = ops->set(ops->ctx, HVTLFS_REGISTER_GUEST_OS_ID, guest_os_id, 0);
	if (rc < 0)
		return rc;
	rc = hvtlfs_vpreg_get_(ops, HVTLFS_REGISTER_GUEST_OS_ID, v);
	if (rc != HVTLFS_OK)
		return rc;
	return v[0] == guest_os_id && v[1] == 0 ? HVTLFS_OK : HVTLFS_ERR_READBACK;
}

int hvtlfs_vp_index_read_vpreg(const struct hvtlfs_vpreg_ops *ops, uint32_t *vp_index)
{
	uint64_t v[2];
	int rc;

	v[0] = v[1] = 0;
	if (!hvtlfs_vpreg_ops_ok_(ops) || vp_index == NULL)
		return HVTLFS_ERR_NULL;
	rc = hvtlfs_vpreg_get_(ops, HVTLFS_REGISTER_VP_INDEX, v);
	if (rc != HVTLFS_OK)
		return rc;
	/* 0xFFFFFFFE and 0xFFFFFFFF are HV_VP_INDEX_SELF and HV_ANY_VP, never an index. */
	if (v[1] != 0 || v[0] > 0xFFFFFFFDu)
		return HVTLFS_ERR_VP_RANGE;
	*vp_index = (uint32_t)v[0];
	return HVTLFS_OK;
}
