//! The controller's decisions, scenario by scenario, with builder-made objects
//! and the fake compiler of `fixtures`.

use super::*;
use crate::k8s::controller::fixtures::{self, catalog_of, node};
use std::sync::atomic::{AtomicUsize, Ordering};

const NOW: &str = "2024-05-01T12:00:00Z";

fn web() -> Node {
    node("web-1", &[("role", "web")])
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

#[test]
fn a_node_without_facts_gets_no_catalog() {
    let (planner, calls) = fixtures::planner();
    let m = Arc::new(Manifest::test("default", "motd", "file /etc/motd hi"));
    assert_eq!(planner.plan(&web(), None, &[m], None), Plan::WaitForFacts);
    assert_eq!(calls.load(Ordering::SeqCst), 0);
}

#[test]
fn first_compile_writes_the_catalog_of_the_selected_manifests_in_order() {
    let (planner, _) = fixtures::planner();
    let manifests = vec![
        Arc::new(
            Manifest::test("team-b", "ntp", "file /etc/ntp.conf server a").selecting("role", "web"),
        ),
        Arc::new(Manifest::test("team-a", "motd", "file /etc/motd hi")),
        Arc::new(Manifest::test("team-a", "db", "file /etc/db.conf x").selecting("role", "db")),
    ];
    let facts = NodeFacts::test("web-1");
    let spec = spec_of(planner.plan(&web(), Some(&facts), &manifests, None));
    assert_eq!(
        titles(&spec),
        vec!["File[/etc/motd]", "File[/etc/ntp.conf]"],
        "only selected Manifests' top-level code applies"
    );
    let sources: Vec<(String, bool)> = spec
        .sources
        .iter()
        .map(|s| {
            (
                format!("{}/{}@{}", s.namespace, s.name, s.generation),
                s.selected,
            )
        })
        .collect();
    assert_eq!(
        sources,
        vec![
            ("team-a/db@1".to_string(), false),
            ("team-a/motd@1".to_string(), true),
            ("team-b/ntp@1".to_string(), true),
        ],
        "every Manifest is compiled (its classes are global), in namespace/name order"
    );
    assert!(!spec.noop);
    assert_eq!(spec.digest, codec::digest(&catalog_of(&spec), false));
}

#[test]
fn unchanged_inputs_neither_compile_nor_write() {
    let (planner, calls) = fixtures::planner();
    let m = vec![Arc::new(Manifest::test(
        "default",
        "motd",
        "file /etc/motd hi",
    ))];
    let facts = NodeFacts::test("web-1");
    let spec = spec_of(planner.plan(&web(), Some(&facts), &m, None));
    let stored = NodeCatalog::test("web-1", &spec, 1);
    assert_eq!(
        planner.plan(&web(), Some(&facts), &m, Some(&stored)),
        Plan::Unchanged
    );
    assert_eq!(calls.load(Ordering::SeqCst), 1, "compiled once");
    assert_eq!(planner.expected_digest("web-1"), Some(spec.digest.clone()));
}

#[test]
fn a_recompile_to_the_same_digest_writes_nothing() {
    let (planner, calls) = fixtures::planner();
    let m = Manifest::test("default", "motd", "file /etc/motd hi");
    let facts = NodeFacts::test("web-1");
    let spec = spec_of(planner.plan(&web(), Some(&facts), &[Arc::new(m.clone())], None));
    let stored = NodeCatalog::test("web-1", &spec, 1);
    // New facts the catalog does not depend on: recompiled, same digest.
    let mut more = facts.clone();
    more.spec.facts.insert("uptime_seconds".into(), 42.into());
    assert_eq!(
        planner.plan(&web(), Some(&more), &[Arc::new(m)], Some(&stored)),
        Plan::Unchanged
    );
    assert_eq!(calls.load(Ordering::SeqCst), 2);
}

#[test]
fn a_catalog_changed_behind_our_back_is_compiled_again_and_rewritten() {
    let (planner, calls) = fixtures::planner();
    let m = vec![Arc::new(Manifest::test(
        "default",
        "motd",
        "file /etc/motd hi",
    ))];
    let facts = NodeFacts::test("web-1");
    let spec = spec_of(planner.plan(&web(), Some(&facts), &m, None));
    let mut tampered = NodeCatalog::test("web-1", &spec, 1);
    tampered.spec.digest = "sha256:0000".into();
    let again = spec_of(planner.plan(&web(), Some(&facts), &m, Some(&tampered)));
    assert_eq!(
        (&again.digest, &again.sources),
        (&spec.digest, &spec.sources)
    );
    // The planner keeps digests, not specs: the spec comes from a compile
    // again (in the controller, compile reuse answers it without a worker).
    assert_eq!(calls.load(Ordering::SeqCst), 2);
    // Once the NodeCatalog holds it again, nothing is compiled.
    let restored = NodeCatalog::test("web-1", &again, 2);
    assert_eq!(
        planner.plan(&web(), Some(&facts), &m, Some(&restored)),
        Plan::Unchanged
    );
    assert_eq!(calls.load(Ordering::SeqCst), 2);
}

#[test]
fn an_edited_manifest_recompiles_and_changes_the_digest() {
    let (planner, _) = fixtures::planner();
    let facts = NodeFacts::test("web-1");
    let v1 = Manifest::test("default", "motd", "file /etc/motd hi");
    let first = spec_of(planner.plan(&web(), Some(&facts), &[Arc::new(v1.clone())], None));
    let stored = NodeCatalog::test("web-1", &first, 1);
    let v2 = v1.edited("file /etc/motd hello");
    let second = spec_of(planner.plan(&web(), Some(&facts), &[Arc::new(v2)], Some(&stored)));
    assert_ne!(first.digest, second.digest);
    assert_eq!(second.sources[0].generation, 2);
}

#[test]
fn node_labels_are_facts_and_the_agent_cannot_forge_them() {
    let facts = merged_facts(&web(), &NodeFacts::test("web-1"));
    assert_eq!(facts["os"]["family"], "Debian");
    assert_eq!(facts["kubernetes"]["labels"]["role"], "web");
    assert_eq!(facts["kubernetes"]["node"], "web-1");
    assert_eq!(facts["kubernetes"]["addresses"]["InternalIP"], "10.0.0.1");
    assert_eq!(facts["kubernetes"]["nodeInfo"]["architecture"], "amd64");
}

#[test]
fn a_label_change_moves_a_node_in_or_out_of_a_manifest() {
    let (planner, _) = fixtures::planner();
    let facts = NodeFacts::test("web-1");
    let m = vec![Arc::new(
        Manifest::test("default", "web", "file /srv/www x").selecting("role", "web"),
    )];
    let as_web = spec_of(planner.plan(&web(), Some(&facts), &m, None));
    assert_eq!(titles(&as_web), vec!["File[/srv/www]"]);
    let stored = NodeCatalog::test("web-1", &as_web, 1);
    let as_db = spec_of(planner.plan(
        &node("web-1", &[("role", "db")]),
        Some(&facts),
        &m,
        Some(&stored),
    ));
    assert!(titles(&as_db).is_empty());
}

#[test]
fn each_generation_is_parsed_once() {
    let parses = Arc::new(AtomicUsize::new(0));
    let counter = parses.clone();
    let inner = fixtures::fake_parse();
    let counting: ParseFn = Arc::new(move |p: &str, s: &str| {
        counter.fetch_add(1, Ordering::SeqCst);
        inner(p, s)
    });
    let calls = Arc::new(AtomicUsize::new(0));
    let planner = Planner::new(
        counting,
        fixtures::fake_compile(calls),
        Arc::new(ControllerMetrics::default()),
    );
    let m = Manifest::test("default", "motd", "file /etc/motd hi");
    let facts = NodeFacts::test("a");
    for name in ["a", "b", "c"] {
        planner.plan(&node(name, &[]), Some(&facts), &[Arc::new(m.clone())], None);
    }
    assert_eq!(parses.load(Ordering::SeqCst), 1);
    let m2 = m.edited("file /etc/motd ho");
    planner.plan(&node("a", &[]), Some(&facts), &[Arc::new(m2)], None);
    assert_eq!(parses.load(Ordering::SeqCst), 2);
}

#[test]
fn a_syntax_error_keeps_every_node_on_the_last_good_generation() {
    let (planner, _) = fixtures::planner();
    let facts = NodeFacts::test("web-1");
    let v1 = Manifest::test("default", "motd", "file /etc/motd hi");
    let good = spec_of(planner.plan(&web(), Some(&facts), &[Arc::new(v1.clone())], None));
    let stored = Arc::new(NodeCatalog::test("web-1", &good, 1));
    let v2 = v1.edited("file /etc/motd hi\n  SYNTAX }");
    let plan = planner.plan(&web(), Some(&facts), &[Arc::new(v2.clone())], Some(&stored));
    assert_eq!(plan, Plan::Unchanged, "the node keeps its catalog");

    let parsed = planner.parsed(&v2);
    let catalogs = HashMap::from([("web-1".to_string(), stored)]);
    let status = manifest_status(&StatusInputs {
        manifest: &v2,
        code: None,
        parsed: &parsed,
        targets: &["web-1"],
        ungranted: &[],
        catalogs: &catalogs,
        outcomes: &planner.outcomes(),
        now: NOW,
    });
    let stalled = status::find(&status.conditions, kind::STALLED).expect("Stalled");
    assert_eq!(
        (stalled.status.as_str(), stalled.reason.as_str()),
        ("True", "ParseFailed")
    );
    assert_eq!(stalled.observed_generation, Some(2));
    assert!(!status::is_true(&status.conditions, kind::READY));
    let err = &status.errors[0];
    assert_eq!(
        (err.file.as_deref(), err.line, err.column),
        (Some("default/motd.pp"), Some(2), Some(5))
    );
    assert_eq!(status.compiled_nodes, 0, "generation 2 reached no node");
}

#[test]
fn a_new_manifest_that_does_not_parse_is_left_out() {
    let (planner, _) = fixtures::planner();
    let facts = NodeFacts::test("web-1");
    let ok = Arc::new(Manifest::test("default", "a", "file /a x"));
    let broken = Arc::new(Manifest::test("default", "b", "SYNTAX"));
    let spec = spec_of(planner.plan(&web(), Some(&facts), &[ok, broken], None));
    assert_eq!(titles(&spec), vec!["File[/a]"]);
    assert_eq!(spec.sources.len(), 1);
}

#[test]
fn a_compile_error_is_blamed_on_the_manifest_it_names_and_writes_nothing() {
    let (planner, calls) = fixtures::planner();
    let facts = NodeFacts::test("web-1");
    let good = Manifest::test("default", "a-motd", "file /etc/motd hi");
    let bad = Manifest::test("default", "b-broken", "file /x y").selecting("role", "db");
    let first = spec_of(planner.plan(
        &web(),
        Some(&facts),
        &[Arc::new(good.clone()), Arc::new(bad.clone())],
        None,
    ));
    let stored = Arc::new(NodeCatalog::test("web-1", &first, 1).applied(0));
    let bad2 = bad.edited("FAIL");
    let all = [Arc::new(good.clone()), Arc::new(bad2.clone())];
    let plan = planner.plan(&web(), Some(&facts), &all, Some(&stored));
    let Plan::Failed {
        message, blamed, ..
    } = plan
    else {
        panic!("expected a failure, got {plan:?}")
    };
    assert!(message.contains("Unknown variable"));
    assert_eq!(
        blamed,
        vec![("default".to_string(), "b-broken".to_string())]
    );
    // Same inputs again: the error stands without a second compile.
    let compiles = calls.load(Ordering::SeqCst);
    assert!(matches!(
        planner.plan(&web(), Some(&facts), &all, Some(&stored)),
        Plan::Failed { .. }
    ));
    assert_eq!(calls.load(Ordering::SeqCst), compiles);

    let catalogs = HashMap::from([("web-1".to_string(), stored)]);
    let outcomes = planner.outcomes();
    // The broken Manifest selects no node, yet it broke web-1: Stalled.
    let status = manifest_status(&StatusInputs {
        manifest: &bad2,
        code: None,
        parsed: &planner.parsed(&bad2),
        targets: &[],
        ungranted: &[],
        catalogs: &catalogs,
        outcomes: &outcomes,
        now: NOW,
    });
    let stalled = status::find(&status.conditions, kind::STALLED).expect("Stalled");
    assert_eq!(
        (stalled.status.as_str(), stalled.reason.as_str()),
        ("True", "CompileFailed")
    );
    assert!(stalled.message.contains("node web-1"));
    assert_eq!(status.errors[0].node.as_deref(), Some("web-1"));
    assert_eq!(
        (status.errors[0].line, status.errors[0].column),
        (Some(1), Some(9))
    );
    // The innocent Manifest is still applied from the last good catalog.
    let innocent = manifest_status(&StatusInputs {
        manifest: &good,
        code: None,
        parsed: &planner.parsed(&good),
        targets: &["web-1"],
        ungranted: &[],
        catalogs: &catalogs,
        outcomes: &outcomes,
        now: NOW,
    });
    assert!(status::is_true(&innocent.conditions, kind::READY));
}

#[test]
fn a_manifest_blocked_by_another_ones_error_says_so() {
    let (planner, _) = fixtures::planner();
    let facts = NodeFacts::test("web-1");
    let mine = Manifest::test("default", "a-mine", "file /a x");
    let theirs = Manifest::test("other", "z-theirs", "FAIL");
    let all = [Arc::new(mine.clone()), Arc::new(theirs)];
    assert!(matches!(
        planner.plan(&web(), Some(&facts), &all, None),
        Plan::Failed { .. }
    ));
    let status = manifest_status(&StatusInputs {
        manifest: &mine,
        code: None,
        parsed: &planner.parsed(&mine),
        targets: &["web-1"],
        ungranted: &[],
        catalogs: &HashMap::new(),
        outcomes: &planner.outcomes(),
        now: NOW,
    });
    let ready = status::find(&status.conditions, kind::READY).expect("Ready");
    assert_eq!(ready.reason, "BlockedByOtherManifest");
    assert!(
        ready.message.contains("other/z-theirs"),
        "{}",
        ready.message
    );
    assert!(status::is_true(&status.conditions, kind::STALLED));
}

#[test]
fn a_dependency_cycle_never_reaches_a_node_and_is_blamed_on_who_declared_it() {
    let (planner, _) = fixtures::planner();
    let facts = NodeFacts::test("web-1");
    let fine = Manifest::test("default", "fine", "file /ok x");
    let good = spec_of(planner.plan(&web(), Some(&facts), &[Arc::new(fine.clone())], None));
    let stored = Arc::new(NodeCatalog::test("web-1", &good, 1).applied(0));
    let cyc = Manifest::test("default", "loop", "cycle /a /b");
    let all = [Arc::new(fine.clone()), Arc::new(cyc.clone())];
    let plan = planner.plan(&web(), Some(&facts), &all, Some(&stored));
    let Plan::Failed {
        message, blamed, ..
    } = plan
    else {
        panic!("a cycle must fail the compile, got {plan:?}")
    };
    assert!(message.contains("dependency cycle"));
    assert_eq!(
        blamed,
        vec![("default".to_string(), "loop".to_string())],
        "the Manifest declaring the looping resources, not every Manifest of the node"
    );
    let catalogs = HashMap::from([("web-1".to_string(), stored)]);
    let outcomes = planner.outcomes();
    let status = manifest_status(&StatusInputs {
        manifest: &cyc,
        code: None,
        parsed: &planner.parsed(&cyc),
        targets: &["web-1"],
        ungranted: &[],
        catalogs: &catalogs,
        outcomes: &outcomes,
        now: NOW,
    });
    let stalled = status::find(&status.conditions, kind::STALLED).expect("Stalled");
    assert_eq!(stalled.reason, "CompileFailed");
    assert!(
        stalled.message.contains("File[/a] => File[/b]"),
        "{}",
        stalled.message
    );
    let innocent = manifest_status(&StatusInputs {
        manifest: &fine,
        code: None,
        parsed: &planner.parsed(&fine),
        targets: &["web-1"],
        ungranted: &[],
        catalogs: &catalogs,
        outcomes: &outcomes,
        now: NOW,
    });
    assert!(
        status::is_true(&innocent.conditions, kind::READY),
        "{innocent:?}"
    );
}

#[test]
fn noop_manifests_mark_their_resources_and_alone_make_the_run_noop() {
    let (planner, _) = fixtures::planner();
    let facts = NodeFacts::test("web-1");
    let quiet = Manifest::test("default", "quiet", "file /q x").noop();
    let loud = Manifest::test("default", "loud", "file /l x");
    let only_quiet = spec_of(planner.plan(&web(), Some(&facts), &[Arc::new(quiet.clone())], None));
    assert!(
        only_quiet.noop,
        "the only Manifest selecting the node is noop"
    );
    let both = spec_of(planner.plan(
        &web(),
        Some(&facts),
        &[Arc::new(quiet), Arc::new(loud)],
        None,
    ));
    assert!(!both.noop);
    let cat = catalog_of(&both);
    assert_eq!(
        cat.resource("File[/q]")
            .and_then(|r| r.parameters.get("noop")),
        Some(&true.into())
    );
    assert_eq!(
        cat.resource("File[/l]")
            .and_then(|r| r.parameters.get("noop")),
        None
    );
}

#[test]
fn readiness_follows_compile_then_apply() {
    let (planner, _) = fixtures::planner();
    let facts = NodeFacts::test("web-1");
    let m = Manifest::test("default", "motd", "file /etc/motd hi");
    let parsed = planner.parsed(&m);
    let outcomes = HashMap::new();
    let status_with = |catalogs: &HashMap<String, Arc<NodeCatalog>>, targets: &[&str]| {
        manifest_status(&StatusInputs {
            manifest: &m,
            code: None,
            parsed: &parsed,
            targets,
            ungranted: &[],
            catalogs,
            outcomes: &outcomes,
            now: NOW,
        })
    };
    let reason = |s: &ManifestStatus| {
        status::find(&s.conditions, kind::READY)
            .map(|c| (c.status.clone(), c.reason.clone()))
            .expect("Ready is always there")
    };

    let none = status_with(&HashMap::new(), &[]);
    assert_eq!(
        reason(&none),
        ("True".into(), "Applied".into()),
        "selects nothing: done"
    );

    let waiting = status_with(&HashMap::new(), &["web-1"]);
    assert_eq!(reason(&waiting), ("False".into(), "Compiling".into()));
    assert!(status::is_true(&waiting.conditions, kind::RECONCILING));

    let spec = spec_of(planner.plan(&web(), Some(&facts), &[Arc::new(m.clone())], None));
    let written = HashMap::from([(
        "web-1".to_string(),
        Arc::new(NodeCatalog::test("web-1", &spec, 1)),
    )]);
    let compiled = status_with(&written, &["web-1"]);
    assert_eq!(reason(&compiled), ("False".into(), "Applying".into()));
    assert_eq!((compiled.compiled_nodes, compiled.applied_nodes), (1, 0));

    let failed = HashMap::from([(
        "web-1".to_string(),
        Arc::new(NodeCatalog::test("web-1", &spec, 1).applied(2)),
    )]);
    let degraded = status_with(&failed, &["web-1"]);
    assert_eq!(reason(&degraded), ("False".into(), "ApplyFailed".into()));
    assert!(!status::is_true(&degraded.conditions, kind::STALLED));

    let done = HashMap::from([(
        "web-1".to_string(),
        Arc::new(NodeCatalog::test("web-1", &spec, 1).applied(0)),
    )]);
    let ready = status_with(&done, &["web-1"]);
    assert_eq!(reason(&ready), ("True".into(), "Applied".into()));
    assert_eq!(ready.nodes, vec!["web-1"]);
    assert_eq!(ready.observed_generation, Some(1));
    assert!(
        ready
            .conditions
            .iter()
            .all(|c| c.observed_generation == Some(1))
    );

    // A status from an older spec generation is not an application of this one.
    let mut stale = NodeCatalog::test("web-1", &spec, 2).applied(0);
    stale.metadata.generation = Some(3);
    assert_eq!(applied_state(&stale), Applied::Pending);
}

#[test]
fn targets_are_selected_nodes_that_run_an_agent() {
    let nodes = vec![
        Arc::new(node("a", &[("role", "web")])),
        Arc::new(node("b", &[("role", "web")])),
        Arc::new(node("c", &[("role", "db")])),
    ];
    let with_facts: HashSet<String> = ["a", "c"].iter().map(|s| s.to_string()).collect();
    let m = Manifest::test("default", "web", "").selecting("role", "web");
    assert_eq!(targets(&m, &nodes, &with_facts), vec!["a"]);
}

#[test]
fn locations_are_read_from_puppet_style_messages() {
    assert_eq!(
        locate("Syntax error at 'x' (file: default/a.pp, line: 3, column: 14)"),
        Location {
            file: Some("default/a.pp".into()),
            line: Some(3),
            column: Some(14)
        }
    );
    assert_eq!(
        locate("Could not find class ::foo (file: ns/b.pp, line: 7) on node n"),
        Location {
            file: Some("ns/b.pp".into()),
            line: Some(7),
            column: None
        }
    );
    assert_eq!(
        locate("Illegal expression (line: 2, column: 1)"),
        Location {
            file: None,
            line: Some(2),
            column: Some(1)
        }
    );
    assert_eq!(locate("no location (really)"), Location::default());
}

#[test]
fn blame_needs_the_whole_path() {
    let sources = vec![
        CatalogSource {
            namespace: "ns".into(),
            name: "a".into(),
            generation: 1,
            selected: true,
            revision: None,
        },
        CatalogSource {
            namespace: "ns".into(),
            name: "ba".into(),
            generation: 1,
            selected: false,
            revision: None,
        },
    ];
    assert_eq!(
        blame("boom (file: ns/ba.pp, line: 1)", &sources),
        vec![("ns".to_string(), "ba".to_string())]
    );
    assert_eq!(
        blame("no file named", &sources),
        vec![("ns".to_string(), "a".to_string())],
        "unlocated errors are blamed on the Manifests selecting the node"
    );
}

#[test]
fn a_manifest_that_adds_nothing_to_a_node_is_still_recorded_there() {
    let (planner, _) = fixtures::planner();
    let facts = NodeFacts::test("web-1");
    let motd = Manifest::test("default", "a-motd", "file /etc/motd hi");
    let first = spec_of(planner.plan(&web(), Some(&facts), &[Arc::new(motd.clone())], None));
    let stored = NodeCatalog::test("web-1", &first, 1);
    // Declares nothing at top level: the catalog is the same, the sources are not.
    let empty = Manifest::test("default", "b-classes", "# only classes here");
    let all = [Arc::new(motd), Arc::new(empty.clone())];
    let second = spec_of(planner.plan(&web(), Some(&facts), &all, Some(&stored)));
    assert_eq!(second.digest, first.digest, "nothing to apply anew");
    assert!(second.sources.iter().any(|s| s.name == "b-classes"));
    let stored = Arc::new(NodeCatalog::test("web-1", &second, 2));
    assert_eq!(
        planner.plan(&web(), Some(&facts), &all, Some(&stored)),
        Plan::Unchanged
    );
    let status = manifest_status(&StatusInputs {
        manifest: &empty,
        code: None,
        parsed: &planner.parsed(&empty),
        targets: &["web-1"],
        ungranted: &[],
        catalogs: &HashMap::from([("web-1".to_string(), stored)]),
        outcomes: &planner.outcomes(),
        now: NOW,
    });
    assert_eq!(status.compiled_nodes, 1);
}

fn stalled_reason(planner: &Planner, m: &Manifest, targets: &[&str]) -> (String, String) {
    let status = manifest_status(&StatusInputs {
        manifest: m,
        code: None,
        parsed: &planner.parsed(m),
        targets,
        ungranted: &[],
        catalogs: &HashMap::new(),
        outcomes: &planner.outcomes(),
        now: NOW,
    });
    let stalled = status::find(&status.conditions, kind::STALLED).expect("Stalled");
    (stalled.status.clone(), stalled.reason.clone())
}

#[test]
fn a_crash_is_blamed_on_the_manifest_that_crashes_alone() {
    let (planner, calls) = fixtures::planner();
    let facts = NodeFacts::test("web-1");
    let good = Manifest::test("default", "a-good", "file /a x");
    let bad = Manifest::test("default", "b-bad", "CRASH");
    let other = Manifest::test("default", "c-other", "file /c y");
    let all = [
        Arc::new(good.clone()),
        Arc::new(bad.clone()),
        Arc::new(other.clone()),
    ];
    let plan = planner.plan(&web(), Some(&facts), &all, None);
    let Plan::Failed {
        blamed,
        reason,
        retry_after,
        message,
    } = plan
    else {
        panic!("expected a failure, got {plan:?}")
    };
    assert_eq!(reason, "CompileCrashed");
    assert!(message.contains("SIGABRT"), "{message}");
    assert_eq!(blamed, vec![("default".to_string(), "b-bad".to_string())]);
    assert_eq!(retry_after, Some(crash_backoff(1)));
    assert_eq!(
        calls.load(Ordering::SeqCst),
        4,
        "the node's compile, then each selected Manifest alone"
    );
    assert_eq!(
        stalled_reason(&planner, &bad, &["web-1"]),
        ("True".into(), "CompileCrashed".into())
    );
    assert_eq!(
        stalled_reason(&planner, &good, &["web-1"]),
        ("True".into(), "BlockedByOtherManifest".into())
    );
}

#[test]
fn a_crash_is_not_retried_for_new_facts_until_its_backoff_but_a_fix_is_compiled_at_once() {
    let (planner, calls) = fixtures::planner();
    let facts = NodeFacts::test("web-1");
    let bad = Manifest::test("default", "bad", "CRASH");
    let plan = planner.plan(&web(), Some(&facts), &[Arc::new(bad.clone())], None);
    assert!(matches!(
        plan,
        Plan::Failed {
            reason: "CompileCrashed",
            ..
        }
    ));
    assert_eq!(
        calls.load(Ordering::SeqCst),
        1,
        "one selected Manifest: no attribution runs"
    );
    let mut newer = facts.clone();
    newer.spec.facts.insert("uptime_seconds".into(), 42.into());
    let plan = planner.plan(&web(), Some(&newer), &[Arc::new(bad.clone())], None);
    let Plan::Failed { retry_after, .. } = plan else {
        panic!("{plan:?}")
    };
    assert!(retry_after.is_some_and(|d| d > Duration::ZERO && d <= crash_backoff(1)));
    assert_eq!(
        calls.load(Ordering::SeqCst),
        1,
        "new facts alone wait for the backoff"
    );
    let fixed = bad.edited("file /etc/motd fixed");
    let spec = spec_of(planner.plan(&web(), Some(&newer), &[Arc::new(fixed)], None));
    assert_eq!(titles(&spec), vec!["File[/etc/motd]"]);
}

#[test]
fn crash_backoff_doubles_up_to_ten_minutes() {
    assert_eq!(crash_backoff(1), Duration::from_secs(10));
    assert_eq!(crash_backoff(2), Duration::from_secs(20));
    assert_eq!(crash_backoff(3), Duration::from_secs(40));
    assert_eq!(crash_backoff(40), Duration::from_secs(600));
}

#[test]
fn a_crash_no_manifest_causes_alone_is_blamed_on_every_selected_one() {
    let (planner, _) = fixtures::planner();
    let facts = NodeFacts::test("web-1");
    // A class whose mere registration crashes: every attribution run crashes
    // too, so nobody is singled out.
    let all = [
        Arc::new(Manifest::test("default", "a", "file /a x")),
        Arc::new(Manifest::test("default", "b", "DEFCRASH").selecting("role", "db")),
        Arc::new(Manifest::test("default", "c", "file /c x")),
    ];
    let Plan::Failed { blamed, .. } = planner.plan(&web(), Some(&facts), &all, None) else {
        panic!()
    };
    assert_eq!(
        blamed,
        vec![
            ("default".to_string(), "a".to_string()),
            ("default".to_string(), "c".to_string())
        ]
    );
}

#[test]
fn an_exhausted_budget_is_budget_exceeded_with_its_location() {
    let (planner, _) = fixtures::planner();
    let facts = NodeFacts::test("web-1");
    let greedy = Manifest::test("team-a", "greedy", "BUDGET");
    let plan = planner.plan(&web(), Some(&facts), &[Arc::new(greedy.clone())], None);
    assert!(matches!(
        plan,
        Plan::Failed {
            reason: "BudgetExceeded",
            retry_after: None,
            ..
        }
    ));
    assert_eq!(
        stalled_reason(&planner, &greedy, &["web-1"]),
        ("True".into(), "BudgetExceeded".into())
    );
}

#[test]
fn no_worker_is_nobodys_fault() {
    let planner = Planner::new(
        fixtures::fake_parse(),
        Arc::new(|_: &CompileScope, _: &CompileRequest| {
            Err(CompileFailure::Unavailable("no such file".into()))
        }),
        Arc::new(ControllerMetrics::default()),
    );
    let m = Manifest::test("default", "m", "file /a x");
    let plan = planner.plan(
        &web(),
        Some(&NodeFacts::test("web-1")),
        &[Arc::new(m)],
        None,
    );
    assert_eq!(plan, Plan::Unavailable("no such file".into()));
    assert!(
        planner.outcomes().is_empty(),
        "nothing recorded against anyone"
    );
}

fn keyed_facts(node: &str, key: &crate::k8s::seal::NodeKey) -> NodeFacts {
    let mut f = NodeFacts::test(node);
    f.spec.seal_key = key.public_base64();
    f
}

fn secret_grants(secrets: &[&str]) -> Grants {
    let mut g = crate::k8s::crd::ManifestGrant::test("team-a", &["team-a"]);
    g.spec.secrets = secrets.iter().map(|s| s.to_string()).collect();
    Grants::new(vec![Arc::new(g)])
}

#[test]
fn secrets_are_sealed_to_the_node_and_a_recompile_keeps_the_digest() {
    let (planner, calls) = fixtures::planner();
    let key = crate::k8s::seal::NodeKey::generate();
    let m = vec![Arc::new(Manifest::test(
        "team-a",
        "db",
        "secret /etc/db.pw db\nfile /etc/motd hi",
    ))];
    let grants = secret_grants(&["db"]);
    let facts = keyed_facts("web-1", &key);
    let spec = spec_of(planner.plan_granted(&web(), Some(&facts), &m, &grants, None));
    let raw = serde_json::to_string(&*spec).expect("json");
    assert!(!raw.contains("value of team-a/db"), "sealed: {raw}");
    let mut opened = catalog_of(&spec);
    crate::k8s::seal::unseal_catalog(&mut opened, &key).expect("its node opens it");
    let pw = opened.resource("File[/etc/db.pw]").expect("declared");
    assert_eq!(pw.param_str("content"), Some("value of team-a/db"));
    assert!(
        planner.secret_refresh("web-1").is_some(),
        "it read a Secret"
    );
    // New facts recompile; the same catalog seals to the same bytes.
    let current = NodeCatalog::test("web-1", &spec, 1);
    let mut newer = facts.clone();
    newer.spec.facts.insert("uptime".into(), "2 days".into());
    let before = calls.load(Ordering::SeqCst);
    assert_eq!(
        planner.plan_granted(&web(), Some(&newer), &m, &grants, Some(&current)),
        Plan::Unchanged
    );
    assert_eq!(
        calls.load(Ordering::SeqCst),
        before + 1,
        "it compiled again"
    );
    // A new key (node re-created): sealed anew, to the new key.
    let rekeyed = keyed_facts("web-1", &crate::k8s::seal::NodeKey::generate());
    let again = spec_of(planner.plan_granted(&web(), Some(&rekeyed), &m, &grants, Some(&current)));
    assert_ne!(again.digest, spec.digest);
    assert!(matches!(
        crate::k8s::seal::unseal_catalog(&mut catalog_of(&again), &key),
        Err(crate::k8s::seal::SealError::WrongKey { .. })
    ));
}

#[test]
fn a_node_without_a_key_gets_no_catalog_with_secrets() {
    let (planner, _) = fixtures::planner();
    let m = vec![Arc::new(Manifest::test(
        "team-a",
        "db",
        "secret /etc/db.pw db",
    ))];
    match planner.plan_granted(
        &web(),
        Some(&NodeFacts::test("web-1")),
        &m,
        &secret_grants(&["db"]),
        None,
    ) {
        Plan::Failed {
            reason,
            message,
            blamed,
            ..
        } => {
            assert_eq!(reason, reason::NODE_KEY_MISSING);
            assert!(message.contains("File[/etc/db.pw] content"), "{message}");
            assert_eq!(blamed, vec![("team-a".to_string(), "db".to_string())]);
        }
        other => panic!("published without a key: {other:?}"),
    }
    // Without Sensitive values, no key is needed.
    let plain = vec![Arc::new(Manifest::test(
        "team-a",
        "motd",
        "file /etc/motd hi",
    ))];
    spec_of(planner.plan_granted(
        &web(),
        Some(&NodeFacts::test("web-1")),
        &plain,
        &secret_grants(&[]),
        None,
    ));
}

#[test]
fn a_secret_the_grants_do_not_list_stalls_the_manifest_with_secret_denied() {
    let (planner, _) = fixtures::planner();
    let key = crate::k8s::seal::NodeKey::generate();
    let m = Manifest::test("team-a", "db", "secret /etc/db.pw root-ca");
    let plan = planner.plan_granted(
        &web(),
        Some(&keyed_facts("web-1", &key)),
        &[Arc::new(m.clone())],
        &secret_grants(&["db", "app-*"]),
        None,
    );
    match plan {
        Plan::Failed {
            reason, message, ..
        } => {
            assert_eq!(reason, reason::SECRET_DENIED);
            assert!(message.contains("lists Secret root-ca"), "{message}");
            assert!(
                message.contains("(file: team-a/db.pp, line: 1"),
                "{message}"
            );
        }
        other => panic!("not refused: {other:?}"),
    }
    assert_eq!(
        stalled_reason(&planner, &m, &["web-1"]),
        ("True".into(), "SecretDenied".into())
    );
    assert!(
        planner.secret_refresh("web-1").is_some(),
        "tried again later"
    );
}
