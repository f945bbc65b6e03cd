//! sshkeys_core's `ssh_authorized_key` (a key line of a user's
//! `~/.ssh/authorized_keys`, or `target`) and `sshkey` (a host key of
//! `/etc/ssh/ssh_known_hosts`, or `target`), with the `parsed` providers'
//! line formats.
//!
//! An authorized_keys file is written as its user: a missing `.ssh`
//! directory is made mode 0700 and the file ends mode 0600, both owned by
//! the user and its primary group (Puppet writes them as the user with
//! `drop_privileges`, the default, or chowns them without). The user's
//! home comes from the root's `/etc/passwd`.

use crate::parsedfile::{self, Entry, Format, Target};
use crate::{
    Context, Examined, Instance, Machine, Property, ResourceError, Sync, file::io_text, located,
    param_bool, param_list, param_string,
};
use kuppet_catalog::Resource;
use kuppet_catalog::graph::AutoRequire;
use kuppet_values::value::RegexValue;
use serde_json::{Value, json};
use std::sync::LazyLock;

/// The key types `ssh_authorized_key` accepts, and their aliases.
const KEY_TYPES: [&str; 14] = [
    "ssh-dss",
    "ssh-rsa",
    "ecdsa-sha2-nistp256",
    "ecdsa-sha2-nistp384",
    "ecdsa-sha2-nistp521",
    "ssh-ed25519",
    "sk-ecdsa-sha2-nistp256@openssh.com",
    "sk-ssh-ed25519@openssh.com",
    "ssh-rsa-cert-v01@openssh.com",
    "ssh-ed25519-cert-v01@openssh.com",
    "ssh-dss-cert-v01@openssh.com",
    "ecdsa-sha2-nistp256-cert-v01@openssh.com",
    "ecdsa-sha2-nistp384-cert-v01@openssh.com",
    "ecdsa-sha2-nistp521-cert-v01@openssh.com",
];

/// The key types `sshkey` accepts.
const HOST_KEY_TYPES: [&str; 8] = [
    "ssh-dss",
    "ssh-ed25519",
    "ssh-rsa",
    "ecdsa-sha2-nistp256",
    "ecdsa-sha2-nistp384",
    "ecdsa-sha2-nistp521",
    "sk-ecdsa-sha2-nistp256@openssh.com",
    "sk-ssh-ed25519@openssh.com",
];

/// A key type's alias resolved (`rsa` → `ssh-rsa`); None when invalid.
fn key_type(value: &str, valid: &[&str]) -> Option<String> {
    let resolved = match value {
        "dsa" => "ssh-dss",
        "ed25519" => "ssh-ed25519",
        "rsa" => "ssh-rsa",
        "ecdsa-sk" => "sk-ecdsa-sha2-nistp256@openssh.com",
        "ed25519-sk" => "sk-ssh-ed25519@openssh.com",
        other => other,
    };
    valid.contains(&resolved).then(|| resolved.to_string())
}

fn type_error(resource: &Resource, value: &str, valid: &[&str]) -> ResourceError {
    ResourceError::invalid(located(
        resource,
        &format!(
            "Parameter type failed on {}: Invalid value \"{value}\". Valid values are {}.",
            resource.reference(),
            valid.join(", ")
        ),
    ))
}

fn ensure(resource: &Resource) -> Result<Option<bool>, ResourceError> {
    match param_string(resource, "ensure").as_deref() {
        None => Ok(None),
        Some("present") => Ok(Some(true)),
        Some("absent") => Ok(Some(false)),
        Some(other) => Err(ResourceError::invalid(located(
            resource,
            &format!(
                "Parameter ensure failed on {}: Invalid value \"{other}\". Valid values are present, absent.",
                resource.reference()
            ),
        ))),
    }
}

