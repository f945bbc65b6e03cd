//! Statements and blocks: statement lists, multiple assignment, statement
//! modifiers, keyword constructs (`if`, `unless`, `while`, `case`, `begin` /
//! `rescue`, `def` ...) and `do`/`{}` blocks with their parameters.

use super::*;

impl<'f> Parser<'f> {
    pub(super) fn stmts(&mut self) -> PResult<Body> {
        let mut body = Vec::new();
        loop {
            self.skip_terms();
            if self.at_body_end() {
                return Ok(body);
            }
            body.push(self.stmt()?);
            if !matches!(self.tok(), Tok::Nl | Tok::Semi) && !self.at_body_end() {
                return Err(self.unexpected("end-of-statement"));
            }
        }
    }

    pub(super) fn stmt(&mut self) -> PResult<Node> {
        self.enter()?;
        let mut node = self.expr_stmt()?;
        loop {
            let line = self.line();
            match self.tok() {
                Tok::Kw(Kw::If) => {
                    self.bump();
                    let cond = self.expr_stmt()?;
                    node = Node::new(NodeKind::If(Box::new(cond), vec![node], vec![]), line);
                }
                Tok::Kw(Kw::Unless) => {
                    self.bump();
                    let cond = self.expr_stmt()?;
                    node = Node::new(NodeKind::If(Box::new(cond), vec![], vec![node]), line);
                }
                Tok::Kw(k @ (Kw::While | Kw::Until)) => {
                    let until = *k == Kw::Until;
                    self.bump();
                    let cond = self.expr_stmt()?;
                    node = Node::new(
                        NodeKind::While {
                            cond: Box::new(cond),
                            body: vec![node],
                            until,
                        },
                        line,
                    );
                }
                Tok::Kw(Kw::Rescue) => {
                    self.bump();
                    let fallback = self.expr_stmt()?;
                    node = Node::new(
                        NodeKind::Begin(Box::new(BeginBlock {
                            body: vec![node],
                            rescues: vec![Rescue {
                                classes: vec![],
                                var: None,
                                body: vec![fallback],
                            }],
                            else_body: None,
                            ensure: None,
                        })),
                        line,
                    );
                }
                _ => break,
            }
        }
        self.leave();
        Ok(node)
    }

    /// `a, b = x`: names separated by commas, then `=`.
    pub(super) fn multi_assign_ahead(&self) -> bool {
        let mut i = self.pos;
        let mut count = 0;
        loop {
            match self.toks.get(i).map(|t| &t.tok) {
                Some(Tok::Ident(n)) if !n.ends_with(['?', '!']) => {}
                Some(Tok::Ivar(_)) => {}
                _ => return false,
            }
            count += 1;
            match self.toks.get(i + 1).map(|t| &t.tok) {
                Some(Tok::Op(",")) => i += 2,
                Some(Tok::Op("=")) => return count > 1,
                _ => return false,
            }
        }
    }

    pub(super) fn multi_assign(&mut self) -> PResult<Node> {
        let line = self.line();
        let mut targets = Vec::new();
        loop {
            let l = self.line();
            match self.bump() {
                Tok::Ident(n) => {
                    let name: Rc<str> = Rc::from(n.as_str());
                    self.declare(&name);
                    targets.push(Node::new(NodeKind::LVar(name), l));
                }
                Tok::Ivar(n) => targets.push(Node::new(NodeKind::Ivar(Rc::from(n.as_str())), l)),
                other => {
                    return Err(
                        self.error(format!("syntax error, unexpected {}", describe(&other)))
                    );
                }
            }
            if !self.eat_op(",") {
                break;
            }
        }
        self.expect_op("=")?;
        self.skip_nl();
        let value = self.assigned_value()?;
        Ok(Node::new(
            NodeKind::MultiAssign(targets, Box::new(value)),
            line,
        ))
    }

    /// `not`, `and`, `or` (lower than everything but modifiers).
    pub(super) fn expr_stmt(&mut self) -> PResult<Node> {
        if self.multi_assign_ahead() {
            return self.multi_assign();
        }
        let mut left = self.not_expr()?;
        loop {
            let line = self.line();
            if self.eat_kw(Kw::And) {
                self.skip_nl();
                let right = self.not_expr()?;
                left = Node::new(NodeKind::And(Box::new(left), Box::new(right)), line);
            } else if self.eat_kw(Kw::Or) {
                self.skip_nl();
                let right = self.not_expr()?;
                left = Node::new(NodeKind::Or(Box::new(left), Box::new(right)), line);
            } else {
                return Ok(left);
            }
        }
    }
}

