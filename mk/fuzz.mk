# Coverage-guided fuzzing of the decoders (docs/fuzzing.md).
#
#   make deps-fuzz     install clang-14 and its libFuzzer runtime (libclang-rt-14-dev)
#   make fuzz          build every tests/fuzz/fuzz_<target>.c with libFuzzer, ASan and
#                      UBSan and run each for FUZZ_S seconds (default 600) or FUZZ_RUNS
#                      executions (default 10 000 000), two at a time; a table of
#                      executions, coverage and findings; any finding fails
#   make fuzz FUZZ_TARGETS="ete_dec spe_stats"   only those targets
#   make bench-decode  decoder speed (ns per trace byte) on normal traces and fuzz inputs
#
# Every tests/fuzz/fuzz_*.c is a target.  Seeds: tests/fuzz/corpus/<target>/;
# inputs that once broke a decoder: tests/fuzz/regress/<target>/.  `make test`
# runs the regressions and seeds under gcc's ASan + UBSan (tests/fuzz/
# test_fuzz_regress.c, every target), and when clang-14 is present a smoke
# run of every target for FUZZ_SMOKE_S seconds (default 20).

FUZZ_CC      ?= clang-14
FUZZ_DIR     := $(BUILD)/fuzz
FUZZ_S       ?= 600
FUZZ_RUNS    ?= 10000000
FUZZ_SMOKE_S ?= 20
FUZZ_NAMES   := $(patsubst tests/fuzz/fuzz_%.c,%,$(FUZZ_SRCS))
FUZZ_TARGETS ?= $(FUZZ_NAMES)
# every decoder library (sw/*): a new one (and its headers) is picked up
FUZZ_SWLIBS  := $(filter common sw_%,$(LIBS))
FUZZ_INC     := $(foreach l,$(FUZZ_SWLIBS),-I$(LIB_$(l)))
FUZZ_CFLAGS  := $(CSTD) $(WARN) -g -O1 -fno-omit-frame-pointer
# the decoders only (sw/): what the targets reach
FUZZ_LIBSRCS := $(foreach l,$(FUZZ_SWLIBS),$(call srcs_of,$(l)))
FUZZ_LIBOBJS := $(patsubst %.c,$(FUZZ_DIR)/obj/%.o,$(FUZZ_LIBSRCS))
FUZZ_BINS    := $(foreach t,$(FUZZ_NAMES),$(FUZZ_DIR)/bin/fuzz-$(t))
FUZZ_HAVE_CC := $(shell command -v $(FUZZ_CC) >/dev/null 2>&1 && \
                  [ -n "$$(ls /usr/lib/llvm-14/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a \
                  2>/dev/null)" ] && echo 1)

$(FUZZ_DIR)/obj/%.o: %.c
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link,address,undefined \
	  -fno-sanitize-recover=undefined $(FUZZ_INC) -MMD -MP -c $< -o $@

$(FUZZ_DIR)/bin/fuzz-%: $(FUZZ_DIR)/obj/tests/fuzz/fuzz_%.o $(FUZZ_LIBOBJS)
	@mkdir -p $(@D)
	$(FUZZ_CC) -fsanitize=fuzzer,address,undefined $^ -lm -o $@

# clang-14 and the libFuzzer runtime, as scripts/deps.sh installs the rest:
# quiet when present
.PHONY: deps-fuzz fuzz fuzz-build
deps-fuzz:
	@need=""; \
	command -v $(FUZZ_CC) >/dev/null 2>&1 || need="$$need clang-14"; \
	ls /usr/lib/llvm-14/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a >/dev/null 2>&1 || \
	  need="$$need libclang-rt-14-dev"; \
	if [ -n "$$need" ]; then \
	  echo "deps-fuzz: installing$$need"; \
	  SUDO=; [ "$$(id -u)" -eq 0 ] || SUDO=sudo; \
	  export DEBIAN_FRONTEND=noninteractive; \
	  $$SUDO apt-get update -qq >/dev/null && \
	  $$SUDO apt-get install -y -qq --no-install-recommends $$need >/dev/null; \
	fi

fuzz-build: $(FUZZ_BINS)

fuzz: deps-fuzz
	@$(MAKE) --no-print-directory fuzz-build
	@scripts/fuzz_run.sh $(FUZZ_S) $(FUZZ_RUNS) $(FUZZ_DIR)/bin $(FUZZ_DIR) $(FUZZ_TARGETS)

# ---- make test: the regression inputs and seeds under gcc's ASan + UBSan --------
# Each target's entry point is compiled under its own name so that one Check
# suite can call them all.
FUZZ_ENTRY_OBJS := $(foreach t,$(FUZZ_NAMES),$(SAN)/fuzz-entry/fuzz_$(t).o)
FUZZ_X_LIST     := $(foreach t,$(FUZZ_NAMES),X($(t)))

$(SAN)/fuzz-entry/fuzz_%.o: tests/fuzz/fuzz_%.c
	@mkdir -p $(@D)
	$(CC) $(CSTD) $(WARN) $(SANFL) $(FUZZ_INC) -DLLVMFuzzerTestOneInput=fuzz_entry_$* \
	  -MMD -MP -c $< -o $@

