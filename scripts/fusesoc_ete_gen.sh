#!/bin/sh
# The ETE sim target's generated header (docs/fusesoc.md): ETE_SYNC_LAG of
# rtl/ete/ete_pipe_desc.vh as gen/ete_sync_lag.h beside the exported files,
# as the Makefile makes build/gen/ete_sync_lag.h.  A FuseSoC pre_build hook.
set -eu
root=${FILES_ROOT:?FILES_ROOT is not set: run this from a FuseSoC hook}
vh=$root/rtl/ete/ete_pipe_desc.vh
v=$(sed -n 's/^ *localparam ETE_SYNC_LAG = \([0-9][0-9]*\);.*/\1/p' "$vh")
[ -n "$v" ] || { echo "$vh: no ETE_SYNC_LAG" >&2; exit 1; }
mkdir -p "$root/gen"
printf '/* made from %s by scripts/fusesoc_ete_gen.sh */\n#define ETE_SYNC_LAG %su\n' \
  rtl/ete/ete_pipe_desc.vh "$v" > "$root/gen/ete_sync_lag.h"
