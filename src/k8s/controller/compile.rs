//! The production compile: each node's compile goes to a compile worker
//! (`kuppet_worker::pool`), a separate process with resource limits and a
//! sandbox, so that a panic, abort, stack overflow, runaway loop or memory
//! blow-up fails that compile only.
//!
//! In front of the workers, [`Reuse`]: a node whose values for exactly what
//! an earlier compile of the same code read (facts by path, its name, the
//! node definition it matches) are equal gets that catalog with its own
//! name, without a compile (`kuppet_eval::reuse`). The read set comes from
//! the worker, trusted as its catalog is.
//!
//! Parsing stays in the controller: the parser is bounded (a nesting limit,
//! fuzzed, inputs under etcd's 1.5 MiB object limit) and its result decides
//! `ParseFailed` before any compile. The worker parses the sources again
//! (once per content, cached), since an AST does not cross a pipe.

use super::plan::{CompileFailure, CompileFn, CompileScope};
use crate::k8s::metrics::ControllerMetrics;
use kuppet_catalog::Catalog;
use kuppet_eval::CompileRequest;
use kuppet_eval::reuse::{ReadSet, ReuseCache};
use kuppet_worker::pool::{Pool, PoolConfig, PoolError};
use kuppet_worker::protocol::{self, Fault, Limits, Outcome, Source};
use kuppet_worker::sandbox::ProcessLimits;
use std::collections::HashMap;
use std::ffi::OsString;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::Mutex;
use std::time::Duration;

/// The compile budgets and the workers that enforce them.
#[derive(Debug, Clone)]
pub struct CompileSettings {
    /// Workers (compiles at once).
    pub workers: usize,
    /// The worker executable; run as `PROGRAM compile-worker [--read-path DIR]...`.
    pub program: PathBuf,
    /// The compiler's wall-time budget per compile (a located
    /// `BUDGET_EXCEEDED` error). The worker is killed at [`Self::deadline`].
    pub time: Duration,
    /// The compiler's step budget (none: the compiler's default).
    pub steps: Option<u64>,
    /// Each worker's address space (`RLIMIT_AS`); the compiler's heap
    /// budget is half of it (the rest: the binary, stacks, allocator slack).
    pub memory_bytes: u64,
    /// Directories workers may read (modules, data).
    pub read_paths: Vec<PathBuf>,
    /// Let Manifests crash workers on purpose with a first line
    /// `# kuppet-test-fault: abort|panic|stack-overflow|hang|allocate` (e2e only).
    pub test_faults: bool,
}

impl CompileSettings {
    /// When the controller kills a compile: the time budget and half as
    /// much again (at least 2 s), so that the compiler's own, located
    /// error wins whenever the compiler is still in control.
    pub fn deadline(&self) -> Duration {
        self.time + (self.time / 2).max(Duration::from_secs(2))
    }

    pub fn limits(&self) -> Limits {
        Limits {
            max_steps: self.steps,
            max_time_ms: Some(self.time.as_millis().min(u64::MAX as u128) as u64),
            max_bytes: None,
            max_memory: Some(self.memory_bytes / 2),
        }
    }

    pub fn pool_config(&self) -> PoolConfig {
        let mut args: Vec<OsString> = vec!["compile-worker".into()];
        for p in &self.read_paths {
            args.push("--read-path".into());
            args.push(p.into());
        }
        if self.test_faults {
            args.push("--test-faults".into());
        }
        PoolConfig {
            program: self.program.clone(),
            args,
            workers: self.workers.max(1),
            limits: ProcessLimits {
                address_space: self.memory_bytes,
                // Over a worker's life; the pool replaces it at half.
                cpu_seconds: (self.deadline().as_secs() * 20).max(600),
                open_files: 256,
            },
            deadline: self.deadline(),
            start_timeout: Duration::from_secs(30),
        }
    }
}

/// The request a worker gets for a compile.
pub fn to_request(
    namespace: &str,
    request: &CompileRequest,
    settings: &CompileSettings,
) -> protocol::Request {
    let manifests: Vec<Source> = request
        .manifests
        .iter()
        .map(|m| Source {
            path: m.manifest.path.clone(),
            source: m.manifest.source.clone(),
            apply_top_level: m.apply_top_level,
        })
        .collect();
    let fault = settings
        .test_faults
        .then(|| {
            manifests
                .iter()
                .filter(|m| m.apply_top_level)
                .find_map(|m| Fault::requested_by(&m.source))
        })
        .flatten();
    protocol::Request {
        node: request.node.clone(),
        manifests,
        facts: request.facts.clone(),
        modulepath: request.modulepath.clone(),
        hiera_config: None,
        environment_hiera_config: None,
        environment: None,
        allow_generate: request.allow_generate,
        limits: settings.limits(),
        namespace: namespace.to_string(),
        fault,
    }
}

