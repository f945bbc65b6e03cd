//! host_core's `host`: an entry of `/etc/hosts` (or `target`) — its `ip`,
//! `host_aliases` and `comment` — with the `parsed` provider's line format
//! (`ip<TAB>name<TAB>aliases<TAB># comment`) and the type's validation.
//! Lines that are not entries stay as they are.

use crate::parsedfile::{self, Entry, Format, Target};
use crate::{
    Context, Examined, Instance, Machine, Property, ResourceError, Sync, located, param_list,
    param_string,
};
use kuppet_catalog::Resource;
use kuppet_values::value::RegexValue;
use serde_json::{Value, json};
use std::sync::LazyLock;

/// The hosts file of a Linux host.
pub const DEFAULT_TARGET: &str = "/etc/hosts";

const HOSTS_PATTERN: &str = r"^([0-9a-f:]\S+)\s+([^#\s+]\S+)\s*(.*?)?(?:\s*#\s*(.*))?$";

static HOSTS: LazyLock<RegexValue> =
    LazyLock::new(|| RegexValue::new(HOSTS_PATTERN).expect("the provider's regex"));

/// One entry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record {
    pub ip: String,
    pub name: String,
    /// Space-separated, None when there are none.
    pub host_aliases: Option<String>,
    /// Empty when there is none.
    pub comment: String,
}

/// The `parsed` provider's lines.
#[derive(Debug, Clone, Copy)]
pub struct Hosts;

impl Format for Hosts {
    type Record = Record;

    fn parse_line(&self, line: &str) -> Option<Entry<Record>> {
        if line.starts_with('#') || line.trim().is_empty() {
            return Some(Entry::Text(line.to_string()));
        }
        let Some(caps) = HOSTS.captures(line) else {
            return Some(Entry::Text(line.to_string()));
        };
        let field = |i: usize| caps.get(i).cloned().flatten().filter(|s| !s.is_empty());
        let (Some(ip), Some(name)) = (field(1), field(2)) else {
            return Some(Entry::Text(line.to_string()));
        };
        Some(Entry::Record(Record {
            ip,
            name,
            host_aliases: field(3).map(|a| a.split_whitespace().collect::<Vec<_>>().join(" ")),
            comment: field(4).unwrap_or_default(),
        }))
    }

    fn to_line(&self, r: &Record) -> Result<String, String> {
        let mut s = format!("{}\t{}", r.ip, r.name);
        if let Some(a) = &r.host_aliases {
            s.push('\t');
            s.push_str(a);
        }
        if !r.comment.is_empty() {
            s.push_str("\t# ");
            s.push_str(&r.comment);
        }
        Ok(s)
    }
}

fn valid_v4(addr: &str) -> bool {
    let parts: Vec<&str> = addr.split('.').collect();
    parts.len() == 4
        && parts.iter().all(|p| {
            (1..=3).contains(&p.len())
                && p.bytes().all(|b| b.is_ascii_digit())
                && p.parse::<u32>().is_ok_and(|n| n <= 255)
        })
}

fn valid_v6(addr: &str) -> bool {
    let addr = addr.trim();
    let base = addr.split_once('%').map_or(addr, |(a, _)| a);
    base.contains(':') && base.parse::<std::net::Ipv6Addr>().is_ok()
}

/// A `host` resource.
#[derive(Debug)]
pub struct Host {
    name: String,
    present: Option<bool>,
    ip: Option<String>,
    host_aliases: Option<Vec<String>>,
    comment: Option<String>,
    target: Option<String>,
    /// Where its record was found: target index and entry index.
    found: Option<(usize, usize)>,
    targets: Vec<Target<Record>>,
}

