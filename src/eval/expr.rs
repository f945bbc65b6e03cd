//! Expression evaluation: literals, variables, operators, access, strings,
//! conditionals and assignment. Resource expressions, calls and collectors
//! are dispatched to their own modules.

use super::compiler::{Compiler, capitalize_name};
use super::error::{EResult, EvalError, Flow};
use super::scope::{Frame, ScopeId, ScopeKind, TOP};
use indexmap::IndexMap;
use kuppet_syntax::Manifest;
use kuppet_syntax::ast::*;
use kuppet_values::names::QualifiedName;
use kuppet_values::types::PType;
use kuppet_values::value::{RegexValue, Value};
use std::rc::Rc;

impl<'a> Compiler<'a> {
    /// Evaluates a body (statement list): the value of the last statement.
    pub fn eval_body(
        &mut self,
        body: &'a [Expr],
        f: &mut Frame,
        m: &'a Manifest,
    ) -> EResult<Value> {
        let Some((tail, init)) = body.split_last() else {
            return Ok(Value::Undef);
        };
        for e in init {
            // A resource statement's value (its references) is dropped
            // here: not built.
            if let ExprKind::Resource {
                form,
                type_name,
                bodies,
            } = &e.kind
            {
                self.guarded(e, m, |c| {
                    c.eval_resource(*form, type_name, bodies, e, f, m, false)
                })?;
            } else {
                self.eval(e, f, m)?;
            }
        }
        self.eval(tail, f, m)
    }

    /// Evaluates one expression.
    pub fn eval(&mut self, e: &'a Expr, f: &mut Frame, m: &'a Manifest) -> EResult<Value> {
        self.guarded(e, m, |c| c.eval_inner(e, f, m))
    }

    /// Runs `body` as the evaluation of `e`: one step of the budget, one
    /// level of nesting, and errors without a location located at `e`.
    #[inline]
    pub(crate) fn guarded<T>(
        &mut self,
        e: &'a Expr,
        m: &'a Manifest,
        body: impl FnOnce(&mut Self) -> EResult<T>,
    ) -> EResult<T> {
        if let Err(x) = kuppet_values::budget::tick() {
            return Err(EvalError::budget(x).at(m, e.span).into());
        }
        self.depth += 1;
        if self.depth > super::compiler::MAX_EVAL_DEPTH || kuppet_values::budget::stack_low() {
            self.depth -= 1;
            return Err(EvalError::new(
                "Evaluation is nested too deeply; look for unbounded recursion",
            )
            .at(m, e.span)
            .into());
        }
        let r = match body(self) {
            // An error raised without a location happened at this expression.
            Err(Flow::Error(err)) if err.location.is_none() => {
                Err(Flow::Error(Box::new(err.at(m, e.loc()))))
            }
            other => other,
        };
        self.depth -= 1;
        r
    }

