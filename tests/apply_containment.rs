//! Root containment through the binary: `kuppet apply --root R` resolves
//! every path inside R as the host would — absolute and relative links,
//! `..`, links swapped in during the run — for files, directories, links,
//! recurse/purge, tidy, sources, backups, the account files and commands,
//! and a sentinel tree outside R never changes.

use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::os::unix::fs::{MetadataExt, symlink};
use std::path::{Path, PathBuf};
use std::process::Command;

/// Copies a program and the libraries it links into the root.
fn install(root: &Path, program: &str, as_path: &str) {
    let real = std::fs::canonicalize(program).expect("program exists");
    let dest = root.join(as_path.trim_start_matches('/'));
    std::fs::create_dir_all(dest.parent().expect("parent")).expect("mkdir");
    std::fs::copy(&real, &dest).expect("copy program");
    let ldd = Command::new("ldd").arg(&real).output().expect("ldd runs");
    for line in String::from_utf8_lossy(&ldd.stdout).lines() {
        if let Some(lib) = line.split_whitespace().find(|w| w.starts_with('/')) {
            let d = root.join(lib.trim_start_matches('/'));
            std::fs::create_dir_all(d.parent().expect("parent")).expect("mkdir");
            if !d.exists() {
                std::fs::copy(lib, &d).expect("copy lib");
            }
        }
    }
}

fn catalog(resources: &[(&str, &str, Value)]) -> Value {
    let mut res = vec![
        json!({"type": "Stage", "title": "main", "tags": ["stage"], "kind": "compilable_type"}),
        json!({"type": "Class", "title": "main", "tags": ["class"], "kind": "unknown"}),
    ];
    let mut edges = vec![json!({"source": "Stage[main]", "target": "Class[main]"})];
    for (ty, title, params) in resources {
        res.push(
            json!({"type": ty, "title": title, "tags": [ty.to_lowercase()],
                        "kind": "compilable_type", "parameters": params}),
        );
        edges.push(json!({"source": "Class[main]", "target": format!("{ty}[{title}]")}));
    }
    json!({"name": "node1", "version": 1, "resources": res, "edges": edges})
}

/// Applies a catalog under `root`: exit code, report, output.
fn apply(root: &Path, catalog: &Value) -> (i32, Value, String) {
    let work = tempfile::tempdir().expect("tempdir");
    let cat = work.path().join("catalog.json");
    std::fs::write(&cat, catalog.to_string()).expect("write");
    let report = work.path().join("report.json");
    let out = Command::new(env!("CARGO_BIN_EXE_kuppet"))
        .args(["apply", "--detailed-exitcodes", "--catalog"])
        .arg(&cat)
        .arg("--root")
        .arg(root)
        .arg("--report-file")
        .arg(&report)
        .output()
        .expect("kuppet runs");
    let rep = std::fs::read_to_string(&report)
        .ok()
        .and_then(|t| serde_json::from_str(&t).ok())
        .unwrap_or(Value::Null);
    let text =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    (out.status.code().unwrap_or(-1), rep, text)
}

/// A root and, outside it, a sentinel tree links point at.
struct Sandbox {
    root: tempfile::TempDir,
    outside: tempfile::TempDir,
}

impl Sandbox {
    fn new() -> Sandbox {
        let outside = tempfile::tempdir().expect("tempdir");
        std::fs::write(outside.path().join("secret"), "keep\n").expect("write");
        std::fs::create_dir(outside.path().join("dir")).expect("mkdir");
        std::fs::write(outside.path().join("dir/file"), "x").expect("write");
        Sandbox {
            root: tempfile::tempdir().expect("tempdir"),
            outside,
        }
    }

    fn root(&self) -> &Path {
        self.root.path()
    }

    /// The sentinel's absolute path, as link targets name it.
    fn out(&self) -> String {
        self.outside.path().to_string_lossy().into_owned()
    }

    /// Where the sentinel's path lands inside the root.
    fn mirrored(&self) -> PathBuf {
        self.at(&self.out())
    }

    fn at(&self, managed: &str) -> PathBuf {
        self.root().join(managed.trim_start_matches('/'))
    }

    fn mkdir(&self, managed: &str) {
        std::fs::create_dir_all(self.at(managed)).expect("mkdir");
    }

    fn write(&self, managed: &str, content: &str) {
        let p = self.at(managed);
        std::fs::create_dir_all(p.parent().expect("parent")).expect("mkdir");
        std::fs::write(p, content).expect("write");
    }

    fn link(&self, target: &str, managed: &str) {
        let p = self.at(managed);
        std::fs::create_dir_all(p.parent().expect("parent")).expect("mkdir");
        symlink(target, p).expect("ln");
    }

