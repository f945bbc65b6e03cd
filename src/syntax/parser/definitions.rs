//! Definitions: classes, defined types, nodes (with their host names),
//! functions, type aliases and type definitions, and their parameter lists.

use super::*;

impl<'t> Parser<'t> {
    /// `classname`: NAME, WORD or CLASSREF (with Puppet's errors for the others).
    pub(super) fn classname(&mut self) -> PResult<String> {
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

    pub(super) fn qualify(&self, name: &str) -> String {
        let ns = self.namestack.join("::");
        let joined = format!("{ns}::{name}");
        joined.strip_prefix("::").unwrap_or(&joined).to_string()
    }

    pub(super) fn define_expression(&mut self) -> PResult<Expr> {
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

    pub(super) fn class_expression(&mut self) -> PResult<Expr> {
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
    pub(super) fn class_rest(
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

    pub(super) fn node_expression(&mut self) -> PResult<Expr> {
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
    pub(super) fn hostname(&mut self) -> PResult<Expr> {
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

    pub(super) fn function_expression(&mut self) -> PResult<Expr> {
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
    pub(super) fn type_expression(&mut self) -> PResult<Expr> {
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
    pub(super) fn parameter_list(&mut self) -> PResult<Vec<Parameter>> {
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

    pub(super) fn parameters(&mut self) -> PResult<Vec<Parameter>> {
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

    pub(super) fn parameter(&mut self) -> PResult<Parameter> {
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
pub(super) fn object_type(parent: Option<Expr>, hash: Expr) -> Expr {
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
