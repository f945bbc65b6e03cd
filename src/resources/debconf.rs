//! `debconf` (stm-debconf, provider `debian`): one item of the node's
//! debconf database, read and unregistered through the root's own
//! `/usr/bin/debconf-communicate PACKAGE` (`GET`, `FGET ... seen`,
//! `UNREGISTER`) and written with its `/usr/bin/debconf-set-selections`,
//! as the module's provider does. Its quirks are kept, since they are what
//! Puppet does: a value is written only when the item already had one or
//! the resource gives one, a `seen` change rewrites the value (empty when
//! the resource gives none), and a created item without value or `seen`
//! writes nothing (it is created again on every run).

use crate::machine::{Argv, CommandSpec, Machine};
use crate::{Context, Examined, Property, Provider, ResourceError, Sync, Unsuitable, located};
use kuppet_catalog::Resource;
use serde_json::{Value, json};

const COMMUNICATE: &str = "/usr/bin/debconf-communicate";
const SET_SELECTIONS: &str = "/usr/bin/debconf-set-selections";

/// The item names the type accepts, as its message prints the pattern.
const ITEM_PATTERN: &str = r"/^[a-z0-9][a-z0-9:.+-]+\/[a-zA-Z0-9\/_.+-]+$/";
const PACKAGE_PATTERN: &str = r"/^[a-z0-9][a-z0-9:.+-]+$/";
const TYPES: &[&str] = &[
    "string",
    "boolean",
    "select",
    "multiselect",
    "note",
    "text",
    "password",
    "title",
];

/// What the database holds for the item.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Found {
    pub value: String,
    pub seen: bool,
}

/// What the changes of a run leave for the flush.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Flush {
    /// `debconf-set-selections` with these lines.
    Set(Vec<String>),
    /// `UNREGISTER` the item.
    Unregister,
}

pub struct Debconf {
    item: String,
    package: String,
    /// The item's type (`select`...); required unless ensure is absent.
    kind: Option<String>,
    present: bool,
    /// The desired values, stripped; the first is written, any is in sync.
    values: Vec<String>,
    /// The desired `seen` flags; the first is written, any is in sync.
    seen: Vec<bool>,
    /// What examine found (None: the item does not exist).
    found: Option<Found>,
    flush: Option<Flush>,
}

