//! puppetlabs-inifile's `ini_setting` and `ini_subsetting`: one setting (or
//! one item of a setting's value) of an INI file, with the module's `ruby`
//! providers' semantics — `exists?`, `create`, `destroy` and `value=` on a
//! [`file::IniFile`] parsed afresh for every resource and saved after every
//! change (atomically, keeping the file's mode and owner).
//!
//! Messages print values as the types' `should_to_s` does: Puppet's
//! `show_diff` setting is off under `puppet apply` and the agent, so a value
//! shows as `[redacted sensitive information]` whatever the resource's
//! `show_diff` says.

pub mod config;
mod config_types;
pub mod file;
pub mod openstack;
pub mod setting_value;

use crate::textfile;
use crate::{Context, Examined, Property, ResourceError, Sync, located, param_bool, param_string};
use file::{IniFile, Layout};
use kuppet_catalog::Resource;
use kuppet_catalog::graph::AutoRequire;
use serde_json::{Value, json};
use setting_value::{Insert, SettingValue};

/// What `should_to_s` prints for a value when Puppet's `show_diff` is off.
pub const REDACTED: &str = "[redacted sensitive information]";

fn invalid(resource: &Resource, param: &str, message: &str) -> ResourceError {
    ResourceError::invalid(located(
        resource,
        &format!(
            "Parameter {param} failed on {}: {message}",
            resource.reference()
        ),
    ))
}

/// `ensure => present | absent` (default present).
fn ensure(resource: &Resource) -> Result<bool, ResourceError> {
    match param_string(resource, "ensure").as_deref() {
        None | Some("present") => Ok(true),
        Some("absent") => Ok(false),
        Some(other) => Err(invalid(
            resource,
            "ensure",
            &format!("Invalid value \"{other}\". Valid values are present, absent."),
        )),
    }
}

/// An absolute `path` (the types' validation).
fn path(resource: &Resource) -> Result<Option<String>, ResourceError> {
    match param_string(resource, "path") {
        Some(p) if !p.starts_with('/') => Err(invalid(
            resource,
            "path",
            &format!("File paths must be fully qualified, not '{p}'"),
        )),
        p => Ok(p),
    }
}

/// `show_diff`: true, false or md5 (the types' `munge_boolean_md5`).
fn show_diff(resource: &Resource) -> Result<(), ResourceError> {
    match param_string(resource, "show_diff").as_deref() {
        None | Some("true" | "yes" | "false" | "no" | "md5") => Ok(()),
        Some(_) => Err(invalid(
            resource,
            "show_diff",
            "expected a boolean value or :md5",
        )),
    }
}

/// The `value` property's munge: booleans and numbers printed, strings
/// stripped; Sensitive values unwrapped.
fn munged_value(resource: &Resource) -> Option<String> {
    match resource.parameters.get("value")? {
        Value::Null => None,
        Value::String(s) => Some(s.trim().to_string()),
        Value::Bool(b) => Some(b.to_string()),
        Value::Number(n) => Some(n.to_string()),
        Value::Object(o) => match (o.get("__ptype"), o.get("__pvalue")) {
            (Some(Value::String(t)), Some(Value::String(v))) if t == "Sensitive" => {
                Some(v.trim().to_string())
            }
            _ => Some(Value::Object(o.clone()).to_string()),
        },
        Value::Array(items) => items.first().map(|v| match v {
            Value::String(s) => s.trim().to_string(),
            other => other.to_string(),
        }),
    }
}

/// Reads and parses the INI file at `path` (empty when missing).
fn load(cx: &Context, path: &str, layout: Layout) -> Result<IniFile, ResourceError> {
    let text = match textfile::read(cx.host.fs(), path) {
        // `File.file?`: anything but a regular file reads as empty.
        Ok(Some(data)) if cx.host.fs().stat(path).is_ok_and(|m| m.is_file()) => {
            String::from_utf8_lossy(&data).into_owned()
        }
        Ok(_) => String::new(),
        Err(e) if e.raw_os_error() == Some(libc::EISDIR) => String::new(),
        Err(e) => return Err(ResourceError::failed(textfile::sysopen_error(&e, path))),
    };
    IniFile::parse(&text, layout).map_err(|e| ResourceError::failed(e.to_string()))
}

fn save(cx: &Context, path: &str, ini: &IniFile) -> Result<(), ResourceError> {
    textfile::write(cx.host.fs(), path, ini.render().as_bytes(), 0o644)
        .map_err(|e| ResourceError::failed(textfile::sysopen_error(&e, path)))
}

