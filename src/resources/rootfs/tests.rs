//! Containment: whatever links and `..` a path crosses, every operation
//! lands inside the root, where the host itself would resolve it, and a
//! sentinel tree outside the root never changes.

use super::*;
use std::collections::BTreeMap;
use std::os::unix::fs::{MetadataExt, PermissionsExt, symlink};

/// A root and, beside it, a tree that must never change.
struct Sandbox {
    root: tempfile::TempDir,
    outside: tempfile::TempDir,
}

impl Sandbox {
    fn new() -> Sandbox {
        let outside = tempfile::tempdir().expect("tempdir");
        std::fs::write(outside.path().join("secret"), "keep\n").expect("write");
        std::fs::set_permissions(
            outside.path().join("secret"),
            std::fs::Permissions::from_mode(0o600),
        )
        .expect("chmod");
        std::fs::create_dir(outside.path().join("dir")).expect("mkdir");
        std::fs::write(outside.path().join("dir/file"), "x").expect("write");
        Sandbox {
            root: tempfile::tempdir().expect("tempdir"),
            outside,
        }
    }

    fn fs(&self) -> RootFs {
        RootFs::new(self.root.path()).expect("root")
    }

    /// The outside tree's absolute path (as a link target).
    fn out(&self) -> String {
        self.outside.path().to_string_lossy().into_owned()
    }

    /// Where the outside tree's path lands inside the root.
    fn mirrored(&self) -> PathBuf {
        self.root
            .path()
            .join(self.outside.path().strip_prefix("/").expect("absolute"))
    }

    fn at(&self, managed: &str) -> PathBuf {
        self.root.path().join(managed.trim_start_matches('/'))
    }

    /// Every entry of the outside tree: type, mode, owner, content.
    fn snapshot(&self) -> BTreeMap<String, String> {
        fn walk(dir: &Path, base: &Path, out: &mut BTreeMap<String, String>) {
            for e in std::fs::read_dir(dir).expect("lists").flatten() {
                let p = e.path();
                let m = std::fs::symlink_metadata(&p).expect("lstat");
                let rel = p.strip_prefix(base).expect("under").display().to_string();
                let content = if m.is_file() {
                    std::fs::read_to_string(&p).unwrap_or_default()
                } else {
                    String::new()
                };
                out.insert(
                    rel,
                    format!("{:o} {}:{} {content}", m.mode(), m.uid(), m.gid()),
                );
                if m.is_dir() {
                    walk(&p, base, out);
                }
            }
        }
        let mut out = BTreeMap::new();
        walk(self.outside.path(), self.outside.path(), &mut out);
        out
    }
}

#[test]
fn an_absolute_link_continues_at_the_root() {
    let sb = Sandbox::new();
    let before = sb.snapshot();
    std::fs::create_dir(sb.at("/etc")).expect("mkdir");
    symlink(sb.out(), sb.at("/etc/link")).expect("ln");
    let fs = sb.fs();
    // The host has no such directory: the write fails, it does not escape.
    let err = fs
        .write_atomic("/etc/link/foo", b"data", 0o644)
        .expect_err("no such directory inside the root");
    assert_eq!(err.kind(), io::ErrorKind::NotFound);
    assert_eq!(
        fs.read("/etc/link/secret").map_err(|e| e.kind()).err(),
        Some(io::ErrorKind::NotFound)
    );
    // Once the host has it, the write lands there, as the host would put it.
    std::fs::create_dir_all(sb.mirrored()).expect("mkdir");
    fs.write_atomic("/etc/link/foo", b"data", 0o640)
        .expect("writes");
    let written = sb.mirrored().join("foo");
    assert_eq!(std::fs::read(&written).expect("inside"), b"data");
    assert_eq!(
        std::fs::metadata(&written).expect("stat").mode() & 0o777,
        0o640
    );
    assert_eq!(fs.read("/etc/link/foo").expect("reads"), b"data");
    assert_eq!(sb.snapshot(), before, "nothing outside the root changed");
}

#[test]
fn relative_links_and_dotdot_never_climb_above_the_root() {
    let sb = Sandbox::new();
    let before = sb.snapshot();
    std::fs::create_dir_all(sb.at("/a/b")).expect("mkdir");
    std::fs::write(sb.at("/marker"), "root").expect("write");
    symlink("../../../../../../../..", sb.at("/a/b/up")).expect("ln");
    let fs = sb.fs();
    // `up` is the root itself, however many `..` it holds.
    assert_eq!(fs.read_to_string("/a/b/up/marker").expect("reads"), "root");
    let mut names = fs.read_dir("/a/b/up", true).expect("lists");
    names.sort();
    assert_eq!(names, vec!["a", "marker"]);
    // `..` in a path stops at the root too.
    let escape = format!("/../../../..{}/secret", sb.out());
    assert_eq!(
        fs.read(&escape).map_err(|e| e.kind()).err(),
        Some(io::ErrorKind::NotFound)
    );
    assert_eq!(fs.read_to_string("/../../marker").expect("reads"), "root");
    // Writing through the relative link writes inside.
    fs.write_atomic("/a/b/up/new", b"n", 0o600).expect("writes");
    assert!(sb.at("/new").is_file());
    let through = format!("/a/b/up{}", sb.out());
    assert!(fs.create_dir_all(&through, 0o755).is_ok());
    assert!(sb.mirrored().is_dir());
    assert_eq!(sb.snapshot(), before);
}

