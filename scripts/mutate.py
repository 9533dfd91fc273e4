#!/usr/bin/env python3
"""Seeded mutation testing of the RTL (docs/verification.md, `make mutate`).

  mutate.py run --unit U [--n N] [--seed S] [--shard I/N] [--timeout SEC]
                [--out FILE] [--list] [--only ID,...]
      Lists every mutant of unit U's RTL (the kinds below), draws N of them
      with seed S, and runs each: the mutated file is written into a private
      copy of the repository (build/mutate/<unit>/src, refreshed from the
      working tree), the unit's bounded regression (UNITS below) runs there
      with a time limit, and the mutant is *killed* when it fails or times
      out, *survived* when it passes, *stillborn* when the RTL no longer
      builds (not counted).  Each survivor is then given to an equivalence
      check (Yosys equiv_make / equiv_simple / equiv_induct of the mutated
      module against the original, the unit's other modules read as they
      are): *equivalent* when proved, *escape* otherwise.  Prints a table
      (file:line, kind, change, result) and writes the results as JSON
      (default build/mutate/<unit>.json, .<i>of<N>.json for a shard).
      Mutant k of the drawn list belongs to shard (k mod N) + 1.
      --list prints the drawn mutants without running them; --only runs the
      mutants with these ids (the id is stable for a given RTL text).

  mutate.py report FILE...
      Sums result files per unit: killed, survived (equivalent, escape),
      stillborn, and the kill rate over the mutants not proved equivalent.

  mutate.py check [--n N] [--seed S]
      Draws N mutants of every unit and checks that each names its original
      text where it says, changes its line, and has a unique id.

  mutate.py smoke [--unit U,...] [--spec FILE]
      Runs the fixed mutants of tests/mutate/smoke.txt (each a unit, a file,
      an exact original text, its replacement, and optionally the make
      targets to run instead of the unit's) and fails unless every one is
      killed.

Mutation kinds, applied to one occurrence on one logic line (outside
`ifdef FORMAL` blocks, comments, declarations and port lists):
  cmp    a comparison flipped (== and !=, < and >=, > and <=)
  logic  && and || swapped
  const  a constant +1 or -1 (sized or plain, not in a bit range)
  cond   an if condition inverted
  bit    a single bit index +1 or -1
  hold   a register tied to its old value (x_q <= x_d  ->  x_q <= x_q)
  arith  a binary + and - swapped (not in a bit range, not +: / -:)
  bitop  a binary & and | swapped, ^ -> | (not && / ||, not reductions)
  not    a unary ! or ~ removed
"""
import argparse
import hashlib
import json
import os
import random
import re
import shutil
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# unit -> (RTL files mutated, make targets of the bounded regression,
#          RTL files read for the equivalence check besides the mutated one,
#          include directories)
UNITS = {
    "ete": (["rtl/ete/*.v"], ["pipe-test", "rtl-test", "RTL_SETS=W1_O8 W4_O8"],
            ["rtl/common/*.v", "rtl/ete/*.v"], ["rtl/ete", "rtl/common"]),
    "trbe": (["rtl/trbe/*.v"], ["trbe-rtl-test"], ["rtl/common/*.v", "rtl/trbe/*.v"], ["rtl/common"]),
    "spe": (["rtl/spe/*.v"], ["spe-rtl-test"], ["rtl/common/*.v", "rtl/spe/*.v"], ["rtl/common"]),
    "brbe": (["rtl/brbe/*.v"], ["brbe-rtl-test"], ["rtl/common/*.v", "rtl/brbe/*.v"], ["rtl/common"]),
    "etmv1": (["rtl/etmv1/*.v"], ["etmv1-rtl-test"], ["rtl/etmv1/*.v"], ["rtl/common"]),
    "common": (["rtl/common/*.v"], ["common-fifo-sr-test", "ete-entry-test"],
               ["rtl/common/*.v"], ["rtl/common"]),
    "top": (["rtl/top/*.v"], ["top-rtl-test"],
            ["rtl/common/*.v", "rtl/ete/*.v", "rtl/trbe/*.v", "rtl/spe/*.v",
             "rtl/brbe/*.v", "rtl/top/*.v"], ["rtl/ete", "rtl/common"]),
}

