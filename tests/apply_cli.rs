//! `kuppet apply` on the command line: exit codes, refusals, `--graph`,
//! `--verbose`, and the report file.

use serde_json::{Value, json};
use std::path::Path;
use std::process::{Command, Output};

fn catalog(resources: &[(&str, &str, Value)]) -> Value {
    let mut res = vec![
        json!({"type": "Stage", "title": "main", "tags": ["stage"], "kind": "compilable_type"}),
        json!({"type": "Class", "title": "main", "tags": ["class"], "kind": "unknown"}),
    ];
    let mut edges = vec![json!({"source": "Stage[main]", "target": "Class[main]"})];
    for (ty, title, params) in resources {
        res.push(
            json!({"type": ty, "title": title, "tags": [ty.to_lowercase()],
                        "kind": "compilable_type", "file": "/site.pp", "line": 3,
                        "parameters": params}),
        );
        edges.push(json!({"source": "Class[main]", "target": format!("{ty}[{title}]")}));
    }
    json!({"name": "node1", "version": 7, "resources": res, "edges": edges})
}

fn apply(dir: &Path, catalog: &Value, extra: &[&str]) -> Output {
    let cat = dir.join("catalog.json");
    std::fs::write(&cat, catalog.to_string()).expect("write");
    Command::new(env!("CARGO_BIN_EXE_kuppet"))
        .args(["apply", "--catalog"])
        .arg(&cat)
        .args(extra)
        .current_dir(dir)
        .output()
        .expect("kuppet runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn graphs_are_written_and_cycles_point_to_them() {
    let dir = tempfile::tempdir().expect("tempdir");
    let graphs = dir.path().join("graphs");
    let a = dir.path().join("a").to_string_lossy().into_owned();
    let b = dir.path().join("b").to_string_lossy().into_owned();
    let ok = catalog(&[
        (
            "File",
            &a,
            json!({"ensure": "file", "before": format!("File[{b}]")}),
        ),
        ("File", &b, json!({"ensure": "file"})),
    ]);
    let out = apply(
        dir.path(),
        &ok,
        &["--graph", graphs.to_str().expect("utf8")],
    );
    assert!(out.status.success(), "{}", stderr(&out));
    for name in ["resources", "relationships", "expanded_relationships"] {
        let dot = std::fs::read_to_string(graphs.join(format!("{name}.dot"))).expect("dot file");
        assert!(dot.starts_with("digraph "), "{name}: {dot}");
    }
    let rel = std::fs::read_to_string(graphs.join("relationships.dot")).expect("dot");
    assert!(
        rel.contains(&format!("\"File[{a}]\" -> \"File[{b}]\"")),
        "{rel}"
    );
    let expanded = std::fs::read_to_string(graphs.join("expanded_relationships.dot")).expect("dot");
    assert!(!expanded.contains("\"Class[Main]\" -> \"Class[Main]\""));

    std::fs::remove_file(&a).expect("created");
    std::fs::remove_file(&b).expect("created");
    let cyclic = catalog(&[
        (
            "File",
            &a,
            json!({"ensure": "file", "require": format!("File[{b}]")}),
        ),
        (
            "File",
            &b,
            json!({"ensure": "file", "require": format!("File[{a}]")}),
        ),
    ]);
    let out = apply(
        dir.path(),
        &cyclic,
        &[
            "--graph",
            graphs.to_str().expect("utf8"),
            "--detailed-exitcodes",
        ],
    );
    assert_eq!(out.status.code(), Some(1));
    let cycles = std::fs::read_to_string(graphs.join("cycles.dot")).expect("cycles.dot");
    assert!(
        cycles.contains(&format!("\"File[{a}]\" -> \"File[{b}]\" -> \"File[{a}]\"")),
        "{cycles}"
    );
    let err = stderr(&out);
    assert!(
        err.contains(&format!(
            "Cycle graph written to {}.",
            graphs.join("cycles.dot").display()
        )),
        "{err}"
    );
    assert!(err.contains(
        "Error: Failed to apply catalog: One or more resource dependency cycles detected in graph"
    ));
    assert!(
        !Path::new(&a).exists() && !Path::new(&b).exists(),
        "a cycle changes nothing"
    );
}

#[test]
fn invalid_resources_refuse_the_catalog_before_any_change() {
    let dir = tempfile::tempdir().expect("tempdir");
    let good = dir.path().join("good").to_string_lossy().into_owned();
    let bad = dir.path().join("bad").to_string_lossy().into_owned();
    let report = dir.path().join("report.json");
    let cat = catalog(&[
        ("File", &good, json!({"ensure": "file"})),
        ("File", &bad, json!({"ensure": "file", "mode": "abc"})),
    ]);
    let out = apply(
        dir.path(),
        &cat,
        &["--report-file", report.to_str().expect("utf8")],
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains(&format!(
            "Error: Failed to apply catalog: Parameter mode failed on File[{bad}]: The file mode specification is invalid: \"abc\" (file: /site.pp, line: 3)"
        )),
        "{}",
        stderr(&out)
    );
    assert!(!Path::new(&good).exists());
    assert!(!report.exists());

    let unqualified = catalog(&[("Exec", "x", json!({"command": "echo hi"}))]);
    let out = apply(dir.path(), &unqualified, &[]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains(
        "Validation of Exec[x] failed: 'echo' is not qualified and no path was specified. Please qualify the command or specify a path."
    ));

    let missing = catalog(&[(
        "Exec",
        "x",
        json!({"command": "/bin/true", "require": "File[/nowhere]"}),
    )]);
    let out = apply(dir.path(), &missing, &[]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("Could not retrieve dependency 'File[/nowhere]' of Exec[x]"));
}

#[test]
fn exit_codes_follow_detailed_exitcodes() {
    let dir = tempfile::tempdir().expect("tempdir");
    let f = dir.path().join("f").to_string_lossy().into_owned();
    let cat = catalog(&[
        ("File", &f, json!({"ensure": "file", "content": "x"})),
        ("Exec", "fails", json!({"command": "/bin/false"})),
    ]);
    // Without --detailed-exitcodes a run that ran exits 0, failures or not.
    assert_eq!(apply(dir.path(), &cat, &[]).status.code(), Some(0));
    let _ = std::fs::remove_file(&f);
    assert_eq!(
        apply(dir.path(), &cat, &["--detailed-exitcodes"])
            .status
            .code(),
        Some(6)
    );
    assert_eq!(
        apply(dir.path(), &cat, &["--detailed-exitcodes"])
            .status
            .code(),
        Some(4)
    );
    let ok = catalog(&[("File", &f, json!({"ensure": "file", "content": "x"}))]);
    assert_eq!(
        apply(dir.path(), &ok, &["--detailed-exitcodes"])
            .status
            .code(),
        Some(0)
    );
    assert_eq!(
        apply(dir.path(), &ok, &["--detailed-exitcodes", "--noop"])
            .status
            .code(),
        Some(0)
    );
}

#[test]
fn the_report_file_holds_puppets_report_shape() {
    let dir = tempfile::tempdir().expect("tempdir");
    let f = dir.path().join("f").to_string_lossy().into_owned();
    let report = dir.path().join("report.json");
    let cat = catalog(&[
        (
            "File",
            &f,
            json!({"ensure": "file", "content": "x", "notify": "Exec[after]"}),
        ),
        (
            "Exec",
            "after",
            json!({"command": "/bin/true", "refreshonly": true}),
        ),
    ]);
    let out = apply(
        dir.path(),
        &cat,
        &["--report-file", report.to_str().expect("utf8"), "--verbose"],
    );
    assert!(out.status.success());
    let text = stdout(&out);
    assert!(
        text.contains(&format!(
            "Info: /Stage[main]/Main/File[{f}]: Scheduling refresh of Exec[after]"
        )),
        "{text}"
    );
    let r: Value =
        serde_json::from_str(&std::fs::read_to_string(&report).expect("report")).expect("json");
    assert_eq!(r["report_format"], 12);
    assert_eq!(r["host"], "node1");
    assert_eq!(r["configuration_version"], 7);
    assert_eq!(r["status"], "changed");
    assert_eq!(r["transaction_completed"], true);
    assert_eq!(r["noop"], false);
    assert_eq!(r["noop_pending"], false);
    assert_eq!(r["transaction_uuid"].as_str().map(str::len), Some(36));
    let file = &r["resource_statuses"][format!("File[{f}]")];
    assert_eq!(
        file["containment_path"],
        json!(["Stage[main]", "Main", format!("File[{f}]")])
    );
    assert_eq!(file["provider_used"], "posix");
    assert_eq!(file["file"], "/site.pp");
    assert_eq!(file["line"], 3);
    assert_eq!(file["change_count"], 1);
    let event = &file["events"][0];
    assert_eq!(event["property"], "ensure");
    assert_eq!(event["previous_value"], "absent");
    assert_eq!(event["desired_value"], "file");
    assert_eq!(event["name"], "file_created");
    assert_eq!(event["status"], "success");
    let exec = &r["resource_statuses"]["Exec[after]"];
    assert_eq!(exec["events"][0]["name"], "refresh");
    assert_eq!(
        exec["events"][0]["message"],
        "Triggered 'refresh' from 1 event"
    );
    let resources = &r["metrics"]["resources"]["values"];
    assert!(
        resources
            .as_array()
            .expect("values")
            .contains(&json!(["changed", "Changed", 2]))
    );
    assert!(r["metrics"]["changes"]["values"][0] == json!(["total", "Total", 2]));
    let logs = r["logs"].as_array().expect("logs");
    assert!(logs.iter().any(|l| l["message"] == "defined content as '{sha256}2d711642b726b04401627ca9fbac32f5c8530fb1903cc4db02258717921a4881'"));
}

#[test]
fn a_manifest_that_cannot_be_read_is_an_error() {
    let out = Command::new(env!("CARGO_BIN_EXE_kuppet"))
        .args([
            "apply",
            "/nonexistent/site.pp",
            "--facts",
            "/nonexistent/facts.yaml",
        ])
        .output()
        .expect("kuppet runs");
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).starts_with("Error: "));
}

