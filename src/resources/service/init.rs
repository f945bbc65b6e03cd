//! The init-script service providers, as Puppet's `init`, its `debian`
//! child and their `base` parent: the script is found on `path` (default
//! `/etc/init.d`; `NAME`, then `NAME.sh`) and run with `start`, `stop`,
//! `restart` (with `hasrestart`, else stop then start) and `status` (with
//! `hasstatus`; `debian` asks `service NAME status`); without a status
//! command the process table (`ps -ef`) is searched for `pattern`. `debian`
//! reads `enable` from `invoke-rc.d --query` (or counts the `S??NAME` links
//! in `/etc/rc*.d`) and changes it with `update-rc.d`. Scripts and tools
//! run inside the root.

use super::{Backend, Enable, Service};
use crate::machine::{Argv, CommandOutput};
use crate::{Context, Level, Property, ResourceError, Source, Sync};
use serde_json::json;

impl Service {
    /// The init script (Puppet's `search`): the first `path` entry that is
    /// a directory holding NAME, then NAME.sh.
    fn initscript(&self, cx: &Context) -> Result<String, ResourceError> {
        let fs = cx.host.fs();
        let dirs: Vec<&String> = self.path.iter().filter(|p| fs.is_dir(p)).collect();
        for suffix in ["", ".sh"] {
            for dir in &dirs {
                let candidate = format!("{}/{}{suffix}", dir.trim_end_matches('/'), self.name);
                if fs.exists(&candidate) {
                    return Ok(candidate);
                }
            }
        }
        Err(ResourceError::failed(format!(
            "Could not find init script for '{}'",
            self.name
        )))
    }

    /// Runs one of the service's commands; on failure Puppet's
    /// `Could not start Service[x]: Execution of '...' returned N: ...`.
    fn service_command(
        &self,
        cx: &Context,
        action: &str,
        argv: Argv,
        fail: bool,
    ) -> Result<CommandOutput, ResourceError> {
        let line = match &argv {
            Argv::Line(l) | Argv::Shell(l) => l.clone(),
            Argv::Args(a) => a.join(" "),
        };
        let out = self.run(cx, argv)?;
        if fail && !out.success() {
            return Err(ResourceError::failed(format!(
                "Could not {action} {}: Execution of '{line}' returned {}: {}",
                self.reference,
                out.code.map(|c| c.to_string()).unwrap_or_default(),
                out.output.trim_end()
            )));
        }
        Ok(out)
    }

    /// The command for an action: the custom one, else the provider's.
    fn command_for(&self, cx: &Context, action: &str) -> Result<Option<Argv>, ResourceError> {
        let custom = match action {
            "start" => &self.start,
            "stop" => &self.stop,
            "restart" => &self.restart,
            _ => &self.status,
        };
        if let Some(c) = custom {
            return Ok(Some(Argv::Line(c.clone())));
        }
        let backend = self.backend();
        Ok(match action {
            "status" if !self.hasstatus => None,
            "status" if backend == Backend::Debian => Some(Argv::Args(vec![
                "service".into(),
                self.name.clone(),
                "status".into(),
            ])),
            "restart" if !self.hasrestart => None,
            _ if backend == Backend::Base => match action {
                "start" => Some(Argv::Line(self.binary.clone().ok_or_else(|| {
                    ResourceError::failed("Services must specify a start command or a binary")
                })?)),
                _ => None,
            },
            _ => Some(Argv::Args(vec![self.initscript(cx)?, action.to_string()])),
        })
    }

    /// The process id whose `ps -ef` line matches `pattern` (default: the
    /// binary, else the name).
    fn getpid(&self, cx: &mut Context) -> Result<Option<String>, ResourceError> {
        let pattern = self
            .pattern
            .clone()
            .or_else(|| self.binary.clone())
            .unwrap_or_else(|| self.name.clone());
        let regex =
            regex::Regex::new(&pattern).map_err(|e| ResourceError::failed(e.to_string()))?;
        cx.log(Level::Debug, Source::Resource, "Executing 'ps -ef'");
        let table = self.run(cx, Argv::Args(vec!["ps".into(), "-ef".into()]))?;
        Ok(table
            .output
            .lines()
            .find(|l| regex.is_match(l))
            .and_then(|l| l.split_whitespace().nth(1).map(str::to_string)))
    }

    pub(super) fn init_running(&mut self, cx: &mut Context) -> Result<bool, ResourceError> {
        match self.command_for(cx, "status")? {
            Some(argv) => Ok(self.service_command(cx, "status", argv, false)?.success()),
            None => Ok(self.getpid(cx)?.is_some()),
        }
    }

    pub(super) fn init_start(&mut self, cx: &mut Context) -> Result<(), ResourceError> {
        let argv = self
            .command_for(cx, "start")?
            .expect("start always has a command");
        self.service_command(cx, "start", argv, true).map(drop)
    }