static KEYLINE: LazyLock<RegexValue> = LazyLock::new(|| {
    RegexValue::new(&format!(
        r"^(?:(.+)\s+)?({})\s+([^ ]+)\s*(.*)$",
        [
            "ssh-dss",
            "ssh-ed25519",
            "ssh-rsa",
            "ecdsa-sha2-nistp256",
            "ecdsa-sha2-nistp384",
            "ecdsa-sha2-nistp521",
            "ecdsa-sk",
            "ed25519-sk",
            "sk-ecdsa-sha2-nistp256@openssh.com",
            "sk-ssh-ed25519@openssh.com",
            "ssh-rsa-cert-v01@openssh.com",
            "ssh-ed25519-cert-v01@openssh.com",
            "ssh-dss-cert-v01@openssh.com",
            "ecdsa-sha2-nistp256-cert-v01@openssh.com",
            "ecdsa-sha2-nistp384-cert-v01@openssh.com",
            "ecdsa-sha2-nistp521-cert-v01@openssh.com",
        ]
        .join("|")
    ))
    .expect("the type's key line regex")
});

static OPTION: LazyLock<RegexValue> =
    LazyLock::new(|| RegexValue::new(r#"^[-a-z0-9A-Z_]+(?:=".*?")?$"#).expect("option regex"));

/// The provider's `parse_options`: `key="value"` or bare words, separated
/// by commas.
pub fn parse_options(options: &str) -> Vec<String> {
    let long = RegexValue::new(r#"\A[-a-z0-9A-Z_]+=".*?[^\\]""#).expect("regex");
    let word = RegexValue::new(r"\A[-a-z0-9A-Z_]+").expect("regex");
    let mut rest = options;
    let mut out = Vec::new();
    while !rest.is_empty() {
        rest = rest.trim_start_matches([' ', '\t']);
        let found = long
            .captures(rest)
            .or_else(|| word.captures(rest))
            .and_then(|c| c.into_iter().next().flatten());
        let Some(token) = found else {
            break;
        };
        rest = &rest[token.len()..];
        out.push(token);
        let trimmed = rest.trim_start_matches([' ', '\t']);
        if let Some(after) = trimmed.strip_prefix(',') {
            rest = after.trim_start_matches([' ', '\t']);
        }
    }
    out
}

/// One authorized key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeyRecord {
    pub options: Vec<String>,
    pub key_type: String,
    pub key: String,
    /// The comment; empty when the line has none.
    pub name: String,
}

/// The `parsed` provider of `ssh_authorized_key`.
#[derive(Debug, Clone, Copy)]
pub struct AuthorizedKeys;

impl Format for AuthorizedKeys {
    type Record = KeyRecord;

    fn parse_line(&self, line: &str) -> Option<Entry<KeyRecord>> {
        if line.trim_start().starts_with('#') || line.trim().is_empty() {
            return Some(Entry::Text(line.to_string()));
        }
        if let Some(caps) = KEYLINE.captures(line) {
            let get = |i: usize| caps.get(i).cloned().flatten().unwrap_or_default();
            let options = get(1);
            return Some(Entry::Record(KeyRecord {
                options: if options.is_empty() {
                    Vec::new()
                } else {
                    parse_options(&options)
                },
                key_type: get(2),
                key: get(3),
                name: get(4),
            }));
        }
        // SSH1 keys (`bits exponent modulus`) are kept as they are.
        let v1 = kuppet_values::ruby::static_regex(r"^(?:(.+) )?(\d+) (\d+) (\d+)(?: (.+))?$");
        if v1.is_match(line) {
            return Some(Entry::Text(line.to_string()));
        }
        None
    }

    fn to_line(&self, r: &KeyRecord) -> Result<String, String> {
        let line = format!(
            "{} {} {} {}",
            r.options.join(","),
            r.key_type,
            r.key,
            r.name
        );
        Ok(line.trim_start().to_string())
    }
}

/// An `ssh_authorized_key` resource.
#[derive(Debug)]
pub struct AuthorizedKey {
    name: String,
    present: Option<bool>,
    key_type: Option<String>,
    key: Option<String>,
    user: Option<String>,
    target: Option<String>,
    /// None: `options` not given (Puppet's default, absent: no options).
    options: Vec<String>,
    drop_privileges: bool,
    targets: Vec<Target<KeyRecord>>,
    found: Option<(usize, usize)>,
}

impl AuthorizedKey {
    pub fn new(resource: &Resource) -> Result<AuthorizedKey, ResourceError> {
        let reference = resource.reference();
        let present = ensure(resource)?;
        let key_type = match param_string(resource, "type") {
            None => None,
            Some(t) => {
                Some(key_type(&t, &KEY_TYPES).ok_or_else(|| type_error(resource, &t, &KEY_TYPES))?)
            }
        };
        let key = param_string(resource, "key");
        if let Some(k) = &key
            && k.chars().any(char::is_whitespace)
        {
            return Err(ResourceError::invalid(located(
                resource,
                &format!(
                    "Parameter key failed on {reference}: Key must not contain whitespace: {k}"
                ),
            )));
        }
        let options: Vec<String> = param_list(resource, "options")
            .into_iter()
            .filter(|o| o != "absent")
            .collect();
        for o in &options {
            if !OPTION.is_match(o) {
                return Err(ResourceError::invalid(located(
                    resource,
                    &format!(
                        "Parameter options failed on {reference}: Option {o} is not valid. A single option must either be of the form 'option' or 'option=\"value\"'. Multiple options must be provided as an array"
                    ),
                )));
            }
        }
        let user = param_string(resource, "user");
        let target = param_string(resource, "target").filter(|t| t != "absent");
        if user.is_none() && target.is_none() {
            return Err(ResourceError::invalid(located(
                resource,
                &format!(
                    "Validation of {reference} failed: Attribute 'user' or 'target' is mandatory"
                ),
            )));
        }
        let present = crate::ensure_or_managed(
            resource,
            present,
            &["type", "key", "user", "target", "options"],
        );
        Ok(AuthorizedKey {
            name: param_string(resource, "name").unwrap_or_else(|| resource.title.clone()),
            present,
            key_type,
            key,
            user,
            target,
            options,
            drop_privileges: param_bool(resource, "drop_privileges")?.unwrap_or(true),
            targets: Vec::new(),
            found: None,
        })
    }

    /// The file the key belongs in: `target`, else the user's
    /// `~/.ssh/authorized_keys`.
    fn target(&self, host: &Machine) -> Option<String> {
        if let Some(t) = &self.target {
            return Some(t.clone());
        }
        let user = self.user.as_ref()?;
        let home = host.users().into_iter().find(|u| &u.name == user)?.home;
        Some(format!(
            "{}/.ssh/authorized_keys",
            home.trim_end_matches('/')
        ))
    }

    fn read(&mut self, host: &Machine) -> Result<(), ResourceError> {
        self.targets.clear();
        self.found = None;
        if let Some(t) = self.target(host) {
            let target = parsedfile::read(&AuthorizedKeys, host, &t)?;
            self.found = target.position(|r| r.name == self.name).map(|i| (0, i));
            self.targets.push(target);
        }
        Ok(())
    }

    fn record(&self) -> Option<&KeyRecord> {
        let (t, i) = self.found?;
        match &self.targets[t].entries[i] {
            Entry::Record(r) => Some(r),
            Entry::Text(_) => None,
        }
    }

    /// The provider's `flush`: the file written as the user, with Puppet's
    /// modes.
    fn flush(&self, cx: &mut Context, target: &Target<KeyRecord>) -> Result<(), ResourceError> {
        let Some(user) = &self.user else {
            return Err(ResourceError::failed(
                "Cannot write SSH authorized keys without user",
            ));
        };
        let Some(entry) = cx.host.users().into_iter().find(|u| &u.name == user) else {
            return Err(ResourceError::failed(format!(
                "User '{user}' does not exist"
            )));
        };
        let root = cx.host.fs().clone();
        let path = target.path.clone();
        let dir = match path.rfind('/') {
            Some(0) => "/".to_string(),
            Some(i) => path[..i].to_string(),
            None => ".".to_string(),
        };
        if self.drop_privileges {
            if !root.exists(&dir) {
                root.create_dir(&dir, 0o700)
                    .and_then(|_| root.set_owner(&dir, Some(entry.uid), Some(entry.gid), false))
                    .map_err(|e| {
                        ResourceError::failed(format!("{} @ dir_s_mkdir - {dir}", io_text(&e)))
                    })?;
            }
        } else if !root.is_dir(&dir) {
            return Err(ResourceError::failed(
                "drop_privileges is false but the target path is not trusted",
            ));
        }
        let existed = root.exists(&path);
        parsedfile::write(&AuthorizedKeys, cx, target, 0o600)?;
        let set = || -> std::io::Result<()> {
            if !existed || !self.drop_privileges {
                root.set_owner(&path, Some(entry.uid), Some(entry.gid), true)?;
            }
            root.set_mode(&path, 0o600)
        };
        set().map_err(|e| ResourceError::failed(format!("{} - {path}", io_text(&e))))
    }

    fn desired(&self) -> KeyRecord {
        KeyRecord {
            options: self.options.clone(),
            key_type: self.key_type.clone().unwrap_or_default(),
            key: self.key.clone().unwrap_or_default(),
            name: self.name.clone(),
        }
    }
}

impl crate::Provider for AuthorizedKey {
    fn examine(&mut self, cx: &mut Context) -> Result<Examined, ResourceError> {
        self.read(cx.host)?;
        let current = self.record().cloned();
        let present = current.is_some();
        let mut props = Vec::new();
        if let Some(want) = self.present {
            props.push(crate::parsed_ensure("ssh_authorized_key", present, want));
        }
        if let Some(r) = &current {
            let same = |a: &str, b: &str| {
                if a == b {
                    Sync::InSync
                } else {
                    Sync::OutOfSync
                }
            };
            if let Some(t) = &self.key_type {
                props.push(Property::new(
                    "type",
                    json!(r.key_type),
                    json!(t),
                    same(&r.key_type, t),
                ));
            }
            if let Some(k) = &self.key {
                props.push(Property::new(
                    "key",
                    json!(r.key),
                    json!(k),
                    same(&r.key, k),
                ));
            }
            if let Some(t) = &self.target {
                let have = self.targets[0].path.clone();
                props.push(Property::new(
                    "target",
                    json!(have),
                    json!(t),
                    same(&have, t),
                ));
            }
            let have = if r.options.is_empty() {
                json!(["absent"])
            } else {
                json!(r.options)
            };
            let want = if self.options.is_empty() {
                json!(["absent"])
            } else {
                json!(self.options)
            };
            let sync = if have == want {
                Sync::InSync
            } else {
                Sync::OutOfSync
            };
            props.push(Property::new("options", have, want, sync));
        }
        Ok(Examined {
            present,
            properties: props,
        })
    }

    fn sync(&mut self, property: &Property, cx: &mut Context) -> Result<String, ResourceError> {
        self.read(cx.host)?;
        if self.targets.is_empty() {
            return Err(ResourceError::failed(
                "Cannot write SSH authorized keys without user",
            ));
        }
        let mut target = self.targets[0].clone();
        match (property.name, self.found) {
            ("ensure", Some((_, i))) if self.present == Some(false) => {
                target.entries.remove(i);
            }
            ("ensure", _) if self.present == Some(false) => return Ok(property.ensure_message()),
            ("ensure", _) => target.entries.push(Entry::Record(self.desired())),
            (name, Some((_, i))) => {
                let desired = self.desired();
                if let Some(r) = target.record_mut(i) {
                    match name {
                        "type" => r.key_type = desired.key_type,
                        "key" => r.key = desired.key,
                        "options" => r.options = desired.options,
                        _ => {}
                    }
                }
            }
            _ => {}
        }
        self.flush(cx, &target)?;
        Ok(if property.name == "ensure" {
            property.ensure_message()
        } else {
            property.change_message()
        })
    }

    fn provider_name(&self) -> Option<&'static str> {
        Some("parsed")
    }
}

/// An `ssh_authorized_key` requires its user.
pub fn autorequire(resource: &Resource) -> Vec<AutoRequire> {
    param_string(resource, "user")
        .map(|u| vec![AutoRequire::new("User", u)])
        .unwrap_or_default()
}

/// The default known hosts file.
pub const KNOWN_HOSTS: &str = "/etc/ssh/ssh_known_hosts";

/// One known host key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HostKeyRecord {
    pub name: String,
    pub host_aliases: Vec<String>,
    pub key_type: String,
    pub key: String,
}

