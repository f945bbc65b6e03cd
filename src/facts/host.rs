//! Where facts are read from: the files of a root directory, and the few
//! things only the running system can answer (uname, gethostname,
//! getifaddrs, statvfs, cpuid, the process's uid), behind [`System`] so
//! tests can give fixed answers.
//!
//! Files under `/etc`, `/usr`, `/var`, `/run`, `/dev`... are read under the
//! root. `/proc` and `/sys` are read under the root too when the root has
//! them (an agent whose host is mounted at `/host` reads the host's procfs
//! and sysfs, mounted there recursively); a root without them (a plain
//! directory given to `--root`) reads the running kernel's.

use std::cell::OnceCell;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The kernel's identification, as `uname` gives it.
#[derive(Debug, Clone, Default)]
pub(crate) struct Uname {
    pub sysname: String,
    pub release: String,
    pub machine: String,
}

/// One address of a network interface, as getifaddrs lists it.
#[derive(Debug, Clone)]
pub(crate) enum IfAddr {
    /// An IPv4 or IPv6 address with its netmask.
    Ip {
        name: String,
        addr: std::net::IpAddr,
        netmask: std::net::IpAddr,
    },
    /// The link-layer (AF_PACKET) entry: the hardware address.
    Link { name: String, hwaddr: Vec<u8> },
    /// An entry without an address.
    Bare { name: String },
}

impl IfAddr {
    pub fn name(&self) -> &str {
        match self {
            IfAddr::Ip { name, .. } | IfAddr::Link { name, .. } | IfAddr::Bare { name } => name,
        }
    }
}

/// A file system's sizes, from statvfs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct FsStat {
    pub total: u64,
    pub free: u64,
    pub available: u64,
}

/// What only the running system answers.
pub(crate) trait System {
    fn uname(&self) -> Uname;
    /// gethostname.
    fn hostname(&self) -> Option<String>;
    /// The canonical name getaddrinfo(AI_CANONNAME) gives for `host`, and
    /// the address it resolved to.
    fn canonical_name(&self, host: &str) -> Option<(String, String)>;
    fn interfaces(&self) -> Vec<IfAddr>;
    fn statvfs(&self, path: &Path) -> Option<FsStat>;
    /// The real uid of this process.
    fn uid(&self) -> u32;
    /// The hypervisor signature of CPUID leaf 0x40000000 (`KVMKVMKVM`).
    fn cpuid_hypervisor(&self) -> Option<String>;
    /// This process's `PATH`.
    fn env_path(&self) -> Option<String>;
    /// The local time zone's abbreviation now (`UTC`, `CET`).
    fn local_timezone(&self) -> Option<String>;
    /// Seconds since the epoch.
    fn now(&self) -> i64;
    /// The user and group of a uid/gid through NSS, for the live root.
    fn user_name(&self, uid: u32) -> Option<(String, u32)>;
    fn group_name(&self, gid: u32) -> Option<String>;
}

/// The standard search path, used for a root that is not this system.
pub(crate) const DEFAULT_PATH: &str =
    "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";

/// A root directory and the system it runs on.
pub(crate) struct Host<'a> {
    pub root: &'a Path,
    pub sys: &'a dyn System,
    proc_dir: PathBuf,
    sys_dir: PathBuf,
    dpkg: OnceCell<BTreeMap<String, Package>>,
}

/// A package of the dpkg database.
#[derive(Debug, Clone)]
pub(crate) struct Package {
    pub installed: bool,
    pub version: String,
}

