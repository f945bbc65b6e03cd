//! `kuppet agent`: converges one node to its NodeCatalog and reports back.
//!
//! It gathers the host's facts into its NodeFacts, watches only its own
//! NodeCatalog (field selector on `metadata.name`), and applies when the
//! catalog's digest changes and every `--run-interval` (plus a random splay),
//! one run at a time under a lock file. Each catalog is kept on the host's
//! disk first, so the agent goes on enforcing it while the API server is
//! away; each run's status is kept there too until it has been written to
//! the NodeCatalog, so reporting catches up when the API server returns.
//!
//! Every catalog is checked before it replaces the one held
//! (`kuppet_transaction::check`: sizes, depth, names, NUL bytes, paths,
//! duplicates, edges, each resource's parameters): a bad one is refused with
//! the reason `CatalogInvalid`, and the agent goes on enforcing its last good
//! catalog, saying so in every status until a good catalog arrives.
//!
//! The catalog's `Sensitive` values arrive sealed to this node's key (its
//! pair is kept in the state dir, the public half published in NodeFacts;
//! see `seal`): they are opened for each run only, and a catalog sealed to
//! another key is refused with `SealedForAnotherKey` until the controller
//! seals it to the key published.

pub mod cache;
pub mod fetch;
pub mod files;
pub mod summary;

use super::crd::{FailedResource, LastRun, NodeCatalog, NodeCatalogStatus, NodeFacts};
use super::events::{Note, Publisher, Severity};
use super::http::{self, Response};
use super::metrics::AgentMetrics;
use super::status::{self, Condition, Wanted, kind};
use super::{AGENT_MANAGER, VERSION, codec, seal};
use cache::{CacheError, CachedCatalog, PendingStatus, StateDir};
use futures::StreamExt;
use kube::api::{Api, Patch, PatchParams};
use kube::runtime::{WatchStreamExt, watcher};
use kube::{Client, Resource};
use kuppet_catalog::Catalog;
use kuppet_catalog::validate::Limits;
use kuppet_transaction::ApplyOptions;
use std::hash::{BuildHasher, Hash, Hasher};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};
use summary::{Outcome, RunSummary};
use tokio::sync::mpsc;

/// How long a starting agent waits for the API server before it applies its cached catalog.
const STARTUP_GRACE: Duration = Duration::from_secs(10);
/// The longest wait between attempts to write a pending status.
const MAX_REPORT_BACKOFF: Duration = Duration::from_secs(60);
/// At most this many Events per kind per run (the rest are summed up in one).
const MAX_EVENTS: usize = 10;
/// At most this many failed resources in the status.
const MAX_FAILED_LISTED: usize = 20;

/// How the agent runs.
#[derive(Debug, Clone)]
pub struct AgentOptions {
    pub node: String,
    pub root: PathBuf,
    pub state_dir: PathBuf,
    pub run_interval: Duration,
    pub splay_limit: Duration,
    /// Force noop whatever the catalog says.
    pub noop: bool,
    pub metrics_addr: Option<SocketAddr>,
    /// One run, then exit with Puppet's detailed exit code.
    pub once: bool,
    /// Fetches the catalog's content by checksum from the controller
    /// (`--content-url`); None: such content fails its resources.
    pub content: Option<fetch::Fetcher>,
}

/// Why the agent stopped.
#[derive(Debug, thiserror::Error)]
pub enum AgentError {
    #[error("could not listen on {addr} for /metrics and /healthz: {source}")]
    Listen {
        addr: SocketAddr,
        #[source]
        source: std::io::Error,
    },
    #[error(
        "nothing to apply: the NodeCatalog {node} could not be read and {dir} holds no cached catalog"
    )]
    NoCatalog { node: String, dir: String },
    #[error(transparent)]
    State(#[from] CacheError),
}

/// Applies a catalog and returns the report as JSON: `transaction::apply` in production.
pub type ApplyFn =
    Arc<dyn Fn(&Catalog, &ApplyOptions) -> Result<serde_json::Value, String> + Send + Sync>;
/// Gathers the host's facts: `facts::gather` in production.
pub type FactsFn = Arc<dyn Fn(&Path) -> serde_json::Map<String, serde_json::Value> + Send + Sync>;

/// The production applier.
pub fn transaction_apply() -> ApplyFn {
    Arc::new(|catalog: &Catalog, options: &ApplyOptions| {
        let report = kuppet_transaction::apply(catalog, options).map_err(|e| e.to_string())?;
        serde_json::to_value(&report).map_err(|e| format!("the run report does not serialise: {e}"))
    })
}

/// What a NodeCatalog seen on the watch means for the agent.
#[derive(Debug, Clone, PartialEq)]
pub enum CatalogDecision {
    /// The catalog applied last: nothing new.
    Same,
    /// A new catalog to cache and apply.
    New(Box<CachedCatalog>),
    /// A catalog that cannot be applied; keep enforcing the previous one.
    Invalid(String),
    /// A catalog whose secrets are sealed to another key (the node was
    /// re-created or its key changed): refused until the controller seals
    /// it to the key this agent published.
    SealedForAnotherKey(String),
}

