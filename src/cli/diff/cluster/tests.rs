//! `--kubeconfig` mode without a cluster: candidate files, and the report
//! over a built cluster (the preview's test cluster).

use super::*;
use crate::k8s::crd::ManifestGrant;
use crate::k8s::preview::tests::{cluster, cluster_with, web};

const TWO: &str = "\
apiVersion: kuppet.dev/v1alpha1
kind: Manifest
metadata:
  name: site
spec:
  nodeSelector:
    matchLabels: {role: web}
  source: |
    file { '/etc/motd': content => 'new' }
---
---
apiVersion: kuppet.dev/v1alpha1
kind: Manifest
metadata:
  name: ops
  namespace: team-ops
spec:
  source: \"notice(1)\"
";

#[test]
fn candidate_files_hold_manifests_in_several_documents() {
    let ms = parse_manifests("c.yaml", TWO, "team-web").expect("parses");
    let keys: Vec<(String, String)> = ms
        .iter()
        .map(|m| (m.namespace().unwrap_or_default(), m.name_any()))
        .collect();
    assert_eq!(
        keys,
        [
            ("team-web".to_string(), "site".to_string()),
            ("team-ops".to_string(), "ops".to_string())
        ]
    );
    assert_eq!(
        ms[0]
            .spec
            .node_selector
            .match_labels
            .get("role")
            .map(String::as_str),
        Some("web")
    );
    let err = parse_manifests("c.yaml", "apiVersion: v1\nkind: ConfigMap\n", "d")
        .expect_err("not a Manifest");
    assert!(
        err.contains("c.yaml: document 1 is a v1 ConfigMap"),
        "{err}"
    );
    let err = parse_manifests("c.yaml", "kind: [", "d").expect_err("not YAML");
    assert!(err.contains("c.yaml: document 1 is not YAML"), "{err}");
    let err = parse_manifests("c.yaml", "", "d").expect_err("empty");
    assert!(err.contains("holds no Manifest"), "{err}");
}

#[test]
fn an_environment_directory_needs_manifest() {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::create_dir_all(dir.path().join("manifests")).expect("mkdir");
    let paths = vec![dir.path().to_path_buf()];
    let err = load_candidates(&paths, "default", None)
        .err()
        .expect("needs --manifest");
    assert!(err.contains("--manifest NAMESPACE/NAME"), "{err}");
    let err = load_candidates(&paths, "default", Some("site"))
        .err()
        .expect("needs a namespace");
    assert!(err.contains("give NAMESPACE/NAME"), "{err}");
    let c = load_candidates(&paths, "default", Some("team-web/site")).expect("loads");
    assert_eq!(c.environments[0].0, ("team-web".into(), "site".into()));
    let err = load_candidates(&[], "default", Some("team-web/site"))
        .err()
        .expect("no directory");
    assert!(err.contains("no directory is given"), "{err}");
}