/// The ensure property of an ensurable INI type.
fn ensure_property(type_name: &str, exists: bool, present: bool, in_sync: bool) -> Property {
    let current = if exists { "present" } else { "absent" };
    let desired = if present { "present" } else { "absent" };
    let event = format!(
        "{type_name}_{}",
        if present { "created" } else { "removed" }
    );
    Property::new(
        "ensure",
        json!(current),
        json!(desired),
        if in_sync || current == desired {
            Sync::InSync
        } else {
            Sync::OutOfSync
        },
    )
    .with_event(event)
}

/// A value property printed through the types' `should_to_s`.
fn value_property(current: Option<&str>, desired: &str, sync: Sync, sensitive: bool) -> Property {
    // A missing value is Ruby's nil (not :absent): "value changed".
    let current_v = current.map_or(Value::Null, |c| json!(c));
    let p = Property::new("value", current_v, json!(desired), sync);
    if sensitive {
        p.redacted()
    } else {
        p.with_texts(REDACTED, REDACTED)
    }
}

/// How the value property of an ini_setting is written and compared; the
/// OpenStack `*_config` types add their own conventions (see
/// the `*_config` types).
#[derive(Debug, Clone)]
pub struct Setting {
    pub(crate) type_name: String,
    pub(crate) present: bool,
    pub(crate) path: Option<String>,
    pub(crate) section: String,
    pub(crate) setting: Option<String>,
    /// What `set_value` writes between a new setting's name and its value.
    pub(crate) separator: String,
    pub(crate) layout: Layout,
    pub(crate) value: Option<String>,
    pub(crate) force_new_section_creation: Option<bool>,
    pub(crate) refreshonly: bool,
    pub(crate) sensitive: bool,
}

/// An `ini_setting` resource.
#[derive(Debug)]
pub struct IniSetting {
    pub(crate) setting: Setting,
    /// Found by `examine`: the section does not exist and may not be made,
    /// so `ensure` reads as absent (the provider sets it so).
    ensure_forced_absent: bool,
}

impl IniSetting {
    pub fn new(resource: &Resource) -> Result<IniSetting, ResourceError> {
        let present = ensure(resource)?;
        let path = path(resource)?;
        show_diff(resource)?;
        let separator = param_string(resource, "key_val_separator").unwrap_or_else(|| " = ".into());
        let indent_width =
            param_string(resource, "indent_width").map(|w| w.trim().parse::<usize>().unwrap_or(0));
        let layout = Layout {
            key_val_separator: separator.clone(),
            section_prefix: param_string(resource, "section_prefix").unwrap_or_else(|| "[".into()),
            section_suffix: param_string(resource, "section_suffix").unwrap_or_else(|| "]".into()),
            indent_char: param_string(resource, "indent_char").unwrap_or_else(|| " ".into()),
            indent_width,
        };
        Ok(IniSetting::from_setting(Setting {
            type_name: "ini_setting".into(),
            present,
            path,
            section: param_string(resource, "section").unwrap_or_default(),
            setting: param_string(resource, "setting").map(|s| s.trim().to_string()),
            separator,
            layout,
            value: munged_value(resource),
            force_new_section_creation: Some(
                param_bool(resource, "force_new_section_creation")?.unwrap_or(true),
            ),
            refreshonly: param_bool(resource, "refreshonly")?.unwrap_or(false),
            sensitive: resource.sensitive_parameters.iter().any(|p| p == "value"),
        }))
    }

    pub(crate) fn from_setting(setting: Setting) -> IniSetting {
        IniSetting {
            setting,
            ensure_forced_absent: false,
        }
    }

    fn file_path(&self) -> Result<&str, ResourceError> {
        self.setting
            .path
            .as_deref()
            .ok_or_else(|| ResourceError::failed("no implicit conversion of nil into String"))
    }

    fn ini(&self, cx: &Context) -> Result<IniFile, ResourceError> {
        load(cx, self.file_path()?, self.setting.layout.clone())
    }

    /// The provider's `exists?`.
    fn exists(&mut self, ini: &IniFile) -> bool {
        let s = &self.setting;
        let Some(setting) = &s.setting else {
            return ini.section_names().contains(&s.section);
        };
        if ini.has_section(&s.section) {
            ini.get_value(&s.section, setting).is_some()
        } else if s.force_new_section_creation == Some(false) {
            self.ensure_forced_absent = true;
            false
        } else {
            false
        }
    }

