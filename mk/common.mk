# Shared RTL building blocks (rtl/common, rtl/common/README.md): lint, the
# Verilator bench of common_fifo_sr, and synthesis figures.  Their proofs
# run in formal-ete (ETE_FV_TASKS, mk/ete.mk).
#
#   make lint-common          verilator --lint-only -Wall (several parameter
#                             sets), iverilog -g2005 -Wall, yosys check -assert
#   make common-fifo-sr-test  the bounded RTL regression of common_fifo_sr
#                             (a Check suite, also part of `make test`)
#   make common-fifo-sr-bench the bench build/bin/common-fifo-sr-bench
#   make common-consts-test   the RTL include files (rtl/common/*.vh) against
#                             the C contract in common/ (part of `make test`)
#   make synth-common         yosys synth_ice40 / synth_ecp5 of common_fifo_sr,
#                             nextpnr-ecp5 (LFE5U-85F) of the WR_N 4 instance
#   build/bin/common-fifo-sr-bench --seed S   one seed, with the stats

CM_RTL  := rtl/common/common_rst_inv.v rtl/common/common_ram_sdp.v rtl/common/common_fifo_sr.v
# the include files, read through $(RTL_INC) (Makefile)
CM_VH   := rtl/common/common_clog2.vh rtl/common/common_pe_class.vh rtl/common/common_sysreg.vh
CM_TBD  := tb/common/rtl
CM_VL   := $(BUILD)/verilator-common
CM_HDRS := $(CM_TBD)/fifo_sr_dut.h $(CM_TBD)/fifo_sr_tb.h tb/common/harness.h

# ---- lint -----------------------------------------------------------------------
# "WR_N DEPTH WIDTH OUT_REG" sets: every WR_N at its smallest DEPTH, wide
# and deep ones, WR_N 8, with and without the RAM output register
CM_LINT_SETS := 1_2_1_0 1_256_160_0 2_4_8_0 2_32_33_0 4_8_3_0 4_64_160_0 8_16_5_0 \
                1_2_1_1 2_4_8_1 4_64_160_1

.PHONY: lint-common
lint-common:
	@fail=0; \
	for s in $(CM_LINT_SETS); do IFS=_ read -r w d x r <<<"$$s"; \
	  if verilator --lint-only -Wall $(RTL_INC) --top-module common_fifo_sr -GWR_N=$$w -GDEPTH=$$d -GWIDTH=$$x \
	    -GOUT_REG=$$r $(CM_RTL); then \
	    echo "common: verilator -Wall common_fifo_sr WR_N $$w DEPTH $$d WIDTH $$x OUT_REG $$r: clean"; \
	  else fail=1; fi; \
	  out=$$(iverilog -g2005 -Wall $(RTL_INC) -o /dev/null -s common_fifo_sr -Pcommon_fifo_sr.WR_N=$$w \
	    -Pcommon_fifo_sr.DEPTH=$$d -Pcommon_fifo_sr.WIDTH=$$x -Pcommon_fifo_sr.OUT_REG=$$r $(CM_RTL) 2>&1); \
	  if [ $$? -ne 0 ] || [ -n "$$out" ]; then echo "$$out"; fail=1; fi; \
	  if ! yosys -q -p "read_verilog $(RTL_INC) $(CM_RTL); chparam -set WR_N $$w -set DEPTH $$d -set WIDTH $$x \
	    -set OUT_REG $$r common_fifo_sr; hierarchy -check -top common_fifo_sr; proc; check -assert" >/dev/null; \
	  then fail=1; fi; done; \
	[ $$fail -eq 0 ] && echo "common: iverilog -g2005 -Wall, yosys hierarchy -check, check -assert: clean (same sets)"; \
	for d in 2_0_0 3_1_1 512_2_1; do IFS=_ read -r dd st o <<<"$$d"; \
	  if verilator --lint-only -Wall $(RTL_INC) --top-module common_ram_sdp -GDEPTH=$$dd -GWIDTH=36 -GRAM_STYLE=$$st \
	    -GOUT_REG=$$o rtl/common/common_ram_sdp.v; then \
	    echo "common: verilator -Wall common_ram_sdp DEPTH $$dd RAM_STYLE $$st OUT_REG $$o: clean"; \
	  else fail=1; fi; done; \
	if verilator --lint-only -Wall $(RTL_INC) --top-module common_fifo_sr_fpga_wrap $(CM_RTL) \
	  rtl/common/fpga/common_fpga_pins.v rtl/common/fpga/common_fifo_sr_fpga_wrap.v; then \
	  echo "common: verilator -Wall common_fifo_sr_fpga_wrap: clean"; else fail=1; fi; \
	if verilator --lint-only -Wall $(RTL_INC) --top-module fifo_sr_tb_top $(CM_RTL) $(CM_TBD)/fifo_sr_tb_top.v; \
	then echo "common: verilator -Wall fifo_sr_tb_top (the bench's sets): clean"; else fail=1; fi; \
	exit $$fail

lint: lint-common
lint-ete: lint-common

# ---- the Verilator bench ------------------------------------------------------------
CM_VL_MAKEVARS := OPT_FAST=-O1 OPT_SLOW= OPT_GLOBAL=-O1 $(if $(wildcard /usr/bin/ccache),OBJCACHE=ccache)
CM_VL_RT   := verilated.o verilated_threads.o verilated_fst_c.o
CM_TB_INC  := -I$(CM_TBD) -Itb/common -Icommon
CM_VL_LIBS := -lz -pthread -lm