    fn eval_inner(&mut self, e: &'a Expr, f: &mut Frame, m: &'a Manifest) -> EResult<Value> {
        match &e.kind {
            ExprKind::Nop => Ok(Value::Undef),
            ExprKind::Undef => Ok(Value::Undef),
            ExprKind::Default => Ok(Value::Default),
            ExprKind::Bool(b) => Ok(Value::Bool(*b)),
            ExprKind::Integer { value, .. } => Ok(Value::Integer(*value)),
            ExprKind::Float(v) => Ok(Value::Float(*v)),
            ExprKind::String(s) => Ok(Value::string(s.as_str())),
            ExprKind::QualifiedName(s) => Ok(Value::string(s.as_str())),
            ExprKind::Concat(parts) => {
                let mut out = String::new();
                for p in parts {
                    match p {
                        StringPart::Literal(s) => out.push_str(s),
                        StringPart::Expr(x) => {
                            self.eval(x, f, m)?.push_display(&mut out);
                        }
                    }
                    // A string that doubles in a loop stops at the cap.
                    kuppet_values::budget::check_size("The interpolated string", out.len())
                        .map_err(|x| EvalError::budget(x).at(m, e.span))?;
                }
                Ok(Value::string(out))
            }
            ExprKind::Heredoc { text, .. } => self.eval(text, f, m),
            ExprKind::Regex(src) => {
                let r = RegexValue::new(src).map_err(|msg| EvalError::new(msg).at(m, e.span))?;
                Ok(Value::Regex(Rc::new(r)))
            }
            ExprKind::QualifiedReference(name) => self
                .resolve_type_name(name)
                .map(Value::from_type)
                .map_err(|msg| EvalError::new(msg).at(m, e.span).into()),
            ExprKind::Variable(name) => Ok(self.lookup_var(name, f, m, e)),
            ExprKind::Array(items) => {
                let mut out = Vec::with_capacity(items.len());
                for i in items {
                    if let ExprKind::Unary {
                        op: UnaryOp::Splat,
                        expr,
                    } = &i.kind
                    {
                        match self.eval(expr, f, m)? {
                            Value::Array(a) => out.extend(a.iter().cloned()),
                            other => out.push(other),
                        }
                    } else {
                        out.push(self.eval(i, f, m)?);
                    }
                }
                Ok(Value::array(out))
            }
            ExprKind::Hash(entries) => {
                let mut map = IndexMap::with_capacity(entries.len());
                for en in entries {
                    let k = self.eval(&en.key, f, m)?;
                    let v = self.eval(&en.value, f, m)?;
                    map.insert(k, v);
                }
                Ok(Value::hash(map))
            }
            ExprKind::Unary { op, expr } => {
                let v = self.eval(expr, f, m)?;
                match op {
                    UnaryOp::Not => Ok(Value::Bool(!v.is_truthy())),
                    UnaryOp::Splat => Ok(match v {
                        Value::Array(_) => v,
                        Value::Undef => Value::array(Vec::new()),
                        other => Value::array(vec![other]),
                    }),
                    UnaryOp::Neg => self.unary_minus(&v, e, m),
                }
            }
            ExprKind::Paren(inner) => self.eval(inner, f, m),
            ExprKind::Binary {
                op, left, right, ..
            } => self.eval_binary(*op, left, right, e, f, m),
            ExprKind::Access { target, keys } => self.eval_access(target, keys, e, f, m),
            ExprKind::Selector { test, entries } => {
                let v = self.eval(test, f, m)?;
                let saved = f.matches.clone();
                for en in entries {
                    if self.case_match(&v, &en.matching, f, m)? {
                        let r = self.eval(&en.value, f, m);
                        f.matches = saved;
                        return r;
                    }
                }
                f.matches = saved;
                Err(EvalError::new(format!(
                    "No matching entry for selector parameter with value '{}'",
                    v.to_display()
                ))
                .at(m, e.span)
                .into())
            }
            ExprKind::Assign {
                op, target, value, ..
            } => {
                if *op != AssignOp::Assign {
                    return Err(EvalError::new(format!(
                        "The operator '{}' is no longer supported",
                        op.as_str()
                    ))
                    .at(m, e.loc())
                    .into());
                }
                let v = self.eval(value, f, m)?;
                self.assign(target, v.clone(), f, m, e)?;
                Ok(v)
            }
            ExprKind::Relationship {
                op, left, right, ..
            } => self.eval_relationship(*op, left, right, e, f, m),
            ExprKind::CallNamed {
                functor,
                args,
                lambda,
                ..
            } => self.eval_call_named(functor, args, lambda.as_deref(), e, f, m),
            ExprKind::CallMethod {
                target,
                name,
                args,
                lambda,
                ..
            } => self.eval_call_method(target, name, args, lambda.as_deref(), e, f, m),
            ExprKind::If {
                test,
                then_body,
                else_body,
            } => {
                let saved = f.matches.clone();
                let t = self.eval(test, f, m)?;
                let r = if t.is_truthy() {
                    self.eval_body(then_body, f, m)
                } else if let Some(el) = else_body {
                    self.eval(el, f, m)
                } else {
                    Ok(Value::Undef)
                };
                f.matches = saved;
                r
            }
            ExprKind::Unless {
                test,
                then_body,
                else_body,
            } => {
                let saved = f.matches.clone();
                let t = self.eval(test, f, m)?;
                let r = if !t.is_truthy() {
                    self.eval_body(then_body, f, m)
                } else if let Some(el) = else_body {
                    self.eval(el, f, m)
                } else {
                    Ok(Value::Undef)
                };
                f.matches = saved;
                r
            }
            ExprKind::Case { test, options } => {
                let v = self.eval(test, f, m)?;
                let saved = f.matches.clone();
                let mut default_body = None;
                for o in options {
                    for val in &o.values {
                        if matches!(val.kind, ExprKind::Default) {
                            default_body = Some(&o.body);
                            continue;
                        }
                        if self.case_match(&v, val, f, m)? {
                            let r = self.eval_body(&o.body, f, m);
                            f.matches = saved;
                            return r;
                        }
                    }
                }
                let r = match default_body {
                    Some(body) => self.eval_body(body, f, m),
                    None => Ok(Value::Undef),
                };
                f.matches = saved;
                r
            }
            ExprKind::Block(stmts) => self.eval_body(stmts, f, m),
            ExprKind::Resource {
                form,
                type_name,
                bodies,
            } => self.eval_resource(*form, type_name, bodies, e, f, m, true),
            ExprKind::ResourceDefaults { type_ref, ops, .. } => {
                self.eval_resource_defaults(type_ref, ops, e, f, m)
            }
            ExprKind::ResourceOverride { target, ops, .. } => {
                self.eval_resource_override(target, ops, e, f, m)
            }
            ExprKind::Collect {
                type_expr,
                exported,
                query,
                ops,
                ..
            } => self.eval_collect(type_expr, *exported, query.as_deref(), ops, e, f, m),
            ExprKind::Class(_)
            | ExprKind::Define(_)
            | ExprKind::Node(_)
            | ExprKind::Function(_)
            | ExprKind::TypeAlias(_)
            | ExprKind::TypeDefinition { .. }
            | ExprKind::TypeMapping(_) => Ok(Value::Undef),
            ExprKind::Reserved(w) => Err(EvalError::new(format!(
                "Use of reserved word: {w}, must be quoted if intended to be a String value"
            ))
            .at(m, e.span)
            .into()),
        }
    }

