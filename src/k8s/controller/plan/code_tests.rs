//! The planner with Manifests whose code is an environment from an OCI
//! artifact (`spec.code`): which revision nodes are compiled from, what a
//! failed revision leaves them on, and what the Manifest's status says.

use super::*;
use crate::cli::code::Code;
use crate::k8s::controller::fixtures::{self, catalog_of, node};
use crate::k8s::crd::{ManifestCode, ManifestGrant, OciSource};
use crate::k8s::sources::SourceError;
use std::path::PathBuf;

const NOW: &str = "2024-05-01T12:00:00Z";

fn web() -> Node {
    node("web-1", &[("role", "web")])
}

/// A Manifest whose code is the artifact `oci://registry/env:prod`.
fn with_code(namespace: &str, name: &str) -> Manifest {
    let mut m = Manifest::test(namespace, name, "");
    m.spec.code = Some(ManifestCode {
        oci: Some(OciSource {
            url: "oci://registry.local/env:prod".into(),
            secret_ref: None,
            interval: None,
            insecure: true,
        }),
        source_ref: None,
        path: None,
    });
    m
}

/// A revision whose `manifests/site.pp` holds `source` (the fake
/// compiler's language: `file /path content`).
fn revision(revision: &str, source: &str) -> Loaded {
    let parse = fixtures::fake_parse();
    let site = format!("/cache/{revision}/manifests/site.pp");
    let manifest = parse(&site, source).expect("parses");
    Loaded {
        revision: revision.into(),
        digest: format!("sha256:{revision}"),
        layer_digest: format!("sha256:layer-{revision}"),
        code: Arc::new(Code {
            label: format!("/cache/{revision}"),
            manifests: vec![Arc::new(manifest)],
            modulepath: vec![PathBuf::from(format!("/cache/{revision}/modules"))],
            hiera_config: Some(PathBuf::from(format!("/cache/{revision}/hiera.yaml"))),
            environment: None,
        }),
    }
}

fn key(m: &Manifest) -> ManifestKey {
    (m.namespace().unwrap_or_default(), m.name_any())
}

fn loaded(planner: &Planner, m: &Manifest, rev: Loaded) {
    let mut st = planner.code_state(&key(m)).unwrap_or_default();
    st.succeeded(rev);
    planner.set_code_state(key(m), st);
}

fn spec_of(plan: Plan) -> Arc<NodeCatalogSpec> {
    match plan {
        Plan::Write(spec) => spec,
        other => panic!("expected a write, got {other:?}"),
    }
}

fn titles(spec: &NodeCatalogSpec) -> Vec<String> {
    catalog_of(spec)
        .resources
        .iter()
        .map(|r| r.reference())
        .collect()
}

fn status(planner: &Planner, m: &Manifest, catalogs: &[NodeCatalog]) -> ManifestStatus {
    let catalogs: HashMap<String, Arc<NodeCatalog>> = catalogs
        .iter()
        .map(|c| (c.name_any(), Arc::new(c.clone())))
        .collect();
    let code = planner.code_state(&key(m));
    manifest_status(&StatusInputs {
        manifest: m,
        code: code.as_ref(),
        parsed: &planner.parsed(m),
        targets: &["web-1"],
        ungranted: &[],
        catalogs: &catalogs,
        outcomes: &planner.outcomes(),
        now: NOW,
    })
}

fn condition<'a>(st: &'a ManifestStatus, kind: &str) -> (&'a str, &'a str) {
    let c = st
        .conditions
        .iter()
        .find(|c| c.type_ == kind)
        .expect("condition");
    (c.status.as_str(), c.reason.as_str())
}

