#!/usr/bin/env python3
"""Differential harness: the real-world modules compiled by Puppet 7.23 and by kuppet.

Cases: for every class of the modules under the modulepath (default Debian's
/usr/share/puppet/modules) that can be included without parameters (every
parameter has a default or a key in the module's Hiera data), a manifest
`include NAME`; for classes with required parameters of simple types, a
manifest `class { 'NAME': p => value, ... }` (case NAME.params).

    harness.py puppet [--only SUBSTR]   compile every case with Puppet (slow; run under nice)
                                        and store the results in tests/realworld/expected.json.gz
    harness.py run [--only SUBSTR] [--kuppet BIN] [--show N]
                                        compile every case with kuppet, compare with Puppet's
                                        results, print the outcome counts and a ranked table of
                                        kuppet's failure causes; writes tests/realworld/results.tsv
    harness.py show CASE                print the manifest, Puppet's and kuppet's result

Only `puppet` needs Puppet (Debian's puppet-agent). The work directory is
target/realworld (manifests, Puppet's raw catalogs, kuppet's outputs). The facts
are tests/realworld/facts.yaml: tests/compile/facts.yaml plus what an agent
sends (clientversion, puppetversion, clientcert ...).

Outcomes: `same` (both compile, catalogs equal after catalog-diff's
normalization), `differ` (both compile; how), `kuppet-fails` (Puppet compiles,
kuppet does not; its first error), `puppet-fails` (Puppet refuses it; kuppet
`agrees` when it refuses too), `kuppet-only` (kuppet compiles what Puppet refuses).
"""
import argparse
import collections
import concurrent.futures
import gzip
import json
import os
import re
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, HERE)
import corpus  # noqa: E402

WORK = os.path.join(ROOT, "target", "realworld")
EXPECTED = os.path.join(HERE, "expected.json.gz")
RESULTS = os.path.join(HERE, "results.tsv")
FACTS = os.path.join(HERE, "facts.yaml")
RELATIONS = ("before", "require", "notify", "subscribe")


# ----- cases


def case_name(cls, suffix=""):
    return cls.replace("::", "__") + suffix


def build_cases(modulepath):
    """{case name: manifest text}, in name order."""
    cases = {}
    for c in corpus.corpus_classes(modulepath):
        if corpus.includable(c):
            cases[case_name(c.name)] = f"include {c.name}\n"
        else:
            values = {}
            for p in c.params:
                if p.has_default:
                    continue
                v = corpus.simple_value(p)
                if v is None:
                    values = None
                    break
                values[p.name] = v
            if values is None:
                continue
            width = max(len(k) for k in values)
            body = "".join(f"  {k.ljust(width)} => {v},\n" for k, v in values.items())
            cases[case_name(c.name, ".params")] = f"class {{ '{c.name}':\n{body}}}\n"
    return dict(sorted(cases.items()))


def write_cases(cases, only):
    d = os.path.join(WORK, "cases")
    os.makedirs(d, exist_ok=True)
    paths = {}
    for name, text in cases.items():
        if only and only not in name:
            continue
        p = os.path.join(d, name + ".pp")
        if not os.path.exists(p) or open(p).read() != text:
            with open(p, "w") as f:
                f.write(text)
        paths[name] = p
    return paths


# ----- catalogs


def normalize(cat):
    """catalog-diff's normal form (shared/tools/catalog-diff)."""
    resources = {}
    for r in cat.get("resources", []):
        if r["type"] == "Class" and r["title"] == "Settings":
            continue
        params = dict(r.get("parameters") or {})
        for rel in RELATIONS:
            if rel in params:
                v = params[rel]
                params[rel] = sorted(v if isinstance(v, list) else [v])
        entry = {"parameters": dict(sorted(params.items())), "tags": sorted(set(r.get("tags") or []))}
        if r.get("exported"):
            entry["exported"] = True
        resources[f"{r['type']}[{r['title']}]"] = entry
    edges = sorted(
        f"{e['source']} -> {e['target']}" for e in cat.get("edges", []) if e["target"] != "Class[Settings]"
    )
    classes = sorted(c for c in cat.get("classes", []) if c != "settings")
    return {"resources": dict(sorted(resources.items())), "edges": edges, "classes": classes}


