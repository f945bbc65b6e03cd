//! Staged rollouts (`spec.rollout`): which Nodes a Manifest's new generation
//! reaches now, given the rollout's node order, its stages and pauses,
//! `maxUnavailable`, the failure policy, promotions and aborts, and what
//! each Node made of the new catalog so far. Pure: the controller feeds it
//! the state it reads from the API server and applies the [`Decision`].
//!
//! A Node is *unavailable* from the moment it may hold the new generation
//! until its agent applied it without failures; a failed Node keeps
//! counting, so a broken change stops by itself. Failures are sticky for a
//! generation (the previous status remembers them), so a Node put back on
//! the stable generation still halts the rollout.

use super::{Applied, Gate, ManifestKey, NodeOutcome, applied_state};
use crate::k8s::controller::code::{self, Loaded};
use crate::k8s::crd::{
    CatalogSource, FailedNode, IntOrPercent, LabelSelector, Manifest, ManifestError,
    ManifestStatus, NodeCatalog, RolloutSpec, RolloutStatus,
};
use crate::k8s::events::{Note, Severity, truncate};
use crate::k8s::status::{self, Condition, Wanted, kind};
use sha2::{Digest, Sha256};
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::time::Duration;

/// The annotation that ends a pause: `<generation>/<stage>` ends the pause
/// after that stage, `<generation>` every pause of that generation. The
/// rollout's `targetDigest` works in place of the generation, and is the
/// only way to name a rollout of a Manifest with `spec.code` (its
/// generation stays the same from one revision to the next).
pub const PROMOTE: &str = "kuppet.dev/promote";
/// The annotation that aborts: `true` (any generation, until removed), a
/// generation or a `targetDigest`. Every Node goes back to the stable
/// generation.
pub const ABORT: &str = "kuppet.dev/abort";
/// The label Nodes are spread over in the rollout's order.
pub const ZONE_LABEL: &str = "topology.kubernetes.io/zone";
/// `pause: untilPromoted`.
pub const UNTIL_PROMOTED: &str = "untilPromoted";
/// The progress deadline when the spec sets none.
pub const DEFAULT_PROGRESS_DEADLINE: i64 = 600;
/// The largest stable source kept in the status (bytes): with the spec's
/// own source, the Manifest must stay under etcd's 1.5 MiB. A larger one is
/// kept in the controller's memory only.
pub const MAX_KEPT_SOURCE: usize = 256 * 1024;
/// How many failed Nodes a status lists.
pub const MAX_LISTED_FAILED: usize = 20;

/// Why a `spec.rollout` cannot be followed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RolloutError {
    #[error(
        "spec.rollout.{field}: {value:?} is not a count or a percent: write a whole number (3) or a percent (\"25%\")"
    )]
    Amount { field: String, value: String },
    #[error("spec.rollout.{field}: {value} is negative: write 0 or more")]
    Negative { field: String, value: i64 },
    #[error("spec.rollout.stages[{index}]: set exactly one of selector and count")]
    StageTarget { index: usize },
    #[error(
        "spec.rollout.stages[{index}].pause: {value:?} is neither a duration (30s, 5m, 1h) nor untilPromoted"
    )]
    Pause { index: usize, value: String },
    #[error("spec.rollout.stages[{index}].selector: {message}")]
    Selector { index: usize, message: String },
    #[error(
        "spec.rollout.stages[{index}].name: {name:?} is used by an earlier stage; names must differ"
    )]
    DuplicateName { index: usize, name: String },
}

/// What a Node has made of the target generation so far.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NodeState {
    /// Not reached: it holds the stable generation (or nothing of the Manifest).
    Pending,
    /// Reached (it holds or may hold the target), its run not yet succeeded.
    Updating,
    /// Applied the target without failures.
    Converged,
    /// Its run or compile of the target failed, with why.
    Failed(String),
}

/// One Node the Manifest selects.
#[derive(Debug, Clone)]
pub struct RolloutNode<'a> {
    pub name: &'a str,
    pub labels: &'a BTreeMap<String, String>,
    pub state: NodeState,
}

/// Everything a decision is made from.
pub struct RolloutInputs<'a> {
    pub spec: &'a RolloutSpec,
    /// The generation being rolled out.
    pub generation: i64,
    /// The target's digest ([`Target::digest`]).
    pub digest: &'a str,
    /// With `spec.code`: the artifact revision being rolled out.
    pub revision: Option<&'a str>,
    /// Every Node the Manifest targets, in any order.
    pub nodes: Vec<RolloutNode<'a>>,
    /// The Manifest's last rollout status (ignored when it describes
    /// another generation).
    pub previous: Option<&'a RolloutStatus>,
    /// The Manifest's annotations (promotions, aborts).
    pub annotations: &'a BTreeMap<String, String>,
    /// Now, in seconds since the Unix epoch.
    pub now: i64,
}

