//! The resource types and their providers (file, exec, notify, package, service,
//! user, group): each reads actual state, compares properties and changes them.
//!
//! The interface is small and documented method by method in
//! `docs/resource-guide.md`: a [`Provider`] is built from a catalog resource
//! ([`provider_for`]), [`Provider::examine`]s the host (the current value of
//! every property it manages, compared with the desired one, `ensure` first),
//! [`Provider::sync`]s one property at a time when told to (never in noop),
//! and, for types that respond to refresh events, [`Provider::refresh`]es.
//! The transaction owns everything else: order, noop, events, messages.

pub mod augeas;
pub mod clock;
pub mod concat;
pub mod cron;
pub mod debconf;
pub mod exec;
pub mod file;
pub mod file_line;
pub mod firewall;
pub mod group;
pub mod host;
pub mod ini;
pub mod machine;
pub mod mailalias;
pub mod mode;
pub mod mount;
pub mod node_cli;
pub mod notify;
pub mod package;
pub mod parsedfile;
pub mod purge;
pub mod rabbitmq_plugin;
pub mod rootfs;
pub mod select;
pub mod service;
pub mod sshkeys;
pub mod textfile;
pub mod tidy;
pub mod user;
pub mod vs_config;

use kuppet_catalog::Resource;
use kuppet_catalog::graph::AutoRequire;
pub use machine::Machine;
pub use rootfs::{RootError, RootFs, TempFile};
pub use select::Unsuitable;
use serde_json::Value;

/// Why a resource could not be examined or changed. The message is what
/// Puppet says in the same situation: it goes into events and logs verbatim.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ResourceError {
    /// The resource's parameters are invalid; the run cannot use it.
    #[error("{0}")]
    Invalid(String),
    /// Reading or changing the host failed.
    #[error("{0}")]
    Failed(String),
    /// A change failed for an underlying reason Puppet logs separately
    /// (`Could not set 'file' on ensure: ...` wrapping the cause).
    #[error("{message}")]
    Wrapped { message: String, cause: String },
}

impl ResourceError {
    pub fn failed(message: impl Into<String>) -> ResourceError {
        ResourceError::Failed(message.into())
    }
    pub fn invalid(message: impl Into<String>) -> ResourceError {
        ResourceError::Invalid(message.into())
    }
}

/// Whether a property is already as desired.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Sync {
    InSync,
    OutOfSync,
    /// Comparing failed (an unknown owner...): the change fails with this message.
    Error(String),
}

/// One managed property: its current and desired values and how they compare.
#[derive(Debug, Clone, PartialEq)]
pub struct Property {
    /// `ensure`, `content`, `mode`, `returns`...
    pub name: &'static str,
    /// The current value, as the report's `previous_value`.
    pub current: Value,
    /// The desired value, as the report's `desired_value`.
    pub desired: Value,
    /// The current value as Puppet prints it in messages (`'0644'`).
    pub current_text: String,
    /// The desired value as Puppet prints it (`['0']`).
    pub desired_text: String,
    /// The name of the event a change makes (`file_created`, `mode_changed`).
    pub event: String,
    pub sync: Sync,
    /// Whether this change cancels refreshes queued for the resource (a
    /// service just started needs no restart).
    pub invalidate_refreshes: bool,
    /// Whether values are secret: events and messages say `[redacted]`.
    pub sensitive: bool,
}

impl Property {
    /// A property whose messages print values with Puppet's default format.
    pub fn new(name: &'static str, current: Value, desired: Value, sync: Sync) -> Property {
        Property {
            name,
            current_text: display(&current),
            desired_text: display(&desired),
            event: format!("{name}_changed"),
            current,
            desired,
            sync,
            invalidate_refreshes: false,
            sensitive: false,
        }
    }

    /// Marks a change that cancels refreshes queued for the resource.
    pub(crate) fn invalidating_refreshes(mut self) -> Property {
        self.invalidate_refreshes = true;
        self
    }

    /// Marks secret values: reported as `[redacted]`.
    pub fn redacted(mut self) -> Property {
        self.sensitive = true;
        self.current_text = "[redacted]".into();
        self.desired_text = "[redacted]".into();
        self
    }

    pub(crate) fn with_event(mut self, event: impl Into<String>) -> Property {
        self.event = event.into();
        self
    }

    pub(crate) fn with_texts(
        mut self,
        current: impl Into<String>,
        desired: impl Into<String>,
    ) -> Property {
        self.current_text = current.into();
        self.desired_text = desired.into();
        self
    }