impl Debconf {
    pub fn new(resource: &Resource) -> Result<Debconf, ResourceError> {
        let reference = resource.reference();
        let failed = |param: &str, detail: String| {
            ResourceError::invalid(located(
                resource,
                &format!("Parameter {param} failed on {reference}: {detail}"),
            ))
        };
        // Puppet sets the properties first, then the parameters, then the
        // defaults: the first invalid one in that order is the error.
        let present = match crate::param_string(resource, "ensure").as_deref() {
            None | Some("present") => true,
            Some("absent") => false,
            Some(other) => {
                return Err(failed(
                    "ensure",
                    format!("Invalid value \"{other}\". Valid values are present, absent."),
                ));
            }
        };
        let mut values = Vec::new();
        for v in list(resource.parameters.get("value")) {
            match v {
                Value::String(s) => values.push(strip(s).to_string()),
                other => {
                    return Err(failed(
                        "value",
                        format!(
                            "Munging failed for value {} in class value: undefined method `strip' for {}:{}",
                            ruby_inspect(other),
                            ruby_inspect(other),
                            ruby_class(other)
                        ),
                    ));
                }
            }
        }
        let mut seen = Vec::new();
        for v in list(resource.parameters.get("seen")) {
            match v {
                Value::Bool(b) => seen.push(*b),
                Value::String(s) if s == "true" => seen.push(true),
                Value::String(s) if s == "false" => seen.push(false),
                other => {
                    return Err(failed(
                        "seen",
                        format!(
                            "Invalid value {}. Valid values are true, false.",
                            ruby_inspect(other)
                        ),
                    ));
                }
            }
        }
        let given_item = crate::param_string(resource, "item");
        if let Some(item) = &given_item
            && !valid_item(item)
        {
            return Err(failed(
                "item",
                format!("Invalid value \"{item}\". Valid values match {ITEM_PATTERN}."),
            ));
        }
        let given_package = crate::param_string(resource, "package");
        if let Some(package) = &given_package
            && !valid_package(package)
        {
            return Err(failed(
                "package",
                format!("Invalid value \"{package}\". Valid values match {PACKAGE_PATTERN}."),
            ));
        }
        let kind = crate::param_string(resource, "type");
        if let Some(k) = &kind
            && !TYPES.contains(&k.as_str())
        {
            return Err(failed(
                "type",
                format!(
                    "Invalid value \"{k}\". Valid values are {}.",
                    TYPES.join(", ")
                ),
            ));
        }
        if let Some(p) = crate::param_string(resource, "provider")
            && p != "debian"
        {
            return Err(failed(
                "provider",
                format!("Invalid debconf provider '{p}'"),
            ));
        }
        // The item defaults to the name; Puppet's message for an invalid
        // default has neither the parameter nor the location.
        let item = match given_item {
            Some(i) => i,
            None => {
                let name = resource.param_str("name").unwrap_or(&resource.title);
                if !valid_item(name) {
                    return Err(ResourceError::invalid(format!(
                        "Invalid value \"{name}\". Valid values match {ITEM_PATTERN}."
                    )));
                }
                name.to_string()
            }
        };
        let package = given_package.unwrap_or_else(|| {
            item.split_once('/')
                .map_or(item.as_str(), |(p, _)| p)
                .to_string()
        });
        if kind.is_none() && present {
            return Err(ResourceError::invalid(located(
                resource,
                &format!("Validation of {reference} failed: type is a required attribute"),
            )));
        }
        Ok(Debconf {
            item,
            package,
            kind,
            present,
            values,
            seen,
            found: None,
            flush: None,
        })
    }

    /// The lines of `debconf-set-selections` the flush writes: the value
    /// when `value` is Some, then the seen flag the resource gives.
    fn selections(&self, value: Option<&str>) -> Vec<String> {
        let kind = self.kind.as_deref().unwrap_or("");
        let mut lines = Vec::new();
        if let Some(v) = value {
            lines.push(format!("{} {} {kind} {v}", self.package, self.item));
        }
        if let Some(s) = self.seen.first() {
            lines.push(format!("{} {} seen {s}", self.package, self.item));
        }
        lines
    }
}

/// A parameter's values: an array's items, else the one value.
fn list(v: Option<&Value>) -> Vec<&Value> {
    match v {
        None | Some(Value::Null) => Vec::new(),
        Some(Value::Array(items)) => items.iter().filter(|i| !i.is_null()).collect(),
        Some(one) => vec![one],
    }
}

/// Ruby's `String#strip`.
fn strip(s: &str) -> &str {
    s.trim_matches([' ', '\t', '\n', '\x0b', '\x0c', '\r', '\0'])
}

fn ruby_inspect(v: &Value) -> String {
    match v {
        Value::String(s) => format!("{s:?}"),
        other => other.to_string(),
    }
}

fn ruby_class(v: &Value) -> &'static str {
    match v {
        Value::Bool(true) => "TrueClass",
        Value::Bool(false) => "FalseClass",
        Value::Number(n) if n.is_f64() => "Float",
        Value::Number(_) => "Integer",
        Value::Array(_) => "Array",
        Value::Object(_) => "Hash",
        Value::String(_) => "String",
        Value::Null => "NilClass",
    }
}

fn package_part(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() >= 2
        && (b[0].is_ascii_lowercase() || b[0].is_ascii_digit())
        && b[1..]
            .iter()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || b":.+-".contains(c))
}

/// The type's item pattern over the whole value (the module's Ruby anchors
/// match at any line; a value of several lines is refused here, since its
/// lines would be separate commands to debconf).
pub fn valid_item(s: &str) -> bool {
    let Some((package, question)) = s.split_once('/') else {
        return false;
    };
    // The package part cannot hold a `/`, so the first one splits.
    package_part(package)
        && !question.is_empty()
        && question
            .bytes()
            .all(|c| c.is_ascii_alphanumeric() || b"/_.+-".contains(&c))
}

