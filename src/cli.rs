//! The command line: one binary, `kuppet <command>`, one module per command.
//!
//! Each command module owns its clap arguments and its `run`, returning the
//! process exit code. Errors are printed here, at the binary's edge.

mod apply;
pub(crate) mod code;
mod compile;
mod diff;
mod facts;
mod k8s;
mod parse;
mod pull;
mod push;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// Puppet's resource model, run by Kubernetes.
#[derive(Debug, Parser)]
#[command(name = "kuppet", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Parse and validate Puppet manifests, like `puppet parser validate`.
    Parse(parse::Args),
    /// Compile manifests into a catalog for one node and print it as JSON.
    Compile(compile::Args),
    /// Compile and converge this machine (or the tree under --root), like `puppet apply`.
    Apply(apply::Args),
    /// Compare the catalogs two versions of the code give every node, like octocatalog-diff
    /// (offline with --facts, or candidate Manifests against a cluster with --kubeconfig).
    Diff(diff::Args),
    /// Print the facts of this machine (or the tree under --root), like `facter -j`.
    Facts(facts::Args),
    /// Publish a directory of Puppet code as an OCI artifact (Flux's media types).
    Push(push::Args),
    /// Fetch a Puppet code artifact from a registry and unpack it, verified.
    Pull(pull::Args),
    /// Run the operator: compile Manifests into NodeCatalogs.
    Controller(k8s::ControllerArgs),
    /// Run the node agent: apply this node's NodeCatalog and report.
    Agent(k8s::AgentArgs),
    /// Print the CustomResourceDefinitions as YAML.
    Crds(k8s::CrdsArgs),
    /// A compile worker of the controller: compile requests on stdin,
    /// answers on stdout (internal; started by `kuppet controller`).
    #[command(hide = true)]
    CompileWorker(k8s::CompileWorkerArgs),
}

/// Runs the command line and returns the process exit code.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    let code = match cli.command {
        Command::Parse(args) => parse::run(args),
        Command::Compile(args) => compile::run(args),
        Command::Apply(args) => apply::run(args),
        Command::Diff(args) => diff::run(args),
        Command::Facts(args) => facts::run(args),
        Command::Push(args) => push::run(args),
        Command::Pull(args) => pull::run(args),
        Command::Controller(args) => k8s::controller(args),
        Command::Agent(args) => k8s::agent(args),
        Command::Crds(args) => k8s::crds(args),
        Command::CompileWorker(args) => k8s::compile_worker(args),
    };
    ExitCode::from(code)
}

/// Reads a manifest as UTF-8, with a message that names the file on failure.
pub(crate) fn read_source(path: &std::path::Path) -> Result<String, String> {
    let bytes =
        std::fs::read(path).map_err(|e| format!("Could not read {}: {e}", path.display()))?;
    String::from_utf8(bytes).map_err(|e| {
        format!(
            "{} is not valid UTF-8 (invalid byte at offset {}); Puppet manifests must be UTF-8",
            path.display(),
            e.utf8_error().valid_up_to()
        )
    })
}

/// Writes to standard output; a closed pipe (`kuppet ... | head`) ends the
/// output quietly instead of panicking.
pub(crate) fn print_stdout(text: &str) {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    if let Err(e) = out.write_all(text.as_bytes()).and_then(|()| out.flush())
        && e.kind() != std::io::ErrorKind::BrokenPipe
    {
        eprintln!("Error: could not write the output: {e}");
    }
}