DECL = re.compile(r"^\s*(input|output|inout|wire|reg|integer|genvar|localparam|parameter|"
                  r"module|endmodule|function|endfunction|task|endtask|`|initial|"
                  r"default|generate|endgenerate|\)|\(|\.|//)")


def glob_files(patterns):
    import glob
    out = []
    for p in patterns:
        out += sorted(glob.glob(os.path.join(ROOT, p)))
    return [os.path.relpath(f, ROOT) for f in out]


def strip_comments(lines):
    """Code part of every line (block and line comments blanked)."""
    out, in_block = [], False
    for ln in lines:
        s, i, code = ln, 0, []
        while i < len(s):
            if in_block:
                j = s.find("*/", i)
                if j < 0:
                    i = len(s)
                else:
                    in_block, i = False, j + 2
            else:
                j = s.find("/*", i)
                k = s.find("//", i)
                q = s.find('"', i)
                stops = [x for x in (j, k, q) if x >= 0]
                if not stops:
                    code.append(s[i:])
                    break
                m = min(stops)
                code.append(s[i:m])
                if m == q:
                    e = s.find('"', q + 1)
                    e = len(s) if e < 0 else e + 1
                    code.append(" " * (e - q))
                    i = e
                elif m == k:
                    break
                else:
                    in_block, i = True, m + 2
        out.append("".join(code).rstrip("\n"))
    return out


def live_lines(code):
    """Indices of lines outside `ifdef FORMAL (and its `ifndef SYNTHESIS
    kin): a stack of (formal?) for every conditional."""
    stack, live = [], []
    for i, c in enumerate(code):
        t = c.strip()
        m = re.match(r"`(ifdef|ifndef|else|elsif|endif)\b\s*(\w*)", t)
        if m:
            d, name = m.group(1), m.group(2)
            if d in ("ifdef", "ifndef"):
                formal = name.startswith("FORMAL") or name.startswith("FV_")
                stack.append(formal if d == "ifdef" else False)
            elif d in ("else", "elsif") and stack:
                stack[-1] = False
            elif d == "endif" and stack:
                stack.pop()
            continue
        live.append(not any(stack))
    # realign: `directive lines are not live
    out, k = [], 0
    for i, c in enumerate(code):
        if re.match(r"\s*`(ifdef|ifndef|else|elsif|endif)\b", c):
            out.append(False)
        else:
            out.append(live[k])
            k += 1
    return out


def paren_end(s, i):
    """Index of the ')' matching s[i] == '('."""
    d = 0
    for j in range(i, len(s)):
        if s[j] == "(":
            d += 1
        elif s[j] == ")":
            d -= 1
            if d == 0:
                return j
    return -1


def in_range_brackets(s, pos):
    """True when pos is inside [a:b] or [a +: b] (a part-select)."""
    lb = s.rfind("[", 0, pos)
    rb = s.rfind("]", 0, pos)
    if lb < 0 or rb > lb:
        return False
    e = s.find("]", pos)
    return e >= 0 and (":" in s[lb:e])


