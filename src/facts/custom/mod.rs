//! Custom facts of modules: what the `lib/facter/*.rb` files of Debian's
//! Puppet modules define, computed natively, offered only when a module on
//! the modulepath ships that file (Puppet loads every module's
//! `lib/facter` when it gathers facts, as pluginsync would). Modules'
//! `facts.d` external facts are read too.
//!
//! Facter runs programs for some of these facts (`iptables --version`,
//! `sshd -V`, `apt-get -s upgrade`...). kuppet runs no program: when the
//! program is not installed under the root the fact has the value Facter
//! gives then (nothing, `false`, `''`); when it is, a version is read from
//! the dpkg database (the upstream version of the package that owns the
//! program), which is what these programs print on Debian. Facts that need
//! a running service or a simulation (`rabbitmq_nodename`, `ovs_uuid`,
//! `apt_updates`...) are listed in [`NOT_IMPLEMENTED`].

mod others;
mod providers;
mod stdlib;
mod systemd;

use crate::Facts;
use crate::host::{Host, upstream_version};
use serde_json::{Map, Value};
use std::cell::OnceCell;
use std::collections::{BTreeSet, HashMap};
use std::path::PathBuf;

/// Facts of Debian's modules that kuppet does not compute, with why.
pub const NOT_IMPLEMENTED: &[(&str, &str)] = &[
    (
        "apt_updates.rb",
        "apt_has_updates and the other apt_*updates facts simulate `apt-get -s upgrade`",
    ),
    (
        "rabbitmq_nodename.rb",
        "asks the running RabbitMQ (`rabbitmqctl status`)",
    ),
    (
        "ovs_uuid.rb",
        "asks the running Open vSwitch (`ovs-vsctl get`)",
    ),
    (
        "ovs.rb",
        "ovs_version when ovs-vsctl is installed: its output includes the DB schema version",
    ),
    (
        "mysqld_version.rb",
        "mysqld_version when mysqld is installed: the whole `mysqld -V` line",
    ),
    (
        "ipa_facts.rb",
        "the DNS `_kerberos` TXT fallback when sssd.conf names no IPA server",
    ),
];

/// The `lib/facter` files and `facts.d` directories of the modules on the
/// modulepath.
#[derive(Debug, Default)]
pub(crate) struct ModuleFacts {
    pub files: BTreeSet<String>,
    pub external_dirs: Vec<PathBuf>,
}

/// Lists what the modules on the modulepath ship.
pub(crate) fn scan(modulepath: &[PathBuf]) -> ModuleFacts {
    let mut out = ModuleFacts::default();
    for dir in modulepath {
        let Ok(entries) = std::fs::read_dir(dir) else {
            continue;
        };
        let mut modules: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
        modules.sort();
        for m in modules {
            for sub in ["lib/facter", "plugins/facter"] {
                if let Ok(files) = std::fs::read_dir(m.join(sub)) {
                    for f in files.flatten() {
                        let name = f.file_name().to_string_lossy().into_owned();
                        if name.ends_with(".rb") && f.path().is_file() {
                            out.files.insert(name);
                        }
                    }
                }
            }
            if m.join("facts.d").is_dir() {
                out.external_dirs.push(m.join("facts.d"));
            }
        }
    }
    out
}

/// What a custom fact's code can see: the host and the facts so far.
pub(crate) struct Ctx<'a> {
    pub host: &'a Host<'a>,
    pub facts: Map<String, Value>,
    pub files: &'a BTreeSet<String>,
    owners: OnceCell<HashMap<String, String>>,
}

impl<'a> Ctx<'a> {
    pub fn has(&self, file: &str) -> bool {
        self.files.contains(file)
    }

    pub fn str_fact(&self, name: &str) -> Option<&str> {
        self.facts.get(name).and_then(Value::as_str)
    }

    /// Sets a fact (nothing for `None`: the fact is absent).
    pub fn set(&mut self, name: &str, value: Option<Value>) {
        match value {
            Some(Value::Null) | None => {}
            Some(v) => {
                self.facts.insert(name.into(), v);
            }
        }
    }

    /// A path of the root with its symlinks resolved inside the root.
    pub fn resolve(&self, path: &str) -> String {
        crate::host::resolve_in_root(self.host.root, path)
    }

    /// The dpkg package that ships a path of the root.
    pub fn owner(&self, path: &str) -> Option<String> {
        let index = self.owners.get_or_init(|| {
            let mut map = HashMap::new();
            let dir = self.host.path("/var/lib/dpkg/info");
            for e in std::fs::read_dir(dir).into_iter().flatten().flatten() {
                let name = e.file_name().to_string_lossy().into_owned();
                let Some(pkg) = name.strip_suffix(".list") else {
                    continue;
                };
                let pkg = pkg.split(':').next().unwrap_or(pkg).to_string();
                if let Ok(text) = std::fs::read_to_string(e.path()) {
                    for line in text.lines() {
                        map.entry(line.to_string()).or_insert_with(|| pkg.clone());
                    }
                }
            }
            map
        });
        let variants = |p: &str| -> Vec<String> {
            match p.strip_prefix("/usr") {
                Some(rest) => vec![p.to_string(), rest.to_string()],
                None => vec![p.to_string(), format!("/usr{p}")],
            }
        };
        let resolved = self.resolve(path);
        variants(path)
            .into_iter()
            .chain(variants(&resolved))
            .find_map(|p| index.get(&p).cloned())
    }

    /// The upstream version of the installed package that ships a program
    /// of the root: what its `--version` prints on Debian.
    pub fn program_version(&self, path: &str) -> Option<String> {
        let pkg = self.owner(path)?;
        self.host
            .package_version(&pkg)
            .map(|v| upstream_version(v).to_string())
    }
}

/// Computes the custom facts the modules' files define, given the core
/// facts; returns only the custom (and module external) facts.
pub(crate) fn gather(host: &Host, modules: &ModuleFacts, core: &Facts) -> Facts {
    let mut ctx = Ctx {
        host,
        facts: core.clone(),
        files: &modules.files,
        owners: OnceCell::new(),
    };
    stdlib::gather(&mut ctx);
    systemd::gather(&mut ctx);
    others::gather(&mut ctx);
    let mut out = Map::new();
    for (k, v) in &ctx.facts {
        if core.get(k) != Some(v) {
            out.insert(k.clone(), v.clone());
        }
    }
    for (k, v) in crate::external::read_dirs(&modules.external_dirs) {
        out.insert(k, v);
    }
    out
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::host::fixed::Fixed;

    /// Runs `f` with a context on a fixture root of `testdata`, the given
    /// module fact files, and facts.
    pub fn with_ctx<T>(
        fixture: &str,
        files: &[&str],
        facts: serde_json::Value,
        f: impl FnOnce(&mut Ctx) -> T,
    ) -> T {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("testdata")
            .join(fixture);
        let sys = Fixed::load(&dir);
        let root = dir.join("root");
        let host = Host::new(&root, &sys);
        let files: BTreeSet<String> = files.iter().map(|s| s.to_string()).collect();
        let mut ctx = Ctx {
            host: &host,
            facts: facts.as_object().cloned().unwrap_or_default(),
            files: &files,
            owners: OnceCell::new(),
        };
        f(&mut ctx)
    }
}
