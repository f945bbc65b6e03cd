//! What candidate Manifests would do to the cluster's nodes, before they are
//! applied: the engine of `kuppet diff --kubeconfig`.
//!
//! The cluster is read once into a [`Snapshot`] (Nodes, Manifests, NodeFacts,
//! NodeCatalogs, ManifestGrants, and the environments of Manifests with
//! `spec.code`); [`preview`] is pure over it, so tests feed it built objects.
//! Each node is compiled by the controller's own [`Planner`] (its Manifest
//! selection, grants, shared namespaces, environments, noop marking, graph
//! check and sealing), with the candidates in place of the cluster's
//! Manifests of the same namespace/name, and compared with the catalog its
//! NodeCatalog holds now.
//!
//! `kuppet diff` compiles in the controller's sandboxed compile workers
//! ([`worker_compile`]), since the cluster's Manifests are other teams'
//! code; tests and the bench compile in this process ([`in_process_compile`]).
//! `kuppet::secret` is checked against the grants as the controller checks
//! it, but no Secret is read: the value is a placeholder, and every sealed value (the
//! NodeCatalog's, sealed to the node by the controller's key) is compared as
//! `[sealed]`: a diff can tell that a value is or stops being Sensitive, not
//! whether a sealed value changed.

use super::codec;
use super::controller::code::{CodeState, Loaded};
use super::controller::plan::{self, CompileFailure, CompileFn, CompileScope, Plan, Planner};
use super::crd::{Manifest, ManifestGrant, NodeCatalog, NodeFacts};
use super::metrics::ControllerMetrics;
use super::seal;
use crate::cli::code::Code;
use k8s_openapi::api::core::v1::Node;
use k8s_openapi::jiff::Timestamp;
use kube::ResourceExt;
use kuppet_catalog::Catalog;
use kuppet_eval::{CompileRequest, DataConfig, SecretSource};
use std::collections::{BTreeSet, HashMap, HashSet};
use std::sync::Arc;

/// What a sealed value is compared and shown as.
pub const SEALED: &str = "[sealed]";

/// Compiles run on threads with this stack (the compiler's own thread has its own).
const THREAD_STACK: usize = 16 * 1024 * 1024;

/// The cluster objects a preview reads.
#[derive(Default, Clone)]
pub struct Snapshot {
    pub nodes: Vec<Arc<Node>>,
    pub manifests: Vec<Arc<Manifest>>,
    pub facts: Vec<Arc<NodeFacts>>,
    pub catalogs: Vec<Arc<NodeCatalog>>,
    pub grants: Vec<Arc<ManifestGrant>>,
    /// The environment each Manifest with `spec.code` has now (its
    /// artifact, fetched), or why it could not be had.
    pub environments: HashMap<plan::ManifestKey, Result<Loaded, String>>,
}

/// The code to preview.
#[derive(Default, Clone)]
pub struct Candidates {
    /// Manifests replacing the cluster's of the same namespace/name (or new).
    pub manifests: Vec<Manifest>,
    /// Environment directories standing for the `spec.code` of the
    /// Manifest named (namespace, name).
    pub environments: Vec<(plan::ManifestKey, Arc<Code>)>,
}

/// Why a preview could not run.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum PreviewError {
    #[error(
        "the environment directory {dir} stands for Manifest {namespace}/{name}, which is neither in the cluster nor among the files given: give its Manifest YAML too, or fix --manifest"
    )]
    NoManifestForEnvironment {
        dir: String,
        namespace: String,
        name: String,
    },
    #[error(
        "Manifest {namespace}/{name} has inline code (spec.source), not spec.code: an environment directory cannot stand for it; give the Manifest's YAML instead"
    )]
    NotAnEnvironment { namespace: String, name: String },
    #[error("the candidate Manifest {0} is given twice")]
    Duplicate(String),
}

/// The facts a node is compiled with, and how old they are.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FactsUsed {
    /// When its agent last wrote its NodeFacts (RFC 3339), if known.
    pub updated: Option<String>,
    pub age_seconds: Option<u64>,
}

