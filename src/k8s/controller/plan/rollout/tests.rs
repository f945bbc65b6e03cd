//! The rollout decisions, driven through whole simulated rollouts: Nodes
//! take the new catalog, converge or fail, and the decision is made again
//! from the status it wrote, as the controller does.

use super::*;
use crate::k8s::crd::{FailurePolicy, RolloutStage};
use crate::k8s::status::{self, Wanted, kind};

const T0: i64 = 1_800_000_000;

/// A fleet: Nodes with labels and what each made of the target so far,
/// and the status the last decision wrote.
struct Fleet {
    nodes: Vec<(String, BTreeMap<String, String>)>,
    state: HashMap<String, NodeState>,
    status: Option<RolloutStatus>,
    annotations: BTreeMap<String, String>,
    generation: i64,
    /// The target's digest, and its revision (a Manifest with `spec.code`).
    digest: String,
    revision: Option<String>,
    now: i64,
}

impl Fleet {
    /// `n` Nodes `node-00`.. over `zones` zones; the first `canaries` are
    /// labelled `canary=true`.
    fn new(n: usize, zones: usize, canaries: usize) -> Fleet {
        let nodes = (0..n)
            .map(|i| {
                let mut labels = BTreeMap::new();
                if zones > 0 {
                    labels.insert(ZONE_LABEL.to_string(), format!("zone-{}", i % zones));
                }
                if i < canaries {
                    labels.insert("canary".to_string(), "true".to_string());
                }
                (format!("node-{i:02}"), labels)
            })
            .collect();
        Fleet {
            nodes,
            state: HashMap::new(),
            status: None,
            annotations: BTreeMap::new(),
            generation: 2,
            digest: "d2".to_string(),
            revision: None,
            now: T0,
        }
    }

    fn state_of(&self, node: &str) -> NodeState {
        self.state.get(node).cloned().unwrap_or(NodeState::Pending)
    }

    /// One decision; newly reached Nodes become `Updating`, Nodes no
    /// longer admitted go back to `Pending` (the stable catalog).
    fn step(&mut self, spec: &RolloutSpec) -> Decision {
        let nodes = self
            .nodes
            .iter()
            .map(|(name, labels)| RolloutNode {
                name,
                labels,
                state: self.state_of(name),
            })
            .collect();
        let d = decide(&RolloutInputs {
            spec,
            generation: self.generation,
            digest: &self.digest,
            revision: self.revision.as_deref(),
            nodes,
            previous: self.status.as_ref(),
            annotations: &self.annotations,
            now: self.now,
        })
        .expect("a valid spec");
        for n in &d.newly_admitted {
            assert_eq!(self.state_of(n), NodeState::Pending, "{n} reached twice");
            self.state.insert(n.clone(), NodeState::Updating);
        }
        for (name, _) in &self.nodes {
            if !d.admitted.contains(name) {
                self.state.remove(name);
            }
        }
        self.status = Some(d.to_status());
        d
    }

    fn updating(&self) -> Vec<String> {
        let mut v: Vec<String> = self
            .state
            .iter()
            .filter(|(_, s)| **s == NodeState::Updating)
            .map(|(n, _)| n.clone())
            .collect();
        v.sort();
        v
    }

    fn converge(&mut self, node: &str) {
        self.state.insert(node.to_string(), NodeState::Converged);
    }

    fn fail(&mut self, node: &str, why: &str) {
        self.state
            .insert(node.to_string(), NodeState::Failed(why.to_string()));
    }

    fn unavailable(&self) -> usize {
        self.state
            .values()
            .filter(|s| !matches!(s, NodeState::Pending | NodeState::Converged))
            .count()
    }

    fn reached(&self) -> BTreeSet<String> {
        self.state
            .iter()
            .filter(|(_, s)| **s != NodeState::Pending)
            .map(|(n, _)| n.clone())
            .collect()
    }
}

fn spec(max: IntOrPercent) -> RolloutSpec {
    RolloutSpec {
        max_unavailable: Some(max),
        ..Default::default()
    }
}

fn canary_spec(pause: &str) -> RolloutSpec {
    let mut selector = LabelSelector::default();
    selector
        .match_labels
        .insert("canary".to_string(), "true".to_string());
    RolloutSpec {
        max_unavailable: Some(IntOrPercent::Int(3)),
        stages: vec![RolloutStage {
            name: Some("canary".into()),
            selector: Some(selector),
            count: None,
            pause: Some(pause.into()),
        }],
        ..Default::default()
    }
}