impl<'f> Parser<'f> {
    /// A `{ }` or (outside command arguments) `do end` block, if one follows.
    pub(super) fn block(&mut self) -> PResult<Option<Rc<Block>>> {
        let close = if self.is_op("{") {
            Tok::Op("}")
        } else if self.is_kw(Kw::Do) && !self.no_do {
            Tok::Kw(Kw::End)
        } else {
            return Ok(None);
        };
        self.bump();
        self.enter()?;
        self.locals.push((FxHashSet::default(), false));
        let saved = std::mem::replace(&mut self.no_do, false);
        self.skip_nl();
        let params = if self.eat_op("||") {
            Vec::new()
        } else if self.eat_op("|") {
            let ps = self.params("|")?;
            self.expect_op("|")?;
            ps
        } else {
            Vec::new()
        };
        self.declare_params(&params);
        let body = self.stmts()?;
        if *self.tok() != close {
            return Err(self.unexpected(if close == Tok::Kw(Kw::End) {
                "'end'"
            } else {
                "'}'"
            }));
        }
        self.bump();
        self.no_do = saved;
        self.locals.pop();
        self.leave();
        Ok(Some(Rc::new(Block { params, body })))
    }

    /// Parameters up to (not including) `close`.
    pub(super) fn params(&mut self, close: &str) -> PResult<Vec<Param>> {
        let mut params = Vec::new();
        loop {
            self.skip_nl();
            if self.is_op(close) {
                return Ok(params);
            }
            params.push(self.param()?);
            self.skip_nl();
            if self.is_op(";") || matches!(self.tok(), Tok::Semi) {
                return Err(self.unsupported("block-local variables (|x; y|) are not supported"));
            }
            if !self.eat_op(",") {
                return Ok(params);
            }
        }
    }

    pub(super) fn param(&mut self) -> PResult<Param> {
        if self.eat_op("*") {
            return match self.bump() {
                Tok::Ident(n) => Ok(Param::Rest(Rc::from(n.as_str()))),
                _ => Err(self.unsupported("anonymous rest parameters are not supported")),
            };
        }
        if self.eat_op("(") {
            let inner = self.params(")")?;
            self.expect_op(")")?;
            return Ok(Param::Nested(inner));
        }
        match self.bump() {
            Tok::Ident(n) if !n.ends_with(['?', '!']) => {
                let name: Rc<str> = Rc::from(n.as_str());
                if self.eat_op("=") {
                    let default = self.ternary()?;
                    return Ok(Param::Optional(name, default));
                }
                Ok(Param::Name(name))
            }
            Tok::Label(_) => Err(self.unsupported("keyword parameters are not supported")),
            Tok::Op("&") => match self.bump() {
                Tok::Ident(n) => Ok(Param::Block(Rc::from(n.as_str()))),
                _ => Err(self.unsupported("anonymous block parameters are not supported")),
            },
            Tok::Op("**") => Err(self.unsupported("keyword-rest parameters are not supported")),
            other => Err(self.error(format!(
                "syntax error, unexpected {} in parameters",
                describe(&other)
            ))),
        }
    }
}

impl<'f> Parser<'f> {
    /// A `then`, newline or `;` after a condition.
    pub(super) fn then(&mut self) {
        self.skip_terms();
        self.eat_kw(Kw::Then);
    }

    pub(super) fn keyword(&mut self, kw: Kw, line: u32) -> PResult<Node> {
        let kind = match kw {
            Kw::Nil => NodeKind::Nil,
            Kw::True => NodeKind::True,
            Kw::False => NodeKind::False,
            Kw::SelfRef => NodeKind::SelfRef,
            Kw::File => NodeKind::Str(vec![StrNode::Lit(Rc::from(self.file))]),
            Kw::Line => NodeKind::Int(i64::from(line)),
            Kw::If | Kw::Unless => {
                let cond = self.expr_stmt()?;
                self.then();
                let body = self.stmts()?;
                let mut else_body = Vec::new();
                if kw == Kw::If && self.is_kw(Kw::Elsif) {
                    let l = self.line();
                    self.bump();
                    else_body.push(self.keyword(Kw::If, l)?);
                    let node = if_node(kw, cond, body, else_body, line);
                    return Ok(node);
                }
                if self.eat_kw(Kw::Else) {
                    else_body = self.stmts()?;
                }
                self.expect_kw(Kw::End, "'end'")?;
                return Ok(if_node(kw, cond, body, else_body, line));
            }
            Kw::While | Kw::Until => {
                let saved = std::mem::replace(&mut self.no_do, true);
                let cond = self.expr_stmt()?;
                self.no_do = saved;
                self.skip_terms();
                self.eat_kw(Kw::Do);
                let body = self.stmts()?;
                self.expect_kw(Kw::End, "'end'")?;
                NodeKind::While {
                    cond: Box::new(cond),
                    body,
                    until: kw == Kw::Until,
                }
            }
            Kw::Case => {
                let subject = if matches!(self.tok(), Tok::Nl | Tok::Semi | Tok::Kw(Kw::When)) {
                    None
                } else {
                    Some(Box::new(self.expr_stmt()?))
                };
                self.skip_terms();
                let mut whens = Vec::new();
                while self.eat_kw(Kw::When) {
                    let mut conds = Vec::new();
                    loop {
                        self.skip_nl();
                        conds.push(self.arg_or_splat()?);
                        if !self.eat_op(",") {
                            break;
                        }
                    }
                    self.then();
                    let body = self.stmts()?;
                    whens.push((conds, body));
                }
                if whens.is_empty() {
                    return Err(self.unexpected("'when'"));
                }
                let else_body = if self.eat_kw(Kw::Else) {
                    Some(self.stmts()?)
                } else {
                    None
                };
                self.expect_kw(Kw::End, "'end'")?;
                NodeKind::Case(subject, whens, else_body)
            }
            Kw::Begin => {
                let block = self.begin_body()?;
                self.expect_kw(Kw::End, "'end'")?;
                match block {
                    Some(b) => NodeKind::Begin(Box::new(b)),
                    None => return Err(self.error("syntax error, empty begin block")),
                }
            }
            Kw::Def => return self.def(line),
            Kw::Return | Kw::Next | Kw::Break => {
                let value = if self.starts_value() && !matches!(self.tok(), Tok::Op("{")) {
                    Some(Box::new(self.assigned_value()?))
                } else {
                    None
                };
                match kw {
                    Kw::Return => NodeKind::Return(value),
                    Kw::Next => NodeKind::Next(value),
                    _ => NodeKind::Break(value),
                }
            }
            Kw::Not => {
                let inner = self.expr()?;
                NodeKind::Not(Box::new(inner))
            }
            Kw::Defined => {
                self.pos -= 1;
                return self.unary();
            }
            Kw::Yield
            | Kw::Super
            | Kw::Redo
            | Kw::Retry
            | Kw::Class
            | Kw::Module
            | Kw::Alias
            | Kw::Undef
            | Kw::For => {
                return Err(self.unsupported(format!("`{}' is not supported", kw_name(kw))));
            }
            Kw::Elsif
            | Kw::Else
            | Kw::End
            | Kw::Then
            | Kw::Do
            | Kw::In
            | Kw::When
            | Kw::Rescue
            | Kw::Ensure
            | Kw::And
            | Kw::Or => {
                return Err(self.error(format!("syntax error, unexpected '{}'", kw_name(kw))));
            }
        };
        Ok(Node::new(kind, line))
    }

