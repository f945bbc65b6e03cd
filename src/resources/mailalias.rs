//! mailalias_core's `mailalias`: an entry of `/etc/aliases` (or `target`),
//! `name: recipient, recipient` or `name: :include: /file`, with the
//! `aliases` provider's parsing (commas inside quotes kept, quotes dropped)
//! and printing (recipients with characters other than `-+\w@.` quoted).
//!
//! Like the module's provider, kuppet does not run `newaliases`: the alias
//! database is rebuilt by whatever the catalog runs after a change (an
//! `exec { 'newaliases': refreshonly => true, subscribe => Mailalias[...] }`,
//! as Debian's postfix module declares).

use crate::parsedfile::{self, Entry, Format, Target};
use crate::{
    Context, Examined, Instance, Machine, Property, ResourceError, Sync, located, param_list,
    param_string,
};
use kuppet_catalog::Resource;
use serde_json::{Value, json};

pub const DEFAULT_TARGET: &str = "/etc/aliases";

/// One alias.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record {
    pub name: String,
    pub recipient: Option<Vec<String>>,
    pub file: Option<String>,
}

/// The `aliases` provider's lines.
#[derive(Debug, Clone, Copy)]
pub struct Aliases;

/// Splits recipients at commas outside double quotes, and drops one quote
/// at each end of each.
fn split_recipients(s: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut current = String::new();
    let mut quoted = false;
    for c in s.chars() {
        match c {
            '"' => {
                quoted = !quoted;
                current.push(c);
            }
            ',' if !quoted => {
                out.push(std::mem::take(&mut current));
            }
            c => current.push(c),
        }
    }
    out.push(current);
    out.into_iter()
        .map(|d| {
            let d = d.trim();
            let d = d.strip_prefix(['"', '\'']).unwrap_or(d);
            d.strip_suffix(['"', '\'']).unwrap_or(d).to_string()
        })
        .collect()
}

impl Format for Aliases {
    type Record = Record;

    fn parse_line(&self, line: &str) -> Option<Entry<Record>> {
        if line.starts_with('#') || line.trim().is_empty() {
            return Some(Entry::Text(line.to_string()));
        }
        let parts: Vec<&str> = line.splitn(4, ':').collect();
        let name = parts[0].trim().to_string();
        if parts.len() == 4 && parts[2].trim() == "include" {
            return Some(Entry::Record(Record {
                name,
                recipient: None,
                file: Some(parts[3].trim().to_string()),
            }));
        }
        let rest = line.split_once(':').map(|(_, r)| r.trim()).unwrap_or("");
        Some(Entry::Record(Record {
            name,
            recipient: Some(split_recipients(rest)),
            file: None,
        }))
    }

    fn to_line(&self, r: &Record) -> Result<String, String> {
        let plain = |d: &str| {
            d.chars()
                .all(|c| c.is_alphanumeric() || c == '_' || "-+@.".contains(c))
        };
        if let Some(recipients) = &r.recipient {
            let dest: Vec<String> = recipients
                .iter()
                .map(|d| {
                    if plain(d) {
                        d.clone()
                    } else {
                        format!("\"{d}\"")
                    }
                })
                .collect();
            Ok(format!("{}: {}", r.name, dest.join(",")))
        } else if let Some(file) = &r.file {
            Ok(format!("{}: :include: {file}", r.name))
        } else {
            Ok(String::new())
        }
    }
}

/// A `mailalias` resource.
#[derive(Debug)]
pub struct Mailalias {
    name: String,
    present: Option<bool>,
    recipient: Option<Vec<String>>,
    file: Option<String>,
    target: Option<String>,
    targets: Vec<Target<Record>>,
    found: Option<(usize, usize)>,
}

impl Mailalias {
    pub fn new(resource: &Resource) -> Result<Mailalias, ResourceError> {
        let reference = resource.reference();
        let present = match param_string(resource, "ensure").as_deref() {
            None => None,
            Some("present") => Some(true),
            Some("absent") => Some(false),
            Some(other) => {
                return Err(ResourceError::invalid(located(
                    resource,
                    &format!(
                        "Parameter ensure failed on {reference}: Invalid value \"{other}\". Valid values are present, absent."
                    ),
                )));
            }
        };
        let recipient = match resource.parameters.get("recipient") {
            None | Some(Value::Null) => None,
            Some(_) => Some(param_list(resource, "recipient")),
        };
        let file = param_string(resource, "file");
        if let Some(f) = &file
            && !f.starts_with('/')
        {
            return Err(ResourceError::invalid(located(
                resource,
                &format!(
                    "Parameter file failed on {reference}: File paths must be fully qualified, not '{f}'"
                ),
            )));
        }
        if recipient.is_some() && file.is_some() {
            return Err(ResourceError::invalid(located(
                resource,
                &format!(
                    "Validation of {reference} failed: You cannot specify both a recipient and a file"
                ),
            )));
        }
        let present = crate::ensure_or_managed(resource, present, &["recipient", "file", "target"]);
        Ok(Mailalias {
            name: param_string(resource, "name").unwrap_or_else(|| resource.title.clone()),
            present,
            recipient,
            file,
            target: param_string(resource, "target"),
            targets: Vec::new(),
            found: None,
        })
    }

