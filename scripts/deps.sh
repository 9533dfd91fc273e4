#!/usr/bin/env bash
# Install what the project needs from Debian's packages; quiet and quick when
# everything is present.  Called by `make deps` (and so by test and demo).
set -eu

# package -> a file that proves it is installed
need=(
  "build-essential:/usr/bin/gcc"
  "make:/usr/bin/make"
  "pkg-config:/usr/bin/pkg-config"
  "check:/usr/include/check.h"
  "libopencsd-dev:/usr/include/opencsd/c_api/opencsd_c_api.h"
  "libopencsd-bin:/usr/bin/trc_pkt_lister"
  "verilator:/usr/bin/verilator"
  "iverilog:/usr/bin/iverilog"
  "yosys:/usr/bin/yosys"
  "gcc-aarch64-linux-gnu:/usr/bin/aarch64-linux-gnu-gcc"
  "binutils-aarch64-linux-gnu:/usr/bin/aarch64-linux-gnu-objdump"
  "python3:/usr/bin/python3"
  "zlib1g-dev:/usr/include/zlib.h"
  "linux-perf:/usr/bin/perf"
  "python3-matplotlib:/usr/lib/python3/dist-packages/matplotlib/__init__.py"
)

# FuseSoC (docs/fusesoc.md) from PyPI, for the lint of the core files
if ! command -v fusesoc >/dev/null 2>&1; then
  echo "deps: pip installing fusesoc"
  python3 -m pip install -q --disable-pip-version-check fusesoc >/dev/null 2>&1 ||
    python3 -m pip install -q --disable-pip-version-check --break-system-packages fusesoc
fi

missing=()
for entry in "${need[@]}"; do
  pkg=${entry%%:*}
  file=${entry#*:}
  [ -e "$file" ] || missing+=("$pkg")
done

[ ${#missing[@]} -eq 0 ] && exit 0

echo "deps: installing ${missing[*]}"
SUDO=
[ "$(id -u)" -eq 0 ] || SUDO=sudo
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq >/dev/null
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
for entry in "${need[@]}"; do
  pkg=${entry%%:*}
  file=${entry#*:}
  if [ ! -e "$file" ]; then
    echo "deps: $pkg installed but $file is still missing" >&2
    exit 1
  fi
done
