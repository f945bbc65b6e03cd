//! `vs_config` (the OpenStack vswitch module, provider `ovs`): a column of
//! Open vSwitch's `Open_vSwitch` table (`other_config:hw-offload` names a
//! key of a map column), read from `ovs-vsctl list Open_vSwitch .` and
//! changed with `ovs-vsctl set`, `remove` or `clear`, as the module's
//! provider does: a resource whose value is empty (or undef) with ensure
//! present means the key must be absent, and `skip_if_version` leaves it
//! alone on that Open vSwitch version.

use crate::machine::Machine;
use crate::node_cli::{self, Invocation};
use crate::{Context, Examined, Property, Provider, ResourceError, Sync, Unsuitable};
use kuppet_catalog::Resource;
use serde_json::{Value, json};
use std::collections::BTreeMap;

const PROGRAM: &str = "ovs-vsctl";

pub struct VsConfig {
    name: String,
    /// The ensure the resource asks for: None when unmanaged (no
    /// property set, as Puppet's ensure defaults only on managed resources).
    ensure: Option<bool>,
    /// The value, munged as the type munges it.
    value: Option<String>,
    skip_if_version: Option<String>,
    wait: bool,
}

impl VsConfig {
    pub fn new(resource: &Resource) -> Result<VsConfig, ResourceError> {
        let name = resource
            .param_str("name")
            .unwrap_or(&resource.title)
            .to_string();
        let value = match resource.parameters.get("value") {
            None | Some(Value::Null) => None,
            Some(v) => Some(munge_value(v).ok_or_else(|| {
                ResourceError::invalid(format!(
                    "Parameter value failed on {}: Invalid value {v}. Requires a String, a Integer or a Boolean, not a {}",
                    resource.reference(),
                    ruby_class(v)
                ))
            })?),
        };
        let ensure = match crate::param_string(resource, "ensure").as_deref() {
            Some("present") => Some(true),
            Some("absent") => Some(false),
            None => value.is_some().then_some(true),
            Some(other) => {
                return Err(ResourceError::invalid(format!(
                    "Parameter ensure failed on {}: Invalid value \"{other}\". Valid values are present, absent.",
                    resource.reference()
                )));
            }
        };
        let skip_if_version = crate::param_string(resource, "skip_if_version");
        if let Some(v) = &skip_if_version
            && !is_version(v)
        {
            return Err(ResourceError::invalid(format!(
                "Parameter skip_if_version failed on {}: Invalid skip_if_version {v}. Requires a String with format \\d+.\\d+",
                resource.reference()
            )));
        }
        let wait = crate::param_bool(resource, "wait")?.unwrap_or(true);
        Ok(VsConfig {
            name,
            ensure,
            value,
            skip_if_version,
            wait,
        })
    }

    /// The module's `ensure_absent?`: ensure present with no value.
    fn ensure_absent(&self) -> bool {
        self.value.as_deref().is_none_or(str::is_empty) && self.ensure == Some(true)
    }

    fn vsctl(&self, host: &Machine, args: &[&str]) -> Result<String, ResourceError> {
        node_cli::run(
            host,
            &Invocation {
                program: PROGRAM,
                args: args.iter().map(|a| a.to_string()).collect(),
                extra_path: &[],
                env: Vec::new(),
                umask: None,
            },
        )
    }

    fn skipped(&self, host: &Machine) -> Result<bool, ResourceError> {
        let Some(skip) = &self.skip_if_version else {
            return Ok(false);
        };
        let out = self.vsctl(host, &["--version"])?;
        Ok(ovs_version(&out).as_deref() == Some(skip.as_str()))
    }

    fn destroy(&self, host: &Machine) -> Result<(), ResourceError> {
        match self.name.split_once(':') {
            Some((column, key)) => {
                self.vsctl(host, &["remove", "Open_vSwitch", ".", column, key])?;
            }
            None => {
                self.vsctl(host, &["clear", "Open_vSwitch", ".", &self.name])?;
            }
        }
        Ok(())
    }

    fn set(&self, host: &Machine) -> Result<(), ResourceError> {
        let assignment = format!("{}={}", self.name, self.value.as_deref().unwrap_or(""));
        let mut args = Vec::new();
        if !self.wait {
            args.push("--no-wait");
        }
        args.extend(["set", "Open_vSwitch", ".", assignment.as_str()]);
        self.vsctl(host, &args)?;
        Ok(())
    }
}

/// Ruby's class name of a catalog value (the type's message names it).
fn ruby_class(v: &Value) -> &'static str {
    match v {
        Value::Array(_) => "Array",
        Value::Object(_) => "Hash",
        Value::Number(n) if n.is_f64() => "Float",
        _ => "Object",
    }
}

