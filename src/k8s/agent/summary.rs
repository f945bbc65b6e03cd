//! What a run did, read from its report (Puppet's report format: resource
//! statuses, events, metrics, logs): the counts, the changes, and for each
//! failed resource why it failed and how many resources were skipped because
//! of it (walking the catalog's relationships back from each skipped one).

use crate::k8s::crd::{FailedResource, ResourceCounts};
use kuppet_catalog::{Catalog, RELATIONSHIP_PARAMS};
use serde_json::Value;
use std::collections::{BTreeMap, HashMap, HashSet};

/// How a run ended, in one word.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Unchanged,
    Changed,
    /// Noop run that found differences.
    Drifted,
    Failed,
}

impl Outcome {
    pub fn as_str(self) -> &'static str {
        match self {
            Outcome::Unchanged => "Unchanged",
            Outcome::Changed => "Changed",
            Outcome::Drifted => "Drifted",
            Outcome::Failed => "Failed",
        }
    }

    /// Puppet's `--detailed-exitcodes` for this outcome.
    pub fn exit_code(self, changed: bool) -> u8 {
        match (self, changed) {
            (Outcome::Failed, true) => 6,
            (Outcome::Failed, false) => 4,
            (Outcome::Changed, _) => 2,
            _ => 0,
        }
    }
}

/// One change (or would-be change, in noop) to one resource.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Change {
    pub resource: String,
    pub message: String,
}

/// The summary of one run.
#[derive(Debug, Clone, PartialEq)]
pub struct RunSummary {
    pub outcome: Outcome,
    pub counts: ResourceCounts,
    /// Failed resources in the report's order, with root-cause counts.
    pub failed: Vec<FailedResource>,
    /// Changes made (`success` events).
    pub changes: Vec<Change>,
    /// Differences found and left alone (`noop` events).
    pub drift: Vec<Change>,
}

/// Reads a report (as JSON) against the catalog that was applied.
pub fn summarize(report: &Value, catalog: &Catalog) -> RunSummary {
    let empty = serde_json::Map::new();
    let statuses = report
        .get("resource_statuses")
        .and_then(Value::as_object)
        .unwrap_or(&empty);
    let flag = |s: &Value, f: &str| s.get(f).and_then(Value::as_bool).unwrap_or(false);

    let mut failed_refs = Vec::new();
    let mut skipped = Vec::new();
    let mut changes = Vec::new();
    let mut drift = Vec::new();
    let mut computed = ResourceCounts::default();
    for (reference, st) in statuses {
        computed.total += 1;
        if flag(st, "failed") {
            computed.failed += 1;
            failed_refs.push(reference.clone());
        }
        if flag(st, "skipped") {
            computed.skipped += 1;
            skipped.push(reference.clone());
        }
        if flag(st, "changed") {
            computed.changed += 1;
        }
        if flag(st, "out_of_sync") {
            computed.out_of_sync += 1;
        }
        for event in st
            .get("events")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            let message = event
                .get("message")
                .and_then(Value::as_str)
                .unwrap_or_default()
                .to_string();
            let change = Change {
                resource: reference.clone(),
                message,
            };
            match event.get("status").and_then(Value::as_str) {
                Some("success") => changes.push(change),
                Some("noop") => drift.push(change),
                _ => {}
            }
        }
    }
    let counts = metric_counts(report).unwrap_or(computed);

    let failed_set: HashSet<&str> = failed_refs.iter().map(String::as_str).collect();
    let skipped_set: HashSet<&str> = skipped.iter().map(String::as_str).collect();
    let roots = root_causes(catalog, &failed_set, &skipped_set);
    let failed = failed_refs
        .iter()
        .map(|reference| {
            let st = &statuses[reference];
            FailedResource {
                resource: reference.clone(),
                message: failure_message(report, st, reference),
                source: declared_at(st),
                skipped_dependents: roots.get(reference).copied().unwrap_or(0),
            }
        })
        .collect();

    let report_failed = report.get("status").and_then(Value::as_str) == Some("failed");
    let noop_pending = report
        .get("noop_pending")
        .and_then(Value::as_bool)
        .unwrap_or(false);
    let outcome = if counts.failed > 0 || report_failed {
        Outcome::Failed
    } else if !drift.is_empty() || noop_pending {
        Outcome::Drifted
    } else if counts.changed > 0 || !changes.is_empty() {
        Outcome::Changed
    } else {
        Outcome::Unchanged
    };
    RunSummary {
        outcome,
        counts,
        failed,
        changes,
        drift,
    }
}

/// The counts from `metrics.resources.values` (`[name, label, value]` triples), if present.
fn metric_counts(report: &Value) -> Option<ResourceCounts> {
    let values = report.pointer("/metrics/resources/values")?.as_array()?;
    let mut by_name = HashMap::new();
    for v in values {
        let triple = v.as_array()?;
        let name = triple.first()?.as_str()?;
        let value = triple.get(2)?.as_f64()?;
        by_name.insert(name, value as i64);
    }
    let get = |n: &str| by_name.get(n).copied().unwrap_or(0);
    Some(ResourceCounts {
        total: get("total"),
        changed: get("changed"),
        failed: get("failed"),
        skipped: get("skipped"),
        out_of_sync: get("out_of_sync"),
    })
}

