//! The parser: tokens → AST, accepting exactly Puppet 7's grammar (`egrammar.ra`).
//!
//! Recursive descent with precedence climbing for the operators. The operator
//! table, the places where a `{` opens a resource body, statement calls without
//! parentheses (`include a, b`) and the other grammar quirks follow Puppet's LALR
//! grammar, so the same files are accepted and errors land on the same token.
//! One depth counter bounds every recursive path.

use super::ast::*;
use super::lexer::{LexError, Lexed, Tok, Token};
use super::span::Span;

/// The deepest nesting the parser accepts before giving a clear error.
///
/// Every recursive step of the parser and every loop that nests the tree
/// (`a + b + ...`, `a -> b -> ...`, `$a[1][2]...`) counts, so the tree is never
/// deeper than this and whatever walks it recursively (validation, evaluation,
/// dropping it) is bounded too. Measured at the limit: parsing and validating
/// take at most ~350 KiB of stack in a release build (tokio's workers have
/// 2 MiB) and ~2.7 MiB in a debug build; `kuppet parse` runs on a 64 MiB thread.
pub const MAX_DEPTH: u32 = 400;

/// A parse error: Puppet's issue code, its message and the offset it points at.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError {
    pub code: &'static str,
    pub message: String,
    pub offset: usize,
    /// Puppet gives no line for errors at the end of input.
    pub at_end: bool,
}

type PResult<T> = Result<T, ParseError>;

impl From<&LexError> for ParseError {
    fn from(e: &LexError) -> ParseError {
        ParseError {
            code: e.code,
            message: e.message.clone(),
            offset: e.offset,
            at_end: false,
        }
    }
}

/// Parses lexed tokens into a program. Like Puppet, which lexes lazily, a
/// lexical error is reported only when the parser reaches the token that could
/// not be lexed; an earlier syntax error wins.
pub fn parse(lexed: &Lexed<'_>) -> PResult<Program> {
    let mut parser = Parser::new(&lexed.tokens);
    parser
        .parse_program()
        .map_err(|e| match (&lexed.error, parser.tok()) {
            (Some(lex_error), Tok::LexError) => ParseError::from(lex_error),
            _ => e,
        })
}

/// Function names that may be called as statements without parentheses.
pub const STATEMENT_CALLS: [&str; 15] = [
    "require", "realize", "include", "contain", "tag", "debug", "info", "notice", "warning", "err",
    "fail", "import", "break", "next", "return",
];

/// A statement before call transformation: one expression or a comma list.
enum Stmt {
    One(Expr),
    /// `a, b, c` with the span of the first comma.
    List(Vec<Expr>, Span),
}

pub struct Parser<'t> {
    tokens: &'t [Token<'t>],
    pos: usize,
    depth: u32,
    namestack: Vec<String>,
}

