//! The compiler's side of Hiera: `lookup()` in all its forms, `hiera()`,
//! `hiera_array()`, `hiera_hash()`, `hiera_include()`, and automatic class
//! parameter lookup (`ntp::servers` from data before the default).

use crate::classes::Declare;
use crate::compiler::Compiler;
use crate::error::{EResult, EvalError, Flow};
use crate::scope::{Frame, ScopeId};
use indexmap::IndexMap;
use kuppet_hiera::error::LookupError;
use kuppet_hiera::merge::Merge;
use kuppet_hiera::{Found, Lookup, ScopeVars};
use kuppet_syntax::Manifest;
use kuppet_syntax::ast::{Expr, Lambda};
use kuppet_values::names::QualifiedName;
use kuppet_values::types::PType;
use kuppet_values::value::Value;

/// A scope's variables as Hiera interpolation reads them.
struct CompilerScope<'c, 'a> {
    c: &'c Compiler<'a>,
    scope: ScopeId,
}

impl ScopeVars for CompilerScope<'_, '_> {
    fn var(&self, name: &str) -> Option<Value> {
        self.c.variable_quietly(self.scope, name)
    }

    fn var_at(&self, name: &str, keys: &[String]) -> Option<Value> {
        // A fact's hash dug into reads only the path (see `reads.rs`).
        let mark = self.c.reads.defer();
        let v = self.c.variable_quietly(self.scope, name);
        let path = match &v {
            Some(Value::Hash(h)) => self.c.fact_path_of(name, h),
            _ => None,
        };
        self.c.reads.undefer(mark, path.is_none());
        if let Some(mut path) = path {
            path.extend(keys.iter().cloned());
            self.c.reads.note(crate::reads::Input::Fact(path));
        }
        v
    }
}

/// The arguments of one `lookup()` call, whatever its form.
struct LookupArgs {
    names: Vec<String>,
    /// The name argument as given (the default block receives it).
    name_arg: Value,
    value_type: Option<PType>,
    merge: Option<Merge>,
    default: Option<Value>,
    override_values: IndexMap<String, Value>,
    default_values: IndexMap<String, Value>,
}