/// One node's catalogs, now and with the candidates.
#[derive(Debug, Clone)]
pub struct NodePreview {
    pub node: String,
    pub facts: FactsUsed,
    /// The catalog its NodeCatalog holds (sealed values as [`SEALED`]), or
    /// why there is none.
    pub current: Result<Catalog, String>,
    /// The catalog the candidates give it (sealed values as [`SEALED`]),
    /// or the compile's error.
    pub candidate: Result<Catalog, String>,
    /// Sealed values in either catalog, compared only as [`SEALED`].
    pub sealed: usize,
    /// Cluster Manifests whose generation differs from the one the
    /// NodeCatalog was compiled from (the controller is behind, or failed):
    /// their changes show in the diff too.
    pub stale_sources: Vec<String>,
}

/// The outcome of a preview.
#[derive(Debug, Clone, Default)]
pub struct Preview {
    pub nodes: Vec<NodePreview>,
    /// Nodes a candidate or the Manifest it replaces selects that have no
    /// NodeFacts yet (the controller compiles nothing for them).
    pub without_facts: Vec<String>,
    /// (Manifest, node): selected, but no ManifestGrant lets the
    /// Manifest's namespace configure the node.
    pub ungranted: Vec<(String, String)>,
    /// For `puppet:///` sources: the environment (cluster's, candidate's)
    /// when an environment directory replaces one.
    pub environment_pair: Option<(Arc<Code>, Arc<Code>)>,
}

/// The compile the preview uses: in this process, `kuppet::secret`
/// checked against the scope's grants and answered with a placeholder.
pub fn in_process_compile() -> CompileFn {
    Arc::new(|scope: &CompileScope, request: &CompileRequest| {
        let checker = scope.clone();
        let secrets: Arc<kuppet_eval::SecretFn> =
            Arc::new(move |namespace: &str, name: &str, key: &str| {
                checker.check_secret(namespace, name).map_err(|why| {
                    (
                        kuppet_eval::functions::kuppet::SECRET_DENIED.to_string(),
                        why,
                    )
                })?;
                Ok(format!("(Secret {namespace}/{name} key {key}, not read)"))
            });
        let data = DataConfig {
            hiera_config: None,
            environment_hiera_config: scope.environment_hiera_config.clone(),
            secrets: SecretSource(Some(secrets)),
            environment: scope.environment.clone(),
        };
        kuppet_eval::compile_with_data(request, &data)
            .map(|c| c.catalog)
            .map_err(|d| CompileFailure::from_diagnostic(&d))
    })
}

/// The compile `kuppet diff` uses: the controller's compile workers
/// (separate processes of `program`, sandboxed, with the controller's
/// default budgets) that may read `read_paths`; `kuppet::secret` checked
/// against the scope's grants and answered with a placeholder.
pub fn worker_compile(
    program: std::path::PathBuf,
    workers: usize,
    read_paths: Vec<std::path::PathBuf>,
) -> Result<CompileFn, kuppet_worker::pool::PoolError> {
    let settings = super::controller::compile::CompileSettings {
        workers,
        program,
        time: std::time::Duration::from_secs(30),
        steps: None,
        memory_bytes: 2 << 30,
        read_paths,
        test_faults: false,
    };
    let pool = Arc::new(kuppet_worker::pool::Pool::new(settings.pool_config()));
    pool.start()?;
    let reader: super::controller::compile::SecretReader =
        Arc::new(|namespace: &str, name: &str, key: &str| {
            Ok(format!("(Secret {namespace}/{name} key {key}, not read)"))
        });
    Ok(super::controller::compile::through_pool(
        pool, settings, reader,
    ))
}

fn key_of(m: &Manifest) -> plan::ManifestKey {
    (m.namespace().unwrap_or_default(), m.name_any())
}

/// Compiles every node the candidates may change with them (with
/// `compile`) and reads its current catalog. `now` ages the facts;
/// `threads` compiles run at once.
pub fn preview(
    snapshot: &Snapshot,
    candidates: &Candidates,
    now: Timestamp,
    threads: usize,
    compile: CompileFn,
) -> Result<Preview, PreviewError> {
    // Large files by checksum, as the chart's controller does (a preview
    // of an environment with large files then agrees with it).
    let content =
        crate::k8s::content::Store::new(crate::k8s::controller::files::Limits::referencing(
            crate::k8s::controller::files::REFERENCED_FILE,
        ));
    let planner =
        Planner::production(compile, Arc::new(ControllerMetrics::default())).with_content(content);
    preview_with(&planner, snapshot, candidates, now, threads)
}

