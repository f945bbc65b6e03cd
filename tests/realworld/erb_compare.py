#!/usr/bin/env python3
"""Summarises a KUPPET_ERB_COMPARE log: every template rendered by kuppet's
native ERB interpreter and by the embedded Ruby's ERB during compiles.

    KUPPET_ERB_COMPARE=/tmp/erb.tsv tests/realworld/harness.py run --kuppet target/debug/kuppet
    tests/realworld/erb_compare.py /tmp/erb.tsv [--templates /usr/share/puppet/modules]

Log lines: template, equal, native ns, Ruby ns, native error, Ruby error
('-' for none); `#vm-start` lines: the VM's start-up per process.
"""
import argparse
import collections
import glob
import os
import statistics


def pct(xs, p):
    xs = sorted(xs)
    if not xs:
        return 0
    k = min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))
    return xs[k]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("log")
    ap.add_argument("--templates", default="/usr/share/puppet/modules")
    ap.add_argument("--show", type=int, default=40)
    a = ap.parse_args()
    renders = []
    vm = []
    for line in open(a.log, encoding="utf-8", errors="replace"):
        parts = line.rstrip("\n").split("\t")
        if parts[0] == "#vm-start":
            vm.append(int(parts[2]))
            continue
        if len(parts) < 6:
            continue
        name, equal, nns, rns, nerr, rerr = parts[:6]
        renders.append((name, equal == "true", int(nns), int(rns), nerr, rerr))
    by_t = collections.defaultdict(list)
    for r in renders:
        by_t[r[0]].append(r)
    status = {}
    for t, rs in by_t.items():
        kinds = set()
        for _, eq, _, _, nerr, rerr in rs:
            if nerr == "-" and rerr == "-":
                kinds.add("equal" if eq else "differ")
            elif nerr != "-" and rerr == "-":
                kinds.add("native-fails")
            elif nerr == "-" and rerr != "-":
                kinds.add("ruby-fails")
            else:
                kinds.add("both-fail")
        for k in ("differ", "native-fails", "ruby-fails", "both-fail", "equal"):
            if k in kinds:
                status[t] = k
                break
    files = [t for t in by_t if not t.startswith("inline:")]
    print(f"renders: {len(renders)}  templates: {len(by_t)} ({len(files)} files, {len(by_t) - len(files)} inline)")
    c = collections.Counter(status.values())
    print("templates by outcome (worst render):", dict(c))
    rc = collections.Counter()
    for _, eq, _, _, nerr, rerr in renders:
        rc["equal" if eq else ("differ" if nerr == "-" and rerr == "-" else "native-fails" if rerr == "-" else "ruby-fails" if nerr == "-" else "both-fail")] += 1
    print("renders by outcome:", dict(rc))
    ok = [r for r in renders if r[4] == "-" and r[5] == "-"]
    n = [r[2] for r in ok]
    rb = [r[3] for r in ok]
    if ok:
        print(f"time per render (both ok, n={len(ok)}): native median {statistics.median(n)/1e3:.0f} us p90 {pct(n, 90)/1e3:.0f} us;"
              f" ruby median {statistics.median(rb)/1e3:.0f} us p90 {pct(rb, 90)/1e3:.0f} us;"
              f" ratio of medians {statistics.median(rb)/max(1, statistics.median(n)):.2f}")
        print(f"sum: native {sum(n)/1e9:.2f} s, ruby {sum(rb)/1e9:.2f} s")
    if vm:
        print(f"VM start (per process, n={len(vm)}): median {statistics.median(vm)/1e6:.0f} ms p90 {pct(vm, 90)/1e6:.0f} ms")
    if a.templates:
        all_t = sorted(glob.glob(os.path.join(a.templates, "*/templates/**/*.erb"), recursive=True))
        real = {os.path.realpath(t) for t in all_t}
        seen = {os.path.realpath(t) for t in files}
        print(f"templates under {a.templates}: {len(real)}; rendered in the compiles: {len(real & seen)}")
    for k in ("differ", "native-fails", "ruby-fails", "both-fail"):
        ts = sorted(t for t, s in status.items() if s == k)
        if not ts:
            continue
        print(f"\n{k}: {len(ts)}")
        for t in ts[: a.show]:
            r = next(x for x in by_t[t] if not x[1])
            err = r[4] if k == "native-fails" else r[5] if k == "ruby-fails" else f"{r[4]} || {r[5]}" if k == "both-fail" else ""
            print(f"  {t}  {err[:200]}")


if __name__ == "__main__":
    main()
