#!/usr/bin/python3
"""The plots of `make bench` (docs/plots.md).

  plot_bench.py --data DIR --out DIR [--refs FILE] [--small]

Reads what `make bench` saved in the data folder and writes PNG files:
  bits-per-instruction.png  ETE bits per instruction of the random programs
                            per configuration (configs/<config>.txt,
                            ete-roundtrip --config) and of the bundled
                            workloads (workloads.txt, wl-stats --ete), with
                            the reference figures of --refs as lines
  packet-mix.png            share of each packet type per configuration
                            (the packet mix of configs/<config>.txt)
  rtl-throughput.png        ETE RTL P0 elements and records per clock per
                            parameter set and rate mode (bench-ete-rtl.txt,
                            the output of make bench-ete-rtl)
  decoder-speed.png         our ETE decoder against OpenCSD on the same trace,
                            and the model's encoder (ete-bench.txt)
A plot whose data is missing is skipped with a line saying so.  --small
draws the small versions committed under docs/img.  matplotlib only.
"""
import argparse
import csv
import glob
import os
import re
import sys


def fail(msg):
    print("plot_bench.py: " + msg, file=sys.stderr)
    sys.exit(1)


def read(path):
    try:
        with open(path, encoding="utf-8") as f:
            return f.read()
    except OSError:
        return None


# ---- parsers ------------------------------------------------------------------

def parse_roundtrip(text):
    """ete-roundtrip output -> (bits per instruction, {packet: count})."""
    m = re.search(r"instructions (\d+), trace bytes (\d+), ([0-9.]+) bits/instruction", text)
    if not m:
        return None
    mix, in_mix = {}, False
    for line in text.splitlines():
        if line.startswith("packet mix:"):
            in_mix = True
            continue
        if in_mix:
            pm = re.match(r"\s+(\S+)\s+(\d+)$", line)
            if not pm:
                in_mix = False
                continue
            mix[pm.group(1)] = int(pm.group(2))
    return float(m.group(3)), mix


def parse_workloads(text):
    """wl-stats --ete output -> [(workload, bits per instruction)]."""
    rows, col = [], None
    for line in text.splitlines():
        f = line.split()
        if not f:
            continue
        if f[0] == "workload":
            col = f.index("bits/i") - len(f) if "bits/i" in f else None
            continue
        if col is not None:
            try:
                rows.append((f[0], float(f[col])))
            except (ValueError, IndexError):
                pass
    return rows


def parse_rtl(text):
    """bench-ete-rtl output -> [(programs, set, mode, P0/clk, records/clk)].

    Table rows under a section title ("  <set> <mode> <P0> <records> ..."),
    and the bench's own lines "rate <mode> set <set> seeds N: p0/cycle X
    records/cycle Y ..." (programs "bench")."""
    rows, section = [], "random programs"
    for line in text.splitlines():
        m = re.match(r"rate (\S+) set (\S+) seeds \d+: p0/cycle ([0-9.]+) records/cycle ([0-9.]+)",
                     line)
        if m:
            rows.append(("bench", m.group(2), m.group(1), float(m.group(3)), float(m.group(4))))
            continue
        if line and not line[0].isspace():
            low = line.lower()
            if "address-filtered" in low:
                section = "address-filtered"
            elif "branch" in low:
                section = "branch-dense programs"
            elif "random" in low:
                section = "random programs"
            continue
        f = line.split()
        if len(f) >= 4 and re.match(r"[A-Z]\d+_O\d+$", f[0]):
            try:
                rows.append((section, f[0], f[1], float(f[2]), float(f[3])))
            except ValueError:
                pass
    return rows


