//! Resource expressions: resource declarations, defaults and overrides,
//! virtual and exported resources, resource bodies and attribute operations.

use super::expressions::starts_expression;
use super::statements::{block_or_expression, transform_calls};
use super::*;

impl<'t> Parser<'t> {
    /// `resource`: virtual/exported prefixes, `class { ... }`, and an expression
    /// followed by resource bodies.
    pub(super) fn resource(&mut self) -> PResult<Expr> {
        self.enter()?;
        let result = self.resource_inner();
        self.leave();
        result
    }

    pub(super) fn resource_inner(&mut self) -> PResult<Expr> {
        match self.tok() {
            Tok::At | Tok::AtAt => {
                let exported = self.at(&Tok::AtAt);
                let at = self.advance();
                let mut inner = self.resource()?;
                let form = if exported {
                    ResourceForm::Exported
                } else {
                    ResourceForm::Virtual
                };
                let ok = match &mut inner.kind {
                    ExprKind::Resource { form: f, .. }
                    | ExprKind::ResourceDefaults { form: f, .. }
                    | ExprKind::ResourceOverride { form: f, .. } => {
                        *f = form;
                        true
                    }
                    _ => false,
                };
                if !ok {
                    let what = if exported {
                        "Exported (@@) can only be applied to a Resource Expression"
                    } else {
                        "Virtual (@) can only be applied to a Resource Expression"
                    };
                    return Err(self.error_at(at, what));
                }
                inner.span = at.to(inner.span);
                Ok(inner)
            }
            Tok::Class if *self.peek_tok(1) == Tok::LBrace => {
                let start = self.advance();
                self.advance();
                let bodies = self.resource_bodies()?;
                self.eat(&Tok::Semic);
                let end = self.expect(&Tok::RBrace)?;
                let type_name = Expr::new(ExprKind::QualifiedName("class".into()), start);
                let expr = Expr::new(
                    ExprKind::Resource {
                        form: ResourceForm::Regular,
                        type_name: Box::new(type_name),
                        bodies,
                    },
                    start.to(end),
                );
                // A class resource may itself be followed by more bodies.
                self.more_bodies(expr)
            }
            _ => {
                let expr = self.expression(0)?;
                self.more_bodies(expr)
            }
        }
    }

    /// Resource bodies after an expression, each wrapping the one before.
    pub(super) fn more_bodies(&mut self, mut expr: Expr) -> PResult<Expr> {
        let mut nested = 0;
        while self.at(&Tok::LBrace) {
            self.nest(&mut nested)?;
            expr = self.resource_body_after(expr)?;
        }
        self.depth -= nested;
        Ok(expr)
    }

    /// After `left {`: a titled resource, resource defaults, an override, or the
    /// deprecated untitled form.
    pub(super) fn resource_body_after(&mut self, left: Expr) -> PResult<Expr> {
        let lbrace = self.advance();
        if self.starts_attribute_ops() {
            let ops = self.attribute_operations()?;
            self.eat(&Tok::Comma);
            let rbrace = self.expect(&Tok::RBrace)?;
            let span = left.span.to(rbrace);
            return self.untitled_resource(left, ops, lbrace, span);
        }
        let title = self.expression(0)?;
        self.expect(&Tok::Colon)?;
        let ops = self.attribute_operations()?;
        let mut bodies = vec![ResourceBody {
            span: title.span.to(self.prev_span()),
            title,
            ops,
        }];
        self.eat(&Tok::Comma);
        if self.eat(&Tok::Semic) && !self.at(&Tok::RBrace) {
            bodies.extend(self.resource_bodies()?);
            self.eat(&Tok::Semic);
        }
        let rbrace = self.expect(&Tok::RBrace)?;
        let span = left.span.to(rbrace);
        Ok(Expr::new(
            ExprKind::Resource {
                form: ResourceForm::Regular,
                type_name: Box::new(left),
                bodies,
            },
            span,
        ))
    }

    /// Whether the tokens after `{` are attribute operations (not a title).
    pub(super) fn starts_attribute_ops(&self) -> bool {
        match self.tok() {
            Tok::RBrace | Tok::Comma => true,
            Tok::Times => *self.peek_tok(1) == Tok::FArrow,
            Tok::Name(_) => matches!(self.peek_tok(1), Tok::FArrow | Tok::PArrow),
            // A keyword that cannot start a title is taken as an attribute name.
            t if is_attribute_keyword(t) => {
                !starts_expression(t) || matches!(self.peek_tok(1), Tok::FArrow | Tok::PArrow)
            }
            _ => false,
        }
    }

