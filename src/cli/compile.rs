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
        Some(path) => match read_facts(path) {
            Ok(f) => f,
            Err(msg) => {
                eprintln!("Error: {msg}");
                return 1;
            }
        },
        None => kuppet_facts::gather(Path::new("/")),
    };
    match compile_files(
        &args.manifests,
        facts,
        args.node.as_deref(),
        args.modulepath.as_deref(),
        args.hiera_config.as_deref(),
    ) {
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

/// Parses and compiles manifest files for one node.
pub fn compile_files(
    files: &[PathBuf],
    facts: serde_json::Map<String, serde_json::Value>,
    node: Option<&str>,
    modulepath: Option<&str>,
    hiera_config: Option<&Path>,
) -> Result<Compiled, Diagnostic> {
    let mut manifests = Vec::with_capacity(files.len());
    for file in files {
        let source = super::read_source(file).map_err(Diagnostic::message)?;
        let manifest = kuppet_syntax::parse(&file.display().to_string(), &source)?;
        manifests.push(ManifestInput {
            manifest: Arc::new(manifest),
            apply_top_level: true,
        });
    }
    let node = node
        .map(str::to_string)
        .or_else(|| {
            facts
                .get("fqdn")
                .and_then(|v| v.as_str())
                .map(str::to_string)
        })
        .or_else(|| {
            facts
                .get("networking")
                .and_then(|n| n.get("fqdn"))
                .and_then(|v| v.as_str())
                .map(str::to_string)
        })
        .unwrap_or_else(|| "localhost".to_string());
    let request = CompileRequest {
        manifests,
        facts,
        node,
        modulepath: modulepath
            .map(|p| {
                p.split(':')
                    .filter(|s| !s.is_empty())
                    .map(PathBuf::from)
                    .collect()
            })
            .unwrap_or_default(),
    };
    let data = DataConfig {
        hiera_config: hiera_config.map(Path::to_path_buf),
    };
    kuppet_eval::compile_with_data(&request, &data)
}

/// Reads facts from YAML or JSON (JSON is YAML, so one parser serves both).
pub fn read_facts(path: &Path) -> Result<serde_json::Map<String, serde_json::Value>, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("Could not read facts {}: {e}", path.display()))?;
    let value: serde_json::Value = serde_yaml::from_str(&text)
        .map_err(|e| format!("Could not parse facts {}: {e}", path.display()))?;
    match value {
        serde_json::Value::Object(map) => Ok(map),
        serde_json::Value::Null => Ok(serde_json::Map::new()),
        _ => Err(format!(
            "Facts in {} must be a map of fact names to values",
            path.display()
        )),
    }
}
