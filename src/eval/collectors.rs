//! Collectors (`File <| query |> { ... }`), `realize`, and chaining-arrow
//! relationships: collectors realize virtual resources and override attributes
//! until nothing changes; relationships become `before`/`notify` metaparameters.

use super::compiler::{Compiler, Override, Param, RelEnd, Relationship, capitalize_name};
use super::error::{EResult, EvalError, Flow};
use super::scope::{Frame, ResId};
use kuppet_syntax::Manifest;
use kuppet_syntax::ast::*;
use kuppet_values::names::QualifiedName;
use kuppet_values::types::PType;
use kuppet_values::value::Value;
use rustc_hash::FxHashSet;
use std::rc::Rc;

/// A collector waiting for matching resources.
#[derive(Debug)]
pub struct Collector<'a> {
    /// Capitalized type name.
    pub type_name: String,
    pub query: Option<Query>,
    pub manifest: &'a Manifest,
    /// Attribute overrides, evaluated when the collector was declared.
    pub overrides: Vec<(String, Value, bool)>,
    pub source: Rc<str>,
    pub line: u32,
    /// Resources this collector already handled.
    pub collected: FxHashSet<ResId>,
    /// For `realize`: the exact references it must find.
    pub refs: Option<Vec<(String, String)>>,
    /// Exported collectors (`<<| |>>`) are ignored without storeconfigs.
    pub ignored: bool,
}

/// A collector's query with its operands evaluated: as Puppet's
/// `CollectorTransformer`, once when the collector is declared (a function
/// or an unknown variable in it is called or warned about once, not for
/// each resource it is matched against).
#[derive(Clone, Debug)]
pub enum Query {
    And(Box<Query>, Box<Query>),
    Or(Box<Query>, Box<Query>),
    /// `attr == value` (`is_eq`) or `attr != value`.
    Compare {
        attr: String,
        value: Value,
        is_eq: bool,
    },
    /// Any other operand: its truth, the same for every resource.
    Truthy(bool),
}

impl<'a> Compiler<'a> {
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn eval_collect(
        &mut self,
        type_expr: &'a Expr,
        exported: bool,
        query: Option<&'a Expr>,
        ops: &'a [AttributeOp],
        e: &'a Expr,
        f: &mut Frame,
        m: &'a Manifest,
    ) -> EResult<Value> {
        // The type is a name, not evaluated (an unknown one fails below).
        let t = match &type_expr.kind {
            ExprKind::QualifiedReference(n) => {
                let lower = n.trim_top().to_ascii_lowercase();
                if lower == "class" {
                    Value::from_type(PType::Class { name: None })
                } else {
                    Value::from_type(PType::resource_type(&capitalize_name(&lower)))
                }
            }
            _ => self.eval(type_expr, f, m)?,
        };
        let type_name = match &t {
            Value::Type(ty) => match &**ty {
                PType::Resource {
                    type_name: Some(n),
                    title: None,
                } => n.clone(),
                PType::Class { name: None } => "Class".to_string(),
                other => {
                    return Err(EvalError::new(format!(
                        "Cannot collect resources of type {other}"
                    ))
                    .at(m, e.span)
                    .into());
                }
            },
            other => {
                return Err(EvalError::new(format!(
                    "Cannot collect resources of type {}",
                    other.type_name()
                ))
                .at(m, e.span)
                .into());
            }
        };
        // The type must exist.
        let lower = type_name.to_ascii_lowercase();
        if lower == "class" {
            return Err(EvalError::new("Classes cannot be collected")
                .at(m, e.span)
                .into());
        }
        if self.resource_type(&lower).is_none() && self.find_define(&lower).is_none() {
            return Err(
                EvalError::new(format!("Resource type {lower} doesn't exist"))
                    .at(m, type_expr.span)
                    .into(),
            );
        }
        if let Some(q) = query
            && let Some(class) = untransformable_query_operand(q)
        {
            let form = if exported { "Exported" } else { "Virtual" };
            return Err(EvalError::new(format!(
                "Error while evaluating a {form} Query, Cannot transform object of class Puppet::Pops::Model::{class}"
            ))
            .at(m, e.span)
            .into());
        }
        let attrs = self.eval_attribute_ops(ops, f, m)?;
        let query = match query {
            Some(q) => Some(self.transform_query(q, f, m)?),
            None => None,
        };
        let line = m.line_of(e.span) as u32;
        if exported {
            self.warnings.push(format!(
                "You cannot collect exported resources without storeconfigs being set; the collection will be ignored (file: {}, line: {line})",
                m.path
            ));
        }
        let index = self.collectors.len();
        self.collectors.push(Collector {
            type_name,
            query,
            manifest: m,
            overrides: attrs
                .into_iter()
                .map(|(k, (v, add))| (k.to_string(), v, add))
                .collect(),
            source: self.scopes[f.scope].source.clone(),
            line,
            collected: FxHashSet::default(),
            refs: None,
            ignored: exported,
        });
        Ok(collector_marker(index))
    }

