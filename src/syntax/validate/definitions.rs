//! Checks of definitions and their parts: where classes, defines, nodes,
//! functions and types may appear, reserved and illegal names, parameter lists,
//! return and type references, node host names, attribute operations, type
//! mappings and lambdas.

use super::*;

/// Names of Puppet's built-in types, which no definition may take.
pub(super) const RESERVED_TYPE_NAMES: [&str; 28] = [
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

impl Validator<'_> {
    /// Definitions may only appear at the top level or in classes.
    pub(super) fn top(&mut self, e: &Expr, parent: Parent, absolute_only: bool) {
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
}

impl Validator<'_> {
    pub(super) fn attribute_ops(
        &mut self,
        ops: &[AttributeOp],
        parent: Parent,
        container_label: &str,
    ) {
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

    pub(super) fn named_definition(
        &mut self,
        e: &Expr,
        name: &str,
        parent: Parent,
        absolute: bool,
    ) {
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

    pub(super) fn reserved_type_name(&mut self, e: &Expr, name: &str) {
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
    pub(super) fn params(&mut self, params: &[Parameter], container: &Expr, rules: ParamRules) {
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
    pub(super) fn param_contents(&mut self, params: &[Parameter]) {
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
}

impl Validator<'_> {
    pub(super) fn return_type(&mut self, t: &Option<Expr>, container: &Expr) {
        if let Some(t) = t {
            self.type_ref(t, container);
        }
    }

    pub(super) fn type_ref(&mut self, t: &Expr, container: &Expr) {
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

    pub(super) fn no_idem_last(&mut self, body: &[Expr], container: &Expr) {
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

    pub(super) fn hostname(&mut self, e: &Expr, node: &Expr) {
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

    pub(super) fn hostname_string(&mut self, s: &str, span: Span) {
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
}

impl Validator<'_> {
    /// Puppet's `check_TypeMapping`: only `Runtime[...]` may be mapped, to a
    /// type or (for `Runtime[x, [regex, 'replacement']]`) to such a pair.
    pub(super) fn type_mapping(&mut self, e: &Expr, m: &TypeMappingDef) {
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

    pub(super) fn lambda(&mut self, l: &Lambda, call: &Expr) {
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
