# perf.data files and trace-run (docs/perf-data.md, docs/trace-run.md).
#
#   build/bin/perf-data-write   the perf.data writer (sw/perf/tools, the
#                               generic tool rules of the Makefile)
#   build/bin/trace-run         any AArch64 program, traced: a link to
#                               scripts/trace-run
#   make trace-run-prereqs      what trace-run runs (it makes them itself
#                               when they are missing)
#
# `make test` runs tests/perf: the writer parsed back, Linux perf on the
# files (skipped with a message when perf is not installed) and trace-run
# on a small program.  This file is included before mk/workloads.mk:
# prerequisites name the paths that file builds literally.

PERF_GUEST := $(BUILD)/perf/perf_crash

$(BIN)/trace-run: scripts/trace-run
	@mkdir -p $(@D)
	@ln -sf $(abspath scripts/trace-run) $@

tools: $(BIN)/trace-run

.PHONY: trace-run-prereqs
trace-run-prereqs: wl-host-deps $(BIN)/trace-run $(BUILD)/workloads/wl_trace.so \
                   $(BIN)/wl-import $(BIN)/perf-data-write $(BIN)/perf-ete-counts \
                   $(BIN)/ete-decode $(BIN)/ete-trace $(BIN)/spe-profile $(BIN)/spe-decode \
                   $(BIN)/brbe-record
	@:

# a static guest that crashes, for the error test of trace-run
$(PERF_GUEST): tests/perf/guest/perf_crash.c | wl-host-deps
	@mkdir -p $(@D)
	$(WL_CROSS) -std=gnu11 -O1 -static $< -o $@

# the RTL run of tests/perf/test_trace_run needs ts-demo (mk/top.mk)
test-build: trace-run-prereqs $(PERF_GUEST) $(BUILD)/workloads/bin/wl_recurse $(BIN)/ts-demo
