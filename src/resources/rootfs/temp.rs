//! Temporary files beside a managed path, for atomic replacement: created
//! (mode 0600, `O_EXCL`, never through a link) in the target's directory
//! descriptor, renamed over the target through that same descriptor, and
//! removed when dropped without being committed. Leftovers of a killed run
//! (`.<name>.kuppet-<pid>-...` whose process is gone) are removed first.

use super::Parent;
use rustix::fs::{AtFlags, Mode, OFlags};
use std::ffi::CString;
use std::fs;
use std::io;
use std::os::fd::{AsFd, OwnedFd};

/// The longest part of the target's name a temporary name repeats (so the
/// temporary name stays under NAME_MAX, 255 bytes).
const BASE_MAX: usize = 200;

/// A temporary file in the directory of the path it will replace.
#[derive(Debug)]
pub struct TempFile {
    dir: OwnedFd,
    name: String,
    target: String,
    managed: String,
    file: fs::File,
    committed: bool,
}

/// The prefix of every temporary name for `target`.
fn prefix(target: &str) -> String {
    let mut end = target.len().min(BASE_MAX);
    while !target.is_char_boundary(end) {
        end -= 1;
    }
    format!(".{}.kuppet-", &target[..end])
}

impl TempFile {
    pub(super) fn create(parent: Parent, path: &str) -> io::Result<TempFile> {
        let prefix = prefix(&parent.name);
        remove_stale(&parent, &prefix);
        let pid = std::process::id();
        for attempt in 0..100u32 {
            let nanos = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map(|d| d.subsec_nanos())
                .unwrap_or(0);
            let name = format!("{prefix}{pid}-{nanos:x}-{attempt}");
            match rustix::fs::openat(
                &parent.dir,
                name.as_str(),
                OFlags::WRONLY
                    | OFlags::CREATE
                    | OFlags::EXCL
                    | OFlags::NOFOLLOW
                    | OFlags::NOCTTY
                    | OFlags::CLOEXEC,
                Mode::from_raw_mode(0o600),
            ) {
                Ok(fd) => {
                    let dir_path = path.trim_end_matches('/');
                    let dir_path = &dir_path[..dir_path.rfind('/').unwrap_or(0)];
                    return Ok(TempFile {
                        managed: format!("{dir_path}/{name}"),
                        dir: parent.dir,
                        name,
                        target: parent.name,
                        file: fs::File::from(fd),
                        committed: false,
                    });
                }
                Err(rustix::io::Errno::EXIST) => continue,
                Err(e) => return Err(e.into()),
            }
        }
        Err(io::Error::other("could not create a temporary file"))
    }

    /// The open file, to write the content into.
    pub fn file(&mut self) -> &mut fs::File {
        &mut self.file
    }

    /// The temporary file's managed path (for a command that checks it,
    /// such as `validate_cmd`: it runs inside the root and sees this file).
    pub fn managed_path(&self) -> &str {
        &self.managed
    }

    /// Sets the file's owner and/or group (before the content goes in).
    pub fn set_owner(&self, uid: Option<u32>, gid: Option<u32>) -> io::Result<()> {
        std::os::unix::fs::fchown(&self.file, uid, gid)
    }

    /// Sets the file's permission bits.
    pub fn set_mode(&self, mode: u32) -> io::Result<()> {
        use std::os::unix::fs::PermissionsExt;
        self.file.set_permissions(fs::Permissions::from_mode(mode))
    }

    /// Flushes the content to disk, renames the file over its target in the
    /// same directory and flushes the directory.
    pub fn commit(mut self) -> io::Result<()> {
        self.file.sync_all()?;
        rustix::fs::renameat(
            &self.dir,
            self.name.as_str(),
            &self.dir,
            self.target.as_str(),
        )?;
        self.committed = true;
        if let Ok(d) = rustix::fs::openat(
            &self.dir,
            ".",
            OFlags::RDONLY | OFlags::DIRECTORY | OFlags::CLOEXEC,
            Mode::empty(),
        ) {
            let _ = rustix::fs::fsync(&d);
        }
        Ok(())
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        if !self.committed {
            let _ = rustix::fs::unlinkat(&self.dir, self.name.as_str(), AtFlags::empty());
        }
    }
}

/// Removes temporary files a killed run left beside the target (their
/// process is gone, or it is this one).
fn remove_stale(parent: &Parent, prefix: &str) {
    let Ok(dir) = rustix::fs::openat(
        &parent.dir,
        ".",
        OFlags::RDONLY | OFlags::DIRECTORY | OFlags::CLOEXEC,
        Mode::empty(),
    ) else {
        return;
    };
    let Ok(names) = super::tree::names(dir.as_fd()) else {
        return;
    };
    let me = std::process::id().to_string();
    for name in names {
        let Some(rest) = name.to_str().ok().and_then(|n| n.strip_prefix(prefix)) else {
            continue;
        };
        let pid = rest.split('-').next().unwrap_or("");
        let alive = !pid.is_empty()
            && pid.bytes().all(|b| b.is_ascii_digit())
            && std::path::Path::new("/proc").join(pid).exists();
        if !alive || pid == me {
            let name: &CString = &name;
            let _ = rustix::fs::unlinkat(&dir, name.as_c_str(), AtFlags::empty());
        }
    }
}
