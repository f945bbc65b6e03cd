//! The `scope` object (Puppet's Scope as templates use it): variable lookups
//! (`lookupvar`, `[]`, `to_hash`, `include?`) and Puppet functions
//! (`function_name([args])`, `call_function('name', [args])`).

use super::super::interp::{Blk, Interp, R};
use super::super::value::{RClass, RHash, RValue};
use crate::convert::{from_puppet, to_puppet};

/// The methods implemented here (for `respond_to?`).
pub const NAMES: &[&str] = &[
    "lookupvar",
    "[]",
    "to_hash",
    "include?",
    "exist?",
    "call_function",
    "to_s",
    "setvar",
    "[]=",
];

impl Interp<'_> {
    pub(super) fn scope_method(
        &mut self,
        name: &str,
        args: &[RValue],
        blk: Option<&Blk>,
    ) -> R<Option<RValue>> {
        let v = match name {
            "lookupvar" | "[]" => {
                self.argc(args, 1, 2)?;
                let RValue::Str(var) = &args[0] else {
                    return self.raise(
                        RClass::PuppetParseError,
                        format!(
                            "Scope variable name {} is a {}, not a string",
                            super::super::format::inspect(&args[0]),
                            args[0].class().name()
                        ),
                    );
                };
                let var = var.s.borrow().clone();
                if let Some(v) = self.host.stored(&var) {
                    return Ok(Some(v));
                }
                self.host
                    .lookupvar(&var)
                    .map_or(RValue::Nil, |v| from_puppet(&v))
            }
            "include?" | "exist?" => {
                self.argc(args, 1, 1)?;
                let var = super::super::format::to_s(&args[0]);
                RValue::Bool(self.host.lookupvar(&var).is_some())
            }
            "to_hash" => {
                self.argc(args, 0, 2)?;
                let vars = self.host.variables();
                RValue::hash(RHash::from_pairs(
                    vars.into_iter()
                        .map(|(k, v)| (RValue::frozen_str(k), from_puppet(&v))),
                ))
            }
            "call_function" => {
                self.argc(args, 1, 2)?;
                if blk.is_some() {
                    return self.unsupported("scope.call_function with a block is not supported");
                }
                let fname = super::super::format::to_s(&args[0]);
                let list = match args.get(1) {
                    None => vec![],
                    Some(RValue::Array(a)) => a.v.borrow().clone(),
                    // Puppet splats the arguments (`*args`): a Hash becomes
                    // its [key, value] pairs (sudo's `sudo::defaults`).
                    Some(RValue::Hash(h)) => h
                        .entries()
                        .into_iter()
                        .map(|(k, v)| RValue::array(vec![k, v]))
                        .collect(),
                    Some(other) => vec![other.clone()],
                };
                self.puppet_function(&fname, list)?
            }
            n if n.starts_with("function_") => {
                let fname = &n["function_".len()..];
                let list = match args {
                    [RValue::Array(a)] => a.v.borrow().clone(),
                    _ => {
                        return self.raise(
                            RClass::ArgumentError,
                            "custom functions must be called with a single array that contains the arguments. For example, function_example([1]) instead of function_example(1)",
                        );
                    }
                };
                self.puppet_function(fname, list)?
            }
            "setvar" | "[]=" => {
                self.argc(args, 2, 3)?;
                let var = super::super::format::to_s(&args[0]);
                if let Err(msg) = self.host.setvar(&var, to_puppet(&args[1])) {
                    return self.raise(RClass::PuppetParseError, msg);
                }
                self.host.store(&var, args[1].clone());
                args[1].clone()
            }
            "catalog"
            | "compiler"
            | "environment"
            | "resource"
            | "source"
            | "parent"
            | "tags"
            | "known_resource_types" => {
                return self.unsupported(format!("scope.{name} is not supported"));
            }
            _ => return Ok(None),
        };
        Ok(Some(v))
    }

    /// Calls a Puppet function with Ruby arguments.
    fn puppet_function(&mut self, name: &str, args: Vec<RValue>) -> R<RValue> {
        let args = args.iter().map(to_puppet).collect();
        match self.host.call_function(name, args) {
            Ok(v) => Ok(from_puppet(&v)),
            Err(msg) => self.raise(RClass::PuppetParseError, msg),
        }
    }
}