    /// Puppet's default change message (`Property#change_to_s`; `absent`
    /// and `[absent]` both count as absent).
    pub(crate) fn change_message(&self) -> String {
        let absent = |v: &Value| match v {
            Value::String(s) => s == "absent",
            Value::Array(items) => items.len() == 1 && items[0] == "absent",
            _ => false,
        };
        if absent(&self.current) {
            format!("defined '{}' as {}", self.name, self.desired_text)
        } else if absent(&self.desired) {
            format!("undefined '{}' from {}", self.name, self.current_text)
        } else {
            format!(
                "{} changed {} to {}",
                self.name, self.current_text, self.desired_text
            )
        }
    }

    /// The message of `ensure` changes (`Property::Ensure#change_to_s`).
    pub(crate) fn ensure_message(&self) -> String {
        if self.current == Value::String("absent".into()) || self.current.is_null() {
            "created".into()
        } else if self.desired == Value::String("absent".into()) {
            "removed".into()
        } else {
            format!(
                "ensure changed {} to {}",
                self.current_text, self.desired_text
            )
        }
    }
}

/// What examining a resource found.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Examined {
    /// Whether the resource exists (Puppet's `present?`): when it does not
    /// and `ensure` is not managed, nothing is managed.
    pub present: bool,
    /// The managed properties, `ensure` first when managed, then in the
    /// type's fixed order.
    pub properties: Vec<Property>,
}

/// A log line a provider asks for; the transaction adds source and time.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Message {
    pub level: Level,
    pub source: Source,
    pub text: String,
    /// Logged once per run for this key (Puppet's `warn_once`).
    pub once: Option<String>,
}

/// Log levels, in Puppet's names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Level {
    Debug,
    Info,
    Notice,
    Warning,
    Err,
    Alert,
    Emerg,
    Crit,
}

impl Level {
    /// The name in reports (`notice`, `err`).
    pub fn as_str(self) -> &'static str {
        match self {
            Level::Debug => "debug",
            Level::Info => "info",
            Level::Notice => "notice",
            Level::Warning => "warning",
            Level::Err => "err",
            Level::Alert => "alert",
            Level::Emerg => "emerg",
            Level::Crit => "crit",
        }
    }

    /// The label Puppet prints on the console (`Notice`, `Error`).
    pub fn label(self) -> &'static str {
        match self {
            Level::Debug => "Debug",
            Level::Info => "Info",
            Level::Notice => "Notice",
            Level::Warning => "Warning",
            Level::Err => "Error",
            Level::Alert => "Alert",
            Level::Emerg => "Emergency",
            Level::Crit => "Critical",
        }
    }

    /// Parses Puppet's `loglevel` metaparameter values.
    pub fn parse(s: &str) -> Option<Level> {
        Some(match s {
            "debug" => Level::Debug,
            "info" | "verbose" => Level::Info,
            "notice" => Level::Notice,
            "warning" => Level::Warning,
            "err" => Level::Err,
            "alert" => Level::Alert,
            "emerg" => Level::Emerg,
            "crit" => Level::Crit,
            _ => return None,
        })
    }
}

/// Where a log line comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Source {
    /// Puppet itself (printed without a path).
    Puppet,
    /// The resource (`/Stage[main]/Main/File[/x]`).
    Resource,
    /// One of its properties (`/Stage[main]/Main/File[/x]/mode`).
    Property(&'static str),
    /// Its provider, by name (`Exec[x](provider=posix)`).
    Provider(&'static str),
}

/// What a provider may use while it works.
#[derive(Debug)]
pub struct Context<'a> {
    /// The host: its root, commands, users and groups.
    pub host: &'a Machine,
    /// Whether this resource runs in noop (global `--noop` or its metaparameter).
    pub noop: bool,
    /// The resource's `loglevel` (notice unless set).
    pub loglevel: Level,
    messages: Vec<Message>,
}

