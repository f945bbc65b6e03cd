//! The operating system facts: `os` (name, family, release, distro,
//! architecture, hardware) and their legacy names (`operatingsystem`,
//! `osfamily`, `operatingsystemrelease`, `lsbdist*`, `architecture`...).
//!
//! Read from the root's `/etc/os-release`, `/etc/debian_version`,
//! `/etc/redhat-release`, `/etc/devuan_version`, `/etc/alpine-release`, as
//! Facter 4.3 does, following its OS hierarchy (Debian → Ubuntu, RedHat,
//! SLES, ...): the most specific OS's rules win. Facter takes `lsbdist*`
//! (and, on a generic Linux, `os.distro`) from `lsb_release -a`: kuppet runs
//! no program, so when the root has an `lsb_release` on its search path it
//! computes what that command prints (Debian's script reads os-release;
//! Ubuntu's reads `/etc/lsb-release` first), and without one those facts are
//! absent, as under Facter.

use crate::Facts;
use crate::host::Host;
use serde_json::{Map, Value, json};
use std::collections::BTreeMap;

/// Which of Facter's OS fact sets applies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Flavor {
    Debian,
    Ubuntu,
    Devuan,
    Rhel,
    Sles,
    Alpine,
    Linux,
}

/// os-release as Facter's resolver reads it: keys in lower case, every `"`
/// removed, the name shortened (`Red Hat Enterprise Linux` → `RedHat`),
/// `VERSION_ID` without a dot given `.0`.
#[derive(Debug, Default, Clone)]
pub(crate) struct OsRelease {
    pub raw: BTreeMap<String, String>,
}

impl OsRelease {
    pub fn parse(text: &str) -> OsRelease {
        let mut raw = BTreeMap::new();
        for line in text.lines() {
            let line = line.trim().replace('"', "");
            if let Some((k, v)) = line.split_once('=') {
                raw.insert(k.to_lowercase(), v.to_string());
            }
        }
        OsRelease { raw }
    }

    fn get(&self, k: &str) -> Option<&str> {
        self.raw.get(k).map(String::as_str)
    }

    /// The processed `name`.
    pub fn name(&self) -> Option<String> {
        let name = self.get("name")?;
        let lower = name.to_lowercase();
        let words: Vec<&str> = name.split_whitespace().collect();
        let mut n = if ["red", "oracle", "arch", "manjaro"]
            .iter()
            .any(|p| lower.starts_with(p))
        {
            words.iter().take(2).copied().collect::<String>()
        } else if lower.ends_with("mariner") {
            words.last().copied().unwrap_or("").to_string()
        } else {
            words.first().copied().unwrap_or("").to_string()
        };
        if lower.starts_with("arch") || lower.starts_with("manjaro") {
            n = ruby_capitalize(&n);
        }
        if lower.starts_with("virtuozzo") {
            n.push_str("Linux");
        }
        Some(n)
    }

    /// The processed `id` (`opensuse-leap` → `opensuse`).
    pub fn id(&self) -> Option<String> {
        let id = self.get("id")?;
        Some(if id.to_lowercase().contains("opensuse") {
            "opensuse".into()
        } else {
            id.to_string()
        })
    }

    /// The processed `version_id` (`12` → `12.0`).
    pub fn version_id(&self) -> Option<String> {
        let v = self.get("version_id")?;
        Some(if v.contains('.') {
            v.to_string()
        } else {
            format!("{v}.0")
        })
    }
}

/// Ruby's `String#capitalize`: first character upper case, the rest lower.
pub(crate) fn ruby_capitalize(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f
            .to_uppercase()
            .chain(c.flat_map(char::to_lowercase))
            .collect(),
        None => String::new(),
    }
}

/// Facter's OS hierarchy, flattened: each known OS and the set it uses.
fn flavor_of(os: &str) -> Option<Flavor> {
    Some(match os {
        "Debian" | "Elementary" | "Raspbian" => Flavor::Debian,
        "Ubuntu" | "Linuxmint" => Flavor::Ubuntu,
        "Devuan" => Flavor::Devuan,
        "Rhel" | "Fedora" | "Amzn" | "Centos" | "Ol" | "Scientific" | "Meego" | "Oel" | "Ovs" => {
            Flavor::Rhel
        }
        "Sles" | "Opensuse" | "Sled" => Flavor::Sles,
        "Alpine" => Flavor::Alpine,
        "Linux" | "Gentoo" | "Photon" | "Slackware" | "Mageia" | "Openwrt" | "Mariner" => {
            Flavor::Linux
        }
        _ => return None,
    })
}