def mutants_of(path):
    text = open(os.path.join(ROOT, path)).read().split("\n")
    code = strip_comments(text)
    live = live_lines(code)
    muts = []
    clocked = False
    for n, (ln, c) in enumerate(zip(text, code)):
        t = c.strip()
        if re.match(r"always\s*@\s*\(\s*posedge", t):
            clocked = True
        elif re.match(r"(always|assign)\b", t):
            clocked = False
        # a net declared with its value (wire x = ...) is a continuous assignment
        net_assign = re.match(r"wire\b[^=;]*[^<>=!]=(?!=)", t) is not None
        if not live[n] or not t or DECL.match(t) and not t.startswith("assign") and not net_assign:
            continue
        if re.match(r"(always|end|begin|else\s*$|case|endcase)\b", t) and "=" not in t and "if" not in t:
            continue

        def add(kind, start, end, new, c=c):
            old = c[start:end]
            if old == new:
                return
            muts.append({"file": path, "line": n + 1, "kind": kind,
                         "start": start, "end": end, "old": old, "new": new})

        nb = clocked and re.search(r"(?<![<>=!])<=(?!=)", c)
        # hold: x_q <= x_d;
        m = re.match(r"^(\s*)(\w+_q)(\s*(?:\[[^\]]*\])?\s*<=\s*)(\w+_d)(\s*;)", c)
        if clocked and m:
            add("hold", m.start(4), m.end(4), m.group(2))
        # the expression part: after the assignment operator, or the whole
        # line for if/case conditions
        if nb:
            e0 = nb.end()
        else:
            a = re.search(r"(?<![<>=!])=(?!=)", c)
            e0 = a.end() if a else 0
        iff = re.search(r"\bif\s*\(", c)
        if iff:
            e0 = min(e0, iff.start()) if e0 else iff.start()
        expr_from = e0
        # logic
        for m in re.finditer(r"&&|\|\|", c):
            if m.start() >= expr_from:
                add("logic", m.start(), m.end(), "||" if m.group() == "&&" else "&&")
        # cmp
        for m in re.finditer(r"==|!=|<=|>=|(?<![<>])<(?![<=])|(?<![<>=-])>(?![>=])", c):
            if m.start() < expr_from:
                continue
            if nb and m.start() == nb.start():
                continue
            flip = {"==": "!=", "!=": "==", "<": ">=", ">=": "<", ">": "<=", "<=": ">"}
            add("cmp", m.start(), m.end(), flip[m.group()])
        # const
        for m in re.finditer(r"\b(\d+)'([dhb])([0-9a-fA-F_]+)\b|(?<![\w'])(\d+)(?![\w'])", c):
            if m.start() < expr_from or in_range_brackets(c, m.start()):
                continue
            if m.group(1):
                w, b, v = int(m.group(1)), m.group(2), m.group(3).replace("_", "")
                base = {"d": 10, "h": 16, "b": 2}[b]
                try:
                    val = int(v, base)
                except ValueError:
                    continue
                for d in (1, -1):
                    nv = (val + d) % (1 << w)
                    s = format(nv, {"d": "d", "h": "x", "b": "b"}[b])
                    add("const", m.start(), m.end(), "%d'%s%s" % (w, b, s))
            else:
                val = int(m.group(4))
                for d in (1, -1):
                    if val + d >= 0:
                        add("const", m.start(), m.end(), str(val + d))
        # bit: x[k]
        for m in re.finditer(r"(\w)\[(\d+)\]", c):
            if m.start() < expr_from:
                continue
            k = int(m.group(2))
            for d in (1, -1):
                if k + d >= 0:
                    add("bit", m.start(2), m.end(2), str(k + d))
        # arith / bitop: binary operators (the left operand ends just before)
        def binary_at(pos):
            k = pos - 1
            while k >= 0 and c[k] == " ":
                k -= 1
            return k >= 0 and (c[k].isalnum() or c[k] in "_)]'")
        for m in re.finditer(r"(?<![+\-])[+\-](?![+\-:=])", c):
            if m.start() < expr_from or in_range_brackets(c, m.start()) or not binary_at(m.start()):
                continue
            # a sized or based constant's digits are not an operator (8'h1e-...)
            add("arith", m.start(), m.end(), "-" if m.group() == "+" else "+")
        for m in re.finditer(r"(?<![&|~^])[&|^](?![&|~^=])", c):
            if m.start() < expr_from or not binary_at(m.start()):
                continue
            add("bitop", m.start(), m.end(), {"&": "|", "|": "&", "^": "|"}[m.group()])
        # not: a unary ! or ~ removed
        for m in re.finditer(r"!(?!=)|~(?![&|^])", c):
            if m.start() < expr_from:
                continue
            add("not", m.start(), m.end(), "")
        # cond: if (X) -> if (!(X))
        if iff:
            o = iff.end() - 1
            e = paren_end(c, o)
            if e > o:
                add("cond", o + 1, e, "!(" + c[o + 1:e] + ")")
    for m in muts:
        h = hashlib.sha1(("%s:%d:%d:%s:%s" % (m["file"], m["line"], m["start"], m["old"],
                                               m["new"])).encode()).hexdigest()[:10]
        m["id"] = h
    uniq = {}
    for m in muts:            # a 1-bit constant +1 and -1 are one mutant
        uniq.setdefault(m["id"], m)
    return list(uniq.values())


