//! What the controller decides, without talking to the API server: which
//! Manifests a node's compile takes (parsed once per generation), whether the
//! node needs a new compile, the NodeCatalog spec it gets, who is to blame for
//! a compile error, and each Manifest's status.
//!
//! Everything here is driven by plain values, so tests feed it builder-made
//! objects and a fake compile function.

use super::cache::CatalogId;
use super::code::{CodeState, Loaded};
use super::files;
use super::grant::{self, Grants};
use crate::k8s::crd::{
    CatalogSource, Manifest, ManifestError, ManifestStatus, NodeCatalog, NodeCatalogSpec, NodeFacts,
};
use crate::k8s::metrics::ControllerMetrics;
use crate::k8s::selector::SelectorError;
use crate::k8s::status::{self, Wanted, kind};
use crate::k8s::{codec, seal};
use k8s_openapi::api::core::v1::Node;
use kube::ResourceExt;
use kuppet_catalog::Catalog;
use kuppet_eval::{CompileRequest, ManifestInput};
use kuppet_syntax as syntax;
use kuppet_syntax::diagnostics::Diagnostic;
use std::collections::{HashMap, HashSet};
use std::hash::{DefaultHasher, Hash, Hasher};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

/// Parses one Manifest's source: `syntax::parse` in production.
pub type ParseFn = Arc<dyn Fn(&str, &str) -> Result<syntax::Manifest, Diagnostic> + Send + Sync>;
/// Compiles one node's catalog: a compile worker in production (`compile.rs`).
pub type CompileFn =
    Arc<dyn Fn(&CompileScope, &CompileRequest) -> Result<Catalog, CompileFailure> + Send + Sync>;

/// Checks a `kuppet::secret` read: (namespace of the calling code, Secret
/// name) → allowed, or why not.
pub type SecretCheck = Arc<dyn Fn(&str, &str) -> Result<(), String> + Send + Sync>;

/// What one compile may do beyond its request, as the planner decides it.
#[derive(Clone)]
pub struct CompileScope {
    /// The namespace of the first Manifest selecting the node (logs, faults).
    pub namespace: String,
    /// Which Secrets the compile's code may read: only the code of a
    /// namespace whose Manifests select the node, and only the Secrets a
    /// grant of that namespace for the node lists.
    pub may_read_secret: SecretCheck,
    /// The Secrets the compile read (namespace, name): the node's catalog is
    /// compiled again every [`SECRET_REFRESH`] to pick up their changes.
    pub read: Arc<Mutex<Vec<(String, String)>>>,
    /// The environment's `hiera.yaml` (Hiera's environment layer), when a
    /// Manifest's `spec.code` supplies the compile's environment.
    pub environment_hiera_config: Option<std::path::PathBuf>,
    /// The environment's name, with `spec.code` (default `production`).
    pub environment: Option<String>,
    /// Set by the compile when the catalog it returned already passed the
    /// graph check ([`check_graph`]): a catalog reused from an earlier
    /// compile, which was checked then, is not checked again.
    pub graph_checked: Arc<std::sync::atomic::AtomicBool>,
}

impl CompileScope {
    /// Checks a read and records it when allowed.
    pub fn check_secret(&self, namespace: &str, name: &str) -> Result<(), String> {
        (self.may_read_secret)(namespace, name)?;
        if let Ok(mut read) = self.read.lock() {
            let entry = (namespace.to_string(), name.to_string());
            if !read.contains(&entry) {
                read.push(entry);
            }
        }
        Ok(())
    }
}

/// How often a node whose catalog reads Kubernetes Secrets is compiled
/// again, so that a changed Secret reaches it (the controller reads only the
/// Secrets it is asked for; it does not watch Secrets). A recompile that
/// finds the same values writes nothing: the seal and so the digest are
/// the same.
pub const SECRET_REFRESH: Duration = Duration::from_secs(60);

/// Why a compile gave no catalog.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CompileFailure {
    /// The compiler refused the input: Puppet's issue code and message,
    /// with the location.
    Error { code: String, message: String },
    /// The compile worker died on this input (signal, abort, out of
    /// memory, deadline): what the pool saw.
    Crashed(String),
    /// No compile worker could run: the controller's setup, not the input
    /// (retried with backoff; blamed on no Manifest).
    Unavailable(String),
}

impl CompileFailure {
    pub fn from_diagnostic(d: &Diagnostic) -> CompileFailure {
        CompileFailure::Error {
            code: d.code.to_string(),
            message: d.to_string(),
        }
    }
}

/// The `Stalled` reasons a node's failed compile gives the Manifests it is
/// blamed on.
pub mod reason {
    pub const COMPILE_FAILED: &str = "CompileFailed";
    pub const COMPILE_CRASHED: &str = "CompileCrashed";
    pub const BUDGET_EXCEEDED: &str = "BudgetExceeded";
    /// The catalog holds Sensitive values and the node published no seal key.
    pub const NODE_KEY_MISSING: &str = "NodeKeyMissing";
    /// `kuppet::secret` read a Secret the grants do not give the namespace.
    pub const SECRET_DENIED: &str = "SecretDenied";
    /// `kuppet::secret` read a Secret or key that does not exist.
    pub const SECRET_NOT_FOUND: &str = "SecretNotFound";
    /// Two Manifests selecting the node bring different environments.
    pub const ENVIRONMENT_CONFLICT: &str = "EnvironmentConflict";
}

/// The compiler's issue code for an exhausted budget (steps, time, memory).
pub const BUDGET_EXCEEDED_CODE: &str = "BUDGET_EXCEEDED";
/// The compiler's issue code for a `kuppet::secret` read the grants refuse.
pub const SECRET_DENIED_CODE: &str = kuppet_eval::functions::kuppet::SECRET_DENIED;
/// The compiler's issue code for a Secret or key that does not exist.
pub const SECRET_NOT_FOUND_CODE: &str = kuppet_eval::functions::kuppet::SECRET_NOT_FOUND;

/// At most this many extra compiles find which Manifest crashed a worker.
pub const MAX_ATTRIBUTION_COMPILES: usize = 8;
/// Checks a compiled catalog's graph: [`check_graph`] in production.
pub type GraphCheckFn = Arc<dyn Fn(&Catalog) -> Result<(), Diagnostic> + Send + Sync>;

/// The graph check every compiled catalog passes before it is written, so a
/// dependency cycle is reported on the Manifest and never reaches a node.
///
/// It builds the same run graph the agent will walk (containment,
/// relationships and auto-relationships) and fails with Puppet's cycle
/// message when the graph has a cycle. Everything downstream (blaming the
/// Manifests that declared the resources in the cycle, `Stalled`, the node
/// keeping its last good catalog) handles the error it returns.
pub fn check_graph(catalog: &Catalog) -> Result<(), Diagnostic> {
    let graph = kuppet_catalog::graph::RunGraph::build(catalog, &kuppet_resources::autorequire)
        .map_err(|e| Diagnostic::error("GRAPH_ERROR", e.to_string()))?;
    let cycles = graph.cycles();
    if cycles.is_empty() {
        return Ok(());
    }
    Err(Diagnostic::error(
        "DEPENDENCY_CYCLE",
        graph.cycle_message(&cycles, None),
    ))
}

