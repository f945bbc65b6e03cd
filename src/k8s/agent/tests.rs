//! The agent: its decisions on pure values, and whole runs against a
//! scripted API server with a fake transaction writing into a temp root.

use super::*;
use crate::k8s::crd::NodeCatalogSpec;
use crate::k8s::testing::ApiServer;
use std::sync::atomic::{AtomicUsize, Ordering};

fn catalog(content: &str) -> Catalog {
    Catalog::from_json(&format!(
        r#"{{"name":"node-a","resources":[{{"type":"File","title":"/etc/motd","parameters":{{"content":"{content}"}}}}]}}"#
    ))
    .expect("catalog")
}

fn node_catalog(content: &str, generation: i64, noop: bool) -> NodeCatalog {
    let cat = catalog(content);
    let enc = codec::encode(&cat, "node-a").expect("encodes");
    let mut nc = NodeCatalog::new(
        "node-a",
        NodeCatalogSpec {
            digest: codec::digest(&cat, noop),
            noop,
            sources: vec![],
            catalog: enc.catalog,
            compressed_catalog: enc.compressed_catalog,
            files: None,
            content: Vec::new(),
        },
    );
    nc.metadata.generation = Some(generation);
    nc.metadata.uid = Some("uid-catalog-node-a".into());
    nc
}

/// A node key for decisions that do not depend on it.
fn key() -> seal::NodeKey {
    seal::NodeKey::from_base64("AQIDBAUGBwgJCgsMDQ4PEBESExQVFhcYGRobHB0eHyA=").expect("key")
}

/// A NodeCatalog whose File content is Sensitive, sealed to `to`.
fn sealed_node_catalog(secret: &str, to: &seal::NodeKey) -> NodeCatalog {
    let mut cat = catalog(secret);
    cat.resources[0].sensitive_parameters = vec!["content".into()];
    seal::Sealer::random()
        .seal_catalog(&mut cat, "node-a", Some(&to.public_base64()))
        .expect("seals");
    let enc = codec::encode(&cat, "node-a").expect("encodes");
    let mut nc = NodeCatalog::new(
        "node-a",
        NodeCatalogSpec {
            digest: codec::digest(&cat, false),
            noop: false,
            sources: vec![],
            catalog: enc.catalog,
            compressed_catalog: enc.compressed_catalog,
            files: None,
            content: Vec::new(),
        },
    );
    nc.metadata.generation = Some(1);
    nc
}

#[test]
fn a_sealed_catalog_is_taken_sealed_and_opens_only_with_this_nodes_key() {
    let nc = sealed_node_catalog("pa55word", &key());
    let CatalogDecision::New(cached) = decide(None, &nc, &key()) else {
        panic!("sealed to this node: accepted")
    };
    let kept = serde_json::to_string(&cached.catalog).expect("json");
    assert!(
        !kept.contains("pa55word"),
        "the cache keeps it sealed: {kept}"
    );
    let opened = unsealed(&cached.catalog, &key()).expect("opens");
    assert_eq!(opened.resources[0].param_str("content"), Some("pa55word"));
    let other = seal::NodeKey::generate();
    match decide(None, &nc, &other) {
        CatalogDecision::SealedForAnotherKey(m) => {
            assert!(m.contains(&key().public_base64()), "{m}");
            assert!(m.contains("seals the catalog again"), "{m}");
        }
        d => panic!("not refused: {d:?}"),
    }
}

