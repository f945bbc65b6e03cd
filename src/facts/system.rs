//! The remaining core facts: `system_uptime` (and `uptime*`),
//! `load_averages`, `timezone`, `path`, `fips_enabled`, `os.selinux` (and
//! `selinux*`), `identity` (and `id`, `gid`), `augeas` (and
//! `augeasversion`), `ruby` (and `ruby*`), `facterversion`,
//! `aio_agent_version`.
//!
//! Uptime, load, FIPS mode and SELinux state come from the running kernel
//! (`/proc`, selinuxfs); the time zone, the SELinux configuration, the user
//! and group names from the root's files. Facter reads augeas's version
//! from `augparse --version` or the ruby-augeas library; kuppet reads the
//! version of the root's installed libaugeas0 package. Facter describes the
//! Ruby running it: kuppet has none, and announces the Ruby of the Puppet
//! it matches (Debian 12's puppet-agent 7.23 runs on Ruby 3.1.2), so that
//! manifests comparing `$rubyversion` (augeas_core's params) decide as
//! under that Puppet.

use crate::Facts;
use crate::host::{Host, read_text, upstream_version};
use serde_json::{Map, Value, json};

/// The Facter version kuppet's facts match.
pub const FACTER_VERSION: &str = "4.3.0";
/// The Ruby of the Puppet kuppet matches (Debian 12's puppet-agent).
pub const RUBY_VERSION: &str = "3.1.2";
const RUBY_SITEDIR: &str = "/usr/local/lib/site_ruby/3.1.0";

/// Uptime as Facter shows it: seconds, hours, days, and the text.
pub(crate) fn uptime_hash(seconds: u64) -> Value {
    let hours = seconds / 3600;
    let days = hours / 24;
    let minutes = (seconds / 60) % 60;
    let text = match days {
        0 => format!("{hours}:{minutes:02} hours"),
        1 => "1 day".to_string(),
        d => format!("{d} days"),
    };
    json!({"days": days, "hours": hours, "seconds": seconds, "uptime": text})
}

/// Seconds since PID 1 started (a container's uptime, as `ps -o etime= -p 1`).
fn pid1_elapsed(host: &Host, uptime: f64) -> Option<u64> {
    let stat = read_text(&host.proc("1/stat"))?;
    // Fields after the command's closing parenthesis; starttime is field 22.
    let rest = &stat[stat.rfind(')')? + 1..];
    let start: f64 = rest.split_whitespace().nth(19)?.parse().ok()?;
    // SAFETY: sysconf has no preconditions.
    let hz = unsafe { libc::sysconf(libc::_SC_CLK_TCK) };
    let hz = if hz > 0 { hz as f64 } else { 100.0 };
    Some((uptime - start / hz).max(0.0) as u64)
}

fn uptime(host: &Host, in_docker: bool, facts: &mut Facts) {
    let up = read_text(&host.proc("uptime")).and_then(|t| {
        t.split_whitespace()
            .next()
            .and_then(|s| s.parse::<f64>().ok())
    });
    let value = match up {
        Some(u) if in_docker => uptime_hash(pid1_elapsed(host, u).unwrap_or(0)),
        Some(u) => uptime_hash(u as u64),
        None => json!({"uptime": "unknown"}),
    };
    for (legacy, key) in [
        ("uptime", "uptime"),
        ("uptime_days", "days"),
        ("uptime_hours", "hours"),
        ("uptime_seconds", "seconds"),
    ] {
        crate::put(facts, legacy, value.get(key).cloned());
    }
    facts.insert("system_uptime".into(), value);
}

fn load_averages(host: &Host, facts: &mut Facts) {
    let Some(text) = read_text(&host.proc("loadavg")) else {
        return;
    };
    let v: Vec<f64> = text
        .split_whitespace()
        .take(3)
        .map(|s| s.parse().unwrap_or(0.0))
        .collect();
    if v.len() == 3 {
        facts.insert(
            "load_averages".into(),
            json!({"15m": v[2], "1m": v[0], "5m": v[1]}),
        );
    }
}