/// `/etc/redhat-release` as Facter's resolver reads it.
#[derive(Debug, Default)]
struct RedHatRelease {
    description: String,
    codename: Option<String>,
    distributor_id: String,
    name: String,
    version: Option<String>,
}

impl RedHatRelease {
    fn parse(text: &str) -> RedHatRelease {
        let parts: Vec<String> = text
            .split("release")
            .map(|s| s.trim().to_string())
            .collect();
        let first = parts.first().cloned().unwrap_or_default();
        let not_linux = |w: &&str| !w.eq_ignore_ascii_case("linux");
        let codename = text
            .find("release")
            .and_then(|_| {
                let open = text.rfind('(')?;
                let close = text[open..].find(')')? + open;
                Some(text[open + 1..close].to_string())
            })
            .filter(|c| !c.is_empty());
        RedHatRelease {
            description: text.trim().to_string(),
            codename,
            distributor_id: first.split_whitespace().filter(not_linux).collect(),
            name: first.split_whitespace().filter(not_linux).take(2).collect(),
            version: parts
                .get(1)
                .and_then(|p| p.split_whitespace().next())
                .map(str::to_string),
        }
    }

    fn id(&self) -> String {
        // Facter's `casecmp` is truthy for any result: the id is always rhel.
        "rhel".into()
    }
}

/// `lsb_release -a`, as the command under the root would print it.
#[derive(Debug, Default, Clone)]
pub(crate) struct Lsb {
    pub distributor_id: String,
    pub description: String,
    pub release: String,
    pub codename: String,
}

/// Shell-style `KEY=value` assignments (quotes removed).
fn shell_vars(text: &str) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    for line in text.lines() {
        let line = line.trim();
        if line.starts_with('#') {
            continue;
        }
        if let Some((k, v)) = line.split_once('=') {
            let v = v.trim();
            let v = v
                .strip_prefix('"')
                .and_then(|v| v.strip_suffix('"'))
                .or_else(|| v.strip_prefix('\'').and_then(|v| v.strip_suffix('\'')))
                .unwrap_or(v);
            out.insert(k.trim().to_string(), v.to_string());
        }
    }
    out
}

fn lsb_release(host: &Host) -> Option<Lsb> {
    host.which("lsb_release")?;
    let os_release = host
        .read("/etc/os-release")
        .or_else(|| host.read("/usr/lib/os-release"))
        .map(|t| shell_vars(&t))
        .unwrap_or_default();
    let lsb = host
        .read("/etc/lsb-release")
        .map(|t| shell_vars(&t))
        .unwrap_or_default();
    let na = |v: Option<&String>| {
        v.filter(|v| !v.is_empty())
            .cloned()
            .unwrap_or_else(|| "n/a".into())
    };
    // Debian's script: ID capitalised, or NAME when it differs only in case.
    let id = os_release.get("ID").cloned().unwrap_or_default();
    let mut cap_id = id.clone();
    if let Some(first) = cap_id.get(..1) {
        cap_id = first.to_uppercase() + &id[1..];
    }
    if let Some(name) = os_release.get("NAME")
        && name.to_lowercase() == cap_id.to_lowercase()
    {
        cap_id = name.clone();
    }
    let cap_id = (!cap_id.is_empty()).then_some(cap_id);
    Some(Lsb {
        distributor_id: na(lsb.get("DISTRIB_ID").or(cap_id.as_ref())),
        description: na(lsb
            .get("DISTRIB_DESCRIPTION")
            .or(os_release.get("PRETTY_NAME"))),
        release: na(lsb.get("DISTRIB_RELEASE").or(os_release.get("VERSION_ID"))),
        codename: na(lsb
            .get("DISTRIB_CODENAME")
            .or(os_release.get("VERSION_CODENAME"))),
    })
}

/// Facter's `release_hash_from_string`: full, major and (when there is
/// one) minor.
fn release_hash(version: &str) -> Value {
    let parts: Vec<&str> = version.split('.').collect();
    let mut m = Map::new();
    m.insert("full".into(), json!(version));
    m.insert("major".into(), json!(parts[0]));
    if let Some(minor) = parts.get(1) {
        m.insert("minor".into(), json!(minor));
    }
    Value::Object(m)
}

/// Debian's release hash: a minor `04` is shown as `4`.
fn debian_release_hash(version: &str) -> Value {
    let mut v = release_hash(version);
    if let Some(minor) = v.get("minor").and_then(Value::as_str) {
        let m = match minor.strip_prefix('0') {
            Some(rest) if rest.starts_with(|c: char| ('1'..='9').contains(&c)) => rest.to_string(),
            _ => minor.to_string(),
        };
        v["minor"] = json!(m);
    }
    v
}

