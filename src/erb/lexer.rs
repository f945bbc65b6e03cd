//! The Ruby lexer: the code of the template's tags → tokens, each with its
//! script line and whether blanks precede it (Ruby's grammar depends on it:
//! `foo [1]` passes an array, `foo[1]` indexes). Strings keep their `#{}`
//! interpolations as nested token lists; the template's text and `<%= %>`
//! brackets become tokens too, so the parser sees one program.

use super::scan::{Segment, SegmentKind};
use super::{ErbError, ErrorKind};

/// A token and where it is.
#[derive(Debug, Clone, PartialEq)]
pub struct Token {
    pub tok: Tok,
    pub line: u32,
    /// Blanks (or a line start) precede the token.
    pub space: bool,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Tok {
    Int(i64),
    Float(f64),
    /// A string literal: its literal parts and `#{}` interpolations.
    Str(Vec<StrPart>),
    /// `:"..."`.
    DSym(Vec<StrPart>),
    Sym(String),
    /// A regular expression literal and its flags.
    Regex(Vec<StrPart>, String),
    /// `%w[...]`.
    Words(Vec<String>),
    /// `%i[...]`.
    Symbols(Vec<String>),
    Ivar(String),
    Gvar(String),
    /// `$1`...
    NthRef(u32),
    Ident(String),
    Const(String),
    /// `name:` in a hash literal or argument list.
    Label(String),
    Kw(Kw),
    Op(&'static str),
    /// A line end that may end a statement.
    Nl,
    /// `;`, and the separator ERB puts between tags.
    Semi,
    /// Template text, appended to the output.
    Text(String),
    /// The bracket of a `<%= %>` tag.
    OutOpen,
    OutClose,
    Eof,
}

/// A piece of a string literal.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum StrPart {
    Lit(String),
    /// `#{...}`: the tokens of the code, ending in `Eof`.
    Code(Vec<Token>),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kw {
    If,
    Unless,
    Elsif,
    Else,
    End,
    Then,
    While,
    Until,
    Do,
    For,
    In,
    Case,
    When,
    Begin,
    Rescue,
    Ensure,
    Def,
    Return,
    Next,
    Break,
    Nil,
    True,
    False,
    SelfRef,
    And,
    Or,
    Not,
    Defined,
    Yield,
    Super,
    Redo,
    Retry,
    Class,
    Module,
    Alias,
    Undef,
    File,
    Line,
}

fn keyword(s: &str) -> Option<Kw> {
    Some(match s {
        "if" => Kw::If,
        "unless" => Kw::Unless,
        "elsif" => Kw::Elsif,
        "else" => Kw::Else,
        "end" => Kw::End,
        "then" => Kw::Then,
        "while" => Kw::While,
        "until" => Kw::Until,
        "do" => Kw::Do,
        "for" => Kw::For,
        "in" => Kw::In,
        "case" => Kw::Case,
        "when" => Kw::When,
        "begin" => Kw::Begin,
        "rescue" => Kw::Rescue,
        "ensure" => Kw::Ensure,
        "def" => Kw::Def,
        "return" => Kw::Return,
        "next" => Kw::Next,
        "break" => Kw::Break,
        "nil" => Kw::Nil,
        "true" => Kw::True,
        "false" => Kw::False,
        "self" => Kw::SelfRef,
        "and" => Kw::And,
        "or" => Kw::Or,
        "not" => Kw::Not,
        "defined?" => Kw::Defined,
        "yield" => Kw::Yield,
        "super" => Kw::Super,
        "redo" => Kw::Redo,
        "retry" => Kw::Retry,
        "class" => Kw::Class,
        "module" => Kw::Module,
        "alias" => Kw::Alias,
        "undef" => Kw::Undef,
        "__FILE__" => Kw::File,
        "__LINE__" => Kw::Line,
        _ => return None,
    })
}

/// Operators, longest first.
const OPS: [&str; 48] = [
    "**=", "<=>", "===", "...", "<<=", ">>=", "&&=", "||=", "**", "==", "!=", "=~", "!~", "<=",
    ">=", "&&", "||", "<<", ">>", "+=", "-=", "*=", "/=", "%=", "|=", "&=", "^=", "=>", "->", "..",
    "::", "&.", "+", "-", "*", "/", "%", "=", "<", ">", "!", "&", "|", "^", "~", "?", ":", ",",
];

/// Lexes the segments of a template into one token stream.
///
/// ERB joins the tags of one line with `; `, so a `#` comment that ends a
/// tag comments out what follows on the same line of the script (text and
/// tags) until a newline, exactly as in Ruby.
pub(crate) fn lex_template(segments: &[Segment], file: &str) -> Result<Vec<Token>, ErbError> {
    let mut out = Vec::new();
    let mut commented = false;
    let mut prev_end = 0;
    for seg in segments {
        if seg.line > prev_end {
            commented = false;
        }
        prev_end = seg.line + super::scan::count_newlines(&seg.text);
        let (text, line) = if commented {
            match seg.text.split_once('\n') {
                None => continue,
                Some((_, rest)) if seg.kind == SegmentKind::Code => (rest, seg.line + 1),
                Some(_) if seg.kind == SegmentKind::Text => {
                    commented = false;
                    continue;
                }
                Some(_) => {
                    return Err(ErbError::new(
                        ErrorKind::Syntax,
                        file,
                        seg.line,
                        "syntax error: a <%= %> tag split by a comment",
                    ));
                }
            }
        } else {
            (seg.text.as_str(), seg.line)
        };
        match seg.kind {
            SegmentKind::Text => out.push(Token {
                tok: Tok::Text(text.to_string()),
                line,
                space: true,
            }),
            SegmentKind::Code => {
                let mut lx = Lexer::new(text, line, file);
                lx.run(&mut out, false)?;
                commented = lx.ended_in_comment;
            }
            SegmentKind::Output => {
                out.push(Token {
                    tok: Tok::OutOpen,
                    line,
                    space: true,
                });
                let mut lx = Lexer::new(text, line, file);
                lx.run(&mut out, false)?;
                if lx.ended_in_comment {
                    return Err(ErbError::new(
                        ErrorKind::Syntax,
                        file,
                        lx.line,
                        "syntax error: a comment ends a <%= %> tag",
                    ));
                }
                out.push(Token {
                    tok: Tok::OutClose,
                    line: lx.line,
                    space: true,
                });
            }
        }
        let line = out.last().map_or(seg.line, |t| t.line);
        out.push(Token {
            tok: Tok::Semi,
            line,
            space: true,
        });
    }
    let line = out.last().map_or(1, |t| t.line);
    out.push(Token {
        tok: Tok::Eof,
        line,
        space: true,
    });
    Ok(out)
}

/// Lexes one piece of Ruby code.
#[cfg(test)]
pub(crate) fn lex_code(src: &str, line: u32, file: &str) -> Result<Vec<Token>, ErbError> {
    let mut out = Vec::new();
    let mut lx = Lexer::new(src, line, file);
    lx.run(&mut out, false)?;
    out.push(Token {
        tok: Tok::Eof,
        line: lx.line,
        space: true,
    });
    Ok(out)
}

struct Lexer<'s> {
    src: &'s str,
    pos: usize,
    line: u32,
    file: &'s str,
    /// `?` operators waiting for their `:`.
    ternaries: u32,
    /// Nesting of `{` inside an interpolation (its `}` ends at depth 0).
    braces: u32,
    /// The source ended inside a `#` comment.
    ended_in_comment: bool,
    /// Nesting of string interpolations.
    depth: u32,
}

impl<'s> Lexer<'s> {
    fn new(src: &'s str, line: u32, file: &'s str) -> Lexer<'s> {
        Lexer {
            src,
            pos: 0,
            line,
            file,
            ternaries: 0,
            braces: 0,
            ended_in_comment: false,
            depth: 0,
        }
    }

