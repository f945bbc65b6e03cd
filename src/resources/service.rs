//! The `service` type and the choice of its provider, as Puppet's: `systemd`
//! where PID 1 is systemd (`service/systemd.rs`), otherwise, on Debian,
//! `debian` (init scripts, `update-rc.d` / `invoke-rc.d`, status through
//! `service NAME status`), and `init` / `base` (`service/init.rs`). The
//! `provider` parameter names one; a named provider that cannot work here
//! fails the resource with Puppet's "Provider X is not functional on this
//! host" once nothing else can run.
//!
//! A service started in a run is not restarted by refresh events of the same
//! run; a refresh restarts only a running service.

mod init;
mod systemd;

use super::{
    Context, Examined, Level, Property, ResourceError, Source, Sync, located, param_list,
    param_string,
};
use crate::Machine;
use crate::machine::{Argv, CommandOutput, CommandSpec};
use crate::select::{self, Candidate, HostFacts, Unsuitable};
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

/// The service providers kuppet implements.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Backend {
    Systemd,
    Debian,
    Init,
    Base,
}

/// Puppet's service providers that kuppet does not implement: on a host
/// where one would be suitable it is not functional here.
const OTHER_PROVIDERS: &[&str] = &[
    "bsd",
    "daemontools",
    "freebsd",
    "gentoo",
    "launchd",
    "openbsd",
    "openrc",
    "openwrt",
    "rcng",
    "redhat",
    "runit",
    "service",
    "smf",
    "src",
    "upstart",
    "windows",
];

fn is_debian(f: &HostFacts) -> bool {
    f.os == "Debian"
}

/// The providers kuppet has, with Puppet's confines and defaults.
const CANDIDATES: &[Candidate] = &[
    Candidate {
        name: "systemd",
        commands: &["systemctl"],
        confine: |f| f.pid1_systemd,
        default_for: |f| {
            let not = |os: &str, majors: &[&str]| f.os == os && majors.contains(&f.major.as_str());
            if not("Debian", &["5", "6", "7"])
                || not("Ubuntu", &["10.04", "12.04", "14.04", "14.10"])
                || not(
                    "LinuxMint",
                    &["10", "11", "12", "13", "14", "15", "16", "17"],
                )
            {
                0
            } else if ["Debian", "Ubuntu", "LinuxMint"].contains(&f.os.as_str())
                || ["Archlinux", "Suse", "Coreos"].contains(&f.family.as_str())
            {
                1
            } else if f.family == "RedHat"
                && (["7", "8", "9"].contains(&f.major.as_str()) || f.os == "Fedora")
            {
                2
            } else {
                0
            }
        },
        // systemd < base < service
        depth: 4,
    },
    Candidate {
        name: "debian",
        commands: &[
            "/usr/sbin/update-rc.d",
            "/usr/sbin/invoke-rc.d",
            "/usr/sbin/service",
        ],
        confine: |f| !f.pid1_systemd,
        default_for: |f| {
            if f.os == "Devuan" {
                1
            } else if is_debian(f) && ["5", "6", "7"].contains(&f.major.as_str()) {
                2
            } else {
                0
            }
        },
        // debian < init < base < service
        depth: 5,
    },
    Candidate {
        name: "init",
        commands: &[],
        confine: |f| !(f.os == "Debian" || f.os == "Ubuntu" || f.family == "RedHat"),
        default_for: |_| 0,
        depth: 4,
    },
    Candidate {
        name: "base",
        commands: &["kill"],
        confine: |_| true,
        default_for: |_| 0,
        depth: 3,
    },
];