/// The `parsed` provider of `sshkey`.
#[derive(Debug, Clone, Copy)]
pub struct KnownHosts;

impl Format for KnownHosts {
    type Record = HostKeyRecord;

    fn parse_line(&self, line: &str) -> Option<Entry<HostKeyRecord>> {
        if line.starts_with('#') || line.trim().is_empty() {
            return Some(Entry::Text(line.to_string()));
        }
        let mut fields = line.split_whitespace();
        let names = fields.next()?;
        let key_type = fields.next().unwrap_or("").to_string();
        // Puppet's rollup: the rest is the key, joined by spaces.
        let key = fields.collect::<Vec<_>>().join(" ");
        let mut names = names.split(',').map(str::to_string);
        Some(Entry::Record(HostKeyRecord {
            name: names.next().unwrap_or_default(),
            host_aliases: names.collect(),
            key_type,
            key,
        }))
    }

    fn to_line(&self, r: &HostKeyRecord) -> Result<String, String> {
        let mut names = vec![r.name.clone()];
        names.extend(r.host_aliases.iter().cloned());
        Ok(format!("{} {} {}", names.join(","), r.key_type, r.key))
    }
}

/// An `sshkey` resource (`name@type`).
#[derive(Debug)]
pub struct HostKey {
    name: String,
    key_type: String,
    present: Option<bool>,
    key: Option<String>,
    host_aliases: Option<Vec<String>>,
    target: Option<String>,
    targets: Vec<Target<HostKeyRecord>>,
    found: Option<(usize, usize)>,
}