fn fixture_report(name: &str) -> serde_json::Value {
    let path = format!("{}/tests/fixtures/k8s/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    serde_json::from_str(&text).expect("report JSON")
}

/// A fake transaction: writes each File's content under the root (unless
/// noop) and reports like Puppet; counts its runs.
fn fake_apply(runs: Arc<AtomicUsize>) -> ApplyFn {
    Arc::new(move |catalog: &Catalog, options: &ApplyOptions| {
        runs.fetch_add(1, Ordering::SeqCst);
        let mut statuses = serde_json::Map::new();
        for r in &catalog.resources {
            let want = r.param_str("content").unwrap_or_default();
            let path = options.root.join(r.title.trim_start_matches('/'));
            let have = std::fs::read_to_string(&path).ok();
            let differs = have.as_deref() != Some(want);
            if differs && !options.noop {
                std::fs::create_dir_all(path.parent().unwrap_or(&options.root))
                    .map_err(|e| e.to_string())?;
                std::fs::write(&path, want).map_err(|e| e.to_string())?;
            }
            let events = if differs {
                vec![serde_json::json!({
                    "status": if options.noop { "noop" } else { "success" },
                    "message": if options.noop { "would change content (noop)" } else { "content changed" },
                })]
            } else {
                vec![]
            };
            statuses.insert(
                r.reference(),
                serde_json::json!({
                    "changed": differs && !options.noop, "out_of_sync": differs,
                    "failed": false, "skipped": false, "events": events,
                }),
            );
        }
        Ok(serde_json::json!({"status": "changed", "resource_statuses": statuses}))
    })
}

fn options(root: &Path) -> AgentOptions {
    AgentOptions {
        node: "node-a".into(),
        root: root.to_path_buf(),
        state_dir: root.join("var/lib/kuppet"),
        run_interval: Duration::from_secs(1800),
        splay_limit: Duration::from_secs(180),
        noop: false,
        metrics_addr: None,
        once: false,
        content: None,
    }
}

fn no_facts() -> FactsFn {
    Arc::new(|_: &Path| {
        let mut m = serde_json::Map::new();
        m.insert("os".into(), serde_json::json!({"family": "Debian"}));
        m
    })
}

#[test]
fn a_catalog_is_new_only_when_its_digest_changes() {
    let nc = node_catalog("hi", 1, false);
    let CatalogDecision::New(cached) = decide(None, &nc, &key()) else {
        panic!("first catalog is new")
    };
    assert_eq!((cached.generation, cached.noop), (1, false));
    assert_eq!(decide(Some(&cached), &nc, &key()), CatalogDecision::Same);
    let edited = node_catalog("ho", 2, false);
    assert!(matches!(
        decide(Some(&cached), &edited, &key()),
        CatalogDecision::New(_)
    ));
    let noop = node_catalog("hi", 3, true);
    assert!(
        matches!(decide(Some(&cached), &noop, &key()), CatalogDecision::New(c) if c.noop),
        "noop is part of the digest"
    );
}

#[test]
fn a_tampered_catalog_is_refused() {
    let mut nc = node_catalog("hi", 1, false);
    if let Some(serde_json::Value::Object(c)) = &mut nc.spec.catalog {
        c.insert("name".into(), "someone-else".into());
    }
    assert!(
        matches!(decide(None, &nc, &key()), CatalogDecision::Invalid(e) if e.contains("digest"))
    );
}

fn cached() -> CachedCatalog {
    let cat = catalog("hi");
    CachedCatalog {
        digest: codec::digest(&cat, false),
        generation: 4,
        noop: false,
        catalog: cat,
        files: None,
        content: Vec::new(),
    }
}

fn info(c: &CachedCatalog) -> RunInfo<'_> {
    RunInfo {
        started: "2024-05-01T12:00:00Z",
        duration: Duration::from_millis(1234),
        catalog: c,
        noop: false,
        from_cache: false,
        rejected: None,
    }
}