/// The reason of a NodeCatalog refused as invalid.
pub const CATALOG_INVALID: &str = "CatalogInvalid";
/// The reason of a NodeCatalog whose secrets are sealed to another key.
pub const SEALED_FOR_ANOTHER_KEY: &str = "SealedForAnotherKey";

/// Compares a NodeCatalog with the catalog the agent holds, and checks a
/// new one before it may replace it: its digest, that `key` opens every
/// sealed value, and the opened catalog's contents. The catalog is kept
/// sealed (as the NodeCatalog holds it, on disk too) and opened for each run.
pub fn decide(
    current: Option<&CachedCatalog>,
    nc: &NodeCatalog,
    key: &seal::NodeKey,
) -> CatalogDecision {
    if current.is_some_and(|c| c.digest == nc.spec.digest) {
        return CatalogDecision::Same;
    }
    let catalog = match codec::decode(&nc.spec) {
        Ok(catalog) => catalog,
        Err(e) => return CatalogDecision::Invalid(e.to_string()),
    };
    let opened = match unsealed(&catalog, key) {
        Ok(opened) => opened,
        Err(e @ seal::SealError::WrongKey { .. }) => {
            return CatalogDecision::SealedForAnotherKey(e.to_string());
        }
        Err(e) => return CatalogDecision::Invalid(e.to_string()),
    };
    if let Err(e) = kuppet_transaction::check(&opened, &Limits::default()) {
        return CatalogDecision::Invalid(e.to_string());
    }
    if let Some(Err(e)) = nc.spec.files.as_deref().map(files::decode) {
        return CatalogDecision::Invalid(e);
    }
    if let Some(e) = nc.spec.content.iter().find_map(fetch::check_ref) {
        return CatalogDecision::Invalid(e);
    }
    CatalogDecision::New(Box::new(CachedCatalog {
        digest: nc.spec.digest.clone(),
        generation: nc.metadata.generation.unwrap_or(0),
        noop: nc.spec.noop,
        catalog,
        files: nc.spec.files.clone(),
        content: nc.spec.content.clone(),
    }))
}

/// A copy of `catalog` with its sealed values opened by `key`.
pub fn unsealed(catalog: &Catalog, key: &seal::NodeKey) -> Result<Catalog, seal::SealError> {
    let mut opened = catalog.clone();
    seal::unseal_catalog(&mut opened, key)?;
    Ok(opened)
}

/// A NodeCatalog the agent refused: while it is the current one, every
/// status says so (the agent enforces its previous catalog meanwhile).
#[derive(Debug, Clone, PartialEq)]
pub struct Rejection {
    pub digest: String,
    pub generation: Option<i64>,
    pub message: String,
    /// `CatalogInvalid` or `SealedForAnotherKey`.
    pub reason: &'static str,
}

impl Rejection {
    /// The message conditions and Events carry.
    pub fn condition_message(&self) -> String {
        format!(
            "the catalog cannot be applied: {}; the agent keeps enforcing its previous catalog",
            self.message
        )
    }
}

/// What one run produced: its summary, or why it could not run.
pub enum RunResult {
    Ran(RunSummary),
    CouldNotRun(String),
}

/// The facts of one run, for its status.
pub struct RunInfo<'a> {
    pub started: &'a str,
    pub duration: Duration,
    pub catalog: &'a CachedCatalog,
    pub noop: bool,
    pub from_cache: bool,
    /// The current NodeCatalog was refused: the run applied the previous one.
    pub rejected: Option<&'a Rejection>,
}

