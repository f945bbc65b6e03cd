//! Quoted strings: single-quoted strings, double-quoted strings with their
//! escapes, and the splitting of interpolating text (double-quoted strings and
//! heredoc text) into text and `$var` / `${expr}` tokens.

use super::*;

/// Escape handling of one kind of string.
#[derive(Clone, Copy)]
pub(super) struct Escapes {
    pub(super) backslash: bool,
    pub(super) dollar: bool,
    pub(super) single_quote: bool,
    pub(super) double_quote: bool,
    pub(super) r: bool,
    pub(super) n: bool,
    pub(super) t: bool,
    pub(super) s: bool,
    pub(super) u: bool,
    pub(super) newline: bool,
    /// Warn about unrecognized escapes (double-quoted strings only).
    pub(super) warn: bool,
}

impl Escapes {
    pub(super) const DQ: Escapes = Escapes {
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

    pub(super) const NONE: Escapes = Escapes {
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

    pub(super) fn any(&self) -> bool {
        self.backslash
    }
}

/// How string text is scanned: a double-quoted string, or heredoc text.
#[derive(Clone, Copy)]
pub(super) struct StringMode {
    pub(super) escapes: Escapes,
    /// Ends at an unescaped `"` (double-quoted strings), else at the end of the text.
    pub(super) dq: bool,
    /// `$` starts an interpolation.
    pub(super) interpolate: bool,
}

/// How a string segment ended.
#[derive(Debug, PartialEq, Eq, Clone, Copy)]
pub(super) enum Terminator {
    Quote,
    Dollar,
    DollarBrace,
    End,
}

impl<'a> Lexer<'a> {
    pub(super) fn sq_string(&mut self) -> Result<(), LexError> {
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
    pub(super) fn slurp(
        &mut self,
        mode: StringMode,
    ) -> Result<Option<(Cow<'a, str>, Terminator)>, LexError> {
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
    pub(super) fn unescape(
        &mut self,
        raw: &str,
        base: usize,
        e: Escapes,
    ) -> Result<String, LexError> {
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

    pub(super) fn dq_string(&mut self) -> Result<(), LexError> {
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

    pub(super) fn unclosed_quote(&self, matched: Option<(usize, usize)>, at: usize) -> LexError {
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
    pub(super) fn interpolate(&mut self, start: usize, mode: StringMode) -> Result<(), LexError> {
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
    pub(super) fn lex_until_brace(&mut self, count: i64) -> Result<(), LexError> {
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
}

/// Where Puppet's slurp pattern `(?:[^\\]|^)(?:[\\]{2})*<terminator>` starts
/// its match for a terminator at `term`, scanning from `from`.
pub(super) fn terminator_match_start(b: &[u8], from: usize, term: usize) -> usize {
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
pub(super) fn shifted_terminator(
    b: &[u8],
    p: usize,
    is_term: impl Fn(usize) -> bool,
) -> Option<usize> {
    let mut j = p + 1;
    while b.get(j) == Some(&b'\\') && b.get(j + 1) == Some(&b'\\') {
        j += 2;
    }
    is_term(j).then_some(j)
}

pub(super) fn followed_by(rest: &str) -> String {
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
pub(super) fn unicode_escape(rest: &str) -> Option<(usize, Option<char>)> {
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
pub(super) fn to_variable(token: &mut Token<'_>) {
    let name = match &mut token.tok {
        Tok::Name(s) | Tok::Word(s) | Tok::Number(s) => std::mem::take(s),
        other => match other.keyword_text() {
            Some(k) => Cow::Borrowed(k),
            None => return,
        },
    };
    token.tok = Tok::Variable(name);
}
