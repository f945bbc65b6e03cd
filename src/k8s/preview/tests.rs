//! The preview over built cluster objects: the current NodeCatalogs are
//! compiled by a planner from the cluster's Manifests (as the controller
//! wrote them), the candidates compiled by the preview's own planner.

use super::*;
use crate::k8s::controller::fixtures::node;
use crate::k8s::crd::{ManifestGrant, NodeCatalog};
use crate::k8s::seal::NodeKey;

fn facts(name: &str, key: &NodeKey) -> Arc<NodeFacts> {
    let mut f = NodeFacts::test(name);
    f.spec.seal_key = key.public_base64();
    f.metadata.managed_fields = Some(vec![
        k8s_openapi::apimachinery::pkg::apis::meta::v1::ManagedFieldsEntry {
            manager: Some("kuppet-agent".into()),
            time: Some(k8s_openapi::apimachinery::pkg::apis::meta::v1::Time(
                "2026-01-01T00:00:00Z".parse().expect("a time"),
            )),
            ..Default::default()
        },
    ]);
    Arc::new(f)
}

/// A cluster whose NodeCatalogs hold what the controller compiled from its Manifests.
pub(crate) fn cluster(manifests: Vec<Manifest>, grants: Vec<ManifestGrant>) -> Snapshot {
    cluster_with(manifests, grants, HashMap::new())
}

/// [`cluster`] with the environments of Manifests with `spec.code`.
pub(crate) fn cluster_with(
    manifests: Vec<Manifest>,
    grants: Vec<ManifestGrant>,
    environments: HashMap<plan::ManifestKey, Loaded>,
) -> Snapshot {
    let key = NodeKey::generate();
    let nodes = vec![
        Arc::new(node("web-1", &[("role", "web")])),
        Arc::new(node("web-2", &[("role", "web")])),
        Arc::new(node("db-1", &[("role", "db")])),
        Arc::new(node("new-1", &[("role", "web")])),
    ];
    let facts: Vec<Arc<NodeFacts>> = ["web-1", "web-2", "db-1"]
        .iter()
        .map(|n| facts(n, &key))
        .collect();
    let manifests: Vec<Arc<Manifest>> = manifests.into_iter().map(Arc::new).collect();
    let grants: Vec<Arc<ManifestGrant>> = grants.into_iter().map(Arc::new).collect();
    let controller =
        Planner::production(in_process_compile(), Arc::new(ControllerMetrics::default()));
    for (key, loaded) in &environments {
        controller.set_code_state(
            key.clone(),
            CodeState {
                loaded: Some(loaded.clone()),
                ..Default::default()
            },
        );
    }
    let policy = plan_grants(&grants);
    let catalogs = nodes
        .iter()
        .filter_map(|n| {
            let f = facts.iter().find(|f| f.name_any() == n.name_any())?;
            match controller.plan_granted(n, Some(f), &manifests, &policy, None) {
                Plan::Write(spec) => Some(Arc::new(NodeCatalog::test(&n.name_any(), &spec, 1))),
                _ => None,
            }
        })
        .collect();
    Snapshot {
        nodes,
        manifests,
        facts,
        catalogs,
        grants,
        environments: environments.into_iter().map(|(k, l)| (k, Ok(l))).collect(),
    }
}

pub(crate) fn web(source: &str) -> Manifest {
    Manifest::test("team-web", "site", source).selecting("role", "web")
}

fn refs(c: &Catalog) -> Vec<String> {
    c.resources
        .iter()
        .filter(|r| r.type_name == "File")
        .map(|r| r.reference())
        .collect()
}

fn param<'a>(c: &'a Catalog, resource: &str, name: &str) -> Option<&'a serde_json::Value> {
    c.resources
        .iter()
        .find(|r| r.reference() == resource)
        .and_then(|r| r.parameters.get(name))
}

fn now() -> Timestamp {
    "2026-01-01T01:00:00Z".parse().expect("a time")
}

