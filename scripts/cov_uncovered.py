#!/usr/bin/env python3
"""List the lines `make coverage-<unit>` found never run: for each annotated
source in ANNOTATED_DIR (verilator_coverage --annotate) whose file is in one
of the DIRs under SRC_ROOT (default rtl/ete rtl/common), the source file, its
line number and code; annotated sources in none of the DIRs are left out.  A
line holding more than one coverage point (an if and its implicit else) is
listed once per point that never ran.

A point inside a constant function (a function named in a parameter or
localparam declaration or in a range [..] of its file, none of whose points
ran: `clog2`) is
marked `[elaboration]`: Verilog evaluates it while elaborating, so no run
can count it.

--summary NAME FILE writes the figures to FILE: per source, the annotated
points covered of all, the points of constant functions, and the covered
points of the rest; then NAME's total.
Usage: cov_uncovered.py [--summary NAME FILE] ANNOTATED_DIR SRC_ROOT [DIR...]"""
import glob
import os
import re
import sys

args = sys.argv[1:]
summary = None
if args[:1] == ['--summary']:
    summary = (args[1], args[2])
    args = args[3:]
if len(args) < 2:
    sys.exit(__doc__)
ann, src = args[0], args[1]
dirs = args[2:] or ['rtl/ete', 'rtl/common']


def const_functions(sl):
    """Line ranges (1-based, inclusive) of the functions of source lines sl
    that a parameter or localparam declaration names."""
    ranges = []
    start = name = None
    for i, line in enumerate(sl, 1):
        code = line.split('//')[0]
        m = re.match(r'\s*function\b(?:\s+automatic)?(?:\s+(?:integer|signed|\[[^]]*\]))*\s+(\w+)',
                     code)
        if m and start is None:
            start, name = i, m.group(1)
        elif re.match(r'\s*endfunction\b', code) and start is not None:
            ranges.append((start, i, name))
            start = None
    out = []
    for a, b, nm in ranges:
        call = r'\b%s\s*\(' % nm
        used = any((re.search(r'\b(localparam|parameter)\b', l.split('//')[0]) and
                    re.search(call, l.split('//')[0])) or
                   re.search(r'\[[^]]*' + call, l.split('//')[0])
                   for j, l in enumerate(sl, 1) if not a <= j <= b)
        if used:
            out.append((a, b))
    return out


def pct(c, t):
    return 100.0 * c / t if t else 100.0


rows = []
tot = [0, 0, 0]      # points, covered, points in constant functions never run
for f in sorted(glob.glob(os.path.join(ann, '*.v'))):
    name = os.path.basename(f)
    srcf = None
    for d in dirs:
        if os.path.exists(os.path.join(src, d, name)):
            srcf = os.path.join(src, d, name)
    if srcf is None:
        continue
    rel = os.path.relpath(srcf, src)
    with open(srcf) as fh:
        sl = fh.read().split('\n')
    with open(f) as fh:
        lines = fh.read().split('\n')[1:]   # first line: annotation banner
    points = []                             # (source line, count, code or None)
    n = 0; skip = 0
    for ln in lines:
        if skip:
            skip = 0; continue
        counted = re.match(r'^[ %](\d{6,})\t', ln)
        if 'verilator_coverage: (next point on previous line)' in ln:
            skip = 1
            points.append((n, int(counted.group(1)), None))
            continue
        n += 1
        if counted:
            body = ln[len(counted.group(0)):]
            if sl[n - 1].strip() != body.strip():
                sys.exit('%s:%d: annotated line differs from the source' % (srcf, n))
            points.append((n, int(counted.group(1)), body.strip()))
    elab = [(a, b) for a, b in const_functions(sl)
            if all(c == 0 for ln_, c, _ in points if a <= ln_ <= b)]
    t = len(points); c = e = 0
    for ln_, cnt, body in points:
        if cnt:
            c += 1
            continue
        tag = ''
        if any(a <= ln_ <= b for a, b in elab):
            e += 1
            tag = '[elaboration] '
        print('%s:%d\t%s%s' % (rel, ln_, tag, body if body is not None else '(its other branch point)'))
    rows.append((name, t, c, e))
    tot = [tot[0] + t, tot[1] + c, tot[2] + e]

if summary:
    with open(summary[1], 'w') as fh:
        fh.write('  %-22s %14s %7s %8s %22s\n' % ('', 'points covered', '', 'constant', 'without constant funcs'))
        for nm, t, c, e in rows + [('%s total' % summary[0],) + tuple(tot)]:
            fh.write('  %-22s %5d of %5d %6.1f%% %8d %7d of %5d %6.1f%%\n'
                     % (nm, c, t, pct(c, t), e, c, t - e, pct(c, t - e)))
