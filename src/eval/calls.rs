//! Function calls: dispatch to Puppet-language functions, the compiler's own
//! functions (catalog: include, contain, require, realize, tag, defined,
//! create_resources; lambdas: each, map, filter, reduce, with, lest, then ...;
//! logging and fail), type conversions (`Integer('1')`, `T.new(...)`), and the
//! pure library.

use super::classes::Declare;
use super::compiler::{Compiler, capitalize_name};
use super::error::{EResult, EvalError, Flow};
use super::scope::{Frame, ScopeKind, TOP};
use indexmap::IndexMap;
use kuppet_syntax::Manifest;
use kuppet_syntax::ast::*;
use kuppet_values::types::PType;
use kuppet_values::value::Value;
use rustc_hash::FxHashMap;
use std::rc::Rc;

impl<'a> Compiler<'a> {
    pub fn eval_call_named(
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
    pub fn eval_call_method(
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
    fn wrap_flow(&self, fl: Flow, what: &str, e: &Expr, m: &Manifest) -> Flow {
        match fl {
            Flow::Error(err) => {
                let mut msg = err.message.clone();
                if let Some(loc) = &err.location {
                    msg = format!(
                        "{msg} (file: {}, line: {}, column: {})",
                        loc.file, loc.line, loc.column
                    );
                }
                self.call_error(format!("{what}(): {msg}"), e, m)
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
        let name = name.trim_start_matches("::");
        // Puppet-language functions first (they may shadow nothing built in).
        if let Some(def) = self.find_function(name) {
            return self.call_puppet_function(def, args, e, m);
        }
        match name {
            "include" | "require" | "contain" => {
                let how = match name {
                    "include" => Declare::Include,
                    "require" => Declare::Require,
                    _ => Declare::Contain,
                };
                let names = class_names(&args).map_err(|msg| self.call_error(msg, e, m))?;
                if names.is_empty() {
                    return Err(self.call_error(
                        format!("'{name}' expects at least 1 argument, got none"),
                        e,
                        m,
                    ));
                }
                let refs = self.declare_classes(&names, how, f, m, e.span)?;
                Ok(Value::array(refs))
            }
            "realize" => {
                let mut refs = Vec::new();
                for a in &args {
                    super::compiler::collect_refs(a, &mut refs);
                }
                let line = m.line_of(e.span) as u32;
                self.realize(refs, f, m, line);
                Ok(Value::Undef)
            }
            "tag" => {
                if let Some(owner) = self.scopes[f.scope].resource {
                    for a in &args {
                        super::resources::add_tag_values(&mut self.resources[owner].tags, a);
                    }
                }
                Ok(Value::Undef)
            }
            "tagged" => {
                let owner = self.scopes[f.scope].resource;
                let mut all = true;
                for a in &args {
                    // Each argument is one tag (an array is its Ruby text).
                    let names = vec![kuppet_values::convert::ruby_to_s(a)];
                    for n in names {
                        let n = n.to_lowercase();
                        let in_scope = owner.is_some_and(|o| self.resource_tagged(o, &n));
                        // The catalog's tags: those of every class and node in it.
                        let in_catalog = self.catalog_tags.contains(n.as_str());
                        if !in_scope && !in_catalog {
                            all = false;
                        }
                    }
                }
                Ok(Value::Bool(all))
            }
            "defined" => {
                let mut result = false;
                for a in &args {
                    if self.is_defined(a, f, m, e) {
                        result = true;
                        break;
                    }
                }
                Ok(Value::Bool(result))
            }
            "create_resources" => self.create_resources_fn(args, e, f, m),
            "fail" => {
                let msg: Vec<String> = args.iter().map(|a| a.to_display()).collect();
                Err(self.call_error(msg.join(" "), e, m))
            }
            "notice" | "info" | "warning" | "err" | "debug" | "alert" | "crit" | "emerg" => {
                let msg: Vec<String> = args.iter().map(|a| a.to_display()).collect();
                let label = self.scope_label(f.scope);
                let level = match name {
                    "notice" => "Notice",
                    "warning" => "Warning",
                    "err" => "Error",
                    "info" => "Info",
                    "debug" => "Debug",
                    "alert" => "Alert",
                    "crit" => "Critical",
                    _ => "Emergency",
                };
                self.logs
                    .push((level, format!("Scope({label}): {}", msg.join(" "))));
                Ok(Value::Undef)
            }
            "break" => {
                self.flow_origin = Some(EvalError::new("").at(m, e.span));
                Err(Flow::Break)
            }
            "next" => {
                self.flow_origin = Some(EvalError::new("").at(m, e.span));
                Err(Flow::Next(args.into_iter().next().unwrap_or(Value::Undef)))
            }
            "return" => {
                self.flow_origin = Some(EvalError::new("").at(m, e.span));
                Err(Flow::Return(
                    args.into_iter().next().unwrap_or(Value::Undef),
                ))
            }
            "each" | "map" | "filter" | "reduce" | "reverse_each" | "step" | "with" | "lest"
            | "then" | "any" | "all" | "partition" | "group_by" | "tree_each" => {
                self.iteration(name, args, lambda, e, f, m)
            }
            "lookup" => self.lookup_function(args, lambda, e, f, m),
            "hiera" | "hiera_array" | "hiera_hash" | "hiera_include" => {
                self.hiera_function(name, args, lambda, e, f, m)
            }
            super::epp::EPP_TEXT => {
                if let Some(out) = self.epp_out.last_mut() {
                    for a in &args {
                        out.push_str(&a.to_display());
                    }
                }
                Ok(Value::Undef)
            }
            "inline_epp" => {
                let Some(template) = args.first().and_then(|a| a.as_str()) else {
                    return Err(self.call_error("'inline_epp' expects a String template", e, m));
                };
                let template = template.to_string();
                self.render_epp("inlined-epp-text", &template, args.get(1), true, f)
                    .map_err(|fl| self.wrap_flow(fl, "inline_epp", e, m))
            }
            "epp" => {
                let Some(path) = args.first().and_then(|a| a.as_str()) else {
                    return Err(self.call_error("'epp' expects a template path", e, m));
                };
                let (label, template) = self
                    .epp_file(path)
                    .map_err(|msg| self.call_error(format!("epp(): {msg}"), e, m))?;
                self.render_epp(&label, &template, args.get(1), false, f)
                    .map_err(|fl| self.wrap_flow(fl, "epp", e, m))
            }
            "template" => self.erb_call(super::erb::TemplateKind::File, &args, e, f, m),
            "inline_template" => self.erb_call(super::erb::TemplateKind::Inline, &args, e, f, m),
            "shellquote" => {
                let mut words = Vec::new();
                for a in &args {
                    flatten_strings(a, &mut words);
                }
                Ok(Value::string(
                    words
                        .iter()
                        .map(|w| shell_word(w))
                        .collect::<Vec<_>>()
                        .join(" "),
                ))
            }
            "slice" => {
                let (Some(subject), Some(Value::Integer(n))) = (args.first(), args.get(1)) else {
                    return Err(self.call_error(
                        "'slice' expects a collection and a slice size",
                        e,
                        m,
                    ));
                };
                if *n < 1 {
                    return Err(self.call_error(
                        "slice(): the slice size must be a positive Integer",
                        e,
                        m,
                    ));
                }
                let (items, _) = self
                    .iterable_items(subject)
                    .map_err(|msg| self.call_error(format!("'slice' {msg}"), e, m))?;
                let slices: Vec<Value> = items
                    .chunks(*n as usize)
                    .map(|c| Value::array(c.to_vec()))
                    .collect();
                match lambda {
                    None => Ok(Value::array(slices)),
                    Some(l) => {
                        let spread = l.params.len() > 1;
                        for s in slices {
                            let call_args = match (&s, spread) {
                                // A short last slice is filled up with undef.
                                (Value::Array(items), true) => {
                                    let mut v = items.to_vec();
                                    if v.len() < l.params.len() {
                                        v.resize(l.params.len(), Value::Undef);
                                    }
                                    v
                                }
                                _ => vec![s.clone()],
                            };
                            match self.call_lambda(l, call_args, f, m) {
                                Err(Flow::Break) => break,
                                r => {
                                    r?;
                                }
                            }
                        }
                        Ok(subject.clone())
                    }
                }
            }
            "call" => {
                let Some(fname) = args.first().and_then(|a| a.as_str()).map(str::to_string) else {
                    return Err(self.call_error("'call' expects a function name", e, m));
                };
                let rest = args[1..].to_vec();
                self.call_function(&fname, rest, lambda, e, f, m)
            }
            "getvar" => {
                let Some(path) = args.first().and_then(|a| a.as_str()) else {
                    return Err(self.call_error("'getvar' expects a String variable name", e, m));
                };
                let (var, rest) = match path.split_once('.') {
                    Some((v, r)) => (v.to_string(), Some(r.to_string())),
                    None => (path.to_string(), None),
                };
                let mut v = self.lookup_var(var.trim_start_matches('$'), f, m, e);
                if let Some(rest) = rest {
                    v = dig_path(&v, &rest);
                }
                if v.is_undef()
                    && let Some(d) = args.get(1)
                {
                    return Ok(d.clone());
                }
                Ok(v)
            }
            "get" => {
                let v = args.first().cloned().unwrap_or(Value::Undef);
                let path = args.get(1).map(|p| p.to_display()).unwrap_or_default();
                let r = if path.is_empty() {
                    v
                } else {
                    dig_path(&v, &path)
                };
                if r.is_undef() {
                    if let Some(l) = lambda {
                        return self.call_lambda(l, Vec::new(), f, m);
                    }
                    if let Some(d) = args.get(2) {
                        return Ok(d.clone());
                    }
                }
                Ok(r)
            }
            "sort" if lambda.is_some() => {
                let l = lambda.expect("checked");
                let Some(Value::Array(items)) = args.first() else {
                    return Err(self.call_error("'sort' expects an Array", e, m));
                };
                let mut items = items.to_vec();
                // Insertion sort through the lambda (stable, errors propagate).
                let mut i = 1;
                while i < items.len() {
                    let mut j = i;
                    while j > 0 {
                        let c = self.call_lambda(
                            l,
                            vec![items[j - 1].clone(), items[j].clone()],
                            f,
                            m,
                        )?;
                        if matches!(c, Value::Integer(n) if n > 0) {
                            items.swap(j - 1, j);
                            j -= 1;
                        } else {
                            break;
                        }
                    }
                    i += 1;
                }
                Ok(Value::array(items))
            }
            "index" if lambda.is_none() => {
                let (Some(subject), Some(want)) = (args.first(), args.get(1)) else {
                    return Err(self.call_error("'index' expects a value or a block", e, m));
                };
                Ok(match subject {
                    Value::String(s) => match want.as_str().and_then(|w| s.find(w)) {
                        Some(b) => Value::Integer(s[..b].chars().count() as i64),
                        None => Value::Undef,
                    },
                    Value::Array(items) => items
                        .iter()
                        .position(|x| x.puppet_eq(want))
                        .map(|i| Value::Integer(i as i64))
                        .unwrap_or(Value::Undef),
                    Value::Hash(h) => h
                        .iter()
                        .find(|(_, v)| v.puppet_eq(want))
                        .map(|(k, _)| k.clone())
                        .unwrap_or(Value::Undef),
                    _ => Value::Undef,
                })
            }
            "index" => self.iteration(name, args, lambda, e, f, m),
            "max" | "min" if lambda.is_some() => {
                let Some(l) = lambda else {
                    return Ok(Value::Undef);
                };
                let values: Vec<Value> = match args.as_slice() {
                    [Value::Array(items)] => items.to_vec(),
                    other => other.to_vec(),
                };
                let mut best: Option<Value> = None;
                for v in values {
                    best = Some(match best {
                        None => v,
                        Some(b) => {
                            let c = self.call_lambda(l, vec![v.clone(), b.clone()], f, m)?;
                            let n = match c {
                                Value::Integer(n) => n,
                                Value::Float(x) => x as i64,
                                _ => 0,
                            };
                            if (name == "max" && n > 0) || (name == "min" && n < 0) {
                                v
                            } else {
                                b
                            }
                        }
                    });
                }
                Ok(best.unwrap_or(Value::Undef))
            }
            "unwrap" if lambda.is_some() => {
                let v = self.call_pure(name, &args, e, m)?;
                match lambda {
                    Some(l) => self.call_lambda(l, vec![v], f, m),
                    None => Ok(v),
                }
            }
            "assert_type" => {
                if args.len() < 2 {
                    return Err(self.call_error("'assert_type' expects 2 arguments", e, m));
                }
                let t = match &args[0] {
                    Value::Type(t) => (**t).clone(),
                    Value::String(s) => self
                        .resolve_type_name(s)
                        .map_err(|msg| self.call_error(msg, e, m))?,
                    _ => return Err(self.call_error("'assert_type' expects a Type", e, m)),
                };
                if kuppet_values::types::is_instance(&t, &args[1]) {
                    return Ok(args[1].clone());
                }
                if let Some(l) = lambda {
                    let actual = Value::from_type(kuppet_values::types::infer(&args[1]));
                    return self.call_lambda(l, vec![Value::from_type(t), actual], f, m);
                }
                Err(self.call_error(
                    format!(
                        "assert_type(): {}",
                        kuppet_values::types::describe_mismatch(&t, &args[1])
                    ),
                    e,
                    m,
                ))
            }
            "type" => {
                let v = args.first().cloned().unwrap_or(Value::Undef);
                let t = match args.get(1).and_then(|a| a.as_str()) {
                    Some("generalized") => kuppet_values::types::infer_generic(&v),
                    Some("reduced") => kuppet_values::types::infer(&v),
                    _ => kuppet_values::types::infer_set(&v),
                };
                Ok(Value::from_type(t))
            }
            "new" => {
                let Some((t, rest)) = args.split_first() else {
                    return Err(self.call_error("'new' expects at least 1 argument", e, m));
                };
                self.new_instance(t, rest.to_vec(), e, m)
            }
            "versioncmp" | "sprintf" | "split" | "join" => self.call_pure(name, &args, e, m),
            "strftime" => {
                kuppet_values::time::strftime(&args).map_err(|msg| self.call_error(msg, e, m))
            }
            _ => {
                if let Some(r) = self.call_stdlib(name, &args, lambda, e, f, m) {
                    return r;
                }
                if let Some(r) = self.call_module_function(name, &args, e, f, m) {
                    return r;
                }
                if self.resource_type(name).is_some() {
                    return Err(self.call_error(format!("Unknown function: '{name}'"), e, m));
                }
                self.call_pure(name, &args, e, m)
            }
        }
    }

    fn call_pure(&mut self, name: &str, args: &[Value], e: &Expr, m: &Manifest) -> EResult<Value> {
        match super::functions::library::lookup(name) {
            Some(func) => func(args).map_err(|msg| self.call_error(msg, e, m)),
            None => Err(EvalError::new(format!("Unknown function: '{name}'."))
                .at(m, e.span)
                .into()),
        }
    }

    /// `Type.new(args)` / `Type(args)`.
    fn new_instance(
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
        kuppet_values::convert::new_value(t, &args).map_err(|msg| self.call_error(msg, e, m))
    }

    /// The label Puppet logs function messages under: `Class[main]`, `Class[Foo]`, `Foo[x]`.
    fn scope_label(&self, scope: usize) -> String {
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

    fn is_defined(&mut self, v: &Value, f: &Frame, m: &'a Manifest, e: &Expr) -> bool {
        match v {
            Value::String(s) => {
                if let Some(var) = s.strip_prefix('$') {
                    if var.contains("::") {
                        return !self.lookup_var(var, f, m, e).is_undef();
                    }
                    return f.locals.iter().any(|l| l.contains_key(var))
                        || self.lookup_in_scope(f.scope, var).is_some();
                }
                let lower = s.trim_start_matches("::").to_ascii_lowercase();
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

    fn create_resources_fn(
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
                s.trim_start_matches("::").to_ascii_lowercase()
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
            let mut attrs: super::resources::Attrs = IndexMap::new();
            if let Some(d) = &defaults {
                for (k, v) in d.iter() {
                    attrs.insert(k.to_display(), (v.clone(), false));
                }
            }
            if let Value::Hash(p) = params {
                for (k, v) in p.iter() {
                    attrs.insert(k.to_display(), (v.clone(), false));
                }
            }
            let non_string_title = !matches!(title, Value::String(_));
            let title = title.to_display();
            if non_string_title && !attrs.contains_key("name") {
                attrs.insert("name".into(), (Value::string(title.as_str()), false));
            }
            if type_name == "class" {
                let name = title.trim_start_matches("::").to_ascii_lowercase();
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
            }
            let r = &self.resources[id];
            refs.push(Value::from_type(PType::resource_ref(
                &r.type_name,
                &r.title,
            )));
        }
        Ok(Value::array(refs))
    }

    // ----- Puppet-language functions

    fn find_function(&mut self, name: &str) -> Option<super::compiler::Def<'a, FunctionDef>> {
        let key = name.to_ascii_lowercase();
        if let Some(d) = self.functions.get(&key) {
            return Some(*d);
        }
        if key.contains("::") {
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
    pub fn call_lambda(
        &mut self,
        l: &'a Lambda,
        args: Vec<Value>,
        f: &mut Frame,
        m: &'a Manifest,
    ) -> EResult<Value> {
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

/// One word quoted for a shell as Puppet's `shellquote` does.
fn shell_word(w: &str) -> String {
    const SAFE: &str = "@%_+=:,./-";
    const DANGEROUS: &str = "!\"`$\\";
    if w.is_empty() {
        return "''".to_string();
    }
    if w.chars()
        .all(|c| c.is_ascii_alphanumeric() || SAFE.contains(c))
    {
        return w.to_string();
    }
    if !w.chars().any(|c| DANGEROUS.contains(c)) {
        return format!("\"{w}\"");
    }
    if !w.contains('\'') {
        return format!("'{w}'");
    }
    format!("'{}'", w.replace('\'', "'\\''"))
}

/// Follows a dotted path (`a.b.1`) into hashes and arrays.
fn dig_path(v: &Value, path: &str) -> Value {
    let mut cur = v.clone();
    for seg in path.split('.') {
        cur = match &cur {
            Value::Hash(h) => h.get(&Value::string(seg)).cloned().unwrap_or(Value::Undef),
            Value::Array(a) => seg
                .parse::<usize>()
                .ok()
                .and_then(|i| a.get(i).cloned())
                .unwrap_or(Value::Undef),
            _ => Value::Undef,
        };
    }
    cur
}

fn flow_message(f: Flow) -> String {
    match f {
        Flow::Error(e) => e.message,
        _ => "unexpected control flow".into(),
    }
}

fn flatten_strings(v: &Value, out: &mut Vec<String>) {
    match v {
        Value::Array(items) => items.iter().for_each(|i| flatten_strings(i, out)),
        other => out.push(other.to_display()),
    }
}

/// Class names from `include`-style arguments: strings, arrays, Class refs.
fn class_names(args: &[Value]) -> Result<Vec<String>, String> {
    let mut out = Vec::new();
    fn walk(v: &Value, out: &mut Vec<String>) -> Result<(), String> {
        match v {
            Value::String(s) => out.push(s.to_string()),
            Value::Array(items) => {
                for i in items.iter() {
                    walk(i, out)?;
                }
            }
            Value::Type(t) => match &**t {
                PType::Class { name: Some(n) } => out.push(n.clone()),
                PType::Resource {
                    type_name: Some(n),
                    title: None,
                } => out.push(n.to_ascii_lowercase()),
                other => return Err(format!("Cannot use {other} as a class name")),
            },
            Value::Undef => return Err("Cannot use undef as a class name".into()),
            other => {
                return Err(format!(
                    "Cannot use a {} as a class name",
                    other.type_name()
                ));
            }
        }
        Ok(())
    }
    for a in args {
        walk(a, &mut out)?;
    }
    Ok(out)
}