/// The file name a Manifest's source is parsed under, shown in errors and in
/// the catalog's `file` fields: `<namespace>/<name>.pp`.
pub fn source_path(namespace: &str, name: &str) -> String {
    format!("{namespace}/{name}.pp")
}

/// A Manifest's key: namespace and name.
pub type ManifestKey = (String, String);

fn key_of(m: &Manifest) -> ManifestKey {
    (m.namespace().unwrap_or_default(), m.name_any())
}

type ParseOutcome = Result<Arc<syntax::Manifest>, Diagnostic>;

/// Parse results by Manifest uid: each generation is parsed once, and the
/// last generation that parsed is kept for when a newer one does not.
#[derive(Default)]
pub struct ParseCache {
    entries: Mutex<HashMap<String, ParseEntry>>,
}

struct ParseEntry {
    generation: i64,
    outcome: Arc<OnceLock<ParseOutcome>>,
    last_good: Option<(i64, Arc<syntax::Manifest>)>,
}

/// What a compile may use of one Manifest.
#[derive(Clone)]
pub struct Parsed {
    /// The current generation's parse error, if it has one.
    pub error: Option<Diagnostic>,
    /// The newest generation that parsed, if any: the current one, or the
    /// last good one while the current one has a syntax error.
    pub usable: Option<(i64, Arc<syntax::Manifest>)>,
}

impl ParseCache {
    /// Parses the Manifest's current generation (once) and returns what a compile may use.
    pub fn get(&self, manifest: &Manifest, parse: &ParseFn) -> Parsed {
        let uid = manifest.uid().unwrap_or_else(|| manifest.name_any());
        let generation = manifest.metadata.generation.unwrap_or(0);
        let once = {
            let Ok(mut entries) = self.entries.lock() else {
                return Parsed {
                    error: Some(Diagnostic::message("internal error: parse cache poisoned")),
                    usable: None,
                };
            };
            let entry = entries.entry(uid.clone()).or_insert_with(|| ParseEntry {
                generation,
                outcome: Arc::default(),
                last_good: None,
            });
            if entry.generation != generation {
                if let Some(Ok(m)) = entry.outcome.get() {
                    entry.last_good = Some((entry.generation, m.clone()));
                }
                entry.generation = generation;
                entry.outcome = Arc::default();
            }
            entry.outcome.clone()
        };
        let (ns, name) = key_of(manifest);
        let outcome = once
            .get_or_init(|| parse(&source_path(&ns, &name), &manifest.spec.source).map(Arc::new));
        match outcome {
            Ok(m) => Parsed {
                error: None,
                usable: Some((generation, m.clone())),
            },
            Err(diag) => {
                let last_good = self
                    .entries
                    .lock()
                    .ok()
                    .and_then(|e| e.get(&uid).and_then(|e| e.last_good.clone()));
                Parsed {
                    error: Some(diag.clone()),
                    usable: last_good,
                }
            }
        }
    }

    /// Forgets Manifests that no longer exist.
    pub fn retain(&self, uids: &HashSet<String>) {
        if let Ok(mut entries) = self.entries.lock() {
            entries.retain(|uid, _| uids.contains(uid));
        }
    }
}

/// Whether the node's current catalog was compiled from Manifest
/// `namespace`/`name`.
fn compiled_from(current: Option<&NodeCatalog>, namespace: &str, name: &str) -> bool {
    current.is_some_and(|c| {
        c.spec
            .sources
            .iter()
            .any(|s| s.namespace == namespace && s.name == name)
    })
}

/// The facts a node is compiled with: its agent's facts plus `kubernetes`,
/// what the Node object says (name, labels, nodeInfo, addresses).
pub fn merged_facts(node: &Node, facts: &NodeFacts) -> serde_json::Map<String, serde_json::Value> {
    let mut merged = facts.spec.facts.clone();
    let mut k8s = serde_json::Map::new();
    k8s.insert("node".into(), node.name_any().into());
    k8s.insert(
        "labels".into(),
        serde_json::to_value(node.labels()).unwrap_or_default(),
    );
    let status = node.status.as_ref();
    if let Some(info) = status.and_then(|s| s.node_info.as_ref()) {
        k8s.insert(
            "nodeInfo".into(),
            serde_json::to_value(info).unwrap_or_default(),
        );
    }
    let mut addresses = serde_json::Map::new();
    for a in status
        .and_then(|s| s.addresses.as_ref())
        .into_iter()
        .flatten()
    {
        addresses
            .entry(a.type_.clone())
            .or_insert_with(|| a.address.clone().into());
    }
    k8s.insert("addresses".into(), addresses.into());
    if let Some(id) = node.spec.as_ref().and_then(|s| s.provider_id.clone()) {
        k8s.insert("providerID".into(), id.into());
    }
    merged.insert("kubernetes".into(), k8s.into());
    merged
}

/// The last compile of a node.
#[derive(Debug, Clone)]
pub enum NodeOutcome {
    /// Compiled; the NodeCatalog should hold the spec `id` names (the
    /// spec itself is not kept: a NodeCatalog that lacks it is compiled
    /// again, which compile reuse makes cheap).
    Compiled {
        key: u64,
        id: CatalogId,
        /// Manifests left out of this catalog because their resources went
        /// beyond their grants, with why (reason `GrantExceeded`).
        refused: Vec<(ManifestKey, String)>,
        /// When it was compiled, if it read Secrets (refreshed periodically).
        secrets_read_at: Option<Instant>,
    },
    /// Failed; the node keeps its last good catalog.
    Failed {
        key: u64,
        message: String,
        blamed: Vec<ManifestKey>,
        /// `CompileFailed`, `CompileCrashed` or `BudgetExceeded`.
        reason: &'static str,
        /// Set when a worker crashed: recompiles for new facts wait.
        crash: Option<CrashMark>,
        /// When it failed, if it read (or missed) Secrets: tried again
        /// every [`SECRET_REFRESH`] (the Secret may be created).
        secrets_read_at: Option<Instant>,
    },
}

/// When a node's compile last crashed a worker, with the same Manifests:
/// a recompile for new facts alone waits for the backoff, so one object
/// cannot keep the workers crashing; a new generation compiles at once.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CrashMark {
    pub manifests_key: u64,
    pub at: Instant,
    pub streak: u32,
}

/// The wait before recompiling after crash number `streak` (1-based):
/// 10 s doubling up to 10 minutes.
pub fn crash_backoff(streak: u32) -> Duration {
    let secs = 10u64.saturating_mul(1u64 << streak.saturating_sub(1).min(10));
    Duration::from_secs(secs.min(600))
}

impl NodeOutcome {
    fn key(&self) -> u64 {
        match self {
            NodeOutcome::Compiled { key, .. } | NodeOutcome::Failed { key, .. } => *key,
        }
    }
}