$(CM_VL)/.stamp: $(CM_RTL) $(CM_VH) $(CM_TBD)/fifo_sr_tb_top.v $(CM_TBD)/fifo_sr_dut.cpp $(CM_TBD)/fifo_sr_dut.h \
                 tb/common/vl_shim.h mk/common.mk | deps-trbe
	@rm -rf $(CM_VL)/m; mkdir -p $(CM_VL)/m
	+verilator --cc --build -O2 -j 2 -Wall $(RTL_INC) --top-module fifo_sr_tb_top --trace-fst \
	  -Mdir $(CM_VL)/m -CFLAGS "-I$(CURDIR)/$(CM_TBD) -I$(CURDIR)/tb/common" \
	  -MAKEFLAGS "$(CM_VL_MAKEVARS)" \
	  $(addprefix $(CURDIR)/,$(CM_RTL) $(CM_TBD)/fifo_sr_tb_top.v $(CM_TBD)/fifo_sr_dut.cpp)
	+$(MAKE) --no-print-directory -s -C $(CM_VL)/m -f Vfifo_sr_tb_top.mk $(CM_VL_MAKEVARS) \
	  fifo_sr_dut.o $(CM_VL_RT)
	@touch $@

CM_VL_OBJS = $(CM_VL)/m/fifo_sr_dut.o $(CM_VL)/m/Vfifo_sr_tb_top__ALL.a \
             $(addprefix $(CM_VL)/m/,$(CM_VL_RT))

$(CM_VL)/obj/%.o: $(CM_TBD)/%.c $(CM_HDRS)
	@mkdir -p $(@D)
	$(CC) $(CSTD) $(WARN) $(OPT) $(CM_TB_INC) -c $< -o $@
$(CM_VL)/san/%.o: $(CM_TBD)/%.c $(CM_HDRS)
	@mkdir -p $(@D)
	$(CC) $(CSTD) $(WARN) $(SANFL) $(CM_TB_INC) -c $< -o $@
$(CM_VL)/san/test_%.o: tests/rtl_common/test_%.c $(CM_HDRS)
	@mkdir -p $(@D)
	$(CC) $(CSTD) $(WARN) $(SANFL) $(CM_TB_INC) -c $< -o $@

$(BIN)/common-fifo-sr-bench: $(CM_VL)/obj/fifo_sr_bench.o $(CM_VL)/obj/fifo_sr_tb.o $(CM_VL)/.stamp \
                             $(BUILD)/libtb_common.a
	@mkdir -p $(@D)
	g++ -o $@ $(CM_VL)/obj/fifo_sr_bench.o $(CM_VL)/obj/fifo_sr_tb.o $(CM_VL_OBJS) \
	  $(BUILD)/libtb_common.a $(CM_VL_LIBS)

CM_RTL_TESTS := $(SAN)/tests/rtl_common/test_rtl_common_fifo_sr
$(SAN)/tests/rtl_common/test_rtl_common_fifo_sr: $(CM_VL)/san/test_rtl_common_fifo_sr.o \
    $(CM_VL)/san/fifo_sr_tb.o $(CM_VL)/.stamp $(SAN)/libtb_common.a
	@mkdir -p $(@D)
	g++ $(SANFL) -o $@ $(CM_VL)/san/test_rtl_common_fifo_sr.o $(CM_VL)/san/fifo_sr_tb.o \
	  $(CM_VL_OBJS) $(SAN)/libtb_common.a $(CHECK_LIBS) $(CM_VL_LIBS)

# the bounded RTL regression is part of `make test`
TEST_BINS += $(filter-out $(TEST_BINS),$(CM_RTL_TESTS))
test-build: $(CM_RTL_TESTS) $(BIN)/common-fifo-sr-bench

.PHONY: common-fifo-sr-test common-fifo-sr-bench
common-fifo-sr-test: $(CM_RTL_TESTS)
	@scripts/run_tests.sh $(CM_RTL_TESTS)
common-fifo-sr-bench: $(BIN)/common-fifo-sr-bench

# ---- the include files against the C contract ---------------------------------------
# scripts/rtl_consts.sh elaborates the .vh constants with Icarus into a C
# header; the Check suite compares each with the C name (common/*.h)
$(GEN)/rtl_common_consts.h: $(CM_VH) scripts/rtl_consts.sh
	@scripts/rtl_consts.sh $@ rtl/common/common_pe_class.vh rtl/common/common_sysreg.vh

CM_CONST_TESTS := $(SAN)/tests/rtl_common/test_rtl_common_consts
$(SAN)/tests/rtl_common/test_rtl_common_consts: tests/rtl_common/test_rtl_common_consts.c \
    $(GEN)/rtl_common_consts.h common/pe_stream.h common/sysreg.h common/trbe_regs.h \
    common/spe_regs.h common/brbe_regs.h
	@mkdir -p $(@D)
	$(CC) $(CSTD) $(WARN) $(SANFL) $(INC_common) -I$(GEN) $< $(CHECK_LIBS) -o $@

TEST_BINS += $(filter-out $(TEST_BINS),$(CM_CONST_TESTS))
test-build: $(CM_CONST_TESTS)

.PHONY: common-consts-test
common-consts-test: $(CM_CONST_TESTS)
	@scripts/run_tests.sh $(CM_CONST_TESTS)

# ---- synthesis ------------------------------------------------------------------------
CM_SYN_DIR := $(BUILD)/synth-common
.PHONY: synth-common
synth-common: deps-synth-ete
	@fpga/common_synth.sh $(CM_SYN_DIR)

synth: synth-common
