//! `kuppet parse FILE...`: syntax and validation check of Puppet manifests.

/// Arguments of `kuppet parse`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Manifests to check.
    #[arg(required = true)]
    pub files: Vec<std::path::PathBuf>,
}

pub fn run(_args: Args) -> u8 {
    eprintln!("Error: kuppet parse is not built yet");
    1
}
