# The bench of the pipelined ETE core ete_pipe alone (docs/ete-rtl-pipeline.md
# 4, tb/ete/rtl/pipe): verilate ete_pipe per parameter set, link pipe-bench
# and the Check suite.
#
#   make pipe-bench        build build/bin/pipe-bench-<set>
#   make pipe-test         the bounded regression (Check, also part of `make test`)
#   make pipe-regress      the long regression: PIPE_REGRESS_SEEDS seeds, every
#                          supported configuration, max_insns 0 and 4, every set
#   make synth-ete-pipe    synth_ecp5 of ete_pipe alone: LUT4, flip-flops, path per
#                          stage (ETE_PIPE_PNR=1: nextpnr-ecp5, routed Fmax)
#   build/bin/pipe-bench-<set> --seed S [--config C] [--throughput] [--waves F]
#
# Parameter sets: <name> := RS_DEPTH CCSIZE COMMOPT PKT_BYTES (the others:
# NUM_ACPAIRS 4, NUM_EVENTS 4, NUM_EXTIN 4, CCITMIN 4).
PIPE_SETS       := P40 P20
PIPE_SET_P40    := 15 20 1 40
PIPE_SET_P20    := 4 12 0 20
PIPE_RTL        := rtl/common/common_rst_inv.v rtl/ete/ete_pipe.v rtl/ete/ete_pipe_view.v rtl/ete/ete_pipe_elem.v rtl/ete/ete_pipe_cmpr.v \
                   rtl/ete/ete_pipe_pkt.v rtl/ete/ete_enc_res.v rtl/ete/ete_enc_atom.v \
                   rtl/ete/ete_enc_addr.v rtl/ete/ete_enc_ctx.v rtl/ete/ete_enc_cc.v \
                   rtl/ete/ete_enc_ts.v
PIPE_TBD        := tb/ete/rtl/pipe
PIPE_VL         := $(BUILD)/verilator-pipe
PIPE_HDRS       := $(PIPE_TBD)/pipe_dut.h $(PIPE_TBD)/pipe_tb.h tb/common/harness.h $(GEN)/ete_sync_lag.h
PIPE_INC        := $(INC_ALL) -I$(PIPE_TBD) -I$(GEN)
PIPE_VL_MAKEVARS := OPT_FAST=-O1 OPT_SLOW= OPT_GLOBAL=-O1 $(if $(wildcard /usr/bin/ccache),OBJCACHE=ccache)
PIPE_VL_RT      := verilated.o verilated_threads.o verilated_fst_c.o

pipe_params = RS_DEPTH=$(word 1,$(PIPE_SET_$(1))) CCSIZE=$(word 2,$(PIPE_SET_$(1))) \
              COMMOPT=$(word 3,$(PIPE_SET_$(1))) PKT_BYTES=$(word 4,$(PIPE_SET_$(1))) \
              NUM_ACPAIRS=4 NUM_EVENTS=4 NUM_EXTIN=4 CCITMIN=4

$(PIPE_VL)/obj/%.o: $(PIPE_TBD)/%.c $(PIPE_HDRS)
	@mkdir -p $(@D)
	$(CC) $(CSTD) $(WARN) $(OPT) $(PIPE_INC) -c $< -o $@
$(PIPE_VL)/san/%.o: $(PIPE_TBD)/%.c $(PIPE_HDRS)
	@mkdir -p $(@D)
	$(CC) $(CSTD) $(WARN) $(SANFL) $(PIPE_INC) -c $< -o $@
$(PIPE_VL)/san/test_rtl_ete_pipe.o: tests/rtl_ete/test_rtl_ete_pipe.c $(PIPE_HDRS)
	@mkdir -p $(@D)
	$(CC) $(CSTD) $(WARN) $(SANFL) $(PIPE_INC) -c $< -o $@