/// What to do about a node's NodeCatalog.
#[derive(Debug, Clone, PartialEq)]
pub enum Plan {
    /// The node has no NodeFacts yet (no agent): compile nothing, since a
    /// catalog compiled without facts could take the wrong branches.
    WaitForFacts,
    /// The NodeCatalog already holds the right catalog.
    Unchanged,
    /// Write this spec (its digest differs from the NodeCatalog's).
    Write(Arc<NodeCatalogSpec>),
    /// The compile failed; write nothing.
    Failed {
        message: String,
        blamed: Vec<ManifestKey>,
        reason: &'static str,
        /// When to look again (after a crash, the backoff); none: at the
        /// next change.
        retry_after: Option<Duration>,
    },
    /// No compile worker could run (the controller's setup): retry later;
    /// nothing is recorded against the Manifests.
    Unavailable(String),
}

/// The controller's decisions, with their caches.
pub struct Planner {
    parse: ParseFn,
    compile: CompileFn,
    check: GraphCheckFn,
    pub parses: ParseCache,
    /// What is known of each Manifest's `spec.code` (the controller's poll
    /// writes it; compiles read the last good revision).
    code: Mutex<HashMap<ManifestKey, CodeState>>,
    outcomes: Mutex<HashMap<String, NodeOutcome>>,
    /// Per Manifest with `spec.rollout`: the Nodes its rollout admitted to
    /// its current generation (the status pass decides them).
    gates: Mutex<HashMap<ManifestKey, Gate>>,
    /// Per Manifest: the last generation rolled out to every Node, which
    /// the Nodes a rollout has not reached are compiled with.
    stable: Mutex<HashMap<ManifestKey, Stable>>,
    /// Per Manifest with `spec.code`: the last revision rolled out to
    /// every Node.
    stable_code: Mutex<HashMap<ManifestKey, StableCode>>,
    metrics: Arc<ControllerMetrics>,
    /// Seals each catalog's Sensitive values to its node's key.
    sealer: seal::Sealer,
    /// The content each node's catalog fetches by checksum (and whether
    /// there is a content endpoint at all).
    content: crate::k8s::content::Store,
}

impl Planner {
    pub fn new(parse: ParseFn, compile: CompileFn, metrics: Arc<ControllerMetrics>) -> Planner {
        Planner {
            parse,
            compile,
            check: Arc::new(check_graph),
            parses: ParseCache::default(),
            code: Mutex::default(),
            outcomes: Mutex::default(),
            gates: Mutex::default(),
            stable: Mutex::default(),
            stable_code: Mutex::default(),
            metrics,
            sealer: seal::Sealer::random(),
            content: crate::k8s::content::Store::default(),
        }
    }

    /// Serves large files by checksum from `store` (the content endpoint's).
    pub fn with_content(mut self, store: crate::k8s::content::Store) -> Planner {
        self.content = store;
        self
    }

    /// Replaces the graph check.
    pub fn with_graph_check(mut self, check: GraphCheckFn) -> Planner {
        self.check = check;
        self
    }

    /// The production planner: the real parser and graph check, and
    /// `compile` (the compile workers).
    pub fn production(compile: CompileFn, metrics: Arc<ControllerMetrics>) -> Planner {
        Planner::new(
            Arc::new(|path: &str, source: &str| syntax::parse(path, source)),
            compile,
            metrics,
        )
    }

    /// Parses a Manifest (once per generation).
    pub fn parsed(&self, manifest: &Manifest) -> Parsed {
        self.parses.get(manifest, &self.parse)
    }

    /// What is known of the `spec.code` of the Manifest `key`.
    pub fn code_state(&self, key: &ManifestKey) -> Option<CodeState> {
        self.code.lock().ok()?.get(key).cloned()
    }

    /// Records what the poll found for the Manifest `key`'s `spec.code`.
    pub fn set_code_state(&self, key: ManifestKey, state: CodeState) {
        if let Ok(mut c) = self.code.lock() {
            c.insert(key, state);
        }
    }

    /// Forgets the code of Manifests that are gone or no longer have
    /// `spec.code`.
    pub fn retain_code(&self, keep: &HashSet<ManifestKey>) {
        if let Ok(mut c) = self.code.lock() {
            c.retain(|k, _| keep.contains(k));
        }
    }

    /// The digests of the tarballs that nodes are compiled from (what the
    /// artifact cache must keep).
    pub fn loaded_layer_digests(&self) -> Vec<String> {
        let Ok(c) = self.code.lock() else {
            return Vec::new();
        };
        let mut keep: Vec<String> = c
            .values()
            .filter_map(|s| s.loaded.as_ref().map(|l| l.layer_digest.clone()))
            .collect();
        drop(c);
        keep.extend(self.stable_layer_digests());
        keep
    }

    /// The last compile outcome of every node.
    pub fn outcomes(&self) -> HashMap<String, NodeOutcome> {
        self.outcomes.lock().map(|o| o.clone()).unwrap_or_default()
    }

    /// When the node's catalog should be compiled again to pick up changed
    /// Secrets: `None` when its last compile read none.
    pub fn secret_refresh(&self, node: &str) -> Option<Duration> {
        let at = match self.outcomes.lock().ok()?.get(node)? {
            NodeOutcome::Compiled {
                secrets_read_at, ..
            }
            | NodeOutcome::Failed {
                secrets_read_at, ..
            } => (*secrets_read_at)?,
        };
        Some(SECRET_REFRESH.saturating_sub(at.elapsed()))
    }

    /// The digest the node's NodeCatalog should have, if its last compile succeeded.
    pub fn expected_digest(&self, node: &str) -> Option<String> {
        match self.outcomes.lock().ok()?.get(node)? {
            NodeOutcome::Compiled { id, .. } => Some(id.digest.clone()),
            NodeOutcome::Failed { .. } => None,
        }
    }

    /// Forgets nodes that no longer exist.
    pub fn retain_nodes(&self, names: &HashSet<String>) {
        if let Ok(mut o) = self.outcomes.lock() {
            o.retain(|n, _| names.contains(n));
        }
        self.content.retain_nodes(names);
    }

    /// [`Planner::plan_granted`] without grants (tests of other concerns).
    #[cfg(test)]
    pub fn plan(
        &self,
        node: &Node,
        facts: Option<&NodeFacts>,
        manifests: &[Arc<Manifest>],
        current: Option<&NodeCatalog>,
    ) -> Plan {
        self.plan_granted(node, facts, manifests, &Grants::unrestricted(), current)
    }

