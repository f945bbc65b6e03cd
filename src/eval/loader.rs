//! Autoloading from the modulepath (`mod/manifests/a/b.pp` for `mod::a::b`,
//! `mod/functions/f.pp`, `mod/types/t.pp`) and type alias resolution.

use super::compiler::Compiler;
use super::scope::{Frame, TOP};
use super::types::{AliasType, PType};
use super::value::Value;
use std::path::PathBuf;
use std::rc::Rc;

impl<'a> Compiler<'a> {
    /// Loads the file that should define `name` (lowercase, qualified) from
    /// `kind` (`manifests`, `functions` or `types`) of its module, once.
    pub fn autoload(&mut self, name: &str, kind: &str) {
        if self.modulepath.is_empty() {
            return;
        }
        let segments: Vec<&str> = name.trim_start_matches("::").split("::").collect();
        let Some((module, rest)) = segments.split_first() else {
            return;
        };
        for dir in self.modulepath.clone() {
            let mut path: PathBuf = dir.join(module).join(kind);
            if rest.is_empty() {
                if kind != "manifests" {
                    continue;
                }
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
                continue;
            }
            self.loaded_paths.insert(path.clone());
            let text = match std::fs::read_to_string(&path) {
                Ok(t) => t,
                Err(e) => {
                    self.autoload_failure = Some(format!("Could not read {}: {e}", path.display()));
                    continue;
                }
            };
            match crate::syntax::parse(&path.display().to_string(), &text) {
                Ok(manifest) => {
                    let m = self.arena.alloc(manifest);
                    self.module_of.insert(m.path.clone(), module.to_string());
                    if let Err(e) = self.register(m, false) {
                        self.autoload_failure = Some(e.message);
                    }
                }
                Err(d) => self.autoload_failure = Some(d.headline()),
            }
        }
    }

    /// The type alias with this lowercase name, resolved (autoloading it).
    pub fn alias_type(&mut self, lower: &str) -> Result<Option<PType>, String> {
        if let Some(a) = self.alias_types.get(lower) {
            return Ok(Some(PType::Alias(a.clone())));
        }
        if !self.aliases.contains_key(lower) && lower.contains("::") {
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