/// The type's package pattern over the whole value.
pub fn valid_package(s: &str) -> bool {
    package_part(s)
}

/// The responses of `debconf-communicate` in order: each line that starts
/// with a result code, as (code, text); the text is the rest of the line
/// after the spaces that follow the code.
pub fn responses(output: &str) -> Vec<(u32, String)> {
    output
        .lines()
        .filter_map(|line| {
            let digits = line.bytes().take_while(u8::is_ascii_digit).count();
            let code = line[..digits].parse().ok()?;
            let rest = line[digits..].trim_start_matches([' ', '\t', '\x0b', '\x0c', '\r']);
            Some((code, rest.to_string()))
        })
        .collect()
}

/// What a `GET` and an `FGET ... seen` answered: None when the item does
/// not exist (code 10).
pub fn found(item: &str, answers: &[(u32, String)]) -> Result<Option<Found>, ResourceError> {
    let closed = || ResourceError::failed("Debconf: debconf-communicate unexpectedly closed pipe");
    let (code, text) = answers.first().ok_or_else(closed)?;
    let value = match code {
        0 => text.clone(),
        10 => return Ok(None),
        _ => {
            return Err(ResourceError::failed(format!(
                "Debconf: 'GET {item}' returned {code}: {text}"
            )));
        }
    };
    let (code, text) = answers.get(1).ok_or_else(closed)?;
    let seen = match code {
        0 => text == "true",
        10 => false,
        _ => {
            return Err(ResourceError::failed(format!(
                "Debconf: 'FGET {item} seen' returned {code}: {text}"
            )));
        }
    };
    Ok(Some(Found { value, seen }))
}

/// Runs one of debconf's programs inside the root with `input` on its
/// standard input; its output, whatever its exit code (the module reads
/// the answers, not the status).
fn converse(
    host: &Machine,
    program: &str,
    args: &[&str],
    input: String,
) -> Result<String, ResourceError> {
    if !host.is_executable(program) {
        return Err(ResourceError::failed(format!(
            "No such file or directory - {program}"
        )));
    }
    let mut argv = vec![program.to_string()];
    argv.extend(args.iter().map(|a| a.to_string()));
    let out = host
        .run(&CommandSpec {
            argv: Some(Argv::Args(argv)),
            stdin: Some(input.into_bytes()),
            ..Default::default()
        })
        .map_err(|e| ResourceError::failed(format!("Could not run {program}: {e}")))?;
    Ok(out.output)
}

impl Provider for Debconf {
    fn examine(&mut self, cx: &mut Context) -> Result<Examined, ResourceError> {
        let input = format!("GET {0}\nFGET {0} seen\n", self.item);
        let out = converse(cx.host, COMMUNICATE, &[&self.package], input)?;
        self.found = found(&self.item, &responses(&out))?;
        let exists = self.found.is_some();
        let mut properties = vec![crate::parsed_ensure("debconf", exists, self.present)];
        if let (Some(f), true) = (&self.found, self.present) {
            if let Some(first) = self.values.first() {
                let sync = if self.values.contains(&f.value) {
                    Sync::InSync
                } else {
                    Sync::OutOfSync
                };
                properties.push(Property::new("value", json!(f.value), json!(first), sync));
            }
            if let Some(first) = self.seen.first() {
                let sync = if self.seen.contains(&f.seen) {
                    Sync::InSync
                } else {
                    Sync::OutOfSync
                };
                properties.push(Property::new(
                    "seen",
                    json!(f.seen.to_string()),
                    json!(first.to_string()),
                    sync,
                ));
            }
        }
        Ok(Examined {
            present: exists,
            properties,
        })
    }