    /// Decides what the node's NodeCatalog needs, compiling when its inputs changed.
    /// `manifests` may come in any order. CPU-bound: run it off the async threads.
    ///
    /// The compile takes the Manifests of the namespaces `grants` lets
    /// configure the node: the top-level code of those selecting it, the
    /// definitions of every Manifest of their namespaces and of namespaces
    /// that share theirs. Manifests whose resources go beyond their grants
    /// are left out (compiled again without them, once) and reported.
    pub fn plan_granted(
        &self,
        node: &Node,
        facts: Option<&NodeFacts>,
        manifests: &[Arc<Manifest>],
        grants: &Grants,
        current: Option<&NodeCatalog>,
    ) -> Plan {
        let Some(facts) = facts else {
            return Plan::WaitForFacts;
        };
        let name = node.name_any();
        let labels = node.labels();
        let mut sorted: Vec<&Arc<Manifest>> = manifests
            .iter()
            .filter(|m| grants.may_target(&key_of(m).0, labels))
            .collect();
        sorted.sort_by_key(|m| key_of(m));
        // Namespaces with code for this node: their definitions are visible
        // to each other only through a compile they share, so each sees its
        // own and the shared namespaces' (a namespace's classes never run
        // with another's grant: resources answer to their declarer's grant).
        let selecting: HashSet<String> = sorted
            .iter()
            .filter(|m| m.spec.node_selector.matches(labels))
            .map(|m| key_of(m).0)
            .collect();
        sorted.retain(|m| {
            let ns = key_of(m).0;
            selecting.contains(&ns) || grants.shares(&ns)
        });

        let mut inputs = Vec::new();
        // The source each input comes from (an environment has several).
        let mut input_owner: Vec<usize> = Vec::new();
        let mut sources = Vec::new();
        let mut noop_paths = Vec::new();
        let mut env_noop = false;
        let mut any_selected = false;
        let mut all_selected_noop = true;
        // The Manifest whose `spec.code` supplies the environment, and a
        // second one wanting another environment.
        let mut environment: Option<(usize, Loaded)> = None;
        let mut conflict: Option<Failure> = None;
        // A rollout keeps the node on a stable version this controller
        // does not have (restarted): the node keeps its catalog for now.
        let mut hold = false;
        let mut hasher = DefaultHasher::new();
        name.hash(&mut hasher);
        for m in sorted {
            let (namespace, mname) = key_of(m);
            let selected = m.spec.node_selector.matches(labels);
            if m.spec.code.is_some() {
                // An environment's classes live on its modulepath: it takes
                // part only where it selects the node, and only its last
                // good revision (none yet: nothing).
                let latest = self
                    .code_state(&(namespace.clone(), mname.clone()))
                    .and_then(|s| s.loaded);
                let Some(latest) = latest.filter(|_| selected) else {
                    // No revision loaded yet (a controller that just
                    // started, its artifact not fetched or failing since):
                    // a node whose catalog came from this Manifest keeps
                    // it rather than lose the environment for a while.
                    hold |= selected && compiled_from(current, &namespace, &mname);
                    continue;
                };
                // A rollout that has not reached the node: its stable revision.
                let loaded = match self.code_version_for(m, &latest, &name, current) {
                    Version::Current => latest,
                    Version::StableCode(stable) => stable.loaded,
                    Version::Hold => {
                        hold = true;
                        continue;
                    }
                    Version::Stable(..) | Version::Nothing => continue,
                };
                if let Some((i, other)) = &environment {
                    if other.digest != loaded.digest && conflict.is_none() {
                        let first: &CatalogSource = &sources[*i];
                        conflict = Some(Failure {
                            message: format!(
                                "Manifests {}/{} and {namespace}/{mname} both select node {name} \
                                 with different environments ({} and {}): one environment per \
                                 node; narrow one's spec.nodeSelector",
                                first.namespace, first.name, other.revision, loaded.revision
                            ),
                            blamed: Some(vec![
                                (first.namespace.clone(), first.name.clone()),
                                (namespace.clone(), mname.clone()),
                            ]),
                            reason: reason::ENVIRONMENT_CONFLICT,
                        });
                    }
                    continue;
                }
                any_selected = true;
                all_selected_noop &= m.spec.noop;
                let generation = m.metadata.generation.unwrap_or(0);
                (m.uid(), generation, &loaded.digest, m.spec.noop).hash(&mut hasher);
                // A noop environment: its manifests' resources and its
                // modules' (every file that is no inline Manifest's).
                env_noop = m.spec.noop;
                for manifest in &loaded.code.manifests {
                    inputs.push(ManifestInput {
                        manifest: manifest.clone(),
                        apply_top_level: true,
                    });
                    input_owner.push(sources.len());
                }
                sources.push(CatalogSource {
                    namespace,
                    name: mname,
                    generation,
                    selected,
                    revision: Some(loaded.revision.clone()),
                });
                environment = Some((sources.len() - 1, loaded));
                continue;
            }
            let usable = match self.version_for(m, &name, current) {
                Version::Current => self.parsed(m).usable,
                Version::Stable(generation, parsed) => Some((generation, parsed)),
                Version::Hold => {
                    hold = true;
                    None
                }
                Version::StableCode(_) | Version::Nothing => None,
            };
            let Some((generation, parsed)) = usable else {
                continue;
            };
            if selected {
                any_selected = true;
                all_selected_noop &= m.spec.noop;
            }
            if m.spec.noop {
                noop_paths.push(source_path(&namespace, &mname));
            }
            (m.uid(), generation, selected, m.spec.noop).hash(&mut hasher);
            inputs.push(ManifestInput {
                manifest: parsed,
                apply_top_level: selected,
            });
            input_owner.push(sources.len());
            sources.push(CatalogSource {
                namespace,
                name: mname,
                generation,
                selected,
                revision: None,
            });
        }
        if hold && current.is_some() {
            return Plan::Unchanged;
        }
        grants.hash_into(&mut hasher);
        let manifests_key = hasher.finish();
        let merged = merged_facts(node, facts);
        serde_json::to_string(&merged)
            .unwrap_or_default()
            .hash(&mut hasher);
        // A new seal key (node re-created, key lost) seals the catalog again.
        facts.spec.seal_key.hash(&mut hasher);
        let key = hasher.finish();
        // The NodeCatalog is current when it holds the same catalog from the
        // same Manifest generations: a new generation that changes nothing on
        // this node is still recorded, or its Manifest would wait forever.
        let holds = |id: &CatalogId| current.is_some_and(|c| id.held_by(c));

        let previous = self
            .outcomes
            .lock()
            .ok()
            .and_then(|o| o.get(&name).cloned());
        let mut streak = 0;
        if let Some(prev) = previous {
            let stale_secrets = match &prev {
                NodeOutcome::Compiled {
                    secrets_read_at, ..
                }
                | NodeOutcome::Failed {
                    secrets_read_at, ..
                } => secrets_read_at.is_some_and(|at| at.elapsed() >= SECRET_REFRESH),
            };
            if prev.key() == key && !stale_secrets {
                match prev {
                    NodeOutcome::Compiled { ref id, .. } if holds(id) => return Plan::Unchanged,
                    // The NodeCatalog lacks it (deleted, edited, not
                    // written yet): compiled again below for its spec.
                    NodeOutcome::Compiled { .. } => {}
                    // Same inputs, same failure: nothing to retry until they change.
                    NodeOutcome::Failed {
                        message,
                        blamed,
                        reason,
                        ..
                    } => {
                        return Plan::Failed {
                            message,
                            blamed,
                            reason,
                            retry_after: None,
                        };
                    }
                }
            } else if let NodeOutcome::Failed {
                message,
                blamed,
                reason,
                crash: Some(mark),
                ..
            } = prev
                && mark.manifests_key == manifests_key
            {
                // Only the facts changed since the crash: wait out the backoff.
                let wait = crash_backoff(mark.streak).saturating_sub(mark.at.elapsed());
                if !wait.is_zero() {
                    return Plan::Failed {
                        message,
                        blamed,
                        reason,
                        retry_after: Some(wait),
                    };
                }
                streak = mark.streak;
            }
        }

        let mut env_source = environment.as_ref().map(|(i, _)| *i);
        let environment_name = environment
            .as_ref()
            .and_then(|(_, l)| l.code.environment.clone());
        let (modulepath, environment_hiera_config) = environment
            .as_ref()
            .map(|(_, l)| (l.code.modulepath.clone(), l.code.hiera_config.clone()))
            .unwrap_or_default();
        let request = CompileRequest {
            manifests: inputs,
            facts: merged,
            node: name.clone(),
            modulepath,
            allow_generate: false,
            limits: Default::default(),
        };
        let namespace = sources
            .iter()
            .find(|s| s.selected)
            .map(|s| s.namespace.clone())
            .unwrap_or_default();
        let scope = {
            let grants = grants.clone();
            let labels = labels.clone();
            let node = name.clone();
            let selecting = selecting.clone();
            CompileScope {
                namespace: namespace.clone(),
                may_read_secret: Arc::new(move |ns: &str, secret: &str| {
                    if !selecting.contains(ns) {
                        return Err(format!(
                            "the code of namespace {ns} runs here only as a shared definition: \
                             only a Manifest of a namespace selecting node {node} may read that \
                             namespace's Secrets for it (pass the value to the class as a parameter)"
                        ));
                    }
                    grants.may_read_secret(ns, &labels, secret)
                }),
                read: Arc::default(),
                environment_hiera_config,
                environment: environment_name,
                graph_checked: Arc::default(),
            }
        };
        let started = Instant::now();
        let mut request = request;
        let mut compiled = match &conflict {
            // Two environments for one node: nothing to compile.
            Some(_) => Err(CompileFailure::Error {
                code: String::new(),
                message: String::new(),
            }),
            None => (self.compile)(&scope, &request),
        };
        // Resources beyond their grants: compile once more without the
        // Manifests that declared them, so that the others still reach the node.
        let mut refused: Vec<(ManifestKey, String)> = Vec::new();
        let mut grant_failure = None;
        if let Ok(catalog) = &compiled {
            let violations = grants.check_owned(catalog, &name, labels, &sources, env_source);
            if !violations.is_empty() {
                for v in &violations {
                    refused.push((v.manifest.clone(), v.message.clone()));
                }
                let keep: Vec<bool> = sources
                    .iter()
                    .map(|s| {
                        !violations
                            .iter()
                            .any(|v| v.manifest == (s.namespace.clone(), s.name.clone()))
                    })
                    .collect();
                let mut owners = input_owner.iter();
                request
                    .manifests
                    .retain(|_| owners.next().is_none_or(|&o| keep[o]));
                // Each kept source's new index.
                let mut renumber = Vec::with_capacity(keep.len());
                let mut next = 0;
                for &k in &keep {
                    renumber.push(next);
                    next += usize::from(k);
                }
                input_owner = input_owner
                    .into_iter()
                    .filter(|&o| keep[o])
                    .map(|o| renumber[o])
                    .collect();
                let mut k = keep.iter();
                sources.retain(|_| *k.next().unwrap_or(&true));
                env_source = env_source.filter(|&i| keep[i]).map(|i| renumber[i]);
                if env_source.is_none() {
                    // The environment's Manifest is out: so are its modules.
                    request.modulepath.clear();
                }
                compiled = (self.compile)(&scope, &request);
                if let Ok(again) = &compiled
                    && let Some(v) = grants
                        .check_owned(again, &name, labels, &sources, env_source)
                        .into_iter()
                        .next()
                {
                    grant_failure = Some(v);
                }
            }
        }
        self.metrics
            .compile_seconds
            .observe(started.elapsed().as_secs_f64());
        let noop = any_selected && all_selected_noop;
        let result: Result<NodeCatalogSpec, Failure> = if let Some(f) = conflict {
            Err(f)
        } else if let Some(v) = grant_failure {
            Err(Failure {
                message: v.message,
                blamed: Some(vec![v.manifest]),
                reason: grant::GRANT_EXCEEDED,
            })
        } else {
            match compiled {
                Err(CompileFailure::Unavailable(message)) => return Plan::Unavailable(message),
                Err(CompileFailure::Crashed(message)) => {
                    self.metrics.compiles_crashed.inc();
                    let blamed = self.attribute_crash(&scope, &request, &sources, &input_owner);
                    Err(Failure {
                        message,
                        blamed: Some(blamed),
                        reason: reason::COMPILE_CRASHED,
                    })
                }
                Err(CompileFailure::Error { code, message }) => Err(Failure {
                    reason: match code.as_str() {
                        BUDGET_EXCEEDED_CODE => reason::BUDGET_EXCEEDED,
                        SECRET_DENIED_CODE => reason::SECRET_DENIED,
                        SECRET_NOT_FOUND_CODE => reason::SECRET_NOT_FOUND,
                        _ => reason::COMPILE_FAILED,
                    },
                    message,
                    blamed: None,
                }),
                Ok(mut catalog) => (|| {
                    let checked = scope
                        .graph_checked
                        .load(std::sync::atomic::Ordering::Relaxed);
                    if let Err(d) = if checked {
                        Ok(())
                    } else {
                        (self.check)(&catalog)
                    } {
                        let message = d.to_string();
                        let culprits = blame_resources(&message, &catalog, &sources);
                        return Err(Failure {
                            message,
                            blamed: Some(culprits),
                            reason: reason::COMPILE_FAILED,
                        });
                    }
                    mark_noop(&mut catalog, &noop_paths, env_noop, &sources);
                    let key = Some(facts.spec.seal_key.as_str());
                    if let Err(e) = self.sealer.seal_catalog(&mut catalog, &name, key) {
                        let message = e.to_string();
                        let culprits = blame_resources(&message, &catalog, &sources);
                        return Err(Failure {
                            message,
                            blamed: Some(culprits),
                            reason: reason::NODE_KEY_MISSING,
                        });
                    }
                    let encoded = codec::encode(&catalog, &name).map_err(|e| Failure {
                        message: e.to_string(),
                        blamed: None,
                        reason: reason::COMPILE_FAILED,
                    })?;
                    let files = files::bundle(&catalog, &request.modulepath, self.content.limits())
                        .map_err(|e| Failure {
                            message: e.to_string(),
                            blamed: None,
                            reason: reason::COMPILE_FAILED,
                        })?;
                    // What the content endpoint may serve this node.
                    self.content.set_node(&name, files.as_ref());
                    Ok(NodeCatalogSpec {
                        digest: files::combined_digest(
                            &codec::digest(&catalog, noop),
                            files.as_ref(),
                        ),
                        noop,
                        sources: sources.clone(),
                        catalog: encoded.catalog,
                        compressed_catalog: encoded.compressed_catalog,
                        content: files
                            .as_ref()
                            .map(|f| f.content.clone())
                            .unwrap_or_default(),
                        files: files.map(|f| f.encoded),
                    })
                })(),
            }
        };
        let secrets_read_at = (self.read_secrets(&scope)
            || matches!(&result, Err(f) if [reason::SECRET_DENIED, reason::SECRET_NOT_FOUND].contains(&f.reason)))
        .then(Instant::now);
        let (outcome, plan) = match result {
            Ok(spec) => {
                self.metrics.compiles_ok.inc();
                let id = CatalogId::of(&spec);
                let plan = if holds(&id) {
                    Plan::Unchanged
                } else {
                    Plan::Write(Arc::new(spec))
                };
                (
                    NodeOutcome::Compiled {
                        key,
                        id,
                        refused,
                        secrets_read_at,
                    },
                    plan,
                )
            }
            Err(failure) => {
                self.metrics.compiles_failed.inc();
                let blamed = failure
                    .blamed
                    .filter(|c| !c.is_empty())
                    .unwrap_or_else(|| blame(&failure.message, &sources));
                let crash = (failure.reason == reason::COMPILE_CRASHED).then(|| CrashMark {
                    manifests_key,
                    at: Instant::now(),
                    streak: streak + 1,
                });
                let plan = Plan::Failed {
                    message: failure.message.clone(),
                    blamed: blamed.clone(),
                    reason: failure.reason,
                    retry_after: crash.map(|c| crash_backoff(c.streak)),
                };
                (
                    NodeOutcome::Failed {
                        key,
                        message: failure.message,
                        blamed,
                        reason: failure.reason,
                        crash,
                        secrets_read_at,
                    },
                    plan,
                )
            }
        };
        if let Ok(mut o) = self.outcomes.lock() {
            o.insert(name, outcome);
        }
        plan
    }

