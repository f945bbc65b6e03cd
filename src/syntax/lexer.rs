//! The lexer: Puppet source text → tokens with byte spans.
//!
//! It follows Puppet 7's lexer (`Lexer2`) token for token, including the
//! context the grammar needs: `[` after whitespace is a list start, `(` first on a
//! line cannot start a call, `{` after `?` opens a selector, `/` is a regex only
//! where a value may begin, and double-quoted strings and heredocs are split
//! into text and interpolated expression tokens.

use super::span::Span;

/// A token's kind and payload.
#[derive(Debug, Clone, PartialEq)]
pub enum Tok {
    /// Single-quoted or plain double-quoted text (escapes already processed).
    Str(String),
    /// A bare word that is not a valid name (`foo-bar`, `_x`).
    Word(String),
    /// A lowercase (possibly qualified) name.
    Name(String),
    /// A capitalized (possibly qualified) name.
    ClassRef(String),
    /// `$name` without the `$`.
    Variable(String),
    /// A number as written.
    Number(String),
    /// A regex without its slashes, `\/` unescaped.
    Regex(String),
    /// Text before the first interpolation of a string.
    DqPre(String),
    /// Text between two interpolations.
    DqMid(String),
    /// Text after the last interpolation.
    DqPost(String),
    /// `@(TAG:syntax/escapes)`: the syntax; the text tokens follow.
    Heredoc(String),
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
    Eof,
}

impl Tok {
    /// The keyword token for a name, if it is one.
    pub fn keyword(name: &str) -> Option<Tok> {
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
            | Tok::Heredoc(s) => s.clone(),
            Tok::Regex(s) => format!("(?-mix:{s})"),
            Tok::Other(c) => c.to_string(),
            Tok::Eof => String::new(),
            other => other
                .keyword_text()
                .map(str::to_string)
                .unwrap_or_else(|| other.punct_text().to_string()),
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

    /// Whether a regex may follow this token (else `/` is division).
    fn regex_may_follow(prev: Option<&Tok>) -> bool {
        !matches!(
            prev,
            Some(
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
                    | Tok::Word(_)
            )
        )
    }
}

/// A token and where it is.
#[derive(Debug, Clone, PartialEq)]
pub struct Token {
    pub tok: Tok,
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

/// Tokens of a whole source, ending with `Eof`.
pub fn tokenize(source: &str) -> Result<(Vec<Token>, Vec<LexWarning>), LexError> {
    let mut lexer = Lexer::new(source);
    lexer.check_bom()?;
    lexer.run()?;
    let end = source.len();
    lexer.tokens.push(Token {
        tok: Tok::Eof,
        span: Span::new(end, end),
    });
    Ok((lexer.tokens, lexer.warnings))
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

/// How a string segment ended.
#[derive(Debug, PartialEq, Eq)]
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

struct Lexer<'a> {
    src: &'a str,
    bytes: &'a [u8],
    pos: usize,
    tokens: Vec<Token>,
    warnings: Vec<LexWarning>,
    brace_count: i64,
    line_start: usize,
    newline_jump: Option<usize>,
    /// The token regex acceptance is decided by (Puppet's `ctx[:after]`).
    after: Option<Tok>,
    /// Maps offsets of a heredoc sub-lexer back into the enclosing source.
    offset_map: Option<OffsetMap>,
}

/// Maps offsets in a heredoc's processed text to the enclosing source.
#[derive(Clone, Debug)]
struct OffsetMap {
    /// (text offset of a line start, source offset of that text position)
    lines: Vec<(usize, usize)>,
    end: usize,
}

impl OffsetMap {
    fn map(&self, offset: usize) -> usize {
        let idx = match self.lines.binary_search_by(|(t, _)| t.cmp(&offset)) {
            Ok(i) => i,
            Err(0) => return self.lines.first().map(|(_, s)| *s).unwrap_or(self.end),
            Err(i) => i - 1,
        };
        let (t, s) = self.lines[idx];
        s + (offset - t)
    }
}

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
            after: None,
            offset_map: None,
        }
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

    fn peek(&self, ahead: usize) -> u8 {
        self.bytes.get(self.pos + ahead).copied().unwrap_or(0)
    }

