#!/usr/bin/env bash
# `make help`: every target of the Makefile and mk/*.mk, one entry each, from
# the `#   make <target>  <what it does>` lines at the top of each file (a
# description may continue on the following `#` lines, indented further).
#
#   scripts/make_help.sh            print the list
#   scripts/make_help.sh --check    check it against make's own database:
#                                   every listed target has a rule, and every
#                                   .PHONY target is listed (or internal)
set -u
cd "$(dirname "$0")/.."
files=(Makefile $(ls mk/*.mk | sort))

# entries: "file<TAB>target<TAB>text", continuation lines folded in
entries() {
  for f in "${files[@]}"; do
    awk -v f="$f" '
      function flush() { if (t != "") printf "%s\t%s\t%s\n", f, t, d; t = "" }
      /^#   make [a-z]/ {
        flush()
        line = substr($0, 10)               # after "#   make "
        t = line; sub(/[ \t].*/, "", t)
        d = substr(line, length(t) + 1); sub(/^[ \t-]+/, "", d)
        next
      }
      t != "" && /^#     +[^ ]/ { x = $0; sub(/^#[ \t]+/, "", x); d = d " " x; next }
      { flush() }
      END { flush() }' "$f"
  done
}

if [ "${1-}" != --check ]; then
  echo "make targets (from the header of each file; docs in README.md):"
  entries | awk -F'\t' '
    { if ($1 != last) { printf "\n%s\n", $1; last = $1 }
      printf "  %-22s %s\n", $2, $3 }'
  exit 0
fi

# --check: make -p prints the database without running anything
db=$(make -pRrq -f Makefile __make_help_none__ 2>/dev/null)
rules=$(printf '%s\n' "$db" | sed -n 's/^\([a-zA-Z0-9_.-][a-zA-Z0-9_.-]*\):.*/\1/p' | sort -u)
phony=$(printf '%s\n' "$db" | sed -n 's/^\.PHONY: //p' | tr ' ' '\n' | grep -v '^$' | sort -u)
listed=$(entries | cut -f2 | sort -u)
# MAKE_HELP_EXTRA: more names to check as if listed (the test's check of the check)
[ -n "${MAKE_HELP_EXTRA-}" ] && listed=$(printf '%s\n%s\n' "$listed" "$MAKE_HELP_EXTRA" | sort -u)
bad=0
for t in $listed; do
  grep -qx -- "$t" <<<"$rules" || { echo "make help lists '$t', which has no rule"; bad=1; }
done
# internal targets: installers, the build half of test, prerequisites groups
for t in $phony; do
  case "$t" in deps-*|test-build|*-prereqs|*-build|clean) continue ;; esac
  grep -qx -- "$t" <<<"$listed" || { echo ".PHONY target '$t' is not in make help"; bad=1; }
done
n=$(wc -l <<<"$listed")
[ "$bad" -eq 0 ] && echo "make help: $n targets, each with a rule; every .PHONY target listed"
exit $bad
