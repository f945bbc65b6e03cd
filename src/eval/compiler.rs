//! The compiler's state and its phases: definitions, top scope, main class,
//! node, generators (defined types and collectors), finishing (relationships,
//! overrides, tags, metaparameters) and the catalog it produces.

use super::error::{EResult, EvalError, Flow};
use super::modules::Modules;
use super::resource_types::TypeRef;
use super::resource_types::builtin as core_types;
use super::resource_types::module::ModuleType;
use super::scope::{Frame, ResId, Scope, ScopeId, ScopeKind, TOP};
use indexmap::IndexMap;
use kuppet_catalog::{Catalog, Edge, Resource};
use kuppet_syntax::Manifest;
use kuppet_syntax::ast::*;
use kuppet_syntax::span::Span;
use kuppet_values::names::QualifiedName;
use kuppet_values::types::AliasType;
use kuppet_values::value::Value;
use rustc_hash::{FxHashMap, FxHashSet};
use std::path::PathBuf;
use std::rc::Rc;

/// A definition and the manifest it is written in.
#[derive(Debug)]
pub struct Def<'a, T> {
    pub def: &'a T,
    pub manifest: &'a Manifest,
}

impl<T> Clone for Def<'_, T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T> Copy for Def<'_, T> {}

/// What a resource is an instance of.
#[derive(Debug, Clone, Copy)]
pub enum ResKind<'a> {
    /// A core type, or one a module defines in Ruby.
    Builtin(TypeRef<'a>),
    Define(Def<'a, DefineDef>),
    /// A class; `None` for Class[main].
    Class(Option<Def<'a, ClassDef>>),
    Node(Def<'a, NodeDef>),
    Stage,
}

/// A parameter value on a resource, with who set it.
#[derive(Debug, Clone)]
pub struct Param {
    pub value: Value,
    /// The class or define (lowercase name) whose code set it; `""` for main.
    pub source: Rc<str>,
    pub line: u32,
    pub from_default: bool,
}

/// A resource being compiled.
#[derive(Debug)]
pub struct Res<'a> {
    pub type_name: Rc<str>,
    pub title: Rc<str>,
    pub params: IndexMap<Rc<str>, Param, rustc_hash::FxBuildHasher>,
    pub tags: Vec<Rc<str>>,
    pub file: Option<Rc<str>>,
    pub line: Option<u32>,
    pub exported: bool,
    /// Declared virtual and not yet realized.
    pub virtual_: bool,
    /// The scope that declared it.
    pub scope: ScopeId,
    pub kind: ResKind<'a>,
    pub evaluated: bool,
    /// Where it was declared, for errors.
    pub origin: Option<(&'a Manifest, Span)>,
    /// Parameters given as `undef` (not set, but a class or defined type
    /// parameter without a default is then bound to undef, not missing).
    pub undef_params: Vec<Rc<str>>,
    /// Created by `create_resources` with a title that is not a string
    /// (an Integer): Puppet keeps its `name` in the catalog and gives it no
    /// title tag.
    pub non_string_title: bool,
    /// How many of its container's tags it has taken in: a container's
    /// tags only grow, so merging them again takes only those after these.
    pub container_tags_merged: usize,
}

impl Res<'_> {
    pub fn reference(&self) -> String {
        let mut out = String::with_capacity(self.type_name.len() + self.title.len() + 2);
        out.push_str(&self.type_name);
        out.push('[');
        out.push_str(&self.title);
        out.push(']');
        out
    }

    pub fn param(&self, name: &str) -> Option<&Value> {
        self.params.get(name).map(|p| &p.value)
    }
}

/// A chaining-arrow relationship waiting for the finish phase.
#[derive(Debug, Clone)]
pub struct Relationship {
    pub sources: Vec<RelEnd>,
    pub targets: Vec<RelEnd>,
    /// `notify` for `~>`, else `before`.
    pub notify: bool,
    pub location: Option<(ScopeId, String)>,
}

/// One end of a relationship: a reference, or the resources a collector found.
#[derive(Debug, Clone)]
pub enum RelEnd {
    Ref(String, String),
    Collector(usize),
}

/// An override from `File['x'] { ... }` waiting for its resource.
#[derive(Debug, Clone)]
pub struct Override {
    pub type_name: String,
    pub title: String,
    pub params: Vec<(String, Value, bool)>,
    pub source: Rc<str>,
    pub line: u32,
    /// Collector overrides may replace any value.
    pub from_collector: bool,
}

/// All state of one compile.
pub struct Compiler<'a> {
    pub node: String,
    pub facts: Value,
    pub modulepath: Vec<PathBuf>,
    /// The modules of the modulepath: the first directory with a module wins.
    pub modules: Modules,
    /// Whether `generate()` may run commands.
    pub allow_generate: bool,
    /// The environment's name (`$environment`, `$settings::environment`,
    /// the catalog's `environment`).
    pub environment: String,
    /// Answers `kuppet::secret`.
    pub secrets: crate::SecretSource,
    pub arena: &'a typed_arena::Arena<Manifest>,
    /// Resource types read from modules' Ruby (`lib/puppet/type`).
    pub type_arena: &'a typed_arena::Arena<ModuleType>,
    /// Module resource types by lowercase name (`None`: no module has it).
    pub module_types: FxHashMap<String, Option<&'a ModuleType>>,
    /// Whether a file exists in some module (`lib/puppet/functions/x.rb`).
    pub module_files: FxHashMap<String, bool>,
    pub loaded_paths: FxHashSet<PathBuf>,
    pub classes: FxHashMap<String, Def<'a, ClassDef>>,
    pub defines: FxHashMap<String, Def<'a, DefineDef>>,
    pub functions: FxHashMap<String, Def<'a, FunctionDef>>,
    pub aliases: FxHashMap<String, Def<'a, TypeAliasDef>>,
    pub alias_types: FxHashMap<String, Rc<AliasType>>,
    pub nodes: Vec<Def<'a, NodeDef>>,
    pub scopes: Vec<Scope>,
    pub resources: Vec<Res<'a>>,
    /// (capitalized type, title or namevar alias) → resource.
    pub titles: FxHashMap<(Rc<str>, Rc<str>), ResId>,
    pub class_scopes: FxHashMap<String, ScopeId>,
    pub classes_in_order: Vec<String>,
    pub edges: Vec<(ResId, ResId)>,
    pub collectors: Vec<super::collectors::Collector<'a>>,
    pub overrides: Vec<Override>,
    pub relationships: Vec<Relationship>,
    /// For a collector on the right of a relationship: the left side, which
    /// stands for it in the chain when it collects nothing.
    pub empty_alternatives: FxHashMap<usize, Vec<RelEnd>>,
    pub warnings: Vec<String>,
    /// Messages of notice(), warning() ... as (level, text).
    pub logs: Vec<(&'static str, String)>,
    /// Why the last autoload failed (a parse error in a module file ...).
    pub autoload_failure: Option<super::error::EvalError>,
    /// The module each autoloaded file belongs to, by file path.
    pub module_of: FxHashMap<String, String>,
    /// Parsed EPP templates by their text.
    pub epp_cache: FxHashMap<String, &'a Manifest>,
    /// Output buffers of the EPP templates being rendered.
    pub epp_out: Vec<String>,
    /// The catalog's own tags: those classes and nodes had when they were added.
    pub catalog_tags: FxHashSet<Rc<str>>,
    /// Where the last break()/return() was called, for top-level misuse errors.
    pub flow_origin: Option<EvalError>,
    pub depth: u32,
    pub main_resource: ResId,
    pub stage_main: ResId,
    /// The manifest top-level code is being evaluated from (for locations).
    pub main_manifest: Option<&'a Manifest>,
    /// Hiera: configurations and data files read so far.
    pub hiera: kuppet_hiera::HieraState,
    /// The types of class and define parameters, evaluated once where the
    /// definition is loaded (Puppet's `create_type_map`), by parameter.
    pub param_types: FxHashMap<*const Parameter, Value>,
    /// Modules' Ruby functions found, loaded and described in this compile.
    #[cfg(feature = "ruby")]
    pub ruby: super::ruby::RubyState,
    /// What this compile reads of its node (facts, name), for reuse.
    pub reads: Rc<crate::reads::ReadLog>,
    /// How node definitions match names, once the node is evaluated.
    pub node_matcher: Option<crate::reuse::NodeMatcher>,
    /// The facts whose values are hashes, by the hash's address (the facts
    /// are never changed in place): which fact a hash value is.
    pub fact_hashes: FxHashMap<usize, Rc<str>>,
    /// The path of the manifest resources were last declared in, shared.
    last_file: Option<(*const Manifest, Rc<str>)>,
    /// The tags of each resource type's name (lowercase, and its segments).
    type_tags: std::cell::RefCell<FxHashMap<Rc<str>, Vec<Rc<str>>>>,
    /// Attribute names, one allocation each ([`Compiler::name`]).
    names: std::cell::RefCell<rustc_hash::FxHashSet<Rc<str>>>,
}

/// A matched node definition, the node resource's name, and regex captures.
type NodeMatch<'a> = (Def<'a, NodeDef>, String, Option<Vec<Option<String>>>);

/// The deepest evaluation nesting before a clear error (no stack overflow).
pub(crate) const MAX_EVAL_DEPTH: u32 = 350;

impl<'a> Compiler<'a> {
    pub fn new(
        node: &str,
        facts: &serde_json::Map<String, serde_json::Value>,
        modulepath: Vec<PathBuf>,
        arena: &'a typed_arena::Arena<Manifest>,
        type_arena: &'a typed_arena::Arena<ModuleType>,
    ) -> Compiler<'a> {
        let facts_value = Value::from_json(&serde_json::Value::Object(facts.clone()));
        Compiler {
            node: node.to_string(),
            facts: facts_value,
            hiera: kuppet_hiera::HieraState::new(None, modulepath.clone()),
            modules: Modules::new(&modulepath),
            #[cfg(feature = "ruby")]
            ruby: Default::default(),
            allow_generate: false,
            environment: "production".to_string(),
            secrets: Default::default(),
            modulepath,
            arena,
            type_arena,
            module_types: FxHashMap::default(),
            module_files: FxHashMap::default(),
            loaded_paths: FxHashSet::default(),
            classes: FxHashMap::default(),
            defines: FxHashMap::default(),
            functions: FxHashMap::default(),
            aliases: FxHashMap::default(),
            alias_types: FxHashMap::default(),
            nodes: Vec::new(),
            scopes: Vec::new(),
            resources: Vec::new(),
            titles: FxHashMap::default(),
            class_scopes: FxHashMap::default(),
            classes_in_order: Vec::new(),
            edges: Vec::new(),
            collectors: Vec::new(),
            overrides: Vec::new(),
            relationships: Vec::new(),
            empty_alternatives: FxHashMap::default(),
            warnings: Vec::new(),
            logs: Vec::new(),
            autoload_failure: None,
            flow_origin: None,
            catalog_tags: FxHashSet::default(),
            epp_cache: FxHashMap::default(),
            module_of: FxHashMap::default(),
            epp_out: Vec::new(),
            depth: 0,
            main_resource: 0,
            stage_main: 0,
            main_manifest: None,
            param_types: FxHashMap::default(),
            reads: Rc::default(),
            node_matcher: None,
            fact_hashes: FxHashMap::default(),
            last_file: None,
            type_tags: Default::default(),
            names: Default::default(),
        }
    }

    /// Registers the definitions of a manifest (classes, defines, functions,
    /// type aliases; nodes when `with_nodes`).
    pub(crate) fn register(
        &mut self,
        manifest: &'a Manifest,
        with_nodes: bool,
    ) -> Result<(), EvalError> {
        for e in &manifest.program.body {
            self.register_expr(manifest, e, with_nodes)?;
        }
        Ok(())
    }

    fn register_expr(
        &mut self,
        m: &'a Manifest,
        e: &'a Expr,
        with_nodes: bool,
    ) -> Result<(), EvalError> {
        match &e.kind {
            ExprKind::Class(c) => {
                let key = c.name.to_ascii_lowercase();
                if let Some(prev) = self.classes.get(&key)
                    && !std::ptr::eq(prev.def, &**c)
                {
                    let line = prev.manifest.line_of(prev.def.span);
                    return Err(EvalError::new(format!(
                        "Class '{key}' is already defined (line: {line}); cannot redefine"
                    ))
                    .at(m, e.span));
                }
                if self.defines.contains_key(&key) {
                    return Err(EvalError::new(format!(
                        "'{key}' is already defined as a definition; cannot redefine as a class"
                    ))
                    .at(m, e.span));
                }
                self.classes.insert(
                    key,
                    Def {
                        def: c,
                        manifest: m,
                    },
                );
                for s in &c.body {
                    self.register_expr(m, s, with_nodes)?;
                }
            }
            ExprKind::Define(d) => {
                let key = d.name.to_ascii_lowercase();
                if self.classes.contains_key(&key) {
                    return Err(EvalError::new(format!(
                        "'{key}' is already defined as a class; cannot redefine as a definition"
                    ))
                    .at(m, e.span));
                }
                if let Some(prev) = self.defines.get(&key)
                    && !std::ptr::eq(prev.def, &**d)
                {
                    let line = prev.manifest.line_of(prev.def.span);
                    return Err(EvalError::new(format!(
                        "Definition '{key}' is already defined (line: {line}); cannot be redefined"
                    ))
                    .at(m, e.span));
                }
                self.defines.insert(
                    key,
                    Def {
                        def: d,
                        manifest: m,
                    },
                );
            }
            ExprKind::Function(f) => {
                let key = f.name.trim_top().to_ascii_lowercase();
                self.functions.insert(
                    key,
                    Def {
                        def: f,
                        manifest: m,
                    },
                );
            }
            ExprKind::TypeAlias(t) => {
                let key = t.name.to_ascii_lowercase();
                self.aliases.insert(
                    key,
                    Def {
                        def: t,
                        manifest: m,
                    },
                );
            }
            ExprKind::Node(n) if with_nodes => {
                for existing in &self.nodes {
                    for a in &existing.def.matches {
                        for b in &n.matches {
                            if node_match_key(a).is_some() && node_match_key(a) == node_match_key(b)
                            {
                                let line = existing.manifest.line_of(existing.def.span);
                                return Err(EvalError::new(format!(
                                    "Node '{}' is already defined (line: {line}); cannot redefine",
                                    node_match_key(a).unwrap_or_default()
                                ))
                                .at(m, e.span));
                            }
                        }
                    }
                }
                self.nodes.push(Def {
                    def: n,
                    manifest: m,
                });
            }
            ExprKind::Block(stmts) => {
                for s in stmts {
                    self.register_expr(m, s, with_nodes)?;
                }
            }
            _ => {}
        }
        Ok(())
    }

    // ----- scopes

    pub(crate) fn new_scope(
        &mut self,
        kind: ScopeKind,
        parent: Option<ScopeId>,
        source: &str,
    ) -> ScopeId {
        self.scopes.push(Scope::new(kind, parent, source));
        self.scopes.len() - 1
    }

    /// Sets up top scope: facts as variables, `$facts`, `$trusted`, `$environment`.
    pub(crate) fn init_top_scope(&mut self) {
        let top = self.new_scope(ScopeKind::Top, None, "");
        debug_assert_eq!(top, TOP);
        self.scopes[TOP].vars.record_in(self.reads.clone());
        let facts = self.facts.clone();
        if let Value::Hash(map) = &facts {
            for (k, v) in map.iter() {
                if let Value::String(name) = k {
                    self.scopes[TOP].vars.insert(name.clone(), v.clone());
                    if let Value::Hash(h) = v {
                        self.fact_hashes
                            .insert(Rc::as_ptr(h) as usize, name.clone());
                    }
                }
            }
        }
        let (hostname, domain) = match self.node.split_once('.') {
            Some((h, d)) => (h.to_string(), d.to_string()),
            None => (self.node.clone(), String::new()),
        };
        let mut trusted = IndexMap::new();
        trusted.insert(Value::string("authenticated"), Value::string("local"));
        trusted.insert(Value::string("certname"), Value::string(self.node.as_str()));
        trusted.insert(Value::string("extensions"), Value::hash(IndexMap::new()));
        trusted.insert(Value::string("hostname"), Value::string(hostname));
        trusted.insert(Value::string("domain"), Value::string(domain));
        let vars = &mut self.scopes[TOP].vars;
        vars.insert("facts".into(), facts);
        vars.insert("trusted".into(), Value::hash(trusted));
        vars.insert(
            "environment".into(),
            Value::string(self.environment.as_str()),
        );
        // The top scope is Class[main]'s.
        vars.insert("name".into(), Value::string("main"));
        vars.insert("title".into(), Value::string("main"));
        vars.insert("module_name".into(), Value::string(""));
        vars.insert("server_facts".into(), Value::hash(IndexMap::new()));
    }

    // ----- resources

    /// Adds a resource to the catalog: checks uniqueness by title and namevar.
    pub(crate) fn add_resource(&mut self, res: Res<'a>) -> Result<ResId, EvalError> {
        let type_name = res.type_name.clone();
        let key = (type_name.clone(), res.title.clone());
        if let Some(&existing) = self.titles.get(&key) {
            let prev = &self.resources[existing];
            let at = match prev.line {
                Some(l) => format!(" at (line: {l})"),
                None => String::new(),
            };
            let here = res
                .line
                .map(|l| format!(" (line: {l})"))
                .unwrap_or_default();
            return Err(EvalError::new(format!(
                "Duplicate declaration: {} is already declared{at}; cannot redeclare{here}",
                res.reference()
            ))
            .with_code("DUPLICATE_DECLARATION"));
        }
        let id = self.resources.len();
        // Packages are unique by name, provider and command together.
        if let ResKind::Builtin(t) = res.kind
            && t.is("package")
        {
            let part = |k: &str| res.param(k).map(|v| v.to_display()).unwrap_or_default();
            let inspect = |k: &str| match res.param(k) {
                Some(v) => format!("\"{}\"", v.to_display()),
                None => "nil".to_string(),
            };
            let name = res
                .param("name")
                .map(|v| v.to_display())
                .unwrap_or_else(|| res.title.to_string());
            let alias_key = (
                type_name.clone(),
                Rc::from(
                    format!(
                        "\u{0}{name}\u{0}{}\u{0}{}",
                        part("provider"),
                        part("command")
                    )
                    .as_str(),
                ),
            );
            if let Some(&existing) = self.titles.get(&alias_key) {
                let line = self.resources[existing].line.unwrap_or(0);
                let (command, provider) = (inspect("command"), inspect("provider"));
                return Err(EvalError::new(format!(
                    "Cannot alias {} to [{command}, \"{name}\", {provider}]{}; resource [\"{type_name}\", {command}, \"{name}\", {provider}] already declared (line: {line})",
                    res.reference(),
                    res.line.map(|l| format!(" at (line: {l})")).unwrap_or_default(),
                ))
                .with_code("DUPLICATE_ALIAS"));
            }
            self.titles.insert(alias_key, id);
        }
        // Namevar alias: resources of isomorphic types may not share their
        // uniqueness key (the namevar, or a module type's key attributes).
        if let ResKind::Builtin(t) = res.kind
            && t.isomorphic()
            && !t.is("package")
            && let Some(ukey) = uniqueness_key(t, &res)
        {
            let alias_key = (type_name.clone(), Rc::from(ukey.join("\u{1}").as_str()));
            if let Some(&existing) = self.titles.get(&alias_key) {
                let prev = &self.resources[existing];
                let line = prev.line.unwrap_or(0);
                let quoted: Vec<String> = ukey.iter().map(|k| format!("\"{k}\"")).collect();
                return Err(EvalError::new(format!(
                    "Cannot alias {} to [{}]{}; resource [\"{}\", {}] already declared (line: {line})",
                    res.reference(),
                    quoted.join(", "),
                    res.line.map(|l| format!(" at (line: {l})")).unwrap_or_default(),
                    type_name,
                    quoted.join(", "),
                ))
                .with_code("DUPLICATE_ALIAS"));
            }
            self.titles.insert(alias_key, id);
        }
        self.titles.insert(key, id);
        if matches!(res.kind, ResKind::Class(Some(_)) | ResKind::Node(_)) {
            self.catalog_tags.extend(res.tags.iter().cloned());
        }
        self.resources.push(res);
        Ok(id)
    }

    /// Finds a resource by capitalized type and title (or namevar alias).
    pub(crate) fn find_resource(&self, type_name: &str, title: &str) -> Option<ResId> {
        let key: (Rc<str>, Rc<str>) = (Rc::from(type_name), Rc::from(title));
        if let Some(id) = self.titles.get(&key) {
            return Some(*id);
        }
        // File paths name the same file with or without trailing slashes.
        if type_name == "File" && title.len() > 1 && title.ends_with('/') {
            let trimmed = title.trim_end_matches('/');
            if !trimmed.is_empty() {
                return self.titles.get(&(key.0, Rc::from(trimmed))).copied();
            }
        }
        None
    }

    pub fn add_edge(&mut self, from: ResId, to: ResId) {
        self.edges.push((from, to));
    }

    // ----- the phases

    /// Evaluates the top-level code of one manifest in top scope.
    pub(crate) fn evaluate_main_code(&mut self, manifest: &'a Manifest) -> EResult<()> {
        self.main_manifest = Some(manifest);
        let mut frame = Frame::new(TOP);
        for stmt in &manifest.program.body {
            match &stmt.kind {
                ExprKind::Class(_)
                | ExprKind::Define(_)
                | ExprKind::Function(_)
                | ExprKind::TypeAlias(_)
                | ExprKind::Node(_) => continue,
                _ => {}
            }
            self.eval(stmt, &mut frame, manifest)?;
        }
        Ok(())
    }

    /// Finds and evaluates the node definition matching this node.
    pub(crate) fn evaluate_node(&mut self) -> EResult<()> {
        if self.nodes.is_empty() {
            return Ok(());
        }
        let matcher = crate::reuse::NodeMatcher::new(self.nodes.iter().map(|n| n.def));
        self.reads.note(crate::reads::Input::NodeMatch);
        let found: Option<NodeMatch<'a>> = match matcher.find(&self.node) {
            Ok(found) => found.map(|(i, name, caps)| (self.nodes[i], name, caps)),
            Err((i, j, msg)) => {
                let n = self.nodes[i];
                return Err(EvalError::new(msg)
                    .at(n.manifest, n.def.matches[j].span)
                    .into());
            }
        };
        self.node_matcher = Some(matcher);
        let Some((def, node_name, captures)) = found else {
            return Err(EvalError::new(format!(
                "Could not find node statement with name 'default' or '{}'",
                self.node
            ))
            .into());
        };
        let main = self.main_resource;
        let scope = self.new_scope(ScopeKind::Node, Some(TOP), &node_name);
        let mut res = self.new_res("Node", &node_name, TOP, ResKind::Node(def));
        res.line = Some(def.manifest.line_of(def.def.span) as u32);
        res.evaluated = true;
        let id = self
            .add_resource(res)
            .map_err(|e| e.at(def.manifest, def.def.span))?;
        self.add_edge(main, id);
        self.scopes[scope].resource = Some(id);
        for var in ["module_name", "caller_module_name"] {
            self.scopes[scope]
                .vars
                .insert(var.into(), Value::string(""));
        }
        for var in ["name", "title"] {
            self.scopes[scope]
                .vars
                .insert(var.into(), Value::string(node_name.as_str()));
        }
        self.add_scope_tags(id);
        self.classes_in_order.push(node_name.clone());
        self.class_scopes.insert(node_name, scope);
        let mut frame = Frame::new(scope);
        frame.matches = captures.map(Rc::new);
        self.eval_body(&def.def.body, &mut frame, def.manifest)?;
        Ok(())
    }

    /// Evaluates collectors and defined types until nothing changes.
    pub(crate) fn evaluate_generators(&mut self) -> EResult<()> {
        let mut rounds = 0;
        loop {
            let mut done = true;
            if self.evaluate_collectors()? {
                done = false;
            }
            if self.evaluate_definitions()? {
                done = false;
            }
            if done {
                return Ok(());
            }
            rounds += 1;
            if rounds > 1000 {
                // Puppet's message; located at the last resource declared
                // (the one a self-declaring defined type keeps adding).
                let err = EvalError::new(
                    "Somehow looped more than 1000 times while evaluating host catalog",
                );
                let origin = self.resources.iter().rev().find_map(|r| r.origin);
                return Err(match origin {
                    Some((m, span)) => err.at(m, span),
                    None => err,
                }
                .into());
            }
        }
    }

    fn evaluate_definitions(&mut self) -> EResult<bool> {
        let pending: Vec<ResId> = (0..self.resources.len())
            .filter(|&i| {
                let r = &self.resources[i];
                // Exported resources are virtual here: their defines never run.
                !r.evaluated && !r.virtual_ && !r.exported && matches!(r.kind, ResKind::Define(_))
            })
            .collect();
        for &id in &pending {
            self.evaluate_define(id)?;
        }
        Ok(!pending.is_empty())
    }

    /// The finishing phase: relationships, overrides, validation, tags, metaparameters.
    pub fn finish(&mut self) -> EResult<()> {
        // Scope tags are merged again when a resource finishes, in the order
        // the resources were declared, so tags the container gets later
        // (`tag()` after the declaration) reach it too. Not a class's: Puppet
        // evaluates (and finishes) a class where it is declared, so it keeps
        // the tags its container had then.
        for id in 0..self.resources.len() {
            if !matches!(
                self.resources[id].kind,
                ResKind::Stage | ResKind::Class(Some(_))
            ) {
                self.add_scope_tags(id);
            }
        }
        self.evaluate_relationships()?;
        self.apply_overrides()?;
        self.check_unrealized()?;
        self.validate_resources()?;
        self.propagate_metaparams();
        Ok(())
    }

    fn validate_resources(&mut self) -> EResult<()> {
        // Each (type, attribute name) asked once: attribute names are one
        // shared string per compile (`Compiler::name`), so by address.
        let mut known: FxHashMap<(usize, *const u8), bool> = FxHashMap::default();
        for r in &self.resources {
            if r.virtual_ {
                continue;
            }
            if let ResKind::Builtin(t) = r.kind {
                let type_id = match t {
                    TypeRef::Core(c) => std::ptr::from_ref(c) as usize,
                    TypeRef::Module(m) => std::ptr::from_ref(m) as usize,
                };
                for name in r.params.keys() {
                    let accepted = *known
                        .entry((type_id, name.as_ptr()))
                        .or_insert_with(|| t.accepts(name));
                    if !accepted {
                        let line = r.line.map(|l| format!(" (line: {l})")).unwrap_or_default();
                        return Err(EvalError::new(format!(
                            "no parameter named '{name}'{line} on {}{line}",
                            r.reference()
                        ))
                        .with_code("INVALID_PARAMETER")
                        .into());
                    }
                }
            }
            // Relationship targets must exist.
            for rel in core_types::RELATIONSHIP_PARAMS {
                if let Some(p) = r.params.get(rel) {
                    let mut refs = Vec::new();
                    collect_refs(&p.value, &mut refs);
                    for (t, title) in refs {
                        if t == "Class" && self.find_resource("Class", &title).is_some() {
                            continue;
                        }
                        let found = self.find_resource(&t, &title).is_some();
                        if !found {
                            let line = r.line.map(|l| format!(" (line: {l})")).unwrap_or_default();
                            return Err(EvalError::new(format!(
                                "Could not find resource '{t}[{title}]' in parameter '{rel}'{line}"
                            ))
                            .with_code("MISSING_RELATIONSHIP_TARGET")
                            .into());
                        }
                    }
                }
            }
        }
        Ok(())
    }

    /// Non-relationship metaparameters flow down containment from Class[main].
    /// Tags do not: a resource takes its declaring scope's tags when it is
    /// created and again when it finishes, a class only when it is
    /// declared ([`Compiler::finish`]), as Puppet does: a `tag()` called
    /// after a class was declared does not reach the class or its content.
    fn propagate_metaparams(&mut self) {
        const INHERITED: [&str; 7] = [
            "noop", "schedule", "audit", "loglevel", "alias", "tag", "stage",
        ];
        let mut children: Vec<Vec<ResId>> = vec![Vec::new(); self.resources.len()];
        for &(from, to) in &self.edges {
            children[from].push(to);
        }
        // Walk from Class[main] (breadth first), as Puppet's catalog.walk does.
        let mut seen = vec![false; self.resources.len()];
        let mut queue = std::collections::VecDeque::new();
        queue.push_back(self.main_resource);
        seen[self.main_resource] = true;
        while let Some(src) = queue.pop_front() {
            for &tgt in &children[src] {
                for name in INHERITED {
                    if let Some(p) = self.resources[src].params.get(name).cloned()
                        && !self.resources[tgt].params.contains_key(name)
                    {
                        self.resources[tgt].params.insert(name.into(), p);
                    }
                }
                if !seen[tgt] {
                    seen[tgt] = true;
                    queue.push_back(tgt);
                }
            }
        }
    }

    /// The catalog in Puppet's JSON model.
    pub(crate) fn to_catalog(&self) -> Catalog {
        let mut resources = Vec::with_capacity(self.resources.len() + 1);
        let mut included = vec![false; self.resources.len()];
        let mut shared = SharedStrings::default();
        for (i, r) in self.resources.iter().enumerate() {
            if r.virtual_ {
                continue;
            }
            included[i] = true;
            let mut parameters = kuppet_catalog::Parameters::with_capacity_and_hasher(
                r.params.len(),
                Default::default(),
            );
            let namevar = match r.kind {
                ResKind::Builtin(t) => Some(t.namevar()),
                _ => None,
            };
            let mut sensitive_parameters = Vec::new();
            // A module type's title patterns set key attributes (Puppet's
            // catalog holds `parse_title` merged with the parameters).
            if let ResKind::Builtin(TypeRef::Module(mt)) = r.kind
                && mt.title_patterns.is_some()
            {
                for (k, v) in mt.parse_title(&r.title) {
                    let given = r.params.contains_key(k.as_str());
                    let is_title = Some(k.as_str()) == namevar && v == *r.title;
                    if !given && !is_title {
                        parameters.insert(k.into(), serde_json::Value::String(v));
                    }
                }
            }
            for (k, p) in &r.params {
                if Some(&**k) == namevar
                    && p.value.as_str() == Some(&*r.title)
                    && !r.non_string_title
                {
                    continue;
                }
                if matches!(p.value, Value::Sensitive(_)) {
                    sensitive_parameters.push(String::from(&**k));
                }
                if let Some(v) = catalog_json(&p.value) {
                    // Arrays holding references are flattened (Puppet's
                    // `Resource#initialize` from a parser resource).
                    let v = if core_types::RELATIONSHIP_PARAMS.contains(&&**k) {
                        flatten_refs(v, false)
                    } else if holds_reference(&p.value) {
                        flatten_refs(v, true)
                    } else {
                        v
                    };
                    parameters.insert(shared.get(k), v);
                }
            }
            let kind = match r.kind {
                ResKind::Builtin(_) | ResKind::Stage => Some("compilable_type".into()),
                ResKind::Class(None) => Some("unknown".into()),
                _ => None,
            };
            resources.push(Resource {
                type_name: String::from(&*r.type_name),
                title: String::from(&*r.title),
                tags: r.tags.iter().map(|t| shared.get(t)).collect(),
                file: r.file.as_ref().map(|f| shared.get(f)),
                line: r.line,
                exported: r.exported,
                kind,
                parameters,
                sensitive_parameters,
            });
        }
        let mut edges = Vec::with_capacity(self.edges.len());
        let mut seen_edges = FxHashSet::default();
        // Each resource's reference, built once.
        let mut refs: Vec<Option<String>> = vec![None; self.resources.len()];
        let mut reference = |id: ResId| -> String {
            refs[id]
                .get_or_insert_with(|| self.resources[id].reference())
                .clone()
        };
        for &(from, to) in &self.edges {
            if included[from] && included[to] && seen_edges.insert((from, to)) {
                edges.push(Edge {
                    source: reference(from),
                    target: reference(to),
                });
            }
        }
        let mut classes = vec!["settings".to_string()];
        classes.extend(self.classes_in_order.iter().cloned());
        Catalog {
            tags: vec!["settings".to_string()],
            name: self.node.clone(),
            version: serde_json::Value::from(0),
            code_id: None,
            catalog_uuid: String::new(),
            catalog_format: 2,
            environment: self.environment.clone(),
            resources,
            edges,
            classes,
        }
    }

    /// The path of `m` as resources record it (one allocation per manifest
    /// in a row, not one per resource).
    pub(crate) fn file_name(&mut self, m: &Manifest) -> Rc<str> {
        if let Some((ptr, name)) = &self.last_file
            && std::ptr::eq(*ptr, m)
        {
            return name.clone();
        }
        let name: Rc<str> = Rc::from(m.path.as_str());
        self.last_file = Some((m, name.clone()));
        name
    }

    /// `name` as a shared string, allocated once per compile (attribute
    /// names recur on every resource).
    pub(crate) fn name(&self, name: &str) -> Rc<str> {
        let mut names = self.names.borrow_mut();
        if let Some(n) = names.get(name) {
            return n.clone();
        }
        let n: Rc<str> = Rc::from(name);
        names.insert(n.clone());
        n
    }

    /// A new resource value with its type and title tags.
    pub(crate) fn new_res(
        &self,
        type_name: &str,
        title: &str,
        scope: ScopeId,
        kind: ResKind<'a>,
    ) -> Res<'a> {
        let mut tags = Vec::with_capacity(8);
        {
            // A type's own tags are the same for each of its resources.
            let mut cache = self.type_tags.borrow_mut();
            if let Some(own) = cache.get(type_name) {
                tags.extend(own.iter().cloned());
            } else {
                add_tag(&mut tags, type_name);
                cache.insert(Rc::from(type_name), tags.clone());
            }
        }
        if is_valid_tag(title) {
            add_tag(&mut tags, title);
        }
        Res {
            type_name: type_name.into(),
            title: title.into(),
            params: IndexMap::default(),
            tags,
            file: None,
            line: None,
            exported: false,
            virtual_: false,
            scope,
            kind,
            evaluated: false,
            origin: None,
            undef_params: Vec::new(),
            non_string_title: false,
            container_tags_merged: 0,
        }
    }

    /// Adds the tags of the declaring scope's resource (Puppet's scope tags).
    pub(crate) fn add_scope_tags(&mut self, id: ResId) {
        let scope = self.resources[id].scope;
        if let Some(owner) = self.scopes[scope].resource
            && owner != id
        {
            let seen = self.resources[id].container_tags_merged;
            let theirs = &self.resources[owner].tags;
            if seen >= theirs.len() {
                return;
            }
            let total = theirs.len();
            let mut tags = std::mem::take(&mut self.resources[id].tags);
            merge_tags(&mut tags, &self.resources[owner].tags[seen..]);
            let r = &mut self.resources[id];
            r.tags = tags;
            r.container_tags_merged = total;
        }
    }

    /// A template changed the array or hash of variable `name` (as seen
    /// from `scope`) in place: the scope holding the variable, and the
    /// attribute of the same name of that scope's class or defined type
    /// when it is the very same value, get `now` (Puppet hands templates its
    /// own objects; a resource declaration copies its attribute values, so
    /// variables of other scopes keep theirs).
    pub(crate) fn replace_shared_value(
        &mut self,
        scope: ScopeId,
        name: &str,
        original: &Value,
        now: &Value,
    ) {
        let same = |v: &Value| match (v, original) {
            (Value::Array(a), Value::Array(b)) => Rc::ptr_eq(a, b),
            (Value::Hash(a), Value::Hash(b)) => Rc::ptr_eq(a, b),
            _ => false,
        };
        let mut s = Some(scope);
        while let Some(id) = s {
            if let Some(v) = self.scopes[id].vars.get_mut(name) {
                if !same(v) {
                    return;
                }
                *v = now.clone();
                if let Some(owner) = self.scopes[id].resource
                    && let Some(p) = self.resources[owner].params.get_mut(name)
                    && same(&p.value)
                {
                    p.value = now.clone();
                }
                return;
            }
            s = self.scopes[id].inherited.or_else(|| self.enclosing(id));
        }
    }

    /// Runs `f` one level deeper, failing clearly past the depth limit.
    pub fn deeper<T>(&mut self, f: impl FnOnce(&mut Self) -> EResult<T>) -> EResult<T> {
        self.depth += 1;
        if self.depth > MAX_EVAL_DEPTH || kuppet_values::budget::stack_low() {
            self.depth -= 1;
            return Err(Flow::from(EvalError::new(format!(
                "Evaluation is nested too deeply (more than {MAX_EVAL_DEPTH} levels of calls, classes or defined types); look for unbounded recursion"
            ))));
        }
        let r = f(self);
        self.depth -= 1;
        r
    }
}

