//! Ruby functions of modules other than stdlib, implemented natively and
//! offered, as Puppet offers them, only when the module that defines them
//! is on the modulepath: the pure ones of the function library
//! (`functions/library/module_functions.rs`: openstacklib, translate,
//! mysql, neutron) and those that read the scope (redis's
//! `getvar_emptystring`, ssh's `ipaddresses`).

use super::compiler::Compiler;
use super::error::{EResult, EvalError, Flow};
use super::functions::library::module_functions::module_function;
use super::scope::{Frame, TOP};
use kuppet_syntax::Manifest;
use kuppet_syntax::ast::{Expr, ExprKind};
use kuppet_values::value::Value;
use std::path::Path;

/// Module functions that read the scope: (name, defining file).
const SCOPE_FUNCTIONS: [(&str, &str); 2] = [
    (
        "getvar_emptystring",
        "lib/puppet/parser/functions/getvar_emptystring.rb",
    ),
    ("ipaddresses", "lib/puppet/parser/functions/ipaddresses.rb"),
];

impl<'a> Compiler<'a> {
    /// Calls a module's Ruby function kuppet implements, if its module is on
    /// the modulepath; `None` otherwise.
    pub fn call_module_function(
        &mut self,
        name: &str,
        args: &[Value],
        e: &'a Expr,
        f: &mut Frame,
        m: &'a Manifest,
    ) -> Option<EResult<Value>> {
        let err = |msg: String| -> Flow {
            let label = if matches!(e.kind, ExprKind::CallMethod { .. }) {
                "Method call"
            } else {
                "Function Call"
            };
            EvalError::new(format!("Error while evaluating a {label}, {msg}"))
                .at(m, e.span)
                .into()
        };
        if let Some(mf) = module_function(name) {
            if !self.module_file_exists(mf.file) {
                return None;
            }
            return Some((mf.run)(args).map_err(err));
        }
        let (_, file) = SCOPE_FUNCTIONS.iter().find(|(n, _)| *n == name)?;
        if !self.module_file_exists(file) {
            return None;
        }
        Some(match name {
            "getvar_emptystring" => match args {
                [v] => Ok(self
                    .variable_quietly(f.scope, &v.to_display())
                    .filter(|v| !v.is_undef())
                    .unwrap_or_else(|| Value::string(""))),
                _ => Err(err(format!(
                    "getvar_emptystring(): wrong number of arguments ({}; must be 1)",
                    args.len()
                ))),
            },
            _ => Ok(self.ipaddresses()),
        })
    }

    /// Whether some module on the modulepath has this file.
    fn module_file_exists(&mut self, rel: &str) -> bool {
        if let Some(&known) = self.module_files.get(rel) {
            return known;
        }
        let found = self.modulepath.iter().any(|dir| {
            std::fs::read_dir(dir).is_ok_and(|entries| {
                entries
                    .filter_map(|e| e.ok())
                    .any(|e| e.path().join(Path::new(rel)).is_file())
            })
        });
        self.module_files.insert(rel.to_string(), found);
        found
    }

    /// ssh's `ipaddresses()`: the addresses of the interfaces Facter's
    /// legacy facts list (`interfaces`, `ipaddress_IF`, `ipaddress6_IF`),
    /// loopbacks left out; `false` without an `interfaces` fact.
    fn ipaddresses(&self) -> Value {
        let top = |name: &str| self.scopes[TOP].vars.get(name).cloned();
        let Some(Value::String(interfaces)) = top("interfaces") else {
            return Value::Bool(false);
        };
        let mut out = Vec::new();
        for iface in interfaces.split(',') {
            if iface.contains("lo") {
                continue;
            }
            for fact in [format!("ipaddress_{iface}"), format!("ipaddress6_{iface}")] {
                if let Some(v) = top(&fact).filter(|v| !v.is_undef()) {
                    out.push(v);
                }
            }
        }
        Value::array(out)
    }
}
