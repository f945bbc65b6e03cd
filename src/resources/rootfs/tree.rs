//! Whole trees under a directory descriptor, never following a link:
//! listing, removal (`force` on a directory, purge, tidy) and copies
//! (backups). Removal holds one descriptor per level and walks with an
//! explicit stack, so a deep or hostile tree cannot overflow the stack, and
//! an entry swapped for a link during the walk is removed as a link.

use rustix::fs::{AtFlags, FileType, Mode, OFlags};
use std::ffi::CString;
use std::fs;
use std::io;
use std::os::fd::{AsFd, BorrowedFd, OwnedFd};

/// How deep a copy goes before it gives up (a backup of a directory tree).
const COPY_DEPTH: usize = 256;

/// The names in an open directory, without `.` and `..`.
pub(super) fn names(dir: impl AsFd) -> io::Result<Vec<CString>> {
    let mut out = Vec::new();
    for entry in rustix::fs::Dir::read_from(dir.as_fd())? {
        let entry = entry?;
        let name = entry.file_name();
        if name == c"." || name == c".." {
            continue;
        }
        out.push(name.to_owned());
    }
    Ok(out)
}

fn open_dir_nofollow(parent: BorrowedFd<'_>, name: &std::ffi::CStr) -> rustix::io::Result<OwnedFd> {
    rustix::fs::openat(
        parent,
        name,
        OFlags::RDONLY | OFlags::DIRECTORY | OFlags::NOFOLLOW | OFlags::CLOEXEC,
        Mode::empty(),
    )
}

/// Removes `name` in `parent`, and everything under it when it is a
/// directory.
pub(super) fn remove_all(parent: BorrowedFd<'_>, name: &str) -> io::Result<()> {
    let name = CString::new(name).map_err(|e| io::Error::new(io::ErrorKind::InvalidInput, e))?;
    let stat = rustix::fs::statat(parent, name.as_c_str(), AtFlags::SYMLINK_NOFOLLOW)?;
    if FileType::from_raw_mode(stat.st_mode) != FileType::Directory {
        rustix::fs::unlinkat(parent, name.as_c_str(), AtFlags::empty())?;
        return Ok(());
    }
    struct Level {
        fd: OwnedFd,
        name: CString,
        left: Vec<CString>,
    }
    let top = open_dir_nofollow(parent, &name)?;
    let mut stack = vec![Level {
        left: names(&top)?,
        fd: top,
        name,
    }];
    while let Some(level) = stack.last_mut() {
        let Some(entry) = level.left.pop() else {
            let done = stack.pop().expect("a level is on the stack");
            let above = stack.last().map_or(parent, |l| l.fd.as_fd());
            drop(done.fd);
            match rustix::fs::unlinkat(above, done.name.as_c_str(), AtFlags::REMOVEDIR) {
                Err(rustix::io::Errno::NOENT) => {}
                r => r?,
            }
            continue;
        };
        let dir = level.fd.as_fd();
        match open_dir_nofollow(dir, &entry) {
            Ok(fd) => {
                let left = names(&fd)?;
                stack.push(Level {
                    fd,
                    name: entry,
                    left,
                });
            }
            // Not a directory (or a link to one): the entry itself goes.
            Err(rustix::io::Errno::NOTDIR | rustix::io::Errno::LOOP) => {
                match rustix::fs::unlinkat(dir, entry.as_c_str(), AtFlags::empty()) {
                    Err(rustix::io::Errno::NOENT) => {}
                    r => r?,
                }
            }
            Err(rustix::io::Errno::NOENT) => {}
            Err(e) => return Err(e.into()),
        }
    }
    Ok(())
}

/// Copies `from_name` in `from` to `to_name` in `to` (which must not
/// exist): a file with its content, mode and (when permitted) owner, a link
/// as a link, a directory with everything in it.
pub(super) fn copy(
    from: BorrowedFd<'_>,
    from_name: &str,
    to: BorrowedFd<'_>,
    to_name: &str,
) -> io::Result<()> {
    let a = CString::new(from_name).map_err(|e| io::Error::new(io::ErrorKind::InvalidInput, e))?;
    let b = CString::new(to_name).map_err(|e| io::Error::new(io::ErrorKind::InvalidInput, e))?;
    copy_entry(from, &a, to, &b, 0)
}

fn copy_entry(
    from: BorrowedFd<'_>,
    a: &std::ffi::CStr,
    to: BorrowedFd<'_>,
    b: &std::ffi::CStr,
    depth: usize,
) -> io::Result<()> {
    if depth > COPY_DEPTH {
        return Err(io::Error::other(format!(
            "the tree is more than {COPY_DEPTH} levels deep"
        )));
    }
    let stat = rustix::fs::statat(from, a, AtFlags::SYMLINK_NOFOLLOW)?;
    let mode = stat.st_mode & 0o7777;
    match FileType::from_raw_mode(stat.st_mode) {
        FileType::Symlink => {
            let target = rustix::fs::readlinkat(from, a, Vec::new())?;
            rustix::fs::symlinkat(target.as_c_str(), to, b)?;
        }
        FileType::Directory => {
            let src = open_dir_nofollow(from, a)?;
            rustix::fs::mkdirat(to, b, Mode::from_raw_mode(0o700))?;
            let dst = open_dir_nofollow(to, b)?;
            for name in names(&src)? {
                copy_entry(src.as_fd(), &name, dst.as_fd(), &name, depth + 1)?;
            }
            rustix::fs::fchmod(&dst, Mode::from_raw_mode(mode))?;
        }
        FileType::RegularFile => {
            let src = rustix::fs::openat(
                from,
                a,
                OFlags::RDONLY | OFlags::NOFOLLOW | OFlags::NONBLOCK | OFlags::CLOEXEC,
                Mode::empty(),
            )?;
            let dst = rustix::fs::openat(
                to,
                b,
                OFlags::WRONLY | OFlags::CREATE | OFlags::EXCL | OFlags::NOFOLLOW | OFlags::CLOEXEC,
                Mode::from_raw_mode(0o600),
            )?;
            let mut src = fs::File::from(src);
            let mut dst = fs::File::from(dst);
            io::copy(&mut src, &mut dst)?;
            let uid = rustix::fs::Uid::from_raw_unchecked(stat.st_uid);
            let gid = rustix::fs::Gid::from_raw_unchecked(stat.st_gid);
            let _ = rustix::fs::fchown(&dst, Some(uid), Some(gid));
            rustix::fs::fchmod(&dst, Mode::from_raw_mode(mode))?;
        }
        _ => {
            return Err(io::Error::other(
                "only files, links and directories can be copied",
            ));
        }
    }
    Ok(())
}
