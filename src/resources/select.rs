//! Provider selection as Puppet's: a type's providers each have confines
//! (facts, commands that must exist, PID 1 being systemd) and `defaultfor`
//! facts; the provider of a resource is the one its `provider` parameter
//! names, else the type's default: among the suitable providers those whose
//! `defaultfor` matches the host (all suitable ones when none matches), the
//! most specific (`defaultfor` facts × 100 + depth of the provider's class
//! ancestry), the first of equals.
//!
//! Every fact is read inside the managed root, as the host sees itself:
//! `/etc/os-release` of the root, commands on the root's search path (or in
//! the tool directory when tests give one), and PID 1's name — from this
//! process's `/proc` when the root is the host's own root seen from the agent
//! container (the DaemonSet shares the host's PID namespace), otherwise from
//! the root's own `/proc/1/comm` (a sandbox root has no init unless it says so).

use crate::Machine;

/// What Puppet's confines and `defaultfor` look at.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HostFacts {
    /// Facter's `operatingsystem` (`Debian`, `Ubuntu`).
    pub os: String,
    /// Facter's `osfamily` (`Debian`, `RedHat`).
    pub family: String,
    /// Facter's `operatingsystemmajrelease` (`12`, `22.04`).
    pub major: String,
    /// Whether PID 1 is systemd (`/proc/1/comm` holds `systemd`).
    pub pid1_systemd: bool,
}

/// The directories where Puppet finds a provider's unqualified commands.
const SEARCH_PATH: [&str; 6] = [
    "/usr/local/sbin",
    "/usr/local/bin",
    "/usr/sbin",
    "/usr/bin",
    "/sbin",
    "/bin",
];

impl HostFacts {
    /// Reads the facts of the host under `host`'s root.
    pub fn of(host: &Machine) -> HostFacts {
        let release = host.read_text("/etc/os-release");
        let field = |key: &str| {
            release.lines().find_map(|l| {
                l.strip_prefix(key)
                    .and_then(|v| v.strip_prefix('='))
                    .map(|v| v.trim().trim_matches('"').to_string())
            })
        };
        let id = field("ID").unwrap_or_default();
        let like = field("ID_LIKE").unwrap_or_default();
        let os = match id.as_str() {
            "debian" => "Debian".to_string(),
            "ubuntu" => "Ubuntu".to_string(),
            "devuan" => "Devuan".to_string(),
            "linuxmint" => "LinuxMint".to_string(),
            "rhel" => "RedHat".to_string(),
            "centos" => "CentOS".to_string(),
            "fedora" => "Fedora".to_string(),
            other => capitalize(other),
        };
        let family = if ["debian", "ubuntu", "devuan", "linuxmint"].contains(&id.as_str())
            || like.split(' ').any(|l| l == "debian" || l == "ubuntu")
        {
            "Debian".to_string()
        } else if ["rhel", "centos", "fedora", "rocky", "almalinux"].contains(&id.as_str())
            || like.split(' ').any(|l| l == "rhel" || l == "fedora")
        {
            "RedHat".to_string()
        } else {
            os.clone()
        };
        let version = field("VERSION_ID").unwrap_or_default();
        let major = if os == "Ubuntu" {
            version.clone()
        } else {
            version.split('.').next().unwrap_or("").to_string()
        };
        HostFacts {
            os,
            family,
            major,
            pid1_systemd: pid1_comm(host).contains("systemd"),
        }
    }
}

fn capitalize(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}

/// PID 1's name as the managed host sees it.
fn pid1_comm(host: &Machine) -> String {
    if host.is_host_root() {
        std::fs::read_to_string("/proc/1/comm").unwrap_or_default()
    } else {
        host.read_text("/proc/1/comm")
    }
}

/// Whether a provider's command exists on the host (Puppet's `commands`
/// confine): an absolute path inside the root, a bare name on the search
/// path; in the tool directory when one is set (tests' stand-ins).
pub fn command_exists(host: &Machine, command: &str) -> bool {
    let name = command.rsplit('/').next().unwrap_or(command);
    if let Some(dir) = host.tool_dir() {
        return dir.join(name).is_file();
    }
    if command.starts_with('/') {
        return host.is_executable(command);
    }
    SEARCH_PATH
        .iter()
        .any(|d| host.is_executable(&format!("{d}/{name}")))
}

/// One provider of a type, as Puppet declares it.
#[derive(Debug, Clone, Copy)]
pub struct Candidate {
    pub name: &'static str,
    /// Commands that must exist (`commands :x => "..."`).
    pub commands: &'static [&'static str],
    /// The other confines, on the host's facts.
    pub confine: fn(&HostFacts) -> bool,
    /// How many `defaultfor` facts match this host (0: not a default).
    pub default_for: fn(&HostFacts) -> usize,
    /// How many classes the provider's class has among its ancestors
    /// (Puppet adds it to the specificity).
    pub depth: usize,
}

impl Candidate {
    pub fn suitable(&self, host: &Machine, facts: &HostFacts) -> bool {
        (self.confine)(facts) && self.commands.iter().all(|c| command_exists(host, c))
    }
}

