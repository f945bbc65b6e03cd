//! The transaction: walks the graph, has each resource's provider read, diff and
//! change it, propagates refreshes, honours noop, skips dependents of failures.
//!
//! It follows Puppet 7's transaction step for step, because what users see
//! (which resources changed, were skipped, refreshed; the log lines; the exit
//! code) depends on those steps:
//!
//! - resources are evaluated in [`kuppet_catalog::graph`]'s order;
//! - a resource whose dependencies (direct or not) failed is skipped with
//!   "Skipping because of failed dependencies" and sends nothing;
//! - otherwise its provider examines it: `ensure` first, and when `ensure` is
//!   in sync every other property in order; what differs is changed, or in
//!   noop reported as `current_value X, should be Y (noop)`;
//! - the events of a resource that did not fail travel along `notify` /
//!   `subscribe` edges (containers pass them on to their contents); a
//!   receiver refreshes once, after its own changes, unless every event it
//!   got was a noop event or it is in noop itself ("Would have triggered").

mod generate;
pub mod report;
mod schedule;
mod state;

use indexmap::IndexSet;
use kuppet_catalog::graph::{GraphError, RunGraph, VertexKind, is_container};
use kuppet_catalog::validate::{Invalid, Limits};
use kuppet_catalog::{Catalog, Resource};
use kuppet_resources::clock;
use kuppet_resources::{
    self as resources, Context, Examined, Level, Machine, Message, Property, Provider, Source, Sync,
};
use report::{Event, Log, Report, ResourceStatus};
use serde_json::Value;
use std::io::Write as _;
use std::path::PathBuf;
use std::time::Instant;

/// How a run goes.
#[derive(Debug, Clone, Default)]
pub struct ApplyOptions {
    /// Change nothing; report what would change.
    pub noop: bool,
    /// The root every managed path and command lives under (`/` on a host;
    /// empty means `/`).
    pub root: PathBuf,
    /// Only resources carrying one of these tags (empty: all).
    pub tags: Vec<String>,
    /// Never resources carrying one of these tags (Puppet's `--skip_tags`).
    pub skip_tags: Vec<String>,
    /// Write the DOT graphs here.
    pub graph_dir: Option<PathBuf>,
    /// Print log lines on stdout/stderr as `puppet apply` does.
    pub console: bool,
    /// The lowest level logged (notice when unset).
    pub log_level: Option<Level>,
    /// Run provider tools (dpkg-query, apt-get, systemctl, useradd...) from
    /// this directory on the running system instead of inside the root.
    pub tool_dir: Option<PathBuf>,
    /// Seconds spent getting the catalog (compiling it), for the report's
    /// `config_retrieval` time.
    pub config_retrieval: Option<f64>,
    /// Where state between runs is kept (when scheduled resources were
    /// checked); `<root>/var/lib/kuppet` when unset.
    pub state_dir: Option<PathBuf>,
    /// How big a catalog the run accepts (see [`check`]).
    pub limits: Limits,
    /// Serves `puppet:///` sources (`kuppet apply`: the modulepath); None:
    /// a `file` with such a source fails.
    pub file_server: Option<std::sync::Arc<dyn kuppet_resources::file::serve::FileServer>>,
}

