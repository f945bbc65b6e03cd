//! The `package` type with Debian's tools, as Puppet's `apt` provider (and
//! `dpkg` with a `source`): the state comes from `dpkg-query`, changes from
//! `apt-get` (or `dpkg -i`), all run inside the root.
//!
//! `ensure`: `present`/`installed`, `absent`, `purged`, `latest` (the
//! candidate `apt-cache policy` shows), a version, or a version range
//! (`>= 1.2 < 2`). `mark`: `hold` or `none` (`dpkg --set-selections`); a
//! held package is released for the time an install or removal needs.

use super::{Context, Examined, Property, ResourceError, Sync, located, param_list, param_string};
use crate::machine::{Argv, CommandSpec};
use kuppet_catalog::Resource;
use serde_json::{Value, json};
use std::cmp::Ordering;

/// What `ensure` asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Want {
    Present,
    Absent,
    Purged,
    Latest,
    Version(String),
}

/// What is installed.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Have {
    /// Never installed, or removed with its configuration.
    Purged,
    /// Removed but its configuration files remain (or half-installed).
    Absent,
    Installed(String),
}

impl Have {
    fn value(&self) -> Value {
        match self {
            Have::Purged => json!("purged"),
            Have::Absent => json!("absent"),
            Have::Installed(v) => json!(v),
        }
    }
}

/// A `package` resource.
#[derive(Debug)]
pub struct Package {
    name: String,
    want: Want,
    provider: &'static str,
    /// Whether the `provider` parameter named it (else Puppet's default).
    requested: bool,
    source: Option<String>,
    install_options: Vec<String>,
    keep_config: bool,
    latest: Option<String>,
    have: Option<Have>,
    /// `mark`: whether the package should be held (None: not managed).
    hold: Option<bool>,
    /// Whether dpkg has it held now (read by `query`).
    held: bool,
}

const ENV: [(&str, &str); 3] = [
    ("DEBIAN_FRONTEND", "noninteractive"),
    ("APT_LISTBUGS_FRONTEND", "none"),
    ("APT_LISTCHANGES_FRONTEND", "none"),
];

impl Package {
    pub fn new(resource: &Resource) -> Result<Package, ResourceError> {
        let want = match param_string(resource, "ensure").as_deref() {
            None | Some("present") | Some("installed") => Want::Present,
            Some("absent") => Want::Absent,
            Some("purged") => Want::Purged,
            Some("latest") => Want::Latest,
            Some(v) => Want::Version(v.to_string()),
        };
        let provider = match param_string(resource, "provider").as_deref() {
            None | Some("apt") | Some("aptitude") => "apt",
            Some("dpkg") => "dpkg",
            Some(other) => {
                return Err(ResourceError::invalid(located(
                    resource,
                    &format!(
                        "Invalid package provider '{other}' for {}: kuppet manages packages with apt and dpkg",
                        resource.reference()
                    ),
                )));
            }
        };
        let hold = match param_string(resource, "mark").as_deref() {
            None => None,
            Some("hold") => Some(true),
            Some("none") => Some(false),
            Some(other) => {
                return Err(ResourceError::invalid(located(
                    resource,
                    &format!(
                        "Parameter mark failed on {}: Invalid hold value \"{other}\". Valid values are: hold/none",
                        resource.reference()
                    ),
                )));
            }
        };
        if hold.is_some() && matches!(want, Want::Absent | Want::Purged) {
            return Err(ResourceError::invalid(located(
                resource,
                &format!(
                    "Validation of {} failed: You cannot use \"mark\" property while \"ensure\" is one of [\"absent\", \"purged\"]",
                    resource.reference()
                ),
            )));
        }
        Ok(Package {
            name: param_string(resource, "name").unwrap_or_else(|| resource.title.clone()),
            want,
            provider,
            requested: param_string(resource, "provider").is_some(),
            source: param_string(resource, "source"),
            install_options: param_list(resource, "install_options"),
            keep_config: param_string(resource, "configfiles").as_deref() != Some("replace"),
            latest: None,
            have: None,
            hold,
            held: false,
        })
    }

