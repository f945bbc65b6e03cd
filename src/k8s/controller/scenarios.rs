//! The controller against a scripted API server, scenario by scenario: which
//! requests a reconcile makes, with which bodies, and which it must not make.

use super::fixtures::{self, node};
use super::*;
use crate::k8s::testing::ApiServer;
use kube::runtime::reflector::store::Writer;
use std::sync::atomic::AtomicUsize;

/// A controller context over stores the test fills, and the fake API server.
struct World {
    ctx: Arc<Context>,
    api: ApiServer,
    nodes: Writer<Node>,
    manifests: Writer<Manifest>,
    facts: Writer<NodeFacts>,
    catalogs: Writer<NodeCatalog>,
    compiles: Arc<AtomicUsize>,
}

fn filled<K>(writer: &mut Writer<K>)
where
    K: kube::Resource + Clone + 'static,
    K::DynamicType: Eq + std::hash::Hash + Clone,
{
    writer.apply_watcher_event(&watcher::Event::Init);
    writer.apply_watcher_event(&watcher::Event::InitDone);
}

impl World {
    fn new() -> World {
        let (planner, compiles) = fixtures::planner();
        World::with_planner(planner, compiles)
    }

    fn with_planner(planner: Planner, compiles: Arc<AtomicUsize>) -> World {
        let (client, api) = ApiServer::client();
        let (nodes_r, mut nodes) = reflector::store();
        let (manifests_r, mut manifests) = reflector::store();
        let (facts_r, mut facts) = reflector::store();
        let (catalogs_r, mut catalogs) = reflector::store();
        let (grants_r, mut grants) = reflector::store();
        filled(&mut nodes);
        filled(&mut manifests);
        filled(&mut facts);
        filled(&mut catalogs);
        filled(&mut grants);
        // The Manifests of these scenarios may configure every node.
        grants.apply_watcher_event(&watcher::Event::Apply(ManifestGrant::test(
            "everything",
            &["default", "team"],
        )));
        let (stores, fill) = Stores::new(
            nodes_r,
            manifests_r,
            facts_r,
            catalogs_r,
            grants_r,
            tokio::sync::watch::channel(true).1,
        );
        futures::executor::block_on(fill.wait()).expect("the stores are filled");
        let ctx = Context::new(
            client,
            Arc::new(planner),
            stores,
            Arc::new(ControllerMetrics::default()),
            "kuppet-controller-0",
            2,
        );
        World {
            ctx: Arc::new(ctx),
            api,
            nodes,
            manifests,
            facts,
            catalogs,
            compiles,
        }
    }

    fn node(mut self, n: Node) -> World {
        self.nodes.apply_watcher_event(&watcher::Event::Apply(n));
        self
    }

    fn manifest(mut self, m: Manifest) -> World {
        self.manifests
            .apply_watcher_event(&watcher::Event::Apply(m));
        self
    }

    /// NodeFacts already owned by their Node (as after a first reconcile).
    fn owned_facts(mut self, name: &str) -> World {
        let mut f = NodeFacts::test(name);
        f.metadata.owner_references = Some(vec![
            serde_json::from_value(node_owner(&node(name, &[]))).expect("owner reference"),
        ]);
        self.facts.apply_watcher_event(&watcher::Event::Apply(f));
        self
    }

    fn catalog(mut self, c: NodeCatalog) -> World {
        self.catalogs.apply_watcher_event(&watcher::Event::Apply(c));
        self
    }

    fn reconcile(&self, n: Node) -> tokio::task::JoinHandle<Result<Action, ReconcileError>> {
        tokio::spawn(reconcile_node(Arc::new(n), self.ctx.clone()))
    }
}

fn web() -> Node {
    node("web-1", &[("role", "web")])
}

