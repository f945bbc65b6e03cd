//! The agent's side of `puppet:///modules/` sources: a NodeCatalog compiled
//! from an environment carries the files its sources name (`spec.files`,
//! made by `controller::files`); before a run the agent unpacks them, with
//! the artifact unpacker's rules (files and directories only, nothing
//! outside the tree, caps), into a directory named by their digest under
//! its temporary directory, and serves the URLs from it as `kuppet apply`
//! serves a modulepath.

use kuppet_resources::file::serve::{FileServer, ModulePath};
use std::path::PathBuf;
use std::sync::Arc;

/// Where unpacked files live: one directory per digest, under one per
/// agent process (agents sharing a host's temporary directory, as the e2e
/// suite's do, never remove each other's files mid-run).
fn served_root() -> PathBuf {
    std::env::temp_dir()
        .join("kuppet-served-files")
        .join(std::process::id().to_string())
}

/// Decodes `encoded` (base64 of a tar+gzip).
pub fn decode(encoded: &str) -> Result<Vec<u8>, String> {
    use base64::Engine;
    base64::engine::general_purpose::STANDARD
        .decode(encoded.trim())
        .map_err(|e| format!("the catalog's files (spec.files) are not base64: {e}"))
}

/// A file server over the catalog's files, unpacked once per digest (the
/// directories of other digests are removed).
pub fn server(encoded: &str) -> Result<Arc<dyn FileServer>, String> {
    let bytes = decode(encoded)?;
    let digest = kuppet_artifact::sha256_digest(&bytes);
    let hex = digest.trim_start_matches("sha256:");
    let root = served_root();
    let dir = root.join(hex);
    if !dir.is_dir() {
        if let Ok(entries) = std::fs::read_dir(&root) {
            for e in entries.flatten() {
                let _ = std::fs::remove_dir_all(e.path());
            }
        }
        std::fs::create_dir_all(&root)
            .map_err(|e| format!("could not create {}: {e}", root.display()))?;
        let staging = tempfile::Builder::new()
            .prefix(".unpacking-")
            .tempdir_in(&root)
            .map_err(|e| format!("could not unpack the catalog's files: {e}"))?;
        kuppet_artifact::unpack(&bytes, staging.path(), Default::default())
            .map_err(|e| format!("the catalog's files do not unpack: {e}"))?;
        let staged = staging.keep();
        if std::fs::rename(&staged, &dir).is_err() {
            let _ = std::fs::remove_dir_all(&staged);
            if !dir.is_dir() {
                return Err(format!(
                    "could not place the catalog's files at {}",
                    dir.display()
                ));
            }
        }
    }
    Ok(Arc::new(ModulePath::new(vec![dir])))
}