/// Where a rollout stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    Progressing,
    Paused,
    Halted,
    Aborted,
    Complete,
}

impl Phase {
    pub fn as_str(self) -> &'static str {
        match self {
            Phase::Progressing => "Progressing",
            Phase::Paused => "Paused",
            Phase::Halted => "Halted",
            Phase::Aborted => "Aborted",
            Phase::Complete => "Complete",
        }
    }
}

/// What the controller does now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Decision {
    pub generation: i64,
    /// The target's digest and, with `spec.code`, its revision.
    pub digest: String,
    pub revision: Option<String>,
    pub phase: Phase,
    /// The stage being rolled out or paused after: its index and name.
    pub stage: Option<(usize, String)>,
    /// Every Node that may hold the target generation now; every other
    /// Node is compiled with the stable generation.
    pub admitted: BTreeSet<String>,
    /// Of those, the Nodes reached by this decision.
    pub newly_admitted: Vec<String>,
    /// The failed Nodes, by name, with why.
    pub failed: BTreeMap<String, String>,
    pub updated: usize,
    pub converged: usize,
    pub pending: usize,
    /// How many Nodes may be unavailable at once.
    pub max_unavailable: usize,
    /// How many are now (after the new admissions).
    pub unavailable: usize,
    /// Why the rollout is paused, halted or aborted; the progress otherwise.
    pub message: String,
    /// When the current stage's Nodes all converged (seconds since epoch).
    pub stage_completed_at: Option<i64>,
    /// When a Node last converged or was reached.
    pub last_progress_at: i64,
    /// No progress for longer than the progress deadline.
    pub deadline_exceeded: bool,
    /// When to decide again although nothing changed (a timed pause ends).
    pub wake_after: Option<Duration>,
}

/// A rollout spec with its amounts and pauses checked.
struct Checked {
    max_unavailable: IntOrPercent,
    stages: Vec<CheckedStage>,
    halt_after: usize,
    rollback_failed: bool,
    deadline: i64,
}

struct CheckedStage {
    name: String,
    target: StageTarget,
    pause: Pause,
}

