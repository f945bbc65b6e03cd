//! Facts gathered from a host, as Facter 4.3 (Debian's, the one Puppet
//! 7.23 uses) gives them with `--show-legacy`, plus what Puppet adds:
//! structured and legacy core facts ([`gather`]), the custom facts of the
//! modules on the modulepath ([`gather_custom`]), Puppet's run facts
//! ([`add_run_facts`]), and facts files ([`read_file`]).
//!
//! Everything is read relative to a root (`/`, or the host mounted at
//! `/host` for the agent): the OS, names, users, packages, keys, leases,
//! time zone and configuration from the root's files; `/proc` and `/sys`
//! from under the root when it has them (the host's, mounted there), else
//! from the running kernel's; interfaces (getifaddrs), uname, statvfs and
//! CPUID from the running system, which the agent shares with its host
//! (host network namespace). kuppet runs no program to gather facts: where
//! Facter runs one (`lsb_release`, `virt-what`, `lspci`, `lscpu`, `blkid`,
//! `augparse`...), the same answer is read from the files that program
//! reads. Each module's doc says where its facts come from and where they
//! can differ from Facter's.

mod custom;
mod dmi;
mod external;
mod host;
mod kernel;
mod memory;
mod networking;
mod os;
mod processors;
mod run;
mod ssh;
mod storage;
mod system;
mod tzif;
mod units;
mod virtualization;

#[cfg(test)]
mod fixture_tests;

pub use custom::{FILES as MODULE_FACT_FILES, Support, support as module_fact_support};
pub use run::{PUPPET_VERSION, RunFacts, add_run_facts};
pub use system::{FACTER_VERSION, RUBY_VERSION};

use host::{Host, Live};
use serde_json::{Map, Value, json};
use std::path::{Path, PathBuf};

/// A set of facts: names to values.
pub(crate) type Facts = Map<String, Value>;

/// Sets a fact when it has a value (Facter leaves out facts without one).
pub(crate) fn put(facts: &mut Facts, name: &str, value: Option<Value>) {
    if let Some(v) = value.filter(|v| !v.is_null()) {
        facts.insert(name.to_string(), v);
    }
}

/// Why a facts file could not be used.
#[derive(Debug, thiserror::Error)]
pub enum FactsError {
    #[error("Could not read facts {path}: {source}")]
    Read {
        path: String,
        source: std::io::Error,
    },
    #[error(
        "Could not parse facts {path}: {message}; give a YAML or JSON map of fact names to values"
    )]
    Parse { path: String, message: String },
    #[error("Facts in {path} must be a map of fact names to values")]
    NotAMap { path: String },
}

/// Reads facts from a YAML or JSON file (a map of fact names to values; an
/// empty file is no facts).
pub fn read_file(path: &Path) -> Result<Map<String, Value>, FactsError> {
    let shown = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|source| FactsError::Read {
        path: shown.clone(),
        source,
    })?;
    // JSON first: it is YAML too, but the JSON parser takes every JSON
    // text (YAML 1.1 refuses some, such as tabs in indentation).
    let value: Value = match serde_json::from_str(&text) {
        Ok(v) => v,
        Err(_) => serde_yaml::from_str(&text).map_err(|e| FactsError::Parse {
            path: shown.clone(),
            message: e.to_string(),
        })?,
    };
    match value {
        Value::Object(map) => Ok(map),
        Value::Null => Ok(Map::new()),
        _ => Err(FactsError::NotAMap { path: shown }),
    }
}

/// The node name a compile uses when none is given: Puppet's default
/// certname, the host's fully qualified name in lower case (`fqdn`, else
/// `networking.fqdn`, else the host name), `localhost` when facts name none.
pub fn node_name(facts: &Map<String, Value>) -> String {
    let flat = |name: &str| facts.get(name).and_then(Value::as_str);
    let nested = |name: &str| {
        facts
            .get("networking")
            .and_then(|n| n.get(name))
            .and_then(Value::as_str)
    };
    flat("fqdn")
        .or_else(|| nested("fqdn"))
        .or_else(|| flat("hostname"))
        .or_else(|| nested("hostname"))
        .filter(|n| !n.is_empty())
        .unwrap_or("localhost")
        .to_lowercase()
}

/// Gathers the core facts of the host whose root is `root` (`/` normally),
/// with the external facts of its `facts.d` directories and
/// `puppetversion`: what Puppet gets from Facter before modules' custom
/// facts.
pub fn gather(root: &Path) -> Map<String, Value> {
    gather_from(&Host::new(root, &Live))
}

/// The core facts, then the custom facts of the modules on `modulepath`
/// (directories of modules, in order) and their `facts.d` facts: what
/// `puppet apply --modulepath` and the agent give a compile.
pub fn gather_with_modules(root: &Path, modulepath: &[PathBuf]) -> Map<String, Value> {
    let mut facts = gather(root);
    let custom = gather_custom(root, modulepath, &facts);
    facts.extend(custom);
    facts
}