/// The spec the controller computes for `web-1` with these Manifests.
fn spec_for(manifests: &[Manifest]) -> Arc<NodeCatalogSpec> {
    let (planner, _) = fixtures::planner();
    let ms: Vec<Arc<Manifest>> = manifests.iter().cloned().map(Arc::new).collect();
    match planner.plan(&web(), Some(&NodeFacts::test("web-1")), &ms, None) {
        Plan::Write(spec) => spec,
        other => panic!("expected a catalog, got {other:?}"),
    }
}

/// Reconciles that start before the caches are filled wait for them, each
/// in its own task (as in the node controller's slots), while the status
/// loop waits too: every one of them goes on once the caches fill.
#[tokio::test]
async fn every_waiter_goes_on_when_the_caches_fill() {
    let (nodes_r, mut nodes) = reflector::store::<Node>();
    let (manifests_r, mut manifests) = reflector::store::<Manifest>();
    let (facts_r, mut facts) = reflector::store::<NodeFacts>();
    let (catalogs_r, mut catalogs) = reflector::store::<NodeCatalog>();
    let (grants_r, mut grants) = reflector::store::<ManifestGrant>();
    let (nodes_filled_tx, nodes_filled) = tokio::sync::watch::channel(false);
    let (stores, fill) = Stores::new(
        nodes_r,
        manifests_r,
        facts_r,
        catalogs_r,
        grants_r,
        nodes_filled,
    );
    // A reconcile waiting for the caches, in a task of its own.
    let waiter = || {
        let stores = stores.clone();
        tokio::spawn(async move { stores.ready().await.is_ok() })
    };
    let waiters: Vec<_> = (0..8).map(|_| waiter()).collect();
    for _ in 0..4 {
        tokio::task::yield_now().await;
    }
    let status_loop = tokio::spawn(fill.wait());
    // More reconciles wait after the status loop began to.
    let late: Vec<_> = (0..4).map(|_| waiter()).collect();
    for _ in 0..4 {
        tokio::task::yield_now().await;
    }
    filled(&mut manifests);
    filled(&mut facts);
    filled(&mut catalogs);
    filled(&mut grants);
    tokio::task::yield_now().await;
    assert!(
        !status_loop.is_finished(),
        "the Node store is not filled yet"
    );
    filled(&mut nodes);
    nodes_filled_tx.send_replace(true);
    let wait = Duration::from_secs(10);
    for w in waiters.into_iter().chain(late) {
        let ok = tokio::time::timeout(wait, w)
            .await
            .expect("a reconcile still waits for the caches after they filled")
            .expect("joins");
        assert!(ok);
    }
    tokio::time::timeout(wait, status_loop)
        .await
        .expect("the status loop goes on")
        .expect("joins")
        .expect("the caches filled");
}

/// A new node's catalog is written first, then its NodeFacts' owner (so a
/// new fleet's catalogs do not wait behind as many owner patches).
#[tokio::test]
async fn a_new_node_gets_its_catalog_then_owned_facts_by_server_side_apply() {
    let motd = Manifest::test("default", "motd", "file /etc/motd hello");
    let mut world = World::new().node(web()).manifest(motd.clone());
    world
        .facts
        .apply_watcher_event(&watcher::Event::Apply(NodeFacts::test("web-1")));
    let task = world.reconcile(web());

    let call = world.api.next().await;
    assert_eq!(
        call.line(),
        "PATCH /apis/kuppet.dev/v1alpha1/nodecatalogs/web-1"
    );
    assert!(call.has_query("fieldManager", "kuppet-controller"));
    assert!(call.has_query("force", "true"));
    let expected = spec_for(&[motd]);
    assert_eq!(call.body["spec"]["digest"], expected.digest.as_str());
    assert_eq!(call.body["spec"]["sources"][0]["name"], "motd");
    assert_eq!(call.body["metadata"]["ownerReferences"][0]["name"], "web-1");
    assert_eq!(
        call.body["spec"]["catalog"]["resources"][0]["title"], "/etc/motd",
        "a small catalog is stored readable"
    );
    call.ok(&NodeCatalog::test("web-1", &expected, 1));

    let call = world.api.next().await;
    assert_eq!(
        call.line(),
        "PATCH /apis/kuppet.dev/v1alpha1/nodefacts/web-1"
    );
    assert!(call.has_query("fieldManager", "kuppet-controller"));
    assert_eq!(call.body["metadata"]["ownerReferences"][0]["kind"], "Node");
    assert_eq!(
        call.body["metadata"]["ownerReferences"][0]["uid"],
        "uid-node-web-1"
    );
    assert!(call.body.get("spec").is_none(), "the agent owns the facts");
    call.ok(&NodeFacts::test("web-1"));

    let action = task.await.expect("joins").expect("reconciles");
    assert_eq!(action, Action::requeue(RESYNC));
    assert_eq!(world.ctx.metrics.catalog_writes.get(), 1);
}