impl<'a> Host<'a> {
    pub fn new(root: &'a Path, sys: &'a dyn System) -> Host<'a> {
        let pick = |name: &str| {
            let under = root.join(name);
            if root != Path::new("/") && under.is_dir() {
                under
            } else {
                Path::new("/").join(name)
            }
        };
        Host {
            root,
            sys,
            proc_dir: pick("proc"),
            sys_dir: pick("sys"),
            dpkg: OnceCell::new(),
        }
    }

    /// Whether the root is this running system's `/`.
    pub fn is_live(&self) -> bool {
        self.root == Path::new("/")
    }

    /// A path under the root, its symlinks resolved inside the root (an
    /// absolute link under `/host` points into the host, not the agent).
    pub fn path(&self, p: &str) -> PathBuf {
        if self.is_live() {
            return PathBuf::from("/").join(p.trim_start_matches('/'));
        }
        self.root
            .join(resolve_in_root(self.root, p).trim_start_matches('/'))
    }

    /// A path of `/proc` (`proc("net/route")`).
    pub fn proc(&self, p: &str) -> PathBuf {
        self.proc_dir.join(p)
    }

    /// A path of `/sys`.
    pub fn sys(&self, p: &str) -> PathBuf {
        self.sys_dir.join(p)
    }

    /// A file under the root, as text (invalid UTF-8 replaced).
    pub fn read(&self, p: &str) -> Option<String> {
        read_text(&self.path(p))
    }

    pub fn exists(&self, p: &str) -> bool {
        self.path(p).exists()
    }

    /// The search path: this process's for the live root, the standard one
    /// for another root.
    pub fn search_path(&self) -> String {
        if self.is_live() {
            self.sys
                .env_path()
                .unwrap_or_else(|| DEFAULT_PATH.to_string())
        } else {
            DEFAULT_PATH.to_string()
        }
    }

    /// Where `command` is found on the search path under the root (an
    /// executable file), as a path of the root (`/usr/bin/lsb_release`).
    pub fn which(&self, command: &str) -> Option<String> {
        if command.starts_with('/') {
            return is_executable(&self.path(command)).then(|| command.to_string());
        }
        self.search_path()
            .split(':')
            .filter(|d| d.starts_with('/'))
            .map(|d| format!("{}/{command}", d.trim_end_matches('/')))
            .find(|p| is_executable(&self.path(p)))
    }

    /// Whether `p` under the root is an executable file.
    pub fn executable(&self, p: &str) -> bool {
        is_executable(&self.path(p))
    }

    /// The packages of the root's dpkg database (`/var/lib/dpkg/status`).
    pub fn dpkg(&self) -> &BTreeMap<String, Package> {
        self.dpkg.get_or_init(|| {
            self.read("/var/lib/dpkg/status")
                .map(|t| parse_dpkg_status(&t))
                .unwrap_or_default()
        })
    }

    /// The version of an installed package.
    pub fn package_version(&self, name: &str) -> Option<&str> {
        self.dpkg()
            .get(name)
            .filter(|p| p.installed)
            .map(|p| p.version.as_str())
    }
}

/// `p` with every symlink resolved as if `root` were `/` (as chroot
/// would): absolute targets restart at the root, `..` stops there. The
/// last component is resolved too; a missing component ends resolution.
pub(crate) fn resolve_in_root(root: &Path, p: &str) -> String {
    let mut done: Vec<String> = Vec::new();
    let mut todo: Vec<String> = p
        .split('/')
        .filter(|c| !c.is_empty())
        .rev()
        .map(str::to_string)
        .collect();
    let mut hops = 0;
    while let Some(c) = todo.pop() {
        match c.as_str() {
            "." => continue,
            ".." => {
                done.pop();
                continue;
            }
            _ => {}
        }
        done.push(c);
        let here = root.join(done.join("/"));
        let Ok(target) = std::fs::read_link(&here) else {
            continue;
        };
        hops += 1;
        if hops > 40 {
            break;
        }
        done.pop();
        let target = target.to_string_lossy().into_owned();
        if target.starts_with('/') {
            done.clear();
        }
        todo.extend(
            target
                .split('/')
                .filter(|c| !c.is_empty())
                .rev()
                .map(str::to_string),
        );
    }
    format!("/{}", done.join("/"))
}

/// A file as text, invalid UTF-8 replaced.
pub(crate) fn read_text(path: &Path) -> Option<String> {
    std::fs::read(path)
        .ok()
        .map(|b| String::from_utf8_lossy(&b).into_owned())
}

fn is_executable(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(path).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}

/// The paragraphs of dpkg's status file: package → installed?, version.
pub(crate) fn parse_dpkg_status(text: &str) -> BTreeMap<String, Package> {
    let mut out = BTreeMap::new();
    for para in text.split("\n\n") {
        let mut name = None;
        let mut status = "";
        let mut version = "";
        for line in para.lines() {
            if let Some(v) = line.strip_prefix("Package:") {
                name = Some(v.trim());
            } else if let Some(v) = line.strip_prefix("Status:") {
                status = v.trim();
            } else if let Some(v) = line.strip_prefix("Version:") {
                version = v.trim();
            }
        }
        if let Some(name) = name {
            // A package listed for several architectures: an installed one wins.
            let installed = status.ends_with(" installed");
            let keep = out
                .get(name)
                .is_none_or(|p: &Package| !p.installed || installed);
            if keep {
                out.insert(
                    name.to_string(),
                    Package {
                        installed,
                        version: version.to_string(),
                    },
                );
            }
        }
    }
    out
}

