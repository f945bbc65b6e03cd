//! The planner under a rollout: Nodes the rollout reached compile the
//! Manifest's current generation, the others its stable one (or nothing of
//! it before any generation was rolled out), each Manifest on its own.

use super::*;
use crate::k8s::controller::fixtures::{self, catalog_of, node};
use crate::k8s::crd::{IntOrPercent, RolloutSpec};
use rollout::NodeState;

fn content(spec: &NodeCatalogSpec, path: &str) -> Option<String> {
    catalog_of(spec)
        .resources
        .iter()
        .find(|r| r.title == path)
        .and_then(|r| r.parameters.get("content"))
        .and_then(|v| v.as_str())
        .map(str::to_string)
}

fn written(plan: Plan) -> Arc<NodeCatalogSpec> {
    match plan {
        Plan::Write(spec) => spec,
        other => panic!("expected a write, got {other:?}"),
    }
}

fn with_rollout(m: Manifest) -> Manifest {
    let mut m = m;
    m.spec.rollout = Some(RolloutSpec {
        max_unavailable: Some(IntOrPercent::Int(1)),
        ..Default::default()
    });
    m
}

fn gate(m: &Manifest, nodes: &[&str]) -> Gate {
    Gate {
        generation: m.metadata.generation.unwrap_or(0),
        digest: rollout::source_digest(&m.spec.source),
        admitted: nodes.iter().map(|n| n.to_string()).collect(),
        status: None,
    }
}

fn generation_of(spec: &NodeCatalogSpec, name: &str) -> Option<i64> {
    spec.sources
        .iter()
        .find(|s| s.name == name)
        .map(|s| s.generation)
}

#[test]
fn unreached_nodes_keep_the_stable_generation() {
    let (planner, _) = fixtures::planner();
    let v1 = with_rollout(Manifest::test("default", "motd", "file /etc/motd old"));
    assert!(planner.record_stable(&v1, 1, &v1.spec.source).is_some());
    let v2 = Arc::new(v1.clone().edited("file /etc/motd new"));
    let ms = vec![v2.clone()];
    let key = ("default".to_string(), "motd".to_string());
    let changed = planner.set_gate(key.clone(), gate(&v2, &["a"]));
    assert_eq!(changed, vec!["a"], "the node reached is compiled again");

    let a = written(planner.plan(&node("a", &[]), Some(&NodeFacts::test("a")), &ms, None));
    assert_eq!(content(&a, "/etc/motd").as_deref(), Some("new"));
    assert_eq!(generation_of(&a, "motd"), Some(2));
    let b = written(planner.plan(&node("b", &[]), Some(&NodeFacts::test("b")), &ms, None));
    assert_eq!(content(&b, "/etc/motd").as_deref(), Some("old"));
    assert_eq!(generation_of(&b, "motd"), Some(1));

    // The rollout reaches b: it compiles again with the new generation.
    let changed = planner.set_gate(key.clone(), gate(&v2, &["a", "b"]));
    assert_eq!(changed, vec!["b"]);
    let b_cat = NodeCatalog::test("b", &b, 1);
    let b2 = written(planner.plan(
        &node("b", &[]),
        Some(&NodeFacts::test("b")),
        &ms,
        Some(&b_cat),
    ));
    assert_eq!(content(&b2, "/etc/motd").as_deref(), Some("new"));

    // An abort (empty gate) puts both back.
    let changed = planner.set_gate(key, gate(&v2, &[]));
    assert_eq!(changed, vec!["a", "b"]);
    let a_cat = NodeCatalog::test("a", &a, 1);
    let back = written(planner.plan(
        &node("a", &[]),
        Some(&NodeFacts::test("a")),
        &ms,
        Some(&a_cat),
    ));
    assert_eq!(content(&back, "/etc/motd").as_deref(), Some("old"));
    assert_eq!(generation_of(&back, "motd"), Some(1));
}

#[test]
fn before_the_first_gate_a_node_keeps_what_its_catalog_holds() {
    let (planner, _) = fixtures::planner();
    let v1 = with_rollout(Manifest::test("default", "motd", "file /etc/motd old"));
    planner.record_stable(&v1, 1, &v1.spec.source);
    let v2 = Arc::new(v1.clone().edited("file /etc/motd new"));
    let ms = vec![v2.clone()];
    // A catalog that holds generation 2 (a restarted controller).
    let (other, _) = fixtures::planner();
    other.record_stable(&v2, 2, &v2.spec.source);
    let holds = written(other.plan(&node("a", &[]), Some(&NodeFacts::test("a")), &ms, None));
    let current = NodeCatalog::test("a", &holds, 1);
    let a = planner.plan(
        &node("a", &[]),
        Some(&NodeFacts::test("a")),
        &ms,
        Some(&current),
    );
    assert_eq!(a, Plan::Unchanged, "it keeps the new generation");
    let b = written(planner.plan(&node("b", &[]), Some(&NodeFacts::test("b")), &ms, None));
    assert_eq!(content(&b, "/etc/motd").as_deref(), Some("old"));
}