/// Which of Facter's OS fact sets applied to the host.
pub(crate) struct Os {
    pub flavor: Flavor,
}

/// Gathers `os` and the legacy OS facts into `facts`.
pub(crate) fn gather(host: &Host, machine: &str, facts: &mut Facts) -> Os {
    let osr = host
        .read("/etc/os-release")
        .map(|t| OsRelease::parse(&t))
        .unwrap_or_default();
    let redhat = host
        .read("/etc/redhat-release")
        .map(|t| RedHatRelease::parse(&t));
    let suse_id = host
        .read("/etc/SuSE-release")
        .and_then(|t| t.split_whitespace().next().map(str::to_lowercase));

    // The OS identifier and its place in Facter's hierarchy.
    let identifier = if host.path("/etc/devuan_version").is_file() {
        Some("devuan".to_string())
    } else {
        osr.id()
            .or_else(|| redhat.as_ref().map(RedHatRelease::id))
            .or(suse_id)
            .map(|s| s.to_lowercase())
    };
    let flavor = identifier
        .as_deref()
        .and_then(|i| flavor_of(&ruby_capitalize(i)))
        .or_else(|| {
            osr.get("id_like")?
                .split_whitespace()
                .find_map(|f| flavor_of(&ruby_capitalize(f)))
        })
        .unwrap_or(Flavor::Linux);

    let lsb = lsb_release(host);
    let debian_version = host
        .read("/etc/debian_version")
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty());

    // os.name
    let name = match flavor {
        Flavor::Rhel => osr
            .name()
            .or_else(|| redhat.as_ref().map(|r| r.name.clone())),
        _ => osr.name(),
    };
    // os.family
    let family = match flavor {
        Flavor::Rhel => Some("RedHat".to_string()),
        Flavor::Sles => Some("Suse".to_string()),
        _ => osr
            .get("id_like")
            .map(str::to_string)
            .or_else(|| osr.get("id").map(str::to_string))
            .map(|id| ruby_capitalize(&discover_family(&id))),
    };
    // os.release
    let release = match flavor {
        Flavor::Debian => debian_version.as_deref().map(debian_release_hash),
        Flavor::Ubuntu | Flavor::Linux => osr.version_id().map(|v| json!({"full": v, "major": v})),
        Flavor::Devuan => host
            .read("/etc/devuan_version")
            .map(|s| s.trim().to_string())
            .or_else(|| osr.version_id())
            .map(|v| release_hash(&v)),
        Flavor::Rhel => redhat
            .as_ref()
            .and_then(|r| r.version.clone())
            .or_else(|| osr.version_id())
            .map(|v| release_hash(&v)),
        Flavor::Sles => osr.version_id().map(|v| {
            let parts: Vec<&str> = v.split('.').collect();
            json!({"full": v, "major": parts[0], "minor": parts[parts.len() - 1]})
        }),
        Flavor::Alpine => host
            .read("/etc/alpine-release")
            .map(|s| s.trim().to_string())
            .or_else(|| osr.version_id())
            .map(|v| release_hash(&v)),
    };

    // os.distro
    let mut distro = Map::new();
    let mut put = |k: &str, v: Option<Value>| {
        if let Some(v) = v {
            distro.insert(k.into(), v);
        }
    };
    match flavor {
        Flavor::Debian | Flavor::Ubuntu | Flavor::Devuan => {
            let codename = osr.get("version_codename").map(str::to_string).or_else(|| {
                let version = osr.get("version")?;
                codename_from_version(version)
            });
            put("codename", codename.map(Value::from));
            put("description", osr.get("pretty_name").map(Value::from));
            put("id", osr.get("id").map(|i| json!(ruby_capitalize(i))));
            let distro_release = match flavor {
                Flavor::Debian => debian_version.as_deref().map(debian_release_hash),
                Flavor::Ubuntu => osr.version_id().map(|v| json!({"full": v, "major": v})),
                _ => release.clone(),
            };
            put("release", distro_release);
        }
        Flavor::Rhel => {
            if let Some(r) = &redhat {
                put("codename", r.codename.clone().map(Value::from));
                put("description", Some(json!(r.description)));
                put("id", Some(json!(r.distributor_id)));
            }
            put("release", release.clone());
        }
        Flavor::Sles => {
            let codename = osr
                .get("version_codename")
                .filter(|c| !c.is_empty())
                .unwrap_or("n/a");
            put("codename", Some(json!(codename)));
            put("description", osr.get("pretty_name").map(Value::from));
            if let Some(v) = osr.version_id() {
                put(
                    "id",
                    Some(json!(if v.starts_with("12") {
                        "SUSE LINUX"
                    } else {
                        "SUSE"
                    })),
                );
                let parts: Vec<&str> = v.split('.').collect();
                put(
                    "release",
                    Some(json!({"full": v, "major": parts[0], "minor": parts[parts.len() - 1]})),
                );
            }
        }
        Flavor::Alpine | Flavor::Linux => {
            if let Some(l) = &lsb {
                put("codename", Some(json!(l.codename)));
                put("description", Some(json!(l.description)));
                put("id", Some(json!(l.distributor_id)));
                let parts: Vec<&str> = l.release.split('.').collect();
                let mut r = Map::new();
                r.insert("full".into(), json!(l.release));
                r.insert("major".into(), json!(parts[0]));
                if let Some(m) = parts.get(1) {
                    r.insert("minor".into(), json!(m));
                }
                put("release", Some(Value::Object(r)));
            }
        }
    }

    let architecture = match flavor {
        Flavor::Debian | Flavor::Ubuntu | Flavor::Devuan if machine == "x86_64" => "amd64".into(),
        _ if is_i386(machine) => "i386".to_string(),
        _ => machine.to_string(),
    };

    let mut os = Map::new();
    os.insert("architecture".into(), json!(architecture));
    if !distro.is_empty() {
        os.insert("distro".into(), Value::Object(distro.clone()));
    }
    if let Some(f) = &family {
        os.insert("family".into(), json!(f));
    }
    os.insert("hardware".into(), json!(machine));
    if let Some(n) = &name {
        os.insert("name".into(), json!(n));
    }
    if let Some(r) = &release {
        os.insert("release".into(), r.clone());
    }
    facts.insert("os".into(), Value::Object(os));

    // Legacy names.
    crate::put(facts, "architecture", Some(json!(architecture)));
    crate::put(facts, "hardwaremodel", Some(json!(machine)));
    crate::put(facts, "operatingsystem", name.clone().map(Value::from));
    crate::put(facts, "osfamily", family.clone().map(Value::from));
    if let Some(r) = &release {
        crate::put(facts, "operatingsystemrelease", r.get("full").cloned());
        crate::put(facts, "operatingsystemmajrelease", r.get("major").cloned());
    }
    if let Some(l) = &lsb {
        crate::put(facts, "lsbdistcodename", Some(json!(l.codename)));
        crate::put(facts, "lsbdistid", Some(json!(l.distributor_id)));
        crate::put(facts, "lsbdistdescription", Some(json!(l.description)));
    }
    // lsbdistrelease and its parts.
    let lsb_parts = |full: &str| -> Vec<String> { full.split('.').map(str::to_string).collect() };
    let (rel, maj, min) = match flavor {
        Flavor::Debian | Flavor::Rhel | Flavor::Sles => match distro.get("release") {
            Some(r) => (
                r.get("full").cloned(),
                r.get("major").cloned(),
                r.get("minor").cloned().filter(|m| !m.is_null()),
            ),
            None => (None, None, None),
        },
        Flavor::Ubuntu => match &lsb {
            Some(l) => {
                let p = lsb_parts(&l.release);
                (
                    Some(json!(l.release)),
                    Some(json!(format!(
                        "{}.{}",
                        p[0],
                        p.get(1).map(String::as_str).unwrap_or("")
                    ))),
                    p.get(2).map(|m| json!(m)),
                )
            }
            None => (None, None, None),
        },
        Flavor::Devuan | Flavor::Alpine | Flavor::Linux => match &lsb {
            Some(l) => {
                let p = lsb_parts(&l.release);
                (
                    Some(json!(l.release)),
                    Some(json!(p[0])),
                    p.get(1).map(|m| json!(m)),
                )
            }
            None => (None, None, None),
        },
    };
    crate::put(facts, "lsbdistrelease", rel);
    crate::put(facts, "lsbmajdistrelease", maj);
    crate::put(facts, "lsbminordistrelease", min);

    Os { flavor }
}