/// Why a resource has no provider to work with.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Unsuitable {
    /// The provider named (or chosen) cannot work here now.
    #[error("Provider {0} is not functional on this host")]
    NotFunctional(&'static str),
    /// No provider of the type can work here.
    #[error("Could not find a suitable provider for {0}")]
    NoProvider(&'static str),
}

/// The type's default provider on this host (Puppet's `defaultprovider`).
pub fn default_provider(
    candidates: &[Candidate],
    host: &Machine,
    facts: &HostFacts,
) -> Option<&'static str> {
    let suitable: Vec<&Candidate> = candidates
        .iter()
        .filter(|c| c.suitable(host, facts))
        .collect();
    let defaults: Vec<&Candidate> = suitable
        .iter()
        .copied()
        .filter(|c| (c.default_for)(facts) > 0)
        .collect();
    let pool = if defaults.is_empty() {
        suitable
    } else {
        defaults
    };
    let specificity = |c: &Candidate| (c.default_for)(facts) * 100 + c.depth;
    let max = pool.iter().map(|c| specificity(c)).max()?;
    pool.into_iter()
        .find(|c| specificity(c) == max)
        .map(|c| c.name)
}

/// Chooses the provider for a resource: the one `requested` names (when it
/// can work here) or the default. Puppet checks a named provider again when
/// the resource's turn comes, and so does the caller.
pub fn choose(
    type_name: &'static str,
    candidates: &[Candidate],
    requested: Option<&str>,
    host: &Machine,
) -> Result<&'static str, Unsuitable> {
    let facts = HostFacts::of(host);
    match requested {
        Some(name) => {
            let c = candidates
                .iter()
                .find(|c| c.name == name)
                .ok_or(Unsuitable::NoProvider(type_name))?;
            if c.suitable(host, &facts) {
                Ok(c.name)
            } else {
                Err(Unsuitable::NotFunctional(c.name))
            }
        }
        None => default_provider(candidates, host, &facts).ok_or(Unsuitable::NoProvider(type_name)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn root(files: &[(&str, &str)]) -> (tempfile::TempDir, Machine) {
        let dir = tempfile::tempdir().expect("tempdir");
        for (path, text) in files {
            let p = dir.path().join(path.trim_start_matches('/'));
            std::fs::create_dir_all(p.parent().expect("parent")).expect("mkdir");
            std::fs::write(&p, text).expect("write");
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o755)).expect("chmod");
        }
        let host = Machine::new(dir.path()).expect("root");
        (dir, host)
    }

    const NONE: fn(&HostFacts) -> usize = |_| 0;
    const YES: fn(&HostFacts) -> bool = |_| true;

    #[test]
    fn facts_come_from_the_root() {
        let (_d, host) = root(&[
            ("/etc/os-release", "ID=debian\nVERSION_ID=\"12\"\n"),
            ("/proc/1/comm", "systemd\n"),
        ]);
        let f = HostFacts::of(&host);
        assert_eq!(
            (f.os.as_str(), f.family.as_str(), f.major.as_str()),
            ("Debian", "Debian", "12")
        );
        assert!(f.pid1_systemd);
        let (_d, host) = root(&[(
            "/etc/os-release",
            "ID=ubuntu\nID_LIKE=debian\nVERSION_ID=\"22.04\"\n",
        )]);
        let f = HostFacts::of(&host);
        assert_eq!(
            (f.os.as_str(), f.family.as_str(), f.major.as_str()),
            ("Ubuntu", "Debian", "22.04")
        );
        assert!(!f.pid1_systemd);
    }

    #[test]
    fn the_default_is_the_most_specific_suitable_provider() {
        let (_d, host) = root(&[("/usr/sbin/tool-b", "#!/bin/sh\n")]);
        let a = Candidate {
            name: "a",
            commands: &["/usr/sbin/tool-a"],
            confine: YES,
            default_for: |_| 1,
            depth: 3,
        };
        let b = Candidate {
            name: "b",
            commands: &["tool-b"],
            confine: YES,
            default_for: NONE,
            depth: 4,
        };
        let c = Candidate {
            name: "c",
            commands: &[],
            confine: YES,
            default_for: NONE,
            depth: 2,
        };
        // a is the default for the host but its command is missing: the
        // deepest suitable provider wins.
        assert_eq!(choose("t", &[a, b, c], None, &host), Ok("b"));
        assert_eq!(
            choose("t", &[a, b, c], Some("a"), &host),
            Err(Unsuitable::NotFunctional("a"))
        );
        assert_eq!(choose("t", &[a, b, c], Some("c"), &host), Ok("c"));
        let d = Candidate {
            name: "d",
            commands: &[],
            confine: YES,
            default_for: |_| 1,
            depth: 1,
        };
        assert_eq!(choose("t", &[a, b, c, d], None, &host), Ok("d"));
        let never = Candidate {
            name: "n",
            commands: &[],
            confine: |_| false,
            default_for: NONE,
            depth: 9,
        };
        assert_eq!(
            choose("t", &[never], None, &host),
            Err(Unsuitable::NoProvider("t"))
        );
        assert_eq!(
            Unsuitable::NotFunctional("systemd").to_string(),
            "Provider systemd is not functional on this host"
        );
    }
}