def describe_diff(want, got):
    """(category, detail) of the first difference between two normal forms."""
    wr, gr = want["resources"], got["resources"]
    missing = [k for k in wr if k not in gr]
    extra = [k for k in gr if k not in wr]
    if missing:
        return "missing resources", f"{len(missing)} missing, e.g. {missing[0]}"
    if extra:
        return "extra resources", f"{len(extra)} extra, e.g. {extra[0]}"
    for k in wr:
        wp, gp = wr[k]["parameters"], gr[k]["parameters"]
        if wp != gp:
            for p in sorted(set(wp) | set(gp)):
                if wp.get(p) != gp.get(p):
                    a = json.dumps(wp.get(p))[:120]
                    b = json.dumps(gp.get(p))[:120]
                    return "parameter values", f"{k} {p}: puppet {a} kuppet {b}"
    for k in wr:
        if wr[k]["tags"] != gr[k]["tags"]:
            a = sorted(set(wr[k]["tags"]) - set(gr[k]["tags"]))
            b = sorted(set(gr[k]["tags"]) - set(wr[k]["tags"]))
            return "tags", f"{k}: puppet only {a} kuppet only {b}"
        if wr[k].get("exported") != gr[k].get("exported"):
            return "exported", k
    if want["edges"] != got["edges"]:
        a = sorted(set(want["edges"]) - set(got["edges"]))
        b = sorted(set(got["edges"]) - set(want["edges"]))
        return "edges", f"puppet only {a[:2]} kuppet only {b[:2]}"
    if want["classes"] != got["classes"]:
        return "classes", f"puppet {want['classes'][:5]} kuppet {got['classes'][:5]}"
    return "other", ""


# ----- messages


def first_error(text):
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if line.startswith("Error"):
            # Multi-line messages continue on indented lines.
            more = []
            for cont in [] if " on node " in line else lines[i + 1 :]:
                if not cont.startswith("  "):
                    break
                more.append(cont.strip())
                if " on node " in cont:
                    break
            return " ".join([line.strip()] + more)
    lines = [l for l in text.splitlines() if l.strip()]
    return lines[0].strip() if lines else "(no message)"


def core_message(msg):
    """The innermost message: without 'Error while evaluating ...' wrappers and locations."""
    m = re.sub(r"^Error:\s*", "", msg)
    m = re.sub(r"\s*\((file|line): [^)]*\)", "", m)
    m = re.sub(r"\s+on node \S+$", "", m)
    prev = None
    while prev != m:
        prev = m
        m = re.sub(r"^(Evaluation Error: |Error while evaluating a [A-Za-z ]+?, |Internal Error: )", "", m)
    return m.strip()


CAUSES = [
    (r"(template|inline_template)\(\): ERB", lambda m: "ERB template() (not supported)"),
    (r"Unknown function: '([^']+)'", lambda m: f"unknown function {m.group(1)}"),
    (r"Unknown resource type: '([^']+)'", lambda m: f"unknown resource type {m.group(1)}"),
    (r"Unknown variable: '([^']+)'", lambda m: f"unknown variable {m.group(1)}"),
    (r"Resource type not found: (\S+)", lambda m: f"unknown resource type {m.group(1)}"),
    (r"Invalid resource type (\S+)", lambda m: f"unknown resource type {m.group(1)}"),
    (r"Could not find class ::(\S+)", lambda m: f"class not found {m.group(1)}"),
    (r"expects a value for parameter", lambda m: "missing class parameter (no value)"),
    (r"did not find a value for the name '([^']+)'", lambda m: "lookup() found no value"),
    (r"no parameter named '([^']+)'.* on (\w+)", lambda m: f"no parameter named '{m.group(1)}' on {m.group(2)}"),
    (r"^'(\w+)' parameter '(\w+)' expects", lambda m: f"'{m.group(1)}' argument type"),
    (r"^'(\w+)' expects", lambda m: f"'{m.group(1)}' arguments"),
    (r"^(\w+)\(\):", lambda m: f"{m.group(1)}() failed"),
    (r"Syntax error|Could not parse", lambda m: "syntax error"),
]


