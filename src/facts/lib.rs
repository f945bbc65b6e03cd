//! Facts gathered from a host: the core facts Facter gives (os, kernel,
//! hostname, fqdn, networking, memory, processors), and facts read from files.
//!
//! The operating system is read from the root's files (`/etc/os-release`,
//! `/etc/debian_version`, `/etc/hostname`), so an agent whose host is mounted
//! at `/host` reports the host, not its container; the kernel, memory,
//! processors and network interfaces come from the running system, which a
//! container shares with its host (with host networking). Facter's legacy
//! flat facts (`osfamily`, `ipaddress`, `memorysize_mb`...) are included.
//! Files under the root's `/etc/facter/facts.d` (`key=value` `.txt`, `.json`,
//! `.yaml`) add external facts, as Facter reads them.

use serde_json::{Map, Value, json};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

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

/// Gathers the core facts of the host whose root is `root` (`/` normally).
pub fn gather(root: &Path) -> Map<String, Value> {
    let host = Host { root };
    let mut facts = Map::new();
    let os = host.os();
    let kernel = kernel();
    let (hostname, domain) = host.names();
    let fqdn = if domain.is_empty() {
        hostname.clone()
    } else {
        format!("{hostname}.{domain}")
    };
    let interfaces = interfaces();
    let (ip, mac, primary) = primary_address(&interfaces);
    let memory = memory();
    let processors = processors();

    facts.insert("hostname".into(), json!(hostname));
    facts.insert("domain".into(), json!(domain));
    facts.insert("fqdn".into(), json!(fqdn));
    facts.insert("kernel".into(), json!(kernel.name));
    facts.insert("kernelrelease".into(), json!(kernel.release));
    facts.insert("kernelversion".into(), json!(kernel.version));
    facts.insert("kernelmajversion".into(), json!(kernel.majversion));
    facts.insert("architecture".into(), json!(os.architecture));
    facts.insert("hardwaremodel".into(), json!(kernel.machine));
    facts.insert(
        "os".into(),
        json!({
            "name": os.name,
            "family": os.family,
            "release": os.release,
            "architecture": os.architecture,
            "hardware": kernel.machine,
            "distro": {
                "codename": os.codename,
                "id": os.distro_id,
                "description": os.description,
                "release": os.release,
            },
        }),
    );
    let mut iface_map = Map::new();
    for i in &interfaces {
        let mut m = Map::new();
        if let Some(a) = i.ipv4.first() {
            m.insert("ip".into(), json!(a));
        }
        if let Some(a) = i.ipv6.first() {
            m.insert("ip6".into(), json!(a));
        }
        if let Some(mac) = &i.mac {
            m.insert("mac".into(), json!(mac));
        }
        if let Some(mtu) = i.mtu {
            m.insert("mtu".into(), json!(mtu));
        }
        m.insert(
            "bindings".into(),
            Value::Array(i.ipv4.iter().map(|a| json!({"address": a})).collect()),
        );
        iface_map.insert(i.name.clone(), Value::Object(m));
    }
    facts.insert(
        "networking".into(),
        json!({
            "hostname": hostname,
            "domain": domain,
            "fqdn": fqdn,
            "ip": ip,
            "mac": mac,
            "primary": primary,
            "interfaces": iface_map,
        }),
    );
    facts.insert(
        "memory".into(),
        json!({"system": {
            "total_bytes": memory.total,
            "available_bytes": memory.available,
            "used_bytes": memory.total.saturating_sub(memory.available),
            "total": human_bytes(memory.total),
            "available": human_bytes(memory.available),
        }}),
    );
    facts.insert(
        "processors".into(),
        json!({
            "count": processors.count,
            "physicalcount": processors.physical,
            "models": processors.models,
            "isa": kernel.machine,
        }),
    );
    let virt = virtual_kind(&processors);
    facts.insert("virtual".into(), json!(virt));
    facts.insert("is_virtual".into(), json!(virt != "physical"));
    if let Some(up) = uptime() {
        facts.insert(
            "system_uptime".into(),
            json!({"seconds": up, "hours": up / 3600, "days": up / 86_400,
                   "uptime": format!("{} days", up / 86_400)}),
        );
    }
    facts.insert("timezone".into(), json!(timezone()));
    facts.insert(
        "path".into(),
        json!(std::env::var("PATH").unwrap_or_else(|_| "/usr/sbin:/usr/bin:/sbin:/bin".into())),
    );
    // Legacy flat facts, as Facter 4 still reports them.
    facts.insert("osfamily".into(), json!(os.family));
    facts.insert("operatingsystem".into(), json!(os.name));
    facts.insert("operatingsystemrelease".into(), os.release["full"].clone());
    facts.insert(
        "operatingsystemmajrelease".into(),
        os.release["major"].clone(),
    );
    facts.insert("lsbdistcodename".into(), json!(os.codename));
    facts.insert("lsbdistid".into(), json!(os.distro_id));
    facts.insert("ipaddress".into(), json!(ip));
    facts.insert("macaddress".into(), json!(mac));
    facts.insert("processorcount".into(), json!(processors.count));
    facts.insert(
        "memorysize_mb".into(),
        json!((memory.total as f64 / 1_048_576.0 * 100.0).round() / 100.0),
    );
    for (k, v) in host.external_facts() {
        facts.insert(k, v);
    }
    facts
}