/// Why a run could not start. A run that starts always gives a report,
/// even when it stops early (a dependency cycle).
#[derive(Debug, thiserror::Error)]
pub enum TransactionError {
    /// The catalog's shape is unsafe or broken (sizes, names, NUL bytes,
    /// duplicates, edges to nothing): refused before anything is read.
    #[error(transparent)]
    Invalid(#[from] Invalid),
    /// A resource's parameters are invalid: Puppet refuses the catalog.
    #[error("{0}")]
    InvalidResource(String),
    /// The graph could not be built (a relationship to a missing resource).
    #[error(transparent)]
    Graph(#[from] GraphError),
    /// The root could not be opened (or paths cannot be kept inside it).
    #[error(transparent)]
    Root(resources::RootError),
    /// The graph files could not be written.
    #[error("Could not write the graphs to {path}: {source}")]
    GraphDir {
        path: PathBuf,
        source: std::io::Error,
    },
}

/// An event waiting for a resource to refresh.
#[derive(Debug, Clone, Copy)]
struct Queued {
    noop: bool,
}

/// What the run knows about each graph vertex.
#[derive(Debug, Default, Clone)]
struct VertexState {
    /// Failed resources (catalog indexes) this vertex depends on.
    failed_deps: IndexSet<usize>,
    /// Whether its evaluation failed (or its refresh).
    failed: bool,
    queue: Vec<Queued>,
    /// A change of this run cancels refreshes queued for it.
    invalidates: bool,
}

/// One run over one catalog.
struct Run<'a> {
    catalog: &'a Catalog,
    graph: RunGraph,
    options: &'a ApplyOptions,
    host: std::rc::Rc<Machine>,
    providers: Vec<Option<Box<dyn Provider>>>,
    paths: Vec<String>,
    state: Vec<VertexState>,
    report: Report,
    notified: IndexSet<usize>,
    tags: Vec<String>,
    skip_tags: Vec<String>,
    /// Resources generated during the run (a recursive file's children);
    /// their indexes continue the catalog's.
    generated: Vec<Resource>,
    /// Each resource's containment path, as the report gives it.
    containment: Vec<Vec<String>>,
    /// The state kept between runs, once a scheduled resource needs it.
    stored: Option<state::Stored>,
    /// Keys of the lines logged once per run.
    logged_once: std::collections::HashSet<String>,
    /// Each concat_file's generated file (resource indexes): its content
    /// is made when the walk reaches the concat_file.
    concat_files: std::collections::HashMap<usize, usize>,
}

/// Providers for a catalog's resources (None for containers), by index.
type Providers = Vec<Option<Box<dyn Provider>>>;

/// Checks a catalog as a run does before it acts, without touching the
/// host: its shape against `limits` (`kuppet_catalog::validate`: sizes,
/// depth, names, NUL bytes, duplicates, edges), each resource's parameters
/// (its provider), what resources need from each other, and the
/// relationships. An agent refuses a catalog that fails (`CatalogInvalid`)
/// and keeps its last good one.
pub fn check(catalog: &Catalog, limits: &Limits) -> Result<(), TransactionError> {
    prepare(catalog, limits).map(|_| ())
}

/// A catalog made ready to run: resources generated when the run begins
/// added (a concat_file's file), providers and the run graph.
struct Prepared<'c> {
    catalog: std::borrow::Cow<'c, Catalog>,
    /// Each concat_file's generated file (resource indexes).
    concat_files: std::collections::HashMap<usize, usize>,
    providers: Providers,
    graph: RunGraph,
}

fn prepare<'c>(catalog: &'c Catalog, limits: &Limits) -> Result<Prepared<'c>, TransactionError> {
    kuppet_catalog::validate::validate(catalog, limits)?;
    // Exported resources are for other nodes: Puppet's agent never gets
    // them (the compiler filters them out with the virtual ones).
    let catalog = match without_exported(catalog) {
        Some(c) => std::borrow::Cow::Owned(c),
        None => std::borrow::Cow::Borrowed(catalog),
    };
    // Resources generated when the run begins (a concat_file's file).
    let (catalog, concat_files) = match resources::concat::expand(&catalog) {
        Some((c, pairs)) => (std::borrow::Cow::Owned(c), pairs.into_iter().collect()),
        None => (catalog, std::collections::HashMap::new()),
    };
    let mut providers: Providers = Vec::with_capacity(catalog.resources.len());
    for r in &catalog.resources {
        if is_container(r) {
            providers.push(None);
        } else {
            let p = resources::provider_for(r)
                .and_then(|p| resources::validate_in_catalog(r, &catalog).map(|()| p))
                .map_err(|e| TransactionError::InvalidResource(e.to_string()))?;
            providers.push(Some(p));
        }
    }
    let graph = RunGraph::build(&catalog, &resources::autorequire)?;
    Ok(Prepared {
        catalog,
        concat_files,
        providers,
        graph,
    })
}

/// The catalog without its exported resources and their edges; None when
/// it has none.
fn without_exported(catalog: &Catalog) -> Option<Catalog> {
    if !catalog.resources.iter().any(|r| r.exported) {
        return None;
    }
    let mut out = catalog.clone();
    let gone: std::collections::HashSet<String> = out
        .resources
        .iter()
        .filter(|r| r.exported)
        .map(|r| r.reference())
        .collect();
    out.resources.retain(|r| !r.exported);
    out.edges
        .retain(|e| !gone.contains(&e.source) && !gone.contains(&e.target));
    Some(out)
}