impl Host {
    pub fn new(resource: &Resource) -> Result<Host, ResourceError> {
        let reference = resource.reference();
        let invalid = |param: &str, message: String| {
            ResourceError::invalid(located(
                resource,
                &format!("Parameter {param} failed on {reference}: {message}"),
            ))
        };
        let name = param_string(resource, "name").unwrap_or_else(|| resource.title.clone());
        if name.contains(['\n', '\r']) {
            return Err(invalid("name", "Hostname cannot include newline".into()));
        }
        let part = kuppet_values::ruby::static_regex(r"^(\w+|\w[\w\-]+\w)$");
        if !name.split('.').all(|p| part.is_match(p)) {
            return Err(invalid("name", "Invalid host name".into()));
        }
        let present = match param_string(resource, "ensure").as_deref() {
            None => None,
            Some("present") => Some(true),
            Some("absent") => Some(false),
            Some(other) => {
                return Err(invalid(
                    "ensure",
                    format!("Invalid value \"{other}\". Valid values are present, absent."),
                ));
            }
        };
        let ip = param_string(resource, "ip");
        if let Some(ip) = &ip
            && (!(valid_v4(ip) || valid_v6(ip)) || ip.contains(['\n', '\r']))
        {
            return Err(invalid(
                "ip",
                format!(
                    "Invalid IP address {}",
                    kuppet_values::ruby::rb_inspect(&kuppet_values::Value::string(ip.as_str()))
                ),
            ));
        }
        let host_aliases = match resource.parameters.get("host_aliases") {
            None | Some(Value::Null) => None,
            Some(_) => {
                let aliases = param_list(resource, "host_aliases");
                for a in &aliases {
                    if a.trim().is_empty() {
                        return Err(invalid(
                            "host_aliases",
                            "Host aliases cannot be an empty string. Use an empty array to delete all host_aliases ".into(),
                        ));
                    }
                    if a.chars().any(char::is_whitespace) {
                        return Err(invalid(
                            "host_aliases",
                            "Host aliases cannot include whitespace".into(),
                        ));
                    }
                }
                Some(aliases)
            }
        };
        let comment = param_string(resource, "comment");
        if comment.as_ref().is_some_and(|c| c.contains(['\n', '\r'])) {
            return Err(invalid("comment", "Comment cannot include newline".into()));
        }
        let present = crate::ensure_or_managed(
            resource,
            present,
            &["ip", "host_aliases", "comment", "target"],
        );
        Ok(Host {
            name,
            present,
            ip,
            host_aliases,
            comment,
            target: param_string(resource, "target"),
            found: None,
            targets: Vec::new(),
        })
    }

    fn target(&self) -> &str {
        self.target.as_deref().unwrap_or(DEFAULT_TARGET)
    }

    fn read(&mut self, host: &Machine) -> Result<(), ResourceError> {
        self.targets.clear();
        self.targets
            .push(parsedfile::read(&Hosts, host, DEFAULT_TARGET)?);
        if self.target() != DEFAULT_TARGET {
            let t = parsedfile::read(&Hosts, host, self.target())?;
            self.targets.push(t);
        }
        self.found = None;
        for (ti, t) in self.targets.iter().enumerate() {
            if let Some(i) = t.position(|r| r.name == self.name) {
                self.found = Some((ti, i));
            }
        }
        Ok(())
    }

    fn record(&self) -> Option<&Record> {
        let (t, i) = self.found?;
        match &self.targets[t].entries[i] {
            Entry::Record(r) => Some(r),
            Entry::Text(_) => None,
        }
    }

    /// The desired record, for `create`.
    fn desired(&self) -> Record {
        Record {
            ip: self.ip.clone().unwrap_or_default(),
            name: self.name.clone(),
            host_aliases: self
                .host_aliases
                .as_ref()
                .filter(|a| !a.is_empty())
                .map(|a| a.join(" ")),
            comment: self.comment.clone().unwrap_or_default(),
        }
    }

    fn write(&self, cx: &mut Context, t: usize) -> Result<(), ResourceError> {
        parsedfile::write(&Hosts, cx, &self.targets[t], 0o600)
    }

    fn target_index(&mut self, cx: &Context) -> Result<usize, ResourceError> {
        let want = self.target().to_string();
        match self.targets.iter().position(|t| t.path == want) {
            Some(i) => Ok(i),
            None => {
                self.targets.push(parsedfile::read(&Hosts, cx.host, &want)?);
                Ok(self.targets.len() - 1)
            }
        }
    }
}

impl crate::Provider for Host {
    fn examine(&mut self, cx: &mut Context) -> Result<Examined, ResourceError> {
        self.read(cx.host)?;
        let current = self.record().cloned();
        let present = current.is_some();
        let mut props = Vec::new();
        if let Some(want) = self.present {
            props.push(crate::parsed_ensure("host", present, want));
        }
        if let Some(r) = &current {
            if let Some(ip) = &self.ip {
                let sync = if r.ip == *ip {
                    Sync::InSync
                } else {
                    Sync::OutOfSync
                };
                props.push(Property::new("ip", json!(r.ip), json!(ip), sync));
            }
            if let Some(aliases) = &self.host_aliases {
                let want = aliases.join(" ");
                let have = r.host_aliases.clone().unwrap_or_default();
                let sync = if have == want {
                    Sync::InSync
                } else {
                    Sync::OutOfSync
                };
                let current_v = match &r.host_aliases {
                    Some(a) => json!(a.split(' ').collect::<Vec<_>>()),
                    None => json!("absent"),
                };
                let current_text = match &r.host_aliases {
                    Some(a) => a.clone(),
                    None => "'absent'".into(),
                };
                props.push(
                    Property::new("host_aliases", current_v, json!(want), sync)
                        .with_texts(current_text, crate::quote(&want)),
                );
            }
            if let Some(comment) = &self.comment {
                let sync = if r.comment == *comment {
                    Sync::InSync
                } else {
                    Sync::OutOfSync
                };
                props.push(Property::new(
                    "comment",
                    json!(r.comment),
                    json!(comment),
                    sync,
                ));
            }
            if let Some(target) = &self.target {
                let have = &self.targets[self.found.map_or(0, |f| f.0)].path;
                let sync = if have == target {
                    Sync::InSync
                } else {
                    Sync::OutOfSync
                };
                props.push(Property::new("target", json!(have), json!(target), sync));
            }
        }
        Ok(Examined {
            present,
            properties: props,
        })
    }