    /// The provider's `create` / `value=`: sets the value and saves.
    fn write_value(&self, cx: &Context) -> Result<(), ResourceError> {
        let mut ini = self.ini(cx)?;
        let s = &self.setting;
        match &s.setting {
            None if s.value.is_none() => ini.ensure_section(&s.section),
            setting => ini.set_value(
                &s.section,
                setting.as_deref().unwrap_or(""),
                &s.separator,
                s.value.as_deref(),
            ),
        }
        save(cx, self.file_path()?, &ini)
    }

    fn destroy(&self, cx: &Context) -> Result<(), ResourceError> {
        let mut ini = self.ini(cx)?;
        let s = &self.setting;
        ini.remove_setting(&s.section, s.setting.as_deref().unwrap_or(""));
        save(cx, self.file_path()?, &ini)
    }
}

impl crate::Provider for IniSetting {
    fn examine(&mut self, cx: &mut Context) -> Result<Examined, ResourceError> {
        let ini = self.ini(cx)?;
        self.ensure_forced_absent = false;
        let exists = self.exists(&ini);
        let present = self.setting.present && !self.ensure_forced_absent;
        let s = &self.setting;
        let mut properties = vec![ensure_property(
            &s.type_name,
            exists,
            present,
            s.refreshonly,
        )];
        if let Some(desired) = &s.value {
            let current = s
                .setting
                .as_deref()
                .and_then(|k| ini.get_value(&s.section, k));
            let sync = if s.refreshonly || current.as_deref() == Some(desired.as_str()) {
                Sync::InSync
            } else {
                Sync::OutOfSync
            };
            properties.push(value_property(
                current.as_deref(),
                desired,
                sync,
                s.sensitive,
            ));
        }
        Ok(Examined {
            present: exists,
            properties,
        })
    }

    fn sync(&mut self, property: &Property, cx: &mut Context) -> Result<String, ResourceError> {
        match property.name {
            "ensure" if property.desired == json!("absent") => {
                self.destroy(cx)?;
                Ok(property.ensure_message())
            }
            "ensure" => {
                self.write_value(cx)?;
                Ok(property.ensure_message())
            }
            _ => {
                self.write_value(cx)?;
                Ok(property.change_message())
            }
        }
    }

    fn refreshable(&self) -> bool {
        true
    }

    /// The type's `refresh`: with `refreshonly`, removes or writes the value.
    fn refresh(&mut self, cx: &mut Context) -> Result<(), ResourceError> {
        if !self.setting.refreshonly {
            return Ok(());
        }
        if !self.setting.present {
            return self.destroy(cx);
        }
        self.write_value(cx)
    }

    fn provider_name(&self) -> Option<&'static str> {
        Some("ruby")
    }
}

/// An `ini_setting` requires the `file` of its path's directory.
pub fn autorequire(resource: &Resource) -> Vec<AutoRequire> {
    let Some(path) = param_string(resource, "path") else {
        return Vec::new();
    };
    let trimmed = path.trim_end_matches('/');
    let parent = match trimmed.rfind('/') {
        Some(0) => "/".to_string(),
        Some(i) => trimmed[..i].to_string(),
        None => ".".to_string(),
    };
    vec![AutoRequire::new("File", parent)]
}

/// An `ini_subsetting` resource.
#[derive(Debug)]
pub struct IniSubsetting {
    present: bool,
    path: Option<String>,
    section: String,
    setting: String,
    subsetting: String,
    separator: String,
    key_val_separator: String,
    subsetting_key_val_separator: String,
    quote_char: String,
    exact: bool,
    value: Option<String>,
    insert: Insert,
    sensitive: bool,
}