/// The upstream part of a Debian version: no epoch, no revision
/// (`1:1.14.0-1` → `1.14.0`).
pub(crate) fn upstream_version(version: &str) -> &str {
    let v = version.split_once(':').map_or(version, |(_, v)| v);
    v.rsplit_once('-').map_or(v, |(u, _)| u)
}

/// The running system.
pub(crate) struct Live;

fn c_chars(f: &[libc::c_char]) -> String {
    let bytes: Vec<u8> = f
        .iter()
        .take_while(|c| **c != 0)
        .map(|c| *c as u8)
        .collect();
    String::from_utf8_lossy(&bytes).into_owned()
}

impl System for Live {
    fn uname(&self) -> Uname {
        // SAFETY: uname fills a zeroed struct.
        let mut u: libc::utsname = unsafe { std::mem::zeroed() };
        if unsafe { libc::uname(&mut u) } != 0 {
            return Uname {
                sysname: "Linux".into(),
                ..Uname::default()
            };
        }
        Uname {
            sysname: c_chars(&u.sysname),
            release: c_chars(&u.release),
            machine: c_chars(&u.machine),
        }
    }

    fn hostname(&self) -> Option<String> {
        let mut buf = [0u8; 256];
        // SAFETY: gethostname writes at most buf.len() bytes.
        if unsafe { libc::gethostname(buf.as_mut_ptr().cast(), buf.len()) } != 0 {
            return None;
        }
        let end = buf.iter().position(|b| *b == 0).unwrap_or(buf.len());
        Some(String::from_utf8_lossy(&buf[..end]).into_owned()).filter(|h| !h.is_empty())
    }

    fn canonical_name(&self, host: &str) -> Option<(String, String)> {
        let c_host = std::ffi::CString::new(host).ok()?;
        // SAFETY: a zeroed addrinfo is a valid hints value.
        let mut hints: libc::addrinfo = unsafe { std::mem::zeroed() };
        hints.ai_family = libc::AF_UNSPEC;
        hints.ai_socktype = libc::SOCK_STREAM;
        hints.ai_flags = libc::AI_CANONNAME;
        let mut res: *mut libc::addrinfo = std::ptr::null_mut();
        // SAFETY: valid C string and hints; res is freed below.
        let rc = unsafe { libc::getaddrinfo(c_host.as_ptr(), std::ptr::null(), &hints, &mut res) };
        if rc != 0 || res.is_null() {
            return None;
        }
        // SAFETY: res is the first node of the list getaddrinfo returned.
        let first = unsafe { &*res };
        let canon = if first.ai_canonname.is_null() {
            None
        } else {
            // SAFETY: ai_canonname is a NUL-terminated string.
            Some(
                unsafe { std::ffi::CStr::from_ptr(first.ai_canonname) }
                    .to_string_lossy()
                    .into_owned(),
            )
        };
        let ip = sockaddr_ip(first.ai_addr).map(|a| a.to_string());
        // SAFETY: freeing the list getaddrinfo gave.
        unsafe { libc::freeaddrinfo(res) };
        Some((canon?, ip.unwrap_or_default()))
    }

