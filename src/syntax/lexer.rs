//! The lexer: Puppet source text → tokens with byte spans.
//!
//! It follows Puppet 7's lexer (`Lexer2`) token for token, including the
//! context the grammar needs: `[` after whitespace is a list start, `(` first on a
//! line cannot start a call, `{` after `?` opens a selector, `/` is a regex only
//! where a value may begin, and double-quoted strings and heredocs are split
//! into text and interpolated expression tokens.
//!
//! Errors are lazy, as in Puppet, whose parser pulls one token at a time: a
//! syntax error before a lexical error wins. [`lex`] therefore stops at the first
//! lexical error and ends the token list with a [`Tok::LexError`] in the place of
//! the token that could not be lexed (a whole string or heredoc counts as one
//! token, as Puppet lexes them in one go); the parser reports the lexical error
//! when it reaches that token.
//!
//! Token text borrows from the source where it can ([`Cow::Borrowed`]); only
//! strings with escapes and heredoc text are owned.

mod onig;

use super::span::Span;
use std::borrow::Cow;

/// A token's kind and payload.
#[derive(Debug, Clone, PartialEq)]
pub enum Tok<'a> {
    /// Single-quoted or plain double-quoted text (escapes already processed).
    Str(Cow<'a, str>),
    /// A bare word that is not a valid name (`foo-bar`, `_x`).
    Word(Cow<'a, str>),
    /// A lowercase (possibly qualified) name.
    Name(Cow<'a, str>),
    /// A capitalized (possibly qualified) name.
    ClassRef(Cow<'a, str>),
    /// `$name` without the `$`.
    Variable(Cow<'a, str>),
    /// A number as written.
    Number(Cow<'a, str>),
    /// A regex without its slashes, `\/` unescaped.
    Regex(Cow<'a, str>),
    /// Text before the first interpolation of a string.
    DqPre(Cow<'a, str>),
    /// Text between two interpolations.
    DqMid(Cow<'a, str>),
    /// Text after the last interpolation.
    DqPost(Cow<'a, str>),
    /// `@(TAG:syntax/escapes)`: the syntax; the text tokens follow.
    Heredoc(Cow<'a, str>),
    LBrack,
    ListStart,
    RBrack,
    LBrace,
    SelBrace,
    RBrace,
    LParen,
    WsLParen,
    RParen,
    Equals,
    Appends,
    Deletes,
    IsEqual,
    NotEqual,
    Match,
    NoMatch,
    GreaterEqual,
    GreaterThan,
    LessEqual,
    LessThan,
    FArrow,
    PArrow,
    LShift,
    LLCollect,
    LCollect,
    RShift,
    RRCollect,
    RCollect,
    Plus,
    Minus,
    Div,
    Times,
    Modulo,
    Not,
    Dot,
    Pipe,
    At,
    AtAt,
    Colon,
    Comma,
    Semic,
    QMark,
    Tilde,
    InEdge,
    InEdgeSub,
    OutEdge,
    OutEdgeSub,
    // keywords
    Case,
    Class,
    Default,
    Define,
    If,
    Elsif,
    Else,
    Inherits,
    Node,
    And,
    Or,
    Undef,
    Boolean(bool),
    In,
    Unless,
    Function,
    Type,
    Attr,
    Private,
    /// A character no token starts with.
    Other(char),
    /// The place of a token that could not be lexed; [`Lexed::error`] says why.
    LexError,
    Eof,
}

impl<'a> Tok<'a> {
    /// The keyword token for a name, if it is one.
    pub fn keyword(name: &str) -> Option<Tok<'static>> {
        // Most names are not keywords: rule them out cheaply.
        if name.len() < 2
            || name.len() > 8
            || !matches!(
                name.as_bytes()[0],
                b'a' | b'c' | b'd' | b'e' | b'f' | b'i' | b'n' | b'o' | b'p' | b't' | b'u'
            )
        {
            return None;
        }
        Some(match name {
            "case" => Tok::Case,
            "class" => Tok::Class,
            "default" => Tok::Default,
            "define" => Tok::Define,
            "if" => Tok::If,
            "elsif" => Tok::Elsif,
            "else" => Tok::Else,
            "inherits" => Tok::Inherits,
            "node" => Tok::Node,
            "and" => Tok::And,
            "or" => Tok::Or,
            "undef" => Tok::Undef,
            "false" => Tok::Boolean(false),
            "true" => Tok::Boolean(true),
            "in" => Tok::In,
            "unless" => Tok::Unless,
            "function" => Tok::Function,
            "type" => Tok::Type,
            "attr" => Tok::Attr,
            "private" => Tok::Private,
            _ => return None,
        })
    }

    /// The keyword's text, when the token is a keyword.
    pub fn keyword_text(&self) -> Option<&'static str> {
        Some(match self {
            Tok::Case => "case",
            Tok::Class => "class",
            Tok::Default => "default",
            Tok::Define => "define",
            Tok::If => "if",
            Tok::Elsif => "elsif",
            Tok::Else => "else",
            Tok::Inherits => "inherits",
            Tok::Node => "node",
            Tok::And => "and",
            Tok::Or => "or",
            Tok::Undef => "undef",
            Tok::Boolean(true) => "true",
            Tok::Boolean(false) => "false",
            Tok::In => "in",
            Tok::Unless => "unless",
            Tok::Function => "function",
            Tok::Type => "type",
            Tok::Attr => "attr",
            Tok::Private => "private",
            _ => return None,
        })
    }

    /// The token's value as Puppet shows it in "Syntax error at '...'".
    pub fn value_text(&self) -> String {
        match self {
            Tok::Str(s)
            | Tok::Word(s)
            | Tok::Name(s)
            | Tok::ClassRef(s)
            | Tok::Variable(s)
            | Tok::Number(s)
            | Tok::DqPre(s)
            | Tok::DqMid(s)
            | Tok::DqPost(s)
            | Tok::Heredoc(s) => s.to_string(),
            Tok::Regex(s) => format!("(?-mix:{})", escape_slashes(s)),
            // Puppet's unrecognized-character token has an empty value.
            Tok::Other(_) | Tok::Eof | Tok::LexError => String::new(),
            other => other
                .keyword_text()
                .unwrap_or_else(|| other.punct_text())
                .to_string(),
        }
    }

    fn punct_text(&self) -> &'static str {
        match self {
            Tok::LBrack | Tok::ListStart => "[",
            Tok::RBrack => "]",
            Tok::LBrace | Tok::SelBrace => "{",
            Tok::RBrace => "}",
            Tok::LParen | Tok::WsLParen => "(",
            Tok::RParen => ")",
            Tok::Equals => "=",
            Tok::Appends => "+=",
            Tok::Deletes => "-=",
            Tok::IsEqual => "==",
            Tok::NotEqual => "!=",
            Tok::Match => "=~",
            Tok::NoMatch => "!~",
            Tok::GreaterEqual => ">=",
            Tok::GreaterThan => ">",
            Tok::LessEqual => "<=",
            Tok::LessThan => "<",
            Tok::FArrow => "=>",
            Tok::PArrow => "+>",
            Tok::LShift => "<<",
            Tok::LLCollect => "<<|",
            Tok::LCollect => "<|",
            Tok::RShift => ">>",
            Tok::RRCollect => "|>>",
            Tok::RCollect => "|>",
            Tok::Plus => "+",
            Tok::Minus => "-",
            Tok::Div => "/",
            Tok::Times => "*",
            Tok::Modulo => "%",
            Tok::Not => "!",
            Tok::Dot => ".",
            Tok::Pipe => "|",
            Tok::At => "@",
            Tok::AtAt => "@@",
            Tok::Colon => ":",
            Tok::Comma => ",",
            Tok::Semic => ";",
            Tok::QMark => "?",
            Tok::Tilde => "~",
            Tok::InEdge => "->",
            Tok::InEdgeSub => "~>",
            Tok::OutEdge => "<-",
            Tok::OutEdgeSub => "<~",
            _ => "",
        }
    }

    /// The same token owning its text.
    pub fn into_owned(self) -> Tok<'static> {
        fn o(s: Cow<'_, str>) -> Cow<'static, str> {
            Cow::Owned(s.into_owned())
        }
        match self {
            Tok::Str(s) => Tok::Str(o(s)),
            Tok::Word(s) => Tok::Word(o(s)),
            Tok::Name(s) => Tok::Name(o(s)),
            Tok::ClassRef(s) => Tok::ClassRef(o(s)),
            Tok::Variable(s) => Tok::Variable(o(s)),
            Tok::Number(s) => Tok::Number(o(s)),
            Tok::Regex(s) => Tok::Regex(o(s)),
            Tok::DqPre(s) => Tok::DqPre(o(s)),
            Tok::DqMid(s) => Tok::DqMid(o(s)),
            Tok::DqPost(s) => Tok::DqPost(o(s)),
            Tok::Heredoc(s) => Tok::Heredoc(o(s)),
            Tok::LBrack => Tok::LBrack,
            Tok::ListStart => Tok::ListStart,
            Tok::RBrack => Tok::RBrack,
            Tok::LBrace => Tok::LBrace,
            Tok::SelBrace => Tok::SelBrace,
            Tok::RBrace => Tok::RBrace,
            Tok::LParen => Tok::LParen,
            Tok::WsLParen => Tok::WsLParen,
            Tok::RParen => Tok::RParen,
            Tok::Equals => Tok::Equals,
            Tok::Appends => Tok::Appends,
            Tok::Deletes => Tok::Deletes,
            Tok::IsEqual => Tok::IsEqual,
            Tok::NotEqual => Tok::NotEqual,
            Tok::Match => Tok::Match,
            Tok::NoMatch => Tok::NoMatch,
            Tok::GreaterEqual => Tok::GreaterEqual,
            Tok::GreaterThan => Tok::GreaterThan,
            Tok::LessEqual => Tok::LessEqual,
            Tok::LessThan => Tok::LessThan,
            Tok::FArrow => Tok::FArrow,
            Tok::PArrow => Tok::PArrow,
            Tok::LShift => Tok::LShift,
            Tok::LLCollect => Tok::LLCollect,
            Tok::LCollect => Tok::LCollect,
            Tok::RShift => Tok::RShift,
            Tok::RRCollect => Tok::RRCollect,
            Tok::RCollect => Tok::RCollect,
            Tok::Plus => Tok::Plus,
            Tok::Minus => Tok::Minus,
            Tok::Div => Tok::Div,
            Tok::Times => Tok::Times,
            Tok::Modulo => Tok::Modulo,
            Tok::Not => Tok::Not,
            Tok::Dot => Tok::Dot,
            Tok::Pipe => Tok::Pipe,
            Tok::At => Tok::At,
            Tok::AtAt => Tok::AtAt,
            Tok::Colon => Tok::Colon,
            Tok::Comma => Tok::Comma,
            Tok::Semic => Tok::Semic,
            Tok::QMark => Tok::QMark,
            Tok::Tilde => Tok::Tilde,
            Tok::InEdge => Tok::InEdge,
            Tok::InEdgeSub => Tok::InEdgeSub,
            Tok::OutEdge => Tok::OutEdge,
            Tok::OutEdgeSub => Tok::OutEdgeSub,
            Tok::Case => Tok::Case,
            Tok::Class => Tok::Class,
            Tok::Default => Tok::Default,
            Tok::Define => Tok::Define,
            Tok::If => Tok::If,
            Tok::Elsif => Tok::Elsif,
            Tok::Else => Tok::Else,
            Tok::Inherits => Tok::Inherits,
            Tok::Node => Tok::Node,
            Tok::And => Tok::And,
            Tok::Or => Tok::Or,
            Tok::Undef => Tok::Undef,
            Tok::Boolean(b) => Tok::Boolean(b),
            Tok::In => Tok::In,
            Tok::Unless => Tok::Unless,
            Tok::Function => Tok::Function,
            Tok::Type => Tok::Type,
            Tok::Attr => Tok::Attr,
            Tok::Private => Tok::Private,
            Tok::Other(c) => Tok::Other(c),
            Tok::LexError => Tok::LexError,
            Tok::Eof => Tok::Eof,
        }
    }
}

/// What the last token was, as far as the lexer's context rules care
/// (Puppet's `ctx[:after]`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum After {
    /// Nothing lexed yet.
    Nothing,
    /// `?`: a following `{` opens a selector.
    QMark,
    /// The end of an operand: a following `/` is a division.
    Operand,
    /// Anything else: a following `/` starts a regex.
    Other,
}

impl After {
    fn of(tok: &Tok<'_>) -> After {
        match tok {
            Tok::QMark => After::QMark,
            Tok::RParen
            | Tok::RBrack
            | Tok::RRCollect
            | Tok::RCollect
            | Tok::Name(_)
            | Tok::ClassRef(_)
            | Tok::Number(_)
            | Tok::Str(_)
            | Tok::Boolean(_)
            | Tok::DqPre(_)
            | Tok::DqMid(_)
            | Tok::DqPost(_)
            | Tok::Heredoc(_)
            | Tok::Regex(_)
            | Tok::Variable(_)
            | Tok::Word(_) => After::Operand,
            _ => After::Other,
        }
    }
}

/// A token and where it is.
#[derive(Debug, Clone, PartialEq)]
pub struct Token<'a> {
    pub tok: Tok<'a>,
    pub span: Span,
}

/// A lexical error: Puppet's issue code, its message and the offset it points at.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LexError {
    pub code: &'static str,
    pub message: String,
    pub offset: usize,
}

/// A warning the lexer noticed (unrecognized escapes).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LexWarning {
    pub code: &'static str,
    pub message: String,
    pub offset: usize,
}

/// The tokens of a source, ending with `Eof`, or with `LexError` at the first
/// token that could not be lexed (then `error` says why).
#[derive(Debug)]
pub struct Lexed<'a> {
    pub tokens: Vec<Token<'a>>,
    pub warnings: Vec<LexWarning>,
    pub error: Option<LexError>,
}

/// Lexes a whole source, stopping at the first lexical error.
pub fn lex(source: &str) -> Lexed<'_> {
    let mut lexer = Lexer::new(source);
    lexer.tokens.reserve(source.len() / 4 + 1);
    let error = match lexer.check_bom() {
        Ok(()) => lexer.run().err(),
        Err(e) => Some(e),
    };
    let (tok, at) = match &error {
        Some(e) => (Tok::LexError, e.offset),
        None => (Tok::Eof, source.len()),
    };
    lexer.tokens.push(Token {
        tok,
        span: Span::new(at, at),
    });
    Lexed {
        tokens: lexer.tokens,
        warnings: lexer.warnings,
        error,
    }
}

/// Tokens of a whole source, ending with `Eof`; the first lexical error fails it all.
pub fn tokenize(source: &str) -> Result<(Vec<Token<'_>>, Vec<LexWarning>), LexError> {
    let lexed = lex(source);
    match lexed.error {
        Some(e) => Err(e),
        None => Ok((lexed.tokens, lexed.warnings)),
    }
}

/// Escape handling of one kind of string.
#[derive(Clone, Copy)]
struct Escapes {
    backslash: bool,
    dollar: bool,
    single_quote: bool,
    double_quote: bool,
    r: bool,
    n: bool,
    t: bool,
    s: bool,
    u: bool,
    newline: bool,
    /// Warn about unrecognized escapes (double-quoted strings only).
    warn: bool,
}

impl Escapes {
    const DQ: Escapes = Escapes {
        backslash: true,
        dollar: true,
        single_quote: true,
        double_quote: true,
        r: true,
        n: true,
        t: true,
        s: true,
        u: true,
        newline: true,
        warn: true,
    };

    const NONE: Escapes = Escapes {
        backslash: false,
        dollar: false,
        single_quote: false,
        double_quote: false,
        r: false,
        n: false,
        t: false,
        s: false,
        u: false,
        newline: false,
        warn: false,
    };

    fn any(&self) -> bool {
        self.backslash
    }
}

/// How string text is scanned: a double-quoted string, or heredoc text.
#[derive(Clone, Copy)]
struct StringMode {
    escapes: Escapes,
    /// Ends at an unescaped `"` (double-quoted strings), else at the end of the text.
    dq: bool,
    /// `$` starts an interpolation.
    interpolate: bool,
}

/// How a string segment ended.
#[derive(Debug, PartialEq, Eq, Clone, Copy)]
enum Terminator {
    Quote,
    Dollar,
    DollarBrace,
    End,
}

fn is_word_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// Unicode "blank" (horizontal space) characters, as Ruby's `[[:blank:]]`.
fn is_blank_char(c: char) -> bool {
    c == ' ' || c == '\t' || (c != '\n' && c != '\r' && c.is_whitespace() && !is_vertical(c))
}

fn is_vertical(c: char) -> bool {
    matches!(
        c,
        '\n' | '\u{0b}' | '\u{0c}' | '\r' | '\u{85}' | '\u{2028}' | '\u{2029}'
    )
}

/// Maps offsets in a heredoc's processed text to the enclosing source, as
/// Puppet's `SubLocator` does: a position on a line is shifted by the margins
/// removed up to and including that line; offset 0 is the start of the text.
#[derive(Clone, Debug)]
struct OffsetMap {
    /// (text offset of a line start, source offset of that text position)
    lines: Vec<(usize, usize)>,
    /// Source offset where the heredoc text starts (before any margin).
    start: usize,
    end: usize,
}

impl OffsetMap {
    fn map(&self, offset: usize) -> usize {
        if offset == 0 {
            return self.start;
        }
        let idx = match self.lines.binary_search_by(|(t, _)| t.cmp(&offset)) {
            Ok(i) => i,
            Err(0) => return self.lines.first().map(|(_, s)| *s).unwrap_or(self.end),
            Err(i) => i - 1,
        };
        let (t, s) = self.lines[idx];
        s + (offset - t)
    }
}

struct Lexer<'a> {
    src: &'a str,
    bytes: &'a [u8],
    pos: usize,
    tokens: Vec<Token<'a>>,
    warnings: Vec<LexWarning>,
    brace_count: i64,
    line_start: usize,
    newline_jump: Option<usize>,
    after: After,
    /// The text the last scanner match covered (Ruby's `StringScanner#matched`),
    /// which Puppet quotes in "Unclosed quote after ...".
    matched: Option<(usize, usize)>,
    /// Maps offsets of a heredoc sub-lexer back into the enclosing source.
    offset_map: Option<OffsetMap>,
    /// How many interpolations and heredocs enclose the current position.
    depth: u32,
}

