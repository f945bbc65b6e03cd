//! Hiera 5 data lookup, as Puppet 7 does it: the global layer (a
//! `hiera.yaml` given with `--hiera-config`, Puppet's `hiera_config`), the
//! environment layer (`hiera.yaml` at the environment's root, version 5 or
//! 4) and the module layer (`MODULE/hiera.yaml` with `data/*.yaml|json`),
//! searched in that order, level by level; `lookup_options` (merge strategies,
//! `convert_to`); interpolation of paths and values; dotted keys; a module's
//! `default_hierarchy`.
//!
//! [`Lookup`] is one lookup invocation: it reads scope variables through
//! [`ScopeVars`] and keeps parsed files in a [`HieraState`] that lives as
//! long as the compile. The Puppet functions (`lookup()`, `hiera()` ...) and
//! automatic class parameter lookup are in `lookup/functions.rs`.

pub mod config;
pub mod data;
pub mod error;
pub mod interpolate;
pub mod merge;

use config::{HieraConfig, Layer, Level, Locations, Provider};
use data::DataHash;
use error::LookupError;
use indexmap::IndexMap;
use interpolate::{Resolver, Segment};
use kuppet_values::value::{RegexValue, Value};
use merge::Merge;
use rustc_hash::FxHashMap;
use std::path::{Path, PathBuf};
use std::rc::Rc;

/// The reserved key holding per-key options.
const LOOKUP_OPTIONS: &str = "lookup_options";

/// What a compile's lookups share: where the data is, and what was read.
#[derive(Debug, Default)]
pub struct HieraState {
    /// The global layer's `hiera.yaml` (Puppet's `hiera_config`), if any.
    pub global_config: Option<PathBuf>,
    /// The environment layer's `hiera.yaml` (at the environment's root), if
    /// any: version 5 (or 4); a version 3 file is ignored with a warning.
    pub environment_config: Option<PathBuf>,
    /// Where modules are found (the first directory holding a module wins).
    pub modulepath: Vec<PathBuf>,
    configs: FxHashMap<PathBuf, Option<Rc<HieraConfig>>>,
    files: FxHashMap<PathBuf, Rc<DataHash>>,
    /// Compiled lookup_options per module (`None`: keys without a module)
    /// and whether the lookup was of the global layer only.
    options: FxHashMap<(Option<String>, bool), Rc<KeyOptions>>,
    default_options: FxHashMap<String, Rc<KeyOptions>>,
    /// Keys being looked up, innermost last (for recursion errors).
    stack: Vec<String>,
    /// Warnings for the compile's log (module data with foreign keys ...).
    pub warnings: Vec<String>,
}

impl HieraState {
    pub fn new(global_config: Option<PathBuf>, modulepath: Vec<PathBuf>) -> HieraState {
        HieraState {
            global_config,
            modulepath,
            ..HieraState::default()
        }
    }

    fn config(
        &mut self,
        path: &Path,
        layer: Layer,
    ) -> Result<Option<Rc<HieraConfig>>, LookupError> {
        if let Some(c) = self.configs.get(path) {
            return Ok(c.clone());
        }
        let c = HieraConfig::load(path, layer)?.map(Rc::new);
        if let Some(cfg) = &c
            && cfg.version == 3
        {
            match layer {
                Layer::Module => self.warnings.push(format!(
                    "hiera.yaml version 3 found at module root was ignored (file: {})",
                    path.display()
                )),
                Layer::Environment => self
                    .warnings
                    .push("hiera.yaml version 3 found at the environment root was ignored".into()),
                Layer::Global => {}
            }
        }
        self.configs.insert(path.to_path_buf(), c.clone());
        Ok(c)
    }

    /// The directory of a module on the modulepath.
    fn module_dir(&self, module: &str) -> Option<PathBuf> {
        if module.is_empty() {
            return None;
        }
        self.modulepath
            .iter()
            .map(|d| d.join(module))
            .find(|d| d.is_dir())
    }
}

/// The variables of the scope a lookup runs in (for `%{...}`).
pub trait ScopeVars {
    /// `name` as Puppet's `scope[name]` reads it: `facts`, `::fqdn`, `a::b::c`.
    fn var(&self, name: &str) -> Option<Value>;
    /// The same variable, which Hiera then digs into by `keys`
    /// (`%{facts.os.family}`): the scope may note that only that part is read.
    fn var_at(&self, name: &str, keys: &[String]) -> Option<Value> {
        let _ = keys;
        self.var(name)
    }
}

/// The options `lookup_options` gives keys: exact keys, then `^patterns`.
#[derive(Debug, Default)]
struct KeyOptions {
    exact: IndexMap<String, Value>,
    patterns: Vec<(RegexValue, Value)>,
}

