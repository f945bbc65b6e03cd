//! `kuppet diff`: two versions of a codebase compiled for every node of a
//! facts directory and compared, through the binary as a CI job runs it.

use serde_json::Value;
use std::path::Path;
use std::process::{Command, Output};

fn write(path: &Path, text: &str) {
    std::fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
    std::fs::write(path, text).expect("write");
}

fn kuppet_diff(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_kuppet"))
        .arg("diff")
        .args(args)
        .output()
        .expect("kuppet runs")
}

/// A fleet of two nodes and two environments; the new one changes a file's
/// content and mode, a module file's content, adds a package for one role
/// and drops a service.
fn fleet(dir: &Path) {
    write(
        &dir.join("old/manifests/site.pp"),
        "node default {\n  include app\n  file { '/etc/motd': content => \"hi\\n${facts['hostname']}\\n\", mode => '0644' }\n  service { 'cron': ensure => running }\n}\n",
    );
    write(
        &dir.join("old/modules/app/manifests/init.pp"),
        "class app { file { '/etc/app.conf': source => 'puppet:///modules/app/app.conf' } }\n",
    );
    write(&dir.join("old/modules/app/files/app.conf"), "port = 1\n");
    write(
        &dir.join("new/manifests/site.pp"),
        "node default {\n  include app\n  file { '/etc/motd': content => \"hi\\n${facts['hostname']}!\\n\", mode => '0600' }\n  if $facts['role'] == 'db' { package { 'postgresql': } }\n}\n",
    );
    write(
        &dir.join("new/modules/app/manifests/init.pp"),
        "class app { file { '/etc/app.conf': source => 'puppet:///modules/app/app.conf' } }\n",
    );
    write(&dir.join("new/modules/app/files/app.conf"), "port = 2\n");
    write(&dir.join("facts/web1.yaml"), "hostname: web1\nrole: web\n");
    write(
        &dir.join("facts/db1.json"),
        "{\"hostname\": \"db1\", \"role\": \"db\"}",
    );
}

#[test]
fn changes_are_reported_per_node_with_a_fleet_summary() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let d = tmp.path();
    fleet(d);
    let p = |x: &str| d.join(x).display().to_string();
    let out = kuppet_diff(&[&p("old"), &p("new"), "--facts", &p("facts")]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(2),
        "{text}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        text.contains("*** db1: changed (1 added, 1 removed, 2 changed)"),
        "{text}"
    );
    assert!(
        text.contains("*** web1: changed (0 added, 1 removed, 2 changed)"),
        "{text}"
    );
    assert!(text.contains("  + Package[postgresql]"), "{text}");
    assert!(text.contains("  - Service[cron]"), "{text}");
    assert!(text.contains("      mode: \"0644\" => \"0600\""), "{text}");
    assert!(text.contains("        -web1\n        +web1!"), "{text}");
    assert!(text.contains("      source content:"), "{text}");
    assert!(
        text.contains("        -port = 1\n        +port = 2"),
        "{text}"
    );
    assert!(
        text.contains("Summary: 2 nodes, 2 changed, 0 unchanged, 0 failing to compile"),
        "{text}"
    );
    assert!(text.contains("  Service[cron]: 2 nodes"), "{text}");

    let out = kuppet_diff(&[
        &p("old"),
        &p("new"),
        "--facts",
        &p("facts"),
        "--format",
        "json",
    ]);
    let doc: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(doc["schema"], "kuppet.dev/diff/v1");
    assert_eq!(doc["summary"]["changed"], 2);
    let db1 = &doc["nodes"][0];
    assert_eq!(db1["node"], "db1");
    assert_eq!(db1["added"][0]["resource"], "Package[postgresql]");
    assert_eq!(db1["added"][0]["line"], 4);
    let motd = db1["changed"]
        .as_array()
        .expect("changed")
        .iter()
        .find(|c| c["resource"] == "File[/etc/motd]")
        .expect("motd changed");
    assert_eq!(motd["attributes"][1]["attribute"], "mode");
    assert_eq!(motd["attributes"][1]["new"], "0600");
    assert!(doc["facts"][1]["age_seconds"].is_u64());
}

#[test]
fn no_change_exits_0_and_a_node_that_fails_to_compile_exits_1() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let d = tmp.path();
    fleet(d);
    let p = |x: &str| d.join(x).display().to_string();
    let out = kuppet_diff(&[&p("old"), &p("old"), "--facts", &p("facts")]);
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stdout).contains("2 unchanged"));

    write(
        &d.join("broken/manifests/site.pp"),
        "if $facts['role'] == 'db' { fail('no db here') }\nnotify { 'x': }\n",
    );
    let out = kuppet_diff(&[&p("old"), &p("broken"), "--facts", &p("facts")]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(text.contains("*** db1: error"), "{text}");
    assert!(
        text.contains(
            "the new code does not compile: Error while evaluating a Function Call, no db here"
        ),
        "{text}"
    );
    assert!(text.contains("*** web1: changed"), "{text}");

    let out = kuppet_diff(&[&p("old"), &p("new"), "--facts", &p("nowhere")]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("Could not read the facts directory"));
}

/// A file whose source moves to another module file, and a file from a
/// template whose text changes: both show the content's text diff.
#[test]
fn moved_sources_and_templates_show_their_content_diffs() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let d = tmp.path();
    for (v, url, tpl) in [
        (
            "old",
            "puppet:///modules/app/a.conf",
            "limit <%= 1 + 1 %>\n",
        ),
        (
            "new",
            "puppet:///modules/app/b.conf",
            "limit <%= 1 + 2 %>\n",
        ),
    ] {
        write(
            &d.join(format!("{v}/manifests/site.pp")),
            &format!(
                "file {{ '/etc/app.conf': source => '{url}' }}\nfile {{ '/etc/limits': content => template('app/limits.erb') }}\n"
            ),
        );
        write(
            &d.join(format!("{v}/modules/app/files/a.conf")),
            "port = 1\n",
        );
        write(
            &d.join(format!("{v}/modules/app/files/b.conf")),
            "port = 3\n",
        );
        write(
            &d.join(format!("{v}/modules/app/templates/limits.erb")),
            tpl,
        );
    }
    write(&d.join("facts/n1.yaml"), "hostname: n1\n");
    let p = |x: &str| d.join(x).display().to_string();
    let out = kuppet_diff(&[&p("old"), &p("new"), "--facts", &p("facts")]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(2), "{text}");
    assert!(
        text.contains(
            "      source: \"puppet:///modules/app/a.conf\" => \"puppet:///modules/app/b.conf\""
        ),
        "{text}"
    );
    assert!(
        text.contains("      source content:")
            && text.contains("        -port = 1\n        +port = 3"),
        "{text}"
    );
    assert!(
        text.contains("        -limit 2\n        +limit 3"),
        "{text}"
    );
}
