//! Prometheus metrics of the controller and the agent, in the text exposition
//! format (`/metrics`). A handful of fixed metrics: plain atomics, no registry.

use std::fmt::Write;
use std::sync::Mutex;
use std::sync::atomic::{AtomicI64, AtomicU64, Ordering};

/// A monotonically increasing count.
#[derive(Debug, Default)]
pub struct Counter(AtomicU64);

impl Counter {
    pub fn inc(&self) {
        self.0.fetch_add(1, Ordering::Relaxed);
    }
    pub fn get(&self) -> u64 {
        self.0.load(Ordering::Relaxed)
    }
    pub fn add(&self, n: u64) {
        self.0.fetch_add(n, Ordering::Relaxed);
    }
}

/// A value that goes up and down.
#[derive(Debug, Default)]
pub struct Gauge(AtomicI64);

impl Gauge {
    pub fn set(&self, v: i64) {
        self.0.store(v, Ordering::Relaxed);
    }
    pub fn add(&self, v: i64) {
        self.0.fetch_add(v, Ordering::Relaxed);
    }
    pub fn get(&self) -> i64 {
        self.0.load(Ordering::Relaxed)
    }
}

/// Upper bounds (seconds) of the duration histograms' buckets.
pub const SECONDS_BUCKETS: [f64; 12] = [
    0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0,
];

/// A distribution of durations in seconds.
#[derive(Debug, Default)]
pub struct Histogram(Mutex<HistogramData>);

#[derive(Debug, Default, Clone)]
struct HistogramData {
    /// Count per bucket of [`SECONDS_BUCKETS`] (not cumulative).
    buckets: [u64; SECONDS_BUCKETS.len()],
    count: u64,
    sum: f64,
}

impl Histogram {
    pub fn observe(&self, seconds: f64) {
        if let Ok(mut h) = self.0.lock() {
            if let Some(i) = SECONDS_BUCKETS.iter().position(|b| seconds <= *b) {
                h.buckets[i] += 1;
            }
            h.count += 1;
            h.sum += seconds;
        }
    }

    pub fn count(&self) -> u64 {
        self.0.lock().map(|h| h.count).unwrap_or(0)
    }

    fn render(&self, out: &mut String, name: &str, help: &str) {
        let h = self.0.lock().map(|h| h.clone()).unwrap_or_default();
        let _ = writeln!(out, "# HELP {name} {help}\n# TYPE {name} histogram");
        let mut cumulative = 0;
        for (bound, n) in SECONDS_BUCKETS.iter().zip(h.buckets) {
            cumulative += n;
            let _ = writeln!(out, "{name}_bucket{{le=\"{bound}\"}} {cumulative}");
        }
        let _ = writeln!(out, "{name}_bucket{{le=\"+Inf\"}} {}", h.count);
        let _ = writeln!(out, "{name}_sum {}", h.sum);
        let _ = writeln!(out, "{name}_count {}", h.count);
    }
}

fn counter(out: &mut String, name: &str, help: &str, series: &[(&str, u64)]) {
    let _ = writeln!(out, "# HELP {name} {help}\n# TYPE {name} counter");
    for (labels, v) in series {
        let _ = writeln!(out, "{name}{labels} {v}");
    }
}

fn gauge(out: &mut String, name: &str, help: &str, v: i64) {
    let _ = writeln!(out, "# HELP {name} {help}\n# TYPE {name} gauge\n{name} {v}");
}

/// The controller's metrics.
#[derive(Debug, Default)]
pub struct ControllerMetrics {
    pub compiles_ok: Counter,
    pub compiles_failed: Counter,
    /// Compiles whose worker died (signal, abort, out of memory, deadline).
    pub compiles_crashed: Counter,
    pub compile_seconds: Histogram,
    /// Compiles run in a worker (not answered by reuse).
    pub compiles_run: Counter,
    /// Catalogs reused from a compile of another node with the same inputs.
    pub catalogs_reused: Counter,
    pub catalog_writes: Counter,
    pub reconcile_errors: Counter,
    pub manifest_status_writes: Counter,
    /// Nodes known (with or without an agent).
    pub nodes: Gauge,
    /// Node reconciles waiting for a compile slot.
    pub queue_depth: Gauge,
    /// 1 while this replica holds the leader Lease.
    pub leader: Gauge,
    /// Writes to the API server waiting for a slot of the write gate.
    pub api_writes_waiting: Gauge,
    /// Writes that waited for a token of the client-side rate limit.
    pub api_writes_throttled: Counter,
    /// Writes dropped because a later write of the same object took their place.
    pub api_writes_superseded: Counter,
    /// Content endpoint requests, by answer.
    pub content_served: Counter,
    pub content_unauthenticated: Counter,
    pub content_forbidden: Counter,
    pub content_not_found: Counter,
    pub content_unavailable: Counter,
    /// Bytes of content sent.
    pub content_bytes: Counter,
}

