//! The agent's state on the host's disk (`ROOT/var/lib/kuppet` by default):
//! the last catalog it received, so it goes on enforcing while the API server
//! is away, the last run's status not yet reported, and the run lock.
//!
//! Files are written atomically (temp file in the same directory, fsync,
//! rename), readable by root only: a catalog can hold secrets. A directory
//! under the managed root (the default) is reached through the root's
//! [`RootFs`], like every managed path: the host's links on the way
//! (`/var/lib` a link elsewhere) are resolved inside the root, never into
//! the agent's own filesystem.

use crate::k8s::crd::NodeCatalogStatus;
use crate::k8s::{codec, seal};
use kuppet_catalog::Catalog;
use kuppet_resources::RootFs;
use serde::{Deserialize, Serialize};
use std::fs::File;
use std::path::{Path, PathBuf};

const CATALOG_FILE: &str = "catalog.json";
const STATUS_FILE: &str = "pending-status.json";
const LOCK_FILE: &str = "run.lock";
const SEAL_KEY_FILE: &str = "seal-key.json";

/// The node's seal key pair as kept on disk (mode 0600).
#[derive(Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct SealKeyFile {
    /// The X25519 secret key, base64.
    secret_key: String,
}

/// Why the state directory could not be used.
#[derive(Debug, thiserror::Error)]
pub enum CacheError {
    #[error("could not write {path}: {source}")]
    Write {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("could not read {path}: {source}")]
    Read {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("{path} is damaged ({message}); it is ignored and rewritten on the next catalog")]
    Damaged { path: PathBuf, message: String },
    #[error("could not take the run lock {path}: {source}")]
    Lock {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("could not use the state directory {path}: {message}")]
    Root { path: PathBuf, message: String },
}

/// The last catalog received, with what identifies it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CachedCatalog {
    /// The NodeCatalog's `spec.digest`.
    pub digest: String,
    /// The NodeCatalog's `metadata.generation` that carried it.
    pub generation: i64,
    pub noop: bool,
    pub catalog: Catalog,
    /// The files the catalog's `puppet:///` sources name (`spec.files`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub files: Option<String>,
    /// The files fetched by checksum (`spec.content`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub content: Vec<crate::k8s::crd::ContentRef>,
}

/// A run's status waiting to be written to the API server.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PendingStatus {
    pub status: NodeCatalogStatus,
}

/// The agent's directory.
#[derive(Debug, Clone)]
pub struct StateDir {
    /// The filesystem it is on: the managed root's, or this machine's `/`.
    fs: RootFs,
    /// The directory, a path on `fs`.
    dir: String,
    /// The directory as given (for messages).
    shown: PathBuf,
}

/// Held while a run applies; released on drop.
#[derive(Debug)]
pub struct RunLock {
    _file: File,
}

impl StateDir {
    /// The directory `dir`, a path of this machine. Under `root` (the
    /// default, `ROOT/var/lib/kuppet`) it is resolved inside the root;
    /// elsewhere as this machine resolves it.
    pub fn new(root: &Path, dir: impl Into<PathBuf>) -> Result<StateDir, CacheError> {
        let shown: PathBuf = dir.into();
        let absolute = |p: &Path| std::path::absolute(p).unwrap_or_else(|_| p.to_path_buf());
        let (dir_abs, root_abs) = (absolute(&shown), absolute(root));
        let (base, inner) = match dir_abs.strip_prefix(&root_abs) {
            Ok(rest) if root_abs != Path::new("/") => (root_abs.clone(), Path::new("/").join(rest)),
            _ => (PathBuf::from("/"), dir_abs.clone()),
        };
        let fs = RootFs::new(&base).map_err(|e| CacheError::Root {
            path: shown.clone(),
            message: e.to_string(),
        })?;
        Ok(StateDir {
            fs,
            dir: inner.to_string_lossy().trim_end_matches('/').to_string(),
            shown,
        })
    }

    pub fn path(&self) -> &Path {
        &self.shown
    }

    /// A file of the directory: its path on `fs`, and as shown.
    fn file(&self, name: &str) -> (String, PathBuf) {
        (format!("{}/{name}", self.dir), self.shown.join(name))
    }

    /// The cached catalog, if there is one and it is intact.
    pub fn load_catalog(&self) -> Result<Option<CachedCatalog>, CacheError> {
        let Some(cached) = self.read_json::<CachedCatalog>(CATALOG_FILE)? else {
            return Ok(None);
        };
        let actual = codec::digest(&cached.catalog, cached.noop);
        if actual != cached.digest {
            return Err(CacheError::Damaged {
                path: self.shown.join(CATALOG_FILE),
                message: format!(
                    "its digest is {actual}, not the {} it was saved with",
                    cached.digest
                ),
            });
        }
        Ok(Some(cached))
    }

