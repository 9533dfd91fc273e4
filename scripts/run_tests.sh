#!/usr/bin/env bash
# Run every Check test binary given, show Check's summary per suite, and end
# with one overall line "N passed, N failed".
set -u
pass=0; fail=0; bad=()
for t in "$@"; do
  out=$("$t" 2>&1); rc=$?
  printf '%s\n' "$out" | grep -E '^(Running suite|[0-9]+%: Checks)|:[EF]:|: skipped: ' 
  line=$(printf '%s\n' "$out" | grep -E '^[0-9]+%: Checks: [0-9]+' | tail -n 1)
  if [ -z "$line" ]; then
    printf '%s\n' "$out" | tail -n 20
    echo "$t: no Check summary (exit $rc)"
    fail=$((fail + 1)); bad+=("$t"); continue
  fi
  n=$(sed -E 's/.*Checks: ([0-9]+).*/\1/' <<<"$line")
  f=$(sed -E 's/.*Failures: ([0-9]+).*/\1/' <<<"$line")
  e=$(sed -E 's/.*Errors: ([0-9]+).*/\1/' <<<"$line")
  pass=$((pass + n - f - e)); fail=$((fail + f + e))
  if [ "$rc" -ne 0 ] && [ $((f + e)) -eq 0 ]; then fail=$((fail + 1)); bad+=("$t"); fi
  [ $((f + e)) -gt 0 ] && bad+=("$t")
done
[ ${#bad[@]} -gt 0 ] && echo "failing: ${bad[*]}"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