/// Reads a key of a Kubernetes Secret: `(namespace, name, key)` → the
/// value, or (issue code, message). The controller's reads the API server
/// with its own credentials (`controller::read_secret`).
pub type SecretReader =
    Arc<dyn Fn(&str, &str, &str) -> Result<String, (String, String)> + Send + Sync>;

/// Answers a worker's `kuppet::secret` call: the scope's grants first, then
/// `reader`; a refusal is `CODE: message` (the protocol's form).
pub fn answer_secret(
    scope: &CompileScope,
    reader: &SecretReader,
    namespace: &str,
    name: &str,
    key: &str,
) -> Result<String, String> {
    scope
        .check_secret(namespace, name)
        .map_err(|why| format!("{}: {why}", super::plan::SECRET_DENIED_CODE))?;
    reader(namespace, name, key).map_err(|(code, message)| format!("{code}: {message}"))
}

/// The compile function the planner calls: a worker of `pool`; `reader`
/// reads the Secrets the scope allows.
pub fn through_pool(pool: Arc<Pool>, settings: CompileSettings, reader: SecretReader) -> CompileFn {
    let compile = in_pool(pool, settings, reader);
    Arc::new(move |scope: &CompileScope, request: &CompileRequest| {
        compile(scope, request).map(|(catalog, _)| catalog)
    })
}

/// [`through_pool`] behind `reuse`: a node whose values for what an earlier
/// compile of the same code read are equal gets that catalog, uncompiled.
pub fn through_pool_reusing(
    pool: Arc<Pool>,
    settings: CompileSettings,
    reader: SecretReader,
    reuse: Arc<Reuse>,
) -> CompileFn {
    reusing(in_pool(pool, settings, reader), reuse)
}

/// A compile that also says what it read of the node (`None`: the catalog
/// may not be reused).
pub type ReadingCompileFn = Arc<
    dyn Fn(&CompileScope, &CompileRequest) -> Result<(Catalog, Option<ReadSet>), CompileFailure>
        + Send
        + Sync,
>;

/// Compiles in a worker of `pool`.
fn in_pool(pool: Arc<Pool>, settings: CompileSettings, reader: SecretReader) -> ReadingCompileFn {
    Arc::new(move |scope: &CompileScope, request: &CompileRequest| {
        let mut wire = to_request(&scope.namespace, request, &settings);
        wire.environment_hiera_config = scope.environment_hiera_config.clone();
        wire.environment = scope.environment.clone();
        let mut secrets = |namespace: &str, name: &str, key: &str| -> Result<String, String> {
            answer_secret(scope, &reader, namespace, name, key)
        };
        match pool.compile(&wire, &mut secrets) {
            Ok(Outcome::Compiled { catalog, reads, .. }) => Ok((catalog, reads)),
            Ok(Outcome::Failed { code, message, .. }) => {
                Err(CompileFailure::Error { code, message })
            }
            Err(PoolError::Crash(crash)) => Err(CompileFailure::Crashed(crash.to_string())),
            Err(e @ PoolError::Start { .. }) => Err(CompileFailure::Unavailable(e.to_string())),
        }
    })
}

/// What makes two compiles' code the same: the parsed sources (by
/// identity: the parse cache gives one `Arc` per Manifest generation, held
/// by the entry so that no other can take its address), the modulepath
/// (artifact trees are unpacked by digest), Hiera's environment layer, the
/// environment's name, the namespace and whether commands may run.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct CodeKey {
    namespace: String,
    manifests: Vec<(usize, bool)>,
    modulepath: Vec<PathBuf>,
    environment_hiera_config: Option<PathBuf>,
    environment: Option<String>,
    allow_generate: bool,
}

impl CodeKey {
    fn of(scope: &CompileScope, request: &CompileRequest) -> CodeKey {
        CodeKey {
            namespace: scope.namespace.clone(),
            manifests: request
                .manifests
                .iter()
                .map(|m| (Arc::as_ptr(&m.manifest) as usize, m.apply_top_level))
                .collect(),
            modulepath: request.modulepath.clone(),
            environment_hiera_config: scope.environment_hiera_config.clone(),
            environment: scope.environment.clone(),
            allow_generate: request.allow_generate,
        }
    }
}