fn pct(s: &str) -> IntOrPercent {
    IntOrPercent::String(s.to_string())
}

#[test]
fn max_unavailable_rounds_down_but_is_at_least_one() {
    assert_eq!(max_unavailable(&pct("25%"), 30), 7, "7.5 rounds down");
    assert_eq!(max_unavailable(&pct("25%"), 4), 1);
    assert_eq!(
        max_unavailable(&pct("1%"), 30),
        1,
        "0.3 rounds to 0, then 1"
    );
    assert_eq!(max_unavailable(&pct("100%"), 30), 30);
    assert_eq!(max_unavailable(&IntOrPercent::Int(0), 30), 1);
    assert_eq!(max_unavailable(&IntOrPercent::Int(3), 30), 3);
    assert_eq!(max_unavailable(&pct("3"), 30), 3, "a number as a string");
    assert_eq!(max_unavailable(&pct("50%"), 0), 1);
}

#[test]
fn stage_percent_rounds_up() {
    assert_eq!(scaled(&pct("10%"), 15, true), Some(2), "1.5 rounds up");
    assert_eq!(scaled(&pct("10%"), 15, false), Some(1));
    assert_eq!(scaled(&pct("1%"), 30, true), Some(1));
    assert_eq!(scaled(&pct("x%"), 30, true), None);
}

#[test]
fn invalid_specs_name_their_field() {
    let mut s = spec(pct("many"));
    let e = validate(&s).expect_err("not an amount");
    assert!(e.to_string().contains("spec.rollout.maxUnavailable"), "{e}");
    s.max_unavailable = Some(IntOrPercent::Int(-2));
    assert!(matches!(validate(&s), Err(RolloutError::Negative { .. })));

    let mut s = canary_spec("untilPromoted");
    s.stages[0].count = Some(IntOrPercent::Int(2));
    assert_eq!(
        validate(&s),
        Err(RolloutError::StageTarget { index: 0 }),
        "selector and count"
    );
    s.stages[0].selector = None;
    s.stages[0].count = None;
    assert_eq!(validate(&s), Err(RolloutError::StageTarget { index: 0 }));

    let s = canary_spec("soon");
    let e = validate(&s).expect_err("bad pause");
    assert!(e.to_string().contains("stages[0].pause"), "{e}");
    assert!(validate(&canary_spec("1h30m")).is_ok());
    assert!(validate(&canary_spec("untilPromoted")).is_ok());

    let mut s = canary_spec("0s");
    s.stages.push(s.stages[0].clone());
    assert!(matches!(
        validate(&s),
        Err(RolloutError::DuplicateName { index: 1, .. })
    ));
}

#[test]
fn node_order_is_stable_and_spreads_over_zones() {
    let fleet = Fleet::new(12, 3, 0);
    let pairs: Vec<(&str, &BTreeMap<String, String>)> =
        fleet.nodes.iter().map(|(n, l)| (n.as_str(), l)).collect();
    let order = node_order(&pairs);
    let mut reversed = pairs.clone();
    reversed.reverse();
    assert_eq!(order, node_order(&reversed), "input order does not matter");
    assert_eq!(order.len(), 12);
    let zone = |n: &str| {
        fleet
            .nodes
            .iter()
            .find(|(name, _)| name == n)
            .and_then(|(_, l)| l.get(ZONE_LABEL).cloned())
    };
    for chunk in order.chunks(3) {
        let zones: BTreeSet<_> = chunk.iter().map(|n| zone(n)).collect();
        assert_eq!(zones.len(), 3, "each round takes one node of each zone");
    }
    // Not just the names' order: the hash decides.
    let mut by_name = order.clone();
    by_name.sort();
    assert_ne!(order, by_name);
    // Adding a node does not reorder the others of its zone.
    let mut more = fleet.nodes.clone();
    let mut labels = BTreeMap::new();
    labels.insert(ZONE_LABEL.to_string(), "zone-0".to_string());
    more.push(("node-99".to_string(), labels));
    let pairs: Vec<(&str, &BTreeMap<String, String>)> =
        more.iter().map(|(n, l)| (n.as_str(), l)).collect();
    let with = node_order(&pairs);
    let zone0 = |o: &[&str]| -> Vec<String> {
        o.iter()
            .filter(|n| **n != "node-99" && zone(n).as_deref() == Some("zone-0"))
            .map(|n| n.to_string())
            .collect()
    };
    assert_eq!(zone0(&order), zone0(&with));
}

