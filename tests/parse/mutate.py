#!/usr/bin/env python3
"""Mutant generator and comparer for the parser (a dev tool; tests never run it).

Takes real manifests, breaks them (deletes, duplicates, inserts, swaps or
replaces tokens or characters), labels every mutant with Puppet's own parser
(/work/shared/tools/puppet-parse-check.rb) and compares Puppet's verdict and
error location with `kuppet parse`.

  generate       N OUTDIR [--max-size BYTES] [--seed S]   corpus list on stdin
  generate-regex N OUTDIR [--seed S]     mutants of the corpus's regexes; corpus list on stdin
  label          OUTDIR                  Puppet's verdicts -> OUTDIR/puppet.jsonl
  compare        OUTDIR [--kuppet PATH]  prints the disagreements and the rates
  keep           OUTDIR FIXTUREDIR N [--seed S] [--max-size BYTES]
                                         copies a sample with Puppet's verdicts

Mutants live outside any modulepath (e.g. /tmp/mutants) so that Puppet's
module-namespace check does not fire. Labels come from tests/parse/puppet-label.rb,
which parses exactly as puppet-parse-check.rb does and also reports the issue
code, the exact line and column (also for multi-line messages) and the number of
validation errors. `keep` appends to FIXTUREDIR/NAME.pp and
FIXTUREDIR/expected.jsonl (one JSON object per mutant: file, ok, code, message,
line, column, errors), which tests/parse_mutants.rs checks kuppet against.

Example (regenerates the fixture set):
  python3 tests/parse/mutate.py generate 2400 /tmp/mfx --seed 11 --max-size 1500 < corpus.txt
  python3 tests/parse/mutate.py generate-regex 400 /tmp/mfx --seed 12 < corpus.txt
  python3 tests/parse/mutate.py label /tmp/mfx
  python3 tests/parse/mutate.py keep /tmp/mfx tests/parse/mutants 100000
"""

import json
import os
import random
import re
import subprocess
import sys

PUPPET_LABEL = os.path.join(os.path.dirname(os.path.abspath(__file__)), "puppet-label.rb")

TOKEN = re.compile(
    r"""
 (?P<ws>\s+)
|(?P<comment>\#[^\n]*|/\*.*?\*/)
|(?P<sq>'(?:\\.|[^'\\])*')
|(?P<dq>"(?:\\.|[^"\\])*")
|(?P<var>\$(?:::)?\w+(?:::\w+)*)
|(?P<word>(?:::)?[A-Za-z_][\w-]*(?:::[A-Za-z_]\w*)*)
|(?P<num>\d[\w.]*)
|(?P<op><<\||\|>>|<\||\|>|=>|\+>|->|~>|<-|<~|==|!=|=~|!~|>=|<=|<<|>>|\+=|-=|@@|.)
""",
    re.S | re.X,
)

VOCAB = (
    "{ } ( ) [ ] , ; : => +> -> ~> <- <~ = == != =~ !~ < > <= >= << >> <| |> <<| |>> "
    "? ! - + * / % . | @ @@ $ $x $::x ${ } ' \" "
    "if else elsif unless case class define node default undef true false in and or "
    "function type inherits attr private include require notice "
    "File Class Resource[File] String Integer[1] Optional "
    "0x1F 017 08 1.5e3 1e 0x 'a' \"b\" \"${x}\" \"$x\" /re/ /* */ # @(END) "
    "x::y ::x Foo::bar $x[1] foo-bar _x 1abc"
).split(" ")

CHARS = "{}()[],;:=>-~<|?!+*/%.@$'\"#\\ \nabcxAX019_"


def tokens(text):
    out = []
    pos = 0
    while pos < len(text):
        m = TOKEN.match(text, pos)
        if not m or m.end() == pos:
            out.append(("op", pos, pos + 1))
            pos += 1
            continue
        out.append((m.lastgroup, m.start(), m.end()))
        pos = m.end()
    return out