/// The deepest nesting of interpolations (`"${"${...}"}"`) and heredocs; the
/// parser would refuse deeper expressions anyway (it counts several levels
/// for each interpolation).
const MAX_STRING_DEPTH: u32 = super::parser::MAX_DEPTH / 4;

impl<'a> Lexer<'a> {
    fn new(src: &'a str) -> Lexer<'a> {
        Lexer {
            src,
            bytes: src.as_bytes(),
            pos: 0,
            tokens: Vec::new(),
            warnings: Vec::new(),
            brace_count: 0,
            line_start: 0,
            newline_jump: None,
            after: After::Nothing,
            matched: None,
            offset_map: None,
            depth: 0,
        }
    }

    /// One more level of strings within strings.
    fn nest(&mut self, at: usize) -> Result<(), LexError> {
        self.depth += 1;
        if self.depth > MAX_STRING_DEPTH {
            return Err(self.error(
                "NESTING_TOO_DEEP",
                format!(
                    "Strings are nested too deeply (more than {MAX_STRING_DEPTH} levels of interpolation); split the expression into variables"
                ),
                at,
            ));
        }
        Ok(())
    }

    fn error(&self, code: &'static str, message: impl Into<String>, offset: usize) -> LexError {
        LexError {
            code,
            message: message.into(),
            offset: self.global(offset),
        }
    }

    fn global(&self, offset: usize) -> usize {
        match &self.offset_map {
            Some(map) => map.map(offset),
            None => offset,
        }
    }

    fn check_bom(&self) -> Result<(), LexError> {
        let b = self.bytes;
        let bom: Option<(&str, usize)> = if b.starts_with(&[0xEF, 0xBB, 0xBF]) {
            Some(("UTF-8", 3))
        } else if b.starts_with(&[0x00, 0x00, 0xFE, 0xFF])
            || b.starts_with(&[0xFF, 0xFE, 0x00, 0x00])
        {
            Some(("UTF-32", 4))
        } else if b.starts_with(&[0xFE, 0xFF]) || b.starts_with(&[0xFF, 0xFE]) {
            Some(("UTF-16", 2))
        } else {
            None
        };
        if let Some((name, n)) = bom {
            let bytes: Vec<String> = b[..n].iter().map(|x| format!("{x:X}")).collect();
            return Err(LexError {
                code: "ILLEGAL_BOM",
                message: format!(
                    "Illegal {name} Byte Order mark at beginning of input: [{}] - remove these from the puppet source",
                    bytes.join(" ")
                ),
                offset: 0,
            });
        }
        Ok(())
    }

    #[inline]
    fn peek(&self, ahead: usize) -> u8 {
        self.bytes.get(self.pos + ahead).copied().unwrap_or(0)
    }

    #[inline]
    fn push(&mut self, tok: Tok<'a>, start: usize, end: usize) {
        let span = if self.offset_map.is_some() {
            Span::new(self.global(start), self.global(end))
        } else {
            Span::new(start, end)
        };
        self.after = After::of(&tok);
        self.tokens.push(Token { tok, span });
    }

    /// Emits a fixed-length token at the current position.
    #[inline]
    fn emit(&mut self, tok: Tok<'a>, len: usize) {
        let start = self.pos;
        self.pos += len;
        self.push(tok, start, start + len);
    }

    /// Puppet's `skip(PATTERN_WS)`: blanks and `\r`; records the match.
    fn skip_ws(&mut self) {
        let start = self.pos;
        while self.pos < self.bytes.len() {
            let b = self.bytes[self.pos];
            if b == b' ' || b == b'\t' || b == b'\r' {
                self.pos += 1;
            } else if b >= 0x80 {
                match self.src[self.pos..].chars().next() {
                    Some(c) if is_blank_char(c) => self.pos += c.len_utf8(),
                    _ => break,
                }
            } else {
                break;
            }
        }
        self.matched = (self.pos > start).then_some((start, self.pos));
    }

    fn run(&mut self) -> Result<(), LexError> {
        self.skip_ws();
        while self.pos < self.bytes.len() {
            let mark = self.tokens.len();
            if let Err(e) = self.lex_token() {
                self.tokens.truncate(mark);
                return Err(e);
            }
        }
        Ok(())
    }

    /// Lexes one token (or skips whitespace or a comment).
    fn lex_token(&mut self) -> Result<(), LexError> {
        let c = self.bytes[self.pos];
        match c {
            b'a'..=b'z' | b'_' => self.name(),
            b' ' | b'\t' | b'\r' => self.skip_ws(),
            b'\n' => {
                match self.newline_jump.take() {
                    Some(jump) => self.pos = jump,
                    None => self.pos += 1,
                }
                self.line_start = self.pos;
            }
            b'$' => self.dollar(),
            b',' => self.emit(Tok::Comma, 1),
            b'=' => match self.peek(1) {
                b'=' => self.emit(Tok::IsEqual, 2),
                b'>' => self.emit(Tok::FArrow, 2),
                b'~' => self.emit(Tok::Match, 2),
                _ => self.emit(Tok::Equals, 1),
            },
            b'\'' => self.sq_string()?,
            b'"' => self.dq_string()?,
            b'{' => {
                self.brace_count += 1;
                let sel = self.after == After::QMark;
                self.emit(if sel { Tok::SelBrace } else { Tok::LBrace }, 1)
            }
            b'}' => {
                self.brace_count -= 1;
                self.emit(Tok::RBrace, 1)
            }
            b'A'..=b'Z' => self.classref()?,
            b'#' => {
                let start = self.pos;
                self.pos = match memchr(b'\n', &self.bytes[start..]) {
                    Some(i) => start + i,
                    None => self.bytes.len(),
                };
                self.matched = Some((start, self.pos));
            }
            b'.' => self.emit(Tok::Dot, 1),
            b'[' => {
                let list = match self.pos {
                    0 => true,
                    p => match self.bytes[p - 1] {
                        b' ' | b'\t' | b'\r' | b'\n' => true,
                        b if b < 0x80 => false,
                        _ => self.src[..p].chars().next_back().is_some_and(is_blank_char),
                    },
                };
                self.emit(if list { Tok::ListStart } else { Tok::LBrack }, 1)
            }
            b']' => self.emit(Tok::RBrack, 1),
            b'(' => {
                let ls = self.line_start.min(self.pos);
                let ws = self.src[ls..self.pos]
                    .chars()
                    .all(|c| c == '\r' || is_blank_char(c));
                self.emit(if ws { Tok::WsLParen } else { Tok::LParen }, 1)
            }
            b')' => self.emit(Tok::RParen, 1),
            b';' => self.emit(Tok::Semic, 1),
            b':' => self.colon()?,
            b'0'..=b'9' => self.number()?,
            b'-' => match self.peek(1) {
                b'>' => self.emit(Tok::InEdge, 2),
                b'=' => self.emit(Tok::Deletes, 2),
                _ => self.emit(Tok::Minus, 1),
            },
            b'?' => self.emit(Tok::QMark, 1),
            b'*' => self.emit(Tok::Times, 1),
            b'%' => self.emit(Tok::Modulo, 1),
            b'@' => match self.peek(1) {
                b'@' => self.emit(Tok::AtAt, 2),
                b'(' => self.heredoc()?,
                _ => self.emit(Tok::At, 1),
            },
            b'|' => {
                if self.peek(1) == b'>' {
                    if self.peek(2) == b'>' {
                        self.emit(Tok::RRCollect, 3)
                    } else {
                        self.emit(Tok::RCollect, 2)
                    }
                } else {
                    self.emit(Tok::Pipe, 1)
                }
            }
            b'+' => match self.peek(1) {
                b'=' => self.emit(Tok::Appends, 2),
                b'>' => self.emit(Tok::PArrow, 2),
                _ => self.emit(Tok::Plus, 1),
            },
            b'!' => match self.peek(1) {
                b'=' => self.emit(Tok::NotEqual, 2),
                b'~' => self.emit(Tok::NoMatch, 2),
                _ => self.emit(Tok::Not, 1),
            },
            b'~' => {
                if self.peek(1) == b'>' {
                    self.emit(Tok::InEdgeSub, 2)
                } else {
                    self.emit(Tok::Tilde, 1)
                }
            }
            b'/' => self.slash()?,
            b'<' => match self.peek(1) {
                b'<' => {
                    if self.peek(2) == b'|' {
                        self.emit(Tok::LLCollect, 3)
                    } else {
                        self.emit(Tok::LShift, 2)
                    }
                }
                b'=' => self.emit(Tok::LessEqual, 2),
                b'|' => self.emit(Tok::LCollect, 2),
                b'-' => self.emit(Tok::OutEdge, 2),
                b'~' => self.emit(Tok::OutEdgeSub, 2),
                _ => self.emit(Tok::LessThan, 1),
            },
            b'>' => match self.peek(1) {
                b'>' => self.emit(Tok::RShift, 2),
                b'=' => self.emit(Tok::GreaterEqual, 2),
                _ => self.emit(Tok::GreaterThan, 1),
            },
            _ => {
                let ch = self.src[self.pos..].chars().next().unwrap_or('\0');
                if is_blank_char(ch) {
                    self.skip_ws();
                } else {
                    self.matched = None;
                    let len = ch.len_utf8();
                    self.emit(Tok::Other(ch), len);
                }
            }
        }
        Ok(())
    }

    fn slash(&mut self) -> Result<(), LexError> {
        let start = self.pos;
        if self.peek(1) == b'*' {
            match self.src[start + 2..].find("*/") {
                Some(i) => {
                    self.pos = start + 2 + i + 2;
                    self.matched = Some((start, self.pos));
                    return Ok(());
                }
                None => {
                    self.matched = None;
                    return Err(self.error(
                        "UNCLOSED_MLCOMMENT",
                        "Unclosed multiline comment",
                        start,
                    ));
                }
            }
        }
        if self.after == After::Operand {
            self.emit(Tok::Div, 1);
            return Ok(());
        }
        let Some(i) = memchr(b'/', &self.bytes[start + 1..]) else {
            self.matched = None;
            self.emit(Tok::Div, 1);
            return Ok(());
        };
        let mut end = start + 1 + i; // index of the closing slash
        while escaped_end(&self.bytes[start + 1..end]) {
            match memchr(b'/', &self.bytes[end + 1..]) {
                Some(j) => end = end + 1 + j,
                None => {
                    self.matched = None;
                    self.emit(Tok::Div, 1);
                    return Ok(());
                }
            }
        }
        self.matched = Some((start, end + 1));
        let raw = &self.src[start + 1..end];
        let body: Cow<'a, str> = if raw.contains("\\/") {
            Cow::Owned(raw.replace("\\/", "/"))
        } else {
            Cow::Borrowed(raw)
        };
        if let Err(problem) = onig::check(&body) {
            return Err(self.error(
                "ILLEGAL_REGEXP",
                format!("{problem}: /{}/", escape_slashes(&body)),
                start,
            ));
        }
        self.pos = end + 1;
        self.push(Tok::Regex(body), start, end + 1);
        Ok(())
    }

