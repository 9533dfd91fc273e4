#!/usr/bin/env bash
# Regenerate the seed corpora tests/fuzz/corpus/<target>/ from the project's
# own tools (pe-gen, ete-encode, spe-profile, brbe-record) and minimise each
# with libFuzzer's -merge=1 (docs/fuzzing.md).  Needs `make tools fuzz-build`.
# The ETMv1 seeds (tests/fuzz/corpus/etmv1, the golden vectors of
# tests/etmv1/test_etmv1_vectors.c) are kept as they are.
#   scripts/fuzz_seeds.sh [BUILD]
set -eu
B=${1:-build}
BIN=$B/bin FZ=$B/fuzz/bin
RAW=$B/fuzz/seeds-raw
rm -rf "$RAW"; mkdir -p "$RAW"
for t in ete_pkt ete_dec ete_snapshot spe_pkt spe_stats brbe_dump; do mkdir -p "$RAW/$t"; done

# ETE: programs with each feature set, encoded under several configurations
i=0
for feat in all none exceptions,irq context,txn wfx,isb,reset events,ldst; do
  for cfg in 0x1 0x11 0x801 0x10c1 0x18d1; do
    i=$((i + 1))
    w=$RAW/w$i; mkdir -p "$w"
    "$BIN/pe-gen" --seed $i --records 300 --features $feat -o "$w/p.pe" >/dev/null 2>&1
    "$BIN/ete-encode" "$w/p.pe" -o "$w/t.bin" --snapshot "$w/snap" --reg TRCCONFIGR=$cfg --reg TRCCCCTLR=0x10 \
      >/dev/null
    python3 - "$w" "$RAW" $i $cfg <<'PY'
import os, re, sys
w, raw, i, cfg = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4], 16)
t = open(f"{w}/t.bin", "rb").read()[:1200]
ini = open(f"{w}/snap/cpu_0.ini").read()
m = re.search(r"file=(\S+)\naddress=(0x[0-9a-f]+)", ini)
mem = open(f"{w}/snap/{m.group(1)}", "rb").read()[:1024]
base = int(m.group(2), 16)
ete = open(f"{w}/snap/ETE_0.ini").read()
idr0 = int(re.search(r"TRCIDR0=(0x[0-9a-f]+)", ete).group(1), 16)
# ete_pkt: [COMMOPT | TRCCCI | TSSIZE 64]
commopt = (idr0 >> 29) & 1
open(f"{raw}/ete_pkt/s{i}", "wb").write(bytes([commopt | 4 | 8]) + t)
# ete_dec: MAXSPEC 0, COMMOPT; TRCCONFIGR CCI CID VMID TS RS; TSSIZE 64; WFXMODE
c = ((cfg >> 4) & 1) | ((cfg >> 6) & 1) << 1 | ((cfg >> 7) & 1) << 2 | \
    ((cfg >> 11) & 1) << 3 | ((cfg >> 12) & 1) << 4
hdr = bytes([commopt << 6, c | 0x40 | 0x80]) + (len(mem) // 4).to_bytes(2, "little") + \
    base.to_bytes(8, "little") + bytes([i])
open(f"{raw}/ete_dec/s{i}", "wb").write(hdr + mem + t)
# ete_snapshot: the six files, one dump
snap = "[snapshot]\nversion=1.0\n\n[device_list]\ndevice0=cpu_0.ini\ndevice1=ete_0.ini\n\n" \
       "[trace]\nmetadata=trace.ini\n"
cpu = "[device]\nname=cpu_0\nclass=core\ntype=ARMv9-A\n\n[dump1]\nfile=mem.bin\n" \
      f"address={m.group(2)}\nspace=EL1N\n"
trc = "[trace_buffers]\nbuffers=buffer0\n\n[buffer0]\nname=ETB_0\nfile=trace.bin\n" \
      "format=source_data\n\n[source_buffers]\nete_0=ETB_0\n\n[core_trace_sources]\ncpu_0=ete_0\n"
ete = ete.replace("name=ETE_0", "name=ete_0")
parts = [snap.encode(), cpu.encode(), ete.encode(), trc.encode(), t[:600], mem[:512]]
open(f"{raw}/ete_snapshot/s{i}", "wb").write(b"@@\n".join(parts))
PY
  done
done

# SPE: sampled programs under several implementations
i=0
for opts in "" "--ext-headers" "--align 6 --align-cmd" "--rnd --service --buf-size 0x1000" \
            "--ernd --tge" "--no-el2 --reg PMSFCR_EL1=0x20002"; do
  i=$((i + 1))
  "$BIN/pe-gen" --seed $((100 + i)) --records 20000 -o "$RAW/sp$i.pe" >/dev/null 2>&1
  "$BIN/spe-profile" $opts -q "$RAW/sp$i.pe" -o "$RAW/sp$i.bin" || continue
  { printf '\x00'; head -c 1500 "$RAW/sp$i.bin"; } > "$RAW/spe_pkt/s$i"
  { printf '\x0a'; head -c 1500 "$RAW/sp$i.bin"; } > "$RAW/spe_stats/s$i"
done

# BRBE: dumps of several implementations and filters
i=0
for opts in "--numrec 8" "--numrec 16 --el3 --v1p1" "--numrec 8 --no-el2 --every 40" \
            "--numrec 8 --record-isb --overflow-every 50 --resume" "--numrec 8 --brbcr-el1 0x3"; do
  i=$((i + 1))
  "$BIN/pe-gen" --seed $((200 + i)) --records 400 -o "$RAW/b$i.pe" >/dev/null 2>&1
  "$BIN/brbe-record" $opts -q "$RAW/b$i.pe" -o "$RAW/brbe_dump/s$i" || true
  head -c 4000 "$RAW/brbe_dump/s$i" > "$RAW/b$i.txt" && mv "$RAW/b$i.txt" "$RAW/brbe_dump/s$i"
done

for t in ete_pkt ete_dec ete_snapshot spe_pkt spe_stats brbe_dump; do
  rm -rf "tests/fuzz/corpus/$t"; mkdir -p "tests/fuzz/corpus/$t"
  "$FZ/fuzz-$t" -merge=1 -timeout=1 -rss_limit_mb=2048 "tests/fuzz/corpus/$t" "$RAW/$t" \
    > "$RAW/merge-$t.log" 2>&1
  echo "$t: $(ls "tests/fuzz/corpus/$t" | wc -l) seeds of $(ls "$RAW/$t" | wc -l)," \
       "$(du -sk "tests/fuzz/corpus/$t" | cut -f1) KB"
done
