#!/usr/bin/env bash
# Fetch Debian arm64 packages and their library dependencies with apt-get
# download under a private APT configuration, and unpack them with dpkg-deb
# into a sysroot for `qemu-aarch64 -L SYSROOT`.  Nothing is installed on the
# host and nothing is fetched from anywhere but the host's APT sources.
#
#   fetch_debian.sh DIR PACKAGE...
#
# DIR/apt      APT state, cache and configuration (APT_CONFIG=DIR/apt/apt.conf)
# DIR/debs     the downloaded .deb files
# DIR/sysroot  the unpacked packages
# DIR/.stamp   written last; holds the package list, so a second run with
#              the same list does nothing
#
# No file or directory under DIR is named *.d: the Makefile includes every
# *.d file under build/ as a dependency file.  APT's configuration parts
# directories get other names, and *.d paths of the packages (configuration
# directories under /etc, gconv-modules.d) are not unpacked.
set -euo pipefail

[ $# -ge 2 ] || { echo "usage: $0 DIR PACKAGE..." >&2; exit 2; }
dir=$1; shift
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
want="$*"
if [ -f "$dir/.stamp" ] && [ "$(cat "$dir/.stamp")" = "$want" ]; then
  exit 0
fi

apt="$dir/apt"
rm -rf "$apt" "$dir/debs" "$dir/sysroot" "$dir/.stamp"
mkdir -p "$apt/state/lists/partial" "$apt/cache/archives/partial" \
         "$apt/etc/source-parts" "$apt/etc/conf-parts" "$apt/etc/pref-parts" \
         "$apt/etc/trusted-parts" "$dir/debs" "$dir/sysroot"
: > "$apt/state/status"

# The host's sources, as they are: deb822 .sources files and one-line .list
# files (files with other suffixes are not sources to APT either).
n=0
for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources; do
  [ -f "$f" ] || continue
  cp "$f" "$apt/etc/source-parts/host-$n-$(basename "$f")"
  n=$((n + 1))
done
[ $n -gt 0 ] || { echo "fetch_debian: the host has no APT sources" >&2; exit 1; }
# keys that sources without Signed-By rely on
for k in /etc/apt/trusted.gpg /etc/apt/trusted.gpg.d/*; do
  if [ -f "$k" ]; then cp "$k" "$apt/etc/trusted-parts/"; fi
done

cat > "$apt/apt.conf" <<EOF
Dir::State "$apt/state";
Dir::State::status "$apt/state/status";
Dir::Cache "$apt/cache";
Dir::Etc "$apt/etc";
Dir::Etc::sourcelist "$apt/etc/sources.list";
Dir::Etc::sourceparts "$apt/etc/source-parts";
Dir::Etc::parts "$apt/etc/conf-parts";
Dir::Etc::preferencesparts "$apt/etc/pref-parts";
Dir::Etc::trustedparts "$apt/etc/trusted-parts";
APT::Architecture "arm64";
APT::Architectures { "arm64"; };
APT::Sandbox::User "root";
Acquire::Languages "none";
Debug::NoLocking "true";
EOF
export APT_CONFIG="$apt/apt.conf"

if ! apt-get -qq update >"$dir/apt-update.log" 2>&1; then
  cat "$dir/apt-update.log" >&2
  echo "fetch_debian: apt-get update failed (log: $dir/apt-update.log)" >&2
  exit 1
fi

# The packages and everything they depend on (Depends and Pre-Depends),
# resolved by APT for arm64: the closure apt-get install would unpack.
deps=$(apt-cache depends --recurse --no-recommends --no-suggests --no-conflicts \
         --no-breaks --no-replaces --no-enhances "$@" 2>"$dir/apt-depends.log" |
       grep -E '^[a-z0-9]' | sed 's/:arm64$//' | sort -u) || {
  cat "$dir/apt-depends.log" >&2
  echo "fetch_debian: apt-cache depends failed" >&2
  exit 1
}
# virtual packages (no candidate version) are provided by others in the list
pkgs=()
for p in $deps; do
  pol=$(apt-cache policy "$p" 2>/dev/null || true)
  if grep -q 'Candidate: [^(]' <<<"$pol"; then
    pkgs+=("$p")
  fi
done

( cd "$dir/debs" && apt-get -qq download "${pkgs[@]}" >"$dir/apt-download.log" 2>&1 ) || {
  cat "$dir/apt-download.log" >&2
  echo "fetch_debian: apt-get download failed" >&2
  exit 1
}
for deb in "$dir"/debs/*.deb; do
  dpkg-deb --fsys-tarfile "$deb" | tar -x -C "$dir/sysroot" --exclude='*.d'
done
for p in "$@"; do
  ls "$dir"/debs/"${p}"_*.deb >/dev/null 2>&1 || {
    echo "fetch_debian: $p was not downloaded" >&2; exit 1; }
done
echo "$want" > "$dir/.stamp"
echo "fetch_debian: ${#pkgs[@]} packages unpacked into $dir/sysroot"