/// `\d+.\d+` (the type's check; its `.` matches any character).
fn is_version(v: &str) -> bool {
    let b = v.as_bytes();
    let Some(first) = b.iter().position(|c| !c.is_ascii_digit()) else {
        return false;
    };
    first > 0 && first + 1 < b.len() && b[first + 1..].iter().all(u8::is_ascii_digit)
}

/// The type's munge of a value: a `[a, b]` set sorted without blanks,
/// numbers and booleans as strings; None for other kinds of values.
pub fn munge_value(v: &Value) -> Option<String> {
    match v {
        Value::String(s) => Some(munge_set(s).unwrap_or_else(|| s.clone())),
        Value::Bool(b) => Some(b.to_string()),
        Value::Number(n) if !n.is_f64() => Some(n.to_string()),
        _ => None,
    }
}

/// `[b, a]` → `[a,b]`.
fn munge_set(s: &str) -> Option<String> {
    let inner = s.strip_prefix('[')?.strip_suffix(']')?;
    let mut items: Vec<&str> = inner.split(',').map(str::trim).collect();
    if inner.is_empty() {
        items.clear();
    }
    items.sort_unstable();
    Some(format!("[{}]", items.join(",")))
}

/// `ovs-vsctl (Open vSwitch) 2.17.3` → `2.17`.
pub fn ovs_version(out: &str) -> Option<String> {
    let rest = &out[out.find("ovs-vsctl")?..];
    let rest = rest["ovs-vsctl".len()..].trim_start();
    let rest = rest.strip_prefix("(Open")?.trim_start();
    let rest = rest.strip_prefix("vSwitch)")?.trim_start();
    let major_end = rest.find(|c: char| !c.is_ascii_digit())?;
    let rest2 = rest[major_end..].strip_prefix('.')?;
    let minor_end = rest2
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(rest2.len());
    (major_end > 0 && minor_end > 0)
        .then(|| format!("{}.{}", &rest[..major_end], &rest2[..minor_end]))
}

/// The entries of `ovs-vsctl list Open_vSwitch .`: each column by name, and
/// each key of a map column as `column:key`, with the module's value
/// conventions (map values unquoted, sets sorted).
pub fn entries(listing: &str) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    for line in listing.lines() {
        let mut parts = line.split(" : ").map(str::trim);
        let (Some(key), Some(value)) = (parts.next(), parts.next()) else {
            continue;
        };
        if let Some(inner) = value.strip_prefix('{').and_then(|v| v.strip_suffix('}')) {
            let unquoted = inner.replace('"', "");
            for pair in unquoted.split(", ").map(str::trim) {
                let mut kv = pair.split('=');
                let (Some(k), v) = (kv.next(), kv.next()) else {
                    continue;
                };
                if k.is_empty() {
                    continue;
                }
                out.insert(format!("{key}:{k}"), v.unwrap_or_default().to_string());
            }
        } else if let Some(set) = munge_set(value) {
            out.insert(key.to_string(), set);
        } else {
            out.insert(key.to_string(), value.to_string());
        }
    }
    out
}

impl Provider for VsConfig {
    fn examine(&mut self, cx: &mut Context) -> Result<Examined, ResourceError> {
        if self.ensure.is_none() {
            return Ok(Examined {
                present: false,
                properties: Vec::new(),
            });
        }
        let listing = self
            .vsctl(cx.host, &["list", "Open_vSwitch", "."])
            .map_err(|e| {
                ResourceError::failed(format!("Could not prefetch vs_config provider 'ovs': {e}"))
            })?;
        let found = entries(&listing).remove(&self.name);
        let skipped = self.skipped(cx.host)?;
        let exists = if skipped {
            true
        } else if self.ensure_absent() {
            found.is_none()
        } else {
            found.is_some()
        };
        let wanted = self.ensure == Some(true);
        let mut properties = vec![crate::parsed_ensure("vs_config", exists, wanted)];
        if let (true, Some(desired)) = (wanted, &self.value) {
            let current = if skipped || self.ensure_absent() {
                Some(desired.clone())
            } else {
                found
            };
            let sync = if current.as_deref() == Some(desired.as_str()) {
                Sync::InSync
            } else {
                Sync::OutOfSync
            };
            properties.push(Property::new(
                "value",
                current.map_or(Value::Null, |c| json!(c)),
                json!(desired),
                sync,
            ));
        }
        Ok(Examined {
            present: exists,
            properties,
        })
    }