    /// Resolves a capitalized name to a type: built-in, alias, or resource type.
    pub(crate) fn resolve_type_name(&mut self, name: &str) -> Result<PType, String> {
        let name = name.trim_top();
        if let Some(t) = PType::from_name(name) {
            return Ok(t);
        }
        let lower = name.to_ascii_lowercase();
        if let Some(t) = self.alias_type(&lower)? {
            return Ok(t);
        }
        if self.resource_type(&lower).is_none() && self.find_define(&lower).is_none() {
            return Err(format!(
                "Resource type not found: {}",
                capitalize_name(name)
            ));
        }
        Ok(PType::Resource {
            type_name: Some(capitalize_name(name)),
            title: None,
        })
    }

    // ----- variables

    pub(crate) fn lookup_var(&mut self, name: &str, f: &Frame, m: &'a Manifest, e: &Expr) -> Value {
        if name.as_bytes().first().is_some_and(|b| b.is_ascii_digit()) {
            let idx: usize = name.parse().unwrap_or(usize::MAX);
            return f
                .matches
                .as_ref()
                .and_then(|caps| caps.get(idx).cloned().flatten())
                .map(Value::string)
                .unwrap_or(Value::Undef);
        }
        if name.has_separator() {
            return self.lookup_qualified(name, m, e);
        }
        for frame in f.locals.iter().rev() {
            if let Some(v) = frame.get(name) {
                return v.clone();
            }
        }
        if let Some(v) = self.lookup_in_scope(f.scope, name) {
            return v;
        }
        if !matches!(
            name,
            "title" | "name" | "module_name" | "caller_module_name"
        ) {
            let (line, col) = m.lines.line_col(&m.source, e.span.start as usize);
            self.warnings.push(format!(
                "Unknown variable: '{name}'. (file: {}, line: {line}, column: {col})",
                m.path
            ));
        }
        Value::Undef
    }

    /// A variable visible from a scope: its own, then inherited, then enclosing.
    pub(crate) fn lookup_in_scope(&self, scope: ScopeId, name: &str) -> Option<Value> {
        let mut s = Some(scope);
        while let Some(id) = s {
            let sc = &self.scopes[id];
            if let Some(v) = sc.vars.get(name) {
                return Some(v.clone());
            }
            s = sc.inherited.or_else(|| self.enclosing(id));
        }
        None
    }