impl KeyOptions {
    fn compile(options: Option<Value>) -> Result<KeyOptions, LookupError> {
        let mut out = KeyOptions::default();
        let Some(Value::Hash(h)) = options else {
            return Ok(out);
        };
        for (k, v) in h.iter() {
            let key = k.to_display();
            if key.starts_with('^') {
                let re = RegexValue::new(&key).map_err(LookupError::Invalid)?;
                out.patterns.push((re, v.clone()));
            } else {
                out.exact.insert(key, v.clone());
            }
        }
        Ok(out)
    }

    fn for_key(&self, root: &str) -> Option<&Value> {
        self.exact.get(root).or_else(|| {
            self.patterns
                .iter()
                .find(|(re, _)| re.is_match(root))
                .map(|(_, v)| v)
        })
    }
}

/// A value found for a key, and the `convert_to` its lookup_options ask for.
#[derive(Debug, Clone)]
pub struct Found {
    pub value: Value,
    /// `convert_to`: a type (name or `[type, args...]`) to make the value with `new`.
    pub convert_to: Option<Value>,
}

/// A layer's configuration and the module it belongs to (`None`: global).
type LayerConfig = (Rc<HieraConfig>, Option<String>);

/// Where to search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Source {
    Global,
    Environment,
    Module,
    ModuleDefault,
}

/// One lookup invocation.
pub struct Lookup<'s> {
    state: &'s mut HieraState,
    scope: &'s dyn ScopeVars,
    /// `hiera()` and friends: the global layer only (Puppet, without an
    /// environment data provider; with one, they search every layer).
    global_only: bool,
    /// Extra variables (the key of `mapped_paths`).
    locals: Vec<(String, Value)>,
}

