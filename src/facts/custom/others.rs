//! The other custom facts of Debian's modules: apt, openstacklib's
//! `os_workers*`, firewall's `ip(6)tables*_version`, mysql, nova, oci,
//! swift, vswitch, staging, ipaclient, collectd, filebeat, haproxy, apache,
//! rabbitmq, redis and ssh's version facts.

use super::Ctx;
use crate::host::read_text;
use serde_json::{Map, Value, json};

/// `[[procs / n, lo].max, hi].min` for openstacklib's worker counts.
fn workers(count: i64) -> [(&'static str, i64); 5] {
    [
        ("os_workers_small", (count / 4).clamp(2, 8)),
        ("os_workers", (count / 2).clamp(2, 12)),
        ("os_workers_large", (count / 2).max(1)),
        ("os_workers_heat_engine", (count / 2).clamp(4, 24)),
        ("os_workers_keystone", count.clamp(4, 24)),
    ]
}

/// mysql's server id from the MAC address: its last four octets, six bits
/// apart (`(total << 6) + octet`).
fn mysql_server_id(mac: &str) -> Option<i64> {
    let octets: Vec<&str> = mac.split(':').collect();
    let rest = octets.get(2..)?;
    Some(rest.iter().fold(0i64, |total, o| {
        (total << 6) + i64::from_str_radix(o, 16).unwrap_or(0)
    }))
}

/// swift's fstab entries for `/srv/node/*` mounted by UUID.
fn swift_fstab(text: &str) -> Map<String, Value> {
    let mut out = Map::new();
    for line in text.lines() {
        let hashes = line.len() - line.trim_start_matches('#').len();
        if !line[hashes..].starts_with("UUID=") {
            continue;
        }
        let Some(mountpoint) = line.split_whitespace().nth(1) else {
            continue;
        };
        if let Some(drive) = mountpoint.strip_prefix("/srv/node/") {
            let state = if line.starts_with('#') {
                "commented"
            } else {
                "active"
            };
            out.insert(drive.replace("/srv/node/", ""), json!(state));
        }
    }
    out
}

/// vswitch's `/proc/bus/pci/devices`: driver → PCI addresses.
fn pci_drivers(text: &str) -> Vec<(String, Vec<String>)> {
    let mut out: Vec<(String, Vec<String>)> = Vec::new();
    for line in text.lines() {
        let f: Vec<&str> = line.split_whitespace().collect();
        if f.len() != 18 || f[0].len() < 4 {
            continue;
        }
        let embed = f[0].as_bytes();
        let hex = |b: u8| (b as char).to_digit(16).unwrap_or(0);
        let bus = &f[0][..2];
        let dev = (hex(embed[2]) << 1) + (hex(embed[3]) >> 3);
        let fun = hex(embed[3]) & 7;
        let pci = format!("0000:{bus}:{dev:02X}.{fun:X}");
        let driver = f[17].to_string();
        match out.iter_mut().find(|(d, _)| *d == driver) {
            Some((_, list)) => list.push(pci),
            None => out.push((driver, vec![pci])),
        }
    }
    out
}

/// The XFS UUID of a block device (what `blkid` prints for an XFS one).
fn xfs_uuid(ctx: &Ctx, dev: &str) -> Option<String> {
    use std::io::Read;
    let mut f = std::fs::File::open(ctx.host.path(dev)).ok()?;
    let mut sb = [0u8; 48];
    f.read_exact(&mut sb).ok()?;
    if &sb[..4] != b"XFSB" {
        return None;
    }
    let u = &sb[32..48];
    let h = |r: std::ops::Range<usize>| u[r].iter().map(|b| format!("{b:02x}")).collect::<String>();
    Some(format!(
        "{}-{}-{}-{}-{}",
        h(0..4),
        h(4..6),
        h(6..8),
        h(8..10),
        h(10..16)
    ))
}

fn swift_device_uuids(ctx: &Ctx) -> Map<String, Value> {
    let dir = if ctx.host.path("/dev/disk/oci-sort").is_dir() {
        "/dev/disk/oci-sort/"
    } else {
        "/dev/"
    };
    let mut names: Vec<String> = std::fs::read_dir(ctx.host.path(dir))
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with("vd") || n.starts_with("sd"))
        .collect();
    names.sort();
    let mut out = Map::new();
    for name in names {
        let real = ctx.resolve(&format!("{dir}{name}"));
        if let Some(uuid) = xfs_uuid(ctx, &real) {
            out.insert(name, json!(uuid));
        }
    }
    out
}

