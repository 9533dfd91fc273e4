#!/usr/bin/env python3
"""Longest flip-flop to flip-flop paths of a flattened synth_ecp5 netlist.

    fpga/ecp5_paths.py NETLIST.json [--top N] [--group DEPTH] [--path REGEX]

Reads the JSON Yosys writes after `synth_ecp5` and `flatten` (the one
nextpnr places), and counts, for every register, the longest chain of
logic cells (LUT4, PFUMX, L6MUX21, CCU2C, distributed RAM reads) from a
register output or a top-level input to any of its inputs (D, clock
enable, set/reset): the figure `ltp` gives for the whole design, but per
endpoint and across module boundaries (a hierarchical `ltp` counts a path
through a submodule as one cell).  Also counted: the LUT levels of the path
(LUT4 and CCU2C cells that do not continue a carry chain; PFUMX and L6MUX21
are the slice's own wide-function muxes and take no routing).

Output: per register group (the register's name cut after DEPTH dots of
its hierarchy, default 2: `u_pipe.u_view`), the worst endpoint, its cells
and LUT levels; then the N worst endpoints overall (default 20) with the
start register; --path prints the cells of the worst path into the
registers whose name matches REGEX.
"""
import json
import re
import sys
from collections import defaultdict

COMB = {"LUT4", "PFUMX", "L6MUX21", "CCU2C", "TRELLIS_DPR16X4"}