    fn interfaces(&self) -> Vec<IfAddr> {
        let mut out = Vec::new();
        let mut addrs: *mut libc::ifaddrs = std::ptr::null_mut();
        // SAFETY: getifaddrs allocates a list we walk read-only and free below.
        if unsafe { libc::getifaddrs(&mut addrs) } != 0 {
            return out;
        }
        let mut cur = addrs;
        while !cur.is_null() {
            // SAFETY: cur is a valid node of the list.
            let ifa = unsafe { &*cur };
            cur = ifa.ifa_next;
            if ifa.ifa_name.is_null() {
                continue;
            }
            // SAFETY: ifa_name is a NUL-terminated string.
            let name = unsafe { std::ffi::CStr::from_ptr(ifa.ifa_name) }
                .to_string_lossy()
                .into_owned();
            if ifa.ifa_addr.is_null() {
                out.push(IfAddr::Bare { name });
                continue;
            }
            // SAFETY: ifa_addr is non-null; its family says what it holds.
            let family = i32::from(unsafe { (*ifa.ifa_addr).sa_family });
            if family == libc::AF_PACKET {
                // SAFETY: an AF_PACKET address is a sockaddr_ll.
                let ll = unsafe { &*(ifa.ifa_addr as *const libc::sockaddr_ll) };
                let len = usize::from(ll.sll_halen).min(ll.sll_addr.len());
                out.push(IfAddr::Link {
                    name,
                    hwaddr: ll.sll_addr[..len].to_vec(),
                });
            } else if let (Some(addr), Some(netmask)) =
                (sockaddr_ip(ifa.ifa_addr), sockaddr_ip(ifa.ifa_netmask))
            {
                out.push(IfAddr::Ip {
                    name,
                    addr,
                    netmask,
                });
            } else {
                out.push(IfAddr::Bare { name });
            }
        }
        // SAFETY: freeing the list getifaddrs gave.
        unsafe { libc::freeifaddrs(addrs) };
        out
    }

    fn statvfs(&self, path: &Path) -> Option<FsStat> {
        use std::os::unix::ffi::OsStrExt;
        let c = std::ffi::CString::new(path.as_os_str().as_bytes()).ok()?;
        // SAFETY: statvfs fills a zeroed struct for a valid C path.
        let mut s: libc::statvfs = unsafe { std::mem::zeroed() };
        if unsafe { libc::statvfs(c.as_ptr(), &mut s) } != 0 {
            return None;
        }
        let frag = s.f_frsize as u64;
        Some(FsStat {
            total: (s.f_blocks as u64).wrapping_mul(frag),
            free: (s.f_bfree as u64).wrapping_mul(frag),
            available: (s.f_bavail as u64).wrapping_mul(frag),
        })
    }

    fn uid(&self) -> u32 {
        // SAFETY: getuid cannot fail.
        unsafe { libc::getuid() }
    }

    fn cpuid_hypervisor(&self) -> Option<String> {
        cpuid_hypervisor()
    }

    fn env_path(&self) -> Option<String> {
        std::env::var("PATH").ok()
    }

    fn local_timezone(&self) -> Option<String> {
        // SAFETY: time and localtime_r on stack values.
        unsafe {
            let t = libc::time(std::ptr::null_mut());
            let mut tm: libc::tm = std::mem::zeroed();
            if libc::localtime_r(&t, &mut tm).is_null() || tm.tm_zone.is_null() {
                return None;
            }
            Some(
                std::ffi::CStr::from_ptr(tm.tm_zone)
                    .to_string_lossy()
                    .into_owned(),
            )
        }
    }

    fn now(&self) -> i64 {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_secs() as i64)
            .unwrap_or(0)
    }

    fn user_name(&self, uid: u32) -> Option<(String, u32)> {
        let mut buf = vec![0 as libc::c_char; 16 * 1024];
        // SAFETY: getpwuid_r writes into pwd and buf, which outlive the call.
        let mut pwd: libc::passwd = unsafe { std::mem::zeroed() };
        let mut result: *mut libc::passwd = std::ptr::null_mut();
        let rc =
            unsafe { libc::getpwuid_r(uid, &mut pwd, buf.as_mut_ptr(), buf.len(), &mut result) };
        if rc != 0 || result.is_null() || pwd.pw_name.is_null() {
            return None;
        }
        // SAFETY: pw_name points into buf, NUL-terminated.
        let name = unsafe { std::ffi::CStr::from_ptr(pwd.pw_name) }
            .to_string_lossy()
            .into_owned();
        Some((name, pwd.pw_gid))
    }

    fn group_name(&self, gid: u32) -> Option<String> {
        let mut buf = vec![0 as libc::c_char; 16 * 1024];
        // SAFETY: getgrgid_r writes into grp and buf, which outlive the call.
        let mut grp: libc::group = unsafe { std::mem::zeroed() };
        let mut result: *mut libc::group = std::ptr::null_mut();
        let rc =
            unsafe { libc::getgrgid_r(gid, &mut grp, buf.as_mut_ptr(), buf.len(), &mut result) };
        if rc != 0 || result.is_null() || grp.gr_name.is_null() {
            return None;
        }
        // SAFETY: gr_name points into buf, NUL-terminated.
        Some(
            unsafe { std::ffi::CStr::from_ptr(grp.gr_name) }
                .to_string_lossy()
                .into_owned(),
        )
    }
}

