//! The agent's side of `puppet:///modules/` sources: a NodeCatalog compiled
//! from an environment carries the files its sources name (`spec.files`,
//! made by `controller::files`); before a run the agent unpacks them, with
//! the artifact unpacker's rules (files and directories only, nothing
//! outside the tree, caps), into a directory named by their digest under
//! its temporary directory, and serves the URLs from it as `kuppet apply`
//! serves a modulepath. Files the catalog lists by checksum
//! (`spec.content`, fetched by `agent::fetch`) are copied into that tree.

use crate::k8s::agent::fetch::FetchError;
use crate::k8s::crd::ContentRef;
use kuppet_resources::file::serve::{FileServer, ModulePath, ServeError, Served};
use std::path::{Path, PathBuf};
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
/// directories of other digests are removed), with the files fetched by
/// checksum (`fetched`: each reference and its cached file, or why it could
/// not be fetched) placed in the tree. A URL naming a file that could not be
/// fetched, or a directory holding one, fails with the reason; the others
/// are served.
pub fn server(
    encoded: &str,
    fetched: &[(ContentRef, Result<PathBuf, FetchError>)],
) -> Result<Arc<dyn FileServer>, String> {
    let bytes = decode(encoded)?;
    let refs: Vec<ContentRef> = fetched.iter().map(|(r, _)| r.clone()).collect();
    let tar_digest = kuppet_artifact::sha256_digest(&bytes);
    let digest = crate::k8s::codec::files_digest(Some(&tar_digest), &refs).unwrap_or(tar_digest);
    let failed: Vec<(String, String)> = fetched
        .iter()
        .filter_map(|(r, f)| f.as_ref().err().map(|e| (r.path.clone(), e.to_string())))
        .collect();
    let hex = digest.trim_start_matches("sha256:");
    let root = served_root();
    // A tree missing some content is rebuilt at every run.
    let dir = if failed.is_empty() {
        root.join(hex)
    } else {
        root.join("partial")
    };
    if !dir.is_dir() || !failed.is_empty() {
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
        for (r, file) in fetched {
            if let Ok(file) = file {
                place(staging.path(), r, file)?;
            }
        }
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
    let tree = ModulePath::new(vec![dir]);
    if failed.is_empty() {
        return Ok(Arc::new(tree));
    }
    Ok(Arc::new(WithFailures { tree, failed }))
}

/// Copies a fetched file into the tree at its path (`M/files/P`).
fn place(tree: &Path, r: &ContentRef, file: &Path) -> Result<(), String> {
    let segments: Vec<&str> = r.path.split('/').collect();
    if segments
        .iter()
        .any(|s| s.is_empty() || *s == "." || *s == "..")
    {
        return Err(format!(
            "the catalog lists content at a bad path {:?}",
            r.path
        ));
    }
    let dest = segments.iter().fold(tree.to_path_buf(), |p, s| p.join(s));
    if let Some(parent) = dest.parent() {
        std::fs::create_dir_all(parent)
            .map_err(|e| format!("could not create {}: {e}", parent.display()))?;
    }
    std::fs::copy(file, &dest).map_err(|e| format!("could not place {}: {e}", dest.display()))?;
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&dest, std::fs::Permissions::from_mode(r.mode & 0o777))
        .map_err(|e| format!("could not set the mode of {}: {e}", dest.display()))
}

/// A tree some of whose content could not be fetched.
#[derive(Debug)]
struct WithFailures {
    tree: ModulePath,
    /// (`M/files/P`, why), of each file not fetched.
    failed: Vec<(String, String)>,
}

impl FileServer for WithFailures {
    fn locate(&self, url: &str) -> Result<Served, ServeError> {
        if let Some(rest) = url.strip_prefix("puppet:///modules/") {
            let (module, path) = rest.split_once('/').unwrap_or((rest, ""));
            let path = path.trim_matches('/');
            let wanted = if path.is_empty() {
                format!("{module}/files")
            } else {
                format!("{module}/files/{path}")
            };
            let hit = self
                .failed
                .iter()
                .find(|(p, _)| *p == wanted || p.starts_with(&format!("{wanted}/")));
            if let Some((_, why)) = hit {
                return Err(ServeError::Unavailable {
                    url: url.to_string(),
                    reason: why.clone(),
                });
            }
        }
        self.tree.locate(url)
    }
}
