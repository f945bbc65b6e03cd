//! The compiler: AST + facts + node name → catalog, with Puppet 7's semantics.
//!
//! [`compile`] runs Puppet's compile phases: node facts into top scope, the main
//! class (top-level code), the matching node definition, then defined types and
//! collectors until nothing changes, then relationships, overrides and tags.
//!
//! Every compile runs on a stack of its own of [`COMPILE_STACK_SIZE`] (the
//! nesting limits are measured against it) and
//! under the [`Limits`] of its request: steps, wall time, value sizes, heap.
//! Running out is a located `BUDGET_EXCEEDED` error; a panic is an
//! `INTERNAL_ERROR`, never the caller's crash.

mod access;
mod arith;
mod calls;
mod classes;
mod collectors;
pub mod compiler;
mod declarations;
mod epp;
mod erb;
pub mod error;
mod expr;
pub mod functions;
mod iteration;
mod loader;
pub mod lookup;
pub mod modules;
pub mod reads;
pub mod resource_types;
pub mod reuse;
#[cfg(feature = "ruby")]
mod ruby;
pub mod scope;
#[cfg(test)]
mod type_fixtures;

use kuppet_catalog::Catalog;
use kuppet_syntax::Manifest;
use kuppet_syntax::diagnostics::Diagnostic;
use std::path::PathBuf;
use std::sync::Arc;

pub use kuppet_values::budget::{self, Limits};

/// The stack a compile runs on. The evaluator's nesting limit
/// ([`compiler::MAX_EVAL_DEPTH`]) and the template and data limits are
/// measured against it (see `tests/hostile.rs`); the threads of a tokio
/// runtime (2 MiB) are too small for them.
pub const COMPILE_STACK_SIZE: usize = 64 << 20;

/// Everything one compile needs.
#[derive(Debug, Clone, Default)]
pub struct CompileRequest {
    /// Parsed manifests in evaluation order. Their classes, defined types,
    /// functions and type aliases are visible to every compile; the top-level
    /// statements and node blocks only of those with `apply_top_level`.
    pub manifests: Vec<ManifestInput>,
    /// Facts (the values of `$facts`, also top-scope variables).
    pub facts: serde_json::Map<String, serde_json::Value>,
    /// The node name (`$trusted['certname']`).
    pub node: String,
    /// Module directories for autoloading (`mod/manifests/init.pp` ...).
    pub modulepath: Vec<PathBuf>,
    /// Whether `generate()` may run commands where the compile runs (`kuppet
    /// compile` and `kuppet apply`: yes, as Puppet; the controller: only for
    /// code whose grant allows commands). Refused by default.
    pub allow_generate: bool,
    /// The budget: steps, wall time, value sizes, heap.
    pub limits: Limits,
}

/// Answers `kuppet::secret(name, key)` for the code of a namespace:
/// `(namespace, name, key)` → the value, or (issue code, message).
pub type SecretFn = dyn Fn(&str, &str, &str) -> Result<String, (String, String)> + Send + Sync;

/// Where a compile's `kuppet::secret` calls are answered (none by default).
#[derive(Clone, Default)]
pub struct SecretSource(pub Option<Arc<SecretFn>>);

impl std::fmt::Debug for SecretSource {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(if self.0.is_some() {
            "SecretSource(set)"
        } else {
            "SecretSource(none)"
        })
    }
}

/// Where data comes from: Hiera beyond the modules' own `hiera.yaml`, and Secrets.
#[derive(Debug, Clone, Default)]
pub struct DataConfig {
    /// The global layer's `hiera.yaml` (Puppet's `--hiera_config`): version 5,
    /// or 3; relative data directories are relative to its directory.
    pub hiera_config: Option<PathBuf>,
    /// The environment layer's `hiera.yaml` (at the environment's root):
    /// searched after the global layer and before the modules' (version 5,
    /// or 4; a version 3 file is ignored with a warning, as Puppet does).
    pub environment_hiera_config: Option<PathBuf>,
    /// Answers `kuppet::secret` (the controller's compiles only). Default: none.
    pub secrets: SecretSource,
    /// The environment's name: `$environment`, `$settings::environment`, the
    /// catalog's `environment` (and so Hiera's `%{environment}`). Default:
    /// `production`.
    pub environment: Option<String>,
}