#[tokio::test]
async fn an_unchanged_catalog_is_not_written_again() {
    let motd = Manifest::test("default", "motd", "file /etc/motd hello");
    let spec = spec_for(std::slice::from_ref(&motd));
    let mut world = World::new()
        .node(web())
        .manifest(motd)
        .owned_facts("web-1")
        .catalog(NodeCatalog::test("web-1", &spec, 1));
    let task = world.reconcile(web());
    world.api.expect_silence(Duration::from_millis(300)).await;
    task.await.expect("joins").expect("reconciles");
    assert_eq!(world.compiles.load(std::sync::atomic::Ordering::SeqCst), 1);
}

/// The watch brings the NodeCatalog just written (by this reconcile's
/// predecessor) while the next compile of that node runs: what the compile
/// planned against is stale, but the object already holds the spec, so
/// nothing is written again.
#[tokio::test]
async fn a_spec_the_catalog_received_during_the_compile_is_not_written_again() {
    let motd = Manifest::test("default", "motd", "file /etc/motd hello");
    let spec = spec_for(std::slice::from_ref(&motd));
    let (started_tx, started_rx) = std::sync::mpsc::channel::<()>();
    let (go_tx, go_rx) = std::sync::mpsc::channel::<()>();
    let go_rx = std::sync::Mutex::new(go_rx);
    let compiles = Arc::new(AtomicUsize::new(0));
    let inner = fixtures::fake_compile(compiles.clone());
    let compile: plan::CompileFn = Arc::new(move |scope, req| {
        let _ = started_tx.send(());
        let _ = go_rx.lock().expect("lock").recv();
        inner(scope, req)
    });
    let planner = Planner::new(
        fixtures::fake_parse(),
        compile,
        Arc::new(ControllerMetrics::default()),
    )
    .with_graph_check(fixtures::fake_graph_check());
    let mut world = World::with_planner(planner, compiles)
        .node(web())
        .manifest(motd)
        .owned_facts("web-1");
    let task = world.reconcile(web());
    tokio::task::spawn_blocking(move || started_rx.recv())
        .await
        .expect("joins")
        .expect("the compile starts");
    world
        .catalogs
        .apply_watcher_event(&watcher::Event::Apply(NodeCatalog::test("web-1", &spec, 1)));
    go_tx.send(()).expect("the compile waits");
    world.api.expect_silence(Duration::from_millis(300)).await;
    task.await.expect("joins").expect("reconciles");
    assert_eq!(world.ctx.metrics.catalog_writes.get(), 0);
}

#[tokio::test]
async fn a_node_without_an_agent_is_left_alone() {
    let mut world = World::new().node(web()).manifest(Manifest::test(
        "default",
        "motd",
        "file /etc/motd hello",
    ));
    let task = world.reconcile(web());
    world.api.expect_silence(Duration::from_millis(300)).await;
    task.await.expect("joins").expect("reconciles");
    assert_eq!(world.compiles.load(std::sync::atomic::Ordering::SeqCst), 0);
}