    /// Whether the compile of `scope` read any Secret.
    fn read_secrets(&self, scope: &CompileScope) -> bool {
        scope.read.lock().is_ok_and(|r| !r.is_empty())
    }

    /// The Manifests to blame for a crashed compile: each Manifest whose
    /// top-level code applies to the node is compiled again with only its
    /// own top-level code (every Manifest's classes stay defined); those
    /// that crash alone are the culprits. When none does (the crash needs
    /// several together) or there is only one, every selected Manifest is
    /// blamed. At most [`MAX_ATTRIBUTION_COMPILES`] extra compiles.
    fn attribute_crash(
        &self,
        scope: &CompileScope,
        request: &CompileRequest,
        sources: &[CatalogSource],
        input_owner: &[usize],
    ) -> Vec<ManifestKey> {
        let selected: Vec<usize> = (0..request.manifests.len())
            .filter(|&i| request.manifests[i].apply_top_level)
            .collect();
        let key = |i: usize| {
            let s = input_owner.get(i).and_then(|&o| sources.get(o));
            s.map(|s| (s.namespace.clone(), s.name.clone()))
                .unwrap_or_default()
        };
        if selected.len() > 1 {
            let mut culprits = Vec::new();
            for &i in selected.iter().take(MAX_ATTRIBUTION_COMPILES) {
                let mut alone = request.clone();
                for (j, m) in alone.manifests.iter_mut().enumerate() {
                    m.apply_top_level = j == i;
                }
                if let Err(CompileFailure::Crashed(_)) = (self.compile)(scope, &alone) {
                    self.metrics.compiles_crashed.inc();
                    culprits.push(key(i));
                }
            }
            culprits.dedup();
            if !culprits.is_empty() {
                return culprits;
            }
        }
        let mut all: Vec<ManifestKey> = selected.into_iter().map(key).collect();
        all.dedup();
        all
    }
}