struct Host<'a> {
    root: &'a Path,
}

impl Host<'_> {
    fn path(&self, p: &str) -> PathBuf {
        self.root.join(p.trim_start_matches('/'))
    }

    fn read(&self, p: &str) -> Option<String> {
        std::fs::read_to_string(self.path(p)).ok()
    }

    fn os(&self) -> Os {
        let release = self.read("/etc/os-release").unwrap_or_default();
        let mut kv = BTreeMap::new();
        for line in release.lines() {
            if let Some((k, v)) = line.split_once('=') {
                kv.insert(k.trim().to_string(), v.trim().trim_matches('"').to_string());
            }
        }
        let id = kv.get("ID").cloned().unwrap_or_else(|| "linux".into());
        let name = match id.as_str() {
            "debian" => "Debian".to_string(),
            "ubuntu" => "Ubuntu".to_string(),
            "centos" => "CentOS".to_string(),
            "rhel" => "RedHat".to_string(),
            "fedora" => "Fedora".to_string(),
            "rocky" => "Rocky".to_string(),
            "almalinux" => "AlmaLinux".to_string(),
            "opensuse-leap" | "opensuse" => "OpenSuSE".to_string(),
            "sles" => "SLES".to_string(),
            "alpine" => "Alpine".to_string(),
            "arch" => "Archlinux".to_string(),
            other => {
                let mut c = other.chars();
                c.next()
                    .map(|f| f.to_uppercase().chain(c).collect())
                    .unwrap_or_else(|| "Linux".into())
            }
        };
        let like = kv.get("ID_LIKE").cloned().unwrap_or_default();
        let family = match id.as_str() {
            "debian" | "ubuntu" => "Debian",
            "rhel" | "centos" | "fedora" | "rocky" | "almalinux" => "RedHat",
            "sles" | "opensuse-leap" | "opensuse" => "Suse",
            "arch" => "Archlinux",
            "alpine" => "Alpine",
            _ if like.contains("debian") => "Debian",
            _ if like.contains("rhel") || like.contains("fedora") => "RedHat",
            _ if like.contains("suse") => "Suse",
            _ => "Linux",
        }
        .to_string();
        let full = if family == "Debian" && id == "debian" {
            self.read("/etc/debian_version")
                .map(|s| s.trim().to_string())
                .filter(|s| s.chars().next().is_some_and(|c| c.is_ascii_digit()))
                .or_else(|| kv.get("VERSION_ID").cloned())
        } else {
            kv.get("VERSION_ID").cloned()
        }
        .unwrap_or_default();
        let mut parts = full.split('.');
        let major = parts.next().unwrap_or("").to_string();
        let minor = parts.next().map(str::to_string);
        let mut release = json!({"full": full, "major": major});
        if let Some(minor) = minor {
            release["minor"] = json!(minor);
        }
        Os {
            name,
            family,
            release,
            architecture: debian_arch(&kernel().machine),
            codename: kv.get("VERSION_CODENAME").cloned().unwrap_or_default(),
            distro_id: kv
                .get("NAME")
                .map(|n| n.split_whitespace().next().unwrap_or("").to_string())
                .unwrap_or_default(),
            description: kv.get("PRETTY_NAME").cloned().unwrap_or_default(),
        }
    }

    /// Host name and DNS domain.
    fn names(&self) -> (String, String) {
        let full = if self.root != Path::new("/") {
            self.read("/etc/hostname").map(|s| s.trim().to_string())
        } else {
            None
        }
        .filter(|s| !s.is_empty())
        .unwrap_or_else(kernel_hostname);
        let (host, mut domain) = match full.split_once('.') {
            Some((h, d)) => (h.to_string(), d.to_string()),
            None => (full.clone(), String::new()),
        };
        if domain.is_empty()
            && let Some(resolv) = self.read("/etc/resolv.conf")
        {
            for line in resolv.lines() {
                let mut words = line.split_whitespace();
                match words.next() {
                    Some("domain") => {
                        domain = words.next().unwrap_or("").to_string();
                        break;
                    }
                    Some("search") if domain.is_empty() => {
                        domain = words.next().unwrap_or("").to_string();
                    }
                    _ => {}
                }
            }
        }
        (host, domain)
    }

    /// External facts from `/etc/facter/facts.d` and `/etc/puppetlabs/facter/facts.d`.
    fn external_facts(&self) -> Vec<(String, Value)> {
        let mut out = Vec::new();
        for dir in ["/etc/facter/facts.d", "/etc/puppetlabs/facter/facts.d"] {
            let Ok(entries) = std::fs::read_dir(self.path(dir)) else {
                continue;
            };
            let mut files: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
            files.sort();
            for f in files {
                let Ok(text) = std::fs::read_to_string(&f) else {
                    continue;
                };
                let ext = f.extension().and_then(|e| e.to_str()).unwrap_or("");
                let parsed: Option<Value> = match ext {
                    "json" => serde_json::from_str(&text).ok(),
                    "yaml" | "yml" => serde_yaml::from_str(&text).ok(),
                    "txt" => Some(Value::Object(
                        text.lines()
                            .filter_map(|l| l.split_once('='))
                            .map(|(k, v)| (k.trim().to_string(), json!(v.trim())))
                            .collect(),
                    )),
                    _ => None,
                };
                if let Some(Value::Object(map)) = parsed {
                    out.extend(map);
                }
            }
        }
        out
    }
}

