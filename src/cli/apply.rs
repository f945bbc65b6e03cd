//! `kuppet apply MANIFEST...`: compile, then converge this machine like `puppet apply`.
//!
//! With `--catalog FILE` the catalog JSON is applied as it is (what the agent
//! does with a NodeCatalog), after the same checks the agent makes (a bad
//! catalog is refused: exit 1, the problem named, nothing touched);
//! otherwise the manifests are parsed and compiled with the facts
//! (`--facts`, or gathered from the host) first.

use super::code::Environment;
use super::compile::{FileNames, Inputs, compile_files, print_apply_logs};
use kuppet_catalog::Catalog;
use kuppet_resources::Level;
use kuppet_resources::file::serve::ModulePath;
use kuppet_syntax::diagnostics::Diagnostic;
use kuppet_transaction::{self as transaction, ApplyOptions};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Arguments of `kuppet apply`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Manifests to compile and apply, in order (with `--environment-dir`:
    /// instead of the environment's own).
    #[arg(required_unless_present_any = ["catalog", "environment_dir"])]
    pub manifests: Vec<PathBuf>,
    /// Compile and apply this environment directory as Puppet does an
    /// environment: its `environment.conf` (`manifest`, `modulepath` with
    /// `$basemodulepath` = `--modulepath`), its main manifests, `hiera.yaml`
    /// at its root as Hiera's environment layer; its modules serve
    /// `puppet:///modules/...` sources.
    #[arg(long, value_name = "DIR")]
    pub environment_dir: Option<PathBuf>,
    /// Apply this catalog JSON instead of compiling manifests.
    #[arg(long)]
    pub catalog: Option<PathBuf>,
    /// Facts as YAML or JSON; gathered from the host when absent.
    #[arg(long)]
    pub facts: Option<PathBuf>,
    /// The node name (certname); defaults to the `fqdn` fact.
    #[arg(long)]
    pub node: Option<String>,
    /// Directories holding modules, colon-separated; `puppet:///modules/...`
    /// sources are served from them (with `--catalog` too).
    #[arg(long)]
    pub modulepath: Option<String>,
    /// Hiera data beyond the modules' own: a `hiera.yaml` (version 5, or 3)
    /// searched before module data, like Puppet's `--hiera_config`.
    #[arg(long)]
    pub hiera_config: Option<PathBuf>,
    /// Report what would change without changing anything.
    #[arg(long)]
    pub noop: bool,
    /// Converge the tree under this directory instead of `/`.
    #[arg(long)]
    pub root: Option<PathBuf>,
    /// Exit 0 no change, 2 changes, 4 failures, 6 both (1: could not run).
    #[arg(long)]
    pub detailed_exitcodes: bool,
    /// Write the run report (Puppet report format 12, JSON) here.
    #[arg(long)]
    pub report_file: Option<PathBuf>,
    /// Write the graphs as DOT files into this directory.
    #[arg(long)]
    pub graph: Option<PathBuf>,
    /// Apply only resources with one of these tags (comma-separated).
    #[arg(long, value_delimiter = ',')]
    pub tags: Vec<String>,
    /// Skip resources with one of these tags (comma-separated).
    #[arg(long = "skip_tags", alias = "skip-tags", value_delimiter = ',')]
    pub skip_tags: Vec<String>,
    /// Keep the state between runs (when scheduled resources last ran)
    /// here instead of `<root>/var/lib/kuppet`.
    #[arg(long = "statedir", alias = "state-dir")]
    pub statedir: Option<PathBuf>,
    /// Also log info lines.
    #[arg(long, short)]
    pub verbose: bool,
    /// Also log debug lines.
    #[arg(long, short)]
    pub debug: bool,
}

/// Why a run could not start or finish.
enum Failure {
    /// The manifests did not compile: printed with the source line and a caret.
    Compile(Diagnostic),
    Message(String),
}

impl From<String> for Failure {
    fn from(message: String) -> Failure {
        Failure::Message(message)
    }
}

pub fn run(args: Args) -> u8 {
    match run_inner(args) {
        Ok(code) => code,
        Err(Failure::Compile(d)) => {
            eprint!("{}", d.render());
            1
        }
        Err(Failure::Message(message)) => {
            eprintln!("Error: {message}");
            1
        }
    }
}

