#!/usr/bin/env bash
# Run libFuzzer targets two at a time and print a table of executions,
# coverage and findings (docs/fuzzing.md).
#   scripts/fuzz_run.sh [--check] SECONDS RUNS BINDIR OUTDIR TARGET...
# Each target BINDIR/fuzz-TARGET runs for SECONDS or RUNS executions on its
# seeds (tests/fuzz/corpus/TARGET) and regressions (tests/fuzz/regress/TARGET);
# new inputs go to OUTDIR/TARGET/corpus, findings (crash-*, leak-*,
# timeout-*, oom-*) to OUTDIR/TARGET/.  A crash, leak, UB report, an input
# taking more than 1 s or 2 GB fails the run.  --check: also print the
# result in Check's summary format, one check per target, so that
# scripts/run_tests.sh counts it (make test).
set -u
check=0
if [ "${1:-}" = "--check" ]; then check=1; shift; fi
secs=$1 runs=$2 bindir=$3 out=$4; shift 4
targets=($*)
jobs=2

run_one() {
  local t=$1 d="$out/$1"
  rm -rf "$d"; mkdir -p "$d/corpus"
  local dirs=("$d/corpus")
  [ -d "tests/fuzz/corpus/$t" ] && dirs+=("tests/fuzz/corpus/$t")
  [ -d "tests/fuzz/regress/$t" ] && dirs+=("tests/fuzz/regress/$t")
  "$bindir/fuzz-$t" -max_total_time="$secs" -runs="$runs" -timeout=1 -rss_limit_mb=2048 \
    -print_final_stats=1 -artifact_prefix="$d/" "${dirs[@]}" > "$d/fuzz.log" 2>&1
  echo $? > "$d/rc"
}

[ ${#targets[@]} -gt 0 ] || { echo "fuzz_run.sh: no targets" >&2; exit 2; }
start=$(date +%s)
running=0
for t in "${targets[@]}"; do
  if [ ! -x "$bindir/fuzz-$t" ]; then echo "fuzz_run.sh: $bindir/fuzz-$t is missing" >&2; exit 2; fi
  run_one "$t" &
  running=$((running + 1))
  if [ $running -ge $jobs ]; then wait -n; running=$((running - 1)); fi
done
wait

fail=0; nfail=0
printf '%-14s %12s %9s %8s %8s  %s\n' target executions exec/s cov ft findings
for t in "${targets[@]}"; do
  d="$out/$t"; log="$d/fuzz.log"; rc=$(cat "$d/rc" 2>/dev/null || echo 99)
  execs=$(grep -oE 'stat::number_of_executed_units: [0-9]+' "$log" | tail -n 1 | awk '{print $2}')
  rate=$(grep -oE 'stat::average_exec_per_sec: +[0-9]+' "$log" | tail -n 1 | awk '{print $2}')
  cov=$(grep -oE 'cov: [0-9]+' "$log" | tail -n 1 | awk '{print $2}')
  ft=$(grep -oE 'ft: [0-9]+' "$log" | tail -n 1 | awk '{print $2}')
  found=$(cd "$d" && ls -1 2>/dev/null | grep -E '^(crash|leak|timeout|oom)-' | tr '\n' ' ')
  if [ "$rc" -ne 0 ] || [ -n "$found" ]; then
    fail=1; nfail=$((nfail + 1))
    what=${found:-"exit $rc, see $log"}
    printf '%-14s %12s %9s %8s %8s  %s\n' "$t" "${execs:--}" "${rate:--}" "${cov:--}" "${ft:--}" \
      "FAIL: $what"
    for f in $found; do echo "  finding: $d/$f"; done
    grep -m 3 -E '^(==[0-9]+==ERROR|SUMMARY|.*runtime error)' "$log" | sed 's/^/  /'
    [ $check -eq 1 ] && echo "tests/fuzz/fuzz_$t.c:0:F:fuzz:$t:0: $what"
  else
    printf '%-14s %12s %9s %8s %8s  %s\n' "$t" "${execs:--}" "${rate:--}" "${cov:--}" "${ft:--}" none
  fi
done
echo "fuzz: ${#targets[@]} targets, ${secs} s or ${runs} executions each, $(( $(date +%s) - start )) s; logs: $out/<target>/fuzz.log"
if [ $check -eq 1 ]; then
  n=${#targets[@]}
  echo "Running suite(s): fuzz smoke (${secs} s per target)"
  echo "$(( (n - nfail) * 100 / n ))%: Checks: $n, Failures: $nfail, Errors: 0"
fi
exit $fail
