//! `hostname`, `domain` and `fqdn`, as Facter's Linux hostname resolver
//! finds them: the host name (gethostname; the root's `/etc/hostname` for
//! another root), its canonical name when it has no domain (getaddrinfo
//! with AI_CANONNAME; the root's `/etc/hosts` for another root, whose DNS
//! kuppet does not ask), else the `domain` or first `search` of
//! `/etc/resolv.conf`.

use crate::host::Host;

/// The names, each absent when Facter has none.
#[derive(Debug, Default, PartialEq, Eq)]
pub(crate) struct Names {
    pub hostname: Option<String>,
    pub domain: Option<String>,
    pub fqdn: Option<String>,
}

/// `/(.*?)\.(.+$)/`: the name before the first dot and a non-empty rest.
fn split_fqdn(name: &str) -> (String, String) {
    match name.split_once('.') {
        Some((h, d)) if !d.is_empty() => (h.to_string(), d.to_string()),
        _ => (name.to_string(), String::new()),
    }
}

/// resolv.conf's first `domain`, else its first `search` domain.
fn resolv_domain(text: &str) -> Option<String> {
    let first = |key: &str| {
        text.lines().find_map(|l| {
            let rest = l.strip_prefix(key)?;
            if !rest.starts_with(|c: char| c.is_whitespace()) {
                return None;
            }
            rest.split_whitespace().next().map(str::to_string)
        })
    };
    first("domain").or_else(|| first("search"))
}

/// The canonical name `/etc/hosts` gives a host name (the first name of
/// the first line that lists it), as glibc's files backend does.
fn hosts_canonical(text: &str, host: &str) -> Option<String> {
    text.lines().find_map(|line| {
        let line = line.split('#').next().unwrap_or("");
        let mut words = line.split_whitespace();
        let _addr = words.next()?;
        let names: Vec<&str> = words.collect();
        names
            .iter()
            .any(|n| n.eq_ignore_ascii_case(host))
            .then(|| names[0].to_string())
    })
}

/// Finds the host's names.
pub(crate) fn gather(host: &Host) -> Names {
    let raw = if host.is_live() {
        host.sys.hostname()
    } else {
        host.read("/etc/hostname")
            .map(|s| s.trim().to_string())
            .filter(|s| !s.is_empty())
            .or_else(|| host.sys.hostname())
    };
    let Some(raw) = raw.filter(|r| !r.is_empty()) else {
        return Names::default();
    };
    let (hostname, mut domain) = split_fqdn(&raw);
    let mut fqdn = None;
    if domain.is_empty() && !hostname.is_empty() {
        fqdn = if host.is_live() {
            host.sys
                .canonical_name(&hostname)
                .map(|(canon, _ip)| canon)
                .filter(|c| !c.is_empty() && *c != hostname)
        } else {
            host.read("/etc/hosts")
                .and_then(|t| hosts_canonical(&t, &hostname))
                .filter(|c| *c != hostname)
        };
    }
    if let Some(f) = &fqdn
        && f.starts_with(&format!("{hostname}."))
    {
        domain = split_fqdn(f).1;
    }
    let domain = if domain.is_empty() {
        host.read("/etc/resolv.conf")
            .and_then(|t| resolv_domain(&t))
    } else {
        Some(domain)
    };
    let fqdn = match fqdn {
        Some(f) => Some(f),
        None if hostname.is_empty() => None,
        None => Some(match domain.as_deref().filter(|d| !d.is_empty()) {
            Some(d) => format!("{hostname}.{d}"),
            None => hostname.clone(),
        }),
    };
    Names {
        hostname: Some(hostname),
        domain: domain.filter(|d| !d.is_empty()),
        fqdn,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_split_and_resolve_like_facter() {
        assert_eq!(
            split_fqdn("web1.example.org"),
            ("web1".into(), "example.org".into())
        );
        assert_eq!(split_fqdn("vm"), ("vm".into(), String::new()));
        assert_eq!(split_fqdn("odd."), ("odd.".into(), String::new()));
        assert_eq!(
            resolv_domain("nameserver 1.1.1.1\nsearch a.example b.example\ndomain c.example\n")
                .as_deref(),
            Some("c.example")
        );
        assert_eq!(
            resolv_domain("search a.example\n").as_deref(),
            Some("a.example")
        );
        assert_eq!(resolv_domain("nameserver 10.0.0.1\n"), None);
        let hosts = "127.0.0.1 localhost\n# 10.0.0.9 web1\n10.0.0.5 web1.example.org web1\n";
        assert_eq!(
            hosts_canonical(hosts, "web1").as_deref(),
            Some("web1.example.org")
        );
        assert_eq!(hosts_canonical(hosts, "nope"), None);
    }
}
