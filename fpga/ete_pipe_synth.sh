#!/usr/bin/env bash
# Synthesis of the pipelined ETE core ete_pipe (docs/ete-rtl-pipeline.md):
# Yosys synth_ecp5 of the core inside rtl/ete/fpga/ete_pipe_fpga_wrap.v (its
# pins through a shift register), hierarchy kept: the core's LUT4,
# flip-flops and carry cells (the harness subtracted), and each module's
# longest path in cells between flip-flops (`ltp` with the flip-flops
# deleted); then, with ETE_PIPE_PNR=1, nextpnr-ecp5 on an LFE5U-85F with an
# ETE_PNR_MHZ (default 100) MHz clock constraint: Fmax.  The shared pieces:
# fpga/synth_lib.sh.
#
#   fpga/ete_pipe_synth.sh OUTDIR rtl files...
set -u
out=$1; shift
rtl=("$@")
mkdir -p "$out"
here=$(cd "$(dirname "$0")/.." && pwd)
. "$here/fpga/synth_lib.sh"
ys=$SYN_YOSYS
wrap="$here/rtl/ete/fpga/ete_pipe_fpga_wrap.v $here/rtl/common/fpga/common_fpga_pins.v"

# one synthesis of the core inside its pin harness, hierarchy kept: the
# core's cells are the harness's less common_fpga_pins; `ltp` per module
# with the flip-flops deleted gives each stage's longest path in cells
if ! $ys -q -l "$out/pipe-ecp5.log" \
    -p "read_verilog -I$here/rtl/common ${rtl[*]} $wrap; synth_ecp5 -top ete_pipe_fpga_wrap -noflatten; \
        tee -q -o $out/pipe-ecp5.stat stat; design -save hier; delete t:TRELLIS_FF; \
        tee -q -o $out/pipe-ecp5.ltp ltp; design -load hier; delete t:TRELLIS_FF; \
        delete t:*ete_pipe_view* t:*ete_pipe_elem* t:*ete_pipe_cmpr* t:*ete_pipe_pkt* t:*ete_enc_res*; \
        tee -q -o $out/pipe-ecp5-s2.ltp ltp \$paramod\\ete_pipe\\*; design -load hier; flatten; opt_clean; \
        write_json $out/pipe-ecp5.json" \
    >/dev/null 2>&1; then
  echo "ete_pipe: synth_ecp5 failed (see $out/pipe-ecp5.log)"; exit 1
fi
st="$out/pipe-ecp5.stat"
unit() { syn_unit "$1" "$st"; }
printf 'ete_pipe synth_ecp5 (PKT_BYTES 40, other parameters default): LUT4 %s  TRELLIS_FF %s  CCU2C %s  PFUMX %s  L6MUX21 %s  DP16KD %s\n' \
  "$(unit '^LUT4$')" "$(unit '^TRELLIS_FF$')" "$(unit '^CCU2C$')" "$(unit '^PFUMX$')" \
  "$(unit '^L6MUX21$')" "$(unit '^DP16KD$')"
echo "longest flip-flop to flip-flop path per module, in cells (LUT4, PFUMX, L6MUX21, CCU2C):"
grep -E "Longest topological path in" "$out/pipe-ecp5.ltp" | grep -v 'ete_pipe\\PKT' | \
  sed -E 's/.*\\([a-z_0-9]+) \(length=([0-9]+)\).*/  \1 \2/; s/.*\\([a-z_0-9]+)\\[A-Z_]+=.* \(length=([0-9]+)\).*/  \1 \2/; s/.*in ([a-z_0-9]+) \(length=([0-9]+)\).*/  \1 \2/'
# ete_pipe's own logic (S2 and the wiring) with the stage instances removed:
# with them, ltp counts each instance as one cell on a path through it
grep -E "Longest topological path in" "$out/pipe-ecp5-s2.ltp" | \
  sed -E 's/.*\(length=([0-9]+)\).*/  ete_pipe (S2 and wiring, stage instances removed) \1/'

[ "${ETE_PIPE_PNR-0}" = 1 ] || exit 0
[ -n "$SYN_PNR_ECP5" ] || { echo "no nextpnr-ecp5 (make deps-synth-ete)"; exit 1; }
mhz=${ETE_PNR_MHZ:-100}
if syn_ecp5_pnr "$out/pipe-ecp5.json" "$out/pipe-ecp5-pnr.log" "$mhz"; then
  echo "ete_pipe (harness rtl/ete/fpga/ete_pipe_fpga_wrap.v, LFE5U-85F, $mhz MHz constraint):" \
       "Fmax $(syn_fmax "$out/pipe-ecp5-pnr.log"); critical path $(syn_crit "$out/pipe-ecp5-pnr.log")"
else
  echo "ete_pipe: place/route failed (see $out/pipe-ecp5-pnr.log)"; exit 1
fi