fn sockaddr_ip(sa: *const libc::sockaddr) -> Option<std::net::IpAddr> {
    if sa.is_null() {
        return None;
    }
    // SAFETY: non-null; the family says which sockaddr this is.
    let family = i32::from(unsafe { (*sa).sa_family });
    if family == libc::AF_INET {
        // SAFETY: an AF_INET address is a sockaddr_in.
        let sin = unsafe { &*(sa as *const libc::sockaddr_in) };
        Some(std::net::Ipv4Addr::from(u32::from_be(sin.sin_addr.s_addr)).into())
    } else if family == libc::AF_INET6 {
        // SAFETY: an AF_INET6 address is a sockaddr_in6.
        let sin6 = unsafe { &*(sa as *const libc::sockaddr_in6) };
        Some(std::net::Ipv6Addr::from(sin6.sin6_addr.s6_addr).into())
    } else {
        None
    }
}

#[cfg(target_arch = "x86_64")]
fn cpuid_hypervisor() -> Option<String> {
    use std::arch::x86_64::__cpuid;
    // Leaf 1, ECX bit 31: running under a hypervisor.
    #[allow(unused_unsafe)]
    // SAFETY: cpuid is available on every x86_64 CPU.
    let leaf1 = unsafe { __cpuid(1) };
    if leaf1.ecx & (1 << 31) == 0 {
        return None;
    }
    #[allow(unused_unsafe)]
    // SAFETY: as above; the hypervisor leaf exists when the bit is set.
    let hv = unsafe { __cpuid(0x4000_0000) };
    let mut bytes = Vec::with_capacity(12);
    for r in [hv.ebx, hv.ecx, hv.edx] {
        bytes.extend_from_slice(&r.to_le_bytes());
    }
    let end = bytes.iter().position(|b| *b == 0).unwrap_or(bytes.len());
    Some(String::from_utf8_lossy(&bytes[..end]).into_owned())
}

#[cfg(not(target_arch = "x86_64"))]
fn cpuid_hypervisor() -> Option<String> {
    None
}

#[cfg(test)]
pub(crate) mod fixed {
    //! A [`System`] with fixed answers, read from a fixture's `system.json`.
    use super::*;
    use serde_json::Value;

    pub struct Fixed {
        pub v: Value,
        pub root: PathBuf,
    }

    impl Fixed {
        /// The answers of `<fixture>/system.json` for `<fixture>/root`.
        pub fn load(fixture: &Path) -> Fixed {
            let text = std::fs::read_to_string(fixture.join("system.json"))
                .unwrap_or_else(|_| "{}".into());
            Fixed {
                v: serde_json::from_str(&text).expect("system.json"),
                root: fixture.join("root"),
            }
        }

        fn s(&self, k: &str) -> Option<String> {
            self.v.get(k).and_then(Value::as_str).map(str::to_string)
        }
    }