def apply(src_root, m):
    p = os.path.join(src_root, m["file"])
    lines = open(os.path.join(ROOT, m["file"])).read().split("\n")
    ln = lines[m["line"] - 1]
    if ln[m["start"]:m["end"]] != m["old"]:
        raise RuntimeError("%s:%d: text moved" % (m["file"], m["line"]))
    lines[m["line"] - 1] = ln[:m["start"]] + m["new"] + ln[m["end"]:]
    with open(p, "w") as f:
        f.write("\n".join(lines))


def restore(src_root, m):
    # a new time, so that make rebuilds what the mutant built
    shutil.copyfile(os.path.join(ROOT, m["file"]), os.path.join(src_root, m["file"]))
    shutil.copymode(os.path.join(ROOT, m["file"]), os.path.join(src_root, m["file"]))


def refresh_copy(unit):
    """build/mutate/<unit>/src: the working tree's tracked and new files;
    files whose content is unchanged keep their time (no rebuild)."""
    dst = os.path.join(ROOT, "build", "mutate", unit, "src")
    os.makedirs(dst, exist_ok=True)
    files = subprocess.run(["git", "ls-files", "-co", "--exclude-standard", "-z"], cwd=ROOT,
                           check=True, capture_output=True).stdout.decode().split("\0")
    for f in files:
        if not f or f.startswith("build/"):
            continue
        s, d = os.path.join(ROOT, f), os.path.join(dst, f)
        if not os.path.isfile(s):
            continue
        os.makedirs(os.path.dirname(d), exist_ok=True)
        if os.path.exists(d) and open(s, "rb").read() == open(d, "rb").read():
            if os.stat(s).st_mode != os.stat(d).st_mode:
                shutil.copymode(s, d)
            continue
        shutil.copyfile(s, d)          # a new time: make rebuilds from it
        shutil.copymode(s, d)          # scripts stay executable
    return dst


def lint_free_path():
    """A PATH whose `verilator` adds -Wno-fatal: the benches build with
    -Wall, and a mutant that leaves a signal unused must still be run (its
    lint warning is not a test catching it)."""
    d = os.path.join(ROOT, "build", "mutate", "bin")
    os.makedirs(d, exist_ok=True)
    real = shutil.which("verilator")
    if real is None:
        sys.exit("mutate: verilator not found (make deps)")
    w = os.path.join(d, "verilator")
    body = '#!/bin/sh\nexec "%s" -Wno-fatal "$@"\n' % real
    if not os.path.exists(w) or open(w).read() != body:
        with open(w, "w") as f:
            f.write(body)
        os.chmod(w, 0o755)
    return d + os.pathsep + os.environ.get("PATH", "")


def run_regression(src, unit, timeout, log, targets=None):
    targets = targets or UNITS[unit][1]
    cmd = ["make", "--no-print-directory"] + targets
    env = dict(os.environ, PATH=lint_free_path())
    t0 = time.time()
    try:
        r = subprocess.run(cmd, cwd=src, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           env=env, timeout=timeout if timeout > 0 else None)
        out, rc = r.stdout.decode(errors="replace"), r.returncode
    except subprocess.TimeoutExpired as e:
        out, rc = (e.stdout or b"").decode(errors="replace"), "timeout"
    with open(log, "w") as f:
        f.write(out)
    return rc, out, time.time() - t0


BUILD_FAIL = re.compile(r"%Error|error:|syntax error|ERROR:")