    pub(super) fn init_stop(&mut self, cx: &mut Context) -> Result<(), ResourceError> {
        match self.command_for(cx, "stop")? {
            Some(argv) => self.service_command(cx, "stop", argv, true).map(drop),
            None => match self.getpid(cx)? {
                None => {
                    cx.log(
                        Level::Info,
                        Source::Resource,
                        format!("{} is not running", self.name),
                    );
                    Ok(())
                }
                Some(pid) => {
                    let out = self.run(cx, Argv::Args(vec!["kill".into(), pid.clone()]))?;
                    if out.success() {
                        Ok(())
                    } else {
                        Err(ResourceError::failed(format!(
                            "Could not kill {}, PID {pid}: {}",
                            self.name,
                            out.output.trim_end()
                        )))
                    }
                }
            },
        }
    }

    pub(super) fn init_restart(&mut self, cx: &mut Context) -> Result<(), ResourceError> {
        match self.command_for(cx, "restart")? {
            Some(argv) => self.service_command(cx, "restart", argv, true).map(drop),
            None => {
                self.init_stop(cx)?;
                self.init_start(cx)
            }
        }
    }

    /// `invoke-rc.d --quiet --query NAME start`: 104 and 106 mean enabled;
    /// 101 and 105 (no policy, or no query support) mean counting the start
    /// links of the runlevels (at least four).
    fn debian_enabled(&self, cx: &Context) -> Result<bool, ResourceError> {
        let out = self.run(
            cx,
            Argv::Args(vec![
                "invoke-rc.d".into(),
                "--quiet".into(),
                "--query".into(),
                self.name.clone(),
                "start".into(),
            ]),
        )?;
        Ok(match out.code {
            Some(104 | 106) => true,
            Some(101 | 105) => self.start_links(cx) >= 4,
            _ => false,
        })
    }

    /// How many `/etc/rc*.d/S??NAME` links the root has.
    fn start_links(&self, cx: &Context) -> usize {
        let fs = cx.host.fs();
        let Ok(etc) = fs.read_dir("/etc", true) else {
            return 0;
        };
        etc.iter()
            .filter(|d| d.starts_with("rc") && d.ends_with(".d"))
            .map(|d| {
                fs.read_dir(&format!("/etc/{d}"), true)
                    .unwrap_or_default()
                    .iter()
                    .filter(|n| {
                        n.len() == self.name.len() + 3
                            && n.starts_with('S')
                            && n.ends_with(&self.name)
                    })
                    .count()
            })
            .sum()
    }

    pub(super) fn debian_enable_property(
        &mut self,
        cx: &mut Context,
    ) -> Result<Option<Property>, ResourceError> {
        let Some(want) = self.enable else {
            return Ok(None);
        };
        if want == Enable::Mask {
            return Err(ResourceError::failed(
                "Parameter enable failed: Provider must have features 'maskable' to set 'enable' to 'mask'",
            ));
        }
        let have = if self.debian_enabled(cx)? {
            Enable::True
        } else {
            Enable::False
        };
        let event = match want {
            Enable::True => "service_enabled",
            _ => "service_disabled",
        };
        Ok(Some(
            Property::new(
                "enable",
                json!(have.as_str()),
                json!(want.as_str()),
                if have == want {
                    Sync::InSync
                } else {
                    Sync::OutOfSync
                },
            )
            .with_event(event),
        ))
    }

    fn update_rc(&self, cx: &Context, args: &[&str]) -> Result<(), ResourceError> {
        let mut argv = vec!["update-rc.d".to_string()];
        argv.extend(args.iter().map(|a| a.to_string()));
        let line = format!("/usr/sbin/{}", argv.join(" "));
        let out = self.run(cx, Argv::Args(argv))?;
        if out.success() {
            Ok(())
        } else {
            Err(ResourceError::failed(format!(
                "Execution of '{line}' returned {}: {}",
                out.code.map(|c| c.to_string()).unwrap_or_default(),
                out.output.trim_end()
            )))
        }
    }

    pub(super) fn debian_set_enable(
        &mut self,
        cx: &mut Context,
        want: Enable,
    ) -> Result<(), ResourceError> {
        let name = self.name.clone();
        match want {
            Enable::True => {
                self.update_rc(cx, &["-f", &name, "remove"])?;
                self.update_rc(cx, &[&name, "defaults"])
            }
            _ => {
                // sysv-rc 2.88 and newer know `disable`.
                let modern = self
                    .run(
                        cx,
                        Argv::Shell(
                            "dpkg --compare-versions $(dpkg-query -W --showformat '${Version}' sysv-rc) ge 2.88"
                                .into(),
                        ),
                    )
                    .is_ok_and(|o| o.success());
                if modern {
                    self.update_rc(cx, &[&name, "disable"])
                } else {
                    self.update_rc(cx, &["-f", &name, "remove"])?;
                    self.update_rc(
                        cx,
                        &[&name, "stop", "00", "1", "2", "3", "4", "5", "6", "."],
                    )
                }
            }
        }
    }
}