def mutate_once(text, rng):
    toks = [t for t in tokens(text) if t[0] not in ("ws",)]
    code = [t for t in toks if t[0] != "comment"] or toks
    kind = rng.choice(
        [
            "del_tok",
            "del_tok",
            "dup_tok",
            "ins_tok",
            "ins_tok",
            "ins_file_tok",
            "swap_tok",
            "repl_tok",
            "del_char",
            "ins_char",
            "dup_char",
            "del_line",
            "dup_line",
        ]
    )
    if not code and kind.endswith("tok"):
        kind = "ins_char"
    if kind == "del_tok":
        _, s, e = rng.choice(code)
        return text[:s] + text[e:], f"{kind}@{s}"
    if kind == "dup_tok":
        _, s, e = rng.choice(code)
        sep = rng.choice(["", " "])
        return text[:e] + sep + text[s:e] + text[e:], f"{kind}@{s}"
    if kind in ("ins_tok", "ins_file_tok"):
        if kind == "ins_tok" or not code:
            word = rng.choice(VOCAB)
        else:
            _, s0, e0 = rng.choice(code)
            word = text[s0:e0]
        _, s, e = rng.choice(code) if code else ("", 0, 0)
        at = rng.choice([s, e])
        pad = rng.choice(["", " ", " ", "\n"])
        return text[:at] + pad + word + pad + text[at:], f"{kind}@{at}:{word!r}"
    if kind == "swap_tok":
        if len(code) < 2:
            return text, "none"
        i = rng.randrange(len(code) - 1)
        _, s1, e1 = code[i]
        _, s2, e2 = code[i + 1]
        return (
            text[:s1] + text[s2:e2] + text[e1:s2] + text[s1:e1] + text[e2:],
            f"{kind}@{s1}",
        )
    if kind == "repl_tok":
        _, s, e = rng.choice(code)
        word = rng.choice(VOCAB)
        return text[:s] + word + text[e:], f"{kind}@{s}:{word!r}"
    if not text:
        return rng.choice(VOCAB), "empty"
    # Character mutations favour code over comments.
    if code and rng.random() < 0.8:
        _, s, e = rng.choice(code)
        at = rng.randrange(s, e + 1)
    else:
        at = rng.randrange(len(text) + 1)
    at = min(at, len(text))
    if kind == "del_char":
        at = min(at, len(text) - 1)
        return text[:at] + text[at + 1 :], f"{kind}@{at}"
    if kind == "ins_char":
        c = rng.choice(CHARS)
        return text[:at] + c + text[at:], f"{kind}@{at}:{c!r}"
    if kind == "dup_char":
        at = min(at, len(text) - 1)
        return text[: at + 1] + text[at:], f"{kind}@{at}"
    lines = text.split("\n")
    i = rng.randrange(len(lines))
    if kind == "del_line":
        del lines[i]
    else:
        lines.insert(i, lines[i])
    return "\n".join(lines), f"{kind}:{i + 1}"


REGEX_SEED = re.compile(r"(?:=~|!~|=>|\(|,|\[|\bnode)\s*/((?:[^/\\\n]|\\.)+)/")
REGEX_CHARS = list("()[]{}*+?|\\^$-:,.=!<>'#&pdwsxukgMCc0123456789aAzZ ") + [
    "(?", "[:", ":]", "\\k<", "\\g<", "(?<", "{2,", "\\p{", "&&", "\\x", "\\u",
]


def mutate_regex(r, rng):
    if not r:
        return rng.choice(REGEX_CHARS)
    i = rng.randrange(len(r) + 1)
    k = rng.randrange(5)
    if k == 0:
        i = min(i, len(r) - 1)
        return r[:i] + r[i + 1 :]
    if k == 1:
        return r[:i] + rng.choice(REGEX_CHARS) + r[i:]
    if k == 2:
        i = min(i, len(r) - 1)
        return r[: i + 1] + r[i:]
    if k == 3 and len(r) > 1:
        i = min(i, len(r) - 2)
        return r[:i] + r[i + 1] + r[i] + r[i + 2 :]
    return r[:i] + rng.choice(REGEX_CHARS) + rng.choice(REGEX_CHARS) + r[i:]


def generate_regex(n, outdir, seed):
    """Mutants of the corpus's regex literals, one `$x = /re/` file each."""
    rng = random.Random(seed)
    seeds = set()
    for f in sys.stdin.read().split("\n"):
        if not f:
            continue
        try:
            with open(f, encoding="utf-8") as fh:
                seeds.update(m.group(1) for m in REGEX_SEED.finditer(fh.read()))
        except (OSError, UnicodeDecodeError):
            continue
    seeds = sorted(seeds)
    os.makedirs(outdir, exist_ok=True)
    made = 0
    with open(os.path.join(outdir, "meta.txt"), "w") as meta:
        while made < n:
            r = rng.choice(seeds)
            for _ in range(rng.choice([1, 1, 2, 3])):
                r = mutate_regex(r, rng)
            trailing = len(r) - len(r.rstrip("\\"))
            if "/" in r or "\n" in r or trailing % 2 == 1:
                continue
            name = f"r{seed}_{made:05d}"
            made += 1
            with open(os.path.join(outdir, name + ".pp"), "w", encoding="utf-8") as out:
                out.write(f"$x = /{r}/\n")
            meta.write(f"{name}\tregex\t{r!r}\n")


def generate(n, outdir, max_size, seed):
    rng = random.Random(seed)
    files = [f for f in sys.stdin.read().split("\n") if f]
    sources = []
    for f in files:
        try:
            with open(f, encoding="utf-8") as fh:
                text = fh.read()
        except (OSError, UnicodeDecodeError):
            continue
        if len(text.encode()) <= max_size:
            sources.append((f, text))
    os.makedirs(outdir, exist_ok=True)
    with open(os.path.join(outdir, "meta.txt"), "w") as meta:
        for i in range(n):
            f, text = rng.choice(sources)
            what = []
            for _ in range(rng.choice([1, 1, 1, 1, 2, 3])):
                text, w = mutate_once(text, rng)
                what.append(w)
            name = f"m{seed}_{i:05d}"
            with open(os.path.join(outdir, name + ".pp"), "w", encoding="utf-8") as out:
                out.write(text)
            meta.write(f"{name}\t{f}\t{' '.join(what)}\n")