$(SAN)/tests/fuzz/test_fuzz_regress: tests/fuzz/test_fuzz_regress.c $(FUZZ_ENTRY_OBJS) \
                                     $(TEST_SUPPORT) $(SANLIBFILES) mk/fuzz.mk
	@mkdir -p $(@D)
	$(CC) $(CSTD) $(WARN) $(SANFL) $(INC_ALL) '-DFUZZ_TARGETS=$(FUZZ_X_LIST)' $< \
	  $(FUZZ_ENTRY_OBJS) $(TEST_SUPPORT) $(SANLIBFILES) $(OCSD_LIBS) $(CHECK_LIBS) -o $@

# ---- make test: a smoke run of every target (when clang-14 is present), counted
# by scripts/run_tests.sh like a Check suite
ifeq ($(FUZZ_HAVE_CC),1)
$(FUZZ_DIR)/fuzz-smoke: mk/fuzz.mk
	@mkdir -p $(@D)
	@printf '#!/bin/sh\nexec scripts/fuzz_run.sh --check %s %s %s %s %s\n' $(FUZZ_SMOKE_S) \
	  $(FUZZ_RUNS) $(FUZZ_DIR)/bin $(FUZZ_DIR)/smoke "$(FUZZ_NAMES)" > $@.tmp
	@chmod +x $@.tmp && mv $@.tmp $@
TEST_BINS += $(FUZZ_DIR)/fuzz-smoke
test-build: $(FUZZ_BINS) $(FUZZ_DIR)/fuzz-smoke
endif

# ---- make bench: decode time per byte, normal and adversarial inputs ---------
# decode-bench (tests/fuzz/decode_bench.c) calls the entry points built
# without sanitizers.  Normal: an ETE trace of pe-gen + ete-encode, and the
# seed corpora (made by the project's tools).  Adversarial: the regression
# inputs, the slowest inputs of the last `make fuzz` corpora (build/fuzz/
# <target>/corpus), the Trace Info SPEC input of issue 12.
FUZZ_BENCH_OBJS := $(foreach t,$(FUZZ_NAMES),$(BUILD)/fuzz-entry/fuzz_$(t).o)

$(BUILD)/fuzz-entry/fuzz_%.o: tests/fuzz/fuzz_%.c
	@mkdir -p $(@D)
	$(CC) $(CSTD) $(WARN) $(OPT) $(FUZZ_INC) -DLLVMFuzzerTestOneInput=fuzz_entry_$* \
	  -MMD -MP -c $< -o $@

$(BIN)/decode-bench: tests/fuzz/decode_bench.c $(FUZZ_BENCH_OBJS) $(LIBFILES) mk/fuzz.mk
	@mkdir -p $(@D)
	$(CC) $(CSTD) $(WARN) $(OPT) $(INC_ALL) '-DFUZZ_TARGETS=$(FUZZ_X_LIST)' $< \
	  $(FUZZ_BENCH_OBJS) $(LIBFILES) $(OCSD_LIBS) -lm -o $@

FUZZ_BENCH_DIR := $(BUILD)/bench-decode
.PHONY: bench-decode
bench-decode: $(BIN)/decode-bench $(BIN)/pe-gen $(BIN)/ete-encode
	@mkdir -p $(FUZZ_BENCH_DIR)
	@$(BIN)/pe-gen --seed 1 --records 200000 -o $(FUZZ_BENCH_DIR)/normal.pe >/dev/null 2>&1
	@rm -rf $(FUZZ_BENCH_DIR)/snap
	@$(BIN)/ete-encode $(FUZZ_BENCH_DIR)/normal.pe -o $(FUZZ_BENCH_DIR)/normal.bin \
	  --snapshot $(FUZZ_BENCH_DIR)/snap >/dev/null
	@tail -c +14 tests/fuzz/regress/ete_dec/trace-info-spec-above-maxspec \
	  > $(FUZZ_BENCH_DIR)/spec.bin
	@echo "decode time per byte (make bench-decode, docs/fuzzing.md)"
	@echo "-- ETE decoder: a normal trace (pe-gen + ete-encode) and the issue 12 input"
	@$(BIN)/decode-bench ete-snapshot $(FUZZ_BENCH_DIR)/snap
	@$(BIN)/decode-bench ete-raw $(FUZZ_BENCH_DIR)/normal.bin
	@$(BIN)/decode-bench ete-raw $(FUZZ_BENCH_DIR)/spec.bin
	@echo "-- fuzz entry points: normal (seed corpus) and adversarial (regressions, fuzz corpus)"
	@for t in $(FUZZ_NAMES); do \
	  $(BIN)/decode-bench entry $$t $$(ls -d tests/fuzz/corpus/$$t/* 2>/dev/null) | sed 's/^\([a-z_]*\) /\1 normal      /;s/^/  /'; \
	  adv=$$(ls -d tests/fuzz/regress/$$t/* $(FUZZ_DIR)/$$t/corpus/* 2>/dev/null); \
	  if [ -n "$$adv" ]; then $(BIN)/decode-bench entry $$t $$adv | \
	    sed 's/^\([a-z_]*\) /\1 adversarial/;s/^/  /'; \
	  else echo "  $$t adversarial: none (run make fuzz first)"; fi; done
