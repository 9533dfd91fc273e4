#!/bin/sh
# The report of a coverage run (make coverage-<unit>): merge the .dat files
# of DIR (every DIR/*.dat but merged.dat) into DIR/merged.dat, annotate the
# sources into DIR/annotated (verilator_coverage --annotate: a line that
# never ran is marked %000000), print the covered lines of each annotated
# source under the SRCDIRs and their total (the same figures into
# DIR/summary.txt), and list the lines never run in DIR/uncovered.txt
# (scripts/cov_uncovered.py).  Sources outside the SRCDIRs (rtl/ete inside
# the subsystem top) are annotated but not counted.
# Usage: cov_report.sh NAME DIR SRCDIR...   (VL_COV_TOOL: verilator_coverage)
set -eu
name=$1; dir=$2; shift 2
tool=${VL_COV_TOOL:-verilator_coverage}
dats=$(ls "$dir"/*.dat | grep -v '/merged\.dat$')
# shellcheck disable=SC2086
"$tool" --write "$dir/merged.dat" $dats
rm -rf "$dir/annotated"
"$tool" --annotate "$dir/annotated" --annotate-all --annotate-min 1 "$dir/merged.dat"
counted=""
for f in "$dir"/annotated/*; do
    b=$(basename "$f")
    for d in "$@"; do
        if [ -e "$d/$b" ]; then counted="$counted $f"; break; fi
    done
done
[ -n "$counted" ] || { echo "cov_report: no annotated source under $*" >&2; exit 1; }
# an annotated line: its count in 6 digits, % first when below --annotate-min
fig='/^[ %][0-9][0-9][0-9][0-9][0-9][0-9]/ { t++ } /^%0+[ \t]/ { u++ }'
{
    for f in $counted; do
        awk -v n="$(basename "$f")" "$fig"' END { if (t) printf "  %-20s %5d of %5d annotated lines covered (%.1f%%)\n", n, t - u, t, 100 * (t - u) / t }' "$f"
    done
    # shellcheck disable=SC2086
    cat $counted | awk -v n="$name total" "$fig"' END { printf "  %-20s %5d of %5d annotated lines covered (%.1f%%)\n", n, t - u, t, 100 * (t - u) / t }'
} | tee "$dir/summary.txt"
python3 scripts/cov_uncovered.py "$dir/annotated" . "$@" > "$dir/uncovered.txt"
echo "$name: annotated sources $dir/annotated (lines marked %000000 never ran);" \
     "the lines never run ($(wc -l < "$dir/uncovered.txt")): $dir/uncovered.txt"
