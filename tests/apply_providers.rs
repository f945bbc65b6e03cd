//! The package, service, user, group and firewall providers against stand-in tools
//! (`tests/apply/fake-tools`, via `KUPPET_TOOL_DIR`) in a `--root` sandbox:
//! what they run, what they report, and that a second run changes nothing.

use serde_json::{Value, json};
use std::path::{Path, PathBuf};
use std::process::Command;

fn tools() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/apply/fake-tools")
}

/// A catalog of `(type, title, parameters)` in class main.
fn catalog(resources: &[(&str, &str, Value)]) -> Value {
    let mut res = vec![
        json!({"type": "Stage", "title": "main", "tags": ["stage"], "exported": false, "kind": "compilable_type", "parameters": {"name": "main"}}),
        json!({"type": "Class", "title": "main", "tags": ["class"], "exported": false, "kind": "unknown", "parameters": {"name": "main"}}),
    ];
    let mut edges = vec![json!({"source": "Stage[main]", "target": "Class[main]"})];
    for (i, (ty, title, params)) in resources.iter().enumerate() {
        res.push(json!({
            "type": ty, "title": title, "tags": [ty.to_lowercase(), "class"],
            "file": "/test.pp", "line": i + 1, "exported": false, "kind": "compilable_type",
            "parameters": params,
        }));
        edges.push(json!({"source": "Class[main]", "target": format!("{ty}[{title}]")}));
    }
    json!({"tags": ["settings"], "name": "node1", "version": 1, "code_id": null,
           "catalog_uuid": "u", "catalog_format": 2, "environment": "production",
           "resources": res, "edges": edges, "classes": ["settings"]})
}

struct Root {
    dir: tempfile::TempDir,
}

impl Root {
    fn new() -> Root {
        let dir = tempfile::tempdir().expect("tempdir");
        let r = Root { dir };
        r.write("etc/passwd", "root:x:0:0:root:/root:/bin/sh\n");
        r.write("etc/group", "root:x:0:\nstaff:x:50:\nusers:x:100:\n");
        r.write("etc/shadow", "root:*:19000:0:99999:7:::\n");
        r.write("etc/gshadow", "root:*::\nstaff:*::\nusers:*::\n");
        r.write("var/lib/fake/packages", "");
        // A Debian host booted with systemd (PID 1's name, read in the root).
        r.write("etc/os-release", "ID=debian\nVERSION_ID=\"12\"\n");
        r.write("proc/1/comm", "systemd\n");
        r
    }

    /// A root whose PID 1 is not systemd, with a shell for init scripts
    /// (busybox, statically linked, as /bin/sh).
    fn without_systemd() -> Root {
        let r = Root::new();
        r.write("proc/1/comm", "init\n");
        std::fs::create_dir_all(r.path().join("bin")).expect("mkdir");
        std::fs::copy("/usr/bin/busybox", r.path().join("bin/sh")).expect("busybox is installed");
        r
    }

