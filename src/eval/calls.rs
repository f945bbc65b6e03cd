//! Function calls: arguments (with splats), Puppet-language functions and
//! lambdas (parameters, defaults, types, captures), type conversions
//! (`Integer('1')`, `T.new(...)`), and the dispatch of built-in functions
//! found in the registry (`functions.rs`).

use super::compiler::{Compiler, capitalize_name};
use super::error::{EResult, EvalError, Flow};
use super::functions::{self, Builtin, Call, Found};
use super::scope::{Frame, ScopeKind, TOP};
use kuppet_syntax::Manifest;
use kuppet_syntax::ast::*;
use kuppet_values::names::QualifiedName;
use kuppet_values::types::PType;
use kuppet_values::value::Value;
use rustc_hash::FxHashMap;
use std::rc::Rc;

impl<'a> Compiler<'a> {
    pub(crate) fn eval_call_named(
        &mut self,
        functor: &'a Expr,
        args: &'a [Expr],
        lambda: Option<&'a Lambda>,
        e: &'a Expr,
        f: &mut Frame,
        m: &'a Manifest,
    ) -> EResult<Value> {
        match &functor.kind {
            ExprKind::QualifiedName(name) => {
                let values = self.eval_args(args, f, m)?;
                self.call_function(name, values, lambda, e, f, m)
            }
            ExprKind::QualifiedReference(_) | ExprKind::Access { .. } => {
                // `Integer('1')`, `Optional[String](x)`: a conversion.
                let t = self.eval(functor, f, m)?;
                let values = self.eval_args(args, f, m)?;
                self.new_instance(&t, values, e, m)
            }
            _ => Err(EvalError::new("Illegal expression: not a function name")
                .at(m, functor.span)
                .into()),
        }
    }

    #[allow(clippy::too_many_arguments)]
    pub(crate) fn eval_call_method(
        &mut self,
        target: &'a Expr,
        name: &str,
        args: &'a [Expr],
        lambda: Option<&'a Lambda>,
        e: &'a Expr,
        f: &mut Frame,
        m: &'a Manifest,
    ) -> EResult<Value> {
        let receiver = self.eval(target, f, m)?;
        let mut values = Vec::with_capacity(args.len() + 1);
        if name == "new"
            && let Value::Type(_) = receiver
        {
            let rest = self.eval_args(args, f, m)?;
            return self.new_instance(&receiver, rest, e, m);
        }
        values.push(receiver);
        values.extend(self.eval_args(args, f, m)?);
        self.call_function(name, values, lambda, e, f, m)
    }

    fn eval_args(
        &mut self,
        args: &'a [Expr],
        f: &mut Frame,
        m: &'a Manifest,
    ) -> EResult<Vec<Value>> {
        let mut out = Vec::with_capacity(args.len());
        for a in args {
            if let ExprKind::Unary {
                op: UnaryOp::Splat,
                expr,
            } = &a.kind
            {
                match self.eval(expr, f, m)? {
                    Value::Array(items) => out.extend(items.iter().cloned()),
                    other => out.push(other),
                }
            } else {
                out.push(self.eval(a, f, m)?);
            }
        }
        Ok(out)
    }

    /// Locates an error raised inside a template at the call.
    pub(crate) fn wrap_flow(&self, fl: Flow, what: &str, e: &Expr, m: &Manifest) -> Flow {
        match fl {
            Flow::Error(err) => {
                let mut msg = err.message.clone();
                if let Some(loc) = &err.location {
                    msg = format!(
                        "{msg} (file: {}, line: {}, column: {})",
                        loc.file, loc.line, loc.column
                    );
                }
                let wrapped = self.call_error(format!("{what}(): {msg}"), e, m);
                // A budget overrun inside keeps the budget's code.
                match (err.code, wrapped) {
                    (code @ ("BUDGET_EXCEEDED" | "VALUE_TOO_LARGE"), Flow::Error(x)) => {
                        Flow::Error(Box::new(x.with_code(code)))
                    }
                    (_, wrapped) => wrapped,
                }
            }
            other => other,
        }
    }