def pp_files(outdir):
    return sorted(
        os.path.join(outdir, f) for f in os.listdir(outdir) if f.endswith(".pp")
    )


def name_of(path):
    return os.path.basename(path)[:-3]


def label(outdir):
    """Puppet's verdicts, one JSON object per file, in OUTDIR/puppet.jsonl."""
    files = pp_files(outdir)
    r = subprocess.run(
        ["ruby", PUPPET_LABEL], input="\n".join(files), capture_output=True, text=True
    )
    with open(os.path.join(outdir, "puppet.jsonl"), "w") as out:
        out.write(r.stdout)
    sys.stderr.write("\n".join(l for l in r.stderr.splitlines() if "warning:" not in l) + "\n")


def read_puppet(outdir):
    verdicts = {}
    with open(os.path.join(outdir, "puppet.jsonl")) as fh:
        for line in fh:
            v = json.loads(line)
            verdicts[name_of(v["file"])] = v
    return verdicts


def run_kuppet(kuppet, files):
    verdicts = {}
    for i in range(0, len(files), 500):
        batch = files[i : i + 500]
        r = subprocess.run([kuppet, "parse", "--json"] + batch, capture_output=True, text=True)
        for line in r.stdout.splitlines():
            v = json.loads(line)
            verdicts[name_of(v["file"])] = v
    return verdicts


def located(v):
    """Whether Puppet gives a location for this rejection."""
    return v.get("line") is not None


def compare(outdir, kuppet):
    puppet = read_puppet(outdir)
    files = pp_files(outdir)
    ours = run_kuppet(kuppet, files)
    n = agree = both = loc_total = loc_agree = msg_agree = 0
    for f in files:
        name = name_of(f)
        p = puppet.get(name)
        k = ours.get(name, {"ok": None})
        if p is None:
            continue
        n += 1
        if p["ok"] != k["ok"]:
            print(f"VERDICT {f}\n  puppet: {short(p)}\n  kuppet: {short(k)}")
            continue
        agree += 1
        if p["ok"]:
            continue
        both += 1
        same_loc = True
        if located(p):
            loc_total += 1
            same_loc = (p["line"], p["column"]) == (k["line"], k["column"])
            loc_agree += same_loc
        same_msg = p["message"] == k["message"]
        msg_agree += same_msg
        if not same_loc or not same_msg:
            print(f"DETAIL  {f}\n  puppet: {short(p)}\n  kuppet: {short(k)}")
    print(
        f"verdicts agree: {agree}/{n} ({100.0 * agree / max(n, 1):.2f}%); both reject: {both}, "
        f"located by Puppet: {loc_total}, same location: {loc_agree}, same message: {msg_agree}"
    )


def short(v):
    if v.get("ok"):
        return "OK"
    m = (v.get("message") or "").split("\n")[0][:160]
    return f"{v.get('code')} {v.get('line')}:{v.get('column')} {m}"


def keep(outdir, fixdir, n, seed, max_size):
    """Copies a sample of N labelled mutants (each at most MAX_SIZE bytes)."""
    puppet = read_puppet(outdir)
    names = sorted(
        name for name in puppet
        if os.path.getsize(os.path.join(outdir, name + ".pp")) <= max_size
    )
    rng = random.Random(seed)
    rng.shuffle(names)
    names = sorted(names[:n])
    os.makedirs(fixdir, exist_ok=True)
    with open(os.path.join(fixdir, "expected.jsonl"), "w") as out:
        for name in names:
            with open(os.path.join(outdir, name + ".pp"), encoding="utf-8") as fh:
                text = fh.read()
            with open(os.path.join(fixdir, name + ".pp"), "w", encoding="utf-8") as fh:
                fh.write(text)
            v = dict(puppet[name])
            v["file"] = name + ".pp"
            out.write(json.dumps(v, sort_keys=True) + "\n")


def main():
    args = sys.argv[1:]
    opts = {}
    pos = []
    i = 0
    while i < len(args):
        if args[i].startswith("--"):
            opts[args[i][2:]] = args[i + 1]
            i += 2
        else:
            pos.append(args[i])
            i += 1
    cmd = pos[0] if pos else "help"
    if cmd == "generate-regex":
        generate_regex(int(pos[1]), pos[2], int(opts.get("seed", "1")))
    elif cmd == "generate":
        generate(
            int(pos[1]),
            pos[2],
            int(opts.get("max-size", "1000000000")),
            int(opts.get("seed", "1")),
        )
    elif cmd == "label":
        label(pos[1])
    elif cmd == "compare":
        compare(pos[1], opts.get("kuppet", "target/release/kuppet"))
    elif cmd == "keep":
        keep(
            pos[1],
            pos[2],
            int(pos[3]),
            int(opts.get("seed", "1")),
            int(opts.get("max-size", "3000")),
        )
    else:
        print(__doc__)


if __name__ == "__main__":
    main()