    fn tool(&self, cx: &Context, argv: Vec<String>) -> Result<String, ResourceError> {
        let line = argv.join(" ");
        let out = cx
            .host
            .run(&CommandSpec {
                argv: Some(Argv::Args(argv)),
                env: ENV
                    .iter()
                    .map(|(k, v)| (k.to_string(), v.to_string()))
                    .collect(),
                tool: true,
                ..Default::default()
            })
            .map_err(|e| ResourceError::failed(format!("Could not run {line}: {e}")))?;
        if !out.success() {
            return Err(ResourceError::failed(format!(
                "Execution of '{line}' returned {}: {}",
                out.code.map(|c| c.to_string()).unwrap_or_default(),
                out.output.trim()
            )));
        }
        Ok(out.output)
    }

    /// Holds or releases the package (`dpkg --set-selections`); like Puppet,
    /// whatever dpkg says is ignored.
    fn set_hold(&self, cx: &Context, hold: bool) {
        let selection = if hold { "hold" } else { "install" };
        let _ = cx.host.run(&CommandSpec {
            argv: Some(Argv::Args(vec!["dpkg".into(), "--set-selections".into()])),
            tool: true,
            stdin: Some(format!("{} {selection}\n", self.name).into_bytes()),
            ..Default::default()
        });
    }

    /// `dpkg-query` for the package (Puppet's `query`); also notes whether
    /// it is held.
    fn query(&mut self, cx: &Context) -> Result<Have, ResourceError> {
        let argv = vec![
            "dpkg-query".to_string(),
            "-W".into(),
            "--showformat".into(),
            "${Status} ${Package} ${Version}\\n".into(),
            self.name.clone(),
        ];
        let out = match cx.host.run(&CommandSpec {
            argv: Some(Argv::Args(argv)),
            tool: true,
            ..Default::default()
        }) {
            Ok(o) if o.success() => o.output,
            Ok(_) => return Ok(Have::Purged),
            Err(e) => {
                return Err(ResourceError::failed(format!(
                    "Could not run dpkg-query: {e}"
                )));
            }
        };
        for line in out.lines() {
            let fields: Vec<&str> = line.trim_start_matches('\'').split(' ').collect();
            if fields.len() < 4 || fields[3] != self.name {
                continue;
            }
            let (error, status, version) =
                (fields[1], fields[2], fields.get(4).copied().unwrap_or(""));
            self.held = fields[0] == "hold";
            if error != "ok" {
                return Err(ResourceError::failed(format!(
                    "Package {}, version {version} is in error state: {error}",
                    self.name
                )));
            }
            return Ok(match status {
                "not-installed" => Have::Purged,
                "config-files" | "half-installed" | "unpacked" | "half-configured" => Have::Absent,
                _ => Have::Installed(version.to_string()),
            });
        }
        Ok(Have::Absent)
    }

    fn candidate(&mut self, cx: &Context) -> Result<String, ResourceError> {
        if let Some(l) = &self.latest {
            return Ok(l.clone());
        }
        let out = self.tool(
            cx,
            vec!["apt-cache".into(), "policy".into(), self.name.clone()],
        )?;
        let candidate = out
            .lines()
            .find_map(|l| {
                l.trim()
                    .strip_prefix("Candidate:")
                    .map(|c| c.trim().to_string())
            })
            .filter(|c| !c.is_empty() && c != "(none)")
            .ok_or_else(|| {
                ResourceError::failed("Could not get latest version: Could not find latest version")
            })?;
        self.latest = Some(candidate.clone());
        Ok(candidate)
    }

    fn in_sync(&mut self, have: &Have, cx: &Context) -> Result<bool, ResourceError> {
        Ok(match (&self.want, have) {
            (Want::Present, h) => matches!(h, Have::Installed(_)),
            (Want::Absent, h) => !matches!(h, Have::Installed(_)),
            (Want::Purged, h) => *h == Have::Purged,
            (Want::Latest, Have::Installed(v)) => {
                let latest = self.candidate(cx)?;
                *v == latest
            }
            (Want::Latest, _) => false,
            (Want::Version(want), Have::Installed(v)) => want == v || range_includes(want, v),
            (Want::Version(_), _) => false,
        })
    }