    fn colon(&mut self) -> Result<(), LexError> {
        let start = self.pos;
        if self.peek(1) != b':' {
            self.emit(Tok::Colon, 1);
            return Ok(());
        }
        if self.peek(2).is_ascii_uppercase() {
            let end = scan_classref(self.bytes, start);
            self.matched = Some((start, end));
            if !self.src[end..].starts_with("::") {
                self.pos = end;
                self.push(
                    Tok::ClassRef(Cow::Borrowed(&self.src[start..end])),
                    start,
                    end,
                );
                Ok(())
            } else {
                Err(self.error(
                    "ILLEGAL_FULLY_QUALIFIED_CLASS_REFERENCE",
                    "Illegal fully qualified class reference",
                    end + 3,
                ))
            }
        } else {
            let (end, name) = scan_bare_word(self.bytes, start);
            if end > start {
                self.matched = Some((start, end));
                let value = &self.src[start..end];
                self.pos = end;
                let tok = if name {
                    Tok::Name(Cow::Borrowed(value))
                } else {
                    Tok::Word(Cow::Borrowed(value))
                };
                self.push(tok, start, end);
                Ok(())
            } else {
                self.matched = None;
                Err(self.error(
                    "ILLEGAL_FULLY_QUALIFIED_NAME",
                    "Illegal fully qualified name",
                    start + 2,
                ))
            }
        }
    }

