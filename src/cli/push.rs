//! `kuppet push DIR oci://REGISTRY/REPO:TAG`: publishes a control repo or a
//! module directory as an OCI artifact with Flux's media types, so a
//! Manifest (or Flux's OCIRepository) can take the code from the registry.
//! The same tree and metadata give the same digest: files are packed in
//! order with zeroed owners and times, and `--created` (default
//! `$SOURCE_DATE_EPOCH`, else the Unix epoch) is the only time recorded.

use crate::registry::{Access, parse_reference, push};
use kuppet_artifact::{ArtifactMeta, pack};
use std::path::PathBuf;

/// Arguments of `kuppet push`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The directory to publish (a control repo, an environment, a module).
    pub dir: PathBuf,
    /// Where: `oci://REGISTRY/REPOSITORY:TAG`.
    pub reference: String,
    /// Where the code comes from, recorded as `org.opencontainers.image.source` (a Git URL).
    #[arg(long)]
    pub source: Option<String>,
    /// Which version, recorded as `org.opencontainers.image.revision` (`main@sha1:...`).
    #[arg(long)]
    pub revision: Option<String>,
    /// The creation time recorded (RFC 3339); default `$SOURCE_DATE_EPOCH`, else 1970-01-01T00:00:00Z.
    #[arg(long)]
    pub created: Option<String>,
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
    let reference = parse_reference(&args.reference).map_err(|e| e.to_string())?;
    let layer = pack(&args.dir).map_err(|e| e.to_string())?;
    let meta = ArtifactMeta {
        source: args.source.clone(),
        revision: args.revision.clone(),
        created: args.created.clone().unwrap_or_else(created_default),
    };
    let access = Access {
        creds: args.creds.clone(),
        insecure: args.insecure,
    };
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("could not start the network runtime: {e}"))?;
    let pushed = runtime
        .block_on(push(&reference, &layer, &meta, &access))
        .map_err(|e| e.to_string())?;
    super::print_stdout(&format!(
        "pushed {} ({} bytes, layer {})\n{}@{}\n",
        args.reference,
        pushed.layer_size,
        pushed.layer_digest,
        format_args!(
            "oci://{}/{}",
            reference.resolve_registry(),
            reference.repository()
        ),
        pushed.digest
    ));
    Ok(())
}

/// `$SOURCE_DATE_EPOCH` as RFC 3339, else the Unix epoch.
fn created_default() -> String {
    let secs: i64 = std::env::var("SOURCE_DATE_EPOCH")
        .ok()
        .and_then(|s| s.trim().parse().ok())
        .unwrap_or(0);
    let t = std::time::UNIX_EPOCH + std::time::Duration::from_secs(secs.max(0) as u64);
    let stamp = kuppet_resources::clock::format_time(t);
    // `2026-01-02T03:04:05.000000000+00:00` → `2026-01-02T03:04:05Z`.
    format!("{}Z", &stamp[..19])
}
