//! The `exec` type: runs a command when its guards (`creates`, `unless`,
//! `onlyif`, `refreshonly`) say it must, or when refreshed.
//!
//! Like Puppet's posix provider, a command line with shell syntax runs through
//! `/bin/sh -c`, otherwise it is split on spaces and run directly; it must be
//! fully qualified unless `path` is set. Guards run in noop too (Puppet does:
//! they decide whether the exec is in sync).

use super::{
    Context, Examined, Level, Property, ResourceError, Source, Sync, located, param_bool,
    param_list, param_string,
};
use crate::machine::{Argv, CommandError, CommandOutput, CommandSpec};
use kuppet_catalog::Resource;
use kuppet_catalog::graph::AutoRequire;
use serde_json::{Value, json};
use std::time::Duration;

/// One command of an exec: a line or an argument vector.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Cmd {
    Line(String),
    Args(Vec<String>),
}

impl Cmd {
    fn from_value(v: &Value) -> Option<Cmd> {
        match v {
            Value::String(s) => Some(Cmd::Line(s.clone())),
            Value::Array(items) => Some(Cmd::Args(
                items
                    .iter()
                    .map(|i| match i {
                        Value::String(s) => s.clone(),
                        other => other.to_string(),
                    })
                    .collect(),
            )),
            _ => None,
        }
    }

    /// The program, as Puppet's `extractexe` finds it.
    fn exe(&self) -> String {
        match self {
            Cmd::Args(a) => a.first().cloned().unwrap_or_default(),
            Cmd::Line(line) => {
                for q in ['"', '\''] {
                    if let Some(rest) = line.strip_prefix(q)
                        && let Some(end) = rest.find(q)
                        && end > 0
                    {
                        return rest[..end].to_string();
                    }
                }
                line.split(' ').next().unwrap_or("").to_string()
            }
        }
    }

    /// As Puppet interpolates the command into messages.
    fn text(&self) -> String {
        match self {
            Cmd::Line(l) => l.clone(),
            Cmd::Args(a) => {
                let items: Vec<String> = a.iter().map(|s| format!("{s:?}")).collect();
                format!("[{}]", items.join(", "))
            }
        }
    }
}

/// When command output is logged.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum LogOutput {
    Always,
    Never,
    OnFailure,
}

/// An `exec` resource.
#[derive(Debug)]
pub struct Exec {
    command: Cmd,
    path: Option<Vec<String>>,
    cwd: Option<String>,
    environment: Vec<String>,
    creates: Vec<String>,
    unless: Vec<Cmd>,
    onlyif: Vec<Cmd>,
    refreshonly: bool,
    refresh: Option<Cmd>,
    returns: Vec<String>,
    timeout: Option<Duration>,
    tries: u32,
    try_sleep: f64,
    user: Option<String>,
    group: Option<String>,
    umask: Option<u32>,
    logoutput: LogOutput,
    shell: bool,
    /// The command is Sensitive: never shown in messages or output.
    sensitive: bool,
    /// Where the resource is declared, as `warn_once` appends it.
    location: String,
}

fn checks(resource: &Resource, name: &str) -> Vec<Cmd> {
    match resource.parameters.get(name) {
        None | Some(Value::Null) => Vec::new(),
        Some(Value::Array(items)) => {
            // An array of strings is several checks; an array holding arrays
            // is several argument vectors.
            if items.iter().any(Value::is_array) {
                items.iter().filter_map(Cmd::from_value).collect()
            } else {
                items
                    .iter()
                    .filter_map(|i| i.as_str().map(|s| Cmd::Line(s.to_string())))
                    .collect()
            }
        }
        Some(v) => Cmd::from_value(v).into_iter().collect(),
    }
}

