//! Post-parse validation: the rules with which Puppet 7 rejects (or warns about)
//! a file that its grammar accepts — assignment to non-variables, reserved
//! words, definitions in illegal places, expressions without effect, illegal
//! query and hostname expressions ... (Puppet's `Checker4_0`).
//!
//! The walk is depth first, parents before children, like Puppet's, so the first
//! error reported is the one Puppet reports.

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

/// Names of Puppet's built-in types, which no definition may take.
const RESERVED_TYPE_NAMES: [&str; 28] = [
    "type",
    "any",
    "unit",
    "scalar",
    "boolean",
    "numeric",
    "integer",
    "float",
    "collection",
    "array",
    "hash",
    "tuple",
    "struct",
    "variant",
    "optional",
    "enum",
    "regexp",
    "pattern",
    "runtime",
    "init",
    "object",
    "sensitive",
    "semver",
    "semverrange",
    "string",
    "timestamp",
    "timespan",
    "typeset",
];

/// Validates a program and returns every issue found, in Puppet's order.
pub fn validate(program: &Program) -> Vec<Issue> {
    validate_source(program, "")
}

/// Like [`validate`], with the program's source for messages that quote it
/// (the value of an integer literal that overflows).
pub fn validate_source(program: &Program, source: &str) -> Vec<Issue> {
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

    /// Definitions may only appear at the top level or in classes.
    fn top(&mut self, e: &Expr, parent: Parent, absolute_only: bool) {
        let ok = match parent {
            Parent::Program | Parent::Class => true,
            Parent::Block {
                in_program,
                under_class,
                in_lambda,
                other,
            } => {
                if !in_program && absolute_only {
                    self.error(
                        "NOT_ABSOLUTE_TOP_LEVEL",
                        format!("{} may only appear at toplevel", a_an_uc(&label(e))),
                        loc(e),
                    );
                    return;
                }
                (in_program || under_class) && !in_lambda && !other
            }
            _ => false,
        };
        if !ok {
            self.error(
                "NOT_TOP_LEVEL",
                "Classes, definitions, and nodes may only appear at toplevel or inside other classes",
                loc(e),
            );
        }
    }

    fn assign(&mut self, target: &Expr, via_index: bool) {
        match &target.kind {
            ExprKind::Variable(name) => {
                if is_numeric_var(name) {
                    self.error(
                        "ILLEGAL_NUMERIC_ASSIGNMENT",
                        format!("Illegal attempt to assign to the numeric match result variable '${name}'. Numeric variables are not assignable"),
                        loc(target),
                    );
                }
                if name.as_bytes().windows(2).any(|w| w == b"::") {
                    self.error(
                        "CROSS_SCOPE_ASSIGNMENT",
                        format!("Illegal attempt to assign to '{name}'. Cannot assign to variables in other namespaces"),
                        loc(target),
                    );
                }
            }
            ExprKind::Access { .. } => self.error(
                "ILLEGAL_INDEXED_ASSIGNMENT",
                "Illegal attempt to assign via [index/key]. Not an assignable reference",
                loc(target),
            ),
            ExprKind::Array(items) => {
                for i in items {
                    self.assign(i, false);
                }
            }
            _ => {
                if via_index {
                    self.error(
                        "ILLEGAL_ASSIGNMENT_VIA_INDEX",
                        format!("Illegal attempt to assign to {} via [index/key]. Not an assignable reference", a_an(&label(target))),
                        loc(target),
                    );
                } else {
                    self.error(
                        "ILLEGAL_ASSIGNMENT",
                        format!(
                            "Illegal attempt to assign to '{}'. Not an assignable reference",
                            a_an(&label(target))
                        ),
                        loc(target),
                    );
                }
            }
        }
    }

    fn relation(&mut self, e: &Expr) {
        match e.kind {
            ExprKind::Collect { .. } | ExprKind::Relationship { .. } => {}
            _ => self.rvalue(e),
        }
    }

    fn query(&mut self, e: &Expr) {
        match &e.kind {
            ExprKind::Binary {
                op, left, right, ..
            } => match op {
                BinaryOp::Eq | BinaryOp::Ne => {}
                BinaryOp::And | BinaryOp::Or => {
                    self.query(left);
                    self.query(right);
                }
                _ => self.illegal_query(e),
            },
            ExprKind::Paren(inner) => self.query(inner),
            ExprKind::Variable(_)
            | ExprKind::QualifiedName(_)
            | ExprKind::Integer { .. }
            | ExprKind::Float(_)
            | ExprKind::String(_)
            | ExprKind::Bool(_) => {}
            _ => self.illegal_query(e),
        }
    }

    fn illegal_query(&mut self, e: &Expr) {
        self.error(
            "ILLEGAL_QUERY_EXPRESSION",
            format!(
                "Illegal query expression. {} cannot be used in a query",
                a_an_uc(&label(e))
            ),
            loc(e),
        );
    }

    fn attribute_ops(&mut self, ops: &[AttributeOp], parent: Parent, container_label: &str) {
        for op in ops {
            match op {
                AttributeOp::Set {
                    name,
                    append,
                    value,
                    span,
                } => {
                    if *append && !matches!(parent, Parent::Collect | Parent::Override) {
                        self.error(
                            "ILLEGAL_ATTRIBUTE_APPEND",
                            format!("Illegal +> operation on attribute {name}. This operator can not be used in {}", a_an(container_label)),
                            *span,
                        );
                    }
                    self.rvalue(value);
                    self.expr(value, Parent::Other);
                }
                AttributeOp::Splat { value, .. } => {
                    self.rvalue(value);
                    self.expr(value, Parent::Other);
                }
            }
        }
    }

    fn named_definition(&mut self, e: &Expr, name: &str, parent: Parent, absolute: bool) {
        self.top(e, parent, absolute);
        if !is_classref_decl(name) {
            self.error(
                "ILLEGAL_DEFINITION_NAME",
                format!(
                    "Unacceptable name. The name '{name}' is unacceptable as the name of {}",
                    a_an(&label(e))
                ),
                loc(e),
            );
        }
        self.reserved_type_name(e, name);
        if name == "plan" {
            self.warning(
                "FUTURE_RESERVED_WORD",
                "Use of future reserved word: 'plan'",
                loc(e),
            );
        }
    }

    fn reserved_type_name(&mut self, e: &Expr, name: &str) {
        if RESERVED_TYPE_NAMES.contains(&name) {
            self.error(
                "RESERVED_TYPE_NAME",
                format!(
                    "The name: '{name}' is already defined by Puppet and can not be used as the name of {}.",
                    a_an(&label(e))
                ),
                loc(e),
            );
        }
    }

    /// Puppet's parameter-list checks, each only where Puppet makes it: classes
    /// and defines refuse `*$rest`, lambdas want it last, lambdas allow
    /// duplicates, classes and defines reserve `$name` and `$title`.
    fn params(&mut self, params: &[Parameter], container: &Expr, rules: ParamRules) {
        if rules.no_capture {
            for p in params.iter().filter(|p| p.captures_rest) {
                self.error(
                    "CAPTURES_REST_NOT_SUPPORTED",
                    format!(
                        "Parameter ${} has 'captures rest' - not supported in {}",
                        p.name,
                        a_an(&label(container))
                    ),
                    p.span,
                );
            }
        }
        if rules.capture_last {
            let last = params.len().saturating_sub(1);
            for (i, p) in params.iter().enumerate() {
                if p.captures_rest && i != last {
                    self.error(
                        "CAPTURES_REST_NOT_LAST",
                        format!("Parameter ${} is not last, and has 'captures rest'", p.name),
                        p.span,
                    );
                }
            }
        }
        if rules.unique {
            let mut seen = std::collections::HashSet::new();
            for p in params {
                if !seen.insert(p.name.as_str()) {
                    self.error(
                        "DUPLICATE_PARAMETER",
                        format!(
                            "The parameter '{}' is declared more than once in the parameter list",
                            p.name
                        ),
                        p.span,
                    );
                }
            }
        }
        if rules.reserved {
            for p in params {
                if p.name == "name" || p.name == "title" {
                    self.error(
                        "RESERVED_PARAMETER",
                        format!(
                            "The parameter ${} redefines a built in parameter in the {}",
                            p.name,
                            label(container)
                        ),
                        p.span,
                    );
                }
            }
        }
    }

    /// Checks of each parameter (as Puppet's `check_Parameter`), then its parts.
    fn param_contents(&mut self, params: &[Parameter]) {
        for p in params {
            let numeric = {
                let n = p.name.strip_prefix("0x").unwrap_or(&p.name);
                !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit())
            };
            if numeric {
                self.error(
                    "ILLEGAL_NUMERIC_PARAMETER",
                    format!("The numeric parameter name '${}' cannot be used (clashes with numeric match result variables)", p.name),
                    p.span,
                );
            }
            if !is_param_name(&p.name) {
                self.error(
                    "ILLEGAL_PARAM_NAME",
                    format!("Illegal parameter name. The given name '{}' does not conform to the naming rule /^[a-z_]\\w*$/", p.name),
                    p.span,
                );
            }
            if let Some(d) = &p.default {
                self.illegal_assignment(d);
            }
            if let Some(d) = &p.default {
                self.expr(d, Parent::Other);
            }
            if let Some(t) = &p.type_expr {
                self.expr(t, Parent::Other);
            }
        }
    }

    fn illegal_assignment(&mut self, e: &Expr) {
        if let ExprKind::Assign { .. } = e.kind {
            self.error(
                "ILLEGAL_ASSIGNMENT_CONTEXT",
                "Assignment not allowed here",
                loc(e),
            );
            return;
        }
        if matches!(
            e.kind,
            ExprKind::CallNamed { .. } | ExprKind::CallMethod { .. }
        ) {
            // Lambdas are not searched; their arguments are.
        }
        children(e, &mut |c| self.illegal_assignment(c));
    }

    fn return_type(&mut self, t: &Option<Expr>, container: &Expr) {
        if let Some(t) = t {
            self.type_ref(t, container);
        }
    }

    fn type_ref(&mut self, t: &Expr, container: &Expr) {
        let n = match &t.kind {
            ExprKind::Access { target, .. } => target,
            _ => t,
        };
        if !matches!(n.kind, ExprKind::QualifiedReference(_)) {
            self.error(
                "ILLEGAL_EXPRESSION",
                format!(
                    "Illegal expression. {} is unacceptable as a type reference in {}",
                    a_an_uc(&label(t)),
                    a_an(&label(container))
                ),
                loc(t),
            );
        }
    }

    fn no_idem_last(&mut self, body: &[Expr], container: &Expr) {
        // The body is a block: its last statement, unless that is a resource
        // without a title (reported on its own).
        let violator = body.last().filter(|l| {
            idem(l) && !matches!(&l.kind, ExprKind::Block(b) if resource_without_title(b).is_some())
        });
        if let Some(v) = violator {
            self.error(
                "IDEM_NOT_ALLOWED_LAST",
                format!(
                    "This {} has no effect. {} can not end with a value-producing expression without other effect",
                    label(v),
                    a_an_uc(&label(container))
                ),
                loc(v),
            );
        }
    }

    fn hostname(&mut self, e: &Expr, node: &Expr) {
        match &e.kind {
            ExprKind::String(s) => self.hostname_string(s, e.span),
            ExprKind::Concat(parts) => {
                if let Some(StringPart::Expr(x)) =
                    parts.iter().find(|p| matches!(p, StringPart::Expr(_)))
                {
                    self.error(
                        "ILLEGAL_HOSTNAME_INTERPOLATION",
                        "An interpolated expression is not allowed in a hostname of a node",
                        loc(x),
                    );
                }
            }
            ExprKind::Heredoc { text, .. } => self.hostname(text, node),
            ExprKind::Integer { .. }
            | ExprKind::Float(_)
            | ExprKind::Default
            | ExprKind::Regex(_) => {}
            ExprKind::QualifiedName(s) | ExprKind::QualifiedReference(s) => {
                self.hostname_string(s, e.span)
            }
            _ => self.error(
                "ILLEGAL_EXPRESSION",
                format!(
                    "Illegal expression. {} is unacceptable as hostname in {}",
                    a_an_uc(&label(e)),
                    a_an(&label(node))
                ),
                loc(e),
            ),
        }
    }

    fn hostname_string(&mut self, s: &str, span: Span) {
        if s.bytes()
            .any(|b| !(b.is_ascii_alphanumeric() || b == b'_' || b == b'-' || b == b'.'))
        {
            self.error(
                "ILLEGAL_HOSTNAME_CHARS",
                format!("The hostname '{s}' contains illegal characters (only letters, digits, '_', '-', and '.' are allowed)"),
                span,
            );
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

    /// Puppet's `check_TypeMapping`: only `Runtime[...]` may be mapped, to a
    /// type or (for `Runtime[x, [regex, 'replacement']]`) to such a pair.
    fn type_mapping(&mut self, e: &Expr, m: &TypeMappingDef) {
        let mut kind = 0; // 0: not Runtime, 1: Runtime, 2: Runtime with a pattern
        if let ExprKind::Access { target, keys } = &m.type_expr.kind
            && matches!(&target.kind, ExprKind::QualifiedReference(n) if n == "Runtime")
        {
            kind = if keys.len() == 2 && pattern_with_replacement(&keys[1]) {
                2
            } else {
                1
            };
        }
        let single = "ILLEGAL_TYPE_MAPPING";
        let single_msg =
            "Illegal type mapping. Expected a Type on the left side, got A Type Mapping";
        let regexp_msg = "Illegal type mapping. Expected a Tuple[Regexp,String] on the left side, got A Type Mapping";
        if kind == 0 {
            self.error(
                "UNSUPPORTED_EXPRESSION",
                "Expressions of type a Type Mapping are not supported in this version of Puppet",
                loc(e),
            );
        } else if pattern_with_replacement(&m.mapping) {
            if kind == 1 {
                self.error(single, single_msg, loc(e));
            }
        } else if is_type_ref(&m.mapping) {
            if kind == 2 {
                self.error(single, regexp_msg, loc(e));
            }
        } else {
            self.error(
                single,
                if kind == 1 { single_msg } else { regexp_msg },
                loc(e),
            );
        }
    }

    fn lambda(&mut self, l: &Lambda, call: &Expr) {
        let lambda_expr = Expr::new(ExprKind::Nop, l.span);
        let _ = call;
        self.params(&l.params, &lambda_expr, ParamRules::LAMBDA);
        if let Some(t) = &l.return_type {
            self.type_ref(t, &lambda_expr);
        }
        self.param_contents(&l.params);
        self.definition_body(&l.body, Parent::Lambda);
        if let Some(t) = &l.return_type {
            self.expr(t, Parent::Other);
        }
    }
}

/// Calls `f` on each direct child expression (not into lambdas' bodies).
fn children(e: &Expr, f: &mut dyn FnMut(&Expr)) {
    match &e.kind {
        ExprKind::Concat(parts) => {
            for p in parts {
                if let StringPart::Expr(x) = p {
                    f(x);
                }
            }
        }
        ExprKind::Heredoc { text, .. } => f(text),
        ExprKind::Array(items) | ExprKind::Block(items) => items.iter().for_each(f),
        ExprKind::Hash(entries) => {
            for en in entries {
                f(&en.key);
                f(&en.value);
            }
        }
        ExprKind::Unary { expr, .. } | ExprKind::Paren(expr) => f(expr),
        ExprKind::Binary { left, right, .. }
        | ExprKind::Relationship { left, right, .. }
        | ExprKind::Assign {
            target: left,
            value: right,
            ..
        } => {
            f(left);
            f(right);
        }
        ExprKind::Access { target, keys } => {
            f(target);
            keys.iter().for_each(f);
        }
        ExprKind::Selector { test, entries } => {
            f(test);
            for en in entries {
                f(&en.matching);
                f(&en.value);
            }
        }
        ExprKind::CallNamed { functor, args, .. } => {
            f(functor);
            args.iter().for_each(f);
        }
        ExprKind::CallMethod { target, args, .. } => {
            f(target);
            args.iter().for_each(f);
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
            f(test);
            then_body.iter().for_each(&mut *f);
            if let Some(x) = else_body {
                f(x);
            }
        }
        ExprKind::Case { test, options } => {
            f(test);
            for o in options {
                o.values.iter().for_each(&mut *f);
                o.body.iter().for_each(&mut *f);
            }
        }
        ExprKind::Resource {
            type_name, bodies, ..
        } => {
            f(type_name);
            for b in bodies {
                f(&b.title);
                for op in &b.ops {
                    match op {
                        AttributeOp::Set { value, .. } | AttributeOp::Splat { value, .. } => {
                            f(value)
                        }
                    }
                }
            }
        }
        ExprKind::ResourceDefaults {
            type_ref: t, ops, ..
        }
        | ExprKind::ResourceOverride { target: t, ops, .. } => {
            f(t);
            for op in ops {
                match op {
                    AttributeOp::Set { value, .. } | AttributeOp::Splat { value, .. } => f(value),
                }
            }
        }
        ExprKind::TypeMapping(m) => {
            f(&m.type_expr);
            f(&m.mapping);
        }
        ExprKind::Collect {
            type_expr,
            query,
            ops,
            ..
        } => {
            f(type_expr);
            if let Some(q) = query {
                f(q);
            }
            for op in ops {
                match op {
                    AttributeOp::Set { value, .. } | AttributeOp::Splat { value, .. } => f(value),
                }
            }
        }
        _ => {}
    }
}

/// An integer literal of any size (decimal, `0x` hex or `0` octal) in
/// lowercase hexadecimal digits, as Ruby's `"%#+x"` shows it.
fn big_hex(text: &str) -> Option<String> {
    let (digits, radix) = if let Some(h) = text.strip_prefix("0x").or(text.strip_prefix("0X")) {
        (h, 16)
    } else if text.len() > 1 && text.starts_with('0') {
        (&text[1..], 8)
    } else {
        (text, 10)
    };
    // Little-endian base-16 digits, multiplied up one input digit at a time.
    let mut out: Vec<u32> = vec![0];
    for c in digits.chars() {
        let mut carry = c.to_digit(radix)?;
        for d in out.iter_mut() {
            let v = *d * radix + carry;
            *d = v % 16;
            carry = v / 16;
        }
        while carry > 0 {
            out.push(carry % 16);
            carry /= 16;
        }
    }
    while out.len() > 1 && out.last() == Some(&0) {
        out.pop();
    }
    out.iter().rev().map(|d| char::from_digit(*d, 16)).collect()
}

/// `[/regex/, 'replacement']`.
fn pattern_with_replacement(e: &Expr) -> bool {
    matches!(&e.kind, ExprKind::Array(v) if v.len() == 2
        && matches!(v[0].kind, ExprKind::Regex(_))
        && matches!(v[1].kind, ExprKind::String(_)))
}

/// A type name, possibly with parameters.
fn is_type_ref(e: &Expr) -> bool {
    let e = match &e.kind {
        ExprKind::Access { target, .. } => target,
        _ => e,
    };
    matches!(e.kind, ExprKind::QualifiedReference(_))
}

/// Where Puppet locates an expression in validation messages.
///
/// Puppet positions most constructs at their first token, but an expression
/// built on a left operand takes that operand's position (a selector, an
/// access, a call, a collector, a resource), and a type alias or mapping is
/// positioned at its name, not at `type`.
fn loc(e: &Expr) -> Span {
    match &e.kind {
        ExprKind::TypeAlias(t) => t.span,
        ExprKind::TypeMapping(m) => loc(&m.type_expr),
        ExprKind::Selector { test, .. } => loc(test),
        ExprKind::Access { target, .. } => loc(target),
        ExprKind::CallNamed { functor, .. } => loc(functor),
        // Puppet uses the `.` (or the `(`); the name follows the dot.
        ExprKind::CallMethod { name_span, .. } => {
            let at = name_span.start.saturating_sub(1) as usize;
            Span::new(at, at + 1)
        }
        ExprKind::Collect { type_expr, .. } => loc(type_expr),
        ExprKind::Resource {
            form: ResourceForm::Regular,
            type_name,
            ..
        } => loc(type_name),
        ExprKind::ResourceDefaults {
            form: ResourceForm::Regular,
            type_ref,
            ..
        } => loc(type_ref),
        ExprKind::ResourceOverride {
            form: ResourceForm::Regular,
            target,
            ..
        } => loc(target),
        ExprKind::Block(stmts) => stmts.first().map(loc).unwrap_or(e.span),
        _ => e.loc(),
    }
}

/// Whether an expression only produces a value (Puppet's "idem").
fn idem(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Nop
        | ExprKind::Undef
        | ExprKind::Default
        | ExprKind::Bool(_)
        | ExprKind::Integer { .. }
        | ExprKind::Float(_)
        | ExprKind::String(_)
        | ExprKind::Regex(_)
        | ExprKind::QualifiedName(_)
        | ExprKind::QualifiedReference(_)
        | ExprKind::Variable(_)
        | ExprKind::Reserved(_)
        | ExprKind::Array(_)
        | ExprKind::Hash(_)
        | ExprKind::Access { .. }
        | ExprKind::Unary { .. }
        | ExprKind::Concat(_)
        | ExprKind::Heredoc { .. }
        | ExprKind::Selector { .. } => true,
        ExprKind::Binary { op, .. } => !matches!(op, BinaryOp::Match | BinaryOp::NotMatch),
        ExprKind::Paren(inner) => idem(inner),
        ExprKind::Block(stmts) => stmts.iter().all(idem),
        ExprKind::If {
            test,
            then_body,
            else_body,
        }
        | ExprKind::Unless {
            test,
            then_body,
            else_body,
        } => idem(test) && then_body.iter().all(idem) && else_body.as_deref().is_none_or(idem),
        ExprKind::Case { test, options } => {
            idem(test)
                && options
                    .iter()
                    .all(|o| o.values.iter().all(idem) && o.body.iter().all(idem))
        }
        _ => false,
    }
}