    fn sync(&mut self, property: &Property, cx: &mut Context) -> Result<String, ResourceError> {
        // Each change reads the targets again: an earlier resource may have
        // written them.
        self.read(cx.host)?;
        match property.name {
            "ensure" if self.present == Some(false) => {
                if let Some((t, i)) = self.found {
                    self.targets[t].entries.remove(i);
                    self.write(cx, t)?;
                }
                Ok(property.ensure_message())
            }
            "ensure" => {
                let record = self.desired();
                if record.ip.is_empty() {
                    return Err(ResourceError::failed(
                        "ip is a required attribute for hosts",
                    ));
                }
                let t = self.target_index(cx)?;
                self.targets[t].entries.push(Entry::Record(record));
                self.write(cx, t)?;
                Ok(property.ensure_message())
            }
            "target" => {
                let Some((from, i)) = self.found else {
                    return Ok(property.change_message());
                };
                let Entry::Record(record) = self.targets[from].entries.remove(i) else {
                    return Ok(property.change_message());
                };
                self.write(cx, from)?;
                let to = self.target_index(cx)?;
                self.targets[to].entries.push(Entry::Record(record));
                self.write(cx, to)?;
                Ok(property.change_message())
            }
            name => {
                let Some((t, i)) = self.found else {
                    return Ok(property.change_message());
                };
                let desired = self.desired();
                if let Some(r) = self.targets[t].record_mut(i) {
                    match name {
                        "ip" => r.ip = desired.ip,
                        "host_aliases" => r.host_aliases = desired.host_aliases,
                        "comment" => r.comment = desired.comment,
                        _ => {}
                    }
                }
                self.write(cx, t)?;
                Ok(property.change_message())
            }
        }
    }

    fn provider_name(&self) -> Option<&'static str> {
        Some("parsed")
    }
}

/// The entries of `/etc/hosts` (Puppet's `instances`).
pub fn instances(host: &Machine) -> Result<Vec<Instance>, ResourceError> {
    let t = parsedfile::read(&Hosts, host, DEFAULT_TARGET)?;
    Ok(t.records()
        .map(|r| {
            let mut parameters = indexmap::IndexMap::new();
            parameters.insert("ip".into(), json!(r.ip));
            if let Some(a) = &r.host_aliases {
                parameters.insert(
                    "host_aliases".into(),
                    json!(a.split(' ').collect::<Vec<_>>()),
                );
            }
            parameters.insert("comment".into(), json!(r.comment));
            parameters.insert("target".into(), json!(DEFAULT_TARGET));
            Instance {
                title: r.name.clone(),
                parameters,
            }
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_parse_and_print_like_the_parsed_provider() {
        let t = parsedfile::parse(
            &Hosts,
            "/etc/hosts",
            "127.0.0.1\tlocalhost\n::1 ip6-localhost  ip6-loopback # v6\n# comment\nnot an entry\n",
        )
        .expect("parses");
        let records: Vec<&Record> = t.records().collect();
        assert_eq!(records.len(), 2);
        assert_eq!(records[1].host_aliases.as_deref(), Some("ip6-loopback"));
        assert_eq!(records[1].comment, "v6");
        assert_eq!(
            Hosts.to_line(records[1]).expect("line"),
            "::1\tip6-localhost\tip6-loopback\t# v6"
        );
        assert!(matches!(t.entries[3], Entry::Text(_)));
    }

    #[test]
    fn addresses_are_checked() {
        assert!(valid_v4("10.0.0.255"));
        assert!(!valid_v4("10.0.0.256"));
        assert!(valid_v6("fe80::1%eth0"));
        assert!(!valid_v6("zz::1"));
    }
}
