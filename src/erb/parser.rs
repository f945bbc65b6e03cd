//! The Ruby parser: tokens → syntax tree, by recursive descent over Ruby's
//! grammar for the subset templates use. Like Ruby, it tracks local variables
//! as it goes (an identifier assigned before is a variable, otherwise a method
//! call) and uses blanks to tell command calls (`foo [1]`, `foo -1`) from
//! indexing and arithmetic.

mod expressions;
mod statements;
#[cfg(test)]
mod tests;

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
        if self.depth > MAX_DEPTH || kuppet_values::budget::stack_low() {
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
                Param::Name(n) | Param::Optional(n, _) | Param::Rest(n) | Param::Block(n) => {
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
