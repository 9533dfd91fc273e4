#!/usr/bin/env bash
# rtl_consts.sh OUT.h VH...: the values of the RTL include files' constants,
# as Icarus Verilog elaborates them, written as a C header for
# tests/rtl_common/test_rtl_common_consts.c (which compares them with the C
# contract in common/).
#
# Every "localparam [..] NAME = ..." of the given .vh files becomes
#   RTL_CONST(NAME, value)
# in the list macro RTL_CONSTS, and the include folder's clog2 function
# (common_clog2.vh) gives RTL_CLOG2(v, clog2(v)) for v = 1 .. 4097 in
# RTL_CLOG2S.  RTL_CONSTS_DECLARED is the number of localparam lines found,
# so the test sees a constant the list lost.
set -euo pipefail
out=$1; shift
[ $# -gt 0 ] || { echo "usage: $0 OUT.h VH..." >&2; exit 2; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
names=$(sed -n 's/^ *localparam *\(\[[^]]*\]\)\{0,1\} *\([A-Z][A-Z0-9_]*\) *=.*/\2/p' "$@")
decl=$(cat "$@" | grep -c '^ *localparam' || true)
incdirs=$(for f in "$@"; do dirname "$f"; done | sort -u | sed 's/^/-I/')
{
  echo '`default_nettype none'
  echo 'module rtl_consts_dump;'
  for f in "$@"; do echo "\`include \"$(basename "$f")\""; done
  echo '  `include "common_clog2.vh"'
  echo '  integer v;'
  echo '  initial begin'
  for n in $names; do
    echo "    \$display(\"  RTL_CONST($n, 0x%0h) \\\\\", $n);"
  done
  echo '    $display("");'
  echo '    $display("#define RTL_CLOG2S \\");'
  echo '    for (v = 1; v <= 4097; v = v + 1) $display("  RTL_CLOG2(%0d, %0d) \\", v, clog2(v));'
  echo '    $display("");'
  echo '  end'
  echo 'endmodule'
} > "$tmp/dump.v"
# common_clog2.vh may be one of the files given: include it once
if printf '%s\n' "$@" | grep -q 'common_clog2\.vh$'; then
  sed -i '/^`include "common_clog2.vh"$/d' "$tmp/dump.v"
fi
# shellcheck disable=SC2086
iverilog -g2005 -Wall $incdirs -o "$tmp/dump.vvp" "$tmp/dump.v"
{
  echo "/* made by scripts/rtl_consts.sh from $* */"
  echo "#define RTL_CONSTS_DECLARED $decl"
  echo '#define RTL_CONSTS \'
  vvp -n "$tmp/dump.vvp" | grep -v '^VCD\|^$' | sed '/^#define RTL_CLOG2S/i\
/* end of RTL_CONSTS */'
  echo '/* end of RTL_CLOG2S */'
} > "$tmp/out.h"
mkdir -p "$(dirname "$out")"
mv "$tmp/out.h" "$out"