    fn install(&self, cx: &Context, version: Option<&str>) -> Result<(), ResourceError> {
        if self.provider == "dpkg" {
            let Some(source) = &self.source else {
                return Err(ResourceError::failed(
                    "You cannot install dpkg packages without a source",
                ));
            };
            let conf = if self.keep_config {
                "--force-confold"
            } else {
                "--force-confnew"
            };
            if self.held {
                self.set_hold(cx, false);
            }
            let result = self.tool(
                cx,
                vec!["dpkg".into(), conf.into(), "-i".into(), source.clone()],
            );
            if self.hold == Some(true) {
                self.set_hold(cx, true);
            }
            return result.map(|_| ());
        }
        if let Ok(sources) = cx.host.fs().read_to_string("/etc/apt/sources.list")
            && sources
                .lines()
                .any(|l| !l.trim_start().starts_with('#') && l.contains("cdrom:"))
        {
            return Err(ResourceError::failed(
                "/etc/apt/sources.list contains a cdrom source; not installing.  Use 'allowcdrom' to override this failure.",
            ));
        }
        let mut argv: Vec<String> = vec!["apt-get".into(), "-q".into(), "-y".into(), "-o".into()];
        argv.push(if self.keep_config {
            "DPkg::Options::=--force-confold".into()
        } else {
            "DPkg::Options::=--force-confnew".into()
        });
        let mut target = self.name.clone();
        if let Some(v) = version {
            target = format!("{}={v}", self.name);
            argv.push("--force-yes".into());
        }
        argv.extend(self.install_options.iter().cloned());
        argv.push("install".into());
        argv.push(self.source.clone().unwrap_or(target));
        if self.held {
            self.set_hold(cx, false);
        }
        let result = self.tool(cx, argv);
        if self.hold == Some(true) {
            self.set_hold(cx, true);
        }
        result.map(|_| ())
    }
}

/// Puppet's package providers kuppet has: `apt` (the default on Debian,
/// a child of `dpkg`) and `dpkg`, with their commands as confines.
const CANDIDATES: &[crate::select::Candidate] = &[
    crate::select::Candidate {
        name: "apt",
        commands: &[
            "/usr/bin/apt-get",
            "/usr/bin/apt-cache",
            "/usr/bin/apt-mark",
            "/usr/bin/debconf-set-selections",
            "/usr/bin/dpkg",
            "/usr/bin/dpkg-deb",
            "/usr/bin/dpkg-query",
        ],
        confine: |_| true,
        default_for: |f| usize::from(f.family == "Debian"),
        depth: 5,
    },
    crate::select::Candidate {
        name: "dpkg",
        commands: &["/usr/bin/dpkg", "/usr/bin/dpkg-deb", "/usr/bin/dpkg-query"],
        confine: |_| true,
        default_for: |_| 0,
        depth: 4,
    },
];

impl super::Provider for Package {
    fn suitable(&mut self, host: &crate::Machine) -> Result<(), crate::Unsuitable> {
        let requested = self.requested.then_some(self.provider);
        self.provider = crate::select::choose("package", CANDIDATES, requested, host)?;
        Ok(())
    }

    fn examine(&mut self, cx: &mut Context) -> Result<Examined, ResourceError> {
        let have = self.query(cx)?;
        let sync = if self.in_sync(&have, cx)? {
            Sync::InSync
        } else {
            Sync::OutOfSync
        };
        let desired = match &self.want {
            Want::Present => json!("present"),
            Want::Absent => json!("absent"),
            Want::Purged => json!("purged"),
            Want::Latest => json!(self.latest.clone().unwrap_or_else(|| "latest".into())),
            Want::Version(v) => json!(v),
        };
        let event = match (&self.want, &have) {
            (Want::Present, _) => "package_installed",
            (Want::Absent, _) => "package_removed",
            (Want::Purged, _) => "package_purged",
            _ => "package_changed",
        };
        let present = matches!(have, Have::Installed(_));
        let mut properties =
            vec![Property::new("ensure", have.value(), desired, sync).with_event(event)];
        self.have = Some(have);
        if let Some(hold) = self.hold {
            let name = |h: bool| if h { "hold" } else { "none" };
            properties.push(Property::new(
                "mark",
                json!(name(self.held)),
                json!(name(hold)),
                if self.held == hold {
                    Sync::InSync
                } else {
                    Sync::OutOfSync
                },
            ));
        }
        Ok(Examined {
            present,
            properties,
        })
    }

