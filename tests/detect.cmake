# SPDX-License-Identifier: BSD-2-Clause
# hvtlfs-detect, the bring-up walkthrough (cmake/modules/detect.cmake), over its CPUID
# dumps of real partitions (label bringup).
if(TARGET hvtlfs-detect)
	add_test(NAME bringup_detect_dumps COMMAND hvtlfs-detect ws2016 azure amd nested kvm-hv)
	set_tests_properties(bringup_detect_dumps PROPERTIES LABELS bringup
		FAIL_REGULAR_EXPRESSION "not Hyper-V|, but: |check +HVTLFS_ERR")
	# Hyper-V on AMD sets leaf 0x4000000A bit 22, which the TLFS table reserves: decoded.
	add_test(NAME bringup_detect_amd COMMAND hvtlfs-detect amd)
	set_tests_properties(bringup_detect_amd PROPERTIES LABELS bringup
		PASS_REGULAR_EXPRESSION "nested EAX +0x004A0000 \\(HVTLFS_OK\\).*ENLIGHTENED_TLB yes")
	# Another vendor with the "Hv#1" interface is Hyper-V-compatible: detected, and said so.
	add_test(NAME bringup_detect_other_vendor COMMAND hvtlfs-detect kvm-hv)
	set_tests_properties(bringup_detect_other_vendor PROPERTIES LABELS bringup
		PASS_REGULAR_EXPRESSION "Hyper-V detected: interface \"Hv#1\", vendor \"Linux KVM Hv\" \\(a Hyper-V-compatible hypervisor, not Microsoft's\\)")
	# Without "Hv#1" a hypervisor is not Hyper-V, whatever its vendor.
	add_test(NAME bringup_detect_refuses COMMAND hvtlfs-detect kvm)
	set_tests_properties(bringup_detect_refuses PROPERTIES LABELS bringup
		PASS_REGULAR_EXPRESSION "not Hyper-V: vendor \"KVMKVMKVM\", interface 0x01000089 is not \"Hv#1\" \\(HVTLFS_ERR_NOT_HYPERV\\)")
	# A hypervisor whose maximum leaf is its vendor leaf (bhyve) has no interface leaf:
	# not Hyper-V, said so, and leaf 0x40000001 is never read.
	add_test(NAME bringup_detect_no_interface COMMAND hvtlfs-detect bhyve)
	set_tests_properties(bringup_detect_no_interface PROPERTIES LABELS bringup
		PASS_REGULAR_EXPRESSION "not Hyper-V: vendor \"bhyve bhyve \", no interface leaf \\(maximum leaf 0x40000000\\) \\(HVTLFS_ERR_LEAF_UNAVAILABLE\\)")
	# No Hyper-V on a build machine, as a rule: any clean verdict passes.
	add_test(NAME bringup_detect_host COMMAND hvtlfs-detect --host)
	set_tests_properties(bringup_detect_host PROPERTIES LABELS bringup
		PASS_REGULAR_EXPRESSION "no hypervisor: |not Hyper-V: vendor|Hyper-V detected")
	add_test(NAME bringup_detect_raw COMMAND hvtlfs-detect --raw)
	set_tests_properties(bringup_detect_raw PROPERTIES LABELS bringup
		PASS_REGULAR_EXPRESSION "\\{ 0x00000001u, 0, \\{ 0x")
	# The walkthrough (no argument, as ./scripts/demo runs it) exits 0: every dump gets
	# the verdict it expects, the refused ones included (the exit status is the test; a
	# PASS_REGULAR_EXPRESSION would make ctest ignore it).
	add_test(NAME bringup_detect_walkthrough COMMAND hvtlfs-detect)
	set_tests_properties(bringup_detect_walkthrough PROPERTIES LABELS bringup)
	add_test(NAME bringup_detect_usage COMMAND hvtlfs-detect no-such-dump)
	set_tests_properties(bringup_detect_usage PROPERTIES LABELS bringup WILL_FAIL TRUE)
endif()
