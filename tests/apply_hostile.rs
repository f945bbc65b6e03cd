//! Hostile catalogs through `kuppet apply --catalog`: each class of bad
//! input is refused before anything is touched (exit 1, the problem named,
//! never a panic), the way the agent refuses a NodeCatalog.

use serde_json::{Value, json};
use std::path::Path;
use std::process::Command;

/// A catalog of `extra` resources plus a good file that must not be written
/// when the catalog is refused.
fn catalog(sandbox: &Path, extra: Vec<Value>) -> Value {
    let good = sandbox.join("good").to_string_lossy().into_owned();
    let mut resources = vec![
        json!({"type": "Stage", "title": "main"}),
        json!({"type": "Class", "title": "main"}),
        json!({"type": "File", "title": good, "parameters": {"content": "applied\n"}}),
    ];
    resources.extend(extra);
    json!({"name": "n", "version": 1, "resources": resources,
           "edges": [{"source": "Stage[main]", "target": "Class[main]"}]})
}

fn apply_text(text: &str) -> (i32, String) {
    let work = tempfile::tempdir().expect("tempdir");
    let cat = work.path().join("catalog.json");
    std::fs::write(&cat, text).expect("write");
    let out = Command::new(env!("CARGO_BIN_EXE_kuppet"))
        .args(["apply", "--detailed-exitcodes", "--catalog"])
        .arg(&cat)
        .output()
        .expect("kuppet runs");
    let text =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    (out.status.code().unwrap_or(-1), text)
}

/// Applies `extra` and checks the catalog is refused with `expected` in
/// the message and nothing applied.
fn refused(extra: Vec<Value>, expected: &str) {
    let sandbox = tempfile::tempdir().expect("tempdir");
    let (code, out) = apply_text(&catalog(sandbox.path(), extra).to_string());
    assert_eq!(code, 1, "refused with exit 1: {out}");
    assert!(out.contains(expected), "expected {expected:?} in: {out}");
    assert!(!out.contains("panicked"), "{out}");
    assert!(
        !sandbox.path().join("good").exists(),
        "nothing applied: {out}"
    );
}

fn nested(depth: usize) -> Value {
    let mut v = json!("leaf");
    for _ in 0..depth {
        v = json!({"k": v});
    }
    v
}

#[test]
fn paths_with_nul_relative_or_too_long_are_refused() {
    refused(
        vec![json!({"type": "File", "title": "/etc/x\u{0}y", "parameters": {"content": "x"}})],
        "its title holds a NUL byte",
    );
    refused(
        vec![json!({"type": "File", "title": "etc/passwd", "parameters": {"content": "x"}})],
        "File paths must be fully qualified, not 'etc/passwd'",
    );
    let long = format!("/{}", "d/".repeat(2500));
    refused(
        vec![json!({"type": "File", "title": long, "parameters": {"content": "x"}})],
        "more than the 4095 a path may have",
    );
    refused(
        vec![
            json!({"type": "File", "title": format!("/etc/{}", "n".repeat(300)), "parameters": {"ensure": "file"}}),
        ],
        "more than the 255 a file name may have",
    );
    refused(
        vec![
            json!({"type": "Exec", "title": "x", "parameters": {"command": "/bin/true\u{0}; rm -rf /"}}),
        ],
        "Exec[x]: its parameter command holds a NUL byte",
    );
}

#[test]
fn sizes_and_depth_are_bounded() {
    refused(
        vec![json!({"type": "Notify", "title": "deep", "parameters": {"message": nested(40)}})],
        "Notify[deep]: its parameter message nests arrays and hashes more than 32 levels deep",
    );
    let many: serde_json::Map<String, Value> =
        (0..1001).map(|i| (format!("p{i}"), json!(i))).collect();
    refused(
        vec![json!({"type": "Notify", "title": "wide", "parameters": many})],
        "Notify[wide]: it has 1001 parameters, more than 1000",
    );
    refused(
        vec![json!({"type": "Notify", "title": "t".repeat(70_000)})],
        "bytes long, more than 65536",
    );
    let resources: Vec<Value> = (0..100_001)
        .map(|i| json!({"type": "Notify", "title": format!("n{i}")}))
        .collect();
    refused(
        resources,
        "resources, more than the 100000 an agent accepts",
    );
}

#[test]
fn names_duplicates_and_edges_are_checked() {
    refused(
        vec![json!({"type": "file; rm -rf /", "title": "x"})],
        "is not a resource type name",
    );
    refused(
        vec![json!({"type": "Notify", "title": "x", "parameters": {"bad name": 1}})],
        "is not a parameter name",
    );
    refused(
        vec![
            json!({"type": "Notify", "title": "x"}),
            json!({"type": "Notify", "title": "x"}),
        ],
        "Notify[x]: it is declared twice",
    );
    refused(
        vec![json!({"type": "Notify", "title": "x", "parameters": {"require": "File[/nowhere]"}})],
        "Could not retrieve dependency 'File[/nowhere]' of Notify[x]",
    );
    let sandbox = tempfile::tempdir().expect("tempdir");
    let mut cat = catalog(sandbox.path(), vec![]);
    cat["edges"]
        .as_array_mut()
        .expect("edges")
        .push(json!({"source": "Class[main]", "target": "File[/ghost]"}));
    let (code, out) = apply_text(&cat.to_string());
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("a containment edge names File[/ghost], which the catalog does not hold"),
        "{out}"
    );
    assert!(!sandbox.path().join("good").exists());
}

#[test]
fn text_that_is_not_a_catalog_is_refused_without_a_panic() {
    for text in [
        "{ truncated".to_string(),
        format!("{}{}", "[".repeat(100_000), "]".repeat(100_000)),
        r#"{"name": "n", "resources": [{"type": 1, "title": "x"}]}"#.to_string(),
    ] {
        let (code, out) = apply_text(&text);
        assert_eq!(code, 1, "{out}");
        assert!(out.contains("is not catalog JSON"), "{out}");
        assert!(!out.contains("panicked"), "{out}");
    }
}

#[test]
fn a_type_without_a_provider_fails_alone_at_run_time() {
    // Decided and documented: the controller's compile refuses types that
    // exist nowhere, so an unknown type here is one kuppet does not manage
    // (a module's Ruby type): its resource fails, the rest is applied.
    let sandbox = tempfile::tempdir().expect("tempdir");
    let cat = catalog(
        sandbox.path(),
        vec![json!({"type": "Frobnicate", "title": "x", "kind": "compilable_type"})],
    );
    let (code, out) = apply_text(&cat.to_string());
    assert_eq!(code, 6, "changes and a failure: {out}");
    assert!(
        out.contains("kuppet has no provider for resource type Frobnicate"),
        "{out}"
    );
    assert!(sandbox.path().join("good").exists());
}
