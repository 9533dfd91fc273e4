# BRBE RTL (docs/brbe-rtl.md): Verilator bench, RTL regression, synthesis, lint.
#
#   make brbe-bench      the benches build/bin/brbe-rtl-bench-<set>
#   make brbe-regress    the long RTL regression (BRBE_REGRESS_SEEDS seeds per set)
#   make synth-brbe      yosys synth_ice40 and generic synth of brbe_top, NUMREC 8 and 64
#   make lint-brbe       verilator --lint-only -Wall, iverilog -g2005, yosys
#
# The C model (model/brbe) is a library of the main Makefile; the bench C
# sources live in tb/brbe/rtl with the C++ shim and are built here.

BRBE_TBDIR := tb/brbe/rtl
BRBE_RTL   := rtl/brbe/brbe_top.v rtl/brbe/brbe_rec.v rtl/brbe/brbe_regs.v \
              rtl/common/common_ram_sdp.v
BRBE_HDRS  := common/brbe_regs.h model/brbe/brbe_model.h tb/common/progen.h \
              $(wildcard $(BRBE_TBDIR)/*.h)

# Parameter sets: <name> := NUMREC HAS_EL2 HAS_EL3 V1P1 RECORD_ISB CAP_PER_CYCLE
#  N8:  the smallest buffer, EL3 with FEAT_BRBEv1p1, ISB recorded, one record
#       per PE cycle (R_PMRRL invalidations)
#  N64: the largest buffer (two banks of BRBFCR_EL1.BANK), EL2, no EL3, no limit
BRBE_SETS   := N8 N64
BRBE_SET_N8  := 8 1 1 1 1 1
BRBE_SET_N64 := 64 1 0 0 0 0

brbe_pnames  := NUMREC HAS_EL2 HAS_EL3 V1P1 RECORD_ISB CAP_PER_CYCLE
brbe_params   = $(join $(addsuffix =,$(brbe_pnames)),$(BRBE_SET_$(1)))
brbe_gflags   = $(addprefix -G,$(call brbe_params,$(1)))
brbe_dflags   = -DBRBE_DUT_SET=$(1) $(addprefix -DBRBE_DUT_,$(call brbe_params,$(1)))

BRBE_VL        := $(BUILD)/verilator-brbe
BRBE_VERILATOR ?= verilator
BRBE_VL_MAKEVARS := OPT_FAST=-O1 OPT_SLOW= OPT_GLOBAL=-O1 $(if $(wildcard /usr/bin/ccache),OBJCACHE=ccache)
BRBE_VL_RT   := verilated.o verilated_threads.o verilated_fst_c.o
BRBE_TB_INC  := -I$(BRBE_TBDIR) -Imodel/brbe -Itb/common -Icommon
BRBE_VL_LIBS := -lz -pthread -lm
BRBE_LIBS    := $(BUILD)/libmodel_brbe.a $(BUILD)/libtb_common.a $(BUILD)/libcommon.a
BRBE_SLIBS   := $(SAN)/libmodel_brbe.a $(SAN)/libtb_common.a $(SAN)/libcommon.a

$(BRBE_VL)/obj/%.o: $(BRBE_TBDIR)/%.c $(BRBE_HDRS)
	@mkdir -p $(@D)
	$(CC) $(CSTD) $(WARN) $(OPT) $(BRBE_TB_INC) -c $< -o $@
$(BRBE_VL)/san/%.o: $(BRBE_TBDIR)/%.c $(BRBE_HDRS)
	@mkdir -p $(@D)
	$(CC) $(CSTD) $(WARN) $(SANFL) $(BRBE_TB_INC) -c $< -o $@
$(BRBE_VL)/san/test_rtl_brbe.o: tests/rtl_brbe/test_rtl_brbe.c $(BRBE_HDRS)
	@mkdir -p $(@D)
	$(CC) $(CSTD) $(WARN) $(SANFL) $(BRBE_TB_INC) -c $< -o $@

# Verilator, and zlib for its FST waves: installed when missing
.PHONY: deps-brbe
deps-brbe:
	@need=""; \
	[ -e /usr/include/zlib.h ] || need="$$need zlib1g-dev"; \
	command -v $(BRBE_VERILATOR) >/dev/null 2>&1 || need="$$need verilator"; \
	if [ -n "$$need" ]; then \
	  echo "deps-brbe: installing$$need"; \
	  SUDO=; [ "$$(id -u)" -eq 0 ] || SUDO=sudo; \
	  export DEBIAN_FRONTEND=noninteractive; \
	  $$SUDO apt-get update -qq >/dev/null && \
	  $$SUDO apt-get install -y -qq --no-install-recommends $$need >/dev/null; \
	fi

define brbe_set_rules
$(BRBE_VL)/$(1)/.stamp: $(BRBE_RTL) $(RTL_VH) $(BRBE_TBDIR)/brbe_dut.cpp $(BRBE_TBDIR)/brbe_dut.h tb/common/vl_shim.h \
                        $(BRBE_TBDIR)/brbe_pins.h mk/brbe.mk | deps-brbe
	@rm -rf $(BRBE_VL)/$(1); mkdir -p $(BRBE_VL)/$(1)
	+$(BRBE_VERILATOR) --cc --build -O2 -j 2 -Wall $(RTL_INC) --top-module brbe_top --trace-fst \
	  -Mdir $(BRBE_VL)/$(1) $(call brbe_gflags,$(1)) \
	  -CFLAGS "$(call brbe_dflags,$(1)) -I$(CURDIR)/$(BRBE_TBDIR) -I$(CURDIR)/tb/common" \
	  -MAKEFLAGS "$(BRBE_VL_MAKEVARS)" \
	  $(addprefix $(CURDIR)/,$(BRBE_RTL)) $(CURDIR)/$(BRBE_TBDIR)/brbe_dut.cpp
	+$(MAKE) --no-print-directory -s -C $(BRBE_VL)/$(1) -f Vbrbe_top.mk $(BRBE_VL_MAKEVARS) \
	  brbe_dut.o $(BRBE_VL_RT)
	@touch $$@

$(BIN)/brbe-rtl-bench-$(1): $(BRBE_VL)/obj/brbe_rtl_bench.o $(BRBE_VL)/obj/brbe_rtl_tb.o \
                            $(BRBE_VL)/$(1)/.stamp $(BRBE_LIBS)
	@mkdir -p $$(@D)
	g++ -o $$@ $(BRBE_VL)/obj/brbe_rtl_bench.o $(BRBE_VL)/obj/brbe_rtl_tb.o \
	  $(BRBE_VL)/$(1)/brbe_dut.o $(BRBE_VL)/$(1)/Vbrbe_top__ALL.a \
	  $(addprefix $(BRBE_VL)/$(1)/,$(BRBE_VL_RT)) $(BRBE_LIBS) $(BRBE_VL_LIBS)

$(SAN)/tests/rtl_brbe/test_rtl_brbe-$(1): $(BRBE_VL)/san/test_rtl_brbe.o \
                                          $(BRBE_VL)/san/brbe_rtl_tb.o $(BRBE_VL)/$(1)/.stamp \
                                          $(BRBE_SLIBS)
	@mkdir -p $$(@D)
	g++ $(SANFL) -o $$@ $(BRBE_VL)/san/test_rtl_brbe.o $(BRBE_VL)/san/brbe_rtl_tb.o \
	  $(BRBE_VL)/$(1)/brbe_dut.o $(BRBE_VL)/$(1)/Vbrbe_top__ALL.a \
	  $(addprefix $(BRBE_VL)/$(1)/,$(BRBE_VL_RT)) $(BRBE_SLIBS) $(CHECK_LIBS) $(BRBE_VL_LIBS)
endef
$(foreach s,$(BRBE_SETS),$(eval $(call brbe_set_rules,$(s))))

BRBE_BENCHES   := $(foreach s,$(BRBE_SETS),$(BIN)/brbe-rtl-bench-$(s))
BRBE_RTL_TESTS := $(foreach s,$(BRBE_SETS),$(SAN)/tests/rtl_brbe/test_rtl_brbe-$(s))

.PHONY: brbe-bench brbe-regress
brbe-bench: $(BRBE_BENCHES)

BRBE_REGRESS_SEEDS ?= 100
BRBE_REGRESS_START ?= 1
# SHARD=i/N, JUNIT=FILE: mk/regress.mk
brbe-regress: $(BRBE_BENCHES)
	@$(call regress_run,brbe-regress,$(BRBE_SETS),$(BRBE_REGRESS_START),$(BRBE_REGRESS_SEEDS),\
	  $(BIN)/brbe-rtl-bench-{set} --seed {seed} --seeds 1 $(BRBE_REGRESS_ARGS))

# ---- lint: Verilator -Wall for every parameter set, Icarus -g2005, Yosys
.PHONY: lint-brbe
lint-brbe:
	@fail=0; \
	$(foreach s,$(BRBE_SETS),if $(BRBE_VERILATOR) --lint-only -Wall $(RTL_INC) --top-module brbe_top \
	  $(call brbe_gflags,$(s)) $(BRBE_RTL); then echo "verilator -Wall $(s): clean"; \
	  else fail=1; fi; ) \
	out=$$(iverilog -g2005 -Wall $(RTL_INC) -o /dev/null -s brbe_top $(BRBE_RTL) 2>&1); \
	if [ $$? -eq 0 ] && [ -z "$$out" ]; then echo "iverilog -g2005 -Wall: clean"; \
	else echo "$$out"; fail=1; fi; \
	if yosys -q -p "read_verilog $(RTL_INC) $(BRBE_RTL); hierarchy -check -top brbe_top; proc; \
	  check -assert" >/dev/null; then echo "yosys hierarchy -check, check -assert: clean"; \
	else fail=1; fi; exit $$fail

# ---- synthesis: resources of brbe_top for NUMREC 8 and 64 (the two sets)
BRBE_SYN_DIR  := $(BUILD)/synth-brbe
brbe_syn_chp   = $(foreach p,$(call brbe_params,$(1)),-set $(subst =, ,$(p)))
.PHONY: synth-brbe
synth-brbe:
	@mkdir -p $(BRBE_SYN_DIR); fail=0; \
	$(foreach s,$(BRBE_SETS),\
	yosys -q -l $(BRBE_SYN_DIR)/generic-$(s).log -p "read_verilog $(RTL_INC) $(BRBE_RTL); \
	  chparam $(call brbe_syn_chp,$(s)) brbe_top; synth -top brbe_top -flatten; \
	  tee -o $(BRBE_SYN_DIR)/generic-$(s).stat stat" >/dev/null || fail=1; \
	yosys -q -l $(BRBE_SYN_DIR)/ice40-$(s).log -p "read_verilog $(RTL_INC) $(BRBE_RTL); \
	  chparam $(call brbe_syn_chp,$(s)) brbe_top; synth_ice40 -top brbe_top; \
	  tee -o $(BRBE_SYN_DIR)/ice40-$(s).stat stat" >/dev/null || fail=1; \
	echo "brbe_top $(s) ($(call brbe_params,$(s))), yosys synth (generic, flattened):"; \
	grep -E "Number of cells|Number of memory bits|DFF|MUX_|AND_|OR_|XOR_|NOT_|mem" \
	  $(BRBE_SYN_DIR)/generic-$(s).stat; \
	echo "brbe_top $(s), yosys synth_ice40:"; \
	grep -E "Number of cells|SB_" $(BRBE_SYN_DIR)/ice40-$(s).stat; ) \
	echo "logs: $(BRBE_SYN_DIR)/{generic,ice40}-<set>.{log,stat}"; exit $$fail

synth: synth-brbe
lint: lint-brbe

# the bounded RTL regression is part of `make test`
TEST_BINS += $(filter-out $(TEST_BINS),$(BRBE_RTL_TESTS))
test-build: $(BRBE_RTL_TESTS)