def cause_of(msg):
    core = core_message(msg)
    for pat, name in CAUSES:
        m = re.search(pat, core)
        if m:
            return name(m), core
    generic = re.sub(r"'[^']*'", "'…'", core)
    generic = re.sub(r"\d+", "N", generic)
    return generic[:110], core


# ----- Puppet


def run_puppet(paths, args):
    outdir = os.path.join(WORK, "puppet")
    os.makedirs(outdir, exist_ok=True)
    names = sorted(paths)
    batch = 40
    expected = load_expected()
    start = time.monotonic()
    for i in range(0, len(names), batch):
        chunk = names[i : i + batch]
        cmd = ["nice", "-n", "19", "ruby", os.path.join(HERE, "puppet-batch.rb"), "--facts", FACTS,
               "--modulepath", args.modulepath, outdir] + [paths[n] for n in chunk]
        subprocess.run(cmd, stdout=subprocess.DEVNULL, check=False)
        for n in chunk:
            j = os.path.join(outdir, n + ".json")
            e = os.path.join(outdir, n + ".error")
            if os.path.exists(j):
                with open(j) as f:
                    expected[n] = {"catalog": normalize(json.load(f))}
            elif os.path.exists(e):
                with open(e) as f:
                    expected[n] = {"error": f.read().strip()}
            else:
                expected[n] = {"error": "Error: puppet-batch.rb produced nothing (crash?)"}
        save_expected(expected)
        print(f"puppet: {min(i + batch, len(names))}/{len(names)}", flush=True)
    print(f"puppet: {len(names)} cases in {time.monotonic() - start:.1f} s (batches of {batch})")


def load_expected():
    if not os.path.exists(EXPECTED):
        return {}
    with gzip.open(EXPECTED, "rt") as f:
        return json.load(f)


def save_expected(expected):
    tmp = EXPECTED + ".tmp"
    with gzip.GzipFile(tmp, "wb", mtime=0) as raw:
        raw.write(json.dumps(dict(sorted(expected.items())), sort_keys=True).encode())
    os.replace(tmp, EXPECTED)


# ----- kuppet


def kuppet_one(bin_, path, modulepath):
    try:
        p = subprocess.run(
            [bin_, "compile", path, "--facts", FACTS, "--modulepath", modulepath],
            capture_output=True, text=True, timeout=60,
        )
    except subprocess.TimeoutExpired:
        return None, "Error: kuppet timed out after 60 s"
    if p.returncode == 0:
        try:
            return normalize(json.loads(p.stdout)), None
        except json.JSONDecodeError as e:
            return None, f"Error: kuppet printed invalid JSON: {e}"
    err = first_error(p.stderr)
    if p.returncode < 0 or "panicked" in p.stderr:
        err = "Error: kuppet crashed: " + (p.stderr.strip().splitlines() or ["?"])[-1]
    return None, err


def classify(name, want, got, err):
    """(outcome, cause, detail)."""
    if "error" in want:
        if err is None:
            return "kuppet-only", "kuppet compiles what Puppet refuses", core_message(first_error(want["error"]))
        return "puppet-fails", "agrees" if err else "", core_message(first_error(want["error"]))
    if err is not None:
        cause, core = cause_of(err)
        return "kuppet-fails", cause, core
    if want["catalog"] == got:
        return "same", "", ""
    cat, detail = describe_diff(want["catalog"], got)
    return "differ", cat, detail