#[test]
fn max_unavailable_is_never_exceeded_and_the_rollout_completes() {
    for (max, limit) in [
        (IntOrPercent::Int(3), 3),
        (pct("25%"), 7),
        (IntOrPercent::Int(1), 1),
    ] {
        let s = spec(max);
        let mut fleet = Fleet::new(30, 3, 0);
        let mut order = Vec::new();
        let mut steps = 0;
        loop {
            let d = fleet.step(&s);
            assert_eq!(d.max_unavailable, limit);
            assert!(
                fleet.unavailable() <= limit,
                "{} unavailable with a limit of {limit}",
                fleet.unavailable()
            );
            assert_eq!(d.unavailable, fleet.unavailable());
            order.extend(d.newly_admitted.clone());
            if d.phase == Phase::Complete {
                assert_eq!(d.converged, 30);
                assert_eq!(d.pending, 0);
                break;
            }
            assert_eq!(d.phase, Phase::Progressing);
            // Converge some of the Nodes updating: every other one, in a
            // rotating pattern, so Nodes finish out of order.
            for (i, n) in fleet.updating().into_iter().enumerate() {
                if (i + steps) % 2 == 0 {
                    fleet.converge(&n);
                }
            }
            steps += 1;
            assert!(steps < 200, "the rollout does not finish");
        }
        let pairs: Vec<(&str, &BTreeMap<String, String>)> =
            fleet.nodes.iter().map(|(n, l)| (n.as_str(), l)).collect();
        let expected: Vec<String> = node_order(&pairs).iter().map(|n| n.to_string()).collect();
        assert_eq!(order, expected, "nodes are reached in the rollout's order");
    }
}

#[test]
fn a_failed_node_keeps_counting_and_halts() {
    let mut s = spec(IntOrPercent::Int(3));
    s.failure_policy = Some(FailurePolicy {
        halt_after: Some(2),
        rollback_failed: false,
    });
    let mut fleet = Fleet::new(10, 0, 0);
    let first = fleet.step(&s).newly_admitted;
    assert_eq!(first.len(), 3);
    fleet.fail(&first[0], "File[/etc/x]: change failed");
    fleet.converge(&first[1]);
    fleet.converge(&first[2]);
    let d = fleet.step(&s);
    assert_eq!(d.phase, Phase::Progressing, "one failure is tolerated");
    assert_eq!(d.newly_admitted.len(), 2, "the failed node still counts");
    assert_eq!(fleet.unavailable(), 3);
    let second = d.newly_admitted;
    fleet.fail(&second[0], "Exec[boom]: returned 1");
    let d = fleet.step(&s);
    assert_eq!(d.phase, Phase::Halted);
    assert!(d.newly_admitted.is_empty());
    assert_eq!(d.failed.len(), 2);
    assert!(d.message.contains("Exec[boom]"), "{}", d.message);
    // Even once the others converged, nothing more is reached.
    fleet.converge(&second[1]);
    let before = fleet.reached();
    let d = fleet.step(&s);
    assert_eq!(d.phase, Phase::Halted);
    assert_eq!(fleet.reached(), before);
    let st = d.to_status();
    assert_eq!(st.failed, 2);
    assert!(
        st.failed_nodes
            .iter()
            .any(|f| f.node == first[0] && f.message.contains("File[/etc/x]"))
    );
}

#[test]
fn a_failing_canary_halts_and_rollback_puts_it_back() {
    let mut s = canary_spec("untilPromoted");
    s.failure_policy = Some(FailurePolicy {
        halt_after: None,
        rollback_failed: true,
    });
    let mut fleet = Fleet::new(30, 3, 2);
    let d = fleet.step(&s);
    let mut canaries = d.newly_admitted.clone();
    canaries.sort();
    assert_eq!(
        canaries,
        vec!["node-00", "node-01"],
        "the canary stage first"
    );
    assert_eq!(d.stage, Some((0, "canary".to_string())));
    fleet.fail("node-00", "Exec[check]: returned 1");
    let d = fleet.step(&s);
    assert_eq!(d.phase, Phase::Halted);
    assert!(!d.admitted.contains("node-00"), "rolled back");
    assert_eq!(fleet.state_of("node-00"), NodeState::Pending);
    // Back on the stable catalog, it stays failed: the halt holds.
    fleet.converge("node-01");
    let d = fleet.step(&s);
    assert_eq!(d.phase, Phase::Halted);
    assert!(d.failed.contains_key("node-00"));
    assert_eq!(fleet.reached().len(), 1, "no other node got it");
    // A new generation starts afresh.
    fleet.generation = 3;
    fleet.state.clear();
    let d = fleet.step(&s);
    assert_eq!(d.phase, Phase::Progressing);
    assert!(d.failed.is_empty());
}