#[tokio::test]
async fn a_compile_error_writes_nothing_and_stalls_the_manifest_with_a_warning_event() {
    let good = Manifest::test("default", "motd", "file /etc/motd hello");
    let spec = spec_for(std::slice::from_ref(&good));
    let broken = Manifest::test("team", "broken", "FAIL");
    let mut world = World::new()
        .node(web())
        .manifest(good)
        .manifest(broken)
        .owned_facts("web-1")
        .catalog(NodeCatalog::test("web-1", &spec, 1).applied(0));
    let task = world.reconcile(web());
    world.api.expect_silence(Duration::from_millis(300)).await;
    task.await
        .expect("joins")
        .expect("a compile error is not a reconcile error");

    let ctx = world.ctx.clone();
    let sync = tokio::spawn(async move { sync_manifest_statuses(&ctx).await });
    // The good Manifest: applied everywhere from the last good catalog.
    // The broken one: Stalled, with the location, and a Warning Event.
    let mut seen = Vec::new();
    for _ in 0..2 {
        let call = world.api.next().await;
        assert_eq!(call.method, ::http::Method::PATCH);
        assert!(call.path.ends_with("/status"), "{}", call.path);
        let st: ManifestStatus =
            serde_json::from_value(call.body["status"].clone()).expect("a status");
        let name = call.body["metadata"]["name"]
            .as_str()
            .unwrap_or_default()
            .to_string();
        let mut answered = if name == "broken" {
            Manifest::test("team", "broken", "FAIL")
        } else {
            Manifest::test("default", "motd", "file /etc/motd hello")
        };
        answered.status = Some(st.clone());
        call.ok(&answered);
        if name == "broken" {
            let stalled = status::find(&st.conditions, kind::STALLED).expect("Stalled");
            assert_eq!(
                (stalled.status.as_str(), stalled.reason.as_str()),
                ("True", "CompileFailed")
            );
            assert_eq!(st.errors[0].file.as_deref(), Some("team/broken.pp"));
            assert_eq!((st.errors[0].line, st.errors[0].column), (Some(1), Some(9)));
            let event = world.api.next().await;
            assert_eq!(
                event.line(),
                "POST /apis/events.k8s.io/v1/namespaces/team/events"
            );
            assert_eq!(event.body["type"], "Warning");
            assert_eq!(event.body["reason"], "CompileFailed");
            assert_eq!(event.body["regarding"]["name"], "broken");
            let body = event.body.clone();
            event.ok(&body);
        } else {
            assert!(status::is_true(&st.conditions, kind::READY), "{st:?}");
            let event = world.api.next().await;
            assert_eq!(event.body["type"], "Normal");
            let body = event.body.clone();
            event.ok(&body);
        }
        seen.push(name);
    }
    seen.sort();
    assert_eq!(seen, vec!["broken", "motd"]);
    sync.await.expect("joins");
}

#[tokio::test]
async fn an_api_error_is_retried_with_backoff_and_counted() {
    let mut world = World::new()
        .node(web())
        .manifest(Manifest::test("default", "motd", "file /etc/motd hello"))
        .owned_facts("web-1");
    let task = world.reconcile(web());
    world.api.next().await.fail(500, "InternalError");
    let err = task.await.expect("joins").expect_err("the write failed");
    assert!(matches!(err, ReconcileError::WriteCatalog { ref node, .. } if node == "web-1"));
    assert!(err.to_string().contains("NodeCatalog web-1"));
    let action = error_policy(Arc::new(web()), &err, world.ctx.clone());
    assert_eq!(action, Action::requeue(Duration::from_secs(5)));
    let again = error_policy(Arc::new(web()), &err, world.ctx.clone());
    assert_eq!(again, Action::requeue(Duration::from_secs(10)));
    assert_eq!(world.ctx.metrics.reconcile_errors.get(), 2);
}

