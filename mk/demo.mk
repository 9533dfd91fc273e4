# `make demo` (docs/demo.md): a real workload traced by the subsystem RTL
# (rtl/top/trace_subsystem.v under Verilator) into a C memory model,
# checked against the models, decoded back and compared with the capture.
#
#   make demo                       gzip, 3 M instructions, a random seed
#   make demo DEMO_ARGS="..."       ts-demo options (--seed, --fill-mode,
#                                   --config, --buf-kb, --insns, ...)
#   make demo DEMO_WL=NAME          another bundled workload (compress qsort
#                                   recurse switch fnptr signal gzip sqlite3)
#   make demo DEMO_INSNS=N          capture N instructions instead
#   make demo-ete                   the ETE-only demo on a random program
#
# The demo's captures are separate from `make workloads` (their own cap):
# build/demo/<name>-<N>.pe, made with the same capture script, plugin and
# importer as mk/workloads.mk.  This file is included before
# mk/workloads.mk, so prerequisites name the paths that file builds
# literally; recipes may use its variables (expanded when they run).

DEMO_DIR   := $(BUILD)/demo
DEMO_WL    ?= gzip
DEMO_INSNS ?= 3000000
DEMO_PE    := $(DEMO_DIR)/$(DEMO_WL)-$(DEMO_INSNS).pe
# ts-demo finds captures by name there and writes its output there
export TS_DEMO_DIR := $(DEMO_DIR)

DEMO_WLDIR := $(BUILD)/workloads
DEMO_CAPTURE_DEPS := tb/workloads/capture.sh $(DEMO_WLDIR)/wl_trace.so $(BIN)/wl-import
DEMO_CAPTURE = tb/workloads/capture.sh --dir $(DEMO_DIR) --cpu $(WL_CPU) \
               --plugin $(abspath $(WL_PLUGIN)) --import $(BIN)/wl-import

# qemu-user (wl-host-deps, mk/workloads.mk) is installed before a capture.
# gzip compressing the bundled text (the input of mk/workloads.mk)
$(DEMO_DIR)/gzip-%.pe: $(DEMO_WLDIR)/debian/.stamp $(DEMO_WLDIR)/inputs/gzip.txt \
                       $(DEMO_CAPTURE_DEPS) | wl-host-deps
	@$(DEMO_CAPTURE) --name gzip-$* --cap $* --contextidr $(WL_PID_gzip) \
	  --sysroot $(WL_SYSROOT) -- $(WL_SYSROOT)/bin/gzip -n -c $(WL_GZIP_IN)

$(DEMO_DIR)/sqlite3-%.pe: $(DEMO_WLDIR)/debian/.stamp tb/workloads/inputs/sqlite3.sql \
                          $(DEMO_CAPTURE_DEPS) | wl-host-deps
	@$(DEMO_CAPTURE) --name sqlite3-$* --cap $* --contextidr $(WL_PID_sqlite3) \
	  --sysroot $(WL_SYSROOT) --stdin tb/workloads/inputs/sqlite3.sql -- \
	  $(WL_SYSROOT)/usr/bin/sqlite3 -batch :memory:

# our own static programs (tb/workloads/guest)
define demo_own_rule
$(DEMO_DIR)/$(1)-%.pe: $(DEMO_WLDIR)/bin/wl_$(1) $(DEMO_CAPTURE_DEPS) | wl-host-deps
	@$$(DEMO_CAPTURE) --name $(1)-$$* --cap $$* --contextidr $$(WL_PID_$(1)) -- $$<
endef
$(foreach n,compress qsort recurse switch fnptr signal,$(eval $(call demo_own_rule,$(n))))

# what `make demo` needs besides `make deps`: the Verilated subsystem
# linked with tb/top/rtl/ts_demo.c (mk/top.mk), and the capture
.PHONY: demo-prereqs demo-ete
demo-prereqs: $(BIN)/ts-demo $(DEMO_PE)
	@:
