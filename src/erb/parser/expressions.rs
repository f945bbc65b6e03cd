//! Expressions: `not`/`and`/`or`, assignment, the ternary, ranges, binary
//! operators by precedence, unary operators, postfix calls and indexing,
//! command and call arguments, and primaries (literals, strings, hashes).

use super::*;

/// The precedence of binary operators (higher binds tighter).
pub(super) fn binary_prec(op: &str) -> Option<u8> {
    Some(match op {
        "||" => 1,
        "&&" => 2,
        "<=>" | "==" | "===" | "!=" | "=~" | "!~" => 3,
        "<" | "<=" | ">" | ">=" => 4,
        "|" | "^" => 5,
        "&" => 6,
        "<<" | ">>" => 7,
        "+" | "-" => 8,
        "*" | "/" | "%" => 9,
        _ => return None,
    })
}

impl<'f> Parser<'f> {
    pub(super) fn not_expr(&mut self) -> PResult<Node> {
        let line = self.line();
        if self.eat_kw(Kw::Not) {
            self.enter()?;
            let inner = self.not_expr()?;
            self.leave();
            return Ok(Node::new(NodeKind::Not(Box::new(inner)), line));
        }
        self.expr()
    }

    /// An argument-level expression: assignment, ternary, ranges, operators.
    pub(super) fn expr(&mut self) -> PResult<Node> {
        self.enter()?;
        let left = self.ternary()?;
        let line = self.line();
        let r = match self.tok().clone() {
            Tok::Op("=") => {
                self.bump();
                self.skip_nl();
                let target = self.assignable(left)?;
                let value = self.assigned_value()?;
                Ok(Node::new(
                    NodeKind::Assign(Box::new(target), Box::new(value)),
                    line,
                ))
            }
            Tok::Op(
                op @ ("+=" | "-=" | "*=" | "/=" | "%=" | "**=" | "||=" | "&&=" | "|=" | "&="
                | "<<=" | ">>=" | "^="),
            ) => {
                self.bump();
                self.skip_nl();
                let target = self.assignable(left)?;
                let value = self.assigned_value()?;
                Ok(Node::new(
                    NodeKind::OpAssign(
                        Box::new(target),
                        Rc::from(&op[..op.len() - 1]),
                        Box::new(value),
                    ),
                    line,
                ))
            }
            _ => Ok(left),
        };
        self.leave();
        r
    }

    /// The right side of `=`: an expression, or `a, b` (an array).
    pub(super) fn assigned_value(&mut self) -> PResult<Node> {
        let line = self.line();
        let first = self.arg_or_splat()?;
        if !self.is_op(",") {
            if let NodeKind::Splat(_) = first.kind {
                return Ok(Node::new(NodeKind::Array(vec![first]), line));
            }
            return Ok(first);
        }
        let mut items = vec![first];
        while self.eat_op(",") {
            self.skip_nl();
            items.push(self.arg_or_splat()?);
        }
        Ok(Node::new(NodeKind::Array(items), line))
    }

    pub(super) fn arg_or_splat(&mut self) -> PResult<Node> {
        let line = self.line();
        if self.eat_op("*") {
            let inner = self.ternary()?;
            return Ok(Node::new(NodeKind::Splat(Box::new(inner)), line));
        }
        self.expr()
    }

    /// The target of an assignment, declaring local variables.
    pub(super) fn assignable(&mut self, node: Node) -> PResult<Node> {
        let line = node.line;
        match node.kind {
            NodeKind::LVar(name) => Ok(Node::new(NodeKind::LVar(name), line)),
            NodeKind::Ivar(_) | NodeKind::Gvar(_) => Ok(node),
            NodeKind::Call(call)
                if call.recv.is_none() && call.args.is_empty() && call.block.is_none() =>
            {
                if call.name.ends_with(['?', '!']) {
                    return Err(self
                        .error("syntax error, unexpected '=', the method name is not assignable"));
                }
                self.declare(&call.name);
                Ok(Node::new(NodeKind::LVar(call.name), line))
            }
            NodeKind::Call(call) if call.block.is_none() => {
                // `a[i] = v`, `a.b = v`: the setter is called by the evaluator.
                if call.name.as_ref() == "[]" || (call.args.is_empty() && call.recv.is_some()) {
                    Ok(Node::new(NodeKind::Call(call), line))
                } else {
                    Err(self
                        .error("syntax error, unexpected '=', the expression is not assignable"))
                }
            }
            NodeKind::Const(..) => Err(self.unsupported("assigning constants is not supported")),
            _ => Err(self.error("syntax error, unexpected '=', the expression is not assignable")),
        }
    }

