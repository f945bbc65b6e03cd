//! The `systemd` service provider, as Puppet's: `systemctl is-active` /
//! `is-enabled` read the state, `start`, `stop`, `restart`, `enable`,
//! `disable`, `mask` change it. Custom `start`, `stop`, `restart` and
//! `status` commands replace the systemctl ones.

use super::{Enable, Service};
use crate::machine::{Argv, CommandOutput};
use crate::{Context, Property, ResourceError, Sync};
use serde_json::json;

impl Service {
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
    pub(super) fn systemd_action(
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

    pub(super) fn systemd_running(&self, cx: &Context) -> Result<bool, ResourceError> {
        let out = match &self.status {
            Some(c) => self.run(cx, Argv::Line(c.clone()))?,
            None => self.systemctl(cx, "is-active")?,
        };
        Ok(out.success())
    }

    fn systemd_enabled(&mut self, cx: &Context) -> Result<Enable, ResourceError> {
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

    pub(super) fn daemon_reload(&self, cx: &Context) {
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

    pub(super) fn systemd_set_enable(
        &mut self,
        cx: &Context,
        want: Enable,
    ) -> Result<(), ResourceError> {
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

    pub(super) fn systemd_enable_property(
        &mut self,
        cx: &Context,
    ) -> Result<Option<Property>, ResourceError> {
        let Some(want) = self.enable else {
            return Ok(None);
        };
        let have = self.systemd_enabled(cx)?;
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
