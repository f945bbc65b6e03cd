"""The classes of the real-world modules, read approximately from their source.

Finds every `class NAME (...)` in MODULE/manifests/**/*.pp and its parameters
(type, name, whether it has a default), without a full Puppet parser: enough
to tell which classes can be included without parameters and to build
resource-like declarations with simple values.
"""
import os
import re

CLASS_RE = re.compile(r"(?m)^[ \t]*class[ \t]+([a-z][a-z0-9_]*(?:::[a-z0-9_]+)*)\b")


class Param:
    def __init__(self, type_text, name, has_default, default_text):
        self.type_text = type_text
        self.name = name
        self.has_default = has_default
        self.default_text = default_text

    def __repr__(self):
        return f"Param({self.type_text!r}, {self.name!r}, {self.has_default})"


class ClassInfo:
    def __init__(self, module, name, path, params):
        self.module = module
        self.name = name
        self.path = path
        self.params = params

    def required(self):
        return [p for p in self.params if not p.has_default]


def _skip_ws_comments(text, i):
    while i < len(text):
        c = text[i]
        if c.isspace():
            i += 1
        elif c == "#":
            j = text.find("\n", i)
            i = len(text) if j < 0 else j + 1
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            i = len(text) if j < 0 else j + 2
        else:
            break
    return i


def _param_list(text, i):
    """The text between the parenthesis at `i` and its match, or None."""
    depth = 0
    start = i
    prev_sig = "("
    while i < len(text):
        c = text[i]
        if c in "'\"":
            q = c
            i += 1
            while i < len(text) and text[i] != q:
                if text[i] == "\\":
                    i += 1
                i += 1
        elif c == "#":
            j = text.find("\n", i)
            i = len(text) if j < 0 else j
            continue
        elif c == "/" and prev_sig in "[,(=":
            # A regex literal (Pattern[/.../]).
            i += 1
            while i < len(text) and text[i] != "/":
                if text[i] == "\\":
                    i += 1
                i += 1
        elif c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
            if depth == 0:
                return text[start + 1 : i]
        if not c.isspace():
            prev_sig = c
        i += 1
    return None


def _split_top(text, sep=","):
    parts, depth, cur, i = [], 0, [], 0
    while i < len(text):
        c = text[i]
        if c in "'\"":
            q = c
            j = i + 1
            while j < len(text) and text[j] != q:
                if text[j] == "\\":
                    j += 1
                j += 1
            cur.append(text[i : j + 1])
            i = j + 1
            continue
        if c == "#":
            j = text.find("\n", i)
            i = len(text) if j < 0 else j
            continue
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        if c == sep and depth == 0:
            parts.append("".join(cur))
            cur = []
        else:
            cur.append(c)
        i += 1
    if "".join(cur).strip():
        parts.append("".join(cur))
    return parts


def _parse_param(text):
    m = re.search(r"\$([a-z_][a-zA-Z0-9_]*)", text)
    if not m:
        return None
    type_text = text[: m.start()].strip()
    rest = text[m.end() :]
    eq = re.match(r"\s*=(?![=>~])(.*)$", rest, re.S)
    return Param(type_text, m.group(1), eq is not None, eq.group(1).strip() if eq else None)


def classes_in(path, module):
    with open(path, encoding="utf-8", errors="replace") as f:
        text = f.read()
    out = []
    for m in CLASS_RE.finditer(text):
        name = m.group(1)
        i = _skip_ws_comments(text, m.end())
        params = []
        if i < len(text) and text[i] == "(":
            inner = _param_list(text, i)
            if inner is None:
                continue
            for part in _split_top(inner):
                p = _parse_param(part)
                if p:
                    params.append(p)
        out.append(ClassInfo(module, name, path, params))
    return out


def module_data_keys(module_dir):
    """Keys of the module's Hiera data (any level): `mod::class::param`."""
    keys = set()
    data = os.path.join(module_dir, "data")
    if not os.path.isdir(data):
        return keys
    for root, _, files in os.walk(data):
        for f in files:
            if f.endswith((".yaml", ".yml")):
                with open(os.path.join(root, f), encoding="utf-8", errors="replace") as fh:
                    for line in fh:
                        m = re.match(r"^['\"]?([a-z][\w:]*::[\w]+)['\"]?\s*:", line)
                        if m:
                            keys.add(m.group(1))
    return keys


def corpus_classes(modulepath):
    """Every class of every module, sorted by name; with each module's data keys."""
    classes = []
    for module in sorted(os.listdir(modulepath)):
        mdir = os.path.join(modulepath, module)
        manifests = os.path.join(mdir, "manifests")
        if not os.path.isdir(manifests):
            continue
        keys = module_data_keys(mdir)
        for root, _, files in os.walk(manifests):
            for f in sorted(files):
                if not f.endswith(".pp"):
                    continue
                for c in classes_in(os.path.join(root, f), module):
                    # Only classes in their autoload path's module.
                    if c.name.split("::")[0] != module:
                        continue
                    c.data_keys = {k for k in keys if k.startswith(c.name + "::")}
                    classes.append(c)
    seen, unique = set(), []
    for c in sorted(classes, key=lambda c: c.name):
        if c.name not in seen:
            seen.add(c.name)
            unique.append(c)
    return unique


def includable(c):
    """Whether `include NAME` can bind every parameter (defaults or module data)."""
    return all(p.has_default or f"{c.name}::{p.name}" in c.data_keys for p in c.params)


def simple_value(p):
    """A Puppet literal for a required parameter of a simple type, or None."""
    t = p.type_text.replace(" ", "")
    t = re.sub(r"^Optional\[(.*)\]$", r"\1", t)
    n = p.name
    table = [
        (r"^(Boolean|Bool)$", "true"),
        (r"^Integer(\[.*\])?$", "1"),
        (r"^(Stdlib::Port|Stdlib::Port::\w+)$", "8080"),
        (r"^Stdlib::(Absolutepath|Unixpath)$", "'/tmp/kuppet'"),
        (r"^Stdlib::(Host|Fqdn)$", "'host.example.com'"),
        (r"^Stdlib::(IP::Address.*|Compat::Ip_address)$", "'10.0.0.1'"),
        (r"^Stdlib::(HTTPUrl|HTTPSUrl|Httpurl|Httpsurl)$", "'http://example.com/'"),
        (r"^(String|String\[\d+(,\d+)?\]|Stdlib::Filesource|Variant\[String.*\]|)$", None),
        (r"^Array(\[String.*\])?$", "['kuppet']"),
        (r"^Hash(\[.*\])?$", "{}"),
    ]
    for pat, lit in table:
        if re.match(pat, t):
            if lit is None:
                if re.search(r"password|secret|pass$|token", n):
                    return "'s3cret'"
                if re.search(r"url|uri|connection", n):
                    return "'mysql+pymysql://kuppet:s3cret@127.0.0.1/kuppet'"
                if re.search(r"(dir|path|file)$", n):
                    return "'/tmp/kuppet'"
                if re.search(r"host|server", n):
                    return "'host.example.com'"
                return "'kuppet'"
            return lit
    return None