def main():
    args = sys.argv[1:]
    top_n, gdepth, path_re = 20, 2, None
    if not args:
        sys.exit(__doc__)
    fn = args.pop(0)
    while args:
        a = args.pop(0)
        if a == "--top":
            top_n = int(args.pop(0))
        elif a == "--group":
            gdepth = int(args.pop(0))
        elif a == "--path":
            path_re = re.compile(args.pop(0))
        else:
            sys.exit(__doc__)
    d = json.load(open(fn))
    mods = [m for m in d["modules"].values() if m.get("attributes", {}).get("top")]
    mod = mods[0] if mods else max(d["modules"].values(), key=lambda m: len(m["cells"]))
    # a name for every net bit: the shortest visible name
    bitname = {}
    for name, n in mod["netnames"].items():
        hidden = n.get("hide_name", 0)
        for i, b in enumerate(n["bits"]):
            if isinstance(b, str):
                continue
            nm = name if len(n["bits"]) == 1 else "%s[%d]" % (name, i)
            derived = any(x in name for x in ("_LUT4_", "_PFUMX_", "_L6MUX21_", "_CCU2C_",
                                                "_TRELLIS_"))
            key = (hidden, derived, len(nm))
            if b not in bitname or key < bitname[b][0]:
                bitname[b] = (key, nm)
    drv = {}            # bit -> the cell driving it
    drvp = {}           # bit -> the output port driving it
    fan = defaultdict(int)   # bit -> cell inputs it drives
    cells = mod["cells"]
    for cn, c in cells.items():
        for p, dirn in c.get("port_directions", {}).items():
            if dirn == "output":
                for b in c["connections"][p]:
                    if not isinstance(b, str):
                        drv[b] = cn
                        drvp[b] = p
            else:
                for b in c["connections"][p]:
                    if not isinstance(b, str):
                        fan[b] += 1
    depth, lut, prev = {}, {}, {}

    def cell_in_bits(c, outp=None):
        t = c["type"]
        conn = c["connections"]
        if t == "TRELLIS_DPR16X4":
            ports = ["RAD"]
        elif t == "CCU2C":
            # two carry bits: S0 reads bit 0's inputs, S1 and COUT both bits'
            ports = ["A0", "B0", "C0", "D0", "CIN"]
            if outp != "S0":
                ports += ["A1", "B1", "C1", "D1"]
        else:
            ports = [p for p, dn in c["port_directions"].items() if dn == "input"]
        for p in ports:
            for b in conn.get(p, []):
                if not isinstance(b, str):
                    yield b, p

    sys.setrecursionlimit(100000)
    memo = {}

    def arr(bit):
        """(cells, lut levels, previous bit) of the longest path ending at bit"""
        if bit in memo:
            return memo[bit]
        cn = drv.get(bit)
        if cn is None or cells[cn]["type"] not in COMB:
            memo[bit] = (0, 0, None)
            return memo[bit]
        memo[bit] = (0, 0, None)            # loop guard
        c = cells[cn]
        best = (-1, -1, None)
        for b, p in cell_in_bits(c, drvp.get(bit)):
            a = arr(b)
            if (a[0], a[1]) > (best[0], best[1]):
                best = (a[0], a[1], b)
        if best[2] is None:
            best = (0, 0, None)
        t = c["type"]
        if t == "CCU2C":
            # a carry continuing from the previous CCU2C adds no LUT level
            cont = best[2] is not None and drv.get(best[2]) is not None and \
                cells[drv[best[2]]]["type"] == "CCU2C"
            lv = best[1] + (0 if cont else 1)
        elif t in ("LUT4", "TRELLIS_DPR16X4"):
            lv = best[1] + 1
        else:
            lv = best[1]
        memo[bit] = (best[0] + 1, lv, best[2])
        return memo[bit]

    ends = []
    for cn, c in cells.items():
        t = c["type"]
        if t not in ("TRELLIS_FF", "TRELLIS_DPR16X4", "DP16KD"):
            continue
        # the register's own name (its cell's, in the module that holds it;
        # the Q net may carry a parent's port name), and the bit when the
        # Q net names it
        qn = re.sub(r"_TRELLIS_FF_Q(_\d+)?$", "", cn)
        if t == "TRELLIS_FF":
            qb = c["connections"]["Q"][0]
            m = re.search(r"(\[\d+\])$", bitname.get(qb, ((0, 0), ""))[1])
            if m:
                qn += m.group(1)
        for p, dn in c["port_directions"].items():
            if dn != "input" or p in ("CLK", "WCK"):
                continue
            for b in c["connections"].get(p, []):
                if isinstance(b, str):
                    continue
                a = arr(b)
                ends.append((a[0], a[1], qn, p, b))
    ends.sort(key=lambda e: (-e[0], -e[1]))

    def start_of(bit):
        while True:
            a = arr(bit)
            if a[2] is None:
                cn = drv.get(bit)
                if cn is not None and cells[cn]["type"] == "TRELLIS_FF":
                    return re.sub(r"_TRELLIS_FF_Q(_\d+)?$", "", cn)
                return bitname.get(bit, ((0, 0), "?"))[1]
            bit = a[2]

    def grp(n):
        n = n.lstrip("\\")
        parts = n.split(".")
        return ".".join(parts[:gdepth]) if len(parts) > gdepth else \
            ".".join(parts[:-1]) or "(top)"

    best, best_lv = {}, {}
    for e in ends:
        g = grp(e[2])
        if g not in best:
            best[g] = e
        if g not in best_lv or e[1] > best_lv[g][1]:
            best_lv[g] = e
    print("per register group: the endpoint with the most cells (cells / LUT levels), "
          "the most LUT levels")
    for g, e in sorted(best.items(), key=lambda kv: -kv[1][0]):
        f = best_lv[g]
        print("  %-16s %3d / %2d  %s.%s <- %s;  %d LUT levels: %s.%s" % (
            g, e[0], e[1], e[2], e[3], start_of(e[4]), f[1], f[2], f[3]))
    print("worst %d registers (the worst bit of each)" % top_n)
    seen = set()
    for e in ends:
        base = re.sub(r"\[\d+\]$", "", e[2])
        if base in seen:
            continue
        seen.add(base)
        print("  %3d / %2d  %s.%s <- %s" % (e[0], e[1], e[2], e[3], start_of(e[4])))
        if len(seen) >= top_n:
            break
    if path_re:
        for e in ends:
            if path_re.search(e[2]):
                print("path into %s.%s (%d cells, %d LUT levels):" % (e[2], e[3], e[0], e[1]))
                bit = e[4]
                chain = []
                while bit is not None:
                    a = arr(bit)
                    cn = drv.get(bit)
                    chain.append("    %3d %-8s fanout %4d  %s" % (
                        a[0], cells[cn]["type"] if cn else "", fan[bit],
                        bitname.get(bit, ((0, 0), "?"))[1]))
                    bit = a[2]
                print("\n".join(reversed(chain)))
                break


if __name__ == "__main__":
    main()
