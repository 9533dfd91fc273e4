# Plots of the bench figures (docs/plots.md), PNG files drawn with matplotlib
# (Debian's python3-matplotlib, installed by make deps; scripts/plot_bench.py).
#
#   make bench          also saves its figures in build/plots/data and draws
#                       build/plots/*.png
#   make plots-bench    draws build/plots/*.png again from build/plots/data
#   make plot-data-configs  the per-configuration round trips into build/plots/data
#   make plots          the small PNG files of docs/img that the README shows,
#                       from build/plots/data (the per-configuration round
#                       trips are run again; the RTL rates and the decoder
#                       speed come from the last make bench) and an SPE
#                       profile of a random program (spe-decode --plot)

PLOT_PY         := /usr/bin/python3
PLOT_DIR        := $(BUILD)/plots
PLOT_DATA       := $(PLOT_DIR)/data
PLOT_REFS       := docs/trace-reference.csv
# the per-configuration round trips: seeds 1..PLOT_RT_SEEDS of each configuration
PLOT_RT_SEEDS   ?= 4
PLOT_RT_RECORDS ?= 20000

.PHONY: plot-data-configs plots-bench plots
plot-data-configs: $(BIN)/ete-roundtrip
	@mkdir -p $(PLOT_DATA)/configs
	@for c in $$($(BIN)/ete-roundtrip --list-configs); do \
	  $(BIN)/ete-roundtrip --config $$c --start 1 --seeds $(PLOT_RT_SEEDS) \
	    --records $(PLOT_RT_RECORDS) > $(PLOT_DATA)/configs/$$c.txt || \
	  { echo "ete-roundtrip --config $$c failed: $(PLOT_DATA)/configs/$$c.txt" >&2; exit 1; }; done

plots-bench:
	@$(PLOT_PY) scripts/plot_bench.py --data $(PLOT_DATA) --out $(PLOT_DIR) --refs $(PLOT_REFS)

plots: deps
	@$(MAKE) --no-print-directory plot-data-configs $(BIN)/pe-gen $(BIN)/spe-profile $(BIN)/spe-decode
	@$(PLOT_PY) scripts/plot_bench.py --data $(PLOT_DATA) --out docs/img --refs $(PLOT_REFS) --small
	@mkdir -p $(PLOT_DIR)/spe
	@$(BIN)/pe-gen --seed 7 --records 200000 -o $(PLOT_DIR)/spe/random.pe > /dev/null
	@$(BIN)/spe-profile -q $(PLOT_DIR)/spe/random.pe -o $(PLOT_DIR)/spe/random.spe
	@$(BIN)/spe-decode --stats --plot $(PLOT_DIR)/spe/spe-profile.png $(PLOT_DIR)/spe/random.spe > /dev/null
	@cp $(PLOT_DIR)/spe/spe-profile.png docs/img/spe-profile.png
	@echo "plot: docs/img/spe-profile.png"
