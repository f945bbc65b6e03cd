#!/usr/bin/env python3
"""apply_harness.py over the current modules of forge-modules.tsv.

The cases: for every row of tests/realworld/forge-modules.tsv whose role is
`module` or `newer` (the modules chosen, not their dependencies), in name
order, `include MODULE` when the module's main class can be included without
parameters (every parameter has a default or module data). The rule looks
at names and parameters only, never at outcomes.

The modulepath is /work/forge/modules (`forge.py modules` re-creates it).
Puppet's runs are stored in forge-apply-expected.json.gz, the comparison in
forge-apply-results.tsv; the commands are apply_harness.py's:

    forge_apply.py list | puppet [-j N] | run [--kuppet BIN] | confirm | show CASE

Needs root, Puppet for `puppet`, and not part of CI.

Results (2026-12-07, Puppet 7.23 and kuppet's debug build of branch debconf):
41 cases; Puppet succeeds on 16 (exit 0 or 2), fails on 25 for reasons of
this machine (no init system: services do not start; packages from other
repositories). Of the 41 that count: 15 same, 25 both-fail, 1 differs
(40/41, 97.6%). timezone now agrees (its `debconf` items of tzdata: the
native provider). motd agrees once `/etc/motd` is confirmed volatile: its
template prints `memory.system.available`, the live MemAvailable, which
kuppet computes as Facter does (same source, same `GiB` format; two Facter
runs differ as well). postfix differs by `/etc/aliases` content: not yet
explained.
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import apply_harness  # noqa: E402
import corpus  # noqa: E402
import forge  # noqa: E402


def cases():
    """[(case name, class name)]: each chosen module's includable main class."""
    chosen = {r["name"] for r in forge.read_list() if r["role"] in ("module", "newer")}
    out = []
    for c in corpus.corpus_classes(apply_harness.MODULEPATH):
        if c.name in chosen and corpus.includable(c):
            out.append((c.name, c.name))
    return sorted(out)


apply_harness.MODULEPATH = forge.MODULEPATH
apply_harness.EXPECTED = os.path.join(HERE, "forge-apply-expected.json.gz")
apply_harness.RESULTS = os.path.join(HERE, "forge-apply-results.tsv")
apply_harness.WORK = os.environ.get("KUPPET_APPLY_WORK") or os.path.join(
    apply_harness.ROOT, "target", "realworld-forge-apply")
apply_harness.cases = cases

if __name__ == "__main__":
    apply_harness.main()