/// The NodeCatalog status a run leads to.
pub fn run_status(
    previous: &[Condition],
    info: &RunInfo,
    result: &RunResult,
    now: &str,
) -> NodeCatalogStatus {
    let generation = Some(info.catalog.generation);
    let (outcome, resources, failed_resources, wanted) = match result {
        RunResult::CouldNotRun(err) => {
            let msg = format!("the run could not start: {err}");
            (
                "Failed",
                None,
                vec![],
                vec![
                    Wanted::new(kind::READY, false, "RunFailed", msg.clone()),
                    Wanted::new(kind::RECONCILING, false, "RunFailed", ""),
                    Wanted::new(kind::STALLED, true, "RunFailed", msg.clone()),
                    Wanted::new(kind::DRIFTED, false, "RunFailed", ""),
                    Wanted::new(kind::DEGRADED, true, "RunFailed", msg),
                ],
            )
        }
        RunResult::Ran(s) => {
            let c = &s.counts;
            let (ready_reason, ready_msg) = match s.outcome {
                Outcome::Failed => ("ResourcesFailed", failure_message(s)),
                Outcome::Drifted => (
                    "NoopDrift",
                    format!(
                        "noop run: {} resources differ from the catalog",
                        s.drift.len()
                    ),
                ),
                Outcome::Changed => (
                    "Applied",
                    format!("applied: {} resources changed", c.changed),
                ),
                Outcome::Unchanged => ("InSync", format!("all {} resources in sync", c.total)),
            };
            let failed = s.outcome == Outcome::Failed;
            let drift = if s.drift.is_empty() {
                Wanted::new(kind::DRIFTED, false, "InSync", "")
            } else {
                let first = &s.drift[0];
                Wanted::new(
                    kind::DRIFTED,
                    true,
                    "NoopChangesPending",
                    format!(
                        "{} resources differ, left alone (noop); first {}: {}",
                        s.drift.len(),
                        first.resource,
                        first.message
                    ),
                )
            };
            let degraded = if failed {
                Wanted::new(kind::DEGRADED, true, "ResourcesFailed", failure_message(s))
            } else {
                Wanted::new(kind::DEGRADED, false, "NoFailures", "")
            };
            (
                s.outcome.as_str(),
                Some(s.counts.clone()),
                s.failed
                    .iter()
                    .take(MAX_FAILED_LISTED)
                    .map(|f| FailedResource {
                        message: super::events::truncate(&f.message, 1024).to_string(),
                        ..f.clone()
                    })
                    .collect(),
                vec![
                    Wanted::new(kind::READY, !failed, ready_reason, ready_msg),
                    Wanted::new(kind::RECONCILING, false, ready_reason, ""),
                    Wanted::new(kind::STALLED, false, ready_reason, ""),
                    drift,
                    degraded,
                ],
            )
        }
    };
    // A refused catalog outranks the run of the previous one: not Ready,
    // Stalled, until a good catalog arrives.
    let (wanted, generation) = match info.rejected {
        Some(r) => {
            let msg = r.condition_message();
            let mut wanted: Vec<Wanted> = wanted
                .into_iter()
                .filter(|w| ![kind::READY, kind::RECONCILING, kind::STALLED].contains(&w.type_))
                .collect();
            wanted.push(Wanted::new(kind::READY, false, r.reason, msg.clone()));
            wanted.push(Wanted::new(kind::RECONCILING, false, r.reason, ""));
            wanted.push(Wanted::new(kind::STALLED, true, r.reason, msg));
            (wanted, r.generation.or(generation))
        }
        None => (wanted, generation),
    };
    NodeCatalogStatus {
        observed_generation: generation,
        conditions: status::merge(previous, wanted, generation, now),
        last_run: Some(LastRun {
            time: info.started.to_string(),
            duration_seconds: (info.duration.as_secs_f64() * 1000.0).round() / 1000.0,
            digest: info.catalog.digest.clone(),
            outcome: outcome.to_string(),
            noop: info.noop,
            from_cache: info.from_cache,
            agent_version: VERSION.to_string(),
        }),
        resources,
        failed_resources,
    }
}

fn failure_message(s: &RunSummary) -> String {
    let first = s
        .failed
        .first()
        .map(|f| format!("; first {}: {}", f.resource, f.message))
        .unwrap_or_default();
    format!(
        "{} resources failed, {} skipped because of them{first}",
        s.counts.failed, s.counts.skipped
    )
}

/// The Events of a run: each change (Normal), each failure (Warning), each
/// difference found in noop (Normal), at most ten of a kind.
pub fn run_events(result: &RunResult) -> Vec<Note> {
    let s = match result {
        RunResult::CouldNotRun(err) => {
            return vec![Note {
                severity: Severity::Warning,
                reason: "RunFailed",
                action: "Apply",
                message: format!("the run could not start: {err}"),
            }];
        }
        RunResult::Ran(s) => s,
    };
    let mut out = Vec::new();
    for f in s.failed.iter().take(MAX_EVENTS) {
        let skipped = match f.skipped_dependents {
            0 => String::new(),
            n => format!(" ({n} dependent resources skipped)"),
        };
        out.push(Note {
            severity: Severity::Warning,
            reason: "ResourceFailed",
            action: "Apply",
            message: format!("{}: {}{skipped}", f.resource, f.message),
        });
    }
    let mut listed = |items: &[summary::Change], reason: &'static str, suffix: &str, more: &str| {
        for c in items.iter().take(MAX_EVENTS) {
            out.push(Note {
                severity: Severity::Normal,
                reason,
                action: "Apply",
                message: format!("{}: {}{suffix}", c.resource, c.message),
            });
        }
        if items.len() > MAX_EVENTS {
            out.push(Note {
                severity: Severity::Normal,
                reason,
                action: "Apply",
                message: format!("and {} more {more}", items.len() - MAX_EVENTS),
            });
        }
    };
    listed(&s.changes, "ResourceChanged", "", "changes");
    listed(&s.drift, "ResourceDrifted", " (noop)", "differences (noop)");
    out
}

