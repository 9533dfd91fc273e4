# Verilator bench of ete_entry (S0 + S1 of docs/ete-rtl-pipeline.md): every
# parameter set of tb/ete/entry/ete_entry_dut.h in one Verilated bench top,
# against the C reference of tb/ete/entry/ete_entry_tb.c.
#
#   make ete-entry-test   the bounded RTL regression (a Check suite, also
#                         part of `make test`)
#   make ete-entry-bench  the bench build/bin/ete-entry-bench
#   build/bin/ete-entry-bench --seed S [--seeds N] [--waves F]   one or more seeds

EN_TBD  := tb/ete/entry
EN_VL   := $(BUILD)/verilator-entry
EN_RTL  := rtl/common/common_rst_inv.v rtl/common/common_ram_sdp.v rtl/common/common_fifo_sr.v rtl/ete/ete_entry.v
EN_HDRS := $(EN_TBD)/ete_entry_dut.h $(EN_TBD)/ete_entry_tb.h tb/common/harness.h
EN_TB_INC := -I$(EN_TBD) -Itb/common -Icommon
EN_VL_MAKEVARS := OPT_FAST=-O1 OPT_SLOW= OPT_GLOBAL=-O1 $(if $(wildcard /usr/bin/ccache),OBJCACHE=ccache)
EN_VL_RT := verilated.o verilated_threads.o verilated_fst_c.o

$(EN_VL)/.stamp: $(EN_RTL) $(EN_TBD)/ete_entry_tb_top.v $(EN_TBD)/ete_entry_dut.cpp \
                 $(EN_TBD)/ete_entry_dut.h tb/common/vl_shim.h mk/ete_entry.mk | deps-tb
	@rm -rf $(EN_VL)/m; mkdir -p $(EN_VL)/m
	+verilator --cc --build -O2 -j 2 -Wall $(RTL_INC) --top-module ete_entry_tb_top --trace-fst \
	  -Mdir $(EN_VL)/m -CFLAGS "-I$(CURDIR)/$(EN_TBD) -I$(CURDIR)/tb/common" \
	  -MAKEFLAGS "$(EN_VL_MAKEVARS)" \
	  $(addprefix $(CURDIR)/,$(EN_RTL) $(EN_TBD)/ete_entry_tb_top.v $(EN_TBD)/ete_entry_dut.cpp) \
	  > $(EN_VL)/verilator.log 2>&1 || { cat $(EN_VL)/verilator.log >&2; exit 1; }
	+$(MAKE) --no-print-directory -s -C $(EN_VL)/m -f Vete_entry_tb_top.mk $(EN_VL_MAKEVARS) \
	  ete_entry_dut.o $(EN_VL_RT) >> $(EN_VL)/verilator.log 2>&1 || \
	  { cat $(EN_VL)/verilator.log >&2; exit 1; }
	@touch $@

EN_VL_OBJS = $(EN_VL)/m/ete_entry_dut.o $(EN_VL)/m/Vete_entry_tb_top__ALL.a \
             $(addprefix $(EN_VL)/m/,$(EN_VL_RT))
EN_VL_LIBS := -lz -pthread -lm

$(EN_VL)/obj/%.o: $(EN_TBD)/%.c $(EN_HDRS)
	@mkdir -p $(@D)
	$(CC) $(CSTD) $(WARN) $(OPT) $(EN_TB_INC) -c $< -o $@
$(EN_VL)/san/%.o: $(EN_TBD)/%.c $(EN_HDRS)
	@mkdir -p $(@D)
	$(CC) $(CSTD) $(WARN) $(SANFL) $(EN_TB_INC) -c $< -o $@
$(EN_VL)/san/test_rtl_ete_entry.o: tests/rtl_ete/test_rtl_ete_entry.c $(EN_HDRS)
	@mkdir -p $(@D)
	$(CC) $(CSTD) $(WARN) $(SANFL) $(EN_TB_INC) -c $< -o $@

$(BIN)/ete-entry-bench: $(EN_VL)/obj/ete_entry_bench.o $(EN_VL)/obj/ete_entry_tb.o $(EN_VL)/.stamp \
                        $(BUILD)/libtb_common.a
	@mkdir -p $(@D)
	g++ -o $@ $(EN_VL)/obj/ete_entry_bench.o $(EN_VL)/obj/ete_entry_tb.o $(EN_VL_OBJS) \
	  $(BUILD)/libtb_common.a $(EN_VL_LIBS)

EN_RTL_TESTS := $(SAN)/tests/rtl_ete/test_rtl_ete_entry
$(SAN)/tests/rtl_ete/test_rtl_ete_entry: $(EN_VL)/san/test_rtl_ete_entry.o $(EN_VL)/san/ete_entry_tb.o \
    $(EN_VL)/.stamp $(SAN)/libtb_common.a
	@mkdir -p $(@D)
	g++ $(SANFL) -o $@ $(EN_VL)/san/test_rtl_ete_entry.o $(EN_VL)/san/ete_entry_tb.o \
	  $(EN_VL_OBJS) $(SAN)/libtb_common.a $(CHECK_LIBS) $(EN_VL_LIBS)

# the bounded RTL regression is part of `make test`
TEST_BINS += $(filter-out $(TEST_BINS),$(EN_RTL_TESTS))
test-build: $(EN_RTL_TESTS) $(BIN)/ete-entry-bench

.PHONY: ete-entry-test ete-entry-bench
ete-entry-test: $(EN_RTL_TESTS)
	@scripts/run_tests.sh $(EN_RTL_TESTS)
ete-entry-bench: $(BIN)/ete-entry-bench
