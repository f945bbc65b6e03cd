//! The run report, in the shape of Puppet's report format 12: what each
//! resource did (`resource_statuses` with their events), the metrics, the
//! logs, and the summary the agent and `--detailed-exitcodes` read.

use indexmap::IndexMap;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// Puppet's report format this report follows.
pub(crate) const REPORT_FORMAT: u32 = 12;

/// What one run did.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Report {
    /// The node name (certname).
    pub host: String,
    /// When the run started (ISO 8601 with nanoseconds).
    pub time: String,
    /// The catalog's version.
    pub configuration_version: Value,
    pub transaction_uuid: String,
    pub report_format: u32,
    /// The software that applied the catalog (`kuppet <version>`).
    pub puppet_version: String,
    /// `changed`, `unchanged` or `failed`.
    pub status: String,
    /// False when the run could not start (dependency cycle...).
    pub transaction_completed: bool,
    /// Whether the run was a global noop run.
    pub noop: bool,
    /// Whether any resource has changes that noop held back.
    pub noop_pending: bool,
    pub environment: String,
    pub logs: Vec<Log>,
    /// `resources`, `time`, `changes`, `events`.
    pub metrics: IndexMap<String, Metric>,
    /// Keyed `Type[title]`, in the order the run reached them.
    pub resource_statuses: IndexMap<String, ResourceStatus>,
    pub corrective_change: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub catalog_uuid: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub code_id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cached_catalog_status: Option<String>,
}

/// One resource's part of a run.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ResourceStatus {
    pub title: String,
    pub file: Option<String>,
    pub line: Option<u32>,
    /// `Type[title]`.
    pub resource: String,
    pub resource_type: String,
    pub provider_used: Option<String>,
    /// `["Stage[main]", "Main", "File[/x]"]`.
    pub containment_path: Vec<String>,
    /// Seconds spent evaluating it (None when it was not evaluated).
    pub evaluation_time: Option<f64>,
    pub tags: Vec<String>,
    pub time: String,
    pub failed: bool,
    pub failed_to_restart: bool,
    pub changed: bool,
    pub out_of_sync: bool,
    pub skipped: bool,
    pub change_count: u32,
    pub out_of_sync_count: u32,
    pub events: Vec<Event>,
    pub corrective_change: bool,
    /// Whether a refresh ran (counted in metrics, not in Puppet's JSON).
    #[serde(skip)]
    pub restarted: bool,
}

impl ResourceStatus {
    /// Records an event the way Puppet's `Status#add_event` counts it.
    pub(crate) fn add_event(&mut self, event: Event) {
        match event.status.as_str() {
            "failure" => self.failed = true,
            "success" => {
                self.change_count += 1;
                self.changed = true;
            }
            _ => {}
        }
        if event.status != "audit" {
            self.out_of_sync_count += 1;
            self.out_of_sync = true;
        }
        if event.corrective_change {
            self.corrective_change = true;
        }
        self.events.push(event);
    }
}

/// One change, attempted change or would-be change of a resource.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Event {
    pub audited: bool,
    /// The property changed (None for resource-level events).
    pub property: Option<String>,
    pub previous_value: Value,
    pub desired_value: Value,
    pub historical_value: Value,
    pub message: String,
    /// `file_created`, `content_changed`, `executed_command`, `refresh`,
    /// `resource_error`...
    pub name: String,
    /// `success`, `failure`, `noop` or `audit`.
    pub status: String,
    pub time: String,
    pub redacted: Option<bool>,
    pub corrective_change: bool,
}

/// One log line of the run.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Log {
    /// `debug`, `info`, `notice`, `warning`, `err`.
    pub level: String,
    pub message: String,
    /// `Puppet`, or the path of the resource or property
    /// (`/Stage[main]/Main/File[/x]/ensure`).
    pub source: String,
    pub tags: Vec<String>,
    pub time: String,
    pub file: Option<String>,
    pub line: Option<u32>,
}

/// A group of measurements (`resources`, `time`, `changes`, `events`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Metric {
    pub name: String,
    pub label: String,
    /// `[name, label, value]` triples.
    pub values: Vec<(String, String, Value)>,
}

