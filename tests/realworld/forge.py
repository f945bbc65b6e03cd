#!/usr/bin/env python3
"""The harness of harness.py over current modules from outside Debian's set.

The modules are listed in tests/realworld/forge-modules.tsv (name, GitHub
repository, commit, version of metadata.json, role: `module` for the modules
chosen outside Debian's set, `newer` for current versions of modules Debian
packages old versions of under their former owners (puppetlabs-mongodb,
puppetlabs-rabbitmq, camptocamp-postfix, now Vox Pupuli's), `dependency` for
what their metadata.json needs). Their sources are not
in the repository: `forge.py modules` re-creates the modulepath (default
/work/forge/modules) from the mirrors the `fetch` tool made under
/work/.mirror/OWNER+REPO/repo, each module at its listed commit.

    forge.py modules [--mirrors DIR] [--modulepath DIR]
                                  extract every listed module at its commit
    forge.py list [--mirrors DIR] re-write forge-modules.tsv from the mirrors' HEADs
                                  (keeps the roles; new rows are dependencies)
    forge.py puppet|run|show|cases ...
                                  as harness.py, with this corpus's modulepath,
                                  Puppet's results in forge-expected.json.gz and
                                  kuppet's in forge-results.tsv

Every class of every module on the modulepath is a case, dependencies included.
The facts are tests/realworld/facts.yaml plus EXTRA_FACTS.
"""
import json
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, HERE)
import harness  # noqa: E402

LIST = os.path.join(HERE, "forge-modules.tsv")
MODULEPATH = "/work/forge/modules"
MIRRORS = "/work/.mirror"
# What an agent sends that tests/realworld/facts.yaml lacks (puppetlabs-docker
# compares facterversion): Debian 12's facter.
EXTRA_FACTS = "facterversion: 4.3.0\n"
MODULE_PARTS = {"manifests", "lib", "templates", "files", "functions", "types", "data", "hiera.yaml",
                "metadata.json", "locales", "tasks", "plans"}
HEADER = "# name\trepo\tcommit\tversion\trole\n"


def read_list():
    rows = []
    with open(LIST) as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            name, repo, commit, version, role = line.rstrip("\n").split("\t")
            rows.append({"name": name, "repo": repo, "commit": commit, "version": version, "role": role})
    return rows


def git_dir(mirrors, repo):
    return os.path.join(mirrors, repo.replace("/", "+"), "repo")


def extract(rows, mirrors, modulepath):
    os.makedirs(modulepath, exist_ok=True)
    for r in rows:
        dest = os.path.join(modulepath, r["name"])
        if os.path.isdir(dest):
            shutil.rmtree(dest)
        os.makedirs(dest)
        g = git_dir(mirrors, r["repo"])
        # What Puppet reads of a module (the mirrors may lack large test files).
        top = subprocess.run(["git", "--git-dir", g, "ls-tree", "--name-only", r["commit"]],
                             capture_output=True, text=True, check=True).stdout.split()
        parts = [t for t in top if t in MODULE_PARTS]
        archive = subprocess.run(["git", "--git-dir", g, "archive", r["commit"], "--"] + parts,
                                 capture_output=True, check=True)
        subprocess.run(["tar", "-x", "-C", dest], input=archive.stdout, check=True)
        print(f"{r['name']:22} {r['repo']:40} {r['commit'][:12]} {r['version']}")
    listed = {r["name"] for r in rows}
    for d in sorted(os.listdir(modulepath)):
        if d not in listed:
            print(f"warning: {os.path.join(modulepath, d)} is not listed", file=sys.stderr)


def relist(mirrors):
    roles = {r["repo"]: r["role"] for r in read_list()} if os.path.exists(LIST) else {}
    rows = []
    for d in sorted(os.listdir(mirrors)):
        g = os.path.join(mirrors, d, "repo")
        meta = subprocess.run(["git", "--git-dir", g, "show", "HEAD:metadata.json"], capture_output=True, text=True)
        if meta.returncode != 0:
            continue
        m = json.loads(meta.stdout)
        commit = subprocess.run(["git", "--git-dir", g, "rev-parse", "HEAD"], capture_output=True, text=True,
                                check=True).stdout.strip()
        repo = d.replace("+", "/", 1)
        name = m["name"].replace("/", "-").split("-", 1)[1]
        rows.append((name, repo, commit, m["version"], roles.get(repo, "dependency")))
    with open(LIST, "w") as f:
        f.write(HEADER)
        for row in sorted(rows):
            f.write("\t".join(row) + "\n")
    print(f"{len(rows)} modules in {LIST}")


def main():
    argv = sys.argv[1:]
    mirrors = MIRRORS
    if "--mirrors" in argv:
        i = argv.index("--mirrors")
        mirrors = argv[i + 1]
        del argv[i : i + 2]
    if argv[:1] == ["modules"]:
        modulepath = argv[argv.index("--modulepath") + 1] if "--modulepath" in argv else MODULEPATH
        extract(read_list(), mirrors, modulepath)
        return
    if argv[:1] == ["list"]:
        relist(mirrors)
        return
    facts = os.path.join(ROOT, "target", "realworld-forge", "facts.yaml")
    os.makedirs(os.path.dirname(facts), exist_ok=True)
    with open(facts, "w") as f:
        f.write(open(os.path.join(HERE, "facts.yaml")).read().rstrip("\n") + "\n" + EXTRA_FACTS)
    defaults = [
        "--facts", facts,
        "--modulepath", MODULEPATH,
        "--expected", os.path.join(HERE, "forge-expected.json.gz"),
        "--results", os.path.join(HERE, "forge-results.tsv"),
        "--workdir", os.path.join(ROOT, "target", "realworld-forge"),
    ]
    # Later options win: the caller's own come after the defaults.
    harness.main(defaults + argv, description=__doc__)


if __name__ == "__main__":
    main()