impl Exec {
    pub fn new(resource: &Resource) -> Result<Exec, ResourceError> {
        let reference = resource.reference();
        let invalid = |param: &str, msg: &str| {
            ResourceError::invalid(located(
                resource,
                &format!("Parameter {param} failed on {reference}: {msg}"),
            ))
        };
        let command = match resource.parameters.get("command") {
            Some(v) => Cmd::from_value(v)
                .ok_or_else(|| invalid("command", "Command must be a String or Array<String>"))?,
            None => Cmd::Line(resource.title.clone()),
        };
        let path = match resource.parameters.get("path") {
            None | Some(Value::Null) => None,
            Some(_) => Some(
                param_list(resource, "path")
                    .iter()
                    .flat_map(|p| p.split(':').map(str::to_string).collect::<Vec<_>>())
                    .collect(),
            ),
        };
        // `creates` and `cwd` are Puppet paths: fully qualified.
        for param in ["creates", "cwd"] {
            let paths = param_list(resource, param);
            if param == "cwd" && paths.len() > 1 {
                return Err(invalid(
                    param,
                    &format!("{param} only accepts a single path, not an array of paths"),
                ));
            }
            if paths.iter().any(|p| !p.starts_with('/')) {
                return Err(invalid(
                    param,
                    &format!("{param} must be a fully qualified path"),
                ));
            }
        }
        let environment = param_list(resource, "environment");
        for setting in &environment {
            let valid = setting.find('=').is_some_and(|i| {
                i > 0
                    && setting[..i]
                        .chars()
                        .all(|c| c.is_alphanumeric() || c == '_')
            });
            if !valid {
                return Err(invalid(
                    "environment",
                    &format!("Invalid environment setting '{setting}'"),
                ));
            }
        }
        let returns = {
            let r = param_list(resource, "returns");
            if r.is_empty() {
                vec!["0".to_string()]
            } else {
                r
            }
        };
        let timeout = match param_string(resource, "timeout") {
            None => Some(300.0),
            Some(t) => match t.parse::<f64>() {
                Ok(v) => Some(v.max(0.0)),
                Err(_) => return Err(invalid("timeout", "The timeout must be a number.")),
            },
        }
        .and_then(|secs| (secs > 0.0).then(|| Duration::from_secs_f64(secs)));
        let tries = match param_string(resource, "tries") {
            None => 1,
            Some(t) => match t.parse::<u32>() {
                Ok(n) if n >= 1 => n,
                _ => return Err(invalid("tries", "Tries must be an integer >= 1")),
            },
        };
        let try_sleep = match param_string(resource, "try_sleep") {
            None => 0.0,
            Some(t) => match t.parse::<f64>() {
                Ok(v) if v >= 0.0 => v,
                _ => {
                    return Err(invalid(
                        "try_sleep",
                        "try_sleep cannot be a negative number",
                    ));
                }
            },
        };
        let umask = match param_string(resource, "umask") {
            None => None,
            Some(u) => {
                let digits = u.strip_prefix('0').unwrap_or(&u);
                match u32::from_str_radix(if digits.is_empty() { "0" } else { digits }, 8) {
                    Ok(v) if u.len() <= 5 && v <= 0o7777 => Some(v),
                    _ => {
                        return Err(invalid(
                            "umask",
                            &format!("The umask specification is invalid: {u:?}"),
                        ));
                    }
                }
            }
        };
        let logoutput = match param_string(resource, "logoutput").as_deref() {
            None | Some("on_failure") => LogOutput::OnFailure,
            Some("true") => LogOutput::Always,
            Some("false") => LogOutput::Never,
            Some(other) => {
                return Err(invalid(
                    "logoutput",
                    &format!(
                        "Invalid value \"{other}\". Valid values are true, false, on_failure."
                    ),
                ));
            }
        };
        let shell = match param_string(resource, "provider").as_deref() {
            None | Some("posix") => false,
            Some("shell") => true,
            Some(other) => {
                return Err(invalid(
                    "provider",
                    &format!("Invalid exec provider '{other}'"),
                ));
            }
        };
        let exec = Exec {
            command,
            path,
            cwd: param_string(resource, "cwd"),
            environment,
            creates: param_list(resource, "creates"),
            unless: checks(resource, "unless"),
            onlyif: checks(resource, "onlyif"),
            refreshonly: param_bool(resource, "refreshonly")?.unwrap_or(false),
            refresh: resource.parameters.get("refresh").and_then(Cmd::from_value),
            returns,
            timeout,
            tries,
            try_sleep,
            user: param_string(resource, "user"),
            group: param_string(resource, "group"),
            umask,
            logoutput,
            shell,
            sensitive: resource.sensitive_parameters.iter().any(|p| p == "command"),
            location: match (&resource.file, resource.line) {
                (Some(f), Some(l)) if !f.is_empty() => format!("\n   (file: {f}, line: {l})"),
                (_, Some(l)) => format!("\n   (line: {l})"),
                _ => String::new(),
            },
        };
        let validate = |cmd: &Cmd| -> Result<(), ResourceError> {
            if exec.shell {
                return Ok(());
            }
            let exe = cmd.exe();
            if !exe.starts_with('/') && exec.path.is_none() {
                return Err(ResourceError::invalid(located(
                    resource,
                    &format!(
                        "Validation of {reference} failed: '{exe}' is not qualified and no path was specified. Please qualify the command or specify a path."
                    ),
                )));
            }
            Ok(())
        };
        validate(&exec.command)?;
        for c in exec
            .unless
            .iter()
            .chain(&exec.onlyif)
            .chain(exec.refresh.iter())
        {
            validate(c)?;
        }
        Ok(exec)
    }