/// The wait before the next periodic run: the interval plus a random part of the splay limit.
pub fn next_wait(interval: Duration, splay_limit: Duration, random: u64) -> Duration {
    let fraction = (random % 10_000) as f64 / 10_000.0;
    interval + splay_limit.mul_f64(fraction)
}

/// The agent's state between events.
pub struct Agent {
    options: AgentOptions,
    client: Option<Client>,
    state: StateDir,
    apply: ApplyFn,
    gather: FactsFn,
    events: Option<Publisher>,
    metrics: Arc<AgentMetrics>,
    current: Option<CachedCatalog>,
    /// `current` came from disk, or the API server is away: runs apply what
    /// the agent holds without knowing whether it is still current.
    from_cache: bool,
    /// The NodeCatalog as last seen on the watch (for condition transition times).
    seen: Option<NodeCatalog>,
    pending: Option<PendingStatus>,
    pending_events: Vec<Note>,
    facts_published: Option<u64>,
    /// This node's seal key pair (kept in the state dir; the public half is
    /// published in NodeFacts).
    seal_key: Arc<seal::NodeKey>,
    random: u64,
    /// The current NodeCatalog, refused (None once a good one arrives).
    rejected: Option<Rejection>,
}

impl Agent {
    /// Makes an agent and loads what the last one left on disk (a cached
    /// catalog is checked again: one that fails is not applied).
    pub fn new(
        client: Option<Client>,
        options: AgentOptions,
        apply: ApplyFn,
        gather: FactsFn,
    ) -> Result<Agent, AgentError> {
        let state = StateDir::new(&options.root, &options.state_dir)?;
        let seal_key = Arc::new(state.seal_key()?);
        let current = state
            .load_catalog()
            .unwrap_or_else(|e| {
                tracing::warn!(error = %e, "ignoring the cached catalog");
                None
            })
            .filter(|cached| {
                // Checked as it will be applied: opened with this node's key.
                let checked = unsealed(&cached.catalog, &seal_key)
                    .map_err(|e| e.to_string())
                    .and_then(|opened| {
                        kuppet_transaction::check(&opened, &Limits::default())
                            .map_err(|e| e.to_string())
                    });
                match checked {
                    Ok(()) => true,
                    Err(e) => {
                        tracing::warn!(error = %e, "ignoring the cached catalog: it is invalid");
                        false
                    }
                }
            });
        let pending = state.load_pending().unwrap_or_else(|e| {
            tracing::warn!(error = %e, "ignoring the unreported status");
            None
        });
        let seed = std::collections::hash_map::RandomState::new()
            .hash_one((options.node.as_str(), std::process::id()));
        Ok(Agent {
            events: client
                .clone()
                .map(|c| Publisher::new(c, "kuppet.dev/agent", &options.node)),
            from_cache: current.is_some(),
            client,
            state,
            apply,
            gather,
            metrics: Arc::new(AgentMetrics::default()),
            current,
            seen: None,
            pending,
            pending_events: Vec::new(),
            facts_published: None,
            seal_key,
            random: seed | 1,
            rejected: None,
            options,
        })
    }

    /// The refused NodeCatalog, while it is the current one.
    pub fn rejected(&self) -> Option<&Rejection> {
        self.rejected.as_ref()
    }

    /// The catalog held (cached or received).
    pub fn current(&self) -> Option<&CachedCatalog> {
        self.current.as_ref()
    }

    /// Whether a status is waiting to be written.
    pub fn has_pending(&self) -> bool {
        self.pending.is_some()
    }

    fn next_random(&mut self) -> u64 {
        // xorshift64: enough to spread runs, no crate needed.
        self.random ^= self.random << 13;
        self.random ^= self.random >> 7;
        self.random ^= self.random << 17;
        self.random
    }

    /// Takes in the NodeCatalog seen on the watch; true when it brings a new catalog to apply.
    pub async fn on_catalog(&mut self, nc: NodeCatalog) -> bool {
        if self
            .rejected
            .as_ref()
            .is_some_and(|r| r.digest == nc.spec.digest)
        {
            // Refused already (our own status write echoed by the watch, or a
            // new generation carrying the same catalog): nothing new to say.
            self.seen = Some(nc);
            return false;
        }
        let decision = decide(self.current.as_ref(), &nc, &self.seal_key);
        let rejection = match &decision {
            CatalogDecision::Invalid(message) => Some(Rejection {
                digest: nc.spec.digest.clone(),
                generation: nc.metadata.generation,
                message: message.clone(),
                reason: CATALOG_INVALID,
            }),
            CatalogDecision::SealedForAnotherKey(message) => Some(Rejection {
                digest: nc.spec.digest.clone(),
                generation: nc.metadata.generation,
                message: message.clone(),
                reason: SEALED_FOR_ANOTHER_KEY,
            }),
            _ => None,
        };
        self.seen = Some(nc);
        match decision {
            CatalogDecision::Same => {
                self.rejected = None;
                self.from_cache = false;
                let generation = self.seen.as_ref().and_then(|s| s.metadata.generation);
                if let Some(g) =
                    generation.filter(|g| self.current.as_ref().is_some_and(|c| c.generation < *g))
                {
                    self.adopt_generation(g).await;
                }
                false
            }
            CatalogDecision::New(cached) => {
                if let Err(e) = self.state.save_catalog(&cached) {
                    tracing::warn!(error = %e, "could not cache the catalog; applying it anyway");
                }
                tracing::info!(digest = %cached.digest, generation = cached.generation, "new catalog");
                self.rejected = None;
                self.current = Some(*cached);
                self.from_cache = false;
                true
            }
            CatalogDecision::Invalid(err) | CatalogDecision::SealedForAnotherKey(err) => {
                tracing::error!(error = %err, "the NodeCatalog cannot be applied; enforcing the previous catalog");
                self.rejected = rejection;
                self.report_invalid().await;
                false
            }
        }
    }