    pub fn save_catalog(&self, cached: &CachedCatalog) -> Result<(), CacheError> {
        self.write_json(CATALOG_FILE, cached)
    }

    /// The node's seal key pair: the one kept here, or a new one written
    /// here first (mode 0600; the secret half never leaves this file and
    /// the agent's memory). A damaged file is replaced by a new key: the
    /// controller seals again to the new public key once it is published.
    pub fn seal_key(&self) -> Result<seal::NodeKey, CacheError> {
        match self.read_json::<SealKeyFile>(SEAL_KEY_FILE) {
            Ok(Some(file)) => {
                if let Some(key) = seal::NodeKey::from_base64(&file.secret_key) {
                    return Ok(key);
                }
                tracing::warn!(path = %self.shown.join(SEAL_KEY_FILE).display(), "the seal key is damaged; making a new one");
            }
            Ok(None) => {}
            Err(e) => tracing::warn!(error = %e, "making a new seal key"),
        }
        let key = seal::NodeKey::generate();
        self.write_json(
            SEAL_KEY_FILE,
            &SealKeyFile {
                secret_key: key.secret_base64(),
            },
        )?;
        Ok(key)
    }

    /// The status of a run that was not reported yet, if any.
    pub fn load_pending(&self) -> Result<Option<PendingStatus>, CacheError> {
        self.read_json(STATUS_FILE)
    }

    pub fn save_pending(&self, pending: &PendingStatus) -> Result<(), CacheError> {
        self.write_json(STATUS_FILE, pending)
    }

    /// Forgets the pending status once it is reported.
    pub fn clear_pending(&self) -> Result<(), CacheError> {
        let (at, path) = self.file(STATUS_FILE);
        match self.fs.remove_file(&at) {
            Ok(()) => Ok(()),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
            Err(source) => Err(CacheError::Write { path, source }),
        }
    }

    /// Takes the run lock, waiting for any other holder (another agent, or a
    /// `kuppet apply` on the same host). Blocking: call it off the async threads.
    pub fn lock(&self) -> Result<RunLock, CacheError> {
        let (at, path) = self.file(LOCK_FILE);
        let err = |source| CacheError::Lock {
            path: path.clone(),
            source,
        };
        self.ensure_dir()?;
        let file = self.fs.open_append(&at, 0o600).map_err(err)?;
        file.lock().map_err(err)?;
        Ok(RunLock { _file: file })
    }

    fn ensure_dir(&self) -> Result<(), CacheError> {
        let err = |source| CacheError::Write {
            path: self.shown.clone(),
            source,
        };
        self.fs.create_dir_all(&self.dir, 0o700).map_err(err)?;
        let _ = self.fs.set_mode(&self.dir, 0o700);
        Ok(())
    }