#[test]
fn unsupported_features_fail_only_their_resource() {
    let dir = tempfile::tempdir().expect("tempdir");
    let tree = dir.path().join("tree").to_string_lossy().into_owned();
    let remote = dir.path().join("remote").to_string_lossy().into_owned();
    let plain = dir.path().join("plain").to_string_lossy().into_owned();
    let report = dir.path().join("report.json");
    let cat = catalog(&[
        (
            "File",
            &tree,
            json!({"ensure": "file", "source": "/src", "checksum": "mtime"}),
        ),
        (
            "File",
            &remote,
            json!({"ensure": "file", "source": "puppet:///modules/app/conf"}),
        ),
        ("File", &plain, json!({"ensure": "file", "content": "ok"})),
        (
            "Selboolean",
            "httpd_can_network_connect",
            json!({"value": "on"}),
        ),
    ]);
    let out = apply(
        dir.path(),
        &cat,
        &[
            "--detailed-exitcodes",
            "--report-file",
            report.to_str().expect("utf8"),
        ],
    );
    assert_eq!(out.status.code(), Some(6), "{}", stderr(&out));
    let r: Value =
        serde_json::from_str(&std::fs::read_to_string(&report).expect("report")).expect("json");
    let reason = |key: &str| r["resource_statuses"][key]["events"][0]["message"].clone();
    assert!(
        reason(&format!("File[{tree}]"))
            .as_str()
            .is_some_and(|m| m.contains("mtime"))
    );
    assert!(
        reason(&format!("File[{remote}]"))
            .as_str()
            .is_some_and(|m| m.contains("puppet:///modules/app/conf"))
    );
    assert!(
        reason("Selboolean[httpd_can_network_connect]")
            .as_str()
            .is_some_and(|m| m.contains("no provider for resource type Selboolean"))
    );
    assert_eq!(
        r["resource_statuses"][format!("File[{plain}]")]["changed"],
        true
    );
    assert_eq!(
        r["resource_statuses"][format!("File[{tree}]")]["failed"],
        true
    );
}