#[test]
fn a_canary_stage_pauses_until_promoted() {
    let s = canary_spec("untilPromoted");
    let mut fleet = Fleet::new(30, 3, 2);
    fleet.step(&s);
    fleet.converge("node-00");
    let d = fleet.step(&s);
    assert_eq!(d.phase, Phase::Progressing, "one canary still updating");
    assert!(
        d.newly_admitted.is_empty(),
        "the canary stage holds only canaries"
    );
    fleet.converge("node-01");
    for _ in 0..3 {
        let d = fleet.step(&s);
        assert_eq!(d.phase, Phase::Paused);
        assert!(
            d.message.contains("kuppet.dev/promote=2/canary"),
            "{}",
            d.message
        );
        assert!(d.newly_admitted.is_empty());
    }
    // A promotion of another generation or stage changes nothing.
    fleet.annotations.insert(PROMOTE.into(), "1/canary".into());
    assert_eq!(fleet.step(&s).phase, Phase::Paused);
    fleet.annotations.insert(PROMOTE.into(), "2/other".into());
    assert_eq!(fleet.step(&s).phase, Phase::Paused);
    fleet.annotations.insert(PROMOTE.into(), "2/canary".into());
    let d = fleet.step(&s);
    assert_eq!(d.phase, Phase::Progressing);
    assert_eq!(d.newly_admitted.len(), 3);
    assert_eq!(d.stage, Some((1, "all".to_string())));
    // The pause is over for good, even without the annotation.
    fleet.annotations.clear();
    for n in fleet.updating() {
        fleet.converge(&n);
    }
    let d = fleet.step(&s);
    assert_eq!(d.phase, Phase::Progressing);
    assert_eq!(d.newly_admitted.len(), 3);
}

#[test]
fn a_revision_of_spec_code_is_promoted_and_aborted_by_its_digest() {
    let s = canary_spec("untilPromoted");
    let mut fleet = Fleet::new(6, 0, 2);
    fleet.revision = Some("main@sha1:abc".into());
    fleet.digest = "0123456789abcdef".into();
    fleet.step(&s);
    fleet.converge("node-00");
    fleet.converge("node-01");
    let d = fleet.step(&s);
    assert_eq!(d.phase, Phase::Paused);
    assert!(
        d.message
            .contains("kuppet.dev/promote=0123456789abcdef/canary"),
        "{}",
        d.message
    );
    // The generation stays the same from one revision to the next: it
    // does not name the rollout.
    fleet.annotations.insert(PROMOTE.into(), "2/canary".into());
    assert_eq!(fleet.step(&s).phase, Phase::Paused);
    fleet.annotations.insert(ABORT.into(), "2".into());
    assert_eq!(fleet.step(&s).phase, Phase::Paused);
    fleet.annotations.remove(ABORT);
    fleet
        .annotations
        .insert(PROMOTE.into(), "0123456789abcdef/canary".into());
    let d = fleet.step(&s);
    assert_eq!(d.phase, Phase::Progressing);
    assert_eq!(d.newly_admitted.len(), 3);
    let st = d.to_status();
    assert_eq!(
        (st.target_digest.as_deref(), st.target_revision.as_deref()),
        (Some("0123456789abcdef"), Some("main@sha1:abc"))
    );
    fleet
        .annotations
        .insert(ABORT.into(), "0123456789abcdef".into());
    let d = fleet.step(&s);
    assert_eq!(d.phase, Phase::Aborted);
    assert!(d.admitted.is_empty());
    assert!(
        d.message.contains("publish a new revision"),
        "{}",
        d.message
    );
}