/// One parsed manifest given to a compile.
#[derive(Debug, Clone)]
pub struct ManifestInput {
    pub manifest: Arc<Manifest>,
    pub apply_top_level: bool,
}

/// A compiled catalog and the messages the compile logged.
#[derive(Debug, Clone)]
pub struct Compiled {
    pub catalog: Catalog,
    /// (level, message): `("Notice", "Scope(Class[main]): hello")`, warnings ...
    pub logs: Vec<(&'static str, String)>,
    /// What the compile read of its node (for [`reuse`]); `None` when the
    /// catalog may not be reused (`generate()`, `kuppet::secret`).
    pub reads: Option<reuse::ReadSet>,
}

/// Compiles a catalog for one node.
pub fn compile(request: &CompileRequest) -> Result<Catalog, Diagnostic> {
    compile_with_logs(request).map(|c| c.catalog)
}

/// Compiles a catalog for one node, keeping what the compile logged.
pub(crate) fn compile_with_logs(request: &CompileRequest) -> Result<Compiled, Diagnostic> {
    compile_with_data(request, &DataConfig::default())
}

/// Compiles a catalog for one node with Hiera data beyond the modules'
/// (`--hiera-config`), keeping what the compile logged.
///
/// The compile runs on a stack of its own of [`COMPILE_STACK_SIZE`] under
/// `request.limits`, on the calling thread: what it allocates is freed where
/// it was allocated, and the thread's caches (function signatures, fixed
/// regexes) serve the next compile. A panic is caught and reported as an
/// `INTERNAL_ERROR`; since it may have left the thread's state half-updated
/// (a template's nesting depth ...), every later compile of that thread runs
/// on a fresh thread instead.
pub fn compile_with_data(
    request: &CompileRequest,
    data: &DataConfig,
) -> Result<Compiled, Diagnostic> {
    thread_local! {
        /// Whether a compile panicked on this thread.
        static SPOILED: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    }
    if SPOILED.get() {
        return compile_on_new_thread(request, data);
    }
    let _budget = kuppet_values::budget::install(request.limits);
    let compiled = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        stacker::grow(COMPILE_STACK_SIZE, || compile_here(request, data))
    }));
    compiled.unwrap_or_else(|panic| {
        SPOILED.set(true);
        Err(internal_error(&*panic))
    })
}

/// [`compile_with_data`] on a new thread with a [`COMPILE_STACK_SIZE`]
/// stack; the calling thread waits for it.
fn compile_on_new_thread(
    request: &CompileRequest,
    data: &DataConfig,
) -> Result<Compiled, Diagnostic> {
    std::thread::scope(|s| {
        let thread = std::thread::Builder::new()
            .name("kuppet-compile".into())
            .stack_size(COMPILE_STACK_SIZE)
            .spawn_scoped(s, || {
                let _budget = kuppet_values::budget::install(request.limits);
                compile_here(request, data)
            });
        match thread {
            Ok(t) => t
                .join()
                .unwrap_or_else(|panic| Err(internal_error(&*panic))),
            Err(e) => Err(Diagnostic::error(
                "COMPILE_FAILED",
                format!(
                    "Could not start a thread for the compile: {e}; the machine is out of threads or memory"
                ),
            )),
        }
    })
}

/// The diagnostic for a compile that panicked (a bug in kuppet).
fn internal_error(panic: &(dyn std::any::Any + Send)) -> Diagnostic {
    let what = panic
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic".to_string());
    Diagnostic::error(
        "INTERNAL_ERROR",
        format!(
            "Internal error in the compiler: {what}; this is a bug in kuppet, please report it with the manifest"
        ),
    )
}

thread_local! {
    /// The resources and titles of this thread's last successful compile.
    static SIZE_HINT: std::cell::Cell<(usize, usize)> = const { std::cell::Cell::new((0, 0)) };
}

/// The most a compile reserves up front from [`SIZE_HINT`].
const MAX_SIZE_HINT: usize = 1 << 16;