/// A failed compile, before it is recorded.
struct Failure {
    message: String,
    /// The culprits when the failure knows them; otherwise `blame` decides.
    blamed: Option<Vec<ManifestKey>>,
    reason: &'static str,
}

/// Marks the resources declared in noop Manifests with Puppet's `noop`
/// metaparameter, unless the code set it explicitly.
fn mark_noop(
    catalog: &mut Catalog,
    noop_paths: &[String],
    env_noop: bool,
    sources: &[CatalogSource],
) {
    if noop_paths.is_empty() && !env_noop {
        return;
    }
    // With a noop environment, whatever no inline Manifest declares is
    // the environment's (its manifests and every module's code).
    let inline: Vec<String> = sources
        .iter()
        .filter(|s| s.revision.is_none())
        .map(|s| source_path(&s.namespace, &s.name))
        .collect();
    for r in &mut catalog.resources {
        let Some(file) = r.file.as_ref() else {
            continue;
        };
        let noop = noop_paths.iter().any(|p| **p == **file)
            || (env_noop && !inline.iter().any(|p| **p == **file));
        if noop && !r.parameters.contains_key("noop") {
            r.parameters
                .insert("noop".into(), serde_json::Value::Bool(true));
        }
    }
}

/// Where an error message says it happened: Puppet's `(file: F, line: L, column: C)`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Location {
    pub file: Option<String>,
    pub line: Option<i64>,
    pub column: Option<i64>,
}

/// Finds the location in a diagnostic's text.
pub fn locate(message: &str) -> Location {
    static RE: OnceLock<Option<regex::Regex>> = OnceLock::new();
    let re = RE.get_or_init(|| {
        regex::Regex::new(r"\((?:file: ([^,)]+))?(?:, )?(?:line: (\d+))?(?:, column: (\d+))?\)")
            .ok()
    });
    let Some(re) = re else {
        return Location::default();
    };
    re.captures_iter(message)
        .filter(|c| c.get(1).is_some() || c.get(2).is_some())
        .map(|c| Location {
            file: c.get(1).map(|m| m.as_str().trim().to_string()),
            line: c.get(2).and_then(|m| m.as_str().parse().ok()),
            column: c.get(3).and_then(|m| m.as_str().parse().ok()),
        })
        .last()
        .unwrap_or_default()
}

/// The Manifests that declared the resources a graph error names (a cycle
/// message lists them as `Type[title]`), by the resources' `file`.
fn blame_resources(
    message: &str,
    catalog: &Catalog,
    sources: &[CatalogSource],
) -> Vec<ManifestKey> {
    let mut out: Vec<ManifestKey> = Vec::new();
    for r in &catalog.resources {
        let Some(file) = &r.file else { continue };
        if !message.contains(&r.reference()) {
            continue;
        }
        if let Some(s) = sources
            .iter()
            .find(|s| *source_path(&s.namespace, &s.name) == **file)
        {
            let key = (s.namespace.clone(), s.name.clone());
            if !out.contains(&key) {
                out.push(key);
            }
        }
    }
    out
}