/// A value of `sssd.conf`'s `[sssd]` section, as augeas's sssd lens reads it.
fn sssd_value(text: &str, key: &str) -> Option<String> {
    let mut in_sssd = false;
    for line in text.lines() {
        let line = line.trim();
        if let Some(s) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            in_sssd = s.trim() == "sssd";
            continue;
        }
        if in_sssd
            && let Some((k, v)) = line.split_once('=')
            && k.trim() == key
        {
            return Some(v.trim().to_string());
        }
    }
    None
}

/// The first `\d+\.\d+\.\d+` of a text.
fn three(v: &str) -> Option<String> {
    let b = v.as_bytes();
    (0..b.len()).find_map(|s| {
        if !b[s].is_ascii_digit() || (s > 0 && b[s - 1].is_ascii_digit()) {
            return None;
        }
        let mut i = s;
        for part in 0..3 {
            let start = i;
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
            if i == start {
                return None;
            }
            if part < 2 {
                if b.get(i) != Some(&b'.') {
                    return None;
                }
                i += 1;
            }
        }
        Some(v[s..i].to_string())
    })
}

pub(crate) fn gather(ctx: &mut Ctx) {
    let debian = ctx.str_fact("osfamily") == Some("Debian");
    let linux = ctx.str_fact("kernel") == Some("Linux");

    // apt
    if debian && ctx.has("apt_reboot_required.rb") {
        let v = ctx.host.path("/var/run/reboot-required").is_file();
        ctx.set("apt_reboot_required", Some(json!(v)));
    }
    if debian && ctx.has("apt_sources.rb") {
        let mut lists: Vec<String> = std::fs::read_dir(ctx.host.path("/etc/apt/sources.list.d"))
            .into_iter()
            .flatten()
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".list") && !n.starts_with('.'))
            .collect();
        lists.sort();
        let mut sources = vec!["sources.list".to_string()];
        sources.extend(lists);
        ctx.set("apt_sources", Some(json!(sources)));
    }
    if debian && ctx.has("apt_update_last_success.rb") {
        let stamp = std::fs::metadata(ctx.host.path("/var/lib/apt/periodic/update-success-stamp"));
        let v = match stamp.and_then(|m| m.modified()) {
            Ok(t) => t
                .duration_since(std::time::UNIX_EPOCH)
                .map(|d| d.as_secs() as i64)
                .unwrap_or(0),
            Err(_) => -1,
        };
        ctx.set("apt_update_last_success", Some(json!(v)));
    }

    // openstacklib (os_service_default.rb defines nothing under Facter 4:
    // it is for Facter before 2.0.1).
    if ctx.has("os_workers.rb") {
        let count = ctx
            .facts
            .get("processors")
            .and_then(|p| p.get("count"))
            .and_then(Value::as_i64)
            .unwrap_or(1);
        for (name, n) in workers(count) {
            ctx.set(name, Some(json!(n)));
        }
    }

    // firewall
    if linux && ctx.has("iptables_version.rb") {
        let v = ctx
            .host
            .which("iptables")
            .and_then(|p| ctx.program_version(&p))
            .and_then(|v| three(&v));
        ctx.set("iptables_version", v.map(Value::from));
    }
    if linux && ctx.has("ip6tables_version.rb") {
        let v = ctx
            .host
            .which("ip6tables")
            .and_then(|p| ctx.program_version(&p))
            .and_then(|v| three(&v));
        ctx.set("ip6tables_version", v.map(Value::from));
    }
    if ctx.has("iptables_persistent_version.rb")
        && matches!(ctx.str_fact("operatingsystem"), Some("Debian" | "Ubuntu"))
    {
        // `dpkg-query -Wf '${Version}'` of netfilter-persistent (Debian 8+,
        // Ubuntu 14.10+) or iptables-persistent: the full Debian version.
        let release = ctx.str_fact("operatingsystemrelease").unwrap_or("");
        let major: f64 = release
            .split('.')
            .take(2)
            .collect::<Vec<_>>()
            .join(".")
            .parse()
            .unwrap_or(0.0);
        let new = match ctx.str_fact("operatingsystem") {
            Some("Debian") => major >= 8.0 || !release.starts_with(|c: char| c.is_ascii_digit()),
            _ => major >= 14.1,
        };
        let pkg = if new {
            "netfilter-persistent"
        } else {
            "iptables-persistent"
        };
        let v = ctx
            .host
            .dpkg()
            .get(pkg)
            .map(|p| p.version.clone())
            .filter(|v| {
                let b = v.as_bytes();
                b.windows(3)
                    .any(|w| w[0].is_ascii_digit() && w[1] == b'.' && w[2].is_ascii_digit())
            });
        ctx.set("iptables_persistent_version", v.map(Value::from));
    }

    // mysql
    if ctx.has("mysql_server_id.rb") {
        let v = ctx.str_fact("macaddress").and_then(mysql_server_id);
        ctx.set("mysql_server_id", v.map(Value::from));
    }
    if ctx.has("mysql_version.rb") {
        let v = ctx
            .host
            .which("mysql")
            .and_then(|p| ctx.program_version(&p))
            .and_then(|v| three(&v));
        ctx.set("mysql_version", v.map(Value::from));
    }

    // nova
    if ctx.has("libvirt_uuid.rb") {
        let p = ctx.host.path("/etc/libvirt/libvirt_uuid");
        let v = if p.is_file() { read_text(&p) } else { None };
        ctx.set("libvirt_uuid", v.map(Value::from));
    }
    if linux && ctx.has("ipa_hostname.rb") {
        let v = ctx.host.read("/etc/ipa/default.conf").map(|t| {
            t.lines()
                .filter(|l| l.contains("xmlrpc_uri"))
                .map(|l| l.split('/').nth(2).unwrap_or(l).to_string())
                .collect::<Vec<_>>()
                .join("\n")
        });
        ctx.set("ipa_hostname", v.filter(|s| !s.is_empty()).map(Value::from));
    }

    // oci
    if ctx.has("oci_etc_hosts_content.rb")
        && let Some(hosts) = ctx.host.read("/etc/hosts")
    {
        let mut out = String::new();
        let mut printing = true;
        for line in hosts.split_inclusive('\n') {
            if line.contains("OCISTA_MAINTAINED") {
                printing = false;
            }
            if printing {
                out.push_str(line);
            }
            if line.contains("OCIFIN_MAINTAINED") {
                printing = true;
            }
        }
        ctx.set("oci_etc_hosts_content", Some(json!(out)));
    }
    if ctx.has("oci_role.rb") {
        let role = ctx
            .host
            .read("/etc/oci/my-role")
            .unwrap_or_else(|| "default".into());
        let role = role
            .strip_suffix('\n')
            .map(|r| r.strip_suffix('\r').unwrap_or(r))
            .unwrap_or(&role);
        ctx.set("oci_role", Some(json!(role)));
    }
    if ctx.has("ssh_host_key_certs_list.rb") && ctx.host.path("/etc/ssh").is_dir() {
        let mut certs: Vec<String> = std::fs::read_dir(ctx.host.path("/etc/ssh"))
            .into_iter()
            .flatten()
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n.starts_with("ssh_host_") && n.ends_with("_key-cert.pub"))
            .map(|n| format!("/etc/ssh/{n}"))
            .collect();
        certs.sort();
        ctx.set("oci_ssh_host_key_certs_list", Some(json!(certs)));
    }

    // swift
    if ctx.has("swift-commented-fstab-entries.rb")
        && let Some(fstab) = ctx.host.read("/etc/fstab")
    {
        ctx.set(
            "swift_commented_fstab_entries",
            Some(Value::Object(swift_fstab(&fstab))),
        );
    }
    if ctx.has("swift-device-uuids.rb") {
        let v = swift_device_uuids(ctx);
        ctx.set("swift_device_uuids", Some(Value::Object(v)));
    }

    // vswitch
    if linux && ctx.has("pci_address.rb") {
        let text = read_text(&ctx.host.proc("bus/pci/devices")).unwrap_or_default();
        for (driver, addrs) in pci_drivers(&text) {
            ctx.set(
                &format!("pci_address_driver_{driver}"),
                Some(json!(addrs.join(","))),
            );
        }
    }

    // staging
    if ctx.has("staging_http_get.rb") {
        let v = ["powershell", "curl", "wget"]
            .into_iter()
            .find(|c| ctx.host.which(c).is_some());
        ctx.set("staging_http_get", v.map(Value::from));
    }

    // ipaclient
    if ctx.has("ipa_facts.rb")
        && let Some(conf) = ctx.host.read("/etc/sssd/sssd.conf")
    {
        for line in conf.lines() {
            let value = || line.split('=').nth(1).unwrap_or("").trim().to_string();
            if line.starts_with("ipa_domain") {
                ctx.set("ipa_domain", Some(json!(value())));
            } else if line.starts_with("ipa_server") {
                ctx.set("ipa_server", Some(json!(value())));
            } else if line.starts_with("auth_provider") {
                ctx.set("ipa_enrolled", Some(json!(line.contains("ipa"))));
            }
        }
    }
    if ctx.has("sssd_facts.rb") {
        let services = match ctx.host.read("/etc/sssd/sssd.conf") {
            Some(conf) => sssd_value(&conf, "services"),
            None => Some("nss, pam, ssh".to_string()),
        };
        ctx.set("sssd_services", services.map(Value::from));
        let v = ctx.host.which("sssd").and_then(|p| ctx.program_version(&p));
        ctx.set("sssd_version", v.map(Value::from));
    }

    // collectd
    if ctx.has("collectd_version.rb") {
        let v = ctx
            .host
            .which("collectd")
            .and_then(|p| ctx.program_version(&p));
        ctx.set("collectd_version", v.map(Value::from));
    }
    if ctx.has("python_dir.rb") {
        // site.getsitepackages()[0] of Debian's python3.X:
        // /usr/local/lib/python3.X/dist-packages.
        let v = match ctx.host.which("python") {
            None => Some(String::new()),
            Some(p) => {
                let real = ctx.resolve(&p);
                let name = real.rsplit('/').next().unwrap_or("").to_string();
                let version = name.strip_prefix("python").filter(|v| {
                    v.split('.').count() == 2
                        && v.split('.')
                            .all(|p| !p.is_empty() && p.chars().all(|c| c.is_ascii_digit()))
                });
                match (version, ctx.str_fact("osfamily"), ctx.owner(&real)) {
                    (Some(v), Some("Debian"), Some(_)) => {
                        Some(format!("/usr/local/lib/python{v}/dist-packages"))
                    }
                    _ => None,
                }
            }
        };
        ctx.set("python_dir", v.map(Value::from));
    }

    // filebeat
    if ctx.has("filebeat_version.rb") {
        let exe = [
            "/usr/bin/filebeat",
            "/usr/local/bin/filebeat",
            "/usr/share/filebeat/bin/filebeat",
            "/usr/local/sbin/filebeat",
        ]
        .into_iter()
        .find(|p| ctx.host.executable(p));
        let v = match exe {
            None => Some(json!(false)),
            Some(p) => ctx.program_version(p).map(Value::from),
        };
        ctx.set("filebeat_version", v);
    }

    // haproxy, apache, rabbitmq, redis: the program's version when installed.
    let which_version = |ctx: &Ctx, programs: &[&str]| -> Option<String> {
        programs
            .iter()
            .find_map(|c| ctx.host.which(c))
            .and_then(|p| ctx.program_version(&p))
            .and_then(|v| three(&v).or(Some(v)))
    };
    if ctx.has("haproxy_version.rb") {
        let v = which_version(ctx, &["haproxy"]);
        ctx.set("haproxy_version", v.map(Value::from));
    }
    if ctx.has("apache_version.rb") && matches!(ctx.str_fact("kernel"), Some("Linux" | "FreeBSD")) {
        let v = which_version(ctx, &["httpd", "apache2", "apachectl", "apache2ctl"]);
        ctx.set("apache_version", v.map(Value::from));
    }
    if ctx.has("rabbitmq_version.rb") {
        let v = which_version(ctx, &["rabbitmqadmin"]);
        ctx.set("rabbitmq_version", v.map(Value::from));
    }
    if ctx.has("erl_ssl_path.rb") && ctx.host.which("erl").is_some() {
        let mut dirs: Vec<String> = std::fs::read_dir(ctx.host.path("/usr/lib/erlang/lib"))
            .into_iter()
            .flatten()
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n.starts_with("ssl-"))
            .collect();
        dirs.sort();
        let v = dirs.pop().map(|d| format!("/usr/lib/erlang/lib/{d}/ebin"));
        ctx.set("erl_ssl_path", v.map(Value::from));
    }
    if ctx.has("redis_server_version.rb") {
        let v = which_version(ctx, &["redis-server"]);
        ctx.set("redis_server_version", v.map(Value::from));
    }

    // ssh: both files run `sshd -V` (OpenSSH_9.2p1 → 9.2p1, 9.2, 9.2).
    for (file, prefix) in [
        ("ssh_client_version.rb", "ssh_client_version"),
        ("ssh_server_version.rb", "ssh_server_version"),
    ] {
        if !ctx.has(file) {
            continue;
        }
        let full = ctx.host.which("sshd").and_then(|p| ctx.program_version(&p));
        if let Some(full) = full {
            let numeric = |n: usize| {
                let parts: Vec<&str> = full.split('.').collect();
                let mut out: Vec<String> = Vec::new();
                for (i, p) in parts.iter().enumerate().take(n) {
                    let digits: String = p.chars().take_while(char::is_ascii_digit).collect();
                    if digits.is_empty() {
                        break;
                    }
                    out.push(digits.clone());
                    if digits.len() != p.len() || i + 1 == parts.len() {
                        break;
                    }
                }
                out.join(".")
            };
            let major = numeric(2);
            let release = numeric(3);
            ctx.set(&format!("{prefix}_full"), Some(json!(full)));
            ctx.set(
                &format!("{prefix}_major"),
                Some(json!(if major.contains('.') {
                    major
                } else {
                    full.clone()
                })),
            );
            ctx.set(
                &format!("{prefix}_release"),
                Some(json!(if release.contains('.') {
                    release
                } else {
                    full.clone()
                })),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn worker_counts_like_openstacklib() {
        // What Puppet gave on this 2-CPU machine.
        assert_eq!(
            workers(2),
            [
                ("os_workers_small", 2),
                ("os_workers", 2),
                ("os_workers_large", 1),
                ("os_workers_heat_engine", 4),
                ("os_workers_keystone", 4)
            ]
        );
        assert_eq!(workers(64)[1], ("os_workers", 12));
        assert_eq!(workers(64)[4], ("os_workers_keystone", 24));
    }

    #[test]
    fn mysql_ids_fstab_pci() {
        // Puppet gave 1 for 02:fc:00:00:00:01.
        assert_eq!(mysql_server_id("02:fc:00:00:00:01"), Some(1));
        assert_eq!(
            mysql_server_id("00:00:01:02:03:04"),
            Some(((1 << 18) + (2 << 12)) + (3 << 6) + 4)
        );
        let f = swift_fstab(
            "UUID=a /srv/node/sdb xfs 0 0\n#UUID=b /srv/node/sdc xfs 0 0\nUUID=c / ext4 0 0\n",
        );
        assert_eq!(f["sdb"], "active");
        assert_eq!(f["sdc"], "commented");
        assert_eq!(f.len(), 2);
        let pci = pci_drivers(
            "0008\t1af41045\t0\t0\t0\t0\t0\t0\t0\t0\t0\t0\t0\t0\t0\t0\t0\tvirtio-pci\n\
             0010\t1af41042\t0\t0\t0\t0\t0\t0\t0\t0\t0\t0\t0\t0\t0\t0\t0\tvirtio-pci\n\
             0000\t80860d57\t0\t0\t0\t0\t0\t0\t0\t0\t0\t0\t0\t0\t0\t0\t0\n",
        );
        assert_eq!(
            pci,
            vec![(
                "virtio-pci".into(),
                vec!["0000:00:01.0".into(), "0000:00:02.0".into()]
            )]
        );
        assert_eq!(
            sssd_value(
                "[domain/x]\nservices = no\n[sssd]\nservices = nss, pam\n",
                "services"
            )
            .as_deref(),
            Some("nss, pam")
        );
        assert_eq!(three("1:1.8.9-2").as_deref(), Some("1.8.9"));
    }
}
