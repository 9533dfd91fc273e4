# The one target scheme.  Every unit folder (common, ete, trbe, spe, brbe,
# etmv1 and the subsystem top) answers to the same names:
#
#   make common-test       Check suites of tests/common (contract, harness, layers)
#   make common-rtl-test   RTL tests of tests/rtl_common (FIFO, the .vh constants)
#   make ete-test          Check suites of tests/ete (model, decoder, driver, OpenCSD)
#   make ete-rtl-test      RTL tests of tests/rtl_ete (ete_unit sets, ete_pipe, ete_entry)
#   make ete-regress       the long model round trip (alias of regress)
#   make ete-rtl-regress   the long RTL regressions (rtl-regress, pipe-regress)
#   make trbe-test         Check suites of tests/trbe (model, driver, AXI memory)
#   make trbe-rtl-test     RTL tests of tests/rtl_trbe (one per TRBE set)
#   make trbe-rtl-regress  the long TRBE RTL regression (alias of trbe-regress)
#   make spe-test          Check suites of tests/spe (model, decoder, names)
#   make spe-rtl-test      RTL tests of tests/rtl_spe (one per SPE set)
#   make brbe-test         Check suites of tests/brbe (model, decoder, driver)
#   make brbe-rtl-test     RTL tests of tests/rtl_brbe (one per BRBE set)
#   make brbe-rtl-regress  the long BRBE RTL regression (alias of brbe-regress)
#   make etmv1-test        Check suites of tests/etmv1 (decoder, vectors, OpenCSD)
#   make etmv1-rtl-test    RTL test of tests/rtl_etmv1
#   make top-rtl-test      RTL tests of tests/rtl_top (trace_subsystem)
#   make top-rtl-regress   the long subsystem regression (alias of top-regress)
#
# lint-<unit>, formal-<unit> and synth-<unit> live in each unit's mk file;
# spe-rtl-regress in mk/spe_rtl.mk.  Old names, kept for one release:
#   make trbe-unit-test    old name of trbe-test
#   make top-test          old name of top-rtl-test
#
# A test registers itself in one way:
# its binary joins TEST_BINS (Check suites by the Makefile's generic rule,
# RTL tests by their unit's mk file), as $(SAN)/tests/<unit>/... or
# $(SAN)/tests/rtl_<unit>/...; the targets above take their binaries from
# TEST_BINS by folder, so a new test is in `make test` and in its unit's
# target at once.  This file is read after every other mk file.
#
# trbe-test, brbe-test and etmv1-test changed meaning (CHANGELOG): their
# RTL tests moved to <unit>-rtl-test.

unit_tests = $(filter $(SAN)/tests/$(1)/%,$(TEST_BINS))

# <name> runs the binaries of tests/<folder>
define unit_test_rule
$(1): $(call unit_tests,$(2))
	@scripts/run_tests.sh $(call unit_tests,$(2))
endef

UNIT_C     := common ete trbe spe brbe etmv1
UNIT_RTL   := common ete trbe spe brbe etmv1 top
$(foreach u,$(UNIT_C),$(eval $(call unit_test_rule,$(u)-test,$(u))))
$(foreach u,$(UNIT_RTL),$(eval $(call unit_test_rule,$(u)-rtl-test,rtl_$(u))))
.PHONY: $(UNIT_C:%=%-test) $(UNIT_RTL:%=%-rtl-test)

.PHONY: ete-regress ete-rtl-regress trbe-rtl-regress brbe-rtl-regress top-rtl-regress \
        trbe-unit-test top-test
ete-regress: regress
ete-rtl-regress: rtl-regress pipe-regress
trbe-rtl-regress: trbe-regress
brbe-rtl-regress: brbe-regress
top-rtl-regress: top-regress
trbe-unit-test: trbe-test
top-test: top-rtl-test