impl<'a> Context<'a> {
    pub fn new(host: &'a Machine, noop: bool, loglevel: Level) -> Context<'a> {
        Context {
            host,
            noop,
            loglevel,
            messages: Vec::new(),
        }
    }

    /// Logs a line.
    pub fn log(&mut self, level: Level, source: Source, text: impl Into<String>) {
        self.messages.push(Message {
            level,
            source,
            text: text.into(),
            once: None,
        });
    }

    /// Logs a line only the first time this run asks with `key`.
    pub(crate) fn log_once(
        &mut self,
        key: impl Into<String>,
        level: Level,
        source: Source,
        text: impl Into<String>,
    ) {
        self.messages.push(Message {
            level,
            source,
            text: text.into(),
            once: Some(key.into()),
        });
    }

    /// Takes the lines logged so far.
    pub fn take_messages(&mut self) -> Vec<Message> {
        std::mem::take(&mut self.messages)
    }
}

/// One resource's provider for one run.
pub trait Provider {
    /// Reads the current state and compares it with the desired one.
    fn examine(&mut self, cx: &mut Context) -> Result<Examined, ResourceError>;

    /// Brings one out-of-sync property (as returned by `examine`) to its
    /// desired value; returns the change message (`created`, `mode changed
    /// '0644' to '0600'`). Never called in noop.
    fn sync(&mut self, property: &Property, cx: &mut Context) -> Result<String, ResourceError>;

    /// Whether the type responds to refresh events (exec, service).
    fn refreshable(&self) -> bool {
        false
    }

    /// Finishes a resource's changes once they are all made (Puppet's
    /// `flush`; a mount mounts there). Not called in noop or without
    /// changes; an error fails the resource (`Could not evaluate`).
    fn finish(&mut self, _cx: &mut Context) -> Result<(), ResourceError> {
        Ok(())
    }

    /// Whether a change of the resource also refreshes it (Puppet's
    /// `self_refresh` types: a mount remounts after it changed).
    fn self_refresh(&self) -> bool {
        false
    }

    /// Responds to a refresh event (an exec runs, a service restarts).
    fn refresh(&mut self, _cx: &mut Context) -> Result<(), ResourceError> {
        Ok(())
    }

    /// Whether the provider can work on this host now (Puppet's
    /// `suitable?`): chooses the provider of types with several (by the
    /// `provider` parameter or Puppet's default rules, see `select.rs`).
    /// The transaction asks when the resource's turn comes and defers an
    /// unsuitable resource until nothing else can run.
    fn suitable(&mut self, _host: &Machine) -> Result<(), Unsuitable> {
        Ok(())
    }

    /// The provider's name for the report's `provider_used`.
    /// None for types without providers (notify, schedule).
    fn provider_name(&self) -> Option<&'static str>;
}

/// A provider for resources of a type kuppet does not manage: evaluating
/// them fails with the reason, the rest of the run goes on.
struct Unsupported {
    reason: String,
}

impl Provider for Unsupported {
    fn examine(&mut self, _cx: &mut Context) -> Result<Examined, ResourceError> {
        Err(ResourceError::failed(self.reason.clone()))
    }
    fn sync(&mut self, _p: &Property, _cx: &mut Context) -> Result<String, ResourceError> {
        Err(ResourceError::failed(self.reason.clone()))
    }
    fn provider_name(&self) -> Option<&'static str> {
        Some("unsupported")
    }
}

/// A resource with nothing to manage on the host (`schedule`, `filebucket`,
/// `tidy`, whose work is the files it generates, `resources`): always in sync. stdlib's `anchor` is one too,
/// but refresh-aware (its type has a `refresh` that does nothing, so that
/// events pass through it): Puppet logs "Triggered 'refresh'" for it and
/// reports it changed.
struct Inert {
    refreshable: bool,
}

impl Provider for Inert {
    fn examine(&mut self, _cx: &mut Context) -> Result<Examined, ResourceError> {
        Ok(Examined {
            present: true,
            properties: Vec::new(),
        })
    }
    fn sync(&mut self, _p: &Property, _cx: &mut Context) -> Result<String, ResourceError> {
        Ok(String::new())
    }
    fn provider_name(&self) -> Option<&'static str> {
        None
    }
    fn refreshable(&self) -> bool {
        self.refreshable
    }
}

