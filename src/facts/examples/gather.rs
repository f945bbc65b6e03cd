//! Prints the facts kuppet-facts gathers, as JSON:
//! `cargo run -p kuppet-facts --example gather -- [ROOT] [MODULEPATH]`.

use std::path::{Path, PathBuf};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let root = args.first().map(String::as_str).unwrap_or("/");
    let modulepath: Vec<PathBuf> = args
        .get(1)
        .map(|m| m.split(':').map(PathBuf::from).collect())
        .unwrap_or_default();
    let facts = kuppet_facts::gather_with_modules(Path::new(root), &modulepath);
    match serde_json::to_string_pretty(&serde_json::Value::Object(facts)) {
        Ok(text) => println!("{text}"),
        Err(e) => eprintln!("{e}"),
    }
}