    /// A variable as Ruby functions read it (`scope[name]`, `lookupvar`):
    /// `x` from `scope` outwards, `::x` at top scope, `a::b::x` in class
    /// `a::b`; `None` when not set, without warnings.
    pub(crate) fn variable_quietly(&self, scope: ScopeId, name: &str) -> Option<Value> {
        let (name, top) = match name.strip_prefix("::") {
            Some(n) => (n, true),
            None => (name, false),
        };
        if let Some((class, var)) = name.rsplit_once("::") {
            let mut s = self.class_scopes.get(&class.to_ascii_lowercase()).copied();
            while let Some(id) = s {
                if let Some(v) = self.scopes[id].vars.get(var) {
                    return Some(v.clone());
                }
                s = self.scopes[id].inherited;
            }
            return None;
        }
        if top {
            return self.scopes[TOP].vars.get(name).cloned();
        }
        self.lookup_in_scope(scope, name)
    }

    /// The enclosing top or node scope of a scope (Puppet's `enclosing_scope`).
    pub(crate) fn enclosing(&self, id: ScopeId) -> Option<ScopeId> {
        let mut p = self.scopes[id].parent;
        while let Some(pid) = p {
            match self.scopes[pid].kind {
                ScopeKind::Top | ScopeKind::Node => return Some(pid),
                _ => p = self.scopes[pid].parent,
            }
        }
        None
    }

    /// `$settings::NAME`: the environment, the node's name, and the server
    /// settings' defaults a compile without a server sees (`server` is
    /// `puppet`, the CA and report servers follow it, every port 8140).
    /// Any other setting is undef.
    pub(crate) fn setting(&self, name: &str) -> Option<Value> {
        Some(match name {
            "environment" => Value::string(self.environment.as_str()),
            "certname" => {
                self.reads.note(crate::reads::Input::NodeName);
                Value::string(self.node.as_str())
            }
            "server" | "ca_server" | "report_server" => Value::string("puppet"),
            "serverport" | "masterport" | "ca_port" | "report_port" => Value::Integer(8140),
            _ => return None,
        })
    }

    fn lookup_qualified(&mut self, name: &str, m: &'a Manifest, e: &Expr) -> Value {
        let fqn = name.trim_top();
        if let Some(setting) = fqn.strip_prefix("settings::") {
            return self.setting(setting).unwrap_or(Value::Undef);
        }
        let Some((class, var)) = fqn.rsplit_once("::") else {
            return self.scopes[TOP]
                .vars
                .get(fqn)
                .cloned()
                .unwrap_or(Value::Undef);
        };
        let class = class.to_ascii_lowercase();
        match self.class_scopes.get(&class).copied() {
            Some(sid) => {
                let mut s = Some(sid);
                while let Some(id) = s {
                    if let Some(v) = self.scopes[id].vars.get(var) {
                        return v.clone();
                    }
                    s = self.scopes[id].inherited;
                }
                Value::Undef
            }
            None => {
                let (line, col) = m.lines.line_col(&m.source, e.span.start as usize);
                let why = if self.classes.contains_key(&class) {
                    format!("class {class} has not been evaluated")
                } else {
                    format!("class {class} could not be found")
                };
                self.warnings.push(format!(
                    "Could not look up qualified variable '{fqn}'; {why} (file: {}, line: {line}, column: {col})",
                    m.path
                ));
                Value::Undef
            }
        }
    }

    /// Assigns to a variable (or destructures into an array of variables).
    fn assign(
        &mut self,
        target: &'a Expr,
        v: Value,
        f: &mut Frame,
        m: &'a Manifest,
        e: &'a Expr,
    ) -> EResult<()> {
        match &target.kind {
            ExprKind::Variable(name) => self
                .set_var(name, v, f)
                .map_err(|msg| EvalError::new(msg).at(m, e.loc()).into()),
            ExprKind::Array(targets) => {
                match &v {
                    Value::Array(values) => {
                        if values.len() != targets.len() {
                            return Err(EvalError::new(format!(
                                "Mismatched number of assignable entries and values, expected {}, got {}",
                                targets.len(),
                                values.len()
                            ))
                            .at(m, e.loc())
                            .into());
                        }
                        for (t, val) in targets.iter().zip(values.iter()) {
                            self.assign(t, val.clone(), f, m, e)?;
                        }
                    }
                    Value::Hash(map) => {
                        for t in targets {
                            if let ExprKind::Variable(name) = &t.kind {
                                let val = map.get(&Value::string(name.as_str())).cloned();
                                let Some(val) = val else {
                                    return Err(EvalError::new(format!(
                                        "No value for required variable '${name}' in hash"
                                    ))
                                    .at(m, e.loc())
                                    .into());
                                };
                                self.assign(t, val, f, m, e)?;
                            }
                        }
                    }
                    _ => {
                        return Err(EvalError::new(format!(
                            "Mismatched number of assignable entries and values, expected {}, got 1",
                            targets.len()
                        ))
                        .at(m, e.loc())
                        .into());
                    }
                }
                Ok(())
            }
            _ => Err(EvalError::new(
                "Illegal attempt to assign to an expression. Not an assignable reference",
            )
            .at(m, e.loc())
            .into()),
        }
    }

