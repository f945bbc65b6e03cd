//! The `resources` type, as Puppet's: with `purge => true` it generates,
//! when the run begins, a resource with `ensure => absent` for every
//! instance of the named type that the host has and the catalog does not
//! manage (by title or name), carrying the `resources` resource's
//! metaparameters (`noop`, `loglevel`, `schedule`, `audit`, `tag`).
//!
//! Users are spared as Puppet's `user_check` spares them: `root`, `nobody`,
//! `bin`, `noaccess`, `daemon`, `sys`; uids listed in `unless_uid`; and,
//! unless `unless_system_user => false`, every uid up to the limit
//! (`unless_system_user`, by default the root's `/etc/login.defs` `UID_MIN`
//! less one, else 499).
//!
//! Which types can be listed is [`crate::instances`]'s table.

use super::{ResourceError, located, param_bool, param_list, param_string};
use crate::Machine;
use kuppet_catalog::Resource;
use serde_json::Value;

/// Metaparameters a generated resource takes from the `resources` resource.
const COPIED_METAPARAMS: &[&str] = &["noop", "loglevel", "schedule", "audit", "tag"];

/// What a generated resource takes from the instance it removes, to find
/// it again: its table (`target`, `user`), its provider (a firewall rule's
/// `ip6tables`) and, for a cron job Puppet did not name, its command and
/// times (Puppet keeps the instance's provider).
const FINDERS: &[&str] = &[
    "target", "user", "command", "special", "minute", "hour", "monthday", "month", "weekday",
    "provider",
];

/// The parameter that marks a resource the `resources` type generated
/// (Puppet's `purging`): its `ensure => absent` was set after the type's
/// validation, which a firewall chain's would refuse for built-in chains.
/// Not an attribute name any type can have.
pub const PURGING: &str = "kuppet::purging";

/// Types without an `ensure` property (Puppet refuses to purge them when
/// it validates `purge`).
const NOT_ENSURABLE: &[&str] = &[
    "Notify",
    "Exec",
    "Schedule",
    "Stage",
    "Filebucket",
    "Resources",
    "Tidy",
    "Augeas",
    "Whit",
    "Anchor",
    "Component",
    "Class",
    "Node",
];

/// Users Puppet never purges.
const SYSTEM_USERS: &[&str] = &["root", "nobody", "bin", "noaccess", "daemon", "sys"];

/// The settings of one `resources` resource.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Purge {
    /// The managed type as the catalog writes it (`User`, `Ssh_authorized_key`).
    pub type_name: String,
    pub purge: bool,
    /// `unless_system_user`: None = the system's limit, Some(None) = false.
    unless_system_user: Option<Option<u32>>,
    unless_uid: Vec<u32>,
}

impl Purge {
    pub fn new(resource: &Resource) -> Result<Purge, ResourceError> {
        let name = param_string(resource, "name").unwrap_or_else(|| resource.title.clone());
        let type_name = name
            .split("::")
            .map(|seg| {
                let mut c = seg.chars();
                match c.next() {
                    Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
                    None => String::new(),
                }
            })
            .collect::<Vec<_>>()
            .join("::");
        let invalid = |param: &str, message: String| {
            ResourceError::invalid(located(
                resource,
                &format!(
                    "Parameter {param} failed on {}: {message}",
                    resource.reference()
                ),
            ))
        };
        let purge = param_bool(resource, "purge")?.unwrap_or(false);
        if purge && NOT_ENSURABLE.contains(&type_name.as_str()) {
            return Err(invalid(
                "purge",
                "Purging is only supported on types that accept 'ensure'".into(),
            ));
        }
        let unless_system_user = match param_string(resource, "unless_system_user").as_deref() {
            None | Some("true") => None,
            Some("false") => Some(None),
            Some(n) => Some(Some(n.parse().map_err(|_| {
                invalid(
                    "unless_system_user",
                    format!(
                        "Invalid value \"{n}\". Valid values are true, false. Valid values match /^\\d+$/."
                    ),
                )
            })?)),
        };
        let mut unless_uid = Vec::new();
        for v in param_list(resource, "unless_uid") {
            unless_uid.push(
                v.parse()
                    .map_err(|_| invalid("unless_uid", format!("Invalid value {v:?}.")))?,
            );
        }
        Ok(Purge {
            type_name,
            purge,
            unless_system_user,
            unless_uid,
        })
    }

