# SPE: the model (model/spe, docs/spe-model.md) and the decoder (sw/spe,
# docs/spe-decode.md) are libraries of the main Makefile; their tools
# (spe-profile, spe-decode) and Check suites (tests/spe) follow its generic
# rules.  This file only adds a demo.
#
#   make demo-spe        the SPE model profiles a workload (DEMO_SPE_WL, DEMO_SPE_ARGS)
#
# tests/fuzz/fuzz_spe_pkt.c is a libFuzzer entry point, not built by default:
#   clang -std=c11 -g -O1 -fsanitize=fuzzer,address,undefined -Isw/spe -Icommon \
#       tests/fuzz/fuzz_spe_pkt.c sw/spe/*.c -o fuzz-spe-pkt

# `make demo-spe`: a profile a user would look at.  The SPE model samples
# a captured real workload (default gzip, the capture of `make workloads`;
# DEMO_SPE_WL=NAME for another), the Profiling Buffer is decoded by
# spe-decode, and its --stats summary prints the records, operation types,
# event rates, latencies and the most sampled PCs with their share.
# DEMO_SPE_ARGS passes spe-profile options (default: every 257th operation
# with random perturbation, the buffer serviced when it fills).
DEMO_SPE_WL   ?= gzip
DEMO_SPE_ARGS ?= --interval 1 --rnd --service
DEMO_SPE_DIR  := $(BUILD)/demo-spe

.PHONY: demo-spe
demo-spe: deps
	@$(MAKE) --no-print-directory $(BUILD)/workloads/$(DEMO_SPE_WL).pe $(BIN)/spe-profile \
	  $(BIN)/spe-decode
	@mkdir -p $(DEMO_SPE_DIR)
	@echo "SPE profile of $(DEMO_SPE_WL) (build/workloads/$(DEMO_SPE_WL).pe), spe-profile $(DEMO_SPE_ARGS)"
	@$(BIN)/spe-profile $(DEMO_SPE_ARGS) $(BUILD)/workloads/$(DEMO_SPE_WL).pe \
	  -o $(DEMO_SPE_DIR)/$(DEMO_SPE_WL).spe
	@echo
	@$(BIN)/spe-decode --stats --top 10 $(DEMO_SPE_DIR)/$(DEMO_SPE_WL).spe