    fn dollar(&mut self) {
        let start = self.pos;
        match scan_dollar_var(self.bytes, start + 1) {
            Some(end) => {
                self.matched = Some((start, end));
                self.pos = end;
                self.push(
                    Tok::Variable(Cow::Borrowed(&self.src[start + 1..end])),
                    start,
                    end,
                );
            }
            None => {
                self.matched = None;
                self.emit(Tok::Variable(Cow::Borrowed("")), 1)
            }
        }
    }

    fn name(&mut self) {
        let start = self.pos;
        let (end, name) = scan_bare_word(self.bytes, start);
        let value = &self.src[start..end];
        let tok = if name {
            Tok::keyword(value).unwrap_or(Tok::Name(Cow::Borrowed(value)))
        } else {
            Tok::Word(Cow::Borrowed(value))
        };
        self.matched = Some((start, end));
        self.pos = end;
        self.push(tok, start, end);
    }

    fn classref(&mut self) -> Result<(), LexError> {
        let start = self.pos;
        let end = scan_classref(self.bytes, start);
        self.matched = Some((start, end));
        if self.src[end..].starts_with("::") {
            return Err(self.error(
                "ILLEGAL_CLASS_REFERENCE",
                "Illegal class reference",
                end + 1,
            ));
        }
        self.pos = end;
        self.push(
            Tok::ClassRef(Cow::Borrowed(&self.src[start..end])),
            start,
            end,
        );
        Ok(())
    }

    fn number(&mut self) -> Result<(), LexError> {
        let start = self.pos;
        if let Some(end) = match_number(self.bytes, start) {
            let value = &self.src[start..end];
            assert_numeric(value).map_err(|(code, msg)| self.error(code, msg, start))?;
            self.matched = Some((start, end));
            self.pos = end;
            self.push(Tok::Number(Cow::Borrowed(value)), start, end);
            return Ok(());
        }
        // Not a number: report the offending text as Puppet does.
        let mut before = start;
        let mut word_end = start;
        while word_end < self.bytes.len() && is_word_byte(self.bytes[word_end]) {
            word_end += 1;
        }
        let mut invalid = &self.src[start..word_end];
        if start > 1 && self.bytes[start - 1] == b'.' {
            let mut p = start - 1;
            let mut moved = false;
            while p > 0 && self.bytes[p - 1].is_ascii_digit() {
                p -= 1;
                moved = true;
            }
            if moved {
                before = p;
                invalid = &self.src[before..word_end];
            }
        }
        let (code, msg) = assert_numeric(invalid)
            .err()
            .unwrap_or(("ILLEGAL_NUMBER", format!("Illegal number '{invalid}'")));
        Err(self.error(code, msg, before))
    }

    fn sq_string(&mut self) -> Result<(), LexError> {
        let start = self.pos;
        let b = self.bytes;
        let mut i = start + 1;
        let mut escaped = false;
        loop {
            let Some(off) = memchr2(b'\'', b'\\', &b[i..]) else {
                self.matched = None;
                return Err(self.error(
                    "UNCLOSED_QUOTE",
                    format!(
                        "Unclosed quote after \"'\" followed by '{}'",
                        followed_by(&self.src[start + 1..])
                    ),
                    start + 1,
                ));
            };
            i += off;
            if b[i] == b'\\' {
                if i + 1 < b.len() && (b[i + 1] == b'\\' || b[i + 1] == b'\'') {
                    escaped = true;
                    i += 2;
                } else {
                    i += 1;
                }
                continue;
            }
            break;
        }
        // `i` is the closing quote.
        if i == start + 1
            && let Some(j) = shifted_terminator(b, i, |j| b.get(j) == Some(&b'\''))
        {
            escaped |= j > i + 1;
            i = j;
        }
        let raw = &self.src[start + 1..i];
        let value = if escaped {
            let mut out = String::with_capacity(raw.len());
            let rb = raw.as_bytes();
            let mut j = 0;
            let mut seg = 0;
            while j < rb.len() {
                if rb[j] == b'\\' && j + 1 < rb.len() && (rb[j + 1] == b'\\' || rb[j + 1] == b'\'')
                {
                    out.push_str(&raw[seg..j]);
                    out.push(rb[j + 1] as char);
                    j += 2;
                    seg = j;
                } else {
                    j += 1;
                }
            }
            out.push_str(&raw[seg..]);
            Cow::Owned(out)
        } else {
            Cow::Borrowed(raw)
        };
        self.matched = Some((terminator_match_start(b, start + 1, i), i + 1));
        self.pos = i + 1;
        self.push(Tok::Str(value), start, i + 1);
        Ok(())
    }