    /// The NodeCatalog's spec changed without changing its catalog (another
    /// Manifest generation that adds nothing here): the last run applied this
    /// generation too, so its status says so, without a new run.
    async fn adopt_generation(&mut self, generation: i64) {
        let Some(current) = &mut self.current else {
            return;
        };
        current.generation = generation;
        let digest = current.digest.clone();
        if let Err(e) = self.state.save_catalog(current) {
            tracing::warn!(error = %e, "could not update the cached catalog");
        }
        let last = self
            .pending
            .as_ref()
            .map(|p| p.status.clone())
            .or_else(|| self.seen.as_ref().and_then(|s| s.status.clone()));
        let Some(mut st) =
            last.filter(|st| st.last_run.as_ref().is_some_and(|r| r.digest == digest))
        else {
            return; // no run of this catalog reported yet: the next run's status will say it
        };
        st.observed_generation = Some(generation);
        for c in &mut st.conditions {
            c.observed_generation = Some(generation);
        }
        let pending = PendingStatus { status: st };
        if let Err(e) = self.state.save_pending(&pending) {
            tracing::warn!(error = %e, "could not keep the status on disk");
        }
        self.pending = Some(pending);
        self.push().await;
    }

    async fn report_invalid(&mut self) {
        let (Some(nc), Some(rejected)) = (&self.seen, &self.rejected) else {
            return;
        };
        let mut st = self
            .pending
            .as_ref()
            .map(|p| p.status.clone())
            .or_else(|| nc.status.clone())
            .unwrap_or_default();
        let previous = st.conditions.clone();
        let generation = nc.metadata.generation;
        let msg = rejected.condition_message();
        let reason = rejected.reason;
        st.conditions = status::merge(
            &previous,
            vec![
                Wanted::new(kind::READY, false, reason, msg.clone()),
                Wanted::new(kind::RECONCILING, false, reason, ""),
                Wanted::new(kind::STALLED, true, reason, msg.clone()),
            ],
            generation,
            &status::now_rfc3339(),
        );
        st.observed_generation = generation;
        let pending = PendingStatus { status: st };
        if let Err(e) = self.state.save_pending(&pending) {
            tracing::warn!(error = %e, "could not keep the status on disk");
        }
        self.pending = Some(pending);
        self.pending_events.push(Note {
            severity: Severity::Warning,
            reason,
            action: "Apply",
            message: msg,
        });
        self.push().await;
    }

    /// Gathers facts and writes them to the NodeFacts when they changed;
    /// false when they could not be written (retry later).
    pub async fn publish_facts(&mut self) -> bool {
        let gather = self.gather.clone();
        let root = self.options.root.clone();
        let Ok(mut facts) = tokio::task::spawn_blocking(move || gather(&root)).await else {
            tracing::error!("gathering facts crashed");
            return false;
        };
        // The facts Puppet's agent adds for its run; the compile sees them.
        let run = kuppet_facts::RunFacts {
            certname: self.options.node.clone(),
            noop: self.options.noop,
            environment: None,
        };
        kuppet_facts::add_run_facts(&mut facts, &run);
        let mut h = std::hash::DefaultHasher::new();
        serde_json::to_string(&facts)
            .unwrap_or_default()
            .hash(&mut h);
        let digest = h.finish();
        if self.facts_published == Some(digest) {
            return true;
        }
        let Some(client) = &self.client else {
            return false;
        };
        let api: Api<NodeFacts> = Api::all(client.clone());
        let body = serde_json::json!({
            "apiVersion": NodeFacts::api_version(&()),
            "kind": NodeFacts::kind(&()),
            "metadata": {"name": self.options.node},
            "spec": {"facts": facts, "agentVersion": VERSION, "sealKey": self.seal_key.public_base64()},
        });
        match api
            .patch(
                &self.options.node,
                &PatchParams::apply(AGENT_MANAGER).force(),
                &Patch::Apply(body),
            )
            .await
        {
            Ok(_) => {
                self.facts_published = Some(digest);
                tracing::info!(facts = facts.len(), "published NodeFacts");
                true
            }
            Err(err) => {
                tracing::warn!(error = %err, "could not write NodeFacts; retrying later");
                false
            }
        }
    }

