//! Extracted artifacts kept by digest: an environment is unpacked once per
//! digest into `<dir>/<algo>-<hex>/`, built in a temporary directory beside
//! it and renamed into place, so a reader never sees half an environment and
//! two writers of the same digest agree. Old digests are removed when no
//! longer wanted.

use super::{ArtifactError, Caps, unpack, verify_digest};
use std::path::{Path, PathBuf};

/// A directory of unpacked artifacts.
#[derive(Debug, Clone)]
pub struct Cache {
    dir: PathBuf,
}

impl Cache {
    pub fn new(dir: impl Into<PathBuf>) -> Cache {
        Cache { dir: dir.into() }
    }

    /// Where the artifact with this digest is (or would be) unpacked.
    pub fn path_of(&self, digest: &str) -> PathBuf {
        self.dir.join(digest.replace(':', "-"))
    }

    /// The unpacked tree of `digest`, if the cache has it.
    pub fn get(&self, digest: &str) -> Option<PathBuf> {
        let p = self.path_of(digest);
        p.is_dir().then_some(p)
    }

    /// Verifies `archive` against `digest` and unpacks it, unless the cache
    /// already has it; gives the tree's directory.
    pub fn insert(
        &self,
        digest: &str,
        archive: &[u8],
        caps: Caps,
    ) -> Result<PathBuf, ArtifactError> {
        if let Some(p) = self.get(digest) {
            return Ok(p);
        }
        verify_digest(archive, digest)?;
        std::fs::create_dir_all(&self.dir).map_err(|e| ArtifactError::io(self.dir.display(), e))?;
        let tmp = tempfile::Builder::new()
            .prefix(".unpacking-")
            .tempdir_in(&self.dir)
            .map_err(|e| ArtifactError::io(self.dir.display(), e))?;
        unpack(archive, tmp.path(), caps)?;
        let dest = self.path_of(digest);
        let staged = tmp.keep();
        match std::fs::rename(&staged, &dest) {
            Ok(()) => Ok(dest),
            // Another writer got there first with the same digest.
            Err(_) if dest.is_dir() => {
                let _ = std::fs::remove_dir_all(&staged);
                Ok(dest)
            }
            Err(e) => {
                let _ = std::fs::remove_dir_all(&staged);
                Err(ArtifactError::io(dest.display(), e))
            }
        }
    }

    /// Removes every unpacked artifact whose digest is not in `keep`.
    pub fn retain(&self, keep: &[&str]) -> Result<(), ArtifactError> {
        let wanted: Vec<PathBuf> = keep.iter().map(|d| self.path_of(d)).collect();
        let Ok(entries) = std::fs::read_dir(&self.dir) else {
            return Ok(());
        };
        for e in entries.filter_map(|e| e.ok()) {
            let p = e.path();
            if !wanted.contains(&p) && !is_staging(&p) {
                std::fs::remove_dir_all(&p).map_err(|err| ArtifactError::io(p.display(), err))?;
            }
        }
        Ok(())
    }
}

fn is_staging(p: &Path) -> bool {
    p.file_name()
        .and_then(|n| n.to_str())
        .is_some_and(|n| n.starts_with(".unpacking-"))
}