#[test]
fn nodes_follow_the_environments_revisions_and_name_them() {
    let (planner, calls) = fixtures::planner();
    let m = with_code("ops", "site");
    let manifests = vec![Arc::new(m.clone())];
    let facts = NodeFacts::test("web-1");
    // Nothing fetched yet: nothing of it compiles, and the status says so.
    let empty = spec_of(planner.plan(&web(), Some(&facts), &manifests, None));
    assert!(titles(&empty).is_empty());
    let st = status(&planner, &m, &[]);
    assert_eq!(condition(&st, kind::READY), ("False", "Fetching"));

    loaded(&planner, &m, revision("r1", "file /etc/motd one"));
    let r1 = spec_of(planner.plan(&web(), Some(&facts), &manifests, None));
    assert_eq!(titles(&r1), vec!["File[/etc/motd]"]);
    assert_eq!(r1.sources.len(), 1);
    assert_eq!(r1.sources[0].revision.as_deref(), Some("r1"));
    let cat = NodeCatalog::test("web-1", &r1, 1).applied(0);
    assert_eq!(
        planner.plan(&web(), Some(&facts), &manifests, Some(&cat)),
        Plan::Unchanged
    );
    let st = status(&planner, &m, std::slice::from_ref(&cat));
    assert_eq!(condition(&st, kind::READY), ("True", "Applied"));
    assert_eq!(st.last_applied_revision.as_deref(), Some("r1"));
    assert_eq!(st.artifact_digest.as_deref(), Some("sha256:r1"));

    // A new revision: the same generation, a new catalog naming it.
    let before = calls.load(std::sync::atomic::Ordering::SeqCst);
    loaded(&planner, &m, revision("r2", "file /etc/issue two"));
    let r2 = spec_of(planner.plan(&web(), Some(&facts), &manifests, Some(&cat)));
    assert_eq!(titles(&r2), vec!["File[/etc/issue]"]);
    assert_eq!(r2.sources[0].revision.as_deref(), Some("r2"));
    assert!(calls.load(std::sync::atomic::Ordering::SeqCst) > before);
    // Until the node holds r2, the Manifest is not compiled everywhere.
    let st = status(&planner, &m, std::slice::from_ref(&cat));
    assert_eq!(condition(&st, kind::READY), ("False", "Compiling"));
    // The artifact cache keeps r2's tarball only; a Manifest gone, none.
    assert_eq!(
        planner.loaded_layer_digests(),
        vec!["sha256:layer-r2".to_string()]
    );
    planner.retain_code(&HashSet::new());
    assert!(planner.loaded_layer_digests().is_empty());
}

#[test]
fn a_failed_revision_keeps_nodes_on_the_last_good_one() {
    let (planner, _) = fixtures::planner();
    let m = with_code("ops", "site");
    let manifests = vec![Arc::new(m.clone())];
    let facts = NodeFacts::test("web-1");
    loaded(&planner, &m, revision("r1", "file /etc/motd one"));
    let r1 = spec_of(planner.plan(&web(), Some(&facts), &manifests, None));
    let cat = NodeCatalog::test("web-1", &r1, 1).applied(0);

    let mut st = planner.code_state(&key(&m)).expect("state");
    st.failed(
        "oci://registry.local/env:prod",
        &SourceError::ArtifactFailed("the environment at '.' does not load: site.pp:1".into()),
    );
    planner.set_code_state(key(&m), st);
    assert_eq!(
        planner.plan(&web(), Some(&facts), &manifests, Some(&cat)),
        Plan::Unchanged,
        "the node keeps r1"
    );
    let st_now = status(&planner, &m, std::slice::from_ref(&cat));
    assert_eq!(condition(&st_now, kind::READY), ("False", "ArtifactFailed"));
    assert_eq!(
        condition(&st_now, kind::STALLED),
        ("True", "ArtifactFailed")
    );
    let ready = st_now
        .conditions
        .iter()
        .find(|c| c.type_ == kind::READY)
        .expect("ready");
    assert!(
        ready.message.contains("nodes keep revision r1"),
        "{}",
        ready.message
    );
    assert_eq!(st_now.last_applied_revision.as_deref(), Some("r1"));
    assert_eq!(
        st_now.last_attempted_revision.as_deref(),
        Some("oci://registry.local/env:prod")
    );
    assert_eq!(st_now.errors.len(), 1);

    // An unreachable registry is not stalled: retried at the next poll.
    let mut st = planner.code_state(&key(&m)).expect("state");
    st.failed(
        "oci://registry.local/env:prod",
        &SourceError::Unreachable {
            url: "oci://registry.local/env:prod".into(),
            why: "connection refused".into(),
        },
    );
    planner.set_code_state(key(&m), st);
    let st_now = status(&planner, &m, std::slice::from_ref(&cat));
    assert_eq!(
        condition(&st_now, kind::RECONCILING),
        ("True", "ArtifactUnreachable")
    );
    assert_eq!(
        condition(&st_now, kind::STALLED),
        ("False", "ArtifactUnreachable")
    );
}