#[test]
fn a_candidate_replaces_its_namesake_on_the_nodes_it_selects_only() {
    let snapshot = cluster(
        vec![
            web("file { '/etc/motd': content => 'old' }\n"),
            Manifest::test("team-db", "db", "file { '/etc/db': content => 'db' }\n")
                .selecting("role", "db"),
        ],
        vec![ManifestGrant::test("all", &["team-web", "team-db"])],
    );
    let candidates = Candidates {
        manifests: vec![web(
            "file { '/etc/motd': content => 'new' }\nfile { '/etc/added': ensure => file }\n",
        )],
        environments: Vec::new(),
    };
    let p = preview(&snapshot, &candidates, now(), 2, in_process_compile()).expect("previews");
    let names: Vec<&str> = p.nodes.iter().map(|n| n.node.as_str()).collect();
    // db-1 is not selected; new-1 has no NodeFacts (named, not compiled).
    assert_eq!(names, ["web-1", "web-2"]);
    assert_eq!(p.without_facts, ["new-1"]);
    let n = &p.nodes[0];
    let (old, new) = (
        n.current.as_ref().expect("current"),
        n.candidate.as_ref().expect("compiles"),
    );
    assert_eq!(refs(old), ["File[/etc/motd]"]);
    assert_eq!(refs(new), ["File[/etc/motd]", "File[/etc/added]"]);
    assert_eq!(
        param(new, "File[/etc/motd]", "content"),
        Some(&serde_json::json!("new"))
    );
    // Declared in the candidate, at its line.
    let added = new
        .resources
        .iter()
        .find(|r| r.reference() == "File[/etc/added]")
        .expect("added");
    assert_eq!(
        (added.file.as_deref(), added.line),
        (Some("team-web/site.pp"), Some(2))
    );
    assert_eq!(n.facts.updated.as_deref(), Some("2026-01-01T00:00:00Z"));
    assert_eq!(n.facts.age_seconds, Some(3600));
    assert!(n.stale_sources.is_empty());
}

#[test]
fn the_unchanged_code_gives_the_catalog_the_controller_wrote() {
    let source = "file { '/etc/motd': content => \"${facts['os']['name']}\" }\n";
    let snapshot = cluster(
        vec![web(source)],
        vec![ManifestGrant::test("all", &["team-web"])],
    );
    let candidates = Candidates {
        manifests: vec![web(source)],
        environments: Vec::new(),
    };
    let p = preview(&snapshot, &candidates, now(), 1, in_process_compile()).expect("previews");
    assert_eq!(p.nodes.len(), 2);
    for n in &p.nodes {
        let d = kuppet_catalog::diff::diff(
            n.current.as_ref().expect("current"),
            n.candidate.as_ref().expect("candidate"),
            Default::default(),
        );
        assert!(d.is_empty(), "{}: {d:?}", n.node);
    }
}

#[test]
fn sealed_values_are_compared_as_sealed_and_never_shown() {
    let snapshot = cluster(
        vec![web(
            "file { '/etc/pw': content => Sensitive('hunter2'), mode => '0600' }\n",
        )],
        vec![ManifestGrant::test("all", &["team-web"])],
    );
    let candidates = Candidates {
        manifests: vec![web(
            "file { '/etc/pw': content => Sensitive('swordfish'), mode => '0640' }\n",
        )],
        environments: Vec::new(),
    };
    let p = preview(&snapshot, &candidates, now(), 1, in_process_compile()).expect("previews");
    let n = &p.nodes[0];
    assert_eq!(n.sealed, 2);
    let (old, new) = (
        n.current.as_ref().expect("current"),
        n.candidate.as_ref().expect("candidate"),
    );
    let d = kuppet_catalog::diff::diff(old, new, Default::default());
    let changed: Vec<&str> = d.changed[0]
        .attributes
        .iter()
        .map(|a| a.attribute.as_str())
        .collect();
    assert_eq!(changed, ["mode"], "the sealed content compares equal");
    let text = serde_json::to_string(new).expect("json");
    assert!(
        !text.contains("swordfish") && text.contains(SEALED),
        "{text}"
    );
}

#[test]
fn a_candidate_that_fails_to_compile_gives_the_located_error() {
    let snapshot = cluster(
        vec![web("file { '/etc/motd': content => 'old' }\n")],
        vec![ManifestGrant::test("all", &["team-web"])],
    );
    let candidates = Candidates {
        manifests: vec![web(
            "file { '/etc/motd': content => $undefined_var.upcase }\nfail('no')\n",
        )],
        environments: Vec::new(),
    };
    let p = preview(&snapshot, &candidates, now(), 1, in_process_compile()).expect("previews");
    let err = p.nodes[0].candidate.as_ref().expect_err("fails");
    assert!(err.contains("team-web/site.pp"), "{err}");
    assert!(p.nodes[0].current.is_ok());
}

#[test]
fn grants_decide_which_nodes_a_new_manifest_reaches() {
    let snapshot = cluster(
        vec![web("file { '/etc/motd': content => 'old' }\n")],
        vec![ManifestGrant::test("all", &["team-web"])],
    );
    // team-ops has no grant: its Manifest reaches no node.
    let candidates = Candidates {
        manifests: vec![Manifest::test(
            "team-ops",
            "ops",
            "file { '/etc/ops': ensure => file }\n",
        )],
        environments: Vec::new(),
    };
    let p = preview(&snapshot, &candidates, now(), 1, in_process_compile()).expect("previews");
    assert!(p.nodes.is_empty());
    let ungranted: Vec<&str> = p.ungranted.iter().map(|(_, n)| n.as_str()).collect();
    assert_eq!(ungranted, ["db-1", "web-1", "web-2"]);
}

