//! `kuppet facts [NAME...]`: prints the facts kuppet gathers from this host
//! (or the tree under `--root`), like `facter -j --show-legacy` / `puppet
//! facts`: all of them as one JSON object with sorted keys, or the named
//! ones (dotted names reach into structured facts: `os.family`). With
//! `--modulepath`, the custom facts of the modules there are added, as
//! Puppet adds them; `--list-module-facts` says which of the modules' fact
//! files kuppet computes.

use std::path::PathBuf;

/// Arguments of `kuppet facts`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Facts to print (`os.release.major`); all when none is given.
    pub names: Vec<String>,
    /// Gather the facts of the tree under this directory instead of `/`.
    #[arg(long)]
    pub root: Option<PathBuf>,
    /// Directories of modules (separated by `:`) whose custom facts
    /// (`lib/facter/*.rb`, `facts.d`) are added.
    #[arg(long)]
    pub modulepath: Option<String>,
    /// List the modules' fact files and whether kuppet computes their facts.
    #[arg(long)]
    pub list_module_facts: bool,
}

/// Hash keys sorted at every level, as `facter -j` prints them (arrays
/// keep their order, and so do the hashes inside them).
fn sorted(v: serde_json::Value) -> serde_json::Value {
    match v {
        serde_json::Value::Object(m) => {
            let mut entries: Vec<(String, serde_json::Value)> = m.into_iter().collect();
            entries.sort_by(|a, b| a.0.cmp(&b.0));
            serde_json::Value::Object(entries.into_iter().map(|(k, v)| (k, sorted(v))).collect())
        }
        other => other,
    }
}

pub fn run(args: Args) -> u8 {
    let root = args.root.unwrap_or_else(|| PathBuf::from("/"));
    if !root.is_dir() {
        eprintln!(
            "Error: the root {} is not a directory; give --root an existing directory",
            root.display()
        );
        return 1;
    }
    let modulepath = super::compile::modulepath_dirs(args.modulepath.as_deref().unwrap_or(""));
    if args.list_module_facts {
        let mut text = String::new();
        for (file, support) in kuppet_facts::module_fact_files(&modulepath) {
            let how = match support {
                kuppet_facts::Support::Computed => "computed".to_string(),
                kuppet_facts::Support::WithoutProgram(why) => {
                    format!("computed when its program is not installed; else not: {why}")
                }
                kuppet_facts::Support::NotComputed(why) => format!("not computed: {why}"),
                kuppet_facts::Support::Unknown => "not computed: unknown to kuppet".to_string(),
            };
            text.push_str(&format!("{file}: {how}\n"));
        }
        super::print_stdout(&text);
        return 0;
    }
    let facts = serde_json::Value::Object(kuppet_facts::gather_with_modules(&root, &modulepath));
    let out = if args.names.is_empty() {
        sorted(facts)
    } else {
        let mut picked = serde_json::Map::new();
        for name in &args.names {
            let value = name
                .split('.')
                .try_fold(&facts, |v, key| v.get(key))
                .cloned()
                .unwrap_or(serde_json::Value::Null);
            picked.insert(name.clone(), sorted(value));
        }
        serde_json::Value::Object(picked)
    };
    match serde_json::to_string_pretty(&out) {
        Ok(text) => {
            super::print_stdout(&format!("{text}\n"));
            0
        }
        Err(e) => {
            eprintln!("Error: could not print the facts: {e}");
            1
        }
    }
}
