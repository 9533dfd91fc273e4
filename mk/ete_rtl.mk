# ETE Verilator bench (docs/ete-bench.md): verilate ete_unit (rtl/ete) for each
# parameter set, link the bench ete-rtl-bench-<set>, run it.
#
#   make rtl-bench        build the benches build/bin/ete-rtl-bench-<set>
#   make rtl-test         the bounded regression (Check suites, every set)
#   make rtl-regress      the long regression (RTL_REGRESS_SEEDS seeds per set)
#   make bench-ete-rtl    the rate modes of every set: P0 elements, records and slots
#                         per clock, drops, simulated clocks per second
#   make coverage-ete     line coverage of rtl/ete (verilator_coverage;
#                         docs/ete-coverage.md); make coverage: every unit
#   make deps-tb          install what the bench needs beyond scripts/deps.sh
#
# Parameter sets: <name> := RETIRE_WIDTH OUT_BYTES COMMOPT IN_FIFO_DEPTH.
# The unit is ete_unit on the PE block port (docs/ete-rtl-interface.md);
# the other parameters are those of ete_params_default()
# (model/ete/ete_config.c); COMMOPT alternates so that both Cycle Count
# commit modes are verified.  The entry FIFO: W1_O8, W4_O8 and W4_O16 take
# ete_unit's default (512 entries per bank, what synth-ete builds), W1_O4,
# W2_O8 and W2_O16_MIN smaller ones (overflow and stall at other depths).
# Further NAME=VALUE words override RTL_FIXED_PARAMS: W2_O16_MIN takes the
# smallest value of every resource parameter the unit accepts (no return
# stack, one comparator pair, one event, no external input, a 12-bit cycle
# counter, threshold 1); W4_O16 the largest comparator and external-input
# counts (8 and 8); the defaults are the largest return stack (15), event
# count (4) and cycle counter (20 bits).
RTL_SETS        := W1_O4 W1_O8 W2_O8 W4_O8 W4_O16 W2_O16_MIN
RTL_SET_W1_O4   := 1 4 1 256
RTL_SET_W1_O8   := 1 8 0 512
RTL_SET_W2_O8   := 2 8 1 128
RTL_SET_W4_O8   := 4 8 0 2048
RTL_SET_W4_O16  := 4 16 1 2048 NUM_ACPAIRS=8 NUM_EXTIN=8
RTL_SET_W2_O16_MIN := 2 16 0 64 RS_DEPTH=0 NUM_ACPAIRS=1 NUM_EVENTS=1 NUM_EXTIN=0 CCSIZE=12 CCITMIN=1
RTL_FIXED_PARAMS := RS_DEPTH=15 NUM_ACPAIRS=4 NUM_EVENTS=4 NUM_EXTIN=4 CCSIZE=20 CCITMIN=4
RTL_TOP      := ete_unit