struct Os {
    name: String,
    family: String,
    release: Value,
    architecture: String,
    codename: String,
    distro_id: String,
    description: String,
}

/// Debian's architecture names (`x86_64` → `amd64`), as Facter reports on Debian.
fn debian_arch(machine: &str) -> String {
    match machine {
        "x86_64" => "amd64",
        "aarch64" => "arm64",
        "i686" | "i386" => "i386",
        "armv7l" => "armhf",
        other => other,
    }
    .to_string()
}

struct Kernel {
    name: String,
    release: String,
    version: String,
    majversion: String,
    machine: String,
}

fn kernel() -> Kernel {
    // SAFETY: uname fills a zeroed struct.
    let mut u: libc::utsname = unsafe { std::mem::zeroed() };
    let ok = unsafe { libc::uname(&mut u) } == 0;
    let field = |f: &[libc::c_char]| -> String {
        let bytes: Vec<u8> = f
            .iter()
            .take_while(|c| **c != 0)
            .map(|c| *c as u8)
            .collect();
        String::from_utf8_lossy(&bytes).into_owned()
    };
    let (name, release, machine) = if ok {
        (field(&u.sysname), field(&u.release), field(&u.machine))
    } else {
        ("Linux".into(), String::new(), String::new())
    };
    let version = release.split('-').next().unwrap_or("").to_string();
    let majversion = version.split('.').take(2).collect::<Vec<_>>().join(".");
    Kernel {
        name,
        release,
        version,
        majversion,
        machine,
    }
}

fn kernel_hostname() -> String {
    let mut buf = [0u8; 256];
    // SAFETY: gethostname writes at most buf.len() bytes.
    let ok = unsafe { libc::gethostname(buf.as_mut_ptr().cast(), buf.len()) } == 0;
    if !ok {
        return "localhost".into();
    }
    let end = buf.iter().position(|b| *b == 0).unwrap_or(buf.len());
    String::from_utf8_lossy(&buf[..end]).into_owned()
}

struct Interface {
    name: String,
    ipv4: Vec<String>,
    ipv6: Vec<String>,
    mac: Option<String>,
    mtu: Option<u64>,
}

