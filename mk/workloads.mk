# Real AArch64 workloads captured with qemu-user and imported as PE
# retirement streams (docs/workloads.md).
#
#   make workloads       build, fetch and capture every workload into
#                        build/workloads/<name>.pe, then print their figures
#   make deps-workloads  install qemu-user and the cross compiler if missing,
#                        build our programs, fetch the Debian ones
#   make bench-workloads ETE bits per instruction on every workload and configuration
#   make wl-captures     the captures alone (build/workloads/<name>.pe)
#   make wl-config-check check the workload list against the capture configuration
#   make wl-host-deps    install the host tools the captures need
#   WL_CAP=N             instructions captured per workload (default 500000)
#   WL_CPU=...           qemu-aarch64 -cpu (default max,sve=off,sme=off)
#
# `make test` runs tests/workloads/test_workloads on the same captures.

WL_DIR     := $(BUILD)/workloads
WL_CAP     ?= 500000
WL_CPU     ?= max,sve=off,sme=off
WL_CROSS   ?= aarch64-linux-gnu-gcc
WL_OWN     := compress qsort recurse switch fnptr signal
WL_DEBIAN  := gzip sqlite3
WL_NAMES   := $(WL_OWN) $(WL_DEBIAN)
WL_PES     := $(foreach n,$(WL_NAMES),$(WL_DIR)/$(n).pe)
WL_GUESTS  := $(foreach n,$(WL_OWN),$(WL_DIR)/bin/wl_$(n))
WL_SYSROOT := $(WL_DIR)/debian/sysroot
WL_DEBSTAMP := $(WL_DIR)/debian/.stamp
WL_PLUGIN  := $(WL_DIR)/wl_trace.so
WL_GZIP_IN := $(WL_DIR)/inputs/gzip.txt
WL_GZIP_BYTES := 24576

# ---- the importer is the library tb/workloads of the main Makefile; its
# tools (tb/workloads/tools) and unit test follow the generic rules.

# ---- the QEMU plugin: a shared object QEMU loads (-plugin)
$(WL_PLUGIN): tb/workloads/plugin/wl_trace.c tb/workloads/wl_capture.h
	@mkdir -p $(@D)
	$(CC) $(CSTD) $(WARN) $(OPT) -fPIC -shared -fvisibility=hidden -Itb/workloads $< -o $@

# ---- host packages: quiet when present
.PHONY: wl-host-deps deps-workloads workloads wl-captures
wl-host-deps:
	@need=""; \
	[ -e /usr/bin/qemu-aarch64 ] || need="$$need qemu-user"; \
	[ -e /usr/bin/$(WL_CROSS) ] || need="$$need gcc-aarch64-linux-gnu"; \
	[ -e /usr/aarch64-linux-gnu/lib/libc.a ] || need="$$need libc6-dev-arm64-cross"; \
	[ -e /usr/bin/dpkg-deb ] || need="$$need dpkg"; \
	if [ -n "$$need" ]; then \
	  echo "deps-workloads: installing$$need"; \
	  SUDO=; [ "$$(id -u)" -eq 0 ] || SUDO=sudo; \
	  export DEBIAN_FRONTEND=noninteractive; \
	  $$SUDO apt-get update -qq >/dev/null && \
	  $$SUDO apt-get install -y -qq --no-install-recommends $$need >/dev/null; \
	fi

# ---- our programs: static, cross-compiled; fnptr with return address
# signing so that its functions return with RETAA
WL_GUEST_CFLAGS := -std=gnu11 -O2 $(WARN) -static
WL_GUEST_FLAGS_fnptr := -march=armv8.3-a -mbranch-protection=standard

$(WL_DIR)/bin/wl_%: tb/workloads/guest/wl_%.c tb/workloads/guest/wl_text.h | wl-host-deps
	@mkdir -p $(@D)
	$(WL_CROSS) $(WL_GUEST_CFLAGS) $(WL_GUEST_FLAGS_$*) $< -o $@

