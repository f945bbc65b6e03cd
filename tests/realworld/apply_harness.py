#!/usr/bin/env python3
"""Differential harness: real-world modules *applied* by Puppet 7.23 and by kuppet.

Each case is `include CLASS` for a class of Debian's puppet-module-* packages,
applied with `/work/shared/tools/overlay-apply` (or `../shared/tools/overlay-apply`
beside the project) to a throwaway overlay of this whole machine: packages are
installed, users made, files written, and the machine itself stays untouched.

Which classes: for every module (in name order) whose classes can be included
without parameters, its main class first (when includable), then the others in
name order, at most PER_MODULE of them. The rule looks at names only, never at
outcomes.

    apply_harness.py list                      print the cases
    apply_harness.py puppet [--only S] [-j N]  apply every case with Puppet (slow: 10-60 s
                                               a case; run in the background under nice);
                                               stores tests/realworld/apply-expected.json.gz
    apply_harness.py run [--only S] [--kuppet BIN] [-j N] [--resume]
                                               apply every case with kuppet, compare with
                                               Puppet's runs; writes apply-results.tsv
    apply_harness.py confirm [--kuppet BIN]    applies again with kuppet each case that differs
                                               only by file content; a path whose content
                                               differs between kuppet's two runs is volatile
                                               (time, randomness, the machine's live state)
                                               and is compared by type, mode and owner only
    apply_harness.py show CASE                 both runs of one case, side by side

Compared: the detailed exit code, each resource's report flags (changed, failed,
skipped, out_of_sync) and the tree of created, changed and deleted paths. A case
counts when Puppet's run succeeds (exit 0 or 2); a case Puppet fails for a reason
of this machine (no init system, a package conflict) counts only if kuppet fails
the same way (`both-fail`).

Needs root (overlay-apply uses a mount namespace and overlayfs) and, for `puppet`,
Debian's puppet-agent.
"""
import argparse
import concurrent.futures
import gzip
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, HERE)
import corpus  # noqa: E402

MODULEPATH = "/usr/share/puppet/modules"
PER_MODULE = 5
# KUPPET_APPLY_WORK: another work directory (a second run beside a first one).
WORK = os.environ.get("KUPPET_APPLY_WORK") or os.path.join(ROOT, "target", "realworld-apply")
EXPECTED = os.path.join(HERE, "apply-expected.json.gz")
RESULTS = os.path.join(HERE, "apply-results.tsv")
TIMEOUT = 900


def overlay_apply():
    for base in (os.path.join(ROOT, "..", "shared"), "/work/shared"):
        tool = os.path.join(base, "tools", "overlay-apply")
        if os.path.exists(tool):
            return tool
    sys.exit("overlay-apply not found: put ../shared beside the project")


def cases():
    """[(case name, class name)] by the selection rule."""
    by_module = {}
    for c in corpus.corpus_classes(MODULEPATH):
        if corpus.includable(c):
            by_module.setdefault(c.name.split("::")[0], []).append(c.name)
    out = []
    for module in sorted(by_module):
        names = sorted(by_module[module])
        if module in names:
            names.remove(module)
            names.insert(0, module)
        out.extend((n.replace("::", "__"), n) for n in names[:PER_MODULE])
    return out


def manifest_path(case, cls):
    d = os.path.join(WORK, "cases")
    os.makedirs(d, exist_ok=True)
    p = os.path.join(d, case + ".pp")
    with open(p, "w") as f:
        f.write(f"include {cls}\n")
    return p