    /// `realize(File['x'], ...)`: realizes now, or when the resource appears.
    pub fn realize(&mut self, refs: Vec<(String, String)>, f: &Frame, m: &'a Manifest, line: u32) {
        self.collectors.push(Collector {
            type_name: String::new(),
            query: None,
            manifest: m,
            overrides: Vec::new(),
            source: self.scopes[f.scope].source.clone(),
            line,
            collected: FxHashSet::default(),
            refs: Some(refs),
            ignored: false,
        });
        let idx = self.collectors.len() - 1;
        // Realize what exists already, so attribute access sees it.
        let _ = self.run_collector(idx);
    }

    /// One pass over all collectors; true if any found something new.
    pub(crate) fn evaluate_collectors(&mut self) -> EResult<bool> {
        let mut found = false;
        for i in 0..self.collectors.len() {
            if self.run_collector(i)? {
                found = true;
            }
        }
        Ok(found)
    }

    fn run_collector(&mut self, i: usize) -> EResult<bool> {
        if self.collectors[i].ignored {
            return Ok(false);
        }
        let matches: Vec<ResId> = if let Some(refs) = self.collectors[i].refs.clone() {
            refs.iter()
                .filter_map(|(t, title)| self.find_resource(t, title))
                .collect()
        } else {
            let type_name = self.collectors[i].type_name.clone();
            let mut out = Vec::new();
            for id in 0..self.resources.len() {
                if *self.resources[id].type_name != *type_name {
                    continue;
                }
                if self.collectors[i].collected.contains(&id) {
                    continue;
                }
                if self.query_matches(i, id) {
                    out.push(id);
                }
            }
            out
        };
        let mut found = false;
        for id in matches {
            if !self.collectors[i].collected.insert(id) {
                continue;
            }
            found = true;
            self.resources[id].virtual_ = false;
            if !self.collectors[i].overrides.is_empty() {
                let c = &self.collectors[i];
                let ov = Override {
                    type_name: self.resources[id].type_name.to_string(),
                    title: self.resources[id].title.to_string(),
                    params: c.overrides.clone(),
                    source: c.source.clone(),
                    line: c.line,
                    from_collector: true,
                };
                let m = c.manifest;
                self.merge_override(id, &ov)
                    .map_err(|e| Flow::from(e.at(m, kuppet_syntax::span::Span::default())))?;
            }
        }
        Ok(found)
    }

    /// Evaluates a collector's query against one resource.
    fn query_matches(&self, ci: usize, id: ResId) -> bool {
        match &self.collectors[ci].query {
            None => true,
            Some(q) => self.query_holds(q, id),
        }
    }

    fn query_holds(&self, q: &Query, id: ResId) -> bool {
        match q {
            Query::And(l, r) => self.query_holds(l, id) && self.query_holds(r, id),
            Query::Or(l, r) => self.query_holds(l, id) || self.query_holds(r, id),
            Query::Compare { attr, value, is_eq } => {
                self.resource_attr_matches(id, attr, value, *is_eq)
            }
            Query::Truthy(t) => *t,
        }
    }

    /// The query `q` with its operands evaluated in the collector's frame.
    fn transform_query(&mut self, q: &'a Expr, f: &mut Frame, m: &'a Manifest) -> EResult<Query> {
        match &q.kind {
            ExprKind::Paren(inner) => self.transform_query(inner, f, m),
            ExprKind::Binary {
                op, left, right, ..
            } => match op {
                BinaryOp::And => Ok(Query::And(
                    Box::new(self.transform_query(left, f, m)?),
                    Box::new(self.transform_query(right, f, m)?),
                )),
                BinaryOp::Or => Ok(Query::Or(
                    Box::new(self.transform_query(left, f, m)?),
                    Box::new(self.transform_query(right, f, m)?),
                )),
                BinaryOp::Eq | BinaryOp::Ne => {
                    let attr = match &left.kind {
                        ExprKind::QualifiedName(n) | ExprKind::String(n) => n.to_string(),
                        _ => self.eval(left, f, m)?.to_display(),
                    };
                    let value = self.eval(right, f, m)?;
                    Ok(Query::Compare {
                        attr,
                        value,
                        is_eq: *op == BinaryOp::Eq,
                    })
                }
                _ => Err(EvalError::new("Illegal query expression")
                    .at(m, q.span)
                    .into()),
            },
            _ => Ok(Query::Truthy(self.eval(q, f, m)?.is_truthy())),
        }
    }