    /// Sets a variable in the innermost local frame or the current scope.
    pub(crate) fn set_var(&mut self, name: &str, v: Value, f: &mut Frame) -> Result<(), String> {
        // Bound in top scope: Puppet's evaluator refuses; elsewhere the
        // scope does, with its own wording.
        let bound_here = f.locals.is_empty() && f.scope == TOP;
        if name == "server_facts" || (bound_here && matches!(name, "trusted" | "facts")) {
            return Err(format!(
                "Attempt to assign to a reserved variable name: '${name}'"
            ));
        }
        if matches!(name, "trusted" | "facts") {
            return Err(format!(
                "Error while evaluating a '=' expression, Attempt to assign to a reserved variable name: '{name}'"
            ));
        }
        if let Some(local) = f.locals.last_mut() {
            if local.contains_key(name) {
                return Err(format!("Cannot reassign variable '${name}'"));
            }
            local.insert(Rc::from(name), v);
            return Ok(());
        }
        let scope = &mut self.scopes[f.scope];
        if scope.vars.contains_key(name) {
            let builtin = matches!(name, "title" | "name");
            return Err(if builtin {
                format!("Cannot reassign built in (or already assigned) variable '${name}'")
            } else {
                format!("Cannot reassign variable '${name}'")
            });
        }
        scope.vars.insert(Rc::from(name), v);
        Ok(())
    }

    // ----- operators

    fn eval_binary(
        &mut self,
        op: BinaryOp,
        left: &'a Expr,
        right: &'a Expr,
        e: &'a Expr,
        f: &mut Frame,
        m: &'a Manifest,
    ) -> EResult<Value> {
        match op {
            BinaryOp::And => {
                let l = self.eval(left, f, m)?;
                if !l.is_truthy() {
                    return Ok(Value::Bool(false));
                }
                let r = self.eval(right, f, m)?;
                return Ok(Value::Bool(r.is_truthy()));
            }
            BinaryOp::Or => {
                let l = self.eval(left, f, m)?;
                if l.is_truthy() {
                    return Ok(Value::Bool(true));
                }
                let r = self.eval(right, f, m)?;
                return Ok(Value::Bool(r.is_truthy()));
            }
            _ => {}
        }
        let l = self.eval(left, f, m)?;
        let r = self.eval(right, f, m)?;
        let err = |msg: String| -> Flow { EvalError::new(msg).at(m, e.loc()).into() };
        match op {
            BinaryOp::Eq
            | BinaryOp::Ne
            | BinaryOp::Lt
            | BinaryOp::Le
            | BinaryOp::Gt
            | BinaryOp::Ge => kuppet_values::compare::compare_op(op.as_str(), &l, &r)
                .map(Value::Bool)
                .map_err(err),
            BinaryOp::Match | BinaryOp::NotMatch => {
                let matched = self.match_op(&l, &r, f).map_err(err)?;
                Ok(Value::Bool(if op == BinaryOp::Match {
                    matched
                } else {
                    !matched
                }))
            }
            BinaryOp::In => Ok(Value::Bool(self.in_op(&l, &r, f).map_err(err)?)),
            BinaryOp::Add
            | BinaryOp::Sub
            | BinaryOp::Mul
            | BinaryOp::Div
            | BinaryOp::Mod
            | BinaryOp::Shl
            | BinaryOp::Shr => self.calculate(op, l, r, e, left, right, m),
            BinaryOp::And | BinaryOp::Or => unreachable_number(m, e),
        }
    }