#[test]
fn a_restarted_controller_without_the_revision_keeps_nodes_compiled_from_it() {
    let (planner, _) = fixtures::planner();
    let m = with_code("ops", "site");
    let manifests = vec![Arc::new(m.clone())];
    let facts = NodeFacts::test("web-1");
    loaded(&planner, &m, revision("r1", "file /etc/motd one"));
    let r1 = spec_of(planner.plan(&web(), Some(&facts), &manifests, None));
    let cat = NodeCatalog::test("web-1", &r1, 1).applied(0);

    // Another controller, its artifact not fetched yet (or failing since it
    // started: a digest mismatch, a registry away).
    let (restarted, _) = fixtures::planner();
    assert_eq!(
        restarted.plan(&web(), Some(&facts), &manifests, Some(&cat)),
        Plan::Unchanged,
        "the node keeps the catalog r1 gave it"
    );
    // A node whose catalog never came from the Manifest has nothing to
    // keep of it: it follows its other Manifests.
    let issue = Manifest::test("ops", "issue", "file /etc/issue one");
    let first = spec_of(restarted.plan(&web(), Some(&facts), &[Arc::new(issue.clone())], None));
    let other = NodeCatalog::test("web-1", &first, 1).applied(0);
    let mut edited = Manifest::test("ops", "issue", "file /etc/issue two");
    edited.metadata.generation = Some(2);
    let both = vec![Arc::new(m.clone()), Arc::new(edited)];
    let spec = spec_of(restarted.plan(&web(), Some(&facts), &both, Some(&other)));
    assert_eq!(titles(&spec), vec!["File[/etc/issue]"]);
    assert_eq!(spec.sources.len(), 1);
    assert_eq!(spec.sources[0].name, "issue");
    // Once the revision loads, the node compiles it as before.
    loaded(&restarted, &m, revision("r1", "file /etc/motd one"));
    let again = spec_of(restarted.plan(&web(), Some(&facts), &manifests, None));
    assert_eq!(again.digest, r1.digest);
}

/// What a compile got: the modulepath and the environment's hiera.yaml.
type Seen = (Vec<PathBuf>, Option<PathBuf>);

#[test]
fn the_compile_takes_the_environments_modulepath_and_hiera() {
    let seen: Arc<Mutex<Vec<Seen>>> = Arc::default();
    let calls = Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let inner = fixtures::fake_compile(calls);
    let record = seen.clone();
    let planner = Planner::new(
        fixtures::fake_parse(),
        Arc::new(move |scope: &CompileScope, req: &CompileRequest| {
            if let Ok(mut s) = record.lock() {
                s.push((
                    req.modulepath.clone(),
                    scope.environment_hiera_config.clone(),
                ));
            }
            inner(scope, req)
        }),
        Arc::new(ControllerMetrics::default()),
    )
    .with_graph_check(fixtures::fake_graph_check());
    let m = with_code("ops", "site");
    let inline = Manifest::test("ops", "extra", "file /etc/extra x");
    loaded(&planner, &m, revision("r1", "file /etc/motd one"));
    let manifests = vec![Arc::new(m), Arc::new(inline)];
    let spec = spec_of(planner.plan(&web(), Some(&NodeFacts::test("web-1")), &manifests, None));
    assert_eq!(titles(&spec), vec!["File[/etc/extra]", "File[/etc/motd]"]);
    let seen = seen.lock().expect("lock");
    assert_eq!(
        seen.last().cloned(),
        Some((
            vec![PathBuf::from("/cache/r1/modules")],
            Some(PathBuf::from("/cache/r1/hiera.yaml"))
        ))
    );
}

#[test]
fn two_environments_for_one_node_fail_its_compile() {
    let (planner, calls) = fixtures::planner();
    let a = with_code("ops", "a");
    let b = with_code("ops", "b");
    loaded(&planner, &a, revision("r1", "file /etc/motd one"));
    loaded(&planner, &b, revision("r2", "file /etc/issue two"));
    let manifests = vec![Arc::new(a.clone()), Arc::new(b)];
    match planner.plan(&web(), Some(&NodeFacts::test("web-1")), &manifests, None) {
        Plan::Failed { reason, blamed, .. } => {
            assert_eq!(reason, reason::ENVIRONMENT_CONFLICT);
            assert_eq!(blamed.len(), 2);
        }
        other => panic!("expected a failure, got {other:?}"),
    }
    assert_eq!(calls.load(std::sync::atomic::Ordering::SeqCst), 0);
    // The same environment twice is fine.
    let (planner, _) = fixtures::planner();
    loaded(&planner, &a, revision("r1", "file /etc/motd one"));
    let c = with_code("ops", "c");
    loaded(&planner, &c, revision("r1", "file /etc/motd one"));
    let manifests = vec![Arc::new(a), Arc::new(c)];
    spec_of(planner.plan(&web(), Some(&NodeFacts::test("web-1")), &manifests, None));
}

