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
//! `apt_updates`...) are marked in [`FILES`].

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

/// How far kuppet computes the facts of a module's `lib/facter` file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Support {
    /// Computed natively, as the file's code would.
    Computed,
    /// Computed when the program the file runs is not installed (then the
    /// fact is what Facter gives: absent); not when it is, for the reason given.
    WithoutProgram(&'static str),
    /// Not computed, for the reason given.
    NotComputed(&'static str),
    /// A file of no module kuppet knows: its facts are not computed.
    Unknown,
}

/// The fact files of Debian's Puppet modules kuppet knows, and how far it
/// computes them.
pub const FILES: &[(&str, Support)] = &[
    // stdlib
    ("root_home.rb", Support::Computed),
    ("service_provider.rb", Support::Computed),
    ("package_provider.rb", Support::Computed),
    ("puppet_settings.rb", Support::Computed),
    ("pe_version.rb", Support::Computed),
    // systemd, apt, openstacklib
    ("systemd.rb", Support::Computed),
    ("apt_reboot_required.rb", Support::Computed),
    ("apt_sources.rb", Support::Computed),
    ("apt_update_last_success.rb", Support::Computed),
    (
        "apt_updates.rb",
        Support::NotComputed(
            "apt_has_updates and the other apt_*updates facts simulate `apt-get -s upgrade`",
        ),
    ),
    ("os_service_default.rb", Support::Computed),
    ("os_workers.rb", Support::Computed),
    // firewall, mysql, nova, oci, swift, vswitch
    ("iptables_version.rb", Support::Computed),
    ("ip6tables_version.rb", Support::Computed),
    ("iptables_persistent_version.rb", Support::Computed),
    ("mysql_server_id.rb", Support::Computed),
    ("mysql_version.rb", Support::Computed),
    (
        "mysqld_version.rb",
        Support::WithoutProgram("the whole `mysqld -V` line"),
    ),
    ("libvirt_uuid.rb", Support::Computed),
    ("ipa_hostname.rb", Support::Computed),
    ("oci_etc_hosts_content.rb", Support::Computed),
    ("oci_role.rb", Support::Computed),
    ("ssh_host_key_certs_list.rb", Support::Computed),
    ("swift-commented-fstab-entries.rb", Support::Computed),
    ("swift-device-uuids.rb", Support::Computed),
    ("pci_address.rb", Support::Computed),
    (
        "ovs.rb",
        Support::WithoutProgram("ovs_version: `ovs-vsctl --version` includes the DB schema"),
    ),
    (
        "ovs_uuid.rb",
        Support::WithoutProgram("asks the running Open vSwitch (`ovs-vsctl get`)"),
    ),
    // staging, archive, ipaclient
    ("staging_http_get.rb", Support::Computed),
    ("staging_windir.rb", Support::Computed),
    ("archive_windir.rb", Support::Computed),
    (
        "ipa_facts.rb",
        Support::WithoutProgram(
            "the DNS `_kerberos` TXT lookup when sssd.conf names no IPA server",
        ),
    ),
    ("sssd_facts.rb", Support::Computed),
    // versions of programs, read from the dpkg database
    ("collectd_version.rb", Support::Computed),
    ("python_dir.rb", Support::Computed),
    ("filebeat_version.rb", Support::Computed),
    ("haproxy_version.rb", Support::Computed),
    ("apache_version.rb", Support::Computed),
    ("rabbitmq_version.rb", Support::Computed),
    ("erl_ssl_path.rb", Support::Computed),
    ("redis_server_version.rb", Support::Computed),
    (
        "rabbitmq_nodename.rb",
        Support::WithoutProgram("asks the running RabbitMQ (`rabbitmqctl status`)"),
    ),
    ("ssh_client_version.rb", Support::Computed),
    ("ssh_server_version.rb", Support::Computed),
];

/// How far kuppet computes a fact file's facts.
pub fn support(file: &str) -> Support {
    FILES
        .iter()
        .find(|(f, _)| *f == file)
        .map(|(_, s)| *s)
        .unwrap_or(Support::Unknown)
}

/// The `lib/facter` files and `facts.d` directories of the modules on the
/// modulepath.
#[derive(Debug, Default)]
pub(crate) struct ModuleFacts {
    pub files: BTreeSet<String>,
    pub external_dirs: Vec<PathBuf>,
}

/// Lists what the modules on the modulepath ship: the `lib/facter` files
/// of every module directory (Puppet globs them all), the `facts.d` of the
/// modules the environment uses (the first of each name).
pub(crate) fn scan(modulepath: &[PathBuf]) -> ModuleFacts {
    let mut out = ModuleFacts::default();
    let mut seen = BTreeSet::new();
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
            let name = m.file_name().map(|n| n.to_string_lossy().into_owned());
            if let Some(name) = name
                && seen.insert(name)
                && m.join("facts.d").is_dir()
            {
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

    fn custom_fixture(modules: &[&str]) -> Facts {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/custom");
        let root = dir.join("root");
        let host = Host::new(&root, &crate::host::Live);
        // A modulepath of the given modules only.
        let tmp = tempfile::tempdir().expect("tempdir");
        for m in modules {
            std::os::unix::fs::symlink(dir.join("modules").join(m), tmp.path().join(m))
                .expect("ln");
        }
        let core = serde_json::json!({
            "kernel": "Linux", "osfamily": "Debian", "operatingsystem": "Debian",
            "operatingsystemrelease": "12.5", "operatingsystemmajrelease": "12",
            "processors": {"count": 16}, "macaddress": "00:50:56:aa:bb:01",
            "puppetversion": "7.23.0", "facterversion": "4.3.0"
        });
        let core = core.as_object().cloned().unwrap_or_default();
        gather(&host, &scan(&[tmp.path().to_path_buf()]), &core)
    }

    #[test]
    fn debian_modules_custom_facts() {
        use serde_json::json;
        let all = [
            "stdlib",
            "systemd",
            "apt",
            "openstacklib",
            "firewall",
            "mysql",
            "nova",
            "oci",
            "swift",
            "vswitch",
            "ipaclient",
            "collectd",
            "filebeat",
            "ssh",
            "staging",
        ];
        let f = custom_fixture(&all);
        // stdlib
        assert_eq!(f["root_home"], "/root");
        // PID 1 is systemd and systemctl is there: Debian's default.
        assert_eq!(f["service_provider"], "systemd");
        assert_eq!(f["package_provider"], "apt");
        assert_eq!(f["puppet_vardir"], "/srv/puppet/var");
        assert_eq!(f["puppet_environmentpath"], "/etc/puppet/code/environments");
        assert_eq!(f["puppet_server"], "puppet.example.org");
        assert_eq!(f["is_pe"], false);
        assert!(f.get("pe_version").is_none());
        // systemd
        assert_eq!(f["systemd"], true);
        assert_eq!(f["systemd_version"], "252");
        assert_eq!(
            f["systemd_internal_services"],
            json!({"systemd-helper.service": "indirect", "systemd-networkd.service": "disabled",
                   "systemd-resolved.service": "enabled"})
        );
        // apt (/var/run links to /run in this root)
        assert_eq!(f["apt_reboot_required"], true);
        assert_eq!(
            f["apt_sources"],
            json!(["sources.list", "a.list", "b.list"])
        );
        let stamp = std::fs::metadata(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("testdata/custom/root/var/lib/apt/periodic/update-success-stamp"),
        )
        .and_then(|m| m.modified())
        .expect("mtime");
        let secs = stamp
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_secs())
            .unwrap_or(0);
        assert_eq!(f["apt_update_last_success"], secs);
        assert!(f.get("apt_has_updates").is_none());
        // openstacklib: 16 CPUs; os_service_default is for Facter < 2.0.1.
        assert_eq!(f["os_workers"], 8);
        assert_eq!(f["os_workers_small"], 4);
        assert_eq!(f["os_workers_large"], 8);
        assert_eq!(f["os_workers_heat_engine"], 8);
        assert_eq!(f["os_workers_keystone"], 16);
        assert!(f.get("os_service_default").is_none());
        // firewall: iptables → alternatives → iptables-nft → xtables-nft-multi
        // of the iptables package.
        assert_eq!(f["iptables_version"], "1.8.9");
        assert!(f.get("ip6tables_version").is_none());
        assert_eq!(f["iptables_persistent_version"], "1.0.20");
        // mysql, nova, oci
        // Octets 56, aa, bb, 01, six bits apart (not eight: the module's arithmetic).
        assert_eq!(
            f["mysql_server_id"],
            (0x56 << 18) + (0xaa << 12) + (0xbb << 6) + 1
        );
        assert!(f.get("mysql_version").is_none());
        assert_eq!(f["libvirt_uuid"], "c8a5b0a2-1f3e-4a57-9d1b-2f9f6c1e0a11\n");
        assert_eq!(f["ipa_hostname"], "ipa1.example.org");
        assert_eq!(
            f["oci_etc_hosts_content"],
            "127.0.0.1 localhost\n10.0.0.9 other\n"
        );
        assert_eq!(f["oci_role"], "controller");
        assert_eq!(
            f["oci_ssh_host_key_certs_list"],
            json!([
                "/etc/ssh/ssh_host_ed25519_key-cert.pub",
                "/etc/ssh/ssh_host_rsa_key-cert.pub"
            ])
        );
        // swift: fstab entries by UUID under /srv/node, XFS UUIDs of /dev/[sv]d*.
        assert_eq!(
            f["swift_commented_fstab_entries"],
            json!({"sdb": "active", "sdc": "commented", "sdd": "commented"})
        );
        assert_eq!(
            f["swift_device_uuids"],
            json!({"sdb": "0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0"})
        );
        // vswitch: this machine's /proc/bus/pci/devices
        assert_eq!(
            f["pci_address_driver_virtio-pci"],
            "0000:00:01.0,0000:00:02.0,0000:00:03.0,0000:00:04.0,0000:00:05.0"
        );
        assert!(f.get("ovs_version").is_none());
        // ipaclient
        assert_eq!(f["ipa_domain"], "example.org");
        assert_eq!(f["ipa_server"], "_srv_, ipa1.example.org");
        assert_eq!(f["ipa_enrolled"], true);
        assert_eq!(f["sssd_services"], "nss, pam");
        assert_eq!(f["sssd_version"], "2.8.2");
        // collectd: not installed; python is Debian's python3.11.
        assert!(f.get("collectd_version").is_none());
        assert_eq!(f["python_dir"], "/usr/local/lib/python3.11/dist-packages");
        // filebeat is not installed: false.
        assert_eq!(f["filebeat_version"], false);
        // ssh: sshd of openssh-server 1:9.2p1-2+deb12u3.
        assert_eq!(f["ssh_server_version_full"], "9.2p1");
        assert_eq!(f["ssh_server_version_major"], "9.2");
        assert_eq!(f["ssh_server_version_release"], "9.2");
        assert_eq!(f["ssh_client_version_full"], "9.2p1");
        // staging: curl before wget; staging_windir is for Windows.
        assert_eq!(f["staging_http_get"], "curl");
        assert!(f.get("staging_windir").is_none());
        // A module's facts.d.
        assert_eq!(f["site"], "lab");
    }

    #[test]
    fn custom_facts_need_their_module() {
        // systemd alone: no service_provider fact, so the module's
        // `systemd` fact is false, as when stdlib is not on the modulepath.
        let f = custom_fixture(&["systemd"]);
        assert_eq!(f.get("systemd"), Some(&serde_json::json!(false)));
        assert!(f.get("service_provider").is_none() && f.get("root_home").is_none());
        assert!(custom_fixture(&[]).is_empty());
        // Not a Debian family host: no apt facts.
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/custom");
        let root = dir.join("root");
        let host = Host::new(&root, &crate::host::Live);
        let core = serde_json::json!({"kernel": "Linux", "osfamily": "RedHat"});
        let f = gather(
            &host,
            &scan(&[dir.join("modules")]),
            core.as_object().expect("map"),
        );
        assert!(f.get("apt_sources").is_none() && f.get("iptables_persistent_version").is_none());
        assert_eq!(f["root_home"], "/root");
    }
}
