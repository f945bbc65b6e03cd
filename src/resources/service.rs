//! The `service` type with systemd, as Puppet's `systemd` provider:
//! `systemctl is-active` / `is-enabled` read the state, `start`, `stop`,
//! `restart`, `enable`, `disable`, `mask` change it. Custom `start`, `stop`,
//! `restart` and `status` commands replace the systemctl ones.
//!
//! A service started in a run is not restarted by refresh events of the same
//! run; a refresh restarts only a running service.

use super::{
    Context, Examined, Level, Property, ResourceError, Source, Sync, located, param_string,
};
use crate::machine::{Argv, CommandOutput, CommandSpec};
use kuppet_catalog::Resource;
use serde_json::json;

/// What `ensure` asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Run {
    Running,
    Stopped,
}

/// What `enable` asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Enable {
    True,
    False,
    Mask,
}

impl Enable {
    fn as_str(self) -> &'static str {
        match self {
            Enable::True => "true",
            Enable::False => "false",
            Enable::Mask => "mask",
        }
    }
}

/// A `service` resource.
#[derive(Debug)]
pub struct Service {
    name: String,
    ensure: Option<Run>,
    enable: Option<Enable>,
    start: Option<String>,
    stop: Option<String>,
    restart: Option<String>,
    status: Option<String>,
    /// `is-enabled` output of this run (static and indirect units).
    enabled_output: Option<String>,
}

impl Service {
    pub fn new(resource: &Resource) -> Result<Service, ResourceError> {
        let invalid = |param: &str, value: &str, valid: &str| {
            ResourceError::invalid(located(
                resource,
                &format!(
                    "Parameter {param} failed on {}: Invalid value \"{value}\". Valid values are {valid}.",
                    resource.reference()
                ),
            ))
        };
        let ensure = match param_string(resource, "ensure").as_deref() {
            None => None,
            Some("running") | Some("true") => Some(Run::Running),
            Some("stopped") | Some("false") => Some(Run::Stopped),
            Some(other) => return Err(invalid("ensure", other, "stopped, running")),
        };
        let enable = match param_string(resource, "enable").as_deref() {
            None => None,
            Some("true") => Some(Enable::True),
            Some("false") => Some(Enable::False),
            Some("mask") => Some(Enable::Mask),
            Some(other) => return Err(invalid("enable", other, "true, false, mask")),
        };
        match param_string(resource, "provider").as_deref() {
            None | Some("systemd") => {}
            Some(other) => {
                return Err(ResourceError::invalid(located(
                    resource,
                    &format!(
                        "Invalid service provider '{other}' for {}: kuppet manages services with systemd",
                        resource.reference()
                    ),
                )));
            }
        }
        Ok(Service {
            name: param_string(resource, "name").unwrap_or_else(|| resource.title.clone()),
            ensure,
            enable,
            start: param_string(resource, "start"),
            stop: param_string(resource, "stop"),
            restart: param_string(resource, "restart"),
            status: param_string(resource, "status"),
            enabled_output: None,
        })
    }

    fn run(&self, cx: &Context, argv: Argv) -> Result<CommandOutput, ResourceError> {
        let tool = matches!(argv, Argv::Args(_));
        cx.host
            .run(&CommandSpec {
                argv: Some(argv),
                tool,
                ..Default::default()
            })
            .map_err(|e| ResourceError::failed(e.to_string()))
    }

    fn systemctl(&self, cx: &Context, action: &str) -> Result<CommandOutput, ResourceError> {
        self.run(
            cx,
            Argv::Args(vec![
                "systemctl".into(),
                action.into(),
                "--".into(),
                self.name.clone(),
            ]),
        )
    }

    /// Runs an action (custom command or systemctl); fails on a non-zero exit.
    fn action(
        &self,
        cx: &Context,
        action: &str,
        custom: &Option<String>,
    ) -> Result<(), ResourceError> {
        let (out, line) = match custom {
            Some(c) => (self.run(cx, Argv::Line(c.clone()))?, c.clone()),
            None => (
                self.systemctl(cx, action)?,
                format!("systemctl {action} -- {}", self.name),
            ),
        };
        if out.success() {
            return Ok(());
        }
        let journal = self
            .run(
                cx,
                Argv::Args(vec![
                    "journalctl".into(),
                    "-n".into(),
                    "50".into(),
                    "--since".into(),
                    "5 minutes ago".into(),
                    "-u".into(),
                    self.name.clone(),
                    "--no-pager".into(),
                ]),
            )
            .map(|o| o.output)
            .unwrap_or_default();
        Err(ResourceError::failed(format!(
            "Systemd {action} for {} failed!\nCould not {action} Service[{}]: Execution of '{line}' returned {}: {}\njournalctl log for {}:\n{journal}",
            self.name,
            self.name,
            out.code.map(|c| c.to_string()).unwrap_or_default(),
            out.output.trim(),
            self.name
        )))
    }

    fn running(&self, cx: &Context) -> Result<bool, ResourceError> {
        let out = match &self.status {
            Some(c) => self.run(cx, Argv::Line(c.clone()))?,
            None => self.systemctl(cx, "is-active")?,
        };
        Ok(out.success())
    }