    fn sync(&mut self, property: &Property, _cx: &mut Context) -> Result<String, ResourceError> {
        if property.name == "ensure" {
            self.flush = Some(if self.present {
                Flush::Set(self.selections(self.values.first().map(String::as_str)))
            } else {
                Flush::Unregister
            });
            return Ok(property.ensure_message());
        }
        // The item exists: the flush rewrites its value, the resource's or
        // an empty one.
        let value = self.values.first().map_or("", String::as_str);
        self.flush = Some(Flush::Set(self.selections(Some(value))));
        Ok(format!(
            "{} changed {} to {}",
            property.name, property.current_text, property.desired_text
        ))
    }

    fn finish(&mut self, cx: &mut Context) -> Result<(), ResourceError> {
        match self.flush.take() {
            None => Ok(()),
            Some(Flush::Set(lines)) => {
                let input: String = lines.iter().map(|l| format!("{l}\n")).collect();
                converse(cx.host, SET_SELECTIONS, &[], input).map(|_| ())
            }
            Some(Flush::Unregister) => {
                let input = format!("UNREGISTER {}\n", self.item);
                let out = converse(cx.host, COMMUNICATE, &[&self.package], input)?;
                match responses(&out).first() {
                    None => Err(ResourceError::failed(
                        "Debconf: debconf-communicate unexpectedly closed pipe",
                    )),
                    Some((0, _)) => Ok(()),
                    Some((code, text)) => Err(ResourceError::failed(format!(
                        "Debconf: 'UNREGISTER {}' returned {code}: {text}",
                        self.item
                    ))),
                }
            }
        }
    }

    fn suitable(&mut self, host: &Machine) -> Result<(), Unsuitable> {
        // The module confines it to hosts whose package provider is apt.
        if crate::select::HostFacts::of(host).family == "Debian" {
            Ok(())
        } else {
            Err(Unsuitable::NoProvider("debconf"))
        }
    }

    fn provider_name(&self) -> Option<&'static str> {
        Some("debian")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn resource(params: Value) -> Resource {
        let mut r: Resource = serde_json::from_value(json!({
            "type": "Debconf", "title": "tzdata/Areas", "tags": [], "exported": false,
            "file": "/x.pp", "line": 3, "parameters": params
        }))
        .expect("resource");
        r.parameters.retain(|_, v| !v.is_null());
        r
    }

    fn invalid(params: Value) -> String {
        match Debconf::new(&resource(params)) {
            Err(ResourceError::Invalid(m)) => m,
            Err(e) => panic!("not invalid: {e}"),
            Ok(_) => panic!("accepted"),
        }
    }

    #[test]
    fn items_and_packages_follow_the_type_s_patterns() {
        for ok in [
            "tzdata/Areas",
            "libc6/x",
            "dash/sh",
            "tzdata/Zones/Europe",
            "g++-12/a.b+c_d-e",
        ] {
            assert!(valid_item(ok), "{ok}");
        }
        for bad in [
            "a/b",
            "A/b",
            "x",
            "ab/",
            "ab/c d",
            "ab/c\nab/d",
            "-b/c",
            "ab/c$",
        ] {
            assert!(!valid_item(bad), "{bad}");
        }
        assert!(valid_package("libc6"));
        assert!(valid_package("g++:amd64"));
        for bad in ["a", "A_b", "ab/c", "-ab"] {
            assert!(!valid_package(bad), "{bad}");
        }
    }