/// [`preview`] with a given planner (tests give one with a fake compiler).
pub fn preview_with(
    planner: &Planner,
    snapshot: &Snapshot,
    candidates: &Candidates,
    now: Timestamp,
    threads: usize,
) -> Result<Preview, PreviewError> {
    // The Manifests as they would be: the cluster's, with the candidates in place.
    let mut replaced: HashSet<plan::ManifestKey> = HashSet::new();
    let mut candidate_manifests: Vec<Arc<Manifest>> = Vec::new();
    for m in &candidates.manifests {
        let key = key_of(m);
        if !replaced.insert(key.clone()) {
            return Err(PreviewError::Duplicate(format!("{}/{}", key.0, key.1)));
        }
        let mut m = m.clone();
        let existing = snapshot.manifests.iter().find(|c| key_of(c) == key);
        // Parsed once per (uid, generation): a candidate is a new generation.
        m.metadata.uid = Some(format!(
            "candidate:{}",
            existing
                .and_then(|e| e.uid())
                .unwrap_or_else(|| format!("{}/{}", key.0, key.1))
        ));
        m.metadata.generation = Some(
            existing
                .and_then(|e| e.metadata.generation)
                .unwrap_or(0)
                .saturating_add(1),
        );
        candidate_manifests.push(Arc::new(m));
    }
    let env_keys: HashSet<plan::ManifestKey> = candidates
        .environments
        .iter()
        .map(|(k, _)| k.clone())
        .collect();
    let mut after: Vec<Arc<Manifest>> = snapshot
        .manifests
        .iter()
        .filter(|m| !replaced.contains(&key_of(m)))
        .cloned()
        .collect();
    after.extend(candidate_manifests.iter().cloned());

    // Environments: the cluster's as fetched, the candidates' directories in place.
    let mut environment_pair = None;
    for (key, loaded) in &snapshot.environments {
        if let Ok(loaded) = loaded {
            planner.set_code_state(
                key.clone(),
                CodeState {
                    loaded: Some(loaded.clone()),
                    ..Default::default()
                },
            );
        }
    }
    for (key, code) in &candidates.environments {
        let Some(m) = after.iter().find(|m| key_of(m) == *key) else {
            return Err(PreviewError::NoManifestForEnvironment {
                dir: code.label.clone(),
                namespace: key.0.clone(),
                name: key.1.clone(),
            });
        };
        if m.spec.code.is_none() {
            return Err(PreviewError::NotAnEnvironment {
                namespace: key.0.clone(),
                name: key.1.clone(),
            });
        }
        if let Some(Ok(old)) = snapshot.environments.get(key) {
            environment_pair = Some((old.code.clone(), code.clone()));
        }
        planner.set_code_state(
            key.clone(),
            CodeState {
                loaded: Some(Loaded {
                    revision: format!("local {}", code.label),
                    digest: format!("local:{}", code.label),
                    layer_digest: format!("local:{}", code.label),
                    code: code.clone(),
                }),
                ..Default::default()
            },
        );
    }

    // The nodes they may change: those the candidates and the Manifests
    // they replace target (every node, when one's namespace is shared:
    // its classes reach every compile).
    let grants = plan_grants(&snapshot.grants);
    let with_facts: HashSet<String> = snapshot.facts.iter().map(|f| f.name_any()).collect();
    let touched: Vec<&Manifest> = candidate_manifests
        .iter()
        .map(|m| m.as_ref())
        .chain(
            snapshot
                .manifests
                .iter()
                .filter(|m| {
                    let k = key_of(m);
                    replaced.contains(&k) || env_keys.contains(&k)
                })
                .map(|m| m.as_ref()),
        )
        .collect();
    let all_nodes = touched.iter().any(|m| grants.shares(&key_of(m).0));
    let mut selected: BTreeSet<String> = BTreeSet::new();
    let mut ungranted = BTreeSet::new();
    let mut without_facts = BTreeSet::new();
    for m in &touched {
        let (ok, not) = plan::granted_targets(m, &snapshot.nodes, &with_facts, &grants);
        selected.extend(ok.into_iter().map(str::to_string));
        let (ns, name) = key_of(m);
        ungranted.extend(
            not.into_iter()
                .map(|n| (format!("{ns}/{name}"), n.to_string())),
        );
        for n in &snapshot.nodes {
            let node = n.name_any();
            if !with_facts.contains(&node) && m.spec.node_selector.matches(n.labels()) {
                without_facts.insert(node);
            }
        }
    }
    if all_nodes {
        selected.extend(
            snapshot
                .nodes
                .iter()
                .map(|n| n.name_any())
                .filter(|n| with_facts.contains(n)),
        );
    }
    let nodes: Vec<&Arc<Node>> = snapshot
        .nodes
        .iter()
        .filter(|n| selected.contains(&n.name_any()))
        .collect();

    let generations: HashMap<plan::ManifestKey, i64> = snapshot
        .manifests
        .iter()
        .map(|m| (key_of(m), m.metadata.generation.unwrap_or(0)))
        .collect();
    let one = |node: &Arc<Node>| -> NodePreview {
        let name = node.name_any();
        let facts = snapshot.facts.iter().find(|f| f.name_any() == name);
        let current = snapshot.catalogs.iter().find(|c| c.name_any() == name);
        let plan = planner.plan_granted(node, facts.map(|f| f.as_ref()), &after, &grants, None);
        // A Manifest selecting the node whose environment could not be
        // fetched: the controller would compile it with that environment.
        let missing_env = after.iter().find_map(|m| {
            let key = key_of(m);
            let why = match snapshot.environments.get(&key) {
                Some(Err(why)) if !env_keys.contains(&key) => why,
                _ => return None,
            };
            (m.spec.node_selector.matches(node.labels()))
                .then(|| format!("the environment of Manifest {}/{} could not be fetched ({why}): the preview cannot compile this node; give its environment directory with --manifest {}/{}", key.0, key.1, key.0, key.1))
        });
        // A candidate that does not parse: the controller would keep the
        // node on the last generation that did (the preview has none).
        let unparsed = candidate_manifests.iter().find_map(|m| {
            let error = planner.parsed(m).error?;
            let (ns, mname) = key_of(m);
            m.spec.node_selector.matches(node.labels()).then(|| {
                format!("Manifest {ns}/{mname} does not parse: {error} (the controller would keep the node on its last generation that parses)")
            })
        });
        let candidate = match plan {
            _ if missing_env.is_some() => Err(missing_env.unwrap_or_default()),
            _ if unparsed.is_some() => Err(unparsed.unwrap_or_default()),
            Plan::Write(spec) => codec::decode(&spec).map_err(|e| e.to_string()),
            Plan::Failed { message, .. } | Plan::Unavailable(message) => Err(message),
            Plan::WaitForFacts => Err("no NodeFacts: its agent has not reported yet".into()),
            Plan::Unchanged => Err("internal error: nothing to compare with".into()),
        };
        let current_catalog = match current {
            None => Err("no NodeCatalog yet: the controller has not compiled this node".into()),
            Some(c) => {
                codec::decode(&c.spec).map_err(|e| format!("its NodeCatalog cannot be read: {e}"))
            }
        };
        let stale_sources = current
            .map(|c| {
                c.spec
                    .sources
                    .iter()
                    .filter(|s| s.revision.is_none())
                    .filter_map(|s| {
                        let key = (s.namespace.clone(), s.name.clone());
                        let now = generations.get(&key);
                        (now != Some(&s.generation)).then(|| match now {
                            Some(g) => format!(
                                "{}/{} (compiled from generation {}, the cluster has {g})",
                                s.namespace, s.name, s.generation
                            ),
                            None => {
                                format!("{}/{} (compiled in, deleted since)", s.namespace, s.name)
                            }
                        })
                    })
                    .collect()
            })
            .unwrap_or_default();
        let mut sealed = 0;
        let redact = |r: Result<Catalog, String>, sealed: &mut usize| {
            r.map(|mut c| {
                *sealed += redact_sealed(&mut c);
                c
            })
        };
        let current_catalog = redact(current_catalog, &mut sealed);
        let candidate = redact(candidate, &mut sealed);
        NodePreview {
            node: name,
            facts: facts.map(|f| facts_used(f, now)).unwrap_or(FactsUsed {
                updated: None,
                age_seconds: None,
            }),
            current: current_catalog,
            candidate,
            sealed,
            stale_sources,
        }
    };
    let threads = threads.clamp(1, nodes.len().max(1));
    let chunk = nodes.len().div_ceil(threads).max(1);
    let mut out: Vec<NodePreview> = std::thread::scope(|s| {
        let handles: Vec<_> = nodes
            .chunks(chunk)
            .map(|part| {
                std::thread::Builder::new()
                    .name("preview".into())
                    .stack_size(THREAD_STACK)
                    .spawn_scoped(s, move || part.iter().map(|n| one(n)).collect::<Vec<_>>())
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| match h.map(|h| h.join()) {
                Ok(Ok(v)) => v,
                _ => Vec::new(),
            })
            .collect()
    });
    out.sort_by(|a, b| a.node.cmp(&b.node));
    Ok(Preview {
        nodes: out,
        without_facts: without_facts.into_iter().collect(),
        ungranted: ungranted.into_iter().collect(),
        environment_pair,
    })
}

fn plan_grants(grants: &[Arc<ManifestGrant>]) -> super::controller::grant::Grants {
    super::controller::grant::Grants::new(grants.to_vec())
}

/// Replaces every sealed value by [`SEALED`]; returns how many.
pub fn redact_sealed(catalog: &mut Catalog) -> usize {
    let mut n = 0;
    for r in &mut catalog.resources {
        for v in r.parameters.values_mut() {
            if seal::is_envelope(v) {
                *v = serde_json::Value::String(SEALED.into());
                n += 1;
            }
        }
    }
    n
}

/// When the node's agent last wrote its NodeFacts: the newest time of its
/// managed fields, else its creation.
pub fn facts_used(facts: &NodeFacts, now: Timestamp) -> FactsUsed {
    let newest = facts
        .metadata
        .managed_fields
        .iter()
        .flatten()
        .filter_map(|f| f.time.as_ref().map(|t| t.0))
        .max()
        .or_else(|| facts.metadata.creation_timestamp.as_ref().map(|t| t.0));
    FactsUsed {
        updated: newest.map(super::status::format_time),
        age_seconds: newest.and_then(|t| {
            let secs = now.as_second() - t.as_second();
            u64::try_from(secs).ok()
        }),
    }
}

fn arcs<T>(items: Vec<T>) -> Vec<Arc<T>> {
    items.into_iter().map(Arc::new).collect()
}

/// Reads what a preview needs from the cluster, and fetches the
/// environments of Manifests with `spec.code` (into `cache`) unless
/// `skip` names them (their candidate directory stands for them).
pub async fn read_snapshot(
    client: &kube::Client,
    cache: &std::path::Path,
    skip: &HashSet<plan::ManifestKey>,
) -> Result<Snapshot, kube::Error> {
    use kube::api::{Api, ListParams};
    let lp = ListParams::default();
    let (n, m, f, c, g) = (
        Api::<Node>::all(client.clone()),
        Api::<Manifest>::all(client.clone()),
        Api::<NodeFacts>::all(client.clone()),
        Api::<NodeCatalog>::all(client.clone()),
        Api::<ManifestGrant>::all(client.clone()),
    );
    let (nodes, manifests, facts, catalogs, grants) = futures::try_join!(
        n.list(&lp),
        m.list(&lp),
        f.list(&lp),
        c.list(&lp),
        g.list(&lp)
    )?;
    let mut snapshot = Snapshot {
        nodes: arcs(nodes.items),
        manifests: arcs(manifests.items),
        facts: arcs(facts.items),
        catalogs: arcs(catalogs.items),
        grants: arcs(grants.items),
        environments: HashMap::new(),
    };
    let envs = Arc::new(super::sources::Environments::new(
        cache.to_path_buf(),
        Default::default(),
    ));
    for m in &snapshot.manifests {
        let key = key_of(m);
        if m.spec.code.is_none() || skip.contains(&key) {
            continue;
        }
        let input = match m.spec.code.as_ref().and_then(|c| c.source_ref.as_ref()) {
            Some(r) => super::controller::code::PollInput::Flux(
                super::controller::flux_artifact(client, m, r).await,
            ),
            None => super::controller::code::PollInput::Oci(
                super::controller::pull_credentials(client, m).await,
            ),
        };
        let got = super::controller::code::poll_one(&envs, m, input, &CodeState::default()).await;
        let outcome = match got {
            Some(CodeState {
                loaded: Some(l), ..
            }) => Ok(l),
            Some(CodeState {
                error: Some((_, why)),
                ..
            }) => Err(why),
            _ => Err("its artifact gave no environment".to_string()),
        };
        snapshot.environments.insert(key, outcome);
    }
    Ok(snapshot)
}

#[cfg(test)]
pub(crate) mod tests;