    fn push(&mut self, tok: Tok, start: usize, end: usize) {
        let span = Span::new(self.global(start), self.global(end));
        self.after = Some(tok.clone());
        self.tokens.push(Token { tok, span });
    }

    /// Emits a fixed-length token at the current position.
    fn emit(&mut self, tok: Tok, len: usize) {
        let start = self.pos;
        self.pos += len;
        self.push(tok, start, start + len);
    }

    fn skip_blanks(&mut self) {
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
    }

    fn run(&mut self) -> Result<(), LexError> {
        self.skip_blanks();
        while self.pos < self.bytes.len() {
            self.lex_token()?;
        }
        Ok(())
    }

    /// Lexes one token (or skips whitespace or a comment).
    fn lex_token(&mut self) -> Result<(), LexError> {
        let c = self.bytes[self.pos];
        match c {
            b'.' => self.emit(Tok::Dot, 1),
            b',' => self.emit(Tok::Comma, 1),
            b'[' => {
                let prev = if self.pos == 0 {
                    None
                } else {
                    self.src[..self.pos].chars().next_back()
                };
                let list = match prev {
                    None => true,
                    Some(ch) => ch == '\n' || is_blank_char(ch) || ch == '\r',
                };
                self.emit(if list { Tok::ListStart } else { Tok::LBrack }, 1)
            }
            b']' => self.emit(Tok::RBrack, 1),
            b'(' => {
                let ls = self.line_start.min(self.pos);
                let between = &self.src[ls..self.pos];
                let ws = between.chars().all(|c| is_blank_char(c) || c == '\r');
                self.emit(if ws { Tok::WsLParen } else { Tok::LParen }, 1)
            }
            b')' => self.emit(Tok::RParen, 1),
            b';' => self.emit(Tok::Semic, 1),
            b'?' => self.emit(Tok::QMark, 1),
            b'*' => self.emit(Tok::Times, 1),
            b'%' => self.emit(Tok::Modulo, 1),
            b'{' => {
                self.brace_count += 1;
                let sel = matches!(self.after, Some(Tok::QMark));
                self.emit(if sel { Tok::SelBrace } else { Tok::LBrace }, 1)
            }
            b'}' => {
                self.brace_count -= 1;
                self.emit(Tok::RBrace, 1)
            }
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
            b'=' => match self.peek(1) {
                b'=' => self.emit(Tok::IsEqual, 2),
                b'>' => self.emit(Tok::FArrow, 2),
                b'~' => self.emit(Tok::Match, 2),
                _ => self.emit(Tok::Equals, 1),
            },
            b'+' => match self.peek(1) {
                b'=' => self.emit(Tok::Appends, 2),
                b'>' => self.emit(Tok::PArrow, 2),
                _ => self.emit(Tok::Plus, 1),
            },
            b'-' => match self.peek(1) {
                b'>' => self.emit(Tok::InEdge, 2),
                b'=' => self.emit(Tok::Deletes, 2),
                _ => self.emit(Tok::Minus, 1),
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
            b'#' => {
                while self.pos < self.bytes.len() && self.bytes[self.pos] != b'\n' {
                    self.pos += 1;
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
            b':' => self.colon()?,
            b'$' => self.dollar(),
            b'"' => self.dq_string()?,
            b'\'' => self.sq_string()?,
            b'\n' => {
                match self.newline_jump.take() {
                    Some(jump) => self.pos = jump,
                    None => self.pos += 1,
                }
                self.line_start = self.pos;
            }
            b' ' | b'\t' | b'\r' => self.skip_blanks(),
            b'0'..=b'9' => self.number()?,
            b'a'..=b'z' | b'_' => self.name()?,
            b'A'..=b'Z' => self.classref()?,
            _ => {
                let ch = self.src[self.pos..].chars().next().unwrap_or('\0');
                if is_blank_char(ch) {
                    self.skip_blanks();
                } else {
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
                    return Ok(());
                }
                None => {
                    return Err(self.error(
                        "UNCLOSED_MLCOMMENT",
                        "Unclosed multiline comment",
                        start,
                    ));
                }
            }
        }
        if Tok::regex_may_follow(self.after.as_ref())
            && let Some(i) = self.src[start + 1..].find('/')
        {
            let mut end = start + 1 + i; // index of the closing slash
            loop {
                if !escaped_end(&self.src[start + 1..end]) {
                    break;
                }
                match self.src[end + 1..].find('/') {
                    Some(j) => end = end + 1 + j,
                    None => {
                        self.emit(Tok::Div, 1);
                        return Ok(());
                    }
                }
            }
            let body = self.src[start + 1..end].replace("\\/", "/");
            self.pos = end + 1;
            self.push(Tok::Regex(body), start, end + 1);
            return Ok(());
        }
        self.emit(Tok::Div, 1);
        Ok(())
    }

    fn colon(&mut self) -> Result<(), LexError> {
        let start = self.pos;
        if self.peek(1) != b':' {
            self.emit(Tok::Colon, 1);
            return Ok(());
        }
        let c2 = self.peek(2);
        if c2.is_ascii_uppercase() {
            let end = scan_classref(self.bytes, start);
            if end > start && !self.src[end..].starts_with("::") {
                let value = self.src[start..end].to_string();
                self.pos = end;
                self.push(Tok::ClassRef(value), start, end);
                Ok(())
            } else {
                Err(self.error(
                    "ILLEGAL_FULLY_QUALIFIED_CLASS_REFERENCE",
                    "Illegal fully qualified class reference",
                    start + 3,
                ))
            }
        } else {
            let end = scan_bare_word(self.bytes, start);
            if end > start {
                let value = self.src[start..end].to_string();
                self.pos = end;
                let tok = if is_name(&value) {
                    Tok::Name(value)
                } else {
                    Tok::Word(value)
                };
                self.push(tok, start, end);
                Ok(())
            } else {
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
                let name = self.src[start + 1..end].to_string();
                self.pos = end;
                self.push(Tok::Variable(name), start, end);
            }
            None => self.emit(Tok::Variable(String::new()), 1),
        }
    }

    fn name(&mut self) -> Result<(), LexError> {
        let start = self.pos;
        let end = scan_bare_word(self.bytes, start);
        let value = &self.src[start..end];
        let tok = if is_name(value) {
            Tok::keyword(value).unwrap_or_else(|| Tok::Name(value.to_string()))
        } else {
            Tok::Word(value.to_string())
        };
        self.pos = end;
        self.push(tok, start, end);
        Ok(())
    }

    fn classref(&mut self) -> Result<(), LexError> {
        let start = self.pos;
        let end = scan_classref(self.bytes, start);
        if self.src[end..].starts_with("::") {
            return Err(self.error(
                "ILLEGAL_CLASS_REFERENCE",
                "Illegal class reference",
                start + 1,
            ));
        }
        let value = self.src[start..end].to_string();
        self.pos = end;
        self.push(Tok::ClassRef(value), start, end);
        Ok(())
    }

    fn number(&mut self) -> Result<(), LexError> {
        let start = self.pos;
        if let Some(end) = match_number(self.bytes, start) {
            let value = &self.src[start..end];
            assert_numeric(value).map_err(|(code, msg)| self.error(code, msg, start))?;
            let value = value.to_string();
            self.pos = end;
            self.push(Tok::Number(value), start, end);
            return Ok(());
        }
        // Not a number: report the offending text as Puppet does.
        let mut before = start;
        let mut word_end = start;
        while word_end < self.bytes.len() && is_word_byte(self.bytes[word_end]) {
            word_end += 1;
        }
        let mut invalid = self.src[start..word_end].to_string();
        if start > 1 && self.bytes[start - 1] == b'.' {
            let mut p = start - 1;
            let mut moved = false;
            while p > 0 && self.bytes[p - 1].is_ascii_digit() {
                p -= 1;
                moved = true;
            }
            if moved {
                before = p;
                invalid = self.src[before..word_end].to_string();
            }
        }
        let (code, msg) = assert_numeric(&invalid)
            .err()
            .unwrap_or(("ILLEGAL_NUMBER", format!("Illegal number '{invalid}'")));
        Err(self.error(code, msg, before))
    }

    fn sq_string(&mut self) -> Result<(), LexError> {
        let start = self.pos;
        let mut out = String::new();
        let mut i = start + 1;
        let b = self.bytes;
        let mut seg = i;
        loop {
            if i >= b.len() {
                return Err(self.error(
                    "UNCLOSED_QUOTE",
                    format!(
                        "Unclosed quote after \"'\" followed by '{}'",
                        followed_by(&self.src[start + 1..])
                    ),
                    start + 1,
                ));
            }
            match b[i] {
                b'\\' if i + 1 < b.len() && (b[i + 1] == b'\\' || b[i + 1] == b'\'') => {
                    out.push_str(&self.src[seg..i]);
                    out.push(b[i + 1] as char);
                    i += 2;
                    seg = i;
                }
                b'\'' => {
                    out.push_str(&self.src[seg..i]);
                    self.pos = i + 1;
                    self.push(Tok::Str(out), start, i + 1);
                    return Ok(());
                }
                _ => i += 1,
            }
        }
    }

    /// Scans string text from `self.pos` up to a terminator, processing escapes.
    fn slurp(
        &mut self,
        escapes: Escapes,
        dq: bool,
        interpolate: bool,
    ) -> Option<(String, Terminator)> {
        let b = self.bytes;
        let mut out = String::new();
        let mut i = self.pos;
        let mut seg = i;
        while i < b.len() {
            let c = b[i];
            if c == b'\\' && escapes.any() && i + 1 < b.len() {
                let next = b[i + 1];
                // In heredocs that interpolate without `$` escapes, `\$` does not escape.
                if next == b'$' && interpolate && !escapes.dollar {
                    i += 1;
                    continue;
                }
                out.push_str(&self.src[seg..i]);
                let (consumed, text) = self.escape(i, escapes);
                out.push_str(&text);
                i += consumed;
                seg = i;
                continue;
            }
            if dq && c == b'"' {
                out.push_str(&self.src[seg..i]);
                self.pos = i + 1;
                return Some((out, Terminator::Quote));
            }
            if interpolate && c == b'$' {
                out.push_str(&self.src[seg..i]);
                if b.get(i + 1) == Some(&b'{') {
                    self.pos = i + 2;
                    return Some((out, Terminator::DollarBrace));
                }
                self.pos = i + 1;
                return Some((out, Terminator::Dollar));
            }
            i += 1;
        }
        if dq {
            return None;
        }
        out.push_str(&self.src[seg..i]);
        self.pos = i;
        Some((out, Terminator::End))
    }

    /// Processes the escape starting at the backslash at `i`: (bytes consumed, text).
    fn escape(&mut self, i: usize, e: Escapes) -> (usize, String) {
        let b = self.bytes;
        let next = b[i + 1];
        if next == b'u' && e.u {
            if let Some((len, ch)) = unicode_escape(&self.src[i + 2..]) {
                return (2 + len, ch.to_string());
            }
            self.warnings.push(LexWarning {
                code: "ILLEGAL_UNICODE_ESCAPE",
                message: "Unicode escape '\\u' was not followed by 4 hex digits or 1-6 hex digits in {} or was > 10ffff".into(),
                offset: self.global(i),
            });
            return (2, "\\u".into());
        }
        if next == b'\n' && e.newline {
            return (2, String::new());
        }
        if next == b'\r' && b.get(i + 2) == Some(&b'\n') && e.newline {
            return (3, String::new());
        }
        let text = match next {
            b'\\' if e.backslash => Some("\\"),
            b'$' if e.dollar => Some("$"),
            b'\'' if e.single_quote => Some("'"),
            b'"' if e.double_quote => Some("\""),
            b'r' if e.r => Some("\r"),
            b'n' if e.n => Some("\n"),
            b't' if e.t => Some("\t"),
            b's' if e.s => Some(" "),
            _ => None,
        };
        if let Some(t) = text {
            return (2, t.to_string());
        }
        // Unrecognized: keep the backslash and the character.
        let ch = self.src[i + 1..].chars().next().unwrap_or('\\');
        if e.warn && ch != '\n' && ch != '\r' {
            self.warnings.push(LexWarning {
                code: "UNRECOGNIZED_ESCAPE",
                message: format!("Unrecognized escape sequence '\\{ch}'"),
                offset: self.global(i),
            });
        }
        (1 + ch.len_utf8(), format!("\\{ch}"))
    }

    fn dq_string(&mut self) -> Result<(), LexError> {
        let start = self.pos;
        self.pos += 1;
        self.interpolate(start, Escapes::DQ, true, true)
    }

    /// Lexes string text with interpolation from `self.pos`; `start` is where the
    /// string's first token begins.
    fn interpolate(
        &mut self,
        start: usize,
        escapes: Escapes,
        dq: bool,
        interpolate: bool,
    ) -> Result<(), LexError> {
        let after_before = self.after.clone();
        let mut seg_start = start;
        let mut first = true;
        let mut text = String::new();
        loop {
            let before_slurp = self.pos;
            let (value, term) = match self.slurp(escapes, dq, interpolate) {
                Some(r) => r,
                None => {
                    return Err(self.error(
                        "UNCLOSED_QUOTE",
                        format!(
                            "Unclosed quote after '\"' followed by '{}'",
                            followed_by(&self.src[before_slurp..])
                        ),
                        before_slurp,
                    ));
                }
            };
            text.push_str(&value);
            match term {
                Terminator::Quote | Terminator::End => {
                    let end = self.pos;
                    let tok = if first {
                        Tok::Str(std::mem::take(&mut text))
                    } else {
                        Tok::DqPost(std::mem::take(&mut text))
                    };
                    self.push(tok, seg_start, end);
                    return Ok(());
                }
                Terminator::DollarBrace => {
                    let end = self.pos;
                    let tok = if first {
                        Tok::DqPre(std::mem::take(&mut text))
                    } else {
                        Tok::DqMid(std::mem::take(&mut text))
                    };
                    self.push(tok, seg_start, end);
                    self.after = if first {
                        after_before.clone()
                    } else {
                        Some(Tok::RBrace)
                    };
                    first = false;
                    let count = self.brace_count;
                    self.brace_count += 1;
                    self.lex_until_brace(count)?;
                    seg_start = self.pos.saturating_sub(1);
                }
                Terminator::Dollar => {
                    let dollar = self.pos - 1;
                    match scan_string_var(self.bytes, self.pos) {
                        Some(end) => {
                            let tok = if first {
                                Tok::DqPre(std::mem::take(&mut text))
                            } else {
                                Tok::DqMid(std::mem::take(&mut text))
                            };
                            self.push(tok, seg_start, dollar);
                            first = false;
                            let name = self.src[self.pos..end].to_string();
                            self.push(Tok::Variable(name), dollar, end);
                            self.pos = end;
                            seg_start = end;
                        }
                        None => text.push('$'),
                    }
                }
            }
        }
    }

    /// Lexes the tokens of an interpolated `${...}` up to its closing brace.
    fn lex_until_brace(&mut self, count: i64) -> Result<(), LexError> {
        let first_index = self.tokens.len();
        self.skip_blanks();
        while self.pos < self.bytes.len() {
            let before = self.tokens.len();
            self.lex_token()?;
            if self.tokens.len() > before {
                let last = &self.tokens[self.tokens.len() - 1];
                if last.tok == Tok::RBrace && self.brace_count == count {
                    self.tokens.pop();
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
                self.skip_blanks();
            }
        }
        Err(self.error(
            "UNCLOSED_QUOTE",
            "Unclosed quote after '\"' followed by ''".to_string(),
            self.pos,
        ))
    }

    fn heredoc(&mut self) -> Result<(), LexError> {
        let start = self.pos;
        let close = match self.src[start..].find(')') {
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
        let (mut tag, syntax, escape_spec) = parsed;
        tag = tag.trim().to_string();
        let mut interpolating = false;
        if tag.len() >= 2 && tag.starts_with('"') && tag.ends_with('"') {
            interpolating = true;
            tag = tag[1..tag.len() - 1].trim().to_string();
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
            let spec = if spec.is_empty() {
                "trnsuL$".to_string()
            } else {
                spec
            };
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
        let heredoc_token_index = self.tokens.len();
        self.push(Tok::Heredoc(syntax), start, after_paren);

        // The text starts on the line after this one (or after an earlier heredoc's text).
        let text_start = match self.newline_jump {
            Some(j) => j,
            None => match self.src[after_paren..].find('\n') {
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
        let mut found: Option<(String, bool, bool, usize)> = None; // (leading, margin, trim, next pos)
        while p < self.bytes.len() {
            let line_end = match self.src[p..].find('\n') {
                Some(i) => p + i + 1,
                None => self.bytes.len(),
            };
            let line = &self.src[p..line_end];
            if let Some(m) = match_end_tag(line, &tag) {
                found = Some((m.0, m.1, m.2, line_end));
                break;
            }
            lines.push((p, line_end));
            p = line_end;
        }
        let Some((leading, has_margin, trim, next)) = found else {
            let _ = heredoc_token_index;
            return Err(self.error(
                "HEREDOC_WITHOUT_END_TAGGED_LINE",
                "Heredoc without end-tagged line",
                after_paren,
            ));
        };
        // Build the text, removing the margin, with an offset map back into the source.
        let margin = leading.as_str();
        let mut text = String::new();
        let mut map = Vec::new();
        for (ls, le) in &lines {
            let line = &self.src[*ls..*le];
            let cut = if has_margin && !margin.is_empty() && line.starts_with(margin) {
                margin.len()
            } else {
                0
            };
            map.push((text.len(), ls + cut));
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

        let mut sub = Lexer::new(&text);
        sub.offset_map = Some(OffsetMap {
            lines: map.iter().map(|(t, s)| (*t, self.global(*s))).collect(),
            end: self.global(next),
        });
        sub.brace_count = 0;
        sub.after = self.after.clone();
        let result = sub.interpolate(0, escapes, false, interpolating);
        let sub_tokens = std::mem::take(&mut sub.tokens);
        let sub_warnings = std::mem::take(&mut sub.warnings);
        result?;
        self.warnings.extend(sub_warnings);
        if let Some(last) = sub_tokens.last() {
            self.after = Some(last.tok.clone());
        }
        self.tokens.extend(sub_tokens);
        self.pos = after_paren;
        Ok(())
    }
}

/// Whether the text before a closing slash ends with an escaped slash.
fn escaped_end(body: &str) -> bool {
    if !body.ends_with('\\') {
        return false;
    }
    let n = body.bytes().rev().take_while(|b| *b == b'\\').count();
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

/// `\uXXXX` or `\u{X...}` after the `\u`: (bytes consumed after `\u`, char).
fn unicode_escape(rest: &str) -> Option<(usize, char)> {
    let b = rest.as_bytes();
    if b.first() == Some(&b'{') {
        let close = rest.find('}')?;
        let hex = &rest[1..close];
        if hex.is_empty() || hex.len() > 6 || !hex.bytes().all(|c| c.is_ascii_hexdigit()) {
            return None;
        }
        let ch = char::from_u32(u32::from_str_radix(hex, 16).ok()?)?;
        return Some((close + 1, ch));
    }
    if b.len() >= 4 && b[..4].iter().all(|c| c.is_ascii_hexdigit()) {
        let ch = char::from_u32(u32::from_str_radix(&rest[..4], 16).ok()?)?;
        return Some((4, ch));
    }
    None
}

/// Turns a lone name, number or keyword in `${...}` into a variable.
fn to_variable(token: &mut Token) {
    let name = match &token.tok {
        Tok::Name(s) | Tok::Word(s) | Tok::Number(s) => s.clone(),
        other => match other.keyword_text() {
            Some(k) => k.to_string(),
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

/// `((::)?[a-z_]([\w-]*\w)?)+` from `start`.
fn scan_bare_word(b: &[u8], start: usize) -> usize {
    let mut i = start;
    let mut end = start;
    loop {
        let mut j = i;
        if b.get(j) == Some(&b':') && b.get(j + 1) == Some(&b':') {
            j += 2;
        }
        if !b
            .get(j)
            .is_some_and(|c| c.is_ascii_lowercase() || *c == b'_')
        {
            break;
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
        end = last_word;
        i = last_word;
    }
    end
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

/// A variable name in a string after `$`: the same rule as [`scan_dollar_var`].
fn scan_string_var(b: &[u8], start: usize) -> Option<usize> {
    scan_dollar_var(b, start)
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
    let mut candidates = Vec::with_capacity(4);
    if let Some(f) = frac_end {
        if let Some(e) = exp(f) {
            candidates.push(e);
        }
        candidates.push(f);
    }
    if let Some(e) = exp(int_end) {
        candidates.push(e);
    }
    candidates.push(int_end);
    candidates.into_iter().find(|e| boundary(*e))
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
fn parse_heredoc_spec(spec: &str) -> Option<(String, String, Option<String>)> {
    // Puppet: ([^:/\r\n\)]+)(?::[[:blank:]]*([a-z][a-zA-Z0-9_+]+)[[:blank:]]*)?(?:/((?:\w|[$])*)[[:blank:]]*)?
    let tag_end = spec.find([':', '/', '\r', '\n']).unwrap_or(spec.len());
    let tag = &spec[..tag_end];
    if tag.is_empty() {
        return None;
    }
    let mut rest = &spec[tag_end..];
    let mut syntax = String::new();
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
        syntax = r[..n].to_string();
        rest = r[n..].trim_start_matches(is_blank_char);
    }
    let mut escapes = None;
    if let Some(r) = rest.strip_prefix('/') {
        let n = r
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == '$')
            .count();
        escapes = Some(r[..n].to_string());
        rest = r[n..].trim_start_matches(is_blank_char);
    }
    if !rest.is_empty() {
        return None;
    }
    Some((tag.to_string(), syntax, escapes))
}

/// Whether a line holds the heredoc's end tag: (the blanks before it, `|`, `-`).
///
/// Puppet's end-tag pattern is not anchored at the line start: the tag must end
/// the line (but for blanks), preceded by optional `-`, `|` and blanks.
fn match_end_tag(line: &str, tag: &str) -> Option<(String, bool, bool)> {
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
        return Some((before_tag[k1..k2 - 1].to_string(), true, trim));
    }
    let leading_start = if trim { k2 } else { k3 };
    Some((
        before_tag[leading_start..lead_end_no_margin].to_string(),
        false,
        trim,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(src: &str) -> Vec<Tok> {
        tokenize(src)
            .map(|(t, _)| t.into_iter().map(|t| t.tok).collect())
            .unwrap_or_default()
    }

    #[test]
    fn brackets_parens_and_braces_depend_on_context() {
        assert_eq!(
            kinds("$a[1] [2]"),
            vec![
                Tok::Variable("a".into()),
                Tok::LBrack,
                Tok::Number("1".into()),
                Tok::RBrack,
                Tok::ListStart,
                Tok::Number("2".into()),
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
                Tok::Variable("y".into()),
                Tok::Equals,
                Tok::Regex("x/y".into()),
                Tok::Div,
                Tok::Number("2".into()),
                Tok::Eof
            ]
        );
    }

    #[test]
    fn double_quoted_strings_interpolate() {
        assert_eq!(
            kinds("\"a${b}c$d e${f[1]}\""),
            vec![
                Tok::DqPre("a".into()),
                Tok::Variable("b".into()),
                Tok::DqMid("c".into()),
                Tok::Variable("d".into()),
                Tok::DqMid(" e".into()),
                Tok::Variable("f".into()),
                Tok::LBrack,
                Tok::Number("1".into()),
                Tok::RBrack,
                Tok::DqPost("".into()),
                Tok::Eof
            ]
        );
        assert_eq!(kinds(r#""a\tb\$c\qd""#)[0], Tok::Str("a\tb$c\\qd".into()));
    }

    #[test]
    fn words_names_and_numbers() {
        assert_eq!(
            kinds("foo-bar _x ::a::b 0x1F 1.5e3 Foo::Bar"),
            vec![
                Tok::Word("foo-bar".into()),
                Tok::Word("_x".into()),
                Tok::Name("::a::b".into()),
                Tok::Number("0x1F".into()),
                Tok::Number("1.5e3".into()),
                Tok::ClassRef("Foo::Bar".into()),
                Tok::Eof
            ]
        );
        assert!(tokenize("1abc").is_err());
        assert!(tokenize("08").is_err());
        assert!(tokenize("Foo::bar").is_err());
    }

    #[test]
    fn heredoc_removes_margin_and_continues_after_the_tag() {
        let src = "$x = @(END) + 1\n    hi\n      there\n    | END\n$y = 2\n";
        assert_eq!(
            kinds(src),
            vec![
                Tok::Variable("x".into()),
                Tok::Equals,
                Tok::Heredoc("".into()),
                Tok::Str("hi\n  there\n".into()),
                Tok::Plus,
                Tok::Number("1".into()),
                Tok::Variable("y".into()),
                Tok::Equals,
                Tok::Number("2".into()),
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
            .find(|t| t.tok == Tok::Variable("x".into()))
            .expect("variable");
        assert_eq!(&src[var.span.start as usize..var.span.end as usize], "x");
    }
}