    fn sync(&mut self, property: &Property, cx: &mut Context) -> Result<String, ResourceError> {
        match property.name {
            "ensure" if self.ensure == Some(false) => {
                self.destroy(cx.host)?;
                Ok(property.ensure_message())
            }
            "ensure" | "value" if self.ensure_absent() => {
                self.destroy(cx.host)?;
                Ok(if property.name == "ensure" {
                    property.ensure_message()
                } else {
                    property.change_message()
                })
            }
            "ensure" => {
                self.set(cx.host)?;
                Ok(property.ensure_message())
            }
            _ => {
                self.set(cx.host)?;
                Ok(property.change_message())
            }
        }
    }

    fn suitable(&mut self, host: &Machine) -> Result<(), Unsuitable> {
        node_cli::find(host, PROGRAM, &[])
            .map(|_| ())
            .ok_or(Unsuitable::NotFunctional("ovs"))
    }

    fn provider_name(&self) -> Option<&'static str> {
        Some("ovs")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LISTING: &str = r#"_uuid               : 4b0a3b6e-0a57-4b5f-9d3c-0f0c6a3b7e11
bridges             : [b2c1e0f4-1111-2222-3333-444455556666, 0a1b2c3d-1111-2222-3333-444455556666]
cur_cfg             : 3
datapath_types      : [netdev, system]
external_ids        : {hostname=vm, rundir="/var/run/openvswitch", system-id="5e2f"}
other_config        : {hw-offload="true", vlan-limit="0"}
ovs_version         : "2.17.9"
ssl                 : []
"#;

    #[test]
    fn the_listing_as_the_module_reads_it() {
        let e = entries(LISTING);
        assert_eq!(e["other_config:hw-offload"], "true");
        assert_eq!(e["other_config:vlan-limit"], "0");
        assert_eq!(e["external_ids:rundir"], "/var/run/openvswitch");
        assert_eq!(e["datapath_types"], "[netdev,system]");
        assert_eq!(e["cur_cfg"], "3");
        assert_eq!(e["ovs_version"], "\"2.17.9\"");
        assert_eq!(e["ssl"], "[]");
        assert!(!e.contains_key("other_config:emc-insert-inv-prob"));
    }

    #[test]
    fn values_are_munged_as_the_type_munges_them() {
        assert_eq!(munge_value(&json!(true)).as_deref(), Some("true"));
        assert_eq!(munge_value(&json!(0)).as_deref(), Some("0"));
        assert_eq!(munge_value(&json!("[b, a]")).as_deref(), Some("[a,b]"));
        assert_eq!(munge_value(&json!("x")).as_deref(), Some("x"));
        assert_eq!(munge_value(&json!(["a"])), None);
        assert_eq!(munge_value(&json!(1.5)), None);
    }

    #[test]
    fn versions_and_skip_versions() {
        assert_eq!(
            ovs_version("ovs-vsctl (Open vSwitch) 2.17.9\nDB Schema 8.3.0\n").as_deref(),
            Some("2.17")
        );
        assert_eq!(ovs_version("something else"), None);
        assert!(is_version("2.17") && is_version("3x1"));
        assert!(!is_version("2") && !is_version("2.") && !is_version(".1"));
    }

    fn resource(params: serde_json::Value) -> Resource {
        let mut r = crate::purge::instance("Vs_config", "other_config:hw-offload", &[]);
        if let Value::Object(map) = params {
            r.parameters
                .extend(map.into_iter().map(|(k, v)| (k.into(), v)));
        }
        r
    }

    #[test]
    fn ensure_is_managed_only_with_a_value_or_explicitly() {
        let unmanaged = VsConfig::new(&resource(json!({}))).expect("valid");
        assert_eq!(unmanaged.ensure, None);
        assert!(!unmanaged.ensure_absent());
        let set = VsConfig::new(&resource(json!({"value": true}))).expect("valid");
        assert_eq!(
            (set.ensure, set.value.as_deref()),
            (Some(true), Some("true"))
        );
        let cleared =
            VsConfig::new(&resource(json!({"ensure": "present", "value": ""}))).expect("valid");
        assert!(cleared.ensure_absent());
        let bad = VsConfig::new(&resource(json!({"value": ["x"]})))
            .err()
            .expect("invalid");
        assert!(bad.to_string().contains("Requires a String"), "{bad}");
        let bad = VsConfig::new(&resource(json!({"skip_if_version": "2"})))
            .err()
            .expect("invalid");
        assert!(bad.to_string().contains("skip_if_version"), "{bad}");
    }
}
