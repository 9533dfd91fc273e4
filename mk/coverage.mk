# Line coverage of every RTL unit (docs/verification.md, "Line coverage";
# docs/ete-coverage.md for ETE).
#
#   make coverage-trbe    rtl/trbe: the TRBE bench, every parameter set
#   make coverage-spe     rtl/spe: the SPE bench, every parameter set
#   make coverage-brbe    rtl/brbe: the BRBE bench, every parameter set
#   make coverage-etmv1   rtl/etmv1: the ETMv1 branch-address bench
#   make coverage-top     rtl/top: the trace_subsystem bench, every parameter set
#   make coverage-common  rtl/common: the common_fifo_sr bench, every FIFO set
#
# make coverage (Makefile) runs every unit below and coverage-ete (mk/ete_rtl.mk);
# it is not part of make test.  Each unit: a second Verilator build of its
# bench's model with --coverage-line -fno-split (VL_COV_FLAGS, mk/ete_rtl.mk) in
# $(COV_VL)/<unit>-<set>, the bench linked against it as
# $(BIN)/cov/<unit>-rtl-bench-<set>, the runs of COV_RUNS_<unit> on every
# set (the seeds and cases of the unit's bounded regression in
# tests/rtl_<unit>, and directed runs where those leave lines), each writing
# its counts through vl_shim (VL_SHIM_COVERAGE, tb/common/vl_shim.h); then
# scripts/cov_report.sh merges them into $(COV_ROOT)/<unit>/merged.dat,
# annotates the sources, prints the points covered per file and in total for
# the unit's own folder (also without the constant functions, which only
# elaboration evaluates), and lists the points never run in
# $(COV_ROOT)/<unit>/uncovered.txt.  This file is included after the other
# mk/*.mk (Makefile): it builds on their sources, sets and libraries.

COV_ROOT        := $(BUILD)/coverage
COV_VL          := $(BUILD)/verilator-cov
COV_VERILATOR   ?= verilator
COV_VL_MAKEVARS := OPT_FAST=-O1 OPT_SLOW= OPT_GLOBAL=-O1 $(if $(wildcard /usr/bin/ccache),OBJCACHE=ccache)
COV_VL_RT       := verilated.o verilated_threads.o verilated_cov.o
COV_VL_LIBS     := -lz -pthread -lm

# cov_set(unit, set, top module, RTL sources, verilator flags, CFLAGS of the
#         shim, shim .cpp, bench objects, libraries): the coverage model of
#         one parameter set and the bench linked against it.
define cov_set
$(COV_VL)/$(1)-$(2)/.stamp: $(4) $(7) $(RTL_VH) tb/common/vl_shim.h mk/coverage.mk | deps-tb
	@rm -rf $(COV_VL)/$(1)-$(2); mkdir -p $(COV_VL)/$(1)-$(2)
	@echo "verilator coverage $(1) $(2) (log: $(COV_VL)/$(1)-$(2).log)"
	@$(COV_VERILATOR) --cc --build -O2 -j $(VL_JOBS) -Wno-fatal $(VL_COV_FLAGS) $(RTL_INC) --top-module $(3) \
	  -Mdir $(COV_VL)/$(1)-$(2) $(5) -CFLAGS "$(6)" -MAKEFLAGS "$(COV_VL_MAKEVARS)" \
	  $(addprefix $(CURDIR)/,$(4) $(7)) > $(COV_VL)/$(1)-$(2).log 2>&1 && \
	$(MAKE) --no-print-directory -C $(COV_VL)/$(1)-$(2) -f V$(3).mk $(COV_VL_MAKEVARS) \
	  $(notdir $(7:.cpp=.o)) $(COV_VL_RT) >> $(COV_VL)/$(1)-$(2).log 2>&1 || \
	  { tail -n 40 $(COV_VL)/$(1)-$(2).log >&2; exit 1; }
	@touch $$@

$(BIN)/cov/$(1)-rtl-bench-$(2): $(8) $(COV_VL)/$(1)-$(2)/.stamp $(filter %.a,$(9))
	@mkdir -p $$(@D)
	g++ -o $$@ $(8) $(COV_VL)/$(1)-$(2)/$(notdir $(7:.cpp=.o)) $(COV_VL)/$(1)-$(2)/V$(3)__ALL.a \
	  $(addprefix $(COV_VL)/$(1)-$(2)/,$(COV_VL_RT)) $(9) $(COV_VL_LIBS)
endef