/// Compiles on the calling thread, under the budget installed on it.
fn compile_here(request: &CompileRequest, data: &DataConfig) -> Result<Compiled, Diagnostic> {
    let arena = typed_arena::Arena::new();
    let types = typed_arena::Arena::new();
    let mut c = compiler::Compiler::new(
        &request.node,
        &request.facts,
        request.modulepath.clone(),
        &arena,
        &types,
    );
    // As many resources as this thread's last compile had: most compiles
    // of a thread are of the same code, and growing the table copies it.
    let (resources, titles) = SIZE_HINT.get();
    c.resources.reserve(resources);
    c.titles.reserve(titles);
    c.hiera.global_config = data.hiera_config.clone();
    c.hiera.environment_config = data.environment_hiera_config.clone();
    c.allow_generate = request.allow_generate;
    c.secrets = data.secrets.clone();
    if let Some(env) = &data.environment {
        c.environment = env.clone();
    }
    for input in &request.manifests {
        c.register(&input.manifest, input.apply_top_level)
            .map_err(|e| e.into_diagnostic(&request.node))?;
    }
    c.init_top_scope();
    for input in &request.manifests {
        c.resolve_parameter_types(&input.manifest)
            .map_err(|e| fail(e, &mut c, &request.node))?;
    }
    // Stage[main], Class[Settings], Class[main].
    let mut stage = c.new_res("Stage", "main", scope::TOP, compiler::ResKind::Stage);
    stage.evaluated = true;
    stage.tags.retain(|t| &**t != "main");
    stage.params.insert("name".into(), main_param());
    let stage_id = c
        .add_resource(stage)
        .map_err(|e| e.into_diagnostic(&request.node))?;
    let mut settings = c.new_res(
        "Class",
        "Settings",
        scope::TOP,
        compiler::ResKind::Class(None),
    );
    settings.evaluated = true;
    let settings_id = c
        .add_resource(settings)
        .map_err(|e| e.into_diagnostic(&request.node))?;
    let mut main = c.new_res("Class", "main", scope::TOP, compiler::ResKind::Class(None));
    main.evaluated = true;
    main.tags.retain(|t| &**t != "main");
    main.params.insert("name".into(), main_param());
    let main_id = c
        .add_resource(main)
        .map_err(|e| e.into_diagnostic(&request.node))?;
    c.stage_main = stage_id;
    c.main_resource = main_id;
    c.add_edge(stage_id, settings_id);
    c.add_edge(stage_id, main_id);
    c.scopes[scope::TOP].resource = Some(main_id);
    for input in &request.manifests {
        if input.apply_top_level {
            c.evaluate_main_code(&input.manifest)
                .map_err(|e| fail(e, &mut c, &request.node))?;
        }
    }
    c.evaluate_node()
        .map_err(|e| fail(e, &mut c, &request.node))?;
    c.evaluate_generators()
        .map_err(|e| fail(e, &mut c, &request.node))?;
    c.take_autoload_failure()
        .map_err(|e| fail(e, &mut c, &request.node))?;
    c.finish().map_err(|e| fail(e, &mut c, &request.node))?;
    let catalog = c.to_catalog();
    SIZE_HINT.set((
        c.resources.len().min(MAX_SIZE_HINT),
        c.titles.len().min(MAX_SIZE_HINT),
    ));
    let mut logs = std::mem::take(&mut c.logs);
    for w in c.warnings.drain(..) {
        logs.push(("Warning", w));
    }
    let reads = c.reads.inputs().ok().map(|inputs| reuse::ReadSet {
        node_matcher: inputs
            .contains(&reads::Input::NodeMatch)
            .then(|| c.node_matcher.clone())
            .flatten(),
        inputs,
    });
    Ok(Compiled {
        catalog,
        logs,
        reads,
    })
}

/// The diagnostic for a compile that ended with an error or a misplaced
/// `break()`/`next()`/`return()`.
fn fail(e: error::Flow, c: &mut compiler::Compiler, node: &str) -> Diagnostic {
    let what = match e {
        error::Flow::Error(e) => return e.into_diagnostic(node),
        error::Flow::Break => "break",
        error::Flow::Next(_) => "next",
        error::Flow::Return(_) => "return",
    };
    let mut err = error::EvalError::new(format!("{what}() from context where this is illegal"));
    err.location = c.flow_origin.take().and_then(|o| o.location);
    err.into_diagnostic(node)
}

fn main_param() -> compiler::Param {
    compiler::Param {
        value: kuppet_values::Value::string("main"),
        source: std::rc::Rc::from(""),
        line: 0,
        from_default: false,
    }
}
