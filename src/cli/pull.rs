//! `kuppet pull oci://REGISTRY/REPO:TAG DIR`: fetches a Puppet code artifact
//! (kuppet's or Flux's), verifies its blobs against their digests and unpacks
//! it into DIR the way the controller does: files and directories only,
//! nothing outside DIR, bounded in size.

use crate::registry::{Access, parse_reference, pull};
use kuppet_artifact::{Caps, unpack};
use std::path::PathBuf;

/// Arguments of `kuppet pull`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// What: `oci://REGISTRY/REPOSITORY:TAG` or `...@sha256:DIGEST`.
    pub reference: String,
    /// Where to unpack (created if missing; must be empty).
    pub dir: PathBuf,
    /// Registry credentials `USER:PASSWORD` (also `$KUPPET_REGISTRY_CREDS`).
    #[arg(long, env = "KUPPET_REGISTRY_CREDS", hide_env_values = true)]
    pub creds: Option<String>,
    /// Talk plain HTTP to the registry (a registry on loopback), not HTTPS.
    #[arg(long)]
    pub insecure: bool,
}

pub fn run(args: Args) -> u8 {
    match run_inner(&args) {
        Ok(()) => 0,
        Err(message) => {
            eprintln!("Error: {message}");
            1
        }
    }
}

fn run_inner(args: &Args) -> Result<(), String> {
    if std::fs::read_dir(&args.dir).is_ok_and(|mut d| d.next().is_some()) {
        return Err(format!(
            "{} is not empty; give a new or empty directory",
            args.dir.display()
        ));
    }
    let reference = parse_reference(&args.reference).map_err(|e| e.to_string())?;
    let access = Access {
        creds: args.creds.clone(),
        insecure: args.insecure,
    };
    let caps = Caps::default();
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("could not start the network runtime: {e}"))?;
    let pulled = runtime
        .block_on(pull(&reference, &access, caps.max_bytes))
        .map_err(|e| e.to_string())?;
    let unpacked = unpack(&pulled.layer, &args.dir, caps).map_err(|e| e.to_string())?;
    super::print_stdout(&format!(
        "pulled {} ({}{}): {} files, {} directories, {} bytes\n",
        args.reference,
        pulled.digest,
        pulled
            .revision
            .as_deref()
            .map(|r| format!(", revision {r}"))
            .unwrap_or_default(),
        unpacked.files,
        unpacked.dirs,
        unpacked.bytes
    ));
    Ok(())
}