#[test]
fn a_catalog_from_an_older_generation_is_named_stale() {
    let mut snapshot = cluster(
        vec![web("file { '/etc/motd': content => 'old' }\n")],
        vec![ManifestGrant::test("all", &["team-web"])],
    );
    // The cluster's Manifest moved on; the controller has not caught up.
    let edited = snapshot.manifests[0]
        .as_ref()
        .clone()
        .edited("file { '/etc/motd': content => 'mid' }\n");
    snapshot.manifests = vec![Arc::new(edited)];
    let candidates = Candidates {
        manifests: vec![web("file { '/etc/motd': content => 'new' }\n")],
        environments: Vec::new(),
    };
    let p = preview(&snapshot, &candidates, now(), 1, in_process_compile()).expect("previews");
    assert_eq!(
        p.nodes[0].stale_sources,
        ["team-web/site (compiled from generation 1, the cluster has 2)"]
    );
}

#[test]
fn an_environment_directory_needs_a_manifest_with_spec_code() {
    let snapshot = cluster(
        vec![web("file { '/etc/motd': content => 'old' }\n")],
        vec![ManifestGrant::test("all", &["team-web"])],
    );
    let code = Arc::new(Code {
        label: "env".into(),
        manifests: Vec::new(),
        modulepath: Vec::new(),
        hiera_config: None,
        environment: None,
    });
    let mut candidates = Candidates {
        manifests: Vec::new(),
        environments: vec![(("team-web".into(), "site".into()), code.clone())],
    };
    assert!(matches!(
        preview(&snapshot, &candidates, now(), 1, in_process_compile()),
        Err(PreviewError::NotAnEnvironment { .. })
    ));
    candidates.environments = vec![(("team-web".into(), "nope".into()), code)];
    assert!(matches!(
        preview(&snapshot, &candidates, now(), 1, in_process_compile()),
        Err(PreviewError::NoManifestForEnvironment { .. })
    ));
    let twice = Candidates {
        manifests: vec![web(""), web("")],
        environments: Vec::new(),
    };
    assert_eq!(
        preview(&snapshot, &twice, now(), 1, in_process_compile()).err(),
        Some(PreviewError::Duplicate("team-web/site".into()))
    );
}

/// The read lists the five kinds (in any order) and keeps what it got.
#[tokio::test]
async fn the_snapshot_lists_nodes_manifests_facts_catalogs_and_grants() {
    use crate::k8s::testing::ApiServer;
    let (client, mut api) = ApiServer::client();
    let cache = tempfile::tempdir().expect("tempdir");
    let dir = cache.path().to_path_buf();
    let read = tokio::spawn(async move { read_snapshot(&client, &dir, &HashSet::new()).await });
    let list = |items: Vec<serde_json::Value>| serde_json::json!({"apiVersion": "v1", "kind": "List", "metadata": {"resourceVersion": "1"}, "items": items});
    let mut paths = Vec::new();
    for _ in 0..5 {
        let call = api.next().await;
        assert_eq!(call.method, http::Method::GET);
        paths.push(call.path.clone());
        let item = match call.path.rsplit('/').next().unwrap_or_default() {
            "nodes" => serde_json::to_value(node("web-1", &[("role", "web")])),
            "manifests" => serde_json::to_value(web("notice(1)")),
            "nodefacts" => serde_json::to_value(NodeFacts::test("web-1")),
            "manifestgrants" => serde_json::to_value(ManifestGrant::test("g", &["team-web"])),
            other => {
                assert_eq!(other, "nodecatalogs");
                call.ok(&list(Vec::new()));
                continue;
            }
        };
        call.ok(&list(vec![item.expect("json")]));
    }
    paths.sort();
    assert_eq!(
        paths,
        [
            "/api/v1/nodes",
            "/apis/kuppet.dev/v1alpha1/manifestgrants",
            "/apis/kuppet.dev/v1alpha1/manifests",
            "/apis/kuppet.dev/v1alpha1/nodecatalogs",
            "/apis/kuppet.dev/v1alpha1/nodefacts",
        ]
    );
    let s = read.await.expect("joins").expect("reads");
    assert_eq!(
        (
            s.nodes.len(),
            s.manifests.len(),
            s.facts.len(),
            s.catalogs.len(),
            s.grants.len()
        ),
        (1, 1, 1, 0, 1)
    );
    assert_eq!(s.manifests[0].name_any(), "site");
    assert!(s.environments.is_empty(), "no spec.code, nothing fetched");
}
