//! `kuppet controller`: compiles Manifests into one NodeCatalog per Node.
//!
//! A kube-runtime `Controller` over Nodes does the per-node work: for each
//! Node it takes its NodeFacts and every Manifest, compiles (bounded
//! parallelism, off the async threads), and writes the NodeCatalog spec with
//! server-side apply only when the digest changed. Triggers: the Node itself,
//! its NodeFacts and NodeCatalog (by name), and any Manifest generation change
//! (every node, since classes are global). A second loop keeps each
//! Manifest's kstatus status current. Both run only on the replica holding the
//! leader Lease. The decisions live in [`plan`]; this file does the I/O.

pub mod cache;
pub mod code;
mod code_poll;
pub mod compile;
pub mod files;
pub mod grant;
pub mod plan;
pub mod secrets;
pub mod writer;

use code_poll::poll_code;
pub(crate) use code_poll::{flux_artifact, pull_credentials};

#[cfg(test)]
pub(crate) mod fixtures;
#[cfg(test)]
mod scenarios;

use super::CONTROLLER_MANAGER;
use super::crd::{
    Manifest, ManifestGrant, ManifestStatus, NodeCatalog, NodeCatalogSpec, NodeFacts,
};
use super::events::{Note, Publisher, Severity};
use super::http::{self, Response};
use super::leader::{Elector, LeaseConfig, LeaseLost};
use super::metrics::ControllerMetrics;
use super::sources::Environments;
use super::status::{self, kind};
use futures::channel::mpsc;
use futures::{Stream, StreamExt};
use grant::Grants;
use k8s_openapi::api::core::v1::Node;
use kube::api::{Api, Patch, PatchParams};
use kube::runtime::controller::{Action, Config as ControllerConfig, Controller};
use kube::runtime::reflector::{self, ObjectRef, Store};
use kube::runtime::{WatchStreamExt, watcher};
use kube::{Client, Resource, ResourceExt};
use plan::{Plan, Planner, StatusInputs};
use std::collections::{HashMap, HashSet};
use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::{Notify, Semaphore, watch};

/// How often every node is reconciled even when nothing changed.
const RESYNC: Duration = Duration::from_secs(3600);
/// How often Manifest statuses are recomputed even when nothing changed.
const STATUS_RESYNC: Duration = Duration::from_secs(60);
/// Changes arriving within this window are folded into one status pass.
const STATUS_DEBOUNCE: Duration = Duration::from_millis(200);
/// Compile reuse keeps the catalogs of this many versions of the code
/// (sets of Manifests and environments) used last ...
const REUSE_CODE_VERSIONS: usize = 8;
/// ... and at most this many catalogs in all (one per distinct input; a
/// fleet of a few roles needs a few per version).
const REUSE_CATALOGS: usize = 64;

/// How the controller runs.
#[derive(Debug, Clone)]
pub struct ControllerOptions {
    /// The compile workers and budgets (`compile_workers.workers`: compiles
    /// running at once).
    pub compile: compile::CompileSettings,
    /// Where to serve `/metrics`, `/healthz` and `/readyz` (none: not served).
    pub metrics_addr: Option<SocketAddr>,
    /// The Lease to hold (none: run without leader election).
    pub leader_election: Option<LeaseConfig>,
    /// This replica's name, in Events.
    pub instance: String,
    /// Where environments from OCI artifacts are unpacked (created at
    /// start; the compile workers may read it).
    pub artifact_cache: std::path::PathBuf,
    /// The content endpoint (none: every file travels inline).
    pub content: Option<ContentOptions>,
    /// How fast, and how many at once, the controller writes to the API server.
    pub writes: writer::WriteLimits,
}

/// The HTTPS endpoint agents fetch large files from by checksum.
#[derive(Debug, Clone)]
pub struct ContentOptions {
    pub addr: SocketAddr,
    pub tls_cert: std::path::PathBuf,
    pub tls_key: std::path::PathBuf,
    /// The largest file served.
    pub max_file_bytes: u64,
    /// `system:serviceaccount:NS:NAME` of the agents (none: any
    /// ServiceAccount with a node-bound token).
    pub agent_user: Option<String>,
    /// The audience of the agents' tokens (none: the API server's).
    pub token_audience: Option<String>,
}