/// The uniqueness key a resource is aliased by when it is not its title
/// (Puppet's `uniqueness_key`): the namevar of a core type; the key
/// attributes of a module type, sorted by name, from its parameters or its
/// title.
fn uniqueness_key(t: TypeRef<'_>, res: &Res<'_>) -> Option<Vec<String>> {
    let text = |v: &Value| v.as_str().map(str::to_string);
    let key = match t {
        TypeRef::Core(c) => vec![res.param(c.namevar).and_then(text)?],
        TypeRef::Module(m) => {
            let mut h: IndexMap<String, String> = m.parse_title(&res.title).into_iter().collect();
            for (k, p) in &res.params {
                if let Some(v) = text(&p.value) {
                    h.insert(k.to_string(), v);
                }
            }
            let name = h
                .get(m.namevar())
                .or_else(|| h.get("name"))
                .cloned()
                .unwrap_or_else(|| res.title.to_string());
            h.entry(m.namevar().to_string())
                .or_insert_with(|| name.clone());
            h.entry("name".to_string()).or_insert(name);
            let mut attrs: Vec<&String> = m.namevars.iter().collect();
            attrs.sort();
            if attrs.is_empty() {
                return None;
            }
            attrs
                .into_iter()
                .map(|a| h.get(a).cloned().unwrap_or_else(|| "nil".into()))
                .collect()
        }
    };
    (key != [res.title.to_string()]).then_some(key)
}