def apply_one(case, cls, who):
    """Runs overlay-apply; returns its JSON document (or an error record)."""
    cmd = [overlay_apply()] + (["--puppet"] if who == "puppet" else ["--kuppet", who])
    cmd += [manifest_path(case, cls), "--modulepath", MODULEPATH]
    try:
        r = subprocess.run(["nice", "-n", "10"] + cmd, capture_output=True, text=True, timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        return {"exit": -1, "log": [f"timeout after {TIMEOUT} s"], "resources": {}, "tree": {}}
    try:
        return json.loads(r.stdout)
    except json.JSONDecodeError:
        return {"exit": -2, "log": [r.stderr[-2000:]], "resources": {}, "tree": {}}


def load_expected():
    if not os.path.exists(EXPECTED):
        return {}
    with gzip.open(EXPECTED, "rt") as f:
        return json.load(f)


def save_expected(data):
    # Written aside and renamed: a `run` reading it meanwhile sees a whole file.
    tmp = EXPECTED + ".tmp"
    with gzip.open(tmp, "wt") as f:
        json.dump(dict(sorted(data.items())), f, indent=0, sort_keys=True)
    os.replace(tmp, EXPECTED)


def selected(only):
    return [(c, n) for c, n in cases() if not only or only in c]


def cmd_puppet(a):
    data = load_expected()
    todo = [(c, n) for c, n in selected(a.only) if a.again or c not in data]
    print(f"{len(todo)} cases to apply with Puppet", flush=True)
    with concurrent.futures.ThreadPoolExecutor(a.jobs) as pool:
        futs = {pool.submit(apply_one, c, n, "puppet"): c for c, n in todo}
        for i, fut in enumerate(concurrent.futures.as_completed(futs), 1):
            c = futs[fut]
            data[c] = fut.result()
            print(f"[{i}/{len(todo)}] {c}: exit {data[c]['exit']}", flush=True)
            if i % 5 == 0:
                save_expected(data)
    save_expected(data)


# The package manager's databases: their content is the whole machine's
# package state (the base the overlay starts from, which may differ between
# the two runs), not what the run did; the packages' own files and the
# Package resources' flags say that.
PACKAGE_DATABASES = (
    "/var/lib/dpkg/status",
    "/var/lib/dpkg/status-old",
    "/var/lib/apt/extended_states",
    "/etc/ld.so.cache",
)


# Files whose content records the day of the run: shadow's third field is the
# day each account's password last changed, which a package's postinst sets to
# today for the system users it creates. Puppet's runs were recorded on another
# day than kuppet's, so these are compared by type, mode and owner (the accounts
# themselves are compared through /etc/passwd and /etc/group, and the User
# resources through the report).
DATED = ("/etc/shadow", "/etc/shadow-")


def strip_tree(tree):
    """The tree without paths that differ between any two runs of one tool."""
    return {
        p: v
        for p, v in tree.items()
        if not p.startswith(("/var/lib/puppet", "/var/cache"))
        and p not in PACKAGE_DATABASES
        # Caches programs write while packages install (python's entry-point
        # cache under a service user's home: named by a hash of the moment).
        and "/.cache/" not in p
        and not p.endswith("/.cache")
        # Paths named after the harness's own overlay (a daemon's per-mount
        # statistics: collectd's df-var-tmp-overlay-apply.XXXX-case).
        and "overlay-apply." not in p
    }


def content_only(a, b):
    """Whether two tree entries are files that differ by content alone."""
    if not (a and b and a.startswith("file ") and b.startswith("file ")):
        return False
    return a.rsplit(" ", 1)[0] == b.rsplit(" ", 1)[0]


def tree_problems(p, k):
    """The paths whose entries differ: [(path, Puppet's, kuppet's)]."""
    pt, kt = strip_tree(p.get("tree", {})), strip_tree(k.get("tree", {}))
    volatile = set(k.get("volatile", ()))
    out = []
    for path in sorted(set(pt) | set(kt)):
        a, b = pt.get(path), kt.get(path)
        if a == b or ((path in volatile or path in DATED) and content_only(a, b)):
            continue
        out.append((path, a, b))
    return out


def compare(p, k):
    """(outcome, detail) for Puppet's run p and kuppet's run k."""
    if p["exit"] not in (0, 2):
        return ("both-fail", "") if k["exit"] not in (0, 2) else ("puppet-fails", f"kuppet exit {k['exit']}")
    problems = []
    if p["exit"] != k["exit"]:
        problems.append(f"exit {p['exit']} vs {k['exit']}")
    # Puppet's apply adds its default schedules and filebucket to every
    # catalog (never changed); as ../shared/tools/apply-outcome, not compared.
    pr, kr = (
        {r: f for r, f in x.get("resources", {}).items() if not r.startswith(("Schedule[", "Filebucket["))}
        for x in (p, k)
    )
    for r in sorted(set(pr) | set(kr)):
        if pr.get(r) != kr.get(r):
            problems.append(f"{r}: {pr.get(r)} vs {kr.get(r)}")
    for path, a, b in tree_problems(p, k):
        problems.append(f"{path}: {a} vs {b}")
    return ("same", "") if not problems else ("differ", "; ".join(problems[:6]))


def cmd_confirm(a):
    """Second kuppet runs of the cases that differ by file content only."""
    expected = load_expected()
    kuppet = os.path.abspath(a.kuppet)
    saved = os.path.join(WORK, "kuppet.json")
    with open(saved) as f:
        results = json.load(f)
    todo = []
    for c, n in selected(a.only):
        if c not in results or c not in expected or "volatile" in results[c]:
            continue
        p, k = expected[c], results[c]
        if compare(p, k)[0] != "differ" or p["exit"] != k["exit"]:
            continue
        diffs = tree_problems(p, k)
        if diffs and all(content_only(x, y) for _, x, y in diffs):
            todo.append((c, n))
    print(f"{len(todo)} case(s) differ by file content only: applying them again", flush=True)
    with concurrent.futures.ThreadPoolExecutor(a.jobs) as pool:
        futs = {pool.submit(apply_one, c, n, kuppet): c for c, n in todo}
        for fut in concurrent.futures.as_completed(futs):
            c = futs[fut]
            again = strip_tree(fut.result().get("tree", {}))
            first = strip_tree(results[c].get("tree", {}))
            volatile = sorted(
                path for path in set(first) | set(again)
                if first.get(path) != again.get(path) and content_only(first.get(path), again.get(path))
            )
            results[c]["volatile"] = volatile
            print(f"{c}: volatile {volatile} -> {compare(expected[c], results[c])[0]}", flush=True)
    with open(saved, "w") as f:
        json.dump(results, f, indent=1, sort_keys=True)
    report(expected, results)


def cmd_run(a):
    expected = load_expected()
    kuppet = os.path.abspath(a.kuppet)
    os.makedirs(WORK, exist_ok=True)
    saved = os.path.join(WORK, "kuppet.json")
    results = {}
    if a.resume and os.path.exists(saved):
        with open(saved) as f:
            results = json.load(f)
    todo = [(c, n) for c, n in selected(a.only) if c in expected and c not in results]
    if a.reverse:
        todo.reverse()

    def save():
        with open(saved, "w") as f:
            json.dump(results, f, indent=1, sort_keys=True)

    with concurrent.futures.ThreadPoolExecutor(a.jobs) as pool:
        futs = {pool.submit(apply_one, c, n, kuppet): c for c, n in todo}
        for i, fut in enumerate(concurrent.futures.as_completed(futs), 1):
            c = futs[fut]
            results[c] = fut.result()
            outcome, detail = compare(expected[c], results[c])
            print(f"[{i}/{len(todo)}] {c}: {outcome} {detail[:200]}", flush=True)
            if i % 5 == 0:
                save()
    save()
    report(expected, results)


def report(expected, results):
    """Writes apply-results.tsv and prints the outcome counts."""
    results = {c: r for c, r in results.items() if c in expected}
    counts = {}
    with open(RESULTS, "w") as out:
        for c in sorted(results):
            outcome, detail = compare(expected[c], results[c])
            counts[outcome] = counts.get(outcome, 0) + 1
            out.write(f"{c}\t{outcome}\t{detail}\n")
    total = sum(v for k, v in counts.items() if k != "puppet-fails")
    print(", ".join(f"{k}: {v}" for k, v in sorted(counts.items())))
    same = counts.get("same", 0) + counts.get("both-fail", 0)
    if total:
        print(f"agreement on the cases that count: {same}/{total} ({100 * same / total:.1f}%)")


def cmd_show(a):
    expected = load_expected()
    print("Puppet:", json.dumps(expected.get(a.case), indent=1))
    path = os.path.join(WORK, "kuppet.json")
    if os.path.exists(path):
        print("kuppet:", json.dumps(json.load(open(path)).get(a.case), indent=1))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    sub.add_parser("list")
    p = sub.add_parser("puppet")
    p.add_argument("--only")
    p.add_argument("--again", action="store_true", help="apply cases already stored too")
    p.add_argument("-j", "--jobs", type=int, default=1)
    r = sub.add_parser("run")
    r.add_argument("--only")
    r.add_argument("--resume", action="store_true", help="keep the kuppet runs already stored")
    r.add_argument("--reverse", action="store_true", help="the last cases first")
    r.add_argument("--kuppet", default=os.path.join(ROOT, "target", "release", "kuppet"))
    r.add_argument("-j", "--jobs", type=int, default=2)
    c = sub.add_parser("confirm")
    c.add_argument("--only")
    c.add_argument("--kuppet", default=os.path.join(ROOT, "target", "release", "kuppet"))
    c.add_argument("-j", "--jobs", type=int, default=2)
    s = sub.add_parser("show")
    s.add_argument("case")
    a = ap.parse_args()
    if a.cmd == "list":
        cs = cases()
        for c, n in cs:
            print(n)
        print(f"{len(cs)} classes from {len({n.split('::')[0] for _, n in cs})} modules", file=sys.stderr)
    elif a.cmd == "puppet":
        cmd_puppet(a)
    elif a.cmd == "run":
        cmd_run(a)
    elif a.cmd == "confirm":
        cmd_confirm(a)
    else:
        cmd_show(a)


if __name__ == "__main__":
    main()
