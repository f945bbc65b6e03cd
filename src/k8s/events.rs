//! Kubernetes Events (`events.k8s.io/v1`) about kuppet's objects: each change
//! and failure an agent makes, each compile error the controller finds.
//!
//! Each call creates one Event. (kube-runtime's `Recorder` folds events of the
//! same reason into a series and keeps the first note, which would lose which
//! resource failed.) Events about cluster-scoped objects live in `default`,
//! where `kubectl events -n default --for nodecatalog/NAME` finds them.

use k8s_openapi::api::core::v1::ObjectReference;
use k8s_openapi::api::events::v1::Event;
use k8s_openapi::apimachinery::pkg::apis::meta::v1::{MicroTime, ObjectMeta};
use k8s_openapi::jiff::Timestamp;
use kube::api::{Api, PostParams};

/// The namespace of Events about cluster-scoped objects.
pub const CLUSTER_EVENTS_NAMESPACE: &str = "default";

/// Normal (informational) or Warning.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Severity {
    Normal,
    Warning,
}

/// One Event to publish.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Note {
    pub severity: Severity,
    /// CamelCase, at most 128 characters: `ResourceChanged`, `CompileFailed`.
    pub reason: &'static str,
    /// CamelCase: what was done, `Apply`, `Compile`.
    pub action: &'static str,
    /// Human-readable; cut to 1 kB.
    pub message: String,
}

/// Publishes Events as one reporting component.
#[derive(Clone)]
pub struct Publisher {
    client: kube::Client,
    /// `kuppet.dev/controller` or `kuppet.dev/agent`.
    controller: String,
    /// The pod or node name of this instance.
    instance: String,
}

impl Publisher {
    pub fn new(client: kube::Client, controller: &str, instance: &str) -> Publisher {
        Publisher {
            client,
            controller: controller.to_string(),
            instance: instance.to_string(),
        }
    }

    /// Creates one Event about `regarding`.
    pub async fn publish(
        &self,
        regarding: &ObjectReference,
        note: &Note,
    ) -> Result<(), kube::Error> {
        let event = build(
            &self.controller,
            &self.instance,
            regarding,
            note,
            Timestamp::now(),
        );
        let ns = event
            .metadata
            .namespace
            .clone()
            .unwrap_or_else(|| CLUSTER_EVENTS_NAMESPACE.to_string());
        let api: Api<Event> = Api::namespaced(self.client.clone(), &ns);
        api.create(&PostParams::default(), &event).await.map(|_| ())
    }
}

/// Builds the Event object (pure: the clock is passed in).
pub fn build(
    controller: &str,
    instance: &str,
    regarding: &ObjectReference,
    note: &Note,
    now: Timestamp,
) -> Event {
    let namespace = regarding
        .namespace
        .clone()
        .unwrap_or_else(|| CLUSTER_EVENTS_NAMESPACE.to_string());
    let name = format!(
        "{}.{:x}",
        regarding.name.as_deref().unwrap_or("kuppet"),
        now.as_nanosecond()
    );
    Event {
        metadata: ObjectMeta {
            name: Some(name),
            namespace: Some(namespace),
            ..Default::default()
        },
        action: Some(note.action.to_string()),
        reason: Some(truncate(note.reason, 128).to_string()),
        note: Some(truncate(&note.message, 1024).to_string()),
        type_: Some(
            match note.severity {
                Severity::Normal => "Normal",
                Severity::Warning => "Warning",
            }
            .to_string(),
        ),
        event_time: Some(MicroTime(now)),
        regarding: Some(regarding.clone()),
        reporting_controller: Some(controller.to_string()),
        reporting_instance: Some(truncate(instance, 128).to_string()),
        ..Default::default()
    }
}

/// Cuts a string to at most `max` bytes at a character boundary.
pub fn truncate(s: &str, max: usize) -> &str {
    if s.len() <= max {
        return s;
    }
    let mut end = max;
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    &s[..end]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cluster_scoped_objects_get_events_in_default() {
        let regarding = ObjectReference {
            api_version: Some("kuppet.dev/v1alpha1".into()),
            kind: Some("NodeCatalog".into()),
            name: Some("node-a".into()),
            ..Default::default()
        };
        let note = Note {
            severity: Severity::Warning,
            reason: "ResourceFailed",
            action: "Apply",
            message: "é".repeat(600),
        };
        let now: Timestamp = "2024-05-01T12:00:00Z".parse().expect("time");
        let ev = build("kuppet.dev/agent", "node-a", &regarding, &note, now);
        assert_eq!(ev.metadata.namespace.as_deref(), Some("default"));
        assert!(
            ev.metadata
                .name
                .as_deref()
                .is_some_and(|n| n.starts_with("node-a."))
        );
        assert_eq!(ev.type_.as_deref(), Some("Warning"));
        let text = ev.note.expect("note");
        assert!(text.len() <= 1024 && text.chars().all(|c| c == 'é'));
        assert_eq!(ev.regarding.and_then(|r| r.name).as_deref(), Some("node-a"));
    }
}