    fn target(&self) -> &str {
        self.target.as_deref().unwrap_or(DEFAULT_TARGET)
    }

    fn read(&mut self, host: &Machine) -> Result<(), ResourceError> {
        self.targets = vec![parsedfile::read(&Aliases, host, DEFAULT_TARGET)?];
        if self.target() != DEFAULT_TARGET {
            let t = parsedfile::read(&Aliases, host, self.target())?;
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

    fn target_index(&mut self, host: &Machine) -> Result<usize, ResourceError> {
        let want = self.target().to_string();
        match self.targets.iter().position(|t| t.path == want) {
            Some(i) => Ok(i),
            None => {
                self.targets.push(parsedfile::read(&Aliases, host, &want)?);
                Ok(self.targets.len() - 1)
            }
        }
    }
}

/// A value of a record, `absent` when it has none.
fn or_absent(v: Option<Value>) -> Value {
    v.unwrap_or_else(|| json!("absent"))
}

impl crate::Provider for Mailalias {
    fn examine(&mut self, cx: &mut Context) -> Result<Examined, ResourceError> {
        self.read(cx.host)?;
        let current = self.record().cloned();
        let present = current.is_some();
        let mut props = Vec::new();
        if let Some(want) = self.present {
            props.push(crate::parsed_ensure("mailalias", present, want));
        }
        if let Some(r) = &current {
            if let Some(want) = &self.recipient {
                let sync = if r.recipient.as_ref() == Some(want) {
                    Sync::InSync
                } else {
                    Sync::OutOfSync
                };
                props.push(Property::new(
                    "recipient",
                    or_absent(r.recipient.as_ref().map(|v| json!(v))),
                    json!(want),
                    sync,
                ));
            }
            if let Some(want) = &self.file {
                let sync = if r.file.as_ref() == Some(want) {
                    Sync::InSync
                } else {
                    Sync::OutOfSync
                };
                props.push(Property::new(
                    "file",
                    or_absent(r.file.as_ref().map(|v| json!(v))),
                    json!(want),
                    sync,
                ));
            }
            if let Some(target) = &self.target {
                let have = self.targets[self.found.map_or(0, |f| f.0)].path.clone();
                let sync = if have == *target {
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
        self.read(cx.host)?;
        match property.name {
            "ensure" if self.present == Some(false) => {
                if let Some((t, i)) = self.found {
                    self.targets[t].entries.remove(i);
                    parsedfile::write(&Aliases, cx, &self.targets[t], 0o600)?;
                }
                Ok(property.ensure_message())
            }
            "ensure" => {
                let record = Record {
                    name: self.name.clone(),
                    recipient: self.recipient.clone(),
                    file: self.file.clone(),
                };
                let t = self.target_index(cx.host)?;
                self.targets[t].entries.push(Entry::Record(record));
                parsedfile::write(&Aliases, cx, &self.targets[t], 0o600)?;
                Ok(property.ensure_message())
            }
            "target" => {
                if let Some((from, i)) = self.found {
                    let moved = self.targets[from].entries.remove(i);
                    parsedfile::write(&Aliases, cx, &self.targets[from], 0o600)?;
                    let to = self.target_index(cx.host)?;
                    self.targets[to].entries.push(moved);
                    parsedfile::write(&Aliases, cx, &self.targets[to], 0o600)?;
                }
                Ok(property.change_message())
            }
            name => {
                if let Some((t, i)) = self.found {
                    let (recipient, file) = (self.recipient.clone(), self.file.clone());
                    if let Some(r) = self.targets[t].record_mut(i) {
                        match name {
                            "recipient" => r.recipient = recipient,
                            "file" => r.file = file,
                            _ => {}
                        }
                    }
                    parsedfile::write(&Aliases, cx, &self.targets[t], 0o600)?;
                }
                Ok(property.change_message())
            }
        }
    }

    fn provider_name(&self) -> Option<&'static str> {
        Some("aliases")
    }
}

/// The aliases of `/etc/aliases` (Puppet's `instances`).
pub fn instances(host: &Machine) -> Result<Vec<Instance>, ResourceError> {
    let t = parsedfile::read(&Aliases, host, DEFAULT_TARGET)?;
    Ok(t.records()
        .map(|r| {
            let mut parameters = indexmap::IndexMap::new();
            if let Some(rcpt) = &r.recipient {
                parameters.insert("recipient".into(), json!(rcpt));
            }
            if let Some(f) = &r.file {
                parameters.insert("file".into(), json!(f));
            }
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
    fn aliases_parse_and_print_like_the_provider() {
        let t = parsedfile::parse(
            &Aliases,
            "/etc/aliases",
            "# c\npostmaster: root\nlist: a, \"b c\", d@x.org\ninc: :include: /etc/list\n",
        )
        .expect("parses");
        let records: Vec<&Record> = t.records().collect();
        assert_eq!(
            records[1].recipient.as_ref().expect("rcpt"),
            &vec!["a", "b c", "d@x.org"]
        );
        assert_eq!(records[2].file.as_deref(), Some("/etc/list"));
        assert_eq!(
            Aliases.to_line(records[1]).expect("line"),
            "list: a,\"b c\",d@x.org"
        );
        assert_eq!(
            Aliases.to_line(records[2]).expect("line"),
            "inc: :include: /etc/list"
        );
    }
}