impl<'s> Lookup<'s> {
    pub fn new(state: &'s mut HieraState, scope: &'s dyn ScopeVars) -> Lookup<'s> {
        Lookup {
            state,
            scope,
            global_only: false,
            locals: Vec::new(),
        }
    }

    /// Searches the global layer only (`hiera()`, `hiera_array()` ...).
    pub fn global_only(mut self) -> Lookup<'s> {
        self.global_only = true;
        self
    }

    /// The Hiera 3 `merge_behavior` of the global layer (for `hiera_hash()`).
    pub fn global_v3_merge(&mut self) -> Result<Option<Merge>, LookupError> {
        let Some(path) = self.state.global_config.clone() else {
            return Ok(None);
        };
        Ok(self
            .state
            .config(&path, Layer::Global)?
            .and_then(|c| c.v3_merge.clone()))
    }

    /// Puppet's `search_and_merge`: the value of `key` (dotted keys dig into
    /// it), merged with `merge` or the key's lookup_options; `None` when no
    /// layer has it.
    pub fn search(
        &mut self,
        key: &str,
        merge: Option<Merge>,
    ) -> Result<Option<Found>, LookupError> {
        if key == LOOKUP_OPTIONS || key.starts_with("lookup_options.") {
            return Ok(None);
        }
        let Some(segments) = interpolate::split_key(key) else {
            return Err(LookupError::Invalid(format!(
                "Syntax error in key: '{key}'"
            )));
        };
        let root = match &segments[0] {
            Segment::Key(k) => k.clone(),
            Segment::Index(i) => i.to_string(),
        };
        let module = root
            .find("::")
            .map(|i| root[..i].to_string())
            .filter(|m| !m.is_empty());
        if self.global_only && self.environment_layer()?.is_some() {
            // Puppet's hiera() searches every layer when the environment
            // has its own data.
            self.global_only = false;
        }
        self.enter(key)?;
        let r = self.search_root(key, &root, &segments[1..], module, merge);
        self.leave();
        r
    }

    fn search_root(
        &mut self,
        key: &str,
        root: &str,
        rest: &[Segment],
        module: Option<String>,
        merge: Option<Merge>,
    ) -> Result<Option<Found>, LookupError> {
        let options = self.key_options(module.as_deref())?;
        let key_opts = options.for_key(root).cloned();
        let opt = |name: &str| match &key_opts {
            Some(Value::Hash(h)) => h.get(&Value::string(name)).cloned(),
            _ => None,
        };
        let convert_to = opt("convert_to");
        let merge = match merge {
            Some(m) => m,
            None => match opt("merge") {
                Some(m) => Merge::from_value(&m)?,
                None => Merge::First,
            },
        };
        let mut sources = vec![Source::Global];
        if !self.global_only {
            sources.push(Source::Environment);
            sources.push(Source::Module);
        }
        let found = self.collect(&sources, module.as_deref(), root, &merge)?;
        if let Some(v) = found
            && let Some(v) = interpolate::dig(key, v, rest)?
        {
            return Ok(Some(Found {
                value: v,
                convert_to,
            }));
        }
        // A module's default_hierarchy, with its own lookup_options.
        let Some(module) = module.filter(|_| !self.global_only) else {
            return Ok(None);
        };
        let defaults = self.default_key_options(&module)?;
        let merge = match defaults.for_key(root) {
            Some(Value::Hash(h)) => match h.get(&Value::string("merge")) {
                Some(m) => Merge::from_value(m)?,
                None => Merge::First,
            },
            _ => Merge::First,
        };
        match self.collect(&[Source::ModuleDefault], Some(&module), root, &merge)? {
            Some(v) => Ok(interpolate::dig(key, v, rest)?.map(|value| Found { value, convert_to })),
            None => Ok(None),
        }
    }

    /// The values of `root` in the sources, merged.
    fn collect(
        &mut self,
        sources: &[Source],
        module: Option<&str>,
        root: &str,
        merge: &Merge,
    ) -> Result<Option<Value>, LookupError> {
        let mut found = Vec::new();
        for &source in sources {
            let Some((config, module)) = self.source_config(source, module)? else {
                continue;
            };
            let levels = if source == Source::ModuleDefault {
                &config.default_hierarchy
            } else {
                &config.hierarchy
            };
            let root_dir = config.path.parent().unwrap_or(Path::new("")).to_path_buf();
            for level in levels {
                for path in self.level_paths(level, &root_dir)? {
                    let Some(v) = self.value_in(level, &path, module.as_deref(), root)? else {
                        continue;
                    };
                    found.push(v);
                    if merge.is_first() {
                        return Ok(found.pop());
                    }
                }
            }
        }
        if found.is_empty() {
            return Ok(None);
        }
        merge.combine(found).map(Some)
    }

    /// The configuration of a layer (and the module it belongs to).
    fn source_config(
        &mut self,
        source: Source,
        module: Option<&str>,
    ) -> Result<Option<LayerConfig>, LookupError> {
        match source {
            Source::Global => {
                let Some(path) = self.state.global_config.clone() else {
                    return Ok(None);
                };
                Ok(self.state.config(&path, Layer::Global)?.map(|c| (c, None)))
            }
            Source::Environment => Ok(self.environment_layer()?.map(|c| (c, None))),
            Source::Module | Source::ModuleDefault => {
                let Some(module) = module else {
                    return Ok(None);
                };
                let Some(dir) = self.state.module_dir(module) else {
                    return Ok(None);
                };
                let c = self.state.config(&dir.join("hiera.yaml"), Layer::Module)?;
                Ok(c.filter(|c| c.version >= 4)
                    .map(|c| (c, Some(module.to_string()))))
            }
        }
    }

    /// The environment layer's configuration, when the environment has a
    /// `hiera.yaml` of version 4 or 5.
    fn environment_layer(&mut self) -> Result<Option<Rc<HieraConfig>>, LookupError> {
        let Some(path) = self.state.environment_config.clone() else {
            return Ok(None);
        };
        let c = self.state.config(&path, Layer::Environment)?;
        Ok(c.filter(|c| c.version >= 4))
    }

    /// The existing files of a level, interpolated in this scope.
    fn level_paths(&mut self, level: &Level, root: &Path) -> Result<Vec<PathBuf>, LookupError> {
        let datadir = interpolate::interpolate_str(&level.datadir, false, self)?;
        let datadir = if level.relative_to_config {
            root.join(datadir)
        } else {
            PathBuf::from(datadir)
        };
        let with_ext = |p: String| match level.extension {
            Some(ext) if !p.ends_with(ext) => format!("{p}{ext}"),
            _ => p,
        };
        let mut out = Vec::new();
        match &level.locations {
            Locations::None => {
                if let Provider::Unsupported(kind, name) = &level.provider {
                    return Err(unsupported(kind, name, level));
                }
            }
            Locations::Paths(paths) => {
                for p in paths {
                    let p = with_ext(interpolate::interpolate_str(p, false, self)?);
                    out.push(datadir.join(p));
                }
            }
            Locations::Globs(globs) => {
                for g in globs {
                    let g = interpolate::interpolate_str(g, false, self)?;
                    out.extend(glob(&datadir.join(g)));
                }
            }
            Locations::MappedPaths(m) => {
                let values = match self.scope_var_dug(&m[0])? {
                    Some(Value::Array(items)) => items.to_vec(),
                    Some(Value::String(s)) if !s.is_empty() => vec![Value::String(s)],
                    _ => Vec::new(),
                };
                for v in values {
                    self.locals.push((m[1].clone(), v));
                    let p = interpolate::interpolate_str(&m[2], false, self);
                    self.locals.pop();
                    out.push(datadir.join(with_ext(p?)));
                }
            }
        }
        out.retain(|p| p.is_file());
        if !out.is_empty()
            && let Provider::Unsupported(kind, name) = &level.provider
        {
            return Err(unsupported(kind, name, level));
        }
        Ok(out)
    }

    fn scope_var_dug(&mut self, key: &str) -> Result<Option<Value>, LookupError> {
        let Some(segments) = interpolate::split_key(key) else {
            return Ok(None);
        };
        let Some(Segment::Key(root)) = segments.first() else {
            return Ok(None);
        };
        match self.scope_var_at(root, &interpolate::leading_keys(&segments[1..])) {
            Some(v) => interpolate::dig(key, v, &segments[1..]),
            None => Ok(None),
        }
    }

    /// The value of `root` in one data file, interpolated.
    fn value_in(
        &mut self,
        level: &Level,
        path: &Path,
        module: Option<&str>,
        root: &str,
    ) -> Result<Option<Value>, LookupError> {
        let Provider::DataHash(format) = level.provider else {
            return Ok(None);
        };
        let data = match self.state.files.get(path) {
            Some(d) => d.clone(),
            None => {
                let mut d = data::read(path, format)?;
                if let Some(module) = module {
                    let prefix = format!("{module}::");
                    let before = d.len();
                    d.retain(|k, _| k == LOOKUP_OPTIONS || k.starts_with(&prefix));
                    if d.len() != before {
                        self.state.warnings.push(format!(
                            "Module '{module}': Value returned from data_hash function '{}', when using location '{}', must use keys qualified with the name of the module",
                            match format {
                                data::DataFormat::Yaml => "yaml_data",
                                data::DataFormat::Json => "json_data",
                            },
                            path.display()
                        ));
                    }
                }
                let d = Rc::new(d);
                self.state.files.insert(path.to_path_buf(), d.clone());
                d
            }
        };
        match data.get(root) {
            Some(v) => interpolate::interpolate(v, true, self).map(Some),
            None => Ok(None),
        }
    }

    /// The lookup_options for keys of `module` (global ones first).
    fn key_options(&mut self, module: Option<&str>) -> Result<Rc<KeyOptions>, LookupError> {
        let cache_key = (module.map(str::to_string), self.global_only);
        if let Some(o) = self.state.options.get(&cache_key) {
            return Ok(o.clone());
        }
        // The global and environment layers' options apply to every key;
        // the higher layer wins a key both give.
        let sources: &[Source] = if self.global_only {
            &[Source::Global]
        } else {
            &[Source::Global, Source::Environment]
        };
        let mut merged = self.collect(sources, None, LOOKUP_OPTIONS, &Merge::Hash)?;
        if let Some(m) = module.filter(|_| !self.global_only) {
            let module_opts =
                self.collect(&[Source::Module], Some(m), LOOKUP_OPTIONS, &Merge::Hash)?;
            validate_options(module_opts.as_ref(), m)?;
            merged = match (merged, module_opts) {
                (Some(g), Some(mo)) => Some(Merge::Hash.combine(vec![g, mo])?),
                (g, mo) => g.or(mo),
            };
        }
        let compiled = Rc::new(KeyOptions::compile(merged)?);
        self.state.options.insert(cache_key, compiled.clone());
        Ok(compiled)
    }

    fn default_key_options(&mut self, module: &str) -> Result<Rc<KeyOptions>, LookupError> {
        if let Some(o) = self.state.default_options.get(module) {
            return Ok(o.clone());
        }
        let opts = self.collect(
            &[Source::ModuleDefault],
            Some(module),
            LOOKUP_OPTIONS,
            &Merge::Hash,
        )?;
        validate_options(opts.as_ref(), module)?;
        let compiled = Rc::new(KeyOptions::compile(opts)?);
        self.state
            .default_options
            .insert(module.to_string(), compiled.clone());
        Ok(compiled)
    }
}

