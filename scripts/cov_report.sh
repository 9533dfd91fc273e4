#!/bin/sh
# The report of a coverage run (make coverage-<unit>): merge the .dat files
# of DIR (every DIR/*.dat but merged.dat) into DIR/merged.dat, annotate the
# sources into DIR/annotated (verilator_coverage --annotate: a line that
# never ran is marked %000000), print the covered points (annotated lines)
# of each annotated source under the SRCDIRs and their total, also without
# the constant functions that only elaboration evaluates (DIR/summary.txt),
# and list the lines never run in DIR/uncovered.txt (scripts/cov_uncovered.py).
# Sources outside the SRCDIRs (rtl/ete inside the subsystem top) are
# annotated but not counted.
# Usage: cov_report.sh NAME DIR SRCDIR...   (VL_COV_TOOL: verilator_coverage)
set -eu
name=$1; dir=$2; shift 2
tool=${VL_COV_TOOL:-verilator_coverage}
dats=$(ls "$dir"/*.dat 2>/dev/null | grep -v '/merged\.dat$') ||
    { echo "cov_report: no coverage data (.dat) in $dir" >&2; exit 1; }
# shellcheck disable=SC2086
"$tool" --write "$dir/merged.dat" $dats
rm -rf "$dir/annotated"
"$tool" --annotate "$dir/annotated" --annotate-all --annotate-min 1 "$dir/merged.dat" \
    > "$dir/annotate.log"
python3 scripts/cov_uncovered.py --summary "$name" "$dir/summary.txt" "$dir/annotated" . "$@" \
    > "$dir/uncovered.txt"
[ "$(wc -l < "$dir/summary.txt")" -gt 2 ] || { echo "cov_report: no annotated source under $*" >&2; exit 1; }
cat "$dir/summary.txt"
echo "$name: annotated sources $dir/annotated (lines marked %000000 never ran);" \
     "the lines never run ($(wc -l < "$dir/uncovered.txt")): $dir/uncovered.txt"
