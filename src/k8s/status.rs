//! kstatus conditions: the shape Kubernetes' `metav1.Condition` has, and the
//! rule that a condition keeps its `lastTransitionTime` until its status flips.
//!
//! `kubectl wait --for=condition=Ready`, Flux, Argo CD and Helm's `--wait`
//! read these; each condition carries the `observedGeneration` it describes so
//! a stale `Ready` is never mistaken for a current one.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Condition types used by kuppet's resources.
pub mod kind {
    pub const READY: &str = "Ready";
    pub const RECONCILING: &str = "Reconciling";
    pub const STALLED: &str = "Stalled";
    pub const DRIFTED: &str = "Drifted";
    pub const DEGRADED: &str = "Degraded";
    /// A Manifest's rollout reaches more Nodes.
    pub const PROGRESSING: &str = "Progressing";
    /// A Manifest's rollout waits (a pause, `spec.rollout.paused`).
    pub const PAUSED: &str = "Paused";
    /// A Manifest's rollout stopped on failures, or was aborted.
    pub const HALTED: &str = "Halted";
    /// A Manifest's rollout reached and converged every Node.
    pub const COMPLETE: &str = "Complete";
}

/// One observation of an object's state (`metav1.Condition`).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Condition {
    /// The condition's type: `Ready`, `Reconciling`, `Stalled`, `Drifted`, `Degraded`.
    #[serde(rename = "type")]
    pub type_: String,
    /// `True`, `False` or `Unknown`.
    pub status: String,
    /// A machine-readable CamelCase reason for the status.
    pub reason: String,
    /// A human-readable explanation.
    #[serde(default)]
    pub message: String,
    /// When the status last changed (RFC 3339).
    pub last_transition_time: String,
    /// The `metadata.generation` this condition was computed from.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub observed_generation: Option<i64>,
}

/// A condition to be set: everything but the transition time, which
/// [`merge`] carries over from the previous status.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Wanted {
    pub type_: &'static str,
    pub status: bool,
    pub reason: &'static str,
    pub message: String,
}

impl Wanted {
    pub fn new(
        type_: &'static str,
        status: bool,
        reason: &'static str,
        message: impl Into<String>,
    ) -> Wanted {
        Wanted {
            type_,
            status,
            reason,
            message: message.into(),
        }
    }
}

/// The longest condition message kept (bytes); longer ones are cut.
pub const MAX_MESSAGE: usize = 4096;

/// Builds the new condition list from the wanted conditions, keeping each
/// previous `lastTransitionTime` whose status did not change. Messages are
/// cut to [`MAX_MESSAGE`] bytes.
pub fn merge(
    previous: &[Condition],
    wanted: Vec<Wanted>,
    generation: Option<i64>,
    now: &str,
) -> Vec<Condition> {
    wanted
        .into_iter()
        .map(|w| {
            let status = if w.status { "True" } else { "False" };
            let since = previous
                .iter()
                .find(|c| c.type_ == w.type_ && c.status == status)
                .map(|c| c.last_transition_time.clone())
                .unwrap_or_else(|| now.to_string());
            Condition {
                type_: w.type_.to_string(),
                status: status.to_string(),
                reason: w.reason.to_string(),
                message: super::events::truncate(&w.message, MAX_MESSAGE).to_string(),
                last_transition_time: since,
                observed_generation: generation,
            }
        })
        .collect()
}

/// The condition of a type, if present.
pub fn find<'a>(conditions: &'a [Condition], type_: &str) -> Option<&'a Condition> {
    conditions.iter().find(|c| c.type_ == type_)
}

/// Whether the condition of a type is `True`.
pub fn is_true(conditions: &[Condition], type_: &str) -> bool {
    find(conditions, type_).is_some_and(|c| c.status == "True")
}

/// The current time in RFC 3339, to the second (`2024-05-01T12:00:00Z`).
pub fn now_rfc3339() -> String {
    format_time(k8s_openapi::jiff::Timestamp::now())
}

/// A timestamp in RFC 3339, to the second.
pub fn format_time(t: k8s_openapi::jiff::Timestamp) -> String {
    t.strftime("%Y-%m-%dT%H:%M:%SZ").to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ready(status: bool) -> Wanted {
        Wanted::new(kind::READY, status, "Because", "m")
    }

    #[test]
    fn transition_time_is_kept_while_the_status_holds() {
        let first = merge(&[], vec![ready(true)], Some(1), "T1");
        assert_eq!(first[0].last_transition_time, "T1");
        assert_eq!(first[0].status, "True");
        let again = merge(&first, vec![ready(true)], Some(2), "T2");
        assert_eq!(again[0].last_transition_time, "T1");
        assert_eq!(again[0].observed_generation, Some(2));
        let flipped = merge(&again, vec![ready(false)], Some(3), "T3");
        assert_eq!(flipped[0].last_transition_time, "T3");
        assert_eq!(flipped[0].status, "False");
    }

    #[test]
    fn long_messages_are_cut() {
        let long = Wanted::new(kind::READY, false, "X", "é".repeat(MAX_MESSAGE));
        let c = merge(&[], vec![long], None, "T");
        assert!(c[0].message.len() <= MAX_MESSAGE);
    }

    #[test]
    fn time_is_formatted_to_the_second() {
        let t: k8s_openapi::jiff::Timestamp = "2024-05-01T12:00:00.123456Z".parse().expect("valid");
        assert_eq!(format_time(t), "2024-05-01T12:00:00Z");
    }
}