#[tokio::test]
async fn an_unchanged_manifest_status_is_not_rewritten() {
    let m = Manifest::test("default", "motd", "file /etc/motd hello");
    let mut world = World::new().manifest(m.clone());
    let ctx = world.ctx.clone();
    let sync = tokio::spawn(async move { sync_manifest_statuses(&ctx).await });
    let call = world.api.next().await;
    let st: ManifestStatus = serde_json::from_value(call.body["status"].clone()).expect("a status");
    let mut answered = m.clone();
    answered.status = Some(st.clone());
    call.ok(&answered);
    let event = world.api.next().await;
    let body = event.body.clone();
    event.ok(&body);
    sync.await.expect("joins");
    // The watch brings the written status back; the next pass writes nothing.
    world
        .manifests
        .apply_watcher_event(&watcher::Event::Apply(answered));
    let ctx = world.ctx.clone();
    let sync = tokio::spawn(async move { sync_manifest_statuses(&ctx).await });
    world.api.expect_silence(Duration::from_millis(300)).await;
    sync.await.expect("joins");
}

#[tokio::test]
async fn a_reconcile_racing_its_own_write_does_not_write_again() {
    let motd = Manifest::test("default", "motd", "file /etc/motd hello");
    let mut world = World::new()
        .node(web())
        .manifest(motd.clone())
        .owned_facts("web-1");
    let first = world.reconcile(web());
    let call = world.api.next().await;
    assert_eq!(
        call.line(),
        "PATCH /apis/kuppet.dev/v1alpha1/nodecatalogs/web-1"
    );
    call.ok(&NodeCatalog::test("web-1", &spec_for(&[motd]), 1));
    first.await.expect("joins").expect("reconciles");
    // Triggered again (its NodeFacts changed, say) before the watch has
    // brought the written NodeCatalog into the cache.
    let second = world.reconcile(web());
    world.api.expect_silence(Duration::from_millis(300)).await;
    second.await.expect("joins").expect("reconciles");
}

#[tokio::test]
async fn a_deleted_catalog_is_written_again() {
    let motd = Manifest::test("default", "motd", "file /etc/motd hello");
    let spec = spec_for(std::slice::from_ref(&motd));
    let mut world = World::new().node(web()).manifest(motd).owned_facts("web-1");
    let first = world.reconcile(web());
    world
        .api
        .next()
        .await
        .ok(&NodeCatalog::test("web-1", &spec, 1));
    first.await.expect("joins").expect("reconciles");
    // The watch brings it in, then someone deletes it.
    let mut stored = NodeCatalog::test("web-1", &spec, 1);
    stored.metadata.resource_version = Some("7".into());
    for event in [
        watcher::Event::Apply(stored.clone()),
        watcher::Event::Delete(stored),
    ] {
        world.catalogs.apply_watcher_event(&event);
        let trigger = world.ctx.catalog_event(&event);
        if matches!(event, watcher::Event::Delete(_)) {
            assert_eq!(
                trigger.as_deref(),
                Some("web-1"),
                "a deletion is reconciled"
            );
        } else {
            assert_eq!(trigger, None, "our own write coming back is not");
        }
    }
    let again = world.reconcile(web());
    let call = world.api.next().await;
    assert_eq!(
        call.line(),
        "PATCH /apis/kuppet.dev/v1alpha1/nodecatalogs/web-1"
    );
    assert_eq!(call.body["spec"]["digest"], spec.digest.as_str());
    call.ok(&NodeCatalog::test("web-1", &spec, 1));
    again.await.expect("joins").expect("reconciles");
}