/// Why a resource failed: its failed event's message, else its error log.
fn failure_message(report: &Value, status: &Value, reference: &str) -> String {
    let from_event = status
        .get("events")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .find(|e| e.get("status").and_then(Value::as_str) == Some("failure"))
        .and_then(|e| e.get("message").and_then(Value::as_str));
    if let Some(m) = from_event {
        return m.to_string();
    }
    let needle = format!("/{reference}");
    report
        .get("logs")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter(|l| l.get("level").and_then(Value::as_str) == Some("err"))
        .find(|l| {
            l.get("source")
                .and_then(Value::as_str)
                .is_some_and(|s| s.contains(&needle))
        })
        .and_then(|l| l.get("message").and_then(Value::as_str))
        .unwrap_or("failed (the report gives no reason)")
        .to_string()
}

fn declared_at(status: &Value) -> Option<String> {
    let file = status.get("file").and_then(Value::as_str)?;
    match status.get("line").and_then(Value::as_u64) {
        Some(line) => Some(format!("{file}:{line}")),
        None => Some(file.to_string()),
    }
}

/// For each failed resource, how many skipped resources it caused: a skipped
/// resource is blamed on every failed resource it depends on through other
/// skipped resources. Dependencies are the relationship metaparameters, of the
/// resource and of its containers, a container standing for all it contains.
/// One breadth-first walk per failed resource over the dependents.
pub fn root_causes(
    catalog: &Catalog,
    failed: &HashSet<&str>,
    skipped: &HashSet<&str>,
) -> BTreeMap<String, i64> {
    let refs: Vec<String> = catalog.resources.iter().map(|r| r.reference()).collect();
    let n = refs.len();
    let index: HashMap<&str, usize> = refs
        .iter()
        .enumerate()
        .map(|(i, r)| (r.as_str(), i))
        .collect();
    let mut children = vec![Vec::new(); n];
    let mut parent = vec![None; n];
    for e in &catalog.edges {
        if let (Some(&s), Some(&t)) = (index.get(e.source.as_str()), index.get(e.target.as_str())) {
            children[s].push(t);
            parent[t] = Some(s);
        }
    }
    // direct[r]: what r itself (not its containers) must wait for.
    let mut direct = vec![Vec::new(); n];
    for (i, r) in catalog.resources.iter().enumerate() {
        for param in RELATIONSHIP_PARAMS {
            for target in r.relationship_targets(param) {
                let Some(&t) = index.get(target.as_str()) else {
                    continue;
                };
                match param {
                    "require" | "subscribe" => direct[i].push(t),
                    _ => direct[t].push(i),
                }
            }
        }
    }
    // A container and everything in it.
    let with_contents = |root: usize| -> Vec<usize> {
        let mut out = vec![root];
        let mut k = 0;
        while k < out.len() {
            out.extend(children[out[k]].iter().copied());
            k += 1;
        }
        out
    };
    // dependents[d]: the resources that wait for d.
    let mut dependents = vec![Vec::new(); n];
    for r in 0..n {
        let mut at = Some(r);
        let mut hops = 0;
        while let Some(node) = at {
            for &d in &direct[node] {
                for x in with_contents(d) {
                    dependents[x].push(r);
                }
            }
            at = parent[node];
            hops += 1;
            if hops > n {
                break; // a containment loop: malformed catalog
            }
        }
    }
    let is_skipped: Vec<bool> = refs.iter().map(|r| skipped.contains(r.as_str())).collect();
    let mut counts = BTreeMap::new();
    for (f, reference) in refs.iter().enumerate() {
        if !failed.contains(reference.as_str()) {
            continue;
        }
        let mut seen = vec![false; n];
        seen[f] = true;
        let mut queue = std::collections::VecDeque::from([f]);
        let mut count = 0;
        while let Some(x) = queue.pop_front() {
            for &d in &dependents[x] {
                if !seen[d] && is_skipped[d] {
                    seen[d] = true;
                    count += 1;
                    queue.push_back(d);
                }
            }
        }
        if count > 0 {
            counts.insert(reference.clone(), count);
        }
    }
    counts
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fixture(name: &str) -> String {
        let path = format!("{}/tests/fixtures/k8s/{name}", env!("CARGO_MANIFEST_DIR"));
        std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
    }

    fn failures() -> (Value, Catalog) {
        let report = serde_json::from_str(&fixture("failures.report.json")).expect("report JSON");
        let catalog = Catalog::from_json(&fixture("failures.catalog.json")).expect("catalog JSON");
        (report, catalog)
    }

    const SB: &str = "/tmp/kuppet-fixture-sandbox";

    #[test]
    fn failures_are_explained_with_their_root_cause_counts() {
        let (report, catalog) = failures();
        let s = summarize(&report, &catalog);
        assert_eq!(s.outcome, Outcome::Failed);
        // Puppet's own metrics (they count its Schedule and Filebucket resources too).
        assert_eq!(
            (s.counts.failed, s.counts.skipped, s.counts.changed),
            (2, 5, 2)
        );
        let failed: Vec<(&str, i64)> = s
            .failed
            .iter()
            .map(|f| (f.resource.as_str(), f.skipped_dependents))
            .collect();
        // after, after2 (through after), web1 and web2 (their class requires it), both.
        assert_eq!(
            failed,
            vec![("Exec[broken]", 4 + 1), ("Exec[also-broken]", 1)]
        );
        let broken = &s.failed[0];
        assert!(
            broken.message.contains("'/bin/false' returned 1"),
            "{}",
            broken.message
        );
        assert!(
            broken
                .source
                .as_deref()
                .is_some_and(|src| src.ends_with("failures.pp:4"))
        );
    }

    #[test]
    fn changes_are_listed_with_their_messages() {
        let (report, catalog) = failures();
        let s = summarize(&report, &catalog);
        let changed: Vec<&str> = s.changes.iter().map(|c| c.resource.as_str()).collect();
        assert_eq!(
            changed,
            vec![format!("File[{SB}/ok]").as_str(), "Notify[hello]"]
        );
        assert!(
            s.changes[1]
                .message
                .contains("defined 'message' as 'hello'")
        );
        assert!(s.drift.is_empty());
    }

    #[test]
    fn a_noop_run_with_differences_is_drift_not_change() {
        let report: Value =
            serde_json::from_str(&fixture("drift.report.json")).expect("report JSON");
        let catalog = Catalog {
            tags: vec![],
            name: "n".into(),
            version: Value::Null,
            code_id: None,
            catalog_uuid: String::new(),
            catalog_format: 2,
            environment: "production".into(),
            resources: vec![],
            edges: vec![],
            classes: vec![],
        };
        let s = summarize(&report, &catalog);
        assert_eq!(s.outcome, Outcome::Drifted);
        assert_eq!(s.counts.changed, 0);
        assert_eq!(s.counts.out_of_sync, 1);
        assert_eq!(s.drift.len(), 1);
        assert_eq!(s.drift[0].resource, format!("File[{SB}/motd]"));
        assert!(s.failed.is_empty());
    }

    #[test]
    fn a_report_without_metrics_is_counted_from_its_statuses() {
        let (mut report, catalog) = failures();
        if let Some(map) = report.as_object_mut() {
            map.remove("metrics");
        }
        let s = summarize(&report, &catalog);
        assert_eq!(
            (s.counts.failed, s.counts.skipped, s.counts.changed),
            (2, 5, 2)
        );
        assert_eq!(
            s.counts.total,
            9 + 6 + 1,
            "9 resources, 6 schedules, 1 filebucket"
        );
    }

    #[test]
    fn an_empty_report_is_an_unchanged_run() {
        let (_, catalog) = failures();
        let s = summarize(&serde_json::json!({"status": "unchanged"}), &catalog);
        assert_eq!(s.outcome, Outcome::Unchanged);
        assert_eq!(s.counts, ResourceCounts::default());
    }

    #[test]
    fn a_long_chain_of_skips_is_counted_without_deep_recursion() {
        let mut text = String::from(r#"{"name":"n","resources":["#);
        let count = 20_000;
        for i in 0..count {
            if i > 0 {
                text.push(',');
            }
            let req = if i == 0 {
                String::new()
            } else {
                format!(r#","require":"Exec[e{}]""#, i - 1)
            };
            text.push_str(&format!(
                r#"{{"type":"Exec","title":"e{i}","parameters":{{"command":"/bin/true"{req}}}}}"#
            ));
        }
        text.push_str("]}");
        let catalog = Catalog::from_json(&text).expect("catalog");
        let skipped_refs: Vec<String> = (1..count).map(|i| format!("Exec[e{i}]")).collect();
        let skipped: HashSet<&str> = skipped_refs.iter().map(String::as_str).collect();
        let failed: HashSet<&str> = HashSet::from(["Exec[e0]"]);
        let roots = root_causes(&catalog, &failed, &skipped);
        assert_eq!(roots.get("Exec[e0]"), Some(&((count - 1) as i64)));
    }

    #[test]
    fn exit_codes_follow_detailed_exitcodes() {
        assert_eq!(Outcome::Unchanged.exit_code(false), 0);
        assert_eq!(Outcome::Changed.exit_code(true), 2);
        assert_eq!(Outcome::Failed.exit_code(false), 4);
        assert_eq!(Outcome::Failed.exit_code(true), 6);
        assert_eq!(Outcome::Drifted.exit_code(false), 0);
    }
}