VL_DIR       := $(BUILD)/verilator
VERILATOR    ?= verilator
VL_COV_TOOL  ?= verilator_coverage
RTL_ETE_SRCS  = $(sort $(wildcard rtl/ete/*.v rtl/ete/*.sv))
RTL_YDIRS     = $(if $(wildcard rtl/common/*.v rtl/common/*.sv),-y $(CURDIR)/rtl/common)
# C++ of the Verilated model: -O1 builds much faster than -O2 for a small
# loss of simulation speed (docs/ete-bench.md, measurements); ccache when
# installed (make deps-tb).
VL_OPT_FAST  ?= -O1
VL_OBJCACHE  := $(if $(wildcard /usr/bin/ccache),ccache)
VL_MAKEVARS   = OPT_FAST=$(VL_OPT_FAST) OPT_SLOW= OPT_GLOBAL=-O1 $(if $(VL_OBJCACHE),OBJCACHE=$(VL_OBJCACHE))
VL_JOBS      ?= 2

rtl_extra   = $(wordlist 5,99,$(RTL_SET_$(1)))
rtl_params  = RETIRE_WIDTH=$(word 1,$(RTL_SET_$(1))) OUT_BYTES=$(word 2,$(RTL_SET_$(1))) \
              COMMOPT=$(word 3,$(RTL_SET_$(1))) IN_FIFO_DEPTH=$(word 4,$(RTL_SET_$(1))) \
              $(filter-out $(foreach e,$(call rtl_extra,$(1)),$(firstword $(subst =, ,$(e)))=%),$(RTL_FIXED_PARAMS)) \
              $(call rtl_extra,$(1))
rtl_gflags  = $(foreach p,$(call rtl_params,$(1)),-G$(p))
rtl_dflags  = -DETE_DUT_SET=$(1) $(foreach p,$(call rtl_params,$(1)),-DETE_DUT_$(p))

TB_RTL_INC  := $(INC_ALL) -Itb/ete/rtl -I$(GEN)
TB_RTL_OBJS  = $(VL_DIR)/obj/ete_rtl_tb.o
TB_RTL_SOBJS = $(VL_DIR)/san/ete_rtl_tb.o
VL_LIBS     := -lz -pthread -lm

$(VL_DIR)/obj/%.o: tb/ete/rtl/%.c | $(GEN)/ete_sync_lag.h
	@mkdir -p $(@D)
	$(CC) $(CSTD) $(WARN) $(OPT) $(TB_RTL_INC) -MMD -MP -c $< -o $@
$(VL_DIR)/san/%.o: tb/ete/rtl/%.c | $(GEN)/ete_sync_lag.h
	@mkdir -p $(@D)
	$(CC) $(CSTD) $(WARN) $(SANFL) $(TB_RTL_INC) -MMD -MP -c $< -o $@
$(VL_DIR)/san/test_rtl_ete_unit.o: tests/rtl_ete/test_rtl_ete_unit.c | $(GEN)/ete_sync_lag.h
	@mkdir -p $(@D)
	$(CC) $(CSTD) $(WARN) $(SANFL) $(TB_RTL_INC) -MMD -MP -c $< -o $@

# rtl_model(set, variant dir, extra verilator flags, runtime objects):
# verilate and compile rtl/ete and the shim into $(VL_DIR)/<dir>/.
define rtl_model
$(VL_DIR)/$(2)/.stamp: $$(RTL_ETE_SRCS) $$(wildcard rtl/ete/*.vh rtl/common/*.v) tb/ete/rtl/ete_dut.cpp \
                       tb/ete/rtl/ete_dut.h tb/common/vl_shim.h mk/ete_rtl.mk
	@test -f rtl/ete/$(RTL_TOP).v || { echo "rtl/ete/$(RTL_TOP).v does not exist" >&2; exit 1; }
	@rm -rf $(VL_DIR)/$(2); mkdir -p $(VL_DIR)/$(2)
	@echo "verilator $(2): $(call rtl_params,$(1)) $(3) (log: $(VL_DIR)/$(2).log)"
	@$(VERILATOR) --cc --build -O2 -j $(VL_JOBS) -Wno-fatal --top-module $(RTL_TOP) \
	  -Mdir $(VL_DIR)/$(2) $(3) $(call rtl_gflags,$(1)) -I$(CURDIR)/rtl/ete $(RTL_INC) \
	  -CFLAGS "$(call rtl_dflags,$(1)) -I$(CURDIR)/tb/ete/rtl -I$(CURDIR)/tb/common" \
	  -MAKEFLAGS "$(VL_MAKEVARS)" \
	  $$(addprefix $(CURDIR)/,$$(RTL_ETE_SRCS)) $$(RTL_YDIRS) $(CURDIR)/tb/ete/rtl/ete_dut.cpp \
	  > $(VL_DIR)/$(2).log 2>&1 && \
	$(MAKE) --no-print-directory -C $(VL_DIR)/$(2) -f V$(RTL_TOP).mk $(VL_MAKEVARS) \
	  ete_dut.o $(4) >> $(VL_DIR)/$(2).log 2>&1 || { cat $(VL_DIR)/$(2).log >&2; exit 1; }
	@grep -h -A3 "^%Warning" $(VL_DIR)/$(2).log | head -n 20 || true
	@touch $$@
endef

# Verilator runtime objects of a trace build and of a coverage build
VL_RT_TRACE := verilated.o verilated_threads.o verilated_fst_c.o
VL_RT_COV   := verilated.o verilated_threads.o verilated_cov.o

# rtl_link(output, set dir, C objects, sanitizer flags, libraries, runtime objects)
rtl_link = g++ $(4) -o $(1) $(3) $(VL_DIR)/$(2)/ete_dut.o $(VL_DIR)/$(2)/V$(RTL_TOP)__ALL.a \
           $(addprefix $(VL_DIR)/$(2)/,$(6)) $(5) $(OCSD_LIBS) $(VL_LIBS)

# Coverage builds without -fsplit: Verilator 5.006's always-block split
# moves the line-coverage counters of a combinational block into a block
# of their own that runs after it, so a branch whose body assigns its own
# condition's variable (`if (!active_d) trace_on;`, `if (txd_d == 0) ...;
# txd_d = txd_d + 1`) is tested on the final value and never counted
# (docs/ete-coverage.md).
VL_COV_FLAGS := --coverage-line -fno-split

define rtl_set_rules
$(call rtl_model,$(1),$(1),--trace-fst,$(VL_RT_TRACE))
$(call rtl_model,$(1),cov-$(1),$(VL_COV_FLAGS),$(VL_RT_COV))

$(BIN)/ete-rtl-bench-$(1): $(VL_DIR)/obj/ete_rtl_bench.o $$(TB_RTL_OBJS) $(VL_DIR)/$(1)/.stamp $$(LIBFILES)
	@mkdir -p $$(@D)
	$$(call rtl_link,$$@,$(1),$(VL_DIR)/obj/ete_rtl_bench.o $$(TB_RTL_OBJS),,$$(LIBFILES),$(VL_RT_TRACE))

$(BIN)/ete-rtl-bench-cov-$(1): $(VL_DIR)/obj/ete_rtl_bench.o $$(TB_RTL_OBJS) $(VL_DIR)/cov-$(1)/.stamp $$(LIBFILES)
	@mkdir -p $$(@D)
	$$(call rtl_link,$$@,cov-$(1),$(VL_DIR)/obj/ete_rtl_bench.o $$(TB_RTL_OBJS),,$$(LIBFILES),$(VL_RT_COV))

$(SAN)/tests/rtl_ete/test_rtl_ete_unit-$(1): $(VL_DIR)/san/test_rtl_ete_unit.o $$(TB_RTL_SOBJS) $(VL_DIR)/$(1)/.stamp $$(SANLIBFILES)
	@mkdir -p $$(@D)
	$$(call rtl_link,$$@,$(1),$(VL_DIR)/san/test_rtl_ete_unit.o $$(TB_RTL_SOBJS),$$(SANFL),$$(SANLIBFILES) $$(CHECK_LIBS),$(VL_RT_TRACE))
endef
$(foreach s,$(RTL_SETS),$(eval $(call rtl_set_rules,$(s))))

RTL_BENCHES   := $(foreach s,$(RTL_SETS),$(BIN)/ete-rtl-bench-$(s))
RTL_TEST_BINS := $(foreach s,$(RTL_SETS),$(SAN)/tests/rtl_ete/test_rtl_ete_unit-$(s))

# the bounded RTL-against-model regression, every parameter set
TEST_BINS += $(RTL_TEST_BINS)
test-build: $(RTL_TEST_BINS)

.PHONY: rtl-bench rtl-test rtl-regress coverage-ete deps-tb
rtl-bench: $(RTL_BENCHES)

rtl-test: deps-tb
	@$(MAKE) --no-print-directory $(RTL_TEST_BINS)
	@scripts/run_tests.sh $(RTL_TEST_BINS)

RTL_REGRESS_SEEDS   ?= 200
RTL_REGRESS_RECORDS ?= 50000
RTL_REGRESS_START   ?= 1
rtl-regress: deps-tb
	@$(MAKE) --no-print-directory $(RTL_BENCHES)
	@$(call regress_run,rtl-regress,$(RTL_SETS),$(RTL_REGRESS_START),$(RTL_REGRESS_SEEDS),\
	  $(BIN)/ete-rtl-bench-{set} --seed {seed} --seeds 1 --records $(RTL_REGRESS_RECORDS) $(RTL_REGRESS_ARGS))

COV_DIR       := $(BUILD)/coverage/ete
COV_SEEDS     ?= 24
COV_RECORDS   ?= 20000
# Directed runs of each set beside the COV_SEEDS regression (name: bench
# options); docs/ete-coverage.md says which lines each one reaches:
#   stall   TRCSTALLCTLR.ISTALL on every seed, so every LEVEL is programmed
#   cci     Cycle Count with the PE idle 99.5 % of cycles: counts of 2 and 3
#           ULEB128 bytes (> 127 cycles)
#   cc3     the same with the PE idle 99.995 %: 3 bytes (> 16383 cycles)
#   full    full rate, RETIRE_WIDTH records every clock, slots of up to
#           64 instructions
#   long    straight-line runs of up to 200 instructions
COV_RUNS      := stall cci cc3 full long
COV_RUN_stall := --seed 101 --seeds 8 --records 5000 --stall
COV_RUN_cci   := --seed 201 --seeds 2 --records 600 --config cci --idle 0.995
COV_RUN_cc3   := --seed 211 --seeds 1 --records 40 --config cci --idle 0.99995
COV_RUN_full  := --seed 301 --seeds 2 --records 5000 --full-rate
COV_RUN_long  := --seed 401 --seeds 2 --records 5000 --long-runs --config all
coverage-ete: deps-tb
	@$(MAKE) --no-print-directory $(foreach s,$(RTL_SETS),$(BIN)/ete-rtl-bench-cov-$(s))
	@rm -rf $(COV_DIR); mkdir -p $(COV_DIR)
	@fail=0; for s in $(RTL_SETS); do \
	  $(BIN)/ete-rtl-bench-cov-$$s --seed 1 --seeds $(COV_SEEDS) --records $(COV_RECORDS) \
	    --no-ocsd --coverage $(COV_DIR)/$$s > $(COV_DIR)/$$s.log || fail=1; \
	  tail -n 1 $(COV_DIR)/$$s.log | sed "s/^/$$s: /"; \
	  $(foreach r,$(COV_RUNS),$(BIN)/ete-rtl-bench-cov-$$s $(COV_RUN_$(r)) --no-ocsd \
	    --coverage $(COV_DIR)/$$s-$(r) > $(COV_DIR)/$$s-$(r).log || fail=1; \
	  tail -n 1 $(COV_DIR)/$$s-$(r).log | sed "s/^/$$s $(r): /";) \
	done; echo $$fail > $(COV_DIR)/failed
	@VL_COV_TOOL=$(VL_COV_TOOL) scripts/cov_report.sh ete $(COV_DIR) rtl/ete rtl/common
	@if [ "$$(cat $(COV_DIR)/failed)" != 0 ]; then \
	  echo "coverage: a run failed (logs: $(COV_DIR)/*.log)" >&2; exit 1; fi

# zlib for FST waves; ccache to share the Verilator runtime objects
# between parameter sets and across builds.
deps-tb:
	@need=""; \
	[ -e /usr/include/zlib.h ] || need="$$need zlib1g-dev"; \
	[ -e /usr/bin/ccache ] || need="$$need ccache"; \
	[ -e /usr/bin/verilator_coverage ] || need="$$need verilator"; \
	if [ -n "$$need" ]; then \
	  echo "deps-tb: installing$$need"; \
	  SUDO=; [ "$$(id -u)" -eq 0 ] || SUDO=sudo; \
	  export DEBIAN_FRONTEND=noninteractive; \
	  log=$$(mktemp); \
	  $$SUDO apt-get update -qq >"$$log" 2>&1; \
	  if ! $$SUDO apt-get install -y -qq --no-install-recommends $$need >>"$$log" 2>&1; then \
	    cat "$$log" >&2; rm -f "$$log"; exit 1; fi; \
	  rm -f "$$log"; \
	fi

# ---- throughput table (docs/ete-rtl-pipeline.md, "Throughput") ----------------
# Each set's bench in the rate modes, without backpressure or idle cycles,
# byte-exact against the model:
#   throughput  up to RETIRE_WIDTH records per clock, the clock's group
#               ending after its first P0 record: at most one P0 element;
#   full-rate   RETIRE_WIDTH records every clock;
#   burst-B     full-rate for B clocks, then B x RETIRE_WIDTH clocks without.
# The PE presents the slots of each clock's records (ete_rtl_tb.h).  Rates
# are over the clocks that present slots, summed over the seeds: P0
# elements, records (instructions), slots accepted and slots offered per
# clock (ete_entry admits RETIRE_WIDTH slots per clock, the core takes one
# entry per clock: offered slots above 1 per clock overrun it), trace bytes
# per clock, simulated clocks per CPU second of the whole bench (Verilator
# with the model, decoder and oracle beside it) and of the Verilated model
# alone (its share of the time, inside its eval), records dropped and
# overflows.
# BENCH_RTL_SEEDS cover every configuration whose ViewInst does not depend
# on the instruction address; BENCH_RTL_FILTER_SEEDS those that do
# (filter-range, filter-startstop: S3 splits runs at comparator edges).  The
# branch-only programs (--branches: every record a P0 instruction) measure
# the P0 rate itself.
BENCH_RTL_SEEDS        ?= 1 2 3 4 5 6 9 10 11 12
BENCH_RTL_FILTER_SEEDS ?= 7 8
BENCH_RTL_RECORDS      ?= 20000
BENCH_RTL_BURST        ?= 16

# bench_rtl_rows(seed list, title, modes, extra bench flags, log tag)
define bench_rtl_rows
	@echo "$(2)"; \
	printf '  %-6s %-10s %8s %8s %8s %8s %8s %10s %10s %8s %9s\n' set mode P0/clk rec/clk slot/clk \
	  offer/clk B/clk "bench c/s" "Vl c/s" dropped overflows; \
	for s in $(RTL_SETS); do for m in $(3); do \
	  case $$m in burst-*) mf="--full-rate --burst $${m#burst-}";; *) mf="--$$m";; esac; \
	  for seed in $(1); do \
	    log=$(BUILD)/bench-ete-rtl-$(5)$$s-$$m-$$seed.log; \
	    $(BIN)/ete-rtl-bench-$$s --seed $$seed --records $(BENCH_RTL_RECORDS) --no-ocsd $$mf $(4) \
	      > $$log 2>&1 || echo "FAILED: seed $$seed (log: $$log)"; \
	    grep '^rate-totals' $$log; \
	  done | awk -v s=$$s -v m=$$m '/^FAILED/ { print "  " s " " m " " $$0; f = 1; next } \
	      { p += $$3; r += $$5; b += $$7; w += $$9; c += $$11; t += $$13; d += $$15; o += $$17; \
	        sl += $$19; of += $$21; vs += $$23 } \
	      END { if (!w) w = 1; \
	        printf "  %-6s %-10s %8.3f %8.3f %8.3f %8.3f %8.3f %10.0f %10.0f %8d %9d\n", s, m, p / w, \
	          r / w, sl / w, of / w, b / w, (t > 0 ? c / t : 0), (vs > 0 ? c / vs : 0), d, o; \
	        exit f }' || exit 1; \
	done; done
endef

.PHONY: bench-ete-rtl
bench-ete-rtl: deps-tb
	@$(MAKE) -s --no-print-directory $(RTL_BENCHES)
	$(call bench_rtl_rows,$(BENCH_RTL_SEEDS),ETE RTL (ete_unit) rates: random programs; seeds $(BENCH_RTL_SEEDS) ($(BENCH_RTL_RECORDS) records each),throughput full-rate,,)
	$(call bench_rtl_rows,$(BENCH_RTL_FILTER_SEEDS),address-filtered configurations (filter-range and filter-startstop): seeds $(BENCH_RTL_FILTER_SEEDS),throughput full-rate,,)
	$(call bench_rtl_rows,$(BENCH_RTL_SEEDS),branch-dense programs (every record a P0 instruction): seeds $(BENCH_RTL_SEEDS),throughput full-rate burst-$(BENCH_RTL_BURST),--branches,br-)