    /// Scans string text from `self.pos` up to a terminator (Puppet's `slurp`),
    /// processing escapes. `None` when a double-quoted string does not end.
    fn slurp(&mut self, mode: StringMode) -> Result<Option<(Cow<'a, str>, Terminator)>, LexError> {
        let b = self.bytes;
        let start = self.pos;
        let escapes = mode.escapes;
        // A backslash hides the next character from the terminator search in
        // double-quoted strings and in heredocs that escape `$`; without the `$`
        // escape every `$` interpolates.
        let hides = mode.dq || (mode.interpolate && escapes.dollar);
        let mut i = start;
        let mut has_backslash = false;
        let (text_end, term, term_len) = loop {
            // Jump to the next byte that can matter.
            if i < b.len() {
                let next = match (mode.dq, mode.interpolate) {
                    (true, _) => memchr3(b'\\', b'"', b'$', &b[i..]),
                    (false, true) => memchr2(b'\\', b'$', &b[i..]),
                    (false, false) => memchr(b'\\', &b[i..]),
                };
                i = next.map_or(b.len(), |n| i + n);
            }
            if i >= b.len() {
                if mode.dq {
                    self.matched = None;
                    return Ok(None);
                }
                break (b.len(), Terminator::End, 0);
            }
            match b[i] {
                b'\\' => {
                    has_backslash = true;
                    i += if hides { 2 } else { 1 };
                }
                b'"' if mode.dq => break (i, Terminator::Quote, 1),
                b'$' if mode.interpolate => {
                    if b.get(i + 1) == Some(&b'{') {
                        break (i, Terminator::DollarBrace, 2);
                    }
                    break (i, Terminator::Dollar, 1);
                }
                _ => i += 1,
            }
        };
        let (mut text_end, mut term, mut term_len) = (text_end.min(b.len()), term, term_len);
        if hides && text_end == start && text_end < b.len() {
            let is_term = |j: usize| {
                if j >= b.len() {
                    !mode.dq
                } else {
                    (mode.dq && b[j] == b'"') || (mode.interpolate && b[j] == b'$')
                }
            };
            if let Some(j) = shifted_terminator(b, start, is_term) {
                has_backslash |= j > start + 1;
                text_end = j;
                (term, term_len) = match b.get(j) {
                    None => (Terminator::End, 0),
                    Some(b'"') => (Terminator::Quote, 1),
                    _ if b.get(j + 1) == Some(&b'{') => (Terminator::DollarBrace, 2),
                    _ => (Terminator::Dollar, 1),
                };
            }
        }
        let end = (text_end + term_len).min(b.len());
        self.matched = Some(if hides && term != Terminator::End {
            (terminator_match_start(b, start, text_end), end)
        } else {
            (text_end, end)
        });
        self.pos = end;
        let raw = &self.src[start..text_end];
        let value = if has_backslash && escapes.any() {
            Cow::Owned(self.unescape(raw, start, escapes)?)
        } else {
            Cow::Borrowed(raw)
        };
        Ok(Some((value, term)))
    }

    /// Processes the escapes of string text starting at `base` in the source.
    fn unescape(&mut self, raw: &str, base: usize, e: Escapes) -> Result<String, LexError> {
        let rb = raw.as_bytes();
        let mut out = String::with_capacity(raw.len());
        let mut i = 0;
        let mut seg = 0;
        while i < rb.len() {
            if rb[i] != b'\\' || i + 1 >= rb.len() {
                i += 1;
                continue;
            }
            out.push_str(&raw[seg..i]);
            let next = rb[i + 1];
            let consumed = if next == b'u' && e.u {
                match unicode_escape(&raw[i + 2..]) {
                    Some((len, Some(ch))) => {
                        out.push(ch);
                        2 + len
                    }
                    Some((len, None)) => {
                        // Ruby builds an invalid string and fails with this message.
                        let _ = len;
                        return Err(self.error(
                            "ILLEGAL_UNICODE_ESCAPE",
                            "invalid byte sequence in UTF-8",
                            base + i,
                        ));
                    }
                    None => {
                        self.warnings.push(LexWarning {
                            code: "ILLEGAL_UNICODE_ESCAPE",
                            message: "Unicode escape '\\u' was not followed by 4 hex digits or 1-6 hex digits in {} or was > 10ffff".into(),
                            offset: self.global(base + i),
                        });
                        out.push_str("\\u");
                        2
                    }
                }
            } else if next == b'\n' && e.newline {
                2
            } else if next == b'\r' && rb.get(i + 2) == Some(&b'\n') && e.newline {
                3
            } else {
                let text = match next {
                    b'\\' if e.backslash => Some('\\'),
                    b'$' if e.dollar => Some('$'),
                    b'\'' if e.single_quote => Some('\''),
                    b'"' if e.double_quote => Some('"'),
                    b'r' if e.r => Some('\r'),
                    b'n' if e.n => Some('\n'),
                    b't' if e.t => Some('\t'),
                    b's' if e.s => Some(' '),
                    _ => None,
                };
                match text {
                    Some(t) => {
                        out.push(t);
                        2
                    }
                    None => {
                        // Unrecognized: keep the backslash and the character.
                        let ch = raw[i + 1..].chars().next().unwrap_or('\\');
                        if e.warn && ch != '\n' && ch != '\r' {
                            self.warnings.push(LexWarning {
                                code: "UNRECOGNIZED_ESCAPE",
                                message: format!("Unrecognized escape sequence '\\{ch}'"),
                                offset: self.global(base + i),
                            });
                        }
                        out.push('\\');
                        out.push(ch);
                        1 + ch.len_utf8()
                    }
                }
            };
            i += consumed;
            seg = i;
        }
        out.push_str(&raw[seg.min(raw.len())..]);
        Ok(out)
    }

    fn dq_string(&mut self) -> Result<(), LexError> {
        let start = self.pos;
        self.pos += 1;
        self.matched = Some((start, start + 1));
        let mode = StringMode {
            escapes: Escapes::DQ,
            dq: true,
            interpolate: true,
        };
        self.interpolate(start, mode)
    }

    fn unclosed_quote(&self, matched: Option<(usize, usize)>, at: usize) -> LexError {
        let after = match matched {
            Some((s, e)) if &self.src[s..e] == "'" => "\"'\"".to_string(),
            Some((s, e)) => format!("'{}'", &self.src[s..e]),
            None => "''".to_string(),
        };
        self.error(
            "UNCLOSED_QUOTE",
            format!(
                "Unclosed quote after {after} followed by '{}'",
                followed_by(&self.src[at..])
            ),
            at,
        )
    }

    /// Lexes string text with interpolation from `self.pos` (Puppet's
    /// `interpolate_dq`/`interpolate_uq` and their tails); `start` is where the
    /// string's first token begins.
    fn interpolate(&mut self, start: usize, mode: StringMode) -> Result<(), LexError> {
        let after_before = self.after;
        let mut seg_start = start;
        let mut first = true;
        let mut braced = false;
        let mut text: Option<Cow<'a, str>> = None;
        loop {
            let before_slurp = self.pos;
            let last_matched = self.matched;
            let Some((value, term)) = self.slurp(mode)? else {
                return Err(self.unclosed_quote(last_matched, before_slurp));
            };
            text = Some(match text {
                None => value,
                Some(t) => Cow::Owned(t.into_owned() + &value),
            });
            match term {
                Terminator::Quote | Terminator::End => {
                    let end = self.pos;
                    let t = text.take().unwrap_or_default();
                    let tok = if first { Tok::Str(t) } else { Tok::DqPost(t) };
                    self.push(tok, seg_start, end);
                    self.after = After::Operand;
                    return Ok(());
                }
                Terminator::DollarBrace => {
                    let end = self.pos;
                    let t = text.take().unwrap_or_default();
                    let tok = if first { Tok::DqPre(t) } else { Tok::DqMid(t) };
                    self.push(tok, seg_start, end);
                    self.after = if braced { After::Other } else { after_before };
                    first = false;
                    braced = true;
                    let count = self.brace_count;
                    self.brace_count += 1;
                    self.nest(end)?;
                    self.lex_until_brace(count)?;
                    self.depth -= 1;
                    seg_start = self.pos;
                }
                Terminator::Dollar => {
                    let dollar = self.pos - 1;
                    match scan_dollar_var(self.bytes, self.pos) {
                        Some(end) => {
                            self.matched = Some((self.pos, end));
                            let t = text.take().unwrap_or_default();
                            let tok = if first { Tok::DqPre(t) } else { Tok::DqMid(t) };
                            self.push(tok, seg_start, dollar);
                            first = false;
                            let name = &self.src[self.pos..end];
                            self.push(Tok::Variable(Cow::Borrowed(name)), dollar, end);
                            self.pos = end;
                            seg_start = end;
                        }
                        None => {
                            self.matched = None;
                            let t = text.take().unwrap_or_default();
                            text = Some(Cow::Owned(t.into_owned() + "$"));
                        }
                    }
                }
            }
        }
    }

