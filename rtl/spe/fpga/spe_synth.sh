#!/usr/bin/env bash
# Synthesis of spe_top per parameter set (mk/spe_rtl.mk, `make synth-spe`):
#   - Yosys generic `synth -flatten`: cells and flip-flops (the record
#     buffer, 2^MAX_SIZE bytes in 16 byte-lane memories, becomes flip-flops);
#   - Yosys `synth_ice40` of spe_fpga_wrap.v around spe_top, hierarchy kept:
#     LUT4, flip-flops, carries and block RAMs of the spe_top module alone;
#   - nextpnr-ice40 on that netlist, flattened, for the HX8K (ct256) and the
#     UP5K (sg48) when LUT4 + flip-flops of the whole harness fit the
#     device's logic cells: Fmax of the clock.
# Two jobs run at a time.  Prints one table; logs and reports go to OUTDIR.
#
#   rtl/spe/fpga/spe_synth.sh OUTDIR NAME:P=V,P=V... [NAME:...]
#   rtl/spe/fpga/spe_synth.sh --job OUTDIR KIND NAME P=V,P=V...   (internal)
set -u
here=$(cd "$(dirname "$0")" && pwd)
# the unit (rtl/spe/spe_*.v and the RAM of rtl/common) and the include folder
top_v="$(ls "$here"/../spe_*.v | tr '\n' ' ') $here/../../common/common_ram_sdp.v $here/../../common/common_axi_wr.v"
inc="-I$here/../../common"
wrap_v="$here/spe_fpga_wrap.v $here/../../common/fpga/common_fpga_pins.v"
hx8k_lc=7680
up5k_lc=5280

# stat lines are "NAME COUNT" (Yosys 0.23) or "COUNT NAME" (newer); with a
# third argument only the sections (=== name ===) whose title holds it count
cnt() {
  awk -v pat="$1" -v sect="${3:-}" '
    /^=== / { cur = $0; next }
    sect != "" && index(cur, sect) == 0 { next }
    { if ($1 ~ /^[0-9]+$/) { k = $2; v = $1 } else { k = $1; v = $2 } }
    k ~ pat { n += v } END { print n + 0 }' "$2"
}

chp() { # P=V,P=V -> chparam arguments
  local a="" kv
  IFS=, read -r -a kvs <<<"$1"
  for kv in "${kvs[@]}"; do a="$a -set ${kv%%=*} ${kv#*=}"; done
  echo "$a"
}

if [ "${1:-}" = "--job" ]; then
  out=$2 kind=$3 name=$4 params=$5
  set_args=$(chp "$params")
  case $kind in
    generic)
      yosys -q -l "$out/$name-generic.log" -p "read_verilog $inc $top_v; \
        chparam $set_args spe_top; synth -top spe_top -flatten; \
        tee -q -o $out/$name-generic.stat stat" >/dev/null 2>&1 ||
        { echo "generic synth failed" >"$out/$name-generic.err"; exit 1; }
      ;;
    ice40)
      rm -f "$out/$name-pnr-hx8k.log" "$out/$name-pnr-up5k.log" "$out/$name-pnr.txt"
      yosys -q -l "$out/$name-ice40.log" -p "read_verilog $inc $top_v $wrap_v; \
        chparam $set_args spe_fpga_wrap; hierarchy -top spe_fpga_wrap; \
        flatten *spe_top; synth_ice40 -top spe_fpga_wrap -noflatten; \
        tee -q -o $out/$name-ice40.stat stat; flatten; opt_clean; \
        write_json $out/$name-wrap.json" >/dev/null 2>&1 ||
        { echo "synth_ice40 failed" >"$out/$name-ice40.err"; exit 1; }
      st="$out/$name-ice40.stat"
      # the whole harness (last section: the design hierarchy)
      tot_lut=$(cnt '^SB_LUT4$' "$st" "design hierarchy")
      tot_ff=$(cnt '^SB_DFF' "$st" "design hierarchy")
      need=$((tot_lut + tot_ff))
      res=""
      for dev in hx8k up5k; do
        if [ "$dev" = hx8k ]; then lc=$hx8k_lc; pkg=ct256; else lc=$up5k_lc; pkg=sg48; fi
        if [ "$need" -gt "$lc" ]; then
          res="$res $dev: not placed (harness LUT4+FF $need > $lc LCs);"
          continue
        fi
        if nextpnr-ice40 --$dev --package $pkg --json "$out/$name-wrap.json" \
            --asc "$out/$name-$dev.asc" --log "$out/$name-pnr-$dev.log" --quiet \
            >/dev/null 2>&1; then
          f=$(grep -oE "Max frequency for clock[^:]*: [0-9.]+ MHz" "$out/$name-pnr-$dev.log" |
              tail -n 1 | grep -oE "[0-9.]+ MHz")
          u=$(grep -oE "ICESTORM_LC: +[0-9]+/ *[0-9]+" "$out/$name-pnr-$dev.log" | tail -n 1 |
              grep -oE "[0-9]+/ *[0-9]+" | tr -d ' ')
          res="$res $dev: $f ($u LCs);"
        else
          res="$res $dev: place/route failed ($name-pnr-$dev.log);"
        fi
      done
      echo "${res# }" >"$out/$name-pnr.txt"
      ;;
  esac
  exit 0
