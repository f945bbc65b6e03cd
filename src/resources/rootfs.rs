//! The filesystem under the managed root, resolved as the host resolves it:
//! every path a provider reads or writes goes through [`RootFs`].
//!
//! # Mechanism
//!
//! The root directory is opened once (`O_PATH`). Every managed path is then
//! looked up from that descriptor with `openat2(2)` and
//! `RESOLVE_IN_ROOT | RESOLVE_NO_MAGICLINKS`: for the whole lookup the kernel
//! treats the root as `/`, so an absolute symlink (`/etc/link -> /tmp/x`)
//! continues at `<root>/tmp/x`, a relative one and `..` never climb above the
//! root, and `/proc/*/fd`-style magic links are refused. That is exactly how
//! `chroot(2)` resolves paths for the commands run inside the root, so file
//! resources and commands see the same files.
//!
//! Operations on the last component itself (lstat, readlink, unlink,
//! rename, mkdir, symlink, lchown) look the *parent* directory up that way
//! and then use the `*at` call on the name without following it; operations
//! that follow it (stat, open, chmod, chown with `links => follow`) look the
//! whole path up. Each operation acts through a descriptor obtained by one
//! contained lookup, so a directory swapped for a symlink at any moment of a
//! run is either seen by the lookup (and resolved inside the root) or not
//! seen at all (the descriptor already names the old directory): nothing
//! outside the root can be reached (TOCTOU-safe). Content is written through
//! a temporary file created, filled and renamed in the same directory
//! descriptor ([`RootFs::temp_beside`], [`RootFs::write_atomic`]).
//!
//! Needs Linux 5.6 or newer (`openat2`); [`RootFs::new`] says so on older
//! kernels instead of falling back to unsafe resolution.
//!
//! Paths given to these methods are managed paths (`/etc/motd`), absolute or
//! not (a leading `/` is implied); `/` is the root itself.

mod temp;
mod tree;

pub use temp::TempFile;

use rustix::fs::{AtFlags, Mode, OFlags, ResolveFlags};
use std::ffi::OsString;
use std::fs;
use std::io::{self, Read};
use std::os::fd::{AsFd, BorrowedFd, OwnedFd};
use std::os::unix::ffi::OsStringExt;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// How many times a lookup is retried when the kernel reports a concurrent
/// rename or mount (`EAGAIN` from `RESOLVE_IN_ROOT`'s `..` checks).
const LOOKUP_RETRIES: usize = 32;

/// Why the root could not be opened.
#[derive(Debug, thiserror::Error)]
pub enum RootError {
    #[error("could not open the root {path}: {source}; give --root an existing directory")]
    Open {
        path: PathBuf,
        #[source]
        source: io::Error,
    },
    #[error(
        "this kernel cannot resolve paths inside the root {path} safely ({source}): kuppet needs \
         openat2(2) with RESOLVE_IN_ROOT (Linux 5.6 or newer, and a seccomp profile that allows it)"
    )]
    Unsupported {
        path: PathBuf,
        #[source]
        source: io::Error,
    },
}

/// The filesystem under one root directory. Cheap to clone (the directory
/// descriptor is shared).
#[derive(Debug, Clone)]
pub struct RootFs {
    fd: Arc<OwnedFd>,
    path: PathBuf,
}

/// The parent directory of a managed path, held open, and the path's last
/// component: what the `*at` calls act on.
#[derive(Debug)]
pub(crate) struct Parent {
    pub(crate) dir: OwnedFd,
    pub(crate) name: String,
}

impl RootFs {
    /// Opens the root directory `path` (`/` for this machine as it is).
    pub fn new(path: impl Into<PathBuf>) -> Result<RootFs, RootError> {
        let path = path.into();
        let fd = rustix::fs::open(
            &path,
            OFlags::PATH | OFlags::DIRECTORY | OFlags::CLOEXEC,
            Mode::empty(),
        )
        .map_err(|e| RootError::Open {
            path: path.clone(),
            source: e.into(),
        })?;
        let root = RootFs {
            fd: Arc::new(fd),
            path,
        };
        // Probe once: without openat2 every later lookup would fail.
        if let Err(e) = root.resolve("/", OFlags::PATH) {
            return Err(RootError::Unsupported {
                path: root.path,
                source: e,
            });
        }
        Ok(root)
    }