def classify_run(rc, out):
    """killed: a check of the regression failed (or the time limit);
    stillborn: the mutated RTL did not build; error: anything else (the
    regression could not run: not a kill)."""
    if rc == 0:
        return "survived"
    if rc == "timeout":
        return "killed"
    # a failing Check summary means the regression ran and caught it
    if (re.search(r"\d+ passed, [1-9]\d* failed", out) or
            re.search(r"(Failures|Errors): [1-9]", out)):
        return "killed"
    if BUILD_FAIL.search(out) and not re.search(r"Running suite", out):
        return "stillborn"
    return "error"


def module_of(path, line):
    text = open(os.path.join(ROOT, path)).read().split("\n")
    name = None
    for i in range(line):
        m = re.match(r"\s*module\s+(\w+)", text[i])
        if m:
            name = m.group(1)
    return name


def equivalent(unit, m, src, workdir, timeout=180):
    """Yosys: the mutated module against the original, flattened with the
    unit's other modules, default parameters, memories mapped to registers
    (`memory`: equiv_make and sat take no memory cells); equiv_induct over
    matched registers, then an output miter by temporal induction.  True
    only when one of the two is proved."""
    mod = module_of(m["file"], m["line"])
    others = [f for f in glob_files(UNITS[unit][2]) if f != m["file"]]
    incs = " ".join("-I" + os.path.join(ROOT, d) for d in UNITS[unit][3])
    gold = os.path.join(ROOT, m["file"])
    gate = os.path.join(src, m["file"])
    rd = lambda f: "read_verilog -sv -DSYNTHESIS %s %s" % (incs, f)
    other_reads = "; ".join(rd(os.path.join(ROOT, f)) for f in others)
    script = "; ".join([
        other_reads, rd(gold), "hierarchy -top %s" % mod, "proc", "memory", "flatten",
        "opt_clean",
        "rename %s gold" % mod, "design -stash gold",
        other_reads, rd(gate), "hierarchy -top %s" % mod, "proc", "memory", "flatten",
        "opt_clean",
        "rename %s gate" % mod, "design -stash gate",
        "design -copy-from gold -as gold gold", "design -copy-from gate -as gate gate",
        "equiv_make gold gate equiv", "hierarchy -top equiv", "async2sync",
        "equiv_simple -seq 5", "equiv_induct -seq 5", "equiv_status -assert"])
    # second try: a miter of the outputs, reset in the first clock, proved
    # by temporal induction (up to 8 clocks): for a mutant whose changed
    # state never reaches an output (a reset value overwritten before use)
    stash = script[:script.index("equiv_make")]
    rst = "-set-at 1 in_rst_ni 0 " if re.search(r"\brst_ni\b", open(gold).read()) else ""
    script2 = stash + "; ".join([
        "miter -equiv -flatten -make_outputs gold gate miter", "hierarchy -top miter",
        "flatten", "opt -fast",
        "sat -tempinduct -prove trigger 0 %s-seq 1 -maxsteps 8 -verify miter" % rst])
    os.makedirs(workdir, exist_ok=True)
    for k, sc in enumerate((script, script2)):
        ys = os.path.join(workdir, "equiv-%s-%d.ys" % (m["id"], k))
        with open(ys, "w") as f:
            f.write(sc.replace("; ", "\n") + "\n")
        try:
            r = subprocess.run(["yosys", "-q", "-s", ys], stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, timeout=timeout)
            if r.returncode == 0:
                return True
        except subprocess.TimeoutExpired:
            pass
    return False


def draw(unit, n, seed):
    files = glob_files(UNITS[unit][0])
    allm = []
    for f in files:
        allm += mutants_of(f)
    rng = random.Random(seed)
    # one random logic line, then one of its mutants: lines weigh the same
    by_line = {}
    for m in allm:
        by_line.setdefault((m["file"], m["line"]), []).append(m)
    keys = sorted(by_line)
    picked, seen = [], set()
    rng.shuffle(keys)
    while len(picked) < n and keys:
        progressed = False
        for k in list(keys):
            if len(picked) >= n:
                break
            cand = [m for m in by_line[k] if m["id"] not in seen]
            if not cand:
                keys.remove(k)
                continue
            m = rng.choice(cand)
            seen.add(m["id"])
            picked.append(m)
            progressed = True
        if not progressed:
            break
    return picked, len(allm), len(by_line)