/// The catalogs of one version of the code.
struct CodeCache {
    cache: ReuseCache,
    /// Keeps the sources' addresses theirs while the key names them.
    _sources: Vec<Arc<kuppet_syntax::Manifest>>,
    last_used: u64,
}

/// The controller's compile reuse: per version of the code, the catalogs
/// by what their compiles read (`kuppet_eval::reuse`). Bounded: the
/// versions used last, and a number of catalogs over all of them (past it,
/// new catalogs are not kept until an old version is let go).
pub struct Reuse {
    state: Mutex<ReuseState>,
    metrics: Arc<ControllerMetrics>,
    max_codes: usize,
    max_catalogs: usize,
}

#[derive(Default)]
struct ReuseState {
    codes: HashMap<CodeKey, CodeCache>,
    tick: u64,
}

impl Reuse {
    /// Keeps the catalogs of the `max_codes` versions of the code used
    /// last, at most `max_catalogs` in all; counts in `metrics`.
    pub fn new(metrics: Arc<ControllerMetrics>, max_codes: usize, max_catalogs: usize) -> Reuse {
        Reuse {
            state: Mutex::default(),
            metrics,
            max_codes: max_codes.max(1),
            max_catalogs,
        }
    }

    fn get(&self, key: &CodeKey, request: &CompileRequest) -> Option<Catalog> {
        let mut state = self.state.lock().unwrap_or_else(|p| p.into_inner());
        state.tick += 1;
        let tick = state.tick;
        let code = state.codes.get_mut(key)?;
        code.last_used = tick;
        let found = code.cache.get(&request.node, &request.facts)?;
        Some(found.catalog)
    }

    fn put(&self, key: CodeKey, request: &CompileRequest, catalog: &Catalog, reads: ReadSet) {
        let mut state = self.state.lock().unwrap_or_else(|p| p.into_inner());
        state.tick += 1;
        let tick = state.tick;
        if !state.codes.contains_key(&key) && state.codes.len() >= self.max_codes {
            let oldest = state
                .codes
                .iter()
                .min_by_key(|(_, c)| c.last_used)
                .map(|(k, _)| k.clone());
            if let Some(oldest) = oldest {
                state.codes.remove(&oldest);
            }
        }
        let held: usize = state.codes.values().map(|c| c.cache.len()).sum();
        if held >= self.max_catalogs {
            return;
        }
        let code = state.codes.entry(key).or_insert_with(|| CodeCache {
            cache: ReuseCache::new(0),
            _sources: request
                .manifests
                .iter()
                .map(|m| m.manifest.clone())
                .collect(),
            last_used: tick,
        });
        code.last_used = tick;
        let compiled = kuppet_eval::Compiled {
            catalog: catalog.clone(),
            logs: Vec::new(),
            reads: Some(reads),
        };
        code.cache.insert(&request.node, &request.facts, &compiled);
    }

    /// How many catalogs are held, over all versions of the code.
    pub fn catalogs(&self) -> usize {
        let state = self.state.lock().unwrap_or_else(|p| p.into_inner());
        state.codes.values().map(|c| c.cache.len()).sum()
    }
}