#[test]
fn a_new_revision_is_a_new_rollout_under_the_same_generation() {
    let mut s = spec(IntOrPercent::Int(2));
    s.failure_policy = Some(FailurePolicy {
        halt_after: Some(1),
        rollback_failed: true,
    });
    let mut fleet = Fleet::new(6, 0, 0);
    fleet.revision = Some("r1".into());
    fleet.digest = "1111111111111111".into();
    let first = fleet.step(&s).newly_admitted;
    fleet.fail(&first[0], "Exec[broken]: returned 1");
    let d = fleet.step(&s);
    assert_eq!(d.phase, Phase::Halted);
    // A fixed revision: same generation, another digest. The failure of
    // the broken revision is not this rollout's, and every node starts
    // from the stable revision.
    fleet.revision = Some("r2".into());
    fleet.digest = "2222222222222222".into();
    fleet.state.clear();
    let d = fleet.step(&s);
    assert_eq!(d.phase, Phase::Progressing, "{}", d.message);
    assert!(d.failed.is_empty());
    assert_eq!(d.newly_admitted.len(), 2);
    assert!(!same_target(
        &RolloutStatus {
            target_generation: 2,
            target_digest: Some("1111111111111111".into()),
            ..Default::default()
        },
        2,
        "2222222222222222"
    ));
}

#[test]
fn a_timed_pause_ends_by_itself() {
    let s = canary_spec("2m");
    let mut fleet = Fleet::new(6, 0, 2);
    fleet.step(&s);
    fleet.converge("node-00");
    fleet.converge("node-01");
    let d = fleet.step(&s);
    assert_eq!(d.phase, Phase::Paused);
    assert_eq!(d.wake_after, Some(Duration::from_secs(120)));
    fleet.now += 60;
    let d = fleet.step(&s);
    assert_eq!(
        d.phase,
        Phase::Paused,
        "counts from when the stage completed"
    );
    assert_eq!(d.wake_after, Some(Duration::from_secs(60)));
    fleet.now += 61;
    let d = fleet.step(&s);
    assert_eq!(d.phase, Phase::Progressing);
    assert_eq!(d.newly_admitted.len(), 3);
}

#[test]
fn count_stages_are_cumulative() {
    let mut s = spec(IntOrPercent::Int(10));
    s.stages = vec![
        RolloutStage {
            name: None,
            count: Some(IntOrPercent::Int(2)),
            pause: Some(UNTIL_PROMOTED.into()),
            ..Default::default()
        },
        RolloutStage {
            name: None,
            count: Some(pct("50%")),
            pause: Some(UNTIL_PROMOTED.into()),
            ..Default::default()
        },
    ];
    let mut fleet = Fleet::new(10, 2, 0);
    let d = fleet.step(&s);
    assert_eq!(d.newly_admitted.len(), 2);
    assert_eq!(d.stage, Some((0, "stage-1".to_string())));
    for n in fleet.updating() {
        fleet.converge(&n);
    }
    assert_eq!(fleet.step(&s).phase, Phase::Paused);
    fleet.annotations.insert(PROMOTE.into(), "2".into());
    let d = fleet.step(&s);
    assert_eq!(d.newly_admitted.len(), 3, "5 in total by the second stage");
    for n in fleet.updating() {
        fleet.converge(&n);
    }
    // `<generation>` alone promotes every pause of that generation.
    let d = fleet.step(&s);
    assert_eq!(d.newly_admitted.len(), 5);
}

#[test]
fn spec_paused_stops_new_nodes_only() {
    let mut s = spec(IntOrPercent::Int(2));
    let mut fleet = Fleet::new(5, 0, 0);
    fleet.step(&s);
    s.paused = true;
    let d = fleet.step(&s);
    assert_eq!(d.phase, Phase::Paused);
    assert!(d.newly_admitted.is_empty());
    assert_eq!(
        d.admitted.len(),
        2,
        "the nodes reached keep the new generation"
    );
}

#[test]
fn abort_returns_every_node_to_the_stable_generation() {
    let s = canary_spec("untilPromoted");
    let mut fleet = Fleet::new(8, 0, 2);
    fleet.step(&s);
    fleet.converge("node-00");
    fleet.annotations.insert(ABORT.into(), "1".into());
    assert_ne!(
        fleet.step(&s).phase,
        Phase::Aborted,
        "another generation's abort"
    );
    fleet.annotations.insert(ABORT.into(), "true".into());
    let d = fleet.step(&s);
    assert_eq!(d.phase, Phase::Aborted);
    assert!(d.admitted.is_empty());
    assert!(fleet.reached().is_empty());
    assert!(d.message.contains("kuppet.dev/abort-"), "{}", d.message);
}

