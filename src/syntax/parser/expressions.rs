//! Expressions: operators by precedence climbing, selectors, unary and postfix
//! forms (calls, access, lambdas), and primaries (literals, arrays, hashes,
//! interpolated strings).

use super::*;

impl<'t> Parser<'t> {
    /// Precedence climbing over Puppet's binary operators.
    pub(super) fn expression(&mut self, min_prec: u8) -> PResult<Expr> {
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

    pub(super) fn selector_entries(&mut self) -> PResult<(Vec<SelectorEntry>, Span)> {
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

    pub(super) fn selector_entry(&mut self) -> PResult<SelectorEntry> {
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

    pub(super) fn unary(&mut self) -> PResult<Expr> {
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
    pub(super) fn postfix(&mut self) -> PResult<Expr> {
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

    pub(super) fn optional_lambda(&mut self) -> PResult<Option<Box<Lambda>>> {
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

    pub(super) fn optional_return_type(&mut self) -> PResult<Option<Expr>> {
        if !self.at(&Tok::RShift) {
            return Ok(None);
        }
        self.advance();
        Ok(Some(self.type_with_args(false)?))
    }

    /// `CLASSREF` optionally followed by `[args]` (with a trailing comma when allowed).
    pub(super) fn type_with_args(&mut self, endcomma: bool) -> PResult<Expr> {
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
    pub(super) fn access_args(&mut self, endcomma: bool) -> PResult<Vec<Expr>> {
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
    pub(super) fn arguments(&mut self, endcomma: bool) -> PResult<Vec<Expr>> {
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
    pub(super) fn argument(&mut self, keyword_ok: bool) -> PResult<Arg> {
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
    pub(super) fn at_entry_keyword(&self) -> bool {
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
    pub(super) fn hash_entry(&mut self) -> PResult<Expr> {
        if self.at_entry_keyword() {
            let text = self.tok().keyword_text().unwrap_or("").to_string();
            let span = self.advance();
            return Ok(Expr::new(ExprKind::String(text), span));
        }
        self.assignment()
    }

    pub(super) fn primary(&mut self) -> PResult<Expr> {
        self.enter()?;
        let r = self.primary_inner();
        self.leave();
        r
    }

    pub(super) fn primary_inner(&mut self) -> PResult<Expr> {
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

    pub(super) fn array(&mut self) -> PResult<Expr> {
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

    pub(super) fn hash(&mut self) -> PResult<Expr> {
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
    pub(super) fn quoted_text(&mut self) -> PResult<Expr> {
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
}

/// A call argument or access argument before hash pairs are merged.
pub(super) enum Arg {
    Plain(Expr),
    Pair(HashEntry),
}

/// Arguments being collected; adjacent `k => v` pairs merge into one hash.
#[derive(Default)]
pub(super) struct ArgList {
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

pub(super) fn is_plain_expression(e: &Expr) -> bool {
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
pub(super) fn starts_expression(t: &Tok<'_>) -> bool {
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

/// Binary operators: (precedence, operator) — `None` for the selector `?`.
pub(super) fn binary_op(t: &Tok) -> Option<(u8, Option<BinaryOp>)> {
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
pub(super) fn number_literal(text: &str) -> ExprKind {
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
pub(super) fn interpolate(e: Expr) -> Expr {
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

pub(super) fn rewriteable(e: &Expr) -> bool {
    matches!(
        e.kind,
        ExprKind::Access { .. }
            | ExprKind::QualifiedName(_)
            | ExprKind::CallMethod { .. }
            | ExprKind::Integer { radix: 10, .. }
    )
}