/// Why the controller stopped.
#[derive(Debug, thiserror::Error)]
pub enum ControllerError {
    #[error("could not listen on {addr} for /metrics and probes: {source}")]
    Listen {
        addr: SocketAddr,
        #[source]
        source: std::io::Error,
    },
    #[error("{0}: check --compile-worker-bin and the controller's image")]
    Workers(kuppet_worker::pool::PoolError),
    #[error(
        "could not create the artifact cache {dir}: {source}; pass --artifact-cache DIR with a writable directory"
    )]
    ArtifactCache {
        dir: String,
        #[source]
        source: std::io::Error,
    },
    #[error("could not listen on {addr} for content: {source}")]
    ContentListen {
        addr: SocketAddr,
        #[source]
        source: std::io::Error,
    },
    #[error("the content endpoint's TLS: {0}")]
    ContentTls(#[from] crate::k8s::content::TlsError),
    #[error("stopped leading: {0}")]
    LeaseLost(#[from] LeaseLost),
    #[error("the controller loop ended unexpectedly")]
    Ended,
}

/// Why one node's reconcile failed (it is retried with backoff).
#[derive(Debug, thiserror::Error)]
pub enum ReconcileError {
    #[error("could not write NodeCatalog {node}: {source}")]
    WriteCatalog {
        node: String,
        #[source]
        source: kube::Error,
    },
    #[error("could not make Node {node} the owner of its NodeFacts: {source}")]
    OwnFacts {
        node: String,
        #[source]
        source: kube::Error,
    },
    #[error("the compile of node {node} crashed: {message}")]
    Crashed { node: String, message: String },
    #[error("no compile worker for node {node}: {message}")]
    Workers { node: String, message: String },
    #[error("the watch caches were dropped before they filled")]
    StoresGone,
}

/// The caches the controller reads instead of the API server.
#[derive(Clone)]
pub struct Stores {
    pub nodes: Store<Node>,
    pub manifests: Store<Manifest>,
    pub facts: Store<NodeFacts>,
    pub catalogs: Store<NodeCatalog>,
    pub grants: Store<ManifestGrant>,
    /// `true` once every cache has been filled (set by [`CacheFill`]).
    filled: watch::Receiver<bool>,
}

impl Stores {
    /// The stores, and the one future that waits for them to fill.
    /// `nodes_filled` turns `true` once the Node store has been filled
    /// (its watch stream's first `InitDone`): the node controller's runner
    /// is the only one to wait on that store's own readiness.
    pub fn new(
        nodes: Store<Node>,
        manifests: Store<Manifest>,
        facts: Store<NodeFacts>,
        catalogs: Store<NodeCatalog>,
        grants: Store<ManifestGrant>,
        nodes_filled: watch::Receiver<bool>,
    ) -> (Stores, CacheFill) {
        let (tx, filled) = watch::channel(false);
        let stores = Stores {
            nodes,
            manifests,
            facts,
            catalogs,
            grants,
            filled,
        };
        let fill = CacheFill {
            stores: stores.clone(),
            nodes_filled,
            tx,
        };
        (stores, fill)
    }

    /// Waits until every cache has been filled once: compiling before would
    /// miss Manifests and write wrong catalogs. Any number of tasks may
    /// wait here at once; [`CacheFill::wait`] must run for it to end.
    pub async fn ready(&self) -> Result<(), ReconcileError> {
        until_true(&mut self.filled.clone()).await
    }
}

/// Waits until the flag is `true`; its sender gone first: the stores are.
async fn until_true(flag: &mut watch::Receiver<bool>) -> Result<(), ReconcileError> {
    flag.wait_for(|f| *f)
        .await
        .map(|_| ())
        .map_err(|_| ReconcileError::StoresGone)
}

/// The single waiter on the stores' own readiness, which tells every
/// [`Stores::ready`] caller. A store's readiness (kube's
/// `Store::wait_until_ready`) wakes only the future that polled it last:
/// reconciles that waited on it directly, each with its own waker, stayed
/// asleep for good once another future polled after them, so that every
/// slot of the node controller held one and no node was compiled again.
/// So each store's readiness has one waiter: this, or for the Node store
/// the node controller's runner (this watches the Node stream instead).
pub struct CacheFill {
    stores: Stores,
    nodes_filled: watch::Receiver<bool>,
    tx: watch::Sender<bool>,
}

impl CacheFill {
    /// Waits until every cache has been filled once, then wakes every
    /// [`Stores::ready`] caller.
    pub async fn wait(mut self) -> Result<(), ReconcileError> {
        let s = &self.stores;
        let nodes = until_true(&mut self.nodes_filled);
        let others = async {
            futures::try_join!(
                s.manifests.wait_until_ready(),
                s.facts.wait_until_ready(),
                s.catalogs.wait_until_ready(),
                s.grants.wait_until_ready(),
            )
            .map_err(|_| ReconcileError::StoresGone)
        };
        futures::try_join!(nodes, others)?;
        self.tx.send_replace(true);
        Ok(())
    }
}

/// Probe state shared with the HTTP endpoint.
#[derive(Debug, Default)]
pub struct Health {
    /// This replica holds the Lease (or runs without election).
    pub leading: AtomicBool,
    /// The leader's caches are filled.
    pub synced: AtomicBool,
}

/// Everything a reconcile needs.
pub struct Context {
    client: Client,
    planner: Arc<Planner>,
    stores: Stores,
    metrics: Arc<ControllerMetrics>,
    events: Publisher,
    /// Signalled when a Manifest's status may have changed.
    status_dirty: Notify,
    compile_slots: Semaphore,
    /// Every write to the API server passes it: bounded, rate-limited,
    /// changed catalogs first.
    gate: writer::WriteGate,
    failures: Mutex<HashMap<String, u32>>,
    /// The spec last written per node, until the watch brings the next event
    /// about that NodeCatalog: until then the cache, not the NodeCatalog, is
    /// stale, and writing the same spec again is waste.
    written: Mutex<HashMap<String, cache::CatalogId>>,
    /// Where the status pass asks for Nodes to be reconciled (a rollout
    /// reached them or put them back); none in tests.
    node_queue: Mutex<Option<mpsc::UnboundedSender<ObjectRef<Node>>>>,
    /// When the status pass must run again although nothing changed (a
    /// rollout's timed pause ends).
    wake_at: Mutex<Option<std::time::Instant>>,
}

impl Context {
    pub fn new(
        client: Client,
        planner: Arc<Planner>,
        stores: Stores,
        metrics: Arc<ControllerMetrics>,
        instance: &str,
        compile_workers: usize,
    ) -> Context {
        Context {
            events: Publisher::new(client.clone(), "kuppet.dev/controller", instance),
            client,
            planner,
            stores,
            metrics: metrics.clone(),
            status_dirty: Notify::new(),
            compile_slots: Semaphore::new(compile_workers.max(1)),
            gate: writer::WriteGate::new(writer::WriteLimits::default()).with_metrics(metrics),
            failures: Mutex::default(),
            written: Mutex::default(),
            node_queue: Mutex::default(),
            wake_at: Mutex::default(),
        }
    }

    /// Writes at most this fast and this many at once.
    pub fn with_write_limits(mut self, limits: writer::WriteLimits) -> Context {
        self.gate = writer::WriteGate::new(limits).with_metrics(self.metrics.clone());
        self
    }

    /// Sets where Nodes to reconcile are sent.
    pub fn set_node_queue(&self, tx: mpsc::UnboundedSender<ObjectRef<Node>>) {
        if let Ok(mut q) = self.node_queue.lock() {
            *q = Some(tx);
        }
    }

    /// Asks for these Nodes to be reconciled.
    fn requeue_nodes(&self, names: &[String]) {
        if let Ok(q) = self.node_queue.lock()
            && let Some(tx) = q.as_ref()
        {
            for n in names {
                let _ = tx.unbounded_send(ObjectRef::new(n));
            }
        }
    }

    /// How long the status loop may sleep.
    fn status_sleep(&self) -> Duration {
        let at = self.wake_at.lock().ok().and_then(|w| *w);
        at.map_or(STATUS_RESYNC, |at| {
            at.saturating_duration_since(std::time::Instant::now())
                .clamp(Duration::from_millis(100), STATUS_RESYNC)
        })
    }

    /// Takes in a NodeCatalog watch event; returns the node to reconcile when
    /// the event is not just our own write (or an agent's status) coming back.
    pub fn catalog_event(&self, event: &watcher::Event<NodeCatalog>) -> Option<String> {
        let (c, deleted) = match event {
            watcher::Event::Apply(c) => (c, false),
            watcher::Event::Delete(c) => (c, true),
            _ => return None,
        };
        let name = c.name_any();
        if let Ok(mut w) = self.written.lock() {
            w.remove(&name);
        }
        let ours = self.planner.expected_digest(&name).as_deref() == Some(c.spec.digest.as_str());
        (deleted || !ours).then_some(name)
    }
}

/// Reconciles one Node: compile its catalog and write it if its digest changed.
pub async fn reconcile_node(node: Arc<Node>, ctx: Arc<Context>) -> Result<Action, ReconcileError> {
    ctx.stores.ready().await?;
    let facts = ctx.stores.facts.get(&ObjectRef::new(&node.name_any()));
    let action = reconcile_catalog(&node, &ctx, facts.clone()).await;
    // The NodeFacts' owner after the catalog (and behind every catalog
    // write): a new fleet gets its catalogs first.
    if let Some(f) = &facts {
        ensure_facts_owned(&ctx, &node, f).await?;
    }
    action
}

/// Compiles one Node's catalog and writes it if it changed.
async fn reconcile_catalog(
    node: &Arc<Node>,
    ctx: &Context,
    facts: Option<Arc<NodeFacts>>,
) -> Result<Action, ReconcileError> {
    let name = node.name_any();
    let manifests = ctx.stores.manifests.state();
    let current = ctx.stores.catalogs.get(&ObjectRef::new(&name));
    let current_digest = current.as_ref().map(|c| c.spec.digest.clone());
    let grants = Grants::new(ctx.stores.grants.state());

    ctx.metrics.queue_depth.add(1);
    let permit = ctx.compile_slots.acquire().await;
    ctx.metrics.queue_depth.add(-1);
    let planner = ctx.planner.clone();
    let for_plan = node.clone();
    let plan = tokio::task::spawn_blocking(move || {
        planner.plan_granted(
            &for_plan,
            facts.as_deref(),
            &manifests,
            &grants,
            current.as_deref(),
        )
    })
    .await
    .map_err(|e| ReconcileError::Crashed {
        node: name.clone(),
        message: e.to_string(),
    })?;
    drop(permit);

    match plan {
        Plan::Write(spec) => {
            let id = cache::CatalogId::of(&spec);
            // The object may have received this spec while the compile ran
            // (the watch bringing an earlier write of it): the plan read an
            // older one.
            let held = ctx
                .stores
                .catalogs
                .get(&ObjectRef::new(&name))
                .is_some_and(|c| id.held_by(&c));
            let already = held || ctx.written.lock().is_ok_and(|w| w.get(&name) == Some(&id));
            if !already {
                // A new catalog goes before one that only records new
                // Manifest generations.
                let priority = if current_digest.as_deref() == Some(spec.digest.as_str()) {
                    writer::Priority::Refresh
                } else {
                    writer::Priority::Changed
                };
                match ctx
                    .gate
                    .admit(&format!("NodeCatalog/{name}"), priority)
                    .await
                {
                    writer::Admission::Go(_permit) => {
                        write_catalog(ctx, node, &spec).await?;
                        tracing::debug!(node = %name, digest = %spec.digest, "wrote NodeCatalog");
                        if let Ok(mut w) = ctx.written.lock() {
                            w.insert(name.clone(), id);
                        }
                    }
                    writer::Admission::Superseded => {
                        tracing::debug!(node = %name, "a later write of this NodeCatalog took this one's place");
                    }
                }
            }
        }
        Plan::Failed {
            message,
            blamed,
            reason,
            retry_after,
        } => {
            let blamed: Vec<String> = blamed.iter().map(|(ns, n)| format!("{ns}/{n}")).collect();
            tracing::warn!(node = %name, error = %message, reason, manifests = ?blamed, "compile failed; the node keeps its last catalog");
            if let Some(wait) = retry_after {
                if let Ok(mut f) = ctx.failures.lock() {
                    f.remove(&name);
                }
                ctx.status_dirty.notify_one();
                return Ok(Action::requeue(wait.max(Duration::from_secs(1))));
            }
        }
        Plan::Unavailable(message) => {
            return Err(ReconcileError::Workers {
                node: name,
                message,
            });
        }
        Plan::WaitForFacts => {
            tracing::debug!(node = %name, "no NodeFacts yet: waiting for its agent")
        }
        Plan::Unchanged => {}
    }
    if let Ok(mut f) = ctx.failures.lock() {
        f.remove(&name);
    }
    ctx.status_dirty.notify_one();
    // A catalog that reads Secrets is compiled again soon to pick up their changes.
    let next = ctx
        .planner
        .secret_refresh(&name)
        .map_or(RESYNC, |wait| wait.max(Duration::from_secs(1)).min(RESYNC));
    Ok(Action::requeue(next))
}

/// Requeues a failed reconcile with exponential backoff (5 s up to 5 min).
pub fn error_policy(node: Arc<Node>, err: &ReconcileError, ctx: Arc<Context>) -> Action {
    ctx.metrics.reconcile_errors.inc();
    let name = node.name_any();
    let attempts = ctx
        .failures
        .lock()
        .map(|mut f| {
            let n = f.entry(name.clone()).or_insert(0);
            *n += 1;
            *n
        })
        .unwrap_or(1);
    let delay = backoff(attempts);
    tracing::warn!(node = %name, error = %err, retry_in_seconds = delay.as_secs(), "reconcile failed");
    Action::requeue(delay)
}

/// The wait before retry number `attempts` (1-based).
fn backoff(attempts: u32) -> Duration {
    let secs = 5u64.saturating_mul(1u64 << attempts.saturating_sub(1).min(10));
    Duration::from_secs(secs.min(300))
}

/// The ownerReference that makes a Node own its kuppet objects, so they are
/// garbage-collected with it.
fn node_owner(node: &Node) -> serde_json::Value {
    serde_json::json!({
        "apiVersion": "v1",
        "kind": "Node",
        "name": node.name_any(),
        "uid": node.uid().unwrap_or_default(),
    })
}

/// The server-side apply body of a node's NodeCatalog.
pub fn catalog_patch(node: &Node, spec: &NodeCatalogSpec) -> serde_json::Value {
    serde_json::json!({
        "apiVersion": NodeCatalog::api_version(&()),
        "kind": NodeCatalog::kind(&()),
        "metadata": {
            "name": node.name_any(),
            "labels": {"app.kubernetes.io/managed-by": "kuppet"},
            "ownerReferences": [node_owner(node)],
        },
        "spec": spec,
    })
}

async fn write_catalog(
    ctx: &Context,
    node: &Node,
    spec: &NodeCatalogSpec,
) -> Result<(), ReconcileError> {
    let name = node.name_any();
    let api: Api<NodeCatalog> = Api::all(ctx.client.clone());
    api.patch(
        &name,
        &PatchParams::apply(CONTROLLER_MANAGER).force(),
        &Patch::Apply(catalog_patch(node, spec)),
    )
    .await
    .map_err(|source| ReconcileError::WriteCatalog { node: name, source })?;
    ctx.metrics.catalog_writes.inc();
    Ok(())
}

/// Adds the Node as owner of its NodeFacts (the agent cannot: it may not read Nodes).
async fn ensure_facts_owned(
    ctx: &Context,
    node: &Node,
    facts: &NodeFacts,
) -> Result<(), ReconcileError> {
    let uid = node.uid().unwrap_or_default();
    if facts.owner_references().iter().any(|o| o.uid == uid) {
        return Ok(());
    }
    let name = node.name_any();
    let patch = serde_json::json!({
        "apiVersion": NodeFacts::api_version(&()),
        "kind": NodeFacts::kind(&()),
        "metadata": {"name": name, "ownerReferences": [node_owner(node)]},
    });
    let writer::Admission::Go(_permit) = ctx
        .gate
        .admit(&format!("NodeFacts/{name}"), writer::Priority::Refresh)
        .await
    else {
        return Ok(());
    };
    let api: Api<NodeFacts> = Api::all(ctx.client.clone());
    api.patch(
        &name,
        &PatchParams::apply(CONTROLLER_MANAGER).force(),
        &Patch::Apply(patch),
    )
    .await
    .map(|_| ())
    .map_err(|source| ReconcileError::OwnFacts { node: name, source })
}

/// Computes every Manifest's status and writes those that changed.
pub async fn sync_manifest_statuses(ctx: &Context) {
    let nodes = ctx.stores.nodes.state();
    ctx.metrics.nodes.set(nodes.len() as i64);
    let node_names: HashSet<String> = nodes.iter().map(|n| n.name_any()).collect();
    ctx.planner.retain_nodes(&node_names);
    let manifests = ctx.stores.manifests.state();
    ctx.planner
        .parses
        .retain(&manifests.iter().filter_map(|m| m.uid()).collect());
    ctx.planner.retain_rollouts(
        &manifests
            .iter()
            .map(|m| (m.namespace().unwrap_or_default(), m.name_any()))
            .collect(),
    );
    ctx.planner.retain_code(
        &manifests
            .iter()
            .filter(|m| m.spec.code.is_some())
            .map(|m| (m.namespace().unwrap_or_default(), m.name_any()))
            .collect(),
    );
    let with_facts: HashSet<String> = ctx
        .stores
        .facts
        .state()
        .iter()
        .map(|f| f.name_any())
        .collect();
    let catalogs: HashMap<String, Arc<NodeCatalog>> = ctx
        .stores
        .catalogs
        .state()
        .into_iter()
        .map(|c| (c.name_any(), c))
        .collect();
    let grants = Grants::new(ctx.stores.grants.state());
    let planner = ctx.planner.clone();
    let computed = tokio::task::spawn_blocking(move || {
        let outcomes = planner.outcomes();
        let now = status::now_rfc3339();
        let mut requeue: Vec<String> = Vec::new();
        let mut wake: Option<Duration> = None;
        let computed = manifests
            .into_iter()
            .map(|m| {
                let parsed = planner.parsed(&m);
                let (targets, ungranted) = plan::granted_targets(&m, &nodes, &with_facts, &grants);
                let code = planner.code_state(&(m.namespace().unwrap_or_default(), m.name_any()));
                let mut st = plan::manifest_status(&StatusInputs {
                    manifest: &m,
                    code: code.as_ref(),
                    parsed: &parsed,
                    targets: &targets,
                    ungranted: &ungranted,
                    catalogs: &catalogs,
                    outcomes: &outcomes,
                    now: &now,
                });
                let step = rollout_step(
                    &planner, &m, &nodes, &targets, &catalogs, &outcomes, &mut st, &now,
                );
                if let Some(step) = step {
                    requeue.extend(step.requeue);
                    if let Some(w) = step.wake_after {
                        wake = Some(wake.map_or(w, |x: Duration| x.min(w)));
                    }
                }
                (m, st)
            })
            .collect::<Vec<_>>();
        (computed, requeue, wake)
    })
    .await;
    let Ok((computed, requeue, wake)) = computed else {
        tracing::error!("computing Manifest statuses crashed");
        return;
    };
    if let Ok(mut w) = ctx.wake_at.lock() {
        *w = wake.map(|d| std::time::Instant::now() + d + Duration::from_millis(200));
    }
    if !requeue.is_empty() {
        tracing::info!(
            nodes = requeue.len(),
            "rollout: reconciling the nodes it reached or put back"
        );
        ctx.requeue_nodes(&requeue);
    }
    for (m, st) in computed {
        if m.status.as_ref() == Some(&st) {
            continue;
        }
        write_manifest_status(ctx, &m, &st).await;
    }
}

/// What one rollout decision asks of the controller.
struct RolloutStep {
    /// Nodes whose admission changed: compile them again.
    requeue: Vec<String>,
    /// Decide again after this long (a timed pause ends).
    wake_after: Option<Duration>,
}

/// Decides the next step of a Manifest's rollout (if it has one), records
/// its gate and stable generation in the planner, and folds it into the
/// status. A Manifest without `spec.rollout` records its current
/// generation (with `spec.code`: its last revision that loaded) as stable:
/// a rollout added later starts from it. With `spec.code`, what rolls out
/// is each new revision of the artifact.
#[allow(clippy::too_many_arguments)]
fn rollout_step(
    planner: &Planner,
    m: &Manifest,
    nodes: &[Arc<Node>],
    targets: &[&str],
    catalogs: &HashMap<String, Arc<NodeCatalog>>,
    outcomes: &HashMap<String, plan::NodeOutcome>,
    st: &mut ManifestStatus,
    now: &str,
) -> Option<RolloutStep> {
    use plan::rollout;
    let generation = m.metadata.generation.unwrap_or(0);
    let key = (m.namespace().unwrap_or_default(), m.name_any());
    // With `spec.code`: the last revision that loaded (none yet: nothing
    // to roll out, the base status says why).
    let loaded = match m.spec.code {
        Some(_) => {
            let loaded = planner.code_state(&key).and_then(|c| c.loaded);
            if loaded.is_none() {
                // Not fetched yet (a restarted controller): the status keeps
                // the rollout it had, stable revision included.
                st.rollout = m.status.as_ref().and_then(|s| s.rollout.clone());
                return None;
            }
            loaded
        }
        None => None,
    };
    let record_stable = || match &loaded {
        Some(l) => planner.record_stable_code(m, l),
        None => {
            planner.record_stable(m, generation, &m.spec.source);
        }
    };
    let Some(spec) = &m.spec.rollout else {
        record_stable();
        return None;
    };
    let previous_conditions = m
        .status
        .as_ref()
        .map(|s| s.conditions.clone())
        .unwrap_or_default();
    let gate = planner.gate(&key);
    let target = rollout::target(m, gate.as_ref(), loaded.as_ref());
    let labels: HashMap<&str, &std::collections::BTreeMap<String, String>> = nodes
        .iter()
        .filter_map(|n| Some((n.metadata.name.as_deref()?, n.labels())))
        .collect();
    let empty = std::collections::BTreeMap::new();
    let rollout_nodes = targets
        .iter()
        .map(|name| rollout::RolloutNode {
            name,
            labels: labels.get(name).copied().unwrap_or(&empty),
            state: rollout::node_state(
                &key,
                &target,
                name,
                catalogs.get(*name).map(|c| c.as_ref()),
                outcomes.get(*name),
                gate.as_ref(),
            ),
        })
        .collect();
    // The last decision's status, from memory when it is of this generation.
    let remembered = gate
        .as_ref()
        .filter(|g| target.gate_is_for(g))
        .and_then(|g| g.status.clone());
    let previous = remembered.or_else(|| m.status.as_ref().and_then(|s| s.rollout.clone()));
    let annotations = m.annotations().clone();
    let decision = rollout::decide(&rollout::RolloutInputs {
        spec,
        generation: target.generation,
        digest: &target.digest,
        revision: target.revision.as_deref(),
        nodes: rollout_nodes,
        previous: previous.as_ref(),
        annotations: &annotations,
        now: rollout::parse_time(now).unwrap_or_default(),
    });
    let stable = || {
        if loaded.is_some() {
            None
        } else {
            planner.stable(m)
        }
    };
    let d = match decision {
        Err(e) => {
            let stable = stable();
            rollout::fold_status(
                st,
                &previous_conditions,
                Err(&e),
                stable.as_ref().map(|s| (s.generation, s.source.as_str())),
                now,
            );
            return None;
        }
        Ok(d) => d,
    };
    if d.phase == rollout::Phase::Complete && d.failed.is_empty() {
        record_stable();
    }
    let stable_source = stable();
    rollout::fold_status(
        st,
        &previous_conditions,
        Ok(&d),
        stable_source
            .as_ref()
            .map(|s| (s.generation, s.source.as_str())),
        now,
    );
    if let (Some(r), Some(_)) = (st.rollout.as_mut(), &loaded) {
        // With `spec.code`: the stable revision, or the one the status kept
        // (a restarted controller that could not load it again).
        match planner.stable_code(&key) {
            Some(s) => {
                r.stable_generation = Some(s.generation);
                r.stable_revision = Some(s.loaded.revision.clone());
                r.stable_digest = Some(s.loaded.digest.clone());
                r.stable_layer_digest = Some(s.loaded.layer_digest.clone());
            }
            None => {
                if let Some(kept) = m.status.as_ref().and_then(|s| s.rollout.as_ref()) {
                    r.stable_generation = kept.stable_generation;
                    r.stable_revision = kept.stable_revision.clone();
                    r.stable_digest = kept.stable_digest.clone();
                    r.stable_layer_digest = kept.stable_layer_digest.clone();
                }
            }
        }
    }
    if !d.newly_admitted.is_empty() {
        tracing::info!(manifest = %format!("{}/{}", key.0, key.1), generation, nodes = ?d.newly_admitted, "rollout reaches nodes");
    }
    let requeue = planner.set_gate(
        key,
        plan::Gate {
            generation: target.generation,
            digest: target.digest,
            admitted: d.admitted.iter().cloned().collect(),
            status: st.rollout.clone(),
        },
    );
    Some(RolloutStep {
        requeue,
        wake_after: d.wake_after,
    })
}

async fn write_manifest_status(ctx: &Context, m: &Manifest, st: &ManifestStatus) {
    let ns = m.namespace().unwrap_or_default();
    let name = m.name_any();
    let api: Api<Manifest> = Api::namespaced(ctx.client.clone(), &ns);
    let body = serde_json::json!({
        "apiVersion": Manifest::api_version(&()),
        "kind": Manifest::kind(&()),
        "metadata": {"name": name},
        "status": st,
    });
    let writer::Admission::Go(permit) = ctx
        .gate
        .admit(&format!("Manifest/{ns}/{name}"), writer::Priority::Changed)
        .await
    else {
        return;
    };
    let written = api
        .patch_status(
            &name,
            &PatchParams::apply(CONTROLLER_MANAGER).force(),
            &Patch::Apply(body),
        )
        .await;
    drop(permit);
    match written {
        Ok(_) => ctx.metrics.manifest_status_writes.inc(),
        Err(kube::Error::Api(e)) if e.code == 404 => return,
        Err(err) => {
            tracing::warn!(manifest = %format!("{ns}/{name}"), error = %err, "could not write Manifest status");
            return;
        }
    }
    let rollout_note = st.rollout.as_ref().and_then(|new| {
        plan::rollout::rollout_event(m.status.as_ref().and_then(|s| s.rollout.as_ref()), new)
    });
    for note in transition_event(m.status.as_ref(), st)
        .into_iter()
        .chain(rollout_note)
    {
        let reference = m.object_ref(&());
        if let Err(err) = ctx.events.publish(&reference, &note).await {
            tracing::warn!(manifest = %format!("{ns}/{name}"), error = %err, "could not publish an Event");
        }
    }
}

/// The Event a status change deserves: a Warning when it becomes Stalled
/// with a new error, a Normal one when it becomes Ready.
pub fn transition_event(old: Option<&ManifestStatus>, new: &ManifestStatus) -> Option<Note> {
    let old_conditions = old.map(|s| s.conditions.as_slice()).unwrap_or(&[]);
    let stalled = status::find(&new.conditions, kind::STALLED).filter(|c| c.status == "True");
    if let Some(c) = stalled {
        let was = status::find(old_conditions, kind::STALLED);
        if was.is_none_or(|w| w.status != "True" || w.message != c.message) {
            let reason = match c.reason.as_str() {
                // The rollout's own Events say these (`rollout_event`).
                "RolloutHalted" | "RolloutAborted" => return None,
                "ProgressDeadlineExceeded" => "ProgressDeadlineExceeded",
                "InvalidRollout" => "InvalidRollout",
                "ParseFailed" => "ParseFailed",
                "InvalidSelector" => "InvalidSelector",
                "BlockedByOtherManifest" => "BlockedByOtherManifest",
                _ => "CompileFailed",
            };
            return Some(Note {
                severity: Severity::Warning,
                reason,
                action: "Compile",
                message: c.message.clone(),
            });
        }
        return None;
    }
    let ready = status::find(&new.conditions, kind::READY).filter(|c| c.status == "True")?;
    let was_ready = status::is_true(old_conditions, kind::READY)
        && old.and_then(|s| s.observed_generation) == new.observed_generation;
    (!was_ready).then(|| Note {
        severity: Severity::Normal,
        reason: "Applied",
        action: "Compile",
        message: ready.message.clone(),
    })
}

/// Whether a Manifest watch event changes what nodes compile (a generation
/// appears, changes or goes), so every node must be reconciled.
#[derive(Default)]
pub struct GenerationTracker {
    seen: HashMap<String, i64>,
    relisting: HashMap<String, i64>,
}

impl GenerationTracker {
    pub fn observe(&mut self, event: &watcher::Event<Manifest>) -> bool {
        let id = |m: &Manifest| {
            (
                m.uid().unwrap_or_else(|| m.name_any()),
                m.metadata.generation.unwrap_or(0),
            )
        };
        match event {
            watcher::Event::Apply(m) => {
                let (uid, generation) = id(m);
                self.seen.insert(uid, generation) != Some(generation)
            }
            watcher::Event::Delete(m) => self.seen.remove(&id(m).0).is_some(),
            watcher::Event::Init => {
                self.relisting.clear();
                false
            }
            watcher::Event::InitApply(m) => {
                let (uid, generation) = id(m);
                self.relisting.insert(uid, generation);
                false
            }
            watcher::Event::InitDone => {
                let changed = self.relisting != self.seen;
                self.seen = std::mem::take(&mut self.relisting);
                changed
            }
        }
    }
}

/// Feeds a reflector and calls `on_event` for each event, until the stream ends.
async fn drive<K, S>(stream: S, mut on_event: impl FnMut(&watcher::Event<K>))
where
    S: Stream<Item = Result<watcher::Event<K>, watcher::Error>>,
{
    let mut stream = std::pin::pin!(stream);
    while let Some(item) = stream.next().await {
        match item {
            Ok(event) => on_event(&event),
            Err(err) => tracing::warn!(error = %err, "watch failed; retrying with backoff"),
        }
    }
}

/// Runs the controller: probes and metrics, leader election, then the work.
pub async fn run(client: Client, options: ControllerOptions) -> Result<(), ControllerError> {
    let mut options = options;
    std::fs::create_dir_all(&options.artifact_cache).map_err(|source| {
        ControllerError::ArtifactCache {
            dir: options.artifact_cache.display().to_string(),
            source,
        }
    })?;
    // The workers read environments' manifests, modules and data there.
    let cache = options.artifact_cache.clone();
    options.compile.read_paths.push(cache);
    // Workers run as our user: keep them (and anything else of our user)
    // from reading our memory, environment or credentials through /proc
    // or ptrace.
    // SAFETY: prctl with constant arguments.
    unsafe { libc::prctl(libc::PR_SET_DUMPABLE, 0, 0, 0, 0) };
    let pool = Arc::new(kuppet_worker::pool::Pool::new(
        options.compile.pool_config(),
    ));
    {
        let pool = pool.clone();
        let sandbox = tokio::task::spawn_blocking(move || pool.start())
            .await
            .map_err(|e| {
                ControllerError::Workers(kuppet_worker::pool::PoolError::Start {
                    program: options.compile.program.display().to_string(),
                    message: e.to_string(),
                })
            })?
            .map_err(ControllerError::Workers)?;
        tracing::info!(workers = options.compile.workers, sandbox = ?sandbox, "compile workers ready");
    }
    let metrics = Arc::new(ControllerMetrics::default());
    let health = Arc::new(Health::default());
    if let Some(addr) = options.metrics_addr {
        let listener = tokio::net::TcpListener::bind(addr)
            .await
            .map_err(|source| ControllerError::Listen { addr, source })?;
        tokio::spawn(http::serve(
            listener,
            endpoint(metrics.clone(), health.clone()),
        ));
        tracing::info!(%addr, "serving /metrics, /healthz and /readyz");
    }
    let mut shutdown = std::pin::pin!(super::shutdown_signal());
    let mut elector = options
        .leader_election
        .clone()
        .map(|config| Elector::new(client.clone(), config));
    if let Some(e) = &mut elector {
        tokio::select! {
            _ = e.acquire() => {}
            _ = &mut shutdown => return Ok(()),
        }
    }
    metrics.leader.set(1);
    health.leading.store(true, Ordering::Relaxed);
    let result = {
        let work = run_leader(
            client,
            &options,
            pool.clone(),
            metrics.clone(),
            health.clone(),
        );
        let hold = async {
            match &mut elector {
                Some(e) => e.hold().await,
                None => std::future::pending().await,
            }
        };
        tokio::select! {
            r = work => r,
            lost = hold => Err(ControllerError::LeaseLost(lost)),
            _ = &mut shutdown => {
                tracing::info!("shutting down");
                Ok(())
            }
        }
    };
    metrics.leader.set(0);
    if let Some(e) = &mut elector {
        e.release().await;
    }
    result
}

fn endpoint(metrics: Arc<ControllerMetrics>, health: Arc<Health>) -> http::Handler {
    Arc::new(move |path: &str| match path {
        "/metrics" => Response::metrics(metrics.render()),
        "/healthz" | "/livez" => Response::text(200, "ok\n"),
        "/readyz" => {
            let leading = health.leading.load(Ordering::Relaxed);
            if !leading {
                Response::text(200, "ok: standby, waiting for the leader Lease\n")
            } else if health.synced.load(Ordering::Relaxed) {
                Response::text(200, "ok: leading\n")
            } else {
                Response::text(503, "leading, filling the watch caches\n")
            }
        }
        _ => Response::text(404, "not found: try /metrics, /healthz or /readyz\n"),
    })
}

/// The leader's work: watches, the node controller and the status loop.
/// Stops a task when dropped.
struct AbortOnDrop(tokio::task::JoinHandle<()>);

impl Drop for AbortOnDrop {
    fn drop(&mut self) {
        self.0.abort();
    }
}

async fn run_leader(
    client: Client,
    options: &ControllerOptions,
    pool: Arc<kuppet_worker::pool::Pool>,
    metrics: Arc<ControllerMetrics>,
    health: Arc<Health>,
) -> Result<(), ControllerError> {
    let (manifests, manifest_writer) = reflector::store::<Manifest>();
    let (facts, facts_writer) = reflector::store::<NodeFacts>();
    let (catalogs, catalog_writer) = reflector::store::<NodeCatalog>();
    let (grants, grant_writer) = reflector::store::<ManifestGrant>();
    let (all_tx, all_rx) = mpsc::unbounded::<()>();
    let (one_tx, one_rx) = mpsc::unbounded::<ObjectRef<Node>>();

    // Reconciles at once: enough to keep the compile slots busy while
    // others wait for the write gate, which orders them (changed catalogs
    // first) and bounds what reaches the API server.
    let concurrency = u16::try_from(
        options
            .compile
            .workers
            .saturating_mul(4)
            .max(4)
            .saturating_add(options.writes.concurrency.saturating_mul(2)),
    )
    .unwrap_or(u16::MAX);
    // Nodes come from our own reflector so that every Node event, deletions
    // included, also wakes the status pass — after the store has applied it.
    let (nodes_reader, nodes_writer) = reflector::store::<Node>();
    let node_status_dirty = Arc::new(Notify::new());
    let (nodes_filled_tx, nodes_filled) = watch::channel(false);
    let node_events = {
        let dirty = node_status_dirty.clone();
        watcher(Api::<Node>::all(client.clone()), watcher::Config::default())
            .default_backoff()
            .modify(cache::strip_node)
            .reflect(nodes_writer)
            .inspect(move |event| {
                if matches!(event, Ok(watcher::Event::InitDone)) {
                    nodes_filled_tx.send_replace(true);
                }
                dirty.notify_one()
            })
            .touched_objects()
    };
    let controller = Controller::for_stream(node_events, nodes_reader)
        .with_config(
            ControllerConfig::default()
                .debounce(Duration::from_millis(250))
                .concurrency(concurrency),
        )
        .reconcile_all_on(all_rx)
        .reconcile_on(one_rx);
    let (stores, fill) = Stores::new(
        controller.store(),
        manifests,
        facts,
        catalogs,
        grants,
        nodes_filled,
    );
    let reader = secrets::reader(client.clone(), tokio::runtime::Handle::current());
    let reuse = Arc::new(compile::Reuse::new(
        metrics.clone(),
        REUSE_CODE_VERSIONS,
        REUSE_CATALOGS,
    ));
    let compile = compile::through_pool_reusing(pool, options.compile.clone(), reader, reuse);
    let mut planner = Planner::production(compile, metrics.clone());
    // The content endpoint, served by the leader only (its planner knows
    // what each node's catalog references); stopped with the leadership.
    let _content = match &options.content {
        Some(c) => {
            let tls = crate::k8s::content::tls_config(&c.tls_cert, &c.tls_key)?;
            let listener = tokio::net::TcpListener::bind(c.addr)
                .await
                .map_err(|source| ControllerError::ContentListen {
                    addr: c.addr,
                    source,
                })?;
            let store =
                crate::k8s::content::Store::new(files::Limits::referencing(c.max_file_bytes))
                    .with_metrics(metrics.clone());
            planner = planner.with_content(store.clone());
            let auth = Arc::new(crate::k8s::content::TokenReviewer::new(
                client.clone(),
                c.agent_user.clone(),
                c.token_audience.clone(),
            ));
            tracing::info!(addr = %c.addr, "serving content by checksum");
            Some(AbortOnDrop(tokio::spawn(crate::k8s::content::serve(
                listener, tls, auth, store,
            ))))
        }
        None => None,
    };
    let planner = Arc::new(planner);
    let ctx = Arc::new(
        Context::new(
            client.clone(),
            planner,
            stores.clone(),
            metrics,
            &options.instance,
            options.compile.workers,
        )
        .with_write_limits(options.writes),
    );
    ctx.set_node_queue(one_tx.clone());

    let grant_all_tx = all_tx.clone();
    let code_all_tx = all_tx.clone();
    let manifest_watch = {
        let ctx = ctx.clone();
        let mut tracker = GenerationTracker::default();
        let stream = reflector::reflector(
            manifest_writer,
            watcher(
                Api::<Manifest>::all(client.clone()),
                watcher::Config::default(),
            )
            .modify(cache::strip_object),
        )
        .default_backoff();
        drive(stream, move |event| {
            if tracker.observe(event) {
                let _ = all_tx.unbounded_send(());
            }
            ctx.status_dirty.notify_one();
        })
    };
    // A grant changes what every node's compile may take.
    let grant_watch = {
        let ctx = ctx.clone();
        let all_tx = grant_all_tx;
        let stream = reflector::reflector(
            grant_writer,
            watcher(
                Api::<ManifestGrant>::all(client.clone()),
                watcher::Config::default(),
            )
            .modify(cache::strip_object),
        )
        .default_backoff();
        drive(stream, move |event| {
            if matches!(
                event,
                watcher::Event::Apply(_) | watcher::Event::Delete(_) | watcher::Event::InitDone
            ) {
                let _ = all_tx.unbounded_send(());
            }
            ctx.status_dirty.notify_one();
        })
    };
    let facts_watch = {
        let ctx = ctx.clone();
        let tx = one_tx.clone();
        let stream = reflector::reflector(
            facts_writer,
            watcher(
                Api::<NodeFacts>::all(client.clone()),
                watcher::Config::default(),
            )
            .modify(cache::strip_object),
        )
        .default_backoff();
        drive(stream, move |event| {
            if let watcher::Event::Apply(f) | watcher::Event::Delete(f) = event {
                let _ = tx.unbounded_send(ObjectRef::new(&f.name_any()));
            }
            ctx.status_dirty.notify_one();
        })
    };
    let catalog_watch = {
        let ctx = ctx.clone();
        let stream = reflector::reflector(
            catalog_writer,
            // Digests, sources and status only: never the catalogs.
            watcher(
                Api::<NodeCatalog>::all(client.clone()),
                watcher::Config::default(),
            )
            .modify(cache::strip_catalog),
        )
        .default_backoff();
        drive(stream, move |event| {
            // Only a spec we did not write (or a deletion) needs the node
            // reconciled; agents' status writes only change Manifest status.
            if let Some(name) = ctx.catalog_event(event) {
                let _ = one_tx.unbounded_send(ObjectRef::new(&name));
            }
            ctx.status_dirty.notify_one();
        })
    };
    let code_poll = poll_code(
        ctx.clone(),
        Arc::new(Environments::new(
            options.artifact_cache.clone(),
            Default::default(),
        )),
        code_all_tx,
    );
    let status_loop = {
        let ctx = ctx.clone();
        async move {
            // The one future that waits on the stores' own readiness.
            if fill.wait().await.is_err() {
                return;
            }
            health.synced.store(true, Ordering::Relaxed);
            tracing::info!("watch caches filled; reconciling");
            loop {
                tokio::select! {
                    _ = ctx.status_dirty.notified() => {}
                    _ = node_status_dirty.notified() => {}
                    _ = tokio::time::sleep(ctx.status_sleep()) => {}
                }
                tokio::time::sleep(STATUS_DEBOUNCE).await;
                sync_manifest_statuses(&ctx).await;
            }
        }
    };
    let nodes = controller
        .run(reconcile_node, error_policy, ctx.clone())
        .for_each(|result| async move {
            if let Err(err) = result {
                tracing::debug!(error = %err, "node controller");
            }
        });
    tokio::select! {
        _ = nodes => {}
        _ = manifest_watch => {}
        _ = facts_watch => {}
        _ = catalog_watch => {}
        _ = grant_watch => {}
        _ = status_loop => {}
        _ = code_poll => {}
    }
    Err(ControllerError::Ended)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::k8s::crd::ManifestStatus;
    use crate::k8s::status::Wanted;

    fn status(stalled: Option<&str>, ready: bool, generation: i64) -> ManifestStatus {
        let mut wanted = vec![Wanted::new(
            kind::READY,
            ready,
            if ready { "Applied" } else { "X" },
            "m",
        )];
        if let Some(msg) = stalled {
            wanted.push(Wanted::new(kind::STALLED, true, "CompileFailed", msg));
        }
        ManifestStatus {
            observed_generation: Some(generation),
            conditions: status::merge(&[], wanted, Some(generation), "T"),
            ..Default::default()
        }
    }

    #[test]
    fn events_fire_on_transitions_only() {
        let stalled = status(Some("boom"), false, 2);
        let note = transition_event(None, &stalled).expect("warning");
        assert_eq!(
            (note.severity, note.reason),
            (Severity::Warning, "CompileFailed")
        );
        assert!(
            transition_event(Some(&stalled), &stalled).is_none(),
            "same error: no repeat"
        );
        let other = status(Some("bang"), false, 2);
        assert!(
            transition_event(Some(&stalled), &other).is_some(),
            "a new error is news"
        );
        let mut halted = status(None, false, 2);
        halted.conditions = status::merge(
            &[],
            vec![Wanted::new(
                kind::STALLED,
                true,
                "RolloutHalted",
                "node-a failed",
            )],
            Some(2),
            "T",
        );
        assert!(
            transition_event(None, &halted).is_none(),
            "a halted rollout has its own Event, not CompileFailed"
        );
        let ready = status(None, true, 2);
        let note = transition_event(Some(&stalled), &ready).expect("normal");
        assert_eq!(note.severity, Severity::Normal);
        assert!(transition_event(Some(&ready), &ready).is_none());
        assert!(
            transition_event(Some(&ready), &status(None, true, 3)).is_some(),
            "a new generation applied"
        );
    }

    #[test]
    fn backoff_doubles_up_to_five_minutes() {
        assert_eq!(backoff(1), Duration::from_secs(5));
        assert_eq!(backoff(2), Duration::from_secs(10));
        assert_eq!(backoff(4), Duration::from_secs(40));
        assert_eq!(backoff(30), Duration::from_secs(300));
    }

    #[test]
    fn only_generation_changes_trigger_every_node() {
        let mut t = GenerationTracker::default();
        let m1 = Manifest::test("default", "a", "x");
        assert!(!t.observe(&watcher::Event::Init));
        assert!(!t.observe(&watcher::Event::InitApply(m1.clone())));
        assert!(t.observe(&watcher::Event::InitDone), "first list");
        let mut status_only = m1.clone();
        status_only.status = Some(ManifestStatus::default());
        assert!(
            !t.observe(&watcher::Event::Apply(status_only)),
            "status writes are not changes"
        );
        let m2 = m1.clone().edited("y");
        assert!(t.observe(&watcher::Event::Apply(m2.clone())));
        assert!(t.observe(&watcher::Event::Delete(m2.clone())));
        assert!(!t.observe(&watcher::Event::Delete(m2)), "already gone");
        // A relist that finds what we knew changes nothing.
        t.observe(&watcher::Event::Apply(m1.clone()));
        t.observe(&watcher::Event::Init);
        t.observe(&watcher::Event::InitApply(m1));
        assert!(!t.observe(&watcher::Event::InitDone));
    }

    #[test]
    fn readyz_reports_standby_and_cache_sync() {
        let metrics = Arc::new(ControllerMetrics::default());
        let health = Arc::new(Health::default());
        let ep = endpoint(metrics, health.clone());
        assert_eq!(ep("/readyz").status, 200);
        health.leading.store(true, Ordering::Relaxed);
        assert_eq!(ep("/readyz").status, 503);
        health.synced.store(true, Ordering::Relaxed);
        assert_eq!(ep("/readyz").status, 200);
        assert!(ep("/metrics").body.contains("kuppet_compiles_total"));
        assert_eq!(ep("/nope").status, 404);
    }
}