    pub(super) fn ternary(&mut self) -> PResult<Node> {
        let cond = self.range()?;
        let line = self.line();
        if !self.is_op("?") {
            return Ok(cond);
        }
        self.bump();
        self.skip_nl();
        self.enter()?;
        let yes = self.ternary()?;
        self.skip_nl();
        // `a ? b :c` lexes `:c` as a symbol; Ruby reads it as the branch.
        let no = if self.eat_op(":") {
            self.skip_nl();
            self.ternary()?
        } else if let Tok::Sym(name) = self.tok().clone() {
            let l = self.line();
            self.bump();
            let ident = Node::new(
                if self.is_local(&name) {
                    NodeKind::LVar(Rc::from(name.as_str()))
                } else {
                    NodeKind::Call(Box::new(Call {
                        recv: None,
                        name: Rc::from(name.as_str()),
                        args: vec![],
                        block: None,
                        safe: false,
                    }))
                },
                l,
            );
            self.postfix(ident)?
        } else {
            return Err(self.unexpected("':'"));
        };
        self.leave();
        Ok(Node::new(
            NodeKind::If(Box::new(cond), vec![yes], vec![no]),
            line,
        ))
    }

    pub(super) fn range(&mut self) -> PResult<Node> {
        let left = self.binary(0)?;
        let line = self.line();
        let exclusive = match self.tok() {
            Tok::Op("..") => false,
            Tok::Op("...") => true,
            _ => return Ok(left),
        };
        self.bump();
        let right = if self.starts_value() {
            Some(Box::new(self.binary(0)?))
        } else {
            None
        };
        Ok(Node::new(
            NodeKind::Range(Some(Box::new(left)), right, exclusive),
            line,
        ))
    }

    /// Binary operators by precedence climbing.
    pub(super) fn binary(&mut self, min: u8) -> PResult<Node> {
        // Each operator of a chain nests the tree one level deeper.
        let saved = self.depth;
        let r = self.binary_chain(min);
        self.depth = saved;
        r
    }

    pub(super) fn binary_chain(&mut self, min: u8) -> PResult<Node> {
        let mut left = self.unary()?;
        loop {
            self.enter()?;
            let line = self.line();
            // `x -1` after a variable: a subtraction.
            let (op, negative) = match self.tok() {
                Tok::Op(op) => match binary_prec(op) {
                    Some(_) => (*op, None),
                    None => return Ok(left),
                },
                Tok::Int(i) if *i < 0 => ("-", Some(Tok::Int(i.saturating_neg()))),
                Tok::Float(f) if *f < 0.0 => ("-", Some(Tok::Float(-f))),
                _ => return Ok(left),
            };
            let Some(prec) = binary_prec(op) else {
                return Ok(left);
            };
            if prec <= min {
                return Ok(left);
            }
            match negative {
                Some(tok) => {
                    // Replace the literal by its absolute value and read it as the operand.
                    if let Some(t) = self.toks.get_mut(self.pos) {
                        t.tok = tok;
                    }
                }
                None => {
                    self.bump();
                    self.skip_nl();
                }
            }
            self.enter()?;
            let right = self.binary(prec)?;
            self.leave();
            left = match op {
                "&&" => Node::new(NodeKind::And(Box::new(left), Box::new(right)), line),
                "||" => Node::new(NodeKind::Or(Box::new(left), Box::new(right)), line),
                "!=" => Node::new(
                    NodeKind::Not(Box::new(call(left, "==", vec![right], line))),
                    line,
                ),
                "!~" => Node::new(
                    NodeKind::Not(Box::new(call(left, "=~", vec![right], line))),
                    line,
                ),
                _ => call(left, op, vec![right], line),
            };
            if prec == 3 && matches!(self.tok(), Tok::Op(o) if binary_prec(o) == Some(3)) {
                return Err(self.error(
                    "syntax error, unexpected comparison operator (comparisons do not chain)",
                ));
            }
        }
    }

    pub(super) fn unary(&mut self) -> PResult<Node> {
        let line = self.line();
        match self.tok() {
            Tok::Op("!") => {
                self.bump();
                self.enter()?;
                let inner = self.unary()?;
                self.leave();
                Ok(Node::new(NodeKind::Not(Box::new(inner)), line))
            }
            Tok::Op("-") => {
                self.bump();
                self.enter()?;
                let inner = self.unary()?;
                self.leave();
                Ok(call(inner, "-@", vec![], line))
            }
            Tok::Op("+") => {
                self.bump();
                self.enter()?;
                let inner = self.unary()?;
                self.leave();
                Ok(call(inner, "+@", vec![], line))
            }
            Tok::Op("~") => {
                self.bump();
                self.enter()?;
                let inner = self.unary()?;
                self.leave();
                Ok(call(inner, "~", vec![], line))
            }
            Tok::Kw(Kw::Not) => {
                self.bump();
                self.enter()?;
                let inner = self.expr()?;
                self.leave();
                Ok(Node::new(NodeKind::Not(Box::new(inner)), line))
            }
            Tok::Kw(Kw::Defined) => {
                self.bump();
                self.enter()?;
                let node = if self.is_op("(") {
                    // `defined?(x).inspect` calls inspect on the result.
                    self.bump();
                    self.skip_nl();
                    let e = self.expr_stmt()?;
                    self.skip_nl();
                    self.expect_op(")")?;
                    let d = Node::new(NodeKind::Defined(Box::new(e)), line);
                    self.postfix(d)?
                } else {
                    let e = self.unary()?;
                    Node::new(NodeKind::Defined(Box::new(e)), line)
                };
                self.leave();
                Ok(node)
            }
            _ => self.power(),
        }
    }

    pub(super) fn power(&mut self) -> PResult<Node> {
        let negative_literal = matches!(self.tok(), Tok::Int(i) if *i < 0)
            || matches!(self.tok(), Tok::Float(f) if *f < 0.0);
        let base = self.postfix_primary()?;
        if !self.is_op("**") {
            return Ok(base);
        }
        let line = self.line();
        self.bump();
        self.skip_nl();
        self.enter()?;
        let exp = self.unary()?;
        self.leave();
        // `-2 ** 2` is `-(2 ** 2)`.
        if negative_literal {
            let positive = match base.kind {
                NodeKind::Int(i) => NodeKind::Int(i.saturating_neg()),
                NodeKind::Float(f) => NodeKind::Float(-f),
                other => other,
            };
            let p = call(Node::new(positive, base.line), "**", vec![exp], line);
            return Ok(call(p, "-@", vec![], line));
        }
        Ok(call(base, "**", vec![exp], line))
    }

    pub(super) fn postfix_primary(&mut self) -> PResult<Node> {
        let p = self.primary()?;
        self.postfix(p)
    }

    /// Method calls, indexing and scoping after a value.
    pub(super) fn postfix(&mut self, node: Node) -> PResult<Node> {
        // Each call of a chain nests the tree one level deeper.
        let saved = self.depth;
        let r = self.postfix_chain(node);
        self.depth = saved;
        r
    }

    pub(super) fn postfix_chain(&mut self, mut node: Node) -> PResult<Node> {
        loop {
            self.enter()?;
            let line = self.line();
            match self.tok() {
                Tok::Op(op @ ("." | "&.")) => {
                    let safe = *op == "&.";
                    self.bump();
                    self.skip_nl();
                    let name: Rc<str> = match self.bump() {
                        Tok::Ident(n) | Tok::Const(n) => Rc::from(n.as_str()),
                        Tok::Kw(k) => Rc::from(kw_name(k)),
                        Tok::Label(n) => {
                            return Err(self.error(format!("syntax error, unexpected label {n}:")));
                        }
                        Tok::Op("(") => {
                            return Err(self.unsupported("calling procs with .() is not supported"));
                        }
                        Tok::Op(
                            op @ ("+" | "-" | "*" | "/" | "%" | "==" | "<" | ">" | "<=" | ">="
                            | "<=>" | "<<" | "[" | "!"),
                        ) => {
                            if op == "[" {
                                self.expect_op("]")?;
                                Rc::from("[]")
                            } else {
                                Rc::from(op)
                            }
                        }
                        other => {
                            return Err(self.error(format!(
                                "syntax error, unexpected {} after '.'",
                                describe(&other)
                            )));
                        }
                    };
                    node = self.call_rest(Some(node), name, safe, line)?;
                }
                Tok::Op("::") => {
                    self.bump();
                    match self.bump() {
                        Tok::Const(n) if !self.is_op("(") || self.space() => {
                            node = Node::new(
                                NodeKind::Const(Some(Box::new(node)), Rc::from(n.as_str())),
                                line,
                            );
                        }
                        Tok::Ident(n) | Tok::Const(n) => {
                            node = self.call_rest(Some(node), Rc::from(n.as_str()), false, line)?;
                        }
                        other => {
                            return Err(self.error(format!(
                                "syntax error, unexpected {} after '::'",
                                describe(&other)
                            )));
                        }
                    }
                }
                Tok::Op("[") if !self.space() || !is_command_candidate(&node) => {
                    self.bump();
                    self.skip_nl();
                    let args = self.call_args("]")?;
                    node = call(node, "[]", args, line);
                }
                _ => return Ok(node),
            }
        }
    }