    /// Wraps a message as Puppet reports errors raised inside a call.
    pub(super) fn call_error(&self, msg: impl Into<String>, e: &Expr, m: &Manifest) -> Flow {
        let label = if matches!(e.kind, ExprKind::CallMethod { .. }) {
            "Method call"
        } else {
            "Function Call"
        };
        EvalError::new(format!("Error while evaluating a {label}, {}", msg.into()))
            .at(m, e.span)
            .into()
    }

    /// Calls a function by name with evaluated arguments.
    pub fn call_function(
        &mut self,
        name: &str,
        args: Vec<Value>,
        lambda: Option<&'a Lambda>,
        e: &'a Expr,
        f: &mut Frame,
        m: &'a Manifest,
    ) -> EResult<Value> {
        let name = name.trim_top();
        #[cfg(feature = "ruby")]
        if name == crate::ruby::RUBY_BLOCK_FUNCTION {
            return self.call_ruby_block(args, e, f, m);
        }
        // Puppet-language functions first (they may shadow nothing built in).
        if let Some(def) = self.find_function(name) {
            return self.call_puppet_function(def, args, e, m);
        }
        let call = Call {
            name,
            args,
            lambda,
            expr: e,
            frame: f,
            manifest: m,
        };
        let found = functions::lookup(name, lambda.is_some());
        match found {
            Some(Found::Core(run)) => return self.call_builtin(run, call),
            Some(Found::Stdlib(run)) => {
                if let Err(msg) = functions::stdlib::check_args(name, &call.args) {
                    return Err(self.call_error(msg, e, m));
                }
                return run(self, call);
            }
            Some(Found::Module { file, run }) if self.module_file_exists(file) => {
                return self.call_builtin(run, call);
            }
            _ => {}
        }
        if self.resource_type(name).is_some() {
            return Err(self.call_error(format!("Unknown function: '{name}'"), e, m));
        }
        if let Some(Found::Library(run)) = found {
            return self.call_builtin(Builtin::Pure(run), call);
        }
        // After every native function: the modules' own Ruby functions.
        #[cfg(feature = "ruby")]
        if let Some(func) = self.ruby_function(name, e, call.frame, m)? {
            return self.call_ruby_function(name, func, call.args, lambda, e, call.frame, m);
        }
        Err(EvalError::new(format!("Unknown function: '{name}'."))
            .at(m, e.span)
            .into())
    }

    /// Runs a built-in function; a pure one's error is located at the call.
    fn call_builtin(&mut self, run: Builtin, call: Call<'a, '_>) -> EResult<Value> {
        match run {
            Builtin::Pure(run) => {
                run(&call.args).map_err(|msg| self.call_error(msg, call.expr, call.manifest))
            }
            Builtin::Compiler(run) => run(self, call),
        }
    }

    pub(crate) fn call_pure(
        &mut self,
        name: &str,
        args: &[Value],
        e: &Expr,
        m: &Manifest,
    ) -> EResult<Value> {
        match super::functions::library::lookup(name) {
            Some(func) => func(args).map_err(|msg| self.call_error(msg, e, m)),
            None => Err(EvalError::new(format!("Unknown function: '{name}'."))
                .at(m, e.span)
                .into()),
        }
    }

    /// `Type.new(args)` / `Type(args)`.
    pub(crate) fn new_instance(
        &mut self,
        t: &Value,
        args: Vec<Value>,
        e: &Expr,
        m: &Manifest,
    ) -> EResult<Value> {
        let Value::Type(t) = t else {
            return Err(self.call_error(
                format!("'new' expects a Type, got {}", t.type_name()),
                e,
                m,
            ));
        };
        if matches!(**t, kuppet_values::types::PType::Timestamp { .. }) && args.is_empty() {
            self.reads.volatile("Timestamp.new() reads the clock");
        }
        kuppet_values::convert::new_value(t, &args).map_err(|msg| self.call_error(msg, e, m))
    }

