#!/usr/bin/env bash
# Check what Linux perf reads from the perf.data files perf-data-write
# wrote against our decoders (docs/perf-data.md):
#
#   perf_check.sh [--bin DIR] [--ete SNAPSHOT_DIR PERF.DATA] [--spe BUFFER PERF.DATA]
#
#   --ete  `perf script --itrace=i1i` (one sample per instruction) and
#          `perf script --itrace=b` (branch samples) give the instruction and
#          branch counts perf-ete-counts gives from our decoder (and they
#          are not 0)
#   --spe  the packet lines of `perf report -D` equal spe-decode's, for
#          every packet inside the buffer (perf also shows the zero bytes
#          that pad its AUXTRACE record to 8 bytes, as PAD)
#   --bin  where perf-ete-counts and spe-decode are (default build/bin)
#
# Exit 0 when everything agrees, 1 on a difference, 2 on a usage error,
# 77 when perf is not installed or was built without OpenCSD (--ete).
set -uo pipefail

bin=build/bin ete_ss= ete_data= spe_buf= spe_data=
while [ $# -gt 0 ]; do
  case $1 in
    --bin) bin=$2; shift 2 ;;
    --ete) ete_ss=$2; ete_data=$3; shift 3 ;;
    --spe) spe_buf=$2; spe_data=$3; shift 3 ;;
    *) echo "perf_check: unknown argument $1" >&2; exit 2 ;;
  esac
done
[ -n "$ete_ss$spe_buf" ] || { echo "perf_check: give --ete and/or --spe" >&2; exit 2; }

perf=$(command -v perf) || { echo "perf_check: perf is not installed (make deps installs linux-perf)"; exit 77; }
# perf 6.1 does not list OpenCSD in --build-options: look at what it links
libs=$(ldd "$perf" 2>/dev/null || true)
if [ -n "$ete_ss" ] && ! grep -q libopencsd <<<"$libs"; then
  echo "perf_check: $perf was built without OpenCSD: no CoreSight decoding"
  exit 77
fi

rc=0
if [ -n "$ete_ss" ]; then
  ours=$("$bin/perf-ete-counts" "$ete_ss") || { echo "perf_check: perf-ete-counts failed"; exit 1; }
  our_i=$(awk '$1 == "instructions" {print $2}' <<<"$ours")
  our_b=$(awk '$1 == "branches" {print $2}' <<<"$ours")
  perf_i=$("$perf" script -i "$ete_data" --itrace=i1i -F ip 2>/dev/null | wc -l)
  perf_b=$("$perf" script -i "$ete_data" --itrace=b -F ip 2>/dev/null | wc -l)
  v=PASS
  [ "$perf_i" = "$our_i" ] && [ "$perf_b" = "$our_b" ] && [ "${our_i:-0}" -gt 0 ] ||
    { v=FAIL; rc=1; }
  echo "perf_check: ETE $v: perf script: $perf_i instructions, $perf_b branches;" \
       "our decoder: $our_i instructions, $our_b branches ($ete_data)"
fi

if [ -n "$spe_buf" ]; then
  lim=$(printf '%08x' "$(stat -c %s "$spe_buf")")
  tmp=$(mktemp -d)
  pattern='^\.  [0-9a-f]{8}:'
  "$perf" report -D -i "$spe_data" 2>/dev/null | grep -E "$pattern" |
    awk -v lim="$lim" '{ if (substr($2, 1, 8) "" < lim "") print }' > "$tmp/perf.txt"
  "$bin/spe-decode" "$spe_buf" | grep -E "$pattern" > "$tmp/ours.txt"
  n=$(wc -l < "$tmp/ours.txt")
  if [ "$n" -gt 0 ] && cmp -s "$tmp/perf.txt" "$tmp/ours.txt"; then
    echo "perf_check: SPE PASS: perf report -D prints the $n packet lines of spe-decode ($spe_data)"
  else
    echo "perf_check: SPE FAIL: perf report -D ($(wc -l < "$tmp/perf.txt") lines) and" \
         "spe-decode ($n lines) differ ($spe_data); first differences:"
    diff "$tmp/perf.txt" "$tmp/ours.txt" | head -n 6
    rc=1
  fi
  rm -rf "$tmp"
fi
exit $rc