/// The custom facts the modules on `modulepath` define (their
/// `lib/facter/*.rb` files, computed natively, and their `facts.d` files),
/// given the core facts of the same root. A fact whose file no module
/// ships is not offered, as under Puppet.
pub fn gather_custom(
    root: &Path,
    modulepath: &[PathBuf],
    core: &Map<String, Value>,
) -> Map<String, Value> {
    let host = Host::new(root, &Live);
    custom::gather(&host, &custom::scan(modulepath), core)
}

/// The custom facts of the given `lib/facter` file names (`root_home.rb`),
/// as if modules shipping them were on the modulepath: for a host that has
/// no modules itself (the agent), given the files of the controller's
/// modulepath ([`module_fact_files`]).
pub fn gather_custom_for(
    root: &Path,
    files: &[String],
    core: &Map<String, Value>,
) -> Map<String, Value> {
    let host = Host::new(root, &Live);
    let modules = custom::ModuleFacts {
        files: files.iter().cloned().collect(),
        external_dirs: Vec::new(),
    };
    custom::gather(&host, &modules, core)
}

/// The `lib/facter` files of the modules on `modulepath`, each with how
/// far kuppet computes its facts.
pub fn module_fact_files(modulepath: &[PathBuf]) -> Vec<(String, Support)> {
    custom::scan(modulepath)
        .files
        .into_iter()
        .map(|f| {
            let s = custom::support(&f);
            (f, s)
        })
        .collect()
}

/// The external facts directories Facter and Puppet read under a root:
/// Debian's Facter reads `/etc/facter/facts.d`, Puppet adds its
/// `pluginfactdest` (`$vardir/facts.d`).
const EXTERNAL_DIRS: [&str; 2] = ["/etc/facter/facts.d", "/var/cache/puppet/facts.d"];

fn gather_from(host: &Host) -> Facts {
    let mut facts = Facts::new();
    let uname = host.sys.uname();
    let os = os::gather(host, &uname.machine, &mut facts);
    kernel::gather(&uname, &mut facts);
    processors::gather(host, os.flavor, &uname.machine, &mut facts);
    memory::gather(host, &mut facts);
    networking::gather(host, &mut facts);
    let table = storage::mount_table(host);
    storage::gather(host, &table, &mut facts);
    let dmi = dmi::read(host);
    dmi::gather(&dmi, &mut facts);
    let virt = virtualization::gather(host, &dmi, &uname.machine, &mut facts);
    let in_docker = virt.container.as_ref().is_some_and(|c| c.vm == "docker");
    system::gather(host, &uname.machine, &table, in_docker, &mut facts);
    ssh::gather(host, &mut facts);
    facts.insert("puppetversion".into(), json!(PUPPET_VERSION));
    let dirs: Vec<PathBuf> = EXTERNAL_DIRS.iter().map(|d| host.path(d)).collect();
    for (k, v) in external::read_dirs(&dirs) {
        facts.insert(k, v);
    }
    facts
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn facts_files_are_json_or_yaml_maps() {
        let dir = tempfile::tempdir().expect("tempdir");
        let json = dir.path().join("f.json");
        std::fs::write(&json, "{\"os\":\t{\"family\": \"Debian\"}}").expect("write");
        assert_eq!(read_file(&json).expect("json")["os"]["family"], "Debian");
        let yaml = dir.path().join("f.yaml");
        std::fs::write(&yaml, "os:\n  family: Debian\n").expect("write");
        assert_eq!(read_file(&yaml).expect("yaml")["os"]["family"], "Debian");
        let empty = dir.path().join("empty.yaml");
        std::fs::write(&empty, "").expect("write");
        assert!(read_file(&empty).expect("empty").is_empty());
        let list = dir.path().join("list.yaml");
        std::fs::write(&list, "- a\n").expect("write");
        assert!(matches!(read_file(&list), Err(FactsError::NotAMap { .. })));
        assert!(matches!(
            read_file(&dir.path().join("missing")),
            Err(FactsError::Read { .. })
        ));
    }

    #[test]
    fn the_node_name_is_the_lowercase_fqdn() {
        let facts = |v: Value| v.as_object().cloned().expect("map");
        assert_eq!(
            node_name(&facts(json!({"fqdn": "Web1.Example.COM"}))),
            "web1.example.com"
        );
        assert_eq!(
            node_name(&facts(
                json!({"networking": {"fqdn": "a.b", "hostname": "a"}})
            )),
            "a.b"
        );
        assert_eq!(node_name(&facts(json!({"hostname": "h"}))), "h");
        assert_eq!(node_name(&facts(json!({}))), "localhost");
    }
}