/// Builds the provider of a catalog resource. Invalid parameters are an
/// error (Puppet refuses the catalog); a type kuppet does not manage gives
/// a provider that fails when evaluated.
pub fn provider_for(resource: &Resource) -> Result<Box<dyn Provider>, ResourceError> {
    if let Some(ty) = ini::config::config_type(&resource.type_name) {
        return ini::config::provider(resource, ty);
    }
    Ok(match resource.type_name.as_str() {
        "File" => Box::new(file::File::new(resource)?),
        "Exec" => Box::new(exec::Exec::new(resource)?),
        "Notify" => Box::new(notify::Notify::new(resource)),
        "Package" => Box::new(package::Package::new(resource)?),
        "Service" => Box::new(service::Service::new(resource)?),
        "User" => Box::new(user::User::new(resource)?),
        "Group" => Box::new(group::Group::new(resource)?),
        "File_line" => Box::new(file_line::FileLine::new(resource)?),
        "Ini_setting" => Box::new(ini::IniSetting::new(resource)?),
        "Ini_subsetting" => Box::new(ini::IniSubsetting::new(resource)?),
        "Host" => Box::new(host::Host::new(resource)?),
        "Mailalias" => Box::new(mailalias::Mailalias::new(resource)?),
        "Ssh_authorized_key" => Box::new(sshkeys::AuthorizedKey::new(resource)?),
        "Sshkey" => Box::new(sshkeys::HostKey::new(resource)?),
        "Augeas" => Box::new(augeas::Augeas::new(resource)?),
        "Concat_file" => Box::new(concat::ConcatFile::new(resource)?),
        "Cron" => Box::new(cron::Cron::new(resource)?),
        "Mount" => Box::new(mount::Mount::new(resource)?),
        "Concat_fragment" => Box::new(concat::ConcatFragment::new(resource)?),
        "Firewall" => Box::new(firewall::Firewall::new(resource)?),
        "Firewallchain" => Box::new(firewall::Firewallchain::new(resource)?),
        "Rabbitmq_plugin" => Box::new(rabbitmq_plugin::RabbitmqPlugin::new(resource)?),
        "Vs_config" => Box::new(vs_config::VsConfig::new(resource)?),
        "Debconf" => Box::new(debconf::Debconf::new(resource)?),
        "Schedule" | "Filebucket" | "Tidy" => Box::new(Inert { refreshable: false }),
        "Anchor" => Box::new(Inert { refreshable: true }),
        "Resources" => {
            purge::Purge::new(resource)?;
            Box::new(Inert { refreshable: false })
        }
        other => Box::new(Unsupported {
            reason: format!(
                "kuppet has no provider for resource type {other}; remove {} from the catalog or manage it with an exec",
                resource.reference()
            ),
        }),
    })
}

/// One thing of a type found on the host, as a resource would name it
/// (Puppet's `instances`): what the `resources` type purges when the
/// catalog has no resource for it, by making a resource of this title with
/// `ensure => absent` and these parameters.
#[derive(Debug, Clone, PartialEq)]
pub struct Instance {
    /// The title of a resource managing it (its namevar: a host's name, a
    /// mount point, a cron job's `Puppet Name`).
    pub title: String,
    /// What a removing resource needs besides `ensure` to find it (`target`,
    /// `user`), and its current properties (`ip`, `device`...).
    pub parameters: indexmap::IndexMap<String, Value>,
}

/// A parsed-file type's `ensure`: the given one, else `present` when the
/// resource manages any of its other `properties` (Puppet's
/// `Puppet::Property::Ensure` default for a `managed?` resource).
pub(crate) fn ensure_or_managed(
    resource: &Resource,
    given: Option<bool>,
    properties: &[&str],
) -> Option<bool> {
    given.or_else(|| {
        properties
            .iter()
            .any(|p| !matches!(resource.parameters.get(*p), None | Some(Value::Null)))
            .then_some(true)
    })
}

/// The `ensure` property of a parsed-file type (`present`/`absent`), with
/// its `<type>_created` / `<type>_removed` events.
pub(crate) fn parsed_ensure(type_name: &str, present: bool, want: bool) -> Property {
    let current = if present { "present" } else { "absent" };
    let desired = if want { "present" } else { "absent" };
    Property::new(
        "ensure",
        serde_json::json!(current),
        serde_json::json!(desired),
        if present == want {
            Sync::InSync
        } else {
            Sync::OutOfSync
        },
    )
    .with_event(format!(
        "{type_name}_{}",
        if want { "created" } else { "removed" }
    ))
}