#[tokio::test]
async fn a_rollout_status_pass_reaches_max_unavailable_nodes_and_queues_them() {
    let mut m = Manifest::test("default", "motd", "file /etc/motd v1");
    m.spec.rollout = Some(crate::k8s::crd::RolloutSpec {
        max_unavailable: Some(crate::k8s::crd::IntOrPercent::Int(1)),
        ..Default::default()
    });
    let names = ["n-1", "n-2", "n-3"];
    let mut world = World::new().manifest(m.clone());
    for n in names {
        world = world.node(node(n, &[])).owned_facts(n);
    }
    let (tx, mut rx) = mpsc::unbounded();
    world.ctx.set_node_queue(tx);
    let ctx = world.ctx.clone();
    let sync = tokio::spawn(async move { sync_manifest_statuses(&ctx).await });
    let call = world.api.next().await;
    assert!(call.path.ends_with("/status"), "{}", call.path);
    let st: ManifestStatus = serde_json::from_value(call.body["status"].clone()).expect("a status");
    let mut answered = m.clone();
    answered.status = Some(st.clone());
    call.ok(&answered);
    let r = st.rollout.as_ref().expect("status.rollout");
    assert_eq!(
        (r.phase.as_str(), r.updated, r.pending, r.target_generation),
        ("Progressing", 1, 2, 1)
    );
    assert!(status::is_true(&st.conditions, kind::PROGRESSING));
    assert!(!status::is_true(&st.conditions, kind::READY));
    let event = world.api.next().await;
    assert_eq!(event.body["reason"], "RolloutStageStarted");
    let body = event.body.clone();
    event.ok(&body);
    sync.await.expect("joins");

    // Exactly the node reached is queued; it gets the Manifest, the others not.
    let queued = rx.try_recv().expect("a node queued");
    assert!(rx.try_recv().is_err(), "only one node");
    let reached = queued.name.clone();
    let planner = world.ctx.planner.clone();
    let ms = vec![Arc::new(m)];
    for n in names {
        let Plan::Write(spec) = planner.plan(&node(n, &[]), Some(&NodeFacts::test(n)), &ms, None)
        else {
            panic!("expected a catalog for {n}");
        };
        let has_motd = fixtures::catalog_of(&spec)
            .resources
            .iter()
            .any(|r| r.title == "/etc/motd");
        assert_eq!(has_motd, n == reached, "{n}");
    }
}

#[tokio::test]
async fn writes_beyond_the_gate_wait_for_a_slot() {
    let motd = Manifest::test("default", "motd", "file /etc/motd hello");
    let mut world = World::new()
        .node(web())
        .node(node("web-2", &[("role", "web")]))
        .manifest(motd)
        .owned_facts("web-1")
        .owned_facts("web-2");
    world.ctx = Arc::new(
        Context::new(
            world.ctx.client.clone(),
            world.ctx.planner.clone(),
            world.ctx.stores.clone(),
            world.ctx.metrics.clone(),
            "kuppet-controller-0",
            2,
        )
        .with_write_limits(writer::WriteLimits {
            qps: 0.0,
            burst: 1,
            concurrency: 1,
        }),
    );
    let first = world.reconcile(web());
    let second = world.reconcile(node("web-2", &[("role", "web")]));
    let call = world.api.next().await;
    assert!(call.path.contains("/nodecatalogs/web-"), "{}", call.path);
    // One write in flight: the other waits for it, then goes.
    world.api.expect_silence(Duration::from_millis(300)).await;
    assert_eq!(world.ctx.metrics.api_writes_waiting.get(), 1);
    let answered = call.path.rsplit('/').next().unwrap_or_default().to_string();
    let spec: NodeCatalogSpec = serde_json::from_value(call.body["spec"].clone()).expect("a spec");
    call.ok(&NodeCatalog::test(&answered, &spec, 1));
    let call = world.api.next().await;
    let other = call.path.rsplit('/').next().unwrap_or_default().to_string();
    assert_ne!(answered, other, "the other node's catalog");
    let spec: NodeCatalogSpec = serde_json::from_value(call.body["spec"].clone()).expect("a spec");
    call.ok(&NodeCatalog::test(&other, &spec, 1));
    first.await.expect("joins").expect("reconciles");
    second.await.expect("joins").expect("reconciles");
    assert_eq!(world.ctx.metrics.catalog_writes.get(), 2);
    assert_eq!(world.ctx.metrics.api_writes_waiting.get(), 0);
}
