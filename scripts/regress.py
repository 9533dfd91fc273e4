#!/usr/bin/env python3
"""Sharded regressions with JUnit XML (docs/regression-farm.md).

  regress.py run --name NAME [--sets "A B ..."] --start S --seeds N
                 [--shard I/N] [--junit FILE] [--log PATTERN] [--timeout SEC]
                 -- COMMAND ...
      Runs COMMAND once per seed, for every set, with {set} and {seed}
      replaced in each word.  Seed k (k = 0 .. N-1 from S) of a set belongs
      to shard (k mod N) + 1, so the shards 1/N .. N/N of a run are disjoint,
      cover every seed, and do not depend on the machine or on time.  A seed
      passes when COMMAND exits 0.  --junit writes one <testsuite> per set
      (NAME.SET) and one <testcase> per seed; a failure's text starts with the
      command that replays the seed.  --log (with {set}) collects each set's
      output.  Exit status 1 when a seed failed, 2 on bad arguments.

  regress.py merge -o OUT FILE...
      Sums JUnit files of disjoint shards into one: suites joined by name,
      test cases ordered by seed, counts and times added.  A test case found
      in two files is an error (overlapping shards).

  regress.py compare A B
      Exit 0 when two JUnit files hold the same suites, test cases, results
      and failure texts; run times, hosts and properties are not compared.
"""
import argparse
import os
import re
import shlex
import subprocess
import sys
import time
import xml.etree.ElementTree as ET

TAIL_LINES = 40  # lines of a failing seed's output kept in the failure text


def die(msg):
    print("regress.py: " + msg, file=sys.stderr)
    sys.exit(2)


def parse_shard(text):
    """'I/N' with 1 <= I <= N -> (I, N); None -> (1, 1)."""
    if text is None or text == "":
        return 1, 1
    m = re.fullmatch(r"([0-9]+)/([0-9]+)", text)
    if not m:
        die("SHARD '%s': expected I/N, for example 2/8" % text)
    i, n = int(m.group(1)), int(m.group(2))
    if n < 1 or i < 1 or i > n:
        die("SHARD '%s': I must be 1..N and N at least 1" % text)
    return i, n


def shard_seeds(start, count, shard):
    """The seeds of shard (I, N) among start .. start+count-1."""
    i, n = shard
    return [start + k for k in range(count) if k % n == i - 1]


def subst(words, set_name, seed):
    return [w.replace("{set}", set_name).replace("{seed}", str(seed)) for w in words]


def seed_key(name):
    m = re.search(r"([0-9]+)$", name)
    return (int(m.group(1)) if m else -1, name)


def run_seed(cmd, timeout):
    """(status, output, seconds): status 'pass', 'fail' (exit code) or 'error'."""
    t0 = time.monotonic()
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           timeout=timeout if timeout > 0 else None, check=False)
        out = p.stdout.decode("utf-8", "replace")
        if p.returncode == 0:
            return "pass", out, time.monotonic() - t0, 0
        return "fail", out, time.monotonic() - t0, p.returncode
    except subprocess.TimeoutExpired as e:
        out = (e.stdout or b"").decode("utf-8", "replace")
        return "timeout", out, time.monotonic() - t0, None
    except OSError as e:
        return "error", str(e) + "\n", time.monotonic() - t0, None