/// Converges the catalog and returns the run's report.
pub fn apply(catalog: &Catalog, options: &ApplyOptions) -> Result<Report, TransactionError> {
    let started = Instant::now();
    let start_time = clock::now();
    let Prepared {
        catalog,
        concat_files,
        providers,
        graph,
    } = prepare(catalog, &options.limits)?;
    let catalog: &Catalog = &catalog;
    let root = if options.root.as_os_str().is_empty() {
        PathBuf::from("/")
    } else {
        options.root.clone()
    };
    let host = Machine::new(&root).map_err(TransactionError::Root)?;
    let host = std::rc::Rc::new(
        host.with_tool_dir(options.tool_dir.clone())
            .with_file_server(options.file_server.clone()),
    );
    let containment: Vec<Vec<String>> = (0..catalog.resources.len())
        .map(|i| graph.containment_path(catalog, i))
        .collect();
    let paths = containment
        .iter()
        .map(|c| format!("/{}", c.join("/")))
        .collect();
    let report = Report {
        host: catalog.name.clone(),
        time: start_time,
        configuration_version: catalog.version.clone(),
        transaction_uuid: clock::uuid(),
        report_format: report::REPORT_FORMAT,
        puppet_version: format!("kuppet {}", env!("CARGO_PKG_VERSION")),
        status: "failed".into(),
        transaction_completed: false,
        noop: options.noop,
        environment: catalog.environment.clone(),
        catalog_uuid: (!catalog.catalog_uuid.is_empty()).then(|| catalog.catalog_uuid.clone()),
        code_id: catalog.code_id.clone(),
        cached_catalog_status: Some("not_used".into()),
        ..Default::default()
    };
    let n = graph.len();
    let mut run = Run {
        catalog,
        graph,
        options,
        host,
        providers,
        paths,
        state: vec![VertexState::default(); n],
        report,
        notified: IndexSet::new(),
        tags: options.tags.iter().map(|t| t.to_lowercase()).collect(),
        skip_tags: options.skip_tags.iter().map(|t| t.to_lowercase()).collect(),
        generated: Vec::new(),
        containment,
        stored: None,
        logged_once: std::collections::HashSet::new(),
        concat_files,
    };
    for i in 0..catalog.resources.len() {
        for warning in resources::catalog_warnings(&catalog.resources[i], catalog) {
            run.log(Level::Warning, run.paths[i].clone(), Some(i), warning);
        }
    }
    run.write_graphs()?;
    let cycles = run.graph.cycles();
    let evaluation = Instant::now();
    if !cycles.is_empty() {
        run.fail_cycles(&cycles)?;
    } else {
        run.walk();
        run.report.transaction_completed = true;
    }
    let evaluation = evaluation.elapsed().as_secs_f64();
    if let Some(stored) = run.stored.as_mut()
        && let Err(e) = stored.save(schedule::LocalTime::now().epoch)
    {
        let message = format!("Could not save the state between runs: {e}");
        run.log(Level::Warning, "Puppet".into(), None, message);
    }
    let seconds = started.elapsed().as_secs_f64();
    if run.report.transaction_completed {
        run.log(
            Level::Notice,
            "Puppet".into(),
            None,
            format!("Applied catalog in {seconds:.2} seconds"),
        );
    }
    let mut times = Vec::new();
    if let Some(t) = options.config_retrieval {
        times.push(("config_retrieval", t));
    }
    times.push(("transaction_evaluation", evaluation));
    times.push(("catalog_application", seconds));
    run.report.finalize(seconds, &times);
    Ok(run.report)
}