    /// Whether the facts were written since the agent started.
    pub fn facts_published(&self) -> bool {
        self.facts_published.is_some()
    }

    /// The catalog's content listed by checksum: each file from the cache
    /// or the controller, or why not (only the resources that need it fail).
    async fn fetch_content(
        &self,
        content: &[crate::k8s::crd::ContentRef],
    ) -> Vec<(
        crate::k8s::crd::ContentRef,
        Result<PathBuf, fetch::FetchError>,
    )> {
        let mut out = Vec::with_capacity(content.len());
        for r in content {
            let got = match &self.options.content {
                Some(fetcher) => fetcher.fetch(r).await,
                None => Err(fetch::FetchError::NoEndpoint {
                    path: r.path.clone(),
                    sha256: r.sha256.clone(),
                }),
            };
            out.push((r.clone(), got));
        }
        if let Some(fetcher) = &self.options.content
            && out.iter().all(|(_, r)| r.is_ok())
        {
            fetcher.prune(content);
        }
        out
    }

    /// Applies the held catalog once and reports; None when there is none.
    pub async fn run_once(&mut self) -> Option<(Outcome, bool)> {
        self.publish_facts().await;
        let cached = self.current.clone()?;
        let noop = self.options.noop || cached.noop;
        // puppet:///modules/ sources: from the files the catalog carries,
        // and those it lists by checksum, fetched first.
        let fetched = self.fetch_content(&cached.content).await;
        let served = cached
            .files
            .as_deref()
            .map(|encoded| files::server(encoded, &fetched))
            .transpose();
        let file_server = match served {
            Ok(server) => server,
            Err(e) => {
                tracing::warn!(error = %e, "the catalog's files cannot be served; puppet:/// sources will fail");
                None
            }
        };
        let options = ApplyOptions {
            noop,
            root: self.options.root.clone(),
            file_server,
            ..Default::default()
        };
        let started = status::now_rfc3339();
        let clock = Instant::now();
        let state = self.state.clone();
        let apply = self.apply.clone();
        // Opened for this run only: the NodeCatalog and the cache keep envelopes.
        let opened = unsealed(&cached.catalog, &self.seal_key);
        tracing::info!(digest = %cached.digest, noop, from_cache = self.from_cache, "applying catalog");
        let result = tokio::task::spawn_blocking(move || {
            let _lock = match state.lock() {
                Ok(l) => l,
                Err(e) => return RunResult::CouldNotRun(e.to_string()),
            };
            let catalog = match opened {
                Ok(c) => c,
                Err(e) => return RunResult::CouldNotRun(e.to_string()),
            };
            match apply(&catalog, &options) {
                Ok(report) => RunResult::Ran(summary::summarize(&report, &catalog)),
                Err(e) => RunResult::CouldNotRun(e),
            }
        })
        .await
        .unwrap_or_else(|e| RunResult::CouldNotRun(format!("the run crashed: {e}")));
        let duration = clock.elapsed();

        let (outcome, changed) = match &result {
            RunResult::Ran(s) => (s.outcome, s.counts.changed > 0),
            RunResult::CouldNotRun(_) => (Outcome::Failed, false),
        };
        self.count_run(&result, duration);
        let previous = self
            .pending
            .as_ref()
            .map(|p| p.status.conditions.clone())
            .or_else(|| {
                self.seen
                    .as_ref()
                    .and_then(|s| s.status.as_ref())
                    .map(|s| s.conditions.clone())
            })
            .unwrap_or_default();
        let info = RunInfo {
            started: &started,
            duration,
            catalog: &cached,
            noop,
            from_cache: self.from_cache,
            rejected: self.rejected.as_ref(),
        };
        let st = run_status(&previous, &info, &result, &status::now_rfc3339());
        match &result {
            RunResult::Ran(s) => tracing::info!(
                outcome = outcome.as_str(),
                changed = s.counts.changed,
                failed = s.counts.failed,
                skipped = s.counts.skipped,
                seconds = duration.as_secs_f64(),
                "run finished"
            ),
            RunResult::CouldNotRun(e) => tracing::error!(error = %e, "run could not start"),
        }
        let pending = PendingStatus { status: st };
        if let Err(e) = self.state.save_pending(&pending) {
            tracing::warn!(error = %e, "could not keep the run's status on disk");
        }
        self.pending = Some(pending);
        self.pending_events.extend(run_events(&result));
        let keep = 5 * MAX_EVENTS;
        if self.pending_events.len() > keep {
            let drop = self.pending_events.len() - keep;
            self.pending_events.drain(..drop);
        }
        self.push().await;
        Some((outcome, changed))
    }