#[test]
fn the_environments_resources_answer_to_the_manifests_grants() {
    let (planner, _) = fixtures::planner();
    let m = with_code("ops", "site");
    loaded(
        &planner,
        &m,
        revision("r1", "file /etc/motd one\nfile /srv/app ok"),
    );
    let mut g = ManifestGrant::test("ops", &["ops"]);
    g.spec.path_prefixes = vec!["/srv".into()];
    let grants = Grants::new(vec![Arc::new(g)]);
    let manifests = vec![Arc::new(m)];
    match planner.plan_granted(
        &web(),
        Some(&NodeFacts::test("web-1")),
        &manifests,
        &grants,
        None,
    ) {
        // Refused and left out: the only Manifest, so nothing is left.
        Plan::Write(spec) => {
            assert!(titles(&spec).is_empty(), "{:?}", titles(&spec));
        }
        Plan::Failed { reason, .. } => assert_eq!(reason, grant::GRANT_EXCEEDED),
        other => panic!("expected a refusal, got {other:?}"),
    }
    match planner.outcomes().get("web-1") {
        Some(NodeOutcome::Compiled { refused, .. }) => {
            assert_eq!(refused.len(), 1, "{refused:?}");
            assert!(refused[0].1.contains("/etc/motd"), "{:?}", refused[0].1);
        }
        Some(NodeOutcome::Failed { reason, .. }) => assert_eq!(*reason, grant::GRANT_EXCEEDED),
        None => panic!("no outcome"),
    }
}

#[test]
fn a_noop_environment_marks_its_modules_resources_too() {
    let calls = Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let inner = fixtures::fake_compile(calls);
    // The environment's module declares a resource of its own.
    let planner = Planner::new(
        fixtures::fake_parse(),
        Arc::new(move |scope: &CompileScope, req: &CompileRequest| {
            let mut catalog = inner(scope, req)?;
            if req.modulepath.iter().any(|p| p.ends_with("modules")) {
                let mut r = catalog.resources[0].clone();
                r.title = "/etc/from-module".into();
                r.file = Some("/cache/r1/modules/m/manifests/init.pp".into());
                r.parameters.shift_remove("noop");
                catalog.resources.push(r);
            }
            Ok(catalog)
        }),
        Arc::new(ControllerMetrics::default()),
    )
    .with_graph_check(fixtures::fake_graph_check());
    let mut m = with_code("ops", "site");
    m.spec.noop = true;
    let inline = Manifest::test("ops", "extra", "file /etc/extra x");
    loaded(&planner, &m, revision("r1", "file /etc/motd one"));
    let manifests = vec![Arc::new(m), Arc::new(inline)];
    let spec = spec_of(planner.plan(&web(), Some(&NodeFacts::test("web-1")), &manifests, None));
    let catalog = catalog_of(&spec);
    let noop = |title: &str| {
        catalog
            .resources
            .iter()
            .find(|r| r.title == title)
            .and_then(|r| r.parameters.get("noop").cloned())
    };
    assert_eq!(noop("/etc/motd"), Some(serde_json::Value::Bool(true)));
    assert_eq!(
        noop("/etc/from-module"),
        Some(serde_json::Value::Bool(true))
    );
    assert_eq!(noop("/etc/extra"), None, "the inline Manifest is not noop");
    assert!(!spec.noop, "not every Manifest is noop: the catalog is not");
}

/// The content of the file resource `path` in a catalog.
fn file_content(spec: &NodeCatalogSpec, path: &str) -> Option<String> {
    catalog_of(spec)
        .resources
        .iter()
        .find(|r| r.title == path)
        .and_then(|r| r.parameters.get("content"))
        .and_then(|v| v.as_str())
        .map(str::to_string)
}

