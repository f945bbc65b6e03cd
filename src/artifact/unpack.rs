//! Unpacking an artifact's tar+gzip into a directory, safely: only
//! directories and regular files (a link, hard link, device or fifo refuses
//! the whole artifact), every path relative and inside the tree (no `/`, no
//! `..`), permission bits without setuid/setgid/sticky, and caps on the
//! unpacked size, on the number of entries and on each path's length, so a
//! hostile or broken artifact can neither escape the directory nor fill the
//! disk.

use super::ArtifactError;
use std::io::Read;
use std::path::{Component, Path, PathBuf};

/// How much an artifact may unpack to.
#[derive(Debug, Clone, Copy)]
pub struct Caps {
    /// Total bytes of the files (uncompressed).
    pub max_bytes: u64,
    /// Files and directories.
    pub max_entries: usize,
}

impl Default for Caps {
    /// 512 MiB and 200,000 entries: a 50-module control repo is 20-45 MB in
    /// about 10,000 files; the caps leave an order of magnitude of room.
    fn default() -> Caps {
        Caps {
            max_bytes: 512 * 1024 * 1024,
            max_entries: 200_000,
        }
    }
}

/// What was unpacked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Unpacked {
    pub files: usize,
    pub dirs: usize,
    pub bytes: u64,
}

/// The longest path an entry may have.
const MAX_PATH: usize = 4096;

/// Unpacks the tar+gzip `archive` into `dest` (created if missing).
pub fn unpack(archive: &[u8], dest: &Path, caps: Caps) -> Result<Unpacked, ArtifactError> {
    std::fs::create_dir_all(dest).map_err(|e| ArtifactError::io(dest.display(), e))?;
    let gz = flate2::read::GzDecoder::new(archive);
    let mut tar = tar::Archive::new(gz);
    let mut out = Unpacked {
        files: 0,
        dirs: 0,
        bytes: 0,
    };
    let entries = tar
        .entries()
        .map_err(|e| ArtifactError::Corrupt(e.to_string()))?;
    for entry in entries {
        let mut entry = entry.map_err(|e| ArtifactError::Corrupt(e.to_string()))?;
        if out.files + out.dirs >= caps.max_entries {
            return Err(ArtifactError::TooLarge(format!(
                "more than {} files and directories",
                caps.max_entries
            )));
        }
        let raw = entry
            .path()
            .map_err(|e| ArtifactError::Corrupt(e.to_string()))?
            .into_owned();
        let Some(rel) = safe_relative(&raw)? else {
            continue;
        };
        let target = dest.join(&rel);
        let mode = entry.header().mode().unwrap_or(0o644) & 0o777;
        match entry.header().entry_type() {
            tar::EntryType::Directory => {
                std::fs::create_dir_all(&target)
                    .map_err(|e| ArtifactError::io(target.display(), e))?;
                set_mode(&target, mode | 0o700)?;
                out.dirs += 1;
            }
            tar::EntryType::Regular | tar::EntryType::Continuous => {
                let size = entry.header().size().unwrap_or(0);
                if out.bytes.saturating_add(size) > caps.max_bytes {
                    return Err(ArtifactError::TooLarge(format!(
                        "more than {} bytes unpacked",
                        caps.max_bytes
                    )));
                }
                if let Some(parent) = target.parent() {
                    std::fs::create_dir_all(parent)
                        .map_err(|e| ArtifactError::io(parent.display(), e))?;
                }
                let mut data = Vec::with_capacity(size.min(1 << 20) as usize);
                // Read one byte past the announced size: a lying header fails.
                (&mut entry)
                    .take(size.saturating_add(1))
                    .read_to_end(&mut data)
                    .map_err(|e| ArtifactError::Corrupt(e.to_string()))?;
                if data.len() as u64 != size {
                    return Err(ArtifactError::Corrupt(format!(
                        "{} is not the size its header says",
                        rel.display()
                    )));
                }
                std::fs::write(&target, &data)
                    .map_err(|e| ArtifactError::io(target.display(), e))?;
                set_mode(&target, mode)?;
                out.bytes += size;
                out.files += 1;
            }
            // PAX and GNU metadata entries carry no file of their own.
            tar::EntryType::XGlobalHeader | tar::EntryType::XHeader => {}
            other => {
                return Err(ArtifactError::Refused(format!(
                    "{} is a {}; Puppet code artifacts may hold only files and directories",
                    rel.display(),
                    kind(other)
                )));
            }
        }
    }
    Ok(out)
}

/// The entry's path, relative and normal; `None` for the tree's root (`./`).
fn safe_relative(raw: &Path) -> Result<Option<PathBuf>, ArtifactError> {
    if raw.as_os_str().len() > MAX_PATH {
        return Err(ArtifactError::Refused(format!(
            "a path is longer than {MAX_PATH} bytes"
        )));
    }
    let mut out = PathBuf::new();
    for c in raw.components() {
        match c {
            Component::Normal(p) => out.push(p),
            Component::CurDir => {}
            Component::ParentDir | Component::RootDir | Component::Prefix(_) => {
                return Err(ArtifactError::Refused(format!(
                    "{} leaves the tree",
                    raw.display()
                )));
            }
        }
    }
    Ok((!out.as_os_str().is_empty()).then_some(out))
}

fn set_mode(path: &Path, mode: u32) -> Result<(), ArtifactError> {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode))
        .map_err(|e| ArtifactError::io(path.display(), e))
}

fn kind(t: tar::EntryType) -> &'static str {
    match t {
        tar::EntryType::Symlink => "symbolic link",
        tar::EntryType::Link => "hard link",
        tar::EntryType::Char | tar::EntryType::Block => "device",
        tar::EntryType::Fifo => "fifo",
        _ => "special entry",
    }
}