fn timezone(host: &Host) -> Option<String> {
    if host.is_live() {
        return host.sys.local_timezone();
    }
    match std::fs::read(host.path("/etc/localtime")) {
        Ok(data) => crate::tzif::abbreviation(&data, host.sys.now()),
        // glibc's default without a local zone file.
        Err(_) => Some("UTC".into()),
    }
}

/// `os.selinux` and the legacy `selinux*` facts.
fn selinux(host: &Host, mounts: &str, facts: &mut Facts) -> Value {
    let mountpoint = mounts
        .lines()
        .find(|l| l.contains("selinuxfs"))
        .and_then(|l| l.split_whitespace().nth(1))
        .map(str::to_string);
    let config = host.read("/etc/selinux/config").unwrap_or_default();
    let mut m = Map::new();
    let enabled = mountpoint.is_some() && !config.is_empty();
    m.insert("enabled".into(), json!(enabled));
    facts.insert("selinux".into(), json!(enabled));
    if let (true, Some(mp)) = (enabled, mountpoint) {
        let file = |name: &str| {
            let p = match mp.strip_prefix("/sys/") {
                Some(rest) => host.sys(&format!("{rest}/{name}")),
                None => host.path(&format!("{mp}/{name}")),
            };
            read_text(&p)
        };
        for line in config.lines() {
            if line.starts_with("SELINUX=") {
                let v = line.rsplit('=').next().unwrap_or("").trim();
                m.insert("config_mode".into(), json!(v));
            }
            if line.starts_with("SELINUXTYPE=") {
                let v = line.rsplit('=').next().unwrap_or("").trim();
                m.insert("config_policy".into(), json!(v));
            }
        }
        let enforced = file("enforce").as_deref() == Some("1");
        m.insert(
            "current_mode".into(),
            json!(if enforced { "enforcing" } else { "permissive" }),
        );
        m.insert("enforced".into(), json!(enforced));
        if let Some(v) = file("policyvers") {
            m.insert("policy_version".into(), json!(v));
        }
        for (legacy, key) in [
            ("selinux_config_mode", "config_mode"),
            ("selinux_config_policy", "config_policy"),
            ("selinux_current_mode", "current_mode"),
            ("selinux_enforced", "enforced"),
            ("selinux_policyversion", "policy_version"),
        ] {
            crate::put(facts, legacy, m.get(key).cloned());
        }
    }
    Value::Object(m)
}

/// A passwd or group file's entry for an id: (name, gid field).
fn id_entry(text: &str, id: u32) -> Option<(String, Option<u32>)> {
    text.lines().find_map(|l| {
        let f: Vec<&str> = l.split(':').collect();
        (f.len() >= 3 && f[2].parse::<u32>().ok() == Some(id))
            .then(|| (f[0].to_string(), f.get(3).and_then(|g| g.parse().ok())))
    })
}

fn identity(host: &Host, facts: &mut Facts) {
    let uid = host.sys.uid();
    let user = host
        .read("/etc/passwd")
        .and_then(|t| id_entry(&t, uid))
        .and_then(|(n, g)| Some((n, g?)))
        .or_else(|| {
            if host.is_live() {
                host.sys.user_name(uid)
            } else {
                None
            }
        });
    let Some((user, gid)) = user else {
        return;
    };
    let group = host
        .read("/etc/group")
        .and_then(|t| id_entry(&t, gid))
        .map(|(n, _)| n)
        .or_else(|| {
            if host.is_live() {
                host.sys.group_name(gid)
            } else {
                None
            }
        });
    let Some(group) = group else {
        return;
    };
    facts.insert(
        "identity".into(),
        json!({"gid": gid, "group": group, "privileged": uid == 0, "uid": uid, "user": user}),
    );
    facts.insert("gid".into(), json!(group));
    facts.insert("id".into(), json!(user));
}

/// The Ruby platform string of Debian's Ruby on this machine.
fn ruby_platform(machine: &str) -> String {
    match machine {
        "armv7l" | "armv6l" => "arm-linux-gnueabihf".into(),
        "ppc64le" => "powerpc64le-linux-gnu".into(),
        m if m.len() == 4 && m.starts_with('i') && m.ends_with("86") => "i386-linux-gnu".into(),
        m => format!("{m}-linux-gnu"),
    }
}

