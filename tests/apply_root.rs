//! `--root DIR`: every managed path lives under DIR and commands run inside
//! it (chroot), as the agent converges a host mounted at `/host`.

use serde_json::{Value, json};
use std::path::Path;
use std::process::Command;

/// Copies a program and the libraries it links into the root.
fn install(root: &Path, program: &str, as_path: &str) {
    let real = std::fs::canonicalize(program).expect("program exists");
    let dest = root.join(as_path.trim_start_matches('/'));
    std::fs::create_dir_all(dest.parent().expect("parent")).expect("mkdir");
    std::fs::copy(&real, &dest).expect("copy program");
    let ldd = Command::new("ldd").arg(&real).output().expect("ldd runs");
    for line in String::from_utf8_lossy(&ldd.stdout).lines() {
        let lib = line
            .split_whitespace()
            .find(|w| w.starts_with('/'))
            .map(str::to_string);
        if let Some(lib) = lib {
            let d = root.join(lib.trim_start_matches('/'));
            std::fs::create_dir_all(d.parent().expect("parent")).expect("mkdir");
            if !d.exists() {
                std::fs::copy(&lib, &d).expect("copy lib");
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
    let rep =
        serde_json::from_str(&std::fs::read_to_string(&report).expect("report")).expect("json");
    let text =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    (out.status.code().unwrap_or(-1), rep, text)
}

#[test]
fn paths_map_under_the_root_and_commands_run_inside_it() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path();
    install(root, "/bin/sh", "/bin/sh");
    install(root, "/usr/bin/touch", "/bin/touch");
    let marker = format!("/kuppet-root-test-{}", std::process::id());
    let cat = catalog(&[
        ("File", "/etc", json!({"ensure": "directory"})),
        (
            "File",
            "/etc/app.conf",
            json!({"content": "port=80\n", "mode": "0640"}),
        ),
        (
            "File",
            &marker,
            json!({"ensure": "file", "content": "in root"}),
        ),
        (
            "Exec",
            "touch",
            json!({"command": "/bin/touch /made", "creates": "/made"}),
        ),
        (
            "Exec",
            "cwd",
            json!({"command": "/bin/sh -c 'echo $PWD > /cwd'", "cwd": "/etc", "creates": "/cwd"}),
        ),
        (
            "Exec",
            "guarded",
            json!({"command": "/bin/touch /never", "unless": "/bin/sh -c 'test -f /etc/app.conf'"}),
        ),
        (
            "Service",
            "custom",
            json!({
                "ensure": "running",
                "status": "/bin/sh -c 'test -f /running'",
                "start": "/bin/touch /running",
            }),
        ),
    ]);
    let (code, report, out) = apply(root, &cat);
    assert_eq!(code, 2, "{out}");
    assert_eq!(
        std::fs::read_to_string(root.join("etc/app.conf")).expect("in root"),
        "port=80\n"
    );
    assert!(root.join(marker.trim_start_matches('/')).exists());
    assert!(
        !Path::new(&marker).exists(),
        "nothing written outside the root"
    );
    assert!(root.join("made").exists(), "the exec ran inside the root");
    assert_eq!(
        std::fs::read_to_string(root.join("cwd")).expect("cwd"),
        "/etc\n"
    );
    assert!(
        !root.join("never").exists(),
        "the guard ran inside the root"
    );
    assert!(root.join("running").exists(), "custom start command ran");
    assert_eq!(
        report["resource_statuses"]["Service[custom]"]["events"][0]["message"],
        "ensure changed 'stopped' to 'running'"
    );
    // Messages name the managed paths, not the host's.
    assert!(
        out.contains("File[/etc/app.conf]/ensure: defined content as"),
        "{out}"
    );
    assert!(!out.contains(&root.to_string_lossy().into_owned()), "{out}");

    let (code, report, out) = apply(root, &cat);
    assert_eq!(code, 0, "second run changes nothing: {out}");
    assert_eq!(report["status"], "unchanged");
}

#[test]
fn a_missing_root_is_refused() {
    let out = Command::new(env!("CARGO_BIN_EXE_kuppet"))
        .args([
            "apply",
            "--catalog",
            "/nonexistent.json",
            "--root",
            "/nonexistent-root-dir",
        ])
        .output()
        .expect("kuppet runs");
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("is not a directory"));
}
