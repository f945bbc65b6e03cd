//! Statements: statement lists, assignments and relationship chains, the
//! statement calls without parentheses (`include a, b`), and the bodies of the
//! conditional expressions (`if`, `unless`, `case`).

use super::expressions::starts_expression;
use super::*;

impl<'t> Parser<'t> {
    /// `statements`: until a `}` or the end of input; `;` separates.
    pub(super) fn statements(&mut self) -> PResult<Vec<Expr>> {
        self.enter()?;
        let mut stmts = Calls::with_capacity(4);
        loop {
            match self.tok() {
                Tok::RBrace | Tok::Eof => break,
                Tok::LexError => return Err(self.syntax_error()),
                t if !starts_expression(t) => {
                    // Puppet's parser reduces the statements it has (turning
                    // names into calls) before it notices the bad token.
                    stmts.finish()?;
                    return Err(self.syntax_error());
                }
                _ => {}
            }
            stmts.push(self.syntactic_statement()?);
            if self.eat(&Tok::Semic) {
                // A statement must follow a semicolon.
                if matches!(self.tok(), Tok::RBrace | Tok::Eof | Tok::Semic) {
                    return Err(self.syntax_error());
                }
            }
        }
        self.leave();
        stmts.finish()
    }

    pub(super) fn syntactic_statement(&mut self) -> PResult<Stmt> {
        let first = self.assignment()?;
        if !self.at(&Tok::Comma) {
            return Ok(Stmt::One(first));
        }
        let comma = self.span();
        let mut list = vec![first];
        while self.eat(&Tok::Comma) {
            list.push(self.assignment()?);
        }
        Ok(Stmt::List(list, comma))
    }

    pub(super) fn assignment(&mut self) -> PResult<Expr> {
        self.enter()?;
        let left = self.relationship()?;
        let op = match self.tok() {
            Tok::Equals => AssignOp::Assign,
            Tok::Appends => AssignOp::Append,
            Tok::Deletes => AssignOp::Delete,
            _ => {
                self.leave();
                return Ok(left);
            }
        };
        let op_span = self.advance();
        let value = self.assignment()?;
        self.leave();
        let span = left.span.to(value.span);
        Ok(Expr::new(
            ExprKind::Assign {
                op,
                target: Box::new(left),
                value: Box::new(value),
                op_span,
            },
            span,
        ))
    }

    pub(super) fn relationship(&mut self) -> PResult<Expr> {
        let mut left = self.resource()?;
        let mut nested = 0;
        loop {
            let op = match self.tok() {
                Tok::InEdge => RelationshipOp::Before,
                Tok::InEdgeSub => RelationshipOp::Notify,
                Tok::OutEdge => RelationshipOp::Require,
                Tok::OutEdgeSub => RelationshipOp::Subscribe,
                _ => {
                    self.depth -= nested;
                    return Ok(left);
                }
            };
            self.nest(&mut nested)?;
            let op_span = self.advance();
            let right = self.resource()?;
            let span = left.span.to(right.span);
            left = Expr::new(
                ExprKind::Relationship {
                    op,
                    left: Box::new(left),
                    right: Box::new(right),
                    op_span,
                },
                span,
            );
        }
    }
}

impl<'t> Parser<'t> {
    pub(super) fn body_block(&mut self) -> PResult<(Vec<Expr>, Span)> {
        self.expect(&Tok::LBrace)?;
        let body = if self.at(&Tok::RBrace) {
            Vec::new()
        } else {
            self.statements()?
        };
        let end = self.expect(&Tok::RBrace)?;
        Ok((body, end))
    }

    /// `if_part`: after `if`/`elsif`.
    pub(super) fn if_part(&mut self, start: Span) -> PResult<Expr> {
        self.enter()?;
        let result = self.if_part_inner(start);
        self.leave();
        result
    }

    pub(super) fn if_part_inner(&mut self, start: Span) -> PResult<Expr> {
        let test = self.expression(0)?;
        let (then_body, mut end) = self.body_block()?;
        let else_body = match self.tok() {
            Tok::Elsif => {
                let s = self.advance();
                let e = self.if_part(s)?;
                end = e.span;
                Some(Box::new(e))
            }
            Tok::Else => {
                let s = self.advance();
                let (body, e) = self.body_block()?;
                end = e;
                Some(Box::new(block_or_expression(body, s.to(e))))
            }
            _ => None,
        };
        Ok(Expr::new(
            ExprKind::If {
                test: Box::new(test),
                then_body,
                else_body,
            },
            start.to(end),
        ))
    }

