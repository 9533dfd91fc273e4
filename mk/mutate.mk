# Mutation testing of the RTL (scripts/mutate.py, docs/verification.md).
#
#   make mutate            UNIT=<ete|trbe|spe|brbe|etmv1|common|top> N=<count> SEED=<s>:
#                          N seeded mutants of the unit's RTL, each run against
#                          the unit's bounded regression (time limit
#                          MUTATE_TIMEOUT s, default 6 x the unmutated run + 120);
#                          survivors go to a Yosys equivalence check; table on
#                          stdout, results in build/mutate/<unit>.json
#                          (SHARD=i/N runs the i-th of N disjoint parts)
#   make mutate-report     sum build/mutate/*.json per unit (MUTATE_JSON=FILES
#                          to choose)
#   make mutate-smoke      the fixed mutants of tests/mutate/smoke.txt (three
#                          per unit) must all be killed (also in `make test`)

UNIT           ?= ete
N              ?= 50
SEED           ?= 1
MUTATE_TIMEOUT ?= 0
MUTATE_JSON    ?= $(wildcard $(BUILD)/mutate/*.json)

.PHONY: mutate mutate-report mutate-smoke
mutate: deps
	@python3 scripts/mutate.py run --unit $(UNIT) --n $(N) --seed $(SEED) \
	  --timeout $(MUTATE_TIMEOUT) $(if $(SHARD),--shard $(SHARD))

mutate-report:
	@python3 scripts/mutate.py report $(MUTATE_JSON)

mutate-smoke: deps
	@python3 scripts/mutate.py smoke

# the Check wrapper of the smoke run and of the draw's checks
$(SAN)/tests/house/test_mutate: scripts/mutate.py tests/mutate/smoke.txt