def cmd_run(a):
    shard = parse_shard(a.shard)
    if a.seeds < 1:
        die("--seeds must be at least 1")
    if not a.command:
        die("no command after --")
    if a.command[0] == "--":
        a.command = a.command[1:]
    if not any("{seed}" in w for w in a.command):
        die("the command has no {seed}: every seed would run the same test")
    sets = a.sets.split() if a.sets else [""]
    if len(sets) > 1 and not any("{set}" in w for w in a.command):
        die("several sets but the command has no {set}")
    seeds = shard_seeds(a.start, a.seeds, shard)
    last = a.start + a.seeds - 1
    shard_txt = "" if shard == (1, 1) else ", shard %d/%d" % shard
    root = ET.Element("testsuites", name=a.name)
    total_fail = 0
    for s in sets:
        suite_name = a.name + ("." + s if s else "")
        suite = ET.SubElement(root, "testsuite", name=suite_name)
        props = ET.SubElement(suite, "properties")
        ET.SubElement(props, "property", name="seeds", value="%d..%d" % (a.start, last))
        ET.SubElement(props, "property", name="shard", value="%d/%d" % shard)
        log = None
        if a.log:
            path = a.log.replace("{set}", s)
            os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
            log = open(path, "w", encoding="utf-8")
        npass = nfail = 0
        secs = 0.0
        for seed in seeds:
            cmd = subst(a.command, s, seed)
            replay = shlex.join(cmd)
            status, out, dt, rc = run_seed(cmd, a.timeout)
            secs += dt
            if log:
                log.write("$ %s\n%s" % (replay, out))
                if out and not out.endswith("\n"):
                    log.write("\n")
            tc = ET.SubElement(suite, "testcase", classname=suite_name,
                               name="seed %d" % seed, time="%.3f" % dt)
            if status == "pass":
                npass += 1
                continue
            nfail += 1
            tail = "\n".join(out.splitlines()[-TAIL_LINES:])
            if status == "fail":
                msg = "exit %d; replay: %s" % (rc, replay)
                el = ET.SubElement(tc, "failure", message=msg, type="exit")
            elif status == "timeout":
                msg = "no result within %g s; replay: %s" % (a.timeout, replay)
                el = ET.SubElement(tc, "error", message=msg, type="timeout")
            else:
                msg = "could not run; replay: %s" % replay
                el = ET.SubElement(tc, "error", message=msg, type="exec")
            el.text = "replay (from the repository root): %s\n%s\n" % (replay, tail)
            print("%sseed %d FAILED: %s" % (s + ": " if s else "", seed, msg))
        if log:
            log.close()
        suite.set("tests", str(npass + nfail))
        suite.set("failures", str(sum(1 for t in suite.iter("failure"))))
        suite.set("errors", str(sum(1 for t in suite.iter("error"))))
        suite.set("skipped", "0")
        suite.set("time", "%.3f" % secs)
        total_fail += nfail
        print("%s%d passed, %d failed (seeds %d..%d%s: %d run)%s" %
              (s + ": " if s else "", npass, nfail, a.start, last, shard_txt, len(seeds),
               "; log " + a.log.replace("{set}", s) if a.log else ""))
    totals(root)
    if a.junit:
        write(root, a.junit)
        print("junit: %s" % a.junit)
    return 1 if total_fail else 0


def totals(root):
    for k in ("tests", "failures", "errors", "skipped"):
        root.set(k, str(sum(int(s.get(k, "0")) for s in root.findall("testsuite"))))
    root.set("time", "%.3f" % sum(float(s.get("time", "0")) for s in root.findall("testsuite")))


def write(root, path):
    ET.indent(root)
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    ET.ElementTree(root).write(path, encoding="UTF-8", xml_declaration=True)


def load(path):
    try:
        root = ET.parse(path).getroot()
    except ET.ParseError as e:
        die("%s: not XML: %s" % (path, e))  # the message names line and column
    except OSError as e:
        die("%s: %s" % (path, e.strerror))
    if root.tag == "testsuite":
        return [root]
    if root.tag != "testsuites":
        die("%s: root element <%s>, expected <testsuites> or <testsuite>" % (path, root.tag))
    return root.findall("testsuite")


