//! Where a Manifest's code comes from besides inline source: environments
//! in OCI artifacts (a control repo pushed with `kuppet push` or `flux push
//! artifact`, [`oci`]) and in Flux sources' artifacts ([`flux`]).
//!
//! [`Environments`] keeps what it fetched by digest: each artifact's
//! content layer is verified and unpacked once into the artifact cache
//! (`kuppet_artifact::Cache`, caps on size and entries), and the
//! environment inside it (`path`, its `environment.conf`, modules and
//! `hiera.yaml`) is parsed once per digest and shared by every compile of
//! that revision. Failures carry the Manifest's machine-readable reason
//! ([`SourceError::reason`]): the controller leaves nodes on their last
//! good catalog and reports it. The controller polls each Manifest's
//! `spec.code` through [`oci::poll`] (`controller::code`).

pub mod flux;
pub mod oci;

use crate::cli::code::Code;
use kuppet_artifact::{ArtifactError, Cache, Caps};
use std::collections::HashMap;
use std::path::{Component, Path, PathBuf};
use std::sync::{Arc, Mutex};

/// Why a Manifest's code could not be had.
#[derive(Debug, thiserror::Error)]
pub enum SourceError {
    /// The registry could not be reached or refused (retried at the next poll).
    #[error("the artifact {url} could not be fetched: {why}")]
    Unreachable { url: String, why: String },
    /// A blob did not match its digest: tampered with, or corrupt.
    #[error("{0}")]
    DigestMismatch(String),
    /// The artifact is not usable: not a code artifact, refused by the
    /// unpacker (links, paths leaving the tree), too large, no environment
    /// at `path`, or code that does not parse.
    #[error("{0}")]
    ArtifactFailed(String),
    /// The Flux source a Manifest names does not exist (or Flux's CRDs are
    /// not installed).
    #[error("{0}")]
    SourceNotFound(String),
    /// The Flux source has no artifact yet (retried at the next poll).
    #[error("{0}")]
    NotReady(String),
}

impl SourceError {
    /// The Manifest's Ready condition reason.
    pub fn reason(&self) -> &'static str {
        match self {
            SourceError::Unreachable { .. } => "ArtifactUnreachable",
            SourceError::DigestMismatch(_) => "DigestMismatch",
            SourceError::ArtifactFailed(_) => "ArtifactFailed",
            SourceError::SourceNotFound(_) => "SourceNotFound",
            SourceError::NotReady(_) => "SourceNotReady",
        }
    }
}

impl From<ArtifactError> for SourceError {
    fn from(e: ArtifactError) -> SourceError {
        match e {
            ArtifactError::DigestMismatch { .. } => SourceError::DigestMismatch(e.to_string()),
            other => SourceError::ArtifactFailed(other.to_string()),
        }
    }
}

/// One revision of an environment, ready to compile.
#[derive(Debug, Clone)]
pub struct Revision {
    /// The artifact's digest (`sha256:...`): its identity (an OCI
    /// artifact's manifest digest, a Flux artifact's tarball digest).
    pub digest: String,
    /// The digest of the tarball unpacked into the cache (what
    /// [`Environments::retain`] keeps).
    pub layer_digest: String,
    /// The `org.opencontainers.image.revision` annotation (a git commit
    /// with `kuppet push --revision` or Flux), else the digest.
    pub revision: String,
    pub code: Arc<Code>,
}

/// Unpacked artifacts by digest, and their environments parsed once.
#[derive(Debug)]
pub struct Environments {
    cache: Cache,
    caps: Caps,
    /// (layer digest, path in the artifact) → the parsed environment.
    parsed: Mutex<HashMap<(String, String), Arc<Code>>>,
}

impl Environments {
    pub fn new(dir: impl Into<PathBuf>, caps: Caps) -> Environments {
        Environments {
            cache: Cache::new(dir),
            caps,
            parsed: Mutex::new(HashMap::new()),
        }
    }

    /// The environment at `path` inside the content layer `archive` of
    /// digest `layer_digest`: verified and unpacked unless the cache has
    /// it, parsed unless already parsed.
    pub fn load(
        &self,
        layer_digest: &str,
        archive: &[u8],
        path: &str,
    ) -> Result<Arc<Code>, SourceError> {
        let key = (layer_digest.to_string(), path.to_string());
        if let Some(code) = self.parsed_code(&key) {
            return Ok(code);
        }
        let tree = self.cache.insert(layer_digest, archive, self.caps)?;
        let root = environment_root(&tree, path)?;
        // Only the environment's own modules: nothing outside the artifact.
        let code = Code::load(&root, &[]).map_err(|d| {
            SourceError::ArtifactFailed(format!(
                "the environment at '{path}' does not load: {}",
                d.render().trim_end()
            ))
        })?;
        // The environment's name: the last directory of `path` (an
        // environments/production layout), else production — not the
        // cache directory the artifact is unpacked into.
        let mut code = code;
        code.environment = Some(environment_name(path));
        let code = Arc::new(code);
        if let Ok(mut parsed) = self.parsed.lock() {
            parsed.insert(key, code.clone());
        }
        Ok(code)
    }

    /// The environment at `path` inside the content layer `layer_digest`
    /// if the cache still has that layer unpacked (a restarted controller
    /// finds its stable revisions there); None when it does not.
    pub fn load_cached(
        &self,
        layer_digest: &str,
        path: &str,
    ) -> Option<Result<Arc<Code>, SourceError>> {
        self.cache.get(layer_digest)?;
        // The cache has the tree: the archive is not read again.
        Some(self.load(layer_digest, &[], path))
    }

