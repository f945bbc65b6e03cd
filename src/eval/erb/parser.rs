//! The Ruby parser: tokens → syntax tree, by recursive descent over Ruby's
//! grammar for the subset templates use. Like Ruby, it tracks local variables
//! as it goes (an identifier assigned before is a variable, otherwise a method
//! call) and uses blanks to tell command calls (`foo [1]`, `foo -1`) from
//! indexing and arithmetic.

use super::ast::*;
use super::lexer::{Kw, StrPart, Tok, Token};
use super::{ErbError, ErrorKind};
use rustc_hash::FxHashSet;
use std::rc::Rc;

/// The deepest nesting of expressions the parser accepts.
const MAX_DEPTH: u32 = 200;

type PResult<T> = Result<T, ErbError>;

/// Parses a whole template (its token stream) into its statements.
pub fn parse_program(tokens: Vec<Token>, file: &str) -> PResult<Body> {
    let mut p = Parser::new(tokens, file);
    let body = p.stmts()?;
    if !matches!(p.tok(), Tok::Eof) {
        return Err(p.unexpected("end-of-input"));
    }
    Ok(body)
}

struct Parser<'f> {
    toks: Vec<Token>,
    pos: usize,
    file: &'f str,
    /// Local variable scopes: (names, whether it is a `def` boundary).
    locals: Vec<(FxHashSet<Rc<str>>, bool)>,
    depth: u32,
    /// Inside the arguments of a command call: `do` belongs to the command.
    no_do: bool,
}