    /// The root directory as this process names it (for messages and
    /// commands; never join managed paths onto it).
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The root's own descriptor (commands `fchdir` + `chroot(".")` into it).
    pub(crate) fn root_fd(&self) -> BorrowedFd<'_> {
        self.fd.as_fd()
    }

    /// Looks a managed path up inside the root and opens it with `flags`
    /// (`O_CLOEXEC` is added). The last component is followed unless
    /// `flags` holds `O_NOFOLLOW`.
    fn resolve(&self, path: &str, flags: OFlags) -> io::Result<OwnedFd> {
        self.resolve_mode(path, flags, Mode::empty())
    }

    fn resolve_mode(&self, path: &str, flags: OFlags, mode: Mode) -> io::Result<OwnedFd> {
        let rel = relative(path);
        let mut tries = 0;
        loop {
            match rustix::fs::openat2(
                &*self.fd,
                rel,
                flags | OFlags::CLOEXEC,
                mode,
                ResolveFlags::IN_ROOT | ResolveFlags::NO_MAGICLINKS,
            ) {
                Err(rustix::io::Errno::AGAIN | rustix::io::Errno::INTR)
                    if tries < LOOKUP_RETRIES =>
                {
                    tries += 1;
                }
                r => return r.map_err(io::Error::from),
            }
        }
    }

    /// The parent directory of a path (its symlinks followed inside the
    /// root) and the last component's name. The root itself has no parent;
    /// a last component `.` or `..` is refused.
    pub(crate) fn parent(&self, path: &str) -> io::Result<Parent> {
        let trimmed = path.trim_end_matches('/');
        let (dir, name) = match trimmed.rfind('/') {
            Some(i) => (&trimmed[..i], &trimmed[i + 1..]),
            None => ("", trimmed),
        };
        if name.is_empty() || name == "." || name == ".." {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                format!("{path} names no entry of a directory"),
            ));
        }
        let dir = self.resolve(
            if dir.is_empty() { "/" } else { dir },
            OFlags::PATH | OFlags::DIRECTORY,
        )?;
        Ok(Parent {
            dir,
            name: name.to_string(),
        })
    }

    /// Metadata of what is at `path`; `follow`: of a symlink's target
    /// (stat), else of the link itself (lstat).
    pub fn metadata(&self, path: &str, follow: bool) -> io::Result<fs::Metadata> {
        let flags = if follow {
            OFlags::PATH
        } else {
            OFlags::PATH | OFlags::NOFOLLOW
        };
        fs::File::from(self.resolve(path, flags)?).metadata()
    }

    /// `stat`: metadata, following a final symlink.
    pub fn stat(&self, path: &str) -> io::Result<fs::Metadata> {
        self.metadata(path, true)
    }

    /// `lstat`: metadata of the final component itself.
    pub fn lstat(&self, path: &str) -> io::Result<fs::Metadata> {
        self.metadata(path, false)
    }

    /// Whether something (even a dangling link) is at `path`.
    pub fn exists(&self, path: &str) -> bool {
        self.lstat(path).is_ok()
    }

    /// Whether `path` is a directory (following links).
    pub fn is_dir(&self, path: &str) -> bool {
        self.stat(path).is_ok_and(|m| m.is_dir())
    }

    /// Opens a file for reading, following links (inside the root). A FIFO
    /// does not block the open.
    pub fn open(&self, path: &str) -> io::Result<fs::File> {
        let fd = self.resolve(path, OFlags::RDONLY | OFlags::NOCTTY | OFlags::NONBLOCK)?;
        Ok(fs::File::from(fd))
    }

    /// Opens (and creates, with `mode`, when missing) a file for writing
    /// without truncating it; a final symlink is not followed (`ELOOP`).
    /// For lock files and logs; content goes through [`RootFs::write_atomic`].
    pub fn open_append(&self, path: &str, mode: u32) -> io::Result<fs::File> {
        let fd = self.resolve_mode(
            path,
            OFlags::WRONLY | OFlags::CREATE | OFlags::APPEND | OFlags::NOFOLLOW | OFlags::NOCTTY,
            Mode::from_raw_mode(mode),
        )?;
        Ok(fs::File::from(fd))
    }

    /// The whole content of a file.
    pub fn read(&self, path: &str) -> io::Result<Vec<u8>> {
        let mut out = Vec::new();
        self.open(path)?.read_to_end(&mut out)?;
        Ok(out)
    }

    /// The whole content of a text file.
    pub fn read_to_string(&self, path: &str) -> io::Result<String> {
        String::from_utf8(self.read(path)?)
            .map_err(|e| io::Error::new(io::ErrorKind::InvalidData, e))
    }

    /// A symlink's target, as written in the link.
    pub fn read_link(&self, path: &str) -> io::Result<PathBuf> {
        let fd = self.resolve(path, OFlags::PATH | OFlags::NOFOLLOW)?;
        let target = rustix::fs::readlinkat(&fd, "", Vec::new())?;
        Ok(PathBuf::from(OsString::from_vec(target.into_bytes())))
    }

    /// The names in a directory (not `.` and `..`), unsorted; names that are
    /// not UTF-8 are converted lossily. `follow`: whether a final symlink to
    /// a directory is listed (else `ELOOP`/`ENOTDIR`).
    pub fn read_dir(&self, path: &str, follow: bool) -> io::Result<Vec<String>> {
        let mut flags = OFlags::RDONLY | OFlags::DIRECTORY;
        if !follow {
            flags |= OFlags::NOFOLLOW;
        }
        let dir = self.resolve(path, flags)?;
        tree::names(dir).map(|names| {
            names
                .into_iter()
                .map(|n| n.to_string_lossy().into_owned())
                .collect()
        })
    }

    /// Makes a directory (its parent must exist) with `mode` (before umask).
    pub fn create_dir(&self, path: &str, mode: u32) -> io::Result<()> {
        let p = self.parent(path)?;
        rustix::fs::mkdirat(&p.dir, p.name.as_str(), Mode::from_raw_mode(mode))?;
        Ok(())
    }

    /// Makes a directory and its missing parents with `mode` (before umask).
    pub fn create_dir_all(&self, path: &str, mode: u32) -> io::Result<()> {
        let mut built = String::new();
        for part in path.split('/').filter(|p| !p.is_empty()) {
            built.push('/');
            built.push_str(part);
            if self.is_dir(&built) {
                continue;
            }
            match self.create_dir(&built, mode) {
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists && self.is_dir(&built) => {}
                r => r?,
            }
        }
        Ok(())
    }

    /// Makes a symlink at `path` pointing to `target` (written as given).
    pub fn symlink(&self, target: &str, path: &str) -> io::Result<()> {
        let p = self.parent(path)?;
        rustix::fs::symlinkat(target, &p.dir, p.name.as_str())?;
        Ok(())
    }

    /// Removes a file, link (not its target), FIFO or socket.
    pub fn remove_file(&self, path: &str) -> io::Result<()> {
        let p = self.parent(path)?;
        rustix::fs::unlinkat(&p.dir, p.name.as_str(), AtFlags::empty())?;
        Ok(())
    }

    /// Removes an empty directory.
    pub fn remove_dir(&self, path: &str) -> io::Result<()> {
        let p = self.parent(path)?;
        rustix::fs::unlinkat(&p.dir, p.name.as_str(), AtFlags::REMOVEDIR)?;
        Ok(())
    }

    /// Removes what is at `path` and, for a directory, everything under it,
    /// never following a link (a link inside is removed, not its target).
    pub fn remove_all(&self, path: &str) -> io::Result<()> {
        let p = self.parent(path)?;
        tree::remove_all(p.dir.as_fd(), &p.name)
    }

    /// Renames `from` to `to` (replacing what `to` names, as rename(2)).
    pub fn rename(&self, from: &str, to: &str) -> io::Result<()> {
        let a = self.parent(from)?;
        let b = self.parent(to)?;
        rustix::fs::renameat(&a.dir, a.name.as_str(), &b.dir, b.name.as_str())?;
        Ok(())
    }

    /// Copies a file, link or tree from `from` to `to` (which must not
    /// exist), keeping modes and, when permitted, owners (a backup).
    pub fn copy_preserving(&self, from: &str, to: &str) -> io::Result<()> {
        let a = self.parent(from)?;
        let b = self.parent(to)?;
        tree::copy(a.dir.as_fd(), &a.name, b.dir.as_fd(), &b.name)
    }

    /// Sets the owner and/or group; `follow`: of a symlink's target, else of
    /// the link itself.
    pub fn set_owner(
        &self,
        path: &str,
        uid: Option<u32>,
        gid: Option<u32>,
        follow: bool,
    ) -> io::Result<()> {
        let flags = if follow {
            OFlags::PATH
        } else {
            OFlags::PATH | OFlags::NOFOLLOW
        };
        // -1 means "leave as it is" to chown(2): not an id one can set.
        if uid == Some(u32::MAX) || gid == Some(u32::MAX) {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                "4294967295 (-1) is not a valid user or group id",
            ));
        }
        let fd = self.resolve(path, flags)?;
        let uid = uid.map(rustix::fs::Uid::from_raw);
        let gid = gid.map(rustix::fs::Gid::from_raw);
        rustix::fs::chownat(&fd, "", uid, gid, AtFlags::EMPTY_PATH)?;
        Ok(())
    }

    /// Sets the permission bits of what `path` names, following links
    /// (symlinks have no mode of their own on Linux).
    pub fn set_mode(&self, path: &str, mode: u32) -> io::Result<()> {
        let fd = self.resolve(path, OFlags::PATH)?;
        chmod_fd(fd.as_fd(), mode)
    }

    /// A new temporary file beside `path`, in the same directory (see
    /// [`TempFile`]): fill it, then [`TempFile::commit`] renames it over
    /// `path`. Leftovers of killed runs beside `path` are removed first.
    pub fn temp_beside(&self, path: &str) -> io::Result<TempFile> {
        let p = self.parent(path)?;
        TempFile::create(p, path)
    }

    /// Replaces `path` with `data` atomically (temporary file, fsync,
    /// rename, fsync of the directory), mode `mode`: a reader sees the old
    /// content or the new, never a mix, even if the run is killed.
    pub fn write_atomic(&self, path: &str, data: &[u8], mode: u32) -> io::Result<()> {
        use std::io::Write as _;
        let mut tmp = self.temp_beside(path)?;
        tmp.set_mode(mode)?;
        tmp.file().write_all(data)?;
        tmp.commit()
    }
}