impl Metric {
    fn new(name: &str, values: Vec<(String, Value)>) -> Metric {
        Metric {
            name: name.to_string(),
            label: labelize(name),
            values: values
                .into_iter()
                .map(|(n, v)| {
                    let label = labelize(&n);
                    (n, label, v)
                })
                .collect(),
        }
    }

    /// A value by name.
    pub fn get(&self, name: &str) -> Option<&Value> {
        self.values
            .iter()
            .find(|(n, _, _)| n == name)
            .map(|(_, _, v)| v)
    }
}

/// Puppet's metric labels: `failed_to_restart` → `Failed to restart`.
fn labelize(name: &str) -> String {
    let words = name.replace('_', " ");
    let mut chars = words.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// The resource counts of a run, for summaries and Kubernetes status.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Counts {
    pub total: u32,
    pub changed: u32,
    pub failed: u32,
    pub failed_to_restart: u32,
    pub skipped: u32,
    pub out_of_sync: u32,
    pub restarted: u32,
    /// Successful changes (events), Puppet's `changes` metric.
    pub changes: u32,
}

/// A failed resource and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Failure {
    /// `Type[title]`.
    pub resource: String,
    /// The messages of its failure events, the root cause first.
    pub messages: Vec<String>,
}

impl Report {
    /// The resource counts.
    pub fn counts(&self) -> Counts {
        let mut c = Counts::default();
        for s in self.resource_statuses.values() {
            c.total += 1;
            c.changed += s.changed as u32;
            c.failed += s.failed as u32;
            c.failed_to_restart += s.failed_to_restart as u32;
            c.skipped += s.skipped as u32;
            c.out_of_sync += s.out_of_sync as u32;
            c.restarted += s.restarted as u32;
            c.changes += s.change_count;
        }
        c
    }

    /// The failed resources with the messages of their failures.
    pub fn failures(&self) -> Vec<Failure> {
        self.resource_statuses
            .values()
            .filter(|s| s.failed || s.failed_to_restart)
            .map(|s| Failure {
                resource: s.resource.clone(),
                messages: s
                    .events
                    .iter()
                    .filter(|e| e.status == "failure")
                    .map(|e| e.message.clone())
                    .collect(),
            })
            .collect()
    }

    /// The resources skipped (failed dependencies, tags).
    pub fn skipped(&self) -> Vec<&str> {
        self.resource_statuses
            .values()
            .filter(|s| s.skipped)
            .map(|s| s.resource.as_str())
            .collect()
    }

    /// Every event of the run, with the resource it belongs to.
    pub fn events(&self) -> impl Iterator<Item = (&str, &Event)> {
        self.resource_statuses
            .values()
            .flat_map(|s| s.events.iter().map(move |e| (s.resource.as_str(), e)))
    }

    /// The exit code of `puppet apply`: with `--detailed-exitcodes` 0 no
    /// change, 2 changes, 4 failures, 6 both; without it 0. 1 either way when
    /// the run could not complete.
    pub fn exit_code(&self, detailed: bool) -> u8 {
        if !self.transaction_completed {
            return 1;
        }
        if !detailed {
            return 0;
        }
        let c = self.counts();
        let mut code = 0;
        if c.changes > 0 {
            code |= 2;
        }
        if c.failed > 0 || c.failed_to_restart > 0 {
            code |= 4;
        }
        code
    }