    /// A query's `attr == value` (`is_eq`) or `attr != value` on a resource,
    /// as Puppet's collector: `tag ==` asks the tags (any of an array), `==`
    /// on an array attribute asks whether it includes the value, unset
    /// attributes are `undef`.
    fn resource_attr_matches(&self, id: ResId, attr: &str, value: &Value, is_eq: bool) -> bool {
        let r = &self.resources[id];
        if attr == "tag" && is_eq {
            let tagged = |t: &Value| match t {
                // Already lowercase: no copy.
                Value::String(s) if !s.bytes().any(|b| !b.is_ascii() || b.is_ascii_uppercase()) => {
                    self.resource_tagged(id, s)
                }
                other => self.resource_tagged(id, &other.to_display().to_lowercase()),
            };
            return match value {
                Value::Array(items) => items.iter().any(tagged),
                other => tagged(other),
            };
        }
        let title = Value::String(r.title.clone());
        let actual = match attr {
            "title" => Some(&title),
            _ => match r.param(attr) {
                None if attr == "name" => Some(&title),
                other => other,
            },
        };
        let undef = Value::Undef;
        let actual = actual.unwrap_or(&undef);
        match (actual, is_eq) {
            (Value::Array(items), true) => items.iter().any(|x| x.puppet_eq(value)),
            (v, true) => v.puppet_eq(value),
            (v, false) => !v.puppet_eq(value),
        }
    }

    /// Tags of a resource including those it will inherit from its scope.
    pub(crate) fn resource_tagged(&self, id: ResId, tag: &str) -> bool {
        let mut cur = Some(id);
        let mut guard = 0;
        while let Some(i) = cur {
            if self.resources[i].tags.iter().any(|t| &**t == tag) {
                return true;
            }
            let scope = self.resources[i].scope;
            cur = self.scopes[scope].resource.filter(|&o| o != i);
            guard += 1;
            if guard > 10_000 {
                break;
            }
        }
        false
    }

    /// Resources a realize() never found are errors.
    pub(crate) fn check_unrealized(&mut self) -> EResult<()> {
        let mut missing = Vec::new();
        for c in &self.collectors {
            if let Some(refs) = &c.refs {
                for (t, title) in refs {
                    if self.find_resource(t, title).is_none() {
                        missing.push(format!("{t}[{title}]"));
                    }
                }
            }
        }
        if !missing.is_empty() {
            return Err(EvalError::new(format!(
                "Failed to realize virtual resources {}",
                missing.join(", ")
            ))
            .into());
        }
        Ok(())
    }

    // ----- relationships

    pub(crate) fn eval_relationship(
        &mut self,
        op: RelationshipOp,
        left: &'a Expr,
        right: &'a Expr,
        e: &'a Expr,
        f: &mut Frame,
        m: &'a Manifest,
    ) -> EResult<Value> {
        let l = self.eval(left, f, m)?;
        let r = self.eval(right, f, m)?;
        let ls = self
            .rel_ends(&l)
            .map_err(|msg| Flow::from(EvalError::new(msg).at(m, e.loc())))?;
        let rs = self
            .rel_ends(&r)
            .map_err(|msg| Flow::from(EvalError::new(msg).at(m, e.loc())))?;
        // A collector on the right that finds nothing stands for the left
        // side in the rest of the chain (`A -> Coll<||> ~> B` makes A ~> B).
        if let [RelEnd::Collector(i)] = rs.as_slice() {
            self.empty_alternatives.insert(*i, ls.clone());
        }
        let right_empty = rs.is_empty();
        let (sources, targets, notify) = match op {
            RelationshipOp::Before => (ls, rs, false),
            RelationshipOp::Notify => (ls, rs, true),
            RelationshipOp::Require => (rs, ls, false),
            RelationshipOp::Subscribe => (rs, ls, true),
        };
        self.relationships.push(Relationship {
            sources,
            targets,
            notify,
            location: Some((f.scope, format!("{}:{}", m.path, m.line_of(e.span)))),
        });
        // The value of a relationship is its right side, or its left when
        // the right is empty (`X -> [] -> Y` is `X -> Y`).
        let result = if right_empty { l } else { r };
        Ok(match result {
            Value::Array(_) => result,
            other => Value::array(vec![other]),
        })
    }