/// Facter's `/i[3456]86|pentium/`.
fn is_i386(machine: &str) -> bool {
    machine.contains("pentium")
        || machine
            .as_bytes()
            .windows(4)
            .any(|w| w[0] == b'i' && (b'3'..=b'6').contains(&w[1]) && &w[2..] == b"86")
}

/// The codename in os-release's `VERSION` (`12 (bookworm)` → `bookworm`).
fn codename_from_version(version: &str) -> Option<String> {
    // `/\(.*\)$/`: from the first `(` to a `)` that ends the text.
    if version.ends_with(')')
        && let Some(open) = version.find('(')
    {
        let c = version[open..].replace(['(', ')'], "");
        if !c.is_empty() {
            return Some(c);
        }
    }
    // Else `/[A-Za-z]+\s[A-Za-z]+/`'s first word (`Bullseye Beta` → `bullseye`).
    let b = version.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i].is_ascii_alphabetic() {
            let start = i;
            while i < b.len() && b[i].is_ascii_alphabetic() {
                i += 1;
            }
            if i + 1 < b.len() && b[i].is_ascii_whitespace() && b[i + 1].is_ascii_alphabetic() {
                return Some(version[start..i].to_lowercase());
            }
        } else {
            i += 1;
        }
    }
    None
}

/// Facter's family of an os-release id or id_like.
fn discover_family(id: &str) -> String {
    let families: [(&str, &[&str]); 6] = [
        (
            "RedHat",
            &[
                "redhat",
                "rhel",
                "fedora",
                "centos",
                "scientific",
                "ascendos",
                "cloudlinux",
                "psbm",
                "oraclelinux",
                "ovs",
                "oel",
                "amazon",
                "xenserver",
                "xcp-ng",
                "virtuozzo",
                "photon",
                "mariner",
            ],
        ),
        (
            "Debian",
            &["debian", "ubuntu", "huaweios", "linuxmint", "devuan", "kde"],
        ),
        ("Suse", &["sles", "sled", "suse"]),
        ("Gentoo", &["gentoo"]),
        ("Archlinux", &["arch", "manjaro"]),
        ("Mandrake", &["mandrake", "mandriva", "mageia"]),
    ];
    let lower = id.to_lowercase();
    for (family, members) in families {
        if members.iter().any(|m| lower.contains(m)) {
            return family.to_string();
        }
    }
    id.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn os_release_names_are_shortened_as_facter_does() {
        let name = |n: &str| OsRelease::parse(&format!("NAME=\"{n}\"\n")).name();
        assert_eq!(name("Debian GNU/Linux").as_deref(), Some("Debian"));
        assert_eq!(name("Red Hat Enterprise Linux").as_deref(), Some("RedHat"));
        assert_eq!(name("Arch Linux").as_deref(), Some("Archlinux"));
        assert_eq!(name("Oracle Linux Server").as_deref(), Some("OracleLinux"));
        assert_eq!(name("CBL-Mariner").as_deref(), Some("CBL-Mariner"));
        assert_eq!(name("Virtuozzo").as_deref(), Some("VirtuozzoLinux"));
        let v = OsRelease::parse("VERSION_ID=\"12\"\nID=opensuse-leap\n");
        assert_eq!(v.version_id().as_deref(), Some("12.0"));
        assert_eq!(v.id().as_deref(), Some("opensuse"));
    }

    #[test]
    fn families_and_codenames() {
        assert_eq!(discover_family("rhel centos fedora"), "RedHat");
        assert_eq!(discover_family("debian"), "Debian");
        assert_eq!(discover_family("alpine"), "alpine");
        assert_eq!(ruby_capitalize("RedHat"), "Redhat");
        assert_eq!(
            codename_from_version("12 (bookworm)").as_deref(),
            Some("bookworm")
        );
        assert_eq!(
            codename_from_version("11 Bullseye Beta").as_deref(),
            Some("bullseye")
        );
        assert!(is_i386("i686") && is_i386("i386") && !is_i386("x86_64"));
    }

    #[test]
    fn redhat_release_is_split_like_facter() {
        let r = RedHatRelease::parse("Rocky Linux release 9.3 (Blue Onyx)\n");
        assert_eq!(r.name, "Rocky");
        assert_eq!(r.distributor_id, "Rocky");
        assert_eq!(r.version.as_deref(), Some("9.3"));
        assert_eq!(r.codename.as_deref(), Some("Blue Onyx"));
        let r = RedHatRelease::parse("Red Hat Enterprise Linux release 8.9 (Ootpa)");
        assert_eq!(r.distributor_id, "RedHatEnterprise");
        assert_eq!(r.name, "RedHat");
    }

    #[test]
    fn debian_minor_versions_drop_a_leading_zero() {
        assert_eq!(
            debian_release_hash("12.04"),
            json!({"full": "12.04", "major": "12", "minor": "4"})
        );
        assert_eq!(
            debian_release_hash("13"),
            json!({"full": "13", "major": "13"})
        );
        assert_eq!(
            debian_release_hash("trixie/sid"),
            json!({"full": "trixie/sid", "major": "trixie/sid"})
        );
    }
}