/// The name a node definition matches, for duplicate checks.
fn node_match_key(e: &Expr) -> Option<String> {
    match &e.kind {
        ExprKind::String(s) => Some(s.to_ascii_lowercase()),
        ExprKind::Default => Some("default".into()),
        ExprKind::Regex(r) => Some(format!("/{r}/")),
        ExprKind::Concat(parts) => match parts.as_slice() {
            [StringPart::Literal(s)] => Some(s.to_ascii_lowercase()),
            _ => None,
        },
        _ => None,
    }
}

/// Collects `(Type, title)` of every resource reference in a value.
pub(crate) fn collect_refs(v: &Value, out: &mut Vec<(String, String)>) {
    match v {
        Value::Type(t) => {
            if let kuppet_values::types::PType::Resource {
                type_name: Some(tn),
                title: Some(title),
            } = &**t
            {
                out.push((tn.clone(), title.clone()));
            } else if let kuppet_values::types::PType::Class { name: Some(n) } = &**t {
                out.push(("Class".to_string(), capitalize_name(n)));
            }
        }
        Value::Array(items) => items.iter().for_each(|i| collect_refs(i, out)),
        Value::String(s) => {
            if let Some((t, title)) = kuppet_catalog::split_reference(s) {
                out.push((t.to_string(), title.to_string()));
            }
        }
        _ => {}
    }
}