def cmd_run(a):
    unit = a.unit
    if unit not in UNITS:
        sys.exit("mutate: unknown unit %r (one of %s)" % (unit, " ".join(sorted(UNITS))))
    picked, total, lines = draw(unit, a.n, a.seed)
    if a.shard:
        i, k = (int(x) for x in a.shard.split("/"))
        picked = [m for j, m in enumerate(picked) if j % k == i - 1]
    if a.only:
        ids = set(a.only.split(","))
        picked = [m for m in picked if m["id"] in ids]
    print("mutate %s: %d mutants drawn (seed %d) of %d on %d logic lines" %
          (unit, len(picked), a.seed, total, lines))
    if a.list:
        for m in picked:
            print("  %s %s:%d %s %r -> %r" % (m["id"], m["file"], m["line"], m["kind"],
                                             m["old"], m["new"]))
        return 0
    src = refresh_copy(unit)
    wd = os.path.join(ROOT, "build", "mutate", unit)
    # baseline: the unmutated copy must pass, or nothing can be concluded
    rc, out, dt = run_regression(src, unit, 0, os.path.join(wd, "baseline.log"))
    if rc != 0:
        print("mutate %s: the unmutated regression fails (log %s)" %
              (unit, os.path.join(wd, "baseline.log")))
        return 2
    timeout = a.timeout if a.timeout else max(300, int(6 * dt) + 120)
    print("baseline passes in %.0f s; time limit per mutant %d s" % (dt, timeout))
    res = []
    for j, m in enumerate(picked):
        apply(src, m)
        try:
            rc, out, dt = run_regression(src, unit, timeout,
                                         os.path.join(wd, "mutant-%s.log" % m["id"]))
            r = classify_run(rc, out)
            how = "timeout" if rc == "timeout" else ""
            if r == "survived":
                r = "equivalent" if equivalent(unit, m, src, wd) else "escape"
        finally:
            restore(src, m)
        m2 = dict(m, result=r, seconds=round(dt, 1), how=how)
        res.append(m2)
        print("%3d/%d %-10s %s:%d %-5s %r -> %r (%.0f s%s)" % (
            j + 1, len(picked), r, m["file"], m["line"], m["kind"], m["old"].strip(),
            m["new"].strip(), dt, ", time limit" if how else ""), flush=True)
    out_path = a.out or os.path.join(
        ROOT, "build", "mutate", "%s%s.json" % (unit, "." + a.shard.replace("/", "of")
                                                 if a.shard else ""))
    os.makedirs(os.path.dirname(out_path), exist_ok=True)
    with open(out_path, "w") as f:
        json.dump({"unit": unit, "seed": a.seed, "n": a.n, "shard": a.shard,
                   "targets": UNITS[unit][1], "mutants": res}, f, indent=1)
    summarize([out_path])
    return 0


def summarize(paths):
    per = {}
    for p in paths:
        d = json.load(open(p))
        u = per.setdefault(d["unit"], {"killed": 0, "equivalent": 0, "escape": 0,
                                        "stillborn": 0, "error": 0, "escapes": []})
        for m in d["mutants"]:
            u[m["result"]] += 1
            if m["result"] == "escape":
                u["escapes"].append("%s:%d %s %r -> %r" % (m["file"], m["line"], m["kind"],
                                                           m["old"].strip(), m["new"].strip()))
    print("| unit | mutants | killed | equivalent | escape | stillborn | error | kill rate (not equivalent) |")
    print("|---|---|---|---|---|---|---|---|")
    for unit in sorted(per):
        u = per[unit]
        live = u["killed"] + u["escape"]
        rate = 100.0 * u["killed"] / live if live else 0.0
        print("| %s | %d | %d | %d | %d | %d | %d | %.1f %% |" % (
            unit, live + u["equivalent"] + u["stillborn"] + u["error"], u["killed"],
            u["equivalent"], u["escape"], u["stillborn"], u["error"], rate))
    for unit in sorted(per):
        for e in per[unit]["escapes"]:
            print("escape %s: %s" % (unit, e))
    return per