impl IniSubsetting {
    pub fn new(resource: &Resource) -> Result<IniSubsetting, ResourceError> {
        let present = ensure(resource)?;
        let path = path(resource)?;
        show_diff(resource)?;
        let quote_char = param_string(resource, "quote_char").unwrap_or_default();
        if !matches!(quote_char.as_str(), "" | "\"" | "'") {
            return Err(invalid(
                resource,
                "quote_char",
                ":quote_char valid values are '', '\"' and \"'\"",
            ));
        }
        let true_false = |name: &str| -> Result<bool, ResourceError> {
            match param_string(resource, name).as_deref() {
                None | Some("false") => Ok(false),
                Some("true") => Ok(true),
                Some(other) => Err(invalid(
                    resource,
                    name,
                    &format!("Invalid value \"{other}\". Valid values are true, false."),
                )),
            }
        };
        let exact = true_false("use_exact_match")?;
        // `delete_if_empty` is validated, but the provider tests the symbol
        // (`:false` is true in Ruby): an emptied setting always goes.
        true_false("delete_if_empty")?;
        let insert_value = param_string(resource, "insert_value").unwrap_or_default();
        let insert = match param_string(resource, "insert_type").as_deref() {
            None | Some("end") => Insert::End,
            Some("start") => Insert::Start,
            Some("before") => Insert::Before(insert_value),
            Some("after") => Insert::After(insert_value),
            Some("index") => Insert::Index(insert_value),
            Some(other) => {
                return Err(invalid(
                    resource,
                    "insert_type",
                    &format!(
                        "Invalid value \"{other}\". Valid values are start, end, before, after, index."
                    ),
                ));
            }
        };
        let value = match resource.parameters.get("value") {
            None | Some(Value::Null) => None,
            Some(_) => param_string(resource, "value").or_else(|| munged_value(resource)),
        };
        Ok(IniSubsetting {
            present,
            path,
            section: param_string(resource, "section").unwrap_or_default(),
            setting: param_string(resource, "setting").unwrap_or_default(),
            subsetting: param_string(resource, "subsetting").unwrap_or_default(),
            separator: param_string(resource, "subsetting_separator").unwrap_or_else(|| " ".into()),
            key_val_separator: param_string(resource, "key_val_separator")
                .unwrap_or_else(|| " = ".into()),
            subsetting_key_val_separator: param_string(resource, "subsetting_key_val_separator")
                .unwrap_or_default(),
            quote_char,
            exact,
            value,
            insert,
            sensitive: resource.sensitive_parameters.iter().any(|p| p == "value"),
        })
    }

    fn file_path(&self) -> Result<&str, ResourceError> {
        self.path
            .as_deref()
            .ok_or_else(|| ResourceError::failed("no implicit conversion of nil into String"))
    }

    fn load(&self, cx: &Context) -> Result<(IniFile, SettingValue), ResourceError> {
        let layout = Layout {
            key_val_separator: self.key_val_separator.clone(),
            ..Layout::default()
        };
        let ini = load(cx, self.file_path()?, layout)?;
        let sv = SettingValue::new(
            ini.get_value(&self.section, &self.setting).as_deref(),
            &self.separator,
            &self.quote_char,
            &self.subsetting_key_val_separator,
        );
        Ok((ini, sv))
    }

    /// `create` and `value=`.
    fn add(&self, cx: &Context) -> Result<(), ResourceError> {
        let (mut ini, mut sv) = self.load(cx)?;
        sv.add(
            &self.subsetting,
            self.value.as_deref(),
            self.exact,
            &self.insert,
        );
        ini.set_value(
            &self.section,
            &self.setting,
            &self.key_val_separator,
            Some(&sv.value()),
        );
        save(cx, self.file_path()?, &ini)
    }

    fn destroy(&self, cx: &Context) -> Result<(), ResourceError> {
        let (mut ini, mut sv) = self.load(cx)?;
        sv.remove(&self.subsetting, self.exact);
        if sv.value().is_empty() {
            ini.remove_setting(&self.section, &self.setting);
        } else {
            ini.set_value(
                &self.section,
                &self.setting,
                &self.key_val_separator,
                Some(&sv.value()),
            );
        }
        save(cx, self.file_path()?, &ini)
    }
}

impl crate::Provider for IniSubsetting {
    fn examine(&mut self, cx: &mut Context) -> Result<Examined, ResourceError> {
        let (_, sv) = self.load(cx)?;
        let exists = sv.get(&self.subsetting, self.exact).is_some();
        let mut properties = vec![ensure_property(
            "ini_subsetting",
            exists,
            self.present,
            false,
        )];
        if let Some(desired) = &self.value {
            let current = sv.get(&self.subsetting, false);
            let sync = if current.as_deref() == Some(desired.as_str()) {
                Sync::InSync
            } else {
                Sync::OutOfSync
            };
            properties.push(value_property(
                current.as_deref(),
                desired,
                sync,
                self.sensitive,
            ));
        }
        Ok(Examined {
            present: exists,
            properties,
        })
    }

    fn sync(&mut self, property: &Property, cx: &mut Context) -> Result<String, ResourceError> {
        match property.name {
            "ensure" if property.desired == json!("absent") => {
                self.destroy(cx)?;
                Ok(property.ensure_message())
            }
            "ensure" => {
                self.add(cx)?;
                Ok(property.ensure_message())
            }
            _ => {
                self.add(cx)?;
                Ok(property.change_message())
            }
        }
    }

    fn provider_name(&self) -> Option<&'static str> {
        Some("ruby")
    }
}
