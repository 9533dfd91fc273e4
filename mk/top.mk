# Trace subsystem (docs/trace-subsystem.md): rtl/top/trace_subsystem.v with
# the ETE, TRBE, SPE and BRBE units, its Verilator bench, regression, lint
# and synthesis.
#
#   make top-bench      the benches build/bin/ts-rtl-bench-<set>
#   make top-regress    the long regression (TOP_REGRESS_SEEDS seeds per set)
#   make ts-demo        build/bin/ts-demo (tb/top/rtl/ts_demo.c, set TS_DEMO_SET)
#   make lint-top       verilator --lint-only -Wall, iverilog -g2005, yosys
#   make synth-top      yosys synth and synth_ice40 of trace_subsystem (set SYNTH_TOP_SET)
#   make synth-top-report  the figures of the last synth-top run, again
#
# The bench library (tb/top/rtl/ts_rtl_tb.c) is the Makefile's tb_top library; this
# file adds the Verilated model, the shim, the command-line bench, the demo
# and the Check suite, which link it.

TOP_TBDIR := tb/top
TOP_RTL   := $(sort $(wildcard rtl/top/*.v)) $(sort $(wildcard rtl/common/*.v)) \
             $(sort $(wildcard rtl/ete/*.v)) $(sort $(wildcard rtl/trbe/*.v)) \
             $(sort $(wildcard rtl/spe/*.v)) $(sort $(wildcard rtl/brbe/*.v))
TOP_HDRS  := $(GEN)/ete_sync_lag.h $(wildcard $(TOP_TBDIR)/*.h $(TOP_TBDIR)/rtl/*.h) common/pe_stream.h \
             common/ete_regs.h common/trbe_regs.h common/spe_regs.h \
             common/brbe_regs.h tb/trbe/rtl/trbe_pins.h tb/trbe/rtl/trbe_axi_mem.h

# Parameter sets: <name> := the values of TOP_PNAMES, in order.  Both have
# OUT_BYTES 8 and DATA_W 64; W4 also changes the burst, the AXI IDs, the
# ETE commit mode, the SPE record format, in-flight distance and samples in
# flight (W4: 6 records, 4 samples: collisions), and the
# BRBE buffer size and ISB recording.
TOP_PNAMES := RETIRE_WIDTH OUT_BYTES DATA_W BURST_BEATS ID_W TRBE_AXI_ID SPE_AXI_ID \
              ETE_IN_FIFO_DEPTH ETE_OUT_FIFO_DEPTH ETE_RS_DEPTH ETE_NUM_ACPAIRS \
              ETE_NUM_EVENTS ETE_NUM_EXTIN ETE_CCSIZE ETE_CCITMIN ETE_COMMOPT \
              SPE_ALIGN SPE_MAX_SIZE SPE_ERND SPE_INFLIGHT_RECORDS SPE_MAX_INFLIGHT \
              SPE_EXT_HEADERS SPE_SER_DEPTH BRBE_NUMREC BRBE_HAS_EL2 BRBE_HAS_EL3 BRBE_V1P1 \
              BRBE_RECORD_ISB BRBE_CAP_PER_CYCLE BRBE_SER_DEPTH
TOP_SETS   := W1 W4
#                RW OB DW  BB ID T S  EIN EOUT RS AC EV EX CC CI CO  AL MS ER IF MI EH SQ  NR E2 E3 V1 ISB CAP BQ
TOP_SET_W1 := 1  8  64  16 4  0 1  64  128  15 4  4  4  20 4  1   0  7  0  1  1  0  4   32 1  0  0  0   0   4
TOP_SET_W4 := 4  8  64  8  2  3 1  256 128  15 4  4  4  20 4  0   2  7  0  6  4  1  16  64 1  0  0  1   0   16

top_params = $(join $(addsuffix =,$(TOP_PNAMES)),$(TOP_SET_$(1)))
top_gflags = $(addprefix -G,$(call top_params,$(1)))
top_dflags = -DTS_DUT_SET=$(1) $(addprefix -DTS_DUT_,$(call top_params,$(1)))

TOP_VL        := $(BUILD)/verilator-top
TOP_VERILATOR ?= verilator
TOP_VL_MAKEVARS := OPT_FAST=-O1 OPT_SLOW= OPT_GLOBAL=-O1 $(if $(wildcard /usr/bin/ccache),OBJCACHE=ccache)
TOP_VL_RT     := verilated.o verilated_threads.o verilated_fst_c.o
TOP_VL_LIBS   := -lz -pthread -lm
TOP_TB_INC    := $(INC_tb_top) -I$(TOP_TBDIR)/rtl -Itb/ete -Itb/workloads -Itests/common

# C objects of the command line, the demo and the test, outside the library
$(TOP_VL)/obj/%.o: $(TOP_TBDIR)/rtl/%.c $(TOP_HDRS)
	@mkdir -p $(@D)
	$(CC) $(CSTD) $(WARN) $(OPT) $(TOP_TB_INC) -c $< -o $@
$(TOP_VL)/san/%.o: tests/rtl_top/%.c $(TOP_HDRS)
	@mkdir -p $(@D)
	$(CC) $(CSTD) $(WARN) $(SANFL) $(TOP_TB_INC) -c $< -o $@

# Verilator, and zlib for its FST waves: installed when missing
.PHONY: deps-top
deps-top:
	@need=""; \
	[ -e /usr/include/zlib.h ] || need="$$need zlib1g-dev"; \
	command -v $(TOP_VERILATOR) >/dev/null 2>&1 || need="$$need verilator"; \
	if [ -n "$$need" ]; then \
	  echo "deps-top: installing$$need"; \
	  SUDO=; [ "$$(id -u)" -eq 0 ] || SUDO=sudo; \
	  export DEBIAN_FRONTEND=noninteractive; \
	  $$SUDO apt-get update -qq >/dev/null && \
	  $$SUDO apt-get install -y -qq --no-install-recommends $$need >/dev/null; \
	fi

# top_set_rules(set): the Verilated model with the shim, the bench, the test
define top_set_rules
$(TOP_VL)/$(1)/.stamp: $(TOP_RTL) $(wildcard rtl/ete/*.vh) $(RTL_VH) $(TOP_TBDIR)/rtl/ts_dut.cpp $(TOP_TBDIR)/rtl/ts_dut.h \
                       $(TOP_TBDIR)/rtl/ts_pins.h tb/common/vl_shim.h mk/top.mk | deps-top
	@rm -rf $(TOP_VL)/$(1); mkdir -p $(TOP_VL)/$(1)
	@echo "verilator trace_subsystem $(1) (log: $(TOP_VL)/$(1).log)"
	@+$(TOP_VERILATOR) --cc --build -O2 -j 2 -Wall -Wno-fatal --top-module trace_subsystem \
	  --trace-fst -Mdir $(TOP_VL)/$(1) $(call top_gflags,$(1)) -I$(CURDIR)/rtl/ete $(RTL_INC) \
	  -CFLAGS "$(call top_dflags,$(1)) -I$(CURDIR)/$(TOP_TBDIR)/rtl \
	           -I$(CURDIR)/tb/common" \
	  -MAKEFLAGS "$(TOP_VL_MAKEVARS)" \
	  $(addprefix $(CURDIR)/,$(TOP_RTL)) $(CURDIR)/$(TOP_TBDIR)/rtl/ts_dut.cpp \
	  > $(TOP_VL)/$(1).log 2>&1 && \
	$(MAKE) --no-print-directory -s -C $(TOP_VL)/$(1) -f Vtrace_subsystem.mk $(TOP_VL_MAKEVARS) \
	  ts_dut.o $(TOP_VL_RT) >> $(TOP_VL)/$(1).log 2>&1 || { tail -n 40 $(TOP_VL)/$(1).log >&2; exit 1; }
	@grep -h -A3 "^%Warning" $(TOP_VL)/$(1).log | head -n 20 || true
	@touch $$@

$(BIN)/ts-rtl-bench-$(1): $(TOP_VL)/obj/ts_rtl_bench.o $(TOP_VL)/$(1)/.stamp $(LIBFILES)
	@mkdir -p $$(@D)
	g++ -o $$@ $(TOP_VL)/obj/ts_rtl_bench.o $(TOP_VL)/$(1)/ts_dut.o \
	  $(TOP_VL)/$(1)/Vtrace_subsystem__ALL.a $(addprefix $(TOP_VL)/$(1)/,$(TOP_VL_RT)) \
	  $(LIBFILES) $(OCSD_LIBS) $(TOP_VL_LIBS)

$(SAN)/tests/rtl_top/test_rtl_top-$(1): $(TOP_VL)/san/test_rtl_top.o $(TOP_VL)/$(1)/.stamp \
                                        $(SANLIBFILES)
	@mkdir -p $$(@D)
	g++ $(SANFL) -o $$@ $(TOP_VL)/san/test_rtl_top.o $(TOP_VL)/$(1)/ts_dut.o \
	  $(TOP_VL)/$(1)/Vtrace_subsystem__ALL.a $(addprefix $(TOP_VL)/$(1)/,$(TOP_VL_RT)) \
	  $(SANLIBFILES) $(OCSD_LIBS) $(CHECK_LIBS) $(TOP_VL_LIBS)
endef
$(foreach s,$(TOP_SETS),$(eval $(call top_set_rules,$(s))))

TOP_BENCHES   := $(foreach s,$(TOP_SETS),$(BIN)/ts-rtl-bench-$(s))
TOP_RTL_TESTS := $(foreach s,$(TOP_SETS),$(SAN)/tests/rtl_top/test_rtl_top-$(s))

# the bounded regression is part of `make test`
TEST_BINS += $(filter-out $(TEST_BINS),$(TOP_RTL_TESTS))
test-build: $(TOP_RTL_TESTS)

.PHONY: top-bench top-regress
top-bench: $(TOP_BENCHES)

TOP_REGRESS_SEEDS ?= 200
TOP_REGRESS_START ?= 1
top-regress: $(TOP_BENCHES)
	@$(call regress_run,top-regress,$(TOP_SETS),$(TOP_REGRESS_START),$(TOP_REGRESS_SEEDS),\
	  $(BIN)/ts-rtl-bench-{set} --seed {seed} --seeds 1 $(TOP_REGRESS_ARGS))

# ---- the demo program (tb/top/rtl/ts_demo.c), built once it exists ---------------------
TS_DEMO_SET ?= W4
TS_DEMO_SRC := $(wildcard $(TOP_TBDIR)/rtl/ts_demo.c)
.PHONY: ts-demo
ifneq ($(TS_DEMO_SRC),)
ts-demo: $(BIN)/ts-demo
$(BIN)/ts-demo: $(TOP_VL)/obj/ts_demo.o $(TOP_VL)/$(TS_DEMO_SET)/.stamp $(LIBFILES)
	@mkdir -p $(@D)
	g++ -o $@ $(TOP_VL)/obj/ts_demo.o $(TOP_VL)/$(TS_DEMO_SET)/ts_dut.o \
	  $(TOP_VL)/$(TS_DEMO_SET)/Vtrace_subsystem__ALL.a \
	  $(addprefix $(TOP_VL)/$(TS_DEMO_SET)/,$(TOP_VL_RT)) $(LIBFILES) $(OCSD_LIBS) $(TOP_VL_LIBS)
else
ts-demo:
	@echo "ts-demo: $(TOP_TBDIR)/rtl/ts_demo.c does not exist yet"
endif

# ---- lint: Verilator -Wall for both sets and a wide one, Icarus -g2005, Yosys ----------
TOP_LINT_WIDE := -GRETIRE_WIDTH=2 -GOUT_BYTES=16 -GDATA_W=128 -GBURST_BEATS=4 -GID_W=1 \
                 -GTRBE_AXI_ID=1 -GSPE_AXI_ID=0 -GSPE_SER_DEPTH=4 -GBRBE_SER_DEPTH=64 \
                 -GBRBE_RECORD_ISB=1 -GSPE_INFLIGHT_RECORDS=255
.PHONY: lint-top
lint-top:
	@fail=0; \
	$(foreach s,$(TOP_SETS),if $(TOP_VERILATOR) --lint-only -Wall -Irtl/ete $(RTL_INC) --top-module trace_subsystem \
	  $(call top_gflags,$(s)) $(TOP_RTL); then echo "top: verilator -Wall $(s): clean"; \
	  else fail=1; fi; ) \
	if $(TOP_VERILATOR) --lint-only -Wall -Irtl/ete $(RTL_INC) --top-module trace_subsystem $(TOP_LINT_WIDE) \
	  $(TOP_RTL); then echo "top: verilator -Wall (RETIRE_WIDTH 2, OUT_BYTES 16, DATA_W 128): clean"; \
	else fail=1; fi; \
	out=$$(iverilog -g2005 -Wall -Irtl/ete $(RTL_INC) -o /dev/null -s trace_subsystem $(TOP_RTL) 2>&1); \
	if [ $$? -eq 0 ] && [ -z "$$out" ]; then echo "top: iverilog -g2005 -Wall: clean"; \
	else echo "$$out"; fail=1; fi; \
	if yosys -q -p "read_verilog $(RTL_INC) $(TOP_RTL); hierarchy -check -top trace_subsystem; proc; \
	  check -assert" >/dev/null; then echo "top: yosys hierarchy -check, check -assert: clean"; \
	else fail=1; fi; exit $$fail

# ---- synthesis: resources of trace_subsystem (parameter set SYNTH_TOP_SET) ---------------
SYNTH_TOP_SET ?= W1
TOP_SYN_DIR   := $(BUILD)/synth-top
TOP_SYN_READ   = read_verilog $(RTL_INC) $(TOP_RTL); \
                 chparam $(foreach p,$(call top_params,$(SYNTH_TOP_SET)),-set $(subst =, ,$(p))) \
                 trace_subsystem
# stat lines are "NAME COUNT" (Yosys 0.23) or "COUNT NAME" (newer)
TOP_SYN_CNT = awk -v pat="$(1)" '{ if ($$1 ~ /^[0-9]+$$/) { k = $$2; v = $$1 } else { k = $$1; v = $$2 } } \
                k ~ pat { n += v } END { print n + 0 }' $(2)
.PHONY: synth-top
synth-top:
	@mkdir -p $(TOP_SYN_DIR)
	@yosys -q -l $(TOP_SYN_DIR)/generic.log -p "$(TOP_SYN_READ); synth -top trace_subsystem \
	  -flatten; tee -q -o $(TOP_SYN_DIR)/generic.stat stat" >/dev/null
	@yosys -q -l $(TOP_SYN_DIR)/ice40.log -p "$(TOP_SYN_READ); synth_ice40 -top trace_subsystem; \
	  tee -q -o $(TOP_SYN_DIR)/ice40.stat stat" >/dev/null
	@$(MAKE) --no-print-directory synth-top-report

# the figures of the last synth-top run
.PHONY: synth-top-report
synth-top-report:
	@st=$(TOP_SYN_DIR)/ice40.stat; gs=$(TOP_SYN_DIR)/generic.stat; \
	echo "trace_subsystem $(SYNTH_TOP_SET), yosys synth_ice40: LUT4 $$($(call TOP_SYN_CNT,^SB_LUT4$$,$$st)),\
	 FF $$($(call TOP_SYN_CNT,^SB_DFF,$$st)), RAM SB_RAM40_4K $$($(call TOP_SYN_CNT,^SB_RAM40_4K,$$st)),\
	 CARRY $$($(call TOP_SYN_CNT,^SB_CARRY$$,$$st))"; \
	echo "trace_subsystem $(SYNTH_TOP_SET), yosys synth (generic, flattened): cells \
	$$(awk '/Number of cells/ { for (i = 1; i <= NF; i++) if ($$i ~ /^[0-9]+$$/) n = $$i } END { print n + 0 }' $$gs),\
	 FF $$($(call TOP_SYN_CNT,DFF,$$gs)) (generic synth has no RAM: memories are flip-flops)"
	@echo "logs: $(TOP_SYN_DIR)/{generic,ice40}.{log,stat}"

lint: lint-top
synth: synth-top