    fn rel_ends(&self, v: &Value) -> Result<Vec<RelEnd>, String> {
        let mut out = Vec::new();
        self.rel_ends_into(v, &mut out)?;
        Ok(out)
    }

    /// One operand of a chaining arrow, as Puppet's `RelationshipOperator`:
    /// references, collectors, arrays of them, and strings naming a reference.
    fn rel_ends_into(&self, v: &Value, out: &mut Vec<RelEnd>) -> Result<(), String> {
        let not_catalog = |t: &PType| {
            format!(
                "Illegal relationship operand, can not form a relationship with something of type {t}. A Catalog type is required."
            )
        };
        match v {
            Value::Type(t) => match &**t {
                PType::Resource {
                    type_name: Some(tn),
                    title: Some(title),
                } => out.push(RelEnd::Ref(tn.clone(), title.clone())),
                PType::Class { name: Some(n) } => {
                    out.push(RelEnd::Ref("Class".into(), capitalize_name(n)))
                }
                other => return Err(not_catalog(other)),
            },
            Value::Array(items) => {
                for i in items.iter() {
                    self.rel_ends_into(i, out)?;
                }
            }
            Value::Hash(h) if h.len() == 1 && h.contains_key(&Value::string(COLLECTOR_KEY)) => {
                if let Some(Value::Integer(i)) = h.get(&Value::string(COLLECTOR_KEY)) {
                    out.push(RelEnd::Collector(*i as usize));
                }
            }
            // A string is parsed as a type: 'File[/x]'.
            Value::String(s) => match kuppet_catalog::split_reference(s) {
                Some((t, title)) => out.push(RelEnd::Ref(t.to_string(), title.to_string())),
                None => match PType::from_name(s.trim()) {
                    Some(t) => return Err(not_catalog(&t)),
                    None => {
                        return Err(format!(
                            "The expression <{s}> is not a valid type specification."
                        ));
                    }
                },
            },
            other => {
                return Err(format!(
                    "Illegal relationship operand, can not form a relationship with {}. A Catalog type is required.",
                    kuppet_values::labels::a_an_label(other)
                ));
            }
        }
        Ok(())
    }

    /// Turns relationships into `before`/`notify` on their source resources,
    /// pair by pair as Puppet does (a missing end fails only when it has a
    /// counterpart).
    pub(crate) fn evaluate_relationships(&mut self) -> EResult<()> {
        let rels = std::mem::take(&mut self.relationships);
        for rel in &rels {
            let sources = self.expand_ends(&rel.sources, true);
            let targets = self.expand_ends(&rel.targets, false);
            let param = if rel.notify { "notify" } else { "before" };
            for s in &sources {
                for t in &targets {
                    let source_id = match s {
                        Ok(id) => *id,
                        Err(sref) => {
                            return Err(EvalError::new(format!(
                                "Could not find resource '{sref}' for relationship on '{}'",
                                self.end_name(t)
                            ))
                            .into());
                        }
                    };
                    let target_id = match t {
                        Ok(id) => *id,
                        Err(tref) => {
                            return Err(EvalError::new(format!(
                                "Could not find resource '{tref}' for relationship from '{}'",
                                self.resources[source_id].reference()
                            ))
                            .into());
                        }
                    };
                    let target_ref = Value::string(self.resources[target_id].reference());
                    let res = &mut self.resources[source_id];
                    let mut items = Vec::new();
                    if let Some(p) = res.params.get(param) {
                        match &p.value {
                            Value::Array(a) => items.extend(a.iter().cloned()),
                            other => items.push(other.clone()),
                        }
                    }
                    items.push(target_ref);
                    res.params.insert(
                        param.into(),
                        Param {
                            value: Value::array(items),
                            source: Rc::from(""),
                            line: 0,
                            from_default: false,
                        },
                    );
                }
            }
        }
        Ok(())
    }

    fn end_name(&self, end: &Result<ResId, String>) -> String {
        match end {
            Ok(id) => self.resources[*id].reference(),
            Err(r) => r.clone(),
        }
    }

