# Sharded regressions with JUnit XML (docs/regression-farm.md).
#
#   make <regression> SHARD=i/N   run the i-th of N disjoint parts of the seeds
#                                 (seed k from the start goes to shard k mod N + 1)
#   make <regression> JUNIT=FILE  write JUnit XML: one testcase per seed, the
#                                 replay command in each failure's text
#   make regress-merge JUNIT_IN="FILES" JUNIT=OUT   sum the shards' files
#   make regress-compare A=FILE B=FILE   same test cases and results?
#   REGRESS_TIMEOUT=SEC           a seed that runs longer is an error (0: none)
#
# Every long regression calls regress_run; each seed runs as its own process
# (scripts/regress.py run), so a shard's result does not depend on the others.

REGRESS_PY      := python3 scripts/regress.py
REGRESS_TIMEOUT ?= 0

# regress_run(name, sets, first seed, seeds per set, command): the command
# holds {seed} (and {set} when there are sets); the output of each set goes
# to $(BUILD)/<name>[-<set>][.<i>of<N>].log, so that shards on one machine
# keep apart
regress_log = $(BUILD)/$(1)$(if $(strip $(2)),-{set})$(if $(SHARD),.$(subst /,of,$(SHARD))).log
regress_run = $(REGRESS_PY) run --name $(1) $(if $(strip $(2)),--sets "$(strip $(2))") \
  --start $(3) --seeds $(4) $(if $(SHARD),--shard $(SHARD)) $(if $(JUNIT),--junit $(JUNIT)) \
  --timeout $(REGRESS_TIMEOUT) --log $(call regress_log,$(1),$(2)) -- $(5)

.PHONY: regress-merge regress-compare
regress-merge:
	@[ -n "$(strip $(JUNIT_IN))" ] || { echo "regress-merge: give the shard files, JUNIT_IN=\"a.xml b.xml\"" >&2; exit 2; }
	@[ -n "$(JUNIT)" ] || { echo "regress-merge: give the output file, JUNIT=merged.xml" >&2; exit 2; }
	@$(REGRESS_PY) merge -o $(JUNIT) $(JUNIT_IN)

regress-compare:
	@$(REGRESS_PY) compare $(A) $(B)
