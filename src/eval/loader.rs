//! Autoloading from the modulepath (`mod/manifests/a/b.pp` for `mod::a::b`,
//! `mod/functions/f.pp`, `mod/types/t.pp`) and type alias resolution.

use super::compiler::Compiler;
use super::error::{EResult, EvalError, Flow};
use super::scope::{Frame, TOP};
use kuppet_values::names::QualifiedName;
use kuppet_values::types::{AliasType, PType};
use kuppet_values::value::Value;
use std::path::{Path, PathBuf};
use std::rc::Rc;

impl<'a> Compiler<'a> {
    /// Loads the file that should define `name` (lowercase, qualified) from
    /// `kind` (`functions` or `types`) of its module, once. Classes and
    /// defined types load through [`Compiler::autoload_definition`].
    pub(crate) fn autoload(&mut self, name: &str, kind: &str) {
        let segments: Vec<&str> = name.trim_top().split("::").collect();
        let Some((module, rest)) = segments.split_first() else {
            return;
        };
        if rest.is_empty() && kind != "manifests" {
            return;
        }
        self.load_module_file(module, kind, rest);
    }

    /// Loads what could define class or defined type `name`, as Puppet's
    /// type loader: for `m::a::b` the files `m/manifests/a/b.pp`, then
    /// `m/manifests/a.pp`, then `m/manifests/init.pp`, stopping once
    /// `defined` says the name is known; the module's `init.pp` is always
    /// loaded first. A file that fails to parse, or whose parameter types
    /// do not resolve, fails the compile ([`Compiler::autoload_failure`]).
    pub(crate) fn autoload_definition(&mut self, name: &str, defined: impl Fn(&Self) -> bool) {
        let segments: Vec<&str> = name.trim_top().split("::").collect();
        let Some((module, rest)) = segments.split_first() else {
            return;
        };
        self.load_module_file(module, "manifests", &[]);
        if defined(self) {
            return;
        }
        for len in (1..=rest.len()).rev() {
            self.load_module_file(module, "manifests", &rest[..len]);
            if defined(self) {
                return;
            }
        }
    }

    /// Loads `module/kind/rest.pp` (`init.pp` for an empty `rest`) from the
    /// module's directory (the first modulepath directory that has it), once.
    fn load_module_file(&mut self, module: &str, kind: &str, rest: &[&str]) {
        if let Some(dir) = self.modules.dir(module).map(Path::to_path_buf) {
            let mut path: PathBuf = dir.join(kind);
            if rest.is_empty() {
                path.push("init.pp");
            } else {
                for (i, seg) in rest.iter().enumerate() {
                    if i == rest.len() - 1 {
                        path.push(format!("{seg}.pp"));
                    } else {
                        path.push(seg);
                    }
                }
            }
            if !path.is_file() || self.loaded_paths.contains(&path) {
                return;
            }
            self.loaded_paths.insert(path.clone());
            let text = match std::fs::read_to_string(&path) {
                Ok(t) => t,
                Err(e) => {
                    self.note_autoload_failure(EvalError::new(format!(
                        "Could not read {}: {e}",
                        path.display()
                    )));
                    return;
                }
            };
            match kuppet_syntax::parse(&path.display().to_string(), &text) {
                Ok(manifest) => {
                    let m = self.arena.alloc(manifest);
                    self.module_of.insert(m.path.clone(), module.to_string());
                    if let Err(e) = self.register(m, false) {
                        self.note_autoload_failure(e);
                    } else if kind == "manifests"
                        && let Err(Flow::Error(e)) = self.resolve_parameter_types(m)
                    {
                        // Puppet evaluates the parameter types of the
                        // classes and defines of a file when it loads it.
                        self.note_autoload_failure(*e);
                    }
                }
                Err(d) => self.note_autoload_failure(EvalError {
                    code: d.code,
                    message: d.message,
                    location: d.location.map(|l| *l),
                }),
            }
        }
    }

    /// Keeps the first error met while autoloading.
    fn note_autoload_failure(&mut self, e: EvalError) {
        if self.autoload_failure.is_none() {
            self.autoload_failure = Some(e);
        }
    }

    /// The first error met while autoloading, if any: the compile fails with it.
    pub(crate) fn take_autoload_failure(&mut self) -> EResult<()> {
        match self.autoload_failure.take() {
            Some(e) => Err(e.into()),
            None => Ok(()),
        }
    }

    /// The type alias with this lowercase name, resolved (autoloading it).
    pub(crate) fn alias_type(&mut self, lower: &str) -> Result<Option<PType>, String> {
        if let Some(a) = self.alias_types.get(lower) {
            return Ok(Some(PType::Alias(a.clone())));
        }
        if !self.aliases.contains_key(lower) && lower.has_separator() {
            self.autoload(lower, "types");
        }
        let Some(def) = self.aliases.get(lower).copied() else {
            return Ok(None);
        };
        let alias = Rc::new(AliasType {
            name: def.def.name.clone(),
            resolved: std::cell::OnceCell::new(),
        });
        self.alias_types.insert(lower.to_string(), alias.clone());
        let mut frame = Frame::new(TOP);
        let v = self
            .eval(&def.def.type_expr, &mut frame, def.manifest)
            .map_err(|f| match f {
                super::error::Flow::Error(e) => e.message,
                _ => "invalid type alias".to_string(),
            })?;
        match v {
            Value::Type(t) => {
                let _ = alias.resolved.set((*t).clone());
                Ok(Some(PType::Alias(alias)))
            }
            other => Err(format!(
                "The type alias {} must be a Type, got {}",
                def.def.name,
                other.type_name()
            )),
        }
    }
}
