//! Programs a node's own packages install (`rabbitmq-plugins`,
//! `ovs-vsctl`...), as module providers run them: found on Puppet's search
//! path inside the root (never in the agent's tool directory), run there,
//! and their failures in Puppet's words (`Execution of '...' returned N:
//! output`).

use crate::ResourceError;
use crate::machine::{Argv, CommandSpec, Machine};
use std::time::Duration;

/// The search path of providers' commands (Puppet's agent PATH).
pub const SEARCH: &[&str] = &[
    "/usr/local/sbin",
    "/usr/local/bin",
    "/usr/sbin",
    "/usr/bin",
    "/sbin",
    "/bin",
];

/// Where `program` is inside the root: on [`SEARCH`], then on `extra`.
pub fn find(host: &Machine, program: &str, extra: &[&str]) -> Option<String> {
    let search: Vec<String> = SEARCH.iter().chain(extra).map(|d| d.to_string()).collect();
    host.which(program, &search)
}

/// A program run with its arguments.
pub struct Invocation<'a> {
    pub program: &'a str,
    pub args: Vec<String>,
    /// Directories searched after [`SEARCH`].
    pub extra_path: &'a [&'a str],
    pub env: Vec<(String, String)>,
    pub umask: Option<u32>,
}

/// Runs the program; its output when it exits 0, else Puppet's failure.
pub fn run(host: &Machine, inv: &Invocation) -> Result<String, ResourceError> {
    run_limited(host, inv, None)
}

/// [`run`], stopped after `timeout`.
pub fn run_for(
    host: &Machine,
    inv: &Invocation,
    timeout: Duration,
) -> Result<String, ResourceError> {
    run_limited(host, inv, Some(timeout))
}

fn run_limited(
    host: &Machine,
    inv: &Invocation,
    timeout: Option<Duration>,
) -> Result<String, ResourceError> {
    let path = find(host, inv.program, inv.extra_path).ok_or_else(|| {
        ResourceError::failed(format!("Could not find command '{}'", inv.program))
    })?;
    let mut argv = vec![path];
    argv.extend(inv.args.iter().cloned());
    let line = argv.join(" ");
    let out = host
        .run(&CommandSpec {
            argv: Some(Argv::Args(argv)),
            env: inv.env.clone(),
            umask: inv.umask,
            timeout,
            ..Default::default()
        })
        .map_err(|e| ResourceError::failed(format!("Could not run {line}: {e}")))?;
    if out.success() {
        Ok(out.output)
    } else {
        Err(ResourceError::failed(format!(
            "Execution of '{line}' returned {}: {}",
            out.code.map(|c| c.to_string()).unwrap_or_default(),
            out.output.trim()
        )))
    }
}
