#!/usr/bin/env python3
"""Generates tests/regex/ruby_matches.json: what Ruby's regexps (Onigmo, as
Puppet uses them) say about patterns from Debian's Puppet modules and
patterns that probe where Ruby's and other engines' semantics differ (ASCII
`\\w` `\\d` `\\s`, Unicode `\\b` and POSIX brackets, case folding, anchors,
`\\h`, `\\Z`, inline flags), against ASCII and non-ASCII subjects.

    tests/regex/gen_ruby_matches.py [MODULEPATH]   (default /usr/share/puppet/modules)

Needs `ruby`. The test (`regex_ruby`, kuppet-values) needs neither.
"""
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
MODULEPATH = sys.argv[1] if len(sys.argv) > 1 else "/usr/share/puppet/modules"

PROBES = [
    r"\w+llo", r"^\w+$", r"\W", r"\d+", r"^\d+$", r"\D", r"\s", r"a\sb", r"\S+",
    r"\b", r"\bé", r"é\b", r"\Bl", r"[[:alpha:]]+", r"^[[:upper:]]", r"[[:digit:]]",
    r"[[:space:]]", r"[[:word:]]+", r"[[:punct:]]", r"(?i)ss", r"(?i)STRASSE", r"(?i)É",
    r"(?i)[a-z]+", r"\h+", r"^\h+$", r"\H", r"foo\Z", r"\Afoo", r"foo\z", r"^line2$",
    r"(?m)line1.line2", r"line1.line2", r"(?x) a b c ", r"(?i:ABC)def", r"[^a-z]",
    r"[\w.]+", r"[\d-]+", r"[\s,]+", r"\p{Alpha}+", r"\p{Digit}", r"日本", r".", r"^.$",
    r"(a)|(b)", r"(?<name>\w+)@(?<host>[\w.]+)", r"\x41", r"\u00e9", r"[[:^alpha:]]",
    r"\R", r"(?i)ǆ", r"ß", r"^$", r"\.", r"a{2,}", r"(?<!x)y", r"(?=é)",
]

SUBJECTS = [
    "héllo", "hello", "ß", "SS", "ss", "straße", "STRASSE", "Ünïcödé", "éa", "é b", "x é",
    "123", "١٢٣", "a b", "a\u00a0b", "a\u3000b", "tab\tx", "line1\nline2", "foo\n", "foo",
    "日本語", "foo_bar", "FOO", "x.y.z", "10.0.0.1", "/etc/passwd", "", "ǅ", "ǆ", "deadBEEF",
    "user@example.com", "ABCdef", "abcdef", "a-b,c", "xy", "zy", "A", "\r\n", "É", "é",
]

LITERAL = re.compile(r"(?:=~|!~|Pattern\[|^\s*|,\s*)\s*/((?:\\.|[^/\n\\])+)/")


def corpus_patterns():
    found = []
    for dirpath, _, files in os.walk(MODULEPATH, followlinks=True):
        for f in sorted(files):
            if not f.endswith(".pp"):
                continue
            try:
                text = open(os.path.join(dirpath, f), encoding="utf-8").read()
            except (OSError, UnicodeDecodeError):
                continue
            for line in text.splitlines():
                if line.lstrip().startswith("#"):
                    continue
                for m in LITERAL.finditer(line):
                    found.append(m.group(1).replace("\\/", "/"))
    return sorted(set(found))


RUBY = r"""
require 'json'
cases = JSON.parse(STDIN.read)
out = cases.map do |c|
  begin
    re = Regexp.new(c['pattern'])
  rescue RegexpError, ArgumentError
    next nil
  end
  c['subjects'].map do |s|
    m = re.match(s)
    {'pattern' => c['pattern'], 'subject' => s,
     'captures' => m && m.to_a}
  end
end
puts JSON.generate(out.compact.flatten)
"""


def main():
    patterns = PROBES + corpus_patterns()
    cases = [{"pattern": p, "subjects": SUBJECTS} for p in patterns]
    r = subprocess.run(["ruby", "-e", RUBY], input=json.dumps(cases), capture_output=True, text=True, check=True)
    rows = json.loads(r.stdout)
    # Compact: patterns and subjects once; each row [pattern, subject,
    # captures or null] by index.
    kept = sorted({row["pattern"] for row in rows}, key=patterns.index)
    pi = {p: i for i, p in enumerate(kept)}
    si = {s: i for i, s in enumerate(SUBJECTS)}
    doc = {
        "ruby": subprocess.run(["ruby", "-e", "print RUBY_VERSION"], capture_output=True, text=True).stdout,
        "patterns": kept,
        "subjects": SUBJECTS,
        "rows": [[pi[row["pattern"]], si[row["subject"]], row["captures"]] for row in rows],
    }
    with open(os.path.join(HERE, "ruby_matches.json"), "w", encoding="utf-8") as f:
        json.dump(doc, f, ensure_ascii=False, separators=(",", ":"))
    print(f"{len(patterns)} patterns, {len(rows)} rows")


if __name__ == "__main__":
    main()