/// The instances of a type that the host has (Puppet's `instances`), for
/// the `resources` type's purge: one [`Resource`] per instance, its title
/// the instance's name, its parameters the current values a purge check
/// needs (built with [`purge::instance`]). `None`: kuppet cannot list this
/// type. A type that can list its instances adds one line here.
pub fn instances(type_name: &str, host: &Machine) -> Option<Result<Vec<Resource>, ResourceError>> {
    match type_name {
        "User" => Some(Ok(user::instances(host))),
        "Group" => Some(Ok(group::instances(host))),
        "Host" => Some(host::instances(host).map(|l| as_resources("Host", l))),
        "Mailalias" => Some(mailalias::instances(host).map(|l| as_resources("Mailalias", l))),
        "Sshkey" => Some(sshkeys::known_host_instances(host).map(|l| as_resources("Sshkey", l))),
        "Firewall" => Some(firewall::instances(host)),
        "Firewallchain" => Some(Ok(firewall::chain_instances(host))),
        "Cron" => Some(cron::instances(host)),
        "Mount" => Some(mount::instances(host).map(|l| as_resources("Mount", l))),
        _ => None,
    }
}

/// Parsed-file instances as the resources [`instances`] returns.
fn as_resources(type_name: &str, listed: Vec<Instance>) -> Vec<Resource> {
    listed
        .into_iter()
        .map(|i| {
            let values: Vec<(&str, Value)> = i
                .parameters
                .iter()
                .map(|(k, v)| (k.as_str(), v.clone()))
                .collect();
            purge::instance(type_name, &i.title, &values)
        })
        .collect()
}

/// Checks what a resource needs from the rest of the catalog (a file's
/// filebucket); an error refuses the catalog, as Puppet does.
pub fn validate_in_catalog(
    resource: &Resource,
    catalog: &kuppet_catalog::Catalog,
) -> Result<(), ResourceError> {
    match resource.type_name.as_str() {
        "File" => file::validate_in_catalog(resource, catalog),
        "Tidy" => tidy::validate(resource),
        _ => Ok(()),
    }
}

/// Warnings a resource logs when the run's graph is built (a concat
/// fragment whose concat_file is not in the catalog).
pub fn catalog_warnings(resource: &Resource, catalog: &kuppet_catalog::Catalog) -> Vec<String> {
    match resource.type_name.as_str() {
        "Concat_fragment" => concat::missing_target_warning(resource, catalog)
            .into_iter()
            .collect(),
        _ => Vec::new(),
    }
}

/// The resources a resource requires implicitly (Puppet's autorequire).
pub fn autorequire(resource: &Resource) -> Vec<AutoRequire> {
    match resource.type_name.as_str() {
        "File" => {
            // A mount autobefores the files under its mount point.
            let mut deps = file::autorequire(resource);
            let path = resource.param_str("path").unwrap_or(&resource.title);
            deps.extend(mount::file_autorequire(path));
            deps
        }
        "Exec" => exec::autorequire(resource),
        "User" => user::autorequire(resource),
        "File_line" => file_line::autorequire(resource),
        "Ini_setting" => ini::autorequire(resource),
        "Ssh_authorized_key" => sshkeys::autorequire(resource),
        "Concat_file" => concat::autorequire(resource),
        "Cron" => cron::autorequire(resource),
        t if ini::config::config_type(t).is_some() => ini::config::autorequire(resource),
        "Mount" => mount::autorequire(resource),
        "Firewall" | "Firewallchain" => firewall::autorequire(resource),
        _ => Vec::new(),
    }
}

/// Formats a value as Puppet prints parameter values in messages (`'x'`,
/// `['0']`, `"a\nb"`).
pub fn display(value: &Value) -> String {
    match value {
        Value::String(s) => quote(s),
        Value::Array(items) => {
            let parts: Vec<String> = items.iter().map(display).collect();
            format!("[{}]", parts.join(", "))
        }
        Value::Object(map) => {
            if map.is_empty() {
                return "{}".into();
            }
            let parts: Vec<String> = map
                .iter()
                .map(|(k, v)| format!("  {} => {}", quote(k), display(v)))
                .collect();
            format!("{{\n{}\n}}", parts.join(",\n"))
        }
        Value::Null => String::new(),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => n.to_string(),
    }
}

/// Quotes a string the way Puppet's `%p` format does: single quotes unless
/// it holds control characters, then double quotes with escapes.
pub fn quote(s: &str) -> String {
    if s.chars().any(|c| (c as u32) < 0x20) {
        let mut out = String::from("\"");
        for c in s.chars() {
            match c {
                '\t' => out.push_str("\\t"),
                '\n' => out.push_str("\\n"),
                '\r' => out.push_str("\\r"),
                '"' => out.push_str("\\\""),
                '$' => out.push_str("\\$"),
                '\\' => out.push_str("\\\\"),
                c if (c as u32) < 0x20 => out.push_str(&format!("\\u{{{:X}}}", c as u32)),
                c => out.push(c),
            }
        }
        out.push('"');
        return out;
    }
    let mut out = String::from("'");
    let mut escaped = false;
    for c in s.chars() {
        if escaped {
            out.push('\\');
            out.push(c);
            escaped = false;
        } else if c == '\'' {
            out.push_str("\\'");
        } else if c == '\\' {
            escaped = true;
        } else {
            out.push(c);
        }
    }
    if escaped {
        out.push('\\');
    }
    out.push('\'');
    out
}