    /// Lexes the tokens of an interpolated `${...}` up to its closing brace
    /// (Puppet's `enqueue_until`); at the end of input it just stops.
    fn lex_until_brace(&mut self, count: i64) -> Result<(), LexError> {
        let first_index = self.tokens.len();
        self.skip_ws();
        while self.pos < self.bytes.len() {
            let before = self.tokens.len();
            self.lex_token()?;
            if self.tokens.len() > before {
                if self.tokens[before].tok == Tok::RBrace && self.brace_count == count {
                    self.tokens.truncate(before);
                    let n = self.tokens.len() - first_index;
                    if n == 1
                        || n > 1
                            && matches!(self.tokens[first_index + 1].tok, Tok::Dot | Tok::LBrack)
                    {
                        to_variable(&mut self.tokens[first_index]);
                    }
                    return Ok(());
                }
            } else {
                self.skip_ws();
            }
        }
        Ok(())
    }

    fn heredoc(&mut self) -> Result<(), LexError> {
        let start = self.pos;
        let close = match memchr(b')', &self.bytes[start..]) {
            Some(i) => start + i,
            None => {
                return Err(self.error(
                    "HEREDOC_UNCLOSED_PARENTHESIS",
                    format!(
                        "Unclosed parenthesis after '@(' followed by '{}'",
                        followed_by(&self.src[start..])
                    ),
                    start,
                ));
            }
        };
        let after_paren = close + 1;
        let spec = &self.src[start + 2..close];
        let parsed = parse_heredoc_spec(spec).ok_or_else(|| {
            self.error(
                "HEREDOC_INVALID_SYNTAX",
                "Invalid syntax in heredoc expected @(endtag[:syntax][/escapes])",
                after_paren,
            )
        })?;
        let (tag, syntax, escape_spec) = parsed;
        let mut tag = tag.trim_matches(is_ruby_space);
        let mut interpolating = false;
        if tag.len() >= 2 && tag.starts_with('"') && tag.ends_with('"') {
            interpolating = true;
            tag = tag[1..tag.len() - 1].trim_matches(is_ruby_space);
        }
        if tag.is_empty() {
            return Err(self.error(
                "HEREDOC_EMPTY_ENDTAG",
                "Heredoc with an empty endtag",
                after_paren,
            ));
        }
        let mut escapes = Escapes::NONE;
        if let Some(spec) = escape_spec {
            let spec = if spec.is_empty() { "trnsuL$" } else { spec };
            let mut seen = Vec::new();
            for ch in spec.chars() {
                if seen.contains(&ch) {
                    let list: Vec<String> = spec.chars().map(|c| c.to_string()).collect();
                    return Err(self.error(
                        "HEREDOC_MULTIPLE_AT_ESCAPES",
                        format!(
                            "An escape char for @() may only appear once. Got '{}'",
                            list.join(", ")
                        ),
                        after_paren,
                    ));
                }
                seen.push(ch);
            }
            escapes.backslash = true;
            for ch in spec.chars() {
                match ch {
                    't' => escapes.t = true,
                    'r' => escapes.r = true,
                    'n' => escapes.n = true,
                    's' => escapes.s = true,
                    'u' => escapes.u = true,
                    '$' => escapes.dollar = true,
                    'L' => escapes.newline = true,
                    other => {
                        return Err(self.error(
                            "HEREDOC_INVALID_ESCAPE",
                            format!("Invalid heredoc escape char. Only t, r, n, s,  u, L, $ allowed. Got '{other}'"),
                            after_paren,
                        ));
                    }
                }
            }
        }
        self.push(Tok::Heredoc(Cow::Borrowed(syntax)), start, after_paren);

        // The text starts on the line after this one (or after an earlier heredoc's text).
        let text_start = match self.newline_jump {
            Some(j) => j,
            None => match memchr(b'\n', &self.bytes[after_paren..]) {
                Some(i) => after_paren + i + 1,
                None => {
                    return Err(self.error(
                        "HEREDOC_WITHOUT_TEXT",
                        "Heredoc without any following lines of text",
                        after_paren,
                    ));
                }
            },
        };
        let mut lines: Vec<(usize, usize)> = Vec::new(); // (start, end incl. newline)
        let mut p = text_start;
        let mut found: Option<(&str, bool, bool, usize)> = None; // (leading, margin, trim, next pos)
        while p < self.bytes.len() {
            let line_end = match memchr(b'\n', &self.bytes[p..]) {
                Some(i) => p + i + 1,
                None => self.bytes.len(),
            };
            let line = &self.src[p..line_end];
            if line.contains(tag)
                && let Some(m) = match_end_tag(line, tag)
            {
                found = Some((m.0, m.1, m.2, line_end));
                break;
            }
            lines.push((p, line_end));
            p = line_end;
        }
        let Some((leading, has_margin, trim, next)) = found else {
            return Err(self.error(
                "HEREDOC_WITHOUT_END_TAGGED_LINE",
                "Heredoc without end-tagged line",
                text_start,
            ));
        };
        // Build the text, removing the margin, with an offset map back into the source.
        let mut text = String::new();
        let mut map = Vec::with_capacity(lines.len());
        for (ls, le) in &lines {
            let line = &self.src[*ls..*le];
            let cut = if has_margin && !leading.is_empty() && line.starts_with(leading) {
                leading.len()
            } else {
                0
            };
            map.push((text.len(), self.global(ls + cut)));
            text.push_str(&line[cut..]);
        }
        if trim {
            if text.ends_with("\r\n") {
                text.truncate(text.len() - 2);
            } else if text.ends_with('\n') {
                text.truncate(text.len() - 1);
            }
        }
        self.newline_jump = Some(next);
        self.matched = Some((next.saturating_sub(1), next));

        self.nest(start)?;
        let mut sub = Lexer::new(&text);
        sub.depth = self.depth;
        self.depth -= 1;
        sub.offset_map = Some(OffsetMap {
            lines: map,
            start: self.global(text_start),
            end: self.global(next),
        });
        let mode = StringMode {
            escapes,
            dq: false,
            interpolate: interpolating,
        };
        sub.interpolate(0, mode)?;
        self.warnings.append(&mut sub.warnings);
        self.tokens.extend(sub.tokens.into_iter().map(|t| Token {
            tok: t.tok.into_owned(),
            span: t.span,
        }));
        self.after = After::Operand;
        self.pos = after_paren;
        Ok(())
    }
}

/// Ruby's `String#strip` set: whitespace and NUL.
fn is_ruby_space(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | '\u{0b}' | '\u{0c}' | '\r' | '\0')
}

/// Where Puppet's slurp pattern `(?:[^\\]|^)(?:[\\]{2})*<terminator>` starts
/// its match for a terminator at `term`, scanning from `from`.
fn terminator_match_start(b: &[u8], from: usize, term: usize) -> usize {
    let mut s = term;
    while s > from && b[s - 1] == b'\\' {
        s -= 1;
    }
    if s > from { s - 1 } else { s }
}

/// Puppet's slurp patterns begin with `(?:[^\\]|^)(?:[\\]{2})*`, so when the
/// scan starts right at a terminator, that first character is taken as text if
/// another terminator follows it (after an even run of backslashes): `"""` is
/// the string `"`. Returns the position of that later terminator.
fn shifted_terminator(b: &[u8], p: usize, is_term: impl Fn(usize) -> bool) -> Option<usize> {
    let mut j = p + 1;
    while b.get(j) == Some(&b'\\') && b.get(j + 1) == Some(&b'\\') {
        j += 2;
    }
    is_term(j).then_some(j)
}

/// `/` in a regex's text as Ruby shows it (`\/`).
fn escape_slashes(s: &str) -> Cow<'_, str> {
    if s.contains('/') {
        let mut out = String::with_capacity(s.len() + 4);
        let mut escaped = false;
        for c in s.chars() {
            if c == '/' && !escaped {
                out.push('\\');
            }
            escaped = c == '\\' && !escaped;
            out.push(c);
        }
        Cow::Owned(out)
    } else {
        Cow::Borrowed(s)
    }
}