/// A parameter value as catalog data: references as `Type[title]` strings,
/// class references capitalized, `undef` left out (`None`).
pub(crate) fn catalog_json(v: &Value) -> Option<serde_json::Value> {
    use kuppet_values::types::PType;
    match v {
        Value::Type(t) => match &**t {
            PType::Resource {
                type_name: Some(tn),
                title: Some(title),
            } => Some(serde_json::Value::String(format!("{tn}[{title}]"))),
            // A bare resource type becomes a resource with an empty title.
            PType::Resource {
                type_name: Some(tn),
                title: None,
            } => Some(serde_json::Value::String(format!("{tn}[]"))),
            PType::Class { name: Some(n) } => Some(serde_json::Value::String(format!(
                "Class[{}]",
                capitalize_name(n)
            ))),
            _ => v.to_catalog_json(),
        },
        Value::Array(items) => Some(serde_json::Value::Array(
            items
                .iter()
                .map(|i| catalog_json(i).unwrap_or(serde_json::Value::Null))
                .collect(),
        )),
        Value::Hash(map) => {
            let mut obj = serde_json::Map::new();
            for (k, val) in map.iter() {
                // Resource and class references as keys are converted as values are.
                let key = match (k, catalog_json(k)) {
                    (Value::Type(_), Some(serde_json::Value::String(s))) => s,
                    _ => k.catalog_key(),
                };
                obj.insert(key, catalog_json(val).unwrap_or(serde_json::Value::Null));
            }
            Some(serde_json::Value::Object(obj))
        }
        Value::Sensitive(inner) => catalog_json(inner),
        _ => v.to_catalog_json(),
    }
}

