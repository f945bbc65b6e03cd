//! The `group` type, as Puppet's `groupadd` provider: the state comes from
//! the root's `/etc/group`; `groupadd`, `groupmod` and `groupdel` run inside
//! the root. Properties: `ensure`, `gid`; parameters `system`, `allowdupe`.

use super::{Context, Examined, Property, ResourceError, Sync, located, param_bool, param_string};
use crate::machine::{Argv, CommandSpec};
use kuppet_catalog::Resource;
use serde_json::json;

/// A `group` resource.
#[derive(Debug)]
pub struct Group {
    name: String,
    ensure: Option<bool>,
    gid: Option<u32>,
    system: bool,
    allowdupe: bool,
}

impl Group {
    pub fn new(resource: &Resource) -> Result<Group, ResourceError> {
        let reference = resource.reference();
        let ensure = match param_string(resource, "ensure").as_deref() {
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
        let gid = match param_string(resource, "gid") {
            None => None,
            Some(g) => Some(g.parse().map_err(|_| {
                ResourceError::invalid(located(
                    resource,
                    &format!("Parameter gid failed on {reference}: GID must be an integer"),
                ))
            })?),
        };
        Ok(Group {
            name: param_string(resource, "name").unwrap_or_else(|| resource.title.clone()),
            ensure: ensure.or(gid.map(|_| true)),
            gid,
            system: param_bool(resource, "system")?.unwrap_or(false),
            allowdupe: param_bool(resource, "allowdupe")?.unwrap_or(false),
        })
    }

    fn tool(&self, cx: &Context, argv: Vec<String>) -> Result<(), ResourceError> {
        let line = argv.join(" ");
        let out = cx
            .host
            .run(&CommandSpec {
                argv: Some(Argv::Args(argv)),
                tool: true,
                ..Default::default()
            })
            .map_err(|e| ResourceError::failed(format!("Could not run {line}: {e}")))?;
        if out.success() {
            Ok(())
        } else {
            Err(ResourceError::failed(format!(
                "Execution of '{line}' returned {}: {}",
                out.code.map(|c| c.to_string()).unwrap_or_default(),
                out.output.trim()
            )))
        }
    }
}

/// The groups of the root's `/etc/group` (Puppet's `instances`), with their gid.
pub fn instances(host: &crate::Machine) -> Vec<Resource> {
    host.groups()
        .into_iter()
        .map(|g| crate::purge::instance("Group", &g.name, &[("gid", json!(g.gid))]))
        .collect()
}

impl super::Provider for Group {
    /// Puppet's `groupadd` provider needs its commands (on a host without them
    /// no provider of the type is suitable).
    fn suitable(&mut self, host: &crate::Machine) -> Result<(), crate::Unsuitable> {
        const CANDIDATES: &[crate::select::Candidate] = &[crate::select::Candidate {
            name: "groupadd",
            commands: &["groupadd", "groupdel", "groupmod"],
            confine: |_| true,
            default_for: |_| 1,
            depth: 5,
        }];
        crate::select::choose("group", CANDIDATES, None, host).map(drop)
    }

    fn examine(&mut self, cx: &mut Context) -> Result<Examined, ResourceError> {
        let entry = cx.host.groups().into_iter().find(|g| g.name == self.name);
        let mut props = Vec::new();
        if let Some(want) = self.ensure {
            let have = if entry.is_some() { "present" } else { "absent" };
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
                .with_event(if want {
                    "group_created"
                } else {
                    "group_removed"
                }),
            );
        }
        if let (Some(gid), Some(e)) = (self.gid, &entry) {
            props.push(Property::new(
                "gid",
                json!(e.gid),
                json!(gid),
                if e.gid == gid {
                    Sync::InSync
                } else {
                    Sync::OutOfSync
                },
            ));
        }
        Ok(Examined {
            present: entry.is_some(),
            properties: props,
        })
    }

    fn sync(&mut self, property: &Property, cx: &mut Context) -> Result<String, ResourceError> {
        match property.name {
            "ensure" if self.ensure == Some(true) => {
                let mut argv: Vec<String> = vec!["groupadd".into()];
                if let Some(gid) = self.gid {
                    argv.extend(["-g".into(), gid.to_string()]);
                    if self.allowdupe {
                        argv.push("-o".into());
                    }
                }
                if self.system {
                    argv.push("-r".into());
                }
                argv.push(self.name.clone());
                self.tool(cx, argv)?;
                Ok(property.ensure_message())
            }
            "ensure" => {
                self.tool(cx, vec!["groupdel".into(), self.name.clone()])?;
                Ok(property.ensure_message())
            }
            "gid" => {
                let mut argv: Vec<String> = vec![
                    "groupmod".into(),
                    "-g".into(),
                    self.gid.map(|g| g.to_string()).unwrap_or_default(),
                ];
                if self.allowdupe {
                    argv.push("-o".into());
                }
                argv.push(self.name.clone());
                self.tool(cx, argv)?;
                Ok(property.change_message())
            }
            other => Err(ResourceError::failed(format!(
                "The group type cannot change property {other}"
            ))),
        }
    }

    fn provider_name(&self) -> Option<&'static str> {
        Some("groupadd")
    }
}