/// `compile` behind `reuse`. Only catalogs that pass the graph check
/// ([`check_graph`](super::plan::check_graph), the planner's) are kept for
/// reuse; a catalog returned from there, or checked here, is marked in
/// `scope.graph_checked` so that the planner does not check it again (at
/// fleet scale the check was a fifth of the controller's work).
pub fn reusing(compile: ReadingCompileFn, reuse: Arc<Reuse>) -> CompileFn {
    Arc::new(move |scope: &CompileScope, request: &CompileRequest| {
        use std::sync::atomic::Ordering;
        scope.graph_checked.store(false, Ordering::Relaxed);
        let key = CodeKey::of(scope, request);
        if let Some(catalog) = reuse.get(&key, request) {
            reuse.metrics.catalogs_reused.inc();
            scope.graph_checked.store(true, Ordering::Relaxed);
            return Ok(catalog);
        }
        reuse.metrics.compiles_run.inc();
        let (catalog, reads) = compile(scope, request)?;
        if let Some(reads) = reads
            && super::plan::check_graph(&catalog).is_ok()
        {
            reuse.put(key, request, &catalog, reads);
            scope.graph_checked.store(true, Ordering::Relaxed);
        }
        Ok(catalog)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use kuppet_eval::ManifestInput;

    fn settings() -> CompileSettings {
        CompileSettings {
            workers: 2,
            program: "/usr/bin/kuppet".into(),
            time: Duration::from_secs(20),
            steps: Some(1000),
            memory_bytes: 1 << 30,
            read_paths: vec!["/srv/modules".into()],
            test_faults: false,
        }
    }

    fn request(sources: &[(&str, bool)]) -> CompileRequest {
        CompileRequest {
            manifests: sources
                .iter()
                .enumerate()
                .map(|(i, (src, top))| ManifestInput {
                    manifest: Arc::new(
                        kuppet_syntax::parse(&format!("ns/m{i}.pp"), src).expect("parses"),
                    ),
                    apply_top_level: *top,
                })
                .collect(),
            node: "web-1".into(),
            ..Default::default()
        }
    }

    #[test]
    fn the_deadline_leaves_the_compiler_time_to_report_its_own_budget() {
        let mut s = settings();
        assert_eq!(s.deadline(), Duration::from_secs(30));
        assert_eq!(s.limits().max_steps, Some(1000));
        s.time = Duration::from_secs(1);
        assert_eq!(s.deadline(), Duration::from_secs(3));
        assert_eq!(s.limits().max_memory, Some(1 << 29));
        let config = s.pool_config();
        assert_eq!(
            config.args,
            ["compile-worker", "--read-path", "/srv/modules"]
                .map(OsString::from)
                .to_vec()
        );
        assert_eq!(config.limits.address_space, 1 << 30);
    }

    #[test]
    fn faults_reach_the_worker_only_in_test_mode_and_only_from_selected_code() {
        let req = request(&[
            ("# kuppet-test-fault: hang\nnotice(1)\n", false),
            ("# kuppet-test-fault: abort\nnotice(2)\n", true),
        ]);
        let wire = to_request("ns", &req, &settings());
        assert_eq!(wire.fault, None);
        assert_eq!(wire.manifests[1].path, "ns/m1.pp");
        assert_eq!(wire.namespace, "ns");
        let mut s = settings();
        s.test_faults = true;
        assert_eq!(to_request("ns", &req, &s).fault, Some(Fault::Abort));
        assert!(
            s.pool_config()
                .args
                .contains(&OsString::from("--test-faults"))
        );
    }

    #[test]
    fn a_secret_is_read_only_when_the_scope_allows_it_and_refusals_carry_their_code() {
        let scope = CompileScope {
            namespace: "team-a".into(),
            may_read_secret: Arc::new(|ns: &str, name: &str| {
                if ns == "team-a" && name == "db" {
                    Ok(())
                } else {
                    Err(format!("{ns}/{name} is not granted"))
                }
            }),
            read: Arc::default(),
            environment_hiera_config: None,
            environment: None,
            graph_checked: Arc::default(),
        };
        let reads = Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let counted = reads.clone();
        let reader: SecretReader = Arc::new(move |ns: &str, name: &str, key: &str| {
            counted.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            if key == "password" {
                Ok(format!("value of {ns}/{name}"))
            } else {
                Err((
                    "SECRET_NOT_FOUND".into(),
                    format!("Secret {ns}/{name} has no key {key}"),
                ))
            }
        });
        assert_eq!(
            answer_secret(&scope, &reader, "team-a", "db", "password"),
            Ok("value of team-a/db".into())
        );
        assert_eq!(
            answer_secret(&scope, &reader, "team-a", "db", "user"),
            Err("SECRET_NOT_FOUND: Secret team-a/db has no key user".into())
        );
        assert_eq!(
            answer_secret(&scope, &reader, "team-a", "root-ca", "password"),
            Err("SECRET_DENIED: team-a/root-ca is not granted".into())
        );
        assert_eq!(
            reads.load(std::sync::atomic::Ordering::SeqCst),
            2,
            "a refused read never reaches the API server"
        );
        assert_eq!(
            *scope.read.lock().expect("lock"),
            vec![("team-a".to_string(), "db".to_string())]
        );
    }

    fn scope(namespace: &str) -> CompileScope {
        CompileScope {
            namespace: namespace.into(),
            may_read_secret: Arc::new(|_: &str, _: &str| Ok(())),
            read: Arc::default(),
            environment_hiera_config: None,
            environment: None,
            graph_checked: Arc::default(),
        }
    }

    /// A compile in this process that counts its calls.
    fn counted_compile(calls: Arc<std::sync::atomic::AtomicUsize>) -> ReadingCompileFn {
        Arc::new(move |_: &CompileScope, request: &CompileRequest| {
            calls.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            let compiled =
                kuppet_eval::compile_with_data(request, &Default::default()).map_err(|d| {
                    CompileFailure::Error {
                        code: d.code.to_string(),
                        message: d.to_string(),
                    }
                })?;
            Ok((compiled.catalog, compiled.reads))
        })
    }

    fn node(request: &CompileRequest, name: &str, role: &str) -> CompileRequest {
        let mut r = request.clone();
        r.node = name.into();
        r.facts = serde_json::json!({"role": role, "uptime": name.len()})
            .as_object()
            .cloned()
            .unwrap_or_default();
        r
    }

    #[test]
    fn nodes_with_the_same_inputs_share_one_compile_per_version_of_the_code() {
        let calls = Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let metrics = Arc::new(ControllerMetrics::default());
        let reuse = Arc::new(Reuse::new(metrics.clone(), 2, 16));
        let compile = reusing(counted_compile(calls.clone()), reuse.clone());
        let code = request(&[("notify { \"role ${facts['role']}\": }", true)]);
        let scope = scope("team-a");
        let web1 = compile(&scope, &node(&code, "web1", "web")).expect("compiles");
        let web2 = compile(&scope, &node(&code, "web-2", "web")).expect("compiles");
        let db1 = compile(&scope, &node(&code, "db1", "db")).expect("compiles");
        assert_eq!(calls.load(std::sync::atomic::Ordering::SeqCst), 2);
        assert_eq!(web2.name, "web-2");
        assert_eq!(web2.resources, web1.resources);
        assert!(db1.resource("Notify[role db]").is_some());
        assert_eq!(metrics.compiles_run.get(), 2);
        assert_eq!(metrics.catalogs_reused.get(), 1);
        assert!(
            metrics
                .render()
                .contains("kuppet_compile_reuse_total{result=\"reused\"} 1")
        );
        // A new version of the code (a new parse) compiles again.
        let edited = request(&[("notify { \"role ${facts['role']}\": }", true)]);
        compile(&scope, &node(&edited, "web3", "web")).expect("compiles");
        assert_eq!(calls.load(std::sync::atomic::Ordering::SeqCst), 3);
        // So does the same code for another namespace.
        compile(&super::tests::scope("team-b"), &node(&code, "web4", "web")).expect("compiles");
        assert_eq!(calls.load(std::sync::atomic::Ordering::SeqCst), 4);
        // Two versions kept: the oldest was let go.
        assert_eq!(reuse.catalogs(), 2);
    }

    #[test]
    fn failed_and_unreusable_compiles_are_never_served_again() {
        let calls = Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let metrics = Arc::new(ControllerMetrics::default());
        let reuse = Arc::new(Reuse::new(metrics.clone(), 4, 16));
        let compile = reusing(counted_compile(calls.clone()), reuse.clone());
        let failing = request(&[("fail('no')", true)]);
        let scope = scope("team-a");
        for name in ["a", "b"] {
            assert!(compile(&scope, &node(&failing, name, "web")).is_err());
        }
        let mut generating = request(&[("notify { generate('/bin/echo', 'x'): }", true)]);
        generating.allow_generate = true;
        for name in ["a", "b"] {
            compile(&scope, &node(&generating, name, "web")).expect("compiles");
        }
        assert_eq!(calls.load(std::sync::atomic::Ordering::SeqCst), 4);
        assert_eq!(metrics.catalogs_reused.get(), 0);
        assert_eq!(reuse.catalogs(), 0);
    }

    #[test]
    fn a_catalog_is_reused_only_once_it_passed_the_graph_check_and_says_so() {
        use std::sync::atomic::Ordering;
        let calls = Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let reuse = Arc::new(Reuse::new(Arc::default(), 4, 16));
        let compile = reusing(counted_compile(calls.clone()), reuse.clone());
        let scope = scope("team-a");
        let cycle = request(&[(
            "notify { 'a': require => Notify['b'] }\nnotify { 'b': require => Notify['a'] }",
            true,
        )]);
        for name in ["a", "b"] {
            compile(&scope, &node(&cycle, name, "web")).expect("compiles");
            assert!(
                !scope.graph_checked.load(Ordering::Relaxed),
                "{name}: a catalog with a cycle is left to the planner's check"
            );
        }
        assert_eq!(calls.load(Ordering::SeqCst), 2, "never reused");
        assert_eq!(reuse.catalogs(), 0);
        let good = request(&[("notify { 'a': } -> notify { 'b': }", true)]);
        for name in ["c", "d"] {
            compile(&scope, &node(&good, name, "web")).expect("compiles");
            assert!(
                scope.graph_checked.load(Ordering::Relaxed),
                "{name}: checked"
            );
        }
        assert_eq!(calls.load(Ordering::SeqCst), 3, "the second is reused");
        // A failing compile after a checked one leaves no stale mark.
        let failing = request(&[("fail('no')", true)]);
        assert!(compile(&scope, &node(&failing, "e", "web")).is_err());
        assert!(!scope.graph_checked.load(Ordering::Relaxed));
    }

    #[test]
    fn the_catalogs_held_are_bounded_over_all_versions_of_the_code() {
        let calls = Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let reuse = Arc::new(Reuse::new(Arc::default(), 8, 3));
        let compile = reusing(counted_compile(calls.clone()), reuse.clone());
        let code = request(&[("notify { \"role ${facts['role']}\": }", true)]);
        for (i, role) in ["a", "b", "c", "d", "e"].iter().enumerate() {
            compile(&scope("ns"), &node(&code, &format!("n{i}"), role)).expect("compiles");
        }
        assert_eq!(reuse.catalogs(), 3);
        // The roles kept are reused; the others compile each time.
        compile(&scope("ns"), &node(&code, "x1", "a")).expect("compiles");
        compile(&scope("ns"), &node(&code, "x2", "e")).expect("compiles");
        assert_eq!(calls.load(std::sync::atomic::Ordering::SeqCst), 6);
    }

    #[test]
    fn the_planner_reuses_one_compile_for_nodes_of_a_role() {
        use super::super::fixtures;
        use super::super::plan::{Plan, Planner};
        use crate::k8s::crd::{Manifest, NodeFacts};
        let calls = Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let metrics = Arc::new(ControllerMetrics::default());
        let reuse = Arc::new(Reuse::new(metrics.clone(), 8, 64));
        let planner = Planner::production(
            reusing(counted_compile(calls.clone()), reuse),
            metrics.clone(),
        );
        let manifests = vec![Arc::new(Manifest::test(
            "ops",
            "site",
            "file { '/etc/motd': content => \"family ${facts['os']['family']}\" }",
        ))];
        let mut written = Vec::new();
        for name in ["web-1", "web-2", "web-3"] {
            let node = fixtures::node(name, &[]);
            let facts = NodeFacts::test(name);
            match planner.plan(&node, Some(&facts), &manifests, None) {
                Plan::Write(spec) => written.push(fixtures::catalog_of(&spec)),
                _ => panic!("{name}: no catalog written"),
            }
        }
        assert_eq!(calls.load(std::sync::atomic::Ordering::SeqCst), 1);
        assert_eq!(metrics.catalogs_reused.get(), 2);
        let names: Vec<&str> = written.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(names, ["web-1", "web-2", "web-3"]);
        assert_eq!(written[0].resources, written[2].resources);
    }

    #[test]
    fn the_planner_reports_a_cycle_for_every_node_of_a_role_with_reuse() {
        use super::super::fixtures;
        use super::super::plan::{Plan, Planner};
        use crate::k8s::crd::{Manifest, NodeFacts};
        let calls = Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let metrics = Arc::new(ControllerMetrics::default());
        let reuse = Arc::new(Reuse::new(metrics.clone(), 8, 64));
        let planner = Planner::production(reusing(counted_compile(calls), reuse), metrics);
        let manifests = vec![Arc::new(Manifest::test(
            "ops",
            "site",
            "notify { 'a': require => Notify['b'] }\nnotify { 'b': require => Notify['a'] }",
        ))];
        for name in ["web-1", "web-2"] {
            let node = fixtures::node(name, &[]);
            let facts = NodeFacts::test(name);
            match planner.plan(&node, Some(&facts), &manifests, None) {
                Plan::Failed { message, .. } => {
                    assert!(message.contains("dependency cycle"), "{name}: {message}")
                }
                _ => panic!("{name}: the cycle was not reported"),
            }
        }
    }
}