    /// The command's environment: `path` as PATH, then `environment`
    /// (warning, like Puppet, when a setting overrides an earlier one).
    fn environment(&self, cx: &mut Context) -> Vec<(String, String)> {
        let mut env = Vec::new();
        if let Some(path) = &self.path {
            env.push(("PATH".to_string(), path.join(":")));
        }
        for setting in &self.environment {
            if let Some((k, v)) = setting.split_once('=') {
                if v.is_empty() {
                    cx.log_once(
                        format!("empty_env_var_{k}"),
                        Level::Warning,
                        Source::Puppet,
                        format!("Empty environment setting '{k}'{}", self.location),
                    );
                }
                if env.iter().any(|(name, _)| name == k) {
                    cx.log(
                        Level::Warning,
                        Source::Provider(self.provider()),
                        format!("Overriding environment setting '{k}' with '{v}'"),
                    );
                }
                env.retain(|(name, _)| name != k);
                env.push((k.to_string(), v.to_string()));
            }
        }
        env
    }

    fn provider(&self) -> &'static str {
        if self.shell { "shell" } else { "posix" }
    }

    /// Puppet's `checkexe`: the program must exist and be executable.
    fn check_exe(&self, cmd: &Cmd, cx: &Context) -> Result<(), ResourceError> {
        if self.shell {
            return Ok(());
        }
        let exe = cmd.exe();
        if exe.starts_with('/') {
            return match cx.host.fs().stat(&exe) {
                Err(_) => Err(ResourceError::failed(format!(
                    "Could not find command '{exe}'"
                ))),
                Ok(m) if !m.is_file() => Err(ResourceError::failed(format!(
                    "'{exe}' is a directory, not a file"
                ))),
                Ok(_) if !cx.host.is_executable(&exe) => {
                    Err(ResourceError::failed(format!("'{exe}' is not executable")))
                }
                Ok(_) => Ok(()),
            };
        }
        if let Some(path) = &self.path
            && cx.host.which(&exe, path).is_some()
        {
            return Ok(());
        }
        Err(ResourceError::failed(format!(
            "Could not find command '{exe}'"
        )))
    }

    /// Runs one command with the exec's environment, user and limits.
    fn run(
        &self,
        cmd: &Cmd,
        cx: &mut Context,
    ) -> Result<Result<CommandOutput, CommandError>, ResourceError> {
        self.check_exe(cmd, cx)?;
        let uid = match &self.user {
            None => None,
            Some(u) => Some(
                cx.host
                    .uid(u)
                    .ok_or_else(|| ResourceError::failed(format!("Could not find user {u}")))?,
            ),
        };
        let gid = match &self.group {
            None => None,
            Some(g) => Some(
                cx.host
                    .gid(g)
                    .ok_or_else(|| ResourceError::failed(format!("Could not find group {g}")))?,
            ),
        };
        // Like Puppet, `group` alone changes nothing; with `user` the command
        // gets the user's groups too.
        let (gid, groups) = match uid {
            Some(uid) => {
                let (gid, groups) = cx.host.credentials(uid, gid);
                (Some(gid), Some(groups))
            }
            None => (None, None),
        };
        let argv = match (cmd, self.shell) {
            (Cmd::Line(l), true) => Argv::Shell(l.clone()),
            (Cmd::Line(l), false) => Argv::Line(l.clone()),
            (Cmd::Args(a), _) => Argv::Args(a.clone()),
        };
        let spec = CommandSpec {
            argv: Some(argv),
            env: self.environment(cx),
            cwd: self.cwd.clone(),
            uid,
            gid,
            groups,
            umask: self.umask,
            timeout: self.timeout,
            tool: false,
            stdin: None,
        };
        let out = cx.host.run(&spec);
        match out {
            Err(CommandError::NoCwd(d)) => Err(ResourceError::failed(format!(
                "Working directory {d} does not exist!"
            ))),
            Err(CommandError::Spawn(e)) => Err(ResourceError::failed(format!(
                "Could not execute posix command: {}",
                super::file::io_text(&e)
            ))),
            Ok(o) if o.code == Some(127) => Err(ResourceError::failed(o.output.clone())),
            other => Ok(other),
        }
    }

    /// Puppet's `check_all_attributes`: whether the command should run.
    fn checks_pass(&self, cx: &mut Context, refreshing: bool) -> Result<bool, ResourceError> {
        if self.refreshonly && !refreshing {
            return Ok(false);
        }
        for path in &self.creates {
            if cx.host.fs().exists(path) {
                return Ok(false);
            }
        }
        for (cmds, want_success) in [(&self.unless, false), (&self.onlyif, true)] {
            for cmd in cmds {
                match self.run(cmd, cx)? {
                    Err(CommandError::Timeout) => {
                        let check = if want_success { "onlyif" } else { "unless" };
                        cx.log(
                            Level::Err,
                            Source::Property(check),
                            format!("Check {:?} exceeded timeout", cmd.text()),
                        );
                        return Ok(false);
                    }
                    Err(e) => return Err(ResourceError::failed(e.to_string())),
                    Ok(out) => {
                        for line in out.output.lines() {
                            cx.log(
                                Level::Debug,
                                Source::Property(if want_success { "onlyif" } else { "unless" }),
                                line,
                            );
                        }
                        if out.success() != want_success {
                            return Ok(false);
                        }
                    }
                }
            }
        }
        Ok(true)
    }

    /// Runs the command (tries times), logs output, fails on an unexpected code.
    fn execute(&self, cmd: &Cmd, cx: &mut Context) -> Result<(), ResourceError> {
        let mut last: Option<CommandOutput> = None;
        for attempt in 0..self.tries {
            match self.run(cmd, cx)? {
                Err(CommandError::Timeout) => {
                    return Err(ResourceError::failed("Command exceeded timeout"));
                }
                Err(e) => return Err(ResourceError::failed(e.to_string())),
                Ok(out) => {
                    let ok = out
                        .code
                        .is_some_and(|c| self.returns.contains(&c.to_string()));
                    last = Some(out);
                    if ok {
                        break;
                    }
                    if self.try_sleep > 0.0 && self.tries > 1 && attempt + 1 < self.tries {
                        std::thread::sleep(Duration::from_secs_f64(self.try_sleep));
                    }
                }
            }
        }
        let Some(out) = last else {
            return Ok(());
        };
        let code = out.code.map(|c| c.to_string()).unwrap_or_default();
        let ok = self.returns.contains(&code);
        let log = match self.logoutput {
            LogOutput::Always => true,
            LogOutput::OnFailure => !ok,
            LogOutput::Never => false,
        };
        if log {
            // Ruby's `split(/\n/)`: empty lines kept, trailing ones dropped.
            let mut lines: Vec<&str> = out.output.split('\n').collect();
            while lines.last().is_some_and(|l| l.is_empty()) {
                lines.pop();
            }
            if self.sensitive {
                cx.log(
                    cx.loglevel,
                    Source::Property("returns"),
                    "[output redacted]",
                );
            } else {
                for line in lines {
                    cx.log(cx.loglevel, Source::Property("returns"), line);
                }
            }
        }
        if !ok {
            let shown = if self.sensitive {
                "[command redacted]".to_string()
            } else {
                format!("'{}'", cmd.text())
            };
            return Err(ResourceError::failed(format!(
                "{shown} returned {code} instead of one of [{}]",
                self.returns.join(",")
            )));
        }
        Ok(())
    }
}