    /// Whether Puppet's check lets an instance go (`user_check`; other
    /// types have no check).
    fn check(&self, host: &Machine, instance: &Resource) -> bool {
        if self.type_name != "User" {
            return true;
        }
        let limit = match self.unless_system_user {
            Some(None) => return true,
            Some(Some(n)) => n,
            None => system_users_max_uid(host),
        };
        if SYSTEM_USERS.contains(&instance.title.as_str()) {
            return false;
        }
        let uid = instance
            .parameters
            .get("uid")
            .and_then(Value::as_u64)
            .unwrap_or(0);
        if self.unless_uid.iter().any(|u| u64::from(*u) == uid) {
            return false;
        }
        uid > u64::from(limit)
    }
}

/// The highest uid of a system user: `UID_MIN` of the root's
/// `/etc/login.defs` less one, else 499.
fn system_users_max_uid(host: &Machine) -> u32 {
    host.read_text("/etc/login.defs")
        .lines()
        .find_map(|l| {
            let mut words = l.split_whitespace();
            (words.next() == Some("UID_MIN"))
                .then(|| words.next()?.parse::<u32>().ok())
                .flatten()
        })
        .map_or(499, |min| min.saturating_sub(1))
}

/// The resources a `resources` resource generates: one `ensure => absent`
/// per unmanaged instance, in the order the host lists them.
/// `managed(type, name)` says whether the catalog manages an instance.
pub fn generate(
    resource: &Resource,
    host: &Machine,
    managed: &dyn Fn(&str, &str) -> bool,
) -> Result<Vec<Resource>, ResourceError> {
    let purge = Purge::new(resource)?;
    if !purge.purge {
        return Ok(Vec::new());
    }
    let Some(listed) = crate::instances(&purge.type_name, host) else {
        return Err(ResourceError::failed(format!(
            "Purging resources of type {} is not supported, since they cannot be queried from the system",
            purge.type_name.to_lowercase()
        )));
    };
    let mut out = Vec::new();
    for instance in listed? {
        if managed(&purge.type_name, &instance.title) || !purge.check(host, &instance) {
            continue;
        }
        let mut parameters = kuppet_catalog::Parameters::default();
        parameters.insert("name".into(), Value::String(instance.title.clone()));
        parameters.insert("ensure".into(), Value::String("absent".into()));
        if purge.type_name != "User" {
            for f in FINDERS {
                if let Some(v) = instance.parameters.get(*f) {
                    parameters.insert((*f).into(), v.clone());
                }
            }
        }
        if purge.type_name == "Firewallchain" {
            parameters.insert(PURGING.into(), Value::Bool(true));
        }
        for m in COPIED_METAPARAMS {
            if let Some(v) = resource.parameters.get(*m) {
                parameters.insert((*m).into(), v.clone());
            }
        }
        out.push(Resource {
            type_name: purge.type_name.clone(),
            title: instance.title,
            tags: resource.tags.clone(),
            file: resource.file.clone(),
            line: resource.line,
            exported: false,
            kind: resource.kind.clone(),
            parameters,
            sensitive_parameters: Vec::new(),
        });
    }
    Ok(out)
}