enum StageTarget {
    Selector(LabelSelector),
    Count(IntOrPercent),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Pause {
    None,
    For(i64),
    UntilPromoted,
}

/// Checks a rollout spec: every error a user can make, each naming its field.
pub fn validate(spec: &RolloutSpec) -> Result<(), RolloutError> {
    check(spec).map(|_| ())
}

fn check(spec: &RolloutSpec) -> Result<Checked, RolloutError> {
    let max_unavailable = spec.max_unavailable.clone().unwrap_or(IntOrPercent::Int(1));
    amount(&max_unavailable, "maxUnavailable")?;
    let mut stages = Vec::new();
    for (index, s) in spec.stages.iter().enumerate() {
        let name = s
            .name
            .clone()
            .unwrap_or_else(|| format!("stage-{}", index + 1));
        if stages.iter().any(|c: &CheckedStage| c.name == name) {
            return Err(RolloutError::DuplicateName { index, name });
        }
        let target = match (&s.selector, &s.count) {
            (Some(sel), None) => {
                sel.validate().map_err(|e| RolloutError::Selector {
                    index,
                    message: e.to_string(),
                })?;
                StageTarget::Selector(sel.clone())
            }
            (None, Some(c)) => {
                amount(c, &format!("stages[{index}].count"))?;
                StageTarget::Count(c.clone())
            }
            _ => return Err(RolloutError::StageTarget { index }),
        };
        let pause = match s.pause.as_deref().map(str::trim) {
            None | Some("") => Pause::None,
            Some(UNTIL_PROMOTED) => Pause::UntilPromoted,
            Some(text) => Pause::For(parse_duration(text).ok_or_else(|| RolloutError::Pause {
                index,
                value: text.to_string(),
            })?),
        };
        stages.push(CheckedStage {
            name,
            target,
            pause,
        });
    }
    let policy = spec.failure_policy.clone().unwrap_or_default();
    let halt_after = policy.halt_after.unwrap_or(1);
    if halt_after < 0 {
        return Err(RolloutError::Negative {
            field: "failurePolicy.haltAfter".into(),
            value: halt_after,
        });
    }
    let deadline = spec
        .progress_deadline_seconds
        .unwrap_or(DEFAULT_PROGRESS_DEADLINE);
    if deadline < 0 {
        return Err(RolloutError::Negative {
            field: "progressDeadlineSeconds".into(),
            value: deadline,
        });
    }
    Ok(Checked {
        max_unavailable,
        stages,
        // `haltAfter: 0` would halt before anything failed: treat as 1.
        halt_after: (halt_after as usize).max(1),
        rollback_failed: policy.rollback_failed,
        deadline,
    })
}

/// A count or percent's parts: (value, is a percent).
fn amount(v: &IntOrPercent, field: &str) -> Result<(i64, bool), RolloutError> {
    let bad = |value: String| RolloutError::Amount {
        field: field.to_string(),
        value,
    };
    let (n, percent) = match v {
        IntOrPercent::Int(n) => (*n, false),
        IntOrPercent::String(s) => match s.trim().strip_suffix('%') {
            Some(p) => (p.trim().parse::<i64>().map_err(|_| bad(s.clone()))?, true),
            None => (s.trim().parse::<i64>().map_err(|_| bad(s.clone()))?, false),
        },
    };
    if n < 0 {
        return Err(RolloutError::Negative {
            field: field.to_string(),
            value: n,
        });
    }
    Ok((n, percent))
}

/// Resolves a count or percent of `total` as Kubernetes' intstr does:
/// a percent is rounded up when `round_up`, down otherwise.
pub fn scaled(v: &IntOrPercent, total: usize, round_up: bool) -> Option<usize> {
    let (n, percent) = amount(v, "").ok()?;
    let n = n as u128;
    if !percent {
        return Some(n.min(usize::MAX as u128) as usize);
    }
    let product = n * total as u128;
    let value = if round_up {
        product.div_ceil(100)
    } else {
        product / 100
    };
    Some(value.min(usize::MAX as u128) as usize)
}

/// `maxUnavailable` resolved against `total` Nodes: a percent rounds down,
/// and the result is at least 1 (a rollout always moves).
pub fn max_unavailable(v: &IntOrPercent, total: usize) -> usize {
    scaled(v, total, false).unwrap_or(1).max(1)
}

/// Parses a pause: `90s`, `5m`, `1h30m`, `0s`. Seconds.
fn parse_duration(text: &str) -> Option<i64> {
    let mut total: i64 = 0;
    let mut rest = text;
    if rest.is_empty() {
        return None;
    }
    while !rest.is_empty() {
        let digits = rest.find(|c: char| !c.is_ascii_digit())?;
        if digits == 0 {
            return None;
        }
        let n: i64 = rest[..digits].parse().ok()?;
        rest = &rest[digits..];
        let unit_len = rest
            .find(|c: char| c.is_ascii_digit())
            .unwrap_or(rest.len());
        let scale = match &rest[..unit_len] {
            "s" => 1,
            "m" => 60,
            "h" => 3600,
            _ => return None,
        };
        total = total.checked_add(n.checked_mul(scale)?)?;
        rest = &rest[unit_len..];
    }
    Some(total)
}

/// A Node's place in every rollout: a hash of its name (SHA-256, so the
/// order is the same in every controller version).
fn rank(name: &str) -> [u8; 8] {
    let digest = Sha256::digest(name.as_bytes());
    let mut out = [0u8; 8];
    out.copy_from_slice(&digest[..8]);
    out
}

/// The rollout's node order: deterministic, and spread over zones. The
/// Nodes of each zone (label `topology.kubernetes.io/zone`; Nodes without
/// it form one more zone) are ordered by the hash of their name, and the
/// zones are interleaved: the first Node of each zone (zones by name), then
/// the second of each, and so on.
pub fn node_order<'a>(nodes: &[(&'a str, &BTreeMap<String, String>)]) -> Vec<&'a str> {
    let mut zones: BTreeMap<&str, Vec<&'a str>> = BTreeMap::new();
    for (name, labels) in nodes {
        let zone = labels.get(ZONE_LABEL).map(String::as_str).unwrap_or("");
        zones.entry(zone).or_default().push(name);
    }
    for members in zones.values_mut() {
        members.sort_by(|a, b| rank(a).cmp(&rank(b)).then(a.cmp(b)));
        members.dedup();
    }
    let longest = zones.values().map(Vec::len).max().unwrap_or(0);
    let mut out = Vec::with_capacity(nodes.len());
    for i in 0..longest {
        for members in zones.values() {
            if let Some(n) = members.get(i) {
                out.push(*n);
            }
        }
    }
    out
}

/// How promotions and aborts name a rollout: its target digest, or (for
/// an inline source only) its generation.
#[derive(Debug, Clone, Copy)]
pub struct RolloutId<'a> {
    pub generation: i64,
    pub digest: &'a str,
    /// With `spec.code` the generation does not name a rollout.
    pub by_generation: bool,
}

impl RolloutId<'_> {
    fn named_by(&self, text: &str) -> bool {
        let text = text.trim();
        (!text.is_empty() && text == self.digest)
            || (self.by_generation && text.parse::<i64>().ok() == Some(self.generation))
    }

    /// How the annotations name this rollout.
    fn name(&self) -> String {
        if self.by_generation {
            self.generation.to_string()
        } else {
            self.digest.to_string()
        }
    }
}

