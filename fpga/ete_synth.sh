#!/usr/bin/env bash
# Synthesis of ete_top for RETIRE_WIDTH 1/4 x OUT_BYTES 4/8 (the other
# parameters at their defaults): Yosys synth_ice40 (LUT4, flip-flops, RAM
# bits) and generic gate-level synth (cells, flip-flops), then
# nextpnr-ice40 on the HX8K for Fmax when a set fits it (7680 LUTs).
# Prints one table; logs and reports go to the output directory.
#
#   fpga/ete_synth.sh OUTDIR rtl files...
set -u
out=$1; shift
rtl=("$@")
mkdir -p "$out"

sets=("1 4" "1 8" "4 4" "4 8")
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
exit $fail