impl HostKey {
    pub fn new(resource: &Resource) -> Result<HostKey, ResourceError> {
        let reference = resource.reference();
        let invalid = |param: &str, message: &str| {
            ResourceError::invalid(located(
                resource,
                &format!("Parameter {param} failed on {reference}: {message}"),
            ))
        };
        let present = ensure(resource)?;
        let (title_name, title_type) = match resource.title.split_once('@') {
            Some((n, t)) => (n.to_string(), Some(t.to_string())),
            None => (resource.title.clone(), None),
        };
        let name = param_string(resource, "name").unwrap_or(title_name);
        if name.chars().any(char::is_whitespace) {
            return Err(invalid("name", "Resourcename cannot include whitespaces"));
        }
        if name.contains(',') {
            return Err(invalid(
                "name",
                "No comma in resourcename allowed. If you want to specify aliases use the host_aliases property",
            ));
        }
        let raw_type = param_string(resource, "type")
            .or(title_type)
            .unwrap_or_default();
        let key_type = key_type(&raw_type, &HOST_KEY_TYPES)
            .ok_or_else(|| type_error(resource, &raw_type, &HOST_KEY_TYPES))?;
        let host_aliases = match resource.parameters.get("host_aliases") {
            None | Some(Value::Null) => None,
            Some(_) => {
                let aliases = param_list(resource, "host_aliases");
                for a in &aliases {
                    if a.chars().any(char::is_whitespace) {
                        return Err(invalid("host_aliases", "Aliases cannot include whitespace"));
                    }
                    if a.contains(',') {
                        return Err(invalid(
                            "host_aliases",
                            "Aliases must be provided as an array, not a comma-separated list",
                        ));
                    }
                }
                Some(aliases)
            }
        };
        let present = crate::ensure_or_managed(
            resource,
            present,
            &["type", "key", "host_aliases", "target"],
        );
        Ok(HostKey {
            name,
            key_type,
            present,
            key: param_string(resource, "key"),
            host_aliases,
            target: param_string(resource, "target"),
            targets: Vec::new(),
            found: None,
        })
    }