# ---- Debian's arm64 programs and their libraries, in a sysroot
$(WL_DEBSTAMP): tb/workloads/fetch_debian.sh | wl-host-deps
	@tb/workloads/fetch_debian.sh $(WL_DIR)/debian $(WL_DEBIAN)

deps-workloads: wl-host-deps $(WL_GUESTS) $(WL_DEBSTAMP)
	@:

# ---- inputs
$(WL_GZIP_IN): $(BIN)/wl-gentext
	@mkdir -p $(@D)
	@$(BIN)/wl-gentext $(WL_GZIP_BYTES) 1 > $@.tmp && mv $@.tmp $@

# ---- captures: redone when the cap or the CPU changes
WL_CONFIG := $(WL_DIR)/.config
WL_CONFIG_TEXT := cap=$(WL_CAP) cpu=$(WL_CPU)
$(WL_CONFIG): wl-config-check
	@:
.PHONY: wl-config-check
wl-config-check:
	@mkdir -p $(WL_DIR); \
	[ "$$(cat $(WL_CONFIG) 2>/dev/null)" = "$(WL_CONFIG_TEXT)" ] || \
	  echo "$(WL_CONFIG_TEXT)" > $(WL_CONFIG)

WL_CAPTURE_DEPS := tb/workloads/capture.sh $(WL_PLUGIN) $(BIN)/wl-import $(WL_CONFIG)
WL_CAPTURE = tb/workloads/capture.sh --dir $(WL_DIR) --cap $(WL_CAP) --cpu $(WL_CPU) \
             --plugin $(abspath $(WL_PLUGIN)) --import $(BIN)/wl-import

# CONTEXTIDR_EL1 (the process ID the stream carries) per workload
WL_PID_compress := 1001
WL_PID_qsort    := 1002
WL_PID_recurse  := 1003
WL_PID_switch   := 1004
WL_PID_fnptr    := 1005
WL_PID_signal   := 1006
WL_PID_gzip     := 1007
WL_PID_sqlite3  := 1008

$(foreach n,$(WL_OWN),$(WL_DIR)/$(n).pe): $(WL_DIR)/%.pe: $(WL_DIR)/bin/wl_% $(WL_CAPTURE_DEPS)
	@$(WL_CAPTURE) --name $* --contextidr $(WL_PID_$*) -- $<

$(WL_DIR)/gzip.pe: $(WL_DEBSTAMP) $(WL_GZIP_IN) $(WL_CAPTURE_DEPS)
	@$(WL_CAPTURE) --name gzip --contextidr $(WL_PID_gzip) --sysroot $(WL_SYSROOT) \
	  -- $(WL_SYSROOT)/bin/gzip -n -c $(WL_GZIP_IN)

$(WL_DIR)/sqlite3.pe: $(WL_DEBSTAMP) tb/workloads/inputs/sqlite3.sql $(WL_CAPTURE_DEPS)
	@$(WL_CAPTURE) --name sqlite3 --contextidr $(WL_PID_sqlite3) --sysroot $(WL_SYSROOT) \
	  --stdin tb/workloads/inputs/sqlite3.sql -- $(WL_SYSROOT)/usr/bin/sqlite3 -batch :memory:

wl-captures: $(WL_PES)

workloads: deps-workloads
	@$(MAKE) --no-print-directory wl-captures $(BIN)/wl-stats
	@$(BIN)/wl-stats --ete $(WL_PES)

# the test reads the captures (from WL_PE_DIR, for a BUILD other than build)
test-build: $(WL_PES)
export WL_PE_DIR := $(abspath $(WL_DIR))

# `make bench`: ETE bits per instruction for every bundled workload
.PHONY: bench-workloads
bench-workloads: deps-workloads
	@$(MAKE) --no-print-directory wl-captures $(BIN)/wl-stats
	@echo "workloads (EL1 excluded):"
	@$(BIN)/wl-stats --ete $(WL_PES)