/// Whether the annotations promote the pause after stage `name` of the rollout `id`.
fn promoted(annotations: &BTreeMap<String, String>, id: RolloutId, name: &str) -> bool {
    let Some(value) = annotations.get(PROMOTE) else {
        return false;
    };
    value.split(',').map(str::trim).any(|v| {
        let (g, stage) = match v.split_once('/') {
            Some((g, s)) => (g.trim(), Some(s.trim())),
            None => (v, None),
        };
        id.named_by(g) && stage.is_none_or(|s| s == name)
    })
}

/// Whether the annotations abort the rollout `id`.
pub fn aborted(annotations: &BTreeMap<String, String>, id: RolloutId) -> bool {
    annotations.get(ABORT).is_some_and(|v| {
        let v = v.trim();
        v.eq_ignore_ascii_case("true") || id.named_by(v)
    })
}

/// Decides the rollout's next step.
pub fn decide(inp: &RolloutInputs) -> Result<Decision, RolloutError> {
    let spec = check(inp.spec)?;
    let generation = inp.generation;
    let id = RolloutId {
        generation,
        digest: inp.digest,
        by_generation: inp.revision.is_none(),
    };
    let previous = inp
        .previous
        .filter(|p| same_target(p, generation, inp.digest));
    let total = inp.nodes.len();
    let by_name: HashMap<&str, &RolloutNode> = inp.nodes.iter().map(|n| (n.name, n)).collect();
    let order = node_order(
        &inp.nodes
            .iter()
            .map(|n| (n.name, n.labels))
            .collect::<Vec<_>>(),
    );
    let max_unavailable = max_unavailable(&spec.max_unavailable, total);

    // Failures: those seen now, and those remembered for this generation
    // (a Node put back on the stable generation stays failed).
    let mut failed: BTreeMap<String, String> = BTreeMap::new();
    for p in previous.into_iter().flat_map(|p| &p.failed_nodes) {
        if by_name.contains_key(p.node.as_str()) {
            failed.insert(p.node.clone(), p.message.clone());
        }
    }
    for n in &inp.nodes {
        if let NodeState::Failed(why) = &n.state {
            failed.insert(n.name.to_string(), why.clone());
        }
    }
    let state = |name: &str| {
        by_name
            .get(name)
            .map(|n| n.state.clone())
            .unwrap_or(NodeState::Pending)
    };
    let converged_now =
        |name: &str| state(name) == NodeState::Converged && !failed.contains_key(name);

    // The stages, cumulative, and a last one reaching every Node.
    let mut stages: Vec<(String, BTreeSet<&str>, Pause)> = Vec::new();
    let mut reached_so_far: BTreeSet<&str> = BTreeSet::new();
    for s in &spec.stages {
        match &s.target {
            StageTarget::Selector(sel) => {
                for n in &inp.nodes {
                    if sel.matches(n.labels) {
                        reached_so_far.insert(n.name);
                    }
                }
            }
            StageTarget::Count(c) => {
                let want = scaled(c, total, true).unwrap_or(0);
                for n in &order {
                    if reached_so_far.len() >= want {
                        break;
                    }
                    reached_so_far.insert(n);
                }
            }
        }
        stages.push((s.name.clone(), reached_so_far.clone(), s.pause));
    }
    if stages.last().is_none_or(|(_, set, _)| set.len() < total) {
        let all: BTreeSet<&str> = order.iter().copied().collect();
        stages.push(("all".to_string(), all, Pause::None));
    }

    let reached: BTreeSet<&str> = inp
        .nodes
        .iter()
        .filter(|n| n.state != NodeState::Pending)
        .map(|n| n.name)
        .collect();
    let previous_stage_index = previous
        .and_then(|p| p.current_stage.as_deref())
        .and_then(|name| stages.iter().position(|(n, _, _)| n == name));

    // The current stage: the first whose Nodes have not all converged, or
    // whose pause has not ended.
    let mut phase = Phase::Progressing;
    let mut current = stages.len() - 1;
    let mut stage_completed_at = None;
    let mut wake_after = None;
    let mut pause_message = String::new();
    let mut all_done = true;
    for (i, (name, members, pause)) in stages.iter().enumerate() {
        // Failed Nodes (fewer than haltAfter) do not hold a stage back.
        if !members
            .iter()
            .all(|n| converged_now(n) || failed.contains_key(*n))
        {
            current = i;
            all_done = false;
            break;
        }
        // The stage is done. Its pause is over once a later stage started
        // (a Node beyond it was reached, or the last status says so).
        let passed = previous_stage_index.is_some_and(|p| p > i)
            || reached.iter().any(|n| !members.contains(n));
        let same_stage_before = previous_stage_index == Some(i);
        let completed_at = previous
            .filter(|_| same_stage_before)
            .and_then(|p| p.stage_completed_at.as_deref())
            .and_then(parse_time)
            .unwrap_or(inp.now);
        match pause {
            _ if passed || i + 1 == stages.len() => {}
            Pause::None => {}
            Pause::UntilPromoted if promoted(inp.annotations, id, name) => {}
            Pause::UntilPromoted => {
                phase = Phase::Paused;
                pause_message = format!(
                    "paused after stage {name} until promoted: kubectl annotate manifest NAME {PROMOTE}={}/{name} --overwrite",
                    id.name()
                );
            }
            Pause::For(secs) => {
                let ends = completed_at.saturating_add(*secs);
                if inp.now < ends && !promoted(inp.annotations, id, name) {
                    phase = Phase::Paused;
                    wake_after = Some(Duration::from_secs((ends - inp.now) as u64));
                    pause_message = format!(
                        "paused after stage {name} for {secs}s (until {}), or until promoted",
                        format_secs(ends)
                    );
                }
            }
        }
        if phase == Phase::Paused {
            current = i;
            stage_completed_at = Some(completed_at);
            all_done = false;
            break;
        }
    }

    let mut admitted: BTreeSet<String> = reached.iter().map(|n| n.to_string()).collect();
    let mut newly_admitted = Vec::new();
    let halted = failed.len() >= spec.halt_after;
    if spec.rollback_failed {
        for n in failed.keys() {
            admitted.remove(n);
        }
    }
    let message;
    if aborted(inp.annotations, id) {
        phase = Phase::Aborted;
        admitted.clear();
        message = if inp.revision.is_some() {
            format!(
                "aborted by annotation {ABORT}: every node is back on the stable revision; remove the annotation (kubectl annotate manifest NAME {ABORT}-) and publish a new revision to roll out again"
            )
        } else {
            format!(
                "aborted by annotation {ABORT}: every node is back on the stable generation; remove the annotation (kubectl annotate manifest NAME {ABORT}-) and change spec.source to roll out again"
            )
        };
    } else if halted {
        phase = Phase::Halted;
        let listed: Vec<String> = failed
            .iter()
            .take(3)
            .map(|(n, why)| format!("{n}: {why}"))
            .collect();
        message = format!(
            "halted: {} node(s) failed (failurePolicy.haltAfter {}){}; {}; {}, or abort with kubectl annotate manifest NAME {ABORT}=true",
            failed.len(),
            spec.halt_after,
            if spec.rollback_failed {
                ", put back on the stable generation"
            } else {
                ""
            },
            listed.join("; "),
            if inp.revision.is_some() {
                "publish a fixed revision"
            } else {
                "fix spec.source"
            }
        );
    } else if all_done {
        phase = Phase::Complete;
        message = format!("rolled out to all {total} nodes");
    } else if phase == Phase::Paused {
        message = pause_message;
    } else if inp.spec.paused {
        phase = Phase::Paused;
        message = "paused by spec.rollout.paused: set it to false to go on".to_string();
    } else {
        let members = &stages[current].1;
        let unavailable = admitted.iter().filter(|n| !converged_now(n)).count();
        let mut budget = max_unavailable.saturating_sub(unavailable);
        for n in &order {
            if budget == 0 {
                break;
            }
            if members.contains(n) && !admitted.contains(*n) && !failed.contains_key(*n) {
                admitted.insert(n.to_string());
                newly_admitted.push(n.to_string());
                budget -= 1;
            }
        }
        message = String::new();
    }

    let unavailable = admitted.iter().filter(|n| !converged_now(n)).count();
    let converged = admitted.iter().filter(|n| converged_now(n)).count();
    let updated = admitted.len();
    let pending =
        total.saturating_sub(updated + failed.keys().filter(|n| !admitted.contains(*n)).count());
    let stage_name = stages[current].0.clone();
    let message = if message.is_empty() {
        format!(
            "stage {stage_name}: {updated} of {total} nodes reached, {converged} converged, {unavailable} unavailable (maxUnavailable {max_unavailable})"
        )
    } else {
        message
    };

    // Progress: a Node converged or was reached since the last status.
    let progressed = !newly_admitted.is_empty()
        || previous.is_none_or(|p| p.converged != converged as i64 || p.updated != updated as i64);
    let last_progress_at = if progressed {
        inp.now
    } else {
        previous
            .and_then(|p| p.last_progress_at.as_deref())
            .and_then(parse_time)
            .unwrap_or(inp.now)
    };
    let deadline_exceeded =
        phase == Phase::Progressing && inp.now.saturating_sub(last_progress_at) > spec.deadline;

    Ok(Decision {
        generation,
        digest: inp.digest.to_string(),
        revision: inp.revision.map(str::to_string),
        phase,
        stage: (phase != Phase::Complete).then_some((current, stage_name)),
        admitted,
        newly_admitted,
        failed,
        updated,
        converged,
        pending,
        max_unavailable,
        unavailable,
        message,
        stage_completed_at,
        last_progress_at,
        deadline_exceeded,
        wake_after,
    })
}