/// Whether an array value holds a resource or class reference anywhere in
/// its nested arrays.
fn holds_reference(v: &Value) -> bool {
    fn walk(v: &Value) -> bool {
        match v {
            Value::Array(items) => items.iter().any(walk),
            Value::Type(t) => matches!(
                &**t,
                kuppet_values::types::PType::Resource { title: Some(_), .. }
                    | kuppet_values::types::PType::Class { name: Some(_) }
            ),
            _ => false,
        }
    }
    matches!(v, Value::Array(_)) && walk(v)
}

/// Relationship values as Puppet writes them: one string, or a flat array.
/// Relationship metaparameters drop undef entries; other attributes keep them.
fn flatten_refs(v: serde_json::Value, keep_null: bool) -> serde_json::Value {
    fn walk(v: serde_json::Value, keep_null: bool, out: &mut Vec<serde_json::Value>) {
        match v {
            serde_json::Value::Array(items) => {
                items.into_iter().for_each(|i| walk(i, keep_null, out))
            }
            serde_json::Value::Null if !keep_null => {}
            other => out.push(other),
        }
    }
    match v {
        serde_json::Value::Array(_) => {
            let mut out = Vec::new();
            walk(v, keep_null, &mut out);
            serde_json::Value::Array(out)
        }
        other => other,
    }
}