    /// An executable script at `rel`.
    fn script(&self, rel: &str, text: &str) {
        use std::os::unix::fs::PermissionsExt;
        self.write(rel, text);
        let p = self.path().join(rel);
        std::fs::set_permissions(p, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    }

    fn path(&self) -> &Path {
        self.dir.path()
    }

    fn write(&self, rel: &str, text: &str) {
        let p = self.path().join(rel);
        std::fs::create_dir_all(p.parent().expect("parent")).expect("mkdir");
        std::fs::write(p, text).expect("write");
    }

    fn read(&self, rel: &str) -> String {
        std::fs::read_to_string(self.path().join(rel)).unwrap_or_default()
    }

    /// Calls the tools received since the last look.
    fn take_calls(&self) -> Vec<String> {
        let calls = self.read("var/log/calls");
        let _ = std::fs::remove_file(self.path().join("var/log/calls"));
        calls.lines().map(str::to_string).collect()
    }

    /// Applies a catalog; returns (exit code, report, stdout).
    fn apply(&self, catalog: &Value, extra: &[&str]) -> (i32, Value, String) {
        let work = tempfile::tempdir().expect("tempdir");
        let cat = work.path().join("catalog.json");
        std::fs::write(&cat, catalog.to_string()).expect("write");
        let report = work.path().join("report.json");
        let out = Command::new(env!("CARGO_BIN_EXE_kuppet"))
            .args(["apply", "--catalog"])
            .arg(&cat)
            .arg("--root")
            .arg(self.path())
            .args(["--detailed-exitcodes", "--report-file"])
            .arg(&report)
            .args(extra)
            .env("KUPPET_TOOL_DIR", tools())
            .output()
            .expect("kuppet runs");
        let rep: Value = serde_json::from_str(&std::fs::read_to_string(&report).expect("report"))
            .expect("report json");
        (
            out.status.code().unwrap_or(-1),
            rep,
            String::from_utf8_lossy(&out.stdout).into_owned()
                + &String::from_utf8_lossy(&out.stderr),
        )
    }
}

fn messages(report: &Value, resource: &str) -> Vec<String> {
    report["resource_statuses"][resource]["events"]
        .as_array()
        .map(|events| {
            events
                .iter()
                .map(|e| e["message"].as_str().unwrap_or("").to_string())
                .collect()
        })
        .unwrap_or_default()
}

#[test]
fn packages_install_remove_purge_and_pin_versions() {
    let root = Root::new();
    root.write(
        "var/lib/fake/available",
        "curl 7.88.1-10\ncurl 7.88.1-11\nvim 2:9.0.1378-2\nhtop 3.2.2-2\n",
    );
    root.write(
        "var/lib/fake/packages",
        "old-tool 1.0-1 installed\nremoved-tool 2.0 installed\nvim 2:9.0.1378-1 installed\n",
    );
    let cat = catalog(&[
        ("Package", "curl", json!({"ensure": "installed"})),
        ("Package", "old-tool", json!({"ensure": "purged"})),
        ("Package", "removed-tool", json!({"ensure": "absent"})),
        ("Package", "vim", json!({"ensure": "latest"})),
        ("Package", "htop", json!({"ensure": "3.2.2-2"})),
        ("Package", "not-there", json!({"ensure": "absent"})),
    ]);
    let (code, report, out) = root.apply(&cat, &[]);
    assert_eq!(code, 2, "{out}");
    assert_eq!(messages(&report, "Package[curl]"), ["created"]);
    assert_eq!(messages(&report, "Package[old-tool]"), ["purged"]);
    assert_eq!(messages(&report, "Package[removed-tool]"), ["removed"]);
    assert_eq!(
        messages(&report, "Package[vim]"),
        ["ensure changed '2:9.0.1378-1' to '2:9.0.1378-2'"]
    );
    assert_eq!(messages(&report, "Package[htop]"), ["created"]);
    assert!(messages(&report, "Package[not-there]").is_empty());
    assert_eq!(
        report["resource_statuses"]["Package[curl]"]["events"][0]["name"],
        "package_installed"
    );
    let calls = root.take_calls();
    assert!(
        calls
            .contains(&"apt-get -q -y -o DPkg::Options::=--force-confold install curl".to_string())
    );
    assert!(calls.contains(&"apt-get -y -q remove --purge old-tool".to_string()));
    assert!(calls.contains(&"dpkg --purge old-tool".to_string()));
    assert!(
        calls.contains(
            &"apt-get -q -y -o DPkg::Options::=--force-confold --force-yes install htop=3.2.2-2"
                .to_string()
        )
    );
    let db = root.read("var/lib/fake/packages");
    assert!(db.contains("curl 7.88.1-11 installed"), "{db}");
    assert!(db.contains("removed-tool 2.0 config-files"), "{db}");
    assert!(!db.contains("old-tool"), "{db}");

    let (code, report, out) = root.apply(&cat, &[]);
    assert_eq!(code, 0, "second run changes nothing: {out}");
    assert_eq!(report["status"], "unchanged");
    assert!(
        root.take_calls().iter().all(|c| !c.starts_with("apt-get")),
        "no apt-get on the second run"
    );
}

#[test]
fn packages_are_held_and_released_with_mark() {
    let root = Root::new();
    root.write("var/lib/fake/available", "curl 7.88.1-10\nvim 2:9.0-2\n");
    root.write(
        "var/lib/fake/packages",
        "vim 2:9.0-1 installed\nheld-tool 1.0 installed\n",
    );
    root.write("var/lib/fake/holds", "held-tool\n");
    let cat = catalog(&[
        (
            "Package",
            "curl",
            json!({"ensure": "installed", "mark": "hold"}),
        ),
        ("Package", "vim", json!({"mark": "hold"})),
        (
            "Package",
            "held-tool",
            json!({"ensure": "installed", "mark": "none"}),
        ),
    ]);
    let (code, report, out) = root.apply(&cat, &[]);
    assert_eq!(code, 2, "{out}");
    assert_eq!(messages(&report, "Package[curl]"), ["created"]);
    assert_eq!(
        messages(&report, "Package[vim]"),
        ["mark changed 'none' to 'hold'"]
    );
    assert_eq!(
        messages(&report, "Package[held-tool]"),
        ["mark changed 'hold' to 'none'"]
    );
    let calls = root.take_calls();
    assert!(
        calls.contains(&"selection curl hold".to_string()),
        "{calls:?}"
    );
    assert!(
        calls.contains(&"selection vim hold".to_string()),
        "{calls:?}"
    );
    assert!(
        calls.contains(&"selection held-tool install".to_string()),
        "{calls:?}"
    );
    let (code, _, out) = root.apply(&cat, &[]);
    assert_eq!(code, 0, "second run changes nothing: {out}");

    // A held package is released for its removal.
    let remove = catalog(&[("Package", "vim", json!({"ensure": "absent"}))]);
    let (code, _, out) = root.apply(&remove, &[]);
    assert_eq!(code, 2, "{out}");
    assert!(
        root.take_calls()
            .contains(&"apt-get -y -q --allow-change-held-packages remove vim".to_string())
    );
    let bad = catalog(&[(
        "Package",
        "vim",
        json!({"ensure": "purged", "mark": "hold"}),
    )]);
    let (code, _, _) = {
        let work = tempfile::tempdir().expect("tempdir");
        let cat = work.path().join("catalog.json");
        std::fs::write(&cat, bad.to_string()).expect("write");
        let out = Command::new(env!("CARGO_BIN_EXE_kuppet"))
            .args(["apply", "--catalog"])
            .arg(&cat)
            .arg("--root")
            .arg(root.path())
            .env("KUPPET_TOOL_DIR", tools())
            .output()
            .expect("kuppet runs");
        (out.status.code().unwrap_or(-1), (), ())
    };
    assert_eq!(code, 1, "mark with ensure => purged is refused");
}

#[test]
fn package_noop_and_failures_report_without_changing() {
    let root = Root::new();
    root.write("var/lib/fake/available", "curl 7.88.1-10\n");
    let cat = catalog(&[
        ("Package", "curl", json!({"ensure": "installed"})),
        ("Package", "nonexistent-pkg", json!({"ensure": "installed"})),
    ]);
    let (code, report, _) = root.apply(&cat, &["--noop"]);
    assert_eq!(code, 0);
    assert_eq!(
        messages(&report, "Package[curl]"),
        ["current_value 'purged', should be 'present' (noop)"]
    );
    assert!(root.read("var/lib/fake/packages").is_empty());
    let (code, report, _) = root.apply(&cat, &[]);
    assert_eq!(code, 6);
    let msg = &messages(&report, "Package[nonexistent-pkg]")[0];
    assert!(
        msg.starts_with("change from 'purged' to 'present' failed: Execution of 'apt-get"),
        "{msg}"
    );
}

#[test]
fn services_start_stop_enable_and_restart_on_refresh() {
    let root = Root::new();
    root.write("var/lib/fake/units/web", "enabled\n");
    root.write("var/lib/fake/units/db", "active\nenabled\n");
    root.write("var/lib/fake/units/cache", "active\n");
    root.write("var/lib/fake/units/old", "active\nenabled\n");
    root.write("etc/web.conf", "v1\n");
    let cat = catalog(&[
        (
            "File",
            "/etc/web.conf",
            json!({"content": "v2\n", "notify": ["Service[web]", "Service[db]", "Service[cache]"]}),
        ),
        (
            "Service",
            "web",
            json!({"ensure": "running", "enable": true}),
        ),
        ("Service", "db", json!({"ensure": "running"})),
        ("Service", "cache", json!({"enable": true})),
        (
            "Service",
            "old",
            json!({"ensure": "stopped", "enable": false}),
        ),
    ]);
    let (code, report, out) = root.apply(&cat, &[]);
    assert_eq!(code, 2, "{out}");
    // web was stopped: started, and the refresh of this run is dropped.
    assert_eq!(
        messages(&report, "Service[web]"),
        ["ensure changed 'stopped' to 'running'"]
    );
    assert_eq!(root.read("var/lib/fake/units/web.restarts"), "");
    // db was running: restarted once by the refresh.
    assert_eq!(
        messages(&report, "Service[db]"),
        ["Triggered 'refresh' from 1 event"]
    );
    assert_eq!(root.read("var/lib/fake/units/db.restarts"), "restarted\n");
    assert_eq!(
        messages(&report, "Service[cache]"),
        [
            "enable changed 'false' to 'true'",
            "Triggered 'refresh' from 1 event"
        ]
    );
    // ensure and enable change together; only ensure makes an event.
    assert_eq!(
        messages(&report, "Service[old]"),
        ["ensure changed 'running' to 'stopped'"]
    );
    assert_eq!(root.read("var/lib/fake/units/old").trim(), "");
    let calls = root.take_calls();
    assert!(
        calls.contains(&"systemctl start -- web".to_string()),
        "{calls:?}"
    );
    assert!(calls.contains(&"systemctl restart -- db".to_string()));
    assert!(calls.contains(&"systemctl disable -- old".to_string()));
    assert!(
        out.contains("Notice: /Stage[main]/Main/Service[db]: Triggered 'refresh' from 1 event")
    );

    let (code, report, out) = root.apply(&cat, &[]);
    assert_eq!(code, 0, "second run changes nothing: {out}");
    assert_eq!(report["status"], "unchanged");
}

#[test]
fn a_service_that_fails_to_start_fails_with_the_journal() {
    let root = Root::new();
    let cat = catalog(&[
        ("Service", "broken-daemon", json!({"ensure": "running"})),
        (
            "File",
            "/after",
            json!({"ensure": "file", "require": "Service[broken-daemon]"}),
        ),
    ]);
    let (code, report, _) = root.apply(&cat, &[]);
    assert_eq!(code, 4);
    let msg = &messages(&report, "Service[broken-daemon]")[0];
    assert!(
        msg.starts_with(
            "change from 'stopped' to 'running' failed: Systemd start for broken-daemon failed!"
        ),
        "{msg}"
    );
    assert_eq!(report["resource_statuses"]["File[/after]"]["skipped"], true);
    assert!(!root.path().join("after").exists());
}

/// An init script keeping its state in `/run/NAME` (shell built-ins only).
fn init_script(name: &str) -> String {
    format!(
        "#!/bin/sh\nf=\"$KUPPET_ROOT/run/{name}\"\necho \"$1\" >> \"$KUPPET_ROOT/run/{name}.log\"\ncase \"$1\" in\n  start|restart) echo running > \"$f\" ;;\n  stop) echo stopped > \"$f\" ;;\n  status) read s < \"$f\" && [ \"$s\" = running ] ;;\nesac\n"
    )
}

#[test]
fn without_systemd_debian_services_run_init_scripts_and_update_rc_d() {
    let root = Root::without_systemd();
    root.script("etc/init.d/web", &init_script("web"));
    root.script("etc/init.d/db", &init_script("db"));
    root.write("run/db", "running\n");
    root.write("etc/web.conf", "v1\n");
    let cat = catalog(&[
        (
            "File",
            "/etc/web.conf",
            json!({"content": "v2\n", "notify": ["Service[db]"]}),
        ),
        (
            "Service",
            "web",
            json!({"ensure": "running", "enable": true}),
        ),
        (
            "Service",
            "db",
            json!({"ensure": "running", "hasrestart": true}),
        ),
        (
            "Service",
            "sd",
            json!({"ensure": "running", "provider": "systemd"}),
        ),
    ]);
    let (code, report, out) = root.apply(&cat, &[]);
    assert_eq!(code, 6, "{out}");
    assert_eq!(
        report["resource_statuses"]["Service[web]"]["provider_used"],
        "debian"
    );
    assert_eq!(
        messages(&report, "Service[web]"),
        ["ensure changed 'stopped' to 'running'"]
    );
    assert_eq!(root.read("run/web"), "running\n");
    // enabled with update-rc.d along with the start
    assert!(root.path().join("etc/rc2.d/S01web").exists());
    // status when examined, again before the refresh (Puppet restarts only a running service)
    assert_eq!(root.read("run/db.log"), "status\nstatus\nrestart\n");
    assert!(
        out.contains(
            "Error: /Stage[main]/Main/Service[sd]: Provider systemd is not functional on this host"
        ),
        "{out}"
    );
    assert_eq!(report["resource_statuses"]["Service[sd]"]["failed"], true);
    let calls = root.take_calls();
    assert!(
        calls.contains(&"service web status".to_string()),
        "{calls:?}"
    );
    assert!(
        calls.contains(&"update-rc.d web defaults".to_string()),
        "{calls:?}"
    );
    assert!(
        !calls.iter().any(|c| c.starts_with("systemctl")),
        "{calls:?}"
    );

    let cat2 = catalog(&[
        (
            "Service",
            "web",
            json!({"ensure": "running", "enable": true}),
        ),
        (
            "Service",
            "db",
            json!({"ensure": "stopped", "enable": false, "provider": "debian"}),
        ),
    ]);
    let (code, report, out) = root.apply(&cat2, &[]);
    assert_eq!(code, 2, "{out}");
    assert_eq!(
        messages(&report, "Service[db]"),
        ["ensure changed 'running' to 'stopped'"]
    );
    let (code, _, out) = root.apply(&cat2, &[]);
    assert_eq!(code, 0, "second run changes nothing: {out}");
}

#[test]
fn users_and_groups_are_created_changed_and_removed() {
    let root = Root::new();
    root.write("bin/bash", "");
    std::fs::set_permissions(
        root.path().join("bin/bash"),
        std::os::unix::fs::PermissionsExt::from_mode(0o755),
    )
    .expect("chmod");
    root.write(
        "etc/passwd",
        "root:x:0:0:root:/root:/bin/sh\nold:x:1500:100:Old:/home/old:/bin/sh\nbob:x:1600:100:Bob:/home/bob:/bin/sh\n",
    );
    root.write(
        "etc/shadow",
        "root:*:19000:0:99999:7:::\nold:*:19000:0:99999:7:::\nbob:*:19000:0:99999:7:::\n",
    );
    root.write("etc/group", "root:x:0:\nstaff:x:50:bob\nusers:x:100:\n");
    let cat = catalog(&[
        (
            "User",
            "alice",
            json!({"ensure": "present", "uid": 2000, "gid": "devs", "groups": ["staff"], "home": "/home/alice", "shell": "/bin/bash", "comment": "Alice", "password": "$6$salt$hash"}),
        ),
        ("Group", "devs", json!({"ensure": "present", "gid": 3000})),
        ("User", "old", json!({"ensure": "absent"})),
        (
            "User",
            "bob",
            json!({"shell": "/bin/bash", "groups": ["users"], "comment": "Bob B"}),
        ),
        ("Group", "users", json!({"gid": 101})),
    ]);
    let (code, report, out) = root.apply(&cat, &[]);
    assert_eq!(code, 2, "{out}");
    // The group comes first: the user autorequires it.
    let order: Vec<&String> = report["resource_statuses"]
        .as_object()
        .expect("statuses")
        .keys()
        .collect();
    assert_eq!(order[0], "Group[devs]");
    assert_eq!(messages(&report, "User[alice]"), ["created"]);
    assert_eq!(messages(&report, "Group[devs]"), ["created"]);
    assert_eq!(messages(&report, "User[old]"), ["removed"]);
    assert_eq!(
        messages(&report, "User[bob]"),
        [
            "comment changed 'Bob' to 'Bob B'",
            "shell changed '/bin/sh' to '/bin/bash'",
            "groups changed staff to 'staff,users'"
        ]
    );
    assert_eq!(
        messages(&report, "Group[users]"),
        ["gid changed 100 to 101"]
    );
    let passwd = root.read("etc/passwd");
    assert!(
        passwd.contains("alice:x:2000:3000:Alice:/home/alice:/bin/bash"),
        "{passwd}"
    );
    assert!(!passwd.contains("old:"), "{passwd}");
    assert!(root.read("etc/shadow").contains("alice:$6$salt$hash:"));
    let group = root.read("etc/group");
    assert!(group.contains("staff:x:50:bob,alice"), "{group}");
    assert!(group.contains("users:x:101:bob"), "{group}");

    let (code, report, out) = root.apply(&cat, &[]);
    assert_eq!(code, 0, "second run changes nothing: {out}");
    assert_eq!(report["status"], "unchanged");
}

#[test]
fn passwords_are_redacted_in_reports_and_logs() {
    let root = Root::new();
    root.write(
        "etc/passwd",
        "root:x:0:0:root:/root:/bin/sh\ncarol:x:1700:100::/home/carol:/bin/sh\n",
    );
    root.write(
        "etc/shadow",
        "root:*:19000:0:99999:7:::\ncarol:$6$old$old:19000:0:99999:7:::\n",
    );
    let cat = catalog(&[("User", "carol", json!({"password": "$6$new$secret"}))]);
    let (code, report, out) = root.apply(&cat, &["--noop"]);
    assert_eq!(code, 0);
    let event = &report["resource_statuses"]["User[carol]"]["events"][0];
    assert_eq!(event["previous_value"], "[redacted]");
    assert_eq!(event["desired_value"], "[redacted]");
    assert_eq!(event["redacted"], true);
    assert!(!out.contains("secret") && !report.to_string().contains("secret"));
    let (code, report, out) = root.apply(&cat, &[]);
    assert_eq!(code, 2, "{out}");
    assert_eq!(
        messages(&report, "User[carol]"),
        ["changed [redacted] to [redacted]"]
    );
    assert!(!out.contains("secret"));
    assert!(root.read("etc/shadow").contains("carol:$6$new$secret:"));
}

#[test]
fn resources_purge_removes_unmanaged_users_and_groups() {
    let root = Root::new();
    root.write(
        "etc/passwd",
        "root:x:0:0:root:/root:/bin/sh\nsvc:x:120:120::/:/bin/false\nann:x:1000:1000::/home/ann:/bin/sh\nbob:x:1001:1001::/home/bob:/bin/sh\ncid:x:1002:1002::/home/cid:/bin/sh\n",
    );
    root.write("etc/shadow", "root:*:19000:0:99999:7:::\nsvc:*:19000::::::\nann:*:19000::::::\nbob:*:19000::::::\ncid:*:19000::::::\n");
    root.write(
        "etc/group",
        "root:x:0:\nsvc:x:120:\nann:x:1000:\nbob:x:1001:\ncid:x:1002:\n",
    );
    root.write(
        "etc/gshadow",
        "root:*::\nsvc:*::\nann:*::\nbob:*::\ncid:*::\n",
    );
    root.write("etc/login.defs", "UID_MIN 1000\n");
    let cat = catalog(&[
        (
            "Resources",
            "user",
            json!({"purge": true, "unless_uid": [1002]}),
        ),
        ("User", "ann", json!({"ensure": "present"})),
        ("Resources", "group", json!({"purge": true, "noop": true})),
        ("Group", "root", json!({"ensure": "present"})),
    ]);
    let (code, report, out) = root.apply(&cat, &[]);
    assert_eq!(code, 2, "{out}");
    // bob goes; root and svc are system users, cid is spared by unless_uid.
    assert_eq!(messages(&report, "User[bob]"), ["removed"]);
    assert!(report["resource_statuses"]["User[svc]"].is_null());
    assert!(report["resource_statuses"]["User[cid]"].is_null());
    assert!(!root.read("etc/passwd").contains("bob:"));
    assert!(root.read("etc/passwd").contains("cid:"));
    // groups: purged in noop only (the metaparameter is passed on).
    assert_eq!(
        messages(&report, "Group[svc]"),
        ["current_value 'present', should be 'absent' (noop)"]
    );
    assert!(
        report["resource_statuses"]["Group[root]"]["events"]
            .as_array()
            .is_none_or(|e| e.is_empty())
    );
    assert!(root.read("etc/group").contains("svc:"));
    assert!(
        out.contains("Notice: /Stage[main]/Main/User[bob]/ensure: removed"),
        "{out}"
    );

    let (code, _, out) = root.apply(&cat, &[]);
    // noop events are no changes for the exit code
    assert_eq!(code, 0, "the noop purges show again: {out}");
    assert!(
        out.contains("Notice: Class[Main]: Would have triggered 'refresh' from 4 events"),
        "{out}"
    );
    assert!(!out.contains("User[bob]"), "{out}");
}

#[test]
fn firewall_rules_are_inserted_in_order_replaced_deleted_and_persisted() {
    let root = Root::new();
    root.write(
        "var/lib/fake/iptables-save",
        "# Generated by iptables-save\n*filter\n:INPUT ACCEPT [0:0]\n:FORWARD ACCEPT [0:0]\n:OUTPUT ACCEPT [0:0]\n\
-A INPUT -p udp -m udp --dport 53 -j ACCEPT\n\
-A INPUT -p tcp -m multiport --dports 22 -m comment --comment \"100 ssh\" -j ACCEPT\n\
-A INPUT -p tcp -m multiport --dports 8080 -m comment --comment \"300 web\" -j ACCEPT\n\
-A INPUT -p tcp -m multiport --dports 25 -m comment --comment \"400 old\" -j DROP\nCOMMIT\n",
    );
    root.write("etc/debian_version", "12.0\n");
    root.script(
        "etc/init.d/iptables-persistent",
        "#!/bin/sh\necho \"$1\" >> \"$KUPPET_ROOT/var/log/persisted\"\n",
    );
    let cat = catalog(&[
        (
            "Firewall",
            "100 ssh",
            json!({"dport": 22, "proto": "tcp", "action": "accept"}),
        ),
        (
            "Firewall",
            "200 new",
            json!({"dport": 80, "action": "accept"}),
        ),
        (
            "Firewall",
            "300 web",
            json!({"dport": 443, "action": "accept"}),
        ),
        ("Firewall", "400 old", json!({"ensure": "absent"})),
    ]);
    let (code, _, out) = root.apply(&cat, &["--noop"]);
    assert_eq!(code, 0, "{out}");
    assert!(root.take_calls().iter().all(|c| !c.starts_with("iptables")));

    let (code, report, out) = root.apply(&cat, &[]);
    assert_eq!(code, 2, "{out}");
    let calls: Vec<String> = root
        .take_calls()
        .into_iter()
        .filter(|c| c.starts_with("iptables") || c.starts_with("service"))
        .collect();
    assert_eq!(
        calls,
        [
            // After the foreign rule and `100 ssh`: third.
            "iptables -I INPUT 3 --wait -t filter -p tcp -m multiport --dports 80 -j ACCEPT -m comment --comment 200 new",
            "service iptables-persistent save",
            // Replaced where it is.
            "iptables -R INPUT 3 --wait -t filter -p tcp -m multiport --dports 443 -j ACCEPT -m comment --comment 300 web",
            "service iptables-persistent save",
            // Deleted by the line it was read with.
            "iptables -t filter -D INPUT -p tcp -m multiport --dports 25 -m comment --comment 400 old -j DROP",
            "service iptables-persistent save",
        ]
    );
    assert_eq!(root.read("var/log/persisted"), "save\nsave\nsave\n");
    assert!(messages(&report, "Firewall[100 ssh]").is_empty());
    assert_eq!(messages(&report, "Firewall[200 new]"), ["created"]);
    assert_eq!(
        messages(&report, "Firewall[300 web]"),
        ["dport changed ['8080'] to 443"]
    );
    assert_eq!(messages(&report, "Firewall[400 old]"), ["removed"]);
    assert!(out.contains("Properties changed - updating rule"), "{out}");
}