    /// `=~`: regex match (sets `$0`...), or type match.
    fn match_op(&mut self, l: &Value, r: &Value, f: &mut Frame) -> Result<bool, String> {
        match r {
            Value::Type(t) => Ok(kuppet_values::types::is_instance(t, l)),
            Value::SemVerRange(range) => Ok(match l {
                Value::SemVer(v) => range.includes(v),
                Value::String(s) => {
                    kuppet_values::semver::Version::parse(s).is_ok_and(|v| range.includes(&v))
                }
                _ => false,
            }),
            Value::Regex(re) => {
                let Value::String(s) = l else {
                    return Err(format!(
                        "Left match operand must result in a String value. Got {}.",
                        kuppet_values::labels::a_an_label(l)
                    ));
                };
                match re.captures(s) {
                    Some(caps) => {
                        f.matches = Some(Rc::new(caps));
                        Ok(true)
                    }
                    None => Ok(false),
                }
            }
            Value::String(src) => {
                let re = RegexValue::new(src)?;
                self.match_op(l, &Value::Regex(Rc::new(re)), f)
            }
            other => Err(format!(
                "Can not convert right match operand to a regular expression. Caused by 'no implicit conversion of {} into String'.",
                kuppet_values::types::ruby_class(other)
            )),
        }
    }

    fn in_op(&mut self, l: &Value, r: &Value, f: &mut Frame) -> Result<bool, String> {
        let _ = f;
        Ok(match r {
            Value::String(hay) => match l {
                Value::String(needle) => hay.to_lowercase().contains(&needle.to_lowercase()),
                Value::Regex(re) => re.is_match(hay),
                _ => false,
            },
            Value::Array(items) => items.iter().any(|x| match l {
                Value::Regex(re) => x.as_str().is_some_and(|s| re.is_match(s)),
                Value::Type(t) => kuppet_values::types::is_instance(t, x),
                _ => l.puppet_eq(x),
            }),
            Value::Hash(map) => map.keys().any(|k| match l {
                Value::Regex(re) => k.as_str().is_some_and(|s| re.is_match(s)),
                Value::Type(t) => kuppet_values::types::is_instance(t, k),
                _ => l.puppet_eq(k),
            }),
            _ => false,
        })
    }

    /// Whether a case option or selector entry matches a value.
    pub(crate) fn case_match(
        &mut self,
        v: &Value,
        option: &'a Expr,
        f: &mut Frame,
        m: &'a Manifest,
    ) -> EResult<bool> {
        if matches!(option.kind, ExprKind::Default) {
            return Ok(true);
        }
        if let ExprKind::Unary {
            op: UnaryOp::Splat,
            expr,
        } = &option.kind
        {
            let items = self.eval(expr, f, m)?;
            if let Value::Array(items) = items {
                for i in items.iter() {
                    if self.case_match_value(v, i, f) {
                        return Ok(true);
                    }
                }
                return Ok(false);
            }
        }
        let o = self.eval(option, f, m)?;
        Ok(self.case_match_value(v, &o, f))
    }

    fn case_match_value(&mut self, v: &Value, o: &Value, f: &mut Frame) -> bool {
        match o {
            Value::Default => true,
            Value::Regex(re) => match v {
                Value::String(s) => match re.captures(s) {
                    Some(caps) => {
                        f.matches = Some(Rc::new(caps));
                        true
                    }
                    None => false,
                },
                _ => false,
            },
            Value::Type(t) => kuppet_values::types::is_instance(t, v),
            Value::Array(opts) => match v {
                Value::Array(vals) => {
                    opts.len() == vals.len()
                        && opts
                            .iter()
                            .zip(vals.iter())
                            .all(|(o, v)| self.case_match_value(v, o, f))
                }
                _ => false,
            },
            Value::Hash(opts) => match v {
                Value::Hash(vals) => opts.iter().all(|(k, ov)| {
                    vals.get(k)
                        .is_some_and(|vv| self.case_match_value(vv, ov, f))
                }),
                _ => false,
            },
            _ => v.puppet_eq(o),
        }
    }
}

fn unreachable_number(m: &Manifest, e: &Expr) -> EResult<Value> {
    Err(EvalError::new("Operand is not a number")
        .at(m, e.loc())
        .into())
}