fn with_code_rollout() -> Manifest {
    let mut m = with_code("ops", "site");
    m.spec.rollout = Some(crate::k8s::crd::RolloutSpec {
        max_unavailable: Some(crate::k8s::crd::IntOrPercent::Int(1)),
        ..Default::default()
    });
    m
}

/// The gate of the rollout of `rev`, admitting `nodes`.
fn code_gate(m: &Manifest, rev: &Loaded, nodes: &[&str]) -> Gate {
    let target = rollout::target(m, None, Some(rev));
    Gate {
        generation: target.generation,
        digest: target.digest,
        admitted: nodes.iter().map(|n| n.to_string()).collect(),
        status: None,
    }
}

#[test]
fn a_new_revision_rolls_out_and_unreached_nodes_keep_the_stable_one() {
    let (planner, _) = fixtures::planner();
    let m = with_code_rollout();
    let ms = vec![Arc::new(m.clone())];
    let (r1, r2) = (
        revision("r1", "file /etc/motd one"),
        revision("r2", "file /etc/motd two"),
    );
    loaded(&planner, &m, r1.clone());
    planner.record_stable_code(&m, &r1);
    loaded(&planner, &m, r2.clone());
    // The digest names the revision and the spec.code, not the generation.
    let t2 = rollout::target(&m, None, Some(&r2));
    assert_ne!(t2.digest, rollout::target(&m, None, Some(&r1)).digest);
    assert_eq!(t2.revision.as_deref(), Some("r2"));

    let changed = planner.set_gate(key(&m), code_gate(&m, &r2, &["a"]));
    assert_eq!(changed, vec!["a"]);
    let plan = |n: &str, current: Option<&NodeCatalog>| {
        planner.plan(&node(n, &[]), Some(&NodeFacts::test(n)), &ms, current)
    };
    let a = spec_of(plan("a", None));
    assert_eq!(file_content(&a, "/etc/motd").as_deref(), Some("two"));
    assert_eq!(a.sources[0].revision.as_deref(), Some("r2"));
    let b = spec_of(plan("b", None));
    assert_eq!(file_content(&b, "/etc/motd").as_deref(), Some("one"));
    assert_eq!(b.sources[0].revision.as_deref(), Some("r1"));
    // Only a catalog of the target revision holds the target.
    assert!(t2.holds_source(&a.sources[0]) && !t2.holds_source(&b.sources[0]));
    let a_cat = NodeCatalog::test("a", &a, 1).applied(0);
    let b_cat = NodeCatalog::test("b", &b, 1).applied(0);
    let k = key(&m);
    let gate = planner.gate(&k);
    assert_eq!(
        rollout::node_state(&k, &t2, "a", Some(&a_cat), None, gate.as_ref()),
        rollout::NodeState::Converged
    );
    assert_eq!(
        rollout::node_state(&k, &t2, "b", Some(&b_cat), None, gate.as_ref()),
        rollout::NodeState::Pending
    );

    // The rollout reaches b; once complete, r2 is the stable revision and
    // the cache keeps both layers until then.
    assert!(
        planner
            .loaded_layer_digests()
            .contains(&"sha256:layer-r1".to_string())
    );
    planner.set_gate(key(&m), code_gate(&m, &r2, &["a", "b"]));
    let b2 = spec_of(plan("b", Some(&b_cat)));
    assert_eq!(file_content(&b2, "/etc/motd").as_deref(), Some("two"));
    planner.record_stable_code(&m, &r2);
    let c = spec_of(plan("c", None));
    assert_eq!(
        file_content(&c, "/etc/motd").as_deref(),
        Some("two"),
        "the target is the stable revision: no gate needed"
    );
}

#[test]
fn before_any_revision_rolled_out_unreached_nodes_get_nothing_of_it() {
    let (planner, _) = fixtures::planner();
    let m = with_code_rollout();
    let ms = vec![Arc::new(m.clone())];
    let r1 = revision("r1", "file /etc/motd one");
    loaded(&planner, &m, r1.clone());
    planner.set_gate(key(&m), code_gate(&m, &r1, &["a"]));
    let b = spec_of(planner.plan(&node("b", &[]), Some(&NodeFacts::test("b")), &ms, None));
    assert!(titles(&b).is_empty());
    let a = spec_of(planner.plan(&node("a", &[]), Some(&NodeFacts::test("a")), &ms, None));
    assert_eq!(titles(&a), vec!["File[/etc/motd]"]);
}

