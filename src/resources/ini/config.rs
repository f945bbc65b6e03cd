//! The modules' `*_config` types (`nova_config`, `keystone_config`,
//! `swift_proxy_config`, `libvirtd_config`...): one provider for all of
//! them, driven by what each type's Ruby says (`config_types.rs`, generated
//! from Debian's modules by `gen_config_types.py`).
//!
//! - `Parent::Ini` (openstacklib's `openstack_config` `ini_setting`
//!   provider, or a type's own over inifile's, as `ceph_config`):
//!   inifile's `ini_setting` on the type's `file_path`, the section and
//!   setting from the title `section/setting`, new settings joined with
//!   the provider's separator (`=` unless it says otherwise).
//! - `Parent::OpenStack` (openstacklib's `openstack_config` `ruby`
//!   provider): `OpenStackConfig` (`openstack.rs`), values are arrays (a
//!   setting may repeat).
//! - `Parent::Libvirtd` (nova's `libvirtd_config` `ini_setting` provider):
//!   a setting outside any section named by the title, `quote` wrapping
//!   the value in double quotes.
//!
//! All: a value equal to `ensure_absent_val` (default `<SERVICE DEFAULT>`)
//! means `ensure => absent`; `secret` hides values in messages; the value
//! is stripped (and `true`/`false` capitalized when the type says so); a
//! resource autorequires the anchors its type names.

use super::file::Layout;
use super::openstack::OpenStackConfig;
use super::{IniSetting, Setting, ensure, ensure_property};
use crate::textfile;
use crate::{Context, Examined, Property, Provider, ResourceError, Sync, located, param_string};
use kuppet_catalog::Resource;
use kuppet_catalog::graph::AutoRequire;
use serde_json::{Value, json};

/// Which provider the type's own inherits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Parent {
    Ini,
    OpenStack,
    Libvirtd,
}

/// What a `*_config` type's Ruby says.
#[derive(Debug)]
pub(crate) struct ConfigType {
    pub name: &'static str,
    #[allow(dead_code)]
    pub module: &'static str,
    pub file_path: &'static str,
    pub parent: Parent,
    /// What a new setting's name and value are joined with (the
    /// provider's `separator`).
    pub separator: &'static str,
    /// `newproperty(:value, :array_matching => :all)`.
    pub array_value: bool,
    /// The value's `is_to_s`/`should_to_s` print values as they are.
    pub raw_messages: bool,
    /// The value's munge capitalizes `true` and `false`.
    pub capitalize: bool,
    /// `autorequire(:anchor)`.
    pub anchors: &'static [&'static str],
}

/// The `*_config` type of a catalog type name (`Nova_config`), if known.
pub(crate) fn config_type(type_name: &str) -> Option<&'static ConfigType> {
    let lower = type_name.to_ascii_lowercase();
    super::config_types::CONFIG_TYPES
        .iter()
        .find(|t| t.name == lower)
}

/// The types this provider serves, lower case (for the resource guide).
pub fn type_names() -> impl Iterator<Item = &'static str> {
    super::config_types::CONFIG_TYPES.iter().map(|t| t.name)
}

/// The value's `munge`: stripped, `true`/`false` capitalized when the type
/// says so.
fn munge(ty: &ConfigType, v: &Value) -> String {
    let s = match v {
        Value::String(s) => s.clone(),
        Value::Object(o) => match (o.get("__ptype"), o.get("__pvalue")) {
            (Some(Value::String(t)), Some(Value::String(v))) if t == "Sensitive" => v.clone(),
            _ => v.to_string(),
        },
        other => other.to_string(),
    };
    let s = s.trim().to_string();
    if ty.capitalize && (s.eq_ignore_ascii_case("true") || s.eq_ignore_ascii_case("false")) {
        let lower = s.to_ascii_lowercase();
        let mut c = lower.chars();
        let first = c.next().map(|f| f.to_ascii_uppercase()).unwrap_or_default();
        return format!("{first}{}", c.as_str());
    }
    s
}

/// Ruby's `Array#to_s` of strings (`["a", "b"]`).
fn ruby_array(items: &[String]) -> String {
    let parts: Vec<String> = items
        .iter()
        .map(|i| kuppet_values::ruby::rb_inspect(&kuppet_values::Value::string(i.as_str())))
        .collect();
    format!("[{}]", parts.join(", "))
}

/// Puppet's default display of a value list (`['a', 'b']`).
fn puppet_array(items: &[String]) -> String {
    let parts: Vec<String> = items.iter().map(|i| format!("'{i}'")).collect();
    format!("[{}]", parts.join(", "))
}

/// A `*_config` resource.
#[derive(Debug)]
pub struct ConfigSetting {
    ty: &'static ConfigType,
    section: String,
    setting: String,
    present: bool,
    values: Option<Vec<String>>,
    secret: bool,
    /// The ini_setting provider the `Ini` and `Libvirtd` parents inherit.
    ini: Option<IniSetting>,
}