#[test]
fn a_rollout_without_progress_passes_its_deadline() {
    let mut s = spec(IntOrPercent::Int(1));
    s.progress_deadline_seconds = Some(60);
    let mut fleet = Fleet::new(3, 0, 0);
    assert!(!fleet.step(&s).deadline_exceeded);
    fleet.now += 30;
    assert!(!fleet.step(&s).deadline_exceeded);
    fleet.now += 31;
    let d = fleet.step(&s);
    assert!(d.deadline_exceeded);
    let n = fleet.updating().remove(0);
    fleet.converge(&n);
    let d = fleet.step(&s);
    assert!(!d.deadline_exceeded, "a node converged: progress");
    assert_eq!(d.last_progress_at, fleet.now);
}

#[test]
fn an_empty_fleet_is_complete() {
    let s = spec(pct("25%"));
    let mut fleet = Fleet::new(0, 0, 0);
    let d = fleet.step(&s);
    assert_eq!(d.phase, Phase::Complete);
}

fn base_status(ready_reason: &'static str, ready: bool) -> ManifestStatus {
    let wanted = vec![
        Wanted::new(kind::READY, ready, ready_reason, "base"),
        Wanted::new(kind::RECONCILING, !ready, ready_reason, ""),
        Wanted::new(kind::STALLED, false, ready_reason, ""),
    ];
    ManifestStatus {
        observed_generation: Some(2),
        conditions: status::merge(&[], wanted, Some(2), "2027-01-01T00:00:00Z"),
        ..Default::default()
    }
}

fn condition(st: &ManifestStatus, type_: &str) -> (String, String) {
    let c = status::find(&st.conditions, type_).expect("condition present");
    (c.status.clone(), c.reason.clone())
}

#[test]
fn the_status_says_where_the_rollout_stands() {
    let s = canary_spec("untilPromoted");
    let mut fleet = Fleet::new(6, 0, 2);
    let d = fleet.step(&s);
    let mut st = base_status("Compiling", false);
    fold_status(
        &mut st,
        &[],
        Ok(&d),
        Some((1, "file /etc/motd old")),
        "2027-01-01T00:00:00Z",
    );
    assert_eq!(
        condition(&st, kind::READY),
        ("False".into(), "RolloutProgressing".into())
    );
    assert_eq!(condition(&st, kind::RECONCILING).0, "True");
    assert_eq!(condition(&st, kind::PROGRESSING).0, "True");
    assert_eq!(condition(&st, kind::HALTED).0, "False");
    let r = st.rollout.as_ref().expect("status.rollout");
    assert_eq!((r.updated, r.pending, r.stable_generation), (2, 4, Some(1)));
    assert_eq!(r.current_stage.as_deref(), Some("canary"));

    fleet.fail("node-00", "File[/etc/motd]: permission denied");
    let d = fleet.step(&s);
    let mut st = base_status("ApplyFailed", false);
    fold_status(&mut st, &[], Ok(&d), None, "2027-01-01T00:00:00Z");
    assert_eq!(
        condition(&st, kind::STALLED),
        ("True".into(), "RolloutHalted".into())
    );
    assert_eq!(condition(&st, kind::HALTED).0, "True");
    let msg = &status::find(&st.conditions, kind::READY)
        .expect("ready")
        .message;
    assert!(
        msg.contains("node-00: File[/etc/motd]: permission denied"),
        "{msg}"
    );

    // A parse error outranks the rollout in kstatus; status.rollout stays.
    let mut st = base_status("ParseFailed", false);
    fold_status(&mut st, &[], Ok(&d), None, "2027-01-01T00:00:00Z");
    assert_eq!(condition(&st, kind::READY).1, "ParseFailed");
    assert!(st.rollout.is_some());

    // Complete: the base conditions (Ready once applied everywhere) stand.
    let mut fleet = Fleet::new(2, 0, 0);
    fleet.converge("node-00");
    fleet.converge("node-01");
    let d = fleet.step(&spec(IntOrPercent::Int(1)));
    assert_eq!(d.phase, Phase::Complete);
    let mut st = base_status("Applied", true);
    fold_status(&mut st, &[], Ok(&d), None, "2027-01-01T00:00:00Z");
    assert_eq!(
        condition(&st, kind::READY),
        ("True".into(), "Applied".into())
    );
    assert_eq!(condition(&st, kind::COMPLETE).0, "True");

    // An invalid spec is Stalled, naming the field.
    let mut st = base_status("Applied", true);
    let e = validate(&spec(pct("lots"))).expect_err("invalid");
    fold_status(&mut st, &[], Err(&e), None, "2027-01-01T00:00:00Z");
    assert_eq!(
        condition(&st, kind::STALLED),
        ("True".into(), "InvalidRollout".into())
    );
    assert!(st.errors[0].message.contains("maxUnavailable"));
}