#[test]
fn a_run_with_failures_is_degraded_not_ready_and_names_the_root_causes() {
    let report = fixture_report("failures.report.json");
    let path = format!(
        "{}/tests/fixtures/k8s/failures.catalog.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let cat = Catalog::from_json(&std::fs::read_to_string(path).expect("reads")).expect("catalog");
    let result = RunResult::Ran(summary::summarize(&report, &cat));
    let c = cached();
    let st = run_status(&[], &info(&c), &result, "T");
    assert_eq!(st.observed_generation, Some(4));
    let ready = status::find(&st.conditions, kind::READY).expect("Ready");
    assert_eq!(
        (ready.status.as_str(), ready.reason.as_str()),
        ("False", "ResourcesFailed")
    );
    assert!(
        ready.message.contains("2 resources failed, 5 skipped"),
        "{}",
        ready.message
    );
    assert!(status::is_true(&st.conditions, kind::DEGRADED));
    assert!(
        !status::is_true(&st.conditions, kind::STALLED),
        "failures are retried, not stalled"
    );
    assert!(
        st.conditions
            .iter()
            .all(|c| c.observed_generation == Some(4))
    );
    let run = st.last_run.as_ref().expect("lastRun");
    assert_eq!(
        (run.outcome.as_str(), run.digest.as_str()),
        ("Failed", c.digest.as_str())
    );
    assert_eq!(run.duration_seconds, 1.234);
    assert_eq!(st.failed_resources[0].resource, "Exec[broken]");
    assert_eq!(st.failed_resources[0].skipped_dependents, 5);

    let events = run_events(&result);
    let warnings: Vec<&str> = events
        .iter()
        .filter(|e| e.severity == Severity::Warning)
        .map(|e| e.message.as_str())
        .collect();
    assert_eq!(warnings.len(), 2);
    assert!(
        warnings[0].starts_with("Exec[broken]: ")
            && warnings[0].ends_with("(5 dependent resources skipped)")
    );
    assert_eq!(
        events
            .iter()
            .filter(|e| e.reason == "ResourceChanged")
            .count(),
        2
    );
}

#[test]
fn a_noop_run_that_finds_differences_is_ready_and_drifted() {
    let report = fixture_report("drift.report.json");
    let result = RunResult::Ran(summary::summarize(&report, &catalog("x")));
    let c = cached();
    let st = run_status(&[], &info(&c), &result, "T");
    let ready = status::find(&st.conditions, kind::READY).expect("Ready");
    assert_eq!(
        (ready.status.as_str(), ready.reason.as_str()),
        ("True", "NoopDrift")
    );
    let drifted = status::find(&st.conditions, kind::DRIFTED).expect("Drifted");
    assert_eq!(
        (drifted.status.as_str(), drifted.reason.as_str()),
        ("True", "NoopChangesPending")
    );
    assert!(drifted.message.contains("motd"));
    assert!(!status::is_true(&st.conditions, kind::DEGRADED));
    assert_eq!(
        st.last_run.as_ref().map(|r| r.outcome.as_str()),
        Some("Drifted")
    );
    assert!(
        run_events(&result)
            .iter()
            .all(|e| e.reason == "ResourceDrifted")
    );
}

#[test]
fn a_run_that_cannot_start_is_stalled() {
    let c = cached();
    let result =
        RunResult::CouldNotRun("dependency cycle: File[/a] => File[/b] => File[/a]".into());
    let st = run_status(&[], &info(&c), &result, "T");
    let stalled = status::find(&st.conditions, kind::STALLED).expect("Stalled");
    assert_eq!(
        (stalled.status.as_str(), stalled.reason.as_str()),
        ("True", "RunFailed")
    );
    assert!(stalled.message.contains("dependency cycle"));
    assert_eq!(run_events(&result)[0].severity, Severity::Warning);
}

#[test]
fn many_changes_make_ten_events_and_a_summary() {
    let changes: Vec<summary::Change> = (0..25)
        .map(|i| summary::Change {
            resource: format!("File[/f{i}]"),
            message: "content changed".into(),
        })
        .collect();
    let result = RunResult::Ran(RunSummary {
        outcome: Outcome::Changed,
        counts: Default::default(),
        failed: vec![],
        changes,
        drift: vec![],
    });
    let events = run_events(&result);
    assert_eq!(events.len(), 11);
    assert_eq!(events[10].message, "and 15 more changes");
}

#[test]
fn periodic_runs_are_splayed_within_the_limit() {
    let interval = Duration::from_secs(1800);
    let limit = Duration::from_secs(180);
    assert_eq!(next_wait(interval, limit, 0), interval);
    let w = next_wait(interval, limit, 9_999);
    assert!(w > interval && w < interval + limit);
    assert_eq!(next_wait(interval, Duration::ZERO, 5_000), interval);
}

#[tokio::test]
async fn a_new_catalog_is_cached_applied_and_reported() {
    let root = tempfile::tempdir().expect("tempdir");
    let runs = Arc::new(AtomicUsize::new(0));
    let (client, mut api) = ApiServer::client();
    let mut agent = Agent::new(
        Some(client),
        options(root.path()),
        fake_apply(runs.clone()),
        no_facts(),
    )
    .expect("agent");
    let nc = node_catalog("hello\\n", 7, false);
    let server = tokio::spawn(async move {
        let facts = api.next().await;
        assert_eq!(
            facts.line(),
            "PATCH /apis/kuppet.dev/v1alpha1/nodefacts/node-a"
        );
        assert!(facts.has_query("fieldManager", "kuppet-agent"));
        assert_eq!(facts.body["spec"]["facts"]["os"]["family"], "Debian");
        let body = facts.body.clone();
        facts.ok(&body);

        let st = api.next().await;
        assert_eq!(
            st.line(),
            "PATCH /apis/kuppet.dev/v1alpha1/nodecatalogs/node-a/status"
        );
        assert!(st.has_query("fieldManager", "kuppet-agent"));
        let status: NodeCatalogStatus =
            serde_json::from_value(st.body["status"].clone()).expect("status");
        assert_eq!(status.observed_generation, Some(7));
        assert!(status::is_true(&status.conditions, kind::READY));
        assert_eq!(
            status.last_run.as_ref().map(|r| r.outcome.as_str()),
            Some("Changed")
        );
        let mut answered = node_catalog("hello\\n", 7, false);
        answered.status = Some(status);
        st.ok(&answered);

        let ev = api.next().await;
        assert_eq!(
            ev.line(),
            "POST /apis/events.k8s.io/v1/namespaces/default/events"
        );
        assert_eq!(ev.body["reason"], "ResourceChanged");
        assert_eq!(ev.body["regarding"]["kind"], "NodeCatalog");
        assert_eq!(ev.body["reportingController"], "kuppet.dev/agent");
        let body = ev.body.clone();
        ev.ok(&body);
        api
    });
    assert!(
        agent.on_catalog(nc.clone()).await,
        "a new catalog is applied"
    );
    let (outcome, changed) = agent.run_once().await.expect("ran");
    assert_eq!((outcome, changed), (Outcome::Changed, true));
    let mut api = server.await.expect("server script");
    assert_eq!(
        std::fs::read_to_string(root.path().join("etc/motd")).expect("converged"),
        "hello\n"
    );
    assert!(!agent.has_pending());
    // The same catalog again (e.g. our own status write echoed by the watch): no run.
    assert!(!agent.on_catalog(nc).await);
    api.expect_silence(Duration::from_millis(100)).await;
    // And it is on disk for the next start.
    let cached = StateDir::new(root.path(), root.path().join("var/lib/kuppet"))
        .expect("dir")
        .load_catalog()
        .expect("reads")
        .expect("cached");
    assert_eq!(cached.generation, 7);
    assert_eq!(runs.load(Ordering::SeqCst), 1);
}

#[tokio::test]
async fn without_the_api_server_it_enforces_the_cache_and_reports_later() {
    let root = tempfile::tempdir().expect("tempdir");
    let runs = Arc::new(AtomicUsize::new(0));
    // First life: receives the catalog, then the API server goes away.
    {
        let (client, mut api) = ApiServer::client();
        let mut agent = Agent::new(
            Some(client),
            options(root.path()),
            fake_apply(runs.clone()),
            no_facts(),
        )
        .expect("agent");
        agent.on_catalog(node_catalog("managed\\n", 3, false)).await;
        let server = tokio::spawn(async move {
            api.next().await.fail(503, "ServiceUnavailable");
            api.next().await.fail(503, "ServiceUnavailable");
        });
        agent.run_once().await.expect("ran");
        server.await.expect("server script");
        assert!(agent.has_pending(), "the status waits for the API server");
    }
    // Someone breaks the file; the agent restarts with no API server at all.
    std::fs::write(root.path().join("etc/motd"), "broken by hand").expect("writes");
    let mut offline = Agent::new(
        None,
        options(root.path()),
        fake_apply(runs.clone()),
        no_facts(),
    )
    .expect("agent");
    assert!(
        offline.current().is_some(),
        "the catalog came back from disk"
    );
    assert!(offline.has_pending(), "so did the unreported status");
    offline.run_once().await.expect("ran from the cache");
    assert_eq!(
        std::fs::read_to_string(root.path().join("etc/motd")).expect("reads"),
        "managed\n",
        "repaired without the API server"
    );
    // The API server is back: the latest run's status is written.
    let (client, mut api) = ApiServer::client();
    let mut back = Agent::new(
        Some(client),
        options(root.path()),
        fake_apply(runs.clone()),
        no_facts(),
    )
    .expect("agent");
    let server = tokio::spawn(async move {
        let st = api.next().await;
        assert_eq!(
            st.line(),
            "PATCH /apis/kuppet.dev/v1alpha1/nodecatalogs/node-a/status"
        );
        let status: NodeCatalogStatus =
            serde_json::from_value(st.body["status"].clone()).expect("status");
        assert_eq!(status.observed_generation, Some(3));
        let run = status.last_run.clone().expect("lastRun");
        assert!(run.from_cache, "the run applied the cached catalog");
        let mut answered = node_catalog("managed\\n", 3, false);
        answered.status = Some(status);
        st.ok(&answered);
    });
    assert!(back.push().await);
    server.await.expect("server script");
    assert!(!back.has_pending());
    assert_eq!(runs.load(Ordering::SeqCst), 2);
}

#[tokio::test]
async fn global_noop_changes_nothing_and_reports_drift() {
    let root = tempfile::tempdir().expect("tempdir");
    let runs = Arc::new(AtomicUsize::new(0));
    let mut opts = options(root.path());
    opts.noop = true;
    let mut agent = Agent::new(None, opts, fake_apply(runs), no_facts()).expect("agent");
    agent.on_catalog(node_catalog("x", 1, false)).await;
    let (outcome, changed) = agent.run_once().await.expect("ran");
    assert_eq!((outcome, changed), (Outcome::Drifted, false));
    assert!(!root.path().join("etc/motd").exists());
}

#[tokio::test]
async fn once_applies_the_cache_and_exits_with_puppets_detailed_code() {
    let root = tempfile::tempdir().expect("tempdir");
    let runs = Arc::new(AtomicUsize::new(0));
    let empty = Agent::new(
        None,
        options(root.path()),
        fake_apply(runs.clone()),
        no_facts(),
    )
    .expect("agent");
    let err = run_single(empty, None).await.expect_err("nothing to apply");
    assert!(matches!(err, AgentError::NoCatalog { .. }));
    assert!(err.to_string().contains("var/lib/kuppet"), "{err}");

    let mut first = Agent::new(
        None,
        options(root.path()),
        fake_apply(runs.clone()),
        no_facts(),
    )
    .expect("agent");
    first.on_catalog(node_catalog("hi\\n", 2, false)).await;
    let once = || {
        Agent::new(
            None,
            options(root.path()),
            fake_apply(runs.clone()),
            no_facts(),
        )
        .expect("agent")
    };
    assert_eq!(
        run_single(once(), None).await.expect("ran"),
        2,
        "changes: 2"
    );
    assert_eq!(
        run_single(once(), None).await.expect("ran"),
        0,
        "in sync: 0"
    );
    assert_eq!(runs.load(Ordering::SeqCst), 2);
}

#[tokio::test]
async fn a_new_generation_of_the_same_catalog_is_acknowledged_without_a_run() {
    let root = tempfile::tempdir().expect("tempdir");
    let runs = Arc::new(AtomicUsize::new(0));
    let (client, mut api) = ApiServer::client();
    let mut agent = Agent::new(
        Some(client),
        options(root.path()),
        fake_apply(runs.clone()),
        no_facts(),
    )
    .expect("agent");
    let server = tokio::spawn(async move {
        api.next().await.fail(503, "ServiceUnavailable"); // facts
        let st = api.next().await; // the run's status
        let status: NodeCatalogStatus =
            serde_json::from_value(st.body["status"].clone()).expect("status");
        assert_eq!(status.observed_generation, Some(1));
        let mut answered = node_catalog("x", 1, false);
        answered.status = Some(status);
        st.ok(&answered);
        let ev = api.next().await;
        let body = ev.body.clone();
        ev.ok(&body);
        // Generation 2 carries the same catalog: only the status moves.
        let st = api.next().await;
        assert_eq!(
            st.line(),
            "PATCH /apis/kuppet.dev/v1alpha1/nodecatalogs/node-a/status"
        );
        let status: NodeCatalogStatus =
            serde_json::from_value(st.body["status"].clone()).expect("status");
        assert_eq!(status.observed_generation, Some(2));
        assert!(
            status
                .conditions
                .iter()
                .all(|c| c.observed_generation == Some(2))
        );
        assert_eq!(
            status.last_run.map(|r| r.outcome),
            Some("Changed".to_string())
        );
        let answered = node_catalog("x", 2, false);
        st.ok(&answered);
        api
    });
    agent.on_catalog(node_catalog("x", 1, false)).await;
    agent.run_once().await.expect("ran");
    // The watch brings generation 2, with the status the agent wrote for 1.
    let mut next = node_catalog("x", 2, false);
    next.status = agent.seen.as_ref().and_then(|s| s.status.clone());
    assert!(!agent.on_catalog(next).await, "no new run");
    let mut api = server.await.expect("server script");
    api.expect_silence(Duration::from_millis(100)).await;
    assert_eq!(runs.load(Ordering::SeqCst), 1);
    assert_eq!(agent.current().map(|c| c.generation), Some(2));
}

/// A NodeCatalog carrying `catalog` as it is (its digest right: only the
/// agent's checks can refuse it).
fn node_catalog_of(cat: &Catalog, generation: i64) -> NodeCatalog {
    let enc = codec::encode(cat, "node-a").expect("encodes");
    let mut nc = NodeCatalog::new(
        "node-a",
        NodeCatalogSpec {
            digest: codec::digest(cat, false),
            noop: false,
            sources: vec![],
            catalog: enc.catalog,
            compressed_catalog: enc.compressed_catalog,
            files: None,
            content: Vec::new(),
        },
    );
    nc.metadata.generation = Some(generation);
    nc
}

fn hostile(resources: serde_json::Value) -> Catalog {
    serde_json::from_value(serde_json::json!({"name": "node-a", "resources": resources}))
        .expect("catalog")
}

#[test]
fn each_class_of_hostile_catalog_is_refused_by_name() {
    let mut deep = serde_json::json!(1);
    for _ in 0..50 {
        deep = serde_json::json!([deep]);
    }
    let cases = [
        (
            hostile(
                serde_json::json!([{"type": "File", "title": "/etc/x\u{0}", "parameters": {"content": "x"}}]),
            ),
            "File[/etc/x\u{0}]: its title holds a NUL byte",
        ),
        (
            hostile(
                serde_json::json!([{"type": "File", "title": "etc/x", "parameters": {"content": "x"}}]),
            ),
            "File paths must be fully qualified",
        ),
        (
            hostile(
                serde_json::json!([{"type": "File", "title": format!("/{}", "a/".repeat(3000))}]),
            ),
            "more than the 4095 a path may have",
        ),
        (
            hostile(
                serde_json::json!([{"type": "Notify", "title": "n", "parameters": {"message": deep}}]),
            ),
            "nests arrays and hashes more than 32 levels deep",
        ),
        (
            hostile(serde_json::json!([{"type": "not a type", "title": "n"}])),
            "is not a resource type name",
        ),
        (
            hostile(
                serde_json::json!([{"type": "Notify", "title": "n"}, {"type": "Notify", "title": "n"}]),
            ),
            "Notify[n]: it is declared twice",
        ),
        (
            hostile(
                serde_json::json!([{"type": "Notify", "title": "n", "parameters": {"before": "Exec[ghost]"}}]),
            ),
            "Could not retrieve dependency 'Exec[ghost]' of Notify[n]",
        ),
        (
            hostile(
                serde_json::json!([{"type": "File", "title": "/x", "parameters": {"mode": "abc"}}]),
            ),
            "The file mode specification is invalid",
        ),
    ];
    for (cat, expected) in cases {
        match decide(None, &node_catalog_of(&cat, 1), &key()) {
            CatalogDecision::Invalid(message) => {
                assert!(message.contains(expected), "{expected:?} in {message:?}")
            }
            other => panic!("{expected}: not refused: {other:?}"),
        }
    }
    let mut cat = catalog("hi");
    cat.edges.push(kuppet_catalog::Edge {
        source: "Class[main]".into(),
        target: "File[/etc/motd]".into(),
    });
    assert!(matches!(
        decide(None, &node_catalog_of(&cat, 1), &key()),
        CatalogDecision::Invalid(m) if m.contains("a containment edge names Class[main], which the catalog does not hold")
    ));
}

#[tokio::test]
async fn a_refused_catalog_keeps_the_last_good_one_enforced_and_says_so() {
    let root = tempfile::tempdir().expect("tempdir");
    let runs = Arc::new(AtomicUsize::new(0));
    let mut agent = Agent::new(
        None,
        options(root.path()),
        fake_apply(runs.clone()),
        no_facts(),
    )
    .expect("agent");
    let good = node_catalog("good\\n", 1, false);
    assert!(agent.on_catalog(good.clone()).await);
    agent.run_once().await.expect("ran");

    let bad = node_catalog_of(
        &hostile(
            serde_json::json!([{"type": "File", "title": "/etc/motd", "parameters": {"content": "x", "bad key": 1}}]),
        ),
        2,
    );
    assert!(!agent.on_catalog(bad.clone()).await, "nothing new to apply");
    assert_eq!(agent.current().map(|c| &c.digest), Some(&good.spec.digest));
    let rejected = agent.rejected().expect("refused").clone();
    assert_eq!(rejected.generation, Some(2));
    assert!(
        rejected.message.contains("is not a parameter name"),
        "{}",
        rejected.message
    );
    let status = &agent.pending.as_ref().expect("status pending").status;
    let ready = status
        .conditions
        .iter()
        .find(|c| c.type_ == kind::READY)
        .expect("ready");
    assert_eq!(
        (ready.status.as_str(), ready.reason.as_str()),
        ("False", "CatalogInvalid")
    );
    assert!(
        ready
            .message
            .contains("keeps enforcing its previous catalog")
    );
    assert!(status::is_true(&status.conditions, kind::STALLED));
    assert_eq!(
        agent.pending_events.last().map(|n| n.reason),
        Some("CatalogInvalid")
    );

    // The periodic run applies the last good catalog and still says why
    // the new one is not applied.
    std::fs::write(root.path().join("etc/motd"), "drifted").expect("drift");
    agent.run_once().await.expect("ran");
    assert_eq!(
        std::fs::read_to_string(root.path().join("etc/motd")).expect("motd"),
        "good\n"
    );
    let status = &agent.pending.as_ref().expect("status pending").status;
    assert!(!status::is_true(&status.conditions, kind::READY));
    assert!(status::is_true(&status.conditions, kind::STALLED));
    assert_eq!(status.observed_generation, Some(2));
    assert_eq!(
        status.last_run.as_ref().map(|r| r.digest.as_str()),
        Some(good.spec.digest.as_str()),
        "the run applied the previous catalog"
    );
    // The same refused catalog again (a watch echo): refused once only.
    let events = agent.pending_events.len();
    assert!(!agent.on_catalog(bad).await);
    assert_eq!(agent.pending_events.len(), events);

    // A restart keeps the good catalog on disk, not the refused one.
    let again = Agent::new(
        None,
        options(root.path()),
        fake_apply(runs.clone()),
        no_facts(),
    )
    .expect("agent");
    assert_eq!(again.current().map(|c| &c.digest), Some(&good.spec.digest));

    // A good catalog clears the refusal.
    assert!(agent.on_catalog(node_catalog("fixed\\n", 3, false)).await);
    assert!(agent.rejected().is_none());
    agent.run_once().await.expect("ran");
    let status = &agent.pending.as_ref().expect("status pending").status;
    assert!(status::is_true(&status.conditions, kind::READY));
    assert!(!status::is_true(&status.conditions, kind::STALLED));
    assert_eq!(runs.load(Ordering::SeqCst), 3);
}

#[test]
fn a_cached_catalog_that_fails_the_checks_is_not_applied() {
    let root = tempfile::tempdir().expect("tempdir");
    let dir = StateDir::new(root.path(), root.path().join("var/lib/kuppet")).expect("dir");
    let bad = hostile(
        serde_json::json!([{"type": "File", "title": "relative", "parameters": {"content": "x"}}]),
    );
    dir.save_catalog(&CachedCatalog {
        digest: codec::digest(&bad, false),
        generation: 1,
        noop: false,
        catalog: bad,
        files: None,
        content: Vec::new(),
    })
    .expect("saves");
    let agent = Agent::new(
        None,
        options(root.path()),
        fake_apply(Arc::new(AtomicUsize::new(0))),
        no_facts(),
    )
    .expect("agent");
    assert!(agent.current().is_none());
}

#[tokio::test]
async fn a_sealed_catalog_is_applied_in_clear_and_cached_sealed_across_restarts() {
    let root = tempfile::tempdir().expect("tempdir");
    let runs = Arc::new(AtomicUsize::new(0));
    let opts = options(root.path());
    let key = StateDir::new(root.path(), &opts.state_dir)
        .expect("state dir")
        .seal_key()
        .expect("the agent's key");
    let nc = sealed_node_catalog("Pa55-For-Node-A", &key);
    {
        let mut agent =
            Agent::new(None, opts.clone(), fake_apply(runs.clone()), no_facts()).expect("agent");
        assert!(agent.on_catalog(nc).await, "a new catalog");
        agent.run_once().await.expect("ran");
    }
    assert_eq!(
        std::fs::read_to_string(root.path().join("etc/motd")).expect("applied"),
        "Pa55-For-Node-A"
    );
    let cache = std::fs::read_to_string(opts.state_dir.join("catalog.json")).expect("cached");
    assert!(
        !cache.contains("Pa55"),
        "the cache holds it sealed: {cache}"
    );
    // Restarted without the API server: the sealed cache is still enforced.
    std::fs::write(root.path().join("etc/motd"), "broken").expect("writes");
    let mut again = Agent::new(None, opts, fake_apply(runs.clone()), no_facts()).expect("agent");
    assert!(again.current().is_some(), "the sealed cache is kept");
    again.run_once().await.expect("ran from the cache");
    assert_eq!(
        std::fs::read_to_string(root.path().join("etc/motd")).expect("repaired"),
        "Pa55-For-Node-A"
    );
}