    fn target(&self) -> &str {
        self.target.as_deref().unwrap_or(KNOWN_HOSTS)
    }

    fn read(&mut self, host: &Machine) -> Result<(), ResourceError> {
        self.targets = vec![parsedfile::read(&KnownHosts, host, KNOWN_HOSTS)?];
        if self.target() != KNOWN_HOSTS {
            let t = parsedfile::read(&KnownHosts, host, self.target())?;
            self.targets.push(t);
        }
        self.found = None;
        for (ti, t) in self.targets.iter().enumerate() {
            if let Some(i) = t.position(|r| r.name == self.name && r.key_type == self.key_type) {
                self.found = Some((ti, i));
            }
        }
        Ok(())
    }

    fn record(&self) -> Option<&HostKeyRecord> {
        let (t, i) = self.found?;
        match &self.targets[t].entries[i] {
            Entry::Record(r) => Some(r),
            Entry::Text(_) => None,
        }
    }

    fn target_index(&mut self, host: &Machine) -> Result<usize, ResourceError> {
        let want = self.target().to_string();
        match self.targets.iter().position(|t| t.path == want) {
            Some(i) => Ok(i),
            None => {
                self.targets
                    .push(parsedfile::read(&KnownHosts, host, &want)?);
                Ok(self.targets.len() - 1)
            }
        }
    }
}