    fn sync(&mut self, property: &Property, cx: &mut Context) -> Result<String, ResourceError> {
        if property.name == "mark" {
            let hold = self.hold.unwrap_or(false);
            self.set_hold(cx, hold);
            self.held = hold;
            return Ok(property.change_message());
        }
        let release = if self.held {
            vec!["--allow-change-held-packages".to_string()]
        } else {
            Vec::new()
        };
        match self.want.clone() {
            Want::Present => self.install(cx, None)?,
            Want::Absent => {
                if self.provider == "dpkg" {
                    self.tool(cx, vec!["dpkg".into(), "-r".into(), self.name.clone()])?;
                } else {
                    self.tool(
                        cx,
                        ["apt-get", "-y", "-q"]
                            .into_iter()
                            .map(String::from)
                            .chain(release.clone())
                            .chain(["remove".to_string(), self.name.clone()])
                            .collect(),
                    )?;
                }
            }
            Want::Purged => {
                if self.provider == "apt" {
                    self.tool(
                        cx,
                        ["apt-get", "-y", "-q"]
                            .into_iter()
                            .map(String::from)
                            .chain(release)
                            .chain(["remove".into(), "--purge".into(), self.name.clone()])
                            .collect(),
                    )?;
                }
                self.tool(cx, vec!["dpkg".into(), "--purge".into(), self.name.clone()])?;
            }
            Want::Latest => {
                let latest = self.candidate(cx)?;
                self.install(cx, Some(&latest))
                    .map_err(|e| ResourceError::failed(format!("Could not update: {e}")))?;
            }
            Want::Version(v) => {
                let v = if v.starts_with(['<', '>', '=']) {
                    self.best_version(cx, &v)?.unwrap_or(v)
                } else {
                    v
                };
                self.install(cx, Some(&v))
                    .map_err(|e| ResourceError::failed(format!("Could not update: {e}")))?;
            }
        }
        if self.provider == "apt" && !matches!(self.want, Want::Absent | Want::Purged) {
            let _ = self.tool(
                cx,
                vec!["apt-mark".into(), "manual".into(), self.name.clone()],
            );
        }
        let current = property.current.as_str().unwrap_or("");
        Ok(match &self.want {
            Want::Purged => "purged".into(),
            Want::Absent => property.ensure_message(),
            _ if matches!(current, "absent" | "purged" | "") => "created".into(),
            _ => property.ensure_message(),
        })
    }

    fn provider_name(&self) -> Option<&'static str> {
        Some(self.provider)
    }
}

impl Package {
    /// The highest version `apt-cache madison` offers within a range.
    fn best_version(&self, cx: &Context, range: &str) -> Result<Option<String>, ResourceError> {
        let out = self.tool(
            cx,
            vec!["apt-cache".into(), "madison".into(), self.name.clone()],
        )?;
        let mut best: Option<String> = None;
        for line in out.lines() {
            let Some(v) = line.split('|').nth(1).map(str::trim) else {
                continue;
            };
            if range_includes(range, v)
                && best
                    .as_deref()
                    .is_none_or(|b| compare_versions(v, b) == Ordering::Greater)
            {
                best = Some(v.to_string());
            }
        }
        Ok(best)
    }
}

