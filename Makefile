# Arm trace and profiling units: RTL, C reference models, decoders, benches.
#   make demo   - the main job (installs what is missing first)
#   make test   - every test (installs what is missing first)
#   make help   - every target, one line each (scripts/make_help.sh)
#   make deps   - install what the project needs (scripts/deps.sh)
#   make tools  - the command-line tools into build/bin
#   make bench  - the benchmarks: model, decoders, workloads, ETE RTL rates
#   make regress - the long model round-trip regression (2000 seeds)
#   make lint   - every lint-<unit> target
#   make formal - every formal-<unit> target
#   make synth  - every synth-<unit> target
#   make coverage - line coverage of the RTL
#   make clean  - remove build/

.DEFAULT_GOAL := tools
SHELL := /bin/bash

BUILD   ?= build
SAN     := $(BUILD)/san
BIN     := $(BUILD)/bin
CC      ?= gcc
CSTD    := -std=c11 -D_POSIX_C_SOURCE=200809L
WARN    := -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes -Wmissing-prototypes
OPT     := -O2 -g
SANFL   := -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
OCSD_LIBS := -lopencsd_c_api -lopencsd
CHECK_LIBS := $(shell pkg-config --libs check 2>/dev/null || echo -lcheck -lsubunit -lm -lrt -lpthread)

# ---- libraries: one per unit folder; each sees only its own headers and
#      the shared contract in common/ (PE stream and blocks, register
#      fields, file reading), which includes nothing else.
LIB_common     := common
LIB_sw_perf    := sw/perf
LIB_model_ete  := model/ete
LIB_sw_ete     := sw/ete
LIB_tb_common  := tb/common
LIB_tb_ete     := tb/ete
LIB_model_spe  := model/spe
LIB_sw_spe     := sw/spe
LIB_model_brbe := model/brbe
LIB_sw_brbe    := sw/brbe
LIB_tb_workloads := tb/workloads
LIB_model_trbe := model/trbe
LIB_sw_trbe    := sw/trbe
LIB_tb_trbe    := tb/trbe/rtl
LIB_tb_top     := tb/top/rtl
# a bench folder holds its Verilator shim and command-line bench too: the
# library takes only the bench logic shared by the benches and tests
SRCS_tb_trbe   := tb/trbe/rtl/trbe_rtl_tb.c tb/trbe/rtl/trbe_axi_mem.c
SRCS_tb_top    := tb/top/rtl/ts_rtl_tb.c
LIB_model_etmv1 := model/etmv1
LIB_sw_etmv1   := sw/etmv1
LIBS := common sw_perf model_ete sw_ete tb_common tb_ete model_spe sw_spe model_brbe sw_brbe \
        tb_workloads model_trbe sw_trbe tb_trbe tb_top model_etmv1 sw_etmv1

# include paths per library (who may include whom)
# generated headers: ETE_SYNC_LAG of rtl/ete/ete_pipe_desc.vh for the benches
GEN           := $(BUILD)/gen
$(GEN)/ete_sync_lag.h: rtl/ete/ete_pipe_desc.vh
	@mkdir -p $(@D)
	@v=$$(sed -n 's/^ *localparam ETE_SYNC_LAG = \([0-9][0-9]*\);.*/\1/p' $<); \
	  [ -n "$$v" ] || { echo "$<: no ETE_SYNC_LAG" >&2; exit 1; }; \
	  printf '/* made from %s by the Makefile */\n#define ETE_SYNC_LAG %su\n' $< "$$v" > $@