    /// The arguments and block of a call whose name was just read.
    pub(super) fn call_rest(
        &mut self,
        recv: Option<Node>,
        name: Rc<str>,
        safe: bool,
        line: u32,
    ) -> PResult<Node> {
        let mut args = Vec::new();
        if self.is_op("(") && !self.space() {
            self.bump();
            self.skip_nl();
            let saved = std::mem::replace(&mut self.no_do, false);
            args = self.call_args(")")?;
            self.no_do = saved;
        } else if self.starts_command_arg(&name) {
            let saved = std::mem::replace(&mut self.no_do, true);
            args = self.command_args()?;
            self.no_do = saved;
        }
        let block = self.block()?;
        Ok(Node::new(
            NodeKind::Call(Box::new(Call {
                recv,
                name,
                args,
                block,
                safe,
            })),
            line,
        ))
    }
}

impl<'f> Parser<'f> {
    /// Whether the current token can start a value.
    pub(super) fn starts_value(&self) -> bool {
        matches!(
            self.tok(),
            Tok::Int(_)
                | Tok::Float(_)
                | Tok::Str(_)
                | Tok::DSym(_)
                | Tok::Sym(_)
                | Tok::Regex(..)
                | Tok::Words(_)
                | Tok::Symbols(_)
                | Tok::Ivar(_)
                | Tok::Gvar(_)
                | Tok::NthRef(_)
                | Tok::Ident(_)
                | Tok::Const(_)
                | Tok::Kw(
                    Kw::Nil
                        | Kw::True
                        | Kw::False
                        | Kw::SelfRef
                        | Kw::Not
                        | Kw::Defined
                        | Kw::Case
                        | Kw::Begin
                        | Kw::File
                        | Kw::Line
                )
                | Tok::Op("(" | "[" | "!" | "-" | "::" | "{" | "->")
        )
    }

    /// After a method name: does a command argument (no parentheses) follow?
    pub(super) fn starts_command_arg(&self, name: &str) -> bool {
        let Some(t) = self.token() else {
            return false;
        };
        if !t.space {
            // `include?x`: a name ending in ? or ! cannot run on into its argument.
            return name.ends_with(['?', '!'])
                && !matches!(t.tok, Tok::Op(_) | Tok::Kw(_) | Tok::Label(_))
                && self.starts_value();
        }
        let next_tight = self.toks.get(self.pos + 1).is_some_and(|n| !n.space);
        match &t.tok {
            Tok::Op("[" | "(" | "!" | "->") | Tok::Label(_) => true,
            Tok::Op("-" | "*" | "&" | "::" | "**") => next_tight,
            Tok::Op(_) => false,
            Tok::Kw(
                Kw::Nil
                | Kw::True
                | Kw::False
                | Kw::SelfRef
                | Kw::Not
                | Kw::Defined
                | Kw::Case
                | Kw::File
                | Kw::Line,
            ) => true,
            Tok::Kw(_) => false,
            _ => self.starts_value(),
        }
    }

    /// Arguments inside `(...)` or `[...]`, through the closing token.
    pub(super) fn call_args(&mut self, close: &str) -> PResult<Vec<Node>> {
        let mut args = Vec::new();
        let mut pairs: Vec<(Node, Node)> = Vec::new();
        loop {
            self.skip_nl();
            if self.eat_op(close) {
                break;
            }
            self.arg(&mut args, &mut pairs)?;
            self.skip_nl();
            if self.eat_op(",") {
                continue;
            }
            self.skip_nl();
            self.expect_op(close)?;
            break;
        }
        if !pairs.is_empty() {
            let line = pairs[0].0.line;
            args.push(Node::new(NodeKind::Hash(pairs), line));
        }
        Ok(args)
    }

    /// Arguments of a command call: up to the end of the expression.
    pub(super) fn command_args(&mut self) -> PResult<Vec<Node>> {
        let mut args = Vec::new();
        let mut pairs: Vec<(Node, Node)> = Vec::new();
        loop {
            self.arg(&mut args, &mut pairs)?;
            if !self.eat_op(",") {
                break;
            }
            self.skip_nl();
        }
        if !pairs.is_empty() {
            let line = pairs[0].0.line;
            args.push(Node::new(NodeKind::Hash(pairs), line));
        }
        Ok(args)
    }