def cmd_report(a):
    if not a.files:
        sys.exit("mutate report: no result files")
    summarize(a.files)
    return 0


def cmd_smoke(a):
    spec = a.spec or os.path.join(ROOT, "tests", "mutate", "smoke.txt")
    todo = []
    for n, ln in enumerate(open(spec), 1):
        ln = ln.rstrip("\n")
        if not ln.strip() or ln.lstrip().startswith("#"):
            continue
        parts = ln.split("\t")
        if len(parts) not in (4, 5):
            sys.exit("%s:%d: want UNIT<TAB>FILE<TAB>OLD<TAB>NEW[<TAB>TARGETS]" % (spec, n))
        if parts[0] not in UNITS:
            sys.exit("%s:%d: unknown unit %r" % (spec, n, parts[0]))
        todo.append(parts + [""] * (5 - len(parts)))
    units = sorted(set(p[0] for p in todo))
    if a.unit:
        units = [u for u in units if u in a.unit.split(",")]
    bad = 0
    # one copy for every unit: the C libraries are built once
    src = refresh_copy("smoke")
    wd = os.path.join(ROOT, "build", "mutate", "smoke")
    for unit in units:
        for u, f, old, new, tg in todo:
            if u != unit:
                continue
            text = open(os.path.join(ROOT, f)).read()
            if text.count(old) != 1:
                print("smoke %s: %r occurs %d times in %s (want exactly once)" %
                      (unit, old, text.count(old), f))
                bad += 1
                continue
            with open(os.path.join(src, f), "w") as fh:
                fh.write(text.replace(old, new))
            try:
                rc, out, dt = run_regression(src, unit, a.timeout or 900,
                                             os.path.join(wd, "%s.log" % unit), tg.split())
            finally:
                shutil.copyfile(os.path.join(ROOT, f), os.path.join(src, f))
            r = classify_run(rc, out)
            print("smoke %-6s %-9s %s: %r -> %r (%.0f s)" % (unit, r, f, old, new, dt),
                  flush=True)
            if r != "killed":
                bad += 1
    print("smoke: %d not killed" % bad)
    return 1 if bad else 0


def cmd_check(a):
    """Every drawn mutant of every unit names its original text at its
    place, changes the line, and has a unique id."""
    bad = 0
    for unit in sorted(UNITS):
        picked, total, lines = draw(unit, a.n, a.seed)
        ids = set()
        for m in picked:
            ln = open(os.path.join(ROOT, m["file"])).read().split("\n")[m["line"] - 1]
            new = ln[:m["start"]] + m["new"] + ln[m["end"]:]
            if ln[m["start"]:m["end"]] != m["old"] or new == ln or m["id"] in ids:
                print("check %s: bad mutant %r" % (unit, m))
                bad += 1
            ids.add(m["id"])
        print("check %s: %d mutants drawn of %d on %d logic lines" % (
            unit, len(picked), total, lines))
    return 1 if bad else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("run")
    r.add_argument("--unit", required=True)
    r.add_argument("--n", type=int, default=50)
    r.add_argument("--seed", type=int, default=1)
    r.add_argument("--shard")
    r.add_argument("--timeout", type=int, default=0)
    r.add_argument("--out")
    r.add_argument("--list", action="store_true")
    r.add_argument("--only")
    p = sub.add_parser("report")
    p.add_argument("files", nargs="*")
    s = sub.add_parser("smoke")
    s.add_argument("--unit")
    s.add_argument("--spec")
    s.add_argument("--timeout", type=int, default=0)
    c = sub.add_parser("check")
    c.add_argument("--n", type=int, default=200)
    c.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    return {"run": cmd_run, "report": cmd_report, "smoke": cmd_smoke,
            "check": cmd_check}[a.cmd](a)


if __name__ == "__main__":
    sys.exit(main())