    fn count_run(&self, result: &RunResult, duration: Duration) {
        let m = &self.metrics;
        m.run_seconds.observe(duration.as_secs_f64());
        m.last_run_timestamp.set(
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map(|d| d.as_secs() as i64)
                .unwrap_or(0),
        );
        match result {
            RunResult::CouldNotRun(_) => m.runs_failed.inc(),
            RunResult::Ran(s) => {
                m.last_run_failed.set(s.counts.failed);
                match s.outcome {
                    Outcome::Failed => m.runs_failed.inc(),
                    Outcome::Drifted => m.runs_drifted.inc(),
                    Outcome::Changed => m.runs_changed.inc(),
                    Outcome::Unchanged => m.runs_unchanged.inc(),
                }
            }
        }
    }

    /// Writes the pending status (and Events); true when nothing is left pending.
    pub async fn push(&mut self) -> bool {
        let Some(client) = self.client.clone() else {
            return self.pending.is_none();
        };
        if let Some(pending) = &self.pending {
            let api: Api<NodeCatalog> = Api::all(client);
            let body = serde_json::json!({
                "apiVersion": NodeCatalog::api_version(&()),
                "kind": NodeCatalog::kind(&()),
                "metadata": {"name": self.options.node},
                "status": pending.status,
            });
            match api
                .patch_status(
                    &self.options.node,
                    &PatchParams::apply(AGENT_MANAGER).force(),
                    &Patch::Apply(body),
                )
                .await
            {
                Ok(nc) => {
                    self.seen = Some(nc);
                    self.pending = None;
                    if let Err(e) = self.state.clear_pending() {
                        tracing::warn!(error = %e, "could not clear the reported status on disk");
                    }
                }
                Err(kube::Error::Api(e)) if e.code == 404 => {
                    tracing::warn!("the NodeCatalog is gone; dropping the run's status");
                    self.pending = None;
                    self.pending_events.clear();
                    let _ = self.state.clear_pending();
                    return true;
                }
                Err(err) => {
                    self.metrics.status_write_errors.inc();
                    tracing::warn!(error = %err, "could not write the NodeCatalog status; will retry");
                    return false;
                }
            }
        }
        if let (Some(events), Some(nc)) = (&self.events, &self.seen) {
            let reference = nc.object_ref(&());
            while let Some(note) = self.pending_events.first() {
                if let Err(err) = events.publish(&reference, note).await {
                    tracing::warn!(error = %err, "could not publish an Event; will retry");
                    return false;
                }
                self.pending_events.remove(0);
            }
        }
        true
    }

    fn endpoint(&self) -> http::Handler {
        let metrics = self.metrics.clone();
        Arc::new(move |path: &str| match path {
            "/metrics" => Response::metrics(metrics.render()),
            "/healthz" | "/livez" | "/readyz" => Response::text(200, "ok\n"),
            _ => Response::text(404, "not found: try /metrics or /healthz\n"),
        })
    }
}

/// Messages from the watch task.
enum WatchMsg {
    Catalog(Box<NodeCatalog>),
    Deleted,
    /// A (re)list finished: the API server is reachable.
    Connected,
    /// The watch failed: the API server is away (until `Connected`).
    Disconnected,
}

/// Watches this node's NodeCatalog only (a field selector on its name).
fn watch_own_catalog(
    client: Client,
    node: String,
    tx: mpsc::Sender<WatchMsg>,
) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        let api: Api<NodeCatalog> = Api::all(client);
        let config = watcher::Config::default().fields(&format!("metadata.name={node}"));
        let mut stream = std::pin::pin!(watcher(api, config).default_backoff());
        let mut connected = true;
        while let Some(event) = stream.next().await {
            let msg = match event {
                Ok(watcher::Event::Apply(nc)) | Ok(watcher::Event::InitApply(nc)) => {
                    WatchMsg::Catalog(Box::new(nc))
                }
                Ok(watcher::Event::Delete(_)) => WatchMsg::Deleted,
                Ok(watcher::Event::InitDone) => {
                    connected = true;
                    WatchMsg::Connected
                }
                Ok(watcher::Event::Init) => continue,
                Err(err) => {
                    tracing::warn!(error = %err, "NodeCatalog watch failed; enforcing the cached catalog and retrying");
                    if !connected {
                        continue;
                    }
                    connected = false;
                    WatchMsg::Disconnected
                }
            };
            if tx.send(msg).await.is_err() {
                return;
            }
        }
    })
}