/// `fchmodat2`: since Linux 5.x new system calls have one number on every
/// architecture (the libc crate does not name it on all of them).
const SYS_FCHMODAT2: libc::c_long = 452;

/// chmod through an `O_PATH` descriptor: `fchmodat2(fd, "", AT_EMPTY_PATH)`
/// (Linux 6.6), else the descriptor's `/proc/self/fd` entry.
fn chmod_fd(fd: BorrowedFd<'_>, mode: u32) -> io::Result<()> {
    use std::os::fd::AsRawFd;
    // SAFETY: a plain system call on a descriptor we hold and a static
    // NUL-terminated empty path.
    let r = unsafe {
        libc::syscall(
            SYS_FCHMODAT2,
            fd.as_raw_fd(),
            c"".as_ptr(),
            mode as libc::c_uint,
            libc::AT_EMPTY_PATH,
        )
    };
    if r == 0 {
        return Ok(());
    }
    let err = io::Error::last_os_error();
    // Older kernels (ENOSYS), or a seccomp filter that refuses the call
    // (ENOSYS or EPERM): the /proc path reports a real EPERM by itself.
    match err.raw_os_error() {
        Some(libc::ENOSYS | libc::EINVAL | libc::EOPNOTSUPP | libc::EPERM) => {}
        _ => return Err(err),
    }
    chmod_via_proc(fd, mode)
}

/// chmod of the file an `O_PATH` descriptor names, through its
/// `/proc/self/fd` entry (the kernel resolves it to that very file).
fn chmod_via_proc(fd: BorrowedFd<'_>, mode: u32) -> io::Result<()> {
    use std::os::fd::AsRawFd;
    use std::os::unix::fs::PermissionsExt;
    fs::set_permissions(
        format!("/proc/self/fd/{}", fd.as_raw_fd()),
        fs::Permissions::from_mode(mode),
    )
}

/// A managed path relative to the root (`.` for the root itself).
fn relative(path: &str) -> &str {
    let rel = path.trim_start_matches('/');
    if rel.is_empty() { "." } else { rel }
}

#[cfg(test)]
mod tests;