impl Decision {
    /// The Manifest's `status.rollout` for this decision (the stable
    /// generation is the controller's to fill in).
    pub fn to_status(&self) -> RolloutStatus {
        RolloutStatus {
            target_generation: self.generation,
            target_digest: Some(self.digest.clone()),
            target_revision: self.revision.clone(),
            phase: self.phase.as_str().to_string(),
            current_stage: self.stage.as_ref().map(|(_, name)| name.clone()),
            updated: self.updated as i64,
            converged: self.converged as i64,
            failed: self.failed.len() as i64,
            pending: self.pending as i64,
            failed_nodes: self
                .failed
                .iter()
                .take(MAX_LISTED_FAILED)
                .map(|(node, message)| FailedNode {
                    node: node.clone(),
                    message: message.clone(),
                })
                .collect(),
            stage_completed_at: self.stage_completed_at.map(format_secs),
            last_progress_at: Some(format_secs(self.last_progress_at)),
            stable_generation: None,
            stable_source: None,
            stable_revision: None,
            stable_digest: None,
            stable_layer_digest: None,
        }
    }
}

/// Whether a rollout status describes the rollout of `generation` with `digest`
/// (a status written before digests were recorded matches by generation).
pub fn same_target(st: &RolloutStatus, generation: i64, digest: &str) -> bool {
    st.target_generation == generation && st.target_digest.as_deref().is_none_or(|d| d == digest)
}