/// An instance found on the host, as [`crate::instances`] returns it: the
/// title and the current values worth knowing (`uid` for users).
pub fn instance(type_name: &str, title: &str, values: &[(&str, Value)]) -> Resource {
    Resource {
        type_name: type_name.into(),
        title: title.into(),
        tags: Vec::new(),
        file: None,
        line: None,
        exported: false,
        kind: None,
        parameters: values
            .iter()
            .map(|(k, v)| ((*k).into(), v.clone()))
            .collect(),
        sensitive_parameters: Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn resource(params: &[(&str, Value)]) -> Resource {
        instance("Resources", "user", params)
    }

    fn root() -> (tempfile::TempDir, Machine) {
        let dir = tempfile::tempdir().expect("tempdir");
        std::fs::create_dir_all(dir.path().join("etc")).expect("mkdir");
        std::fs::write(
            dir.path().join("etc/passwd"),
            "root:x:0:0::/root:/bin/sh\nsvc:x:120:120::/:/bin/false\nann:x:1000:1000::/home/ann:/bin/sh\nbob:x:1001:1001::/home/bob:/bin/sh\nnobody:x:65534:65534::/:/bin/false\n",
        )
        .expect("write");
        std::fs::write(
            dir.path().join("etc/login.defs"),
            "# x\nUID_MIN\t\t\t 1000\n",
        )
        .expect("write");
        let host = Machine::new(dir.path()).expect("root");
        (dir, host)
    }

    fn titles(v: &[Resource]) -> Vec<&str> {
        v.iter().map(|r| r.title.as_str()).collect()
    }

    #[test]
    fn users_above_the_system_limit_and_unmanaged_are_purged() {
        let (_d, host) = root();
        let r = resource(&[("purge", json!(true)), ("noop", json!(true))]);
        let managed = |_: &str, name: &str| name == "ann";
        let out = generate(&r, &host, &managed).expect("generates");
        assert_eq!(titles(&out), ["bob"]);
        assert_eq!(out[0].parameters["ensure"], "absent");
        assert_eq!(out[0].parameters["noop"], true);
        let r = resource(&[
            ("purge", json!(true)),
            ("unless_uid", json!([1001, "1000"])),
        ]);
        assert!(generate(&r, &host, &|_, _| false).expect("ok").is_empty());
        let r = resource(&[("purge", json!(true)), ("unless_system_user", json!("100"))]);
        assert_eq!(
            titles(&generate(&r, &host, &|_, _| false).expect("ok")),
            ["svc", "ann", "bob"]
        );
        // false: no check at all, as Puppet (even root goes).
        let r = resource(&[("purge", json!(true)), ("unless_system_user", json!(false))]);
        assert_eq!(generate(&r, &host, &|_, _| false).expect("ok").len(), 5);
        let r = resource(&[("purge", json!(false))]);
        assert!(generate(&r, &host, &|_, _| false).expect("ok").is_empty());
    }

    #[test]
    fn unmanaged_hosts_entries_are_purged_with_what_finds_them() {
        let (d, host) = root();
        std::fs::write(
            d.path().join("etc/hosts"),
            "127.0.0.1\tlocalhost\n10.0.0.5\tdb.example db\n",
        )
        .expect("write");
        let r = instance("Resources", "host", &[("purge", json!(true))]);
        let managed = |_: &str, name: &str| name == "localhost";
        let out = generate(&r, &host, &managed).expect("ok");
        assert_eq!(titles(&out), ["db.example"]);
        assert_eq!(out[0].type_name, "Host");
        assert_eq!(out[0].parameters["ensure"], json!("absent"));
        assert_eq!(out[0].parameters["name"], json!("db.example"));
        // What finds the entry again goes with it; users keep only their names.
        assert_eq!(out[0].parameters["target"], json!("/etc/hosts"));
        assert!(out[0].parameters.get("ip").is_none());
    }

    #[test]
    fn types_that_cannot_be_listed_are_refused_with_puppets_words() {
        let (_d, host) = root();
        let r = instance("Resources", "service", &[("purge", json!(true))]);
        let err = generate(&r, &host, &|_, _| false).expect_err("no instances");
        assert_eq!(
            err.to_string(),
            "Purging resources of type service is not supported, since they cannot be queried from the system"
        );
        // A type without ensure is refused when the catalog is checked.
        let mut r = instance("Resources", "notify", &[("purge", json!(true))]);
        r.file = Some("/m.pp".into());
        r.line = Some(2);
        assert_eq!(
            Purge::new(&r).expect_err("not ensurable").to_string(),
            "Parameter purge failed on Resources[notify]: Purging is only supported on types that accept 'ensure' (file: /m.pp, line: 2)"
        );
        r.parameters.insert("purge".into(), json!(false));
        assert!(Purge::new(&r).is_ok());
        let bad = resource(&[("unless_system_user", json!("abc"))]);
        assert!(Purge::new(&bad).is_err());
    }
}