impl Resolver for Lookup<'_> {
    fn scope_var(&mut self, name: &str) -> Option<Value> {
        if let Some((_, v)) = self.locals.iter().rev().find(|(k, _)| k == name) {
            return Some(v.clone());
        }
        self.scope.var(name)
    }

    fn scope_var_at(&mut self, name: &str, keys: &[String]) -> Option<Value> {
        if let Some((_, v)) = self.locals.iter().rev().find(|(k, _)| k == name) {
            return Some(v.clone());
        }
        self.scope.var_at(name, keys)
    }

    fn lookup(&mut self, key: &str) -> Result<Option<Value>, LookupError> {
        // Puppet looks the key up with a default of '' (never "not found").
        Ok(Some(
            self.search(key, None)?
                .map(|f| f.value)
                .unwrap_or_else(|| Value::string("")),
        ))
    }

    fn enter(&mut self, name: &str) -> Result<(), LookupError> {
        if self.state.stack.iter().any(|n| n == name) {
            return Err(LookupError::Recursive(self.state.stack.clone()));
        }
        self.state.stack.push(name.to_string());
        Ok(())
    }

    fn leave(&mut self) {
        self.state.stack.pop();
    }
}

/// A module's lookup_options may only name its own keys.
fn validate_options(options: Option<&Value>, module: &str) -> Result<(), LookupError> {
    let Some(v) = options else {
        return Ok(());
    };
    let Value::Hash(h) = v else {
        return Err(LookupError::Invalid(format!(
            "value of {LOOKUP_OPTIONS} must be a hash"
        )));
    };
    let prefix = format!("{module}::");
    for k in h.keys() {
        let k = k.to_display();
        if let Some(pattern) = k.strip_prefix('^') {
            if !pattern.starts_with(&prefix) {
                return Err(LookupError::Invalid(format!(
                    "all {LOOKUP_OPTIONS} patterns must match a key starting with module name '{module}'"
                )));
            }
        } else if !k.starts_with(&prefix) {
            return Err(LookupError::Invalid(format!(
                "all {LOOKUP_OPTIONS} keys must start with module name '{module}'"
            )));
        }
    }
    Ok(())
}

