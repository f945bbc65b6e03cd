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

mod heredoc;
mod numbers;
mod onig;
mod strings;
#[cfg(test)]
mod tests;
mod token;

pub use token::Tok;

use super::span::Span;
use std::borrow::Cow;

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
#[cfg(test)]
pub(crate) fn tokenize(source: &str) -> Result<(Vec<Token<'_>>, Vec<LexWarning>), LexError> {
    let lexed = lex(source);
    match lexed.error {
        Some(e) => Err(e),
        None => Ok((lexed.tokens, lexed.warnings)),
    }
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
const MAX_STRING_DEPTH: u32 = crate::MAX_DEPTH / 4;

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
