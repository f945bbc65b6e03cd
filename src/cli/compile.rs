//! `kuppet compile MANIFEST...`: prints the catalog Puppet would compile,
//! under a budget (`--max-steps`, `--timeout`, `--max-value-size`,
//! `--max-memory`; the last also limits the process's data segment).

use super::code::Environment;
use kuppet_eval::{CompileRequest, Compiled, DataConfig, Limits, ManifestInput};
use kuppet_syntax::diagnostics::Diagnostic;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Arguments of `kuppet compile`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Manifests to compile, in order (with `--environment-dir`: instead of
    /// the environment's own).
    #[arg(required_unless_present = "environment_dir")]
    pub manifests: Vec<PathBuf>,
    /// Compile this environment directory as Puppet compiles an environment:
    /// its `environment.conf` (`manifest`, `modulepath` with
    /// `$basemodulepath` = `--modulepath`), its main manifests, and
    /// `hiera.yaml` at its root as Hiera's environment layer.
    #[arg(long, value_name = "DIR")]
    pub environment_dir: Option<PathBuf>,
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
    #[command(flatten)]
    pub budget: BudgetArgs,
}

/// The budget of a compile (`kuppet compile`, `kuppet apply`).
#[derive(Debug, Clone, clap::Args)]
pub struct BudgetArgs {
    /// Evaluation steps the compile may take (one per expression, template
    /// statement or iteration); past it the compile fails where it was.
    #[arg(long, value_name = "N", default_value_t = Limits::DEFAULT_MAX_STEPS)]
    pub max_steps: u64,
    /// Seconds of wall time the compile may take.
    #[arg(long, value_name = "SECONDS", default_value_t = Limits::DEFAULT_MAX_TIME.as_secs_f64(), value_parser = parse_seconds)]
    pub timeout: f64,
    /// The largest string, binary or collection (16 bytes an element) one
    /// function or operator may build, in bytes (suffixes K, M, G: 64M).
    #[arg(long, value_name = "BYTES", default_value = "64M", value_parser = parse_bytes)]
    pub max_value_size: usize,
    /// Heap the compile may hold, in bytes (suffixes K, M, G: 1G). The
    /// process's data limit (RLIMIT_DATA) is also set, to twice this plus
    /// the compile's stack and 256M, so that what the count misses is
    /// refused by the kernel and ends the process with exit code 1.
    #[arg(long, value_name = "BYTES", default_value = "1G", value_parser = parse_bytes)]
    pub max_memory: usize,
}

impl BudgetArgs {
    /// The limits these flags give.
    pub fn limits(&self) -> Limits {
        Limits {
            max_steps: self.max_steps,
            max_time: std::time::Duration::from_secs_f64(self.timeout),
            max_bytes: self.max_value_size,
            max_memory: self.max_memory,
        }
    }

    /// Limits the process's data segment (RLIMIT_DATA) to what the memory
    /// budget allows, and makes a refused allocation a clean exit (1) with a
    /// message instead of an abort.
    pub fn limit_process(&self) -> Result<(), String> {
        kuppet_eval::budget::exit_on_alloc_failure(1);
        let bytes = self
            .max_memory
            .saturating_mul(2)
            .saturating_add(kuppet_eval::COMPILE_STACK_SIZE)
            .saturating_add(256 << 20);
        let limit = libc::rlimit {
            rlim_cur: bytes as libc::rlim_t,
            rlim_max: bytes as libc::rlim_t,
        };
        let mut old = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        // SAFETY: getrlimit/setrlimit read and write the structs given.
        unsafe {
            if libc::getrlimit(libc::RLIMIT_DATA, &mut old) == 0
                && old.rlim_max != libc::RLIM_INFINITY
                && old.rlim_max < limit.rlim_max
            {
                // Already lower: keep the lower hard limit.
                return Ok(());
            }
            if libc::setrlimit(libc::RLIMIT_DATA, &limit) != 0 {
                return Err(format!(
                    "Could not limit the process's memory to {}: {}",
                    kuppet_eval::budget::bytes(bytes),
                    std::io::Error::last_os_error()
                ));
            }
        }
        Ok(())
    }
}

/// Seconds, positive and finite (`60`, `0.5`).
fn parse_seconds(s: &str) -> Result<f64, String> {
    match s.trim().parse::<f64>() {
        Ok(v) if v.is_finite() && v > 0.0 && v < 1e9 => Ok(v),
        _ => Err(format!(
            "'{s}' is not a number of seconds (a positive number such as 60 or 0.5)"
        )),
    }
}