fi

out=$1; shift
mkdir -p "$out"
command -v nextpnr-ice40 >/dev/null 2>&1 || { echo "spe_synth.sh: nextpnr-ice40 missing"; exit 1; }
ice=() gen=()
for s in "$@"; do
  name=${s%%:*} params=${s#*:}
  rm -f "$out/$name-generic.err" "$out/$name-ice40.err"
  ice+=("ice40 $name $params")
  gen+=("generic $name $params")
done
jobs=("${ice[@]}" "${gen[@]}")
printf '%s\n' "${jobs[@]}" | xargs -P 2 -L 1 bash "$0" --job "$out"

printf '%-3s | %6s %6s %6s %15s | %7s %6s | %s\n' set LUT4 FF CARRY "RAM bits" \
  cells FF "Fmax (nextpnr-ice40)"
fail=0
for s in "$@"; do
  name=${s%%:*}
  if [ -e "$out/$name-generic.err" ] || [ -e "$out/$name-ice40.err" ]; then
    echo "$name: $(cat "$out/$name"-*.err 2>/dev/null)"; fail=1; continue
  fi
  st="$out/$name-ice40.stat"
  # spe_top with its parts (spe_regs, spe_sample, spe_rec, common_axi_wr, the
  # record buffer's common_ram_sdp lanes), flattened into it before synthesis
  # (as one module, as it was before the split): the whole design less the
  # harness
  unit() { echo $(( $(cnt "$1" "$st" "design hierarchy") - $(cnt "$1" "$st" spe_fpga_wrap) -
                    $(cnt "$1" "$st" common_fpga_pins) )); }
  lut=$(unit '^SB_LUT4$')
  ff=$(unit '^SB_DFF')
  carry=$(unit '^SB_CARRY$')
  bram=$(unit '^SB_RAM40_4K$')
  gs="$out/$name-generic.stat"
  gcells=$(awk '/Number of cells/ { for (i = 1; i <= NF; i++) if ($i ~ /^[0-9]+$/) n = $i }
                END { print n + 0 }' "$gs")
  gff=$(cnt '^\$_(S|A)?DFF' "$gs")
  ms=$(sed -nE 's/.*MAX_SIZE=([0-9]+).*/\1/p' <<<"${s#*:}")
  used=$((8 << ${ms:-7}))
  printf '%-3s | %6s %6s %6s %15s | %7s %6s | %s\n' "$name" "$lut" "$ff" "$carry" \
    "$used in $bram blk" "$gcells" "$gff" "$(cat "$out/$name-pnr.txt")"
done
echo "LUT4..RAM: synth_ice40, spe_top alone (RAM bits: record buffer bits in SB_RAM40_4K"
echo "blocks of 4096 bits); cells, FF: generic synth, the record buffer as flip-flops;"
echo "Fmax: spe_top in spe_fpga_wrap.v; reports: $out/<set>-*"
exit $fail