/// A parameter as a string: strings as they are, numbers and booleans
/// printed (Puppet munges most parameters to strings).
pub fn param_string(resource: &Resource, name: &str) -> Option<String> {
    match resource.parameters.get(name)? {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        Value::Bool(b) => Some(b.to_string()),
        Value::Array(items) if items.len() == 1 => match &items[0] {
            Value::String(s) => Some(s.clone()),
            Value::Number(n) => Some(n.to_string()),
            Value::Bool(b) => Some(b.to_string()),
            _ => None,
        },
        _ => None,
    }
}

/// A parameter as a list of strings (one value or an array of them).
pub fn param_list(resource: &Resource, name: &str) -> Vec<String> {
    fn one(v: &Value, out: &mut Vec<String>) {
        match v {
            Value::String(s) => out.push(s.clone()),
            Value::Number(n) => out.push(n.to_string()),
            Value::Bool(b) => out.push(b.to_string()),
            Value::Array(items) => items.iter().for_each(|i| one(i, out)),
            _ => {}
        }
    }
    let mut out = Vec::new();
    if let Some(v) = resource.parameters.get(name) {
        one(v, &mut out);
    }
    out
}

/// A boolean parameter (`true`, `false`, `"true"`, `"yes"`...); `None` when unset.
pub(crate) fn param_bool(resource: &Resource, name: &str) -> Result<Option<bool>, ResourceError> {
    match resource.parameters.get(name) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Bool(b)) => Ok(Some(*b)),
        Some(Value::String(s)) => match s.as_str() {
            "true" | "yes" => Ok(Some(true)),
            "false" | "no" | "" => Ok(Some(false)),
            other => Err(ResourceError::invalid(format!(
                "Parameter {name} failed on {}: Invalid value \"{other}\". Valid values are true, false, yes, no.",
                resource.reference()
            ))),
        },
        Some(other) => Err(ResourceError::invalid(format!(
            "Parameter {name} failed on {}: Invalid value {other}. Valid values are true, false.",
            resource.reference()
        ))),
    }
}

/// Whether a resource runs in noop: its `noop` metaparameter, else the run's.
pub fn resource_noop(resource: &Resource, global: bool) -> bool {
    match param_bool(resource, "noop") {
        Ok(Some(b)) => b,
        _ => global,
    }
}

/// Appends Puppet's location suffix to a message about a resource.
pub fn located(resource: &Resource, message: &str) -> String {
    match (&resource.file, resource.line) {
        (Some(f), Some(l)) if !f.is_empty() => format!("{message} (file: {f}, line: {l})"),
        (_, Some(l)) => format!("{message} (line: {l})"),
        _ => message.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn values_print_like_puppet() {
        assert_eq!(display(&json!("notrun")), "'notrun'");
        assert_eq!(display(&json!(["0"])), "['0']");
        assert_eq!(display(&json!("it's\nmulti")), "\"it's\\nmulti\"");
        assert_eq!(display(&json!("it's")), "'it\\'s'");
        assert_eq!(display(&json!("a\\b")), "'a\\b'");
        assert_eq!(display(&json!("end\\")), "'end\\'");
        assert_eq!(
            display(&json!({"b": "1", "a": ["x"]})),
            "{\n  'b' => '1',\n  'a' => ['x']\n}"
        );
    }

    #[test]
    fn change_messages_follow_puppet() {
        let p = Property::new("mode", json!("0644"), json!("0600"), Sync::OutOfSync);
        assert_eq!(p.change_message(), "mode changed '0644' to '0600'");
        let p = Property::new("message", json!("absent"), json!("hi"), Sync::OutOfSync);
        assert_eq!(p.change_message(), "defined 'message' as 'hi'");
        let p = Property::new("ensure", json!("absent"), json!("present"), Sync::OutOfSync);
        assert_eq!(p.ensure_message(), "created");
        let p = Property::new("ensure", json!("present"), json!("absent"), Sync::OutOfSync);
        assert_eq!(p.ensure_message(), "removed");
    }
}