#[test]
fn a_link_inside_the_host_tree_is_followed_to_the_right_place() {
    let sb = Sandbox::new();
    std::fs::create_dir_all(sb.at("/usr/share/zoneinfo/Europe")).expect("mkdir");
    std::fs::write(sb.at("/usr/share/zoneinfo/Europe/Paris"), "CET").expect("write");
    std::fs::create_dir_all(sb.at("/etc")).expect("mkdir");
    std::fs::create_dir_all(sb.at("/run/lock")).expect("mkdir");
    // What hosts have: /etc/localtime absolute, /var/run -> ../run relative.
    symlink("/usr/share/zoneinfo/Europe/Paris", sb.at("/etc/localtime")).expect("ln");
    std::fs::create_dir_all(sb.at("/var")).expect("mkdir");
    symlink("../run", sb.at("/var/run")).expect("ln");
    let fs = sb.fs();
    assert_eq!(fs.read_to_string("/etc/localtime").expect("reads"), "CET");
    assert!(
        fs.lstat("/etc/localtime")
            .expect("lstat")
            .file_type()
            .is_symlink()
    );
    assert!(fs.stat("/etc/localtime").expect("stat").is_file());
    assert_eq!(
        fs.read_link("/etc/localtime").expect("readlink"),
        PathBuf::from("/usr/share/zoneinfo/Europe/Paris")
    );
    fs.write_atomic("/var/run/lock/app.pid", b"42\n", 0o644)
        .expect("writes");
    assert_eq!(
        std::fs::read(sb.at("/run/lock/app.pid")).expect("there"),
        b"42\n"
    );
    fs.set_mode("/etc/localtime", 0o600).expect("chmod follows");
    let target = sb.at("/usr/share/zoneinfo/Europe/Paris");
    assert_eq!(
        std::fs::metadata(&target).expect("stat").mode() & 0o777,
        0o600
    );
}

#[test]
fn ownership_and_modes_never_reach_through_a_link_out_of_the_root() {
    let sb = Sandbox::new();
    let before = sb.snapshot();
    std::fs::create_dir(sb.at("/etc")).expect("mkdir");
    symlink(format!("{}/secret", sb.out()), sb.at("/etc/shadow")).expect("ln");
    let fs = sb.fs();
    assert!(fs.set_mode("/etc/shadow", 0o666).is_err());
    assert!(fs.set_owner("/etc/shadow", Some(1), Some(1), true).is_err());
    // Without following, the link itself changes owner.
    fs.set_owner("/etc/shadow", Some(1), Some(1), false)
        .expect("lchown");
    assert_eq!(
        std::fs::symlink_metadata(sb.at("/etc/shadow"))
            .expect("lstat")
            .uid(),
        1
    );
    assert!(fs.open("/etc/shadow").is_err());
    assert!(fs.set_owner("/x", Some(u32::MAX), None, true).is_err());
    assert_eq!(sb.snapshot(), before);
}

#[test]
fn removing_a_tree_removes_links_not_their_targets() {
    let sb = Sandbox::new();
    let before = sb.snapshot();
    std::fs::create_dir_all(sb.at("/d/sub/deeper")).expect("mkdir");
    std::fs::write(sb.at("/d/sub/deeper/f"), "f").expect("write");
    symlink(sb.out(), sb.at("/d/abs")).expect("ln");
    symlink(
        format!("../../../../../../..{}", sb.out()),
        sb.at("/d/sub/rel"),
    )
    .expect("ln");
    symlink(format!("{}/dir", sb.out()), sb.at("/top-link")).expect("ln");
    let fs = sb.fs();
    fs.remove_all("/d").expect("removes");
    assert!(!sb.at("/d").exists());
    // A link to a directory is removed as a link.
    fs.remove_all("/top-link").expect("removes");
    assert!(std::fs::symlink_metadata(sb.at("/top-link")).is_err());
    assert_eq!(sb.snapshot(), before);
}