    #[test]
    fn parameters_are_checked_in_puppet_s_order_with_its_words() {
        assert_eq!(
            invalid(json!({"ensure": "installed", "type": "string"})),
            "Parameter ensure failed on Debconf[tzdata/Areas]: Invalid value \"installed\". Valid values are present, absent. (file: /x.pp, line: 3)"
        );
        assert_eq!(
            invalid(json!({"type": "string", "value": 5, "seen": "yes"})),
            "Parameter value failed on Debconf[tzdata/Areas]: Munging failed for value 5 in class value: undefined method `strip' for 5:Integer (file: /x.pp, line: 3)"
        );
        assert_eq!(
            invalid(json!({"type": "string", "seen": "yes"})),
            "Parameter seen failed on Debconf[tzdata/Areas]: Invalid value \"yes\". Valid values are true, false. (file: /x.pp, line: 3)"
        );
        assert_eq!(
            invalid(json!({"type": "integer"})),
            "Parameter type failed on Debconf[tzdata/Areas]: Invalid value \"integer\". Valid values are string, boolean, select, multiselect, note, text, password, title. (file: /x.pp, line: 3)"
        );
        assert_eq!(
            invalid(json!({"type": "string", "package": "A_b"})),
            "Parameter package failed on Debconf[tzdata/Areas]: Invalid value \"A_b\". Valid values match /^[a-z0-9][a-z0-9:.+-]+$/. (file: /x.pp, line: 3)"
        );
        assert_eq!(
            invalid(json!({"value": "x"})),
            "Validation of Debconf[tzdata/Areas] failed: type is a required attribute (file: /x.pp, line: 3)"
        );
        // The default item (the name) is checked without parameter or location.
        assert_eq!(
            invalid(json!({"name": "x", "type": "string"})),
            "Invalid value \"x\". Valid values match /^[a-z0-9][a-z0-9:.+-]+\\/[a-zA-Z0-9\\/_.+-]+$/."
        );
        assert_eq!(
            invalid(json!({"item": "a/b", "type": "string"})),
            "Parameter item failed on Debconf[tzdata/Areas]: Invalid value \"a/b\". Valid values match /^[a-z0-9][a-z0-9:.+-]+\\/[a-zA-Z0-9\\/_.+-]+$/. (file: /x.pp, line: 3)"
        );
        // Absent needs no type; its other values are not checked against it.
        assert!(Debconf::new(&resource(json!({"ensure": "absent"}))).is_ok());
    }

    #[test]
    fn values_are_stripped_and_the_package_is_the_item_s_first_part() {
        let d = Debconf::new(&resource(json!({
            "type": "select", "value": ["  Europe \t", "Asia"], "seen": [true],
            "item": "tzdata/Zones/Europe"
        })))
        .expect("valid");
        assert_eq!(d.values, vec!["Europe", "Asia"]);
        assert_eq!(d.package, "tzdata");
        assert_eq!(d.seen, vec![true]);
        assert_eq!(
            d.selections(Some("Europe")),
            vec![
                "tzdata tzdata/Zones/Europe select Europe",
                "tzdata tzdata/Zones/Europe seen true"
            ]
        );
        // A seen change without a value writes an empty one, as the module does.
        let d =
            Debconf::new(&resource(json!({"type": "boolean", "seen": "false"}))).expect("valid");
        assert_eq!(
            d.selections(Some("")),
            vec![
                "tzdata tzdata/Areas boolean ",
                "tzdata tzdata/Areas seen false"
            ]
        );
        assert!(d.selections(None).len() == 1);
    }

    #[test]
    fn answers_of_debconf_communicate() {
        let out = "0 Europe \n0 true\n";
        assert_eq!(
            found("tzdata/Areas", &responses(out)).expect("ok"),
            Some(Found {
                value: "Europe ".into(),
                seen: true
            })
        );
        let out = "10 tzdata/Areas doesn't exist\n10 tzdata/Areas doesn't exist\n";
        assert_eq!(found("tzdata/Areas", &responses(out)).expect("ok"), None);
        // Lines without a code (a warning on standard error) are not answers.
        let out = "debconf: warning\n0\n0 false\n";
        assert_eq!(
            found("x/y", &responses(out)).expect("ok"),
            Some(Found {
                value: String::new(),
                seen: false
            })
        );
        assert_eq!(
            found("x/y", &responses("20 bad\n")),
            Err(ResourceError::failed("Debconf: 'GET x/y' returned 20: bad"))
        );
        assert_eq!(
            found("x/y", &responses("0 v\n30 no\n")),
            Err(ResourceError::failed(
                "Debconf: 'FGET x/y seen' returned 30: no"
            ))
        );
        assert_eq!(
            found("x/y", &responses("debconf: locked\n")),
            Err(ResourceError::failed(
                "Debconf: debconf-communicate unexpectedly closed pipe"
            ))
        );
    }
}
