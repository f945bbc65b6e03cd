//! The `user` type, as Puppet's `useradd` provider: the state is read from
//! the root's `/etc/passwd`, `/etc/group` and `/etc/shadow`; changes go
//! through `useradd`, `usermod`, `userdel`, `chpasswd` and `chage` inside
//! the root.
//!
//! Properties in Puppet's order: `ensure`, `home`, `uid`, `gid`, `comment`,
//! `shell`, `password` (hashed, always redacted), `password_min_age`,
//! `password_max_age`, `password_warn_days`, `groups` (with `membership`
//! minimum or inclusive), `expiry`.

use super::{
    Context, Examined, Property, ResourceError, Sync, located, param_bool, param_list, param_string,
};
use crate::machine::{Argv, CommandSpec};
use kuppet_catalog::Resource;
use kuppet_catalog::graph::AutoRequire;
use serde_json::{Value, json};

/// A `user` resource.
#[derive(Debug)]
pub struct User {
    name: String,
    ensure: Option<bool>,
    home: Option<String>,
    uid: Option<u32>,
    gid: Option<String>,
    comment: Option<String>,
    shell: Option<String>,
    password: Option<String>,
    password_min_age: Option<i64>,
    password_max_age: Option<i64>,
    password_warn_days: Option<i64>,
    groups: Option<Vec<String>>,
    inclusive: bool,
    expiry: Option<String>,
    managehome: bool,
    system: bool,
    allowdupe: bool,
}

/// One line of `/etc/shadow`.
#[derive(Debug, Clone, Default)]
struct Shadow {
    password: String,
    min: Option<i64>,
    max: Option<i64>,
    warn: Option<i64>,
    expire: Option<i64>,
}

fn read_shadow(cx: &Context, name: &str) -> Option<Shadow> {
    let text = cx.host.fs().read_to_string("/etc/shadow").ok()?;
    text.lines().find_map(|line| {
        let f: Vec<&str> = line.split(':').collect();
        if f.len() < 8 || f[0] != name {
            return None;
        }
        let num = |s: &str| s.parse::<i64>().ok();
        Some(Shadow {
            password: f[1].to_string(),
            min: num(f[3]),
            max: num(f[4]),
            warn: num(f[5]),
            expire: num(f[7]),
        })
    })
}

/// Days since the epoch as `YYYY-MM-DD`.
fn date_of_days(days: i64) -> String {
    let secs = days.max(0) as u64 * 86_400;
    let t = std::time::UNIX_EPOCH + std::time::Duration::from_secs(secs);
    crate::clock::format_time(t)[..10].to_string()
}

impl User {
    pub fn new(resource: &Resource) -> Result<User, ResourceError> {
        let reference = resource.reference();
        let invalid = |param: &str, msg: &str| {
            ResourceError::invalid(located(
                resource,
                &format!("Parameter {param} failed on {reference}: {msg}"),
            ))
        };
        let ensure = match param_string(resource, "ensure").as_deref() {
            None => None,
            Some("present") => Some(true),
            Some("absent") => Some(false),
            Some(other) => {
                return Err(invalid(
                    "ensure",
                    &format!("Invalid value \"{other}\". Valid values are present, absent, role."),
                ));
            }
        };
        let uid = match param_string(resource, "uid") {
            None => None,
            Some(u) => Some(
                u.parse()
                    .map_err(|_| invalid("uid", "UID must be an integer"))?,
            ),
        };
        let password = param_string(resource, "password");
        if password.as_deref().is_some_and(|p| p.contains(':')) {
            return Err(invalid("password", "Passwords cannot include ':'"));
        }
        let age = |name: &str| -> Result<Option<i64>, ResourceError> {
            match param_string(resource, name) {
                None => Ok(None),
                Some(v) => v
                    .parse()
                    .map(Some)
                    .map_err(|_| invalid(name, "must be provided as a number.")),
            }
        };
        let groups = match resource.parameters.get("groups") {
            None | Some(Value::Null) => None,
            Some(_) => {
                let g = param_list(resource, "groups");
                for name in &g {
                    if name.chars().all(|c| c.is_ascii_digit()) {
                        return Err(invalid(
                            "groups",
                            "Group names must be provided, not GID numbers.",
                        ));
                    }
                    if name.contains(',') {
                        return Err(invalid(
                            "groups",
                            "Group names must be provided as an array, not a comma-separated list.",
                        ));
                    }
                }
                Some(g)
            }
        };
        let managed_property = [
            "home", "uid", "gid", "comment", "shell", "password", "groups",
        ]
        .iter()
        .any(|p| resource.parameters.contains_key(*p));
        Ok(User {
            name: param_string(resource, "name").unwrap_or_else(|| resource.title.clone()),
            ensure: ensure.or(managed_property.then_some(true)),
            home: param_string(resource, "home"),
            uid,
            gid: param_string(resource, "gid"),
            comment: param_string(resource, "comment"),
            shell: param_string(resource, "shell"),
            password,
            password_min_age: age("password_min_age")?,
            password_max_age: age("password_max_age")?,
            password_warn_days: age("password_warn_days")?,
            groups,
            inclusive: param_string(resource, "membership").as_deref() == Some("inclusive"),
            expiry: param_string(resource, "expiry"),
            managehome: param_bool(resource, "managehome")?.unwrap_or(false),
            system: param_bool(resource, "system")?.unwrap_or(false),
            allowdupe: param_bool(resource, "allowdupe")?.unwrap_or(false),
        })
    }