#[test]
fn a_deep_tree_is_removed_without_recursion() {
    let sb = Sandbox::new();
    let fs = sb.fs();
    // Deeper than PATH_MAX allows by path: built with *at calls.
    let mut dir = rustix::fs::open(
        sb.root.path(),
        OFlags::PATH | OFlags::DIRECTORY,
        Mode::empty(),
    )
    .expect("opens");
    rustix::fs::mkdirat(&dir, "deep", Mode::from_raw_mode(0o755)).expect("mkdir");
    dir = rustix::fs::openat(
        &dir,
        "deep",
        OFlags::PATH | OFlags::DIRECTORY,
        Mode::empty(),
    )
    .expect("opens");
    for _ in 0..3000 {
        rustix::fs::mkdirat(&dir, "d", Mode::from_raw_mode(0o755)).expect("mkdir");
        dir = rustix::fs::openat(&dir, "d", OFlags::PATH | OFlags::DIRECTORY, Mode::empty())
            .expect("opens");
    }
    drop(dir);
    fs.remove_all("/deep").expect("removes");
    assert!(!sb.at("/deep").exists());
}

#[test]
fn a_directory_swapped_for_a_link_mid_write_is_not_followed() {
    let sb = Sandbox::new();
    let before = sb.snapshot();
    std::fs::create_dir(sb.at("/app")).expect("mkdir");
    let fs = sb.fs();
    let mut tmp = fs.temp_beside("/app/config").expect("temp");
    std::io::Write::write_all(tmp.file(), b"new").expect("writes");
    // The race: between creating the temporary file and renaming it, the
    // directory becomes a link out of the root.
    std::fs::rename(sb.at("/app"), sb.at("/app.old")).expect("mv");
    symlink(sb.out(), sb.at("/app")).expect("ln");
    tmp.commit().expect("commits");
    assert_eq!(
        std::fs::read(sb.at("/app.old/config")).expect("in the held directory"),
        b"new"
    );
    // And a lookup after the swap resolves the link inside the root.
    assert!(fs.write_atomic("/app/config", b"again", 0o644).is_err());
    assert_eq!(sb.snapshot(), before);
}

#[test]
fn a_temporary_file_not_committed_is_removed() {
    let sb = Sandbox::new();
    let fs = sb.fs();
    let tmp = fs.temp_beside("/f").expect("temp");
    let name = tmp.managed_path().to_string();
    assert!(name.starts_with("/.f.kuppet-"), "{name}");
    assert!(sb.at(&name).is_file());
    drop(tmp);
    assert!(!sb.at(&name).exists());
    // A leftover of a process that is gone is cleaned up on the next write.
    std::fs::write(sb.at("/.f.kuppet-999999999-0-0"), "stale").expect("write");
    fs.write_atomic("/f", b"ok", 0o644).expect("writes");
    let names: Vec<String> = std::fs::read_dir(sb.root.path())
        .expect("lists")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, vec!["f"]);
}

#[test]
fn entries_are_made_renamed_copied_and_removed_inside() {
    let sb = Sandbox::new();
    let before = sb.snapshot();
    let fs = sb.fs();
    fs.create_dir_all("/srv/www/html", 0o755).expect("mkdir -p");
    fs.write_atomic("/srv/www/html/index", b"hi", 0o644)
        .expect("writes");
    fs.symlink("index", "/srv/www/html/link").expect("ln");
    fs.symlink(&sb.out(), "/srv/www/out").expect("ln");
    fs.copy_preserving("/srv/www", "/srv/www.bak")
        .expect("copies");
    assert_eq!(
        std::fs::read(sb.at("/srv/www.bak/html/index")).expect("copied"),
        b"hi"
    );
    assert_eq!(
        std::fs::read_link(sb.at("/srv/www.bak/out")).expect("a link stays a link"),
        sb.outside.path()
    );
    fs.rename("/srv/www.bak", "/srv/www.old").expect("renames");
    assert!(sb.at("/srv/www.old/html").is_dir());
    fs.remove_file("/srv/www/html/link").expect("rm");
    assert!(sb.at("/srv/www/html/index").is_file(), "the target stays");
    assert!(fs.create_dir("/srv/www", 0o755).is_err(), "exists");
    assert!(fs.remove_dir("/srv/www").is_err(), "not empty");
    assert_eq!(
        fs.parent("/").map(|_| ()).map_err(|e| e.kind()).err(),
        Some(io::ErrorKind::InvalidInput)
    );
    assert!(fs.remove_file("/srv/..").is_err());
    assert!(
        fs.read("/with\0nul").is_err(),
        "a NUL is an error, not a panic"
    );
    assert_eq!(sb.snapshot(), before);
}

#[test]
fn the_chmod_fallback_for_older_kernels_changes_the_file_the_descriptor_names() {
    let sb = Sandbox::new();
    std::fs::write(sb.at("/f"), "x").expect("write");
    let fs = sb.fs();
    let fd = fs.resolve("/f", OFlags::PATH).expect("resolves");
    chmod_via_proc(fd.as_fd(), 0o604).expect("chmod");
    assert_eq!(
        std::fs::metadata(sb.at("/f")).expect("stat").mode() & 0o777,
        0o604
    );
    chmod_fd(fd.as_fd(), 0o640).expect("chmod");
    assert_eq!(
        std::fs::metadata(sb.at("/f")).expect("stat").mode() & 0o777,
        0o640
    );
}