def cmd_merge(a):
    if not a.files:
        die("merge: no input files")
    suites = {}   # name -> {testcase name: element}
    times = {}
    names = []
    for f in a.files:
        for s in load(f):
            n = s.get("name", "")
            if n not in suites:
                suites[n] = {}
                times[n] = 0.0
                names.append(n)
            times[n] += float(s.get("time", "0") or 0)
            for tc in s.findall("testcase"):
                key = tc.get("name", "")
                if key in suites[n]:
                    die("%s: %s '%s' is also in an earlier file: the shards overlap" % (f, n, key))
                suites[n][key] = tc
    root = ET.Element("testsuites")
    tops = {n.split(".")[0] for n in names}
    if len(tops) == 1:
        root.set("name", tops.pop())
    for n in sorted(names):
        s = ET.SubElement(root, "testsuite", name=n)
        cases = [suites[n][k] for k in sorted(suites[n], key=seed_key)]
        for tc in cases:
            s.append(tc)
        s.set("tests", str(len(cases)))
        s.set("failures", str(sum(1 for tc in cases if tc.find("failure") is not None)))
        s.set("errors", str(sum(1 for tc in cases if tc.find("error") is not None)))
        s.set("skipped", str(sum(1 for tc in cases if tc.find("skipped") is not None)))
        s.set("time", "%.3f" % times[n])
    totals(root)
    write(root, a.output)
    print("%s: %s tests, %s failures, %s errors in %d suites from %d files" %
          (a.output, root.get("tests"), root.get("failures"), root.get("errors"),
           len(names), len(a.files)))
    return 0


def canon(path):
    out = []
    for s in sorted(load(path), key=lambda x: x.get("name", "")):
        cases = []
        for tc in s.findall("testcase"):
            res = [(r.tag, r.get("message", ""), (r.text or "").strip())
                   for r in tc if r.tag in ("failure", "error", "skipped")]
            cases.append((tc.get("classname", ""), tc.get("name", ""), tuple(res)))
        cases.sort(key=lambda c: seed_key(c[1]))
        out.append((s.get("name", ""), tuple(cases)))
    return out


def cmd_compare(a):
    ca, cb = canon(a.a), canon(a.b)
    if ca == cb:
        n = sum(len(c) for _, c in ca)
        print("%s and %s: the same %d test cases in %d suites" % (a.a, a.b, n, len(ca)))
        return 0
    sa, sb = dict(ca), dict(cb)
    for name in sorted(set(sa) | set(sb)):
        if name not in sa or name not in sb:
            print("suite %s only in %s" % (name, a.a if name in sa else a.b))
            continue
        ta = {c[1]: c for c in sa[name]}
        tb = {c[1]: c for c in sb[name]}
        for k in sorted(set(ta) | set(tb), key=seed_key):
            if ta.get(k) != tb.get(k):
                print("%s %s: %s: %s; %s: %s" % (name, k, a.a, ta.get(k, "absent"),
                                               a.b, tb.get(k, "absent")))
    return 1


def main():
    ap = argparse.ArgumentParser(prog="regress.py", description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("run", help="run the seeds of one shard")
    r.add_argument("--name", required=True, help="the regression (make target) name")
    r.add_argument("--sets", default="", help="parameter sets, separated by spaces")
    r.add_argument("--start", type=int, default=1, help="first seed")
    r.add_argument("--seeds", type=int, required=True, help="seeds per set")
    r.add_argument("--shard", default=None, help="I/N: run the I-th of N shards")
    r.add_argument("--junit", default=None, help="write JUnit XML here")
    r.add_argument("--log", default=None, help="output log file, {set} replaced")
    r.add_argument("--timeout", type=float, default=0, help="seconds per seed (0: none)")
    r.add_argument("command", nargs=argparse.REMAINDER)
    m = sub.add_parser("merge", help="sum the JUnit files of shards")
    m.add_argument("-o", "--output", required=True)
    m.add_argument("files", nargs="*")
    c = sub.add_parser("compare", help="same test cases and results?")
    c.add_argument("a")
    c.add_argument("b")
    a = ap.parse_args()
    if a.cmd == "run":
        return cmd_run(a)
    if a.cmd == "merge":
        return cmd_merge(a)
    return cmd_compare(a)


if __name__ == "__main__":
    sys.exit(main())