impl Run<'_> {
    /// A resource of the catalog, or one generated during the run.
    fn resource(&self, i: usize) -> &Resource {
        let n = self.catalog.resources.len();
        if i < n {
            &self.catalog.resources[i]
        } else {
            &self.generated[i - n]
        }
    }

    fn threshold(&self) -> Level {
        self.options.log_level.unwrap_or(Level::Notice)
    }

    /// Records (and prints) a log line; `resource` gives tags, file and line.
    fn log(&mut self, level: Level, source: String, resource: Option<usize>, message: String) {
        let (tags, file, line) = match resource {
            Some(i) => {
                let r = self.resource(i);
                (
                    r.tags.iter().map(|t| t.to_string()).collect(),
                    r.file
                        .as_deref()
                        .filter(|f| !f.is_empty())
                        .map(String::from),
                    r.line,
                )
            }
            None => (Vec::new(), None, None),
        };
        self.push_log(level, source, tags, file, line, message);
    }

    /// Logs for a container's anchor: the container's tags (Puppet copies
    /// them onto its whits), no file or line.
    fn log_container(&mut self, level: Level, source: String, container: usize, message: String) {
        let tags = self
            .resource(container)
            .tags
            .iter()
            .map(|t| t.to_string())
            .collect();
        self.push_log(level, source, tags, None, None, message);
    }

    fn push_log(
        &mut self,
        level: Level,
        source: String,
        resource_tags: Vec<String>,
        file: Option<String>,
        line: Option<u32>,
        message: String,
    ) {
        if level < self.threshold() {
            return;
        }
        if self.options.console {
            let line = if source == "Puppet" {
                format!("{}: {message}", level.label())
            } else {
                format!("{}: {source}: {message}", level.label())
            };
            if level >= Level::Warning {
                let _ = writeln!(std::io::stderr(), "{line}");
            } else {
                let _ = writeln!(std::io::stdout(), "{line}");
            }
        }
        let mut tags = vec![level.as_str().to_string()];
        tags.extend(resource_tags);
        self.report.logs.push(Log {
            level: level.as_str().into(),
            message,
            source,
            tags,
            time: clock::now(),
            file,
            line,
        });
    }

    fn write_graphs(&self) -> Result<(), TransactionError> {
        let Some(dir) = &self.options.graph_dir else {
            return Ok(());
        };
        let err = |source| TransactionError::GraphDir {
            path: dir.clone(),
            source,
        };
        std::fs::create_dir_all(dir).map_err(err)?;
        for (name, dot) in self.graph.dot_files() {
            std::fs::write(dir.join(format!("{name}.dot")), dot).map_err(err)?;
        }
        Ok(())
    }

    /// Fails every resource of every cycle and stops, as Puppet does.
    fn fail_cycles(&mut self, cycles: &[Vec<usize>]) -> Result<(), TransactionError> {
        let graph_file = match &self.options.graph_dir {
            Some(dir) => {
                let file = dir.join("cycles.dot");
                std::fs::write(&file, self.graph.cycles_dot(cycles)).map_err(|source| {
                    TransactionError::GraphDir {
                        path: dir.clone(),
                        source,
                    }
                })?;
                Some(file.to_string_lossy().into_owned())
            }
            None => None,
        };
        let message = self.graph.cycle_message(cycles, graph_file.as_deref());
        self.log(Level::Err, "Puppet".into(), None, message);
        let mut seen = IndexSet::new();
        for v in cycles.iter().flatten() {
            if let VertexKind::Resource(i) = self.graph.vertex(*v).kind
                && seen.insert(i)
            {
                let mut status = self.new_status(i);
                status.add_event(resource_event(
                    "resource_error",
                    "failure",
                    "resource is part of a dependency cycle",
                ));
                self.report
                    .resource_statuses
                    .insert(self.resource(i).reference(), status);
            }
        }
        self.log(
            Level::Err,
            "Puppet".into(),
            None,
            "Failed to apply catalog: One or more resource dependency cycles detected in graph"
                .into(),
        );
        Ok(())
    }

    fn new_status(&self, i: usize) -> ResourceStatus {
        let r = self.resource(i);
        ResourceStatus {
            title: r.title.clone(),
            file: r
                .file
                .as_deref()
                .filter(|f| !f.is_empty())
                .map(String::from),
            line: r.line,
            resource: r.reference(),
            resource_type: r.type_name.clone(),
            provider_used: self.providers[i]
                .as_ref()
                .and_then(|p| p.provider_name().map(str::to_string)),
            containment_path: self.containment[i].clone(),
            tags: r.tags.iter().map(|t| t.to_string()).collect(),
            time: clock::now(),
            ..Default::default()
        }
    }

    /// Walks the graph in Puppet's order. A resource whose provider cannot
    /// work here (yet) is deferred, as Puppet's traversal does: retried once
    /// the ready resources are done if any of them ran, else failed with
    /// Puppet's "Provider X is not functional on this host" (its dependents
    /// are then skipped).
    fn walk(&mut self) {
        let mut walk = self.graph.walk();
        self.generate_tidies(&mut walk);
        let mut deferred: Vec<(usize, resources::Unsuitable)> = Vec::new();
        let mut progress = false;
        let mut providerless: Vec<&'static str> = Vec::new();
        loop {
            let Some(v) = walk.next() else {
                if deferred.is_empty() {
                    break;
                }
                if progress {
                    for (v, _) in deferred.drain(..) {
                        walk.requeue(&self.graph, v);
                    }
                    progress = false;
                } else {
                    for (v, why) in std::mem::take(&mut deferred) {
                        self.fail_unsuitable(v, &why, &mut providerless);
                        walk.finish(&self.graph, v);
                    }
                }
                continue;
            };
            if let Err(why) = self.suitable(v) {
                deferred.push((v, why));
                continue;
            }
            progress = true;
            self.eval_generate(v, &mut walk);
            self.evaluate(v);
            walk.finish(&self.graph, v);
        }
        for name in providerless {
            let message = resources::Unsuitable::NoProvider(name).to_string();
            self.log(Level::Err, "Puppet".into(), None, message);
        }
    }

    /// Whether the provider of the resource at `v` can work here now.
    fn suitable(&mut self, v: usize) -> Result<(), resources::Unsuitable> {
        let VertexKind::Resource(i) = self.graph.vertex(v).kind else {
            return Ok(());
        };
        let host = std::rc::Rc::clone(&self.host);
        match self.providers.get_mut(i).and_then(Option::as_mut) {
            Some(p) => p.suitable(&host),
            None => Ok(()),
        }
    }

    /// A resource whose provider never became suitable: failed (Puppet's
    /// `overly_deferred_resource_handler`); a type with no provider at all
    /// is named once at the end of the run.
    fn fail_unsuitable(
        &mut self,
        v: usize,
        why: &resources::Unsuitable,
        providerless: &mut Vec<&'static str>,
    ) {
        let (i, _) = self.vertex_resource(v);
        if !self.tagged(self.resource(i)) {
            return;
        }
        match why {
            resources::Unsuitable::NotFunctional(_) => {
                let source = self.paths[i].clone();
                self.log(Level::Err, source, Some(i), why.to_string());
            }
            resources::Unsuitable::NoProvider(name) => {
                if !providerless.contains(name) {
                    providerless.push(name);
                }
            }
        }
        let mut status = self.new_status(i);
        status.failed = true;
        self.report
            .resource_statuses
            .insert(self.resource(i).reference(), status);
        self.state[v].failed = true;
    }

    /// The resource or container a vertex stands for.
    fn vertex_resource(&self, v: usize) -> (usize, bool) {
        match self.graph.vertex(v).kind {
            VertexKind::Resource(i) => (i, false),
            VertexKind::Admissible(i) | VertexKind::Completed(i) => (i, true),
        }
    }

    /// Whether `--tags` and `--skip_tags` let a resource run.
    fn tagged(&self, resource: &Resource) -> bool {
        let has = |tags: &[String]| {
            resource
                .tags
                .iter()
                .any(|t| tags.contains(&t.to_lowercase()))
        };
        (self.tags.is_empty() || has(&self.tags)) && !has(&self.skip_tags)
    }

    /// Puppet's `eval_resource` for one vertex.
    fn evaluate(&mut self, v: usize) {
        let (i, anchor) = self.vertex_resource(v);
        // Failed dependencies: the union over direct dependencies.
        let mut failed = IndexSet::new();
        for &d in self.graph.dependencies(v) {
            failed.extend(self.state[d].failed_deps.iter().copied());
            if self.state[d].failed {
                failed.insert(self.vertex_resource(d).0);
            }
        }
        self.state[v].failed_deps = failed;
        let resource = self.resource(i);

        if !self.tagged(resource) {
            if !anchor {
                let mut status = self.new_status(i);
                status.skipped = true;
                self.report
                    .resource_statuses
                    .insert(resource.reference(), status);
            }
            self.unschedule(v);
            return;
        }
        if !anchor {
            match self.scheduled(i) {
                Ok(true) => {}
                Ok(false) => {
                    let source = self.paths[i].clone();
                    self.log(Level::Debug, source, Some(i), "Not scheduled".into());
                    let mut status = self.new_status(i);
                    status.skipped = true;
                    self.report
                        .resource_statuses
                        .insert(self.resource(i).reference(), status);
                    self.unschedule(v);
                    return;
                }
                Err(message) => {
                    let source = self.paths[i].clone();
                    self.log(Level::Err, source, Some(i), message.clone());
                    let mut status = self.new_status(i);
                    status.add_event(resource_event("resource_error", "failure", &message));
                    self.report
                        .resource_statuses
                        .insert(self.resource(i).reference(), status);
                    self.state[v].failed = true;
                    self.unschedule(v);
                    return;
                }
            }
        }
        if !self.state[v].failed_deps.is_empty() {
            if !anchor {
                let deps: Vec<usize> = self.state[v].failed_deps.iter().copied().collect();
                for d in deps {
                    if self.notified.insert(d) {
                        let msg = format!(
                            "Dependency {} has failures: true",
                            self.resource(d).reference()
                        );
                        self.log(Level::Notice, self.paths[i].clone(), Some(i), msg);
                    }
                }
                self.log(
                    Level::Warning,
                    self.paths[i].clone(),
                    Some(i),
                    "Skipping because of failed dependencies".into(),
                );
                let mut status = self.new_status(i);
                status.skipped = true;
                self.report
                    .resource_statuses
                    .insert(self.resource(i).reference(), status);
            }
            self.unschedule(v);
            return;
        }
        if !anchor {
            let status = self.harness(i);
            self.record_checked(i);
            let failed = status.failed || status.failed_to_restart;
            self.state[v].failed = failed;
            let events: Vec<Queued> = status
                .events
                .iter()
                .map(|e| Queued {
                    noop: e.status == "noop",
                })
                .collect();
            self.report
                .resource_statuses
                .insert(self.resource(i).reference(), status);
            if !failed {
                self.queue_events(v, &events);
                // A self-refreshing type (mount) refreshes after a change,
                // unless it was removed (Puppet's `deleting?`).
                if !events.is_empty()
                    && self.providers[i].as_ref().is_some_and(|p| p.self_refresh())
                {
                    self.state[v].queue.extend_from_slice(&events);
                }
                if self.state[v].invalidates {
                    self.state[v].queue.clear();
                    let (source, resource) = self.source_of(v);
                    let message = format!("Unscheduling refresh on {}", self.graph.vertex(v).name);
                    self.log(Level::Info, source, resource, message);
                }
            }
        }
        self.process_events(v);
    }

    /// Whether a resource's schedule lets it run now (true without one);
    /// the error names a schedule that does not exist or is invalid.
    fn scheduled(&mut self, i: usize) -> Result<bool, String> {
        let Some(name) = self.resource(i).param_str("schedule").map(str::to_string) else {
            return Ok(true);
        };
        let schedule = match schedule::Schedule::named(self.catalog, &name) {
            Some(Ok(s)) => s,
            Some(Err(e)) => return Err(e),
            None => return Err(format!("Could not find schedule {name}")),
        };
        let reference = self.resource(i).reference();
        let previous = self.stored().checked(&reference);
        Ok(schedule.matches(previous, &schedule::LocalTime::now()))
    }

    /// Remembers when a scheduled resource was checked.
    fn record_checked(&mut self, i: usize) {
        if self.resource(i).param_str("schedule").is_some() {
            let reference = self.resource(i).reference();
            let now = schedule::LocalTime::now().epoch;
            self.stored().record_checked(&reference, now);
        }
    }

    /// The state kept between runs, read the first time it is needed.
    fn stored(&mut self) -> &mut state::Stored {
        if self.stored.is_none() {
            // An explicit state directory is a path of this machine; the
            // default is inside the root, reached like every managed path.
            let (fs, dir) = match &self.options.state_dir {
                Some(dir) => (
                    resources::RootFs::new("/").ok(),
                    std::path::absolute(dir)
                        .unwrap_or_else(|_| dir.clone())
                        .to_string_lossy()
                        .into_owned(),
                ),
                None => (Some(self.host.fs().clone()), "/var/lib/kuppet".to_string()),
            };
            self.stored = Some(state::Stored::load(fs, &dir));
        }
        self.stored.as_mut().expect("loaded above")
    }

    /// Sends a vertex's events along its refresh edges.
    fn queue_events(&mut self, v: usize, events: &[Queued]) {
        if events.is_empty() {
            return;
        }
        let targets: Vec<usize> = self.graph.refresh_targets(v).to_vec();
        for t in targets {
            let responds = match self.graph.vertex(t).kind {
                VertexKind::Resource(j) => {
                    self.providers[j].as_ref().is_some_and(|p| p.refreshable())
                }
                _ => true,
            };
            if responds {
                let (level, message) = match self.graph.vertex(t).kind {
                    VertexKind::Completed(_) => (
                        Level::Debug,
                        format!(
                            "The container {} will propagate my refresh event",
                            self.graph.vertex(t).name
                        ),
                    ),
                    _ => (
                        Level::Info,
                        format!("Scheduling refresh of {}", self.graph.vertex(t).name),
                    ),
                };
                if level >= self.threshold() {
                    let (source, resource) = self.source_of(v);
                    self.log(level, source, resource, message);
                }
                self.state[t].queue.extend_from_slice(events);
            }
        }
    }

    /// The log source of a vertex: a resource's path, a container's name.
    fn source_of(&self, v: usize) -> (String, Option<usize>) {
        match self.graph.vertex(v).kind {
            VertexKind::Resource(i) => (self.paths[i].clone(), Some(i)),
            _ => (self.graph.vertex(v).name.clone(), None),
        }
    }

    /// Drops the events queued for a vertex that is skipped.
    fn unschedule(&mut self, v: usize) {
        if !self.state[v].queue.is_empty() {
            self.state[v].queue.clear();
            let (source, resource) = self.source_of(v);
            let message = format!("Unscheduling all events on {}", self.graph.vertex(v).name);
            self.log(Level::Info, source, resource, message);
        }
    }

    /// Refreshes a vertex that received events (Puppet's `process_events`).
    fn process_events(&mut self, v: usize) {
        let queued = std::mem::take(&mut self.state[v].queue);
        if queued.is_empty() {
            return;
        }
        let (i, anchor) = self.vertex_resource(v);
        let resource = self.resource(i);
        let noop = if anchor {
            self.options.noop
        } else {
            resources::resource_noop(resource, self.options.noop)
        };
        let source = if anchor {
            self.graph.vertex(v).name.clone()
        } else {
            self.paths[i].clone()
        };
        let count = queued.len();
        let plural = if count == 1 { "event" } else { "events" };
        if noop || queued.iter().all(|e| e.noop) {
            let message = format!("Would have triggered 'refresh' from {count} {plural}");
            if anchor {
                self.log_container(Level::Notice, source, i, message);
            } else {
                self.log(Level::Notice, source, Some(i), message);
            }
            self.queue_events(v, &[Queued { noop: true }]);
            return;
        }
        if anchor {
            self.queue_events(v, &[Queued { noop: false }]);
            return;
        }
        let loglevel = loglevel(resource);
        let key = resource.reference();
        let host = std::rc::Rc::clone(&self.host);
        let mut cx = Context::new(&host, noop, loglevel);
        let result = match self.providers[i].as_mut() {
            Some(p) => p.refresh(&mut cx),
            None => Ok(()),
        };
        let messages = cx.take_messages();
        self.flush_messages(i, messages);
        match result {
            Ok(()) => {
                let message = format!("Triggered 'refresh' from {count} {plural}");
                self.log(Level::Notice, source, Some(i), message.clone());
                if let Some(status) = self.report.resource_statuses.get_mut(&key) {
                    status.add_event(resource_event("refresh", "success", &message));
                    status.restarted = true;
                }
                self.queue_events(v, &[Queued { noop: false }]);
            }
            Err(e) => {
                let message = format!("Failed to call refresh: {e}");
                self.log(Level::Err, source.clone(), Some(i), message.clone());
                self.log(Level::Err, source, Some(i), e.to_string());
                if let Some(status) = self.report.resource_statuses.get_mut(&key) {
                    status.failed_to_restart = true;
                    status.add_event(resource_event("resource_error", "failure", &message));
                }
                self.state[v].failed = true;
            }
        }
    }

    /// Logs what a provider asked to log, with Puppet's sources.
    fn flush_messages(&mut self, i: usize, messages: Vec<Message>) {
        for m in messages {
            if let Some(key) = &m.once
                && !self.logged_once.insert(key.clone())
            {
                continue;
            }
            let source = match m.source {
                Source::Puppet => "Puppet".to_string(),
                Source::Resource => self.paths[i].clone(),
                Source::Property(p) => format!("{}/{p}", self.paths[i]),
                Source::Provider(name) => {
                    format!("{}(provider={name})", self.resource(i).reference())
                }
            };
            let resource = (!matches!(m.source, Source::Puppet)).then_some(i);
            self.log(m.level, source, resource, m.text);
        }
    }

    /// Puppet's resource harness: examine, then sync what is out of sync.
    fn harness(&mut self, i: usize) -> ResourceStatus {
        let started = Instant::now();
        let mut status = self.new_status(i);
        let resource = self.resource(i);
        let noop = resources::resource_noop(resource, self.options.noop);
        let host = std::rc::Rc::clone(&self.host);
        let mut cx = Context::new(&host, noop, loglevel(resource));
        let Some(mut provider) = self.providers[i].take() else {
            return status;
        };
        let examined = provider.examine(&mut cx);
        let messages = cx.take_messages();
        self.flush_messages(i, messages);
        match examined {
            Err(e) => {
                let message = e.to_string();
                self.log(
                    Level::Err,
                    self.paths[i].clone(),
                    Some(i),
                    format!("Could not evaluate: {message}"),
                );
                status.add_event(resource_event("resource_error", "failure", &message));
            }
            Ok(Examined {
                present,
                mut properties,
            }) => {
                // Values the catalog marks secret are never shown.
                let secret = &self.resource(i).sensitive_parameters;
                if !secret.is_empty() {
                    for p in properties.iter_mut() {
                        // A file created with secret content: its ensure is secret too.
                        let secret_ensure =
                            p.name == "ensure" && secret.iter().any(|s| s == "content");
                        if (secret_ensure || secret.iter().any(|s| s == p.name)) && !p.sensitive {
                            *p = p.clone().redacted();
                        }
                    }
                }
                let ensure = properties.iter().find(|p| p.name == "ensure");
                match ensure {
                    Some(p) if p.sync != Sync::InSync => {
                        let p = p.clone();
                        self.sync_property(i, &mut *provider, &mut cx, &p, &mut status);
                    }
                    _ if present => {
                        for p in properties.iter().filter(|p| p.name != "ensure") {
                            self.sync_property(i, &mut *provider, &mut cx, p, &mut status);
                        }
                    }
                    _ => {
                        self.log(
                            Level::Debug,
                            self.paths[i].clone(),
                            Some(i),
                            "Nothing to manage: no ensure and the resource doesn't exist".into(),
                        );
                    }
                }
                // Puppet's `flush` after the changes (a mount mounts then):
                // a failure fails the resource, its changes stay reported.
                if status.changed && !cx.noop {
                    let flushed = provider.finish(&mut cx);
                    let messages = cx.take_messages();
                    self.flush_messages(i, messages);
                    if let Err(e) = flushed {
                        let message = e.to_string();
                        self.log(
                            Level::Err,
                            self.paths[i].clone(),
                            Some(i),
                            format!("Could not evaluate: {message}"),
                        );
                        status.add_event(resource_event("resource_error", "failure", &message));
                    }
                }
            }
        }
        self.providers[i] = Some(provider);
        status.evaluation_time = Some(started.elapsed().as_secs_f64());
        status
    }

    /// Puppet's `sync_if_needed` for one property.
    fn sync_property(
        &mut self,
        i: usize,
        provider: &mut dyn Provider,
        cx: &mut Context,
        p: &Property,
        status: &mut ResourceStatus,
    ) {
        let failed_text = |detail: &str| {
            format!(
                "change from {} to {} failed: {detail}",
                p.current_text, p.desired_text
            )
        };
        if p.sync != Sync::InSync
            && p.invalidate_refreshes
            && let Some(v) = self.graph.vertex_of(i)
        {
            self.state[v].invalidates = true;
        }
        let (event_status, message) = match &p.sync {
            Sync::InSync => return,
            Sync::Error(detail) => {
                self.log(Level::Err, "Puppet".into(), None, detail.clone());
                ("failure", failed_text(detail))
            }
            Sync::OutOfSync if cx.noop => (
                "noop",
                format!(
                    "current_value {}, should be {} (noop)",
                    p.current_text, p.desired_text
                ),
            ),
            Sync::OutOfSync => {
                let result = provider.sync(p, cx);
                let messages = cx.take_messages();
                self.flush_messages(i, messages);
                match result {
                    Ok(_) if p.sensitive => ("success", "changed [redacted] to [redacted]".into()),
                    Ok(message) => ("success", message),
                    Err(e) => {
                        let detail = e.to_string();
                        self.log(Level::Err, "Puppet".into(), None, detail.clone());
                        if let resources::ResourceError::Wrapped { cause, .. } = &e {
                            self.log(
                                Level::Err,
                                "Puppet".into(),
                                None,
                                format!("{detail}\nWrapped exception:\n{cause}"),
                            );
                        }
                        ("failure", failed_text(&detail))
                    }
                }
            }
        };
        let level = if event_status == "failure" {
            Level::Err
        } else {
            cx.loglevel
        };
        self.log(
            level,
            format!("{}/{}", self.paths[i], p.name),
            Some(i),
            message.clone(),
        );
        status.add_event(Event {
            audited: false,
            property: Some(p.name.to_string()),
            previous_value: if p.sensitive {
                Value::String("[redacted]".into())
            } else {
                p.current.clone()
            },
            desired_value: if p.sensitive {
                Value::String("[redacted]".into())
            } else {
                p.desired.clone()
            },
            historical_value: Value::Null,
            message,
            name: p.event.clone(),
            status: event_status.into(),
            time: clock::now(),
            redacted: p.sensitive.then_some(true),
            corrective_change: false,
        });
    }
}