    impl System for Fixed {
        fn uname(&self) -> Uname {
            let u = &self.v["uname"];
            let f = |k: &str| u[k].as_str().unwrap_or("").to_string();
            Uname {
                sysname: f("sysname"),
                release: f("release"),
                machine: f("machine"),
            }
        }
        fn hostname(&self) -> Option<String> {
            self.s("hostname")
        }
        fn canonical_name(&self, host: &str) -> Option<(String, String)> {
            let c = self.v.get("canonical")?.get(host)?;
            Some((c[0].as_str()?.to_string(), c[1].as_str()?.to_string()))
        }
        fn interfaces(&self) -> Vec<IfAddr> {
            let mut out = Vec::new();
            for e in self.v["interfaces"].as_array().into_iter().flatten() {
                let name = e[0].as_str().unwrap_or("").to_string();
                match e[1].as_str() {
                    Some("link") => out.push(IfAddr::Link {
                        name,
                        hwaddr: e[2]
                            .as_str()
                            .unwrap_or("")
                            .split(':')
                            .filter_map(|h| u8::from_str_radix(h, 16).ok())
                            .collect(),
                    }),
                    Some("ip") => out.push(IfAddr::Ip {
                        name,
                        addr: e[2].as_str().and_then(|a| a.parse().ok()).expect("addr"),
                        netmask: e[3].as_str().and_then(|a| a.parse().ok()).expect("mask"),
                    }),
                    _ => out.push(IfAddr::Bare { name }),
                }
            }
            out
        }
        fn statvfs(&self, path: &Path) -> Option<FsStat> {
            // The mount point as a path of the root.
            let rel = path.strip_prefix(&self.root).ok()?;
            let key = format!("/{}", rel.to_string_lossy().trim_end_matches('/'));
            let s = self.v.get("statvfs")?.get(&key)?;
            Some(FsStat {
                total: s[0].as_u64()?,
                free: s[1].as_u64()?,
                available: s[2].as_u64()?,
            })
        }
        fn uid(&self) -> u32 {
            self.v["uid"].as_u64().unwrap_or(0) as u32
        }
        fn cpuid_hypervisor(&self) -> Option<String> {
            self.s("cpuid")
        }
        fn env_path(&self) -> Option<String> {
            self.s("path")
        }
        fn local_timezone(&self) -> Option<String> {
            self.s("timezone")
        }
        fn now(&self) -> i64 {
            self.v["now"].as_i64().unwrap_or(1_700_000_000)
        }
        fn user_name(&self, _uid: u32) -> Option<(String, u32)> {
            None
        }
        fn group_name(&self, _gid: u32) -> Option<String> {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dpkg_status_gives_installed_versions() {
        let db = parse_dpkg_status(
            "Package: libaugeas0\nStatus: install ok installed\nVersion: 1.14.0-1\n\n\
             Package: iptables\nStatus: deinstall ok config-files\nVersion: 1.8.9-2\n",
        );
        assert!(db["libaugeas0"].installed);
        assert_eq!(db["libaugeas0"].version, "1.14.0-1");
        assert!(!db["iptables"].installed);
        assert_eq!(upstream_version("1:2.3.4-5+deb12u1"), "2.3.4");
        assert_eq!(upstream_version("252"), "252");
    }

    #[test]
    fn symlinks_resolve_inside_the_root() {
        let dir = tempfile::tempdir().expect("tempdir");
        let r = dir.path();
        std::fs::create_dir_all(r.join("usr/share/zoneinfo/Europe")).expect("mkdir");
        std::fs::create_dir_all(r.join("etc")).expect("mkdir");
        std::fs::create_dir_all(r.join("usr/lib")).expect("mkdir");
        std::os::unix::fs::symlink("/usr/share/zoneinfo/Europe/Paris", r.join("etc/localtime"))
            .expect("ln");
        std::os::unix::fs::symlink("../usr/lib/os-release", r.join("etc/os-release")).expect("ln");
        std::os::unix::fs::symlink("usr/lib", r.join("lib")).expect("ln");
        std::os::unix::fs::symlink("/../../..", r.join("escape")).expect("ln");
        assert_eq!(
            resolve_in_root(r, "/etc/localtime"),
            "/usr/share/zoneinfo/Europe/Paris"
        );
        assert_eq!(resolve_in_root(r, "/etc/os-release"), "/usr/lib/os-release");
        assert_eq!(
            resolve_in_root(r, "/lib/systemd/system"),
            "/usr/lib/systemd/system"
        );
        assert_eq!(resolve_in_root(r, "/escape/etc"), "/etc");
        let host = Host::new(r, &Live);
        assert_eq!(
            host.path("/etc/localtime"),
            r.join("usr/share/zoneinfo/Europe/Paris")
        );
    }

    #[test]
    fn which_finds_executables_under_the_root() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().expect("tempdir");
        let bin = dir.path().join("usr/bin");
        std::fs::create_dir_all(&bin).expect("mkdir");
        std::fs::write(bin.join("tool"), "#!/bin/sh\n").expect("write");
        std::fs::set_permissions(bin.join("tool"), std::fs::Permissions::from_mode(0o755))
            .expect("chmod");
        std::fs::write(bin.join("data"), "").expect("write");
        let host = Host::new(dir.path(), &Live);
        assert_eq!(host.which("tool").as_deref(), Some("/usr/bin/tool"));
        assert_eq!(host.which("data"), None);
        assert_eq!(host.which("missing"), None);
    }
}