    pub(super) fn untitled_resource(
        &mut self,
        left: Expr,
        ops: Vec<AttributeOp>,
        lbrace: Span,
        span: Span,
    ) -> PResult<Expr> {
        match &left.kind {
            ExprKind::QualifiedName(_) => {
                // `name { a => b }` is a call of a statement function with a hash,
                // or a resource without a title (rejected by validation).
                let mut entries = Vec::new();
                for op in ops {
                    match op {
                        AttributeOp::Set {
                            name,
                            append: false,
                            value,
                            span,
                        } => entries.push(HashEntry {
                            key: Expr::new(ExprKind::String(name), span),
                            value,
                            span,
                        }),
                        _ => {
                            return Err(self.error_at(
                                lbrace,
                                "Syntax error resource body without title or hash with +>",
                            ));
                        }
                    }
                }
                let hash = Expr::new(ExprKind::Hash(entries), lbrace.to(span));
                let stmts = transform_calls(vec![Stmt::One(left), Stmt::One(hash)])?;
                Ok(block_or_expression(stmts, span))
            }
            ExprKind::QualifiedReference(_) => Ok(Expr::new(
                ExprKind::ResourceDefaults {
                    form: ResourceForm::Regular,
                    type_ref: Box::new(left),
                    ops,
                },
                span,
            )),
            ExprKind::Access { target, keys } => {
                let defaults = matches!(&target.kind, ExprKind::QualifiedReference(n) if n.eq_ignore_ascii_case("resource"))
                    && keys.len() == 1;
                let kind = if defaults {
                    ExprKind::ResourceDefaults {
                        form: ResourceForm::Regular,
                        type_ref: Box::new(left),
                        ops,
                    }
                } else {
                    ExprKind::ResourceOverride {
                        form: ResourceForm::Regular,
                        target: Box::new(left),
                        ops,
                    }
                };
                Ok(Expr::new(kind, span))
            }
            _ => Err(self.error_at(
                left.loc(),
                "Expression is not valid as a resource, resource-default, or resource-override",
            )),
        }
    }

    /// `resource_bodies`: `title: attrs` separated by `;`.
    pub(super) fn resource_bodies(&mut self) -> PResult<Vec<ResourceBody>> {
        let mut bodies = Vec::new();
        loop {
            let title = self.expression(0)?;
            self.expect(&Tok::Colon)?;
            let ops = self.attribute_operations()?;
            self.eat(&Tok::Comma);
            bodies.push(ResourceBody {
                span: title.span.to(self.prev_span()),
                title,
                ops,
            });
            // `;` followed by another body continues; `;` before `}` ends.
            if self.at(&Tok::Semic) && !matches!(self.peek_tok(1), Tok::RBrace) {
                self.advance();
                continue;
            }
            return Ok(bodies);
        }
    }

    /// `attribute_operations`: possibly empty, comma separated.
    pub(super) fn attribute_operations(&mut self) -> PResult<Vec<AttributeOp>> {
        let mut ops = Vec::new();
        if !self.starts_attribute_op() {
            // The operations may be empty and still be followed by `, op`.
            if self.at(&Tok::Comma) && self.starts_attribute_op_at(1) {
                self.advance();
            } else {
                return Ok(ops);
            }
        }
        loop {
            ops.push(self.attribute_operation()?);
            if self.at(&Tok::Comma) && self.starts_attribute_op_at(1) {
                self.advance();
                continue;
            }
            return Ok(ops);
        }
    }

    pub(super) fn starts_attribute_op(&self) -> bool {
        self.starts_attribute_op_at(0)
    }

    pub(super) fn starts_attribute_op_at(&self, n: usize) -> bool {
        match self.peek_tok(n) {
            Tok::Name(_) | Tok::Times => true,
            t => is_attribute_keyword(t),
        }
    }

    pub(super) fn attribute_operation(&mut self) -> PResult<AttributeOp> {
        let start = self.span();
        if self.at(&Tok::Times) {
            self.advance();
            self.expect(&Tok::FArrow)?;
            let value = self.expression(0)?;
            let span = start.to(value.span);
            return Ok(AttributeOp::Splat { value, span });
        }
        let name = match self.tok() {
            Tok::Name(n) => n.to_string(),
            t => match t.keyword_text() {
                Some(k) if is_attribute_keyword(t) => k.to_string(),
                _ => return Err(self.syntax_error()),
            },
        };
        self.advance();
        let append = match self.tok() {
            Tok::FArrow => false,
            Tok::PArrow => true,
            _ => return Err(self.syntax_error()),
        };
        self.advance();
        let value = self.expression(0)?;
        let span = start.to(value.span);
        Ok(AttributeOp::Set {
            name,
            append,
            value,
            span,
        })
    }
}

/// Keywords usable as attribute names.
pub(super) fn is_attribute_keyword(t: &Tok) -> bool {
    matches!(
        t,
        Tok::And
            | Tok::Case
            | Tok::Class
            | Tok::Default
            | Tok::Define
            | Tok::Else
            | Tok::Elsif
            | Tok::If
            | Tok::In
            | Tok::Inherits
            | Tok::Node
            | Tok::Or
            | Tok::Undef
            | Tok::Unless
            | Tok::Type
            | Tok::Attr
            | Tok::Function
            | Tok::Private
    )
}