/// The precedence of binary operators (higher binds tighter).
fn binary_prec(op: &str) -> Option<u8> {
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
    fn new(toks: Vec<Token>, file: &'f str) -> Parser<'f> {
        Parser {
            toks,
            pos: 0,
            file,
            locals: vec![(FxHashSet::default(), true)],
            depth: 0,
            no_do: false,
        }
    }

    // ----- tokens

    fn tok(&self) -> &Tok {
        self.toks.get(self.pos).map_or(&Tok::Eof, |t| &t.tok)
    }

    fn token(&self) -> Option<&Token> {
        self.toks.get(self.pos)
    }

    fn line(&self) -> u32 {
        self.toks
            .get(self.pos)
            .or_else(|| self.toks.last())
            .map_or(1, |t| t.line)
    }

    fn space(&self) -> bool {
        self.token().is_none_or(|t| t.space)
    }

    fn bump(&mut self) -> Tok {
        let t = self.tok().clone();
        if self.pos < self.toks.len() {
            self.pos += 1;
        }
        t
    }

    fn is_op(&self, op: &str) -> bool {
        matches!(self.tok(), Tok::Op(o) if *o == op)
    }

    fn is_kw(&self, kw: Kw) -> bool {
        matches!(self.tok(), Tok::Kw(k) if *k == kw)
    }

    fn eat_op(&mut self, op: &str) -> bool {
        if self.is_op(op) {
            self.bump();
            true
        } else {
            false
        }
    }

    fn eat_kw(&mut self, kw: Kw) -> bool {
        if self.is_kw(kw) {
            self.bump();
            true
        } else {
            false
        }
    }

    fn skip_nl(&mut self) {
        while matches!(self.tok(), Tok::Nl) {
            self.bump();
        }
    }

    fn skip_terms(&mut self) {
        while matches!(self.tok(), Tok::Nl | Tok::Semi) {
            self.bump();
        }
    }

    fn error(&self, message: impl Into<String>) -> ErbError {
        ErbError::new(ErrorKind::Syntax, self.file, self.line(), message)
    }

    fn unsupported(&self, message: impl Into<String>) -> ErbError {
        ErbError::new(ErrorKind::Unsupported, self.file, self.line(), message)
    }

    fn unexpected(&self, expecting: &str) -> ErbError {
        self.error(format!(
            "syntax error, unexpected {}, expecting {expecting}",
            describe(self.tok())
        ))
    }

    fn expect_op(&mut self, op: &str) -> PResult<()> {
        if self.eat_op(op) {
            Ok(())
        } else {
            Err(self.unexpected(&format!("'{op}'")))
        }
    }

    fn expect_kw(&mut self, kw: Kw, what: &str) -> PResult<()> {
        if self.eat_kw(kw) {
            Ok(())
        } else {
            Err(self.unexpected(what))
        }
    }

    fn enter(&mut self) -> PResult<()> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(ErbError::new(
                ErrorKind::Limit,
                self.file,
                self.line(),
                "the template's Ruby is nested too deeply",
            ));
        }
        Ok(())
    }

    fn leave(&mut self) {
        self.depth = self.depth.saturating_sub(1);
    }

    // ----- local variables

    fn is_local(&self, name: &str) -> bool {
        for (names, hard) in self.locals.iter().rev() {
            if names.contains(name) {
                return true;
            }
            if *hard {
                break;
            }
        }
        false
    }

    fn declare(&mut self, name: &Rc<str>) {
        if !self.is_local(name)
            && let Some((names, _)) = self.locals.last_mut()
        {
            names.insert(name.clone());
        }
    }

    fn declare_params(&mut self, params: &[Param]) {
        for p in params {
            match p {
                Param::Name(n) | Param::Optional(n, _) | Param::Rest(n) => {
                    if let Some((names, _)) = self.locals.last_mut() {
                        names.insert(n.clone());
                    }
                }
                Param::Nested(inner) => self.declare_params(inner),
            }
        }
    }

    // ----- statements

    /// Whether the current token ends a body.
    fn at_body_end(&self) -> bool {
        matches!(
            self.tok(),
            Tok::Eof
                | Tok::OutClose
                | Tok::Kw(Kw::End | Kw::Else | Kw::Elsif | Kw::When | Kw::Rescue | Kw::Ensure)
                | Tok::Op("}" | ")")
        )
    }

    fn stmts(&mut self) -> PResult<Body> {
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

    fn stmt(&mut self) -> PResult<Node> {
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
    fn multi_assign_ahead(&self) -> bool {
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

    fn multi_assign(&mut self) -> PResult<Node> {
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
    fn expr_stmt(&mut self) -> PResult<Node> {
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

    fn not_expr(&mut self) -> PResult<Node> {
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
    fn expr(&mut self) -> PResult<Node> {
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
    fn assigned_value(&mut self) -> PResult<Node> {
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

    fn arg_or_splat(&mut self) -> PResult<Node> {
        let line = self.line();
        if self.eat_op("*") {
            let inner = self.ternary()?;
            return Ok(Node::new(NodeKind::Splat(Box::new(inner)), line));
        }
        self.expr()
    }

    /// The target of an assignment, declaring local variables.
    fn assignable(&mut self, node: Node) -> PResult<Node> {
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

    fn ternary(&mut self) -> PResult<Node> {
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

    fn range(&mut self) -> PResult<Node> {
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
    fn binary(&mut self, min: u8) -> PResult<Node> {
        // Each operator of a chain nests the tree one level deeper.
        let saved = self.depth;
        let r = self.binary_chain(min);
        self.depth = saved;
        r
    }

    fn binary_chain(&mut self, min: u8) -> PResult<Node> {
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

    fn unary(&mut self) -> PResult<Node> {
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

    fn power(&mut self) -> PResult<Node> {
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

    fn postfix_primary(&mut self) -> PResult<Node> {
        let p = self.primary()?;
        self.postfix(p)
    }

    /// Method calls, indexing and scoping after a value.
    fn postfix(&mut self, node: Node) -> PResult<Node> {
        // Each call of a chain nests the tree one level deeper.
        let saved = self.depth;
        let r = self.postfix_chain(node);
        self.depth = saved;
        r
    }

    fn postfix_chain(&mut self, mut node: Node) -> PResult<Node> {
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
    fn call_rest(
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

    /// A `{ }` or (outside command arguments) `do end` block, if one follows.
    fn block(&mut self) -> PResult<Option<Rc<Block>>> {
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
    fn params(&mut self, close: &str) -> PResult<Vec<Param>> {
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

    fn param(&mut self) -> PResult<Param> {
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
            Tok::Op("&" | "**") => {
                Err(self.unsupported("block and keyword-rest parameters are not supported"))
            }
            other => Err(self.error(format!(
                "syntax error, unexpected {} in parameters",
                describe(&other)
            ))),
        }
    }

    /// Whether the current token can start a value.
    fn starts_value(&self) -> bool {
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
    fn starts_command_arg(&self, name: &str) -> bool {
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
    fn call_args(&mut self, close: &str) -> PResult<Vec<Node>> {
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
    fn command_args(&mut self) -> PResult<Vec<Node>> {
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
    fn arg(&mut self, args: &mut Vec<Node>, pairs: &mut Vec<(Node, Node)>) -> PResult<()> {
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

    fn primary(&mut self) -> PResult<Node> {
        self.enter()?;
        let r = self.primary_inner();
        self.leave();
        r
    }

    fn primary_inner(&mut self) -> PResult<Node> {
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

    fn str_parts(&mut self, parts: Vec<StrPart>) -> PResult<Vec<StrNode>> {
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
    fn hash_body(&mut self) -> PResult<Vec<(Node, Node)>> {
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

    /// A `then`, newline or `;` after a condition.
    fn then(&mut self) {
        self.skip_terms();
        self.eat_kw(Kw::Then);
    }

    fn keyword(&mut self, kw: Kw, line: u32) -> PResult<Node> {
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
    fn begin_body(&mut self) -> PResult<Option<BeginBlock>> {
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

    fn def(&mut self, line: u32) -> PResult<Node> {
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

fn if_node(kw: Kw, cond: Node, body: Body, else_body: Body, line: u32) -> Node {
    let kind = if kw == Kw::Unless {
        NodeKind::If(Box::new(cond), else_body, body)
    } else {
        NodeKind::If(Box::new(cond), body, else_body)
    };
    Node::new(kind, line)
}

/// A method call node.
fn call(recv: Node, name: &str, args: Vec<Node>, line: u32) -> Node {
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
fn is_command_candidate(node: &Node) -> bool {
    matches!(&node.kind, NodeKind::Call(c) if c.args.is_empty() && c.block.is_none() && c.name.chars().next().is_some_and(|ch| ch.is_alphabetic() || ch == '_'))
}

fn kw_name(kw: Kw) -> &'static str {
    match kw {
        Kw::If => "if",
        Kw::Unless => "unless",
        Kw::Elsif => "elsif",
        Kw::Else => "else",
        Kw::End => "end",
        Kw::Then => "then",
        Kw::While => "while",
        Kw::Until => "until",
        Kw::Do => "do",
        Kw::For => "for",
        Kw::In => "in",
        Kw::Case => "case",
        Kw::When => "when",
        Kw::Begin => "begin",
        Kw::Rescue => "rescue",
        Kw::Ensure => "ensure",
        Kw::Def => "def",
        Kw::Return => "return",
        Kw::Next => "next",
        Kw::Break => "break",
        Kw::Nil => "nil",
        Kw::True => "true",
        Kw::False => "false",
        Kw::SelfRef => "self",
        Kw::And => "and",
        Kw::Or => "or",
        Kw::Not => "not",
        Kw::Defined => "defined?",
        Kw::Yield => "yield",
        Kw::Super => "super",
        Kw::Redo => "redo",
        Kw::Retry => "retry",
        Kw::Class => "class",
        Kw::Module => "module",
        Kw::Alias => "alias",
        Kw::Undef => "undef",
        Kw::File => "__FILE__",
        Kw::Line => "__LINE__",
    }
}

/// A token as Ruby's syntax errors name it.
fn describe(tok: &Tok) -> String {
    match tok {
        Tok::Int(i) => format!("integer literal {i}"),
        Tok::Float(f) => format!("float literal {f}"),
        Tok::Str(_) => "string literal".into(),
        Tok::DSym(_) | Tok::Sym(_) => "symbol literal".into(),
        Tok::Regex(..) => "regexp literal".into(),
        Tok::Words(_) | Tok::Symbols(_) => "word list".into(),
        Tok::Ivar(n) => format!("instance variable @{n}"),
        Tok::Gvar(n) => format!("global variable ${n}"),
        Tok::NthRef(n) => format!("back reference ${n}"),
        Tok::Ident(n) => format!("local variable or method {n}"),
        Tok::Const(n) => format!("constant {n}"),
        Tok::Label(n) => format!("label {n}:"),
        Tok::Kw(k) => format!("'{}'", kw_name(*k)),
        Tok::Op(o) => format!("'{o}'"),
        Tok::Nl => "end-of-line".into(),
        Tok::Semi => "';'".into(),
        Tok::Text(_) => "template text".into(),
        Tok::OutOpen => "'<%='".into(),
        Tok::OutClose => "'%>'".into(),
        Tok::Eof => "end-of-input".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::super::lexer::lex_code;
    use super::*;

    fn parse(src: &str) -> Body {
        let toks = lex_code(src, 1, "t").unwrap_or_default();
        match parse_program(toks, "t") {
            Ok(b) => b,
            Err(e) => panic!("{src}: {e}"),
        }
    }

    fn fails(src: &str) -> bool {
        lex_code(src, 1, "t")
            .and_then(|t| parse_program(t, "t"))
            .is_err()
    }

    #[test]
    fn statements() {
        assert_eq!(parse("x = 1; y = x + 2 if x").len(), 2);
        assert_eq!(parse("@a.each do |k, v|\n puts k\nend").len(), 1);
        assert_eq!(parse("case x\nwhen 1, 2 then :a\nelse :b\nend").len(), 1);
        assert_eq!(parse("h = { 'a' => 1, b: [1, 2] }; h['a'] += 1").len(), 2);
        assert_eq!(
            parse("def f(a, b = 2)\n a + b\nrescue ArgumentError => e\n 0\nend").len(),
            1
        );
        assert_eq!(parse("x = scope.function_foo [1, 2]").len(), 1);
        assert_eq!(parse("a ? b : c; a ? 'x':'y'").len(), 2);
    }

    #[test]
    fn local_variables_decide_calls() {
        // `x [1]` indexes a local, passes an array to a method.
        let b = parse("x = [1]; x [0]");
        assert!(matches!(&b[1].kind, NodeKind::Call(c) if c.name.as_ref() == "[]"));
        let b = parse("foo [0]");
        assert!(
            matches!(&b[0].kind, NodeKind::Call(c) if c.name.as_ref() == "foo" && c.args.len() == 1)
        );
        let b = parse("x = 3; x -1");
        assert!(matches!(&b[1].kind, NodeKind::Call(c) if c.name.as_ref() == "-"));
    }

    #[test]
    fn errors() {
        assert!(fails("if"));
        assert!(fails("foo("));
        assert!(fails("a = "));
        assert!(fails(&"(".repeat(500)));
        assert!(fails("[1, 2"));
    }
}