    /// The label Puppet logs function messages under: `Class[main]`, `Class[Foo]`, `Foo[x]`.
    pub(crate) fn scope_label(&self, scope: usize) -> String {
        let mut s = Some(scope);
        while let Some(id) = s {
            if let Some(r) = self.scopes[id].resource {
                let res = &self.resources[r];
                return format!("{}[{}]", res.type_name, res.title);
            }
            s = self.scopes[id].parent;
        }
        "Class[main]".to_string()
    }

    pub(crate) fn is_defined(&mut self, v: &Value, f: &Frame, m: &'a Manifest, e: &Expr) -> bool {
        match v {
            Value::String(s) => {
                if let Some(var) = s.strip_prefix('$') {
                    if var.has_separator() {
                        return !self.lookup_var(var, f, m, e).is_undef();
                    }
                    return f.locals.iter().any(|l| l.contains_key(var))
                        || self.lookup_in_scope(f.scope, var).is_some();
                }
                let lower = s.trim_top().to_ascii_lowercase();
                self.resource_type(&lower).is_some()
                    || self.find_class(&lower).is_some()
                    || self.find_define(&lower).is_some()
            }
            Value::Type(t) => match &**t {
                PType::Resource {
                    type_name: Some(tn),
                    title: Some(title),
                } => self
                    .find_resource(tn, title)
                    .is_some_and(|id| !self.resources[id].virtual_),
                PType::Resource {
                    type_name: Some(tn),
                    title: None,
                } => {
                    let lower = tn.to_ascii_lowercase();
                    self.resource_type(&lower).is_some() || self.find_define(&lower).is_some()
                }
                PType::Class { name: Some(n) } => {
                    self.class_scopes.contains_key(&n.to_ascii_lowercase())
                }
                PType::Class { name: None } => true,
                _ => true,
            },
            Value::Array(items) => items.iter().any(|i| self.is_defined(i, f, m, e)),
            _ => false,
        }
    }