/// Network interfaces with their addresses (getifaddrs) and /sys details.
fn interfaces() -> Vec<Interface> {
    let mut by_name: BTreeMap<String, Interface> = BTreeMap::new();
    let mut addrs: *mut libc::ifaddrs = std::ptr::null_mut();
    // SAFETY: getifaddrs allocates a list we walk read-only and free below.
    if unsafe { libc::getifaddrs(&mut addrs) } == 0 {
        let mut cur = addrs;
        while !cur.is_null() {
            // SAFETY: cur is a valid node of the list.
            let ifa = unsafe { &*cur };
            // SAFETY: ifa_name is a NUL-terminated string.
            let name = unsafe { std::ffi::CStr::from_ptr(ifa.ifa_name) }
                .to_string_lossy()
                .into_owned();
            let entry = by_name.entry(name.clone()).or_insert_with(|| Interface {
                name,
                ipv4: Vec::new(),
                ipv6: Vec::new(),
                mac: None,
                mtu: None,
            });
            if !ifa.ifa_addr.is_null() {
                // SAFETY: the family tells which sockaddr type this is.
                let family = unsafe { (*ifa.ifa_addr).sa_family } as i32;
                if family == libc::AF_INET {
                    let sa = unsafe { &*(ifa.ifa_addr as *const libc::sockaddr_in) };
                    let ip = std::net::Ipv4Addr::from(u32::from_be(sa.sin_addr.s_addr));
                    entry.ipv4.push(ip.to_string());
                } else if family == libc::AF_INET6 {
                    let sa = unsafe { &*(ifa.ifa_addr as *const libc::sockaddr_in6) };
                    let ip = std::net::Ipv6Addr::from(sa.sin6_addr.s6_addr);
                    entry.ipv6.push(ip.to_string());
                }
            }
            cur = ifa.ifa_next;
        }
        // SAFETY: freeing the list getifaddrs gave.
        unsafe { libc::freeifaddrs(addrs) };
    }
    for iface in by_name.values_mut() {
        let sys = Path::new("/sys/class/net").join(&iface.name);
        iface.mac = std::fs::read_to_string(sys.join("address"))
            .ok()
            .map(|s| s.trim().to_string())
            .filter(|m| m != "00:00:00:00:00:00");
        iface.mtu = std::fs::read_to_string(sys.join("mtu"))
            .ok()
            .and_then(|s| s.trim().parse().ok());
    }
    by_name.into_values().collect()
}

/// The address of the interface of the default route (else the first
/// non-loopback with an IPv4 address): (ip, mac, interface).
fn primary_address(interfaces: &[Interface]) -> (Option<String>, Option<String>, Option<String>) {
    let default_iface = std::fs::read_to_string("/proc/net/route")
        .ok()
        .and_then(|t| {
            t.lines().skip(1).find_map(|l| {
                let f: Vec<&str> = l.split_whitespace().collect();
                (f.len() > 2 && f[1] == "00000000").then(|| f[0].to_string())
            })
        });
    let pick = interfaces
        .iter()
        .find(|i| Some(&i.name) == default_iface.as_ref() && !i.ipv4.is_empty())
        .or_else(|| {
            interfaces
                .iter()
                .find(|i| i.name != "lo" && !i.ipv4.is_empty())
        });
    match pick {
        Some(i) => (i.ipv4.first().cloned(), i.mac.clone(), Some(i.name.clone())),
        None => (None, None, None),
    }
}

struct Memory {
    total: u64,
    available: u64,
}

fn memory() -> Memory {
    let text = std::fs::read_to_string("/proc/meminfo").unwrap_or_default();
    let kb = |key: &str| -> u64 {
        text.lines()
            .find_map(|l| l.strip_prefix(key))
            .and_then(|rest| rest.split_whitespace().next())
            .and_then(|n| n.parse::<u64>().ok())
            .unwrap_or(0)
            * 1024
    };
    Memory {
        total: kb("MemTotal:"),
        available: kb("MemAvailable:"),
    }
}

/// Bytes as Facter prints them (`23.99 GiB`).
fn human_bytes(n: u64) -> String {
    let units = ["bytes", "KiB", "MiB", "GiB", "TiB"];
    let mut v = n as f64;
    let mut u = 0;
    while v >= 1024.0 && u < units.len() - 1 {
        v /= 1024.0;
        u += 1;
    }
    if u == 0 {
        format!("{n} bytes")
    } else {
        format!("{v:.2} {}", units[u])
    }
}

struct Processors {
    count: usize,
    physical: usize,
    models: Vec<String>,
    hypervisor: bool,
}

fn processors() -> Processors {
    let text = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    let mut models = Vec::new();
    let mut physical = std::collections::BTreeSet::new();
    let mut hypervisor = false;
    for line in text.lines() {
        let Some((k, v)) = line.split_once(':') else {
            continue;
        };
        match k.trim() {
            "model name" => models.push(v.trim().to_string()),
            "physical id" => {
                physical.insert(v.trim().to_string());
            }
            "flags" if v.split_whitespace().any(|f| f == "hypervisor") => hypervisor = true,
            _ => {}
        }
    }
    let count = std::thread::available_parallelism()
        .map(|n| n.get())
        .unwrap_or(models.len().max(1))
        .max(models.len());
    Processors {
        count,
        physical: physical.len().max(1),
        models,
        hypervisor,
    }
}