# the RTL's shared include folder (rtl/common/*.vh: clog2, the PE stream's
# codes, the system-register encodings): every Verilator, Icarus and Yosys
# run over rtl/ reads it (Yosys: read_verilog $(RTL_INC))
RTL_INC       := -I$(CURDIR)/rtl/common
RTL_VH        := $(wildcard rtl/common/*.vh)
INC_common    := -Icommon
INC_model_ete := -Imodel/ete -Icommon
INC_sw_ete    := -Isw/ete -Icommon
INC_sw_perf   := -Isw/perf -Icommon
INC_tb_common := -Itb/common -Icommon
INC_tb_ete    := -Itb/ete -Itb/common -Imodel/ete -Isw/ete -Icommon
INC_model_spe := -Imodel/spe -Icommon
INC_sw_spe    := -Isw/spe -Icommon
INC_model_brbe := -Imodel/brbe -Icommon
INC_sw_brbe   := -Isw/brbe -Icommon
INC_tb_workloads := -Itb/workloads -Itb/common -Icommon
INC_model_trbe := -Imodel/trbe -Icommon
INC_sw_trbe   := -Isw/trbe -Icommon
INC_tb_trbe   := -Itb/trbe/rtl -Imodel/trbe -Isw/trbe -Itb/common -Icommon
INC_model_etmv1 := -Imodel/etmv1 -Icommon
INC_sw_etmv1  := -Isw/etmv1 -Icommon
INC_tb_top    := -Itb/top/rtl -Itb/trbe/rtl -Itb/common -Imodel/ete -Imodel/trbe -Imodel/spe \
                 -Imodel/brbe -Isw/ete -Isw/trbe -Isw/spe -Isw/brbe -Icommon -I$(GEN)
# the layers' include sets: a model file sees common/ and model/, a decoder
# or driver file common/ and sw/ (tools compile with these: a model tool
# cannot include a decoder header, nor a decoder tool a model header);
# benches (tb/) and tests see every layer
INC_LAYER_model := -Icommon $(patsubst %,-I%,$(sort $(wildcard model/*)))
INC_LAYER_sw    := -Icommon $(patsubst %,-I%,$(sort $(wildcard sw/*)))
INC_ALL       := $(INC_tb_ete) -Imodel/spe -Isw/spe -Imodel/brbe -Isw/brbe -Itb/workloads \
                 -Itb/trbe/rtl -Imodel/trbe -Isw/trbe -Itests/common -Imodel/etmv1 -Isw/etmv1 \
                 -Isw/perf -I$(GEN)

srcs_of = $(or $(SRCS_$(1)),$(sort $(wildcard $(LIB_$(1))/*.c)))
objs_of = $(patsubst %.c,$(2)/obj/%.o,$(call srcs_of,$(1)))

define lib_rules
$(BUILD)/lib$(1).a: $(call objs_of,$(1),$(BUILD))
	@mkdir -p $$(@D); rm -f $$@; ar rcs $$@ $$^
$(SAN)/lib$(1).a: $(call objs_of,$(1),$(SAN))
	@mkdir -p $$(@D); rm -f $$@; ar rcs $$@ $$^
$(BUILD)/obj/$(LIB_$(1))/%.o: $(LIB_$(1))/%.c | $(GEN)/ete_sync_lag.h
	@mkdir -p $$(@D)
	$$(CC) $(CSTD) $(WARN) $(OPT) $(INC_$(1)) -MMD -MP -c $$< -o $$@
$(SAN)/obj/$(LIB_$(1))/%.o: $(LIB_$(1))/%.c | $(GEN)/ete_sync_lag.h
	@mkdir -p $$(@D)
	$$(CC) $(CSTD) $(WARN) $(SANFL) $(INC_$(1)) -MMD -MP -c $$< -o $$@
endef
$(foreach l,$(LIBS),$(eval $(call lib_rules,$(l))))

# link order: dependents first
LINK_ORDER := tb_workloads tb_top tb_ete tb_trbe sw_perf sw_ete model_ete sw_spe model_spe sw_brbe model_brbe \
              sw_trbe model_trbe sw_etmv1 model_etmv1 tb_common common
LIBFILES     = $(foreach l,$(LINK_ORDER),$(BUILD)/lib$(l).a)
SANLIBFILES  = $(foreach l,$(LINK_ORDER),$(SAN)/lib$(l).a)

# ---- command-line tools: <dir>/tools/<name>.c -> build/bin/<name with - for _>
TOOL_SRCS := $(sort $(wildcard sw/*/tools/*.c model/*/tools/*.c tb/*/tools/*.c))
toolname   = $(subst _,-,$(basename $(notdir $(1))))
TOOLS     := $(foreach s,$(TOOL_SRCS),$(BIN)/$(call toolname,$(s)))

# a tool compiles with its layer's include set (model/, sw/; tb/ sees all)
tool_inc   = $(or $(INC_LAYER_$(firstword $(subst /, ,$(1)))),$(INC_ALL))
define tool_rule
$(BIN)/$(call toolname,$(1)): $(1) $(LIBFILES)
	@mkdir -p $$(@D)
	$$(CC) $(CSTD) $(WARN) $(OPT) $(call tool_inc,$(1)) $$< $(LIBFILES) $(OCSD_LIBS) -lm -o $$@
endef
$(foreach s,$(TOOL_SRCS),$(eval $(call tool_rule,$(s))))

# ---- unit tests (Check), built with ASan + UBSan: tests/<unit>/test_*.c
TEST_SRCS := $(filter-out tests/rtl%,$(sort $(wildcard tests/*/test_*.c)))
TEST_SUPPORT := $(filter-out tests/common/test_%,$(sort $(wildcard tests/common/*.c)))
TEST_BINS := $(patsubst tests/%.c,$(SAN)/tests/%,$(TEST_SRCS))

$(SAN)/tests/%: tests/%.c $(TEST_SUPPORT) $(SANLIBFILES)
	@mkdir -p $(@D)
	$(CC) $(CSTD) $(WARN) $(SANFL) $(INC_ALL) $(TEST_DEFS) $< $(TEST_SUPPORT) $(SANLIBFILES) $(OCSD_LIBS) $(CHECK_LIBS) -o $@

# the layers' include sets, compiled against by tests/common/test_layers.c
$(SAN)/tests/common/test_layers: Makefile
$(SAN)/tests/common/test_layers: TEST_DEFS = -DLAYER_CC='"$(CC)"' -DLAYER_INC_COMMON='"$(INC_common)"' \
    -DLAYER_INC_MODEL='"$(INC_LAYER_model)"' -DLAYER_INC_SW='"$(INC_LAYER_sw)"'

# ---- fuzz targets (libFuzzer, clang): tests/fuzz/fuzz_*.c
FUZZ_SRCS := $(sort $(wildcard tests/fuzz/fuzz_*.c))

.PHONY: deps tools test demo bench regress formal synth coverage lint clean help
help:
	@scripts/make_help.sh

deps:
	@scripts/deps.sh

tools: $(TOOLS)

test: deps
	@$(MAKE) --no-print-directory test-build
	@scripts/run_tests.sh $(TEST_BINS)

test-build: $(TEST_BINS) $(TOOLS)

# the subsystem RTL traces a captured workload (mk/demo.mk, docs/demo.md);
# DEMO_WL, DEMO_INSNS choose the capture, DEMO_ARGS passes ts-demo options
demo: deps
	@$(MAKE) --no-print-directory demo-prereqs
	@$(BIN)/ts-demo --workload $(DEMO_PE) $(DEMO_ARGS)

# the ETE model alone on a random program (ete-demo)
demo-ete: deps
	@$(MAKE) --no-print-directory tools
	@$(BIN)/ete-demo $(DEMO_ARGS)

# the figures are also saved in build/plots/data and drawn as PNG files in
# build/plots (mk/plots.mk, docs/plots.md)
bench: deps
	@$(MAKE) --no-print-directory tools
	@mkdir -p $(PLOT_DATA)
	@set -o pipefail; $(BIN)/ete-bench $(BENCH_ARGS) | tee $(PLOT_DATA)/ete-bench.txt
	@$(MAKE) --no-print-directory bench-decode
	@set -o pipefail; $(MAKE) --no-print-directory bench-workloads | tee $(PLOT_DATA)/workloads.txt
	@set -o pipefail; $(MAKE) --no-print-directory bench-ete-rtl | tee $(PLOT_DATA)/bench-ete-rtl.txt
	@$(MAKE) --no-print-directory plot-data-configs plots-bench

# the ETE round trip over REGRESS_SEEDS seeds; SHARD=i/N and JUNIT=FILE as for
# every long regression (mk/regress.mk, docs/regression-farm.md)
REGRESS_SEEDS ?= 2000
REGRESS_START ?= 1
regress: deps
	@$(MAKE) --no-print-directory tools
	@$(call regress_run,regress,,$(REGRESS_START),$(REGRESS_SEEDS),$(BIN)/ete-roundtrip --start {seed} --seeds 1 $(REGRESS_ARGS))

clean:
	rm -rf $(BUILD)

-include $(shell find $(BUILD) -path $(BUILD)/workloads -prune -o -type f -name '*.d' -print 2>/dev/null)

# RTL, bench, formal and synthesis rules live beside this file; coverage.mk
# after them, as it builds on the units' sources, sets and libraries, and
# units.mk (the <unit>-test and <unit>-rtl-test targets, from TEST_BINS) last
-include $(sort $(filter-out mk/coverage.mk mk/units.mk,$(wildcard mk/*.mk))) mk/coverage.mk \
         mk/units.mk