    fn tool(
        &self,
        cx: &Context,
        argv: Vec<String>,
        stdin: Option<Vec<u8>>,
    ) -> Result<(), ResourceError> {
        let line = argv.join(" ");
        let out = cx
            .host
            .run(&CommandSpec {
                argv: Some(Argv::Args(argv)),
                tool: true,
                stdin,
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
        Ok(())
    }

    /// The groups this user should be in (`minimum` adds the current ones).
    fn wanted_groups(&self, current: &[String]) -> Vec<String> {
        let mut want = self.groups.clone().unwrap_or_default();
        if !self.inclusive {
            want.extend(current.iter().cloned());
        }
        want.sort();
        want.dedup();
        want
    }

    fn check_shell(&self, cx: &Context) -> Result<(), ResourceError> {
        if let Some(shell) = &self.shell {
            if cx.host.fs().stat(shell).is_err() {
                return Err(ResourceError::failed(format!("Shell {shell} must exist")));
            }
            if !cx.host.is_executable(shell) {
                return Err(ResourceError::failed(format!(
                    "Shell {shell} must be executable"
                )));
            }
        }
        Ok(())
    }

    fn set_password(&self, cx: &Context, hash: &str) -> Result<(), ResourceError> {
        self.tool(
            cx,
            vec!["chpasswd".into(), "-e".into()],
            Some(format!("{}:{hash}\n", self.name).into_bytes()),
        )
        .map_err(|e| {
            ResourceError::failed(format!(
                "Could not set password on user[{}]: {e}",
                self.name
            ))
        })
    }

    fn create(&self, cx: &Context) -> Result<(), ResourceError> {
        self.check_shell(cx)?;
        let mut argv: Vec<String> = vec!["useradd".into()];
        if self.gid.is_none() && cx.host.gid(&self.name).is_some() {
            argv.extend(["-g".into(), self.name.clone()]);
        }
        // Options in the alphabetical order of their properties, as Puppet.
        if let Some(c) = &self.comment {
            argv.extend(["-c".into(), c.clone()]);
        }
        if let Some(e) = &self.expiry {
            argv.extend([
                "-e".into(),
                if e == "absent" {
                    String::new()
                } else {
                    e.clone()
                },
            ]);
        }
        if let Some(g) = &self.gid {
            argv.extend(["-g".into(), g.clone()]);
        }
        if let Some(groups) = &self.groups
            && !groups.is_empty()
        {
            argv.extend(["-G".into(), groups.join(",")]);
        }
        if let Some(h) = &self.home {
            argv.extend(["-d".into(), h.clone()]);
        }
        if let Some(s) = &self.shell {
            argv.extend(["-s".into(), s.clone()]);
        }
        if let Some(u) = self.uid {
            argv.extend(["-u".into(), u.to_string()]);
        }
        if self.allowdupe {
            argv.push("-o".into());
        }
        argv.push(if self.managehome { "-m" } else { "-M" }.into());
        if self.system {
            argv.push("-r".into());
        }
        argv.push(self.name.clone());
        self.tool(cx, argv, None)?;
        let mut chage: Vec<String> = vec!["chage".into()];
        for (flag, v) in [
            ("-m", self.password_min_age),
            ("-M", self.password_max_age),
            ("-W", self.password_warn_days),
        ] {
            if let Some(v) = v {
                chage.extend([flag.into(), v.to_string()]);
            }
        }
        if chage.len() > 1 {
            chage.push(self.name.clone());
            self.tool(cx, chage, None)?;
        }
        if let Some(p) = &self.password {
            self.set_password(cx, p)?;
        }
        Ok(())
    }
}

/// The users of the root's `/etc/passwd` (Puppet's `instances`), with their uid.
pub fn instances(host: &crate::Machine) -> Vec<Resource> {
    host.users()
        .into_iter()
        .map(|u| crate::purge::instance("User", &u.name, &[("uid", json!(u.uid))]))
        .collect()
}

impl super::Provider for User {
    /// Puppet's `useradd` provider needs its commands (on a host without them
    /// no provider of the type is suitable).
    fn suitable(&mut self, host: &crate::Machine) -> Result<(), crate::Unsuitable> {
        const CANDIDATES: &[crate::select::Candidate] = &[crate::select::Candidate {
            name: "useradd",
            commands: &["useradd", "userdel", "usermod", "chage", "chpasswd"],
            confine: |_| true,
            default_for: |_| 1,
            depth: 5,
        }];
        crate::select::choose("user", CANDIDATES, None, host).map(drop)
    }

    fn examine(&mut self, cx: &mut Context) -> Result<Examined, ResourceError> {
        let entry = cx.host.users().into_iter().find(|u| u.name == self.name);
        let present = entry.is_some();
        let mut props = Vec::new();
        if let Some(want) = self.ensure {
            let have = if present { "present" } else { "absent" };
            let should = if want { "present" } else { "absent" };
            props.push(
                Property::new(
                    "ensure",
                    json!(have),
                    json!(should),
                    if have == should {
                        Sync::InSync
                    } else {
                        Sync::OutOfSync
                    },
                )
                .with_event(if want { "user_created" } else { "user_removed" }),
            );
        }
        let Some(entry) = entry else {
            return Ok(Examined {
                present,
                properties: props,
            });
        };
        let sync = |same: bool| if same { Sync::InSync } else { Sync::OutOfSync };
        if let Some(home) = &self.home {
            props.push(Property::new(
                "home",
                json!(entry.home),
                json!(home),
                sync(entry.home == *home),
            ));
        }
        if let Some(uid) = self.uid {
            props.push(Property::new(
                "uid",
                json!(entry.uid),
                json!(uid),
                sync(entry.uid == uid),
            ));
        }
        if let Some(gid) = &self.gid {
            let want = cx.host.gid(gid);
            let desired = gid.parse::<u32>().map(|n| json!(n)).unwrap_or(json!(gid));
            props.push(Property::new(
                "gid",
                json!(entry.gid),
                desired,
                sync(want == Some(entry.gid)),
            ));
        }
        if let Some(c) = &self.comment {
            props.push(Property::new(
                "comment",
                json!(entry.comment),
                json!(c),
                sync(entry.comment == *c),
            ));
        }
        if let Some(s) = &self.shell {
            props.push(Property::new(
                "shell",
                json!(entry.shell),
                json!(s),
                sync(entry.shell == *s),
            ));
        }
        let shadow = read_shadow(cx, &self.name).unwrap_or_default();
        if let Some(p) = &self.password {
            props.push(
                Property::new(
                    "password",
                    json!(shadow.password),
                    json!(p),
                    sync(shadow.password == *p),
                )
                .redacted(),
            );
        }
        for (name, want, have) in [
            ("password_min_age", self.password_min_age, shadow.min),
            ("password_max_age", self.password_max_age, shadow.max),
            ("password_warn_days", self.password_warn_days, shadow.warn),
        ] {
            if let Some(want) = want {
                let current = have.map(|h| json!(h)).unwrap_or(json!("absent"));
                props.push(Property::new(
                    name,
                    current,
                    json!(want),
                    sync(have == Some(want)),
                ));
            }
        }
        if self.groups.is_some() {
            let current: Vec<String> = cx
                .host
                .groups()
                .into_iter()
                .filter(|g| g.members.contains(&self.name))
                .map(|g| g.name)
                .collect();
            let want = self.wanted_groups(&current);
            let mut sorted = current.clone();
            sorted.sort();
            let p = Property::new(
                "groups",
                json!(current.join(",")),
                json!(want.join(",")),
                sync(sorted == want),
            )
            .with_texts(current.join(","), format!("'{}'", want.join(",")));
            props.push(p);
        }
        if let Some(expiry) = &self.expiry {
            let have = shadow
                .expire
                .map(date_of_days)
                .unwrap_or_else(|| "absent".into());
            props.push(Property::new(
                "expiry",
                json!(have),
                json!(expiry),
                sync(have == *expiry),
            ));
        }
        Ok(Examined {
            present,
            properties: props,
        })
    }

    fn sync(&mut self, property: &Property, cx: &mut Context) -> Result<String, ResourceError> {
        let usermod = |flag: &str, value: String| -> Result<(), ResourceError> {
            let mut argv: Vec<String> = vec!["usermod".into(), flag.into(), value];
            if flag == "-u" && self.allowdupe {
                argv.push("-o".into());
            }
            argv.push(self.name.clone());
            self.tool(cx, argv, None)
        };
        match property.name {
            "ensure" => {
                if self.ensure == Some(true) {
                    self.create(cx)?;
                } else {
                    let mut argv: Vec<String> = vec!["userdel".into()];
                    if self.managehome {
                        argv.push("-r".into());
                    }
                    argv.push(self.name.clone());
                    self.tool(cx, argv, None)?;
                }
                return Ok(property.ensure_message());
            }
            "home" => usermod("-d", self.home.clone().unwrap_or_default())?,
            "uid" => usermod("-u", self.uid.map(|u| u.to_string()).unwrap_or_default())?,
            "gid" => {
                let gid = self.gid.clone().unwrap_or_default();
                let n = cx.host.gid(&gid).ok_or_else(|| {
                    ResourceError::failed(format!("Could not find group(s) {gid}"))
                })?;
                usermod("-g", n.to_string())?
            }
            "comment" => usermod("-c", self.comment.clone().unwrap_or_default())?,
            "shell" => {
                self.check_shell(cx)?;
                usermod("-s", self.shell.clone().unwrap_or_default())?
            }
            "password" => {
                let p = self.password.clone().unwrap_or_default();
                self.set_password(cx, &p)?;
            }
            "password_min_age" | "password_max_age" | "password_warn_days" => {
                let (flag, v) = match property.name {
                    "password_min_age" => ("-m", self.password_min_age),
                    "password_max_age" => ("-M", self.password_max_age),
                    _ => ("-W", self.password_warn_days),
                };
                self.tool(
                    cx,
                    vec![
                        "chage".into(),
                        flag.into(),
                        v.map(|x| x.to_string()).unwrap_or_default(),
                        self.name.clone(),
                    ],
                    None,
                )?;
            }
            "groups" => usermod("-G", property.desired.as_str().unwrap_or("").to_string())?,
            "expiry" => {
                let e = self.expiry.clone().unwrap_or_default();
                usermod("-e", if e == "absent" { String::new() } else { e })?
            }
            other => {
                return Err(ResourceError::failed(format!(
                    "The user type cannot change property {other}"
                )));
            }
        }
        if property.name == "groups" {
            return Ok(format!(
                "groups changed {} to {}",
                property.current_text, property.desired_text
            ));
        }
        Ok(property.change_message())
    }

    fn provider_name(&self) -> Option<&'static str> {
        Some("useradd")
    }
}

/// A user requires its primary group and its groups, when managed.
pub fn autorequire(resource: &Resource) -> Vec<AutoRequire> {
    let mut out = Vec::new();
    if let Some(g) = param_string(resource, "gid")
        && !g.chars().all(|c| c.is_ascii_digit())
    {
        out.push(AutoRequire::new("Group", g));
    }
    for g in param_list(resource, "groups") {
        out.push(AutoRequire::new("Group", g));
    }
    out
}
