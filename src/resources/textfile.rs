//! Reading and rewriting the text files the line-editing types manage
//! (`file_line`, `ini_setting`, the parsed-file types): every path goes
//! through the host's [`crate::RootFs`], and a rewrite replaces the file
//! atomically while keeping what Ruby's `File.open(path, 'w')` keeps — the
//! existing file's mode, owner and group, and a symlink (its target is
//! rewritten, not the link).

use crate::file::io_text;
use crate::rootfs::RootFs;
use std::io::{self, Write};
use std::os::unix::fs::MetadataExt;

/// How many symlinks a rewrite follows before giving up (Linux's limit).
const MAX_LINKS: usize = 40;

/// The whole content of a file; `None` when nothing is there.
pub fn read(root: &RootFs, path: &str) -> io::Result<Option<Vec<u8>>> {
    match root.read(path) {
        Ok(data) => Ok(Some(data)),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(e),
    }
}

/// The managed path a write to `path` lands on: symlinks followed (inside
/// the root), relative targets taken from the link's directory.
pub fn resolve_links(root: &RootFs, path: &str) -> io::Result<String> {
    let mut current = path.to_string();
    for _ in 0..MAX_LINKS {
        match root.lstat(&current) {
            Ok(m) if m.file_type().is_symlink() => {
                let target = root.read_link(&current)?.to_string_lossy().into_owned();
                current = if target.starts_with('/') {
                    target
                } else {
                    let dir = match current.rfind('/') {
                        Some(i) => &current[..i],
                        None => "",
                    };
                    format!("{dir}/{target}")
                };
            }
            _ => return Ok(current),
        }
    }
    Err(io::Error::other(format!(
        "Too many levels of symbolic links - {path}"
    )))
}

/// Replaces the content of `path` atomically. An existing file keeps its
/// mode, owner and group; a new one gets `new_mode`. A symlink at `path`
/// stays a symlink: its target gets the content.
pub fn write(root: &RootFs, path: &str, data: &[u8], new_mode: u32) -> io::Result<()> {
    let real = resolve_links(root, path)?;
    let existing = root.stat(&real).ok();
    if existing.as_ref().is_some_and(|m| m.is_dir()) {
        return Err(io::Error::other(format!(
            "Is a directory @ rb_sysopen - {path}"
        )));
    }
    let mut tmp = root.temp_beside(&real)?;
    match &existing {
        Some(m) => {
            // Root may give the file its owner back; others keep their own.
            let _ = tmp.set_owner(Some(m.uid()), Some(m.gid()));
            tmp.set_mode(m.mode() & 0o7777)?;
        }
        None => tmp.set_mode(new_mode)?,
    }
    tmp.file().write_all(data)?;
    tmp.commit()
}

/// An I/O error as Ruby words it for a file it could not open
/// (`No such file or directory @ rb_sysopen - /x`).
pub fn sysopen_error(e: &io::Error, path: &str) -> String {
    format!("{} @ rb_sysopen - {path}", io_text(e))
}

/// Splits text into lines as Ruby's `readlines` does: each keeps its `\n`;
/// the last one may lack it.
pub fn lines(data: &str) -> Vec<&str> {
    data.split_inclusive('\n').collect()
}

/// Ruby's `chomp`: one trailing `\n`, `\r\n` or `\r` removed.
pub fn chomp(line: &str) -> &str {
    if let Some(s) = line.strip_suffix("\r\n") {
        s
    } else if let Some(s) = line.strip_suffix('\n') {
        s
    } else {
        line.strip_suffix('\r').unwrap_or(line)
    }
}

/// Ruby's `IO#puts` of one string: the string, and a newline unless it
/// ends with one.
pub fn puts(out: &mut String, line: &str) {
    out.push_str(line);
    if !line.ends_with('\n') {
        out.push('\n');
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_keep_their_newlines_like_readlines() {
        assert_eq!(lines("a\nb\n"), vec!["a\n", "b\n"]);
        assert_eq!(lines("a\nb"), vec!["a\n", "b"]);
        assert!(lines("").is_empty());
        assert_eq!(chomp("x\r\n"), "x");
        assert_eq!(chomp("x\n\n"), "x\n");
        let mut s = String::new();
        puts(&mut s, "a\n");
        puts(&mut s, "b");
        assert_eq!(s, "a\nb\n");
    }

    #[test]
    fn a_rewrite_keeps_mode_and_follows_links() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().expect("tempdir");
        std::fs::write(dir.path().join("real"), "old").expect("write");
        std::fs::set_permissions(
            dir.path().join("real"),
            std::fs::Permissions::from_mode(0o640),
        )
        .expect("chmod");
        std::os::unix::fs::symlink("real", dir.path().join("link")).expect("symlink");
        let root = RootFs::new(dir.path()).expect("root");
        write(&root, "/link", b"new", 0o600).expect("write");
        assert!(
            std::fs::symlink_metadata(dir.path().join("link"))
                .expect("lstat")
                .file_type()
                .is_symlink()
        );
        assert_eq!(
            std::fs::read(dir.path().join("real")).expect("read"),
            b"new"
        );
        let mode = std::fs::metadata(dir.path().join("real"))
            .expect("stat")
            .permissions()
            .mode();
        assert_eq!(mode & 0o7777, 0o640);
        write(&root, "/fresh", b"x", 0o644).expect("write new");
        let mode = std::fs::metadata(dir.path().join("fresh"))
            .expect("stat")
            .permissions()
            .mode();
        assert_eq!(mode & 0o7777, 0o644);
        assert_eq!(read(&root, "/missing").expect("read"), None);
    }
}
