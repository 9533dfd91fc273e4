#!/usr/bin/env python3
"""List the lines `make coverage-<unit>` found never run: for each annotated
source in ANNOTATED_DIR (verilator_coverage --annotate) whose file is in one
of the DIRs under SRC_ROOT (default rtl/ete rtl/common), the source file, its
line number and code; annotated sources in none of the DIRs are left out.  A
line holding more than one coverage point (an if and its implicit else) is
listed once per point that never ran.
Usage: cov_uncovered.py ANNOTATED_DIR SRC_ROOT [DIR...]"""
import glob
import os
import sys
ann = sys.argv[1]; src = sys.argv[2]
dirs = sys.argv[3:] or ['rtl/ete', 'rtl/common']
for f in sorted(glob.glob(os.path.join(ann, '*.v'))):
    name = os.path.basename(f)
    srcf = None
    for d in dirs:
        if os.path.exists(os.path.join(src, d, name)):
            srcf = os.path.join(src, d, name)
    if srcf is None:
        continue
    with open(srcf) as fh:
        sl = fh.read().split('\n')
    with open(f) as fh:
        lines = fh.read().split('\n')[1:]   # first line: annotation banner
    n = 0; skip = 0
    for ln in lines:
        if skip:
            skip = 0; continue
        if 'verilator_coverage: (next point on previous line)' in ln:
            skip = 1
            if ln.startswith('%000000'):
                print('%s:%d\t(its other branch point)' % (os.path.relpath(srcf, src), n))
            continue
        n += 1
        body = ln[8:] if len(ln) > 8 else ''
        if ln.startswith('%000000'):
            if sl[n - 1].strip() != body.strip():
                sys.exit('%s:%d: annotated line differs from the source' % (srcf, n))
            print('%s:%d\t%s' % (os.path.relpath(srcf, src), n, body.strip()))