/// Whether a version satisfies a range like `>= 1.0 < 2.0` (every part must
/// hold); a plain version is not a range.
pub(crate) fn range_includes(range: &str, version: &str) -> bool {
    let parts: Vec<&str> = range.split_whitespace().collect();
    if parts.is_empty() || !parts[0].starts_with(['<', '>', '=']) {
        return false;
    }
    let mut tokens = Vec::new();
    let mut i = 0;
    while i < parts.len() {
        let p = parts[i];
        let op_len = p
            .chars()
            .take_while(|c| matches!(c, '<' | '>' | '='))
            .count();
        let (op, rest) = p.split_at(op_len);
        if rest.is_empty() {
            if i + 1 >= parts.len() {
                return false;
            }
            tokens.push((op.to_string(), parts[i + 1].to_string()));
            i += 2;
        } else {
            tokens.push((op.to_string(), rest.to_string()));
            i += 1;
        }
    }
    tokens.iter().all(|(op, v)| {
        let c = compare_versions(version, v);
        match op.as_str() {
            ">" => c == Ordering::Greater,
            ">=" => c != Ordering::Less,
            "<" => c == Ordering::Less,
            "<=" => c != Ordering::Greater,
            "=" | "==" => c == Ordering::Equal,
            _ => false,
        }
    })
}

/// Compares Debian versions (`epoch:upstream-revision`) as dpkg does.
pub(crate) fn compare_versions(a: &str, b: &str) -> Ordering {
    fn split(v: &str) -> (u64, &str, &str) {
        let (epoch, rest) = match v.split_once(':') {
            Some((e, r)) if e.chars().all(|c| c.is_ascii_digit()) => (e.parse().unwrap_or(0), r),
            _ => (0, v),
        };
        match rest.rfind('-') {
            Some(i) => (epoch, &rest[..i], &rest[i + 1..]),
            None => (epoch, rest, ""),
        }
    }
    fn order(c: Option<char>) -> i32 {
        match c {
            None => 0,
            Some('~') => -1,
            Some(c) if c.is_ascii_digit() => 0,
            Some(c) if c.is_ascii_alphabetic() => c as i32,
            Some(c) => c as i32 + 256,
        }
    }
    fn part(mut a: &str, mut b: &str) -> Ordering {
        while !a.is_empty() || !b.is_empty() {
            // Non-digit prefix, compared character by character.
            loop {
                let ca = a.chars().next().filter(|c| !c.is_ascii_digit());
                let cb = b.chars().next().filter(|c| !c.is_ascii_digit());
                if ca.is_none() && cb.is_none() {
                    break;
                }
                let (oa, ob) = (order(ca), order(cb));
                if oa != ob {
                    return oa.cmp(&ob);
                }
                a = &a[ca.map_or(0, char::len_utf8)..];
                b = &b[cb.map_or(0, char::len_utf8)..];
            }
            let da: String = a.chars().take_while(char::is_ascii_digit).collect();
            let db: String = b.chars().take_while(char::is_ascii_digit).collect();
            a = &a[da.len()..];
            b = &b[db.len()..];
            let na = da.trim_start_matches('0');
            let nb = db.trim_start_matches('0');
            let c = na.len().cmp(&nb.len()).then_with(|| na.cmp(nb));
            if c != Ordering::Equal {
                return c;
            }
        }
        Ordering::Equal
    }
    let (ea, ua, ra) = split(a);
    let (eb, ub, rb) = split(b);
    ea.cmp(&eb)
        .then_with(|| part(ua, ub))
        .then_with(|| part(ra, rb))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn debian_versions_compare_like_dpkg() {
        assert_eq!(compare_versions("1.0", "1.0"), Ordering::Equal);
        assert_eq!(compare_versions("1.0~rc1", "1.0"), Ordering::Less);
        assert_eq!(compare_versions("1:0.1", "2.0"), Ordering::Greater);
        assert_eq!(compare_versions("1.10", "1.9"), Ordering::Greater);
        assert_eq!(compare_versions("1.0-2", "1.0-10"), Ordering::Less);
        assert_eq!(compare_versions("1.0a", "1.0"), Ordering::Greater);
        assert_eq!(compare_versions("1.0+b1", "1.0"), Ordering::Greater);
    }

    #[test]
    fn ranges_hold_every_bound() {
        assert!(range_includes(">= 1.0 < 2.0", "1.5-1"));
        assert!(!range_includes(">=1.0 <2.0", "2.0"));
        assert!(range_includes("<=2", "2"));
        assert!(!range_includes("1.0", "1.0"));
    }
}