#[test]
fn events_mark_stages_pauses_promotions_halts_and_completion() {
    let at = |phase: &str, stage: Option<&str>| RolloutStatus {
        target_generation: 2,
        phase: phase.into(),
        current_stage: stage.map(str::to_string),
        ..Default::default()
    };
    let reason = |old: Option<&RolloutStatus>, new: &RolloutStatus| {
        rollout_event(old, new).map(|n| n.reason)
    };
    let started = at("Progressing", Some("canary"));
    assert_eq!(reason(None, &started), Some("RolloutStageStarted"));
    assert_eq!(reason(Some(&started), &started), None, "no repeat");
    let paused = at("Paused", Some("canary"));
    assert_eq!(reason(Some(&started), &paused), Some("RolloutPaused"));
    let promoted = at("Progressing", Some("all"));
    assert_eq!(reason(Some(&paused), &promoted), Some("RolloutPromoted"));
    let halted = at("Halted", Some("all"));
    assert_eq!(reason(Some(&promoted), &halted), Some("RolloutHalted"));
    assert_eq!(reason(Some(&halted), &halted), None);
    assert_eq!(
        reason(Some(&promoted), &at("Complete", None)),
        Some("RolloutComplete")
    );
    assert_eq!(
        reason(Some(&promoted), &at("Aborted", None)),
        Some("RolloutAborted")
    );
    let mut next = started.clone();
    next.target_generation = 3;
    assert_eq!(
        reason(Some(&halted), &next),
        Some("RolloutStageStarted"),
        "a new generation"
    );
}

#[test]
fn removing_an_abort_restarts_a_rollout_but_not_a_halted_one() {
    let s = canary_spec("untilPromoted");
    let mut fleet = Fleet::new(6, 0, 2);
    fleet.step(&s);
    fleet.annotations.insert(ABORT.into(), "true".into());
    assert_eq!(fleet.step(&s).phase, Phase::Aborted);
    fleet.annotations.clear();
    let d = fleet.step(&s);
    assert_eq!(d.phase, Phase::Progressing, "no failure: it starts again");
    assert_eq!(d.newly_admitted.len(), 2);

    fleet.fail("node-00", "Exec[x]: returned 1");
    assert_eq!(fleet.step(&s).phase, Phase::Halted);
    fleet.annotations.insert(ABORT.into(), "2".into());
    let d = fleet.step(&s);
    assert_eq!(d.phase, Phase::Aborted);
    assert!(d.failed.contains_key("node-00"), "the failure is kept");
    fleet.annotations.clear();
    let d = fleet.step(&s);
    assert_eq!(d.phase, Phase::Halted, "still halted");
    assert!(d.newly_admitted.is_empty());
}

#[test]
fn a_large_stable_source_is_not_kept_in_the_status() {
    let mut fleet = Fleet::new(2, 0, 0);
    let d = fleet.step(&spec(IntOrPercent::Int(1)));
    let big = "x".repeat(MAX_KEPT_SOURCE + 1);
    let mut st = base_status("Compiling", false);
    fold_status(
        &mut st,
        &[],
        Ok(&d),
        Some((1, &big)),
        "2027-01-01T00:00:00Z",
    );
    let r = st.rollout.as_ref().expect("status.rollout");
    assert_eq!(
        (r.stable_generation, r.stable_source.as_deref()),
        (Some(1), None)
    );
    let mut st = base_status("Compiling", false);
    fold_status(
        &mut st,
        &[],
        Ok(&d),
        Some((1, "small")),
        "2027-01-01T00:00:00Z",
    );
    assert_eq!(
        st.rollout.expect("rollout").stable_source.as_deref(),
        Some("small")
    );
}