/// `Foo::bar` → `Foo::Bar` (each segment capitalized), as Puppet names types and classes.
pub(crate) fn capitalize_name(name: &str) -> String {
    kuppet_catalog::graph::capitalize_segments(name.trim_top())
}

/// Puppet's tag rule: `[[:alnum:]_][[:alnum:]_:.-]*`.
pub(crate) fn is_valid_tag(s: &str) -> bool {
    let mut chars = s.chars();
    match chars.next() {
        Some(c) if c.is_alphanumeric() || c == '_' => {}
        _ => return false,
    }
    chars.all(|c| c.is_alphanumeric() || matches!(c, '_' | ':' | '.' | '-'))
}

/// The catalog's copies of a compile's shared strings (tags, manifest
/// paths, attribute names): one `Arc<str>` for each `Rc<str>`, however many
/// resources carry it.
#[derive(Default)]
struct SharedStrings(rustc_hash::FxHashMap<*const u8, std::sync::Arc<str>>);

impl SharedStrings {
    /// The shared copy of `s`, keyed by its allocation (alive while the
    /// compiler that holds it is).
    fn get(&mut self, s: &Rc<str>) -> std::sync::Arc<str> {
        self.0
            .entry(s.as_ptr())
            .or_insert_with(|| std::sync::Arc::from(&**s))
            .clone()
    }
}

/// Adds a tag (lowercased) and, for qualified names, each segment.
pub(crate) fn add_tag(tags: &mut Vec<Rc<str>>, tag: &str) {
    let t: std::borrow::Cow<'_, str> =
        if tag.bytes().any(|b| !b.is_ascii() || b.is_ascii_uppercase()) {
            tag.to_lowercase().into()
        } else {
            tag.into()
        };
    if !tags.iter().any(|x| **x == *t) {
        tags.push(Rc::from(&*t));
    }
    if t.has_separator() {
        for seg in t.split("::") {
            if !seg.is_empty() && !tags.iter().any(|x| **x == *seg) {
                tags.push(Rc::from(seg));
            }
        }
    }
}

pub(crate) fn merge_tags(tags: &mut Vec<Rc<str>>, more: &[Rc<str>]) {
    for t in more {
        // Tags inherited from one scope are mostly the same shared strings.
        if !tags.iter().any(|x| Rc::ptr_eq(x, t) || x == t) {
            tags.push(t.clone());
        }
    }
}
