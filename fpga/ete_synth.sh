#!/usr/bin/env bash
# Synthesis, placement and routing of the ETE unit ete_unit (`make
# synth-ete`, docs/ete-rtl-pipeline.md): the unit inside its pin harness
# rtl/ete/fpga/ete_unit_fpga_wrap.v (common_fpga_pins: one shift-in pin,
# one XOR-folded output pin; the harness's own cells are subtracted).
#
#   ECP5, per set of ETE_ECP5_SETS (default "1 8,4 8": RETIRE_WIDTH and
#     OUT_BYTES, comma separated; the other parameters at their defaults):
#     Yosys synth_ecp5 -abc9 (ABC9's delay-aware mapping; hierarchy kept
#     for the counts, then flattened), nextpnr-ecp5 on an LFE5U-85F
#     (CABGA381) with an ETE_PNR_MHZ (default 100) MHz clock constraint and
#     the HeAP placer's timing weight ETE_PNR_TW (default 60, nextpnr's own
#     10), once per seed of ETE_PNR_SEEDS (default "1 2 3": placement moves
#     the routed Fmax by several MHz from seed to seed, so every seed's
#     figure is printed, the lowest first in the table).  A table: LUT4,
#     TRELLIS_FF, DP16KD (EBR), CCU2C, routed Fmax (the lowest, the median
#     and every seed's), the lowest seed's critical path's end points.
#   iCE40, per set of ETE_ICE40_SETS (default "1 8"): synth_ice40; whether
#     the unit and its harness fit an HX8K (7680 logic cells, 32
#     SB_RAM40_4K), and nextpnr-ice40's Fmax there when they do.
#
#   fpga/ete_synth.sh OUTDIR rtl files...
set -u
out=$1; shift
rtl=("$@")
mkdir -p "$out"
here=$(cd "$(dirname "$0")/.." && pwd)
. "$here/fpga/synth_lib.sh"
inc="-I$here/rtl/common"   # the include files of rtl/common
wrap="$here/rtl/ete/fpga/ete_unit_fpga_wrap.v $here/rtl/common/fpga/common_fpga_pins.v"
mhz=${ETE_PNR_MHZ:-100}
tw=${ETE_PNR_TW:-60}
read -r -a seeds <<<"${ETE_PNR_SEEDS-1 2 3}"
[ ${#seeds[@]} -gt 0 ] || seeds=(1)
IFS=, read -r -a esets <<<"${ETE_ECP5_SETS-1 8,4 8}"
IFS=, read -r -a isets <<<"${ETE_ICE40_SETS-1 8}"
fail=0

# ---- ECP5 ------------------------------------------------------------------------
if [ ${#esets[@]} -gt 0 ]; then
  echo "ete_unit on ECP5: $($SYN_YOSYS -V | head -n 1) synth_ecp5 -abc9;" \
       "${SYN_PNR_ECP5:-no nextpnr-ecp5} LFE5U-85F CABGA381, $mhz MHz constraint," \
       "placer timing weight $tw, seeds ${seeds[*]}"
  printf '  %-6s %8s %10s %7s %7s | %-10s %-10s %-24s | %s\n' set LUT4 TRELLIS_FF DP16KD CCU2C \
    "Fmax min" median "per seed (MHz)" "critical path of the lowest (source -> sink)"
fi
for s in "${esets[@]}"; do
  read -r rw ob <<<"$s"
  name="W${rw}_O${ob}"
  t0=$(date +%s)
  if ! $SYN_YOSYS -q -l "$out/$name-ecp5.log" \
      -p "read_verilog $inc ${rtl[*]} $wrap; \
          chparam -set RETIRE_WIDTH $rw -set OUT_BYTES $ob ete_unit_fpga_wrap; \
          synth_ecp5 -abc9 -top ete_unit_fpga_wrap -noflatten; tee -q -o $out/$name-ecp5.stat stat; \
          flatten; opt_clean; write_json $out/$name-ecp5.json" >/dev/null 2>&1; then
    echo "  $name: synth_ecp5 failed (see $out/$name-ecp5.log)"; fail=1; continue
  fi
  st="$out/$name-ecp5.stat"
  lut=$(syn_unit '^LUT4$' "$st"); ff=$(syn_unit '^TRELLIS_FF$' "$st")
  ebr=$(syn_unit '^DP16KD$' "$st"); ccu=$(syn_unit '^CCU2C$' "$st")
  runs=""; fmin=""; crit=""; per=""
  for sd in "${seeds[@]}"; do
    plog="$out/$name-ecp5-pnr-s$sd.log"
    syn_ecp5_pnr "$out/$name-ecp5.json" "$plog" "$mhz" --seed "$sd" --placer-heap-timingweight "$tw"
    case $? in
      0) f=$(syn_fmax "$plog"); f=${f% MHz}
         runs="$runs $f"; per="$per${per:+ / }$f"
         if [ -z "$fmin" ] || awk -v a="$f" -v b="$fmin" 'BEGIN { exit !(a < b) }'; then
           fmin=$f; crit=$(syn_crit "$plog")
         fi ;;
      1) per="$per${per:+ / }failed"; crit="see $plog"; fail=1 ;;
      *) per="no nextpnr"; crit="make deps-synth-ete"; break ;;
    esac
  done
  med=$(printf '%s\n' $runs | sort -g | awk '{ v[NR] = $1 } END { if (NR) print v[int((NR + 1) / 2)] }')
  printf '  %-6s %8s %10s %7s %7s | %-10s %-10s %-24s | %s\n' "$name" "$lut" "$ff" "$ebr" "$ccu" \
    "${fmin:--}" "${med:--}" "$per" "$crit"
  echo "$name $lut $ff $ebr $ccu ${fmin:--} ${med:--} $per $(( $(date +%s) - t0 ))s" >> "$out/ecp5-table.txt"
done
[ ${#esets[@]} -eq 0 ] || echo "  (the unit alone: harness cells subtracted; reports $out/<set>-ecp5{.log,.stat,-pnr-s<seed>.log})"

# ---- iCE40 HX8K fit -----------------------------------------------------------------
hx8k_lc=7680; hx8k_ram=32
for s in "${isets[@]}"; do
  read -r rw ob <<<"$s"
  name="W${rw}_O${ob}"
  if ! $SYN_YOSYS -q -l "$out/$name-ice40.log" \
      -p "read_verilog $inc ${rtl[*]} $wrap; \
          chparam -set RETIRE_WIDTH $rw -set OUT_BYTES $ob ete_unit_fpga_wrap; \
          synth_ice40 -top ete_unit_fpga_wrap -noflatten; tee -q -o $out/$name-ice40.stat stat; \
          flatten; opt_clean; write_json $out/$name-ice40.json" >/dev/null 2>&1; then
    echo "ete_unit $name on iCE40: synth_ice40 failed (see $out/$name-ice40.log)"; fail=1; continue
  fi
  st="$out/$name-ice40.stat"
  lut=$(syn_unit '^SB_LUT4$' "$st"); ff=$(syn_unit '^SB_DFF' "$st"); ram=$(syn_unit '^SB_RAM40_4K$' "$st")
  tlut=$(syn_hcnt '^SB_LUT4$' "$st" "design hierarchy"); tff=$(syn_hcnt '^SB_DFF' "$st" "design hierarchy")
  echo "ete_unit $name on iCE40 HX8K (synth_ice40): unit $lut SB_LUT4, $ff SB_DFF*, $ram SB_RAM40_4K;" \
       "with the harness $tlut LUT4, $tff DFF (HX8K: $hx8k_lc logic cells, $hx8k_ram RAM)"
  why=
  [ "$lut" -le "$hx8k_lc" ] || why="$lut SB_LUT4 > $hx8k_lc logic cells"
  [ "$ram" -le "$hx8k_ram" ] || why="${why:+$why, }$ram SB_RAM40_4K > $hx8k_ram"
  if [ -n "$why" ]; then
    echo "  does not fit an HX8K: $why"
    continue
  fi
  plog="$out/$name-ice40-pnr.log"
  syn_ice40_pnr "$out/$name-ice40.json" "$plog" "$mhz"
  case $? in
    0) echo "  fits an HX8K: routed Fmax $(syn_fmax "$plog")" ;;
    1) echo "  nextpnr-ice40 could not place and route it on an HX8K (see $plog)" ;;
    *) echo "  no nextpnr-ice40 (make deps-synth-ete): fit not checked by placement" ;;
  esac
done
exit $fail