#[test]
fn apply_adds_puppets_run_facts_to_given_facts() {
    // puppet apply --noop --certname web1 -e 'notice(...)' prints
    // "web1 7.23.0 true 7.23.0" (Puppet 7.23; clientnoop is a Boolean).
    let dir = tempfile::tempdir().expect("tempdir");
    let site = dir.path().join("site.pp");
    std::fs::write(
        &site,
        "notice(\"${clientcert} ${clientversion} ${clientnoop} ${puppetversion} ${type($clientnoop)}\")\n",
    )
    .expect("write");
    let facts = dir.path().join("facts.json");
    std::fs::write(
        &facts,
        r#"{"fqdn": "given.example.com", "clientversion": "1"}"#,
    )
    .expect("write");
    let run = |extra: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_kuppet"))
            .arg("apply")
            .arg(&site)
            .arg("--facts")
            .arg(&facts)
            .arg("--root")
            .arg(dir.path())
            .args(extra)
            .output()
            .expect("kuppet runs")
    };
    let out = run(&["--noop"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        stdout(&out)
            .contains("Notice: Scope(Class[main]): given.example.com 7.23.0 true 7.23.0 Boolean"),
        "{}",
        stdout(&out)
    );
    let out = run(&["--node", "web1"]);
    assert!(
        stdout(&out).contains("Scope(Class[main]): web1 7.23.0 false 7.23.0 Boolean"),
        "{}",
        stdout(&out)
    );
}