impl super::Provider for Exec {
    fn examine(&mut self, cx: &mut Context) -> Result<Examined, ResourceError> {
        let should_run = self.checks_pass(cx, false)?;
        let desired = json!(self.returns);
        let current = if should_run {
            json!("notrun")
        } else {
            desired.clone()
        };
        let sync = if should_run {
            Sync::OutOfSync
        } else {
            Sync::InSync
        };
        Ok(Examined {
            present: true,
            properties: vec![
                Property::new("returns", current, desired, sync).with_event("executed_command"),
            ],
        })
    }

    fn sync(&mut self, _property: &Property, cx: &mut Context) -> Result<String, ResourceError> {
        let cmd = self.command.clone();
        self.execute(&cmd, cx)?;
        Ok("executed successfully".into())
    }

    fn refreshable(&self) -> bool {
        true
    }

    fn refresh(&mut self, cx: &mut Context) -> Result<(), ResourceError> {
        if !self.checks_pass(cx, true)? {
            return Ok(());
        }
        match self.refresh.clone() {
            // Puppet runs `refresh` without looking at its exit code.
            Some(cmd) => match self.run(&cmd, cx)? {
                Err(CommandError::Timeout) => {
                    Err(ResourceError::failed("Command exceeded timeout"))
                }
                Err(e) => Err(ResourceError::failed(e.to_string())),
                Ok(_) => Ok(()),
            },
            None => {
                let cmd = self.command.clone();
                self.execute(&cmd, cx)
            }
        }
    }