fn resource_without_title(stmts: &[Expr]) -> Option<&str> {
    if stmts.len() == 2
        && let ExprKind::QualifiedName(n) = &stmts[0].kind
        && matches!(stmts[1].kind, ExprKind::Hash(_))
    {
        return Some(n);
    }
    None
}

/// A hash key whose value is known without evaluation.
#[derive(PartialEq, Eq, Hash)]
enum LiteralKey<'a> {
    Str(&'a str),
    Int(i64),
    Bool(bool),
}

impl std::fmt::Display for LiteralKey<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LiteralKey::Str(s) => f.write_str(s),
            LiteralKey::Int(i) => write!(f, "{i}"),
            LiteralKey::Bool(b) => write!(f, "{b}"),
        }
    }
}

fn literal_key(e: &Expr) -> Option<LiteralKey<'_>> {
    match &e.kind {
        ExprKind::String(s) | ExprKind::QualifiedName(s) => Some(LiteralKey::Str(s)),
        ExprKind::Integer { value, .. } => Some(LiteralKey::Int(*value)),
        ExprKind::Bool(b) => Some(LiteralKey::Bool(*b)),
        _ => None,
    }
}

/// Puppet's label of an expression, as used in messages.
pub fn label(e: &Expr) -> String {
    match &e.kind {
        ExprKind::Nop => "Nop Expression".into(),
        ExprKind::Undef => "'undef' expression".into(),
        ExprKind::Default => "'default' expression".into(),
        ExprKind::Bool(_) => "Boolean".into(),
        ExprKind::Integer { .. } => "Literal Integer".into(),
        ExprKind::Float(_) => "Literal Float".into(),
        ExprKind::String(_) => "String".into(),
        ExprKind::Concat(_) => "Double Quoted String".into(),
        ExprKind::Heredoc { syntax, .. } => format!("'@({syntax})' expression"),
        ExprKind::Regex(_) => "Regular Expression".into(),
        ExprKind::QualifiedName(_) => "Name".into(),
        ExprKind::QualifiedReference(_) => "Type-Name".into(),
        ExprKind::Variable(_) => "Variable".into(),
        ExprKind::Array(_) => "Array Expression".into(),
        ExprKind::Hash(_) => "Hash Expression".into(),
        ExprKind::Unary { op, .. } => match op {
            UnaryOp::Not => "'not' expression".into(),
            UnaryOp::Neg => "Unary Minus".into(),
            UnaryOp::Splat => "Unfold".into(),
        },
        ExprKind::Binary { op, .. } => match op {
            BinaryOp::And => "'and' expression".into(),
            BinaryOp::Or => "'or' expression".into(),
            BinaryOp::In => "'in' expression".into(),
            other => format!("'{}' expression", other.as_str()),
        },
        ExprKind::Paren(_) => "Parenthesized Expression".into(),
        ExprKind::Access { .. } => "'[]' expression".into(),
        ExprKind::Selector { .. } => "Selector Expression".into(),
        ExprKind::Assign { op, .. } => format!("'{}' expression", op.as_str()),
        ExprKind::Relationship { op, .. } => format!("'{}' expression", op.as_str()),
        ExprKind::CallNamed { .. } => "Function Call".into(),
        ExprKind::CallMethod { .. } => "Method call".into(),
        ExprKind::If { .. } => "'if' statement".into(),
        ExprKind::Unless { .. } => "'unless' Statement".into(),
        ExprKind::Case { .. } => "'case' statement".into(),
        ExprKind::Block(_) => "Block Expression".into(),
        ExprKind::Resource { .. } => "Resource Statement".into(),
        ExprKind::ResourceDefaults { .. } => "Resource Defaults Expression".into(),
        ExprKind::ResourceOverride { .. } => "Resource Override".into(),
        ExprKind::Collect { exported, .. } => {
            if *exported {
                "Exported Query".into()
            } else {
                "Virtual Query".into()
            }
        }
        ExprKind::Class(_) => "Host Class Definition".into(),
        ExprKind::Define(_) => "'define' expression".into(),
        ExprKind::Node(_) => "Node Definition".into(),
        ExprKind::Function(_) => "Function Definition".into(),
        ExprKind::TypeAlias(_) => "Type Alias".into(),
        ExprKind::TypeMapping(_) => "Type Mapping".into(),
        ExprKind::TypeDefinition { .. } => "Type Definition".into(),
        ExprKind::Reserved(w) => format!("Reserved Word '{w}'"),
    }
}