/// What a rollout rolls out: a Manifest's source, from the generation that
/// brought it (with `spec.code`: the last revision that loaded). A new generation with the same `spec.source` (a change of
/// `spec.rollout` itself, say) goes on with the same rollout: the Nodes
/// that hold any generation since then hold the target.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Target {
    /// The first generation with this source: the rollout's name in
    /// status, promotions and aborts.
    pub generation: i64,
    /// The Manifest's current generation.
    pub current: i64,
    /// [`source_digest`] of the source (with `spec.code`: of the
    /// artifact's digest and `spec.code`).
    pub digest: String,
    /// With `spec.code`: the artifact revision rolled out.
    pub revision: Option<String>,
}

impl Target {
    /// Whether a catalog compiled from generation `g` holds the target.
    pub fn holds(&self, g: i64) -> bool {
        (self.generation..=self.current).contains(&g)
    }

    /// Whether a catalog compiled from `source` (of this Manifest) holds
    /// the target: its generation, and with `spec.code` its revision.
    pub fn holds_source(&self, source: &CatalogSource) -> bool {
        self.holds(source.generation)
            && self
                .revision
                .as_ref()
                .is_none_or(|r| source.revision.as_ref() == Some(r))
    }

    /// Whether a gate was decided for this target.
    pub fn gate_is_for(&self, gate: &Gate) -> bool {
        gate.generation == self.generation && gate.digest == self.digest
    }
}

/// A short digest of a Manifest's source: 16 hex digits of its SHA-256.
pub fn source_digest(source: &str) -> String {
    let d = Sha256::digest(source.as_bytes());
    d[..8].iter().map(|b| format!("{b:02x}")).collect()
}

/// The target of a Manifest's rollout: its current source (with
/// `spec.code`: `loaded`, the last revision that loaded), from the
/// generation the last gate (or, after a restart, the last status) names
/// when the source is the same, else from the current generation.
pub fn target(m: &Manifest, gate: Option<&Gate>, loaded: Option<&Loaded>) -> Target {
    let current = m.metadata.generation.unwrap_or(0);
    let (digest, revision) = match (&m.spec.code, loaded) {
        (Some(_), Some(l)) => (
            source_digest(&format!(
                "{}\n{}",
                code::spec_key(m).unwrap_or_default(),
                l.digest
            )),
            Some(l.revision.clone()),
        ),
        _ => (source_digest(&m.spec.source), None),
    };
    let from_gate = gate.filter(|g| g.digest == digest).map(|g| g.generation);
    let from_status = m
        .status
        .as_ref()
        .and_then(|s| s.rollout.as_ref())
        .filter(|r| r.target_digest.as_deref() == Some(digest.as_str()))
        .map(|r| r.target_generation);
    Target {
        generation: from_gate.or(from_status).unwrap_or(current).min(current),
        current,
        digest,
        revision,
    }
}

