//! The parser: tokens → AST, accepting exactly Puppet 7's grammar (`egrammar.ra`).
//!
//! Recursive descent with precedence climbing for the operators. The operator
//! table, the places where a `{` opens a resource body, statement calls without
//! parentheses (`include a, b`) and the other grammar quirks follow Puppet's LALR
//! grammar, so the same files are accepted and errors land on the same token.
//! One depth counter bounds every recursive path.

mod definitions;
mod expressions;
mod resources;
mod statements;

use super::ast::*;
use super::lexer::{LexError, Lexed, Tok, Token};
use super::span::Span;

pub use crate::MAX_DEPTH;

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
pub(crate) const STATEMENT_CALLS: [&str; 15] = [
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
}