use memchr::{memchr, memchr2, memchr3};

/// Whether the text before a closing slash ends with an escaped slash.
fn escaped_end(body: &[u8]) -> bool {
    let n = body.iter().rev().take_while(|b| **b == b'\\').count();
    n % 2 == 1
}

fn followed_by(rest: &str) -> String {
    if rest.is_empty() {
        return "<eof>".to_string();
    }
    let head: String = rest.chars().take(5).collect();
    format!("{head}...")
        .replace('\t', "\\t")
        .replace('\n', "\\n")
        .replace('\r', "\\r")
}

/// `\uXXXX` or `\u{X...}` after the `\u`: (bytes consumed after `\u`, the
/// character, or `None` when the code point is not a character).
fn unicode_escape(rest: &str) -> Option<(usize, Option<char>)> {
    let b = rest.as_bytes();
    if b.first() == Some(&b'{') {
        let n = b[1..].iter().take_while(|c| c.is_ascii_hexdigit()).count();
        if n == 0 || n > 6 || b.get(1 + n) != Some(&b'}') {
            return None;
        }
        let cp = u32::from_str_radix(&rest[1..1 + n], 16).ok()?;
        return Some((n + 2, char::from_u32(cp)));
    }
    if b.len() >= 4 && b[..4].iter().all(|c| c.is_ascii_hexdigit()) {
        let cp = u32::from_str_radix(&rest[..4], 16).ok()?;
        return Some((4, char::from_u32(cp)));
    }
    None
}

/// Turns a lone name, number or keyword in `${...}` into a variable.
fn to_variable(token: &mut Token<'_>) {
    let name = match &mut token.tok {
        Tok::Name(s) | Tok::Word(s) | Tok::Number(s) => std::mem::take(s),
        other => match other.keyword_text() {
            Some(k) => Cow::Borrowed(k),
            None => return,
        },
    };
    token.tok = Tok::Variable(name);
}

/// Puppet's NAME rule: `(::)?[a-z]\w*(::[a-z]\w*)*`.
pub fn is_name(s: &str) -> bool {
    let s = s.strip_prefix("::").unwrap_or(s);
    !s.is_empty()
        && s.split("::").all(|seg| {
            let b = seg.as_bytes();
            !b.is_empty() && b[0].is_ascii_lowercase() && b.iter().all(|c| is_word_byte(*c))
        })
}

/// `((::)?[A-Z]\w*)+` from `start`; returns the end (== start when no match).
fn scan_classref(b: &[u8], start: usize) -> usize {
    let mut i = start;
    let mut end = start;
    loop {
        let mut j = i;
        if b.get(j) == Some(&b':') && b.get(j + 1) == Some(&b':') {
            j += 2;
        }
        if !b.get(j).is_some_and(|c| c.is_ascii_uppercase()) {
            break;
        }
        j += 1;
        while b.get(j).is_some_and(|c| is_word_byte(*c)) {
            j += 1;
        }
        end = j;
        i = j;
    }
    end
}

/// `((::)?[a-z_]([\w-]*\w)?)+` from `start`: the end, and whether the word is
/// also a NAME (`(::)?[a-z]\w*(::[a-z]\w*)*`: no `-`, no segment starting with `_`).
fn scan_bare_word(b: &[u8], start: usize) -> (usize, bool) {
    let mut i = start;
    let mut end = start;
    let mut name = true;
    loop {
        let mut j = i;
        if b.get(j) == Some(&b':') && b.get(j + 1) == Some(&b':') {
            j += 2;
        }
        match b.get(j) {
            Some(c) if c.is_ascii_lowercase() => {}
            Some(b'_') => name = false,
            _ => break,
        }
        j += 1;
        let mut last_word = j;
        while let Some(c) = b.get(j) {
            if is_word_byte(*c) {
                j += 1;
                last_word = j;
            } else if *c == b'-' {
                j += 1;
            } else {
                break;
            }
        }
        if b[i..last_word].contains(&b'-') {
            name = false;
        }
        end = last_word;
        i = last_word;
    }
    (end, name)
}

/// `$` variable: `(::)?(\w+::)*\w+` after the `$`.
fn scan_dollar_var(b: &[u8], start: usize) -> Option<usize> {
    let mut i = start;
    if b.get(i) == Some(&b':') && b.get(i + 1) == Some(&b':') {
        i += 2;
    }
    let mut end = None;
    loop {
        let ws = i;
        while b.get(i).is_some_and(|c| is_word_byte(*c)) {
            i += 1;
        }
        if i == ws {
            break;
        }
        end = Some(i);
        if b.get(i) == Some(&b':') && b.get(i + 1) == Some(&b':') {
            i += 2;
        } else {
            break;
        }
    }
    end
}

/// Puppet's number pattern anchored at `start`.
fn match_number(b: &[u8], start: usize) -> Option<usize> {
    if start > 0 && is_word_byte(b[start - 1]) {
        return None;
    }
    let boundary = |i: usize| !b.get(i).is_some_and(|c| is_word_byte(*c));
    let digits = |mut i: usize| {
        let s = i;
        while b.get(i).is_some_and(|c| c.is_ascii_digit()) {
            i += 1;
        }
        (i > s).then_some(i)
    };
    if b.get(start) == Some(&b'0') && matches!(b.get(start + 1), Some(b'x' | b'X')) {
        let mut i = start + 2;
        while b.get(i).is_some_and(|c| c.is_ascii_hexdigit()) {
            i += 1;
        }
        if i > start + 2 && boundary(i) {
            return Some(i);
        }
    }
    let int_end = digits(start)?;
    if !matches!(b.get(int_end), Some(b'.' | b'e' | b'E')) {
        return boundary(int_end).then_some(int_end);
    }
    let frac_end = if b.get(int_end) == Some(&b'.') {
        digits(int_end + 1)
    } else {
        None
    };
    let exp = |from: usize| -> Option<usize> {
        if !matches!(b.get(from), Some(b'e' | b'E')) {
            return None;
        }
        let mut i = from + 1;
        if b.get(i) == Some(&b'-') {
            i += 1;
        }
        digits(i)
    };
    let mut candidates = [None; 4];
    if let Some(f) = frac_end {
        candidates[0] = exp(f);
        candidates[1] = Some(f);
    }
    candidates[2] = exp(int_end);
    candidates[3] = Some(int_end);
    candidates.into_iter().flatten().find(|e| boundary(*e))
}

/// Puppet's checks of a lexed number's form.
fn assert_numeric(value: &str) -> Result<(), (&'static str, String)> {
    let b = value.as_bytes();
    if b.len() >= 2 && b[0] == b'0' && (b[1] == b'x' || b[1] == b'X') {
        if b.len() > 2 && b[2..].iter().all(|c| c.is_ascii_hexdigit()) {
            return Ok(());
        }
        return Err((
            "INVALID_HEX_NUMBER",
            format!("Not a valid hex number {value}"),
        ));
    }
    if b.len() >= 2 && b[0] == b'0' && b[1] != b'.' {
        if b[1..].iter().all(|c| (b'0'..=b'7').contains(c)) {
            return Ok(());
        }
        return Err((
            "INVALID_OCTAL_NUMBER",
            format!("Not a valid octal number {value}"),
        ));
    }
    let lead = b.iter().take_while(|c| c.is_ascii_digit()).count();
    if lead > 0 && lead < b.len() && matches!(b[lead], b'e' | b'E' | b'.') {
        if match_number(b, 0) == Some(b.len()) {
            return Ok(());
        }
        return Err((
            "INVALID_DECIMAL_NUMBER",
            format!("Not a valid decimal number {value}"),
        ));
    }
    if lead == b.len() && lead > 0 {
        return Ok(());
    }
    Err(("ILLEGAL_NUMBER", format!("Illegal number '{value}'")))
}

/// Parses the inside of `@(...)`: (tag, syntax, escapes).
fn parse_heredoc_spec(spec: &str) -> Option<(&str, &str, Option<&str>)> {
    // Puppet: ([^:/\r\n\)]+)(?::[[:blank:]]*([a-z][a-zA-Z0-9_+]+)[[:blank:]]*)?(?:/((?:\w|[$])*)[[:blank:]]*)?
    let tag_end = spec.find([':', '/', '\r', '\n']).unwrap_or(spec.len());
    let tag = &spec[..tag_end];
    if tag.is_empty() {
        return None;
    }
    let mut rest = &spec[tag_end..];
    let mut syntax = "";
    if let Some(r) = rest.strip_prefix(':') {
        let r = r.trim_start_matches(is_blank_char);
        let n = r
            .char_indices()
            .take_while(|(i, c)| {
                if *i == 0 {
                    c.is_ascii_lowercase()
                } else {
                    c.is_ascii_alphanumeric() || *c == '_' || *c == '+'
                }
            })
            .count();
        if n < 2 {
            return None;
        }
        syntax = &r[..n];
        rest = r[n..].trim_start_matches(is_blank_char);
    }
    let mut escapes = None;
    if let Some(r) = rest.strip_prefix('/') {
        let n = r
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == '$')
            .count();
        escapes = Some(&r[..n]);
        rest = r[n..].trim_start_matches(is_blank_char);
    }
    if !rest.is_empty() {
        return None;
    }
    Some((tag, syntax, escapes))
}