    fn read_json<T: for<'de> Deserialize<'de>>(&self, name: &str) -> Result<Option<T>, CacheError> {
        let (at, path) = self.file(name);
        let text = match self.fs.read_to_string(&at) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(source) => return Err(CacheError::Read { path, source }),
        };
        serde_json::from_str(&text)
            .map(Some)
            .map_err(|e| CacheError::Damaged {
                path,
                message: e.to_string(),
            })
    }

    /// Writes `name` atomically: a killed agent leaves the old file or the new one.
    fn write_json<T: Serialize>(&self, name: &str, value: &T) -> Result<(), CacheError> {
        self.ensure_dir()?;
        let (at, path) = self.file(name);
        let err = |source| CacheError::Write {
            path: path.clone(),
            source,
        };
        let bytes = serde_json::to_vec(value).map_err(|e| err(std::io::Error::other(e)))?;
        self.fs.write_atomic(&at, &bytes, 0o600).map_err(err)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs;

    fn catalog() -> Catalog {
        Catalog::from_json(r#"{"name":"n","resources":[{"type":"Notify","title":"hi","parameters":{"message":"x"}}]}"#)
            .expect("catalog")
    }

    fn cached() -> CachedCatalog {
        let c = catalog();
        CachedCatalog {
            digest: codec::digest(&c, false),
            generation: 3,
            noop: false,
            catalog: c,
            files: None,
            content: Vec::new(),
        }
    }

    #[test]
    fn the_catalog_survives_a_restart() {
        let tmp = tempfile::tempdir().expect("tempdir");
        let dir = StateDir::new(tmp.path(), tmp.path().join("var/lib/kuppet")).expect("dir");
        assert_eq!(
            dir.load_catalog().expect("reads"),
            None,
            "nothing cached yet"
        );
        dir.save_catalog(&cached()).expect("saves");
        let again = StateDir::new(tmp.path(), tmp.path().join("var/lib/kuppet")).expect("dir");
        assert_eq!(again.load_catalog().expect("reads"), Some(cached()));
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = fs::metadata(dir.path().join(CATALOG_FILE))
                .expect("stat")
                .permissions()
                .mode();
            assert_eq!(mode & 0o777, 0o600, "catalogs can hold secrets");
        }
        let leftovers: Vec<_> = fs::read_dir(dir.path())
            .expect("lists")
            .filter_map(|e| e.ok())
            .filter(|e| e.file_name().to_string_lossy().starts_with('.'))
            .collect();
        assert!(leftovers.is_empty());
    }

    #[test]
    fn a_damaged_cache_is_reported_not_applied() {
        let tmp = tempfile::tempdir().expect("tempdir");
        let dir = StateDir::new(Path::new("/"), tmp.path()).expect("dir");
        let mut c = cached();
        c.digest = "sha256:bad".into();
        dir.save_catalog(&c).expect("saves");
        assert!(matches!(
            dir.load_catalog(),
            Err(CacheError::Damaged { .. })
        ));
        fs::write(tmp.path().join(CATALOG_FILE), "{ truncated").expect("writes");
        assert!(matches!(
            dir.load_catalog(),
            Err(CacheError::Damaged { .. })
        ));
    }

    #[test]
    fn a_pending_status_is_kept_until_cleared() {
        let tmp = tempfile::tempdir().expect("tempdir");
        let dir = StateDir::new(Path::new("/"), tmp.path()).expect("dir");
        let pending = PendingStatus {
            status: NodeCatalogStatus {
                observed_generation: Some(3),
                ..Default::default()
            },
        };
        dir.save_pending(&pending).expect("saves");
        assert_eq!(dir.load_pending().expect("reads"), Some(pending));
        dir.clear_pending().expect("clears");
        dir.clear_pending().expect("clearing twice is fine");
        assert_eq!(dir.load_pending().expect("reads"), None);
    }

    #[test]
    fn the_run_lock_excludes_a_second_holder() {
        let tmp = tempfile::tempdir().expect("tempdir");
        let dir = StateDir::new(Path::new("/"), tmp.path()).expect("dir");
        let held = dir.lock().expect("locks");
        let other = File::open(tmp.path().join(LOCK_FILE)).expect("opens");
        assert!(other.try_lock().is_err(), "a second holder must wait");
        drop(held);
        assert!(other.try_lock().is_ok(), "released on drop");
    }

    #[test]
    fn under_the_root_the_state_follows_the_hosts_links_inside_it() {
        let root = tempfile::tempdir().expect("tempdir");
        let outside = tempfile::tempdir().expect("tempdir");
        fs::create_dir_all(root.path().join("var")).expect("mkdir");
        // The host's /var/lib is an absolute link: inside the root it means
        // ROOT/<that path>, never the agent's own directory of that name.
        std::os::unix::fs::symlink(outside.path(), root.path().join("var/lib")).expect("ln");
        let mirrored = root
            .path()
            .join(outside.path().strip_prefix("/").expect("absolute"));
        fs::create_dir_all(&mirrored).expect("mkdir");
        let dir = StateDir::new(root.path(), root.path().join("var/lib/kuppet")).expect("dir");
        dir.save_catalog(&cached()).expect("saves");
        let _lock = dir.lock().expect("locks");
        assert!(mirrored.join("kuppet").join(CATALOG_FILE).is_file());
        assert!(mirrored.join("kuppet").join(LOCK_FILE).is_file());
        assert_eq!(fs::read_dir(outside.path()).expect("lists").count(), 0);
        assert_eq!(dir.load_catalog().expect("reads"), Some(cached()));
    }

    #[test]
    fn the_seal_key_is_made_once_kept_private_and_replaced_when_damaged() {
        let root = tempfile::tempdir().expect("tempdir");
        let dir = root.path().join("var/lib/kuppet");
        let state = StateDir::new(root.path(), &dir).expect("state dir");
        let first = state.seal_key().expect("made").public_base64();
        assert_eq!(state.seal_key().expect("kept").public_base64(), first);
        use std::os::unix::fs::PermissionsExt;
        let mode = fs::metadata(dir.join(SEAL_KEY_FILE))
            .expect("written")
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o600, "the secret key is root's only");
        fs::write(dir.join(SEAL_KEY_FILE), "{\"secretKey\": \"short\"}").expect("damage");
        assert_ne!(state.seal_key().expect("remade").public_base64(), first);
    }
}