    /// Computes metrics, status and `noop_pending` (Puppet's `finalize_report`).
    pub fn finalize(&mut self, total_seconds: f64, extra_times: &[(&str, f64)]) {
        let statuses = &self.resource_statuses;
        let count = |f: &dyn Fn(&ResourceStatus) -> bool| -> Value {
            serde_json::json!(statuses.values().filter(|s| f(s)).count())
        };
        let resources = Metric::new(
            "resources",
            vec![
                ("total".into(), serde_json::json!(statuses.len())),
                ("skipped".into(), count(&|s| s.skipped)),
                ("failed".into(), count(&|s| s.failed)),
                ("failed_to_restart".into(), count(&|s| s.failed_to_restart)),
                ("restarted".into(), count(&|s| s.restarted)),
                ("changed".into(), count(&|s| s.changed)),
                ("out_of_sync".into(), count(&|s| s.out_of_sync)),
                ("scheduled".into(), serde_json::json!(0)),
                ("corrective_change".into(), count(&|s| s.corrective_change)),
            ],
        );
        let mut times: IndexMap<String, f64> = IndexMap::new();
        for s in statuses.values() {
            if let Some(t) = s.evaluation_time {
                *times.entry(s.resource_type.to_lowercase()).or_default() += t;
            }
        }
        let mut time_values: Vec<(String, Value)> = times
            .into_iter()
            .map(|(k, v)| (k, serde_json::json!(v)))
            .collect();
        for (name, secs) in extra_times {
            time_values.push((name.to_string(), serde_json::json!(secs)));
        }
        time_values.push(("total".into(), serde_json::json!(total_seconds)));
        let changes: u32 = statuses.values().map(|s| s.change_count).sum();
        let mut events_total = 0;
        let mut by_status: IndexMap<String, u32> = IndexMap::new();
        by_status.insert("failure".into(), 0);
        by_status.insert("success".into(), 0);
        for s in statuses.values() {
            for e in &s.events {
                events_total += 1;
                *by_status.entry(e.status.clone()).or_default() += 1;
            }
        }
        let mut event_values = vec![("total".to_string(), serde_json::json!(events_total))];
        event_values.extend(
            by_status
                .into_iter()
                .map(|(k, v)| (k, serde_json::json!(v))),
        );
        let failed = statuses.values().any(|s| s.failed || s.failed_to_restart);
        self.corrective_change = statuses.values().any(|s| s.corrective_change);
        self.noop_pending = statuses
            .values()
            .any(|s| s.events.iter().any(|e| e.status == "noop"));
        self.status = if !self.transaction_completed || failed {
            "failed".into()
        } else if changes > 0 {
            "changed".into()
        } else {
            "unchanged".into()
        };
        self.metrics.insert("resources".into(), resources);
        self.metrics
            .insert("time".into(), Metric::new("time", time_values));
        self.metrics.insert(
            "changes".into(),
            Metric::new(
                "changes",
                vec![("total".into(), serde_json::json!(changes))],
            ),
        );
        self.metrics
            .insert("events".into(), Metric::new("events", event_values));
    }

    /// The report as pretty JSON.
    pub fn to_json(&self) -> String {
        let mut s = serde_json::to_string_pretty(self).unwrap_or_default();
        s.push('\n');
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn event(status: &str) -> Event {
        Event {
            status: status.into(),
            ..Default::default()
        }
    }

    #[test]
    fn events_set_flags_as_puppet_counts_them() {
        let mut s = ResourceStatus::default();
        s.add_event(event("noop"));
        assert!(s.out_of_sync && !s.changed && !s.failed);
        s.add_event(event("success"));
        assert!(s.changed && s.change_count == 1 && s.out_of_sync_count == 2);
        s.add_event(event("failure"));
        assert!(s.failed);
    }

    #[test]
    fn exit_codes_follow_detailed_exitcodes() {
        let mut r = Report {
            transaction_completed: true,
            ..Default::default()
        };
        let mut changed = ResourceStatus::default();
        changed.add_event(event("success"));
        r.resource_statuses.insert("A".into(), changed);
        assert_eq!(r.exit_code(true), 2);
        assert_eq!(r.exit_code(false), 0);
        let mut failed = ResourceStatus::default();
        failed.add_event(event("failure"));
        r.resource_statuses.insert("B".into(), failed);
        assert_eq!(r.exit_code(true), 6);
        r.transaction_completed = false;
        assert_eq!(r.exit_code(true), 1);
    }

    #[test]
    fn metrics_serialize_as_triples() {
        let mut r = Report {
            transaction_completed: true,
            ..Default::default()
        };
        r.finalize(0.5, &[]);
        let json: Value = serde_json::from_str(&r.to_json()).expect("json");
        assert_eq!(
            json["metrics"]["resources"]["values"][0],
            serde_json::json!(["total", "Total", 0])
        );
        assert_eq!(
            json["metrics"]["resources"]["values"][3][1],
            "Failed to restart"
        );
        assert_eq!(json["status"], "unchanged");
    }
}
