#!/bin/sh
# The C side of a FuseSoC `sim` target (docs/fusesoc.md): compiles every C
# file FuseSoC exported for the target (FILES_ROOT: the core's files in the
# work folder) into OUT.a, which the Verilator build links with the unit's
# C++ shim.  Run by FuseSoC as a pre_build hook, in the work folder.
#   fusesoc_cbench.sh OUT.a
set -eu
out=${1:?usage: fusesoc_cbench.sh OUT.a}
root=${FILES_ROOT:?FILES_ROOT is not set: run this from a FuseSoC hook}
incs=$(find "$root" -name '*.h' -exec dirname {} \; | sort -u | sed 's/^/-I/')
rm -rf cbench && mkdir cbench
n=0
for src in $(find "$root" -name '*.c' | sort); do
  obj=cbench/$(echo "${src#"$root"/}" | tr / _ | sed 's/\.c$/.o/')
  # shellcheck disable=SC2086
  ${CC:-cc} -std=c11 -D_POSIX_C_SOURCE=200809L -Wall -Wextra -Werror -O2 $incs -c "$src" -o "$obj"
  n=$((n + 1))
done
[ "$n" -gt 0 ] || { echo "fusesoc_cbench.sh: no C files under $root" >&2; exit 1; }
rm -f "$out"
ar rcs "$out" cbench/*.o
echo "fusesoc_cbench.sh: $n C files in $out"