/// Bytes, with an optional suffix K, M or G (powers of 1024): `64M`, `1G`.
fn parse_bytes(s: &str) -> Result<usize, String> {
    let t = s.trim();
    let (digits, unit) = match t.char_indices().find(|(_, c)| !c.is_ascii_digit()) {
        Some((i, _)) => t.split_at(i),
        None => (t, ""),
    };
    let shift = match unit
        .trim_end_matches(['i', 'B', 'b'])
        .to_ascii_uppercase()
        .as_str()
    {
        "" => 0,
        "K" => 10,
        "M" => 20,
        "G" => 30,
        "T" => 40,
        _ => {
            return Err(format!(
                "'{s}' is not a size (bytes, or a number with K, M or G: 64M)"
            ));
        }
    };
    let n: usize = digits
        .parse()
        .map_err(|_| format!("'{s}' is not a size (bytes, or a number with K, M or G: 64M)"))?;
    n.checked_mul(1usize << shift)
        .filter(|&b| b > 0)
        .ok_or_else(|| format!("'{s}' is not a size this machine can have"))
}

pub fn run(args: Args) -> u8 {
    if let Err(e) = args.budget.limit_process() {
        eprintln!("Error: {e}");
        return 1;
    }
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
    let environment =
        match read_environment(args.environment_dir.as_deref(), args.modulepath.as_deref()) {
            Ok(e) => e,
            Err(e) => {
                eprintln!("Error: {e}");
                return 1;
            }
        };
    let inputs = Inputs {
        files: &args.manifests,
        environment: environment.as_ref(),
        facts,
        node: args.node.as_deref(),
        modulepath: args.modulepath.as_deref(),
        hiera_config: args.hiera_config.as_deref(),
        names: FileNames::AsGiven,
        limits: args.budget.limits(),
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
    /// An environment directory: its manifests (unless `files` are given),
    /// its modulepath and its Hiera layer.
    pub environment: Option<&'a Environment>,
    pub facts: serde_json::Map<String, serde_json::Value>,
    /// The node name; Puppet's default certname when absent
    /// ([`kuppet_facts::node_name`]).
    pub node: Option<&'a str>,
    /// Module directories, colon-separated.
    pub modulepath: Option<&'a str>,
    pub hiera_config: Option<&'a Path>,
    pub names: FileNames,
    /// The compile's budget.
    pub limits: Limits,
}

/// Parses and compiles manifest files for one node.
pub fn compile_files(inputs: Inputs<'_>) -> Result<Compiled, Diagnostic> {
    let files = match inputs.environment {
        Some(env) if inputs.files.is_empty() => &env.manifests[..],
        _ => inputs.files,
    };
    let mut manifests = Vec::with_capacity(files.len());
    for file in files {
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
        modulepath: match inputs.environment {
            Some(env) => env.modulepath.clone(),
            None => inputs.modulepath.map(modulepath_dirs).unwrap_or_default(),
        },
        allow_generate: true,
        limits: inputs.limits,
    };
    let data = DataConfig {
        hiera_config: inputs.hiera_config.map(Path::to_path_buf),
        environment_hiera_config: inputs.environment.and_then(|e| e.hiera_config.clone()),
        environment: inputs.environment.map(|e| e.name.clone()),
        ..Default::default()
    };
    kuppet_eval::compile_with_data(&request, &data)
}

/// The directories of a `--modulepath` (colon-separated, empty parts skipped).
/// The environment `--environment-dir` names, read with `--modulepath` as
/// its base modulepath; settings it ignores are named in a warning.
pub(crate) fn read_environment(
    dir: Option<&Path>,
    modulepath: Option<&str>,
) -> Result<Option<Environment>, String> {
    let Some(dir) = dir else {
        return Ok(None);
    };
    let env = Environment::read(dir, &modulepath.map(modulepath_dirs).unwrap_or_default())?;
    if !env.ignored_settings.is_empty() {
        eprintln!(
            "Warning: {}/environment.conf: kuppet ignores {}",
            dir.display(),
            env.ignored_settings.join(", ")
        );
    }
    Ok(Some(env))
}

pub(crate) fn modulepath_dirs(path: &str) -> Vec<PathBuf> {
    path.split(':')
        .filter(|s| !s.is_empty())
        .map(PathBuf::from)
        .collect()
}