/// A resource-level event (no property): errors, refreshes.
fn resource_event(name: &str, status: &str, message: &str) -> Event {
    Event {
        name: name.into(),
        status: status.into(),
        message: message.into(),
        time: clock::now(),
        redacted: Some(false),
        ..Default::default()
    }
}

/// A resource's `loglevel` metaparameter (notice when unset).
fn loglevel(resource: &Resource) -> Level {
    resource
        .param_str("loglevel")
        .and_then(Level::parse)
        .unwrap_or(Level::Notice)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exported_resources_and_their_edges_are_not_applied() {
        let catalog: Catalog = serde_json::from_str(
            r#"{"name":"n","version":1,"resources":[
                {"type":"Sshkey","title":"k","tags":[],"exported":true,"parameters":{"type":""}},
                {"type":"File","title":"/x","tags":[],"exported":false,"parameters":{}}],
              "edges":[{"source":"File[/x]","target":"Sshkey[k]"}]}"#,
        )
        .expect("catalog");
        let kept = without_exported(&catalog).expect("it had one");
        assert_eq!(kept.resources.len(), 1);
        assert_eq!(kept.resources[0].reference(), "File[/x]");
        assert!(kept.edges.is_empty());
        // The exported sshkey's invalid type does not refuse the catalog.
        assert!(check(&catalog, &Limits::default()).is_ok());
        assert!(without_exported(&kept).is_none());
    }
}