fn unsupported(kind: &str, name: &str, level: &Level) -> LookupError {
    LookupError::Unsupported(format!(
        "kuppet cannot call the {kind} function '{name}' of hierarchy level '{}' (only yaml_data and json_data are built in)",
        level.name
    ))
}

/// The files matching a glob pattern (`*`, `?`, `[...]`, `{a,b}`, `**`), sorted.
fn glob(pattern: &Path) -> Vec<PathBuf> {
    let mut current: Vec<PathBuf> = vec![PathBuf::new()];
    for comp in pattern.components() {
        let text = comp.as_os_str().to_string_lossy().to_string();
        let is_pattern = text.contains(['*', '?', '[', '{']);
        let mut next = Vec::new();
        for base in &current {
            if !is_pattern {
                next.push(base.join(&text));
                continue;
            }
            if text == "**" {
                walk_dirs(base, &mut next);
                continue;
            }
            let Some(re) = glob_regex(&text) else {
                continue;
            };
            let dir = if base.as_os_str().is_empty() {
                Path::new(".")
            } else {
                base.as_path()
            };
            let Ok(entries) = std::fs::read_dir(dir) else {
                continue;
            };
            let mut names: Vec<String> = entries
                .filter_map(|e| e.ok())
                .map(|e| e.file_name().to_string_lossy().to_string())
                .filter(|n| !n.starts_with('.') && re.is_match(n))
                .collect();
            names.sort();
            next.extend(names.into_iter().map(|n| base.join(n)));
        }
        current = next;
    }
    let mut out: Vec<PathBuf> = current.into_iter().filter(|p| p.is_file()).collect();
    out.dedup();
    out
}

fn walk_dirs(base: &Path, out: &mut Vec<PathBuf>) {
    out.push(base.to_path_buf());
    let Ok(entries) = std::fs::read_dir(base) else {
        return;
    };
    let mut dirs: Vec<PathBuf> = entries
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.is_dir())
        .collect();
    dirs.sort();
    for d in dirs {
        walk_dirs(&d, out);
    }
}

fn glob_regex(component: &str) -> Option<regex::Regex> {
    let mut re = String::from("^");
    let mut in_brace = false;
    let mut chars = component.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '*' => re.push_str("[^/]*"),
            '?' => re.push_str("[^/]"),
            '[' => {
                re.push('[');
                for d in chars.by_ref() {
                    if d == ']' {
                        break;
                    }
                    if d == '\\' {
                        re.push('\\');
                    }
                    re.push(d);
                }
                re.push(']');
            }
            '{' => {
                in_brace = true;
                re.push_str("(?:");
            }
            '}' if in_brace => {
                in_brace = false;
                re.push(')');
            }
            ',' if in_brace => re.push('|'),
            other => re.push_str(&regex::escape(&other.to_string())),
        }
    }
    re.push('$');
    regex::Regex::new(&re).ok()
}

#[cfg(test)]
mod tests;