/// A `service` resource.
#[derive(Debug)]
pub struct Service {
    name: String,
    reference: String,
    ensure: Option<Run>,
    enable: Option<Enable>,
    start: Option<String>,
    stop: Option<String>,
    restart: Option<String>,
    status: Option<String>,
    /// `hasstatus` (default true) and `hasrestart` (default false).
    hasstatus: bool,
    hasrestart: bool,
    /// `path`: where init scripts are searched (default `/etc/init.d`).
    path: Vec<String>,
    binary: Option<String>,
    pattern: Option<String>,
    /// The `provider` parameter.
    requested: Option<String>,
    /// The provider chosen for this run.
    backend: Option<Backend>,
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
        let requested = param_string(resource, "provider");
        if let Some(p) = &requested
            && !CANDIDATES.iter().any(|c| c.name == p)
            && !OTHER_PROVIDERS.contains(&p.as_str())
        {
            return Err(ResourceError::invalid(located(
                resource,
                &format!(
                    "Parameter provider failed on {}: Invalid service provider '{p}'",
                    resource.reference()
                ),
            )));
        }
        let flag = |name: &str, default: bool| -> Result<bool, ResourceError> {
            match param_string(resource, name).as_deref() {
                None => Ok(default),
                Some("true") => Ok(true),
                Some("false") => Ok(false),
                Some(other) => Err(invalid(name, other, "true, false")),
            }
        };
        let mut path: Vec<String> = param_list(resource, "path")
            .iter()
            .flat_map(|p| p.split(':').map(str::to_string).collect::<Vec<_>>())
            .filter(|p| !p.is_empty())
            .collect();
        if path.is_empty() {
            path.push("/etc/init.d".into());
        }
        Ok(Service {
            name: param_string(resource, "name").unwrap_or_else(|| resource.title.clone()),
            reference: resource.reference(),
            ensure,
            enable,
            start: param_string(resource, "start"),
            stop: param_string(resource, "stop"),
            restart: param_string(resource, "restart"),
            status: param_string(resource, "status"),
            hasstatus: flag("hasstatus", true)?,
            hasrestart: flag("hasrestart", false)?,
            path,
            binary: param_string(resource, "binary"),
            pattern: param_string(resource, "pattern"),
            requested,
            backend: None,
            enabled_output: None,
        })
    }

    fn backend(&self) -> Backend {
        self.backend.unwrap_or(Backend::Systemd)
    }

    /// Runs a command: a custom command line inside the root, a provider
    /// tool (argv) from the tool directory when one is set.
    fn run(&self, cx: &Context, argv: Argv) -> Result<CommandOutput, ResourceError> {
        let tool = matches!(&argv, Argv::Args(a) if a.first().is_some_and(|p| !p.contains('/')));
        cx.host
            .run(&CommandSpec {
                argv: Some(argv),
                tool,
                ..Default::default()
            })
            .map_err(|e| ResourceError::failed(e.to_string()))
    }

    fn running(&mut self, cx: &mut Context) -> Result<bool, ResourceError> {
        match self.backend() {
            Backend::Systemd => self.systemd_running(cx),
            _ => self.init_running(cx),
        }
    }

    fn start_service(&mut self, cx: &mut Context) -> Result<(), ResourceError> {
        match self.backend() {
            Backend::Systemd => {
                self.daemon_reload(cx);
                if self.start.is_none() {
                    let _ = self.run(
                        cx,
                        Argv::Args(vec![
                            "systemctl".into(),
                            "unmask".into(),
                            "--".into(),
                            self.name.clone(),
                        ]),
                    );
                }
                let start = self.start.clone();
                self.systemd_action(cx, "start", &start)
            }
            _ => self.init_start(cx),
        }
    }

    fn stop_service(&mut self, cx: &mut Context) -> Result<(), ResourceError> {
        match self.backend() {
            Backend::Systemd => {
                let stop = self.stop.clone();
                self.systemd_action(cx, "stop", &stop)
            }
            _ => self.init_stop(cx),
        }
    }

    /// `enable` as examined, when managed and the provider can enable.
    fn enable_property(&mut self, cx: &mut Context) -> Result<Option<Property>, ResourceError> {
        match self.backend() {
            Backend::Systemd => self.systemd_enable_property(cx),
            Backend::Debian => self.debian_enable_property(cx),
            Backend::Init | Backend::Base => Ok(None),
        }
    }

    fn set_enable(&mut self, cx: &mut Context, want: Enable) -> Result<(), ResourceError> {
        match self.backend() {
            Backend::Systemd => self.systemd_set_enable(cx, want),
            Backend::Debian => self.debian_set_enable(cx, want),
            Backend::Init | Backend::Base => Ok(()),
        }
    }
}

impl super::Provider for Service {
    fn suitable(&mut self, host: &Machine) -> Result<(), Unsuitable> {
        if let Some(name) = self.requested.as_deref()
            && let Some(other) = OTHER_PROVIDERS.iter().find(|p| **p == name)
        {
            return Err(Unsuitable::NotFunctional(other));
        }
        // A provider chosen by default stays chosen for the run (Puppet picks
        // it once per type); a named one is checked each time it comes up.
        let requested = self
            .requested
            .clone()
            .or_else(|| self.backend.map(|b| backend_name(b).to_string()));
        let name = select::choose("service", CANDIDATES, requested.as_deref(), host)?;
        self.backend = Some(match name {
            "systemd" => Backend::Systemd,
            "debian" => Backend::Debian,
            "init" => Backend::Init,
            _ => Backend::Base,
        });
        Ok(())
    }

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
        if self.enable.is_some() && matches!(self.backend(), Backend::Init | Backend::Base) {
            cx.log(
                Level::Debug,
                Source::Resource,
                format!(
                    "Provider {} does not support features enableable; not managing attribute enable",
                    backend_name(self.backend())
                ),
            );
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
                    Some(Run::Running) => self.start_service(cx)?,
                    Some(Run::Stopped) => self.stop_service(cx)?,
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
            match self.backend() {
                Backend::Systemd => {
                    self.daemon_reload(cx);
                    let restart = self.restart.clone();
                    self.systemd_action(cx, "restart", &restart)
                }
                _ => self.init_restart(cx),
            }
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
        Some(backend_name(self.backend()))
    }
}

fn backend_name(b: Backend) -> &'static str {
    match b {
        Backend::Systemd => "systemd",
        Backend::Debian => "debian",
        Backend::Init => "init",
        Backend::Base => "base",
    }
}