    fn provider_name(&self) -> Option<&'static str> {
        Some(self.provider())
    }
}

/// Absolute paths at the start of a command's lines (Puppet's `^(/\S+)`).
fn leading_paths(text: &str) -> Vec<String> {
    text.lines()
        .filter(|l| l.starts_with('/'))
        .map(|l| l.split_whitespace().next().unwrap_or("").to_string())
        .collect()
}

/// An exec requires its `cwd`, the files its commands start with, and its user.
pub fn autorequire(resource: &Resource) -> Vec<AutoRequire> {
    let mut out = Vec::new();
    if let Some(cwd) = param_string(resource, "cwd") {
        out.push(AutoRequire::new("File", cwd));
    }
    let first = |v: Option<&Value>| -> Option<String> {
        match v? {
            Value::String(s) => Some(s.clone()),
            Value::Array(items) => items.first().and_then(|i| i.as_str().map(str::to_string)),
            _ => None,
        }
    };
    let command =
        first(resource.parameters.get("command")).unwrap_or_else(|| resource.title.clone());
    for p in leading_paths(&command) {
        out.push(AutoRequire::new("File", p));
    }
    if let Some(rest) = command.strip_prefix('"')
        && let Some(end) = rest.find('"')
    {
        out.push(AutoRequire::new("File", &rest[..end]));
    }
    for check in ["onlyif", "unless"] {
        match resource.parameters.get(check) {
            Some(Value::String(s)) => out.extend(
                leading_paths(s)
                    .into_iter()
                    .map(|p| AutoRequire::new("File", p)),
            ),
            Some(Value::Array(items)) => {
                for item in items {
                    let line = match item {
                        Value::String(s) => s.clone(),
                        Value::Array(a) => {
                            a.first().and_then(|v| v.as_str()).unwrap_or("").to_string()
                        }
                        _ => continue,
                    };
                    out.extend(
                        leading_paths(&line)
                            .into_iter()
                            .map(|p| AutoRequire::new("File", p)),
                    );
                }
            }
            _ => {}
        }
    }
    if let Some(user) = param_string(resource, "user")
        && !user.chars().all(|c| c.is_ascii_digit())
    {
        out.push(AutoRequire::new("User", user));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_program_is_the_first_word_or_the_quoted_start() {
        assert_eq!(Cmd::Line("/bin/sh -c 'x'".into()).exe(), "/bin/sh");
        assert_eq!(
            Cmd::Line("\"/opt/my app/run\" now".into()).exe(),
            "/opt/my app/run"
        );
        assert_eq!(
            Cmd::Args(vec!["/bin/echo".into(), "hi".into()]).exe(),
            "/bin/echo"
        );
    }

    #[test]
    fn autorequires_come_from_command_lines() {
        assert_eq!(
            leading_paths("/usr/bin/make all\n/bin/true"),
            ["/usr/bin/make", "/bin/true"]
        );
        assert!(leading_paths("make all").is_empty());
    }
}