#[test]
fn the_report_has_the_offline_shapes_and_exit_codes() {
    let snapshot = cluster(
        vec![web(
            "file { '/etc/motd': content => \"old\\nline\\n\" }\nfile { '/etc/gone': ensure => file }\n",
        )],
        vec![ManifestGrant::test("all", &["team-web"])],
    );
    let candidates = Candidates {
        manifests: vec![web(
            "file { '/etc/motd': content => \"new\\nline\\n\" }\nfile { '/etc/added': ensure => file }\n",
        )],
        environments: Vec::new(),
    };
    let report = build_report(
        &snapshot,
        &candidates,
        "cluster",
        "c.yaml",
        DiffOptions::default(),
        2,
        crate::k8s::preview::in_process_compile(),
    )
    .expect("reports");
    assert_eq!(super::super::exit_code(&report.summary), 2);
    let json = serde_json::to_value(&report).expect("json");
    assert_eq!(json["schema"], "kuppet.dev/diff/v1");
    assert_eq!(json["summary"]["changed"], 2);
    let node = &json["nodes"][0];
    assert_eq!(node["node"], "web-1");
    assert_eq!(node["added"][0]["resource"], "File[/etc/added]");
    assert_eq!(node["added"][0]["file"], "team-web/site.pp");
    assert_eq!(node["added"][0]["line"], 2);
    assert_eq!(node["removed"][0]["resource"], "File[/etc/gone]");
    assert_eq!(node["changed"][0]["attributes"][0]["attribute"], "content");
    assert_eq!(node["changed"][0]["attributes"][0]["new"], "new\nline\n");
    assert_eq!(json["facts"][0]["file"], "NodeFacts/web-1");
    assert!(json["facts"][0]["updated"].is_string());
    assert!(
        json["notes"][0]
            .as_str()
            .is_some_and(|n| n.contains("new-1"))
    );
    let text = super::super::render_text(&report);
    assert!(
        text.contains("*** web-1: changed (1 added, 1 removed, 1 changed)"),
        "{text}"
    );
    assert!(
        text.contains("  + File[/etc/added]  (team-web/site.pp:2)"),
        "{text}"
    );
    assert!(text.contains("-old\n") && text.contains("+new\n"), "{text}");
    assert!(
        text.contains("NodeFacts/web-1, written 2026-01-01T00:00:00Z"),
        "{text}"
    );
    assert!(
        text.contains("previews catalogs, not what the providers"),
        "{text}"
    );

    // The same code: no change, exit 0.
    let same = Candidates {
        manifests: vec![web(
            "file { '/etc/motd': content => \"old\\nline\\n\" }\nfile { '/etc/gone': ensure => file }\n",
        )],
        environments: Vec::new(),
    };
    let report = build_report(
        &snapshot,
        &same,
        "c",
        "n",
        DiffOptions::default(),
        1,
        crate::k8s::preview::in_process_compile(),
    )
    .expect("reports");
    assert_eq!(super::super::exit_code(&report.summary), 0);
    assert_eq!(report.summary.unchanged, 2);

    // A compile error: exit 1, the error in the node's report.
    let broken = Candidates {
        manifests: vec![web("file { '/etc/motd': content => }\n")],
        environments: Vec::new(),
    };
    let err = build_report(
        &snapshot,
        &broken,
        "c",
        "n",
        DiffOptions::default(),
        1,
        crate::k8s::preview::in_process_compile(),
    )
    .expect("reports");
    assert_eq!(super::super::exit_code(&err.summary), 1);
    let json = serde_json::to_value(&err).expect("json");
    assert_eq!(json["nodes"][0]["status"], "error");
    assert!(
        json["nodes"][0]["new_error"]
            .as_str()
            .is_some_and(|e| e.contains("team-web/site.pp")),
        "{json}"
    );
}

/// An environment directory standing for a `spec.code` Manifest: a module
/// file served as `puppet:///` whose text changes shows as `source content`.
#[test]
fn an_environment_directory_replaces_a_manifests_code() {
    use crate::k8s::controller::code::Loaded;
    use crate::k8s::crd::{ManifestCode, OciSource};
    let tmp = tempfile::tempdir().expect("tempdir");
    let env = |dir: &str, port: &str| {
        let root = tmp.path().join(dir);
        for (rel, text) in [
            ("manifests/site.pp", "include app\n".to_string()),
            (
                "modules/app/manifests/init.pp",
                "class app { file { '/etc/app.conf': source => 'puppet:///modules/app/app.conf' } }\n"
                    .to_string(),
            ),
            ("modules/app/files/app.conf", format!("port = {port}\n")),
        ] {
            let p = root.join(rel);
            std::fs::create_dir_all(p.parent().expect("parent")).expect("mkdir");
            std::fs::write(p, text).expect("write");
        }
        Arc::new(Code::load(&root, &[]).expect("loads"))
    };
    let mut m = web("");
    m.spec.code = Some(ManifestCode {
        oci: Some(OciSource {
            url: "oci://registry.example/control:prod".into(),
            secret_ref: None,
            interval: None,
            insecure: false,
        }),
        source_ref: None,
        path: None,
    });
    let key = ("team-web".to_string(), "site".to_string());
    let snapshot = cluster_with(
        vec![m],
        vec![ManifestGrant::test("all", &["team-web"])],
        [(
            key.clone(),
            Loaded {
                revision: "r1".into(),
                digest: "sha256:1".into(),
                layer_digest: "sha256:l1".into(),
                code: env("old", "1"),
            },
        )]
        .into(),
    );
    let candidates = Candidates {
        manifests: Vec::new(),
        environments: vec![(key, env("new", "2"))],
    };
    let report = build_report(
        &snapshot,
        &candidates,
        "c",
        "n",
        DiffOptions::default(),
        1,
        crate::k8s::preview::in_process_compile(),
    )
    .expect("reports");
    assert_eq!(report.summary.changed, 2, "{:?}", report.nodes);
    let text = super::super::render_text(&report);
    assert!(text.contains("  ~ File[/etc/app.conf]"), "{text}");
    assert!(text.contains("      source content:"), "{text}");
    assert!(
        text.contains("-port = 1") && text.contains("+port = 2"),
        "{text}"
    );
}