    fn error(&self, message: impl Into<String>) -> ErbError {
        ErbError::new(ErrorKind::Syntax, self.file, self.line, message)
    }

    fn peek(&self) -> Option<char> {
        self.src[self.pos..].chars().next()
    }

    fn peek_at(&self, n: usize) -> Option<char> {
        self.src[self.pos..].chars().nth(n)
    }

    fn rest(&self) -> &'s str {
        &self.src[self.pos..]
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.pos += c.len_utf8();
        if c == '\n' {
            self.line += 1;
        }
        Some(c)
    }

    /// Whether the previous token ends a value (so `/`, `-`, `[`, `:` are
    /// binary or postfix rather than the start of a new value).
    fn value_before(out: &[Token]) -> bool {
        match out.last().map(|t| &t.tok) {
            None => false,
            Some(t) => matches!(
                t,
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
                    | Tok::Kw(Kw::End | Kw::SelfRef | Kw::Nil | Kw::True | Kw::False)
                    | Tok::Op(")" | "]" | "}")
            ),
        }
    }

    /// A command argument may start here: the previous token is a method name
    /// with a blank after it and none before the current character.
    fn command_arg(out: &[Token], space: bool, next: Option<char>) -> bool {
        space
            && matches!(out.last().map(|t| &t.tok), Some(Tok::Ident(_)))
            && !matches!(next, Some(' ' | '\t' | '\n' | '=') | None)
    }

    fn push(&self, out: &mut Vec<Token>, tok: Tok, line: u32, space: bool) {
        out.push(Token { tok, line, space });
    }

    /// Lexes until the end of the source, or (in an interpolation) its `}`.
    fn run(&mut self, out: &mut Vec<Token>, interpolation: bool) -> Result<(), ErbError> {
        let start = out.len();
        let mut space = true;
        loop {
            let Some(c) = self.peek() else {
                if interpolation {
                    return Err(self.error("unterminated string interpolation"));
                }
                return Ok(());
            };
            let line = self.line;
            let after_dot = matches!(
                out[start..].last().map(|t| &t.tok),
                Some(Tok::Op("." | "&."))
            );
            match c {
                ' ' | '\t' | '\r' => {
                    self.bump();
                    space = true;
                }
                '\\' if self.peek_at(1) == Some('\n') => {
                    self.bump();
                    self.bump();
                    space = true;
                }
                '\n' => {
                    self.bump();
                    space = true;
                    // A line starting with `.foo` or `&.` continues the call.
                    let rest = self.rest().trim_start_matches([' ', '\t', '\r', '\n']);
                    let continues = (rest.starts_with('.') && !rest.starts_with(".."))
                        || rest.starts_with("&.");
                    if !continues
                        && !matches!(
                            out[start..].last().map(|t| &t.tok),
                            Some(Tok::Nl | Tok::Semi) | None
                        )
                    {
                        self.push(out, Tok::Nl, line, true);
                    }
                }
                '#' => {
                    while let Some(c) = self.peek() {
                        if c == '\n' {
                            break;
                        }
                        self.bump();
                    }
                    if self.peek().is_none() {
                        self.ended_in_comment = true;
                    }
                }
                ';' => {
                    self.bump();
                    self.push(out, Tok::Semi, line, space);
                    space = true;
                }
                '}' if interpolation && self.braces == 0 => {
                    self.bump();
                    return Ok(());
                }
                '0'..='9' => {
                    let tok = self.number()?;
                    self.push(out, tok, line, space);
                    space = false;
                }
                '"' | '`' => {
                    self.bump();
                    let parts = self.string_body(c, None, true)?;
                    self.push(out, Tok::Str(parts), line, space);
                    space = false;
                }
                '\'' => {
                    self.bump();
                    let s = self.single_body('\'', None)?;
                    self.push(out, Tok::Str(vec![StrPart::Lit(s)]), line, space);
                    space = false;
                }
                '@' => {
                    self.bump();
                    if self.peek() == Some('@') {
                        return Err(self.error("class variables (@@) are not supported"));
                    }
                    let name = self.ident_chars();
                    if name.is_empty() {
                        return Err(self.error(
                            "`@' without identifiers is not allowed as an instance variable name",
                        ));
                    }
                    self.push(out, Tok::Ivar(name), line, space);
                    space = false;
                }
                '$' => {
                    self.bump();
                    let tok = match self.peek() {
                        Some(d) if d.is_ascii_digit() => {
                            let mut n = String::new();
                            while let Some(d) = self.peek().filter(char::is_ascii_digit) {
                                n.push(d);
                                self.bump();
                            }
                            Tok::NthRef(n.parse().unwrap_or(u32::MAX))
                        }
                        Some(
                            p @ ('~' | '!' | '&' | '`' | '\'' | '+' | '_' | '0' | ';' | ',' | '/'
                            | '\\' | '.' | '<' | '>' | '"' | '$' | '?' | ':' | '*'),
                        ) => {
                            self.bump();
                            Tok::Gvar(p.to_string())
                        }
                        _ => Tok::Gvar(self.ident_chars()),
                    };
                    self.push(out, tok, line, space);
                    space = false;
                }
                ':' if self.peek_at(1) == Some('"') && !Self::value_before(out) => {
                    self.bump();
                    self.bump();
                    let parts = self.string_body('"', None, true)?;
                    self.push(out, Tok::DSym(parts), line, space);
                    space = false;
                }
                ':' if self.peek_at(1) == Some('\'') && !Self::value_before(out) => {
                    self.bump();
                    self.bump();
                    let s = self.single_body('\'', None)?;
                    self.push(out, Tok::Sym(s), line, space);
                    space = false;
                }
                ':' if self.peek_at(1) != Some(':')
                    && !(self.ternaries > 0 && Self::value_before(out))
                    && self.peek_at(1).is_some_and(|n| {
                        n.is_alphabetic() || n == '_' || "+-*/<=>![%&|^~@".contains(n)
                    }) =>
                {
                    self.bump();
                    let s = self.symbol_name()?;
                    self.push(out, Tok::Sym(s), line, space);
                    space = false;
                }
                '/' if !Self::value_before(out)
                    || Self::command_arg(&out[start..], space, self.peek_at(1)) =>
                {
                    self.bump();
                    let parts = self.string_body('/', None, false)?;
                    let mut flags = String::new();
                    while let Some(f) = self.peek().filter(|f| "imxounse".contains(*f)) {
                        flags.push(f);
                        self.bump();
                    }
                    self.push(out, Tok::Regex(parts, flags), line, space);
                    space = false;
                }
                '%' if (!Self::value_before(out)
                    || Self::command_arg(&out[start..], space, self.peek_at(1)))
                    && self.percent_literal_ahead() =>
                {
                    let tok = self.percent_literal()?;
                    self.push(out, tok, line, space);
                    space = false;
                }
                c if c.is_alphabetic() || c == '_' => {
                    let mut name = self.ident_chars();
                    // `empty?`, `compact!` (not `x != y`, `x ?=`).
                    if let Some(q @ ('?' | '!')) = self.peek()
                        && self.peek_at(1) != Some('=')
                    {
                        name.push(q);
                        self.bump();
                    } else if let Some(q @ ('?' | '!')) = self.peek()
                        && self.rest().starts_with(&format!("{q}=="))
                    {
                        name.push(q);
                        self.bump();
                    }
                    let label = self.peek() == Some(':')
                        && self.peek_at(1) != Some(':')
                        && !after_dot
                        && self.ternaries == 0
                        && !name.ends_with(['?', '!']);
                    if label {
                        self.bump();
                        self.push(out, Tok::Label(name), line, space);
                    } else if after_dot {
                        self.push(out, Tok::Ident(name), line, space);
                    } else if name == "defined" && self.peek() == Some('?') {
                        self.bump();
                        self.push(out, Tok::Kw(Kw::Defined), line, space);
                    } else if let Some(kw) = keyword(&name) {
                        self.push(out, Tok::Kw(kw), line, space);
                    } else if name.starts_with(|c: char| c.is_uppercase()) {
                        self.push(out, Tok::Const(name), line, space);
                    } else {
                        self.push(out, Tok::Ident(name), line, space);
                    }
                    space = false;
                }
                '(' | ')' | '[' | ']' | '{' | '}' => {
                    self.bump();
                    let op = match c {
                        '(' => "(",
                        ')' => ")",
                        '[' => "[",
                        ']' => "]",
                        '{' => {
                            self.braces += 1;
                            "{"
                        }
                        _ => {
                            self.braces = self.braces.saturating_sub(1);
                            "}"
                        }
                    };
                    self.push(out, Tok::Op(op), line, space);
                    space = false;
                }
                '.' => {
                    if self.rest().starts_with("...") {
                        self.pos += 3;
                        self.push(out, Tok::Op("..."), line, space);
                    } else if self.rest().starts_with("..") {
                        self.pos += 2;
                        self.push(out, Tok::Op(".."), line, space);
                    } else {
                        self.bump();
                        self.push(out, Tok::Op("."), line, space);
                    }
                    space = false;
                }
                '-' if self.peek_at(1).is_some_and(|d| d.is_ascii_digit())
                    && (!Self::value_before(out)
                        || Self::command_arg(&out[start..], space, self.peek_at(1))) =>
                {
                    self.bump();
                    let tok = match self.number()? {
                        Tok::Int(i) => Tok::Int(-i),
                        Tok::Float(f) => Tok::Float(-f),
                        other => other,
                    };
                    self.push(out, tok, line, space);
                    space = false;
                }
                '<' if self.rest().starts_with("<<~")
                    || ((self.rest().starts_with("<<-") || self.rest().starts_with("<<\""))
                        && !Self::value_before(out)) =>
                {
                    return Err(self.error("heredocs are not supported"));
                }
                '?' if !Self::value_before(out)
                    && self.peek_at(1).is_some_and(|n| !n.is_whitespace())
                    && !self
                        .peek_at(2)
                        .is_some_and(|n| n.is_alphanumeric() || n == '_') =>
                {
                    // `?a`: a one-character string.
                    self.bump();
                    let ch = self.bump().unwrap_or(' ');
                    self.push(
                        out,
                        Tok::Str(vec![StrPart::Lit(ch.to_string())]),
                        line,
                        space,
                    );
                    space = false;
                }
                _ => {
                    let rest = self.rest();
                    let Some(op) = OPS.iter().find(|op| rest.starts_with(**op)) else {
                        return Err(self.error(format!("unexpected character '{c}'")));
                    };
                    self.pos += op.len();
                    match *op {
                        "?" => self.ternaries += 1,
                        ":" => self.ternaries = self.ternaries.saturating_sub(1),
                        _ => {}
                    }
                    self.push(out, Tok::Op(op), line, space);
                    space = false;
                }
            }
        }
    }

    fn ident_chars(&mut self) -> String {
        let mut s = String::new();
        while let Some(c) = self.peek() {
            if c.is_alphanumeric() || c == '_' {
                s.push(c);
                self.bump();
            } else {
                break;
            }
        }
        s
    }

    /// The name of a `:symbol` (identifier, `name?`, `name=`, operator, `@ivar`).
    fn symbol_name(&mut self) -> Result<String, ErbError> {
        let rest = self.rest();
        for op in [
            "[]=", "[]", "<=>", "===", "==", "=~", "!=", "!~", "<<", ">>", "<=", ">=", "**", "+@",
            "-@", "+", "-", "*", "/", "%", "<", ">", "!", "&", "|", "^", "~",
        ] {
            if rest.starts_with(op) {
                self.pos += op.len();
                return Ok(op.to_string());
            }
        }
        let mut s = String::new();
        while self.peek() == Some('@') {
            s.push('@');
            self.bump();
        }
        s.push_str(&self.ident_chars());
        if let Some(q @ ('?' | '!' | '=')) = self.peek()
            && !matches!(self.peek_at(1), Some('=' | '~' | '>'))
        {
            s.push(q);
            self.bump();
        }
        if s.is_empty() || s.ends_with('@') {
            return Err(self.error("invalid symbol"));
        }
        Ok(s)
    }

    fn number(&mut self) -> Result<Tok, ErbError> {
        let rest = self.rest();
        let (radix, skip) = match rest.get(..2) {
            Some("0x" | "0X") => (16, 2),
            Some("0b" | "0B") => (2, 2),
            Some("0o" | "0O") => (8, 2),
            Some("0d" | "0D") => (10, 2),
            _ if rest.len() > 1 && rest.starts_with('0') && rest.as_bytes()[1].is_ascii_digit() => {
                (8, 1)
            }
            _ => (10, 0),
        };
        self.pos += skip;
        let mut digits = String::new();
        let mut float = false;
        while let Some(c) = self.peek() {
            if c == '_' {
                self.bump();
            } else if c.is_digit(radix) {
                digits.push(c);
                self.bump();
            } else if radix == 10
                && skip == 0
                && c == '.'
                && !float
                && self.peek_at(1).is_some_and(|d| d.is_ascii_digit())
            {
                float = true;
                digits.push(c);
                self.bump();
            } else if radix == 10
                && skip == 0
                && (c == 'e' || c == 'E')
                && (self.peek_at(1).is_some_and(|d| d.is_ascii_digit())
                    || (matches!(self.peek_at(1), Some('+' | '-'))
                        && self.peek_at(2).is_some_and(|d| d.is_ascii_digit())))
            {
                float = true;
                digits.push('e');
                self.bump();
                if let Some(s @ ('+' | '-')) = self.peek() {
                    digits.push(s);
                    self.bump();
                }
            } else {
                break;
            }
        }
        if self.peek().is_some_and(|c| c.is_alphanumeric() && c != 'e') {
            return Err(self.error("numeric literal without digits or with a suffix"));
        }
        if float {
            return digits
                .parse::<f64>()
                .map(Tok::Float)
                .map_err(|_| self.error(format!("invalid float literal {digits}")));
        }
        i64::from_str_radix(&digits, radix)
            .map(Tok::Int)
            .map_err(|_| {
                ErbError::new(
                    ErrorKind::Unsupported,
                    self.file,
                    self.line,
                    format!(
                        "integer literal {digits} is too large (big integers are not supported)"
                    ),
                )
            })
    }

    /// A single-quoted body: only `\\` and `\'` (or the closing delimiter) escape.
    fn single_body(&mut self, close: char, open: Option<char>) -> Result<String, ErbError> {
        let mut s = String::new();
        let mut depth = 0u32;
        loop {
            let Some(c) = self.bump() else {
                return Err(self.error("unterminated string meets end of file"));
            };
            if c == '\\' {
                match self.peek() {
                    Some(n) if n == '\\' || n == close || Some(n) == open => {
                        s.push(n);
                        self.bump();
                    }
                    _ => s.push('\\'),
                }
            } else if Some(c) == open {
                depth += 1;
                s.push(c);
            } else if c == close {
                if depth == 0 {
                    return Ok(s);
                }
                depth -= 1;
                s.push(c);
            } else {
                s.push(c);
            }
        }
    }

    /// A double-quoted (or regex, when `!escapes`) body with interpolation.
    fn string_body(
        &mut self,
        close: char,
        open: Option<char>,
        escapes: bool,
    ) -> Result<Vec<StrPart>, ErbError> {
        let mut parts = Vec::new();
        let mut lit = String::new();
        let mut depth = 0u32;
        loop {
            let Some(c) = self.bump() else {
                return Err(self.error("unterminated string meets end of file"));
            };
            match c {
                '\\' => {
                    let Some(n) = self.bump() else {
                        return Err(self.error("unterminated string meets end of file"));
                    };
                    if !escapes {
                        // Regex: keep the escape for the regex engine, except
                        // an escaped delimiter.
                        if n == close || Some(n) == open {
                            if n != '/' && n != close {
                                lit.push('\\');
                            }
                            lit.push(n);
                        } else if n == '\n' {
                        } else {
                            lit.push('\\');
                            lit.push(n);
                        }
                        continue;
                    }
                    self.escape(n, &mut lit)?;
                }
                '#' if self.peek() == Some('{') => {
                    self.bump();
                    if !lit.is_empty() {
                        parts.push(StrPart::Lit(std::mem::take(&mut lit)));
                    }
                    if self.depth >= 50 {
                        return Err(ErbError::new(
                            ErrorKind::Limit,
                            self.file,
                            self.line,
                            "string interpolations nest too deeply",
                        ));
                    }
                    let mut inner = Lexer {
                        src: self.src,
                        pos: self.pos,
                        line: self.line,
                        file: self.file,
                        ternaries: 0,
                        braces: 0,
                        ended_in_comment: false,
                        depth: self.depth + 1,
                    };
                    let mut toks = Vec::new();
                    inner.run(&mut toks, true)?;
                    toks.push(Token {
                        tok: Tok::Eof,
                        line: inner.line,
                        space: true,
                    });
                    self.pos = inner.pos;
                    self.line = inner.line;
                    parts.push(StrPart::Code(toks));
                }
                '#' if matches!(self.peek(), Some('@' | '$'))
                    && self.peek_at(1).is_some_and(|n| {
                        n.is_alphabetic()
                            || n == '_'
                            || (n.is_ascii_digit() && self.peek() == Some('$'))
                    }) =>
                {
                    // `#@var`, `#$1`.
                    if !lit.is_empty() {
                        parts.push(StrPart::Lit(std::mem::take(&mut lit)));
                    }
                    let line = self.line;
                    let sigil = self.bump();
                    let tok = if sigil == Some('@') {
                        Tok::Ivar(self.ident_chars())
                    } else if self.peek().is_some_and(|d| d.is_ascii_digit()) {
                        let mut n = String::new();
                        while let Some(d) = self.peek().filter(char::is_ascii_digit) {
                            n.push(d);
                            self.bump();
                        }
                        Tok::NthRef(n.parse().unwrap_or(u32::MAX))
                    } else {
                        Tok::Gvar(self.ident_chars())
                    };
                    parts.push(StrPart::Code(vec![
                        Token {
                            tok,
                            line,
                            space: true,
                        },
                        Token {
                            tok: Tok::Eof,
                            line,
                            space: true,
                        },
                    ]));
                }
                c if Some(c) == open => {
                    depth += 1;
                    lit.push(c);
                }
                c if c == close => {
                    if depth == 0 {
                        if !lit.is_empty() || parts.is_empty() {
                            parts.push(StrPart::Lit(lit));
                        }
                        return Ok(parts);
                    }
                    depth -= 1;
                    lit.push(c);
                }
                c => lit.push(c),
            }
        }
    }

    /// A backslash escape of a double-quoted string (after the backslash).
    fn escape(&mut self, n: char, lit: &mut String) -> Result<(), ErbError> {
        match n {
            'n' => lit.push('\n'),
            't' => lit.push('\t'),
            's' => lit.push(' '),
            'r' => lit.push('\r'),
            'e' => lit.push('\x1b'),
            'a' => lit.push('\x07'),
            'b' => lit.push('\x08'),
            'f' => lit.push('\x0c'),
            'v' => lit.push('\x0b'),
            '\n' => {}
            '0'..='7' => {
                let mut code = n.to_digit(8).unwrap_or(0);
                for _ in 0..2 {
                    match self.peek().and_then(|d| d.to_digit(8)) {
                        Some(d) => {
                            code = code * 8 + d;
                            self.bump();
                        }
                        None => break,
                    }
                }
                lit.push(char::from_u32(code).unwrap_or('\u{fffd}'));
            }
            'x' => {
                let mut code = 0;
                let mut count = 0;
                while count < 2 {
                    match self.peek().and_then(|d| d.to_digit(16)) {
                        Some(d) => {
                            code = code * 16 + d;
                            self.bump();
                            count += 1;
                        }
                        None => break,
                    }
                }
                if count == 0 {
                    return Err(self.error("invalid hex escape"));
                }
                if code >= 0x80 {
                    return Err(ErbError::new(
                        ErrorKind::Unsupported,
                        self.file,
                        self.line,
                        "\\x escapes of non-ASCII bytes are not supported",
                    ));
                }
                lit.push(char::from_u32(code).unwrap_or('\u{fffd}'));
            }
            'u' => {
                let braced = self.peek() == Some('{');
                if braced {
                    self.bump();
                    loop {
                        while self.peek() == Some(' ') {
                            self.bump();
                        }
                        if self.peek() == Some('}') {
                            self.bump();
                            break;
                        }
                        let mut code = 0u32;
                        let mut count = 0;
                        while let Some(d) = self.peek().and_then(|d| d.to_digit(16)) {
                            code = code.saturating_mul(16).saturating_add(d);
                            self.bump();
                            count += 1;
                        }
                        if count == 0 {
                            return Err(self.error("invalid Unicode escape"));
                        }
                        lit.push(
                            char::from_u32(code)
                                .ok_or_else(|| self.error("invalid Unicode codepoint"))?,
                        );
                    }
                } else {
                    let mut code = 0u32;
                    for _ in 0..4 {
                        let Some(d) = self.peek().and_then(|d| d.to_digit(16)) else {
                            return Err(self.error("invalid Unicode escape"));
                        };
                        code = code * 16 + d;
                        self.bump();
                    }
                    lit.push(
                        char::from_u32(code)
                            .ok_or_else(|| self.error("invalid Unicode codepoint"))?,
                    );
                }
            }
            'c' | 'C' | 'M' => {
                return Err(ErbError::new(
                    ErrorKind::Unsupported,
                    self.file,
                    self.line,
                    format!("the \\{n} escape is not supported"),
                ));
            }
            other => lit.push(other),
        }
        Ok(())
    }

    fn percent_literal_ahead(&self) -> bool {
        let mut chars = self.rest().chars().skip(1);
        match chars.next() {
            Some('w' | 'W' | 'i' | 'I' | 'q' | 'Q' | 'r') => {
                chars.next().is_some_and(|d| "([{<|!/".contains(d))
            }
            Some(d) => "([{<|!".contains(d),
            None => false,
        }
    }

    fn percent_literal(&mut self) -> Result<Tok, ErbError> {
        self.bump();
        let kind = match self.peek() {
            Some(k @ ('w' | 'W' | 'i' | 'I' | 'q' | 'Q' | 'r')) => {
                self.bump();
                k
            }
            _ => 'Q',
        };
        let Some(open) = self.bump() else {
            return Err(self.error("unterminated literal"));
        };
        let (close, nest) = match open {
            '(' => (')', Some('(')),
            '[' => (']', Some('[')),
            '{' => ('}', Some('{')),
            '<' => ('>', Some('<')),
            c => (c, None),
        };
        Ok(match kind {
            'q' => Tok::Str(vec![StrPart::Lit(self.single_body(close, nest)?)]),
            'Q' => Tok::Str(self.string_body(close, nest, true)?),
            'r' => {
                let parts = self.string_body(close, nest, false)?;
                let mut flags = String::new();
                while let Some(f) = self.peek().filter(|f| "imxounse".contains(*f)) {
                    flags.push(f);
                    self.bump();
                }
                Tok::Regex(parts, flags)
            }
            _ => {
                let body = self.single_body(close, nest)?;
                let words: Vec<String> = body.split_whitespace().map(str::to_string).collect();
                if kind == 'i' || kind == 'I' {
                    Tok::Symbols(words)
                } else {
                    Tok::Words(words)
                }
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn toks(src: &str) -> Vec<Tok> {
        lex_code(src, 1, "t")
            .map(|v| v.into_iter().map(|t| t.tok).collect())
            .unwrap_or_default()
    }

    #[test]
    fn basic_tokens() {
        assert_eq!(
            toks("@a.empty? ? 'x' : :y"),
            vec![
                Tok::Ivar("a".into()),
                Tok::Op("."),
                Tok::Ident("empty?".into()),
                Tok::Op("?"),
                Tok::Str(vec![StrPart::Lit("x".into())]),
                Tok::Op(":"),
                Tok::Sym("y".into()),
                Tok::Eof
            ]
        );
        assert_eq!(
            toks("x = 1_000 / 2"),
            vec![
                Tok::Ident("x".into()),
                Tok::Op("="),
                Tok::Int(1000),
                Tok::Op("/"),
                Tok::Int(2),
                Tok::Eof
            ]
        );
    }

    #[test]
    fn regex_and_interpolation() {
        let t = toks("s =~ /a\\/b/i; \"v=#{x + 1}!\"");
        assert!(
            matches!(&t[2], Tok::Regex(p, f) if f == "i" && p == &vec![StrPart::Lit("a/b".into())])
        );
        assert!(matches!(&t[4], Tok::Str(p) if p.len() == 3));
    }

    #[test]
    fn words_and_labels() {
        assert_eq!(
            toks("%w(a b) { a: 1 }"),
            vec![
                Tok::Words(vec!["a".into(), "b".into()]),
                Tok::Op("{"),
                Tok::Label("a".into()),
                Tok::Int(1),
                Tok::Op("}"),
                Tok::Eof
            ]
        );
    }
}