impl<'a> Compiler<'a> {
    /// Runs one lookup invocation in `scope`.
    fn with_hiera<T>(
        &mut self,
        scope: ScopeId,
        global_only: bool,
        run: impl FnOnce(&mut Lookup<'_>) -> Result<T, LookupError>,
    ) -> Result<T, LookupError> {
        let mut state = std::mem::take(&mut self.hiera);
        let r = {
            let vars = CompilerScope { c: self, scope };
            let mut l = Lookup::new(&mut state, &vars);
            if global_only {
                l = l.global_only();
            }
            run(&mut l)
        };
        self.warnings.append(&mut state.warnings);
        self.hiera = state;
        r
    }

    /// A found value after its `convert_to` lookup option.
    fn converted(&mut self, key: &str, found: Found) -> Result<Value, String> {
        let Some(spec) = found.convert_to else {
            return Ok(found.value);
        };
        let (type_value, extra) = match &spec {
            Value::Array(items) if !items.is_empty() => (items[0].clone(), items[1..].to_vec()),
            other => (other.clone(), Vec::new()),
        };
        let t = match &type_value {
            Value::Type(t) => (**t).clone(),
            Value::String(s) => self.resolve_type_name(s).map_err(|e| {
                format!(
                    "Invalid data type in lookup_options for key '{key}' could not parse '{s}', error: '{e}"
                )
            })?,
            other => {
                return Err(format!(
                    "Invalid data type in lookup_options for key '{key}' could not parse '{}'",
                    other.to_display()
                ));
            }
        };
        let mut args = vec![found.value];
        args.extend(extra);
        kuppet_values::convert::new_value(&t, &args)
            .map_err(|e| format!("The convert_to lookup_option for key '{key}' raised error: {e}"))
    }

    /// Automatic parameter lookup: the value of `class::param` in the data,
    /// if any, as seen from the class's scope.
    pub(crate) fn class_parameter_lookup(
        &mut self,
        class: &str,
        param: &str,
        scope: ScopeId,
    ) -> Result<Option<Value>, EvalError> {
        let key = format!("{class}::{param}");
        let found = self
            .with_hiera(scope, false, |l| l.search(&key, None))
            .map_err(|e| data_error(&key, e))?;
        match found {
            Some(f) => self.converted(&key, f).map(Some).map_err(EvalError::new),
            None => Ok(None),
        }
    }

    /// `lookup(name, type, merge, default)`, `lookup(name, options)`,
    /// `lookup(options)`, each with an optional default block.
    pub(crate) fn lookup_function(
        &mut self,
        args: Vec<Value>,
        lambda: Option<&'a Lambda>,
        e: &'a Expr,
        f: &mut Frame,
        m: &'a Manifest,
    ) -> EResult<Value> {
        let la = self
            .lookup_args(&args, lambda.is_some())
            .map_err(|msg| self.lookup_error(msg, e, m))?;
        self.run_lookup(la, false, lambda, e, f, m)
    }

    /// `hiera(key, default, override)` and `hiera_array`, `hiera_hash`,
    /// `hiera_include`: the global layer only, as Puppet without an
    /// environment data provider.
    pub(crate) fn hiera_function(
        &mut self,
        name: &str,
        args: Vec<Value>,
        lambda: Option<&'a Lambda>,
        e: &'a Expr,
        f: &mut Frame,
        m: &'a Manifest,
    ) -> EResult<Value> {
        // hiera('k', default, override) and the same splatted in one array.
        let args = match args.as_slice() {
            [Value::Array(items)] if (1..=3).contains(&items.len()) => items.to_vec(),
            _ => args,
        };
        let max = if lambda.is_some() { 2 } else { 3 };
        if args.is_empty() || args.len() > max {
            return Err(self.lookup_error(
                format!(
                    "'{name}' expects between 1 and {max} arguments, got {}",
                    args.len()
                ),
                e,
                m,
            ));
        }
        let Some(key) = args[0].as_str().map(str::to_string) else {
            return Err(self.lookup_error(
                format!(
                    "'{name}' parameter 'key' expects a String value, got {}",
                    kuppet_values::types::infer(&args[0])
                ),
                e,
                m,
            ));
        };
        let merge = match name {
            "hiera_array" | "hiera_include" => Some(Merge::Unique),
            "hiera_hash" => {
                let v3 = self
                    .with_hiera(f.scope, true, |l| l.global_v3_merge())
                    .map_err(|err| self.lookup_error(err.to_string(), e, m))?;
                Some(v3.unwrap_or(Merge::Hash))
            }
            _ => None,
        };
        let default = if lambda.is_none() {
            args.get(1).cloned()
        } else {
            None
        };
        let la = LookupArgs {
            names: vec![key.clone()],
            name_arg: Value::string(key.as_str()),
            value_type: None,
            merge: Some(merge.unwrap_or(Merge::First)),
            default,
            override_values: IndexMap::new(),
            default_values: IndexMap::new(),
        };
        let v = self.run_lookup(la, true, lambda, e, f, m)?;
        if name == "hiera_include" {
            if v.is_undef() {
                return Err(self.lookup_error(format!("Could not find data item {key}"), e, m));
            }
            let mut classes = Vec::new();
            collect_names(&v, &mut classes);
            if !classes.is_empty() {
                self.declare_classes(&classes, Declare::Include, f, m, e.span)?;
            }
            return Ok(Value::Undef);
        }
        Ok(v)
    }

    fn run_lookup(
        &mut self,
        la: LookupArgs,
        global_only: bool,
        lambda: Option<&'a Lambda>,
        e: &'a Expr,
        f: &mut Frame,
        m: &'a Manifest,
    ) -> EResult<Value> {
        let check = |c: &Self, subject: &str, v: Value| -> EResult<Value> {
            match &la.value_type {
                Some(t) if !kuppet_values::types::is_instance(t, &v) => Err(c.lookup_error(
                    format!(
                        "{subject} {}",
                        kuppet_values::types::describe_mismatch(t, &v)
                    )
                    .replace(
                        &format!("{subject} expects"),
                        &format!("{subject} has wrong type, expects"),
                    ),
                    e,
                    m,
                )),
                _ => Ok(v),
            }
        };
        for name in &la.names {
            if let Some(v) = la.override_values.get(name) {
                return check(
                    self,
                    &format!("Value found for key '{name}' in override hash"),
                    v.clone(),
                );
            }
            let merge = la.merge.clone();
            let found = self
                .with_hiera(f.scope, global_only, |l| l.search(name, merge))
                .map_err(|err| Flow::from(data_error(name, err)))?;
            if let Some(found) = found {
                let v = self
                    .converted(name, found)
                    .map_err(|msg| self.lookup_error(msg, e, m))?;
                return check(self, "Found value", v);
            }
        }
        for name in &la.names {
            if let Some(v) = la.default_values.get(name) {
                return check(
                    self,
                    &format!("Value found for key '{name}' in default values hash"),
                    v.clone(),
                );
            }
        }
        if let Some(l) = lambda {
            let v = self.call_lambda(l, vec![la.name_arg.clone()], f, m)?;
            return check(self, "Value returned from default block", v);
        }
        if let Some(d) = la.default {
            return check(self, "Default value", d);
        }
        let msg = match la.names.as_slice() {
            [one] => format!("Function lookup() did not find a value for the name '{one}'"),
            many => format!(
                "Function lookup() did not find a value for any of the names [{}]",
                many.iter()
                    .map(|n| format!("'{n}'"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        };
        // Puppet raises this one unlocated and unwrapped.
        Err(EvalError::new(msg).into())
    }

    /// The forms of `lookup()`'s arguments, as Puppet dispatches them.
    fn lookup_args(&self, args: &[Value], has_block: bool) -> Result<LookupArgs, String> {
        let names = |v: &Value| -> Result<Vec<String>, String> {
            match v {
                Value::String(s) => Ok(vec![s.to_string()]),
                Value::Array(items) if items.iter().all(|i| matches!(i, Value::String(_))) => {
                    Ok(items.iter().map(|i| i.to_display()).collect())
                }
                other => Err(format!(
                    "'lookup' parameter 'name' expects a value of type String or Array, got {}",
                    kuppet_values::types::infer(other)
                )),
            }
        };
        let value_type = |v: Option<&Value>| -> Result<Option<PType>, String> {
            match v {
                None | Some(Value::Undef) => Ok(None),
                Some(Value::Type(t)) => Ok(Some((**t).clone())),
                Some(other) => Err(format!(
                    "'lookup' parameter 'value_type' expects a Type value, got {}",
                    kuppet_values::types::infer(other)
                )),
            }
        };
        let merge = |v: Option<&Value>| -> Result<Option<Merge>, String> {
            match v {
                None | Some(Value::Undef) => Ok(None),
                Some(m) => Merge::from_value(m).map(Some).map_err(|e| e.to_string()),
            }
        };
        let mut la = LookupArgs {
            names: Vec::new(),
            name_arg: Value::Undef,
            value_type: None,
            merge: None,
            default: None,
            override_values: IndexMap::new(),
            default_values: IndexMap::new(),
        };
        let options = match args {
            [Value::Hash(opts)] => {
                let name = opts
                    .get(&Value::string("name"))
                    .cloned()
                    .unwrap_or(Value::Undef);
                la.names = names(&name)?;
                la.name_arg = name;
                Some(opts.clone())
            }
            [name, Value::Hash(opts)] => {
                la.names = names(name)?;
                la.name_arg = name.clone();
                Some(opts.clone())
            }
            [name, rest @ ..] if rest.len() <= 2 => {
                la.names = names(name)?;
                la.name_arg = name.clone();
                la.value_type = value_type(rest.first())?;
                la.merge = merge(rest.get(1))?;
                None
            }
            [name, t, mg, default] if !has_block => {
                la.names = names(name)?;
                la.name_arg = name.clone();
                la.value_type = value_type(Some(t))?;
                la.merge = merge(Some(mg))?;
                la.default = Some(default.clone());
                None
            }
            [] => return Err("'lookup' expects at least 1 argument, got none".into()),
            _ => {
                return Err(format!(
                    "'lookup' expects between 1 and 4 arguments, got {}",
                    args.len()
                ));
            }
        };
        if let Some(opts) = options {
            for (k, v) in opts.iter() {
                match k.as_str().unwrap_or("") {
                    "name" if args.len() == 1 => {}
                    "value_type" => la.value_type = value_type(Some(v))?,
                    "merge" => la.merge = merge(Some(v))?,
                    "default_value" => la.default = Some(v.clone()),
                    "override" | "default_values_hash" => {
                        let Value::Hash(h) = v else {
                            return Err(format!(
                                "'lookup' parameter 'options_hash' entry '{}' expects a Hash value, got {}",
                                k.to_display(),
                                kuppet_values::types::infer(v)
                            ));
                        };
                        let target = if k.as_str() == Some("override") {
                            &mut la.override_values
                        } else {
                            &mut la.default_values
                        };
                        for (hk, hv) in h.iter() {
                            target.insert(hk.to_display(), hv.clone());
                        }
                    }
                    other => {
                        return Err(format!(
                            "'lookup' parameter 'options_hash' unrecognized key '{other}'"
                        ));
                    }
                }
            }
        }
        Ok(la)
    }

    fn lookup_error(&self, msg: String, e: &Expr, m: &Manifest) -> Flow {
        let label = if matches!(e.kind, kuppet_syntax::ast::ExprKind::CallMethod { .. }) {
            "Method call"
        } else {
            "Function Call"
        };
        EvalError::new(format!("Error while evaluating a {label}, {msg}"))
            .at(m, e.span)
            .into()
    }
}

/// A failed search as Puppet reports it (not located in the manifest; the
/// caller locates it). The budget running out in the data keeps the budget's
/// code, as anywhere else in the compile.
fn data_error(key: &str, err: LookupError) -> EvalError {
    match err {
        LookupError::Budget(x) => EvalError::budget(x),
        LookupError::Recursive(_) => EvalError::new(format!("Lookup of key '{key}' failed: {err}")),
        other => EvalError::new(other.to_string()),
    }
}

fn collect_names(v: &Value, out: &mut Vec<String>) {
    match v {
        Value::Array(items) => items.iter().for_each(|i| collect_names(i, out)),
        Value::String(s) if !s.is_empty() => out.push(s.trim_top().to_string()),
        _ => {}
    }
}