/// Whether a line holds the heredoc's end tag: (the blanks before it, `|`, `-`).
///
/// Puppet's end-tag pattern is not anchored at the line start: the tag must end
/// the line (but for blanks), preceded by optional `-`, `|` and blanks.
fn match_end_tag<'l>(line: &'l str, tag: &str) -> Option<(&'l str, bool, bool)> {
    let body = line.strip_suffix('\n').unwrap_or(line);
    let body = body.strip_suffix('\r').unwrap_or(body);
    let trimmed = body.trim_end_matches(is_blank_char);
    let before_tag = trimmed.strip_suffix(tag)?;
    let back_over_blanks = |mut k: usize| {
        while k > 0 {
            match before_tag[..k].chars().next_back() {
                Some(c) if is_blank_char(c) => k -= c.len_utf8(),
                _ => break,
            }
        }
        k
    };
    let k = before_tag.len();
    let k3 = back_over_blanks(k);
    let trim = before_tag[..k3].ends_with('-');
    let (k2, lead_end_no_margin) = if trim {
        let k2 = back_over_blanks(k3 - 1);
        (k2, k3 - 1)
    } else {
        (k3, k)
    };
    if before_tag[..k2].ends_with('|') {
        let k1 = back_over_blanks(k2 - 1);
        return Some((&before_tag[k1..k2 - 1], true, trim));
    }
    let leading_start = if trim { k2 } else { k3 };
    Some((&before_tag[leading_start..lead_end_no_margin], false, trim))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(src: &str) -> Vec<Tok<'_>> {
        tokenize(src)
            .map(|(t, _)| t.into_iter().map(|t| t.tok).collect())
            .unwrap_or_default()
    }

    fn s(v: &str) -> Cow<'_, str> {
        Cow::Borrowed(v)
    }

    #[test]
    fn brackets_parens_and_braces_depend_on_context() {
        assert_eq!(
            kinds("$a[1] [2]"),
            vec![
                Tok::Variable(s("a")),
                Tok::LBrack,
                Tok::Number(s("1")),
                Tok::RBrack,
                Tok::ListStart,
                Tok::Number(s("2")),
                Tok::RBrack,
                Tok::Eof
            ]
        );
        assert_eq!(kinds("(1)")[0], Tok::WsLParen);
        assert_eq!(kinds("f(1)")[1], Tok::LParen);
        assert_eq!(kinds("$x ? {")[2], Tok::SelBrace);
    }

    #[test]
    fn slash_is_regex_only_where_a_value_may_start() {
        assert_eq!(
            kinds("$y = /x\\/y/ / 2"),
            vec![
                Tok::Variable(s("y")),
                Tok::Equals,
                Tok::Regex(s("x/y")),
                Tok::Div,
                Tok::Number(s("2")),
                Tok::Eof
            ]
        );
    }

    #[test]
    fn double_quoted_strings_interpolate() {
        assert_eq!(
            kinds("\"a${b}c$d e${f[1]}\""),
            vec![
                Tok::DqPre(s("a")),
                Tok::Variable(s("b")),
                Tok::DqMid(s("c")),
                Tok::Variable(s("d")),
                Tok::DqMid(s(" e")),
                Tok::Variable(s("f")),
                Tok::LBrack,
                Tok::Number(s("1")),
                Tok::RBrack,
                Tok::DqPost(s("")),
                Tok::Eof
            ]
        );
        assert_eq!(kinds(r#""a\tb\$c\qd""#)[0], Tok::Str(s("a\tb$c\\qd")));
    }

    #[test]
    fn words_names_and_numbers() {
        assert_eq!(
            kinds("foo-bar _x ::a::b 0x1F 1.5e3 Foo::Bar"),
            vec![
                Tok::Word(s("foo-bar")),
                Tok::Word(s("_x")),
                Tok::Name(s("::a::b")),
                Tok::Number(s("0x1F")),
                Tok::Number(s("1.5e3")),
                Tok::ClassRef(s("Foo::Bar")),
                Tok::Eof
            ]
        );
        assert!(tokenize("1abc").is_err());
        assert!(tokenize("08").is_err());
        assert!(tokenize("Foo::bar").is_err());
    }

    #[test]
    fn lexical_errors_end_the_tokens_in_place_of_the_bad_token() {
        let lexed = lex("$a = 1 'open");
        assert_eq!(
            lexed.tokens.iter().map(|t| &t.tok).collect::<Vec<_>>(),
            vec![
                &Tok::Variable(s("a")),
                &Tok::Equals,
                &Tok::Number(s("1")),
                &Tok::LexError
            ]
        );
        let e = lexed.error.expect("an error");
        assert_eq!(e.code, "UNCLOSED_QUOTE");
        assert_eq!(e.offset, 8);
        // A string with a bad interpolation is one token.
        let lexed = lex("$a = \"x${1abc}\"");
        assert_eq!(lexed.tokens.len(), 3);
        assert_eq!(lexed.tokens[2].tok, Tok::LexError);
    }

    #[test]
    fn unclosed_quote_names_the_last_scanned_text() {
        let msg = |src: &str| lex(src).error.map(|e| e.message).unwrap_or_default();
        assert_eq!(
            msg("$x = \"abc${x}def"),
            "Unclosed quote after 'x' followed by 'def...'"
        );
        assert_eq!(
            msg("$x = \"$ "),
            "Unclosed quote after '' followed by ' ...'"
        );
        assert_eq!(
            msg("$x = \"${x\""),
            "Unclosed quote after '\"' followed by '<eof>'"
        );
    }

    #[test]
    fn a_quote_right_after_a_string_start_can_be_text_as_in_puppet() {
        // Puppet's slurp pattern takes the first `"` of `"""` as text.
        assert_eq!(kinds(r#"$x = """"#)[2], Tok::Str(s("\"")));
        // `''''` is the string `'` and an unclosed quote at the last `'`.
        assert_eq!(lex("$x = ''''").error.map(|e| e.offset), Some(9));
    }

    #[test]
    fn regex_errors_are_lexical_errors_at_the_regex() {
        let e = lex("$x = $y =~ /a(/").error.expect("error");
        assert_eq!(e.code, "ILLEGAL_REGEXP");
        assert_eq!(e.message, "end pattern with unmatched parenthesis: /a(/");
        assert_eq!(e.offset, 11);
    }

    #[test]
    fn class_reference_errors_point_after_the_reference() {
        assert_eq!(lex("Foo::bar").error.map(|e| e.offset), Some(4));
        assert_eq!(lex("::Foo::bar").error.map(|e| e.offset), Some(8));
    }

    #[test]
    fn unrecognized_characters_show_as_empty_in_messages() {
        let toks = kinds("$x = 1 & 2");
        assert_eq!(toks[3], Tok::Other('&'));
        assert_eq!(toks[3].value_text(), "");
    }

    #[test]
    fn heredoc_removes_margin_and_continues_after_the_tag() {
        let src = "$x = @(END) + 1\n    hi\n      there\n    | END\n$y = 2\n";
        assert_eq!(
            kinds(src),
            vec![
                Tok::Variable(s("x")),
                Tok::Equals,
                Tok::Heredoc(s("")),
                Tok::Str(s("hi\n  there\n")),
                Tok::Plus,
                Tok::Number(s("1")),
                Tok::Variable(s("y")),
                Tok::Equals,
                Tok::Number(s("2")),
                Tok::Eof
            ]
        );
    }

    #[test]
    fn heredoc_interpolation_maps_positions_back() {
        let src = "@(\"END\")\n  a ${x}\n  |-END\n";
        let (toks, _) = tokenize(src).expect("lexes");
        let var = toks
            .iter()
            .find(|t| t.tok == Tok::Variable(s("x")))
            .expect("variable");
        assert_eq!(&src[var.span.start as usize..var.span.end as usize], "x");
    }

    #[test]
    fn heredoc_without_end_is_located_at_its_text() {
        let e = lex("$x = @(END)\n  text\n").error.expect("error");
        assert_eq!(e.code, "HEREDOC_WITHOUT_END_TAGGED_LINE");
        assert_eq!(e.offset, 12);
    }
}