/// Runs the agent until SIGTERM (or, with `once`, for one run). Returns the exit code.
pub async fn run(client: Option<Client>, options: AgentOptions) -> Result<u8, AgentError> {
    let mut agent = Agent::new(
        client.clone(),
        options.clone(),
        transaction_apply(),
        Arc::new(kuppet_facts::gather),
    )?;
    if let Some(addr) = options.metrics_addr {
        let listener = tokio::net::TcpListener::bind(addr)
            .await
            .map_err(|source| AgentError::Listen { addr, source })?;
        tokio::spawn(http::serve(listener, agent.endpoint()));
    }
    if options.once {
        return run_single(agent, client).await;
    }
    let (tx, mut rx) = mpsc::channel(16);
    let watch = client.map(|c| watch_own_catalog(c, options.node.clone(), tx));
    let mut shutdown = std::pin::pin!(super::shutdown_signal());
    let started = Instant::now();
    // Before the first run: wait for the API server, or apply the cache after a grace period.
    let mut next_run: Option<Instant> = agent.current().map(|_| started + STARTUP_GRACE);
    let mut first_run_done = false;
    let mut report_backoff = Duration::from_secs(5);
    let mut next_report: Option<Instant> = agent.has_pending().then(Instant::now);
    // Facts first: the controller compiles nothing for a node without them.
    let mut next_facts: Option<Instant> = Some(Instant::now());
    let mut facts_backoff = Duration::from_secs(5);
    tracing::info!(node = %options.node, interval_seconds = options.run_interval.as_secs(), cached = agent.current().is_some(), "agent started");
    loop {
        let run_at = next_run.map(tokio::time::Instant::from_std);
        let report_at = next_report.map(tokio::time::Instant::from_std);
        let facts_at = next_facts.map(tokio::time::Instant::from_std);
        let mut run_now = false;
        tokio::select! {
            msg = rx.recv() => match msg {
                Some(WatchMsg::Catalog(nc)) => {
                    let is_new = agent.on_catalog(*nc).await;
                    run_now = is_new || !first_run_done;
                    if agent.has_pending() {
                        next_report = Some(Instant::now());
                    }
                }
                Some(WatchMsg::Connected) => {
                    agent.from_cache = false;
                    if agent.has_pending() {
                        next_report = Some(Instant::now());
                    }
                }
                Some(WatchMsg::Disconnected) => agent.from_cache = true,
                Some(WatchMsg::Deleted) => tracing::warn!("the NodeCatalog was deleted; enforcing the cached catalog until the controller writes it again"),
                None => tracing::warn!("the watch stopped"),
            },
            _ = sleep_until(run_at) => run_now = true,
            _ = sleep_until(report_at) => {
                if agent.push().await {
                    next_report = None;
                    report_backoff = Duration::from_secs(5);
                } else {
                    next_report = Some(Instant::now() + report_backoff);
                    report_backoff = (report_backoff * 2).min(MAX_REPORT_BACKOFF);
                }
            }
            _ = sleep_until(facts_at) => {
                if agent.publish_facts().await {
                    next_facts = None;
                    facts_backoff = Duration::from_secs(5);
                } else {
                    next_facts = Some(Instant::now() + facts_backoff);
                    facts_backoff = (facts_backoff * 2).min(MAX_REPORT_BACKOFF);
                }
            }
            _ = &mut shutdown => {
                tracing::info!("shutting down");
                break;
            }
        }
        if run_now && agent.current().is_some() {
            agent.run_once().await;
            first_run_done = true;
            if !agent.facts_published() && next_facts.is_none() {
                next_facts = Some(Instant::now() + facts_backoff);
            }
            let wait = next_wait(
                options.run_interval,
                options.splay_limit,
                agent.next_random(),
            );
            next_run = Some(Instant::now() + wait);
            if agent.has_pending() && next_report.is_none() {
                next_report = Some(Instant::now() + report_backoff);
            }
        }
    }
    if let Some(w) = watch {
        w.abort();
    }
    Ok(0)
}

async fn sleep_until(at: Option<tokio::time::Instant>) {
    match at {
        Some(at) => tokio::time::sleep_until(at).await,
        None => std::future::pending().await,
    }
}

/// `--once`: read the NodeCatalog (or fall back to the cache), run, report, exit.
async fn run_single(mut agent: Agent, client: Option<Client>) -> Result<u8, AgentError> {
    if let Some(client) = client {
        let api: Api<NodeCatalog> = Api::all(client);
        let node = agent.options.node.clone();
        match tokio::time::timeout(STARTUP_GRACE, api.get_opt(&node)).await {
            Ok(Ok(Some(nc))) => {
                agent.on_catalog(nc).await;
            }
            Ok(Ok(None)) => tracing::warn!(%node, "no NodeCatalog for this node yet"),
            Ok(Err(err)) => {
                tracing::warn!(error = %err, "could not read the NodeCatalog; using the cache")
            }
            Err(_) => tracing::warn!("the API server did not answer; using the cache"),
        }
    }
    let Some((outcome, changed)) = agent.run_once().await else {
        return Err(AgentError::NoCatalog {
            node: agent.options.node.clone(),
            dir: agent.state.path().display().to_string(),
        });
    };
    Ok(outcome.exit_code(changed))
}

#[cfg(test)]
mod tests;