impl crate::Provider for HostKey {
    fn examine(&mut self, cx: &mut Context) -> Result<Examined, ResourceError> {
        self.read(cx.host)?;
        let current = self.record().cloned();
        let present = current.is_some();
        let mut props = Vec::new();
        if let Some(want) = self.present {
            props.push(crate::parsed_ensure("sshkey", present, want));
        }
        if let Some(r) = &current {
            if let Some(k) = &self.key {
                let sync = if r.key == *k {
                    Sync::InSync
                } else {
                    Sync::OutOfSync
                };
                props.push(Property::new("key", json!(r.key), json!(k), sync));
            }
            if let Some(a) = &self.host_aliases {
                let sync = if r.host_aliases == *a {
                    Sync::InSync
                } else {
                    Sync::OutOfSync
                };
                props.push(Property::new(
                    "host_aliases",
                    json!(r.host_aliases),
                    json!(a),
                    sync,
                ));
            }
            if let Some(t) = &self.target {
                let have = self.targets[self.found.map_or(0, |f| f.0)].path.clone();
                let sync = if have == *t {
                    Sync::InSync
                } else {
                    Sync::OutOfSync
                };
                props.push(Property::new("target", json!(have), json!(t), sync));
            }
        }
        Ok(Examined {
            present,
            properties: props,
        })
    }

