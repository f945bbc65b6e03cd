//! The planner under ManifestGrants: which namespaces' code reaches a node,
//! which definitions a compile sees, and catalogs beyond their grants.

use super::*;
use crate::k8s::controller::fixtures::{self, catalog_of, node};
use crate::k8s::crd::ManifestGrant;
use std::sync::atomic::Ordering;

const NOW: &str = "2024-05-01T12:00:00Z";

fn web() -> Node {
    node("web-1", &[("role", "web")])
}

fn grant(
    name: &str,
    namespaces: &[&str],
    edit: impl FnOnce(&mut ManifestGrant),
) -> Arc<ManifestGrant> {
    let mut g = ManifestGrant::test(name, namespaces);
    edit(&mut g);
    Arc::new(g)
}

fn titles(plan: &Plan) -> Vec<String> {
    match plan {
        Plan::Write(spec) => catalog_of(spec)
            .resources
            .iter()
            .map(|r| r.reference())
            .collect(),
        other => panic!("expected a write, got {other:?}"),
    }
}

fn status(planner: &Planner, m: &Manifest, grants: &Grants) -> ManifestStatus {
    let nodes = vec![Arc::new(web())];
    let with_facts = HashSet::from(["web-1".to_string()]);
    let (targets, ungranted) = granted_targets(m, &nodes, &with_facts, grants);
    manifest_status(&StatusInputs {
        manifest: m,
        code: None,
        parsed: &planner.parsed(m),
        targets: &targets,
        ungranted: &ungranted,
        catalogs: &HashMap::new(),
        outcomes: &planner.outcomes(),
        now: NOW,
    })
}

fn stalled(st: &ManifestStatus) -> (String, String) {
    let c = status::find(&st.conditions, kind::STALLED).expect("Stalled");
    (c.reason.clone(), c.message.clone())
}

#[test]
fn a_namespace_without_a_grant_configures_no_node() {
    let (planner, _) = fixtures::planner();
    let admin = Arc::new(Manifest::test("admin", "base", "file /etc/motd hi"));
    let team = Arc::new(Manifest::test("team-a", "app", "file /etc/app.conf x"));
    let grants = Grants::new(vec![grant("admin", &["admin"], |_| {})]);
    let facts = NodeFacts::test("web-1");
    let plan = planner.plan_granted(
        &web(),
        Some(&facts),
        &[admin.clone(), team.clone()],
        &grants,
        None,
    );
    assert_eq!(titles(&plan), vec!["File[/etc/motd]"]);
    let Plan::Write(spec) = &plan else {
        unreachable!()
    };
    assert!(
        spec.sources.iter().all(|s| s.namespace == "admin"),
        "{:?}",
        spec.sources
    );

    let (reason, message) = stalled(&status(&planner, &team, &grants));
    assert_eq!(reason, grant::NOT_GRANTED);
    assert!(
        message.contains("no ManifestGrant gives namespace team-a"),
        "{message}"
    );
    assert_eq!(status(&planner, &team, &grants).selected_nodes, 0);

    // A grant for nodes labelled role=db does not reach web-1 either; one for role=web does.
    let db = grant("team-a-db", &["team-a"], |g| {
        g.spec
            .node_selector
            .match_labels
            .insert("role".into(), "db".into());
    });
    let grants = Grants::new(vec![grant("admin", &["admin"], |_| {}), db.clone()]);
    let plan = planner.plan_granted(
        &web(),
        Some(&facts),
        &[admin.clone(), team.clone()],
        &grants,
        None,
    );
    assert_eq!(titles(&plan), vec!["File[/etc/motd]"]);
    let web_grant = grant("team-a-web", &["team-a"], |g| {
        g.spec
            .node_selector
            .match_labels
            .insert("role".into(), "web".into());
    });
    let grants = Grants::new(vec![grant("admin", &["admin"], |_| {}), db, web_grant]);
    let plan = planner.plan_granted(&web(), Some(&facts), &[admin, team.clone()], &grants, None);
    assert_eq!(
        titles(&plan),
        vec!["File[/etc/motd]", "File[/etc/app.conf]"]
    );
    assert_eq!(status(&planner, &team, &grants).selected_nodes, 1);
}