impl<'t> Parser<'t> {
    pub fn new(tokens: &'t [Token<'t>]) -> Parser<'t> {
        Parser {
            tokens,
            pos: 0,
            depth: 0,
            namestack: Vec::new(),
        }
    }

    /// Parses a whole program.
    pub fn parse_program(&mut self) -> PResult<Program> {
        let body = self.statements()?;
        if !self.at(&Tok::Eof) {
            return Err(self.syntax_error());
        }
        Ok(Program { body })
    }

    // ----- token helpers

    fn tok(&self) -> &'t Tok<'t> {
        &self.tokens[self.pos].tok
    }

    fn peek_tok(&self, n: usize) -> &'t Tok<'t> {
        let i = (self.pos + n).min(self.tokens.len() - 1);
        &self.tokens[i].tok
    }

    fn span(&self) -> Span {
        self.tokens[self.pos].span
    }

    fn prev_span(&self) -> Span {
        if self.pos == 0 {
            self.span()
        } else {
            self.tokens[self.pos - 1].span
        }
    }

    fn at(&self, t: &Tok) -> bool {
        self.tok() == t
    }

    fn advance(&mut self) -> Span {
        let s = self.span();
        if self.pos < self.tokens.len() - 1 {
            self.pos += 1;
        }
        s
    }

    fn eat(&mut self, t: &Tok) -> bool {
        if self.at(t) {
            self.advance();
            true
        } else {
            false
        }
    }

    fn expect(&mut self, t: &Tok) -> PResult<Span> {
        if self.at(t) {
            Ok(self.advance())
        } else {
            Err(self.syntax_error())
        }
    }

    fn syntax_error(&self) -> ParseError {
        let token = &self.tokens[self.pos];
        if token.tok == Tok::Eof {
            ParseError {
                code: "SYNTAX_ERROR",
                message: "Syntax error at end of input".into(),
                offset: token.span.start as usize,
                at_end: true,
            }
        } else {
            ParseError {
                code: "SYNTAX_ERROR",
                message: format!("Syntax error at '{}'", token.tok.value_text()),
                offset: token.span.start as usize,
                at_end: false,
            }
        }
    }

    fn error_at(&self, span: Span, message: impl Into<String>) -> ParseError {
        ParseError {
            code: "SYNTAX_ERROR",
            message: message.into(),
            offset: span.start as usize,
            at_end: false,
        }
    }

    fn enter(&mut self) -> PResult<()> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(ParseError {
                code: "NESTING_TOO_DEEP",
                message: format!(
                    "Expressions are nested too deeply (more than {MAX_DEPTH} levels); split the expression into variables"
                ),
                offset: self.span().start as usize,
                at_end: false,
            });
        }
        Ok(())
    }

    fn leave(&mut self) {
        self.depth -= 1;
    }

    /// One more level of a loop that nests the tree (`a.b.c`, `a -> b -> c`);
    /// the caller gives the levels back when the loop ends.
    fn nest(&mut self, nested: &mut u32) -> PResult<()> {
        self.enter()?;
        *nested += 1;
        Ok(())
    }

    // ----- statements

    /// `statements`: until a `}` or the end of input; `;` separates.
    fn statements(&mut self) -> PResult<Vec<Expr>> {
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

    fn syntactic_statement(&mut self) -> PResult<Stmt> {
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

    fn assignment(&mut self) -> PResult<Expr> {
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

    fn relationship(&mut self) -> PResult<Expr> {
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

    /// `resource`: virtual/exported prefixes, `class { ... }`, and an expression
    /// followed by resource bodies.
    fn resource(&mut self) -> PResult<Expr> {
        self.enter()?;
        let result = self.resource_inner();
        self.leave();
        result
    }

    fn resource_inner(&mut self) -> PResult<Expr> {
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
    fn more_bodies(&mut self, mut expr: Expr) -> PResult<Expr> {
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
    fn resource_body_after(&mut self, left: Expr) -> PResult<Expr> {
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
    fn starts_attribute_ops(&self) -> bool {
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

    fn untitled_resource(
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
    fn resource_bodies(&mut self) -> PResult<Vec<ResourceBody>> {
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
    fn attribute_operations(&mut self) -> PResult<Vec<AttributeOp>> {
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

    fn starts_attribute_op(&self) -> bool {
        self.starts_attribute_op_at(0)
    }

    fn starts_attribute_op_at(&self, n: usize) -> bool {
        match self.peek_tok(n) {
            Tok::Name(_) | Tok::Times => true,
            t => is_attribute_keyword(t),
        }
    }

    fn attribute_operation(&mut self) -> PResult<AttributeOp> {
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

    // ----- expressions

    /// Precedence climbing over Puppet's binary operators.
    fn expression(&mut self, min_prec: u8) -> PResult<Expr> {
        self.enter()?;
        let mut left = self.unary()?;
        let mut nested = 0;
        while let Some((prec, op)) = binary_op(self.tok()) {
            if prec < min_prec {
                break;
            }
            // A left-deep chain (`a + b + c ...`) nests as deep as it is long.
            self.nest(&mut nested)?;
            let op_span = self.advance();
            match op {
                None => {
                    // selector
                    let (entries, end) = self.selector_entries()?;
                    let span = left.span.to(end);
                    left = Expr::new(
                        ExprKind::Selector {
                            test: Box::new(left),
                            entries,
                        },
                        span,
                    );
                }
                Some(op) => {
                    let right = self.expression(prec + 1)?;
                    let span = left.span.to(right.span);
                    left = Expr::new(
                        ExprKind::Binary {
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
        self.depth -= nested;
        self.leave();
        Ok(left)
    }

    fn selector_entries(&mut self) -> PResult<(Vec<SelectorEntry>, Span)> {
        if self.eat(&Tok::SelBrace) {
            let mut entries = vec![self.selector_entry()?];
            while self.at(&Tok::Comma) && !matches!(self.peek_tok(1), Tok::RBrace) {
                self.advance();
                entries.push(self.selector_entry()?);
            }
            self.eat(&Tok::Comma);
            let end = self.expect(&Tok::RBrace)?;
            Ok((entries, end))
        } else {
            let entry = self.selector_entry()?;
            let end = entry.span;
            Ok((vec![entry], end))
        }
    }

    fn selector_entry(&mut self) -> PResult<SelectorEntry> {
        let matching = self.expression(0)?;
        self.expect(&Tok::FArrow)?;
        let value = self.expression(0)?;
        let span = matching.span.to(value.span);
        Ok(SelectorEntry {
            matching,
            value,
            span,
        })
    }

    fn unary(&mut self) -> PResult<Expr> {
        let op = match self.tok() {
            Tok::Not => UnaryOp::Not,
            Tok::Minus => UnaryOp::Neg,
            Tok::Times => UnaryOp::Splat,
            _ => return self.postfix(),
        };
        self.enter()?;
        let start = self.advance();
        let expr = self.unary()?;
        self.leave();
        let span = start.to(expr.span);
        Ok(Expr::new(
            ExprKind::Unary {
                op,
                expr: Box::new(expr),
            },
            span,
        ))
    }

    /// A primary expression followed by `[...]`, `.name(...)`, `(...)`, `<| |>` and lambdas.
    fn postfix(&mut self) -> PResult<Expr> {
        let mut expr = self.primary()?;
        let mut nested = 0;
        loop {
            if matches!(
                self.tok(),
                Tok::LBrack | Tok::Dot | Tok::LParen | Tok::LCollect | Tok::LLCollect
            ) {
                self.nest(&mut nested)?;
            }
            match self.tok() {
                Tok::LBrack => {
                    self.advance();
                    let keys = self.access_args(true)?;
                    self.eat(&Tok::Comma);
                    let end = self.expect(&Tok::RBrack)?;
                    let span = expr.span.to(end);
                    expr = Expr::new(
                        ExprKind::Access {
                            target: Box::new(expr),
                            keys,
                        },
                        span,
                    );
                }
                Tok::Dot => {
                    self.advance();
                    let (name, name_span) = match self.tok() {
                        Tok::Name(n) => (n.to_string(), self.span()),
                        Tok::Type => ("type".to_string(), self.span()),
                        _ => return Err(self.syntax_error()),
                    };
                    self.advance();
                    let mut args = Vec::new();
                    let mut end = name_span;
                    if self.at(&Tok::LParen) {
                        self.advance();
                        if !self.at(&Tok::RParen) {
                            args = self.arguments(false)?;
                        }
                        end = self.expect(&Tok::RParen)?;
                    }
                    let lambda = self.optional_lambda()?;
                    if let Some(l) = &lambda {
                        end = l.span;
                    }
                    let span = expr.span.to(end);
                    expr = Expr::new(
                        ExprKind::CallMethod {
                            target: Box::new(expr),
                            name,
                            name_span,
                            args,
                            lambda,
                        },
                        span,
                    );
                }
                Tok::LParen => {
                    self.advance();
                    let mut args = Vec::new();
                    if !self.at(&Tok::RParen) {
                        args = self.arguments(true)?;
                        self.eat(&Tok::Comma);
                    }
                    let mut end = self.expect(&Tok::RParen)?;
                    let lambda = self.optional_lambda()?;
                    if let Some(l) = &lambda {
                        end = l.span;
                    }
                    let span = expr.span.to(end);
                    expr = Expr::new(
                        ExprKind::CallNamed {
                            functor: Box::new(expr),
                            args,
                            lambda,
                            rval_required: true,
                        },
                        span,
                    );
                }
                Tok::LCollect | Tok::LLCollect => {
                    let exported = self.at(&Tok::LLCollect);
                    let qstart = self.advance();
                    let close = if exported {
                        Tok::RRCollect
                    } else {
                        Tok::RCollect
                    };
                    let query = if self.at(&close) {
                        None
                    } else {
                        Some(Box::new(self.expression(0)?))
                    };
                    let qend = self.expect(&close)?;
                    let mut end = qend;
                    let mut ops = Vec::new();
                    if self.at(&Tok::LBrace) {
                        self.advance();
                        ops = self.attribute_operations()?;
                        self.eat(&Tok::Comma);
                        end = self.expect(&Tok::RBrace)?;
                    }
                    let span = expr.span.to(end);
                    expr = Expr::new(
                        ExprKind::Collect {
                            type_expr: Box::new(expr),
                            exported,
                            query,
                            query_span: qstart.to(qend),
                            ops,
                        },
                        span,
                    );
                }
                _ => {
                    self.depth -= nested;
                    return Ok(expr);
                }
            }
        }
    }

    fn optional_lambda(&mut self) -> PResult<Option<Box<Lambda>>> {
        if !self.at(&Tok::Pipe) {
            return Ok(None);
        }
        let start = self.advance();
        let mut params = Vec::new();
        if !self.at(&Tok::Pipe) {
            params = self.parameters()?;
            self.eat(&Tok::Comma);
        }
        self.expect(&Tok::Pipe)?;
        let return_type = self.optional_return_type()?;
        self.expect(&Tok::LBrace)?;
        let body = if self.at(&Tok::RBrace) {
            Vec::new()
        } else {
            self.statements()?
        };
        let end = self.expect(&Tok::RBrace)?;
        Ok(Some(Box::new(Lambda {
            params,
            return_type,
            body,
            span: start.to(end),
        })))
    }

    fn optional_return_type(&mut self) -> PResult<Option<Expr>> {
        if !self.at(&Tok::RShift) {
            return Ok(None);
        }
        self.advance();
        Ok(Some(self.type_with_args(false)?))
    }

    /// `CLASSREF` optionally followed by `[args]` (with a trailing comma when allowed).
    fn type_with_args(&mut self, endcomma: bool) -> PResult<Expr> {
        let Tok::ClassRef(name) = self.tok() else {
            return Err(self.syntax_error());
        };
        let span = self.advance();
        let mut expr = Expr::new(ExprKind::QualifiedReference(name.to_string()), span);
        if self.at(&Tok::LBrack) || self.at(&Tok::ListStart) {
            if self.at(&Tok::ListStart) {
                // `Type [x]` with a space is not an access in these positions.
                return Ok(expr);
            }
            self.advance();
            let keys = self.access_args(endcomma)?;
            if endcomma {
                self.eat(&Tok::Comma);
            }
            let end = self.expect(&Tok::RBrack)?;
            expr = Expr::new(
                ExprKind::Access {
                    target: Box::new(expr),
                    keys,
                },
                span.to(end),
            );
        }
        Ok(expr)
    }

    /// `access_args`: expressions or hash pairs, comma separated (hash pairs
    /// merge); `endcomma` allows a trailing comma.
    fn access_args(&mut self, endcomma: bool) -> PResult<Vec<Expr>> {
        let mut out = ArgList::default();
        loop {
            let arg = self.argument(false)?;
            if let Arg::Plain(e) = &arg
                && !is_plain_expression(e)
            {
                // Only a hash pair may hold an assignment or a resource.
                return Err(self.syntax_error());
            }
            out.push(arg);
            if self.at(&Tok::Comma) && !(endcomma && matches!(self.peek_tok(1), Tok::RBrack)) {
                self.advance();
                continue;
            }
            return Ok(out.items);
        }
    }

    /// `arguments`: assignments or hash pairs, comma separated; `endcomma`
    /// allows a trailing comma before `)`.
    fn arguments(&mut self, endcomma: bool) -> PResult<Vec<Expr>> {
        let mut out = ArgList::default();
        loop {
            let arg = self.argument(false)?;
            out.push(arg);
            if self.at(&Tok::Comma) && !(endcomma && matches!(self.peek_tok(1), Tok::RParen)) {
                self.advance();
                continue;
            }
            return Ok(out.items);
        }
    }

    /// `argument`: an assignment, or a `key => value` pair; the keywords `type`
    /// and `function` stand alone only where `keyword_ok` (array entries).
    fn argument(&mut self, keyword_ok: bool) -> PResult<Arg> {
        let keyword = self.at_entry_keyword();
        let first = self.hash_entry()?;
        if keyword && !keyword_ok && !self.at(&Tok::FArrow) {
            return Err(self.syntax_error());
        }
        if self.at(&Tok::FArrow) {
            let arrow = self.advance();
            let value = self.hash_entry()?;
            return Ok(Arg::Pair(HashEntry {
                key: first,
                value,
                span: arrow,
            }));
        }
        Ok(Arg::Plain(first))
    }

    /// Whether the current token is `type` or `function` standing for itself
    /// (Puppet's `collection_entry_keyword`), not starting a call or definition.
    fn at_entry_keyword(&self) -> bool {
        match self.tok() {
            // `type(...)` is a call, `type T = ...` an alias.
            Tok::Type => !matches!(self.peek_tok(1), Tok::LParen | Tok::ClassRef(_)),
            // `function` followed by anything that may be a name starts a definition.
            Tok::Function => !matches!(
                self.peek_tok(1),
                Tok::ClassRef(_) | Tok::Name(_) | Tok::Word(_) | Tok::Class | Tok::Str(_)
            ),
            _ => false,
        }
    }

    /// `hash_entry`: an assignment, or the keywords `type`/`function` as strings.
    fn hash_entry(&mut self) -> PResult<Expr> {
        if self.at_entry_keyword() {
            let text = self.tok().keyword_text().unwrap_or("").to_string();
            let span = self.advance();
            return Ok(Expr::new(ExprKind::String(text), span));
        }
        self.assignment()
    }

    fn primary(&mut self) -> PResult<Expr> {
        self.enter()?;
        let r = self.primary_inner();
        self.leave();
        r
    }

    fn primary_inner(&mut self) -> PResult<Expr> {
        let span = self.span();
        let tok = self.tok();
        let simple = |kind| Ok(Expr::new(kind, span));
        match tok {
            Tok::Variable(name) => {
                self.advance();
                simple(ExprKind::Variable(name.to_string()))
            }
            Tok::Name(name) => {
                self.advance();
                simple(ExprKind::QualifiedName(name.to_string()))
            }
            Tok::Word(w) => {
                self.advance();
                simple(ExprKind::String(w.to_string()))
            }
            Tok::ClassRef(name) => {
                self.advance();
                simple(ExprKind::QualifiedReference(name.to_string()))
            }
            Tok::Number(text) => {
                self.advance();
                Ok(Expr::new(number_literal(text), span))
            }
            Tok::Boolean(b) => {
                self.advance();
                simple(ExprKind::Bool(*b))
            }
            Tok::Default => {
                self.advance();
                simple(ExprKind::Default)
            }
            Tok::Undef => {
                self.advance();
                simple(ExprKind::Undef)
            }
            Tok::Regex(r) => {
                self.advance();
                simple(ExprKind::Regex(r.to_string()))
            }
            Tok::Str(_) | Tok::DqPre(_) => self.quoted_text(),
            Tok::Heredoc(syntax) => {
                self.advance();
                let text = self.quoted_text()?;
                // Like Puppet, the heredoc is positioned at its `@(TAG)`; its text
                // (on the lines that follow) keeps its own spans.
                Ok(Expr::new(
                    ExprKind::Heredoc {
                        syntax: syntax.to_string(),
                        text: Box::new(text),
                    },
                    span,
                ))
            }
            Tok::ListStart | Tok::LBrack => self.array(),
            Tok::LBrace => self.hash(),
            Tok::LParen | Tok::WsLParen => {
                self.advance();
                let inner = self.assignment()?;
                let end = self.expect(&Tok::RParen)?;
                Ok(Expr::new(ExprKind::Paren(Box::new(inner)), span.to(end)))
            }
            Tok::If => {
                self.advance();
                self.if_part(span)
            }
            Tok::Unless => self.unless_expression(),
            Tok::Case => self.case_expression(),
            Tok::Define => self.define_expression(),
            Tok::Class => self.class_expression(),
            Tok::Node => self.node_expression(),
            Tok::Function => self.function_expression(),
            Tok::Type => self.type_expression(),
            Tok::Attr | Tok::Private => {
                self.advance();
                let word = tok.keyword_text().unwrap_or("").to_string();
                simple(ExprKind::Reserved(word))
            }
            _ => Err(self.syntax_error()),
        }
    }

    fn array(&mut self) -> PResult<Expr> {
        let start = self.advance();
        let mut values = ArgList::default();
        if !self.at(&Tok::RBrack) {
            loop {
                let arg = self.argument(true)?;
                values.push(arg);
                if self.at(&Tok::Comma) && !matches!(self.peek_tok(1), Tok::RBrack) {
                    self.advance();
                    continue;
                }
                break;
            }
            self.eat(&Tok::Comma);
        }
        let values = values.items;
        let end = self.expect(&Tok::RBrack)?;
        Ok(Expr::new(ExprKind::Array(values), start.to(end)))
    }

    fn hash(&mut self) -> PResult<Expr> {
        let start = self.advance();
        let mut entries = Vec::new();
        if !self.at(&Tok::RBrace) {
            loop {
                let key = self.hash_entry()?;
                let arrow = self.expect(&Tok::FArrow)?;
                let value = self.hash_entry()?;
                entries.push(HashEntry {
                    key,
                    value,
                    span: arrow,
                });
                if self.at(&Tok::Comma) && !matches!(self.peek_tok(1), Tok::RBrace) {
                    self.advance();
                    continue;
                }
                break;
            }
            self.eat(&Tok::Comma);
        }
        let end = self.expect(&Tok::RBrace)?;
        Ok(Expr::new(ExprKind::Hash(entries), start.to(end)))
    }

    /// A string: plain, or interpolated `DQPRE expr (DQMID expr)* DQPOST`.
    fn quoted_text(&mut self) -> PResult<Expr> {
        let start = self.span();
        match self.tok() {
            Tok::Str(s) => {
                self.advance();
                Ok(Expr::new(ExprKind::String(s.to_string()), start))
            }
            Tok::DqPre(pre) => {
                self.advance();
                let mut parts = Vec::new();
                if !pre.is_empty() {
                    parts.push(StringPart::Literal(pre.to_string()));
                }
                loop {
                    let e = self.assignment()?;
                    parts.push(StringPart::Expr(interpolate(e)));
                    match self.tok() {
                        Tok::DqMid(mid) => {
                            self.advance();
                            if !mid.is_empty() {
                                parts.push(StringPart::Literal(mid.to_string()));
                            }
                        }
                        Tok::DqPost(post) => {
                            let end = self.advance();
                            if !post.is_empty() {
                                parts.push(StringPart::Literal(post.to_string()));
                            }
                            return Ok(Expr::new(ExprKind::Concat(parts), start.to(end)));
                        }
                        _ => return Err(self.syntax_error()),
                    }
                }
            }
            _ => Err(self.syntax_error()),
        }
    }

    fn body_block(&mut self) -> PResult<(Vec<Expr>, Span)> {
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
    fn if_part(&mut self, start: Span) -> PResult<Expr> {
        self.enter()?;
        let result = self.if_part_inner(start);
        self.leave();
        result
    }

    fn if_part_inner(&mut self, start: Span) -> PResult<Expr> {
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

    fn unless_expression(&mut self) -> PResult<Expr> {
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

    fn case_expression(&mut self) -> PResult<Expr> {
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

    /// `classname`: NAME, WORD or CLASSREF (with Puppet's errors for the others).
    fn classname(&mut self) -> PResult<String> {
        match self.tok() {
            Tok::Name(n) | Tok::Word(n) | Tok::ClassRef(n) => {
                self.advance();
                Ok(n.to_string())
            }
            Tok::Class => {
                Err(self.error_at(self.span(), "'class' keyword not allowed at this location"))
            }
            Tok::Str(_) => {
                Err(self.error_at(self.span(), "A quoted string is not valid as a name here"))
            }
            _ => Err(self.syntax_error()),
        }
    }

    fn qualify(&self, name: &str) -> String {
        let ns = self.namestack.join("::");
        let joined = format!("{ns}::{name}");
        joined.strip_prefix("::").unwrap_or(&joined).to_string()
    }

    fn define_expression(&mut self) -> PResult<Expr> {
        let start = self.advance();
        let name = self.classname()?;
        let params = self.parameter_list()?;
        let (body, end) = self.body_block()?;
        let span = start.to(end);
        Ok(Expr::new(
            ExprKind::Define(Box::new(DefineDef {
                name: self.qualify(&name),
                params,
                body,
                span,
            })),
            span,
        ))
    }

    fn class_expression(&mut self) -> PResult<Expr> {
        let start = self.advance();
        let name = self.classname()?;
        self.namestack.push(name.clone());
        let result = self.class_rest(start, &name);
        self.namestack.pop();
        let (params, parent, body, end) = result?;
        let span = start.to(end);
        Ok(Expr::new(
            ExprKind::Class(Box::new(ClassDef {
                name: self.qualify(&name),
                params,
                parent,
                body,
                span,
            })),
            span,
        ))
    }

    #[allow(clippy::type_complexity)]
    fn class_rest(
        &mut self,
        _start: Span,
        _name: &str,
    ) -> PResult<(Vec<Parameter>, Option<String>, Vec<Expr>, Span)> {
        let params = self.parameter_list()?;
        let parent = if self.eat(&Tok::Inherits) {
            match self.tok() {
                Tok::Default => {
                    self.advance();
                    Some("default".to_string())
                }
                _ => Some(self.classname()?),
            }
        } else {
            None
        };
        let (body, end) = self.body_block()?;
        Ok((params, parent, body, end))
    }

    fn node_expression(&mut self) -> PResult<Expr> {
        let start = self.advance();
        let mut matches = vec![self.hostname()?];
        while self.at(&Tok::Comma) {
            self.advance();
            if matches!(self.tok(), Tok::LBrace | Tok::Inherits) {
                break;
            }
            matches.push(self.hostname()?);
        }
        let parent = if self.eat(&Tok::Inherits) {
            Some(self.hostname()?)
        } else {
            None
        };
        let (body, end) = self.body_block()?;
        let span = start.to(end);
        Ok(Expr::new(
            ExprKind::Node(Box::new(NodeDef {
                matches,
                parent,
                body,
                span,
            })),
            span,
        ))
    }

    /// `hostname`: a dotted name, a quoted string, `default` or a regex.
    fn hostname(&mut self) -> PResult<Expr> {
        let start = self.span();
        match self.tok() {
            Tok::Default => {
                self.advance();
                Ok(Expr::new(ExprKind::Default, start))
            }
            Tok::Regex(r) => {
                self.advance();
                Ok(Expr::new(ExprKind::Regex(r.to_string()), start))
            }
            Tok::Str(_) | Tok::DqPre(_) => self.quoted_text(),
            Tok::Heredoc(_) => self.primary(),
            Tok::Name(_) | Tok::Number(_) => {
                let mut text = String::new();
                let mut end;
                loop {
                    match self.tok() {
                        Tok::Name(n) | Tok::Number(n) => {
                            text.push_str(n);
                            end = self.advance();
                        }
                        _ => return Err(self.syntax_error()),
                    }
                    if self.at(&Tok::Dot) {
                        self.advance();
                        text.push('.');
                        continue;
                    }
                    break;
                }
                Ok(Expr::new(ExprKind::String(text), start.to(end)))
            }
            _ => Err(self.syntax_error()),
        }
    }

    fn function_expression(&mut self) -> PResult<Expr> {
        let start = self.advance();
        let name = self.classname()?;
        let params = self.parameter_list()?;
        let return_type = self.optional_return_type()?;
        let (body, end) = self.body_block()?;
        let span = start.to(end);
        Ok(Expr::new(
            ExprKind::Function(Box::new(FunctionDef {
                name,
                params,
                return_type,
                body,
                span,
            })),
            span,
        ))
    }

    /// `type(...)` call, `type Name = T` alias, or `type Name { }` definition.
    fn type_expression(&mut self) -> PResult<Expr> {
        let start = self.span();
        if matches!(self.peek_tok(1), Tok::LParen) {
            // `type(...)`: a call of the function `type`.
            self.advance();
            return Ok(Expr::new(ExprKind::QualifiedName("type".into()), start));
        }
        self.advance();
        // type_alias_lhs: TYPE parameter_type
        let Tok::ClassRef(name) = self.tok() else {
            return Err(self.syntax_error());
        };
        let name_span = self.span();
        match self.peek_tok(1) {
            Tok::LBrace => {
                self.advance();
                let (_, end) = self.body_block()?;
                return Ok(Expr::new(
                    ExprKind::TypeDefinition {
                        name: name.to_string(),
                    },
                    start.to(end),
                ));
            }
            Tok::Inherits => {
                self.advance();
                self.advance();
                if !matches!(self.tok(), Tok::ClassRef(_)) {
                    return Err(self.syntax_error());
                }
                self.advance();
                let (_, end) = self.body_block()?;
                return Ok(Expr::new(
                    ExprKind::TypeDefinition {
                        name: name.to_string(),
                    },
                    start.to(end),
                ));
            }
            _ => {}
        }
        let lhs = self.type_with_args(false)?;
        self.expect(&Tok::Equals)?;
        // `type T = Parent {...}` and `type T = {...}` are Puppet's Object shorthands.
        let (rhs, keyed) = match self.tok() {
            Tok::ClassRef(_) => {
                let t = self.type_with_args(true)?;
                if self.at(&Tok::LBrace) && matches!(t.kind, ExprKind::QualifiedReference(_)) {
                    let h = self.hash()?;
                    (h, Some(t))
                } else {
                    (t, None)
                }
            }
            Tok::LBrace => (self.hash()?, None),
            Tok::ListStart | Tok::LBrack => (self.array()?, None),
            _ => return Err(self.syntax_error()),
        };
        if let ExprKind::Access { .. } = lhs.kind {
            // A type mapping keeps its right side as written.
            let mapping = match keyed {
                Some(t) => {
                    let span = t.span.to(rhs.span);
                    Expr::new(
                        ExprKind::Hash(vec![HashEntry {
                            span: t.span,
                            key: t,
                            value: rhs,
                        }]),
                        span,
                    )
                }
                None => rhs,
            };
            let def_span = lhs.span.to(mapping.span);
            let span = start.to(mapping.span);
            return Ok(Expr::new(
                ExprKind::TypeMapping(Box::new(TypeMappingDef {
                    type_expr: lhs,
                    mapping,
                    span: def_span,
                })),
                span,
            ));
        }
        let type_expr = match (keyed, &rhs.kind) {
            (Some(parent), _) => object_type(Some(parent), rhs),
            (None, ExprKind::Hash(_)) => object_type(None, rhs),
            (None, _) => rhs,
        };
        let alias_name = match &lhs.kind {
            ExprKind::QualifiedReference(n) => n.clone(),
            _ => name.to_string(),
        };
        // Puppet locates a type alias at its name (the alias's own span starts there).
        let def_span = name_span.to(type_expr.span);
        let span = start.to(type_expr.span);
        Ok(Expr::new(
            ExprKind::TypeAlias(Box::new(TypeAliasDef {
                name: alias_name,
                type_expr,
                span: def_span,
            })),
            span,
        ))
    }

    /// `parameter_list`: nothing, `()`, or `(params [,])`.
    fn parameter_list(&mut self) -> PResult<Vec<Parameter>> {
        if !matches!(self.tok(), Tok::LParen | Tok::WsLParen) {
            return Ok(Vec::new());
        }
        self.advance();
        if self.eat(&Tok::RParen) {
            return Ok(Vec::new());
        }
        let params = self.parameters()?;
        self.eat(&Tok::Comma);
        self.expect(&Tok::RParen)?;
        Ok(params)
    }

    fn parameters(&mut self) -> PResult<Vec<Parameter>> {
        let mut params = vec![self.parameter()?];
        while self.at(&Tok::Comma)
            && matches!(
                self.peek_tok(1),
                Tok::Variable(_) | Tok::ClassRef(_) | Tok::Times
            )
        {
            self.advance();
            params.push(self.parameter()?);
        }
        Ok(params)
    }

    fn parameter(&mut self) -> PResult<Parameter> {
        let start = self.span();
        let type_expr = if matches!(self.tok(), Tok::ClassRef(_)) {
            Some(self.type_with_args(false)?)
        } else {
            None
        };
        let captures_rest = self.eat(&Tok::Times);
        let Tok::Variable(name) = self.tok() else {
            return Err(self.syntax_error());
        };
        let var_span = self.advance();
        let default = if self.eat(&Tok::Equals) {
            Some(self.expression(0)?)
        } else {
            None
        };
        let end = default.as_ref().map(|d| d.span).unwrap_or(var_span);
        let _ = start;
        Ok(Parameter {
            name: name.to_string(),
            type_expr,
            default,
            captures_rest,
            span: var_span.to(end),
        })
    }
}

/// Puppet's rewrite of the Object shorthands of a type alias: `Parent {...}`
/// becomes `Object[{..., parent => Parent}]` (`Object {...}` and `TypeSet {...}`
/// become `Object[{...}]`/`TypeSet[{...}]`), and `{...}` becomes `Object[{...}]`.
fn object_type(parent: Option<Expr>, hash: Expr) -> Expr {
    let mut hash = hash;
    let head = match parent {
        Some(p) => match &p.kind {
            ExprKind::QualifiedReference(n) if n == "Object" || n == "TypeSet" => p,
            _ => {
                let object = Expr::new(ExprKind::QualifiedReference("Object".into()), p.span);
                // The rewritten hash now also holds the parent written before it.
                hash.span = p.span.to(hash.span);
                if let ExprKind::Hash(entries) = &mut hash.kind {
                    entries.push(HashEntry {
                        key: Expr::new(ExprKind::QualifiedName("parent".into()), p.span),
                        span: p.span,
                        value: p,
                    });
                }
                object
            }
        },
        None => Expr::new(ExprKind::QualifiedReference("Object".into()), hash.span),
    };
    let span = head.span.to(hash.span);
    Expr::new(
        ExprKind::Access {
            target: Box::new(head),
            keys: vec![hash],
        },
        span,
    )
}

/// A call argument or access argument before hash pairs are merged.
enum Arg {
    Plain(Expr),
    Pair(HashEntry),
}

/// Arguments being collected; adjacent `k => v` pairs merge into one hash.
#[derive(Default)]
struct ArgList {
    items: Vec<Expr>,
    last_unfolded: bool,
}

impl ArgList {
    fn push(&mut self, arg: Arg) {
        match arg {
            Arg::Plain(e) => {
                self.items.push(e);
                self.last_unfolded = false;
            }
            Arg::Pair(entry) => {
                if self.last_unfolded
                    && let Some(Expr {
                        kind: ExprKind::Hash(entries),
                        span,
                    }) = self.items.last_mut()
                {
                    *span = span.to(entry.value.span);
                    entries.push(entry);
                    return;
                }
                let s = entry.key.span.to(entry.value.span);
                self.items.push(Expr::new(ExprKind::Hash(vec![entry]), s));
                self.last_unfolded = true;
            }
        }
    }
}

fn is_plain_expression(e: &Expr) -> bool {
    !matches!(
        e.kind,
        ExprKind::Assign { .. }
            | ExprKind::Relationship { .. }
            | ExprKind::Resource { .. }
            | ExprKind::ResourceDefaults { .. }
            | ExprKind::ResourceOverride { .. }
    )
}

/// Whether a token can begin an expression (and so a statement).
fn starts_expression(t: &Tok<'_>) -> bool {
    matches!(
        t,
        Tok::Variable(_)
            | Tok::Name(_)
            | Tok::Word(_)
            | Tok::ClassRef(_)
            | Tok::Number(_)
            | Tok::Boolean(_)
            | Tok::Default
            | Tok::Undef
            | Tok::Regex(_)
            | Tok::Str(_)
            | Tok::DqPre(_)
            | Tok::Heredoc(_)
            | Tok::ListStart
            | Tok::LBrack
            | Tok::LBrace
            | Tok::LParen
            | Tok::WsLParen
            | Tok::If
            | Tok::Unless
            | Tok::Case
            | Tok::Define
            | Tok::Class
            | Tok::Node
            | Tok::Function
            | Tok::Type
            | Tok::Attr
            | Tok::Private
            | Tok::Not
            | Tok::Minus
            | Tok::Times
            | Tok::At
            | Tok::AtAt
    )
}

/// Keywords usable as attribute names.
fn is_attribute_keyword(t: &Tok) -> bool {
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

/// Binary operators: (precedence, operator) — `None` for the selector `?`.
fn binary_op(t: &Tok) -> Option<(u8, Option<BinaryOp>)> {
    Some(match t {
        Tok::Or => (1, Some(BinaryOp::Or)),
        Tok::And => (2, Some(BinaryOp::And)),
        Tok::QMark => (3, None),
        Tok::GreaterEqual => (4, Some(BinaryOp::Ge)),
        Tok::GreaterThan => (4, Some(BinaryOp::Gt)),
        Tok::LessThan => (4, Some(BinaryOp::Lt)),
        Tok::LessEqual => (4, Some(BinaryOp::Le)),
        Tok::NotEqual => (5, Some(BinaryOp::Ne)),
        Tok::IsEqual => (5, Some(BinaryOp::Eq)),
        Tok::LShift => (6, Some(BinaryOp::Shl)),
        Tok::RShift => (6, Some(BinaryOp::Shr)),
        Tok::Minus => (7, Some(BinaryOp::Sub)),
        Tok::Plus => (7, Some(BinaryOp::Add)),
        Tok::Times => (8, Some(BinaryOp::Mul)),
        Tok::Div => (8, Some(BinaryOp::Div)),
        Tok::Modulo => (8, Some(BinaryOp::Mod)),
        Tok::Match => (9, Some(BinaryOp::Match)),
        Tok::NoMatch => (9, Some(BinaryOp::NotMatch)),
        Tok::In => (10, Some(BinaryOp::In)),
        _ => return None,
    })
}

/// A number token's literal: integer with radix, or float. Out-of-range
/// integers keep the value saturated and are flagged by validation.
fn number_literal(text: &str) -> ExprKind {
    let b = text.as_bytes();
    if b.len() > 2 && b[0] == b'0' && (b[1] == b'x' || b[1] == b'X') {
        return match i64::from_str_radix(&text[2..], 16) {
            Ok(v) => ExprKind::Integer {
                value: v,
                radix: 16,
            },
            Err(_) => ExprKind::Integer {
                value: i64::MAX,
                radix: 0,
            },
        };
    }
    if text.contains(['.', 'e', 'E']) {
        return ExprKind::Float(text.parse().unwrap_or(f64::NAN));
    }
    if b.len() > 1 && b[0] == b'0' {
        return match i64::from_str_radix(&text[1..], 8) {
            Ok(v) => ExprKind::Integer { value: v, radix: 8 },
            Err(_) => ExprKind::Integer {
                value: i64::MAX,
                radix: 0,
            },
        };
    }
    match text.parse::<i64>() {
        Ok(v) => ExprKind::Integer {
            value: v,
            radix: 10,
        },
        Err(_) => ExprKind::Integer {
            value: i64::MAX,
            radix: 0,
        },
    }
}

/// Puppet's rewrite of an interpolated expression: a bare name or decimal number
/// is a variable, also as the left end of `[]` and `.` chains.
fn interpolate(e: Expr) -> Expr {
    let span = e.span;
    match e.kind {
        ExprKind::QualifiedName(n) => Expr::new(ExprKind::Variable(n), span),
        ExprKind::Integer { value, radix: 10 } => {
            Expr::new(ExprKind::Variable(value.to_string()), span)
        }
        ExprKind::Access { target, keys } if rewriteable(&target) => Expr::new(
            ExprKind::Access {
                target: Box::new(interpolate(*target)),
                keys,
            },
            span,
        ),
        ExprKind::CallMethod {
            target,
            name,
            name_span,
            args,
            lambda,
        } if rewriteable(&target) => Expr::new(
            ExprKind::CallMethod {
                target: Box::new(interpolate(*target)),
                name,
                name_span,
                args,
                lambda,
            },
            span,
        ),
        kind => Expr::new(kind, span),
    }
}

fn rewriteable(e: &Expr) -> bool {
    matches!(
        e.kind,
        ExprKind::Access { .. }
            | ExprKind::QualifiedName(_)
            | ExprKind::CallMethod { .. }
            | ExprKind::Integer { radix: 10, .. }
    )
}

fn block_or_expression(mut stmts: Vec<Expr>, span: Span) -> Expr {
    match stmts.len() {
        0 => Expr::new(ExprKind::Nop, span),
        1 => stmts.pop().unwrap_or(Expr::new(ExprKind::Nop, span)),
        _ => {
            let s = stmts[0].span.to(stmts[stmts.len() - 1].span);
            Expr::new(ExprKind::Block(stmts), s)
        }
    }
}

fn is_statement_call(e: &Expr) -> bool {
    matches!(&e.kind, ExprKind::QualifiedName(n) if STATEMENT_CALLS.contains(&n.as_str()))
}

/// Puppet's `transform_calls`: a statement-function name followed by an
/// expression (or comma list) becomes a call without parentheses.
fn transform_calls(stmts: Vec<Stmt>) -> PResult<Vec<Expr>> {
    let mut calls = Calls::with_capacity(stmts.len());
    for stmt in stmts {
        calls.push(stmt);
    }
    calls.finish()
}

/// [`transform_calls`] one statement at a time; like Puppet, which transforms
/// when it reduces the whole list, the error waits for [`Calls::finish`].
struct Calls {
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
