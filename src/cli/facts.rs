//! `kuppet facts [NAME...]`: prints the facts kuppet gathers from this host
//! (or the tree under `--root`), like `facter -j` / `puppet facts`: all of
//! them as one JSON object, or the named ones (dotted names reach into
//! structured facts: `os.family`).

use std::path::PathBuf;

/// Arguments of `kuppet facts`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Facts to print (`os.release.major`); all when none is given.
    pub names: Vec<String>,
    /// Gather the facts of the tree under this directory instead of `/`.
    #[arg(long)]
    pub root: Option<PathBuf>,
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
    let facts = serde_json::Value::Object(kuppet_facts::gather(&root));
    let out = if args.names.is_empty() {
        facts
    } else {
        let mut picked = serde_json::Map::new();
        for name in &args.names {
            let value = name
                .split('.')
                .try_fold(&facts, |v, key| v.get(key))
                .cloned()
                .unwrap_or(serde_json::Value::Null);
            picked.insert(name.clone(), value);
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