#[test]
fn a_restarted_controller_finds_the_stable_source_in_the_status() {
    let (planner, _) = fixtures::planner();
    let mut v2 = with_rollout(Manifest::test("default", "motd", "file /etc/motd new"));
    v2.metadata.generation = Some(2);
    v2.status = Some(ManifestStatus {
        rollout: Some(crate::k8s::crd::RolloutStatus {
            target_generation: 2,
            stable_generation: Some(1),
            stable_source: Some("file /etc/motd old".into()),
            ..Default::default()
        }),
        ..Default::default()
    });
    let ms = vec![Arc::new(v2)];
    let b = written(planner.plan(&node("b", &[]), Some(&NodeFacts::test("b")), &ms, None));
    assert_eq!(content(&b, "/etc/motd").as_deref(), Some("old"));
    assert_eq!(generation_of(&b, "motd"), Some(1));
}

#[test]
fn a_restarted_controller_without_a_large_stable_source_keeps_unreached_nodes_as_they_are() {
    // Node b holds generation 1 (compiled before the restart).
    let (before, _) = fixtures::planner();
    let v1 = with_rollout(Manifest::test("default", "motd", "file /etc/motd old"));
    before.record_stable(&v1, 1, &v1.spec.source);
    let held = written(before.plan(
        &node("b", &[]),
        Some(&NodeFacts::test("b")),
        &[Arc::new(v1.clone())],
        None,
    ));
    let b_cat = NodeCatalog::test("b", &held, 1);
    // The status names the stable generation but could not keep its source.
    let (planner, _) = fixtures::planner();
    let mut v2 = v1.edited("file /etc/motd new");
    v2.status = Some(ManifestStatus {
        rollout: Some(crate::k8s::crd::RolloutStatus {
            target_generation: 2,
            stable_generation: Some(1),
            stable_source: None,
            ..Default::default()
        }),
        ..Default::default()
    });
    let ms = vec![Arc::new(v2)];
    let plan = planner.plan(
        &node("b", &[]),
        Some(&NodeFacts::test("b")),
        &ms,
        Some(&b_cat),
    );
    assert_eq!(plan, Plan::Unchanged, "b keeps generation 1, not nothing");
}

#[test]
fn without_a_stable_generation_unreached_nodes_get_nothing_of_it() {
    let (planner, _) = fixtures::planner();
    let first = Arc::new(with_rollout(Manifest::test(
        "default",
        "motd",
        "file /etc/motd v1",
    )));
    let other = Arc::new(Manifest::test("default", "ntp", "file /etc/ntp.conf x"));
    let ms = vec![first, other];
    let b = written(planner.plan(&node("b", &[]), Some(&NodeFacts::test("b")), &ms, None));
    assert_eq!(content(&b, "/etc/motd"), None);
    assert_eq!(
        content(&b, "/etc/ntp.conf").as_deref(),
        Some("x"),
        "other Manifests are not held back"
    );
}

#[test]
fn node_state_reads_the_catalog_and_the_compile() {
    let (planner, _) = fixtures::planner();
    let m = with_rollout(Manifest::test("default", "motd", "file /etc/motd v1"));
    let key = ("default".to_string(), "motd".to_string());
    let ms = vec![Arc::new(m)];
    let g = gate(&ms[0], &["a"]);
    let target = rollout::target(&ms[0], Some(&g), None);
    let mut later = ms[0].as_ref().clone();
    later.metadata.generation = Some(2);
    let other = rollout::target(&later.clone().edited("file /etc/motd v3"), Some(&g), None);
    planner.set_gate(key.clone(), g.clone());
    let spec = written(planner.plan(&node("a", &[]), Some(&NodeFacts::test("a")), &ms, None));
    let cat = NodeCatalog::test("a", &spec, 1);
    let state = |c: &NodeCatalog| rollout::node_state(&key, &target, "a", Some(c), None, Some(&g));
    assert_eq!(state(&cat), NodeState::Updating, "written, not applied");
    assert_eq!(state(&cat.clone().applied(0)), NodeState::Converged);
    assert!(matches!(
        state(&cat.clone().applied(1)),
        NodeState::Failed(_)
    ));
    assert_eq!(
        rollout::node_state(
            &key,
            &other,
            "a",
            Some(&cat.clone().applied(0)),
            None,
            Some(&g)
        ),
        NodeState::Pending,
        "it holds another source and the gate is of generation 1"
    );
    let failed = NodeOutcome::Failed {
        key: 0,
        message: "Evaluation Error: boom".into(),
        blamed: vec![key.clone()],
        reason: reason::COMPILE_FAILED,
        crash: None,
        secrets_read_at: None,
    };
    match rollout::node_state(&key, &target, "a", None, Some(&failed), Some(&g)) {
        NodeState::Failed(why) => assert!(why.contains("boom"), "{why}"),
        other => panic!("expected a failure, got {other:?}"),
    }
    assert_eq!(
        rollout::node_state(&key, &target, "b", None, Some(&failed), Some(&g)),
        NodeState::Pending,
        "not reached: its compile is the stable one's"
    );
}

