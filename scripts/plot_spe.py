#!/usr/bin/python3
"""The SPE profile plot of spe-decode --stats --plot (docs/spe-decode.md).

  plot_spe.py DATA.tsv OUT.png [TITLE]

DATA.tsv is what spe_stats_write_plot_data writes: a "records" line, "lat"
lines (total latency value, records) and "pc" lines (PC, EL, NS, records,
mean total latency).  Left: the histogram of the total latency (cycles);
right: the most sampled PCs.  matplotlib only (Debian python3-matplotlib).
"""
import sys


def fail(msg):
    print("plot_spe.py: " + msg, file=sys.stderr)
    sys.exit(1)


def load(path):
    records = lat_n = sat = None
    lat, pcs = [], []
    try:
        lines = open(path, encoding="utf-8").read().splitlines()
    except OSError as e:
        fail("%s: %s" % (path, e.strerror))
    for no, line in enumerate(lines, 1):
        f = line.split("\t")
        try:
            if f[0] == "records" and len(f) == 4:
                records, lat_n, sat = int(f[1]), int(f[2]), int(f[3])
            elif f[0] == "lat" and len(f) == 3:
                lat.append((int(f[1]), int(f[2])))
            elif f[0] == "pc" and len(f) == 6:
                pcs.append((f[1], int(f[2]), int(f[3]), int(f[4]),
                            None if f[5] == "-" else float(f[5])))
            else:
                fail("%s:%d: unexpected line '%s'" % (path, no, line[:60]))
        except ValueError:
            fail("%s:%d: bad number in '%s'" % (path, no, line[:60]))
    if records is None:
        fail("%s: no records line" % path)
    return records, lat_n, sat, lat, pcs


def main():
    if len(sys.argv) not in (3, 4):
        fail("usage: plot_spe.py DATA.tsv OUT.png [TITLE]")
    records, lat_n, sat, lat, pcs = load(sys.argv[1])
    title = sys.argv[3] if len(sys.argv) == 4 else sys.argv[1]
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        fail("matplotlib is missing: make deps installs python3-matplotlib (run with /usr/bin/python3)")
    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(11, 4.2),
                                   gridspec_kw={"width_ratios": [1.2, 1]})
    if lat:
        vals = [v for v, _ in lat]
        weights = [n for _, n in lat]
        top = max(vals)
        bins = min(60, top + 1)
        ax1.hist(vals, bins=bins, weights=weights, color="#4878a8")
        mean = sum(v * n for v, n in lat) / max(1, sum(weights))
        ax1.axvline(mean, color="#c44e52", linestyle="--", label="mean %.1f" % mean)
        ax1.legend()
    else:
        ax1.text(0.5, 0.5, "no total latency in the records", ha="center",
                 transform=ax1.transAxes)
    ax1.set_xlabel("total latency (cycles)")
    ax1.set_ylabel("records")
    ax1.set_title("total latency: %d of %d records (%d saturated)" % (lat_n, records, sat),
                  fontsize=10)
    if pcs:
        labels = ["0x%x el%d" % (int(pc, 16), el) for pc, el, _, _, _ in pcs]
        counts = [n for _, _, _, n, _ in pcs]
        y = list(range(len(pcs)))[::-1]
        ax2.barh(y, counts, color="#55a868")
        ax2.set_yticks(y)
        ax2.set_yticklabels(labels, fontsize=8, family="monospace")
        for yy, (_, _, _, n, m) in zip(y, pcs):
            ax2.text(n, yy, " %.1f%%%s" % (100.0 * n / max(1, records),
                                           "" if m is None else ", lat %.0f" % m),
                     va="center", fontsize=7)
        ax2.set_xlim(0, max(counts) * 1.45)
    ax2.set_xlabel("records")
    ax2.set_title("top %d PCs (share, mean total latency)" % len(pcs), fontsize=10)
    fig.suptitle("SPE profile: " + title, fontsize=11)
    fig.tight_layout()
    fig.savefig(sys.argv[2], dpi=90)


if __name__ == "__main__":
    main()