fn virtual_kind(p: &Processors) -> String {
    let vendor = std::fs::read_to_string("/sys/class/dmi/id/sys_vendor").unwrap_or_default();
    let product = std::fs::read_to_string("/sys/class/dmi/id/product_name").unwrap_or_default();
    let both = format!("{vendor} {product}").to_lowercase();
    if both.contains("qemu") || both.contains("kvm") {
        "kvm"
    } else if both.contains("vmware") {
        "vmware"
    } else if both.contains("virtualbox") {
        "virtualbox"
    } else if both.contains("amazon ec2") {
        "kvm"
    } else if both.contains("google") {
        "gce"
    } else if both.contains("microsoft") {
        "hyperv"
    } else if p.hypervisor {
        "virtual"
    } else {
        "physical"
    }
    .to_string()
}

fn uptime() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/uptime").ok()?;
    let secs: f64 = text.split_whitespace().next()?.parse().ok()?;
    Some(secs as u64)
}

fn timezone() -> String {
    // SAFETY: time and localtime_r on stack values.
    unsafe {
        let t = libc::time(std::ptr::null_mut());
        let mut tm: libc::tm = std::mem::zeroed();
        if libc::localtime_r(&t, &mut tm).is_null() || tm.tm_zone.is_null() {
            return "UTC".into();
        }
        std::ffi::CStr::from_ptr(tm.tm_zone)
            .to_string_lossy()
            .into_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn root_with(files: &[(&str, &str)]) -> tempfile::TempDir {
        let dir = tempfile::tempdir().expect("tempdir");
        for (p, text) in files {
            let path = dir.path().join(p.trim_start_matches('/'));
            std::fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
            std::fs::write(path, text).expect("write");
        }
        dir
    }

    #[test]
    fn the_os_comes_from_the_roots_files() {
        let root = root_with(&[
            (
                "/etc/os-release",
                "PRETTY_NAME=\"Debian GNU/Linux 12 (bookworm)\"\nNAME=\"Debian GNU/Linux\"\nVERSION_ID=\"12\"\nVERSION_CODENAME=bookworm\nID=debian\n",
            ),
            ("/etc/debian_version", "12.7\n"),
            ("/etc/hostname", "node7.example.org\n"),
        ]);
        let f = gather(root.path());
        assert_eq!(f["os"]["name"], "Debian");
        assert_eq!(f["os"]["family"], "Debian");
        assert_eq!(
            f["os"]["release"],
            json!({"full": "12.7", "major": "12", "minor": "7"})
        );
        assert_eq!(f["os"]["distro"]["codename"], "bookworm");
        assert_eq!(f["osfamily"], "Debian");
        assert_eq!(f["operatingsystemmajrelease"], "12");
        assert_eq!(f["hostname"], "node7");
        assert_eq!(f["domain"], "example.org");
        assert_eq!(f["fqdn"], "node7.example.org");
        assert_eq!(f["networking"]["fqdn"], "node7.example.org");
    }

    #[test]
    fn other_families_are_recognised() {
        let root = root_with(&[(
            "/etc/os-release",
            "NAME=\"Rocky Linux\"\nID=\"rocky\"\nID_LIKE=\"rhel centos fedora\"\nVERSION_ID=\"9.3\"\n",
        )]);
        let f = gather(root.path());
        assert_eq!(f["os"]["family"], "RedHat");
        assert_eq!(f["os"]["release"]["major"], "9");
    }

    #[test]
    fn running_system_facts_are_there() {
        let f = gather(Path::new("/"));
        assert!(f["processors"]["count"].as_u64().unwrap_or(0) >= 1);
        assert!(f["memory"]["system"]["total_bytes"].as_u64().unwrap_or(0) > 0);
        assert!(!f["kernelrelease"].as_str().unwrap_or("").is_empty());
        assert!(f["networking"]["interfaces"].is_object());
        assert!(f["hostname"].as_str().is_some_and(|h| !h.is_empty()));
    }

    #[test]
    fn external_facts_are_read() {
        let root = root_with(&[
            ("/etc/facter/facts.d/role.txt", "role=web\n"),
            (
                "/etc/facter/facts.d/dc.json",
                "{\"datacenter\": {\"name\": \"ams1\"}}",
            ),
        ]);
        let f = gather(root.path());
        assert_eq!(f["role"], "web");
        assert_eq!(f["datacenter"]["name"], "ams1");
    }

    #[test]
    fn bytes_print_like_facter() {
        assert_eq!(human_bytes(25_769_803_776), "24.00 GiB");
        assert_eq!(human_bytes(512), "512 bytes");
    }

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