#[test]
fn a_change_of_the_rollout_alone_goes_on_with_the_same_rollout() {
    let (planner, _) = fixtures::planner();
    let v1 = with_rollout(Manifest::test("default", "motd", "file /etc/motd old"));
    planner.record_stable(&v1, 1, &v1.spec.source);
    let v2 = v1.clone().edited("file /etc/motd new");
    let key = ("default".to_string(), "motd".to_string());
    planner.set_gate(key.clone(), gate(&v2, &["a"]));
    // Generation 3: only spec.rollout changed (paused).
    let mut v3 = v2.clone();
    v3.metadata.generation = Some(3);
    if let Some(r) = v3.spec.rollout.as_mut() {
        r.paused = true;
    }
    let t = rollout::target(&v3, planner.gate(&key).as_ref(), None);
    assert_eq!(
        (t.generation, t.current),
        (2, 3),
        "still the rollout of generation 2"
    );
    assert!(t.holds(2) && t.holds(3) && !t.holds(1));
    let ms = vec![Arc::new(v3.clone())];
    let a = written(planner.plan(&node("a", &[]), Some(&NodeFacts::test("a")), &ms, None));
    assert_eq!(
        content(&a, "/etc/motd").as_deref(),
        Some("new"),
        "a keeps the new source"
    );
    let b = written(planner.plan(&node("b", &[]), Some(&NodeFacts::test("b")), &ms, None));
    assert_eq!(
        content(&b, "/etc/motd").as_deref(),
        Some("old"),
        "b still waits"
    );
    // A new source is a new rollout.
    let v4 = v3.edited("file /etc/motd newer");
    let t = rollout::target(&v4, planner.gate(&key).as_ref(), None);
    assert_eq!(t.generation, 4);
    // A rollout added to a Manifest whose source did not change: no rollout.
    let (fresh, _) = fixtures::planner();
    let plain = Manifest::test("default", "motd", "file /etc/motd same");
    fresh.record_stable(&plain, 1, &plain.spec.source);
    let added = Arc::new(with_rollout(plain.clone()).edited("file /etc/motd same"));
    let b = written(fresh.plan(&node("b", &[]), Some(&NodeFacts::test("b")), &[added], None));
    assert_eq!(
        generation_of(&b, "motd"),
        Some(2),
        "the current generation everywhere"
    );
}

#[test]
fn an_unreached_node_whose_facts_change_is_compiled_again_with_the_stable_generation() {
    let (planner, calls) = fixtures::planner();
    let v1 = with_rollout(Manifest::test("default", "motd", "file /etc/motd old"));
    planner.record_stable(&v1, 1, &v1.spec.source);
    let v2 = v1.clone().edited("file /etc/motd new");
    planner.set_gate(
        ("default".to_string(), "motd".to_string()),
        gate(&v2, &["a"]),
    );
    let ms = vec![Arc::new(v2)];
    let b = written(planner.plan(&node("b", &[]), Some(&NodeFacts::test("b")), &ms, None));
    let current = NodeCatalog::test("b", &b, 1);
    let before = calls.load(std::sync::atomic::Ordering::SeqCst);
    let mut facts = NodeFacts::test("b");
    facts
        .spec
        .facts
        .insert("uptime".into(), serde_json::Value::from("2 days"));
    let again = planner.plan(&node("b", &[]), Some(&facts), &ms, Some(&current));
    assert_eq!(
        calls.load(std::sync::atomic::Ordering::SeqCst),
        before + 1,
        "new facts: compiled again"
    );
    let spec = match again {
        Plan::Write(spec) => spec,
        Plan::Unchanged => b.clone(),
        other => panic!("expected a catalog, got {other:?}"),
    };
    assert_eq!(content(&spec, "/etc/motd").as_deref(), Some("old"));
    assert_eq!(generation_of(&spec, "motd"), Some(1));
}
