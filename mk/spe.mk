# SPE: the model (model/spe, docs/spe-model.md) and the decoder (sw/spe,
# docs/spe-decode.md) are libraries of the main Makefile; their tools
# (spe-profile, spe-decode) and Check suites (tests/spe) follow its generic
# rules.  This file only adds a target that runs the SPE suites alone.
#
# tests/fuzz/fuzz_spe_pkt.c is a libFuzzer entry point, not built by default:
#   clang -std=c11 -g -O1 -fsanitize=fuzzer,address,undefined -Isw/spe -Isw/common \
#       tests/fuzz/fuzz_spe_pkt.c sw/spe/*.c -o fuzz-spe-pkt

SPE_TEST_BINS := $(patsubst tests/%.c,$(SAN)/tests/%,$(sort $(wildcard tests/spe/test_*.c)))

.PHONY: spe-test
spe-test: $(SPE_TEST_BINS)
	@scripts/run_tests.sh $(SPE_TEST_BINS)
