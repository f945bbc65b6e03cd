//! The agent's state on the host's disk (`ROOT/var/lib/kuppet` by default):
//! the last catalog it received, so it goes on enforcing while the API server
//! is away, the last run's status not yet reported, and the run lock.
//!
//! Files are written atomically (temp file in the same directory, fsync,
//! rename), readable by root only: a catalog can hold secrets.

use crate::k8s::codec;
use crate::k8s::crd::NodeCatalogStatus;
use kuppet_catalog::Catalog;
use serde::{Deserialize, Serialize};
use std::fs::{self, File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

const CATALOG_FILE: &str = "catalog.json";
const STATUS_FILE: &str = "pending-status.json";
const LOCK_FILE: &str = "run.lock";

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
}

/// A run's status waiting to be written to the API server.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PendingStatus {
    pub status: NodeCatalogStatus,
}

/// The agent's directory.
#[derive(Debug, Clone)]
pub struct StateDir {
    dir: PathBuf,
}

/// Held while a run applies; released on drop.
#[derive(Debug)]
pub struct RunLock {
    _file: File,
}

impl StateDir {
    pub fn new(dir: impl Into<PathBuf>) -> StateDir {
        StateDir { dir: dir.into() }
    }

    pub fn path(&self) -> &Path {
        &self.dir
    }

    /// The cached catalog, if there is one and it is intact.
    pub fn load_catalog(&self) -> Result<Option<CachedCatalog>, CacheError> {
        let Some(cached) = self.read_json::<CachedCatalog>(CATALOG_FILE)? else {
            return Ok(None);
        };
        let actual = codec::digest(&cached.catalog, cached.noop);
        if actual != cached.digest {
            return Err(CacheError::Damaged {
                path: self.dir.join(CATALOG_FILE),
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

    /// The status of a run that was not reported yet, if any.
    pub fn load_pending(&self) -> Result<Option<PendingStatus>, CacheError> {
        self.read_json(STATUS_FILE)
    }

    pub fn save_pending(&self, pending: &PendingStatus) -> Result<(), CacheError> {
        self.write_json(STATUS_FILE, pending)
    }

    /// Forgets the pending status once it is reported.
    pub fn clear_pending(&self) -> Result<(), CacheError> {
        let path = self.dir.join(STATUS_FILE);
        match fs::remove_file(&path) {
            Ok(()) => Ok(()),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
            Err(source) => Err(CacheError::Write { path, source }),
        }
    }

    /// Takes the run lock, waiting for any other holder (another agent, or a
    /// `kuppet apply` on the same host). Blocking: call it off the async threads.
    pub fn lock(&self) -> Result<RunLock, CacheError> {
        let path = self.dir.join(LOCK_FILE);
        let err = |source| CacheError::Lock {
            path: path.clone(),
            source,
        };
        self.ensure_dir()?;
        let file = OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&path)
            .map_err(err)?;
        file.lock().map_err(err)?;
        Ok(RunLock { _file: file })
    }

    fn ensure_dir(&self) -> Result<(), CacheError> {
        fs::create_dir_all(&self.dir).map_err(|source| CacheError::Write {
            path: self.dir.clone(),
            source,
        })?;
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let _ = fs::set_permissions(&self.dir, fs::Permissions::from_mode(0o700));
        }
        Ok(())
    }

    fn read_json<T: for<'de> Deserialize<'de>>(&self, name: &str) -> Result<Option<T>, CacheError> {
        let path = self.dir.join(name);
        let text = match fs::read_to_string(&path) {
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
        let path = self.dir.join(name);
        let tmp = self.dir.join(format!(".{name}.tmp"));
        let werr = |p: &Path| {
            let p = p.to_path_buf();
            move |source| CacheError::Write { path: p, source }
        };
        let bytes = serde_json::to_vec(value).map_err(|e| CacheError::Write {
            path: path.clone(),
            source: std::io::Error::other(e),
        })?;
        let mut options = OpenOptions::new();
        options.create(true).truncate(true).write(true);
        #[cfg(unix)]
        {
            use std::os::unix::fs::OpenOptionsExt;
            options.mode(0o600);
        }
        let mut file = options.open(&tmp).map_err(werr(&tmp))?;
        file.write_all(&bytes).map_err(werr(&tmp))?;
        file.sync_all().map_err(werr(&tmp))?;
        drop(file);
        fs::rename(&tmp, &path).map_err(werr(&path))?;
        if let Ok(dir) = File::open(&self.dir) {
            let _ = dir.sync_all();
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
        }
    }

    #[test]
    fn the_catalog_survives_a_restart() {
        let tmp = tempfile::tempdir().expect("tempdir");
        let dir = StateDir::new(tmp.path().join("var/lib/kuppet"));
        assert_eq!(
            dir.load_catalog().expect("reads"),
            None,
            "nothing cached yet"
        );
        dir.save_catalog(&cached()).expect("saves");
        let again = StateDir::new(tmp.path().join("var/lib/kuppet"));
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
            .filter(|e| e.file_name().to_string_lossy().ends_with(".tmp"))
            .collect();
        assert!(leftovers.is_empty());
    }

    #[test]
    fn a_damaged_cache_is_reported_not_applied() {
        let tmp = tempfile::tempdir().expect("tempdir");
        let dir = StateDir::new(tmp.path());
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
        let dir = StateDir::new(tmp.path());
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
        let dir = StateDir::new(tmp.path());
        let held = dir.lock().expect("locks");
        let other = File::open(tmp.path().join(LOCK_FILE)).expect("opens");
        assert!(other.try_lock().is_err(), "a second holder must wait");
        drop(held);
        assert!(other.try_lock().is_ok(), "released on drop");
    }
}