    fn enabled(&mut self, cx: &Context) -> Result<Enable, ResourceError> {
        let out = self.systemctl(cx, "is-enabled")?;
        let text = out.output.trim().to_string();
        self.enabled_output = Some(text.clone());
        Ok(if self.enable == Some(Enable::Mask) && text == "masked" {
            Enable::Mask
        } else if text == "indirect" {
            Enable::False
        } else if out.success() {
            Enable::True
        } else {
            Enable::False
        })
    }

    fn daemon_reload(&self, cx: &Context) {
        let out = self.run(
            cx,
            Argv::Args(vec![
                "systemctl".into(),
                "show".into(),
                "--property=NeedDaemonReload".into(),
                "--".into(),
                self.name.clone(),
            ]),
        );
        if let Ok(o) = out
            && o.output.trim().rsplit('=').next() == Some("yes")
        {
            let _ = self.run(
                cx,
                Argv::Args(vec!["systemctl".into(), "daemon-reload".into()]),
            );
        }
    }

    fn set_enable(&mut self, cx: &Context, want: Enable) -> Result<(), ResourceError> {
        let change = |action: &str| -> Result<(), ResourceError> {
            let out = self.systemctl(cx, action)?;
            if out.success() {
                Ok(())
            } else {
                Err(ResourceError::failed(format!(
                    "Could not {action} {}: {}",
                    self.name,
                    out.output.trim()
                )))
            }
        };
        match want {
            Enable::True => {
                change("unmask")?;
                change("enable")?;
            }
            Enable::False => change("disable")?,
            Enable::Mask => {
                if self.systemctl(cx, "cat")?.success() {
                    change("disable")?;
                }
                change("mask")?;
            }
        }
        self.enabled_output = None;
        Ok(())
    }

    fn enable_property(&mut self, cx: &Context) -> Result<Option<Property>, ResourceError> {
        let Some(want) = self.enable else {
            return Ok(None);
        };
        let have = self.enabled(cx)?;
        let in_sync = match self.enabled_output.as_deref() {
            Some("static") if want != Enable::Mask => true,
            Some("indirect") => true,
            _ => have == want,
        };
        let event = match want {
            Enable::True => "service_enabled",
            Enable::False | Enable::Mask => "service_disabled",
        };
        Ok(Some(
            Property::new(
                "enable",
                json!(have.as_str()),
                json!(want.as_str()),
                if in_sync {
                    Sync::InSync
                } else {
                    Sync::OutOfSync
                },
            )
            .with_event(event),
        ))
    }
}

impl super::Provider for Service {
    fn examine(&mut self, cx: &mut Context) -> Result<Examined, ResourceError> {
        let mut properties = Vec::new();
        if let Some(want) = self.ensure {
            let running = self.running(cx)?;
            let have = if running { "running" } else { "stopped" };
            let (should, event) = match want {
                Run::Running => ("running", "service_started"),
                Run::Stopped => ("stopped", "service_stopped"),
            };
            let mut p = Property::new(
                "ensure",
                json!(have),
                json!(should),
                if have == should {
                    Sync::InSync
                } else {
                    Sync::OutOfSync
                },
            )
            .with_event(event);
            if want == Run::Running {
                p = p.invalidating_refreshes();
            }
            properties.push(p);
        }
        if let Some(p) = self.enable_property(cx)? {
            properties.push(p);
        }
        Ok(Examined {
            present: true,
            properties,
        })
    }

    fn sync(&mut self, property: &Property, cx: &mut Context) -> Result<String, ResourceError> {
        match property.name {
            "ensure" => {
                match self.ensure {
                    Some(Run::Running) => {
                        self.daemon_reload(cx);
                        if self.start.is_none() {
                            let _ = self.systemctl(cx, "unmask");
                        }
                        let start = self.start.clone();
                        self.action(cx, "start", &start)?;
                    }
                    Some(Run::Stopped) => {
                        let stop = self.stop.clone();
                        self.action(cx, "stop", &stop)?;
                    }
                    None => {}
                }
                // Puppet syncs `enable` along with `ensure`, without an event.
                if let Some(want) = self.enable
                    && let Some(p) = self.enable_property(cx)?
                    && p.sync == Sync::OutOfSync
                {
                    self.set_enable(cx, want)?;
                }
                Ok(property.ensure_message())
            }
            "enable" => {
                if let Some(want) = self.enable {
                    self.set_enable(cx, want)?;
                }
                Ok(property.change_message())
            }
            other => Err(ResourceError::failed(format!(
                "The service type cannot change property {other}"
            ))),
        }
    }

    fn refreshable(&self) -> bool {
        true
    }

    fn refresh(&mut self, cx: &mut Context) -> Result<(), ResourceError> {
        if self.running(cx)? {
            self.daemon_reload(cx);
            let restart = self.restart.clone();
            self.action(cx, "restart", &restart)
        } else {
            cx.log(
                Level::Debug,
                Source::Resource,
                "Skipping restart; service is not running",
            );
            Ok(())
        }
    }

    fn provider_name(&self) -> Option<&'static str> {
        Some("systemd")
    }
}