    /// Every entry of the sentinel: type, mode, owner, content, link target.
    fn snapshot(&self) -> BTreeMap<String, String> {
        fn walk(dir: &Path, base: &Path, out: &mut BTreeMap<String, String>) {
            for e in std::fs::read_dir(dir).expect("lists").flatten() {
                let p = e.path();
                let m = std::fs::symlink_metadata(&p).expect("lstat");
                let rel = p.strip_prefix(base).expect("under").display().to_string();
                let what = if m.file_type().is_symlink() {
                    format!("-> {}", std::fs::read_link(&p).expect("link").display())
                } else if m.is_file() {
                    std::fs::read_to_string(&p).unwrap_or_default()
                } else {
                    String::new()
                };
                out.insert(
                    rel,
                    format!("{:o} {}:{} {what}", m.mode(), m.uid(), m.gid()),
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
fn an_absolute_link_out_of_the_root_means_the_same_path_inside_it() {
    // The case: R/etc/link -> /tmp/escape and file { '/etc/link/foo': }.
    let sb = Sandbox::new();
    let before = sb.snapshot();
    sb.link(&sb.out(), "/etc/link");
    let cat = catalog(&[("File", "/etc/link/foo", json!({"content": "foo\n"}))]);
    // The host has no such directory: the file fails, as on the host.
    let (code, report, out) = apply(sb.root(), &cat);
    assert_eq!(code, 4, "{out}");
    assert_eq!(
        report["resource_statuses"]["File[/etc/link/foo]"]["failed"],
        true
    );
    assert!(!sb.outside.path().join("foo").exists(), "{out}");
    // Once it exists inside the root, the file lands there.
    std::fs::create_dir_all(sb.mirrored()).expect("mkdir");
    let (code, _, out) = apply(sb.root(), &cat);
    assert_eq!(code, 2, "{out}");
    assert_eq!(
        std::fs::read_to_string(sb.mirrored().join("foo")).expect("inside the root"),
        "foo\n"
    );
    let (code, _, out) = apply(sb.root(), &cat);
    assert_eq!(code, 0, "in sync, read through the same link: {out}");
    assert_eq!(sb.snapshot(), before, "nothing outside the root changed");
}

#[test]
fn relative_links_and_dotdot_stop_at_the_root() {
    let sb = Sandbox::new();
    let before = sb.snapshot();
    sb.mkdir("/etc");
    sb.link("../../../../../../..", "/etc/up");
    let escape = format!("/../../../..{}/new", sb.out());
    let cat = catalog(&[
        (
            "File",
            "/etc/up/etc/hosts.kuppet",
            json!({"content": "127.0.0.1 x\n"}),
        ),
        (
            "File",
            "/etc/up/etc",
            json!({"ensure": "directory", "mode": "0750"}),
        ),
        ("File", &escape, json!({"content": "n"})),
    ]);
    sb.mkdir(&sb.out());
    let (code, _, out) = apply(sb.root(), &cat);
    assert_eq!(code, 2, "{out}");
    assert_eq!(
        std::fs::read_to_string(sb.at("/etc/hosts.kuppet")).expect("at the root's /etc"),
        "127.0.0.1 x\n"
    );
    assert_eq!(
        std::fs::metadata(sb.at("/etc")).expect("stat").mode() & 0o777,
        0o750
    );
    assert_eq!(
        std::fs::read_to_string(sb.mirrored().join("new")).expect("inside"),
        "n"
    );
    assert_eq!(sb.snapshot(), before);
}

#[test]
fn links_into_the_host_tree_are_followed_to_the_right_place() {
    let sb = Sandbox::new();
    let before = sb.snapshot();
    sb.write("/usr/share/zoneinfo/UTC", "TZif");
    sb.write("/opt/files/app.conf", "from the source\n");
    sb.link("/opt/files", "/srv/src");
    sb.link("../run", "/var/run");
    sb.mkdir("/run");
    sb.write(
        "/usr/share/base/passwd",
        "root:x:0:0::/root:/bin/sh\nkupp:x:4321:4322::/:/bin/sh\n",
    );
    sb.write("/usr/share/base/group", "root:x:0:\nkupp:x:4322:\n");
    sb.link("/usr/share/base/passwd", "/etc/passwd");
    sb.link("/usr/share/base/group", "/etc/group");
    sb.link("/usr/share/zoneinfo/UTC", "/etc/localtime-old");
    let cat = catalog(&[
        (
            "File",
            "/etc/app.conf",
            json!({"source": "/srv/src/app.conf", "owner": "kupp", "group": "kupp"}),
        ),
        ("File", "/var/run/app.pid", json!({"content": "42\n"})),
        (
            "File",
            "/etc/localtime",
            json!({"ensure": "link", "target": "/usr/share/zoneinfo/UTC"}),
        ),
        (
            "File",
            "/etc/localtime-old",
            json!({"links": "follow", "mode": "0600"}),
        ),
    ]);
    let (code, _, out) = apply(sb.root(), &cat);
    assert_eq!(code, 2, "{out}");
    let conf = sb.at("/etc/app.conf");
    assert_eq!(
        std::fs::read_to_string(&conf).expect("written"),
        "from the source\n"
    );
    let meta = std::fs::metadata(&conf).expect("stat");
    assert_eq!(
        (meta.uid(), meta.gid()),
        (4321, 4322),
        "owner from the root's passwd"
    );
    assert_eq!(
        std::fs::read(sb.at("/run/app.pid")).expect("through ../run"),
        b"42\n"
    );
    assert_eq!(
        std::fs::read_link(sb.at("/etc/localtime")).expect("a link"),
        Path::new("/usr/share/zoneinfo/UTC"),
        "a link's target is written as given"
    );
    assert_eq!(
        std::fs::metadata(sb.at("/usr/share/zoneinfo/UTC"))
            .expect("stat")
            .mode()
            & 0o777,
        0o600,
        "links => follow changes the target inside the root"
    );
    let (code, _, out) = apply(sb.root(), &cat);
    assert_eq!(code, 0, "{out}");
    assert_eq!(sb.snapshot(), before);
}

#[test]
fn a_source_behind_a_link_out_of_the_root_is_not_read() {
    let sb = Sandbox::new();
    let before = sb.snapshot();
    sb.link(&sb.out(), "/srv/out");
    let cat = catalog(&[("File", "/etc/stolen", json!({"source": "/srv/out/secret"}))]);
    let (code, _, out) = apply(sb.root(), &cat);
    assert_eq!(code, 4, "{out}");
    assert!(out.contains("Could not retrieve information from environment production source(s) file:///srv/out/secret"), "{out}");
    assert!(!sb.at("/etc/stolen").exists());
    assert_eq!(sb.snapshot(), before);
}

#[test]
fn recurse_purge_and_tidy_remove_links_never_their_targets() {
    let sb = Sandbox::new();
    let before = sb.snapshot();
    sb.mkdir("/srv/empty");
    sb.write("/srv/data/keep/file", "k");
    sb.link(&sb.out(), "/srv/data/abs");
    sb.link(
        &format!("../../../../../..{}/dir", sb.out()),
        "/srv/data/keep/rel",
    );
    sb.link(&format!("{}/secret", sb.out()), "/srv/data/secret");
    sb.write("/var/tmp/old.log", "old");
    sb.link(&format!("{}/secret", sb.out()), "/var/tmp/secret.log");
    sb.link(&format!("{}/dir", sb.out()), "/var/tmp/dirlink");
    sb.write("/srv/modes/a", "a");
    sb.link(&format!("{}/secret", sb.out()), "/srv/modes/out");
    let cat = catalog(&[
        (
            "File",
            "/srv/data",
            json!({"ensure": "directory", "recurse": true, "purge": true, "force": true, "source": "/srv/empty"}),
        ),
        (
            "Tidy",
            "/var/tmp",
            json!({"recurse": true, "rmdirs": true, "matches": ["*"]}),
        ),
        (
            "File",
            "/srv/modes",
            json!({"ensure": "directory", "recurse": true, "mode": "0600", "links": "follow"}),
        ),
    ]);
    let (code, _, out) = apply(sb.root(), &cat);
    assert_eq!(code, 2, "{out}");
    assert_eq!(
        std::fs::read_dir(sb.at("/srv/data"))
            .expect("lists")
            .count(),
        0,
        "purged: {out}"
    );
    // `matches => '*'` with `rmdirs` selects /var/tmp itself too (as Puppet).
    assert!(!sb.at("/var/tmp").exists(), "tidied: {out}");
    assert_eq!(
        std::fs::metadata(sb.at("/srv/modes/a"))
            .expect("stat")
            .mode()
            & 0o777,
        0o600
    );
    assert_eq!(sb.snapshot(), before);
}

#[test]
fn backups_through_planted_links_stay_inside() {
    let sb = Sandbox::new();
    let before = sb.snapshot();
    sb.write("/etc/app.conf", "old\n");
    // An old "backup" that is a link out of the root: replaced, not followed.
    sb.link(&format!("{}/secret", sb.out()), "/etc/app.conf.bak");
    // The file bucket's directory is a link out of the root too.
    sb.write("/etc/other.conf", "other old\n");
    sb.link(&sb.out(), "/var/lib/kuppet");
    let cat = catalog(&[
        (
            "File",
            "/etc/app.conf",
            json!({"content": "new\n", "backup": ".bak"}),
        ),
        ("Filebucket", "main", json!({"path": false})),
        (
            "File",
            "/etc/other.conf",
            json!({"content": "other new\n", "backup": "main"}),
        ),
    ]);
    sb.mkdir(&sb.out());
    let (code, _, out) = apply(sb.root(), &cat);
    assert_eq!(code, 2, "{out}");
    assert_eq!(
        std::fs::read_to_string(sb.at("/etc/app.conf.bak")).expect("backup"),
        "old\n"
    );
    assert_eq!(
        std::fs::read_to_string(sb.at("/etc/app.conf")).expect("new"),
        "new\n"
    );
    let bucket = sb.mirrored().join("clientbucket");
    assert!(
        bucket.is_dir(),
        "the bucket follows /var/lib/kuppet inside the root: {out}"
    );
    assert_eq!(sb.snapshot(), before);
}

#[test]
fn a_directory_swapped_for_a_link_during_the_run_is_resolved_inside() {
    let sb = Sandbox::new();
    let before = sb.snapshot();
    install(sb.root(), "/bin/sh", "/bin/sh");
    install(sb.root(), "/bin/mv", "/bin/mv");
    install(sb.root(), "/bin/ln", "/bin/ln");
    sb.mkdir(&sb.out());
    let out_dir = sb.out();
    let swap =
        |dir: &str| format!("/bin/sh -c '/bin/mv {dir} {dir}.old && /bin/ln -s {out_dir} {dir}'");
    let cat = catalog(&[
        // Between two resources: an exec swaps /app for a link out of the root.
        ("File", "/app", json!({"ensure": "directory"})),
        (
            "Exec",
            "swap",
            json!({"command": swap("/app"), "require": "File[/app]"}),
        ),
        (
            "File",
            "/app/config",
            json!({"content": "v1\n", "require": "Exec[swap]"}),
        ),
        // Inside one resource, between its temporary file and the rename:
        // its validate_cmd swaps the directory.
        ("File", "/app2", json!({"ensure": "directory"})),
        (
            "File",
            "/app2/config",
            json!({
                "content": "v2\n",
                "validate_cmd": format!("{} %", swap("/app2")),
            }),
        ),
    ]);
    let (code, report, out) = apply(sb.root(), &cat);
    assert_eq!(code, 2, "{out}");
    assert_eq!(
        report["resource_statuses"]["Exec[swap]"]["changed"], true,
        "{out}"
    );
    assert!(
        std::fs::symlink_metadata(sb.at("/app"))
            .expect("lstat")
            .file_type()
            .is_symlink()
    );
    // After the swap the path resolves inside the root, as the host would.
    assert_eq!(
        std::fs::read_to_string(sb.mirrored().join("config")).expect("inside"),
        "v1\n"
    );
    // Mid-write, the rename stays in the directory the write started in.
    assert_eq!(
        std::fs::read_to_string(sb.at("/app2.old/config")).expect("held directory"),
        "v2\n"
    );
    assert!(!sb.mirrored().join(".config").exists());
    assert_eq!(sb.snapshot(), before);
}

#[test]
fn commands_see_the_files_the_file_resources_saw() {
    let sb = Sandbox::new();
    let before = sb.snapshot();
    install(sb.root(), "/bin/sh", "/bin/sh");
    install(sb.root(), "/bin/cat", "/bin/cat");
    sb.link(&sb.out(), "/etc/conf.d");
    sb.mkdir(&sb.out());
    let cat = catalog(&[
        ("File", "/etc/conf.d/x", json!({"content": "seen\n"})),
        (
            "Exec",
            "read",
            json!({
                "command": "/bin/sh -c '/bin/cat /etc/conf.d/x > /read'",
                "creates": "/read",
                "require": "File[/etc/conf.d/x]",
            }),
        ),
        (
            "Exec",
            "guarded",
            json!({"command": "/bin/sh -c 'echo no > /never'", "creates": "/etc/conf.d/x"}),
        ),
    ]);
    let (code, _, out) = apply(sb.root(), &cat);
    assert_eq!(code, 2, "{out}");
    assert_eq!(
        std::fs::read_to_string(sb.at("/read")).expect("ran"),
        "seen\n"
    );
    assert!(
        !sb.at("/never").exists(),
        "creates is checked inside the root: {out}"
    );
    assert_eq!(sb.snapshot(), before);
}