    /// One argument: `*x`, `&x`, `key: v`, `k => v`, or a value.
    pub(super) fn arg(
        &mut self,
        args: &mut Vec<Node>,
        pairs: &mut Vec<(Node, Node)>,
    ) -> PResult<()> {
        let line = self.line();
        if let Tok::Label(name) = self.tok().clone() {
            self.bump();
            self.skip_nl();
            let v = self.expr()?;
            pairs.push((Node::new(NodeKind::Sym(Rc::from(name.as_str())), line), v));
            return Ok(());
        }
        if self.eat_op("*") {
            let inner = self.ternary()?;
            args.push(Node::new(NodeKind::Splat(Box::new(inner)), line));
            return Ok(());
        }
        if self.eat_op("&") {
            let inner = self.ternary()?;
            args.push(Node::new(NodeKind::BlockPass(Box::new(inner)), line));
            return Ok(());
        }
        if self.is_op("**") {
            return Err(self.unsupported("double-splat arguments are not supported"));
        }
        let v = self.expr()?;
        if self.eat_op("=>") {
            self.skip_nl();
            let value = self.expr()?;
            pairs.push((v, value));
            return Ok(());
        }
        if !pairs.is_empty() {
            return Err(self.error("syntax error, a positional argument follows keyword arguments"));
        }
        args.push(v);
        Ok(())
    }

    // ----- primaries

    pub(super) fn primary(&mut self) -> PResult<Node> {
        self.enter()?;
        let r = self.primary_inner();
        self.leave();
        r
    }

    pub(super) fn primary_inner(&mut self) -> PResult<Node> {
        let line = self.line();
        let tok = self.bump();
        let kind = match tok {
            Tok::Int(i) => NodeKind::Int(i),
            Tok::Float(f) => NodeKind::Float(f),
            Tok::Str(parts) => {
                let mut nodes = self.str_parts(parts)?;
                // Adjacent literals concatenate.
                while let Tok::Str(more) = self.tok().clone() {
                    self.bump();
                    nodes.extend(self.str_parts(more)?);
                }
                NodeKind::Str(nodes)
            }
            Tok::DSym(parts) => NodeKind::DSym(self.str_parts(parts)?),
            Tok::Sym(s) => NodeKind::Sym(Rc::from(s.as_str())),
            Tok::Regex(parts, flags) => {
                NodeKind::Regex(self.str_parts(parts)?, Rc::from(flags.as_str()))
            }
            Tok::Words(words) => NodeKind::Array(
                words
                    .into_iter()
                    .map(|w| {
                        Node::new(
                            NodeKind::Str(vec![StrNode::Lit(Rc::from(w.as_str()))]),
                            line,
                        )
                    })
                    .collect(),
            ),
            Tok::Symbols(words) => NodeKind::Array(
                words
                    .into_iter()
                    .map(|w| Node::new(NodeKind::Sym(Rc::from(w.as_str())), line))
                    .collect(),
            ),
            Tok::Ivar(n) => NodeKind::Ivar(Rc::from(n.as_str())),
            Tok::Gvar(n) => NodeKind::Gvar(Rc::from(n.as_str())),
            Tok::NthRef(n) => NodeKind::NthRef(n),
            Tok::Text(t) => NodeKind::Text(Rc::from(t.as_str())),
            Tok::OutOpen => {
                let body = self.stmts()?;
                if !matches!(self.tok(), Tok::OutClose) {
                    return Err(self.unexpected("'%>'"));
                }
                self.bump();
                NodeKind::Output(Box::new(Node::new(NodeKind::Seq(body), line)))
            }
            Tok::Ident(name) => {
                let name: Rc<str> = Rc::from(name.as_str());
                let paren = self.is_op("(") && !self.space();
                if self.is_local(&name) && !paren {
                    NodeKind::LVar(name)
                } else {
                    return self.call_rest(None, name, false, line);
                }
            }
            Tok::Const(name) => {
                let name: Rc<str> = Rc::from(name.as_str());
                if self.is_op("(") && !self.space() {
                    return self.call_rest(None, name, false, line);
                }
                NodeKind::Const(None, name)
            }
            Tok::Label(n) => {
                return Err(self.error(format!("syntax error, unexpected label '{n}:'")));
            }
            Tok::Op("::") => match self.bump() {
                Tok::Const(n) => NodeKind::Const(None, Rc::from(n.as_str())),
                other => {
                    return Err(self.error(format!(
                        "syntax error, unexpected {} after '::'",
                        describe(&other)
                    )));
                }
            },
            Tok::Op("(") => {
                let saved = std::mem::replace(&mut self.no_do, false);
                let body = self.stmts()?;
                self.no_do = saved;
                self.skip_terms();
                self.expect_op(")")?;
                match body.len() {
                    0 => NodeKind::Nil,
                    _ => NodeKind::Seq(body),
                }
            }
            Tok::Op("[") => {
                let saved = std::mem::replace(&mut self.no_do, false);
                let items = self.call_args("]")?;
                self.no_do = saved;
                if items
                    .iter()
                    .any(|n| matches!(n.kind, NodeKind::BlockPass(_)))
                {
                    return Err(self.error("syntax error, block argument in an array literal"));
                }
                NodeKind::Array(items)
            }
            Tok::Op("{") => {
                let saved = std::mem::replace(&mut self.no_do, false);
                let pairs = self.hash_body()?;
                self.no_do = saved;
                NodeKind::Hash(pairs)
            }
            Tok::Op(op @ (".." | "...")) => {
                let end = self.binary(0)?;
                NodeKind::Range(None, Some(Box::new(end)), op == "...")
            }
            Tok::Op("->") => return Err(self.unsupported("lambdas (->) are not supported")),
            Tok::Kw(kw) => return self.keyword(kw, line),
            other => {
                return Err(self.error(format!("syntax error, unexpected {}", describe(&other))));
            }
        };
        Ok(Node::new(kind, line))
    }