/// What target Node `node` made of the `target` of the Manifest
/// `key`: its catalog holds it (and its agent applied it, or failed), or
/// the gate admitted it (and its compile failed in this Manifest), or
/// neither.
pub fn node_state(
    key: &ManifestKey,
    target: &Target,
    node: &str,
    catalog: Option<&NodeCatalog>,
    outcome: Option<&NodeOutcome>,
    gate: Option<&Gate>,
) -> NodeState {
    let holds = catalog.is_some_and(|c| {
        c.spec
            .sources
            .iter()
            .any(|s| s.namespace == key.0 && s.name == key.1 && target.holds_source(s))
    });
    if let (true, Some(c)) = (holds, catalog) {
        return match applied_state(c) {
            Applied::Ok => NodeState::Converged,
            Applied::Failed => NodeState::Failed(run_failure(c)),
            Applied::Pending => NodeState::Updating,
        };
    }
    let admitted = gate.is_some_and(|g| target.gate_is_for(g) && g.admitted.contains(node));
    if !admitted {
        return NodeState::Pending;
    }
    match outcome {
        Some(NodeOutcome::Failed {
            message, blamed, ..
        }) if blamed.contains(key) => NodeState::Failed(format!("compile failed: {message}")),
        _ => NodeState::Updating,
    }
}

/// Why a node's run failed, from its NodeCatalog status.
fn run_failure(c: &NodeCatalog) -> String {
    let Some(st) = &c.status else {
        return "the run failed".to_string();
    };
    let mut parts: Vec<String> = st
        .failed_resources
        .iter()
        .take(2)
        .map(|f| match &f.source {
            // Puppet's message usually names the location already.
            Some(src) if !f.message.contains("(file: ") => {
                format!("{}: {} ({src})", f.resource, f.message)
            }
            _ => format!("{}: {}", f.resource, f.message),
        })
        .collect();
    if st.failed_resources.len() > 2 {
        parts.push(format!("and {} more", st.failed_resources.len() - 2));
    }
    if parts.is_empty() {
        let ready = status::find(&st.conditions, kind::READY);
        return ready
            .map(|c| c.message.clone())
            .filter(|m| !m.is_empty())
            .unwrap_or_else(|| "the run failed".to_string());
    }
    truncate(&parts.join("; "), 1024).to_string()
}

/// Folds a rollout into the Manifest's status: `status.rollout`, the
/// conditions `Progressing`, `Paused`, `Halted` and `Complete`, and the
/// kstatus ones while the rollout is not complete (`Ready` only once every
/// Node converged; `Stalled` when halted, aborted or past its deadline).
/// `decision` is the error when the spec is invalid.
pub fn fold_status(
    st: &mut ManifestStatus,
    previous: &[Condition],
    decision: Result<&Decision, &RolloutError>,
    stable: Option<(i64, &str)>,
    now: &str,
) {
    let generation = st.observed_generation;
    // Errors the base status reports first (the code itself is wrong).
    let base_reason = status::find(&st.conditions, kind::READY)
        .map(|c| c.reason.clone())
        .unwrap_or_default();
    let code_error = ["ParseFailed", "InvalidSelector"].contains(&base_reason.as_str());
    let d = match decision {
        Err(e) => {
            let msg = e.to_string();
            st.errors.push(ManifestError {
                message: msg.clone(),
                ..Default::default()
            });
            if !code_error {
                let mut wanted = kstatus(false, "InvalidRollout", &msg, false, true);
                wanted.extend(phases(None, "InvalidRollout", &msg));
                replace(st, previous, wanted, generation, now);
            }
            return;
        }
        Ok(d) => d,
    };
    let mut rollout = d.to_status();
    if let Some((g, source)) = stable {
        rollout.stable_generation = Some(g);
        rollout.stable_source = (source.len() <= MAX_KEPT_SOURCE).then(|| source.to_string());
    }
    st.rollout = Some(rollout);
    let wanted_phases = phases(Some(d.phase), reason_of(d), &d.message);
    let mut wanted = match d.phase {
        Phase::Complete => Vec::new(),
        _ if code_error => Vec::new(),
        Phase::Halted | Phase::Aborted => kstatus(false, reason_of(d), &d.message, false, true),
        Phase::Progressing if d.deadline_exceeded => {
            let msg = format!(
                "no node converged for longer than the progress deadline; {}",
                d.message
            );
            kstatus(false, "ProgressDeadlineExceeded", &msg, false, true)
        }
        Phase::Progressing | Phase::Paused => kstatus(false, reason_of(d), &d.message, true, false),
    };
    wanted.extend(wanted_phases);
    replace(st, previous, wanted, generation, now);
}

