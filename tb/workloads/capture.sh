#!/usr/bin/env bash
# Run one workload under qemu-aarch64 with the capture plugin and import
# the capture as a PE stream (docs/workloads.md).
#
#   capture.sh --name NAME --dir DIR --cap N --plugin SO --import WL-IMPORT
#              --cpu CPU [--sysroot DIR] [--stdin FILE] [--contextidr N]
#              -- PROGRAM ARGS...
#
# Writes DIR/NAME.pe, DIR/NAME.import.txt (the importer's statistics),
# DIR/NAME.log (QEMU's plugin log) and DIR/NAME.stdout/.stderr (the
# program's output).  The capture itself (DIR/NAME.cap) is removed after
# the import unless WL_KEEP_CAPTURE=1.
set -euo pipefail

name= dir= cap= plugin= import= cpu= sysroot= stdin=/dev/null cid=1000
while [ $# -gt 0 ]; do
  case $1 in
    --name) name=$2; shift 2 ;;
    --dir) dir=$2; shift 2 ;;
    --cap) cap=$2; shift 2 ;;
    --plugin) plugin=$2; shift 2 ;;
    --import) import=$2; shift 2 ;;
    --cpu) cpu=$2; shift 2 ;;
    --sysroot) sysroot=$2; shift 2 ;;
    --stdin) stdin=$2; shift 2 ;;
    --contextidr) cid=$2; shift 2 ;;
    --) shift; break ;;
    *) echo "capture.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done
for v in name dir cap plugin import cpu; do
  [ -n "${!v}" ] || { echo "capture.sh: --$v is required" >&2; exit 2; }
done
[ $# -ge 1 ] || { echo "capture.sh: no program given" >&2; exit 2; }

qemu=$(command -v "${QEMU_AARCH64:-qemu-aarch64}") ||
  { echo "capture.sh: qemu-aarch64 not found (make deps-workloads)" >&2; exit 1; }
mkdir -p "$dir"
base="$dir/$name"
rm -f "$base.cap" "$base.pe" "$base.pe.tmp" "$base.log"

# A clean environment: the environment is on the guest's stack and changes
# what it executes.  QEMU's plugin messages go to the log, not stdout.
rc=0
env -i "$qemu" -cpu "$cpu" ${sysroot:+-L "$sysroot"} -d plugin -D "$base.log" \
  -plugin "$plugin,out=$base.cap,cap=$cap" "$@" \
  < "$stdin" > "$base.stdout" 2> "$base.stderr" || rc=$?
if [ $rc -ne 0 ] || ! grep -q '^wl_trace: ' "$base.log" 2>/dev/null; then
  echo "capture.sh: $name: qemu-aarch64 exited with status $rc" >&2
  tail -n 5 "$base.stderr" "$base.log" >&2 2>/dev/null || true
  exit 1
fi
"$import" "$base.cap" -o "$base.pe.tmp" --name "$name" --contextidr "$cid" \
  > "$base.import.txt" || { rm -f "$base.pe.tmp"; exit 1; }
mv "$base.pe.tmp" "$base.pe"
[ "${WL_KEEP_CAPTURE:-0}" = 1 ] || rm -f "$base.cap"
echo "capture $name: $(sed -n 's/^wl_trace: //p' "$base.log") -> $base.pe"
