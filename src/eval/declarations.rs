//! Resource expressions: declarations (several bodies, `default:` bodies,
//! `*` splats, arrays of titles, virtual and exported), resource defaults with
//! Puppet's dynamic scoping, overrides (`File['x'] { ... }`), references and
//! attribute access (`File['x']['mode']`).

use super::compiler::{Compiler, Override, Param, ResKind, add_tag, capitalize_name};
use super::error::{EResult, EvalError, Flow};
use super::resource_types::builtin as core_types;
use super::scope::{Frame, ResId};
use indexmap::IndexMap;
use kuppet_syntax::Manifest;
use kuppet_syntax::ast::*;
use kuppet_values::names::QualifiedName;
use kuppet_values::types::PType;
use kuppet_values::value::Value;
use std::rc::Rc;

/// The attributes of one resource body, in order: name (interned,
/// [`Compiler::name`]) → (value, whether given with `+>`).
pub(crate) type Attrs = IndexMap<Rc<str>, (Value, bool), rustc_hash::FxBuildHasher>;

/// What a resource expression declares.
enum Target<'a> {
    Builtin(super::resource_types::TypeRef<'a>),
    Define(super::compiler::Def<'a, DefineDef>),
    Class,
}

impl<'a> Compiler<'a> {
    /// Evaluates attribute operations into attributes; `* =>` hashes splat in.
    pub(crate) fn eval_attribute_ops(
        &mut self,
        ops: &'a [AttributeOp],
        f: &mut Frame,
        m: &'a Manifest,
    ) -> EResult<Attrs> {
        let mut attrs: Attrs = Attrs::with_capacity_and_hasher(ops.len(), Default::default());
        let mut splatted: Vec<(String, Value, AttributeOp)> = Vec::new();
        for op in ops {
            match op {
                AttributeOp::Set {
                    name,
                    append,
                    value,
                    span,
                } => {
                    let v = self.eval(value, f, m)?;
                    if attrs.contains_key(name.as_str()) {
                        // Located at the resource expression, as Puppet does.
                        let _ = span;
                        return Err(EvalError::new(format!(
                            "The attribute '{name}' has already been set"
                        ))
                        .into());
                    }
                    attrs.insert(self.name(name), (v, *append));
                }
                AttributeOp::Splat { value, span } => {
                    let v = self.eval(value, f, m)?;
                    match v {
                        Value::Hash(h) => {
                            for (k, val) in h.iter() {
                                let Some(k) = k.as_str() else {
                                    return Err(EvalError::new(
                                        "The attribute names in a '* =>' hash must be Strings",
                                    )
                                    .at(m, *span)
                                    .into());
                                };
                                splatted.push((k.to_string(), val.clone(), op.clone()));
                            }
                        }
                        Value::Undef => {}
                        other => {
                            return Err(EvalError::new(format!(
                                "Expected value of type Hash, got {}",
                                kuppet_values::types::infer_generic(&other)
                            ))
                            .at(m, *span)
                            .into());
                        }
                    }
                }
            }
        }
        for (k, v, op) in splatted {
            if attrs.contains_key(k.as_str()) {
                let _ = op;
                return Err(
                    EvalError::new(format!("The attribute '{k}' has already been set")).into(),
                );
            }
            attrs.insert(self.name(&k), (v, false));
        }
        Ok(attrs)
    }

    /// The type a resource expression declares: a bare name, or a type
    /// (`Resource[...]`, `File`, `Class`) as Puppet's `eval_ResourceExpression`.
    fn resource_expression_type(
        &mut self,
        type_expr: &'a Expr,
        f: &mut Frame,
        m: &'a Manifest,
    ) -> EResult<String> {
        if let ExprKind::QualifiedName(n) = &type_expr.kind {
            return Ok(n.trim_top().to_ascii_lowercase());
        }
        let acceptable = match &type_expr.kind {
            ExprKind::QualifiedReference(_) => true,
            ExprKind::Access { target, .. } => {
                matches!(target.kind, ExprKind::QualifiedReference(_))
            }
            _ => false,
        };
        let v = self.eval(type_expr, f, m)?;
        let illegal = |actual: String| -> Flow {
            EvalError::new(format!(
                "Illegal Resource Type expression, expected result to be a type name, or untitled Resource, got {actual}"
            ))
            .at(m, type_expr.span)
            .into()
        };
        if !acceptable {
            return Err(illegal(kuppet_values::types::infer_generic(&v).to_string()));
        }
        match &v {
            Value::Type(t) => match &**t {
                PType::Class { name: None } => Ok("class".to_string()),
                PType::Resource {
                    type_name: Some(n),
                    title: None,
                } => Ok(n.to_ascii_lowercase()),
                PType::Class { .. } | PType::Resource { .. } => Err(illegal(t.to_string())),
                _ => Err(illegal(kuppet_values::types::infer_generic(&v).to_string())),
            },
            _ => Err(illegal(kuppet_values::types::infer_generic(&v).to_string())),
        }
    }

    /// Its value, the references it declared, is built only when `value`.
    #[allow(clippy::too_many_arguments)]
    pub fn eval_resource(
        &mut self,
        form: ResourceForm,
        type_expr: &'a Expr,
        bodies: &'a [ResourceBody],
        e: &'a Expr,
        f: &mut Frame,
        m: &'a Manifest,
        value: bool,
    ) -> EResult<Value> {
        let loc_err = |msg: String| -> Flow {
            EvalError::new(format!(
                "Error while evaluating a Resource Statement, {msg}"
            ))
            .at(m, e.span)
            .into()
        };
        let type_name = self.resource_expression_type(type_expr, f, m)?;

        // Titles, then attributes, body by body; a `default` title's
        // attributes apply to every other body of the expression.
        let mut seen_titles: Vec<String> = Vec::with_capacity(bodies.len());
        let mut evaluated: Vec<(&'a ResourceBody, Vec<String>, Attrs)> =
            Vec::with_capacity(bodies.len());
        let mut default_attrs: Option<Attrs> = None;
        for b in bodies {
            let title_value = self.eval(&b.title, f, m)?;
            if title_value.is_undef() {
                return Err(EvalError::new(
                    "Missing title. The title expression resulted in undef",
                )
                .at(m, b.title.span)
                .into());
            }
            let mut titles = Vec::new();
            flatten_titles(&title_value, &mut titles);
            let mut names = Vec::with_capacity(titles.len());
            seen_titles.reserve(titles.len());
            let mut is_default = false;
            for (index, t) in titles.iter().enumerate() {
                let title = match t {
                    Value::Undef => {
                        return Err(EvalError::new(format!(
                            "Missing title at index {index}. The title expression resulted in an undef title"
                        ))
                        .at(m, b.title.span)
                        .into());
                    }
                    Value::Default => {
                        is_default = true;
                        "\u{0}default".to_string()
                    }
                    Value::String(s) if s.is_empty() => {
                        return Err(EvalError::new(format!(
                            "Empty string title at {index}. Title strings must have a length greater than zero."
                        ))
                        .at(m, b.title.span)
                        .into());
                    }
                    Value::String(s) => String::from(&**s),
                    other => {
                        return Err(EvalError::new(format!(
                            "Illegal title type at index {index}. Expected String, got {}",
                            kuppet_values::types::infer_generic(other)
                        ))
                        .at(m, b.title.span)
                        .into());
                    }
                };
                if seen_titles.contains(&title) {
                    let shown = if t.is_undef() || matches!(t, Value::Default) {
                        "default".to_string()
                    } else {
                        title.clone()
                    };
                    return Err(EvalError::new(format!(
                        "The title '{shown}' has already been used in this resource expression"
                    ))
                    .at(m, e.span)
                    .into());
                }
                seen_titles.push(title.clone());
                if !matches!(t, Value::Default) {
                    names.push(title);
                }
            }
            let attrs = self.eval_attribute_ops(&b.ops, f, m)?;
            if is_default {
                default_attrs = Some(attrs.clone());
            }
            evaluated.push((b, names, attrs));
        }

        let target = if type_name == "class" {
            Target::Class
        } else if let Some(t) = self.resource_type(&type_name) {
            Target::Builtin(t)
        } else if let Some(d) = self.find_define(&type_name) {
            Target::Define(d)
        } else {
            self.take_autoload_failure()?;
            return Err(loc_err(format!("Unknown resource type: '{type_name}'")));
        };
        let cap_type = match &target {
            Target::Builtin(t) => t.cap().to_string(),
            Target::Define(_) => capitalize_name(&type_name),
            Target::Class => "Class".to_string(),
        };

        let mut refs = Vec::new();
        for (b, titles, mut attrs) in evaluated {
            if let Some(defaults) = &default_attrs {
                for (k, v) in defaults {
                    if !attrs.contains_key(k) {
                        attrs.insert(k.clone(), v.clone());
                    }
                }
            }
            for title in titles {
                match &target {
                    Target::Class => {
                        let name = title.trim_top().to_ascii_lowercase();
                        if form != ResourceForm::Regular {
                            return Err(loc_err("Classes are not virtualizable".into()));
                        }
                        self.declare_class_resource_like(&name, attrs.clone(), f, m, b.title.span)?;
                        if value {
                            refs.push(Value::from_type(PType::Class { name: Some(name) }));
                        }
                    }
                    Target::Builtin(_) | Target::Define(_) => {
                        let kind = match &target {
                            Target::Builtin(t) => ResKind::Builtin(*t),
                            Target::Define(d) => ResKind::Define(*d),
                            Target::Class => unreachable_kind(),
                        };
                        let id = self
                            .create_resource(&cap_type, &title, kind, &attrs, form, f, m, b.span)
                            .map_err(|err| {
                                let mut err = err;
                                if err.location.is_none() {
                                    err.message = format!(
                                        "Error while evaluating a Resource Statement, {}",
                                        err.message
                                    );
                                }
                                Flow::from(err.at(m, b.title.span))
                            })?;
                        if value {
                            let r = &self.resources[id];
                            refs.push(Value::from_type(PType::resource_ref(
                                &r.type_name,
                                &r.title,
                            )));
                        }
                    }
                }
            }
        }
        if !value {
            return Ok(Value::Undef);
        }
        Ok(Value::array(refs))
    }

    /// Creates one resource of a built-in or defined type and adds it to the catalog.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn create_resource(
        &mut self,
        type_name: &str,
        title: &str,
        kind: ResKind<'a>,
        attrs: &Attrs,
        form: ResourceForm,
        f: &Frame,
        m: &'a Manifest,
        span: kuppet_syntax::span::Span,
    ) -> Result<ResId, EvalError> {
        let scope = f.scope;
        let type_lower: std::borrow::Cow<str> = if type_name.bytes().any(|b| b.is_ascii_uppercase())
        {
            type_name.to_ascii_lowercase().into()
        } else {
            type_name.into()
        };
        // The scopes with defaults for this type, innermost first.
        let mut chain = Vec::new();
        let mut defaults = 0;
        let mut s = Some(scope);
        while let Some(id) = s {
            if let Some(d) = self.scopes[id].defaults.get(&*type_lower) {
                chain.push(id);
                defaults += d.len();
            }
            s = self.scopes[id].parent;
        }
        let mut res = self.new_res(type_name, title, scope, kind);
        res.params.reserve(attrs.len() + defaults);
        let line = m.line_of(span) as u32;
        res.line = Some(line);
        res.file = Some(self.file_name(m));
        res.origin = Some((m, span));
        res.virtual_ = form == ResourceForm::Virtual;
        res.exported = form == ResourceForm::Exported;
        if form == ResourceForm::Exported {
            self.warnings.push(format!(
                "You cannot collect exported resources without storeconfigs being set; the export is ignored (file: {}, line: {line})",
                m.path
            ));
        }
        let source = self.scopes[scope].source.clone();
        for (k, (v, _)) in attrs {
            if let Value::Undef = v {
                // undef attributes are given but unset.
                res.undef_params.push(k.clone());
                continue;
            }
            if &**k == "tag" {
                check_tags(v).map_err(|msg| {
                    EvalError::new(format!("{msg} (line: {line})")).with_code("INVALID_TAG")
                })?;
                add_tag_values(&mut res.tags, v);
            }
            res.params.insert(
                k.clone(),
                Param {
                    value: v.clone(),
                    source: source.clone(),
                    line,
                    from_default: false,
                },
            );
        }
        // File titles with trailing slashes name the path without them.
        if let ResKind::Builtin(t) = kind
            && t.is("file")
            && !res.params.contains_key("path")
        {
            let trimmed = title.trim_end_matches('/');
            if trimmed.len() != title.len() && !trimmed.is_empty() {
                res.params.insert(
                    "path".into(),
                    Param {
                        value: Value::string(trimmed),
                        source: source.clone(),
                        line,
                        from_default: false,
                    },
                );
                res.params.move_index(res.params.len() - 1, 0);
            }
        }
        // Resource defaults from this scope and the scopes that declared it:
        // the outermost scope's first, an inner scope's value replacing an
        // outer one's in place (merged straight into the resource, without
        // a map per resource).
        let mut default_tag = false;
        for &id in chain.iter().rev() {
            let Some(d) = self.scopes[id].defaults.get(&*type_lower) else {
                continue;
            };
            for (k, v) in d {
                if attrs.contains_key(&**k) {
                    continue;
                }
                match res.params.get_mut(&**k) {
                    // Given by the resource itself (or its title).
                    Some(p) if !p.from_default => continue,
                    Some(p) => {
                        p.value = v.value.clone();
                        p.line = v.line;
                    }
                    None => {
                        res.params.insert(
                            k.clone(),
                            Param {
                                value: v.value.clone(),
                                source: source.clone(),
                                line: v.line,
                                from_default: true,
                            },
                        );
                    }
                }
                default_tag |= &**k == "tag";
            }
        }
        if default_tag && let Some(p) = res.params.get("tag") {
            add_tag_values(&mut res.tags, &p.value);
        }
        if let Some(p) = res.params.get("stage")
            && !matches!(kind, ResKind::Class(_))
        {
            let _ = p;
            return Err(EvalError::new(format!(
                "Only classes can set 'stage'; normal resources like {} cannot change run stage",
                res.reference()
            )));
        }
        let aliases: Vec<String> = match res.param("alias") {
            Some(Value::String(s)) => vec![s.to_string()],
            Some(Value::Array(items)) => items
                .iter()
                .filter_map(|v| v.as_str().map(str::to_string))
                .collect(),
            _ => Vec::new(),
        };
        let id = self.add_resource(res)?;
        for a in aliases {
            let key = (Rc::from(type_name), Rc::from(a.as_str()));
            if let Some(&other) = self.titles.get(&key)
                && other != id
            {
                let existing = self.resources[other]
                    .line
                    .map(|l| format!(" (line: {l})"))
                    .unwrap_or_default();
                return Err(EvalError::new(format!(
                    "Cannot alias {} to \"{a}\"{}; resource [\"{type_name}\", \"{a}\"] already declared{existing}",
                    self.resources[id].reference(),
                    self.resources[id]
                        .line
                        .map(|l| format!(" at (line: {l})"))
                        .unwrap_or_default(),
                )));
            }
            self.titles.insert(key, id);
        }
        self.add_scope_tags(id);
        // Stages are top-level containers, never inside a class.
        if type_name != "Stage"
            && let Some(owner) = self.scopes[scope].resource
        {
            self.add_edge(owner, id);
        }
        Ok(id)
    }

    /// `File { ... }` / `Resource[File] { ... }`: defaults in the current scope.
    pub(crate) fn eval_resource_defaults(
        &mut self,
        type_ref: &'a Expr,
        ops: &'a [AttributeOp],
        e: &'a Expr,
        f: &mut Frame,
        m: &'a Manifest,
    ) -> EResult<Value> {
        let t = self.eval(type_ref, f, m)?;
        let type_lower = match &t {
            Value::Type(ty) => match &**ty {
                PType::Resource {
                    type_name: Some(n),
                    title: None,
                } => n.to_ascii_lowercase(),
                _ => {
                    return Err(EvalError::new(format!(
                        "Illegal Resource Type expression, expected result to be a type name, or untitled Resource, got {}",
                        kuppet_values::types::infer_generic(&t)
                    ))
                    .at(m, type_ref.span)
                    .into());
                }
            },
            _ => {
                return Err(EvalError::new(format!(
                    "Illegal Resource Type expression, expected result to be a type name, or untitled Resource, got {}",
                    kuppet_values::types::infer_generic(&t)
                ))
                .at(m, type_ref.span)
                .into());
            }
        };
        let attrs = self.eval_attribute_ops(ops, f, m)?;
        let line = m.line_of(e.span) as u32;
        let scope = f.scope;
        let table = self.scopes[scope]
            .defaults
            .entry(type_lower.clone())
            .or_default();
        for (k, (v, _)) in attrs {
            if table.contains_key(&*k) {
                return Err(EvalError::new(format!(
                    "Default already defined for {} {{ {k} }}; cannot redefine",
                    capitalize_name(&type_lower)
                ))
                .at(m, e.span)
                .into());
            }
            table.insert(k, super::scope::DefaultParam { value: v, line });
        }
        Ok(Value::Undef)
    }

    /// `File['x'] { ... }`: amends the resource now, or when it appears.
    pub(crate) fn eval_resource_override(
        &mut self,
        target: &'a Expr,
        ops: &'a [AttributeOp],
        e: &'a Expr,
        f: &mut Frame,
        m: &'a Manifest,
    ) -> EResult<Value> {
        let t = self.eval(target, f, m)?;
        let attrs = self.eval_attribute_ops(ops, f, m)?;
        // Only references to resources (not classes) can be amended.
        let mut flat = Vec::new();
        flatten_into(&t, &mut flat);
        for v in &flat {
            let ok = matches!(v, Value::Type(ty) if matches!(&**ty, PType::Resource { type_name: Some(n), .. } if n != "Class"));
            if !ok {
                return Err(EvalError::new(format!(
                    "Resource Override can only operate on resources, got: {}",
                    kuppet_values::labels::label(v)
                ))
                .at(m, e.span)
                .into());
            }
        }
        let mut refs = Vec::new();
        super::compiler::collect_refs(&t, &mut refs);
        if refs.is_empty() {
            return Err(EvalError::new(format!(
                "Resource Override can only operate on resources, got: {}",
                t.type_name()
            ))
            .at(m, e.span)
            .into());
        }
        let line = m.line_of(e.span) as u32;
        let source = self.scopes[f.scope].source.clone();
        for (type_name, title) in refs {
            let ov = Override {
                type_name,
                title,
                params: attrs
                    .iter()
                    .map(|(k, (v, add))| (k.to_string(), v.clone(), *add))
                    .collect(),
                source: source.clone(),
                line,
                from_collector: false,
            };
            match self.find_resource(&ov.type_name, &ov.title) {
                Some(id) => self
                    .merge_override(id, &ov)
                    .map_err(|err| Flow::from(err.at(m, e.span)))?,
                None => self.overrides.push(ov),
            }
        }
        Ok(Value::Undef)
    }

    /// Applies an override to a resource with Puppet's permission rules.
    pub(crate) fn merge_override(&mut self, id: ResId, ov: &Override) -> Result<(), EvalError> {
        if !ov.from_collector {
            let declared_by = self.scopes[self.resources[id].scope].source.clone();
            if *declared_by != *ov.source && !self.is_subclass_of(&ov.source, &declared_by) {
                return Err(EvalError::new(format!(
                    "Only subclasses can override parameters (line: {})",
                    ov.line
                ))
                .with_code("OVERRIDE_NOT_SUBCLASS"));
            }
        }
        for (name, value, add) in &ov.params {
            let current = self.resources[id].params.get(name.as_str()).cloned();
            let allowed = match &current {
                None => true,
                Some(cur) => {
                    ov.from_collector
                        || cur.from_default
                        || self.is_subclass_of(&ov.source, &cur.source)
                }
            };
            if !allowed {
                let cur = current.as_ref().map(|c| c.line).unwrap_or(0);
                let src = current
                    .as_ref()
                    .map(|c| c.source.to_string())
                    .unwrap_or_default();
                let by = if src.is_empty() {
                    String::new()
                } else {
                    format!(" by Class[{}]", capitalize_name(&src))
                };
                return Err(EvalError::new(format!(
                    "Parameter '{name}' is already set on {}{by} at (line: {cur}); cannot redefine (line: {})",
                    self.resources[id].reference(),
                    ov.line
                ))
                .with_code("PARAMETER_ALREADY_SET"));
            }
            if value.is_undef() && !*add {
                self.resources[id].params.shift_remove(name.as_str());
                continue;
            }
            let new_value = match (&current, add) {
                (Some(cur), true) => {
                    let mut items = Vec::new();
                    flatten_into(&cur.value, &mut items);
                    flatten_into(value, &mut items);
                    Value::array(items)
                }
                _ => value.clone(),
            };
            if name == "tag" {
                add_tag_values(&mut self.resources[id].tags, &new_value);
            }
            self.resources[id].params.insert(
                Rc::from(name.as_str()),
                Param {
                    value: new_value,
                    source: ov.source.clone(),
                    line: ov.line,
                    from_default: false,
                },
            );
        }
        Ok(())
    }

    /// Whether class `child` inherits (directly or not) from class `parent`.
    pub fn is_subclass_of(&self, child: &str, parent: &str) -> bool {
        let mut c = child.to_string();
        for _ in 0..100 {
            let Some(def) = self.classes.get(&c) else {
                return false;
            };
            match &def.def.parent {
                Some(p) => {
                    let p = p.trim_top().to_ascii_lowercase();
                    if p == parent {
                        return true;
                    }
                    c = p;
                }
                None => return false,
            }
        }
        false
    }

    /// Overrides whose resource never appeared are errors; others apply now.
    pub(crate) fn apply_overrides(&mut self) -> EResult<()> {
        let pending = std::mem::take(&mut self.overrides);
        let mut missing = Vec::new();
        for ov in pending {
            match self.find_resource(&ov.type_name, &ov.title) {
                Some(id) => self.merge_override(id, &ov)?,
                None => missing.push(format!("{}[{}]", ov.type_name, ov.title)),
            }
        }
        if !missing.is_empty() {
            return Err(EvalError::new(format!(
                "Could not find resource(s) {} for overriding",
                missing.join(", ")
            ))
            .into());
        }
        Ok(())
    }

    /// `File['x']['mode']`: an attribute of an already declared resource.
    pub(crate) fn resource_attribute(
        &mut self,
        type_name: &str,
        title: &str,
        attr: &str,
    ) -> Result<Value, String> {
        let Some(id) = self.find_resource(type_name, title) else {
            return Err(format!("Resource not found: {type_name}['{title}']"));
        };
        let r = &self.resources[id];
        let valid = match r.kind {
            ResKind::Builtin(t) => t.accepts(attr) || attr == "title",
            ResKind::Define(d) => {
                d.def.params.iter().any(|p| p.name == attr)
                    || core_types::METAPARAMS.contains(&attr)
                    || attr == "title"
                    || attr == "name"
            }
            ResKind::Class(Some(c)) => {
                c.def.params.iter().any(|p| p.name == attr)
                    || core_types::METAPARAMS.contains(&attr)
            }
            _ => true,
        };
        if !valid {
            return Err(format!(
                "The resource {type_name}['{title}'] does not have a parameter called '{attr}'"
            ));
        }
        if attr == "title" {
            return Ok(Value::string(&*r.title));
        }
        Ok(r.param(attr).cloned().unwrap_or(Value::Undef))
    }

    /// The title as a reference names it (references keep what was written;
    /// lookups canonicalize, see `find_resource`).
    pub(crate) fn canonical_title(&self, _type_name: &str, title: &str) -> String {
        title.to_string()
    }
}

fn unreachable_kind<'a>() -> ResKind<'a> {
    ResKind::Stage
}

/// Titles from a title value: strings and arrays of them (nested arrays flatten).
fn flatten_titles(v: &Value, out: &mut Vec<Value>) {
    match v {
        Value::Array(items) => items.iter().for_each(|i| flatten_titles(i, out)),
        other => out.push(other.clone()),
    }
}

fn flatten_into(v: &Value, out: &mut Vec<Value>) {
    match v {
        Value::Array(items) => items.iter().for_each(|i| flatten_into(i, out)),
        other => out.push(other.clone()),
    }
}

/// Fails for a tag Puppet refuses (`Invalid tag 'has space'`).
pub(crate) fn check_tags(v: &Value) -> Result<(), String> {
    match v {
        Value::String(s) if !super::compiler::is_valid_tag(s) => Err(format!("Invalid tag '{s}'")),
        Value::Array(items) => items.iter().try_for_each(check_tags),
        _ => Ok(()),
    }
}

/// Adds the tags named by a `tag` parameter value.
pub(crate) fn add_tag_values(tags: &mut Vec<Rc<str>>, v: &Value) {
    match v {
        Value::String(s) => add_tag(tags, s),
        Value::Array(items) => items.iter().for_each(|i| add_tag_values(tags, i)),
        _ => {}
    }
}