/// Builds the provider of a `*_config` resource.
pub(crate) fn provider(
    resource: &Resource,
    ty: &'static ConfigType,
) -> Result<Box<dyn Provider>, ResourceError> {
    Ok(Box::new(ConfigSetting::new(resource, ty)?))
}

impl ConfigSetting {
    fn new(resource: &Resource, ty: &'static ConfigType) -> Result<ConfigSetting, ResourceError> {
        let reference = resource.reference();
        let name = param_string(resource, "name").unwrap_or_else(|| resource.title.clone());
        let (section, setting) = if ty.parent == Parent::Libvirtd {
            if name.trim().is_empty() {
                return Err(ResourceError::invalid(located(
                    resource,
                    &format!(
                        "Parameter name failed on {reference}: Invalid value \"{name}\". Valid values match /\\S+/."
                    ),
                )));
            }
            (String::new(), name.clone())
        } else {
            let valid = name.split_once('/').is_some_and(|(a, b)| {
                a.ends_with(|c: char| !c.is_whitespace())
                    && b.starts_with(|c: char| !c.is_whitespace())
            });
            if !valid {
                return Err(ResourceError::invalid(located(
                    resource,
                    &format!(
                        "Parameter name failed on {reference}: Invalid value \"{name}\". Valid values match /\\S+\\/\\S+/."
                    ),
                )));
            }
            let (a, b) = name.split_once('/').expect("checked");
            (a.to_string(), b.to_string())
        };
        let mut present = ensure(resource)?;
        let values: Option<Vec<String>> = match resource.parameters.get("value") {
            None | Some(Value::Null) => None,
            Some(Value::Array(items)) => Some(items.iter().map(|v| munge(ty, v)).collect()),
            Some(v) => Some(vec![munge(ty, v)]),
        };
        let absent_val = param_string(resource, "ensure_absent_val")
            .unwrap_or_else(|| "<SERVICE DEFAULT>".into());
        if values
            .as_ref()
            .is_some_and(|v| v.len() == 1 && v[0] == absent_val)
        {
            present = false;
        }
        let mut values = values;
        if ty.parent == Parent::Libvirtd
            && crate::param_bool(resource, "quote")?.unwrap_or(false)
            && let Some(v) = values.as_mut()
            && let Some(first) = v.first_mut()
            && !first.starts_with('"')
        {
            *first = format!("\"{first}\"");
        }
        let secret = crate::param_bool(resource, "secret")?.unwrap_or(false);
        let ini = (ty.parent != Parent::OpenStack).then(|| {
            IniSetting::from_setting(Setting {
                type_name: ty.name.to_string(),
                present,
                // ceph_config lets `path` override the file.
                path: Some(
                    param_string(resource, "path").unwrap_or_else(|| ty.file_path.to_string()),
                ),
                section: section.clone(),
                setting: Some(setting.clone()),
                separator: ty.separator.into(),
                layout: Layout {
                    key_val_separator: ty.separator.into(),
                    section_prefix: "[".into(),
                    section_suffix: "]".into(),
                    indent_char: " ".into(),
                    indent_width: None,
                },
                value: values.as_ref().and_then(|v| v.first().cloned()),
                force_new_section_creation: None,
                refreshonly: false,
                sensitive: false,
            })
        });
        Ok(ConfigSetting {
            ty,
            section,
            setting,
            present,
            values,
            secret,
            ini,
        })
    }

    /// The value property's texts as the type prints them.
    fn texts(&self, current: Option<&[String]>, desired: &[String]) -> (String, String) {
        if self.secret {
            return (
                "[old secret redacted]".into(),
                "[new secret redacted]".into(),
            );
        }
        let array = self.ty.array_value;
        let show = |v: &[String]| -> String {
            match (self.ty.raw_messages, array) {
                (true, true) => ruby_array(v),
                (true, false) => v.first().cloned().unwrap_or_default(),
                (false, true) => puppet_array(v),
                (false, false) => format!("'{}'", v.first().cloned().unwrap_or_default()),
            }
        };
        let cur = match current {
            Some(c) => show(c),
            None if self.ty.raw_messages => String::new(),
            None => "''".into(),
        };
        (cur, show(desired))
    }

    fn read(&self, cx: &Context) -> Result<OpenStackConfig, ResourceError> {
        let path = self.ty.file_path;
        let text = match textfile::read(cx.host.fs(), path) {
            Ok(Some(data)) if cx.host.fs().stat(path).is_ok_and(|m| m.is_file()) => {
                String::from_utf8_lossy(&data).into_owned()
            }
            Ok(_) => String::new(),
            Err(e) if e.raw_os_error() == Some(libc::EISDIR) => String::new(),
            Err(e) => return Err(ResourceError::failed(textfile::sysopen_error(&e, path))),
        };
        Ok(OpenStackConfig::parse(&text))
    }