/// The Manifests an error is blamed on: those whose file it names, or else
/// every Manifest whose top-level code applies to the node.
fn blame(message: &str, sources: &[CatalogSource]) -> Vec<ManifestKey> {
    let named: Vec<ManifestKey> = sources
        .iter()
        .filter(|s| {
            let path = source_path(&s.namespace, &s.name);
            message.match_indices(&path).any(|(i, _)| {
                let before = message[..i].chars().next_back();
                let after = message[i + path.len()..].chars().next();
                !before.is_some_and(|c| c.is_alphanumeric() || "-_./".contains(c))
                    && !after.is_some_and(|c| c.is_alphanumeric() || "-_".contains(c))
            })
        })
        .map(|s| (s.namespace.clone(), s.name.clone()))
        .collect();
    if !named.is_empty() {
        return named;
    }
    sources
        .iter()
        .filter(|s| s.selected)
        .map(|s| (s.namespace.clone(), s.name.clone()))
        .collect()
}

/// What the status of one Manifest is computed from.
pub struct StatusInputs<'a> {
    pub manifest: &'a Manifest,
    /// What the poll found of its `spec.code` (none: not polled yet, or
    /// inline source).
    pub code: Option<&'a CodeState>,
    pub parsed: &'a Parsed,
    /// Nodes the selector selects that run an agent (have NodeFacts) and
    /// that a grant gives the Manifest's namespace.
    pub targets: &'a [&'a str],
    /// Nodes the selector selects that no grant gives the namespace.
    pub ungranted: &'a [&'a str],
    pub catalogs: &'a HashMap<String, Arc<NodeCatalog>>,
    pub outcomes: &'a HashMap<String, NodeOutcome>,
    pub now: &'a str,
}

/// How many node names a Manifest status lists.
pub const MAX_LISTED_NODES: usize = 100;
/// How many errors a Manifest status lists.
pub const MAX_LISTED_ERRORS: usize = 10;

/// Computes a Manifest's status. Ready means: compiled into every selected
/// node running an agent, and applied there without failures.
pub fn manifest_status(inp: &StatusInputs) -> ManifestStatus {
    let m = inp.manifest;
    let generation = m.metadata.generation;
    let key = key_of(m);
    let previous = m
        .status
        .as_ref()
        .map(|s| s.conditions.as_slice())
        .unwrap_or(&[]);

    let mut errors = Vec::new();
    if let Some(diag) = &inp.parsed.error {
        errors.push(error_entry(None, &diag.to_string()));
    }
    let selector_error: Option<SelectorError> = m.spec.node_selector.validate().err();
    if let Some(e) = &selector_error {
        errors.push(error_entry(None, &e.to_string()));
    }

    // Compile failures blamed on this Manifest, on any node.
    let mut failing: Vec<(&String, &String, &'static str)> = inp
        .outcomes
        .iter()
        .filter_map(|(node, o)| match o {
            NodeOutcome::Failed {
                message,
                blamed,
                reason,
                ..
            } if blamed.contains(&key) => Some((node, message, *reason)),
            NodeOutcome::Compiled { refused, .. } => refused
                .iter()
                .find(|(k, _)| k == &key)
                .map(|(_, message)| (node, message, grant::GRANT_EXCEEDED)),
            _ => None,
        })
        .collect();
    failing.sort();
    let compile_failures = failing.len();
    for (node, message, _) in failing.iter().take(MAX_LISTED_ERRORS) {
        errors.push(error_entry(Some(node), message));
    }

    let with_code = m.spec.code.is_some();
    let loaded = inp.code.and_then(|c| c.loaded.as_ref());
    // With `spec.code`, a catalog holds this Manifest when it was compiled
    // from its generation and from the last good revision.
    let holds_this_generation = |c: &NodeCatalog| {
        c.spec.sources.iter().any(|s| {
            s.namespace == key.0
                && s.name == key.1
                && Some(s.generation) == generation
                && (!with_code || s.revision.as_ref() == loaded.map(|l| &l.revision))
        })
    };
    let code_error = inp
        .code
        .filter(|_| with_code)
        .and_then(|c| c.error.as_ref());
    if let Some((_, message)) = code_error {
        errors.push(error_entry(None, message));
    }
    let mut compiled = Vec::new();
    let mut applied = 0;
    let mut degraded = Vec::new();
    let mut blocked: Vec<(&str, &[ManifestKey])> = Vec::new();
    for node in inp.targets {
        let holds = inp.catalogs.get(*node).filter(|c| holds_this_generation(c));
        let Some(cat) = holds else {
            if let Some(NodeOutcome::Failed { blamed, .. }) = inp.outcomes.get(*node) {
                blocked.push((node, blamed));
            }
            continue;
        };
        compiled.push(node.to_string());
        match applied_state(cat) {
            Applied::Ok => applied += 1,
            Applied::Failed => degraded.push(node.to_string()),
            Applied::Pending => {}
        }
    }
    compiled.sort();
    degraded.sort();
    let targets = inp.targets.len();

    let (ready, reconciling, stalled) = if let Some(diag) = &inp.parsed.error {
        let msg = format!("the source does not parse: {diag}");
        (
            Wanted::new(kind::READY, false, "ParseFailed", msg.clone()),
            Wanted::new(kind::RECONCILING, false, "ParseFailed", ""),
            Wanted::new(kind::STALLED, true, "ParseFailed", msg),
        )
    } else if let Some(e) = &selector_error {
        (
            Wanted::new(kind::READY, false, "InvalidSelector", e.to_string()),
            Wanted::new(kind::RECONCILING, false, "InvalidSelector", ""),
            Wanted::new(kind::STALLED, true, "InvalidSelector", e.to_string()),
        )
    } else if let Some((why, message)) = code_error {
        let msg = match loaded {
            Some(l) => format!("{message}; nodes keep revision {}", l.revision),
            None => message.clone(),
        };
        // An unreachable registry is retried at the next poll, a Flux
        // source without an artifact yet is waited for; a bad artifact
        // needs a new one, a missing source a fix.
        let stalled = !matches!(*why, "ArtifactUnreachable" | "SourceNotReady");
        (
            Wanted::new(kind::READY, false, why, msg.clone()),
            Wanted::new(
                kind::RECONCILING,
                !stalled,
                why,
                if stalled { "" } else { msg.as_str() },
            ),
            Wanted::new(
                kind::STALLED,
                stalled,
                why,
                if stalled { msg.as_str() } else { "" },
            ),
        )
    } else if with_code && loaded.is_none() {
        let msg = "fetching the artifact of spec.code".to_string();
        (
            Wanted::new(kind::READY, false, "Fetching", msg.clone()),
            Wanted::new(kind::RECONCILING, true, "Fetching", msg),
            Wanted::new(kind::STALLED, false, "Fetching", ""),
        )
    } else if let Some((node, message, why)) = failing.first() {
        let more = match compile_failures {
            1 => String::new(),
            n => format!(" (and {} more nodes)", n - 1),
        };
        let what = match *why {
            reason::COMPILE_CRASHED => "the compile crashed",
            reason::BUDGET_EXCEEDED => "the compile exceeded its budget",
            reason::SECRET_DENIED => "a Secret read was refused",
            reason::SECRET_NOT_FOUND => "a Secret was not found",
            reason::NODE_KEY_MISSING => "secrets cannot be sealed",
            grant::GRANT_EXCEEDED => "refused by its grants",
            _ => "compile failed",
        };
        let msg = format!("{what} on node {node}: {message}{more}");
        (
            Wanted::new(kind::READY, false, why, msg.clone()),
            Wanted::new(kind::RECONCILING, false, why, ""),
            Wanted::new(kind::STALLED, true, why, msg),
        )
    } else if let Some(first) = inp.ungranted.iter().min() {
        let msg = format!(
            "selects {} node(s), first {first}, that no ManifestGrant gives namespace {}: an admin grants them, or narrow spec.nodeSelector",
            inp.ungranted.len(),
            key.0
        );
        (
            Wanted::new(kind::READY, false, grant::NOT_GRANTED, msg.clone()),
            Wanted::new(kind::RECONCILING, false, grant::NOT_GRANTED, ""),
            Wanted::new(kind::STALLED, true, grant::NOT_GRANTED, msg),
        )
    } else if let Some((node, blamed)) = blocked.iter().min() {
        let culprits: Vec<String> = blamed.iter().map(|(ns, n)| format!("{ns}/{n}")).collect();
        let msg = format!(
            "the compile of node {node} fails in Manifest {}: see its status",
            culprits.join(", ")
        );
        (
            Wanted::new(kind::READY, false, "BlockedByOtherManifest", msg.clone()),
            Wanted::new(kind::RECONCILING, false, "BlockedByOtherManifest", ""),
            Wanted::new(kind::STALLED, true, "BlockedByOtherManifest", msg),
        )
    } else if compiled.len() < targets {
        let msg = format!("compiled into {} of {targets} nodes", compiled.len());
        (
            Wanted::new(kind::READY, false, "Compiling", msg.clone()),
            Wanted::new(kind::RECONCILING, true, "Compiling", msg),
            Wanted::new(kind::STALLED, false, "Compiling", ""),
        )
    } else if let Some(first) = degraded.first() {
        let msg = format!(
            "applied on {applied} of {targets} nodes; resources failed on {} node(s), first {first}: see its NodeCatalog",
            degraded.len()
        );
        (
            Wanted::new(kind::READY, false, "ApplyFailed", msg.clone()),
            Wanted::new(kind::RECONCILING, false, "ApplyFailed", ""),
            Wanted::new(kind::STALLED, false, "ApplyFailed", ""),
        )
    } else if applied < targets {
        let msg = format!("applied on {applied} of {targets} nodes");
        (
            Wanted::new(kind::READY, false, "Applying", msg.clone()),
            Wanted::new(kind::RECONCILING, true, "Applying", msg),
            Wanted::new(kind::STALLED, false, "Applying", ""),
        )
    } else {
        let msg = match targets {
            0 => "selects no node running an agent".to_string(),
            n => format!("applied on all {n} selected nodes"),
        };
        (
            Wanted::new(kind::READY, true, "Applied", msg),
            Wanted::new(kind::RECONCILING, false, "Applied", ""),
            Wanted::new(kind::STALLED, false, "Applied", ""),
        )
    };

    ManifestStatus {
        observed_generation: generation,
        conditions: status::merge(
            previous,
            vec![ready, reconciling, stalled],
            generation,
            inp.now,
        ),
        selected_nodes: targets as i64,
        compiled_nodes: compiled.len() as i64,
        applied_nodes: applied as i64,
        nodes: compiled.into_iter().take(MAX_LISTED_NODES).collect(),
        errors,
        last_attempted_revision: inp
            .code
            .filter(|_| with_code)
            .and_then(|c| c.attempted.clone()),
        last_applied_revision: loaded.filter(|_| with_code).map(|l| l.revision.clone()),
        artifact_digest: loaded.filter(|_| with_code).map(|l| l.digest.clone()),
        rollout: None,
    }
}

fn error_entry(node: Option<&str>, message: &str) -> ManifestError {
    let loc = locate(message);
    ManifestError {
        node: node.map(str::to_string),
        message: crate::k8s::events::truncate(message, status::MAX_MESSAGE).to_string(),
        file: loc.file,
        line: loc.line,
        column: loc.column,
    }
}

/// Whether a NodeCatalog's agent has applied its current spec.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Applied {
    /// Applied the current spec without failures.
    Ok,
    /// Applied the current spec; some resources failed.
    Failed,
    /// Not applied yet.
    Pending,
}