fn run_inner(args: Args) -> Result<u8, Failure> {
    let root = args.root.clone().unwrap_or_else(|| PathBuf::from("/"));
    if !root.is_dir() {
        return Err(Failure::Message(format!(
            "The root {} is not a directory; give --root an existing directory",
            root.display()
        )));
    }
    let retrieval = Instant::now();
    let limits = kuppet_catalog::validate::Limits::default();
    let environment = super::compile::read_environment(
        args.environment_dir.as_deref(),
        args.modulepath.as_deref(),
    )?;
    let modulepath = match &environment {
        Some(env) => env.modulepath.clone(),
        None => args
            .modulepath
            .as_deref()
            .map(super::compile::modulepath_dirs)
            .unwrap_or_default(),
    };
    let mut catalog = match &args.catalog {
        Some(path) => {
            let catalog = read_catalog(path)?;
            // Puppet's own refusals (a bad mode...) keep Puppet's words
            // from the run ("Failed to apply catalog: ..."); what only an
            // agent checks is named here.
            kuppet_catalog::validate::validate(&catalog, &limits).map_err(|e| {
                format!(
                    "The catalog {} is invalid, nothing was applied: {e}",
                    path.display()
                )
            })?;
            catalog
        }
        None => compile(&args, environment.as_ref(), &modulepath, &root)?,
    };
    let config_retrieval = retrieval.elapsed().as_secs_f64();
    if catalog.catalog_uuid.is_empty() {
        // Puppet gives every catalog it compiles a fresh uuid; kuppet's
        // compiles are deterministic, so the run names the catalog it applies.
        catalog.catalog_uuid = kuppet_resources::clock::uuid();
    }
    let options = ApplyOptions {
        noop: args.noop,
        root,
        tags: args.tags.clone(),
        skip_tags: args.skip_tags.clone(),
        graph_dir: args.graph.clone(),
        console: true,
        log_level: Some(if args.debug {
            Level::Debug
        } else if args.verbose {
            Level::Info
        } else {
            Level::Notice
        }),
        tool_dir: std::env::var_os("KUPPET_TOOL_DIR").map(PathBuf::from),
        config_retrieval: Some(config_retrieval),
        state_dir: args.statedir.clone(),
        limits,
        // `puppet:///modules/...` sources come from the modulepath, as
        // `puppet apply` serves them.
        file_server: Some(std::sync::Arc::new(ModulePath::new(modulepath))),
    };
    let report = transaction::apply(&catalog, &options)
        .map_err(|e| format!("Failed to apply catalog: {e}"))?;
    if let Some(path) = &args.report_file {
        std::fs::write(path, report.to_json())
            .map_err(|e| format!("Could not write the report to {}: {e}", path.display()))?;
    }
    Ok(report.exit_code(args.detailed_exitcodes))
}

fn read_catalog(path: &Path) -> Result<Catalog, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("Could not read the catalog {}: {e}", path.display()))?;
    Catalog::from_json(&text)
        .map_err(|e| format!("The catalog {} is not catalog JSON: {e}", path.display()))
}

fn compile(
    args: &Args,
    environment: Option<&Environment>,
    modulepath: &[PathBuf],
    root: &Path,
) -> Result<Catalog, Failure> {
    let started = Instant::now();
    let mut facts = match &args.facts {
        Some(path) => kuppet_facts::read_file(path).map_err(|e| Failure::Message(e.to_string()))?,
        None if !modulepath.is_empty() => kuppet_facts::gather_with_modules(root, modulepath),
        None => kuppet_facts::gather(root),
    };
    // Puppet's apply adds its run facts to gathered and given facts alike.
    let certname = match &args.node {
        Some(node) => node.clone(),
        None => kuppet_facts::node_name(&facts),
    };
    let run = kuppet_facts::RunFacts {
        certname,
        noop: args.noop,
        environment: None,
    };
    kuppet_facts::add_run_facts(&mut facts, &run);
    let inputs = Inputs {
        files: &args.manifests,
        environment,
        facts,
        // The certname the run facts carry, chosen once.
        node: Some(&run.certname),
        modulepath: args.modulepath.as_deref(),
        hiera_config: args.hiera_config.as_deref(),
        names: FileNames::Absolute,
        limits: Default::default(),
    };
    let compiled = compile_files(inputs).map_err(Failure::Compile)?;
    print_apply_logs(&compiled);
    let catalog = compiled.catalog;
    println!(
        "Notice: Compiled catalog for {} in environment {} in {:.2} seconds",
        catalog.name,
        catalog.environment,
        started.elapsed().as_secs_f64()
    );
    Ok(catalog)
}