/// The first `\d+\.\d+\.\d+` of a version.
fn three_numbers(v: &str) -> Option<String> {
    let b = v.as_bytes();
    (0..b.len()).find_map(|start| {
        if !b[start].is_ascii_digit() || (start > 0 && b[start - 1].is_ascii_digit()) {
            return None;
        }
        let mut parts = 0;
        let mut i = start;
        loop {
            let s = i;
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
            if i == s {
                return None;
            }
            parts += 1;
            if parts == 3 {
                return Some(v[start..i].to_string());
            }
            if i < b.len() && b[i] == b'.' {
                i += 1;
            } else {
                return None;
            }
        }
    })
}

/// Gathers these facts. `mounts` is the mount table, `in_docker` whether
/// PID 1 is a docker container's.
pub(crate) fn gather(host: &Host, machine: &str, mounts: &str, in_docker: bool, facts: &mut Facts) {
    uptime(host, in_docker, facts);
    load_averages(host, facts);
    if let Some(tz) = timezone(host) {
        facts.insert("timezone".into(), json!(tz));
    }
    facts.insert("path".into(), json!(host.search_path()));
    let fips = read_text(&host.proc("sys/crypto/fips_enabled")).unwrap_or_default();
    facts.insert("fips_enabled".into(), json!(fips.trim() == "1"));
    let se = selinux(host, mounts, facts);
    if let Some(Value::Object(os)) = facts.get_mut("os") {
        os.insert("selinux".into(), se);
    }
    identity(host, facts);
    if let Some(v) = ["libaugeas0", "augeas-tools"]
        .iter()
        .find_map(|p| host.package_version(p))
        .and_then(|v| three_numbers(upstream_version(v)))
    {
        facts.insert("augeas".into(), json!({"version": v}));
        facts.insert("augeasversion".into(), json!(v));
    }
    let platform = ruby_platform(machine);
    facts.insert(
        "ruby".into(),
        json!({"platform": platform, "sitedir": RUBY_SITEDIR, "version": RUBY_VERSION}),
    );
    facts.insert("rubyplatform".into(), json!(platform));
    facts.insert("rubysitedir".into(), json!(RUBY_SITEDIR));
    facts.insert("rubyversion".into(), json!(RUBY_VERSION));
    facts.insert("facterversion".into(), json!(FACTER_VERSION));
    if let Some(v) = host.read("/opt/puppetlabs/puppet/VERSION").and_then(|v| {
        let v = v.trim_end_matches('\n');
        let end = v
            .find(|c: char| !c.is_ascii_digit() && c != '.')
            .unwrap_or(v.len());
        three_numbers(&v[..end]).map(|_| v[..end].trim_end_matches('.').to_string())
    }) {
        facts.insert("aio_agent_version".into(), json!(v));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uptime_text_like_facter() {
        assert_eq!(uptime_hash(3 * 3600 + 5 * 60)["uptime"], "3:05 hours");
        assert_eq!(uptime_hash(30 * 3600)["uptime"], "1 day");
        assert_eq!(uptime_hash(50 * 3600)["uptime"], "2 days");
        assert_eq!(uptime_hash(50 * 3600)["hours"], 50);
        assert_eq!(uptime_hash(59)["uptime"], "0:00 hours");
    }

    #[test]
    fn ids_versions_platforms() {
        let passwd = "root:x:0:0:root:/root:/bin/bash\nkuppet:x:1000:1001::/home/k:/bin/sh\n";
        assert_eq!(id_entry(passwd, 1000), Some(("kuppet".into(), Some(1001))));
        assert_eq!(id_entry(passwd, 7), None);
        assert_eq!(three_numbers("1.14.0").as_deref(), Some("1.14.0"));
        assert_eq!(
            three_numbers("v1.8.9 (nf_tables)").as_deref(),
            Some("1.8.9")
        );
        assert_eq!(three_numbers("1.14").as_deref(), None);
        assert_eq!(ruby_platform("x86_64"), "x86_64-linux-gnu");
        assert_eq!(ruby_platform("aarch64"), "aarch64-linux-gnu");
    }
}
