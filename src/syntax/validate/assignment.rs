//! Checks of assignments, relationships and collector queries: what may be
//! assigned to, what may be an operand of `->`/`~>`, and which expressions a
//! `<| |>` query accepts.

use super::*;

impl Validator<'_> {
    pub(super) fn assign(&mut self, target: &Expr, via_index: bool) {
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

    pub(super) fn relation(&mut self, e: &Expr) {
        match e.kind {
            ExprKind::Collect { .. } | ExprKind::Relationship { .. } => {}
            _ => self.rvalue(e),
        }
    }

    pub(super) fn query(&mut self, e: &Expr) {
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

    pub(super) fn illegal_query(&mut self, e: &Expr) {
        self.error(
            "ILLEGAL_QUERY_EXPRESSION",
            format!(
                "Illegal query expression. {} cannot be used in a query",
                a_an_uc(&label(e))
            ),
            loc(e),
        );
    }
}

impl Validator<'_> {
    pub(super) fn illegal_assignment(&mut self, e: &Expr) {
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
}