define pipe_set_rules
$(PIPE_VL)/$(1)/.stamp: $(PIPE_RTL) $(wildcard rtl/ete/*.vh) $(PIPE_TBD)/pipe_dut.cpp \
                        $(PIPE_TBD)/pipe_dut.h tb/common/vl_shim.h mk/ete_pipe.mk
	@rm -rf $(PIPE_VL)/$(1); mkdir -p $(PIPE_VL)/$(1)
	@echo "verilator ete_pipe $(1): $(call pipe_params,$(1))"
	+@verilator --cc --build -O2 -j 2 -Wno-fatal --top-module ete_pipe --trace-fst \
	  -Mdir $(PIPE_VL)/$(1) $(foreach p,$(call pipe_params,$(1)),-G$(p)) -I$(CURDIR)/rtl/ete $(RTL_INC) \
	  -CFLAGS "-DPIPE_DUT_SET=$(1) $(foreach p,$(call pipe_params,$(1)),-DPIPE_DUT_$(p)) \
	           -I$(CURDIR)/$(PIPE_TBD) -I$(CURDIR)/tb/common" \
	  -MAKEFLAGS "$(PIPE_VL_MAKEVARS)" \
	  $(addprefix $(CURDIR)/,$(PIPE_RTL) $(PIPE_TBD)/pipe_dut.cpp) > $(PIPE_VL)/$(1).log 2>&1 && \
	$(MAKE) --no-print-directory -s -C $(PIPE_VL)/$(1) -f Vete_pipe.mk $(PIPE_VL_MAKEVARS) \
	  pipe_dut.o $(PIPE_VL_RT) >> $(PIPE_VL)/$(1).log 2>&1 || { cat $(PIPE_VL)/$(1).log >&2; exit 1; }
	@touch $$@

PIPE_VL_OBJS_$(1) = $(PIPE_VL)/$(1)/pipe_dut.o $(PIPE_VL)/$(1)/Vete_pipe__ALL.a \
                    $(addprefix $(PIPE_VL)/$(1)/,$(PIPE_VL_RT))

$(BIN)/pipe-bench-$(1): $(PIPE_VL)/obj/pipe_bench.o $(PIPE_VL)/obj/pipe_tb.o $(PIPE_VL)/$(1)/.stamp \
                        $$(LIBFILES)
	@mkdir -p $$(@D)
	g++ -o $$@ $(PIPE_VL)/obj/pipe_bench.o $(PIPE_VL)/obj/pipe_tb.o $$(PIPE_VL_OBJS_$(1)) \
	  $$(LIBFILES) $(OCSD_LIBS) -lz -pthread -lm

$(SAN)/tests/rtl_ete/test_rtl_ete_pipe-$(1): $(PIPE_VL)/san/test_rtl_ete_pipe.o $(PIPE_VL)/san/pipe_tb.o \
                                          $(PIPE_VL)/$(1)/.stamp $$(SANLIBFILES)
	@mkdir -p $$(@D)
	g++ $(SANFL) -o $$@ $(PIPE_VL)/san/test_rtl_ete_pipe.o $(PIPE_VL)/san/pipe_tb.o \
	  $$(PIPE_VL_OBJS_$(1)) $$(SANLIBFILES) $(OCSD_LIBS) $(CHECK_LIBS) -lz -pthread -lm
endef
$(foreach s,$(PIPE_SETS),$(eval $(call pipe_set_rules,$(s))))

PIPE_BENCHES := $(foreach s,$(PIPE_SETS),$(BIN)/pipe-bench-$(s))
PIPE_TESTS   := $(foreach s,$(PIPE_SETS),$(SAN)/tests/rtl_ete/test_rtl_ete_pipe-$(s))

# the bounded regression is part of `make test`
TEST_BINS += $(PIPE_TESTS)
test-build: $(PIPE_TESTS) $(PIPE_BENCHES)

.PHONY: pipe-bench pipe-test pipe-regress
pipe-bench: $(PIPE_BENCHES)
pipe-test: $(PIPE_TESTS)
	@scripts/run_tests.sh $(PIPE_TESTS)

PIPE_REGRESS_SEEDS   ?= 100
PIPE_REGRESS_RECORDS ?= 30000
pipe-regress: $(PIPE_BENCHES)
	@fail=0; for s in $(PIPE_SETS); do for w in 0 4; do \
	  $(BIN)/pipe-bench-$$s --seed 1 --seeds $(PIPE_REGRESS_SEEDS) --all-configs \
	    --records $(PIPE_REGRESS_RECORDS) --max-insns $$w > $(BUILD)/pipe-regress-$$s-w$$w.log; \
	  rc=$$?; tail -n 1 $(BUILD)/pipe-regress-$$s-w$$w.log | sed "s/^/$$s max_insns $$w: /"; \
	  [ $$rc -eq 0 ] || fail=1; done; done; \
	echo "logs: $(BUILD)/pipe-regress-<set>-w<max_insns>.log"; exit $$fail

# ---- synthesis (fpga/ete_pipe_synth.sh): synth_ecp5 of ete_pipe, LUT4, FF,
# longest path; ETE_PIPE_PNR=1 adds nextpnr-ecp5 on the LFE5U-85F
.PHONY: synth-ete-pipe
synth-ete-pipe: deps-synth-ete
	@fpga/ete_pipe_synth.sh $(BUILD)/synth-ete-pipe $(PIPE_RTL)