    pub(super) fn str_parts(&mut self, parts: Vec<StrPart>) -> PResult<Vec<StrNode>> {
        let mut out = Vec::with_capacity(parts.len());
        for p in parts {
            match p {
                StrPart::Lit(s) => out.push(StrNode::Lit(Rc::from(s.as_str()))),
                StrPart::Code(toks) => {
                    let saved_toks = std::mem::replace(&mut self.toks, toks);
                    let saved_pos = std::mem::replace(&mut self.pos, 0);
                    let saved_do = std::mem::replace(&mut self.no_do, false);
                    let body = self.stmts();
                    let at_end = matches!(self.tok(), Tok::Eof);
                    let err = if at_end {
                        None
                    } else {
                        Some(self.unexpected("'}'"))
                    };
                    self.toks = saved_toks;
                    self.pos = saved_pos;
                    self.no_do = saved_do;
                    if let Some(e) = err {
                        return Err(e);
                    }
                    out.push(StrNode::Code(body?));
                }
            }
        }
        Ok(out)
    }

    /// `{ k => v, key: v }` after the `{`.
    pub(super) fn hash_body(&mut self) -> PResult<Vec<(Node, Node)>> {
        let mut pairs = Vec::new();
        loop {
            self.skip_nl();
            if self.eat_op("}") {
                return Ok(pairs);
            }
            let line = self.line();
            if let Tok::Label(name) = self.tok().clone() {
                self.bump();
                self.skip_nl();
                let v = self.expr()?;
                pairs.push((Node::new(NodeKind::Sym(Rc::from(name.as_str())), line), v));
            } else {
                if self.is_op("**") {
                    return Err(self.unsupported("double-splat in hash literals is not supported"));
                }
                let k = self.expr()?;
                self.skip_nl();
                self.expect_op("=>")?;
                self.skip_nl();
                let v = self.expr()?;
                pairs.push((k, v));
            }
            self.skip_nl();
            if self.eat_op(",") {
                continue;
            }
            self.skip_nl();
            self.expect_op("}")?;
            return Ok(pairs);
        }
    }
}

/// A method call node.
pub(super) fn call(recv: Node, name: &str, args: Vec<Node>, line: u32) -> Node {
    Node::new(
        NodeKind::Call(Box::new(Call {
            recv: Some(recv),
            name: Rc::from(name),
            args,
            block: None,
            safe: false,
        })),
        line,
    )
}

/// A node after which `[` with a blank before it is a command argument
/// (`foo [1]`) rather than an index: a call of a method without arguments.
pub(super) fn is_command_candidate(node: &Node) -> bool {
    matches!(&node.kind, NodeKind::Call(c) if c.args.is_empty() && c.block.is_none() && c.name.chars().next().is_some_and(|ch| ch.is_alphabetic() || ch == '_'))
}