impl ControllerMetrics {
    /// The metrics in Prometheus' text format.
    pub fn render(&self) -> String {
        let mut out = String::new();
        counter(
            &mut out,
            "kuppet_compiles_total",
            "Catalog compiles, by result.",
            &[
                ("{result=\"success\"}", self.compiles_ok.get()),
                ("{result=\"error\"}", self.compiles_failed.get()),
                ("{result=\"crashed\"}", self.compiles_crashed.get()),
            ],
        );
        counter(
            &mut out,
            "kuppet_compile_reuse_total",
            "Catalogs the planner asked for: compiled in a worker, or reused from another node's compile with the same inputs.",
            &[
                ("{result=\"compiled\"}", self.compiles_run.get()),
                ("{result=\"reused\"}", self.catalogs_reused.get()),
            ],
        );
        self.compile_seconds.render(
            &mut out,
            "kuppet_compile_duration_seconds",
            "Time to compile one node's catalog.",
        );
        counter(
            &mut out,
            "kuppet_catalog_writes_total",
            "NodeCatalog specs written because their digest changed.",
            &[("", self.catalog_writes.get())],
        );
        counter(
            &mut out,
            "kuppet_reconcile_errors_total",
            "Reconciles that failed and were requeued with backoff.",
            &[("", self.reconcile_errors.get())],
        );
        counter(
            &mut out,
            "kuppet_manifest_status_writes_total",
            "Manifest status updates.",
            &[("", self.manifest_status_writes.get())],
        );
        gauge(
            &mut out,
            "kuppet_nodes",
            "Nodes in the cluster.",
            self.nodes.get(),
        );
        gauge(
            &mut out,
            "kuppet_queue_depth",
            "Node reconciles waiting for a compile slot.",
            self.queue_depth.get(),
        );
        gauge(
            &mut out,
            "kuppet_leader",
            "1 while this replica holds the leader Lease.",
            self.leader.get(),
        );
        gauge(
            &mut out,
            "kuppet_api_writes_waiting",
            "Writes to the API server waiting for their turn (bounded concurrency, changed catalogs first).",
            self.api_writes_waiting.get(),
        );
        counter(
            &mut out,
            "kuppet_api_writes_throttled_total",
            "Writes to the API server that waited for the client-side rate limit (--api-write-qps, --api-write-burst).",
            &[("", self.api_writes_throttled.get())],
        );
        counter(
            &mut out,
            "kuppet_api_writes_superseded_total",
            "Writes dropped before they were sent because a later write of the same object replaced them.",
            &[("", self.api_writes_superseded.get())],
        );
        counter(
            &mut out,
            "kuppet_content_requests_total",
            "Requests of the content endpoint, by HTTP status.",
            &[
                ("{code=\"200\"}", self.content_served.get()),
                ("{code=\"401\"}", self.content_unauthenticated.get()),
                ("{code=\"403\"}", self.content_forbidden.get()),
                ("{code=\"404\"}", self.content_not_found.get()),
                ("{code=\"503\"}", self.content_unavailable.get()),
            ],
        );
        counter(
            &mut out,
            "kuppet_content_bytes_total",
            "Bytes of content the content endpoint sent.",
            &[("", self.content_bytes.get())],
        );
        out
    }
}

/// The agent's metrics.
#[derive(Debug, Default)]
pub struct AgentMetrics {
    pub runs_unchanged: Counter,
    pub runs_changed: Counter,
    pub runs_drifted: Counter,
    pub runs_failed: Counter,
    pub run_seconds: Histogram,
    pub status_write_errors: Counter,
    /// Unix time of the last run's end.
    pub last_run_timestamp: Gauge,
    /// Resources failed in the last run.
    pub last_run_failed: Gauge,
}

impl AgentMetrics {
    /// The metrics in Prometheus' text format.
    pub fn render(&self) -> String {
        let mut out = String::new();
        counter(
            &mut out,
            "kuppet_agent_runs_total",
            "Agent runs, by outcome.",
            &[
                ("{outcome=\"unchanged\"}", self.runs_unchanged.get()),
                ("{outcome=\"changed\"}", self.runs_changed.get()),
                ("{outcome=\"drifted\"}", self.runs_drifted.get()),
                ("{outcome=\"failed\"}", self.runs_failed.get()),
            ],
        );
        self.run_seconds.render(
            &mut out,
            "kuppet_agent_run_duration_seconds",
            "Time one run takes.",
        );
        counter(
            &mut out,
            "kuppet_agent_status_write_errors_total",
            "Failed attempts to write the NodeCatalog status (retried).",
            &[("", self.status_write_errors.get())],
        );
        gauge(
            &mut out,
            "kuppet_agent_last_run_timestamp_seconds",
            "Unix time the last run ended.",
            self.last_run_timestamp.get(),
        );
        gauge(
            &mut out,
            "kuppet_agent_last_run_failed_resources",
            "Resources that failed in the last run.",
            self.last_run_failed.get(),
        );
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn histogram_buckets_are_cumulative() {
        let m = ControllerMetrics::default();
        m.compile_seconds.observe(0.003);
        m.compile_seconds.observe(0.2);
        m.compile_seconds.observe(100.0);
        let text = m.render();
        assert!(text.contains("kuppet_compile_duration_seconds_bucket{le=\"0.005\"} 1\n"));
        assert!(text.contains("kuppet_compile_duration_seconds_bucket{le=\"0.25\"} 2\n"));
        assert!(text.contains("kuppet_compile_duration_seconds_bucket{le=\"30\"} 2\n"));
        assert!(text.contains("kuppet_compile_duration_seconds_bucket{le=\"+Inf\"} 3\n"));
        assert!(text.contains("kuppet_compile_duration_seconds_count 3\n"));
    }

    #[test]
    fn every_metric_has_help_and_type() {
        let m = ControllerMetrics::default();
        m.compiles_ok.inc();
        m.queue_depth.set(4);
        let text = m.render();
        assert!(text.contains("kuppet_compiles_total{result=\"success\"} 1\n"));
        assert!(text.contains("kuppet_queue_depth 4\n"));
        for line in text.lines().filter(|l| !l.starts_with('#')) {
            let name = line.split(['{', ' ']).next().unwrap_or_default();
            let base = name
                .trim_end_matches("_bucket")
                .trim_end_matches("_sum")
                .trim_end_matches("_count");
            assert!(
                text.contains(&format!("# TYPE {base} ")),
                "no TYPE for {name}"
            );
        }
    }
}