    fn sync(&mut self, property: &Property, cx: &mut Context) -> Result<String, ResourceError> {
        self.read(cx.host)?;
        let desired = HostKeyRecord {
            name: self.name.clone(),
            host_aliases: self.host_aliases.clone().unwrap_or_default(),
            key_type: self.key_type.clone(),
            key: self.key.clone().unwrap_or_default(),
        };
        match (property.name, self.found) {
            ("ensure", Some((t, i))) if self.present == Some(false) => {
                self.targets[t].entries.remove(i);
                parsedfile::write(&KnownHosts, cx, &self.targets[t], 0o644)?;
            }
            ("ensure", _) if self.present == Some(false) => {}
            ("ensure", _) => {
                let t = self.target_index(cx.host)?;
                self.targets[t].entries.push(Entry::Record(desired));
                parsedfile::write(&KnownHosts, cx, &self.targets[t], 0o644)?;
            }
            ("target", Some((from, i))) => {
                let moved = self.targets[from].entries.remove(i);
                parsedfile::write(&KnownHosts, cx, &self.targets[from], 0o644)?;
                let to = self.target_index(cx.host)?;
                self.targets[to].entries.push(moved);
                parsedfile::write(&KnownHosts, cx, &self.targets[to], 0o644)?;
            }
            (name, Some((t, i))) => {
                if let Some(r) = self.targets[t].record_mut(i) {
                    match name {
                        "key" => r.key = desired.key,
                        "host_aliases" => r.host_aliases = desired.host_aliases,
                        _ => {}
                    }
                }
                parsedfile::write(&KnownHosts, cx, &self.targets[t], 0o644)?;
            }
            _ => {}
        }
        Ok(if property.name == "ensure" {
            property.ensure_message()
        } else {
            property.change_message()
        })
    }

    fn provider_name(&self) -> Option<&'static str> {
        Some("parsed")
    }
}

/// The keys of `/etc/ssh/ssh_known_hosts` (Puppet's `instances`), titled
/// `name@type`.
pub fn known_host_instances(host: &Machine) -> Result<Vec<Instance>, ResourceError> {
    let t = parsedfile::read(&KnownHosts, host, KNOWN_HOSTS)?;
    Ok(t.records()
        .map(|r| {
            let mut parameters = indexmap::IndexMap::new();
            parameters.insert("name".into(), json!(r.name));
            parameters.insert("type".into(), json!(r.key_type));
            parameters.insert("key".into(), json!(r.key));
            parameters.insert("host_aliases".into(), json!(r.host_aliases));
            parameters.insert("target".into(), json!(KNOWN_HOSTS));
            Instance {
                title: format!("{}@{}", r.name, r.key_type),
                parameters,
            }
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn key_lines_parse_with_options() {
        let t = parsedfile::parse(
            &AuthorizedKeys,
            "/k",
            "# c\nfrom=\"10.0.0.1,10.0.0.2\",no-pty ssh-ed25519 AAAAC3 alice@laptop\nssh-rsa AAAAB3\n",
        )
        .expect("parses");
        let r: Vec<&KeyRecord> = t.records().collect();
        assert_eq!(r[0].options, vec!["from=\"10.0.0.1,10.0.0.2\"", "no-pty"]);
        assert_eq!(r[0].key_type, "ssh-ed25519");
        assert_eq!(r[0].name, "alice@laptop");
        assert_eq!(
            AuthorizedKeys.to_line(r[0]).expect("line"),
            "from=\"10.0.0.1,10.0.0.2\",no-pty ssh-ed25519 AAAAC3 alice@laptop"
        );
        assert_eq!(r[1].name, "");
        assert_eq!(
            AuthorizedKeys.to_line(r[1]).expect("line"),
            "ssh-rsa AAAAB3 "
        );
        assert!(parsedfile::parse(&AuthorizedKeys, "/k", "garbage\n").is_err());
    }

    #[test]
    fn known_hosts_carry_aliases() {
        let t = parsedfile::parse(&KnownHosts, "/k", "gh,1.2.3.4 ssh-rsa AAAA\n").expect("parses");
        let r: Vec<&HostKeyRecord> = t.records().collect();
        assert_eq!(r[0].name, "gh");
        assert_eq!(r[0].host_aliases, vec!["1.2.3.4"]);
        assert_eq!(
            KnownHosts.to_line(r[0]).expect("line"),
            "gh,1.2.3.4 ssh-rsa AAAA"
        );
        assert_eq!(key_type("rsa", &HOST_KEY_TYPES).as_deref(), Some("ssh-rsa"));
        assert_eq!(key_type("bogus", &HOST_KEY_TYPES), None);
    }
}
