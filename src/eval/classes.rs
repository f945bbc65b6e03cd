//! Classes and defined types: declaring (`include`, `require`, `contain`,
//! resource-like `class { 'x': }`), evaluating their bodies in their own scopes,
//! and binding parameters with defaults and type checks.

use super::compiler::{Compiler, Def, Param, ResKind, capitalize_name};
use super::declarations::Attrs;
use super::error::{EResult, EvalError, Flow};
use super::resource_types::builtin as core_types;
use super::scope::{Frame, ResId, ScopeId, ScopeKind};
use kuppet_syntax::Manifest;
use kuppet_syntax::ast::*;
use kuppet_syntax::span::Span;
use kuppet_values::names::QualifiedName;
use kuppet_values::types::PType;
use kuppet_values::value::Value;
use std::rc::Rc;

/// How a class is being declared.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Declare {
    Include,
    Require,
    Contain,
}

impl<'a> Compiler<'a> {
    /// A class definition by name, autoloading it from the modulepath.
    pub(crate) fn find_class(&mut self, name: &str) -> Option<Def<'a, ClassDef>> {
        let key = name.trim_top().to_ascii_lowercase();
        if let Some(d) = self.classes.get(&key) {
            return Some(*d);
        }
        self.autoload_definition(&key, |c| c.classes.contains_key(&key));
        self.classes.get(&key).copied()
    }

    /// A defined type by name, autoloading it from the modulepath.
    pub(crate) fn find_define(&mut self, name: &str) -> Option<Def<'a, DefineDef>> {
        let key = name.trim_top().to_ascii_lowercase();
        if let Some(d) = self.defines.get(&key) {
            return Some(*d);
        }
        self.autoload_definition(&key, |c| c.defines.contains_key(&key));
        self.defines.get(&key).copied()
    }

    /// Declares classes with `include`, `require` or `contain` semantics.
    pub(crate) fn declare_classes(
        &mut self,
        names: &[String],
        how: Declare,
        f: &Frame,
        m: &'a Manifest,
        span: Span,
    ) -> EResult<Vec<Value>> {
        let mut refs = Vec::new();
        // As Puppet's evaluate_classes: every class goes into the catalog
        // first, then the new ones are evaluated in order.
        let mut ids = Vec::new();
        let mut pending = Vec::new();
        for name in names {
            let name = name.trim_top().to_ascii_lowercase();
            let (id, evaluate) = self
                .ensure_class_inner(&name, f.scope, None, m, span, false)
                .map_err(|e| Self::class_error(e, m, span, "Function Call"))?;
            if evaluate && !pending.contains(&id) {
                pending.push(id);
            }
            ids.push((name, id));
        }
        for id in pending {
            if !self.resources[id].evaluated {
                self.evaluate_class(id)
                    .map_err(|e| Self::class_error(e, m, span, "Function Call"))?;
            }
        }
        for (name, id) in ids {
            let title = self.resources[id].title.to_string();
            let class_ref = Value::from_type(PType::Class {
                name: Some(name.clone()),
            });
            match how {
                Declare::Include => {}
                Declare::Contain => {
                    if let Some(owner) = self.scopes[f.scope].resource
                        && !self.edges.contains(&(owner, id))
                    {
                        self.add_edge(owner, id);
                    }
                }
                Declare::Require => {
                    if let Some(owner) = self.scopes[f.scope].resource {
                        let source = self.scopes[f.scope].source.clone();
                        let r = &mut self.resources[owner];
                        let mut items = Vec::new();
                        if let Some(p) = r.params.get("require") {
                            match &p.value {
                                Value::Array(a) => items.extend(a.iter().cloned()),
                                Value::Undef => {}
                                other => items.push(other.clone()),
                            }
                        }
                        items.push(Value::from_type(PType::Class {
                            name: Some(title.to_ascii_lowercase()),
                        }));
                        r.params.insert(
                            "require".into(),
                            Param {
                                value: Value::array(items),
                                source,
                                line: m.line_of(span) as u32,
                                from_default: false,
                            },
                        );
                    }
                }
            }
            refs.push(class_ref);
        }
        Ok(refs)
    }

    /// Makes sure a class is in the catalog and evaluated; returns its resource.
    /// `params` is given for resource-like declarations.
    pub(crate) fn ensure_class(
        &mut self,
        name: &str,
        scope: ScopeId,
        params: Option<Attrs>,
        m: &'a Manifest,
        span: Span,
        label: &str,
    ) -> EResult<ResId> {
        self.ensure_class_inner(name, scope, params, m, span, true)
            .map(|(id, _)| id)
            .map_err(|f| Self::class_error(f, m, span, label))
    }

    fn class_error(f: Flow, m: &'a Manifest, span: Span, label: &str) -> Flow {
        match f {
            Flow::Error(e) if e.location.is_none() => Flow::from(
                EvalError::new(format!("Error while evaluating a {label}, {}", e.message))
                    .with_code(e.code)
                    .at(m, span),
            ),
            other => other,
        }
    }

    /// Puts a class in the catalog; evaluates it when `evaluate`, otherwise
    /// says whether it still needs evaluating.
    fn ensure_class_inner(
        &mut self,
        name: &str,
        scope: ScopeId,
        params: Option<Attrs>,
        m: &'a Manifest,
        span: Span,
        evaluate: bool,
    ) -> EResult<(ResId, bool)> {
        let Some(def) = self.find_class(name) else {
            self.take_autoload_failure()?;
            return Err(
                EvalError::new(format!("Could not find class ::{name} for {}", self.node))
                    .at(m, span)
                    .into(),
            );
        };
        let cap = capitalize_name(name);
        if params.is_none()
            && let Some(id) = self.find_resource("Class", &cap)
        {
            if !self.resources[id].evaluated {
                if !evaluate {
                    return Ok((id, true));
                }
                self.evaluate_class(id)?;
            }
            return Ok((id, false));
        }
        // The parent classes go into the catalog first, the farthest first.
        let mut ancestors: Vec<String> = Vec::new();
        let mut cur = def;
        while let Some(parent) = &cur.def.parent {
            let pname = parent.trim_top().to_ascii_lowercase();
            if self
                .find_resource("Class", &capitalize_name(&pname))
                .is_some()
                || ancestors.contains(&pname)
            {
                break;
            }
            let Some(pdef) = self.find_class(&pname) else {
                return Err(EvalError::new(format!(
                    "Could not find parent resource type '::{pname}' of type hostclass in {}",
                    self.environment
                ))
                .at(cur.manifest, cur.def.span)
                .into());
            };
            ancestors.push(pname);
            cur = pdef;
        }
        for pname in ancestors.iter().rev() {
            self.add_class_resource(pname, scope, None, m, span)?;
        }
        let id = self.add_class_resource(name, scope, params, m, span)?;
        if !evaluate {
            return Ok((id, true));
        }
        self.evaluate_class(id)?;
        Ok((id, false))
    }

    fn add_class_resource(
        &mut self,
        name: &str,
        scope: ScopeId,
        params: Option<Attrs>,
        m: &'a Manifest,
        span: Span,
    ) -> EResult<ResId> {
        let def = self.find_class(name);
        let cap = capitalize_name(name);
        let mut res = self.new_res("Class", &cap, scope, ResKind::Class(def));
        // Only resource-like declarations give a class a place in the source.
        if params.is_some() {
            res.line = Some(m.line_of(span) as u32);
            res.file = Some(Rc::from(m.path.as_str()));
        }
        res.origin = Some((m, span));
        let source = self.scopes[scope].source.clone();
        if let Some(params) = params {
            for (k, (v, _)) in params {
                if v.is_undef() {
                    res.undef_params.push(k);
                    continue;
                }
                if &*k == "tag" {
                    super::declarations::add_tag_values(&mut res.tags, &v);
                }
                res.params.insert(
                    k,
                    Param {
                        value: v,
                        source: source.clone(),
                        line: m.line_of(span) as u32,
                        from_default: false,
                    },
                );
            }
        }
        let id = self.add_resource(res).map_err(|e| {
            Flow::from(
                EvalError::new(format!(
                    "Error while evaluating a Resource Statement, {}",
                    e.message
                ))
                .at(m, span),
            )
        })?;
        Ok(id)
    }

    /// `class { 'x': ... }`.
    pub(crate) fn declare_class_resource_like(
        &mut self,
        name: &str,
        attrs: Attrs,
        f: &Frame,
        m: &'a Manifest,
        span: Span,
    ) -> EResult<()> {
        self.ensure_class(name, f.scope, Some(attrs), m, span, "Resource Statement")?;
        Ok(())
    }

    /// Evaluates a class: its scope, parameters, stage edge and body.
    pub(crate) fn evaluate_class(&mut self, id: ResId) -> EResult<()> {
        if self.resources[id].evaluated {
            return Ok(());
        }
        self.resources[id].evaluated = true;
        let ResKind::Class(Some(def)) = self.resources[id].kind else {
            return Ok(());
        };
        let name = def.def.name.trim_top().to_ascii_lowercase();
        self.add_scope_tags(id);
        // The parent's scope is the static parent of this one.
        let mut parent_scope = None;
        if let Some(parent) = &def.def.parent {
            let pname = parent.trim_top().to_ascii_lowercase();
            if let Some(pid) = self.find_resource("Class", &capitalize_name(&pname)) {
                self.deeper(|c| c.evaluate_class(pid))?;
            }
            parent_scope = self.class_scopes.get(&pname).copied();
        }
        let declaring = self.resources[id].scope;
        let scope = self.new_scope(
            ScopeKind::Class,
            Some(parent_scope.unwrap_or(declaring)),
            &name,
        );
        self.scopes[scope].inherited = parent_scope;
        self.scopes[scope].resource = Some(id);
        self.classes_in_order.push(name.clone());
        self.class_scopes.insert(name.clone(), scope);
        let title = Value::string(name.as_str());
        self.scopes[scope]
            .vars
            .insert("title".into(), title.clone());
        self.scopes[scope].vars.insert("name".into(), title);
        self.set_module_vars(scope, declaring, def.manifest);
        self.bind_parameters(
            id,
            scope,
            &def.def.params,
            def.manifest,
            def.def.span,
            Some(&name),
        )?;
        // Stage edge.
        let stage = match self.resources[id].param("stage") {
            Some(Value::String(s)) => Some(s.to_string()),
            _ => None,
        };
        let stage_id = match stage {
            Some(s) if s != "main" => match self.find_resource("Stage", &s) {
                Some(sid) => sid,
                None => {
                    return Err(EvalError::new(format!(
                        "Could not find stage {s} specified by {}",
                        self.resources[id].reference()
                    ))
                    .into());
                }
            },
            _ => self.stage_main,
        };
        self.add_edge(stage_id, id);
        let mut frame = Frame::new(scope);
        end_body(
            self.deeper(|c| c.eval_body(&def.def.body, &mut frame, def.manifest))
                .map_err(strip_flow),
        )
    }

    /// Evaluates one defined-type instance.
    pub(crate) fn evaluate_define(&mut self, id: ResId) -> EResult<()> {
        if self.resources[id].evaluated {
            return Ok(());
        }
        self.resources[id].evaluated = true;
        let ResKind::Define(def) = self.resources[id].kind else {
            return Ok(());
        };
        self.add_scope_tags(id);
        let name = def.def.name.trim_top().to_ascii_lowercase();
        let declaring = self.resources[id].scope;
        let scope = self.new_scope(ScopeKind::Define, Some(declaring), &name);
        self.scopes[scope].resource = Some(id);
        let title = Value::string(&*self.resources[id].title);
        let name_v = self.resources[id]
            .param("name")
            .cloned()
            .unwrap_or(title.clone());
        self.scopes[scope].vars.insert("title".into(), title);
        self.scopes[scope].vars.insert("name".into(), name_v);
        self.set_module_vars(scope, declaring, def.manifest);
        let origin = self.resources[id].origin;
        let r = self.bind_parameters(id, scope, &def.def.params, def.manifest, def.def.span, None);
        if let Err(Flow::Error(mut err)) = r {
            if let Some((m, span)) = origin {
                err.location = None;
                let e2 = (*err).clone().at(m, span);
                return Err(EvalError::new(format!(
                    "Error while evaluating a Resource Statement, {}",
                    e2.message
                ))
                .at(m, span)
                .into());
            }
            return Err(Flow::Error(err));
        }
        let mut frame = Frame::new(scope);
        let r = end_body(
            self.deeper(|c| c.eval_body(&def.def.body, &mut frame, def.manifest))
                .map_err(strip_flow),
        );
        // Puppet reports errors in a define's body at the instance's declaration,
        // keeping where in the body it happened in the message.
        match (r, origin) {
            (Err(Flow::Error(err)), Some((m, span))) => {
                let inner = match &err.location {
                    Some(loc) if loc.file == m.path => format!(
                        "{} (line: {}, column: {})",
                        err.message, loc.line, loc.column
                    ),
                    Some(loc) => format!(
                        "{} (file: {}, line: {}, column: {})",
                        err.message, loc.file, loc.line, loc.column
                    ),
                    None => err.message.clone(),
                };
                Err(EvalError::new(format!(
                    "Error while evaluating a Resource Statement, Evaluation Error: {inner}"
                ))
                .with_code(err.code)
                .at(m, span)
                .into())
            }
            (r, _) => r,
        }
    }

    /// `$module_name` (the module the definition comes from) and
    /// `$caller_module_name` (the module of the code that declared it).
    fn set_module_vars(&mut self, scope: ScopeId, declaring: ScopeId, m: &'a Manifest) {
        // Definitions of the main manifest belong to the module named "".
        let module = self.module_of.get(&m.path).cloned().unwrap_or_default();
        self.scopes[scope]
            .vars
            .insert("module_name".into(), Value::string(module));
        let caller = self.scopes[declaring].vars.get("module_name").cloned();
        if let Some(c) = caller {
            self.scopes[scope]
                .vars
                .insert("caller_module_name".into(), c);
        }
    }

    /// Binds a class or define's parameters into its scope and resource:
    /// given values, else (for a class, named by `class`) values from Hiera
    /// data, else defaults (evaluated in the new scope), type-checked.
    fn bind_parameters(
        &mut self,
        id: ResId,
        scope: ScopeId,
        params: &'a [Parameter],
        m: &'a Manifest,
        span: Span,
        class: Option<&str>,
    ) -> EResult<()> {
        let reference = self.resources[id].reference();
        // Unknown parameters.
        let r = &self.resources[id];
        let given: Vec<Rc<str>> = r
            .params
            .keys()
            .chain(r.undef_params.iter())
            .cloned()
            .collect();
        let mut problems = Vec::new();
        for k in &given {
            if &**k == "name" || core_types::METAPARAMS.contains(&&**k) {
                continue;
            }
            if !params.iter().any(|p| *p.name == **k) {
                problems.push(kuppet_values::types::unknown_parameter(k));
            }
        }
        // Metaparameters given to the resource are variables in its body
        // too (`$tag`, `$require`), unless a parameter has their name.
        let metaparams: Vec<(Rc<str>, Value)> = self.resources[id]
            .params
            .iter()
            .filter(|(k, _)| {
                core_types::METAPARAMS.contains(&&***k) && !params.iter().any(|p| *p.name == ***k)
            })
            .map(|(k, p)| (k.clone(), p.value.clone()))
            .collect();
        for (k, v) in metaparams {
            self.scopes[scope].vars.insert(k, v);
        }
        let mut frame = Frame::new(scope);
        for p in params {
            let mut given = self.resources[id].param(&p.name).cloned();
            // Automatic parameter lookup; an undef found does not trump a default.
            if given.is_none()
                && let Some(class) = class
                && let Some(v) = self.class_parameter_lookup(class, &p.name, scope)?
                && !(v.is_undef() && p.default.is_some())
            {
                if !v.is_undef() {
                    let source = self.scopes[scope].source.clone();
                    self.resources[id].params.insert(
                        Rc::from(p.name.as_str()),
                        Param {
                            value: v.clone(),
                            source,
                            line: m.line_of(span) as u32,
                            from_default: false,
                        },
                    );
                }
                given = Some(v);
            }
            let value = match given {
                Some(v) => v,
                None => match &p.default {
                    Some(d) => {
                        let v = self.eval(d, &mut frame, m)?;
                        if !v.is_undef() {
                            let source = self.scopes[scope].source.clone();
                            self.resources[id].params.insert(
                                Rc::from(p.name.as_str()),
                                Param {
                                    value: v.clone(),
                                    source,
                                    line: m.line_of(span) as u32,
                                    from_default: false,
                                },
                            );
                        }
                        v
                    }
                    // Given as undef: bound to undef (and type-checked).
                    None if self.resources[id]
                        .undef_params
                        .iter()
                        .any(|u| **u == *p.name) =>
                    {
                        Value::Undef
                    }
                    None => {
                        problems.push(kuppet_values::types::missing_parameter(&p.name));
                        continue;
                    }
                },
            };
            if p.type_expr.is_some() {
                let tv = self.parameter_type(p, m)?;
                if let Value::Type(ty) = tv
                    && !kuppet_values::types::is_instance(&ty, &value)
                {
                    let label = format!("parameter '{}'", p.name);
                    let errs = kuppet_values::types::describe_mismatch_at(&label, &ty, &value);
                    if !errs.is_empty() {
                        problems.extend(errs);
                        continue;
                    }
                }
            }
            self.scopes[scope]
                .vars
                .insert(Rc::from(p.name.as_str()), value);
        }
        if !problems.is_empty() {
            let msg = kuppet_values::types::format_subject_errors(&reference, &problems);
            return Err(EvalError::new(msg).into());
        }
        Ok(())
    }
}