/// Reads a NodeCatalog's status against its spec.
pub fn applied_state(c: &NodeCatalog) -> Applied {
    let Some(st) = &c.status else {
        return Applied::Pending;
    };
    let current = st.observed_generation.is_some()
        && st.observed_generation == c.metadata.generation
        && st
            .last_run
            .as_ref()
            .is_some_and(|r| r.digest == c.spec.digest);
    if !current {
        Applied::Pending
    } else if status::is_true(&st.conditions, kind::READY) {
        Applied::Ok
    } else {
        Applied::Failed
    }
}

/// The nodes a Manifest targets: selected by its selector and running an agent.
#[cfg(test)]
pub fn targets<'a>(
    manifest: &Manifest,
    nodes: &'a [Arc<Node>],
    with_facts: &HashSet<String>,
) -> Vec<&'a str> {
    granted_targets(manifest, nodes, with_facts, &Grants::unrestricted()).0
}

/// The nodes a Manifest targets (selected by its selector, running an
/// agent, and given to its namespace by a grant), and those it selects
/// that no grant gives it.
pub fn granted_targets<'a>(
    manifest: &Manifest,
    nodes: &'a [Arc<Node>],
    with_facts: &HashSet<String>,
    grants: &Grants,
) -> (Vec<&'a str>, Vec<&'a str>) {
    let namespace = key_of(manifest).0;
    nodes
        .iter()
        .filter(|n| with_facts.contains(n.metadata.name.as_deref().unwrap_or_default()))
        .filter(|n| manifest.spec.node_selector.matches(n.labels()))
        .filter_map(|n| {
            Some((
                n.metadata.name.as_deref()?,
                grants.may_target(&namespace, n.labels()),
            ))
        })
        .fold(
            (Vec::new(), Vec::new()),
            |(mut ok, mut not), (name, granted)| {
                if granted {
                    ok.push(name)
                } else {
                    not.push(name)
                }
                (ok, not)
            },
        )
}

pub mod rollout;
mod stable;
use stable::Version;
pub use stable::{Gate, Stable, StableCode};

#[cfg(test)]
mod code_tests;
#[cfg(test)]
mod grant_tests;
#[cfg(test)]
mod rollout_tests;
#[cfg(test)]
mod tests;