# cov_unit(unit, sets, source folders counted): run COV_RUNS_<unit> (each
# COV_RUN_<unit>_<run>: bench options) on every set, then the report.
define cov_unit
coverage-$(1): $(foreach s,$(2),$(BIN)/cov/$(1)-rtl-bench-$(s))
	@rm -rf $(COV_ROOT)/$(1); mkdir -p $(COV_ROOT)/$(1)
	@fail=0; for s in $(2); do \
	  $(foreach r,$(COV_RUNS_$(1)),\
	  if VL_SHIM_COVERAGE=$(COV_ROOT)/$(1)/$$$$s-$(r) $(BIN)/cov/$(1)-rtl-bench-$$$$s \
	     $(COV_RUN_$(1)_$(r)) > $(COV_ROOT)/$(1)/$$$$s-$(r).log 2>&1; \
	  then echo "$(1) $$$$s $(r): $$$$(tail -n 1 $(COV_ROOT)/$(1)/$$$$s-$(r).log)"; \
	  else fail=1; echo "$(1) $$$$s $(r): FAILED (log: $(COV_ROOT)/$(1)/$$$$s-$(r).log)"; fi;) \
	done; \
	VL_COV_TOOL=$(VL_COV_TOOL) scripts/cov_report.sh $(1) $(COV_ROOT)/$(1) $(3) || fail=1; \
	if [ $$$$fail != 0 ]; then echo "coverage-$(1): a run failed" >&2; exit 1; fi
endef

# ---- TRBE: the cases of tests/rtl_trbe (12000 bytes a seed): each fill mode,
#      each trigger mode, AXI error responses, everything random
COV_RUNS_trbe        := fill wrap circ stop irq ignore errors random
COV_RUN_trbe_fill    := --seed 100 --seeds 6 --bytes 12000 --fill-mode fill
COV_RUN_trbe_wrap    := --seed 200 --seeds 6 --bytes 12000 --fill-mode wrap
COV_RUN_trbe_circ    := --seed 300 --seeds 6 --bytes 12000 --fill-mode circular
COV_RUN_trbe_stop    := --seed 400 --seeds 6 --bytes 12000 --trig-mode stop
COV_RUN_trbe_irq     := --seed 500 --seeds 6 --bytes 12000 --trig-mode irq
COV_RUN_trbe_ignore  := --seed 600 --seeds 6 --bytes 12000 --trig-mode ignore
COV_RUN_trbe_errors  := --seed 700 --seeds 8 --bytes 12000 --errors 1
COV_RUN_trbe_random  := --seed 800 --seeds 12 --bytes 12000
$(foreach s,$(TRBE_SETS),$(eval $(call cov_set,trbe,$(s),trbe_top,$(TRBE_RTL),\
  $(call trbe_gflags,$(s)),$(call trbe_dflags,$(s)) -I$(CURDIR)/$(TRBE_TBDIR)/rtl \
  -I$(CURDIR)/tb/common,$(TRBE_TBDIR)/rtl/trbe_dut.cpp,\
  $(TRBE_VL)/obj/trbe_rtl_bench.o,$(TRBE_LIBS) $(BUILD)/libtb_common.a)))
$(eval $(call cov_unit,trbe,$(TRBE_SETS),rtl/trbe))

# ---- SPE: the seeds of tests/rtl_spe; long: two streams of 100000 records,
#      long enough for PE Warm resets (progen: one every 5000-80000 records)
COV_RUNS_spe       := seeds long
COV_RUN_spe_seeds  := --seed 1000 --seeds 24 --records 6000
COV_RUN_spe_long   := --seed 2000 --seeds 2 --records 100000
$(foreach s,$(SPE_SETS),$(eval $(call cov_set,spe,$(s),spe_top,$(SPE_RTL),\
  $(call spe_gflags,$(s)),$(call spe_dflags,$(s)) -I$(CURDIR)/$(SPE_TBDIR) -I$(CURDIR)/tb/common,\
  $(SPE_TBDIR)/spe_dut.cpp,$(SPE_VL)/obj/spe_rtl_bench.o $(SPE_VL)/obj/spe_rtl_tb.o,$(SPE_LIBS))))
$(eval $(call cov_unit,spe,$(SPE_SETS),rtl/spe))

