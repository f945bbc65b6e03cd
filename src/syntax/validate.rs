//! Post-parse validation: the rules with which Puppet 7 rejects (or warns about)
//! a file that its grammar accepts — assignment to non-variables, reserved
//! words, definitions in illegal places, expressions without effect, illegal
//! query and hostname expressions ... (Puppet's `Checker4_0`).
//!
//! The walk is depth first, parents before children, like Puppet's, so the first
//! error reported is the one Puppet reports.

mod assignment;
mod definitions;
mod names;
mod tree;

pub use names::label;

use names::*;
use tree::*;

use super::ast::*;
use super::span::Span;
use crate::diagnostics::Severity;

/// One problem found by validation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Issue {
    pub code: &'static str,
    pub severity: Severity,
    pub message: String,
    pub span: Span,
}

/// Validates a program and returns every issue found, in Puppet's order.
pub fn validate(program: &Program) -> Vec<Issue> {
    validate_source(program, "")
}

/// Like [`validate`], with the program's source for messages that quote it
/// (the value of an integer literal that overflows).
pub(crate) fn validate_source(program: &Program, source: &str) -> Vec<Issue> {
    let mut v = Validator {
        issues: Vec::new(),
        source,
    };
    let parent = Parent::Program;
    if program.body.len() > 1 {
        v.check_block(&program.body, Span::default(), parent);
    } else if let Some(e) = program.body.first() {
        v.expr(e, parent);
    }
    v.issues
}

/// Which parameter-list rules apply to a container.
#[derive(Clone, Copy)]
struct ParamRules {
    no_capture: bool,
    capture_last: bool,
    unique: bool,
    reserved: bool,
}

impl ParamRules {
    const DEFINITION: ParamRules = ParamRules {
        no_capture: true,
        capture_last: false,
        unique: true,
        reserved: true,
    };
    const FUNCTION: ParamRules = ParamRules {
        no_capture: false,
        capture_last: false,
        unique: true,
        reserved: false,
    };
    const LAMBDA: ParamRules = ParamRules {
        no_capture: false,
        capture_last: true,
        unique: false,
        reserved: false,
    };
}

/// What contains the expression being checked (as far as the rules care).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Parent {
    Program,
    /// A block; `in_program` when the block is the program's body.
    Block {
        in_program: bool,
        under_class: bool,
        in_lambda: bool,
        other: bool,
    },
    Class,
    Lambda,
    Collect,
    Override,
    Other,
}

struct Validator<'s> {
    issues: Vec<Issue>,
    source: &'s str,
}