fn reason_of(d: &Decision) -> &'static str {
    match d.phase {
        Phase::Progressing => "RolloutProgressing",
        Phase::Paused => "RolloutPaused",
        Phase::Halted => "RolloutHalted",
        Phase::Aborted => "RolloutAborted",
        Phase::Complete => "RolloutComplete",
    }
}

fn kstatus(
    ready: bool,
    reason: &'static str,
    message: &str,
    reconciling: bool,
    stalled: bool,
) -> Vec<Wanted> {
    vec![
        Wanted::new(kind::READY, ready, reason, message),
        Wanted::new(
            kind::RECONCILING,
            reconciling,
            reason,
            if reconciling { message } else { "" },
        ),
        Wanted::new(
            kind::STALLED,
            stalled,
            reason,
            if stalled { message } else { "" },
        ),
    ]
}

fn phases(phase: Option<Phase>, reason: &'static str, message: &str) -> Vec<Wanted> {
    let halted = matches!(phase, Some(Phase::Halted | Phase::Aborted));
    [
        (kind::PROGRESSING, phase == Some(Phase::Progressing)),
        (kind::PAUSED, phase == Some(Phase::Paused)),
        (kind::HALTED, halted),
        (kind::COMPLETE, phase == Some(Phase::Complete)),
    ]
    .into_iter()
    .map(|(type_, on)| Wanted::new(type_, on, reason, if on { message } else { "" }))
    .collect()
}

/// Replaces the conditions named in `wanted`, keeping the others.
fn replace(
    st: &mut ManifestStatus,
    previous: &[Condition],
    wanted: Vec<Wanted>,
    generation: Option<i64>,
    now: &str,
) {
    let new = status::merge(previous, wanted, generation, now);
    for c in new {
        match st.conditions.iter_mut().find(|o| o.type_ == c.type_) {
            Some(o) => *o = c,
            None => st.conditions.push(c),
        }
    }
}

/// The Event a rollout's step deserves: a stage starts, the rollout
/// pauses, is promoted, halts, is aborted or completes.
pub fn rollout_event(old: Option<&RolloutStatus>, new: &RolloutStatus) -> Option<Note> {
    let same = old.filter(|o| {
        same_target(
            o,
            new.target_generation,
            new.target_digest.as_deref().unwrap_or_default(),
        )
    });
    let was = same.map(|o| o.phase.as_str());
    let stage = new.current_stage.as_deref().unwrap_or("all");
    // What the Events name: the generation, or the revision of `spec.code`.
    let g = match &new.target_revision {
        Some(r) => format!(
            "revision {r} ({})",
            new.target_digest.as_deref().unwrap_or_default()
        ),
        None => format!("generation {}", new.target_generation),
    };
    let note = |severity, reason, message: String| Note {
        severity,
        reason,
        action: "Rollout",
        message,
    };
    match new.phase.as_str() {
        "Halted" if was != Some("Halted") => {
            let nodes: Vec<String> = new
                .failed_nodes
                .iter()
                .take(3)
                .map(|f| format!("{}: {}", f.node, f.message))
                .collect();
            Some(note(
                Severity::Warning,
                "RolloutHalted",
                format!("{g} halted at stage {stage}: {}", nodes.join("; ")),
            ))
        }
        "Aborted" if was != Some("Aborted") => Some(note(
            Severity::Warning,
            "RolloutAborted",
            format!("{g} aborted: every node goes back to the stable version"),
        )),
        "Complete" if was != Some("Complete") => Some(note(
            Severity::Normal,
            "RolloutComplete",
            format!("{g} rolled out to all {} nodes", new.updated),
        )),
        "Paused" if was != Some("Paused") => Some(note(
            Severity::Normal,
            "RolloutPaused",
            format!("{g} paused after stage {stage}"),
        )),
        "Progressing" if was == Some("Paused") => Some(note(
            Severity::Normal,
            "RolloutPromoted",
            format!("{g} goes on with stage {stage}"),
        )),
        "Progressing" if same.and_then(|o| o.current_stage.as_deref()) != Some(stage) => {
            Some(note(
                Severity::Normal,
                "RolloutStageStarted",
                format!("{g}: stage {stage} started"),
            ))
        }
        _ => None,
    }
}

/// Seconds since the epoch of an RFC 3339 time.
pub fn parse_time(text: &str) -> Option<i64> {
    text.parse::<k8s_openapi::jiff::Timestamp>()
        .ok()
        .map(|t| t.as_second())
}

/// An RFC 3339 time of seconds since the epoch.
pub fn format_secs(secs: i64) -> String {
    crate::k8s::status::format_time(
        k8s_openapi::jiff::Timestamp::from_second(secs).unwrap_or_default(),
    )
}

#[cfg(test)]
mod tests;