    pub(crate) fn create_resources_fn(
        &mut self,
        args: Vec<Value>,
        e: &'a Expr,
        f: &mut Frame,
        m: &'a Manifest,
    ) -> EResult<Value> {
        if args.len() < 2 || args.len() > 3 {
            return Err(self.call_error(
                format!(
                    "'create_resources' expects between 2 and 3 arguments, got {}",
                    args.len()
                ),
                e,
                m,
            ));
        }
        let mut form = ResourceForm::Regular;
        let type_name = match &args[0] {
            Value::String(s) => {
                let mut s: &str = s;
                if let Some(rest) = s.strip_prefix("@@") {
                    form = ResourceForm::Exported;
                    s = rest;
                } else if let Some(rest) = s.strip_prefix('@') {
                    form = ResourceForm::Virtual;
                    s = rest;
                }
                s.trim_top().to_ascii_lowercase()
            }
            Value::Type(t) => match &**t {
                PType::Resource {
                    type_name: Some(n), ..
                } => n.to_ascii_lowercase(),
                PType::Class { .. } => "class".into(),
                other => {
                    return Err(self.call_error(
                        format!("Cannot create resources of type {other}"),
                        e,
                        m,
                    ));
                }
            },
            other => {
                return Err(self.call_error(
                    format!("Cannot create resources of type {}", other.type_name()),
                    e,
                    m,
                ));
            }
        };
        let Value::Hash(instances) = &args[1] else {
            return Err(self.call_error(
                "'create_resources' parameter 'resources' expects a Hash value",
                e,
                m,
            ));
        };
        let defaults = match args.get(2) {
            Some(Value::Hash(h)) => Some(h.clone()),
            _ => None,
        };
        let mut refs = Vec::new();
        for (title, params) in instances.iter() {
            let mut attrs = super::declarations::Attrs::default();
            if let Some(d) = &defaults {
                for (k, v) in d.iter() {
                    attrs.insert(self.name(&k.to_display()), (v.clone(), false));
                }
            }
            if let Value::Hash(p) = params {
                for (k, v) in p.iter() {
                    attrs.insert(self.name(&k.to_display()), (v.clone(), false));
                }
            }
            let non_string_title = !matches!(title, Value::String(_));
            let title = title.to_display();
            if non_string_title && !attrs.contains_key("name") {
                attrs.insert("name".into(), (Value::string(title.as_str()), false));
            }
            if type_name == "class" {
                let name = title.trim_top().to_ascii_lowercase();
                self.declare_class_resource_like(&name, attrs, f, m, e.span)?;
                continue;
            }
            let kind = if let Some(t) = self.resource_type(&type_name) {
                super::compiler::ResKind::Builtin(t)
            } else if let Some(d) = self.find_define(&type_name) {
                super::compiler::ResKind::Define(d)
            } else {
                return Err(self.call_error(format!("Unknown resource type: '{type_name}'"), e, m));
            };
            let cap = match kind {
                super::compiler::ResKind::Builtin(t) => t.cap().to_string(),
                _ => capitalize_name(&type_name),
            };
            let id = self
                .create_resource(&cap, &title, kind, &attrs, form, f, m, e.span)
                .map_err(|err| self.call_error(err.message, e, m))?;
            if non_string_title {
                let r = &mut self.resources[id];
                r.non_string_title = true;
                let tag = title.to_lowercase();
                r.tags.retain(|t| **t != *tag);
                // Its container's tags are all merged again when it finishes
                // (the title tag may have been one of them).
                r.container_tags_merged = 0;
            }
            let r = &self.resources[id];
            refs.push(Value::from_type(PType::resource_ref(
                &r.type_name,
                &r.title,
            )));
        }
        Ok(Value::array(refs))
    }

    /// Whether a call of `name` would find a function (stdlib's
    /// `has_function`): a Puppet-language one, a built-in, or a module's
    /// Ruby function whose module is on the modulepath.
    pub(crate) fn function_exists(&mut self, name: &str) -> bool {
        let name = name.trim_top();
        if self.find_function(name).is_some() {
            return true;
        }
        match functions::lookup(name, false) {
            Some(Found::Module { file, .. }) => self.module_file_exists(file),
            Some(_) => name != crate::epp::EPP_TEXT,
            #[cfg(feature = "ruby")]
            None => self.ruby_function_exists(name),
            #[cfg(not(feature = "ruby"))]
            None => false,
        }
    }

    /// Whether `name` is a function of kuppet's own or of the Puppet
    /// language (not a module's Ruby function), called with a lambda.
    #[cfg(feature = "ruby")]
    pub(crate) fn native_function_exists(&mut self, name: &str) -> bool {
        if self.find_function(name).is_some() {
            return true;
        }
        match functions::lookup(name, true) {
            Some(Found::Module { file, .. }) => self.module_file_exists(file),
            Some(_) => name != crate::epp::EPP_TEXT,
            None => false,
        }
    }

    // ----- Puppet-language functions