def run_kuppet(paths, args):
    expected = load_expected()
    names = [n for n in sorted(paths) if n in expected]
    missing = [n for n in sorted(paths) if n not in expected]
    if missing:
        print(f"({len(missing)} cases have no Puppet result yet; run `harness.py puppet`)")
    rows = {}
    start = time.monotonic()
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futs = {pool.submit(kuppet_one, args.kuppet, paths[n], args.modulepath): n for n in names}
        for fut in concurrent.futures.as_completed(futs):
            n = futs[fut]
            got, err = fut.result()
            rows[n] = classify(n, expected[n], got, err)
    elapsed = time.monotonic() - start
    report(rows, args.show)
    print(f"\nkuppet: {len(rows)} cases in {elapsed:.1f} s ({args.jobs} jobs, one process per case)")
    if not args.only:
        with open(RESULTS, "w") as f:
            f.write(f"# case\toutcome\tcause\tdetail (tests/realworld/{os.path.basename(sys.argv[0])} run)\n")
            for n in sorted(rows):
                o, c, d = rows[n]
                f.write(f"{n}\t{o}\t{c}\t{d[:300]}\n")


def report(rows, show):
    counts = collections.Counter(o for o, _, _ in rows.values())
    total = len(rows)
    print(f"\n{total} cases")
    for o in ("same", "differ", "kuppet-fails", "puppet-fails", "kuppet-only"):
        print(f"  {o:13} {counts.get(o, 0):5}")
    agree = sum(1 for o, c, _ in rows.values() if o == "puppet-fails" and c == "agrees")
    print(f"  (puppet-fails: kuppet refuses too in {agree})")
    for outcome, title in (("kuppet-fails", "kuppet's failure causes"), ("differ", "how catalogs differ"),
                           ("kuppet-only", "kuppet compiles what Puppet refuses")):
        by = collections.defaultdict(list)
        for n, (o, c, d) in rows.items():
            if o == outcome:
                by[c if outcome != "kuppet-only" else core_message(d)[:100]].append((n, d))
        if not by:
            continue
        print(f"\n{title}:")
        for cause, items in sorted(by.items(), key=lambda kv: (-len(kv[1]), kv[0])):
            print(f"  {len(items):4}  {cause}")
            for n, d in sorted(items)[:show]:
                print(f"          {n}: {d[:200]}")


def show_case(name, args):
    p = os.path.join(WORK, "cases", name + ".pp")
    print(open(p).read())
    want = load_expected().get(name)
    print("puppet:", json.dumps(want, indent=1)[:3000] if want else None)
    got, err = kuppet_one(args.kuppet, p, args.modulepath)
    print("kuppet:", err or json.dumps(got, indent=1)[:3000])
    if want and "catalog" in want and got:
        print(describe_diff(want["catalog"], got))


def set_paths(expected, results, workdir, facts):
    """Another corpus (tests/realworld/forge.py) keeps its own files."""
    global EXPECTED, RESULTS, WORK, FACTS
    EXPECTED, RESULTS, WORK, FACTS = expected, results, workdir, facts


def main(argv=None, description=None):
    ap = argparse.ArgumentParser(description=description or __doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("command", choices=["puppet", "run", "show", "cases"])
    ap.add_argument("case", nargs="?")
    ap.add_argument("--only", help="only cases whose name contains this")
    ap.add_argument("--modulepath", default="/usr/share/puppet/modules")
    ap.add_argument("--kuppet", default=os.path.join(ROOT, "target", "release", "kuppet"))
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--show", type=int, default=2, help="examples per cause")
    ap.add_argument("--missing", action="store_true", help="puppet: only cases without a result")
    ap.add_argument("--expected", default=EXPECTED, help="Puppet's results (json.gz)")
    ap.add_argument("--results", default=RESULTS, help="where `run` writes its table")
    ap.add_argument("--workdir", default=WORK, help="manifests and raw outputs")
    ap.add_argument("--facts", default=FACTS, help="the node's facts (YAML)")
    args = ap.parse_args(argv)
    set_paths(args.expected, args.results, args.workdir, args.facts)
    cases = build_cases(args.modulepath)
    paths = write_cases(cases, args.only)
    if args.command == "cases":
        print(f"{len(paths)} cases in {os.path.join(WORK, 'cases')}")
    elif args.command == "puppet":
        if args.missing:
            have = load_expected()
            paths = {n: p for n, p in paths.items() if n not in have}
        run_puppet(paths, args)
    elif args.command == "run":
        run_kuppet(paths, args)
    else:
        show_case(args.case, args)


if __name__ == "__main__":
    main()