#[test]
fn a_restarted_controller_without_the_stable_revision_keeps_unreached_nodes_as_they_are() {
    let (planner, _) = fixtures::planner();
    let m = with_code_rollout();
    let ms = vec![Arc::new(m.clone())];
    let (r1, r2) = (
        revision("r1", "file /etc/motd one"),
        revision("r2", "file /etc/motd two"),
    );
    loaded(&planner, &m, r1.clone());
    planner.record_stable_code(&m, &r1);
    let b = spec_of(planner.plan(&node("b", &[]), Some(&NodeFacts::test("b")), &ms, None));
    let b_cat = NodeCatalog::test("b", &b, 1).applied(0);

    // Another controller: it has r2 and a status naming r1 as stable, but
    // not r1 itself.
    let (restarted, _) = fixtures::planner();
    let mut m2 = m.clone();
    m2.status = Some(ManifestStatus {
        rollout: Some(crate::k8s::crd::RolloutStatus {
            target_generation: 1,
            stable_revision: Some("r1".into()),
            stable_digest: Some(r1.digest.clone()),
            stable_layer_digest: Some(r1.layer_digest.clone()),
            ..Default::default()
        }),
        ..Default::default()
    });
    let ms2 = vec![Arc::new(m2.clone())];
    loaded(&restarted, &m2, r2.clone());
    let plan = restarted.plan(
        &node("b", &[]),
        Some(&NodeFacts::test("b")),
        &ms2,
        Some(&b_cat),
    );
    assert_eq!(plan, Plan::Unchanged, "b keeps its r1 catalog");
    // Once loaded again, b compiles r1 (its facts may have changed).
    restarted.record_stable_code(&m2, &r1);
    let again = spec_of(restarted.plan(&node("b", &[]), Some(&NodeFacts::test("b")), &ms2, None));
    assert_eq!(file_content(&again, "/etc/motd").as_deref(), Some("one"));
}

#[test]
fn large_module_files_are_listed_by_checksum_and_only_their_node_may_read_them() {
    use crate::k8s::content::{Decision, Identity, Store, decide};
    use crate::k8s::controller::files::{INLINE_FILE, Limits};
    let env = tempfile::tempdir().expect("tempdir");
    let files = env.path().join("modules/m/files");
    std::fs::create_dir_all(&files).expect("mkdir");
    let big = vec![b'x'; INLINE_FILE as usize * 2];
    std::fs::write(files.join("big"), &big).expect("write");
    std::fs::write(files.join("small"), "small").expect("write");
    let store = Store::new(Limits::referencing(1 << 20));
    let (planner, _) = fixtures::planner();
    let planner = planner.with_content(store.clone());
    let m = with_code("ops", "site");
    let mut rev = revision(
        "r1",
        "source /etc/big puppet:///modules/m/big\nsource /etc/small puppet:///modules/m/small",
    );
    let mut code = (*rev.code).clone();
    code.modulepath = vec![env.path().join("modules")];
    rev.code = Arc::new(code);
    loaded(&planner, &m, rev);
    let manifests = vec![Arc::new(m)];
    let spec = spec_of(planner.plan(&web(), Some(&NodeFacts::test("web-1")), &manifests, None));
    // The large file by checksum, the small one inline; the digest covers both.
    use sha2::Digest;
    let sha = crate::k8s::content::hex(&sha2::Sha256::digest(&big));
    assert_eq!(spec.content.len(), 1);
    assert_eq!(
        (spec.content[0].path.as_str(), &spec.content[0].sha256),
        ("m/files/big", &sha)
    );
    assert_eq!(spec.content[0].size, big.len() as u64);
    assert!(spec.files.is_some());
    assert!(crate::k8s::codec::decode(&spec).is_ok());
    // The endpoint serves it to web-1's agent, and to no other node's.
    let agent = |node: &str| Ok(Identity::Agent { node: node.into() });
    assert!(
        matches!(decide(agent("web-1"), &sha, &store), Decision::Serve(l) if l.path == files.join("big"))
    );
    assert!(matches!(
        decide(agent("web-2"), &sha, &store),
        Decision::Forbidden(_)
    ));
}