fn article(text: &str) -> &'static str {
    let mut chars = text.chars().peekable();
    if chars.peek().is_some_and(|c| *c == '"' || *c == '\'') {
        chars.next();
    }
    match chars.next() {
        Some(c) if "aeiouyAEIOUY".contains(c) => "an",
        _ => "a",
    }
}

fn a_an(text: &str) -> String {
    format!("{} {text}", article(text))
}

fn a_an_uc(text: &str) -> String {
    let a = article(text);
    let mut cap = a.to_string();
    cap[..1].make_ascii_uppercase();
    format!("{cap} {text}")
}

fn is_numeric_var(name: &str) -> bool {
    name == "0"
        || (name
            .as_bytes()
            .first()
            .is_some_and(|b| (b'1'..=b'9').contains(b))
            && name.bytes().all(|b| b.is_ascii_digit()))
}

fn is_word(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// `\A(?:::)?(?:[a-z]\w*::)*[a-z_]\w*\z`
fn is_var_name(name: &str) -> bool {
    let b = name.as_bytes();
    let mut i = if b.starts_with(b"::") { 2 } else { 0 };
    loop {
        // One segment: [a-z]\w*, or [a-z_]\w* when it is the last.
        let first = match b.get(i) {
            Some(c) if c.is_ascii_lowercase() || *c == b'_' => *c,
            _ => return false,
        };
        i += 1;
        while b.get(i).is_some_and(|c| is_word(*c)) {
            i += 1;
        }
        if i == b.len() {
            return true;
        }
        if first == b'_' || !b[i..].starts_with(b"::") {
            return false;
        }
        i += 2;
    }
}

/// `\A[a-z_]\w*\z`
fn is_param_name(name: &str) -> bool {
    let b = name.as_bytes();
    !b.is_empty() && (b[0].is_ascii_lowercase() || b[0] == b'_') && b.iter().all(|c| is_word(*c))
}

/// `\A[a-z][\w]*(?:::[a-z][\w]*)*\z`
fn is_classref_decl(name: &str) -> bool {
    name.split("::").all(|s| {
        let b = s.as_bytes();
        !b.is_empty() && b[0].is_ascii_lowercase() && b.iter().all(|c| is_word(*c))
    })
}

/// `\A[A-Z][\w]*(?:::[A-Z][\w]*)*\z`
fn is_classref_ext_decl(name: &str) -> bool {
    name.split("::").all(|s| {
        let b = s.as_bytes();
        !b.is_empty() && b[0].is_ascii_uppercase() && b.iter().all(|c| is_word(*c))
    })
}