def parse_ete_bench(text):
    """ete-bench output -> {name: M instructions/s}."""
    out = {}
    for key, pat in (("model encode", r"model encode\s+([0-9.]+) M instructions/s"),
                     ("ete-decode (ours)", r"ete-decode \(ours\)\s+([0-9.]+) M instructions/s"),
                     ("OpenCSD", r"OpenCSD [0-9.]+\s+([0-9.]+) M instructions/s")):
        m = re.search(pat, text)
        if m:
            out[key] = float(m.group(1))
    m = re.search(r"OpenCSD ([0-9.]+)\s", text)
    if m and "OpenCSD" in out:
        out["OpenCSD " + m.group(1)] = out.pop("OpenCSD")
    return out


def load_refs(path):
    refs = []
    if not path:
        return refs
    try:
        with open(path, encoding="utf-8") as f:
            lines = [l for l in f if not l.startswith("#")]
    except OSError as e:
        fail("%s: %s" % (path, e.strerror))
    for n, row in enumerate(csv.DictReader(lines), 2):
        try:
            refs.append((row["label"], float(row["bits_per_instruction"]), row["source"]))
        except (KeyError, ValueError, TypeError):
            fail("%s: bad row %d (label,bits_per_instruction,source)" % (path, n))
    return refs


# ---- plots --------------------------------------------------------------------

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--refs", default=None)
    ap.add_argument("--small", action="store_true")
    a = ap.parse_args()
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        fail("matplotlib is missing: make deps installs python3-matplotlib (run with /usr/bin/python3)")
    os.makedirs(a.out, exist_ok=True)
    dpi = 60 if a.small else 100
    refs = load_refs(a.refs)
    colors = ["#c44e52", "#8172b2", "#ccb974", "#64b5cd", "#8c8c8c"]
    made = []

    def save(fig, name):
        fig.tight_layout()
        path = os.path.join(a.out, name)
        fig.savefig(path, dpi=dpi)
        plt.close(fig)
        made.append(path)

    def skip(name, why):
        print("plot_bench.py: %s skipped: %s" % (name, why))

    # bits per instruction: configurations and workloads
    configs = []
    for p in sorted(glob.glob(os.path.join(a.data, "configs", "*.txt"))):
        r = parse_roundtrip(read(p) or "")
        if r:
            configs.append((os.path.basename(p)[:-4], r[0], r[1]))
    wl_text = read(os.path.join(a.data, "workloads.txt"))
    workloads = parse_workloads(wl_text) if wl_text else []
    if configs or workloads:
        panels = [x for x in (("random programs, per configuration",
                               [(c, b) for c, b, _ in configs]),
                              ("bundled workloads, plain configuration", workloads)) if x[1]]
        fig, axes = plt.subplots(1, len(panels), figsize=(6 * len(panels) + 1, 4.5),
                                 squeeze=False)
        for ax, (title, rows) in zip(axes[0], panels):
            names = [r[0] for r in rows]
            vals = [r[1] for r in rows]
            ax.bar(range(len(rows)), vals, color="#4878a8")
            for i, v in enumerate(vals):
                ax.text(i, v, "%.2f" % v, ha="center", va="bottom", fontsize=7)
            ax.set_xticks(range(len(rows)))
            ax.set_xticklabels(names, rotation=45, ha="right", fontsize=8)
            for k, (label, v, _) in enumerate(refs):
                ax.axhline(v, color=colors[k % len(colors)], linestyle="--", linewidth=1,
                           label="%s: %g" % (label, v))
            ax.set_ylim(0, max(vals + [v for _, v, _ in refs]) * 1.3)
            ax.set_ylabel("ETE bits per instruction")
            ax.set_title(title, fontsize=10)
            if refs:
                ax.legend(fontsize=7, loc="upper right")
        save(fig, "bits-per-instruction.png")
    else:
        skip("bits-per-instruction.png", "no configs/*.txt or workloads.txt in " + a.data)

    # packet mix
    if configs:
        totals = {}
        for _, _, mix in configs:
            for k, v in mix.items():
                totals[k] = totals.get(k, 0) + v
        keep = [k for k, _ in sorted(totals.items(), key=lambda kv: -kv[1])][:11]
        fig, ax = plt.subplots(figsize=(10, 4.8))
        cmap = plt.get_cmap("tab20")
        left = [0.0] * len(configs)
        for i, k in enumerate(keep + ["other"]):
            share = []
            for _, _, mix in configs:
                n = sum(mix.values()) or 1
                v = (sum(c for p, c in mix.items() if p not in keep) if k == "other"
                     else mix.get(k, 0))
                share.append(100.0 * v / n)
            ax.barh(range(len(configs)), share, left=left, color=cmap(i % 20), label=k)
            left = [l + s for l, s in zip(left, share)]
        ax.set_yticks(range(len(configs)))
        ax.set_yticklabels([c for c, _, _ in configs], fontsize=8)
        ax.invert_yaxis()
        ax.set_xlim(0, 100)
        ax.set_xlabel("share of packets (%)")
        ax.set_title("ETE packet mix per configuration (random programs)", fontsize=10)
        ax.legend(fontsize=7, bbox_to_anchor=(1.01, 1), loc="upper left")
        save(fig, "packet-mix.png")
    else:
        skip("packet-mix.png", "no configs/*.txt in " + a.data)

    # RTL throughput
    rtl_text = read(os.path.join(a.data, "bench-ete-rtl.txt"))
    rtl = parse_rtl(rtl_text) if rtl_text else []
    if rtl:
        sections = []
        for r in rtl:
            if r[0] not in sections:
                sections.append(r[0])
        fig, axes = plt.subplots(1, len(sections), figsize=(5 * len(sections) + 1, 4.2),
                                 squeeze=False)
        for ax, sec in zip(axes[0], sections):
            rows = [r for r in rtl if r[0] == sec]
            labels = ["%s\n%s" % (r[1], r[2]) for r in rows]
            x = range(len(rows))
            ax.bar([i - 0.2 for i in x], [r[3] for r in rows], width=0.4, label="P0 elements",
                   color="#4878a8")
            ax.bar([i + 0.2 for i in x], [r[4] for r in rows], width=0.4, label="records",
                   color="#55a868")
            ax.set_xticks(list(x))
            ax.set_xticklabels(labels, fontsize=7)
            ax.set_ylabel("per clock")
            ax.set_title("ETE RTL: " + sec, fontsize=10)
            ax.legend(fontsize=7)
        save(fig, "rtl-throughput.png")
    else:
        skip("rtl-throughput.png", "no bench-ete-rtl.txt in " + a.data)

    # decoder speed
    eb_text = read(os.path.join(a.data, "ete-bench.txt"))
    eb = parse_ete_bench(eb_text) if eb_text else {}
    if any(k.startswith("OpenCSD") for k in eb) and "ete-decode (ours)" in eb:
        names = list(eb.keys())
        fig, ax = plt.subplots(figsize=(6.5, 3.6))
        ax.barh(range(len(names)), [eb[n] for n in names], color=["#8c8c8c", "#4878a8",
                                                                  "#c44e52"][:len(names)])
        for i, n in enumerate(names):
            ax.text(eb[n], i, " %.1f" % eb[n], va="center", fontsize=8)
        ax.set_yticks(range(len(names)))
        ax.set_yticklabels(names, fontsize=8)
        ax.invert_yaxis()
        ax.set_xlim(0, max(eb.values()) * 1.2)
        ax.set_xlabel("M instructions per second (same trace)")
        cfg = re.search(r"config (\S+), (\d+) records", eb_text)
        ax.set_title("ETE decode: ours against OpenCSD%s" %
                     (" (config %s, %s records)" % (cfg.group(1).rstrip(","), cfg.group(2))
                      if cfg else ""), fontsize=10)
        save(fig, "decoder-speed.png")
    else:
        skip("decoder-speed.png", "no ete-bench.txt with OpenCSD figures in " + a.data)

    for p in made:
        print("plot: " + p)


if __name__ == "__main__":
    main()