    fn save(&self, cx: &Context, config: &OpenStackConfig) -> Result<(), ResourceError> {
        let path = self.ty.file_path;
        textfile::write(cx.host.fs(), path, config.render().as_bytes(), 0o644)
            .map_err(|e| ResourceError::failed(textfile::sysopen_error(&e, path)))
    }
}

impl Provider for ConfigSetting {
    fn examine(&mut self, cx: &mut Context) -> Result<Examined, ResourceError> {
        if let Some(ini) = self.ini.as_mut() {
            let mut examined = ini.examine(cx)?;
            let secret = self.secret;
            let raw = self.ty.raw_messages;
            for p in examined.properties.iter_mut().filter(|p| p.name == "value") {
                if secret {
                    p.current_text = "[old secret redacted]".into();
                    p.desired_text = "[new secret redacted]".into();
                } else if raw {
                    p.current_text = p.current.as_str().unwrap_or_default().to_string();
                    p.desired_text = p.desired.as_str().unwrap_or_default().to_string();
                } else {
                    // Not ini_setting's type: Puppet's default display.
                    p.current_text = crate::display(&p.current);
                    p.desired_text = crate::display(&p.desired);
                }
            }
            return Ok(examined);
        }
        let config = self.read(cx)?;
        let current = config.get_value(&self.section, &self.setting);
        let exists = current.is_some();
        let mut properties = vec![ensure_property(self.ty.name, exists, self.present, false)];
        if let (Some(cur), Some(want)) = (&current, &self.values)
            && self.present
        {
            let in_sync = want.is_empty()
                || (cur.len() == want.len() && cur.iter().all(|c| want.contains(c)));
            let (ct, dt) = self.texts(Some(cur), want);
            properties.push(
                Property::new(
                    "value",
                    json!(cur),
                    json!(want),
                    if in_sync {
                        Sync::InSync
                    } else {
                        Sync::OutOfSync
                    },
                )
                .with_texts(ct, dt),
            );
        }
        Ok(Examined {
            present: exists,
            properties,
        })
    }

    fn sync(&mut self, property: &Property, cx: &mut Context) -> Result<String, ResourceError> {
        if let Some(ini) = self.ini.as_mut() {
            return ini.sync(property, cx);
        }
        let mut config = self.read(cx)?;
        match property.name {
            "ensure" if !self.present => {
                config.remove_setting(&self.section, &self.setting);
                self.save(cx, &config)?;
                Ok(property.ensure_message())
            }
            "ensure" => {
                let values = self.values.clone().unwrap_or_else(|| vec![String::new()]);
                config.set_value(&self.section, &self.setting, &values);
                self.save(cx, &config)?;
                Ok(property.ensure_message())
            }
            _ => {
                let values = self.values.clone().unwrap_or_default();
                config.set_value(&self.section, &self.setting, &values);
                self.save(cx, &config)?;
                Ok(property.change_message())
            }
        }
    }

    fn provider_name(&self) -> Option<&'static str> {
        Some(match self.ty.parent {
            Parent::OpenStack => "openstackconfig",
            Parent::Ini | Parent::Libvirtd => "ini_setting",
        })
    }
}

/// A `*_config` resource autorequires the anchors its type names.
pub fn autorequire(resource: &Resource) -> Vec<AutoRequire> {
    config_type(&resource.type_name)
        .map(|t| {
            t.anchors
                .iter()
                .map(|a| AutoRequire::new("Anchor", *a))
                .collect()
        })
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_knows_the_main_openstack_types() {
        let nova = config_type("Nova_config").expect("nova_config");
        assert_eq!(nova.file_path, "/etc/nova/nova.conf");
        assert_eq!(nova.parent, Parent::OpenStack);
        assert!(nova.array_value);
        let uwsgi = config_type("Nova_api_uwsgi_config").expect("uwsgi");
        assert_eq!(uwsgi.parent, Parent::Ini);
        assert_eq!(
            config_type("Libvirtd_config").map(|t| t.parent),
            Some(Parent::Libvirtd)
        );
        assert!(config_type("File").is_none());
    }

    #[test]
    fn values_are_munged_as_the_types_say() {
        let nova = config_type("nova_config").expect("nova_config");
        assert_eq!(munge(nova, &json!(" TRUE ")), "True");
        assert_eq!(munge(nova, &json!(4)), "4");
        let libvirtd = config_type("libvirtd_config").expect("libvirtd");
        assert_eq!(munge(libvirtd, &json!("true")), "true");
        assert_eq!(
            ruby_array(&["a".into(), "b\"c".into()]),
            "[\"a\", \"b\\\"c\"]"
        );
    }
}