impl<'a> Compiler<'a> {
    /// The type of a class or define parameter: evaluated once, in top
    /// scope, as Puppet does when it loads the definition.
    pub fn parameter_type(&mut self, p: &'a Parameter, m: &'a Manifest) -> EResult<Value> {
        let key = p as *const Parameter;
        if let Some(t) = self.param_types.get(&key) {
            return Ok(t.clone());
        }
        let Some(t) = &p.type_expr else {
            return Ok(Value::Undef);
        };
        let mut frame = Frame::new(super::scope::TOP);
        let v = self.eval(t, &mut frame, m)?;
        self.param_types.insert(key, v.clone());
        Ok(v)
    }

    /// Evaluates the parameter types of every class and define of a
    /// manifest, in source order, as Puppet does when it imports the main
    /// manifest (before any of its code runs: top-scope variables it assigns
    /// are not visible yet).
    pub(crate) fn resolve_parameter_types(&mut self, m: &'a Manifest) -> EResult<()> {
        self.resolve_types_in(&m.program.body, m)
    }

    fn resolve_types_in(&mut self, body: &'a [Expr], m: &'a Manifest) -> EResult<()> {
        for e in body {
            match &e.kind {
                ExprKind::Class(c) => {
                    for p in &c.params {
                        self.parameter_type(p, m)?;
                    }
                    self.resolve_types_in(&c.body, m)?;
                }
                ExprKind::Define(d) => {
                    for p in &d.params {
                        self.parameter_type(p, m)?;
                    }
                }
                ExprKind::Block(stmts) => self.resolve_types_in(stmts, m)?,
                _ => {}
            }
        }
        Ok(())
    }
}

/// `next()` in a class or define body ends the body quietly.
fn strip_flow(f: Flow) -> Flow {
    f
}

/// Maps the result of a body: `next()` ends it without error.
fn end_body(r: EResult<Value>) -> EResult<()> {
    match r {
        Ok(_) | Err(Flow::Next(_)) => Ok(()),
        Err(other) => Err(other),
    }
}