    /// The body of `begin` or `def` up to its `end` (not consumed): statements,
    /// then `rescue`, `else`, `ensure` clauses. None for an empty plain body.
    pub(super) fn begin_body(&mut self) -> PResult<Option<BeginBlock>> {
        let body = self.stmts()?;
        let mut rescues = Vec::new();
        while self.eat_kw(Kw::Rescue) {
            let mut classes = Vec::new();
            let mut var = None;
            while !matches!(self.tok(), Tok::Nl | Tok::Semi | Tok::Kw(Kw::Then))
                && !self.is_op("=>")
            {
                classes.push(self.ternary()?);
                if !self.eat_op(",") {
                    break;
                }
                self.skip_nl();
            }
            if self.eat_op("=>") {
                match self.bump() {
                    Tok::Ident(n) => {
                        let name: Rc<str> = Rc::from(n.as_str());
                        self.declare(&name);
                        var = Some(name);
                    }
                    other => {
                        return Err(self.error(format!(
                            "syntax error, unexpected {} after '=>'",
                            describe(&other)
                        )));
                    }
                }
            }
            self.then();
            let body = self.stmts()?;
            rescues.push(Rescue { classes, var, body });
        }
        let else_body = if self.eat_kw(Kw::Else) {
            Some(self.stmts()?)
        } else {
            None
        };
        let ensure = if self.eat_kw(Kw::Ensure) {
            Some(self.stmts()?)
        } else {
            None
        };
        Ok(Some(BeginBlock {
            body,
            rescues,
            else_body,
            ensure,
        }))
    }

    pub(super) fn def(&mut self, line: u32) -> PResult<Node> {
        let name: Rc<str> = match self.bump() {
            Tok::Ident(n) | Tok::Const(n) => Rc::from(n.as_str()),
            Tok::Kw(Kw::SelfRef) => {
                return Err(self.unsupported("singleton methods (def self.x) are not supported"));
            }
            other => {
                return Err(self.error(format!(
                    "syntax error, unexpected {} after 'def'",
                    describe(&other)
                )));
            }
        };
        self.locals.push((FxHashSet::default(), true));
        let params = if self.is_op("(") {
            self.bump();
            let ps = self.params(")")?;
            self.expect_op(")")?;
            ps
        } else if matches!(self.tok(), Tok::Nl | Tok::Semi) {
            Vec::new()
        } else {
            self.params("\n")?
        };
        self.declare_params(&params);
        let block = self.begin_body()?;
        self.expect_kw(Kw::End, "'end'")?;
        self.locals.pop();
        let body = match block {
            Some(b) if b.rescues.is_empty() && b.ensure.is_none() && b.else_body.is_none() => {
                Node::new(NodeKind::Seq(b.body), line)
            }
            Some(b) => Node::new(NodeKind::Begin(Box::new(b)), line),
            None => Node::new(NodeKind::Nil, line),
        };
        Ok(Node::new(
            NodeKind::Def(Rc::new(Def { name, params, body })),
            line,
        ))
    }
}

pub(super) fn if_node(kw: Kw, cond: Node, body: Body, else_body: Body, line: u32) -> Node {
    let kind = if kw == Kw::Unless {
        NodeKind::If(Box::new(cond), else_body, body)
    } else {
        NodeKind::If(Box::new(cond), body, else_body)
    };
    Node::new(kind, line)
}
