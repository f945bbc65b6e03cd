//! `kuppet compile MANIFEST...`: prints the catalog Puppet would compile.

use kuppet_eval::{CompileRequest, Compiled, DataConfig, ManifestInput};
use kuppet_syntax::diagnostics::Diagnostic;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Arguments of `kuppet compile`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Manifests to compile, in order.
    #[arg(required = true)]
    pub manifests: Vec<PathBuf>,
    /// Facts as YAML or JSON (a map of fact names to values).
    #[arg(long)]
    pub facts: Option<PathBuf>,
    /// The node name (certname); defaults to the `fqdn` fact.
    #[arg(long)]
    pub node: Option<String>,
    /// Directories holding modules (`mod/manifests/init.pp`...), colon-separated.
    #[arg(long)]
    pub modulepath: Option<String>,
    /// Hiera data beyond the modules' own: a `hiera.yaml` (version 5, or 3)
    /// searched before module data, like Puppet's `--hiera_config`.
    #[arg(long)]
    pub hiera_config: Option<PathBuf>,
}

pub fn run(args: Args) -> u8 {
    let facts = match &args.facts {
        Some(path) => match kuppet_facts::read_file(path) {
            Ok(f) => f,
            Err(e) => {
                eprintln!("Error: {e}");
                return 1;
            }
        },
        None => kuppet_facts::gather(Path::new("/")),
    };
    let inputs = Inputs {
        files: &args.manifests,
        facts,
        node: args.node.as_deref(),
        modulepath: args.modulepath.as_deref(),
        hiera_config: args.hiera_config.as_deref(),
        names: FileNames::AsGiven,
    };
    match compile_files(inputs) {
        Ok(compiled) => {
            print_logs(&compiled);
            print!("{}", compiled.catalog.to_json());
            0
        }
        Err(d) => {
            eprint!("{}", d.render());
            1
        }
    }
}

/// Prints the messages of a compile on stderr, as Puppet logs them.
pub fn print_logs(compiled: &Compiled) {
    for (level, msg) in &compiled.logs {
        eprintln!("{level}: {msg}");
    }
}

/// Prints the compile's log as `puppet apply` does at its default level:
/// notices on standard output beside the run's own, warnings and worse on
/// standard error, info and debug not at all.
pub fn print_apply_logs(compiled: &Compiled) {
    for (level, msg) in &compiled.logs {
        match *level {
            "Info" | "Debug" => {}
            "Notice" => println!("{level}: {msg}"),
            _ => eprintln!("{level}: {msg}"),
        }
    }
}

/// How manifest files are named in the catalog (`file`) and in errors.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileNames {
    /// As the user gave them (`kuppet compile`).
    AsGiven,
    /// Absolute, as `puppet apply` names the manifests it applies.
    Absolute,
}

/// What `kuppet compile` and `kuppet apply` compile.
pub struct Inputs<'a> {
    pub files: &'a [PathBuf],
    pub facts: serde_json::Map<String, serde_json::Value>,
    /// The node name; Puppet's default certname when absent
    /// ([`kuppet_facts::node_name`]).
    pub node: Option<&'a str>,
    /// Module directories, colon-separated.
    pub modulepath: Option<&'a str>,
    pub hiera_config: Option<&'a Path>,
    pub names: FileNames,
}

/// Parses and compiles manifest files for one node.
pub fn compile_files(inputs: Inputs<'_>) -> Result<Compiled, Diagnostic> {
    let mut manifests = Vec::with_capacity(inputs.files.len());
    for file in inputs.files {
        let source = super::read_source(file).map_err(Diagnostic::message)?;
        let name = match inputs.names {
            FileNames::AsGiven => file.display().to_string(),
            FileNames::Absolute => std::fs::canonicalize(file)
                .unwrap_or_else(|_| file.clone())
                .display()
                .to_string(),
        };
        let manifest = kuppet_syntax::parse(&name, &source)?;
        manifests.push(ManifestInput {
            manifest: Arc::new(manifest),
            apply_top_level: true,
        });
    }
    let node = inputs
        .node
        .map(str::to_string)
        .unwrap_or_else(|| kuppet_facts::node_name(&inputs.facts));
    let request = CompileRequest {
        manifests,
        facts: inputs.facts,
        node,
        modulepath: inputs.modulepath.map(modulepath_dirs).unwrap_or_default(),
        allow_generate: true,
    };
    let data = DataConfig {
        hiera_config: inputs.hiera_config.map(Path::to_path_buf),
    };
    kuppet_eval::compile_with_data(&request, &data)
}

/// The directories of a `--modulepath` (colon-separated, empty parts skipped).
pub(crate) fn modulepath_dirs(path: &str) -> Vec<PathBuf> {
    path.split(':')
        .filter(|s| !s.is_empty())
        .map(PathBuf::from)
        .collect()
}