# ---- BRBE: the seeds of tests/rtl_brbe; long: as SPE's (PE Warm resets,
#      cycle counts of 256 and more between records); directed: PE Warm
#      resets right after ERETs and idle gaps of 2^20 cycles and more (the
#      case test_directed of tests/rtl_brbe, more seeds).  Beside BRBE_SETS the
#      set E1 (coverage only): no EL2, 16 records, EL3 with FEAT_BRBEv1p1,
#      for the lines of HAS_EL2 0 (the PMU freeze of R_PKTXQ)
BRBE_SET_E1        := 16 0 1 1 0 0
COV_SETS_brbe      := $(BRBE_SETS) E1
COV_RUNS_brbe      := seeds long directed
COV_RUN_brbe_seeds := --seed 1000 --seeds 6 --records 6000
COV_RUN_brbe_long  := --seed 2000 --seeds 2 --records 100000
COV_RUN_brbe_directed := --seed 3000 --seeds 4 --records 20000 --eret-reset --long-gaps
$(foreach s,$(COV_SETS_brbe),$(eval $(call cov_set,brbe,$(s),brbe_top,$(BRBE_RTL),\
  $(call brbe_gflags,$(s)),$(call brbe_dflags,$(s)) -I$(CURDIR)/$(BRBE_TBDIR) -I$(CURDIR)/tb/common,\
  $(BRBE_TBDIR)/brbe_dut.cpp,$(BRBE_VL)/obj/brbe_rtl_bench.o $(BRBE_VL)/obj/brbe_rtl_tb.o,$(BRBE_LIBS))))
$(eval $(call cov_unit,brbe,$(COV_SETS_brbe),rtl/brbe))

# ---- ETMv1: the seeds of tests/rtl_etmv1 (one model: no parameters)
COV_RUNS_etmv1      := seeds
COV_RUN_etmv1_seeds := --seed 500 --seeds 8 --branches 25000
$(eval $(call cov_set,etmv1,dut,etmv1_baddr,$(ETMV1_RTL),,-I$(CURDIR)/$(ETMV1_TBDIR) -I$(CURDIR)/tb/common,\
  $(ETMV1_TBDIR)/etmv1_dut.cpp,$(ETMV1_VL)/obj/etmv1_rtl_bench.o $(ETMV1_VL)/obj/etmv1_rtl_tb.o,$(ETMV1_LIBS)))
$(eval $(call cov_unit,etmv1,dut,rtl/etmv1))

# ---- the subsystem top: the cases of tests/rtl_top (8000 records a seed)
COV_RUNS_top        := random fill wrap stop units nostall
COV_RUN_top_random  := --seed 1000 --seeds 30 --records 8000
COV_RUN_top_fill    := --seed 2000 --seeds 3 --records 24000 --fill-mode fill --trig-mode ignore \
                       --buf-kb 4 --backpressure 0.3 --no-spe --no-brbe
COV_RUN_top_wrap    := --seed 2100 --seeds 3 --records 24000 --fill-mode wrap --trig-mode ignore \
                       --buf-kb 4 --backpressure 0.3 --no-spe --no-brbe
COV_RUN_top_stop    := --seed 2200 --seeds 6 --records 8000 --fill-mode circular --trig-mode stop
COV_RUN_top_units   := --seed 2300 --seeds 8 --records 8000 --backpressure 0.5 --spe --brbe
COV_RUN_top_nostall := --seed 2400 --seeds 4 --records 8000 --fill-mode circular --trig-mode ignore \
                       --backpressure 0.9 --no-stall --spe --brbe
$(foreach s,$(TOP_SETS),$(eval $(call cov_set,top,$(s),trace_subsystem,$(TOP_RTL),\
  $(call top_gflags,$(s)) -I$(CURDIR)/rtl/ete,$(call top_dflags,$(s)) -I$(CURDIR)/$(TOP_TBDIR)/rtl \
  -I$(CURDIR)/tb/common,$(TOP_TBDIR)/rtl/ts_dut.cpp,\
  $(TOP_VL)/obj/ts_rtl_bench.o,$(LIBFILES) $(OCSD_LIBS))))
$(eval $(call cov_unit,top,$(TOP_SETS),rtl/top))

# ---- common_fifo_sr: the cases of tests/rtl_common (every FIFO set of the
#      bench's top, 4 seeds of 40000 clocks each)
COV_RUNS_common       := seeds
COV_RUN_common_seeds  := --seed 1000 --seeds 4 --cycles 40000
$(eval $(call cov_set,common,all,fifo_sr_tb_top,$(CM_RTL) $(CM_TBD)/fifo_sr_tb_top.v,,\
  -I$(CURDIR)/$(CM_TBD) -I$(CURDIR)/tb/common,$(CM_TBD)/fifo_sr_dut.cpp,\
  $(CM_VL)/obj/fifo_sr_bench.o $(CM_VL)/obj/fifo_sr_tb.o,$(BUILD)/libtb_common.a))
$(eval $(call cov_unit,common,all,rtl/common))

.PHONY: coverage coverage-trbe coverage-spe coverage-brbe coverage-etmv1 coverage-top coverage-common
coverage: coverage-ete coverage-trbe coverage-spe coverage-brbe coverage-etmv1 coverage-top \
          coverage-common
