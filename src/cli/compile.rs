//! `kuppet compile MANIFEST...`: prints the catalog Puppet would compile.

use std::path::PathBuf;

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
}

pub fn run(_args: Args) -> u8 {
    eprintln!("Error: kuppet compile is not built yet");
    1
}