    /// The resources at one end of a relationship (unique, in order): found
    /// ones, or the reference of a missing one. A source collector that
    /// collected nothing stands for what was left of it in its chain.
    fn expand_ends(&self, ends: &[RelEnd], source: bool) -> Vec<Result<ResId, String>> {
        let mut out: Vec<Result<ResId, String>> = Vec::new();
        for end in ends {
            match end {
                RelEnd::Ref(t, title) => match self.find_resource(t, title) {
                    Some(id) if !self.resources[id].virtual_ => out.push(Ok(id)),
                    _ => out.push(Err(format!("{t}[{title}]"))),
                },
                RelEnd::Collector(i) => {
                    let mut ids: Vec<ResId> =
                        self.collectors[*i].collected.iter().copied().collect();
                    if ids.is_empty()
                        && source
                        && let Some(alt) = self.empty_alternatives.get(i)
                    {
                        out.extend(self.expand_ends(alt, true));
                        continue;
                    }
                    ids.sort_unstable();
                    out.extend(
                        ids.into_iter()
                            .filter(|&id| !self.resources[id].virtual_)
                            .map(Ok),
                    );
                }
            }
        }
        let mut seen = Vec::new();
        out.retain(|e| {
            if seen.contains(e) {
                false
            } else {
                seen.push(e.clone());
                true
            }
        });
        out
    }
}

/// The key of the marker value a collector expression evaluates to.
pub(crate) const COLLECTOR_KEY: &str = "\u{0}collector";

/// The value of a collector expression: a marker relationships recognise.
fn collector_marker(index: usize) -> Value {
    let mut h = indexmap::IndexMap::new();
    h.insert(Value::string(COLLECTOR_KEY), Value::Integer(index as i64));
    Value::hash(h)
}

/// The Puppet model class of the first comparison operand in a collector
/// query that Puppet's collector transformer cannot turn into a match
/// (only names, strings, numbers, booleans, undef, variables and access
/// expressions can be compared).
fn untransformable_query_operand(q: &Expr) -> Option<&'static str> {
    match &q.kind {
        ExprKind::Paren(inner) => untransformable_query_operand(inner),
        ExprKind::Binary {
            op: BinaryOp::And | BinaryOp::Or | BinaryOp::Eq | BinaryOp::Ne,
            left,
            right,
            ..
        } => untransformable_query_operand(left).or_else(|| untransformable_query_operand(right)),
        ExprKind::QualifiedName(_)
        | ExprKind::String(_)
        | ExprKind::Concat(_)
        | ExprKind::Integer { .. }
        | ExprKind::Float(_)
        | ExprKind::Bool(_)
        | ExprKind::Undef
        | ExprKind::Variable(_)
        | ExprKind::Access { .. } => None,
        ExprKind::Array(_) => Some("LiteralList"),
        ExprKind::Hash(_) => Some("LiteralHash"),
        ExprKind::Regex(_) => Some("LiteralRegularExpression"),
        ExprKind::Default => Some("LiteralDefault"),
        ExprKind::QualifiedReference(_) => Some("QualifiedReference"),
        ExprKind::Heredoc { .. } => Some("HeredocExpression"),
        ExprKind::CallNamed { .. } => Some("CallNamedFunctionExpression"),
        ExprKind::CallMethod { .. } => Some("CallMethodExpression"),
        ExprKind::Selector { .. } => Some("SelectorExpression"),
        ExprKind::Unary {
            op: UnaryOp::Neg, ..
        } => Some("UnaryMinusExpression"),
        ExprKind::Unary {
            op: UnaryOp::Not, ..
        } => Some("NotExpression"),
        ExprKind::Unary {
            op: UnaryOp::Splat, ..
        } => Some("UnfoldExpression"),
        ExprKind::Binary {
            op:
                BinaryOp::Add
                | BinaryOp::Sub
                | BinaryOp::Mul
                | BinaryOp::Div
                | BinaryOp::Mod
                | BinaryOp::Shl
                | BinaryOp::Shr,
            ..
        } => Some("ArithmeticExpression"),
        ExprKind::Binary {
            op: BinaryOp::Match | BinaryOp::NotMatch,
            ..
        } => Some("MatchExpression"),
        ExprKind::Binary {
            op: BinaryOp::In, ..
        } => Some("InExpression"),
        _ => None,
    }
}