    pub(super) fn unless_expression(&mut self) -> PResult<Expr> {
        let start = self.advance();
        let test = self.expression(0)?;
        let (then_body, mut end) = self.body_block()?;
        let else_body = if self.at(&Tok::Else) {
            let s = self.advance();
            let (body, e) = self.body_block()?;
            end = e;
            Some(Box::new(block_or_expression(body, s.to(e))))
        } else {
            None
        };
        Ok(Expr::new(
            ExprKind::Unless {
                test: Box::new(test),
                then_body,
                else_body,
            },
            start.to(end),
        ))
    }

    pub(super) fn case_expression(&mut self) -> PResult<Expr> {
        let start = self.advance();
        let test = self.expression(0)?;
        self.expect(&Tok::LBrace)?;
        let mut options = Vec::new();
        loop {
            let mut values = vec![self.expression(0)?];
            while self.eat(&Tok::Comma) {
                values.push(self.expression(0)?);
            }
            let colon = self.expect(&Tok::Colon)?;
            let (body, end) = self.body_block()?;
            options.push(CaseOption {
                values,
                body,
                span: colon.to(end),
            });
            if self.at(&Tok::RBrace) {
                break;
            }
        }
        let end = self.expect(&Tok::RBrace)?;
        Ok(Expr::new(
            ExprKind::Case {
                test: Box::new(test),
                options,
            },
            start.to(end),
        ))
    }
}

pub(super) fn block_or_expression(mut stmts: Vec<Expr>, span: Span) -> Expr {
    match stmts.len() {
        0 => Expr::new(ExprKind::Nop, span),
        1 => stmts.pop().unwrap_or(Expr::new(ExprKind::Nop, span)),
        _ => {
            let s = stmts[0].span.to(stmts[stmts.len() - 1].span);
            Expr::new(ExprKind::Block(stmts), s)
        }
    }
}

pub(super) fn is_statement_call(e: &Expr) -> bool {
    matches!(&e.kind, ExprKind::QualifiedName(n) if STATEMENT_CALLS.contains(&n.as_str()))
}

/// Puppet's `transform_calls`: a statement-function name followed by an
/// expression (or comma list) becomes a call without parentheses.
pub(super) fn transform_calls(stmts: Vec<Stmt>) -> PResult<Vec<Expr>> {
    let mut calls = Calls::with_capacity(stmts.len());
    for stmt in stmts {
        calls.push(stmt);
    }
    calls.finish()
}

/// [`transform_calls`] one statement at a time; like Puppet, which transforms
/// when it reduces the whole list, the error waits for [`Calls::finish`].
pub(super) struct Calls {
    memo: Vec<Expr>,
    error: Option<ParseError>,
}

impl Calls {
    fn with_capacity(n: usize) -> Calls {
        Calls {
            memo: Vec::with_capacity(n),
            error: None,
        }
    }

    fn push(&mut self, stmt: Stmt) {
        if self.error.is_some() {
            return;
        }
        let memo = &mut self.memo;
        if memo.last().is_some_and(is_statement_call) {
            let args = match stmt {
                Stmt::One(e) => vec![e],
                Stmt::List(list, _) => list,
            };
            let Some(name) = memo.pop() else {
                return;
            };
            let end = args.last().map(|a| a.span).unwrap_or(name.span);
            let span = name.span.to(end);
            memo.push(Expr::new(
                ExprKind::CallNamed {
                    functor: Box::new(name),
                    args,
                    lambda: None,
                    rval_required: false,
                },
                span,
            ));
            return;
        }
        match stmt {
            Stmt::One(mut e) => {
                if let ExprKind::CallNamed { rval_required, .. } = &mut e.kind {
                    *rval_required = false;
                }
                memo.push(e)
            }
            Stmt::List(_, comma) => {
                let message = match memo.last().map(|e| &e.kind) {
                    Some(ExprKind::QualifiedName(n)) => format!(
                        "attempt to pass argument list to the function '{n}' which cannot be called without parentheses"
                    ),
                    _ => "illegal comma separated argument list".to_string(),
                };
                self.error = Some(ParseError {
                    code: "ARGS_TO_NON_CALL",
                    message,
                    offset: comma.start as usize,
                    at_end: false,
                });
            }
        }
    }

    fn finish(self) -> PResult<Vec<Expr>> {
        match self.error {
            Some(e) => Err(e),
            None => Ok(self.memo),
        }
    }
}