#[test]
fn definitions_are_visible_within_their_namespace_and_from_shared_ones_only() {
    let (planner, calls) = fixtures::planner();
    // DEFCRASH crashes any compile that registers this Manifest's classes:
    // it shows whether the node's compile saw them.
    let library = Arc::new(Manifest::test("team-b", "lib", "DEFCRASH").selecting("role", "none"));
    let app = Arc::new(Manifest::test("team-a", "app", "file /etc/app.conf x"));
    let facts = NodeFacts::test("web-1");
    let both = [library.clone(), app.clone()];
    let grants = Grants::new(vec![grant("teams", &["team-a", "team-b"], |_| {})]);
    let plan = planner.plan_granted(&web(), Some(&facts), &both, &grants, None);
    assert_eq!(
        titles(&plan),
        vec!["File[/etc/app.conf]"],
        "team-b's classes are not in team-a's compile"
    );

    let shared = Grants::new(vec![
        grant("teams", &["team-a"], |_| {}),
        grant("library", &["team-b"], |g| g.spec.share_definitions = true),
    ]);
    let before = calls.load(Ordering::SeqCst);
    let plan = planner.plan_granted(&web(), Some(&facts), &both, &shared, None);
    assert!(
        matches!(
            plan,
            Plan::Failed {
                reason: reason::COMPILE_CRASHED,
                ..
            }
        ),
        "{plan:?}"
    );
    assert!(
        calls.load(Ordering::SeqCst) > before,
        "a changed grant recompiles"
    );
}

#[test]
fn a_manifest_beyond_its_grant_is_left_out_and_stalled_naming_the_rule() {
    let (planner, _) = fixtures::planner();
    let admin = Arc::new(Manifest::test("admin", "base", "file /etc/motd hi"));
    let team = Arc::new(Manifest::test(
        "team-a",
        "app",
        "file /etc/team-a/app.conf x\nfile /etc/passwd root::0:0",
    ));
    let grants = Grants::new(vec![
        grant("admin", &["admin"], |_| {}),
        grant("team-a-files", &["team-a"], |g| {
            g.spec.path_prefixes = vec!["/etc/team-a".into()];
            g.spec.resource_types = vec!["file".into()];
        }),
    ]);
    let facts = NodeFacts::test("web-1");
    let plan = planner.plan_granted(
        &web(),
        Some(&facts),
        &[admin.clone(), team.clone()],
        &grants,
        None,
    );
    assert_eq!(
        titles(&plan),
        vec!["File[/etc/motd]"],
        "no node receives the refused Manifest"
    );

    let (reason, message) = stalled(&status(&planner, &team, &grants));
    assert_eq!(reason, grant::GRANT_EXCEEDED);
    assert!(
        message.contains("File[/etc/passwd] on node web-1 is outside the grants of namespace team-a: ManifestGrant team-a-files: spec.pathPrefixes allows /etc/team-a, not /etc/passwd"),
        "{message}"
    );
    let st = status(&planner, &team, &grants);
    assert_eq!(
        (st.errors[0].file.as_deref(), st.errors[0].line),
        (Some("team-a/app.pp"), Some(2))
    );
    // The admin's Manifest is unaffected.
    let admin_status = status(&planner, &admin, &grants);
    assert_eq!(
        admin_status.compiled_nodes, 0,
        "no catalog stored in this test"
    );
    assert_eq!(stalled(&admin_status).0, "Compiling");

    // Widened, the grant lets the whole Manifest through.
    let wide = Grants::new(vec![
        grant("admin", &["admin"], |_| {}),
        grant("team-a-files", &["team-a"], |g| {
            g.spec.path_prefixes = vec!["/etc".into()]
        }),
    ]);
    let plan = planner.plan_granted(&web(), Some(&facts), &[admin, team.clone()], &wide, None);
    assert_eq!(
        titles(&plan),
        vec![
            "File[/etc/motd]",
            "File[/etc/team-a/app.conf]",
            "File[/etc/passwd]"
        ]
    );
    assert_ne!(
        stalled(&status(&planner, &team, &wide)).0,
        grant::GRANT_EXCEEDED
    );
}