impl Validator<'_> {
    fn error(&mut self, code: &'static str, message: impl Into<String>, span: Span) {
        self.issues.push(Issue {
            code,
            severity: Severity::Error,
            message: message.into(),
            span,
        });
    }

    fn warning(&mut self, code: &'static str, message: impl Into<String>, span: Span) {
        self.issues.push(Issue {
            code,
            severity: Severity::Warning,
            message: message.into(),
            span,
        });
    }

    /// The parent to give the statements of a body.
    fn body_parent(body: &[Expr], container: Parent) -> (bool, Parent) {
        if body.len() > 1 {
            let block = Parent::Block {
                in_program: container == Parent::Program,
                under_class: container == Parent::Class,
                in_lambda: container == Parent::Lambda,
                other: !matches!(container, Parent::Program | Parent::Class),
            };
            (true, block)
        } else {
            (false, container)
        }
    }

    fn body(&mut self, body: &[Expr], container: Parent) {
        let (is_block, parent) = Self::body_parent(body, container);
        if is_block {
            self.check_block(body, Span::default(), container);
        } else {
            for e in body {
                self.expr(e, parent);
            }
        }
    }

    /// The body of a class, define, node, function or lambda: always a block in
    /// Puppet's model, whatever the number of statements.
    fn definition_body(&mut self, body: &[Expr], container: Parent) {
        if body.is_empty() {
            return;
        }
        self.block_checks(body);
        let parent = Parent::Block {
            in_program: false,
            under_class: container == Parent::Class,
            in_lambda: container == Parent::Lambda,
            other: container != Parent::Class,
        };
        for s in body {
            self.expr(s, parent);
        }
    }

    /// A block of several statements (checks, then its statements).
    fn check_block(&mut self, stmts: &[Expr], _span: Span, container: Parent) {
        self.block_checks(stmts);
        let (_, parent) = Self::body_parent(stmts, container);
        for s in stmts {
            self.expr(s, parent);
        }
    }

    /// Puppet's `check_BlockExpression`.
    fn block_checks(&mut self, stmts: &[Expr]) {
        if let Some(name) = resource_without_title(stmts) {
            self.error(
                "RESOURCE_WITHOUT_TITLE",
                format!(
                    "This expression is invalid. Did you try declaring a '{name}' resource without a title?"
                ),
                stmts[0].span,
            );
        } else {
            for s in &stmts[..stmts.len().saturating_sub(1)] {
                if idem(s) {
                    self.error(
                        "IDEM_EXPRESSION_NOT_LAST",
                        format!(
                            "This {} has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)",
                            label(s)
                        ),
                        loc(s),
                    );
                    break;
                }
            }
        }
    }

    fn rvalue(&mut self, e: &Expr) {
        match &e.kind {
            ExprKind::Collect { .. }
            | ExprKind::Class(_)
            | ExprKind::Define(_)
            | ExprKind::Function(_)
            | ExprKind::Node(_)
            | ExprKind::TypeAlias(_)
            | ExprKind::TypeMapping(_)
            | ExprKind::TypeDefinition { .. } => self.error(
                "NOT_RVALUE",
                format!(
                    "Invalid use of expression. {} does not produce a value",
                    a_an_uc(&label(e))
                ),
                loc(e),
            ),
            ExprKind::Unary { expr, .. } | ExprKind::Paren(expr) => self.rvalue(expr),
            _ => {}
        }
    }

    /// Checks one expression and then its contents.
    fn expr(&mut self, e: &Expr, parent: Parent) {
        match &e.kind {
            ExprKind::Nop
            | ExprKind::Undef
            | ExprKind::Default
            | ExprKind::Bool(_)
            | ExprKind::String(_)
            | ExprKind::Regex(_)
            | ExprKind::QualifiedName(_)
            | ExprKind::QualifiedReference(_) => {}
            ExprKind::Float(v) => {
                if !v.is_finite() {
                    let text = self
                        .source
                        .get(e.span.start as usize..e.span.end as usize)
                        .unwrap_or("");
                    self.error(
                        "INVALID_NUMBER",
                        format!(
                            "Internal Error, NUMBER token does not contain a valid number, {text}"
                        ),
                        loc(e),
                    );
                }
            }
            ExprKind::Integer { radix, .. } => {
                if *radix == 0 {
                    let text = self
                        .source
                        .get(e.span.start as usize..e.span.end as usize)
                        .and_then(big_hex);
                    let got = text.map(|h| format!(", got '+0x{h}'")).unwrap_or_default();
                    self.error(
                        "NUMERIC_OVERFLOW",
                        format!(
                            "A Literal Integer resulted in a value outside of Puppet Integer max range{got}"
                        ),
                        loc(e),
                    );
                }
            }
            ExprKind::Variable(name) => {
                if name.as_bytes().first().is_some_and(|b| b.is_ascii_digit()) {
                    if !is_numeric_var(name) {
                        self.error(
                            "ILLEGAL_NUMERIC_VAR_NAME",
                            format!("Illegal numeric variable name, The given name '{name}' must be a decimal value if it starts with a digit 0-9"),
                            loc(e),
                        );
                    }
                } else if !is_var_name(name) {
                    self.error(
                        "ILLEGAL_VAR_NAME",
                        format!("Illegal variable name, The given name '{name}' does not conform to the naming rule /^((::)?[a-z]\\w*)*((::)?[a-z_]\\w*)$/"),
                        loc(e),
                    );
                }
            }
            ExprKind::Concat(parts) => {
                for p in parts {
                    if let StringPart::Expr(x) = p {
                        self.expr(x, Parent::Other);
                    }
                }
            }
            ExprKind::Heredoc { syntax, text } => {
                if syntax == "json"
                    && let ExprKind::String(s) = &text.kind
                    && serde_json::from_str::<serde_json::Value>(s).is_err()
                {
                    self.error(
                        "ILLEGAL_JSON",
                        "Cannot parse invalid JSON string",
                        loc(text),
                    );
                }
                self.expr(text, Parent::Other);
            }
            ExprKind::Array(items) => {
                for i in items {
                    self.rvalue(i);
                }
                for i in items {
                    self.expr(i, Parent::Other);
                }
            }
            ExprKind::Hash(entries) => {
                let mut seen = std::collections::HashSet::new();
                for entry in entries {
                    if let Some(k) = literal_key(&entry.key) {
                        if seen.contains(&k) {
                            self.warning(
                                "DUPLICATE_KEY",
                                format!("The key '{k}' is declared more than once"),
                                entry.span,
                            );
                        }
                        seen.insert(k);
                    }
                }
                for entry in entries {
                    self.rvalue(&entry.key);
                    self.rvalue(&entry.value);
                    self.expr(&entry.key, Parent::Other);
                    self.expr(&entry.value, Parent::Other);
                }
            }
            ExprKind::Unary { expr, .. } | ExprKind::Paren(expr) => {
                self.rvalue(expr);
                self.expr(expr, Parent::Other);
            }
            ExprKind::Binary { left, right, .. } => {
                self.rvalue(left);
                self.rvalue(right);
                self.expr(left, Parent::Other);
                self.expr(right, Parent::Other);
            }
            ExprKind::Access { target, keys } => {
                self.expr(target, Parent::Other);
                for k in keys {
                    self.expr(k, Parent::Other);
                }
            }
            ExprKind::Selector { test, entries } => {
                self.rvalue(test);
                let defaults: Vec<&SelectorEntry> = entries
                    .iter()
                    .filter(|x| matches!(x.matching.kind, ExprKind::Default))
                    .collect();
                if defaults.len() > 1 {
                    self.error(
                        "DUPLICATE_DEFAULT",
                        "This Selector Expression already has a 'default' entry - this is a duplicate",
                        loc(&defaults[1].matching),
                    );
                }
                self.expr(test, Parent::Other);
                for entry in entries {
                    self.rvalue(&entry.matching);
                    self.expr(&entry.matching, Parent::Other);
                    self.expr(&entry.value, Parent::Other);
                }
            }
            ExprKind::Assign {
                op, target, value, ..
            } => {
                match op {
                    AssignOp::Assign => {
                        self.assign(target, false);
                        self.rvalue(value);
                    }
                    _ => self.error(
                        "APPENDS_DELETES_NO_LONGER_SUPPORTED",
                        format!(
                            "The operator '{}' is no longer supported. See http://links.puppet.com/remove-plus-equals",
                            op.as_str()
                        ),
                        loc(e),
                    ),
                }
                self.expr(target, Parent::Other);
                self.expr(value, Parent::Other);
            }
            ExprKind::Relationship { left, right, .. } => {
                self.relation(left);
                self.relation(right);
                self.expr(left, Parent::Other);
                self.expr(right, Parent::Other);
            }
            ExprKind::CallNamed {
                functor,
                args,
                lambda,
                ..
            } => {
                let ok = match &functor.kind {
                    ExprKind::QualifiedName(_) | ExprKind::QualifiedReference(_) => true,
                    ExprKind::Access { target, .. } => {
                        matches!(target.kind, ExprKind::QualifiedReference(_))
                    }
                    _ => false,
                };
                if !ok {
                    self.error(
                        "ILLEGAL_EXPRESSION",
                        format!(
                            "Illegal expression. {} is unacceptable as function name in a Function Call",
                            a_an_uc(&label(functor))
                        ),
                        loc(functor),
                    );
                }
                self.expr(functor, Parent::Other);
                for a in args {
                    self.expr(a, Parent::Other);
                }
                if let Some(l) = lambda {
                    self.lambda(l, e);
                }
            }
            ExprKind::CallMethod {
                target,
                args,
                lambda,
                ..
            } => {
                self.expr(target, Parent::Other);
                for a in args {
                    self.expr(a, Parent::Other);
                }
                if let Some(l) = lambda {
                    self.lambda(l, e);
                }
            }
            ExprKind::If {
                test,
                then_body,
                else_body,
            }
            | ExprKind::Unless {
                test,
                then_body,
                else_body,
            } => {
                self.rvalue(test);
                self.expr(test, Parent::Other);
                self.body(then_body, Parent::Other);
                if let Some(el) = else_body {
                    match &el.kind {
                        ExprKind::Block(stmts) => self.check_block(stmts, el.span, Parent::Other),
                        _ => self.expr(el, Parent::Other),
                    }
                }
            }
            ExprKind::Case { test, options } => {
                self.rvalue(test);
                let mut found_default = false;
                for o in options {
                    for v in &o.values {
                        if matches!(v.kind, ExprKind::Default) {
                            if found_default {
                                self.error(
                                    "DUPLICATE_DEFAULT",
                                    "This 'case' statement already has a 'default' entry - this is a duplicate",
                                    loc(v),
                                );
                            }
                            found_default = true;
                        }
                    }
                }
                self.expr(test, Parent::Other);
                for o in options {
                    for v in &o.values {
                        self.rvalue(v);
                    }
                    for v in &o.values {
                        self.expr(v, Parent::Other);
                    }
                    self.body(&o.body, Parent::Other);
                }
            }
            ExprKind::Block(stmts) => self.check_block(stmts, e.span, parent),
            ExprKind::Resource {
                form,
                type_name,
                bodies,
            } => {
                if *form != ResourceForm::Regular
                    && matches!(&type_name.kind, ExprKind::QualifiedName(n) if n == "class")
                {
                    self.error(
                        "CLASS_NOT_VIRTUALIZABLE",
                        "Classes are not virtualizable",
                        loc(e),
                    );
                }
                self.expr(type_name, Parent::Other);
                for b in bodies {
                    let splats = b
                        .ops
                        .iter()
                        .filter(|o| matches!(o, AttributeOp::Splat { .. }))
                        .nth(1);
                    if let Some(second) = splats {
                        self.error(
                            "MULTIPLE_ATTRIBUTES_UNFOLD",
                            "Unfolding of attributes from Hash can only be used once per resource body",
                            second.span(),
                        );
                    }
                    self.expr(&b.title, Parent::Other);
                    self.attribute_ops(&b.ops, Parent::Other, "Resource Instance Definition");
                }
            }
            ExprKind::ResourceDefaults {
                form,
                type_ref,
                ops,
            } => {
                if *form != ResourceForm::Regular {
                    self.error(
                        "NOT_VIRTUALIZEABLE",
                        "Resource Defaults are not virtualizable",
                        loc(e),
                    );
                }
                self.expr(type_ref, Parent::Other);
                self.attribute_ops(ops, Parent::Other, "Resource Defaults Expression");
            }
            ExprKind::ResourceOverride { form, target, ops } => {
                if *form != ResourceForm::Regular {
                    self.error(
                        "NOT_VIRTUALIZEABLE",
                        "Resource Defaults are not virtualizable",
                        loc(e),
                    );
                }
                self.expr(target, Parent::Other);
                self.attribute_ops(ops, Parent::Override, "Resource Override");
            }
            ExprKind::Collect {
                type_expr,
                query,
                ops,
                ..
            } => {
                if !matches!(type_expr.kind, ExprKind::QualifiedReference(_)) {
                    self.error(
                        "ILLEGAL_EXPRESSION",
                        format!(
                            "Illegal expression. {} is unacceptable as type name in {}",
                            a_an_uc(&label(type_expr)),
                            a_an(&label(e))
                        ),
                        loc(type_expr),
                    );
                }
                self.expr(type_expr, Parent::Other);
                if let Some(q) = query {
                    self.query(q);
                    self.expr(q, Parent::Other);
                }
                self.attribute_ops(ops, Parent::Collect, "Collect");
            }
            ExprKind::Class(c) => {
                self.named_definition(e, &c.name, parent, false);
                self.params(&c.params, e, ParamRules::DEFINITION);
                self.no_idem_last(&c.body, e);
                self.param_contents(&c.params);
                self.definition_body(&c.body, Parent::Class);
            }
            ExprKind::Define(d) => {
                self.named_definition(e, &d.name, parent, false);
                self.params(&d.params, e, ParamRules::DEFINITION);
                self.no_idem_last(&d.body, e);
                self.param_contents(&d.params);
                self.definition_body(&d.body, Parent::Other);
            }
            ExprKind::Function(f) => {
                self.named_definition(e, &f.name, parent, true);
                self.return_type(&f.return_type, e);
                self.params(&f.params, e, ParamRules::FUNCTION);
                self.param_contents(&f.params);
                self.definition_body(&f.body, Parent::Other);
                if let Some(t) = &f.return_type {
                    self.expr(t, Parent::Other);
                }
            }
            ExprKind::Node(n) => {
                for m in &n.matches {
                    self.hostname(m, e);
                }
                self.top(e, parent, false);
                self.no_idem_last(&n.body, e);
                if let Some(p) = &n.parent {
                    self.error(
                        "ILLEGAL_NODE_INHERITANCE",
                        "Node inheritance is not supported in Puppet >= 4.0.0. See http://links.puppet.com/puppet-node-inheritance-deprecation",
                        loc(p),
                    );
                }
                self.definition_body(&n.body, Parent::Other);
            }
            ExprKind::TypeAlias(t) => {
                self.top(e, parent, true);
                if !is_classref_ext_decl(&t.name) {
                    self.error(
                        "ILLEGAL_DEFINITION_NAME",
                        format!(
                            "Unacceptable name. The name '{}' is unacceptable as the name of a Type Alias",
                            t.name
                        ),
                        loc(e),
                    );
                }
                // Puppet compares the cased name, so an alias never hits the lowercase list.
                self.reserved_type_name(e, &t.name);
                self.type_ref(&t.type_expr, e);
                self.expr(&t.type_expr, Parent::Other);
            }
            ExprKind::TypeMapping(m) => {
                self.top(e, parent, false);
                self.type_mapping(e, m);
                self.expr(&m.type_expr, Parent::Other);
                self.expr(&m.mapping, Parent::Other);
            }
            ExprKind::TypeDefinition { name } => {
                self.top(e, parent, true);
                self.reserved_type_name(e, name);
                self.error(
                    "UNSUPPORTED_EXPRESSION",
                    "Expressions of type a Type Definition are not supported in this version of Puppet",
                    loc(e),
                );
            }
            ExprKind::Reserved(word) => self.error(
                "RESERVED_WORD",
                format!(
                    "Use of reserved word: {word}, must be quoted if intended to be a String value"
                ),
                loc(e),
            ),
        }
    }
}