    fn parsed_code(&self, key: &(String, String)) -> Option<Arc<Code>> {
        self.parsed.lock().ok()?.get(key).cloned()
    }

    /// Forgets every artifact whose layer digest is not in `keep` (on disk
    /// and parsed).
    pub fn retain(&self, keep: &[&str]) -> Result<(), SourceError> {
        if let Ok(mut parsed) = self.parsed.lock() {
            parsed.retain(|(digest, _), _| keep.contains(&digest.as_str()));
        }
        self.cache.retain(keep)?;
        Ok(())
    }
}

/// The name of the environment at `path` inside an artifact: its last
/// directory, or `production` for the artifact's root.
pub fn environment_name(path: &str) -> String {
    Path::new(path.trim_start_matches("./"))
        .components()
        .filter_map(|c| match c {
            Component::Normal(n) => n.to_str(),
            _ => None,
        })
        .next_back()
        .unwrap_or("production")
        .to_string()
}

/// The environment's root inside an unpacked artifact: `path` relative,
/// without `..`, naming a directory.
fn environment_root(tree: &Path, path: &str) -> Result<PathBuf, SourceError> {
    let rel = Path::new(path.trim_start_matches("./"));
    if rel.is_absolute()
        || rel
            .components()
            .any(|c| !matches!(c, Component::Normal(_) | Component::CurDir))
    {
        return Err(SourceError::ArtifactFailed(format!(
            "the environment path '{path}' must be relative to the artifact's root, without '..'"
        )));
    }
    let root = tree.join(rel);
    if !root.is_dir() {
        return Err(SourceError::ArtifactFailed(format!(
            "the artifact has no directory '{path}'; set path to the environment's root inside it (where manifests/ and environment.conf are)"
        )));
    }
    Ok(root)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write(root: &Path, rel: &str, text: &str) {
        let p = root.join(rel);
        std::fs::create_dir_all(p.parent().expect("parent")).expect("mkdir");
        std::fs::write(p, text).expect("write");
    }

    fn control_repo() -> (tempfile::TempDir, Vec<u8>, String) {
        let src = tempfile::tempdir().expect("tempdir");
        let env = src.path().join("environments/production");
        write(&env, "manifests/site.pp", "include role\n");
        write(
            &env,
            "site/role/manifests/init.pp",
            "class role(String $motd) { notify { $motd: } }\n",
        );
        write(&env, "environment.conf", "modulepath = site:modules\n");
        write(&env, "hiera.yaml", "version: 5\n");
        write(&env, "data/common.yaml", "role::motd: from the artifact\n");
        let archive = kuppet_artifact::pack(src.path()).expect("packs");
        let digest = kuppet_artifact::sha256_digest(&archive);
        (src, archive, digest)
    }

    #[test]
    fn an_artifacts_environment_is_unpacked_and_parsed_once() {
        let (_src, archive, digest) = control_repo();
        let cache = tempfile::tempdir().expect("tempdir");
        let envs = Environments::new(cache.path(), Caps::default());
        let code = envs
            .load(&digest, &archive, "environments/production")
            .expect("loads");
        let compiled = code
            .compile("n1", serde_json::Map::new())
            .expect("compiles");
        assert!(
            compiled
                .catalog
                .resources
                .iter()
                .any(|r| r.reference() == "Notify[from the artifact]")
        );
        // Named after its directory, not the cache's.
        assert_eq!(compiled.catalog.environment, "production");
        assert_eq!(environment_name("environments/staging/"), "staging");
        assert_eq!(environment_name("."), "production");
        assert_eq!(environment_name("./"), "production");
        // The same digest: the same parsed code, not a second parse.
        let again = envs
            .load(&digest, &archive, "environments/production")
            .expect("loads");
        assert!(Arc::ptr_eq(&code, &again));
        envs.retain(&[]).expect("retains");
        assert!(
            std::fs::read_dir(cache.path())
                .expect("dir")
                .next()
                .is_none()
        );
    }

    #[test]
    fn bad_artifacts_give_the_manifests_reason() {
        let (_src, archive, digest) = control_repo();
        let cache = tempfile::tempdir().expect("tempdir");
        let envs = Environments::new(cache.path(), Caps::default());
        // A layer that is not what its digest says.
        let mut tampered = archive.clone();
        let last = tampered.len() - 1;
        tampered[last] ^= 1;
        let err = envs.load(&digest, &tampered, ".").expect_err("tampered");
        assert_eq!(err.reason(), "DigestMismatch", "{err}");
        // Paths leaving the artifact, or naming nothing.
        for path in ["../x", "/etc", "environments/nope"] {
            let err = envs.load(&digest, &archive, path).expect_err(path);
            assert_eq!(err.reason(), "ArtifactFailed", "{err}");
        }
        // Caps.
        let small = Environments::new(
            cache.path().join("small"),
            Caps {
                max_bytes: 10,
                max_entries: 100,
            },
        );
        let err = small
            .load(&digest, &archive, "environments/production")
            .expect_err("too large");
        assert_eq!(err.reason(), "ArtifactFailed", "{err}");
        assert!(err.to_string().contains("too large"), "{err}");
        // Code that does not parse names its file and line.
        let src = tempfile::tempdir().expect("tempdir");
        write(src.path(), "manifests/site.pp", "notify { 'x':\n");
        let broken = kuppet_artifact::pack(src.path()).expect("packs");
        let d = kuppet_artifact::sha256_digest(&broken);
        let err = envs.load(&d, &broken, ".").expect_err("broken");
        assert_eq!(err.reason(), "ArtifactFailed");
        assert!(err.to_string().contains("site.pp"), "{err}");
    }
}