    fn find_function(&mut self, name: &str) -> Option<super::compiler::Def<'a, FunctionDef>> {
        let key = name.to_ascii_lowercase();
        if let Some(d) = self.functions.get(&key) {
            return Some(*d);
        }
        if key.has_separator() {
            self.autoload(&key, "functions");
            return self.functions.get(&key).copied();
        }
        None
    }

    fn call_puppet_function(
        &mut self,
        def: super::compiler::Def<'a, FunctionDef>,
        args: Vec<Value>,
        e: &'a Expr,
        m: &'a Manifest,
    ) -> EResult<Value> {
        let fd = def.def;
        let scope = self.new_scope(ScopeKind::Function, Some(TOP), &fd.name);
        let mut frame = Frame::new(scope);
        frame.locals.push(FxHashMap::default());
        let bound = self.bind_lambda_params(&fd.params, args, &mut frame, def.manifest, &fd.name);
        if let Err(msg) = bound {
            return Err(self.call_error(msg, e, m));
        }
        let r = self.deeper(|c| c.eval_body(&fd.body, &mut frame, def.manifest));
        let v = match r {
            Ok(v) => v,
            Err(Flow::Return(v)) => v,
            Err(Flow::Next(v)) => v,
            Err(other) => return Err(other),
        };
        if let Some(rt) = &fd.return_type {
            let t = self.eval(rt, &mut frame, def.manifest)?;
            if let Value::Type(t) = t
                && !kuppet_values::types::is_instance(&t, &v)
            {
                return Err(self.call_error(
                    format!(
                        "value returned from {} has wrong type, {}",
                        fd.name,
                        kuppet_values::types::describe_mismatch(&t, &v)
                    ),
                    e,
                    m,
                ));
            }
        }
        Ok(v)
    }

    /// Binds arguments to parameters in the innermost local frame.
    fn bind_lambda_params(
        &mut self,
        params: &'a [Parameter],
        args: Vec<Value>,
        f: &mut Frame,
        m: &'a Manifest,
        what: &str,
    ) -> Result<(), String> {
        let mut args = args.into_iter();
        let required = params
            .iter()
            .filter(|p| p.default.is_none() && !p.captures_rest)
            .count();
        let has_rest = params.iter().any(|p| p.captures_rest);
        let given = args.len();
        if given < required || (!has_rest && given > params.len()) {
            let expected = if has_rest {
                format!("at least {required}")
            } else if required == params.len() {
                format!("{}", params.len())
            } else {
                format!("between {required} and {}", params.len())
            };
            return Err(format!(
                "'{what}' expects {expected} argument{}, got {given}",
                if expected == "1" { "" } else { "s" }
            ));
        }
        for p in params {
            let v = if p.captures_rest {
                Value::array(args.by_ref().collect())
            } else {
                match args.next() {
                    Some(v) => v,
                    None => match &p.default {
                        Some(d) => self.eval(d, f, m).map_err(flow_message)?,
                        None => Value::Undef,
                    },
                }
            };
            if let Some(t) = &p.type_expr {
                let tv = self.eval(t, f, m).map_err(flow_message)?;
                if let Value::Type(t) = tv
                    && !kuppet_values::types::is_instance(&t, &v)
                {
                    let who = if what == "block" {
                        "block".to_string()
                    } else {
                        format!("'{what}'")
                    };
                    return Err(format!(
                        "{who} parameter '{}' {}",
                        p.name,
                        kuppet_values::types::describe_mismatch(&t, &v)
                    ));
                }
            }
            if let Some(local) = f.locals.last_mut() {
                local.insert(Rc::from(p.name.as_str()), v);
            }
        }
        Ok(())
    }

    /// Calls a lambda with arguments; `next(v)` yields `v`.
    pub(crate) fn call_lambda(
        &mut self,
        l: &'a Lambda,
        args: Vec<Value>,
        f: &mut Frame,
        m: &'a Manifest,
    ) -> EResult<Value> {
        // One step per call, so that iterating with an empty block counts.
        kuppet_values::budget::tick().map_err(|x| self.budget_error(x, l.span, m))?;
        f.locals.push(FxHashMap::default());
        let saved = f.matches.clone();
        let r = (|| {
            self.bind_lambda_params(&l.params, args, f, m, "block")
                .map_err(|msg| Flow::from(EvalError::new(msg).at(m, l.span)))?;
            self.deeper(|c| c.eval_body(&l.body, f, m))
        })();
        f.locals.pop();
        f.matches = saved;
        match r {
            Err(Flow::Next(v)) => Ok(v),
            other => other,
        }
    }
}

fn flow_message(f: Flow) -> String {
    match f {
        Flow::Error(e) => e.message,
        _ => "unexpected control flow".into(),
    }
}
